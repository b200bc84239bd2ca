"""Game records: saving and loading, refusing bad records precisely, atomic writes, undo."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from orbis_tui.engine import DecisionKind, Exchange, TakeTile, format_action, parse_action
from orbis_tui.records import (
    GameRecord,
    Match,
    RecordError,
    load_record,
    model,
    read_record_file,
    replay,
    write_record_file,
)
from orbis_tui.records.model import setup_for_game, start_state
from orbis_tui.records.storage import text_digest


def played_match(players: int = 3, seed: int = 4, decisions: int | None = None) -> Match:
    """A match played by random choices, to the end or for ``decisions`` actions."""
    match = Match.start(setup_for_game(["Ann", "Ben", "Cy", "Di"][:players], seed, 1))
    rng = random.Random(seed)
    while not match.state.is_over and (decisions is None or len(match.actions) < decisions):
        match.play(rng.choice(match.state.legal_actions()))
    return match


def record_text(match: Match) -> dict:
    return json.loads(match.record.to_json())


# ---------------------------------------------------------------- round trip


@pytest.mark.parametrize("decisions", [None, 0, 37])
def test_save_and_load_round_trip(tmp_path: Path, decisions: int | None) -> None:
    match = played_match(decisions=decisions)
    path = tmp_path / "saves" / "game.json"
    write_record_file(path, match.record)
    record, state = read_record_file(path)
    assert record == match.record
    assert state.signature() == match.state.signature()
    assert state.is_over == (decisions is None)
    if decisions is None:
        assert record.result is not None
        assert [r["total"] for r in record.result] == [s.total for s in match.scores()]
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary file


def test_a_record_is_readable_json_with_one_notation_entry_per_decision(tmp_path: Path) -> None:
    match = played_match(decisions=20)
    path = tmp_path / "game.json"
    write_record_file(path, match.record)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "orbis-record/1"
    assert data["setup"]["players"] == ["Ann", "Ben", "Cy"]
    assert len(data["actions"]) == 20
    assert all(format_action(parse_action(a)) == a for a in data["actions"])


# ---------------------------------------------------------------- refused records


def refused(tmp_path: Path, data: dict | str) -> RecordError:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record_file(path)
    assert caught.value.source == str(path)
    assert str(path) in str(caught.value)
    return caught.value


def test_corrupt_json_is_refused(tmp_path: Path) -> None:
    good = json.dumps(record_text(played_match(decisions=10)))
    error = refused(tmp_path, good[: len(good) // 2])
    assert error.entry is None
    assert "json" in error.reason.lower()


def test_a_file_that_is_not_text_or_not_there_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not a text file"):
        read_record_file(path)
    with pytest.raises(RecordError, match="cannot read"):
        read_record_file(tmp_path / "missing.json")


def test_an_unknown_tile_in_the_deal_is_refused(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=5))
    data["setup"]["deal"]["market"][3] = "L9-X-99"
    error = refused(tmp_path, data)
    assert error.rule == "R-COMP-1"
    assert "L9-X-99" in error.reason


def test_a_tile_dealt_twice_is_refused(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=5))
    deal = data["setup"]["deal"]
    deal["piles"][0][0] = deal["market"][0]
    error = refused(tmp_path, data)
    assert error.rule == "R-COMP-1"
    assert "twice" in error.reason


def test_too_few_gods_or_a_missing_seat_are_refused(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=0))
    data["setup"]["deal"]["gods"] = data["setup"]["deal"]["gods"][:2]
    assert refused(tmp_path, data).rule == "R-TURN-1"
    data = record_text(played_match(decisions=0))
    data["setup"]["first_player"] = 3
    assert refused(tmp_path, data).rule == "R-SETUP-3"


def test_a_deal_that_breaks_the_setup_table_is_refused(tmp_path: Path) -> None:
    # A level-2 tile in the market (R-SETUP-1).
    data = record_text(played_match(decisions=0))
    deal = data["setup"]["deal"]
    deal["market"][0], deal["piles"][1][0] = deal["piles"][1][0], deal["market"][0]
    assert refused(tmp_path, data).rule == "R-SETUP-1"
    # A level-3 tile in the level-1 pile (R-SETUP-1).
    data = record_text(played_match(decisions=0))
    deal = data["setup"]["deal"]
    deal["piles"][0][0], deal["piles"][2][0] = deal["piles"][2][0], deal["piles"][0][0]
    assert refused(tmp_path, data).rule == "R-SETUP-1"
    # Piles that would run dry before the last take (R-SETUP-4).
    data = record_text(played_match(decisions=0))
    data["setup"]["deal"]["piles"][2].pop()
    assert refused(tmp_path, data).rule == "R-SETUP-4"
    # A tile of a set this player count leaves out (the table of section 2).
    data = record_text(played_match(players=2, decisions=0))
    data["setup"]["deal"]["piles"][2][0] = "L3-R-04"  # a white-star tile
    assert refused(tmp_path, data).rule == "R-SETUP-4"
    # Too many gods (R-SETUP-2) or the wrong temple tokens (R-COMP-3).
    data = record_text(played_match(decisions=0))
    data["setup"]["deal"]["gods"] = ["love", "death", "fire", "oceans", "nature"]
    assert refused(tmp_path, data).rule == "R-SETUP-2"
    data = record_text(played_match(decisions=0))
    data["setup"]["deal"]["temple_tokens"] = [11, 11, 11]
    assert refused(tmp_path, data).rule == "R-COMP-3"


def test_an_unknown_format_or_field_is_refused(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=0))
    data["format"] = "orbis-record/99"
    assert "format" in refused(tmp_path, data).reason
    data = record_text(played_match(decisions=0))
    data["cheat"] = True
    assert "cheat" in refused(tmp_path, data).reason


@pytest.mark.parametrize("entry", [1, 12, 30])
def test_an_illegal_action_is_refused_with_its_entry_and_rule(tmp_path: Path, entry: int) -> None:
    match = played_match(decisions=40)
    data = record_text(match)
    before = replay(match.record, upto=entry - 1)
    wrong = "place 4,7 wild" if before.kind is DecisionKind.PLACE else "place 1,0"
    reason = before.why_not(parse_action(wrong))
    assert reason is not None
    data["actions"][entry - 1] = wrong
    error = refused(tmp_path, data)
    assert error.entry == entry
    assert error.rule == reason.rule
    assert f"entry {entry}" in str(error)
    assert wrong in error.reason


def test_a_legal_action_in_the_wrong_place_is_refused(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=30))
    data["actions"].insert(5, data["actions"][4])  # the same decision answered twice
    error = refused(tmp_path, data)
    assert error.entry is not None and error.entry >= 6
    assert error.rule is not None and error.rule.startswith("R-")


def test_bad_notation_is_refused_with_its_entry(tmp_path: Path) -> None:
    data = record_text(played_match(decisions=20))
    data["actions"][6] = "take the money and run"
    error = refused(tmp_path, data)
    assert error.entry == 7
    assert error.rule is None
    assert "take the money and run" in error.reason


def test_load_record_from_text_names_its_source() -> None:
    with pytest.raises(RecordError) as caught:
        load_record("[]", source="clipboard")
    assert str(caught.value).startswith("clipboard")


def test_a_record_goes_to_plain_values_and_back_checked() -> None:
    match = played_match(decisions=5)
    plain = match.record.to_plain()
    assert json.dumps(plain, indent=2, ensure_ascii=False) + "\n" == match.record.to_json()
    assert GameRecord.from_plain(plain) == match.record
    plain["setup"]["seed"] = "7"  # strict: a seed is a number, not its digits
    with pytest.raises(RecordError) as caught:
        GameRecord.from_plain(plain, "table")
    assert str(caught.value).startswith("table")
    assert "setup.seed" in str(caught.value)


# ---------------------------------------------------------------- atomic writes


def test_a_failed_rename_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    old = played_match(decisions=3).record
    write_record_file(path, old)
    old_text = path.read_text(encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    monkeypatch.setattr(Path, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_record_file(path, played_match(decisions=30).record)
    assert path.read_text(encoding="utf-8") == old_text
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_record_file(path, played_match(decisions=3).record)
    old_text = path.read_text(encoding="utf-8")

    def broken(fd: int) -> None:
        raise OSError("device went away")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError, match="device went away"):
        write_record_file(path, played_match(decisions=30).record)
    assert path.read_text(encoding="utf-8") == old_text
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    _, state = read_record_file(path)
    old_match = played_match(decisions=3)
    assert len(old_match.actions) == 3 and not state.is_over
    assert state.signature() == old_match.state.signature()  # the old game, whole


# ---------------------------------------------------------------- undo


def test_undo_stops_at_the_start_of_the_turn() -> None:
    match = Match.start(setup_for_game(["Ann", "Ben"], seed=2, first_player=0))
    rng = random.Random(2)
    # Play whole decisions (no exchanges) until a turn starts with an exchange open.
    while not (
        match.state.kind is DecisionKind.TURN
        and any(isinstance(a, Exchange) for a in match.state.legal_actions())
    ):
        match.play(rng.choice(match.state.decision_actions()))
    assert not match.can_undo()
    with pytest.raises(ValueError):
        match.undo()
    turn_start = len(match.actions)
    start = match.state.signature()
    exchange = next(a for a in match.state.legal_actions() if isinstance(a, Exchange))
    match.play(exchange)
    cell = next(c for c in range(9) if match.state.market[c] is not None)
    match.play(TakeTile(cell))
    middle = [match.state.signature()]
    assert match.state.kind is not DecisionKind.TURN
    assert match.can_undo()
    assert match.undo() == f"take {cell + 1}"
    assert match.undo() == format_action(exchange)
    assert len(match.actions) == turn_start
    assert match.state.signature() == start
    assert not match.can_undo()
    with pytest.raises(ValueError):
        match.undo()
    # Redo the same and finish the turn: then nothing of it can be undone.
    match.play(exchange)
    match.play(TakeTile(cell))
    assert match.state.signature() == middle[0]
    while match.state.kind is not DecisionKind.TURN:
        match.play(match.state.decision_actions()[0])
    assert not match.can_undo()


def test_undo_takes_back_one_decision_at_a_time() -> None:
    checked = 0
    for seed in range(30):
        match = played_match(players=2, seed=seed, decisions=11)
        while match.can_undo():
            match.undo()
        snapshots = [match.state.signature()]
        turn = match.state.turn
        # Play on within the turn, stopping before the decision that would end it.
        while True:
            action = match.state.decision_actions()[0]
            trial = match.state.copy()
            trial.apply(action)
            if trial.turn != turn:
                break
            match.play(action)
            snapshots.append(match.state.signature())
        while match.can_undo():
            snapshots.pop()
            match.undo()
            assert match.state.signature() == snapshots[-1]
            checked += 1
    assert checked >= 10


def test_a_loaded_record_knows_where_its_turn_started() -> None:
    match = played_match(players=2, seed=3, decisions=0)
    match.play(TakeTile(0))
    assert match.state.kind is not DecisionKind.TURN
    loaded = Match(load_record(match.record.to_json())[0])
    assert loaded.turn_start == match.turn_start == 0
    assert loaded.can_undo()
    assert loaded.undo() == "take 1"
    assert loaded.state.signature() == start_state(loaded.record.setup).signature()


def test_a_match_resumed_from_a_file_undoes_only_its_last_turn(tmp_path: Path) -> None:
    match = played_match(players=2, seed=4, decisions=0)
    while match.state.turn < 3:  # three whole turns
        match.play(match.state.decision_actions()[0])
    finished = len(match.actions)
    match.play(next(a for a in match.state.decision_actions() if isinstance(a, TakeTile)))
    path = tmp_path / "game.json"
    write_record_file(path, match.record)
    record, state = read_record_file(path)
    resumed = Match(record, state)
    assert resumed.turn_start == finished
    resumed.undo()
    assert len(resumed.actions) == finished
    assert not resumed.can_undo()


# ---------------------------------------------------------------- reading back own files


@pytest.mark.parametrize(("players", "decisions"), [(2, None), (3, 0), (4, 45)])
def test_a_record_read_back_unchecked_equals_the_checked_one(
    players: int, decisions: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = played_match(players=players, seed=players, decisions=decisions)
    match.record.setup.seats = ["human", "hard", "easy", "medium"][:players]
    text = match.record.to_json()
    checked = model._checked_record(text, "test")
    assert GameRecord.from_own_json(text) == checked == match.record
    # Loading it as the program's own text takes the unchecked way, and replays it.
    monkeypatch.setattr(model, "_checked_record", _must_not_check)
    record, state = load_record(text, own=True)
    assert record == checked
    assert state.signature() == match.state.signature()


def _must_not_check(text: str, source: str) -> GameRecord:
    raise AssertionError("the text was checked in full")


def test_an_embedded_tile_set_reads_back_the_same_both_ways() -> None:
    match = played_match(decisions=2)
    match.record.setup.tiles = [{"id": "L1-R-01", "level": 1, "set": "base", "color": "red"}]
    text = match.record.to_json()
    assert GameRecord.from_own_json(text) == model._checked_record(text, "test") == match.record


def test_text_not_written_by_this_version_is_checked_even_if_called_own() -> None:
    data = record_text(played_match(decisions=3))
    data["format"] = "orbis-record/99"
    with pytest.raises(RecordError, match="format"):
        load_record(json.dumps(data, indent=2) + "\n", own=True)
    data = record_text(played_match(decisions=3))
    del data["setup"]
    with pytest.raises(RecordError, match="setup"):
        load_record(json.dumps(data, indent=2) + "\n", own=True)
    # A field this version does not know (a newer version's, say) is not dropped.
    data = record_text(played_match(decisions=3))
    data["setup"]["variant"] = "advanced"
    with pytest.raises(RecordError, match=r"setup\.variant: not a field of a game record"):
        load_record(json.dumps(data, indent=2, ensure_ascii=False) + "\n", own=True)


@pytest.mark.parametrize(
    ("where", "value"),
    [(("setup",), "variant"), (("setup", "deal"), "bonus"), ((), "cheat")],
)
def test_a_field_that_is_not_part_of_the_format_is_named(
    tmp_path: Path, where: tuple[str, ...], value: str
) -> None:
    data = record_text(played_match(decisions=0))
    part = data
    for key in where:
        part = part[key]
    part[value] = 1
    reason = refused(tmp_path, data).reason
    assert reason == ".".join((*where, value)) + ": not a field of a game record"


def test_a_market_of_the_wrong_size_or_a_first_player_out_of_range_is_refused(
    tmp_path: Path,
) -> None:
    data = record_text(played_match(decisions=0))
    deal = data["setup"]["deal"]
    deal["piles"][0].insert(0, deal["market"].pop())  # eight in the market, one more piled
    error = refused(tmp_path, data)
    assert error.rule == "R-SETUP-1" and "8 tiles" in error.reason
    for first in (-1, 3):
        data = record_text(played_match(decisions=0))
        data["setup"]["first_player"] = first
        assert refused(tmp_path, data).rule == "R-SETUP-3"
    data = record_text(played_match(decisions=0))
    data["setup"]["players"] = ["Solo"]
    assert refused(tmp_path, data).rule == "R-SETUP-1"


def test_a_saved_file_edited_since_is_checked_in_full(tmp_path: Path) -> None:
    match = played_match(decisions=6)
    path = tmp_path / "autosave.json"
    write_record_file(path, match.record)
    digest = text_digest(path.read_text(encoding="utf-8"))
    assert read_record_file(path, own_digest=digest)[0] == match.record
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"]["first_player"] = "zero"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record_file(path, own_digest=digest)
    assert "setup.first_player" in caught.value.reason
