"""Replay a record under its ruleset and name the first broken rule, like a referee.

:func:`check_record` deals the record's hands, replays its moves with
:class:`~block_dominoes.round.RoundState` and stops at the first violation:
the move's number (1-based, passes and draws counted; 0 means the deal itself;
None means the moves are fine but the claimed result is not), the rule it
breaks, and a sentence a player understands. Otherwise the record is valid and
the verdict carries the outcome the rules give.

Two ways a blocked round may end are both legal: the record may stop at the
last tile placed, or list the confirming passes that follow (each player in
turn, from the next seat on, saying they cannot play, as the Turkish source
describes; at most one full circle). Anything else after the block, or any
move after a domino, breaks R13.

>>> from block_dominoes.records import parse_record
>>> rec = parse_record('''
... hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6
... hand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6
... 1: [1|4]
... 2: pass
... ''')
>>> v = check_record(rec)
>>> v.valid, v.first_error.move, v.first_error.rule
(False, 2, 'R9')
>>> print(v.first_error.message)
player 2 passed, but could play [4|6] on the 4: a player who can place a tile must (R9)
"""

from __future__ import annotations

from dataclasses import replace

from block_dominoes.deal import check_hands, first_lead
from block_dominoes.errors import BlockDominoesError, InvalidArgumentError, InvalidPositionError
from block_dominoes.i18n import N_, _, iso, ngettext, pgettext
from block_dominoes.inputs import shown
from block_dominoes.records.codec import ClaimedOutcome, Record
from block_dominoes.records.verdict import Step, Verdict, Violation
from block_dominoes.round import DrawTile, Move, Pass, Play, RoundState
from block_dominoes.rules import BlockedScoring, Rules, find_rules
from block_dominoes.scoring import Outcome, OutcomeKind
from block_dominoes.tiles import Tile, full_set, set_name, set_rule

__all__ = [
    "check_record",
]


NEVER_DEALT = N_("it was never dealt to them")


# -- helpers --------------------------------------------------------------
def _seat_list(seats: list[int]) -> str:
    return " and ".join(str(s) for s in seats)


def _where_is(tile: Tile, state: RoundState, played: dict[Tile, int], seat: int) -> str:
    """Where a tile the mover does not hold actually is, in words."""
    if tile in played:
        return _("it was already played at move {number}").format(number=played[tile])
    for other, hand in enumerate(state.hands, start=1):
        if other != seat and tile in hand:
            return _("it is in player {seat}'s hand").format(seat=other)
    if tile in state.rest:
        return _("it is still in the boneyard") if state.rules.draw else _("it is out of play (R4)")
    return _(NEVER_DEALT)


def _end_word(v: int) -> str:
    return _("the blank (0)") if v == 0 else _("the {value}").format(value=v)


def _ends(state: RoundState) -> str:
    a, b = state.line.end_values
    return (
        _("both {value}").format(value=a)
        if a == b
        else _("{first} and {second}").format(first=a, second=b)
    )


def _fit_phrase(p: Play) -> str:
    if p.end is None:
        return _("lead {tile}").format(tile=iso(p.tile))
    return _("play {tile} on {end}").format(tile=iso(p.tile), end=_end_word(p.end))


def _check_deal(rec: Record, rules: Rules) -> Violation | None:
    """The set-up: players, hand sizes, repeats, tiles outside the set (R1-R5, V2, V6)."""
    try:
        rules.check_players(rec.players)
    except InvalidPositionError as e:
        return Violation(0, "V3" if rules.partnerships else "R1", str(e))
    n = rec.players
    if len(rec.hands) != n:
        return Violation(
            0,
            "R3",
            ngettext(
                "the record says {n} players but gives {k} hand: each player is dealt one hand (R3)",
                "the record says {n} players but gives {k} hands: each player is dealt one hand "
                "(R3)",
                len(rec.hands),
            ).format(n=n, k=len(rec.hands)),
        )
    try:  # the hands: the set (R2 or V5), each tile once (R2), the deal's size (R3)
        check_hands(rules, rec.hands, exact=True)
    except InvalidPositionError as e:
        return Violation(0, e.rule or "R3", str(e))
    if rec.out_of_play is not None:
        v = _check_out_of_play(rec, rules)
        if v is not None:
            return v
    if rec.out_of_play is not None:
        if rules.draw and rec.out_of_play:
            return Violation(
                0,
                "V6",
                _(
                    "in the Draw game no tile is out of play: the undealt tiles are the boneyard "
                    "(V6)"
                ),
            )
        if not rules.draw and len(rec.out_of_play) != rules.undealt(n):
            return Violation(
                0,
                "R4",
                ngettext(
                    "the record lists {k} tile out of play, but with {n} players {undealt} of the "
                    "{size} tiles stay out of play (R4)",
                    "the record lists {k} tiles out of play, but with {n} players {undealt} of the "
                    "{size} tiles stay out of play (R4)",
                    len(rec.out_of_play),
                ).format(
                    k=len(rec.out_of_play), n=n, undealt=rules.undealt(n), size=rules.set_size
                ),
            )
    if not 1 <= rec.starter <= n:
        return Violation(
            0,
            "R5",
            _("the starter must be one of the players 1 to {n}, not {starter} (R5)").format(
                n=n, starter=rec.starter
            ),
        )
    return None


def _check_out_of_play(rec: Record, rules: Rules) -> Violation | None:
    """The record's out-of-play list: tiles of the set, none held or listed twice (R4)."""
    assert rec.out_of_play is not None
    out_of_play = _("out of play")
    valid = set(full_set(rules.max_pip))
    holder = {
        t: _("player {seat}'s hand").format(seat=s)
        for s, h in enumerate(rec.hands, start=1)
        for t in h
    }
    for t in rec.out_of_play:
        if t not in valid:
            rule = set_rule(rules.max_pip)
            return Violation(
                0,
                rule,
                _(
                    "{tile} in {name} is not a tile of the {set} set used by {rules}: its "
                    "halves go from 0 to {max} ({rule})"
                ).format(
                    tile=iso(t),
                    name=out_of_play,
                    set=_(set_name(rules.max_pip)),
                    rules=repr(rules.name),
                    max=rules.max_pip,
                    rule=rule,
                ),
            )
        if t in holder:
            first = holder[t]
            text = (
                _("{tile} appears twice in {name}").format(tile=iso(t), name=out_of_play)
                if first == out_of_play
                else _("{tile} is both in {first} and in {name}").format(
                    tile=iso(t), first=first, name=out_of_play
                )
            )
            return Violation(
                0,
                "R4",
                _("{text}: the set holds each tile once, so it can be dealt once ({rule})").format(
                    text=text, rule="R4"
                ),
            )
        holder[t] = out_of_play
    return None


def _lead_for(rec: Record, rules: Rules) -> tuple[Tile | None, Violation | None]:
    """Under V2 (first round only) the tile that must lead, or the starter error."""
    if (rec.round or 1) != 1:
        return None, None
    fixed = first_lead(rules, tuple(tuple(h) for h in rec.hands))  # None unless V2
    if fixed is None:
        return None, None
    seat, tile = fixed
    rule = "V3" if rules.partnerships else "V2"
    if seat != rec.starter:
        msg = (
            _(
                "player {seat} holds the highest double {tile}, so player {seat} starts the first "
                "round by leading it, but the record has player {starter} start ({rule})"
            )
            if tile.is_double
            else _(
                "player {seat} holds the heaviest tile (no double was dealt) {tile}, so player "
                "{seat} starts the first round by leading it, but the record has player "
                "{starter} start ({rule})"
            )
        )
        return tile, Violation(
            0, rule, msg.format(seat=seat, tile=iso(tile), starter=rec.starter, rule=rule)
        )
    return tile, None


def _move_text(seat: int, move: Move) -> str:
    if isinstance(move, Pass):
        return _("player {seat} passes").format(seat=seat)
    if isinstance(move, DrawTile):
        return _("player {seat} draws {tile}").format(seat=seat, tile=iso(move.tile))
    if move.end is None:
        return _("player {seat} plays {tile}").format(seat=seat, tile=iso(move.tile))
    return _("player {seat} plays {tile} on {end}").format(
        seat=seat, tile=iso(move.tile), end=_end_word(move.end)
    )


class _Broken(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def _verdict_text(
    e: BlockDominoesError, state: RoundState, seat: int, move: Move, played: dict[Tile, int]
) -> str | None:
    """The referee's sentence for the rule ``state`` raised against ``move``, from the
    error's ``reason`` and what the position shows (None: use the engine's own words)."""
    rules, why = state.rules, e.reason
    if isinstance(move, Pass):
        if why == "must-play":
            p = state.playable()[0]
            if p.end is None:
                what = (
                    _("had to lead {tile}") if state.lead is not None else _("could lead {tile}")
                ).format(tile=iso(p.tile))
            else:
                what = _("could play {tile} on {end}").format(
                    tile=iso(p.tile), end=_end_word(p.end)
                )
            return _(
                "player {seat} passed, but {what}: a player who can place a tile must (R9)"
            ).format(seat=seat, what=what)
        if why == "must-draw":
            return _(
                "player {seat} passed, but the boneyard still has {n} tiles: in the Draw game "
                "you draw until you can play, and pass only when it is empty (V6)"
            ).format(seat=seat, n=len(state.boneyard))
        return None
    tile = move.tile
    if isinstance(move, DrawTile):
        if why == "no-drawing":
            return _(
                "player {seat} drew {tile}, but in Block nobody draws: the undealt tiles stay "
                "out of play and a player who cannot play passes (R4, R9)"
            ).format(seat=seat, tile=iso(tile))
        if why == "must-play":
            return _(
                "player {seat} drew, but could {move}: you draw only when no tile fits (R9, V6)"
            ).format(seat=seat, move=_fit_phrase(state.playable()[0]))
        if why == "empty":
            return _(
                "player {seat} drew {tile}, but the boneyard is empty: pass instead (V6)"
            ).format(seat=seat, tile=iso(tile))
        if why == "not-next":
            if tile.high > rules.max_pip:
                where = _("it is not in the {set} set").format(set=_(set_name(rules.max_pip)))
            elif tile in state.hand(seat):
                where = _("they already hold it")
            else:
                where = _where_is(tile, state, played, seat)
                if where == _(NEVER_DEALT):
                    where = _("it was drawn earlier")
            return _(
                "player {seat} drew {tile}, but it is not in the boneyard: {where} (V6)"
            ).format(seat=seat, tile=iso(tile), where=where)
        return None
    end = move.end
    zero = Tile(0, 0)
    if why == "not-in-set":
        name = _(set_name(rules.max_pip))
        return _("player {seat} played {tile}, which is not in the {set} set ({rule})").format(
            seat=seat, tile=iso(tile), set=name, rule=set_rule(rules.max_pip)
        )
    if why == "not-held":
        return _("player {seat} played {tile}, but does not hold it: {where} (R7)").format(
            seat=seat, tile=iso(tile), where=_where_is(tile, state, played, seat)
        )
    if why == "wrong-lead":
        return _("player {seat} led {tile}, but the first round opens with {lead} ({rule})").format(
            seat=seat, tile=iso(tile), lead=iso(state.lead), rule=e.rule
        )
    if why == "no-fit":
        values = state.line.end_values
        if tile == zero:
            reason = _("[0|0] is not a wildcard: a blank matches only a blank (R8)")
        elif 0 in values:
            reason = _("neither half matches an open end (R7, R8)")
        else:
            reason = _("neither half matches an open end (R7)")
        return _("player {seat} played {tile} on a line whose ends are {ends}: {reason}").format(
            seat=seat, tile=iso(tile), ends=_ends(state), reason=reason
        )
    if why == "both-ends":
        fits = state.line.fits(tile)
        return _(
            "player {seat} played {tile}, which fits both open ends ({first} and {second}), and "
            "the record does not say which: write {one} or {other} (R7)"
        ).format(
            seat=seat,
            tile=iso(tile),
            first=fits[0],
            second=fits[1],
            one=iso(f"'{tile} on {fits[0]}'"),
            other=iso(f"'{tile} on {fits[1]}'"),
        )
    if why == "no-such-end" and end is not None:
        return _(
            "player {seat} played {tile} on {end_word}, but no open end shows {end}: the ends "
            "are {ends} (R7)"
        ).format(seat=seat, tile=iso(tile), end_word=_end_word(end), end=end, ends=_ends(state))
    if why == "wrong-end" and end is not None:
        if tile == zero:
            return _(
                "player {seat} played {tile} on the {end}, but {tile} is not a wildcard: "
                "a blank matches only a blank (R8)"
            ).format(seat=seat, tile=iso(tile), end=end)
        if end == 0:
            return _(
                "player {seat} played {tile} on the blank end, but a blank matches only "
                "a blank and {tile} has none (R8)"
            ).format(seat=seat, tile=iso(tile))
        return _(
            "player {seat} played {tile} on the {end}, but neither half of {tile} shows {end}: "
            "a tile must match the end it joins (R7)"
        ).format(seat=seat, tile=iso(tile), end=end)
    return None


def _apply(state: RoundState, move: Move) -> RoundState:
    """``state.apply(move)``. A record does not give the Draw game's draw order, so
    a tile drawn from anywhere in the boneyard is taken as its top tile (V6)."""
    if isinstance(move, DrawTile) and move.tile in state.boneyard:
        rest = (move.tile, *(t for t in state.rest if t != move.tile))
        state = replace(state, rest=rest)
    return state.apply(move)


def _claim_error(
    rules: Rules, claim: ClaimedOutcome, out: Outcome, state: RoundState
) -> str | None:
    """The rule a wrong claim breaks, or None when the claim is right."""
    if claim.kind != out.kind.value:
        return "R13"
    side_ok = claim.winner == out.winner or (
        out.kind is OutcomeKind.BLOCKED and claim.winner is not None and claim.winner in out.side
    )
    if not side_ok or claim.points != out.points:
        if out.kind is OutcomeKind.DOMINO:
            return "R15"
        if out.winner is None:
            return "R17"
        if rules.partnerships:
            return "V3"
        return "V4" if rules.blocked_scoring is BlockedScoring.ALL_PIPS else "R16"
    if claim.totals is not None and tuple(claim.totals) != tuple(out.totals):
        return "R14"
    return None


def _claim_message(rule: str, claim: ClaimedOutcome, out: Outcome, state: RoundState) -> str:
    said = iso(f"'{claim}'")
    if rule == "R13":
        msg = (
            _(
                "the record claims {claim}, but the round ended in a domino (player {seat} went "
                "out): {explanation}"
            )
            if out.kind is OutcomeKind.DOMINO
            else _(
                "the record claims {claim}, but the round ended blocked (nobody could play): "
                "{explanation}"
            )
        )
        return msg.format(claim=said, seat=out.winner, explanation=out.explanation)
    if rule == "R14":
        sep = pgettext("list of numbers", ", ")
        return _(
            "the record claims totals {got}, but the hands left hold {real} pips: "
            "a tile counts the sum of its halves (R14)"
        ).format(got=sep.join(map(str, claim.totals or ())), real=sep.join(map(str, out.totals)))
    return _("the record claims {claim}, but the rules give {points}: {explanation}").format(
        claim=said, points=out.points, explanation=out.explanation
    )


# -- the checker ---------------------------------------------------------
def check_record(record: Record) -> Verdict:
    """Replay ``record`` and return the :class:`Verdict`.

    Never raises for a broken rule: that is the verdict. Raises
    :class:`~block_dominoes.errors.UnknownRulesError` only for an unknown
    ruleset (the record readers already reject one).
    """
    if not isinstance(record, Record):
        raise InvalidArgumentError(
            _("expected a record (a Record, as load_record gives), got {text}").format(
                text=shown(record)
            )
        )
    rules = find_rules(record.rules)
    err = _check_deal(record, rules)
    lead, lead_err = (None, None) if err else _lead_for(record, rules)
    err = err or lead_err
    if err is not None:
        return Verdict(record, err, None, ())
    n = record.players
    dealt = {t for h in record.hands for t in h}
    if rules.draw:
        rest = tuple(t for t in full_set(rules.max_pip) if t not in dealt)
    elif record.out_of_play is not None:
        rest = tuple(sorted(record.out_of_play))
    else:
        rest = tuple(t for t in full_set(rules.max_pip) if t not in dealt)
    state = RoundState.new(rules, record.hands, starter=record.starter, rest=rest, lead=lead)
    who = (
        _("the deal: player {seat} starts").format(seat=record.starter)
        if lead is None
        else _("the deal: player {seat} starts and leads {tile}").format(
            seat=record.starter, tile=iso(lead)
        )
    )
    steps = [Step(0, who, state)]
    played: dict[Tile, int] = {}
    confirmations = 0
    ended_at = 0
    for i, (seat, move) in enumerate(record.moves, start=1):
        text = _("move {number}: {move}").format(number=i, move=_move_text(seat, move))
        try:
            if state.is_over:
                if state.went_out is not None:
                    raise _Broken(
                        "R13",
                        _(
                            "{move}, but player {seat} went out at move {number}: the round ends "
                            "at once on a domino (R13)"
                        ).format(move=_move_text(seat, move), seat=state.went_out, number=ended_at),
                    )
                expected = (state.current_player - 1 + confirmations) % n + 1
                blocked = _(
                    "the round was blocked after move {number}: no tile in any hand "
                    "matches the ends {ends}"
                ).format(number=ended_at, ends=_ends(state))
                if not isinstance(move, Pass):
                    raise _Broken(
                        "R13",
                        _("{move}, but {blocked}, so the round is over (R13)").format(
                            move=_move_text(seat, move), blocked=blocked
                        ),
                    )
                if confirmations >= n:
                    raise _Broken(
                        "R13",
                        _(
                            "player {seat} passed again, but every player has already confirmed "
                            "that {blocked}; the round is over (R13)"
                        ).format(seat=seat, blocked=blocked),
                    )
                if seat != expected:
                    raise _Broken(
                        "R6",
                        _(
                            "player {seat} passed out of turn: after the block each player "
                            "confirms in turn, and it was player {expected}'s turn (R6)"
                        ).format(seat=seat, expected=expected),
                    )
                confirmations += 1
                steps.append(Step(i, _("{text} (confirms the block)").format(text=text), state))
                continue
            if not 1 <= seat <= n:
                raise _Broken(
                    "R6",
                    _("there is no player {seat} at a {n}-player table (R6)").format(
                        seat=seat, n=n
                    ),
                )
            if seat != state.current_player:
                prev = (state.current_player - 2) % n + 1
                cur = state.current_player
                after = (
                    _("player {seat} starts").format(seat=cur)
                    if not state.history
                    else _(
                        "play goes round in turn and player {seat} follows player {prev}"
                    ).format(seat=cur, prev=prev)
                )
                if state.history and isinstance(state.history[-1][1], DrawTile):
                    after = _("player {seat} drew and is still to play").format(seat=cur)
                raise _Broken(
                    "R6",
                    _(
                        "player {seat} moved out of turn: it was player {current}'s turn ({after}) "
                        "(R6)"
                    ).format(seat=seat, current=cur, after=after),
                )
            state = _apply(state, move)
            if isinstance(move, Play):
                played[move.tile] = i
        except _Broken as b:
            v = Violation(i, b.rule, b.message, record.line_of(i))
            steps.append(Step(i, text, state, v))
            return Verdict(record, v, None, tuple(steps), confirmations)
        except BlockDominoesError as e:  # the engine names the rule the move breaks
            said = _verdict_text(e, state, seat, move, played)
            v = Violation(i, e.rule or "R7", said or str(e), record.line_of(i))
            steps.append(Step(i, text, state, v))
            return Verdict(record, v, None, tuple(steps), confirmations)
        if state.is_over:
            ended_at = i
        steps.append(Step(i, text, state))

    claim = record.outcome
    if not state.is_over:
        if claim is None:
            return Verdict(record, None, None, tuple(steps))
        plays = state.playable()
        can = (
            _("player {seat} can still {move}").format(
                seat=state.current_player, move=_fit_phrase(plays[0])
            )
            if plays
            else _("it is player {seat}'s turn").format(seat=state.current_player)
        )
        v = Violation(
            None,
            "R13",
            _(
                "the record claims {claim}, but the round is not over after move {number}: "
                "{can} (R13)"
            ).format(claim=iso(f"'{claim}'"), number=len(record.moves), can=can),
        )
        return Verdict(record, v, None, tuple(steps), confirmations)
    out = state.outcome()
    assert out is not None
    if claim is not None:
        rule = _claim_error(rules, claim, out, state)
        if rule is not None:
            v = Violation(None, rule, _claim_message(rule, claim, out, state))
            return Verdict(record, v, out, tuple(steps), confirmations)
    return Verdict(record, None, out, tuple(steps), confirmations)
