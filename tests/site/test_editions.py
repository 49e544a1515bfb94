"""Every language the registry offers (issue 24): an edition is catalogs and a line.

For each language of ``block_dominoes.languages``:

- ``engine=True``: its engine catalog and its site words are complete (no untranslated,
  no fuzzy entry, every placeholder kept: ``tools/check_catalogs.py``), and its number
  format (decimal symbol, percent sign's place) is CLDR's, through Babel.
- ``edition=True``: its book catalogs are complete; the config and toc the build writes
  for it are ``_config.yml`` and ``_toc.yml`` with its language and words only; its
  built pages (``_build/html/<code>``) say their language and direction, lead to the
  same page in every other language of the book, hold no English sentence left from
  the English page, and its glossary is in its alphabet's order.

Arabic's own checks (right to left, counted nouns, isolation) are in
``tests/site/test_arabic_edition.py`` and ``tests/i18n/test_arabic_numbers.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.numbers import format_decimal, format_percent
from browser_support import HTML, ROOT, SiteBuild, toc_docnames
from bs4 import BeautifulSoup
from offline import Visit, open_page
from support import load_tool

from block_dominoes.i18n import available_languages, number, percent
from block_dominoes.languages import LANGUAGES, SOURCE, editions

check_catalogs = load_tool("tools/check_catalogs.py")
build = load_tool("tools/build.py")

EDITIONS = [lang.code for lang in editions()]
SPOKEN = [code for code in available_languages() if code != SOURCE]
PAGES = toc_docnames()
#: a sample of pages whose prose is compared with the English page's, per edition
#: (every page of every edition is checked by the build's catalogs test above)
NOT_PROSE = ("div.cell", "pre", "code", "script", "style", ".headerlink", '[lang]:not([lang="{}"])')
WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
RUN = 5  # words in a row, identical to the English page's: an untranslated sentence


# --- catalogs -----------------------------------------------------------------------


@pytest.mark.parametrize("code", SPOKEN)
def test_engine_catalog_complete(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = check_catalogs.main([code, "--engine", "--list", "20"])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize("code", EDITIONS)
def test_book_catalogs_complete(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = check_catalogs.main([code, "--book", "--list", "20"])
    assert status == 0, capsys.readouterr().out


def test_catalog_check_finds_what_is_missing(tmp_path: Path) -> None:
    """The check fails on an empty translation and on a lost placeholder."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="tr")
    catalog.add("{n} tiles", string="")
    empty = catalog["{n} tiles"]
    assert check_catalogs.problems(empty, catalog) == ["untranslated"]
    catalog.add("{tile} fits", string="uyar")
    lost = catalog["{tile} fits"]
    assert check_catalogs.problems(lost, catalog)[0].startswith("fields lost ['{tile}']")
    # a chapter's paragraph whose translation starts "2. " is a list to Markdown, and
    # Sphinx then prints the English paragraph (the Turkish reader found 18)
    catalog.add("Player 2 plays [4|6].", string="2. oyuncu [4|6] oynar.")
    listed = catalog["Player 2 plays [4|6]."]
    assert check_catalogs.problems(listed, catalog) == []
    assert "numbered list" in check_catalogs.problems(listed, catalog, markdown=True)[0]


# --- numbers, as each language writes them ----------------------------------------


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_number_format_is_cldrs(code: str) -> None:
    """The registry's decimal symbol and percent pattern are CLDR's (Babel)."""
    lang = LANGUAGES[code]
    assert format_decimal(62.5, format="0.0", locale=code) == f"62{lang.decimal}5"
    # CLDR's percent pattern (``#,##0%``, Turkish ``%#,##0``) with a whole number
    assert format_percent(0.62, locale=code) == lang.percent.format(n="62")
    # and its digit groups, through the engine's own formatting
    assert number(37560.5, 1, group=True, lang=code) == format_decimal(
        37560.5, format="#,##0.0", locale=code
    )
    assert percent(0.625, 1, lang=code) == lang.percent.format(n=f"62{lang.decimal}5")


# --- the config and toc the build writes ------------------------------------------


@pytest.mark.parametrize("code", EDITIONS)
def test_edition_setup_is_the_english_one_in_its_language(code: str) -> None:
    english = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    english_toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    config, toc = build.edition_setup(code)
    assert config["sphinx"]["config"]["language"] == code
    for key in english.keys() - {"title", "author", "sphinx"}:
        assert config[key] == english[key], key
    for key, value in english["sphinx"]["config"].items():
        if key != "html_theme_options":
            assert config["sphinx"]["config"][key] == value, key
    assert config["title"] != english["title"]
    assert (
        config["sphinx"]["local_extensions"].keys() == english["sphinx"]["local_extensions"].keys()
    )
    english_parts, parts = english_toc["parts"], toc["parts"]
    assert [p["chapters"] for p in parts] == [p["chapters"] for p in english_parts]
    assert all(p["caption"] != e["caption"] for p, e in zip(parts, english_parts, strict=True))


def test_every_caption_and_title_is_a_site_word() -> None:
    """Each word the build translates is in ``CONFIG_WORDS`` (extracted into bd_site)."""
    import sys

    sys.path.insert(0, str(ROOT / "site" / "ext"))
    from site_words import CONFIG_WORDS

    english = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    wanted = {english["title"], english["author"], *(p["caption"] for p in toc["parts"])}
    assert wanted <= set(CONFIG_WORDS)
    pot = (ROOT / "site/ext/locales/bd_site.pot").read_text(encoding="utf-8")
    assert all(f'msgid "{word}"' in pot for word in CONFIG_WORDS)


def test_a_missing_word_names_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "site_words", lambda code: {})
    with pytest.raises(build.StepFailed, match=r"bd_site\.po"):
        build.edition_setup("ar")


# --- the glossary's order ---------------------------------------------------------


def test_alphabet_orders_as_each_language_does() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "site" / "ext"))
    from editions import glossary_sort_key

    tr = glossary_sort_key("tr")
    assert sorted(["oyun", "çift", "cezalı", "ıslak", "İki", "öl"], key=tr) == [
        "cezalı",
        "çift",
        "ıslak",
        "İki",
        "oyun",
        "öl",
    ]
    bg = glossary_sort_key("bg")
    assert sorted(["ход", "дубъл", "блок", "ръка"], key=bg) == ["блок", "дубъл", "ръка", "ход"]
    el = glossary_sort_key("el")
    assert sorted(["ώρα", "Άκρη", "διπλό"], key=el) == ["Άκρη", "διπλό", "ώρα"]


# --- the built editions ------------------------------------------------------------


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _prose_words(soup: BeautifulSoup, code: str) -> list[str]:
    article = soup.select_one("article.bd-article")
    assert article is not None
    for selector in NOT_PROSE:
        for element in article.select(selector.format(code)):
            element.decompose()
    # an address shown as its link's text is the same in every language
    return WORD.findall(re.sub(r"https?://\S+", " ", article.get_text(" ")))


def english_left(page: BeautifulSoup, english: BeautifulSoup, code: str) -> list[str]:
    """Runs of words on an edition's page that stand word for word on the English page."""
    theirs = _prose_words(english, "en")
    runs = {" ".join(theirs[i : i + RUN]).lower() for i in range(len(theirs) - RUN + 1)}
    mine = _prose_words(page, code)
    found = []
    for i in range(len(mine) - RUN + 1):
        run = " ".join(mine[i : i + RUN])
        if run.lower() in runs:
            found.append(run)
    return found


def test_english_left_finds_an_untranslated_sentence() -> None:
    english = BeautifulSoup(
        '<article class="bd-article"><p>Place one tile at either open end of the line.</p>'
        "</article>",
        "html.parser",
    )
    page = BeautifulSoup(
        '<article class="bd-article"><p>Bir taş koyun. Place one tile at either open end.</p>'
        "<pre>Place one tile at either open end</pre></article>",
        "html.parser",
    )
    assert english_left(page, english, "tr") == [
        "Place one tile at either",
        "one tile at either open",
        "tile at either open end",
    ]
    done = BeautifulSoup(
        '<article class="bd-article"><p>Bir taş koyun.</p></article>', "html.parser"
    )
    assert english_left(done, english, "tr") == []


@pytest.fixture(scope="module")
def site(built_site: SiteBuild) -> Path:
    for code in EDITIONS:
        assert (HTML / code / "index.html").is_file(), f"the build made no {code} edition"
    return HTML


@pytest.mark.parametrize("code", EDITIONS)
def test_pages_say_their_language_and_lead_to_every_other(site: Path, code: str) -> None:
    others = {SOURCE, *EDITIONS} - {code}
    for docname in PAGES:
        page = site / code / f"{docname}.html"
        soup = _soup(page)
        tag = soup.find("html")
        assert tag is not None and tag.get("lang") == code, docname
        assert (tag.get("dir") == "rtl") == LANGUAGES[code].rtl, docname
        links = {a["hreflang"]: a["href"] for a in soup.select("a.bd-lang-switch")}
        assert set(links) == others, (docname, links)
        for other, href in links.items():
            target = (page.parent / href).resolve()
            assert target.is_file(), (docname, other, href)
            expected = (
                site / f"{docname}.html" if other == SOURCE else site / other / f"{docname}.html"
            )
            assert target == expected.resolve(), (docname, other, href)


def test_english_pages_lead_to_every_edition(site: Path) -> None:
    for docname in PAGES:
        page = site / f"{docname}.html"
        links = {a["hreflang"]: a["href"] for a in _soup(page).select("a.bd-lang-switch")}
        assert set(links) == set(EDITIONS), docname
        for code, href in links.items():
            assert (page.parent / href).resolve() == (site / code / f"{docname}.html").resolve()


@pytest.mark.parametrize("code", EDITIONS)
def test_no_english_sentence_left(site: Path, code: str) -> None:
    found = {}
    for docname in PAGES:
        left = english_left(
            _soup(site / code / f"{docname}.html"), _soup(site / f"{docname}.html"), code
        )
        if left:
            found[docname] = left[:3]
    assert found == {}


@pytest.mark.parametrize("code", EDITIONS)
def test_glossary_in_the_editions_order(site: Path, code: str) -> None:
    import sys

    sys.path.insert(0, str(ROOT / "site" / "ext"))
    from editions import glossary_sort_key

    soup = _soup(site / code / "book/reference/glossary.html")
    terms = [
        dt.get_text(" ", strip=True).rstrip("#").strip() for dt in soup.select("dl.glossary dt")
    ]
    assert len(terms) > 10
    assert terms == sorted(terms, key=glossary_sort_key(code))


CHAPTER = "book/intro"


def test_the_menu_clicks_through_every_language(browser: Any, site_url: str, site: Path) -> None:
    """In the browser, at a phone's width: from the English introduction, the language
    menu opens each edition's introduction, whose menu leads back (the menu is the
    pages' template: the introduction is the lightest page that has it; that every
    page's menu links its own chapter in each edition is checked in the built HTML)."""
    visit = Visit()
    page = open_page(browser, f"{site_url}{CHAPTER}.html", visit)
    try:
        page.set_viewport_size({"width": 400, "height": 800})
        for code in EDITIONS:
            page.click("details.bd-lang-menu > summary")
            page.click(f"a.bd-lang-switch[hreflang={code}]")
            page.wait_for_load_state("load")
            assert page.url == f"{site_url}{code}/{CHAPTER}.html"
            assert page.evaluate("() => document.documentElement.lang") == code
            page.click("details.bd-lang-menu > summary")
            page.click("a.bd-lang-switch[hreflang=en]")
            page.wait_for_load_state("load")
            assert page.url == f"{site_url}{CHAPTER}.html"
        assert visit.problems() == []
    finally:
        page.close()


#: the byline, one message (site/ext/templates/author.html); its translation is whole
BYLINE = "By the Block dominoes team"


@pytest.mark.parametrize("code", ["en", *EDITIONS])
def test_the_byline_is_one_translated_sentence(built_site: SiteBuild, code: str) -> None:
    """The theme glued its word for "By" to the author ("Tarafından Blok domino ekibi",
    "Με Η ομάδα του Ντόμινο Μπλοκ"); every page's byline is now the catalog's whole
    sentence (issue 34), and no page of the edition shows another byline."""
    from babel.messages.pofile import read_po

    if code == "en":
        want, root = BYLINE, built_site.html
    else:
        po = ROOT / "locales" / code / "LC_MESSAGES" / "sphinx.po"
        with po.open(encoding="utf-8") as f:
            want, root = read_po(f)[BYLINE].string, built_site.html / code
        assert want and want != BYLINE
    bylines = set()
    for docname in toc_docnames():
        page = BeautifulSoup((root / f"{docname}.html").read_text(encoding="utf-8"), "html.parser")
        bylines |= {" ".join(p.get_text().split()) for p in page.select("p.component-author")}
    assert bylines == {want}
