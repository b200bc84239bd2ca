"""The walkthrough runner: a guided game, one step at a time.

A :class:`Walkthrough` holds the prepared game (a :class:`~orbis_tui.records.Match`),
the step reached and where each step began. The learner's moves go through
:meth:`Walkthrough.play`: the engine judges them first (an illegal move is refused with
its rule), then the step (a legal move that is not this lesson's is refused with the
step's reason); an accepted move is played, the scripted opponent answers when the
learner's turn is over, and the walkthrough moves on. :meth:`Walkthrough.back` steps
back by replaying the game up to where a step began, and the progress is saved after
every change so the learner can leave and resume.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

from ..engine import (
    Action,
    Event,
    Exchange,
    GameState,
    IllegalAction,
    NotationError,
    Place,
    format_action,
    parse_action,
)
from ..records import GameRecord, Match, RecordError
from ..words import message_of
from .coach import Coach, Reason
from .progress import ProgressModel, ProgressStore
from .script import Script, Step, load_script
from .words import spot_words


class Outcome(StrEnum):
    ADVANCED = "advanced"  # the step is done; the next one is on
    PROGRESS = "progress"  # accepted; the step goes on (an exchange, a free turn's middle)
    ILLEGAL = "illegal"  # refused by the rules
    OFF_LESSON = "off_lesson"  # legal, but not the move this step asks for
    NOT_NOW = "not_now"  # a reading step got a move, or a move step got "continue"
    FINISHED = "finished"  # the walkthrough is over


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the walkthrough answers to the learner's last key."""

    outcome: Outcome
    message: str = ""
    reason: Reason | None = None  # for ILLEGAL: the rule and why
    expected: str | None = None  # the move the step asks for, in words

    @property
    def accepted(self) -> bool:
        return self.outcome in (Outcome.ADVANCED, Outcome.PROGRESS)


class Walkthrough:
    """A guided game on the script's fixed deal against its scripted opponent."""

    def __init__(
        self,
        script: Script | None = None,
        store: ProgressStore | None = None,
        *,
        match: Match | None = None,
        index: int = 0,
        starts: list[int] | None = None,
    ) -> None:
        """A new walkthrough from its first step, or (given ``match``, ``index`` and
        ``starts``) one taken up where it was left."""
        self.script = script if script is not None else load_script()
        self.coach = Coach(self.script)
        self.store = store
        self._turns = self.script.model.scenario.opponent_turns()
        self.on_change: Callable[[Walkthrough], None] | None = None
        self.match: Match
        self.index: int
        self.starts: list[int]
        self.events: list[Event]  # what happened since the learner's last move
        self.last: Feedback | None
        self._set_game(match, index, starts)

    def _set_game(
        self, match: Match | None = None, index: int = 0, starts: list[int] | None = None
    ) -> None:
        """Put the game and the place reached in: a new game (the opponent opening it if
        it plays first) when ``match`` is None."""
        self.events = []
        self.last = None
        if match is None:
            self.match = Match.start(copy.deepcopy(self.script.setup))
            self.index = 0
            self._play_opponent()
            self.starts = [len(self.match.actions)]
        else:
            self.match = match
            self.index = index
            self.starts = list(starts) if starts is not None else [len(match.actions)]

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.script.steps

    @property
    def finished(self) -> bool:
        return self.index >= len(self.script.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.script.steps[self.index]

    @property
    def learner(self) -> int:
        return self.script.learner

    @property
    def opponent(self) -> int:
        return self.script.opponent

    def expected_action(self) -> Action | None:
        """The exact move the step asks for, if it asks for one that is possible now."""
        step = self.step
        if step is None or step.action is None:
            return None
        return step.action if self.state.is_legal(step.action) else None

    def expects_move(self) -> bool:
        """Whether the step waits for a move (rather than for "continue")."""
        step = self.step
        return step is not None and not step.is_continue and not self.state.is_over

    def expected_words(self) -> str:
        """The move this step asks for, in words (empty for a reading step)."""
        step = self.step
        if step is None or not self.expects_move():
            return ""
        action = self.expected_action()
        if action is not None:
            return self.coach.describe(self.state, action)
        return self.script.messages.any_move

    def phase(self) -> str:
        """What the pending decision asks, in words (shared with the coach)."""
        return self.coach.phase(self.state.kind)

    def hint(self) -> str:
        step = self.step
        if step is None:
            return ""
        if step.hint:
            return step.hint
        words = self.expected_words()
        return words[:1].upper() + words[1:] + "." if words else ""

    def suggestion(self) -> Action | None:
        """A good move for now: the expected one, or the step's suggested line of play."""
        action = self.expected_action()
        if action is not None:
            return action
        step = self.step
        if step is None or not self.expects_move():
            return None
        done = len(self.match.actions) - self.starts[self.index]
        if done < len(step.suggest) and self.state.is_legal(step.suggest[done]):
            return step.suggest[done]
        answers = self.state.decision_actions()
        return answers[0] if answers else None

    def _spot_said(self, action: Action) -> str:
        """What the spot a place step refuses is: what it would lose (the engine's
        warnings), or that it loses nothing; '' for a move that places nothing."""
        if not isinstance(action, Place):
            return ""
        option = self.state.decision.option(action)
        spot = spot_words(action, self.state, self.script.words)
        messages = self.script.messages
        losses = [w for w in option.warnings if w.loses_value] if option is not None else []
        if losses:
            return messages.spot_loses.format(
                spot=spot, losses=" ".join(message_of(w) for w in losses)
            )
        return messages.spot_fine.format(spot=spot)

    # ------------------------------------------------------------ the learner's keys
    def proceed(self) -> Feedback:
        """Go on from a reading step (or from a move step once the game is over)."""
        step = self.step
        if step is None:
            return self._answer(Feedback(Outcome.FINISHED, self.script.messages.finished))
        if self.expects_move():
            expected = self.expected_words()
            message = self.script.messages.wait_for_move.format(expected=expected)
            return self._answer(Feedback(Outcome.NOT_NOW, message, expected=expected))
        self._advance()
        return self._answer(Feedback(self._after_advance(), ""))

    def play(self, action: Action | str) -> Feedback:
        """The learner's move: judged by the rules, then by the step; played if accepted."""
        if isinstance(action, str):
            action = parse_action(action)
        step = self.step
        if step is None:
            return self._answer(Feedback(Outcome.FINISHED, self.script.messages.finished))
        if not self.expects_move():
            return self._answer(Feedback(Outcome.NOT_NOW, self.script.messages.continue_first))
        expected = self.expected_action()
        error = self.state.why_not(action)
        if error is not None:
            reason = self.coach.reason(error)
            return self._answer(
                Feedback(Outcome.ILLEGAL, reason.message, reason, self.expected_words())
            )
        if expected is not None and action != expected:
            words = self.expected_words()
            message = step.why or self.script.messages.off_lesson.format(expected=words)
            said = self._spot_said(action)
            message = f"{said} {message}" if said else message
            return self._answer(Feedback(Outcome.OFF_LESSON, message, expected=words))
        turns_before = self.state.players[self.learner].turns
        self.events = list(self.match.play(action))
        turn_over = self.state.players[self.learner].turns != turns_before
        if turn_over:
            self._play_opponent()
        if expected is not None:
            done = True
        elif step.model.until == "turn":
            done = turn_over
        else:
            done = turn_over or not isinstance(action, Exchange)
        if done or self.state.is_over:
            praise = step.praise or (
                self.script.messages.praise if step.action is not None and step.rules else ""
            )
            self._advance()
            return self._answer(Feedback(self._after_advance(), praise))
        self._saved()
        return self._answer(Feedback(Outcome.PROGRESS, ""))

    def can_back(self) -> bool:
        return self.index > 0 or len(self.match.actions) > self.starts[0]

    def back(self) -> bool:
        """Step back: undo this step's moves so far, or else go to the previous step."""
        if self.finished:
            target = len(self.script.steps) - 1
        elif len(self.match.actions) > self.starts[self.index]:
            target = self.index
        elif self.index > 0:
            target = self.index - 1
        else:
            return False
        count = self.starts[target]
        if count != len(self.match.actions):
            record = GameRecord(setup=self.match.record.setup, actions=self.match.actions[:count])
            self.match = Match(record)
        self.index = target
        self.starts = self.starts[: target + 1]
        self.events = []
        self.last = None
        self._saved()
        return True

    def restart(self) -> None:
        """Start the walkthrough over from the first step."""
        self._set_game()
        self._saved()

    # ------------------------------------------------------------ saving and resuming
    def progress(self) -> ProgressModel:
        return ProgressModel(
            version=self.script.version,
            step=self.index,
            starts=list(self.starts),
            actions=list(self.match.actions),
        )

    def save(self) -> None:
        """Write the progress now (it is also written after every change)."""
        if self.store is not None:
            if self.finished:
                self.store.clear()
            else:
                self.store.save(self.progress())

    @classmethod
    def resume(
        cls, script: Script | None = None, store: ProgressStore | None = None
    ) -> Walkthrough | None:
        """The walkthrough where it was left, or None if there is nothing usable saved."""
        script = script if script is not None else load_script()
        store = store if store is not None else ProgressStore()
        progress = store.load()
        if progress is None or progress.version != script.version:
            return None
        starts = progress.starts
        if (
            len(starts) != progress.step + 1
            or progress.step > len(script.steps)
            or any(b < a for a, b in pairwise(starts))
            or starts[-1] > len(progress.actions)
            or starts[0] < 0
        ):
            store.not_fitting()
            return None
        record = GameRecord(setup=copy.deepcopy(script.setup), actions=progress.actions)
        try:
            match = Match(record)
        except (RecordError, IllegalAction, NotationError):
            store.not_fitting()
            return None
        walkthrough = cls(script, store, match=match, index=progress.step, starts=starts)
        step = walkthrough.step
        title = step.title if step is not None else ""
        walkthrough.last = Feedback(
            Outcome.PROGRESS,
            script.messages.resumed.format(
                number=progress.step + 1, total=len(script.steps), title=title
            ),
        )
        return walkthrough

    # ------------------------------------------------------------ inside
    def _advance(self) -> None:
        self.index += 1
        self.starts.append(len(self.match.actions))
        self._saved()

    def _after_advance(self) -> Outcome:
        return Outcome.FINISHED if self.finished else Outcome.ADVANCED

    def _saved(self) -> None:
        with suppress(OSError):  # losing the progress file must never stop the lesson
            self.save()
        if self.on_change is not None:
            self.on_change(self)

    def _answer(self, feedback: Feedback) -> Feedback:
        self.last = feedback
        return feedback

    def _play_opponent(self) -> None:
        """Play the opponent's turns until it is the learner's turn (or the game ends)."""
        state = self.match.state
        while not state.is_over and state.current != self.learner:
            self.events.extend(self.match.play(self._opponent_action()))
            state = self.match.state

    def _opponent_action(self) -> Action:
        """The script's next move for this turn, or the fallback when it does not fit."""
        state = self.match.state
        turn = state.players[self.opponent].turns
        planned = self._turns[turn] if turn < len(self._turns) else []
        done = self.match.actions[self.match.turn_start :]
        if len(done) < len(planned) and done == [format_action(a) for a in planned[: len(done)]]:
            candidate = planned[len(done)]
            if state.is_legal(candidate):
                return candidate
        return self._fallback(state)

    def _fallback(self, state: GameState) -> Action:
        scenario = self.script.model.scenario
        if scenario.fallback != "first":
            try:
                from ..bots import make_bot

                bot = make_bot(scenario.fallback, scenario.seed + len(self.match.actions))
                action = bot.choose(state.copy())
                if state.is_legal(action):
                    return action
            except Exception:  # a broken or missing bot must not stop the lesson
                pass
        return state.decision_actions()[0]
