"""A market cell always shows what its tile costs, however crowded it is."""

from __future__ import annotations

import pytest

from orbis_tui.engine import Color, Tile
from orbis_tui.tiles import load_catalog
from orbis_tui.tui.widgets.market import MarketBoard

CROWDS = [(1, 1, 1, 1, 1), (9, 9, 0, 0, 9), (0, 1, 1, 0, 0)]


def _costly_tile() -> Tile:
    tiles = [t for t in load_catalog().tiles if t.cost_any and any(t.cost)]
    return max(tiles, key=lambda t: sum(t.cost) + t.cost_any)


@pytest.mark.parametrize("crowd", CROWDS)
@pytest.mark.parametrize("width", range(9, 21))
@pytest.mark.parametrize("height", [2, 3, 4, 5])
def test_the_cost_is_never_dropped_for_the_worshipers(
    crowd: tuple[int, ...], width: int, height: int
) -> None:
    tile = _costly_tile()
    lines = MarketBoard._cell_lines(tile, crowd, width, height, Color.BLUE, None)
    text = "\n".join(line.plain for line in lines)
    cost = "".join(Color(c).letter * n for c, n in enumerate(tile.cost)) + "?" * tile.cost_any
    assert cost in text, (width, height, text)
    assert all(line.cell_len <= width for line in lines)
    if width >= len(cost) + 5:  # what the choice in progress adds shows too, where it fits
        assert "+1" + Color.BLUE.letter in text


def one_tile_of_each_effect() -> list[Tile]:
    """A tile of each effect, the longest one's words first."""
    from orbis_tui.tui.core.describe import effect_long

    found: dict[object, Tile] = {}
    for tile in sorted(load_catalog().tiles, key=lambda t: -len(effect_long(t.effect))):
        found.setdefault((tile.effect.kind, tile.effect.color is None), tile)
    return list(found.values())


@pytest.mark.parametrize("height", [4, 5])
def test_a_large_cell_says_an_effect_whole_in_words_or_in_short(speaking: str, height: int) -> None:
    """A large market cell (a wide terminal) says an effect in words when they fit,
    else as the market's short form: each whole, never cut with "…" (German "Dorf: 3
    Anhänger a…")."""
    from orbis_tui.tui.core.describe import effect_long, effect_short

    for tile in one_tile_of_each_effect():
        long, short = effect_long(tile.effect), effect_short(tile.effect)
        for width in range(16, 41):
            lines = MarketBoard._cell_lines(tile, (0,) * 5, width, height, None, None)
            said = lines[2 if height >= 5 else 1].plain.strip()
            assert "…" not in said, (width, said)
            assert said == (long if len(long) < width else short), (width, said)
