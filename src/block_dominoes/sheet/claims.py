"""A round written as a claim, "seat 3 scored 12": checked, and explained in words.

The arithmetic is :func:`block_dominoes.feasible.claim_table`, the same model that
checks remaining hands. A domino claim is exact as far as the deal goes: it is
accepted exactly when some deal leaves the opponents (each holding 1 to their
most tiles, the starter one fewer: it led) that many pips; the order of play is
not checked. A blocked claim uses necessary conditions only, so a refusal is
always right and an acceptance means "no check here rules it out": the winner's
total is one a hand of its size can hold; every other side's total is above it
and one its hands can hold (each side on its own); the others' tiles together and
all held tiles together are distinct tiles of the set, with at least the lead on
the line (R13). Whether the tiles could really have blocked the line is not
checked: as the Baloot keeper says, the cards cannot be proven from the numbers.

>>> check_claim('pagat', 2, 2, 69, starter=1)
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: claim refused: player 2 cannot score 69 with 2 players under 'pagat': a domino scores 0 to 61 (player 1 started and led, so still holds 1 to 6 tiles, R5, R13, R15) and a block 1 to 61 (R16)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from block_dominoes.errors import InvalidPositionError
from block_dominoes.feasible import ClaimTable, bit_values, claim_table, tiles_with_total
from block_dominoes.i18n import _, ngettext, pgettext
from block_dominoes.names import player_label
from block_dominoes.rules import BlockedScoring, Rules, find_rules
from block_dominoes.scoring import OutcomeKind
from block_dominoes.tiles import full_set

__all__ = [
    "Interpretation",
    "check_claim",
]


def _ranges(values: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``'1 to 3, 5'``."""
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(
            str(values[i]) if i == j else _("{low} to {high}").format(low=values[i], high=values[j])
        )
        i = j + 1
    return pgettext("list of numbers", ", ").join(parts) if parts else _("nothing")


def _seats_text(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return _("player {seat}").format(seat=seats[0])
    # after "held" (Arabic: after the preposition لدى), so its own context: Arabic
    # writes the genitive there (اللاعبين), where names_words' subject is nominative
    return pgettext("players, after a preposition", "players {seats} and {last}").format(
        seats=pgettext("list of seats", ", ").join(map(str, seats[:-1])), last=seats[-1]
    )


@dataclass(frozen=True, slots=True)
class Interpretation:
    """One way an accepted claim could have happened, with an example of totals."""

    kind: OutcomeKind
    text: str
    example: tuple[int, ...] | None
    went_out: int | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "outcome": self.kind.value,
            "text": self.text,
            "example_totals": None if self.example is None else list(self.example),
            "went_out": self.went_out,
        }


def _domino_example(table: ClaimTable, seat: int, points: int) -> tuple[int, ...] | None:
    r, n, f = table.rules, table.players, table.frame
    sides = r.teams(n)
    mine = next(s for s in sides if seat in s)
    opp = [s for s in range(1, n + 1) if s not in mine]
    most = min(f.cap(opp), f.in_play - f.dealt)
    tiles = tiles_with_total(full_set(r.max_pip), len(opp), most, points)
    if tiles is None:
        return None
    totals = [0] * n
    # deal the chosen tiles: one each first, then fill up to a full hand
    counts = {s: 1 for s in opp}
    extra = len(tiles) - len(opp)
    for s in opp:
        add = min(extra, f.most[s - 1] - 1)
        counts[s] += add
        extra -= add
    it = iter(tiles)
    for s in opp:
        totals[s - 1] = sum(next(it).pips for _ in range(counts[s]))
    rest = [t for t in full_set(r.max_pip) if t not in tiles]
    for s in mine:
        if s != seat:
            totals[s - 1] = min(t.pips for t in rest)  # a partner holds something
            rest = [t for t in rest if t.pips != totals[s - 1]][:] or rest
    return tuple(totals)


def _blocked_example(table: ClaimTable, seat: int, a: int, points: int) -> tuple[int, ...] | None:
    """Real disjoint hands for a block where ``seat``'s side holds ``a`` (best effort)."""
    r, n, f = table.rules, table.players, table.frame
    sides = r.teams(n)
    mine = next(s for s in sides if seat in s)
    others = [s for s in sides if s != mine]
    target = points + a if r.blocked_scoring is BlockedScoring.DIFFERENCE else points
    pool = list(full_set(r.max_pip))
    totals = [0] * n
    # my side: each hand one tile or more; put the whole total on ``seat`` when possible
    for s in mine:
        want = a if s == seat else 0
        got = None
        for alt in [want] if s == seat else [0, *range(1, a + 1)]:
            got = tiles_with_total(pool, 1, f.most[s - 1], alt)
            if got is not None and (s != seat or sum(t.pips for t in got) == a):
                break
        if got is None:
            return None
        totals[s - 1] = sum(t.pips for t in got)
        pool = [t for t in pool if t not in got]
    if sum(totals[s - 1] for s in mine) != a:
        return None
    # other sides: split the target as evenly as possible, each above a
    m = len(others)
    base, extra = divmod(target, m)
    wants = [base + (1 if i < extra else 0) for i in range(m)]
    if min(wants) <= a:
        return None
    for side, want in zip(others, wants, strict=True):
        left = want
        for i, s in enumerate(side):
            rest_hands = len(side) - i - 1
            share = (
                left if rest_hands == 0 else max(left - 12 * f.most[s - 1] * rest_hands, left // 2)
            )
            got = None
            for v in [share, *range(share - 1, -1, -1)]:
                got = tiles_with_total(pool, 1, f.most[s - 1], v)
                if got is not None:
                    break
            if got is None:
                return None
            totals[s - 1] = sum(t.pips for t in got)
            left -= totals[s - 1]
            pool = [t for t in pool if t not in got]
        if left != 0:
            return None
    held = sum(1 for t in full_set(r.max_pip) if t not in pool)
    if held > f.in_play - 1:
        return None
    return tuple(totals)


def check_claim(
    rules: Rules | str,
    players: int,
    seat: int,
    points: int,
    *,
    names: Sequence[str] | None = None,
    starter: int | None = None,
) -> list[Interpretation]:
    """Check the claim "``seat`` scored ``points``" for one round.

    Returns the possible interpretations; raises InvalidPositionError naming the
    reason when no interpretation is possible (a bad seat, negative points, or
    points no domino and no block can give under these rules). ``names`` (one
    per seat) only makes the refusal name the player. ``starter`` is the seat
    that started the round and led, when known: it holds a tile fewer (R5).

    >>> check_claim('pagat', 4, 1, 2)
    Traceback (most recent call last):
    ...
    block_dominoes.errors.InvalidPositionError: claim refused: player 1 cannot score 2 with 4 players under 'pagat': a domino scores 3 to 124 (the 3 opponents each still hold 1 to 5 tiles, R13, R15) and a block 5 to 124 (R16)
    >>> [i.kind.value for i in check_claim('pagat', 4, 1, 3)]
    ['domino']
    """
    r = find_rules(rules)
    n = r.check_players(players)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
        raise InvalidPositionError(
            _("claim refused: seat {seat} is not a seat: a whole number from 1 to {n} (R6)").format(
                seat=repr(seat), n=n
            )
        )
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise InvalidPositionError(
            _("claim refused: points {points} are not a whole number from 0 (R18)").format(
                points=repr(points)
            )
        )
    table = claim_table(r, n, seat, starter)
    sides = r.teams(n)
    mine = next(s for s in sides if seat in s)
    opp = [s for s in range(1, n + 1) if s not in mine]
    out: list[Interpretation] = []
    if (table.domino >> points) & 1:
        for w in mine:
            ex = _domino_example(table, w, points)
            ex_text = (
                "" if ex is None else _("; e.g. totals {totals}").format(totals=_totals_text(ex, w))
            )
            held = (
                ngettext(
                    "domino: player {seat} went out and {others} held {n} pip (R15)",
                    "domino: player {seat} went out and {others} held {n} pips (R15)",
                    points,
                )
                if len(opp) == 1
                else ngettext(
                    "domino: player {seat} went out and {others} held {n} pip between them (R15)",
                    "domino: player {seat} went out and {others} held {n} pips between them (R15)",
                    points,
                )
            )
            out.append(
                Interpretation(
                    OutcomeKind.DOMINO,
                    held.format(seat=w, others=_seats_text(opp), n=points) + ex_text,
                    ex,
                    w,
                )
            )
    owns = [a for a, bits in table.blocked if (bits >> points) & 1]
    if owns:
        who = (
            _("player {seat}").format(seat=seat)
            if len(mine) == 1
            else _("pair {pair}").format(pair="+".join(map(str, mine)))
        )
        if r.blocked_scoring is BlockedScoring.DIFFERENCE:
            how = _("the others' totals add up to {points} + that total").format(points=points)
            rule = "R16"
        else:
            how = _("the others' totals add up to {points}").format(points=points)
            rule = "V3" if len(mine) > 1 else "V4"
        ex = None
        for a in owns:
            ex = _blocked_example(table, seat, a, points)
            if ex is not None:
                break
        ex_text = (
            "" if ex is None else _("; e.g. totals {totals}").format(totals=_totals_text(ex, None))
        )
        out.append(
            Interpretation(
                OutcomeKind.BLOCKED,
                _(
                    "blocked: {who} had the sole lowest total, {range}, and {how}, "
                    "each above it ({rule})"
                ).format(who=who, range=_ranges(owns), how=how, rule=rule)
                + ex_text,
                ex,
            )
        )
    if not out:
        who = (
            _("player {seat}").format(seat=seat)
            if names is None
            else player_label(names[seat - 1], seat)
        )
        raise InvalidPositionError(_refusal(table, who, points))
    return out


def _totals_text(totals: Sequence[int], went_out: int | None) -> str:
    # the totals as the sheet takes them, "-" for the player who went out: a row of
    # entries, not a sentence's list (Arabic keeps its comma, no "and" before a dash)
    return pgettext("totals as typed", ", ").join(
        "-" if s == went_out else str(t) for s, t in enumerate(totals, start=1)
    )


def _refusal(table: ClaimTable, name: str, points: int) -> str:
    r, n = table.rules, table.players
    f, opp = table.frame, table.opponents
    dom = _ranges(bit_values(table.domino))
    blk = _ranges(bit_values(table.blocked_bits))
    most = max(f.most)
    who = (
        _("the opponent still holds 1 to {most} tiles").format(most=most)
        if len(opp) == 1
        else _("the {n} opponents each still hold 1 to {most} tiles").format(n=len(opp), most=most)
    )
    sep = pgettext("list of rules", ", ")
    rules_cited = sep.join(("R13", "R15"))
    if f.starter in opp and not r.draw:
        rules_cited = sep.join(("R5", "R13", "R15"))
        k = f.most[f.starter - 1]
        led = _("player {seat} started and led, so still holds 1 to {most} tiles").format(
            seat=f.starter, most=k
        )
        who = led if len(opp) == 1 else _("{first}; {second}").format(first=who, second=led)
    rule = (
        "R16"
        if r.blocked_scoring is BlockedScoring.DIFFERENCE
        else ("V3" if r.partnerships else "V4")
    )
    return _(
        "claim refused: {name} cannot score {points} with {n} players under {rules}: "
        "a domino scores {dom} ({who}, {cited}) and a block {blk} ({rule})"
    ).format(
        name=name,
        points=points,
        n=n,
        rules=repr(r.name),
        dom=dom,
        who=who,
        cited=rules_cited,
        blk=blk,
        rule=rule,
    )
