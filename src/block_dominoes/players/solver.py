"""A perfect-information solver for two-player Block rounds.

Both hands are known and the first seat leads any tile. The value of a deal is
seat 1's points minus seat 2's points for the round when both play perfectly;
``best`` lists the leads that achieve it. With two players and pagat scoring a
finished round is worth ``opponent's pips - own pips`` to the winner (R15,
R16: the loser's pips when they go out, the difference when blocked, 0 on a
tie), so the search is a plain negamax on that number.

Positions are the bitmasks of :mod:`block_dominoes.players.kernel`, values are
memoised by (hand to move, other hand, open ends). For speed both searches list
the moves, the new ends, a pass and a block inline, on the kernel's tables (the
order of the two ends does not change a value, so the side a new end goes on is
not tracked); ``tests/players/test_solver.py`` and ``tests/players/test_kernel.py`` check them
against a minimax on ``RoundState``. :meth:`Search2.value` is
the plain negamax :func:`solve` counts positions with; :meth:`Search2.exact`
finds the same values with alpha-beta pruning, for the expert player, which
asks for thousands of them per move. Three or four hands
need a multi-player search that is not designed yet and raise
:class:`InvalidPositionError`.

>>> s = solve(['6-6', '0-1'], ['1-6', '0-0'])
>>> s.value, [str(t) for t in s.best]
(0, ['[6|6]'])

Leading [0|1] would lose 12: seat 2 plays [0|0], seat 1 cannot follow and
passes, and seat 2 goes out with [1|6], scoring seat 1's [6|6].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from block_dominoes.deal import check_hands, parse_hands
from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import _
from block_dominoes.players import kernel
from block_dominoes.rules import Rules, find_rules
from block_dominoes.tiles import Tile, tile_index

__all__ = ["Search2", "Solution", "solve"]

INF = 1 << 30


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved value of a deal (seat 1 minus seat 2) and the best leads."""

    value: int
    best: tuple[Tile, ...]
    positions: int

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "best": [str(t) for t in self.best]}


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
                _("the solver does not model drawing from a boneyard (V6); ruleset {name}").format(
                    name=repr(r.name)
                ),
                rule="V6",
            )
        r.check_players(2)
        self.rules = r
        self.max_pip = r.max_pip
        self.memo: dict[int, int] = {}
        self.bounds: dict[int, tuple[int, int]] = {}
        self.tables = kernel.tables(r.max_pip)
        score = kernel.scorer(r, 2)
        ends: dict[int, int] = {}

        def end_value(me: int, opp: int, out: bool) -> int:
            """Points for the mover minus points for the other seat, at the end
            (``me`` and ``opp`` are the pips left)."""
            key = (me << 12 | opp) << 1 | out
            v = ends.get(key)
            if v is None:
                winner, pts = score((me, opp), 1 if out else 0)
                v = pts if winner == 1 else -pts if winner == 2 else 0
                ends[key] = v
            return v

        self.end_value = end_value
        self.value = self._negamax()
        self.bounded = self._alphabeta()

    def _negamax(self) -> Callable[[int, int, int, int, int, int], int]:
        t = self.tables
        vm, lo, hi, pv = t.masks, t.lo, t.hi, t.pips
        memo = self.memo
        shift = len(lo)
        score = self.end_value

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
            best = -INF
            while m:
                bit = m & -m
                m ^= bit
                i = bit.bit_length() - 1
                rest = me ^ bit
                p = pme - pv[i]
                if not rest:
                    v = score(0, popp, True)
                    if v > best:
                        best = v
                    continue
                # The two ends as values only (their order does not change the value).
                lo_t, hi_t = lo[i], hi[i]
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

        return value

    def _alphabeta(self) -> Callable[[int, int, int, int, int, int, int, int], int]:
        t = self.tables
        vm, heavy = t.masks, t.heavy
        table = self.bounds
        shift = len(t.lo)
        score = self.end_value

        def bounded(
            me: int, opp: int, pme: int, popp: int, a: int, b: int, alpha: int, beta: int
        ) -> int:
            """Fail-soft alpha-beta: the exact value if it lies in (alpha, beta),
            else a bound on the far side of the window."""
            # The mover can win at most the other's pips and lose at most its own.
            if popp <= alpha:
                return popp
            if -pme >= beta:
                return -pme
            if a > b:
                a, b = b, a
            key = (((me << shift | opp) << 4 | a) << 4) | b
            got = table.get(key)
            if got is not None:
                low, high = got
                if low == high or low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                low, high = -INF, INF
            on_a = heavy[a][me & vm[a]]
            on_b = heavy[b][me & vm[b]] if b != a else ()
            if not on_a and not on_b:
                if opp & (vm[a] | vm[b]):
                    v = -bounded(opp, me, popp, pme, a, b, -beta, -alpha)
                else:
                    v = score(pme, popp, False)
                    table[key] = (v, v)
                    return v
            else:
                v = -INF
                lower = alpha
                # Heaviest tiles first: shedding pips is usually best, so the window
                # closes early.
                for bit, other, pips in on_a:
                    rest = me ^ bit
                    if rest:
                        x = -bounded(opp, rest, popp, pme - pips, other, b, -beta, -lower)
                    else:
                        x = score(0, popp, True)
                    if x > v:
                        v = x
                        if v > lower:
                            lower = v
                            if v >= beta:
                                break
                if v < beta:
                    for bit, other, pips in on_b:
                        rest = me ^ bit
                        if rest:
                            x = -bounded(opp, rest, popp, pme - pips, a, other, -beta, -lower)
                        else:
                            x = score(0, popp, True)
                        if x > v:
                            v = x
                            if v > lower:
                                lower = v
                                if v >= beta:
                                    break
            if v <= alpha:
                high = v
            elif v >= beta:
                low = v
            else:
                low = high = v
            table[key] = (low, high)
            return v

        return bounded

    def exact(self, me: int, opp: int, a: int, b: int) -> int:
        """The mover's exact value with ``me`` to move against ``opp``, open ends
        ``a`` and ``b`` (the same number :meth:`value` gives, found with pruning)."""
        t = self.tables
        return self.bounded(me, opp, kernel.pip_sum(t, me), kernel.pip_sum(t, opp), a, b, -INF, INF)

    def after_lead(self, me: int, opp: int, t: int) -> int:
        """The mover's value after leading tile index ``t`` from hand mask ``me``."""
        tb = self.tables
        rest = me & ~(1 << t)
        popp = kernel.pip_sum(tb, opp)
        if not rest:
            return self.end_value(0, popp, True)
        return -self.value(opp, rest, popp, kernel.pip_sum(tb, rest), tb.lo[t], tb.hi[t])


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
            _(
                "the solver handles 2 hands, got {n}: a search for 3 or 4 players "
                "is not designed yet (each would play for their own score, R1)"
            ).format(n=len(hands)),
            rule="R1",
        )
    if len(hands) != 2:
        raise InvalidPositionError(
            _("the solver needs 2 hands, got {n} (R1)").format(n=len(hands)), rule="R1"
        )
    checked = check_hands(r, parse_hands(r, hands))
    for seat, h in enumerate(checked, start=1):
        if not h:
            raise InvalidPositionError(
                _(
                    "player {seat}'s hand is empty: a round starts with tiles in every hand (R3)"
                ).format(seat=seat),
                rule="R3",
            )
    search = Search2(r)
    me = kernel.mask_of(checked[0], r.max_pip)
    opp = kernel.mask_of(checked[1], r.max_pip)
    values = {t: search.after_lead(me, opp, tile_index(t, r.max_pip)) for t in checked[0]}
    best = max(values.values())
    return Solution(best, tuple(t for t in sorted(values) if values[t] == best), len(search.memo))
