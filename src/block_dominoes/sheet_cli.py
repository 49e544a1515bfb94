"""The score sheet's chart (matplotlib): :func:`sheet_figure`.

Kept under this name for the notebooks and the sheet widget; the ``sheet``
sub-commands live in :mod:`block_dominoes.cli.sheet`. matplotlib is imported
only inside :func:`sheet_figure`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .sheet import Sheet

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["plot_metadata", "sheet_figure"]


def plot_metadata(fmt: str) -> dict[str, Any]:
    """Metadata for ``savefig``: without a date or version the same sheet gives the same file."""
    if fmt == "svg":
        return {"Date": None, "Creator": None}
    if fmt == "pdf":
        return {"CreationDate": None, "Creator": None, "Producer": None}
    return {"Software": None}


def sheet_figure(sheet: Sheet, *, width: float = 6.4, height: float = 3.6) -> Figure:
    """A line chart of the running totals, round by round, with the target (R20).

    One line per player, or per pair under partnership rules (V3). Imports
    matplotlib here, so nothing else in the package needs it.
    """
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_subplot()
    xs = list(range(len(sheet.rounds) + 1))
    sides = sheet.rules.teams(sheet.players)
    for side in sides:
        seat = side[0]
        label = " + ".join(sheet.names[s - 1] for s in side)
        ys = [0] + [r.scores[seat - 1] for r in sheet.rounds]
        ax.plot(xs, ys, marker="o", label=label)
    ax.axhline(sheet.target, linestyle="--", color="grey", linewidth=1)
    ax.annotate(
        f"target {sheet.target}",
        (xs[-1], sheet.target),
        textcoords="offset points",
        xytext=(-2, 3),
        horizontalalignment="right",
        color="grey",
        fontsize=8,
    )
    ax.set_xticks(xs)
    ax.set_xlabel("after round")
    ax.set_ylabel("score")
    title = f"Score sheet ({sheet.rules.name}, {sheet.players} players)"
    if sheet.result is not None:
        title += ": " + (
            "a draw (R21)"
            if sheet.result.winner is None
            else f"{sheet.names[sheet.result.winner - 1]} wins (R20)"
        )
    ax.set_title(title, fontsize=10)
    ax.set_ylim(bottom=0, top=max([sheet.target, *sheet.scores]) * 1.1)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return fig
