"""Sheet files: concurrent writers, changes made meanwhile, read-only files, OS errors
and every malformed file answered in one line naming the file (and the field)."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from block_dominoes import storage
from block_dominoes.cli import main
from block_dominoes.errors import InvalidPositionError, MissingDependencyError, SheetFileError
from block_dominoes.sheet import Sheet, dumps, load, save, update
from block_dominoes.sheet.chart import save_sheet_chart, sheet_figure

WRITERS = 2
ROUNDS_EACH = 50


def two(tmp_path: Path, name: str = "c.json") -> Path:
    p = tmp_path / name
    save(Sheet.new("pagat", 2), p, new=True)
    return p


def cli(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "block_dominoes.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr


# -- concurrent writers ----------------------------------------------------------------
def _writer(path: str, times: int) -> int:
    for _ in range(times):
        update(path, lambda s: s.add_hands(["5", "5"]))  # a tied block: nobody scores (R17)
    return times


def test_concurrent_writers_keep_every_round(tmp_path: Path) -> None:
    """Processes each adding 50 rounds at once through the locked read-modify-write:
    every round is in the file (before the lock, two writers kept 51-60 of 100)."""
    p = two(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(WRITERS) as pool:
        done = sum(pool.starmap(_writer, [(str(p), ROUNDS_EACH)] * WRITERS))
    assert done == WRITERS * ROUNDS_EACH
    assert len(load(p).rounds) == done


def _cli_writer(path: str, times: int) -> list[tuple[int, str]]:
    return [
        (code, err) for code, _, err in (cli("sheet", "add", path, "5", "5") for _ in range(times))
    ]


def test_concurrent_cli_adds_keep_every_accepted_round(tmp_path: Path) -> None:
    """Two processes each running ``sheet add c.json 5 5``: every command that exits 0
    has its round in the file; one that lost a race exits 2 saying so, writing nothing."""
    p = two(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(WRITERS) as pool:
        results = [r for part in pool.starmap(_cli_writer, [(str(p), 15)] * WRITERS) for r in part]
    accepted = sum(1 for code, _ in results if code == 0)
    for code, err in results:
        assert code in (0, 2), err
        if code == 2:
            assert "changed since it was read" in err and err.count("\n") == 1, err
    assert accepted >= 15 and len(load(p).rounds) == accepted


# -- a change made meanwhile is never overwritten -----------------------------------------
def test_write_refused_if_the_file_changed_since_read(tmp_path: Path) -> None:
    p = two(tmp_path)
    mine = load(p).add_hands(["5", "5"])
    theirs = load(p).add_claim(1, 20)
    save(theirs, p)
    before = p.read_bytes()
    with pytest.raises(SheetFileError, match=r"'.*c\.json' changed since it was read.*nothing"):
        save(mine, p)
    assert p.read_bytes() == before and load(p).scores == (20, 0)
    # saved sheets remember the new file: the writer who won can go on
    save(theirs.add_claim(2, 5), p)
    assert load(p).scores == (20, 5)


def test_update_refuses_a_bad_change_and_writes_nothing(tmp_path: Path) -> None:
    p = two(tmp_path)
    before = p.read_bytes()
    with pytest.raises(InvalidPositionError, match="R13"):
        update(p, lambda s: s.add_hands(["-", "-"]))
    assert p.read_bytes() == before


# -- files that cannot be written -----------------------------------------------------
def test_read_only_sheet_is_refused_unchanged(tmp_path: Path) -> None:
    p = two(tmp_path)
    p.chmod(0o444)
    before = p.read_bytes()
    with pytest.raises(SheetFileError, match=r"cannot write '.*c\.json': the file is read-only"):
        update(p, lambda s: s.add_hands(["5", "5"]))
    assert p.read_bytes() == before and oct(p.stat().st_mode & 0o777) == "0o444"
    code, out, err = cli("sheet", "add", str(p), "5", "5")
    assert code == 2 and out == "" and "read-only" in err and err.count("\n") == 1
    assert p.read_bytes() == before


def test_a_folder_is_named_as_one(tmp_path: Path) -> None:
    folder = tmp_path / "x.json"
    folder.mkdir()
    with pytest.raises(
        SheetFileError, match=r"cannot read score sheet '.*x\.json': is a directory"
    ):
        load(folder)
    for new in (False, True):
        with pytest.raises(SheetFileError, match=r"cannot write '.*x\.json': is a directory"):
            save(Sheet.new("pagat", 2), folder, new=new)


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    p = tmp_path / "nowhere" / "s.json"
    with pytest.raises(SheetFileError, match=r"no score sheet at .*: the folder '.*nowhere'"):
        load(p)
    with pytest.raises(SheetFileError, match=r"cannot write .*: the folder '.*nowhere' does not"):
        save(Sheet.new("pagat", 2), p, new=True)


def test_dangling_link_messages_agree(tmp_path: Path) -> None:
    """The load says what ``sheet new`` would say: the link points at nothing; make the
    sheet there, or remove the link (it once said "create it with sheet new", and
    ``sheet new`` then said "already exists")."""
    link = tmp_path / "l.json"
    link.symlink_to(tmp_path / "gone.json")
    with pytest.raises(
        SheetFileError, match=r"link to '.*gone\.json', which does not exist: create"
    ):
        load(link)
    with pytest.raises(SheetFileError, match=r"symbolic link to '.*gone\.json', which does not"):
        save(Sheet.new("pagat", 2), link, new=True)
    save(Sheet.new("pagat", 2), tmp_path / "gone.json", new=True)  # what both suggest
    assert load(link).players == 2


def test_os_errors_name_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = two(tmp_path)
    s = load(p).add_hands(["5", "5"])

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(
        SheetFileError, match=r"^cannot write '.*c\.json': no space left on device$"
    ):
        save(s, p)


# -- what a sheet file may hold: one policy ----------------------------------------------
def stored(**changes: object) -> dict[str, object]:
    data = json.loads(dumps(Sheet.new("pagat", 2)))
    data.update(changes)
    return data


BAD_FILES = [
    (stored(notes="kept by hand"), r"unknown key 'notes'; a version 1 sheet holds only format"),
    (stored(version=True), r"version true is not supported.*whole number"),
    (stored(version=1.0), r"version 1.0 is not supported.*whole number"),
    (stored(names=["Ann", 7]), r"name 7: a name is text, not a number"),
    (stored(names=["Ann", None]), r"name null: a name is text, not null$"),
    (stored(names=["Ann", "A\u202eB"]), r"invisible format character such as '\\u202e'"),
    (stored(names=["Ann", "\ufeffB"]), r"invisible format character such as '\\ufeff'"),
    (stored(names=["Ann", "Ben\nCem"]), r"name 'Ben\\nCem': a name cannot hold a control"),
    (stored(names=["Ann", "B\x07"]), r"control character such as '\\x07'"),
    (
        stored(rounds=[{"claim": {"seat": 1, "points": 5, "note": "x"}}]),
        r"round 1: the claim has unknown key 'note'",
    ),
    (
        stored(rounds=[{"hands": ["-", "5"], "note": "x"}]),
        r"round 1: unknown key 'note'; a round holds only 'hands' or 'claim'$",
    ),
    (
        {"players": 2, "moves": []},
        r"not a score sheet: it looks like a game record \(use 'check'\)$",
    ),
    (stored(first_starter=0), r"R5"),
    (stored(players=True), r"field 'players' is true, not a whole number"),
    ([1, 2, 3], r"not a score sheet: the file holds a JSON list, not an object"),
    (42, r"not a score sheet: the file holds a JSON number, not an object"),
]


@pytest.mark.parametrize(("data", "needle"), BAD_FILES)
def test_bad_files_refused_in_one_line(tmp_path: Path, data: object, needle: str) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SheetFileError, match=needle) as info:
        load(p)
    assert "s.json" in str(info.value) and "\n" not in str(info.value)


def test_unknown_keys_are_never_dropped(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(stored(notes="kept by hand")), encoding="utf-8")
    before = p.read_bytes()
    code, _, err = cli("sheet", "add", str(p), "5", "5")
    assert code == 2 and "unknown key 'notes'" in err
    assert p.read_bytes() == before


def test_byte_order_mark_accepted(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    p.write_bytes(b"\xef\xbb\xbf" + dumps(Sheet.new("pagat", 2).add_claim(1, 9)).encode())
    assert load(p).scores == (9, 0)
    update(p, lambda s: s.add_claim(2, 4))
    assert load(p).scores == (9, 4)


def test_deep_nesting_is_one_line(tmp_path: Path) -> None:
    p = tmp_path / "deep.json"
    p.write_text("[" * 50_000 + "]" * 50_000)
    with pytest.raises(
        SheetFileError, match=r"corrupt score sheet '.*deep\.json'.*nested too deeply"
    ):
        load(p)
    code, _, err = cli("sheet", "show", str(p))
    assert code == 2 and err.count("\n") == 1 and "internal error" not in err


@pytest.mark.parametrize("field", ["players", "version", "first_starter"])
def test_huge_numbers_name_file_and_field(tmp_path: Path, field: str) -> None:
    p = tmp_path / "big.json"
    text = json.dumps(stored(**{field: 12345})).replace("12345", "9" * 5000)
    p.write_text(text)
    with pytest.raises(SheetFileError) as info:
        load(p)
    msg = str(info.value)
    assert "big.json" in msg and "a 5000-digit number" in msg and len(msg) < 300
    assert field in msg or "version" in msg


def test_huge_claim_points_name_the_round(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    text = json.dumps(stored(rounds=[{"claim": {"seat": 1, "points": 7}}]))
    p.write_text(text.replace('"points": 7', '"points": ' + "7" * 5000))
    with pytest.raises(SheetFileError, match=r"round 1: the claim's points a 5000-digit number"):
        load(p)


def test_names_checked_when_a_sheet_is_made() -> None:
    with pytest.raises(InvalidPositionError, match=r"name 'Ann\\nBen': a name cannot hold"):
        Sheet.new("pagat", 2, names=["Ann\nBen", "Cem"])
    with pytest.raises(InvalidPositionError, match=r"name 3: a name is text, not a number"):
        Sheet.new("pagat", 2, names=["Ann", 3])  # type: ignore[list-item]


def test_stored_sheet_is_json_for_the_storage_module(tmp_path: Path) -> None:
    p = tmp_path / "n.json"
    snap = storage.write(p, b'{"a": 1}', new=True)
    data, again = storage.read_json(p, what="note", create="note new")
    assert data == {"a": 1} and again == snap


# -- the chart's optional dependency --------------------------------------------------
def test_plot_without_matplotlib_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    p = two(tmp_path)
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    need = "sheet plot needs matplotlib: pip install 'block-dominoes[plot]'"
    with pytest.raises(MissingDependencyError, match=r"^sheet plot needs matplotlib"):
        sheet_figure(load(p))
    with pytest.raises(MissingDependencyError):
        save_sheet_chart(load(p), tmp_path / "c.png")
    assert main(["sheet", "plot", str(p), "--out", str(tmp_path / "c.svg")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"block-dominoes: error: {need}\n"
    assert not (tmp_path / "c.svg").exists()


def test_widgets_do_not_import_the_cli() -> None:
    code = (
        "import sys, block_dominoes.widgets.sheet; "
        "print(sorted(m for m in sys.modules if m.endswith('_cli') or m == 'block_dominoes.cli'))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        check=True,
    )
    assert proc.stdout.strip() == "[]"


def test_names_with_a_newline_refused_by_sheet_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "n.json"
    assert main(["sheet", "new", str(p), "--players", "2", "--names", "A\nB,C"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "name 'A\\nB': a name cannot hold a control character" in err
    assert not p.exists()


def test_huge_hand_total_is_one_line_naming_the_round(tmp_path: Path) -> None:
    p = tmp_path / "h.json"
    p.write_text(json.dumps(stored(rounds=[{"hands": ["-", "9" * 5000]}])))
    with pytest.raises(SheetFileError, match=r"h\.json.*round 1: .*5,000 digits.*R14") as info:
        load(p)
    assert len(str(info.value)) < 300
    with pytest.raises(InvalidPositionError, match=r"5,000 digits.*R14"):
        Sheet.new("pagat", 2).add_hands(["-", "9" * 5000])


# -- issue 13: names and kinds of file refused before anything is opened -----------------
def test_a_fifo_or_device_is_refused_without_waiting_or_a_lock(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for args in (("sheet", "add", str(fifo), "1", "2"), ("sheet", "show", str(fifo))):
        code, out, err = cli(*args)  # before the fix `sheet add` waited on the FIFO forever
        assert code == 2 and out == "" and err.count("\n") == 1
        assert "pipe.json': not a regular file" in err
    code, _, err = cli("sheet", "add", os.devnull, "1", "2")
    assert code == 2 and "'/dev/null': not a regular file" in err
    assert not Path(os.path.dirname(os.devnull), ".null.lock").exists()
    assert sorted(x.name for x in tmp_path.iterdir()) == ["pipe.json"]


def test_a_refused_add_on_a_missing_sheet_leaves_no_lock_file(tmp_path: Path) -> None:
    code, _, err = cli("sheet", "add", str(tmp_path / "none.json"), "1", "2")
    assert code == 2 and "no score sheet at" in err
    assert list(tmp_path.iterdir()) == []


def test_empty_and_too_long_file_names_are_one_line(tmp_path: Path) -> None:
    code, _, err = cli("sheet", "show", "")
    assert (
        code == 2
        and err == "block-dominoes: error: no file name given: name the score sheet file\n"
    )
    long = str(tmp_path / ("x" * 120_000))
    code, _, err = cli("sheet", "show", long)
    assert code == 2 and err.count("\n") == 1 and len(err) < 400
    assert err.rstrip().endswith("xxx': file name too long") and "Errno" not in err


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    p = two(tmp_path)
    p.write_text(p.read_text().replace('"players": 2', '"players": 2, "players": 3'))
    with pytest.raises(SheetFileError, match=r"c\.json': key 'players' is given twice$"):
        load(p)


@pytest.mark.parametrize("joiner", ["\u200c", "\u200d"])
def test_joiners_stay_allowed_in_names(joiner: str) -> None:
    # Persian and Arabic names need the zero-width (non-)joiner; other format characters
    # (bidirectional overrides, zero-width space, BOM) are refused.
    name = f"\u0645{joiner}\u06cc"
    assert Sheet.new("pagat", 2, names=[name, "Ann"]).names[0] == name
    for bad in ("\u202a", "\u202e", "\u2066", "\u2069", "\u200b", "\ufeff"):
        with pytest.raises(InvalidPositionError, match="invisible format character"):
            Sheet.new("pagat", 2, names=[f"A{bad}B", "Ann"])


def test_sheet_wording_plural_and_record_or_sheet(tmp_path: Path) -> None:
    p = two(tmp_path)
    update(p, lambda s: s.add_hands(["5", "-"]))
    assert "after 1 round: " in load(p).describe()
    code, _, err = cli("check", str(p))
    assert (
        code == 2 and "not a record: it looks like a score sheet (show it with 'sheet show')" in err
    )


def test_sheet_numbers_say_their_range_or_length(tmp_path: Path) -> None:
    code, _, err = cli("sheet", "new", str(tmp_path / "n.json"), "--players", "x")
    assert code == 2 and "number of players must be a whole number from 2 to 4, got 'x' (R1)" in err
    p = two(tmp_path)
    code, _, err = cli("sheet", "claim", str(p), "2", "9" * 5000)
    assert code == 2 and err.count("\n") == 1
    assert (
        "claim refused: points must be a whole number from 0, got a number of 5,000 digits" in err
    )
