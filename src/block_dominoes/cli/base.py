"""What every sub-command module shares: the parser class, usage errors, common options.

A sub-command module has a ``register(sub)`` function that adds its commands to
the ``block-dominoes`` parser; :mod:`block_dominoes.cli` calls each one by name.
A command's handler returns ``(text, json_data)``, or ``(text, json_data, status)``
for a verdict that is not a success but not bad input either (``check``: 1).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from ..errors import BlockDominoesError
from ..inputs import whole
from ..rules import rules_names

__all__ = [
    "Handler",
    "Parser",
    "Subparsers",
    "UsageError",
    "add_command",
    "add_common",
    "add_json",
    "add_rules",
    "seed_arg",
    "whole_arg",
]

Handler = Callable[[argparse.Namespace], tuple[str, object] | tuple[str, object, int]]
#: argparse's sub-parsers action (its class is private, so it is typed loosely).
Subparsers = Any


class UsageError(Exception):
    """Bad command-line words (argparse's complaint), reported in one line."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors name the (sub-)command and are one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {' '.join(message.split())}")


def add_command(sub: Subparsers, name: str, handler: Handler, helptext: str) -> Parser:
    """Add sub-command ``name`` that runs ``handler``; its usage errors name it."""
    p: Parser = sub.add_parser(name, help=helptext)
    p.set_defaults(func=handler, prog=p.prog)
    return p


def add_rules(p: argparse.ArgumentParser, *, default: str | None = "pagat") -> None:
    p.add_argument(
        "--rules",
        default=default,
        metavar="NAME",
        help=f"ruleset preset (default pagat; one of {', '.join(rules_names())})",
    )


def add_json(p: argparse.ArgumentParser, helptext: str = "print JSON instead of text") -> None:
    p.add_argument("--json", action="store_true", help=helptext)


def add_common(p: argparse.ArgumentParser) -> None:
    """``--rules NAME`` and ``--json``, which every command takes."""
    add_rules(p)
    add_json(p)


def whole_arg(what: str, low: int, high: int | None = None, rule: str = "") -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` (to ``high``), read by
    :func:`block_dominoes.inputs.whole` (any script's decimal digits, at most
    30 of them, the bad text cut to a readable length)."""

    def parse(text: str) -> int:
        try:
            return whole(text, what, low=low, high=high, rule=rule)
        except BlockDominoesError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return parse


#: the seeds (deal numbers) ``play``, ``match`` and ``simulate`` take: one range for all
SEED_MAX = 2**63 - 1
SEED_HELP = "a whole number from 0 to 2**63-1"


def seed_arg(text: str) -> int:
    """The argparse ``type`` of every ``--seed``."""
    return whole_arg("the deal number (seed)", 0, SEED_MAX)(text)
