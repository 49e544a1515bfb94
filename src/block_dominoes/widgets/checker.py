"""The record checker widget: paste or load a record, read the verdict, step through.

``record_checker()`` returns the widget; the notebook displays it. The verdict
links the rule it cites to the rules card (``rules-card.html#r9``). The replay
up to the first violation is drawn in advance (one picture per move in a
``Stack``, a slider linked to it with ``jslink``), so it steps in a static page
with no kernel; pasting a new record needs a kernel.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from block_dominoes.i18n import _, iso, speaks, upper_first
from block_dominoes.records.checker import check_record
from block_dominoes.records.load import load_record
from block_dominoes.records.notation import parse_record
from block_dominoes.records.verdict import Verdict
from block_dominoes.render.pictures import state_svg
from block_dominoes.widgets.common import NEEDS_KERNEL, Message, guard
from block_dominoes.widgets.stepper import Frame, StepThrough

__all__ = ["EXAMPLE", "example_record", "record_checker", "replay_view", "verdict_html"]

#: the command whose round the starting record writes down (typed by a reader: stays Latin)
EXAMPLE_COMMAND = "block-dominoes play --players 3 --seed 4"

EXAMPLE = """\
# block-dominoes play --players 3 --seed 4, written in the notation
rules: pagat
players: 3
seed: 4
starter: 1
hand 1: [0|3] [0|5] [1|5] [2|4] [3|4]
hand 2: [0|1] [0|2] [1|1] [4|4] [5|5]
hand 3: [1|2] [2|5] [3|5] [3|6] [4|6]
out of play: [0|0] [0|4] [0|6] [1|3] [1|4] [1|6] [2|2] [2|3] [2|6] [3|3] [4|5] [5|6] [6|6]
1. player 1: [2|4]
2. player 2: [4|4] on 4
3. player 3: [2|5] on 2
4. player 1: [3|4] on 4
5. player 2: [5|5] on 5
6. player 3: [3|6] on 3
7. player 1: [1|5] on 5
8. player 2: [0|1] on 1
9. player 3: [4|6] on 6
10. player 1: [0|3] on 0
11. player 2: pass
12. player 3: [3|5] on 3
13. player 1: [0|5] on 5
result: domino by 1, 7 points
totals: 0 4 3
explanation: domino: player 1 went out; players 2 and 3 hold 4 + 3 = 7 pips, so player 1 scores 7 (R15)
"""


def example_record() -> str:
    """:data:`EXAMPLE` in the current language: its comment and its ``explanation:``
    line are words a reader reads, so they are translated (the explanation is the
    engine's own sentence for that round); every other line is notation and stays as
    it is. In English this is :data:`EXAMPLE`, byte for byte."""
    lines = EXAMPLE.splitlines()
    body = [ln for ln in lines[1:] if not ln.startswith("explanation:")]
    outcome = check_record(parse_record("\n".join(body))).outcome
    comment = _("# {command}, written in the notation").format(command=EXAMPLE_COMMAND)
    explanation = outcome.explanation if outcome is not None else ""
    return "\n".join([comment, *body, f"explanation: {explanation}"]) + "\n"


_RULE_RE = re.compile(r"\b([RV]\d{1,2})\b")


def _link_rules(text: str, card_url: str, variants_url: str) -> str:
    """Escape ``text`` and turn each rule id into a link: R9 -> rules card #r9,
    V1-V6 -> the variants page."""

    def link(m: re.Match[str]) -> str:
        rule = m.group(1)
        href = f"{card_url}#{rule.lower()}" if rule[0] == "R" else variants_url
        return f'<a href="{html.escape(href)}" target="_blank">{rule}</a>'

    return _RULE_RE.sub(link, html.escape(text))


def verdict_html(
    verdict: Verdict,
    *,
    card_url: str = "../reference/rules-card.html",
    variants_url: str = "../reference/variants.html",
) -> str:
    """The verdict as HTML: a coloured head line, the sentence, the outcome."""
    e = verdict.first_error
    rows = verdict.describe().split("\n")
    if e is None:
        head = f'<b style="color:#1b7f3b">&#10004; {html.escape(rows[0])}</b>'
    else:
        rule = _link_rules(e.rule, card_url, variants_url)
        said = html.escape(_("invalid: {where} breaks {rule}")).format(
            where=html.escape(e.where), rule=rule
        )
        head = f'<b style="color:#b00020">&#10008; {said}</b>'
    body = "".join(f"<div>{_link_rules(r, card_url, variants_url)}</div>" for r in rows[1:])
    return f'<div class="bd-verdict" role="status">{head}{body}</div>'


def replay_view(verdict: Verdict, *, width: int = 560, title: str = "") -> w.VBox:
    """The round replayed as a step-through up to the first violation (or the end),
    starting at the last frame: :class:`~block_dominoes.widgets.stepper.StepThrough`
    over pictures drawn in advance, so it steps in a static page."""
    frames = []
    for step in verdict.steps:
        caption = upper_first(step.text)
        if step.error is not None:
            msg = step.error.message
            caption = _("{caption}: this breaks {rule}. {message}").format(
                caption=caption, rule=step.error.rule, message=upper_first(msg)
            )
        elif step.state.is_over and step.number and verdict.outcome is not None:
            caption = _("{caption}. The round is over: {explanation}").format(
                caption=caption, explanation=verdict.outcome.explanation
            )
        frames.append(Frame(caption, state_svg(step.state, width=width, caption=caption)))
    if not frames:
        return w.VBox(
            [
                w.HTML(
                    "<i>{}</i>".format(
                        html.escape(_("Nothing to replay: the deal itself breaks a rule."))
                    )
                )
            ]
        )
    view = StepThrough(frames, title=title)
    last = len(frames) - 1
    view.player.value = view.slider.value = view.stack.selected_index = last
    return view


@speaks
def record_checker(
    record: str | None = None,
    *,
    width: int = 560,
    card_url: str = "../reference/rules-card.html",
    variants_url: str = "../reference/variants.html",
) -> w.VBox:
    """A textarea (and a file upload) for a record in JSON or the notation, a
    Check button, the verdict with its rule linked, and the replay.

    The starting ``record`` (default: :func:`example_record`, in the widget's
    language) is checked at once, so the verdict and the replay are in the saved page. Unreadable text shows the reader's message (with the
    line number) and clears the verdict and replay, so no old verdict stands beside it.
    """
    text = w.Textarea(
        value=example_record() if record is None else record,
        rows=16,
        # as wide as the column, margins included (width 100% overflows a phone by them)
        layout=w.Layout(width="auto", align_self="stretch"),
        description="",
    )
    upload = w.FileUpload(accept=".json,.txt", multiple=False, description=_("Load a file"))
    button = w.Button(description=_("Check"), button_style="primary", icon="check")
    message = Message()
    verdict_box = w.HTML()
    replay_box = w.VBox()

    def show(source: str) -> None:
        try:
            verdict = check_record(load_record(source))
        except ValueError:
            # An unreadable record has no verdict: never leave the last one beside it.
            verdict_box.value = "<p><i>{}</i></p>".format(
                html.escape(_("No verdict: the record above could not be read."))
            )
            replay_box.children = ()
            raise
        view = replay_view(verdict, width=width)
        verdict_box.value = verdict_html(verdict, card_url=card_url, variants_url=variants_url)
        replay_box.children = (view,)
        message.clear()

    @guard(message)
    def on_check(_: object = None) -> None:
        show(text.value)

    @guard(message)
    def on_upload(change: dict[str, object]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, tuple | list) else next(iter(files.values()))  # type: ignore[attr-defined]
        name = str(item.get("name", _("the file")))
        try:
            content = bytes(item["content"]).decode("utf-8-sig")  # a BOM from Notepad is fine
        except UnicodeDecodeError:
            raise ValueError(
                _(
                    "cannot read {file}: a record is text in UTF-8 (save it as UTF-8 and load it "
                    "again)"
                ).format(file=iso(repr(name)))
            ) from None
        show(content)
        text.value = content

    button.on_click(on_check)
    upload.observe(on_upload, names="value")
    on_check()
    head = w.HTML(
        "<b>{}</b>".format(
            html.escape(_("Paste a record (JSON or the notation), or load a file, then Check."))
        )
    )
    buttons = w.HBox([button, upload], layout=w.Layout(flex_flow="row wrap"))
    # The replay below works in a static page; the form does not: the static site
    # greys out these three (one note above them) and leaves the replay alone.
    for part in (head, text, buttons):
        part.add_class(NEEDS_KERNEL)
    return w.VBox([head, text, buttons, message, verdict_box, replay_box])
