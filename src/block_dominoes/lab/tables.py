"""Stored results of the expert against the other computer players, and their re-check.

The expert is too slow to play thousands of rounds while a chapter runs, so
:data:`DATA` (``expert_lab.json``, next to this module) keeps seeded runs of
:func:`~block_dominoes.lab.simulation.simulate`: two-player ``pagat`` rounds, the
expert in seat 1 against ``random``, ``heavy`` and ``blocker`` in seat 2, each
with the expert's wins, losses and tied blocks, a Wilson 95% interval for its
share of wins and a 95% interval for its net points per round.
:func:`recheck` replays the first rounds of each stored run with today's engine
and compares them with the stored counts of those rounds, so a reader (and
nbval) can see the table comes from this engine. Regenerate the file with
``python -m block_dominoes.lab.tables [GAMES] [--cluster ADDRESS]`` (on a Dask
cluster, see :mod:`block_dominoes.lab.cluster`: the same numbers).

>>> [row.opponent for row in lab_results()]
['random', 'heavy', 'blocker']
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from block_dominoes.errors import BlockDominoesError
from block_dominoes.i18n import _, iso, number, percent, pgettext
from block_dominoes.inputs import whole
from block_dominoes.lab.cluster import parse_address
from block_dominoes.lab.simulation import MAX_GAMES, simulate

__all__ = [
    "DATA",
    "OPENSPIEL",
    "OPPONENTS",
    "LabRow",
    "lab_results",
    "openspiel_results",
    "recheck",
]

DATA = Path(__file__).with_name("expert_lab.json")
OPENSPIEL = Path(__file__).with_name("openspiel_lab.json")
"""The expert against OpenSpiel's MCTS, as ``bench/openspiel.py --out`` wrote it
(OpenSpiel is not needed to read it)."""
OPPONENTS = ("random", "heavy", "blocker")
RULES, PLAYERS, SEED, GAMES, HEAD = "pagat", 2, 2026, 2000, 40


@dataclass(frozen=True, slots=True)
class LabRow:
    """The expert (seat 1) against one opponent (seat 2) over ``games`` seeded rounds."""

    opponent: str
    games: int
    wins: int
    losses: int
    ties: int
    win_ci: tuple[float, float]
    net_points: tuple[float, float, float]
    """expert's points minus the opponent's, per round: (mean, low, high), 95%"""
    head: tuple[int, int]
    """(expert's wins, opponent's wins) in the first :data:`HEAD` rounds of the run"""

    @property
    def win_share(self) -> float:
        return self.wins / self.games

    def __str__(self) -> str:
        low, high = self.win_ci
        mean, lo, hi = self.net_points
        return _(
            "expert vs {opponent} wins {share} (95% CI {low} to {high}), "
            "{mean} points a round ({lo} to {hi})"
        ).format(
            opponent=f"{self.opponent:8s}",
            share=percent(self.win_share, 1).rjust(6),
            low=percent(low, 1),
            high=percent(high, 1),
            mean=iso(number(mean, 1, sign=True)),
            lo=iso(number(lo, 1, sign=True)),
            hi=iso(number(hi, 1, sign=True)),
        )


def _run(opponent: str, games: int, cluster: str | None = None) -> LabRow:
    res = simulate(RULES, PLAYERS, games, ["expert", opponent], seed=SEED, cluster=cluster)
    wins, losses = res.wins_by_seat
    low, high = res.win_interval(1)
    head = simulate(RULES, PLAYERS, HEAD, ["expert", opponent], seed=SEED).wins_by_seat
    return LabRow(
        opponent,
        games,
        wins,
        losses,
        games - wins - losses,
        (round(low, 4), round(high, 4)),
        tuple(round(x, 3) for x in res.net_points(1, 2)),  # type: ignore[arg-type]
        (head[0], head[1]),
    )


def lab_results() -> list[LabRow]:
    """The stored rows, in the order of :data:`OPPONENTS`."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return [
        LabRow(
            r["opponent"],
            r["games"],
            r["wins"],
            r["losses"],
            r["ties"],
            (r["win_ci"][0], r["win_ci"][1]),
            (r["net_points"][0], r["net_points"][1], r["net_points"][2]),
            (r["head"][0], r["head"][1]),
        )
        for r in data["rows"]
    ]


def openspiel_results() -> dict[str, Any]:
    """The stored table of ``bench/openspiel.py``: its settings (game, seed, MCTS's
    UCT constant and rollouts) and ``rows``, one per setting, with the rounds, the
    expert's wins, MCTS's wins, tied blocks, the expert's Wilson 95% interval and
    net points a round."""
    data: dict[str, Any] = json.loads(OPENSPIEL.read_text(encoding="utf-8"))
    return data


def recheck(opponents: tuple[str, ...] = OPPONENTS) -> str:
    """Replay the first :data:`HEAD` rounds of each stored run and compare them with
    the stored counts; returns a line saying they match, or raises AssertionError
    naming the first difference (the stored file is then out of date)."""
    rows = {r.opponent: r for r in lab_results()}
    for name in opponents:
        got = simulate(RULES, PLAYERS, HEAD, ["expert", name], seed=SEED).wins_by_seat
        if tuple(got) != rows[name].head:
            raise AssertionError(
                _(
                    "the stored expert results are out of date: against {name} the first "
                    "{n} rounds now give wins {got}, the file says {stored}; run {command}"
                ).format(
                    name=repr(name),
                    n=HEAD,
                    got=tuple(got),
                    stored=rows[name].head,
                    command="python -m block_dominoes.lab.tables",
                )
            )
    return _("re-checked: the first {n} rounds against {names} replay exactly as stored").format(
        n=HEAD, names=pgettext("list of names", ", ").join(opponents)
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Play the stored runs again (``[GAMES] [--cluster ADDRESS]``) and write :data:`DATA`.

    Raises ClusterError / MissingDependencyError for a cluster that cannot be used;
    bad arguments end the program with argparse's one-line usage error."""
    ap = argparse.ArgumentParser(
        prog="python -m block_dominoes.lab.tables", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument(
        "games", nargs="?", type=_games, default=GAMES, help=f"rounds per run (default {GAMES})"
    )
    ap.add_argument(
        "--cluster",
        type=_cluster,
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster: tcp://HOST:PORT or local:N",
    )
    a = ap.parse_args(argv)
    games: int = a.games
    rows = [_run(name, games, a.cluster) for name in OPPONENTS]
    data = {
        "rules": RULES,
        "players": PLAYERS,
        "seed": SEED,
        "head": HEAD,
        "rows": [
            {
                "opponent": r.opponent,
                "games": r.games,
                "wins": r.wins,
                "losses": r.losses,
                "ties": r.ties,
                "win_ci": list(r.win_ci),
                "net_points": list(r.net_points),
                "head": list(r.head),
            }
            for r in rows
        ],
    }
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for r in rows:
        print(r)


def _games(text: str) -> int:
    try:
        return whole(text, "the number of games", low=1, high=MAX_GAMES)
    except BlockDominoesError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _cluster(text: str) -> str:
    try:
        parse_address(text)
    except BlockDominoesError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text.strip()


if __name__ == "__main__":
    try:
        main()
    except BlockDominoesError as e:
        sys.exit(f"expert_lab: error: {e}")
    except KeyboardInterrupt:
        sys.exit("expert_lab: interrupted")
