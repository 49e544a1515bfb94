"""Charts drawn with matplotlib, an optional dependency: ``pip install 'block-dominoes[plot]'``.

matplotlib is imported inside the functions, so ``import block_dominoes`` never
needs it; without it they raise :class:`~block_dominoes.errors.MissingDependencyError`
with the one line that says how to install it. Charts are deterministic: the same
sheet gives the same file (no dates or versions in it, a fixed SVG id salt). Every
chart file names itself :data:`CHART_MARK` in its metadata (the SVG's creator, the
PDF's Creator, the PNG's Software), so ``--force`` replaces only a chart this
program wrote (:func:`block_dominoes.filekinds.marked`).

>>> from block_dominoes.sheet import Sheet
>>> chart_format('scores.gif')
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: --out 'scores.gif': the chart can be written as .png, .svg or .pdf
>>> chart_format('-')
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: --out '-': a chart is written to a file, never to standard output: name it .png, .svg or .pdf
>>> fig = sheet_figure(Sheet.new('pagat', 2).add_hands(['-', '10']))
>>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
['Player 1', 'Player 2']
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from block_dominoes.errors import InvalidPositionError, MissingDependencyError, SheetFileError
from block_dominoes.filekinds import MARK, unmarked
from block_dominoes.i18n import N_, _, iso, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from block_dominoes.sheet.model import Sheet

__all__ = ["CHART_MARK", "FORMATS", "chart_format", "save_sheet_chart", "sheet_figure"]

#: the file types a chart can be written as
FORMATS = ("png", "svg", "pdf")
NEEDS = N_("sheet plot needs matplotlib: pip install 'block-dominoes[plot]'")
#: what a chart file's metadata names it: the program and the kind of file
CHART_MARK = f"{MARK} chart"


def chart_format(out: str | os.PathLike[str]) -> str:
    """The chart format named by the file's suffix, or InvalidPositionError (also for
    ``-``: a chart is never written to standard output)."""
    if os.fspath(out) == "-":
        raise InvalidPositionError(
            _(
                "{flag} {file}: a chart is written to a file, never to standard output: "
                "name it {png}, {svg} or {pdf}"
            ).format(flag="--out", file=iso(repr("-")), png=".png", svg=".svg", pdf=".pdf")
        )
    fmt = Path(out).suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise InvalidPositionError(
            _("{flag} {file}: the chart can be written as {png}, {svg} or {pdf}").format(
                flag="--out", file=iso(repr(str(out))), png=".png", svg=".svg", pdf=".pdf"
            )
        )
    return fmt


def _metadata(fmt: str) -> dict[str, Any]:
    # Without a date or version the same sheet gives the same file; the mark lets
    # --force replace it (filekinds.marked).
    if fmt == "svg":
        return {"Date": None, "Creator": CHART_MARK}
    if fmt == "pdf":
        return {"CreationDate": None, "Creator": CHART_MARK, "Producer": None}
    return {"Software": CHART_MARK}


def sheet_figure(sheet: Sheet, *, width: float = 6.4, height: float = 3.6) -> Figure:
    """A line chart of the running totals, round by round, with the target (R20).

    One line per player, or per pair under partnership rules (V3). Raises
    MissingDependencyError when matplotlib is not installed.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError(_(NEEDS)) from None
    from block_dominoes.names import display_name

    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_subplot()
    xs = list(range(len(sheet.rounds) + 1))
    for side in sheet.rules.teams(sheet.players):
        seat = side[0]
        label = " + ".join(display_name("player", sheet.names[s - 1], s) for s in side)
        ys = [0] + [r.scores[seat - 1] for r in sheet.rounds]
        ax.plot(xs, ys, marker="o", label=label)
    ax.axhline(sheet.target, linestyle="--", color="grey", linewidth=1)
    ax.annotate(
        _("target {target}").format(target=sheet.target),
        (xs[-1], sheet.target),
        textcoords="offset points",
        xytext=(-2, 3),
        horizontalalignment="right",
        color="grey",
        fontsize=8,
    )
    ax.set_xticks(xs)
    ax.set_xlabel(_("after round"))
    ax.set_ylabel(_("score"))
    title = ngettext(
        "Score sheet ({rules}, {n} player)", "Score sheet ({rules}, {n} players)", sheet.players
    ).format(rules=sheet.rules.name, n=sheet.players)
    if sheet.result is not None:
        w = sheet.result.winner
        title = _("{title}: {result}").format(
            title=title,
            result=_("a draw (R21)")
            if w is None
            else _("{name} wins (R20)").format(name=display_name("player", sheet.names[w - 1], w)),
        )
    ax.set_title(title, fontsize=10)
    ax.set_ylim(bottom=0, top=max([sheet.target, *sheet.scores]) * 1.1)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return fig


def save_sheet_chart(sheet: Sheet, out: str | os.PathLike[str], *, force: bool = False) -> None:
    """Write the chart of ``sheet`` to ``out`` (.png, .svg or .pdf), the same bytes for
    the same sheet, atomically. An existing ``out`` is refused unless ``force``, and
    even then only a file this program wrote (its mark in the metadata) is replaced,
    never a score sheet (:func:`block_dominoes.storage.write_output`). Raises
    InvalidPositionError (another suffix, or ``-``), MissingDependencyError (no
    matplotlib), SheetFileError (the file exists or cannot be written)."""
    import io

    from block_dominoes import storage

    fmt = chart_format(out)
    try:
        import matplotlib
    except ImportError:
        raise MissingDependencyError(_(NEEDS)) from None
    # A name the font cannot draw shows as boxes; matplotlib's warnings about it
    # would break the one-line rule of the command line, so they are not printed.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        fig = sheet_figure(sheet)
        buffer = io.BytesIO()
        # A fixed salt makes the SVG element ids, and so the file, the same every time.
        with matplotlib.rc_context({"svg.hashsalt": "block-dominoes"}):
            fig.savefig(buffer, format=fmt, metadata=_metadata(fmt))
    storage.write_output(
        out,
        buffer.getvalue(),
        kind=fmt,
        force=force,
        ours=unmarked(CHART_MARK),
        what=N_("chart"),
        error=SheetFileError,
    )
