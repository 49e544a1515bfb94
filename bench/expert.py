"""How fast the ``expert`` plays, and how strong it is against ``random``.

A seeded run of ``--rounds`` two-player ``pagat`` rounds (at least 500), the
expert in seat 1 and ``random`` in seat 2, is timed ``--repeat`` times; the
machine is shared, so the rate is the median of the timings, on the CPU time of
this process (the wall-clock median is printed beside it). The same seeded run
gives the expert's share of rounds won, with a Wilson 95% interval. Also times
four players. The last line is
``expert: N rounds/s (2 players), wins vs random P%``.

Before the bitmask kernel (issue 14) the expert played about 14 rounds/s with
two players and 38 with four on the project machine, and won 66.0% of 2000
seeded rounds against random (95% interval 63.8% to 68.0%).

Run: ``python bench/expert.py``
"""

from __future__ import annotations

import argparse
import statistics
import time

from block_dominoes.lab import simulate


def timed(players: int, rounds: int, seed: int) -> tuple[float, float, float]:
    """(CPU rounds/s, wall rounds/s, expert's win share) of one seeded run."""
    names = ["expert"] + ["random"] * (players - 1)
    wall, cpu = time.perf_counter(), time.process_time()
    res = simulate("pagat", players, rounds, names, seed=seed)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return rounds / cpu, rounds / wall, res.win_share(1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=500, help="rounds per run (at least 500)")
    ap.add_argument("--repeat", type=int, default=3, help="timings per player count")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rounds = max(500, args.rounds)
    share = 0.0
    rate2 = 0.0
    for players in (4, 2):
        runs = [timed(players, rounds, args.seed) for _ in range(args.repeat)]
        cpu = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        assert len({r[2] for r in runs}) == 1, "a seeded run must give the same wins"
        print(
            f"{players} players: {cpu:.0f} rounds/s CPU, {wall:.0f} wall "
            f"(median of {len(runs)}), expert wins {runs[0][2]:.1%} of {rounds}"
        )
        if players == 2:
            rate2, share = cpu, runs[0][2]
    print(f"expert: {rate2:.0f} rounds/s (2 players), wins vs random {share:.1%}")


if __name__ == "__main__":
    main()
