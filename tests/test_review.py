"""Reviewing a game record: the points each decision lost, and the clear mistakes."""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace
from functools import cache

import pytest

from orbis_tui.analysis.lesson import _mistakes
from orbis_tui.analysis.paired import paired_difference, play_futures, turn_worlds
from orbis_tui.analysis.parallel import dispatch_order
from orbis_tui.analysis.review import (
    CONFIRMED_ERROR,
    FINE,
    FINE_FACTOR,
    FIRST_WORLDS,
    MANY_WORLDS_FACTOR,
    MAX_WORLDS,
    MISTAKE,
    MISTAKE_FLOOR,
    MORE_WORLDS,
    NOISE_FACTOR,
    SETTLED_ERROR,
    UNCLEAR,
    Budget,
    GameReview,
    MoveReview,
    _by_turn,
    _compare,
    _decisions,
    _turn_cost,
    _TurnJob,
    fresh_worlds,
    is_fine,
    is_mistake,
    review_record,
    worlds_worth_adding,
)
from orbis_tui.analysis.search import OptionEstimate
from orbis_tui.bots import bot_seed
from orbis_tui.bots.medium import MediumBot
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import (
    Action,
    DecisionKind,
    EffectKind,
    Exchange,
    GameState,
    IrrigationFails,
    Place,
    final_scores,
    parse_action,
)
from orbis_tui.i18n import set_language
from orbis_tui.records import GameRecord, Match, replay
from orbis_tui.records.model import setup_for_game
from orbis_tui.words.futures import futures_sentence
from orbis_tui.words.reasons import loss_reason

PER_OPTION = 4  # the review size: small keeps the tests quick


@cache
def planted() -> tuple[GameRecord, int, int]:
    """A game between medium players (seed 2) in which Ben places an irrigation in the
    bottom row, where it is cancelled (R-EFF-IRRIGATION), while a spot of row 2 would
    feed it; the record stops a few actions later. Returns it, the action number of the
    planted move and Ben's seat."""
    match = Match.start(setup_for_game(["Ann", "Ben"], 2, 0))
    bots = [MediumBot(bot_seed(2, seat)) for seat in range(2)]
    number = None
    while number is None or len(match.actions) <= number + 6:
        state = match.state
        dry = dry_irrigation_spot(match.state) if number is None else None
        if dry is not None:
            number = len(match.actions)
            assert state.current == 1
            match.play(dry)
            continue
        match.play(bots[state.current].choose(state))
    return match.record, number, 1


def dry_irrigation_spot(state: GameState) -> Action | None:
    """A spot where the irrigation being placed is cancelled while another would feed it."""
    take = state.take
    if state.kind is not DecisionKind.PLACE or take is None or take.wild:
        return None
    if take.tile.effect.kind is not EffectKind.IRRIGATION:
        return None
    options = [
        o for o in state.decision.legal_options if isinstance(o.action, Place) and not o.action.wild
    ]
    fed = [o for o in options if not o.warnings]
    dry = [o for o in options if any(isinstance(w, IrrigationFails) for w in o.warnings)]
    return dry[0].action if fed and dry else None


@cache
def reviewed() -> GameReview:
    return review_record(planted()[0], per_option=PER_OPTION, seed=0)


@pytest.mark.slow
def test_a_cancelled_irrigation_is_found_and_never_called_fine() -> None:
    """The planted irrigation costs its few CP, small beside the spread of 40 futures
    played to the end by medium play: the review finds the fed spot better and does not
    call the move fine; whether it says "mistake" depends on that spread, and when it
    does, the reason names the cancellation."""
    record, number, seat = planted()
    move = next(m for m in reviewed().moves if m.index == number)
    assert reviewed().players[seat].name == "Ben"
    assert move.played[-1].startswith("place 1,")
    assert move.best[-1].startswith("place 2,")
    assert move.loss > 0 and move.verdict != FINE
    before = replay(record, upto=number)
    best = [parse_action(a) for a in move.best]
    reason = loss_reason(before, [parse_action(a) for a in move.played], best)
    assert "was canceled here" in reason and "would have validated it" in reason


@pytest.mark.slow  # a whole game reviewed
def test_losses_are_never_negative_and_add_up_per_player() -> None:
    review = reviewed()
    assert all(m.loss >= 0 for m in review.moves)
    for summary in review.players:
        own = [m for m in review.moves if m.seat == summary.seat]
        assert summary.decisions == len(own)
        assert summary.total_loss == pytest.approx(sum(m.loss for m in own))
        assert summary.mistakes == sum(m.mistake for m in own)
        losses = [m.loss for m in summary.biggest]
        assert losses == sorted(losses, reverse=True) and len(losses) <= 3
        assert all(m.mistake for m in summary.biggest)


@pytest.mark.slow  # a whole game reviewed
def test_the_best_answer_is_legal_where_it_was_judged() -> None:
    record = planted()[0]
    for move in reviewed().moves:
        before = replay(record, upto=move.index + 1 - len(move.played))
        assert before.current == move.seat and before.kind.value == move.kind
        for text in move.best:
            action = parse_action(text)
            assert before.is_legal(action), (move.index, text)
            before.apply(action)
        for text in move.played:
            assert (
                text == record.actions[move.index - len(move.played) + 1 + move.played.index(text)]
            )


@pytest.mark.slow  # a whole game reviewed
def test_decisions_with_one_answer_are_listed_not_judged() -> None:
    match = Match.start(setup_for_game(["Ann", "Ben"], 5, 0))
    rng = random.Random(5)
    while len(match.state.decision_actions()) > 1 or match.state.kind is DecisionKind.TURN:
        match.play(rng.choice(match.state.decision_actions()))
    forced_number, seat = len(match.actions), match.state.current
    match.play(match.state.decision_actions()[0])
    review = review_record(match.record, seats=[seat], per_option=2)
    assert forced_number in review.forced
    assert forced_number not in {m.index for m in review.moves}
    for number in review.forced:
        assert len(replay(match.record, upto=number).decision_actions()) == 1


@pytest.mark.slow  # a whole game reviewed
def test_a_difference_within_the_uncertainty_is_not_a_mistake() -> None:
    assert not is_mistake(3.0, 1.6)  # below two standard errors
    assert not is_mistake(MISTAKE_FLOOR / 2, 0.0)  # below the floor
    assert not is_mistake(9.0, math.inf)  # too few visits to tell
    assert is_mistake(3.0, 1.4)
    for move in reviewed().moves:
        assert move.mistake == (move.played != move.best and is_mistake(move.loss, move.stderr))
        assert move.mistake == (move.verdict == MISTAKE)


@pytest.mark.slow  # a whole game reviewed
def test_fine_is_said_only_when_the_interval_stays_under_a_mistakes_floor() -> None:
    """A decision is fine when the move played is the search's best, or when the paired
    difference's upper bound is under 1 CP; else, unless it is a mistake, it is unclear,
    and its reason gives the interval rather than "close to the best"."""
    assert is_fine(0.2, 0.4) and is_fine(-1.0, 1.0)
    assert not is_fine(0.2, 0.6) and not is_fine(0.0, math.inf)
    verdicts = set()
    for move in reviewed().moves:
        verdicts.add(move.verdict)
        if move.verdict == FINE:
            if move.best != move.played:  # compared: the unclamped difference decides
                difference = move.best_margin - move.played_margin
                assert difference + FINE_FACTOR * move.stderr < MISTAKE_FLOOR + 1e-9
                assert move.reason.startswith("close to the best: less than")
        elif move.verdict == UNCLEAR:
            assert move.reason.startswith("not clear: in the futures played the loss lies")
    # (whether this game holds a mistake confirmed on fresh worlds depends on their
    # spread: the planted blunders of tests/test_review_calibration.py always are)
    assert FINE in verdicts and len(verdicts) >= 2


@pytest.mark.slow
def test_a_mistake_found_on_some_worlds_is_judged_on_fresh_ones() -> None:
    """The worlds that make a decision look like a mistake flatter it (it was picked
    among many); its verdict and loss come from fresh worlds played again, as many as
    the first worlds' difference and spread ask for."""
    record = planted()[0]
    decisions = {d.index: d for d in _decisions(record)}
    checked = 0
    for move in reviewed().moves:
        if move.best == move.played:
            continue
        state = decisions[move.index].state
        played, best = (
            OptionEstimate(tuple(parse_action(a) for a in answer), (), 0.0, 0.0, 0)
            for answer in (move.played, move.best)
        )
        mine, theirs = _compare(state, played, best, 0)
        found, error = paired_difference(theirs, mine)
        if not is_mistake(found, error):
            assert move.loss == pytest.approx(max(0.0, found))
            continue
        count = fresh_worlds(len(mine.values), found, error)
        worlds = turn_worlds(state, 0, count, start=len(mine.values))
        again, again_error = paired_difference(
            play_futures(state, best.actions, worlds, rounds=None),
            play_futures(state, played.actions, worlds, rounds=None),
        )
        assert move.loss == pytest.approx(max(0.0, again)) and move.stderr == again_error
        assert move.mistake == is_mistake(move.loss, again_error)
        checked += 1
    assert checked


def test_the_fresh_worlds_are_fixed_by_the_first_ones_alone() -> None:
    """How many fresh worlds confirm a mistake depends only on the first worlds (so the
    fresh mean is not biased by when it stopped): enough for an error of
    CONFIRMED_ERROR, or a third of the margin over the floor when that is less."""
    # a clear 7-CP loss with a spread of 2 CP per world: the fewest worlds do
    assert fresh_worlds(8, 7.0, 2.0 / math.sqrt(8)) == FIRST_WORLDS
    # a spread of 4 CP per world: (4 / 0.75)^2 = 28.4 worlds, in steps of MORE_WORLDS
    needed = math.ceil((4.0 / CONFIRMED_ERROR) ** 2 / MORE_WORLDS) * MORE_WORLDS
    assert fresh_worlds(16, 7.0, 4.0 / 4.0) == needed == 32
    # a loss near the floor asks for a smaller error: a third of its margin over it
    wanted = (1.9 - MISTAKE_FLOOR) / (NOISE_FACTOR + 1)
    assert wanted < CONFIRMED_ERROR
    assert fresh_worlds(16, 1.9, 0.3) == math.ceil((1.2 / wanted) ** 2 / 8) * 8
    # never more than a decision gets, whatever the table size
    most = MANY_WORLDS_FACTOR * MAX_WORLDS
    assert fresh_worlds(40, 1.3, 0.4) == most
    assert fresh_worlds(8, 5.0, math.inf) == most


def test_an_unclear_decision_gets_more_worlds_while_a_mistake_is_within_reach() -> None:
    """Past MAX_WORLDS, an unclear difference gets more worlds while its error is above
    SETTLED_ERROR and the difference plus one error reaches a mistake's size at the
    error the most worlds would give; the table size plays no part (a forest sealed at
    two players spreads 12.8 CP per world)."""
    most = MANY_WORLDS_FACTOR * MAX_WORLDS
    assert most > 2 * MAX_WORLDS  # more than three or four players used to get
    # 0.74 ± 2.12 on 40 worlds: at most worlds about 0.75, a mistake from 1.5: go on
    assert worlds_worth_adding(0.74, 2.12, 40, most)
    # 0.3 ± 0.5: even one error up is under the floor: stop, "not clear"
    assert not worlds_worth_adding(0.3, 0.5, 40, most)
    # settled: the error is already small
    assert not worlds_worth_adding(1.1, SETTLED_ERROR, 40, most)
    # a large error: at most worlds a mistake needs 2 x 1.5 x sqrt(40 / most) CP, above
    # the floor; a difference one error short of it stops, one just reaching it goes on
    reach = NOISE_FACTOR * 1.5 * math.sqrt(40 / most)
    assert reach > MISTAKE_FLOOR
    assert not worlds_worth_adding(reach - 1.5 - 0.01, 1.5, 40, most)
    assert worlds_worth_adding(reach - 1.5 + 0.01, 1.5, 40, most)


def test_futures_met_again_at_the_end_of_the_turn_are_not_played_again() -> None:
    """A take finished greedily and the payment and placement the greedy finish chose
    end the turn in the same position, world by world: with a cache the second is
    read, not played, and its futures are the same as played afresh."""
    match = Match.start(setup_for_game(["Ann", "Ben"], 5, 0))
    bots = [MediumBot(bot_seed(5, seat)) for seat in range(2)]
    for _ in range(12):
        match.play(bots[match.state.current].choose(match.state.copy()))
    while match.state.kind is not DecisionKind.TURN:
        match.play(bots[match.state.current].choose(match.state.copy()))
    state = match.state.copy()
    take = state.decision_actions()[0]
    worlds = turn_worlds(state, 0, 3)
    cache: dict = {}
    first = play_futures(state, [take], worlds, rounds=None, cache=cache)
    assert first.exact and len(cache) == 3
    after = state.copy()
    after.apply(take)
    rest = QuickPlanner().complete(after.copy(), state.current)[0]
    after.apply(rest[0])  # the first step of the greedy finish, then the same worlds
    again = turn_worlds(after, 0, 3)
    read = play_futures(after, rest[1:2], again, rounds=None, cache=cache)
    assert len(cache) == 3  # every world was met before
    assert read == play_futures(after, rest[1:2], again, rounds=None)
    assert read.values == first.values and read.finals == first.finals


@pytest.mark.slow
def test_the_review_is_the_same_for_the_same_seed() -> None:
    record = planted()[0]
    again = review_record(record, seats=[0], per_option=PER_OPTION, seed=0)
    assert again.moves == tuple(m for m in reviewed().moves if m.seat == 0)
    # The lesson speaks to "you" in a review of one player, and names each player in a
    # review of several: the same findings, worded for whom the review is addressed to.
    alone, among = again.players[0], reviewed().players[0]
    assert replace(alone, lesson=()) == replace(among, lesson=())
    assert len(alone.lesson) == len(among.lesson)
    assert any(line.startswith("your ") for line in alone.lesson)
    assert not any(line.startswith("your ") for line in among.lesson)


@pytest.mark.slow  # a whole game reviewed
def test_the_json_form_reads_back_exactly() -> None:
    review = reviewed()
    text = review.to_json()
    assert GameReview.from_json(text) == review
    assert GameReview.from_json(text).to_json() == text
    with pytest.raises(ValueError, match="orbis-review/1"):
        GameReview.from_json('{"format": "other"}')


@pytest.mark.slow
def test_hints_noted_in_the_record_are_flagged() -> None:
    record, number, seat = planted()
    hinted = GameRecord(setup=record.setup, actions=list(record.actions), hints=[number])
    review = review_record(hinted, seats=[seat], per_option=PER_OPTION)
    flags = {m.index: m.hinted for m in review.moves}
    assert flags[number] is True
    assert not any(v for k, v in flags.items() if k != number)


def test_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        review_record(planted()[0], seats=[2])


def test_progress_is_reported_and_cancel_stops_early() -> None:
    """Progress comes as each turn is judged; a cancel keeps the turns judged so far,
    whole, and the share last reported is theirs."""
    shares: list[float] = []
    record = planted()[0]
    review = review_record(
        record,
        seats=[0],
        per_option=2,
        progress=shares.append,
        cancel=lambda: len(shares) >= 2,
        workers=2,
    )
    assert shares == sorted(shares) and len(shares) == 2
    judged = [d for d in _decisions(record) if d.state.current == 0 and d.judged]
    assert 0 < len(review.moves) == round(shares[-1] * len(judged)) < len(judged)
    assert review.settings["complete"] is False
    turns = {m.turn for m in review.moves}
    assert len(turns) == 2
    assert len(review.moves) == sum(1 for d in judged if d.state.turn + 1 in turns)


def test_each_turns_judgements_are_handed_over_as_it_is_judged() -> None:
    """``judged`` gets each turn's judgements as the turn is judged, before its progress
    and so before the review returns (a screen shows them while the rest is judged); on
    two processes the turns may come in any order, and together they are the review's."""
    calls: list[tuple[int, tuple[MoveReview, ...]]] = []
    shares: list[float] = []
    record = opening(4)
    review = review_record(
        record,
        per_option=2,
        progress=shares.append,
        judged=lambda moves: calls.append((len(shares), moves)),
        workers=2,
    )
    assert review.settings["complete"] is True
    # one call a turn, each before that turn's progress: none waits for the review's end
    assert [reported for reported, _ in calls] == list(range(len(calls)))
    assert len(calls) == len({m.turn for m in review.moves}) > 1
    assert all(len({m.turn for m in moves}) == 1 for _, moves in calls)
    handed = sorted((m for _, moves in calls for m in moves), key=lambda m: m.index)
    assert tuple(handed) == review.moves


def opening(turns: int) -> GameRecord:
    """The first ``turns`` turns of the planted game."""
    record = planted()[0]
    state = replay(record, upto=0)
    count = 0
    while state.turn < turns:
        state.apply(parse_action(record.actions[count]))
        count += 1
    return GameRecord(setup=record.setup, actions=record.actions[:count])


def test_the_turns_with_the_most_game_left_are_judged_first() -> None:
    """Their futures are played to the end: an early turn left to the last would keep
    one process busy while the others wait."""
    judged = [d for d in _decisions(planted()[0]) if d.judged]
    jobs = [
        _TurnJob(tuple((d, False) for d in turn), Budget(per_option=1), 0, "en")
        for turn in _by_turn(judged)
    ]
    costs = [_turn_cost(jobs[number]) for number in dispatch_order(jobs, _turn_cost)]
    assert costs == sorted(costs, reverse=True) and costs[0] > costs[-1]
    early, late = (replace(jobs[0], decisions=((d, False),)) for d in (judged[0], judged[-1]))
    assert _turn_cost(early) > _turn_cost(late)
    longer = next(job for job in jobs if len(job.decisions) > 1)
    assert _turn_cost(longer) > _turn_cost(replace(longer, decisions=longer.decisions[:1]))


@pytest.mark.slow  # three turns reviewed three times
def test_the_review_is_the_same_on_one_process_or_several_and_in_the_players_language() -> None:
    """Turns judged in worker processes give the review judged in this one, worded in
    the language the player reads (a worker starts in the default one)."""
    record = opening(3)  # its third turn has a decision the review words
    english = review_record(record, per_option=2, workers=1)
    set_language("de")
    alone = review_record(record, per_option=2, workers=1)
    shared = review_record(record, per_option=2, workers=2)
    assert shared == alone
    worded = [
        (e.reason, g.reason) for e, g in zip(english.moves, shared.moves, strict=True) if e.reason
    ]
    assert worded and all(en != de for en, de in worded)
    assert [replace(m, reason="") for m in shared.moves] == [
        replace(m, reason="") for m in english.moves
    ]


@pytest.mark.slow
def test_exchanges_belong_to_the_answer_they_prepare_and_so_does_their_hint() -> None:
    match = Match.start(setup_for_game(["Ann", "Ben"], 7, 0))
    rng = random.Random(7)
    while True:
        state = match.state
        exchanges = [a for a in state.legal_actions() if isinstance(a, Exchange)]
        if exchanges and state.kind is DecisionKind.PAY:
            break
        match.play(rng.choice(state.decision_actions()))
    first, seat = len(match.actions), match.state.current
    match.note_hint()  # shown before the exchange
    match.play(exchanges[0])
    match.play(match.state.decision_actions()[-1])
    review = review_record(match.record, seats=[seat], per_option=1)
    move = review.moves[-1]
    assert move.index == first + 1
    assert move.played == tuple(match.actions[first:])
    assert move.played[0].startswith("exchange ")
    assert move.hinted
    assert not any(m.hinted for m in review.moves[:-1])


def test_the_lesson_writes_its_numbers_as_the_language_does(speaking: str) -> None:
    """3.7 CP reads 3,7 in German and Russian, as every other number of the review."""
    (finding,) = _mistakes([(3, 2.5), (5, 1.2)], 30, 35)
    assert "3,7" in finding.text and "3.7" not in finding.text
    assert "3, 5" in finding.text  # the rounds


def temple_token_sentence() -> str:
    """What the futures say of a temple token worth 7 CP after the best move, 2 and 3
    after the move played (2.5 on average), all else alike."""
    state = replay(planted()[0])
    score = final_scores(state)[0]
    best = [replace(score, temple_token=7)] * 2
    played = [replace(score, temple_token=2), replace(score, temple_token=3)]
    sentence = futures_sentence(state, played, best)
    assert sentence is not None
    return sentence


def test_the_futures_of_a_reason_write_their_numbers_as_the_language_does(speaking: str) -> None:
    """'Your temple token is worth 7,0 CP on average after the best move, 2,5 after
    yours (in all, +4,5 CP on average for you)', in German and Russian alike."""
    sentence = temple_token_sentence()
    assert "7,0" in sentence and "2,5" in sentence and "+4,5" in sentence
    assert not re.search(r"\d\.\d", sentence), sentence


def test_the_futures_total_is_said_to_be_the_whole_score_not_the_last_finding() -> None:
    """'... Dune Hamlet scores in 0 futures of 96 ... (+3.2 CP on average)' read as the
    last finding's figure, though it is the whole final score's: it says so now."""
    sentence = temple_token_sentence()
    assert sentence.endswith("(in all, +4.5 CP on average for you)"), sentence
