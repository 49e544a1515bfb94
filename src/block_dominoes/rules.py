"""Rule variants as data: one frozen :class:`Rules` record and named presets (V1-V6).

>>> find_rules('pagat').hand_size(3)
5
>>> find_rules('nope')
Traceback (most recent call last):
...
block_dominoes.errors.UnknownRulesError: unknown ruleset: 'nope'; choose from 'pagat', 'app', 'highest-double', 'partnership', 'all-pips', 'double-nine', 'double-twelve', 'draw'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from block_dominoes.errors import (
    InvalidArgumentError,
    InvalidPositionError,
    UnknownRulesError,
    quoted,
)
from block_dominoes.i18n import N_, _, iso, ngettext, number, pgettext

__all__ = [
    "PRESETS",
    "BlockedScoring",
    "FirstLead",
    "NextStarter",
    "Rules",
    "field_value",
    "find_rules",
    "rules_names",
]


class FirstLead(enum.Enum):
    """Who leads the first round, and with what."""

    LOT = "lot"
    """A fair lot picks the starter, who may lead any tile (R5)."""
    HIGHEST_DOUBLE = "highest-double"
    """The holder of the highest double dealt starts (V2) and, our choice, leads it; if
    no double was dealt, the holder of the heaviest tile leads that tile (on equal pips
    the one with the higher half: [3|6] before [4|5])."""


class NextStarter(enum.Enum):
    """Who starts the next round."""

    LEFT = "left"
    """One seat clockwise from the previous starter, whoever won (R19)."""
    WINNER = "winner"
    """The previous round's winner; after a tied block, one seat on from the starter (V1;
    the Bulgarian source says so for every game of its app, Draw included, V6)."""


class BlockedScoring(enum.Enum):
    """What the sole lowest total scores in a blocked round."""

    DIFFERENCE = "difference"
    """The opponents' totals minus one's own total, subtracted once (R16)."""
    ALL_PIPS = "all-pips"
    """The opponents' totals, nothing subtracted (V4)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One ruleset. Every variant is a value of this record: no code asks which preset
    it runs under (nothing compares a ruleset's name), and a field is read where the
    rule it changes is written:

    - ``max_pip``: the set (:func:`~block_dominoes.tiles.full_set`, and
      :func:`~block_dominoes.tiles.set_rule` for R2 or V5);
    - ``hand_sizes``, ``targets``: :meth:`hand_size`, :meth:`target` (R3, R20);
    - ``first_lead``: :func:`block_dominoes.deal.first_lead` fixes the V2 lead (the
      kernel's deal and the fast loop ask whether to call it; the feasibility model's
      ``starter_led`` and the referee ask whether the first round had one);
    - ``next_starter``: only :func:`block_dominoes.match.next_start` (R19, V1);
    - ``blocked_scoring``: :func:`block_dominoes.scoring.winner_and_points` and its twin
      :func:`block_dominoes.players.kernel.scorer`; the feasibility model and the claim
      checker, which run the scoring backwards, and the referee and the scoring quiz,
      which name V4 or build its wrong answers, read it too;
    - ``partnerships``: :meth:`teams` gives the sides; elsewhere it only picks V3 as
      the rule an error cites;
    - ``draw``: whether the undealt tiles are a boneyard (V6), read by the deal, the
      round (its boneyard and ``DrawTile`` move), the kernel and the fast loop, and by the
      modules that model drawing or refuse it (solver, expert, strategies, feasibility,
      hands, claims, referee, simulator, game).
    """

    name: str
    description: str
    source: str
    max_pip: int = 6
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 7), (3, 5), (4, 5))
    targets: tuple[tuple[int, int], ...] = ((2, 100), (3, 61), (4, 61))
    first_lead: FirstLead = FirstLead.LOT
    next_starter: NextStarter = NextStarter.LEFT
    blocked_scoring: BlockedScoring = BlockedScoring.DIFFERENCE
    partnerships: bool = False
    draw: bool = False
    rule_ids: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        _check_fields(self)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players this ruleset supports (R1)."""
        return tuple(n for n, _ in self.hand_sizes)

    def check_players(self, players: int) -> int:
        """Return ``players`` if this ruleset allows it, else raise InvalidPositionError."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidPositionError(
                _("number of players must be a whole number, got {players}").format(
                    players=iso(quoted(players))
                )
            )
        if players not in self.player_counts:
            c = [str(n) for n in self.player_counts]
            counts = (
                c[0]
                if len(c) == 1
                else _("{some} or {last}").format(
                    some=pgettext("list before or", ", ").join(c[:-1]), last=c[-1]
                )
            )
            rule = "V3" if self.partnerships else "R1"
            raise InvalidPositionError(
                ngettext(
                    "{n} player is not allowed under {rules}: it is played by {counts} "
                    "players ({rule})",
                    "{n} players is not allowed under {rules}: it is played by {counts} "
                    "players ({rule})",
                    players if players < 1000 else 1000,
                ).format(n=quoted(players), rules=repr(self.name), counts=counts, rule=rule)
            )
        return players

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each player (R3)."""
        self.check_players(players)
        return dict(self.hand_sizes)[players]

    def target(self, players: int) -> int:
        """Points that win the match (R3, R20)."""
        self.check_players(players)
        return dict(self.targets)[players]

    @property
    def set_size(self) -> int:
        """Tiles in the set: 28 for double-six (R2), 55 and 91 for the larger sets (V5)."""
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    def undealt(self, players: int) -> int:
        """Tiles left out of play (or in the boneyard, for Draw) after the deal (R4)."""
        return self.set_size - players * self.hand_size(players)

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The scoring sides as tuples of seats: one seat each, or facing pairs (V3)."""
        self.check_players(players)
        if self.partnerships:
            return ((1, 3), (2, 4))
        return tuple((s,) for s in range(1, players + 1))

    def with_(self, **changes: object) -> Rules:
        """A copy with some fields changed (a custom ruleset); every field is checked
        (:class:`~block_dominoes.errors.InvalidArgumentError` names the first bad one).

        >>> PRESETS['pagat'].with_(hand_sizes=((2, 20),))
        Traceback (most recent call last):
        ...
        block_dominoes.errors.InvalidArgumentError: hand_sizes: 2 players with 20 tiles each need 40 tiles, but a set with the numbers 0 to 6 has 28 (R2, R3)
        """
        unknown = [k for k in changes if k not in FIELDS]
        if unknown:
            raise InvalidArgumentError(
                _("a ruleset has no field {field}; its fields are {fields}").format(
                    field=iso(quoted(unknown[0])),
                    fields=pgettext("list of names", ", ").join(FIELDS),
                )
            )
        return replace(self, **changes)  # type: ignore[arg-type]


#: the fields of a :class:`Rules`, in order
FIELDS = tuple(f.name for f in fields(Rules))
#: the largest set a ruleset may use (double-eighteen, 190 tiles: the largest sold)
MAX_PIP = 18
#: the largest target a ruleset may set (a sheet adds rounds up to it)
MAX_TARGET = 10_000


def _bad(field: str, text: str, **values: object) -> InvalidArgumentError:
    return InvalidArgumentError(
        _("{field}: {problem}").format(field=field, problem=text.format(**values))
    )


def _pairs(r: Rules, field: str, what: str, low: int, high: int) -> tuple[tuple[int, int], ...]:
    """``r.<field>`` as a tuple of (players, value) pairs, each checked."""
    value = getattr(r, field)
    if not isinstance(value, list | tuple) or not value:
        raise _bad(
            field,
            _("expected pairs (players, {what}) such as ((2, 7), (3, 5)), got {value}"),
            what=_(what),
            value=iso(quoted(value)),
        )
    out: list[tuple[int, int]] = []
    for pair in value:
        ok = isinstance(pair, list | tuple) and len(pair) == 2
        ok = ok and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        if not ok:
            raise _bad(
                field,
                _("expected pairs (players, {what}) such as ((2, 7), (3, 5)), got {value}"),
                what=_(what),
                value=iso(quoted(pair)),
            )
        n, k = pair
        if not 2 <= n <= 4:
            raise _bad(field, _("Block is played by 2, 3 or 4 players, not {n} (R1)"), n=n)
        if any(n == m for m, _k in out):
            raise _bad(field, _("{n} players is given twice"), n=n)
        if not low <= k <= high:
            raise _bad(
                field,
                _(
                    "the hand size for {n} players must be a whole number from {low} to "
                    "{high}, got {k}"
                )
                if field == "hand_sizes"
                else _(
                    "the target for {n} players must be a whole number from {low} to "
                    "{high}, got {k}"
                ),
                n=n,
                low=low,
                high=number(high, group=True),
                k=number(k, group=True) if abs(k) < 10**30 else iso(quoted(k)),
            )
        out.append((n, k))
    return tuple(out)


def _check_fields(r: Rules) -> None:
    """Refuse a ruleset no game can be played by (called by every constructor)."""
    for name in ("name", "description", "source"):
        value = getattr(r, name)
        if not isinstance(value, str) or (name == "name" and not value.strip()):
            raise _bad(name, _("expected text, got {value}"), value=iso(quoted(value)))
    if (
        isinstance(r.max_pip, bool)
        or not isinstance(r.max_pip, int)
        or not 1 <= r.max_pip <= MAX_PIP
    ):
        raise _bad(
            "max_pip",
            _(
                "the highest number on a tile must be a whole number from 1 to {high}, got {value} "
                "(R2, V5)"
            ),
            high=MAX_PIP,
            value=iso(quoted(r.max_pip)),
        )
    for name, kind in (
        ("first_lead", FirstLead),
        ("next_starter", NextStarter),
        ("blocked_scoring", BlockedScoring),
    ):
        value = getattr(r, name)
        if not isinstance(value, kind):
            raise _bad(
                name,
                _("expected one of {choices}, got {value}"),
                choices=pgettext("list of names", ", ").join(
                    f"{kind.__name__}.{m.name}" for m in kind
                ),
                value=iso(quoted(value)),
            )
    for name in ("partnerships", "draw"):
        if not isinstance(getattr(r, name), bool):
            raise _bad(
                name, _("expected True or False, got {value}"), value=iso(quoted(getattr(r, name)))
            )
    if not isinstance(r.rule_ids, tuple) or not all(isinstance(x, str) for x in r.rule_ids):
        raise _bad(
            "rule_ids",
            _("expected a tuple of rule ids, got {value}"),
            value=iso(quoted(r.rule_ids)),
        )
    size = (r.max_pip + 1) * (r.max_pip + 2) // 2
    hands = _pairs(r, "hand_sizes", N_("hand size"), 1, size)
    for n, k in hands:
        if n * k > size:
            raise _bad(
                "hand_sizes",
                _(
                    "{n} players with {k} tiles each need {need} tiles, but a set with the "
                    "numbers 0 to {max_pip} has {size} (R2, R3)"
                ),
                n=n,
                k=k,
                need=n * k,
                max_pip=r.max_pip,
                size=size,
            )
    targets = _pairs(r, "targets", N_("target"), 1, MAX_TARGET)
    if sorted(n for n, _k in targets) != sorted(n for n, _k in hands):
        raise _bad(
            "targets",
            _("name a target for the same numbers of players as hand_sizes ({counts}) (R3, R20)"),
            counts=pgettext("list of numbers", ", ").join(str(n) for n, _k in hands),
        )
    if r.partnerships and [n for n, _k in hands] != [4]:
        raise _bad("partnerships", _("partnerships are for 4 players only (V3)"))
    # tuples, so a ruleset stays hashable (lists given by a caller are turned into tuples)
    object.__setattr__(r, "hand_sizes", hands)
    object.__setattr__(r, "targets", targets)


PAGAT = Rules(
    name="pagat",
    description=N_("Pagat's individual Block game: the default ruleset (R1-R21)."),
    source=N_("block-pagat-ar.txt"),
)

#: the named presets, read-only (``PRESETS['x'] = ...`` raises TypeError; a custom
#: ruleset is ``PRESETS['pagat'].with_(...)``, passed where a ruleset is asked for)
PRESETS: Mapping[str, Rules] = MappingProxyType(
    {
        r.name: r
        for r in (
            PAGAT,
            PAGAT.with_(
                name="app",
                description=N_(
                    "The Block app's rule for the next starter: the previous round's "
                    "winner starts; after a tied block, one seat on from the previous starter (V1)."
                ),
                source=N_("block-app-bg.txt"),
                next_starter=NextStarter.WINNER,
            ),
            PAGAT.with_(
                name="highest-double",
                description=N_(
                    "The holder of the highest double starts the first round (V2: the "
                    "Greek source says only this). Ours: that double must be led, in the first round "
                    "only (later rounds start one seat on, R19), and if no double was dealt the "
                    "holder of the heaviest tile leads it ([3|6] before [4|5] on equal pips)."
                ),
                source=N_("block-vs-draw-el.txt"),
                first_lead=FirstLead.HIGHEST_DOUBLE,
            ),
            PAGAT.with_(
                name="partnership",
                description=N_(
                    "Four players in two facing pairs (seats 1+3 against 2+4), 7 tiles "
                    "each so all 28 are in play, 100 points for a pair (V3). Scoring follows Pagat's "
                    "partnership convention: when a player goes out, the pair scores both opponents' "
                    "pips; in a block the pair with the sole lower combined total scores the other "
                    "pair's total (nothing subtracted); equal totals score nothing. The holder of "
                    "[6|6] leads it in the first round (the highest double of V2: with all 28 tiles "
                    "dealt, it is always [6|6])."
                ),
                source=N_("block-vs-draw-el.txt; scoring: Pagat, Partnership Dominoes"),
                hand_sizes=((4, 7),),
                targets=((4, 100),),
                partnerships=True,
                first_lead=FirstLead.HIGHEST_DOUBLE,
                blocked_scoring=BlockedScoring.ALL_PIPS,
            ),
            PAGAT.with_(
                name="all-pips",
                description=N_(
                    "A blocked round's sole lowest total scores all the other players' "
                    "pips, without subtracting its own (V4)."
                ),
                source=N_("blocked-game-tr.txt"),
                blocked_scoring=BlockedScoring.ALL_PIPS,
            ),
            PAGAT.with_(
                name="double-nine",
                description=N_(
                    "This project's own extension, in no source: the same game with a "
                    "double-nine set of 55 tiles, 7 tiles each with 2 players, 5 with 3 or 4 (hand "
                    "sizes: ours). The Turkish examples of V5 need a double-twelve set, which has "
                    "its own ruleset."
                ),
                source=N_("none (this project's own extension)"),
                max_pip=9,
            ),
            PAGAT.with_(
                name="double-twelve",
                description=N_(
                    "The same game with a double-twelve set of 91 tiles (V5: the Turkish "
                    "source's examples, [5|10] is 15, [12|12] is 24, an open end showing 11, need "
                    "this set); 7 tiles each (hand sizes: ours, the source names none)."
                ),
                source=N_("blocked-game-tr.txt; hand sizes: ours"),
                max_pip=12,
                hand_sizes=((2, 7), (3, 7), (4, 7)),
            ),
            PAGAT.with_(
                name="draw",
                description=N_(
                    "The Draw game, for comparison (V6): a player who cannot play draws "
                    "from the boneyard until able, and passes only when it is empty; 7 tiles each, "
                    "6 with four players. As the Bulgarian source states for Draw: the winner takes "
                    "the others' pips minus their own, to 100 with 2 players or 61 with 3 or 4, and "
                    "the previous hand's winner starts the next (after a tied block, the player to "
                    "the left of the previous starter)."
                ),
                source=N_("block-app-bg.txt; block-vs-draw-el.txt"),
                hand_sizes=((2, 7), (3, 7), (4, 6)),
                next_starter=NextStarter.WINNER,
                draw=True,
            ),
        )
    }
)


def field_value(value: FirstLead | NextStarter | BlockedScoring) -> str:
    """A ruleset field's value as a reader reads it, in the current language (records
    and JSON keep the code, ``value.value``).

    >>> field_value(NextStarter.LEFT), field_value(BlockedScoring.ALL_PIPS)
    ('left', 'all-pips')
    """
    words = {
        FirstLead.LOT: pgettext("first lead", "lot"),
        FirstLead.HIGHEST_DOUBLE: pgettext("first lead", "highest-double"),
        NextStarter.LEFT: pgettext("next starter", "left"),
        NextStarter.WINNER: pgettext("next starter", "winner"),
        BlockedScoring.DIFFERENCE: pgettext("blocked scoring", "difference"),
        BlockedScoring.ALL_PIPS: pgettext("blocked scoring", "all-pips"),
    }
    return words[value]


def rules_names() -> tuple[str, ...]:
    """The preset names, default first."""
    return tuple(PRESETS)


def find_rules(name: str | Rules) -> Rules:
    """The preset called ``name`` (a :class:`Rules` value is returned as it is).

    Raises :class:`UnknownRulesError` (a ``ValueError``) for any other name.
    """
    if isinstance(name, Rules):
        return name
    key = name.strip().lower() if isinstance(name, str) else None
    try:
        return PRESETS[key or ""]
    except KeyError:
        choices = pgettext("list of names", ", ").join(repr(n) for n in PRESETS)
        raise UnknownRulesError(
            _("unknown ruleset: {name}; choose from {choices}").format(
                name=iso(quoted(name)), choices=choices
            )
        ) from None
