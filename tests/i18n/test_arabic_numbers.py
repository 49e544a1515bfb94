"""Numbers and counted nouns as an Arabic teacher writes them (issue 22).

The rule: one and two are written with the noun alone, no numeral ("قطعة واحدة",
"قطعتان", not "1 قطعة" or "2 قطعتان"); 3 to 10 take the plural ("8 نقاط", not
"8 نقطة"); 11 and up take the singular ("12 نقطة", not "12 نقاط").

Checked on every sentence the engine can print in Arabic (each plural form of its
catalog rendered with a count that selects it, and every other entry as written),
on the book's Arabic catalogs, and on the built Arabic pages with their widget state.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from browser_support import ROOT, SiteBuild, toc_docnames

ENGINE_PO = ROOT / "src" / "block_dominoes" / "locale" / "ar" / "LC_MESSAGES" / "block_dominoes.po"
BOOK_PO = ROOT / "locales" / "ar" / "LC_MESSAGES" / "book"
ISOLATES = re.compile("[\u2066-\u2069\u200e\u200f]")
# The nouns the book counts: singular, dual (both cases) and plural.
NOUNS = {
    "قطعة": ("قطعتان", "قطعتين", "قطع"),
    "نقطة": ("نقطتان", "نقطتين", "نقاط"),
    "لاعب": ("لاعبان", "لاعبَين", "لاعبين"),
    "جولة": ("جولتان", "جولتين", "جولات"),
    "نقلة": ("نقلتان", "نقلتين", "نقلات"),
    "مباراة": ("مباراتان", "مباراتين", "مباريات"),
    "طرف": ("طرفان", "طرفين", "أطراف"),
    "يد": ("يدان", "يدين", "أيد"),
    "مرة": ("مرتان", "مرتين", "مرات"),
    "توزيعة": ("توزيعتان", "توزيعتين", "توزيعات"),
}
SINGULAR = "|".join(NOUNS)
DUAL = "|".join(d for forms in NOUNS.values() for d in forms[:2])
PLURAL = "|".join(forms[2] for forms in NOUNS.values() if forms[2] != "لاعبين")
#: words a numeral names rather than counts: "player 3", "seat 1", "round 2"
LABELS = {"اللاعب", "للاعب", "المقعد", "الجولة", "التوزيع", "التوزيعة", "رقم", "المباراة"}
_END = r"(?![\u0621-\u064a\u064b-\u0652])"
_START = r"(?<![\dA-Za-z.,/:|\-+×])"
RULES = (
    (re.compile(rf"{_START}\d+\s+(?:{DUAL}){_END}"), "a numeral before a dual"),
    (re.compile(rf"{_START}1\s+(?:{SINGULAR}){_END}"), '"1" before a singular'),
    (
        re.compile(rf"{_START}(?:[3-9]|10)\s+(?:{SINGULAR}){_END}(?!\s*(?:واحد|واحدة))"),
        "3 to 10 with a singular, not the plural",
    ),
    (re.compile(rf"{_START}(?:1[1-9]|[2-9]\d)\s+(?:{PLURAL}){_END}"), "11 and up with a plural"),
)


def counted_noun_problems(text: str) -> list[str]:
    """Each numeral-and-noun pair in ``text`` that breaks the rule, with the rule.

    >>> for problem in counted_noun_problems("بقي 2 قطعتان و1 قطعة و8 نقطة و12 نقاط"):
    ...     print(problem)
    "2 قطعتان": a numeral before a dual
    "1 قطعة": "1" before a singular
    "8 نقطة": 3 to 10 with a singular, not the plural
    "12 نقاط": 11 and up with a plural
    >>> counted_noun_problems("بقيت قطعتان وقطعة واحدة و8 نقاط و12 نقطة و100 نقطة، [3|6] 1 و3")
    []
    >>> counted_noun_problems("لدى اللاعب 3 قطعة تناسب")  # a seat's number, not a count
    []
    """
    text = ISOLATES.sub("", text)
    found = []
    for pattern, rule in RULES:
        for m in pattern.finditer(text):
            before = text[: m.start()].split()
            if before and before[-1].strip("(«") in LABELS:
                continue  # "اللاعب 3": a seat's number, not a count
            found.append((m.start(), f'"{m.group(0)}": {rule}'))
    return [problem for _, problem in sorted(found)]


#: the placeholders that hold the count a plural agrees with; any other is filled
#: with a word, so it never stands as a numeral before a noun
COUNTS = {"n", "k", "hand", "used", "games", "pips", "seats"}


def _fill(form: str, count: int) -> str:
    """A catalog form with its placeholders filled: the count's with ``count``."""

    def value(m: re.Match[str]) -> str:
        return str(count) if m.group(1) in COUNTS else "س"

    return re.sub(r"\{(\w+)[^}]*\}", value, form).replace("%s", str(count))


# n for each of Arabic's six plural forms: 0, 1, 2, 3-10, 11-99, 100+
FORM_COUNTS = (0, 1, 2, 7, 12, 100)


def engine_sentences() -> list[tuple[str, str]]:
    with ENGINE_PO.open("rb") as f:
        catalog = read_po(f, locale="ar")
    out = []
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.string, tuple):
            out += [(str(m.id[0]), _fill(s, n)) for s, n in zip(m.string, FORM_COUNTS, strict=True)]
        else:
            out.append((str(m.id), str(m.string)))
    return out


def test_the_check_finds_each_kind_of_mistake() -> None:
    assert len(counted_noun_problems("2 لاعبان: 7، من بين 2 نقلتين، 1 قطعة، 6 نقطة")) == 4
    assert counted_noun_problems("لاعبان: 7، من بين نقلتين، قطعة واحدة، 6 نقاط") == []


def test_the_engine_catalog_counts_as_arabic_does() -> None:
    problems = [
        f"{mid!r}: {p}" for mid, text in engine_sentences() for p in counted_noun_problems(text)
    ]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    "path", sorted(BOOK_PO.rglob("*.po")), ids=lambda p: p.relative_to(BOOK_PO).as_posix()
)
def test_the_book_catalogs_count_as_arabic_does(path: Path) -> None:
    with path.open("rb") as f:
        catalog = read_po(f, locale="ar")
    problems = [
        f"{str(m.id)[:50]!r}: {p}"
        for m in catalog
        if m.id
        for p in counted_noun_problems(str(m.string))
    ]
    assert problems == [], "\n".join(problems)


_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)
_TAGS = re.compile(r"<[^>]+>")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("docname", toc_docnames(ROOT))
def test_the_built_arabic_pages_count_as_arabic_does(built_site: SiteBuild, docname: str) -> None:
    """The page's text, its printed outputs and its widgets' words (the stored state)."""
    page = (built_site.html / "ar" / f"{docname}.html").read_text(encoding="utf-8")
    # tags become line breaks: two cells or two labels side by side are not one phrase
    texts = [html.unescape(_TAGS.sub("\n", _SCRIPT.sub("\n", page)))]
    state = _STATE.search(page)
    if state is not None:
        texts += [
            html.unescape(_TAGS.sub("\n", s))
            for s in _strings(json.loads(html.unescape(state.group(1))))
        ]
    problems = sorted(
        {p for text in texts for line in text.splitlines() for p in counted_noun_problems(line)}
    )
    assert problems == [], f"{docname}:\n" + "\n".join(problems)
