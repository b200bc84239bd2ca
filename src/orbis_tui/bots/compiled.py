"""The compiler's class options, for the modules the compiled build compiles.

``mypyc_attr`` marks a class the compiler should treat in a particular way (here: one
that classes of plain Python may derive from). The compiler reads the marks; at run time
they change nothing, so a pure install, which need not have ``mypy_extensions``, gets a
mark that returns the class as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Marked = TypeVar("Marked")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # a pure install: no compiler has read the marks

    def mypyc_attr(*_attrs: str, **_options: object) -> Callable[[Marked], Marked]:
        return lambda cls: cls
