"""Saving a game record to a file of the player's choice, asking before replacing one.

Used by the end screen, and when quitting a game that the autosave could not keep.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App

from ...i18n import gettext as _
from .. import texts_screens
from .question import PathScreen, QuestionScreen

if TYPE_CHECKING:
    from ...records import GameRecord
    from ...saves import SaveStore

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
    save it, say so; ``done`` receives the path saved to, or ``None``.

    In a browser the file is written on the server, so the page chooses only a file name
    among the server's records (``orbis records`` lists them there): it is never shown a
    folder of the server, nor can it write anywhere else."""
    web = app.is_web
    records = store.record_path(record).parent

    def shown(path: Path) -> str:
        return path.name if web else str(path)

    def write(path: Path, overwrite: bool) -> None:
        try:
            saved = store.export(record, path, overwrite=overwrite)
        except OSError as exc:
            app.notify(
                _(texts_screens.EXPORT_FAILED).format(error=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            ask(path)  # another place may work: the file name is kept for editing
            return
        said = _(texts_screens.EXPORT_DONE_WEB) if web else _(texts_screens.EXPORT_DONE)
        app.notify(said.format(path=shown(saved)), markup=False)
        done(saved)

    def chosen(value: str | None) -> None:
        if value is None:
            done(None)
            return
        if web:
            name = Path(value).name
            if value != name or name in (".", ".."):
                app.notify(_(texts_screens.EXPORT_NAME_ONLY), severity="warning", markup=False)
                ask(records / (name or default.name))
                return
            path = records / name
        else:
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
                _(texts_screens.EXPORT_EXISTS_TITLE),
                _(texts_screens.EXPORT_EXISTS).format(path=shown(path)),
                [
                    _(texts_screens.EXPORT_REPLACE),
                    _(texts_screens.EXPORT_OTHER),
                    _(texts_screens.EXPORT_CANCEL),
                ],
                default=OTHER_NAME,
            ),
            callback=answered,
        )

    def ask(path: Path) -> None:
        prompt = _(texts_screens.EXPORT_PROMPT_WEB) if web else _(texts_screens.EXPORT_PROMPT)
        app.push_screen(PathScreen(_(texts_screens.EXPORT_TITLE), prompt, shown(path)), chosen)

    ask(default)
