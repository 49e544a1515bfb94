"""Sub-commands that play: ``play`` (also ``--interactive``), ``match`` and ``solve``.

``play`` and ``match`` deal seeded games for computer players (``--players``
defaults to 2, ``--seed`` to deal 0); ``play --interactive`` hands the terminal
to :func:`block_dominoes.cli.tui.run` and, without ``--seed``, deals a random deal
whose number it prints so the game can be replayed. ``solve HAND HAND`` prints
the value of a two-player deal under perfect play (seat 1 leads).
"""

from __future__ import annotations

import argparse

from block_dominoes.cli.base import (
    SEED_HELP,
    Subparsers,
    UsageError,
    add_command,
    add_common,
    seed_arg,
    whole_arg,
)
from block_dominoes.errors import BlockDominoesError, InvalidPositionError, quoted
from block_dominoes.i18n import N_, _, iso, ngettext, pgettext
from block_dominoes.players.games import play_match, play_round
from block_dominoes.players.solver import solve
from block_dominoes.records.codec import round_json
from block_dominoes.rules import find_rules
from block_dominoes.tiles import parse_tiles

__all__ = ["cmd_match", "cmd_play", "cmd_solve", "register"]

DEFAULT_PLAYERS = 2
#: base.SEED_HELP, marked here for the catalog (it is translated where a help text shows it)
_SEED_HELP = N_("a whole number from 0 to 2**63-1")


def _strategy_arg(names: list[str] | None) -> list[str]:
    return names or ["random"]


#: ``--players`` of play and match: the digit policy and range of simulate and sheet new
_players = whole_arg(N_("players"), 2, 4, "R1")


_seed = seed_arg


def cmd_play(a: argparse.Namespace) -> tuple[str, object]:
    if a.interactive:
        if a.json:
            raise UsageError(
                _(
                    "block-dominoes play: --interactive and --json cannot be combined: the "
                    "interactive round is played as text; replay it afterwards with "
                    "{command} for its record"
                ).format(command="'play --seed S --json'")
            )
        from block_dominoes.cli.tui import run as tui_run

        return tui_run(a)
    seed = 0 if a.seed is None else a.seed
    g = play_round(a.rules, a.players, seed, _strategy_arg(a.strategy))
    s = g.state
    lines = [
        ngettext(
            "rules {rules}, {n} player, deal {seed}; player {seat} starts",
            "rules {rules}, {n} players, deal {seed}; player {seat} starts",
            s.players,
        ).format(rules=s.rules.name, n=s.players, seed=seed, seat=s.starter),
        *(
            _("player {seat} holds {tiles}").format(seat=seat, tiles=iso(" ".join(map(str, h))))
            for seat, h in enumerate(s.dealt, start=1)
        ),
    ]
    lines += [
        _("{i}. player {seat}: {why}").format(i=i, seat=seat, why=why)
        for i, ((seat, _m), why) in enumerate(zip(s.history, g.reasons, strict=True), start=1)
    ]
    out = s.outcome()
    assert out is not None
    lines.append(out.explanation)
    return "\n".join(lines), round_json(s, seed)


def cmd_match(a: argparse.Namespace) -> tuple[str, object]:
    m, _rounds = play_match(a.rules, a.players, a.seed, _strategy_arg(a.strategy))
    lines = [
        ngettext(
            "rules {rules}, {n} player, target {target}, deal {seed}",
            "rules {rules}, {n} players, target {target}, deal {seed}",
            m.players,
        ).format(rules=m.rules.name, n=m.players, target=m.target, seed=a.seed)
    ]
    for i, rec in enumerate(m.rounds, start=1):
        lines.append(
            _("round {i} (player {seat} starts): {explanation}; scores {scores}").format(
                i=i,
                seat=rec.starter,
                explanation=rec.outcome.explanation,
                scores=pgettext("list of scores", ", ").join(map(str, rec.scores)),
            )
        )
    lines.append(m.describe_result())
    data = {
        "rules": m.rules.name,
        "seed": a.seed,
        "players": m.players,
        "target": m.target,
        "rounds": [
            {"starter": r.starter, "outcome": r.outcome.to_json(), "scores": list(r.scores)}
            for r in m.rounds
        ],
        "result": m.result.to_json() if m.result else None,
    }
    return "\n".join(lines), data


def cmd_solve(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    hands = []
    for i, text in enumerate(a.hands, start=1):
        if text.strip() in ("", "-"):
            raise InvalidPositionError(
                _("hand {i} ({text}) is empty: the solver starts from a fresh deal (R3)").format(
                    i=i, text=quoted(text)
                ),
                rule="R3",
            )
        try:
            hands.append(parse_tiles(text, max_pip=r.max_pip))
        except BlockDominoesError as e:
            raise e.restated(_("hand {i}: {message}").format(i=i, message=e)) from None
    s = solve(*hands, rules=r)
    best = pgettext("list of tiles", ", ").join(iso(t) for t in s.best)
    # English says "points" for every count (one msgid for both forms keeps it so).
    if s.value > 0:
        verdict = ngettext(
            "player 1 wins by {n} point", "player 1 wins by {n} points", s.value
        ).format(n=s.value)
    elif s.value < 0:
        verdict = ngettext(
            "player 2 wins by {n} point", "player 2 wins by {n} points", -s.value
        ).format(n=-s.value)
    else:
        verdict = _("neither player gains: the value is 0")
    text = ngettext(
        "value {value}: with perfect play {verdict}; best lead: {best}",
        "value {value}: with perfect play {verdict}; best leads: {best}",
        len(s.best),
    ).format(value=iso(s.value), verdict=verdict, best=best)
    return text, s.to_json()


def _game_options(s: argparse.ArgumentParser, seed_help: str) -> None:
    s.add_argument(
        "--players",
        type=_players,
        default=DEFAULT_PLAYERS,
        metavar="N",
        help=_("2, 3 or 4 (default {n}; R1)").format(n=DEFAULT_PLAYERS),
    )
    s.add_argument("--seed", type=_seed, metavar="S", help=seed_help)
    s.add_argument(
        "--strategy",
        action="append",
        metavar="NAME",
        help=_("computer strategy (once for all seats, or once per seat)"),
    )
    add_common(s)


def register(sub: Subparsers) -> None:
    """Add ``play`` and ``match``."""
    s = add_command(sub, "play", cmd_play, _("deal and play one round with computer players"))
    _game_options(
        s,
        _("deal number, {seeds} (default 0; with --interactive a random deal, printed)").format(
            seeds=_(SEED_HELP)
        ),
    )
    s.add_argument(
        "--interactive",
        action="store_true",
        help=_("play a round yourself in the terminal (seat 1) against computer players"),
    )
    s = add_command(sub, "match", cmd_match, _("play a whole match with computer players"))
    _game_options(s, _("deal number, {seeds} (default 0)").format(seeds=_(SEED_HELP)))
    s.set_defaults(seed=0)


def register_solve(sub: Subparsers) -> None:
    """Add ``solve``."""
    s = add_command(sub, "solve", cmd_solve, _("solve a two-player deal with both hands known"))
    s.add_argument("hands", nargs="+", metavar="HAND", help=_("tiles, e.g. 1-4,0-0 (seat 1 leads)"))
    add_common(s)
