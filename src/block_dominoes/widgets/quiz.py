"""Questions that answer back with no kernel: a position, a few choices, and for
every choice an explanation the engine wrote in advance.

Each builder turns a position into a :class:`Question` (plain data: the prompt,
the choices, one feedback sentence per choice, which one is right) and returns
it as a :class:`Quiz` widget: ``ToggleButtons`` whose ``index`` drives a
``Stack`` of feedback panels through ``widgets.jsdlink``, so a click shows that
choice's panel in the browser alone, in a static page, exactly as the
step-throughs link their slider to a ``Stack``.

The answer is never written by hand: the builders ask the engine (where a tile
fits, whether a player must pass, whether the round is over, who scores how
much, who starts next, who won the match) and word each wrong choice's reason
with the rule it breaks; rule ids in the feedback link to the rules card.

>>> q = where_can_it_go(["1-4", "1-1"], "1-3")
>>> print(q.as_text())
Where can [1|3] go?
  A. On the 1 (end X)
  B. On the 4 (end Y)
  C. On either end
  D. Nowhere: it fits no open end
>>> print(q.answer_text())
Answer: A. On the 1 (end X). [1|3] has a 1, the number end X shows, so it joins there and its 3 becomes the new end (R7).
"""

from __future__ import annotations

import html
import posixpath
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import ipywidgets as w

from ..errors import InvalidPositionError
from ..i18n import N_, _, get_language, iso, language, ngettext, pgettext, speaks
from ..line import Line
from ..match import Match, next_starter
from ..render import hand_svg, line_svg, state_svg
from ..round import Play, RoundState, check_hands
from ..rules import BlockedScoring, NextStarter, Rules, find_rules
from ..scoring import Outcome, OutcomeKind, score_round
from ..tiles import Tile, parse_tiles

__all__ = [
    "END_TAGS",
    "RULES_CARD",
    "Choice",
    "Question",
    "Quiz",
    "is_round_over",
    "must_pass",
    "position",
    "question",
    "rules_card_href",
    "where_can_it_go",
    "who_scores",
    "who_starts_next",
    "who_won_match",
]

#: the rules card, as a book page (docname) and relative to a chapter page
RULES_CARD_DOC = "book/reference/rules-card"
VARIANTS_DOC = "book/reference/variants"
RULES_CARD = "../reference/rules-card.html"
#: the names the diagram writes above the left and right open ends
END_TAGS = (N_("end X"), N_("end Y"))
_RULE_ID = re.compile(r"\b([RV])(\d{1,2})\b")
RIGHT, WRONG = N_("Right."), N_("Not quite.")


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
            raise InvalidPositionError(f"a question needs two choices or more, got {texts!r}")
        if len(set(texts)) != len(texts):
            raise InvalidPositionError(f"two choices read the same: {texts!r}")
        right = [c.text for c in self.choices if c.right]
        if len(right) != 1:
            raise InvalidPositionError(
                f"exactly one choice must be right, got {len(right)}: {right!r}"
            )

    @property
    def answer(self) -> int:
        """The index of the right choice."""
        return next(i for i, c in enumerate(self.choices) if c.right)

    def as_text(self) -> str:
        """The question as a handout prints it: the prompt, then lettered choices."""
        lines = [self.prompt]
        lines += [f"  {string.ascii_uppercase[i]}. {c.text}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)

    def answer_text(self) -> str:
        """The answer key line: the right choice and why, in sentences."""
        i = self.answer
        c = self.choices[i]
        with language(self.lang):
            why = c.feedback.removeprefix(_(RIGHT)).strip()
            return _("Answer: {letter}. {choice}. {why}").format(
                letter=string.ascii_uppercase[i], choice=c.text, why=why
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
        card = self.links.get("R") or rules_card_href(self.page)
        variants = self.links.get("V") or rules_card_href(self.page, doc=VARIANTS_DOC)
        out, at = [], 0
        for m in _RULE_ID.finditer(text):
            out.append(html.escape(text[at : m.start()]))
            rid = m.group(0)
            href = f"{card}#{rid.lower()}" if m.group(1) == "R" else variants
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
            f"give one feedback per choice: {len(choices)} choices, {len(feedback)} feedbacks"
        )
    if isinstance(right, str):
        if right not in choices:
            raise InvalidPositionError(f"right answer {right!r} is not one of {list(choices)!r}")
        right = list(choices).index(right)
    if not 0 <= right < len(choices):
        raise InvalidPositionError(f"right answer {right!r} is not a choice index")
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


def _tile(t: Tile | str, rules: Rules) -> Tile:
    return t if isinstance(t, Tile) else Tile.parse(t, max_pip=rules.max_pip)


def _line(line: Line | Iterable[str | Tile] | str, rules: Rules) -> Line:
    if isinstance(line, Line):
        return line
    if isinstance(line, str):
        line = line.replace(",", " ").split()
    return Line.build(list(line), max_pip=rules.max_pip)


def _hand(hand: Iterable[Tile | str] | str, rules: Rules) -> tuple[Tile, ...]:
    if isinstance(hand, str):
        return tuple(parse_tiles(hand, max_pip=rules.max_pip)) if hand.strip() else ()
    return tuple(_tile(t, rules) for t in hand)


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
    ln = _line(line, r)
    hs = [_hand(h, r) for h in hands]
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


def _ends(line: Line) -> tuple[tuple[str, int], tuple[str, int]]:
    assert line.left is not None and line.right is not None
    return (_(END_TAGS[0]), line.left.value), (_(END_TAGS[1]), line.right.value)


def _end_tags() -> tuple[str, str]:
    return _(END_TAGS[0]), _(END_TAGS[1])


def _match_rule(v: int) -> str:
    return _("R7, R8: a blank matches only a blank") if v == 0 else "R7"


def _after_picture(line: Line, tile: Tile, value: int, title: str) -> str:
    return line_svg(line.place(tile, value), last=tile, title=title, labels=True)


def _player(seat: int) -> str:
    return _("Player {seat}").format(seat=seat)


def _pair_name(side: Sequence[int]) -> str:
    return _("Pair {seats}").format(seats="+".join(map(str, side)))


def _lower_first(text: str) -> str:
    return f"{text[0].lower()}{text[1:]}" if text else text


# -- kinds of question ------------------------------------------------------------------------


@speaks
def where_can_it_go(
    line: Line | Iterable[str | Tile] | str,
    tile: Tile | str,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Where can ``tile`` join ``line``: on one end, on either, or nowhere (R7, R8, R10).

    The diagram names the open ends "end X" and "end Y"; the choices say "On
    the 4 (end Y)". Raises InvalidPositionError for an empty line (any tile
    may lead) or a tile already on the line (R2). ``lang="ar"`` asks it in Arabic.
    """
    r = find_rules(rules)
    ln, t = _line(line, r), _tile(tile, r)
    if ln.is_empty:
        raise InvalidPositionError(
            _("ask where a tile goes once a tile has led (R5: any may lead)")
        )
    if t in ln.tiles:
        raise InvalidPositionError(
            _("{tile} is already on the line: each tile is in the set once (R2)").format(
                tile=iso(t)
            )
        )
    (xn, xv), (yn, yv) = _ends(ln)
    T = iso(t)
    fits = set(ln.fits(t))
    crosswise = " " + _("As a double it lies crosswise (R10).") if t.is_double else ""
    nowhere_text = _("Nowhere: it fits no open end")
    if xv != yv:
        nothing = (
            _(
                "{tile} has neither a {x} nor a {y}, so it fits no open end (R7): a blank "
                "matches only a blank (R8); a player holding only such tiles passes (R9)."
            )
            if 0 in (xv, yv)
            else _(
                "{tile} has neither a {x} nor a {y}, so it fits no open end (R7); a player "
                "holding only such tiles passes (R9)."
            )
        ).format(tile=T, x=xv, y=yv)
    else:
        nothing = (
            _(
                "{tile} has no {x}, the number both ends show, so it fits no open end (R7, R8: "
                "a blank matches only a blank); a player holding only such tiles passes (R9)."
            )
            if xv == 0
            else _(
                "{tile} has no {x}, the number both ends show, so it fits no open end (R7); a "
                "player holding only such tiles passes (R9)."
            )
        ).format(tile=T, x=xv)
    choices: list[Choice] = []
    if xv != yv:
        for name, v, other in ((xn, xv, yv), (yn, yv, xv)):
            text = _("On the {value} ({end})").format(value=v, end=name)
            if fits == {v}:
                fb = (
                    _(
                        "{tile} has a {value}, the number {end} shows, so it joins there and "
                        "its {other} becomes the new end ({rules})."
                    ).format(tile=T, value=v, end=name, other=t.other(v), rules=_match_rule(v))
                    + crosswise
                )
                pic = _after_picture(
                    ln, t, v, _("After {tile} joins {end}").format(tile=t, end=name)
                )
                choices.append(Choice(text, fb, True, pic))
            elif v in fits:  # fits both
                fb = _(
                    "{tile} does fit {end}, but it also has a {other} and fits the other end "
                    "too: the player may choose either end (R7)."
                ).format(tile=T, end=name, other=other)
                choices.append(Choice(text, fb))
            else:
                fb = _(
                    "{tile} has no {value}, and a tile joins an end only with a half that shows "
                    "the same number ({rules})."
                ).format(tile=T, value=v, rules=_match_rule(v))
                choices.append(Choice(text, fb))
        text = _("On either end")
        if len(fits) == 2:
            fb = (
                _(
                    "{tile} has a {x} and a {y}, so it fits both ends; the player chooses which "
                    "(R7), and says so when both are possible."
                ).format(tile=T, x=xv, y=yv)
                + crosswise
            )
            pic = _after_picture(
                ln,
                t,
                yv,
                _("After {tile} joins {end}, one of the two choices").format(tile=t, end=yn),
            )
            choices.append(Choice(text, fb, True, pic))
        elif fits:
            (v,) = fits
            missing = yv if v == xv else xv
            fb = _(
                "{tile} fits only the end that shows {value}: it has no {missing} for the "
                "other end ({rules})."
            ).format(tile=T, value=v, missing=missing, rules=_match_rule(missing))
            choices.append(Choice(text, fb))
        else:
            choices.append(
                Choice(
                    text,
                    _("{tile} has neither a {x} nor a {y}, so neither end takes it (R7).").format(
                        tile=T, x=xv, y=yv
                    ),
                )
            )
    else:
        text = _("On either end (both show {value})").format(value=xv)
        if fits:
            fb = (
                _(
                    "{tile} has a {value}, and both ends show {value}: it may join either; the "
                    "picture shows it on one of them (R7)."
                ).format(tile=T, value=xv)
                + crosswise
            )
            choices.append(
                Choice(text, fb, True, _after_picture(ln, t, xv, _("After {tile}").format(tile=t)))
            )
        else:
            choices.append(
                Choice(
                    text,
                    _("{tile} has no {value}, so neither end takes it (R7).").format(
                        tile=T, value=xv
                    ),
                )
            )
        text = _("Only on {end}").format(end=xn)
        fb = (
            _("Both ends show {value}, so a tile that fits one fits the other too (R7).").format(
                value=xv
            )
            if fits
            else _("{tile} has no {value}, so it fits neither end (R7).").format(tile=T, value=xv)
        )
        choices.append(Choice(text, fb))
    if fits:
        values = sorted(fits)
        fb = (
            _("{tile} has the {value} showing at an open end, so it can be placed (R7).").format(
                tile=T, value=values[0]
            )
            if len(values) == 1
            else _(
                "{tile} has the {x} and the {y} showing at an open end, so it can be placed (R7)."
            ).format(tile=T, x=values[0], y=values[1])
        )
        choices.append(Choice(nowhere_text, fb))
    else:
        choices.append(Choice(nowhere_text, nothing, True))
    picture = line_svg(ln, title=_("The line"), end_tags=_end_tags()) + hand_svg(
        [t], label=_("The tile")
    )
    q = Question(_("Where can {tile} go?").format(tile=T), tuple(choices), picture, title, page)
    return Quiz(q)


@speaks
def must_pass(
    line: Line | Iterable[str | Tile] | str,
    hand: Iterable[Tile | str] | str,
    *,
    rules: Rules | str = "pagat",
    player: int = 1,
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Must this player pass? With ``hand`` in front of ``line`` (R9: a player who
    can place a tile must; one who cannot passes). Raises InvalidPositionError
    for an empty line or a tile both in the hand and on the line (R2)."""
    r = find_rules(rules)
    ln, h = _line(line, r), _hand(hand, r)
    if ln.is_empty:
        raise InvalidPositionError(_("nobody passes before the lead: any tile may lead (R5)"))
    twice = set(ln.tiles) & set(h)
    if twice:
        raise InvalidPositionError(
            _("tile {tile} is both on the line and in the hand (R2)").format(
                tile=iso(repr(str(min(twice))))
            )
        )
    (xn, xv), (yn, yv) = _ends(ln)
    plays = [Play(x, v) for x in h for v in ln.fits(x)]
    who = _player(player)
    draw = " " + _("In the Draw game they would draw first (V6); in Block nobody draws (R4).")
    if plays:
        first = plays[0]
        name = xn if first.end == xv else yn
        fitting = sorted({p.tile for p in plays})
        listed = pgettext("list of tiles", ", ").join(iso(x) for x in fitting)
        after = line_svg(
            ln.place(first.tile, first.end),
            last=first.tile,
            title=_("After {tile}").format(tile=first.tile),
        )
        yes = ngettext(
            "{tiles} fits an open end, so {player} cannot pass: a player who can place a tile "
            "must (R9).",
            "{tiles} fit an open end, so {player} cannot pass: a player who can place a tile "
            "must (R9).",
            len(fitting),
        ).format(tiles=listed, player=who)
        no = (
            _(
                "{tile} fits {end} (the {value}), so {player} must play a tile; {tiles} all fit, "
                "and they choose which (R9)."
            )
            if len(fitting) > 1
            else _("{tile} fits {end} (the {value}), so {player} must play a tile (R9).")
        ).format(tile=iso(first.tile), end=name, value=first.end, player=who, tiles=listed)
        choices = (
            Choice(_("Yes, they must pass"), yes),
            Choice(_("No, they must play a tile"), no, True, after),
            Choice(
                _("They may choose"),
                _(
                    "In Block there is no choice: a player who can place a tile must play, "
                    "and only a player who cannot passes (R9)."
                ),
            ),
        )
    else:
        yes = (
            _("No tile in {player}'s hand has a {x} or a {y}, so nothing fits and they pass (R9).")
            if xv != yv
            else _("No tile in {player}'s hand has a {x}, so nothing fits and they pass (R9).")
        ).format(player=who, x=xv, y=yv)
        if 0 in (xv, yv):
            yes += " " + _("A blank matches only a blank (R8).")
        held = " ".join(iso(x) for x in h)
        choices = (
            Choice(_("Yes, they must pass"), yes + draw, True),
            Choice(
                _("No, they must play a tile"),
                (
                    _(
                        "No tile among {tiles} has a {x} or a {y}: no tile fits an open end (R7), "
                        "so they pass (R9)."
                    )
                    if xv != yv
                    else _(
                        "No tile among {tiles} has a {x}: no tile fits an open end (R7), so they "
                        "pass (R9)."
                    )
                ).format(tiles=held, x=xv, y=yv),
            ),
            Choice(
                _("They may choose"),
                _(
                    "In Block there is no choice: a player who cannot place a tile passes, and "
                    "one who can must play (R9)."
                ),
            ),
        )
    picture = line_svg(ln, title=_("The line"), end_tags=_end_tags()) + hand_svg(h, label=who)
    q = Question(
        _("It is {player}'s turn. Must they pass?").format(player=who),
        choices,
        picture,
        title,
        page,
    )
    return Quiz(q)


def _hands_text(state: RoundState) -> str:
    return "; ".join(
        _("player {seat} holds {tiles}").format(
            seat=s, tiles=" ".join(iso(t) for t in h) or _("nothing")
        )
        for s, h in enumerate(state.hands, start=1)
    )


@speaks
def is_round_over(
    state: RoundState,
    *,
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Is the round over, and why: a domino (a player went out) or a block (no tile
    in any hand fits, R13)? ``state`` is a :class:`RoundState` (see :func:`position`)."""
    ln = state.line
    out = state.went_out
    blocked = state.is_blocked
    values = list(dict.fromkeys(ln.end_values))
    if not values:
        ends = _("nothing")
    elif len(values) == 1:
        ends = _("a {value}").format(value=values[0])
    else:
        ends = _("a {x} or a {y}").format(x=values[0], y=values[1])
    if out is not None:
        right = 1
        why = _(
            "Player {seat} has played their last tile: the round ends at once, a domino (R13, R15)."
        ).format(seat=out)
    elif blocked:
        right = 2
        why = _(
            "No tile in any hand has {ends} to match the open ends, so nobody can play: the "
            "round is blocked (R13, R16)."
        ).format(ends=ends)
    else:
        right = 0
        movers = [(s, p.tile) for s in range(1, state.players + 1) for p in state.playable(s)[:1]]
        s, t = movers[0]
        why = _(
            "Player {seat} still holds {tile}, which fits an open end, and every player holds "
            "tiles, so play goes on (R9, R13)."
        ).format(seat=s, tile=iso(t))
        not_blocked = _(
            "Player {seat} still holds {tile}, which fits an open end, and every player holds "
            "tiles, so the line is not blocked (R9, R13)."
        ).format(seat=s, tile=iso(t))
    wrong = {
        0: (
            _("Player {seat} has no tiles left: a domino ends the round at once (R13).").format(
                seat=out
            )
            if out is not None
            else _(
                "Nobody can play: no tile in any hand has {ends}, so the round ends blocked (R13)."
            ).format(ends=ends)
        ),
        1: _(
            "Every player still holds tiles; a domino means one player has played their last "
            "tile (R13)."
        ),
        2: (
            _(
                "Player {seat} went out, so the round ended as a domino; a block is when "
                "everyone still holds tiles and none fits (R13)."
            ).format(seat=out)
            if out is not None
            else (not_blocked if right == 0 else why)
        ),
    }
    texts = (
        _("No, play goes on"),
        _("Yes: a player went out (a domino)"),
        _("Yes: it is blocked"),
    )
    choices = tuple(
        Choice(
            text,
            why if i == right else wrong[i],
            i == right,
        )
        for i, text in enumerate(texts)
    )
    picture = state_svg(state, title=_("The round"), end_tags=_end_tags(), turn=False)
    q = Question(_("Is the round over?"), choices, picture, title, page)
    return Quiz(q)


def _name(rules: Rules, players: int, outcome: Outcome) -> str:
    if outcome.winner is None:
        return _("Nobody")
    if len(outcome.side) > 1:
        return _pair_name(outcome.side)
    return _player(outcome.winner)


def _scores(name: str, points: int) -> str:
    return ngettext("{name} scores {points}", "{name} scores {points}", points).format(
        name=name, points=points
    )


@speaks
def who_scores(
    totals: Sequence[int] | RoundState,
    went_out: int | None = None,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Who scores, and how much? From each seat's remaining pip total (``went_out``
    the seat that went out, or None for a block) or a finished :class:`RoundState`
    (R14-R17, V3, V4). The wrong choices are the usual slips: the wrong player,
    forgetting to subtract, subtracting on a domino, scoring a tied block."""
    if isinstance(totals, RoundState):
        state = totals
        outcome = state.outcome()
        if outcome is None:
            raise InvalidPositionError(_("the round is not over yet: nobody scores (R13)"))
        r = state.rules
        picture = state_svg(state, title=_("The end of the round"))
    else:
        r = find_rules(rules)
        outcome = score_round(r, totals, went_out)
        picture = ""
    tot = outcome.totals
    n = len(tot)
    nobody = _("Nobody scores")
    right_text = nobody if outcome.winner is None else _scores(_name(r, n, outcome), outcome.points)
    choices: dict[str, Choice] = {
        right_text: Choice(
            right_text,
            _("{explanation}.").format(
                explanation=f"{outcome.explanation[0].upper()}{outcome.explanation[1:]}"
            ),
            True,
        )
    }

    def add(text: str, fb: str) -> None:
        if text not in choices:
            choices[text] = Choice(text, fb)

    teams = r.teams(n)
    pair = len(teams[0]) > 1
    if outcome.kind is OutcomeKind.DOMINO:
        w_ = outcome.winner
        assert w_ is not None
        name = _name(r, n, outcome)
        others = [t for s, t in enumerate(tot, start=1) if s not in outcome.side]
        low = min(others)
        add(
            _scores(name, outcome.points - low),
            _(
                "Nothing is subtracted after a domino: the one who went out scores every pip "
                "left in the other hands (R15); subtracting is for a blocked round (R16)."
            ),
        )
        lowest = min((t, s) for s, t in enumerate(tot, start=1) if s not in outcome.side)[1]
        add(
            _scores(_player(lowest), sum(tot) - tot[lowest - 1]),
            _(
                "Player {seat} went out, and a domino beats any total, even a small one (R15): "
                "hands are compared only in a block (R16)."
            ).format(seat=w_),
        )
        add(
            nobody,
            _("Player {seat} went out, so the round is a domino and they score (R15).").format(
                seat=w_
            ),
        )
    elif outcome.winner is None:
        low = min(tot)
        tied = [s for s, t in enumerate(tot, start=1) if t == low]
        for s in tied[:2]:
            other = next(x for x in tied if x != s)
            add(
                _scores(_player(s), sum(tot) - 2 * low),
                _(
                    "Player {seat} ties with player {other} for the lowest total, {low}, and a "
                    "tied block scores nothing (R17)."
                ).format(seat=s, other=other, low=low),
            )
        high = max(range(1, n + 1), key=lambda s: tot[s - 1])
        add(
            _scores(_player(high), sum(tot) - tot[high - 1]),
            _(
                "In a block the lowest total wins, never the highest (R16), and here the lowest "
                "is tied, so nobody scores (R17)."
            ),
        )
    else:
        name = _name(r, n, outcome)
        side_totals = [sum(tot[s - 1] for s in side) for side in teams]
        mine = min(side_totals)
        rest = sum(side_totals) - mine
        if r.blocked_scoring is BlockedScoring.DIFFERENCE:
            add(
                _scores(name, rest),
                _(
                    "Under these rules the winner's own total, {mine}, is taken off once: "
                    "{formula} (R16). Scoring all {rest} is a variant (V4)."
                ).format(
                    mine=mine,
                    formula=iso(
                        f"{rest} {pgettext('minus sign in a sum', '-')} {mine} = {outcome.points}"
                    ),
                    rest=rest,
                ),
            )
        else:
            add(
                _scores(name, rest - mine),
                _(
                    "Under this ruleset the lowest side scores all the other pips, {rest}, with "
                    "nothing taken off ({rule})."
                ).format(rest=rest, rule="V3" if pair else "V4"),
            )
        hi = max(range(len(teams)), key=lambda i: side_totals[i])
        hi_name = _pair_name(teams[hi]) if pair else _player(teams[hi][0])
        add(
            _scores(hi_name, sum(side_totals) - side_totals[hi]),
            _("In a block the lowest total wins (R16): {name} holds the least, {mine}.").format(
                name=_lower_first(name), mine=mine
            ),
        )
        add(
            nobody,
            _(
                "Only a tie for the lowest total scores nothing (R17); here {mine} is the sole "
                "lowest (R16)."
            ).format(mine=mine),
        )
    order = sorted(choices.values(), key=lambda c: (c.text == nobody, c.text))
    kind = (
        _("Player {seat} went out").format(seat=outcome.winner)
        if outcome.kind is OutcomeKind.DOMINO
        else _("The round is blocked")
    )
    prompt = _("{kind}. Pips left in each hand: {hands}. Who scores, and how much?").format(
        kind=kind,
        hands=pgettext("list of hands", ", ").join(
            _("player {seat}: {pips}").format(seat=s, pips=t) for s, t in enumerate(tot, start=1)
        ),
    )
    q = Question(prompt, tuple(order), picture, title, page)
    return Quiz(q)


@speaks
def who_starts_next(
    players: int,
    starter: int,
    winner: int | None,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Who starts the next round, given who started this one and who won it
    (None after a tied block): one seat clockwise (R19) or the winner (V1)."""
    r = find_rules(rules)
    n = r.check_players(players)
    for label, seat in (("starter", starter), ("winner", winner)):
        if seat is not None and not 1 <= seat <= n:
            raise InvalidPositionError(
                _("{name} must be a seat from 1 to {n}, got {seat} (R6)").format(
                    name=label, n=n, seat=repr(seat)
                )
            )
    fake = Outcome(
        OutcomeKind.BLOCKED if winner is None else OutcomeKind.DOMINO,
        winner,
        0,
        (0,) * n,
        "",
        (winner,) if winner else (),
    )
    nxt = next_starter(r, n, starter, fake)
    left = starter % n + 1
    by_winner = r.next_starter is NextStarter.WINNER
    rule = "V1" if by_winner else "R19"
    if by_winner and winner is not None:
        why = _(
            "Under these rules the winner of the round starts the next one: player {winner} "
            "({rule})."
        ).format(winner=winner, rule=rule)
    elif by_winner:
        why = _(
            "The block was tied, so nobody won; the start moves one seat clockwise from player "
            "{starter}, to player {left} ({rule})."
        ).format(starter=starter, left=left, rule=rule)
    else:
        why = _(
            "The start moves one seat clockwise from the last starter, player {starter}, to "
            "player {left}, whoever won (R19)."
        ).format(starter=starter, left=left)
    not_next = _("Player {seat} is not next: {why}")
    choices = []
    for s in range(1, n + 1):
        if s == nxt:
            choices.append(Choice(_player(s), why, True))
        elif s == starter:
            choices.append(
                Choice(
                    _player(s),
                    _("Player {seat} started this round; the start moves on ({rule}).").format(
                        seat=s, rule=rule
                    ),
                )
            )
        elif s == winner and not by_winner:
            choices.append(
                Choice(
                    _player(s),
                    _(
                        "Winning does not earn the start under these rules: it passes one seat "
                        "clockwise from player {starter} (R19). The winner starts only in a "
                        "variant (V1)."
                    ).format(starter=starter),
                )
            )
        else:
            choices.append(Choice(_player(s), not_next.format(seat=s, why=_lower_first(why))))
    won = (
        _("nobody won (a tied block)")
        if winner is None
        else _("player {seat} won").format(seat=winner)
    )
    prompt = ngettext(
        "{n} player. Player {starter} started this round and {won}. Who starts the next round?",
        "{n} players. Player {starter} started this round and {won}. Who starts the next round?",
        n,
    ).format(n=n, starter=starter, won=won)
    q = Question(prompt, tuple(choices), "", title, page)
    return Quiz(q)


@speaks
def who_won_match(
    scores: Sequence[int],
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """The scores after a settled round (one per seat; partners share a score):
    has someone won the match, is it drawn, or does play go on (R20, R21)?"""
    r = find_rules(rules)
    n = r.check_players(len(scores))
    m = replace(Match.new(r, n), scores=tuple(scores))
    result = m._result(m.scores)  # the engine's own R20/R21 check
    target = m.target
    sides = r.teams(n)

    def name(side: tuple[int, ...]) -> str:
        return _pair_name(side) if len(side) > 1 else _player(side[0])

    score = {side: max(scores[x - 1] for x in side) for side in sides}
    top = max(score.values())
    leaders = [side for side in sides if score[side] == top]
    lead = name(leaders[0])
    choices = []
    for side in sides:
        text = _("{name} has won").format(name=name(side))
        v = score[side]
        who = name(side)
        if result is not None and result.winner in side:
            fb = _(
                "{name} has {score}, at or above the target of {target}, and the highest "
                "score: the match is won, and the excess stays counted (R20)."
            ).format(name=who, score=v, target=target)
            choices.append(Choice(text, fb, True))
        elif v < target:
            fb = _("{name} has {score}, short of the target of {target} (R20).").format(
                name=who, score=v, target=target
            )
            choices.append(Choice(text, fb))
        elif v < top:
            fb = _(
                "{name} reached {target}, but {leader} has more, {top}: the highest score at "
                "or above the target wins (R20)."
            ).format(name=who, target=target, leader=_lower_first(lead), top=top)
            choices.append(Choice(text, fb))
        else:
            fb = _(
                "{name} is tied at the top with {score}, so nobody wins: the match is drawn (R21)."
            ).format(name=who, score=v)
            choices.append(Choice(text, fb))
    text = _("Nobody yet: play another round")
    if result is None:
        fb = _("Nobody has reached {target} yet, so another round is dealt (R19, R20).").format(
            target=target
        )
        choices.append(Choice(text, fb, True))
    else:
        fb = _(
            "{leader} has {top}, at or above the target of {target}: the match ends as soon "
            "as the round is settled (R20)."
        ).format(leader=lead, top=top, target=target)
        choices.append(Choice(text, fb))
    text = _("It is a draw")
    if result is not None and result.winner is None:
        fb = _(
            "{leaders} are tied at the top with {top}, at or above the target of {target}: the "
            "match is drawn (R21)."
        ).format(
            leaders=pgettext("list of names", " and ").join(name(x) for x in leaders),
            top=top,
            target=target,
        )
        choices.append(Choice(text, fb, True))
    elif result is None:
        fb = _(
            "A draw needs tied top scores at or above {target} (R21); nobody has reached it (R20)."
        ).format(target=target)
        choices.append(Choice(text, fb))
    else:
        fb = _("Only {leader} has the top score, {top}, so there is no tie (R21).").format(
            leader=_lower_first(lead), top=top
        )
        choices.append(Choice(text, fb))
    prompt = _(
        "The round is settled. Scores: {scores}; the target is {target}. Has anyone won the match?"
    ).format(
        scores=pgettext("list of scores", ", ").join(
            _("{name} {score}").format(name=name(x).lower(), score=score[x]) for x in sides
        ),
        target=target,
    )
    q = Question(prompt, tuple(choices), "", title, page)
    return Quiz(q)
