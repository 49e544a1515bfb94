"""The score sheet, the claims, the records, the checker and the command line's own
lines speak Arabic (issue 15): every result and every refusal of ``--lang ar``, and the
sheet and checker widgets after a click, with no English sentence left (rule ids, tile
notation, flags, file names and other isolated notation excepted), the quoted input and
the rule id kept. English stays as it was (the other test modules compare it)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from support import run_cli

from block_dominoes.i18n import FSI, PDI, language
from block_dominoes.sheet import Sheet, dumps
from block_dominoes.widgets import record_checker, score_sheet

# What may stay Latin inside an Arabic line: notation the engine isolates (FSI..PDI),
# quoted input, flags, file names, the command's own name at the start of a usage error.
ISOLATED = re.compile(f"{FSI}[^{PDI}]*{PDI}")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
FLAG = re.compile(r"--[\w-]+(?: [A-Z]+)*")
FILE = re.compile(r"\S+\.(?:json|txt|png|svg|pdf|xyz|zzz)\b")
PROG = re.compile(r"^block-dominoes(?: [a-z]+)*:", re.M)
# A run of three or more Latin words with only spaces between them: an English sentence.
ENGLISH = re.compile(r"[A-Za-z]+(?:[-'][A-Za-z]+)*(?: [A-Za-z]+(?:[-'][A-Za-z]+)*){2,}")


def english_left(text: str) -> list[str]:
    """The English runs left in ``text`` once the notation it may hold is taken out."""
    for pattern in (ISOLATED, PROG, QUOTED, FILE, FLAG):
        text = pattern.sub(" ", text)
    return ENGLISH.findall(text)


def test_the_detector_finds_english_and_spares_notation() -> None:
    assert english_left("player two passed, but could play") == [
        "player two passed",
        "but could play",
    ]
    assert english_left(f"خطأ: {FSI}'[1|4] on 4'{PDI} --drop-later game.json (R7)") == []
    assert english_left("block-dominoes sheet add: المعاملات التالية مطلوبة: FILE, HAND") == []


def ar(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run ``block-dominoes --lang ar ARGV``: its one output (stdout, else the error
    line), checked to be Arabic with no English run."""
    rc, out, err = run_cli(capsys, "--lang", "ar", *argv)
    text = out or err
    assert text.strip(), argv
    assert re.search("[\u0600-\u06ff]", text), (argv, text)
    assert english_left(text) == [], (argv, text)
    if rc == 2:
        assert out == "" and err.count("\n") == 1, (argv, err)
    return rc, text


@pytest.fixture
def seeded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A seeded 3-player round as a JSON record (the English ``play --json``)."""
    rc, out, _ = run_cli(capsys, "play", "--players", "3", "--seed", "4", "--json")
    assert rc == 0
    path = tmp_path / "game.json"
    path.write_text(out, encoding="utf-8")
    return path


def test_sheet_commands_in_arabic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    rc, text = ar(capsys, "sheet", "new", "m.json", "--players", "3", "--names", "Ann,Ben,Cem")
    assert rc == 0 and "سجل النقاط" in text and "(R5)" in text
    rc, text = ar(capsys, "sheet", "add", "m.json", "1-4,0-0", "-", "7")
    assert rc == 0 and "(R15)" in text and "المجاميع" in text
    rc, text = ar(capsys, "sheet", "claim", "m.json", "2", "12")
    assert rc == 0 and "احتمال" in text and "(R16)" in text
    rc, text = ar(capsys, "sheet", "show", "m.json")
    assert rc == 0 and text.count("\n") >= 8 and "بعد جولتين" in text
    rc, text = ar(capsys, "sheet", "edit", "m.json", "1", "3", "-", "4")
    assert rc == 0 and text.startswith("عدلت الجولة 1")
    rc, text = ar(capsys, "sheet", "undo", "m.json", "--yes")
    assert rc == 0 and "تم التراجع عن الجولة 2" in text
    # default names are stored in English and shown in Arabic
    ar(capsys, "sheet", "new", "d.json", "--players", "2")
    assert json.loads((tmp_path / "d.json").read_text())["names"] == ["Player 1", "Player 2"]
    rc, text = ar(capsys, "sheet", "show", "d.json")
    assert "\u2068اللاعب 1\u2069: 0" in text  # a name is isolated: it may be Latin


def test_sheet_refusals_in_arabic_keep_the_input_and_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ar(capsys, "sheet", "new", "m.json", "--players", "3")
    before = (tmp_path / "m.json").read_bytes()
    cases = [
        (("sheet", "claim", "m.json", "9", "12"), ["9", "(R6)"]),
        (("sheet", "claim", "m.json", "x", "12"), ["'x'"]),
        (("sheet", "claim", "m.json", "2", "0"), ["R15)", "(R16)", "'pagat'"]),
        (("sheet", "add", "m.json", "1-4", "2-4"), ["(R1)"]),
        (("sheet", "add", "m.json", "1-4", "1-4", "-"), ["'[1|4]'", "(R2)"]),
        (("sheet", "add", "m.json", "1-4", "9-9", "-"), ["'9-9'", "(R2)"]),
        (("sheet", "add", "m.json", "-", "-", "5"), ["(R13)"]),
        (("sheet", "edit", "m.json", "4", "-", "1", "2"), ["4"]),
        (("sheet", "edit", "m.json", "1", "--claim", "2"), ["--claim"]),
        (("sheet", "undo", "m.json"), []),
        (("sheet", "plot", "m.json", "--out", "a.xyz"), ["'a.xyz'"]),
        (("sheet", "show", "nope.json"), ["'nope.json'", "'sheet new'"]),
        (("sheet", "new", "m.json", "--players", "3"), ["'m.json'"]),
        (("sheet", "new", "n.json", "--players", "5"), ["5", "(R1)"]),
        (("sheet", "new", "n.json", "--players", "3", "--names", "A,A,B"), ["'A'"]),
        (("sheet", "new", "n.json", "--players", "3", "--rules", "nope"), ["'nope'"]),
        (("sheet",), ["COMMAND"]),
        (("sheet", "add"), ["FILE", "HAND"]),
        (("sheet", "frobnicate"), ["'frobnicate'"]),
    ]
    for argv, kept in cases:
        rc, text = ar(capsys, *argv)
        assert rc == 2, argv
        plain = text.replace(FSI, "").replace(PDI, "")
        for piece in kept:
            assert piece in plain, (argv, piece, text)
    assert (tmp_path / "m.json").read_bytes() == before  # nothing half-applied


def test_corrupt_and_foreign_sheet_files_in_arabic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    good = json.loads(dumps(Sheet.new("pagat", 2)))
    files = {
        "junk.json": "{not json",
        "list.json": "[1, 2]",
        "record.json": json.dumps({"moves": [], "hands": []}),
        "version.json": json.dumps({**good, "version": 9}),
        "extra.json": json.dumps({**good, "colour": "red"}),
        "round.json": json.dumps({**good, "rounds": [{"claim": {"seat": 1}}]}),
        "names.json": json.dumps({**good, "names": ["A", 3]}),
    }
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        rc, text = ar(capsys, "sheet", "show", name)
        assert rc == 2 and name in text, (name, text)


def test_records_and_the_checker_in_arabic(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    seeded: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    rc, text = ar(capsys, "record", "convert", "game.json", "game.txt")
    assert rc == 0 and "game.txt" in text
    rc, text = ar(capsys, "check", "game.txt")
    assert rc == 0 and "(R15)" in text
    notation = (tmp_path / "game.txt").read_text(encoding="utf-8")
    broken = {
        # a pass while able to play (R9), a move out of turn (R6), a tile dealt twice (R2)
        "pass.txt": "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n2: pass\n",
        "turn.txt": notation.replace("4. player 1:", "4. player 2:"),
        "twice.txt": "hand 1: 1-4 1-4 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n",
        "claim.txt": notation.replace(
            "result: domino by 1, 7 points", "result: domino by 2, 9 points"
        ),
        "early.txt": "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\nresult: domino by 1, 7 points\n",
        "size.txt": "hand 1: 1-4 2-2\nhand 2: 4-6 0-0\n1: [1|4]\n",
    }
    for name, body in broken.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        rc, text = ar(capsys, "check", name)
        assert rc == 1 and re.search(r"\b[RV]\d+\b", text), (name, text)
    unreadable = {
        "junk.txt": "xx yy\n",
        "move.txt": "hand 1: 1-4\nhand 2: 2-3\n1: [1|4] sideways\n",
        "result.txt": "hand 1: 1-4\nhand 2: 2-3\nresult: who knows\n",
        "bad.json": '{"rules": "pagat"',
        "list.json": "[1, 2]",
        "sheet.json": dumps(Sheet.new("pagat", 2)),
        "tile.json": json.dumps(
            {"rules": "pagat", "players": 2, "starter": 1, "hands": [["x"], []], "moves": []}
        ),
        "key.json": json.dumps(
            {"rules": "pagat", "players": 2, "starter": 1, "hands": [], "moves": [], "who": 1}
        ),
    }
    for name, body in unreadable.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        rc, text = ar(capsys, "check", name)
        assert rc == 2 and name in text, (name, text)
    for argv in (
        ("check", "missing.txt"),
        ("record", "convert", "game.txt", "out.zzz"),
        ("record", "convert", "game.txt", "game.txt"),
        ("check", "game.json", "--rules", "draw"),
        ("record", "convert", "game.txt", "x.json", "--to", "yaml"),
    ):
        rc, text = ar(capsys, *argv)
        assert rc == 2, argv


def test_info_commands_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    rc, text = ar(capsys, "rules", "--rules", "draw")
    assert rc == 0 and "(V6)" in text
    rc, text = ar(capsys, "rules")
    assert rc == 0 and text.count("\n") == 8
    for argv, kept in [
        (("legal", "--line", "1-4", "--hand", "1-1,1-1"), "(R2)"),
        (("legal", "--line", "1-4", "--hand", "1-4"), "(R2)"),
        (("score", "3", "7", "x"), "'x'"),
        (("play", "--seed", "x"), "'x'"),
        (("simulate", "--players", "9", "--games", "1"), "(R1)"),
    ]:
        rc, text = ar(capsys, *argv)
        assert rc == 2 and kept in text.replace(FSI, "").replace(PDI, ""), (argv, text)


def test_english_lines_are_unchanged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A few English lines, word for word, as they were before the catalog."""
    monkeypatch.chdir(tmp_path)
    run_cli(capsys, "sheet", "new", "m.json", "--players", "2")
    rc, out, _ = run_cli(capsys, "sheet", "add", "m.json", "-", "5")
    assert rc == 0 and out.splitlines()[1:] == [
        "  totals: Player 1 5, Player 2 0",
        "  next: player 2 starts (one seat on from the last starter, R19)",
    ]
    rc, _, err = run_cli(capsys, "sheet", "claim", "m.json", "x", "1")
    assert (
        rc == 2
        and err
        == "block-dominoes: error: claim refused: seat must be a whole number from 1, got 'x'\n"
    )
    rc, _, err = run_cli(capsys, "sheet", "edit", "m.json", "1", "--claim", "2")
    assert rc == 2 and err == "block-dominoes sheet edit: argument --claim: expected 2 arguments\n"
    assert FSI not in out + err


def test_sheet_widget_keeps_its_language_after_an_action(tmp_path: Path) -> None:
    s = score_sheet(players=3, lang="ar")
    # every click below runs outside any language block: the widget's own language holds
    s.mode.value = "claim"
    s.claim_seat.value = 2
    s.claim_points.value = "x"
    s.record_button.click()
    said = html.unescape(re.sub(r"<[^>]+>", " ", s.message.value))
    assert "رفض الإعلان" in said and "(R18)" in said and english_left(said) == []
    s.claim_points.value = "12"
    s.record_button.click()
    for part in (s.message, s.rounds_view, s.totals_view):
        text = html.unescape(re.sub(r"<[^>]+>", " ", part.value))
        assert re.search("[\u0600-\u06ff]", text) and english_left(text) == [], text
    s.undo_button.click()
    assert "التراجع عن الجولة 1" in s.message.value
    s.confirm_button.click()
    assert "تم التراجع" in s.message.value
    s.path.value = str(tmp_path / "m.json")
    s.save_button.click()
    assert "حفظت 0 جولة" in s.message.value
    s.path.value = str(tmp_path / "none.json")
    s.load_button.click()
    said = html.unescape(re.sub(r"<[^>]+>", " ", s.message.value))
    assert "لا يوجد سجل نقاط" in said and english_left(said) == []
    assert s.round_choice.value == "جولة جديدة" and s.record_button.description == "سجل"
    with language("en"):  # the widget keeps Arabic even inside an English block
        s.ask_undo()
    assert "لا شيء للتراجع عنه" in s.message.value


def test_record_checker_widget_in_arabic() -> None:
    box = record_checker(
        "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n2: pass\n",
        lang="ar",
    )
    verdict = box.children[4]
    text = html.unescape(re.sub(r"<[^>]+>", " ", verdict.value))
    assert "غير صحيح" in text and "R9" in text and english_left(text) == []
