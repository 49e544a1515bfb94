"""Reading a record in either form: :func:`load_record` reads JSON or the notation.

The record itself and its JSON live in :mod:`block_dominoes.records.codec`, the
plain-text notation in :mod:`block_dominoes.records.notation`; this module only
decides which of the two a text is.

>>> from block_dominoes.records.codec import dump_json
>>> rec = load_record('hand 1: 1-4\\nhand 2: 4-6\\n1: [1|4]')
>>> load_record(dump_json(rec)) == rec
True
>>> load_record('[1, 2, 3]')
Traceback (most recent call last):
...
block_dominoes.errors.RecordError: not a record: expected a JSON object {...}, got a list '[1, 2, 3]'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from block_dominoes.errors import RecordError, quoted
from block_dominoes.i18n import _, iso
from block_dominoes.inputs import strip_bom
from block_dominoes.records.codec import (
    Record,
    load_json_record,
    record_from_json,
)
from block_dominoes.records.notation import parse_record

__all__ = [
    "as_record",
    "load_record",
]


def _looks_like_json(text: str) -> bool:
    body = text.lstrip()
    if body[:1] in ("{", "["):
        return True
    try:  # a bare JSON value (42, "x", true) is JSON that is not a record
        json.loads(body)
    except (ValueError, RecursionError):
        return False
    return True


def load_record(text: str, *, default_rules: str = "pagat", form: str | None = None) -> Record:
    """Read a record in either form: JSON (text starting with ``{`` or ``[``, or any
    JSON value) or the notation (whose ``rules:`` line defaults to ``default_rules``).
    ``form`` (``"json"`` or ``"text"``) forces one reading, e.g. for a ``.json`` file.

    A leading byte-order mark is ignored. Raises :class:`RecordError` with the
    line (and column, for JSON syntax); JSON that is not an object is "not a
    record: expected a JSON object".
    """
    if not isinstance(text, str):
        raise RecordError(_("expected record text, got {text}").format(text=iso(quoted(text))))
    text = strip_bom(text)
    if form == "json" or (form is None and _looks_like_json(text)):
        return load_json_record(text)
    return parse_record(text, default_rules=default_rules)


def as_record(value: Record | str | Mapping[str, Any] | Sequence[Any]) -> Record:
    """A record from a :class:`Record`, record text (either form) or a parsed JSON object."""
    if isinstance(value, Record):
        return value
    if isinstance(value, str):
        return load_record(value)
    return record_from_json(dict(value) if isinstance(value, Mapping) else value)
