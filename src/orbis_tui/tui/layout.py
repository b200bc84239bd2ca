"""Keys typed on a Russian keyboard layout.

With the Russian layout on, the keys the game names (a t v e u f x s n q, r on the end
screen) type Cyrillic letters: ф е м у г а ч ы т й, к. Each such letter stands for the
key at its place on the keyboard, so the commands work without switching the layout.

Five Cyrillic letters are also the Russian color letters (к с о з б: red, blue, orange,
green, white), and two of them sit where Latin command keys are: с on c (the coach), з on
p (the players). They add a worshiper only while a color is being chosen (a payment,
an exchange); otherwise they are the command at their place. A Cyrillic letter that
means nothing here says to switch the layout to Latin, instead of doing nothing.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

# The letters of the Russian ЙЦУКЕН layout and the Latin keys at the same places.
_CYRILLIC = "йцукенгшщзфывапролдячсмить"
_LATIN = "qwertyuiopasdfghjklzxcvbnm"
RUSSIAN_LAYOUT = dict(zip(_CYRILLIC, _LATIN, strict=True))


def cyrillic(key: str) -> bool:
    """Whether ``key`` is a Cyrillic letter, as a Russian layout types it."""
    letter = key.removeprefix("shift+")
    return len(letter) == 1 and ("а" <= letter.lower() <= "я" or letter.lower() == "ё")


def place_key(key: str) -> str | None:
    """The Latin key at the place of the Cyrillic ``key`` ("ф" → "a", "Ф" or "shift+ф"
    → "A"); None for a key that is not a letter of the Russian layout's letter rows."""
    letter = key.removeprefix("shift+")
    latin = RUSSIAN_LAYOUT.get(letter.lower())
    if latin is None:
        return None
    return latin.upper() if key != letter or letter != letter.lower() else latin


def _binding(app: App[Any], key: str) -> tuple[str, bool] | None:
    """The action bound to ``key`` on the screen shown, and whether it works now."""
    active = app.screen.active_bindings.get(key)
    if active is None:
        return None
    return active.binding.action, active.enabled


def redirect(app: App[Any], key: str) -> str | None:
    """What a key typed on the Russian layout should be read as: the Latin key at its
    place (``"a"`` for ``"ф"``), ``""`` for a Cyrillic letter that means nothing here
    (say so), or None to leave the key as it is (not Cyrillic, or a color letter while a
    color is chosen)."""
    if not cyrillic(key):
        return None
    from . import chips  # the engine's colors: not before a key is typed (the app loads lazily)

    color = chips.latin_key(key)
    if color is not None:
        bound = _binding(app, color)
        if bound is not None and "color" in bound[0] and bound[1]:
            return None  # a color is being chosen: the color letter adds (or takes) it
    place = place_key(key)
    if place is not None and _binding(app, place) is not None:
        return place  # the command at its place (or its reason for doing nothing now)
    if color is not None and _binding(app, color) is not None:
        return None  # the screen reads its color letters itself
    return ""
