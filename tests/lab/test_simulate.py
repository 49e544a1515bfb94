"""Seeded simulation: the same numbers for any worker count, the fast path against
RoundState, the exact unseen-tile chance, and the ``simulate`` command's contract."""

from __future__ import annotations

import doctest
import json
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

import block_dominoes.lab.simulation as sim_module
from block_dominoes.cli import main
from block_dominoes.deal import shuffled
from block_dominoes.lab import mean_interval, simulate, wilson
from block_dominoes.lab.simulation import BLOCK, unseen_in_hand, unseen_in_hand_simulated
from block_dominoes.match import Match
from block_dominoes.players import find_strategy
from block_dominoes.round import RoundState
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.scoring import OutcomeKind
from block_dominoes.tiles import full_set


def test_doctests() -> None:
    result = doctest.testmod(sim_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# -- reproducibility ------------------------------------------------------------
def test_same_seed_same_numbers_for_one_and_two_workers_fast_path() -> None:
    games = 2 * BLOCK + 137  # three blocks, the last one short
    one = simulate("pagat", 3, games, seed=11, workers=1)
    two = simulate("pagat", 3, games, seed=11, workers=2)
    assert one.numbers() == two.numbers()
    assert one.rounds.games == games
    assert one.to_json()["workers"] == 1 and two.to_json()["workers"] == 2


def test_same_seed_same_numbers_for_one_and_two_workers_strategies() -> None:
    games = BLOCK + 50
    names = ["heavy", "random"]
    one = simulate("pagat", 2, games, names, seed=3, workers=1)
    two = simulate("pagat", 2, games, names, seed=3, workers=2)
    assert one.numbers() == two.numbers()


def test_another_seed_gives_other_numbers() -> None:
    a = simulate("pagat", 4, 500, seed=1).numbers()
    b = simulate("pagat", 4, 500, seed=2).numbers()
    assert a != b


@pytest.mark.parametrize("name", rules_names())
def test_fast_path_equals_round_state_path(name: str) -> None:
    # The bitmask loop (with its one-loop special case) and RoundState with the
    # 'random' strategy spend the same random numbers, so every count agrees.
    for players in find_rules(name).player_counts:
        fast = simulate(name, players, 300, seed=5, fast=True)
        slow = simulate(name, players, 300, seed=5, fast=False)
        assert fast.numbers() == slow.numbers(), (name, players)


@pytest.mark.parametrize("name", ["pagat", "app", "draw", "partnership"])
def test_matches_fast_path_equals_round_state_path(name: str) -> None:
    players = find_rules(name).player_counts[-1]
    fast = simulate(name, players, 40, seed=2, matches=True, fast=True)
    slow = simulate(name, players, 40, seed=2, matches=True, fast=False)
    assert fast.numbers() == slow.numbers()
    c = fast.counts
    assert sum(c.match_wins) + c.match_draws + c.unfinished == 40
    assert fast.rounds.games >= 40


# -- an independent recount on RoundState --------------------------------------
def _replay_block(name: str, players: int, seed: int, games: int) -> list[RoundState]:
    """Block 0 of a run, rebuilt from the public pieces: deal.shuffled and a fair
    lot from the block's generator, then the 'random' strategy on RoundState."""
    r = find_rules(name)
    size = r.hand_size(players)
    rng = random.Random(f"{seed}/sim/0")
    choose = find_strategy("random").choose
    out = []
    for _ in range(games):
        tiles = shuffled(full_set(r.max_pip), rng)
        hands = [sorted(tiles[k * size : (k + 1) * size]) for k in range(players)]
        starter = 1 + int(rng.random() * players)
        rest = sorted(tiles[players * size :])
        s = RoundState.new(r, hands, starter=starter, rest=rest)
        while not s.is_over:
            s = s.apply(choose(s, rng).move)
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_blocked_share_matches_a_slow_count(players: int) -> None:
    games = 250
    states = _replay_block("pagat", players, 9, games)
    outcomes = [s.outcome() for s in states]
    blocked = sum(1 for o in outcomes if o is not None and o.kind is OutcomeKind.BLOCKED)
    res = simulate("pagat", players, games, seed=9)
    assert res.rounds.blocked == blocked
    assert res.blocked_share == blocked / games
    wins = [sum(1 for o in outcomes if o is not None and o.winner == s) for s in range(1, 5)]
    assert res.wins_by_seat == wins[:players]
    assert res.rounds.points == sum(o.points for o in outcomes if o is not None)
    assert res.rounds.moves == sum(len(s.history) for s in states)
    for seat in range(1, players + 1):
        left = [o.totals[seat - 1] for o in outcomes if o is not None]
        mean, lo, hi = res.pips_left(seat)
        assert math.isclose(mean, statistics.fmean(left))
        half = 1.959963984540054 * statistics.stdev(left) / math.sqrt(games)
        assert math.isclose(hi - mean, half) and math.isclose(mean - lo, half)


def test_net_points_interval_from_the_rounds() -> None:
    states = _replay_block("pagat", 2, 12, 300)
    net = []
    for s in states:
        o = s.outcome()
        assert o is not None
        net.append(o.points if o.winner == 1 else -o.points if o.winner == 2 else 0)
    mean, lo, hi = simulate("pagat", 2, 300, seed=12).net_points(1, 2)
    assert lo < mean < hi
    assert math.isclose(mean, statistics.fmean(net))
    half = 1.959963984540054 * statistics.stdev(net) / math.sqrt(300)
    assert math.isclose(hi - mean, half, rel_tol=1e-9)


def test_matches_agree_with_the_match_record() -> None:
    # Replay the first matches of a run with block_dominoes.match.Match deciding
    # the next starter (V1 under 'app') and the end (R20, R21).
    r = find_rules("app")
    players, games = 3, 6
    res = simulate(r, players, games, ["heavy", "random", "random"], seed=4, matches=True)
    rng = random.Random("4/sim/0")
    strategies = [find_strategy(n).choose for n in ("heavy", "random", "random")]
    size = r.hand_size(players)
    wins = [0] * players
    rounds = 0
    for _ in range(games):
        match: Match | None = None
        number = 1
        while match is None or not match.is_over:
            tiles = shuffled(full_set(), rng)
            hands = [sorted(tiles[k * size : (k + 1) * size]) for k in range(players)]
            lot = 1 + int(rng.random() * players)
            if match is None:
                match = Match.new(r, players, starter=lot)
            s = RoundState.new(
                r, hands, starter=match.starter, rest=sorted(tiles[players * size :])
            )
            while not s.is_over:
                s = s.apply(strategies[s.current_player - 1](s, rng).move)
            out = s.outcome()
            assert out is not None
            match = match.add(out)
            rounds += 1
            number += 1
        assert match.result is not None and match.result.winner is not None
        wins[match.result.winner - 1] += 1
    assert res.wins_by_seat == wins
    assert res.rounds.games == rounds


# -- statistics -----------------------------------------------------------------
def test_wilson_interval() -> None:
    z = 1.959963984540054
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and math.isclose(hi, z * z / (10 + z * z))
    lo, hi = wilson(10, 10)
    assert math.isclose(hi, 1.0) and math.isclose(lo, 10 / (10 + z * z))
    lo, hi = wilson(30, 100)
    assert lo < 0.3 < hi and math.isclose((lo + hi) / 2, (0.3 + z * z / 200) / (1 + z * z / 100))


def test_mean_interval_is_mean_plus_minus_z_standard_errors() -> None:
    values = [0, 4, 10, 2, 7]
    lo, hi = mean_interval(sum(values), sum(v * v for v in values), len(values))
    m = sum(values) / 5
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / 4)
    assert math.isclose((lo + hi) / 2, m)
    assert math.isclose(hi - m, 1.959963984540054 * sd / math.sqrt(5))


def test_unseen_tile_chance_by_counting() -> None:
    # Count directly: of u unseen tiles the opponents hold k; a tile is in some hand
    # in k of the u equally likely places (R3, R4).
    for players, expected in ((2, Fraction(7, 21)), (3, Fraction(10, 23)), (4, Fraction(15, 23))):
        assert unseen_in_hand("pagat", players) == expected
    assert unseen_in_hand("partnership", 4) == 1  # all 28 tiles are dealt (V3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_unseen_tile_chance_checked_by_simulation(players: int) -> None:
    hits, deals = unseen_in_hand_simulated("pagat", players, 4000, seed=1)
    lo, hi = wilson(hits, deals, z=3.3)  # a 99.9% interval: a flaky test is rare
    assert lo <= float(unseen_in_hand("pagat", players)) <= hi


def test_first_player_advantage_is_counted_by_position() -> None:
    res = simulate("pagat", 2, 3000, seed=0)
    by_pos = res.rounds.wins_by_position
    assert sum(by_pos) == sum(res.wins_by_seat)
    assert by_pos[0] > by_pos[1]  # the starter has one tile fewer to shed from the first move


# -- bad input ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 5}, "R1"),
        ({"games": 0}, "games"),
        ({"games": 2.5}, "games"),
        ({"seed": -1}, "seed"),
        ({"workers": 0}, "workers"),
        ({"strategies": ["random"] * 3}, "one per seat"),
        ({"strategies": ["nope"]}, "unknown strategy"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"rules": "pagat", "players": 2, "games": 10} | kwargs
    with pytest.raises(ValueError, match=words):
        simulate(**args)  # type: ignore[arg-type]


def test_fast_path_refuses_other_strategies() -> None:
    with pytest.raises(ValueError, match="random"):
        simulate("pagat", 2, 10, ["heavy"], fast=True)


# -- the command line -----------------------------------------------------------
def test_cli_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "3", "--games", "1500", "--seed", "7", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["games"] == 1500
    assert 0 < data["blocked_share"] < 1
    assert len(data["wins_by_seat"]) == 3 and sum(data["wins_by_seat"]) <= 1500
    assert data["mean_points"] > 0 and data["seconds"] >= 0
    assert data["blocked_ci"][0] <= data["blocked_share"] <= data["blocked_ci"][1]
    same = simulate("pagat", 3, 1500, seed=7, workers=2).numbers()
    assert {k: v for k, v in data.items() if k in same} == same


def test_cli_text_and_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--players", "2", "--games", "30", "--matches", "--strategy", "heavy"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "30 matches" in out and "blocked:" in out and "matches won by seat" in out


def test_cli_workers_do_not_change_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for w in ("1", "2"):
        argv = ["simulate", "--players", "4", "--games", "2100", "--workers", w, "--json"]
        assert main(argv) == 0
        data = json.loads(capsys.readouterr().out)
        outs.append(
            {k: v for k, v in data.items() if k not in ("seconds", "rounds_per_second", "workers")}
        )
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "5", "--games", "10"], "'5'"),
        (["--players", "2", "--games", "0"], "'0'"),
        (["--players", "2", "--games", "ten"], "'ten'"),
        (["--players", "2", "--games", "10", "--seed", "-3"], "'-3'"),
        (["--players", "2", "--games", "10", "--workers", "0"], "workers"),
        (["--players", "2", "--games", "10", "--strategy", "nope"], "'nope'"),
        (["--players", "2", "--games", "10", "--rules", "nope"], "'nope'"),
        (["--players", "3", "--games", "10", "--rules", "partnership"], "V3"),
        (["--players", "2"], "--games"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")
def test_ctrl_c_with_workers_is_one_line_and_exit_130() -> None:
    """Issue 13: Ctrl-C during 'simulate --workers 2' printed a traceback per worker.
    A terminal's Ctrl-C sends SIGINT to the whole process group, workers included."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "block_dominoes.cli",
            "simulate",
            "--players",
            "4",
            "--games",
            "5000000",
            "--workers",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 120
    # Wait (on a condition, with a generous ceiling) until the first worker exists:
    # a Ctrl-C while the pool is still starting used to hang the run or print a
    # worker's traceback.
    while time.monotonic() < deadline:
        if children.exists() and children.read_text().split():
            break
        time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("the workers never started")
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert out == ""
    assert err.strip() == "block-dominoes: interrupted", err


def test_cli_one_round_has_no_zero_width_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 players, 1 round (seed 0)" in out
    assert "(95% CI n/a: one round; a tied block scores 0)" in out


@pytest.mark.parametrize("command", [["simulate", "--players", "2", "--games", "1"], ["play"]])
def test_seed_range_is_one_for_play_and_simulate(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    assert main([*command, "--seed", str(2**63 - 1), "--json"]) == 0
    capsys.readouterr()
    assert main([*command, "--seed", str(2**63)]) == 2
    err = capsys.readouterr().err
    assert "--seed: the deal number (seed) must be a whole number from 0 to " in err
    with pytest.raises(SystemExit):
        main([command[0], "--help"])
    assert "from 0 to 2**63-1" in capsys.readouterr().out
