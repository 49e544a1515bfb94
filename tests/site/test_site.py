"""The built book: its build, its files, and its search in a real browser, offline.

Builds the site (tests/browser_support.py) and serves ``_build/html`` on 127.0.0.1:
the README's build is clean, the vendored files are served, pictures have alt text,
the chapters that must have a no-kernel step-through (a slider jslinked to a
``Stack`` of diagrams) have one, and the site's search works with nothing fetched
from outside. Every page's visit in Chromium (offline, widgets, phone, axe, clicks)
is tests/site/test_pages.py, which reads the stored widget state with ``widget_state``
and ``step_links`` from here.

Run alone: ``pytest tests/site/test_site.py -p no:xdist -o addopts=""``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from browser_support import HTML, SiteBuild, toc_docnames
from offline import WAIT_MS, Visit, open_page

PAGES = [*toc_docnames(), "search", "genindex"]
# The issue asks for a no-kernel step-through in at least these chapters.
STEP_THROUGH_PAGES = ("book/start/first-hand", "book/rules/scoring")
PHONE = {"width": 400, "height": 800}

_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)


def widget_state(docname: str) -> dict[str, Any]:
    """The widget models stored in a built page (model id -> model), or {}."""
    path = HTML / f"{docname}.html"
    match = _STATE.search(path.read_text(encoding="utf-8"))
    if match is None:
        return {}
    state: dict[str, Any] = json.loads(html.unescape(match.group(1)))["state"]
    return state


def step_links(state: dict[str, Any]) -> int:
    """How many jslinks drive a Stack's selected_index from a slider's value."""

    def model(ref: str) -> str:
        found = state.get(ref.removeprefix("IPY_MODEL_"), {})
        return str(found.get("model_name", ""))

    count = 0
    for m in state.values():
        if m.get("model_name") != "LinkModel":
            continue
        s = m.get("state", {})
        source, target = s.get("source") or ["", ""], s.get("target") or ["", ""]
        ends = {(model(source[0]), source[1]), (model(target[0]), target[1])}
        if (
            any(name.endswith("SliderModel") and attr == "value" for name, attr in ends)
            and (
                "StackModel",
                "selected_index",
            )
            in ends
        ):
            count += 1
    return count


def test_build_is_clean(built_site: SiteBuild) -> None:
    """`python tools/build.py -W` (every step of it) exits 0 with zero warnings."""
    assert built_site.returncode == 0
    assert built_site.warnings == ()
    for docname in PAGES:
        assert (built_site.html / f"{docname}.html").is_file(), f"{docname} was not built"


def _step_through_pages() -> list[str]:
    return [d for d in PAGES if (HTML / f"{d}.html").is_file() and step_links(widget_state(d))]


def test_step_through_pages_exist(built_site: SiteBuild) -> None:
    """Your first hand and the scoring chapter each have a no-kernel step-through."""
    found = _step_through_pages()
    missing = [d for d in STEP_THROUGH_PAGES if d not in found]
    assert not missing, f"no slider jslinked to a Stack in {missing} (found in {found})"


def test_vendored_files_are_served(built_site: SiteBuild) -> None:
    """The widget loader, require.js and MathJax are in the site, with their licences."""
    vendor = Path(built_site.html) / "vendor"
    for rel in (
        "requirejs/require.js",
        "requirejs/LICENSE",
        "widgets-setup.js",
        "html-manager/embed-amd.js",
        "html-manager/LICENSE",
        "mathjax/tex-chtml-full.js",
        "mathjax/LICENSE",
    ):
        assert (vendor / rel).is_file(), rel


def test_cell_pictures_are_in_the_page(built_site: SiteBuild) -> None:
    """Every SVG diagram a cell drew is in the page itself (``<svg role="img">`` with its
    ``<title>``, which says what it shows), never an ``<img>`` of a file, whose labels
    could not use the site's fonts (site/ext/block_site.py), in both first editions."""
    as_file = re.compile(r'<img\b[^>]*src="[^"]*_images/[^"]*\.svg"')
    opening = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" role="img"[^>]*>(.{0,7})', re.S)
    inline = 0
    for root in (HTML, HTML / "ar"):
        for docname in PAGES:
            text = (root / f"{docname}.html").read_text(encoding="utf-8")
            assert not as_file.search(text), f"{root.name}/{docname}: a diagram as <img>"
            for after in opening.findall(text):
                assert after == "<title>", f"{root.name}/{docname}: a diagram with no title"
                inline += 1
    assert inline >= 2 * 18, f"{inline} diagrams in the pages of both editions"


def test_search_works_offline(browser: Any, site_url: str) -> None:
    """The site's own search finds the rules card for a rule word, with nothing fetched from outside."""
    visit = Visit()
    page = open_page(browser, f"{site_url}search.html?q=blocked", visit)
    try:
        # Sphinx adds the results one by one, then says how many it found.
        page.wait_for_function(
            """() => /Search finished|did not match/.test(
                (document.querySelector('.search-summary') || {}).innerText || '')""",
            timeout=WAIT_MS,
        )
        hits = page.locator("ul.search li a").evaluate_all("links => links.map(a => a.href)")
        assert any("rules-card" in h for h in hits), hits
        assert visit.problems() == []
    finally:
        page.close()


def test_compiled_catalogs_do_not_make_the_build_stale(tmp_path: Path) -> None:
    """A .mo that a build writes among the sources does not make that build stale.

    On a fresh clone Sphinx compiles ``locales/**/*.po`` during the first build; when
    those .mo counted as sources, the second pytest worker rebuilt the site (and
    replaced ``_build/html/ar``) while the first was browsing it: a 404 in CI. The
    build's steps key their inputs with tools/freshness.py, which skips generated files.
    """
    import importlib.util

    path = HTML.parent.parent / "tools" / "freshness.py"
    spec = importlib.util.spec_from_file_location("freshness", path)
    assert spec is not None and spec.loader is not None
    freshness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(freshness)

    po = tmp_path / "locales" / "ar" / "LC_MESSAGES" / "intro.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    before = freshness.globs_digest(["locales/**/*"], tmp_path)
    po.with_suffix(".mo").write_bytes(b"\x00")
    assert freshness.globs_digest(["locales/**/*"], tmp_path) == before
    po.write_text('msgid ""\nmsgstr ""\n# edited\n', encoding="utf-8")  # an edit counts
    assert freshness.globs_digest(["locales/**/*"], tmp_path) != before
