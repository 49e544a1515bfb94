"""Tiles and domino sets (R2, V5), and parsing of tile, hand and placement text.

The input policy (:mod:`block_dominoes.inputs`): a half is one or two decimal
digits of any script (``3``, ``٣``); brackets come in pairs (``[1|2]`` or
``1-2``, never ``[1|2`` or ``1-2]``); the halves are separated by ``-``, ``|``,
``:`` or ``/`` with free spacing.

>>> Tile.parse('5-3')
Tile.parse('3-5')
>>> str(Tile.parse('[5|3]'))
'[3|5]'
>>> [str(t) for t in parse_tiles('1-4,0-0')]
['[1|4]', '[0|0]']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import NoReturn

from block_dominoes.errors import (
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTileError,
    quoted,
)
from block_dominoes.i18n import N_, _, iso
from block_dominoes.inputs import shown, strip_bom, whole_number

__all__ = [
    "Tile",
    "count",
    "format_tiles",
    "full_set",
    "need_tile",
    "parse_placement",
    "parse_tiles",
    "pips",
    "set_name",
    "set_rule",
    "split_tiles",
    "tile_index",
]

# The tile pattern, written once: the notation and the move grammar build on it.
# ``\d`` is any decimal digit (str.isdecimal), as the input policy says.
TILE_PATTERN = r"(?:\[\s*\d{1,2}\s*[-|:/]\s*\d{1,2}\s*\]|\d{1,2}\s*[-|:/]\s*\d{1,2})"
_TILE_RE = re.compile(rf"^{TILE_PATTERN}$")
_HALVES_RE = re.compile(r"\d{1,2}")
# Between tiles: spaces, commas, semicolons (not inside a tile's brackets: the next
# bracket after them is not a ']'), or nothing between ']' and '['.
# A placement: a tile, then optionally the open end it joins ('on 4', 'at 4', '@4').
_PLACE_RE = re.compile(
    rf"^(?P<tile>{TILE_PATTERN})(?:\s*(?:(?:on|at)\s+(?:the\s+)?|@\s*)(?P<end>\S*?)(?:\s+end)?)?$",
    re.IGNORECASE,
)


#: the largest half a tile may show: the notation writes a half with one or two digits
MAX_HALF = 99


def _is_half(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_HALF


def _check_max(max_pip: object) -> None:
    if max_pip is not None:
        whole_number(max_pip, N_("max_pip"), high=MAX_HALF, rule="V5", error=InvalidTileError)


def _paired(text: str) -> bool:
    """True when every ``[`` is closed by a later ``]`` (no nesting needed)."""
    depth = 0
    for c in text:
        depth += (c == "[") - (c == "]")
        if depth < 0 or depth > 1:
            return False
    return depth == 0


def _tile_help(text: str) -> str:
    body = text.strip()
    if not _paired(body):
        return _(
            "cannot read {text} as a tile: its brackets do not pair up; "
            "a tile is two numbers such as {example} or {notation} (R2)"
        ).format(text=iso(quoted(text)), example=iso("'3-5'"), notation=iso("'[3|5]'"))
    return _(
        "cannot read {text} as a tile: a tile is two numbers such as {example} or {notation} (R2)"
    ).format(text=iso(quoted(text)), example=iso("'3-5'"), notation=iso("'[3|5]'"))


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino: two halves, stored low half first.

    Its ``repr`` rebuilds it (``Tile.parse('3-5')``); its ``str`` is the book's
    notation (``[3|5]``). Raises :class:`InvalidTileError` for halves that are
    negative or out of order.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        halves = (self.low, self.high)
        if not all(_is_half(h) for h in halves) or self.low > self.high:
            raise InvalidTileError(
                _(
                    "invalid tile halves: {low} and {high} (halves are whole numbers from 0 "
                    "to {most}, low half first) (R2)"
                ).format(low=shown(self.low), high=shown(self.high), most=MAX_HALF),
                rule="R2",
            )

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b`` in either order (InvalidTileError for
        halves that are not whole numbers from 0 to :data:`MAX_HALF`)."""
        if not (_is_half(a) and _is_half(b)):
            return cls(a, b)  # refused, naming both halves
        return cls(a, b) if a <= b else cls(b, a)

    @classmethod
    def parse(cls, text: str, *, max_pip: int | None = None) -> Tile:
        """Read ``3-5``, ``5-3``, ``[3|5]`` or ``[5|3]``.

        Raises :class:`InvalidTileError` when the text is not a tile, or when
        ``max_pip`` is given and a half is larger than the set allows (R2, V5).

        >>> Tile.parse(' [6|6] ')
        Tile.parse('6-6')
        >>> Tile.parse('7-1', max_pip=6)
        Traceback (most recent call last):
        ...
        block_dominoes.errors.InvalidTileError: tile '7-1' is not in the double-six set: halves go from 0 to 6 (R2)
        """
        if not isinstance(text, str):
            raise InvalidTileError(
                _("expected tile text such as {example}, got {text}").format(
                    example=iso("'3-5'"), text=shown(text)
                )
            )
        _check_max(max_pip)
        text = strip_bom(text)
        if _TILE_RE.match(text.strip()) is None:
            raise InvalidTileError(_tile_help(text))
        a, b = _HALVES_RE.findall(text)
        tile = cls.of(int(a), int(b))
        if max_pip is not None and tile.high > max_pip:
            raise InvalidTileError(
                _("tile {tile} is not in the {set} set: halves go from 0 to {max} ({rule})").format(
                    tile=iso(quoted(text.strip())),
                    set=_(set_name(max_pip)),
                    max=max_pip,
                    rule=set_rule(max_pip),
                ),
                reason="not-in-set",
            )
        return tile

    @property
    def pips(self) -> int:
        """The tile's count: the sum of its halves (R14)."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """True for a double such as ``[4|4]`` (placed crosswise, R10)."""
        return self.low == self.high

    def has(self, value: int) -> bool:
        """True when one half shows ``value`` (R7; a blank matches only a blank, R8).
        ``value`` is a number from 0 to :data:`MAX_HALF` (text such as ``"1"`` is
        refused: :class:`~block_dominoes.errors.InvalidArgumentError`)."""
        if type(value) is not int or not 0 <= value <= MAX_HALF:
            _bad_half(value)
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The half left open after matching ``value``.

        >>> Tile(1, 2).other(9)
        Traceback (most recent call last):
        ...
        block_dominoes.errors.InvalidArgumentError: [1|2] has no half 9: it shows 1 and 2 (R7)
        """
        if type(value) is not int or not 0 <= value <= MAX_HALF:
            _bad_half(value)
        if self.low == value:
            return self.high
        if self.high == value:
            return self.low
        raise InvalidArgumentError(
            _("{tile} has no half {value}: it shows {low} and {high} (R7)").format(
                tile=iso(str(self)), value=value, low=self.low, high=self.high
            ),
            rule="R7",
        )

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile.parse('{self.low}-{self.high}')"


def _bad_half(value: object) -> NoReturn:
    raise InvalidArgumentError(
        _("a half must be a whole number from 0 to {most}, got {text}").format(
            most=MAX_HALF, text=shown(value)
        )
    )


def need_tile(value: object) -> Tile:
    """``value`` if it is a :class:`Tile`; else InvalidTileError (a program passed
    something else: text is read with :meth:`Tile.parse`)."""
    if isinstance(value, Tile):
        return value
    raise InvalidTileError(
        _("expected a tile (a Tile, such as {example}), got {text}").format(
            example="Tile.parse('3-5')", text=shown(value)
        )
    )


def set_name(max_pip: int) -> str:
    """``double-six`` for 6, ``double-nine`` for 9, ``double-twelve`` for 12."""
    names = {6: N_("double-six"), 9: N_("double-nine"), 12: N_("double-twelve")}
    return names.get(max_pip, f"double-{max_pip}")


def set_rule(max_pip: int) -> str:
    """The rule that defines a set: ``R2`` for the double-six set the default rules
    use, ``V5`` for a larger one (the Turkish source's double-twelve, and the
    project's double-nine). Every error about a tile outside the set cites this.

    >>> set_rule(6), set_rule(12)
    ('R2', 'V5')
    """
    return "R2" if max_pip == 6 else "V5"


def full_set(max_pip: int = 6) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pip`` set, in order (28 for double-six, R2).

    Raises InvalidTileError when ``max_pip`` is not a whole number from 0 to
    :data:`MAX_HALF` (V5).

    >>> len(full_set()), len(full_set(9)), len(full_set(12))
    (28, 55, 91)
    """
    top = whole_number(max_pip, N_("max_pip"), high=MAX_HALF, rule="V5", error=InvalidTileError)
    return _full_set(top)


@cache
def _full_set(top: int) -> tuple[Tile, ...]:
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))


@cache
def _index(max_pip: int) -> dict[Tile, int]:
    return {t: i for i, t in enumerate(full_set(max_pip))}


def tile_index(tile: Tile, max_pip: int = 6) -> int:
    """The tile's position in :func:`full_set` order."""
    return _index(max_pip)[tile]


def pips(tiles: Iterable[Tile]) -> int:
    """The total count of some tiles (R14)."""
    return sum(t.low + t.high for t in tiles)


def parse_tiles(text: str, *, max_pip: int | None = None) -> list[Tile]:
    """Read a list of tiles: ``1-4,0-0``, ``1-4 0-0``, ``[1|4][0|0]`` or ``[1 | 4] [0 | 0]``.

    An empty text is an empty list. Raises :class:`InvalidTileError` naming the
    first piece that is not a tile, or for separators with no tile (``,,``; see
    :func:`split_tiles`). Repeats are kept: callers decide whether they are allowed.
    """
    if not isinstance(text, str):
        raise InvalidTileError(
            _("expected tiles such as {example}, got {text}").format(
                example=iso("'1-4,0-0'"), text=shown(text)
            )
        )
    _check_max(max_pip)
    return [Tile.parse(p, max_pip=max_pip) for p in split_tiles(text)]


def parse_placement(text: str, *, max_pip: int | None = None) -> tuple[Tile, int | None]:
    """Read a tile and, optionally, the open end it joins: ``3-4``, ``[3|4] on 4``,
    ``3-4 at 4``, ``3-4@4`` (the move grammar's play, see
    :func:`block_dominoes.round.parse_move`).

    Raises :class:`InvalidTileError` for an unreadable tile and
    :class:`InvalidPositionError` for an unreadable end.

    >>> parse_placement('[4|6] on 4')
    (Tile.parse('4-6'), 4)
    >>> parse_placement('6-4@٤')
    (Tile.parse('4-6'), 4)
    """
    if not isinstance(text, str):
        raise InvalidTileError(
            _("expected a tile such as {example} or {placed}, got {text}").format(
                example=iso("'3-4'"), placed=iso("'3-4@4'"), text=shown(text)
            )
        )
    _check_max(max_pip)
    body = strip_bom(text).strip()
    m = _PLACE_RE.match(body)
    if m is None:
        head = re.split(r"\s+(?:on|at)\s|@", body, maxsplit=1, flags=re.IGNORECASE)[0]
        if _TILE_RE.match(head.strip()) is None:
            raise InvalidTileError(_tile_help(head if head.strip() else text))
        raise InvalidPositionError(
            _(
                "cannot read the end in {text}: write the open end's value, e.g. {example} or "
                "{notation} (R7)"
            ).format(text=iso(quoted(text)), example=iso("'3-4@4'"), notation=iso("'[3|4] on 4'"))
        )
    tile = Tile.parse(m["tile"], max_pip=max_pip)
    end = m["end"]
    if end is None:
        return tile, None
    if not end.isdecimal() or len(end) > 2:
        raise InvalidPositionError(
            _(
                "cannot read the end in {text}: write the open end's value, e.g. {example} or "
                "{notation} (R7)"
            ).format(text=iso(quoted(text)), example=iso("'3-4@4'"), notation=iso("'[3|4] on 4'"))
        )
    return tile, int(end)


def split_tiles(text: str) -> list[str]:
    """The pieces of a list of tiles or placements (``1-4,0-0``, ``[1|4][0|0]``,
    ``[1 | 4] [0 | 0]``, ``1-4 3-4@4``), unparsed: separators are spaces, commas and
    semicolons (Arabic ones too) outside brackets (spaces inside a tile's brackets are its own), and
    a leading BOM is dropped; a placement keeps its end (``3-4 on 4``). Empty text
    gives no pieces; an empty place between separators (``1-2,,3-4``, a leading or
    trailing comma) raises InvalidTileError, the same in every command (R2).

    >>> split_tiles("1-2, 2-3 on 2; [3|4]@3")
    ['1-2', '2-3 on 2', '[3|4]@3']
    """
    if not isinstance(text, str):
        raise InvalidTileError(
            _("expected tiles such as {example}, got {text}").format(
                example=iso("'1-4,0-0'"), text=shown(text)
            )
        )
    body = strip_bom(text).strip()
    only_separators = all(c.isspace() or c in SEPARATORS for c in body)
    pieces = [] if only_separators else _join_ends(_split_outside_brackets(body, strict=True))
    if body and not pieces:
        raise InvalidTileError(
            _(
                "cannot read {text} as tiles: it has separators but no tiles, write tiles "
                "such as {example} (R2)"
            ).format(text=iso(quoted(text)), example=iso("'1-4,0-0'")),
            rule="R2",
        )
    return pieces


#: what may separate tiles besides spaces: commas and semicolons, Latin or Arabic (an
#: Arabic keyboard types ، and ؛)
SEPARATORS = ",;\u060c\u061b"


def _split_outside_brackets(body: str, *, strict: bool = False) -> list[str]:
    """The non-empty pieces of ``body`` between separators outside brackets: runs of
    spaces, commas and semicolons (:data:`SEPARATORS`) that no ``]`` closes, and any spaces between ``]``
    and ``[``. Linear in the length, so a pasted page of tiles is refused at once
    (the regular expression it replaces, tested against it in tests/engine/test_tiles.py,
    looked ahead to the end for each separator). ``strict``: an empty place between
    separators (``1-2,,3-4``, a leading or trailing comma) raises InvalidTileError.

    >>> _split_outside_brackets("1-4, 0-0;[1 | 4] [0|0][2|3]")
    ['1-4', '0-0', '[1 | 4]', '[0|0]', '[2|3]']
    """
    n = len(body)
    after = [""] * (n + 1)  # the first bracket at or after each index ("" for none)
    for i in range(n - 1, -1, -1):
        after[i] = body[i] if body[i] in "[]" else after[i + 1]
    pieces: list[str] = []
    start = i = 0
    while i < n:
        if i and body[i - 1] == "]":  # "][" or "] [": one tile ends, the next begins
            j = i
            while j < n and body[j].isspace():
                j += 1
            if j < n and body[j] == "[":
                pieces.append(body[start:i])
                start, i = j, j + 1
                continue
        if body[i].isspace() or body[i] in SEPARATORS:
            j = i
            while j < n and (body[j].isspace() or body[j] in SEPARATORS):
                j += 1
            if after[j] != "]":  # not inside a tile's brackets
                marks = sum(c in SEPARATORS for c in body[i:j]) if strict else 0
                if marks > 1 or (marks and (i == 0 or j == n)):
                    _empty_item(body, i)
                pieces.append(body[start:i])
                start = j
            i = j
            continue
        i += 1
    pieces.append(body[start:])
    return [p for p in pieces if p]


def _empty_item(body: str, at: int) -> NoReturn:
    """Refuse a list with an empty place in it (``1-2,,3-4``, a leading or trailing
    comma): a tile was left out, or a separator typed twice (the one input policy)."""
    raise InvalidTileError(
        _(
            "cannot read {text} as tiles: there is an empty place between separators at "
            "character {at}; write each tile once, separated by a comma or a space (R2)"
        ).format(text=iso(quoted(body)), at=at + 1),
        rule="R2",
    )


#: the words that join a tile to the open end it is placed on (``3-4 on 4``, ``at 4``)
_ON_WORDS = ("on", "at")


def _join_ends(pieces: list[str]) -> list[str]:
    """Pieces split at spaces put back together where a placement was: ``3-4``,
    ``on``, ``4`` -> ``3-4 on 4`` (also ``on the 4``, ``at 4 end``)."""
    out: list[str] = []
    i = 0
    while i < len(pieces):
        p = pieces[i]
        if out and p.lower() in _ON_WORDS and i + 1 < len(pieces):
            words = [p]
            i += 1
            if pieces[i].lower() == "the" and i + 1 < len(pieces):
                words.append(pieces[i])
                i += 1
            words.append(pieces[i])
            i += 1
            if i < len(pieces) and pieces[i].lower() == "end":
                words.append(pieces[i])
                i += 1
            out[-1] = " ".join([out[-1], *words])
            continue
        out.append(p)
        i += 1
    return out


def count(n: int, word: str) -> str:
    """``1 pip``, ``2 pips``: a number with its noun (plural by adding s).

    >>> count(1, "pip"), count(0, "point"), count(3, "round")
    ('1 pip', '0 points', '3 rounds')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in book notation, separated by spaces: ``[1|4] [0|0]``."""
    return " ".join(str(t) for t in tiles)
