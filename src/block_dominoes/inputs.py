"""The input policy shared by every parser: digits, numbers, BOMs and JSON text.

One rule per kind of input, the same in the command line, the notation, JSON
files and the widgets (they all call these functions):

* **Digits.** A whole number is written with decimal digits of any script:
  ``7``, ``٧`` (Arabic-Indic) or ``۷`` (Persian) all read as 7. A digit is a
  character for which :meth:`str.isdecimal` is true, and the number is its
  :func:`int`. Signs, spaces inside, ``_`` and fractions are refused. At most
  :data:`MAX_DIGITS` digits: a longer number is refused by name instead of
  reaching Python's integer-length limit.
* **Byte-order mark.** A leading BOM (``\\ufeff``, as Windows editors write) is
  dropped before reading text or JSON.
* **JSON.** A record or a sheet is a JSON *object*; anything else (``[1,2,3]``,
  ``42``) is refused as "not a record: expected a JSON object". Nesting deeper
  than Python can follow and integers longer than :data:`MAX_DIGITS` digits are
  refused with one line, naming the field when the field is known.

>>> whole("٣", "seed")
3
>>> whole("-1", "seed")
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: seed must be a whole number from 0, got '-1'
"""

from __future__ import annotations

import json
from typing import Any

from .errors import BlockDominoesError, InvalidPositionError, quoted

__all__ = [
    "MAX_DIGITS",
    "DuplicateKeyError",
    "HugeNumber",
    "is_whole",
    "load_json",
    "strip_bom",
    "unique_keys",
    "whole",
]

#: The most digits a whole number may have (a seed is below 2**63: 19 digits).
MAX_DIGITS = 30


def strip_bom(text: str) -> str:
    """``text`` without a leading byte-order mark."""
    return text.removeprefix("\ufeff")


def is_whole(text: str) -> bool:
    """True when ``text`` is a whole number under the digit policy (no spaces)."""
    return text.isdecimal() and len(text) <= MAX_DIGITS


def whole(
    text: str,
    what: str,
    *,
    low: int = 0,
    high: int | None = None,
    rule: str = "",
    error: type[BlockDominoesError] = InvalidPositionError,
) -> int:
    """Read a whole number from ``low`` (to ``high``) written by a person.

    Spaces around it are ignored. Raises ``error`` (InvalidPositionError by
    default) naming ``what``, the text (cut to a readable length) and ``rule``.
    """
    body = text.strip() if isinstance(text, str) else ""
    why = f" ({rule})" if rule else ""
    span = f"from {low}" if high is None else f"from {low} to {high:,}"
    if not isinstance(text, str) or not body.isdecimal():
        raise error(f"{what} must be a whole number {span}, got {quoted(text)}{why}")
    if len(body) > MAX_DIGITS:
        raise error(
            f"{what} must be a whole number {span}, got a number of {len(body):,} digits "
            f"({quoted(body)}){why}"
        )
    value = int(body)
    if value < low or (high is not None and value > high):
        raise error(f"{what} must be a whole number {span}, got {quoted(text)}{why}")
    return value


class HugeNumber(str):
    """A JSON integer longer than :data:`MAX_DIGITS` digits, kept as its text so the
    reader can refuse it naming the field (instead of Python's int-limit error)."""

    __slots__ = ()


def _parse_int(text: str) -> int | HugeNumber:
    digits = text.lstrip("-")
    return HugeNumber(text) if len(digits) > MAX_DIGITS else int(text)


class DuplicateKeyError(ValueError):
    """A JSON object that gives one key twice (JSON would silently keep the last)."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of every JSON read: a key given twice is refused.

    >>> json.loads('{"players": 2, "players": 3}', object_pairs_hook=unique_keys)
    Traceback (most recent call last):
    ...
    block_dominoes.inputs.DuplicateKeyError: key 'players' is given twice
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(f"key {quoted(key)} is given twice")
        out[key] = value
    return out


_JSON_KIND: dict[type, str] = {
    list: "a list",
    str: "a string",
    HugeNumber: "a number",
    int: "a number",
    float: "a number",
    bool: "true/false",
    type(None): "null",
}


def load_json(text: str, what: str, error: type[BlockDominoesError]) -> dict[str, Any]:
    """Parse JSON text that must hold one object (a record, a sheet).

    Raises ``error`` with one line for invalid JSON (line and column), a value
    that is not an object, or nesting too deep to read. Integers longer than
    :data:`MAX_DIGITS` digits come back as :class:`HugeNumber`, for the reader
    to refuse by field.
    """
    try:
        data = json.loads(strip_bom(text), parse_int=_parse_int, object_pairs_hook=unique_keys)
    except DuplicateKeyError as e:
        raise error(f"not a {what}: {e}") from None
    except json.JSONDecodeError as e:
        raise error(f"line {e.lineno}, column {e.colno}: not valid JSON: {e.msg}") from None
    except RecursionError:
        raise error(
            f"not a {what}: the JSON is nested too deeply to read (a {what} is nested "
            "at most a few levels)"
        ) from None
    except ValueError as e:  # e.g. a float with too many digits to convert
        raise error(f"not valid JSON: {quoted(str(e))}") from None
    if not isinstance(data, dict):
        raise error(
            f"not a {what}: expected a JSON object {{...}}, got "
            f"{_JSON_KIND.get(type(data), 'a value')} {quoted(strip_bom(text).strip())}"
        )
    return data
