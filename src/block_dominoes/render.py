"""Deterministic SVG pictures of tiles, hands, lines and rounds (same input, same bytes).

Pips are drawn as on real tiles; doubles stand crosswise in the line (R10);
a long line bends back and forth to fit the width (R11); the open ends carry
markers and port labels. Every picture has a ``<title>`` and a ``<desc>`` that
say in words what it shows, for screen readers.

>>> from block_dominoes.line import Line
>>> svg = line_svg(Line.build(['1-4', '1-1']))
>>> svg.startswith('<svg') and 'line B 1' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from .tiles import Tile

if TYPE_CHECKING:
    from .line import Line
    from .round import RoundState

__all__ = ["hand_svg", "line_svg", "state_svg", "tile_svg"]

S = 36  # side of one half, in px
GAP = 4
_FACE = "#fffdf6"
_EDGE = "#222"
_PIP = "#1b1b1b"
_MARK = "#d1495b"

# Pip positions on a 3x3 grid (columns, rows from 0 to 2); 10-12 use a 3x4 grid.
_GRID: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}


def _pip_points(value: int) -> list[tuple[float, float]]:
    """Pip centres in a unit square."""
    if value in _GRID:
        return [(0.2 + 0.3 * c, 0.2 + 0.3 * r) for c, r in _GRID[value]]
    cells = [(c, r) for r in range(4) for c in range(3)]
    if value == 10:
        cells = [(c, r) for r in range(4) for c in (0, 2)] + [(1, 1), (1, 2)]
    elif value == 11:
        cells = [(c, r) for r in range(4) for c in (0, 2)] + [(1, 0), (1, 1), (1, 3)]
    return [(0.2 + 0.3 * c, 0.14 + 0.24 * r) for c, r in cells[:value]]


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _half(x: float, y: float, value: int) -> str:
    r = S * (0.085 if value <= 9 else 0.07)
    return "".join(
        f'<circle cx="{_f(x + px * S)}" cy="{_f(y + py * S)}" r="{_f(r)}" fill="{_PIP}"/>'
        for px, py in _pip_points(value)
    )


def _tile(x: float, y: float, a: int, b: int, vertical: bool, label: str) -> str:
    """A tile with half ``a`` left (or top) and ``b`` right (or bottom)."""
    w, h = (S, 2 * S) if vertical else (2 * S, S)
    bx, by = (x, y + S) if vertical else (x + S, y)
    divider = (
        f'<line x1="{_f(x + 4)}" y1="{_f(y + S)}" x2="{_f(x + S - 4)}" y2="{_f(y + S)}"'
        if vertical
        else f'<line x1="{_f(x + S)}" y1="{_f(y + 4)}" x2="{_f(x + S)}" y2="{_f(y + S - 4)}"'
    )
    return (
        f'<g class="tile"><title>{escape(label)}</title>'
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{w}" height="{h}" rx="5" fill="{_FACE}" '
        f'stroke="{_EDGE}" stroke-width="1.5"/>'
        f'{divider} stroke="{_EDGE}" stroke-width="1"/>'
        f"{_half(x, y, a)}{_half(bx, by, b)}</g>"
    )


def _svg(width: float, height: float, title: str, desc: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{_f(width)}" '
        f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'font-family="sans-serif" font-size="11">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>{body}</svg>"
    )


def tile_svg(tile: Tile, *, vertical: bool = False) -> str:
    """One tile, lying flat (``vertical=False``) or standing."""
    w, h = (S, 2 * S) if vertical else (2 * S, S)
    body = _tile(2, 2, tile.low, tile.high, vertical, str(tile))
    return _svg(w + 4, h + 4, f"Tile {tile}", f"The tile {tile}, worth {tile.pips} pips.", body)


def hand_svg(tiles: Iterable[Tile], *, title: str = "Hand", hidden: bool = False) -> str:
    """A row of standing tiles; ``hidden`` shows their backs."""
    ts = list(tiles)
    body = []
    for i, t in enumerate(ts):
        x = 2 + i * (S + GAP)
        if hidden:
            body.append(
                f'<rect x="{x}" y="2" width="{S}" height="{2 * S}" rx="5" fill="#35605a" '
                f'stroke="{_EDGE}" stroke-width="1.5"/>'
            )
        else:
            body.append(_tile(x, 2, t.low, t.high, True, str(t)))
    width = max(2 + len(ts) * (S + GAP), 40)
    if hidden:
        desc = f"{len(ts)} tiles, face down."
    else:
        desc = (
            f"{len(ts)} tiles: {' '.join(str(t) for t in ts)}; {sum(t.pips for t in ts)} pips."
            if ts
            else "No tiles."
        )
    return _svg(width, 2 * S + 4, title, desc, "".join(body))


def _marker(x: float, y: float, text: str, highlight: bool) -> str:
    colour = _MARK if highlight else "#6c757d"
    return (
        f'<g class="end"><circle cx="{_f(x)}" cy="{_f(y)}" r="7" fill="none" '
        f'stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/>'
        f'<text x="{_f(x)}" y="{_f(y + S * 0.9)}" text-anchor="middle" fill="{colour}">'
        f"{escape(text)}</text></g>"
    )


def line_svg(
    line: Line,
    *,
    width: int = 640,
    highlight: Sequence[int] = (),
    labels: bool = True,
    title: str = "Line of play",
) -> str:
    """The line, left to right, bending into rows no wider than ``width`` (R11).

    Open ends get a dashed marker with the port and value (when ``labels``);
    ends whose value is in ``highlight`` are drawn in red (a tile fits there).
    """
    if line.is_empty:
        return _svg(
            width,
            S + 8,
            title,
            "An empty line: any tile may lead.",
            f'<text x="8" y="{S // 2 + 6}" fill="#6c757d">empty line: any tile may lead</text>',
        )
    # Each element: (tile, left value, right value, is double) -> its width.
    items = [(link.tile, link.left, link.right, link.tile.is_double) for link in line.chain]
    margin = 60
    usable = max(width - 2 * margin, 2 * S + 10)
    rows: list[list[tuple[Tile, int, int, bool]]] = [[]]
    used = 0.0
    for it in items:
        w = (S if it[3] else 2 * S) + GAP
        if rows[-1] and used + w > usable:
            rows.append([])
            used = 0.0
        rows[-1].append(it)
        used += w
    row_h = 2 * S + 30
    body: list[str] = []
    first_xy: tuple[float, float] = (0.0, 0.0)
    last_xy: tuple[float, float] = (0.0, 0.0)
    for r, row in enumerate(rows):
        y0 = 10 + r * row_h
        reverse = r % 2 == 1
        seq = list(reversed(row)) if reverse else row
        row_w = sum((S if it[3] else 2 * S) + GAP for it in row) - GAP
        x = float(margin + usable - row_w) if reverse else float(margin)
        placed: list[tuple[float, float, float]] = []
        for tile, a, b, dbl in seq:
            if reverse:
                a, b = b, a
            if dbl:
                body.append(_tile(x, y0, a, b, True, str(tile)))
                placed.append((x, x + S, y0 + S))
                x += S + GAP
            else:
                body.append(_tile(x, y0 + S / 2, a, b, False, str(tile)))
                placed.append((x, x + 2 * S, y0 + S))
                x += 2 * S + GAP
        ordered = list(reversed(placed)) if reverse else placed
        if r == 0:
            first_xy = (ordered[0][0] - 12, ordered[0][2])
        if r == len(rows) - 1:
            last_xy = (
                (ordered[-1][1] + 12, ordered[-1][2])
                if not reverse
                else (
                    ordered[-1][0] - 12,
                    ordered[-1][2],
                )
            )
        if r < len(rows) - 1:
            # a bend: a short connector down to the next row
            cx = ordered[-1][1] - S / 2 if not reverse else ordered[-1][0] + S / 2
            body.append(
                f'<path d="M{_f(cx)} {_f(y0 + 1.5 * S + 2)} V{_f(y0 + row_h + S / 2 - 2)}" '
                'stroke="#adb5bd" stroke-width="2" fill="none"/>'
            )
    left, right = line.left, line.right
    assert left is not None and right is not None
    for (x, y), end in ((first_xy, left), (last_xy, right)):
        text = f"{end.port} {end.value}" if labels else str(end.value)
        body.append(_marker(x, y, text, end.value in highlight))
    height = 10 + len(rows) * row_h
    return _svg(width, height, title, line.describe(), "".join(body))


def state_svg(state: RoundState, *, reveal: bool = True) -> str:
    """A round: the line, then each hand (face up when ``reveal``)."""
    parts = [line_svg(state.line)]
    for seat, hand in enumerate(state.hands, start=1):
        parts.append(hand_svg(hand, title=f"Player {seat}", hidden=not reveal))
    # Stack the pictures vertically in one SVG.
    y = 0.0
    body = []
    for p in parts:
        h = float(p.split('height="', 1)[1].split('"', 1)[0])
        body.append(f'<g transform="translate(0 {_f(y)})">{p}</g>')
        y += h + 6
    desc = f"{state}"
    return _svg(640, y, "Round", desc, "".join(body))
