"""Sub-commands for playing and solving: ``solve`` and ``play --interactive``.

Registered through ``cli.EXTENSIONS``. ``solve HAND HAND`` prints the value of
a two-player deal under perfect play (seat 1 leads) and the best leads;
``play --interactive`` hands the terminal to :func:`block_dominoes.tui.run`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .errors import InvalidPositionError
from .rules import find_rules
from .solver import solve
from .tiles import parse_tiles

__all__ = ["cmd_solve", "register"]


def cmd_solve(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    hands = []
    for i, text in enumerate(a.hands, start=1):
        if text.strip() in ("", "-"):
            raise InvalidPositionError(
                f"hand {i} ({text!r}) is empty: the solver starts from a fresh deal (R3)"
            )
        hands.append(parse_tiles(text, max_pip=r.max_pip))
    s = solve(*hands, rules=r)
    best = ", ".join(str(t) for t in s.best)
    if s.value > 0:
        verdict = f"player 1 wins by {s.value} points"
    elif s.value < 0:
        verdict = f"player 2 wins by {-s.value} points"
    else:
        verdict = "neither player gains: the value is 0"
    text = f"value {s.value}: with perfect play {verdict}; best lead{'s' if len(s.best) > 1 else ''}: {best}"
    return text, s.to_json()


def _play_or_interactive(
    default: Callable[[argparse.Namespace], tuple[str, object]],
) -> Callable[[argparse.Namespace], tuple[str, object]]:
    def run(a: argparse.Namespace) -> tuple[str, object]:
        if getattr(a, "interactive", False):
            from .tui import run as tui_run

            return tui_run(a)
        if a.players is None:
            from .cli import UsageError

            raise UsageError("block-dominoes play: the following arguments are required: --players")
        return default(a)

    return run


def register(subparsers: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``solve`` and the ``--interactive`` flag of ``play``."""
    s = subparsers.add_parser("solve", help="solve a two-player deal with both hands known")
    s.add_argument("hands", nargs="+", metavar="HAND", help="tiles, e.g. 1-4,0-0 (seat 1 leads)")
    common(s)
    s.set_defaults(func=cmd_solve)

    play = subparsers.choices.get("play")
    if play is None:
        return
    play.add_argument(
        "--interactive",
        action="store_true",
        help="play a round yourself in the terminal (seat 1) against computer players",
    )
    for action in play._actions:
        if action.dest == "players":
            # Interactive play defaults to 2 players; plain play still requires it.
            action.required = False
            action.default = None
    play.set_defaults(func=_play_or_interactive(play.get_default("func")))
