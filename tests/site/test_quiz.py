"""Questions that answer back with no kernel (block_dominoes.widgets.quiz).

Every builder's right answer is checked against the engine over many positions
(never against a hand-written answer), every choice's feedback is its own
sentence naming a rule, and the widget is wired for the static page: a
ToggleButtons' index jsdlinked to a Stack of one panel per choice."""

from __future__ import annotations

import doctest
import html
import importlib
import re

import ipywidgets as w
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets.widgets.widget_link import DirectionalLink

from block_dominoes.errors import BlockDominoesError, InvalidPositionError
from block_dominoes.line import Line
from block_dominoes.match import match_result, next_starter
from block_dominoes.players import play_round
from block_dominoes.rules import find_rules
from block_dominoes.scoring import score_totals
from block_dominoes.tiles import Tile, full_set
from block_dominoes.widgets import (
    Quiz,
    is_round_over,
    must_pass,
    position,
    question,
    where_can_it_go,
    who_scores,
    who_starts_next,
    who_won_match,
)
from block_dominoes.widgets import quiz as quiz_module

RULE = re.compile(r"\b[RV]\d{1,2}\b")
# What a Python value looks like when it leaks into a sentence.
PYTHON_VALUE = re.compile(r"\{|\}|\bTrue\b|\bFalse\b|\bNone\b|Tile\(|Outcome|\[\d+, |\(\d+,")


def shown(html_text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


def sample_quizzes() -> list[Quiz]:
    e2 = ["1-4", "1-1"]
    return [
        where_can_it_go(e2, "1-3"),
        where_can_it_go(e2, "4-6"),
        where_can_it_go(e2, "1-6"),
        where_can_it_go(e2, "0-2"),
        where_can_it_go(["1-4"], "1-2"),
        where_can_it_go(["3-3"], "3-5"),
        where_can_it_go(["3-3"], "2-5"),
        where_can_it_go(["1-4", "4-6"], "1-6"),
        must_pass(e2, "2-5,0-0"),
        must_pass(e2, "2-5,4-6,1-2"),
        is_round_over(position(e2, ["2-5", "0-3"])),
        is_round_over(position(e2, ["2-5", "3-4"], to_play=2)),
        is_round_over(position(e2, ["", "3-4"])),
        who_scores([3, 7, 8]),
        who_scores([0, 7, 8], went_out=1),
        who_scores([3, 3, 8]),
        who_scores([3, 7, 8, 2], rules="all-pips"),
        who_scores([0, 7, 8, 2], went_out=1, rules="partnership"),
        who_scores(play_round("pagat", 3, seed=4).state),
        who_starts_next(3, 2, 1),
        who_starts_next(3, 3, 1, rules="app"),
        who_starts_next(4, 4, None, rules="app"),
        who_won_match([40, 62, 70]),
        who_won_match([40, 50, 60]),
        who_won_match([100, 65, 100, 65], rules="partnership"),
        question(
            "Can [0|0] join an end that shows 5?",
            ["Yes, blanks are wild", "No"],
            ["A blank matches only a blank (R8).", "A blank matches only a blank (R8)."],
            "No",
        ),
    ]


QUIZZES = sample_quizzes()


@pytest.mark.parametrize("q", QUIZZES, ids=lambda q: q.question.prompt[:40])
def test_each_question_is_wired_for_a_static_page(q: Quiz) -> None:
    # ToggleButtons (no choice made yet) whose index drives a Stack of one panel
    # per choice, in the browser (jsdlink), inside a box the browser test can find.
    assert "bd-quiz" in q._dom_classes
    assert isinstance(q.buttons, w.ToggleButtons) and q.buttons.value is None
    assert list(q.buttons.options) == [c.text for c in q.question.choices]
    assert isinstance(q.stack, w.Stack) and q.stack.selected_index is None
    assert len(q.stack.children) == len(q.question.choices)
    assert isinstance(q.link, DirectionalLink)
    assert q.link.source == (q.buttons, "index")
    assert q.link.target == (q.stack, "selected_index")
    right = [p for p in q.stack.children if "bd-quiz-right" in p._dom_classes]
    assert len(right) == 1
    assert q.stack.children.index(right[0]) == q.question.answer


@pytest.mark.parametrize("q", QUIZZES, ids=lambda q: q.question.prompt[:40])
def test_each_choice_explains_itself_in_sentences(q: Quiz) -> None:
    texts = [shown(p.value.split("</p>")[0]) for p in q.stack.children]
    assert len(set(texts)) == len(texts), "two choices give the same feedback"
    for c, text in zip(q.question.choices, texts, strict=True):
        assert text.startswith("Right. " if c.right else "Not quite. "), text
        assert RULE.search(text), f"no rule named: {text}"
        assert not PYTHON_VALUE.search(text), f"a Python value in: {text}"
        assert text.rstrip().endswith((".", ")")), text
    # the mark is bold as a whole ("Not quite.", not "Not")
    for c, p in zip(q.question.choices, q.stack.children, strict=True):
        assert f"<strong>{'Right.' if c.right else 'Not quite.'}</strong>" in p.value
    # every rule id is a link to its anchor on the rules card
    for p in q.stack.children:
        for rid in re.findall(r">(R\d+)</a>", p.value):
            assert f"rules-card.html#{rid.lower()}'" in p.value


def test_handout_text() -> None:
    q = where_can_it_go(["1-4", "1-1"], "4-6")
    assert q.as_text().splitlines() == [
        "Where can [4|6] go?",
        "  A. On the 1 (end X)",
        "  B. On the 4 (end Y)",
        "  C. On either end",
        "  D. Nowhere: it fits no open end",
    ]
    assert q.answer_text().startswith("Answer: B. On the 4 (end Y). [4|6] has a 4")
    assert "Right." not in q.answer_text()


def test_the_diagram_names_the_ends_the_choices_name() -> None:
    q = where_can_it_go(["1-4", "1-1"], "1-3")
    assert ">end X<" in q.prompt.value and ">end Y<" in q.prompt.value
    right = q.question.choices[q.question.answer]
    assert "<svg" in right.picture  # the line after the move
    assert "[1|3]" in right.picture.split("<desc>")[1].split("</desc>")[0]


LINES = [
    Line.build(p)
    for p in (["1-4"], ["1-4", "1-1"], ["3-3"], ["0-5", "5-5", "0-1"], ["2-6", "6-6", "2-2"])
]


@pytest.mark.parametrize("line", LINES, ids=str)
def test_where_agrees_with_the_engine_for_every_tile(line: Line) -> None:
    for t in full_set(6):
        if t in line.tiles:
            with pytest.raises(InvalidPositionError, match="R2"):
                where_can_it_go(line, t)
            continue
        qn = where_can_it_go(line, t).question
        right = qn.choices[qn.answer].text
        fits = line.fits(t)
        assert line.left is not None and line.right is not None
        if not fits:
            assert right.startswith("Nowhere")
        elif len(fits) == 2 or line.left.value == line.right.value:
            assert right.startswith("On either end")
        else:
            name = "end X" if fits == (line.left.value,) else "end Y"
            assert right == f"On the {fits[0]} ({name})"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5000), st.sampled_from([2, 3, 4]), st.integers(0, 12))
def test_round_questions_agree_with_the_engine(seed: int, players: int, moves: int) -> None:
    done = play_round("pagat", players, seed=seed).state
    state = done.after(min(moves, len(done.history)))
    qn = is_round_over(state).question
    expected = 1 if state.went_out else 2 if state.is_blocked else 0
    assert qn.answer == expected
    if not state.line.is_empty:
        mp = must_pass(state.line, state.hand(state.current_player)).question
        assert (mp.answer == 0) == (not state.playable()), mp.answer_text()
    out = done.outcome()
    assert out is not None
    qs = who_scores(done).question
    answer = qs.choices[qs.answer].text
    assert answer == (
        "Nobody scores" if out.winner is None else f"Player {out.winner} scores {out.points}"
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["pagat", "all-pips", "app"]),
    st.lists(st.integers(0, 40), min_size=2, max_size=4),
    st.booleans(),
)
def test_who_scores_agrees_with_score_totals(name: str, totals: list[int], domino: bool) -> None:
    went_out = None
    if domino:
        totals[0] = 0
        went_out = 1
    try:
        out = score_totals(name, totals, went_out)
    except BlockDominoesError as refused:  # totals no hands can hold: the quiz refuses too
        with pytest.raises(type(refused)):
            who_scores(totals, went_out, rules=name)
        return
    qn = who_scores(totals, went_out, rules=name).question
    text = qn.choices[qn.answer].text
    assert text == (
        "Nobody scores" if out.winner is None else f"Player {out.winner} scores {out.points}"
    )
    assert len(qn.choices) >= 3


@pytest.mark.parametrize("name", ["pagat", "app"])
def test_who_starts_next_agrees_with_the_match_rules(name: str) -> None:
    r = find_rules(name)
    for n in (2, 3, 4):
        for starter in range(1, n + 1):
            for winner in [None, *range(1, n + 1)]:
                qn = who_starts_next(n, starter, winner, rules=name).question
                totals = [5] * n
                if winner is not None:
                    totals[winner - 1] = 0
                    out = score_totals(name, totals, winner)
                else:
                    out = score_totals(name, totals)
                assert qn.choices[qn.answer].text == f"Player {next_starter(r, n, starter, out)}"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 130), min_size=2, max_size=4))
def test_who_won_agrees_with_the_match(scores: list[int]) -> None:
    result = match_result(find_rules("pagat"), len(scores), scores)  # R20, R21, in match.py
    qn = who_won_match(scores).question
    text = qn.choices[qn.answer].text
    if result is None:
        assert text.startswith("Nobody yet")
    elif result.winner is None:
        assert text == "It is a draw"
    else:
        assert text == f"Player {result.winner} has won"


def test_bad_questions_are_refused_with_one_line() -> None:
    with pytest.raises(InvalidPositionError, match="exactly one choice must be right"):
        quiz_module.Question("?", (quiz_module.Choice("a", "x"), quiz_module.Choice("b", "y")))
    with pytest.raises(InvalidPositionError, match="one feedback per choice"):
        question("?", ["a", "b"], ["x"], 0)
    with pytest.raises(InvalidPositionError, match="not one of"):
        question("?", ["a", "b"], ["x", "y"], "c")
    with pytest.raises(InvalidPositionError, match="read the same"):
        question("?", ["a", "a"], ["x", "y"], 0)
    with pytest.raises(InvalidPositionError, match="R5"):
        where_can_it_go([], "1-2")
    with pytest.raises(InvalidPositionError, match="R2"):
        position(["1-4"], ["1-4", "2-2"])
    with pytest.raises(InvalidPositionError, match="not over"):
        who_scores(position(["1-4"], ["1-2", "2-2"]))


def test_rules_card_links_are_relative_to_the_page() -> None:
    q = question("?", ["a", "b"], ["Right per R9.", "No (R7)."], 0, page="book/intro")
    assert "href='reference/rules-card.html#r9'" in q.stack.children[0].value
    q = question("?", ["a", "b"], ["Right per R9.", "No (V4)."], 0)
    assert "href='../reference/rules-card.html#r9'" in q.stack.children[0].value
    # a variant lands on its own anchor on the rules card's variants card
    assert "href='../reference/rules-card.html#v4'" in q.stack.children[1].value


@pytest.mark.parametrize("part", ["", ".core", ".placing", ".scoring"])
def test_docstring_examples(part: str) -> None:
    module = importlib.import_module(f"block_dominoes.widgets.quiz{part}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if not part or part == ".core":
        assert result.attempted > 0


def test_tile_halves_are_drawn_on_the_question() -> None:
    q = where_can_it_go(["1-4", "1-1"], Tile(2, 5))
    # drawn beside the line with its caption inside the same picture
    assert "[2|5]; 7 pips.</desc>" in q.prompt.value
    assert ">The tile</text>" in q.prompt.value


def test_the_answer_key_rides_hidden_with_the_question() -> None:
    """A printed worksheet lists each answer at the end: the key is in the page even
    though the feedback panels are not (they appear only once clicked)."""
    q = where_can_it_go(["1-4", "1-1"], Tile(2, 5))
    assert "<div class='bd-quiz-answer' hidden>Answer: " in q.prompt.value
    assert q.answer_text().split(". ")[1] in q.prompt.value
