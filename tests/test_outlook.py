"""Every tile's outlook, and the warning before a choice that seals one of one's forests.

The outlook is checked against the rules' own scoring: at the end of many random games
it is the final breakdown, and during them a forest it calls "can still be validated"
is validated by some way of filling the pyramid, one it calls "can no longer" by none
(R-EFF-FOREST, R-PLACE-1..6). Every option that moves one of the deciding player's
forests from the first to the second names it in a warning.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from builders import NAMES, TEMPLE, B, Content, G, R, Seat, W, forest, plain, position, tile
from orbis_tui.engine import (
    ROW_SIZES,
    ZERO,
    Action,
    DeathUnaffordable,
    DecisionKind,
    Decline,
    EffectKind,
    Exchange,
    ForestOutlook,
    ForestSealed,
    GameState,
    GodId,
    GodLost,
    GoWild,
    Option,
    Pay,
    Place,
    PlacedTile,
    Position,
    Prospect,
    Pyramid,
    TakeGod,
    TakeTile,
    TempleUncounted,
    TurnEnded,
    effect_counts,
    final_scores,
    forest_validated,
    geometry,
    outlook,
    outlooks,
)
from orbis_tui.tiles import new_game
from orbis_tui.words import message_of, name_of

WIDTH = ROW_SIZES[1]


def random_games(games: int, seed: int) -> Iterator[GameState]:
    """Every position of ``games`` random 2-4 player games (one state, moved on), whose
    players mostly pay and place tiles as themselves, so that forests wait for their
    neighbours."""
    for index in range(games):
        rng = random.Random(seed + index)
        state = new_game(list(NAMES[: 2 + index % 3]), seed=seed + index)
        while not state.is_over:
            yield state
            state.apply(_mostly_colored(state, rng))
        yield state


def _mostly_colored(state: GameState, rng: random.Random) -> Action:
    actions = state.decision_actions()
    colored = [
        a for a in actions if not isinstance(a, GoWild) and not (isinstance(a, Place) and a.wild)
    ]
    return rng.choice(colored if colored and rng.random() < 0.85 else actions)


def completions(pyramid: Pyramid) -> Iterator[Pyramid]:
    """The pyramid finished with a wilderness in every empty spot, once for each bottom
    row it may still get (a wilderness fits every supported spot, R-PLACE-3)."""
    cols = [c for (r, c) in pyramid if r == 1] or [0]
    filler = PlacedTile(plain("filler", R), wild=True)
    for start in range(max(cols) - WIDTH + 1, min(cols) + 1):
        full = dict(pyramid)
        for row, size in ROW_SIZES.items():
            for col in range(start, start + size):
                full.setdefault((row, col), filler)
        yield full


def can_be_validated(pyramid: Pyramid, pos: Position) -> bool:
    """Some way of finishing the pyramid validates the forest at ``pos``: wildernesses
    match every color, so the most a forest can get is a wilderness in every spot left."""
    return any(forest_validated(full, pos, pyramid[pos]) for full in completions(pyramid))


# ------------------------------------------------------------ the forest
YOUNG_WOODS = tile("Young Woods", G, cp=3, effect=forest([G], 1))
CLOUD_PASTURE = plain("Cloud Pasture", W)
TEMPLE_OF_DAWN = tile("Temple of Dawn", W, cp=2, effect=TEMPLE, mystic=5)


def sealed_forest_game() -> GameState:
    """Young Woods (green, needs 1 green neighbour) has one free neighbour spot left: row
    2 on it and Cloud Pasture, the only spot for the white Temple of Dawn at the market."""
    pyramid: dict[Position, Content] = {
        (1, 0): R,
        (1, 1): YOUNG_WOODS,
        (1, 2): CLOUD_PASTURE,
        (1, 3): R,
        (1, 4): R,
        (2, 0): R,
        (2, 2): R,
        (2, 3): R,
    }
    return position({0: TEMPLE_OF_DAWN}, seats=[Seat(pyramid)])


def test_R_EFF_FOREST_the_outlook_says_a_forest_with_a_free_spot_can_still_score() -> None:
    state = sealed_forest_game()
    woods = outlook(state, 0).tile_at((1, 1))
    assert woods is not None
    assert (woods.prospect, woods.reason) == (Prospect.OPEN, "forest_open")
    assert (woods.points, woods.cp, woods.have, woods.need, woods.free) == (0, 3, 0, 1, 1)


def test_R_EFF_FOREST_taking_the_tile_whose_only_spot_seals_a_forest_is_warned() -> None:
    state = sealed_forest_game()
    option = state.decision.option(TakeTile(0))
    assert option is not None and option.loses_value
    sealed = [w for w in option.warnings if isinstance(w, ForestSealed)]
    assert len(sealed) == 1
    warning = sealed[0]
    assert warning.rule == "R-EFF-FOREST"
    assert name_of(warning.tile) == "Young Woods" and warning.details["tile"] == warning.tile.id
    assert (warning.cp, warning.have, warning.need, warning.free, warning.spots) == (3, 0, 1, 0, 1)
    assert message_of(warning) == (
        "Young Woods (forest, 3 CP) can no longer be validated: its last free neighbor "
        "spot would be white, not green. This tile has no other spot."
    )


def test_R_EFF_FOREST_placing_there_is_warned_and_the_outlook_then_says_lost() -> None:
    state = sealed_forest_game()
    state.apply(TakeTile(0))
    assert state.kind is DecisionKind.PLACE
    decision = state.decision
    colored = decision.option(Place(2, 1))
    wild = decision.option(Place(2, 1, True))
    assert colored is not None and wild is not None
    assert any(isinstance(w, ForestSealed) for w in colored.warnings)
    assert not any(isinstance(w, ForestSealed) for w in wild.warnings)  # a wilderness matches
    state.apply(Place(2, 1))
    woods = outlook(state, 0).tile_at((1, 1))
    assert woods is not None
    assert (woods.prospect, woods.reason, woods.free) == (Prospect.LOST, "forest_sealed", 0)


def test_R_PLACE_1_a_bottom_row_end_that_leaves_too_few_spots_is_warned() -> None:
    """A forest at the left end of a four-tile bottom row needs three green neighbours:
    only a row that grows to its left leaves it three spots."""
    woods = tile("Woods", G, cp=4, effect=forest([G], 3))
    pyramid: dict[Position, Content] = {(1, 0): woods, (1, 1): R, (1, 2): R, (1, 3): R}
    state = position({0: plain("Ember", R)}, seats=[Seat(pyramid)])
    woods_outlook = outlook(state, 0).tile_at((1, 0))
    assert woods_outlook is not None
    assert woods_outlook.prospect is Prospect.OPEN
    state.apply(TakeTile(0))
    decision = state.decision
    right_end = decision.option(Place(1, 4))
    assert right_end is not None
    (warning,) = [w for w in right_end.warnings if isinstance(w, ForestSealed)]
    assert not warning.beside and (warning.have, warning.free) == (0, 1)
    assert "the bottom row would end too far from it" in message_of(warning)
    # The same end as a wilderness seals it too: it is not beside the forest.
    wild_end = decision.option(Place(1, 4, True))
    assert wild_end is not None and any(isinstance(w, ForestSealed) for w in wild_end.warnings)
    # Beside it, a red tile seals it; a wilderness there keeps it open.
    left = decision.option(Place(1, -1))
    left_wild = decision.option(Place(1, -1, True))
    assert left is not None and left_wild is not None
    (beside,) = [w for w in left.warnings if isinstance(w, ForestSealed)]
    assert beside.beside and beside.details["color"] == "red"
    assert not any(isinstance(w, ForestSealed) for w in left_wild.warnings)
    safest = decision.safest()
    assert safest is not None
    assert not any(isinstance(w, ForestSealed) for w in safest.warnings)


def test_R_TAKE_3_paying_for_a_tile_whose_every_spot_seals_is_warned_going_wild_is_not() -> None:
    """A blue tile can go at either end of the bottom row: on the left it is a red-free
    forest's non-green neighbour, on the right the row ends too far from the forest. A
    wilderness on the left matches, so going wild keeps the forest open."""
    woods = tile("Woods", G, cp=4, effect=forest([G], 2))
    pyramid: dict[Position, Content] = {
        (1, 0): woods,
        (1, 1): R,
        (1, 2): R,
        (1, 3): R,
        (2, 0): R,
        (2, 1): R,
        (2, 2): R,
    }
    ember = tile("Ember", B, cost="BB", cp=2)
    state = position({0: ember}, seats=[Seat(pyramid, realm="BB")])
    assert any(isinstance(w, ForestSealed) for w in state.decision.options[0].warnings)
    state.apply(TakeTile(0))
    assert state.kind is DecisionKind.PAY
    decision = state.decision
    pays = [o for o in decision.legal_options if isinstance(o.action, Pay)]
    assert pays
    for option in pays:
        (warning,) = [w for w in option.warnings if isinstance(w, ForestSealed)]
        assert warning.spots == 2
        assert message_of(warning).endswith("Every one of this tile's 2 spots does this.")
    refusal = decision.refusal
    assert refusal is not None and isinstance(refusal.action, GoWild)
    assert not any(isinstance(w, ForestSealed) for w in refusal.warnings)


# ------------------------------------------------------------ over random games
@pytest.mark.slow  # 36 whole games, every option played
def test_every_option_that_seals_a_forest_names_it_and_no_other() -> None:
    """At every placement of random 2-4 player games, each legal option is played on a
    copy: the forests it moves from "can still" to "can no longer" are exactly the ones
    its warnings name. At a take or a payment, a forest every spot of the tile (as
    itself) would seal is named."""
    checked = named = 0
    for state in random_games(36, seed=4100):
        if state.kind not in (DecisionKind.PLACE, DecisionKind.TURN, DecisionKind.PAY):
            continue
        seat = state.current
        before = {t.position for t in outlook(state, seat).open}
        if not before:
            continue
        for option in state.decision.legal_options:
            warned = {w.details["tile"] for w in option.warnings if isinstance(w, ForestSealed)}
            if isinstance(option.action, Place):
                trial = state.copy()
                trial.apply(option.action)
                lost = {
                    t.tile.id
                    for t in outlook(trial, seat).lost
                    if t.position in before and t.tile.effect.kind is EffectKind.FOREST
                }
                assert warned == lost, (option, lost)
            elif isinstance(option.action, TakeTile | Pay):
                lost = _sealed_by_every_spot(state, option.action)
                assert lost <= warned, (option, lost)
            checked += 1
            named += bool(warned)
    assert checked > 500 and named > 10, (checked, named)


def _sealed_by_every_spot(state: GameState, action: TakeTile | Pay) -> set[str]:
    """The forests that every placement of the tile as itself seals, after ``action``
    (paying the first way offered, when a payment is asked)."""
    trial = state.copy()
    trial.apply(action)
    if trial.kind is DecisionKind.PAY:
        pays = [a for a in trial.decision_actions() if isinstance(a, Pay)]
        if not pays:
            return set()
        trial.apply(pays[0])
    if trial.kind is not DecisionKind.PLACE:
        return set()
    seat = trial.current
    before = {t.position for t in outlook(trial, seat).open}
    common: set[str] | None = None
    for place in trial.decision_actions():
        assert isinstance(place, Place)
        if place.wild:
            continue
        after = trial.copy()
        after.apply(place)
        lost = {t.tile.id for t in outlook(after, seat).lost if t.position in before}
        common = lost if common is None else common & lost
    return common or set()


@pytest.mark.slow  # 30 whole games
def test_the_outlook_is_what_finishing_the_pyramid_can_give_and_the_final_breakdown() -> None:
    """During random games each forest's outlook is borne out by the ways of finishing
    its pyramid; at their end the outlook is the final breakdown, tile by tile."""
    forests = ends = 0
    for state in random_games(30, seed=5200):
        every = outlooks(state)
        scores = final_scores(state)
        for seat, (view, score) in enumerate(zip(every, scores, strict=True)):
            assert view.total == score.total
            assert [t.points for t in view.tiles] == [t.points for t in score.tiles]
            assert (view.temple_token, view.god.points) == (score.temple_token, score.god.points)
            pyramid = state.players[seat].pyramid
            for t in view.forests:
                if t.reason.startswith("wilderness"):
                    continue
                forests += 1
                if t.prospect is Prospect.SCORES:
                    assert forest_validated(pyramid, t.position, pyramid[t.position])
                else:
                    assert (t.prospect is Prospect.OPEN) == can_be_validated(pyramid, t.position)
            if state.is_over:
                ends += 1
                assert not view.open
                for t, s in zip(view.tiles, score.tiles, strict=True):
                    scores_points = s.reason not in ("cancelled", "forest_unmet")
                    assert (t.prospect is Prospect.SCORES) == scores_points, (t, s)
                assert (view.god.prospect is Prospect.SCORES) == (view.god.points > 0)
            elif view.god.prospect is Prospect.LOST:
                assert view.god.points == 0
    assert forests > 1000 and ends > 50


def test_R_GOD_1_a_god_that_can_no_longer_score_stays_without_points() -> None:
    """What the outlook calls lost for a god is lost: at the end of the game it scores 0."""
    lost_then: list[tuple[int, int]] = []
    for index in range(24):
        rng = random.Random(6300 + index)
        state = new_game(list(NAMES[: 2 + index % 3]), seed=6300 + index)
        watched: set[int] = set()
        while not state.is_over:
            for view in outlooks(state):
                if view.god.prospect is Prospect.LOST:
                    watched.add(view.seat)
            state.apply(rng.choice(state.legal_actions()))
        scores = final_scores(state)
        for seat in watched:
            lost_then.append((seat, scores[seat].god.points))
    assert lost_then
    assert all(points == 0 for _, points in lost_then)


# ------------------------------------------------------------ the god (R-GOD-1)
def _god_lost_after(state: GameState, action: Action, seat: int) -> bool:
    trial = state.copy()
    trial.apply(action)
    return outlook(trial, seat).god.prospect is Prospect.LOST


def _god_warned(option: Option) -> list[GodLost]:
    return [w for w in option.warnings if isinstance(w, GodLost)]


@pytest.mark.slow  # 40 whole games, every option played
def test_R_GOD_1_every_option_that_makes_ones_god_impossible_says_so_and_no_other() -> None:
    """At every placement, refusal and god choice of random 2-4 player games, each legal
    option is played on a copy: it carries a warning naming the player's god exactly
    when it moves that god from "can still score" (or "scores") to "can no longer". At a
    take or a payment, a warned option loses the god whichever way the tile is placed."""
    checked = named = takes = 0
    for state in random_games(40, seed=7100):
        kind = state.kind
        seat = state.current
        god = outlook(state, seat).god
        answers = [o for o in state.decision.legal_options if not isinstance(o.action, Exchange)]
        # the outlook calls a god lost once every answer open loses it: those say so still
        every_loses = god.god is not None and bool(answers)
        every_loses = every_loses and all(_god_warned(o) for o in answers)
        first_warned = bool(answers) and bool(_god_warned(answers[0]))
        assert every_loses == (god.prospect is Prospect.LOST and first_warned)
        for option in state.decision.legal_options:
            action = option.action
            warned = _god_warned(option)
            if isinstance(action, TakeGod):
                lost = outlook_after_taking(state, action) is Prospect.LOST
                if action.god is GodId.DEATH:  # cancelled at once: its own warning (R-GOD-2)
                    assert lost == any(isinstance(w, DeathUnaffordable) for w in option.warnings)
                    continue
                assert bool(warned) == lost, (option, lost)
                if warned:
                    assert warned[0].details["god"] == action.god.value
                named += bool(warned)
                continue
            if god.god is None or (god.prospect is Prospect.LOST and not every_loses):
                assert not warned, option
                continue
            if kind is DecisionKind.PLACE or isinstance(action, Decline):
                if isinstance(action, Decline) and kind is DecisionKind.DEATH:
                    continue  # the God of Death refused: its own warning (R-GOD-2)
                lost = _god_lost_after(state, action, seat)
                assert bool(warned) == lost, (option, state.player.pyramid)
                checked += 1
            elif isinstance(action, TakeTile | Pay | GoWild) and warned:
                assert _lost_every_way(state, action, seat), option
                takes += 1
            if warned:
                named += 1
                assert warned[0].details["god"] == god.god.value
                assert warned[0].rule == "R-GOD-1"
                assert "can no longer score" in message_of(warned[0])
    assert checked > 500 and named > 10 and takes > 3, (checked, named, takes)


def outlook_after_taking(state: GameState, action: TakeGod) -> Prospect:
    trial = state.copy()
    trial.apply(action)
    return outlook(trial, state.current).god.prospect


def _lost_every_way(state: GameState, action: Action, seat: int) -> bool:
    """Whether every way of finishing the take with ``action`` (each payment or going
    wild, then each placement) leaves ``seat``'s god unable to score."""
    trial = state.copy()
    trial.apply(action)
    if trial.current != seat or trial.kind not in (DecisionKind.PAY, DecisionKind.PLACE):
        return outlook(trial, seat).god.prospect is Prospect.LOST
    return all(_lost_every_way(trial, a, seat) for a in trial.decision_actions())


@pytest.mark.slow  # 30 whole games, every option played
def test_every_loss_of_an_own_tile_or_the_god_at_a_choice_is_warned() -> None:
    """Whatever the rule behind it (R-EFF-* cancellations, R-EFF-FOREST, R-GOD-1, R-END-2),
    an option after which one of the player's own tiles or the god can no longer score,
    or the tile placed cannot score or is a wilderness by this choice, carries a warning
    that says it loses value: at every placement and refusal of random 2-4 player games.
    (A tile bound to be a wilderness, with no spot or left unpaid before, was warned at
    the take or the payment.)"""
    checked = warned = 0
    for state in random_games(30, seed=8200):
        if state.kind is not DecisionKind.PLACE and state.decision.refusal is None:
            continue
        seat = state.current
        view = outlook(state, seat)
        could = {t.position for t in view.tiles if t.prospect is not Prospect.LOST}
        god_could = view.god.god is not None and view.god.prospect is not Prospect.LOST
        fits = any(isinstance(a, Place) and not a.wild for a in state.decision_actions())
        for option in state.decision.legal_options:
            action = option.action
            if not isinstance(action, Place | Decline):
                continue
            trial = state.copy()
            trial.apply(action)
            after = outlook(trial, seat)
            lost = [t for t in after.lost if t.position in could]
            for t in after.tiles:
                if view.tile_at(t.position) is not None:
                    continue  # not the tile placed now
                wild_now = t.reason.startswith("wild") and fits
                if t.prospect is Prospect.LOST or (wild_now and t.points < 0):
                    lost.append(t)
            lost_god = god_could and after.god.prospect is Prospect.LOST
            if lost or lost_god:
                assert option.loses_value, (option, lost, lost_god)
                warned += 1
            checked += 1
    assert checked > 1000 and warned > 100, (checked, warned)


@pytest.mark.slow  # 40 whole games, every option played
def test_R_END_3_every_way_of_leaving_a_temple_tile_wild_says_the_token_loses_it() -> None:
    """At every payment and placement of a temple tile in random 2-4 player games, an
    option that makes it a wilderness names the tile and the temple tiles that would
    count for the token (checked against the final breakdown's count when it is placed
    that way), as a loss of value when it could be placed as itself; no other option
    says so."""
    said = 0
    for state in random_games(40, seed=8300):
        if state.kind not in (DecisionKind.PAY, DecisionKind.PLACE):
            continue
        tile = state.decision.tile
        assert tile is not None
        if state.kind is DecisionKind.PAY:  # a spot of its color, paid or not (R-TAKE-4)
            fits = bool(geometry.colored_spots(state.player.pyramid, tile.color))
        else:
            fits = any(isinstance(a, Place) and not a.wild for a in state.decision_actions())
        # a tile already gone wild at the payment was warned there
        temple = tile.effect.kind is EffectKind.TEMPLE and not (state.take and state.take.wild)
        for option in state.decision.legal_options:
            action = option.action
            warned = [w for w in option.warnings if isinstance(w, TempleUncounted)]
            wild = isinstance(action, GoWild) or (isinstance(action, Place) and action.wild)
            if not (temple and wild):
                assert not warned, option
                continue
            assert len(warned) == 1, option
            lost = warned[0]
            # bound to be a wilderness (no spot of its color): said, but no choice loses it
            assert lost.loses_value == fits and option.loses_value >= fits, option
            assert lost.tile == tile and lost.rule == "R-END-3"
            if isinstance(action, Place):
                trial = state.copy()
                trial.apply(action)
                counted = final_scores(trial)[state.current].temple_count if trial.is_over else None
                placed = effect_counts(trial.players[state.current].pyramid)["temple"]
                assert lost.temples == placed and counted in (None, placed)
            said += 1
    assert said > 5, said


def test_the_turn_summary_repeats_the_forest_the_turn_sealed() -> None:
    """The issue's Temple of Dawn placed on Young Woods' last free neighbour spot: the
    summary of the turn about to end says, marked '!', that Young Woods can no longer
    be validated (the warning said it before the choice)."""
    from orbis_tui.tui.core.history import made_impossible, summarize
    from orbis_tui.tui.widgets.panel import summary_lines

    state = sealed_forest_game()
    start = state.copy()
    events = state.apply(TakeTile(0))
    while not any(isinstance(e, TurnEnded) for e in events):
        actions = state.decision_actions()
        action = Place(2, 1) if Place(2, 1) in actions else actions[0]
        events = state.apply(action)
    lines = made_impossible(start, state, 0)
    assert lines == (
        "Young Woods (forest, 3 CP) can no longer be validated: matching neighbors 0 of 1, "
        "and too few spots left beside it",
    )
    summary = summarize(state, 0, 1, events, (0, ZERO), (0, ZERO), losses=lines)
    assert f"! {lines[0]}" in [line.plain for line in summary_lines(summary)]


def forest_at_the_market(need: int) -> GameState:
    """A pyramid of red tiles but a green column up to row 3: the market's green forest (cell 0,
    costs 1G, needs ``need`` green neighbours) fits only on it, at (4, 0), where it has
    one matching neighbour below and one free spot beside it."""
    pyramid: dict[Position, Content] = dict.fromkeys(
        [(1, c) for c in range(5)] + [(2, c) for c in range(4)] + [(3, 1), (3, 2)], R
    )
    pyramid[(1, 0)] = pyramid[(2, 0)] = pyramid[(3, 0)] = G  # green on green (R-PLACE-3)
    marsh = tile("Marsh", G, cost="G", cp=3, effect=forest([G], need))
    return position({0: marsh}, seats=[Seat(pyramid, realm="GG")])


def test_R_EFF_FOREST_a_forest_no_spot_can_validate_is_warned_at_the_market() -> None:
    state = forest_at_the_market(3)
    option = state.decision.option(TakeTile(0))
    assert option is not None and option.loses_value  # the market marks it `!`
    (warning,) = [w for w in option.warnings if isinstance(w, ForestOutlook)]
    assert (warning.have, warning.need, warning.open_spots, warning.spots) == (1, 3, 1, 1)
    assert message_of(warning) == (
        "Marsh (forest, 3 CP) cannot be validated at its only spot: at most 2 of the 3 "
        "matching neighbors it needs, even with every free spot beside it."
    )
    state.apply(TakeTile(0))  # and again at the payment: paying is throwing 1G away
    assert state.kind is DecisionKind.PAY
    pay = next(o for o in state.decision.legal_options if isinstance(o.action, Pay))
    assert any(isinstance(w, ForestOutlook) and w.spots == 1 for w in pay.warnings)


def test_R_EFF_FOREST_a_forest_that_can_still_be_validated_is_not_warned_at_the_market() -> None:
    state = forest_at_the_market(2)
    option = state.decision.option(TakeTile(0))
    assert option is not None
    assert not any(isinstance(w, ForestOutlook) for w in option.warnings)


def test_R_EFF_FOREST_the_turn_summary_names_a_forest_placed_where_it_cannot_score() -> None:
    from orbis_tui.tui.core.controller import Controller
    from orbis_tui.tui.core.history import made_impossible

    state = forest_at_the_market(3)
    start = state.copy()
    state.apply(TakeTile(0))
    ui = Controller()
    ui.reset(state)
    assert ui.pay_default(state) == "pay"  # 0 CP as a forest beats -1 as a wilderness
    state.apply(next(a for a in state.decision_actions() if isinstance(a, Pay)))
    state.apply(Place(4, 0))
    (line,) = made_impossible(start, state, 0)
    assert line.startswith("Marsh (forest, 3 CP) can no longer be validated")
