"""Rounds to a target: the next starter, the target check, the draw rule (R19-R21).

>>> from block_dominoes.scoring import score_round
>>> m = Match.new('pagat', 3, starter=2)
>>> m = m.add(score_round('pagat', [0, 30, 40], went_out=1))
>>> m.scores, m.starter, m.result
((70, 0, 0), 3, MatchResult(kind='win', winner=1))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .checks import shown
from .errors import InvalidPositionError
from .i18n import _
from .rules import NextStarter, Rules, find_rules
from .scoring import Outcome

__all__ = ["Match", "MatchResult", "RoundRecord", "next_starter"]


def next_starter(rules: Rules, players: int, starter: int, outcome: Outcome) -> int:
    """Who starts the next round: one seat clockwise from ``starter`` (R19), or
    the winner under V1 (one seat on after a tied block)."""
    if rules.next_starter is NextStarter.WINNER and outcome.winner is not None:
        return outcome.winner
    return starter % players + 1


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
        for a value that is not an :class:`Outcome` (such as :func:`score_round` gives)."""
        if not isinstance(outcome, Outcome):
            raise InvalidPositionError(
                _(
                    "expected a round's outcome (an Outcome, as score_round gives), got {text}"
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
            starter=next_starter(self.rules, self.players, self.starter, outcome),
            result=self._result(scores),
        )

    def _result(self, scores: tuple[int, ...]) -> MatchResult | None:
        # R20: check only after the whole round is settled; R21: a tie at the top is a draw.
        reached = [s for s in scores if s >= self.target]
        if not reached:
            return None
        top = max(reached)
        leaders = [seat for seat, s in enumerate(scores, start=1) if s == top]
        teams = self.rules.teams(self.players)
        sides = {i for i, side in enumerate(teams) for seat in leaders if seat in side}
        if len(sides) > 1:
            return MatchResult("draw", None)
        return MatchResult("win", leaders[0])

    def describe_result(self) -> str:
        if self.result is None:
            return _("no one has reached {target} yet").format(target=self.target)
        if self.result.winner is None:
            return _("a draw: the highest scores at or above {target} are tied (R21)").format(
                target=self.target
            )
        w = self.result.winner
        if self.rules.partnerships:
            side = next(s for s in self.rules.teams(self.players) if w in s)
            return _("pair {seats} wins with {score} (R20)").format(
                seats="+".join(map(str, side)), score=self.scores[w - 1]
            )
        return _("player {seat} wins with {score} of {target} (R20)").format(
            seat=w, score=self.scores[w - 1], target=self.target
        )

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
