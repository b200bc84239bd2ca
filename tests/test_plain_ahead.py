"""The plain-text seat prepares the game's review as the app does: each turn that is
over goes to be judged, and ``review`` takes what was judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_tui.analysis import GameReview, KeptTurns, PlayerSummary, allow_judging_ahead
from orbis_tui.engine import GameState
from orbis_tui.plain import advice
from orbis_tui.plain import game as plain_game
from orbis_tui.records import GameRecord, replay
from orbis_tui.saves import SaveStore
from orbis_tui.tui.core.settings import Settings, SettingsFile
from test_plain import play


class Recorded:
    """Stands in for the judging ahead: what it was sent, and a known turn to hand on."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, int, bool]] = []  # actions, the turn now, over
        self.records: list[GameRecord] = []
        self.closed = False

    def game_moved(self, record: GameRecord, state: GameState) -> None:
        self.moves.append((len(record.actions), state.turn, state.is_over))
        self.records.append(GameRecord(setup=record.setup, actions=list(record.actions)))

    def known(self) -> dict[str, tuple[()]]:
        return {"a turn": ()}

    def close(self) -> None:
        self.closed = True


def test_each_turn_over_is_sent_and_the_review_takes_what_was_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorded = Recorded()
    monkeypatch.setattr(plain_game, "judged_ahead", lambda store, data_dir: recorded)
    handed: list[object] = []

    def quick(record: GameRecord, judged=None, known=None, kept=None) -> GameReview:
        handed.append(known)
        handed.append(kept.folder if kept is not None else None)
        names = tuple(record.setup.players)
        players = tuple(PlayerSummary(n, name, 0, 0.0, 0, ()) for n, name in enumerate(names))
        return GameReview(names, players, (), {"complete": True})

    monkeypatch.setattr(advice, "make_review", quick)
    status, _text, _reader = play(
        tmp_path, players=2, seed=5, levels={2: "random"}, at_end=("review",)
    )
    assert status == 0 and recorded.closed
    turns = [turn for _, turn, _ in recorded.moves]
    assert turns == sorted(set(turns)) and len(turns) > 10  # once a turn, the computer's too
    assert recorded.moves[-1][2]  # the last turn, once the game is over
    for record, (_, turn, over) in zip(recorded.records, recorded.moves, strict=True):
        before = replay(record, upto=len(record.actions) - 1)
        assert over or before.turn < turn  # sent as its last action ended the turn
    # the turns judged ahead, and those kept on disk in the data folder
    assert handed == [{"a turn": ()}, tmp_path / "reviews" / "turns"]


def test_the_setting_and_the_test_switch_decide_whether_turns_are_judged_ahead(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path)
    assert plain_game.judged_ahead(store, tmp_path) is None  # the tests' switch: off
    allow_judging_ahead(True)
    ahead = plain_game.judged_ahead(store, tmp_path)
    assert ahead is not None and isinstance(ahead.kept, KeptTurns)
    assert ahead.kept.folder == tmp_path / "reviews" / "turns"  # turns kept where reviews are
    ahead.close()
    SettingsFile(tmp_path / "config").save(Settings(review_ahead=False))
    assert plain_game.judged_ahead(store, tmp_path) is None
