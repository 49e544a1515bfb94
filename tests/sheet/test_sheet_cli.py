"""``block-dominoes sheet``: the contract of every sub-command, and every refusal
exiting 2 with one stderr line while the file stays byte for byte as it was."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import run_cli


@pytest.fixture
def sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    p = tmp_path / "match.json"
    code, _, err = run_cli(
        capsys, "sheet", "new", str(p), "--players", "3", "--names", "Ann,Ben,Cem", "--starter", "2"
    )
    assert code == 0, err
    return p


def refused(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    """Run a command that must be refused; return its one stderr line."""
    before = path.read_bytes() if path.exists() else None
    code, out, err = run_cli(capsys, *args)
    assert code == 2, (out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.strip(), err
    after = path.read_bytes() if path.exists() else None
    assert after == before  # byte for byte untouched
    return err.strip()


def show(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code, out, err = run_cli(capsys, "sheet", "show", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


# -- the contract -----------------------------------------------------------------
def test_new_add_claim_show_json_contract(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = show(capsys, sheet)
    assert data == {
        "players": 3,
        "rules": "pagat",
        "names": ["Ann", "Ben", "Cem"],
        "rounds": [],
        "scores": [0, 0, 0],
        "next_starter": 2,
        "result": None,
    }
    code, out, _ = run_cli(capsys, "sheet", "add", str(sheet), "-", "0-0", "2-6")
    assert code == 0 and "0 + 8 = 8" in out and "Cem (player 3) starts" in out
    code, out, _ = run_cli(capsys, "sheet", "claim", str(sheet), "3", "12")
    assert code == 0 and "possible: domino" in out and "possible: blocked" in out
    data = show(capsys, sheet)
    assert set(data) == {"players", "rules", "names", "rounds", "scores", "next_starter", "result"}
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    assert rounds[0] == {
        "starter": 2,
        "outcome": {
            "outcome": "domino",
            "winner": 1,
            "points": 8,
            "totals": [0, 0, 8],
            "explanation": "domino: player 1 went out; players 2 and 3 hold 0 + 8 = 8 pips, "
            "so player 1 scores 8 (R15)",
        },
    }
    assert rounds[1]["starter"] == 3
    claim = rounds[1]["outcome"]
    assert claim["outcome"] == "claim" and claim["winner"] == 3 and claim["points"] == 12
    assert [i["outcome"] for i in claim["interpretations"]] == ["domino", "blocked"]
    assert data["scores"] == [8, 0, 12] and data["next_starter"] == 1 and data["result"] is None


def test_match_to_the_end_and_result(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(capsys, "sheet", "add", str(sheet), "30", "-", "25")[0] == 0
    code, out, _ = run_cli(capsys, "sheet", "add", str(sheet), "4", "-", "8")
    assert code == 0 and "match over: Ben (player 2) wins with 67 of 61 (R20)" in out
    data = show(capsys, sheet)
    assert data["result"] == {"kind": "win", "winner": 2} and data["next_starter"] is None
    err = refused(capsys, sheet, "sheet", "add", str(sheet), "-", "4", "5")
    assert "the match is over" in err and "R20" in err
    err = refused(capsys, sheet, "sheet", "claim", str(sheet), "1", "10")
    assert "the match is over" in err


def test_new_with_rules_and_default_starter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "pairs.json"
    code, out, _ = run_cli(
        capsys, "sheet", "new", str(p), "--players", "4", "--rules", "partnership"
    )
    assert code == 0 and "pairs 1+3 against 2+4" in out
    data = show(capsys, p)
    assert data["rules"] == "partnership" and data["next_starter"] == 1
    assert data["names"] == ["Player 1", "Player 2", "Player 3", "Player 4"]


def test_names_may_be_separated_by_an_arabic_comma(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "match.json"
    code, _, err = run_cli(
        capsys, "sheet", "new", str(p), "--players", "3", "--names", "سارة، ليلى,Ann"
    )
    assert code == 0, err
    assert show(capsys, p)["names"] == ["سارة", "ليلى", "Ann"]


# -- every refusal: exit 2, one line, file untouched ---------------------------------
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("add", "-", "-", "3"), "R13"),  # two empty hands
        (("add", "1-2", "1-2", "-"), "R2"),  # a tile in two hands
        (("add", "0-1,0-2,0-3,0-4,0-5,0-6", "-", "3"), "R3"),  # more tiles than dealt
        (("add", "60", "-", "3"), "at most 52"),  # a total no hand can hold
        (("add", "0", "0", "-"), "only one tile, [0|0]"),  # two 0-pip players
        (("add", "-", "3"), "R1"),  # wrong number of hands
        (("add", "-", "7-1", "3"), "R2"),  # a tile outside the set
        (("add", "-", "what", "3"), "cannot read"),
        (("claim", "2", "0"), "cannot score 0"),  # impossible claim
        (("claim", "2", "93"), "cannot score 93"),
        (("claim", "4", "10"), "seat 4 is not a seat"),
        (("claim", "x", "10"), "seat must be a whole number from 1, got 'x'"),
        (("claim", "1", "-3"), "points must be a whole number from 0, got '-3'"),
        (("edit", "5", "-", "4", "5"), "cannot edit round 5"),
        (("edit", "1", "-", "-", "5"), "round 1: "),
        (("edit", "1"), "give the round's hands"),
        (("edit", "1", "-", "4", "5", "--claim", "1", "9"), "not both"),
        (("edit", "1", "--claim", "1", "0"), "claim refused"),
        (("undo",), "no terminal"),
        (("plot", "--out", "chart.gif"), ".png, .svg or .pdf"),
    ],
)
def test_refusals_leave_the_file_untouched(
    sheet: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], needle: str
) -> None:
    assert run_cli(capsys, "sheet", "add", str(sheet), "-", "4", "5")[0] == 0
    cmd, *rest = args
    if cmd == "plot":
        rest = [rest[0], str(sheet.parent / rest[1])]
    err = refused(capsys, sheet, "sheet", cmd, str(sheet), *rest)
    assert needle in err, err
    assert err.startswith("block-dominoes")


def test_new_refuses_an_existing_file(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, sheet, "sheet", "new", str(sheet), "--players", "2")
    assert "never overwrites" in err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--players", "5"), "R1"),
        (("--players", "three"), "number of players"),
        (("--players", "3", "--starter", "4"), "R5"),
        (("--players", "3", "--names", "A,B"), "one name per player"),
        (("--players", "3", "--rules", "nope"), "unknown ruleset"),
    ],
)
def test_new_refusals_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], needle: str
) -> None:
    p = tmp_path / "m.json"
    err = refused(capsys, p, "sheet", "new", str(p), *args)
    assert needle in err and not p.exists()


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "not valid JSON"),
        (b"{half a fi", "not valid JSON"),
        (b'{"format": "block-dominoes score sheet", "version": 2}', "version 2"),
    ],
)
@pytest.mark.parametrize(
    "cmd", [("show",), ("add", "-", "4", "5"), ("claim", "1", "9"), ("undo", "--yes")]
)
def test_corrupt_file_is_never_overwritten(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    needle: str,
    cmd: tuple[str, ...],
) -> None:
    p = tmp_path / "m.json"
    p.write_bytes(content)
    err = refused(capsys, p, "sheet", cmd[0], str(p), *cmd[1:])
    assert needle in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "none.json"
    err = refused(capsys, p, "sheet", "add", str(p), "-", "4", "5")
    assert "no score sheet" in err and not p.exists()


# -- edit --------------------------------------------------------------------------
def test_edit_recomputes_and_conflict_needs_drop_later(
    sheet: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for hands in (("-", "4", "5"), ("3", "-", "5"), ("3", "4", "-")):
        assert run_cli(capsys, "sheet", "add", str(sheet), *hands)[0] == 0
    assert show(capsys, sheet)["scores"] == [9, 8, 7]
    code, out, _ = run_cli(capsys, "sheet", "edit", str(sheet), "2", "3", "-", "9")
    assert code == 0 and "edited round 2" in out
    assert show(capsys, sheet)["scores"] == [9, 12, 7]
    err = refused(capsys, sheet, "sheet", "edit", str(sheet), "1", "--claim", "1", "70")
    assert "ends after round 1 (R20), so rounds 2 to 3" in err and "--drop-later" in err
    code, out, _ = run_cli(
        capsys, "sheet", "edit", str(sheet), "1", "--claim", "1", "70", "--drop-later"
    )
    assert code == 0 and "dropped 2 later rounds" in out
    data = show(capsys, sheet)
    assert len(data["rounds"]) == 1 and data["result"] == {"kind": "win", "winner": 1}


# -- undo ----------------------------------------------------------------------------
class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_undo_with_yes(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(capsys, "sheet", "add", str(sheet), "-", "4", "5")
    run_cli(capsys, "sheet", "claim", str(sheet), "3", "20")
    code, out, _ = run_cli(capsys, "sheet", "undo", str(sheet), "--yes")
    assert code == 0 and "undid round 2" in out
    assert show(capsys, sheet)["scores"] == [9, 0, 0]


def test_undo_answer_y_at_the_prompt(
    sheet: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run_cli(capsys, "sheet", "add", str(sheet), "-", "4", "5")
    monkeypatch.setattr(sys, "stdin", FakeTerminal("y\n"))
    code, out, err = run_cli(capsys, "sheet", "undo", str(sheet))
    assert code == 0 and "[y/N]" in err and "undid round 1" in out
    assert show(capsys, sheet)["rounds"] == []


@pytest.mark.parametrize("answer", ["n\n", "\n", "maybe\n", ""])
def test_undo_other_answers_change_nothing(
    sheet: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    run_cli(capsys, "sheet", "add", str(sheet), "-", "4", "5")
    before = sheet.read_bytes()
    monkeypatch.setattr(sys, "stdin", FakeTerminal(answer))
    code, out, err = run_cli(capsys, "sheet", "undo", str(sheet))
    assert code == 2 and out == "" and "cancelled" in err
    assert sheet.read_bytes() == before


def test_undo_empty_sheet(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "nothing to undo" in refused(capsys, sheet, "sheet", "undo", str(sheet), "--yes")


# -- show and plot ---------------------------------------------------------------------
def test_show_text(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(capsys, "sheet", "add", str(sheet), "3", "7", "8")
    code, out, _ = run_cli(capsys, "sheet", "show", str(sheet))
    assert code == 0
    assert "7 + 8 - 3 = 12 (R16)" in out
    assert "totals: Ann 12, Ben 0, Cem 0" in out
    assert "Cem (player 3) starts round 2" in out


def test_plot_png_and_svg(sheet: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(capsys, "sheet", "add", str(sheet), "3", "7", "8")
    png = sheet.parent / "chart.png"
    code, out, _ = run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(png))
    assert code == 0 and "chart of 1 round written" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = sheet.parent / "chart.svg"
    assert run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(svg))[0] == 0
    first = svg.read_bytes()
    assert b"<svg" in first
    assert run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(svg), "--force")[0] == 0
    assert svg.read_bytes() == first  # deterministic: no date in the file


def test_matplotlib_is_imported_only_by_plot() -> None:
    code = (
        "import sys; from block_dominoes import cli; from block_dominoes.sheet import chart; cli.build_parser();"
        "from block_dominoes.sheet import Sheet; Sheet.new('pagat', 3).add_hands(['-', '4', '5']);"
        "print('matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
