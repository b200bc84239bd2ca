"""``orbis learn``: the app opened on the walkthrough (its screens: :mod:`.screens.learn`)."""

from __future__ import annotations

from pathlib import Path

from .app import OrbisApp
from .screens.learn import open_walkthrough


class LearnApp(OrbisApp):
    """The app opened on the walkthrough (``orbis learn``)."""

    RESUME_AT_START = False  # the walkthrough, not the unfinished game

    def __init__(
        self,
        data_dir: Path | str | None = None,
        *,
        restart: bool = False,
        language: str | None = None,
    ) -> None:
        super().__init__(data_dir, language=language)
        self.restart_walkthrough = restart

    def on_mount(self) -> None:
        # OrbisApp.on_mount (run after this one) puts up the new-game screen first.
        self.call_after_refresh(self._open)

    def _open(self) -> None:
        open_walkthrough(self, restart=self.restart_walkthrough)


def run_learn(
    data_dir: Path | str | None = None, *, restart: bool = False, language: str | None = None
) -> int:
    from . import app  # looked up at the call: tests replace run_keeping_folder

    return app.run_keeping_folder(LearnApp(data_dir, restart=restart, language=language))


__all__ = ["LearnApp", "run_learn"]
