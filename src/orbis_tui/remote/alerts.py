"""Telling a player away from the screen that it is their turn (``--notify-command``).

The command is the player's own, split like a shell's words (:func:`shlex.split`) but
never given to a shell: the alert's text (which holds names the table server sent,
that is someone else's words) goes to it as its last argument and in the environment
variable ``ORBIS_NOTIFY_TEXT``, so nothing in it is interpreted. :class:`TurnAlert`
runs it exactly once each time the seat's turn comes: not again when the connection
comes back, nor when the same turn is drawn again; and not for the turn that is
already the player's when they open the seat (they are at the screen then, and
``orbis join`` started again in the same turn does not alert it twice).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import threading
from collections.abc import Callable

from .chat import clean_chat

TEXT_ENV = "ORBIS_NOTIFY_TEXT"
RUN_TIMEOUT = 60.0  # seconds a notify command may take before it is stopped


class NotifyCommandError(ValueError):
    """A notify command that cannot be run (said in one line)."""


def notify_argv(command: str) -> list[str]:
    """The command's words, its program found on the PATH; NotifyCommandError if not."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise NotifyCommandError(f"{command!r}: {exc}") from None
    if not argv:
        raise NotifyCommandError("the notify command is empty")
    if shutil.which(argv[0]) is None:
        raise NotifyCommandError(f"{argv[0]!r} is not a program found on the PATH")
    return argv


class TurnAlert:
    """Runs ``argv`` + the alert's text once per turn of this seat."""

    def __init__(self, argv: list[str], on_failure: Callable[[str], None] | None = None) -> None:
        self.argv = argv
        self.on_failure = on_failure
        self._alerted: object = None  # the turn last alerted
        self._failed = False  # a failure is said once
        self.runs = 0  # how many times the command was started

    def seen(self, key: object) -> None:
        """The player is at the screen at turn ``key``: nothing to alert for it."""
        self._alerted = key

    def turn(self, key: object, text: str) -> bool:
        """It is this seat's turn ``key`` (any value naming the turn): run the command
        if that turn was not alerted yet. True when it was run."""
        if key == self._alerted:
            return False
        self._alerted = key
        self.runs += 1
        shown = clean_chat(text)
        threading.Thread(target=self._run, args=(shown,), name="orbis-notify", daemon=True).start()
        return True

    def _run(self, text: str) -> None:
        env = {**os.environ, TEXT_ENV: text}
        try:
            subprocess.run(
                [*self.argv, text],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=RUN_TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            if not self._failed and self.on_failure is not None:
                self._failed = True
                self.on_failure(str(exc))
