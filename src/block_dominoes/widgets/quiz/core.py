"""The question itself: its data (:class:`Question`, :class:`Choice`), its widget
(:class:`Quiz`), the generic :func:`question`, and what the builders share
(reading positions, naming ends and players, rule links)."""

from __future__ import annotations

import html
import posixpath
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import ipywidgets as w

from block_dominoes.deal import check_hands
from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import N_, _, get_language, iso, language, pgettext, speaks
from block_dominoes.line import Line
from block_dominoes.render.pictures import line_svg
from block_dominoes.round import RoundState
from block_dominoes.rules import Rules, find_rules
from block_dominoes.tiles import Tile, parse_tiles

__all__ = [
    "END_TAGS",
    "RULES_CARD",
    "Choice",
    "Question",
    "Quiz",
    "position",
    "question",
    "rules_card_href",
]

#: the rules card, as a book page (docname) and relative to a chapter page
RULES_CARD_DOC = "book/reference/rules-card"
RULES_CARD = "../reference/rules-card.html"
#: the names the diagram writes above the left and right open ends
END_TAGS = (N_("end X"), N_("end Y"))
_RULE_ID = re.compile(r"\b([RV])(\d{1,2})\b")
RIGHT, WRONG = N_("Right."), N_("Not quite.")


def _letters() -> str:
    """The letters that number a question's choices, in the current language (A, B, C...
    in English; أ، ب، ج... in Arabic, in the abjad order)."""
    letters = pgettext("the letters that number choices, one per choice", "ABCDEFGHIJ")
    return letters if len(letters) >= 10 else string.ascii_uppercase


def rules_card_href(page: str | None = None, *, doc: str = RULES_CARD_DOC) -> str:
    """The rules card's address from book page ``page`` (a docname such as
    ``"book/rules/placing"``); None means a chapter page ``book/<part>/<chapter>``.

    >>> rules_card_href("book/rules/placing")
    '../reference/rules-card.html'
    >>> rules_card_href("book/intro")
    'reference/rules-card.html'
    """
    if page is None:
        page = "book/part/chapter"
    return posixpath.relpath(f"{doc}.html", posixpath.dirname(page) or ".")


# -- the data -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer a reader can pick: its button text, the feedback sentence(s)
    shown when it is picked, whether it is right, and an optional picture (the
    position after the move) shown with the feedback."""

    text: str
    feedback: str
    right: bool = False
    picture: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """A question as plain data: what the widget shows and a handout prints.

    Raises InvalidPositionError unless exactly one choice is right and the
    choices' texts are all different.
    """

    prompt: str
    choices: tuple[Choice, ...]
    picture: str = ""
    title: str = ""
    page: str | None = None
    links: dict[str, str] = field(default_factory=dict)
    #: the language the builder spoke (``lang=``): the answer key and panels use it too
    lang: str = field(default_factory=get_language)

    def __post_init__(self) -> None:
        texts = [c.text for c in self.choices]
        if len(self.choices) < 2:
            raise InvalidPositionError(
                _("a question needs two choices or more, got {choices}").format(choices=repr(texts))
            )
        if len(set(texts)) != len(texts):
            raise InvalidPositionError(
                _("two choices read the same: {choices}").format(choices=repr(texts))
            )
        right = [c.text for c in self.choices if c.right]
        if len(right) != 1:
            raise InvalidPositionError(
                _("exactly one choice must be right, got {n}: {choices}").format(
                    n=len(right), choices=repr(right)
                )
            )

    @property
    def answer(self) -> int:
        """The index of the right choice."""
        return next(i for i, c in enumerate(self.choices) if c.right)

    def as_text(self) -> str:
        """The question as a handout prints it: the prompt, then lettered choices."""
        with language(self.lang):
            letters = _letters()
        lines = [self.prompt]
        lines += [f"  {letters[i]}. {c.text}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)

    def answer_text(self) -> str:
        """The answer key line: the right choice and why, in sentences."""
        i = self.answer
        c = self.choices[i]
        with language(self.lang):
            why = c.feedback.removeprefix(_(RIGHT)).strip()
            return _("Answer: {letter}. {choice}. {why}").format(
                letter=_letters()[i], choice=c.text, why=why
            )

    def feedback_html(self, index: int) -> str:
        """Choice ``index``'s panel: marked right or wrong, rule ids linked, its picture."""
        with language(self.lang):
            return self._feedback_html(index)

    def _feedback_html(self, index: int) -> str:
        c = self.choices[index]
        text = c.feedback
        mark = _(RIGHT) if c.right else _(WRONG)
        if not text.startswith(mark):
            text = f"{mark} {text}"
        head, rest = mark, text.removeprefix(mark).strip()
        kind = "bd-quiz-right" if c.right else "bd-quiz-wrong"
        body = f"<strong>{html.escape(head)}</strong> {self._linked(rest)}"
        picture = f"<div class='bd-quiz-picture'>{c.picture}</div>" if c.picture else ""
        return f"<div class='bd-quiz-feedback {kind}' role='status'><p>{body}</p>{picture}</div>"

    def _linked(self, text: str) -> str:
        # Rules (r1-r21) and variants (v1-v6) each have their anchor on the rules card.
        card = self.links.get("R") or rules_card_href(self.page)
        variants = self.links.get("V") or card
        out, at = [], 0
        for m in _RULE_ID.finditer(text):
            out.append(html.escape(text[at : m.start()]))
            rid = m.group(0)
            href = f"{card if m.group(1) == 'R' else variants}#{rid.lower()}"
            tip = _("{rule} on the rules card").format(rule=rid)
            out.append(f"<a href='{html.escape(href)}' title='{html.escape(tip)}'>{rid}</a>")
            at = m.end()
        out.append(html.escape(text[at:]))
        return "".join(out)

    def widget(self) -> Quiz:
        return Quiz(self)


class Quiz(w.VBox):
    """The widget: prompt and picture, the choices, and a ``Stack`` of feedback
    panels driven in the browser by the choice's index (``jsdlink``)."""

    def __init__(self, q: Question) -> None:
        self.question = q
        head = f"<p class='bd-quiz-title'><b>{html.escape(q.title)}</b></p>" if q.title else ""
        prompt = f"<p class='bd-quiz-prompt'>{html.escape(q.prompt)}</p>"
        picture = f"<div class='bd-quiz-picture'>{q.picture}</div>" if q.picture else ""
        # The answer key, hidden on screen: a printed worksheet lists it at the end
        # (_static/print.js), since the feedback panels exist only once clicked.
        key = f"<div class='bd-quiz-answer' hidden>{html.escape(q.answer_text())}</div>"
        self.prompt = w.HTML(head + prompt + picture + key, layout=w.Layout(max_width="100%"))
        self.buttons = w.ToggleButtons(
            options=[c.text for c in q.choices],
            value=None,
            style={"button_width": "auto"},
            layout=w.Layout(max_width="100%"),
        )
        self.buttons.add_class("bd-quiz-choices")
        panels = []
        for i, c in enumerate(q.choices):
            panel = w.HTML(q.feedback_html(i), layout=w.Layout(max_width="100%"))
            panel.add_class("bd-quiz-panel")
            panel.add_class("bd-quiz-right" if c.right else "bd-quiz-wrong")
            panels.append(panel)
        self.stack = w.Stack(panels, selected_index=None, layout=w.Layout(max_width="100%"))
        self.link = w.jsdlink((self.buttons, "index"), (self.stack, "selected_index"))
        super().__init__([self.prompt, self.buttons, self.stack], layout=w.Layout(max_width="100%"))
        self.add_class("bd-quiz")

    def as_text(self) -> str:
        return self.question.as_text()

    def answer_text(self) -> str:
        return self.question.answer_text()

    def __repr__(self) -> str:
        return f"Quiz({self.question.prompt!r}, answer {self.question.answer_text()!r})"


@speaks
def question(
    prompt: str,
    choices: Sequence[str],
    feedback: Sequence[str],
    right: int | str,
    *,
    picture: str = "",
    pictures: Sequence[str] | None = None,
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """A question the chapter author writes: ``choices`` and one ``feedback``
    sentence each (rule ids such as "R9" become links to the rules card),
    ``right`` the index or the text of the right choice. ``picture`` (an SVG)
    shows the position; ``pictures`` gives one picture per choice's feedback.

    Raises InvalidPositionError for a missing feedback or an unknown ``right``.
    """
    if len(feedback) != len(choices):
        raise InvalidPositionError(
            _("give one feedback per choice: {choices} choices, {feedbacks} feedbacks").format(
                choices=len(choices), feedbacks=len(feedback)
            )
        )
    if isinstance(right, str):
        if right not in choices:
            raise InvalidPositionError(
                _("right answer {right} is not one of {choices}").format(
                    right=repr(right), choices=repr(list(choices))
                )
            )
        right = list(choices).index(right)
    if not 0 <= right < len(choices):
        raise InvalidPositionError(
            _("right answer {right} is not a choice index").format(right=repr(right))
        )
    pics = list(pictures) if pictures is not None else [""] * len(choices)
    q = Question(
        prompt,
        tuple(
            Choice(c, f, i == right, p)
            for i, (c, f, p) in enumerate(zip(choices, feedback, pics, strict=True))
        ),
        picture=picture,
        title=title,
        page=page,
    )
    return Quiz(q)


# -- positions --------------------------------------------------------------------------


def as_tile(t: Tile | str, rules: Rules) -> Tile:
    return t if isinstance(t, Tile) else Tile.parse(t, max_pip=rules.max_pip)


def as_line(line: Line | Iterable[str | Tile] | str, rules: Rules) -> Line:
    if isinstance(line, Line):
        return line
    if isinstance(line, str):
        line = line.replace(",", " ").split()
    return Line.build(list(line), max_pip=rules.max_pip)


def as_hand(hand: Iterable[Tile | str] | str, rules: Rules) -> tuple[Tile, ...]:
    if isinstance(hand, str):
        return tuple(parse_tiles(hand, max_pip=rules.max_pip)) if hand.strip() else ()
    return tuple(as_tile(t, rules) for t in hand)


def position(
    line: Line | Iterable[str | Tile] | str,
    hands: Sequence[Iterable[Tile | str] | str],
    *,
    rules: Rules | str = "pagat",
    to_play: int = 1,
    starter: int = 1,
) -> RoundState:
    """A round in the middle: ``line`` (placements as for :meth:`Line.build`) and
    each seat's hand. Raises InvalidPositionError for a tile held twice or also
    on the line (R2), or a bad seat."""
    r = find_rules(rules)
    ln = as_line(line, r)
    hs = [as_hand(h, r) for h in hands]
    checked = check_hands(r, hs)
    on_line = set(ln.tiles) & {t for h in checked for t in h}
    if on_line:
        raise InvalidPositionError(
            _("tile {tile} is both on the line and in a hand (R2)").format(
                tile=iso(repr(str(min(on_line))))
            )
        )
    n = len(checked)
    for name, seat in (("to_play", to_play), ("starter", starter)):
        if not 1 <= seat <= n:
            raise InvalidPositionError(
                _("{name} must be a seat from 1 to {n}, got {seat} (R6)").format(
                    name=name, n=n, seat=repr(seat)
                )
            )
    start = RoundState.new(r, checked, starter=starter)
    return replace(start, line=ln, current_player=to_play)


def ends_of(line: Line) -> tuple[tuple[str, int], tuple[str, int]]:
    assert line.left is not None and line.right is not None
    return (_(END_TAGS[0]), line.left.value), (_(END_TAGS[1]), line.right.value)


def end_tags() -> tuple[str, str]:
    return _(END_TAGS[0]), _(END_TAGS[1])


def match_rule(v: int) -> str:
    return _("R7, R8: a blank matches only a blank") if v == 0 else "R7"


def after_picture(line: Line, tile: Tile, value: int, title: str) -> str:
    return line_svg(line.place(tile, value), last=tile, title=title, labels=True)


def player_name(seat: int) -> str:
    return _("Player {seat}").format(seat=seat)


def pair_name(side: Sequence[int]) -> str:
    return _("Pair {seats}").format(seats="+".join(map(str, side)))


# -- kinds of question ------------------------------------------------------------------------
