"""The hand-over curtain: covers the table between two players' turns."""

from __future__ import annotations

from rich.align import Align
from rich.console import Group
from rich.panel import Panel
from rich.text import Text
from textual.widgets import Static

from ...engine import ROUNDS
from ...i18n import gettext as _
from .. import palette, texts, texts_screens
from ..core.handover import HandOver


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

    def show(self, curtain: HandOver) -> None:
        """The next player's name; what the other players did to them (``to_you``: their
        CP now explained, first); the turns played since theirs (each one's tile, what
        its effects did, the CP change); and, when people share the keyboard, a word to
        pass it on. A player who has not played yet (``played_before`` false) has no
        last turn to speak of: the turns are "the last moves"."""
        name, recent, resumed = curtain.name, curtain.recent, curtain.resumed
        parts: list[Text] = [
            Text(
                _(texts_screens.HANDOVER_TITLE).format(name=name),
                style=palette.ACCENT,
                justify="center",
            ),
            Text(
                _(texts_screens.HANDOVER_ROUND).format(round=curtain.round_number, rounds=ROUNDS),
                style=palette.DIM,
                justify="center",
            ),
            Text(),
        ]
        if resumed:
            parts += [Text(_(texts_screens.HANDOVER_RESUMED)), Text()]
        room = max(3, self.app.size.height - 12)  # lines left for the summaries
        width = max(30, min(74, self.app.size.width - 4))
        inner = width - 4  # inside the panel's border and padding
        if curtain.to_you:
            for index, line in enumerate(curtain.to_you):
                text = Text(line if index == 0 else "  " + line)
                text.stylize(palette.BOLD if index == 0 else palette.ACCENT)
                parts.append(text)
                room -= -(-text.cell_len // inner)
            parts.append(Text())
            room = max(2, room - 1)
        if recent:
            heading = (
                _(texts_screens.HANDOVER_LAST)
                if curtain.played_before and not resumed
                else _(texts_screens.HANDOVER_SO_FAR)
            )
            parts.append(Text(heading.format(name=name), style=palette.BOLD))
            shown = list(recent)[-4:]
            per_turn = max(1, room // len(shown) - 1)
            for summary in shown:
                head = Text(no_wrap=True, overflow="ellipsis")
                head.append(summary.headline, style=palette.BOLD)
                head.append(" · " + summary.cp_line)
                parts.append(head)
                left = per_turn
                for line in summary.effects:
                    # A line too long for the panel wraps (a longer language, a long
                    # tile name) rather than losing its end; it counts as the lines it takes.
                    text = Text("  " + line)
                    lines = -(-text.cell_len // inner)
                    if lines > left:
                        break
                    parts.append(text)
                    left -= lines
            # every one of them, whole, however many there were
            key = (
                _(texts.HANDOVER_SINCE_KEY)
                if curtain.played_before
                else _(texts.HANDOVER_SO_FAR_KEY)
            )
            parts.append(Text(key, style=palette.DIM))
            parts.append(Text())
        if curtain.pass_keyboard:
            parts.append(Text(_(texts_screens.HANDOVER_PASS).format(name=name)))
            parts.append(Text())
            ready = _(texts_screens.HANDOVER_READY).format(name=name)
        else:
            ready = _(texts_screens.HANDOVER_PLAY)
        parts.append(Text(ready, style=palette.KEY, justify="center"))
        panel = Panel(Group(*parts), width=width, border_style="bright_black")
        self.update(Align.center(panel), layout=False)  # its size never changes
        self.add_class("-shown")

    def hide(self) -> None:
        self.remove_class("-shown")
