"""The immutable state of one round: turns, forced play, passing, the end (R6-R13).

Seats are numbered 1..n in turn order (R6: seat i is followed by seat i+1).

>>> s = RoundState.new('pagat', [['1-4', '2-2'], ['4-6', '0-0']], starter=1)
>>> s.legal_moves()
(Play(Tile.parse('1-4'), None), Play(Tile.parse('2-2'), None))
>>> s = s.apply(Play(Tile.parse('1-4')))
>>> s.current_player, s.legal_moves()
(2, (Play(Tile.parse('4-6'), 4),))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from block_dominoes.deal import Deal, check_hands, deal, parse_hands
from block_dominoes.errors import (
    AmbiguousMoveError,
    BlockDominoesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTileError,
    quoted,
)
from block_dominoes.i18n import N_, _, iso, pgettext
from block_dominoes.inputs import sequence, shown, whole_number
from block_dominoes.line import Line
from block_dominoes.rules import Rules, find_rules
from block_dominoes.scoring import Outcome, score_played
from block_dominoes.tiles import MAX_HALF, Tile, need_tile, parse_placement, pips, set_rule

__all__ = [
    "DrawTile",
    "Move",
    "Pass",
    "Play",
    "RoundState",
    "describe_move",
    "move_caption",
    "parse_move",
    "placements",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Place ``tile`` at the open end showing ``end`` (None for the lead)."""

    tile: Tile
    end: int | None = None

    def __post_init__(self) -> None:
        need_tile(self.tile)
        if self.end is not None:
            whole_number(self.end, N_("end"), high=MAX_HALF, rule="R7")

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile} on {self.end}"

    def __repr__(self) -> str:
        return f"Play({self.tile!r}, {self.end!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn: legal only when no tile fits (R9)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Draw the top tile of the boneyard (the Draw game only, V6)."""

    tile: Tile

    def __post_init__(self) -> None:
        need_tile(self.tile)

    def __str__(self) -> str:
        return f"draw {self.tile}"


Move = Play | Pass | DrawTile


def describe_move(move: Move) -> str:
    """A move as a person reads it, in the current language: ``str(move)`` in English
    (``[4|6] on 4``, ``pass``, ``draw [1|2]``), its tile isolated in a right-to-left one.
    For display only: the parser reads ``str(move)``, never this.

    >>> describe_move(Play(Tile.parse('4-6'), 4)), describe_move(Pass())
    ('[4|6] on 4', 'pass')
    """
    if isinstance(move, Play):
        if move.end is None:
            return iso(move.tile)
        return _("{tile} on {end}").format(tile=iso(move.tile), end=move.end)
    if isinstance(move, DrawTile):
        return _("draw {tile}").format(tile=iso(move.tile))
    if isinstance(move, Pass):
        return pgettext("a move", "pass")
    raise _not_a_move(move)


def _not_a_move(move: object) -> IllegalMoveError:
    return IllegalMoveError(
        _("not a move: {move}; a move is a Play, a Pass or a Draw").format(move=shown(move)),
        reason="not-a-move",
    )


_PASS_WORDS = frozenset({"pass", "passes", "passed"})
_DRAW_RE = re.compile(r"^draws?\s+(?P<tile>.*)$", re.IGNORECASE)
_PLAY_RE = re.compile(r"^(?:plays?|leads?)\s+(?P<tile>.*)$", re.IGNORECASE)


def parse_move(text: str, *, max_pip: int | None = None) -> Move:
    """Read one move: the grammar ``str(move)`` prints, and the only one the package reads.

    ``pass``; ``draw TILE`` (the Draw game); ``TILE`` (a lead, or a tile that
    fits one end); ``TILE on V``, ``TILE at V`` or ``TILE@V`` (the open end
    showing V). A play may start with ``play`` or ``lead``; words are
    case-insensitive and spacing is free. The notation, ``RoundState.play``,
    the terminal UI and ``line`` read moves through here.

    Raises :class:`InvalidTileError` or :class:`InvalidPositionError` (an
    unreadable end) naming the text.

    >>> parse_move('[4|6] on 4'), parse_move('PASS'), parse_move('draw 2-3')
    (Play(Tile.parse('4-6'), 4), Pass(), DrawTile(tile=Tile.parse('2-3')))
    >>> parse_move(str(Play(Tile.parse('1-2'), 2))) == Play(Tile.parse('1-2'), 2)
    True
    """
    if not isinstance(text, str):
        raise InvalidTileError(
            f"expected a move such as '[4|6] on 4' or 'pass', got {quoted(text)}"
        )
    body = " ".join(text.split())
    if body.lower() in _PASS_WORDS:
        return Pass()
    if m := _DRAW_RE.match(body):
        return DrawTile(Tile.parse(m["tile"], max_pip=max_pip))
    if m := _PLAY_RE.match(body):
        body = m["tile"]
    tile, end = parse_placement(body, max_pip=max_pip)
    return Play(tile, end)


def placements(line: Line, hand: Iterable[Tile], lead: Tile | None = None) -> tuple[Play, ...]:
    """Every placement ``hand`` can make on ``line``: the one reference for the legal
    plays (R5, R7, R8, R10; ``lead`` is the tile the first lead must be, V2).

    On the empty line every tile may lead (R5), or only ``lead`` when given; then
    the plays on the left end, tiles in the hand's order, then those on the right
    end, a value shown at both ends listed once. :meth:`RoundState.playable` and
    the strategies' :meth:`~block_dominoes.players.knowledge.Knowledge.plays` call this;
    :func:`block_dominoes.players.kernel.moves` is its bitmask twin.

    >>> from block_dominoes.tiles import parse_tiles
    >>> placements(Line.build(['1-4']), parse_tiles('4-6 1-1 2-3'))
    (Play(Tile.parse('1-1'), 1), Play(Tile.parse('4-6'), 4))
    """
    tiles = tuple(hand)
    if line.left is None or line.right is None:
        if lead is not None:
            return (Play(lead),) if lead in tiles else ()
        return tuple(Play(t) for t in tiles)
    a, b = line.left.value, line.right.value
    out = [Play(t, a) for t in tiles if t.has(a)]
    if b != a:
        out += [Play(t, b) for t in tiles if t.has(b)]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class RoundState:
    """One moment of a round. ``apply`` returns a new state; nothing changes in place."""

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...]
    line: Line
    current_player: int
    starter: int
    dealt: tuple[tuple[Tile, ...], ...]
    rest: tuple[Tile, ...] = ()
    history: tuple[tuple[int, Move], ...] = ()
    lead: Tile | None = None

    # -- construction -------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: Rules | str,
        hands: Sequence[Iterable[Tile | str] | str],
        *,
        starter: int = 1,
        rest: Iterable[Tile] = (),
        lead: Tile | None = None,
        exact: bool = False,
    ) -> RoundState:
        """A round about to start from given hands (tiles or tile text).

        Raises InvalidTileError / InvalidPositionError for bad hands or seat.
        """
        r = find_rules(rules)
        checked = check_hands(r, parse_hands(r, hands), exact=exact)
        n = len(checked)
        whole_number(starter, N_("starter"), low=1, high=n, rule="R6")
        many = isinstance(rest, Iterable) and not isinstance(rest, str)
        rest_t = tuple(need_tile(t) for t in sequence(tuple(rest) if many else rest, N_("rest")))
        if lead is not None:
            need_tile(lead)
        clash = set(rest_t) & {t for h in checked for t in h}
        if clash:
            raise InvalidPositionError(
                _("tile {tile} is both in a hand and out of play (R4)").format(
                    tile=iso(repr(str(min(clash))))
                ),
                rule="R4",
            )
        return cls(r, checked, Line(), starter, starter, checked, rest_t, (), lead)

    @classmethod
    def from_deal(cls, d: Deal) -> RoundState:
        """The round a :class:`~block_dominoes.deal.Deal` starts (InvalidArgumentError
        for anything else: hands given as tiles or text go to :meth:`new`)."""
        if not isinstance(d, Deal):
            raise InvalidArgumentError(
                _("expected a deal (a Deal, as deal() gives), got {text}").format(text=shown(d))
            )
        return cls(d.rules, d.hands, Line(), d.starter, d.starter, d.hands, d.rest, (), d.lead)

    @classmethod
    def deal(cls, rules: Rules | str, players: int, seed: int, **kwargs: int | None) -> RoundState:
        """A freshly dealt round (see :func:`block_dominoes.deal.deal`)."""
        return cls.from_deal(deal(rules, players, seed, **kwargs))  # type: ignore[arg-type]

    # -- queries --------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds (seats 1..players; InvalidPositionError otherwise)."""
        return self.hands[whole_number(seat, N_("seat"), low=1, high=self.players) - 1]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """Tiles left to draw (Draw game only; in Block the rest is out of play, R4)."""
        return self.rest if self.rules.draw else ()

    @property
    def went_out(self) -> int | None:
        """The seat that played its last tile, if any (R13)."""
        for seat, h in enumerate(self.hands, start=1):
            if not h:
                return seat
        return None

    @property
    def is_blocked(self) -> bool:
        """True when no open end can be matched by any tile in any hand, and no
        boneyard is left to draw from (the Turkish source's test, R13)."""
        if self.line.is_empty or self.boneyard or self.went_out is not None:
            return False
        a, b = self.line.end_values
        return not any(t.has(a) or t.has(b) for h in self.hands for t in h)

    @property
    def is_over(self) -> bool:
        """The round ends at once on a domino or when nobody can play (R13)."""
        return self.went_out is not None or self.is_blocked

    def playable(self, seat: int | None = None) -> tuple[Play, ...]:
        """Placements available to ``seat`` (default: the player to move), by
        :func:`placements`."""
        hand = self.hand(self.current_player if seat is None else seat)
        return placements(self.line, hand, None if self.history else self.lead)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move for the player to move, in a fixed order: the plays
        on the left end (tiles in set order), then those on the right end; a
        pass (or a draw) only when no tile fits (R9, V6). Empty once the round
        is over."""
        if self.is_over:
            return ()
        plays = self.playable()
        if plays:
            return plays
        if self.boneyard:
            return (DrawTile(self.boneyard[0]),)
        return (Pass(),)

    def outcome(self) -> Outcome | None:
        """The scored end of the round (R14-R18), or None while it goes on."""
        if not self.is_over:
            return None
        return score_played(self.rules, tuple(pips(h) for h in self.hands), self.went_out)

    def returns(self) -> tuple[int, ...]:
        """Points each seat scores this round (0 while the round goes on)."""
        out = self.outcome()
        if out is None:
            return tuple(0 for _ in self.hands)
        return tuple(out.points if s in out.side else 0 for s in range(1, self.players + 1))

    def at_start(self) -> RoundState:
        """The same round before its first move. In the Draw game the boneyard is
        rebuilt in draw order: the tiles drawn, then those never drawn."""
        drawn = tuple(m.tile for _, m in self.history if isinstance(m, DrawTile))
        return RoundState(
            self.rules, self.dealt, Line(), self.starter, self.starter, self.dealt,
            drawn + self.rest, (), self.lead,
        )  # fmt: skip

    def after(self, moves: int) -> RoundState:
        """The state after the first ``moves`` moves of this round's history
        (0 to ``len(history)``; InvalidPositionError otherwise)."""
        whole_number(moves, N_("moves"), high=len(self.history))
        s = self.at_start()
        for _seat, move in self.history[:moves]:
            s = s.apply(move)
        return s

    def explain_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal now, naming the rule, or None if it is legal."""
        try:
            self._check(move)
        except (IllegalMoveError, AmbiguousMoveError) as e:
            return str(e)
        return None

    # -- moves ----------------------------------------------------------
    def _check(self, move: Move) -> None:
        seat = self.current_player
        if not isinstance(move, Play | Pass | DrawTile):
            raise _not_a_move(move)
        if self.is_over:
            why = (
                _("player {seat} went out").format(seat=self.went_out)
                if self.went_out
                else _("the round is blocked")
            )
            raise IllegalMoveError(
                _("illegal move: {move} after the round ended: {why} (R13)").format(
                    move=describe_move(move), why=why
                ),
                rule="R13",
                reason="over",
            )
        hand = self.hand(seat)
        if isinstance(move, Pass):
            plays = self.playable()
            if plays:
                p = plays[0]
                where = _("as the lead") if p.end is None else _("on the {end}").format(end=p.end)
                raise IllegalMoveError(
                    _(
                        "illegal pass: player {seat} can play {tile} {where}; "
                        "a player who can place a tile must (R9)"
                    ).format(seat=seat, tile=iso(p.tile), where=where),
                    rule="R9",
                    reason="must-play",
                )
            if self.boneyard:
                raise IllegalMoveError(
                    _(
                        "illegal pass: player {seat} must draw while the boneyard has tiles (V6)"
                    ).format(seat=seat),
                    rule="V6",
                    reason="must-draw",
                )
            return
        if isinstance(move, DrawTile):
            if not self.rules.draw:
                raise IllegalMoveError(
                    _("illegal draw: in Block nobody draws (R4, R9)"),
                    rule="R4",
                    reason="no-drawing",
                )
            if self.playable():
                raise IllegalMoveError(
                    _("illegal draw: player {seat} can play, so must play (R9, V6)").format(
                        seat=seat
                    ),
                    rule="R9",
                    reason="must-play",
                )
            if not self.boneyard:
                raise IllegalMoveError(
                    _("illegal draw: the boneyard is empty; pass instead (V6)"),
                    rule="V6",
                    reason="empty",
                )
            if move.tile != self.boneyard[0]:
                raise IllegalMoveError(
                    _("illegal draw: the next tile is not {tile} (V6)").format(tile=iso(move.tile)),
                    rule="V6",
                    reason="not-next",
                )
            return
        if not isinstance(move, Play):
            raise _not_a_move(move)
        if move.tile.high > self.rules.max_pip:
            rule = set_rule(self.rules.max_pip)
            raise IllegalMoveError(
                _("illegal move: {tile} is not a tile of this set ({rule})").format(
                    tile=iso(move.tile), rule=rule
                ),
                rule=rule,
                reason="not-in-set",
            )
        if move.tile not in hand:
            msg = (
                _(
                    "illegal move: player {seat} does not hold {tile} (it is already on the line) (R7)"
                )
                if move.tile in self.line.tiles
                else _("illegal move: player {seat} does not hold {tile} (R7)")
            )
            raise IllegalMoveError(
                msg.format(seat=seat, tile=iso(move.tile)),
                rule="R7",
                reason="not-held",
            )
        if self.line.is_empty and self.lead not in (None, move.tile) and not self.history:
            rule = "V3" if self.rules.partnerships else "V2"
            raise IllegalMoveError(
                _(
                    "illegal lead: {tile}; the first lead must be {lead}, the highest double ({rule})"
                ).format(tile=iso(move.tile), lead=iso(self.lead), rule=rule),
                rule=rule,
                reason="wrong-lead",
            )
        self.line.check(move.tile, move.end)

    def apply(self, move: Move) -> RoundState:
        """The state after ``move``. Raises IllegalMoveError or AmbiguousMoveError,
        with the rule, for a move that is not legal now; the state is unchanged.
        The error's ``move`` is the move's number in the round."""
        try:
            self._check(move)
        except BlockDominoesError as e:
            e.move = len(self.history) + 1
            raise
        seat = self.current_player
        n = self.players
        nxt = seat % n + 1
        if isinstance(move, Pass):
            return replace(self, current_player=nxt, history=(*self.history, (seat, move)))
        if isinstance(move, DrawTile):
            hands = list(self.hands)
            hands[seat - 1] = tuple(sorted((*self.hand(seat), move.tile)))
            return replace(
                self,
                hands=tuple(hands),
                rest=self.rest[1:],
                history=(*self.history, (seat, move)),
            )
        end = self.line.check(move.tile, move.end)
        line = self.line.place(move.tile, end)
        hands = list(self.hands)
        hands[seat - 1] = tuple(t for t in self.hand(seat) if t != move.tile)
        return replace(
            self,
            hands=tuple(hands),
            line=line,
            current_player=nxt,
            history=(*self.history, (seat, Play(move.tile, end))),
        )

    def play(self, text: str) -> RoundState:
        """Apply a move written as text (:func:`parse_move`): ``'3-4'``, ``'[3|4] on 4'``,
        ``'3-4@4'``, ``'pass'``, ``'draw 2-3'``; ``str(move)`` reads back."""
        return self.apply(parse_move(text, max_pip=self.rules.max_pip))

    def transcript(self) -> list[str]:
        """One line per move: ``1: [1|4]``, ``2: [4|6] on 4``, ``3: pass``."""
        return [f"{seat}: {move}" for seat, move in self.history]

    def __str__(self) -> str:
        hands = "; ".join(
            f"player {s}: {' '.join(str(t) for t in h) or '-'}"
            for s, h in enumerate(self.hands, start=1)
        )
        return f"line: {self.line or '(empty)'}; {hands}; to play: player {self.current_player}"

    def describe(self) -> str:
        """The position as a person reads it, in the current language (``str(self)`` in
        English, where it is also the debugging text)."""
        hands = pgettext("list of hands", "; ").join(
            _("player {seat}: {tiles}").format(seat=s, tiles=" ".join(iso(t) for t in h) or "-")
            for s, h in enumerate(self.hands, start=1)
        )
        line = " ".join(iso(link.tile) for link in self.line.chain)
        return _("line: {line}; {hands}; to play: player {seat}").format(
            line=line or _("(empty)"), hands=hands, seat=self.current_player
        )

    def _repr_svg_(self) -> str:
        from block_dominoes.render.pictures import state_svg

        return state_svg(self)


# -- captions: a move of a round in words, naming the rule that allows it (the
# step-throughs' captions and ``state_svg``'s) --


def move_caption(state: RoundState, index: int) -> str:
    """The words for move ``index`` (0-based) of ``state.history``, naming the rule.

    >>> from block_dominoes.round import RoundState
    >>> s = RoundState.new('pagat', [['1-4', '2-2'], ['4-6', '0-0']]).play('1-4')
    >>> move_caption(s, 0)
    'player 1 leads [1|4] (R5, R7)'
    """
    seat, move = state.history[index]
    before = state.after(index)
    if isinstance(move, Pass):
        a, b = before.line.end_values
        return _(
            "player {seat} passes: no tile in hand matches the open ends {first} and {second} (R9)"
        ).format(seat=seat, first=a, second=b)
    if isinstance(move, DrawTile):
        return _("player {seat} draws {tile}: no tile fits (V6)").format(
            seat=seat, tile=iso(move.tile)
        )
    assert isinstance(move, Play)
    if move.end is None:
        return _("player {seat} leads {tile} (R5, R7)").format(seat=seat, tile=iso(move.tile))
    target = next(e for e in before.line.open_ends if e.value == move.end)
    if move.tile.is_double:
        rule = (
            _("R7, R10: a double lies crosswise, R8")
            if move.end == 0
            else _("R7, R10: a double lies crosswise")
        )
    else:
        rule = _("R7, R8") if move.end == 0 else "R7"
    return _("player {seat} plays {tile} on {target} ({rule})").format(
        seat=seat, tile=iso(move.tile), target=target, rule=rule
    )
