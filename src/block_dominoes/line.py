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

from block_dominoes.errors import (
    AmbiguousMoveError,
    BlockDominoesError,
    IllegalMoveError,
    InvalidPositionError,
    quoted,
)
from block_dominoes.i18n import N_, _, iso, pgettext
from block_dominoes.inputs import shown, whole_number
from block_dominoes.tiles import MAX_HALF, Tile, need_tile, parse_placement

__all__ = [
    "Connection",
    "Line",
    "Link",
    "OpenEnd",
]

# Port names are data (JSON, records) and stay English; _() translates them for display.
LOW_END = N_("low end")
HIGH_END = N_("high end")
LINE_A = N_("line A")
LINE_B = N_("line B")


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An open end of the line: the tile, its free port, and the value it shows."""

    tile: Tile
    port: str
    value: int

    def __str__(self) -> str:
        return _("{tile} {port} {value}").format(
            tile=iso(self.tile), port=_(self.port), value=self.value
        )

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
        return _("{from_tile} {from_port} - {to_tile} {to_port}").format(
            from_tile=iso(self.from_tile),
            from_port=_(self.from_port),
            to_tile=iso(self.to_tile),
            to_port=_(self.to_port),
        )

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
        return _("an empty line")
    if len(vals) == 2 and vals[0] == vals[1]:
        return _("a line whose ends are both {value}").format(value=vals[0])
    if len(vals) == 2:
        return _("a line whose ends are {first} and {second}").format(first=vals[0], second=vals[1])
    return _("a line whose ends are {values}").format(
        values=pgettext("list of numbers", ", ").join(map(str, vals))
    )


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
    def build(
        cls,
        placements: Iterable[str | Tile],
        *,
        max_pip: int = 6,
        context: str | None = None,
    ) -> Line:
        """Place tiles in order; each may be ``'3-4'``, ``'3-4@4'`` or a :class:`Tile`,
        of the double-``max_pip`` set (double-six unless said, R2, V5).

        The one reader of a line written as text: the CLI's ``line`` and ``legal
        --line``, and the explorer widget, build their lines here. The lead takes
        no ``@V`` (see :meth:`check`).

        Raises the errors of :func:`parse_placement` and :meth:`place`, and
        InvalidTileError for a tile outside the set or a value that is not a tile;
        with ``context`` (a translated sentence with ``{number}``, ``{text}`` and
        ``{error}``) the error is restated to name the placement it came from.
        """
        if isinstance(placements, str) or not isinstance(placements, Iterable):
            raise InvalidPositionError(
                _("{what} must be a list or tuple, got {text}").format(
                    what=_("placements"), text=shown(placements)
                )
            )
        line = cls()
        for number, p in enumerate(placements, start=1):
            try:
                if isinstance(p, str):
                    tile, end = parse_placement(p, max_pip=max_pip)
                else:
                    held = need_tile(p)  # in the set: read as its text would be
                    tile, end = Tile.parse(f"{held.low}-{held.high}", max_pip=max_pip), None
                line = line.place(tile, end)
            except BlockDominoesError as e:
                if context is None:
                    raise
                text = iso(quoted(p)) if isinstance(p, str) else shown(p)
                raise e.restated(context.format(number=number, text=text, error=e)) from None
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
        """The distinct open-end values ``tile`` can join (none before the lead, when
        any tile may lead). InvalidTileError if ``tile`` is not a Tile."""
        need_tile(tile)
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
        fits no open end, ``end`` is not an open end it matches, or ``end`` is
        given for the lead (the empty line has no end to join: R5), and
        :class:`AmbiguousMoveError` when it fits two ends with different values
        and ``end`` is None; InvalidTileError / InvalidPositionError for a ``tile``
        that is not a Tile or an ``end`` that is not a whole number.
        """
        need_tile(tile)
        if end is not None:
            whole_number(end, N_("end"), high=MAX_HALF, rule="R7")
        if tile in self.tiles:
            raise IllegalMoveError(
                _("illegal move: {tile} is already on the line (R2)").format(
                    tile=iso(repr(str(tile)))
                ),
                rule="R2",
                reason="on-line",
            )
        if self.left is None or self.right is None:
            if end is not None:
                # The lead joins no end (R5 lets it be any tile; R7's ends do not exist
                # yet), so an end written on it means nothing: refused for every end,
                # whether or not the tile shows it, by every entry point.
                raise IllegalMoveError(
                    _(
                        "illegal lead: the lead joins no open end, so it takes no {at}: "
                        "write it as {tile} alone (R5)"
                    ).format(at=iso(f"'@{end}'"), tile=iso(repr(str(tile)))),
                    rule="R5",
                    reason="lead-end",
                )
            return None
        values = self.end_values
        if end is not None:
            if end not in values:
                raise IllegalMoveError(
                    _(
                        "illegal move: {tile} at {end}: no open end shows {end} on {line} (R7)"
                    ).format(tile=iso(repr(str(tile))), end=end, line=_ends_text(values)),
                    rule="R7",
                    reason="no-such-end",
                )
            if not tile.has(end):
                raise IllegalMoveError(
                    _(
                        "illegal move: {tile} at {end}: the tile has no {end} to match that "
                        "end ({rules})"
                    ).format(
                        tile=iso(repr(str(tile))),
                        end=end,
                        rules=pgettext("list of rule ids", ", ").join(
                            ("R7", "R8") if end == 0 else ("R7",)
                        ),
                    ),
                    rule="R8" if end == 0 or tile == Tile(0, 0) else "R7",
                    reason="wrong-end",
                )
            return end
        options = self.fits(tile)
        if not options:
            why = _("R7, R8: a blank matches only a blank") if tile.has(0) else "R7"
            raise IllegalMoveError(
                _(
                    "illegal move: {tile} on {line}: neither half matches an open end ({why})"
                ).format(tile=iso(repr(str(tile))), line=_ends_text(values), why=why),
                rule="R8" if tile == Tile(0, 0) else "R7",
                reason="no-fit",
            )
        if len(options) > 1:
            raise AmbiguousMoveError(
                _(
                    "ambiguous move: {tile} fits both open ends ({first} and {second}); say "
                    "which, e.g. {example} (R7)"
                ).format(
                    tile=iso(repr(str(tile))),
                    first=options[0],
                    second=options[1],
                    example=iso(f"'{tile.low}-{tile.high}@{options[0]}'"),
                ),
                rule="R7",
                reason="both-ends",
            )
        return options[0]

    def place(self, tile: Tile | str, end: int | None = None) -> Line:
        """A new line with ``tile`` (a Tile, or tile text such as ``'3-4'``) added: as
        the lead, or at the end showing ``end``.

        Raises the errors of :meth:`check` (and of :meth:`Tile.parse` for text).
        """
        if isinstance(tile, str):
            tile = Tile.parse(tile)
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
        tiles = pgettext("list of tiles", ", ").join(iso(t) for t in self.tiles) or pgettext(
            "no tiles", "none"
        )
        conns = pgettext("list of connections", "; ").join(map(str, self.connections)) or (
            pgettext("no connections", "none")
        )
        ends = pgettext("list of open ends", ", ").join(map(str, self.open_ends)) or _(
            "none (any tile may lead)"
        )
        return _("Tiles: {tiles}. Connections: {connections}. Open: {ends}.").format(
            tiles=tiles, connections=conns, ends=ends
        )

    def to_json(self) -> dict[str, object]:
        return {
            "tiles": [str(t) for t in self.tiles],
            "connections": [c.to_json() for c in self.connections],
            "open_ends": [e.to_json() for e in self.open_ends],
        }

    def __str__(self) -> str:
        return " ".join(str(link.tile) for link in self.chain)

    def _repr_svg_(self) -> str:
        from block_dominoes.render.pictures import line_svg

        return line_svg(self)
