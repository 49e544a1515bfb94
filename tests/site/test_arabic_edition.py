"""The Arabic edition (issue 15): complete catalogs, and the built pages in Chromium.

- Every ``.po`` under ``locales/ar`` is complete: no untranslated and no fuzzy entry,
  and every translation keeps its source's rule ids, links and glue keys.
- The built edition (``_build/html/ar``, made by ``python tools/build.py``): every page
  is ``lang="ar" dir="rtl"``, its language switch leads to the same page in English and
  back, its prose holds no English sentence (code and tile notation excepted), nor do
  the outputs of its cells (run in Arabic: ``locales/ar/runs/``), its diagrams' labels
  or its widgets' stored state (labels, options, feedback, answer keys), and every
  tile in its prose is isolated for bidi. In Chromium: the language menu clicks
  through, and the search finds Arabic words. Every Arabic page's visit (offline, phone,
  axe, clicks, and what reads left to right on screen) is tests/site/test_pages.py.

The browser part uses ``tests/browser_support.py`` (build, serve, Chromium).
"""

from __future__ import annotations

import csv
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from browser_support import HTML, ROOT, SiteBuild, toc_docnames
from bs4 import BeautifulSoup
from offline import WAIT_MS, Visit, open_page

from block_dominoes.i18n import language
from block_dominoes.line import Line
from block_dominoes.players import STRATEGIES
from block_dominoes.rules import rules_names

LOCALES = ROOT / "locales" / "ar" / "LC_MESSAGES"
AR = HTML / "ar"
PHONE = {"width": 400, "height": 800}
FSI, LRI, PDI = "\u2068", "\u2066", "\u2069"

# What in an Arabic page is not prose: code cells with their outputs, code, glued
# engine values, elements in another language (the terms table), heading anchors.
NOT_PROSE = (
    "div.cell",
    "pre",
    "code",
    "script",
    "style",
    ".pasted-text",
    ".bd-foreign",
    "div.highlight",
    "[lang]:not([lang=ar])",
    ".headerlink",
)
# Four or more Latin words in a row: an English sentence (or most of one). Names and
# single words quoted from the engine, such as "Pagat" or "(low end)", stay below it.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[\s,;:()\"“”.!?-]+[A-Za-z][A-Za-z'’]*){3,}")
# In what the engine and the chapters' code say (outputs, diagrams, widgets), where no
# English gloss is needed: any Latin word of two letters or more ("Open", "low end");
# a lone letter or an id stays ("الخط A", R7, E10), and so do these names.
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_.-])[A-Za-z]{2,}(?![A-Za-z0-9_])")
NAMES = {
    "Pagat",
    "Block",
    "JSON",
    "Python",
    "OpenSpiel",
    "MCTS",
}  # names of programs and their players
# Names a reader types, which stay Latin in every language (as the Arabic prose writes
# them): the rulesets and strategies (``--rules draw``, ``keep-four``), the players
# the score-sheet chapter names (Ann, Ben, Cem), and a program's name with a hyphen
# in it (OpenSpiel's IS-MCTS: NAMES holds the one-word names).
IDENTIFIERS = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    + "|".join(
        re.escape(n)
        for n in sorted(
            {*rules_names(), *STRATEGIES, "Ann", "Ben", "Cem", "IS-MCTS"}, key=len, reverse=True
        )
    )
    + r")(?![A-Za-z0-9_-])"
)
# A printed line that is code a reader copies, not a sentence: a command line, JSON,
# a game record's notation (its keywords are the notation's, in every language).
CODE_LINE = re.compile(
    r"^\s*(?:\$ |block-dominoes |python |#|[{}\[\]\"]|(?:rules|hand \d+|seed|players|starter|"
    r"out of play|totals|explanation|result|version|names?)\s*:|\d+\.?\s*(?:player \d+\s*)?:)"
)
# Inside a line: input quoted back to the reader, isolated ('⁨'5-x'⁩', a record's claim),
# and file names (match.json, block-pagat-ar.txt) are what the reader typed or reads.
QUOTED_OR_FILE = re.compile(
    "\u2068'[^'\u2069]*'\u2069|(?<![\\w.-])[\\w.-]+\\.(?:txt|json|md|html|csv|py)\\b"
)
BARE_TILE = re.compile(rf"(?<![{FSI}{LRI}])\[\d+\|\d+\]")
_IDS = re.compile(r"(?<![A-Za-z0-9])[REV]\d{1,2}(?![0-9])")
_ROLE = re.compile(r"\{(ref|doc|glue:text)\}`([^`]*)`")
_ANY_ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\]\(([^)]+)\)")


#: the pages of the Arabic edition: every page of the English book (its toc is
#: ``_toc.yml`` with Arabic captions, written by ``tools/build.py``)
toc_docnames_ar = toc_docnames()
AR_PAGES = [*toc_docnames_ar, "search", "genindex"]


#: the site extensions' own words (site/ext/site_words.py: Sphinx's catalog bd_site)
SITE_CATALOG = ROOT / "site" / "ext" / "locales" / "ar" / "LC_MESSAGES" / "bd_site.po"


def catalogs() -> list[Path]:
    return [*sorted(LOCALES.rglob("*.po")), SITE_CATALOG]


def _read(path: Path) -> Any:
    with path.open("rb") as f:
        return read_po(f, locale="ar")


def _code_spans(text: str) -> set[str]:
    """The literal code spans of a message (roles such as {ref}`...` removed first)."""
    return set(_CODE.findall(_ANY_ROLE.sub("", text)))


def _examples_in_words() -> dict[str, str]:
    """A code span that is the engine's description of a port in English (the
    glossary's `[1|4] low end - [1|1] line A`) is words, not code: the translation
    writes what the Arabic engine writes instead (issue 22), tiles isolated."""
    line = Line.build(["1-4", "1-1"])
    english = [str(line.connections[0]), str(line.open_ends[0])]
    with language("ar"):
        arabic = [str(line.connections[0]), str(line.open_ends[0])]
    return dict(zip(english, arabic, strict=True))


IN_WORDS = _examples_in_words()


def _target(role: str, text: str) -> str:
    """The target of a role: ``text <target>`` -> target; the glue key without its page."""
    match = re.search(r"<([^>]+)>$", text)
    target = match.group(1) if match else text
    if role == "glue:text":
        target = target.split("::")[-1].split(":")[0]
    return target


def test_catalogs_exist_for_every_chapter() -> None:
    """One catalog per page of the book, plus the theme's words."""
    have = {p.relative_to(LOCALES).with_suffix("").as_posix() for p in LOCALES.rglob("*.po")}
    want = {*toc_docnames(), "sphinx"}
    assert want <= have, f"no catalog for {sorted(want - have)}"


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_catalog_complete(path: Path) -> None:
    """No untranslated and no fuzzy entry; every translation keeps its source's rule
    ids (R7, E2, V3), its links, cross-references, glue keys and code."""
    problems = []
    for message in _read(path):
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[0]
        text = message.string if isinstance(message.string, str) else message.string[0]
        where = f"{source[:60]!r}"
        if not text:
            problems.append(f"untranslated: {where}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {where}")
        if sorted(_IDS.findall(source)) != sorted(_IDS.findall(text)):
            problems.append(f"rule ids differ: {where}")
        roles = sorted((r, _target(r, t)) for r, t in _ROLE.findall(source))
        kept = sorted((r, _target(r, t)) for r, t in _ROLE.findall(text))
        if [r for r in roles if r[0] != "doc"] != [k for k in kept if k[0] != "doc"]:
            problems.append(f"refs or glue differ: {where}")
        if {t for r, t in roles if r == "doc"} != {t for r, t in kept if r == "doc"}:
            problems.append(f"doc links differ: {where}")
        if sorted(_LINK.findall(source)) != sorted(_LINK.findall(text)):
            problems.append(f"links differ: {where}")
        gone = _code_spans(source) - _code_spans(text)
        if any(IN_WORDS.get(span) not in text for span in gone):
            problems.append(f"code left out or changed: {where}")
    assert problems == [], "\n".join(problems)


def test_glossary_examples_are_arabic() -> None:
    """Issue 22: each term's example is Arabic in the Arabic glossary, as the Arabic
    engine writes it (tiles in notation, isolated), with no English port name left."""
    glossary = _read(LOCALES / "book" / "reference" / "glossary.po")
    examples = [m for m in glossary if m.id and "for example" in m.id]
    assert len(examples) >= 2
    for m in examples:
        spans = [s for s in _code_spans(m.id) if s in IN_WORDS]
        assert spans, m.id
        for span in spans:
            assert IN_WORDS[span] in m.string and span not in m.string, m.string
        assert not re.search(r"\b(?:low|high) end\b|\bline [AB]\b", m.string), m.string
        assert not BARE_TILE.search(m.string), m.string


def test_site_catalog_holds_every_word_the_extensions_wrap() -> None:
    """Every ``_("...")`` of site/ext/*.py (extracted as tools/update_catalogs.sh does)
    is in the Arabic bd_site catalog."""
    from babel.messages.extract import extract_from_file

    wrapped = {
        message
        for path in sorted((ROOT / "site" / "ext").glob("*.py"))
        for _, message, _, _ in extract_from_file("python", str(path), keywords={"_": None})
    }
    assert {"Run live:", "Open the app:", "all apps"} <= wrapped
    have = {m.id for m in _read(SITE_CATALOG) if m.id}
    assert wrapped <= have, f"not in {SITE_CATALOG.name}: {sorted(wrapped - have)}"


def test_rules_card_quotes_pagat() -> None:
    """Each rule on the Arabic rules card quotes Pagat's Arabic sentence for it, word for
    word (``locales/ar/rules.csv``, the rows taken from ``block-pagat-ar.txt``)."""
    card = " ".join(
        str(m.string) for m in _read(LOCALES / "book" / "reference" / "rules-card.po") if m.id
    )
    card = " ".join(card.replace(FSI, "").replace(PDI, "").replace(LRI, "").split())
    with (ROOT / "locales" / "ar" / "rules.csv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["id"].startswith("R")]
    quoted: dict[str, bool] = {}
    for row in rows:
        if row["ar_source"].startswith("block-pagat-ar.txt"):
            sentence = " ".join(row["ar"].split()).rstrip(".")
            quoted[row["id"]] = quoted.get(row["id"], False) or sentence in card
    missing = [rule for rule, found in quoted.items() if not found and rule != "R3"]
    assert len(quoted) == 21 and missing == [], f"no Pagat quote on the card for {missing}"


def test_arabic_setup_has_arabic_words() -> None:
    """The Arabic config and toc that the build writes (every edition's is checked in
    ``tests/site/test_editions.py``) carry Arabic's words: title, captions, toggles."""
    from support import load_tool

    config, toc = load_tool("tools/build.py").edition_setup("ar")
    assert config["title"] == "دومينو بلوك: الكتاب الذي يلعب"
    assert config["sphinx"]["config"]["nb_code_prompt_show"] == "أظهر الخلية"
    assert [part["caption"] for part in toc["parts"]][:2] == ["ابدأ هنا", "القواعد خطوة خطوة"]


# --- the built edition --------------------------------------------------------


def _soup(docname: str) -> BeautifulSoup:
    path = AR / f"{docname}.html"
    assert path.is_file(), f"{path} was not built"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def prose(soup: BeautifulSoup) -> str:
    """The text of a page's article outside code, outputs, glue and foreign words."""
    article = soup.select_one("article.bd-article") or soup.select_one("main")
    assert article is not None, "no article"
    for selector in NOT_PROSE:
        for element in article.select(selector):
            element.decompose()
    return " ".join(article.get_text(" ").split())


def english_sentences(soup: BeautifulSoup) -> list[str]:
    """Runs of four or more Latin-letter words in the prose of a page."""
    return ENGLISH_RUN.findall(prose(soup))


OUTPUT_NOT_TEXT = ("script", "style", "code", ".headerlink", "[lang]:not([lang=ar])")
_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)
WIDGET_TEXT_KEYS = ("value", "description", "placeholder", "tooltip", "_options_labels")
# Fields a reader types into: their value is the reader's data (a record, a file name).
INPUT_MODELS = {"TextModel", "TextareaModel"}


def _english_in(text: str) -> list[str]:
    """English runs in printed text, line by line, skipping lines that are code."""
    return [
        run
        for line in text.splitlines()
        if not CODE_LINE.match(line)
        for run in LATIN_WORD.findall(IDENTIFIERS.sub(" ", QUOTED_OR_FILE.sub(" ", line)))
        if run not in NAMES and not run.endswith("Error")  # a Python exception's class
    ]


def _text_of_html(markup: str) -> str:
    soup = BeautifulSoup(markup, "html.parser")
    for selector in OUTPUT_NOT_TEXT:
        for element in soup.select(selector):
            element.decompose()
    return (
        "\n".join(pre.extract().get_text() for pre in soup.select("pre"))
        + "\n"
        + " ".join(soup.get_text(" ").split())
    )


def output_english(soup: BeautifulSoup) -> list[str]:
    """English runs in the outputs of a page's cells (text, HTML, SVG labels)."""
    found = []
    for output in soup.select("div.cell_output"):
        found += _english_in(_text_of_html(str(output)))
    return found


def widget_english(html_text: str) -> list[str]:
    """English runs in the widget state stored in a page: every label, option, value."""
    match = _STATE.search(html_text)
    if match is None:
        return []
    found = []
    for model in json.loads(html.unescape(match.group(1)))["state"].values():
        state = model.get("state", {})
        for key in WIDGET_TEXT_KEYS:
            if key == "value" and model.get("model_name") in INPUT_MODELS:
                continue
            values = state.get(key)
            for value in values if isinstance(values, list) else [values]:
                if isinstance(value, str) and value.strip():
                    found += _english_in(_text_of_html(value))
    return found


def test_english_checker_catches_english() -> None:
    """The checker finds an English sentence in prose, and not one in code or output."""
    page = BeautifulSoup(
        '<article class="bd-article"><p>ضع قطعة. Place one tile at either end.</p>'
        '<div class="cell"><pre>Open: [1|4] high end 4</pre></div>'
        "<p>طرف القيمة الصغرى (low end) و<code>block-dominoes play --json</code></p>"
        "</article>",
        "html.parser",
    )
    assert english_sentences(page) == ["Place one tile at either end"]


@pytest.fixture(scope="module")
def arabic_site(built_site: SiteBuild) -> Path:
    assert (AR / "index.html").is_file(), "python tools/build.py did not build _build/html/ar"
    return AR


@pytest.mark.parametrize("docname", AR_PAGES)
def test_page_is_arabic_rtl(arabic_site: Path, docname: str) -> None:
    html_tag = _soup(docname).find("html")
    assert html_tag is not None
    assert (html_tag.get("lang"), html_tag.get("dir")) == ("ar", "rtl")


@pytest.mark.parametrize("docname", AR_PAGES)
def test_switch_links_both_ways(arabic_site: Path, docname: str) -> None:
    """The Arabic page links to its English twin, and the twin links back."""
    here = AR / f"{docname}.html"
    link = _soup(docname).select_one("a.bd-lang-switch")
    assert link is not None, "no language switch"
    twin = (here.parent / str(link["href"])).resolve()
    assert twin == (HTML / f"{docname}.html").resolve(), link["href"]
    back = BeautifulSoup(twin.read_text(encoding="utf-8"), "html.parser")
    link = back.select_one("a.bd-lang-switch")
    assert link is not None, "the English page has no language switch"
    assert link.get("hreflang") == "ar"
    assert (twin.parent / str(link["href"])).resolve() == here.resolve(), link["href"]


@pytest.mark.parametrize("docname", toc_docnames_ar)
def test_no_english_prose(arabic_site: Path, docname: str) -> None:
    """No English sentence left in the prose of an Arabic page."""
    assert english_sentences(_soup(docname)) == []


@pytest.mark.parametrize("docname", toc_docnames_ar)
def test_no_english_in_outputs_diagrams_or_widgets(arabic_site: Path, docname: str) -> None:
    """What the chapter's code printed, drew and stored in widgets is Arabic too."""
    text = (AR / f"{docname}.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(text, "html.parser")
    assert output_english(soup) == []
    assert widget_english(text) == []
    toggles = " ".join(s.get_text(" ") for s in soup.select("div.cell details > summary"))
    assert _english_in(toggles) == []  # a cell's "Show the solution" toggle too


def test_output_checker_catches_english_and_spares_code() -> None:
    page = BeautifulSoup(
        '<div class="cell_output"><pre>الطرف: 4\nwho can play: 1, 2\n'
        "block-dominoes sheet add s.json 5 5\nhand 1: 1-4 4-6\n</pre>"
        "<p>keep-four ضد random، Ann، \u2068'5-x'\u2069، match.json، \u2068pass\u2069</p>"
        "<svg><text>low end 3</text><text>الخط A</text></svg></div>",
        "html.parser",
    )
    assert output_english(page) == ["who", "can", "play", "pass", "low", "end"]
    state = {"state": {"m": {"state": {"description": "Start a new sheet", "value": "5"}}}}
    markup = '<script type="application/vnd.jupyter.widget-state+json">'
    found = widget_english(markup + html.escape(json.dumps(state)) + "</script>")
    assert found == ["Start", "new", "sheet"]


@pytest.mark.parametrize("docname", toc_docnames_ar)
def test_tiles_isolated_in_prose(arabic_site: Path, docname: str) -> None:
    """Every tile written in Arabic prose is wrapped for bidi, or it shows reversed."""
    assert BARE_TILE.findall(prose(_soup(docname))) == []


def test_glossary_shows_the_terms_table(arabic_site: Path) -> None:
    table = _soup("book/reference/glossary").select_one(".bd-terms-table table")
    assert table is not None
    heads = [th.get("lang") for th in table.select("thead th")]
    assert heads == ["ar", "en", "bg", "el", "tr"]
    rows = table.select("tbody tr")
    terms = (ROOT / "locales" / "terms.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == len(terms) - 1
    assert rows[0].select_one("td").get_text() == "قطعة"


def test_run_live_links_reach_the_live_edition(arabic_site: Path) -> None:
    """Chapters with a live twin link to it in Arabic, and the link resolves."""
    found = 0
    for docname in toc_docnames_ar:
        here = AR / f"{docname}.html"
        for link in _soup(docname).select("p.bd-run-live-line a.bd-run-live"):
            target = (here.parent / str(link["href"]).split("?")[0]).resolve()
            assert target.is_file(), f"{docname}: {link['href']}"
            found += 1
    assert found >= 5, "the chapters with live twins have no Run live line"


def test_search_index_holds_arabic_words(arabic_site: Path) -> None:
    """Sphinx has no Arabic search language: words are indexed as written."""
    text = (AR / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text.removeprefix("Search.setIndex(").removesuffix(")"))
    for word in ("مزدوجة", "السلسلة", "بلوك", "تمرير", "الدور"):
        assert word in index["terms"], word


# --- in Chromium ----------------------------------------------------------------


def test_switch_clicks_through(browser: Any, site_url: str, arabic_site: Path) -> None:
    """In the browser: the Arabic rules card's language menu opens the English one, and
    back (every edition's menu is clicked in ``tests/site/test_editions.py``)."""
    visit = Visit()
    page = open_page(browser, f"{site_url}ar/book/reference/rules-card.html", visit)
    try:
        page.click("details.bd-lang-menu > summary")
        page.click("a.bd-lang-switch[hreflang=en]")
        page.wait_for_load_state("load")
        assert page.url == f"{site_url}book/reference/rules-card.html"
        assert page.evaluate("() => document.documentElement.lang") == "en"
        page.click("details.bd-lang-menu > summary")
        page.click("a.bd-lang-switch[hreflang=ar]")
        page.wait_for_load_state("load")
        assert page.url == f"{site_url}ar/book/reference/rules-card.html"
        assert page.evaluate("() => document.documentElement.dir") == "rtl"
        assert visit.problems() == []
    finally:
        page.close()


def test_search_finds_an_arabic_word(browser: Any, site_url: str, arabic_site: Path) -> None:
    """The Arabic edition's own search finds the doubles chapter for "مزدوجة"."""
    visit = Visit()
    page = open_page(browser, f"{site_url}ar/search.html?q=مزدوجة", visit)
    try:
        page.wait_for_function(
            "() => document.querySelectorAll('ul.search li a').length > 0",
            timeout=WAIT_MS,
        )
        hits = page.locator("ul.search li a").evaluate_all("links => links.map(a => a.href)")
        assert any("/ar/book/rules/doubles.html" in h for h in hits), hits
        assert visit.problems() == []
    finally:
        page.close()


def test_glossary_in_arabic_order(arabic_site: Path) -> None:
    """The Arabic glossary lists its terms in Arabic alphabetical order (issue 22), the
    article and an alef's hamza set aside (site/ext/editions.py), not in English order."""
    from editions import arabic_sort_key  # site/ext, on the path through browser_support

    soup = _soup("book/reference/glossary")
    terms = [
        dt.get_text(" ", strip=True).rstrip("¶#").strip() for dt in soup.select("dl.glossary > dt")
    ]
    assert len(terms) >= 19
    assert terms == sorted(terms, key=arabic_sort_key), terms


_ISOLATED_RUN = re.compile("[\u2066-\u2068][^\u2066-\u2069]*\u2069")
_FIRST_STRONG = re.compile("[A-Za-z\u0600-\u06ff]")


@pytest.mark.parametrize("docname", toc_docnames_ar)
def test_printed_lines_take_their_direction_from_their_first_arabic_word(
    arabic_site: Path, docname: str
) -> None:
    """A printed line with Arabic in it reads right to left: its first strong letter,
    isolates set aside, is Arabic (a strategy's or an exception's name before it is
    isolated, site/ext/editions.py), unless the line is code (a command, JSON, a record)."""
    soup = _soup(docname)
    wrong = []
    for pre in soup.select(".cell_output pre"):
        for line in pre.get_text().splitlines():
            if not re.search("[\u0600-\u06ff]", line) or CODE_LINE.match(line):
                continue
            bare = line
            while _ISOLATED_RUN.search(bare):  # innermost isolates first, then theirs
                bare = _ISOLATED_RUN.sub("", bare)
            first = _FIRST_STRONG.search(bare)
            if first is not None and first.group(0).isascii():
                wrong.append(line.strip()[:80])
    assert wrong == [], f"{docname}: lines laid out left to right:\n" + "\n".join(wrong)


def test_rules_card_keeps_every_anchor_in_both_editions(arabic_site: Path) -> None:
    """A referee's link (rules-card.html#r16, #v1, #e10) opens the same entry in either
    edition: every rule, variant and example keeps its id (issue 22)."""
    wanted = {
        *(f"r{n}" for n in range(1, 22)),
        *(f"v{n}" for n in range(1, 7)),
        *(f"e{n}" for n in range(1, 12)),
        "disputes",
    }
    for root in (arabic_site.parent, arabic_site):
        page = root / "book" / "reference" / "rules-card.html"
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        ids = {tag["id"] for tag in soup.select("[id]")}
        assert wanted <= ids, f"{page}: no anchor for {sorted(wanted - ids)}"
