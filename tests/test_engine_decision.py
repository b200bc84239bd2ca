"""``state.decision``: every option, legal or refused, and what each will lead to.

The warnings are checked against what really happens: each one is compared with the
outcome of playing its option on a copy of the game, over many random games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from builders import NAMES, TEMPLE, Seat, expect_illegal, farm, plain, position, tile, volcano
from orbis_tui.engine import (
    RULE_IDS,
    Cancelled,
    Color,
    DeathRefused,
    DeathUnaffordable,
    Decision,
    DecisionKind,
    Decline,
    EffectKind,
    EffectRefused,
    ForestOutlook,
    GameState,
    GodCancelled,
    GodId,
    GodLost,
    GoWild,
    IrrigationFails,
    OnlyAsWilderness,
    Option,
    Pay,
    PaymentLost,
    Place,
    RealmOverflow,
    ReturnUnaffordable,
    TakeGod,
    TakeTile,
    TempleUncounted,
    TokenAlreadyHeld,
    VolcanoFails,
    VolcanoRefused,
    WildernessCost,
    final_scores,
    geometry,
    shared_losses,
)
from orbis_tui.tiles import new_game
from orbis_tui.words import message_of
from rules_spec import specified_rule_ids


def random_positions(games: int, seed: int = 0) -> Iterator[GameState]:
    """Every position of ``games`` random 2-4 player games (the same state object,
    moved on after each yield)."""
    for index in range(games):
        rng = random.Random(seed + index)
        state = new_game(list(NAMES[: 2 + index % 3]), seed=seed + index)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))


def test_the_legal_options_are_the_decision_actions_and_every_refusal_cites_a_rule() -> None:
    known = set(RULE_IDS)
    seen_refused = 0
    for state in random_positions(25):
        decision = state.decision
        assert decision.kind is state.kind and decision.player == state.current
        assert [o.action for o in decision.options if o.legal] == state.decision_actions()
        assert {o.action for o in decision.options}.isdisjoint(decision.exchanges)
        assert set(decision.exchanges) == set(state.legal_actions()) - set(state.decision_actions())
        for option in decision.options:
            if option.refusal is not None:
                seen_refused += 1
                assert option.refusal.rule in known
                assert state.why_not(option.action) is not None
            for warning in option.warnings:
                assert warning.rule in known
                assert message_of(warning) and "{" not in message_of(warning)
    assert seen_refused > 100


def test_the_decision_is_kept_until_the_game_moves_and_undo_forgets_it() -> None:
    state = new_game(["Ada", "Bo"], seed=3)
    first = state.decision
    assert state.decision is first
    state.apply(first.legal_options[0].action)
    assert state.decision is not first
    state.undo()
    assert state.decision == first


def _play(state: GameState, *actions: object) -> list[object]:
    events: list[object] = []
    for action in actions:
        events.extend(state.apply(action))  # type: ignore[arg-type]
    return events


def _cancelled(events: list[object]) -> set[str]:
    return {e.reason for e in events if isinstance(e, Cancelled)}


def test_place_warnings_say_exactly_which_effects_will_be_cancelled() -> None:
    checked = {IrrigationFails: 0, VolcanoFails: 0, ReturnUnaffordable: 0}
    for state in random_positions(60):
        decision = state.decision
        if decision.kind is not DecisionKind.PLACE:
            continue
        for option in decision.legal_options:
            assert isinstance(option.action, Place)
            if option.action.wild:
                continue
            events = _play(state.copy(), option.action)
            cancelled = _cancelled(events)
            kinds = {type(w) for w in option.warnings}
            irrigation = bool(cancelled & {"irrigation_row1", "irrigation_dry"})
            assert (IrrigationFails in kinds) == irrigation
            assert (VolcanoFails in kinds) == ("volcano_impossible" in cancelled)
            assert (ReturnUnaffordable in kinds) == ("village_short" in cancelled)
            for kind in checked:
                checked[kind] += kind in kinds
    assert all(n > 0 for n in checked.values()), checked


def test_take_warnings_match_what_the_take_leads_to() -> None:
    volcanoes_warned = 0
    for state in random_positions(60):
        decision = state.decision
        if decision.kind is not DecisionKind.TURN:
            continue
        player = state.player
        for option in decision.legal_options:
            if not isinstance(option.action, TakeTile):
                continue
            tile = state.market[option.action.cell]
            assert tile is not None
            kinds = {type(w) for w in option.warnings}
            after = state.copy()
            after.apply(option.action)
            homeless = not geometry.colored_spots(player.pyramid, tile.color)
            assert (OnlyAsWilderness in kinds) == homeless
            if homeless:
                continue
            if tile.effect.kind is EffectKind.VOLCANO:
                assert (VolcanoFails in kinds) == (not after.volcano_possible())
            if tile.effect.kind is EffectKind.FARM:
                assert tile.effect.color is not None
                held = player.reductions[tile.effect.color]
                assert (TokenAlreadyHeld in kinds) == held
            volcanoes_warned += VolcanoFails in kinds
    assert volcanoes_warned > 0


def test_R_TAKE_4_a_tile_no_spot_takes_is_warned_at_the_market_and_when_paying() -> None:
    """Row 1 is full (all blue) and no supported spot takes a green tile."""
    green = tile("GT", Color.GREEN, cost="G", cp=3)
    blue_row = {(1, col): plain(f"B{col}", Color.BLUE) for col in range(5)}
    state = position({4: green}, seats=[Seat(blue_row, realm="G")])
    option = state.decision.option(TakeTile(4))
    assert option is not None
    assert option.warnings == (OnlyAsWilderness(green, Color.GREEN),)
    assert "wilderness" in message_of(option.warnings[0])
    state.apply(TakeTile(4))
    pay = state.decision.option(Pay((0, 0, 0, 0, 0)))
    assert pay is not None and [type(w) for w in pay.warnings] == [PaymentLost]
    assert pay.loses_value
    wild = state.decision.option(GoWild())
    assert wild is not None and not wild.loses_value  # a wilderness either way
    safest = state.decision.safest()
    assert safest is not None and isinstance(safest.action, GoWild)


def test_R_EFF_FARM_a_farm_whose_token_is_held_is_warned() -> None:
    first = tile("F1", Color.ORANGE, cp=1, effect=farm(Color.RED))
    second = tile("F2", Color.ORANGE, cp=1, effect=farm(Color.RED))
    state = position({4: second}, seats=[Seat({(1, 0): first})])
    assert state.players[0].reductions[Color.RED]
    option = state.decision.option(TakeTile(4))
    assert option is not None
    assert option.warnings == (TokenAlreadyHeld(second, Color.RED),)
    state.apply(TakeTile(4))
    place = state.decision.option(Place(1, 1))
    assert place is not None and place.warnings == (TokenAlreadyHeld(second, Color.RED),)


def test_forest_outlooks_are_borne_out_at_the_end_of_the_game() -> None:
    """A forest placed where it cannot be validated never is; one already validated stays."""
    promised: list[tuple[GameState, int, tuple[int, int], bool]] = []
    for index in range(40):
        rng = random.Random(900 + index)
        state = new_game(list(NAMES[:2]), seed=900 + index)
        watched: list[tuple[int, tuple[int, int], bool]] = []
        doomed: set[str] = set()  # forests taken where no spot could validate them
        while not state.is_over:
            decision = state.decision
            action = rng.choice(state.legal_actions())
            option = decision.option(action)
            take = state.take
            if isinstance(action, Place) and not action.wild and take and take.tile.id in doomed:
                watched.append((state.current, (action.row, action.col), False))
            if option is not None:
                for warning in option.warnings:
                    if isinstance(warning, ForestOutlook) and warning.spots:
                        # at a take or a payment: no spot can validate the forest
                        assert not warning.reachable and not isinstance(action, Place)
                        doomed.add(warning.tile.id)
                    elif isinstance(warning, ForestOutlook) and (
                        warning.validated or not warning.reachable
                    ):
                        assert isinstance(action, Place)
                        watched.append((state.current, (action.row, action.col), warning.validated))
            state.apply(action)
        for seat, pos, validated in watched:
            promised.append((state, seat, pos, validated))
    assert promised
    for state, seat, pos, validated in promised:
        score = next(t for t in final_scores(state)[seat].tiles if t.position == pos)
        assert (score.reason == "validated") == validated, (pos, score)


def test_paying_warns_when_the_payment_would_be_lost_or_the_village_cancelled() -> None:
    seen = {PaymentLost: 0, ReturnUnaffordable: 0, WildernessCost: 0}
    for state in random_positions(60):
        decision = state.decision
        if decision.kind is not DecisionKind.PAY:
            continue
        tile = decision.tile
        assert tile is not None
        homeless = not geometry.colored_spots(state.player.pyramid, tile.color)
        for option in decision.legal_options:
            kinds = {type(w) for w in option.warnings}
            if isinstance(option.action, GoWild):
                # (a god the wilderness makes impossible: tests/test_outlook.py)
                assert kinds - {GodLost, TempleUncounted} == {WildernessCost}
                temple = tile.effect.kind is EffectKind.TEMPLE
                assert (TempleUncounted in kinds) == temple
                seen[WildernessCost] += 1
                continue
            assert isinstance(option.action, Pay)
            assert (PaymentLost in kinds) == homeless
            seen[PaymentLost] += PaymentLost in kinds
            if ReturnUnaffordable in kinds:
                seen[ReturnUnaffordable] += 1
                after = state.copy()
                after.apply(option.action)
                places = [a for a in after.decision_actions() if isinstance(a, Place)]
                assert places == after.decision_actions()
                spot = next(a for a in places if not a.wild)
                assert "village_short" in _cancelled(_play(after, spot))
    assert all(n > 0 for n in seen.values()), seen


def test_refusing_and_risky_gods_are_warned() -> None:
    seen: set[type] = set()
    for state in random_positions(80):
        decision = state.decision
        for option in decision.legal_options:
            kinds = {type(w) for w in option.warnings}
            if isinstance(option.action, Decline):
                expected = {
                    DecisionKind.VILLAGE: EffectRefused,
                    DecisionKind.VOLCANO: VolcanoRefused,
                    DecisionKind.DEATH: DeathRefused,
                }[decision.kind]
                assert kinds - {GodLost} == {expected}  # the god: tests/test_outlook.py
                seen.add(expected)
            if option.action == TakeGod(GodId.DEATH):
                events = _play(state.copy(), option.action)
                cancelled = any(isinstance(e, GodCancelled) for e in events)
                assert (DeathUnaffordable in kinds) == cancelled
                seen |= kinds
            if option.action == TakeGod(GodId.LOVE):
                assert (RealmOverflow in kinds) == (state.player.worshipers + 5 > 10)
                seen |= kinds
    assert {EffectRefused, VolcanoRefused, DeathUnaffordable, RealmOverflow} <= seen


def test_R_TURN_1_a_turn_that_must_take_a_god_shows_the_market_refused() -> None:
    state = new_game(["Ada", "Bo"], seed=5, first_player=0)
    rng = random.Random(5)
    while not state.must_take_god():
        legal = [a for a in state.legal_actions() if not isinstance(a, TakeGod)]
        state.apply(rng.choice(legal or state.legal_actions()))
    decision = state.decision
    takes = [o for o in decision.options if isinstance(o.action, TakeTile)]
    assert len(takes) == 9
    assert all(o.refusal is not None and o.refusal.rule == "R-TURN-1" for o in takes)
    assert decision.must_take_god
    assert all(isinstance(o.action, TakeGod) for o in decision.legal_options)


def test_R_EFF_VOLCANO_taking_a_volcano_counts_the_worshipers_this_take_generates() -> None:
    """A red volcano in a corner generates 2 red next to it: enough for 2, not for 3."""
    for need, warned in (("RR", False), ("RRR", True)):
        state = position({0: tile("V", Color.RED, cp=3, effect=volcano(need))})
        option = state.decision.option(TakeTile(0))
        assert option is not None
        warnings = [w for w in option.warnings if isinstance(w, VolcanoFails)]
        assert bool(warnings) == warned
        if warned:
            assert warnings[0].available == (2, 0, 0, 0, 0)
            assert "canceled" in message_of(warnings[0])


def test_R_END_3_a_temple_left_as_a_wilderness_says_it_no_longer_counts_for_the_token() -> None:
    """Paid or not, a temple tile placed as a wilderness is no temple tile: the warning
    says its CP and what the temple token loses, with the temples already placed."""
    temple = tile("T", Color.WHITE, cost="W", cp=3, effect=TEMPLE, level=2, mystic=7)
    placed = tile("P", Color.WHITE, cp=2, effect=TEMPLE, level=2, mystic=3)
    for pyramid, count in (({}, 0), ({(1, 0): placed}, 1)):
        state = position({4: temple}, seats=[Seat(pyramid, realm="W")])
        state.apply(TakeTile(4))
        wild = state.decision.option(GoWild())
        assert wild is not None
        assert wild.warnings[:2] == (WildernessCost(-1, 3, True), TempleUncounted(temple, count))
        lost = wild.warnings[1]
        assert lost.loses_value and lost.rule == "R-END-3"
        assert "temple token" in message_of(lost) and "T" in message_of(lost)
        assert ("no temple token" in message_of(lost)) == (count == 0)
        # paid, then placed as a wilderness by choice: the same loss, said again
        pay = next(o for o in state.decision.legal_options if isinstance(o.action, Pay))
        assert not any(isinstance(w, TempleUncounted) for w in pay.warnings)
        state.apply(pay.action)
        as_wild = [o for o in state.decision.legal_options if getattr(o.action, "wild", False)]
        assert as_wild
        for option in as_wild:
            assert TempleUncounted(temple, count) in option.warnings
        as_itself = [o for o in state.decision.legal_options if not getattr(o.action, "wild", True)]
        assert as_itself and not any(
            isinstance(w, TempleUncounted) for o in as_itself for w in o.warnings
        )


def test_a_plain_tile_left_as_a_wilderness_says_nothing_of_temples() -> None:
    state = position({4: tile("T", Color.WHITE, cost="W", cp=3)}, seats=[Seat(realm="W")])
    state.apply(TakeTile(4))
    wild = state.decision.option(GoWild())
    assert wild is not None and not any(isinstance(w, TempleUncounted) for w in wild.warnings)


def test_R_END_2_going_wild_costs_one_point_but_nothing_with_idleness() -> None:
    def paying(god: GodId | None) -> GameState:
        market = {4: tile("T", Color.RED, cost="R", cp=4)}
        state = position(market, seats=[Seat(realm="R", god=god)])
        state.apply(TakeTile(4))
        return state

    state = paying(None)
    wild = state.decision.option(GoWild())
    assert wild is not None and wild.warnings == (WildernessCost(-1, 4, True),)
    assert wild.loses_value
    state = paying(GodId.IDLENESS)  # Ann took the Goddess of Idleness earlier
    wild = state.decision.option(GoWild())
    assert wild is not None and wild.warnings == (WildernessCost(0, 4, True),)
    assert wild.loses_value  # the tile's 4 CP are still given up


def test_the_safest_option_keeps_value_when_another_option_does() -> None:
    state = position({4: plain("P", Color.RED, cp=2)})
    state.apply(TakeTile(4))
    decision: Decision = state.decision
    safest = decision.safest()
    assert safest is not None and not safest.loses_value
    assert isinstance(safest.action, Place) and not safest.action.wild
    expect_illegal(state, Place(3, 0), "R-PLACE-2")


def test_when_every_option_loses_the_safest_loses_only_what_all_of_them_lose() -> None:
    """R-END-2: every spot as a wilderness costs its point; the safest spot is one that
    does not cancel an irrigation besides, even when it is not the first."""
    brook = plain("Brook", Color.BLUE, cp=3)
    point = WildernessCost(-1, 3)
    cancels = IrrigationFails(brook, Color.BLUE, row_one=True)
    decision = Decision(
        kind=DecisionKind.PLACE,
        player=0,
        rule="R-PLACE-1",
        options=(
            Option(Place(1, 0, wild=True), warnings=(point, cancels)),
            Option(Place(1, 1, wild=True), warnings=(point,)),
            Option(Place(1, 2, wild=True), warnings=(point,)),
        ),
    )
    assert all(o.loses_value for o in decision.options)
    assert shared_losses(decision.options) == {point}
    safest = decision.safest()
    assert safest is not None and safest.action == Place(1, 1, wild=True)
    assert decision.safest(decision.options[:1]) is decision.options[0]  # the only one


@pytest.mark.parametrize("rule", ["R-EFF-VOLCANO", "R-EFF-IRRIGATION", "R-EFF-FOREST"])
def test_every_warning_rule_is_a_rule_of_the_specification(rule: str) -> None:
    assert rule in specified_rule_ids()


def test_R_TAKE_3_the_any_symbols_are_paid_from_what_the_colored_cost_leaves() -> None:
    """``any_from`` bounds every legal payment of the "any" symbols, and each color's
    bound is reached by one of them (up to the number of symbols)."""
    checked = 0
    for seed in range(40):
        state = new_game(list(NAMES[:2]), seed=seed, first_player=0)
        rng = random.Random(seed)
        while not state.is_over and checked < 60:
            decision = state.decision
            if decision.kind is DecisionKind.PAY and decision.due_any:
                pays = [o.action for o in decision.legal_options if isinstance(o.action, Pay)]
                for color in range(len(decision.any_from)):
                    most = max((p.any_colors[color] for p in pays), default=None)
                    if most is not None:
                        assert most == min(decision.any_from[color], decision.due_any)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 0
