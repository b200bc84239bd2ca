"""What the table says about every tile's outlook: a choice that seals one of the
player's own forests is marked ``!`` and explained before it is made, Enter proposes one
that does not, ``v`` tells the truth afterwards in the same words, and the hand-over says
what the other players did to the player's CP now (R-EFF-FOREST, R-END-3, R-GOD-1)."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from app_driver import NAMES, TableApp, lift_curtain, press, region_words, screen_text, table
from textual.pilot import Pilot

from orbis_tui.engine import (
    ZERO,
    Action,
    DecisionKind,
    ForestSealed,
    GameState,
    GodId,
    GodLost,
    GoWild,
    Option,
    Place,
    Prospect,
    TakeTile,
    TurnEnded,
    outlook,
    outlooks,
)
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.standings import standings_text
from orbis_tui.tiles import new_game
from orbis_tui.tui.core.describe import GOD_KEYS
from orbis_tui.tui.core.history import TurnHistory, made_impossible, summarize
from orbis_tui.tui.screens.score import ScoreScreen
from orbis_tui.tui.widgets.market import MarketBoard
from orbis_tui.tui.widgets.panel import DecisionPanel, summary_lines
from orbis_tui.tui.widgets.pyramid import PyramidView
from orbis_tui.words import name_of


def match_where(wanted: Callable[[GameState], bool], players: int = 2) -> Match:
    """The first position of seeded random games where ``wanted`` holds."""
    for seed in range(400):
        rng = random.Random(seed)
        match = Match.start(setup_for_game(NAMES[:players], seed, 0))
        while not match.state.is_over:
            if wanted(match.state):
                return match
            match.play(rng.choice(match.state.decision_actions()))
    raise AssertionError("the wanted situation never came")


def run(
    app: TableApp,
    scenario: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (80, 24),
) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


def sealing(option: Option) -> bool:
    return any(isinstance(w, ForestSealed) for w in option.warnings)


# ---------------------------------------------------------------- before the choice
def take_is_marked_and_told(
    tmp_path: Path, warning_kind: type[Any], told: Callable[[Any], str]
) -> None:
    """A take carrying `warning_kind` is `!` on the market and its panel says `told`."""

    def warned(option: Option) -> bool:
        return isinstance(option.action, TakeTile) and any(
            isinstance(w, warning_kind) for w in option.warnings
        )

    def wanted(s: GameState) -> bool:
        return s.kind is DecisionKind.TURN and any(warned(o) for o in s.decision.legal_options)

    match = match_where(wanted)
    option = next(o for o in match.state.decision.legal_options if warned(o))
    assert isinstance(option.action, TakeTile)
    cell = option.action.cell
    warning = next(w for w in option.warnings if isinstance(w, warning_kind))

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        market = screen.query_one(MarketBoard)
        assert market.view is not None and cell in market.view.warned
        screen.ui.select_cell(cell)
        screen.changed()
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert told(warning) in words

    run(TableApp(match, tmp_path), scenario)


def test_a_take_that_seals_ones_forest_is_marked_on_the_market_and_told(tmp_path: Path) -> None:
    take_is_marked_and_told(
        tmp_path,
        ForestSealed,
        lambda w: f"! {name_of(w.tile)} (forest, {w.cp} CP) can no longer be validated",
    )


def test_a_take_that_makes_ones_god_impossible_is_marked_on_the_market_and_told(
    tmp_path: Path,
) -> None:
    take_is_marked_and_told(
        tmp_path, GodLost, lambda w: f"! {name_of(w.god)} ({w.cp} CP) can no longer score"
    )


def test_a_spot_that_seals_ones_forest_is_marked_and_enter_proposes_another(
    tmp_path: Path,
) -> None:
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PLACE or s.take is None or s.take.wild:
            return False
        spots = [o for o in s.decision.legal_options if isinstance(o.action, Place)]
        colored = [o for o in spots if isinstance(o.action, Place) and not o.action.wild]
        return any(sealing(o) for o in colored) and any(not o.loses_value for o in colored)

    match = match_where(wanted)
    sealed = [
        (o.action.row, o.action.col)
        for o in match.state.decision.legal_options
        if isinstance(o.action, Place) and not o.action.wild and sealing(o)
    ]

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        view = screen.query_one(PyramidView).view
        assert view is not None and set(sealed) <= set(view.warned)
        here = screen.ui.current_spot(screen.state)
        assert here is not None and (here.row, here.col) not in sealed  # Enter keeps it
        screen.ui.select_spot(screen.state, *sealed[0])
        screen.changed()
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert "can no longer be validated" in words

    run(TableApp(match, tmp_path), scenario)


def test_v_says_which_forests_can_and_cannot_still_be_validated(tmp_path: Path) -> None:
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.TURN:
            return False
        view = outlook(s, s.current)
        prospects = {f.prospect for f in view.forests}
        return {Prospect.LOST, Prospect.OPEN} <= prospects

    match = match_where(wanted)
    view = outlook(match.state, match.state.current)
    lost = next(f for f in view.forests if f.prospect is Prospect.LOST)
    waiting = next(f for f in view.forests if f.prospect is Prospect.OPEN)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "v")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoreScreen)
        text = " ".join(screen_text(pilot.app).split())
        assert f"{name_of(lost.tile)} (forest, {lost.cp} CP) can no longer be validated" in text
        assert f"{name_of(waiting.tile)} (forest, {waiting.cp} CP) can still be validated" in text
        assert "once its neighbors match" not in text

    run(TableApp(match, tmp_path), scenario, size=(80, 40))


# ---------------------------------------------------------------- the hand-over
def test_the_hand_over_says_which_god_another_player_took_from_you(tmp_path: Path) -> None:
    """Bo takes a god Ada could still have taken: Ada's hand-over says so."""

    def wanted(s: GameState) -> bool:
        return (
            s.kind is DecisionKind.TURN
            and s.current == 1
            and s.players[0].god is None
            and s.players[1].god is None
            and any(g not in (GodId.LOVE, GodId.DEATH) for g in s.gods_available)
        )

    match = match_where(wanted)
    god = next(g for g in match.state.gods_available if g not in (GodId.LOVE, GodId.DEATH))
    name = name_of(match.state.catalog.god_by_id[god])

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, GOD_KEYS[god], "enter")
        await pilot.pause()
        screen = table(pilot.app)
        assert screen.handing_over
        text = " ".join(screen_text(pilot.app).split())
        assert f"Bo took the {name}: you can no longer take it." in text

    run(TableApp(match, tmp_path), scenario)


def test_the_hand_over_says_why_your_temple_token_fell(tmp_path: Path) -> None:
    """Bo places a temple that pushes Ada's temple token down: Ada's hand-over says from
    what to what, and why, before her turn (R-END-3)."""
    chosen: list[tuple[int, int]] = []

    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PLACE or s.current != 1 or s.take is None:
            return False
        if s.take.wild or s.take.tile.effect.kind.value != "temple":
            return False
        token = outlooks(s)[0].temple_token
        for option in s.decision.legal_options:
            action = option.action
            if not isinstance(action, Place) or action.wild:
                continue
            trial = s.copy()
            events = trial.apply(action)
            ended = any(isinstance(e, TurnEnded) for e in events) and not trial.is_over
            if ended and outlooks(trial)[0].temple_token < token:
                chosen[:] = [(action.row, action.col)]
                return True
        return False

    match = match_where(wanted)
    before = outlooks(match.state)[0].temple_token

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        screen.ui.select_spot(screen.state, *chosen[0])
        screen.changed()
        await press(pilot, "enter")
        await pilot.pause()
        assert screen.handing_over
        after = outlooks(screen.state)[0].temple_token
        text = " ".join(screen_text(pilot.app).split())
        assert f"Your temple token fell from {before} to {after} CP: Bo now has" in text

    run(TableApp(match, tmp_path), scenario)


def test_every_change_of_cp_now_between_ones_turns_is_explained() -> None:
    """Over random 2-4 player games, whenever a player's CP now changed between two of
    their turns, the hand-over explains it: a line for the temple token or the god, and
    those lines add up to the change."""
    explained = 0
    for index in range(12):
        players = 2 + index % 3
        rng = random.Random(700 + index)
        match = Match.start(setup_for_game(NAMES[:players], 700 + index, 0))
        history = TurnHistory(match)
        seen = -1
        while not match.state.is_over:
            state = match.state
            if state.kind is DecisionKind.TURN and state.turn != seen:
                seen = state.turn
                lines = history.done_to(state.current)
                turns = history.since_turn_of(state.current)
                mine = [t for t in history.turns if t.seat == state.current]
                start = mine[-1].standings[state.current] if mine else None
                now = turns[-1].standings[state.current] if turns else None
                if start is not None and now is not None and start.cp != now.cp:
                    explained += 1
                    # Nobody else touches a player's tiles: the token and the god are all.
                    token, god = now.token - start.token, now.god_points - start.god_points
                    assert now.cp - start.cp == token + god
                    assert lines and lines[0].startswith("What the others' turns did to you")
                    assert f"{start.cp} → {now.cp}" in lines[0]
                    if token:
                        assert any("temple token" in line for line in lines[1:]), lines
                    if god:
                        assert any(f"{now.god_cp} CP" in line for line in lines[1:]), lines
            match.play(rng.choice(state.decision_actions()))
    assert explained > 5


def test_the_first_hand_over_of_a_player_does_not_speak_of_their_last_turn(
    tmp_path: Path,
) -> None:
    """Round 1, three people: Cy has never played, so Cy's curtain tells the moves so far,
    not 'Since Cy's last turn'."""

    def wanted(s: GameState) -> bool:
        return (
            s.kind is DecisionKind.TURN
            and s.round == 1
            and s.current == 1
            and any(g not in (GodId.LOVE, GodId.DEATH) for g in s.gods_available)
        )

    match = match_where(wanted, players=3)
    god = next(g for g in match.state.gods_available if g not in (GodId.LOVE, GodId.DEATH))

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, GOD_KEYS[god], "enter")
        await pilot.pause()
        assert table(pilot.app).handing_over
        text = " ".join(screen_text(pilot.app).split())
        assert "Cy's turn" in text
        assert "Cy's last turn" not in text
        assert "The last moves:" in text

    run(TableApp(match, tmp_path), scenario)


def test_a_wilderness_under_the_goddess_of_idleness_is_drawn_at_0_not_minus_1(
    tmp_path: Path,
) -> None:
    """R-END-2: with the Goddess of Idleness a wilderness costs nothing, so the pyramid
    shows it at 0, in small hexes (80×24) and big ones; the other player's stays −1."""

    def wanted(s: GameState) -> bool:
        me = s.players[s.current]
        return (
            s.kind is DecisionKind.TURN
            and me.god is GodId.IDLENESS
            and any(p.wild for p in me.pyramid.values())
        )

    match = match_where(wanted)

    for size in ((80, 24), (120, 40)):

        async def scenario(pilot: Pilot) -> None:
            words = region_words(pilot.app, table(pilot.app).query_one(PyramidView))
            assert "wild" in words
            assert "-1" not in words
            assert "0" in words

        run(TableApp(match, tmp_path), scenario, size=size)


# ---------------------------------------------------------------- after the choice
def test_the_turn_done_summary_repeats_a_forest_sealed_and_a_god_made_impossible() -> None:
    """When a player ends a turn that sealed one of their forests (or placed one no spot
    could validate) or made their god
    impossible (each warned before the choice), the turn's summary says it again, in the
    outlook's words, marked '!'; a turn that did neither says nothing of the kind."""
    said = {"forest": 0, "god": 0}
    quiet = 0
    for index in range(16):
        rng = random.Random(900 + index)
        state = new_game(list(NAMES[: 2 + index % 3]), seed=900 + index)
        start = state.copy()
        while not state.is_over:
            seat = state.current
            if state.kind is DecisionKind.TURN:
                start = state.copy()
            action = _sealing_often(state, rng)
            events = state.apply(action)
            if not any(isinstance(e, TurnEnded) for e in events):
                continue
            lines = made_impossible(start, state, seat)
            before, after = outlook(start, seat), outlook(state, seat)
            # a forest placed this turn where it can never be validated is said too
            sealed = [
                f
                for f in after.forests
                if f.prospect is Prospect.LOST
                and (
                    ((was := before.tile_at(f.position)) is None and f.reason == "forest_sealed")
                    or (was is not None and was.prospect is Prospect.OPEN)
                )
            ]
            god_lost = after.god.prospect is Prospect.LOST and (
                before.god.god is None or before.god.prospect is not Prospect.LOST
            )
            for forest in sealed:
                assert any(
                    line.startswith(
                        f"{name_of(forest.tile)} (forest, {forest.cp} CP) can no longer"
                    )
                    for line in lines
                ), lines
                said["forest"] += 1
            if god_lost and after.god.god is not None:
                name = name_of(state.catalog.god_by_id[after.god.god])
                assert any(line.startswith(f"Your {name} can no longer score") for line in lines)
                said["god"] += 1
            if not sealed and not god_lost:
                assert lines == ()
                quiet += 1
            summary = summarize(state, seat, 1, events, (0, ZERO), (0, ZERO), losses=lines)
            shown = [line.plain for line in summary_lines(summary)]
            for line in lines:
                assert f"! {line}" in shown
    # (a forest sealed by the issue's own case: tests/test_outlook.py)
    assert said["forest"] >= 1 and said["god"] > 3 and quiet > 100, (said, quiet)


def _sealing_often(state: GameState, rng: random.Random) -> Action:
    """Mostly a choice that seals a forest or loses the god when there is one, else
    mostly a tile placed as itself (so that forests wait for their neighbours)."""
    options = state.decision.legal_options
    losing = [
        o.action for o in options if any(isinstance(w, ForestSealed | GodLost) for w in o.warnings)
    ]
    if losing and rng.random() < 0.7:
        return rng.choice(losing)
    colored = [
        o.action
        for o in options
        if not isinstance(o.action, GoWild) and not (isinstance(o.action, Place) and o.action.wild)
    ]
    return rng.choice(colored if colored and rng.random() < 0.9 else list(state.decision_actions()))


def test_orbis_replay_words_a_forest_and_the_god_as_the_outlook_does() -> None:
    """``orbis replay``'s breakdown says of an unvalidated forest whether it can still be
    validated, in the warning's words, never "not surrounded enough"."""

    def wanted(s: GameState) -> bool:
        prospects = {f.prospect for f in outlook(s, s.current).forests}
        return {Prospect.LOST, Prospect.OPEN} <= prospects

    text = standings_text(match_where(wanted).state)
    assert "forest not surrounded enough" not in text
    assert "can no longer be validated:" in text
    assert "can still be validated: it needs" in text


def test_after_the_game_a_forest_is_not_validated_rather_than_no_longer() -> None:
    """Once the game is over, ``orbis replay`` and the end screen say a forest was "not
    validated", never that it "can no longer be validated"."""
    from rich.console import Console

    from orbis_tui.engine import final_scores
    from orbis_tui.tui.screens.end import breakdown_table

    for seed in range(200):
        rng = random.Random(seed)
        match = Match.start(setup_for_game(NAMES[:2], seed, 0))
        while not match.state.is_over:
            match.play(rng.choice(match.state.decision_actions()))
        scores = final_scores(match.state)
        if any(t.reason == "forest_unmet" for s in scores for t in s.tiles):
            break
    else:
        raise AssertionError("no finished game with a forest not validated")
    text = standings_text(match.state)
    assert "not validated: matching neighbors" in text
    assert "no longer" not in text
    console = Console(width=120, record=True, file=io.StringIO())
    for score in scores:
        console.print(breakdown_table(match.state, score))
    drawn = " ".join(console.export_text().split())
    assert "not validated: matching" in drawn and "no longer" not in drawn
