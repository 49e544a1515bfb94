"""Block dominoes: a pure-Python rules engine (standard library only).

The rules core is importable from here; each feature a user names is a subpackage:
:mod:`~block_dominoes.render` (pictures), :mod:`~block_dominoes.records` (records and
the referee), :mod:`~block_dominoes.sheet` (the score sheet),
:mod:`~block_dominoes.players` (strategies, expert, solver, seeded games) and
:mod:`~block_dominoes.lab` (simulations). Their most used names are here too
(``Sheet``, ``load_record``, ``check_record``, ``play_round``), loaded on first use so
that ``import block_dominoes`` stays light.

>>> from block_dominoes import Line
>>> Line.build(['1-4', '1-1']).end_values
(1, 4)
>>> from block_dominoes import play_round
>>> play_round('pagat', 2, seed=1).state.is_over
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from block_dominoes.errors import (
    AmbiguousMoveError,
    BlockDominoesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTileError,
    UnknownRulesError,
)
from block_dominoes.hands import score_hands
from block_dominoes.line import Line
from block_dominoes.match import Match
from block_dominoes.round import DrawTile, Pass, Play, RoundState, describe_move, parse_move
from block_dominoes.rules import PRESETS, Rules, find_rules
from block_dominoes.scoring import Outcome, OutcomeKind, score_totals
from block_dominoes.tiles import Tile, full_set, parse_tiles

if TYPE_CHECKING:
    from block_dominoes.players.games import play_round
    from block_dominoes.records.checker import check_record
    from block_dominoes.records.load import load_record
    from block_dominoes.sheet.model import Sheet

__version__ = "0.1.0"

#: the features' names offered here, each imported from its package on first use
_LAZY = {
    "Sheet": "block_dominoes.sheet",
    "check_record": "block_dominoes.records",
    "load_record": "block_dominoes.records",
    "play_round": "block_dominoes.players",
}

__all__ = [
    "PRESETS",
    "AmbiguousMoveError",
    "BlockDominoesError",
    "DrawTile",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "InvalidTileError",
    "Line",
    "Match",
    "Outcome",
    "OutcomeKind",
    "Pass",
    "Play",
    "RoundState",
    "Rules",
    "Sheet",
    "Tile",
    "UnknownRulesError",
    "check_record",
    "describe_move",
    "find_rules",
    "full_set",
    "load_record",
    "parse_move",
    "parse_tiles",
    "play_round",
    "score_hands",
    "score_totals",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
