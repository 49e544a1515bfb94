"""Computer players. A strategy picks one of the legal moves and says why.

Strategies see the whole :class:`RoundState` object but use only what their
seat could know: its own hand, the line, and the moves so far (who passed on
which ends). Each is deterministic given the ``rng`` it is handed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .errors import BlockDominoesError
from .round import Draw, Move, Play, RoundState

__all__ = ["STRATEGIES", "Choice", "Strategy", "find_strategy"]


@dataclass(frozen=True, slots=True)
class Choice:
    """A chosen move and the short reason shown to a learner."""

    move: Move
    reason: str


@dataclass(frozen=True, slots=True)
class Strategy:
    """A named computer player."""

    name: str
    description: str
    choose: Callable[[RoundState, random.Random], Choice]

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "description": self.description}


def _only(state: RoundState) -> Choice | None:
    moves = state.legal_moves()
    if len(moves) == 1:
        m = moves[0]
        if isinstance(m, Play):
            return Choice(m, f"plays {m}: its only legal move")
        if isinstance(m, Draw):
            return Choice(m, f"draws {m.tile}: no tile fits (V6)")
        return Choice(m, "passes: no tile fits either open end (R9)")
    return None


def choose_random(state: RoundState, rng: random.Random) -> Choice:
    """Uniform over the legal moves (each tile and end it fits counts once)."""
    forced = _only(state)
    if forced is not None:
        return forced
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    return Choice(m, f"plays {m}: chosen at random among {len(moves)} legal moves")


def choose_heavy(state: RoundState, rng: random.Random) -> Choice:
    """The heaviest tile first, to shed pips before a block."""
    forced = _only(state)
    if forced is not None:
        return forced
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    best = max(plays, key=lambda m: (m.tile.pips, m.tile.high))
    return Choice(best, f"plays {best}: its heaviest playable tile ({best.tile.pips} pips)")


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", "Any legal move, chosen uniformly at random.", choose_random),
        Strategy(
            "heavy",
            "Plays its heaviest tile that fits, to shed pips before a block.",
            choose_heavy,
        ),
    )
}


def find_strategy(name: str) -> Strategy:
    """The strategy called ``name``; raises ValueError naming the choices."""
    try:
        return STRATEGIES[name.strip().lower()]
    except (KeyError, AttributeError):
        choices = ", ".join(repr(n) for n in STRATEGIES)
        raise BlockDominoesError(f"unknown strategy: {name!r}; choose from {choices}") from None
