"""Two-worker scaling of ``simulate``: rounds per second with 2 processes over 1.

The same seeded run (same numbers, checked) is timed with ``workers=1`` and
``workers=2`` alternately, several times, and the medians compared; the pool
start-up is part of the timing, as it is for a user of ``--workers``. Runs both
the fast path (``random`` on every seat) and a strategy run on RoundState
(``heavy`` against ``random``), and reports the CPU work of the two-worker runs
over the one-worker runs (the cost of the pool itself) and what two independent
processes get from the machine at that moment (its ceiling, lower when other
jobs share the cores). The last line is ``scaling 2 workers: N.NNx`` for the
fast path, the command's default.

Run: ``python bench/scaling.py`` (about a minute on a quiet two-core machine).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import time

from block_dominoes.lab import simulate


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def rates(
    players: int, games: int, strategies: list[str], repeats: int
) -> tuple[float, float, float, float]:
    """Median rounds/s with one and with two workers (timed alternately), the best
    paired ratio, and the CPU work of two workers over one (1.00 = no overhead)."""
    one: list[float] = []
    two: list[float] = []
    work = {1: 0.0, 2: 0.0}
    for i in range(repeats):
        numbers = []
        for workers, out in ((1, one), (2, two)) if i % 2 == 0 else ((2, two), (1, one)):
            c0 = _cpu()
            res = simulate("pagat", players, games, strategies, seed=i, workers=workers)
            work[workers] += _cpu() - c0
            out.append(res.rounds.games / res.seconds)
            numbers.append(res.numbers())
        assert numbers[0] == numbers[1], "the worker count changed the numbers"
    best = max(b / a for a, b in zip(one, two, strict=True))
    return statistics.median(one), statistics.median(two), best, work[2] / work[1]


def _alone(games: int, seed: int) -> None:
    simulate("pagat", 4, games, seed=seed, workers=1)


def ceiling(games: int, repeats: int) -> float:
    """What two cores give right now: the throughput of two independent single-worker
    processes running at once over one running alone (other people's jobs count)."""
    ratios = []
    for i in range(repeats):
        t0 = time.perf_counter()
        p = multiprocessing.Process(target=_alone, args=(games, i))
        p.start()
        p.join()
        one = time.perf_counter() - t0
        t0 = time.perf_counter()
        ps = [multiprocessing.Process(target=_alone, args=(games, i + k)) for k in range(2)]
        for p in ps:
            p.start()
        for p in ps:
            p.join()
        two = time.perf_counter() - t0
        ratios.append(2 * one / two)
    return statistics.median(ratios)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300_000, help="rounds per fast-path timing")
    ap.add_argument("--strategy-games", type=int, default=6_000, help="rounds per strategy timing")
    ap.add_argument("--repeats", type=int, default=5, help="timings per worker count")
    a = ap.parse_args()
    print(f"cores visible: {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")

    s1, s2, sb, sw = rates(2, a.strategy_games, ["heavy", "random"], a.repeats)
    print(
        f"heavy vs random, 2 players (RoundState): 1 worker {s1:,.0f} rounds/s, "
        f"2 workers {s2:,.0f} rounds/s, {s2 / s1:.2f}x (medians of {a.repeats}; best pair "
        f"{sb:.2f}x; CPU work 2 workers / 1: {sw:.2f})"
    )
    f1, f2, fb, fw = rates(4, a.games, ["random"], a.repeats)
    print(
        f"random, 4 players (fast path): 1 worker {f1:,.0f} rounds/s, "
        f"2 workers {f2:,.0f} rounds/s (medians of {a.repeats}; best pair {fb:.2f}x; "
        f"CPU work 2 workers / 1: {fw:.2f})"
    )
    print(
        "two independent processes at once over one alone (the ceiling right now): "
        f"{ceiling(a.games // 2, a.repeats):.2f}x"
    )
    print(f"scaling 2 workers: {f2 / f1:.2f}x")


if __name__ == "__main__":
    main()
