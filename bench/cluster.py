"""``simulate`` on a Dask cluster: rounds per second with 2 workers over 1.

Two Dask clusters run side by side on this machine, one of 1 worker process and
one of 2 (one thread each, as ``dask worker --nworkers N --nthreads 1`` or
``--cluster local:N`` start them), for the whole run, so their start-up is not
timed: a lab user starts a cluster once and runs many experiments on it. The
same seeded run is timed on 1 worker, on 2 workers and, as the baseline, in one
local process without Dask (``--workers 1``), in turn, several times; every run
must give the same numbers (the whole ``--json`` output but the timings). Medians
are compared, for the fast path (``random`` on every seat) and for the expert
(``expert`` against ``random``, two players: a slow strategy, where handing a
batch over costs least beside playing it). The last line is
``cluster 2 workers: N.NNx`` for the expert's run.

Run: ``python bench/cluster.py`` (``pip install 'block-dominoes[cluster]'``;
about three minutes on a quiet two-core machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from distributed import LocalCluster

from block_dominoes.lab import simulate


@contextmanager
def cluster(workers: int) -> Iterator[str]:
    """A local Dask cluster of ``workers`` processes of one thread: its address."""
    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as c:
        yield str(c.scheduler_address)


def rates(
    where: dict[str, str | None], players: int, games: int, strategies: list[str], repeats: int
) -> dict[str, float]:
    """Median rounds/s of the same run in each place (``None``: one local process),
    taken in turn, the order rotated each repeat."""
    got: dict[str, list[float]] = {name: [] for name in where}
    names = list(where)
    for i in range(repeats):
        numbers = []
        for name in names[i % len(names) :] + names[: i % len(names)]:
            res = simulate("pagat", players, games, strategies, seed=2026, cluster=where[name])
            got[name].append(res.rounds.games / res.seconds)
            numbers.append(res.numbers())
        assert all(n == numbers[0] for n in numbers), "the place changed the numbers"
    return {name: statistics.median(v) for name, v in got.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000, help="rounds per fast-path timing")
    ap.add_argument("--expert-games", type=int, default=2_000, help="rounds per expert timing")
    ap.add_argument("--repeats", type=int, default=3, help="timings per place")
    a = ap.parse_args()
    print(f"cores visible: {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    with ExitStack() as stack:
        where: dict[str, str | None] = {
            "local process": None,
            "1 worker": stack.enter_context(cluster(1)),
            "2 workers": stack.enter_context(cluster(2)),
        }
        lines = []
        for label, players, games, strategies in (
            ("random, 4 players", 4, a.games, ["random"]),
            ("expert vs random, 2 players", 2, a.expert_games, ["expert", "random"]),
        ):
            r = rates(where, players, games, strategies, a.repeats)
            lines.append(r["2 workers"] / r["1 worker"])
            print(
                f"{label}, {games:,} rounds: "
                + ", ".join(f"{name} {v:,.0f} rounds/s" for name, v in r.items())
                + f"; 2 workers / 1: {r['2 workers'] / r['1 worker']:.2f}x, "
                f"1 worker / local process: {r['1 worker'] / r['local process']:.2f}x "
                f"(medians of {a.repeats}, same numbers everywhere)"
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"cluster 2 workers: {lines[-1]:.2f}x")


if __name__ == "__main__":
    main()
