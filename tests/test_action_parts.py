"""One reading of actions and spots, many wordings: orbis_tui.words reads what an action
names and where a spot is (action_parts, spot_place); the hints' sentences and the
walkthrough's own templates (learn.words) both say that reading."""

from __future__ import annotations

import pytest

from builders import plain
from orbis_tui.engine import Color, Place, PlacedTile, TakeTile
from orbis_tui.learn.script import load_script
from orbis_tui.learn.words import describe
from orbis_tui.tiles import new_game
from orbis_tui.words import action_parts, name_of, spot_place


@pytest.fixture
def state():
    return new_game(["Ann", "Bo"], seed=3)


def test_a_spot_between_tiles_of_the_bottom_row_is_inside_and_an_end_is_an_end() -> None:
    """R-PLACE-1: the bottom row grows at its ends; the words say which end, and R-PLACE-2
    which tiles a spot above rests on."""
    red = PlacedTile(plain("t-red", Color.RED))
    pyramid = {(1, 2): red, (1, 4): red}
    assert spot_place({}, (1, 0)).side == "first"
    assert spot_place(pyramid, (1, 1)).side == "left"
    assert spot_place(pyramid, (1, 3)).side == "inside"
    assert spot_place(pyramid, (1, 5)).side == "right"
    on = spot_place({(1, 2): red, (1, 3): PlacedTile(red.tile, wild=True)}, (2, 2))
    assert (on.side, on.row, on.left, on.right) == ("on", 2, red, PlacedTile(red.tile, True))


def test_a_take_names_its_tile_and_cell_for_every_wording(state) -> None:
    cell = next(c for c, tile in enumerate(state.market) if tile is not None)
    parts = action_parts(state, TakeTile(cell))
    assert parts is not None and parts.key.startswith("take")
    tile = state.market[cell]
    assert parts.values["name"] == parts.values["tile"] == name_of(tile)
    assert parts.values["cell"] == cell + 1
    words = load_script().words
    assert describe(TakeTile(cell), state, words) == words.take.format(
        cell=cell + 1, name=name_of(tile)
    )


def test_what_is_not_an_action_of_the_game_has_no_parts(state) -> None:
    assert action_parts(state, "take 1") is None  # type: ignore[arg-type]


def test_the_walkthrough_says_a_spot_with_its_own_templates(state) -> None:
    """The first tile of a pyramid goes to the bottom row (R-PLACE-1)."""
    state.apply(next(a for a in state.legal_actions() if isinstance(a, TakeTile)))
    while not any(isinstance(a, Place) for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    place = next(a for a in state.legal_actions() if isinstance(a, Place))
    words = load_script().words
    assert describe(place, state, words) in (
        words.place.format(spot=words.spot_first),
        words.place_wild.format(spot=words.spot_first),
    )
