"""What the book's chapters share: the example printer and the position pictures.

The chapters (``book/**/*.md``) import these instead of each defining its own, so a
fix here reaches every chapter the next time ``python tools/run_notebooks.py`` runs
them. IPython is only needed by the helpers that display pictures, and only when
they are called. Every sentence they print or draw is in the current language (a
chapter run with ``BLOCK_DOMINOES_LANG=ar`` prints Pagat's Arabic wording).

>>> line = example("E2", "[1|1] on the 1.", ["1-4", "1-1"], new=True)
E2 [1|1] on the 1.
New connection [1|4] low end - [1|1] line A.
Open: [1|1] line B 1, [1|4] high end 4.
>>> print(words(line))
Tiles: [1|4], [1|1].
Connections: [1|4] low end - [1|1] line A.
Open: [1|1] line B 1, [1|4] high end 4.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from block_dominoes.errors import InvalidPositionError, InvalidTileError, MissingDependencyError
from block_dominoes.i18n import N_, _, iso, pgettext
from block_dominoes.inputs import sequence, shown
from block_dominoes.line import Line
from block_dominoes.render.pictures import hand_svg, line_svg
from block_dominoes.round import RoundState
from block_dominoes.tiles import parse_tiles

__all__ = ["display", "example", "short_errors", "show", "show_hands", "show_position", "words"]


def short_errors() -> None:
    """Show a cell's error as one line, the engine's message (no traceback, so no file
    paths are stored either). Does nothing outside IPython.

    >>> short_errors()
    """
    try:
        ipython: Any = importlib.import_module("IPython")
    except ImportError:  # pragma: no cover - the book always has IPython
        return
    shell = ipython.get_ipython()
    if shell is not None:
        shell.InteractiveTB.set_mode(mode="Minimal")


def example(eid: str, words: str, placements: list[str], new: bool = False) -> Line:
    """Build the line, then print its connections and open ends as the rules digest
    words them (E1-E7): ``new`` names only the connection the last tile made.

    >>> _ = example("E4", "Lead [0|0].", ["0-0"])
    E4 Lead [0|0].
    Open: [0|0] line A 0, [0|0] line B 0 (a blank needs a blank).
    >>> _ = example("E7", "Lead [2|2].", ["2-2"])
    E7 Lead [2|2].
    Open: [2|2] line A 2, [2|2] line B 2; no branches.
    """
    if not isinstance(eid, str) or not isinstance(words, str):
        raise InvalidPositionError(
            _("an example's id and words are text, got {eid} and {words}").format(
                eid=shown(eid), words=shown(words)
            )
        )
    line = Line.build(placements)
    conns = [str(c) for c in line.connections]
    out = [f"{iso(eid)} {words}"]  # isolated: an Arabic line starts with its words
    if new and not conns:
        raise InvalidPositionError(
            _(
                "{flag} names the connection the last tile made, but this line has none "
                "(a lead joins no tile, R5)"
            ).format(flag="new=True"),
            rule="R5",
        )
    if new:
        out.append(_("New connection {connection}.").format(connection=conns[-1]))
    elif len(conns) == 1:
        out.append(_("Connection {connection}.").format(connection=conns[0]))
    elif conns:
        joined = pgettext("list of connections", "; ").join(conns)
        out.append(_("Connections: {connections}.").format(connections=joined))
    ends = pgettext("list of open ends", ", ").join(str(e) for e in line.open_ends)
    if line.is_empty:
        ends = _("none (any tile may lead)")
    elif all(e.value == 0 for e in line.open_ends):
        ends += _(" (a blank needs a blank)")  # R8: only a blank joins these ends
    elif len(line.tiles) == 1 and line.tiles[0].is_double and len(line.open_ends) == 2:
        ends += _("; no branches")  # R10: a leading double still has exactly two ends
    out.append(_("Open: {ends}.").format(ends=ends))
    print("\n".join(out))
    return line


def words(line: Line) -> str:
    """The line in words, one sentence a line (tiles, connections, open ends).

    >>> print(words(Line.build(["3-3"])))
    Tiles: [3|3].
    Connections: none.
    Open: [3|3] line A 3, [3|3] line B 3.
    """
    _need(line, Line, "Line.build(['3-3'])")
    return "\n".join(s if s.endswith(".") else s + "." for s in line.describe().split(". "))


def _need(value: object, kind: type, example: str) -> None:
    """InvalidPositionError unless ``value`` is a ``kind`` (a helper was given another value)."""
    if not isinstance(value, kind):
        raise InvalidPositionError(
            _("expected a {kind} (such as {example}), got {text}").format(
                kind=kind.__name__, example=example, text=shown(value)
            )
        )


def display(obj: Any, raw: bool = False) -> None:
    """IPython's ``display`` (looked up when called; tests replace this name to record
    what a cell shows)."""
    try:
        ipython_display: Any = importlib.import_module("IPython.display")
    except ImportError:
        raise MissingDependencyError(
            _("showing pictures needs IPython (a notebook): pip install ipython")
        ) from None
    ipython_display.display(obj, raw=raw)


def show(svg: str) -> None:
    """Display an SVG picture as the cell's output."""
    display({"image/svg+xml": svg}, raw=True)


def show_position(state: RoundState, seats: Iterable[int] | None = None) -> None:
    """The line and the hands of ``seats`` (all by default), as pictures and text."""
    _need(state, RoundState, "RoundState.deal('pagat', 2, 0)")
    seats = None if seats is None else list(sequence(seats, N_("seat")))
    for seat in seats or ():
        state.hand(seat)  # a seat that is not one is refused before anything is shown
    show(line_svg(state.line, width=360, title=_("The line")))
    print(words(state.line))
    for seat in seats or range(1, state.players + 1):
        hand = state.hand(seat)
        show(hand_svg(hand, title=_("Player {seat}").format(seat=seat)))
        tiles = " ".join(iso(t) for t in hand) or _("(no tiles)")
        print(_("Player {seat}: {tiles}").format(seat=seat, tiles=tiles))


def show_hands(texts: Iterable[str]) -> None:
    """Each player's hand as a picture and a line of text: ``"1-2,3-4"``, or ``"-"``
    for the player who went out."""
    hands = sequence(texts, N_("hands"))
    for seat, text in enumerate(hands, start=1):
        if not isinstance(text, str):
            raise InvalidTileError(
                _(
                    "player {seat}'s hand: expected text such as {tiles} or {out}, got {text}"
                ).format(seat=seat, tiles=iso("'1-2,3-4'"), out="'-'", text=shown(text))
            )
    for seat, text in enumerate(hands, start=1):
        tiles = [] if text.strip() == "-" else parse_tiles(text, max_pip=6)
        show(hand_svg(tiles, title=_("Player {seat}").format(seat=seat)))
        said = " ".join(iso(t) for t in tiles) or _("went out")
        print(_("Player {seat}: {tiles}").format(seat=seat, tiles=said))
