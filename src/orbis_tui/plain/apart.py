"""The words of a seat at a table played apart (``orbis join --plain``) beyond a game's:
the computer levels a seat can be handed to, the line said once a player's messages are
hidden, what a line is answered with when the seat cannot play, who moves while it waits, and
what ``time`` says when no time runs."""

from __future__ import annotations

from ..i18n import fill
from ..i18n import gettext as _
from ..levels import HUMAN, LEVELS
from ..tui import texts as app_texts
from ..tui.core.remote_session import RemoteSession
from ..tui.texts import clock_words
from . import texts
from .commands import OVER, TABLE, command_lines, help_text, over_commands, worded

# at a table played apart, the review is the app's (orbis review on the record); the
# table's time and its messages go on after the end
JOIN_OVER = (*(name for name in OVER if name != "review"), "time", "say", "chat")


def muted_words(name: str) -> str:
    """What this seat says once ``name``'s messages are hidden: its own command shows
    them again (the app's, /unmute, is not one of this seat's)."""
    return worded(texts.JOIN_MUTED, name=name)


def level_word(n: int) -> str:
    return app_texts.level_name(LEVELS[n])


def levels_words() -> str:
    """The computer levels, in the language in use: "easy, medium, hard, expert"."""
    return ", ".join(app_texts.level_name(level) for level in LEVELS)


def not_playing_now(session: RemoteSession) -> str:
    """The answer to a line that is no command while this seat cannot play: a watcher
    plays nothing; after the end, what works then; while a computer plays this seat
    (its time ran out), how to take it back; else whose turn it is."""
    state, mine = session.state, session.my_seat
    if mine is None:
        return _(app_texts.WATCHING_PANEL)
    if state.is_over:
        return over_commands(JOIN_OVER)
    if mine == state.current and not session.decides(mine):
        level = app_texts.level_name(session.seats[mine].kind)
        return worded(texts.JOIN_CLOCK_MINE, level=level)
    return _(texts.JOIN_NOT_YOURS).format(name=session.seat.name)


def waiting_words(session: RemoteSession) -> str:
    """Who moves while this seat waits: another player, or the computer that plays for
    them (their time ran out, or they left and their seat was handed to it)."""
    seats, current = session.view.seats, session.state.current
    stand_in = seats[current].stand_in if current < len(seats) else None
    if stand_in is None:
        return worded(texts.JOIN_WAITING, name=session.seat.name)
    level = app_texts.level_name(stand_in)
    return worded(texts.JOIN_STAND_IN_PLAYS, name=session.seat.name, level=level)


def join_help() -> list[str]:
    """The help: a game's commands (quit and save as they are at a table played apart),
    then the table's own."""
    table = command_lines(TABLE, heading=texts.JOIN_TABLE_COMMANDS, levels=levels_words())
    return [help_text(texts.JOIN_COMMAND_HELP), *table]


def no_time_running(session: RemoteSession) -> list[str]:
    """What ``time`` says when no time runs now: that the table has no clock; once the
    game is over, the time each turn had and how often each person's ran out; in the
    game, that a computer plays the turn to move."""
    turn_time = session.turn_time
    if turn_time is None:
        return [_(app_texts.CLOCK_NONE)]
    state = session.state
    if not state.is_over:
        return [_(texts.JOIN_CLOCK_IDLE).format(name=session.name_of(state.current))]
    lines = [_(texts.JOIN_CLOCK_OVER).format(time=clock_words(round(turn_time)))]
    for seat, info in enumerate(session.view.seats):
        if info.kind != HUMAN:
            continue
        name, count = session.name_of(seat), session.times_ran_out(seat)
        if count:
            lines.append(fill(texts.JOIN_CLOCK_RAN_OUT, name=name, count=count))
        else:
            lines.append(_(texts.JOIN_CLOCK_NEVER_RAN_OUT).format(name=name))
    return lines
