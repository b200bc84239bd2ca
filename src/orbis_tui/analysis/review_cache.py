"""Reviews once computed, kept on disk so that a review reopens at once.

A review is kept under ``reviews/`` in the user's data folder, one file per review,
named by a hash of everything it depends on: the record's content, the review's
parameters (search size or budget, seed, seats), the language of its reasons and the
program (its version, and the files of the parts that judge: a change to one makes
every kept review stale). It is written atomically; only a complete review is kept.

Nothing read back is trusted blindly: a file that cannot be read, is not a review, or
does not fit the record it is named for (other players, a move that is not the
record's, a loss that is not a number) is ignored with a note, and the review is
computed again (and written over it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..files import read_text, write_atomic
from ..i18n import language
from ..records import GameRecord
from .fingerprint import program_fingerprint
from .kept_turns import FOLDER as TURNS_FOLDER
from .kept_turns import KeptTurns
from .review import FORMAT, GameReview
from .review_model import check_move, is_number

FOLDER = "reviews"
LIMIT = 16 << 20  # bytes: a 4-player game's review is well under 1 MiB


def review_key(
    record: GameRecord,
    *,
    seats: Iterable[int] | None = None,
    per_option: int | None = None,
    time_budget: float | None = None,
    seed: int = 0,
    lang: str | None = None,
) -> str:
    """The name a review of ``record`` with these parameters is kept under."""
    players = len(record.setup.players)
    wanted = sorted(set(range(players) if seats is None else seats))
    described = {
        "format": FORMAT,
        "program": program_fingerprint(),
        "language": lang if lang is not None else language(),
        "per_option": None if time_budget is not None else per_option,
        "time_budget": time_budget,
        "seed": seed,
        "seats": wanted,
    }
    digest = hashlib.sha256(json.dumps(described, sort_keys=True).encode())
    digest.update(b"\n")
    digest.update(record.to_json().encode())
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Cached:
    """What the cache holds for a key: the review, or why the file there was ignored."""

    review: GameReview | None
    note: str | None = None  # a file was there but could not be used: why


class ReviewCache:
    """The reviews kept in ``folder``; ``writable`` False only reads them."""

    def __init__(self, folder: Path, *, writable: bool = True) -> None:
        self.folder = folder
        self.writable = writable
        # the turns judged, kept beside the reviews (reviews/turns/)
        self.turns = KeptTurns(folder / TURNS_FOLDER, writable=writable)

    @classmethod
    def in_data_folder(cls, data_dir: Path, *, writable: bool = True) -> ReviewCache:
        return cls(data_dir / FOLDER, writable=writable)

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def load(self, key: str, record: GameRecord) -> Cached:
        """The review kept under ``key`` for ``record``, checked against it."""
        path = self.path(key)
        try:
            text = read_text(path, LIMIT)
        except FileNotFoundError:
            return Cached(None)
        except OSError as exc:
            return Cached(None, f"{path.name}: {exc.strerror or exc}")
        try:
            review = GameReview.from_json(text)
            check_review(review, record)
        except ValueError as exc:
            return Cached(None, f"{path.name}: {exc}")
        return Cached(review)

    def save(self, key: str, review: GameReview) -> str | None:
        """Keep ``review`` (a complete one only); the reason when it could not be."""
        if not self.writable or not review.settings.get("complete", False):
            return None
        try:
            write_atomic(self.path(key), review.to_json(), durable=False)
        except OSError as exc:
            return f"{self.path(key)}: {exc.strerror or exc}"
        return None


def check_review(review: GameReview, record: GameRecord) -> None:
    """Raise ``ValueError`` unless ``review`` can be a complete review of ``record``:
    its players are the record's, each move judged is the record's own (the actions
    it names are the record's at that place), every number is a number."""
    names = tuple(record.setup.players)
    if review.names != names:
        raise ValueError("the players are not the record's")
    if review.settings.get("complete") is not True:
        raise ValueError("an unfinished review")
    actions = record.actions
    seen: set[int] = set()
    for move in review.moves:
        check_move(move, actions, len(names))
        if move.index in seen:
            raise ValueError(f"move {move.index} is judged twice")
        seen.add(move.index)
    for number in review.forced:
        if not isinstance(number, int) or not 0 <= number < len(actions):
            raise ValueError(f"forced decision {number!r} is not one of the record's")
    for player in review.players:
        if not 0 <= player.seat < len(names) or player.name != names[player.seat]:
            raise ValueError(f"player {player.seat!r} is not the record's")
        if not all(isinstance(point, str) for point in player.lesson):
            raise ValueError(f"{player.name}'s lesson is not text")
        if not is_number(player.total_loss):
            raise ValueError(f"{player.name}'s loss is not a number")
