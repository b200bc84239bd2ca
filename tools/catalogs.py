"""Keep the message catalogs in step with the code and the data.

    python tools/catalogs.py extract   write src/orbis_tui/locale/orbis_tui.pot
    python tools/catalogs.py update    extract, then merge the template into every .po
    python tools/catalogs.py init LANG start a catalog for a new language
    python tools/catalogs.py compile   build the .mo files beside the .po files
    python tools/catalogs.py stats     translated / missing / fuzzy per language

Needs Babel (``pip install babel``, included in the test extra). See docs/translating.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "orbis_tui" / "locale"
TEMPLATE = LOCALE / "orbis_tui.pot"
DOMAIN = "orbis_tui"
# Markers beyond Babel's defaults (gettext, ngettext, pgettext, N_...): see orbis_tui.i18n.
KEYWORDS = ("Np_:1,2", "NC_:1c,2")
WIDTH = 100


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    sys.path.insert(0, str(ROOT / "tools"))  # the TOML extractor named in babel.cfg
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        *keywords,
        "--project=orbis-tui",
        "--copyright-holder=the orbis-tui authors",
        "--msgid-bugs-address=",
        "--no-location",
        "--sort-output",
        f"--width={WIDTH}",
        "-o",
        str(TEMPLATE),
        str(ROOT),
    )


def update() -> None:
    extract()
    _pybabel(
        "update",
        "-i",
        str(TEMPLATE),
        "-d",
        str(LOCALE),
        "-D",
        DOMAIN,
        "--no-fuzzy-matching",
        "--ignore-obsolete",
        f"--width={WIDTH}",
    )


def init(lang: str) -> None:
    _pybabel(
        "init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, f"--width={WIDTH}"
    )


def compile_() -> None:
    _pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")


def stats() -> None:
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        messages = [m for m in catalog if m.id]
        done = sum(
            1
            for m in messages
            if m.string
            and all(m.string if isinstance(m.string, tuple) else [m.string])
            and not m.fuzzy
        )
        fuzzy = sum(1 for m in messages if m.fuzzy)
        print(f"{po.parent.parent.name}: {done}/{len(messages)} translated, {fuzzy} fuzzy")


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_, "stats": stats}
    if len(argv) == 2 and argv[0] == "init":
        init(argv[1])
        return 0
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
