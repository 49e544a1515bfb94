"""A perfect-information solver for two-player Block rounds.

Both hands are known and the first seat leads any tile. The value of a deal is
seat 1's points minus seat 2's points for the round when both play perfectly;
``best`` lists the leads that achieve it. With two players and pagat scoring a
finished round is worth ``opponent's pips - own pips`` to the winner (R15,
R16: the loser's pips when they go out, the difference when blocked, 0 on a
tie), so the search is a plain negamax on that number.

Positions are bitmasks (bit ``i`` is tile ``i`` of :func:`full_set`), values
are memoised by (hand to move, other hand, open ends). Three or four hands
need a multi-player search that is not designed yet and raise
:class:`InvalidPositionError`.

>>> s = solve(['6-6', '0-1'], ['1-6', '0-0'])
>>> s.value, [str(t) for t in s.best]
(0, ['[6|6]'])

Leading [0|1] would lose 12: seat 2 plays [0|0], seat 1 cannot follow and
passes, and seat 2 goes out with [1|6], scoring seat 1's [6|6].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .errors import InvalidPositionError
from .round import check_hands
from .rules import Rules, find_rules
from .scoring import score_totals
from .tiles import Tile, full_set, parse_tiles, tile_index

__all__ = ["Search2", "Solution", "solve"]

Tables = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved value of a deal (seat 1 minus seat 2) and the best leads."""

    value: int
    best: tuple[Tile, ...]
    positions: int

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "best": [str(t) for t in self.best]}


@cache
def tables(max_pip: int) -> Tables:
    """Per value: the mask of tiles holding it; per tile: low, high, pips."""
    tiles = full_set(max_pip)
    masks = tuple(sum(1 << i for i, t in enumerate(tiles) if t.has(v)) for v in range(max_pip + 1))
    return (
        masks,
        tuple(t.low for t in tiles),
        tuple(t.high for t in tiles),
        tuple(t.pips for t in tiles),
    )


def _mask(tiles: Iterable[Tile], max_pip: int) -> int:
    m = 0
    for t in tiles:
        m |= 1 << tile_index(t, max_pip)
    return m


class Search2:
    """Negamax over two known hands; ``value`` is from the mover's point of view.

    ``rules`` supplies the scoring of a finished two-player round (pagat by
    default); the memo is kept between calls, so positions shared by several
    questions are solved once.
    """

    def __init__(self, rules: Rules | str = "pagat") -> None:
        r = find_rules(rules)
        if r.draw:
            raise InvalidPositionError(
                f"the solver does not model drawing from a boneyard (V6); ruleset {r.name!r}"
            )
        r.check_players(2)
        self.rules = r
        self.max_pip = r.max_pip
        self.memo: dict[int, int] = {}
        self.value, self.end_value = self._build()

    def _build(
        self,
    ) -> tuple[Callable[[int, int, int, int, int, int], int], Callable[[int, int, bool], int]]:
        vm, lo, hi, pv = tables(self.max_pip)
        memo = self.memo
        shift = len(lo)
        rules = self.rules
        ends: dict[tuple[int, int, bool], int] = {}

        def score(me: int, opp: int, out: bool) -> int:
            # Points for the mover minus points for the other seat.
            key = (me, opp, out)
            v = ends.get(key)
            if v is None:
                winner, pts = score_totals(rules, [me, opp], 1 if out else None)
                v = pts if winner == 1 else -pts if winner == 2 else 0
                ends[key] = v
            return v

        def value(me: int, opp: int, pme: int, popp: int, left: int, right: int) -> int:
            a, b = (left, right) if left <= right else (right, left)
            key = (((me << shift | opp) << 4 | a) << 4) | b
            v = memo.get(key)
            if v is not None:
                return v
            open_mask = vm[a] | vm[b]
            m = me & open_mask
            if not m:
                v = -value(opp, me, popp, pme, a, b) if opp & open_mask else score(pme, popp, False)
                memo[key] = v
                return v
            best = -(1 << 30)
            while m:
                bit = m & -m
                m ^= bit
                t = bit.bit_length() - 1
                rest = me ^ bit
                p = pme - pv[t]
                if not rest:
                    v = score(0, popp, True)
                    if v > best:
                        best = v
                    continue
                lo_t, hi_t = lo[t], hi[t]
                if lo_t == a or hi_t == a:
                    v = -value(opp, rest, popp, p, lo_t + hi_t - a, b)
                    if v > best:
                        best = v
                if b != a and (lo_t == b or hi_t == b):
                    v = -value(opp, rest, popp, p, a, lo_t + hi_t - b)
                    if v > best:
                        best = v
            memo[key] = best
            return best

        return value, score

    def after_lead(self, me: int, opp: int, t: int) -> int:
        """The mover's value after leading tile index ``t`` from hand mask ``me``."""
        _, lo, hi, pv = tables(self.max_pip)
        rest = me & ~(1 << t)
        pme = mask_pips(rest, pv)
        popp = mask_pips(opp, pv)
        if not rest:
            return self.end_value(0, popp, True)
        return -self.value(opp, rest, popp, pme, lo[t], hi[t])


def mask_pips(mask: int, pv: Sequence[int]) -> int:
    """The pips of the tiles in a bitmask hand (``pv``: pips by tile index)."""
    s = 0
    while mask:
        b = mask & -mask
        s += pv[b.bit_length() - 1]
        mask ^= b
    return s


def solve(
    *hands: Iterable[Tile | str] | str,
    rules: Rules | str = "pagat",
) -> Solution:
    """Solve a two-player deal: seat 1 leads, both hands known, perfect play.

    Each hand is tile text (``'1-4,0-0'``) or tiles. Raises InvalidTileError for
    unreadable tiles, InvalidPositionError for a tile held twice, a hand larger
    than the deal, an empty hand, or three or four hands (no multi-player
    search yet).
    """
    r = find_rules(rules)
    if len(hands) in (3, 4):
        raise InvalidPositionError(
            f"the solver handles 2 hands, got {len(hands)}: a search for 3 or 4 players "
            "is not designed yet (each would play for their own score, R1)"
        )
    if len(hands) != 2:
        raise InvalidPositionError(f"the solver needs 2 hands, got {len(hands)} (R1)")
    parsed = [
        parse_tiles(h, max_pip=r.max_pip)
        if isinstance(h, str)
        else [Tile.parse(t, max_pip=r.max_pip) if isinstance(t, str) else t for t in h]
        for h in hands
    ]
    checked = check_hands(r, parsed)
    for seat, h in enumerate(checked, start=1):
        if not h:
            raise InvalidPositionError(
                f"player {seat}'s hand is empty: a round starts with tiles in every hand (R3)"
            )
    search = Search2(r)
    me = _mask(checked[0], r.max_pip)
    opp = _mask(checked[1], r.max_pip)
    values = {t: search.after_lead(me, opp, tile_index(t, r.max_pip)) for t in checked[0]}
    best = max(values.values())
    return Solution(best, tuple(t for t in sorted(values) if values[t] == best), len(search.memo))
