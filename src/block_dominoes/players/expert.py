"""The expert's search: deal the unseen tiles many ways, search each deal, average.

:func:`advise` is all the expert knows how to do. It reads only a
:class:`~block_dominoes.players.knowledge.Knowledge` (what one seat can know), deals
the tiles that seat cannot see with :func:`~block_dominoes.players.knowledge.sample_masks`
(:data:`SAMPLES` times for a hint; when it plays, a few deals at a time until
the best move is clear, see :data:`PLAY`), and scores every legal placement
that is still in the race in every deal:

- two players, no drawing: solved exactly, with the alpha-beta search of
  :class:`~block_dominoes.players.solver.Search2` (its table of bounds is shared by all
  the deals and moves of one decision);
- otherwise: a max-n search (each seat picks the move best for itself) ``n``
  moves deep, then every seat lays its heaviest tile to the end of the round.

Moves, attaching, drawing, pip sums and the score all come from
:mod:`block_dominoes.players.kernel`; only a pass and the end of a blocked round are
detected inline in the search and the rollout (``tests/players/test_kernel.py`` checks
both against a max-n search on ``RoundState``). The move with the best average wins (when it
plays, plus :data:`PRIOR` points per pip); ties go to the heavier tile.

>>> from block_dominoes.players.knowledge import knowledge
>>> from block_dominoes.round import RoundState
>>> s = RoundState.new('pagat', [['6-6', '0-1', '2-3'], ['1-6', '0-0', '4-4']], starter=1)
>>> v = advise(knowledge(s), random.Random(0), 8)
>>> str(v.move), v.mean, v.samples, v.exact
('[6|6]', 4.5, 8, True)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from block_dominoes.players import kernel
from block_dominoes.players.knowledge import Knowledge, sample_masks
from block_dominoes.players.solver import Search2
from block_dominoes.round import Play
from block_dominoes.rules import Rules
from block_dominoes.tiles import tile_index

__all__ = ["LEAD", "PLAY", "PRIOR", "SAMPLES", "Advice", "MaxN", "advise"]

SAMPLES = 32
"""Deals of the unseen tiles a hint searches (a fixed number, so it can say how many)."""

PLAY = (3, 6, 1.0)
"""How the expert samples when it plays (racing): deals in batches of the first
number, at most the second. After each batch a move is dropped when, deal by
deal, it trails the best so far by more than the third number of standard
errors (spreads under :data:`FLOOR` count as :data:`FLOOR`). Easy choices take
3 deals, close ones 6. Measured with ``bench/expert.py``: as strong against
``random`` as 32 deals every time, about ten times faster."""

LEAD = (2, 4)
"""Deals per batch and at most for a lead, which costs most to solve."""

PRIOR = 0.3
"""Points per pip a tile is worth on top of its mean when the expert plays: with
few deals, shedding heavy tiles breaks near ties."""

FLOOR = 3.0
"""The least spread of score differences between two moves that racing assumes."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The expert's choice: the move, its mean score over the deals, the next
    best move and its mean, how many deals, and whether each was solved exactly."""

    move: Play
    mean: float
    runner_up: tuple[Play, float] | None
    samples: int
    exact: bool


class MaxN:
    """Max-n search with heavy-tile rollouts on kernel bitmasks, for one ruleset
    and table size. Utilities are per seat: the round's points to its side,
    minus them when another side scores."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.n = players
        self.t = kernel.tables(rules.max_pip)
        self.score = kernel.scorer(rules, players)
        teams = rules.teams(players)
        side = {s: team for team in teams for s in team}
        seats = range(1, players + 1)
        self.mates = tuple(tuple(s in side[w] for s in seats) for w in seats)
        self._ends: dict[tuple[int, ...], tuple[int, ...]] = {}

    def utility(self, hands: Sequence[int], went: int) -> tuple[int, ...]:
        """Per seat, the points of a round that ended with these hands (0: blocked)."""
        key = (*hands, went)
        u = self._ends.get(key)
        if u is None:
            winner, pts = self.score(kernel.totals(self.t, hands), went)
            if not winner:
                u = (0,) * self.n
            else:
                u = tuple(pts if mate else -pts for mate in self.mates[winner - 1])
            self._ends[key] = u
        return u

    def rollout(
        self, hands: list[int], left: int, right: int, cur: int, bone: list[int]
    ) -> tuple[int, ...]:
        """Play on with every seat laying its heaviest tile; the utilities at the end."""
        t = self.t
        vm, lo, hi, pv = t.masks, t.lo, t.hi, t.pips
        n = self.n
        passes = 0
        while True:
            h = hands[cur]
            m = h & (vm[left] | vm[right])
            if not m:
                if bone:
                    kernel.draw(hands, cur, bone)
                    passes = 0
                    continue
                passes += 1
                if passes >= n:
                    return self.utility(hands, 0)
                cur = cur + 1 if cur < n - 1 else 0
                continue
            passes = 0
            best = bt = -1
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                if pv[i] > best:
                    best, bt = pv[i], i
            # The heaviest tile's first placement in kernel.moves order.
            if lo[bt] == left or hi[bt] == left:
                left, right = kernel.attach(t, bt, left, left, right)
            else:
                left, right = kernel.attach(t, bt, right, left, right)
            h ^= 1 << bt
            hands[cur] = h
            if not h:
                return self.utility(hands, cur + 1)
            cur = cur + 1 if cur < n - 1 else 0

    def search(
        self, hands: list[int], left: int, right: int, cur: int, bone: list[int], depth: int
    ) -> tuple[int, ...]:
        """Max-n to ``depth`` placements, then :meth:`rollout`. ``hands`` and ``bone``
        are not changed."""
        if depth <= 0:
            return self.rollout(list(hands), left, right, cur, list(bone))
        n = self.n
        vm = self.t.masks
        open_mask = vm[left] | vm[right]
        seat = cur
        steps = 0
        while not hands[seat] & open_mask:
            if bone:
                hands = list(hands)
                bone = list(bone)
                kernel.draw(hands, seat, bone)
                continue
            steps += 1
            if steps >= n:
                return self.utility(hands, 0)
            seat = seat + 1 if seat < n - 1 else 0
        best: tuple[int, ...] | None = None
        nxt = seat + 1 if seat < n - 1 else 0
        for tile, _, a, b in kernel.moves(self.t, hands[seat], left, right):
            child = list(hands)
            child[seat] ^= 1 << tile
            if not child[seat]:
                u = self.utility(child, seat + 1)
            else:
                u = self.search(child, a, b, nxt, bone, depth - 1)
            if best is None or u[seat] > best[seat]:
                best = u
        assert best is not None
        return best


def advise(k: Knowledge, rng: random.Random, samples: int | None = None) -> Advice:
    """The expert's choice among ``k.plays()`` (at least one), from ``samples``
    deals of the unseen tiles drawn with ``rng``, or, by default, as many as
    :data:`PLAY` says."""
    batch, most, lead = (samples, samples, 0.0) if samples else PLAY
    if not samples and k.line.is_empty:
        batch, most = LEAD
    prior = 0.0 if samples else PRIOR
    plays = k.plays()
    r = k.rules
    n = k.players
    t = kernel.tables(r.max_pip)
    exact = n == 2 and not r.draw
    totals = [0] * len(plays)
    ends = k.line.end_values
    left, right = ends if ends else (-1, -1)
    me = k.seat - 1
    search2 = Search2(r) if exact else None
    maxn = MaxN(r, n)
    options = [
        (
            tile_index(m.tile, r.max_pip),
            *kernel.attach(
                t, tile_index(m.tile, r.max_pip), -1 if m.end is None else m.end, left, right
            ),
        )
        for m in plays
    ]
    nxt = (me + 1) % n
    counts = [0] * len(plays)
    values: list[list[int]] = [[] for _ in plays]
    alive = list(range(len(plays)))
    done = 0
    while done < most and len(alive) > 1:
        if done and done % batch == 0:
            # Racing: drop the moves already clearly behind the best so far. All
            # alive moves were scored on the same deals, so compare them deal by deal.
            top = max(alive, key=lambda i: totals[i])
            keep = []
            for i in alive:
                diffs = [x - y for x, y in zip(values[top], values[i], strict=True)]
                mean = sum(diffs) / done
                spread = max(FLOOR, statistics.pstdev(diffs))
                if i == top or mean * math.sqrt(done) <= lead * spread:
                    keep.append(i)
            alive = keep
            if len(alive) == 1:
                break
        done += 1
        hands, rest = sample_masks(k, rng)
        bone = rest if r.draw else []
        for i in alive:
            tile, a, b = options[i]
            counts[i] += 1
            child = list(hands)
            child[me] ^= 1 << tile
            if not child[me]:
                v = maxn.utility(child, me + 1)[me]
            elif search2 is not None:
                v = -search2.exact(child[1 - me], child[me], a, b)
            else:
                v = maxn.search(child, a, b, nxt, bone, n)[me]
            totals[i] += v
            values[i].append(v)
    means = [x / c if c else 0.0 for x, c in zip(totals, counts, strict=True)]
    order = sorted(
        range(len(plays)),
        key=lambda i: (
            i not in alive,
            -means[i] - prior * plays[i].tile.pips,
            -plays[i].tile.pips,
            -plays[i].tile.high,
            i,
        ),
    )
    best = order[0]
    runner = (plays[order[1]], means[order[1]]) if len(order) > 1 else None
    return Advice(plays[best], means[best], runner, done, exact)
