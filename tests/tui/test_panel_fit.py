"""The decision panel in a short window: the lines marked as a must (why a choice is
refused, warnings, mistakes, notes, where the tile goes) always show, the others go from
the last up, and "more in a taller window" shows only when no row is left to show more."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from orbis_tui.i18n import gettext
from orbis_tui.tui import palette, texts
from orbis_tui.tui.widgets.panel import (
    ASIDE,
    LOSS,
    OTHER_KEY,
    MustShow,
    _alternative,
    fit_lines,
    warning_lines,
)

CONSOLE = Console(width=200)
WIDTH = 30


def rows(lines: list[Text]) -> int:
    return sum(len(line.wrap(CONSOLE, WIDTH)) for line in lines)


def test_why_a_choice_is_refused_is_never_left_out() -> None:
    refusal = MustShow("✗ Pay: the tile costs 2R plus 1 of any color", style=palette.DIM)
    lines = [
        Text("Pay for Ember Fields: 2R + 1 any", style=palette.BOLD),
        *(Text(f"a dim line number {n} that says little", style=palette.DIM) for n in range(6)),
        refusal,
        Text("r b o g w add one · ⇧+letter take one out", style=palette.DIM),
    ]
    for height in range(4, 12):
        shown = fit_lines(lines, WIDTH, height, CONSOLE)
        assert refusal in shown, height
        assert rows(shown) <= height


def test_the_more_line_shows_only_when_no_row_is_left() -> None:
    lines = [
        Text("Heading", style=palette.BOLD),
        Text("one short line", style=palette.DIM),
        Text(" ".join(["a long explanation that wraps"] * 6), style=palette.DIM),  # 6 rows
    ]
    for height in range(3, 9):
        shown = fit_lines(lines, WIDTH, height, CONSOLE)
        used = rows(shown)
        assert used <= height
        if any(line.plain == gettext(texts.PANEL_MORE) for line in shown):
            assert used == height, (height, [line.plain for line in shown])


def test_a_short_panel_keeps_every_must_show_line() -> None:
    lines = [
        Text("heading"),
        Text("a hint"),
        MustShow("! this loses value", style=palette.BAD),
        Text("another hint"),
        MustShow("note: a forest", style=palette.ACCENT),
        Text("last hint"),
    ]
    shown = fit_lines(lines, 40, 4, Console(width=40))
    assert [line.plain for line in shown] == [
        "heading",
        "! this loses value",
        "note: a forest",
        gettext(texts.PANEL_MORE),
    ]


def test_a_line_styled_like_a_warning_is_not_kept_for_its_style() -> None:
    lines = [Text("heading"), Text("red, but only a hint", style=palette.BAD), Text("x")]
    shown = fit_lines(lines, 40, 2, Console(width=40))
    assert [line.plain for line in shown] == ["heading", gettext(texts.PANEL_MORE)]


def test_the_engines_warnings_are_must_show_lines() -> None:
    from builders import at_decision
    from orbis_tui.engine import DecisionKind

    state = at_decision(DecisionKind.PAY)
    warnings = [w for o in state.decision.options for w in o.warnings]
    assert warnings
    assert all(isinstance(line, MustShow) for line in warning_lines(warnings))


PAYMENT = [
    Text("Pay for Wayside Shrine: 1R 1W + 1 of any color", style=palette.BOLD),
    Text("1 'any' paid with: 1O", style=palette.DIM),
    Text("realm after paying: 3R 2B 2O 1G 0W"),
    MustShow("! Paying leaves you no white worshiper for the temple", style=palette.BAD, rank=LOSS),
    _alternative(
        "x: leave it unpaid, a wilderness:",
        [],
    ),
    Text("r b o g w add one · ⇧+letter take one out", style=palette.DIM),
]


def test_every_panel_fits_and_says_where_the_rest_is_at_every_height() -> None:
    """Whatever the lines, the panel never draws more rows than it has, and a panel that
    left out a must-show line ends in the line that says where the rest is."""
    lines = [*PAYMENT, MustShow("✗ row 2, on A and B: " + "the tiles below " * 5, rank=ASIDE)]
    for height in range(1, rows(lines) + 2):
        shown = fit_lines(lines, WIDTH, height, CONSOLE, more="more: c")
        assert rows(shown) <= height, height
        must = [line for line in lines if isinstance(line, MustShow)]
        if not all(line in shown for line in must):
            assert shown[-1].plain == "more: c", height
    assert fit_lines(lines, WIDTH, rows(lines), CONSOLE) == lines


def test_a_loss_of_value_outranks_the_heading_and_why_other_spots_are_refused() -> None:
    """R-PLACE: where the tile cannot go is an aside; that the spot chosen seals a forest
    is what the player must read before Enter (issue's "a placement that seals")."""
    heading = Text("Place Ember Fields (3 spots)", style=palette.BOLD)
    here = MustShow("▸ row 1, right end", style=palette.ACCENT)
    loss = MustShow("! Birch Marsh (forest, 3 CP) can no longer be validated", rank=LOSS)
    why = "✗ row 2, on Dew Meadow and Amber Hills: " + "blue and orange " * 3
    aside = MustShow(why, rank=ASIDE)
    lines = [heading, here, loss, aside, MustShow(why.replace("Dew", "Wet"), rank=ASIDE)]
    for height in range(3, rows(lines)):
        shown = [line.plain for line in fit_lines(lines, WIDTH, height, CONSOLE)]
        assert loss.plain in shown, height
        if aside.plain not in shown:
            assert shown[-1] == gettext(texts.PANEL_MORE), height
    narrow = [line.plain for line in fit_lines(lines, WIDTH, rows([loss]) + 1, CONSOLE)]
    assert narrow == [loss.plain, gettext(texts.PANEL_MORE)]


def test_losses_taller_than_the_panel_are_cut_short_never_clipped_in_silence() -> None:
    losses = [
        MustShow("! A wilderness scores -1 CP at the end instead of the tile's 2.", rank=LOSS),
        MustShow("! As a wilderness Wayside Shrine is no temple tile: " * 2, rank=LOSS),
    ]
    lines = [Text("Pay for Wayside Shrine"), *losses]
    for height in range(2, rows(lines)):
        shown = fit_lines(lines, WIDTH, height, CONSOLE)
        assert rows(shown) == height, height
        first = shown[0].plain.replace("\n", " ")
        assert first == losses[0].plain or (
            first.endswith("…") and losses[0].plain.startswith(first[:-1].rstrip())
        ), height
        assert shown[-1].plain == gettext(texts.PANEL_MORE), height


def test_what_another_key_would_do_is_kept_or_left_out_with_its_warnings() -> None:
    """The x line and its warnings are one block: a warning of x never reads as the
    payment's own when the x line is the one a short panel dropped."""
    from builders import at_decision
    from orbis_tui.engine import DecisionKind

    state = at_decision(DecisionKind.PAY)
    refusal = state.decision.refusal
    assert refusal is not None and refusal.warnings
    block = _alternative("x: leave it unpaid, a wilderness:", refusal.warnings)
    assert isinstance(block, MustShow)
    said = block.plain.split("\n")
    assert said[0] == "x: leave it unpaid, a wilderness:"
    assert said[1:] == [line.plain for line in warning_lines(refusal.warnings)]
    assert block.rank == OTHER_KEY
    lines = [Text("heading"), Text("a hint " * 8), block]
    for height in range(2, rows(lines)):
        shown = [line.plain for line in fit_lines(lines, WIDTH, height, CONSOLE)]
        assert block.plain in shown or not any(row in shown for row in said[1:]), height


# ---------------------------------------------------------------- the probe at 80×24
# Random seeded games, played to the decisions players found cut at 80×24 (a cost with
# "any" symbols, a volcano, the turn summary): every row of every line the panel
# builds is on one of the pages the scroll key + (or ]) shows, and the key bar names it.


async def _read_every_page(pilot, panel) -> list[str]:
    from app_driver import press, screen_text

    rows: list[str] = []
    for _ in range(40):
        region = panel.content_region
        shown = screen_text(pilot.app).splitlines()[region.y : region.bottom]
        rows.extend(row[region.x : region.right].rstrip() for row in shown)
        if not panel.can_scroll(1):
            break
        keys = pilot.app.screen.active_bindings
        # + needs no AltGr on any layout (] does on a German keyboard); both work
        assert "plus" in keys and keys["plus"].enabled
        assert keys["right_square_bracket"].enabled
        await press(pilot, "+")
    return rows


def _expected_rows(pilot, panel, lines: list[Text]) -> list[str]:
    width = panel.content_size.width
    return [row.plain.rstrip() for line in lines for row in line.wrap(pilot.app.console, width)]


def _probe(match, tmp_path, lines_of, tall: bool = True) -> list[str]:
    """Open ``match`` at 80×24, and check that every row ``lines_of(screen)`` builds
    is on a page of the panel; returns those rows."""
    import asyncio

    from app_driver import TableApp, lift_curtain, table

    from orbis_tui.tui.widgets.panel import DecisionPanel

    found: list[str] = []

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await pilot.pause()
            screen = table(pilot.app)
            panel = screen.query_one(DecisionPanel)
            lines = lines_of(screen)
            expected = [row for row in _expected_rows(pilot, panel, lines) if row]
            rows = await _read_every_page(pilot, panel)
            missing = [row for row in expected if row not in rows]
            assert not missing, (missing, rows)
            found.extend(expected)
            # the probe is about panels too tall for 80×24: those that need the key
            if tall:
                assert len(expected) > panel.content_size.height, "the panel fits: no probe"

    asyncio.run(go())
    return found


def _first_match(players: int, seeds: range, until):
    """The first of the seeded random games that reaches ``until`` (not all do)."""
    from app_driver import random_match

    for seed in seeds:
        try:
            return random_match(players, seed, until)
        except AssertionError:
            continue
    raise AssertionError(f"no game of seeds {seeds} reached the situation")


def _decision_lines(screen):
    from orbis_tui.tui.widgets.panel import panel_lines

    return panel_lines(screen.state, screen.ui, None)


@pytest.mark.parametrize("seed", range(4))
def test_probe_paying_an_any_cost_shows_every_line_by_scrolling(seed: int, tmp_path) -> None:
    """R-PAY: which colors pay the "any", the realm after paying and the keys that
    change it are all readable at 80×24 with ]."""
    from app_driver import random_match

    from orbis_tui.engine import DecisionKind, Pay

    def paying_any(state) -> bool:
        return (
            state.kind is DecisionKind.PAY
            and state.decision.due_any > 0
            and any(isinstance(o.action, Pay) and o.legal for o in state.decision.options)
        )

    match = random_match(2 + seed % 3, 100 + seed, paying_any, avoid_gods=True)
    rows = _probe(match, tmp_path, _decision_lines)
    joined = "\n".join(rows)
    assert gettext(texts.PANEL_PAY_LEFT).split("{")[0].strip() in joined
    assert gettext(texts.PANEL_HINT_CHOOSE) in rows


@pytest.mark.parametrize("seed", range(3))
def test_probe_a_volcanos_sources_show_by_scrolling(seed: int, tmp_path) -> None:
    """R-EFF-VOLCANO: every cell the eruption takes from is readable at 80×24."""
    from orbis_tui.engine import DecisionKind

    volcano = lambda s: s.kind is DecisionKind.VOLCANO  # noqa: E731
    match = _first_match(2 + seed % 3, range(200 + 100 * seed, 300 + 100 * seed), volcano)
    rows = _probe(match, tmp_path, _decision_lines, tall=False)  # one cell may fit
    cell_word = gettext(texts.PANEL_VOLCANO_FROM).split("{")[0]
    assert any(row.startswith(cell_word) for row in rows)


@pytest.mark.parametrize("seed", range(3))
def test_probe_the_turn_summary_shows_every_line_by_scrolling(seed: int, tmp_path) -> None:
    """The summary of a turn waiting for Enter never says "in a taller window"."""
    import asyncio

    from app_driver import TableApp, lift_curtain, press, random_match, table

    from orbis_tui.engine import DecisionKind
    from orbis_tui.tui.widgets.panel import DecisionPanel, summary_lines

    match = random_match(2, 300 + seed, lambda s: s.kind is DecisionKind.PLACE and s.turn > 6)

    async def go() -> None:
        app = TableApp(match, tmp_path, confirm=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            for _ in range(30):  # Enter answers each decision with its default
                if screen.confirming or pilot.app.screen is not screen:
                    break
                await press(pilot, "enter")
            assert screen.confirming
            panel = screen.query_one(DecisionPanel)
            assert screen.session.pending is not None
            lines = summary_lines(screen.session.pending.summary)
            expected = [r for r in _expected_rows(pilot, panel, lines) if r]
            rows = await _read_every_page(pilot, panel)
            assert not [row for row in expected if row not in rows], rows
            assert gettext(texts.PANEL_MORE) not in " ".join(rows) or panel.pages > 1

    asyncio.run(go())


def test_turning_a_page_only_moves_the_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scroll key shows the next page of the lines already wrapped: nothing is
    wrapped or fitted again (what made a page turn slow), and the key bar asks the
    screen which keys work once per repaint."""
    import asyncio
    from typing import Any

    from textual.app import App, ComposeResult
    from textual.screen import Screen

    from orbis_tui.tui.widgets import keybar
    from orbis_tui.tui.widgets.keybar import KeyBar
    from orbis_tui.tui.widgets.panel import FittedPanel

    lines = [Text(f"line {n}: " + "words " * 12) for n in range(30)]

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield FittedPanel(id="panel")
            yield KeyBar()

    async def go() -> None:
        app = One()
        async with app.run_test(size=(40, 12)) as pilot:
            panel = app.query_one(FittedPanel)
            panel.show_lines(list(lines))
            await pilot.pause()
            assert panel.pages > 2
            wraps: list[int] = []
            real_wrap = Text.wrap

            def wrap(*args: Any, **kwargs: Any) -> Any:
                wraps.append(1)
                return real_wrap(*args, **kwargs)

            monkeypatch.setattr(Text, "wrap", wrap)
            for _ in range(panel.pages - 1):
                assert panel.scroll_page(1)
            while panel.scroll_page(-1):
                pass
            assert wraps == []
            monkeypatch.undo()
            asked: list[int] = []
            real = vars(Screen)["active_bindings"]

            def counted(screen: Screen[object]) -> object:
                asked.append(1)
                return real.fget(screen)

            monkeypatch.setattr(type(app.screen), "active_bindings", property(counted))
            app.query_one(KeyBar).render()
            assert len(asked) == 1
            assert keybar.PINNED  # the way out is still found among them

    asyncio.run(go())
