"""Computer players. A strategy picks one of the legal moves and says why.

Strategies are handed the whole :class:`RoundState` but every strategy except
``random`` and ``heavy`` (which look only at their own legal moves) first
reduces it to :func:`knowledge`: what that seat can know (its own hand, the
line, the moves so far with the numbers each opponent passed on, how many
tiles each hand holds; see :mod:`block_dominoes.knowledge`). Nothing else is
read, so a strategy is fair. Each is deterministic given the ``rng`` it is
handed. The expert's search lives in :mod:`block_dominoes.expert`. :func:`hint`
suggests a move to the player to move, from the same knowledge.

>>> s = RoundState.new('pagat', [['1-4', '4-4', '2-5'], ['0-3', '5-5']], starter=1)
>>> find_strategy('heavy').choose(s, random.Random(0)).reason
'plays [4|4]: its heaviest playable tile (8 pips)'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .errors import BlockDominoesError, IllegalMoveError
from .expert import SAMPLES, Verdict, verdict
from .knowledge import Knowledge, knowledge, sample_hidden
from .round import Draw, Move, Pass, Play, RoundState
from .tiles import Tile

__all__ = [
    "STRATEGIES",
    "Choice",
    "Knowledge",
    "Strategy",
    "find_strategy",
    "hint",
    "knowledge",
    "sample_hidden",
]


@dataclass(frozen=True, slots=True)
class Choice:
    """A chosen move and the short reason shown to a learner."""

    move: Move
    reason: str


@dataclass(frozen=True, slots=True)
class Strategy:
    """A named computer player."""

    name: str
    description: str
    choose: Callable[[RoundState, random.Random], Choice]

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "description": self.description}


# -- simple strategies ----------------------------------------------------------
def _only(state: RoundState) -> Choice | None:
    moves = state.legal_moves()
    if len(moves) == 1:
        m = moves[0]
        if isinstance(m, Play):
            if state.lead is not None and not state.history:
                kind = "the highest double" if m.tile.is_double else "the heaviest tile (no double)"
                return Choice(m, f"leads {m.tile}: the first lead is {kind} (V2)")
            return Choice(m, f"plays {m}: its only legal move")
        if isinstance(m, Draw):
            return Choice(m, f"draws {m.tile}: no tile fits (V6)")
        if state.rules.draw:
            return Choice(m, "passes: no tile fits and the boneyard is empty (R9, V6)")
        return Choice(m, "passes: no tile fits either open end (R9)")
    return None


def choose_random(state: RoundState, rng: random.Random) -> Choice:
    """Uniform over the legal moves (each tile and end it fits counts once)."""
    forced = _only(state)
    if forced is not None:
        return forced
    moves = state.legal_moves()
    m = moves[int(rng.random() * len(moves))]
    return Choice(m, f"plays {m}: chosen at random among {len(moves)} legal moves")


def choose_heavy(state: RoundState, rng: random.Random) -> Choice:
    """The heaviest tile first, to shed pips before a block."""
    forced = _only(state)
    if forced is not None:
        return forced
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    best = max(plays, key=lambda m: (m.tile.pips, m.tile.high))
    return Choice(best, f"plays {best}: its heaviest playable tile ({best.tile.pips} pips)")


def _after(k: Knowledge, m: Play) -> tuple[int, int]:
    """The open-end values after ``m`` (both halves of a lead)."""
    if m.end is None:
        return m.tile.low, m.tile.high
    a, b = k.line.end_values
    new = m.tile.other(m.end)
    return (new, b) if m.end == a else (a, new)


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
    _, m, v, left = best
    many = "no more" if left == 0 else f"{left} more"
    return m, (
        f"plays {m}: keeps {v} open and holds {many} tile{'s' if left != 1 else ''} "
        f"with a {v} (keep playing the number you hold most of)"
    )


def choose_keep_numbers(state: RoundState, rng: random.Random) -> Choice:
    """The Bulgarian tip: keep playing the number you hold most of."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why = _keep_numbers(knowledge(state))
    return Choice(m, why)


def _names(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


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
        return (
            m,
            (
                f"plays {m}: no opponent has shown a missing number yet, so it sheds "
                f"its heaviest tile ({m.tile.pips} pips)"
            ),
            0,
        )
    parts = []
    for v in sorted(set(ends)):
        who = [s for s in opponents if v in k.lacks[s - 1]]
        if v in dead:
            parts.append(f"every {v} is already seen")
        elif who:
            parts.append(f"{_names(who)} passed on {v} (R9)")
    return (
        m,
        (
            f"plays {m}: leaves {ends[0]} and {ends[1]} open; {'; '.join(parts)}, "
            "so the next turns may be blocked"
        ),
        key[0],
    )


def choose_blocker(state: RoundState, rng: random.Random) -> Choice:
    """Close the ends that opponents have shown, by passing, they cannot match."""
    forced = _only(state)
    if forced is not None:
        return forced
    m, why, _ = _blocker(knowledge(state))
    return Choice(m, why)


# -- the expert: sample the hidden hands, search each sample (expert.py) -------------
def _how(v: Verdict) -> str:
    return "solving each exactly" if v.exact else "searching each a few moves ahead"


def choose_expert(state: RoundState, rng: random.Random) -> Choice:
    """Samples hidden hands consistent with what it has seen and searches each."""
    forced = _only(state)
    if forced is not None:
        return forced
    v = verdict(knowledge(state), rng)
    return Choice(
        v.move,
        f"plays {v.move}: best average ({v.mean:+.1f} points) over {v.samples} deals of the "
        f"unseen tiles that fit what it has seen, {_how(v)}",
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
        raise IllegalMoveError("no hint: the round is over (R13)")
    plays = k.plays()
    if not plays:
        ends = " and ".join(str(x) for x in k.line.end_values)
        if k.boneyard:
            return Choice(
                state.legal_moves()[0],
                f"You must draw: no tile in your hand matches {ends} (V6).",
            )
        return Choice(Pass(), f"You must pass: no tile in your hand matches {ends} (R9).")
    if len(plays) == 1:
        return Choice(plays[0], f"Play {plays[0]}: it is your only legal move (R9).")
    v = verdict(k, random.Random(k.fingerprint()), SAMPLES)
    m = v.move
    notes = []
    opponents = k.opponents()
    for x in sorted(set(_after(k, m))):
        who = [s for s in opponents if x in k.lacks[s - 1]]
        if who:
            notes.append(f"{_names(who)} passed on {x}, so leaving a {x} open may block them")
    rest = [t for t in k.hand if t != m.tile]
    if m.end is not None:
        x = m.tile.other(m.end)
        held = _held(rest, x)
        if held >= 2:
            notes.append(f"you still hold {held} tiles with a {x} to follow it")
    if not notes:
        notes.append(f"it sheds {m.tile.pips} pips")
    compare = ""
    if v.runner_up is not None:
        compare = f" (next best: {v.runner_up[0]}, {v.runner_up[1]:+.1f})"
    where = "as the lead" if m.end is None else f"on the {m.end}"
    return Choice(
        m,
        f"Play {m.tile} {where}: in {v.samples} deals of the unseen tiles that fit "
        f"what you know it scores best on average, {v.mean:+.1f} points{compare}; "
        f"{'; '.join(notes)}.",
    )


STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        Strategy("random", "Any legal move, chosen uniformly at random.", choose_random),
        Strategy(
            "heavy",
            "Plays its heaviest tile that fits, to shed pips before a block.",
            choose_heavy,
        ),
        Strategy(
            "keep-numbers",
            "The Bulgarian app's tip: keeps playing the number it holds most of, so it "
            "can follow while others run short of it.",
            choose_keep_numbers,
        ),
        Strategy(
            "blocker",
            "Remembers which numbers each opponent passed on (R9) and closes the line "
            "on those numbers, or on numbers whose tiles are all seen; otherwise heavy.",
            choose_blocker,
        ),
        Strategy(
            "expert",
            "Deals the unseen tiles many ways that fit what it has seen (its hand, the "
            "line, who passed on what, hand sizes) and searches each deal; plays the move "
            "with the best average score. It never looks at hidden hands.",
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
        raise BlockDominoesError(f"unknown strategy: {name!r}; choose from {choices}") from None
