"""Where a choice of worshipers starts: the picks the table proposes before the player
changes them (a payment of any colors, a village's returns, the God of Love's gift...).

Only proposals: the player may choose any other legal pick, and the engine judges it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import COLORS, Count


def most_plentiful(have: Sequence[int], n: int) -> Count:
    """Pick ``n`` worshipers from ``have``, one at a time from the largest pile left."""
    left = list(have)
    chosen = [0] * len(COLORS)
    for _step in range(n):
        best = max(range(len(COLORS)), key=lambda c: (left[c], -c))
        if left[best] <= 0:
            break
        left[best] -= 1
        chosen[best] += 1
    return tuple(chosen)


def fewest_first(have: Sequence[int], n: int) -> Count:
    """Pick ``n`` worshipers from the aether, each time the color the realm lacks most."""
    totals = list(have)
    chosen = [0] * len(COLORS)
    for _step in range(n):
        low = min(range(len(COLORS)), key=lambda c: (totals[c], c))
        totals[low] += 1
        chosen[low] += 1
    return tuple(chosen)
