"""The printed handouts (issue 16): tools/print_handouts.py prints the built book with
Chromium (the rules card, a worksheet per rules chapter, blank score sheets), and the
print stylesheet and script (_static/print.css, print.js) leave out the navigation
and gather the questions' answers at the end.

The PDFs are read back with pypdf: page counts, and the words each must hold, as
sets and multisets of words: a PDF text extractor returns right-to-left words in an
order of its own (pypdf gave "القواعد بطاقة" for "بطاقة القواعد"), so no test depends
on the order it returns them in. The handouts are set in the fonts the site ships, so
the page counts are the same on every machine (a blank score sheet took 2 pages with
Debian's fonts-noto-core installed before they were).
"""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from browser_support import SiteBuild, require_browser
from support import load_tool

from block_dominoes.i18n import available_languages

ROOT = Path(__file__).resolve().parents[2]
handouts = load_tool("tools/print_handouts.py")


def pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def test_the_rules_chapters_come_from_the_toc() -> None:
    chapters = handouts.rules_chapters()
    assert chapters[0] == "book/rules/setup" and "book/rules/scoring" in chapters
    assert all(c.startswith("book/rules/") for c in chapters)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_blank_score_sheet_has_a_column_per_player(players: int) -> None:
    page = handouts.score_sheet_html(players)
    assert page.count("<th>Player ") == players
    assert page.count("<tr><th>") == handouts.SHEET_ROUNDS + 2  # heading, rounds, total


def print_handouts(site: Path, out: Path, *options: str) -> None:
    """Run the tool as a person runs it, in its own process: Playwright's sync API
    refuses to start inside a process whose browser fixture already runs an event loop."""
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "print_handouts.py"),
            "--out",
            str(out),
            "--site",
            str(site),
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr


@pytest.fixture(scope="module")
def printed(built_site: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_browser()
    out = tmp_path_factory.mktemp("handouts")
    print_handouts(Path(built_site.html), out)
    return out


@pytest.fixture(scope="module")
def printed_ar(built_site: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_browser()
    out = tmp_path_factory.mktemp("handouts-ar")
    print_handouts(Path(built_site.html), out, "--lang", "ar")
    return out


def words(text: str) -> Counter[str]:
    """The words of a PDF's text, counted, in no order: the presentation forms
    Chromium's fonts map Arabic to are folded (NFKC), and punctuation that an
    extractor may attach to either side of a right-to-left word is dropped."""
    folded = unicodedata.normalize("NFKC", text)
    stripped = (w.strip(".,:;()[]{}\u200e\u200f\u2066\u2067\u2068\u2069") for w in folded.split())
    return Counter(w for w in stripped if w)


def has_words(text: str, phrase: str) -> bool:
    """Every word of ``phrase`` is among the words of ``text`` (as many times)."""
    return not words(phrase) - words(text)


def test_the_rules_card_fits_two_pages_and_holds_the_rules(printed: Path) -> None:
    pages = pdf_pages(printed / "rules-card.pdf")
    assert 1 <= len(pages) <= handouts.MAX_CARD_PAGES
    text = " ".join(pages)
    for rule in ("R1", "R9", "R16", "R20"):
        assert re.search(rf"\b{rule}\b", text), f"the rules card lacks {rule}"
    # the variants card is a handout of its own (the card's opening names "V1-V6")
    assert not re.search(r"\bV[2-5]\b", text), "the variants are on the rules card"
    # no navigation printed: no search box, no page or book contents
    assert not {"Search", "Contents", "Glossary"} & set(words(text))


def test_the_variants_card_is_a_handout_beside_the_rules_card(printed: Path) -> None:
    pages = pdf_pages(printed / "variants-card.pdf")
    assert 1 <= len(pages) <= handouts.MAX_CARD_PAGES
    text = " ".join(pages)
    assert all(re.search(rf"\bV{n}\b", text) for n in range(1, 7)), text[:200]


def test_a_worksheet_per_rules_chapter(printed: Path, built_site: SiteBuild) -> None:
    for docname in handouts.rules_chapters():
        path = printed / f"worksheet-{docname.rsplit('/', 1)[-1]}.pdf"
        pages = pdf_pages(path)
        assert pages and all(p.strip() for p in pages), f"{path.name} has an empty page"
        built = (Path(built_site.html) / f"{docname}.html").read_text()
        title = re.search(r'<h1><span class="section-number">[^<]*</span>([^<]*)<a', built)
        assert title is not None, docname
        heading = " ".join(html.unescape(title.group(1)).split()[:2])
        assert has_words(pages[0], heading), f"{path.name}: not {heading!r}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_blank_score_sheets_are_one_page(printed: Path, players: int) -> None:
    pages = pdf_pages(printed / f"score-sheet-{players}.pdf")
    assert len(pages) == 1
    assert words(pages[0])["Player"] == players  # a column each ("players" in the title)
    assert has_words(pages[0], f"score sheet for {players} players")


@pytest.mark.parametrize("worksheet", [False, True])
def test_print_gathers_the_answers_at_the_end(
    chromium: Any, site_url: str, worksheet: bool
) -> None:
    """print.js on a built chapter: two questions (as i12's quizzes mark them) are
    numbered, their right answers listed under "Answers" at the end, and the print
    stylesheet hides the navigation and the answers in place."""
    page = chromium.new_page()
    try:
        page.goto(f"{site_url}book/reference/glossary.html")  # a page with no questions
        page.evaluate(
            """() => {
              const article = document.querySelector("article.bd-article");
              for (const [q, right] of [["Who scores?", "player 1"], ["How many?", "12"]]) {
                const quiz = document.createElement("div");
                quiz.className = "bd-quiz";
                quiz.innerHTML = `<p>${q}</p><button>wrong</button>` +
                  `<button class="bd-quiz-right">${right}</button>`;
                article.appendChild(quiz);
              }
            }"""
        )
        if worksheet:
            # what print_handouts does to a chapter with questions: only they remain
            assert page.evaluate(handouts.WORKSHEET_JS) == 2
            article = page.locator("article.bd-article")
            assert article.locator("h1").inner_text().startswith("Worksheet: ")
            assert article.locator("section:not(.bd-print-answers)").count() == 0
            assert article.locator(".bd-quiz").count() == 2
        else:
            assert page.evaluate("() => window.bdGatherAnswers()") == 2
        answers = page.locator(".bd-print-answers li")
        assert answers.all_inner_texts() == ["player 1", "12"]
        assert page.locator(".bd-quiz-number").all_inner_texts() == ["Question 1", "Question 2"]
        page.emulate_media(media="print")
        assert page.locator(".bd-print-answers").is_visible()
        assert page.locator(".bd-sidebar-primary").is_hidden()
        right = page.locator(".bd-quiz-right").first.evaluate("e => getComputedStyle(e).fontWeight")
        wrong = page.locator(".bd-quiz button").first.evaluate(
            "e => getComputedStyle(e).fontWeight"
        )
        assert right == wrong
        page.emulate_media(media="screen")
        assert page.locator(".bd-print-answers").is_hidden()
    finally:
        page.close()


def test_a_chapters_real_questions_print_their_answer_keys(chromium: Any, site_url: str) -> None:
    """On a rules chapter, every question's hidden key becomes its line under Answers."""
    page = chromium.new_page()
    try:
        page.goto(f"{site_url}book/rules/scoring.html")
        page.wait_for_selector(".bd-quiz .bd-quiz-answer", state="attached", timeout=60_000)
        quizzes = page.locator(".bd-quiz").count()
        assert quizzes >= 3
        assert page.evaluate("() => window.bdGatherAnswers()") == quizzes
        answers = page.locator(".bd-print-answers li").all_inner_texts()
        assert len(answers) == quizzes
        assert all(a.startswith("Answer: ") and "(R" in a for a in answers), answers
    finally:
        page.close()


def test_the_arabic_handouts_print_from_the_arabic_edition(printed_ar: Path) -> None:
    """``--lang ar``: the same handouts, from ``_build/html/ar``, in Arabic."""
    card = pdf_pages(printed_ar / "rules-card.pdf")
    assert 1 <= len(card) <= handouts.MAX_CARD_PAGES
    text = " ".join(card)
    assert all(re.search(rf"\b{r}\b", text) for r in ("R1", "R9", "R16", "R20")), text[:200]
    assert has_words(card[0], "بطاقة القواعد")  # the card's Arabic title
    variants = " ".join(pdf_pages(printed_ar / "variants-card.pdf"))
    assert all(re.search(rf"\bV{n}\b", variants) for n in range(1, 7)), variants[:200]
    for docname in handouts.rules_chapters():
        name = docname.rsplit("/", 1)[-1]
        pages = pdf_pages(printed_ar / f"worksheet-{name}.pdf")
        assert pages and all(p.strip() for p in pages), docname
        assert has_words(pages[0], "السؤال 1"), f"{docname}: {pages[0][:80]}"
        assert has_words(" ".join(pages), "الإجابات"), f"{docname}: no answers section"
    for players in handouts.PLAYERS:
        [sheet] = pdf_pages(printed_ar / f"score-sheet-{players}.pdf")
        assert has_words(sheet, "عدد اللاعبين") and has_words(sheet, "المجموع")
        assert words(sheet)["اللاعب"] == players  # a column each ("اللاعبين" in the title)


def test_the_arabic_score_sheet_is_right_to_left() -> None:
    from block_dominoes.i18n import language

    with language("ar"):
        page = handouts.score_sheet_html(3)
    assert '<html lang="ar" dir="rtl">' in page
    assert page.count("<th>اللاعب ") == 3 and "Player" not in page
    assert '<html lang="en">' in handouts.score_sheet_html(3)


@pytest.mark.parametrize("code", [c for c in available_languages() if c not in ("en", "ar")])
def test_the_other_editions_score_sheets_speak_their_language(code: str) -> None:
    """The printed score sheet in each edition's language: its ``lang``, no English word
    of the English sheet left, one column per player (the PDFs of every edition print
    as Arabic's do, through the same tool; Arabic's are checked page by page above)."""
    from block_dominoes.i18n import language

    english = handouts.score_sheet_html(3)
    with language(code):
        page = handouts.score_sheet_html(3)
    assert f'<html lang="{code}">' in page
    left = {w for w in re.findall(r">([A-Za-z][A-Za-z ]{3,})<", english)} & set(
        re.findall(r">([A-Za-z][A-Za-z ]{3,})<", page)
    )
    assert left == set(), left
    assert page != english
