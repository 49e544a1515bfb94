"""Checks at the public boundary: the values a program passes to the API.

The command line reads text (:mod:`block_dominoes.inputs`); a notebook or a program
passes Python values. These functions refuse a value of the wrong type or range
with the package's own errors (:mod:`block_dominoes.errors`), naming what was
expected and what was given, so ``Tile(1.5, 2)``, ``hand(0)`` or ``after(None)`` is
one clear line instead of a quiet wrong answer or a foreign ``TypeError``.

>>> whole_number(3, "seat", low=1, high=4)
3
>>> whole_number(True, "seat", low=1, high=4)
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: seat must be a whole number from 1 to 4, got True
>>> sequence(None, "hands")
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: hands must be a list or tuple, got None
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import BlockDominoesError, InvalidPositionError, quoted
from .i18n import N_, _, iso, number

__all__ = ["sequence", "shown", "whole_number"]

#: the nouns the API's checks name, said in the current language
NOUNS = (
    N_("seat"),
    N_("starter"),
    N_("moves"),
    N_("end"),
    N_("max_pip"),
    N_("hands"),
    N_("totals"),
    N_("players"),
    N_("placements"),
    N_("round"),
    N_("went_out"),
    N_("rest"),
)


def shown(value: object) -> str:
    """A value as a message quotes it: its ``repr``, text cut to 60 characters (a
    number too long for Python to print is named by its size)."""
    if isinstance(value, int) and value.bit_length() > 10_000:
        return _("a number of about {digits} digits").format(
            digits=number(int(value.bit_length() * 0.30103), group=True)
        )
    return iso(quoted(value))


def whole_number(
    value: object,
    what: str,
    *,
    low: int = 0,
    high: int | None = None,
    rule: str | None = None,
    error: type[BlockDominoesError] = InvalidPositionError,
) -> int:
    """``value`` if it is an ``int`` (not a bool, not a float) from ``low`` to ``high``;
    else ``error`` naming ``what``, the range and the value (and ``rule``)."""
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if is_int and value >= low and (high is None or value <= high):  # type: ignore[operator]
        return value  # type: ignore[return-value]
    span = (
        _("from {low}").format(low=low)
        if high is None
        else _("from {low} to {high}").format(low=low, high=number(high, group=True))
    )
    why = f" ({rule})" if rule else ""
    raise error(
        _("{what} must be a whole number {span}, got {text}{why}").format(
            what=_(what), span=span, text=shown(value), why=why
        ),
        rule=rule,
    )


def sequence(value: object, what: str) -> Sequence[Any]:
    """``value`` if it is a list or a tuple (not text, not None); else
    InvalidPositionError naming ``what``."""
    if isinstance(value, list | tuple):
        return value
    raise InvalidPositionError(
        _("{what} must be a list or tuple, got {text}").format(what=_(what), text=shown(value))
    )
