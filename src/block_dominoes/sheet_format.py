r"""The stored form of a score sheet: which keys, types and names a sheet file may hold.

One policy, the same as for records: a key this version does not know is refused
(never silently dropped by the next write); whole numbers are JSON integers, never
``true`` or ``1.0``; names are text without control characters; every message is
one line naming the field and, for a value too long to print, its length.
``schemas/sheet.schema.json`` says the same as JSON Schema.

>>> check_names(['Ann', 'Ben\nCem'], 2)
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: name 'Ben\nCem': a name cannot hold a control character such as '\n'
>>> read_round({'claim': {'seat': 1, 'points': 5, 'note': 'x'}}, 3)
Traceback (most recent call last):
...
block_dominoes.errors.SheetFileError: corrupt score sheet: round 3: the claim has unknown key 'note'; a claim holds only 'seat' and 'points'
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from importlib import resources

from .errors import InvalidPositionError, SheetFileError

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "KEYS",
    "check_names",
    "read_round",
    "read_setup",
    "schema",
    "short",
]

FORMAT = "block-dominoes score sheet"
FORMAT_VERSION = 1
#: the keys of a version 1 sheet, in the order they are written
KEYS = ("format", "version", "rules", "players", "names", "first_starter", "rounds")


def schema() -> dict[str, object]:
    """The JSON Schema of a stored sheet (``schemas/sheet.schema.json``, in the package).

    >>> schema()["required"] == list(KEYS)
    True
    """
    text = (
        resources.files("block_dominoes").joinpath("schemas/sheet.schema.json").read_text("utf-8")
    )
    data: dict[str, object] = json.loads(text)
    return data


def short(x: object, limit: int = 40) -> str:
    """``repr(x)``, cut to about ``limit`` characters so a message stays one readable line."""
    text = repr(x)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 5]}... ({len(text)} characters)"


#: the invisible format characters a name may hold: Arabic and Persian typing needs them
_JOINERS = {"\u200c", "\u200d"}  # zero-width non-joiner, zero-width joiner


def _bad_char(name: str) -> str | None:
    """The first control character (or line or paragraph separator) in ``name``, or
    invisible format character (a bidirectional override that reorders the line, a
    zero-width space or BOM that hides a second name) other than the joiners."""
    for c in name:
        kind = unicodedata.category(c)
        if kind in {"Cc", "Zl", "Zp"} or (kind == "Cf" and c not in _JOINERS):
            return c
    return None


#: what a JSON value is called in a message (never a Python type name)
_KIND_WORDS = {list: "a list", dict: "an object", bool: "true/false", type(None): "null"}


def check_names(names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    """The players' names, checked: text, one per player, not empty, without control
    characters (a newline would break every line that names the player), distinct
    (ignoring case). None gives ``Player 1`` to ``Player n``."""
    if names is None:
        return tuple(f"Player {s}" for s in range(1, n + 1))
    if isinstance(names, str):
        raise InvalidPositionError(f"names {short(names)}: give a list of names, one per player")
    for x in names:
        if not isinstance(x, str):
            kind = _KIND_WORDS.get(type(x), "a number")
            shown = json.dumps(x) if x is None or isinstance(x, bool) else short(x)
            raise InvalidPositionError(f"name {shown}: a name is text, not {kind}")
        bad = _bad_char(x)
        if bad is not None:
            what = "an invisible format" if unicodedata.category(bad) == "Cf" else "a control"
            raise InvalidPositionError(
                f"name {short(x)}: a name cannot hold {what} character such as {bad!r}"
            )
    clean = tuple(x.strip() for x in names)
    if len(clean) != n:
        raise InvalidPositionError(
            f"names {', '.join(map(short, clean))}: give one name per player, {n} in all (R1)"
        )
    if any(not x for x in clean):
        raise InvalidPositionError(f"names {list(clean)!r}: a name cannot be empty")
    if len({x.casefold() for x in clean}) != n:
        raise InvalidPositionError(
            f"names {', '.join(map(short, clean))}: two players have the same name"
        )
    return clean


def _json_kind(x: object) -> str:
    kinds = {list: "list", str: "string", bool: "true/false", type(None): "null"}
    return kinds.get(type(x), "number")


def _field(data: dict[str, object], key: str, kind: type, what: str) -> object:
    if key not in data:
        raise SheetFileError(f"corrupt score sheet: field {key!r} is missing: it holds {what}")
    v = data[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise SheetFileError(f"corrupt score sheet: field {key!r} is {short(v)}, not {what}")
    return v


def read_setup(data: object) -> tuple[str, int, list[str], int, list[object]]:
    """The set-up of a stored sheet: (rules, players, names, first starter, rounds).

    Raises SheetFileError: not a JSON object, another format or version (an integer,
    not ``true`` or ``1.0``), a key this version does not know, a field missing or of
    the wrong type. Names and seats are checked by the sheet itself."""
    if not isinstance(data, dict):
        raise SheetFileError(
            f"not a score sheet: the file holds a JSON {_json_kind(data)}, not an object"
        )
    if "format" not in data and "moves" in data:
        raise SheetFileError("not a score sheet: it looks like a game record (use 'check')")
    if "format" not in data:
        raise SheetFileError(f"not a score sheet: it has no 'format' (a sheet has {FORMAT!r})")
    if data.get("format") != FORMAT:
        raise SheetFileError(f"not a score sheet: 'format' is {short(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SheetFileError(
            f"score sheet format version {short(version)} is not supported "
            f"(this program reads version {FORMAT_VERSION}, a whole number)"
        )
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise SheetFileError(
            f"corrupt score sheet: unknown key {short(unknown[0])}; a version "
            f"{FORMAT_VERSION} sheet holds only {', '.join(KEYS)}"
        )
    rules = _field(data, "rules", str, "a ruleset name")
    players = _field(data, "players", int, "a whole number of players")
    names = _field(data, "names", list, "a list of names")
    starter = _field(data, "first_starter", int, "a seat: a whole number from 1")
    rounds = _field(data, "rounds", list, "a list of rounds")
    return rules, players, names, starter, rounds  # type: ignore[return-value]


def read_round(x: object, i: int) -> tuple[tuple[str, ...] | None, tuple[int, int] | None]:
    """Stored round ``i``: exactly ``{"hands": [HAND, ...]}`` (returned as hands) or
    ``{"claim": {"seat": S, "points": P}}`` (returned as a claim); anything else,
    an extra key included, raises SheetFileError."""
    where = f"corrupt score sheet: round {i}"
    if isinstance(x, dict) and set(x) == {"hands"} and isinstance(x["hands"], list):
        for h in x["hands"]:
            if not isinstance(h, str):
                raise SheetFileError(f"{where}: hand {short(h)} is not text such as '1-4,0-0'")
        return tuple(h.strip() for h in x["hands"]), None
    if isinstance(x, dict) and set(x) == {"claim"} and isinstance(x["claim"], dict):
        c = x["claim"]
        if set(c) != {"seat", "points"}:
            extra = sorted(set(c) - {"seat", "points"})
            what = f"unknown key {short(extra[0])}" if extra else "a missing key"
            raise SheetFileError(
                f"{where}: the claim has {what}; a claim holds only 'seat' and 'points'"
            )
        seat, points = c["seat"], c["points"]
        if type(seat) is not int:
            raise SheetFileError(
                f"{where}: the claim's seat {short(seat)} is not a whole number from 1"
            )
        if type(points) is not int:
            raise SheetFileError(
                f"{where}: the claim's points {short(points)} are not a whole number from 0"
            )
        return None, (seat, points)
    keys = set(x) if isinstance(x, dict) else set()
    extra = sorted(map(str, keys - {"hands", "claim"}))
    if extra and len(keys & {"hands", "claim"}) == 1:
        raise SheetFileError(
            f"{where}: unknown key {short(extra[0])}; a round holds only 'hands' or 'claim'"
        )
    raise SheetFileError(f"{where} is neither hands nor a claim: {short(x, 80)}")
