"""The fair expert against OpenSpiel's MCTS on OpenSpiel's own two-player Block.

OpenSpiel 2.0.2 (``pip install 'block-dominoes[openspiel]'``, or
``bench/requirements.txt``) ships Block as ``python_block_dominoes``: a
double-six set, 7 tiles to each of 2 players dealt by its chance nodes (the first
7 to player 0), 14 out of play, player 0 leads any tile, a player who cannot
play is skipped (an implicit pass), and the round ends on a domino or when
neither can play. Its ``returns`` give the side with the lower total the
other's whole total (both 0 on equal totals): this project's ``all-pips``
ruleset (V4) with 2 players. Both checks are made in every game: each move is
replayed through :class:`~block_dominoes.round.RoundState` (``all-pips``, seat
``p + 1`` for OpenSpiel's player ``p``, seat 1 starting, our explicit pass
inserted where OpenSpiel skips a player), so a move our rules forbid raises,
and at the end our outcome's points must equal OpenSpiel's returns.

The expert is the engine's own ``expert`` strategy
(``find_strategy('expert').choose``): it is given the replayed ``RoundState``
and, as for every strategy in this engine, reads only what its seat knows
(:func:`block_dominoes.players.knowledge.knowledge`: its hand, the line, the passes).
``MCTSBot`` searches from OpenSpiel's true state, every hand in sight, with
the settings of OpenSpiel's ``examples/mcts.py``: UCT constant 2, one random
rollout per leaf, the MCTS-Solver on.

Deals come in pairs: deal ``k`` (seeded by ``seed``/``k``) is played twice,
the expert as player 0 (it leads) and then as player 1, so the seats alternate
and the luck of the deal cancels. A round's winner is the side that scores; a
tied block (equal totals, nobody scores) counts as a round neither side wins:
it is in the ``N`` of the share but in nobody's wins.

Every setting's table line and the per-move times go to stdout and, with
``--out``, to a JSON file, rewritten after every deal pair (the lab chapter reads
``src/block_dominoes/openspiel_lab.json`` through
:func:`block_dominoes.lab.tables.openspiel_results`). Runs of one setting each
(in parallel, say) are combined with ``--merge A.json B.json --out FILE``. The last line is
``openspiel: expert wins P% [LO, HI] of N rounds vs MCTS (S simulations)``
for the strongest setting the expert beats (its lower 95% bound above one
half), or else the weakest tried (a line for the other players before it).

``--player reader`` plays :mod:`reader` instead (``bench/reader.py``: the
expert's deals weighed by how well they explain MCTS's plays; fair) and
``--player omniscient`` the reference row above. ``--opponent ismcts`` plays
OpenSpiel's ``ISMCTSBot`` instead of its ``MCTSBot``: information-set MCTS, which
searches from deals of the tiles its seat has not seen (:func:`resampler`), as
fair as the expert. The stored table is (``OUT`` for
``src/block_dominoes/openspiel_lab.json``)::

    python bench/openspiel.py --simulations 10 30 100 1000 --out expert.json
    python bench/openspiel.py --player reader --out reader.json
    python bench/openspiel.py --player omniscient --simulations 100 --out seeing.json
    python bench/openspiel.py --opponent ismcts --out even.json
    python bench/openspiel.py --merge expert.json reader.json seeing.json even.json --out OUT
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import reader  # bench/reader.py, beside this file
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]
from open_spiel.python.games import block_dominoes as osb  # type: ignore[import-not-found]

from block_dominoes.lab import wilson
from block_dominoes.players import expert as expert_module
from block_dominoes.players import find_strategy, knowledge
from block_dominoes.round import Pass, Play, RoundState
from block_dominoes.tiles import Tile, full_set, tile_index

RULES = "all-pips"
DECK = osb._DECK
GAME = "python_block_dominoes"
UCT_C = 2.0
ROLLOUTS = 1
OUT = Path(__file__).resolve().parent.parent / "src" / "block_dominoes" / "openspiel_lab.json"


def os_tile(tile: tuple[float, float]) -> Tile:
    """OpenSpiel's tile ``(3.0, 5.0)`` as ours."""
    return Tile.of(int(tile[0]), int(tile[1]))


def os_action(player: int, move: Play) -> int:
    """Our ``move`` by OpenSpiel's ``player`` as OpenSpiel's action id."""
    t = move.tile
    edge = None if move.end is None else float(move.end)
    text = str(osb.Action(player, (float(t.low), float(t.high)), edge))
    return osb._ACTIONS_STR.index(text)


def our_move(action: int) -> tuple[int, Play]:
    """OpenSpiel's action id as (its player, our move)."""
    a = osb._ACTIONS[action]
    return a.player, Play(os_tile(a.tile), None if a.edge is None else int(a.edge))


@dataclass
class Setting:
    """The counts of one setting: the expert against MCTS at ``simulations``."""

    simulations: int
    player: str = "expert"
    """who plays MCTS: a key of :data:`PLAYERS`"""
    opponent: str = "mcts"
    """which MCTS: a key of :data:`OPPONENTS`"""
    rounds: int = 0
    expert_wins: int = 0
    mcts_wins: int = 0
    ties: int = 0
    expert_points: int = 0
    mcts_points: int = 0
    lead_wins: int = 0
    """rounds the expert won when it led (OpenSpiel's player 0)"""
    note: str = ""
    """why the setting has fewer rounds than asked for, if it has"""
    mcts_seconds: list[float] = field(default_factory=list)
    expert_seconds: list[float] = field(default_factory=list)

    def row(self) -> dict[str, object]:
        lo, hi = wilson(self.expert_wins, self.rounds)
        n = self.rounds or 1
        return {
            "simulations": self.simulations,
            "expert": PLAYERS[self.player],
            "mcts": OPPONENTS[self.opponent],
            "rounds": self.rounds,
            "expert_wins": self.expert_wins,
            "mcts_wins": self.mcts_wins,
            "ties": self.ties,
            "expert_share": round(self.expert_wins / n, 4),
            "expert_ci": [round(lo, 4), round(hi, 4)],
            "mcts_share": round(self.mcts_wins / n, 4),
            "expert_led_wins": self.lead_wins,
            "net_points_per_round": round((self.expert_points - self.mcts_points) / n, 3),
            "mcts_seconds_per_move": round(statistics.fmean(self.mcts_seconds or [0.0]), 4),
            "expert_seconds_per_move": round(statistics.fmean(self.expert_seconds or [0.0]), 4),
            "note": self.note,
        }

    def line(self) -> str:
        r = self.row()
        lo, hi = r["expert_ci"]  # type: ignore[misc]
        who = {"omniscient": "omniscient expert"}.get(self.player, self.player)
        mcts_name = {"ismcts": "IS-MCTS"}.get(self.opponent, "MCTS")
        return (
            f"{mcts_name} {self.simulations:5d} simulations: {who} wins {r['expert_share']:.1%} "
            f"[{lo:.1%}, {hi:.1%}], MCTS {r['mcts_share']:.1%}, tied {self.ties} "
            f"of {self.rounds}; net {r['net_points_per_round']:+.2f} points a round; "
            f"{r['mcts_seconds_per_move']:.3f} s per MCTS move, "
            f"{r['expert_seconds_per_move']:.3f} s per expert move"
        )


def deal(game: pyspiel.Game, rng: random.Random) -> list[int]:
    """OpenSpiel's deal: 14 chance outcomes drawn with ``rng``."""
    state = game.new_initial_state()
    actions = []
    while state.is_chance_node():
        outcomes = [a for a, _p in state.chance_outcomes()]  # uniform
        a = outcomes[int(rng.random() * len(outcomes))]
        actions.append(a)
        state.apply_action(a)
    return actions


def omniscient_move(state: RoundState, rng: random.Random) -> Play:
    """The reference row's move (not fair): the expert's own exact search, given the
    true hands instead of deals of the unseen tiles."""
    mp = state.rules.max_pip
    hands = [sum(1 << tile_index(t, mp) for t in h) for h in state.hands]
    rest = [tile_index(t, mp) for t in state.rest]
    with mock.patch.object(expert_module, "sample_masks", lambda k, r: (list(hands), rest)):
        return expert_module.advise(knowledge(state), rng, 1).move


def expert_move(state: RoundState, rng: random.Random) -> Play:
    """The engine's ``expert`` strategy (fair: it reads only its seat's knowledge)."""
    move = EXPERT.choose(state, rng).move
    assert isinstance(move, Play), move
    return move


def reader_move(state: RoundState, rng: random.Random) -> Play:
    """:mod:`reader`: the expert's deals weighted by the other player's plays (fair)."""
    return reader.reader_move(knowledge(state), rng)


EXPERT = find_strategy("expert")
PLAYERS = {
    "expert": "expert (fair)",
    "reader": "reader (fair)",
    "omniscient": "omniscient (reference, not fair)",
}
"""Who plays MCTS (``--player``), and the name of its rows in the table."""
OPPONENTS = {
    "mcts": "MCTS (sees both hands)",
    "ismcts": "IS-MCTS (sees its own hand)",
}
"""Which MCTS (``--opponent``): OpenSpiel's ``MCTSBot``, searching from the true
state, or its ``ISMCTSBot`` (information-set MCTS), searching from deals of the
tiles its seat has not seen (:func:`resampler`), so as fair as the expert."""
CHOOSERS: dict[str, Callable[[RoundState, random.Random], Play]] = {
    "expert": expert_move,
    "reader": reader_move,
    "omniscient": omniscient_move,
}


def resampler(
    rng: np.random.RandomState,
) -> Callable[[pyspiel.State, int], pyspiel.State]:
    """IS-MCTS's view of a state: ``player``'s own hand and the plays so far, the
    other hand dealt again from the tiles ``player`` has not seen (the tiles that
    hand played stay in it), uniformly among the deals that replay every move as
    it was, passes included (a deal that would have let the other player play
    where it was skipped is dealt again). OpenSpiel's Python Block has no
    ``resample_from_infostate`` of its own."""

    def deal_again(state: pyspiel.State, player: int) -> pyspiel.State:
        history = state.history()
        chance, moves = history[:14], history[14:]
        mine = chance[:7] if player == 0 else chance[7:]
        played = [
            DECK.index(osb._ACTIONS[a].tile) for a in moves if osb._ACTIONS[a].player != player
        ]
        pool = [i for i in range(len(DECK)) if i not in set(mine) | set(played)]
        for _ in range(100_000):
            theirs = played + [int(i) for i in rng.choice(pool, 7 - len(played), replace=False)]
            new = state.get_game().new_initial_state()
            for a in [*mine, *theirs] if player == 0 else [*theirs, *mine]:
                new.apply_action(a)
            for a in moves:
                if new.current_player() != osb._ACTIONS[a].player:
                    break  # the other hand could have played where it was skipped
                new.apply_action(a)
            else:
                if new.current_player() == state.current_player():
                    return new
        raise AssertionError(f"no deal replays the moves of {state}")

    return deal_again


def play_one(
    game: pyspiel.Game,
    chance: list[int],
    expert_player: int,
    simulations: int,
    seed: int,
    setting: Setting,
) -> int:
    """One round; the expert is OpenSpiel's ``expert_player``. Returns the expert's
    points minus MCTS's (OpenSpiel's return for the expert)."""
    state = game.new_initial_state()
    for a in chance:
        state.apply_action(a)
    hands = [[os_tile(t) for t in h] for h in state.hands]
    in_hands = {t for h in hands for t in h}
    ours = RoundState.new(
        RULES, hands, starter=1, rest=[t for t in full_set(6) if t not in in_hands], exact=True
    )
    evaluator = mcts.RandomRolloutEvaluator(ROLLOUTS, np.random.RandomState(seed))
    if setting.opponent == "ismcts":
        bot = ismcts.ISMCTSBot(
            game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed + 1)
        )
        bot.set_resampler(resampler(np.random.RandomState(seed + 2)))
    else:
        bot = mcts.MCTSBot(
            game,
            UCT_C,
            simulations,
            evaluator,
            solve=True,
            random_state=np.random.RandomState(seed + 1),
        )
    choose = CHOOSERS[setting.player]
    rng = random.Random(f"{seed}/expert")
    while not state.is_terminal():
        player = state.current_player()
        # OpenSpiel skips a player who cannot play; ours records the pass (R9).
        while ours.current_player != player + 1:
            ours = ours.apply(Pass())
        t0 = time.perf_counter()
        if player == expert_player:
            move = choose(ours, rng)
            action = os_action(player, move)
            setting.expert_seconds.append(time.perf_counter() - t0)
        else:
            action = bot.step(state)
            setting.mcts_seconds.append(time.perf_counter() - t0)
            _p, move = our_move(action)
        if action not in state.legal_actions():
            raise AssertionError(f"{move} is not legal in OpenSpiel's state {state}")
        ours = ours.apply(move)  # raises IllegalMoveError if our rules forbid it
        state.apply_action(action)
    while not ours.is_over:  # the last skip before a block
        ours = ours.apply(Pass())
    returns = state.returns()
    check = ours.returns()
    if [int(x) for x in returns] != [check[0] - check[1], check[1] - check[0]]:
        raise AssertionError(f"scores differ: OpenSpiel {returns}, ours {check} ({state})")
    return int(returns[expert_player])


def run(
    simulations: int,
    rounds: int,
    seed: int,
    log: bool,
    budget: float = 0.0,
    save: Callable[[Setting], None] | None = None,
    player: str = "expert",
    opponent: str = "mcts",
) -> Setting:
    """Play ``rounds`` rounds at ``simulations``; with a ``budget`` (seconds), stop
    after the first deal pair that ends past it and say so in ``s.note``."""
    game = pyspiel.load_game(GAME)
    s = Setting(simulations, player=player, opponent=opponent)
    t0 = time.perf_counter()
    for k in range((rounds + 1) // 2):
        if budget and time.perf_counter() - t0 > budget:
            s.note = (
                f"stopped after {s.rounds} of {rounds} rounds: the time budget of "
                f"{budget:.0f} s ran out at {statistics.fmean(s.mcts_seconds):.2f} s per "
                f"MCTS move on this machine (2 cores shared)"
            )
            print(f"note: MCTS {simulations}: {s.note}", flush=True)
            break
        chance = deal(game, random.Random(f"{seed}/deal/{k}"))
        for expert_player in (0, 1):
            if s.rounds >= rounds:
                break
            net = play_one(game, chance, expert_player, simulations, seed * 1000 + 2 * k, s)
            s.rounds += 1
            if net > 0:
                s.expert_wins += 1
                s.expert_points += net
                s.lead_wins += expert_player == 0
            elif net < 0:
                s.mcts_wins += 1
                s.mcts_points -= net
            else:
                s.ties += 1
        if save:
            save(s)
        if log and (k + 1) % 25 == 0:
            print(f"  ... {s.line()}", file=sys.stderr, flush=True)
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=400, help="rounds per setting (default 400)")
    ap.add_argument(
        "--simulations", type=int, nargs="+", default=[100, 1000], help="MCTS simulations"
    )
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=None, help=f"write the table (e.g. {OUT})")
    ap.add_argument("--log", action="store_true", help="progress lines on stderr")
    ap.add_argument(
        "--player",
        choices=list(PLAYERS),
        default="expert",
        help="who plays MCTS: the engine's expert (default); the reader (bench/reader.py: "
        "the expert's deals weighted by MCTS's plays, fair); or, as a reference that is "
        "not fair, the expert's search given the true hands",
    )
    ap.add_argument(
        "--opponent",
        choices=list(OPPONENTS),
        default="mcts",
        help="OpenSpiel's MCTS, which sees both hands (default), or its IS-MCTS, which "
        "sees only its own hand",
    )
    ap.add_argument(
        "--budget", type=float, default=0.0, help="seconds per setting, then stop (0: none)"
    )
    ap.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        default=None,
        help="combine the tables of runs made with --out (one setting each) into --out",
    )
    args = ap.parse_args()
    if args.merge:
        rows = [r for f in args.merge for r in json.loads(f.read_text("utf-8"))["rows"]]
        # a row written twice (a finished setting, once per deal pair and once at the end)
        rows = [r for i, r in enumerate(rows) if r not in rows[:i]]
        players, opponents = list(PLAYERS.values()), list(OPPONENTS.values())
        for r in rows:  # a table written before IS-MCTS rows existed
            r.setdefault("mcts", OPPONENTS["mcts"])
        rows.sort(
            key=lambda r: (
                opponents.index(r["mcts"]),
                players.index(r["expert"]),
                r["simulations"],
            )
        )
        write(args.out, args.seed, rows)
        conclude(rows)
        return
    if args.rounds < 400:
        print(f"note: {args.rounds} rounds per setting, fewer than the 400 asked for")
    done: list[dict[str, object]] = []
    for sims in sorted(args.simulations):
        t0 = time.perf_counter()

        def save(s: Setting) -> None:
            if args.out:
                write(args.out, args.seed, [*done, s.row()])

        s = run(
            sims, args.rounds, args.seed, args.log, args.budget, save, args.player, args.opponent
        )
        done.append(s.row())
        write(args.out, args.seed, done)
        print(s.line() + f" ({time.perf_counter() - t0:.0f} s)", flush=True)
    conclude(done)


def write(out: Path | None, seed: int, rows: list[dict[str, Any]]) -> None:
    """The table as JSON (what the lab chapter reads)."""
    if out is None:
        return
    data = {
        "game": GAME,
        "open_spiel": "2.0.2",
        "rules": RULES,
        "seed": seed,
        "uct_c": UCT_C,
        "rollouts": ROLLOUTS,
        "solve": True,
        "tie": "a tied block counts in the rounds but for neither side",
        "rows": rows,
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def conclude(rows: list[dict[str, Any]]) -> None:
    """For each player in ``rows``, the expert last: the strongest setting it beats
    (its lower 95% bound above one half), or else the weakest tried."""
    for opponent in ("ismcts", "mcts"):
        for player in ("omniscient", "reader", "expert"):
            mine = [
                r
                for r in rows
                if r["expert"] == PLAYERS[player]
                and r.get("mcts", OPPONENTS["mcts"]) == OPPONENTS[opponent]
            ]
            if not mine:
                continue
            beaten = [r for r in mine if r["expert_ci"][0] > 0.5]
            best = max(beaten, key=lambda r: r["simulations"]) if beaten else mine[0]
            lo, hi = best["expert_ci"]
            name = {"ismcts": "IS-MCTS"}.get(opponent, "MCTS")
            print(
                f"openspiel: {player} wins {best['expert_share']:.1%} [{lo:.1%}, {hi:.1%}] "
                f"of {best['rounds']} rounds vs {name} ({best['simulations']} simulations)"
            )


if __name__ == "__main__":
    main()
