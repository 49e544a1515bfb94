"""The ``simulate`` sub-command: many seeded rounds or matches, counted.

Registered by :mod:`block_dominoes.cli`::

    block-dominoes simulate --players 3 --games 100000 [--rules NAME]
        [--strategy NAME ...] [--seed S] [--workers W | --cluster ADDRESS]
        [--matches] [--json]

``--cluster`` runs the blocks on a Dask cluster (a running scheduler's
``tcp://HOST:PORT``, or ``local:N`` for N local worker processes; see
:mod:`block_dominoes.lab.cluster`) with the same numbers as a local run; the
progress bar then advances as each batch of blocks comes back.

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

from block_dominoes.cli.base import (
    SEED_HELP,
    Subparsers,
    add_command,
    add_common,
    cluster_arg,
    seed_arg,
    whole_arg,
)
from block_dominoes.i18n import N_, _, ngettext, number, percent, pgettext
from block_dominoes.lab.simulation import (
    BLOCK,
    MAX_GAMES,
    SimulationResult,
    mean_interval,
    simulate,
    wilson,
)

__all__ = ["cmd_simulate", "register"]


def _pct(x: float) -> str:
    return percent(x, 1)


def _ci(lo_hi: tuple[float, float]) -> str:
    return _("95% CI {low}-{high}%").format(
        low=number(100 * lo_hi[0], 1), high=number(100 * lo_hi[1], 1)
    )


#: the place in the turn order of seats 2-4 from the starter (index: places after it)
_ORDER = (
    N_("2nd to play"),
    N_("3rd to play"),
    N_("4th to play"),
)


def _list(items: list[str]) -> str:
    return pgettext("list of shares", ", ").join(items)


def describe(res: SimulationResult) -> str:
    """The run in a few lines of text (the JSON has every number)."""
    d = res.to_json()
    names = list(dict.fromkeys(res.strategies))
    who = names[0] if len(names) == 1 else pgettext("list of names", ", ").join(res.strategies)
    head = (
        ngettext(
            "{rules}, {players} players, {games} match (seed {seed}), strategy {who}",
            "{rules}, {players} players, {games} matches (seed {seed}), strategy {who}",
            res.games,
        )
        if res.matches
        else ngettext(
            "{rules}, {players} players, {games} round (seed {seed}), strategy {who}",
            "{rules}, {players} players, {games} rounds (seed {seed}), strategy {who}",
            res.games,
        )
    )
    lines = [
        head.format(
            rules=res.rules.name,
            players=res.players,
            games=number(res.games, group=True),
            seed=res.seed,
            who=who,
        )
    ]
    if res.matches:
        lines.append(_("rounds played: {n}").format(n=number(res.rounds.games, group=True)))
    lines.append(
        _("blocked: {share} of rounds ({ci})").format(
            share=_pct(res.blocked_share), ci=_ci(wilson(res.rounds.blocked, res.rounds.games))
        )
    )
    wins = res.wins_by_seat
    shares = _list([f"{s} {_pct(w / res.games)}" for s, w in enumerate(wins, start=1)])
    if res.matches:
        lines.append(
            _("matches won by seat: {shares}; drawn {drawn}").format(
                shares=shares, drawn=_pct(res.counts.match_draws / res.games)
            )
        )
    else:
        lines.append(
            _("rounds won by seat: {shares}; tied blocks {tied}").format(
                shares=shares, tied=_pct((res.games - sum(wins)) / res.games)
            )
        )
    by_pos = d["wins_by_position"]
    assert isinstance(by_pos, list)
    order = [_("the starter")] + [_(_ORDER[k - 2]) for k in range(2, res.players + 1)]
    shares = _list([f"{o} {_pct(w / res.games)}" for o, w in zip(order, by_pos, strict=True)])
    if res.matches:
        lines.append(_("matches won by turn order: {shares}").format(shares=shares))
    else:
        lines.append(_("rounds won by turn order: {shares}").format(shares=shares))
    t = res.rounds
    lo, hi = mean_interval(t.points, t.points_sq, t.games)
    lo = max(0.0, lo)  # points are never negative: the interval is clipped at 0
    # One round has no spread to estimate: no zero-width interval.
    if t.games > 1:
        ci = _("95% CI {low}-{high}").format(low=number(lo, 2), high=number(hi, 2))
    else:
        ci = _("95% CI n/a: one round")
    lines.append(
        _("mean points per round: {mean} ({ci}; a tied block scores 0)").format(
            mean=number(res.mean_points, 2), ci=ci
        )
    )
    pips = d["mean_pips_left_by_seat"]
    assert isinstance(pips, list)
    lines.append(
        _("mean pips left in hand at the end, by seat: {values}").format(
            values=_list([number(p, 2) for p in pips])
        )
    )
    rate = d["rounds_per_second"]
    speed = (
        _(", {rate} rounds/s").format(rate=number(rate, group=True))
        if isinstance(rate, int)
        else ""
    )
    # English: "1 worker", "2 workers" (ngettext's English rule).
    lines.append(
        ngettext(
            "{seconds} s with {n} worker{speed}", "{seconds} s with {n} workers{speed}", res.workers
        ).format(seconds=number(res.seconds, 2), n=res.workers, speed=speed)
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
            cluster=a.cluster,
        )
    return describe(res), res.to_json()


def register(sub: Subparsers) -> None:
    """Add ``simulate``."""
    s = add_command(
        sub,
        "simulate",
        cmd_simulate,
        _("play many seeded rounds (or matches) and count blocks, wins, points"),
    )
    s.add_argument("--players", type=whole_arg("players", 2, 4, "R1"), required=True, metavar="N")
    s.add_argument(
        "--games",
        type=whole_arg("the number of games", 1, MAX_GAMES),
        required=True,
        metavar="G",
        help=_("rounds to play (matches with --matches)"),
    )
    s.add_argument(
        "--strategy",
        action="append",
        metavar="NAME",
        help=_("computer strategy (once for all seats, or once per seat; default random)"),
    )
    s.add_argument(
        "--seed",
        type=seed_arg,
        default=0,
        metavar="S",
        help=_("{seeds}; default 0").format(seeds=_(SEED_HELP)),
    )
    where = s.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=whole_arg("the number of workers", 1, 64),
        default=1,
        metavar="W",
        help=_("processes to share the work (the numbers do not change; default 1)"),
    )
    where.add_argument(
        "--cluster",
        type=cluster_arg,
        default=None,
        metavar="ADDRESS",
        help=_(
            "run on a Dask cluster: a running scheduler's tcp://HOST:PORT, or local:N "
            "for N local worker processes (the numbers do not change)"
        ),
    )
    s.add_argument(
        "--matches", action="store_true", help=_("play whole matches to the target (R20)")
    )
    add_common(s)
