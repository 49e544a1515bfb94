"""Seeded rounds and matches played by computer strategies, and their JSON transcripts.

The same seed gives the same deal and the same moves on every machine.

>>> g = play_round('pagat', 2, seed=1)
>>> g.state.is_over, len(g.reasons) == len(g.state.history)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .codec import move_json
from .deal import check_seed, rng_for
from .errors import InvalidPositionError
from .i18n import ngettext
from .match import Match
from .round import RoundState
from .rules import Rules, find_rules
from .strategies import Strategy, find_strategy

__all__ = [
    "PlayedRound",
    "move_json",
    "play_match",
    "play_round",
    "round_json",
    "strategies_for",
]


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A finished round, the seed it came from, and the reason for each move."""

    state: RoundState
    seed: int | None
    reasons: tuple[str, ...]


def strategies_for(names: str | Sequence[str], players: int) -> list[Strategy]:
    """One strategy per seat: a single name applies to every seat. Raises
    InvalidPositionError for a wrong count, ValueError for an unknown name."""
    if isinstance(names, str):
        names = [names]
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise InvalidPositionError(
            ngettext(
                "give one strategy for all seats or one per seat: got {n} for {seats} seats (R1)",
                "give one strategy for all seats or one per seat: got {n} for {seats} seats (R1)",
                players,
            ).format(n=len(names), seats=players),
            rule="R1",
        )
    return [find_strategy(n) for n in names]


def play_round(
    rules: Rules | str,
    players: int,
    seed: int,
    strategies: str | Sequence[str] = "random",
    *,
    round_number: int = 1,
    starter: int | None = None,
) -> PlayedRound:
    """Deal round ``round_number`` of game ``seed`` and play it to the end."""
    r = find_rules(rules)
    check_seed(seed)
    strats = strategies_for(strategies, r.check_players(players))
    state = RoundState.deal(r, players, seed, round_number=round_number, starter=starter)
    rng = rng_for(seed, "play", round_number)
    reasons = []
    while not state.is_over:
        choice = strats[state.current_player - 1].choose(state, rng)
        state = state.apply(choice.move)
        reasons.append(choice.reason)
    return PlayedRound(state, seed, tuple(reasons))


def round_json(state: RoundState, seed: int | None) -> dict[str, object]:
    """The transcript of a round, as ``block-dominoes play --json`` prints it (a record;
    each move written by :func:`block_dominoes.codec.move_json`, the one move serializer)."""
    out = state.outcome()
    rest = state.rest if not state.rules.draw else ()
    data: dict[str, object] = {
        "rules": state.rules.name,
        "seed": seed,
        "players": state.players,
        "starter": state.starter,
        "hands": [[str(t) for t in h] for h in state.dealt],
        "out_of_play": [str(t) for t in sorted(rest)],
        "moves": [move_json(seat, m) for seat, m in state.history],
        "outcome": out.to_json() if out else None,
    }
    return data


def play_match(
    rules: Rules | str,
    players: int,
    seed: int,
    strategies: str | Sequence[str] = "random",
    *,
    max_rounds: int = 1000,
) -> tuple[Match, list[PlayedRound]]:
    """Play rounds until someone reaches the target (R19-R21)."""
    r = find_rules(rules)
    first = RoundState.deal(r, players, seed)
    match = Match.new(r, players, starter=first.starter)
    rounds: list[PlayedRound] = []
    k = 1
    while not match.is_over and k <= max_rounds:
        g = play_round(
            r, players, seed, strategies, round_number=k, starter=None if k == 1 else match.starter
        )
        outcome = g.state.outcome()
        assert outcome is not None
        match = match.add(outcome)
        rounds.append(g)
        k += 1
    return match, rounds
