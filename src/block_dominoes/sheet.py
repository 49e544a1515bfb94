"""A match score sheet that explains every score and refuses what the rules cannot produce.

The model is the Baloot score keeper of ``baloot-scorer-ar.txt``: every round shows
its arithmetic, an entry no rule can produce is refused with the reason, an accepted
bare claim lists what could have happened, a past round is corrected in place, and
an undo needs a confirmation. The sheet itself is a value: every change returns a new
sheet, so a refused change changes nothing.

A round is written either as the remaining hands (the HAND syntax of
:func:`block_dominoes.hands.score_hands`) or as a claim, "seat 3 scored 12".

>>> s = Sheet.new('pagat', 3, names=['Ann', 'Ben', 'Cem'])
>>> s = s.add_hands(['-', '0-0', '2-6'])
>>> s.scores, s.next_starter
((8, 0, 0), 2)
>>> s.add_claim(2, 0)
Traceback (most recent call last):
...
block_dominoes.errors.InvalidPositionError: claim refused: Ben (player 2) cannot score 0 with 3 players under 'pagat': a domino scores 1 to 92 (the 2 opponents each still hold 1 to 5 tiles, R13, R15) and a block 3 to 92 (R16)

How claims are checked
----------------------
``achievable`` sums are computed exactly for "k distinct tiles of the set" (a
dynamic programme over the tiles). A domino claim is then exact as far as the deal
goes: it is accepted exactly when some deal leaves the opponents (each holding 1 to
a full hand of tiles) that many pips; the order of play is not checked. A blocked
claim uses necessary conditions only, so a refusal is always right and an
acceptance means "no check here rules it out": the winner's total is one a hand of
its size can hold; every other side's total is above it and one its hands can hold
(each side on its own); the others' tiles together and all held tiles together
are distinct tiles of the set, with at least the lead on the line (R13). Whether
the tiles could really have blocked the line is not checked: as the Baloot keeper
says, the cards cannot be proven from the numbers.

How hands are checked
---------------------
A round written as hands goes through :func:`block_dominoes.hands.score_hands`
(unreadable text, a tile outside the set or in two hands, two empty hands, a hand
larger than the deal, a total no hand can hold, two 0-pip hands, R2, R3, R13,
R14, and hands impossible together: a blocked round still holding every dealt
tile, bare totals no distinct tiles can give, see
:func:`block_dominoes.hands.hands_possible`). The sheet adds: one HAND per player
of the sheet (R1).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeVar

from .errors import BlockDominoesError, InvalidPositionError
from .hands import max_pips, parse_hand, score_hands, tiles_with_total
from .match import Match, MatchResult
from .rules import BlockedScoring, NextStarter, Rules, find_rules
from .scoring import Outcome, OutcomeKind
from .tiles import count, full_set

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ClaimTable",
    "ConfirmationError",
    "Entry",
    "Interpretation",
    "Sheet",
    "SheetFileError",
    "SheetRound",
    "check_claim",
    "claim_table",
    "load",
    "save",
]

T = TypeVar("T")

FORMAT = "block-dominoes score sheet"
FORMAT_VERSION = 1


class SheetFileError(BlockDominoesError):
    """A score-sheet file that is missing, unreadable, corrupt or of another version."""


class ConfirmationError(BlockDominoesError):
    """A change that needs a confirmation it did not get (undo; dropping later rounds)."""


# -- what a round's entry is ------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """One round as it was written down: remaining ``hands``, or a ``claim`` (seat, points)."""

    hands: tuple[str, ...] | None = None
    claim: tuple[int, int] | None = None

    @classmethod
    def of_hands(cls, hands: Iterable[str]) -> Entry:
        return cls(hands=tuple(str(h).strip() for h in hands))

    @classmethod
    def of_claim(cls, seat: int, points: int) -> Entry:
        return cls(claim=(seat, points))

    def to_json(self) -> dict[str, object]:
        if self.claim is not None:
            return {"claim": {"seat": self.claim[0], "points": self.claim[1]}}
        return {"hands": list(self.hands or ())}

    def __str__(self) -> str:
        if self.claim is not None:
            return f"claim: player {self.claim[0]} scored {self.claim[1]}"
        return "hands: " + " | ".join(self.hands or ())


# -- claims -------------------------------------------------------------------
@cache
def _reach(max_pip: int, kmax: int) -> tuple[int, ...]:
    """``reach[k]``: bit ``s`` is set when some ``k`` distinct tiles of the set hold ``s`` pips."""
    reach = [1] + [0] * kmax
    for t in full_set(max_pip):
        for k in range(kmax, 0, -1):
            reach[k] |= reach[k - 1] << t.pips
    return tuple(reach)


def _between(reach: Sequence[int], lo: int, hi: int) -> int:
    bits = 0
    for k in range(max(lo, 0), min(hi, len(reach) - 1) + 1):
        bits |= reach[k]
    return bits


def _values(bits: int) -> list[int]:
    out = []
    v = 0
    while bits:
        if bits & 1:
            out.append(v)
        bits >>= 1
        v += 1
    return out


def _ranges(values: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``'1 to 3, 5'``."""
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]} to {values[j]}")
        i = j + 1
    return ", ".join(parts) if parts else "nothing"


def _seats_text(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


@dataclass(frozen=True, slots=True)
class ClaimTable:
    """What one seat can score in one round, for a ruleset and player count.

    ``hand_size`` is the most tiles one hand can hold (the dealt hand; more in
    the Draw game), ``in_play`` the tiles dealt or drawable. ``domino`` is a
    bitset of the points a domino by the claimant's side can give
    (exact for the deal); ``blocked`` maps each possible own (side) total ``a`` of
    a blocked round's sole lowest side to the bitset of the points it can give
    (necessary conditions, see the module docstring).
    """

    rules: Rules
    players: int
    side_size: int
    opponents: int
    other_sides: int
    hand_size: int
    in_play: int
    domino: int
    blocked: tuple[tuple[int, int], ...]

    @property
    def blocked_bits(self) -> int:
        bits = 0
        for _, b in self.blocked:
            bits |= b
        return bits


@cache
def claim_table(rules: Rules, players: int) -> ClaimTable:
    """The points one seat can claim for a round (every seat is alike: sides are equal)."""
    n = rules.check_players(players)
    dealt = rules.hand_size(n)
    # In the Draw game a hand grows by drawing from the boneyard (V6).
    extra = rules.undealt(n) if rules.draw else 0
    size = dealt + extra
    in_play = n * dealt + extra
    sides = rules.teams(n)
    side = len(sides[0])
    m = len(sides) - 1
    opp = n - side
    reach = _reach(rules.max_pip, in_play)
    # A domino: the opponents each hold 1..size tiles, all distinct (R13, R15);
    # the winner has played at least a dealt hand.
    domino = _between(reach, opp, min(opp * size, in_play - dealt))
    side_bits = _between(reach, side, side * size)
    others_union = _between(reach, opp, opp * size)
    all_held = _between(reach, n, in_play - 1)  # at least the lead was played
    blocked: list[tuple[int, int]] = []
    for a in _values(side_bits):
        # every other side holds more than a (R16: the sole lowest) and what its hands can hold
        higher = (side_bits >> (a + 1)) << (a + 1)
        sums = higher
        for _ in range(m - 1):
            acc = 0
            for v in _values(higher):
                acc |= sums << v
            sums = acc
        targets = sums & others_union & (all_held >> a)
        if not targets:
            continue
        points = targets >> a if rules.blocked_scoring is BlockedScoring.DIFFERENCE else targets
        blocked.append((a, points))
    return ClaimTable(rules, n, side, opp, m, size, in_play, domino, tuple(blocked))


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
    r, n, size = table.rules, table.players, table.hand_size
    sides = r.teams(n)
    mine = next(s for s in sides if seat in s)
    opp = [s for s in range(1, n + 1) if s not in mine]
    most = min(len(opp) * size, table.in_play - r.hand_size(n))
    tiles = tiles_with_total(full_set(r.max_pip), len(opp), most, points)
    if tiles is None:
        return None
    totals = [0] * n
    # deal the chosen tiles: one each first, then fill up to a full hand
    counts = {s: 1 for s in opp}
    extra = len(tiles) - len(opp)
    for s in opp:
        add = min(extra, size - 1)
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
    r, n, size = table.rules, table.players, table.hand_size
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
            got = tiles_with_total(pool, 1, size, alt)
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
            share = left if rest_hands == 0 else max(left - 12 * size * rest_hands, left // 2)
            got = None
            for v in [share, *range(share - 1, -1, -1)]:
                got = tiles_with_total(pool, 1, size, v)
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
    if held > table.in_play - 1:
        return None
    return tuple(totals)


def check_claim(
    rules: Rules | str,
    players: int,
    seat: int,
    points: int,
    *,
    names: Sequence[str] | None = None,
) -> list[Interpretation]:
    """Check the claim "``seat`` scored ``points``" for one round.

    Returns the possible interpretations; raises InvalidPositionError naming the
    reason when no interpretation is possible (a bad seat, negative points, or
    points no domino and no block can give under these rules). ``names`` (one
    per seat) only makes the refusal name the player.

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
        raise InvalidPositionError(f"claim refused: seat {seat!r} is not a seat from 1 to {n} (R6)")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise InvalidPositionError(
            f"claim refused: points {points!r} are not a whole number from 0 (R18)"
        )
    table = claim_table(r, n)
    sides = r.teams(n)
    mine = next(s for s in sides if seat in s)
    opp = [s for s in range(1, n + 1) if s not in mine]
    out: list[Interpretation] = []
    if (table.domino >> points) & 1:
        for w in mine:
            ex = _domino_example(table, w, points)
            ex_text = "" if ex is None else "; e.g. totals " + _totals_text(ex, w)
            out.append(
                Interpretation(
                    OutcomeKind.DOMINO,
                    f"domino: player {w} went out and {_seats_text(opp)} held {count(points, 'pip')}"
                    f"{'' if len(opp) == 1 else ' between them'} (R15){ex_text}",
                    ex,
                    w,
                )
            )
    owns = [a for a, bits in table.blocked if (bits >> points) & 1]
    if owns:
        who = f"player {seat}" if len(mine) == 1 else "pair " + "+".join(map(str, mine))
        if r.blocked_scoring is BlockedScoring.DIFFERENCE:
            how = f"the others' totals add up to {points} + that total"
            rule = "R16"
        else:
            how = f"the others' totals add up to {points}"
            rule = "V3" if len(mine) > 1 else "V4"
        ex = None
        for a in owns:
            ex = _blocked_example(table, seat, a, points)
            if ex is not None:
                break
        ex_text = "" if ex is None else "; e.g. totals " + _totals_text(ex, None)
        out.append(
            Interpretation(
                OutcomeKind.BLOCKED,
                f"blocked: {who} had the sole lowest total, {_ranges(owns)}, and {how}, "
                f"each above it ({rule}){ex_text}",
                ex,
            )
        )
    if not out:
        label = f"player {seat}" if names is None else _label(names[seat - 1], seat)
        raise InvalidPositionError(_refusal(table, label, points))
    return out


def _totals_text(totals: Sequence[int], went_out: int | None) -> str:
    return ", ".join("-" if s == went_out else str(t) for s, t in enumerate(totals, start=1))


def _refusal(table: ClaimTable, name: str, points: int) -> str:
    r, n = table.rules, table.players
    dom = _ranges(_values(table.domino))
    blk = _ranges(_values(table.blocked_bits))
    each = f"1 to {table.hand_size} tiles"
    who = f"the {table.opponents} opponents each still hold {each}"
    if table.opponents == 1:
        who = f"the opponent still holds {each}"
    rule = (
        "R16"
        if r.blocked_scoring is BlockedScoring.DIFFERENCE
        else ("V3" if r.partnerships else "V4")
    )
    return (
        f"claim refused: {name} cannot score {points} with {n} players under {r.name!r}: "
        f"a domino scores {dom} ({who}, R13, R15) and a block {blk} ({rule})"
    )


# -- the sheet ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SheetRound:
    """One settled round on the sheet, with everything derived from it."""

    number: int
    entry: Entry
    starter: int
    outcome: Outcome
    interpretations: tuple[Interpretation, ...]
    scores: tuple[int, ...]
    next_starter: int | None
    result: MatchResult | None
    starter_reason: str

    @property
    def is_claim(self) -> bool:
        return self.entry.claim is not None

    @property
    def explanation(self) -> str:
        return self.outcome.explanation

    def outcome_json(self) -> dict[str, object]:
        if not self.is_claim:
            return self.outcome.to_json()
        return {
            "outcome": "claim",
            "winner": self.outcome.winner,
            "points": self.outcome.points,
            "totals": None,
            "explanation": self.outcome.explanation,
            "interpretations": [i.to_json() for i in self.interpretations],
        }


def _label(name: str, seat: int) -> str:
    if name.casefold() == f"player {seat}":
        return f"player {seat}"
    return f"{name} (player {seat})"


def _name_list(names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Player {s}" for s in range(1, n + 1))
    clean = tuple(str(x).strip() for x in names)
    if len(clean) != n:
        raise InvalidPositionError(
            f"names {', '.join(map(repr, clean))}: give one name per player, {n} in all (R1)"
        )
    if any(not x for x in clean):
        raise InvalidPositionError(f"names {list(clean)!r}: a name cannot be empty")
    if len({x.casefold() for x in clean}) != n:
        raise InvalidPositionError(f"names {list(clean)!r}: two players have the same name")
    return clean


@dataclass(frozen=True, slots=True)
class Sheet:
    """A match score sheet: set-up plus the rounds as written; everything else is derived.

    Raises InvalidPositionError for a refused change (with the reason), and
    ConfirmationError when a change needs a confirmation (undo, dropping rounds).
    """

    rules: Rules
    players: int
    names: tuple[str, ...]
    first_starter: int = 1
    entries: tuple[Entry, ...] = ()
    _derived: tuple[Match, tuple[SheetRound, ...]] | None = field(
        default=None, compare=False, repr=False
    )

    @classmethod
    def new(
        cls,
        rules: Rules | str,
        players: int,
        *,
        names: Sequence[str] | None = None,
        starter: int = 1,
    ) -> Sheet:
        """A sheet before round 1. ``starter`` is the seat that won the lot (R5)."""
        r = find_rules(rules)
        n = r.check_players(players)
        Match.new(r, n, starter=starter)  # checks the starter seat (R5)
        return cls._make(r, n, _name_list(names, n), starter, ())

    @classmethod
    def _make(
        cls, r: Rules, n: int, names: tuple[str, ...], starter: int, entries: tuple[Entry, ...]
    ) -> Sheet:
        derived = _replay(r, n, names, starter, entries)
        return cls(r, n, names, starter, entries, derived)

    def _with(self, entries: tuple[Entry, ...]) -> Sheet:
        return Sheet._make(self.rules, self.players, self.names, self.first_starter, entries)

    # derived values
    def _state(self) -> tuple[Match, tuple[SheetRound, ...]]:
        if self._derived is None:  # built directly, not through new(): replay once
            derived = _replay(
                self.rules, self.players, self.names, self.first_starter, self.entries
            )
            object.__setattr__(self, "_derived", derived)
            return derived
        return self._derived

    @property
    def match(self) -> Match:
        return self._state()[0]

    @property
    def rounds(self) -> tuple[SheetRound, ...]:
        return self._state()[1]

    @property
    def scores(self) -> tuple[int, ...]:
        return self.match.scores

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def result(self) -> MatchResult | None:
        return self.match.result

    @property
    def next_starter(self) -> int | None:
        return None if self.match.result else self.match.starter

    def label(self, seat: int) -> str:
        """``Ann (player 1)``, or ``player 1`` when the name is the default one."""
        return _label(self.names[seat - 1], seat)

    # changes
    def check_entry(self, entry: Entry) -> tuple[Outcome, tuple[Interpretation, ...]]:
        """Check one round's entry on its own; raises with the reason if impossible."""
        return _entry_outcome(self.rules, self.players, self.names, entry)

    def add(self, entry: Entry) -> Sheet:
        """The sheet with one more round. Refused after the match has ended (R20)."""
        if self.result is not None:
            raise InvalidPositionError(
                f"round {len(self.entries) + 1} refused: the match is over, "
                f"{self.describe_result()}; no round can be added"
            )
        self.check_entry(entry)
        return self._with((*self.entries, entry))

    def add_hands(self, hands: Sequence[str]) -> Sheet:
        return self.add(Entry.of_hands(hands))

    def add_claim(self, seat: int, points: int) -> Sheet:
        return self.add(Entry.of_claim(seat, points))

    def edit(self, number: int, entry: Entry, *, drop_later: bool = False) -> Sheet:
        """Replace round ``number`` (from 1) and recompute every round after it.

        If the new round ends the match before the last round, the later rounds
        conflict (R20): refused with their numbers (ConfirmationError) unless
        ``drop_later`` confirms dropping them.
        """
        k = len(self.entries)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= k:
            have = "no rounds yet" if k == 0 else f"rounds 1 to {k}"
            raise InvalidPositionError(f"cannot edit round {number!r}: the sheet has {have}")
        try:
            self.check_entry(entry)
        except BlockDominoesError as e:
            raise type(e)(f"round {number}: {e}") from None
        entries = list(self.entries)
        entries[number - 1] = entry
        end = _end_round(self.rules, self.players, self.names, self.first_starter, entries)
        if end is not None and end < k:
            later = list(range(end + 1, k + 1))
            what = f"round {later[0]}" if len(later) == 1 else f"rounds {later[0]} to {later[-1]}"
            if not drop_later:
                raise ConfirmationError(
                    f"edit of round {number} refused: with it the match ends after round {end} "
                    f"(R20), so {what} would come after the end; confirm dropping "
                    f"{'it' if len(later) == 1 else 'them'} (--drop-later)"
                )
            entries = entries[:end]
        return self._with(tuple(entries))

    def undo(self, *, confirm: bool) -> Sheet:
        """The sheet without its last round; needs ``confirm=True``."""
        if not self.entries:
            raise InvalidPositionError("nothing to undo: the sheet has no rounds")
        if not confirm:
            raise ConfirmationError(
                f"undo of round {len(self.entries)} refused: it needs a confirmation "
                "(--yes, or answer y at the prompt)"
            )
        return self._with(self.entries[:-1])

    # text and data
    def describe_result(self) -> str:
        if self.result is None:
            return f"no one has reached {self.target} yet"
        return _result_sentence(self, self.result, self.scores)

    def scores_text(self, scores: Sequence[int] | None = None) -> str:
        sc = self.scores if scores is None else scores
        return ", ".join(f"{name} {v}" for name, v in zip(self.names, sc, strict=True))

    def round_text(self, rnd: SheetRound) -> str:
        lines = [f"round {rnd.number}, started by {self.label(rnd.starter)}: {rnd.explanation}"]
        for i in rnd.interpretations:
            lines.append(f"  possible: {i.text}")
        lines.append(f"  totals: {self.scores_text(rnd.scores)}")
        if rnd.result is not None:
            lines.append(f"  match over: {_result_text(self, rnd)}")
        elif rnd.next_starter is not None:
            lines.append(f"  next: {self.label(rnd.next_starter)} starts ({rnd.starter_reason})")
        return "\n".join(lines)

    def header(self) -> str:
        who = ", ".join(self.label(s) for s in range(1, self.players + 1))
        pair = ""
        if self.rules.partnerships:
            pair = "; pairs " + " against ".join(
                "+".join(map(str, side)) for side in self.rules.teams(self.players)
            )
        return (
            f"score sheet: {self.players} players ({who}){pair}; rules {self.rules.name}; "
            f"target {self.target} (R3, R20); {self.label(self.first_starter)} won the lot "
            "and starts round 1 (R5)"
        )

    def describe(self) -> str:
        lines = [self.header()]
        lines += [self.round_text(r) for r in self.rounds]
        if self.result is None:
            ns = self.next_starter
            assert ns is not None
            lines.append(
                f"after {len(self.rounds)} rounds: {self.scores_text()}; "
                f"{self.label(ns)} starts round {len(self.rounds) + 1}"
            )
        else:
            lines.append(f"final: {self.scores_text()}; {self.describe_result()}")
        return "\n".join(lines)

    def show_json(self) -> dict[str, object]:
        """The JSON of ``block-dominoes sheet show --json``."""
        return {
            "players": self.players,
            "rules": self.rules.name,
            "names": list(self.names),
            "rounds": [{"starter": r.starter, "outcome": r.outcome_json()} for r in self.rounds],
            "scores": list(self.scores),
            "next_starter": self.next_starter,
            "result": self.result.to_json() if self.result else None,
        }

    def to_json(self) -> dict[str, object]:
        """The stored form: the set-up and the rounds as written (the rest is derived)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "rules": self.rules.name,
            "players": self.players,
            "names": list(self.names),
            "first_starter": self.first_starter,
            "rounds": [e.to_json() for e in self.entries],
        }

    @classmethod
    def from_json(cls, data: object) -> Sheet:
        """Rebuild a sheet from :meth:`to_json`; raises SheetFileError naming what is wrong."""
        if not isinstance(data, dict):
            raise SheetFileError("not a score sheet: the file does not hold a JSON object")
        if data.get("format") != FORMAT:
            raise SheetFileError(f"not a score sheet: 'format' is {data.get('format')!r}")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise SheetFileError(
                f"score sheet format version {version!r} is not supported "
                f"(this program reads version {FORMAT_VERSION})"
            )
        try:
            r = find_rules(_req(data, "rules", str))
            n = _req(data, "players", int)
            names = _req(data, "names", list)
            starter = _req(data, "first_starter", int)
            raw = _req(data, "rounds", list)
            sheet = cls.new(r, n, names=[str(x) for x in names], starter=starter)
            entries = [_entry_from_json(x, i) for i, x in enumerate(raw, start=1)]
            for i, e in enumerate(entries, start=1):
                try:
                    sheet = sheet.add(e)
                except BlockDominoesError as e2:
                    raise SheetFileError(f"round {i}: {e2}") from None
        except SheetFileError as e:
            raise SheetFileError(f"corrupt score sheet: {e}") from None
        except BlockDominoesError as e:
            raise SheetFileError(f"corrupt score sheet: {e}") from None
        return sheet


def _result_text(sheet: Sheet, rnd: SheetRound) -> str:
    assert rnd.result is not None
    return _result_sentence(sheet, rnd.result, rnd.scores)


def _result_sentence(sheet: Sheet, res: MatchResult, scores: Sequence[int]) -> str:
    """Who won the match with what, or that it was drawn (R20, R21)."""
    tgt = sheet.target
    if res.winner is None:
        return f"a draw: the highest scores at or above {tgt} are tied (R21)"
    w = res.winner
    if sheet.rules.partnerships:
        side = next(s for s in sheet.rules.teams(sheet.players) if w in s)
        who = " and ".join(sheet.label(s) for s in side)
        return f"{who} win with {scores[w - 1]} of {tgt} (R20)"
    return f"{sheet.label(w)} wins with {scores[w - 1]} of {tgt} (R20)"


def _req(data: dict[str, object], key: str, kind: type[T]) -> T:
    v = data.get(key)
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise SheetFileError(f"field {key!r} is missing or not a {kind.__name__}: {v!r}")
    return v


def _entry_from_json(x: object, i: int) -> Entry:
    if (
        isinstance(x, dict)
        and set(x) == {"hands"}
        and isinstance(x["hands"], list)
        and all(isinstance(h, str) for h in x["hands"])
    ):
        return Entry.of_hands(x["hands"])
    if isinstance(x, dict) and set(x) == {"claim"} and isinstance(x["claim"], dict):
        c = x["claim"]
        seat, pts = c.get("seat"), c.get("points")
        if type(seat) is int and type(pts) is int:
            return Entry.of_claim(seat, pts)
    raise SheetFileError(f"round {i} is neither hands nor a claim: {x!r}")


def _entry_outcome(
    r: Rules, n: int, names: tuple[str, ...], entry: Entry
) -> tuple[Outcome, tuple[Interpretation, ...]]:
    if entry.claim is not None:
        seat, points = entry.claim
        interps = tuple(check_claim(r, n, seat, points, names=names))
        side = next(s for s in r.teams(n) if seat in s)
        kinds = {i.kind for i in interps}
        kind = next(iter(kinds)) if len(kinds) == 1 else OutcomeKind.DOMINO
        scorer = f"player {seat}" if len(side) == 1 else "pair " + "+".join(map(str, side))
        could = {
            frozenset({OutcomeKind.DOMINO}): "a domino",
            frozenset({OutcomeKind.BLOCKED}): "a block",
        }.get(frozenset(kinds), "a domino or a block")
        text = (
            f"claim: {scorer} scored {points}; the hands were not written down, "
            f"so it could have been {could} (see the possible endings)"
        )
        # The totals of a claim are unknown; Match only needs the seat count.
        return Outcome(kind, seat, points, (0,) * n, text, side), interps
    hands = entry.hands or ()
    if len(hands) != n:
        raise InvalidPositionError(
            f"a round of {len(hands)} hands cannot join a sheet of {n} players: "
            f"write one HAND per player (R1)"
        )
    out = score_hands(r, [parse_hand(h, r) for h in hands])
    return out, ()


def _check_starter_led(r: Rules, n: int, starter: int, entry: Entry) -> None:
    """The round's starter led a tile, so cannot still hold a whole dealt hand
    (in Block, where nobody draws): refuse hands that say otherwise (R5, R7)."""
    if entry.hands is None or r.draw:
        return
    size = r.hand_size(n)
    spec = parse_hand(entry.hands[starter - 1], r)
    if spec.tiles is not None and len(spec.tiles) >= size:
        raise InvalidPositionError(
            f"player {starter} started this round, so led a tile, but the hand "
            f"{spec.text!r} still holds all {size} dealt tiles (R5, R7)"
        )
    cap = max_pips(r, size - 1)
    if spec.tiles is None and spec.total > cap:
        raise InvalidPositionError(
            f"player {starter} started this round, so led a tile and holds at most "
            f"{size - 1}, worth at most {cap} pips; a total of {spec.total} is impossible (R5, R14)"
        )


def _starter_reason(r: Rules, outcome: Outcome) -> str:
    if r.next_starter is NextStarter.WINNER:
        if outcome.winner is not None:
            return "the winner starts the next round, V1"
        return "a tied block: one seat on from the last starter, V1"
    return "one seat on from the last starter, R19"


def _replay(
    r: Rules, n: int, names: tuple[str, ...], starter: int, entries: Sequence[Entry]
) -> tuple[Match, tuple[SheetRound, ...]]:
    match = Match.new(r, n, starter=starter)
    rounds: list[SheetRound] = []
    for i, e in enumerate(entries, start=1):
        if match.result is not None:
            raise InvalidPositionError(
                f"round {i} refused: the match ended after round {i - 1} (R20)"
            )
        out, interps = _entry_outcome(r, n, names, e)
        _check_starter_led(r, n, match.starter, e)
        before = match.starter
        match = match.add(out)
        rounds.append(
            SheetRound(
                i,
                e,
                before,
                out,
                interps,
                match.scores,
                None if match.result else match.starter,
                match.result,
                _starter_reason(r, out),
            )
        )
    return match, tuple(rounds)


def _end_round(
    r: Rules, n: int, names: tuple[str, ...], starter: int, entries: Sequence[Entry]
) -> int | None:
    """The round after which these entries end the match, if any."""
    match = Match.new(r, n, starter=starter)
    for i, e in enumerate(entries, start=1):
        out, _ = _entry_outcome(r, n, names, e)
        match = match.add(out)
        if match.result is not None:
            return i
    return None


# -- storage ----------------------------------------------------------------------
def load(path: str | os.PathLike[str]) -> Sheet:
    """Read a sheet file. Raises SheetFileError (missing, unreadable, corrupt, other version)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise SheetFileError(f"no score sheet at {str(p)!r}: create it with 'sheet new'") from None
    except OSError as e:
        raise SheetFileError(f"cannot read score sheet {str(p)!r}: {e.strerror}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SheetFileError(f"corrupt score sheet {str(p)!r}: not valid JSON ({e})") from None
    try:
        return Sheet.from_json(data)
    except SheetFileError as e:
        raise SheetFileError(f"{str(p)!r}: {e}") from None


def dumps(sheet: Sheet) -> str:
    """The file text of a sheet (stable: the same sheet gives the same bytes)."""
    return json.dumps(sheet.to_json(), indent=2, ensure_ascii=False) + "\n"


def save(sheet: Sheet, path: str | os.PathLike[str], *, new: bool = False) -> None:
    """Write a sheet atomically: a temporary file in the same folder, flushed and
    synced, then renamed over the old one (``os.replace``), so a crash leaves either
    the old file or the new one, never half a file. With ``new=True`` an existing
    file is refused (SheetFileError) and never overwritten: the new file is put in
    place with a hard link, which fails if the name was taken meanwhile. A path
    that is a symbolic link updates the file it points to."""
    shown = str(path)
    p = Path(path) if new else Path(os.path.realpath(path))
    if sheet.rules != _preset(sheet.rules.name):
        raise SheetFileError(
            f"only preset rulesets can be saved, not a custom {sheet.rules.name!r}"
        )
    if new and (p.exists() or p.is_symlink()):
        raise SheetFileError(f"{shown!r} already exists: a new sheet never overwrites a file")
    data = dumps(sheet).encode("utf-8")
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=".tmp")
    except OSError as e:
        raise SheetFileError(f"cannot write score sheet {shown!r}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        mode = 0o644
        with contextlib.suppress(OSError):
            mode = p.stat().st_mode & 0o777
        os.chmod(tmp, mode)
        if new:
            _link_new(tmp, p, shown)
        else:
            os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError, AttributeError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _link_new(tmp: str, p: Path, shown: str) -> None:
    """Put ``tmp`` in place at ``p`` only if ``p`` does not exist (then drop ``tmp``)."""
    try:
        os.link(tmp, p)
    except FileExistsError:
        raise SheetFileError(
            f"{shown!r} already exists: a new sheet never overwrites a file"
        ) from None
    except OSError:  # a file system without hard links: checked just before, replace
        if p.exists():
            raise SheetFileError(
                f"{shown!r} already exists: a new sheet never overwrites a file"
            ) from None
        os.replace(tmp, p)
        return
    os.unlink(tmp)


def _preset(name: str) -> Rules | None:
    try:
        return find_rules(name)
    except BlockDominoesError:
        return None
