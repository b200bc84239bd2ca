"""The walkthrough (``orbis learn``) and the coach, without the app.

The script is data: these tests check it against the rules specification (every rule
id is taught), replay the whole guided game, and check how the runner treats wrong
moves, stepping back and resuming.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from orbis_tui.engine import (
    RULE_IDS,
    Color,
    DecisionKind,
    Exchange,
    GodId,
    Place,
    TakeGod,
    TakeTile,
    final_scores,
    format_action,
    parse_action,
)
from orbis_tui.learn import (
    Advised,
    Coach,
    FocusKind,
    Outcome,
    ProgressStore,
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


def fresh(script, tmp_path: Path | None = None) -> Walkthrough:
    store = ProgressStore(tmp_path / "learn.json") if tmp_path is not None else None
    return Walkthrough(script, store)


def advance_to(walkthrough: Walkthrough, step_id: str) -> None:
    """Follow the walkthrough (its own suggestions) until ``step_id`` is on."""
    while walkthrough.step is not None and walkthrough.step.id != step_id:
        follow_one(walkthrough)
    assert walkthrough.step is not None, f"never reached {step_id}"


def follow_one(walkthrough: Walkthrough):
    if walkthrough.expects_move():
        action = walkthrough.suggestion()
        assert action is not None
        feedback = walkthrough.play(action)
    else:
        feedback = walkthrough.proceed()
    assert feedback.accepted or feedback.outcome is Outcome.FINISHED, feedback
    return feedback


def finish(walkthrough: Walkthrough) -> int:
    moves = 0
    while not walkthrough.finished:
        moves += walkthrough.expects_move()
        follow_one(walkthrough)
    return moves


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


# ------------------------------------------------------------------ the whole game
def test_the_whole_walkthrough_completes_by_its_expected_moves(script):
    walkthrough = fresh(script)
    moves = finish(walkthrough)
    state = walkthrough.state
    assert walkthrough.finished and state.is_over
    assert moves >= 40
    scores = final_scores(state)
    learner = scores[script.learner]
    assert learner.won and learner.total > scores[script.opponent].total
    # the lessons left their mark: a validated forest and irrigation, a temple token
    counts = learner.counts
    assert counts["forest"] == 1 and counts["irrigation"] == 1 and counts["village"] == 2
    assert learner.temple_token == 7


def test_the_opponent_follows_its_script_on_the_planned_path(script, monkeypatch):
    def no_fallback(self, state):
        raise AssertionError("the scripted opponent fell back")

    monkeypatch.setattr(Walkthrough, "_fallback", no_fallback)
    walkthrough = fresh(script)
    finish(walkthrough)
    opponent_turns = script.model.scenario.opponent
    played = [a for a in walkthrough.match.actions]
    for turn in opponent_turns:
        for text in turn.split(";"):
            assert text.strip() in played


def test_a_different_free_choice_still_reaches_the_end(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    # take something else than the suggested tile, then whatever is legal
    suggested = walkthrough.suggestion()
    other = next(
        a
        for a in walkthrough.state.decision_actions()
        if isinstance(a, TakeTile) and a != suggested
    )
    assert walkthrough.play(other).outcome is Outcome.PROGRESS
    while walkthrough.step is not None and walkthrough.step.id == "free-turn":
        assert walkthrough.play(walkthrough.state.decision_actions()[0]).accepted
    finish(walkthrough)
    assert walkthrough.state.is_over


def test_the_god_step_accepts_either_god(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "god")
    assert walkthrough.play(TakeGod(GodId.LOVE)).outcome is Outcome.PROGRESS
    assert walkthrough.state.kind is DecisionKind.LOVE
    assert walkthrough.step is not None
    while walkthrough.step.id == "god":
        assert walkthrough.play(walkthrough.state.decision_actions()[0]).accepted
    finish(walkthrough)
    assert walkthrough.state.players[script.learner].god is GodId.LOVE


# ------------------------------------------------------------------ wrong moves
def test_an_illegal_move_is_refused_with_its_rule_and_nothing_changes(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    before = walkthrough.state.signature()
    actions = list(walkthrough.match.actions)
    feedback = walkthrough.play("place 1,3")
    assert feedback.outcome is Outcome.ILLEGAL
    assert feedback.reason is not None and feedback.reason.rule == "R-PLACE-1"
    assert feedback.reason.rule_text == script.rule_text("R-PLACE-1")
    assert "end" in feedback.message and "column" not in feedback.message
    assert walkthrough.state.signature() == before
    assert walkthrough.match.actions == actions
    assert walkthrough.step is not None
    assert walkthrough.step.id == "row-one"


@pytest.mark.parametrize(
    ("step_id", "move", "rule"),
    [
        ("first-place", "place 2,0", "R-PLACE-2"),
        ("row-two", "place 2,1", "R-PLACE-2"),
        ("exchange", "exchange B>O", "R-TURN-2"),
        ("exchange", "pay", "R-TAKE-3"),
        ("wild-place", "place 1,-1", "R-TAKE-3"),
        ("limit", "discard WW", "R-TURN-3"),
        ("temple-take", "god death", "R-SETUP-2"),
        ("irrigation-place", "place 3,-1", "R-PLACE-2"),
        ("village-return", "return B", "R-EFF-VILLAGE"),
    ],
)
def test_wrong_moves_are_explained_by_their_rule(script, step_id, move, rule):
    walkthrough = fresh(script)
    advance_to(walkthrough, step_id)
    before = walkthrough.state.signature()
    feedback = walkthrough.play(move)
    assert feedback.outcome is Outcome.ILLEGAL, feedback
    assert feedback.reason is not None
    assert feedback.reason.rule == rule
    assert feedback.reason.rule_text
    assert walkthrough.state.signature() == before
    assert walkthrough.step is not None
    assert walkthrough.step.id == step_id


def test_a_legal_move_off_the_lesson_gets_the_steps_reason(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    before = walkthrough.state.signature()
    feedback = walkthrough.play("place 1,-1")
    assert feedback.outcome is Outcome.OFF_LESSON
    assert walkthrough.step is not None
    assert walkthrough.step.why is not None
    spot = script.messages.spot_fine.format(spot="at the left end of your bottom row")
    assert feedback.message == f"{spot} {walkthrough.step.why}"
    assert feedback.expected == "place the tile at the right end of your bottom row"
    assert walkthrough.state.signature() == before


def test_a_spot_off_the_lesson_is_said_for_what_it_is_before_the_lessons_reason(script):
    """R-EFF-IRRIGATION, R-PLACE-3: the spot beside the lesson's also has the wilderness
    beneath it; the refusal says that spot loses nothing and why the lesson wants the
    other, never that only the lesson's spot can water the irrigation."""
    walkthrough = fresh(script)
    advance_to(walkthrough, "irrigation-place")
    feedback = walkthrough.play("place 2,-2")
    assert feedback.outcome is Outcome.OFF_LESSON
    spot = "on row 2, on Hissing Vent and your wilderness"
    assert feedback.message.startswith(script.messages.spot_fine.format(spot=spot))
    assert "either spot above it" in feedback.message
    assert "Only the wilderness" not in feedback.message


def test_the_lessons_spot_as_a_wilderness_is_refused_with_what_it_would_lose(script):
    """R-END-2: Enter on the right spot in the wrong mode says what the wilderness loses."""
    walkthrough = fresh(script)
    advance_to(walkthrough, "irrigation-place")
    feedback = walkthrough.play("place 2,-1 wild")
    assert feedback.outcome is Outcome.OFF_LESSON
    head = script.messages.spot_loses.split("{losses}")[0]
    spot = "on row 2, on your wilderness and Lantern Hill"
    assert feedback.message.startswith(head.format(spot=spot))
    assert "-1 CP" in feedback.message


def test_an_off_lesson_move_without_a_reason_names_the_expected_move(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "village-pay")
    assert walkthrough.step is not None
    assert walkthrough.step.why is None
    feedback = walkthrough.play("wild")
    assert feedback.outcome is Outcome.OFF_LESSON
    assert feedback.message == script.messages.off_lesson.format(expected="pay the cost")


def test_reading_steps_wait_for_continue_and_move_steps_for_a_move(script):
    walkthrough = fresh(script)
    assert walkthrough.step is not None
    assert walkthrough.step.is_continue
    assert walkthrough.play("take 2").outcome is Outcome.NOT_NOW
    walkthrough.proceed()
    walkthrough.proceed()
    assert walkthrough.step.id == "first-take"
    feedback = walkthrough.proceed()
    assert feedback.outcome is Outcome.NOT_NOW
    assert "cell 2 (Lantern Hill)" in feedback.message
    assert walkthrough.step.id == "first-take"


def test_exchanges_are_free_in_a_free_step(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    assert walkthrough.play("take 8").outcome is Outcome.PROGRESS
    realm = walkthrough.state.player.realm
    give = max(Color, key=lambda c: realm[c])
    assert realm[give] >= 3
    feedback = walkthrough.play(Exchange(give, Color((give + 1) % 5)))
    assert feedback.outcome is Outcome.PROGRESS
    assert walkthrough.step is not None
    assert walkthrough.step.id == "free-turn"


# ------------------------------------------------------------------ stepping back
def test_step_back_returns_to_the_start_of_the_previous_step(script):
    walkthrough = fresh(script)
    reference = fresh(script)
    advance_to(reference, "wild-pay")
    at_wild_pay = reference.state.signature()
    advance_to(walkthrough, "wild-place")
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "wild-pay"
    assert walkthrough.state.signature() == at_wild_pay
    # and it can go on again from there
    finish(walkthrough)
    assert walkthrough.state.is_over


def test_step_back_across_the_opponents_turn(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "refill")  # Mira has played her first turn
    assert walkthrough.state.players[script.opponent].turns == 1
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "first-place"
    assert walkthrough.state.players[script.opponent].turns == 0
    assert walkthrough.state.kind is DecisionKind.PLACE
    assert walkthrough.play("place 1,0").outcome is Outcome.ADVANCED
    assert walkthrough.state.players[script.opponent].turns == 1


def test_step_back_first_undoes_the_moves_made_in_the_step(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    start = len(walkthrough.match.actions)
    suggested = walkthrough.suggestion()
    assert suggested is not None
    walkthrough.play(suggested)
    assert len(walkthrough.match.actions) == start + 1
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "free-turn"
    assert len(walkthrough.match.actions) == start


def test_step_back_all_the_way(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "collect")
    while walkthrough.back():
        pass
    assert walkthrough.index == 0
    assert walkthrough.match.actions == []
    assert not walkthrough.can_back()


# ------------------------------------------------------------------ leaving and resuming
def test_progress_is_saved_and_resumed_where_it_was(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "exchange")
    saved = json.loads((tmp_path / "learn.json").read_text(encoding="utf-8"))
    assert saved["format"] == "orbis-learn/1"
    assert saved["step"] == walkthrough.index
    assert saved["actions"] == walkthrough.match.actions
    resumed = Walkthrough.resume(script, ProgressStore(tmp_path / "learn.json"))
    assert resumed is not None
    assert resumed.step is not None
    assert resumed.step.id == "exchange"
    assert resumed.state.signature() == walkthrough.state.signature()
    assert resumed.last is not None and "exchange" in resumed.last.message.lower()
    finish(resumed)
    assert resumed.state.is_over
    assert not (tmp_path / "learn.json").exists()  # a finished walkthrough starts afresh


def test_resume_after_stepping_back(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "limit")
    walkthrough.back()
    walkthrough.back()
    resumed = Walkthrough.resume(script, ProgressStore(tmp_path / "learn.json"))
    assert resumed is not None
    assert resumed.index == walkthrough.index
    assert resumed.state.signature() == walkthrough.state.signature()


def test_nothing_to_resume(script, tmp_path):
    assert Walkthrough.resume(script, ProgressStore(tmp_path / "none.json")) is None


def _progress(**changes) -> str:
    base = {
        "format": "orbis-learn/1",
        "version": load_script().version,
        "step": 0,
        "starts": [0],
        "actions": [],
    }
    return json.dumps({**base, **changes})


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        _progress(version="0"),
        _progress(step=3),
        _progress(actions=["take 11"]),
        _progress(actions=["take 1"]),
        _progress(format="other"),
        _progress(starts=[2], actions=["take 2"]),
    ],
)
def test_damaged_or_outdated_progress_is_ignored(script, tmp_path, damage):
    path = tmp_path / "learn.json"
    path.write_text(damage, encoding="utf-8")
    resumed = Walkthrough.resume(script, ProgressStore(path))
    if resumed is not None:  # a legal but unplanned first move: replayed, still usable
        assert resumed.match.actions == ["take 1"]
    else:
        assert resumed is None


def test_restart_starts_over_and_saves(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "pay")
    walkthrough.restart()
    assert walkthrough.index == 0 and walkthrough.match.actions == []
    saved = json.loads((tmp_path / "learn.json").read_text(encoding="utf-8"))
    assert saved["step"] == 0 and saved["actions"] == []


def test_a_failing_save_does_not_stop_the_lesson(script, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    walkthrough = Walkthrough(script, ProgressStore(blocker / "learn.json"))
    walkthrough.proceed()
    assert walkthrough.index == 1


# ------------------------------------------------------------------ the coach
def test_the_coach_uses_the_walkthroughs_texts(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    coach = Coach(script)
    refused = walkthrough.play("place 1,3").reason
    assert coach.explain(walkthrough.state, parse_action("place 1,3")) == refused
    advice = coach.advise(walkthrough.state)
    assert advice.kind is DecisionKind.PLACE
    assert advice.phase == script.phase_text(DecisionKind.PLACE) == walkthrough.phase()
    spots = {(o.action.row, o.action.col): o for o in advice.options if isinstance(o.action, Place)}
    assert spots[(1, 1)].available and spots[(1, -1)].available
    assert not spots[(2, 0)].available
    assert spots[(2, 0)].reason is not None
    assert spots[(2, 0)].reason.rule == "R-PLACE-2"
    assert spots[(2, 0)].reason.rule_text == script.rule_text("R-PLACE-2")


def rule_of(option: Advised) -> str:
    """The rule an unavailable option breaks."""
    assert option.reason is not None, option
    return option.reason.rule


def test_the_coach_explains_a_colour_mismatch(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "forest-place")
    advice = Coach(script).advise(walkthrough.state)
    reasons = {rule_of(o) for o in advice.unavailable if isinstance(o.action, Place)}
    assert "R-PLACE-3" in reasons


def test_the_coach_explains_exchanges_and_gods(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "temple-take")
    advice = Coach(script).advise(walkthrough.state)
    exchanges = [o for o in advice.options if isinstance(o.action, Exchange)]
    assert len(exchanges) == 5
    short = [o for o in exchanges if not o.available]
    assert short and all(rule_of(o) == "R-TURN-2" for o in short)
    gods = {o.action.god: o for o in advice.options if isinstance(o.action, TakeGod)}
    assert GodId.DEATH not in gods  # Mira has him: the table no longer shows him
    assert gods[GodId.OCEANS].available and gods[GodId.OCEANS].label == (
        "take the God of the Oceans"
    )


def test_the_coach_dims_every_god_once_one_is_taken(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "opponent-god")
    state = walkthrough.state.copy()
    state.current = script.opponent  # Mira, who has her god, on her turn
    advice = Coach(script).advise(state)
    gods = [o for o in advice.options if isinstance(o.action, TakeGod)]
    assert gods and all(rule_of(o) == "R-TURN-1" for o in gods)


def test_the_coach_shows_only_spots_that_could_be_filled(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "forest-place")
    advice = Coach(script).advise(walkthrough.state)
    spots = [(o.action.row, o.action.col) for o in advice.options if isinstance(o.action, Place)]
    assert (2, -3) not in spots  # its left support would be a sixth bottom tile
    assert (2, -2) in spots


def test_the_coach_warns_about_a_tile_that_cannot_be_paid(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "wild-take")
    advice = Coach(script).advise(walkthrough.state)
    scorched = next(o for o in advice.options if o.action == TakeTile(5))
    assert scorched.available and scorched.note
    assert "exchange" in scorched.note


def test_the_coach_explains_an_unaffordable_payment(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "wild-pay")
    advice = Coach(script).advise(walkthrough.state)
    pay, wild = advice.options[0], advice.options[1]
    assert pay.reason is not None
    assert pay.reason.rule == "R-TAKE-3" and wild.available


def test_the_coach_labels_every_option_in_words(script):
    walkthrough = fresh(script)
    coach = Coach(script)
    while not walkthrough.finished:
        if not walkthrough.state.is_over:
            for option in coach.advise(walkthrough.state).options:
                assert option.label and "{" not in option.label
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
