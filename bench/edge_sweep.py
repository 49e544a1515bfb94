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

Issue 33 added six families (``api_strict``, ``force``, ``streams``, ``languages``,
``records_policy``, ``one_policy``): the Python API against the command line (the same
answer or refusal, only the package's errors, ``Rules`` checked, ``PRESETS`` fixed),
``--force`` over files this program did not write, closed and binary standard input,
one language per run, the seed, result, explanation and name rules of records and
sheets, and one input policy (``,,``, ``0003``, ``on 4``) across every reader. A case
of ``one_policy`` runs several readers and is ``wrong`` when they disagree. An API
name this version lacks is printed as a note, not counted.

Run: ``PYTHONPATH=src python bench/edge_sweep.py [FAMILY ...]`` (prints every case that
is not ``clear``, then the counts per family and class; exit status 1 if any). About
half a minute (a few cases start a process of their own: ``<&-``, the environment's
language).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shutil
import struct
import sys
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import block_dominoes as bd
from block_dominoes import book
from block_dominoes.cli import main
from block_dominoes.errors import BlockDominoesError

ARABIC = re.compile("[\u0600-\u06ff]")
#: an internal error in any language: the exception's class is named in brackets
INTERNAL = re.compile(r"internal error|\(\w+(?:Error|Exception)[:)]")
PYTHON_WORDS = re.compile(
    r"\bTrue\b|\bFalse\b|\bNone\b|Traceback|codec can't|has no attribute|internal error"
)
KINDS = ("clear", "traceback", "wrong", "overwrite")
results: Counter[str] = Counter()
by_family: dict[str, Counter[str]] = {}
problems: list[str] = []
skipped: list[str] = []  # an API name this version does not have: a note, not a case
family = "setup"


def note(kind: str, what: str) -> None:
    results[kind] += 1
    by_family.setdefault(family, Counter())[kind] += 1
    if kind != "clear":
        problems.append(f"{kind}: [{family}] " + " | ".join(what.strip().splitlines()))


_KEEP = object()  # cli(stdin=...): leave sys.stdin as it is


def cli(args: list[str], stdin: object = _KEEP) -> tuple[int, str, str]:
    """Run the command line in this process; ``stdin`` replaces ``sys.stdin`` for the
    run (None: a closed standard input, as Python sets it under ``<&-``)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not _KEEP:
        sys.stdin = stdin  # type: ignore[assignment]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as e:  # pragma: no cover - main never exits
                code = int(e.code or 0)
            except BaseException as e:
                return -1, out.getvalue(), f"{type(e).__name__}: {e}"
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def last_lang(args: list[str]) -> str | None:
    """The language the run should speak: the last ``--lang`` (a region or encoding
    cut off: ``ar_EG.UTF-8`` is ``ar``)."""
    lang = None
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
        elif a.startswith("--lang="):
            lang = a.split("=", 1)[1]
    return re.split(r"[_.@-]", lang.strip(), maxsplit=1)[0] if lang is not None else None


Extra = Callable[[int, str, str], "str | None"]


def short(arg: str) -> str:
    """An argument as the report shows it: a file in the sweep's folder by its name."""
    if arg.startswith(tempfile.gettempdir() + os.sep):
        name = Path(arg).name + ("/" if arg.endswith("/") else "")
        return f"<{name}>"
    return arg if len(arg) < 40 else arg[:37] + "..."


def check_cli(
    args: list[str],
    good: bool,
    *,
    files: tuple[Path, ...] = (),
    stdin: object = _KEEP,
    extra: Extra | None = None,
    shown: str | None = None,
) -> None:
    """Run ``args``; ``good`` says whether the input should be answered. ``files``
    must not change unless the input is good; ``extra(code, out, err)`` names a
    further fault of the answer (a "wrong" one), or None."""
    before = {p: p.read_bytes() for p in files if p.is_file()}
    code, out, err = cli(args, stdin)
    shown = shown or " ".join(short(a) for a in args)
    lang_ar = last_lang(args) == "ar"
    changed = [p for p, b in before.items() if not p.exists() or p.read_bytes() != b]
    if args and "check" in args[:3] and code == 1 and out and not err:
        code = 0 if good else 2  # a verdict (exit 1): the record was read, and judged
        if not good:
            note("clear", " ".join(args)[:80])
            return
    if code == -1 or INTERNAL.search(err):
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
    elif extra is not None and (fault := extra(code, out, err)) is not None:
        note("wrong", f"{shown}: {fault}")
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
    # --force replaces a diagram this program wrote (issue 33: not a foreign SVG, which
    # force_cases tries; pic.svg above is one)
    ours = tmp / "ours.svg"
    assert cli(["line", "1-2", "--svg", str(ours)])[0] == 0
    check_cli(["line", "1-4", "--svg", str(ours), "--force"], good=True)
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


# -- issue 33: the API as strict as the command line, one input policy, our own files ----

ENGLISH_USAGE = re.compile(
    r"the following arguments are required|invalid choice|expected one argument|"
    r"unrecognized arguments|usage:|ambiguous option|ignored explicit argument|"
    r"not allowed with argument|\berror:"
)
TURKISH_LETTERS = re.compile("[çğışöüÇĞİŞÖÜ]")
#: the seed bound 2**63 written with digit groups (the exact bound is 2**63 - 1: ...807)
BOUND_808 = re.compile(r"9\D{1,3}223\D{1,3}372\D{1,3}036\D{1,3}854\D{1,3}775\D{1,3}808")
#: English words of an OS reason; with a dotless ı they were lower-cased as Turkish
OS_WORDS = {
    "is", "directory", "file", "such", "permission", "denied", "exists", "symbolic", "links",
    "link", "not", "too", "many", "levels", "of", "in", "it", "invalid", "argument", "read",
    "only", "name", "long", "system",
}  # fmt: skip


def api_name(path: str) -> object | None:
    """The public name ``path`` (``"Tile.other"``) in this version, or None: a note,
    not a case (the sweep runs on the code before and after issue 33)."""
    obj: object = bd
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            skipped.append(f"[{family}] {path}: not in this version")
            return None
    return obj


#: what a label's first word stands for (``state.play(...)``: ``RoundState.play``)
ALIASES = {"state": "RoundState", "match": "Match", "tile": "Tile", "line": "Line",
           "sheet": "Sheet"}  # fmt: skip


def api_missing(label: str) -> bool:
    """True (and noted) when the API name a case's label starts with is not in this
    version: ``Tile(1,2).other(9)`` needs ``Tile.other``."""
    m = re.match(r"([A-Za-z_]\w*)(?:\([^)]*\))?(?:\.(\w+))?", label)
    if m is None:
        return False
    path = ALIASES.get(m.group(1), m.group(1)) + (f".{m.group(2)}" if m.group(2) else "")
    return api_name(path) is None


def api_verdict(call: Callable[[], object]) -> tuple[str, str]:
    """``("accept", str(answer))``, ``("refuse", message)`` (a BlockDominoesError) or
    ``("traceback", ...)`` (any other exception, RecursionError included)."""
    try:
        value = call()
    except BlockDominoesError as e:
        return "refuse", str(e)
    except Exception as e:
        return "traceback", f"{type(e).__name__}: {str(e)[:120]}"
    return "accept", str(value)


def cli_verdict(args: list[str], stdin: object = _KEEP) -> tuple[str, str]:
    """The command line's verdict: accept (exit 0; ``check``'s exit 1 with a verdict is
    a record that was read), refuse (exit 2) or traceback; and its first line."""
    code, out, err = cli(args, stdin)
    if code == -1 or INTERNAL.search(err):
        return "traceback", err.strip()[:200]
    if code == 0 or (code == 1 and "check" in args and out and not err):
        return "accept", (out.strip().splitlines() or [""])[0]
    return ("refuse" if code == 2 else f"exit {code}"), err.strip()[:200]


def deep_list(depth: int = 100_000) -> list[object]:
    x: list[object] = []
    for _ in range(depth):
        x = [x]
    return x


def agree(
    label: str, runs: list[tuple[str, Callable[[], tuple[str, str]]]], want: str | None = None
) -> None:
    """One case: every reader in ``runs`` gives the same verdict (one input policy);
    ``want`` (accept/refuse), when given, is the verdict due."""
    got = [(name, *run()) for name, run in runs]
    broken = [f"{n}: {text}" for n, v, text in got if v == "traceback"]
    verdicts = {v for _, v, _ in got}
    said = ", ".join(f"{n} {v}s" for n, v, _ in got)
    if broken:
        note("traceback", f"{label}: {broken[0][:200]}")
    elif len(verdicts) > 1:
        note("wrong", f"{label}: the readers disagree: {said}")
    elif want is not None and verdicts != {want}:
        note("wrong", f"{label}: {want} was due: {said}")
    else:
        note("clear", label)


def api_strict_cases(tmp: Path) -> None:
    # the scoring functions against `block-dominoes score` on the same totals
    score_totals = api_name("score_totals")
    score_hands = api_name("score_hands")
    for rules, totals in [
        ("pagat", ["1000", "4"]),
        ("pagat", ["0", "0"]),
        ("pagat", ["70", "0"]),
        ("pagat", ["69", "0"]),
        ("pagat", ["3", "4"]),
        ("pagat", ["3", "-"]),
        ("pagat", ["0", "0", "0"]),
        ("pagat", ["60", "60", "60"]),
        ("pagat", ["-", "0"]),
        ("pagat", ["0", "1", "2", "3"]),
        ("partnership", ["1", "2", "3", "4"]),
        ("partnership", ["99", "0", "0", "0"]),
        ("double-twelve", ["200", "0"]),
        ("double-twelve", ["150", "5"]),
        ("all-pips", ["0", "0", "5"]),
    ]:
        went = [i + 1 for i, t in enumerate(totals) if t == "-"]
        numbers = [0 if t == "-" else int(t) for t in totals]
        label = f"score_totals({rules!r}, {totals}) vs score"
        command = cli_verdict(["score", "--rules", rules, *totals])
        if score_totals is not None:
            api = api_verdict(
                lambda r=rules, n=numbers, w=went: score_totals(r, n, w[0] if w else None)
            )
            compare(label, api, command)
        if score_hands is not None:
            api = api_verdict(lambda r=rules, t=totals: score_hands(r, t))
            compare(f"score_hands({rules!r}, {totals}) vs score", api, command)
    # Rules: every field checked where it enters
    rules_cls = api_name("Rules")
    pagat = bd.find_rules("pagat")
    with_ = getattr(pagat, "with_", None)
    bad_fields: list[tuple[str, object]] = [
        ("hand_sizes", ((2, 100),)),
        ("hand_sizes", ((2, 15),)),
        ("hand_sizes", ((2, 0),)),
        ("hand_sizes", ((1, 7),)),
        ("hand_sizes", ((2, -7),)),
        ("hand_sizes", "x"),
        ("hand_sizes", None),
        ("hand_sizes", ((2, 7.0),)),
        ("targets", ((2, -5),)),
        ("targets", ((2, 0),)),
        ("targets", None),
        ("targets", ((2, True),)),
        ("max_pip", -1),
        ("max_pip", 100),
        ("max_pip", "6"),
        ("max_pip", True),
        ("max_pip", 6.0),
        ("first_lead", "lot"),
        ("next_starter", None),
        ("blocked_scoring", 1),
        ("partnerships", "yes"),
        ("draw", 1),
        ("name", None),
        ("name", ""),
        ("rule_ids", None),
        ("rule_ids", "R1"),
        ("description", 5),
        ("colour", "red"),
    ]
    good_fields: list[tuple[str, object]] = [
        ("max_pip", 9),
        ("targets", ((2, 150), (3, 61), (4, 61))),
        ("hand_sizes", ((2, 8), (3, 5), (4, 5))),
        ("name", "mine"),
        ("draw", True),
    ]
    if with_ is not None:  # (draw=1 == draw=True: goodness by list, not by value)
        for fields, good in ((bad_fields, False), (good_fields, True)):
            for key, value in fields:
                check_api(
                    f"pagat.with_({key}={value!r})", lambda k=key, v=value: with_(**{k: v}), good
                )
    if rules_cls is not None:
        check_api(
            "Rules(max_pip=-1)",
            lambda: rules_cls(name="x", description="d", source="s", max_pip=-1),
            good=False,
        )
        check_api(
            "Rules(targets=((2, -5),))",
            lambda: rules_cls(name="x", description="d", source="s", targets=((2, -5),)),
            good=False,
        )
        check_api(
            "Rules(name='x')", lambda: rules_cls(name="x", description="d", source="s"), good=True
        )
    # PRESETS cannot be changed from outside (any refusal will do, Python's own too)
    presets = api_name("PRESETS")
    if presets is not None:
        saved = dict(presets)
        for label, change in [
            ("PRESETS['x'] = pagat", lambda: presets.__setitem__("x", saved["pagat"])),
            ("PRESETS['pagat'] = draw", lambda: presets.__setitem__("pagat", saved["draw"])),
            ("del PRESETS['draw']", lambda: presets.__delitem__("draw")),
            ("PRESETS.pop('app')", lambda: presets.pop("app")),
            ("PRESETS.clear()", lambda: presets.clear()),
            ("PRESETS['pagat'].max_pip = 9", lambda: setattr(saved["pagat"], "max_pip", 9)),
        ]:
            try:
                change()
            except Exception:
                note("clear", label)
            else:
                note("wrong", f"{label}: the preset table was changed from outside")
            with contextlib.suppress(Exception):
                if dict(presets) != saved:
                    presets.clear()
                    presets.update(saved)
    # deep nesting, wrong types and foreign objects: the package's own errors
    deep = deep_list()
    deep_dict: dict[str, object] = {}
    for _ in range(100_000):
        deep_dict = {"players": deep_dict}
    state = bd.RoundState.deal("pagat", 2, 1)
    match = bd.Match.new("pagat", 2)
    tile = bd.Tile(1, 2)
    line = bd.Line.build(["2-5"])
    outcome = bd.score_totals("pagat", [3, 0], 2)
    sheet_cls = api_name("Sheet")
    sheet = sheet_cls.new("pagat", 2) if sheet_cls is not None else None
    calls: list[tuple[str, Callable[[], object], bool]] = [
        ("Tile(deep, 1)", lambda: bd.Tile(deep, 1), False),
        ("Tile.parse(deep)", lambda: bd.Tile.parse(deep), False),
        ("find_rules(deep)", lambda: bd.find_rules(deep), False),
        ("Line.build(deep)", lambda: bd.Line.build(deep), False),
        ("Line.build([deep])", lambda: bd.Line.build([deep]), False),
        ("RoundState.new('pagat', deep)", lambda: bd.RoundState.new("pagat", deep), False),
        (
            "RoundState.new('pagat', [deep, ['1-2']])",
            lambda: bd.RoundState.new("pagat", [deep, ["1-2"]]),
            False,
        ),
        ("state.play(deep)", lambda: state.play(deep), False),
        ("state.apply(deep)", lambda: state.apply(deep), False),
        ("state.hand(deep)", lambda: state.hand(deep), False),
        ("match.add(deep)", lambda: match.add(deep), False),
        ("Match.new(deep, 2)", lambda: bd.Match.new(deep, 2), False),
        ("Match.new('pagat', deep)", lambda: bd.Match.new("pagat", deep), False),
        ("parse_tiles(deep)", lambda: bd.parse_tiles(deep), False),
        ("parse_move(deep)", lambda: bd.parse_move(deep), False),
        ("describe_move(deep)", lambda: bd.describe_move(deep), False),
        ("full_set(deep)", lambda: bd.full_set(deep), False),
        ("score_hands('pagat', deep)", lambda: bd.score_hands("pagat", deep), False),
        ("score_totals('pagat', [deep, 1])", lambda: bd.score_totals("pagat", [deep, 1]), False),
        ("Play(deep)", lambda: bd.Play(deep), False),
        ("DrawTile(deep)", lambda: bd.DrawTile(deep), False),
        ("line.place(deep)", lambda: line.place(deep), False),
        ("tile.has(deep)", lambda: tile.has(deep), False),
        ("tile.other(deep)", lambda: tile.other(deep), False),
        ("load_record(deep)", lambda: bd.load_record(deep), False),
        ("check_record(deep)", lambda: bd.check_record(deep), False),
        ("play_round('pagat', deep, 1)", lambda: bd.play_round("pagat", deep, 1), False),
        ("play_round('pagat', 2, 1, deep)", lambda: bd.play_round("pagat", 2, 1, deep), False),
        ("Tile(1,2).other(9)", lambda: tile.other(9), False),
        ("Tile(1,2).other('1')", lambda: tile.other("1"), False),
        ("Tile(1,2).other(None)", lambda: tile.other(None), False),
        ("Tile(1,2).other(1)", lambda: tile.other(1), True),
        ("Tile(1,2).has('1')", lambda: tile.has("1"), False),
        ("Tile(1,2).has(None)", lambda: tile.has(None), False),
        ("Tile(1,2).has(1.0)", lambda: tile.has(1.0), False),
        ("Tile(1,2).has(True)", lambda: tile.has(True), False),
        ("Tile(1,2).has(2)", lambda: tile.has(2), True),
        ("RoundState.from_deal(None)", lambda: bd.RoundState.from_deal(None), False),
        ("RoundState.from_deal('x')", lambda: bd.RoundState.from_deal("x"), False),
        ("RoundState.new('pagat', None)", lambda: bd.RoundState.new("pagat", None), False),
        (
            "RoundState.new(starter='1')",
            lambda: bd.RoundState.new("pagat", [["1-2"], ["3-4"]], starter="1"),
            False,
        ),
        ("check_record(None)", lambda: bd.check_record(None), False),
        ("check_record('1-2')", lambda: bd.check_record("1-2"), False),
        ("load_record(None)", lambda: bd.load_record(None), False),
        ("load_record(b'{}')", lambda: bd.load_record(b"{}"), False),
        ("load_record(42)", lambda: bd.load_record(42), False),
        ("describe_move(None)", lambda: bd.describe_move(None), False),
        ("describe_move('1-2')", lambda: bd.describe_move("1-2"), False),
        ("parse_move(None)", lambda: bd.parse_move(None), False),
        ("match.add(None)", lambda: match.add(None), False),
        ("match.add('domino')", lambda: match.add("domino"), False),
        ("match.add(state)", lambda: match.add(state), False),
        ("match.add(outcome)", lambda: match.add(outcome), True),
        ("Line.build(None)", lambda: bd.Line.build(None), False),
        ("Line.build([None])", lambda: bd.Line.build([None]), False),
        ("Line.build(42)", lambda: bd.Line.build(42), False),
        ("play_round('pagat', 2, None)", lambda: bd.play_round("pagat", 2, None), False),
        ("play_round(strategies=5)", lambda: bd.play_round("pagat", 2, 1, 5), False),
        ("play_round(strategies=None)", lambda: bd.play_round("pagat", 2, 1, None), False),
        (
            "play_round(round_number='1')",
            lambda: bd.play_round("pagat", 2, 1, round_number="1"),
            False,
        ),
        ("score_hands(None, ['3', '-'])", lambda: bd.score_hands(None, ["3", "-"]), False),
        ("score_hands('pagat', None)", lambda: bd.score_hands("pagat", None), False),
        ("score_totals(went_out='2')", lambda: bd.score_totals("pagat", [3, 0], "2"), False),
        ("score_totals(went_out=True)", lambda: bd.score_totals("pagat", [3, 0], True), False),
        ("score_totals('pagat', '30')", lambda: bd.score_totals("pagat", "30"), False),
        ("full_set('6')", lambda: bd.full_set("6"), False),
        ("full_set(None)", lambda: bd.full_set(None), False),
        ("parse_tiles(None)", lambda: bd.parse_tiles(None), False),
        ("parse_tiles(b'1-2')", lambda: bd.parse_tiles(b"1-2"), False),
        ("parse_tiles(12)", lambda: bd.parse_tiles(12), False),
        ("find_rules(b'pagat')", lambda: bd.find_rules(b"pagat"), False),
        ("Play(None)", lambda: bd.Play(None), False),
        ("DrawTile(None)", lambda: bd.DrawTile(None), False),
        ("state.playable('1')", lambda: state.playable("1"), False),
    ]
    if sheet_cls is not None and sheet is not None:
        calls += [
            ("Sheet.new(names=deep)", lambda: sheet_cls.new("pagat", 2, names=deep), False),
            ("Sheet.from_json(deep dict)", lambda: sheet_cls.from_json(deep_dict), False),
            ("Sheet.from_json(None)", lambda: sheet_cls.from_json(None), False),
            (
                "Sheet.new(names=[None, 1])",
                lambda: sheet_cls.new("pagat", 2, names=[None, 1]),
                False,
            ),
            ("Sheet.new(players='2')", lambda: sheet_cls.new("pagat", "2"), False),
            (
                "Sheet.new(names=['Ann', 'Ann<ZWNJ>'])",
                lambda: sheet_cls.new("pagat", 2, names=["Ann", "Ann\u200c"]),
                False,
            ),
            (
                "Sheet.new(names=['é', 'e+U+0301'])",
                lambda: sheet_cls.new("pagat", 2, names=["\u00e9", "e\u0301"]),
                False,
            ),
            ("sheet.add_hands(None)", lambda: sheet.add_hands(None), False),
            ("sheet.add_hands(['3', None])", lambda: sheet.add_hands(["3", None]), False),
            ("sheet.add_claim('1', 5)", lambda: sheet.add_claim("1", 5), False),
            ("sheet.add_claim(1, '5')", lambda: sheet.add_claim(1, "5"), False),
            ("sheet.add_hands(['3', '-'])", lambda: sheet.add_hands(["3", "-"]), True),
        ]
    for label, call, good in calls:
        if not api_missing(label):
            check_api(label, call, good)


def compare(label: str, api: tuple[str, str], command: tuple[str, str]) -> None:
    """The API's answer or refusal against the command line's for the same input."""
    if api[0] == "traceback" or command[0] == "traceback":
        note("traceback", f"{label}: API {api[1][:100]} / CLI {command[1][:100]}")
    elif api[0] != command[0]:
        note(
            "wrong",
            f"{label}: the API {api[0]}s ({api[1][:90]}), the command line "
            f"{command[0]}s ({command[1][:90]})",
        )
    elif api[0] == "accept" and api[1].strip() != command[1].strip():
        note(
            "wrong", f"{label}: the API says {api[1][:90]!r}, the command line {command[1][:90]!r}"
        )
    else:
        note("clear", label)


def tiny_png(text: bytes = b"Software\x00Paint") -> bytes:
    """A real 1x1 PNG another program wrote (a tEXt chunk names it)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"tEXt", text)
        + chunk(b"IDAT", zlib.compress(b"\x00\x00"))
        + chunk(b"IEND", b"")
    )


def no_file(path: Path) -> Extra:
    """A fault when the command left a file at ``path`` (it was told a folder, or ``-``)."""

    def fault(code: int, out: str, err: str) -> str | None:
        return f"created the file {path.name!r}" if path.is_file() else None

    return fault


def no_create_there(code: int, out: str, err: str) -> str | None:
    """A link loop is not a missing file: "create the file there" misleads."""
    return (
        f"a link loop called a missing file: {err.strip()[:160]}"
        if "create the file" in err
        else None
    )


@contextlib.contextmanager
def in_folder(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def restore(tmp: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (tmp / name).write_bytes(data)


def force_cases(tmp: Path) -> None:
    s = tmp / "s.json"
    assert cli(["sheet", "new", str(s), "--players", "2"])[0] == 0
    assert cli(["sheet", "add", str(s), "3", "-"])[0] == 0
    rec = tmp / "rec.json"
    rec.write_text(cli(["play", "--json"])[1])
    foreign: dict[str, bytes] = {
        "invoice.pdf": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n"
        b"% an invoice another program wrote\ntrailer << /Root 1 0 R >>\n%%EOF\n",
        "photo.png": tiny_png(),
        "settings.svg": b'<?xml version="1.0" encoding="utf-8"?>\n<settings><theme>dark'
        b"</theme><font>12</font></settings>\n",
        "logo.svg": b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        b'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.2" '
        b'width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>\n',
        "bare.svg": b"<svg xmlns='http://www.w3.org/2000/svg'><rect width='1' height='1'/></svg>",
        "config.json": b'{"theme": "dark", "font": 12}\n',
        "notes.txt": b"shopping: bread, milk\n",
    }
    for name, data in foreign.items():
        (tmp / name).write_bytes(data)
    diagram = tmp / "diagram.svg"  # a line diagram: ours, but not a chart
    assert cli(["line", "1-4", "--svg", str(diagram)])[0] == 0
    kept = (*[tmp / n for n in foreign], diagram, s, rec)
    for name in ("invoice.pdf", "photo.png", "settings.svg", "logo.svg", "bare.svg", "diagram.svg"):
        restore(tmp, foreign)
        check_cli(
            ["sheet", "plot", str(s), "--out", str(tmp / name), "--force"], good=False, files=kept
        )
    for name in ("settings.svg", "logo.svg", "bare.svg"):
        restore(tmp, foreign)
        check_cli(["line", "1-4", "--svg", str(tmp / name), "--force"], good=False, files=kept)
    for name in ("config.json", "notes.txt"):
        check_cli(
            ["record", "convert", str(rec), str(tmp / name), "--force"], good=False, files=kept
        )
    # what this program wrote itself is replaced with --force
    for suffix in ("pdf", "png", "svg"):
        chart = tmp / f"chart.{suffix}"
        assert cli(["sheet", "plot", str(s), "--out", str(chart)])[0] == 0
        check_cli(["sheet", "plot", str(s), "--out", str(chart), "--force"], good=True)
    check_cli(["line", "1-2", "--svg", str(diagram), "--force"], good=True)
    assert cli(["record", "convert", str(rec), str(tmp / "mine.txt")])[0] == 0
    check_cli(["record", "convert", str(rec), str(tmp / "mine.txt"), "--force"], good=True)
    # a path that ends in "/" names a folder: no file is made
    for i, args in enumerate(
        [
            ["sheet", "new", "{}", "--players", "2"],
            ["line", "1-4", "--svg", "{}"],
            ["sheet", "plot", str(s), "--out", "{}"],
            ["record", "convert", str(rec), "{}"],
        ]
    ):
        suffix = (".json", ".svg", ".png", ".json")[i]
        target = tmp / f"folder{i}{suffix}"
        args = [a.replace("{}", str(target) + "/") for a in args]
        check_cli(args, good=False, extra=no_file(target))
    # "-" is a standard stream, never a file called "-"
    dash = tmp / "dash"
    dash.mkdir()
    with in_folder(dash):
        for args in (
            ["sheet", "new", "-", "--players", "2"],
            ["line", "1-4", "--svg", "-"],
            ["sheet", "plot", str(s), "--out", "-"],
        ):
            code, _out, err = cli(args)
            shown = " ".join(short(a) for a in args)
            if code == -1 or INTERNAL.search(err):
                note("traceback", f"{shown} -> {err.strip()[:160]}")
            elif (dash / "-").exists():
                note("wrong", f"{shown}: wrote a file called '-'")
                (dash / "-").unlink()
            elif code != 0 and err.count("\n") != 1:
                note("wrong", f"{shown} unclear: {err.strip()[:160]}")
            else:
                note("clear", shown)
    # a picture written into a file named for another kind; text written into x.json
    for name in ("a.png", "a.pdf"):
        check_cli(["line", "1-4", "--svg", str(tmp / name)], good=False)
    check_cli(["record", "convert", str(rec), str(tmp / "x.json"), "--to", "text"], good=False)
    # a link loop is neither a file to make nor one to replace
    for name in ("loop.svg", "loop.pdf", "loop.json", "loopr.json"):
        (tmp / name).symlink_to(name)
    for args in (
        ["line", "1-4", "--svg", str(tmp / "loop.svg")],
        ["line", "1-4", "--svg", str(tmp / "loop.svg"), "--force"],
        ["sheet", "plot", str(s), "--out", str(tmp / "loop.pdf"), "--force"],
        ["sheet", "new", str(tmp / "loop.json"), "--players", "2"],
        ["sheet", "show", str(tmp / "loop.json")],
        ["record", "convert", str(rec), str(tmp / "loopr.json")],
        ["record", "convert", str(rec), str(tmp / "loopr.json"), "--force"],
    ):
        check_cli(list(args), good=False, extra=no_create_there)


def stream_fault(want: int) -> Extra:
    """Standard input closed or not text: exit ``want``, no escaped bytes anywhere."""

    def fault(code: int, out: str, err: str) -> str | None:
        both = out + err
        if "\\udc" in both or any("\udc80" <= c <= "\udcff" for c in both):
            return f"echoes undecodable bytes: {(err or out).strip()[-160:]!r}"
        if code != want:
            return f"exit {code}, not {want}: {(err or out).strip()[-160:]}"
        return None

    return fault


#: bytes that are not UTF-8, from the first on (no line break early: "\x0b" is one for Python)
RANDOM_BYTES = (
    b"\x95\xfe"
    + random.Random(33).randbytes(96).translate(None, b"\n\r\x0b\x0c\x1c\x1d\x1e")
    + b"\n"
)


def sub_cli(
    args: list[str],
    shell_stdin: str | None = None,
    data: bytes | None = None,
    env: dict[str, str] | None = None,
) -> tuple[int, str, str]:
    """The command line in a new process (closed streams, the environment's language)."""
    import subprocess

    environ = {k: v for k, v in os.environ.items() if k != "BLOCK_DOMINOES_LANG"}
    environ["PYTHONPATH"] = str(Path(bd.__file__).resolve().parents[1])
    environ.update(env or {})
    cmd = [sys.executable, "-m", "block_dominoes.cli", *args]
    if shell_stdin is not None:
        cmd = ["sh", "-c", f'"$@" {shell_stdin}', "sh", *cmd]
    try:
        done = subprocess.run(
            cmd,
            input=data if data is not None else b"",
            capture_output=True,
            env=environ,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        return -1, "", "timed out"
    dec = lambda b: b.decode("utf-8", "backslashreplace")  # noqa: E731
    return done.returncode, dec(done.stdout), dec(done.stderr)


def check_sub(
    args: list[str], *, good: bool, label: str, extra: Extra | None = None, **kwargs: object
) -> None:
    code, out, err = sub_cli(args, **kwargs)
    if code == -1 or INTERNAL.search(err) or "Traceback" in err:
        note("traceback", f"{label} -> {err.strip()[-200:]}")
    elif good and code != 0:
        note("wrong", f"{label} refused good input: {err.strip()[:200]}")
    elif not good and code == 0:
        note("wrong", f"{label} answered bad input: {out.strip()[:200]}")
    elif not good and (err.count("\n") != 1 or PYTHON_WORDS.search(err)):
        note("wrong", f"{label} unclear: {err.strip()[:200]}")
    elif extra is not None and (fault := extra(code, out, err)) is not None:
        note("wrong", f"{label}: {fault}")
    else:
        note("clear", label)


def check_stream(args: list[str], stdin: object, shown: str) -> None:
    """A command reading a closed or binary standard input: exit 2 and one clear line
    (``play --interactive`` may have drawn its table on standard output first)."""
    code, out, err = cli(args, stdin)
    fault = stream_fault(2)(code, out, err)
    if code == -1 or INTERNAL.search(err):
        note("traceback", f"{shown} -> {err.strip()[:200]}")
    elif fault is not None:
        note("wrong", f"{shown}: {fault}")
    elif err.count("\n") != 1 or len(err) > 400 or PYTHON_WORDS.search(err):
        note("wrong", f"{shown} unclear: {err.strip()[:200]}")
    elif last_lang(args) == "ar" and not ARABIC.search(err):
        note("wrong", f"{shown} not Arabic: {err.strip()[:200]}")
    else:
        note("clear", shown)


def streams_cases(tmp: Path) -> None:
    s = tmp / "s.json"
    assert cli(["sheet", "new", str(s), "--players", "2"])[0] == 0
    assert cli(["sheet", "add", str(s), "3", "-"])[0] == 0
    readers = [
        ["check", "-"],
        ["record", "convert", "-", "-", "--to", "json"],
        ["record", "convert", "-", str(tmp / "o.txt")],
        ["play", "--interactive", "--seed", "1"],
        ["--lang", "ar", "check", "-"],
        ["--lang", "ar", "play", "--interactive", "--seed", "1"],
    ]
    for args in readers:
        check_stream(args, None, " ".join(map(short, args)) + " <&- (emulated)")
        for errors in ("surrogateescape", "strict"):
            stdin = io.TextIOWrapper(io.BytesIO(RANDOM_BYTES), encoding="utf-8", errors=errors)
            check_stream(args, stdin, " ".join(map(short, args)) + f" <random bytes ({errors})")
    check_cli(
        ["sheet", "undo", str(s)],
        good=False,
        stdin=None,
        files=(s,),
        shown="sheet undo s.json <&- (emulated)",
    )
    # Ctrl-D at once: the player left; no error
    check_cli(
        ["play", "--interactive", "--seed", "1"],
        good=True,
        stdin=io.StringIO(""),
        shown="play --interactive </dev/null",
    )
    # the real thing, in a new process: fd 0 closed, bytes from a pipe
    for args in (["check", "-"], ["play", "--interactive"], ["record", "convert", "-", "-"]):
        check_sub(
            args,
            good=False,
            label=" ".join(args) + " <&-",
            shell_stdin="<&-",
            extra=stream_fault(2),
        )
    for args in (["check", "-"], ["play", "--interactive", "--seed", "1"]):
        check_sub(
            args,
            good=False,
            label=" ".join(args) + " <random bytes",
            data=RANDOM_BYTES,
            extra=stream_fault(2),
        )


SCRIPTS = {
    "ar": ARABIC,
    "bg": re.compile("[\u0400-\u04ff]"),
    "el": re.compile("[\u0370-\u03ff]"),
    "tr": TURKISH_LETTERS,
}


def one_language(lang: str) -> Extra:
    """The run speaks ``lang`` only (the last --lang): its letters, no other language's
    letters, no argparse English."""

    def fault(code: int, out: str, err: str) -> str | None:
        text = err or out
        if not SCRIPTS[lang].search(text):
            return f"not in {lang} (the last --lang): {text.strip()[:160]}"
        others = [k for k, script in SCRIPTS.items() if k != lang and script.search(text)]
        if others:
            return f"{others[0]} mixed into a {lang} line: {text.strip()[:160]}"
        if ENGLISH_USAGE.search(err):
            return f"English words in a {lang} line: {err.strip()[:160]}"
        return None

    return fault


def usage_in(lang: str) -> Extra:
    def fault(code: int, out: str, err: str) -> str | None:
        if ENGLISH_USAGE.search(err):
            return f"argparse's English under --lang {lang}: {err.strip()[:160]}"
        if not SCRIPTS[lang].search(err):
            return f"not in {lang}: {err.strip()[:160]}"
        return None

    return fault


def dotless_english(code: int, out: str, err: str) -> str | None:
    words = re.findall(r"[A-Za-zı]+", err)
    bad = [w for w in words if "ı" in w and w.lower().replace("ı", "i") in OS_WORDS]
    return f"an OS reason case-mapped as Turkish ({bad[0]!r}): {err.strip()[:160]}" if bad else None


def languages_cases(tmp: Path) -> None:
    both = [("ar", "tr"), ("tr", "ar"), ("ar", "bg"), ("el", "tr")]
    for first, last in both:
        pair = ["--lang", first, "--lang", last]
        check_cli([*pair, "score", "1-2", "x"], good=False, extra=one_language(last))
        check_cli([*pair, "score", "3", "-"], good=True, extra=one_language(last))
        check_cli([*pair, "bogus"], good=False, extra=one_language(last))
        check_cli([*pair, "score"], good=False, extra=one_language(last))
    check_cli(
        ["--lang", "ar", "--lang", "xx", "score", "3", "-"],
        good=False,
        extra=lambda c, o, e: (
            f"two languages: {e.strip()[:160]}"
            if ARABIC.search(e) and re.search("[A-Za-z]{4,}", e.replace("block-dominoes", ""))
            else None
        ),
    )
    usage = [
        ["score"],
        ["bogus"],
        ["score", "--rules"],
        ["score", "3", "-", "--bogus"],
        ["record", "convert", "--to", "xml", "a", "b"],
        ["sheet", "new"],
        ["play", "--s", "1"],
        ["score", "--json=1", "3", "-"],
        ["play", "--players"],
        ["simulate", "--players", "2", "--games", "1", "--workers", "2", "--cluster", "local:2"],
    ]
    for lang in ("ar", "tr", "bg", "el"):
        region = {"ar": "ar_EG", "tr": "tr_TR", "bg": "bg_BG", "el": "el_GR"}[lang]
        for form in (lang, f"{region}.UTF-8"):
            for args in usage:
                check_cli(["--lang", form, *args], good=False, extra=usage_in(lang))
        check_cli([f"--lang={region}", "score", "1-2", "x"], good=False, extra=usage_in(lang))
    # the environment's language: refused like --lang when unknown
    arabic: Extra = lambda c, o, e: None if ARABIC.search(o) else f"not Arabic: {o.strip()[:120]}"  # noqa: E731
    for value, good in (("xx", False), ("AR", False), ("ar_EG.UTF-8", True), ("", True)):
        check_sub(
            ["score", "3", "-"],
            good=good,
            label=f"BLOCK_DOMINOES_LANG={value!r} score 3 -",
            env={"BLOCK_DOMINOES_LANG": value},
            extra=arabic if value.startswith("ar") else None,
        )
    # an OS reason in a Turkish line: translated or quoted, never "ıs a directory"
    s = tmp / "s.json"
    assert cli(["sheet", "new", str(s), "--players", "2"])[0] == 0
    folder = tmp / "folder"
    folder.mkdir()
    (tmp / "loop.json").symlink_to("loop.json")
    for args in (
        ["sheet", "show", str(folder)],
        ["sheet", "add", str(folder), "3", "-"],
        ["sheet", "plot", str(folder), "--out", str(tmp / "c.png")],
        ["check", str(folder)],
        ["sheet", "show", str(s / "x")],
        ["check", str(tmp / "loop.json")],
        ["sheet", "show", str(tmp / "loop.json")],
        ["record", "convert", str(folder), str(tmp / "o.txt")],
    ):
        check_cli(["--lang", "tr", *args], good=False, extra=dotless_english)


def record_text(tmp: Path, seed: int = 3) -> tuple[dict[str, object], str]:
    """A played round's record (seed 3: a blocked round; seed 0: a domino) as JSON and text."""
    out = cli(["play", "--json", "--seed", str(seed)])[1]
    (tmp / f"base{seed}.json").write_text(out)
    code, _, err = cli(
        ["record", "convert", str(tmp / f"base{seed}.json"), str(tmp / f"base{seed}.txt")]
    )
    assert code == 0, err
    return json.loads(out), (tmp / f"base{seed}.txt").read_text()


def no_bound_808(echoed: bool) -> Extra:
    """The seed bound is 2**63 - 1, written exactly (not 9,223,372,036,854,775,808).
    ``echoed``: the input itself is 2**63, which the line may quote (in any form); the
    line must then also state the bound, 9,223,372,036,854,775,807 or 2**63 - 1."""

    def fault(code: int, out: str, err: str) -> str | None:
        flat = re.sub(r"[\s,.\u00a0\u202f\u066c'\u2068\u2069]", "", err)
        said = f"the seed bound printed as 2**63: {err.strip()[:200]}"
        if not echoed:
            return said if "9223372036854775808" in flat else None
        exact = "9223372036854775807" in flat or re.search(r"2\s*(\*\*|\^)\s*63", err)
        return said if BOUND_808.search(err) and not exact else None

    return fault


def name_counts(graphemes: int) -> Extra:
    """Every count in the refusal of a long name is its length in user-perceived
    characters (besides the limit, 40)."""

    def fault(code: int, out: str, err: str) -> str | None:
        counts = {int(n) for n in re.findall(r"\d+", err)} - {40, 1, 2}
        if counts - {graphemes}:
            return f"the name's length counted as {sorted(counts)}, not {graphemes}: {err.strip()[:200]}"
        return None

    return fault


def records_policy_cases(tmp: Path) -> None:
    rec, text = record_text(tmp)

    def write(name: str, body: str) -> str:
        (tmp / name).write_text(body, encoding="utf-8")
        return str(tmp / name)

    seed_line = re.compile(r"^seed: .*$", re.M)
    assert seed_line.search(text)
    big = write("seed63.txt", seed_line.sub(f"seed: {2**63}", text))
    check_cli(["check", big], good=False, extra=no_bound_808(echoed=True))
    check_cli(["record", "convert", big, str(tmp / "seed63.json")], good=False)
    check_cli(["check", write("seedmax.txt", seed_line.sub(f"seed: {2**63 - 1}", text))], good=True)
    as_json = json.dumps({**rec, "seed": 0}).replace('"seed": 0', '"seed": -0')
    minus0 = write("minus0.json", as_json)
    check_cli(["check", minus0], good=False)
    check_cli(["record", "convert", minus0, str(tmp / "minus0.txt")], good=False)
    check_cli(["check", write("minus0.txt", seed_line.sub("seed: -0", text))], good=False)
    check_cli(
        ["check", write("seed63.json", json.dumps({**rec, "seed": 2**63}))],
        good=False,
        extra=no_bound_808(echoed=True),
    )
    for lang in ("en", "ar", "bg", "el", "tr"):
        for args in (
            ["play", "--seed", "-1"],
            ["play", "--seed", "-0"],
            ["simulate", "--players", "2", "--games", "1", "--seed", "-1"],
            ["match", "--seed", str(2**63)],
        ):
            check_cli(
                ["--lang", lang, *args], good=False, extra=no_bound_808(echoed="match" in args)
            )
    # an explanation's text after "#" survives JSON -> text -> JSON
    outcome = dict(rec["outcome"])
    said = "domino # the rest of the sentence, kept"
    hashed = write("hash.json", json.dumps({**rec, "outcome": {**outcome, "explanation": said}}))
    code, out, err = cli(["record", "convert", hashed, str(tmp / "hash.txt")])
    if code == -1 or INTERNAL.search(err):
        note("traceback", f"record convert hash.json -> {err.strip()[:160]}")
    elif code != 0:
        note(
            "clear" if err.count("\n") == 1 else "wrong",
            f"record convert hash.json: {err.strip()[:160]}",
        )
    else:
        back = cli(["record", "convert", str(tmp / "hash.txt"), "-", "--to", "json"])
        kept = back[0] == 0 and json.loads(back[1]).get("outcome", {}).get("explanation")
        if kept == said:
            note("clear", "explanation with '#' round trip")
        else:
            note(
                "wrong",
                f"explanation {said!r} came back as {kept!r} through text ({back[2].strip()[:80]})",
            )
    # result lines with words too many
    result_line = re.compile(r"^result: .*$", re.M)
    for body in (record_text(tmp, 0)[1], text):  # a domino, a blocked round
        claimed = result_line.search(body)
        assert claimed
        for extra_words in (", 5 points", " 5 points", ", by 1", " and more"):
            said = claimed.group(0) + extra_words
            bad = write("result.txt", result_line.sub(said, body))
            check_cli(["check", bad], good=False, shown=f"check <record with {said!r}>")
    # names: one name is one person (NFC; joiners and invisible marks refused)
    for i, names in enumerate(
        [
            "Ann,Ann\u200c",
            "Ann,Ann\u200d",
            "\u00e9,e\u0301",
            "Zo\u00eb,Zoe\u0308",
            "Ann,\u200d",
            "Ann,\u200c",
            "Ann,\u2060",
            "Ann,\u00ad",
            "Ann,Ben\u200d",
            "Ann,\u200b\u200c",
        ]
    ):
        check_cli(
            ["sheet", "new", str(tmp / f"n{i}.json"), "--players", "2", "--names", names],
            good=False,
            shown=f"sheet new --names {names.encode('unicode_escape').decode()}",
        )
    assert cli(["sheet", "new", str(tmp / "g.json"), "--players", "2"])[0] == 0
    sheet_json = json.loads((tmp / "g.json").read_text())
    for pair in (["Ann", "Ann\u200c"], ["\u00e9", "e\u0301"], ["Ann", "\u200d"]):
        p = tmp / "names.json"
        p.write_text(json.dumps({**sheet_json, "names": pair}, ensure_ascii=False))
        check_cli(
            ["sheet", "show", str(p)], good=False, files=(p,), shown=f"sheet show <names {pair!a}>"
        )
    for i, (name, good, graphemes) in enumerate(
        [
            ("A\u0332n\u0332n\u0332" * 10, True, 30),  # 30 letters with marks: 60 code points
            ("a\u0332\u0333" * 25, True, 25),
            ("a\u0332" * 41, False, 41),
            ("A" * 40, True, 40),
            ("A\u0301" * 41, False, 41),
        ]
    ):
        check_cli(
            ["sheet", "new", str(tmp / f"len{i}.json"), "--players", "2", "--names", f"Ann,{name}"],
            good=good,
            extra=None if good else name_counts(graphemes),
            shown=f"sheet new --names Ann,<{graphemes} letters, {len(name)} code points>",
        )
    # Block has no drawing: "draw [1|1]" is answered with R4, not "made for you"
    for rules, tile in (("pagat", "[1|1]"), ("partnership", "[1|1]"), ("pagat", "[6|6]")):
        args = ["play", "--interactive", "--seed", "1", "--rules", rules]
        if rules == "partnership":
            args += ["--players", "4"]
        code, out, err = cli(args, io.StringIO(f"draw {tile}\nq\n"))
        shown = f"{' '.join(args)} <<< 'draw {tile}'"
        if code == -1 or INTERNAL.search(err):
            note("traceback", f"{shown} -> {err.strip()[:160]}")
        elif "made for you" in out or "R4" not in out:
            line = next((x for x in out.splitlines() if "draw" in x), out.strip()[-160:])
            note("wrong", f"{shown}: {line.strip()[-200:]}")
        else:
            note("clear", shown)


def one_policy_cases(tmp: Path) -> None:
    _rec, text = record_text(tmp)
    n = 0  # sheets made so far

    def fresh_sheet() -> str:
        nonlocal n
        n += 1
        p = tmp / f"s{n}.json"
        assert cli(["sheet", "new", str(p), "--players", "2"])[0] == 0
        return str(p)

    def write(name: str, body: str) -> str:
        (tmp / name).write_text(body, encoding="utf-8")
        return str(tmp / name)

    hand_line = re.compile(r"^(hand 1: \S+) ", re.M)
    assert hand_line.search(text)
    has_parse_tiles = api_name("parse_tiles") is not None
    has_build = api_name("Line.build") is not None
    for i, (sep, want) in enumerate(((",,", None), (",", "accept"), (", ,", None), (";;", None))):
        rec_file = write(
            f"list{i}.txt", hand_line.sub(lambda m, s=sep: m.group(1) + s, text, count=1)
        )
        runs: list[tuple[str, Callable[[], tuple[str, str]]]] = [
            ("score", lambda s=sep: cli_verdict(["score", f"1-2{s}3-4", "-"])),
            (
                "legal --hand",
                lambda s=sep: cli_verdict(["legal", "--line", "1-2", "--hand", f"2-3{s}3-4"]),
            ),
            (
                "legal --line",
                lambda s=sep: cli_verdict(["legal", "--line", f"1-2{s}2-3", "--hand", "3-4"]),
            ),
            ("solve", lambda s=sep: cli_verdict(["solve", f"1-2{s}3-4", f"2-5{s}5-6"])),
            (
                "sheet add",
                lambda s=sep: cli_verdict(["sheet", "add", fresh_sheet(), f"1-2{s}3-4", "-"]),
            ),
            ("check (record)", lambda f=rec_file: cli_verdict(["check", f])),
        ]
        if has_parse_tiles:
            runs.append(
                ("parse_tiles", lambda s=sep: api_verdict(lambda: bd.parse_tiles(f"1-2{s}3-4")))
            )
        if sep != ",":  # `line` takes one tile an argument; a list in one is the question
            runs.append(("line", lambda s=sep: cli_verdict(["line", f"1-2{s}2-3"])))
        agree(f"{sep!r} inside a list", runs, want)
    for players, want in (("0003", None), ("٣", None), ("3", "accept"), ("03", None)):
        agree(
            f"--players {players}",
            [
                ("play", lambda p=players: cli_verdict(["play", "--players", p])),
                ("match", lambda p=players: cli_verdict(["match", "--players", p])),
                (
                    "simulate",
                    lambda p=players: cli_verdict(["simulate", "--players", p, "--games", "1"]),
                ),
                (
                    "sheet new",
                    lambda p=players: cli_verdict(
                        ["sheet", "new", str(tmp / f"p{p}.json"), "--players", p]
                    ),
                ),
            ],
            want,
        )
    on_text = re.search(r"^\d+\. player \d: \[\d\|\d\] on \d$", text, re.M)
    assert on_text, "the record has a move placed 'on' an end"
    record = write("on.txt", text)
    for tiles, want in (
        (["1-4", "4-5 on 4"], "accept"),
        (["1-4", "4-5 on 1"], "refuse"),
        (["1-4", "1-5 on 1"], "accept"),
    ):
        runs = [
            ("line", lambda t=tiles: cli_verdict(["line", *t])),
            (
                "legal --line",
                lambda t=tiles: cli_verdict(["legal", "--line", ",".join(t), "--hand", "5-6"]),
            ),
        ]
        if has_build:
            runs.append(("Line.build", lambda t=tiles: api_verdict(lambda: bd.Line.build(t))))
        if want == "accept":  # a record's moves are placed "on" an end too
            runs.append(("check (record)", lambda: cli_verdict(["check", record])))
        agree(f"{tiles[1]!r} after {tiles[0]}", runs, want)


FAMILIES: tuple[Callable[[], None], ...] = (hands_cases, line_cases, option_cases, api_cases)
#: the families that work in a folder of their own (issue 33's six are the last six)
FAMILIES_TMP: tuple[Callable[[Path], None], ...] = (
    sheet_cases, corrupt_cases, record_cases, output_cases, api_strict_cases, force_cases,
    streams_cases, languages_cases, records_policy_cases, one_policy_cases,
)  # fmt: skip


def main_sweep() -> int:
    global family
    only = set(sys.argv[1:])  # family names (api_strict, force, ...): run only those
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        os.environ.pop("BLOCK_DOMINOES_LANG", None)
        for step in FAMILIES:
            family = step.__name__.removesuffix("_cases")
            if not only or family in only:
                step()
        for step_tmp in FAMILIES_TMP:
            family = step_tmp.__name__.removesuffix("_cases")
            if only and family not in only:
                continue
            sub = tmp / step_tmp.__name__
            sub.mkdir()
            step_tmp(sub)
    for p in problems:
        print(p)
    for s in skipped:
        print(f"note: {s}")
    print()
    width = max(len(f) for f in by_family)
    print(f"{'family':<{width}}  {'inputs':>6}  " + "  ".join(f"{k:>9}" for k in KINDS))
    for name, counts in by_family.items():
        print(
            f"{name:<{width}}  {sum(counts.values()):>6}  "
            + "  ".join(f"{counts[k]:>9}" for k in KINDS)
        )
    total = sum(results.values())
    print(
        f"{total} inputs: {results['clear']} handled with one clear line, "
        f"{results['traceback']} traceback, {results['wrong']} wrong answer or unclear line, "
        f"{results['overwrite']} overwrite"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main_sweep())
