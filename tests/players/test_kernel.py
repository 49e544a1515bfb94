"""The bitmask kernel is the twin of RoundState, move for move, for every preset.

Compared: the deal; at every step of a round the set of legal moves and the
open ends; the moves seeded random play actually makes; how the round ends and
what it scores; the scorer against ``winner_and_points``; and the expert's search
(max-n with heavy-tile rollouts, and the two-player alpha-beta) against plain
searches written on RoundState.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import block_dominoes.players.kernel as kernel
from block_dominoes.deal import rng_for
from block_dominoes.players import play_round
from block_dominoes.players.expert import MaxN
from block_dominoes.players.solver import Search2
from block_dominoes.round import DrawTile, Move, Pass, Play, RoundState
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.scoring import winner_and_points
from block_dominoes.tiles import tile_index

PRESETS = [(name, n) for name in rules_names() for n in find_rules(name).player_counts]


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int]:
    name, n = draw(st.sampled_from(PRESETS))
    return name, n, draw(st.integers(min_value=0, max_value=10**9))


def test_doctests() -> None:
    result = doctest.testmod(kernel)
    assert result.attempted > 0 and result.failed == 0


def _kernel_deal(name: str, n: int, seed: int) -> kernel.Dealt:
    return kernel.deal(find_rules(name), n, rng_for(seed, "deal", 1).random)


def _as_move(t: kernel.Tables, tile: int, end: int) -> Move:
    return Play(t.tiles[tile], None if end < 0 else end)


@given(games(), st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_legal_moves_and_ends_at_every_step(game: tuple[str, int, int], rnd: random.Random) -> None:
    name, n, seed = game
    r = find_rules(name)
    t = kernel.tables(r.max_pip)
    state = RoundState.deal(r, n, seed)
    d = _kernel_deal(name, n, seed)
    # the same deal: hands, draw order, starter, forced lead
    assert [kernel.tiles_of(t, h) for h in d.hands] == list(state.hands)
    assert [t.tiles[i] for i in d.boneyard] == list(state.boneyard)
    assert d.starter == state.starter
    assert (t.tiles[d.forced] if d.forced >= 0 else None) == state.lead
    hands, bone = list(d.hands), list(d.boneyard)
    left = right = -1
    while not state.is_over:
        seat = state.current_player - 1
        options = kernel.moves(t, hands[seat], left, right)
        if not state.history and d.forced >= 0:
            options = [m for m in options if m[0] == d.forced]
        expected = state.legal_moves()
        if options:
            assert [_as_move(t, i, e) for i, e, _, _ in options] == list(expected)
            tile, end, left, right = options[rnd.randrange(len(options))]
            assert (left, right) == kernel.attach(
                t, tile, end, *((-1, -1) if end < 0 else state.line.end_values)
            )
            hands[seat] ^= 1 << tile
            state = state.apply(_as_move(t, tile, end))
        elif bone:
            tile = kernel.draw(hands, seat, bone)
            assert expected == (DrawTile(t.tiles[tile]),)
            state = state.apply(expected[0])
        else:
            assert expected == (Pass(),)
            state = state.apply(Pass())
        assert state.line.end_values == (left, right)
        assert [kernel.tiles_of(t, h) for h in hands] == list(state.hands)
    out = state.outcome()
    assert out is not None
    went = state.went_out or 0
    assert kernel.totals(t, hands) == list(out.totals)
    assert kernel.scorer(r, n)(out.totals, went) == (out.winner or 0, out.points)


@pytest.mark.parametrize(("name", "n"), PRESETS)
def test_seeded_random_play_makes_the_same_moves(name: str, n: int) -> None:
    r = find_rules(name)
    t = kernel.tables(r.max_pip)
    for seed in range(15):
        state = play_round(r, n, seed, "random").state
        d = _kernel_deal(name, n, seed)
        trace: kernel.Trace = []
        went, moves = kernel.play_random(t, d, rng_for(seed, "play", 1).random, trace)
        played = []
        for seat, m in state.history:
            if isinstance(m, Play):
                end = -1 if m.end is None else m.end
                played.append((seat, "play", tile_index(m.tile, r.max_pip), end))
            elif isinstance(m, DrawTile):
                played.append((seat, "draw", tile_index(m.tile, r.max_pip), -1))
            else:
                played.append((seat, "pass", -1, -1))
        assert trace == played, (name, n, seed)
        assert moves == len(state.history) and went == (state.went_out or 0)
        assert [kernel.tiles_of(t, h) for h in d.hands] == list(state.hands)


@given(st.sampled_from(PRESETS), st.data())
def test_scorer_equals_winner_and_points(preset: tuple[str, int], data: st.DataObject) -> None:
    name, n = preset
    r = find_rules(name)
    totals = data.draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    went = data.draw(st.integers(0, n))
    if went:
        totals[went - 1] = 0
    winner, points = winner_and_points(r, totals, went or None)
    assert kernel.scorer(r, n)(totals, went) == (winner or 0, points)


@given(games(), st.integers(0, 40))
def test_pip_sum_and_masks(game: tuple[str, int, int], k: int) -> None:
    name, _, seed = game
    r = find_rules(name)
    t = kernel.tables(r.max_pip)
    tiles = list(t.tiles)
    random.Random(seed).shuffle(tiles)
    chosen = tiles[: min(k, len(tiles))]
    m = kernel.mask_of(chosen, r.max_pip)
    assert kernel.tiles_of(t, m) == tuple(sorted(chosen))
    assert kernel.pip_sum(t, m) == sum(x.pips for x in chosen)


# -- the expert's searches -------------------------------------------------------
def _utility(state: RoundState) -> tuple[int, ...]:
    out = state.outcome()
    assert out is not None
    if out.winner is None:
        return (0,) * state.players
    return tuple(out.points if s in out.side else -out.points for s in range(1, state.players + 1))


def _heaviest(state: RoundState) -> Move:
    moves = state.legal_moves()
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    # The heaviest tile, the first such in set order; at the left end if it fits there.
    tile = min((m.tile for m in plays), key=lambda x: (-x.pips, x))
    return next(m for m in plays if m.tile == tile)


def _rollout(state: RoundState) -> tuple[int, ...]:
    while not state.is_over:
        state = state.apply(_heaviest(state))
    return _utility(state)


def _maxn(state: RoundState, depth: int) -> tuple[int, ...]:
    """Max-n on RoundState: draws and passes are forced, placements count as depth."""
    while not state.is_over and not any(isinstance(m, Play) for m in state.legal_moves()):
        state = state.apply(state.legal_moves()[0])
    if state.is_over:
        return _utility(state)
    if depth <= 0:
        return _rollout(state)
    seat = state.current_player - 1
    best: tuple[int, ...] | None = None
    for m in state.legal_moves():
        u = _maxn(state.apply(m), depth - 1)
        if best is None or u[seat] > best[seat]:
            best = u
    assert best is not None
    return best


def _position(name: str, n: int, seed: int, steps: int) -> RoundState:
    state = RoundState.deal(name, n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[int(rng.random() * len(moves))])
    return state


@given(games(), st.integers(1, 12), st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_expert_maxn_equals_a_search_on_round_state(
    game: tuple[str, int, int], steps: int, depth: int
) -> None:
    name, n, seed = game
    r = find_rules(name)
    state = _position(name, n, seed, steps)
    if state.is_over or state.line.is_empty:
        return
    t = kernel.tables(r.max_pip)
    hands = [kernel.mask_of(h, r.max_pip) for h in state.hands]
    bone = [tile_index(x, r.max_pip) for x in state.boneyard]
    left, right = state.line.end_values
    got = MaxN(r, n).search(hands, left, right, state.current_player - 1, bone, depth)
    assert got == _maxn(state, depth)
    assert hands == [kernel.mask_of(h, r.max_pip) for h in state.hands]  # left unchanged
    assert kernel.pip_sum(t, hands[0]) == sum(x.pips for x in state.hands[0])


@given(st.integers(0, 10**9), st.integers(6, 12), st.sampled_from(["pagat", "all-pips", "app"]))
@settings(max_examples=60, deadline=None)
def test_alpha_beta_equals_plain_negamax(seed: int, steps: int, name: str) -> None:
    state = _position(name, 2, seed, steps)
    if state.is_over or state.line.is_empty:
        return
    r = find_rules(name)
    t = kernel.tables(r.max_pip)
    me = kernel.mask_of(state.hand(state.current_player), r.max_pip)
    opp = kernel.mask_of(state.hand(3 - state.current_player), r.max_pip)
    a, b = state.line.end_values
    s = Search2(r)
    plain = s.value(me, opp, kernel.pip_sum(t, me), kernel.pip_sum(t, opp), a, b)
    assert Search2(r).exact(me, opp, a, b) == plain
    # and the plain value is the game's value on RoundState (seat to move's view)
    seat = state.current_player - 1
    assert plain == _negamax(state, seat)


def _negamax(state: RoundState, seat: int) -> int:
    if state.is_over:
        u = _utility(state)
        return u[seat]
    values = [_negamax(state.apply(m), seat) for m in state.legal_moves()]
    return max(values) if state.current_player - 1 == seat else min(values)
