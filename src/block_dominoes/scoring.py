"""The end of a round as a value: :class:`Outcome` and its explanation (R13-R18).

>>> print(score_totals('pagat', [3, 7, 8]).explanation)
blocked: totals 3, 7, 8; player 1 has the sole lowest total and scores 7 + 8 - 3 = 12 (R16)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from block_dominoes.errors import InvalidPositionError
from block_dominoes.feasible import check_together, check_totals
from block_dominoes.i18n import N_, _, iso_sum, ngettext, pgettext
from block_dominoes.inputs import sequence, shown, whole_number
from block_dominoes.rules import BlockedScoring, Rules, find_rules
from block_dominoes.tiles import Tile

__all__ = ["Outcome", "OutcomeKind", "score_played", "score_totals", "winner_and_points"]


class OutcomeKind(enum.Enum):
    """How a round ended (R13)."""

    DOMINO = "domino"
    """A player played their last tile and went out (R15)."""
    BLOCKED = "blocked"
    """Nobody could play; hand totals are compared (R16, R17)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one round: who scores how much, and why.

    ``winner`` is the seat that went out, or the seat with the sole lowest
    total in a block (the first seat of the winning pair in partnerships),
    or None after a tied block. ``side`` lists the seats that score.
    """

    kind: OutcomeKind
    winner: int | None
    points: int
    totals: tuple[int, ...]
    explanation: str
    side: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "outcome": self.kind.value,
            "winner": self.winner,
            "points": self.points,
            "totals": list(self.totals),
            "explanation": self.explanation,
        }

    def __str__(self) -> str:
        return self.explanation


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return _("player {seat}").format(seat=seats[0])
    if len(seats) == 2:
        return _("players {first} and {last}").format(first=seats[0], last=seats[1])
    sep = pgettext("list of seats", ", ")
    return _("players {rest} and {last}").format(
        rest=sep.join(str(s) for s in seats[:-1]), last=seats[-1]
    )


def _pair(side: Sequence[int]) -> str:
    return _("pair {seats}").format(seats="+".join(map(str, side)))


def _rules(*ids: str) -> str:
    """Rule ids in parentheses' inner text: ``R15, V3`` (``R15، V3`` in Arabic)."""
    return pgettext("list of rule ids", ", ").join(ids)


def _sum(values: Sequence[int]) -> str:
    return " + ".join(str(v) for v in values) if values else "0"


def _pips(n: int) -> str:
    return ngettext("{n} pip", "{n} pips", n).format(n=n)


def winner_and_points(
    rules: Rules, totals: Sequence[int], went_out: int | None
) -> tuple[int | None, int]:
    """The numbers alone: (winning seat or None, points), for simulations.

    Assumes valid totals (see :func:`score_totals` for the checked version with
    its explanation). The winning seat of a pair is its first seat.
    """
    sides = _sides(rules, len(totals))
    if went_out is not None:
        mine = next(side for side in sides if went_out in side)
        return went_out, sum(totals) - sum(totals[s - 1] for s in mine)
    side_totals = [sum(totals[s - 1] for s in side) for side in sides]
    low = min(side_totals)
    if side_totals.count(low) > 1:
        return None, 0
    win = side_totals.index(low)
    rest = sum(side_totals) - low
    if rules.blocked_scoring is BlockedScoring.ALL_PIPS:
        return sides[win][0], rest
    return sides[win][0], rest - low


@cache
def _sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    return rules.teams(players)


def score_totals(rules: Rules | str, totals: Sequence[int], went_out: int | None = None) -> Outcome:
    """Score a finished round from each seat's remaining pip total.

    ``went_out`` is the seat that played its last tile (a domino, R15), or
    None for a blocked round (R16, R17). Raises InvalidPositionError for a
    negative total, a bad seat, or a player count the ruleset does not allow.
    """
    r = find_rules(rules)
    n = r.check_players(len(sequence(totals, N_("totals"))))
    totals = tuple(totals)
    for seat, t in enumerate(totals, start=1):
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise InvalidPositionError(
                _(
                    "total {total} for player {seat} is not a pip count: totals are whole "
                    "numbers from 0 (R14)"
                ).format(total=shown(t), seat=seat),
                rule="R14",
            )
    if went_out is not None:
        whole_number(went_out, N_("went_out"), low=1, high=n, rule="R13")
    # the same refusals as `block-dominoes score`: a total no hand can hold (R3, R14)
    check_totals(r, totals, went_out, out_word="went_out=")
    out = score_played(r, totals, went_out)
    bare = [
        _Total("-" if s == went_out else str(t), t, () if s == went_out else None)
        for s, t in enumerate(totals, start=1)
    ]
    check_together(r, bare, out.kind is OutcomeKind.BLOCKED)  # the exact search, as `score`
    return out


@dataclass(frozen=True, slots=True)
class _Total:
    """A hand known only by its pip total (a :class:`~block_dominoes.feasible.HandLike`)."""

    text: str
    total: int
    tiles: tuple[Tile, ...] | None


def score_played(rules: Rules, totals: tuple[int, ...], went_out: int | None) -> Outcome:
    """:func:`score_totals` without its checks, for the totals a played round left
    (possible by construction: the round and the fast loop call it)."""
    r = rules
    n = len(totals)
    sides = r.teams(n)
    side_of = {s: side for side in sides for s in side}
    if went_out is not None:
        if totals[went_out - 1] != 0:
            raise InvalidPositionError(
                _("player {seat} went out but holds {pips} (R13)").format(
                    seat=went_out, pips=_pips(totals[went_out - 1])
                ),
                rule="R13",
            )
        mine = side_of[went_out]
        opp = [s for s in range(1, n + 1) if s not in mine]
        values = [totals[s - 1] for s in opp]
        pts = sum(values)
        who = _("player {seat}").format(seat=went_out)
        scorer = who if len(mine) == 1 else _pair(mine)
        cited = _rules("R15", "V3") if len(mine) > 1 else _rules("R15")
        if len(values) == 1:
            text = _(
                "domino: {who} went out; {opponent} holds {pips}, so {scorer} scores {points} "
                "({rules})"
            ).format(
                who=who,
                opponent=_seats(opp),
                pips=_pips(pts),
                scorer=scorer,
                points=pts,
                rules=cited,
            )
        else:
            # the whole sum, "4 + 3 = 7", is one isolate (TRANSLATORS.md: an arithmetic
            # line reads left to right in a right-to-left sentence), its noun outside it
            text = ngettext(
                "domino: {who} went out; {opponents} hold {formula} pip, so {scorer} scores "
                "{points} ({rules})",
                "domino: {who} went out; {opponents} hold {formula} pips, so {scorer} scores "
                "{points} ({rules})",
                pts,
            ).format(
                who=who,
                opponents=_seats(opp),
                formula=iso_sum(f"{_sum(values)} = {pts}"),
                scorer=scorer,
                points=pts,
                rules=cited,
            )
        return Outcome(OutcomeKind.DOMINO, went_out, pts, totals, text, mine)

    side_totals = [sum(totals[s - 1] for s in side) for side in sides]
    low = min(side_totals)
    lowest = [i for i, t in enumerate(side_totals) if t == low]
    head = _("blocked: totals {totals}").format(
        totals=pgettext("list of numbers", ", ").join(str(t) for t in totals)
    )
    pair = len(sides[0]) > 1
    if pair:
        head += pgettext("between clauses", "; ") + pgettext("list of pairs", ", ").join(
            _("{pair} holds {sum} = {total}").format(
                pair=_pair(side),
                sum=iso_sum(_sum([totals[s - 1] for s in side])),
                total=side_totals[i],
            )
            for i, side in enumerate(sides)
        )
    if len(lowest) > 1:
        names = (
            _("{first} and {last}").format(
                first=_pair(sides[lowest[0]]), last=_pair(sides[lowest[1]])
            )
            if pair and len(lowest) == 2
            else _seats([sides[i][0] for i in lowest])
        )
        return Outcome(
            OutcomeKind.BLOCKED,
            None,
            0,
            totals,
            _(
                "{head}; {names} tie for the lowest total ({low}), so nobody scores ({rules})"
            ).format(
                head=head,
                names=names,
                low=low,
                rules=_rules("R17", "V3") if pair else _rules("R17"),
            ),
        )
    win = lowest[0]
    others = [t for i, t in enumerate(side_totals) if i != win]
    name = _pair(sides[win]) if pair else _("player {seat}").format(seat=sides[win][0])
    if r.blocked_scoring is BlockedScoring.ALL_PIPS:
        pts = sum(others)
        sums = f"{_sum(others)} = {pts}" if len(others) > 1 else f"{pts}"
        sentence = ngettext("scores {formula} ({rules})", "scores {formula} ({rules})", pts).format(
            formula=iso_sum(sums), rules=_rules("V3" if pair else "V4")
        )
    else:
        pts = sum(others) - low
        minus = pgettext("minus sign in a sum", "-")
        sentence = ngettext("scores {formula} ({rules})", "scores {formula} ({rules})", pts).format(
            formula=iso_sum(f"{_sum(others)} {minus} {low} = {pts}"),
            rules=_rules("R16", "V3") if pair else _rules("R16"),
        )
    return Outcome(
        OutcomeKind.BLOCKED,
        sides[win][0],
        pts,
        totals,
        _("{head}; {name} has the sole lowest total and {sentence}").format(
            head=head, name=name, sentence=sentence
        ),
        sides[win],
    )
