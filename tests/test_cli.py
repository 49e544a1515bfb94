"""The command line: every command, and every kind of bad input (exit 2, one line)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from block_dominoes.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_score_blocked_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "3", "7", "8")
    assert data == {
        "outcome": "blocked",
        "winner": 1,
        "points": 12,
        "totals": [3, 7, 8],
        "explanation": "blocked: totals 3, 7, 8; player 1 has the sole lowest total and "
        "scores 7 + 8 - 3 = 12 (R16)",
    }


def test_score_domino_tiles_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "-", "[0|0]", "2-6")
    assert code == 0
    assert "player 1 scores 8 (R15)" in out
    data = run_json(capsys, "score", "-", "[0|0]", "2-6")
    assert isinstance(data, dict) and data["outcome"] == "domino" and data["points"] == 8


def test_score_rules_option(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "3", "7", "8", "--rules", "all-pips")
    assert isinstance(data, dict) and data["points"] == 15


def test_line_json_e6(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "line", "1-4", "1-1", "4-4", "3-4")
    assert isinstance(data, dict)
    assert data["tiles"] == ["[1|4]", "[1|1]", "[4|4]", "[3|4]"]
    assert data["connections"][0] == {
        "from": {"tile": "[1|4]", "port": "low end"},
        "to": {"tile": "[1|1]", "port": "line A"},
    }
    assert data["open_ends"] == [
        {"tile": "[1|1]", "port": "line B", "value": 1},
        {"tile": "[3|4]", "port": "low end", "value": 3},
    ]


def test_line_at_value_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "l.svg"
    code, out, err = run(capsys, "line", "1-2", "2-3", "1-3@3", "--svg", str(svg))
    assert code == 0, err
    assert "Open: [1|2] low end 1, [1|3] low end 1." in out
    text = svg.read_text()
    assert text.startswith("<svg") and "<desc>Tiles: [1|2], [2|3], [1|3]." in text


def test_legal(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "legal", "--line", "1-4 1-1", "--hand", "4-4,3-6,1-6")
    assert data == {
        "must_pass": False,
        "moves": [{"tile": "[1|6]", "end": 1}, {"tile": "[4|4]", "end": 4}],
    }
    data = run_json(capsys, "legal", "--line", "1-4", "--hand", "2-3,5-6")
    assert data == {"must_pass": True, "moves": []}
    data = run_json(capsys, "legal", "--line", "", "--hand", "2-3")
    assert data == {"must_pass": False, "moves": [{"tile": "[2|3]", "end": None}]}


def test_play_json_is_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "play", "--players", "3", "--seed", "4")
    assert isinstance(data, dict)
    assert set(data) == {
        "rules",
        "seed",
        "players",
        "starter",
        "hands",
        "out_of_play",
        "moves",
        "outcome",
    }
    assert data["seed"] == 4 and data["players"] == 3
    assert [len(h) for h in data["hands"]] == [5, 5, 5] and len(data["out_of_play"]) == 13
    again = run_json(capsys, "play", "--players", "3", "--seed", "4")
    assert again == data
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "4", "--strategy", "heavy")
    assert code == 0 and "heaviest" in out


def test_match_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "match", "--players", "3", "--seed", "1")
    assert isinstance(data, dict)
    assert data["target"] == 61 and data["result"]["kind"] == "win"
    last = data["rounds"][-1]["scores"]
    assert max(last) >= 61
    assert last[data["result"]["winner"] - 1] == max(last)


def test_rules_and_strategies_lists(capsys: pytest.CaptureFixture[str]) -> None:
    names = [r["name"] for r in run_json(capsys, "rules")]  # type: ignore[union-attr]
    assert names[0] == "pagat" and "draw" in names
    strats = run_json(capsys, "strategies")
    assert isinstance(strats, list) and {"name", "description"} <= set(strats[0])


BAD = [
    (["score", "x-1", "3"], "cannot read 'x-1'"),
    (["score", "7-1", "3"], "not in the double-six set"),
    (["score", "1-4", "4-1"], "held by players 1 and 2"),
    (["line", "1-4", "4-5", "4-1"], "already on the line"),
    (["legal", "--line", "1-4", "--hand", "1-4,2-2"], "both in the hand and on the line"),
    (["score", "3"], "1 player is not allowed"),
    (["score", "1", "2", "3", "4", "5"], "5 players"),
    (["score", "-", "-", "3"], "both have empty hands"),
    (["score", "1-2,1-3,1-4,1-5,1-6,2-3", "4", "4"], "each is dealt 5"),
    (["score", "-3", "4"], "cannot be negative"),
    (["score", "53", "4", "4"], "at most 52"),
    (["line", "1-4", "2-3"], "neither half matches an open end"),
    (["line", "1-2", "2-3", "1-3"], "ambiguous move"),
    (["line", "1-2", "3-4@2"], "has no 2"),
    (["score", "3", "4", "--rules", "nope"], "unknown ruleset: 'nope'"),
    (["play", "--players", "5"], "5 players"),
    (["play", "--players", "2", "--strategy", "genius"], "unknown strategy"),
    (["play", "--players", "2", "--seed", "-4"], "deal number"),
    (["frobnicate"], "invalid choice"),
    (["score", ",,", "5"], "separators but no tiles"),
    (["legal", "--line", "1-4", "--hand", ""], "--hand is empty"),
    (["legal", "--line", "1-4", "--hand", "0-1,0-2,0-3,0-4,0-5,0-6,1-1,1-2"], "at most 7"),
    (["line", "1-4@5"], "illegal lead"),
    (["line", "1-4", "--svg", ""], "--svg needs a file name"),
    (["rules", "--rules", "nope"], "unknown ruleset"),
    (["score", "+-5", "3"], "cannot read '+-5'"),
    (["play", "--players", "²"], "players must be 2, 3 or 4"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD)
def test_bad_input_exits_2_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err


def test_legal_reads_the_line_in_any_tile_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "legal", "--line", "[1|4][1|1]", "--hand", "4-5")
    assert data == {"must_pass": False, "moves": [{"tile": "[4|5]", "end": 4}]}


@pytest.mark.skipif(shutil.which("block-dominoes") is None, reason="console script not installed")
def test_closed_pipe_is_quiet() -> None:
    proc = subprocess.run(
        "block-dominoes match --players 4 --seed 1 | head -c1",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert proc.stdout == "r" and "Traceback" not in proc.stderr


@pytest.mark.skipif(shutil.which("block-dominoes") is None, reason="console script not installed")
def test_console_script() -> None:
    proc = subprocess.run(
        ["block-dominoes", "score", "3", "3", "8", "--json"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["points"] == 0


def test_a_bug_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import block_dominoes.cli.info as cli

    def broken(_: object) -> tuple[str, object]:
        raise KeyError("oops")

    monkeypatch.setattr(cli, "cmd_rules", broken)
    code, out, err = run(capsys, "rules")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "internal error (KeyError" in err
