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

from block_dominoes.deal import check_unique
from block_dominoes.errors import InvalidPositionError, InvalidTileError, quoted
from block_dominoes.feasible import (
    check_together,
    check_totals,
    most_tiles,
)
from block_dominoes.i18n import N_, _, iso, number
from block_dominoes.inputs import MAX_DIGITS, sequence, strip_bom, whole_number
from block_dominoes.rules import Rules, find_rules
from block_dominoes.scoring import Outcome, OutcomeKind, score_totals
from block_dominoes.tiles import Tile, parse_tiles, pips

__all__ = [
    "HandSpec",
    "parse_hand",
    "score_hands",
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
    outside the set, InvalidPositionError for a total with a sign (``+3``, ``-0``:
    a total is digits alone, as every number a person types) or too many digits."""
    r = find_rules(rules)
    if not isinstance(text, str):
        raise InvalidTileError(
            _("expected a hand such as {tiles}, {total} or {out}, got {text}").format(
                tiles=iso("'1-4,0-0'"), total="'7'", out="'-'", text=iso(quoted(text))
            )
        )
    body = strip_bom(text).strip()
    if body == "-":
        return HandSpec(body, 0, ())
    if re.fullmatch(r"[+-]\d+", body):
        raise InvalidPositionError(
            _(
                "hand {text}: a pip total is written with digits alone, without a sign "
                "(a total is a whole number from 0, R14)"
            ).format(text=iso(quoted(text))),
            rule="R14",
        )
    if re.fullmatch(r"\d+", body):
        if len(body) > MAX_DIGITS:
            raise InvalidPositionError(
                _("hand {text}: a pip total of {digits} digits; at most {most} (R14)").format(
                    text=iso(quoted(text)), digits=number(len(body), group=True), most=MAX_DIGITS
                ),
                rule="R14",
            )
        return HandSpec(body, int(body), None)
    if not body:
        raise InvalidTileError(
            _(
                "empty hand text: write tiles such as {tiles}, a total such as {total}, "
                "or {out} for the player who went out"
            ).format(tiles=iso("'1-4,0-0'"), total="'7'", out="'-'")
        )
    tiles = tuple(parse_tiles(body, max_pip=r.max_pip))
    if not tiles:
        raise InvalidTileError(
            _(
                "hand {text} holds no tiles: write tiles such as {tiles}, a total such as "
                "{total}, or {out} for the player who went out (R2)"
            ).format(text=iso(quoted(text)), tiles=iso("'1-4,0-0'"), total="'7'", out="'-'"),
            rule="R2",
        )
    return HandSpec(body, pips(tiles), tiles)


def _parse_for(seat: int, text: str, rules: Rules) -> HandSpec:
    """parse_hand, with the error naming whose hand it was."""
    try:
        return parse_hand(text, rules)
    except (InvalidTileError, InvalidPositionError) as e:
        raise e.restated(_("player {seat}'s hand: {error}").format(seat=seat, error=e)) from None


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
        for seat, h in enumerate(sequence(hands, N_("hands")), start=1)
    ]
    n = r.check_players(len(specs))
    if starter is not None:
        whole_number(starter, N_("starter"), low=1, high=n, rule="R5")
    size = most_tiles(r, n)
    empty = [seat for seat, h in enumerate(specs, start=1) if h.is_empty]
    if len(empty) > 1:
        raise InvalidPositionError(
            _(
                "players {first} and {second} both have empty hands, but the round ends as soon "
                "as one player goes out (R13)"
            ).format(first=empty[0], second=empty[1]),
            rule="R13",
        )
    for seat, h in enumerate(specs, start=1):
        if h.tiles is None:
            continue
        if len(h.tiles) > size:
            raise InvalidPositionError(
                (
                    _(
                        "player {seat}'s hand {text} has {count} tiles; with {n} players a hand "
                        "can hold at most {size}: {dealt} dealt and {drawn} to draw (R3, V6)"
                    )
                    if r.draw
                    else _(
                        "player {seat}'s hand {text} has {count} tiles; with {n} players each is "
                        "dealt {size} (R3)"
                    )
                ).format(
                    seat=seat,
                    text=iso(quoted(h.text)),
                    count=len(h.tiles),
                    n=n,
                    size=size,
                    dealt=r.hand_size(n),
                    drawn=size - r.hand_size(n),
                ),
                rule="R3",
            )
    check_unique([h.tiles for h in specs])
    if starter is not None and not r.draw:
        h = specs[starter - 1]
        if h.tiles is not None and len(h.tiles) >= size:
            raise InvalidPositionError(
                _(
                    "player {seat} started this round, so led a tile, but the hand {text} still "
                    "holds all {size} dealt tiles (R5, R7)"
                ).format(seat=starter, text=iso(repr(h.text)), size=size),
                rule="R5",
            )
    went_out = empty[0] if empty else None
    totals = [h.total for h in specs]
    check_totals(r, totals, went_out, starter=starter)
    out = score_totals(r, totals, went_out)
    check_together(r, specs, out.kind is OutcomeKind.BLOCKED, starter=starter)
    return out
