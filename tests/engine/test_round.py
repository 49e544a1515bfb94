"""Turns, forced play, passing and the end of a round (R5, R6, R9, R12, R13).

Scripted rounds with fixed hands; every move names the rule it shows.
"""

from __future__ import annotations

import itertools

import pytest

from block_dominoes.errors import IllegalMoveError
from block_dominoes.round import Pass, Play, RoundState
from block_dominoes.scoring import OutcomeKind
from block_dominoes.tiles import Tile


def T(text: str) -> Tile:
    return Tile.parse(text)


def test_r5_starter_may_lead_any_tile() -> None:
    s = RoundState.new("pagat", [["1-4", "6-6", "2-3"], ["0-1", "0-2", "0-3"]], starter=1)
    assert {m.tile for m in s.legal_moves() if isinstance(m, Play)} == {
        T("1-4"),
        T("6-6"),
        T("2-3"),
    }
    # holding the highest double gives no priority (R5): [1|4] is a legal lead
    assert s.apply(Play(T("1-4"))).line.tiles == (T("1-4"),)


def test_r6_turns_pass_clockwise() -> None:
    s = RoundState.new("pagat", [["3-3", "5-6"], ["1-3", "2-4"], ["1-5", "4-6"]], starter=2)
    seen = [s.current_player]
    s = s.play("1-3")  # player 2 leads; ends 1 and 3
    seen.append(s.current_player)
    s = s.play("1-5")  # player 3 on the 1; ends 5 and 3
    seen.append(s.current_player)
    s = s.play("3-3")  # player 1 on the 3; after seat 3 comes seat 1 (R6)
    seen.append(s.current_player)
    assert seen == [2, 3, 1, 2]


def test_r6_every_move_is_by_the_next_seat() -> None:
    s = RoundState.deal("pagat", 4, seed=5)
    while not s.is_over:
        s = s.apply(s.legal_moves()[0])
    seats = [seat for seat, _ in s.history]
    assert all(b == a % 4 + 1 for a, b in itertools.pairwise(seats))


def test_scripted_round_blocked_two_players() -> None:
    s = RoundState.new("pagat", [["1-4", "4-6", "2-2"], ["1-5", "0-6", "3-3"]], starter=1)
    s = s.play("4-6")  # R5: player 1 leads any tile; ends 4 and 6
    s = s.play("0-6")  # R7: player 2 matches the 6; ends 4 and 0
    s = s.play("1-4")  # R7: player 1 matches the 4; ends 1 and 0
    assert s.legal_moves() == (Play(T("1-5"), 1),)  # R9: player 2 must play the only fit
    s = s.play("1-5")  # R7: player 2 matches the 1; ends 5 and 0
    # R13: [2|2] and [3|3] fit neither 5 nor 0: nobody can play, so the round is
    # blocked at once (the Turkish source's test), without waiting for passes
    assert s.is_blocked and s.is_over
    out = s.outcome()
    assert out is not None and out.kind is OutcomeKind.BLOCKED
    assert out.totals == (4, 6) and (out.winner, out.points) == (1, 2)  # R16: 6 - 4


def test_r13_round_ends_at_once_on_domino() -> None:
    s = RoundState.new("pagat", [["1-4"], ["4-5", "5-5"]], starter=1)
    s = s.play("1-4")  # R13: player 1 plays the last tile
    assert s.is_over and s.went_out == 1
    assert s.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match=r"after the round ended.*R13"):
        s.play("4-5")
    out = s.outcome()
    assert out is not None and out.points == 19


def test_r13_blocked_as_soon_as_nobody_can_play() -> None:
    s = RoundState.new("pagat", [["3-3", "0-1"], ["3-4", "1-2"]], starter=1)
    s = s.play("3-3")
    s = s.play("3-4")  # ends 3 and 4: [0|1] and [1|2] fit neither
    assert s.is_blocked and s.is_over


def test_r9_must_play_if_able() -> None:
    s = RoundState.new("pagat", [["1-4", "2-3"], ["4-5", "0-0"]], starter=1).play("1-4")
    with pytest.raises(
        IllegalMoveError, match=r"illegal pass: player 2 can play \[4\|5\] on the 4.*R9"
    ):
        s.apply(Pass())


def test_r9_pass_is_the_only_move_when_stuck_and_does_not_draw() -> None:
    s = RoundState.new("pagat", [["1-4", "2-3"], ["5-5", "0-0"], ["1-1"]], starter=1).play("1-4")
    assert s.legal_moves() == (Pass(),)
    after = s.apply(Pass())
    assert after.hand(2) == s.hand(2)  # no drawing in Block (R4, R9)
    assert after.current_player == 3


def test_r12_placing_never_scores() -> None:
    s = RoundState.new("pagat", [["1-4", "2-3"], ["4-5", "0-0"]], starter=1)
    assert s.returns() == (0, 0)
    s = s.play("1-4")
    assert s.returns() == (0, 0)


def test_illegal_moves_leave_state_unchanged() -> None:
    s = RoundState.new("pagat", [["1-4", "2-3"], ["4-5", "0-0"]], starter=1).play("1-4")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        s.play("2-3")
    with pytest.raises(IllegalMoveError, match="R8"):
        s.play("0-0")
    assert s.current_player == 2 and len(s.history) == 1


def test_v2_highest_double_must_lead() -> None:
    s = RoundState.deal("highest-double", 2, seed=3)
    lead = s.lead
    assert lead is not None
    dealt = [t for h in s.dealt for t in h]
    doubles = [t for t in dealt if t.is_double]
    if doubles:
        assert lead == max(doubles)
    assert lead in s.hand(s.current_player)
    assert s.legal_moves() == (Play(lead),)


def test_v6_draw_game_draws_until_able() -> None:
    s = RoundState.new(
        "draw", [["1-1", "4-4"], ["5-5"]], starter=1, rest=[T("2-3"), T("1-6")]
    ).play("1-1")
    # player 2 cannot play [5|5]: draws [2|3] (no fit), then [1|6] (fits)
    s = s.apply(s.legal_moves()[0])
    assert s.current_player == 2 and T("2-3") in s.hand(2)
    s = s.apply(s.legal_moves()[0])
    assert T("1-6") in s.hand(2)
    assert s.legal_moves() == (Play(T("1-6"), 1),)


def test_explain_illegal_names_the_rule_or_returns_none() -> None:
    s = RoundState.new("pagat", [["1-2", "1-3", "5-6"], ["2-3", "6-6", "4-4"]], starter=1)
    s = s.play("1-2").play("2-3")  # ends 1 and 3; player 1 holds [1|3]
    assert s.explain_illegal(Play(T("1-3"), 3)) is None
    why = s.explain_illegal(Play(T("1-3")))
    assert why is not None and "ambiguous" in why
    assert "R9" in (s.explain_illegal(Pass()) or "")


@pytest.mark.parametrize("rules", ["pagat", "draw", "highest-double"])
def test_after_replays_the_round_from_its_start(rules: str) -> None:
    from block_dominoes.players import play_round

    final = play_round(rules, 2, 3).state
    assert final.at_start().history == () and final.at_start().hands == final.dealt
    assert final.after(len(final.history)) == final
    middle = final.after(5)
    assert middle.history == final.history[:5]


# -- the rule broken, as data -------------------------------------------------------
@pytest.mark.parametrize(
    ("moves", "bad", "rule", "reason"),
    [
        (["1-4"], Pass(), "R9", "must-play"),  # player 2 holds [4|6]
        (["1-4"], Play(T("0-0")), "R8", "no-fit"),  # [0|0] is not a wildcard
        (["1-4"], Play(T("4-6"), 1), "R7", "wrong-end"),
        (["1-4"], Play(T("4-6"), 5), "R7", "no-such-end"),
        (["1-4"], Play(T("2-2")), "R7", "not-held"),
        (["1-4", "4-6"], Play(T("3-3"), 6), "R7", "wrong-end"),
        ([], Play(T("7-7")), "R2", "not-in-set"),
    ],
)
def test_errors_carry_the_rule_reason_and_move_number(
    moves: list[str], bad: Play | Pass, rule: str, reason: str
) -> None:
    s = RoundState.new(
        "pagat", [["1-4", "2-2", "1-6", "3-3"], ["4-6", "0-0", "0-2", "5-5"]], starter=1
    )
    for m in moves:
        s = s.play(m)
    with pytest.raises(IllegalMoveError) as info:
        s.apply(bad)
    assert (info.value.rule, info.value.reason, info.value.move) == (
        rule,
        reason,
        len(moves) + 1,
    )
    assert rule in str(info.value)


def test_ambiguous_move_carries_r7() -> None:
    from block_dominoes.errors import AmbiguousMoveError

    s = RoundState.new("pagat", [["1-4", "1-6"], ["4-6", "0-0"]], starter=1).play("1-4")
    s = s.play("4-6")
    with pytest.raises(AmbiguousMoveError) as info:
        s.apply(Play(T("1-6")))
    assert (info.value.rule, info.value.reason, info.value.move) == ("R7", "both-ends", 3)
