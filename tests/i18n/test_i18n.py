"""The engine speaks Arabic (issue 15): catalogs complete, examples in Pagat's words,
the CLI's ``--lang``, the widgets' ``lang=``, tile notation isolated, English untouched,
and the compiled catalog inside the wheel."""

from __future__ import annotations

import csv
import gettext
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rules_examples import LINES
from support import run_cli

from block_dominoes import i18n
from block_dominoes.i18n import FSI, PDI, language, strip_isolates
from block_dominoes.languages import LANGUAGES
from block_dominoes.line import Line
from block_dominoes.scoring import score_totals

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "src" / "block_dominoes" / "locale" / "ar" / "LC_MESSAGES" / "block_dominoes.po"
RULES_AR = ROOT / "locales" / "ar" / "rules.csv"
EXAMPLES = ROOT / "tests" / "data" / "examples.txt"
EXAMPLES_AR = ROOT / "tests" / "data" / "examples_ar.txt"
EXAMPLE_LINE = re.compile(r"^- (E\d+) (.+)$", flags=re.M)
FIELD = re.compile(r"\{(\w*)[^{}]*\}")
TILE = re.compile(r"\[\d+\|\d+\]")

# E8-E11: (totals, the seat that went out or None)
ROUNDS = {
    "E8": ([0, 0, 8], 1),
    "E9": ([0, 5, 5], 1),
    "E10": ([3, 7, 8], None),
    "E11": ([3, 3, 8], None),
}


def catalog():  # type: ignore[no-untyped-def]
    with PO.open("rb") as f:
        return read_po(f, locale="ar")


def pagat_ar() -> dict[tuple[str, str], str]:
    with RULES_AR.open(encoding="utf-8") as f:
        return {(r["id"], r["part"]): r["ar"] for r in csv.DictReader(f)}


def arabic_punctuation(text: str) -> str:
    """Pagat's Arabic joins ports with a Latin comma and semicolon (TRANSLATORS.md,
    difference 8); the engine writes the Arabic ones (issue 22), so a quote is compared
    with its punctuation made Arabic, its words untouched."""
    return text.replace(", ", "، ").replace("; ", "؛ ")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


# -- the catalog ----------------------------------------------------------------------------


def test_catalog_is_complete_with_no_fuzzy_entry() -> None:
    cat = catalog()
    messages = [m for m in cat if m.id]
    assert len(messages) > 150
    untranslated = [m.id for m in messages if not m.string or not all(m.string)]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert untranslated == []
    assert fuzzy == []
    assert cat.num_plurals == 6, "Arabic has six plural forms"


def test_every_translation_keeps_the_placeholders_of_its_msgid() -> None:
    bad = []
    for m in catalog():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set().union(*(fields(x) for x in ids))
        for i, s in enumerate(forms):
            # Arabic writes one and two with the noun alone ("قطعة واحدة", "قطعتان"),
            # so forms 1 and 2 of a plural may leave out the one count they agree with.
            drop = want - fields(s)
            if len(forms) == 6 and i in (1, 2) and len(drop) == 1 and fields(s) <= want:
                continue
            if fields(s) != want:
                bad.append((ids[0], s))
    assert bad == []


def test_translations_use_western_digits_and_keep_rule_ids_latin() -> None:
    for m in catalog():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in forms:
            assert not re.search("[\u0660-\u0669\u06f0-\u06f9]", s), s
            assert re.findall(r"\b[RVE]\d+\b", s) == re.findall(r"\b[RVE]\d+\b", ids[0]), s


def test_the_catalog_holds_every_message_in_the_sources(tmp_path: Path) -> None:
    """A sentence wrapped in _() but not yet in the .po would stay English: re-extract and compare."""
    pot = tmp_path / "fresh.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "N_", "-k", "pgettext:1c,2", "-o", str(pot), "."],
        cwd=ROOT, check=True, capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tools")},  # babel.cfg's MyST extractor
    )  # fmt: skip
    with pot.open("rb") as f:
        fresh = {(m.context, m.id) for m in read_po(f) if m.id}
    have = {(m.context, m.id) for m in catalog() if m.id}
    assert fresh - have == set(), "run tools/update_catalogs.sh and translate the new entries"
    assert have - fresh == set(), "obsolete entries: run tools/update_catalogs.sh"


# -- the worked examples in Arabic ---------------------------------------------------------------


@pytest.mark.parametrize("eid", sorted(LINES, key=lambda e: int(e[1:])))
def test_open_end_sentences_are_pagats_in_arabic_and_the_digests_in_english(eid: str) -> None:
    line = Line.build(LINES[eid])
    # English twin: the digest's "Open: ..." (examples.txt) is in the description.
    english = dict(EXAMPLE_LINE.findall(EXAMPLES.read_text(encoding="utf-8")))[eid]
    open_en = re.search(r"Open: ([^;.(]+)", english)
    assert open_en is not None
    assert f"Open: {open_en.group(1).strip()}" in line.describe()
    # Arabic: Pagat's own sentence (rules.csv, part 2), word for word, marks stripped.
    with language("ar"):
        arabic = line.describe()
    pagat = arabic_punctuation(pagat_ar()[(eid, "2")].rstrip("."))
    assert pagat in strip_isolates(arabic), (pagat, arabic)
    assert not re.search("[,;]", strip_isolates(arabic)), arabic  # issue 22: ، and ؛ only
    assert "مواضع التوصيل القانونية" in arabic


@pytest.mark.parametrize("eid", sorted(ROUNDS, key=lambda e: int(e[1:])))
def test_scoring_examples_in_arabic(eid: str) -> None:
    totals, went_out = ROUNDS[eid]
    english = score_totals("pagat", totals, went_out)
    with language("ar"):
        arabic = score_totals("pagat", totals, went_out)
    expected = dict(EXAMPLE_LINE.findall(EXAMPLES_AR.read_text(encoding="utf-8")))[eid]
    assert strip_isolates(arabic.explanation) == expected
    # Same result in both languages, and the number the digest and Pagat state.
    assert (arabic.points, arabic.winner) == (english.points, english.winner)
    stated = dict(EXAMPLE_LINE.findall(EXAMPLES.read_text(encoding="utf-8")))[eid]
    if english.winner is None:
        assert "nobody scores" in stated and "لا يحصل أحد" in arabic.explanation
    else:
        assert stated.rstrip(".").endswith(str(english.points))
        said = strip_isolates(arabic.explanation)
        assert re.search(rf"على (?:[\d +\u2212]+ = )?{english.points} ", said), said
    assert arabic.explanation.endswith(english.explanation[-5:])  # the rule id, e.g. (R16)


def test_e10_arithmetic_reads_as_pagat_writes_it_and_is_isolated() -> None:
    with language("ar"):
        text = score_totals("pagat", [3, 7, 8]).explanation
    # isolated, and no line can end inside it (no-break spaces, issue 22)
    assert f"{FSI}7\xa0+\xa08\xa0\u2212\xa03\xa0=\xa012{PDI}" in text
    pagat = pagat_ar()[("E10", "1")]
    assert "7 + 8 − 3 = 12 نقطة" in pagat and "7 + 8 − 3 = 12 نقطة" in strip_isolates(text)
    assert "7 + 8 - 3 = 12" in score_totals("pagat", [3, 7, 8]).explanation  # English as before


# -- the command line -------------------------------------------------------------------------


def test_cli_score_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(capsys, "--lang", "ar", "score", "3", "7", "8")
    expected = dict(EXAMPLE_LINE.findall(EXAMPLES_AR.read_text(encoding="utf-8")))["E10"]
    assert (rc, err) == (0, "")
    assert strip_isolates(out) == f"{expected}\nالمجاميع: 3 و7 و8\n"
    rc, out_en, _ = run_cli(capsys, "score", "3", "7", "8")
    assert out_en == (
        "blocked: totals 3, 7, 8; player 1 has the sole lowest total and scores "
        "7 + 8 - 3 = 12 (R16)\ntotals: 3, 7, 8\n"
    )


def test_cli_line_in_arabic_is_pagats_e2(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(capsys, "--lang", "ar", "line", "1-4", "1-1")
    assert (rc, err) == (0, "")
    assert strip_isolates(out) == (
        "القطع: [1|4] و[1|1]. " + arabic_punctuation(pagat_ar()[("E2", "2")]) + "\n"
    )
    # JSON stays data: English port names, plain tiles.
    rc, out, _ = run_cli(capsys, "--lang", "ar", "line", "1-4", "1-1", "--json")
    assert '"port": "low end"' in out and FSI not in out


def test_cli_refusal_in_arabic_keeps_the_rule_id(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(capsys, "--lang", "ar", "line", "1-4", "5-6")
    assert (rc, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("block-dominoes: خطأ: القطعة 2 (")
    assert "'5-6'" in err and "(R7)" in err and "نقلة غير مسموحة" in err
    rc, out, err = run_cli(capsys, "--lang", "ar", "legal", "--line", "1-4", "--hand", "2-3")
    assert rc == 0 and out.startswith("يجب تمرير الدور") and "(R9)" in out


def test_cli_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(capsys, "--lang", "xx", "score", "3", "7", "8")
    assert (rc, out) == (2, "")
    assert (
        err
        == "block-dominoes: error: unknown language 'xx': the engine speaks en, ar, bg, el, tr\n"
    )


def test_environment_variable_chooses_the_default_language() -> None:
    env = {**os.environ, "BLOCK_DOMINOES_LANG": "ar", "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "block_dominoes.cli", "score", "3", "3", "8"],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert done.stdout.startswith("جولة مغلقة: المجاميع 3 و3 و8") and "(R17)" in done.stdout
    env["BLOCK_DOMINOES_LANG"] = "ar"
    done = subprocess.run(
        [sys.executable, "-m", "block_dominoes.cli", "--lang", "en", "score", "3", "3", "8"],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert done.stdout.startswith("blocked: totals 3, 3, 8"), "--lang wins over the variable"


# -- bidi isolation and English untouched -------------------------------------------------------


def test_every_tile_in_arabic_output_is_isolated_and_english_has_no_marks() -> None:
    line = Line.build(LINES["E6"])
    with language("ar"):
        arabic = line.describe()
    assert TILE.findall(arabic)
    for m in TILE.finditer(arabic):
        assert arabic[m.start() - 1] == FSI and arabic[m.end()] == PDI, arabic
    english = line.describe()
    assert FSI not in english and PDI not in english
    assert str(line) == "[1|1] [1|4] [4|4] [3|4]"  # notation is never translated
    assert i18n.get_language() == "en"


def test_language_is_restored_after_an_error() -> None:
    with pytest.raises(ValueError), language("ar"):
        Line.build(["1-4", "5-6"])
    assert i18n.get_language() == "en"
    with pytest.raises(i18n.UnknownLanguageError, match="'xx'"):
        i18n.set_language("xx")


# -- widgets -------------------------------------------------------------------------------------


def test_quiz_builders_speak_arabic_with_lang() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import where_can_it_go, who_scores

    q = where_can_it_go(["1-4", "1-1"], "1-3", lang="ar")
    assert q.as_text().startswith(f"أين يمكن وضع {FSI}[1|3]{PDI}؟")
    assert q.answer_text().startswith("الجواب: أ. ")  # choices lettered أ، ب، ج in Arabic
    assert "(R7)" in q.answer_text()
    panel = q.question.feedback_html(1)
    assert "ليس بالضبط." in panel and "#r7" in panel
    q = who_scores([3, 7, 8], lang="ar")
    assert "7 + 8 \u2212 3 = 12" in strip_isolates(q.answer_text())
    # The English default is untouched by the Arabic call.
    assert where_can_it_go(["1-4", "1-1"], "1-3").as_text().startswith("Where can [1|3] go?")


def test_scorer_widget_keeps_its_language_when_a_reader_types() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import round_scorer

    wid = round_scorer(["3", "7", "8"], lang="ar")
    assert wid.text.startswith("جولة مغلقة")
    wid.boxes[0].value = "-"  # a callback, run after the builder returned
    assert wid.text.startswith("دومينو"), wid.text
    wid.boxes[0].value = "x"
    assert "تعذرت قراءة" in wid.text and "(R2)" in wid.text
    assert round_scorer(["3", "7", "8"]).text.startswith("blocked")


# -- compiled catalogs ------------------------------------------------------------------------------


def test_a_missing_mo_is_compiled_from_the_po_at_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ar" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(PO, folder / PO.name)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._translations.cache_clear()
    try:
        with language("ar"):
            assert i18n._("low end") == "طرف القيمة الصغرى"
        assert not (folder / "block_dominoes.mo").exists()
    finally:
        i18n._translations.cache_clear()


def test_the_wheel_contains_the_compiled_catalog(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name if src.exists() else _mk(src) / name)
    shutil.copytree(
        ROOT / "src",
        src / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.egg-info"),
    )
    out = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         str(src), "-w", str(out)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = out.glob("block_dominoes-*.whl")
    mo_name = "block_dominoes/locale/ar/LC_MESSAGES/block_dominoes.mo"
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert mo_name in names
        assert "block_dominoes/locale/ar/LC_MESSAGES/block_dominoes.po" in names
        (tmp_path / "x.mo").write_bytes(z.read(mo_name))
    with (tmp_path / "x.mo").open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.gettext("high end") == "طرف القيمة الكبرى"
    assert t.ngettext("{n} pip", "{n} pips", 12) == "{n} نقطة"
    assert t.ngettext("{n} pip", "{n} pips", 8) == "{n} نقاط"


def _mk(path: Path) -> Path:
    path.mkdir(parents=True)
    return path


def test_checker_verdict_in_arabic_names_the_move_and_rule() -> None:
    from block_dominoes.records import check_record, parse_record

    rec = parse_record(
        "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n2: pass"
    )
    with language("ar"):
        verdict = check_record(rec)
        text = verdict.describe()
    assert verdict.first_error is not None and verdict.first_error.rule == "R9"
    first, second = text.split("\n")
    assert first == "غير صحيح: النقلة 2 (السطر 4 من السجل) تخالف R9"
    assert strip_isolates(second) == (
        "مرر اللاعب 2 دوره، لكنه كان يستطيع وضع [4|6] على الطرف ذي القيمة 4: "
        "من استطاع وضع قطعة وجب عليه ذلك (R9)"
    )
    assert (
        check_record(rec).describe().startswith("invalid: move 2 (line 4 of the record) breaks R9")
    )


def test_explorer_widget_answers_in_arabic_after_a_change() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import attachment_explorer

    wid = attachment_explorer("1-4 1-1", "1-3", lang="ar")
    assert strip_isolates(wid.text) == (
        "[1|3] على الطرف ذي القيمة 1\n[1|3] تناسب [1|1] (الخط B، 1)."
    )
    wid.tile_text.value = "5-6"
    assert "نقلة غير مسموحة" in wid.text and "(R7)" in wid.text
    assert attachment_explorer("1-4 1-1", "1-3").text.startswith("[1|3] on the 1")


def test_set_language_is_the_default_and_a_block_overrides_it() -> None:
    try:
        assert i18n.set_language("ar") == "ar"
        assert Line.build(["1-4"]).describe().startswith("القطع: ")
        with language("en"):
            assert Line.build(["1-4"]).describe().startswith("Tiles: [1|4].")
    finally:
        i18n.set_language(None)
    assert Line.build(["1-4"]).describe().startswith("Tiles: [1|4].")


def test_myst_extractor_reads_code_cells_only_with_their_md_line_numbers() -> None:
    """babel.cfg's extractor for chapters: _() in code cells, never in prose or options."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from babel_myst import extract
    finally:
        sys.path.remove(str(ROOT / "tools"))
    text = (
        "# A chapter\n"  # 1
        "\n"
        'Prose that says _("not this").\n'  # 3
        "\n"
        "```{code-cell} ipython3\n"  # 5
        ":tags: [remove-input]\n"  # 6
        "\n"
        'question(_("Where can {tile} go?").format(tile=t))\n'  # 8
        "```\n"
        "\n"
        "```{code-cell} ipython3\n"  # 11
        'print(ngettext("{n} tile", "{n} tiles", n))\n'  # 12
        "```\n"
    )
    keywords = {"_": None, "ngettext": (1, 2)}
    found = [
        (line, msg) for line, _f, msg, _c in extract(io.BytesIO(text.encode()), keywords, [], {})
    ]
    assert found == [(8, "Where can {tile} go?"), (12, ("{n} tile", "{n} tiles", None))]


def test_a_position_and_its_moves_read_in_arabic_and_stay_notation_in_english() -> None:
    """describe() and describe_move() are str() in English, and Arabic with isolated
    tiles in Arabic; str() itself (the notation the parser reads) never changes."""
    from block_dominoes import Pass, RoundState, describe_move

    state = RoundState.new("pagat", ["1-4,1-6", "4-6,2-3"], starter=1).play("1-4")
    moves = [*state.legal_moves(), Pass()]
    assert state.describe() == str(state)
    assert [describe_move(m) for m in moves] == [str(m) for m in moves]
    with language("ar"):
        text = " ".join([state.describe(), *(describe_move(m) for m in moves)])
        assert str(state).startswith("line: ") and str(moves[-1]) == "pass"
    assert re.findall(r"[A-Za-z]{2,}", text) == []
    assert text.count(FSI) == len(TILE.findall(text)) == text.count(PDI)


def _literal_calls_in_fstrings(source: str) -> list[int]:
    """Lines where _(), ngettext() or pgettext() gets a string literal inside an f-string."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id in {"_", "N_", "ngettext", "pgettext"}
                and any(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args
                )
            ):
                found.append(inner.lineno)
    return found


def test_no_translated_literal_hides_inside_an_f_string() -> None:
    """Babel reads an f-string as one string, so a _("...") inside its braces is never
    extracted and silently stays English: every such sentence is computed outside."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from babel_myst import code_cells
    finally:
        sys.path.remove(str(ROOT / "tools"))
    hidden = []
    for path in [*sorted((ROOT / "src").rglob("*.py")), ROOT / "tools" / "print_handouts.py"]:
        hidden += [
            f"{path.relative_to(ROOT)}:{n}" for n in _literal_calls_in_fstrings(path.read_text())
        ]
    for md in sorted(
        [*ROOT.glob("book/**/*.md"), *ROOT.glob("live/*.md"), *ROOT.glob("apps/*.md")]
    ):
        for first, source in code_cells(md.read_text(encoding="utf-8")):
            try:
                lines = _literal_calls_in_fstrings(source)
            except SyntaxError:  # IPython magics: not Python, nothing to extract
                continue
            hidden += [f"{md.relative_to(ROOT)}:{first + n - 1}" for n in lines]
    assert hidden == []
    assert _literal_calls_in_fstrings("x = f\"<th>{esc(_('player'))}</th>\"") == [1]


# -- issue 22: the Arabic edition's last faults ---------------------------------------------

ARABIC_LETTER = re.compile("[\u0600-\u06ff]")


def test_the_checkers_sample_record_speaks_the_widgets_language() -> None:
    """The record checker's starting record: its comment and its explanation are words a
    reader reads, so they are Arabic in Arabic; every other line stays notation."""
    pytest.importorskip("ipywidgets")
    from block_dominoes.records import parse_record
    from block_dominoes.widgets import record_checker
    from block_dominoes.widgets.checker import EXAMPLE, example_record

    assert example_record() == EXAMPLE  # English: byte for byte the constant
    with language("ar"):
        arabic = example_record()
    en_lines, ar_lines = EXAMPLE.splitlines(), arabic.splitlines()
    assert len(en_lines) == len(ar_lines)
    for en, ar in zip(en_lines, ar_lines, strict=True):
        if en.startswith(("#", "explanation:")):
            words = ar.split(":", 1)[-1] if en.startswith("explanation:") else ar
            words = re.sub(r"block-dominoes play --players 3 --seed 4|\(R\d+\)", "", words)
            assert ARABIC_LETTER.search(ar) and not re.search("[A-Za-z]{2,}", words), ar
        else:
            assert ar == en  # notation: read back by the parser, never translated
    assert "لدى اللاعبين 2 و3" in arabic  # the engine's own sentence for that round
    assert parse_record(arabic).moves == parse_record(EXAMPLE).moves
    wdg = record_checker(lang="ar")
    assert wdg.children[1].value == arabic and "went out" not in wdg.children[1].value
    assert record_checker().children[1].value == EXAMPLE


def test_an_arabic_list_puts_wa_before_every_item_after_the_first() -> None:
    """Arabic writes "1 و3 و4" (and "2 أو 3 أو 4"), never "1، 3 و4"; English keeps
    "1, 3 and 4"."""
    from block_dominoes.errors import InvalidPositionError
    from block_dominoes.players.strategies import names_words
    from block_dominoes.rules import find_rules
    from block_dominoes.sheet import check_claim

    def refusal() -> str:
        with pytest.raises(InvalidPositionError) as err:
            find_rules("pagat").check_players(5)
        return str(err.value)

    assert names_words([1, 3, 4]) == "players 1, 3 and 4"
    assert "players 2, 3 and 4 hold" in score_totals("pagat", [0, 1, 2, 3], 1).explanation
    assert "played by 2, 3 or 4 players" in refusal()
    with language("ar"):
        assert names_words([1, 3, 4]) == "اللاعبون 1 و3 و4"
        domino = strip_isolates(score_totals("pagat", [0, 1, 2, 3], 1).explanation)
        blocked = strip_isolates(score_totals("pagat", [3, 7, 8]).explanation)
        claim = check_claim("pagat", 4, 1, 18)[0].text
        said = refusal()
        line = strip_isolates(Line.build(["1-4", "1-1", "1-3"]).describe())
    assert "لدى اللاعبين 2 و3 و4: 1 + 2 + 3 = 6 نقاط" in domino
    assert "المجاميع 3 و7 و8؛" in blocked
    assert "بين اللاعبين 2 و3 و4" in claim
    assert "يلعبها 2 أو 3 أو 4 لاعبين" in said
    assert line.startswith("القطع: [1|4] و[1|1] و[1|3]. ")
    for text in (domino, blocked, claim, said, line):
        assert not re.search(r"\d، \d+ [وأ]", text), text  # the fault: "1، 3 و4"


NOTATION_LIST = re.compile(r"[\w\[\]|-]*\d[\w\[\]|-]*(?:,[\w\[\]|-]*\d[\w\[\]|-]*)+")


def _arabic_engine_sentences() -> list[str]:
    """A sample of what the engine writes in Arabic: every worked example's line, the
    scoring examples, a partnership block, claims, and a refusal."""
    from block_dominoes.sheet import check_claim

    with language("ar"):
        out = [Line.build(LINES[e]).describe() for e in sorted(LINES)]
        out += [score_totals("pagat", t, w).explanation for t, w in ROUNDS.values()]
        out += [score_totals("partnership", t).explanation for t in ([3, 6, 6, 9], [4, 6, 5, 3])]
        out += [score_totals("pagat", [0, 1, 2, 3], 1).explanation]
        out += [i.text for p in (2, 18) for i in check_claim("pagat", 3, 1, p)]
    return [strip_isolates(s) for s in out]


def test_arabic_engine_text_uses_the_arabic_comma_and_semicolon() -> None:
    """Issue 22: ، and ؛ inside Arabic sentences, in the catalog and in what the code
    joins; notation, JSON and command lines are left alone (none occurs here)."""
    bad = [s for s in _arabic_engine_sentences() if re.search("[,;]", s)]
    assert bad == []
    # the catalog: a separator or a message the code builds Arabic text with
    latin = []
    for m in catalog():
        if not m.id:
            continue
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            prose = re.sub(r"'[^']*'|`[^`]*`|\{[^{}]*\}|&#?\w+;|<[^>]*>", "", s)
            prose = NOTATION_LIST.sub("", prose)  # a hand typed as 1-4,0-0 is notation
            if re.search("[,;]", prose) and (
                ARABIC_LETTER.search(s) or "{" in s or not s.strip(",; ")
            ):
                latin.append((m.context, m.id if isinstance(m.id, str) else m.id[0], s))
    assert latin == []


PREPOSITION_THEN_NOMINATIVE = re.compile(
    r"(?<![\u0600-\u06ff])(?:لدى|من|إلى|على|عند|مع|بين)\s+(?:ال)?[\u0600-\u06ff]+ون(?![\u0600-\u06ff])"
)


def test_a_noun_after_a_preposition_takes_the_genitive() -> None:
    """ "لدى اللاعبين", never "لدى اللاعبون": in the catalog's sentences and in what the
    engine puts together (a claim's players come after لدى or بين)."""
    assert PREPOSITION_THEN_NOMINATIVE.search("وبقي لدى اللاعبون 2 و3")  # the check bites
    texts = [
        s
        for m in catalog()
        if m.id
        for s in (m.string if isinstance(m.string, tuple) else (m.string,))
    ]
    texts += _arabic_engine_sentences()
    assert [t for t in texts if PREPOSITION_THEN_NOMINATIVE.search(t)] == []


def test_the_scorer_isolates_its_sum_as_html() -> None:
    """The scorer's answer is HTML we write: the blocked round's sum is a ``bdi``
    (TRANSLATORS.md) kept on one line; broken after its "=" at 400 px it read
    "= 3 − 8 + 7" / "12" right to left (issue 22)."""
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets.common import escape_isolated
    from block_dominoes.widgets.scorer import RoundScorer

    with language("ar"):
        scorer = RoundScorer(("3", "7", "8"))
    kept = '<bdi style="white-space: nowrap">7\xa0+\xa08\xa0\u2212\xa03\xa0=\xa012</bdi> نقطة'
    assert kept in scorer.answer.value
    assert FSI not in scorer.answer.value and PDI not in scorer.answer.value
    assert "7 + 8 - 3 = 12" in RoundScorer(("3", "7", "8")).answer.value  # English as before
    assert escape_isolated("a < b") == "a &lt; b"
    assert escape_isolated(f"\u2066{FSI}[1|4]{PDI} &{PDI} {FSI}x") == (
        '<bdi dir="ltr" style="white-space: nowrap"><bdi style="white-space: nowrap">'
        '[1|4]</bdi> &amp;</bdi> <bdi style="white-space: nowrap">x</bdi>'
    )
    long = "x" * 40
    assert escape_isolated(f"{FSI}{long}{PDI}") == f"<bdi>{long}</bdi>"  # may wrap


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_range_in_an_error_groups_digits_as_the_language_does(lang: str) -> None:
    """'1,000' is one thousand in English but one in Greek: a number in a refusal is
    grouped as the language groups digits (4.294.967.295 in Greek, Turkish)."""
    from block_dominoes.errors import BlockDominoesError
    from block_dominoes.i18n import number
    from block_dominoes.inputs import whole_number

    with language(lang), pytest.raises(BlockDominoesError) as e:
        whole_number(-1, "seed", high=2**32 - 1)
    assert number(2**32 - 1, group=True, lang=lang) in str(e.value)
    if LANGUAGES[lang].group != ",":
        assert "4,294" not in str(e.value)
