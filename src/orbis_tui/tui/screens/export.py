"""Saving a game record to a file of the player's choice, asking before replacing one.

Used by the end screen, and when quitting a game that the autosave could not keep.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App

from .. import texts
from .question import PathScreen, QuestionScreen

if TYPE_CHECKING:
    from ...records import GameRecord
    from ..saves import SaveStore

# The answers when the file chosen already exists, in the order offered.
REPLACE, OTHER_NAME, CANCEL = range(3)


def export_record(
    app: App[None],
    store: SaveStore,
    record: GameRecord,
    default: Path,
    done: Callable[[Path | None], None] = lambda _saved: None,
) -> None:
    """Ask where to save ``record`` (``default`` offered), ask before replacing a file,
    save it, say so; ``done`` receives the path saved to, or ``None``."""

    def write(path: Path, overwrite: bool) -> None:
        try:
            saved = store.export(record, path, overwrite=overwrite)
        except OSError as exc:
            app.notify(
                texts.EXPORT_FAILED.format(error=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            ask(path)  # another place may work: the file name is kept for editing
            return
        app.notify(texts.EXPORT_DONE.format(path=saved), markup=False)
        done(saved)

    def chosen(value: str | None) -> None:
        if value is None:
            done(None)
            return
        path = Path(value).expanduser()
        if not store.target_exists(path):
            write(path, overwrite=False)
            return

        def answered(answer: int | None) -> None:
            if answer == REPLACE:
                write(path, overwrite=True)
            elif answer == OTHER_NAME:
                ask(path)
            else:
                done(None)

        app.push_screen(
            QuestionScreen(
                texts.EXPORT_EXISTS_TITLE,
                texts.EXPORT_EXISTS.format(path=path),
                [texts.EXPORT_REPLACE, texts.EXPORT_OTHER, texts.EXPORT_CANCEL],
                default=OTHER_NAME,
            ),
            callback=answered,
        )

    def ask(path: Path) -> None:
        app.push_screen(PathScreen(texts.EXPORT_TITLE, texts.EXPORT_PROMPT, str(path)), chosen)

    ask(default)
