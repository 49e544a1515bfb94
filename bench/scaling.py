"""Two-worker scaling of ``simulate``: rounds per second with 2 processes over 1.

The same seeded run (same numbers, checked) is timed with ``workers=1`` and
``workers=2`` alternately, several times, and the medians compared; the pool
start-up is part of the timing, as it is for a user of ``--workers``. Runs both
the fast path (``random`` on every seat) and a strategy run on RoundState
(``heavy`` against ``random``). The last line is ``scaling 2 workers: N.NNx``
for the fast path, the command's default.

Run: ``python bench/scaling.py`` (about a minute on a quiet two-core machine).
"""

from __future__ import annotations

import argparse
import os
import statistics

from block_dominoes.simulate import simulate


def rates(players: int, games: int, strategies: list[str], repeats: int) -> tuple[float, float]:
    """Median rounds/s with one and with two workers, timed alternately."""
    one: list[float] = []
    two: list[float] = []
    for i in range(repeats):
        numbers = []
        for workers, out in ((1, one), (2, two)) if i % 2 == 0 else ((2, two), (1, one)):
            res = simulate("pagat", players, games, strategies, seed=i, workers=workers)
            out.append(res.rounds.games / res.seconds)
            numbers.append(res.numbers())
        assert numbers[0] == numbers[1], "the worker count changed the numbers"
    return statistics.median(one), statistics.median(two)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300_000, help="rounds per fast-path timing")
    ap.add_argument("--strategy-games", type=int, default=6_000, help="rounds per strategy timing")
    ap.add_argument("--repeats", type=int, default=5, help="timings per worker count")
    a = ap.parse_args()
    print(f"cores visible: {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")

    s1, s2 = rates(2, a.strategy_games, ["heavy", "random"], a.repeats)
    print(
        f"heavy vs random, 2 players (RoundState): 1 worker {s1:,.0f} rounds/s, "
        f"2 workers {s2:,.0f} rounds/s, {s2 / s1:.2f}x (medians of {a.repeats})"
    )
    f1, f2 = rates(4, a.games, ["random"], a.repeats)
    print(
        f"random, 4 players (fast path): 1 worker {f1:,.0f} rounds/s, "
        f"2 workers {f2:,.0f} rounds/s (medians of {a.repeats})"
    )
    print(f"scaling 2 workers: {f2 / f1:.2f}x")


if __name__ == "__main__":
    main()
