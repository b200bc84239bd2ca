"""The walkthrough (``orbis learn``) without the app: the script as data.

The script is data: these tests check it against the rules specification (every rule
id is taught) and refuse a broken one. The guided game, wrong moves and stepping back
are in ``test_learn_play.py``, leaving and resuming in ``test_learn_progress.py``, the
coach in ``test_learn_coach_advice.py``; the driver they share in ``learn_driver.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from learn_driver import finish, follow_one, fresh
from orbis_tui.engine import (
    RULE_IDS,
    DecisionKind,
    Place,
    TakeTile,
    format_action,
)
from orbis_tui.learn import (
    FocusKind,
    ScriptError,
    Walkthrough,
    load_script,
)
from orbis_tui.learn.script import default_script_path
from orbis_tui.words import name_of
from rules_spec import rule_ids

TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def script():
    return load_script()


# ------------------------------------------------------------------ the script as data
def test_the_rules_file_or_its_copy_lists_forty_rule_ids():
    ids = rule_ids()
    assert len(ids) == 40
    assert set(ids) == set(RULE_IDS)


def test_every_rule_id_is_taught_by_a_step(script):
    taught = {rule for step in script.model.steps for rule in step.rules}
    missing = [rule for rule in rule_ids() if rule not in taught]
    assert not missing, f"no step teaches {missing}"


def test_steps_cite_only_rule_ids_that_exist(script):
    known = set(rule_ids())
    cited = {rule for step in script.model.steps for rule in step.rules}
    assert cited <= known, cited - known


def test_every_rule_id_has_its_plain_explanation(script):
    assert set(script.model.rules) == set(rule_ids())
    assert all(len(text) > 20 for text in script.model.rules.values())


def test_every_decision_has_its_phase_text(script):
    for kind in DecisionKind:
        assert script.phase_text(kind)


def test_the_lessons_come_in_the_promised_order(script):
    """Goal, turn, generating and collecting, paying, placing, wilderness, exchange,
    limit, the effects, the god, scoring."""
    first: dict[str, int] = {}
    for step in script.steps:
        for rule in step.rules:
            first.setdefault(rule, step.index)
    order = [
        "R-END-5",  # the goal
        "R-TURN-1",  # what a turn is
        "R-TAKE-1",  # generating
        "R-TAKE-2",  # collecting
        "R-TAKE-3",  # paying
        "R-PLACE-1",
        "R-PLACE-2",
        "R-PLACE-3",
        "R-COMP-5",  # the wilderness
        "R-TURN-2",  # the exchange
        "R-TURN-3",  # the limit
        "R-EFF-FARM",
        "R-EFF-VILLAGE",
        "R-EFF-VOLCANO",
        "R-EFF-IRRIGATION",
        "R-EFF-TEMPLE",
        "R-EFF-FOREST",
        "R-EFF-STONE",
        "R-GOD-1",  # taking a god
        "R-END-1",  # scoring
    ]
    positions = [first[rule] for rule in order]
    assert positions == sorted(positions)


def test_the_deal_shows_every_effect(script):
    catalog_tiles = {t["id"]: t for t in script.setup.tiles or []}
    scenario = script.model.scenario
    ids = [*scenario.market, *(t for pile in scenario.piles for t in pile)]
    kinds = {catalog_tiles[i].get("effect", {}).get("kind", "none") for i in ids}
    for kind in ("farm", "village", "forest", "volcano", "irrigation", "temple", "gain", "stone"):
        assert kind in kinds


def test_steps_are_short(script):
    for step in script.steps:
        assert len(step.text) <= 260, step.id
        assert len(step.title) <= 30, step.id


def test_the_cells_marks_are_explained_where_the_walkthrough_first_shows_them(script):
    """The market's first lesson names a crowded cell's 3● and points to the help for
    every mark ('!' too); the first take says what the +1W beside the selection is
    (R-TAKE-1)."""
    steps = {step.id: step for step in script.steps}
    assert "3●" in steps["table"].text and "'!'" in steps["table"].text
    assert "? explains" in steps["table"].text
    assert "+1W" in steps["first-take"].text


def test_steps_name_spots_as_the_app_shows_them(script):
    """The app shows spots by the tiles beneath them, never by notation columns."""
    for step in script.steps:
        for text in (step.text, step.why or "", step.hint or ""):
            assert "column" not in text, step.id


def test_the_first_tile_is_taken_within_three_steps(script):
    first_take = next(s for s in script.steps if isinstance(s.action, TakeTile))
    assert first_take.index <= 2


def test_move_steps_point_at_their_cell_or_spot(script):
    for step in script.steps:
        action = step.action
        if isinstance(action, TakeTile):
            assert any(
                f.kind is FocusKind.MARKET and f.cell == action.cell + 1 for f in step.focus
            ), step.id
        if isinstance(action, Place):
            assert any(
                f.kind is FocusKind.SPOT and (f.row, f.col) == (action.row, action.col)
                for f in step.focus
            ), step.id


def test_take_steps_name_the_tile_they_point_at(script):
    walkthrough = fresh(script)
    while not walkthrough.finished:
        step = walkthrough.step
        assert step is not None
        if isinstance(step.action, TakeTile):
            tile = walkthrough.state.market[step.action.cell]
            assert tile is not None and name_of(tile) in step.text, step.id
            assert f"cell {step.action.cell + 1}" in step.text, step.id
        follow_one(walkthrough)


def test_every_exact_step_is_legal_when_reached(script):
    walkthrough = fresh(script)
    while not walkthrough.finished:
        step = walkthrough.step
        assert step is not None
        if step.action is not None:
            assert walkthrough.state.is_legal(step.action), step.id
            assert walkthrough.expected_action() == step.action
        follow_one(walkthrough)


# ------------------------------------------------------------------ a broken script
def _write_script(tmp_path: Path, edit) -> Path:
    text = default_script_path().read_text(encoding="utf-8")
    (tmp_path / "walkthrough-tiles.toml").write_text(
        (default_script_path().parent / "walkthrough-tiles.toml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    path = tmp_path / "walkthrough.toml"
    path.write_text(edit(text), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "complaint"),
    [
        (lambda t: t.replace('expect = "take 2"', 'expect = "take two"', 1), "not an action"),
        (lambda t: t.replace('rules = ["R-TURN-2"]', 'rules = ["TURN-2"]', 1), "not rule ids"),
        (lambda t: t.replace('id = "pay"', 'id = "collect"', 1), "used twice"),
        (lambda t: t.replace('focus = ["market 1"]', 'focus = ["market 10"]', 1), "market"),
        (lambda t: t.replace('"R-GOD-1" = ', '"R-GOD-9" = ', 1), "not explained"),
        (lambda t: t.replace('turn = "Your turn', 'tern = "Your turn', 1), "phases"),
        (lambda t: t.replace('tiles = "walkthrough-tiles.toml"', 'tiles = "nope.toml"'), "tiles"),
        (lambda t: t + "\n[[steps]\n", "TOML"),
    ],
)
def test_a_broken_script_is_refused_with_the_reason(tmp_path, edit, complaint):
    path = _write_script(tmp_path, edit)
    with pytest.raises(ScriptError) as info:
        load_script(path)
    assert complaint.lower() in str(info.value).lower()


def test_rewording_keeps_saved_progress_but_changing_a_move_does_not(tmp_path):
    reworded = load_script(
        _write_script(tmp_path, lambda t: t.replace("Take it anyway", "Take it all the same"))
    )
    assert reworded.version == load_script().version
    changed = load_script(
        _write_script(tmp_path, lambda t: t.replace('expect = "exchange O>B"', 'expect = "any"'))
    )
    assert changed.version != load_script().version


def test_a_reworded_script_needs_no_code_change(tmp_path):
    path = _write_script(
        tmp_path, lambda t: t.replace('title = "The goal"', 'title = "What you play for"')
    )
    script = load_script(path)
    assert script.steps[0].title == "What you play for"
    walkthrough = Walkthrough(script)
    finish(walkthrough)
    assert walkthrough.state.is_over


def test_notation_of_every_planned_move_round_trips(script):
    for step in script.steps:
        if step.action is not None:
            assert format_action(step.action) == step.expect


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_step_that_goes_wild_names_the_key_x(script, lang: str) -> None:
    """Nothing else tells a new player that x leaves a tile unpaid as a wilderness."""
    from orbis_tui import i18n

    i18n.set_language(lang)
    try:
        wild = [step for step in script.steps if step.expect == "wild"]
        assert wild
        for step in wild:
            assert re.search(r"(?<!\w)x(?!\w)", step.text), step.text
    finally:
        i18n.set_language("en")


def test_a_step_that_goes_wild_where_an_exchange_pays_says_so(script) -> None:
    """R-TURN-2, R-TAKE-3: the panel offers "1 exchange of 3-for-1 pays it"; a lesson
    that asks for a wilderness there must say so, and the step before it must not claim
    the tile cannot be paid."""
    from orbis_tui.engine import exchanges_to_pay

    walkthrough = fresh(script)
    seen: list = []
    checked = 0
    while not walkthrough.finished:
        step = walkthrough.step
        assert step is not None
        if not seen or seen[-1] is not step:
            seen.append(step)
        state = walkthrough.state
        if step.expect == "wild" and state.kind is DecisionKind.PAY:
            due, any_count = state.payment_due()
            if exchanges_to_pay(state.player.realm_count, due, any_count):
                before = seen[-2]
                assert "exchange" in step.text, step.id
                assert "cannot pay" not in before.title + before.why, before.id
                checked += 1
        follow_one(walkthrough)
    assert checked
