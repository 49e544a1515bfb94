"""A hostile new user's sweep of the command line and the Python API (issue 20).

Runs several hundred bad and edge inputs (none of them the issue's own 27) and
classifies each one:

* ``clear``: handled as it should be: a good input answered (exit 0), a bad one
  refused with exit 2 and one line on stderr, in the reader's language (Arabic
  letters under ``--lang ar``), with no Python words in it (``True``, ``None``,
  ``Traceback``, ``codec``, ``object has no attribute``) and at most 400 characters;
* ``traceback``: an internal error, or a foreign exception from the API;
* ``wrong``: an answer where a refusal was due, a refusal of good input, or an
  unclear line (two lines, English under ``--lang ar``, Python's words);
* ``overwrite``: a file that existed before the command changed although the
  command was refused or the file was not its to replace.

Run: ``PYTHONPATH=src python bench/edge_sweep.py`` (prints every case that is not
``clear``, then the totals; exit status 1 if any). About a minute.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import block_dominoes as bd
from block_dominoes import book
from block_dominoes.cli import main
from block_dominoes.errors import BlockDominoesError

ARABIC = re.compile("[\u0600-\u06ff]")
PYTHON_WORDS = re.compile(
    r"\bTrue\b|\bFalse\b|\bNone\b|Traceback|codec can't|has no attribute|internal error"
)
results: Counter[str] = Counter()
problems: list[str] = []


def note(kind: str, what: str) -> None:
    results[kind] += 1
    if kind != "clear":
        problems.append(f"{kind}: {what}")


def cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as e:  # pragma: no cover - main never exits
            code = int(e.code or 0)
        except BaseException as e:
            return -1, out.getvalue(), f"{type(e).__name__}: {e}"
    return code, out.getvalue(), err.getvalue()


def check_cli(args: list[str], good: bool, *, files: tuple[Path, ...] = ()) -> None:
    """Run ``args``; ``good`` says whether the input should be answered."""
    before = {p: p.read_bytes() for p in files if p.is_file()}
    code, out, err = cli(args)
    shown = " ".join(a if len(a) < 40 else a[:37] + "..." for a in args)
    lang_ar = "--lang" in args and args[args.index("--lang") + 1 : args.index("--lang") + 2] == [
        "ar"
    ]
    changed = [p for p, b in before.items() if not p.exists() or p.read_bytes() != b]
    if args and "check" in args[:3] and code == 1 and out and not err:
        code = 0 if good else 2  # a verdict (exit 1): the record was read, and judged
        if not good:
            note("clear", " ".join(args)[:80])
            return
    if code == -1 or "internal error" in err:
        note("traceback", f"{shown} -> {err.strip()[:200]}")
    elif changed and (code != 0 or not good):
        note("overwrite", f"{shown} changed {changed[0].name}")
    elif good and code != 0:
        note("wrong", f"{shown} refused good input: {err.strip()[:200]}")
    elif not good and code == 0:
        note("wrong", f"{shown} answered bad input: {out.strip()[:200]}")
    elif not good and (
        err.count("\n") != 1
        or len(err) > 400
        or PYTHON_WORDS.search(err)
        or (lang_ar and not ARABIC.search(err))
        or out
    ):
        note("wrong", f"{shown} unclear: {err.strip()[:300]}")
    else:
        note("clear", shown)


def check_api(label: str, call: Callable[[], object], good: bool) -> None:
    try:
        call()
    except BlockDominoesError as e:
        text = str(e)
        if good:
            note("wrong", f"{label} refused good input: {text[:200]}")
        elif "\n" in text or len(text) > 400 or not text:
            note("wrong", f"{label} unclear: {text[:200]}")
        else:
            note("clear", label)
        return
    except Exception as e:
        note("traceback", f"{label} -> {type(e).__name__}: {str(e)[:120]}")
        return
    note("clear" if good else "wrong", f"{label} accepted bad input" if not good else label)


# -- the inputs ---------------------------------------------------------------------------

BAD_HANDS = [
    "1-2-3", "[1|2|3]", "1--2", "[[1|2]]", "[1|2]]", "]1|2[", "1|", "|1", "[|]", "[1|]",
    "1-2 @", "1.2", "1,5-2", "½", "²-3", "1_0", "0x7", "1e3", "7 7", "- -", "--", "-1-2",
    "1-2,-", "١-٢-٣", "one", "1-2;;;;;3", "\t", "\u200b1-2", "1-2\u200b", "\u202e1-2",
    "1–2", "1—2", "[1｜2]", "99-99", "13-13", "6-7", "0-0,0-0",
    "1-2,2-1", "1-2 1-2", "[1|2][1|2]", "0" * 31, "9" * 40,
]  # fmt: skip
GOOD_HANDS = ["1-2", "[2|1]", "[ 1 | 2 ]", "1:2", "1/2", "١-٢", "[1|2];[3|4]", " 7 ", "0", "٣",
              "[1\u00a0|\u00a02]", "１-２", "00-01", "007"]  # fmt: skip


def hands_cases() -> None:
    for h in BAD_HANDS:
        for lang in ("en", "ar"):
            check_cli(["--lang", lang, "score", h, "-"], good=False)
    for h in GOOD_HANDS:
        for lang in ("en", "ar"):
            check_cli(["--lang", lang, "score", h, "-"], good=True)


def line_cases() -> None:
    bad_lines = ["1-2 2-3@9", "1-2@1", "1-2 1-2", "1-2 5-6", "1-2 2-3@", "1-2 2-3 @2", "7-7",
                 "1-2 on", "1-2 on the", "1-2 2-3 on the 2 end end", "1-2, ,", "0-0 1-1",
                 "1-2 2-2@2@2", "[1|2] on ٢"]  # fmt: skip
    for t in bad_lines:
        check_cli(["line", *(t.split() if " on " not in t else [t])], good=False)
    for line, hand, good in [
        ("1-2", "", False), ("1-2", ",", False), ("1-2", "1-2", False), ("", "1-2", True),
        ("1-2", "3-4,3-4", False), ("1-2", "0-0,0-1,0-2,0-3,0-4,0-5,0-6,1-1,1-3,1-4,1-5,1-6,3-3,3-4,3-5", False),
        ("[1 | 2]", "2-3", True), (";", "1-2", False), ("1-2", "\ufeff2-3", True),
        ("1-2", "7-7", False), ("1-2", "2-3", True),
    ]:  # fmt: skip
        for rules in ("pagat", "draw", "partnership"):
            big = hand.count(",") > 8  # a Draw hand may grow by drawing (V6)
            ok = good or (big and rules == "draw")
            check_cli(["legal", "--rules", rules, "--line", line, "--hand", hand], good=ok)


def option_cases() -> None:
    for seed in [
        "-1",
        "+1",
        "1.0",
        "1e3",
        "",
        " ",
        "9" * 18,
        "9" * 19,
        str(2**63),
        "٣",
        "0x10",
        "1 2",
    ]:
        good = seed in ("٣",) or seed == "9" * 18
        check_cli(["play", "--seed", seed], good=good)
    for players in ["0", "1", "5", "-2", "2.0", "two", "", "٢", "+2"]:
        check_cli(["play", "--players", players], good=players == "٢")
        check_cli(["match", "--players", players], good=players == "٢")
    for rules in ["", " ", "PAGAT", "pagat ", "pagat2", "none", "../pagat", "\x00"]:
        good = rules.strip().lower() == "pagat"
        check_cli(["score", "--rules", rules, "3", "-"], good=good)
    for games in ["0", "-1", "1.5", "", "999999999999"]:
        check_cli(["simulate", "--games", games], good=False)
    for lang in [
        "",
        "ar ",
        "en_US",
        "ar_EG.UTF-8",
    ]:  # the default; a region or encoding: the language
        check_cli(["--lang", lang, "score", "3", "-"], good=True)
    for lang in ["AR", "fr", "x" * 200, "e n"]:
        check_cli(["--lang", lang, "score", "3", "-"], good=False)
    for args in (["sheet"], ["record"], ["sheet", "add"], ["score"], ["legal", "--line", "1-2"],
                 ["--json"], ["score", "--json=1", "3", "-"], ["line"], ["check"]):  # fmt: skip
        check_cli(list(args), good=False)


def sheet_cases(tmp: Path) -> None:
    s = tmp / "s.json"
    assert cli(["sheet", "new", str(s), "--players", "3", "--names", "Ann,Ben,Cem"])[0] == 0
    files = (s,)
    for hands in [["1", "2"], ["1", "2", "3", "4"], ["-", "-", "3"], ["+1", "2", "-"],
                  ["1-2", "1-2", "-"], ["", "3", "-"], ["7-7", "3", "-"], ["0", "0", "0", "-"],
                  ["٣", "٤", "-"], ["1" * 31, "3", "-"], ["3", "3", "3"]]:  # fmt: skip
        check_cli(["sheet", "add", str(s), *hands], good=hands in (["٣", "٤", "-"], ["3", "3", "3"]),
                  files=files if hands not in (["٣", "٤", "-"], ["3", "3", "3"]) else ())  # fmt: skip
    for seat, points in [("0", "5"), ("4", "5"), ("-1", "5"), ("1", "-5"), ("1", "+5"),
                         ("1", "5.0"), ("one", "5"), ("1", ""), ("1", "9" * 40)]:  # fmt: skip
        check_cli(["sheet", "claim", str(s), seat, points], good=False, files=files)
    for rnd in ["0", "3", "-1", "1.0", "", "x"]:
        check_cli(["sheet", "edit", str(s), rnd, "3", "4", "-"], good=False, files=files)
    check_cli(["sheet", "edit", str(s), "1", "--claim", "1", "5", "3", "4", "-"], good=False,
              files=files)  # fmt: skip
    check_cli(["sheet", "undo", str(s)], good=False, files=files)  # no terminal to ask
    for names in ["Ann", "Ann,Ann", "Ann,ann", "Ann,,Cem", "Ann,B\nen", "Ann,\u202eBen",
                  "Ann,Ben,Cem,Dee", " , , ", "A" * 41 + ",B", "Ann,Ben\x00"]:  # fmt: skip
        check_cli(["sheet", "new", str(tmp / "n.json"), "--players", "2", "--names", names],
                  good=False)  # fmt: skip
    for players in ["1", "5", "", "2.5"]:
        check_cli(["sheet", "new", str(tmp / "n.json"), "--players", players], good=False)
    check_cli(["sheet", "new", str(s), "--players", "2"], good=False, files=files)
    check_cli(["sheet", "new", str(tmp), "--players", "2"], good=False)
    check_cli(["sheet", "new", "", "--players", "2"], good=False)
    check_cli(["sheet", "new", str(tmp / "no" / "x.json"), "--players", "2"], good=False)


CORRUPT = [
    "", "{", "[]", "null", "true", "42", '"sheet"', "{}", '{"format": true}',
    '{"format": "block-dominoes score sheet"}',
    '{"format": "block-dominoes score sheet", "version": 1.0}',
    '{"format": "block-dominoes score sheet", "version": 2}',
    '{"format": "block-dominoes score sheet", "version": null}',
]  # fmt: skip


def corrupt_cases(tmp: Path) -> None:
    good = tmp / "g.json"
    assert cli(["sheet", "new", str(good), "--players", "2"])[0] == 0
    base = json.loads(good.read_text())
    texts = list(CORRUPT)
    for key, value in [("players", True), ("players", None), ("players", 2.0), ("players", "2"),
                       ("players", 5), ("names", None), ("names", ["A"]), ("names", [1, 2]),
                       ("names", [True, False]), ("first_starter", 0), ("first_starter", 3),
                       ("first_starter", True), ("rules", None), ("rules", "nope"),
                       ("rounds", None), ("rounds", [None]), ("rounds", [{"hands": None}]),
                       ("rounds", [{"hands": ["1", "-"], "x": 1}]), ("rounds", [{"claim": None}]),
                       ("rounds", [{"claim": {"seat": True, "points": 1}}]),
                       ("rounds", [{"claim": {"seat": 1, "points": -1}}]),
                       ("rounds", [{"hands": [True, "-"]}]), ("extra", 1),
                       ("players", 10**40)]:  # fmt: skip
        texts.append(json.dumps({**base, key: value}))
    texts.append(good.read_text().replace("2,", '2, "players": 2,', 1))  # a key twice
    texts.append("\ufeff" + good.read_text())  # a BOM: fine
    for i, text in enumerate(texts):
        p = tmp / f"c{i}.json"
        p.write_text(text, encoding="utf-8")
        ok = text.startswith("\ufeff")
        for lang in ("en", "ar"):
            check_cli(["--lang", lang, "sheet", "show", str(p)], good=ok)
        check_cli(["sheet", "add", str(p), "3", "-"], good=ok, files=(p,) if not ok else ())
    for raw in (b"\xff\xfe{}", b'{"a": "\xc3"}', b"\x00" * 10):
        p = tmp / "raw.json"
        p.write_bytes(raw)
        for lang in ("en", "ar"):
            check_cli(["--lang", lang, "sheet", "show", str(p)], good=False)
            check_cli(["--lang", lang, "check", str(p)], good=False)


def record_cases(tmp: Path) -> None:
    _code, out, _ = cli(["play", "--json"])
    rec = json.loads(out)
    base = tmp / "r.json"
    base.write_text(out)
    variants = [
        {**rec, "players": True}, {**rec, "seed": -1}, {**rec, "seed": 2**64},
        {**rec, "moves": None}, {**rec, "moves": [None]}, {**rec, "moves": [True]},
        {**rec, "moves": ["7-7"]}, {**rec, "hands": None}, {**rec, "hands": [[1]]},
        {**rec, "rules": True}, {**rec, "rules": "x"}, {**rec, "starter": 0},
        {**rec, "outcome": True}, {**rec, "round": 0}, {**rec, "extra": 1},
    ]  # fmt: skip
    for i, v in enumerate(variants):
        p = tmp / f"r{i}.json"
        p.write_text(json.dumps(v))
        for lang in ("en", "ar"):
            check_cli(["--lang", lang, "check", str(p)], good=False)
        check_cli(["record", "convert", str(p), str(tmp / f"o{i}.txt")], good=False)
    for text in ["", "hand 1: 1-4", "hand 1: 1-4\nhand 2: 1-4\n", "rules: nope\n",
                 "hand 1: 1-4\nhand 2: 4-6\n1: [7|7]\n", "\ufeffhand 1: 1-4\nhand 2: 4-6\n1: [1|4]\n"]:  # fmt: skip
        p = tmp / "t.txt"
        p.write_text(text)
        good = text.startswith("\ufeff")
        check_cli(["check", str(p)], good=good)


def output_cases(tmp: Path) -> None:
    s = tmp / "keep.json"
    assert cli(["sheet", "new", str(s), "--players", "2"])[0] == 0
    rec = tmp / "rec.json"
    rec.write_text(cli(["play", "--json"])[1])
    note_file = tmp / "notes.txt"
    note_file.write_text("mine")
    svg = tmp / "pic.svg"
    svg.write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    ro = tmp / "ro.json"
    shutil.copy(rec, ro)
    ro.chmod(0o444)
    link = tmp / "link.json"
    link.symlink_to(s)
    protected = (s, rec, note_file, svg, ro)
    for force in ((), ("--force",)):
        for target in (s, note_file, svg, link, ro, tmp):
            check_cli(["record", "convert", str(rec), str(target), "--to", "json", *force],
                      good=bool(force) and target in (ro,) and False, files=protected)  # fmt: skip
        for target in (s, rec, note_file, link, ro):
            check_cli(["line", "1-4", "--svg", str(target), *force], good=False, files=protected)
        for target in (s, rec, note_file, svg.with_suffix(".json")):
            check_cli(["sheet", "plot", str(s), "--out", str(target), *force], good=False,
                      files=protected)  # fmt: skip
    check_cli(["record", "convert", str(rec), str(rec)], good=False, files=protected)
    check_cli(["line", "1-4", "--svg", str(svg), "--force"], good=True)
    check_cli(["record", "convert", str(rec), str(tmp / "new.txt")], good=True)


def api_cases() -> None:
    state = bd.RoundState.deal("pagat", 3, 5)
    line = bd.Line.build(["2-5"])
    odd: list[object] = [None, True, -1, 0.5, "x", b"1-2", [], {}, 10**30, float("nan"), (1, 2)]
    for v in odd:
        check_api(f"Tile({v!r}, 3)", lambda v=v: bd.Tile(v, 3), good=False)  # type: ignore[misc]
        check_api(f"state.hand({v!r})", lambda v=v: state.hand(v), good=False)  # type: ignore[misc]
        check_api(f"state.after({v!r})", lambda v=v: state.after(v), good=False)  # type: ignore[misc]
        check_api(f"line.place({v!r})", lambda v=v: line.place(v), good=False)  # type: ignore[misc]
        check_api(f"Match.new(p={v!r})", lambda v=v: bd.Match.new("pagat", v), good=False)  # type: ignore[misc]
        check_api(f"score_totals({v!r})", lambda v=v: bd.score_totals("pagat", v), good=v == (1, 2))  # type: ignore[misc]
        check_api(f"state.apply({v!r})", lambda v=v: state.apply(v), good=False)  # type: ignore[misc]
        check_api(f"find_rules({v!r})", lambda v=v: bd.find_rules(v), good=False)  # type: ignore[misc]
        check_api(f"book.words({v!r})", lambda v=v: book.words(v), good=False)  # type: ignore[misc]
    check_api("state.hand(3)", lambda: state.hand(3), good=True)
    check_api("line.place('5-6')", lambda: line.place("5-6"), good=True)
    check_api("parse_tiles('[1 | 2] [3|4]')", lambda: bd.parse_tiles("[1 | 2] [3|4]"), good=True)
    check_api("parse_tiles(';')", lambda: bd.parse_tiles(";"), good=False)
    check_api("Tile.parse('\\ufeff1-2')", lambda: bd.Tile.parse("\ufeff1-2"), good=True)
    check_api("score_hands(['-', '+0'])", lambda: bd.score_hands("pagat", ["-", "+0"]), good=False)
    check_api("full_set(True)", lambda: bd.full_set(True), good=False)  # type: ignore[arg-type]
    check_api("full_set(100)", lambda: bd.full_set(100), good=False)
    check_api("RoundState.new(rest=5)", lambda: bd.RoundState.new("pagat", [["1-2"], ["3-4"]],
              rest=5), good=False)  # type: ignore[arg-type]  # fmt: skip
    check_api("RoundState.new(lead='1-2')", lambda: bd.RoundState.new("pagat", [["1-2"], ["3-4"]],
              lead="1-2"), good=False)  # type: ignore[arg-type]  # fmt: skip


def main_sweep() -> int:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        os.environ.pop("BLOCK_DOMINOES_LANG", None)
        for step in (hands_cases, line_cases, option_cases, api_cases):
            step()
        for step_tmp in (sheet_cases, corrupt_cases, record_cases, output_cases):
            sub = tmp / step_tmp.__name__
            sub.mkdir()
            step_tmp(sub)
    for p in problems:
        print(p)
    total = sum(results.values())
    print(
        f"{total} inputs: {results['clear']} handled with one clear line, "
        f"{results['traceback']} traceback, {results['wrong']} wrong answer or unclear line, "
        f"{results['overwrite']} overwrite"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main_sweep())
