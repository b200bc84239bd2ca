"""The words of ``orbis tables`` (the tables this machine joined) and of the host's
``orbis table list``: one place, for the full-screen list and the plain-text one."""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Np_, fill
from ..i18n import gettext as _
from ..printable import MAX_LINE, printable
from ..remote.host_client import AskError, SeatStatus
from ..remote.links import Link
from . import texts

TITLE = N_("Your tables")
EMPTY = N_(
    "No table was joined from this machine yet. orbis join LINK takes a seat, and the "
    "table is listed here from then on."
)
SET_ASIDE = N_(
    "The list of your tables could not be read: it was kept as {file}, and the list starts again."
)
NOT_KEPT = N_("The list of your tables could not be read, nor set aside: it is left as it is.")
ASKING = N_("asking the server…")
NOT_ASKED = N_("not asked")
ASK_BROKE = N_("Asking the servers failed ({error}). r asks again; Enter still joins a table.")
YOUR_TURN = N_("your turn")
TO_MOVE = N_("{name} to move")
OVER = N_("the game is over")
WATCHING = N_("watching")
YOU = N_("{name} (you)")
CANNOT_ASK = N_("cannot be asked: {reason}")
KEY_JOIN = N_("join")
KEY_FORGET = N_("off the list")
KEY_ASK = N_("ask again")
KEY_LEAVE = N_("leave")
COLUMN_TABLE = N_("Table")
COLUMN_NOW = N_("Now")
COLUMN_PLAYERS = N_("Players")
FORGOTTEN = N_("Taken off the list: {table}")
PLAIN_ASK = N_(
    "The number of a table to join it, x and a number to take it off, or Enter to leave:"
)
PLAIN_NO_SUCH = N_("There is no table {number} on the list.")
# Why a server could not be asked (AskError.kind): after CANNOT_ASK in the list, and
# in orbis table's messages (where a connection's own error follows in brackets).
ASK_WORDS = {
    "unreachable": N_("the server cannot be reached"),
    "unreadable": N_("the server's answer could not be read"),
    "key": N_("the server does not take this host's key"),
    "store": N_("the server cannot reach its store just now: try again in a moment"),
    "refused": N_("the server answered {status}"),
}
# A link whose table the server does not know (any more), or no seat by its number.
ASK_NO_SEAT = N_("this link opens no seat there any more")
ASK_NO_TABLE = N_("the server has no such table, or no person's seat by that number")
HOST_HEADING = N_("The tables at {server}:")
HOST_NONE = N_("No table at {server} yet.")
HOST_DAMAGED = N_("cannot be read: see the server's log")
HOST_ACTIONS = Np_("{count} action", "{count} actions", "count")
HOST_HERE = N_("at the table: {names}")
WATCHING_TURNS = Np_(
    "Watching your turns at {count} table, asked every {every} s (Ctrl+C stops).",
    "Watching your turns at {count} tables, asked every {every} s (Ctrl+C stops).",
    "count",
)
WATCH_NONE = N_("No table to watch: orbis join LINK takes a seat, and its table is watched.")
TURN_ALERT = N_("Orbis: your turn, {name}, at {table}")
REISSUED = N_("A new link for seat {seat}: {link}")
REISSUED_OLD = N_("The old link opens nothing any more; a screen open with it was closed.")


def where(link: Link) -> str:
    """The server and table of a link, without its secret."""
    return printable(f"{link.server} · {link.table}", MAX_LINE)


def status_words(status: SeatStatus | AskError | None) -> str:
    """What the list says of a table now."""
    if status is None:
        return _(ASKING)
    if isinstance(status, AskError):
        return _(CANNOT_ASK).format(reason=ask_words(status, ASK_NO_SEAT))
    if status.finished:
        return _(OVER)
    said = _(YOUR_TURN) if status.yours else ""
    if not said and status.turn is not None:
        said = _(TO_MOVE).format(name=printable(status.players[status.turn]))
    if status.left is not None:
        said = f"{said} · {_(texts.CLOCK_SHORT).format(time=texts.clock_words(int(status.left)))}"
    if status.seat is None:
        said = f"{_(WATCHING)} · {said}"
    return said


def ask_words(error: AskError, missing: str = ASK_NO_TABLE, *, detail: bool = False) -> str:
    """Why the server could not be asked, in the language in use (``missing``: what
    a table or seat it does not know means here); with ``detail``, the connection's
    own error after it, as the system says it."""
    if error.kind == "missing":
        return _(missing)
    said = _(ASK_WORDS.get(error.kind, ASK_WORDS["unreadable"])).format(status=error.status)
    if detail and error.detail:
        said = f"{said} ({printable(error.detail, MAX_LINE)})"
    return said


def seat_words(status: SeatStatus | AskError | None) -> str:
    """Who plays at the table, the seat of this link first."""
    if not isinstance(status, SeatStatus):
        return ""
    names = [printable(name) for name in status.players]
    if status.seat is not None:
        names.insert(0, _(YOU).format(name=names.pop(status.seat)))
    return ", ".join(names)


def host_table_lines(table: dict[str, Any]) -> list[str]:
    """One table of the host's list: its id and state, then who is at it."""
    ident = printable(str(table.get("table", "?")))
    if table.get("damaged"):
        return [f"{ident}  {_(HOST_DAMAGED)}"]
    players = [printable(str(n)) for n in table.get("players", [])]
    turn = table.get("turn")
    if table.get("finished") or type(turn) is not int or not 0 <= turn < len(players):
        state = _(OVER)
    else:
        state = _(TO_MOVE).format(name=players[turn])
    count = table.get("actions", 0)
    actions = fill(HOST_ACTIONS, count=count if type(count) is int else 0)
    here = [players[n] for n in table.get("here", []) if type(n) is int and 0 <= n < len(players)]
    lines = [f"{ident}  {', '.join(players)}", f"  {state} · {actions}"]
    if here:
        lines.append("  " + _(HOST_HERE).format(names=", ".join(here)))
    return lines
