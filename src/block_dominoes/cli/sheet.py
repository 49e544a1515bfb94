"""``block-dominoes sheet ...``: keep a match score sheet in a JSON file.

Sub-commands: ``new``, ``add``, ``claim``, ``edit``, ``undo``, ``show``, ``plot``.
Every change loads the file, checks the change with :mod:`block_dominoes.sheet`
and only then writes the file atomically; a refusal exits with status 2, one line
on stderr, and leaves the file byte for byte as it was. matplotlib is imported only
by ``plot``. This module calls the sheet's public functions only
(:mod:`block_dominoes.sheet`); the chart is :mod:`block_dominoes.sheet.chart`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from block_dominoes.cli.base import (
    Subparsers,
    add_command,
    add_common,
    add_force,
    add_json,
    read_stdin_line,
)
from block_dominoes.errors import ConfirmationError, InvalidPositionError, SheetFileError
from block_dominoes.i18n import N_, _, ngettext
from block_dominoes.inputs import whole
from block_dominoes.sheet.chart import chart_format, save_sheet_chart
from block_dominoes.sheet.fileformat import split_names
from block_dominoes.sheet.model import Sheet, load, save, update
from block_dominoes.sheet.rows import Entry

__all__ = ["cmd_plot", "register"]


_SEAT = N_("claim refused: seat")
_POINTS = N_("claim refused: points")


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _ask(question: str) -> bool:
    """Ask y/N on the terminal (the prompt goes to stderr); True only for y or yes."""
    print(question, end="", file=sys.stderr, flush=True)
    answer = read_stdin_line()  # closed or not UTF-8 text: one line, exit 2
    return answer.strip().lower() in {"y", "yes", _("y"), _("yes")}


def _names(text: str | None) -> list[str] | None:
    """The names of ``--names A,B,...``; the sheet model checks each (one line of text)."""
    if text is None:
        return None
    return split_names(text)


# -- commands -------------------------------------------------------------------------
def cmd_new(a: argparse.Namespace) -> tuple[str, object]:
    if not a.file.strip():
        raise SheetFileError(
            _("{command} needs a file name for the new sheet").format(command="sheet new")
        )
    sheet = Sheet.new(
        a.rules,
        whole(a.players, N_("number of players"), low=2, high=4, rule="R1"),
        names=_names(a.names),
        starter=whole(a.starter, N_("starter seat"), low=1),
    )
    save(sheet, a.file, new=True)
    a.saved = a.file
    return _("{header}\nsaved to {file}").format(
        header=sheet.header(), file=a.file
    ), sheet.show_json()


def cmd_add(a: argparse.Namespace) -> tuple[str, object]:
    _, sheet = update(a.file, lambda s: s.add_hands(a.hands))
    a.saved = a.file
    return sheet.round_text(sheet.rounds[-1]), sheet.show_json()


def cmd_claim(a: argparse.Namespace) -> tuple[str, object]:
    seat = whole(a.seat, _SEAT, low=1)
    points = whole(a.points, _POINTS)
    _, sheet = update(a.file, lambda s: s.add_claim(seat, points))
    a.saved = a.file
    return sheet.round_text(sheet.rounds[-1]), sheet.show_json()


def cmd_edit(a: argparse.Namespace) -> tuple[str, object]:
    number = whole(a.round, N_("round number"), low=1)
    if a.claim is not None and a.hands:
        raise InvalidPositionError(
            _("edit: give either the hands or {flag}, not both").format(flag="--claim SEAT POINTS")
        )
    if a.claim is not None:
        entry = Entry.of_claim(
            whole(a.claim[0], _SEAT, low=1),
            whole(a.claim[1], _POINTS),
        )
    elif a.hands:
        entry = Entry.of_hands(a.hands)
    else:
        raise InvalidPositionError(
            _("edit: give the round's hands, or {flag}").format(flag="--claim SEAT POINTS")
        )
    old, sheet = update(a.file, lambda s: s.edit(number, entry, drop_later=a.drop_later))
    a.saved = a.file
    dropped = len(old.entries) - len(sheet.entries)
    note = (
        ngettext(
            "edited round {number}; dropped {k} later round (R20)",
            "edited round {number}; dropped {k} later rounds (R20)",
            dropped,
        )
        if dropped
        else _("edited round {number}")
    ).format(number=number, k=dropped)
    return f"{note}\n{sheet.describe()}", sheet.show_json()


def cmd_undo(a: argparse.Namespace) -> tuple[str, object]:
    old = load(a.file)
    if not old.entries:
        raise InvalidPositionError(_("nothing to undo: the sheet has no rounds"))
    last = old.rounds[-1]
    confirm = bool(a.yes)
    if not confirm:
        if not _stdin_is_terminal():
            raise ConfirmationError(
                _(
                    "undo of round {number} refused: no terminal to ask for a confirmation; "
                    "add {flag}"
                ).format(number=last.number, flag="--yes")
            )
        confirm = _ask(
            _("undo round {number} ({explanation})? [y/N] ").format(
                number=last.number, explanation=last.explanation
            )
        )
        if not confirm:
            raise ConfirmationError(
                _("undo of round {number} cancelled: nothing changed").format(number=last.number)
            )
    sheet = old.undo(confirm=confirm)
    save(sheet, a.file)
    a.saved = a.file
    return (
        _("undid round {number}: {explanation}\nnow: {scores}").format(
            number=last.number, explanation=last.explanation, scores=sheet.scores_text()
        ),
        sheet.show_json(),
    )


def cmd_show(a: argparse.Namespace) -> tuple[str, object]:
    sheet = load(a.file)
    return sheet.describe(), sheet.show_json()


def cmd_plot(a: argparse.Namespace) -> tuple[str, object]:
    chart_format(a.out)  # a wrong suffix is refused before the sheet is read
    sheet = load(a.file)
    save_sheet_chart(sheet, a.out, force=a.force)
    a.saved = a.out
    k = len(sheet.rounds)
    series = [
        {
            "label": " + ".join(sheet.names[s - 1] for s in side),
            "scores": [0] + [r.scores[side[0] - 1] for r in sheet.rounds],
        }
        for side in sheet.rules.teams(sheet.players)
    ]
    said = ngettext(
        "chart of {k} round written to {file}", "chart of {k} rounds written to {file}", k
    ).format(k=k, file=a.out)
    return said, {
        "out": a.out,
        "rounds": len(sheet.rounds),
        "target": sheet.target,
        "series": series,
    }


def register(sub_: Subparsers) -> None:
    """Add ``sheet`` and its sub-commands to the ``block-dominoes`` parser."""
    top = sub_.add_parser(
        "sheet",
        help=N_("keep a match score sheet: every score explained, impossible entries refused"),
    )
    sub = top.add_subparsers(
        dest="sheet_command", required=True, parser_class=type(top), metavar="COMMAND"
    )

    def add(
        name: str, func: Callable[[argparse.Namespace], tuple[str, object]], helptext: str
    ) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = add_command(sub, name, func, helptext)
        p.add_argument("file", metavar="FILE", help=N_("the score sheet (JSON)"))
        return p

    p = add("new", cmd_new, N_("start a new sheet (never overwrites a file)"))
    p.add_argument("--players", required=True, metavar="N", help=N_("2, 3 or 4 (R1)"))
    p.add_argument("--names", metavar="A,B,...", help=N_("player names, in seat order"))
    p.add_argument(
        "--starter", default="1", metavar="SEAT", help=N_("who won the lot (R5); default 1")
    )
    add_common(p)

    p = add("add", cmd_add, N_("record a round from the remaining hands"))
    p.add_argument("hands", nargs="+", metavar="HAND", help=N_("tiles (1-4,0-0), a total (7) or -"))
    add_json(p, N_("print the sheet as JSON"))

    p = add("claim", cmd_claim, N_("record a round by its result alone: SEAT scored POINTS"))
    p.add_argument("seat", metavar="SEAT")
    p.add_argument("points", metavar="POINTS")
    add_json(p, N_("print the sheet as JSON"))

    p = add("edit", cmd_edit, N_("correct a past round; every later round is recomputed"))
    p.add_argument("round", metavar="ROUND", help=N_("the round number, from 1"))
    p.add_argument("hands", nargs="*", metavar="HAND", help=N_("the round's remaining hands"))
    p.add_argument("--claim", nargs=2, metavar=("SEAT", "POINTS"), help=N_("a claim instead"))
    p.add_argument(
        "--drop-later",
        action="store_true",
        help=N_("confirm dropping the rounds that would come after the match's new end"),
    )
    add_json(p, N_("print the sheet as JSON"))

    p = add("undo", cmd_undo, N_("remove the last round (asks first)"))
    p.add_argument("--yes", action="store_true", help=N_("confirm without asking"))
    add_json(p, N_("print the sheet as JSON"))

    p = add("show", cmd_show, N_("print the sheet: every round explained, totals, next starter"))
    add_json(p, N_("print the sheet as JSON"))

    p = add("plot", cmd_plot, N_("draw the scores round by round (matplotlib)"))
    p.add_argument(
        "--out", required=True, metavar="FILE", help=N_("chart file: .png, .svg or .pdf")
    )
    add_force(p, N_("replace an existing chart (never a sheet or another kind of file)"))
    add_json(p, N_("print what was written and the plotted series as JSON"))
