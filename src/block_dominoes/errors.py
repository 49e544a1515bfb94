"""The exception classes: one per kind of mistake, all ``ValueError`` subclasses.

Every message quotes the bad input with ``!r``, gives the context and names the
rule it breaks, for example ``illegal move: '5-6' on a line whose ends are 1 and 3 (R7)``.
The rule is data too: ``err.rule == "R7"``; ``err.reason`` names the check that
failed (``"must-play"``, ``"not-held"``, ...) and ``err.move`` the move's number in
the round (1-based) when a move broke it, so the referee and the widgets read
them instead of parsing the message.

>>> e = IllegalMoveError("illegal pass: ... (R9)", reason="must-play")
>>> e.rule, e.reason, e.move
('R9', 'must-play', None)
"""

from __future__ import annotations

import re

_RULE = re.compile(r"\((?P<rule>[RVE]\d+)")

__all__ = [
    "AmbiguousMoveError",
    "BlockDominoesError",
    "IllegalMoveError",
    "InvalidPositionError",
    "InvalidTileError",
    "UnknownRulesError",
]


class BlockDominoesError(ValueError):
    """Base class of every error this package raises for bad input.

    ``rule`` defaults to the first rule id the message cites in parentheses.
    """

    rule: str | None
    reason: str | None
    move: int | None

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        reason: str | None = None,
        move: int | None = None,
    ) -> None:
        super().__init__(message)
        if rule is None:
            found = _RULE.search(message)
            rule = found.group("rule") if found else None
        self.rule = rule
        self.reason = reason
        self.move = move


class InvalidTileError(BlockDominoesError):
    """Text that is not a tile, or a tile that is not in the set in use (R2)."""


class IllegalMoveError(BlockDominoesError):
    """A move the rules forbid: a tile that fits no open end, a pass while able to play."""


class AmbiguousMoveError(BlockDominoesError):
    """A tile that fits both open ends (with different values) and no end was named."""


class InvalidPositionError(BlockDominoesError):
    """A set-up that cannot exist: a tile held twice, too many tiles, an impossible total."""


class UnknownRulesError(BlockDominoesError):
    """A ruleset name that is not one of the presets."""
