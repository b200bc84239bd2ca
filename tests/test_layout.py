"""Files a newcomer can read: no ``.py`` file of ``src/``, ``tests/``, ``benchmarks/`` or
``tools/`` is longer than :data:`LIMIT` lines unless its module docstring says why it is
one file, on a line of its own that starts with :data:`REASON` (``grep -rn "Why one
file:"`` lists them all).

A long file is split along the seams it has (its sections, its subjects); when a split
would hurt (one long table, one story told in order), the docstring says so.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("src", "tests", "benchmarks", "tools")
LIMIT = 600
REASON = "Why one file:"


def gives_reason(text: str) -> bool:
    """Whether the module docstring of ``text`` has a line ``Why one file: <reason>``."""
    try:
        with warnings.catch_warnings():  # the module's own escapes are not this test's
            warnings.simplefilter("ignore")
            docstring = ast.get_docstring(ast.parse(text))
    except SyntaxError:
        return False
    for line in (docstring or "").splitlines():
        line = line.strip()
        if line.startswith(REASON) and line[len(REASON) :].strip():
            return True
    return False


def too_long(root: Path, folders: tuple[str, ...] = FOLDERS) -> dict[str, int]:
    """The files under ``root``'s ``folders`` over :data:`LIMIT` lines that give no
    reason for it, by path (relative to ``root``, with ``/``) and line count."""
    found: dict[str, int] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            lines = len(text.splitlines())
            if lines > LIMIT and not gives_reason(text):
                found[path.relative_to(root).as_posix()] = lines
    return found


def test_no_file_is_over_the_limit_without_saying_why() -> None:
    offenders = too_long(ROOT)
    assert not offenders, (
        f"over {LIMIT} lines, with no line '{REASON} ...' in the module docstring "
        "(split the file, or say why it is one):\n"
        + "\n".join(f"  {path}: {n} lines" for path, n in sorted(offenders.items()))
    )


# ------------------------------------------------------------------ the check itself
def _module(tmp_path: Path, name: str, docstring: str, lines: int) -> None:
    head = f'"""{docstring}"""\n'
    body = head + "x = 1\n" * (lines - len(head.splitlines()))
    path = tmp_path / "src" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")


@pytest.mark.parametrize(
    ("docstring", "lines", "listed"),
    [
        ("A module.", LIMIT, False),
        ("A module.", LIMIT + 1, True),
        (f"A module.\n\n{REASON} one table read top to bottom.\n", LIMIT + 1, False),
        (f"A module.\n\n    {REASON} indented in the docstring.\n", LIMIT + 1, False),
        (f"A module.\n\n{REASON}\n", LIMIT + 1, True),  # no reason given
        ("A module; why one file: said in passing.", LIMIT + 1, True),
    ],
)
def test_the_check_names_a_long_file_without_a_reason(
    tmp_path: Path, docstring: str, lines: int, listed: bool
) -> None:
    _module(tmp_path, "deep/long.py", docstring, lines)
    expected = {"src/deep/long.py": lines} if listed else {}
    assert too_long(tmp_path, ("src",)) == expected


def test_a_reason_in_a_comment_is_not_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "src" / "long.py"
    path.parent.mkdir()
    path.write_text(f"# {REASON} a comment.\n" + "x = 1\n" * LIMIT, encoding="utf-8")
    assert too_long(tmp_path, ("src",)) == {"src/long.py": LIMIT + 1}


def layout_block(readme: str) -> str:
    """The README's drawing of the project's folders (the block under its heading)."""
    section = readme.split("## Project layout", 1)[1]
    return section.split("```", 2)[1]


def test_the_readme_layout_names_every_package_and_module() -> None:
    """A newcomer finds each part of ``src/orbis_tui`` in the README's layout, with a
    line saying what it is for: a package or module left out is a place nobody is told
    of."""
    block = layout_block((ROOT / "README.md").read_text(encoding="utf-8"))
    named = {line.split()[0] for line in block.splitlines() if line.startswith("  ")}
    package = ROOT / "src" / "orbis_tui"
    parts = {
        f"{path.name}/" if path.is_dir() else path.name
        for path in package.iterdir()
        if (path.is_dir() and (path / "__init__.py").exists())
        or (path.suffix == ".py" and not path.name.startswith("__"))
    }
    assert sorted(parts - named) == []
