"""The ``block-dominoes`` command line: parse, call one engine function, print.

Bad input exits with status 2 and one line on stderr naming the input and the
rule it breaks; nothing is printed on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .errors import BlockDominoesError, InvalidPositionError
from .game import play_match, play_round, round_json
from .hands import most_tiles, score_hands
from .line import Line, parse_placement
from .rules import find_rules, rules_names
from .strategies import STRATEGIES
from .tiles import parse_tiles, split_tiles

__all__ = ["main"]

# A command returns (text, json_data), or (text, json_data, status) for a verdict
# that is not a success but not bad input either (``check`` of a broken record: 1).
Handler = Callable[[argparse.Namespace], tuple[str, object] | tuple[str, object, int]]


class UsageError(Exception):
    """Bad command-line words (argparse's complaint), reported in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        default="pagat",
        metavar="NAME",
        help=f"ruleset preset (default pagat; one of {', '.join(rules_names())})",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


# -- commands -------------------------------------------------------------
def cmd_score(a: argparse.Namespace) -> tuple[str, object]:
    out = score_hands(find_rules(a.rules), a.hands)
    text = f"{out.explanation}\ntotals: {', '.join(map(str, out.totals))}"
    return text, out.to_json()


def cmd_line(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    line = Line()
    for i, text in enumerate(a.tiles, start=1):
        try:
            tile, end = parse_placement(text, max_pip=r.max_pip)
            line = line.place(tile, end)
        except BlockDominoesError as e:
            raise type(e)(f"tile {i} ({text!r}): {e}") from None
    if a.svg is not None:
        from .render import line_svg

        if not a.svg.strip():
            raise InvalidPositionError("--svg needs a file name to write the diagram to")
        try:
            Path(a.svg).write_text(line_svg(line), encoding="utf-8")
        except OSError as e:
            raise InvalidPositionError(f"--svg {a.svg!r}: cannot write it: {e.strerror}") from None
    return line.describe(), line.to_json()


def cmd_legal(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    line = Line.build(split_tiles(a.line), max_pip=r.max_pip)
    hand = parse_tiles(a.hand, max_pip=r.max_pip)
    if not hand:
        raise InvalidPositionError(
            "--hand is empty: a player with no tiles has gone out and the round is over (R13)"
        )
    most = max(most_tiles(r, n) for n in r.player_counts)
    if len(hand) > most:
        raise InvalidPositionError(
            f"--hand has {len(hand)} tiles, but under {r.name!r} a hand holds at most {most} (R3)"
        )
    if len(set(hand)) != len(hand):
        dup = next(t for t in hand if hand.count(t) > 1)
        raise InvalidPositionError(
            f"tile {str(dup)!r} is in the hand twice: each tile is unique (R2)"
        )
    both = [t for t in hand if t in line.tiles]
    if both:
        raise InvalidPositionError(
            f"tile {str(both[0])!r} is both in the hand and on the line: each tile is unique (R2)"
        )
    moves: list[dict[str, object]]
    if line.is_empty:
        moves = [{"tile": str(t), "end": None} for t in sorted(hand)]
    else:
        moves = [{"tile": str(t), "end": v} for t in sorted(hand) for v in line.fits(t)]
    must_pass = not moves
    if must_pass:
        ends = " and ".join(str(v) for v in line.end_values)
        text = f"must pass: no tile in the hand matches the open ends {ends} (R9)"
    else:
        text = "\n".join(
            f"{m['tile']} as the lead" if m["end"] is None else f"{m['tile']} on the {m['end']}"
            for m in moves
        )
    return text, {"must_pass": must_pass, "moves": moves}


def _strategy_arg(names: list[str] | None) -> list[str]:
    return names or ["random"]


def cmd_play(a: argparse.Namespace) -> tuple[str, object]:
    g = play_round(a.rules, a.players, a.seed, _strategy_arg(a.strategy))
    s = g.state
    lines = [
        f"rules {s.rules.name}, {s.players} players, deal {a.seed}; player {s.starter} starts",
        *(
            f"player {seat} holds {' '.join(map(str, h))}"
            for seat, h in enumerate(s.dealt, start=1)
        ),
    ]
    lines += [
        f"{i}. player {seat}: {why}"
        for i, ((seat, _), why) in enumerate(zip(s.history, g.reasons, strict=True), start=1)
    ]
    out = s.outcome()
    assert out is not None
    lines.append(out.explanation)
    return "\n".join(lines), round_json(s, a.seed)


def cmd_match(a: argparse.Namespace) -> tuple[str, object]:
    m, rounds = play_match(a.rules, a.players, a.seed, _strategy_arg(a.strategy))
    lines = [f"rules {m.rules.name}, {m.players} players, target {m.target}, deal {a.seed}"]
    for i, rec in enumerate(m.rounds, start=1):
        lines.append(
            f"round {i} (player {rec.starter} starts): {rec.outcome.explanation}; "
            f"scores {', '.join(map(str, rec.scores))}"
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
    _ = rounds
    return "\n".join(lines), data


def cmd_rules(a: argparse.Namespace) -> tuple[str, object]:
    find_rules(a.rules)  # an unknown --rules is an error here too
    presets = [find_rules(n) for n in rules_names()]
    text = "\n".join(f"{r.name}: {r.description} [source: {r.source}]" for r in presets)
    return text, [
        {"name": r.name, "description": r.description, "source": r.source} for r in presets
    ]


def cmd_strategies(a: argparse.Namespace) -> tuple[str, object]:
    find_rules(a.rules)
    text = "\n".join(f"{s.name}: {s.description}" for s in STRATEGIES.values())
    return text, [s.to_json() for s in STRATEGIES.values()]


def _seed(text: str) -> int:
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from 0 up, got {text!r}")
    return int(text)


def _players(text: str) -> int:
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, got {text!r} (R1)")
    return int(text)


# Modules that add their own sub-commands: each has ``register(subparsers, common)``.
EXTENSIONS: tuple[str, ...] = ("play_cli", "sheet_cli", "records_cli", "simulate_cli")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="block-dominoes", description="Check the rules of Block dominoes.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    s = sub.add_parser("score", help="score the end of a round from the remaining hands")
    s.add_argument("hands", nargs="+", metavar="HAND", help="tiles (1-4,0-0), a total (7) or -")
    _common(s)
    s.set_defaults(func=cmd_score)

    s = sub.add_parser("line", help="place tiles in order and show the line")
    s.add_argument("tiles", nargs="+", metavar="TILE", help="3-4, or 3-4@4 to pick the end")
    s.add_argument("--svg", metavar="FILE", help="also write the diagram as SVG")
    _common(s)
    s.set_defaults(func=cmd_line)

    s = sub.add_parser("legal", help="list the legal moves of a hand on a line")
    s.add_argument("--line", required=True, metavar="TILES", help="the line, in order of play")
    s.add_argument("--hand", required=True, metavar="TILES", help="the hand")
    _common(s)
    s.set_defaults(func=cmd_legal)

    for name, func, helptext in (
        ("play", cmd_play, "deal and play one round with computer players"),
        ("match", cmd_match, "play a whole match with computer players"),
    ):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("--players", type=_players, required=True, metavar="N")
        s.add_argument("--seed", type=_seed, default=0, metavar="S", help="deal number")
        s.add_argument(
            "--strategy",
            action="append",
            metavar="NAME",
            help="computer strategy (once for all seats, or once per seat)",
        )
        _common(s)
        s.set_defaults(func=func)

    s = sub.add_parser("rules", help="list the ruleset presets and their sources")
    _common(s)
    s.set_defaults(func=cmd_rules)

    s = sub.add_parser("strategies", help="list the computer strategies")
    _common(s)
    s.set_defaults(func=cmd_strategies)

    import importlib

    for mod in EXTENSIONS:
        importlib.import_module(f"block_dominoes.{mod}").register(sub, _common)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status: 0, 2 for bad input, or the
    status a command gives for its verdict (``check``: 1 for a broken rule)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        ns = build_parser().parse_args(args)
        text, data, *rest = ns.func(ns)
        if getattr(ns, "json", False):
            print(json.dumps(data, ensure_ascii=False))
        elif text:
            print(text)
        sys.stdout.flush()
    except UsageError as e:
        print(str(e), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("block-dominoes: interrupted", file=sys.stderr)
        return 130
    except (ValueError, OSError) as e:
        print(f"block-dominoes: error: {_one_line(e)}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: one line, not a traceback (BLOCK_DOMINOES_DEBUG=1 shows it)
        if os.environ.get("BLOCK_DOMINOES_DEBUG") == "1":
            raise
        print(
            f"block-dominoes: internal error ({type(e).__name__}: {_one_line(e)}); "
            "please report it with the command you ran",
            file=sys.stderr,
        )
        return 1
    return int(rest[0]) if rest else 0


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
