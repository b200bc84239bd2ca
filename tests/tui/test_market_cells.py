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
