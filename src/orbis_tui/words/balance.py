"""The God of Equilibrium's balance in words (R-GOD-1): the parts a pyramid lacks,
named in a list, for the reason its god scores nothing and the warning that it no longer
can."""

from __future__ import annotations

from ..i18n import gettext, pgettext
from . import texts


def balance_words(parts: tuple[str, ...]) -> str:
    """The parts of the God of Equilibrium's balance (``village``, ``temple``,
    ``volcano``) named in a list, as "lacks" takes them."""
    named = [pgettext("lacking", texts.BALANCE_PARTS[part]) for part in parts]
    if len(named) == 3:
        return gettext(texts.THREE_PARTS).format(first=named[0], second=named[1], third=named[2])
    if len(named) == 2:
        return gettext(texts.TWO_PARTS).format(first=named[0], second=named[1])
    return named[0] if named else ""
