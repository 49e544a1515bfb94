"""The exception classes: one per kind of mistake, all ``ValueError`` subclasses.

Every message quotes the bad input with ``!r``, gives the context and names the
rule it breaks, for example ``illegal move: '5-6' on a line whose ends are 1 and 3 (R7)``.
"""

from __future__ import annotations

__all__ = [
    "AmbiguousMoveError",
    "BlockDominoesError",
    "FileError",
    "IllegalMoveError",
    "InvalidPositionError",
    "InvalidTileError",
    "MissingDependencyError",
    "SheetFileError",
    "UnknownRulesError",
]


class BlockDominoesError(ValueError):
    """Base class of every error this package raises for bad input."""


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


class FileError(BlockDominoesError):
    """A file that is missing, unreadable, unwritable, read-only, changed by another
    writer meanwhile, or not in its format; the message names the file."""


class SheetFileError(FileError):
    """A score-sheet file that is missing, unreadable, corrupt or of another version."""


class MissingDependencyError(BlockDominoesError):
    """An optional library a feature needs is not installed; the message says how to add it."""
