"""Plain words for an option of a decision: what it does, what it risks, and why another
option would have been better. For hints (:func:`option_reason`) and reviews
(:func:`loss_reason`).

Both read the engine's own knowledge: the consequences each option of
``state.decision`` carries (an effect that will be cancelled, a payment that will be
lost...) and the events the actions produce when played on a copy of the state. The
state itself is never changed. The sentences are in :mod:`.texts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import (
    TOP_ROW,
    Action,
    Cancelled,
    Consequence,
    DeathUnaffordable,
    EffectKind,
    EffectRefused,
    Event,
    Exchange,
    ForestSealed,
    GameState,
    GodCancelled,
    GodLost,
    IrrigationFails,
    PaymentLost,
    PlayerScore,
    Prospect,
    Pyramid,
    ReturnUnaffordable,
    Validated,
    VolcanoFails,
    WildernessCost,
    final_scores,
    outlooks,
)
from ..i18n import fill, format_numbers, gettext
from . import texts
from .actions import Actions, as_tuple, describe_actions
from .futures import futures_sentence, victory_sentence
from .messages import cancelled_text, message_of
from .names import name_of


def _loss(key: str) -> str:
    """One of the lost-value templates (:data:`.texts.LOSS`), in the language in use."""
    return gettext(texts.LOSS[key])


def option_reason(state: GameState, actions: Actions, plan: Actions = ()) -> str:
    """One line: what playing ``actions`` (exchanges first, then the answer to the
    pending decision, then optionally more of the turn) does, what it is good for and
    what it risks. ``plan``, when given, is the whole turn as the search means to play
    it (``actions`` then the rest): what it is good for is read from it (the spots a
    wilderness opens to every color) and so are the exchanges its payment needs."""
    played = as_tuple(actions)
    seat = state.current
    after, events = _play(state, played)
    does = describe_actions(state, played)
    cancelled = any(isinstance(e, Cancelled | GodCancelled) for e in events)
    warnings = [] if cancelled else _warnings(state, played)
    risks = [message_of(w) for w in warnings]
    # what the choice makes of the forests and the god, unless a warning says it in full
    changes = [c.text for c in outlook_changes(state, after) if not _warned(c, warnings)]
    outcome = _outcomes(state, seat, events) + changes
    points = _cp(after, seat) - _cp(state, seat)
    if points:
        outcome.append(gettext(texts.POINTS_NOW).format(points=points))
    line = _sentence(texts.OUTCOME_SEP.join([does, *outcome]))
    good, needs = _upsides(state, played, as_tuple(plan))
    if good:
        line += " " + gettext(texts.GOOD_PREFIX) + texts.OUTCOME_SEP.join(good) + "."
    if needs:
        line += " " + _sentence(needs)
    if risks:
        line += " " + gettext(texts.RISK_PREFIX) + " ".join(risks)
    return line


def loss_reason(
    state: GameState,
    played: Actions,
    best: Actions,
    *,
    loss: float | None = None,
    futures: tuple[Sequence[PlayerScore], Sequence[PlayerScore]] | None = None,
    wins: tuple[float, float] | None = None,
) -> str:
    """One line: why ``best`` was better than ``played`` at the decision pending in
    ``state``. Each may run on to the end of the turn (what was played after, how the
    search went on), which lets the comparison see the turn's outcome. ``futures`` are
    the seat's final scores in the same worlds played to the end after ``played`` and
    after ``best``: what scores differently there is said after the turn's own reason
    (see :mod:`.futures`). ``wins`` are the chances of winning after ``played`` and
    after ``best``: when the best wins clearly more often, the line starts with that
    (and with the tie-break, when it decided futures). ``loss`` (in CP) is the search's
    estimate, used only when nothing more concrete tells the two apart."""
    line = _loss_line(state, played, best, loss, futures)
    if wins is None:
        return line
    victory = victory_sentence(*wins, *(futures or ((), ())))
    return line if victory is None else _sentence(victory) + " " + line


def _loss_line(
    state: GameState,
    played: Actions,
    best: Actions,
    loss: float | None,
    futures: tuple[Sequence[PlayerScore], Sequence[PlayerScore]] | None,
) -> str:
    turn_reason = _turn_reason(state, played, best)
    said = futures_sentence(state, *futures) if futures is not None else None
    best_words = describe_actions(state, _through_answer(as_tuple(best)))
    if said is not None:
        if turn_reason is None:
            turn_reason = _sentence(gettext(texts.BETTER).format(best=best_words))
        return turn_reason + " " + _sentence(said)
    if turn_reason is not None:
        return turn_reason
    if loss is not None and loss > 0:
        return _sentence(format_numbers(_loss("search"), best=best_words, loss=loss))
    return _sentence(_loss("search_plain").format(best=best_words))


def _turn_reason(state: GameState, played: Actions, best: Actions) -> str | None:
    """Why ``best`` was better, from the turn itself: what it validated, cancelled or
    kept; None when the turn shows no difference."""
    played_actions, best_actions = as_tuple(played), as_tuple(best)
    seat = state.current
    best_words = describe_actions(state, _through_answer(best_actions))
    played_after, played_events = _play(state, played_actions)
    best_after, best_events = _play(state, best_actions)
    best_validated = {e.tile for e in best_events if isinstance(e, Validated) and e.player == seat}
    best_cancelled = {e.tile for e in best_events if isinstance(e, Cancelled) and e.player == seat}
    for event in played_events:
        if getattr(event, "player", seat) != seat:
            continue
        if isinstance(event, Cancelled) and event.tile not in best_cancelled:
            return _cancelled_reason(state, event, best_words, event.tile in best_validated)
        if isinstance(event, GodCancelled) and not any(
            isinstance(e, GodCancelled) for e in best_events
        ):
            return _sentence(_loss("death").format(best=best_words))
    warned = _lost_value_warning(state, played_actions, best_actions, best_words, best_validated)
    if warned:
        return warned
    played_validated = {
        e.tile for e in played_events if isinstance(e, Validated) and e.player == seat
    }
    played_changes = outlook_changes(state, played_after)
    best_changes = outlook_changes(state, best_after)
    played_validated |= {c.tile_id for c in played_changes if c.scores}
    best_validated |= {c.tile_id for c in best_changes if c.scores}
    for tile_id in sorted(best_validated - played_validated):
        name = name_of(state.catalog.tile_by_id[tile_id])
        return _sentence(_loss("validates").format(best=best_words, name=name))
    best_lost = {c.tile_id for c in best_changes if not c.scores}
    for change in played_changes:
        if not change.scores and change.tile_id not in best_lost:
            return _sentence(_loss("outlook").format(what=change.text, best=best_words))
    gained = _cp(best_after, seat) - _cp(played_after, seat)
    if gained > 0:
        return _sentence(_loss("more_cp").format(best=best_words, diff=gained))
    kept = best_after.players[seat].worshipers - played_after.players[seat].worshipers
    if kept > 0:
        values = {"best": best_words, "diff": kept}
        return _sentence(fill(texts.MORE_WORSHIPERS, **values))
    return None


@dataclass(frozen=True, slots=True)
class OutlookChange:
    """One of the player's forests or their god that a choice validates or makes
    impossible (the engine's outlook before and after): ``tile_id`` is the forest's id,
    or ``"god"``."""

    tile_id: str
    scores: bool  # it scores now; else it can no longer
    text: str


def outlook_changes(state: GameState, after: GameState) -> list[OutlookChange]:
    """What the choices from ``state`` to ``after`` made of the deciding player's forests
    and god: validated (a forest's neighbours, a god's condition), or no longer
    possible. Each tile and effect placed is told by its own events."""
    seat = state.current
    if after is state:
        return []
    before, now = outlooks(state)[seat], outlooks(after)[seat]
    out = []
    for forest in now.forests:
        was = before.tile_at(forest.position)
        if was is None or was.prospect is not Prospect.OPEN or forest.prospect is Prospect.OPEN:
            continue
        scores = forest.prospect is Prospect.SCORES
        template = texts.FOREST_VALIDATED if scores else texts.FOREST_SEALED
        text = gettext(template).format(name=name_of(forest.tile), cp=forest.cp)
        out.append(OutlookChange(forest.tile.id, scores, text))
    god, was_god = now.god, before.god
    if god.god is not None and god.prospect is not was_god.prospect and god.god == was_god.god:
        name = name_of(state.catalog.god_by_id[god.god])
        if god.prospect is Prospect.SCORES:
            out.append(
                OutlookChange("god", True, gettext(texts.GOD_SCORES).format(name=name, cp=god.cp))
            )
        elif god.prospect is Prospect.LOST:
            text = gettext(texts.GOD_IMPOSSIBLE).format(name=name, cp=god.cp)
            out.append(OutlookChange("god", False, text))
    return out


def _warned(change: OutlookChange, warnings: Sequence[Consequence]) -> bool:
    """Whether one of the warnings already says ``change`` (and why)."""
    if change.tile_id == "god":
        return any(isinstance(w, GodLost) for w in warnings)
    return any(isinstance(w, ForestSealed) and w.tile.id == change.tile_id for w in warnings)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


# ---------------------------------------------------------------------- outcomes
def _upsides(
    state: GameState, played: tuple[Action, ...], plan: tuple[Action, ...]
) -> tuple[list[str], str]:
    """What the turn as planned is good for that the answer's own words do not say
    (upper spots a wilderness opens to every color), and the 3-for-1 exchanges
    (R-TURN-2) its payment needs later in the turn ("" when none)."""
    if len(plan) <= len(played) or plan[: len(played)] != played:
        return [], ""
    seat = state.current
    said = []
    exchanges = sum(1 for a in plan[len(played) :] if isinstance(a, Exchange))
    after, _ = _play(state, plan)
    opened = _open_to_all(after.players[seat].pyramid) - _open_to_all(state.players[seat].pyramid)
    if opened > 0:
        said.append(fill(texts.OPENS_ANY, count=opened))
    needs = ""
    if exchanges:
        needs = fill(texts.NEEDS_EXCHANGES, count=exchanges)
    return said, needs


def _open_to_all(pyramid: Pyramid) -> int:
    """Empty spots above row 1 that rest on two tiles, one of them a wilderness: every
    color fits there (R-PLACE-3)."""
    count = 0
    for (row, col), placed in pyramid.items():
        if row >= TOP_ROW or (row + 1, col) in pyramid:
            continue
        right = pyramid.get((row, col + 1))
        if right is not None and (placed.wild or right.wild):
            count += 1
    return count


def _through_answer(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The exchanges and the answer to the pending decision, without what follows."""
    for index, action in enumerate(actions):
        if not isinstance(action, Exchange):
            return actions[: index + 1]
    return actions


def _play(state: GameState, actions: tuple[Action, ...]) -> tuple[GameState, list[Event]]:
    """A copy of ``state`` with ``actions`` played (as far as they stay legal)."""
    after = state.copy()
    events: list[Event] = []
    for action in actions:
        if after.is_over or not after.is_legal(action):
            break
        events.extend(after.apply(action))
    return after, events


def _cp(state: GameState, seat: int) -> int:
    return final_scores(state)[seat].total


def _outcomes(state: GameState, seat: int, events: list[Event]) -> list[str]:
    out = []
    for event in events:
        if getattr(event, "player", None) != seat:
            continue
        if isinstance(event, Validated):
            name = name_of(state.catalog.tile_by_id[event.tile])
            out.append(gettext(texts.VALIDATED).format(name=name))
        elif isinstance(event, Cancelled):
            name = name_of(state.catalog.tile_by_id[event.tile])
            why = cancelled_text(event.reason, dict(event.details))
            out.append(gettext(texts.CANCELLED).format(name=name, why=why))
        elif isinstance(event, GodCancelled):
            god = name_of(state.catalog.god_by_id[event.god])
            out.append(gettext(texts.GOD_CANCELLED).format(name=god))
    return out


def _warnings(state: GameState, actions: tuple[Action, ...]) -> list[Consequence]:
    """The consequences the table shows for the answer in ``actions`` (read after its
    exchanges), those that lose value first."""
    answer_part = _through_answer(actions)
    if not answer_part:
        return []
    before, _ = _play(state, answer_part[:-1])
    if before.is_over:
        return []
    option = before.decision.option(answer_part[-1])
    if option is None or not option.legal:
        return []
    return sorted(option.warnings, key=lambda w: not w.loses_value)


def _cancelled_reason(
    state: GameState, event: Cancelled, best_words: str, validated_by_best: bool
) -> str:
    tile = state.catalog.tile_by_id[event.tile]
    why = cancelled_text(event.reason, dict(event.details))
    if tile.effect.kind is EffectKind.IRRIGATION and validated_by_best:
        text = _loss("irrigation").format(name=name_of(tile), why=why, best=best_words)
    elif tile.effect.kind is EffectKind.VOLCANO and event.reason != "declined":
        text = _loss("volcano").format(name=name_of(tile), best=best_words)
    elif tile.effect.kind is EffectKind.VILLAGE and event.reason == "village_short":
        text = _loss("village").format(name=name_of(tile), best=best_words)
    elif event.reason == "declined":
        text = _loss("refused").format(name=name_of(tile), cp=tile.cp, best=best_words)
    else:
        text = _loss("cancelled").format(name=name_of(tile), why=why, best=best_words)
    return _sentence(text)


def _lost_value_warning(
    state: GameState,
    played: tuple[Action, ...],
    best: tuple[Action, ...],
    best_words: str,
    best_validated: set[str],
) -> str | None:
    """The reason from a warning the played answer carried and the best one did not."""
    best_codes = {w.code for w in _warnings(state, best) if w.loses_value}
    for warning in _warnings(state, played):
        if not warning.loses_value or warning.code in best_codes:
            continue
        if isinstance(warning, IrrigationFails) and warning.tile.id in best_validated:
            text = _loss("irrigation_warned").format(name=name_of(warning.tile), best=best_words)
        elif isinstance(warning, PaymentLost) and not warning.placed:
            text = _loss("payment").format(name=name_of(warning.tile), best=best_words)
        elif isinstance(warning, VolcanoFails):
            text = _loss("volcano").format(name=name_of(warning.tile), best=best_words)
        elif isinstance(warning, DeathUnaffordable):
            text = _loss("death").format(best=best_words)
        elif isinstance(warning, ReturnUnaffordable):
            text = _loss("village").format(name=name_of(warning.cancelled), best=best_words)
        elif isinstance(warning, EffectRefused):
            text = _loss("refused").format(
                name=name_of(warning.cancelled), cp=warning.cp, best=best_words
            )
        elif isinstance(warning, WildernessCost):
            text = _loss("wilderness").format(points=warning.points, cp=warning.cp, best=best_words)
        else:
            text = _loss("warned").format(warning=message_of(warning), best=best_words)
        return _sentence(text)
    return None
