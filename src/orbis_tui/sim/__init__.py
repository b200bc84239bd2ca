"""Computer-only games: self-play with invariant checks, tournaments between levels,
the rating ladder, the balance study and the engine benchmark.

Every simulation plays through one loop (:func:`.loop.play_out`), builds its bots from
the one registry (:mod:`orbis_tui.bots`: ``LEVELS``, ``make_bot``) and seeds a seat's
bot with :func:`orbis_tui.bots.bot_seed`, like the app does.
"""

from __future__ import annotations

from .loop import InvariantBroken, Played, play_out
from .pool import run_jobs

__all__ = ["InvariantBroken", "Played", "play_out", "run_jobs"]
