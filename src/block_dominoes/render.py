"""Deterministic SVG pictures of tiles, hands, lines and rounds (same input, same bytes).

Pips are drawn as on real tiles (0 to 12); doubles stand crosswise in the line
(R10); a long line bends back and forth to fit the width, with a drawn bend
between rows (R11); the two open ends carry markers with their port and value,
and the ends a given tile fits are highlighted. Every picture has a
``<title>`` and a ``<desc>`` that say in words what it shows (the engine's own
description), for screen readers.

>>> from block_dominoes.line import Line
>>> svg = line_svg(Line.build(['1-4', '1-1']))
>>> svg.startswith('<svg') and 'line B 1' in svg
True
>>> svg == line_svg(Line.build(['1-4', '1-1']))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape, unescape
from typing import TYPE_CHECKING

from .line import Line
from .round import Draw, Pass, Play, RoundState
from .tiles import Tile

if TYPE_CHECKING:
    from .line import OpenEnd

__all__ = [
    "Picture",
    "fit_text",
    "hand_svg",
    "line_svg",
    "move_caption",
    "pip_points",
    "replay",
    "state_svg",
    "tile_svg",
]

S = 36  # side of one half, in px
GAP = 4
MARGIN = 64  # room on each side of the line for end markers and bends
_FACE = "#fffdf6"
_BACK = "#35605a"
_EDGE = "#222"
_PIP = "#1b1b1b"
_MARK = "#c0392b"  # an end the given tile fits (red)
_END = "#5a6570"  # an open end (grey)
_BEND = "#8a949c"
_LAST = "#1f6fb2"  # outline of the tile just played

# Pip layouts on a half lying flat (x across, y down, both 0..1), as on real
# tiles: 1-9 on a 3 x 3 grid, 10-12 on 4 columns x 3 rows. A standing half
# uses the same layout turned a quarter, so a six always runs along the tile.
_A, _B, _C = 0.22, 0.5, 0.78
_Q = (0.16, 0.39, 0.61, 0.84)
_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((_B, _B),),
    2: ((_A, _A), (_C, _C)),
    3: ((_A, _A), (_B, _B), (_C, _C)),
    4: ((_A, _A), (_C, _A), (_A, _C), (_C, _C)),
    5: ((_A, _A), (_C, _A), (_B, _B), (_A, _C), (_C, _C)),
    6: ((_A, _A), (_B, _A), (_C, _A), (_A, _C), (_B, _C), (_C, _C)),
    7: ((_A, _A), (_B, _A), (_C, _A), (_B, _B), (_A, _C), (_B, _C), (_C, _C)),
    8: ((_A, _A), (_B, _A), (_C, _A), (_A, _B), (_C, _B), (_A, _C), (_B, _C), (_C, _C)),
    9: tuple((x, y) for y in (_A, _B, _C) for x in (_A, _B, _C)),
    10: (*tuple((x, y) for y in (_A, _C) for x in _Q), (0.3, _B), (0.7, _B)),
    11: (*tuple((x, y) for y in (_A, _C) for x in _Q), (_A, _B), (_B, _B), (_C, _B)),
    12: tuple((x, y) for y in (_A, _B, _C) for x in _Q),
}


def _f(x: float) -> str:
    """A coordinate with at most one decimal: stable text for the same number."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def pip_points(value: int, *, standing: bool = False) -> tuple[tuple[float, float], ...]:
    """Pip centres of one half in a unit square (``standing`` turns it a quarter).

    Raises ValueError for a value with no layout (halves go from 0 to 12, V5).

    >>> len(pip_points(12)), pip_points(1)
    (12, ((0.5, 0.5),))
    """
    if value not in _LAYOUT:
        raise ValueError(f"cannot draw {value!r} pips: halves go from 0 to 12 (R2, V5)")
    pts = _LAYOUT[value]
    return tuple((y, x) for x, y in pts) if standing else pts


def _half(x: float, y: float, value: int, standing: bool) -> str:
    r = S * (0.085 if value <= 9 else 0.068)
    return "".join(
        f'<circle cx="{_f(x + px * S)}" cy="{_f(y + py * S)}" r="{_f(r)}" fill="{_PIP}"/>'
        for px, py in pip_points(value, standing=standing)
    )


def _tile(
    x: float, y: float, a: int, b: int, standing: bool, label: str, *, outline: str = _EDGE
) -> str:
    """A tile with half ``a`` left (or top) and half ``b`` right (or bottom)."""
    w, h = (S, 2 * S) if standing else (2 * S, S)
    bx, by = (x, y + S) if standing else (x + S, y)
    if standing:
        divider = f'<line x1="{_f(x + 5)}" y1="{_f(y + S)}" x2="{_f(x + S - 5)}" y2="{_f(y + S)}"'
    else:
        divider = f'<line x1="{_f(x + S)}" y1="{_f(y + 5)}" x2="{_f(x + S)}" y2="{_f(y + S - 5)}"'
    width = "3" if outline != _EDGE else "1.5"
    return (
        f'<g class="tile"><title>{escape(label)}</title>'
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{w}" height="{h}" rx="5" fill="{_FACE}" '
        f'stroke="{outline}" stroke-width="{width}"/>'
        f'{divider} stroke="{_EDGE}" stroke-width="1"/>'
        f"{_half(x, y, a, standing)}{_half(bx, by, b, standing)}</g>"
    )


def _svg(width: float, height: float, title: str, desc: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{_f(width)}" '
        f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'style="max-width:100%;height:auto" font-family="sans-serif" font-size="11">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>{body}</svg>"
    )


@dataclass(frozen=True, slots=True, repr=False)
class Picture:
    """An SVG for a notebook: it shows itself as the picture, and in plain text
    as its title and description (what nbval and screen readers get).

    >>> Picture(tile_svg(Tile(1, 2)))
    Tile [1|2]: The tile [1|2], worth 3 pips.
    """

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        title = self.svg.split("<title>", 1)[1].split("</title>", 1)[0]
        desc = self.svg.split("<desc>", 1)[1].split("</desc>", 1)[0]
        return unescape(f"{title}: {desc}")


def tile_svg(tile: Tile, *, vertical: bool = False) -> str:
    """One tile, lying flat (``vertical=False``) or standing.

    >>> '<desc>The tile [6|6], worth 12 pips.</desc>' in tile_svg(Tile(6, 6))
    True
    """
    w, h = (S, 2 * S) if vertical else (2 * S, S)
    body = _tile(2, 2, tile.low, tile.high, vertical, str(tile))
    return _svg(w + 4, h + 4, f"Tile {tile}", f"The tile {tile}, worth {tile.pips} pips.", body)


def _hand_body(tiles: Sequence[Tile], x0: float, y0: float, hidden: bool) -> str:
    body = []
    for i, t in enumerate(tiles):
        x = x0 + i * (S + GAP)
        if hidden:
            body.append(
                f'<rect x="{_f(x)}" y="{_f(y0)}" width="{S}" height="{2 * S}" rx="5" '
                f'fill="{_BACK}" stroke="{_EDGE}" stroke-width="1.5"/>'
            )
        else:
            body.append(_tile(x, y0, t.low, t.high, True, str(t)))
    return "".join(body)


def _hand_desc(tiles: Sequence[Tile], hidden: bool) -> str:
    if hidden:
        return f"{len(tiles)} tiles, face down."
    if not tiles:
        return "No tiles."
    if len(tiles) == 1:
        return f"1 tile: {tiles[0]}; {tiles[0].pips} pips."
    return (
        f"{len(tiles)} tiles: {' '.join(str(t) for t in tiles)}; {sum(t.pips for t in tiles)} pips."
    )


def hand_svg(tiles: Iterable[Tile], *, title: str = "Hand", hidden: bool = False) -> str:
    """A row of standing tiles; ``hidden`` shows their backs."""
    ts = list(tiles)
    width = max(2 + len(ts) * (S + GAP), 40)
    return _svg(width, 2 * S + 4, title, _hand_desc(ts, hidden), _hand_body(ts, 2, 2, hidden))


@dataclass(frozen=True, slots=True)
class _Box:
    """Where one tile of the chain was drawn."""

    x0: float
    x1: float
    mid: float  # vertical middle of its row
    bottom: float  # lowest edge of the tile


def _marker(
    x: float, y: float, end: OpenEnd, labels: bool, hot: bool, anchor: str, bottom: float
) -> str:
    """A dashed ring with the end's value at (x, y), its port named below ``bottom``."""
    colour = _MARK if hot else _END
    text = f"{end.port} {end.value}"
    fill = "#fdecea" if hot else "none"
    tx = {"start": x - 10, "end": x + 10}.get(anchor, x)
    what = "a tile fits here" if hot else "open end"
    return (
        f'<g class="end{" fits" if hot else ""}"><title>{escape(f"{end}: {what}")}</title>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="10" fill="{fill}" stroke="{colour}" '
        f'stroke-width="2" stroke-dasharray="4 2"/>'
        f'<text x="{_f(x)}" y="{_f(y + 4)}" text-anchor="middle" font-weight="bold" '
        f'fill="{colour}">{end.value}</text>'
        + (
            f'<text x="{_f(tx)}" y="{_f(bottom + 13)}" text-anchor="{anchor}" fill="{colour}">'
            f"{escape(text)}</text>"
            if labels
            else ""
        )
        + "</g>"
    )


def _bend(x_from: float, y_from: float, x_to: float, y_to: float, side: float) -> str:
    """A rounded U-turn from the end of one row to the start of the next (R11)."""
    k = 10 if side > x_from else -10
    return (
        '<g class="bend"><title>the line bends here to fit the table (R11)</title>'
        f'<path d="M{_f(x_from)} {_f(y_from)} H{_f(side - k)} '
        f"Q{_f(side)} {_f(y_from)} {_f(side)} {_f(y_from + 10)} V{_f(y_to - 10)} "
        f'Q{_f(side)} {_f(y_to)} {_f(side - k)} {_f(y_to)} H{_f(x_to)}" '
        f'stroke="{_BEND}" stroke-width="3" stroke-linecap="round" fill="none"/></g>'
    )


def fit_text(line: Line, tile: Tile) -> str:
    """Where ``tile`` can go on ``line``, in words (the explorer's and the diagram's text).

    Raises the engine's IllegalMoveError (naming R7, R8 or R2) when it fits nowhere.

    >>> from block_dominoes.line import Line
    >>> print(fit_text(Line.build(['1-4', '1-1']), Tile(1, 3)))
    [1|3] fits [1|1] line B 1.
    """
    if line.is_empty:
        line.check(tile)
        return f"{tile} may lead: the line is empty, so any tile may lead (R5, R7)."
    values = line.fits(tile)
    if not values:
        line.check(tile)  # raises with the engine's reason
    line.check(tile, values[0])  # e.g. the tile is already on the line (R2)
    ends = [e for e in line.open_ends if e.value in values]
    return f"{tile} fits {' or '.join(str(e) for e in ends)}."


def line_svg(
    line: Line,
    *,
    width: int = 640,
    highlight: Sequence[int] = (),
    labels: bool = True,
    title: str = "Line of play",
    fit: Tile | None = None,
    last: Tile | None = None,
) -> str:
    """The line, left to right, bending into rows no wider than ``width`` (R11).

    Each open end gets a dashed marker with its value and, when ``labels``, its
    port ("line B 1"). Ends whose value is in ``highlight``, or that ``fit``
    can join, are drawn in red. ``last`` outlines one tile (the one just
    played). The ``<desc>`` is :meth:`Line.describe`, followed by
    :func:`fit_text` when ``fit`` is given and fits.
    """
    desc = line.describe()
    hot = set(highlight)
    if fit is not None:
        hot |= set(line.fits(fit))
        try:
            desc += " " + fit_text(line, fit)
        except ValueError as e:
            desc += f" {e}."
    if line.is_empty:
        return _svg(
            width,
            S + 8,
            title,
            desc,
            f'<text x="8" y="{S // 2 + 6}" fill="{_END}">empty line: any tile may lead</text>',
        )
    usable = max(width - 2 * MARGIN, 2 * S + GAP)
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, link in enumerate(line.chain):
        w = (S if link.tile.is_double else 2 * S) + GAP
        if rows[-1] and used + w > usable + GAP:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += w
    row_h = 2 * S + 36
    body: list[str] = []
    boxes: list[list[_Box]] = []
    for r, row in enumerate(rows):
        y0 = 14 + r * row_h
        mid = y0 + S
        reverse = r % 2 == 1
        row_w = sum((S if line.chain[i].tile.is_double else 2 * S) + GAP for i in row) - GAP
        x = float(MARGIN + usable - row_w) if reverse else float(MARGIN)
        drawn: list[_Box] = []
        for i in reversed(row) if reverse else row:
            link = line.chain[i]
            a, b = (link.right, link.left) if reverse else (link.left, link.right)
            outline = _LAST if link.tile == last else _EDGE
            if link.tile.is_double:
                body.append(_tile(x, y0, a, b, True, str(link.tile), outline=outline))
                drawn.append(_Box(x, x + S, mid, y0 + 2 * S))
                x += S + GAP
            else:
                body.append(_tile(x, y0 + S / 2, a, b, False, str(link.tile), outline=outline))
                drawn.append(_Box(x, x + 2 * S, mid, y0 + 1.5 * S))
                x += 2 * S + GAP
        boxes.append(list(reversed(drawn)) if reverse else drawn)  # chain order
    for r in range(len(rows) - 1):
        end, start = boxes[r][-1], boxes[r + 1][0]
        if r % 2 == 0:  # a row running right turns down on the right
            side = MARGIN + usable + 22
            body.append(_bend(end.x1, end.mid, start.x1, start.mid, side))
        else:
            side = MARGIN - 22
            body.append(_bend(end.x0, end.mid, start.x0, start.mid, side))
    left, right = line.left, line.right
    assert left is not None and right is not None
    first, final = boxes[0][0], boxes[-1][-1]
    body.append(
        _marker(first.x0 - 16, first.mid, left, labels, left.value in hot, "start", first.bottom)
    )
    right_x, anchor = (final.x1 + 16, "end") if len(rows) % 2 == 1 else (final.x0 - 16, "start")
    body.append(
        _marker(right_x, final.mid, right, labels, right.value in hot, anchor, final.bottom)
    )
    height = 14 + len(rows) * row_h - 8
    return _svg(width, height, title, desc, "".join(body))


def move_caption(state: RoundState, index: int) -> str:
    """The words for move ``index`` (0-based) of ``state.history``, naming the rule.

    >>> from block_dominoes.round import RoundState
    >>> s = RoundState.new('pagat', [['1-4', '2-2'], ['4-6', '0-0']]).play('1-4')
    >>> move_caption(s, 0)
    'player 1 leads [1|4] (R5, R7)'
    """
    seat, move = state.history[index]
    before = replay(state, index)
    if isinstance(move, Pass):
        ends = " and ".join(str(v) for v in before.line.end_values)
        return f"player {seat} passes: no tile in hand matches the open ends {ends} (R9)"
    if isinstance(move, Draw):
        return f"player {seat} draws {move.tile}: no tile fits (V6)"
    assert isinstance(move, Play)
    if move.end is None:
        return f"player {seat} leads {move.tile} (R5, R7)"
    target = next(e for e in before.line.open_ends if e.value == move.end)
    rule = "R7, R10: a double lies crosswise" if move.tile.is_double else "R7"
    if move.end == 0:
        rule += ", R8"
    return f"player {seat} plays {move.tile} on {target} ({rule})"


def replay(state: RoundState, moves: int) -> RoundState:
    """The state after the first ``moves`` moves of ``state``'s history."""
    return state.after(moves)


def state_svg(
    state: RoundState,
    *,
    reveal: bool = True,
    width: int = 640,
    title: str = "Round",
    caption: str | None = None,
) -> str:
    """A round: the line (the tile just played outlined), then each hand.

    Hands are face up when ``reveal``. The ``<desc>`` holds ``caption`` (if
    given), the line's description and each hand.
    """
    last = None
    if state.history:
        move = state.history[-1][1]
        if isinstance(move, Play):
            last = move.tile
    line = line_svg(state.line, width=width, last=last)
    line_h = float(line.split('height="', 1)[1].split('"', 1)[0])
    inner = line.split("</desc>", 1)[1].rsplit("</svg>", 1)[0]
    body = [f"<g>{inner}</g>"]
    y = line_h + 8
    hand_words = []
    for seat, hand in enumerate(state.hands, start=1):
        note = f"player {seat}: {len(hand)} tile{'' if len(hand) == 1 else 's'}"
        if reveal:
            note += f", {sum(t.pips for t in hand)} pips"
        if seat == state.current_player and not state.is_over:
            note += " (to play)"
        body.append(
            f'<text x="8" y="{_f(y + 12)}" font-size="12" fill="#333">{escape(note)}</text>'
        )
        body.append(f'<g class="hand">{_hand_body(hand, 8, y + 18, not reveal)}</g>')
        hand_words.append(f"Player {seat}: {_hand_desc(hand, not reveal)}")
        y += 2 * S + 30
    desc = " ".join([*([caption] if caption else []), state.line.describe(), *hand_words])
    return _svg(width, y, title, desc, "".join(body))
