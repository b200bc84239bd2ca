"""One answer to the pending decision, and what answers lose together.

An :class:`Option` is a legal answer (with the :mod:`~orbis_tui.engine.consequences`
it leads to) or a refused one (with the engine's
:class:`~orbis_tui.engine.errors.IllegalAction`); a
:class:`~orbis_tui.engine.decision.Decision` lists them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action
from .consequences import Consequence
from .errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to the pending decision: legal (``refusal`` is None) or refused."""

    action: Action
    refusal: IllegalAction | None = None
    warnings: tuple[Consequence, ...] = ()

    @property
    def legal(self) -> bool:
        return self.refusal is None

    @property
    def loses_value(self) -> bool:
        """Whether a warning says this answer throws something away."""
        return any(w.loses_value for w in self.warnings)


def shared_losses(options: Iterable[Option | None]) -> set[Consequence]:
    """The warnings that lose value on every one of ``options``."""
    common: set[Consequence] | None = None
    for option in options:
        if option is None:
            continue
        losing = {w for w in option.warnings if w.loses_value}
        common = losing if common is None else common & losing
    return common or set()


def extra_losses(option: Option, common: set[Consequence]) -> list[Consequence]:
    """What ``option`` loses beyond ``common``, the losses every option shares."""
    return [w for w in option.warnings if w.loses_value and w not in common]


__all__ = ["Option", "extra_losses", "shared_losses"]
