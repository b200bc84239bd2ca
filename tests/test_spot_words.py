"""Where a spot is, in words: two spots of a row said alike are told apart by their
order from the left (a player who cannot see the pyramid chooses between them)."""

from __future__ import annotations

from orbis_tui.engine import PlacedTile
from orbis_tui.tiles import load_catalog
from orbis_tui.words import spot_words


def _row_one(*wild: bool) -> dict[tuple[int, int], PlacedTile]:
    tiles = [t for t in load_catalog().tiles if t.level == 1]
    return {(1, c): PlacedTile(tiles[c], wild=w) for c, w in enumerate(wild)}


def test_spots_on_alike_tiles_say_their_order_from_the_left() -> None:
    pyramid = _row_one(True, True, True, False, False)
    first, second = spot_words(pyramid, (2, 0)), spot_words(pyramid, (2, 1))
    assert first == "row 2, on a wilderness and a wilderness, number 1 of 2 from the left"
    assert second == "row 2, on a wilderness and a wilderness, number 2 of 2 from the left"


def test_a_spot_said_unlike_any_other_says_no_order() -> None:
    pyramid = _row_one(True, True, False, False, False)
    said = spot_words(pyramid, (2, 0))
    assert said == "row 2, on a wilderness and a wilderness"
    assert "from the left" not in spot_words(pyramid, (2, 2))
