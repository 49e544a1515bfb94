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

How rounds are checked
----------------------
Hands and claims alike are checked against one model of what a round can leave,
:mod:`block_dominoes.feasible`, with everything the sheet knows: the number of
players, the ruleset, and who started the round and so led its first tile (R5:
the starter holds a tile fewer, except in the first round of a highest-double
ruleset, where the holder of the double leads, V2). Hands go through
:func:`block_dominoes.hands.score_hands`, claims through
:func:`block_dominoes.sheet.claims.check_claim`. The sheet adds: one HAND per player of
the sheet (R1), and no round after the match has ended (R20).

Files
-----
:func:`load` and :func:`save` keep a sheet in a JSON file (``schemas/sheet.schema.json``
describes it) through :mod:`block_dominoes.storage`: atomic, locked writes that
refuse to drop another writer's change and never replace a read-only file.
Unknown keys are refused, as in records: nothing written by hand is silently lost.
:func:`update` is the read-modify-write under one lock.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from block_dominoes import filekinds, storage
from block_dominoes.errors import (
    BlockDominoesError,
    ConfirmationError,
    InvalidPositionError,
    SheetFileError,
)
from block_dominoes.feasible import starter_led
from block_dominoes.hands import parse_hand, score_hands
from block_dominoes.i18n import N_, _, iso, ngettext, pgettext
from block_dominoes.match import Match, MatchResult, next_start, result_sentence
from block_dominoes.names import display_name, player_label
from block_dominoes.rules import Rules, find_rules
from block_dominoes.scoring import Outcome, OutcomeKind
from block_dominoes.sheet.claims import Interpretation, check_claim
from block_dominoes.sheet.fileformat import (
    FORMAT,
    FORMAT_VERSION,
    check_names,
    read_round,
    read_setup,
)
from block_dominoes.sheet.rows import Entry, SheetRound

__all__ = [
    "Sheet",
    "dumps",
    "load",
    "save",
    "update",
]


# -- what a round's entry is ------------------------------------------------
# -- the sheet ------------------------------------------------------------------
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
    #: the file version this sheet was read from or last saved to (see :func:`save`)
    source: storage.Snapshot | None = field(default=None, compare=False, repr=False)

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
        return cls._make(r, n, check_names(names, n), starter, ())

    @classmethod
    def _make(
        cls,
        r: Rules,
        n: int,
        names: tuple[str, ...],
        starter: int,
        entries: tuple[Entry, ...],
        source: storage.Snapshot | None = None,
    ) -> Sheet:
        derived = _replay(r, n, names, starter, entries)
        return cls(r, n, names, starter, entries, derived, source)

    def _with(self, entries: tuple[Entry, ...]) -> Sheet:
        return Sheet._make(
            self.rules, self.players, self.names, self.first_starter, entries, self.source
        )

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
        return player_label(self.names[seat - 1], seat)

    # changes
    def check_entry(
        self, entry: Entry, number: int | None = None
    ) -> tuple[Outcome, tuple[Interpretation, ...]]:
        """Check one round's entry as round ``number`` (default: the next round), with
        what the sheet knows of it (its starter led, R5); raises with the reason if
        impossible."""
        if number is None:
            starter = self.match.starter
            number = len(self.entries) + 1
        else:
            starter = self.rounds[number - 1].starter
        return _entry_outcome(self.rules, self.players, self.names, entry, starter, number)

    def add(self, entry: Entry) -> Sheet:
        """The sheet with one more round. Refused after the match has ended (R20)."""
        if self.result is not None:
            raise InvalidPositionError(
                _(
                    "round {number} refused: the match is over, {result}; no round can be added"
                ).format(number=len(self.entries) + 1, result=self.describe_result())
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
            raise InvalidPositionError(
                (
                    _("cannot edit round {number}: the sheet has no rounds yet")
                    if k == 0
                    else _("cannot edit round {number}: the sheet has rounds 1 to {last}")
                ).format(number=repr(number), last=k)
            )
        try:
            self.check_entry(entry, number)
        except BlockDominoesError as e:
            raise type(e)(_("round {number}: {error}").format(number=number, error=e)) from None
        entries = list(self.entries)
        entries[number - 1] = entry
        end = _end_round(self.rules, self.players, self.names, self.first_starter, entries)
        if end is not None and end < k:
            later = list(range(end + 1, k + 1))
            if not drop_later:
                msg = (
                    _(
                        "edit of round {number} refused: with it the match ends after round "
                        "{end} (R20), so round {first} would come after the end; confirm dropping "
                        "it ({flag})"
                    )
                    if len(later) == 1
                    else _(
                        "edit of round {number} refused: with it the match ends after round "
                        "{end} (R20), so rounds {first} to {last} would come after the end; "
                        "confirm dropping them ({flag})"
                    )
                )
                raise ConfirmationError(
                    msg.format(
                        number=number,
                        end=end,
                        first=later[0],
                        last=later[-1],
                        flag="--drop-later",
                    )
                )
            entries = entries[:end]
        return self._with(tuple(entries))

    def undo(self, *, confirm: bool) -> Sheet:
        """The sheet without its last round; needs ``confirm=True``."""
        if not self.entries:
            raise InvalidPositionError(_("nothing to undo: the sheet has no rounds"))
        if not confirm:
            raise ConfirmationError(
                _(
                    "undo of round {number} refused: it needs a confirmation "
                    "({flag}, or answer {yes} at the prompt)"
                ).format(number=len(self.entries), flag="--yes", yes=_("y"))
            )
        return self._with(self.entries[:-1])

    # text and data
    def describe_result(self) -> str:
        if self.result is None:
            return _("no one has reached {target} yet").format(target=self.target)
        return _result_sentence(self, self.result, self.scores)

    def scores_text(self, scores: Sequence[int] | None = None) -> str:
        sc = self.scores if scores is None else scores
        return pgettext("list of scores", ", ").join(
            _("{name} {score}").format(name=display_name("player", name, s), score=v)
            for s, (name, v) in enumerate(zip(self.names, sc, strict=True), start=1)
        )

    def round_text(self, rnd: SheetRound) -> str:
        lines = [
            _("round {number}, started by {who}: {explanation}").format(
                number=rnd.number, who=self.label(rnd.starter), explanation=rnd.explanation
            )
        ]
        for i in rnd.interpretations:
            lines.append(_("  possible: {text}").format(text=i.text))
        lines.append(_("  totals: {scores}").format(scores=self.scores_text(rnd.scores)))
        if rnd.result is not None:
            lines.append(_("  match over: {result}").format(result=_result_text(self, rnd)))
        elif rnd.next_starter is not None:
            lines.append(
                _("  next: {who} starts ({reason})").format(
                    who=self.label(rnd.next_starter), reason=_(rnd.starter_reason)
                )
            )
        return "\n".join(lines)

    def header(self) -> str:
        who = pgettext("list of names", ", ").join(
            self.label(s) for s in range(1, self.players + 1)
        )
        pair = ""
        if self.rules.partnerships:
            pair = _("; pairs {pairs}").format(
                pairs=_(" against ").join(
                    "+".join(map(str, side)) for side in self.rules.teams(self.players)
                )
            )
        return _(
            "score sheet: {n} players ({who}){pairs}; rules {rules}; target {target} (R3, R20); "
            "{starter} won the lot and starts round 1 (R5)"
        ).format(
            n=self.players,
            who=who,
            pairs=pair,
            rules=self.rules.name,
            target=self.target,
            starter=self.label(self.first_starter),
        )

    def describe(self) -> str:
        lines = [self.header()]
        lines += [self.round_text(r) for r in self.rounds]
        if self.result is None:
            ns = self.next_starter
            assert ns is not None
            k = len(self.rounds)
            lines.append(
                ngettext(
                    "after {k} round: {scores}; {who} starts round {next}",
                    "after {k} rounds: {scores}; {who} starts round {next}",
                    k,
                ).format(k=k, scores=self.scores_text(), who=self.label(ns), next=k + 1)
            )
        else:
            lines.append(
                _("final: {scores}; {result}").format(
                    scores=self.scores_text(), result=self.describe_result()
                )
            )
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
        """Rebuild a sheet from :meth:`to_json`; raises SheetFileError naming what is
        wrong (see :func:`block_dominoes.sheet.fileformat.read_setup`)."""
        try:
            rules, n, names, starter, raw = read_setup(data)
            sheet = cls.new(rules, n, names=names, starter=starter)
            entries = []
            for i, x in enumerate(raw, start=1):
                hands, claim = read_round(x, i)
                entries.append(Entry(hands=hands) if claim is None else Entry(claim=claim))
            sheet = sheet._with(tuple(entries))
        except SheetFileError:
            raise
        except BlockDominoesError as e:
            raise SheetFileError(_("corrupt score sheet: {error}").format(error=e)) from None
        return sheet


def _result_text(sheet: Sheet, rnd: SheetRound) -> str:
    assert rnd.result is not None
    return _result_sentence(sheet, rnd.result, rnd.scores)


def _result_sentence(sheet: Sheet, res: MatchResult, scores: Sequence[int]) -> str:
    """Who won the match with what, or that it was drawn (R20, R21), in the sheet's
    names (:func:`block_dominoes.match.result_sentence`)."""
    return result_sentence(sheet.rules, sheet.players, res, scores, label=sheet.label)


def _entry_outcome(
    r: Rules, n: int, names: tuple[str, ...], entry: Entry, starter: int, number: int
) -> tuple[Outcome, tuple[Interpretation, ...]]:
    """Check and score one entry as round ``number``, started by ``starter``: the
    feasibility model knows the starter led (R5), unless a highest-double first round
    let the holder of the double lead (V2)."""
    led = starter if starter_led(r, number) else None
    if entry.claim is not None:
        seat, points = entry.claim
        interps = tuple(check_claim(r, n, seat, points, names=names, starter=led))
        side = next(s for s in r.teams(n) if seat in s)
        kinds = {i.kind for i in interps}
        kind = next(iter(kinds)) if len(kinds) == 1 else OutcomeKind.DOMINO
        scorer = (
            _("player {seat}").format(seat=seat)
            if len(side) == 1
            else _("pair {pair}").format(pair="+".join(map(str, side)))
        )
        could = {
            frozenset({OutcomeKind.DOMINO}): _("a domino"),
            frozenset({OutcomeKind.BLOCKED}): _("a block"),
        }.get(frozenset(kinds), _("a domino or a block"))
        text = _(
            "claim: {scorer} scored {points}; the hands were not written down, "
            "so it could have been {could} (see the possible endings)"
        ).format(scorer=scorer, points=points, could=could)
        # The totals of a claim are unknown; Match only needs the seat count.
        return Outcome(kind, seat, points, (0,) * n, text, side), interps
    hands = entry.hands or ()
    if len(hands) != n:
        raise InvalidPositionError(
            ngettext(
                "a round of {k} hand cannot join a sheet of {n} players: write one HAND per "
                "player (R1)",
                "a round of {k} hands cannot join a sheet of {n} players: write one HAND per "
                "player (R1)",
                len(hands),
            ).format(k=len(hands), n=n)
        )
    out = score_hands(r, [parse_hand(h, r) for h in hands], starter=led)
    return out, ()


def _replay(
    r: Rules, n: int, names: tuple[str, ...], starter: int, entries: Sequence[Entry]
) -> tuple[Match, tuple[SheetRound, ...]]:
    match = Match.new(r, n, starter=starter)
    rounds: list[SheetRound] = []
    for i, e in enumerate(entries, start=1):
        if match.result is not None:
            raise InvalidPositionError(
                _("round {number} refused: the match ended after round {last} (R20)").format(
                    number=i, last=i - 1
                )
            )
        try:
            out, interps = _entry_outcome(r, n, names, e, match.starter, i)
        except BlockDominoesError as err:
            raise type(err)(_("round {number}: {error}").format(number=i, error=err)) from None
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
                next_start(r, n, before, out.winner).short,
            )
        )
    return match, tuple(rounds)


def _end_round(
    r: Rules, n: int, names: tuple[str, ...], starter: int, entries: Sequence[Entry]
) -> int | None:
    """The round after which these entries end the match, if any. A round the
    entries before it make impossible (an edit changed who starts it) is refused
    naming that round."""
    match = Match.new(r, n, starter=starter)
    for i, e in enumerate(entries, start=1):
        try:
            out, _interps = _entry_outcome(r, n, names, e, match.starter, i)
        except BlockDominoesError as err:
            raise err.restated(_("round {number}: {error}").format(number=i, error=err)) from None
        match = match.add(out)
        if match.result is not None:
            return i
    return None


# -- files ------------------------------------------------------------------------
def load(path: str | os.PathLike[str]) -> Sheet:
    """Read a sheet file. Raises SheetFileError naming the file: missing (or its
    folder, or the target of a link), unreadable, corrupt, of another version.

    The sheet remembers what the file held (:attr:`Sheet.source`), so :func:`save`
    refuses to overwrite a change another writer made meanwhile."""
    data, snap = storage.read_json(
        path, what=N_("score sheet"), create="sheet new", error=SheetFileError
    )
    try:
        sheet = Sheet.from_json(data)
    except SheetFileError as e:
        raise SheetFileError(
            _("{file}: {error}").format(file=iso(repr(str(path))), error=e)
        ) from None
    object.__setattr__(sheet, "source", snap)
    return sheet


def dumps(sheet: Sheet) -> str:
    """The file text of a sheet (stable: the same sheet gives the same bytes)."""
    return json.dumps(sheet.to_json(), indent=2, ensure_ascii=False) + "\n"


def save(sheet: Sheet, path: str | os.PathLike[str], *, new: bool = False) -> None:
    """Write a sheet atomically and under the file's lock (:func:`storage.write`).

    With ``new=True`` an existing file or link is refused, never overwritten. A sheet
    read from this same file (:func:`load`) is only written if the file still holds
    what was read: otherwise SheetFileError, and nothing is written, so no round
    another writer added is lost. A read-only file is refused, never replaced.
    After the write the sheet remembers the new file version, so it can be saved
    again."""
    if sheet.rules != _preset(sheet.rules.name):
        raise SheetFileError(
            _("only preset rulesets can be saved, not a custom {name}").format(
                name=repr(sheet.rules.name)
            )
        )
    if new:  # a sheet is JSON: never written into a.png or notes.txt
        filekinds.check_kind(path, "json", error=SheetFileError)
    src = sheet.source
    expect = src if src is not None and src.path == os.path.realpath(path) else None
    snap = storage.write(
        path,
        dumps(sheet).encode("utf-8"),
        new=new,
        expect=None if new else expect,
        what=N_("sheet"),
        error=SheetFileError,
    )
    object.__setattr__(sheet, "source", snap)


def update(path: str | os.PathLike[str], change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
    """Read, change and write the sheet in ``path`` under its lock, so that writers
    running at once each see the others' rounds; returns (old sheet, new sheet).
    A refused change raises and writes nothing.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / 'm.json'
    >>> save(Sheet.new('pagat', 2), p, new=True)
    >>> old, new = update(p, lambda s: s.add_hands(['5', '5']))
    >>> len(old.rounds), len(new.rounds), len(load(p).rounds)
    (0, 1, 1)
    """
    load(path)  # a missing or unreadable file is refused before its lock file is made
    with storage.locked(path, error=SheetFileError):
        old = load(path)
        new = change(old)
        save(new, path)
    return old, new


def _preset(name: str) -> Rules | None:
    try:
        return find_rules(name)
    except BlockDominoesError:
        return None
