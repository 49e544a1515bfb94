"""The two-player solver: agreement with a plain minimax over RoundState, errors, CLI."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from block_dominoes.cli import main
from block_dominoes.errors import InvalidPositionError, InvalidTileError
from block_dominoes.players import solve
from block_dominoes.round import RoundState
from block_dominoes.tiles import Tile, full_set


def brute_force(hand1: list[Tile], hand2: list[Tile]) -> tuple[int, set[Tile]]:
    """Minimax straight over the engine's own RoundState (no bitmasks, no shared code)."""

    @cache
    def value(state: RoundState) -> int:
        if state.is_over:
            r = state.returns()
            return r[0] - r[1]
        values = [value(state.apply(m)) for m in state.legal_moves()]
        return max(values) if state.current_player == 1 else min(values)

    start = RoundState.new("pagat", [hand1, hand2], starter=1)
    leads = {m.tile: value(start.apply(m)) for m in start.legal_moves()}  # type: ignore[union-attr]
    best = max(leads.values())
    return best, {t for t, v in leads.items() if v == best}


def random_hands(rng: random.Random, size: int) -> tuple[list[Tile], list[Tile]]:
    tiles = list(full_set())
    rng.shuffle(tiles)
    return sorted(tiles[:size]), sorted(tiles[size : 2 * size])


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_solver_agrees_with_brute_force_minimax(size: int) -> None:
    rng = random.Random(f"solver/{size}")
    for _ in range(25 if size < 4 else 12):
        h1, h2 = random_hands(rng, size)
        s = solve(h1, h2)
        value, best = brute_force(h1, h2)
        assert s.value == value, (h1, h2)
        assert set(s.best) == best, (h1, h2)


def test_worked_example_leading_the_double_avoids_a_loss() -> None:
    # [0|1] lead: seat 2 plays [0|0], seat 1 must pass (R9), seat 2 goes out with
    # [1|6] and scores seat 1's 12 pips (R15). [6|6] lead: [1|6] then [0|1] out, 0 pips left.
    s = solve("6-6,0-1", "1-6,0-0")
    assert s.value == 0
    assert s.best == (Tile.parse("6-6"),)


def test_a_full_seven_tile_deal_is_solved_with_value_bounds() -> None:
    from block_dominoes.deal import deal

    d = deal("pagat", 2, seed=11)
    s = solve(*d.hands)
    # Seat 1 can never score more than seat 2's whole hand nor lose more than its own.
    assert -sum(t.pips for t in d.hands[0]) <= s.value <= sum(t.pips for t in d.hands[1])
    assert s.best and all(t in d.hands[0] for t in s.best)


@pytest.mark.parametrize(
    ("hands", "error", "words"),
    [
        (("1-2", "3-4", "5-6"), InvalidPositionError, "not designed yet"),
        (("1-2", "3-4", "5-6", "0-0"), InvalidPositionError, "not designed yet"),
        (("1-2",), InvalidPositionError, "needs 2 hands"),
        (("1-2,1-2", "3-4"), InvalidPositionError, "held twice"),
        (("1-2", "1-2"), InvalidPositionError, "players 1 and 2"),
        (("1-2,0-0,0-1,0-2,0-3,0-4,0-5,0-6", "3-4"), InvalidPositionError, "(R3)"),
        (("", "3-4"), InvalidPositionError, "empty"),
        (("1-7", "3-4"), InvalidTileError, "1-7"),
    ],
)
def test_bad_hands_are_refused(hands: tuple[str, ...], error: type, words: str) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        solve(*hands)


def test_draw_rules_are_refused() -> None:
    with pytest.raises(InvalidPositionError, match="V6"):
        solve("1-2", "3-4", rules="draw")


def test_cli_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "6-6,0-1", "[1|6][0|0]", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"value": 0, "best": ["[6|6]"]}


def test_cli_solve_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "6-6,0-1", "1-6,0-0"]) == 0
    assert "best lead: [6|6]" in capsys.readouterr().out
    assert main(["solve", "1-2", "3-4", "5-6"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "3 or 4 players" in err and err.count("\n") == 1
    assert main(["solve", "1-2", "-"]) == 2
    assert "hand 2" in capsys.readouterr().err


def test_docstring_examples() -> None:
    import doctest

    import block_dominoes.players.solver as mod

    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0
