"""Remaining hands at the end of a round, as people write them, checked and scored.

A HAND is tiles (``1-4,0-0`` or ``[1|4][0|0]``), a bare pip total (``7``), or
``-`` for the empty hand of the player who went out.

>>> print(score_hands('pagat', ['-', '0-0', '2-6']).explanation)
domino: player 1 went out; players 2 and 3 hold 0 + 8 = 8 pips, so player 1 scores 8 (R15)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .errors import InvalidPositionError, InvalidTileError
from .rules import Rules, find_rules
from .scoring import Outcome, score_round
from .tiles import Tile, full_set, parse_tiles, pips, set_name

__all__ = ["HandSpec", "check_totals", "max_pips", "most_tiles", "parse_hand", "score_hands"]


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
        raise InvalidTileError(f"expected a hand such as '1-4,0-0', '7' or '-', got {text!r}")
    body = text.strip()
    if body == "-":
        return HandSpec(body, 0, ())
    if body.lstrip("-+").isdigit():
        total = int(body)
        if total < 0:
            raise InvalidPositionError(f"hand {text!r}: a pip total cannot be negative (R14)")
        return HandSpec(body, total, None)
    if not body:
        raise InvalidTileError(
            "empty hand text: write tiles such as '1-4,0-0', a total such as '7', "
            "or '-' for the player who went out"
        )
    tiles = tuple(parse_tiles(body, max_pip=r.max_pip))
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
            f"totals {', '.join(map(str, totals))} add up to {sum(totals)}, but the "
            f"the {in_hands} tiles in those hands hold at most {together} pips (R3, R14)"
        )


def score_hands(rules: Rules | str, hands: Sequence[str | HandSpec]) -> Outcome:
    """Check and score the remaining hands of a finished round (R13-R18).

    One ``-`` hand means a domino by that seat; none means a blocked round.
    Raises InvalidTileError or InvalidPositionError naming the first problem:
    a player count the ruleset does not allow, more than one empty hand, a
    tile in two hands, a hand larger than the deal, an impossible total.
    """
    r = find_rules(rules)
    specs = [h if isinstance(h, HandSpec) else parse_hand(h, r) for h in hands]
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
    return score_round(r, totals, went_out)
