"""Block dominoes: a pure-Python rules engine (standard library only).

>>> from block_dominoes import Line
>>> Line.build(['1-4', '1-1']).end_values
(1, 4)
"""

from __future__ import annotations

from .errors import (
    AmbiguousMoveError,
    BlockDominoesError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidTileError,
    UnknownRulesError,
)
from .hands import score_hands
from .line import Line
from .match import Match
from .round import Draw, Pass, Play, RoundState, describe_move
from .rules import PRESETS, Rules, find_rules
from .scoring import Outcome, OutcomeKind, score_round
from .tiles import Tile, full_set, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "AmbiguousMoveError",
    "BlockDominoesError",
    "Draw",
    "IllegalMoveError",
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
    "Tile",
    "UnknownRulesError",
    "describe_move",
    "find_rules",
    "full_set",
    "parse_tiles",
    "score_hands",
    "score_round",
]
