"""Remaining hands at the end of a round, as people write them, checked and scored.

A HAND is tiles (``1-4,0-0`` or ``[1|4][0|0]``), a bare pip total (``7``), or
``-`` for the empty hand of the player who went out.

>>> print(score_hands('pagat', ['-', '0-0', '2-6']).explanation)
domino: player 1 went out; players 2 and 3 hold 0 + 8 = 8 pips, so player 1 scores 8 (R15)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .errors import InvalidPositionError, InvalidTileError, quoted
from .inputs import MAX_DIGITS
from .rules import Rules, find_rules
from .scoring import Outcome, OutcomeKind, score_round
from .tiles import Tile, full_set, parse_tiles, pips, set_name

__all__ = [
    "HandSpec",
    "check_totals",
    "hands_possible",
    "max_pips",
    "most_tiles",
    "parse_hand",
    "pick_tiles",
    "score_hands",
    "tiles_with_total",
]


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One remaining hand: its tiles when known, and its pip total."""

    text: str
    total: int
    tiles: tuple[Tile, ...] | None = None

    @property
    def is_empty(self) -> bool:
        return self.tiles == ()


def parse_hand(text: str, rules: Rules | str = "pagat") -> HandSpec:
    """Read one HAND. Raises InvalidTileError for unreadable text or a tile
    outside the set, InvalidPositionError for a negative total."""
    r = find_rules(rules)
    if not isinstance(text, str):
        raise InvalidTileError(f"expected a hand such as '1-4,0-0', '7' or '-', got {quoted(text)}")
    body = text.strip()
    if body == "-":
        return HandSpec(body, 0, ())
    if re.fullmatch(r"[+-]?\d+", body):
        if len(body.lstrip("+-")) > MAX_DIGITS:
            raise InvalidPositionError(
                f"hand {quoted(text)}: a pip total of {len(body):,} digits; at most {MAX_DIGITS} (R14)"
            )
        total = int(body)
        if total < 0:
            raise InvalidPositionError(f"hand {quoted(text)}: a pip total cannot be negative (R14)")
        return HandSpec(body, total, None)
    if not body:
        raise InvalidTileError(
            "empty hand text: write tiles such as '1-4,0-0', a total such as '7', "
            "or '-' for the player who went out"
        )
    tiles = tuple(parse_tiles(body, max_pip=r.max_pip))
    if not tiles:
        raise InvalidTileError(
            f"hand {quoted(text)} holds no tiles: write tiles such as '1-4,0-0', a total such "
            "as '7', or '-' for the player who went out (R2)"
        )
    return HandSpec(body, pips(tiles), tiles)


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


def check_totals(rules: Rules | str, totals: Sequence[int], went_out: int | None) -> None:
    """Refuse totals no deal can produce. Necessary conditions, each naming its rule:
    a total above what a full hand can hold; two zero totals (only [0|0] is worth 0,
    and a bare 0 is a hand that still holds tiles); all totals together above what
    the dealt tiles can hold."""
    r = find_rules(rules)
    n = r.check_players(len(totals))
    size = most_tiles(r, n)
    cap = max_pips(r, size)
    zeros = []
    for seat, t in enumerate(totals, start=1):
        if seat == went_out:
            continue
        if t > cap:
            raise InvalidPositionError(
                f"player {seat}'s total {t} is impossible: {size} tiles of the "
                f"{set_name(r.max_pip)} set hold at most {cap} pips (R3, R14)"
            )
        if t == 0:
            zeros.append(seat)
    if len(zeros) > 1:
        raise InvalidPositionError(
            f"players {zeros[0]} and {zeros[1]} both hold 0 pips, but only one tile, [0|0], "
            "is worth 0 (R14); write '-' for a player who went out"
        )
    holding = n - (1 if went_out is not None else 0)
    in_hands = min(holding * size, r.hand_size(n) * n + (r.undealt(n) if r.draw else 0))
    together = max_pips(r, in_hands)
    if sum(totals) > together:
        raise InvalidPositionError(
            f"totals {', '.join(map(str, totals))} add up to {sum(totals)}, but "
            f"the {in_hands} tiles in those hands hold at most {together} pips (R3, R14)"
        )


def _parse_for(seat: int, text: str, rules: Rules) -> HandSpec:
    """parse_hand, with the error naming whose hand it was."""
    try:
        return parse_hand(text, rules)
    except (InvalidTileError, InvalidPositionError) as e:
        raise type(e)(f"player {seat}'s hand: {e}") from None


def score_hands(rules: Rules | str, hands: Sequence[str | HandSpec]) -> Outcome:
    """Check and score the remaining hands of a finished round (R13-R18).

    One ``-`` hand means a domino by that seat; none means a blocked round.
    Raises InvalidTileError or InvalidPositionError naming the first problem:
    a player count the ruleset does not allow, more than one empty hand, a
    tile in two hands, a hand larger than the deal, an impossible total.
    """
    r = find_rules(rules)
    specs = [
        h if isinstance(h, HandSpec) else _parse_for(seat, h, r)
        for seat, h in enumerate(hands, start=1)
    ]
    n = r.check_players(len(specs))
    size = most_tiles(r, n)
    empty = [seat for seat, h in enumerate(specs, start=1) if h.is_empty]
    if len(empty) > 1:
        raise InvalidPositionError(
            f"players {' and '.join(map(str, empty[:2]))} both have empty hands, but the round "
            "ends as soon as one player goes out (R13)"
        )
    seen: dict[Tile, int] = {}
    for seat, h in enumerate(specs, start=1):
        if h.tiles is None:
            continue
        if len(h.tiles) > size:
            raise InvalidPositionError(
                f"player {seat}'s hand {h.text!r} has {len(h.tiles)} tiles; with {n} players "
                + (
                    f"a hand can hold at most {size}: {r.hand_size(n)} dealt and "
                    f"{size - r.hand_size(n)} to draw (R3, V6)"
                    if r.draw
                    else f"each is dealt {size} (R3)"
                )
            )
        for t in h.tiles:
            if t in seen:
                where = "twice" if seen[t] == seat else f"by players {seen[t]} and {seat}"
                raise InvalidPositionError(
                    f"tile {str(t)!r} is held {where}: each tile is unique (R2)"
                )
            seen[t] = seat
    went_out = empty[0] if empty else None
    totals = [h.total for h in specs]
    check_totals(r, totals, went_out)
    out = score_round(r, totals, went_out)
    _check_together(r, specs, out.kind is OutcomeKind.BLOCKED)
    return out


def _check_together(r: Rules, specs: Sequence[HandSpec], blocked: bool) -> None:
    """Refuse hands that no deal can give together: all dealt tiles still held in a
    blocked round, or bare totals that no distinct tiles can make beside the tiles
    written (an exact search; when it gives up, nothing is refused)."""
    n = len(specs)
    dealt = n * r.hand_size(n)
    limit = n * most_tiles(r, n) if r.draw else dealt - (1 if blocked else 0)
    texts = " | ".join(h.text for h in specs)
    if (
        blocked
        and not r.draw
        and all(h.tiles is not None for h in specs)
        and sum(len(h.tiles or ()) for h in specs) > limit
    ):
        raise InvalidPositionError(
            f"hands {texts} still hold all {dealt} dealt tiles, but a blocked "
            "round has at least the lead on the line (R7, R13)"
        )
    if hands_possible(r, specs, limit) is False:
        bare = [s for s, h in enumerate(specs, start=1) if h.tiles is None]
        what = ", ".join(f"{specs[s - 1].total} for player {s}" for s in bare)
        raise InvalidPositionError(
            f"hands {texts} are impossible together: no distinct tiles of the "
            f"{set_name(r.max_pip)} set give the totals {what} beside the tiles written "
            f"(each tile is unique, R2; a hand holds 1 to {most_tiles(r, n)} tiles, R3; R14)"
        )


# -- are the hands possible together? (exact where the search finishes) ----------
def pick_tiles(allowed: Sequence[Tile], k: int, total: int) -> list[Tile] | None:
    """``k`` distinct tiles of ``allowed`` holding ``total`` pips, or None (exact)."""
    if k < 0 or total < 0:
        return None
    # suffix[i][j]: bitset of sums of j tiles among allowed[i:]
    suffix = [[0] * (k + 1) for _ in range(len(allowed) + 1)]
    suffix[len(allowed)][0] = 1
    for i in range(len(allowed) - 1, -1, -1):
        p = allowed[i].pips
        nxt = suffix[i + 1]
        cur = suffix[i]
        cur[0] = 1
        for j in range(1, k + 1):
            cur[j] = nxt[j] | (nxt[j - 1] << p)
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
    suffix = [[0] * (hi + 1) for _ in range(len(pool) + 1)]
    suffix[len(pool)][0] = 1
    for i in range(len(pool) - 1, -1, -1):
        p = pool[i].pips
        for k in range(hi + 1):
            suffix[i][k] = suffix[i + 1][k] | (suffix[i + 1][k - 1] << p if k else 0)

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


def _ways(pool: Sequence[Tile], size: int) -> list[dict[int, int]]:
    """``ways[k][s]``: how many sets of ``k`` tiles of ``pool`` hold ``s`` pips."""
    ways: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(size)]
    for t in pool:
        for k in range(size, 0, -1):
            for total, count in ways[k - 1].items():
                ways[k][total + t.pips] = ways[k].get(total + t.pips, 0) + count
    return ways


def hands_possible(
    rules: Rules, specs: Sequence[HandSpec], limit: int, budget: int = 600
) -> bool | None:
    """Can distinct tiles give every bare-total hand its total, beside the tiles written?

    True (found), False (proved impossible: an exhaustive search), or None when the
    search gave up after ``budget`` steps (then nothing is refused). Each holding
    hand has 1 to a dealt hand of tiles; all hands together at most ``limit`` tiles.
    """
    size = most_tiles(rules, len(specs))
    used = {t for h in specs for t in (h.tiles or ())}
    # heaviest first: high totals are the most constrained, and find their tiles at once
    pool = sorted((t for t in full_set(rules.max_pip) if t not in used), key=lambda t: -t.pips)
    # the hand with the fewest ways to make its total goes first: a dead end shows at once
    ways = _ways(pool, size)
    bare = sorted(
        (h.total for h in specs if h.tiles is None),
        key=lambda t: (sum(w.get(t, 0) for w in ways[1:]), -t),
    )
    room = limit - len(used)
    steps = 0

    def search(j: int, free: list[Tile], room: int) -> bool | None:
        nonlocal steps
        if j == len(bare):
            return True
        need_after = len(bare) - j - 1  # every later hand needs a tile
        gave_up = False
        for combo in _combos(free, 1, min(size, room - need_after), bare[j]):
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
    kmax = min(room, len(bare) * size)
    union = tiles_with_total(pool, len(bare), kmax, sum(bare)) if kmax >= len(bare) else None
    if union is None:
        return False
    return search(0, pool, room)
