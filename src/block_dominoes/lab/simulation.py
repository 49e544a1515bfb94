"""Seeded simulation of many rounds or matches: the strategy lab.

A run of ``games`` rounds (or matches) is cut into fixed blocks of
:data:`BLOCK` games. Block ``b`` is dealt and played from one generator seeded
by (``seed``, ``b``), so the numbers depend only on the seed and the number of
games, never on how many worker processes share the blocks: each worker plays
whole blocks and the counts are merged in block order. The same blocks run on a
Dask cluster with ``cluster=`` (:mod:`block_dominoes.lab.cluster`).

With ``random`` on every seat the bitmask fast path (:mod:`block_dominoes.lab.fast`,
on :mod:`block_dominoes.players.kernel`) plays; any other strategy is played on :class:`~block_dominoes.round.RoundState`
by the functions in :mod:`block_dominoes.players.strategies`. Both paths deal with the
same shuffle and spend the same random numbers, so ``random`` gives the same
rounds either way (the tests check this round for round).

>>> res = simulate('pagat', 3, 400, seed=1)
>>> res.games, res.rounds.games, 0 < res.blocked_share < 1
(400, 400, True)
>>> res.numbers() == simulate('pagat', 3, 400, seed=1, workers=2).numbers()
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import N_, _
from block_dominoes.lab.fast import Tally, count_round, random_rounds
from block_dominoes.line import Line
from block_dominoes.match import match_result, next_seat
from block_dominoes.players import kernel
from block_dominoes.players.games import strategies_for
from block_dominoes.players.strategies import Strategy, find_strategy
from block_dominoes.round import RoundState
from block_dominoes.rules import Rules, find_rules
from block_dominoes.tiles import Tile, full_set

__all__ = [
    "BLOCK",
    "MAX_GAMES",
    "SimulationResult",
    "mean_interval",
    "simulate",
    "unseen_in_hand",
    "unseen_in_hand_simulated",
    "wilson",
]

BLOCK = 1000
"""Games per block: the unit of seeding and of work handed to a process."""

MAX_GAMES = 100_000_000
"""The most games one run may ask for."""

MAX_MATCH_ROUNDS = 1000
"""A match stops unfinished after this many rounds (as ``play_match`` does)."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float]:
    """A normal-approximation 95% interval for a mean, from the sum and sum of squares.

    >>> [round(x, 3) for x in mean_interval(10, 50, 4)]  # values 0, 0, 5, 5: 2.5 +- 1.96 * 1.443
    [-0.329, 5.329]
    """
    if n <= 1:
        m = total / n if n else 0.0
        return (m, m)
    m = total / n
    var = max(0.0, (total_sq - n * m * m) / (n - 1))
    half = z * math.sqrt(var / n)
    return (m - half, m + half)


@dataclass(slots=True)
class Counts:
    """What one block (or a merged run) counted. ``rounds`` counts every round
    played; the match fields stay 0 unless whole matches were played."""

    rounds: Tally
    matches: int = 0
    match_wins: list[int] = field(default_factory=list)
    match_wins_by_position: list[int] = field(default_factory=list)
    match_draws: int = 0
    unfinished: int = 0

    def merge(self, other: Counts) -> None:
        self.rounds.merge(other.rounds)
        self.matches += other.matches
        self.match_draws += other.match_draws
        self.unfinished += other.unfinished
        for mine, theirs in (
            (self.match_wins, other.match_wins),
            (self.match_wins_by_position, other.match_wins_by_position),
        ):
            if not mine:
                mine.extend([0] * len(theirs))
            for i, w in enumerate(theirs):
                mine[i] += w


def _empty(n: int) -> Counts:
    return Counts(
        Tally.zeros(n),
        match_wins=[0] * n,
        match_wins_by_position=[0] * n,
    )


@dataclass(frozen=True, slots=True)
class _Job:
    rules: Rules
    players: int
    strategies: tuple[str, ...]
    seed: int
    block: int
    games: int
    matches: bool
    fast: bool


# -- one round, either path -------------------------------------------------
_RoundFn = Callable[[int, random.Random, int], tuple[int, int, int, list[int], int, int]]


def _round_player(job: _Job) -> _RoundFn:
    """A function (round number, generator, starter or 0 for the lot) -> (starter, went out or 0,
    moves, totals, winning seat or 0, points) for the job's rules and strategies."""
    r, n = job.rules, job.players
    t = kernel.tables(r.max_pip)

    def deal_round(number: int, rng: random.Random, starter: int) -> kernel.Dealt:
        """The dealt round; a given starter (a later round of a match) leads any tile."""
        d = kernel.deal(r, n, rng.random, number)
        if starter:
            d.starter, d.forced = starter, -1
        return d

    if job.fast:
        score = kernel.scorer(r, n)

        def fast_round(
            number: int, rng: random.Random, starter: int
        ) -> tuple[int, int, int, list[int], int, int]:
            d = deal_round(number, rng, starter)
            went, moves = kernel.play_random(t, d, rng.random)
            totals = kernel.totals(t, d.hands)
            return (d.starter, went, moves, totals, *score(totals, went))

        return fast_round

    tiles = full_set(r.max_pip)
    strats: list[Strategy] = [find_strategy(s) for s in job.strategies]

    def slow_round(
        number: int, rng: random.Random, starter: int
    ) -> tuple[int, int, int, list[int], int, int]:
        d = deal_round(number, rng, starter)
        starter = d.starter
        dealt = tuple(kernel.tiles_of(t, h) for h in d.hands)
        if r.draw:
            rest: tuple[Tile, ...] = tuple(tiles[i] for i in d.boneyard)
        else:
            rest = kernel.tiles_of(t, (1 << r.set_size) - 1 - sum(d.hands))
        lead = tiles[d.forced] if d.forced >= 0 else None
        state = RoundState(r, dealt, Line(), starter, starter, dealt, rest, (), lead)
        while not state.is_over:
            state = state.apply(strats[state.current_player - 1].choose(state, rng).move)
        out = state.outcome()
        assert out is not None
        return (
            starter,
            state.went_out or 0,
            len(state.history),
            list(out.totals),
            out.winner or 0,
            out.points,
        )

    return slow_round


def _ignore_sigint() -> None:
    """Pool workers ignore Ctrl-C: the parent alone handles it (and ends the pool), so
    an interrupted run prints one line, not one traceback per worker. A worker starts
    with SIGINT blocked (see :func:`simulate`), so a Ctrl-C that arrives while it is
    still starting is dropped here instead of raising inside it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _run_block(job: _Job) -> Counts:
    """Play one block of rounds or matches from the generator of (seed, block)."""
    n = job.players
    if job.fast and not job.matches:
        return Counts(
            random_rounds(job.rules, n, job.seed, job.games, block=job.block),
            match_wins=[0] * n,
            match_wins_by_position=[0] * n,
        )
    counts = _empty(n)
    tally = counts.rounds
    rng = random.Random(f"{job.seed}/sim/{job.block}")
    play = _round_player(job)
    if not job.matches:
        for _i in range(job.games):
            starter, went, moves, totals, winner, points = play(1, rng, 0)
            count_round(tally, n, starter, went, moves, totals, winner, points)
        return counts
    r = job.rules
    target = r.target(n)
    sides = r.teams(n)
    side_of = {s: side for side in sides for s in side}
    for _i in range(job.games):
        scores = [0] * n
        first = starter = 0
        result: int | None = None
        for number in range(1, MAX_MATCH_ROUNDS + 1):
            starter, went, moves, totals, winner, points = play(number, rng, starter)
            if number == 1:
                first = starter
            count_round(tally, n, starter, went, moves, totals, winner, points)
            if winner:
                for s in side_of[winner]:
                    scores[s - 1] += points
            # R19 / V1: who starts next; R20, R21: the target is checked after the round.
            starter = next_seat(r, n, starter, winner)
            if max(scores) >= target:
                end = match_result(r, n, scores)
                assert end is not None
                result = end.winner or 0
                break
        counts.matches += 1
        if result is None:
            counts.unfinished += 1
        elif result == 0:
            counts.match_draws += 1  # R21
        else:
            counts.match_wins[result - 1] += 1
            counts.match_wins_by_position[(result - first) % n] += 1
    return counts


# -- the public run -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The counts of a finished run and how long it took.

    ``games`` is the number of rounds, or of matches with ``matches=True``;
    ``counts.rounds`` holds every round played either way.
    """

    rules: Rules
    players: int
    strategies: tuple[str, ...]
    seed: int
    games: int
    matches: bool
    workers: int
    counts: Counts
    seconds: float
    cluster: str | None = None
    """The Dask cluster's address when the run used one (``workers`` is then its threads)."""

    @property
    def rounds(self) -> Tally:
        return self.counts.rounds

    @property
    def blocked_share(self) -> float:
        """The fraction of rounds that ended blocked (R13)."""
        return self.rounds.blocked / self.rounds.games if self.rounds.games else 0.0

    @property
    def mean_points(self) -> float:
        """Points scored per round, a tied block counting 0 (R15-R17)."""
        return self.rounds.points / self.rounds.games if self.rounds.games else 0.0

    @property
    def wins_by_seat(self) -> list[int]:
        """Rounds won by each seat, or matches won with ``matches=True``."""
        return self.counts.match_wins if self.matches else self.rounds.wins_by_seat

    def win_share(self, seat: int) -> float:
        """The share of games (rounds or matches) that ``seat`` won."""
        return self.wins_by_seat[seat - 1] / self.games if self.games else 0.0

    def win_interval(self, seat: int) -> tuple[float, float]:
        """A Wilson 95% interval for :meth:`win_share`."""
        return wilson(self.wins_by_seat[seat - 1], self.games)

    def points(self, seat: int) -> tuple[float, float, float]:
        """Points ``seat`` scored per round: (mean, low, high) with a 95% interval."""
        t = self.rounds
        total = t.points_by_seat[seat - 1]
        return (total / t.games, *mean_interval(total, t.points_sq_by_seat[seat - 1], t.games))

    def net_points(self, seat: int, other: int) -> tuple[float, float, float]:
        """Points per round that ``seat`` scored minus those ``other`` scored, with a
        95% interval. One seat at most scores in a round, so the square of the
        difference is the square of whichever scored."""
        t = self.rounds
        a, b = seat - 1, other - 1
        total = t.points_by_seat[a] - t.points_by_seat[b]
        sq = t.points_sq_by_seat[a] + t.points_sq_by_seat[b]
        return (total / t.games, *mean_interval(total, sq, t.games))

    def pips_left(self, seat: int) -> tuple[float, float, float]:
        """Pips left in ``seat``'s hand when the round ended: (mean, low, high), 95%."""
        t = self.rounds
        total = t.pips_by_seat[seat - 1]
        return (total / t.games, *mean_interval(total, t.pips_sq_by_seat[seat - 1], t.games))

    def to_json(self) -> dict[str, object]:
        t = self.rounds
        rounds = t.games or 1
        games = self.games or 1
        wins = self.wins_by_seat
        by_pos = self.counts.match_wins_by_position if self.matches else t.wins_by_position
        tied = self.counts.match_draws if self.matches else t.games - sum(t.wins_by_seat)
        data: dict[str, object] = {
            "rules": self.rules.name,
            "players": self.players,
            "strategies": list(self.strategies),
            "seed": self.seed,
            "mode": "matches" if self.matches else "rounds",
            "games": self.games,
            "rounds": t.games,
            "blocked_share": round(self.blocked_share, 6),
            "blocked_ci": [round(x, 6) for x in wilson(t.blocked, t.games)],
            "wins_by_seat": list(wins),
            "win_share_by_seat": [round(w / games, 6) for w in wins],
            "win_ci_by_seat": [[round(x, 6) for x in wilson(w, self.games)] for w in wins],
            "wins_by_position": list(by_pos),
            "ties": tied,
            "mean_points": round(self.mean_points, 6),
            # Points and pips are never negative: their intervals are clipped at 0.
            "mean_points_ci": [
                round(max(0.0, x), 6) for x in mean_interval(t.points, t.points_sq, t.games)
            ],
            "points_by_seat": [round(p / rounds, 6) for p in t.points_by_seat],
            "points_ci_by_seat": [
                [round(max(0.0, x), 6) for x in self.points(s)[1:]]
                for s in range(1, self.players + 1)
            ],
            "mean_pips_left_by_seat": [round(p / rounds, 6) for p in t.pips_by_seat],
            "pips_left_ci_by_seat": [
                [round(max(0.0, x), 6) for x in self.pips_left(s)[1:]]
                for s in range(1, self.players + 1)
            ],
            "mean_moves": round(t.moves / rounds, 6),
            "workers": self.workers,
            "cluster": self.cluster,
            "seconds": round(self.seconds, 4),
            "rounds_per_second": round(t.games / self.seconds) if self.seconds > 0 else None,
        }
        if self.matches:
            data["unfinished"] = self.counts.unfinished
        return data

    def numbers(self) -> dict[str, object]:
        """:meth:`to_json` without the timing, the workers and the cluster: what a seed fixes."""
        data = self.to_json()
        for key in ("workers", "cluster", "seconds", "rounds_per_second"):
            del data[key]
        return data


def _check_count(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidPositionError(
            _("{name} must be a whole number from {low} to {high}, got {value}").format(
                name=_(name), low=low, high=high, value=repr(value)
            )
        )
    return value


def simulate(
    rules: Rules | str,
    players: int,
    games: int,
    strategies: Sequence[str] | str = ("random",),
    *,
    seed: int = 0,
    workers: int = 1,
    matches: bool = False,
    fast: bool | None = None,
    progress: Callable[[int], None] | None = None,
    cluster: str | None = None,
) -> SimulationResult:
    """Play ``games`` seeded rounds (or whole matches) and count them.

    ``strategies`` is one name for every seat or one per seat. ``workers``
    processes share the blocks; the numbers do not depend on it. ``fast``
    forces (True) or forbids (False) the bitmask path, which needs ``random``
    on every seat (None: use it when it can). ``progress`` is called with the
    number of games finished after each block. ``cluster`` runs the blocks on a
    Dask cluster instead of ``workers`` local processes (an address, see
    :mod:`block_dominoes.lab.cluster`), with the same numbers; the result's
    ``workers`` is then the cluster's worker threads.

    Raises :class:`InvalidPositionError` for a bad player count, game count,
    seed or worker count, ValueError for an unknown ruleset or strategy, and
    :class:`~block_dominoes.errors.ClusterError` for a cluster that is not an
    address, cannot be reached or lost the run.
    """
    r = find_rules(rules)
    n = r.check_players(players)
    games = _check_count(N_("the number of games"), games, 1, MAX_GAMES)
    seed = _check_count(N_("the seed"), seed, 0, 2**63)
    workers = _check_count(N_("the number of workers"), workers, 1, 64)
    names = tuple(st.name for st in strategies_for(strategies, n))
    can_fast = all(s == "random" for s in names)
    if fast and not can_fast:
        raise InvalidPositionError(
            _("the fast path plays only the {name} strategy").format(name="'random'")
        )
    use_fast = can_fast if fast is None else fast
    jobs = [
        _Job(r, n, names, seed, b, min(BLOCK, games - b * BLOCK), matches, use_fast)
        for b in range(math.ceil(games / BLOCK))
    ]
    total = _empty(n)
    t0 = time.perf_counter()
    done = 0
    if cluster is not None:
        from block_dominoes.lab.cluster import run_blocks

        def finished(c: Counts) -> None:
            nonlocal done
            done += c.matches or c.rounds.games
            if progress:
                progress(done)

        blocks, workers = run_blocks(cluster, _run_block, jobs, finished)
        for c in blocks:  # merged in block order, as a local run does
            total.merge(c)
    elif workers == 1 or len(jobs) == 1:
        results = map(_run_block, jobs)
        for c in results:
            total.merge(c)
            done += c.matches or c.rounds.games
            if progress:
                progress(done)
    else:
        procs = min(workers, len(jobs))
        # Several blocks per hand-over keep the messages few; imap keeps block order.
        chunk = max(1, len(jobs) // (procs * 8))
        # On Ctrl-C the parent's KeyboardInterrupt leaves the ``with``, which
        # terminates the workers (they ignore SIGINT themselves). SIGINT is blocked
        # while the pool starts, so a worker never sees it before its initializer
        # runs; a Ctrl-C meanwhile stays pending and reaches the parent right after.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pool = multiprocessing.get_context().Pool(procs, initializer=_ignore_sigint)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        with pool:
            for c in pool.imap(_run_block, jobs, chunksize=chunk):
                total.merge(c)
                done += c.matches or c.rounds.games
                if progress:
                    progress(done)
    seconds = time.perf_counter() - t0
    return SimulationResult(r, n, names, seed, games, matches, workers, total, seconds, cluster)


# -- where is an unseen tile? ---------------------------------------------------
def unseen_in_hand(rules: Rules | str, players: int) -> Fraction:
    """The exact chance that a tile a player cannot see, right after the deal, is in
    some opponent's hand rather than out of play (R4), by counting deals.

    Of the ``u`` tiles the player cannot see, the opponents hold ``k``; every way
    to pick the opponents' ``k`` tiles is equally likely, and the tile is missed
    in ``C(u-1, k)`` of the ``C(u, k)`` ways.

    >>> [str(unseen_in_hand('pagat', n)) for n in (2, 3, 4)]
    ['1/3', '10/23', '15/23']
    """
    r = find_rules(rules)
    n = r.check_players(players)
    size = r.hand_size(n)
    unseen = r.set_size - size
    held = (n - 1) * size
    return 1 - Fraction(math.comb(unseen - 1, held), math.comb(unseen, held))


def unseen_in_hand_simulated(
    rules: Rules | str, players: int, deals: int, *, seed: int = 0
) -> tuple[int, int]:
    """Deal ``deals`` times (as :func:`block_dominoes.deal.deal` does); each time
    seat 1 names a tile it cannot see, at random; count how often an opponent
    holds it. Returns (hits, deals)."""
    r = find_rules(rules)
    n = r.check_players(players)
    _check_count(N_("the number of deals"), deals, 1, MAX_GAMES)
    count = r.set_size
    rng = random.Random(f"{seed}/unseen")
    hits = 0
    for _i in range(deals):
        hands = kernel.deal(r, n, rng.random, 2).hands
        mine = hands[0]
        others = 0
        for h in hands[1:]:
            others |= h
        unseen = [t for t in range(count) if not mine >> t & 1]
        t = unseen[int(rng.random() * len(unseen))]
        hits += others >> t & 1
    return hits, deals
