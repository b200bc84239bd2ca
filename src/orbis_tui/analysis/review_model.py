"""What a review holds: each decision judged (:class:`MoveReview`), each player's
summary, and the whole review with its JSON form (format ``orbis-review/1``, see
docs/review.md). How the decisions are judged is :mod:`.review`'s."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..records import GameRecord

FORMAT = "orbis-review/1"

# The verdicts of a decision.
MISTAKE = "mistake"  # clearly at least MISTAKE_FLOOR CP lost
FINE = "fine"  # clearly less than MISTAKE_FLOOR CP lost (the move played or as good)
UNCLEAR = "unclear"  # the futures played cannot tell

BIGGEST = 3  # mistakes listed per player

# The kinds of decision judged.
KINDS = frozenset(
    {"turn", "pay", "place", "gain", "village", "volcano", "love", "death", "discard"}
)


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision judged. ``index`` is the number (0-based, in ``record.actions``) of
    the action that answered it; ``played`` and ``best`` are notation entries, the
    exchanges made first included; margins are expected final CP margins of ``seat``
    (its CP minus the best other seat's); ``stderr`` is the combined standard error of
    their difference (``inf`` when the search gave an option too few visits)."""

    index: int
    turn: int  # the game's turn, from 1
    seat: int
    kind: str  # the decision: turn, pay, place, gain, village, volcano, ...
    played: tuple[str, ...]
    best: tuple[str, ...]
    played_margin: float
    best_margin: float
    stderr: float
    loss: float  # best_margin - played_margin, never below 0
    mistake: bool
    reason: str  # why the best was better (mistakes); empty when nothing to say
    hinted: bool  # a hint was shown at this decision
    verdict: str = ""  # MISTAKE, FINE or UNCLEAR ("" in reviews written before verdicts)
    # the chances of winning (a shared victory shared) after the move played and the
    # best; NaN when unknown (reviews written before the victory was judged)
    played_win: float = math.nan
    best_win: float = math.nan

    @property
    def judged_as(self) -> str:
        """The verdict, also for a review written before verdicts were recorded."""
        if self.verdict:
            return self.verdict
        if self.mistake:
            return MISTAKE
        return FINE if self.best == self.played else UNCLEAR

    @property
    def unclear(self) -> bool:
        """Whether the futures played could not tell a mistake from a fine move."""
        return self.judged_as == UNCLEAR


# A turn's judgements: each decision judged, with the search iterations it took.
TurnJudgements = tuple[tuple[MoveReview, int], ...]


class TurnsKept(Protocol):
    """Where judged turns are kept between reviews (:class:`.kept_turns.KeptTurns`)."""

    def get(self, key: str, record: GameRecord) -> TurnJudgements | None: ...

    def put(self, key: str, judgements: TurnJudgements) -> None: ...


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    seat: int
    name: str
    decisions: int  # judged: with more than one legal answer
    total_loss: float
    mistakes: int
    biggest: tuple[MoveReview, ...]  # up to BIGGEST mistakes, biggest loss first
    lesson: tuple[str, ...] = ()  # what decided the game (see .lesson); () if incomplete

    @classmethod
    def of(
        cls, seat: int, name: str, moves: Sequence[MoveReview], lesson: tuple[str, ...] = ()
    ) -> PlayerSummary:
        """The summary of ``seat``'s decisions among ``moves`` (every seat's)."""
        own = [m for m in moves if m.seat == seat]
        mistakes = sorted((m for m in own if m.mistake), key=lambda m: (-m.loss, m.index))
        return cls(
            seat=seat,
            name=name,
            decisions=len(own),
            total_loss=sum(m.loss for m in own),
            mistakes=len(mistakes),
            biggest=tuple(mistakes[:BIGGEST]),
            lesson=lesson,
        )


@dataclass(frozen=True, slots=True)
class LossParts:
    """A player's total CP lost, split so that the parts shown add up to it (each part
    rounded to the tenth the way it is shown): the losses of ``listed`` decisions, and
    the rest, spread over ``others`` other decisions that lost something."""

    total: float
    listed: float
    rest: float
    others: int


def loss_parts(moves: Sequence[MoveReview], seat: int, listed: Sequence[MoveReview]) -> LossParts:
    """``seat``'s total loss over ``moves``, as ``listed`` moves plus the others."""
    own = [m for m in moves if m.seat == seat]
    total = round(sum(m.loss for m in own), 1)
    shown = {m.index for m in listed}
    listed_loss = round(sum(m.loss for m in own if m.index in shown), 1)
    others = sum(1 for m in own if m.index not in shown and m.loss > 0)
    return LossParts(total, listed_loss, round(total - listed_loss, 1), others)


@dataclass(frozen=True, slots=True)
class GameReview:
    names: tuple[str, ...]
    players: tuple[PlayerSummary, ...]  # the seats reviewed, in seat order
    moves: tuple[MoveReview, ...]  # in the record's order
    settings: dict[str, Any] = field(default_factory=dict)
    forced: tuple[int, ...] = ()  # action numbers of decisions with one legal answer

    def to_json(self) -> str:
        """The review as JSON (format ``orbis-review/1``, see docs/review.md)."""
        data = {
            "format": FORMAT,
            "names": list(self.names),
            "settings": self.settings,
            "players": [_summary_plain(p) for p in self.players],
            "moves": [move_plain(m) for m in self.moves],
            "forced": list(self.forced),
        }
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameReview:
        """The review :meth:`to_json` wrote (``ValueError`` for anything else)."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"not a review of format {FORMAT}")
            moves = tuple(move_from_plain(m) for m in data["moves"])
            by_index = {m.index: m for m in moves}
            players = tuple(
                PlayerSummary(
                    seat=p["seat"],
                    name=p["name"],
                    decisions=p["decisions"],
                    total_loss=p["total_loss"],
                    mistakes=p["mistakes"],
                    biggest=tuple(by_index[i] for i in p["biggest"]),
                    lesson=tuple(p.get("lesson", ())),
                )
                for p in data["players"]
            )
            return cls(
                names=tuple(data["names"]),
                players=players,
                moves=moves,
                settings=data["settings"],
                forced=tuple(data["forced"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a game review: {exc!r}") from None


class ReviewFailed(RuntimeError):
    """A review stopped by a turn that failed: its judgement raised, or the worker
    process judging it was lost. ``review`` covers the turns judged before (its
    ``settings["complete"]`` is False); the message says what went wrong."""

    def __init__(self, review: GameReview, error: BaseException) -> None:
        words = str(error)
        super().__init__(f"{type(error).__name__}: {words}" if words else type(error).__name__)
        self.review = review


def move_plain(move: MoveReview) -> dict[str, Any]:
    plain = asdict(move)
    plain["played"] = list(move.played)
    plain["best"] = list(move.best)
    plain["stderr"] = move.stderr if math.isfinite(move.stderr) else None
    for key in ("played_win", "best_win"):
        plain[key] = plain[key] if math.isfinite(plain[key]) else None
    return plain


def move_from_plain(plain: dict[str, Any]) -> MoveReview:
    values = dict(plain)
    values["played"] = tuple(plain["played"])
    values["best"] = tuple(plain["best"])
    values["stderr"] = math.inf if plain["stderr"] is None else plain["stderr"]
    for key in ("played_win", "best_win"):
        values[key] = math.nan if plain.get(key) is None else plain[key]
    return MoveReview(**values)


def _summary_plain(summary: PlayerSummary) -> dict[str, Any]:
    return {
        "seat": summary.seat,
        "name": summary.name,
        "decisions": summary.decisions,
        "total_loss": summary.total_loss,
        "mistakes": summary.mistakes,
        "biggest": [m.index for m in summary.biggest],
        "lesson": list(summary.lesson),
    }


def check_move(move: MoveReview, actions: Sequence[str], players: int) -> None:
    """Raise ``ValueError`` unless ``move`` can be a judgement of a decision of the game
    whose ``actions`` are these, among ``players`` seats (a review or a turn read back
    from disk is checked so)."""
    index = move.index
    if not isinstance(index, int) or not 0 <= index < len(actions):
        raise ValueError(f"move {index!r} is not one of the record's")
    played = move.played
    first = index - len(played) + 1
    if first < 0 or tuple(actions[first : index + 1]) != tuple(played):
        raise ValueError(f"move {index} was not played in the record")
    if not isinstance(move.seat, int) or not 0 <= move.seat < players:
        raise ValueError(f"move {index}: no seat {move.seat!r}")
    if move.kind not in KINDS:
        raise ValueError(f"move {index}: no decision {move.kind!r}")
    if not all(isinstance(a, str) for a in move.best) or not isinstance(move.reason, str):
        raise ValueError(f"move {index}: not text")
    for value in (move.played_margin, move.best_margin, move.loss):
        if not is_number(value):
            raise ValueError(f"move {index}: {value!r} is not a number")
    if move.loss < 0 or not (is_number(move.stderr) or move.stderr == math.inf):
        raise ValueError(f"move {index}: a loss below 0 or an error that is not a number")


def is_number(value: object) -> bool:
    """A finite int or float (not a bool)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
