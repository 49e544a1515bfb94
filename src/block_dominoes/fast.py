"""A fast path for simulation: the same rounds as :class:`RoundState`, on bitmasks.

Nothing here is immutable: a hand is an ``int`` whose bit ``i`` is tile ``i``
of :func:`block_dominoes.tiles.full_set`. With the ``random`` strategy,
:func:`random_round` plays exactly the round that ``RoundState`` plays with
the same seed (tests check this move for move), at a fraction of the cost;
:func:`random_rounds` plays many rounds from one generator and only counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from .deal import first_lead, rng_for
from .rules import FirstLead, Rules, find_rules
from .scoring import Outcome, score_round, score_totals
from .tiles import full_set, tile_index

__all__ = ["FastResult", "Tally", "random_round", "random_rounds"]

Tables = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class FastResult:
    """A simulated round: the outcome, the first player, and how many moves it took."""

    outcome: Outcome
    starter: int
    moves: int


@dataclass(slots=True)
class Tally:
    """Counts over many simulated rounds."""

    games: int = 0
    blocked: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    points: int = 0
    moves: int = 0

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.blocked += other.blocked
        self.points += other.points
        self.moves += other.moves
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * len(other.wins_by_seat)
        for i, w in enumerate(other.wins_by_seat):
            self.wins_by_seat[i] += w


_BITS = tuple(1 << i for i in range(128))


@cache
def _tables(max_pip: int) -> Tables:
    tiles = full_set(max_pip)
    value_masks = tuple(
        sum(1 << i for i, t in enumerate(tiles) if t.has(v)) for v in range(max_pip + 1)
    )
    return (
        value_masks,
        tuple(t.low for t in tiles),
        tuple(t.high for t in tiles),
        tuple(t.pips for t in tiles),
    )


def _deal(
    r: Rules, n: int, size: int, count: int, drand: Callable[[], float], round_number: int
) -> tuple[list[int], list[int], int, int]:
    """Shuffle as deal.shuffled does; return hands, boneyard, starter, forced lead."""
    ids = list(range(count))
    for i in range(count - 1, 0, -1):
        j = int(drand() * (i + 1))
        ids[i], ids[j] = ids[j], ids[i]
    hands = []
    for k in range(n):
        m = 0
        for t in ids[k * size : (k + 1) * size]:
            m |= _BITS[t]
        hands.append(m)
    boneyard = ids[n * size :] if r.draw else []
    if round_number == 1 and r.first_lead is FirstLead.HIGHEST_DOUBLE:
        tiles = full_set(r.max_pip)
        dealt = tuple(
            tuple(sorted(tiles[t] for t in ids[k * size : (k + 1) * size])) for k in range(n)
        )
        fixed = first_lead(r, dealt)
        if fixed is not None:
            return hands, boneyard, fixed[0], tile_index(fixed[1], r.max_pip)
    return hands, boneyard, 1 + int(drand() * n), -1


def _play(
    hands: list[int],
    boneyard: list[int],
    starter: int,
    forced: int,
    rand: Callable[[], float],
    tables: Tables,
) -> tuple[int, int]:
    """Play a dealt round in place with random legal moves.

    Returns (seat that went out or 0 if blocked, moves as RoundState counts them).
    Options are ordered as ``RoundState.legal_moves``: left-end plays in tile
    order, then right-end plays; the generator is called only when there is a
    choice.
    """
    vm, lo, hi, _ = tables
    n = len(hands)
    cur = starter - 1
    h = hands[cur]
    if forced >= 0:
        t = forced
    else:
        k = h.bit_count()
        idx = int(rand() * k) if k > 1 else 0
        for _ in range(idx):
            h &= h - 1
        t = (h & -h).bit_length() - 1
    hands[cur] &= ~(1 << t)
    if not hands[cur]:
        return starter, 1
    left, right = lo[t], hi[t]
    moves = 1
    passes = 0
    cur = (cur + 1) % n
    while True:
        h = hands[cur]
        ml = h & vm[left]
        mr = h & vm[right] if right != left else 0
        if not (ml or mr):
            if boneyard:
                hands[cur] = h | (1 << boneyard.pop(0))
                moves += 1
                continue
            passes += 1
            if passes >= n:
                # RoundState ends the round at the last placement (R13), before
                # the confirming passes counted here.
                return 0, moves - (n - 1)
            moves += 1
            cur = (cur + 1) % n
            continue
        passes = 0
        cl = ml.bit_count()
        k = cl + mr.bit_count()
        idx = int(rand() * k) if k > 1 else 0
        if idx < cl:
            m = ml
            e = left
        else:
            m = mr
            idx -= cl
            e = right
        for _ in range(idx):
            m &= m - 1
        t = (m & -m).bit_length() - 1
        other = lo[t] + hi[t] - e
        if e == right:
            right = other
        else:
            left = other
        h ^= 1 << t
        hands[cur] = h
        moves += 1
        if not h:
            return cur + 1, moves
        cur = (cur + 1) % n


def _totals(hands: list[int], pv: tuple[int, ...]) -> list[int]:
    out = []
    for h in hands:
        s = 0
        while h:
            b = h & -h
            s += pv[b.bit_length() - 1]
            h ^= b
        out.append(s)
    return out


def random_round(
    rules: Rules | str,
    players: int,
    seed: int,
    *,
    round_number: int = 1,
    starter: int | None = None,
) -> FastResult:
    """Deal round ``round_number`` of game ``seed`` (as :func:`block_dominoes.deal.deal`
    does) and play it with uniformly random legal moves, exactly as
    ``play_round(rules, players, seed, 'random')`` does."""
    r = find_rules(rules)
    n = r.check_players(players)
    tables = _tables(r.max_pip)
    drand = rng_for(seed, "deal", round_number).random
    hands, boneyard, lot, forced = _deal(r, n, r.hand_size(n), len(tables[1]), drand, round_number)
    if starter is None:
        starter = lot
    else:
        forced = -1
    went, moves = _play(
        hands, boneyard, starter, forced, rng_for(seed, "play", round_number).random, tables
    )
    outcome = score_round(r, _totals(hands, tables[3]), went or None)
    return FastResult(outcome, starter, moves)


def random_rounds(
    rules: Rules | str, players: int, seed: int, games: int, *, block: int = 0
) -> Tally:
    """Play ``games`` independent first rounds from one generator seeded by
    (``seed``, ``block``) and count them. No explanation text is built."""
    r = find_rules(rules)
    n = r.check_players(players)
    tables = _tables(r.max_pip)
    size = r.hand_size(n)
    count = len(tables[1])
    rand = random.Random(f"{seed}/sim/{block}").random
    tally = Tally(wins_by_seat=[0] * n)
    wins = tally.wins_by_seat
    pv = tables[3]
    for _ in range(games):
        hands, boneyard, starter, forced = _deal(r, n, size, count, rand, 1)
        went, moves = _play(hands, boneyard, starter, forced, rand, tables)
        winner, points = score_totals(r, _totals(hands, pv), went or None)
        tally.moves += moves
        if not went:
            tally.blocked += 1
        if winner:
            wins[winner - 1] += 1
            tally.points += points
    tally.games = games
    return tally
