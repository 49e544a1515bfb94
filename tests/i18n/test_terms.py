"""The terms table (locales/terms.csv) and the Arabic rules (locales/ar/rules.csv).

terms.csv has every game word in five languages; rules.csv has R1-R21 and E1-E11
in Arabic, quoted from Pagat's Arabic rules (``block-pagat-ar.txt:LINE``) where
they have the sentence, else translated from the digest and marked ``ours``.

Each language cell is either quoted from one of the source texts in
../shared/rules (``FILE:LINE: phrase as it appears``) or marked ``ours``. The
completeness checks run on any clone; the check that every quoted phrase really
is on the named line of the named source runs where ../shared/rules exists.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TERMS = ROOT / "locales" / "terms.csv"
RULES_AR = ROOT / "locales" / "ar" / "rules.csv"
GLOSSARY = ROOT / "book" / "reference" / "glossary.md"
SOURCES = ROOT.parent / "shared" / "rules"

COLUMNS = [
    "key",
    "en",
    "ar",
    "ar_source",
    "bg",
    "bg_source",
    "el",
    "el_source",
    "tr",
    "tr_source",
    "note",
]
LANGUAGES = ["ar", "bg", "el", "tr"]
#: the source texts (../shared/rules), by the language they are written in
SOURCE_FILES = {
    "ar": {"block-pagat-ar.txt", "baloot-scorer-ar.txt"},
    "bg": {"block-app-bg.txt"},
    "el": {"block-vs-draw-el.txt"},
    "tr": {"blocked-game-tr.txt"},
}
#: the terms issue 15 names; the glossary's headwords are added to these below
REQUIRED_EN = {
    "tile",
    "double",
    "pip",
    "blank",
    "line",
    "open end",
    "low end",
    "high end",
    "line A",
    "line B",
    "lead",
    "pass",
    "blocked",
    "domino",
    "domino (going out)",
    "boneyard",
    "out of play",
    "lot",
    "round",
    "match",
    "target",
}
#: a source cell: ``FILE:LINE: phrase``
CITATION = re.compile(r"^(?P<file>[\w.-]+\.txt):(?P<line>[1-9]\d*): (?P<phrase>\S.*)$")
# Arabic short vowels, tanwin, shadda, sukun, dagger alif; and the tatweel.
_ARABIC_MARKS = re.compile("[\u064b-\u0652\u0670\u0640]")
#: letters of each script, to catch a cell pasted into the wrong column
SCRIPT = {
    "ar": re.compile(r"[\u0600-\u06ff]"),
    "bg": re.compile(r"[\u0400-\u04ff]"),
    "el": re.compile(r"[\u0370-\u03ff]"),
    "tr": re.compile(r"[a-zçğıöşü]", re.I),
}


def normalise(text: str) -> str:
    """Compare words as readers see them: NFC, no Arabic vowel marks or tatweel.

    >>> normalise("كاملًا") == normalise("كاملا")
    True
    """
    return _ARABIC_MARKS.sub("", unicodedata.normalize("NFC", text))


def read_terms() -> list[dict[str, str]]:
    with TERMS.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == COLUMNS, reader.fieldnames
        return list(reader)


def glossary_headwords() -> set[str]:
    """The terms defined in the book's glossary (unindented lines of its glossary block)."""
    text = GLOSSARY.read_text(encoding="utf-8")
    block = text.split(":::{glossary}", 1)[1].split(":::", 1)[0]
    return {line.strip() for line in block.splitlines() if line.strip() and line[0] != " "}


def test_every_row_is_complete() -> None:
    rows = read_terms()
    assert len(rows) >= len(REQUIRED_EN)
    keys = [row["key"] for row in rows]
    assert len(keys) == len(set(keys)), "duplicate keys"
    for row in rows:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", row["key"]), row["key"]
        for column in COLUMNS[:-1]:  # the note may be empty
            assert row[column].strip() == row[column] != "", (row["key"], column)
        for lang in LANGUAGES:
            assert SCRIPT[lang].search(row[lang]), (row["key"], lang, row[lang])
            source = row[f"{lang}_source"]
            if source == "ours":
                continue
            match = CITATION.match(source)
            assert match, (row["key"], lang, source)
            assert match["file"] in SOURCE_FILES[lang], (row["key"], lang, match["file"])


def test_the_required_terms_and_every_glossary_word_are_there() -> None:
    english = {row["en"] for row in read_terms()}
    headwords = glossary_headwords()
    assert len(headwords) > 20  # the parser found the glossary
    assert REQUIRED_EN - english == set()
    assert headwords - english == set()


def test_ours_is_said_in_the_note_where_a_source_has_no_word() -> None:
    """Every source language has at least some words taken from its own text."""
    rows = read_terms()
    for lang in LANGUAGES:
        quoted = sum(row[f"{lang}_source"] != "ours" for row in rows)
        assert quoted >= 10, (lang, quoted)


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source texts (../shared/rules) are not here")
def test_every_quoted_phrase_is_on_its_line_in_its_source() -> None:
    lines_of: dict[str, list[str]] = {}
    checked = 0
    for row in read_terms():
        for lang in LANGUAGES:
            match = CITATION.match(row[f"{lang}_source"])
            if not match:
                continue
            name = match["file"]
            if name not in lines_of:
                text = (SOURCES / name).read_text(encoding="utf-8")
                lines_of[name] = [normalise(line) for line in text.splitlines()]
            lines = lines_of[name]
            number = int(match["line"])
            assert number <= len(lines), (row["key"], lang, name, number)
            assert normalise(match["phrase"]) in lines[number - 1], (
                row["key"],
                lang,
                f"{name}:{number}",
                match["phrase"],
            )
            checked += 1
    assert checked >= 40


RULE_IDS = [f"R{n}" for n in range(1, 22)] + [f"E{n}" for n in range(1, 12)]
PAGAT = "block-pagat-ar.txt"
RULE_SOURCE = re.compile(rf"^{re.escape(PAGAT)}:(?P<line>[1-9]\d*)$")


def read_rules() -> list[dict[str, str]]:
    with RULES_AR.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == ["id", "part", "en", "ar", "ar_source", "note"]
        return list(reader)


def test_every_rule_and_example_has_an_arabic_sentence() -> None:
    rows = read_rules()
    assert sorted({row["id"] for row in rows}, key=RULE_IDS.index) == RULE_IDS
    parts = [(row["id"], row["part"]) for row in rows]
    assert len(parts) == len(set(parts)), "a part is listed twice"
    for row in rows:
        assert row["en"] and SCRIPT["ar"].search(row["ar"]), row
        assert row["ar_source"] == "ours" or RULE_SOURCE.match(row["ar_source"]), row
        if row["ar_source"] == "ours":
            assert row["note"], ("say why a translated part is not quoted", row["id"])
    # Pagat's Arabic has every rule except the digest's additions, so most are quotes.
    quoted = {row["id"] for row in rows if row["ar_source"] != "ours"}
    assert quoted == set(RULE_IDS)


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source texts (../shared/rules) are not here")
def test_every_quoted_rule_is_on_its_line_in_pagat() -> None:
    text = (SOURCES / PAGAT).read_text(encoding="utf-8")
    lines = [normalise(line) for line in text.splitlines()]
    for row in read_rules():
        match = RULE_SOURCE.match(row["ar_source"])
        if match:
            line = lines[int(match["line"]) - 1]
            assert normalise(row["ar"]) in line, (row["id"], row["part"], row["ar_source"])


# -- the other editions' rules and proposed terms (issue 24) ---------------------------

SOURCE_OF = {"bg": "block-app-bg.txt", "el": "block-vs-draw-el.txt", "tr": "blocked-game-tr.txt"}


@pytest.mark.parametrize("lang", sorted(SOURCE_OF))
def test_each_editions_rules_follow_the_arabic_rows_and_name_their_source(lang: str) -> None:
    """``locales/<lang>/rules.csv``: the rows of Arabic's (same id, part and English), each
    sentence in the language, quoted from its source with a line (or ``ours``, said why)."""
    with (ROOT / "locales" / lang / "rules.csv").open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames == ["id", "part", "en", lang, f"{lang}_source", "note"]
        rows = list(reader)
    assert [(r["id"], r["part"], r["en"]) for r in rows] == [
        (r["id"], r["part"], r["en"]) for r in read_rules()
    ]
    cite = re.compile(rf"^{re.escape(SOURCE_OF[lang])}:(?P<line>[1-9]\d*)$")
    for row in rows:
        assert SCRIPT[lang].search(row[lang]), row
        assert row[f"{lang}_source"] == "ours" or cite.match(row[f"{lang}_source"]), row
        if row[f"{lang}_source"] == "ours":
            assert row["note"], ("say why a part is not quoted", row["id"])
    if SOURCES.is_dir():
        lines = [normalise(x) for x in (SOURCES / SOURCE_OF[lang]).read_text().splitlines()]
        for row in rows:
            found = cite.match(row[f"{lang}_source"])
            if found:
                assert normalise(row[lang]) in lines[int(found["line"]) - 1], row["id"]


@pytest.mark.parametrize("lang", sorted(SOURCE_OF))
def test_each_editions_proposed_terms_are_quoted_or_ours(lang: str) -> None:
    """``locales/<lang>/terms-proposed.csv``: the words terms.csv lacks, each quoted from
    a source on its line, as terms.csv's are, or ``ours``."""
    with (ROOT / "locales" / lang / "terms-proposed.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows
    for row in rows:
        source = row[f"{lang}_source"].strip()
        assert row[lang] and (source == "ours" or CITATION.match(source)), row
        found = CITATION.match(source)
        if found and SOURCES.is_dir():
            text = (SOURCES / found["file"]).read_text(encoding="utf-8").splitlines()
            assert normalise(found["phrase"]) in normalise(text[int(found["line"]) - 1]), row
