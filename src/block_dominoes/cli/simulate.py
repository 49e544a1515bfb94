"""The ``simulate`` sub-command: many seeded rounds or matches, counted.

Registered by :mod:`block_dominoes.cli`::

    block-dominoes simulate --players 3 --games 100000 [--rules NAME]
        [--strategy NAME ...] [--seed S] [--workers W] [--matches] [--json]

A progress bar (tqdm) goes to stderr only when stderr is a terminal, ``--json``
is not given and the run lasts more than half a second. Ctrl-C stops the run
and its workers with one line and exit status 130. The intervals printed for the
mean points (text and JSON) are clipped at 0 (points are never negative; the normal
approximation's lower end can fall below 0 when most rounds score 0).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..simulate import BLOCK, MAX_GAMES, SimulationResult, mean_interval, simulate, wilson
from .base import SEED_HELP, Subparsers, add_command, add_common, seed_arg, whole_arg

__all__ = ["cmd_simulate", "register"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo_hi: tuple[float, float]) -> str:
    return f"95% CI {100 * lo_hi[0]:.1f}-{100 * lo_hi[1]:.1f}%"


def describe(res: SimulationResult) -> str:
    """The run in a few lines of text (the JSON has every number)."""
    d = res.to_json()
    unit = "matches" if res.matches else "rounds"
    if res.games == 1:
        unit = "match" if res.matches else "round"
    names = list(dict.fromkeys(res.strategies))
    who = names[0] if len(names) == 1 else ", ".join(res.strategies)
    lines = [
        f"{res.rules.name}, {res.players} players, {res.games:,} {unit} (seed {res.seed}), "
        f"strategy {who}"
    ]
    if res.matches:
        lines.append(f"rounds played: {res.rounds.games:,}")
    lines.append(
        f"blocked: {_pct(res.blocked_share)} of rounds ({_ci(wilson(res.rounds.blocked, res.rounds.games))})"
    )
    wins = res.wins_by_seat
    won = "matches won" if res.matches else "rounds won"
    lines.append(
        f"{won} by seat: "
        + ", ".join(f"{s} {_pct(w / res.games)}" for s, w in enumerate(wins, start=1))
        + (
            f"; drawn {_pct(res.counts.match_draws / res.games)}"
            if res.matches
            else f"; tied blocks {_pct((res.games - sum(wins)) / res.games)}"
        )
    )
    by_pos = d["wins_by_position"]
    assert isinstance(by_pos, list)
    order = ["the starter"] + [
        f"{k}{'nd' if k == 2 else 'rd' if k == 3 else 'th'} to play"
        for k in range(2, res.players + 1)
    ]
    lines.append(
        f"{won} by turn order: "
        + ", ".join(f"{o} {_pct(w / res.games)}" for o, w in zip(order, by_pos, strict=True))
    )
    t = res.rounds
    lo, hi = mean_interval(t.points, t.points_sq, t.games)
    lo = max(0.0, lo)  # points are never negative: the interval is clipped at 0
    # One round has no spread to estimate: no zero-width interval.
    ci = f"95% CI {lo:.2f}-{hi:.2f}" if t.games > 1 else "95% CI n/a: one round"
    lines.append(f"mean points per round: {res.mean_points:.2f} ({ci}; a tied block scores 0)")
    pips = d["mean_pips_left_by_seat"]
    assert isinstance(pips, list)
    lines.append(
        "mean pips left in hand at the end, by seat: " + ", ".join(f"{p:.2f}" for p in pips)
    )
    rate = d["rounds_per_second"]
    speed = f", {rate:,} rounds/s" if isinstance(rate, int) else ""
    lines.append(
        f"{res.seconds:.2f} s with {res.workers} worker{'s' if res.workers > 1 else ''}{speed}"
    )
    return "\n".join(lines)


@contextmanager
def _bar(total: int, unit: str, show: bool) -> Iterator[Callable[[int], None] | None]:
    if not show:
        yield None
        return
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - tqdm is in requirements.txt
        yield None
        return
    bar = tqdm(total=total, unit=unit, file=sys.stderr, delay=0.5, leave=False)
    seen = 0

    def update(done: int) -> None:
        nonlocal seen
        bar.update(done - seen)
        seen = done

    try:
        yield update
    finally:
        bar.close()


def cmd_simulate(a: argparse.Namespace) -> tuple[str, object]:
    show = not a.json and sys.stderr.isatty() and a.games > BLOCK
    with _bar(a.games, "match" if a.matches else "round", show) as progress:
        res = simulate(
            a.rules,
            a.players,
            a.games,
            a.strategy or ["random"],
            seed=a.seed,
            workers=a.workers,
            matches=a.matches,
            progress=progress,
        )
    return describe(res), res.to_json()


def register(sub: Subparsers) -> None:
    """Add ``simulate``."""
    s = add_command(
        sub,
        "simulate",
        cmd_simulate,
        "play many seeded rounds (or matches) and count blocks, wins, points",
    )
    s.add_argument("--players", type=whole_arg("players", 2, 4, "R1"), required=True, metavar="N")
    s.add_argument(
        "--games",
        type=whole_arg("the number of games", 1, MAX_GAMES),
        required=True,
        metavar="G",
        help="rounds to play (matches with --matches)",
    )
    s.add_argument(
        "--strategy",
        action="append",
        metavar="NAME",
        help="computer strategy (once for all seats, or once per seat; default random)",
    )
    s.add_argument("--seed", type=seed_arg, default=0, metavar="S", help=f"{SEED_HELP}; default 0")
    s.add_argument(
        "--workers",
        type=whole_arg("the number of workers", 1, 64),
        default=1,
        metavar="W",
        help="processes to share the work (the numbers do not change; default 1)",
    )
    s.add_argument("--matches", action="store_true", help="play whole matches to the target (R20)")
    add_common(s)
