"""Issue 33, its files part: nothing replaced that we did not write, one meaning for
``-`` and for a name ending in ``/``, the extension names the format, link loops and
OS reasons said as they are, and a truncated JSON file's message whole.

Each test failed before the fix (run with ``PYTHONPATH=/tmp/base/src`` to see it).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from support import run_cli

from block_dominoes import filekinds, storage
from block_dominoes.errors import FileError, SheetFileError
from block_dominoes.i18n import language
from block_dominoes.line import Line
from block_dominoes.render.pictures import line_svg

#: the marks files carry: part of their format (files already written carry them), so
#: spelled out here, not imported
CHART_MARK = "block-dominoes chart"
DIAGRAM_MARK = "block-dominoes line diagram"


def refused(result: tuple[int, str, str], *needles: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr holding every needle."""
    code, out, err = result
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    for needle in needles:
        assert needle in err, err


# -- 1. --force replaces only a file whose content proves we wrote it -------------------
#: files of the chart's formats that block-dominoes did not write (right first bytes)
FOREIGN = {
    "invoice.pdf": b"%PDF-1.4\n% an invoice\n",
    "photo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(17),
    "settings.svg": b'<?xml version="1.0"?>\n<settings theme="dark"/>\n',
    "logo.svg": b'<svg xmlns="http://www.w3.org/2000/svg"><title>logo</title></svg>',
}


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_1_sheet_plot_force_never_replaces_a_file_we_did_not_write(
    capsys: pytest.CaptureFixture[str], sheet: Path, name: str
) -> None:
    pytest.importorskip("matplotlib")
    out = sheet.parent / name
    out.write_bytes(FOREIGN[name])
    result = run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(out), "--force")
    refused(
        result,
        f"{str(out)!r} is not a chart written by block-dominoes",
        "its metadata does not name it 'block-dominoes chart'",
    )
    assert out.read_bytes() == FOREIGN[name]


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_1_a_chart_we_wrote_is_marked_and_replaced_by_force(
    capsys: pytest.CaptureFixture[str], sheet: Path, fmt: str
) -> None:
    pytest.importorskip("matplotlib")
    out = sheet.parent / f"c.{fmt}"
    assert run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(out))[0] == 0
    first = out.read_bytes()
    assert filekinds.marked(first, CHART_MARK)
    assert run_cli(capsys, "sheet", "add", str(sheet), "4", "-")[0] == 0
    code, _, err = run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(out), "--force")
    assert code == 0, err
    assert out.read_bytes() != first and filekinds.marked(out.read_bytes(), CHART_MARK)


def test_1_line_svg_force_replaces_only_our_svg(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("logo.svg", "settings.svg"):
        out = tmp_path / name
        out.write_bytes(FOREIGN[name])
        refused(
            run_cli(capsys, "line", "1-2", "--svg", str(out), "--force"),
            "is not a diagram (SVG) written by block-dominoes",
        )
        assert out.read_bytes() == FOREIGN[name]
    ours = tmp_path / "l.svg"
    assert run_cli(capsys, "line", "1-2", "--svg", str(ours))[0] == 0
    assert b"<metadata>block-dominoes line diagram</metadata>" in ours.read_bytes()
    assert run_cli(capsys, "line", "1-1", "--svg", str(ours), "--force")[0] == 0
    assert "[1|1]" in ours.read_text()


def test_1_a_chart_never_replaces_a_diagram_nor_a_diagram_a_chart(
    capsys: pytest.CaptureFixture[str], sheet: Path
) -> None:
    pytest.importorskip("matplotlib")
    diagram, chart = sheet.parent / "d.svg", sheet.parent / "c.svg"
    assert run_cli(capsys, "line", "1-2", "--svg", str(diagram))[0] == 0
    assert run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(chart))[0] == 0
    before = diagram.read_bytes(), chart.read_bytes()
    refused(
        run_cli(capsys, "sheet", "plot", str(sheet), "--out", str(diagram), "--force"),
        "is not a chart written by block-dominoes",
    )
    refused(
        run_cli(capsys, "line", "1-2", "--svg", str(chart), "--force"),
        "is not a diagram (SVG) written by block-dominoes",
    )
    assert (diagram.read_bytes(), chart.read_bytes()) == before


def test_1_the_marks_are_the_writers_own() -> None:
    from block_dominoes.cli.info import DIAGRAM_MARK as diagram
    from block_dominoes.sheet.chart import CHART_MARK as chart

    assert (chart, diagram) == (CHART_MARK, DIAGRAM_MARK)


def test_1_pictures_shown_in_the_book_carry_no_mark() -> None:
    line = Line.build(["1-2", "2-3"], max_pip=6)
    assert "<metadata" not in line_svg(line)
    marked = line_svg(line, creator=DIAGRAM_MARK)
    assert marked.replace(f"<metadata>{DIAGRAM_MARK}</metadata>", "") == line_svg(line)


def test_1_record_convert_force_replaces_only_a_record_as_we_write_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    mine = tmp_path / "mine.txt"
    typed = "# my game, typed by hand\nhand 1: 1-4\nhand 2: 4-6\n1: [1|4]\n"
    mine.write_text(typed)
    refused(
        run_cli(capsys, "record", "convert", str(record), str(mine), "--force"),
        f"{str(mine)!r} is not a record written by block-dominoes",
        "differs from what block-dominoes writes",
    )
    assert mine.read_text() == typed
    # what `record convert` wrote, and what `play --json` printed, are replaced
    out = tmp_path / "copy.txt"
    assert run_cli(capsys, "record", "convert", str(record), str(out))[0] == 0
    assert run_cli(capsys, "record", "convert", str(record), str(out), "--force")[0] == 0
    copy = tmp_path / "copy.json"
    copy.write_bytes(record.read_bytes())
    assert run_cli(capsys, "record", "convert", str(record), str(copy), "--force")[0] == 0


def test_1_marks_are_read_from_each_format_metadata() -> None:
    mark = CHART_MARK
    assert filekinds.marked(b"%PDF-1.4\n1 0 obj\n<< /Creator (block-dominoes chart) >>\n", mark)
    assert not filekinds.marked(b"%PDF-1.4\n% block-dominoes chart\n", mark)
    assert not filekinds.marked(b"<svg><desc>block-dominoes chart</desc></svg>", mark)
    assert not filekinds.marked(b"<svg><metadata>block-dominoes chart 2</metadata></svg>", mark)
    text = b"Software\x00" + mark.encode()
    png = b"\x89PNG\r\n\x1a\n" + len(text).to_bytes(4, "big") + b"tEXt" + text
    assert filekinds.marked(png + bytes(4), mark)
    assert not filekinds.marked(png.replace(b"Software", b"Comment\x00\x00"), mark)


# -- 2. a name ending in / never makes a file -------------------------------------------
@pytest.mark.parametrize(
    ("args", "made"),
    [
        (("sheet", "new", "{d}/out/", "--players", "2"), "out"),
        (("sheet", "new", "{d}/out/.", "--players", "2"), "out"),
        (("line", "1-2", "--svg", "{d}/out/"), "out"),
        (("line", "1-2", "--svg", "{d}/out.svg/"), "out.svg"),
        (("record", "convert", "{r}", "{d}/out/", "--to", "json"), "out"),
        (("record", "convert", "{r}", "{d}/out.json/"), "out.json"),
        (("sheet", "plot", "{s}", "--out", "{d}/out.svg/"), "out.svg"),
    ],
)
def test_2_a_name_ending_in_a_slash_never_creates_a_file(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    sheet: Path,
    record: Path,
    args: tuple[str, ...],
    made: str,
) -> None:
    if "plot" in args:
        pytest.importorskip("matplotlib")
    d = tmp_path / "w"
    d.mkdir()
    argv = [a.format(d=d, r=record, s=sheet) for a in args]
    refused(run_cli(capsys, *argv), "names a folder", "nothing was written")
    assert list(d.iterdir()) == [], made


def test_2_the_api_refuses_a_folder_name_too(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="names a folder"):
        storage.write(f"{tmp_path}/x/", b"{}", new=True)
    with pytest.raises(FileError, match="names a folder"):
        storage.write_output(
            f"{tmp_path}/x.svg/", b"<svg/>", kind="svg", ours=lambda _: None, what="diagram"
        )
    assert list(tmp_path.iterdir()) == []


# -- 3. - is the standard stream --------------------------------------------------------
def test_3_line_svg_dash_writes_the_svg_to_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "line", "1-2", "2-3", "--svg", "-")
    assert code == 0 and err == ""
    assert out.startswith("<svg ") and out.endswith("</svg>\n") and "[2|3]" in out
    assert f"<metadata>{DIAGRAM_MARK}</metadata>" in out
    refused(run_cli(capsys, "line", "1-2", "--svg", "-", "--json"), "standard output")
    assert list(tmp_path.iterdir()) == []


def test_3_sheet_new_dash_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    refused(
        run_cli(capsys, "sheet", "new", "-", "--players", "2"),
        "'-' means the standard input or output, not a file",
    )
    refused(run_cli(capsys, "sheet", "show", "-"), "'-' means the standard input or output")
    assert list(tmp_path.iterdir()) == []
    # a file named - is still reachable, as ./-
    assert run_cli(capsys, "sheet", "new", "./-", "--players", "2")[0] == 0


def test_3_sheet_plot_out_dash_says_a_chart_is_a_file(
    capsys: pytest.CaptureFixture[str], sheet: Path
) -> None:
    refused(
        run_cli(capsys, "sheet", "plot", str(sheet), "--out", "-"),
        "a chart is written to a file, never to standard output",
    )


# -- 4. the extension names the format written -----------------------------------------
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("line", "1-2", "--svg", "{d}/a.png"), "the extension .png is for PNG files, not SVG"),
        (("line", "1-2", "--svg", "{d}/a.pdf"), "the extension .pdf is for PDF files, not SVG"),
        (
            ("record", "convert", "{r}", "{d}/x.json", "--to", "text"),
            "the extension .json is for JSON files, not plain text",
        ),
        (
            ("record", "convert", "{r}", "{d}/x.txt", "--to", "json"),
            "the extension .txt is for plain text files, not JSON",
        ),
    ],
)
def test_4_an_extension_of_another_format_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    record: Path,
    args: tuple[str, ...],
    needle: str,
) -> None:
    d = tmp_path / "w"
    d.mkdir()
    refused(run_cli(capsys, *(a.format(d=d, r=record) for a in args)), needle)
    assert list(d.iterdir()) == []


def test_4_where_the_extension_picks_the_format_it_is_followed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    out = tmp_path / "x.json"
    assert run_cli(capsys, "record", "convert", str(record), str(out))[0] == 0
    assert out.read_text().startswith("{")
    plain = tmp_path / "diagram"  # no extension: nothing to contradict
    assert run_cli(capsys, "line", "1-2", "--svg", str(plain))[0] == 0


# -- 5. a link loop is named as one ----------------------------------------------------
LOOP = "too many levels of symbolic links"


def test_5_a_link_loop_is_said_to_be_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    for args in (
        ("sheet", "show", str(loop)),
        ("sheet", "add", str(loop), "3", "-"),
        ("sheet", "new", str(loop), "--players", "2"),
        ("sheet", "new", str(loop / "x.json"), "--players", "2"),
        ("line", "1-2", "--svg", str(loop)),
        ("line", "1-2", "--svg", str(loop), "--force"),
        ("record", "convert", str(record), str(loop), "--to", "json"),
        ("record", "convert", str(record), str(loop), "--to", "json", "--force"),
    ):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and LOOP in err and "create" not in err, (args, err)
    assert os.readlink(loop) == "loop"


# -- 6. OS reasons: looked up by English rules, never case-mapped by the language's ----
def test_6_turkish_reason_is_translated_not_lowered_with_turkish_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(capsys, "--lang", "tr", "sheet", "show", str(tmp_path))
    assert code == 2 and "ıs a directory" not in err and "bir dizin" in err, err


def test_6_an_untranslated_reason_is_quoted_as_the_system_says_it() -> None:
    e = OSError(errno.EINTR, "Interrupted system call")
    with language("tr"):
        assert storage.strerror(e) == "Interrupted system call"
    with language("en"):
        assert storage.strerror(e) == "interrupted system call"
        assert storage.strerror(e, lower=False) == "Interrupted system call"


# -- 7. a truncated JSON file's message is whole ----------------------------------------
def test_7_a_truncated_json_record_says_a_whole_sentence(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    text = record.read_text()
    record.write_text(text[: text.index('"hands"') + 3])
    code, _, err = run_cli(capsys, "check", str(record))
    assert code == 2
    assert not err.rstrip().endswith((" at", " at:")), err


def test_sheet_errors_keep_their_class(tmp_path: Path) -> None:
    from block_dominoes.sheet import Sheet, save

    with pytest.raises(SheetFileError, match="names a folder"):
        save(Sheet.new("pagat", 2), f"{tmp_path}/s/", new=True)
    with pytest.raises(SheetFileError, match="standard input or output"):
        save(Sheet.new("pagat", 2), "-", new=True)
