"""Every rule id of the rules specification has its own test, and the engine cites only
rule ids that exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import rules_spec
from orbis_tui.engine import RULE_IDS, GodId
from rules_spec import specified_rule_ids

TESTS = Path(__file__).resolve().parent
ENGINE = TESTS.parent / "src" / "orbis_tui" / "engine"

RULINGS = ["R-PLACE-1", "R-EFF-FARM", "R-EFF-IRRIGATION", "R-GOD-1"]
FORGOTTEN = [
    "reduction_tokens_never_pay_any_color_symbols",
    "one_wilderness_allows_a_blue_tile_and_validates_its_irrigation",
    "worshipers_collected_from_a_tile_pay_for_that_tile",
    "generation_happens_even_when_the_tile_becomes_a_wilderness",
    "exchange_any_time_of_ones_own_turn_any_number_of_times",
    "at_most_ten_worshipers_at_the_end_of_every_turn",
]


def _test_names() -> set[str]:
    names = set()
    for path in TESTS.glob("test_rules_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        }
    return names


NAMES = _test_names()


def _prefix(rule: str) -> str:
    return "test_" + rule.replace("-", "_") + "_"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_id_has_a_test_named_after_it(rule: str) -> None:
    assert any(name.startswith(_prefix(rule)) for name in NAMES), rule


@pytest.mark.parametrize("rule", RULINGS)
def test_every_ruling_has_a_test(rule: str) -> None:
    assert any(name.startswith(_prefix(rule) + "ruling_") for name in NAMES), rule


@pytest.mark.parametrize("god", list(GodId))
def test_every_god_has_a_test(god: GodId) -> None:
    assert any(name.startswith(f"test_god_{god.value}_") for name in NAMES), god


@pytest.mark.parametrize("point", FORGOTTEN)
def test_every_forgotten_point_has_a_test(point: str) -> None:
    assert f"test_forgotten_{point}" in NAMES


def test_the_engine_cites_only_rule_ids_that_exist() -> None:
    cited = set()
    for path in ENGINE.glob("*.py"):
        cited |= set(re.findall(r"\bR-[A-Z]+-[A-Z0-9]+\b", path.read_text(encoding="utf-8")))
    assert cited, "the engine cites no rule at all"
    assert cited <= set(RULE_IDS), sorted(cited - set(RULE_IDS))


def test_the_engine_lists_exactly_the_rule_ids_of_the_specification() -> None:
    assert list(RULE_IDS) == specified_rule_ids()


def test_without_the_specification_its_checks_still_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh clone has no ../shared/RULES.md: the ids kept in the project stand in."""
    monkeypatch.delenv("ORBIS_RULES_MD", raising=False)
    monkeypatch.setattr(rules_spec, "TESTS", tmp_path / "project" / "tests")
    assert rules_spec.rules_file() is None
    assert specified_rule_ids() == rules_spec.shipped_rule_ids() == list(RULE_IDS)


def test_the_ids_kept_in_the_project_must_match_the_specification_when_it_is_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = tmp_path / "RULES.md"
    ids = rules_spec.shipped_rule_ids()
    spec.write_text("".join(f"- **{rule}** ...\n" for rule in ids), encoding="utf-8")
    monkeypatch.setenv("ORBIS_RULES_MD", str(spec))
    assert specified_rule_ids() == ids
    spec.write_text("".join(f"- **{rule}** ...\n" for rule in ids[:-1]), encoding="utf-8")
    with pytest.raises(AssertionError, match="update it"):
        specified_rule_ids()
