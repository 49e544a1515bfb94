"""The score sheet widget: a match kept round by round, every score explained.

A thin shell over :mod:`block_dominoes.sheet`: the set-up form starts a sheet,
the entry form records a round (the remaining hands, or a claim "seat S scored
P") or corrects a past one, the undo button asks for a second click, and the
sheet is saved to and loaded from a JSON file. Every refusal (an impossible
round, a conflicting edit, a corrupt file) is shown as a message; the sheet only
changes when the engine accepted the change.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as w

from block_dominoes.errors import MissingDependencyError, SheetFileError
from block_dominoes.i18n import N_, _, get_language, iso, ngettext, pgettext, speaks
from block_dominoes.names import display_name, stored_name
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.sheet.chart import sheet_figure
from block_dominoes.sheet.fileformat import split_names
from block_dominoes.sheet.model import Sheet, load, save
from block_dominoes.sheet.rows import Entry
from block_dominoes.widgets.common import (
    NEEDS_KERNEL,
    Message,
    fit_width,
    guard,
    own_language,
    row_wrap,
    shown,
)

__all__ = ["ScoreSheet", "score_sheet"]

NEW_ROUND = N_("a new round")

F = TypeVar("F", bound=Callable[..., Any])


def _chart_png(sheet: Sheet) -> bytes:
    """The chart as PNG bytes, or ``b""`` where matplotlib is not installed (the
    live edition in the browser): the sheet works without its chart."""
    try:
        fig = sheet_figure(sheet, width=6.0, height=3.2)
    except MissingDependencyError:
        return b""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def shown_names(names: Sequence[str]) -> str:
    """The names box's text: the players' names, a default one (``Player 1``) in the
    current language (read back by :func:`~block_dominoes.sheet.claims.stored_name`), joined
    by the language's comma (``،`` in Arabic), one that :func:`split_names` reads."""
    # Translators: between two names in the score sheet's names box; "," or "،" only
    # (the box reads no other separator back)
    comma = pgettext("names box", ",")
    return comma.join(display_name("player", x, seat) for seat, x in enumerate(names, start=1))


class ScoreSheet(w.VBox):
    """Set-up form, entry form, rounds explained, totals, chart, undo, save and load.

    ``sheet`` is the current :class:`~block_dominoes.sheet.Sheet`; ``text`` is
    its plain-text description (what the page shows, as text).
    """

    def __init__(
        self,
        players: int = 3,
        rules: str = "pagat",
        names: Sequence[str] | None = None,
        starter: int = 1,
        rounds: Sequence[Sequence[str] | tuple[int, int]] = (),
        path: str = "match.json",
    ) -> None:
        self.lang = get_language()
        sheet = Sheet.new(rules, players, names=names, starter=starter)
        for r in rounds:
            sheet = sheet.add(_entry(r))
        self.sheet = sheet
        self.text = ""
        self.message = Message()
        self._chart_key: object = None

        # set-up
        self.players = w.Dropdown(options=[2, 3, 4], value=players, description=_("Players"))
        self.ruleset = w.Dropdown(
            options=list(rules_names()), value=find_rules(rules).name, description=_("Rules")
        )
        self.names = w.Text(
            value=shown_names(sheet.names), description=_("Names"), placeholder="Ann,Ben,Cem"
        )
        self.starter = w.BoundedIntText(
            value=starter,
            min=1,
            max=4,
            description=_("Lot winner"),
            tooltip=_("seat that starts (R5)"),
        )
        self.new_button = w.Button(
            description=_("Start a new sheet"), icon="file", layout=fit_width()
        )
        self.new_button.on_click(lambda _b: self.start())
        setup = w.VBox(
            [
                w.HTML(
                    _("<b>Set up</b>: players in seat order; the lot winner starts round 1 (R5).")
                ),
                w.HBox([self.players, self.ruleset], layout=row_wrap()),
                w.HBox([self.names, self.starter], layout=row_wrap()),
                self.new_button,
            ]
        )

        # entry
        self.round_choice = w.Dropdown(description=_("Record"))
        self.mode = w.ToggleButtons(
            options=[(_("hands"), "hands"), (_("claim"), "claim")],
            value="hands",
            description=_("As"),
        )
        self.hands = [
            w.Text(
                description=_("Player {seat}").format(seat=i + 1),
                placeholder=_("{tiles} or {total} or {out}").format(
                    tiles="1-4,0-0", total="7", out="-"
                ),
            )
            for i in range(4)
        ]
        self.claim_seat = w.BoundedIntText(value=1, min=1, max=4, description=_("Seat"))
        self.claim_points = w.Text(value="", description=_("scored"), placeholder=_("points"))
        self.drop_later = w.Checkbox(
            value=False, description=_("drop later rounds if the edit ends the match (R20)")
        )
        self.record_button = w.Button(description=_("Record"), button_style="primary", icon="check")
        self.record_button.on_click(lambda _b: self.record())
        self.hands_box = w.VBox(self.hands)
        self.claim_box = w.HBox([self.claim_seat, self.claim_points], layout=row_wrap())
        self.mode.observe(lambda _b: self._show_mode(), names="value")
        self.round_choice.observe(lambda _b: self._fill_from_round(), names="value")
        entry = w.VBox(
            [
                w.HTML(
                    _(
                        "<b>Each round</b>: the hands left (tiles <code>1-4,0-0</code>, a pip total "
                        "<code>7</code>, or <code>-</code> for who went out), or a claim: "
                        "seat S scored P."
                    )
                ),
                self.round_choice,
                self.mode,
                self.hands_box,
                self.claim_box,
                self.drop_later,
                self.record_button,
            ]
        )

        # undo with a second, confirming click
        self.undo_button = w.Button(
            description=_("Undo last round"), icon="undo", layout=fit_width()
        )
        self.confirm_button = w.Button(
            description=_("Yes, undo it"), button_style="danger", layout=fit_width()
        )
        self.cancel_button = w.Button(description=_("Keep it"), layout=fit_width())
        self.confirm_box = w.HBox([self.confirm_button, self.cancel_button])
        self._pending: Callable[[], None] | None = None
        self._kept = _("nothing changed")
        self.undo_button.on_click(lambda _b: self.ask_undo())
        self.confirm_button.on_click(lambda _b: self.confirm_undo())
        self.cancel_button.on_click(lambda _b: self.cancel_undo())

        # save and load
        self.path = w.Text(value=path, description=_("File"))
        self.save_button = w.Button(description=_("Save"), icon="save")
        self.load_button = w.Button(description=_("Load"), icon="folder-open")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())

        # the sheet itself
        self.rounds_view = w.HTML()
        self.totals_view = w.HTML()
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))

        super().__init__(
            [
                setup,
                entry,
                w.HBox([self.undo_button, self.confirm_box], layout=row_wrap()),
                self.message,
                self.totals_view,
                self.rounds_view,
                self.chart,
                w.HBox([self.path, self.save_button, self.load_button], layout=row_wrap()),
            ]
        )
        self.add_class(NEEDS_KERNEL)  # the static page greys it out and links the live edition
        self._show_mode()
        self.refresh()

    def __repr__(self) -> str:
        return f"ScoreSheet({self.sheet.players} players, {len(self.sheet.rounds)} rounds)"

    # -- callbacks ---------------------------------------------------------------
    @own_language
    def start(self) -> None:
        """Start a new, empty sheet from the set-up form (asking first if the
        current sheet has rounds: they would be lost)."""
        self._replace(_("start a new sheet"), self._start)

    @own_language
    def _start(self) -> None:
        @guard(self.message)
        def run() -> None:
            text = self.names.value.strip()
            names = (
                [stored_name(x, seat) for seat, x in enumerate(split_names(text), start=1)]
                if text
                else None
            )
            sheet = Sheet.new(
                self.ruleset.value, self.players.value, names=names, starter=self.starter.value
            )
            self._set(sheet, _("new sheet: {header}").format(header=sheet.header()))

        run()

    @own_language
    def record(self) -> None:
        """Record the entry form as a new round, or as a correction of the chosen round."""

        @guard(self.message)
        def run() -> None:
            n = self.sheet.players
            if self.mode.value == "hands":
                entry = Entry.of_hands([b.value for b in self.hands[:n]])
            else:
                text = self.claim_points.value.strip()
                if not text.isdecimal():
                    raise ValueError(
                        _(
                            "claim refused: points {points} are not a whole number from 0 (R18)"
                        ).format(points=iso(repr(self.claim_points.value)))
                    )
                entry = Entry.of_claim(self.claim_seat.value, int(text))
            choice = self.round_choice.value
            if choice == _(NEW_ROUND):
                sheet = self.sheet.add(entry)
                done = _("round {number} recorded").format(number=len(sheet.rounds))
            else:
                k = int(choice)
                sheet = self.sheet.edit(k, entry, drop_later=self.drop_later.value)
                dropped = len(self.sheet.rounds) - len(sheet.rounds)
                done = (
                    ngettext(
                        "round {number} corrected; every later round recomputed; {k} later "
                        "round dropped (R20)",
                        "round {number} corrected; every later round recomputed; {k} later "
                        "rounds dropped (R20)",
                        dropped,
                    )
                    if dropped
                    else _("round {number} corrected; every later round recomputed")
                ).format(number=k, k=dropped)
            self._set(sheet, done)
            for b in self.hands:
                b.value = ""
            self.claim_points.value = ""

        run()

    def _ask(self, question: str, action: Callable[[], None], yes: str, kept: str) -> None:
        """Show ``question`` with a confirming button; nothing changes until it is clicked
        (``kept`` is said if the user keeps things as they are)."""
        self._pending = action
        self._kept = kept
        self.confirm_button.description = yes
        self.message.ok(_("{question}? confirm or keep it").format(question=question))
        self.confirm_box.layout.display = shown(True)

    def _replace(self, what: str, action: Callable[[], None]) -> None:
        n = len(self.sheet.rounds)
        if not n:
            action()
            return
        self._ask(
            ngettext(
                "{what} and lose the {n} round on this sheet (save it first to keep them)",
                "{what} and lose the {n} rounds on this sheet (save it first to keep them)",
                n,
            ).format(what=what, n=n),
            action,
            _("Yes, replace it"),
            _("the sheet is kept as it is"),
        )

    @own_language
    def ask_undo(self) -> None:
        """First click: ask for a confirmation (nothing changes yet)."""
        if not self.sheet.rounds:
            self.message.error(_("nothing to undo: the sheet has no rounds"))
            return
        last = self.sheet.rounds[-1]
        self._ask(
            _("undo round {number} ({explanation})").format(
                number=last.number, explanation=last.explanation
            ),
            self._undo,
            _("Yes, undo it"),
            _("nothing undone"),
        )

    @own_language
    def _undo(self) -> None:
        @guard(self.message)
        def run() -> None:
            k = len(self.sheet.rounds)
            sheet = self.sheet.undo(confirm=True)
            self._set(sheet, _("round {number} undone").format(number=k))

        run()

    @own_language
    def confirm_undo(self) -> None:
        """Second click: carry out what was asked (undo, or replacing the sheet)."""
        action, self._pending = self._pending, None
        self.confirm_box.layout.display = "none"
        if action is None:
            self.message.error(_("nothing to confirm"))
            return
        action()

    @own_language
    def cancel_undo(self) -> None:
        """Keep everything as it is."""
        self._pending = None
        self.confirm_box.layout.display = "none"
        self.message.ok(self._kept)

    @own_language
    def save(self) -> None:
        """Write the sheet to the file in ``path`` (atomically). A file there that is
        not a score sheet is never overwritten."""

        @guard(self.message)
        def run() -> None:
            path = self.path.value.strip()
            if not path:
                raise ValueError(_("give a file name to save to"))
            new = True
            try:
                load(path)
                new = False  # an existing score sheet may be replaced by this one
            except SheetFileError as e:
                if e.reason != "missing":
                    raise SheetFileError(
                        _("{error}; it was not overwritten").format(error=e)
                    ) from None
            save(self.sheet, path, new=new)
            k = len(self.sheet.rounds)
            self.message.ok(
                ngettext("saved {k} round to {file}", "saved {k} rounds to {file}", k).format(
                    k=k, file=path
                )
            )

        run()

    @own_language
    def load(self) -> None:
        """Replace the sheet by the one in the file in ``path`` (asking first if the
        current sheet has rounds)."""
        self._replace(_("load {file}").format(file=iso(repr(self.path.value.strip()))), self._load)

    @own_language
    def _load(self) -> None:
        @guard(self.message)
        def run() -> None:
            sheet = load(self.path.value.strip())
            k = len(sheet.rounds)
            self._set(
                sheet,
                ngettext("loaded {k} round from {file}", "loaded {k} rounds from {file}", k).format(
                    k=k, file=self.path.value.strip()
                ),
            )
            self.players.value = sheet.players
            self.ruleset.value = sheet.rules.name
            self.names.value = shown_names(sheet.names)
            self.starter.value = sheet.first_starter

        run()

    # -- display -------------------------------------------------------------------
    def _set(self, sheet: Sheet, done: str) -> None:
        self.sheet = sheet
        self.drop_later.value = False  # dropping rounds is confirmed anew for each edit
        self.refresh()
        self.message.ok(done)

    @own_language
    def _show_mode(self) -> None:
        claim = self.mode.value == "claim"
        self.hands_box.layout.display = shown(not claim)
        self.claim_box.layout.display = shown(claim)

    @own_language
    def _fill_from_round(self) -> None:
        choice = self.round_choice.value
        editing = choice not in (None, _(NEW_ROUND))
        self.drop_later.layout.display = shown(editing)
        self.record_button.description = _("Correct round") if editing else _("Record")
        if not editing:
            return
        entry = self.sheet.entries[int(choice) - 1]
        if entry.claim is not None:
            self.mode.value = "claim"
            self.claim_seat.value, pts = entry.claim
            self.claim_points.value = str(pts)
        else:
            self.mode.value = "hands"
            for box, h in zip(self.hands, entry.hands or (), strict=False):
                box.value = h

    @own_language
    def refresh(self) -> None:
        """Redraw everything from ``sheet``."""
        s = self.sheet
        n = s.players
        for i, box in enumerate(self.hands):
            box.description = (
                display_name("player", s.names[i], i + 1)
                if i < n
                else _("Player {seat}").format(seat=i + 1)
            )
            box.layout.display = shown(i < n)
        self.claim_seat.max = n
        options = [_(NEW_ROUND), *[str(r.number) for r in s.rounds]]
        self.round_choice.options = options
        self.round_choice.value = _(NEW_ROUND)
        self.record_button.disabled = False
        self.undo_button.disabled = not s.rounds
        self.confirm_box.layout.display = "none"
        self.text = s.describe()
        self.totals_view.value = self._totals_html()
        self.rounds_view.value = self._rounds_html()
        key = (s.rules.name, s.names, tuple(r.scores for r in s.rounds), s.result)
        if key != self._chart_key:  # drawing takes a moment: only when the numbers change
            png = _chart_png(s)
            self.chart.value = png
            self.chart.layout.display = shown(bool(png), "block")
            self._chart_key = key

    def _totals_html(self) -> str:
        s = self.sheet
        names = [display_name("player", x, i) for i, x in enumerate(s.names, start=1)]
        head = "".join(f"<th>{html.escape(x)}</th>" for x in names)
        rows = "".join(
            f"<tr><td>{r.number}</td>"
            + "".join(f"<td>{v}</td>" for v in r.scores)
            + f"<td>{'' if r.next_starter is None else html.escape(names[r.next_starter - 1])}"
            "</td></tr>"
            for r in s.rounds
        )
        if s.result is None:
            ns = s.next_starter
            assert ns is not None
            status = html.escape(
                _("{who} starts round {number}; target {target} (R20)").format(
                    who=s.label(ns), number=len(s.rounds) + 1, target=s.target
                )
            )
        else:
            status = html.escape(_("Match over: {result}").format(result=s.describe_result()))
        return (
            "<table class='bd-sheet'><tr><th>{after}</th>"
            "{head}<th>{next}</th></tr>{rows}"
            "<tr><th>{total}</th>{scores}<th></th></tr>"
            "</table><p class='bd-status'><b>{status}</b></p>"
        ).format(
            after=html.escape(_("after round")),
            head=head,
            next=html.escape(_("next starter")),
            rows=rows,
            total=html.escape(_("total")),
            scores="".join(f"<th>{v}</th>" for v in s.scores),
            status=status,
        )

    def _rounds_html(self) -> str:
        s = self.sheet
        items = []
        for r in s.rounds:
            extra = "".join(
                "<li>{}</li>".format(html.escape(_("possible: {text}").format(text=i.text)))
                for i in r.interpretations
            )
            said = html.escape(_("({who} started): {explanation}")).format(
                who=html.escape(s.label(r.starter)), explanation=html.escape(r.explanation)
            )
            items.append(
                "<li><b>{round}</b> {said}{extra}</li>".format(
                    round=html.escape(_("Round {number}").format(number=r.number)),
                    said=said,
                    extra=f"<ul>{extra}</ul>" if extra else "",
                )
            )
        if not items:
            return "<p>{}</p>".format(html.escape(_("No rounds yet.")))
        return f"<ol class='bd-rounds'>{''.join(items)}</ol>"


def _entry(r: Sequence[str] | tuple[int, int]) -> Entry:
    if isinstance(r, tuple) and len(r) == 2 and all(isinstance(x, int) for x in r):
        return Entry.of_claim(int(r[0]), int(r[1]))
    return Entry.of_hands([str(x) for x in r])


@speaks
def score_sheet(
    players: int = 3,
    rules: str = "pagat",
    names: Sequence[str] | None = None,
    starter: int = 1,
    rounds: Sequence[Any] = (),
    path: str = "match.json",
) -> ScoreSheet:
    """The score-sheet widget, optionally with some rounds already recorded
    (each a list of HANDs, or a ``(seat, points)`` claim)."""
    return ScoreSheet(players, rules, names, starter, rounds, path)
