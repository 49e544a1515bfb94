"""The bitmask twin of :mod:`~block_dominoes.round` and :mod:`~block_dominoes.scoring`.

Each rule has one readable reference (``Line``, ``RoundState``, ``scoring``,
``deal``, ``match``) and at most this one fast twin: attaching a tile
(:func:`attach`), listing the legal moves (:func:`moves`), counting pips
(:func:`pip_sum`), scoring (:func:`scorer`), dealing (:func:`deal`, with the
shuffle of :func:`block_dominoes.deal.shuffle`) and drawing (:func:`draw`).
``tests/players/test_kernel.py`` replays the kernel's moves through ``RoundState`` move for
move, for every preset, and checks the scorer against ``winner_and_points``. Inside this
module :func:`moves` and :func:`play_random` compute the new ends inline, as
:func:`attach` does, since they run once per move of every simulated round; the same
tests check them: ``moves``' new ends against ``Line.place``'s at every step, and
``play_random``'s moves against ``RoundState``'s, move for move.

Three hot loops inline these steps instead of calling them, for speed, and each is
checked against the readable engine by a test of its own:
:func:`block_dominoes.lab.fast.random_rounds`'s double-six loop (deal, random play,
score: round by round against ``RoundState`` in ``tests/lab/test_simulate.py``),
:class:`block_dominoes.players.solver.Search2` (legal moves, new ends, pass and block:
against a minimax on ``RoundState`` in ``tests/players/test_solver.py`` and
``tests/players/test_kernel.py``) and :class:`block_dominoes.players.expert.MaxN` (pass and block in
its search and rollout: against a max-n search on ``RoundState`` in
``tests/players/test_kernel.py``). Everything else (strategies, knowledge, simulate,
checker, sheet, widgets, quizzes) calls the reference or this module.

A hand is an ``int`` whose bit ``i`` is tile ``i`` of
:func:`~block_dominoes.tiles.full_set`. The line is only its two open-end
values ``left`` and ``right`` (``-1, -1`` before the lead), oriented as
:class:`~block_dominoes.line.Line` orients them: the lead lies low half left,
and a tile that fits a value shown at both ends joins the right-hand end.

>>> t = tables(6)
>>> hand = mask_of(['1-4', '4-4', '2-5'], 6)
>>> [(str(t.tile(m[0])), m[1], m[2], m[3]) for m in moves(t, hand, 1, 4)]
[('[1|4]', 1, 4, 4), ('[1|4]', 4, 1, 1), ('[4|4]', 4, 1, 4)]
>>> pip_sum(t, hand)
20
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from block_dominoes.deal import first_lead, shuffle
from block_dominoes.rules import BlockedScoring, FirstLead, Rules
from block_dominoes.tiles import Tile, full_set, tile_index

__all__ = [
    "CHUNK",
    "Dealt",
    "Links",
    "Plays",
    "Scorer",
    "Tables",
    "Trace",
    "attach",
    "deal",
    "draw",
    "mask_of",
    "moves",
    "pip_sum",
    "play_random",
    "scorer",
    "tables",
    "tiles_of",
    "totals",
]

CHUNK = 14
"""Bits per pip-table lookup: a double-six hand is summed in two lookups."""

Plays = dict[int, tuple[tuple[int, int], ...]]
Links = dict[int, tuple[tuple[int, int, "Links"], ...]]
Scorer = Callable[[Sequence[int], int], tuple[int, int]]
"""``(totals, seat that went out or 0) -> (winning seat or 0, points)``."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Lookup tables for one set size (built once, see :func:`tables`)."""

    tiles: tuple[Tile, ...]
    """tile index -> the tile"""
    lo: tuple[int, ...]
    """tile -> its low half"""
    hi: tuple[int, ...]
    """tile -> its high half"""
    pips: tuple[int, ...]
    """tile -> its pips"""
    masks: tuple[int, ...]
    """value -> mask of the tiles showing it"""
    plays: tuple[Plays, ...]
    """value v -> {hand & masks[v]: ((tile's bit, its other half), ...) in tile order}"""
    links: tuple[Links, ...]
    """as ``plays``, with the new end given as ``(tile's bit, masks[other], links[other])``,
    so a hot loop never looks up a value"""
    chunk_pips: tuple[tuple[int, ...], ...]
    """chunk k -> pips of every subset of tiles ``CHUNK*k .. CHUNK*k + CHUNK - 1``"""
    heavy: tuple[dict[int, tuple[tuple[int, int, int], ...]], ...]
    """as ``plays``, as ``(tile's bit, its other half, its pips)``, heaviest first (a
    search that tries good moves first prunes more)"""

    def tile(self, index: int) -> Tile:
        return self.tiles[index]


@cache
def tables(max_pip: int) -> Tables:
    """The tables of the set with halves 0..``max_pip``."""
    tiles = full_set(max_pip)
    count = len(tiles)
    masks = tuple(sum(1 << i for i, t in enumerate(tiles) if t.has(v)) for v in range(max_pip + 1))
    plays: list[Plays] = []
    for v, vmask in enumerate(masks):
        ids = [i for i in range(count) if vmask >> i & 1]
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
    chunk_pips = []
    for start in range(0, count, CHUNK):
        width = min(CHUNK, count - start)
        sums = [0] * (1 << width)
        for m in range(1, 1 << width):
            low = m & -m
            sums[m] = sums[m ^ low] + pv[start + low.bit_length() - 1]
        chunk_pips.append(tuple(sums))
    heavy = tuple(
        {
            key: tuple(
                sorted(
                    ((b, other, pv[b.bit_length() - 1]) for b, other in options),
                    key=lambda x: (-x[2], -x[0]),
                )
            )
            for key, options in table.items()
        }
        for table in plays
    )
    return Tables(
        tiles,
        tuple(t.low for t in tiles),
        tuple(t.high for t in tiles),
        pv,
        masks,
        tuple(plays),
        tuple(links),
        tuple(chunk_pips),
        heavy,
    )


def mask_of(tiles: Iterable[Tile | str], max_pip: int) -> int:
    """The bitmask of some tiles (or tile texts)."""
    m = 0
    for t in tiles:
        tile = Tile.parse(t, max_pip=max_pip) if isinstance(t, str) else t
        m |= 1 << tile_index(tile, max_pip)
    return m


def tiles_of(t: Tables, mask: int) -> tuple[Tile, ...]:
    """The tiles of a bitmask, in set order."""
    return tuple(t.tiles[i] for i in range(len(t.tiles)) if mask >> i & 1)


def pip_sum(t: Tables, mask: int) -> int:
    """The pips of the tiles in ``mask`` (R14), a chunk of tiles per lookup."""
    s = 0
    for c in t.chunk_pips:
        s += c[mask & 16383]
        mask >>= CHUNK
    return s


def totals(t: Tables, hands: Iterable[int]) -> list[int]:
    """Pips left in each hand."""
    return [pip_sum(t, h) for h in hands]


def attach(t: Tables, tile: int, end: int, left: int, right: int) -> tuple[int, int]:
    """The open ends after ``tile`` joins the end showing ``end`` (-1: the lead), as
    ``Line.place`` does: the lead lies low half left; a value shown at both ends
    grows on the right (R7, R10). The caller has checked that it fits."""
    if end < 0:
        return t.lo[tile], t.hi[tile]
    if end == right:
        return left, t.lo[tile] + t.hi[tile] - right
    return t.lo[tile] + t.hi[tile] - left, right


def moves(t: Tables, hand: int, left: int, right: int) -> list[tuple[int, int, int, int]]:
    """``(tile, end, new left, new right)`` for every placement from ``hand``, in the
    order of ``RoundState.legal_moves``: the left end's plays in tile order, then the
    right end's (``end`` is -1 for a lead). Empty when no tile fits (R9)."""
    lo, hi = t.lo, t.hi
    out = []
    if left < 0:
        m = hand
        while m:
            b = m & -m
            m ^= b
            i = b.bit_length() - 1
            out.append((i, -1, lo[i], hi[i]))
        return out
    if left == right:
        m = hand & t.masks[left]
        while m:
            b = m & -m
            m ^= b
            i = b.bit_length() - 1
            out.append((i, left, left, lo[i] + hi[i] - left))
        return out
    m = hand & t.masks[left]
    while m:
        b = m & -m
        m ^= b
        i = b.bit_length() - 1
        out.append((i, left, lo[i] + hi[i] - left, right))
    m = hand & t.masks[right]
    while m:
        b = m & -m
        m ^= b
        i = b.bit_length() - 1
        out.append((i, right, left, lo[i] + hi[i] - right))
    return out


def draw(hands: list[int], seat: int, boneyard: list[int]) -> int:
    """Seat ``seat`` (0-based) draws the top tile, ``boneyard[0]``, as
    ``RoundState.legal_moves`` offers it (V6). Returns the tile drawn."""
    tile = boneyard.pop(0)
    hands[seat] |= 1 << tile
    return tile


@dataclass(slots=True)
class Dealt:
    """A dealt round on bitmasks: hands, boneyard in draw order (Draw game only),
    the starter (1-based) and the tile the starter must lead (-1: any)."""

    hands: list[int]
    boneyard: list[int]
    starter: int
    forced: int


def deal(r: Rules, n: int, rand: Callable[[], float], round_number: int = 1) -> Dealt:
    """Shuffle and deal exactly as :func:`block_dominoes.deal.deal` does, from ``rand``."""
    count = r.set_size
    size = r.hand_size(n)
    ids = shuffle(list(range(count)), rand)
    hands = [sum(1 << i for i in ids[k : k + size]) for k in range(0, n * size, size)]
    boneyard = ids[n * size :] if r.draw else []
    if round_number == 1 and r.first_lead is FirstLead.HIGHEST_DOUBLE:
        tiles = full_set(r.max_pip)
        dealt = tuple(
            tuple(sorted(tiles[t] for t in ids[k * size : (k + 1) * size])) for k in range(n)
        )
        fixed = first_lead(r, dealt)
        if fixed is not None:
            return Dealt(hands, boneyard, fixed[0], tile_index(fixed[1], r.max_pip))
    return Dealt(hands, boneyard, 1 + int(rand() * n), -1)


Trace = list[tuple[int, str, int, int]]
"""Moves as played: ``(seat, 'play' | 'pass' | 'draw', tile or -1, end or -1)``."""


def play_random(
    t: Tables,
    d: Dealt,
    rand: Callable[[], float],
    trace: Trace | None = None,
) -> tuple[int, int]:
    """Play a dealt round in place with uniformly random legal moves.

    Returns (seat that went out, or 0 if blocked; moves as ``RoundState`` counts
    them). The options are those of :func:`moves`, in its order; ``rand`` is
    called only when there is a choice, so ``RoundState`` with the ``random``
    strategy plays the very same round from the same generator.
    """
    hands, boneyard = d.hands, d.boneyard
    sub, vm = t.plays, t.masks
    n = len(hands)
    cur = d.starter - 1
    h = hands[cur]
    if d.forced >= 0:
        tile = d.forced
    else:
        k = h.bit_count()
        idx = int(rand() * k) if k > 1 else 0
        for _ in range(idx):
            h &= h - 1
        tile = (h & -h).bit_length() - 1
    hands[cur] &= ~(1 << tile)
    if trace is not None:
        trace.append((cur + 1, "play", tile, -1))
    if not hands[cur]:
        return d.starter, 1
    left, right = t.lo[tile], t.hi[tile]
    played = 1
    passes = 0
    last = n - 1
    cur = cur + 1 if cur < last else 0
    while True:
        h = hands[cur]
        pl = sub[left][h & vm[left]]
        pr = sub[right][h & vm[right]] if right != left else ()
        k = len(pl) + len(pr)
        if not k:
            if boneyard:
                tile = draw(hands, cur, boneyard)
                if trace is not None:
                    trace.append((cur + 1, "draw", tile, -1))
                played += 1
                continue  # the drawer is still to play (V6)
            passes += 1
            if passes >= n:
                # RoundState ends the round at the last placement (R13), before
                # the confirming passes counted here.
                if trace is not None:
                    del trace[len(trace) - last :]
                return 0, played - last
            if trace is not None:
                trace.append((cur + 1, "pass", -1, -1))
            played += 1
            cur = cur + 1 if cur < last else 0
            continue
        idx = int(rand() * k) if k > 1 else 0
        if idx < len(pl):
            b, new = pl[idx]
            end = left
            if right == left:
                right = new  # both ends show the value: the line grows on the right
            else:
                left = new
        else:
            end = right
            b, right = pr[idx - len(pl)]
        if trace is not None:
            trace.append((cur + 1, "play", b.bit_length() - 1, end))
        passes = 0
        h ^= b
        hands[cur] = h
        played += 1
        if not h:
            return cur + 1, played
        cur = cur + 1 if cur < last else 0


def scorer(r: Rules, n: int) -> Scorer:
    """``winner_and_points`` for one ruleset and player count without its per-call
    lookups (R15-R17, V3, V4); ``tests/players/test_kernel.py`` proves them equal."""
    sides = r.teams(n)
    all_pips = r.blocked_scoring is BlockedScoring.ALL_PIPS
    if len(sides[0]) == 1:

        def single(totals: Sequence[int], went: int) -> tuple[int, int]:
            total = sum(totals)
            if went:
                return went, total
            low = min(totals)
            if totals.count(low) > 1:
                return 0, 0
            return totals.index(low) + 1, total - low if all_pips else total - 2 * low

        return single

    side_of = tuple(
        next(i for i, side in enumerate(sides) if seat in side) for seat in range(1, n + 1)
    )

    def paired(totals: Sequence[int], went: int) -> tuple[int, int]:
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
