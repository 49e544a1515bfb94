"""Solver speed: median milliseconds per random two-player 7+7 deal.

Deals come from the engine's seeded deal (``deal('pagat', 2, seed)``) for
seeds 0..N-1; each is solved from a fresh memo. The last line is
``solver median: N.N ms`` (goal: under 10 ms).

Run: ``python bench/solver.py [--deals 200]``
"""

from __future__ import annotations

import argparse
import statistics
import time

from block_dominoes.deal import deal
from block_dominoes.players import solve


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=200)
    a = p.parse_args()
    times = []
    positions = []
    for seed in range(a.deals):
        hands = deal("pagat", 2, seed).hands
        t = time.perf_counter()
        s = solve(*hands)
        times.append((time.perf_counter() - t) * 1000)
        positions.append(s.positions)
    times.sort()
    print(f"deals: {a.deals}")
    print(f"positions per deal: median {statistics.median(positions):.0f}, max {max(positions)}")
    print(
        f"time per deal: max {times[-1]:.1f} ms, 90th percentile {times[int(0.9 * len(times))]:.1f} ms"
    )
    print(f"solver median: {statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
