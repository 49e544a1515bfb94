"""The next round and the match (R19, R20, R21, V1)."""

from __future__ import annotations

import pytest

from block_dominoes.errors import InvalidPositionError
from block_dominoes.match import Match, match_result
from block_dominoes.scoring import score_totals


def test_r19_next_starter_is_one_seat_on_whoever_won() -> None:
    m = Match.new("pagat", 3, starter=3)
    m = m.add(score_totals("pagat", [0, 5, 5], went_out=1))
    assert m.starter == 1  # seat after 3 wraps to 1
    m = m.add(score_totals("pagat", [3, 3, 8]))  # tied block: still one seat on
    assert m.starter == 2
    assert [r.starter for r in m.rounds] == [3, 1]


def test_v1_winner_starts_next_or_left_after_tied_block() -> None:
    m = Match.new("app", 3, starter=1)
    m = m.add(score_totals("app", [4, 0, 5], went_out=2))
    assert m.starter == 2
    m = m.add(score_totals("app", [3, 3, 8]))
    assert m.starter == 3  # tied block: left of previous starter (2)


def test_r20_target_checked_after_round_excess_kept() -> None:
    m = Match.new("pagat", 2, starter=1)
    m = m.add(score_totals("pagat", [0, 60], went_out=1))
    assert m.result is None
    m = m.add(score_totals("pagat", [0, 55], went_out=1))
    assert m.scores == (115, 0)  # excess over 100 stays counted
    assert m.result is not None and (m.result.kind, m.result.winner) == ("win", 1)
    with pytest.raises(InvalidPositionError, match=r"match is over.*R20"):
        m.add(score_totals("pagat", [0, 5], went_out=1))


def test_r21_tied_top_scores_draw() -> None:
    # Under pagat only one player scores a round, so a tie at the top cannot arise
    # in play; a match carried over with equal scores shows the rule itself.
    m = Match.new("pagat", 3, starter=1)
    m = Match(m.rules, 3, 1, (55, 55, 0))
    m = m.add(score_totals("pagat", [0, 3, 3], went_out=1))
    assert m.result is not None and m.result.kind == "win"
    tied = match_result(m.rules, 3, (61, 61, 0))
    assert tied is not None and (tied.kind, tied.winner) == ("draw", None)


def test_partnership_scores_shared() -> None:
    m = Match.new("partnership", 4, starter=1)
    m = m.add(score_totals("partnership", [0, 10, 7, 20], went_out=1))
    assert m.scores == (30, 0, 30, 0)


def test_bad_starter() -> None:
    with pytest.raises(InvalidPositionError, match="seat from 1 to 3"):
        Match.new("pagat", 3, starter=4)
