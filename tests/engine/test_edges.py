"""Issue 20: the edges of the command line and the Python API, one test per defect.

Each test names the defect's number in the issue; each failed before the fix.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import run_cli

import block_dominoes as bd
from block_dominoes import book
from block_dominoes.errors import BlockDominoesError
from block_dominoes.i18n import language

SRC = str(Path(bd.__file__).parent.parent)
ENV = {**os.environ, "PYTHONPATH": SRC, "BLOCK_DOMINOES_LANG": "en"}


def shell(cmd: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run a shell line with `bd` as the command line of this checkout."""
    bd_cmd = f"{sys.executable} -m block_dominoes.cli"
    return subprocess.run(
        cmd.replace("bd ", bd_cmd + " "),
        shell=True,
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**ENV, **env},
        executable="/bin/bash",
    )


# -- a sheet or another file overwritten (1, 2) -----------------------------------------


def test_1_record_convert_never_replaces_a_sheet(
    capsys: pytest.CaptureFixture[str], sheet: Path, record: Path
) -> None:
    before = sheet.read_bytes()
    code, out, err = run_cli(capsys, "record", "convert", str(record), str(sheet))
    assert code == 2 and out == "" and "already exists" in err and "--force" in err
    code, out, err = run_cli(capsys, "record", "convert", str(record), str(sheet), "--force")
    assert code == 2 and out == "" and "is a score sheet: it is never replaced" in err
    assert sheet.read_bytes() == before


def test_1_force_replaces_a_record_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    out = tmp_path / "copy.txt"
    assert run_cli(capsys, "record", "convert", str(record), str(out))[0] == 0
    assert run_cli(capsys, "record", "convert", str(record), str(out), "--force")[0] == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, _, err = run_cli(capsys, "record", "convert", str(record), str(notes), "--force")
    assert code == 2 and "is not a record" in err and notes.read_text() == "my notes\n"


def test_2_line_svg_never_replaces_a_sheet(
    capsys: pytest.CaptureFixture[str], sheet: Path, tmp_path: Path
) -> None:
    before = sheet.read_bytes()
    for extra in ((), ("--force",)):
        code, out, err = run_cli(capsys, "line", "1-4", "1-1", "--svg", str(sheet), *extra)
        assert code == 2 and out == "" and err.count("\n") == 1
    assert sheet.read_bytes() == before
    svg = tmp_path / "l.svg"
    assert run_cli(capsys, "line", "1-4", "--svg", str(svg))[0] == 0
    assert run_cli(capsys, "line", "1-4", "--svg", str(svg))[0] == 2
    assert run_cli(capsys, "line", "1-1", "--svg", str(svg), "--force")[0] == 0
    assert "[1|1]" in svg.read_text()


def test_sheet_plot_refuses_an_existing_file(
    capsys: pytest.CaptureFixture[str], sheet: Path, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "c.png"
    out.write_bytes(b"not a chart")
    code, _, err = run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(out), "--force")
    assert code == 2 and "is not a chart" in err and out.read_bytes() == b"not a chart"


def test_a_killed_writes_temporary_file_is_cleaned_by_the_next_write(
    capsys: pytest.CaptureFixture[str], sheet: Path
) -> None:
    stale = sheet.with_name(f".{sheet.name}.abcd1234.tmp")
    other = sheet.with_name(f".{sheet.name}x.abcd1234.tmp")  # another file's: kept
    stale.write_text("half")
    other.write_text("half")
    assert run_cli(capsys, "sheet", "add", str(sheet), "4", "-")[0] == 0
    assert not stale.exists() and other.exists()


# -- a saved change reported as a failure (3) -------------------------------------------


def test_3_a_saved_round_exits_0_when_stdout_is_full(sheet: Path) -> None:
    p = shell(f"bd sheet add {sheet.name} 1 2 > /dev/full", sheet.parent)
    assert p.returncode == 0, p.stderr
    assert "was saved" in p.stderr and p.stderr.count("\n") == 1
    assert len(json.loads(sheet.read_text())["rounds"]) == 2
    p = shell(f"bd sheet undo {sheet.name} --yes > /dev/full", sheet.parent)
    assert p.returncode == 0 and "was saved" in p.stderr
    assert len(json.loads(sheet.read_text())["rounds"]) == 1


# -- wrong answers (4-10) ---------------------------------------------------------------


def test_4_legal_under_draw_says_draw(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "legal", "--rules", "draw", "--line", "1-4", "--hand", "2-3")
    assert code == 0 and out.startswith("must draw") and "(V6)" in out and "R9" not in out
    code, out, _ = run_cli(capsys, "legal", "--line", "1-4", "--hand", "2-3", "--json")
    assert json.loads(out)["must_pass"] is True and json.loads(out)["must_draw"] is False


@pytest.mark.parametrize("seat", [0, -1, 3, None, 1.0, True, "1"])
def test_5_hand_of_a_seat_that_is_not_one(seat: object) -> None:
    state = bd.RoundState.deal("pagat", 2, 1)
    with pytest.raises(bd.InvalidArgumentError, match="seat must be a whole number from 1 to 2"):
        state.hand(seat)  # type: ignore[arg-type]
    assert state.hand(2) == state.hands[1]


@pytest.mark.parametrize("moves", [-1, None, 1.0, 99])
def test_6_after_refuses_what_is_not_a_move_count(moves: object) -> None:
    state = bd.RoundState.deal("pagat", 2, 1)
    state = state.apply(state.legal_moves()[0])
    with pytest.raises(bd.InvalidArgumentError):
        state.after(moves)  # type: ignore[arg-type]
    assert state.after(1) == state and state.after(0).history == ()


@pytest.mark.parametrize("halves", [(1.5, 2), (10**400, 10**400), (None, 2), ("1", "2")])
def test_7_tile_halves_are_whole_numbers(halves: tuple[object, object]) -> None:
    with pytest.raises(bd.InvalidTileError) as e:
        bd.Tile(*halves)  # type: ignore[arg-type]
    assert e.value.rule == "R2" and len(str(e.value)) < 300


def test_7_an_end_is_a_whole_number() -> None:
    line = bd.Line.build(["1-4"])
    with pytest.raises(bd.InvalidArgumentError):
        line.place(bd.Tile(4, 6), end=4.0)  # type: ignore[arg-type]
    assert line.place(bd.Tile(4, 6), end=4).end_values == (1, 6)


def test_8_the_set_is_checked_and_an_empty_example_reads_right(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(bd.InvalidTileError, match="double-six"):
        bd.Line.build(["7-7"])
    with pytest.raises(bd.InvalidTileError, match="double-six"):
        book.example("E1", "x", ["7-7"])
    assert bd.Line.build(["9-9"], max_pip=9).end_values == (9, 9)
    book.example("E1", "x", [])
    assert "Open: none (any tile may lead)." in capsys.readouterr().out


@pytest.mark.parametrize("hands", [["+7", "-"], ["-0", "5"], ["+3", "-0", "-"]])
def test_9_signed_totals_are_refused(capsys: pytest.CaptureFixture[str], hands: list[str]) -> None:
    code, out, err = run_cli(capsys, "score", "--", *hands)
    assert code == 2 and out == "" and "without a sign" in err


def test_9_sheet_add_refuses_signs(capsys: pytest.CaptureFixture[str], sheet: Path) -> None:
    before = sheet.read_bytes()
    code, _, err = run_cli(capsys, "sheet", "add", str(sheet), "+3", "-")
    assert code == 2 and "without a sign" in err and sheet.read_bytes() == before


def test_10_describe_move_went_out_and_seeds() -> None:
    with pytest.raises(bd.IllegalMoveError, match="not a move"):
        bd.describe_move(None)  # type: ignore[arg-type]
    with pytest.raises(bd.InvalidArgumentError, match="went_out"):
        bd.score_totals("pagat", [3, 4], went_out=True)
    for seed in (2**63, 10**400, -1, 1.0):
        with pytest.raises(bd.InvalidArgumentError, match="seed"):
            bd.RoundState.deal("pagat", 2, seed)  # type: ignore[arg-type]
    assert bd.RoundState.deal("pagat", 2, 2**63 - 1).players == 2


# -- crashes and foreign exceptions (11-17) ---------------------------------------------


def test_11_simulate_with_stderr_closed(tmp_path: Path) -> None:
    p = shell("bd simulate --players 2 --games 3 2>&-", tmp_path)
    assert p.returncode == 0 and "internal error" not in p.stdout and "rounds" in p.stdout


def test_12_with_stderr_closed_errors_never_reach_stdout(tmp_path: Path) -> None:
    p = shell("bd score x 2>&-", tmp_path)
    assert p.returncode == 2 and p.stdout == ""


FOREIGN = [
    lambda: bd.Line().place(None),  # 13
    lambda: bd.Line.build(None),  # 14
    lambda: bd.Line.build([None]),
    lambda: bd.Line().fits(None),
    lambda: bd.score_hands("pagat", ["3", "4"], starter=9),  # 15
    lambda: bd.score_hands("pagat", ["3", "4"], starter="1"),
    lambda: bd.Tile(None, 2),  # 16
    lambda: bd.Tile("1", "2"),
    lambda: bd.Tile.of(3, None),
    lambda: bd.full_set(None),
    lambda: bd.full_set("6"),
    lambda: bd.full_set(6.5),
    lambda: bd.parse_tiles("1-2", max_pip="6"),
    lambda: bd.score_hands("pagat", None),  # 17
    lambda: bd.score_totals("pagat", None),
    lambda: bd.RoundState.new("pagat", None),
    lambda: bd.RoundState.deal("pagat", 2, 0).hand(None),
    lambda: bd.Match.new("pagat", 2).add(None),
    lambda: bd.RoundState.deal("pagat", 2, 0).hand(3),
    lambda: bd.RoundState.deal("pagat", 2, 0).playable(9),
    lambda: book.example("E1", "x", ["1-2"], new=True),
    lambda: book.words("1-4"),
    lambda: book.show_hands([5]),
    lambda: book.show_position(None),
]


@pytest.mark.parametrize("call", FOREIGN, ids=range(len(FOREIGN)))
def test_13_to_17_the_api_raises_its_own_errors(call: object) -> None:
    with pytest.raises(BlockDominoesError) as e:
        call()  # type: ignore[operator]
    assert "\n" not in str(e.value)


def test_17_show_hands_without_ipython_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "IPython.display", None)
    with pytest.raises(bd.errors.MissingDependencyError, match="IPython"):
        book.show_hands(["1-2"])


# -- unclear messages (18-27) -----------------------------------------------------------


def test_18_a_lone_surrogate_in_a_name(capsys: pytest.CaptureFixture[str], sheet: Path) -> None:
    data = json.loads(sheet.read_text())
    data["names"][1] = "B\ud800"
    sheet.write_text(json.dumps(data))
    before = sheet.read_bytes()
    for args in (("show", str(sheet)), ("add", str(sheet), "3", "-")):
        code, _, err = run_cli(capsys, "sheet", *args)
        assert code == 2 and sheet.name in err and "name 'B" in err and "codec" not in err
    assert sheet.read_bytes() == before


def test_18_names_with_bad_bytes_and_long_names(tmp_path: Path) -> None:
    p = shell("bd sheet new n.json --players 2 --names $'Ann,B\\xffen'", tmp_path)
    assert p.returncode == 2 and "codec" not in p.stderr and "'B\\udcffen'" in p.stderr
    p = shell(f"bd sheet new n.json --players 2 --names Ann,{'x' * 41}", tmp_path)
    assert p.returncode == 2 and "at most 40 characters" in p.stderr
    assert not (tmp_path / "n.json").exists()


def test_19_an_ascii_stream_and_arabic(tmp_path: Path) -> None:
    p = shell("bd --lang ar score 3 3", tmp_path, PYTHONIOENCODING="ascii")
    assert p.returncode == 2 and "codec" not in p.stderr
    assert "PYTHONIOENCODING=utf-8" in p.stderr and p.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: bd.parse_tiles(",,"),
        lambda: bd.RoundState.new("pagat", [["1-2"], ["1-2"]]),
        lambda: bd.Tile.parse(None),
        lambda: bd.Tile(-1, 2),
    ],
)
def test_20_messages_in_arabic(call: object) -> None:
    with language("ar"), pytest.raises(BlockDominoesError) as e:
        call()  # type: ignore[operator]
    assert any("\u0600" <= c <= "\u06ff" for c in str(e.value)), str(e.value)


def test_20_not_utf8_in_arabic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    code, _, err = run_cli(capsys, "--lang", "ar", "sheet", "show", str(bad))
    assert code == 2 and "invalid start byte" not in err


def test_21_a_round_with_both_hands_and_claim(
    capsys: pytest.CaptureFixture[str], sheet: Path
) -> None:
    data = json.loads(sheet.read_text())
    data["rounds"][0]["claim"] = {"seat": 1, "points": 3}
    sheet.write_text(json.dumps(data))
    code, _, err = run_cli(capsys, "sheet", "show", str(sheet))
    assert code == 2 and "round 1 holds both 'hands' and 'claim'" in err


def test_22_an_edit_names_the_round_it_breaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(tmp_path / "app.json")
    assert run_cli(capsys, "sheet", "new", path, "--rules", "app", "--players", "2")[0] == 0
    assert run_cli(capsys, "sheet", "add", path, "10", "-")[0] == 0
    assert run_cli(capsys, "sheet", "add", path, "0-0,0-1,0-2,0-3,0-4,0-5,0-6", "-")[0] == 0
    code, _, err = run_cli(capsys, "sheet", "edit", path, "1", "-", "5")
    assert code == 2 and "error: round 2: player 1 started this round" in err


@pytest.mark.parametrize(("key", "value"), [("players", True), ("version", True)])
def test_23_json_values_shown_as_json(
    capsys: pytest.CaptureFixture[str], sheet: Path, key: str, value: object
) -> None:
    data = json.loads(sheet.read_text())
    data[key] = value
    sheet.write_text(json.dumps(data))
    code, _, err = run_cli(capsys, "sheet", "show", str(sheet))
    assert code == 2 and " true" in err and "True" not in err


def test_23_records_show_json_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    rec.write_text(
        json.dumps(
            {"rules": "pagat", "players": True, "seed": 0, "starter": 1,
             "hands": [["1-2"], ["3-4"]], "moves": []}
        )
    )  # fmt: skip
    code, _, err = run_cli(capsys, "check", str(rec))
    assert code == 2 and "got true" in err and "True" not in err


def test_24_interactive_names_a_tile_outside_the_set(tmp_path: Path) -> None:
    p = shell("printf '7-7\\nq\\n' | bd play --interactive --seed 1", tmp_path)
    assert "is not in the double-six set" in p.stdout + p.stderr
    assert "cannot read '7-7'" not in p.stdout + p.stderr


def test_25_a_leading_bom_is_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "score", "\ufeff1-4", "-")
    assert code == 0, err
    assert "5 pips" in out


def test_26_separators_alone_refused_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (("legal", "--line", ",,", "--hand", "1-2"), ("score", ",,,", "-")):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and "separators but no tiles" in err


def test_27_spaces_inside_brackets_in_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "score", "[1 | 4] [0 | 0]", "-")
    assert code == 0, err
    assert "5 pips" in out


def test_long_input_is_cut_to_60_characters(capsys: pytest.CaptureFixture[str]) -> None:
    huge = "x" * 120_000
    for args in (("--lang", huge, "score", "1"), (huge,), ("score", "1-2," * 30_000, "-")):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and len(err) < 300, err[:300]
        assert "\u2026" in err


def test_25_the_bom_rule_in_every_command(capsys: pytest.CaptureFixture[str], sheet: Path) -> None:
    bom = "\ufeff"
    assert run_cli(capsys, "score", bom + "7", bom + "-")[0] == 0
    assert run_cli(capsys, "play", "--seed", bom + "3")[0] == 0
    assert run_cli(capsys, "sheet", "claim", str(sheet), bom + "1", bom + "5")[0] == 0
    assert run_cli(capsys, "legal", "--line", bom + "1-4", "--hand", bom + "4-6")[0] == 0


def _handouts_tool() -> object:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "print_handouts.py"
    spec = importlib.util.spec_from_file_location("print_handouts_edges", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_print_handouts_refuses_existing_handouts_before_printing(tmp_path: Path) -> None:
    tool: object = _handouts_tool()
    chapters = ["rules/setup"]
    tool.check_out(tmp_path, chapters)  # type: ignore[attr-defined]  # an empty folder: fine
    (tmp_path / "score-sheet-3.pdf").write_bytes(b"%PDF-1.4 mine")
    with pytest.raises(tool.HandoutError, match=r"already exists.*--force"):  # type: ignore[attr-defined]
        tool.check_out(tmp_path, chapters)  # type: ignore[attr-defined]
    tool.check_out(tmp_path, chapters, force=True)  # type: ignore[attr-defined]
    with pytest.raises(tool.HandoutError, match="not a folder"):  # type: ignore[attr-defined]
        tool.check_out(tmp_path / "score-sheet-3.pdf", chapters)  # type: ignore[attr-defined]


def test_a_bad_argument_is_not_a_position() -> None:
    """A value a program passes of the wrong kind is an InvalidArgumentError; a whole
    number outside what a rule allows is a position that cannot exist (issue 32)."""
    state = bd.RoundState.deal("pagat", 2, 1)
    with pytest.raises(bd.InvalidArgumentError) as arg:
        state.hand(0)
    assert not isinstance(arg.value, bd.InvalidPositionError)
    with pytest.raises(bd.InvalidPositionError) as pos:
        bd.RoundState.new("pagat", [["1-2"], ["3-4"]], starter=3)
    assert pos.value.rule == "R6" and not isinstance(pos.value, bd.InvalidArgumentError)
    with pytest.raises(bd.InvalidArgumentError):
        bd.RoundState.new("pagat", [["1-2"], ["3-4"]], starter="1")  # type: ignore[arg-type]
