"""The table's key policy, without an app: which keys work at every decision, and the
reason a key pressed in vain gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builders import Seat, at_decision, position, rows
from orbis_tui.engine import Color, DecisionKind, GameState, GodId
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts_learn, texts_screens
from orbis_tui.tui.core.controller import Controller
from orbis_tui.tui.core.key_policy import (
    CONFIRM_LABELS,
    REFUSE_LABELS,
    KeyContext,
    confirm_label,
    judge,
)
from orbis_tui.tui.table_keys import BINDINGS, idle_reason

DECIDING = [kind for kind in DecisionKind if kind is not DecisionKind.OVER]


def context(state: GameState, **changes: object) -> KeyContext:
    ui = Controller()
    ui.sync(state, 1)
    base = KeyContext(
        state=state,
        choice=ui,
        name="Ada",
        human=True,
        hints=True,
        confirming=False,
        can_undo=True,
        handing_over=False,
        too_small=False,
        hurrying=False,
        side_overflows=False,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def every_action() -> list[tuple[str, tuple[object, ...]]]:
    """Each action the table binds to a key, once."""
    from orbis_tui.tui.table_keys import _key_actions

    seen: dict[tuple[str, tuple[object, ...]], None] = {}
    for actions in _key_actions(BINDINGS).values():
        for action in actions:
            seen.setdefault(action, None)
    return list(seen)


def enabled(ctx: KeyContext) -> set[tuple[str, tuple[object, ...]]]:
    return {a for a in every_action() if judge(a[0], a[1], ctx).enabled}


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_an_enabled_key_gives_no_reason(kind: DecisionKind) -> None:
    for ctx in (
        context(at_decision(kind)),
        context(at_decision(kind), confirming=True),
        context(at_decision(kind), human=False),
        context(at_decision(kind), can_undo=False, hints=False),
    ):
        for name, parameters in every_action():
            verdict = judge(name, parameters, ctx)
            assert not (verdict.enabled and verdict.reason), (name, parameters)


@pytest.mark.parametrize("kind", DECIDING)
def test_enter_does_exactly_one_thing_at_every_decision(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind))
    on = enabled(ctx)
    confirms = [label for label in CONFIRM_LABELS if ("confirm", (label,)) in on]
    assert confirms == [confirm_label(ctx.state, ctx.choice)]
    assert ("end_turn", ()) not in on and ("ready", ()) not in on


@pytest.mark.parametrize("kind", DECIDING)
def test_x_refuses_only_where_the_engine_offers_a_refusal(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind))
    refusals = [label for label in REFUSE_LABELS if ("refuse", (label,)) in enabled(ctx)]
    offered = ctx.state.decision.refusal is not None
    assert len(refusals) == (1 if offered else 0)


@pytest.mark.parametrize("kind", DECIDING)
def test_the_market_keys_say_why_they_are_idle(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind))
    verdict = judge("take_cell", (0,), ctx)
    if kind is DecisionKind.TURN:
        assert verdict.enabled
    else:
        assert verdict.reason == gettext(texts_screens.IDLE_MARKET)


def test_the_last_turn_without_a_god_takes_a_god_not_a_tile() -> None:
    state = position(seats=[Seat(rows(14)), Seat(rows(14), god=GodId.LOVE)])
    assert state.must_take_god()
    ctx = context(state)
    assert judge("take_cell", (4,), ctx).reason == gettext(texts_screens.IDLE_MUST_GOD)
    god = state.gods_available[0]
    assert judge("select_god", (god.value,), ctx).enabled


@pytest.mark.parametrize("kind", DECIDING)
def test_the_color_keys_work_exactly_when_worshipers_are_chosen(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind))
    picks = ctx.choice.picks_colors(ctx.state)
    for name in ("add_color", "remove_color"):
        verdict = judge(name, (0,), ctx)
        assert verdict.enabled == picks
        assert verdict.reason == (None if picks else gettext(texts_screens.IDLE_COLOR))


@pytest.mark.parametrize("kind", DECIDING)
def test_the_exchange_key_works_exactly_when_the_engine_offers_one(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind))
    verdict = judge("exchange", (), ctx)
    assert verdict.enabled == bool(ctx.state.decision.exchanges)
    assert verdict.reason == (None if verdict.enabled else gettext(texts_screens.IDLE_EXCHANGE))


def test_undo_says_when_the_turn_begins_here() -> None:
    ctx = context(at_decision(DecisionKind.TURN), can_undo=False)
    assert judge("undo", (), ctx).reason == gettext(texts_screens.NOTHING_TO_UNDO)
    assert judge("undo", (), replace(ctx, can_undo=True)).enabled


@pytest.mark.parametrize("kind", DECIDING)
def test_a_finished_turn_waits_for_enter_or_undo(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind), confirming=True)
    on = enabled(ctx)
    assert ("end_turn", ()) in on and ("undo", ()) in on
    assert not any(name in ("confirm", "refuse", "take_cell", "move") for name, _ in on)
    for name, parameters in (("exchange", ()), ("take_cell", (0,)), ("add_color", (0,))):
        assert judge(name, parameters, ctx).reason == gettext(texts_screens.IDLE_CONFIRMING)
    assert judge("remove_color", (0,), ctx).reason is None
    assert judge("hint", (), ctx).reason == gettext(texts_learn.HINT_CONFIRMING)


def test_the_hint_key_says_why_there_is_no_hint() -> None:
    ctx = context(at_decision(DecisionKind.TURN))
    assert judge("hint", (), ctx).enabled
    assert judge("hint", (), replace(ctx, hints=False)).reason == gettext(
        texts_learn.HINT_OFF
    ).format(name="Ada")
    assert judge("hint", (), replace(ctx, human=False)).reason == gettext(texts_learn.HINT_BOT)
    over = context(at_decision(DecisionKind.OVER))
    assert judge("hint", (), over).reason == gettext(texts_learn.HINT_OVER)


@pytest.mark.parametrize("kind", DECIDING)
def test_a_computer_players_turn_leaves_only_looking_and_hurrying(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind), human=False)
    names = {name for name, _ in enabled(ctx)}
    assert names == {"players", "coach", "history", "score", "settings", "new_game", "hurry"} | {
        "scroll_side"
    }
    assert not judge("hurry", (), replace(ctx, hurrying=True)).enabled


@pytest.mark.parametrize("kind", DECIDING)
def test_a_person_deciding_at_another_table_leaves_only_looking(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind), human=False, bot_moves=False)
    names = {name for name, _ in enabled(ctx)}
    assert names == {"players", "coach", "history", "score", "settings", "new_game"} | {
        "scroll_side"
    }


def test_the_costly_flags_are_read_only_by_the_keys_that_need_them() -> None:
    asked: list[str] = []

    def flag(name: str) -> bool:
        asked.append(name)
        return False

    ctx = context(
        at_decision(DecisionKind.TURN),
        can_undo=lambda: flag("undo"),
        side_overflows=lambda: flag("side"),
    )
    for name, parameters in every_action():
        if name not in ("undo", "scroll_side"):
            judge(name, parameters, ctx)
    assert asked == []
    assert not judge("undo", (), ctx).enabled and asked == ["undo"]
    assert not judge("scroll_side", (1,), ctx).enabled and asked == ["undo", "side"]


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_behind_the_curtain_only_enter_works(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind), handing_over=True)
    assert enabled(ctx) == {("ready", ()), ("new_game", ())}


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_a_terminal_too_small_silences_every_key(kind: DecisionKind) -> None:
    ctx = context(at_decision(kind), too_small=True)
    for name, parameters in every_action():
        assert judge(name, parameters, ctx) == judge("ready", (), ctx)
        assert not judge(name, parameters, ctx).enabled


def test_x_switches_between_the_tile_and_a_wilderness_when_both_are_offered() -> None:
    ctx = context(at_decision(DecisionKind.PLACE))
    assert ctx.choice.colored_spots(ctx.state)
    on = enabled(ctx)
    assert ("toggle_wild", ("wild",)) in on and ("toggle_wild", ("colored",)) not in on
    ctx.choice.toggle_wild(ctx.state)
    on = enabled(ctx)
    assert ("toggle_wild", ("colored",)) in on and ("toggle_wild", ("wild",)) not in on


def test_a_god_key_works_only_for_a_god_still_on_offer() -> None:
    ctx = context(at_decision(DecisionKind.TURN))
    for god in GodId:
        offered = god in ctx.state.gods_available
        assert judge("select_god", (god.value,), ctx).enabled == offered


def test_over_every_key_but_looking_is_idle() -> None:
    ctx = context(at_decision(DecisionKind.OVER))
    names = {name for name, _ in enabled(ctx)}
    assert names <= {"players", "coach", "history", "score", "settings", "new_game", "hint"} | {
        "scroll_side"
    }


def test_a_table_without_hints_says_what_it_offers_instead() -> None:
    for kind in DecisionKind:
        ctx = context(at_decision(kind), hints_instead="the lesson's tips")
        assert judge("hint", (), ctx).reason == "the lesson's tips"


@pytest.mark.parametrize("kind", DECIDING)
def test_a_key_pressed_in_vain_gives_the_reason_of_its_first_idle_action(
    kind: DecisionKind,
) -> None:
    """The notice reads the same policy as the key bar, through the keys' bindings."""
    ctx = context(at_decision(kind))
    exchange = judge("exchange", (), ctx)
    assert idle_reason("e", ctx) == (
        None if exchange.enabled else gettext(texts_screens.IDLE_EXCHANGE)
    )
    assert idle_reason("5", ctx) == (
        None if kind is DecisionKind.TURN else gettext(texts_screens.IDLE_MARKET)
    )
    assert idle_reason("F12", ctx) is None  # a key the table does not bind


def test_a_god_letter_works_if_any_of_its_actions_does() -> None:
    """⇧O takes the God of the Oceans and gives back an orange worshiper: at a turn the
    color keys are idle, yet the key works while the god is on offer."""
    without = context(
        position(seats=[Seat(rows(3)), Seat(rows(3))], gods=[GodId.LOVE, GodId.DEATH, GodId.FIRE])
    )
    offered = context(
        position(seats=[Seat(rows(3)), Seat(rows(3))], gods=[GodId.LOVE, GodId.OCEANS, GodId.FIRE])
    )
    for ctx in (without, offered):
        assert not judge("remove_color", (int(Color.ORANGE),), ctx).enabled
    assert idle_reason("O", without) == gettext(texts_screens.IDLE_COLOR)
    assert idle_reason("O", offered) is None


@pytest.mark.parametrize("kind", DECIDING)
def test_x_says_why_it_does_nothing_where_nothing_can_be_refused(kind: DecisionKind) -> None:
    """At a turn (R-TURN-1), a gain or a discard (R-TURN-3) x has nothing to refuse or
    to turn into a wilderness (R-TAKE-3, R-TAKE-4): the key says so, not silence."""
    ctx = context(at_decision(kind))
    acts = ctx.state.decision.refusal is not None or any(
        judge("toggle_wild", (mode,), ctx).enabled for mode in ("wild", "colored")
    )
    reason = idle_reason("x", ctx)
    assert reason == (None if acts else gettext(texts_screens.IDLE_REFUSE)), kind
    if kind is DecisionKind.TURN:
        assert reason is not None and "wilderness" in reason


def test_enter_on_a_god_the_turn_does_not_offer_is_labelled_why_not() -> None:
    """A player with a god already who selects another: Enter explains the refusal
    (R-TURN-1), and the key bar says that, not "Take god"."""
    state = position(seats=[Seat(rows(3), god=GodId.LOVE), Seat(rows(3), god=GodId.DEATH)])
    ctx = context(state)
    other = next(g for g in state.gods_available if g is not GodId.LOVE)
    ctx.choice.god = other
    assert confirm_label(state, ctx.choice) == "why_not"
    confirms = [label for label in CONFIRM_LABELS if ("confirm", (label,)) in enabled(ctx)]
    assert confirms == ["why_not"]
    ctx.choice.god = None  # back on the market: a tile the turn offers is taken
    assert confirm_label(state, ctx.choice) == "take"
