"""The live edition (issue 7): JupyterLite notebooks that run the engine and its
widgets in the browser, from the files served with the site and nothing else.

The browser tests assemble the live site with ``tools/build_live.py`` (cached: a
second run only copies it), serve it on 127.0.0.1, and drive Debian's Chromium with
Playwright. Every request to any other host is aborted and recorded, and the test
fails if there was one. Without Chromium they are skipped with a reason, unless
``BLOCK_DOMINOES_REQUIRE_BROWSER=1`` (CI), which makes that a failure.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import require_browser
from offline import Visit as OfflineVisit
from offline import serve
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support import load_tool

from block_dominoes.tiles import Tile
from block_dominoes.widgets.explorer import build_line, legal_text

ROOT = Path(__file__).resolve().parents[2]
#: the goal for the first widget answer after page load; the hard limit fails the test
GOAL_SECONDS = 20.0
#: an output on stderr: a traceback (JupyterLab renders errors so) or a warning
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
#: The hard limit for the first answer, and the ceiling of every wait. Pyodide
#: starting under load (a build beside the tests, two cores shared) took more than
#: 60 s (issue 13), so the ceilings are generous; each wait is on an explicit
#: condition (an element, an output), never a fixed sleep, so a fast machine
#: finishes as fast as before. The goal above still warns when it is missed.
LIMIT_SECONDS = 180.0
#: 180 s was not enough with two busy loops on the 2 cores (a fresh-clone run,
#: 2026-12-03: the checker notebook and an app booting Pyodide at once, load 117)
CEILING_MS = 420_000
#: how long the first Run All may take to say Ready before it is sent again
RETRY_MS = 90_000
#: what the first cell prints once the engine is installed, in English and Arabic
READY = "Ready: the engine"
READY_AR = "جاهز: المحرك"


def load_extension() -> Any:
    return load_tool("site/ext/live_edition.py")


# --- without a browser -------------------------------------------------------------


def test_run_live_links_are_relative_to_the_page() -> None:
    ext = load_extension()
    assert ext.live_href("book/play/play", "play") == (
        "../../live/notebooks/index.html?path=play.ipynb"
    )
    assert ext.live_href("index", "explorer") == ("live/notebooks/index.html?path=explorer.ipynb")


def test_every_live_notebook_has_a_chapter_that_links_to_it() -> None:
    ext = load_extension()
    pages = ext.live_pages(ROOT)
    assert sorted(pages.values()) == sorted(p.stem for p in (ROOT / "live").glob("*.ipynb"))
    toc = (ROOT / "_toc.yml").read_text()
    for docname in pages:
        assert f"file: {docname}\n" in toc, f"{docname} is not a page of the book"
    assert pages["book/play/play"] == "play"


def test_built_pages_link_to_their_live_twin(request: pytest.FixtureRequest) -> None:
    """In the book built by the README's command, each page with a live twin links to
    it, and the link resolves to a notebook the live edition serves."""
    if os.environ.get("BLOCK_DOMINOES_LIVE_ONLY") == "1":
        pytest.skip("BLOCK_DOMINOES_LIVE_ONLY=1: the book is not built")
    try:
        site = request.getfixturevalue("built_site")
    except pytest.FixtureLookupError:
        pytest.skip("no built_site fixture (tests/browser_support.py)")
    html_root = Path(site.html)
    for docname, name in load_extension().live_pages(ROOT).items():
        page = (html_root / f"{docname}.html").read_text()
        href = load_extension().live_href(docname, name)
        assert f'href="{href}"' in page, docname
        assert (html_root / docname).parent.joinpath(href.split("?")[0]).resolve().is_file()
        assert (html_root / "live" / "files" / f"{name}.ipynb").is_file()
        # The Arabic edition's chapter opens the notebook's Arabic copy, and its app in Arabic.
        ar_page = (html_root / "ar" / f"{docname}.html").read_text()
        ar_href = "../" + load_extension().live_href(docname, f"ar/{name}")
        assert f'href="{ar_href}"' in ar_page, docname
        assert (html_root / "live" / "files" / "ar" / f"{name}.ipynb").is_file()
        apps = load_extension().app_pages(ROOT, "ar")
        if docname in apps:
            app_name, title = apps[docname]
            assert f'href="../{load_extension().app_href(docname, app_name)}?lang=ar"' in ar_page
            assert title in ar_page and not title.isascii()


def test_the_build_has_a_live_step_and_every_book_gets_the_live_lines() -> None:
    steps = (ROOT / "tools" / "build.py").read_text()
    assert "def live_step(" in steps and "build_live.build(" in steps
    # every edition's config is _config.yml's with its words (tools/build.py)
    text = (ROOT / "_config.yml").read_text()
    assert "live_edition: site/ext" in text, "_config.yml must load site/ext/live_edition.py"


def test_live_notebooks_install_then_make_one_widget_call() -> None:
    notebooks = sorted((ROOT / "live").glob("*.ipynb"))
    assert {p.stem for p in notebooks} >= {"explorer", "scorer", "play", "sheet", "checker"}
    for path in notebooks:
        nb = json.loads(path.read_text())
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        first = "".join(code[0]["source"])
        assert "piplite.install" in first and "Could not install" in first, path.name
        assert 'LANG = "en"' in first and "set_language(LANG)" in first, path.name
        calls = ["".join(c["source"]) for c in code[1:]]
        assert len(calls) == 1 and "widgets.language_choice(" in calls[0], path.name
        assert all(not c.get("outputs") for c in code), f"{path.name}: stored outputs"


def test_the_kernel_wheels_match_the_pinned_pyodide_lock() -> None:
    """Every wheel pin names a version, and the pins cover what the kernel loads."""
    pins = [
        line.split()[0]
        for line in (ROOT / "tools" / "lite" / "kernel-requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    names = {pin.split("==")[0].lower().replace("_", "-") for pin in pins}
    assert all("==" in pin for pin in pins)
    assert {"micropip", "ipython", "jedi", "traitlets"} <= names
    lock = json.loads((ROOT / "tools" / "lite" / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"].count(".") == 2


def load_build_live() -> Any:
    return load_tool("tools/build_live.py")


def fake_core(folder: Path, packages: dict[str, dict[str, Any]]) -> Path:
    folder.mkdir()
    for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        (folder / name).write_text("core")
    (folder / "python_stdlib.zip").write_bytes(b"zip")
    lock = {"info": {}, "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock))
    return folder


def entry(name: str, *depends: str) -> dict[str, Any]:
    return {
        "name": name,
        "file_name": f"{name}-1.0-py3-none-any.whl",
        "sha256": "0" * 64,
        "depends": list(depends),
    }


def test_the_kernel_closure_follows_the_lock_dependencies() -> None:
    build_live = load_build_live()
    lock = {
        "packages": {
            "micropip": entry("micropip"),
            "ipython": entry("ipython", "traitlets", "Pygments"),
            "jedi": entry("jedi", "parso"),
            "parso": entry("parso"),
            "traitlets": entry("traitlets"),
            "pygments": entry("Pygments"),
            "numpy": entry("numpy"),  # not needed by the kernel
        }
    }
    names = [e["name"] for e in build_live.kernel_closure(lock)]
    assert sorted(names) == ["Pygments", "ipython", "jedi", "micropip", "parso", "traitlets"]
    del lock["packages"]["parso"]
    with pytest.raises(build_live.BuildError, match="parso"):
        build_live.kernel_closure(lock)


def test_staging_writes_the_bundled_wheels_hashes_into_the_lock(tmp_path: Path) -> None:
    build_live = load_build_live()
    packages = {n: entry(n) for n in ("micropip", "ipython", "jedi", "numpy")}
    core = fake_core(tmp_path / "core", packages)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    for name in ("micropip", "ipython"):
        (wheels / f"{name}-1.0-py3-none-any.whl").write_bytes(name.encode())
    with pytest.raises(build_live.BuildError, match=r"jedi-1\.0-py3-none-any\.whl"):
        build_live.stage_pyodide(core, wheels, tmp_path / "out1")
    (wheels / "jedi-1.0-py3-none-any.whl").write_bytes(b"jedi")
    build_live.stage_pyodide(core, wheels, tmp_path / "out2")
    lock = json.loads((tmp_path / "out2" / "pyodide-lock.json").read_text())["packages"]
    for name in ("micropip", "ipython", "jedi"):
        assert lock[name]["sha256"] == hashlib.sha256(name.encode()).hexdigest()
        assert (tmp_path / "out2" / f"{name}-1.0-py3-none-any.whl").is_file()
    assert lock["numpy"]["sha256"] == "0" * 64  # not bundled: left as Pyodide has it
    assert not (tmp_path / "out2" / "numpy-1.0-py3-none-any.whl").exists()


def test_language_choice_rebuilds_the_tool_in_the_chosen_language() -> None:
    """The buttons above a live tool: Arabic rebuilds it in Arabic, in a box the page
    script marks dir="rtl" (classes bd-rtl, bd-lang-ar), and keeps the choice in the
    widget (``lang``), never in the process-wide default; English rebuilds it as before."""
    from block_dominoes import widgets
    from block_dominoes.i18n import get_language, set_language

    def texts(widget: Any) -> str:
        own = " ".join(str(getattr(widget, k, "")) for k in ("value", "description"))
        return own + " ".join(texts(c) for c in getattr(widget, "children", ()))

    try:
        choice = widgets.language_choice(widgets.round_scorer)
        assert choice.choice.options == (
            ("English", "en"),
            ("العربية", "ar"),
            ("Български", "bg"),
            ("Ελληνικά", "el"),
            ("Türkçe", "tr"),
        )
        english = texts(choice.tool)
        assert "Player 1" in english and "bd-rtl" not in choice.holder.children[0]._dom_classes
        choice.choice.value = "ar"
        box = choice.holder.children[0]
        assert {"bd-rtl", "bd-lang-ar"} <= set(box._dom_classes)
        arabic = texts(choice.tool)
        assert "Player 1" not in arabic and "اللاعب" in arabic
        assert choice.lang == "ar" and get_language() == "en"
        choice.choice.value = "en"
        assert texts(choice.tool) == english and choice.lang == "en"
        made = widgets.language_choice(widgets.play, "ar")
        assert made.choice.value == made.lang == "ar" and get_language() == "en"
        assert made.tool.lang == "ar"  # the tool's own field: its clicks speak Arabic
    finally:
        set_language(None)


def test_each_notebook_is_published_in_every_language(tmp_path: Path) -> None:
    """English at the top, a copy per catalog language in its folder: that language's
    prose (right to left in a dir="rtl" block), the same code with LANG said."""
    build_live = load_build_live()
    notebooks = sorted((ROOT / "live").glob("*.ipynb"))
    build_live.write_notebooks(notebooks, tmp_path)
    assert build_live.languages() == ("en", "ar", "bg", "el", "tr")
    for path in notebooks:
        source = json.loads(path.read_text())["cells"]
        en = json.loads((tmp_path / path.name).read_text())["cells"]
        ar = json.loads((tmp_path / "ar" / path.name).read_text())["cells"]
        langs = build_live.languages()
        assert len(en) == len(ar) == len(source) - (len(langs) - 1)  # one prose cell each
        assert en[0]["source"].startswith("# ") and "(live)" in en[0]["source"]
        assert "(مباشرة)" not in en[0]["source"]
        assert ar[0]["source"].startswith('<div dir="rtl" lang="ar">\n\n# ')
        assert "(مباشرة)" in ar[0]["source"] and "(live)" not in ar[0]["source"]
        assert 'LANG = "en"' in en[1]["source"] and 'LANG = "ar"' in ar[1]["source"]
        assert en[1]["source"].replace('"en"', '"ar"', 1) == ar[1]["source"]
        assert en[2]["source"] == ar[2]["source"]
        assert all("lang-ar" not in c.get("metadata", {}).get("tags", []) for c in en + ar)
        for lang in langs[2:]:  # the other languages: their prose, left to right
            copy = json.loads((tmp_path / lang / path.name).read_text())["cells"]
            assert len(copy) == len(en) and not copy[0]["source"].startswith("<div")
            assert copy[0]["source"] != en[0]["source"] and copy[1:] != en[1:]
    # a notebook without its LANG line, or without prose in a language, is refused
    broken = tmp_path / "broken.ipynb"
    nb = json.loads(notebooks[0].read_text())
    nb["cells"] = [c for c in nb["cells"] if "lang-ar" not in c["metadata"].get("tags", [])]
    broken.write_text(json.dumps(nb))
    with pytest.raises(build_live.BuildError, match="no prose in 'ar'"):
        build_live.write_notebooks([broken], tmp_path / "x")


def test_an_unzipped_wheel_speaks_arabic_without_babel(tmp_path: Path) -> None:
    """In Pyodide the engine's wheel is unzipped with fresh times (the .po may be dated
    after the .mo) and Babel is not there: the compiled .mo must still be read."""
    import shutil

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    package = tmp_path / "block_dominoes"
    shutil.copytree(
        ROOT / "src" / "block_dominoes", package, ignore=shutil.ignore_patterns("__pycache__")
    )
    folder = package / "locale" / "ar" / "LC_MESSAGES"
    with (folder / "block_dominoes.po").open("rb") as f:
        catalog = read_po(f, locale="ar")
    with (folder / "block_dominoes.mo").open("wb") as f:
        write_mo(f, catalog)
    later = (folder / "block_dominoes.mo").stat().st_mtime + 5
    os.utime(folder / "block_dominoes.po", (later, later))
    code = (
        "import sys; sys.modules['babel'] = None\n"
        "from block_dominoes.i18n import _, language\n"
        "with language('ar'): print(_('Player {seat}'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        check=True,
    )
    assert done.stdout.strip() == "اللاعب {seat}"


def test_the_checker_links_the_rules_card_of_its_language() -> None:
    """The live checker's rule links reach the static book's rules card (two folders up
    from live/notebooks/ and live/app/), the Arabic edition's in Arabic."""
    from block_dominoes.i18n import _, language

    with language("en"):
        card = _("../../book/reference/rules-card.html")
    with language("ar"):
        card_ar = _("../../book/reference/rules-card.html")
        variants_ar = _("../../book/reference/variants.html")
    assert card == "../../book/reference/rules-card.html"
    assert card_ar == "../../ar/book/reference/rules-card.html"
    assert variants_ar == "../../ar/book/reference/variants.html"
    for name in ("checker.md",):
        assert '_("../../book/reference/rules-card.html")' in (ROOT / "live" / name).read_text()
        assert '_("../../book/reference/rules-card.html")' in (ROOT / "apps" / name).read_text()


# --- in the browser --------------------------------------------------------------


@pytest.fixture(scope="module")
def live_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live edition made by the README's build (tests/browser_support.py's
    ``built_site``) when that fixture exists; else (or with BLOCK_DOMINOES_LIVE_ONLY=1)
    assembled on its own by tools/build_live.py. BLOCK_DOMINOES_LIVE_SITE=DIR tests
    an edition already built at DIR (e.g. a private build's _build/html/live)."""
    require_browser()
    if os.environ.get("BLOCK_DOMINOES_LIVE_SITE"):
        given = Path(os.environ["BLOCK_DOMINOES_LIVE_SITE"]).resolve()
        assert given.name == "live" and (given / "index.html").is_file(), (
            f"BLOCK_DOMINOES_LIVE_SITE={given} is not a built live/ folder"
        )
        return given
    if os.environ.get("BLOCK_DOMINOES_LIVE_ONLY") != "1":
        try:
            site = request.getfixturevalue("built_site")
        except pytest.FixtureLookupError:
            pass
        else:
            live = Path(site.html) / "live"
            assert (live / "index.html").is_file(), (
                "python tools/build.py made no live/ (its live step: tools/build_live.py)"
            )
            return live
    out = tmp_path_factory.mktemp("site") / "live"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_live.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def live_url(live_site: Path) -> Iterator[str]:
    """The folder holding live/ (the built book, or only the live edition) served on
    127.0.0.1; the URL of the server's root, without a trailing slash."""
    with serve(live_site.parent) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="module")
def live_browser(live_site: Path, chromium: Any) -> Any:
    """Headless Chromium (shared with the site test); each test opens its own
    context, so no service worker is shared between pages."""
    return chromium


class Visit:
    """A page of the live site with every off-site request aborted and recorded."""

    def __init__(self, browser: Any, site_url: str) -> None:
        self.site_url = site_url
        self.live_url = f"{site_url}/live"
        self.context = browser.new_context()
        self.record = OfflineVisit()
        self.record.guard(self.context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(CEILING_MS)
        self.page.set_default_navigation_timeout(CEILING_MS)
        self.record.watch(self.page, console=False)
        self.external = self.record.blocked  # requests that would have left the machine
        self.failed = self.record.failed  # HTTP errors and failed requests
        self.errors = self.record.page_errors

    def open_and_run_all(
        self, name: str, chapter: str | None = None, query: str = "", ready_text: str = READY
    ) -> float:
        """Open live/NAME.ipynb (through the "Run live" link of ``chapter`` when the
        book is served too; ``query`` added to its address), run all its cells, wait
        for ``ready_text`` ("Ready", in the notebook's language); return t0."""
        page = self.page
        started = time.monotonic()
        if chapter is not None:
            page.goto(f"{self.site_url}/{chapter}.html")
            page.locator("a.bd-run-live").first.click()
        else:
            page.goto(f"{self.live_url}/notebooks/index.html?path={name}.ipynb{query}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=CEILING_MS)
        # The output, not the cell's source (which holds the same words).
        ready = page.locator(".jp-OutputArea-output", has_text=ready_text)
        for attempt in (1, 2):
            self.dismiss_dialog()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.locator('li[data-command="runmenu:run-all"]').click()
            try:
                # A Run All sent while the kernel is still starting can be dropped on a
                # busy machine (seen once in a full run): then run all once more.
                ready.wait_for(timeout=RETRY_MS if attempt == 1 else CEILING_MS)
                break
            except PlaywrightTimeoutError:
                if attempt == 2:
                    raise
        return started

    def dismiss_dialog(self) -> None:
        """Accept a JupyterLite dialog left open over the notebook (on a loaded machine
        a kernel-selection dialog once covered the Run menu for the whole 180 s); what it
        said is printed, so a real error still shows in the test's output."""
        dialog = self.page.locator(".jp-Dialog")
        if dialog.count() and dialog.first.is_visible():
            print("dismissed a JupyterLite dialog:", " ".join(dialog.first.inner_text().split()))
            accept = dialog.first.locator(".jp-Dialog-button.jp-mod-accept")
            if accept.count():
                accept.first.click()
            else:
                self.page.keyboard.press("Escape")
            dialog.first.wait_for(state="hidden", timeout=CEILING_MS)

    def widget(self) -> Any:
        """The first widget view (or, failing fast, an error output instead)."""
        view = self.page.locator(".jp-OutputArea-output .jupyter-widgets").first
        error = self.page.locator(STDERR).first
        view.or_(error).first.wait_for(timeout=CEILING_MS)
        assert not error.count(), error.inner_text()
        return view

    def check_offline(self) -> None:
        assert self.external == [], f"requests to other hosts: {self.external}"
        assert self.failed == [], f"failed requests: {self.failed}"
        errors = self.page.locator(STDERR)
        assert errors.count() == 0, errors.first.inner_text()

    def close(self) -> None:
        self.context.close()


@pytest.fixture()
def visit(live_browser: Any, live_url: str) -> Iterator[Visit]:
    v = Visit(live_browser, live_url)
    try:
        yield v
    finally:
        v.close()


def test_explorer_answers_in_the_browser_offline(
    visit: Visit, live_site: Path, record_property: Any
) -> None:
    """From the chapter's "Run live" link (when the book is built), open the live
    attachment explorer and choose a tile: the Python callback's answer (computed by
    the engine in Pyodide) appears, as the engine here computes it."""
    chapter = "book/rules/placing"
    served_book = (live_site.parent / f"{chapter}.html").is_file()
    started = visit.open_and_run_all("explorer", chapter if served_book else None)
    assert "path=explorer.ipynb" in visit.page.url
    visit.widget()
    tile_box = visit.page.locator('.widget-text:has(.widget-label:text-is("Tile")) input')
    tile_box.fill("4-6")
    tile_box.press("Enter")
    # [4|6] fits only the open 4 of the line 1-4 1-1 (R7): the engine says so.
    expected = legal_text(build_line("1-4 1-1"), Tile.parse("4-6"))
    assert "[4|6] on the 4" in expected
    answer = visit.page.locator("pre.bd-answer", has_text="[4|6] on the 4")
    answer.wait_for(timeout=CEILING_MS)
    seconds = time.monotonic() - started
    assert answer.inner_text().strip() == expected.strip()
    visit.check_offline()
    record_property("time_to_first_interaction_s", round(seconds, 1))
    print(f"live edition: first widget answer {seconds:.1f} s after page load")
    assert seconds < LIMIT_SECONDS
    if seconds > GOAL_SECONDS:
        warnings.warn(
            f"live edition: first answer took {seconds:.1f} s (goal {GOAL_SECONDS:.0f} s)",
            stacklevel=1,
        )


def test_a_round_can_be_played_live(visit: Visit) -> None:
    """The Play chapter's live twin: play a whole round in the browser (first green
    tile each turn, the first end when it fits both, computer moves at once), then
    replay the same clicks with the engine here: both end with the same result."""
    page = visit.page
    visit.open_and_run_all("play")
    visit.widget()
    page.locator(".widget-checkbox", has_text="computer moves at once").locator("input").check()
    result = page.locator(".jupyter-widgets b", has_text="The round is over:")
    clicks: list[tuple[str, int | None]] = []
    deadline = time.monotonic() + CEILING_MS / 1000
    ends = page.locator("button", has_text="on the ")
    green = page.locator(".jupyter-widgets button.mod-success")
    while not result.count():
        assert time.monotonic() < deadline, f"no end of round after {clicks}"
        if ends.count():
            button = ends.first.element_handle()
            clicks[-1] = (clicks[-1][0], int(button.inner_text().split()[-1]))
        elif green.count():
            button = green.first.element_handle()
            clicks.append((button.inner_text().strip(), None))
        else:
            button = None
        if button is not None:
            button.click()
            # Every move redraws the hand (new buttons): wait for this one to go.
            page.wait_for_function("el => !el.isConnected", arg=button, timeout=CEILING_MS)
        else:
            # The computer is moving: wait until the reader can act or the round ends.
            result.or_(ends).or_(green).first.wait_for(timeout=CEILING_MS)
    browser_result = result.first.inner_text().strip()
    visit.check_offline()

    from block_dominoes.widgets.playing import PlayWidget

    here = PlayWidget(auto=True)
    for tile, end in clicks:
        here.click_tile(tile)
        if end is not None:
            here.choose_end(end)
    assert here.state.is_over
    assert browser_result == here.result_text
    assert clicks, "the reader played no tile"


def test_the_scorer_opens_in_arabic_from_its_address_and_scores(visit: Visit) -> None:
    """``?lang=ar`` opens the scorer notebook's Arabic copy (lang.js rewrites the address
    before JupyterLite reads it): Arabic prose, "Ready" in Arabic, and the scorer in
    Arabic in a box with dir="rtl"; the English button rebuilds it in English, and a
    hand typed there is scored by the engine in Pyodide with the same explanation as
    the engine here. No page error. (One Pyodide start serves both languages.)"""
    from block_dominoes.hands import score_hands

    page = visit.page
    visit.open_and_run_all("scorer", query="&lang=ar", ready_text=READY_AR)
    assert "path=ar%2Fscorer.ipynb" in page.url or "path=ar/scorer.ipynb" in page.url, page.url
    assert page.locator('.jp-RenderedMarkdown [dir="rtl"] h1', has_text="(مباشرة)").count()
    visit.widget()
    box = page.locator('.bd-rtl[dir="rtl"][lang="ar"]')
    box.wait_for(timeout=CEILING_MS)
    assert box.evaluate("e => getComputedStyle(e).direction") == "rtl"
    # the default hands 3, 7, 8 are already scored, in Arabic (R16)
    answer = box.locator(".bd-answer").first
    answer.wait_for(timeout=CEILING_MS)
    assert "نقطة" in answer.inner_text() and "R16" in answer.inner_text()
    page.locator(".bd-language-choice button", has_text="English").click()
    page.locator(".bd-lang-en .bd-answer", has_text="scores").first.wait_for(timeout=CEILING_MS)
    assert page.locator(".bd-rtl").count() == 0
    # Player 1 goes out: a domino, scoring the others' pips, 7 + 8 (R15)
    hands = page.locator('.widget-text:has(.widget-label:text-is("Player 1")) input')
    hands.fill("-")
    hands.press("Enter")
    expected = score_hands("pagat", ["-", "7", "8"]).explanation
    assert "15" in expected
    page.locator("p.bd-answer", has_text=expected).wait_for(timeout=CEILING_MS)
    visit.check_offline()
    assert visit.errors == [], visit.errors


@pytest.mark.parametrize("name", ["checker", "sheet"])
def test_live_notebook_cells_run_and_show_their_tool(live_site: Path, name: str) -> None:
    """The checker's and the sheet's live notebooks, as published, run cell by cell and
    show their tool, with nothing on stderr. In a local kernel: three live notebooks
    above start JupyterLite's kernel in Chromium (the install cell they share included),
    and these two tools run in Pyodide as apps (tests/site/test_apps.py), so two more Pyodide
    starts (about 35 s each on 2 busy cores) would check nothing new."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(live_site / "files" / f"{name}.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    text = "".join(o.get("text", "") for o in outputs if o.get("name") == "stdout")
    assert READY in text, text
    assert not [o for o in outputs if o.get("name") == "stderr" or o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


def test_nothing_in_the_site_points_at_a_cdn(live_site: Path) -> None:
    """The kernel is told to load Pyodide from the site, and piplite never falls
    back to PyPI."""
    config = json.loads((live_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    core = live_site / "static" / "pyodide"
    assert (core / "pyodide.asm.wasm").exists()
    # Every wheel the lock names and the site bundles has the bundled file's hash.
    lock = json.loads((core / "pyodide-lock.json").read_text())
    bundled = {e["file_name"]: e["sha256"] for e in lock["packages"].values()}
    wheels = sorted(core.glob("*.whl"))
    assert {"micropip", "ipython", "jedi"} <= {w.name.split("-")[0] for w in wheels}
    for wheel in wheels:
        assert bundled[wheel.name] == hashlib.sha256(wheel.read_bytes()).hexdigest(), wheel.name
