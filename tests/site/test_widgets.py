"""The widgets, driven through their own attributes as a reader would: type into a
box, pick from a list, and check what the widget shows (answers, diagrams,
messages naming the rule), including bad input, which must never escape as a
traceback."""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget_link import DirectionalLink, Link

from block_dominoes.line import Line
from block_dominoes.players import play_round
from block_dominoes.records import round_json
from block_dominoes.round import RoundState
from block_dominoes.scoring import score_totals
from block_dominoes.widgets import attachment_explorer, round_scorer, step_through
from block_dominoes.widgets.explorer import AttachmentExplorer
from block_dominoes.widgets.scorer import RoundScorer
from block_dominoes.widgets.stepper import StepThrough, frames, record_state


def shown(widget: w.HTML) -> str:
    """The text a reader sees in an HTML widget (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


# -- attachment explorer ------------------------------------------------------
def explorer(line: str = "1-4 1-1", tile: str = "1-3") -> AttachmentExplorer:
    e = attachment_explorer(line, tile)
    assert isinstance(e, AttachmentExplorer)
    return e


def test_explorer_shows_where_a_tile_fits() -> None:
    e = explorer()  # E2: open ends [1|1] line B 1 and [1|4] high end 4
    assert e.text == "[1|3] on the 1\n[1|3] fits [1|1] line B 1."
    assert "[1|3] on the 1" in e.answer.value
    assert 'class="end fits"' in e.picture.value
    assert e.message.value == ""
    e.tile_text.value = "1-4"  # on the line already
    e.tile_text.value = "4-6"
    assert e.text.splitlines() == ["[4|6] on the 4", "[4|6] fits [1|4] high end 4."]


def test_explorer_names_the_rule_when_a_tile_does_not_fit() -> None:
    e = explorer()
    e.tile_text.value = "0-2"
    assert e.text == (
        "illegal move: '[0|2]' on a line whose ends are 1 and 4: "
        "neither half matches an open end (R7, R8: a blank matches only a blank)"
    )
    assert "R8" in e.message.value and e.answer.value == ""
    assert 'class="end fits"' not in e.picture.value  # the line is still drawn
    assert "<svg" in e.picture.value
    e.tile_text.value = "1-1"
    assert "already on the line (R2)" in e.message.value
    e.tile_text.value = "three-four"
    assert "cannot read 'three-four' as a tile" in shown(e.message)
    e.tile_text.value = "7-1"
    assert "not in the double-six set" in e.message.value


def test_explorer_examples_and_typed_lines() -> None:
    e = explorer()
    e.example.value = "0-0"  # E4: a blank needs a blank
    assert e.line_text.value == "0-0"
    e.tile_text.value = "0-5"
    assert e.text.splitlines()[-1] == "[0|5] fits [0|0] line A 0 or [0|0] line B 0."
    e.line_text.value = "1-4 2-3"  # a typed line that breaks R7
    assert e.example.value is None
    assert e.message.value and "placement 2 ('2-3')" in e.text and "(R7)" in e.text
    assert e.picture.value == ""
    e.line_text.value = ""
    assert e.text.startswith("[0|5] as the lead")
    e.line_text.value = "1-4 1-1"
    assert e.example.value == "1-4 1-1"
    assert "'[0|5]' on a line whose ends are 1 and 4" in shown(e.message)
    e.tile_text.value = "4-5"
    assert e.message.value == "" and e.text.startswith("[4|5] on the 4")


# -- round scorer ---------------------------------------------------------------
def scorer(*hands: str, rules: str = "pagat") -> RoundScorer:
    s = round_scorer(hands, rules)
    assert isinstance(s, RoundScorer)
    return s


def test_scorer_blocked_and_domino() -> None:
    s = scorer("3", "7", "8")  # E10
    assert s.text.splitlines()[0] == score_totals("pagat", [3, 7, 8]).explanation
    assert "7 + 8 - 3 = 12" in s.answer.value
    assert s.text.splitlines()[1:] == [
        "player 1: 12 points",
        "player 2: 0 points",
        "player 3: 0 points",
    ]
    s.boxes[1].value = "3"  # E11
    assert "nobody scores (R17)" in s.text
    s.boxes[0].value = "-"
    s.boxes[1].value = "0-0"  # E8: [0|0] still loses to the empty hand
    assert s.text.splitlines()[0].endswith("so player 1 scores 8 (R15)")


def test_scorer_player_count_and_rules() -> None:
    s = scorer("-", "2-3", "1-4,0-0")
    assert [b.layout.display for b in s.boxes] == ["flex", "flex", "flex", "none"]
    s.players.value = 4
    assert s.boxes[3].layout.display == "flex"
    assert "R14" in s.message.value or "empty hand" in s.message.value
    s.boxes[3].value = "6"
    assert "players 2, 3 and 4 hold 5 + 5 + 6 = 16 pips" in s.text
    s.ruleset.value = "partnership"
    assert "pair 1+3 scores" in s.text
    s.players.value = 2
    assert "(V3)" in s.message.value and s.answer.value == ""


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        (("-", "-", "3"), "both have empty hands"),
        (("1-2", "1-2", "3"), "held by players 1 and 2"),
        (("99", "3", "4"), "impossible"),
        (("x", "3", "4"), "cannot read 'x'"),
        (("-3", "3", "4"), "without a sign"),
        (("", "3", "4"), "empty hand text"),
        (("0", "0", "4"), "only one tile, [0|0], is worth 0"),
    ],
)
def test_scorer_bad_entries_become_messages(hands: tuple[str, ...], words: str) -> None:
    s = scorer(*hands)
    assert words in shown(s.message)
    assert s.answer.value == "" and words in s.text
    s.boxes[0].value = "5"
    s.boxes[1].value = "6"
    s.boxes[2].value = "7"
    assert s.message.value == "" and "scores" in s.text


def test_scorer_refuses_a_bad_number_of_hands_at_construction() -> None:
    with pytest.raises(ValueError, match="R1"):
        round_scorer(["3"])


# -- step-through -----------------------------------------------------------------
def test_step_through_is_linked_in_the_browser() -> None:
    g = play_round("pagat", 3, seed=4)
    st = step_through(g, title="A round")
    assert isinstance(st, StepThrough)
    n = len(g.state.history)
    assert len(st.stack.children) == n + 1 == st.slider.max + 1 == st.player.max + 1
    links = {(lk.source[0], lk.source[1], lk.target[0], lk.target[1]) for lk in st.links}
    assert (st.slider, "value", st.stack, "selected_index") in links
    assert (st.player, "value", st.slider, "value") in links
    assert all(isinstance(lk, Link) for lk in st.links)  # jslink: no kernel needed
    assert isinstance(st.links[0], DirectionalLink)  # Play -> slider, one way only
    assert not isinstance(st.links[1], DirectionalLink)
    assert st.stack.selected_index == 0


def test_step_through_frames_tell_each_move() -> None:
    g = play_round("pagat", 3, seed=4)
    st = step_through(g)
    assert isinstance(st, StepThrough)
    caps = st.captions
    assert caps[0] == "The deal: player 1 starts and any tile may lead (R5)."
    for k, (seat, move) in enumerate(g.state.history, start=1):
        assert caps[k].startswith(f"Move {k} of {len(g.state.history)}: player {seat} ")
        assert ("passes" in caps[k]) == (str(move) == "pass")
    outcome = g.state.outcome()
    assert outcome is not None and caps[-1].endswith(f"The round is over: {outcome.explanation}.")
    # each frame's picture shows the line after that move
    for k, frame in enumerate(st.frames):
        from block_dominoes.render import replay

        assert replay(g.state, k).line.describe() in frame.svg
        assert frame.caption in st.stack.children[k].value


def test_step_through_accepts_states_and_records() -> None:
    g = play_round("pagat", 2, seed=9)
    from_state = [f.caption for f in frames(g.state)]
    from_record = [f.caption for f in frames(round_json(g.state, 9))]
    assert from_state == from_record
    assert record_state(round_json(g.state, 9)) == g.state
    bad = round_json(g.state, 9)
    moves = list(bad["moves"])  # type: ignore[arg-type]
    moves[0], moves[1] = moves[1], moves[0]
    bad["moves"] = moves
    with pytest.raises(ValueError):
        frames(bad)
    # record text (JSON as play --json prints it, or the notation) is read as a record
    import json

    assert [f.caption for f in frames(json.dumps(round_json(g.state, 9)))] == from_state
    with pytest.raises(ValueError, match="line 1: cannot read 'not a round'"):
        frames("not a round")
    with pytest.raises(ValueError, match="a step-through shows a round"):
        frames(42)  # type: ignore[arg-type]


def test_step_through_of_a_scripted_blocked_round() -> None:
    s = RoundState.new("pagat", [["1-4", "2-2", "5-6"], ["4-4", "0-0", "1-5"]])
    s = s.play("1-4").play("4-4").play("pass").play("1-5")
    st = step_through(s)
    assert isinstance(st, StepThrough)
    assert "passes: no tile in hand matches the open ends 1 and 4 (R9)" in st.captions[3]
    assert len(st.frames) == 5
    assert Line.build(["1-4", "4-4", "1-5@1"]).describe() in st.frames[4].svg


def test_step_through_labels_stay_readable_on_a_phone() -> None:
    # A 400 px phone leaves a column of about 368 px; a picture drawn wider is
    # scaled down, and its 16 px labels with it. Drawn at most 420 px wide, they
    # still show at 14 px or more (at 640 they shrank to about 9 px).
    import re

    from block_dominoes.render.svg import LABEL_PX

    for seed in (4, 12):
        for frame in frames(play_round("pagat", 3, seed=seed)):
            m = re.search(r'width="([\d.]+)"', frame.svg)
            assert m is not None
            drawn = float(m.group(1))
            assert LABEL_PX * min(1.0, 368 / drawn) >= 14, (seed, drawn)
