"""The apps (issues 16 and 21): apps/*.md as pages that run by themselves on the site's
Pyodide, with the book's ipywidgets drawn by the vendored html-manager (no JupyterLab),
in the book built by the README's command (``built_site``).

In Chromium (Playwright) with a 400 px phone viewport and every request to a host
other than 127.0.0.1 aborted: each app sets ``data-app-ready`` once a control works,
shows no error and does not scroll sideways (a screenshot of each, in English and in
Arabic, goes to _build/app-NAME-400.png); the scorer opens within RATIO_LIMIT x bare
Pyodide's time in the same run (bench/apps.py's measurement: cold and warm times are
printed); the score sheet keeps its rounds across a reload and a closed tab, exports the
engine's JSON and imports it again; after a first visit, every app opens offline.
"""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from browser_support import SiteBuild

from block_dominoes.sheet import Sheet, dumps

ROOT = Path(__file__).resolve().parents[2]
#: the goals (issue 21): a warm open within 1.3x bare Pyodide, and 10 s on a quiet
#: 2-core machine (printed beside the times; a machine shared with other work is slower,
#: so the test holds the ratio, measured in the same run, and only LIMIT_SECONDS)
RATIO_LIMIT = 1.3
GOAL_SECONDS = 10.0
LIMIT_SECONDS = 60.0
#: the live edition's ceiling: 90 s was passed at a load of 26 on 2 cores, and 180 s
#: with two busy loops beside the tests (load 117, 2026-12-03); a condition, so a quiet
#: machine is as fast as before
LIMIT_MS = 420_000
PHONE = {"width": 400, "height": 800}
READY = "html[data-app-ready], html[data-app-failed]"


def load_tool(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the tools import each other by name
    spec.loader.exec_module(module)
    return module


build_live = load_tool("build_live", ROOT / "tools" / "build_live.py")
build_apps = build_live.apps_module()
bench = load_tool("bench_apps", ROOT / "bench" / "apps.py")
live_edition = load_tool("live_edition", ROOT / "site" / "ext" / "live_edition.py")
APPS = {app.name: app for app in build_apps.read_apps()}


def test_the_five_apps_have_a_chapter_and_code_in_each_language() -> None:
    assert set(APPS) == {"sheet", "scorer", "explorer", "play", "checker"}
    toc = (ROOT / "_toc.yml").read_text()
    for app in APPS.values():
        assert f"file: {app.chapter}\n" in toc, app.name
        langs = build_apps.languages()
        assert set(app.cells_by_lang) == set(langs) == {"en", "ar", "bg", "el", "tr"}
        for lang in langs:
            assert f'LANG = "{lang}"' in app.cells_by_lang[lang][0]
            assert "<h1>" in app.prose[lang], (app.name, lang)
        assert len({app.prose[lang] for lang in langs}) == len(langs), app.name
        # the page installs the packages: no piplite (JupyterLite's) left in the code
        assert not any("piplite" in cell for cell in app.cells)
    assert live_edition.app_pages(ROOT)["book/tools/keep-score"] == ("sheet", "Score sheet")


def page_config(html: Path, name: str) -> dict[str, Any]:
    page = (html / "apps" / f"{name}.html").read_text(encoding="utf-8")
    text = page.split('<script type="application/json" id="bd-app">', 1)[1].split("</script>")[0]
    config: dict[str, Any] = json.loads(text)
    return config


def test_built_apps_pages_manifests_and_offline_list(built_site: SiteBuild) -> None:
    html = Path(built_site.html)
    apps = html / "apps"
    index = (apps / "index.html").read_text()
    worker = (apps / "sw.js").read_text()
    kept = json.loads(worker.split("var FILES = ", 1)[1].split(";\n", 1)[0])
    for name, app in APPS.items():
        assert f'href="{name}.html"' in index and app.title in index
        assert f'href="{name}.html?lang=ar"' in index and app.words["ar"][0] in index
        config = page_config(html, name)
        assert config["code"] == app.cells_by_lang
        # what the page loads is in the site, and kept for offline use
        loads = [f"{config['pyodide']}pyodide.js", *config["wheels"]]
        loads += [f"{config['vendor']}html-manager/embed-amd.js", "app.js", f"{name}.html"]
        for rel in loads:
            assert (apps / rel).resolve().is_file(), rel
            assert rel in kept, f"sw.js does not keep {rel}"
        for suffix, lang in (("", "en"), (".ar", "ar")):
            manifest = json.loads((apps / f"{name}{suffix}.webmanifest").read_text())
            assert manifest["lang"] == lang and manifest["name"] == app.words[lang][0]
            assert manifest["start_url"].startswith(f"{name}.html")
            assert manifest["display"] == "standalone"
            assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
        chapter = (html / f"{app.chapter}.html").read_text()
        assert f'href="{live_edition.app_href(app.chapter, name)}"' in chapter, app.chapter
    assert all((apps / rel).resolve().is_file() for rel in kept if rel != "./"), kept
    assert not (html / "live" / "app").exists()  # the JupyterLite REPL shell is gone
    assert '<section class="bd-apps" lang="ar" dir="rtl"' in index
    assert 'href="../ar/index.html"' in index and (html / "ar" / "index.html").is_file()
    # the widgets' rule links (written for live/app/) reach the book from the apps too
    from block_dominoes.i18n import _, language

    with language("ar"):
        card = _("../../book/reference/rules-card.html")
    base = (html / "apps" / page_config(html, "scorer")["links"]).parent
    assert (base / card).resolve().is_file(), card


class Phone:
    """A 400 px browser context with every off-site request aborted and recorded (and
    its page errors: uncaught exceptions in the page's scripts)."""

    def __init__(self, chromium: Any, base: str) -> None:
        self.base = base
        self.context = chromium.new_context(viewport=PHONE)
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.new_page()

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base, "data:", "blob:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def open(self, name: str, query: str = "") -> float:
        """Open app ``name`` (``query``: ``?lang=ar``); seconds until it is ready."""
        started = time.monotonic()
        self.page.goto(f"{self.base}apps/{name}.html{query}", wait_until="commit")
        self.page.wait_for_selector(READY, timeout=LIMIT_MS)
        failed = self.page.get_attribute("html", "data-app-failed")
        assert failed is None, self.page.locator("#bd-status").inner_text()
        return time.monotonic() - started

    def check(self, name: str) -> None:
        page = self.page
        assert page.locator("#bd-status").is_hidden()
        assert page.locator("#bd-error").is_hidden(), page.locator("#bd-error").inner_text()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{name}: the page scrolls sideways ({width} px)"
        # every control is on screen
        right = page.evaluate(
            """() => Math.max(...[...document.querySelectorAll(
                 '#bd-app-root :is(input, select, textarea, button)')]
               .filter((e) => e.offsetParent !== null)
               .map((e) => e.getBoundingClientRect().right))"""
        )
        assert right <= PHONE["width"], f"{name}: a control ends at {right:.0f} px, off screen"
        assert not self.outside, f"{name} asked for another host: {self.outside}"
        assert self.errors == [], self.errors

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def base(site_url: str) -> str:
    return site_url


def scores_and_speaks_arabic(phone: Phone) -> None:
    """The open scorer answers a change (the box sends its value when it loses focus),
    and its language buttons build it again in Arabic, right to left."""
    page = phone.page
    box = page.locator(".widget-text", has=page.get_by_text("Player 3"))
    box.locator("input").fill("9")
    box.locator("input").press("Tab")
    page.get_by_text("7 + 9 - 3 = 13").wait_for(timeout=LIMIT_MS)
    page.locator(".bd-language-choice button", has_text="العربية").click()
    answer = page.locator('.bd-rtl[dir="rtl"][lang="ar"] .bd-answer').first
    answer.wait_for(timeout=LIMIT_MS)
    assert "نقطة" in answer.inner_text() and "R16" in answer.inner_text()
    phone.check("scorer")


def test_each_app_opens_by_itself_on_a_phone_and_offline(chromium: Any, base: str) -> None:
    """Each app in English, with a screenshot (the scorer answers a change and switches
    to Arabic in place); then, the service worker having kept the apps, each opens
    again in Arabic (``?lang=ar``, the same page) with the network off."""
    phone = Phone(chromium, base)
    page = phone.page
    try:
        for name, app in APPS.items():
            seconds = phone.open(name)
            phone.check(name)
            assert page.get_by_role("heading", name=app.title).is_visible()
            assert page.locator("#bd-app-root .jupyter-widgets").first.is_visible()
            # the widgets' icon font and the text faces are in (a condition, not a pause)
            page.wait_for_function("document.fonts.status === 'loaded'", timeout=LIMIT_MS)
            page.screenshot(path=str(ROOT / "_build" / f"app-{name}-400.png"), full_page=True)
            print(f"\n{name}: ready {seconds:.1f} s after opening")
            if name == "scorer":
                scores_and_speaks_arabic(phone)
        # the service worker keeps every file an app needs (in every language)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LIMIT_MS)
        phone.context.set_offline(True)
        for name, app in APPS.items():
            phone.open(name, "?lang=ar")
            phone.check(name)
            assert page.evaluate(
                "[document.documentElement.lang, document.documentElement.dir]"
            ) == ["ar", "rtl"]
            assert page.get_by_role("heading", name=app.words["ar"][0]).is_visible()
            assert page.locator('#bd-app-root .bd-rtl[dir="rtl"][lang="ar"]').count() == 1
            page.screenshot(path=str(ROOT / "_build" / f"app-{name}-ar-400.png"), full_page=True)
    finally:
        phone.close()


def test_the_scorer_opens_within_the_ratio_to_bare_pyodide(chromium: Any, base: str) -> None:
    """bench/apps.py's measurement: bare Pyodide and the scorer, each in its own
    context, cold then 2 warm opens taking turns (the scorer answering a change is
    checked on its phone visit)."""
    html = ROOT / "_build" / "html"
    times = bench.measure(chromium, base, html, ["scorer"], warm=2)
    print("\n" + "\n".join(bench.report(times)))
    bare = statistics.median(times["bare"][1])
    warm = statistics.median(times["scorer"][1])
    assert warm <= RATIO_LIMIT * bare, f"scorer {warm:.1f} s warm, bare Pyodide {bare:.1f} s"
    assert warm < LIMIT_SECONDS, f"scorer {warm:.1f} s warm (goal {GOAL_SECONDS:.0f} s)"


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


def record(page: Any, hands: list[str]) -> None:
    for seat, hand in enumerate(hands, start=1):
        _hands(page, seat).fill(hand)
        _hands(page, seat).press("Tab")  # a box sends its value when it loses focus
    page.get_by_role("button", name="Record").click()


def exported(page: Any) -> str:
    href = page.locator("a.bd-export").get_attribute("href")
    assert href is not None and href.startswith("data:application/json")
    return unquote(href.split(",", 1)[1])


def test_the_score_sheet_keeps_exports_and_imports(
    chromium: Any, base: str, tmp_path: Path
) -> None:
    one = Sheet.new("pagat", 3).add_hands(["-", "7", "8"])
    two = one.add_hands(["5", "-", "4"])
    phone = Phone(chromium, base)
    page = phone.page
    try:
        phone.open("sheet")
        record(page, ["-", "7", "8"])
        page.get_by_text("player 1 scores 15").first.wait_for(timeout=LIMIT_MS)
        # kept in the browser: a reload (the app starts afresh) shows the round again
        phone.open("sheet")
        page.get_by_text("player 1 scores 15").first.wait_for(timeout=LIMIT_MS)
        phone.check("sheet")
        assert exported(page) == dumps(one)  # the engine's own JSON, which the CLI reads
        assert Sheet.from_json(json.loads(exported(page))).scores == (15, 0, 0)
        # a round recorded just before the tab closes is kept
        record(page, ["5", "-", "4"])
        page.get_by_text("player 2 scores 9").first.wait_for(timeout=LIMIT_MS)
        page.close()
        phone.page = page = phone.new_page()
        phone.open("sheet")
        assert exported(page) == dumps(two)
        # Import a one-round sheet, confirming the replacement of the current one
        path = tmp_path / "one.json"
        path.write_text(dumps(one))
        choose(page, path)
        page.get_by_role("button", name="Yes, replace it").click()
        page.get_by_text("loaded 1 round").wait_for(timeout=LIMIT_MS)
        assert exported(page) == dumps(one)
        # a corrupt file is refused in one line and changes nothing
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        choose(page, bad)
        page.get_by_role("button", name="Yes, replace it").click()
        page.get_by_text("not valid JSON").wait_for(timeout=LIMIT_MS)
        assert exported(page) == dumps(one)
        # the language buttons build the app again, in Arabic, from the kept sheet
        page.locator(".bd-language-choice button", has_text="العربية").click()
        arabic = page.locator('.bd-rtl[dir="rtl"] a.bd-export', has_text="تصدير")
        arabic.wait_for(timeout=LIMIT_MS)
        href = arabic.get_attribute("href")
        assert href is not None and unquote(href.split(",", 1)[1]) == dumps(one)
        phone.check("sheet")
    finally:
        phone.close()


def test_a_sheet_the_jupyterlite_app_kept_is_carried_over(chromium: Any, base: str) -> None:
    """The score sheet app of before issue 21 kept its sheet in JupyterLite's file
    storage (IndexedDB); the new app finds it there on its first open."""
    one = Sheet.new("pagat", 3).add_hands(["-", "7", "8"])
    phone = Phone(chromium, base)
    page = phone.page
    try:
        page.goto(f"{base}apps/index.html")
        page.evaluate(
            """(text) => new Promise((resolve, reject) => {
                 const name = "JupyterLite Storage - " + new URL("../live/", location.href).pathname;
                 const open = indexedDB.open(name, 2);
                 open.onupgradeneeded = () => open.result.createObjectStore("files");
                 open.onerror = () => reject(open.error);
                 open.onsuccess = () => {
                   const tx = open.result.transaction("files", "readwrite");
                   tx.objectStore("files").put({name: "score-sheet.json", path:
                     "score-sheet.json", type: "file", format: "text", content: text},
                     "score-sheet.json");
                   tx.oncomplete = () => { open.result.close(); resolve(true); };
                   tx.onerror = () => reject(tx.error);
                 };
               })""",
            dumps(one),
        )
        phone.open("sheet")
        page.get_by_text("player 1 scores 15").first.wait_for(timeout=LIMIT_MS)
        assert exported(page) == dumps(one)
        phone.check("sheet")
    finally:
        phone.close()


def test_a_failed_start_says_what_failed(chromium: Any, base: str) -> None:
    """With the engine's wheel missing (a 404), the page says in one line which step
    failed and offers to try again; it is never blank and never marked ready."""
    context = chromium.new_context(viewport=PHONE)
    try:
        context.route("**/wheels/block_dominoes-*.whl", lambda route: route.fulfill(status=404))
        page = context.new_page()
        page.goto(f"{base}apps/scorer.html", wait_until="commit")
        page.wait_for_selector(READY, timeout=LIMIT_MS)
        assert page.get_attribute("html", "data-app-ready") is None
        said = page.locator("#bd-status").inner_text()
        assert "The app did not start (Installing the rules engine…)." in said, said
        assert "block_dominoes-" in said and "HTTP 404" in said, said
        assert page.get_by_role("button", name="Try again").is_visible()
    finally:
        context.close()
