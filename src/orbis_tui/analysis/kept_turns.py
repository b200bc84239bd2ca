"""Turns once judged, kept on disk so that no review judges them twice.

A review is made turn by turn, and a turn's judgement depends on nothing but its
:func:`.review.turn_key` (see :mod:`.ahead`). So each turn judged, while the game was
played or by a review, is kept under ``reviews/turns/`` in the user's data folder, one
file a turn, named by a hash of its key and of the program that judged it
(:func:`.fingerprint.program_fingerprint`: a change to the program makes every kept turn
stale). A game resumed later, a review stopped half-way and opened again, and
``orbis review`` of a game played here then take them as they are: the review is the
same, only sooner.

What is read back is checked against the record it is read for (its moves must be the
record's own, every number a number); a file that does not fit is ignored and the turn
judged again (and written over it). At most :data:`KEPT` turns are kept: the oldest go
first.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from pathlib import Path

from ..files import SMALL_FILE_LIMIT, read_text, write_atomic
from ..records import GameRecord
from .fingerprint import program_fingerprint
from .review import TurnJudgements
from .review_model import check_move, move_from_plain, move_plain

FOLDER = "turns"  # inside the kept reviews' folder
FORMAT = "orbis-turn/1"
KEPT = 4000  # turns: some 130 two-player games, a few MB

log = logging.getLogger(__name__)


class KeptTurns:
    """The judged turns kept in ``folder``; ``writable`` False only reads them."""

    def __init__(self, folder: Path, *, writable: bool = True, limit: int = KEPT) -> None:
        self.folder = folder
        self.writable = writable
        self.limit = limit

    def path(self, key: str) -> Path:
        named = hashlib.sha256(f"{program_fingerprint()}\n{key}".encode()).hexdigest()
        return self.folder / f"{named}.json"

    def get(self, key: str, record: GameRecord) -> TurnJudgements | None:
        """The turn kept under ``key`` for ``record`` (None: none, or one that does not
        fit it, which is logged)."""
        path = self.path(key)
        try:
            text = read_text(path, SMALL_FILE_LIMIT)
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("a kept turn could not be read: %s", exc)
            return None
        try:
            return turn_from_json(text, record)
        except ValueError as exc:
            log.warning("a kept turn was ignored (%s): %s", path.name, exc)
            return None

    def put(self, key: str, judgements: TurnJudgements) -> None:
        """Keep the turn judged under ``key`` (a failure is logged: only the head start
        of a later review is lost)."""
        if not self.writable:
            return
        try:
            write_atomic(self.path(key), turn_to_json(judgements), durable=False)
            self._forget_oldest()
        except OSError as exc:
            log.warning("a judged turn could not be kept: %s", exc)

    def _forget_oldest(self) -> None:
        kept = list(self.folder.glob("*.json"))
        if len(kept) <= self.limit:
            return
        by_age = sorted(kept, key=lambda path: path.stat().st_mtime_ns)
        for path in by_age[: len(kept) - self.limit]:
            path.unlink(missing_ok=True)


def turn_to_json(judgements: TurnJudgements) -> str:
    """A turn's judgements as the file keeps them."""
    moves = [{**move_plain(move), "iterations": searched} for move, searched in judgements]
    return json.dumps({"format": FORMAT, "moves": moves}, allow_nan=False) + "\n"


def turn_from_json(text: str, record: GameRecord) -> TurnJudgements:
    """The turn :func:`turn_to_json` wrote, checked against ``record`` (``ValueError``
    for anything else)."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a judged turn of format {FORMAT}")
        judged = []
        for plain in data["moves"]:
            plain = dict(plain)
            searched = plain.pop("iterations")
            judged.append((move_from_plain(plain), searched))
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
        raise ValueError(f"not a judged turn: {exc!r}") from None
    if not judged:
        raise ValueError("a turn without a decision")
    players = len(record.setup.players)
    for move, searched in judged:
        check_move(move, record.actions, players)
        if not isinstance(searched, int) or isinstance(searched, bool) or searched < 0:
            raise ValueError(f"move {move.index}: {searched!r} is not a count of iterations")
        for chance in (move.played_win, move.best_win):
            if not (math.isnan(chance) or 0 <= chance <= 1):
                raise ValueError(f"move {move.index}: {chance!r} is not a chance")
    return tuple(judged)
