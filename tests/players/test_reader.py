"""bench/reader.py, the benchmark's fair player that reads the other player's plays:
it reads only its seat's knowledge, values the other seat's options exactly, and
the deals it favours are the ones that explain what the other seat played."""

from __future__ import annotations

import random
import statistics

import pytest
from support import consistent_variants, load_tool

from block_dominoes.players import kernel, knowledge
from block_dominoes.players.knowledge import sample_masks
from block_dominoes.players.solver import Search2
from block_dominoes.round import Play, RoundState
from block_dominoes.tiles import Tile, full_set, tile_index

reader = load_tool("bench/reader.py")
RULES = "all-pips"  # OpenSpiel's Block: two players, 7 tiles each, no drawing


def mask(tiles: list[Tile]) -> int:
    return sum(1 << tile_index(t) for t in tiles)


def best_for_mover(state: RoundState) -> Play:
    """A player that sees both hands and plays a best move (exact, by the reader's own
    option values, which the test below checks against a plain search)."""
    me, other = state.current_player, 3 - state.current_player
    search = Search2(RULES)
    mine, theirs = mask(state.hand(me)), mask(state.hand(other))
    if state.line.is_empty:  # a lead: the solver's best
        leads = {m: search.after_lead(mine, theirs, tile_index(m.tile)) for m in state.playable()}
        return max(leads, key=lambda m: leads[m])
    a, b = state.line.end_values
    values = reader.option_values(search, mine, theirs, a, b)
    t = kernel.tables(6)
    best = max(values.values())
    for m in state.playable():
        ti = tile_index(m.tile)
        x, y = kernel.attach(t, ti, -1 if m.end is None else m.end, a, b)
        if values[(ti, min(x, y), max(x, y))] == best:
            return m
    raise AssertionError("no move has the best value")


def negamax(state: RoundState, seat: int) -> int:
    """``seat``'s points minus the other's at the end, both playing their best (a plain
    search over the engine's RoundState: the oracle for the reader's values)."""
    if state.is_over:
        r = state.returns()
        return r[seat - 1] - r[2 - seat]
    values = [negamax(state.apply(m), seat) for m in state.legal_moves()]
    return max(values) if state.current_player == seat else min(values)


@pytest.mark.parametrize("seed", range(6))
def test_option_values_are_the_exact_values_of_each_option(seed: int) -> None:
    rng = random.Random(seed)
    tiles = list(full_set(6))
    rng.shuffle(tiles)
    lead, h1, h2 = tiles[0], tiles[1:4], tiles[4:8]
    s = RoundState.new(RULES, [[lead, *h1], h2], starter=1, rest=tiles[8:], exact=False)
    s = s.apply(Play(lead))
    if not s.playable():
        pytest.skip("no play after this lead")  # pragma: no cover - seeds chosen to play
    a, b = s.line.end_values
    got = reader.option_values(Search2(RULES), mask(h2), mask(h1), a, b)
    t = kernel.tables(6)
    want = {}
    for m in s.legal_moves():
        assert isinstance(m, Play)
        ti = tile_index(m.tile)
        x, y = kernel.attach(t, ti, -1 if m.end is None else m.end, a, b)
        want[(ti, min(x, y), max(x, y))] = negamax(s.apply(m), 2)
    assert got == want and len(got) >= 1


def test_the_other_seats_plays_rebuild_both_hands() -> None:
    s = RoundState.new(
        RULES, [["6-6", "6-5", "2-2"], ["6-4", "5-3", "1-1"]], starter=1, rest=[], exact=False
    )
    for move in ["6-6", "6-4", "6-5", "5-3"]:
        s = s.apply(next(m for m in s.playable() if m.tile == Tile.parse(move)))
    events = reader.opponent_plays(knowledge(s, 1))
    bit = {t: 1 << tile_index(Tile.parse(t)) for t in ["6-5", "6-4", "5-3"]}
    six, four, five, three = 6, 4, 5, 3
    assert events == [
        # [6|4] onto 6-6: its hand then held 6-4 and 5-3; ours was to play 6-5 after
        (six, six, tile_index(Tile.parse("6-4")), four, six, bit["6-4"] | bit["5-3"], bit["6-5"]),
        # [5|3] onto the 5 of [6|5]: its hand then held 5-3; ours plays nothing after
        (five, four, tile_index(Tile.parse("5-3")), three, four, bit["5-3"], 0),
    ]


def position(seed: int, steps: int) -> RoundState | None:
    """A round of OpenSpiel's game played by two seats that see both hands, stopped at
    seat 1's turn after ``steps`` plays (or the first later one with a choice)."""
    s = RoundState.deal(RULES, 2, seed)
    while not s.is_over:
        if s.current_player == 1 and len(s.playable()) >= 2 and len(s.history) >= steps:
            return s
        moves = s.legal_moves()
        s = s.apply(best_for_mover(s) if isinstance(moves[0], Play) else moves[0])
    return None  # the round ended first


@pytest.mark.parametrize(("seed", "steps"), [(1, 2), (4, 4), (9, 3)])
def test_the_reader_reads_only_its_seats_knowledge(seed: int, steps: int) -> None:
    s = position(seed, steps)
    assert s is not None
    move = reader.reader_move(knowledge(s), random.Random(seed))
    assert move in s.legal_moves()
    variants = consistent_variants(s, 1, 3)
    assert variants, "no consistent re-deal found"
    for v in variants:
        assert knowledge(v) == knowledge(s)
        assert reader.reader_move(knowledge(v), random.Random(seed)) == move


def test_the_deals_it_favours_explain_the_other_seats_plays() -> None:
    """Against a seat that sees both hands and plays its best, the true hand of that
    seat should look likelier to the reader than most deals of the unseen tiles: that
    is the whole point of weighting (with the weights broken or inverted, it fails)."""
    above = []
    for seed in range(24):
        s = position(seed, 4)
        if s is None:
            continue
        k = knowledge(s)
        events = reader.opponent_plays(k)
        if not events:
            continue
        search = Search2(RULES)
        own = mask(s.hand(1))

        def ll(
            theirs: int, own: int = own, events: list = events, search: Search2 = search
        ) -> float:
            return reader.log_likelihood(search, own, theirs, events, reader.TEMPERATURE)

        rng = random.Random(seed)
        sampled = [ll(sample_masks(k, rng)[0][1]) for _ in range(24)]
        above.append(ll(mask(s.hand(2))) > statistics.median(sampled))
    print(f"the true hand above the median in {sum(above)} of {len(above)} positions")
    assert len(above) >= 15
    assert sum(above) / len(above) >= 0.75, above


def test_the_reader_plays_two_player_block_only() -> None:
    s = RoundState.deal("pagat", 3, 0)
    while len(s.playable()) < 2:
        s = s.apply(s.legal_moves()[0])
    with pytest.raises(ValueError, match="two-player Block only"):
        reader.reader_move(knowledge(s), random.Random(0))


def test_the_stored_openspiel_table_adds_up() -> None:
    """The lab chapter's OpenSpiel table (``bench/openspiel.py``'s output, which needs
    OpenSpiel to rerun): every row's counts add up to its rounds, its shares and
    Wilson interval are those of its counts, and the settings issue 23 asks for are
    there with at least 400 rounds each (a hand-edited number or a short run fails)."""
    from block_dominoes.lab import wilson
    from block_dominoes.lab.tables import openspiel_results

    rows = openspiel_results()["rows"]
    for r in rows:
        n = r["rounds"]
        assert r["expert_wins"] + r["mcts_wins"] + r["ties"] == n, r
        assert r["expert_share"] == round(r["expert_wins"] / n, 4), r
        assert r["mcts_share"] == round(r["mcts_wins"] / n, 4), r
        assert r["expert_ci"] == [round(x, 4) for x in wilson(r["expert_wins"], n)], r
        assert 0 <= r["expert_led_wins"] <= r["expert_wins"], r
        assert not r["note"], r
    fair = {
        r["simulations"]: r["rounds"]
        for r in rows
        if r["expert"] == "expert (fair)" and r["mcts"] == "MCTS (sees both hands)"
    }
    assert fair.get(100, 0) >= 400 and fair.get(1000, 0) >= 400, fair
