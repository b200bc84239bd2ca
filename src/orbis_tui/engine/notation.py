"""The text notation of actions: one decision per entry, readable and round-tripping.

See ``docs/notation.md``. Market cells are numbered 1-9 here (row by row from the top
left), as the player sees them; the engine numbers them 0-8.
"""

from __future__ import annotations

import re

from .actions import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
)
from .colors import Color, Count, letters, parse_letters
from .tiles import GodId


class NotationError(ValueError):
    """Text that is not an action in the notation."""


def format_action(action: Action) -> str:
    match action:
        case TakeTile(cell=cell):
            return f"take {cell + 1}"
        case TakeGod(god=god):
            return f"god {GodId(god).value}"
        case Exchange(give=give, get=get):
            return f"exchange {give.letter}>{get.letter}"
        case Pay(any_colors=chosen):
            return "pay" if not any(chosen) else f"pay {letters(chosen)}"
        case GoWild():
            return "wild"
        case Place(row=row, col=col, wild=wild):
            return f"place {row},{col}" + (" wild" if wild else "")
        case ChooseGain(color=color):
            return f"gain {color.letter}"
        case ReturnWorshipers(colors=colors):
            return f"return {letters(colors)}"
        case Erupt(removals=removals):
            return "erupt " + " ".join(f"{cell + 1}:{letters(c)}" for cell, c in removals)
        case Decline():
            return "decline"
        case ChooseWorshipers(colors=colors):
            return f"love {letters(colors)}"
        case Discard(colors=colors):
            return f"discard {letters(colors)}"
    raise NotationError(f"not an action: {action!r}")


_WHOLE = re.compile(r"-?[0-9]{1,3}", re.ASCII)


def _int(text: str, what: str) -> int:
    """A whole number written with ASCII digits (and a minus sign for a column)."""
    if not _WHOLE.fullmatch(text):
        raise NotationError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def _count(text: str) -> Count:
    try:
        return parse_letters(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _cell(text: str) -> int:
    cell = _int(text, "a market cell")
    if not 1 <= cell <= 9:
        raise NotationError(f"market cells are numbered 1 to 9, not {cell}")
    return cell - 1


def parse_action(text: str) -> Action:
    """Parse one entry; raises :class:`NotationError` saying what is wrong."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty entry")
    verb, args = words[0].lower(), words[1:]

    def arity(*allowed: int) -> None:
        if len(args) not in allowed:
            raise NotationError(f"'{verb}' takes {' or '.join(map(str, allowed))} argument(s)")

    if verb == "take":
        arity(1)
        return TakeTile(_cell(args[0]))
    if verb == "god":
        arity(1)
        try:
            return TakeGod(GodId(args[0].lower()))
        except ValueError:
            names = ", ".join(g.value for g in GodId)
            raise NotationError(f"unknown god {args[0]!r} (one of {names})") from None
    if verb == "exchange":
        arity(1)
        give, sep, get = args[0].partition(">")
        if not sep or len(give) != 1 or len(get) != 1:
            raise NotationError("write an exchange as 'exchange R>B'")
        try:
            return Exchange(Color.from_letter(give), Color.from_letter(get))
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if verb == "pay":
        arity(0, 1)
        return Pay(_count(args[0] if args else ""))
    if verb == "wild":
        arity(0)
        return GoWild()
    if verb == "place":
        arity(1, 2)
        row, sep, col = args[0].partition(",")
        if not sep:
            raise NotationError("write a spot as 'place ROW,COL', e.g. 'place 1,0'")
        if len(args) == 2 and args[1].lower() != "wild":
            raise NotationError(f"unexpected {args[1]!r} after the spot (only 'wild')")
        return Place(_int(row, "a row"), _int(col, "a column"), len(args) == 2)
    if verb == "gain":
        arity(1)
        try:
            return ChooseGain(Color.from_letter(args[0]))
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if verb == "return":
        arity(1)
        return ReturnWorshipers(_count(args[0]))
    if verb == "erupt":
        if not args:
            raise NotationError("'erupt' needs at least one CELL:COLORS pair")
        removals = []
        for arg in args:
            cell, sep, colors = arg.partition(":")
            if not sep:
                raise NotationError(f"write each volcano source as CELL:COLORS, not {arg!r}")
            removals.append((_cell(cell), _count(colors)))
        return Erupt(tuple(removals))
    if verb == "decline":
        arity(0)
        return Decline()
    if verb == "love":
        arity(1)
        return ChooseWorshipers(_count(args[0]))
    if verb == "discard":
        arity(1)
        return Discard(_count(args[0]))
    raise NotationError(f"unknown action {verb!r}")
