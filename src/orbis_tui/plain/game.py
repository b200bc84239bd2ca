"""Starting a game at the plain-text seat (``orbis play --plain``): what every
plain-text command does first (the language, the data folder's store, colors named in
words), the seats named and given their computer levels, and the game itself, a new
one or the unfinished one resumed, played by a :class:`~.seat.PlainSeat` until it ends
or the input does (saved either way)."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .. import i18n
from ..i18n import gettext as _
from ..saves import LockState, SaveStore
from ..tiles import use_cache
from ..tui.core.seats import HUMAN, Seat, seats_of
from ..tui.core.session import GameSession
from ..tui.texts_screens import NEW_SEAT_PLACEHOLDER
from ..words import spell_colors
from . import texts
from .commands import Lines
from .seat import InputEnded, PlainSeat
from .spoken import plain

if TYPE_CHECKING:
    from ..analysis import JudgedAhead
    from ..records import Match


def seats_from(players: int, names: Sequence[str], levels: dict[int, str]) -> list[Seat]:
    """``players`` seats named from ``names`` (else "Player N"), with computer levels."""
    seats = []
    for n in range(players):
        name = names[n] if n < len(names) and names[n] else None
        name = name or _(NEW_SEAT_PLACEHOLDER).format(n=n + 1)
        seats.append(Seat(name, levels.get(n + 1, HUMAN)))
    return seats


def start_plain(data_dir: Path | None, language: str | None) -> tuple[SaveStore, bool]:
    """What every plain-text command does first: the language, the data folder's store
    and its catalog cache, colors named in words. Returns the store and the colors'
    previous setting (for ``spell_colors`` at the end)."""
    gc.enable()  # the orbis command turns collection off while an app starts
    if language:
        i18n.set_language(i18n.resolve_language(language, None))
    store = SaveStore(data_dir)
    use_cache(store.cache_dir)
    return store, spell_colors(True)


def run_plain(
    data_dir: Path | None,
    *,
    players: int = 2,
    seed: int | None = None,
    levels: dict[int, str] | None = None,
    names: Sequence[str] = (),
    language: str | None = None,
    read: Lines,
    write: TextIO,
) -> int:
    """Play (or resume) a game line by line; the exit status."""
    from ..records import Match, setup_for_game

    store, before = start_plain(data_dir, language)
    lock = store.acquire()
    try:
        if lock.state is LockState.ELSEWHERE:
            write.write(_(texts.LOCKED).format(folder=store.root) + "\n")
            return 1
        loaded = store.load()
        for notice in loaded.notices:
            write.write(plain(notice) + "\n")
        match: Match | None = None
        resumed = False
        if loaded.resumable and seed is None and not levels:
            match = loaded.match
            resumed = True
        if match is None:
            seats = seats_from(players, names, levels or {})
            if seed is None:
                seed = time.time_ns() % 1_000_000_000
            setup = setup_for_game([s.name for s in seats], seed, 0)
            if any(not s.human for s in seats):
                setup.seats = [s.kind for s in seats]
            if loaded.match is not None:
                store.archive_autosave(loaded.match.record)
            match = Match.start(setup)
        else:
            setup = match.record.setup
            seats = seats_of(setup.players, setup.seats, setup.no_hints)
        session = GameSession(match, store, seats)
        ahead = judged_ahead(store, data_dir)
        seat = PlainSeat(session, read, write, resumed=resumed, ahead=ahead)
        try:
            return seat.run()
        except (InputEnded, KeyboardInterrupt):  # the input ended, or ctrl+c: saved as quit
            return seat.leave()
        finally:
            if ahead is not None:
                ahead.close()
    finally:
        spell_colors(before)
        store.release()


def judged_ahead(store: SaveStore, data_dir: Path | str | None) -> JudgedAhead | None:
    """Where the game's turns are judged as they end, for its review, when the player's
    settings ask for it (the app's "Prepare the review", on by default; read where the
    app reads them: in the data folder when one is chosen for this run)."""
    from ..analysis import REVIEW_PER_OPTION, JudgedAhead, ReviewCache, judging_ahead_allowed
    from ..paths import ENV_DATA_DIR
    from ..tui.core.settings import SettingsFile

    chosen = data_dir is not None or os.environ.get(ENV_DATA_DIR)
    settings = SettingsFile(store.root / "config" if chosen else None).load()
    if not judging_ahead_allowed() or not settings.review_ahead:
        return None
    cache = ReviewCache.in_data_folder(store.root, writable=not store.read_only)
    return JudgedAhead(per_option=REVIEW_PER_OPTION, kept=cache.turns)
