"""End of round and scoring: E8-E11, R12-R18, V3, V4."""

from __future__ import annotations

import pytest

from block_dominoes.errors import InvalidPositionError
from block_dominoes.feasible import max_pips
from block_dominoes.hands import score_hands
from block_dominoes.scoring import OutcomeKind, score_totals


def test_e8_blank_double_does_not_tie_with_empty_hand() -> None:
    out = score_hands("pagat", ["-", "0-0", "2-6"])
    assert out.kind is OutcomeKind.DOMINO
    assert (out.winner, out.points) == (1, 8)
    assert "0 + 8 = 8" in out.explanation


def test_e9_two_opponents_five_each() -> None:
    out = score_hands("pagat", ["5", "-", "5"])
    assert (out.winner, out.points) == (2, 10)
    assert out.explanation.endswith("so player 2 scores 10 (R15)")


def test_e10_blocked_sole_lowest_scores_difference() -> None:
    out = score_totals("pagat", [3, 7, 8])
    assert out.kind is OutcomeKind.BLOCKED
    assert (out.winner, out.points) == (1, 12)
    assert out.explanation == (
        "blocked: totals 3, 7, 8; player 1 has the sole lowest total and scores 7 + 8 - 3 = 12 (R16)"
    )


def test_e11_tied_lowest_nobody_scores() -> None:
    out = score_totals("pagat", [3, 3, 8])
    assert (out.winner, out.points) == (None, 0)
    assert "nobody scores (R17)" in out.explanation


def test_r15_domino_scores_all_opponents_pips() -> None:
    out = score_totals("pagat", [4, 0, 9, 12], went_out=2)
    assert out.points == 25 and out.side == (2,)


def test_r15_zero_point_domino_still_wins() -> None:
    out = score_hands("pagat", ["-", "0-0"])
    assert (out.winner, out.points) == (1, 0)


def test_r16_two_players_difference() -> None:
    out = score_totals("pagat", [10, 4])
    assert (out.winner, out.points) == (2, 6)


def test_r17_tie_with_two_players() -> None:
    assert score_totals("pagat", [6, 6]).winner is None


def test_r18_points_are_raw_not_rounded() -> None:
    out = score_totals("pagat", [0, 7, 6], went_out=1)
    assert out.points == 13  # not rounded to a multiple of 5


def test_v4_all_pips_does_not_subtract() -> None:
    out = score_totals("all-pips", [3, 7, 8])
    assert out.points == 15
    assert "7 + 8 = 15 (V4)" in out.explanation


def test_v3_partnership_domino_counts_opponents_only() -> None:
    out = score_totals("partnership", [0, 10, 7, 20], went_out=1)
    assert out.points == 30 and out.side == (1, 3)
    assert "pair 1+3 scores 30" in out.explanation


def test_v3_partnership_block_compares_pairs() -> None:
    out = score_totals("partnership", [3, 10, 5, 20])
    assert out.side == (1, 3) and out.points == 30
    tie = score_totals("partnership", [3, 4, 5, 4])
    assert tie.winner is None and tie.points == 0
    assert tie.explanation.endswith("so nobody scores (R17, V3)")


def test_max_pips_five_double_six_tiles() -> None:
    assert max_pips("pagat", 5) == 52
    assert max_pips("pagat", 7) == 12 + 11 + 10 + 10 + 9 + 9 + 8


@pytest.mark.parametrize(
    ("hands", "fragment"),
    [
        (["-", "-", "3"], "both have empty hands"),
        (["1-4", "1-4", "3"], "held by players 1 and 2"),
        (["1-4,1-4", "3"], "held twice"),
        (["1", "2", "3", "4", "5"], "5 players"),
        (["1"], "1 player is not allowed"),
        (["53", "1", "1"], "at most 52"),
        (["-3", "4"], "without a sign"),
        (["0", "0", "5"], "only one tile"),
        (["1-2,1-3,1-4,1-5,1-6,2-3", "-", "4"], "each is dealt 5"),
        (["x", "4"], "cannot read 'x'"),
        (["52", "52", "52"], "hold at most"),
        (["7-7", "-"], "not in the double-six set"),
    ],
)
def test_impossible_hands_refused(hands: list[str], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        score_hands("pagat", hands)


def test_went_out_with_pips_refused() -> None:
    with pytest.raises(InvalidPositionError, match="went out but holds"):
        score_totals("pagat", [3, 4], went_out=1)


@pytest.mark.parametrize("name", ["pagat", "all-pips", "partnership"])
def test_winner_and_points_agrees_with_score_played(name: str) -> None:
    """The two unchecked twins (the round's and the simulations') agree on every total."""
    import itertools

    from block_dominoes.rules import find_rules
    from block_dominoes.scoring import score_played, winner_and_points

    r = find_rules(name)
    for n in r.player_counts:
        for totals in itertools.product([0, 3, 7], repeat=n):
            for went in [None, *range(1, n + 1)]:
                if went is not None:
                    totals = tuple(0 if s == went else t for s, t in enumerate(totals, 1))
                out = score_played(r, tuple(totals), went)
                assert winner_and_points(r, totals, went) == (out.winner, out.points)


@pytest.mark.parametrize(
    ("hands", "fragment"),
    [
        (["1", "1", "-"], "impossible together"),  # only [0|1] holds 1 pip alone
        (["0-1", "1", "-"], "impossible together"),  # and it is already written down
        (
            ["1-2,1-3,1-4,1-5,1-6", "0-1,0-2,0-3,0-4,0-5", "2-3,2-4,2-5,2-6,3-4"],
            "still hold all 15",
        ),
    ],
)
def test_hands_impossible_together_refused(hands: list[str], fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        score_hands("pagat", hands)


def test_hands_possible_together_accepted() -> None:
    assert score_hands("pagat", ["1", "2", "-"]).points == 3
