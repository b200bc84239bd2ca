"""The hand-over curtain: covers the table between two players' turns."""

from __future__ import annotations

from rich.align import Align
from rich.console import Group
from rich.panel import Panel
from rich.text import Text
from textual.widgets import Static

from ...engine import ROUNDS
from .. import palette, texts


class HandOverCurtain(Static):
    """Hidden until a turn passes; then nothing but the next player's name shows."""

    DEFAULT_CSS = """
    HandOverCurtain {
        layer: curtain;
        visibility: hidden;
        width: 1fr;
        height: 1fr;
        background: $background;
        content-align: center middle;
    }
    HandOverCurtain.-shown {
        visibility: visible;
    }
    """

    def show(self, name: str, round_number: int, recent: list[str], resumed: bool) -> None:
        parts: list[Text] = [
            Text(texts.HANDOVER_TITLE.format(name=name), style=palette.ACCENT, justify="center"),
            Text(
                texts.HANDOVER_ROUND.format(round=round_number, rounds=ROUNDS),
                style=palette.DIM,
                justify="center",
            ),
            Text(),
        ]
        if resumed:
            parts += [Text(texts.HANDOVER_RESUMED), Text()]
        if recent:
            heading = texts.HANDOVER_SO_FAR if resumed else texts.HANDOVER_LAST
            parts.append(Text(heading.format(name=name), style=palette.BOLD))
            parts += [Text(line) for line in recent]
            parts.append(Text())
        parts.append(Text(texts.HANDOVER_PASS.format(name=name)))
        parts.append(Text())
        parts.append(
            Text(texts.HANDOVER_READY.format(name=name), style=palette.KEY, justify="center")
        )
        width = max(30, min(70, self.app.size.width - 4))
        panel = Panel(Group(*parts), width=width, border_style="bright_black")
        self.update(Align.center(panel), layout=False)  # its size never changes
        self.add_class("-shown")

    def hide(self) -> None:
        self.remove_class("-shown")
