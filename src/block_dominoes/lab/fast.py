"""Random play at speed: the same rounds as :class:`RoundState`, on the bitmask kernel.

With the ``random`` strategy, :func:`random_round` plays exactly the round that
``RoundState`` plays with the same seed (``tests/lab/test_fast.py`` checks this move
for move) through :func:`block_dominoes.players.kernel.play_random`, at a fraction of
the cost; :func:`random_rounds` plays many rounds from one generator and only
counts them in a :class:`Tally`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import mul

from block_dominoes.deal import rng_for
from block_dominoes.players import kernel
from block_dominoes.rules import FirstLead, Rules, find_rules
from block_dominoes.scoring import Outcome, score_played

__all__ = ["FastResult", "Tally", "count_round", "random_round", "random_rounds"]


@dataclass(frozen=True, slots=True)
class FastResult:
    """A simulated round: the outcome, the first player, and how many moves it took."""

    outcome: Outcome
    starter: int
    moves: int


@dataclass(slots=True)
class Tally:
    """Counts over many simulated rounds.

    ``wins_by_seat`` counts rounds won (a tied block is won by nobody);
    ``wins_by_position`` counts the same wins by turn order, position 1 being
    the starter; ``points_by_seat`` and ``pips_by_seat`` add up the points each
    seat scored and the pips left in its hand when the round ended, and the
    ``*_sq`` fields their squares (for confidence intervals).
    """

    games: int = 0
    blocked: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    points: int = 0
    moves: int = 0
    points_sq: int = 0
    wins_by_position: list[int] = field(default_factory=list)
    points_by_seat: list[int] = field(default_factory=list)
    pips_by_seat: list[int] = field(default_factory=list)
    points_sq_by_seat: list[int] = field(default_factory=list)
    pips_sq_by_seat: list[int] = field(default_factory=list)

    @classmethod
    def zeros(cls, players: int) -> Tally:
        """An empty tally with a zero per seat in every per-seat count."""
        return cls(
            wins_by_seat=[0] * players,
            wins_by_position=[0] * players,
            points_by_seat=[0] * players,
            pips_by_seat=[0] * players,
            points_sq_by_seat=[0] * players,
            pips_sq_by_seat=[0] * players,
        )

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.blocked += other.blocked
        self.points += other.points
        self.moves += other.moves
        self.points_sq += other.points_sq
        for name in (
            "wins_by_seat",
            "wins_by_position",
            "points_by_seat",
            "pips_by_seat",
            "points_sq_by_seat",
            "pips_sq_by_seat",
        ):
            mine: list[int] = getattr(self, name)
            theirs: list[int] = getattr(other, name)
            if not mine:
                mine.extend([0] * len(theirs))
            for i, w in enumerate(theirs):
                mine[i] += w


def random_round(
    rules: Rules | str,
    players: int,
    seed: int,
    *,
    round_number: int = 1,
    starter: int | None = None,
    trace: kernel.Trace | None = None,
) -> FastResult:
    """Deal round ``round_number`` of game ``seed`` (as :func:`block_dominoes.deal.deal`
    does) and play it with uniformly random legal moves, exactly as
    ``play_round(rules, players, seed, 'random')`` does. ``trace``, if given, gets
    every move (see :data:`block_dominoes.players.kernel.Trace`)."""
    r = find_rules(rules)
    n = r.check_players(players)
    t = kernel.tables(r.max_pip)
    d = kernel.deal(r, n, rng_for(seed, "deal", round_number).random, round_number)
    if starter is not None:
        d.starter, d.forced = starter, -1
    went, moves = kernel.play_random(t, d, rng_for(seed, "play", round_number).random, trace)
    outcome = score_played(r, tuple(kernel.totals(t, d.hands)), went or None)
    return FastResult(outcome, d.starter, moves)


def random_rounds(
    rules: Rules | str, players: int, seed: int, games: int, *, block: int = 0
) -> Tally:
    """Play ``games`` independent first rounds from one generator seeded by
    (``seed``, ``block``) and count them. No explanation text is built."""
    r = find_rules(rules)
    n = r.check_players(players)
    tabs = kernel.tables(r.max_pip)
    size = r.hand_size(n)
    count = r.set_size
    rand = random.Random(f"{seed}/sim/{block}").random
    tally = Tally.zeros(n)
    score = kernel.scorer(r, n)
    if r.draw or r.first_lead is not FirstLead.LOT or count != 2 * kernel.CHUNK or size < 2:
        for _ in range(games):
            d = kernel.deal(r, n, rand)
            went, moves = kernel.play_random(tabs, d, rand)
            totals = kernel.totals(tabs, d.hands)
            count_round(tally, n, d.starter, went, moves, totals, *score(totals, went))
        return tally
    # Block with a lot for the starter and a double-six set, the common case: the same
    # steps as kernel.deal, kernel.play_random, kernel.totals and count_round, written
    # out in one loop for speed. tests/lab/test_simulate.py checks this loop against
    # RoundState round by round.
    lo, hi, vm, links = tabs.lo, tabs.hi, tabs.masks, tabs.links
    p0, p1 = tabs.chunk_pips
    bits = tuple(1 << i for i in range(count))
    bit = bits.__getitem__
    bit_count = int.bit_count
    base = list(range(count))
    down = tuple((i, float(i + 1)) for i in range(count - 1, 0, -1))
    cuts = tuple(slice(k, k + size) for k in range(0, n * size, size))
    nxt = (*range(1, n), 0)
    dealt = n * size
    wins, by_pos, by_seat = tally.wins_by_seat, tally.wins_by_position, tally.points_by_seat
    points_sq_by = tally.points_sq_by_seat
    blocked = moves_sum = points_sum = points_sq = 0
    # Hands and totals at the end of each round, added up in bulk every so often.
    ends: list[list[int]] = []
    rows: list[list[int]] = []

    def fold() -> int:
        for i, col in enumerate(zip(*rows, strict=True)):
            tally.pips_by_seat[i] += sum(col)
            tally.pips_sq_by_seat[i] += sum(map(mul, col, col))
        left_in_hands = sum(map(bit_count, chain.from_iterable(ends)))
        rows.clear()
        ends.clear()
        return left_in_hands

    left_in_hands = 0
    for _ in range(games):
        ids = base[:]
        for i, m in down:
            j = int(rand() * m)
            ids[i], ids[j] = ids[j], ids[i]
        hands = [sum(map(bit, ids[c])) for c in cuts]
        starter = 1 + int(rand() * n)
        cur = starter - 1
        h = hands[cur]
        for _ in range(int(rand() * size)):
            h &= h - 1
        t = (h & -h).bit_length() - 1
        hands[cur] ^= 1 << t
        # Each end is held as (mask of the tiles that match it, its links table).
        lv, hv = lo[t], hi[t]
        vl, sl, vr, sr = vm[lv], links[lv], vm[hv], links[hv]
        # The round ends blocked when the seat that played last passes too (R13).
        played = cur
        passes = went = 0
        cur = nxt[cur]
        while True:
            h = hands[cur]
            pl = sl[h & vl]
            if vl != vr:
                pr = sr[h & vr]
                if pl:
                    if pr:
                        cl = len(pl)
                        idx = int(rand() * (cl + len(pr)))
                        if idx < cl:
                            tb, vl, sl = pl[idx]
                        else:
                            tb, vr, sr = pr[idx - cl]
                    elif len(pl) == 1:
                        tb, vl, sl = pl[0]
                    else:
                        tb, vl, sl = pl[int(rand() * len(pl))]
                elif pr:
                    if len(pr) == 1:
                        tb, vr, sr = pr[0]
                    else:
                        tb, vr, sr = pr[int(rand() * len(pr))]
                else:
                    if cur == played:
                        break
                    passes += 1
                    cur = nxt[cur]
                    continue
            elif pl:
                # Both ends show the same value: the line grows on the right (Line.place).
                if len(pl) == 1:
                    tb, vr, sr = pl[0]
                else:
                    tb, vr, sr = pl[int(rand() * len(pl))]
            else:
                if cur == played:
                    break
                passes += 1
                cur = nxt[cur]
                continue
            h ^= tb
            hands[cur] = h
            if not h:
                went = cur + 1
                break
            played = cur
            cur = nxt[cur]
        # Moves as RoundState counts them: every placement and every pass before the
        # last placement (the n - 1 confirming passes of a block are not moves).
        moves_sum += passes
        totals = [p0[h & 16383] + p1[h >> 14] for h in hands]
        winner, points = score(totals, went)
        ends.append(hands)
        rows.append(totals)
        if not went:
            blocked += 1
        if winner:
            wins[winner - 1] += 1
            by_pos[(winner - starter) % n] += 1
            by_seat[winner - 1] += points
            points_sum += points
            points_sq += points * points
            points_sq_by[winner - 1] += points * points
        if len(rows) == 4096:
            left_in_hands += fold()
    left_in_hands += fold()
    moves_sum += games * dealt - left_in_hands - blocked * (n - 1)
    tally.games += games
    tally.blocked += blocked
    tally.moves += moves_sum
    tally.points += points_sum
    tally.points_sq += points_sq
    return tally


def count_round(
    tally: Tally,
    n: int,
    starter: int,
    went: int,
    moves: int,
    totals: Sequence[int],
    winner: int,
    points: int,
) -> None:
    """Add one finished round to ``tally``: who started, who went out (0: blocked),
    its moves, the pips left in each hand, the winning seat (0: a tied block), points."""
    tally.games += 1
    tally.moves += moves
    for i, p in enumerate(totals):
        tally.pips_by_seat[i] += p
        tally.pips_sq_by_seat[i] += p * p
    if not went:
        tally.blocked += 1
    if winner:
        tally.wins_by_seat[winner - 1] += 1
        tally.wins_by_position[(winner - starter) % n] += 1
        tally.points_by_seat[winner - 1] += points
        tally.points += points
        tally.points_sq += points * points
        tally.points_sq_by_seat[winner - 1] += points * points
