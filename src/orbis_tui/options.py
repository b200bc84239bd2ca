"""Checks of the numbers given on the command line and to the API.

A time budget of ``nan`` or ``inf`` would let a computer player think forever, and a
negative count of games means nothing: every number is refused unless finite and
within its range, with a message saying which range.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from .i18n import N_, gettext

MAX_BUDGET_SECONDS = 600.0  # thinking time per turn
MAX_ITERATIONS = 10_000_000  # search rounds per turn
MAX_GAMES = 10_000_000
MAX_JOBS = 256
MAX_REVIEW_SIZE = 10_000  # search iterations per option of a reviewed decision
# A game's seed: a signed 64-bit number. A computer player's seed is made from it (ten
# times it, plus the seat) and must fit the 128 bits its random numbers are drawn from.
MIN_SEED = -(2**63)
MAX_SEED = 2**63 - 1


def check_budget(seconds: object) -> float:
    """A thinking time per turn: finite, above 0, at most :data:`MAX_BUDGET_SECONDS`."""
    return _number_in(
        seconds, float, 0.0, MAX_BUDGET_SECONDS, gettext("a time budget"), open_low=True
    )


def check_count(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, named ``what`` in the message."""
    return int(_number_in(value, int, low, high, what))


def check_seed(value: object, what: str = "--seed") -> int:
    """A game's seed: a whole number from :data:`MIN_SEED` to :data:`MAX_SEED`."""
    return check_count(value, what, MIN_SEED, MAX_SEED)


def check_search_size(
    time_budget: float | None, iterations: int | None, default_budget: float
) -> tuple[float | None, int | None]:
    """A search level's size, checked: a time budget per turn or a number of iterations
    (``default_budget`` seconds when neither is given)."""
    if time_budget is None and iterations is None:
        time_budget = default_budget
    if time_budget is not None:
        time_budget = check_budget(time_budget)  # nan or inf would think forever
    if iterations is not None:
        iterations = check_count(iterations, "iterations", 1, MAX_ITERATIONS)
    return time_budget, iterations


def _number_in(
    value: object, kind: type, low: float, high: float, what: str, open_low: bool = False
) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(_say(N_("{what} must be a number, not {value}"), what, value))
    if kind is int and not isinstance(value, int):
        raise ValueError(_say(N_("{what} must be a whole number, not {value}"), what, value))
    if isinstance(value, float) and not math.isfinite(value):  # a whole number always is
        raise ValueError(_say(N_("{what} must be a finite number, not {value}"), what, value))
    below = value <= low if open_low else value < low
    if below or value > high:
        if open_low:
            template = N_("{what} must be above {low} and at most {high}, not {value}")
        else:
            template = N_("{what} must be at least {low} and at most {high}, not {value}")

        def shown(bound: float) -> str:
            return str(int(bound)) if kind is int else f"{bound:g}"

        raise ValueError(_say(template, what, value, low=shown(low), high=shown(high)))
    return value


def _say(template: str, what: str, value: object, **bounds: str) -> str:
    return gettext(template).format(what=what, value=repr(value), **bounds)


def budget_option(text: str) -> float:
    """``argparse`` type of ``--budget``."""
    try:
        return check_budget(float(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(_plain(exc, text)) from None


def count_option(low: int, high: int, what: str = "the value") -> Callable[[str], int]:
    """``argparse`` type of a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            return check_count(_whole(text, what, low, high), what, low, high)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(_plain(exc, text)) from None

    parse.__name__ = "whole number"
    return parse


def seed_option(text: str) -> int:
    """``argparse`` type of ``--seed``."""
    try:
        return check_seed(_whole(text, "--seed", MIN_SEED, MAX_SEED))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(_plain(exc, text)) from None


seed_option.__name__ = "seed"


def _whole(text: str, what: str, low: int, high: int) -> int:
    """``text`` read as a whole number; one of more digits than Python reads at once is
    out of range, and is refused as such."""
    try:
        return int(text)
    except ValueError:
        if not text.strip().lstrip("+-").isdigit():
            raise
    template = N_("{what} must be at least {low} and at most {high}, not {value}")
    raise ValueError(_say(template, what, text, low=str(low), high=str(high)))


def _plain(exc: ValueError, text: str) -> str:
    message = str(exc)
    if message.startswith("invalid literal") or message.startswith("could not convert"):
        return gettext("not a number: {text}").format(text=repr(text))
    return message
