"""Engine speed on random 4-player games: prints games/s, decisions/s and the mean
cost of legal_actions + apply per decision. Run: python benchmarks/bench_engine.py [GAMES]"""

from __future__ import annotations

import sys

from orbis_tui.sim.bench import bench

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(bench(games).report())
