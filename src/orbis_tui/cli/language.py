"""The language of the ``orbis`` command: ``--lang``, the saved setting, the terminal's.

``--lang`` is taken out of the arguments before they are parsed, so that the help and
argparse's own errors already speak the language chosen.
"""

from __future__ import annotations

import argparse
import sys

from .. import i18n
from ..i18n import gettext as _

LANG_OPTION = "--lang"

# argparse's own words that a player can meet, so that the catalogs translate them too
# (argparse looks them up through the gettext function installed by use_language).
ARGPARSE_WORDS = (
    i18n.N_("usage: "),
    i18n.N_("options"),
    i18n.N_("positional arguments"),
    i18n.N_("show this help message and exit"),
    i18n.N_("%(prog)s: error: %(message)s\n"),
    i18n.N_("argument %(argument_name)s: %(message)s"),
    i18n.N_("unrecognized arguments: %s"),
    i18n.N_("the following arguments are required: %s"),
    i18n.N_("one of the arguments %s is required"),
    i18n.N_("not allowed with argument %s"),
    i18n.N_("expected one argument"),
    i18n.N_("invalid choice: %(value)r (choose from %(choices)s)"),
    i18n.N_("invalid %(type)s value: %(value)r"),
    i18n.N_("ambiguous option: %(option)s could match %(matches)s"),
    i18n.N_("ignored explicit argument %r"),
)


def language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` in a command's help (its value is taken before parsing)."""
    parser.add_argument(
        LANG_OPTION,
        metavar="LANG",
        help=_("the language: en, de or ru (default: the settings, else LANGUAGE/LANG)"),
    )


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """The value of --lang (the last one given) and the arguments without it."""
    chosen = None
    rest: list[str] = []
    words = iter(argv)
    for word in words:
        if word == LANG_OPTION:
            chosen = next(words, "")
        elif word.startswith(LANG_OPTION + "="):
            chosen = word.split("=", 1)[1]
        else:
            rest.append(word)
    return chosen, rest


def _saved_language(tell: bool) -> str | None:
    """The language of the settings; with ``tell``, a settings file that cannot be
    used is reported on stderr (the app reports it itself)."""
    from ..tui.core.settings import SettingsFile

    settings_file = SettingsFile()
    language = settings_file.load().language or None
    notice = settings_file.notice()
    if tell and notice is not None:
        print(f"orbis: {notice}", file=sys.stderr)
    return language


def use_language(chosen: str | None, *, tell: bool = True) -> str:
    """Speak the language --lang names, else the saved setting's, else the terminal's.

    argparse's own words (usage, errors) follow too. ``tell``: say on stderr when the
    settings file cannot be used."""
    if chosen is not None and i18n.normalize(chosen) not in i18n.available_languages():
        raise ValueError(chosen)
    lang = i18n.set_language(i18n.resolve_language(chosen, _saved_language(tell)))
    argparse._ = i18n.gettext  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    return lang
