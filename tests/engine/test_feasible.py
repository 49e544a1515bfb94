"""One feasibility model: what a round can leave, the starter's led tile included.

The same model answers ``score`` (hands, starter unknown), ``sheet add`` and ``sheet
edit`` (hands, starter known) and ``sheet claim`` (a bare claim, starter known).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from block_dominoes.errors import InvalidPositionError
from block_dominoes.feasible import Frame, check_totals, claim_table, max_pips, starter_led
from block_dominoes.hands import score_hands
from block_dominoes.players import play_round
from block_dominoes.rules import PRESETS, find_rules
from block_dominoes.scoring import OutcomeKind
from block_dominoes.sheet import Entry, Sheet, check_claim

BLOCK = sorted(name for name, r in PRESETS.items() if not r.draw)


def test_frame_the_starter_holds_one_tile_fewer() -> None:
    assert Frame.of("pagat", 2).most == (7, 7)
    assert Frame.of("pagat", 2, starter=1).most == (6, 7)
    assert Frame.of("pagat", 3, starter=2).most == (5, 4, 5)
    assert Frame.of("draw", 2, starter=1).most == (21, 21)  # drawing refills a hand (V6)
    with pytest.raises(
        InvalidPositionError, match=r"starter 4 is not a seat: a whole number from 1"
    ):
        Frame.of("pagat", 3, starter=4)


# -- the cases -----------------------------------------------------------------
def test_two_players_claim_refused_like_the_hands() -> None:
    """New 2-player sheet, player 1 starts: player 1 led, so holds at most 6 tiles,
    61 pips; a domino by player 2 scores at most 61, whether written as hands or a claim."""
    s = Sheet.new("pagat", 2)
    with pytest.raises(InvalidPositionError, match=r"holds at most 6, worth at most 61.*R5"):
        s.add_hands(["69", "-"])
    with pytest.raises(InvalidPositionError, match=r"cannot score 69.*domino scores 0 to 61.*R5"):
        s.add_claim(2, 69)
    assert s.add_claim(2, 61).scores == (0, 61)
    assert s.add_hands(["61", "-"]).scores == (0, 61)
    # player 2 did not start: a claim by player 1 can reach the full 7 tiles (69 pips)
    assert s.add_claim(1, 69).scores == (69, 0)


def test_three_players_two_hands_hold_at_most_85() -> None:
    """3 players, round 1, player 1 starts: players 1 and 3 hold at most 4 + 5 tiles,
    the heaviest nine hold 85 pips."""
    s = Sheet.new("pagat", 3)
    assert max_pips("pagat", 9) == 85 and max_pips("pagat", 10) == 92
    with pytest.raises(InvalidPositionError, match=r"player 2 cannot score 92.*1 to 85.*R5"):
        s.add_claim(2, 92)
    with pytest.raises(InvalidPositionError, match=r"add up to 92.*9 tiles.*at most 85.*R5"):
        s.add_hands(["40", "-", "52"])
    assert s.add_claim(2, 85).scores == (0, 85, 0)
    assert s.add_hands(["33", "-", "52"]).scores == (0, 85, 0)


def test_edit_uses_the_edited_rounds_starter() -> None:
    s = Sheet.new("pagat", 2).add_claim(1, 10)  # round 2 is started by player 2 (R19)
    with pytest.raises(InvalidPositionError, match=r"round 1: claim refused.*R5"):
        s.edit(1, Entry.of_claim(2, 69))
    with pytest.raises(InvalidPositionError, match=r"round 1: player 1 started"):
        s.edit(1, Entry.of_hands(["69", "-"]))
    t = s.add_claim(2, 69)  # round 2: player 2 started, so player 1 may hold 69
    assert t.scores == (10, 69)
    with pytest.raises(InvalidPositionError, match=r"round 2: claim refused"):
        t.edit(2, Entry.of_claim(1, 69))


def test_score_without_a_starter_keeps_every_seat_possible() -> None:
    """``block-dominoes score`` does not know who started: any seat may have, so a
    full hand is refused only when every tile is still held (R7, R13)."""
    assert score_hands("pagat", ["69", "-"]).points == 69
    with pytest.raises(InvalidPositionError, match="R5, R14"):
        score_hands("pagat", ["69", "-"], starter=1)
    with pytest.raises(InvalidPositionError, match="R7, R13"):
        score_hands("pagat", ["0-0,0-1,0-2,0-3,0-4", "0-5,0-6,1-1,1-2,1-3", "1-4,1-5,1-6,2-2,2-3"])


def test_a_highest_double_first_round_has_no_known_leader() -> None:
    """V2: in round 1 the holder of the highest double leads, whoever the sheet starts."""
    r = find_rules("highest-double")
    assert not starter_led(r, 1) and starter_led(r, 2)
    s = Sheet.new(r, 2)
    assert s.add_claim(2, 69).scores == (0, 69)  # player 1 may not have led
    s2 = s.add_claim(1, 5)
    with pytest.raises(InvalidPositionError, match="R5"):
        s2.add_claim(1, 69)  # round 2: player 2 started and led


def test_check_totals_names_the_starter_rule() -> None:
    check_totals("pagat", [61, 0], 2, starter=1)
    with pytest.raises(InvalidPositionError, match=r"player 1 started this round.*R5, R14"):
        check_totals("pagat", [62, 0], 2, starter=1)


def test_claim_tables_differ_only_by_the_starter() -> None:
    r = find_rules("pagat")
    plain = claim_table(r, 3, 2)
    led = claim_table(r, 3, 2, starter=1)
    assert plain.domino >> 92 & 1 and not led.domino >> 86
    own = claim_table(r, 3, 1, starter=1)  # the claimant led: its opponents are unchanged
    assert own.domino == claim_table(r, 3, 1).domino


# -- soundness: what really happened is never refused ----------------------------------
@given(
    name=st.sampled_from(BLOCK),
    seed=st.integers(0, 10_000),
    round_number=st.integers(1, 4),
    data=st.data(),
)
def test_real_rounds_pass_with_their_starter(
    name: str, seed: int, round_number: int, data: st.DataObject
) -> None:
    r = PRESETS[name]
    n = data.draw(st.sampled_from(r.player_counts))
    starter = data.draw(st.integers(1, n))
    state = play_round(r, n, seed, round_number=round_number, starter=starter).state
    led = starter if starter_led(r, round_number) else None
    out = state.outcome()
    assert out is not None
    tiles = ["-" if not h else ",".join(map(str, h)) for h in state.hands]
    totals = ["-" if not h else str(sum(t.pips for t in h)) for h in state.hands]
    assert score_hands(r, tiles, starter=led).points == out.points
    assert score_hands(r, totals, starter=led).points == out.points
    if out.winner is not None:
        seat = data.draw(st.sampled_from(out.side))
        kinds = {i.kind for i in check_claim(r, n, seat, out.points, starter=led)}
        assert out.kind in kinds


@pytest.mark.parametrize("name", BLOCK)
def test_claim_examples_respect_the_starter(name: str) -> None:
    """Every example of an accepted claim is totals the starter-aware check accepts."""
    r = PRESETS[name]
    for n in r.player_counts:
        for starter in range(1, n + 1):
            t = claim_table(r, n, 2, starter)
            for points in range(0, 130, 11):
                if not (t.domino | t.blocked_bits) >> points & 1:
                    continue
                for i in check_claim(r, n, 2, points, starter=starter):
                    if i.example is None:
                        continue
                    went = i.went_out if i.kind is OutcomeKind.DOMINO else None
                    check_totals(r, i.example, went, starter=starter)


def test_hands_impossible_only_because_the_starter_led() -> None:
    """61 pips beside a written [6|6]: seven other tiles can hold it, the starter's six
    cannot (the heaviest six left hold 57); the refusal says the led tile is why."""
    assert score_hands("pagat", ["61", "6-6"]).kind is OutcomeKind.BLOCKED
    with pytest.raises(InvalidPositionError, match=r"impossible together.*holds at most 6, R5"):
        score_hands("pagat", ["61", "6-6"], starter=1)
    with pytest.raises(InvalidPositionError, match=r"1 to 7 tiles, R3; R14\)$"):
        score_hands("pagat", ["1", "0-1"], starter=1)  # impossible whoever started
