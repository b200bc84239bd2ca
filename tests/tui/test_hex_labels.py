"""What a pyramid's hexes say of their tiles, in every language: an effect as the market
says it when it fits, else a word or its start marked with a period ("Dorf", "vil."),
never letters run together with a number or a color ("Dor3", "BwB"); a tile's name
whole, or its words shortened to their starts; wider terminals, wider hexes."""

from __future__ import annotations

import asyncio
import re

import pytest
from app_driver import screen_text
from textual.app import App, ComposeResult

from orbis_tui import i18n
from orbis_tui.engine import EffectKind, PlacedTile, Tile
from orbis_tui.tiles import load_catalog
from orbis_tui.tui.core.describe import effect_long, effect_short, effect_tiny
from orbis_tui.tui.widgets.pyramid import PyramidView
from orbis_tui.words import name_of

LANGUAGES = ["en", "de", "ru"]


def one_of_each_effect() -> list[Tile]:
    """A tile of each effect (a gain of a color and of any color apart)."""
    found: dict[tuple[EffectKind, bool], Tile] = {}
    for tile in load_catalog().tiles:
        found.setdefault((tile.effect.kind, tile.effect.color is None), tile)
    return [tile for (kind, _), tile in sorted(found.items()) if kind is not EffectKind.NONE]


class Board(App[None]):
    """A pyramid alone, filling the terminal."""

    def __init__(self, tiles: list[Tile]) -> None:
        super().__init__()
        self.tiles = tiles

    def compose(self) -> ComposeResult:
        yield PyramidView()

    def on_mount(self) -> None:
        pyramid = {(1, col): PlacedTile(tile) for col, tile in enumerate(self.tiles)}
        view = self.query_one(PyramidView)
        view.styles.height = "1fr"
        view.show(pyramid)


def drawn(tiles: list[Tile], size: tuple[int, int]) -> list[str]:
    """The terminal's lines with ``tiles`` side by side in a pyramid's first row."""

    async def go() -> list[str]:
        app = Board(tiles)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return screen_text(app).splitlines()

    return asyncio.run(go())


def hex_lines(lines: list[str], row: int, inner: int) -> list[str]:
    """The ``row``-th line (from the top of the first row's hexes) inside each hex."""
    rows = 2 if inner < 8 or len([line for line in lines if line.strip()]) == 2 else 3
    line = [line for line in lines if line.strip()][-rows + row]
    return [text.strip() for text in re.findall(rf"[╲│╱](.{{{inner}}})[╱│╲]", line)]


def in_fives(tiles: list[Tile]) -> list[list[Tile]]:
    return [tiles[i : i + 5] for i in range(0, len(tiles), 5)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_small_hex_says_an_effect_as_a_word_or_its_marked_start(lang: str) -> None:
    """At 80×24 a hex has four cells: a gain as the market writes it, any other effect
    as a word of its description or the start of one, ended by a period when cut."""
    assert i18n.set_language(lang) == lang
    for tiles in in_fives(one_of_each_effect()):
        labels = hex_lines(drawn(tiles, (36, 8)), 1, 4)
        assert len(labels) == len(tiles)
        for tile, label in zip(tiles, labels, strict=True):
            if tile.effect.kind is EffectKind.GAIN:  # "+2W"; "+1?" for any color
                short = effect_short(tile.effect)
                assert label == (short if len(short) <= 4 else effect_tiny(tile.effect))
                continue
            said = set(
                re.findall(
                    r"[^\W\d_]+", f"{effect_long(tile.effect)} {effect_short(tile.effect)}".lower()
                )
            )
            stem = label.removesuffix(".").lower()
            assert re.fullmatch(r"[^\W\d_]{3,}", stem), (tile.effect.kind, label)
            whole = stem in said
            started = label.endswith(".") or len(label) == 4  # cut at the hex's edge
            assert whole or (started and any(w.startswith(stem) for w in said)), (
                tile.effect.kind,
                label,
                said,
            )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wider_terminal_draws_wider_hexes_that_say_what_the_market_says(lang: str) -> None:
    """With room for hexes 16 wide, two lines tall, every effect reads as on the market."""
    assert i18n.set_language(lang) == lang
    for tiles in in_fives(one_of_each_effect()):
        labels = hex_lines(drawn(tiles, (80, 8)), 1, 14)
        assert labels == [effect_short(tile.effect) for tile in tiles]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tall_hex_names_its_tile_whole_or_by_the_starts_of_its_words(lang: str) -> None:
    """Three lines tall, a hex names its tile: whole when it fits, else its first words,
    the last of them cut to its start and a period ("Bernste.", "Gut Ble."), never cut
    mid-word unmarked."""
    assert i18n.set_language(lang) == lang
    tiles = sorted(load_catalog().tiles, key=lambda t: -len(name_of(t)))[:10]
    for size, inner in (((50, 12), 8), ((80, 12), 14)):
        for group in in_fives(tiles):
            names = hex_lines(drawn(group, size), 2, inner)
            assert len(names) == len(group)
            for tile, shown in zip(group, names, strict=True):
                full = name_of(tile).split()
                *whole, last = shown.split()
                assert whole == full[: len(whole)], (shown, full)
                word = full[len(whole)]
                assert shown == name_of(tile) or (
                    last.endswith(".") and word.startswith(last[:-1])
                ), (shown, full)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("height", [8, 12])
def test_a_forest_in_an_eight_column_hex_says_what_it_needs(lang: str, height: int) -> None:
    """A hex of eight columns (the players view at 120×40) is too narrow for a forest's
    market words with two colors ("Wald 2×B/W"): it keeps what the forest needs, its
    word cut to its initial ("W. 2×B/W"), rather than the word alone ("Wald")."""
    assert i18n.set_language(lang) == lang
    forests = [t for t in load_catalog().tiles if t.effect.kind is EffectKind.FOREST]
    assert any(len(t.effect.colors) == 2 for t in forests)
    for tiles in in_fives(forests):
        labels = hex_lines(drawn(tiles, (50, height)), 1, 8)
        assert len(labels) == len(tiles)
        for tile, label in zip(tiles, labels, strict=True):
            need = "/".join(i18n.color_letters()[c] for c in tile.effect.colors)
            assert label.endswith(f" {tile.effect.count}×{need}"), label
            word = label.split()[0]  # the forest's word, or its initial and a period
            assert effect_short(tile.effect).startswith(word.removesuffix(".")), label
