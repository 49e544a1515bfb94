"""Which hands and totals a round can leave: one subset-sum model for the whole package.

Every check of a round's end, whether it is written as hands (``score``, ``sheet
add``, ``sheet edit``) or as a bare claim (``sheet claim``), asks this module. A
round of ``n`` players ends with every seat holding a number of tiles between
the fewest and the most of its :class:`Frame`:

* the player who went out holds none, every other player 1 or more (R13);
* a hand holds at most the tiles dealt (R3), more in the Draw game (V6);
* the starter led a tile, so (in Block, where nobody draws) holds one fewer (R5, R7);
* all hands together hold at most the tiles in play less the lead (R7, R13);
* the tiles are distinct tiles of the set (R2), and a total is their pips (R14).

The pips ``k`` distinct tiles can hold are found by one dynamic programme over the
set (:func:`reach`); the tiles themselves by :func:`pick_tiles`. Where a check is
exact and where it is a necessary condition only is said at each function.

>>> f = Frame.of('pagat', 2, starter=1)
>>> f.most, max_pips('pagat', f.most[0])
((6, 7), 61)
>>> check_totals('pagat', [69, 0], 2, starter=1)
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: player 1 started this round, so led a tile and holds at most 6, worth at most 61 pips; a total of 69 is impossible (R5, R14)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import _, iso, pgettext
from block_dominoes.rules import BlockedScoring, FirstLead, Rules, find_rules
from block_dominoes.tiles import Tile, full_set, set_name

__all__ = [
    "ClaimTable",
    "Frame",
    "HandLike",
    "bit_values",
    "check_together",
    "check_totals",
    "claim_table",
    "hands_possible",
    "max_pips",
    "most_tiles",
    "pick_tiles",
    "reach",
    "starter_led",
    "tiles_with_total",
]


class HandLike(Protocol):
    """A remaining hand as the checks need it (``hands.HandSpec`` is one)."""

    @property
    def text(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def tiles(self) -> tuple[Tile, ...] | None: ...


# -- the sums k distinct tiles can hold ------------------------------------------------
def _suffix(pool: Sequence[Tile], kmax: int) -> list[list[int]]:
    """The one subset-sum table: ``suffix[i][k]`` has bit ``s`` set when some ``k``
    distinct tiles among ``pool[i:]`` hold ``s`` pips (``k`` up to ``kmax``)."""
    suffix = [[0] * (kmax + 1) for _ in range(len(pool) + 1)]
    suffix[len(pool)][0] = 1
    for i in range(len(pool) - 1, -1, -1):
        p = pool[i].pips
        nxt, cur = suffix[i + 1], suffix[i]
        cur[0] = 1
        for k in range(1, kmax + 1):
            cur[k] = nxt[k] | (nxt[k - 1] << p)
    return suffix


@cache
def reach(max_pip: int, kmax: int) -> tuple[int, ...]:
    """``reach[k]``: bit ``s`` is set when some ``k`` distinct tiles of the set hold ``s`` pips."""
    return tuple(_suffix(full_set(max_pip), kmax)[0])


def _between(sums: Sequence[int], lo: int, hi: int) -> int:
    bits = 0
    for k in range(max(lo, 0), min(hi, len(sums) - 1) + 1):
        bits |= sums[k]
    return bits


def bit_values(bits: int) -> list[int]:
    """The set bits of ``bits`` as numbers: ``0b1011`` -> ``[0, 1, 3]``."""
    out = []
    v = 0
    while bits:
        if bits & 1:
            out.append(v)
        bits >>= 1
        v += 1
    return out


@cache
def _heaviest(max_pip: int) -> tuple[int, ...]:
    return tuple(sorted((t.pips for t in full_set(max_pip)), reverse=True))


def max_pips(rules: Rules | str, tiles: int) -> int:
    """The most pips ``tiles`` tiles of the ruleset's set can hold (5 double-six tiles: 52)."""
    r = find_rules(rules)
    return sum(_heaviest(r.max_pip)[:tiles])


def most_tiles(rules: Rules | str, players: int) -> int:
    """The most tiles one remaining hand can hold: the deal (R3), plus the whole
    boneyard in the Draw game (V6)."""
    r = find_rules(rules)
    return r.hand_size(players) + (r.undealt(players) if r.draw else 0)


def starter_led(rules: Rules, round_number: int) -> bool:
    """Whether the round's starter is known to have led: not in the first round of a
    highest-double ruleset, where the holder of the double leads (V2)."""
    return not (rules.first_lead is FirstLead.HIGHEST_DOUBLE and round_number == 1)


# -- the frame: how many tiles each seat can hold at the end ------------------------
@dataclass(frozen=True, slots=True)
class Frame:
    """How many tiles each seat can hold at a round's end.

    ``most[s - 1]`` is the most seat ``s`` can hold: the deal (R3), the whole
    boneyard more in the Draw game (V6), one fewer for a ``starter`` who led and
    cannot draw (R5, R7). ``in_play`` counts the tiles dealt or drawable; at
    least the lead is on the line, so hands together hold at most ``in_play - 1``.
    """

    rules: Rules
    players: int
    starter: int | None
    dealt: int
    most: tuple[int, ...]
    in_play: int

    @classmethod
    def of(cls, rules: Rules | str, players: int, starter: int | None = None) -> Frame:
        r = find_rules(rules)
        n = r.check_players(players)
        if starter is not None and (
            isinstance(starter, bool) or not isinstance(starter, int) or not 1 <= starter <= n
        ):
            raise InvalidPositionError(
                _("starter {seat} is not a seat: a whole number from 1 to {n} (R5)").format(
                    seat=repr(starter), n=n
                ),
                rule="R5",
            )
        dealt = r.hand_size(n)
        size = most_tiles(r, n)
        most = [size] * n
        if starter is not None and not r.draw:
            most[starter - 1] = size - 1
        in_play = n * dealt + (r.undealt(n) if r.draw else 0)
        return cls(r, n, starter, dealt, tuple(most), in_play)

    def cap(self, seats: Iterable[int]) -> int:
        """The most tiles these seats can hold together."""
        return min(sum(self.most[s - 1] for s in seats), self.in_play - 1)


def check_totals(
    rules: Rules | str,
    totals: Sequence[int],
    went_out: int | None,
    *,
    starter: int | None = None,
    out_word: str = "'-'",
) -> None:
    """Refuse totals no deal can produce (``out_word`` is how the caller marks a player
    who went out: ``'-'`` on the command line, ``went_out=`` in Python). Necessary conditions, each naming its rule:
    a total above what its hand can hold (one tile fewer for the ``starter``, who
    led); two zero totals (only [0|0] is worth 0, and a bare 0 is a hand that still
    holds tiles); all totals together above what the tiles in those hands can hold."""
    r = find_rules(rules)
    f = Frame.of(r, len(totals), starter)
    zeros = []
    for seat, t in enumerate(totals, start=1):
        if seat == went_out:
            continue
        size = max(f.most)
        cap = max_pips(r, size)
        if t > cap:
            raise InvalidPositionError(
                _(
                    "player {seat}'s total {total} is impossible: {size} tiles of the {set} set "
                    "hold at most {cap} pips (R3, R14)"
                ).format(seat=seat, total=t, size=size, set=_(set_name(r.max_pip)), cap=cap),
                rule="R3",
            )
        led = max_pips(r, f.most[seat - 1])
        if t > led:
            raise InvalidPositionError(
                _(
                    "player {seat} started this round, so led a tile and holds at most {most}, "
                    "worth at most {led} pips; a total of {total} is impossible (R5, R14)"
                ).format(seat=seat, most=f.most[seat - 1], led=led, total=t),
                rule="R5",
            )
        if t == 0:
            zeros.append(seat)
    if len(zeros) > 1:
        raise InvalidPositionError(
            _(
                "players {first} and {second} both hold 0 pips, but only one tile, {tile}, "
                "is worth 0 (R14); write {out} for a player who went out"
            ).format(first=zeros[0], second=zeros[1], tile=iso("[0|0]"), out=out_word),
            rule="R14",
        )
    holding = [s for s in range(1, f.players + 1) if s != went_out]
    in_hands = f.cap(holding)
    together = max_pips(r, in_hands)
    if sum(totals) > together:
        msg = (
            _(
                "totals {totals} add up to {sum}, but the {n} tiles in those hands hold at most "
                "{most} pips (R3, R14; the starter led one, R5)"
            )
            if f.starter is not None and not r.draw
            else _(
                "totals {totals} add up to {sum}, but the {n} tiles in those hands hold at most "
                "{most} pips (R3, R14)"
            )
        )
        raise InvalidPositionError(
            msg.format(
                totals=pgettext("list of numbers", ", ").join(map(str, totals)),
                sum=sum(totals),
                n=in_hands,
                most=together,
            ),
            rule="R3",
        )


def check_together(
    rules: Rules, specs: Sequence[HandLike], blocked: bool, *, starter: int | None = None
) -> None:
    """Refuse hands that no deal can give together: the starter (or, when unknown,
    every seat) still holding a whole dealt hand, all dealt tiles still held in a
    blocked round, or bare totals that no distinct tiles can make beside the tiles
    written (an exact search; when it gives up, nothing is refused)."""
    n = len(specs)
    f = Frame.of(rules, n, starter)
    texts = " | ".join(h.text for h in specs)
    if starter is not None and not rules.draw:
        h = specs[starter - 1]
        if h.tiles is not None and len(h.tiles) > f.most[starter - 1]:
            raise InvalidPositionError(
                _(
                    "player {seat} started this round, so led a tile, but the hand {text} still "
                    "holds all {size} dealt tiles (R5, R7)"
                ).format(seat=starter, text=iso(repr(h.text)), size=f.dealt),
                rule="R5",
            )
    dealt = n * f.dealt
    limit = n * f.most[0] if rules.draw else dealt - (1 if blocked else 0)
    if (
        blocked
        and not rules.draw
        and all(h.tiles is not None for h in specs)
        and sum(len(h.tiles or ()) for h in specs) > limit
    ):
        raise InvalidPositionError(
            _(
                "hands {texts} still hold all {n} dealt tiles, but a blocked round has at least "
                "the lead on the line (R7, R13)"
            ).format(texts=iso(texts), n=dealt),
            rule="R7",
        )
    if hands_possible(rules, specs, limit, starter=starter) is False:
        bare = [s for s, h in enumerate(specs, start=1) if h.tiles is None]
        what = pgettext("list of totals", ", ").join(
            _("{total} for player {seat}").format(total=specs[s - 1].total, seat=s) for s in bare
        )
        args = {
            "texts": iso(texts),
            "set": _(set_name(rules.max_pip)),
            "what": what,
            "most": max(f.most),
        }
        if starter is not None and not rules.draw and hands_possible(rules, specs, limit):
            # possible but for the starter's led tile: say so
            msg = _(
                "hands {texts} are impossible together: no distinct tiles of the {set} set give "
                "the totals {what} beside the tiles written (each tile is unique, R2; a hand "
                "holds 1 to {most} tiles, R3; player {seat} started and led, so holds at most "
                "{led}, R5; R14)"
            )
            args |= {"seat": starter, "led": f.most[starter - 1]}
        else:
            msg = _(
                "hands {texts} are impossible together: no distinct tiles of the {set} set give "
                "the totals {what} beside the tiles written (each tile is unique, R2; a hand "
                "holds 1 to {most} tiles, R3; R14)"
            )
        raise InvalidPositionError(msg.format(**args))


# -- are the hands possible together? (exact where the search finishes) ----------
def pick_tiles(allowed: Sequence[Tile], k: int, total: int) -> list[Tile] | None:
    """``k`` distinct tiles of ``allowed`` holding ``total`` pips, or None (exact)."""
    if k < 0 or total < 0:
        return None
    suffix = _suffix(allowed, k)
    if not (suffix[0][k] >> total) & 1:
        return None
    chosen: list[Tile] = []
    j, t = k, total
    for i, tile in enumerate(allowed):
        if j == 0:
            break
        p = tile.pips
        if t >= p and (suffix[i + 1][j - 1] >> (t - p)) & 1:
            chosen.append(tile)
            j, t = j - 1, t - p
    return chosen


def tiles_with_total(
    allowed: Sequence[Tile], lo_k: int, hi_k: int, total: int
) -> list[Tile] | None:
    """``lo_k`` to ``hi_k`` distinct tiles of ``allowed`` holding ``total`` pips, or None."""
    for k in range(lo_k, hi_k + 1):
        got = pick_tiles(allowed, k, total)
        if got is not None:
            return got
    return None


def _combos(pool: Sequence[Tile], lo: int, hi: int, total: int) -> Iterable[tuple[Tile, ...]]:
    """Every set of ``lo`` to ``hi`` tiles of ``pool`` holding ``total`` pips, pruned by a
    table of what each suffix of the pool can still reach."""
    suffix = _suffix(pool, hi)

    def can(i: int, c: int, t: int) -> bool:
        return any((suffix[i][k] >> t) & 1 for k in range(max(lo - c, 0), hi - c + 1))

    def rec(i: int, chosen: tuple[Tile, ...], t: int) -> Iterable[tuple[Tile, ...]]:
        if t == 0 and lo <= len(chosen):
            yield chosen
        if i == len(pool) or len(chosen) == hi or not can(i, len(chosen), t):
            return
        if pool[i].pips <= t:
            yield from rec(i + 1, (*chosen, pool[i]), t - pool[i].pips)
        yield from rec(i + 1, chosen, t)

    if total >= 0 and can(0, 0, total):
        yield from rec(0, (), total)


@lru_cache(maxsize=256)
def _ways(pool: tuple[Tile, ...], size: int) -> tuple[dict[int, int], ...]:
    """``ways[k][s]``: how many sets of ``k`` tiles of ``pool`` hold ``s`` pips (kept:
    a sheet replays its rounds often, mostly with the same pool; read only)."""
    ways: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(size)]
    for p in (t.pips for t in pool):
        for k in range(size, 0, -1):
            row = ways[k]
            for total, count in ways[k - 1].items():
                row[total + p] = row.get(total + p, 0) + count
    return tuple(ways)


def hands_possible(
    rules: Rules,
    specs: Sequence[HandLike],
    limit: int,
    budget: int = 600,
    *,
    starter: int | None = None,
) -> bool | None:
    """Can distinct tiles give every bare-total hand its total, beside the tiles written?

    True (found), False (proved impossible: an exhaustive search), or None when the
    search gave up after ``budget`` steps (then nothing is refused). Each holding
    hand has 1 to the most tiles its seat can hold (:class:`Frame`; the ``starter``
    led one); all hands together at most ``limit`` tiles.
    """
    f = Frame.of(rules, len(specs), starter)
    size = max(f.most)
    used = {t for h in specs for t in (h.tiles or ())}
    # heaviest first: high totals are the most constrained, and find their tiles at once
    pool = sorted((t for t in full_set(rules.max_pip) if t not in used), key=lambda t: -t.pips)
    # the hand with the fewest ways to make its total goes first: a dead end shows at once
    ways = _ways(tuple(pool), size)
    bare = sorted(
        ((h.total, f.most[s]) for s, h in enumerate(specs) if h.tiles is None),
        key=lambda tc: (sum(w.get(tc[0], 0) for w in ways[1 : tc[1] + 1]), -tc[0]),
    )
    room = limit - len(used)
    steps = 0

    def search(j: int, free: list[Tile], room: int) -> bool | None:
        nonlocal steps
        if j == len(bare):
            return True
        need_after = len(bare) - j - 1  # every later hand needs a tile
        gave_up = False
        total, cap = bare[j]
        for combo in _combos(free, 1, min(cap, room - need_after), total):
            steps += 1
            if steps > budget:
                return None
            got = search(j + 1, [t for t in free if t not in combo], room - len(combo))
            if got:
                return True
            gave_up = gave_up or got is None
        return None if gave_up else False

    if not bare:
        return True
    # all bare hands together: distinct tiles of the pool, at most ``room`` of them
    kmax = min(room, sum(c for _, c in bare))
    union = (
        tiles_with_total(pool, len(bare), kmax, sum(t for t, _ in bare))
        if kmax >= len(bare)
        else None
    )
    if union is None:
        return False
    return search(0, pool, room)


# -- claims: what one seat can score ------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClaimTable:
    """What one seat can score in one round, for a ruleset, player count and starter.

    ``frame`` says how many tiles each seat can hold; ``domino`` is a bitset of the
    points a domino by the claimant's side can give (exact for the deal: some deal
    leaves the opponents, each holding 1 to their most tiles, that many pips; the
    order of play is not checked); ``blocked`` maps each possible own (side) total
    ``a`` of a blocked round's sole lowest side to the bitset of the points it can
    give (necessary conditions only, each side on its own: see ``claims``).
    """

    rules: Rules
    players: int
    seat: int
    side: tuple[int, ...]
    opponents: tuple[int, ...]
    frame: Frame
    domino: int
    blocked: tuple[tuple[int, int], ...]

    @property
    def blocked_bits(self) -> int:
        bits = 0
        for _tile, b in self.blocked:
            bits |= b
        return bits


@cache
def claim_table(
    rules: Rules, players: int, seat: int = 1, starter: int | None = None
) -> ClaimTable:
    """The points seat ``seat`` can claim for a round started (and led) by ``starter``
    (None: unknown, so no seat is known to hold a tile fewer)."""
    f = Frame.of(rules, players, starter)
    n = f.players
    sides = rules.teams(n)
    mine = next(s for s in sides if seat in s)
    others = [s for s in sides if s != mine]
    opp = tuple(s for s in range(1, n + 1) if s not in mine)
    sums = reach(rules.max_pip, f.in_play)
    # A domino: the opponents each hold 1 tile or more, all distinct (R13, R15);
    # the winner has played at least a dealt hand.
    domino = _between(sums, len(opp), min(f.cap(opp), f.in_play - f.dealt))

    def side_bits(side: Sequence[int]) -> int:
        return _between(sums, len(side), f.cap(side))

    others_union = _between(sums, len(opp), f.cap(opp))
    all_held = _between(sums, n, f.in_play - 1)  # at least the lead was played
    blocked: list[tuple[int, int]] = []
    for a in bit_values(side_bits(mine)):
        # every other side holds more than a (R16: the sole lowest) and what its hands can hold
        total = 1
        for other in others:
            higher = (side_bits(other) >> (a + 1)) << (a + 1)
            acc = 0
            for v in bit_values(higher):
                acc |= total << v
            total = acc
        targets = total & others_union & (all_held >> a)
        if not targets:
            continue
        points = targets >> a if rules.blocked_scoring is BlockedScoring.DIFFERENCE else targets
        blocked.append((a, points))
    return ClaimTable(rules, n, seat, mine, opp, f, domino, tuple(blocked))
