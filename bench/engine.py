"""Random-play throughput: this engine against the PyPI ``dominoes`` package.

The same game for both: 4 players, 7 tiles each, all 28 dealt, uniformly
random legal moves, played to the end of the round. The two engines are timed
alternately in one run (the machine is shared and noisy), several times, and
the medians compared. Also prints this engine's rounds per second for 2, 3 and
4 players under ``pagat``. The last line is ``speedup vs dominoes: N.Nx``.

Run: ``pip install -r bench/requirements.txt && python bench/engine.py``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from block_dominoes.fast import random_rounds
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


def rate(fn: Callable[[int, int], None], rounds: int, start: int) -> float:
    t0 = time.perf_counter()
    fn(rounds, start)
    return rounds / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3000, help="rounds per timing")
    ap.add_argument("--repeats", type=int, default=7, help="alternating timings per engine")
    a = ap.parse_args()

    mine: list[float] = []
    theirs: list[float] = []
    for i in range(a.repeats):
        mine.append(rate(ours, a.rounds, i * a.rounds))
        theirs.append(rate(peer, a.rounds // 4, i))
    for players in (2, 3, 4):
        rs = [rate(_pagat(players), a.rounds, k) for k in range(3)]
        print(f"pagat, {players} players: {statistics.median(rs):,.0f} rounds/s (median of 3)")
    m, t = statistics.median(mine), statistics.median(theirs)
    print(
        f"4 players x 7 tiles, random play: block_dominoes {m:,.0f} rounds/s, "
        f"dominoes {t:,.0f} rounds/s (medians of {a.repeats}, timed alternately)"
    )
    print(f"speedup vs dominoes: {m / t:.1f}x")


if __name__ == "__main__":
    main()
