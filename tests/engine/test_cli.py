"""The command line: every command, and every kind of bad input (exit 2, one line)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import run_cli

from block_dominoes.records import format_record, record_from_json


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    code, out, err = run_cli(capsys, *args, "--json")
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
    code, out, _ = run_cli(capsys, "score", "-", "[0|0]", "2-6")
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
    code, out, err = run_cli(capsys, "line", "1-2", "2-3", "1-3@3", "--svg", str(svg))
    assert code == 0, err
    assert "Open: [1|2] low end 1, [1|3] low end 1." in out
    text = svg.read_text()
    assert text.startswith("<svg") and "<desc>Tiles: [1|2], [2|3], [1|3]." in text


def test_legal(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "legal", "--line", "1-4 1-1", "--hand", "4-4,3-6,1-6")
    assert data == {
        "must_pass": False,
        "must_draw": False,
        "moves": [{"tile": "[1|6]", "end": 1}, {"tile": "[4|4]", "end": 4}],
    }
    data = run_json(capsys, "legal", "--line", "1-4", "--hand", "2-3,5-6")
    assert data == {"must_pass": True, "must_draw": False, "moves": []}
    data = run_json(capsys, "legal", "--line", "", "--hand", "2-3")
    assert data == {
        "must_pass": False,
        "must_draw": False,
        "moves": [{"tile": "[2|3]", "end": None}],
    }


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
    code, out, _ = run_cli(capsys, "play", "--players", "2", "--seed", "4", "--strategy", "heavy")
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
    (["score", "-3", "4"], "without a sign"),
    (["score", "53", "4", "4"], "at most 52"),
    (["line", "1-4", "2-3"], "neither half matches an open end"),
    (["line", "1-2", "2-3", "1-3"], "ambiguous move"),
    (["line", "1-2", "3-4@2"], "has no 2"),
    (["score", "3", "4", "--rules", "nope"], "unknown ruleset: 'nope'"),
    (["play", "--players", "5"], "players must be a whole number from 2 to 4, got '5' (R1)"),
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
    (["play", "--players", "²"], "players must be a whole number from 2 to 4"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD)
def test_bad_input_exits_2_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err


def test_legal_reads_the_line_in_any_tile_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "legal", "--line", "[1|4][1|1]", "--hand", "4-5")
    assert data == {"must_pass": False, "must_draw": False, "moves": [{"tile": "[4|5]", "end": 4}]}


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
    code, out, err = run_cli(capsys, "rules")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "internal error (KeyError" in err


# -- issue 13: one line for every bad input, naming the command, the file and the field --
@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["rules", "--foo"], "block-dominoes rules: unrecognized arguments: --foo"),
        (["sheet", "add", "x.json", "1", "2", "--bogus"], "block-dominoes sheet add: unrecognized"),
        (["play", "--seed", "x"], "block-dominoes play: argument --seed"),
        (["record", "convert", "a", "b", "--what"], "block-dominoes record convert: unrecognized"),
    ],
)
def test_usage_errors_name_the_sub_command(
    capsys: pytest.CaptureFixture[str], args: list[str], start: str
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(start), err


@pytest.mark.parametrize("end", ["1", "4", "9"])
def test_at_v_on_the_lead_is_refused_the_same_way_for_any_v(
    capsys: pytest.CaptureFixture[str], end: str
) -> None:
    # Issue 13: 'line 1-4@1' silently ignored the @1 while 'line 1-4@9' was refused.
    code, out, err = run_cli(capsys, "line", f"1-4@{end}", "4-5")
    assert code == 2 and out == ""
    assert f"illegal lead: the lead joins no open end, so it takes no '@{end}'" in err
    assert "write it as '[1|4]' alone (R5)" in err


def test_rules_and_strategies_honour_rules(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "--rules", "draw")
    assert isinstance(data, dict) and data["name"] == "draw" and data["draw"] is True
    assert data["hand_sizes"] == {"2": 7, "3": 7, "4": 6}
    code, out, _ = run_cli(capsys, "rules", "--rules", "double-nine")
    assert code == 0 and out.startswith("double-nine:") and "set: double-nine" in out
    code, out, _ = run_cli(capsys, "strategies", "--rules", "draw")
    assert code == 0 and out.startswith("under draw, every strategy can play")
    code, out, _ = run_cli(capsys, "strategies")
    assert out.startswith("random:")
    assert run_cli(capsys, "strategies", "--rules", "nope")[0] == 2


def test_play_seed_without_players_plays_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "play", "--seed", "1")
    assert code == 0 and err == "" and out.startswith("rules pagat, 2 players, deal 1;")
    code, out, _ = run_cli(capsys, "match", "--seed", "1")
    assert code == 0 and out.startswith("rules pagat, 2 players, target 100, deal 1")


def test_digits_of_any_script(capsys: pytest.CaptureFixture[str]) -> None:
    # The digit policy: str.isdecimal digits of any script, read with int().
    assert run_json(capsys, "play", "--seed", "٣") == run_json(capsys, "play", "--seed", "3")
    assert run_json(capsys, "score", "٣", "٧", "٨") == run_json(capsys, "score", "3", "7", "8")
    assert run_json(capsys, "line", "١-٤", "٤-٥") == run_json(capsys, "line", "1-4", "4-5")


@pytest.mark.parametrize("tile", ["[1|2", "1|2]", "[1|2]]"])
def test_unpaired_brackets_are_refused(capsys: pytest.CaptureFixture[str], tile: str) -> None:
    code, out, err = run_cli(capsys, "score", tile, "3")
    assert code == 2 and out == ""
    assert f"cannot read {tile!r} as a tile: its brackets do not pair up" in err


def test_a_huge_argument_is_cut_in_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    huge = "7" * 120_000
    for args in (
        ["score", "x" + huge, "3"],
        ["score", huge, "3"],
        ["play", "--seed", huge],
        ["play", "--players", huge],
        ["line", "1-4", "4-" + huge],
        ["score", "3", "4", "--rules", huge],
        ["play", "--strategy", huge],
        ["simulate", "--players", "2", "--games", huge],
    ):
        code, out, err = run_cli(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, (args[:2], err[:300])
        assert len(err) < 400, (args[:2], len(err))


def test_a_5000_digit_seed_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "play", "--seed", "9" * 5000)
    assert code == 2 and "argument --seed" in err and "5,000 digits" in err and len(err) < 300


def _seeded() -> dict[str, object]:
    from block_dominoes.players import play_round
    from block_dominoes.records import round_json

    return round_json(play_round("pagat", 3, 4).state, 4)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    good = {
        "rules": "pagat",
        "players": 2,
        "starter": 1,
        "hands": [["1-1"], ["2-2"]],
        "moves": [{"seat": 1, "pass": True}],
    }
    out = {
        "list": "[1, 2, 3]",
        "number": "42",
        "deep": "[" * 50_000 + "]" * 50_000,
        "deepobj": '{"rules": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "hugeseed": json.dumps(good)[:-1] + ', "seed": ' + "9" * 5000 + "}",
        "hugeplayers": json.dumps({**good, "players": 0}).replace(
            '"players": 0', '"players": ' + "9" * 5000
        ),
        "bom": "\ufeff" + json.dumps(_seeded()),
        "tabs": format_record(record_from_json(_seeded())).replace(" ", "\t"),
    }
    paths = {}
    for k, v in out.items():
        p = tmp_path / (f"{k}.txt" if k == "tabs" else f"{k}.json")
        p.write_text(v, encoding="utf-8")
        paths[k] = p
    return paths


@pytest.mark.parametrize(
    ("key", "fragments"),
    [
        ("list", ["list.json: not a record: expected a JSON object", "got a list"]),
        ("number", ["number.json: not a record: expected a JSON object", "got a number"]),
        ("deep", ["deep.json: not a record: the JSON is nested too deeply"]),
        ("deepobj", ["deepobj.json: not a record: the JSON is nested too deeply"]),
        ("hugeseed", ["hugeseed.json: record (JSON): seed: expected a whole number", "5,000"]),
        ("hugeplayers", ["hugeplayers.json: record (JSON): players:", "5,000 digits"]),
    ],
)
def test_bad_json_files_are_one_line_naming_file_and_field(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], key: str, fragments: list[str]
) -> None:
    for command in (["check"], ["record", "convert"]):
        args = [*command, str(files[key])] + (["-"] if command[0] == "record" else [])
        code, out, err = run_cli(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, err[:300]
        assert len(err) < 400
        for f in fragments:
            assert f in err, err


def test_bom_and_tabs_are_read(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    # A seeded record with a BOM, and written with tabs for every space, checks valid.
    assert "\t" in files["tabs"].read_text(encoding="utf-8")
    for key in ("bom", "tabs"):
        code, out, err = run_cli(capsys, "check", str(files[key]))
        assert code == 0 and err == "" and out.startswith("valid"), (key, out, err)


def test_os_errors_name_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "check", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{tmp_path}: cannot read it: Is a directory" in err


def test_convert_refuses_to_overwrite_its_input_through_a_hard_link(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    src = files["bom"]
    link = src.parent / "link.txt"
    link.hardlink_to(src)
    before = src.read_bytes()
    code, _, err = run_cli(capsys, "record", "convert", str(src), str(link))
    assert code == 2 and "is the record being read" in err
    assert src.read_bytes() == before


def test_simulate_never_prints_a_points_interval_below_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two 4-player rounds (seed 0): the normal interval's lower end is -5.76.
    code, out, _ = run_cli(capsys, "simulate", "--players", "4", "--games", "2")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("mean points per round"))
    lo = line.split("95% CI ")[1].split("-")[0]
    assert lo == "0.00", line


def test_sheet_plot_json_prints_the_series(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = tmp_path / "s.json"
    assert (
        run_cli(capsys, "sheet", "new", str(sheet), "--players", "2", "--names", "Ann,Ben")[0] == 0
    )
    assert run_cli(capsys, "sheet", "add", str(sheet), "-", "5")[0] == 0
    data = run_json(capsys, "sheet", "plot", str(sheet), "--out", str(tmp_path / "c.svg"))
    assert isinstance(data, dict) and data["rounds"] == 1 and data["target"] == 100
    assert data["series"] == [
        {"label": "Ann", "scores": [0, 5]},
        {"label": "Ben", "scores": [0, 0]},
    ]


@pytest.mark.parametrize("names", ["Ann\nBen,Cy", "Ann,B\ten", "Ann,\x1b[31mBen"])
def test_sheet_names_with_control_characters_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, names: str
) -> None:
    sheet = tmp_path / "s.json"
    code, out, err = run_cli(capsys, "sheet", "new", str(sheet), "--players", "2", "--names", names)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "a name cannot hold a control character" in err and not sheet.exists()


def test_sheet_plot_without_matplotlib_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    sheet = tmp_path / "s.json"
    assert run_cli(capsys, "sheet", "new", str(sheet), "--players", "2")[0] == 0
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    code, out, err = run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(tmp_path / "c.png"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "sheet plot needs matplotlib" in err and "block-dominoes[plot]" in err


def test_simulate_json_points_intervals_are_never_below_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "simulate", "--players", "4", "--games", "2")
    assert isinstance(data, dict)
    assert data["mean_points_ci"][0] == 0.0  # the normal interval's lower end is -5.76
    for lo, _ in data["points_ci_by_seat"] + data["pips_left_ci_by_seat"]:
        assert lo >= 0.0


@pytest.mark.parametrize("redirect", [">&-", "> /dev/full"])
def test_stdout_closed_or_full_is_one_line(redirect: str) -> None:
    proc = subprocess.run(
        f"python -m block_dominoes.cli score 3 4 {redirect}",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "block-dominoes: cannot write the output (standard output): "
    )
    assert ("closed" if "&-" in redirect else "no space left on device") in lines[0]


def test_record_convert_writes_atomically_and_refuses_a_read_only_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import block_dominoes.storage as storage

    src = tmp_path / "r.txt"
    src.write_text("hand 1: 1-4\nhand 2: 4-6\n1: [1|4]\n")
    out = tmp_path / "o.json"
    assert run_cli(capsys, "record", "convert", str(src), str(out))[0] == 0
    replaced: list[str] = []
    real = storage.os.replace
    monkeypatch.setattr(storage.os, "replace", lambda a, b: (replaced.append(str(b)), real(a, b)))
    code, _, err = run_cli(capsys, "record", "convert", str(src), str(out), "--force")
    assert code == 0, err
    assert replaced == [str(out)] and json.loads(out.read_text())["players"] == 2
    out.chmod(0o444)  # refused by its mode bits, also when run as root
    before = out.read_bytes()
    code, stdout, err = run_cli(capsys, "record", "convert", str(src), str(out), "--force")
    assert code == 2 and stdout == "" and err.count("\n") == 1
    assert f"cannot write {str(out)!r}: the file is read-only" in err
    assert out.read_bytes() == before


@pytest.mark.parametrize("args", [("check", ""), ("record", "convert", "", "x.json")])
def test_an_empty_file_name_is_named(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and err == "block-dominoes: error: no file name given: name the record file\n"


def test_a_fifo_record_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "game.txt"
    os.mkfifo(fifo)
    code, _, err = run_cli(capsys, "check", str(fifo))
    assert code == 2 and "game.txt': not a regular file" in err


def test_a_too_long_record_name_is_one_cut_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(capsys, "check", str(tmp_path / ("x" * 120_000)))
    assert code == 2 and err.count("\n") == 1 and len(err) < 400
    assert err.rstrip().endswith("': file name too long")


def test_solve_names_the_hand_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "solve", "1-2", "7")
    assert code == 2 and "error: hand 2: cannot read '7' as a tile" in err


_INTERRUPT_AT_IMPORT = """
import builtins, os, signal, sys
sys.argv[0] = "block-dominoes"  # as the console script runs it
real, fired = builtins.__import__, []
def imp(name, globals=None, locals=None, fromlist=(), level=0):
    if level and not fired and "block_dominoes.cli" in sys.modules:
        fired.append(1)  # Ctrl-C while the command line's own modules are imported
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, globals, locals, fromlist, level)
builtins.__import__ = imp
import block_dominoes.cli
"""


def test_ctrl_c_during_start_up_is_one_line() -> None:
    import sys

    proc = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_AT_IMPORT], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 130 and proc.stderr == "\nblock-dominoes: interrupted\n"


def test_importing_the_cli_as_a_library_keeps_ctrl_c() -> None:
    """Only the program installs its start-up Ctrl-C handler; a library import leaves
    the caller's handler alone. Checked in a fresh interpreter with Python's default
    handler set first: a test runner may itself start with SIGINT ignored (CI, nohup)."""
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler);"
        "import block_dominoes.cli;"
        "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True", out.stderr
