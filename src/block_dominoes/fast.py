"""A fast path for simulation: the same rounds as :class:`RoundState`, on bitmasks.

Nothing here is immutable: a hand is an ``int`` whose bit ``i`` is tile ``i``
of :func:`block_dominoes.tiles.full_set`. With the ``random`` strategy,
:func:`random_round` plays exactly the round that ``RoundState`` plays with
the same seed (tests check this move for move), at a fraction of the cost;
:func:`random_rounds` plays many rounds from one generator and only counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from operator import mul

from .deal import first_lead, rng_for
from .rules import BlockedScoring, FirstLead, Rules, find_rules
from .scoring import Outcome, score_round
from .tiles import full_set, tile_index

__all__ = ["FastResult", "Tally", "random_round", "random_rounds"]

Plays = dict[int, tuple[tuple[int, int], ...]]
Links = dict[int, tuple[tuple[int, int, "Links"], ...]]


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-set lookup tables for the fast path (built once per set size)."""

    lo: tuple[int, ...]
    """tile -> its low half"""
    hi: tuple[int, ...]
    """tile -> its high half"""
    pips: tuple[int, ...]
    """tile -> its pips"""
    masks: tuple[int, ...]
    """value -> mask of the tiles showing it"""
    plays: tuple[Plays, ...]
    """value v -> {mask of some tiles showing v: ((tile's bit, its other half), ...) in tile
    order}"""
    chunks: tuple[tuple[int, ...], ...]
    """byte k of a hand -> pips of the tiles in it"""
    links: tuple[Links, ...]
    """as ``plays``, with the new end given as its tile mask and its ``links`` table:
    ``(tile's bit, masks[other], links[other])``, so a loop never looks up a value"""


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


_BITS = tuple(1 << i for i in range(128))


@cache
def _tables(max_pip: int) -> Tables:
    tiles = full_set(max_pip)
    masks = tuple(sum(1 << i for i, t in enumerate(tiles) if t.has(v)) for v in range(max_pip + 1))
    plays = []
    for v, vmask in enumerate(masks):
        ids = [i for i in range(len(tiles)) if vmask >> i & 1]
        table: Plays = {0: ()}
        for pick in range(1, 1 << len(ids)):
            chosen = [t for k, t in enumerate(ids) if pick >> k & 1]
            table[sum(1 << t for t in chosen)] = tuple((1 << t, tiles[t].pips - v) for t in chosen)
        plays.append(table)
    links: list[Links] = [{} for _ in masks]
    for v, table in enumerate(plays):
        for key, options in table.items():
            links[v][key] = tuple((b, masks[other], links[other]) for b, other in options)
    pv = tuple(t.pips for t in tiles)
    chunks = tuple(
        tuple(
            sum(pv[8 * k + b] for b in range(8) if byte >> b & 1 and 8 * k + b < len(tiles))
            for byte in range(256)
        )
        for k in range((len(tiles) + 7) // 8)
    )
    return Tables(
        tuple(t.low for t in tiles),
        tuple(t.high for t in tiles),
        pv,
        masks,
        tuple(plays),
        chunks,
        tuple(links),
    )


def _deal(
    r: Rules, n: int, size: int, count: int, drand: Callable[[], float], round_number: int
) -> tuple[list[int], list[int], int, int]:
    """Shuffle as deal.shuffled does; return hands, boneyard, starter, forced lead."""
    ids = list(range(count))
    for i in range(count - 1, 0, -1):
        j = int(drand() * (i + 1))
        ids[i], ids[j] = ids[j], ids[i]
    bit = _BITS.__getitem__
    hands = [sum(map(bit, ids[k : k + size])) for k in range(0, n * size, size)]
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
    lo, hi, vm, sub = tables.lo, tables.hi, tables.masks, tables.plays
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
    last = n - 1
    cur = cur + 1 if cur < last else 0
    while True:
        h = hands[cur]
        pl = sub[left][h & vm[left]]
        if right != left:
            pr = sub[right][h & vm[right]]
            if pl:
                if pr:
                    cl = len(pl)
                    idx = int(rand() * (cl + len(pr)))
                    if idx < cl:
                        tb, left = pl[idx]
                    else:
                        tb, right = pr[idx - cl]
                else:
                    tb, left = pl[int(rand() * len(pl))] if len(pl) > 1 else pl[0]
            elif pr:
                tb, right = pr[int(rand() * len(pr))] if len(pr) > 1 else pr[0]
            else:
                tb = 0
        elif pl:
            # Both ends show the same value: the line grows on the right (Line.place).
            tb, right = pl[int(rand() * len(pl))] if len(pl) > 1 else pl[0]
        else:
            tb = 0
        if not tb:
            if boneyard:
                hands[cur] = h | (1 << boneyard.pop(0))
                moves += 1
                continue
            passes += 1
            if passes >= n:
                # RoundState ends the round at the last placement (R13), before
                # the confirming passes counted here.
                return 0, moves - last
            moves += 1
            cur = cur + 1 if cur < last else 0
            continue
        passes = 0
        h ^= tb
        hands[cur] = h
        moves += 1
        if not h:
            return cur + 1, moves
        cur = cur + 1 if cur < last else 0


def _totals(hands: list[int], chunks: tuple[tuple[int, ...], ...]) -> list[int]:
    """Pips left in each hand, a byte of tiles at a time."""
    out = []
    for h in hands:
        s = 0
        for c in chunks:
            if not h:
                break
            s += c[h & 255]
            h >>= 8
        out.append(s)
    return out


def _scorer(r: Rules, n: int) -> Callable[[list[int], int], tuple[int, int]]:
    """``score_totals`` for one ruleset and player count, without its per-call lookups:
    ``(totals, went_out or 0) -> (winning seat or 0, points)``."""
    sides = r.teams(n)
    all_pips = r.blocked_scoring is BlockedScoring.ALL_PIPS
    if len(sides[0]) == 1:

        def single(totals: list[int], went: int) -> tuple[int, int]:
            total = sum(totals)
            if went:
                return went, total
            low = min(totals)
            if totals.count(low) > 1:
                return 0, 0
            return totals.index(low) + 1, total - low if all_pips else total - 2 * low

        return single

    if sides == ((1, 3), (2, 4)):

        def facing(totals: list[int], went: int) -> tuple[int, int]:
            a = totals[0] + totals[2]
            b = totals[1] + totals[3]
            if went:
                return went, b if went & 1 else a
            if a == b:
                return 0, 0
            if a < b:
                return 1, b if all_pips else b - a
            return 2, a if all_pips else a - b

        return facing

    side_of = tuple(
        next(i for i, side in enumerate(sides) if seat in side) for seat in range(1, n + 1)
    )

    def paired(totals: list[int], went: int) -> tuple[int, int]:
        side_totals = [sum(totals[s - 1] for s in side) for side in sides]
        total = sum(side_totals)
        if went:
            return went, total - side_totals[side_of[went - 1]]
        low = min(side_totals)
        if side_totals.count(low) > 1:
            return 0, 0
        win = side_totals.index(low)
        return sides[win][0], total - low if all_pips else total - 2 * low

    return paired


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
    hands, boneyard, lot, forced = _deal(r, n, r.hand_size(n), len(tables.lo), drand, round_number)
    if starter is None:
        starter = lot
    else:
        forced = -1
    went, moves = _play(
        hands, boneyard, starter, forced, rng_for(seed, "play", round_number).random, tables
    )
    outcome = score_round(r, _totals(hands, tables.chunks), went or None)
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
    count = len(tables.lo)
    rand = random.Random(f"{seed}/sim/{block}").random
    tally = Tally.zeros(n)
    score = _scorer(r, n)
    if r.draw or r.first_lead is not FirstLead.LOT or len(tables.lo) != 28 or size < 2:
        for _ in range(games):
            hands, boneyard, starter, forced = _deal(r, n, size, count, rand, 1)
            went, moves = _play(hands, boneyard, starter, forced, rand, tables)
            totals = _totals(hands, tables.chunks)
            _count(tally, n, starter, went, moves, totals, *score(totals, went))
        return tally
    # Block with a lot for the starter and a double-six set, the common case: the same
    # steps as _deal, _play, _totals and _count, written out in one loop for speed.
    # tests/test_simulate.py checks this loop against RoundState round by round.
    lo, hi, vm, links = tables.lo, tables.hi, tables.masks, tables.links
    p0, p1 = _halves(r.max_pip)
    bit = _BITS.__getitem__
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


@cache
def _halves(max_pip: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pips of every subset of tiles 0-13 and of tiles 14-27 (a double-six hand in two
    lookups)."""
    pv = _tables(max_pip).pips
    low = tuple(sum(pv[b] for b in range(14) if m >> b & 1) for m in range(1 << 14))
    high = tuple(sum(pv[14 + b] for b in range(14) if m >> b & 1) for m in range(1 << 14))
    return low, high


def _count(
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
