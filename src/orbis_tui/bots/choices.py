"""Quick answers to the small decisions: which worshipers to pay, return, take or keep.

These pick one good answer directly instead of trying every multiset, so a bot can
look at whole turns quickly. Every answer is a legal action for the pending decision
(the callers check the decision kind); exchanges are proposed only where they enable
something: paying a tile that is otherwise out of reach, or keeping a wanted color
while discarding down to the realm limit.
"""

from __future__ import annotations

from ..engine import (
    COLORS,
    EXCHANGE_RATE,
    LOVE_GIFT,
    NUM_COLORS,
    Action,
    ChooseWorshipers,
    Color,
    Count,
    Discard,
    Erupt,
    Exchange,
    GameState,
    Pay,
)


def keep_value(realm: list[int], color: int, need: list[float], cap: int = 5) -> float:
    """What the worshiper on top of a color's stack is worth keeping (higher: keep it)."""
    n = realm[color]
    if n > cap:
        return 1.0 / 3.0 + 0.001 * need[color]
    return 0.5 + 0.5 * need[color] + 0.02 * (cap - n)


def pick_to_give(realm: list[int], size: int, need: list[float]) -> Count:
    """``size`` worshipers from ``realm`` that hurt least to lose (realm must hold them)."""
    left = realm[:]
    given = [0] * NUM_COLORS
    for _ in range(size):
        best = -1
        best_value = 0.0
        for c in range(NUM_COLORS):
            n = left[c]
            if n <= 0:
                continue
            # keep_value(left, c, need), written out: this runs at every payment,
            # return and discard a search imagines
            value = 1.0 / 3.0 + 0.001 * need[c] if n > 5 else 0.5 + 0.5 * need[c] + 0.02 * (5 - n)
            if best < 0 or value < best_value:
                best, best_value = c, value
        left[best] -= 1
        given[best] += 1
    return tuple(given)


def pick_to_gain(realm: list[int], size: int, need: list[float]) -> Count:
    """``size`` worshipers to add to ``realm``: the most wanted colors, spread a little."""
    have = realm[:]
    gained = [0] * NUM_COLORS
    for _ in range(size):
        best = max(range(NUM_COLORS), key=lambda c: need[c] / (1.0 + 0.35 * have[c]))
        have[best] += 1
        gained[best] += 1
    return tuple(gained)


def best_gain_color(realm: list[int], need: list[float]) -> Color:
    counts = pick_to_gain(realm, 1, need)
    return COLORS[max(range(NUM_COLORS), key=lambda c: counts[c])]


def love_choice(realm: list[int], need: list[float]) -> ChooseWorshipers:
    return ChooseWorshipers(pick_to_gain(realm, LOVE_GIFT, need))


def pay_sequence(state: GameState, need: list[float]) -> list[Action] | None:
    """Exchanges (only if needed) then the payment of the taken tile; None: out of reach.

    Each missing colored worshiper costs one exchange of three worshipers of a color
    with a surplus; the "any" symbols take the worshipers least worth keeping.
    """
    assert state.take is not None
    due, any_count = state.payment_due()
    realm = state.player.realm[:]
    actions: list[Action] = []
    for c in range(NUM_COLORS):
        while realm[c] < due[c]:
            give = _exchange_source(realm, due, need)
            if give < 0:
                return None
            realm[give] -= EXCHANGE_RATE
            realm[c] += 1
            actions.append(Exchange(COLORS[give], COLORS[c]))
    left = [realm[c] - due[c] for c in range(NUM_COLORS)]
    if sum(left) < any_count:
        return None
    actions.append(Pay(pick_to_give(left, any_count, need)))
    return actions


def _exchange_source(realm: list[int], due: Count, need: list[float]) -> int:
    """The color to exchange from: a surplus of three, the least wanted first."""
    best = -1
    best_key: tuple[float, int] = (0.0, 0)
    for c in range(NUM_COLORS):
        surplus = realm[c] - due[c]
        if surplus >= EXCHANGE_RATE:
            key = (need[c], -surplus)
            if best < 0 or key < best_key:
                best, best_key = c, key
    return best


def discard_sequences(state: GameState, need: list[float]) -> list[list[Action]]:
    """Ways to get down to the realm limit: a plain discard, or first one exchange
    (three of a surplus color for one wanted color) and then the rest."""
    player = state.player
    realm = player.realm
    excess = state.discard_needed()
    options: list[list[Action]] = [[Discard(pick_to_give(realm, excess, need))]]
    shed = EXCHANGE_RATE - 1  # worshipers one exchange takes out of the realm
    if excess >= shed:
        want = max(range(NUM_COLORS), key=lambda c: need[c])
        for give in range(NUM_COLORS):
            if give == want or realm[give] < EXCHANGE_RATE:
                continue
            after = realm[:]
            after[give] -= EXCHANGE_RATE
            after[want] += 1
            seq: list[Action] = [Exchange(COLORS[give], COLORS[want])]
            rest = excess - shed
            if rest > 0:
                seq.append(Discard(pick_to_give(after, rest, need)))
            options.append(seq)
    return options


def volcano_choice(state: GameState, options: list[Erupt]) -> Erupt:
    """The eruption that leaves the least on any one market cell for the next player."""
    market = state.market_worshipers

    def key(option: Erupt) -> tuple[int, int]:
        totals = [sum(w) for w in market]
        for cell, count in option.removals:
            totals[cell] -= sum(count)
        assert state.take is not None
        totals[state.take.cell] = 0
        return max(totals), sum(t * t for t in totals)

    return min(options, key=key)
