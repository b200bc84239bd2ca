"""Reasons in plain words: what an option does and risks, and why another was better."""

from __future__ import annotations

import random

import pytest

from builders import Content, G, R, Seat, W, forest, plain, position, tile
from orbis_tui.engine import (
    DecisionKind,
    EffectKind,
    Exchange,
    GameState,
    GoWild,
    IrrigationFails,
    OnlyAsWilderness,
    Pay,
    Place,
    TakeTile,
    Tile,
    new_game,
)
from orbis_tui.tiles import load_catalog
from orbis_tui.words import message_of, name_of
from orbis_tui.words.reasons import loss_reason, option_reason


def irrigation_to_place() -> GameState:
    """A random game (seed 16) at the placing of an irrigation: row 2 spots feed it
    (R-EFF-IRRIGATION), the bottom row ends cancel it."""
    state = new_game(load_catalog(), ["Ann", "Ben"], seed=16, first_player=0)
    rng = random.Random(16)
    for _ in range(23):
        state.apply(rng.choice(state.decision_actions()))
    assert state.kind is DecisionKind.PLACE
    assert state.take is not None and state.take.tile.effect.kind is EffectKind.IRRIGATION
    return state


def test_an_option_says_what_it_does_and_what_comes_of_it() -> None:
    state = irrigation_to_place()
    assert state.take is not None
    name = name_of(state.take.tile)
    fed = option_reason(state, Place(2, -1))
    assert fed.startswith(f"Place {name} at row 2, on ")
    assert f"{name} is validated" in fed
    assert "CP on the board" in fed
    dry = option_reason(state, (Place(1, -3),))
    assert f"{name} is canceled" in dry
    assert "\n" not in dry and "\n" not in fed
    assert state.kind is DecisionKind.PLACE  # the state is untouched


def test_an_option_names_its_risk_from_the_engine_warning() -> None:
    state = irrigation_to_place()
    wild = option_reason(state, Place(1, -3, True))
    option = state.decision.option(Place(1, -3, True))
    assert option is not None
    warnings = option.warnings
    assert len(warnings) == 2  # the wilderness's points and the payment lost
    assert wild.endswith("Risk: " + " ".join(message_of(w) for w in warnings))


def test_a_cancelled_irrigation_is_explained_by_the_spot_that_would_feed_it() -> None:
    state = irrigation_to_place()
    option = state.decision.option(Place(1, -3))
    assert option is not None and state.take is not None
    assert any(isinstance(w, IrrigationFails) for w in option.warnings)
    reason = loss_reason(state, Place(1, -3), Place(2, -1))
    name = name_of(state.take.tile)
    assert reason.startswith(f"{name} was canceled here")
    assert "would have validated it" in reason
    assert "row 2, on " in reason


def test_a_wilderness_instead_of_a_paid_tile_is_named() -> None:
    state = new_game(load_catalog(), ["Ann", "Ben"], seed=3, first_player=0)
    rng = random.Random(1)
    while state.kind is not DecisionKind.PAY or len(state.decision.legal_options) < 2:
        state.apply(rng.choice(state.decision_actions()))
    pay = next(o.action for o in state.decision.legal_options if isinstance(o.action, Pay))
    reason = loss_reason(state, GoWild(), pay, loss=3.0)
    assert reason.startswith("The tile went to a wilderness")
    assert "better: pay" in reason


@pytest.mark.parametrize("loss", [2.5, None])
def test_without_a_concrete_difference_the_search_estimate_is_given(loss: float | None) -> None:
    state = new_game(load_catalog(), ["Ann", "Ben"], seed=3, first_player=0)
    options = state.decision.legal_options
    reason = loss_reason(state, options[0].action, options[0].action, loss=loss)
    assert "the search expects" in reason
    assert ("2.5 CP" in reason) == (loss is not None)


def test_exchanges_are_said_before_the_answer_they_prepare() -> None:
    state = new_game(load_catalog(), ["Ann", "Ben"], seed=7, first_player=0)
    rng = random.Random(7)
    while not any(isinstance(a, Exchange) for a in state.legal_actions()):
        state.apply(rng.choice(state.decision_actions()))
    exchange = next(a for a in state.legal_actions() if isinstance(a, Exchange))
    after = state.copy()
    after.apply(exchange)
    answer = after.decision_actions()[0]
    line = option_reason(state, (exchange, answer))
    give, get = exchange.give.label, exchange.get.label
    assert line.startswith(f"Exchange 3 {give} for 1 {get}, then ")


def _payable_somehow(state: GameState, depth: int = 3) -> bool:
    """Whether the tile being paid for can be paid, after up to ``depth`` exchanges."""
    if any(isinstance(a, Pay) for a in state.decision_actions()):
        return True
    if depth == 0:
        return False
    for action in state.legal_actions():
        if isinstance(action, Exchange):
            after = state.copy()
            after.apply(action)
            if _payable_somehow(after, depth - 1):
                return True
    return False


def _wild_only_take() -> tuple[GameState, TakeTile]:
    """A turn of a random game with a market tile that can only become a wilderness:
    no spot takes its color, or it cannot be paid even with exchanges (R-TAKE-3/4)."""
    for seed in range(40):
        state = new_game(load_catalog(), ["Ann", "Ben"], seed=seed, first_player=0)
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            if state.kind is DecisionKind.TURN:
                for action in state.decision_actions():
                    if not isinstance(action, TakeTile):
                        continue
                    after = state.copy()
                    after.apply(action)
                    if after.kind is not DecisionKind.PAY:
                        continue
                    spots = [o for o in after.decision.legal_options if isinstance(o.action, Pay)]
                    homeless = any(
                        isinstance(w, OnlyAsWilderness)
                        for o in state.decision.options
                        if o.action == action
                        for w in o.warnings
                    )
                    if homeless or (not spots and not _payable_somehow(after)):
                        return state, action
            state.apply(rng.choice(state.decision_actions()))
    raise AssertionError("no wilderness-only take in 40 games")


def test_a_take_that_can_only_be_a_wilderness_is_worded_as_one() -> None:
    state, take = _wild_only_take()
    tile = state.market[take.cell]
    assert tile is not None
    line = option_reason(state, take)
    assert f"as a wilderness (-1 CP, not its {tile.cp})" in line
    assert f"{tile.cp} CP)" not in line.replace(f"not its {tile.cp})", "")  # never as scoring
    # why, in words that cannot be read as "neither": paying alone, or placing alone, may do
    assert "cannot be both paid for and placed as itself" in line
    # the review says the same when such a take was the better choice
    other = next(a for a in state.decision_actions() if a != take)
    assert "as a wilderness" in loss_reason(state, other, take, loss=2.0)


# ------------------------------------------------------------ the outlook in reasons
def _young_woods(market_tile: Tile, elsewhere: bool = False) -> GameState:
    """Young Woods (green forest, needs 1 green neighbour) with one free neighbour spot:
    row 2 on it and Cloud Pasture, where ``market_tile`` (cell 1) can go; ``elsewhere``:
    row 2's fourth spot is free too, on a green tile, away from the forest."""
    woods = tile("Young Woods", G, cp=3, effect=forest([G], 1))
    pyramid: dict[tuple[int, int], Content] = {
        (1, 0): R,
        (1, 1): woods,
        (1, 2): plain("Cloud Pasture", W),
        (1, 3): G if elsewhere else R,
        (1, 4): R,
        (2, 0): R,
        (2, 2): G if elsewhere else R,
    }
    if not elsewhere:
        pyramid[(2, 3)] = R
    return position({0: market_tile}, seats=[Seat(pyramid)])


def test_a_hint_says_what_a_placement_makes_of_a_waiting_forest() -> None:
    """R-EFF-FOREST in the game's terms: a green tile on Young Woods' last free
    neighbour spot validates it (said, though no event says it before the end); a white
    one seals it (said once, by the warning with its reason)."""
    state = _young_woods(plain("Moss Hill", G, cp=2))
    state.apply(TakeTile(0))
    assert state.kind is DecisionKind.PLACE
    reason = option_reason(state, [Place(2, 1)])
    assert "Young Woods (forest, 3 CP) is validated" in reason
    white = _young_woods(plain("Chalk Hill", W, cp=2))
    white.apply(TakeTile(0))
    reason = option_reason(white, [Place(2, 1)])
    assert reason.count("Young Woods (forest, 3 CP) can no longer be validated") == 1
    assert "its last free neighbor spot would be white" in reason


def test_a_review_names_the_forest_the_best_move_validates() -> None:
    state = _young_woods(plain("Moss Hill", G, cp=2), elsewhere=True)
    state.apply(TakeTile(0))
    assert Place(2, 3) in state.decision_actions()
    reason = loss_reason(state, [Place(2, 3)], [Place(2, 1)])
    assert "which validates Young Woods" in reason


def test_a_hint_says_what_a_wilderness_opens_above_it() -> None:
    """R-PLACE-3: a wilderness counts as every color, so the spot above it and a red
    tile takes any color: the upside of a take that ends as a wilderness."""
    pyramid: dict[tuple[int, int], Content] = {**{(1, c): R for c in range(5)}, (2, 1): R}
    state = position({0: plain("Ember", R, 2)}, seats=[Seat(pyramid)])
    wild = option_reason(state, TakeTile(0), (TakeTile(0), Place(2, 0, True)))
    assert "Good for: the wilderness lets any color go on the spot above it" in wild
    red = option_reason(state, TakeTile(0), (TakeTile(0), Place(2, 0)))
    assert "Good for" not in red


def test_a_hint_says_when_its_payment_needs_an_exchange() -> None:
    """R-TURN-2: paying 1G from three reds needs one 3-for-1 exchange."""
    grove = tile("Grove", G, cost="G", cp=3)
    state = position({0: grove}, seats=[Seat({(1, 0): G}, realm="RRR")])
    plan = (TakeTile(0), Exchange(R, G), Pay((0, 0, 0, 0, 0)), Place(1, 1))
    said = option_reason(state, TakeTile(0), plan)
    assert "Paying it needs a 3-for-1 exchange." in said
    assert "exchange" not in option_reason(state, TakeTile(0))
