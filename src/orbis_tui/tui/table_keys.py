"""The table's keys: each key's binding (what it calls, its label in the key bar), and
the reason a key pressed in vain gives.

Whether a key works now, and why not, is the key policy's answer
(:func:`..key_policy.judge`); this module only ties the keys to the table's actions,
so that the key bar and the "why nothing happened" notice read the same answer.
"""

from __future__ import annotations

from textual.actions import parse as parse_action
from textual.binding import Binding, BindingType

from ..engine import COLORS
from . import chips, texts
from .core.describe import GOD_KEYS
from .core.key_policy import CONFIRM_LABELS, REFUSE_LABELS, KeyContext, judge

K = texts.KEY
_COLOR_KEYS = chips.KEYS


def _bindings() -> list[BindingType]:
    out: list[BindingType] = [
        Binding("enter,space", "ready", K["ready"]),
        Binding("enter", "end_turn", K["end_turn"]),
    ]
    out += [
        Binding("enter", f"confirm('{label}')", K[label], priority=False)
        for label in CONFIRM_LABELS
    ]
    # The digits take that cell's tile at once: listed once, as 1–9, beside Enter's take.
    out += [
        Binding(str(n), f"take_cell({n - 1})", K["take_cell"], show=n == 1, key_display="1–9")
        for n in range(1, 10)
    ]
    out += [Binding("x", f"refuse('{label}')", K[label]) for label in REFUSE_LABELS]
    out += [
        Binding("x", "toggle_wild('wild')", K["toggle_wild"]),
        Binding("x", "toggle_wild('colored')", K["toggle_colored"]),
        Binding("y", "pay_anyway", K["pay_anyway"]),
        Binding("e", "exchange", K["exchange"]),
        Binding("u", "undo", K["undo"]),
        Binding("f", "hurry", K["hurry"]),
        Binding("p", "players", K["players"]),
        Binding("t", "history", K["history"]),
        Binding("v", "score", K["score"]),
        Binding("c", "coach", K["coach"]),
        Binding("a", "hint", K["hint"]),
        Binding("s", "settings", K["settings"], show=False),
        # n as on the end screen; ctrl+n too, though browsers keep it for a new window.
        Binding("n,ctrl+n", "new_game", K["new"], show=False),
        Binding("pageup", "scroll_side(-1)", K["scroll"], show=False),
        Binding("pagedown", "scroll_side(1)", K["scroll"]),
        # the decision panel, a page at a time (everything it cannot show at once)
        # ] and [ need AltGr on some layouts (German): + and - are typed directly on all
        Binding("plus,right_square_bracket", "scroll_panel(1)", K["panel_more"], key_display="+"),
        Binding(
            "minus,left_square_bracket",
            "scroll_panel(-1)",
            K["panel_back"],
            key_display="-",
            show=False,
        ),
        Binding("d", "since", K["since"]),
    ]
    for key, direction in (
        ("up,k", "up"),
        ("down,j", "down"),
        ("left,h", "left"),
        ("right,l", "right"),
    ):
        out.append(Binding(key, f"move('{direction}')", K[direction], show=False))
    out += [
        Binding(f"{key},shift+{key.lower()}", f"select_god('{god.value}')", K["god"], show=False)
        for god, key in GOD_KEYS.items()
    ]
    for color in COLORS:
        letter = _COLOR_KEYS[color]
        out.append(Binding(letter, f"add_color({int(color)})", K["choose"], show=False))
        out.append(
            Binding(
                f"{letter.upper()},shift+{letter}",
                f"remove_color({int(color)})",
                K["choose"],
                show=False,
            )
        )
    return out


def _key_actions(bindings: list[BindingType]) -> dict[str, list[tuple[str, tuple[object, ...]]]]:
    """Each key's actions, named and with their parameters as the key policy reads them."""
    out: dict[str, list[tuple[str, tuple[object, ...]]]] = {}
    for binding in bindings:
        assert isinstance(binding, Binding)
        _namespace, name, parameters = parse_action(binding.action)
        for key in binding.key.split(","):
            out.setdefault(key, []).append((name, parameters))
    return out


BINDINGS = _bindings()
_KEY_ACTIONS = _key_actions(BINDINGS)


def idle_reason(key: str, context: KeyContext) -> str | None:
    """Why ``key`` does nothing now: the reason the key policy gives for the first of
    its actions it holds back; None when one of them works (e.g. ⇧O: the God of the
    Oceans), or when the policy has nothing to say."""
    for action, parameters in _KEY_ACTIONS.get(key, ()):
        verdict = judge(action, parameters, context)
        if verdict.enabled:
            return None
        if verdict.reason is not None:
            return verdict.reason
    return None
