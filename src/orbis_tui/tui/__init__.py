"""The Textual app: pass-and-play Orbis on one keyboard."""

from .app import OrbisApp, run_app

__all__ = ["OrbisApp", "run_app"]
