"""The line of play: one two-ended line, doubles crosswise, no branches (R7, R8, R10, R11).

Ports are named as the sources name them: a non-double has a ``low end`` and a
``high end``; a double has ``line A`` (the side of its first connection; for a
leading double, the side the first follower joins) and ``line B``.

>>> line = Line.build(['1-4', '1-1'])
>>> print(line.describe())
Tiles: [1|4], [1|1]. Connections: [1|4] low end - [1|1] line A. Open: [1|1] line B 1, [1|4] high end 4.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import AmbiguousMoveError, IllegalMoveError
from .tiles import Tile, parse_placement

__all__ = ["Connection", "Line", "Link", "OpenEnd", "parse_placement"]

LOW_END = "low end"
HIGH_END = "high end"
LINE_A = "line A"
LINE_B = "line B"


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An open end of the line: the tile, its free port, and the value it shows."""

    tile: Tile
    port: str
    value: int

    def __str__(self) -> str:
        return f"{self.tile} {self.port} {self.value}"

    def to_json(self) -> dict[str, object]:
        return {"tile": str(self.tile), "port": self.port, "value": self.value}


@dataclass(frozen=True, slots=True)
class Connection:
    """Two ports joined: the tile already in the line first, the newly placed tile second."""

    from_tile: Tile
    from_port: str
    to_tile: Tile
    to_port: str

    def __str__(self) -> str:
        return f"{self.from_tile} {self.from_port} - {self.to_tile} {self.to_port}"

    def to_json(self) -> dict[str, object]:
        return {
            "from": {"tile": str(self.from_tile), "port": self.from_port},
            "to": {"tile": str(self.to_tile), "port": self.to_port},
        }


@dataclass(frozen=True, slots=True)
class Link:
    """A tile in left-to-right order of the line, with the values facing left and right."""

    tile: Tile
    left: int
    right: int


def _ends_text(values: Iterable[int]) -> str:
    vals = list(values)
    if not vals:
        return "an empty line"
    if len(vals) == 2 and vals[0] == vals[1]:
        return f"a line whose ends are both {vals[0]}"
    return "a line whose ends are " + " and ".join(str(v) for v in vals)


@dataclass(frozen=True, slots=True)
class Line:
    """An immutable line of play. :meth:`place` returns a new line.

    ``chain`` runs left to right; ``tiles`` keeps the order of placement.
    The lead is laid with its low half on the left; a tile that fits an end
    value shown at both ends joins the right-hand end.
    """

    chain: tuple[Link, ...] = ()
    tiles: tuple[Tile, ...] = ()
    connections: tuple[Connection, ...] = ()
    left: OpenEnd | None = None
    right: OpenEnd | None = None

    @classmethod
    def build(cls, placements: Iterable[str | Tile], *, max_pip: int | None = None) -> Line:
        """Place tiles in order; each may be ``'3-4'``, ``'3-4@4'`` or a :class:`Tile`.

        Raises the errors of :func:`parse_placement` and :meth:`place`.
        """
        line = cls()
        for p in placements:
            tile, end = parse_placement(p, max_pip=max_pip) if isinstance(p, str) else (p, None)
            line = line.place(tile, end)
        return line

    @property
    def is_empty(self) -> bool:
        return not self.tiles

    @property
    def end_values(self) -> tuple[int, ...]:
        """The values at the open ends, left then right (empty before the lead)."""
        if self.left is None or self.right is None:
            return ()
        return (self.left.value, self.right.value)

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """The legal attachment positions, as the source lists them.

        Left to right, except that a lone non-double lead lists its high end
        first, as example E1 does.
        """
        if self.left is None or self.right is None:
            return ()
        if len(self.tiles) == 1 and not self.tiles[0].is_double:
            return (self.right, self.left)
        return (self.left, self.right)

    def fits(self, tile: Tile) -> tuple[int, ...]:
        """The distinct open-end values ``tile`` can join (all of them fit a lead)."""
        if self.left is None or self.right is None:
            return ()
        a, b = self.left.value, self.right.value
        out: list[int] = []
        if tile.has(a):
            out.append(a)
        if b != a and tile.has(b):
            out.append(b)
        return tuple(out)

    def check(self, tile: Tile, end: int | None = None) -> int | None:
        """The end value ``tile`` would join, or raise why it cannot (R7, R8).

        Raises :class:`IllegalMoveError` when the tile is already on the line,
        fits no open end, or ``end`` is not an open end it matches, and
        :class:`AmbiguousMoveError` when it fits two ends with different values
        and ``end`` is None.
        """
        if tile in self.tiles:
            raise IllegalMoveError(
                f"illegal move: {str(tile)!r} is already on the line (R2)", reason="on-line"
            )
        if self.left is None or self.right is None:
            if end is not None and not tile.has(end):
                raise IllegalMoveError(
                    f"illegal lead: {str(tile)!r} at {end!r}: the line is empty, so the lead "
                    f"joins no end, and the tile has no {end} (R5, R7)",
                    rule="R7",
                    reason="lead-end",
                )
            return None
        values = self.end_values
        if end is not None:
            if end not in values:
                raise IllegalMoveError(
                    f"illegal move: {str(tile)!r} at {end!r}: no open end shows {end} "
                    f"on {_ends_text(values)} (R7)",
                    reason="no-such-end",
                )
            if not tile.has(end):
                raise IllegalMoveError(
                    f"illegal move: {str(tile)!r} at {end!r}: the tile has no {end} to "
                    f"match that end (R7{', R8' if end == 0 else ''})",
                    rule="R8" if end == 0 or tile == Tile(0, 0) else "R7",
                    reason="wrong-end",
                )
            return end
        options = self.fits(tile)
        if not options:
            why = " (R7, R8: a blank matches only a blank)" if tile.has(0) else " (R7)"
            raise IllegalMoveError(
                f"illegal move: {str(tile)!r} on {_ends_text(values)}: "
                f"neither half matches an open end{why}",
                rule="R8" if tile == Tile(0, 0) else "R7",
                reason="no-fit",
            )
        if len(options) > 1:
            raise AmbiguousMoveError(
                f"ambiguous move: {str(tile)!r} fits both open ends ({options[0]} and "
                f"{options[1]}); say which, e.g. '{tile.low}-{tile.high}@{options[0]}' (R7)",
                reason="both-ends",
            )
        return options[0]

    def place(self, tile: Tile, end: int | None = None) -> Line:
        """A new line with ``tile`` added: as the lead, or at the end showing ``end``.

        Raises the errors of :meth:`check`.
        """
        value = self.check(tile, end)
        if self.left is None or self.right is None or value is None:
            if tile.is_double:
                left = OpenEnd(tile, LINE_A, tile.low)
                right = OpenEnd(tile, LINE_B, tile.high)
            else:
                left = OpenEnd(tile, LOW_END, tile.low)
                right = OpenEnd(tile, HIGH_END, tile.high)
            return Line((Link(tile, tile.low, tile.high),), (tile,), (), left, right)
        at_right = self.right.value == value
        target = self.right if at_right else self.left
        other = self.left if at_right else self.right
        from_port = target.port
        if len(self.tiles) == 1 and self.tiles[0].is_double:
            # A leading double: the side the first follower joins is line A.
            from_port = LINE_A
            other = OpenEnd(other.tile, LINE_B, other.value)
        if tile.is_double:
            to_port, new_end = LINE_A, OpenEnd(tile, LINE_B, value)
        else:
            free = tile.other(value)
            to_port = LOW_END if tile.low == value else HIGH_END
            new_end = OpenEnd(tile, HIGH_END if to_port == LOW_END else LOW_END, free)
        conn = Connection(target.tile, from_port, tile, to_port)
        if at_right:
            chain = (*self.chain, Link(tile, value, new_end.value))
            return Line(chain, (*self.tiles, tile), (*self.connections, conn), other, new_end)
        chain = (Link(tile, new_end.value, value), *self.chain)
        return Line(chain, (*self.tiles, tile), (*self.connections, conn), new_end, other)

    def describe(self) -> str:
        """The line in the words of RULES.md: tiles, connections, open ends."""
        tiles = ", ".join(str(t) for t in self.tiles) or "none"
        conns = "; ".join(str(c) for c in self.connections) or "none"
        ends = ", ".join(str(e) for e in self.open_ends) or "none (any tile may lead)"
        return f"Tiles: {tiles}. Connections: {conns}. Open: {ends}."

    def to_json(self) -> dict[str, object]:
        return {
            "tiles": [str(t) for t in self.tiles],
            "connections": [c.to_json() for c in self.connections],
            "open_ends": [e.to_json() for e in self.open_ends],
        }

    def __str__(self) -> str:
        return " ".join(str(link.tile) for link in self.chain)

    def _repr_svg_(self) -> str:
        from .render import line_svg

        return line_svg(self)
