"""The engine reads no process-wide language: what it says about a game (its refusals,
its warnings, its events, as ``str``, ``repr`` and ``details``) is the same whatever
language the app has set. The sentences are made at the edge, by
:func:`orbis_tui.words.message_of`."""

from __future__ import annotations

import random

from orbis_tui import i18n
from orbis_tui.engine import Decline, GameState, GodId, IllegalAction, TakeGod, TakeTile
from orbis_tui.tiles import new_game
from orbis_tui.words import message_of

NAMES = ("Ann", "Ben", "Cy", "Di")


def _said(said: object) -> str:
    details = getattr(said, "details", None)
    return f"{said!s} | {said!r} | {details!r}"


def _what_the_engine_says(games: int, seed: int) -> list[str]:
    out: list[str] = []
    for index in range(games):
        rng = random.Random(seed + index)
        state: GameState = new_game(list(NAMES[: 2 + index % 3]), seed=seed + index)
        while not state.is_over:
            for option in state.decision.options:
                out.append(str(option.action))
                out.extend(_said(w) for w in option.warnings)
                if option.refusal is not None:
                    out.append(_said(option.refusal))
            for asked in [TakeTile(cell) for cell in range(9)] + [TakeGod(g) for g in GodId]:
                refused = state.why_not(asked)
                out.append(_said(refused) if refused is not None else "legal")
            action = rng.choice(state.decision_actions())
            out.extend(repr(event) for event in state.apply(action))
    return out


def test_what_the_engine_says_does_not_change_with_the_language() -> None:
    english = _what_the_engine_says(3, seed=2300)
    assert any("R-" in line and "|" in line for line in english)  # refusals were seen
    for language in ("de", "ru"):
        assert i18n.set_language(language) == language, "the catalogs are not built"
        assert _what_the_engine_says(3, seed=2300) == english, language


def test_the_same_refusal_is_worded_at_the_edge_in_each_language() -> None:
    refusal = IllegalAction("R-PLACE-1", "row_full", row=2)
    assert str(refusal) == "R-PLACE-1 row_full (row=2)"
    worded = {}
    for language in ("en", "de", "ru"):
        i18n.set_language(language)
        worded[language] = message_of(refusal)
        assert str(refusal) == "R-PLACE-1 row_full (row=2)"
    assert worded == {"en": "Row 2 is full.", "de": "Reihe 2 ist voll.", "ru": "Ряд 2 заполнен."}


def test_a_move_at_the_wrong_moment_names_the_move_and_the_decision_in_words() -> None:
    """The engine names them by its own identifiers (the action's type, the decision's
    kind); a player reads them in their language (R-TURN-1)."""
    state = new_game(["Ada", "Bo"], seed=5, first_player=0)
    try:
        state.apply(Decline())
    except IllegalAction as refusal:
        refused = refusal
    else:
        raise AssertionError("declining is no answer to a turn")
    worded = {}
    for language in ("en", "de", "ru"):
        i18n.set_language(language)
        worded[language] = message_of(refused)
    i18n.set_language("en")
    assert worded["en"] == (
        "That move (declining) does not answer the decision pending: "
        "take a tile from the market or a god."
    )
    for language in ("de", "ru"):
        assert "Decline" not in worded[language] and "(turn)" not in worded[language]
        assert worded[language] != worded["en"]


def test_every_move_and_decision_of_the_engine_has_its_words() -> None:
    from typing import get_args

    from orbis_tui.engine import Action, DecisionKind
    from orbis_tui.words.messages import DECISION_WORDS, MOVE_WORDS

    assert {kind.__name__ for kind in get_args(Action)} == set(MOVE_WORDS)
    assert {kind.value for kind in DecisionKind} == set(DECISION_WORDS)
