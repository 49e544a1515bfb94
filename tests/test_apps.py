"""The apps (issue 16): apps/*.md opened as pages that run by themselves on the live
edition's Pyodide, in the book built by the README's command (``built_site``).

In Chromium (Playwright) with a 400 px phone viewport and every request to a host
other than 127.0.0.1 aborted: each app shows its widget, with no code in view, no
error output and no sideways scrolling; the time from opening to a usable widget is
printed (cold first open, then the median of 3 warm opens, against the 10 s goal; the
test fails beyond LIMIT_SECONDS); the score sheet keeps its rounds across a reload, exports the engine's
JSON and imports it again.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from browser_support import SiteBuild
from offline import Visit
from support import load_tool

from block_dominoes.sheet import Sheet, dumps

ROOT = Path(__file__).resolve().parent.parent
#: the goal for a warm open (median of 3), printed beside the times measured; the
#: test fails beyond LIMIT_SECONDS, which leaves room for a machine busy with other
#: work (2 shared cores here: 7-10 s when quiet, over 20 s under a load of 10)
GOAL_SECONDS = 10.0
LIMIT_SECONDS = 30.0
#: the ceiling of each wait (ms): the live edition's (tests/test_live.py), since an app
#: boots the same Pyodide; 90 s was passed at a load of 26 on 2 cores (49 s at 14-20)
LIMIT_MS = 180_000
PHONE = {"width": 400, "height": 800}
#: what shows once an app's widget is there (a widget with something to press or type)
USABLE = ".jp-OutputArea-output .jupyter-widgets :is(button, input, textarea, select)"
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'


build_live = load_tool("tools/build_live.py")
live_edition = load_tool("site/ext/live_edition.py")
APPS = {app.name: app for app in build_live.read_apps()}


def test_the_five_apps_have_a_chapter_and_run_their_code_cells() -> None:
    assert set(APPS) == {"sheet", "scorer", "explorer", "play", "checker"}
    toc = (ROOT / "_toc.yml").read_text()
    for app in APPS.values():
        assert f"file: {app.chapter}\n" in toc, app.name
        query = app.query()
        assert "hideCodeInput=1" in query and "kernel=python" in query
        assert query.count("&code=") == len(app.cells) and "piplite.install" in unquote(query)
    assert live_edition.app_pages(ROOT)["book/tools/keep-score"] == ("sheet", "Score sheet")


def test_built_apps_index_and_chapter_links(built_site: SiteBuild) -> None:
    html = Path(built_site.html)
    index = (html / "apps" / "index.html").read_text()
    for name, app in APPS.items():
        assert f'href="{name}.html"' in index and app.title in index
        page = (html / "apps" / f"{name}.html").read_text()
        assert "../live/app/index.html?kernel=python" in page
        # the page opens the app in the language its address asks for (?lang=ar)
        targets = json.loads(page.split("var targets = ", 1)[1].split(";\n", 1)[0])
        assert set(targets) == {"en", "ar"} and targets["en"] != targets["ar"]
        assert 'LANG = "ar"' in unquote(targets["ar"].replace("+", " "))
        assert 'LANG = "en"' in unquote(targets["en"].replace("+", " "))
        assert f'href="{name}.html?lang=ar"' in index and app.words["ar"][0] in index
        chapter = (html / f"{app.chapter}.html").read_text()
        assert f'href="{live_edition.app_href(app.chapter, name)}"' in chapter, app.chapter
    shell = (html / "live" / "app" / "index.html").read_text()
    assert 'href="./app.css"' in shell and (html / "live" / "app" / "app.css").is_file()
    assert '<script src="../lang.js"></script>' in shell and (html / "live" / "lang.js").is_file()
    assert '<section class="bd-apps" lang="ar" dir="rtl"' in index
    # the Arabic links of the index and of the apps' rule links reach the Arabic book
    assert 'href="../ar/index.html"' in index and (html / "ar" / "index.html").is_file()
    from block_dominoes.i18n import _, language

    with language("ar"):
        card = _("../../book/reference/rules-card.html")
    assert (html / "live" / "app" / card).resolve().is_file(), card


class Phone:
    """A 400 px page with every off-site request aborted and recorded (and its page
    errors: uncaught exceptions in the page's scripts)."""

    def __init__(self, chromium: Any, base: str, width: int = PHONE["width"]) -> None:
        self.base = base
        self.context = chromium.new_context(viewport={**PHONE, "width": width})
        self.visit = Visit()
        self.visit.guard(self.context)
        self.page = self.context.new_page()
        self.visit.watch(self.page, console=False, requests=False)
        self.outside = self.visit.blocked  # requests that would have left the machine
        self.errors = self.visit.page_errors

    def open(self, name: str, query: str = "", usable: str = USABLE) -> float:
        """Open app ``name`` (``query``: ``?lang=ar``); seconds until ``usable`` shows."""
        started = time.monotonic()
        self.page.goto(f"{self.base}apps/{name}.html{query}")
        self.page.wait_for_selector(usable, timeout=LIMIT_MS)
        return time.monotonic() - started

    def check(self, name: str) -> None:
        page = self.page
        assert page.url.startswith(f"{self.base}live/app/index.html?"), page.url
        assert page.locator(STDERR).count() == 0, page.locator(STDERR).first.inner_text()
        # no code and no prompt in view: only the app's own output
        assert page.locator(".jp-CodeConsole-promptCell").is_hidden()
        assert all(not e.is_visible() for e in page.locator(".jp-Cell-inputWrapper").all())
        assert "piplite" not in page.locator("body").inner_text()
        # no stray value of a setup line (such as set_language's 'ar') above the app
        stray = page.locator(".jp-OutputArea-output", has_text=re.compile(r"^\s*'\w+'\s*$"))
        assert stray.count() == 0, stray.first.inner_text()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: the page scrolls sideways ({width} px)"
        # every control is on screen (an output clips what runs off its right edge)
        right = page.evaluate(
            """() => Math.max(...[...document.querySelectorAll(
                 '.jp-OutputArea-output :is(input, select, textarea, button)')]
               .filter((e) => e.offsetParent !== null)
               .map((e) => e.getBoundingClientRect().right))"""
        )
        assert right <= PHONE["width"], f"{name}: a control ends at {right:.0f} px, off screen"
        assert not self.outside, f"{name} asked for another host: {self.outside}"

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def base(site_url: str) -> str:
    return site_url


def test_each_app_opens_by_itself_on_a_phone(chromium: Any, base: str) -> None:
    for name, app in APPS.items():
        phone = Phone(chromium, base)
        try:
            seconds = phone.open(name)
            phone.check(name)
            assert phone.page.get_by_role("heading", name=app.title).is_visible()
            phone.page.screenshot(path=str(ROOT / "_build" / f"app-{name}-400.png"))
            print(f"\n{name}: usable {seconds:.1f} s after opening (cold)")
        finally:
            phone.close()


def test_the_scorer_is_usable_within_the_goal(chromium: Any, base: str) -> None:
    """Cold (a fresh browser profile), then 3 warm opens in the same profile; then the
    widget answers a change with the engine's result."""
    phone = Phone(chromium, base)
    try:
        cold = phone.open("scorer")
        warm = [phone.open("scorer") for _ in range(3)]
        phone.check("scorer")
        # the widget answers: the scorer's default hands give player 1 12 points
        box = phone.page.locator(".widget-text", has=phone.page.get_by_text("Player 3"))
        box.locator("input").fill("9")
        box.locator("input").press("Tab")  # the box sends its value when it loses focus
        phone.page.get_by_text("7 + 9 - 3 = 13").wait_for(timeout=LIMIT_MS)
    finally:
        phone.close()
    median = statistics.median(warm)
    print(
        f"\nscorer: cold {cold:.1f} s; warm {', '.join(f'{s:.1f}' for s in warm)} s, "
        f"median {median:.1f} s (goal {GOAL_SECONDS:.0f} s)"
    )
    assert median < LIMIT_SECONDS, f"median warm open {median:.1f} s (limit {LIMIT_SECONDS} s)"


#: an Arabic tool's widgets, usable: in the box lang.js gave dir="rtl" (bd-rtl)
USABLE_AR = '.bd-rtl[dir="rtl"][lang="ar"] .jupyter-widgets :is(button, input, textarea, select)'


def test_an_app_opens_in_arabic_right_to_left(chromium: Any, base: str) -> None:
    """``apps/scorer.html?lang=ar``: the Arabic intro, the scorer in Arabic in a box with
    dir="rtl", no page error, on a phone, offline; the English button rebuilds it in
    English. Times (printed): cold, then the median of 2 warm opens."""
    phone = Phone(chromium, base)
    page = phone.page
    try:
        cold = phone.open("scorer", "?lang=ar", USABLE_AR)
        warm = [phone.open("scorer", "?lang=ar", USABLE_AR) for _ in range(2)]
        phone.check("scorer")
        title, _summary = APPS["scorer"].words["ar"]
        assert page.locator('[dir="rtl"][lang="ar"] h1', has_text=title).is_visible()
        box = page.locator('.bd-rtl[dir="rtl"][lang="ar"]')
        assert box.evaluate("e => getComputedStyle(e).direction") == "rtl"
        text = box.inner_text()
        assert "اللاعب" in text and "Player" not in text, text
        # the default hands 3, 7, 8 are scored in Arabic, the rule id kept (R16)
        answer = box.locator(".bd-answer").first.inner_text()
        assert "نقطة" in answer and "R16" in answer, answer
        page.screenshot(path=str(ROOT / "_build" / "app-scorer-ar-400.png"))
        page.locator(".bd-language-choice button", has_text="English").click()
        page.locator(".bd-lang-en .bd-answer", has_text="7 + 8 - 3 = 12").wait_for(timeout=LIMIT_MS)
        assert page.locator(".bd-rtl").count() == 0
        assert phone.errors == [], phone.errors
        assert not phone.outside, phone.outside
    finally:
        phone.close()
    # Reported, not asserted: test_the_scorer_is_usable_within_the_goal holds the limit
    # (the same page and engine; a loaded machine must not fail this test on time alone).
    median = statistics.median(warm)
    print(
        f"\nscorer in Arabic: cold {cold:.1f} s; warm {', '.join(f'{s:.1f}' for s in warm)} s, "
        f"median {median:.1f} s (goal {GOAL_SECONDS:.0f} s)"
    )


def _hands(page: Any, seat: int) -> Any:
    return page.locator(".widget-text", has=page.get_by_text(f"Player {seat}", exact=True)).locator(
        "input"
    )


def choose(page: Any, path: Path) -> None:
    """Import ``path`` with the app's Import button (ipywidgets' FileUpload opens the
    browser's file chooser from a file input that is not in the page)."""
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(str(path))


def test_the_score_sheet_keeps_exports_and_imports(
    chromium: Any, base: str, tmp_path: Path
) -> None:
    expected = Sheet.new("pagat", 3).add_hands(["-", "7", "8"])
    phone = Phone(chromium, base)
    page = phone.page
    try:
        phone.open("sheet")
        # the app's last cell has run (its Export link is drawn at the end): typing
        # into a box whose view is still being wired up can be lost
        page.locator("a.bd-export").wait_for(timeout=LIMIT_MS)
        for seat, hand in enumerate(["-", "7", "8"], start=1):
            _hands(page, seat).fill(hand)
            _hands(page, seat).press("Tab")  # a box sends its value when it loses focus
        page.get_by_role("button", name="Record").click()
        page.get_by_text("player 1 scores 15").first.wait_for(timeout=LIMIT_MS)
        # kept in the browser: a reload (the app starts afresh) shows the round again
        phone.open("sheet")
        page.get_by_text("player 1 scores 15").first.wait_for(timeout=LIMIT_MS)
        phone.check("sheet")
        # Export: the engine's own JSON, which the CLI reads
        href = page.locator("a.bd-export").get_attribute("href")
        assert href is not None and href.startswith("data:application/json")
        exported = unquote(href.split(",", 1)[1])
        assert exported == dumps(expected)
        assert Sheet.from_json(json.loads(exported)).scores == (15, 0, 0)
        # Import a two-round sheet, confirming the replacement of the current one
        two = expected.add_hands(["5", "-", "4"])
        path = tmp_path / "two.json"
        path.write_text(dumps(two))
        choose(page, path)
        page.get_by_role("button", name="Yes, replace it").click()
        page.get_by_text("loaded 2 rounds").wait_for(timeout=LIMIT_MS)
        # a corrupt file is refused in one line and changes nothing
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        choose(page, bad)
        page.get_by_role("button", name="Yes, replace it").click()
        page.get_by_text("not valid JSON").wait_for(timeout=LIMIT_MS)
        href = page.locator("a.bd-export").get_attribute("href")
        assert href is not None and unquote(href.split(",", 1)[1]) == dumps(two)
        # the language buttons build the app again, in Arabic, from the kept sheet
        page.locator(".bd-language-choice button", has_text="العربية").click()
        arabic = page.locator('.bd-rtl[dir="rtl"] a.bd-export', has_text="تصدير")
        arabic.wait_for(timeout=LIMIT_MS)
        href = arabic.get_attribute("href")
        assert href is not None and unquote(href.split(",", 1)[1]) == dumps(two)
        assert page.locator(STDERR).count() == 0
    finally:
        phone.close()
