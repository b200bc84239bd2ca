"""Computer opponents: legal play at every decision, determinism, and sound choices in
hand-made positions (never a statistical claim about a few games)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from builders import (
    B,
    G,
    O,
    R,
    W,
    farm,
    fill_pyramid,
    irrigation,
    make_game,
    plain,
    put,
    set_cell,
    set_realm,
    tile,
    village,
    volcano,
)
from orbis_tui.bots import LEVELS, Bot, EasyBot, ExpertBot, HardBot, MediumBot, RandomBot, make_bot
from orbis_tui.bots.choices import keep_value, pay_sequence, pick_to_gain, pick_to_give
from orbis_tui.bots.heuristics import evaluate, forest_chance, margin
from orbis_tui.engine import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Color,
    DecisionKind,
    Discard,
    Effect,
    EffectKind,
    Erupt,
    Exchange,
    GameState,
    GodId,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    problems,
)
from orbis_tui.tiles import new_game


def quick_hard(seed: int) -> HardBot:
    """A hard bot with a tiny, fixed budget: same moves for the same seed."""
    return HardBot(seed, iterations=1, candidates=3, depth=2)


def play(
    bots: list[Bot], seed: int, players: int | None = None
) -> tuple[GameState, list[tuple[DecisionKind, Action]]]:
    """A full game in which every action must be legal when the bot proposes it."""
    state = new_game([f"P{i}" for i in range(players or len(bots))], seed=seed, first_player=0)
    log: list[tuple[DecisionKind, Action]] = []
    while not state.is_over:
        kind = state.kind
        action = bots[state.current].choose(state)
        reason = state.why_not(action)
        assert reason is None, f"{bots[state.current].name} chose {action}: {reason}"
        state.apply(action)
        log.append((kind, action))
        assert not problems(state)
    return state, log


def whole_turn(bot: Bot, state: GameState) -> list[Action]:
    """Let ``bot`` play the active player's turn to its end; the actions it chose."""
    me, turn = state.current, state.turn
    actions = []
    while not state.is_over and state.turn == turn:
        assert state.current == me
        action = bot.choose(state)
        assert state.why_not(action) is None
        state.apply(action)
        actions.append(action)
    return actions


# ---------------------------------------------------------------------- the factory
def test_make_bot_builds_every_level() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")
    assert isinstance(make_bot("easy", 1), EasyBot)
    assert isinstance(make_bot("medium", 1), MediumBot)
    hard = make_bot("hard", 1, iterations=3)
    assert isinstance(hard, HardBot) and hard.iterations == 3 and hard.time_budget is None
    timed = make_bot("hard", 1, time_budget=0.5)
    assert isinstance(timed, HardBot) and timed.time_budget == 0.5
    default = make_bot("hard", 1)
    assert isinstance(default, HardBot) and default.time_budget is not None  # by default
    assert isinstance(make_bot("random", 1), RandomBot)
    expert = make_bot("expert", 1, iterations=30)
    assert isinstance(expert, ExpertBot) and expert.iterations == 30
    default_expert = make_bot("expert", 1)
    assert isinstance(default_expert, ExpertBot) and default_expert.time_budget is not None
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("grandmaster", 1)


# ---------------------------------------------------------------------- legal play
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_only_legal_actions(players: int) -> None:
    factories: list[Callable[[int], Bot]] = [EasyBot, MediumBot, quick_hard, RandomBot]
    bots = [factories[seat](seat + 10 * players) for seat in range(players)]
    state, log = play(bots, seed=players, players=players)
    assert state.is_over
    kinds = {kind for kind, _ in log}
    assert {DecisionKind.TURN, DecisionKind.PLACE} <= kinds


def test_medium_exchanges_only_to_pay_or_to_discard() -> None:
    """Exchanges are always offered; the greedy bot uses them only where they enable a
    payment or improve a discard, so it never loops on them."""
    for seed in range(3):
        _, log = play([MediumBot(seed), MediumBot(seed + 1)], seed=seed)
        run = 0
        for kind, action in log:
            if isinstance(action, Exchange):
                assert kind in (DecisionKind.PAY, DecisionKind.DISCARD)
                run += 1
                assert run <= 5
            else:
                run = 0


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_same_seed_same_game(level: str) -> None:
    first = play([make_bot(level, 3), make_bot(level, 4)], seed=9)[1]
    again = play([make_bot(level, 3), make_bot(level, 4)], seed=9)[1]
    assert first == again


def test_hard_with_an_iteration_budget_is_deterministic() -> None:
    first = play([quick_hard(5), MediumBot(6)], seed=11)[1]
    again = play([quick_hard(5), MediumBot(6)], seed=11)[1]
    assert first == again


@pytest.mark.slow  # a whole game of hard players
def test_make_bot_hard_with_iterations_plays_a_game() -> None:
    hard = make_bot("hard", 1, iterations=1)
    assert isinstance(hard, HardBot)
    state, _ = play([hard, make_bot("easy", 2)], seed=2)
    assert state.is_over
    assert hard.stats.rounds >= 1


# ---------------------------------------------------------------------- constructed positions
def test_medium_takes_an_affordable_high_cp_tile_and_pays() -> None:
    rich = tile("HI", R, cost="RR", cp=6, level=3)
    state = make_game({4: rich}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "RRB")
    actions = whole_turn(MediumBot(0), state)
    assert actions[0] == TakeTile(4)
    assert isinstance(actions[1], Pay)
    assert isinstance(actions[2], Place) and not actions[2].wild
    assert state.players[0].pyramid[(1, 0)].tile.id == "HI"


def test_medium_prefers_a_tile_it_can_pay_over_one_that_would_go_wild() -> None:
    dear = tile("DEAR", G, cost="GGG", any_cost=1, cp=7, level=3)
    fair = tile("FAIR", R, cost="RB", cp=4, level=2)
    state = make_game({0: dear, 8: fair}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "RB")
    state.players[0].god = GodId.APPRENTICE  # no god turn to weigh against
    actions = whole_turn(MediumBot(0), state)
    assert actions[0] == TakeTile(8)
    assert GoWild() not in actions


def test_medium_exchanges_when_that_makes_a_tile_payable() -> None:
    wanted = tile("WANT", B, cost="BG", cp=5, level=2)
    state = make_game({4: wanted}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "RRRB")
    state.players[0].god = GodId.APPRENTICE  # no god turn to weigh against
    actions = whole_turn(MediumBot(0), state)
    assert actions[0] == TakeTile(4)
    assert actions[1] == Exchange(Color.RED, Color.GREEN)
    assert isinstance(actions[2], Pay)


def test_no_exchange_when_the_realm_already_pays() -> None:
    wanted = tile("WANT", B, cost="BG", cp=5, level=2)
    state = make_game({4: wanted})
    set_realm(state, 0, "RRRBG")
    state.apply(TakeTile(4))
    plan = pay_sequence(state, [1.0] * 5)
    assert plan is not None and len(plan) == 1 and isinstance(plan[0], Pay)
    assert MediumBot(0).choose(state) == plan[0]


def test_pay_sequence_says_when_nothing_can_pay() -> None:
    dear = tile("DEAR", G, cost="GGG", cp=7, level=3)
    state = make_game({4: dear})
    set_realm(state, 0, "RRB")
    state.apply(TakeTile(4))
    assert pay_sequence(state, [1.0] * 5) is None
    assert MediumBot(0).choose(state) == GoWild()


def test_medium_places_an_irrigation_where_it_is_validated() -> None:
    canal = tile("CANAL", B, cp=5, effect=irrigation(O), level=2)
    state = make_game({4: canal}, extra=[plain(f"X{i}", c) for i, c in enumerate((O, B, R, B))])
    for col, color in enumerate((O, B, R, B)):
        put(state, 0, (1, col), plain(f"X{col}", color))
    state.apply(TakeTile(4))
    action = MediumBot(0).choose(state)
    assert action == Place(2, 0)  # on orange and blue; (2, 2) rests on red and blue


def test_medium_validates_a_village_rather_than_declining() -> None:
    hamlet = tile("HAMLET", O, cp=4, effect=village(2), level=2)
    state = make_game({4: hamlet})
    set_realm(state, 0, "RRRWG")
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.VILLAGE
    action = MediumBot(0).choose(state)
    assert isinstance(action, ReturnWorshipers)
    assert action.colors[Color.RED] == 2  # the surplus color goes


def test_medium_erupts_a_volcano() -> None:
    mount = tile("MOUNT", R, cp=5, effect=volcano("BB"), level=2)
    state = make_game({4: mount})
    set_cell(state, 0, "BB")
    set_cell(state, 8, "B")
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.VOLCANO
    action = MediumBot(0).choose(state)
    assert isinstance(action, Erupt)


def test_medium_takes_death_on_its_last_turn_when_worshipers_are_worthless() -> None:
    state = make_game(gods=[GodId.DEATH, GodId.APPRENTICE, GodId.LOVE])
    fill_pyramid(state, 0, {}, plain("FILL", W))
    state.players[0].turns = 14
    set_realm(state, 0, "RRBBOOGW")
    assert state.must_take_god()
    actions = whole_turn(MediumBot(0), state)
    assert actions[0] == TakeGod(GodId.DEATH)
    assert isinstance(actions[1], ReturnWorshipers) and sum(actions[1].colors) == 6


def test_medium_love_and_gain_bring_the_colors_the_market_wants() -> None:
    greens = {cell: tile(f"G{cell}", G, cost="GG", cp=5, level=2) for cell in (0, 2, 6)}
    state = make_game(greens, gods=[GodId.LOVE, GodId.APPRENTICE, GodId.IDLENESS])
    set_realm(state, 0, "R")
    state.apply(TakeGod(GodId.LOVE))
    assert state.kind is DecisionKind.LOVE
    action = MediumBot(0).choose(state)
    assert isinstance(action, ChooseWorshipers)
    assert max(range(5), key=lambda c: action.colors[c]) == Color.GREEN

    spring = tile("SPRING", B, effect=Effect(EffectKind.GAIN, None, 1))
    state = make_game({4: spring, **greens})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.GAIN
    assert MediumBot(0).choose(state) == ChooseGain(Color.GREEN)


def test_medium_discards_its_surplus_and_keeps_wanted_colors() -> None:
    greens = {cell: tile(f"G{cell}", G, cost="GG", cp=5, level=2) for cell in (0, 2, 6)}
    spring = tile("SPRING", B, effect=Effect(EffectKind.GAIN, Color.BLUE, 2))
    state = make_game({4: spring, **greens})
    set_realm(state, 0, "RRRRRRGGGB")
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.DISCARD
    actions = whole_turn(MediumBot(0), state)
    assert state.players[0].realm[Color.GREEN] >= 3
    assert state.players[0].worshipers <= 10
    assert any(isinstance(a, Discard | Exchange) for a in actions)


def test_medium_takes_a_god_when_the_market_offers_nothing() -> None:
    state = make_game(gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    actions = whole_turn(MediumBot(0), state)
    assert isinstance(actions[0], TakeGod)
    assert state.players[0].god is actions[0].god


def test_medium_takes_a_farm_over_nothing() -> None:
    barn = tile("BARN", O, cost="O", cp=2, effect=farm(Color.RED), level=2)
    state = make_game({4: barn}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "O")
    state.players[0].god = GodId.APPRENTICE  # no god turn to weigh against
    actions = whole_turn(MediumBot(0), state)
    assert actions[0] == TakeTile(4)
    assert state.players[0].reductions[Color.RED]


def test_a_bot_replans_when_the_game_goes_another_way() -> None:
    state = new_game(["A", "B"], seed=4, first_player=0)
    bot = MediumBot(1)
    first = bot.choose(state)
    assert isinstance(first, TakeTile | TakeGod)
    # The table plays something else for the bot (say, an undo and another choice).
    other = next(a for a in state.decision_actions() if a != first)
    state.apply(other)
    while not state.is_over and state.current == 0:
        action = bot.choose(state)
        assert state.why_not(action) is None
        state.apply(action)


# ---------------------------------------------------------------------- small helpers
def test_pick_to_give_and_gain() -> None:
    need = [0.2, 1.0, 0.2, 0.2, 0.2]
    assert pick_to_give([3, 2, 0, 0, 0], 2, need) == (2, 0, 0, 0, 0)
    assert sum(pick_to_give([1, 1, 1, 1, 1], 3, need)) == 3
    gained = pick_to_gain([0, 0, 0, 0, 0], 5, need)
    assert sum(gained) == 5 and gained[1] == max(gained)


def test_pick_to_give_gives_what_keep_value_says_hurts_least() -> None:
    """pick_to_give (its keep_value written out) gives, one at a time, the worshiper
    that keep_value says is least worth keeping (the first such color on a tie)."""
    rng = random.Random(5)
    for _ in range(2000):
        realm = [rng.randint(0, 8) for _ in range(5)]
        size = rng.randint(1, sum(realm)) if sum(realm) else 0
        need = [rng.choice((0.0, 0.2, 0.5, 1.0, rng.random())) for _ in range(5)]
        left, given = realm[:], [0] * 5
        for _ in range(size):
            held = [c for c in range(5) if left[c] > 0]
            worst = min(held, key=lambda c: keep_value(left, c, need))
            left[worst] -= 1
            given[worst] += 1
        assert pick_to_give(realm, size, need) == tuple(given)


def test_forest_chance_follows_the_neighbors() -> None:
    grove = tile("GROVE", G, cp=6, effect=Effect(EffectKind.FOREST, colors=(B,), count=2))
    state = make_game(extra=[grove, plain("BL", B), plain("RD", R)])
    pyr = state.players[0].pyramid
    put(state, 0, (1, 0), grove)
    placed = pyr[(1, 0)]
    empty = forest_chance(pyr, (1, 0), placed, 0.5)
    put(state, 0, (1, 1), plain("BL", B))
    one = forest_chance(pyr, (1, 0), placed, 0.5)
    put(state, 0, (1, -1), plain("BL", B))
    assert empty < one < forest_chance(pyr, (1, 0), placed, 0.5) == 1.0


def test_evaluation_at_the_end_is_the_score() -> None:
    state, _ = play([MediumBot(1), EasyBot(2)], seed=6)
    from orbis_tui.engine import final_scores

    scores = final_scores(state)
    values = evaluate(state)
    for s in scores:
        assert values[s.seat] == pytest.approx(s.total + 0.01 * s.worshipers)
    assert margin(values, 0) == pytest.approx(values[0] - values[1])


def test_hard_reports_its_search() -> None:
    rich = tile("HI", R, cost="RR", cp=6, level=3)
    state = make_game({4: rich}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "RRB")
    state.players[0].god = GodId.APPRENTICE  # no god turn to weigh against
    bot = HardBot(0, iterations=2, candidates=3, depth=2)
    actions = whole_turn(bot, state)
    assert actions[0] == TakeTile(4)
    assert bot.stats.rounds == 2 and bot.stats.candidates == 3
    assert bot.stats.rollouts == 6


def test_easy_pays_when_it_can_and_keeps_colors_when_placing() -> None:
    wanted = tile("WANT", B, cost="B", cp=2, level=2)
    state = make_game({4: wanted})
    set_realm(state, 0, "B")
    state.apply(TakeTile(4))
    bot = EasyBot(0, pay_chance=1.0)
    assert bot.choose(state) == Pay((0, 0, 0, 0, 0))
    state.apply(Pay((0, 0, 0, 0, 0)))
    action = bot.choose(state)
    assert isinstance(action, Place) and not action.wild


def test_the_light_level_list_names_every_level_the_registry_builds() -> None:
    """The app reads the levels without loading the computer players: the two agree."""
    from orbis_tui import levels
    from orbis_tui.bots import ALL_LEVELS, LEVEL_INFO

    assert set(LEVEL_INFO) == set(levels.ALL_LEVELS) == set(ALL_LEVELS)
    assert ("random", *levels.LEVELS) == levels.ALL_LEVELS
    for name, info in LEVEL_INFO.items():
        assert info.summary == levels.SUMMARIES[name]


def test_checking_a_saved_game_s_seats_does_not_load_the_computer_players() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from orbis_tui.tui.core.seats import bot_levels, level_summary\n"
        "bot_levels(); level_summary('hard')\n"
        "print('orbis_tui.bots' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
