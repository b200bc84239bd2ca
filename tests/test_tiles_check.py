"""``orbis check-data``: the shipped files pass; broken files are reported precisely.

Broken files are built from the shipped tile list (parsed, edited as dicts, written
back as TOML into ``tmp_path``) or, for syntax errors, from its text. Tests are named
after the rule id of the constraint they break (see docs/tiles.md for the ``T-`` ids).
"""

from __future__ import annotations

import io
import json
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.tiles import default_gods_path, default_tiles_path
from orbis_tui.tiles import facts as datafacts
from orbis_tui.tiles.check import main, run_check_data
from orbis_tui.tiles.check_texts import CONSTRAINTS
from orbis_tui.tiles.facts import cost_size
from orbis_tui.tiles.models import FarmEffect, load_tile_file

SHIPPED_TILES = default_tiles_path()
SHIPPED_GODS = default_gods_path()
DOCS = Path(__file__).resolve().parents[1] / "docs" / "tiles.md"

Tiles = list[dict[str, Any]]


# --------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def dump(key: str, entries: Tiles) -> str:
    """A TOML array of tables, enough for the tile and god schemas."""
    blocks = []
    for entry in entries:
        lines = [f"[[{key}]]"] + [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def shipped(key: str = "tiles") -> Tiles:
    path = SHIPPED_TILES if key == "tiles" else SHIPPED_GODS
    with path.open("rb") as handle:
        return tomllib.load(handle)[key]


def tile(tiles: Tiles, tile_id: str) -> dict[str, Any]:
    matches = [t for t in tiles if t["id"] == tile_id]
    assert len(matches) == 1, tile_id
    return matches[0]


def check(
    tmp_path: Path,
    tiles: Tiles | None = None,
    gods: Tiles | None = None,
    *,
    tiles_text: str | None = None,
) -> tuple[int, str, Path]:
    """Run the check on edited files; return (status, report, tile file path)."""
    tiles_path = tmp_path / "tiles.toml"
    if tiles_text is None:
        tiles_text = dump("tiles", tiles if tiles is not None else shipped())
    tiles_path.write_text(tiles_text, encoding="utf-8")
    gods_path = tmp_path / "gods.toml"
    gods_path.write_text(dump("gods", gods if gods is not None else shipped("gods")))
    out = io.StringIO()
    status = run_check_data(tiles_path, gods_path, out)
    return status, out.getvalue(), tiles_path


def violation_lines(report: str) -> list[str]:
    return [line.strip() for line in report.splitlines() if re.search(r"\[[RT]-[A-Z0-9-]+\]", line)]


def assert_violation(
    report: str, file: Path, item: str, field: str, rule: str, *words: str
) -> None:
    """Some violation line names this file, item (tile id), field and rule, and says ``words``."""
    prefix = f"{file}: {item} {field}: [{rule}] "
    lines = [line for line in violation_lines(report) if line.startswith(prefix)]
    assert lines, f"no violation starting {prefix!r} in:\n" + "\n".join(violation_lines(report))
    assert any(all(w in line for w in words) for line in lines), lines


def edit(change: Callable[[Tiles], None]) -> Tiles:
    tiles = shipped()
    change(tiles)
    return tiles


# --------------------------------------------------------------------------------------
# the shipped files
# --------------------------------------------------------------------------------------


def test_shipped_files_pass() -> None:
    out = io.StringIO()
    status = run_check_data(None, None, out)
    report = out.getvalue()
    assert status == 0, report
    assert "check-data: OK, no violations" in report
    assert violation_lines(report) == []
    assert f"Tiles: {SHIPPED_TILES} (65)" in report
    assert "Base set alone (2 players): colors all present; effects all present" in report
    assert "Gods:" in report and "God of Death" in report


def test_shipped_summary_has_counts_and_ranges() -> None:
    out = io.StringIO()
    run_check_data(None, None, out)
    report = out.getvalue()
    assert re.search(r"level 1\s+11\s+5\s+4\s+20", report)
    assert re.search(r"level 2\s+11\s+5\s+4\s+20", report)
    assert re.search(r"level 3\s+15\s+4\s+6\s+25", report)
    assert re.search(r"all\s+37\s+14\s+14\s+65", report)
    assert "Level 1: tiles 20, cost 0-1 symbols" in report
    assert "Level 2: tiles 20, cost 2-3 symbols" in report
    assert "Level 3: tiles 25, cost 3-5 symbols" in report
    assert re.search(r"orange\s+village 3\s+2\s+0\s+0\s+2", report)


def test_shipped_tiles_say_they_are_a_reconstruction() -> None:
    header = SHIPPED_TILES.read_text(encoding="utf-8").split("\n[[tiles]]\n")[0]
    assert "RECONSTRUCTION, NOT THE PUBLISHED TILE LIST" in header
    assert "orbis check-data" in header


def test_shipped_tiles_follow_the_reconstruction_guidance() -> None:
    """The soft guidance of TILES.md, which check-data does not enforce."""
    tiles = load_tile_file(SHIPPED_TILES).tiles
    per_color_level = Counter((t.color, t.level) for t in tiles)
    for color in ("red", "blue", "orange", "green", "white"):
        assert [per_color_level[color, level] for level in (1, 2, 3)] == [4, 4, 5]
    cost_range = {1: (0, 1), 2: (2, 3), 3: (3, 5)}
    cp_range = {1: (0, 1), 2: (1, 4), 3: (3, 7)}
    for t in tiles:
        low, high = cost_range[t.level]
        assert low <= cost_size(t) <= high, t.id
        low, high = cp_range[t.level]
        if t.effect.kind == "stone":
            assert t.cp == 0, t.id
        else:
            assert low <= t.cp <= high, t.id
        effect = t.effect
        if effect.kind == "gain" and t.level == 1:
            assert effect.color in (t.color, "any"), t.id
        if effect.kind == "forest":
            assert 1 <= len(effect.colors) <= 2 and 2 <= effect.count <= 4, t.id
        if effect.kind == "volcano":
            assert 1 <= sum(effect.remove.colored()) <= 3, t.id
        if effect.kind == "village" and t.level == 2:
            assert effect.count < 3, t.id
    farms = [t for t in tiles if t.effect.kind == "farm"]
    colors = [t.effect.color for t in farms if isinstance(t.effect, FarmEffect)]
    assert len(colors) == len(farms)
    assert sorted(colors) == ["blue", "green", "orange", "red", "white"]
    assert all(t.color == "orange" and t.level >= 2 for t in farms)
    names = [t.name for t in tiles]
    assert all(names) and len(set(names)) == len(names)
    assert sum(t.cost.any for t in tiles) > 0
    own = {"red": 0, "blue": 1, "orange": 2, "green": 3, "white": 4}
    mixed = [
        t for t in tiles if any(n for i, n in enumerate(t.cost.colored()) if i != own[t.color])
    ]
    assert len(mixed) >= 30


# --------------------------------------------------------------------------------------
# counts (R-COMP-1, R-COMP-2)
# --------------------------------------------------------------------------------------


def test_r_comp_1_wrong_count(tmp_path: Path) -> None:
    tiles = edit(lambda ts: ts.remove(tile(ts, "L1-R-01")))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(
        report, path, "(whole set)", "(count)", "R-COMP-1", "tiles in the set: 64", "65"
    )
    assert_violation(report, path, "(whole set)", "level", "R-COMP-1", "tiles of level 1: 19")
    assert_violation(
        report, path, "(whole set)", "set", "R-COMP-2", "level-1 tiles of the base set: 10"
    )
    assert "check-data: 3 violations" in report


def test_r_comp_2_set_sizes(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L3-W-05").update(set="base"))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(
        report, path, "(whole set)", "set", "R-COMP-2", "level-3 tiles of the base set: 16"
    )
    assert_violation(
        report, path, "(whole set)", "set", "R-COMP-2", "level-3 tiles of the purple-star set: 5"
    )
    assert len(violation_lines(report)) == 2


# --------------------------------------------------------------------------------------
# ids (T-ID)
# --------------------------------------------------------------------------------------


def test_t_id_duplicate_id(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L1-R-02").update(id="L1-R-01"))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L1-R-01", "id", "T-ID", "used by 2 entries", "1, 2")


def test_t_id_must_match_level_and_color(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-R-04").update(id="L3-B-99"))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L3-B-99", "level", "T-ID", "level 3", "level 2")
    assert_violation(report, path, "L3-B-99", "color", "T-ID", "says blue", "is red")


# --------------------------------------------------------------------------------------
# mystic values (R-COMP-1)
# --------------------------------------------------------------------------------------


def test_r_comp_1_mystic_on_non_white(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-R-01").update(mystic=20))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L2-R-01", "mystic", "R-COMP-1", "only white", "red", "20")


def test_r_comp_1_missing_mystic_on_white(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-W-01").pop("mystic"))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L2-W-01", "mystic", "R-COMP-1", "needs a mystic value")


def test_r_comp_1_duplicate_mystic(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L3-W-02").update(mystic=tile(ts, "L2-W-01")["mystic"]))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L3-W-02", "mystic", "R-COMP-1", "already on L2-W-01", "unique")
    assert len(violation_lines(report)) == 1


# --------------------------------------------------------------------------------------
# effects
# --------------------------------------------------------------------------------------


def test_r_eff_farm_color_repeated(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L3-O-02").update(effect={"kind": "farm", "color": "red"}))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(
        report, path, "L3-O-02", "effect.color", "R-EFF-FARM", "second red farm", "L2-O-01"
    )


def test_t_level_1_volcano(tmp_path: Path) -> None:
    volcano = {"kind": "volcano", "remove": {"blue": 1}}
    tiles = edit(lambda ts: tile(ts, "L1-R-02").update(effect=volcano))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L1-R-02", "effect.kind", "T-LEVEL-1", "volcano", "level 2")
    assert len(violation_lines(report)) == 1


def test_r_eff_irrigation_on_red(tmp_path: Path) -> None:
    irrigation = {"kind": "irrigation", "color": "blue"}
    tiles = edit(lambda ts: tile(ts, "L2-R-01").update(effect=irrigation))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(
        report, path, "L2-R-01", "effect.kind", "R-EFF-IRRIGATION", "blue tile", "red one"
    )


@pytest.mark.parametrize(
    ("effect", "rule"),
    [
        ({"kind": "farm", "color": "red"}, "R-EFF-FARM"),
        ({"kind": "village", "count": 2}, "R-EFF-VILLAGE"),
        ({"kind": "forest", "colors": ["green"], "count": 2}, "R-EFF-FOREST"),
        ({"kind": "volcano", "remove": {"green": 1}}, "R-EFF-VOLCANO"),
        ({"kind": "temple"}, "R-EFF-TEMPLE"),
    ],
)
def test_r_eff_color_abilities_on_the_wrong_color(
    tmp_path: Path, effect: dict[str, Any], rule: str
) -> None:
    # L2-B-03 is a blue level-2 tile; only irrigation belongs on blue.
    tiles = edit(lambda ts: tile(ts, "L2-B-03").update(effect=effect))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L2-B-03", "effect.kind", rule, "not a blue one")


@pytest.mark.parametrize("kind", ["gain", "stone", "none"])
def test_r_eff_neutral_effects_go_on_any_color(tmp_path: Path, kind: str) -> None:
    effect: dict[str, Any] = {"kind": kind}
    if kind == "gain":
        effect |= {"color": "any", "count": 1}
    tiles = edit(lambda ts: tile(ts, "L2-B-03").update(effect=effect))
    status, report, _ = check(tmp_path, tiles)
    assert status == 0, report


def test_r_eff_village_level_3_asks_3(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L3-O-01").update(effect={"kind": "village", "count": 2}))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(
        report, path, "L3-O-01", "effect.count", "R-EFF-VILLAGE", "asks for: 3", "not 2"
    )


def test_r_eff_village_level_2_may_ask_fewer(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-O-02").update(effect={"kind": "village", "count": 1}))
    status, report, _ = check(tmp_path, tiles)
    assert status == 0, report


# --------------------------------------------------------------------------------------
# costs and CP rise with level (T-RISE)
# --------------------------------------------------------------------------------------


def test_t_rise_highest_cost(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L1-R-01").update(cost={"red": 5}))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L1-R-01", "cost", "T-RISE", "level 2 (3)", "level 1's (5")
    assert len(violation_lines(report)) == 1


def test_t_rise_mean_cost(tmp_path: Path) -> None:
    def cheapen(ts: Tiles) -> None:
        for t in ts:
            if t["level"] == 3 and t["id"] != "L3-R-05":
                t["cost"] = {"any": 2}

    status, report, path = check(tmp_path, edit(cheapen))
    assert status == 1
    assert_violation(report, path, "(whole set)", "cost", "T-RISE", "mean cost of level 3")
    assert len(violation_lines(report)) == 1


def test_t_rise_highest_cp(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-W-04").update(cp=7))
    status, report, path = check(tmp_path, tiles)
    assert status == 1
    assert_violation(report, path, "L2-W-04", "cp", "T-RISE", "highest CP of level 3 (7)")


# --------------------------------------------------------------------------------------
# gods (R-COMP-3)
# --------------------------------------------------------------------------------------


def test_r_comp_3_god_cp(tmp_path: Path) -> None:
    gods = shipped("gods")
    tile(gods, "love")["cp"] = 3
    status, report, _ = check(tmp_path, gods=gods)
    assert status == 1
    assert_violation(
        report, tmp_path / "gods.toml", "love", "cp", "R-COMP-3", "Goddess of Love", "1 CP"
    )


def test_r_comp_3_missing_god_is_unreadable(tmp_path: Path) -> None:
    gods = [g for g in shipped("gods") if g["id"] != "death"]
    status, report, _ = check(tmp_path, gods=gods)
    assert status == 2
    assert "cannot use" in report and "death" in report


# --------------------------------------------------------------------------------------
# files that cannot be used at all (exit status 2)
# --------------------------------------------------------------------------------------


def test_malformed_toml(tmp_path: Path) -> None:
    text = SHIPPED_TILES.read_text(encoding="utf-8").replace("\n[[tiles]]\n", "\n[[tiles]\n", 1)
    status, report, path = check(tmp_path, tiles_text=text)
    assert status == 2
    assert f"check-data: cannot use {path}:" in report
    assert "not valid TOML" in report


def test_missing_file(tmp_path: Path) -> None:
    out = io.StringIO()
    status = run_check_data(tmp_path / "nowhere.toml", None, out)
    assert status == 2
    assert "nowhere.toml: file not found" in out.getvalue()


def test_unknown_color(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L1-G-03").update(color="purple"))
    status, report, path = check(tmp_path, tiles)
    assert status == 2
    assert f"{path}: L1-G-03 color:" in report


def test_unknown_effect_field(tmp_path: Path) -> None:
    effect = {"kind": "gain", "color": "red", "count": 1, "bonus": 2}
    tiles = edit(lambda ts: tile(ts, "L1-R-01").update(effect=effect))
    status, report, path = check(tmp_path, tiles)
    assert status == 2
    assert re.search(rf"{re.escape(str(path))}: L1-R-01 effect\.\S*bonus: ", report), report


def test_r_eff_gain_of_any_color_gives_one(tmp_path: Path) -> None:
    effect = {"kind": "gain", "color": "any", "count": 2}
    tiles = edit(lambda ts: tile(ts, "L1-R-01").update(effect=effect))
    status, report, path = check(tmp_path, tiles)
    assert status == 2
    assert f"{path}: L1-R-01 effect" in report
    assert "R-EFF-GAIN" in report


def test_unknown_effect_kind(tmp_path: Path) -> None:
    tiles = edit(lambda ts: tile(ts, "L2-G-01").update(effect={"kind": "swamp"}))
    status, report, path = check(tmp_path, tiles)
    assert status == 2
    assert f"{path}: L2-G-01 effect" in report


# --------------------------------------------------------------------------------------
# the report as a whole
# --------------------------------------------------------------------------------------


def test_every_violation_reported_at_once(tmp_path: Path) -> None:
    def break_many(ts: Tiles) -> None:
        tile(ts, "L2-R-01").update(mystic=20)
        tile(ts, "L1-R-02").update(effect={"kind": "temple"})
        tile(ts, "L3-O-01").update(effect={"kind": "village", "count": 4})

    status, report, path = check(tmp_path, edit(break_many))
    assert status == 1
    lines = violation_lines(report)
    assert all(line.startswith(f"{path}: ") for line in lines)
    rules = sorted(line.split("[")[1].split("]")[0] for line in lines)
    assert rules == ["R-COMP-1", "R-EFF-TEMPLE", "R-EFF-VILLAGE", "T-LEVEL-1"]
    # the summary comes first, the violations after it
    assert report.index("Level 3:") < report.index("Violations (4):")


def test_summary_flags_a_base_set_missing_an_effect(tmp_path: Path) -> None:
    def move_base_forests(ts: Tiles) -> None:
        for t in ts:
            if t["effect"]["kind"] == "forest" and t["set"] == "base":
                t["effect"] = {"kind": "none"}

    status, report, _ = check(tmp_path, edit(move_base_forests))
    assert status == 0  # guidance, not a published fact
    assert "effects missing forest" in report


def test_main_reads_the_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, path = check(tmp_path)
    assert main(["--tiles", str(path), "--gods", str(tmp_path / "gods.toml")]) == 0
    assert f"Tiles: {path} (65)" in capsys.readouterr().out


def test_constraint_texts_and_rule_ids_are_documented() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for key, constraint in CONSTRAINTS.items():
        assert re.fullmatch(r"[RT]-[A-Z0-9-]+", constraint.rule), key
        assert constraint.rule in docs, constraint.rule
    assert set(datafacts.ABILITY_COLOR) == {
        "farm",
        "village",
        "forest",
        "volcano",
        "irrigation",
        "temple",
    }
