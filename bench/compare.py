"""This checkout's engine against an earlier commit's, on the workloads of ``engine.py``
and ``expert.py`` plus the strategies and whole matches.

Two measures, both taken in one run:

- CPU time: each workload runs in a fresh process, the two versions alternately,
  ``--repeats`` times; the medians and their ratio are printed. On a shared machine
  the spread is wide (timings of identical code differed by 15% at a load of 20 on
  2 cores), so a ratio within that spread means "no measurable change".
- Bytecodes executed: the same workloads, smaller, counted with ``sys.settrace``
  opcode events. The count does not depend on the load, so it shows a change of a
  fraction of a percent; it weighs every bytecode alike (a C call counts as one).

Run: ``python bench/compare.py --base HEAD~3`` (the earlier commit's ``src`` is taken
with ``git archive`` into a temporary folder; nothing in the checkout changes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = (
    "engine-4x7",
    "engine-pagat-2",
    "engine-pagat-3",
    "engine-pagat-4",
    "expert-2",
    "expert-4",
    "strategies-3",
    "matches-random-3",
)
# (rounds timed, rounds counted) per workload
SIZES = {
    "engine": (10000, 300),
    "expert-2": (120, 4),
    "expert-4": (60, 3),
    "strategies-3": (600, 20),
    "matches-random-3": (3000, 40),
}


def _size(work: str, counted: bool) -> int:
    key = "engine" if work.startswith("engine") else work
    return SIZES[key][1 if counted else 0]


def workload(work: str, n: int) -> None:
    """Run one workload of ``n`` rounds (or matches) on the engine that is imported."""
    sys.path.insert(0, str(ROOT / "bench"))
    import engine  # bench/engine.py

    from block_dominoes.lab import simulate

    if work == "engine-4x7":
        engine.ours(n, 0)
    elif work.startswith("engine-pagat-"):
        engine._pagat(int(work[-1]))(n, 0)
    elif work.startswith("expert-"):
        players = int(work[-1])
        simulate("pagat", players, n, ["expert"] + ["random"] * (players - 1), seed=1)
    elif work == "strategies-3":
        simulate("pagat", 3, n, ["keep-numbers", "blocker", "close-when-light"], seed=1)
    else:
        simulate("app", 3, n, ["random"] * 3, seed=1, matches=True)


def child(work: str, mode: str) -> None:
    """In a fresh process: print CPU rounds/s, or bytecodes executed."""
    n = _size(work, mode == "ops")
    workload(work, max(1, n // 10))  # imports and lookup tables outside the measure
    if mode == "time":
        c = time.process_time()
        workload(work, n)
        print(n / (time.process_time() - c))
        return
    count = 0

    def local(frame: object, event: str, arg: object) -> object:
        nonlocal count
        if event == "opcode":
            count += 1
        return local

    def tracer(frame: object, event: str, arg: object) -> object:
        frame.f_trace_opcodes = True  # type: ignore[attr-defined]
        frame.f_trace_lines = False  # type: ignore[attr-defined]
        return local

    sys.settrace(tracer)  # type: ignore[arg-type]
    workload(work, n)
    sys.settrace(None)
    print(count)


def measure(src: Path, work: str, mode: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", work, mode],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="HEAD~1", help="the earlier commit (default HEAD~1)")
    ap.add_argument("--repeats", type=int, default=5, help="alternating timings per version")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child(*a.child)
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", a.base, "src"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        srcs = {"base": Path(tmp) / "src", "this": ROOT / "src"}
        times: dict[tuple[str, str], list[float]] = {(v, w): [] for v in srcs for w in WORK}
        for i in range(a.repeats):
            order = ("base", "this") if i % 2 == 0 else ("this", "base")
            for w in WORK:
                for v in order:
                    times[(v, w)].append(measure(srcs[v], w, "time"))
        ops = {(v, w): measure(srcs[v], w, "ops") for v in srcs for w in WORK}
    print(
        f"{'workload':18} {'base/s':>9} {'this/s':>9} {'ratio':>6}  {'base ops':>10} "
        f"{'this ops':>10} {'ratio':>7}"
    )
    for w in WORK:
        b, t = (statistics.median(times[(v, w)]) for v in ("base", "this"))
        ob, ot = ops[("base", w)], ops[("this", w)]
        print(f"{w:18} {b:9.1f} {t:9.1f} {t / b:6.3f}  {ob:10.0f} {ot:10.0f} {ot / ob:7.4f}")
    print(
        f"CPU rounds/s: medians of {a.repeats}, timed alternately against {a.base}; "
        f"ops: bytecodes executed (lower is faster); load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
