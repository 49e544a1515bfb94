"""A fair player for two-player Block that reads the other player's plays.

The engine's ``expert`` deals the tiles its seat cannot see uniformly at random
and averages an exact search over the deals. Against a player that sees every
hand (OpenSpiel's MCTS in ``bench/openspiel.py``) each of that player's plays
says something about its hand: a deal in which the play it chose was a poor one
is less likely than a deal in which it was the best. :func:`reader_move` weights
each deal by that likelihood, under a model of an opponent that sees both hands
and picks among its options with

    P(option o | deal) = softmax over its options of (exact value of o) / TEMPERATURE

(values in points, from :class:`~block_dominoes.players.solver.Search2` with both hands
rebuilt as they were at that play). It then scores each of its own moves by the
weighted mean, over the deals, of the exact value plus :data:`WIN_BONUS` points
for a won round (minus them for a lost one), since the benchmark counts rounds
won rather than points.

It is fair: like every strategy in the engine it reads only a
:class:`~block_dominoes.players.knowledge.Knowledge` (its hand, the line, the plays and
passes) and an rng. It is a benchmark player, not one of the book's strategies:
it is tuned to an opponent that sees both hands, and it takes about 0.04 s over a
move where the expert takes 0.001-0.002 s (2026-12-03, two shared cores). The constants were fitted in a study of 332 decisions
of MCTS with 100 simulations (it played a best move 81% of the time where it
had a choice; T of 6 to 8 points fitted best).
"""

from __future__ import annotations

import math
import random

from block_dominoes.players import Knowledge, kernel
from block_dominoes.players.knowledge import sample_masks
from block_dominoes.players.solver import Search2
from block_dominoes.round import Play
from block_dominoes.tiles import tile_index

DEALS = 64
"""Deals of the unseen tiles per decision (weighting leaves fewer effective ones)."""
TEMPERATURE = 6.0
"""The opponent model's temperature, in points."""
WIN_BONUS = 20.0
"""Points added to a deal's value when the move wins the round in it (taken off when
it loses): the benchmark counts rounds won."""

Event = tuple[int, int, int, int, int, int, int]
"""One play of the other seat onto the line: the ends before it, the tile, the
line's lower and higher end after it, the tiles that seat played from then on
and the tiles ours played after it (masks), so both hands can be rebuilt."""


def opponent_plays(k: Knowledge) -> list[Event]:
    """The other seat's plays onto the line (its lead says little and is skipped)."""
    mp = k.rules.max_pip
    t = kernel.tables(mp)
    plays = [(s, m) for s, m in k.history if isinstance(m, Play)]
    bits = [(s, 1 << tile_index(m.tile, mp)) for s, m in plays]
    left = right = -1
    events: list[Event] = []
    for i, (seat, move) in enumerate(plays):
        tile = tile_index(move.tile, mp)
        a, b = kernel.attach(t, tile, -1 if move.end is None else move.end, left, right)
        if seat != k.seat and left >= 0:
            theirs = sum(bit for s, bit in bits[i:] if s != k.seat)
            ours = sum(bit for s, bit in bits[i + 1 :] if s == k.seat)
            events.append((left, right, tile, min(a, b), max(a, b), theirs, ours))
        left, right = a, b
    return events


def option_values(
    search: Search2, mover: int, other: int, left: int, right: int
) -> dict[tuple[int, int, int], int]:
    """The exact value (to the mover, both hands known) of each of the mover's
    distinct options, keyed by (tile, the line's lower and higher end after it)."""
    t = search.tables
    values: dict[tuple[int, int, int], int] = {}
    for tile, _end, a, b in kernel.moves(t, mover, left, right):
        key = (tile, min(a, b), max(a, b))
        if key in values:
            continue
        rest = mover ^ (1 << tile)
        if rest:
            values[key] = -search.exact(other, rest, a, b)
        else:
            values[key] = search.end_value(0, kernel.pip_sum(t, other), True)
    return values


def log_likelihood(
    search: Search2, own: int, theirs: int, events: list[Event], temperature: float
) -> float:
    """log P(the other seat's plays | its hand now is ``theirs``) under the model."""
    total = 0.0
    for left, right, tile, low, high, theirs_since, ours_since in events:
        values = option_values(search, theirs | theirs_since, own | ours_since, left, right)
        if len(values) < 2:
            continue
        top = max(values.values())
        z = sum(math.exp((v - top) / temperature) for v in values.values())
        total += (values[(tile, low, high)] - top) / temperature - math.log(z)
    return total


def reader_move(k: Knowledge, rng: random.Random) -> Play:
    """The reader's choice among ``k.plays()`` (two players, no drawing)."""
    plays = k.plays()
    if len(plays) == 1:
        return plays[0]
    r = k.rules
    if k.players != 2 or r.draw:
        raise ValueError("the reader plays two-player Block only (no drawing)")
    t = kernel.tables(r.max_pip)
    left, right = k.line.end_values or (-1, -1)
    me = k.seat - 1
    search = Search2(r)
    own = kernel.mask_of(k.hand, r.max_pip)
    options = []
    for m in plays:
        tile = tile_index(m.tile, r.max_pip)
        options.append((tile, *kernel.attach(t, tile, -1 if m.end is None else m.end, left, right)))
    events = opponent_plays(k)
    logs: list[float] = []
    values: list[list[float]] = []
    for _ in range(DEALS):
        hands, _rest = sample_masks(k, rng)
        theirs = hands[1 - me]
        row: list[float] = []
        for tile, a, b in options:
            child = hands[me] ^ (1 << tile)
            if child:
                v = -search.exact(theirs, child, a, b)
            else:
                v = search.end_value(0, kernel.pip_sum(t, theirs), True)
            row.append(v + WIN_BONUS * ((v > 0) - (v < 0)))
        values.append(row)
        logs.append(log_likelihood(search, own, theirs, events, TEMPERATURE))
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    means = [
        sum(w * row[i] for w, row in zip(weights, values, strict=True)) for i in range(len(plays))
    ]
    # the best weighted mean; ties go to the heavier tile, as the expert's do
    best = min(
        range(len(plays)),
        key=lambda i: (-means[i], -plays[i].tile.pips, -plays[i].tile.high, i),
    )
    return plays[best]
