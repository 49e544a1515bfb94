"""Computer strategies: only legal moves, fairness (knowledge), each strategy's idea, hints."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import consistent_variants

from block_dominoes.errors import BlockDominoesError, IllegalMoveError
from block_dominoes.lab.fast import random_round
from block_dominoes.players import STRATEGIES, find_strategy, hint, knowledge, play_round
from block_dominoes.players.knowledge import sample_hidden
from block_dominoes.players.strategies import choose_expert
from block_dominoes.round import Pass, Play, RoundState
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.tiles import Tile


def T(text: str) -> Tile:
    return Tile.parse(text)


# -- legality ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_plays_only_legal_moves_for_every_preset_and_player_count(
    name: str,
) -> None:
    strategy = STRATEGIES[name]
    rounds = 2 if name == "expert" else 12
    checked = 0
    for preset in rules_names():
        r = find_rules(preset)
        for n in r.player_counts:
            for seed in range(rounds):
                state = RoundState.deal(r, n, seed)
                rng = random.Random(seed)
                while not state.is_over:
                    choice = strategy.choose(state, rng)
                    assert choice.move in state.legal_moves(), (preset, n, seed, choice)
                    assert choice.reason
                    state = state.apply(choice.move)
                    checked += 1
    assert checked > 100


def test_every_strategy_mixed_at_one_table() -> None:
    names = ["keep-numbers", "blocker", "expert", "heavy"]
    for seed in range(6):
        g = play_round("pagat", 4, seed, names)
        assert g.state.is_over and len(g.reasons) == len(g.state.history)


def test_random_keeps_its_exact_behaviour_with_the_fast_path() -> None:
    for seed in range(30):
        slow = play_round("pagat", 3, seed, "random").state.outcome()
        fast = random_round("pagat", 3, seed).outcome
        assert slow is not None
        assert (slow.winner, slow.points, slow.totals) == (fast.winner, fast.points, fast.totals)


def test_unknown_strategy_names_the_choices() -> None:
    with pytest.raises(BlockDominoesError, match=r"'keep-numbers'.*'expert'"):
        find_strategy("clever")


# -- knowledge ----------------------------------------------------------------------
def scripted() -> RoundState:
    # Player 1 leads [3|4]; player 2 has no 3 and no 4 and passes (R9);
    # player 1 plays [4|5] on the 4; player 2 plays [5|6].
    s = RoundState.new(
        "pagat", [["3-4", "4-5", "1-1", "2-2"], ["5-6", "0-0", "1-2", "0-1"]], starter=1
    )
    s = s.apply(Play(T("3-4")))
    s = s.apply(Pass())
    s = s.apply(Play(T("4-5"), 4))
    return s.apply(Play(T("5-6"), 5))


def test_knowledge_records_passes_as_missing_numbers() -> None:
    k = knowledge(scripted(), 1)
    assert k.lacks == (frozenset(), frozenset({3, 4}))
    assert k.counts == (2, 3)
    assert k.hand == (T("1-1"), T("2-2"))
    assert len(k.unseen) == 28 - 2 - 3  # not in my hand, not on the line
    assert k.hidden_rest == len(k.unseen) - 3
    assert k.to_move == 1


def test_knowledge_is_the_same_whatever_the_hidden_hands() -> None:
    a = RoundState.new("pagat", [["3-4", "1-1"], ["5-6", "0-0"]], starter=1)
    b = RoundState.new("pagat", [["3-4", "1-1"], ["2-6", "0-2"]], starter=1)
    assert knowledge(a, 1) == knowledge(b, 1)
    assert knowledge(a, 2) != knowledge(b, 2)


def test_knowledge_hides_an_opponents_drawn_tile() -> None:
    s = RoundState.deal("draw", 2, 4)
    while not any(not isinstance(m, Play) for _, m in s.history) and not s.is_over:
        s = s.apply(STRATEGIES["heavy"].choose(s, random.Random(0)).move)
    drawer = next(seat for seat, m in s.history if not isinstance(m, Play))
    other = 2 if drawer == 1 else 1
    assert None in [m for seat, m in knowledge(s, other).history if seat == drawer]
    assert None not in [m for _, m in knowledge(s, drawer).history]


@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.integers(0, 30))
def test_samples_respect_hand_sizes_and_passes(seed: int, n: int, steps: int) -> None:
    s = RoundState.deal("pagat", n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(STRATEGIES["random"].choose(s, rng).move)
    k = knowledge(s, 1)
    hands, rest = sample_hidden(k, random.Random(seed))
    assert hands[0] == s.hand(1)
    assert [len(h) for h in hands] == [len(h) for h in s.hands]
    dealt = [t for h in hands[1:] for t in h] + list(rest)
    assert sorted(dealt) == sorted(k.unseen)
    for seat in range(2, n + 1):
        for t in hands[seat - 1]:
            assert not (t.low in k.lacks[seat - 1] or t.high in k.lacks[seat - 1])


# -- each strategy's idea -------------------------------------------------------------
def test_keep_numbers_keeps_its_most_held_number_open() -> None:
    # Ends 2 and 6. [2|5] on the 2 leaves a 5 open and the hand still holds three 5s;
    # [6|6] is heavier but leaves a 6, of which it holds none.
    s = RoundState.new(
        "pagat",
        [["2-6", "1-1"], ["2-5", "6-6", "0-5", "1-5", "3-5"]],
        starter=1,
    ).apply(Play(T("2-6")))
    c = find_strategy("keep-numbers").choose(s, random.Random(0))
    assert c.move == Play(T("2-5"), 2)
    assert "3 more tiles with a 5" in c.reason


def test_heavy_plays_the_heaviest_tile() -> None:
    s = RoundState.new("pagat", [["2-6", "1-1"], ["2-5", "6-6", "0-2"]], starter=1)
    s = s.apply(Play(T("2-6")))
    assert find_strategy("heavy").choose(s, random.Random(0)).move == Play(T("6-6"), 6)


def test_blocker_leaves_the_number_an_opponent_passed_on() -> None:
    # Ends 3 and 5; player 2 passed on 3 and 4, then on 3 and 5 (R9). [3|5] closes
    # both ends on numbers player 2 lacks (on the 3 it leaves 5 and 5, and [5|6]
    # still follows); the heavier [5|6] would leave a 6 open.
    s = RoundState.new(
        "pagat", [["3-4", "4-5", "3-5", "5-6", "0-0"], ["1-1", "1-2", "0-6"]], starter=1
    )
    s = s.apply(Play(T("3-4")))  # lead
    s = s.apply(Pass())  # player 2 has no 3 or 4 (R9)
    s = s.apply(Play(T("4-5"), 4))  # ends 3 and 5
    s = s.apply(Pass())  # player 2 has no 3 or 5 either
    c = find_strategy("blocker").choose(s, random.Random(0))
    assert c.move == Play(T("3-5"), 3), c
    assert "leaves 5 and 5 open; player 2 passed on 5 (R9)" in c.reason
    heavy = find_strategy("heavy").choose(s, random.Random(0))
    assert heavy.move != c.move


def test_expert_is_deterministic_given_its_generator() -> None:
    s = RoundState.deal("pagat", 3, 5)
    a = choose_expert(s, random.Random(1))
    b = choose_expert(s, random.Random(1))
    assert a == b and "deals of the unseen tiles" in a.reason


def test_expert_beats_random_in_two_player_rounds() -> None:
    # Seats rotated, 60 seeded rounds: the expert's mean margin is clearly positive,
    # while random against random is about zero.
    def margin(name: str) -> float:
        total = 0
        for i in range(60):
            seat = i % 2 + 1
            names = [name, "random"] if seat == 1 else ["random", name]
            r = play_round("pagat", 2, i, names).state.returns()
            total += r[seat - 1] - r[2 - seat]
        return total / 60

    assert margin("expert") > margin("random") + 2


# -- hints ----------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "seed", "steps"), [(2, 3, 3), (3, 8, 4), (4, 2, 5), (2, 21, 6)])
def test_hint_never_uses_hidden_information(n: int, seed: int, steps: int) -> None:
    s = RoundState.deal("pagat", n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s = s.apply(STRATEGIES["heavy" if s.current_player % 2 else "random"].choose(s, rng).move)
    assert not s.is_over
    seat = s.current_player
    h = hint(s)
    variants = consistent_variants(s, seat, 4)
    assert variants, "no consistent re-deal found"
    for v in variants:
        assert knowledge(v) == knowledge(s)
        assert hint(v) == h


def test_hint_would_change_if_it_peeked() -> None:
    # Guard for the test above: the hidden hands do matter to a cheating search,
    # so equality of hints is not an accident of a position with one good move.
    s = RoundState.deal("pagat", 2, 3)
    rng = random.Random(3)
    for _ in range(3):
        s = s.apply(STRATEGIES["heavy"].choose(s, rng).move)
    from block_dominoes.players.kernel import tables
    from block_dominoes.players.solver import Search2
    from block_dominoes.tiles import tile_index

    def peek(state: RoundState) -> list[int]:
        me, opp = state.current_player, 3 - state.current_player
        m1 = sum(1 << tile_index(t) for t in state.hand(me))
        m2 = sum(1 << tile_index(t) for t in state.hand(opp))
        pv = tables(6).pips
        values = []
        a, b = state.line.end_values
        for m in state.playable():
            assert isinstance(m, Play) and m.end is not None
            rest = m1 & ~(1 << tile_index(m.tile))
            na, nb = (m.tile.other(a), b) if m.end == a else (a, m.tile.other(b))
            p1 = sum(pv[i] for i in range(28) if rest >> i & 1)
            p2 = sum(pv[i] for i in range(28) if m2 >> i & 1)
            values.append(-Search2().value(m2, rest, p2, p1, na, nb) if rest else p2)
        return values

    seen = {tuple(peek(v)) for v in [s, *consistent_variants(s, s.current_player, 6)]}
    assert len(seen) > 1


def test_hint_for_a_forced_pass_and_an_only_move() -> None:
    s = RoundState.new("pagat", [["3-4", "4-4"], ["5-6", "0-0"]], starter=1)
    s = s.apply(Play(T("3-4")))
    h = hint(s)
    assert h.move == Pass() and "no tile in your hand matches 3 and 4 (R9)" in h.reason
    s = RoundState.new("pagat", [["3-4", "0-1"], ["4-6", "0-0"]], starter=1)
    s = s.apply(Play(T("3-4")))
    assert hint(s).move == Play(T("4-6"), 4)


def test_hint_after_the_round_is_an_error() -> None:
    s = RoundState.new("pagat", [["3-4"], ["4-6"]], starter=1).apply(Play(T("3-4")))
    assert s.is_over  # player 1 went out with the lead (R13)
    with pytest.raises(IllegalMoveError, match="R13"):
        hint(s)


def test_hint_mentions_an_opponents_pass() -> None:
    s = RoundState.new(
        "pagat", [["3-4", "4-5", "3-5", "5-6", "0-0"], ["1-1", "1-2", "0-6"]], starter=1
    )
    for m in (Play(T("3-4")), Pass(), Play(T("4-5"), 4), Pass()):
        s = s.apply(m)
    h = hint(s)
    assert isinstance(h.move, Play) and h.move in s.legal_moves()
    assert h.reason.startswith(f"Play {h.move.tile} on the ")


def test_docstring_examples() -> None:
    import doctest

    import block_dominoes.players.strategies as mod

    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0


def test_hint_ignores_hidden_hands_after_an_opponent_passed() -> None:
    # Positions where the player to move has a choice and knows an opponent's gap
    # (R9): the re-deals keep the passes legal, and the hint stays the same.
    checked = 0
    for seed in range(200):
        s = RoundState.deal("pagat", 3, seed)
        rng = random.Random(seed)
        while not s.is_over and checked < 3:
            k = knowledge(s)
            if any(k.lacks) and len(k.plays()) > 1:
                variants = consistent_variants(s, s.current_player, 3)
                if variants:
                    h = hint(s)
                    assert all(hint(v) == h for v in variants)
                    checked += 1
                    break
            s = s.apply(STRATEGIES["random"].choose(s, rng).move)
        if checked >= 3:
            break
    assert checked == 3


# -- the Bulgarian tips, each only when its condition holds ---------------------------
def _ends_2_and_6(hand: list[str]) -> RoundState:
    return RoundState.new("pagat", [["2-6", "1-1"], hand], starter=1).apply(Play(T("2-6")))


def test_keep_four_follows_the_tip_only_with_four_of_a_number() -> None:
    # Four 5s: [2|5] on the 2 keeps the 5 open (the heavier [6|6] would not).
    four = _ends_2_and_6(["2-5", "6-6", "0-5", "1-5", "3-5"])
    c = find_strategy("keep-four").choose(four, random.Random(0))
    assert c.move == Play(T("2-5"), 2) and "holds 4 tiles with a 5" in c.reason
    # Three 5s: keep-numbers still follows its number, keep-four does not (the tip
    # says "four or five"): it plays at random, so another seed picks another move.
    three = _ends_2_and_6(["2-5", "6-6", "0-5", "1-5", "3-3"])
    assert find_strategy("keep-numbers").choose(three, random.Random(0)).move == Play(T("2-5"), 2)
    picks = {find_strategy("keep-four").choose(three, random.Random(i)).move for i in range(20)}
    assert picks == {Play(T("2-5"), 2), Play(T("6-6"), 6)}
    c = find_strategy("keep-four").choose(three, random.Random(0))
    assert "no number is held 4 times" in c.reason


def test_doubles_early_lays_a_double_while_it_fits() -> None:
    s = _ends_2_and_6(["2-5", "6-6", "0-4"])
    c = find_strategy("doubles-early").choose(s, random.Random(0))
    assert c.move == Play(T("6-6"), 6) and "while 6 is still open" in c.reason
    no_double = _ends_2_and_6(["2-5", "1-6", "0-4"])
    c = find_strategy("doubles-early").choose(no_double, random.Random(0))
    assert "no double fits" in c.reason


def _after_two_passes(hand: list[str]) -> RoundState:
    """Ends 3 and 5, and player 2 has passed on 3, 4 and 5 (R9)."""
    s = RoundState.new("pagat", [hand, ["1-1", "1-2", "0-6"]], starter=1)
    s = s.apply(Play(T("3-4"))).apply(Pass())
    return s.apply(Play(T("4-5"), 4)).apply(Pass())


def test_close_when_light_closes_the_ends_only_with_a_light_hand() -> None:
    # 9 pips in hand against an opponent's likely 17: [3|5] leaves two ends that
    # player 2 has passed on.
    light = _after_two_passes(["3-4", "4-5", "3-5", "0-1", "0-0"])
    c = find_strategy("close-when-light").choose(light, random.Random(0))
    assert isinstance(c.move, Play) and c.move.tile == T("3-5"), c
    assert "closes both ends" in c.reason
    # The same position with 31 pips in hand: the tip does not apply.
    heavy = _after_two_passes(["3-4", "4-5", "3-5", "6-6", "5-6"])
    c = find_strategy("close-when-light").choose(heavy, random.Random(0))
    assert "not the lightest" in c.reason


# -- the stored expert results of the strategy lab -------------------------------------
def test_stored_expert_results_replay_and_hold_together() -> None:
    from block_dominoes.lab import tables as expert_lab
    from block_dominoes.lab import wilson

    assert "replay exactly as stored" in expert_lab.recheck()
    rows = expert_lab.lab_results()
    assert [r.opponent for r in rows] == list(expert_lab.OPPONENTS)
    for r in rows:
        assert r.wins + r.losses + r.ties == r.games >= 1000
        low, high = wilson(r.wins, r.games)
        assert r.win_ci == (round(low, 4), round(high, 4))
        mean, lo, hi = r.net_points
        assert lo < mean < hi
        assert str(r).startswith(f"expert vs {r.opponent}")


def test_recheck_notices_a_stale_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from block_dominoes.lab import tables as expert_lab

    rows = expert_lab.lab_results()
    stale = [dataclasses.replace(r, head=(0, 0)) for r in rows]
    monkeypatch.setattr(expert_lab, "lab_results", lambda: stale)
    with pytest.raises(AssertionError, match="out of date"):
        expert_lab.recheck(("heavy",))
