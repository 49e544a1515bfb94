"""Computer players. A strategy picks one of the legal moves and says why.

Strategies are handed the whole :class:`RoundState` but every strategy except
``random`` and ``heavy`` (which look only at their own legal moves) first
reduces it to :func:`knowledge`: what that seat can know (its own hand, the
line, the moves so far with the numbers each opponent passed on, how many
tiles each hand holds; see :mod:`block_dominoes.players.knowledge`). Nothing else is
read, so a strategy is fair. Each is deterministic given the ``rng`` it is
handed. The expert's search lives in :mod:`block_dominoes.players.expert`. :func:`hint`
suggests a move to the player to move, from the same knowledge.

>>> s = RoundState.new('pagat', [['1-4', '4-4', '2-5'], ['0-3', '5-5']], starter=1)
>>> find_strategy('heavy').choose(s, random.Random(0)).reason
'plays [4|4]: its heaviest playable tile (8 pips)'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from block_dominoes.errors import BlockDominoesError, IllegalMoveError, quoted
from block_dominoes.i18n import N_, _, iso, ngettext, number, pgettext
from block_dominoes.players import kernel
from block_dominoes.players.expert import SAMPLES, Advice, advise
from block_dominoes.players.knowledge import Knowledge, knowledge
from block_dominoes.round import DrawTile, Move, Pass, Play, RoundState, describe_move
from block_dominoes.tiles import Tile, tile_index

__all__ = [
    "STRATEGIES",
    "Choice",
    "Strategy",
    "find_strategy",
    "hint",
    "names_words",
]


def ends_words(values: Sequence[int]) -> str:
    """Open-end values as words: ``4 and 6`` (empty for an empty line)."""
    if len(values) == 2:
        return _("{first} and {second}").format(first=values[0], second=values[1])
    return pgettext("list of numbers", ", ").join(map(str, values))


def names_words(seats: Sequence[int]) -> str:
    """``player 2`` or ``players 2, 3 and 4``, in the current language."""
    if len(seats) == 1:
        return _("player {seat}").format(seat=seats[0])
    return _("players {seats} and {last}").format(
        seats=pgettext("list of seats", ", ").join(map(str, seats[:-1])), last=seats[-1]
    )


@dataclass(frozen=True, slots=True)
class Choice:
    """A chosen move and the short reason shown to a learner."""

    move: Move
    reason: str


@dataclass(frozen=True, slots=True)
class Strategy:
    """A named computer player. ``summary`` is its English description (the catalog's
    msgid); :attr:`description` says it in the current language."""

    name: str
    summary: str
    choose: Callable[[RoundState, random.Random], Choice]

    @property
    def description(self) -> str:
        """What the strategy does, in the current language."""
        return _(self.summary)

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "description": self.description}


# -- simple strategies ----------------------------------------------------------
def _only(state: RoundState) -> Choice | None:
    moves = state.legal_moves()
    if len(moves) == 1:
        m = moves[0]
        if isinstance(m, Play):
            if state.lead is not None and not state.history:
                if m.tile.is_double:
                    why = _("leads {tile}: the first lead is the highest double (V2)")
                else:
                    why = _("leads {tile}: the first lead is the heaviest tile (no double) (V2)")
                return Choice(m, why.format(tile=iso(m.tile)))
            return Choice(m, _("plays {move}: its only legal move").format(move=describe_move(m)))
        if isinstance(m, DrawTile):
            return Choice(m, _("draws {tile}: no tile fits (V6)").format(tile=iso(m.tile)))
        if state.rules.draw:
            return Choice(m, _("passes: no tile fits and the boneyard is empty (R9, V6)"))
        return Choice(m, _("passes: no tile fits either open end (R9)"))
    return None


def choose_random(state: RoundState, rng: random.Random) -> Choice:
    """Uniform over the legal moves (each tile and end it fits counts once)."""
    forced = _only(state)
    if forced is not None:
        return forced
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    why = ngettext(
        "plays {move}: chosen at random among {n} legal move",
        "plays {move}: chosen at random among {n} legal moves",
        len(moves),
    )
    return Choice(m, why.format(move=describe_move(m), n=len(moves)))


def choose_heavy(state: RoundState, rng: random.Random) -> Choice:
    """The heaviest tile first, to shed pips before a block."""
    forced = _only(state)
    if forced is not None:
        return forced
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    best = max(plays, key=lambda m: (m.tile.pips, m.tile.high))
    # English says "pips" for every count (one msgid for both forms keeps it so).
    why = ngettext(
        "plays {move}: its heaviest playable tile ({n} pip)",
        "plays {move}: its heaviest playable tile ({n} pips)",
        best.tile.pips,
    )
    return Choice(best, why.format(move=describe_move(best), n=best.tile.pips))


def _after(k: Knowledge, m: Play) -> tuple[int, int]:
    """The open-end values after ``m``, left then right, as :meth:`Line.place` leaves
    them (a value shown at both ends grows on the right), from its twin
    :func:`kernel.attach <block_dominoes.players.kernel.attach>`."""
    mp = k.rules.max_pip
    ends = k.line.end_values
    left, right = ends if ends else (-1, -1)
    end = -1 if m.end is None else m.end
    return kernel.attach(kernel.tables(mp), tile_index(m.tile, mp), end, left, right)


def _held(tiles: Sequence[Tile], v: int) -> int:
    return sum(1 for t in tiles if t.has(v))


def _keep_numbers(k: Knowledge) -> tuple[Play, str]:
    plays = k.plays()
    best: tuple[tuple[int, int, int], Play, int, int] | None = None
    for m in plays:
        rest = [t for t in k.hand if t != m.tile]
        if m.end is None:
            # Lead the number you hold most of; a double keeps it at both ends.
            v = max((m.tile.low, m.tile.high), key=lambda x: (_held(rest, x), x))
            count = _held(rest, v) + (1 if m.tile.is_double else 0)
        else:
            v = m.tile.other(m.end)
            count = _held(rest, v)
        key = (count, m.tile.pips, m.tile.high)
        if best is None or key > best[0]:
            best = (key, m, v, _held(rest, v))
    assert best is not None
    _key, m, v, left = best
    if left == 0:
        why = _(
            "plays {move}: keeps {v} open and holds no more tiles with a {v} "
            "(keep playing the number you hold most of)"
        )
    else:
        why = ngettext(
            "plays {move}: keeps {v} open and holds {n} more tile with a {v} "
            "(keep playing the number you hold most of)",
            "plays {move}: keeps {v} open and holds {n} more tiles with a {v} "
            "(keep playing the number you hold most of)",
            left,
        )
    return m, why.format(move=describe_move(m), v=v, n=left)


def choose_keep_numbers(state: RoundState, rng: random.Random) -> Choice:
    """Keep playing the number you hold most of (the Bulgarian tip, unconditionally)."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why = _keep_numbers(knowledge(state))
    return Choice(m, why)


def _blocker(k: Knowledge) -> tuple[Play, str, int]:
    opponents = k.opponents()
    dead = k.exhausted()
    best: tuple[tuple[int, int, int, int], Play] | None = None
    for m in k.plays():
        ends = _after(k, m)
        rest = [t for t in k.hand if t != m.tile]
        score = 0
        for i, s in enumerate(opponents):
            weight = 2 if i == 0 else 1
            closed = k.lacks[s - 1] | dead
            score += weight * sum(1 for v in ends if v in closed)
        own = 1 if any(t.has(ends[0]) or t.has(ends[1]) for t in rest) else 0
        key = (score, own, m.tile.pips, m.tile.high)
        if best is None or key > best[0]:
            best = (key, m)
    assert best is not None
    key, m = best
    ends = _after(k, m)
    if key[0] == 0:
        why = ngettext(
            "plays {move}: no opponent has shown a missing number yet, so it sheds "
            "its heaviest tile ({n} pips)",
            "plays {move}: no opponent has shown a missing number yet, so it sheds "
            "its heaviest tile ({n} pips)",
            m.tile.pips,
        )
        return m, why.format(move=describe_move(m), n=m.tile.pips), 0
    parts = []
    for v in sorted(set(ends)):
        who = [s for s in opponents if v in k.lacks[s - 1]]
        if v in dead:
            parts.append(_("every {v} is already seen").format(v=v))
        elif who:
            parts.append(_("{who} passed on {v} (R9)").format(who=names_words(who), v=v))
    why = _(
        "plays {move}: leaves {first} and {second} open; {reasons}, "
        "so the next turns may be blocked"
    )
    reasons = pgettext("list of reasons", "; ").join(parts)
    return (
        m,
        why.format(move=describe_move(m), first=ends[0], second=ends[1], reasons=reasons),
        key[0],
    )


def choose_blocker(state: RoundState, rng: random.Random) -> Choice:
    """Close the ends that opponents have shown, by passing, they cannot match."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why, _score = _blocker(knowledge(state))
    return Choice(m, why)


# -- the Bulgarian tips, each as stated, otherwise random ---------------------------
# Each follows one tip of block-app-bg.txt only when the tip's condition holds, and
# otherwise plays like ``random``: set against ``random``, the difference is the tip's.
KEEP_MIN = 4  # "if you hold four or five tiles of one number"


def _random_play(state: RoundState, rng: random.Random, why: str) -> Choice:
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    return Choice(
        m,
        _("plays {move}: {why}, so any legal move ({n}), at random").format(
            move=describe_move(m), why=why, n=len(moves)
        ),
    )


def _keep_four(k: Knowledge) -> tuple[Play, str] | None:
    """The play that keeps a number open of which the hand holds KEEP_MIN or more
    tiles (the number held most, then the heavier tile), or None.

    >>> s = RoundState.new('pagat', [['1-2', '1-3', '1-4', '1-5', '5-6'], ['0-0']], starter=1)
    >>> _keep_four(knowledge(s))[1]
    'leads [1|5]: holds 4 tiles with a 1, so keeps the 1 open (hold four or more of a number: keep playing it)'
    """
    counts = {v: _held(k.hand, v) for v in range(k.rules.max_pip + 1)}
    best: tuple[tuple[int, int, int], Play, int] | None = None
    for m in k.plays():
        new = (m.tile.low, m.tile.high) if m.end is None else (m.tile.other(m.end),)
        for v in new:
            if counts[v] >= KEEP_MIN:
                key = (counts[v], m.tile.pips, m.tile.high)
                if best is None or key > best[0]:
                    best = (key, m, v)
    if best is None:
        return None
    (held, _p, _h), m, v = best
    if m.end is None:
        why = ngettext(
            "leads {move}: holds {n} tile with a {v}, so keeps the {v} open "
            "(hold four or more of a number: keep playing it)",
            "leads {move}: holds {n} tiles with a {v}, so keeps the {v} open "
            "(hold four or more of a number: keep playing it)",
            held,
        )
    else:
        why = ngettext(
            "plays {move}: holds {n} tile with a {v}, so keeps the {v} open "
            "(hold four or more of a number: keep playing it)",
            "plays {move}: holds {n} tiles with a {v}, so keeps the {v} open "
            "(hold four or more of a number: keep playing it)",
            held,
        )
    return m, why.format(move=describe_move(m), n=held, v=v)


def choose_keep_four(state: RoundState, rng: random.Random) -> Choice:
    """The keep-a-number tip only when it applies (four or more of a number)."""
    forced = _only(state)
    if forced is not None:
        return forced
    found = _keep_four(knowledge(state))
    if found is None:
        return _random_play(state, rng, _("no number is held {n} times").format(n=KEEP_MIN))
    return Choice(*found)


def choose_doubles_early(state: RoundState, rng: random.Random) -> Choice:
    """Lay a double while its number is still open: a double fits only that number.

    >>> s = RoundState.new('pagat', [['1-4', '4-4', '1-2'], ['4-6', '0-0']], starter=2)
    >>> choose_doubles_early(s.play('4-6'), random.Random(0)).reason
    'plays [4|4] on 4: lays the double while 4 is still open'
    """
    forced = _only(state)
    if forced is not None:
        return forced
    doubles = [m for m in knowledge(state).plays() if m.tile.is_double]
    if not doubles:
        return _random_play(state, rng, _("no double fits"))
    m = max(doubles, key=lambda d: d.tile.pips)
    return Choice(
        m,
        _("plays {move}: lays the double while {v} is still open").format(
            move=describe_move(m), v=m.tile.high
        ),
    )


def _light(k: Knowledge) -> bool:
    """True when the hand holds fewer pips than any opponent is likely to: each
    opponent's hand is estimated as its tile count times the mean of the unseen tiles."""
    if not k.unseen:
        return False
    mean = sum(t.pips for t in k.unseen) / len(k.unseen)
    own = sum(t.pips for t in k.hand)
    return all(own < k.counts[s - 1] * mean for s in k.opponents())


def _close_ends(k: Knowledge) -> tuple[Play, int] | None:
    """The play leaving the most open ends no opponent can match (every tile with that
    number seen, or every opponent passed on it), or None when no play closes one."""
    dead = k.exhausted()
    opponents = k.opponents()
    best: tuple[tuple[int, int, int], Play] | None = None
    for m in k.plays():
        ends = _after(k, m)
        closed = sum(1 for v in ends if v in dead or all(v in k.lacks[s - 1] for s in opponents))
        key = (closed, m.tile.pips, m.tile.high)
        if closed and (best is None or key > best[0]):
            best = (key, m)
    return None if best is None else (best[1], best[0][0])


def choose_close_when_light(state: RoundState, rng: random.Random) -> Choice:
    """When the hand is light, close the ends: a block then likely scores for it."""
    forced = _only(state)
    if forced is not None:
        return forced
    k = knowledge(state)
    if not _light(k):
        return _random_play(state, rng, _("its hand is not the lightest"))
    found = _close_ends(k)
    if found is None:
        return _random_play(state, rng, _("no move closes an end"))
    m, closed = found
    if closed == 2:
        why = _("plays {move}: its hand is light, so it closes both ends nobody can match")
    else:
        why = _("plays {move}: its hand is light, so it closes an end nobody can match")
    return Choice(m, why.format(move=describe_move(m)))


# -- the expert: sample the hidden hands, search each sample (expert.py) -------------
def _how(v: Advice) -> str:
    return _("solving each exactly") if v.exact else _("searching each a few moves ahead")


def choose_expert(state: RoundState, rng: random.Random) -> Choice:
    """Samples hidden hands consistent with what it has seen and searches each."""
    forced = _only(state)
    if forced is not None:
        return forced
    v = advise(knowledge(state), rng)
    why = ngettext(
        "plays {move}: best average ({mean} points) over {n} deals of the "
        "unseen tiles that fit what it has seen, {how}",
        "plays {move}: best average ({mean} points) over {n} deals of the "
        "unseen tiles that fit what it has seen, {how}",
        v.samples,
    )
    return Choice(
        v.move,
        why.format(
            move=describe_move(v.move),
            mean=iso(number(v.mean, 1, sign=True)),
            n=v.samples,
            how=_how(v),
        ),
    )


# -- hints ---------------------------------------------------------------------------
def hint(state: RoundState) -> Choice:
    """A suggested move for the player to move, and a sentence saying why.

    Uses only :func:`knowledge` of that seat (the expert's sampling is seeded
    from the knowledge itself), so two rounds that look the same to the player
    get the same hint. Raises IllegalMoveError once the round is over.
    """
    k = knowledge(state)
    if k.over:
        raise IllegalMoveError(_("no hint: the round is over (R13)"), rule="R13")
    plays = k.plays()
    if not plays:
        ends = ends_words(k.line.end_values)
        if k.boneyard:
            return Choice(
                state.legal_moves()[0],
                _("You must draw: no tile in your hand matches {ends} (V6).").format(ends=ends),
            )
        return Choice(
            Pass(), _("You must pass: no tile in your hand matches {ends} (R9).").format(ends=ends)
        )
    if len(plays) == 1:
        return Choice(
            plays[0],
            _("Play {move}: it is your only legal move (R9).").format(move=describe_move(plays[0])),
        )
    v = advise(k, random.Random(k.fingerprint()), SAMPLES)
    m = v.move
    notes = []
    opponents = k.opponents()
    for x in sorted(set(_after(k, m))):
        who = [s for s in opponents if x in k.lacks[s - 1]]
        if who:
            notes.append(
                _("{who} passed on {x}, so leaving a {x} open may block them").format(
                    who=names_words(who), x=x
                )
            )
    rest = [t for t in k.hand if t != m.tile]
    if m.end is not None:
        x = m.tile.other(m.end)
        held = _held(rest, x)
        if held >= 2:
            notes.append(
                ngettext(
                    "you still hold {n} tile with a {x} to follow it",
                    "you still hold {n} tiles with a {x} to follow it",
                    held,
                ).format(n=held, x=x)
            )
    if not notes:
        notes.append(
            ngettext("it sheds {n} pip", "it sheds {n} pips", m.tile.pips).format(n=m.tile.pips)
        )
    compare = ""
    if v.runner_up is not None:
        compare = _(" (next best: {move}, {mean})").format(
            move=describe_move(v.runner_up[0]), mean=iso(number(v.runner_up[1], 1, sign=True))
        )
    where = _("as the lead") if m.end is None else _("on the {end}").format(end=m.end)
    why = ngettext(
        "Play {tile} {where}: in {n} deals of the unseen tiles that fit what you know "
        "it scores best on average, {mean} points{compare}; {notes}.",
        "Play {tile} {where}: in {n} deals of the unseen tiles that fit what you know "
        "it scores best on average, {mean} points{compare}; {notes}.",
        v.samples,
    )
    return Choice(
        m,
        why.format(
            tile=iso(m.tile),
            where=where,
            n=v.samples,
            mean=iso(number(v.mean, 1, sign=True)),
            compare=compare,
            notes=pgettext("list of reasons", "; ").join(notes),
        ),
    )


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", N_("Any legal move, chosen uniformly at random."), choose_random),
        Strategy(
            "heavy",
            N_("Plays its heaviest tile that fits, to shed pips before a block."),
            choose_heavy,
        ),
        Strategy(
            "keep-numbers",
            N_(
                "Keeps playing the number it holds most of, at every turn, so it can follow "
                "while others run short of it (the Bulgarian app's tip without its condition "
                "of four or more tiles of a number: see keep-four)."
            ),
            choose_keep_numbers,
        ),
        Strategy(
            "keep-four",
            N_(
                "The Bulgarian tip as stated: when it holds four or more tiles of one number, "
                "it plays to keep that number open; otherwise any legal move at random."
            ),
            choose_keep_four,
        ),
        Strategy(
            "doubles-early",
            N_(
                "The Bulgarian tip on doubles: lays a double whenever one fits (its number is "
                "still open); otherwise any legal move at random."
            ),
            choose_doubles_early,
        ),
        Strategy(
            "close-when-light",
            N_(
                "The Bulgarian tip for a light hand: when its pips are fewer than each "
                "opponent's likely total, it leaves ends nobody can match; otherwise any "
                "legal move at random."
            ),
            choose_close_when_light,
        ),
        Strategy(
            "blocker",
            N_(
                "Remembers which numbers each opponent passed on (R9) and closes the line "
                "on those numbers, or on numbers whose tiles are all seen; otherwise heavy."
            ),
            choose_blocker,
        ),
        Strategy(
            "expert",
            N_(
                "Deals the unseen tiles many ways that fit what it has seen (its hand, the "
                "line, who passed on what, hand sizes) and searches each deal; plays the move "
                "with the best average score. It never looks at hidden hands."
            ),
            choose_expert,
        ),
    )
}


def find_strategy(name: str) -> Strategy:
    """The strategy called ``name``; raises ValueError naming the choices."""
    try:
        return STRATEGIES[name.strip().lower()]
    except (KeyError, AttributeError):
        choices = ", ".join(repr(n) for n in STRATEGIES)
        raise BlockDominoesError(
            _("unknown strategy: {name}; choose from {choices}").format(
                name=quoted(name), choices=choices
            )
        ) from None
