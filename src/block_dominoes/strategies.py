"""Computer players. A strategy picks one of the legal moves and says why.

Strategies are handed the whole :class:`RoundState` but every strategy except
``random`` and ``heavy`` (which look only at their own legal moves) first
reduces it to :func:`knowledge`: what that seat can know (its own hand, the
line, the moves so far with the numbers each opponent passed on, how many
tiles each hand holds). Nothing else is read, so a strategy is fair. Each is
deterministic given the ``rng`` it is handed. :func:`hint` suggests a move to
the player to move, from the same knowledge.

>>> s = RoundState.new('pagat', [['1-4', '4-4', '2-5'], ['0-3', '5-5']], starter=1)
>>> find_strategy('heavy').choose(s, random.Random(0)).reason
'plays [4|4]: its heaviest playable tile (8 pips)'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .deal import shuffled
from .errors import BlockDominoesError, IllegalMoveError, quoted
from .line import Line
from .round import Draw, Move, Pass, Play, RoundState
from .rules import Rules
from .scoring import score_totals
from .solver import Search2, mask_pips, tables
from .tiles import Tile, full_set, tile_index

__all__ = [
    "STRATEGIES",
    "Choice",
    "Knowledge",
    "Strategy",
    "find_strategy",
    "hint",
    "knowledge",
    "sample_hidden",
]


@dataclass(frozen=True, slots=True)
class Choice:
    """A chosen move and the short reason shown to a learner."""

    move: Move
    reason: str


@dataclass(frozen=True, slots=True)
class Strategy:
    """A named computer player."""

    name: str
    description: str
    choose: Callable[[RoundState, random.Random], Choice]

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "description": self.description}


# -- what a seat can know ------------------------------------------------------
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
        """This seat's placements now, in the order of :meth:`RoundState.legal_moves`."""
        if self.line.is_empty:
            if self.lead is not None:
                return (Play(self.lead),) if self.lead in self.hand else ()
            return tuple(Play(t) for t in self.hand)
        a, b = self.line.end_values
        out = [Play(t, a) for t in self.hand if t.has(a)]
        if b != a:
            out += [Play(t, b) for t in self.hand if t.has(b)]
        return tuple(out)

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
        from .errors import InvalidPositionError

        raise InvalidPositionError(f"seat must be from 1 to {n}, got {seat!r} (R6)")
    lacks: list[set[int]] = [set() for _ in range(n)]
    history: list[tuple[int, Move | None]] = []
    left = right = -1
    for s, m in state.history:
        if isinstance(m, Play):
            t = m.tile
            if left < 0:
                left, right = t.low, t.high
            elif m.end == right:
                right = t.other(right)
            else:
                left = t.other(left)
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


def sample_hidden(
    k: Knowledge, rng: random.Random
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """One deal of the unseen tiles consistent with ``k``: every hand as large
    as it is, no opponent holding a number it passed on. Returns the hands
    (this seat's own as it is) and the rest (out of play or boneyard, in a
    random order). Uses only ``k`` and ``rng``."""
    n = k.players
    # Bins: one per other seat, then the rest (which accepts every tile).
    seats = [s for s in range(1, n + 1) if s != k.seat]
    cap = [k.counts[s - 1] for s in seats] + [k.hidden_rest]
    banned = [k.lacks[s - 1] for s in seats] + [frozenset()]
    nb = len(cap)
    members: list[list[Tile]] = [[] for _ in range(nb)]

    def accepts(b: int, t: Tile) -> bool:
        return not (t.low in banned[b] or t.high in banned[b])

    for t in shuffled(k.unseen, rng):
        free = [b for b in range(nb) if accepts(b, t) and len(members[b]) < cap[b]]
        if free:
            weights = [cap[b] - len(members[b]) for b in free]
            x = rng.random() * sum(weights)
            pick = free[-1]
            for b, wgt in zip(free, weights, strict=True):
                x -= wgt
                if x < 0:
                    pick = b
                    break
            members[pick].append(t)
            continue
        # Augmenting path: move tiles along until one lands in a bin with room.
        parent: dict[int, tuple[int, Tile]] = {}
        queue = [b for b in range(nb) if accepts(b, t)]
        for b in queue:
            parent[b] = (-1, t)
        found = -1
        i = 0
        while i < len(queue) and found < 0:
            b = queue[i]
            i += 1
            for u in members[b]:
                for c in range(nb):
                    if c not in parent and accepts(c, u):
                        parent[c] = (b, u)
                        if len(members[c]) < cap[c]:
                            found = c
                            break
                        queue.append(c)
                if found >= 0:
                    break
        if found < 0:
            raise BlockDominoesError(
                "no deal of the unseen tiles fits what this seat has seen: "
                "the passes contradict the hand sizes (R9)"
            )
        c = found
        while True:
            b, u = parent[c]
            members[c].append(u)
            if b < 0:
                break
            members[b].remove(u)
            c = b
    hands: list[tuple[Tile, ...]] = []
    for s in range(1, n + 1):
        if s == k.seat:
            hands.append(k.hand)
        else:
            hands.append(tuple(sorted(members[seats.index(s)])))
    return tuple(hands), tuple(members[-1])


# -- simple strategies ----------------------------------------------------------
def _only(state: RoundState) -> Choice | None:
    moves = state.legal_moves()
    if len(moves) == 1:
        m = moves[0]
        if isinstance(m, Play):
            if state.lead is not None and not state.history:
                kind = "the highest double" if m.tile.is_double else "the heaviest tile (no double)"
                return Choice(m, f"leads {m.tile}: the first lead is {kind} (V2)")
            return Choice(m, f"plays {m}: its only legal move")
        if isinstance(m, Draw):
            return Choice(m, f"draws {m.tile}: no tile fits (V6)")
        if state.rules.draw:
            return Choice(m, "passes: no tile fits and the boneyard is empty (R9, V6)")
        return Choice(m, "passes: no tile fits either open end (R9)")
    return None


def choose_random(state: RoundState, rng: random.Random) -> Choice:
    """Uniform over the legal moves (each tile and end it fits counts once)."""
    forced = _only(state)
    if forced is not None:
        return forced
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    return Choice(m, f"plays {m}: chosen at random among {len(moves)} legal moves")


def choose_heavy(state: RoundState, rng: random.Random) -> Choice:
    """The heaviest tile first, to shed pips before a block."""
    forced = _only(state)
    if forced is not None:
        return forced
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    best = max(plays, key=lambda m: (m.tile.pips, m.tile.high))
    return Choice(best, f"plays {best}: its heaviest playable tile ({best.tile.pips} pips)")


def _after(k: Knowledge, m: Play) -> tuple[int, int]:
    """The open-end values after ``m`` (both halves of a lead)."""
    if m.end is None:
        return m.tile.low, m.tile.high
    a, b = k.line.end_values
    new = m.tile.other(m.end)
    return (new, b) if m.end == a else (a, new)


def _held(tiles: Sequence[Tile], v: int) -> int:
    return sum(1 for t in tiles if t.has(v))


def _keep_numbers(k: Knowledge) -> tuple[Play, str]:
    plays = k.plays()
    best: tuple[tuple[int, int, int], Play, int, int] | None = None
    for m in plays:
        rest = [t for t in k.hand if t != m.tile]
        if m.end is None:
            # Lead the number you hold most of; a double keeps it at both ends.
            v = max((m.tile.low, m.tile.high), key=lambda x: (_held(rest, x), x))
            count = _held(rest, v) + (1 if m.tile.is_double else 0)
        else:
            v = m.tile.other(m.end)
            count = _held(rest, v)
        key = (count, m.tile.pips, m.tile.high)
        if best is None or key > best[0]:
            best = (key, m, v, _held(rest, v))
    assert best is not None
    _, m, v, left = best
    many = "no more" if left == 0 else f"{left} more"
    return m, (
        f"plays {m}: keeps {v} open and holds {many} tile{'s' if left != 1 else ''} "
        f"with a {v} (keep playing the number you hold most of)"
    )


def choose_keep_numbers(state: RoundState, rng: random.Random) -> Choice:
    """Keep playing the number you hold most of (the Bulgarian tip, unconditionally)."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why = _keep_numbers(knowledge(state))
    return Choice(m, why)


def _names(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _blocker(k: Knowledge) -> tuple[Play, str, int]:
    opponents = k.opponents()
    dead = k.exhausted()
    best: tuple[tuple[int, int, int, int], Play] | None = None
    for m in k.plays():
        ends = _after(k, m)
        rest = [t for t in k.hand if t != m.tile]
        score = 0
        for i, s in enumerate(opponents):
            weight = 2 if i == 0 else 1
            closed = k.lacks[s - 1] | dead
            score += weight * sum(1 for v in ends if v in closed)
        own = 1 if any(t.has(ends[0]) or t.has(ends[1]) for t in rest) else 0
        key = (score, own, m.tile.pips, m.tile.high)
        if best is None or key > best[0]:
            best = (key, m)
    assert best is not None
    key, m = best
    ends = _after(k, m)
    if key[0] == 0:
        return (
            m,
            (
                f"plays {m}: no opponent has shown a missing number yet, so it sheds "
                f"its heaviest tile ({m.tile.pips} pips)"
            ),
            0,
        )
    parts = []
    for v in sorted(set(ends)):
        who = [s for s in opponents if v in k.lacks[s - 1]]
        if v in dead:
            parts.append(f"every {v} is already seen")
        elif who:
            parts.append(f"{_names(who)} passed on {v} (R9)")
    return (
        m,
        (
            f"plays {m}: leaves {ends[0]} and {ends[1]} open; {'; '.join(parts)}, "
            "so the next turns may be blocked"
        ),
        key[0],
    )


def choose_blocker(state: RoundState, rng: random.Random) -> Choice:
    """Close the ends that opponents have shown, by passing, they cannot match."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why, _ = _blocker(knowledge(state))
    return Choice(m, why)


# -- the Bulgarian tips, each as stated, otherwise random ---------------------------
# Each follows one tip of block-app-bg.txt only when the tip's condition holds, and
# otherwise plays like ``random``: set against ``random``, the difference is the tip's.
KEEP_MIN = 4  # "if you hold four or five tiles of one number"


def _random_play(state: RoundState, rng: random.Random, why: str) -> Choice:
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    return Choice(m, f"plays {m}: {why}, so any legal move ({len(moves)}), at random")


def _keep_four(k: Knowledge) -> tuple[Play, str] | None:
    """The play that keeps a number open of which the hand holds KEEP_MIN or more
    tiles (the number held most, then the heavier tile), or None.

    >>> s = RoundState.new('pagat', [['1-2', '1-3', '1-4', '1-5', '5-6'], ['0-0']], starter=1)
    >>> _keep_four(knowledge(s))[1]
    'leads [1|5]: holds 4 tiles with a 1, so keeps the 1 open (hold four or more of a number: keep playing it)'
    """
    counts = {v: _held(k.hand, v) for v in range(k.rules.max_pip + 1)}
    best: tuple[tuple[int, int, int], Play, int] | None = None
    for m in k.plays():
        new = (m.tile.low, m.tile.high) if m.end is None else (m.tile.other(m.end),)
        for v in new:
            if counts[v] >= KEEP_MIN:
                key = (counts[v], m.tile.pips, m.tile.high)
                if best is None or key > best[0]:
                    best = (key, m, v)
    if best is None:
        return None
    (held, _, _), m, v = best
    verb = "leads" if m.end is None else "plays"
    return m, (
        f"{verb} {m.tile if m.end is None else m}: holds {held} tiles with a {v}, so keeps the "
        f"{v} open (hold four or more of a number: keep playing it)"
    )


def choose_keep_four(state: RoundState, rng: random.Random) -> Choice:
    """The keep-a-number tip only when it applies (four or more of a number)."""
    forced = _only(state)
    if forced is not None:
        return forced
    found = _keep_four(knowledge(state))
    if found is None:
        return _random_play(state, rng, f"no number is held {KEEP_MIN} times")
    return Choice(*found)


def choose_doubles_early(state: RoundState, rng: random.Random) -> Choice:
    """Lay a double while its number is still open: a double fits only that number.

    >>> s = RoundState.new('pagat', [['1-4', '4-4', '1-2'], ['4-6', '0-0']], starter=2)
    >>> choose_doubles_early(s.play('4-6'), random.Random(0)).reason
    'plays [4|4] on 4: lays the double while 4 is still open'
    """
    forced = _only(state)
    if forced is not None:
        return forced
    doubles = [m for m in knowledge(state).plays() if m.tile.is_double]
    if not doubles:
        return _random_play(state, rng, "no double fits")
    m = max(doubles, key=lambda d: d.tile.pips)
    return Choice(m, f"plays {m}: lays the double while {m.tile.high} is still open")


def _light(k: Knowledge) -> bool:
    """True when the hand holds fewer pips than any opponent is likely to: each
    opponent's hand is estimated as its tile count times the mean of the unseen tiles."""
    if not k.unseen:
        return False
    mean = sum(t.pips for t in k.unseen) / len(k.unseen)
    own = sum(t.pips for t in k.hand)
    return all(own < k.counts[s - 1] * mean for s in k.opponents())


def _close_ends(k: Knowledge) -> tuple[Play, int] | None:
    """The play leaving the most open ends no opponent can match (every tile with that
    number seen, or every opponent passed on it), or None when no play closes one."""
    dead = k.exhausted()
    opponents = k.opponents()
    best: tuple[tuple[int, int, int], Play] | None = None
    for m in k.plays():
        ends = _after(k, m)
        closed = sum(1 for v in ends if v in dead or all(v in k.lacks[s - 1] for s in opponents))
        key = (closed, m.tile.pips, m.tile.high)
        if closed and (best is None or key > best[0]):
            best = (key, m)
    return None if best is None else (best[1], best[0][0])


def choose_close_when_light(state: RoundState, rng: random.Random) -> Choice:
    """When the hand is light, close the ends: a block then likely scores for it."""
    forced = _only(state)
    if forced is not None:
        return forced
    k = knowledge(state)
    if not _light(k):
        return _random_play(state, rng, "its hand is not the lightest")
    found = _close_ends(k)
    if found is None:
        return _random_play(state, rng, "no move closes an end")
    m, closed = found
    ends = "both ends" if closed == 2 else "an end"
    return Choice(m, f"plays {m}: its hand is light, so it closes {ends} nobody can match")


# -- the expert: sample the hidden hands, search each sample ---------------------
SAMPLES_2 = 32
SAMPLES_N = 32


class _Sim:
    """Bitmask rounds for the search: hands as ints, ends as ints (-1 before the lead)."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.n = players
        self.vm, self.lo, self.hi, self.pv = tables(rules.max_pip)
        teams = rules.teams(players)
        self.side = {s: side for side in teams for s in side}
        self._ends: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}

    def totals(self, hands: Sequence[int]) -> tuple[int, ...]:
        pv = self.pv
        out = []
        for h in hands:
            s = 0
            while h:
                b = h & -h
                s += pv[b.bit_length() - 1]
                h ^= b
            out.append(s)
        return tuple(out)

    def utility(self, hands: Sequence[int], went: int) -> tuple[int, ...]:
        """Per seat: the round's points to its side, minus them if another side scores."""
        totals = self.totals(hands)
        key = (totals, went)
        u = self._ends.get(key)
        if u is None:
            winner, pts = score_totals(self.rules, totals, went or None)
            if winner is None:
                u = (0,) * self.n
            else:
                ws = self.side[winner]
                u = tuple(pts if s in ws else -pts for s in range(1, self.n + 1))
            self._ends[key] = u
        return u

    def moves(self, h: int, left: int, right: int) -> list[tuple[int, int, int]]:
        """(tile index, new left, new right) for each placement from hand ``h``."""
        lo, hi = self.lo, self.hi
        out = []
        if left < 0:
            m = h
            while m:
                b = m & -m
                m ^= b
                t = b.bit_length() - 1
                out.append((t, lo[t], hi[t]))
            return out
        m = h & self.vm[left]
        while m:
            b = m & -m
            m ^= b
            t = b.bit_length() - 1
            out.append((t, lo[t] + hi[t] - left, right))
        if right != left:
            m = h & self.vm[right]
            while m:
                b = m & -m
                m ^= b
                t = b.bit_length() - 1
                out.append((t, left, lo[t] + hi[t] - right))
        return out

    def rollout(
        self, hands: list[int], left: int, right: int, cur: int, bone: list[int]
    ) -> tuple[int, ...]:
        """Play on with every seat laying its heaviest tile; the utilities at the end."""
        vm, lo, hi, pv = self.vm, self.lo, self.hi, self.pv
        n = self.n
        passes = 0
        while True:
            h = hands[cur]
            m = h & (vm[left] | vm[right])
            if not m:
                if bone:
                    hands[cur] = h | (1 << bone.pop())
                    passes = 0
                    continue
                passes += 1
                if passes >= n:
                    return self.utility(hands, 0)
                cur = (cur + 1) % n
                continue
            passes = 0
            best = -1
            bt = -1
            while m:
                b = m & -m
                m ^= b
                t = b.bit_length() - 1
                if pv[t] > best:
                    best, bt = pv[t], t
            if lo[bt] == left or hi[bt] == left:
                left = lo[bt] + hi[bt] - left
            else:
                right = lo[bt] + hi[bt] - right
            hands[cur] = h ^ (1 << bt)
            if not hands[cur]:
                return self.utility(hands, cur + 1)
            cur = (cur + 1) % n

    def search(
        self, hands: list[int], left: int, right: int, cur: int, bone: list[int], depth: int
    ) -> tuple[int, ...]:
        """Max-n: each seat picks the move best for itself; rollouts below ``depth``."""
        if depth <= 0:
            return self.rollout(list(hands), left, right, cur, list(bone))
        n = self.n
        vm = self.vm
        open_mask = vm[left] | vm[right]
        seat = cur
        steps = 0
        while not hands[seat] & open_mask:
            if bone:
                hands = list(hands)
                bone = list(bone)
                hands[seat] |= 1 << bone.pop()
                continue
            steps += 1
            if steps >= n:
                return self.utility(hands, 0)
            seat = (seat + 1) % n
        best: tuple[int, ...] | None = None
        for t, a, b in self.moves(hands[seat], left, right):
            child = list(hands)
            child[seat] ^= 1 << t
            if not child[seat]:
                u = self.utility(child, seat + 1)
            else:
                u = self.search(child, a, b, (seat + 1) % n, bone, depth - 1)
            if best is None or u[seat] > best[seat]:
                best = u
        assert best is not None
        return best


@dataclass(frozen=True, slots=True)
class _Verdict:
    move: Play
    mean: float
    runner_up: tuple[Play, float] | None
    samples: int
    exact: bool


def _expert(k: Knowledge, rng: random.Random) -> _Verdict:
    plays = k.plays()
    r = k.rules
    mp = r.max_pip
    n = k.players
    exact = n == 2 and not r.draw
    samples = SAMPLES_2 if exact else SAMPLES_N
    totals = [0] * len(plays)
    ends = k.line.end_values
    left, right = ends if ends else (-1, -1)
    me = k.seat - 1
    search2 = Search2(r) if exact else None
    sim = _Sim(r, n)
    pv = sim.pv
    for _ in range(samples):
        hands_t, rest_t = sample_hidden(k, rng)
        hands = [sum(1 << tile_index(t, mp) for t in h) for h in hands_t]
        bone = [tile_index(t, mp) for t in rest_t] if r.draw else []
        for i, m in enumerate(plays):
            t = tile_index(m.tile, mp)
            child = list(hands)
            child[me] ^= 1 << t
            if m.end is None:
                a, b = m.tile.low, m.tile.high
            elif m.end == left:
                a, b = m.tile.other(left), right
            else:
                a, b = left, m.tile.other(right)
            if not child[me]:
                totals[i] += sim.utility(child, me + 1)[me]
            elif search2 is not None:
                opp = child[1 - me]
                mine = child[me]
                totals[i] -= search2.value(opp, mine, mask_pips(opp, pv), mask_pips(mine, pv), a, b)
            else:
                u = sim.search(child, a, b, (me + 1) % n, bone, n)
                totals[i] += u[me]
    order = sorted(
        range(len(plays)),
        key=lambda i: (-totals[i], -plays[i].tile.pips, -plays[i].tile.high, i),
    )
    best = order[0]
    runner = (plays[order[1]], totals[order[1]] / samples) if len(order) > 1 else None
    return _Verdict(plays[best], totals[best] / samples, runner, samples, exact)


def _how(v: _Verdict) -> str:
    return "solving each exactly" if v.exact else "searching each a few moves ahead"


def choose_expert(state: RoundState, rng: random.Random) -> Choice:
    """Samples hidden hands consistent with what it has seen and searches each."""
    forced = _only(state)
    if forced is not None:
        return forced
    v = _expert(knowledge(state), rng)
    return Choice(
        v.move,
        f"plays {v.move}: best average ({v.mean:+.1f} points) over {v.samples} deals of the "
        f"unseen tiles that fit what it has seen, {_how(v)}",
    )


# -- hints ---------------------------------------------------------------------------
def hint(state: RoundState) -> Choice:
    """A suggested move for the player to move, and a sentence saying why.

    Uses only :func:`knowledge` of that seat (the expert's sampling is seeded
    from the knowledge itself), so two rounds that look the same to the player
    get the same hint. Raises IllegalMoveError once the round is over.
    """
    k = knowledge(state)
    if k.over:
        raise IllegalMoveError("no hint: the round is over (R13)")
    plays = k.plays()
    if not plays:
        ends = " and ".join(str(x) for x in k.line.end_values)
        if k.boneyard:
            return Choice(
                state.legal_moves()[0],
                f"You must draw: no tile in your hand matches {ends} (V6).",
            )
        return Choice(Pass(), f"You must pass: no tile in your hand matches {ends} (R9).")
    if len(plays) == 1:
        return Choice(plays[0], f"Play {plays[0]}: it is your only legal move (R9).")
    v = _expert(k, random.Random(k.fingerprint()))
    m = v.move
    notes = []
    opponents = k.opponents()
    for x in sorted(set(_after(k, m))):
        who = [s for s in opponents if x in k.lacks[s - 1]]
        if who:
            notes.append(f"{_names(who)} passed on {x}, so leaving a {x} open may block them")
    rest = [t for t in k.hand if t != m.tile]
    if m.end is not None:
        x = m.tile.other(m.end)
        held = _held(rest, x)
        if held >= 2:
            notes.append(f"you still hold {held} tiles with a {x} to follow it")
    if not notes:
        notes.append(f"it sheds {m.tile.pips} pips")
    compare = ""
    if v.runner_up is not None:
        compare = f" (next best: {v.runner_up[0]}, {v.runner_up[1]:+.1f})"
    where = "as the lead" if m.end is None else f"on the {m.end}"
    return Choice(
        m,
        f"Play {m.tile} {where}: in {v.samples} deals of the unseen tiles that fit "
        f"what you know it scores best on average, {v.mean:+.1f} points{compare}; "
        f"{'; '.join(notes)}.",
    )


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", "Any legal move, chosen uniformly at random.", choose_random),
        Strategy(
            "heavy",
            "Plays its heaviest tile that fits, to shed pips before a block.",
            choose_heavy,
        ),
        Strategy(
            "keep-numbers",
            "Keeps playing the number it holds most of, at every turn, so it can follow "
            "while others run short of it (the Bulgarian app's tip without its condition "
            "of four or more tiles of a number: see keep-four).",
            choose_keep_numbers,
        ),
        Strategy(
            "keep-four",
            "The Bulgarian tip as stated: when it holds four or more tiles of one number, "
            "it plays to keep that number open; otherwise any legal move at random.",
            choose_keep_four,
        ),
        Strategy(
            "doubles-early",
            "The Bulgarian tip on doubles: lays a double whenever one fits (its number is "
            "still open); otherwise any legal move at random.",
            choose_doubles_early,
        ),
        Strategy(
            "close-when-light",
            "The Bulgarian tip for a light hand: when its pips are fewer than each "
            "opponent's likely total, it leaves ends nobody can match; otherwise any "
            "legal move at random.",
            choose_close_when_light,
        ),
        Strategy(
            "blocker",
            "Remembers which numbers each opponent passed on (R9) and closes the line "
            "on those numbers, or on numbers whose tiles are all seen; otherwise heavy.",
            choose_blocker,
        ),
        Strategy(
            "expert",
            "Deals the unseen tiles many ways that fit what it has seen (its hand, the "
            "line, who passed on what, hand sizes) and searches each deal; plays the move "
            "with the best average score. It never looks at hidden hands.",
            choose_expert,
        ),
    )
}


def find_strategy(name: str) -> Strategy:
    """The strategy called ``name``; raises ValueError naming the choices."""
    try:
        return STRATEGIES[name.strip().lower()]
    except (KeyError, AttributeError):
        choices = ", ".join(repr(n) for n in STRATEGIES)
        raise BlockDominoesError(
            f"unknown strategy: {quoted(name)}; choose from {choices}"
        ) from None
