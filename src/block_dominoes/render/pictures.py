"""Deterministic SVG pictures of tiles, hands, lines and rounds (same input, same bytes).

Pips are drawn as on real tiles (0 to 12); doubles stand crosswise in the line
(R10); a long line bends back and forth to fit the width it is given, with a
drawn bend between rows (R11); the two open ends carry markers with their port
and value, and the ends a given tile fits are highlighted. Every picture has a
``<title>`` and a ``<desc>`` that say in words what it shows (the engine's own
description), for screen readers.

Each picture is built as an element tree (:mod:`xml.etree.ElementTree`), so odd
text in a title or label is escaped by the serializer, never by hand. Pictures
fit any screen: each has a ``viewBox`` and its natural size as ``width`` and
``height``, with ``max-width:100%`` so it scales down to a narrow column and
never overflows it. At natural size every label is 16 px (14 px or more as
shown on a 1280 px screen, readable on a projector).

>>> from block_dominoes.line import Line
>>> svg = line_svg(Line.build(['1-4', '1-1']))
>>> svg.startswith('<svg') and 'line B 1' in svg and 'viewBox' in svg
True
>>> svg == line_svg(Line.build(['1-4', '1-1']))
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import unescape
from typing import TYPE_CHECKING

from block_dominoes.i18n import _, iso, ngettext
from block_dominoes.line import Line
from block_dominoes.render.svg import (
    BACK,
    BEND,
    EDGE,
    END,
    GAP,
    LABEL_PX,
    LAST,
    MARGIN,
    MARK,
    PAD,
    S,
    draw_tile,
    el,
    fmt,
    group,
    put_text,
    serialize,
    text_direction,
    text_width,
)
from block_dominoes.round import Play, RoundState
from block_dominoes.tiles import Tile

if TYPE_CHECKING:
    from block_dominoes.line import OpenEnd

__all__ = [
    "Picture",
    "fit_text",
    "hand_svg",
    "line_svg",
    "replay",
    "state_svg",
    "tile_svg",
]


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
    body = ET.Element("g")
    draw_tile(body, 2, 2, tile.low, tile.high, vertical, str(tile))
    return serialize(
        w + 4,
        h + 4,
        _("Tile {tile}").format(tile=iso(tile)),
        ngettext(
            "The tile {tile}, worth {pips} pip.", "The tile {tile}, worth {pips} pips.", tile.pips
        ).format(tile=iso(tile), pips=tile.pips),
        body,
    )


def _hand_tiles(
    parent: ET.Element, tiles: Sequence[Tile], x0: float, y0: float, hidden: bool
) -> None:
    for i, t in enumerate(tiles):
        x = x0 + i * (S + GAP)
        if hidden:
            el(
                parent,
                "rect",
                x=x,
                y=y0,
                width=S,
                height=2 * S,
                rx=5,
                fill=BACK,
                stroke=EDGE,
                stroke_width=1.5,
            )
        else:
            draw_tile(parent, x, y0, t.low, t.high, True, str(t))


def _hand_desc(tiles: Sequence[Tile], hidden: bool) -> str:
    if hidden:
        return ngettext("{n} tiles, face down.", "{n} tiles, face down.", len(tiles)).format(
            n=len(tiles)
        )
    if not tiles:
        return _("No tiles.")
    pips = sum(t.pips for t in tiles)
    if len(tiles) == 1:
        return ngettext(
            "1 tile: {tiles}; {pips} pip.", "1 tile: {tiles}; {pips} pips.", pips
        ).format(tiles=iso(tiles[0]), pips=pips)
    return ngettext(
        "{n} tiles: {tiles}; {pips} pip.", "{n} tiles: {tiles}; {pips} pips.", pips
    ).format(n=len(tiles), tiles=" ".join(iso(t) for t in tiles), pips=pips)


def _hand_block(
    parent: ET.Element, tiles: Sequence[Tile], label: str, x0: float, y0: float, hidden: bool
) -> tuple[float, float]:
    """A caption line, then the tiles (or "no tiles"); returns the block's width and height."""
    g = group(parent, "hand")
    width = 0.0
    top = y0
    if label:
        put_text(g, x0, y0 + LABEL_PX, label, bold=True)
        width = text_width(label)
        top = y0 + LABEL_PX + 8
    if not tiles:
        none = _("no tiles")
        put_text(g, x0, top + LABEL_PX + 4, none, fill=END)
        return max(width, text_width(none)), top - y0 + LABEL_PX + 12
    _hand_tiles(g, tiles, x0, top, hidden)
    return max(width, len(tiles) * (S + GAP) - GAP), top - y0 + 2 * S


def hand_svg(
    tiles: Iterable[Tile],
    *,
    title: str | None = None,
    hidden: bool = False,
    label: str | None = None,
) -> str:
    """A row of standing tiles with its caption above them; ``hidden`` shows their backs.

    ``label`` (default: ``title``, unless that is None or the generic "Hand") is
    drawn inside the picture, so a hand's owner stays with its tiles; an empty
    hand draws its label and "no tiles". ``title`` defaults to "Hand", in the
    current language.

    >>> 'no tiles' in hand_svg([], label='Player 2')
    True
    """
    ts = list(tiles)
    generic = title is None or title == "Hand"
    title = _("Hand") if title is None else title
    text = label if label is not None else ("" if generic else title)
    body = ET.Element("g")
    w, h = _hand_block(body, ts, text, 2, 2, hidden)
    desc = _hand_desc(ts, hidden)
    if text and text != title:
        desc = _("{label}: {hand}").format(label=text, hand=desc)
    return serialize(max(w + 4, 40), h + 4, title, desc, body)


@dataclass(frozen=True, slots=True)
class _Box:
    """Where one tile of the chain was drawn."""

    x0: float
    x1: float
    mid: float  # vertical middle of its row
    bottom: float  # lowest edge of the tile


def _marker(
    parent: ET.Element,
    x: float,
    y: float,
    end: OpenEnd,
    hot: bool,
    tag: str | None,
    top: float,
    width: float,
) -> None:
    """A dashed ring with the end's value at (x, y), and its tag (e.g. "end X") above
    the row, whose top edge is at ``top``, centred on the ring but inside the picture
    (``width`` wide)."""
    colour = MARK if hot else END
    what = _("{end}: a tile fits here") if hot else _("{end}: open end")
    g = group(parent, "end fits" if hot else "end", what.format(end=end))
    el(
        g,
        "circle",
        cx=x,
        cy=y,
        r=12,
        fill="#fdecea" if hot else "#ffffff",
        stroke=colour,
        stroke_width=2,
        stroke_dasharray="4 2",
    )
    put_text(g, x, y + 6, str(end.value), fill=colour, anchor="middle", bold=True)
    if tag:
        put_text(g, _inside(x, tag, width), top - 6, tag, fill=colour, anchor="middle", bold=True)


#: How far past the picture's edge a centred label's width estimate may reach before
#: the label is moved in: the estimate is generous (0.6 em a character; "end X" is
#: drawn 44 px wide, estimated 48, "الطرف X" 63 and 67), so a tag whose estimate
#: spills over by this much or less still fits as drawn.
SLACK = 2.0


def _inside(x: float, text: str, width: float) -> float:
    """Where to centre ``text`` near ``x`` so that it stays inside ``0..width``: at ``x``
    unless its width estimate spills over an edge by more than :data:`SLACK` (a longer
    tag, such as one in another language), then just inside that edge."""
    half = text_width(text) / 2
    if x - half < -SLACK:
        return min(half, width / 2)
    if x + half > width + SLACK:
        return max(width - half, width / 2)
    return x


def _bend(
    parent: ET.Element, x_from: float, y_from: float, x_to: float, y_to: float, side: float
) -> None:
    """A rounded U-turn from the end of one row to the start of the next (R11)."""
    k = 10 if side > x_from else -10
    g = group(parent, "bend", _("the line bends here to fit the table (R11)"))
    el(
        g,
        "path",
        d=(
            f"M{fmt(x_from)} {fmt(y_from)} H{fmt(side - k)} "
            f"Q{fmt(side)} {fmt(y_from)} {fmt(side)} {fmt(y_from + 10)} V{fmt(y_to - 10)} "
            f"Q{fmt(side)} {fmt(y_to)} {fmt(side - k)} {fmt(y_to)} H{fmt(x_to)}"
        ),
        stroke=BEND,
        stroke_width=3,
        stroke_linecap="round",
        fill="none",
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
        return _("{tile} may lead: the line is empty, so any tile may lead (R5, R7).").format(
            tile=iso(tile)
        )
    values = line.fits(tile)
    if not values:
        line.check(tile)  # raises with the engine's reason
    line.check(tile, values[0])  # e.g. the tile is already on the line (R2)
    ends = [e for e in line.open_ends if e.value in values]
    if len(ends) == 2:
        return _("{tile} fits {first} or {second}.").format(
            tile=iso(tile), first=ends[0], second=ends[1]
        )
    return _("{tile} fits {end}.").format(tile=iso(tile), end=ends[0])


def _line_body(
    parent: ET.Element,
    line: Line,
    *,
    width: float,
    hot: set[int],
    labels: bool,
    last: Tile | None,
    end_tags: tuple[str, str] | None,
    y_top: float = 0.0,
) -> tuple[float, float]:
    """Draw ``line`` into ``parent`` from ``y_top``; return the drawn width and height."""
    if line.is_empty:
        msg = _("empty line: any tile may lead")
        put_text(parent, 8, y_top + S // 2 + 8, msg, fill=END)
        return text_width(msg) + 16, S + 8
    most = max(width - 2 * MARGIN, 2 * S + GAP)
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, link in enumerate(line.chain):
        w = (S if link.tile.is_double else 2 * S) + GAP
        if rows[-1] and used + w > most + GAP:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += w

    def row_width(row: list[int]) -> float:
        return sum((S if line.chain[i].tile.is_double else 2 * S) + GAP for i in row) - GAP

    usable = max(row_width(r) for r in rows)
    left, right = line.left, line.right
    assert left is not None and right is not None
    # Port labels below the last row: widen a short line so both fit side by side.
    words = (
        (
            _("{port} {value}").format(port=_(left.port), value=left.value),
            _("{port} {value}").format(port=_(right.port), value=right.value),
        )
        if labels
        else ("", "")
    )
    need = text_width(words[0]) + text_width(words[1]) + 32 - 2 * MARGIN
    # ...unless that would make the picture wider than ``width`` (long port names, as
    # in Arabic): then the right one goes on a line of its own, below the left one.
    stagger = len(rows) == 1 and need > most
    if stagger:
        alone = max(text_width(words[0]), text_width(words[1])) + 8 - 2 * MARGIN
        usable = max(usable, min(alone, most))
    elif len(rows) == 1 and usable < need:
        usable = need
    row_h = 2 * S + 36
    tags = end_tags or (None, None)

    def layout(gap: float) -> list[list[tuple[int, float, float, bool]]]:
        """Each row's tiles in drawing order: (chain index, x, top of the row, reversed);
        rows after the first are ``gap`` lower."""
        placed = []
        for r, row in enumerate(rows):
            y0 = y_top + PAD + r * row_h
            if r:
                y0 += gap
            reverse = r % 2 == 1
            rw = row_width(row)
            x = float(MARGIN + usable - rw) if reverse else float(MARGIN)
            if len(rows) == 1:
                x = MARGIN + (usable - rw) / 2
            drawn = []
            for i in reversed(row) if reverse else row:
                drawn.append((i, x, y0, reverse))
                x += (S if line.chain[i].tile.is_double else 2 * S) + GAP
            placed.append(drawn)
        return placed

    def box(i: int, x: float, y0: float) -> _Box:
        if line.chain[i].tile.is_double:
            return _Box(x, x + S, y0 + S, y0 + 2 * S)
        return _Box(x, x + 2 * S, y0 + S, y0 + 1.5 * S)

    def port_labels(
        boxes: list[list[_Box]], lx: float, rx: float
    ) -> list[tuple[float, float, str]]:
        """(x, baseline, anchor) of the left and right port labels: under their end's
        tile, or under a taller tile (a double) of the same row that the label reaches,
        and inside the picture."""
        right_edge = 2 * MARGIN + usable - 4
        first, final = boxes[0][0], boxes[-1][-1]
        if len(rows) == 1:  # both under one row: one from each edge of the picture
            spots = [(4.0, first, "start"), (right_edge, final, "end")]
        else:
            spots = [(max(lx - 12, 4), first, "start")]
            if len(rows) % 2 == 1:
                spots.append((min(rx + 12, right_edge), final, "end"))
            else:
                spots.append((max(rx - 12, 4), final, "start"))
        out = []
        for (x, under, anchor), text, row in zip(spots, words, (boxes[0], boxes[-1]), strict=True):
            w = text_width(text)
            # kept inside the picture (a long label beside a short last row)
            x = (
                min(max(x, w + 4), right_edge)
                if anchor == "end"
                else max(min(x, right_edge - w), 4)
            )
            x0, x1 = (x, x + w) if anchor == "start" else (x - w, x)
            low = max([under.bottom] + [b.bottom for b in row if b.x0 < x1 and b.x1 > x0])
            out.append((x, low + 20, anchor))
        if stagger:
            (x, base, anchor), (_x0, base0, _a0) = out[1], out[0]
            out[1] = (x, max(base, base0) + 20, anchor)
        return out

    def ends(boxes: list[list[_Box]]) -> tuple[float, float]:
        first, final = boxes[0][0], boxes[-1][-1]
        return first.x0 - 18, final.x1 + 18 if len(rows) % 2 == 1 else final.x0 - 18

    def as_boxes(placed: list[list[tuple[int, float, float, bool]]]) -> list[list[_Box]]:
        rows_boxes = [[box(i, x, y0) for i, x, y0, _rev in row] for row in placed]
        return [list(reversed(b)) if r % 2 == 1 else b for r, b in enumerate(rows_boxes)]

    gap = 0.0
    placed = layout(gap)
    boxes = as_boxes(placed)  # chain order
    lx, rx = ends(boxes)
    spots = port_labels(boxes, lx, rx) if labels else []
    x, base, anchor = spots[0] if spots else (0.0, 0.0, "start")
    moved = base > boxes[0][0].bottom + 20
    if spots and len(rows) == 2 and tags[1] and (moved or text_direction(words[0]) == "rtl"):
        # The first row's label, when moved below a double (or in Arabic, whose letters
        # reach below the baseline), must not run into the tag above the second row's
        # end ("end Y"): then the second row moves down. (A Latin label under its own
        # double clears the tag, as English pictures always have.)
        span = text_width(words[0])
        x0, x1 = (x, x + span) if anchor == "start" else (x - span, x)
        final = boxes[-1][-1]
        tag_x = _inside(rx, tags[1], 2 * MARGIN + usable)
        tw = text_width(tags[1]) / 2
        tag_top = final.mid - S - 6 - LABEL_PX
        if base + 4 > tag_top and x0 < tag_x + tw and tag_x - tw < x1:
            gap = base + 4 - tag_top + 2
            placed = layout(gap)
            boxes = as_boxes(placed)
            spots = port_labels(boxes, lx, rx)
    for row in placed:
        for i, x, y0, reverse in row:
            link = line.chain[i]
            a, b = (link.right, link.left) if reverse else (link.left, link.right)
            outline = LAST if link.tile == last else EDGE
            if link.tile.is_double:
                draw_tile(parent, x, y0, a, b, True, str(link.tile), outline=outline)
            else:
                draw_tile(parent, x, y0 + S / 2, a, b, False, str(link.tile), outline=outline)
    for r in range(len(rows) - 1):
        end, start = boxes[r][-1], boxes[r + 1][0]
        if r % 2 == 0:  # a row running right turns down on the right
            _bend(parent, end.x1, end.mid, start.x1, start.mid, MARGIN + usable + 22)
        else:
            _bend(parent, end.x0, end.mid, start.x0, start.mid, MARGIN - 22)
    first, final = boxes[0][0], boxes[-1][-1]
    picture_w = 2 * MARGIN + usable
    _marker(parent, lx, first.mid, left, left.value in hot, tags[0], first.mid - S, picture_w)
    _marker(parent, rx, final.mid, right, right.value in hot, tags[1], final.mid - S, picture_w)
    if labels:
        # Port names under the ends ("line B 1"): the left one from the left edge,
        # the right one against its end, each in its end's colour.
        lcol = MARK if left.value in hot else END
        rcol = MARK if right.value in hot else END
        g = group(parent, "ports")
        for (x, base, anchor), text, colour in zip(spots, words, (lcol, rcol), strict=True):
            put_text(g, x, base, text, fill=colour, anchor=anchor)
    height = PAD + len(rows) * row_h - 4 + gap
    if spots:  # a label moved down (below a double, or staggered) stays inside
        height = max(height, max(base for _x, base, _a in spots) + 8)
    return picture_w, height


#: The widest a line is drawn by default (``width``): it bends into rows this wide
#: (R11), so on a 400 px phone (a column of about 368 px) the 16 px labels show at
#: 16 px instead of shrinking; a wider column shows it at its natural size.
PHONE_WIDTH = 360


def line_svg(
    line: Line,
    *,
    width: int = PHONE_WIDTH,
    highlight: Sequence[int] = (),
    labels: bool = True,
    title: str | None = None,
    fit: Tile | None = None,
    last: Tile | None = None,
    end_tags: tuple[str, str] | None = None,
    creator: str | None = None,
) -> str:
    """The line, left to right, bending into rows no wider than ``width`` (R11).

    ``width`` is the widest the picture may be drawn; a short line is drawn
    narrower. Each open end gets a dashed marker with its value and, when
    ``labels``, its port ("line B 1"). Ends whose value is in ``highlight``,
    or that ``fit`` can join, are drawn in red. ``last`` outlines one tile
    (the one just played). ``end_tags`` names the left and right ends above
    their markers (a question's choices use ``("end X", "end Y")``). The
    ``<desc>`` is :meth:`Line.describe`, followed by :func:`fit_text` when
    ``fit`` is given. ``title`` defaults to "Line of play", in the current language.
    ``creator`` names the file's maker in a ``<metadata>`` element: ``line --svg``
    passes ``"block-dominoes line diagram"``, so ``--force`` knows the file is its
    own; a picture shown in a page has none (and stays byte for byte the same).
    """
    title = _("Line of play") if title is None else title
    desc = line.describe()
    hot = set(highlight)
    if fit is not None:
        hot |= set(line.fits(fit))
        try:
            desc += " " + fit_text(line, fit)
        except ValueError as e:
            desc += f" {e}."
    body = ET.Element("g")
    w, h = _line_body(body, line, width=width, hot=hot, labels=labels, last=last, end_tags=end_tags)
    return serialize(w, h, title, desc, body, creator=creator)


def replay(state: RoundState, moves: int) -> RoundState:
    """The state after the first ``moves`` moves of ``state``'s history."""
    return state.after(moves)


def state_svg(
    state: RoundState,
    *,
    reveal: bool = True,
    width: int = PHONE_WIDTH,
    title: str | None = None,
    caption: str | None = None,
    end_tags: tuple[str, str] | None = None,
    turn: bool = True,
) -> str:
    """A round: the line (the tile just played outlined), then each hand with its label.

    Hands are face up when ``reveal``. The ``<desc>`` holds ``caption`` (if
    given), the line's description and each hand. ``turn`` marks whose turn it is
    while the round goes on (a question asking whether the round is over turns it off,
    since the mark would give the answer away). ``title`` defaults to "Round", in the
    current language.
    """
    title = _("Round") if title is None else title
    last = None
    if state.history:
        move = state.history[-1][1]
        if isinstance(move, Play):
            last = move.tile
    body = ET.Element("g")
    line_g = el(body, "g", class_="line")
    drawn_w, line_h = _line_body(
        line_g, state.line, width=width, hot=set(), labels=True, last=last, end_tags=end_tags
    )
    y = line_h + 8
    hand_words = []
    for seat, hand in enumerate(state.hands, start=1):
        note = ngettext("Player {seat}: {n} tile", "Player {seat}: {n} tiles", len(hand)).format(
            seat=seat, n=len(hand)
        )
        if reveal:
            pips = sum(t.pips for t in hand)
            note += ngettext(", {pips} pip", ", {pips} pips", pips).format(pips=pips)
        if turn and seat == state.current_player and not state.is_over:
            note += _(" (to play)")
        w, h = _hand_block(body, hand, note, 8, y, not reveal)
        drawn_w = max(drawn_w, w + 16)
        hand_words.append(
            _("Player {seat}: {hand}").format(seat=seat, hand=_hand_desc(hand, not reveal))
        )
        y += h + 14
    desc = " ".join([*([caption] if caption else []), state.line.describe(), *hand_words])
    return serialize(drawn_w, y, title, desc, body)
