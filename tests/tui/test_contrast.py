"""Contrast of the app's colors, WCAG AA (4.5:1 for text), in every look: each style
with a background of its own, each text color of a look on that look's backgrounds, and
the end screen's winner line (once dark yellow on purple). The chips and tile bands of
the five colors, graphical objects, stand out from each look's background and surface
(where the board is drawn) by WCAG's 3:1 for them (white ones once vanished on the
light look's grey)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.color import Color as RichColor
from rich.style import Style
from textual.theme import BUILTIN_THEMES

from orbis_tui.tui import chips, palette

AA = 4.5
GRAPHICS = 3.0  # WCAG 2.1 AA, 1.4.11: graphical objects against what is next to them
THEMES = {False: "textual-dark", True: "textual-light"}  # palette.set_light's looks


def luminance(color: RichColor) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = color.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: RichColor, b: RichColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def backgrounds(light: bool) -> list[RichColor]:
    system = BUILTIN_THEMES[THEMES[light]].to_color_system().generate()
    return [RichColor.parse(system[name][:7]) for name in ("background", "surface", "panel")]


def styles_with_both() -> dict[str, Style]:
    found = {
        name: value
        for name, value in vars(palette).items()
        if isinstance(value, Style) and value.bgcolor is not None and value.color is not None
    }
    found.update({f"chip {c.name}": s for c, s in chips.CHIP.items()})
    found.update({f"tile {c.name}": s for c, s in chips.TILE.items()})
    return found


@pytest.mark.parametrize("light", [False, True])
def test_each_looks_blocks_stand_out_from_its_backgrounds(light: bool) -> None:
    """A wilderness, a canceled tile, the cursor's spot, a warning mark, a god and the
    temple token are blocks of their own color: each stands out from the look's
    background and surface (the light look's cream temple once vanished on its grey)."""
    try:
        palette.set_light(light)
        grounds = backgrounds(light)[:2]
        for name, style in vars(palette).items():
            if isinstance(style, Style) and style.bgcolor is not None:
                for ground in grounds:
                    ratio = round(contrast(style.bgcolor, ground), 2)
                    assert ratio >= GRAPHICS, (name, light, ground, ratio)
    finally:
        palette.set_light(False)


@pytest.mark.parametrize("light", [False, True])
@pytest.mark.parametrize("name", sorted(styles_with_both()))
def test_every_style_with_its_own_background_reads(name: str, light: bool) -> None:
    try:
        chips.set_light(light)
        palette.set_light(light)
        style = styles_with_both()[name]
        assert style.color is not None and style.bgcolor is not None
        assert contrast(style.color, style.bgcolor) >= AA, name
    finally:
        chips.set_light(False)
        palette.set_light(False)


@pytest.mark.parametrize("light", [False, True])
def test_each_looks_chips_and_tile_bands_stand_out_from_its_backgrounds(light: bool) -> None:
    try:
        chips.set_light(light)
        grounds = backgrounds(light)[:2]  # the background and the surface
        for kind, styles in (("chip", chips.CHIP), ("tile", chips.TILE)):
            for color, style in styles.items():
                assert style.bgcolor is not None
                for ground in grounds:
                    ratio = round(contrast(style.bgcolor, ground), 2)
                    assert ratio >= GRAPHICS, (kind, color.name, light, ground, ratio)
    finally:
        chips.set_light(False)


def test_the_app_draws_chips_in_the_look_it_shows(tmp_path: Path) -> None:
    import asyncio

    from orbis_tui.engine import Color
    from orbis_tui.tui.app import OrbisApp

    async def scenario() -> None:
        app = OrbisApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            dark = chips.CHIP[Color.WHITE].bgcolor
            app.action_toggle_theme()
            await pilot.pause()
            assert chips.CHIP[Color.WHITE].bgcolor != dark
            app.action_toggle_theme()
            await pilot.pause()
            assert chips.CHIP[Color.WHITE].bgcolor == dark

    asyncio.run(scenario())


@pytest.mark.parametrize("light", [False, True])
def test_each_looks_text_colors_read_on_its_backgrounds(light: bool) -> None:
    try:
        palette.set_light(light)
        for name in ("ACCENT", "GOOD", "BAD", "KEY", "SPOT"):
            color = getattr(palette, name).color
            for background in backgrounds(light):
                ratio = contrast(color, background)
                assert ratio >= AA, (name, color, background, round(ratio, 2))
    finally:
        palette.set_light(False)


@pytest.mark.parametrize("light", [False, True])
def test_the_winner_line_is_not_drawn_on_the_titles_purple(light: bool) -> None:
    from orbis_tui.engine import final_scores
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.tui.screens.end import end_head

    match = Match.start(setup_for_game(["Ada", "Bo"], 3, 0))
    try:
        palette.set_light(light)
        head = end_head(final_scores(match.state))
        assert head.style == ""  # no background for the whole line
        for span in head.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            if style.bgcolor is not None and style.color is not None:
                assert contrast(style.color, style.bgcolor) >= AA
            elif style.color is not None:  # "Winner: …" on the screen's own background
                for background in backgrounds(light):
                    assert contrast(style.color, background) >= AA, (str(style), light)
    finally:
        palette.set_light(False)


def test_the_game_logs_turn_headings_take_the_new_looks_accent(tmp_path: Path) -> None:
    """ctrl+t: the log's "— Ada's turn —" lines, drawn before, are drawn again in the
    light look's darker accent (the dark look's yellow does not read on light grey)."""
    import asyncio

    from orbis_tui.tui.app import OrbisApp
    from orbis_tui.tui.widgets.info import GameLog

    async def scenario() -> None:
        app = OrbisApp(tmp_path, seed=4)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")  # the curtain
            await pilot.pause()
            log = app.screen.query_one(GameLog)
            heading = next(line for line in log.lines if line.startswith("—"))
            width = log.size.width
            assert log._wrap(heading, width)[0].style == palette.ACCENT
            app.action_toggle_theme()
            await pilot.pause()
            assert palette.LIGHT
            assert log._wrap(heading, width)[0].style == palette.ACCENT  # the light one
            app.action_toggle_theme()
            await pilot.pause()

    try:
        asyncio.run(scenario())
    finally:
        palette.set_light(False)
        chips.set_light(False)
