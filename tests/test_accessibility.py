"""Every page of both editions, and the apps index, passes axe-core (issue 22).

axe-core (the npm package, pinned: ``AXE_VERSION``) is installed by this module's
set-up the way ``.ci/run`` installs Chromium: ``npm install --prefix`` into
``_build/axe-core-<version>`` the first time, reused after. Each page of the
built site (``built_site``: the English book, the Arabic edition under ``ar/``
and the apps index) is opened in headless Chromium, offline, a few at a time, and
checked with ``axe.run`` on the WCAG 2.1 A and AA rules once its widgets have
rendered and its fonts are in.
A page passes with no violation of impact "serious" or "critical"; the failure
lists each one with the elements it hit. The whole-site count is printed (run
with ``-s`` to see it).

Run alone: ``pytest tests/test_accessibility.py -n 0 -p no:randomly``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from browser_support import BUILD, REQUIRE_BROWSER, SiteBuild, toc_docnames
from offline import Visit, open_page, settle

from block_dominoes.languages import editions

AXE_VERSION = "4.10.3"
AXE_DIR = BUILD / f"axe-core-{AXE_VERSION}"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = {"serious", "critical"}
#: the editions after Arabic share its templates, scripts and widgets with English: a
#: sample of each (the chapters with the most widgets and diagrams, and the glossary's
#: terms table) keeps the suite within its budget
EDITION_SAMPLE = ("book/rules/placing", "book/rules/scoring", "book/reference/glossary")
PAGES = [
    *(f"{d}.html" for d in toc_docnames()),
    *(f"ar/{d}.html" for d in toc_docnames()),
    *(f"{lang.code}/{d}.html" for lang in editions() if lang.code != "ar" for d in EDITION_SAMPLE),
    "apps/index.html",
]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
  }));
}"""


def install_axe() -> Path:
    """axe.min.js, installed with npm (pinned) into ``_build`` if it is not there yet."""
    if AXE_JS.is_file():
        return AXE_JS
    npm = shutil.which("npm")
    if npm is None:
        message = "npm is needed to install axe-core for the accessibility test"
        if os.environ.get(REQUIRE_BROWSER) == "1":
            pytest.fail(message)
        pytest.skip(message)
    AXE_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [npm, "install", "--prefix", str(AXE_DIR), "--no-audit", "--no-fund",
         f"axe-core@{AXE_VERSION}"],
        check=True, capture_output=True,
    )  # fmt: skip
    return AXE_JS


@pytest.fixture(scope="module")
def axe_js() -> Path:
    return install_axe()


#: pages opened at once: their widgets render side by side while axe checks the last
BATCH = 4


@pytest.fixture(scope="module")
def violations(
    browser: Any, site_url: str, built_site: SiteBuild, axe_js: Path
) -> dict[str, list[dict[str, Any]]]:
    """Each page's serious and critical WCAG 2.1 A/AA violations, as axe reports them.
    Pages are opened a few at a time and checked once their widgets have rendered and
    their fonts are in (a condition with a ceiling, not a fixed wait)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for first in range(0, len(PAGES), BATCH):
        batch = PAGES[first : first + BATCH]
        opened = []
        try:
            for name in batch:
                assert (built_site.html / name).is_file(), f"{name} was not built"
                opened.append((name, open_page(browser, f"{site_url}/{name}", Visit())))
            for name, page in opened:
                settle(page)
                page.add_script_tag(path=str(axe_js))
                found[name] = [v for v in page.evaluate(RUN_AXE, WCAG) if v["impact"] in SERIOUS]
        finally:
            for _, page in opened:
                page.close()
    by_rule = Counter(v["id"] for vs in found.values() for v in vs)
    elements = sum(len(v["targets"]) for vs in found.values() for v in vs)
    print(
        f"\naxe-core {AXE_VERSION}: {len(found)} pages, "
        f"{sum(1 for vs in found.values() if vs)} with serious or critical violations, "
        f"{elements} elements; by rule: {dict(by_rule)}",
        file=sys.stderr,
    )
    return found


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_violation(
    violations: dict[str, list[dict[str, Any]]], name: str
) -> None:
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']}: {', '.join(v['targets'][:5])}"
        + (f" and {len(v['targets']) - 5} more" if len(v["targets"]) > 5 else "")
        for v in violations[name]
    ]
    assert problems == [], f"{name}:\n" + "\n".join(problems)


def test_the_check_catches_an_unnamed_button(browser: Any, axe_js: Path) -> None:
    """The set-up finds what it must find: a button with no name is a critical violation."""
    page = browser.new_page()
    try:
        page.set_content("<html lang='en'><title>t</title><main><button></button></main></html>")
        page.add_script_tag(path=str(axe_js))
        ids = {v["id"] for v in page.evaluate(RUN_AXE, WCAG) if v["impact"] in SERIOUS}
    finally:
        page.close()
    assert "button-name" in ids


NAMED = """() => ({
  buttons: Array.from(document.querySelectorAll('.widget-play button'))
    .map(b => b.getAttribute('aria-label') || ''),
  sliders: Array.from(document.querySelectorAll('.jupyter-widgets [role="slider"]'))
    .map(s => s.getAttribute('aria-label') || ''),
  stacks: Array.from(document.querySelectorAll('.bd-quiz > .widget-container:last-child'))
    .map(s => s.getAttribute('aria-live') || ''),
})"""


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("book/start/first-hand.html", {"Play", "Stop", "Repeat"}),
        ("ar/book/start/first-hand.html", {"تشغيل", "إيقاف", "تكرار"}),
    ],
)
def test_step_through_controls_are_named_in_the_page_language(
    browser: Any, site_url: str, built_site: SiteBuild, name: str, words: set[str]
) -> None:
    """A step-through's Play buttons say what they do, its slider says what it moves,
    in the page's language (_static/bd-widget-a11y.js)."""
    page = browser.new_page()
    try:
        page.goto(f"{site_url}/{name}", wait_until="load")
        page.wait_for_function(
            "() => document.querySelectorAll('.widget-play button[aria-label]').length >= 3",
            timeout=60_000,
        )
        found = page.evaluate(NAMED)
    finally:
        page.close()
    assert set(found["buttons"]) == words, found["buttons"]
    assert found["sliders"] and all(found["sliders"]), found["sliders"]


def test_question_feedback_is_announced(browser: Any, site_url: str, built_site: SiteBuild) -> None:
    """Every question's feedback panels sit in a polite live region, so the verdict of a
    clicked choice is read out."""
    page = browser.new_page()
    try:
        page.goto(f"{site_url}/book/practice/exercises.html", wait_until="load")
        page.wait_for_function(
            "() => document.querySelectorAll('.bd-quiz > .widget-container[aria-live]').length"
            " >= 20",
            timeout=60_000,
        )
        found = page.evaluate(NAMED)
    finally:
        page.close()
    assert found["stacks"] and set(found["stacks"]) == {"polite"}, found["stacks"]
