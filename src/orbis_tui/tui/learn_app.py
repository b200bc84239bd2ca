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

    def _show_first_screen(self) -> None:
        """Straight into the lesson, with no new-game screen drawn first (leaving the
        walkthrough opens that screen); a walkthrough that cannot open shows it."""
        if open_walkthrough(self, restart=self.restart_walkthrough) is None:
            super()._show_first_screen()


def run_learn(
    data_dir: Path | str | None = None, *, restart: bool = False, language: str | None = None
) -> int:
    from . import app  # looked up at the call: tests replace run_keeping_folder

    return app.run_keeping_folder(LearnApp(data_dir, restart=restart, language=language))


__all__ = ["LearnApp", "run_learn"]
