"""Questions that answer back, in a real browser with no kernel.

The helpers that read a built page's questions from its stored state
(``page_quizzes``) and click every choice of every question
(``click_every_choice``): tests/site/test_pages.py clicks every question of the built
site with them during its one visit of each page. Here: the site holds at least as
many questions as the chapters' code asks for, every Arabic feedback is Arabic,
and prompts are page text while answers are not.

A throwaway one-chapter book (tests/browser_support.build_demo_book) runs the
same clicks on questions of every kind, so the widget is proven in the browser
before and after the chapters have questions.

Run alone: ``pytest -n 0 tests/site/test_quiz_browser.py``.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, SiteBuild, build_demo_book, toc_docnames
from offline import WAIT_MS, Visit, open_page, serve
from test_site import PAGES, PHONE

# A call of one of the question builders in a chapter's code.
QUIZ_CALL = re.compile(
    r"(?<![\w.])(?:\w+\.)?(where_can_it_go|must_pass|is_round_over|who_scores|"
    r"who_starts_next|who_won_match|question)\("
)
_TAGS = re.compile(r"<[^>]+>")

DEMO_CELLS = [
    "from block_dominoes.widgets import (is_round_over, must_pass, position, question,\n"
    "    where_can_it_go, who_scores, who_starts_next, who_won_match)",
    'where_can_it_go(["1-4", "1-1", "4-4", "3-4", "3-3", "1-6", "6-6"], "3-5")',
    'must_pass(["1-4", "1-1"], "2-5,0-0,3-6")',
    'is_round_over(position(["1-4", "1-1"], ["2-5", "0-3"]))',
    "who_scores([3, 7, 8])",
    "who_starts_next(3, 2, 1)",
    "who_won_match([40, 62, 70])",
    'question("Is [0|0] a wildcard?", ["Yes", "No"],\n'
    '         ["A blank matches only a blank (R8).", "It matches only a blank (R8)."], "No")',
    # a widget that needs Python: the static page must say so (and it is no question)
    "from block_dominoes.widgets import round_scorer\nround_scorer()",
]


def quiz_calls_in_chapters(root: Path = ROOT) -> int:
    """How many question builders the chapters' code cells call (stored notebooks)."""
    count = 0
    for path in sorted((root / "book").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb.get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            source = "".join(cell.get("source", []))
            code = "\n".join(line.split("#", 1)[0] for line in source.splitlines())
            count += len(QUIZ_CALL.findall(code))
    return count


_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)
_VIEW = re.compile(r'<script type="application/vnd.jupyter.widget-view\+json">(.*?)</script>', re.S)


def page_quizzes(page: Path) -> list[list[tuple[str, bool]]]:
    """The questions a built page stores, in the order the page shows them: per
    question, each panel's feedback text and whether it is marked right (read
    from the stored models, not from the browser)."""
    text = page.read_text(encoding="utf-8")
    match = _STATE.search(text)
    if match is None:
        return []
    state: dict[str, Any] = json.loads(html.unescape(match.group(1)))["state"]

    def model(ref: str) -> dict[str, Any]:
        found: dict[str, Any] = state.get(ref.removeprefix("IPY_MODEL_"), {})
        return found

    out = []
    for view in _VIEW.findall(text):
        top = model(json.loads(html.unescape(view))["model_id"])
        # a question is shown on its own, or inside another box: walk down to it
        todo = [top]
        while todo:
            m = todo.pop(0)
            s = m.get("state", {})
            kids = [model(r) for r in s.get("children", []) if isinstance(r, str)]
            if "bd-quiz" not in (s.get("_dom_classes") or []):
                todo = kids + todo
                continue
            stack = next(k for k in kids if k.get("model_name") == "StackModel")
            panels = []
            for ref in stack["state"]["children"]:
                panel = model(ref)["state"]
                para = str(panel.get("value", "")).split("</p>", 1)[0]
                words = " ".join(html.unescape(_TAGS.sub("", para)).split())
                panels.append((words, "bd-quiz-right" in panel.get("_dom_classes", [])))
            out.append(panels)
    return out


_CLICK_REPORT = """([q, i]) => {
    const quiz = document.querySelectorAll('.bd-quiz')[q];
    const shown = Array.from(quiz.querySelectorAll('.bd-quiz-panel'))
        .filter(p => p.checkVisibility() && p.getBoundingClientRect().height > 0);
    return shown.map(p => ({
        text: (p.querySelector('.bd-quiz-feedback > p') || p).innerText.split(/\\s+/).join(' ').trim(),
        right: p.classList.contains('bd-quiz-right'),
        pressed: Array.from(quiz.querySelectorAll('.widget-toggle-button'))
            .map(b => b.classList.contains('mod-active')),
    }));
}"""

#: _CLICK_REPORT once a shown panel holds ``text``; until then null
_SHOWN_AFTER = (
    "([q, i, text]) => { const shown = ("
    + _CLICK_REPORT
    + ")([q, i]); return shown.some(p => p.text.includes(text)) ? shown : null; }"
)

_SIDEWAYS = """() => {
    const out = [];
    const boxes = document.querySelectorAll(
        '.cell_output, .cell_output *, .widget-subarea, .widget-subarea *');
    for (const el of boxes) {
        if (el.closest('table') || el.matches('div[style*="overflow-x"]')) continue;
        const style = getComputedStyle(el);
        const scrolls = ['auto', 'scroll'].includes(style.overflowX)
            && el.scrollWidth > el.clientWidth + 1;
        const r = el.getBoundingClientRect();
        const sticksOut = r.width > 0 && r.right > document.documentElement.clientWidth + 1;
        if (scrolls || sticksOut) {
            out.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}`
                + ` (${Math.round(r.left)}..${Math.round(r.right)}, scroll ${el.scrollWidth}/${el.clientWidth})`);
        }
    }
    return out.slice(0, 5);
}"""


def click_every_choice(page: Any, expected: list[list[tuple[str, bool]]], where: str) -> int:
    """Click each choice of each question on ``page``; return how many were clicked."""
    page.wait_for_function(
        "(n) => document.querySelectorAll('.bd-quiz .widget-toggle-button').length >= n",
        arg=sum(len(q) for q in expected),
        timeout=WAIT_MS,
    )
    quizzes = page.locator(".bd-quiz")
    assert quizzes.count() == len(expected), f"{where}: {quizzes.count()} questions shown"
    clicks = 0
    for q, panels in enumerate(expected):
        assert sum(right for _, right in panels) == 1, f"{where} question {q + 1}: {panels}"
        buttons = quizzes.nth(q).locator(".widget-toggle-button")
        assert buttons.count() == len(panels)
        assert page.evaluate(_CLICK_REPORT, [q, 0]) == [], f"{where}: feedback before a click"
        rights = 0
        for i, (text, right) in enumerate(panels):
            buttons.nth(i).click()  # scrolled into view first, as a reader would
            # the panels shown, once the clicked choice's feedback is one of them
            shown = page.wait_for_function(
                _SHOWN_AFTER, arg=[q, i, text[:60]], timeout=WAIT_MS
            ).json_value()
            assert len(shown) == 1, f"{where} q{q + 1} choice {i + 1}: {len(shown)} panels shown"
            assert shown[0]["text"] == text, f"{where} q{q + 1} choice {i + 1}: {shown[0]['text']}"
            assert shown[0]["right"] == right
            assert shown[0]["pressed"] == [j == i for j in range(len(panels))]
            rights += shown[0]["right"]
            clicks += 1
        assert rights == 1, f"{where} question {q + 1}: {rights} choices marked right"
    return clicks


def test_site_holds_every_question_the_chapters_ask(built_site: SiteBuild) -> None:
    """The built pages store at least as many questions as the chapters' code calls."""
    wanted = quiz_calls_in_chapters()
    found = sum(len(page_quizzes(built_site.html / f"{d}.html")) for d in PAGES)
    assert found >= wanted, f"the chapters call {wanted} question builders, the site stores {found}"


def test_every_question_of_the_arabic_edition_answers_back_in_arabic(
    built_site: SiteBuild,
) -> None:
    """Every feedback of every question in the Arabic edition (chapters run in Arabic)
    is Arabic, with no English word in it, and exactly one choice is right (a sample
    of Arabic pages is clicked in Chromium by tests/site/test_pages.py)."""
    from test_arabic_edition import _english_in

    wanted = quiz_calls_in_chapters()
    questions, english = 0, []
    for docname in PAGES:
        expected = page_quizzes(built_site.html / "ar" / f"{docname}.html")
        questions += len(expected)
        for q, panels in enumerate(expected):
            assert sum(right for _, right in panels) == 1, f"ar/{docname} q{q + 1}: {panels}"
            for text, _right in panels:
                assert re.search("[\u0600-\u06ff]", text), f"ar/{docname} q{q + 1}: {text}"
                english += [f"ar/{docname} q{q + 1}: {w}" for w in _english_in(text)]
    assert questions >= wanted
    assert english == []


#: the question prompts a reader sees on screen (rendered, not hidden by the style sheet)
_SHOWN_PROMPTS = """() => [...document.querySelectorAll('.bd-quiz-prompt')]
    .filter(e => e.checkVisibility()).map(e => e.textContent.trim())"""


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("demo-book")
    html_dir = build_demo_book(folder, DEMO_CELLS)
    with serve(html_dir) as url:
        yield html_dir, url


def test_demo_questions_answer_back(browser: Any, demo_site: Any) -> None:
    """Questions of every kind, in a throwaway book: each click shows its own panel."""
    html_dir, url = demo_site
    expected = page_quizzes(html_dir / "book/rules/demo.html")
    assert len(expected) == len(DEMO_CELLS) - 2
    for viewport in (None, PHONE):
        visit = Visit()
        page = open_page(browser, f"{url}book/rules/demo.html", visit, viewport=viewport)
        try:
            # each prompt is shown once on screen: the page text, not also the widget's
            # copy (readers counted 258 doubled prompts on 9 pages, issue 34)
            shown = page.evaluate(_SHOWN_PROMPTS)
            assert shown and all(n == 1 for n in Counter(shown).values()), shown
            clicks = click_every_choice(page, expected, "demo")
            assert clicks == sum(len(q) for q in expected)
            # the scorer needs a kernel: greyed out, inert, one line linking the live edition
            page.wait_for_selector(".bd-kernel-note a", timeout=WAIT_MS)
            notes = page.locator(".bd-kernel-note")
            assert notes.count() == 1
            assert notes.inner_text().startswith("This tool needs Python running")
            assert notes.locator("a").get_attribute("href").endswith("live/index.html")
            scorer = page.locator(".bd-needs-kernel")
            assert scorer.get_attribute("inert") == "" and "bd-no-kernel" in (
                scorer.get_attribute("class") or ""
            )
            assert page.locator(".bd-quiz.bd-no-kernel").count() == 0
            if viewport:
                assert page.evaluate(_SIDEWAYS) == []
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= PHONE["width"]
            assert visit.problems() == []
        finally:
            page.close()


_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
_SEARCH_TERMS = re.compile(r'"terms":\s*(\{.*?\})\s*,\s*"titles"', re.S)


def page_text(page: Path) -> str:
    """A built page's words as a reader's find (Ctrl+F) meets them before any click:
    the HTML without its scripts (where the widget state lives) and without tags."""
    text = _SCRIPT.sub(" ", page.read_text(encoding="utf-8"))
    return " ".join(html.unescape(_TAGS.sub(" ", text)).split())


@pytest.mark.parametrize("edition", ["", "ar/"])
def test_question_prompts_are_page_text_and_answers_are_not(
    built_site: SiteBuild, edition: str
) -> None:
    """Every question's prompt is in the page's text and the site's search index
    (site/ext/quiz_text.py), so search and Ctrl+F find it without a click; its
    feedback, the answer, is not (it shows when a choice is clicked)."""
    from quiz_text import quiz_words  # site/ext, on the path through browser_support
    from sphinx.search.en import SearchEnglish

    root = built_site.html / edition if edition else built_site.html
    toc = "_toc.yml"  # every edition has every page
    index = (root / "searchindex.js").read_text(encoding="utf-8")
    found = _SEARCH_TERMS.search(index)
    assert found is not None
    terms: dict[str, Any] = json.loads(found.group(1))
    # a word in a page's headings is indexed among its title terms instead
    titled = re.search(r'"titleterms":\s*(\{.*?\})\s*[,}]', index, re.S)
    if titled is not None:
        for word, docs in json.loads(titled.group(1)).items():
            had = terms.get(word, [])
            had = had if isinstance(had, list) else [had]
            terms[word] = had + (docs if isinstance(docs, list) else [docs])
    docnames = json.loads(re.search(r'"docnames":\s*(\[.*?\])', index).group(1))  # type: ignore[union-attr]
    stem = SearchEnglish({}).stem
    prompts = 0
    for docname in toc_docnames(ROOT, toc):
        page = root / f"{docname}.html"
        raw = page.read_text(encoding="utf-8")
        match = _STATE.search(raw)
        if match is None:
            continue
        state = json.loads(html.unescape(match.group(1)))["state"]
        text = page_text(page)
        for view in _VIEW.findall(raw):
            model_id = json.loads(html.unescape(view))["model_id"]
            for _title, prompt in quiz_words(state, model_id):
                prompts += 1
                assert prompt in text, f"{docname}: prompt not in the page text: {prompt!r}"
                words = [w for w in re.findall(r"[^\W\d_]{6,}", prompt)]
                key = (stem(words[0].lower()) if not edition else words[0]) if words else ""
                if key:
                    where = terms.get(key, [])
                    where = where if isinstance(where, list) else [where]
                    assert docnames.index(docname) in where, f"{docname}: {key!r} not indexed"
        for panels in page_quizzes(page):
            for feedback, _right in panels:
                assert feedback not in text, f"{docname}: an answer is page text: {feedback!r}"
    assert prompts >= 20, f"only {prompts} question prompts found in {root}"
