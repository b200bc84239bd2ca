"""What a choice will lead to, said before it is made.

Every option of a :class:`~orbis_tui.engine.decision.Decision` carries the consequences
a player should know before choosing it: an effect that will be cancelled, a payment
that will be lost, points a wilderness costs, how a forest stands. Each kind is a small
frozen value with the rule it comes from, its numbers as fields, and a sentence from the
engine's message templates (:data:`~orbis_tui.engine.messages.WARNINGS`).

``loses_value`` tells the ones that throw something away (points, worshipers, an
effect) from those that only inform (a forest that can still be validated).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .colors import Color, Count, letters
from .messages import warning_text
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Consequence:
    """The base of every consequence: its rule, its code and its sentence."""

    rule: ClassVar[str] = ""
    code: ClassVar[str] = ""

    @property
    def loses_value(self) -> bool:
        return True

    @property
    def details(self) -> dict[str, Any]:
        """The numbers of the consequence, as plain values (counts spelled 'RRB')."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "Count":
                value = letters(value)
            elif isinstance(value, Color):
                value = value.label
            elif isinstance(value, Tile):
                out["tile_id"] = value.id
                value = value.name
            out[f.name] = value
        return out

    @property
    def message(self) -> str:
        return warning_text(self.code, self.details)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass(frozen=True, slots=True)
class VolcanoFails(Consequence):
    """The volcano will be cancelled: the other market cells cannot give ``need``
    (after this take's generation they hold ``available`` of those colors)."""

    rule: ClassVar[str] = "R-EFF-VOLCANO"
    code: ClassVar[str] = "volcano_fails"
    tile: Tile
    need: Count
    available: Count


@dataclass(frozen=True, slots=True)
class IrrigationFails(Consequence):
    """The irrigation will be cancelled: placed in row 1 (``row_one``), or with nothing
    of ``color`` (nor a wilderness) beneath it. At a market cell, ``anywhere`` says no
    spot of the pyramid would feed it now."""

    rule: ClassVar[str] = "R-EFF-IRRIGATION"
    code: ClassVar[str] = "irrigation_fails"
    tile: Tile
    color: Color
    row_one: bool = False
    anywhere: bool = False


@dataclass(frozen=True, slots=True)
class ReturnUnaffordable(Consequence):
    """A village (or the God of Death) will be cancelled: it asks for ``count``
    worshipers and the realm will hold ``have``."""

    rule: ClassVar[str] = "R-EFF-VILLAGE"
    code: ClassVar[str] = "village_unaffordable"
    name: str
    count: int
    have: int


@dataclass(frozen=True, slots=True)
class DeathUnaffordable(ReturnUnaffordable):
    rule: ClassVar[str] = "R-GOD-2"
    code: ClassVar[str] = "death_unaffordable"


@dataclass(frozen=True, slots=True)
class TokenAlreadyHeld(Consequence):
    """The farm gives the reduction token of ``color``, which the player already holds."""

    rule: ClassVar[str] = "R-EFF-FARM"
    code: ClassVar[str] = "token_held"
    tile: Tile
    color: Color


@dataclass(frozen=True, slots=True)
class OnlyAsWilderness(Consequence):
    """No spot of the pyramid takes a tile of ``color``: it can only be a wilderness."""

    rule: ClassVar[str] = "R-TAKE-4"
    code: ClassVar[str] = "only_wilderness"
    tile: Tile
    color: Color


@dataclass(frozen=True, slots=True)
class PaymentLost(Consequence):
    """Worshipers ``paid`` (colored symbols, plus ``any_count`` of any color) for a tile
    that ends as a wilderness are lost: either no spot takes its ``color`` (when paying),
    or the player chose to place it as a wilderness after paying (``placed``)."""

    rule: ClassVar[str] = "R-TAKE-4"
    code: ClassVar[str] = "payment_lost"
    tile: Tile
    color: Color
    paid: Count
    any_count: int = 0
    placed: bool = False


@dataclass(frozen=True, slots=True)
class WildernessCost(Consequence):
    """A wilderness scores ``points`` at the end (-1; 0 with the Goddess of Idleness),
    instead of the tile's ``cp``. Not ``avoidable`` when no spot takes the tile in its
    color: it becomes a wilderness whatever the player chooses."""

    rule: ClassVar[str] = "R-END-2"
    code: ClassVar[str] = "wilderness_cost"
    points: int
    cp: int = 0
    avoidable: bool = True

    @property
    def loses_value(self) -> bool:
        return self.avoidable and (self.points < 0 or self.cp > 0)


@dataclass(frozen=True, slots=True)
class ForestOutlook(Consequence):
    """At this spot the forest has ``have`` of the ``need`` matching neighbours, and
    ``open_spots`` empty neighbour spots that could still hold a tile."""

    rule: ClassVar[str] = "R-EFF-FOREST"
    code: ClassVar[str] = "forest_outlook"
    tile: Tile
    have: int
    need: int
    open_spots: int

    @property
    def validated(self) -> bool:
        return self.have >= self.need

    @property
    def reachable(self) -> bool:
        return self.have + self.open_spots >= self.need

    @property
    def loses_value(self) -> bool:
        return not self.reachable

    @property
    def message(self) -> str:
        if self.validated:
            code = "forest_met"
        elif self.reachable:
            code = "forest_open"
        else:
            code = "forest_lost"
        return warning_text(code, self.details)


@dataclass(frozen=True, slots=True)
class EffectRefused(Consequence):
    """Refusing cancels the tile (or god) ``name``: its ``cp`` will not score."""

    rule: ClassVar[str] = "R-EFF-VILLAGE"
    code: ClassVar[str] = "refused"
    name: str
    cp: int


@dataclass(frozen=True, slots=True)
class VolcanoRefused(EffectRefused):
    rule: ClassVar[str] = "R-EFF-VOLCANO"


@dataclass(frozen=True, slots=True)
class DeathRefused(EffectRefused):
    rule: ClassVar[str] = "R-GOD-2"


@dataclass(frozen=True, slots=True)
class RealmOverflow(Consequence):
    """The realm will hold ``total`` worshipers: ``excess`` must be returned at the end
    of the turn (R-TURN-3)."""

    rule: ClassVar[str] = "R-TURN-3"
    code: ClassVar[str] = "realm_overflow"
    total: int
    excess: int


__all__ = [
    "Consequence",
    "DeathRefused",
    "DeathUnaffordable",
    "EffectRefused",
    "ForestOutlook",
    "IrrigationFails",
    "OnlyAsWilderness",
    "PaymentLost",
    "RealmOverflow",
    "ReturnUnaffordable",
    "TokenAlreadyHeld",
    "VolcanoFails",
    "VolcanoRefused",
    "WildernessCost",
]
