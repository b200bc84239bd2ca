"""The game-record format and its replay.

A record is the setup (player names, who starts, the deal, optionally the seed it came
from and an embedded tile set) plus the actions in text notation, one decision per
entry. Loading a record *replays* it through the engine, so a hand-edited or corrupt
record can never produce an illegal state: it is refused with the entry number, the
rule id and the reason.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..engine import catalog as catalog_module
from ..engine.catalog import GodFile, TileModel, build_catalog, load_catalog
from ..engine.errors import IllegalAction
from ..engine.game import game_from_deal
from ..engine.notation import NotationError, format_action, parse_action
from ..engine.setup import MARKET_SIZE, REGION_TILES_PER_PLAYER, Deal, deal, setup_for
from ..engine.state import GameState
from ..engine.tiles import Catalog, GodId

FORMAT = "orbis-record/1"


class DealModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    market: list[str] = Field(min_length=9, max_length=9)
    piles: tuple[list[str], list[str], list[str]]
    gods: list[GodId] = Field(min_length=1)
    temple_tokens: list[int]

    @classmethod
    def of(cls, the_deal: Deal) -> DealModel:
        return cls(
            market=list(the_deal.market),
            piles=(list(the_deal.piles[0]), list(the_deal.piles[1]), list(the_deal.piles[2])),
            gods=list(the_deal.gods),
            temple_tokens=list(the_deal.temple_tokens),
        )

    def to_deal(self) -> Deal:
        return Deal(
            market=tuple(self.market),
            piles=(tuple(self.piles[0]), tuple(self.piles[1]), tuple(self.piles[2])),
            gods=tuple(self.gods),
            temple_tokens=tuple(self.temple_tokens),
        )


class SetupModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    players: list[str] = Field(min_length=2, max_length=4)
    first_player: int = Field(0, ge=0, le=3)
    seed: int | None = None
    deal: DealModel | None = None
    tiles: list[TileModel] | None = None  # an embedded tile set for custom games
    seats: list[str] | None = None  # who plays each seat ("human", "easy", ...); informative


class GameRecord(BaseModel):
    """What is saved. ``actions`` are notation entries, one decision each."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["orbis-record/1"] = FORMAT
    setup: SetupModel
    actions: list[str] = []
    result: list[dict] | None = None  # the final standings, for readers; never trusted


class RecordError(Exception):
    """A record that cannot be loaded: which file, which entry, which rule, and why."""

    def __init__(
        self,
        message: str,
        entry: int | None = None,
        rule: str | None = None,
        source: str | None = None,
    ) -> None:
        self.entry = entry
        self.rule = rule
        self.reason = message
        self.source = source
        parts = [source, f"entry {entry}" if entry is not None else None, rule, message]
        super().__init__(": ".join(p for p in parts if p))

    def located(self, source: str) -> RecordError:
        return RecordError(self.reason, self.entry, self.rule, source)


def record_catalog(setup: SetupModel) -> Catalog:
    if setup.tiles is None:
        return load_catalog()
    gods = catalog_module.load_god_file(catalog_module.default_gods_path())
    return build_catalog(catalog_module.TileFile(tiles=setup.tiles), GodFile(gods=gods.gods))


def start_state(setup: SetupModel) -> GameState:
    """The state before the first action, from the explicit deal or else the seed."""
    players = len(setup.players)
    try:
        setup_for(players)
    except ValueError as exc:
        raise RecordError(str(exc), rule="R-SETUP-1") from None
    if setup.first_player >= players:
        raise RecordError(
            f"first_player {setup.first_player} is not a seat of {players} players",
            rule="R-SETUP-3",
        )
    catalog = record_catalog(setup)
    if setup.deal is not None:
        the_deal = setup.deal.to_deal()
    elif setup.seed is not None:
        the_deal = deal(catalog, players, setup.seed)
    else:
        raise RecordError("the setup needs a deal or a seed")
    _check_deal(the_deal, catalog, players)
    return game_from_deal(catalog, the_deal, setup.players, setup.first_player)


def _check_deal(the_deal: Deal, catalog: Catalog, players: int) -> None:
    rules = setup_for(players)
    seen: set[str] = set()
    for level, where, ids in (
        (1, "market", the_deal.market),
        *((i + 1, f"level {i + 1} pile", pile) for i, pile in enumerate(the_deal.piles)),
    ):
        for tile_id in ids:
            if tile_id not in catalog.tile_by_id:
                raise RecordError(f"deal {where}: unknown tile {tile_id!r}", rule="R-COMP-1")
            if tile_id in seen:
                raise RecordError(f"deal {where}: tile {tile_id!r} appears twice", rule="R-COMP-1")
            seen.add(tile_id)
            tile = catalog.tile_by_id[tile_id]
            if tile.level != level:
                raise RecordError(
                    f"deal {where}: tile {tile_id!r} is of level {tile.level}", rule="R-SETUP-1"
                )
            if tile.tile_set not in rules.tile_sets:
                raise RecordError(
                    f"deal {where}: tile {tile_id!r} of the {tile.tile_set} set is not used "
                    f"by {players} players",
                    rule="R-SETUP-4",
                )
    needed = MARKET_SIZE + REGION_TILES_PER_PLAYER * players
    if len(seen) != needed:
        raise RecordError(
            f"deal: {len(seen)} region tiles; {players} players need {needed}", rule="R-SETUP-4"
        )
    if len(set(the_deal.gods)) != len(the_deal.gods):
        raise RecordError("deal gods: a god appears twice", rule="R-SETUP-2")
    if len(the_deal.gods) < players:
        raise RecordError(
            f"deal gods: {len(the_deal.gods)} gods cannot serve {players} players", rule="R-TURN-1"
        )
    if len(the_deal.gods) != rules.gods_drawn:
        raise RecordError(
            f"deal gods: {players} players draw {rules.gods_drawn} gods, not {len(the_deal.gods)}",
            rule="R-SETUP-2",
        )
    if sorted(the_deal.temple_tokens) != sorted(rules.temple_tokens):
        tokens = ", ".join(str(t) for t in sorted(rules.temple_tokens))
        raise RecordError(f"deal temple tokens: {players} players use {tokens}", rule="R-COMP-3")


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """Play the record's actions (the first ``upto`` of them) and return the state."""
    state = start_state(record.setup)
    for number, text in enumerate(record.actions[:upto], start=1):
        try:
            action = parse_action(text)
        except NotationError as exc:
            raise RecordError(f"{text!r}: {exc}", entry=number) from None
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"{text!r}: {exc.message}", entry=number, rule=exc.rule) from None
    return state


def load_record(text: str, source: str = "record") -> tuple[GameRecord, GameState]:
    """Parse JSON text and replay it. Raises :class:`RecordError` naming what is wrong."""
    try:
        record = GameRecord.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise RecordError(f"{where}: {first['msg']}", source=source) from None
    try:
        return record, replay(record)
    except RecordError as exc:
        raise exc.located(source) from None


def new_record(setup: SetupModel, actions: list[str] | None = None) -> GameRecord:
    return GameRecord(setup=setup, actions=list(actions or []))


def setup_for_game(
    players: list[str], seed: int, first_player: int, catalog: Catalog | None = None
) -> SetupModel:
    """A setup with the deal written out, so the record replays even if dealing changes."""
    catalog = catalog or load_catalog()
    the_deal = deal(catalog, len(players), seed)
    return SetupModel(
        players=players, first_player=first_player, seed=seed, deal=DealModel.of(the_deal)
    )


__all__ = [
    "FORMAT",
    "DealModel",
    "GameRecord",
    "RecordError",
    "SetupModel",
    "format_action",
    "load_record",
    "new_record",
    "replay",
    "setup_for_game",
    "start_state",
]
