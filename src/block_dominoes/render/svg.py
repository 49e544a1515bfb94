"""The drawing primitives of the engine's pictures, as an element tree
(:mod:`xml.etree.ElementTree`): a tile's halves and pips as on real tiles, text
labels, groups, and the ``<svg>`` root with its ``viewBox``, ``<title>`` and
``<desc>``, serialized to the same bytes for the same input. :mod:`.render`
composes them into tiles, hands, lines and rounds.

In a right-to-left language (Arabic) every label carries its own ``direction``:
``rtl`` when its first strong letter is Arabic, else ``ltr``. A label never takes
its direction from the page around it: inline in a ``dir="rtl"`` page, an SVG
text with no ``direction`` of its own is laid out right to left and its
``text-anchor`` flips, so an English-style "start" label would grow out of the
left edge of the picture. An ``rtl`` label's anchor is swapped (start <-> end),
so it covers the same box as before and the layout stays the same. The root
also names its language (``lang``, ``xml:lang``), for screen readers and for the
browser's choice of an Arabic font. English pictures gain none of these
attributes: they stay byte for byte what they were.

>>> pip_points(3)
((0.22, 0.22), (0.5, 0.5), (0.78, 0.78))
>>> from block_dominoes.i18n import language
>>> with language("ar"):
...     ET.tostring(put_text(ET.Element("g"), 4, 16, "\u0627\u0644\u062e\u0637 B 1"), "unicode")
'<text x="4" y="16" text-anchor="end" direction="rtl" fill="#1f1f1f">\u0627\u0644\u062e\u0637 B 1</text>'
"""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET

from block_dominoes.i18n import _, get_language, is_rtl

__all__ = [
    "BACK",
    "BEND",
    "EDGE",
    "END",
    "GAP",
    "LABEL_PX",
    "LAST",
    "MARGIN",
    "MARK",
    "PAD",
    "S",
    "draw_tile",
    "el",
    "fmt",
    "group",
    "pip_points",
    "put_text",
    "serialize",
    "text_direction",
    "text_width",
]

S = 36  # side of one half, in px
GAP = 4
MARGIN = 40  # room on each side of the line for end markers and bends
LABEL_PX = 16  # every text label, at natural size
PAD = 24  # room above the first row (end tags) and below the last (port labels)
FACE = "#fffdf6"
BACK = "#35605a"
EDGE = "#222"
PIP = "#1b1b1b"
MARK = "#b3261e"  # an end the given tile fits (red, 5.9:1 on white)
END = "#37424d"  # an open end (dark grey, 10:1 on white)
TEXT = "#1f1f1f"
BEND = "#6b7680"
LAST = "#1f6fb2"  # outline of the tile just played
_SVG_NS = "http://www.w3.org/2000/svg"

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


def fmt(x: float) -> str:
    """A coordinate with at most one decimal: stable text for the same number."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def text_width(text: str, size: float = LABEL_PX) -> float:
    """A generous estimate of a sans-serif text's drawn width: 0.6 em a character.

    Bidi isolation marks (FSI/PDI, format characters) and combining marks (Arabic
    vowel signs) take no room, so they are not counted. Measured in Chromium with
    DejaVu Sans, an Arabic label was 0.4-0.55 em a character; tests/i18n/test_i18n_render.py
    checks in Chromium that every label stays within the estimate in the faces the
    site ships (FONT_FAMILY), so the same estimate holds for Arabic.

    >>> text_width("end X"), text_width("\u2068[1|4]\u2069")
    (48.0, 48.0)
    """
    return 0.6 * size * sum(unicodedata.category(c) not in ("Cf", "Mn") for c in text)


def text_direction(text: str) -> str:
    """``"rtl"`` if the first strong letter of ``text`` is right to left, else ``"ltr"``
    (the rule of HTML's ``dir="auto"``).

    >>> text_direction("\u0627\u0644\u062e\u0637 B 1"), text_direction("1: end X")
    ('rtl', 'ltr')
    """
    for c in text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return "ltr"


def pip_points(value: int, *, standing: bool = False) -> tuple[tuple[float, float], ...]:
    """Pip centres of one half in a unit square (``standing`` turns it a quarter).

    Raises ValueError for a value with no layout (halves go from 0 to 12, V5).

    >>> len(pip_points(12)), pip_points(1)
    (12, ((0.5, 0.5),))
    """
    if value not in _LAYOUT:
        raise ValueError(
            _("cannot draw {value} pips: halves go from 0 to 12 (R2, V5)").format(value=repr(value))
        )
    pts = _LAYOUT[value]
    return tuple((y, x) for x, y in pts) if standing else pts


# -- tree helpers ------------------------------------------------------------------


def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str | float) -> ET.Element:
    """A child element; numbers become stable text, ``class_`` becomes ``class``."""
    el = ET.SubElement(
        parent,
        tag,
        {
            k.rstrip("_").replace("_", "-"): fmt(v) if isinstance(v, int | float) else v
            for k, v in attrs.items()
        },
    )
    if text is not None:
        el.text = text
    return el


def group(parent: ET.Element, class_: str | None = None, title: str | None = None) -> ET.Element:
    g = el(parent, "g", **({"class_": class_} if class_ else {}))
    if title is not None:
        el(g, "title", title)
    return g


def put_text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    *,
    fill: str = TEXT,
    anchor: str = "start",
    bold: bool = False,
    size: int = LABEL_PX,
) -> ET.Element:
    """A label at (x, y); ``anchor`` as in a left-to-right picture (see the module's
    note on right-to-left labels)."""
    attrs: dict[str, str | float] = {"x": x, "y": y}
    direction = text_direction(text) if is_rtl() else None
    if direction == "rtl":  # the same box: an rtl label's start is its right edge
        anchor = {"start": "end", "end": "start"}.get(anchor, anchor)
    if anchor != "start" or direction == "rtl":
        attrs["text_anchor"] = anchor
    if direction is not None:
        attrs["direction"] = direction
    if bold:
        attrs["font_weight"] = "bold"
    if size != LABEL_PX:
        attrs["font_size"] = size
    attrs["fill"] = fill
    return el(parent, "text", text, **attrs)


#: The faces the book ships (site/public/vendor/fonts/: Noto Sans for Latin, IBM Plex
#: Sans Arabic for Arabic), then the generic fallback. A diagram drawn inline in a
#: page (a widget's step-through) uses the shipped faces; one shown as an image file
#: can reach only the fonts the reader has, by the same names first. Unquoted names
#: (valid CSS) keep the attribute free of escaped quotes.
FONT_FAMILY = "Noto Sans, IBM Plex Sans Arabic, sans-serif"


def serialize(
    width: float,
    height: float,
    title: str,
    desc: str,
    body: ET.Element,
    *,
    creator: str | None = None,
) -> str:
    """The picture as text: natural size, a viewBox, and scaled down to fit its column;
    in a language other than English, the root names it (``lang``, ``xml:lang``).
    ``creator`` (a file a command writes) names the program in a ``<metadata>``
    element after the ``<desc>``; a picture shown in a page has none.

    >>> serialize(10, 10, "t", "d", ET.Element("g"), creator="block-dominoes").split("</desc>")[1]
    '<metadata>block-dominoes</metadata></svg>'
    """
    attrs = {"xmlns": _SVG_NS, "role": "img"}
    lang = get_language()
    if lang != "en":
        attrs |= {"lang": lang, "xml:lang": lang}
    root = ET.Element(
        "svg",
        {
            **attrs,
            "width": fmt(width),
            "height": fmt(height),
            "viewBox": f"0 0 {fmt(width)} {fmt(height)}",
            "style": "max-width:100%;height:auto",
            "font-family": FONT_FAMILY,
            "font-size": str(LABEL_PX),
        },
    )
    el(root, "title", title)
    el(root, "desc", desc)
    if creator is not None:
        el(root, "metadata", creator)
    root.extend(list(body))
    return ET.tostring(root, encoding="unicode")


def draw_half(parent: ET.Element, x: float, y: float, value: int, standing: bool) -> None:
    r = S * (0.085 if value <= 9 else 0.068)
    for px, py in pip_points(value, standing=standing):
        el(parent, "circle", cx=x + px * S, cy=y + py * S, r=r, fill=PIP)


def draw_tile(
    parent: ET.Element,
    x: float,
    y: float,
    a: int,
    b: int,
    standing: bool,
    label: str,
    *,
    outline: str = EDGE,
) -> None:
    """A tile with half ``a`` left (or top) and half ``b`` right (or bottom)."""
    w, h = (S, 2 * S) if standing else (2 * S, S)
    bx, by = (x, y + S) if standing else (x + S, y)
    g = group(parent, "tile", label)
    el(
        g,
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=5,
        fill=FACE,
        stroke=outline,
        stroke_width="3" if outline != EDGE else "1.5",
    )
    if standing:
        el(g, "line", x1=x + 5, y1=y + S, x2=x + S - 5, y2=y + S, stroke=EDGE, stroke_width=1)
    else:
        el(g, "line", x1=x + S, y1=y + 5, x2=x + S, y2=y + S - 5, stroke=EDGE, stroke_width=1)
    draw_half(g, x, y, a, standing)
    draw_half(g, bx, by, b, standing)
