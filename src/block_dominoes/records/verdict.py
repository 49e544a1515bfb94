"""What the referee (``block_dominoes.records.checker``) answers: the first broken rule
(:class:`Violation`), each replayed move (:class:`Step`) and the whole
:class:`Verdict`, with the sentences a person reads. ``checker`` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass

from block_dominoes.i18n import _, ngettext
from block_dominoes.records.codec import Record
from block_dominoes.round import RoundState
from block_dominoes.scoring import Outcome

__all__ = ["Step", "Verdict", "Violation"]


@dataclass(frozen=True, slots=True)
class Violation:
    """The first broken rule: ``move`` is its number (0: the deal; None: the
    claimed result), ``rule`` an id such as ``R9``, ``message`` one sentence."""

    move: int | None
    rule: str
    message: str
    line: int | None = None

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "rule": self.rule, "message": self.message}

    @property
    def where(self) -> str:
        """``move 7``, ``the deal`` or ``the claimed result``, with the line if known.

        >>> Violation(7, "R9", "player 2 passed holding [1|4]", line=9).where
        'move 7 (line 9 of the record)'
        >>> Violation(0, "R2", "a tile held twice").where
        'the deal'
        """
        if self.move is None:
            text = _("the claimed result")
        elif self.move == 0:
            text = _("the deal")
        else:
            text = _("move {number}").format(number=self.move)
        if self.line:
            text += _(" (line {line} of the record)").format(line=self.line)
        return text


@dataclass(frozen=True, slots=True)
class Step:
    """One frame of the replay: the state after move ``number`` (0: the deal),
    or, for the move that breaks a rule, the state just before it with ``error``."""

    number: int
    text: str
    state: RoundState
    error: Violation | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the checker found. ``outcome`` is the result the rules give when
    the round was replayed to its end (None after a broken move or while the
    round is unfinished)."""

    record: Record
    first_error: Violation | None
    outcome: Outcome | None
    steps: tuple[Step, ...]
    confirmations: int = 0

    @property
    def valid(self) -> bool:
        return self.first_error is None

    @property
    def finished(self) -> bool:
        """True when the moves reach the end of the round (R13)."""
        return bool(self.steps) and self.steps[-1].state.is_over

    def to_json(self) -> dict[str, object]:
        return {
            "valid": self.valid,
            "first_error": None if self.first_error is None else self.first_error.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def describe(self) -> str:
        """The verdict in a few lines of plain text (what ``check`` prints)."""
        n = len(self.record.moves)
        moves = ngettext("{n} move", "{n} moves", n).format(n=n)
        e = self.first_error
        if e is not None:
            lines = [
                _("invalid: {where} breaks {rule}").format(where=e.where, rule=e.rule),
                e.message,
            ]
            if self.outcome is not None and self.outcome.explanation not in e.message:
                lines.append(
                    _("the rules give: {explanation}").format(explanation=self.outcome.explanation)
                )
            return "\n".join(lines)
        if self.outcome is None:
            turn = self.steps[-1].state.current_player if self.steps else self.record.starter
            return _(
                "valid so far: all {moves} follow the rules, but the round is not over: "
                "it is player {seat}'s turn (R13)"
            ).format(moves=moves, seat=turn)
        claim = (
            _("and the claimed result is right")
            if self.record.outcome is not None
            else _("no result was claimed")
        )
        head = _("valid: all {moves} follow the rules, {claim}").format(moves=moves, claim=claim)
        if self.confirmations:
            c = self.confirmations
            head += ngettext(
                " (the record lists {n} confirming pass after the block)",
                " (the record lists {n} confirming passes after the block)",
                c,
            ).format(n=c)
        return _("{head}\noutcome: {explanation}").format(
            head=head, explanation=self.outcome.explanation
        )
