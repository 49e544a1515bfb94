"""Who may hold what at the start of a round: hands read from text and checked
against the ruleset (R1 players, R2/V5 the set, R2 each tile once, R3 the deal's size).

The one place these rules are checked: :meth:`block_dominoes.round.RoundState.new`,
:func:`block_dominoes.solver.solve`, the referee and the scorer ask here
(``round`` re-exports the three functions).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .checks import sequence
from .errors import InvalidPositionError
from .i18n import N_, _, iso, ngettext
from .rules import Rules
from .tiles import Tile, full_set, need_tile, parse_tiles, set_name, set_rule

__all__ = ["check_hands", "check_unique", "parse_hands"]


def parse_hands(rules: Rules, hands: Sequence[Iterable[Tile | str] | str]) -> list[list[Tile]]:
    """Hands written as text (``'1-4,0-0'``) or as tiles and tile texts, read in the
    ruleset's set: the one reader of hands for :meth:`RoundState.new` and
    :func:`block_dominoes.solver.solve`. Raises InvalidTileError for bad text."""
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
