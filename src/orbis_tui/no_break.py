"""No-break spaces that hold when Rich and Textual wrap a line.

German and Russian write a no-break space between a number and its per cent sign
("45 %") and inside a grouped number ("12 345"): the line may not break there. Rich's
wrapping (which Textual's widgets use too) splits words at every Unicode space, the
no-break ones included, and so put a lone "%" at the start of a line. :func:`hold`
makes the no-break spaces part of the words around them, in every line Rich or
Textual wraps from then on (Rich issue #3545 asks for the same).
"""

from __future__ import annotations

import re

#: The spaces that join what is on either side of them: no-break, narrow no-break, figure.
NO_BREAK = "\u00a0\u202f\u2007"
# Rich's own pattern is r"\s*\S+\s*": a word, with the spaces before and after it. Here
# a no-break space is no space but part of the word.
_WORD = re.compile(rf"[^\S{NO_BREAK}]*[\S{NO_BREAK}]+[^\S{NO_BREAK}]*")


def hold() -> None:
    """Make Rich's wrapping (and Textual's, which is Rich's) keep no-break spaces."""
    from rich import _wrap

    _wrap.re_word = _WORD
