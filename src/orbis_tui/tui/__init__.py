"""The Textual app: pass-and-play Orbis on one keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import OrbisApp, run_app

__all__ = ["OrbisApp", "run_app"]


def __getattr__(name: str) -> Any:
    # The app (and Textual) load only when asked for: the command line reads the
    # settings from this package without paying for them.
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
