"""Pictures: deterministic SVG of tiles, hands, lines and whole rounds.

:mod:`.pictures` draws what a reader sees (the functions below); :mod:`.svg` holds the
drawing primitives they share (sizes, text, one tile). Each picture is built as an
ElementTree and serialised the same way every time, with a ``<title>`` and ``<desc>``
that say in words what it shows.

>>> from block_dominoes import Line
>>> line_svg(Line.build(['1-4'])).startswith('<svg')
True
"""

from __future__ import annotations

from block_dominoes.render.pictures import (
    Picture,
    fit_text,
    hand_svg,
    line_svg,
    replay,
    state_svg,
    tile_svg,
)

__all__ = ["Picture", "fit_text", "hand_svg", "line_svg", "replay", "state_svg", "tile_svg"]
