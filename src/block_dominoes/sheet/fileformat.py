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
import re
from collections.abc import Sequence
from importlib import resources

from block_dominoes.errors import InvalidPositionError, SheetFileError, quoted
from block_dominoes.i18n import N_, _, iso, ngettext, pgettext
from block_dominoes.inputs import name_key, person_name

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "KEYS",
    "check_names",
    "read_round",
    "read_setup",
    "schema",
    "short",
    "split_names",
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
    """``x`` as a message shows it, cut to about ``limit`` characters so a message stays
    one readable line: text as ``repr`` quotes it, any other value as JSON writes it
    (``true``, ``null``, ``[1, 2]``: a sheet is JSON, not Python)."""
    try:
        text = repr(x) if isinstance(x, str) else json.dumps(x, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not a JSON value, or nested too deep
        text = quoted(x, 10_000)  # (a BigNumber names its size; nesting is cut)
    if len(text) <= limit:
        return iso(text)
    return iso(
        ngettext("{text}... ({n} character)", "{text}... ({n} characters)", len(text)).format(
            text=text[: limit - 5], n=len(text)
        )
    )


#: what a JSON value is called in a message (never a Python type name)
_KIND_WORDS = {list: N_("a list"), dict: N_("an object"), bool: "true/false", type(None): "null"}


def split_names(text: str) -> list[str]:
    """The names in ``Ann,Ben,Cem`` (as a box or ``--names`` takes them), each without
    the spaces around it; an Arabic comma (``،``, what an Arabic keyboard types)
    separates them too. Each is checked by :func:`check_names`."""
    return [x.strip() for x in re.split("[,\u060c]", text)]


def check_names(names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    """The players' names, checked: text, one per player, not empty, without control
    characters (a newline would break every line that names the player) or lone
    surrogates (:func:`block_dominoes.inputs.person_name`), distinct (ignoring case,
    Unicode form and joiners: :func:`block_dominoes.inputs.name_key`). None gives ``Player 1`` to ``Player n``."""
    if names is None:
        return tuple(f"Player {s}" for s in range(1, n + 1))
    if isinstance(names, str):
        raise InvalidPositionError(
            _("names {names}: give a list of names, one per player").format(names=short(names))
        )
    for x in names:
        if not isinstance(x, str):
            kind = _(_KIND_WORDS.get(type(x), N_("a number")))
            shown = json.dumps(x) if x is None or isinstance(x, bool) else short(x)
            raise InvalidPositionError(
                _("name {name}: a name is text, not {kind}").format(name=shown, kind=kind)
            )
    # the one input policy: NFC, no control or invisible characters, at most MAX_NAME
    # characters as a reader counts them
    clean = tuple(person_name(x) for x in names)
    sep = pgettext("list of names", ", ")
    if len(clean) != n:
        raise InvalidPositionError(
            _("names {names}: give one name per player, {n} in all (R1)").format(
                names=sep.join(map(short, clean)), n=n
            )
        )
    if any(not x for x in clean):
        raise InvalidPositionError(
            _("names {names}: a name cannot be empty").format(names=iso(repr(list(clean))))
        )
    if len({name_key(x) for x in clean}) != n:  # Ann and ann, é and e + ◌́, are one
        raise InvalidPositionError(
            _("names {names}: two players have the same name").format(
                names=sep.join(map(short, clean))
            )
        )
    return clean


def _json_kind(x: object) -> str:
    kinds = {list: N_("list"), str: N_("string"), bool: "true/false", type(None): "null"}
    return _(kinds.get(type(x), N_("number")))


def _field(data: dict[str, object], key: str, kind: type, what: str) -> object:
    if key not in data:
        raise SheetFileError(
            _("corrupt score sheet: field {key} is missing: it holds {what}").format(
                key=repr(key), what=_(what)
            )
        )
    v = data[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise SheetFileError(
            _("corrupt score sheet: field {key} is {value}, not {what}").format(
                key=repr(key), value=short(v), what=_(what)
            )
        )
    return v


def read_setup(data: object) -> tuple[str, int, list[str], int, list[object]]:
    """The set-up of a stored sheet: (rules, players, names, first starter, rounds).

    Raises SheetFileError: not a JSON object, another format or version (an integer,
    not ``true`` or ``1.0``), a key this version does not know, a field missing or of
    the wrong type. Names and seats are checked by the sheet itself."""
    if not isinstance(data, dict):
        raise SheetFileError(
            _("not a score sheet: the file holds a JSON {kind}, not an object").format(
                kind=_json_kind(data)
            )
        )
    if "format" not in data and "moves" in data:
        raise SheetFileError(
            _("not a score sheet: it looks like a game record (use {command})").format(
                command="'check'"
            )
        )
    if "format" not in data:
        raise SheetFileError(
            _("not a score sheet: it has no {key} (a sheet has {format})").format(
                key="'format'", format=repr(FORMAT)
            )
        )
    if data.get("format") != FORMAT:
        raise SheetFileError(
            _("not a score sheet: {key} is {value}").format(
                key="'format'", value=short(data.get("format"))
            )
        )
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SheetFileError(
            _(
                "score sheet format version {version} is not supported "
                "(this program reads version {supported}, a whole number)"
            ).format(version=short(version), supported=FORMAT_VERSION)
        )
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise SheetFileError(
            _(
                "corrupt score sheet: unknown key {key}; a version {version} sheet holds only "
                "{keys}"
            ).format(key=short(unknown[0]), version=FORMAT_VERSION, keys=iso(", ".join(KEYS)))
        )
    rules = _field(data, "rules", str, N_("a ruleset name"))
    players = _field(data, "players", int, N_("a whole number of players"))
    names = _field(data, "names", list, N_("a list of names"))
    starter = _field(data, "first_starter", int, N_("a seat: a whole number from 1"))
    rounds = _field(data, "rounds", list, N_("a list of rounds"))
    return rules, players, names, starter, rounds  # type: ignore[return-value]


def read_round(x: object, i: int) -> tuple[tuple[str, ...] | None, tuple[int, int] | None]:
    """Stored round ``i``: exactly ``{"hands": [HAND, ...]}`` (returned as hands) or
    ``{"claim": {"seat": S, "points": P}}`` (returned as a claim); anything else,
    an extra key included, raises SheetFileError."""
    where = _("corrupt score sheet: round {number}").format(number=i)
    if isinstance(x, dict) and set(x) == {"hands"} and isinstance(x["hands"], list):
        for h in x["hands"]:
            if not isinstance(h, str):
                raise SheetFileError(
                    _("{where}: hand {hand} is not text such as {example}").format(
                        where=where, hand=short(h), example=iso("'1-4,0-0'")
                    )
                )
        return tuple(h.strip() for h in x["hands"]), None
    if isinstance(x, dict) and set(x) == {"claim"} and isinstance(x["claim"], dict):
        c = x["claim"]
        if set(c) != {"seat", "points"}:
            extra = sorted(set(c) - {"seat", "points"})
            msg = (
                _(
                    "{where}: the claim has unknown key {key}; a claim holds only {seat} and {points}"
                )
                if extra
                else _(
                    "{where}: the claim has a missing key; a claim holds only {seat} and {points}"
                )
            )
            raise SheetFileError(
                msg.format(
                    where=where,
                    key=short(extra[0]) if extra else "",
                    seat="'seat'",
                    points="'points'",
                )
            )
        seat, points = c["seat"], c["points"]
        if type(seat) is not int:
            raise SheetFileError(
                _("{where}: the claim's seat {seat} is not a whole number from 1").format(
                    where=where, seat=short(seat)
                )
            )
        if type(points) is not int:
            raise SheetFileError(
                _("{where}: the claim's points {points} are not a whole number from 0").format(
                    where=where, points=short(points)
                )
            )
        return None, (seat, points)
    keys = set(x) if isinstance(x, dict) else set()
    if {"hands", "claim"} <= keys:
        raise SheetFileError(
            _("{where} holds both {hands} and {claim}: a round is one or the other").format(
                where=where, hands="'hands'", claim="'claim'"
            )
        )
    extra = sorted(map(str, keys - {"hands", "claim"}))
    if extra and len(keys & {"hands", "claim"}) == 1:
        raise SheetFileError(
            _("{where}: unknown key {key}; a round holds only {hands} or {claim}").format(
                where=where, key=short(extra[0]), hands="'hands'", claim="'claim'"
            )
        )
    raise SheetFileError(
        _("{where} is neither hands nor a claim: {value}").format(where=where, value=short(x, 80))
    )
