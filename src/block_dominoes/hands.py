"""Remaining hands at the end of a round, as people write them, checked and scored.

A HAND is tiles (``1-4,0-0`` or ``[1|4][0|0]``), a bare pip total (``7``), or
``-`` for the empty hand of the player who went out.

>>> print(score_hands('pagat', ['-', '0-0', '2-6']).explanation)
domino: player 1 went out; players 2 and 3 hold 0 + 8 = 8 pips, so player 1 scores 8 (R15)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InvalidPositionError, InvalidTileError, quoted
from .feasible import (
    check_together,
    check_totals,
    hands_possible,
    max_pips,
    most_tiles,
    pick_tiles,
    tiles_with_total,
)
from .inputs import MAX_DIGITS
from .rules import Rules, find_rules
from .scoring import Outcome, OutcomeKind, score_round
from .tiles import Tile, parse_tiles, pips

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


def _parse_for(seat: int, text: str, rules: Rules) -> HandSpec:
    """parse_hand, with the error naming whose hand it was."""
    try:
        return parse_hand(text, rules)
    except (InvalidTileError, InvalidPositionError) as e:
        raise type(e)(f"player {seat}'s hand: {e}") from None


def score_hands(
    rules: Rules | str, hands: Sequence[str | HandSpec], *, starter: int | None = None
) -> Outcome:
    """Check and score the remaining hands of a finished round (R13-R18).

    One ``-`` hand means a domino by that seat; none means a blocked round.
    ``starter`` is the seat that started the round and led its first tile, when
    known (a score sheet knows it; ``block-dominoes score`` does not).
    Raises InvalidTileError or InvalidPositionError naming the first problem:
    a player count the ruleset does not allow, more than one empty hand, a
    tile in two hands, a hand larger than the deal (the starter's: larger than
    the deal less the lead), an impossible total, hands impossible together
    (:mod:`block_dominoes.feasible` checks the last three).
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
    if starter is not None and not r.draw:
        h = specs[starter - 1]
        if h.tiles is not None and len(h.tiles) >= size:
            raise InvalidPositionError(
                f"player {starter} started this round, so led a tile, but the hand "
                f"{h.text!r} still holds all {size} dealt tiles (R5, R7)"
            )
    went_out = empty[0] if empty else None
    totals = [h.total for h in specs]
    check_totals(r, totals, went_out, starter=starter)
    out = score_round(r, totals, went_out)
    check_together(r, specs, out.kind is OutcomeKind.BLOCKED, starter=starter)
    return out
