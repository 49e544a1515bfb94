"""Seeded rounds and matches played by computer strategies, and their JSON transcripts.

The same seed gives the same deal and the same moves on every machine.

>>> g = play_round('pagat', 2, seed=1)
>>> g.state.is_over, len(g.reasons) == len(g.state.history)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from block_dominoes.deal import check_seed, rng_for
from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import N_, ngettext
from block_dominoes.inputs import sequence
from block_dominoes.match import Match
from block_dominoes.players.strategies import Strategy, find_strategy
from block_dominoes.round import RoundState
from block_dominoes.rules import Rules, find_rules

__all__ = [
    "PlayedRound",
    "play_match",
    "play_round",
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
    names = sequence(names, N_("strategies"))
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
