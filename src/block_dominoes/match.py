"""Rounds to a target: the next starter, the target check, the draw rule (R19-R21).

The one place these rules are decided and explained: :func:`next_seat` (who starts
next), :func:`next_start` (the same seat, and why), :func:`match_result` (has the
match ended) and :func:`result_sentence` (its end in words). The score sheet, the
play widget, the quiz builders and the simulator ask here.

>>> from block_dominoes.scoring import score_totals
>>> m = Match.new('pagat', 3, starter=2)
>>> m = m.add(score_totals('pagat', [0, 30, 40], went_out=1))
>>> m.scores, m.starter, m.result
((70, 0, 0), 3, MatchResult(kind='win', winner=1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import N_, _
from block_dominoes.inputs import shown
from block_dominoes.rules import NextStarter, Rules, find_rules
from block_dominoes.scoring import Outcome

__all__ = [
    "Match",
    "MatchResult",
    "NextStart",
    "RoundRecord",
    "match_result",
    "next_seat",
    "next_start",
    "next_starter",
    "result_sentence",
]


# Why the next round starts where it does, keyed by NextStart.reason: a short form for
# the score sheet's lines, and a sentence naming the previous starter.
_SHORT = {
    "winner": N_("the winner starts the next round, V1"),
    "tied-block": N_("a tied block: one seat on from the last starter, V1"),
    "clockwise": N_("one seat on from the last starter, R19"),
}
_SENTENCE = {
    "winner": N_("the winner of the round starts the next (V1)"),
    "tied-block": N_(
        "the block was tied, so nobody won: one seat on from player {seat}, who started "
        "this round (V1)"
    ),
    "clockwise": N_("one seat on from player {seat}, who started this round (R19)"),
}


class NextStart(NamedTuple):
    """Who starts the next round, and why: the one place R19 and V1 are decided.

    ``reason`` is ``'clockwise'`` (R19: one seat on from ``previous``, whoever won),
    ``'winner'`` (V1: the round's winner) or ``'tied-block'`` (V1 with no single
    winner: one seat on); ``rule`` is ``'R19'`` or ``'V1'``; ``clockwise`` is the
    seat one on from ``previous``, whoever starts.

    >>> ns = next_start(find_rules('pagat'), 3, 3, winner=2)
    >>> ns.seat, ns.rule, ns.explain()
    (1, 'R19', 'one seat on from player 3, who started this round (R19)')
    """

    seat: int
    previous: int
    clockwise: int
    rule: str
    reason: str

    @property
    def short(self) -> str:
        """The reason as the score sheet prints it, untranslated (a msgid for ``_``)."""
        return _SHORT[self.reason]

    def explain(self) -> str:
        """The reason as a sentence in the current language."""
        return _(_SENTENCE[self.reason]).format(seat=self.previous)


def next_seat(rules: Rules, players: int, starter: int, winner: int | None) -> int:
    """The seat that starts the round after one that ``starter`` started and ``winner``
    won (None or 0: a tied block): the winner under V1, else one seat clockwise (R19).
    The rule itself; :func:`next_start` adds why, and the simulator calls this once a
    round, where building the reason would cost more than the rest of the bookkeeping.
    """
    if winner and rules.next_starter is NextStarter.WINNER:
        return winner
    return starter % players + 1


def next_start(rules: Rules, players: int, starter: int, winner: int | None) -> NextStart:
    """Who starts the round after one that ``starter`` started and ``winner`` won
    (None: a tied block), and why (R19, V1)."""
    seat = next_seat(rules, players, starter, winner)
    clockwise = starter % players + 1
    if rules.next_starter is not NextStarter.WINNER:
        return NextStart(seat, starter, clockwise, "R19", "clockwise")
    return NextStart(seat, starter, clockwise, "V1", "winner" if winner else "tied-block")


def next_starter(rules: Rules, players: int, starter: int, outcome: Outcome) -> int:
    """Who starts the next round: one seat clockwise from ``starter`` (R19), or
    the winner under V1 (one seat on after a tied block); see :func:`next_seat`."""
    return next_seat(rules, players, starter, outcome.winner)


def match_result(rules: Rules, players: int, scores: Sequence[int]) -> MatchResult | None:
    """Has the match ended with these scores (one per seat; partners share theirs),
    checked after a whole round (R20)? A win, a draw when the highest scores at or
    above the target are tied between sides (R21), or None to play on.

    >>> match_result(find_rules('pagat'), 2, [104, 30]), match_result(find_rules('pagat'), 2, [99, 3])
    (MatchResult(kind='win', winner=1), None)
    """
    target = rules.target(players)
    top = max(scores)
    if top < target:
        return None
    leaders = [seat for seat, s in enumerate(scores, start=1) if s == top]
    teams = rules.teams(players)
    sides = {i for i, side in enumerate(teams) for seat in leaders if seat in side}
    if len(sides) > 1:
        return MatchResult("draw", None)
    return MatchResult("win", leaders[0])


def result_sentence(
    rules: Rules,
    players: int,
    result: MatchResult | None,
    scores: Sequence[int],
    *,
    label: Callable[[int], str] | None = None,
) -> str:
    """The end of a match as a sentence (R20, R21): who won with what, or the draw.
    ``label`` names a seat (a score sheet's player names); without it seats are
    numbered and a pair is written ``pair 1+3``."""
    target = rules.target(players)
    if result is None:
        return _("no one has reached {target} yet").format(target=target)
    if result.winner is None:
        return _("a draw: the highest scores at or above {target} are tied (R21)").format(
            target=target
        )
    w = result.winner
    side = next(s for s in rules.teams(players) if w in s)
    if label is None:
        if len(side) > 1:
            return _("pair {seats} wins with {score} (R20)").format(
                seats="+".join(map(str, side)), score=scores[w - 1]
            )
        return _("player {seat} wins with {score} of {target} (R20)").format(
            seat=w, score=scores[w - 1], target=target
        )
    if len(side) > 1:
        return _("{who} win with {score} of {target} (R20)").format(
            who=_(" and ").join(label(s) for s in side), score=scores[w - 1], target=target
        )
    return _("{who} wins with {score} of {target} (R20)").format(
        who=label(w), score=scores[w - 1], target=target
    )


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: ``kind`` is ``'win'`` or ``'draw'`` (R20, R21)."""

    kind: str
    winner: int | None

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "winner": self.winner}


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One settled round: who started it, its outcome, the scores after it."""

    starter: int
    outcome: Outcome
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "starter": self.starter,
            "outcome": self.outcome.to_json(),
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Match:
    """An immutable match: the rounds so far, the scores, who starts next, the result."""

    rules: Rules
    players: int
    starter: int
    scores: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = ()
    result: MatchResult | None = None

    @classmethod
    def new(cls, rules: Rules | str, players: int, *, starter: int = 1) -> Match:
        """A match before its first round; ``starter`` won the lot (R5)."""
        r = find_rules(rules)
        n = r.check_players(players)
        if isinstance(starter, bool) or not isinstance(starter, int) or not 1 <= starter <= n:
            raise InvalidPositionError(
                _("starter must be a seat from 1 to {n}, got {seat} (R5)").format(
                    n=n, seat=repr(starter)
                ),
                rule="R5",
            )
        return cls(r, n, starter, (0,) * n)

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def add(self, outcome: Outcome) -> Match:
        """The match after one more round. Raises InvalidPositionError after the
        match has ended (R20) or for an outcome with the wrong number of seats, and
        for a value that is not an :class:`Outcome` (such as :func:`score_totals` gives)."""
        if not isinstance(outcome, Outcome):
            raise InvalidPositionError(
                _(
                    "expected a round's outcome (an Outcome, as score_totals gives), got {text}"
                ).format(text=shown(outcome))
            )
        if self.result is not None:
            raise InvalidPositionError(
                _("the match is over ({result}); no round can be added (R20)").format(
                    result=self.describe_result()
                ),
                rule="R20",
            )
        if len(outcome.totals) != self.players:
            raise InvalidPositionError(
                _("a round of {n} players cannot join a match of {players} (R1)").format(
                    n=len(outcome.totals), players=self.players
                ),
                rule="R1",
            )
        scores = tuple(
            s + (outcome.points if seat in outcome.side else 0)
            for seat, s in enumerate(self.scores, start=1)
        )
        record = RoundRecord(self.starter, outcome, scores)
        return replace(
            self,
            scores=scores,
            rounds=(*self.rounds, record),
            starter=next_seat(self.rules, self.players, self.starter, outcome.winner),
            result=match_result(self.rules, self.players, scores),
        )

    def describe_result(self) -> str:
        """The result as a sentence (:func:`result_sentence`)."""
        return result_sentence(self.rules, self.players, self.result, self.scores)

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules.name,
            "players": self.players,
            "target": self.target,
            "rounds": [r.to_json() for r in self.rounds],
            "scores": list(self.scores),
            "next_starter": None if self.result else self.starter,
            "result": self.result.to_json() if self.result else None,
        }
