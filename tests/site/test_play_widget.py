"""The play widget, driven through its own methods as a learner would click it."""

from __future__ import annotations

import html
import random
import re

import pytest

from block_dominoes.errors import BlockDominoesError
from block_dominoes.players import STRATEGIES, play_round
from block_dominoes.players import hint as engine_hint
from block_dominoes.render import replay
from block_dominoes.round import Pass, Play
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.widgets import play
from block_dominoes.widgets.playing import PlayWidget


def text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def step_until(p: PlayWidget, want, limit: int = 200) -> bool:  # type: ignore[no-untyped-def]
    """Play on (computer moves with Next, mine: first legal move) until ``want(p)``."""
    for _ in range(limit):
        if want(p):
            return True
        if p.state.is_over:
            return False
        p.play_to_end(limit=1)
    return want(p)


def test_the_opening_shows_my_hand_as_buttons_green_where_they_fit() -> None:
    p = play(players=2, seed=3)
    assert isinstance(p, PlayWidget)
    assert [b.description for b in p.hand_box.children] == [str(t) for t in p.state.hand(1)]
    if p.your_turn:
        fits = {str(m.tile) for m in p.state.playable(1)}
        green = {b.description for b in p.hand_box.children if b.button_style == "success"}
        assert green == fits
        assert p.status.startswith("Your turn")
    assert "<svg" in p.line_view.value
    assert p.transcript[0].startswith("Round 1, deal 3:")


def test_a_tile_that_fits_nowhere_is_explained_and_nothing_changes() -> None:
    for seed in range(60):
        p = play(players=2, seed=seed, strategies="heavy")
        found = step_until(
            p,
            lambda q: (
                q.your_turn
                and not q.state.line.is_empty
                and any(not q.state.line.fits(t) for t in q.state.hand(1))
            ),
        )
        if found:
            break
    assert found
    bad = next(t for t in p.state.hand(1) if not p.state.line.fits(t))
    before = p.state
    button = next(b for b in p.hand_box.children if b.description == str(bad))
    button.click()  # a real click goes through the guard: no traceback
    a, b = before.line.end_values
    assert "neither half matches an open end (R7" in p.message_text
    assert f"the open ends are {a} and {b}" in p.message_text
    assert p.state is before


def test_a_tile_that_fits_both_ends_asks_which() -> None:
    found = False
    for seed in range(200):
        p = play(players=2, seed=seed)
        if step_until(
            p,
            lambda q: q.your_turn and any(len(q.state.line.fits(t)) == 2 for t in q.state.hand(1)),
        ):
            found = True
            break
    assert found
    tile = next(t for t in p.state.hand(1) if len(p.state.line.fits(t)) == 2)
    a, b = p.state.line.fits(tile)
    moves = len(p.state.history)
    p.click_tile(tile)
    assert f"{tile} fits both open ends: choose the {a} or the {b} (R7)" in p.message_text
    assert [x.description for x in p.end_box.children] == [f"on the {a}", f"on the {b}"]
    assert len(p.state.history) == moves
    bad = next(v for v in range(7) if v not in (a, b))
    p._guarded(p.choose_end, bad)
    assert f"cannot go on {bad}" in p.message_text
    p.end_box.children[1].click()
    assert p.state.history[moves] == (1, Play(tile, b))
    assert p.transcript[-1] == f"You play {tile} on {b}."


def test_my_forced_pass_is_made_for_me_and_said() -> None:
    found = False
    for seed in range(100):
        p = play(players=3, seed=seed, auto=True)
        if step_until(p, lambda q: (1, Pass()) in q.state.history):
            found = True
            break
    assert found
    i = p.state.history.index((1, Pass()))
    ends = " and ".join(str(v) for v in replay(p.state, i).line.end_values)
    assert f"You pass: no tile in your hand matches {ends} (R9)." in p.transcript


def test_computer_moves_come_one_at_a_time_with_their_reason() -> None:
    p = play(players=4, seed=1, strategies=["heavy", "keep-numbers", "blocker"])
    step_until(p, lambda q: not q.your_turn)
    assert not p.state.is_over
    seat = p.state.current_player
    moves = len(p.state.history)
    assert p.status == f"Player {seat} to play: press Next."
    assert p.hint_button.disabled and not p.next_button.disabled
    p._guarded(p.click_tile, p.state.hand(1)[0])
    assert "press Next" in p.message_text
    p.next_button.click()
    assert len(p.state.history) >= moves + 1
    assert p.state.history[moves][0] == seat
    name = p.strategies[seat - 2].name
    expected = {"heavy": "heaviest", "keep-numbers": "keep", "blocker": "leaves|sheds|only|passes"}
    line = next(x for x in p.transcript if x.startswith(f"Player {seat} "))
    assert re.search(expected[name] + "|only legal|passes", line)


def test_the_same_deal_number_gives_the_same_round_everywhere() -> None:
    a = play(players=3, seed=12, strategies="expert", auto=True)
    b = play(players=3, seed=12, strategies="expert", auto=True)
    a.play_to_end()
    b.play_to_end()
    assert a.transcript == b.transcript and a.result_text == b.result_text
    c = play(players=3, seed=13, strategies="expert", auto=True)
    assert c.state.dealt != a.state.dealt
    # With a computer in my seat too, the widget's moves are play_round's moves.
    g = play_round("pagat", 2, 5, ["heavy", "heavy"])
    d = play(players=2, seed=5, strategies="heavy")
    while not d.state.is_over:
        if d.your_turn:
            m = STRATEGIES["heavy"].choose(d.state, random.Random(0)).move
            assert isinstance(m, Play)
            if m.end is not None and len(d.state.line.fits(m.tile)) == 2:
                d.click_tile(m.tile)
                d.choose_end(m.end)
            else:
                d.click_tile(m.tile)
        else:
            d.next()
    assert d.state.history == g.state.history


def test_teaching_mode_shows_every_hand() -> None:
    p = play(players=3, seed=2)
    assert "face down" in p.hands_view.value
    p.teaching_box.value = True
    for seat in (2, 3):
        for t in p.state.hand(seat):
            assert str(t) in text(p.hands_view.value)
    q = play(players=3, seed=2, teaching=True)
    assert "face down" not in q.hands_view.value


def test_hint_is_the_engines_hint_from_what_i_can_see() -> None:
    p = play(players=2, seed=8, strategies="expert")
    step_until(p, lambda q: q.your_turn and len(q.state.legal_moves()) > 1)
    reason = p.hint()
    assert reason == engine_hint(p.state).reason
    assert p.message_text == f"Hint: {reason}"
    step_until(p, lambda q: not q.your_turn)
    if not p.state.is_over:
        p.hint_button.disabled = False
        p.hint_button.click()
        assert "a hint is for your own turn" in p.message_text


def test_end_of_round_reveals_hands_scores_and_the_next_starter() -> None:
    p = play(players=3, seed=6, auto=True)
    p.play_to_end()
    out = p.state.outcome()
    assert out is not None
    assert p.result_text.startswith(f"The round is over: {out.explanation}.")
    assert "Match scores (target 61)" in p.result_text
    starter = p.state.starter
    assert f"Player {starter % 3 + 1} starts the next round: one seat on from player {starter}" in (
        p.result_text
    )
    assert "face down" not in p.hands_view.value
    for seat in (2, 3):
        for t in p.state.hand(seat):
            assert str(t) in text(p.hands_view.value)
    assert not p.round_button.disabled
    sw = p.show_replay()
    assert p.replay_box.children == (sw,)
    assert len(sw.frames) == len(p.state.history) + 1


def test_winner_starts_next_under_the_app_rules() -> None:
    for seed in range(40):
        p = play(players=2, rules="app", seed=seed, auto=True)
        p.play_to_end()
        out = p.state.outcome()
        assert out is not None
        if out.winner is not None:
            assert f"Player {out.winner} starts the next round: the winner" in p.result_text
            assert "(V1)" in p.result_text
            p.next_round()
            assert p.state.starter == out.winner
            return
    raise AssertionError("no decided round in 40 deals")


def test_a_whole_match_to_the_target() -> None:
    p = play(players=2, seed=9, strategies="heavy", auto=True)
    rounds = 0
    while True:
        p.play_to_end()
        rounds += 1
        if p.match.result is not None:
            break
        p.next_round()
        assert rounds < 100
    assert p.result_text.endswith(f"The match is over: {p.match.describe_result()}.")
    assert max(p.match.scores) >= 100
    assert sum(p.match.scores) == sum(
        r.outcome.points for r in p.match.rounds
    )  # only one side scores per round (R15-R17)
    assert p.round_button.disabled
    p._guarded(p.next_round)
    assert "the match is over" in p.message_text
    p.new_deal(10)
    assert p.match.rounds == () and p.seed == 10


@pytest.mark.parametrize("preset", rules_names())
def test_every_preset_and_player_count_plays_to_the_end(preset: str) -> None:
    r = find_rules(preset)
    for n in r.player_counts:
        p = play(players=n, rules=preset, seed=n, strategies="blocker", auto=True)
        p.play_to_end()
        assert p.state.is_over and p.result_text.startswith("The round is over")


def test_bad_settings_are_refused() -> None:
    with pytest.raises(BlockDominoesError, match="R1"):
        play(players=5)
    with pytest.raises(BlockDominoesError, match="unknown strategy"):
        play(strategies="clever")
    with pytest.raises(BlockDominoesError, match="one per seat"):
        play(players=3, strategies=["heavy", "heavy", "heavy"])
    with pytest.raises(BlockDominoesError, match="deal number"):
        play(seed=-1)


def test_a_finished_round_exports_as_a_record_the_stepper_replays() -> None:
    from block_dominoes.widgets.stepper import record_state

    p = play(players=2, seed=4, auto=True)
    p._guarded(p.record)
    assert "no round has finished yet" in p.message_text
    p.play_to_end()
    rec = p.record()
    assert rec["seed"] == 4 and rec["outcome"] == p.state.outcome().to_json()  # type: ignore[union-attr]
    assert record_state(rec).history == p.state.history
