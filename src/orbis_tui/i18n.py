"""The language the game speaks: gettext catalogs, the active one, and how it is chosen.

English source strings are the message ids. Every other language is a compiled gettext
catalog, ``locale/<lang>/LC_MESSAGES/orbis_tui.mo`` inside the package, built from the
``.po`` file beside it when the package is built (see docs/translating.md).

Texts defined at import time are marked with :func:`N_` (or :func:`Np_` for a sentence
with a plural form: a :data:`Template` either way) and translated where they are used
(:func:`fill`, or :func:`gettext` for a plain sentence), so that switching the language
while the app runs takes effect on the next redraw. This module sits below everything
else of the game: it imports nothing of ours.
"""

from __future__ import annotations

import gettext as _gettext
import os
import string
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

DOMAIN = "orbis_tui"
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent / "locale"
# The variables a terminal's language comes from, strongest first (as GNU gettext reads them).
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# Each language's own name, as the settings list it.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский"}


class Plural(NamedTuple):
    """A sentence with a singular and a plural form; ``key`` names the number that decides."""

    one: str
    many: str
    key: str


#: What a text of the game is: a sentence, or a sentence with a plural form (:func:`Np_`).
#: :func:`fill` says either in the language in use.
Template = str | Plural


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for the catalog without translating it now."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for the catalog under ``context`` (see :func:`pgettext`)."""
    return message


def Np_(one: str, many: str, key: str) -> Plural:  # noqa: N802 (the gettext convention)
    """Mark a plural sentence for the catalog; :func:`fill` translates it."""
    return Plural(one, many, key)


_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def available_languages() -> tuple[str, ...]:
    """English and every language whose compiled catalog is installed."""
    found = (
        sorted(
            path.name
            for path in LOCALE_DIR.iterdir()
            if (path / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
        )
        if LOCALE_DIR.is_dir()
        else []
    )
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


def language() -> str:
    """The language now in use, e.g. ``"de"``."""
    return _language


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on; an unknown language falls back to English.

    Returns the language actually in use.
    """
    global _translation, _language
    lang = normalize(lang) or SOURCE_LANGUAGE
    if lang == SOURCE_LANGUAGE:
        _translation, _language = _gettext.NullTranslations(), SOURCE_LANGUAGE
        return _language
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            translation = _gettext.GNUTranslations(handle)
    except (OSError, ValueError):
        _translation, _language = _gettext.NullTranslations(), SOURCE_LANGUAGE
        return _language
    _translation, _language = translation, lang
    return _language


def normalize(value: str | None) -> str | None:
    """``"de_DE.UTF-8"`` -> ``"de"``; ``"C"``, ``"POSIX"`` or empty -> None."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    if not code or code in ("c", "posix"):
        return None
    return code


def language_from_environment(environ: dict[str, str] | None = None) -> str | None:
    """The first language named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG that we have.

    LANGUAGE may list several, separated by colons (``"de:en"``), as GNU gettext reads it.
    """
    env = os.environ if environ is None else environ
    have = available_languages()
    for variable in ENV_VARIABLES:
        value = env.get(variable, "")
        for part in value.split(":"):
            code = normalize(part)
            if code in have:
                return code
        if normalize(value.split(":")[0]) is not None and variable != "LANGUAGE":
            # A locale is set but is not one of ours: English, as gettext would do.
            return None
    return None


def resolve_language(
    chosen: str | None = None,
    saved: str | None = None,
    environ: dict[str, str] | None = None,
) -> str:
    """``--lang`` first, then the saved setting, then the environment, then English."""
    have = available_languages()
    for candidate in (normalize(chosen), normalize(saved)):
        if candidate in have:
            return candidate
    return language_from_environment(environ) or SOURCE_LANGUAGE


def gettext(message: str) -> str:
    """``message`` in the language in use; an empty text stays empty (a catalog answers
    the empty id with its header)."""
    return _translation.gettext(message) if message else message


def ngettext(one: str, many: str, count: int) -> str:
    return _translation.ngettext(one, many, count)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def npgettext(context: str, one: str, many: str, count: int) -> str:
    return _translation.npgettext(context, one, many, count)


def choose(template: Template, values: Mapping[str, object]) -> str:
    """The translated sentence of ``template`` for ``values``: a plain sentence, or the
    plural form that the number named by the template asks for in this language."""
    if isinstance(template, tuple):
        one, many, key = template
        count = values.get(key)
        number = count if isinstance(count, int) and not isinstance(count, bool) else 2
        return ngettext(one, many, number)
    return gettext(template)


# ---------------------------------------------------------------- color letters

# The letter each color is shown with in the language in use, in the engine's color order
# (red, blue, orange, green, white). The notation, the records and the keys keep the Latin
# R B O G W in every language; a language whose players do not read them as colors (Russian
# К С О З Б) says in its catalog which letter is which key.
LATIN_LETTERS = "RBOGW"
LETTERS_MESSAGE = NC_("color letters", "R B O G W")
_shown_letters: dict[str, str] = {}


def color_letters() -> str:
    """The five color letters the language in use shows: ``"RBOGW"``, ``"КСОЗБ"``."""
    shown = _shown_letters.get(_language)
    if shown is None:
        letters = pgettext("color letters", LETTERS_MESSAGE).split()
        fits = len(letters) == len(LATIN_LETTERS) == len(set(letters))
        fits = fits and all(len(letter) == 1 for letter in letters)
        shown = _shown_letters[_language] = "".join(letters) if fits else LATIN_LETTERS
    return shown


def shown_letters(spelled: str) -> str:
    """Letters of the notation (``"RRB"``, ``"2R 1B"``) as the language in use shows them."""
    shown = color_letters()
    if shown == LATIN_LETTERS:
        return spelled
    return spelled.translate(str.maketrans(LATIN_LETTERS, shown))


# ---------------------------------------------------------------- numbers


class _LocalNumbers(string.Formatter):
    """``str.format`` whose decimal numbers (``{x:.1f}``, ``{x:+.1f}``, ``{x:g}``,
    ``{x:.0%}``) take the decimal sign and grouping of the language in use."""

    def format_field(self, value: object, format_spec: str) -> str:
        text: str = super().format_field(value, format_spec)
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        if not is_number or not format_spec or format_spec[-1] not in "fg%":
            return text
        decimal, group, percent = _number_symbols(_language)
        text = text.translate({ord("."): "\0", ord(","): group}).replace("\0", decimal)
        return text.replace("%", percent) if format_spec[-1] == "%" else text


@lru_cache(maxsize=8)
def _number_symbols(lang: str) -> tuple[str, str, str]:
    """The decimal sign, the group sign and the per cent sign (with its space) of ``lang``."""
    from babel.numbers import format_percent, get_decimal_symbol, get_group_symbol

    return get_decimal_symbol(lang), get_group_symbol(lang), format_percent(0, locale=lang)[1:]


_LOCAL_NUMBERS = _LocalNumbers()


# "±" and the number after it are one: a no-break space between them, whatever space
# the template has, so that a line never ends with a lone "±" (see orbis_tui.no_break).
PLUS_MINUS = "± "
PLUS_MINUS_HELD = "±\u00a0"


def format_numbers(template: str, **values: object) -> str:
    """``template.format(**values)``, its decimal numbers written as the language in use
    writes them (``+1,5`` in German and Russian, ``42 %``; English as it is), and a
    "±" held to its number by a no-break space (``± 0,5``)."""
    if _language == SOURCE_LANGUAGE:
        text = template.format(**values)
    else:
        text = _LOCAL_NUMBERS.format(template, **values)
    return text.replace(PLUS_MINUS, PLUS_MINUS_HELD)


def fill(template: Template, /, **values: object) -> str:
    """The sentence the game says: ``template`` translated into the language in use, in
    the plural form its number asks (a :class:`Plural`), with ``values`` filled in and
    its decimal numbers written as the language writes them. Every texts module's
    templates are said through it: ``fill(texts.END_TEMPLE_REASON, count=n)``."""
    return format_numbers(choose(template, values), **values)
