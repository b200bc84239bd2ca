"""The balance study: many computer games on the tile set, summed up by seat, god,
player count, scoring category, tile color and tile.

``orbis balance --games 10000 --level medium --jobs 2`` plays the games (split evenly
over 2, 3 and 4 players unless ``--players`` says otherwise), every seat played by the
same level, and prints a Markdown report (``docs/balance.md`` holds one). Wins are
counted in shares: a shared victory (R-END-5) gives each winner 1/k of a win, so the
shares of a player count add up to its number of games and a fair seat, god or color
wins 1/N of its games.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import seat_bots
from ..engine import NUM_COLORS, Catalog, Color, EffectKind, GameState, GodId, PlayerScore
from ..i18n import gettext as _
from ..tiles import default_tiles_path, load_catalog
from .pool import run_jobs
from .selfplay import play_game
from .tables import markdown_table
from .tournament import wilson_interval

# The scoring categories of PlayerScore.categories: the tiles by effect, then the rest.
CATEGORY_ORDER = (*(kind.value for kind in EffectKind), "temple_token", "god", "wilderness")
COLOR_NAMES = tuple(color.label for color in Color)


@dataclass(slots=True)
class SeatResult:
    seat: int
    god: str
    god_points: int
    win_share: float
    total: int
    categories: dict[str, int]
    color_points: list[int]  # CP scored by the region tiles of each color
    color_tiles: list[int]  # colored (non-wild) tiles of each color
    tiles: list[tuple[str, int]]  # (tile id, points) for every colored tile
    wilderness: int


@dataclass(slots=True)
class BalanceGame:
    players: int
    seed: int
    seats: list[SeatResult]


def seat_results(state: GameState, scores: list[PlayerScore]) -> list[SeatResult]:
    winners = [s for s in scores if s.won]
    share = 1.0 / len(winners)
    results = []
    for score in scores:
        pyramid = state.players[score.seat].pyramid
        color_points = [0] * NUM_COLORS
        color_tiles = [0] * NUM_COLORS
        tiles = []
        for t in score.tiles:
            placed = pyramid[t.position]
            if placed.wild:
                continue
            color = int(placed.tile.color)
            color_points[color] += t.points
            color_tiles[color] += 1
            tiles.append((t.tile_id, t.points))
        results.append(
            SeatResult(
                seat=score.seat,
                god=score.god.god.value if score.god.god else "none",
                god_points=score.god.points,
                win_share=share if score.won else 0.0,
                total=score.total,
                categories=dict(score.categories),
                color_points=color_points,
                color_tiles=color_tiles,
                tiles=tiles,
                wilderness=score.counts.get("wilderness", 0),
            )
        )
    return results


def play_balance_game(
    players: int, seed: int, levels: Sequence[str], catalog: Catalog | None = None
) -> BalanceGame:
    result = play_game(players, seed, seat_bots(list(levels), seed), check=False, catalog=catalog)
    return BalanceGame(players, seed, seat_results(result.state, result.scores))


_CATALOGS: dict[str, Catalog] = {}


def _catalog(tiles_path: str | None) -> Catalog | None:
    if tiles_path is None:
        return None
    if tiles_path not in _CATALOGS:
        _CATALOGS[tiles_path] = load_catalog(tiles_path)
    return _CATALOGS[tiles_path]


def _worker(job: tuple[int, int, str, str | None]) -> BalanceGame:
    players, seed, level, tiles_path = job
    return play_balance_game(players, seed, [level] * players, _catalog(tiles_path))


def game_words(job: tuple[int, int, str, str | None]) -> str:
    """A game of the study's jobs, as a person finds it again: its seed and players."""
    players, seed, _level, _tiles = job
    return _("the game of seed {seed} (players: {players})").format(seed=seed, players=players)


def split_games(games: int, counts: Sequence[int]) -> dict[int, int]:
    """``games`` spread as evenly as possible over the player counts."""
    base, extra = divmod(games, len(counts))
    return {n: base + (1 if i < extra else 0) for i, n in enumerate(counts)}


def iter_balance(
    games: int,
    seed: int,
    level: str,
    counts: Sequence[int] = (2, 3, 4),
    jobs: int = 1,
    tiles_path: str | None = None,
) -> Iterator[BalanceGame]:
    """The games of a study; ``tiles_path`` plays another tile file than the shipped one."""
    work: list[tuple[int, int, str, str | None]] = []
    for n, k in split_games(games, counts).items():
        work.extend((n, seed + i, level, tiles_path) for i in range(k))
    yield from run_jobs(_worker, work, jobs)


# ---------------------------------------------------------------------- aggregation
@dataclass
class _Tally:
    n: int = 0
    wins: float = 0.0
    total: float = 0.0

    def add(self, win: float, total: float) -> None:
        self.n += 1
        self.wins += win
        self.total += total


@dataclass
class BalanceStudy:
    level: str
    seed: int
    seconds: float = 0.0
    tiles_file: str = ""
    games: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    ties: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    winning_total: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    by_seat: dict[tuple[int, int], _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    by_god: dict[tuple[int, str], _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    god_points: dict[tuple[int, str], float] = field(default_factory=lambda: defaultdict(float))
    god_scored: dict[tuple[int, str], int] = field(default_factory=lambda: defaultdict(int))
    categories: dict[tuple[int, str], float] = field(default_factory=lambda: defaultdict(float))
    color_points: dict[tuple[int, int], float] = field(default_factory=lambda: defaultdict(float))
    color_tiles: dict[tuple[int, int], float] = field(default_factory=lambda: defaultdict(float))
    main_color: dict[tuple[int, int], _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    tiles: dict[str, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    tile_points: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    wilderness: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    # how many holders of a god / main color sat in each seat, to correct for the seat
    seat_mix: dict[tuple[str, int, str], list[int]] = field(default_factory=dict)

    def add(self, game: BalanceGame) -> None:
        n = game.players
        self.games[n] += 1
        winners = [s for s in game.seats if s.win_share > 0]
        if len(winners) > 1:
            self.ties[n] += 1
        self.winning_total[n] += max(s.total for s in game.seats)
        for s in game.seats:
            self.by_seat[n, s.seat].add(s.win_share, s.total)
            self.by_god[n, s.god].add(s.win_share, s.total)
            self._mix("god", n, s.god, s.seat)
            self.god_points[n, s.god] += s.god_points
            self.god_scored[n, s.god] += s.god_points > 0
            for key, value in s.categories.items():
                self.categories[n, key] += value
            for c in range(NUM_COLORS):
                self.color_points[n, c] += s.color_points[c]
                self.color_tiles[n, c] += s.color_tiles[c]
            main = max(range(NUM_COLORS), key=lambda c: (s.color_tiles[c], s.color_points[c]))
            self.main_color[n, main].add(s.win_share, s.total)
            self._mix("color", n, COLOR_NAMES[main], s.seat)
            for tile_id, points in s.tiles:
                self.tiles[tile_id].add(s.win_share * n, s.total)
                self.tile_points[tile_id] += points
            self.wilderness[n] += s.wilderness

    def _mix(self, kind: str, n: int, key: str, seat: int) -> None:
        self.seat_mix.setdefault((kind, n, key), [0] * n)[seat] += 1

    def seat_adjusted(self, kind: str, n: int, key: str, wins: float) -> float:
        """Wins divided by the wins the same seats would expect on average: a god or
        color taken mostly by a strong seat is not credited for the seat's strength."""
        mix = self.seat_mix.get((kind, n, key))
        if not mix:
            return math.nan
        expected = sum(
            count * self.by_seat[n, seat].wins / self.by_seat[n, seat].n
            for seat, count in enumerate(mix)
            if count
        )
        return wins / expected if expected else math.nan

    @property
    def counts(self) -> list[int]:
        return sorted(self.games)

    # ------------------------------------------------------------------ report
    def report(self) -> str:
        total_games = sum(self.games.values())
        lines = [
            f"{total_games} games, every seat played by the {self.level} level, "
            f"seeds from {self.seed}; seat 1 moves first"
            + (f"; {self.seconds:.0f} s" if self.seconds else "")
            + ".",
            "",
            f"Tiles: `{_short_path(self.tiles_file)}`.",
            "",
            "### By player count",
            "",
            *markdown_table(
                [
                    "players",
                    "games",
                    "mean score",
                    "mean winning score",
                    "shared wins",
                    "wilderness per player",
                ],
                map(self._count_row, self.counts),
            ),
            "",
            "### Win rate by seat (fair: 1/N)",
            "",
            *self._seat_table(),
            "",
            "### Win rate by god (fair: 1/N; the interval is 95%)",
            "",
            "Win rate of the players who ended with the god, its mean points and how "
            "often its condition held, per player count.",
            "",
            *markdown_table(
                ["god", *(f"{n} players" for n in self.counts), "mean points", "scored"],
                map(self._god_row, GodId),
            ),
            "",
            "(×r: the win rate divided by the fair 1/N; s×r: the wins divided by the wins "
            "expected from the seats its holders sat in; then the 95% interval and how "
            "many players held it.)",
            "",
            "### Mean CP per player by category",
            "",
            *self._category_table(),
            "",
            "### By tile color",
            "",
            "Mean colored tiles and CP per player from tiles of each color, and the win "
            "rate of players whose pyramid holds most of that color (×r, s×r as above).",
            "",
            *markdown_table(
                ["color", *(f"{n}p tiles / CP / win" for n in self.counts)],
                (self._color_row(c, name) for c, name in enumerate(COLOR_NAMES)),
            ),
            *self._tile_lines(),
        ]
        return "\n".join(lines)

    def _count_row(self, n: int) -> list[str]:
        g = self.games[n]
        mean = sum(self.by_seat[n, s].total for s in range(n)) / (g * n)
        return [
            str(n),
            str(g),
            f"{mean:.1f}",
            f"{self.winning_total[n] / g:.1f}",
            _pct(self.ties[n] / g),
            f"{self.wilderness[n] / (g * n):.2f}",
        ]

    def _seat_table(self) -> list[str]:
        seats = max(self.counts)
        rows = []
        for n in self.counts:
            cells = [str(n)]
            for s in range(seats):
                if s < n:
                    t = self.by_seat[n, s]
                    low, high = wilson_interval(t.wins, t.n)
                    cells.append(f"{_pct(t.wins / t.n)} ({_pct(low)}–{_pct(high)})")
                else:
                    cells.append("")
            rows.append(cells)
        return markdown_table(["players", *(f"seat {s + 1}" for s in range(seats))], rows)

    def _god_row(self, god: GodId) -> list[str]:
        cells = [god.value]
        held = 0
        pts = 0.0
        scored = 0
        for n in self.counts:
            god_tally = self.by_god.get((n, god.value))
            if god_tally is None or god_tally.n == 0:
                cells.append("–")
                continue
            held += god_tally.n
            pts += self.god_points[n, god.value]
            scored += self.god_scored[n, god.value]
            low, high = wilson_interval(god_tally.wins, god_tally.n)
            ratio = (god_tally.wins / god_tally.n) * n
            adjusted = self.seat_adjusted("god", n, god.value, god_tally.wins)
            cells.append(
                f"{_pct(god_tally.wins / god_tally.n)} ×{ratio:.2f} s{_ratio(adjusted)} "
                f"({_pct(low)}–{_pct(high)}, {god_tally.n})"
            )
        mean_pts = pts / held if held else 0.0
        return [*cells, f"{mean_pts:.2f}", _pct(scored / held) if held else "–"]

    def _category_table(self) -> list[str]:
        rows = [
            [key] + [f"{self.categories[n, key] / (self.games[n] * n):+.2f}" for n in self.counts]
            for key in CATEGORY_ORDER
        ]
        totals = []
        for n in self.counts:
            per = sum(self.categories[n, k] for k in CATEGORY_ORDER) / (self.games[n] * n)
            totals.append(f"{per:.2f}")
        rows.append(["**total**", *totals])
        return markdown_table(["category", *(f"{n} players" for n in self.counts)], rows)

    def _color_row(self, c: int, name: str) -> list[str]:
        cells = [name]
        for n in self.counts:
            per = self.games[n] * n
            color_tally = self.main_color.get((n, c))
            win_text = "–"
            if color_tally and color_tally.n:
                adjusted = self.seat_adjusted("color", n, name, color_tally.wins)
                share = color_tally.wins / color_tally.n * n
                win_text = f"×{share:.2f} s{_ratio(adjusted)} ({color_tally.n})"
            cells.append(
                f"{self.color_tiles[n, c] / per:.2f} / "
                f"{self.color_points[n, c] / per:.2f} / {win_text}"
            )
        return cells

    def _tile_lines(self) -> list[str]:
        rows = []
        for tile_id, t in self.tiles.items():
            if t.n < 30:
                continue
            # wins were scaled by the player count, so 1.0 is fair at every count
            rows.append((t.wins / t.n, tile_id, t.n, self.tile_points[tile_id] / t.n))
        rows.sort(reverse=True)
        shown: list[tuple[float | str, str, int, float]] = list(rows)
        if len(rows) > 16:
            shown = [*rows[:8], ("…", "…", 0, 0.0), *rows[-8:]]
        return [
            "",
            "### Tiles most and least often in a winning pyramid",
            "",
            "Win rate of the players who placed the tile (not as a wilderness), relative "
            "to fair (×1.00), with how often it was placed and its mean CP.",
            "",
            *markdown_table(
                ["tile", "×r", "placed", "mean CP"],
                (
                    ["…", "", "", ""]
                    if tile_id == "…"
                    else [tile_id, f"×{ratio:.2f}", str(n), f"{pts:.2f}"]
                    for ratio, tile_id, n, pts in shown
                ),
            ),
        ]


def _short_path(path: str) -> str:
    """A tile file's path relative to the working directory when it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return path


def _ratio(x: float) -> str:
    return "×–" if math.isnan(x) else f"×{x:.2f}"


def _pct(x: float) -> str:
    if math.isnan(x):
        return "–"
    return f"{100 * x:.1f}%"


def run_balance(
    games: int,
    seed: int = 0,
    level: str = "medium",
    counts: Sequence[int] = (2, 3, 4),
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    tiles_path: str | None = None,
) -> BalanceStudy:
    study = BalanceStudy(level, seed)
    study.tiles_file = tiles_path or str(default_tiles_path())
    start = time.perf_counter()
    games_iter = iter_balance(games, seed, level, counts, jobs, tiles_path)
    for done, game in enumerate(games_iter, 1):
        study.add(game)
        if progress is not None:
            progress(done)
    study.seconds = time.perf_counter() - start
    return study
