"""Play a round or a whole match against 1-3 computer players.

You are player 1. Your hand is a row of tile buttons (the ones that fit are
green); the line is the engine's SVG with the ends you can use marked. A tile
that fits nowhere is explained (R7, R8); a tile that fits both ends asks which.
Your forced passes happen by themselves (R9) and say so. Computer moves come
one at a time with their reason: press ``Next`` (or tick "computer moves at
once"). At the end of a round every hand is shown with the score, its
explanation, the match scoreboard and who starts next; the match ends at the
target (R20, R21). A deal number gives everyone the same deals and the same
computer moves. ``Hint`` asks :func:`block_dominoes.players.strategies.hint`, which
sees only what you can see.

Tests drive the widget through its methods: :meth:`PlayWidget.click_tile`,
:meth:`PlayWidget.choose_end`, :meth:`PlayWidget.hint`, :meth:`PlayWidget.next`,
:meth:`PlayWidget.next_round`, :meth:`PlayWidget.new_deal`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as w

from block_dominoes.deal import check_seed, rng_for
from block_dominoes.errors import IllegalMoveError, InvalidPositionError
from block_dominoes.i18n import _, get_language, is_rtl, iso, language, ngettext, pgettext, speaks
from block_dominoes.match import Match, next_start
from block_dominoes.players.strategies import Strategy, ends_words, find_strategy
from block_dominoes.players.strategies import hint as strategy_hint
from block_dominoes.render.pictures import hand_svg, line_svg
from block_dominoes.round import DrawTile, Pass, Play, RoundState, describe_move
from block_dominoes.rules import Rules, find_rules
from block_dominoes.tiles import Tile
from block_dominoes.widgets.common import (
    NEEDS_KERNEL,
    Message,
    fit_width,
    guard,
    own_language,
    svg_view,
)

__all__ = ["PlayWidget", "play"]


def _ends(state: RoundState) -> str:
    return ends_words(state.line.end_values)


F = TypeVar("F", bound=Callable[..., Any])


def _bdi(text: str) -> str:
    """Tile notation in HTML: escaped, and kept left to right in a right-to-left page."""
    if not is_rtl():
        return html.escape(text)
    return f'<bdi dir="ltr">{html.escape(text)}</bdi>'


class PlayWidget(w.VBox):
    """A game against computer players. See the module docstring for the controls.

    Text attributes for tests and readers: ``status`` (whose turn and what to
    do), ``transcript`` (every move so far with its reason), ``message`` text via
    :attr:`message_text`, ``result_text`` (the end of the round).
    """

    def __init__(
        self,
        *,
        players: int = 2,
        rules: Rules | str = "pagat",
        strategies: str | Sequence[str] = "random",
        seed: int = 0,
        teaching: bool = False,
        match: bool = True,
        auto: bool = False,
    ) -> None:
        self.lang = get_language()
        self.rules = find_rules(rules)
        self.players = self.rules.check_players(players)
        names = [strategies] if isinstance(strategies, str) else list(strategies)
        if len(names) == 1:
            names = names * (self.players - 1)
        if len(names) != self.players - 1:
            raise InvalidPositionError(
                ngettext(
                    "give one strategy for all computer seats or one per seat: got {n} "
                    "for {seats} computer player",
                    "give one strategy for all computer seats or one per seat: got {n} "
                    "for {seats} computer players",
                    self.players - 1,
                ).format(n=len(names), seats=self.players - 1)
            )
        self.strategies: list[Strategy] = [find_strategy(n) for n in names]
        self.whole_match = match
        self.seed = check_seed(seed)

        self.message = Message()
        self.head = w.HTML()
        self.deal_box = w.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description=_("Deal number"),
            style={"description_width": "initial"},
        )
        self.deal_button = w.Button(
            description=_("Deal"), tooltip=_("start a new match with this deal number")
        )
        self.teaching_box = w.Checkbox(
            value=teaching, description=_("teaching mode (all hands face up)"), indent=False
        )
        self.auto_box = w.Checkbox(
            value=auto, description=_("computer moves at once"), indent=False
        )
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.next_button = w.Button(description=_("Next"), tooltip=_("play the next computer move"))
        self.round_button = w.Button(
            description=_("Next round"), button_style="primary", layout=fit_width()
        )
        self.replay_button = w.Button(description=_("Replay this round"), layout=fit_width())
        self.line_view = svg_view()
        self.hands_view = svg_view()
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.end_box = w.HBox()
        self.log_view = w.HTML()
        self.result_view = w.HTML()
        self.replay_box = w.VBox()

        self.status = ""
        self.transcript: list[str] = []
        self.result_text = ""
        self.pending: Tile | None = None
        self.finished: list[RoundState] = []

        self.deal_button.on_click(lambda _: self._guarded(self.new_deal, self.deal_box.value))
        self.teaching_box.observe(lambda _: self._guarded(self._render), names="value")
        self.auto_box.observe(lambda _: self._guarded(self._advance), names="value")
        self.hint_button.on_click(lambda _: self._guarded(self.hint))
        self.next_button.on_click(lambda _: self._guarded(self.next))
        self.round_button.on_click(lambda _: self._guarded(self.next_round))
        self.replay_button.on_click(lambda _: self._guarded(self.show_replay))

        names_text = pgettext("list of seats", ", ").join(
            _("player {seat} plays {name}").format(seat=s, name=st.name)
            for s, st in enumerate(self.strategies, start=2)
        )
        super().__init__(
            [
                w.HTML(
                    _("<b>{title}</b> ({rules} rules; {players})").format(
                        title=html.escape(_("Block dominoes: you are player 1")),
                        rules=html.escape(self.rules.name),
                        players=html.escape(names_text),
                    )
                ),
                w.HBox(
                    [self.deal_box, self.deal_button, self.teaching_box, self.auto_box],
                    layout=w.Layout(flex_flow="row wrap"),  # narrow screens: wrap, don't cut
                ),
                self.head,
                self.line_view,
                self.hand_box,
                self.end_box,
                w.HBox([self.hint_button, self.next_button]),
                self.message,
                self.hands_view,
                self.log_view,
                self.result_view,
                w.HBox([self.round_button, self.replay_button]),
                self.replay_box,
            ]
        )
        self.add_class(NEEDS_KERNEL)  # the static page greys it out and links the live edition
        self._start_match(seed)

    def __repr__(self) -> str:
        return (
            f"PlayWidget(players={self.players}, rules={self.rules.name!r}, "
            f"strategies={[s.name for s in self.strategies]!r}, seed={self.seed})"
        )

    # -- plumbing -------------------------------------------------------------------
    def _guarded(self, fn: Any, *args: Any) -> Any:
        with language(self.lang):  # the language the widget was built in (lang=)
            return guard(self.message)(fn)(*args)

    @property
    def message_text(self) -> str:
        """The message line in words (hints, refusals, forced passes)."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.message.value))

    @property
    def your_turn(self) -> bool:
        return not self.state.is_over and self.state.current_player == 1

    def _start_match(self, seed: int) -> None:
        self.seed = check_seed(seed)
        first = RoundState.deal(self.rules, self.players, self.seed)
        self.match = Match.new(self.rules, self.players, starter=first.starter)
        self.finished = []
        self.round_number = 0
        self._start_round()

    def _start_round(self) -> None:
        self.round_number += 1
        k = self.round_number
        self.state = RoundState.deal(
            self.rules,
            self.players,
            self.seed,
            round_number=k,
            starter=None if k == 1 else self.match.starter,
        )
        self.rng: random.Random = rng_for(self.seed, "play", k)
        self.reasons: list[str] = []
        self.transcript = []
        self.result_text = ""
        self.pending = None
        self.replay_box.children = ()
        starter, lead = self.state.starter, self.state.lead
        if lead is None:
            text = (
                _("Round {k}, deal {seed}: you start.")
                if starter == 1
                else _("Round {k}, deal {seed}: player {seat} starts.")
            )
        else:
            text = (
                _("Round {k}, deal {seed}: you start, and must lead {tile} (V2).")
                if starter == 1
                else _("Round {k}, deal {seed}: player {seat} starts, and must lead {tile} (V2).")
            )
        self._say(text.format(k=k, seed=self.seed, seat=starter, tile=iso(lead)))
        self._advance()

    def _say(self, text: str) -> None:
        self.transcript.append(text)

    def _apply(self, move: Play | Pass | DrawTile, reason: str) -> None:
        self.state = self.state.apply(move)
        self.reasons.append(reason)

    def _advance(self) -> None:
        """Make your forced passes (R9) and, with auto on, the computer moves; then redraw."""
        while not self.state.is_over:
            if self.state.current_player == 1:
                moves = self.state.legal_moves()
                if isinstance(moves[0], Pass):
                    ends = _ends(self.state)
                    text = _("you pass: no tile in your hand matches {ends} (R9)").format(ends=ends)
                    self._apply(moves[0], text)
                    self._say(
                        _("You pass: no tile in your hand matches {ends} (R9).").format(ends=ends)
                    )
                    self.message.ok(self.transcript[-1])
                    continue
                if isinstance(moves[0], DrawTile):
                    self._apply(moves[0], _("draws: no tile fits (V6)"))
                    self._say(
                        _("You draw {tile}: no tile fits (V6).").format(tile=iso(moves[0].tile))
                    )
                    continue
                break
            if not self.auto_box.value:
                break
            self._computer_move()
        if self.state.is_over:
            self._finish_round()
        self._render()

    def _computer_move(self) -> None:
        seat = self.state.current_player
        choice = self.strategies[seat - 2].choose(self.state, self.rng)
        self._apply(choice.move, choice.reason)
        self._say(_("Player {seat} {reason}.").format(seat=seat, reason=choice.reason))

    def _finish_round(self) -> None:
        out = self.state.outcome()
        assert out is not None
        if self.finished and self.finished[-1] is self.state:
            return
        self.finished.append(self.state)
        before = self.match.starter
        self.match = self.match.add(out)
        lines = [_("The round is over: {explanation}.").format(explanation=out.explanation)]
        scores = pgettext("list of scores", ", ").join(
            _("player {seat}: {score}").format(seat=s, score=v)
            for s, v in enumerate(self.match.scores, start=1)
        )
        lines.append(
            _("Match scores (target {target}): {scores}.").format(
                target=self.match.target, scores=scores
            )
        )
        if self.match.result is not None:
            lines.append(
                _("The match is over: {result}.").format(result=self.match.describe_result())
            )
        elif not self.whole_match:
            lines.append(_("Single round: press Deal for another."))
        else:
            ns = next_start(self.rules, self.match.players, before, out.winner)
            lines.append(
                _("Player {seat} starts the next round: {why}.").format(
                    seat=ns.seat, why=ns.explain()
                )
            )
        self.result_text = " ".join(lines)

    # -- actions ------------------------------------------------------------------
    @own_language
    def click_tile(self, tile: Tile | str) -> None:
        """Try to play ``tile`` from your hand; explain a refusal (R7, R8, R9)."""
        t = Tile.parse(tile, max_pip=self.rules.max_pip) if isinstance(tile, str) else tile
        self.message.clear()
        self.pending = None
        self.end_box.children = ()
        if self.state.is_over:
            raise IllegalMoveError(_("the round is over (R13): press Next round or Deal"))
        if self.state.current_player != 1:
            raise IllegalMoveError(
                _("it is player {seat}'s turn: press Next to see their move (R6)").format(
                    seat=self.state.current_player
                )
            )
        if t not in self.state.hand(1):
            raise IllegalMoveError(_("you do not hold {tile} (R7)").format(tile=iso(t)))
        fits = self.state.line.fits(t)
        if len(fits) == 2:
            self.pending = t
            self.end_box.children = tuple(self._end_button(v) for v in fits)
            self.message.ok(
                _("{tile} fits both open ends: choose the {first} or the {second} (R7).").format(
                    tile=iso(t), first=fits[0], second=fits[1]
                )
            )
            self._render()
            return
        move = Play(t, fits[0] if fits else None)
        why = self.state.explain_illegal(move)
        if why is not None:
            ends = _ends(self.state)
            raise IllegalMoveError(_("{why}; the open ends are {ends}").format(why=why, ends=ends))
        self._play_mine(move)

    def _end_button(self, value: int) -> w.Button:
        b = w.Button(description=_("on the {end}").format(end=value))
        b.on_click(lambda _: self._guarded(self.choose_end, value))
        return b

    @own_language
    def choose_end(self, value: int) -> None:
        """Place the tile waiting for a choice at the open end showing ``value``."""
        if self.pending is None:
            raise IllegalMoveError(_("no tile is waiting for an end: click a tile first"))
        t = self.pending
        fits = self.state.line.fits(t)
        if value not in fits:
            raise IllegalMoveError(
                _("{tile} cannot go on {value}: choose {first} or {second} (R7)").format(
                    tile=iso(t), value=repr(value), first=fits[0], second=fits[1]
                )
            )
        self.pending = None
        self.end_box.children = ()
        self.message.clear()
        self._play_mine(Play(t, value))

    def _play_mine(self, move: Play) -> None:
        self._apply(move, _("you play {move}").format(move=describe_move(move)))
        self._say(_("You play {move}.").format(move=describe_move(move)))
        self._advance()

    @own_language
    def hint(self) -> str:
        """Show (and return) a suggested move with its reason, from what you can see."""
        if not self.your_turn:
            raise IllegalMoveError(_("a hint is for your own turn: press Next first"))
        h = strategy_hint(self.state)
        self.message.ok(_("Hint: {reason}").format(reason=h.reason))
        return h.reason

    @own_language
    def next(self) -> None:
        """Play the next computer move (one at a time)."""
        if self.state.is_over:
            raise IllegalMoveError(_("the round is over (R13): press Next round"))
        if self.state.current_player == 1:
            raise IllegalMoveError(_("it is your turn: click a tile"))
        self.message.clear()
        self._computer_move()
        self._advance()

    @own_language
    def next_round(self) -> None:
        """Deal the next round of the match (after a round ends)."""
        if not self.state.is_over:
            raise IllegalMoveError(_("finish this round first (R13)"))
        if self.match.result is not None or not self.whole_match:
            raise IllegalMoveError(
                _("the match is over: {result}; press Deal").format(
                    result=self.match.describe_result()
                )
            )
        self.message.clear()
        self._start_round()

    @own_language
    def new_deal(self, seed: int) -> None:
        """Start a new match from deal number ``seed``."""
        self.message.clear()
        self._start_match(seed)

    @own_language
    def play_to_end(self, limit: int = 10_000) -> None:
        """Finish the round with computer moves and, for you, the first legal move."""
        for _i in range(limit):
            if self.state.is_over:
                return
            if self.your_turn:
                m = self.state.legal_moves()[0]
                assert isinstance(m, Play)
                if m.end is not None and len(self.state.line.fits(m.tile)) == 2:
                    self.click_tile(m.tile)
                    self.choose_end(m.end)
                else:
                    self.click_tile(m.tile)
            else:
                self.next()

    @own_language
    def show_replay(self) -> Any:
        """Put a no-kernel step-through of the last finished round under the game."""
        sw = self.step_through()
        self.replay_box.children = (sw,)
        return sw

    @own_language
    def record(self, index: int = -1) -> dict[str, object]:
        """Finished round ``index`` as a round record (``block-dominoes play --json``
        form): paste it as the ``source`` of a step-through in any chapter."""
        if not self.finished:
            raise IllegalMoveError(_("no round has finished yet (R13)"))
        from block_dominoes.records.codec import round_json

        return round_json(self.finished[index], self.seed)

    @own_language
    def step_through(self, index: int = -1) -> Any:
        """A step-through widget of finished round ``index`` (needs widgets.stepper)."""
        if not self.finished:
            raise IllegalMoveError(_("no round has finished yet (R13)"))
        from block_dominoes.players.games import PlayedRound
        from block_dominoes.widgets.stepper import step_through

        st = self.finished[index]
        reasons = tuple(self.reasons) if st is self.state else ()
        return step_through(
            PlayedRound(st, self.seed, reasons),
            title=_("Round {k}, deal {seed}").format(k=len(self.finished), seed=self.seed),
        )

    # -- drawing ------------------------------------------------------------------
    def _render(self) -> None:
        s = self.state
        over = s.is_over
        mine = {m.tile: m.end for m in s.playable(1)} if self.your_turn else {}
        highlight = sorted({e for e in mine.values() if e is not None})
        self.line_view.value = line_svg(s.line, highlight=highlight, title=_("The line"))
        reveal = over or self.teaching_box.value
        pictures = []
        for seat in range(2, self.players + 1):
            name = self.strategies[seat - 2].name
            pictures.append(
                hand_svg(
                    s.hand(seat),
                    title=_("Player {seat} ({name})").format(seat=seat, name=name),
                    hidden=not reveal,
                )
            )
        # English says "tiles" for every count (one msgid for both forms keeps it so).
        rows = "".join(
            "<div>"
            + html.escape(
                ngettext(
                    "Player {seat} ({name}), {n} tiles:",
                    "Player {seat} ({name}), {n} tiles:",
                    len(s.hand(seat)),
                ).format(seat=seat, name=self.strategies[seat - 2].name, n=len(s.hand(seat)))
            )
            + f"</div>{pic}"
            for seat, pic in zip(range(2, self.players + 1), pictures, strict=True)
        )
        if over:
            mine_text = " ".join(map(str, s.hand(1)))
            mine_text = _bdi(mine_text) if mine_text else html.escape(_("(none)"))
            rows = "<div>" + _("Your hand: {tiles}").format(tiles=mine_text) + "</div>" + rows
        self.hands_view.value = rows
        buttons = []
        for t in s.hand(1):
            b = w.Button(
                description=iso(str(t)),  # isolated: [1|4] is not shown [4|1] in Arabic
                button_style="success" if t in mine else "",
                tooltip=_("fits an open end") if t in mine else _("does not fit now"),
                layout=w.Layout(width="auto"),
            )
            b.on_click(lambda _, t=t: self._guarded(self.click_tile, t))
            buttons.append(b)
        self.hand_box.children = tuple(buttons)
        if over:
            self.status = _("The round is over.")
        elif self.your_turn:
            ends = _ends(s) or _("none yet: lead any tile")
            self.status = _("Your turn: open ends {ends}. Click a green tile (or Hint).").format(
                ends=ends
            )
        else:
            self.status = _("Player {seat} to play: press Next.").format(seat=s.current_player)
        self.head.value = f"<b>{html.escape(self.status)}</b>"
        self.next_button.disabled = over or self.your_turn
        self.hint_button.disabled = not self.your_turn
        more = self.whole_match and self.match.result is None
        self.round_button.disabled = not (over and more)
        self.replay_button.disabled = not self.finished
        self.log_view.value = (
            "<ol>" + "".join(f"<li>{html.escape(x)}</li>" for x in self.transcript) + "</ol>"
        )
        self.result_view.value = (
            f"<p><b>{html.escape(self.result_text)}</b></p>" if self.result_text else ""
        )


@speaks
def play(
    *,
    players: int = 2,
    rules: Rules | str = "pagat",
    strategies: str | Sequence[str] = "random",
    seed: int = 0,
    teaching: bool = False,
    match: bool = True,
    auto: bool = False,
) -> PlayWidget:
    """A game against ``players - 1`` computer players (one strategy for all, or
    one per computer seat), from deal number ``seed``. ``teaching`` shows every
    hand; ``match`` plays rounds to the target (else one round); ``auto`` plays
    computer moves at once instead of one per ``Next``.

    Raises the engine's errors (InvalidPositionError, UnknownRulesError, ...)
    for a bad player count, ruleset, strategy or deal number.
    """
    return PlayWidget(
        players=players,
        rules=rules,
        strategies=strategies,
        seed=seed,
        teaching=teaching,
        match=match,
        auto=auto,
    )
