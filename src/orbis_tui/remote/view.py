"""What a seat may see of a table: the record with the piles' unseen part in order.

A seat's screen rebuilds the whole table from a *public record*: the true record's
setup and actions, with the deal's piles written as the tiles already drawn (in the
order they were drawn, which everyone saw) followed by the tiles still face down in
the engine's canonical order (by id, as :meth:`GameState.unseen` lists them). Replayed,
it gives every position of the game as the players saw it, and a current state whose
face-down order is the canonical one: the same public position (its
``public_signature``) as the true state, never its hidden order. The seed is left
out, since the deal follows from it.

After the first table a seat is sent only what changed (see :mod:`.room`): the new
entries and the tiles they turned face up (:func:`drawn_since`), which the seat puts
first among its unseen tiles before it plays the entries.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import GameState
from ..records import DealEntry, GameRecord


def public_record(record: GameRecord, state: GameState) -> GameRecord:
    """``record`` (whose replay is ``state``) as every seat may see it."""
    setup = record.setup
    assert setup.deal is not None
    piles = []
    for pile, pos in zip(state.piles, state.pile_pos, strict=True):
        drawn = tuple(tile.id for tile in pile[:pos])
        piles.append(drawn + tuple(sorted(tile.id for tile in pile[pos:])))
    deal = DealEntry(
        market=setup.deal.market,
        piles=(piles[0], piles[1], piles[2]),
        gods=setup.deal.gods,
        temple_tokens=setup.deal.temple_tokens,
    )
    return GameRecord(
        setup=replace(setup, seed=None, deal=deal),
        actions=list(record.actions),
        hints=list(record.hints) if record.hints is not None else None,
        result=record.result,
        stand_ins=[dict(s) for s in record.stand_ins] if record.stand_ins else None,
    )


def record_plain(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-ready values (what :meth:`GameRecord.to_json` writes)."""
    return record.to_plain()


def drawn_since(state: GameState, before: tuple[int, ...]) -> list[list[str]]:
    """Per pile, the tiles drawn since its read position was ``before``: what the
    players saw turned face up, in the order they were drawn."""
    return [
        [tile.id for tile in pile[start:pos]]
        for pile, start, pos in zip(state.piles, before, state.pile_pos, strict=True)
    ]
