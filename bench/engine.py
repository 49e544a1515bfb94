"""Random-play throughput: this engine against the PyPI ``dominoes`` package.

The same game for both: 4 players, 7 tiles each, all 28 dealt, uniformly
random legal moves, played to the end of the round. The two engines are timed
alternately in one run, several times, and the medians compared. Each timing
records the wall-clock time and the CPU time of this process; the machine is
shared, so the speedup line uses CPU time (other people's jobs do not count
against either engine), and the wall-clock ratio is printed beside it. Also
prints this engine's rounds per second for 2, 3 and 4 players under ``pagat``.
The last line is ``speedup vs dominoes: N.Nx``.

Run: ``pip install -r bench/requirements.txt && python bench/engine.py``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from block_dominoes.lab.fast import random_rounds
from block_dominoes.rules import FirstLead, find_rules

SAME_GAME = find_rules("partnership").with_(name="bench-4x7", first_lead=FirstLead.LOT)


def ours(rounds: int, start: int) -> None:
    random_rounds(SAME_GAME, 4, seed=start, games=rounds)


def peer(rounds: int, start: int) -> None:
    import dominoes

    random.seed(start)
    for _ in range(rounds):
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])


def _pagat(players: int) -> Callable[[int, int], None]:
    def run(rounds: int, start: int) -> None:
        random_rounds("pagat", players, seed=start, games=rounds)

    return run


def rate(fn: Callable[[int, int], None], rounds: int, start: int) -> tuple[float, float]:
    """Rounds per second of wall-clock time and of this process's CPU time."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn(rounds, start)
    return rounds / (time.perf_counter() - w0), rounds / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10000, help="rounds per timing")
    ap.add_argument("--repeats", type=int, default=7, help="alternating timings per engine")
    a = ap.parse_args()

    mine: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    ours(1000, 10**6)  # build the lookup tables outside the timings
    for i in range(a.repeats):
        mine.append(rate(ours, a.rounds, i * a.rounds))
        theirs.append(rate(peer, a.rounds // 4, i))
    for players in (2, 3, 4):
        rs = [rate(_pagat(players), a.rounds, k) for k in range(3)]
        wall = statistics.median(r[0] for r in rs)
        cpu = statistics.median(r[1] for r in rs)
        print(
            f"pagat, {players} players: {cpu:,.0f} rounds/s of CPU time, "
            f"{wall:,.0f} of wall-clock time (medians of 3)"
        )
    mw, mc = (statistics.median(r[k] for r in mine) for k in (0, 1))
    tw, tc = (statistics.median(r[k] for r in theirs) for k in (0, 1))
    print(
        f"4 players x 7 tiles, random play, CPU time: block_dominoes {mc:,.0f} rounds/s, "
        f"dominoes {tc:,.0f} rounds/s (medians of {a.repeats}, timed alternately)"
    )
    print(
        f"wall-clock time: block_dominoes {mw:,.0f} rounds/s, dominoes {tw:,.0f} rounds/s, "
        f"ratio {mw / tw:.1f}x; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    print(f"speedup vs dominoes: {mc / tc:.1f}x")


if __name__ == "__main__":
    main()
