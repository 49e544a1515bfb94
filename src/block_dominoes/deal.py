"""Seeded, reproducible deals (R3, R4, R5).

The shuffle is a Fisher-Yates written here on top of ``random.Random.random()``,
whose sequence for a given seed Python guarantees across versions, so a deal
number gives the same deal on every machine. (``random.shuffle`` and
``randrange`` have changed algorithm between Python versions.)

>>> d = deal('pagat', 3, seed=7)
>>> [len(h) for h in d.hands], len(d.rest)
([5, 5, 5], 13)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import N_, _, iso, ngettext
from block_dominoes.inputs import sequence, whole_number
from block_dominoes.rules import FirstLead, Rules, find_rules
from block_dominoes.tiles import Tile, full_set, need_tile, parse_tiles, set_name, set_rule

__all__ = [
    "Deal",
    "check_hands",
    "check_seed",
    "check_unique",
    "deal",
    "parse_hands",
    "rng_for",
    "shuffle",
    "shuffled",
]

T = TypeVar("T")


#: the largest deal number (seed): the command line's ``--seed`` takes the same range
SEED_MAX = 2**63 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a whole number from 0 to :data:`SEED_MAX`, else raise
    InvalidPositionError (the same range as every ``--seed``)."""
    return whole_number(seed, N_("the deal number (seed)"), high=SEED_MAX)


def rng_for(seed: int, *parts: object) -> random.Random:
    """A generator for one purpose of one seeded game (string seeds are stable)."""
    return random.Random("/".join(str(p) for p in (seed, *parts)))


def shuffle(items: list[T], rand: Callable[[], float]) -> list[T]:
    """Shuffle ``items`` in place and return it: the one Fisher-Yates of the package,
    drawing only ``rand()`` (``random.Random.random``, stable across versions). The
    deal (:func:`shuffled`, :func:`block_dominoes.players.kernel.deal`) and the expert's
    deals of unseen tiles (:func:`block_dominoes.players.knowledge.sample_masks`) use it;
    :func:`block_dominoes.lab.fast.random_rounds` inlines it in its hot loop, checked
    round by round against :class:`~block_dominoes.round.RoundState` by
    ``tests/lab/test_simulate.py``."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


def shuffled(items: tuple[Tile, ...], rng: random.Random) -> list[Tile]:
    """A Fisher-Yates shuffle that uses only ``rng.random()`` (stable across versions)."""
    return shuffle(list(items), rng.random)


@dataclass(frozen=True, slots=True)
class Deal:
    """Hands as dealt (each sorted), the undealt tiles, and the first player.

    ``rest`` is out of play for the round in Block (R4), or the boneyard in
    draw order for the Draw game (V6). ``lead`` is the tile the starter must
    lead, when the ruleset fixes one (V2), else None.
    """

    rules: Rules
    hands: tuple[tuple[Tile, ...], ...]
    rest: tuple[Tile, ...]
    starter: int
    lead: Tile | None = None


def first_lead(rules: Rules, hands: tuple[tuple[Tile, ...], ...]) -> tuple[int, Tile] | None:
    """Under V2, the seat holding the highest double and that double.

    If no double was dealt, the holder of the heaviest tile leads it.
    Returns None under R5 (a lot decides; any tile may lead).
    """
    if rules.first_lead is not FirstLead.HIGHEST_DOUBLE:
        return None
    best: tuple[tuple[int, int, int], int, Tile] | None = None
    for seat, hand in enumerate(hands, start=1):
        for t in hand:
            key = (1 if t.is_double else 0, t.pips, t.high)
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None  # every hand holds at least one tile
    return best[1], best[2]


def deal(
    rules: Rules | str,
    players: int,
    seed: int,
    *,
    round_number: int = 1,
    starter: int | None = None,
) -> Deal:
    """Shuffle and deal round ``round_number`` of game ``seed``.

    The first round's starter comes from a seeded fair lot (R5), or from the
    highest double (V2); pass ``starter`` to fix it (later rounds, R19).
    Raises InvalidPositionError for a bad player count, seed or starter.
    """
    r = find_rules(rules)
    n = r.check_players(players)
    check_seed(seed)
    whole_number(round_number, N_("round"), low=1)
    size = r.hand_size(n)
    rng = rng_for(seed, "deal", round_number)
    tiles = shuffled(full_set(r.max_pip), rng)
    hands = tuple(tuple(sorted(tiles[i * size : (i + 1) * size])) for i in range(n))
    rest = tuple(tiles[n * size :]) if r.draw else tuple(sorted(tiles[n * size :]))
    lead: Tile | None = None
    if starter is None:
        fixed = first_lead(r, hands) if round_number == 1 else None
        if fixed is not None:
            starter, lead = fixed
        else:
            starter = 1 + int(rng.random() * n)
    elif isinstance(starter, bool) or not isinstance(starter, int) or not 1 <= starter <= n:
        raise InvalidPositionError(
            _("starter must be a seat from 1 to {n}, got {seat} (R6)").format(
                n=n, seat=repr(starter)
            ),
            rule="R6",
        )
    return Deal(r, hands, rest, starter, lead)


# -- who may hold what at the start of a round: hands read from text and checked
# against the ruleset (R1 players, R2/V5 the set, R2 each tile once, R3 the deal's size). The one
# place these rules are checked: RoundState.new, the solver, the referee and the scorer ask here --


def parse_hands(rules: Rules, hands: Sequence[Iterable[Tile | str] | str]) -> list[list[Tile]]:
    """Hands written as text (``'1-4,0-0'``) or as tiles and tile texts, read in the
    ruleset's set: the one reader of hands for :meth:`RoundState.new` and
    :func:`block_dominoes.players.solver.solve`. Raises InvalidTileError for bad text."""
    return [
        parse_tiles(h, max_pip=rules.max_pip)
        if isinstance(h, str)
        else [
            Tile.parse(t, max_pip=rules.max_pip) if isinstance(t, str) else need_tile(t)
            for t in sequence(h, N_("hands"))
        ]
        for h in sequence(hands, N_("hands"))
    ]


def check_hands(
    rules: Rules, hands: Sequence[Iterable[Tile]], *, exact: bool = False
) -> tuple[tuple[Tile, ...], ...]:
    """Validate hands for a ruleset: player count (R1), set (R2 or V5), repeats (R2),
    sizes (R3).

    With ``exact`` every hand must hold exactly the deal's size; otherwise at
    most that many. Raises InvalidPositionError naming the first problem, in the
    current language, with the rule as ``err.rule``.
    """
    n = rules.check_players(len(sequence(hands, N_("hands"))))
    size = rules.hand_size(n)
    held = [tuple(need_tile(t) for t in sequence(h, N_("hands"))) for h in hands]
    valid = set(full_set(rules.max_pip))
    for seat, tiles in enumerate(held, start=1):
        for t in tiles:
            if t not in valid:
                rule = set_rule(rules.max_pip)
                raise InvalidPositionError(
                    _(
                        "tile {tile} in player {seat}'s hand is not in the {set} set: halves go "
                        "from 0 to {max} ({rule})"
                    ).format(
                        tile=iso(repr(str(t))),
                        seat=seat,
                        set=_(set_name(rules.max_pip)),
                        max=rules.max_pip,
                        rule=rule,
                    ),
                    rule=rule,
                )
    check_unique(held)
    for seat, tiles in enumerate(held, start=1):
        if len(tiles) > size or (exact and len(tiles) != size):
            raise InvalidPositionError(
                ngettext(
                    "player {seat} holds {k} tile; with {n} players each is dealt {size} (R3)",
                    "player {seat} holds {k} tiles; with {n} players each is dealt {size} (R3)",
                    len(tiles),
                ).format(seat=seat, k=len(tiles), n=n, size=size),
                rule="R3",
            )
    return tuple(tuple(sorted(tiles)) for tiles in held)


def check_unique(hands: Sequence[Iterable[Tile] | None]) -> None:
    """R2, once for every checker of hands: the set holds each tile once, so no tile
    is held twice, in one hand or in two. ``None`` stands for a hand known only by
    its total. Raises InvalidPositionError (``rule`` R2) naming the first repeat.

    >>> check_unique([parse_tiles('1-2 3-4'), None, parse_tiles('4-3')])
    Traceback (most recent call last):
    ...
    block_dominoes.errors.InvalidPositionError: tile '[3|4]' is held by players 1 and 3: each tile is unique (R2)
    """
    seen: dict[Tile, int] = {}
    for seat, hand in enumerate(hands, start=1):
        for t in hand or ():
            if t in seen:
                msg = (
                    _("tile {tile} is held twice: each tile is unique (R2)")
                    if seen[t] == seat
                    else _(
                        "tile {tile} is held by players {first} and {second}: each tile is "
                        "unique (R2)"
                    )
                )
                raise InvalidPositionError(
                    msg.format(tile=iso(repr(str(t))), first=seen[t], second=seat), rule="R2"
                )
            seen[t] = seat
