"""The computer players: the strategies (:mod:`.strategies`), what a seat knows
(:mod:`.knowledge`), the expert's search (:mod:`.expert`), the exact two-player solver
(:mod:`.solver`), the bitmask kernel they all share (:mod:`.kernel`, the readable
rules' proven twin) and seeded rounds and matches (:mod:`.games`).

>>> play_round('pagat', 2, seed=1).state.is_over
True
"""

from __future__ import annotations

from block_dominoes.players.games import PlayedRound, play_match, play_round, strategies_for
from block_dominoes.players.knowledge import Knowledge, knowledge
from block_dominoes.players.solver import Solution, solve
from block_dominoes.players.strategies import STRATEGIES, Choice, Strategy, find_strategy, hint

__all__ = [
    "STRATEGIES",
    "Choice",
    "Knowledge",
    "PlayedRound",
    "Solution",
    "Strategy",
    "find_strategy",
    "hint",
    "knowledge",
    "play_match",
    "play_round",
    "solve",
    "strategies_for",
]
