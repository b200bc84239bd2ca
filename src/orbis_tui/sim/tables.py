"""The reports' tables: Markdown for the balance study, fixed columns for a terminal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A Markdown table's lines: the header, its rule, then a line per row."""
    return [_markdown_row(header), "|---" * len(header) + "|", *map(_markdown_row, rows)]


def _markdown_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def text_table(rows: Iterable[Sequence[str]], widths: Sequence[int]) -> list[str]:
    """Rows in fixed columns for a terminal: a cell is padded to its column's width,
    right-aligned, or left-aligned for a negative width; the cells past ``widths``
    follow unpadded, three spaces apart."""
    lines = []
    for row in rows:
        fixed = "".join(
            f"{cell:<{-width}}" if width < 0 else f"{cell:>{width}}"
            for cell, width in zip(row, widths, strict=False)
        )
        lines.append("   ".join([fixed, *row[len(widths) :]]))
    return lines
