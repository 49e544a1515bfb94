"""The rows of a score sheet: a round as written down (:class:`Entry`: remaining hands or
a claim) and a settled round with everything derived from it (:class:`SheetRound`).

``block_dominoes.sheet`` builds them and re-exports both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from block_dominoes.errors import InvalidArgumentError
from block_dominoes.i18n import N_, _, iso
from block_dominoes.inputs import sequence, shown
from block_dominoes.match import MatchResult
from block_dominoes.scoring import Outcome
from block_dominoes.sheet.claims import Interpretation

__all__ = ["Entry", "SheetRound"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One round as it was written down: remaining ``hands``, or a ``claim`` (seat, points).

    >>> str(Entry.of_claim(2, 12))
    'claim: player 2 scored 12'
    >>> Entry.of_hands([' 1-4,0-0', '-']).to_json()
    {'hands': ['1-4,0-0', '-']}
    """

    hands: tuple[str, ...] | None = None
    claim: tuple[int, int] | None = None

    @classmethod
    def of_hands(cls, hands: Iterable[str]) -> Entry:
        """A round written as each player's remaining hand (tiles, a total or ``-``)."""
        texts = sequence(hands, N_("hands"))
        for h in texts:
            if not isinstance(h, str):
                raise InvalidArgumentError(
                    _("expected a hand such as {tiles}, {total} or {out}, got {text}").format(
                        tiles=iso("'1-4,0-0'"), total="'7'", out="'-'", text=shown(h)
                    )
                )
        return cls(hands=tuple(h.strip() for h in texts))

    @classmethod
    def of_claim(cls, seat: int, points: int) -> Entry:
        return cls(claim=(seat, points))

    def to_json(self) -> dict[str, object]:
        if self.claim is not None:
            return {"claim": {"seat": self.claim[0], "points": self.claim[1]}}
        return {"hands": list(self.hands or ())}

    def __str__(self) -> str:
        if self.claim is not None:
            return _("claim: player {seat} scored {points}").format(
                seat=self.claim[0], points=self.claim[1]
            )
        return _("hands: {hands}").format(hands=" | ".join(self.hands or ()))


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
