"""The game-record format and its replay.

A record is the setup (player names, who starts, the deal, optionally the seed it came
from and an embedded tile set) plus the actions in text notation, one decision per
entry. Loading a record *replays* it through the engine, so a hand-edited or corrupt
record can never produce an illegal state: it is refused with the entry number, the
rule id and the reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cache
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from ..engine import (
    MARKET_SIZE,
    REGION_TILES_PER_PLAYER,
    Catalog,
    Deal,
    Event,
    GameState,
    GodId,
    IllegalAction,
    NotationError,
    PositionError,
    check_deal,
    deal,
    game_from_deal,
    parse_action,
    setup_for,
)
from ..i18n import N_, gettext, ngettext
from ..options import MAX_SEED, MIN_SEED
from ..player_names import names_problems
from ..printable import MAX_LINE, printable
from ..tiles import DataFileError, default_gods_path, load_catalog
from ..words import message_of

if TYPE_CHECKING:
    from pydantic import TypeAdapter

FORMAT: Final = "orbis-record/1"

# Read by pydantic when a record file is checked (see ``load_record``): a record with a
# field this version does not know is refused rather than half understood.
_STRICT: dict[str, Any] = {"extra": "forbid"}


@dataclass(frozen=True, kw_only=True)
class DealEntry:
    """The deal as a record holds it: the engine's :class:`Deal`, field for field."""

    __pydantic_config__: ClassVar[dict[str, Any]] = _STRICT

    market: tuple[str, ...]
    piles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    gods: tuple[GodId, ...]
    temple_tokens: tuple[int, ...]

    @classmethod
    def of(cls, the_deal: Deal) -> DealEntry:
        return cls(
            market=the_deal.market,
            piles=(the_deal.piles[0], the_deal.piles[1], the_deal.piles[2]),
            gods=the_deal.gods,
            temple_tokens=the_deal.temple_tokens,
        )

    def to_deal(self) -> Deal:
        return Deal(self.market, self.piles, self.gods, self.temple_tokens)


@dataclass(kw_only=True)
class GameSetup:
    """Who plays, who starts, and the deal (or the seed it comes from).

    ``tiles`` embeds a whole tile set (entries shaped as in ``data/tiles.toml``) for
    games that must not depend on the shipped one; it is checked when the game starts.
    ``seats`` says who played each seat ("human", "easy", ...); it is informative.
    ``no_hints`` lists the seats (0-based) that chose to play without hints.
    """

    __pydantic_config__: ClassVar[dict[str, Any]] = _STRICT

    players: list[str]
    first_player: int = 0
    seed: int | None = None
    deal: DealEntry | None = None
    tiles: list[dict[str, Any]] | None = None
    seats: list[str] | None = None
    no_hints: list[int] | None = None


@dataclass(kw_only=True)
class GameRecord:
    """What is saved. ``actions`` are notation entries, one decision each."""

    __pydantic_config__: ClassVar[dict[str, Any]] = _STRICT

    format: Literal["orbis-record/1"] = FORMAT
    setup: GameSetup
    actions: list[str] = field(default_factory=list)
    # The numbers (0-based, into ``actions``) of the actions played at a decision where a
    # hint was shown; ``len(actions)`` for the decision still pending. Sorted, each once.
    hints: list[int] | None = None
    result: list[dict[str, Any]] | None = None  # the final standings, for readers; never trusted
    # At a table played apart: when a computer level played an absent person's seat
    # (``{"seat": 1, "level": "hard", "from": 12, "to": 30}``, action numbers; no
    # ``to`` while it still does). Informative, like ``setup.seats``.
    stand_ins: list[dict[str, Any]] | None = None

    def to_json(self) -> str:
        """The record as indented JSON text, fields without a value left out."""
        return json.dumps(self.to_plain(), indent=2, ensure_ascii=False) + "\n"

    def to_plain(self) -> dict[str, Any]:
        """The record as JSON-ready values: what :meth:`to_json` writes, not yet text."""
        plain: dict[str, Any] = _plain(self)
        return plain

    @classmethod
    def from_plain(cls, plain: Any, source: str = "record") -> GameRecord:
        """The record in ``plain``, JSON-ready values from elsewhere (a table server's
        message), checked as a record file is: raises :class:`RecordError` naming the
        field, with ``source`` for where it came from. The actions are not replayed."""
        return _checked_record(json.dumps(plain), source)

    @classmethod
    def from_own_json(cls, text: str) -> GameRecord:
        """The record in ``text``, which must be exactly what :meth:`to_json` wrote.

        Nothing is checked here: it is for text known to be unchanged since this
        program wrote it (see ``load_record``). Any other text goes through the check.
        """
        record: GameRecord = _from_plain(cls, json.loads(text))
        return record


def _plain(value: Any) -> Any:
    """``value`` as JSON-ready lists, dicts and scalars."""
    if is_dataclass(value) and not isinstance(value, type):
        pairs = ((f.name, getattr(value, f.name)) for f in fields(value))
        return {name: _plain(v) for name, v in pairs if v is not None}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _from_plain(kind: Any, value: Any) -> Any:
    """The inverse of :func:`_plain`: ``value``, as ``json.loads`` gives it, made the
    field type ``kind`` says, read from the dataclasses' own annotations (the schema is
    written once, above). Nothing is checked: a value of another shape gives another
    text when written back, which is how ``load_record`` notices it. pydantic would do
    the same, but importing it takes longer than the rest of the app's start."""
    if value is None:
        return None
    if isinstance(kind, type) and is_dataclass(kind):
        hints = _field_types(kind)
        return kind(**{name: _from_plain(hints[name], v) for name, v in value.items()})
    origin, args = get_origin(kind), get_args(kind)
    if origin is UnionType or origin is Union:  # X | None
        (inner,) = (arg for arg in args if arg is not type(None))
        return _from_plain(inner, value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_plain(args[0], v) for v in value)
        return tuple(_from_plain(arg, v) for arg, v in zip(args, value, strict=True))
    if origin is list:
        return [_from_plain(args[0], v) for v in value]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    return value  # text, numbers, a Literal, dict[str, Any]


@cache
def _field_types(kind: type) -> dict[str, Any]:
    return get_type_hints(kind)


class RecordError(Exception):
    """A record that cannot be loaded: which file, which entry, which rule, and why."""

    def __init__(
        self,
        message: str,
        entry: int | None = None,
        rule: str | None = None,
        source: str | None = None,
    ) -> None:
        # The text of a record can reach the message: it is made safe to show anywhere.
        message = printable(message, MAX_LINE)
        source = None if source is None else printable(source, MAX_LINE)
        self.entry = entry
        self.rule = rule
        self.reason = message
        self.source = source
        where = gettext("entry {entry}").format(entry=entry) if entry is not None else None
        parts = [source, where, rule, message]
        super().__init__(": ".join(p for p in parts if p))

    def located(self, source: str) -> RecordError:
        return RecordError(self.reason, self.entry, self.rule, source)


_embedded: dict[str, tuple[Catalog, tuple[str, ...]]] = {}


def record_catalog(setup: GameSetup) -> Catalog:
    """The shipped catalog, or the tile set the setup embeds (with the shipped gods).

    An embedded set is refused if an entry has the wrong shape or a number outside the
    data file's ranges, if an id is used twice, or if the sets a game of this many
    players uses cannot fill its deal. A set that only breaks the published facts of
    the real game is played as a custom set (see :func:`custom_set_facts`).
    """
    if setup.tiles is None:
        return load_catalog()
    return _embedded_set(setup)[0]


def custom_set_facts(setup: GameSetup) -> tuple[str, ...]:
    """The published facts of the real game that the embedded tile set breaks, if any.

    Each is written as ``rule: what``; an empty tuple for the shipped set or a set that
    keeps every fact checked by ``orbis check-data``.
    """
    if setup.tiles is None:
        return ()
    return _embedded_set(setup)[1]


def _embedded_set(setup: GameSetup) -> tuple[Catalog, tuple[str, ...]]:
    key = json.dumps(setup.tiles, sort_keys=True)
    if key not in _embedded:
        from ..tiles.check import check_tiles
        from ..tiles.models import build_catalog, check_tile_entries, load_god_file

        try:
            tiles = check_tile_entries(setup.tiles or [], "setup.tiles")
        except DataFileError as exc:
            raise RecordError(str(exc)) from None
        _check_capacity(tiles.tiles, len(setup.players))
        broken = tuple(
            f"{v.rule}: {v.item + ' ' if v.item else ''}{v.field}: {v.message}"
            for v in check_tiles(tiles.tiles, "setup.tiles")
        )
        if len(_embedded) >= 8:
            _embedded.clear()
        _embedded[key] = (build_catalog(tiles, load_god_file(default_gods_path())), broken)
    return _embedded[key]


def _check_capacity(tiles: Any, players: int) -> None:
    """R-SETUP-4: the sets this player count uses must hold exactly the tiles it deals."""
    try:
        rules = setup_for(players)
    except ValueError:
        return  # refused with its own rule by start_state
    used = {s.value for s in rules.tile_sets}
    in_play = [t for t in tiles if t.set in used]
    needed = MARKET_SIZE + REGION_TILES_PER_PLAYER * players
    sets = ", ".join(sorted(used))
    if len(in_play) != needed:
        message = gettext(
            "setup.tiles: tiles in the sets a {players}-player game uses ({sets}): "
            "{count}; its deal needs exactly {needed}"
        )
        raise RecordError(
            message.format(players=players, sets=sets, count=len(in_play), needed=needed),
            rule="R-SETUP-4",
        )
    level_one = sum(1 for t in in_play if t.level == 1)
    if level_one < MARKET_SIZE:
        message = gettext("setup.tiles: level-1 tiles in play: {count}, too few to fill the market")
        raise RecordError(message.format(count=level_one), rule="R-SETUP-1")


def start_state(setup: GameSetup) -> GameState:
    """The state before the first action, from the explicit deal or else the seed."""
    players = len(setup.players)
    try:
        setup_for(players)
    except ValueError as exc:
        raise RecordError(str(exc), rule="R-SETUP-1") from None
    for problem in names_problems(setup.players, "setup.players"):
        if problem.rule != "name-unique":  # harmless to the game; refused where typed
            raise RecordError(f"{problem.field}: {problem.message}", rule=problem.rule)
    if type(setup.first_player) is not int:
        raise RecordError(gettext("setup.first_player: a seat number (a whole number) is expected"))
    if not 0 <= setup.first_player < players:
        message = gettext("first_player {first} is not a seat of {players} players")
        raise RecordError(
            message.format(first=setup.first_player, players=players), rule="R-SETUP-3"
        )
    catalog = record_catalog(setup)
    if setup.deal is not None:
        the_deal = setup.deal.to_deal()
    elif setup.seed is not None:
        the_deal = deal(catalog, players, setup.seed)
    else:
        raise RecordError(gettext("the setup needs a deal or a seed"))
    try:
        check_deal(the_deal, catalog, players)
    except PositionError as exc:
        raise RecordError(f"setup.deal: {message_of(exc)}", rule=exc.rule) from None
    return game_from_deal(catalog, the_deal, setup.players, setup.first_player)


# The notation's own ASCII form, one pattern per entry (see docs/notation.md): what
# ``parse_action`` would also read (other digits, signs, spaces) is not a record entry.
_GROUP = r"(?:[RBOGW]+|-)"
_ENTRY = re.compile(
    r"take [1-9]|god [a-z]+|exchange [RBOGW]>[RBOGW]|pay(?: [RBOGW]+)?|wild"
    r"|place -?[0-9]{1,2},-?[0-9]{1,2}(?: wild)?|gain [RBOGW]"
    rf"|return {_GROUP}|erupt(?: [1-9]:{_GROUP})+|decline|love {_GROUP}|discard {_GROUP}",
    re.ASCII,
)
_NOT_NOTATION = N_("not an entry of the notation (see docs/notation.md for its exact form)")


def replay(
    record: GameRecord, upto: int | None = None, events: list[list[Event]] | None = None
) -> GameState:
    """Play the record's actions (the first ``upto`` of them) and return the state;
    ``events``, when given, receives the events of every action in turn."""
    state = start_state(record.setup)
    for number, text in enumerate(record.actions[:upto], start=1):
        if not isinstance(text, str) or not _ENTRY.fullmatch(text):
            raise RecordError(f"{text!r}: {gettext(_NOT_NOTATION)}", entry=number)
        try:
            action = parse_action(text)
        except NotationError as exc:
            raise RecordError(f"{text!r}: {exc}", entry=number) from None
        try:
            happened = state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"{text!r}: {message_of(exc)}", entry=number, rule=exc.rule) from None
        if events is not None:
            events.append(happened)
    return state


def load_record(
    text: str,
    source: str = "record",
    *,
    own: bool = False,
    events: list[list[Event]] | None = None,
) -> tuple[GameRecord, GameState]:
    """Parse JSON text and replay it. Raises :class:`RecordError` naming what is wrong.

    Every field is checked first, unless ``own`` says that the text is known to be
    exactly what :meth:`GameRecord.to_json` wrote (the replay is never skipped).
    ``events``, when given, receives the events of every action in turn.
    """
    record = _own_record(text) if own else None
    if record is None:
        record = _checked_record(text, source)
    try:
        _check_seed(record.setup)
        check_hints(record)
        return record, replay(record, events=events)
    except RecordError as exc:
        raise exc.located(source) from None


def check_hints(record: GameRecord) -> None:
    """Refuse ``hints`` that do not number the record's decisions: each a whole number
    from 0 to the number of actions (the decision still pending), in increasing order."""
    _check_no_hints(record.setup)
    hints = record.hints
    if hints is None:
        return
    limit = len(record.actions)
    previous = -1
    for place, number in enumerate(hints):
        where = f"hints[{place}]"
        if type(number) is not int:
            message = gettext("{where}: an action number (a whole number) is expected")
            raise RecordError(message.format(where=where))
        if not 0 <= number <= limit:
            message = ngettext(
                "{where}: {number} is not the number of an action (0 to {limit}, "
                "the record holds {limit} action)",
                "{where}: {number} is not the number of an action (0 to {limit}, "
                "the record holds {limit} actions)",
                limit,
            )
            raise RecordError(message.format(where=where, number=number, limit=limit))
        if number <= previous:
            message = gettext("{where}: {number} comes after {previous}: numbers go up, each once")
            raise RecordError(message.format(where=where, number=number, previous=previous))
        previous = number


def _check_seed(setup: GameSetup) -> None:
    """Refuse a ``setup.seed`` outside the seeds a game is dealt from."""
    seed = setup.seed
    if seed is not None and not MIN_SEED <= seed <= MAX_SEED:
        message = gettext("setup.seed: {seed} is not a seed (a whole number from {low} to {high})")
        raise RecordError(message.format(seed=printable(seed), low=MIN_SEED, high=MAX_SEED))


def _check_no_hints(setup: GameSetup) -> None:
    """Refuse a ``setup.no_hints`` entry that is not a seat of the game."""
    seats = len(setup.players)
    for place, seat in enumerate(setup.no_hints or []):
        if type(seat) is not int or not 0 <= seat < seats:
            message = gettext("setup.no_hints[{place}]: {seat} is not a seat (0 to {last})")
            raise RecordError(message.format(place=place, seat=repr(seat), last=seats - 1))


def _own_record(text: str) -> GameRecord | None:
    """The record, if ``text`` is exactly what this version writes; else ``None``."""
    try:
        record = GameRecord.from_own_json(text)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    # Written back, it must give the very same text: nothing unknown, nothing left out.
    return record if record.format == FORMAT and record.to_json() == text else None


def _checked_record(text: str, source: str) -> GameRecord:
    from pydantic import ValidationError

    try:
        # strict: a seat number is a number, not "1", 1.0 or true
        return _record_schema().validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = printable(".".join(str(p) for p in first["loc"])) or "(top level)"
        unknown = first["type"] in ("unexpected_keyword_argument", "extra_forbidden")
        message = gettext("not a field of a game record") if unknown else first["msg"]
        raise RecordError(f"{where}: {message}", source=source) from None


_schema: TypeAdapter[GameRecord] | None = None


def _record_schema() -> TypeAdapter[GameRecord]:
    """The checker of record files, built on first use: pydantic is slow to import."""
    global _schema
    if _schema is None:
        from pydantic import TypeAdapter

        _schema = TypeAdapter(GameRecord)
    return _schema


def setup_for_game(
    players: list[str], seed: int, first_player: int, catalog: Catalog | None = None
) -> GameSetup:
    """A setup with the deal written out, so the record replays even if dealing changes."""
    catalog = catalog or load_catalog()
    the_deal = deal(catalog, len(players), seed)
    return GameSetup(
        players=players, first_player=first_player, seed=seed, deal=DealEntry.of(the_deal)
    )


__all__ = [
    "FORMAT",
    "DealEntry",
    "GameRecord",
    "GameSetup",
    "RecordError",
    "check_hints",
    "custom_set_facts",
    "load_record",
    "replay",
    "setup_for_game",
    "start_state",
]
