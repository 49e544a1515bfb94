"""A text UI for ``block-dominoes play --interactive``: you are player 1.

Shows the line and your hand numbered; type a number to play that tile, or
the move itself in the package's one move grammar (``[4|6] on 4``, ``4-6@4``,
:func:`block_dominoes.round.parse_move`), ``h`` for a hint, ``q`` to quit. A
tile that fits both ends asks which end; ``b`` (or an empty answer) goes back
to choosing a tile. Bad input is refused with the reason and asked again.
Passes are made for you (R9), and so are draws in the Draw game (V6); in Block
nobody draws (R4). Ctrl-D (end of input) quits cleanly; Ctrl-C at any moment
stops with one line and exit status 130; standard input closed or not UTF-8
text stops with one line and exit status 2. Without ``--seed`` the
deal is random and its number is printed, so the game can be replayed. At the
end every hand is shown with the score and its explanation.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

from block_dominoes.cli.base import check_stdin, read_stdin_line
from block_dominoes.deal import check_seed, rng_for
from block_dominoes.errors import BlockDominoesError, quoted
from block_dominoes.i18n import _, iso, ngettext, pgettext
from block_dominoes.players.strategies import ends_words, find_strategy, hint
from block_dominoes.records.codec import round_json
from block_dominoes.round import DrawTile, Pass, Play, RoundState, describe_move, parse_move
from block_dominoes.rules import find_rules

__all__ = ["Quit", "play_round_tui", "run"]


class Quit(Exception):
    """The player ended the session (Ctrl-D or ``q``); Ctrl-C is KeyboardInterrupt."""


class _Back(Exception):
    """The player chose to go back to choosing a tile (``b`` at the which-end prompt)."""


#: The largest deal number a random interactive deal uses (short enough to retype).
RANDOM_DEALS = 100_000


Reader = Callable[[str], str]
Writer = Callable[[str], None]


def _stdin_reader(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    # Ctrl-C raises KeyboardInterrupt (the CLI exits 130); input that is not UTF-8
    # text is a FileError (one line, exit 2)
    line = read_stdin_line()
    if not line:
        raise Quit
    return line


def _stdout_writer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _ends(state: RoundState) -> str:
    values = state.line.end_values
    return ends_words(values) if values else _("none (you may lead any tile)")


def _show(state: RoundState, write: Writer) -> None:
    write("")
    line = str(state.line)
    write(_("line: {line}").format(line=iso(line) if line else _("(empty)")))
    write(_("open ends: {ends}").format(ends=_ends(state)))
    others = pgettext("list of hands", ", ").join(
        ngettext("player {seat} holds {n} tile", "player {seat} holds {n} tiles", len(h)).format(
            seat=s, n=len(h)
        )
        for s, h in enumerate(state.hands, start=1)
        if s != state.current_player
    )
    write(others)
    fits = {m.tile for m in state.playable()}
    tiles = "  ".join(
        f"{i}) {iso(t)}{'*' if t in fits else ''}"
        for i, t in enumerate(state.hand(state.current_player), start=1)
    )
    write(_("your hand: {tiles}   (* fits)").format(tiles=tiles))


def _which_end(tile_text: str, ends: tuple[int, ...], read: Reader, write: Writer) -> int:
    """Ask which end a tile that fits both goes to; ``b`` or nothing goes back."""
    while True:
        which = read(
            _("{tile} fits both ends: on the {first} or the {second} (b = back)? ").format(
                tile=iso(tile_text), first=ends[0], second=ends[1]
            )
        )
        which = which.strip().lower()
        if which in ("", "b", "back"):
            raise _Back
        if which.isdecimal() and len(which) <= 2 and int(which) in ends:
            return int(which)
        write(
            _("cannot read {text}: type {first} or {second}, or b to go back (R7)").format(
                text=quoted(which), first=ends[0], second=ends[1]
            )
        )


def _no_drawing() -> str:
    """What ``draw`` gets under Block rules, where the undealt tiles stay out of play."""
    return _("nobody draws in Block: the undealt tiles stay out of play (R4); choose a tile")


def _ask_move(state: RoundState, read: Reader, write: Writer) -> Play:
    hand = state.hand(state.current_player)
    while True:
        text = read(_("your move (number or tile, h = hint, q = quit): ")).strip()
        low = text.lower()
        if low in ("q", "quit"):
            raise Quit
        if low in ("h", "hint"):
            h = hint(state)
            write(_("hint: {reason}").format(reason=h.reason))
            continue
        if low in ("draw", "draws"):  # a draw without its tile
            write(
                _no_drawing()
                if not state.rules.draw
                else _("{move} is made for you when no tile fits (R9); choose a tile").format(
                    move=pgettext("a move", "draw")
                )
            )
            continue
        if text.isdecimal():
            if len(text) > 3 or not 1 <= int(text) <= len(hand):
                write(
                    _(
                        "cannot read {text}: type a tile number from 1 to {n}, or h for a hint"
                    ).format(text=quoted(text), n=len(hand))
                )
                continue
            move = Play(hand[int(text) - 1])
        else:
            try:
                parsed = parse_move(text, max_pip=state.rules.max_pip)
            except BlockDominoesError as e:
                if e.reason == "not-in-set":  # read fine, but not a tile of this set
                    write(str(e))
                    continue
                write(
                    _(
                        "cannot read {text}: type a tile number from 1 to {n}, "
                        "a move such as {example}, or h for a hint"
                    ).format(text=quoted(text), n=len(hand), example=iso("'[4|6] on 4'"))
                )
                continue
            if isinstance(parsed, DrawTile) and not state.rules.draw:
                write(_no_drawing())
                continue
            if not isinstance(parsed, Play):
                write(
                    _("{move} is made for you when no tile fits (R9); choose a tile").format(
                        move=describe_move(parsed)
                    )
                )
                continue
            move = parsed
        ends = state.line.fits(move.tile) if not state.line.is_empty else ()
        if move.end is None and len(ends) == 2:
            try:
                move = Play(move.tile, _which_end(str(move.tile), ends, read, write))
            except _Back:
                continue
        elif move.end is None and ends:
            move = Play(move.tile, ends[0])
        why = state.explain_illegal(move)
        if why is not None:
            write(why)
            continue
        return move


def play_round_tui(
    state: RoundState,
    strategies: list[str],
    rng_seed: int,
    *,
    read: Reader = _stdin_reader,
    write: Writer = _stdout_writer,
) -> RoundState:
    """Play ``state`` to the end with seat 1 asked through ``read``/``write``."""
    strats = [find_strategy(n) for n in strategies]
    rng = rng_for(rng_seed, "play", 1)
    while not state.is_over:
        seat = state.current_player
        if seat == 1:
            moves = state.legal_moves()
            if isinstance(moves[0], Pass):
                write(_("you cannot match {ends}: you pass (R9)").format(ends=_ends(state)))
                state = state.apply(moves[0])
                continue
            if isinstance(moves[0], DrawTile):
                write(
                    _("no tile fits {ends}: you draw {tile} (V6)").format(
                        ends=_ends(state), tile=iso(moves[0].tile)
                    )
                )
                state = state.apply(moves[0])
                continue
            _show(state, write)
            state = state.apply(_ask_move(state, read, write))
            last = state.history[-1][1]
            assert last is not None
            write(_("you play {move}").format(move=describe_move(last)))
        else:
            choice = strats[seat - 2].choose(state, rng)
            state = state.apply(choice.move)
            write(_("player {seat} {reason}").format(seat=seat, reason=choice.reason))
    write("")
    write(_("the round is over; the hands:"))
    for s, h in enumerate(state.hands, start=1):
        who = _("you") if s == 1 else _("player {seat}").format(seat=s)
        tiles = iso(" ".join(map(str, h))) if h else _("(none: went out)")
        write(f"  {who}: {tiles}")
    out = state.outcome()
    assert out is not None
    write(out.explanation)
    return state


def run(a: argparse.Namespace) -> tuple[str, object]:
    """The ``play --interactive`` command: one round, you are player 1."""
    rules = find_rules(a.rules)
    players = a.players if a.players is not None else 2
    seed = None if a.seed is None else check_seed(a.seed)
    names = list(a.strategy or ["random"])
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise BlockDominoesError(
            ngettext(
                "give one strategy for every computer seat or one per seat: got {n} "
                "for {seats} computer player",
                "give one strategy for every computer seat or one per seat: got {n} "
                "for {seats} computer players",
                players - 1,
            ).format(n=len(names), seats=players - 1)
        )
    for n in names:
        find_strategy(n)
    check_stdin()  # closed (`<&-`): one line, exit 2, before the deal is shown
    if seed is None:  # a random deal, printed so that the game can be replayed
        seed = random.SystemRandom().randrange(RANDOM_DEALS)
        _stdout_writer(
            _("deal {seed}: replay with {option}").format(seed=seed, option=f"--seed {seed}")
        )
    state = RoundState.deal(rules, players, seed)
    _stdout_writer(
        ngettext(
            "rules {rules}, {n} player, deal {seed}; you are player 1; "
            "player {seat} starts. Ctrl-D quits.",
            "rules {rules}, {n} players, deal {seed}; you are player 1; "
            "player {seat} starts. Ctrl-D quits.",
            players,
        ).format(rules=rules.name, n=players, seed=seed, seat=state.starter)
    )
    try:
        final = play_round_tui(state, names, seed)
    except Quit:
        _stdout_writer("\n" + _("bye: round abandoned"))
        return "", None
    return "", round_json(final, seed)
