"""The input policy shared by every parser: digits, numbers, BOMs and JSON text, and
the checks of the values a program passes to the API (:func:`whole_number`,
:func:`sequence`, :func:`shown`).

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
import unicodedata
from collections.abc import Sequence
from typing import Any

from block_dominoes.errors import (
    BlockDominoesError,
    DuplicateKeyError,
    InvalidArgumentError,
    InvalidPositionError,
    quoted,
)
from block_dominoes.i18n import N_, _, iso, number

__all__ = [
    "JOINERS",
    "MAX_DIGITS",
    "MAX_NAME",
    "HugeNumber",
    "SignedZero",
    "graphemes",
    "is_whole",
    "load_json",
    "name_key",
    "person_name",
    "sequence",
    "shown",
    "strip_bom",
    "unique_keys",
    "whole",
    "whole_number",
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
    body = strip_bom(text).strip() if isinstance(text, str) else ""
    why = f" ({rule})" if rule else ""
    span = (
        _("from {low}").format(low=low)
        if high is None
        else _("from {low} to {high}").format(low=low, high=number(high, group=True))
    )
    name = _(what)
    bad = _("{what} must be a whole number {span}, got {text}{why}")
    if not isinstance(text, str) or not body.isdecimal():
        raise error(bad.format(what=name, span=span, text=iso(quoted(text)), why=why))
    if len(body) > MAX_DIGITS:
        raise error(
            _(
                "{what} must be a whole number {span}, got a number of {digits} digits "
                "({text}){why}"
            ).format(
                what=name,
                span=span,
                digits=number(len(body), group=True),
                text=iso(quoted(body)),
                why=why,
            )
        )
    value = int(body)
    if value < low or (high is not None and value > high):
        raise error(bad.format(what=name, span=span, text=iso(quoted(text)), why=why))
    return value


class HugeNumber(str):
    """A JSON integer longer than :data:`MAX_DIGITS` digits, kept as its text so the
    reader can refuse it naming the field (instead of Python's int-limit error)."""

    __slots__ = ()


class SignedZero(str):
    """A JSON ``-0``, kept as its text: no count is written with a sign (the digit
    policy), and ``-0`` would otherwise read as 0 where the command line refuses it."""

    __slots__ = ()


def _parse_int(text: str) -> int | HugeNumber | SignedZero:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        return HugeNumber(text)
    value = int(text)
    return SignedZero(text) if value == 0 and text.startswith("-") else value


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of every JSON read: a key given twice is refused.

    >>> json.loads('{"players": 2, "players": 3}', object_pairs_hook=unique_keys)
    Traceback (most recent call last):
    ...
    block_dominoes.errors.DuplicateKeyError: key 'players' is given twice
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(_("key {key} is given twice").format(key=iso(quoted(key))))
        out[key] = value
    return out


#: what :mod:`json` says is wrong (its own English words, translated where shown)
JSON_MESSAGES = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
)

#: JSON's phrases that end "... at" (it adds the place after them), made whole: the
#: message names the line and column first, so nothing is left hanging
JSON_WHOLE = {
    "Unterminated string starting at": N_(
        "a string starts here and is never closed (the file may be cut short)"
    ),
    "Invalid control character at": N_("a control character (such as a line break) in a string"),
}

_JSON_KIND: dict[type, str] = {
    list: N_("a list"),
    str: N_("a string"),
    HugeNumber: N_("a number"),
    SignedZero: N_("a number"),
    int: N_("a number"),
    float: N_("a number"),
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
    name = _(what)
    try:
        data = json.loads(strip_bom(text), parse_int=_parse_int, object_pairs_hook=unique_keys)
    except DuplicateKeyError as e:
        raise error(_("not a {what}: {error}").format(what=name, error=e)) from None
    except json.JSONDecodeError as e:
        raise error(
            _("line {line}, column {column}: not valid JSON: {why}").format(
                line=e.lineno, column=e.colno, why=_(JSON_WHOLE.get(e.msg, e.msg))
            )
        ) from None
    except RecursionError:
        raise error(
            _(
                "not a {what}: the JSON is nested too deeply to read (a {what} is nested "
                "at most a few levels)"
            ).format(what=name)
        ) from None
    except ValueError as e:  # e.g. a float with too many digits to convert
        raise error(_("not valid JSON: {text}").format(text=iso(quoted(str(e))))) from None
    if not isinstance(data, dict):
        raise error(
            _("not a {what}: expected a JSON object {{...}}, got {kind} {text}").format(
                what=name,
                kind=_(_JSON_KIND.get(type(data), N_("a value"))),
                text=iso(quoted(strip_bom(text).strip())),
            )
        )
    return data


# -- checks at the public boundary: the values a program passes to the API --
# The command line reads text (above); a notebook or a program passes Python values. These
# functions refuse a value of the wrong type or range with the package's own errors, naming
# what was expected and what was given, so ``Tile(1.5, 2)``, ``hand(0)`` or ``after(None)`` is
# one clear line instead of a quiet wrong answer or a foreign ``TypeError``.


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
    N_("strategies"),
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
    error: type[BlockDominoesError] | None = None,
) -> int:
    """``value`` if it is an ``int`` (not a bool, not a float) from ``low`` to ``high``;
    else ``error`` naming ``what``, the range and the value (and ``rule``).

    Without ``error``: a value that is not a whole number, or one outside a range no
    rule sets, is a bad argument (:class:`InvalidArgumentError`); a whole number
    outside what ``rule`` allows (a starter seat beyond the players, R6) is a position
    that cannot exist (:class:`InvalidPositionError`).

    >>> whole_number(3, "seat", low=1, high=4)
    3
    >>> whole_number(True, "seat", low=1, high=4)
    Traceback (most recent call last):
    ...
    block_dominoes.errors.InvalidArgumentError: seat must be a whole number from 1 to 4, got True
    """
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if is_int and value >= low and (high is None or value <= high):  # type: ignore[operator]
        return value  # type: ignore[return-value]
    span = (
        _("from {low}").format(low=low)
        if high is None
        else _("from {low} to {high}").format(low=low, high=number(high, group=True))
    )
    why = f" ({rule})" if rule else ""
    if error is None:
        error = InvalidPositionError if is_int and rule else InvalidArgumentError
    raise error(
        _("{what} must be a whole number {span}, got {text}{why}").format(
            what=_(what), span=span, text=shown(value), why=why
        ),
        rule=rule,
    )


def sequence(value: object, what: str) -> Sequence[Any]:
    """``value`` if it is a list or a tuple (not text, not None); else
    InvalidArgumentError naming ``what``.

    >>> sequence(None, "hands")
    Traceback (most recent call last):
    ...
    block_dominoes.errors.InvalidArgumentError: hands must be a list or tuple, got None
    """
    if isinstance(value, list | tuple):
        return value
    raise InvalidArgumentError(
        _("{what} must be a list or tuple, got {text}").format(what=_(what), text=shown(value))
    )


# -- names: what a person types to name a player ---------------------------------------

#: the longest name, in user-perceived characters: a name heads a column of the score table
MAX_NAME = 40

#: the zero-width non-joiner and joiner: allowed only between two letters of a script that
#: needs them (Persian and Arabic words, Indic scripts), refused anywhere else
JOINERS = frozenset("\u200c\u200d")


def _joining_letter(c: str) -> bool:
    """A letter or mark of a script whose words need the zero-width (non-)joiner."""
    o = ord(c)
    return (
        0x0600 <= o <= 0x08FF  # Arabic, Syriac, Arabic supplement and extended
        or 0x0900 <= o <= 0x0DFF  # the Indic scripts
        or 0xFB50 <= o <= 0xFDFF  # Arabic presentation forms A
        or 0xFE70 <= o <= 0xFEFF  # Arabic presentation forms B
    ) and unicodedata.category(c)[0] in "LM"


def graphemes(text: str) -> int:
    """How many characters a reader counts in ``text`` (user-perceived characters,
    approximating Unicode's grapheme clusters): a letter with its combining accents is
    one, an emoji with its modifiers, variation selectors and joined parts is one, a
    flag (two regional indicators) is one.

    >>> graphemes("Ann"), graphemes("e\\u0301te\\u0301"), graphemes("\\U0001F469\\u200d\\U0001F4BB")
    (3, 3, 1)
    """
    count = 0
    joined = False  # the previous character was a ZWJ: this one joins the same cluster
    regional = 0
    for c in text:
        o = ord(c)
        mark = unicodedata.category(c) in {"Mn", "Mc", "Me"}
        modifier = 0x1F3FB <= o <= 0x1F3FF or 0xFE00 <= o <= 0xFE0F or 0xE0020 <= o <= 0xE007F
        if c == "\u200d":
            joined = True
            continue
        if o in range(0x1F1E6, 0x1F200):  # a regional indicator: two make a flag
            regional += 1
            if regional % 2 == 0:
                continue
        else:
            regional = 0
        if (mark or modifier or joined or c == "\u200c") and count:
            joined = False
            continue
        joined = False
        count += 1
    return count


def _bad_char(name: str) -> str | None:
    """The first character a name may not hold: a control character (or line or
    paragraph separator), a lone surrogate (bytes that were not UTF-8), an invisible
    format character (a bidirectional override that reorders the line, a zero-width
    space or BOM that hides a second name), or a joiner that is not between two
    letters of a script that needs it."""
    for i, c in enumerate(name):
        kind = unicodedata.category(c)
        if c in JOINERS:
            inside = 0 < i < len(name) - 1
            if inside and _joining_letter(name[i - 1]) and _joining_letter(name[i + 1]):
                continue
            return c
        if kind in {"Cc", "Zl", "Zp", "Cs", "Cf"}:
            return c
    return None


def name_key(name: str) -> str:
    """What two names are compared by: the same letters in the same order, whatever
    their case, their Unicode form (composed or decomposed accents) or the joiners
    between them (``Ann`` and ``ann``, ``é`` and ``e`` + combining acute, are one name)."""
    plain = "".join(c for c in unicodedata.normalize("NFC", name) if c not in JOINERS)
    return unicodedata.normalize("NFC", plain.casefold())


def person_name(value: object, error: type[BlockDominoesError] = InvalidPositionError) -> str:
    """A player's name as a person typed it, checked and in Unicode's composed form
    (NFC): text, not empty, without control or invisible characters, at most
    :data:`MAX_NAME` characters as a reader counts them. Raises ``error`` naming the
    name and what is wrong with it.

    >>> person_name(" Ze\\u0301 ") == "Z\\u00e9"
    True
    >>> person_name("\\u200c")
    Traceback (most recent call last):
    ...
    block_dominoes.errors.InvalidPositionError: name '\\u200c': a name cannot hold an invisible format character such as '\\u200c'
    """
    if not isinstance(value, str):
        raise error(_("name {name}: a name must be text").format(name=shown(value)))
    bad = _bad_char(value)
    if bad is not None:
        kind = unicodedata.category(bad)
        msg = (
            _("name {name}: a name cannot hold an invisible format character such as {char}")
            if kind == "Cf"
            else _(
                "name {name}: a name is text, but it holds {char}, which is not a "
                "character (bytes that are not UTF-8, or half of a pair)"
            )
            if kind == "Cs"
            else _("name {name}: a name cannot hold a control character such as {char}")
        )
        raise error(msg.format(name=_name_shown(value), char=iso(ascii(bad))))
    name = unicodedata.normalize("NFC", value.strip())
    size = graphemes(name)
    if size > MAX_NAME:
        raise error(
            _("name {name}: a name has at most {most} characters (this one has {n})").format(
                name=_name_shown(name), most=MAX_NAME, n=number(size, group=True)
            )
        )
    return name


def _name_shown(name: str) -> str:
    """A name quoted in a message: invisible characters spelled out, cut to 40."""
    return iso(quoted(name, 42))  # repr spells an invisible character: '\u200c'
