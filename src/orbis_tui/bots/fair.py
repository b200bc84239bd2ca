"""What makes every computer player fair: its choices depend only on what it can see.

A bot's random numbers for one decision come from :func:`decision_rng`, seeded by the
bot's own seed and the *public* position (``state.public_signature()``: everything but
the order of the face-down piles). Wherever a bot looks past the end of a turn it works
on :meth:`~orbis_tui.engine.GameState.resample_hidden` copies, whose piles are shuffled
from a canonical order by that generator. So a computer move is a function of the
public position, the bot's seed and (for a search with a time budget) how much time it
got; permuting the unseen tiles never changes it.
"""

from __future__ import annotations

import hashlib
import random

from ..engine import GameState


def position_key(state: GameState) -> bytes:
    """A digest of the public position, the same in every process and run."""
    return hashlib.blake2b(repr(state.public_signature()).encode(), digest_size=16).digest()


def decision_rng(seed: int | None, state: GameState) -> random.Random:
    """The random numbers of one decision: from the bot's seed and the public position."""
    base = 0 if seed is None else seed
    digest = hashlib.blake2b(
        base.to_bytes(16, "little", signed=True) + position_key(state), digest_size=8
    ).digest()
    return random.Random(int.from_bytes(digest, "little"))


def tree_rng(seed: int | None, state: GameState, tree: int) -> random.Random:
    """The random numbers of the ``tree``-th of several independent searches of one
    decision (the first uses :func:`decision_rng`'s): from the bot's seed, the tree's
    number and the public position."""
    base = 0 if seed is None else seed
    digest = hashlib.blake2b(
        base.to_bytes(16, "little", signed=True) + tree.to_bytes(4, "little") + position_key(state),
        digest_size=8,
        person=b"orbis-tree",
    ).digest()
    return random.Random(int.from_bytes(digest, "little"))
