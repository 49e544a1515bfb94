"""What one seat can know, and deals of the tiles it cannot see that fit it.

Every strategy except ``random`` and ``heavy`` reduces the round to
:func:`knowledge` before it chooses, and the expert deals the unseen tiles
with :func:`sample_masks` (:func:`sample_hidden` is the same deal as tiles).

>>> s = RoundState.new('pagat', [['3-4', '1-1'], ['5-6', '0-0']], starter=1)
>>> k = knowledge(s.apply(Play(Tile.parse('3-4'))), 1)
>>> k.counts, len(k.unseen), k.hidden_rest
((1, 2), 26, 24)
>>> hands, rest = sample_masks(k, random.Random(0))
>>> [h.bit_count() for h in hands], len(rest)
([1, 2], 24)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from block_dominoes.deal import shuffle
from block_dominoes.errors import BlockDominoesError, InvalidPositionError
from block_dominoes.i18n import _
from block_dominoes.line import Line
from block_dominoes.players import kernel
from block_dominoes.round import Move, Pass, Play, RoundState, placements
from block_dominoes.rules import Rules
from block_dominoes.tiles import Tile, full_set, tile_index

__all__ = ["Knowledge", "knowledge", "sample_hidden", "sample_masks"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything one seat can know at one moment, and nothing more.

    ``history`` is the public record: each opponent's draw (V6) appears as
    ``None`` because its tile is unseen. ``lacks[s - 1]`` holds the open-end
    values seat ``s`` passed (or drew) on: that seat holds no tile with them
    (R9). ``unseen`` are the tiles neither in this hand nor on the line;
    ``hidden_rest`` of them are in no hand (out of play, R4, or the boneyard, V6).
    """

    rules: Rules
    seat: int
    to_move: int
    hand: tuple[Tile, ...]
    line: Line
    history: tuple[tuple[int, Move | None], ...]
    counts: tuple[int, ...]
    lacks: tuple[frozenset[int], ...]
    unseen: tuple[Tile, ...]
    hidden_rest: int
    boneyard: int
    lead: Tile | None
    over: bool

    @property
    def players(self) -> int:
        return len(self.counts)

    def plays(self) -> tuple[Play, ...]:
        """This seat's placements now, in the order of :meth:`RoundState.legal_moves`
        (:func:`~block_dominoes.round.placements`)."""
        return placements(self.line, self.hand, self.lead)

    def exhausted(self) -> frozenset[int]:
        """Numbers no unseen tile carries: nobody else can match them."""
        values = range(self.rules.max_pip + 1)
        return frozenset(v for v in values if not any(t.has(v) for t in self.unseen))

    def opponents(self) -> tuple[int, ...]:
        """Seats not on this seat's side, in turn order after it."""
        n = self.players
        side = next(s for s in self.rules.teams(n) if self.seat in s)
        order = [(self.seat + i - 1) % n + 1 for i in range(1, n)]
        return tuple(s for s in order if s not in side)

    def fingerprint(self) -> str:
        """A stable text of the knowledge: the same knowledge, the same text."""
        moves = ";".join(f"{s}:{m}" for s, m in self.history)
        return (
            f"{self.rules.name}|{self.seat}|{' '.join(map(str, self.hand))}|{moves}|"
            f"{self.counts}|{self.lead}"
        )


def knowledge(state: RoundState, seat: int | None = None) -> Knowledge:
    """What ``seat`` (default: the player to move) can know in ``state``.

    Raises InvalidPositionError for a seat that is not at the table.
    """
    n = state.players
    me = state.current_player if seat is None else seat
    if isinstance(me, bool) or not isinstance(me, int) or not 1 <= me <= n:
        raise InvalidPositionError(
            _("seat must be from 1 to {n}, got {seat} (R6)").format(n=n, seat=repr(seat)),
            rule="R6",
        )
    mp = state.rules.max_pip
    tabs = kernel.tables(mp)
    lacks: list[set[int]] = [set() for _ in range(n)]
    history: list[tuple[int, Move | None]] = []
    left = right = -1
    for s, m in state.history:
        if isinstance(m, Play):
            # The open ends as the line has them (kernel.attach is Line.place's twin).
            end = -1 if m.end is None else m.end
            left, right = kernel.attach(tabs, tile_index(m.tile, mp), end, left, right)
            history.append((s, m))
        elif isinstance(m, Pass):
            if left >= 0:
                lacks[s - 1] |= {left, right}
            history.append((s, m))
        else:
            # A draw shows the drawer lacked the ends, but the drawn tile is
            # unseen and may match them: the record starts afresh (V6).
            lacks[s - 1] = set()
            history.append((s, m if s == me else None))
    hand = state.hand(me)
    known = set(hand) | set(state.line.tiles)
    unseen = tuple(t for t in full_set(state.rules.max_pip) if t not in known)
    counts = tuple(len(h) for h in state.hands)
    others = sum(c for i, c in enumerate(counts, start=1) if i != me)
    return Knowledge(
        rules=state.rules,
        seat=me,
        to_move=state.current_player,
        hand=hand,
        line=state.line,
        history=tuple(history),
        counts=counts,
        lacks=tuple(frozenset() if i == me else frozenset(x) for i, x in enumerate(lacks, 1)),
        unseen=unseen,
        hidden_rest=len(unseen) - others,
        boneyard=len(state.boneyard),
        lead=state.lead if not state.history else None,
        over=state.is_over,
    )


def sample_masks(k: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """One deal of the unseen tiles consistent with ``k``: every hand as large
    as it is, no opponent holding a number it passed on. Returns the hands as
    kernel bitmasks (this seat's own as it is) and the rest as tile indices
    (out of play or boneyard, in a random order). Uses only ``k`` and ``rng``.

    Each unseen tile, in a shuffled order, goes to a bin with room that may
    hold it, with chances in proportion to the room left; when none has room,
    tiles move along an augmenting path (a bipartite matching) to make some.
    """
    n = k.players
    t = kernel.tables(k.rules.max_pip)
    mp = k.rules.max_pip
    # Bins: one per other seat, then the rest (which accepts every tile).
    seats = [s for s in range(1, n + 1) if s != k.seat]
    cap = [k.counts[s - 1] for s in seats] + [k.hidden_rest]
    nb = len(cap)
    banned = [0] * nb
    for b, s in enumerate(seats):
        for v in k.lacks[s - 1]:
            banned[b] |= t.masks[v]
    members: list[list[int]] = [[] for _ in range(nb)]
    room = cap[:]
    rand = rng.random
    ids = shuffle([tile_index(x, mp) for x in k.unseen], rand)
    for u in ids:
        bit = 1 << u
        free = [b for b in range(nb) if room[b] and not banned[b] & bit]
        if free:
            if len(free) == 1:
                rand()  # the same draw as below, so every deal spends the same numbers
                pick = free[0]
            else:
                x = rand() * sum(room[b] for b in free)
                pick = free[-1]
                for b in free:
                    x -= room[b]
                    if x < 0:
                        pick = b
                        break
            members[pick].append(u)
            room[pick] -= 1
            continue
        # Augmenting path: move tiles along until one lands in a bin with room.
        parent: dict[int, tuple[int, int]] = {}
        queue = [b for b in range(nb) if not banned[b] & bit]
        for b in queue:
            parent[b] = (-1, u)
        found = -1
        i = 0
        while i < len(queue) and found < 0:
            b = queue[i]
            i += 1
            for w in members[b]:
                for c in range(nb):
                    if c not in parent and not banned[c] & (1 << w):
                        parent[c] = (b, w)
                        if room[c]:
                            found = c
                            break
                        queue.append(c)
                if found >= 0:
                    break
        if found < 0:
            raise BlockDominoesError(
                _(
                    "no deal of the unseen tiles fits what this seat has seen: "
                    "the passes contradict the hand sizes (R9)"
                ),
                rule="R9",
            )
        c = found
        room[c] -= 1
        while True:
            b, w = parent[c]
            members[c].append(w)
            if b < 0:
                break
            members[b].remove(w)
            c = b
    own = kernel.mask_of(k.hand, mp)
    hands = []
    for s in range(1, n + 1):
        if s == k.seat:
            hands.append(own)
        else:
            hands.append(sum(1 << w for w in members[seats.index(s)]))
    return hands, members[-1]


def sample_hidden(
    k: Knowledge, rng: random.Random
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """:func:`sample_masks` as tiles: the hands (each sorted) and the rest."""
    t = kernel.tables(k.rules.max_pip)
    hands, rest = sample_masks(k, rng)
    return tuple(kernel.tiles_of(t, h) for h in hands), tuple(t.tiles[w] for w in rest)
