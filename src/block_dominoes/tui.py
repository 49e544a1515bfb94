"""A text UI for ``block-dominoes play --interactive``: you are player 1.

Shows the line and your hand numbered; type a number to play that tile, ``h``
for a hint, ``q`` to quit. A tile that fits both ends asks which end. Bad
input is refused with the reason and asked again. Passes are made for you
(R9). Ctrl-D (end of input) quits cleanly. At the end every hand is shown with
the score and its explanation.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from .deal import check_seed, rng_for
from .errors import BlockDominoesError
from .game import round_json
from .round import Draw, Pass, Play, RoundState
from .rules import find_rules
from .strategies import find_strategy, hint

__all__ = ["Quit", "play_round_tui", "run"]


class Quit(Exception):
    """The player ended the session (Ctrl-D, Ctrl-C or ``q``)."""


Reader = Callable[[str], str]
Writer = Callable[[str], None]


def _stdin_reader(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        raise Quit from None
    if not line:
        raise Quit
    return line


def _stdout_writer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _ends(state: RoundState) -> str:
    values = state.line.end_values
    return " and ".join(str(v) for v in values) if values else "none (you may lead any tile)"


def _show(state: RoundState, write: Writer) -> None:
    write("")
    write(f"line: {str(state.line) or '(empty)'}")
    write(f"open ends: {_ends(state)}")
    others = ", ".join(
        f"player {s} holds {len(h)} tile{'s' if len(h) != 1 else ''}"
        for s, h in enumerate(state.hands, start=1)
        if s != state.current_player
    )
    write(others)
    fits = {m.tile for m in state.playable()}
    tiles = "  ".join(
        f"{i}) {t}{'*' if t in fits else ''}"
        for i, t in enumerate(state.hand(state.current_player), start=1)
    )
    write(f"your hand: {tiles}   (* fits)")


def _ask_move(state: RoundState, read: Reader, write: Writer) -> Play:
    hand = state.hand(state.current_player)
    while True:
        text = read("your move (number, h = hint, q = quit): ").strip().lower()
        if text in ("q", "quit"):
            raise Quit
        if text in ("h", "hint"):
            h = hint(state)
            write(f"hint: {h.reason}")
            continue
        if not text.isdecimal() or not 1 <= int(text) <= len(hand):
            write(
                f"cannot read {text!r}: type a tile number from 1 to {len(hand)}, or h for a hint"
            )
            continue
        tile = hand[int(text) - 1]
        ends = state.line.fits(tile) if not state.line.is_empty else ()
        if len(ends) == 2:
            while True:
                which = read(f"{tile} fits both ends: on the {ends[0]} or the {ends[1]}? ")
                which = which.strip()
                if which.isdecimal() and int(which) in ends:
                    return Play(tile, int(which))
                write(f"cannot read {which!r}: type {ends[0]} or {ends[1]} (R7)")
        move = Play(tile, ends[0] if ends else None)
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
                write(f"you cannot match {_ends(state)}: you pass (R9)")
                state = state.apply(moves[0])
                continue
            if isinstance(moves[0], Draw):
                write(f"no tile fits {_ends(state)}: you draw {moves[0].tile} (V6)")
                state = state.apply(moves[0])
                continue
            _show(state, write)
            state = state.apply(_ask_move(state, read, write))
            last = state.history[-1][1]
            write(f"you play {last}")
        else:
            choice = strats[seat - 2].choose(state, rng)
            state = state.apply(choice.move)
            write(f"player {seat} {choice.reason}")
    write("")
    write("the round is over; the hands:")
    for s, h in enumerate(state.hands, start=1):
        who = "you" if s == 1 else f"player {s}"
        write(f"  {who}: {' '.join(map(str, h)) or '(none: went out)'}")
    out = state.outcome()
    assert out is not None
    write(out.explanation)
    return state


def run(a: argparse.Namespace) -> tuple[str, object]:
    """The ``play --interactive`` command: one round, you are player 1."""
    rules = find_rules(a.rules)
    players = a.players if a.players is not None else 2
    seed = check_seed(a.seed)
    names = list(a.strategy or ["random"])
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise BlockDominoesError(
            f"give one strategy for every computer seat or one per seat: got {len(names)} "
            f"for {players - 1} computer players"
        )
    for n in names:
        find_strategy(n)
    state = RoundState.deal(rules, players, seed)
    _stdout_writer(
        f"rules {rules.name}, {players} players, deal {seed}; you are player 1; "
        f"player {state.starter} starts. Ctrl-D quits."
    )
    try:
        final = play_round_tui(state, names, seed)
    except Quit:
        _stdout_writer("\nbye: round abandoned")
        return "", None
    return "", round_json(final, seed)
