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
import reprlib

_RULE = re.compile(r"\((?P<rule>[RVE]\d+)")

__all__ = [
    "AmbiguousMoveError",
    "BlockDominoesError",
    "ClusterError",
    "ConfirmationError",
    "DuplicateKeyError",
    "FileError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "InvalidTileError",
    "MissingDependencyError",
    "RecordError",
    "SheetFileError",
    "UnknownLanguageError",
    "UnknownRulesError",
    "cut",
    "cut_path",
    "quoted",
]

#: How much of a piece of input a message quotes: enough to recognise it, short
#: enough that a 120 KB argument still gives one readable line.
QUOTE_LIMIT = 60


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with ``…`` when something was left out.

    >>> cut("1-2")
    '1-2'
    >>> cut("9" * 100, 10)
    '999999999…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def cut_path(path: str, limit: int = 200) -> str:
    """A file name for a message: whole unless huge, then its end (the name) is kept.

    >>> cut_path("a/" * 200 + "game.txt", 12)
    '…/a/game.txt'
    """
    return path if len(path) <= limit else "\u2026" + path[-(limit - 1) :]


class _Shown(reprlib.Repr):
    """``repr`` for messages: lists, tuples, sets and dicts at most 4 deep and 12 long
    (a list nested 100,000 deep cannot reach Python's recursion limit)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = self.maxarray = self.maxset = 12
        self.maxfrozenset = self.maxdeque = self.maxdict = 12
        self.maxstring = self.maxother = self.maxlong = 10_000  # cut() cuts the whole


_SHOWN = _Shown()


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """The ``!r`` form of a piece of input for an error message, cut to a readable length.

    Every message that quotes what a person typed or a file held goes through
    here, so a huge argument is never echoed whole.

    >>> quoted("1-2")
    "'1-2'"
    >>> quoted("x" * 1000, 12)
    "'xxxxxxxxx…'"
    """
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and value.bit_length() > 10_000:  # too long for repr
        text = f"<a number of {value.bit_length() * 30103 // 100000:,} digits or so>"
    else:
        try:  # a list nested 100,000 deep is shown as [[[[...]]]], not a RecursionError
            text = _SHOWN.repr(value)
        except Exception:  # a foreign object whose repr fails: its type is named
            text = f"<{type(value).__name__}>"
    if isinstance(value, str):
        return repr(cut(text, limit - 2)) if len(text) > limit - 2 else repr(text)
    return cut(text, limit)


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

    def restated(self, message: str) -> BlockDominoesError:
        """The same kind of error, rule, reason and move, in a message that adds
        where it happened (which tile, hand or round of the input).

        >>> e = IllegalMoveError("[5|6] fits no open end (R7)").restated("tile 2: [5|6] fits no open end (R7)")
        >>> type(e).__name__, e.rule, str(e)
        ('IllegalMoveError', 'R7', 'tile 2: [5|6] fits no open end (R7)')
        """
        return type(self)(message, rule=self.rule, reason=self.reason, move=self.move)


class InvalidTileError(BlockDominoesError):
    """Text that is not a tile, or a tile that is not in the set in use (R2)."""


class IllegalMoveError(BlockDominoesError):
    """A move the rules forbid: a tile that fits no open end, a pass while able to play."""


class AmbiguousMoveError(BlockDominoesError):
    """A tile that fits both open ends (with different values) and no end was named."""


class InvalidPositionError(BlockDominoesError):
    """A set-up that cannot exist: a tile held twice, too many tiles, an impossible total."""


class InvalidArgumentError(BlockDominoesError):
    """A value a program passed of the wrong type or out of range (``Tile(1.5, 2)``,
    ``state.hand(0)``, hands given as text where a list is expected): not a position,
    a call that cannot be answered."""


class UnknownRulesError(BlockDominoesError):
    """A ruleset name that is not one of the presets."""


class FileError(BlockDominoesError):
    """A file that is missing, unreadable, unwritable, read-only, changed by another
    writer meanwhile, or not in its format; the message names the file."""


class SheetFileError(FileError):
    """A score-sheet file that is missing, unreadable, corrupt or of another version."""


class MissingDependencyError(BlockDominoesError):
    """An optional library a feature needs is not installed; the message says how to add it."""


class ClusterError(BlockDominoesError):
    """A Dask cluster that is not an address, cannot be reached, or lost the run."""


class RecordError(BlockDominoesError):
    """Text that cannot be read as a record (with the line number for the notation)."""


class ConfirmationError(BlockDominoesError):
    """A change that needs a confirmation it did not get (undo; dropping later rounds)."""


class UnknownLanguageError(BlockDominoesError):
    """A language with no catalog (the message lists those that have one)."""


class DuplicateKeyError(BlockDominoesError):
    """A JSON object that gives one key twice (JSON would silently keep the last)."""
