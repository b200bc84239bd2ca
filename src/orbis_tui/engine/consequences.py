"""What a choice will lead to, said before it is made.

Every option of a :class:`~orbis_tui.engine.decision.Decision` carries the consequences
a player should know before choosing it: an effect that will be cancelled, a payment
that will be lost, points a wilderness costs, how a forest stands. Each kind is a small
frozen value with the rule it comes from and its numbers as fields; it holds no
sentence: :func:`orbis_tui.words.message_of` says it in the player's language.

``loses_value`` tells the ones that throw something away (points, worshipers, an
effect) from those that only inform (a forest that can still be validated).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, Protocol

from .colors import Color, Count, letters
from .errors import plain_text
from .kinds import value
from .tiles import God, Tile


class Consequence(Protocol):
    """What every consequence offers: its rule, its code and its numbers."""

    rule: ClassVar[str]
    code: ClassVar[str]

    @property
    def loses_value(self) -> bool: ...

    @property
    def details(self) -> dict[str, Any]: ...


class _Consequence:
    """The readings every consequence shares. A consequence is one of the engine's values
    (:mod:`.kinds`), equal only to consequences of its own kind."""

    __slots__ = ()
    rule: ClassVar[str]
    code: ClassVar[str]

    @property
    def details(self) -> dict[str, Any]:
        """The numbers of the consequence, as plain values: counts spelled 'RRB', colors
        by their names ('red'), tiles and gods by their ids."""
        out: dict[str, Any] = {}
        for each in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            name = each.name
            value = getattr(self, name)
            if _field_type(type(self), name) == "Count":
                value = letters(value)
            elif isinstance(value, Color):
                value = value.label
            elif isinstance(value, tuple) and all(isinstance(v, Color) for v in value):
                value = [v.label for v in value]
            elif isinstance(value, Tile):
                value = value.id
            elif isinstance(value, God):
                value = value.id.value
            out[name] = value
        return out

    @property
    def loses_value(self) -> bool:
        return True

    def __str__(self) -> str:
        return plain_text(self.rule, self.code, self.details)


def _field_type(kind: type, name: str) -> str:
    for klass in kind.__mro__:
        annotations = vars(klass).get("__annotations__", {})
        if name in annotations:  # a ForwardRef under postponed annotations
            kind_of = annotations[name]
            return str(getattr(kind_of, "__forward_arg__", kind_of))
    return ""


@value
class VolcanoFails(_Consequence):
    """The volcano will be cancelled: the other market cells cannot give ``need``
    (after this take's generation they hold ``available`` of those colors)."""

    tile: Tile
    need: Count
    available: Count
    rule = "R-EFF-VOLCANO"
    code = "volcano_fails"


@value
class IrrigationFails(_Consequence):
    """The irrigation will be cancelled: placed in row 1 (``row_one``), or with nothing
    of ``color`` (nor a wilderness) beneath it. At a market cell, ``anywhere`` says no
    spot of the pyramid would feed it now."""

    tile: Tile
    color: Color
    row_one: bool = False
    anywhere: bool = False
    rule = "R-EFF-IRRIGATION"
    code = "irrigation_fails"


@value
class ReturnUnaffordable(_Consequence):
    """A village (or the God of Death), ``cancelled``, will be cancelled: it asks for
    ``count`` worshipers and the realm will hold ``have``."""

    cancelled: Tile | God
    count: int
    have: int
    rule = "R-EFF-VILLAGE"
    code = "village_unaffordable"


class DeathUnaffordable(ReturnUnaffordable):
    __slots__ = ()
    rule = "R-GOD-2"
    code = "death_unaffordable"


@value
class _TileColor(_Consequence):
    tile: Tile
    color: Color


class TokenAlreadyHeld(_TileColor):
    """The farm gives the reduction token of ``color``, which the player already holds."""

    __slots__ = ()
    rule = "R-EFF-FARM"
    code = "token_held"


class OnlyAsWilderness(_TileColor):
    """No spot of the pyramid takes a tile of ``color``: it can only be a wilderness."""

    __slots__ = ()
    rule = "R-TAKE-4"
    code = "only_wilderness"


@value
class PaymentLost(_Consequence):
    """Worshipers ``paid`` (colored symbols, plus ``any_count`` of any color) for a tile
    that ends as a wilderness are lost: either no spot takes its ``color`` (when paying),
    or the player chose to place it as a wilderness after paying (``placed``)."""

    tile: Tile
    color: Color
    paid: Count
    any_count: int = 0
    placed: bool = False
    rule = "R-TAKE-4"
    code = "payment_lost"


@value
class WildernessCost(_Consequence):
    """A wilderness scores ``points`` at the end (-1; 0 with the Goddess of Idleness),
    instead of the tile's ``cp``. Not ``avoidable`` when no spot takes the tile in its
    color: it becomes a wilderness whatever the player chooses."""

    points: int
    cp: int = 0
    avoidable: bool = True
    rule = "R-END-2"
    code = "wilderness_cost"

    @property
    def loses_value(self) -> bool:
        return self.avoidable and (self.points < 0 or self.cp > 0)


@value
class TempleUncounted(_Consequence):
    """A temple tile ``tile`` ending as a wilderness is no temple tile: for the temple
    token the player counts ``temples`` (the temple tiles already placed), not one more,
    and with none gets no token. Not ``avoidable`` when no spot takes it in its color."""

    tile: Tile
    temples: int
    avoidable: bool = True
    rule = "R-END-3"
    code = "temple_uncounted"

    @property
    def loses_value(self) -> bool:
        return self.avoidable


@value
class ForestOutlook(_Consequence):
    """At this spot the forest has ``have`` of the ``need`` matching neighbours, and
    ``open_spots`` empty neighbour spots that could still hold a tile. ``spots`` > 0 on
    a take or a payment: the forest cannot be validated at any of its ``spots`` spots,
    and these are the numbers of the most hopeful one."""

    tile: Tile
    have: int
    need: int
    open_spots: int
    spots: int = 0
    rule = "R-EFF-FOREST"
    code = "forest_outlook"

    @property
    def validated(self) -> bool:
        return self.have >= self.need

    @property
    def reachable(self) -> bool:
        return self.have + self.open_spots >= self.need

    @property
    def loses_value(self) -> bool:
        return not self.reachable


@value
class ForestSealed(_Consequence):
    """A forest already in the player's pyramid, ``tile`` (``cp`` CP), could still be
    validated and no longer can: after the choice it has ``have`` of the ``need``
    matching neighbours and ``free`` empty neighbour spots the finished pyramid can
    hold. ``beside``: the tile placed is its neighbour, of ``color``, none of the
    forest's ``colors`` (else it ends the bottom row where too few of its spots remain).
    ``spots`` > 0 on a take or a payment: every one of the tile's ``spots`` spots (as
    itself) does this."""

    tile: Tile
    cp: int
    color: Color | None
    have: int
    need: int
    free: int
    beside: bool = True
    spots: int = 0
    colors: tuple[Color, ...] = ()
    rule = "R-EFF-FOREST"
    code = "forest_sealed"


@value
class GodLost(_Consequence):
    """The player's god ``god`` (``cp`` CP), which could still score, no longer can
    after the choice (or a god taken that never can): see
    :class:`~orbis_tui.engine.outlook.GodLoss` for the numbers. ``every``: on a take or
    a payment, every way of placing the tile does this."""

    god: God
    cp: int
    condition: str
    leader: str = ""
    theirs: int = 0
    reach: int = 0
    left: int = 0
    missing: int = 0
    every: bool = False
    parts: tuple[str, ...] = ()  # the parts of a balance missing (God of Equilibrium)
    rule = "R-GOD-1"
    code = "god_lost"


@value
class EffectRefused(_Consequence):
    """Refusing cancels the tile (or god) ``cancelled``: its ``cp`` will not score."""

    cancelled: Tile | God
    cp: int
    rule = "R-EFF-VILLAGE"
    code = "refused"


class VolcanoRefused(EffectRefused):
    __slots__ = ()
    rule = "R-EFF-VOLCANO"


class DeathRefused(EffectRefused):
    __slots__ = ()
    rule = "R-GOD-2"


@value
class RealmOverflow(_Consequence):
    """The realm will hold ``total`` worshipers: ``excess`` must be returned at the end
    of the turn (R-TURN-3)."""

    total: int
    excess: int
    rule = "R-TURN-3"
    code = "realm_overflow"


__all__ = [
    "Consequence",
    "DeathRefused",
    "DeathUnaffordable",
    "EffectRefused",
    "ForestOutlook",
    "ForestSealed",
    "GodLost",
    "IrrigationFails",
    "OnlyAsWilderness",
    "PaymentLost",
    "RealmOverflow",
    "ReturnUnaffordable",
    "TempleUncounted",
    "TokenAlreadyHeld",
    "VolcanoFails",
    "VolcanoRefused",
    "WildernessCost",
]
