"""Every page of the site, visited once in Chromium, offline, and checked every way a
page is checked (issues 5, 13, 17, 22, 24; one visit per page since issue 19).

Each page is opened in headless Chromium with every request to another host aborted
and recorded (``tests/offline.py``), and, once its widgets have rendered and its fonts
are in (a condition, not a pause):

- it loaded with no failed or blocked request, no page error and no console error, and
  every widget view it stores is drawn, visibly;
- laid out again at 400 px, the page does not scroll sideways and no diagram or output
  box scrolls sideways or sticks out (a wide table may scroll inside its own box);
- every choice of every question shows its own feedback, with no kernel (every English
  page, and a sample of Arabic ones: ``AR_CLICKED``), and nothing sticks out or errs
  after the clicks;
- a step-through's slider changes the diagram it shows (moved by the keyboard);
- last, back at 1280 px with the last feedback of each question open, axe-core (the npm
  package, pinned: ``AXE_VERSION``, installed into ``_build/axe-core-<version>`` the
  way ``.ci/run`` installs it) finds no violation of impact "serious" or "critical"
  among the WCAG 2.1 A and AA rules, and every colour of the code boxes' highlighted
  text has the contrast WCAG 1.4.3 asks for (measured once per colour pair, where axe
  would hit-test each of thousands of tokens: ``CODE_COLOURS``);
- a few pages answer a question of their own (``PROBES``): the step-through controls
  are named in the page's language, the feedback is a live region, an Arabic slider's
  handle sits on its track, code and tiles read left to right in Arabic prose.

The pages are the English book (with search and the index), and in a second class the
Arabic edition, a sample of each later edition (``EDITION_SAMPLE``: the chapters with
the most widgets and diagrams, and the glossary's table) and the apps index; the two
classes can run on the two pytest workers. Pages are visited one at a time: opening
them all at once saves no work on 2 cores and only makes each slower.

Run alone: ``pytest tests/site/test_pages.py -n 0 -p no:randomly``; the axe counts are
printed (``-s`` shows them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from browser_support import BUILD, REQUIRE_BROWSER, SiteBuild, toc_docnames
from coloraide import Color
from offline import WAIT_MS, Visit, next_frame, open_page, settle
from test_quiz_browser import _SIDEWAYS, click_every_choice, page_quizzes, quiz_calls_in_chapters
from test_site import PHONE, step_links, widget_state

from block_dominoes.languages import editions

AXE_VERSION = "4.14.1"
AXE_DIR = BUILD / f"axe-core-{AXE_VERSION}"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = {"serious", "critical"}
# Only violations are collected (axe's own advice for speed: passes and incomplete
# results are not aggregated). Every rule of the four tags runs, in two passes: every
# rule but color-contrast on the whole page, then color-contrast outside the code
# boxes. In a code box each highlighted token is its own element, and axe hit-tests
# each one (the lab chapter has 5,514: 3.4 of its 4.8 s); their colours come from one
# stylesheet, so each distinct colour pair is measured once instead (CODE_COLOURS).
RUN_AXE = """async ([context, options]) => {
  const result = await axe.run(context || document, {...options, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
  }));
}"""
CODE = ".highlight"
AXE_PASSES: tuple[tuple[dict[str, Any] | None, dict[str, Any]], ...] = (
    (None, {"runOnly": {"type": "tag", "values": WCAG},
            "rules": {"color-contrast": {"enabled": False}}}),
    ({"exclude": [[CODE]]}, {"runOnly": {"type": "rule", "values": ["color-contrast"]}}),
)  # fmt: skip
#: each distinct (text colour, background behind it, px size, weight) of the visible
#: text in the page's code boxes, with a sample of the text
CODE_COLOURS = """(code) => {
  const behind = (el) => {
    for (; el; el = el.parentElement) {
      const b = getComputedStyle(el).backgroundColor;
      if (b !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(b)) return b;
    }
    return 'rgb(255, 255, 255)';
  };
  const seen = new Map();
  for (const el of document.querySelectorAll(`${code} pre, ${code} pre *`)) {
    const text = Array.from(el.childNodes).filter(n => n.nodeType === 3)
      .map(n => n.data).join('').trim();
    if (!text || !el.checkVisibility()) continue;
    const s = getComputedStyle(el);
    const key = [s.color, behind(el), parseFloat(s.fontSize), Number(s.fontWeight)];
    if (!seen.has(key.join('|'))) seen.set(key.join('|'), [...key, text.slice(0, 24)]);
  }
  return [...seen.values()];
}"""

DESKTOP = {"width": 1280, "height": 900}
EN_PAGES = [*toc_docnames(), "search", "genindex"]
#: the editions after Arabic share its templates, scripts and widgets with English: a
#: sample of each (the chapters with the most widgets and diagrams, and the glossary's
#: terms table) keeps the suite within its budget
EDITION_SAMPLE = ("book/rules/placing", "book/rules/scoring", "book/reference/glossary")
OTHER_PAGES = [
    *(f"ar/{d}" for d in EN_PAGES),
    *(f"{lang.code}/{d}" for lang in editions() if lang.code != "ar" for d in EDITION_SAMPLE),
    "apps/index",
]
#: the Arabic pages whose questions are clicked (English: every page); the feedback of
#: every Arabic question is checked from the stored state (tests/site/test_quiz_browser.py)
AR_CLICKED = ("ar/book/rules/placing", "ar/book/rules/scoring")
FSI, LRI = "\u2068", "\u2066"

# --- what a few pages are asked besides the checks every page gets ------------------

#: each stored widget view, drawn: "ok", "hidden" or "missing"
WIDGET_REPORT = """() => Array.from(document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')).map(s => {
    // html-manager renders each view into a .widget-subarea that it
    // inserts beside the view's script tag.
    const w = s.parentElement.querySelector(':scope > .widget-subarea .jupyter-widgets');
    return w === null ? 'missing'
        : (w.checkVisibility() && w.getBoundingClientRect().width > 0 ? 'ok' : 'hidden');
})"""

#: the step-through's buttons and sliders, and the questions' feedback stacks
NAMED = """() => ({
  buttons: Array.from(document.querySelectorAll('.widget-play button'))
    .map(b => b.getAttribute('aria-label') || ''),
  sliders: Array.from(document.querySelectorAll('.jupyter-widgets [role="slider"]'))
    .map(s => s.getAttribute('aria-label') || ''),
  stacks: Array.from(document.querySelectorAll('.bd-quiz > .widget-container:last-child'))
    .map(s => s.getAttribute('aria-live') || ''),
})"""
#: _static/bd-widget-a11y.js names the Play buttons once the widgets are drawn
PLAY_NAMED = "() => document.querySelectorAll('.widget-play button[aria-label]').length >= 3"
FEEDBACK_LIVE = (
    "() => document.querySelectorAll('.bd-quiz > .widget-container[aria-live]').length >= 20"
)
#: the first slider's handle and track, left and right edges on screen
SLIDER_AT = """() => [document.querySelector('.widget-hslider .noUi-handle'),
                      document.querySelector('.widget-hslider .noUi-base')]
    .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"""
#: direction and bidi isolation of prose, code, printed results and inline code
DIRECTIONS = """() => ['article p', '.cell_input pre', '.cell_output pre', 'p code'].map(
    s => getComputedStyle(document.querySelector(s))).map(c => [c.direction, c.unicodeBidi])"""
#: where on screen two characters after ``mark`` in the article's text are drawn
X_OF = """([mark, first, last]) => {
    const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.data.indexOf(mark);
        if (at < 0) continue;
        const range = document.createRange();
        const x = k => { range.setStart(n, k); range.setEnd(n, k + 1);
                         return range.getBoundingClientRect().x; };
        return [x(n.data.indexOf(first, at)), x(n.data.indexOf(last, at))];
    }
    return null;
}"""


@dataclass(frozen=True)
class Probe:
    """A question a page answers in the browser: ``js`` evaluated with ``arg``, once
    ``wait`` (a condition, if any) holds."""

    js: str
    arg: Any = None
    wait: str | None = None


PROBES: dict[str, dict[str, Probe]] = {
    "book/start/first-hand": {"named": Probe(NAMED, wait=PLAY_NAMED)},
    "ar/book/start/first-hand": {
        "named": Probe(NAMED, wait=PLAY_NAMED),
        "slider": Probe(SLIDER_AT),
    },
    "book/practice/exercises": {"named": Probe(NAMED, wait=FEEDBACK_LIVE)},
    "ar/book/tools/check-a-game": {"slider": Probe(SLIDER_AT)},
    "ar/book/rules/scoring": {"directions": Probe(DIRECTIONS)},
    "ar/book/rules/placing": {"tile": Probe(X_OF, [FSI + "[4|6]", "4", "6"])},
    # E10's sum, with its no-break spaces
    "ar/book/reference/rules-card": {"sum": Probe(X_OF, [LRI + "7\u00a0+\u00a08", "7", "12"])},
}


#: pages whose diagrams are asked which face drew a label: the site's own web fonts
#: (site/public/vendor/fonts), whatever the machine has installed; Chromium says what
#: it used (CDP's CSS.getPlatformFontsForNode), not what the CSS asked for
LABEL_FONTS = ("book/rules/doubles", "ar/book/rules/doubles")
SHIPPED_FACES = {"Noto Sans", "IBM Plex Sans Arabic"}
#: marks the first label of a cell's diagram that has words (not a lone number)
MARK_LABEL = """() => {
  const label = Array.from(document.querySelectorAll('.cell_output svg[role="img"] text'))
    .find(t => /[A-Za-z\\u0600-\\u06ff]{2}/.test(t.textContent));
  if (label) label.setAttribute('data-bd-probe', '');
  return label ? label.textContent : null;
}"""


def label_fonts(page: Any) -> tuple[str | None, list[dict[str, Any]]]:
    """The first worded label of the page's cell diagrams, and the faces Chromium drew
    it in (family, whether a web font, glyphs)."""
    label = page.evaluate(MARK_LABEL)
    if label is None:
        return None, []
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "[data-bd-probe]"})
        cdp.send("CSS.enable")
        fonts: list[dict[str, Any]] = cdp.send(
            "CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]}
        )["fonts"]
    finally:
        cdp.detach()
    return label, fonts


# --- axe-core ------------------------------------------------------------------------


def install_axe() -> Path:
    """axe.min.js, installed with npm (pinned) into ``_build`` if it is not there yet."""
    if AXE_JS.is_file():
        return AXE_JS
    npm = shutil.which("npm")
    if npm is None:
        message = "npm is needed to install axe-core for the accessibility checks"
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


def serious(page: Any, axe_js: Path) -> list[dict[str, Any]]:
    """The page's serious and critical WCAG 2.1 A/AA violations, as axe reports them
    (the colours of code boxes: :func:`illegible_code`)."""
    page.add_script_tag(path=str(axe_js))
    return [
        v
        for context, options in AXE_PASSES
        for v in page.evaluate(RUN_AXE, [context, options])
        if v["impact"] in SERIOUS
    ]


def contrast(colour: str, background: str) -> float:
    """WCAG 2.1's contrast ratio of text in ``colour`` on ``background``, as Chromium
    computes them (any CSS colour; coloraide). A text colour with alpha is laid over its
    background first, as axe does. Raises ValueError for a colour that is not CSS."""
    shown = Color.layer([colour, background])
    ratio: float = shown.contrast(background, method="wcag21")
    return ratio


def illegible_code(page: Any) -> list[str]:
    """The colour pairs of the page's code boxes below WCAG 1.4.3's minimum (4.5:1;
    3:1 for large text: 24 px, or 18.66 px bold), the same criterion axe's
    color-contrast applies elsewhere."""
    out = []
    for colour, background, size, weight, sample in page.evaluate(CODE_COLOURS, CODE):
        large = size >= 24 or (size >= 18.66 and weight >= 700)
        ratio = contrast(colour, background)
        if ratio < (3.0 if large else 4.5):
            out.append(f"{sample!r}: {colour} on {background}, {ratio:.2f}:1")
    return out


def test_the_checks_catch_what_they_must(browser: Any, axe_js: Path) -> None:
    """The set-up finds what it must find: a button with no name (critical), a control
    named otherwise than its visible words (WCAG 2.5.3, label in name: axe 4.14 on, issue
    34), pale prose (axe's color-contrast, outside code boxes) and a pale token in a code
    box (measured by the page check), while a dark token passes."""
    page = browser.new_page()
    try:
        page.set_content(
            "<html lang='en'><title>t</title><main><button></button>"
            "<button aria-label='Toggle hidden content'>Show code cell source</button>"
            "<p style='color:#aaa'>pale prose</p><div class='highlight'><pre>"
            "<span style='color:#bbb'>pale</span> <span style='color:#222'>dark</span>"
            "</pre></div></main></html>"
        )
        found = serious(page, axe_js)
        code = illegible_code(page)
    finally:
        page.close()
    assert {"button-name", "label-content-name-mismatch", "color-contrast"} <= {
        v["id"] for v in found
    }
    assert [v["targets"] for v in found if v["id"] == "color-contrast"] == [["p"]]
    assert len(code) == 1 and code[0].startswith("'pale': rgb(187, 187, 187) on rgb(255, 255, 255)")


def test_contrast_is_wcags_ratio() -> None:
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(119, 119, 119)", "rgb(255, 255, 255)") == pytest.approx(4.48, abs=0.01)
    # half-transparent black shows as mid grey
    assert contrast("rgba(0, 0, 0, 0.5)", "rgb(255, 255, 255)") == pytest.approx(
        contrast("rgb(127.5, 127.5, 127.5)", "rgb(255, 255, 255)")
    )
    # a colour Chromium computes in a newer syntax is read too
    assert contrast("oklch(0 0 0)", "rgb(255, 255, 255)") == pytest.approx(21, abs=0.01)
    with pytest.raises(ValueError, match="not a valid color"):
        contrast("no colour", "rgb(255, 255, 255)")


# --- one visit per page ----------------------------------------------------------------


@dataclass
class PageCheck:
    """What one visit of a page found."""

    error: str = ""  # the visit itself broke off (a ceiling passed): every check fails
    title: str = ""
    has_state: bool = False
    widget_views: list[str] = field(default_factory=list)  # per view: ok / hidden / missing
    problems: list[str] = field(default_factory=list)  # offline: requests, errors
    violations: list[dict[str, Any]] = field(default_factory=list)
    illegible_code: list[str] = field(default_factory=list)  # code colours below 4.5:1
    phone_width: int = 0  # the document's width in a 400 px wide window
    sideways: list[str] = field(default_factory=list)  # boxes that scroll or stick out
    probes: dict[str, Any] = field(default_factory=dict)
    label_fonts: tuple[str | None, list[dict[str, Any]]] = (None, [])  # LABEL_FONTS pages
    questions: int = 0  # questions whose every choice was clicked
    quiz_failure: str = ""
    sideways_after_clicks: list[str] = field(default_factory=list)
    problems_after_clicks: list[str] = field(default_factory=list)
    sliders: tuple[int, int] = (0, 0)  # step-through links, sliders that moved the diagram
    seconds: dict[str, float] = field(default_factory=dict)  # per part of the visit


def _svgs_near(page: Any, slider_index: int) -> list[str]:
    """The visible SVG diagrams in the widget output that holds slider ``slider_index``."""
    result: list[str] = page.evaluate(
        """(i) => {
            const slider = document.querySelectorAll('.widget-subarea .widget-slider')[i];
            const area = slider.closest('.widget-subarea');
            return Array.from(area.querySelectorAll('svg'))
                .filter(s => s.checkVisibility())
                .map(s => s.outerHTML);
        }""",
        slider_index,
    )
    return result


def move_step_throughs(page: Any) -> int:
    """Move each slider that has a diagram beside it one step (by the keyboard, as a
    reader does); return how many changed the diagram shown."""
    sliders = page.locator(".widget-subarea .widget-slider")
    moved = 0
    for i in range(sliders.count()):
        before = _svgs_near(page, i)
        if not before:
            continue  # a slider with no diagram beside it (kernel-bound)
        handle = sliders.nth(i).locator(".noUi-handle")
        readout = sliders.nth(i).locator(".widget-readout")
        value = readout.inner_text()
        at_end = float(handle.get_attribute("aria-valuenow") or 0) >= float(
            handle.get_attribute("aria-valuemax") or 0
        )
        handle.scroll_into_view_if_needed()
        handle.focus()
        page.keyboard.press("ArrowLeft" if at_end else "ArrowRight")
        # the readout changes when the slider has moved (a ceiling, not a pause)
        page.wait_for_function(
            "([el, before]) => el.innerText !== before",
            arg=[readout.element_handle(), value],
            timeout=WAIT_MS,
        )
        next_frame(page)  # and the Stack it drives has been drawn
        after = _svgs_near(page, i)
        if after and after != before:
            moved += 1
    return moved


def check_page(browser: Any, site_url: str, html: Path, name: str, axe_js: Path) -> PageCheck:
    """Visit ``name`` (a page's path without ``.html``) once and check it every way."""
    path = html / f"{name}.html"
    found = PageCheck()
    if not path.is_file():
        found.error = f"{name}.html was not built"
        return found
    visit = Visit()
    page = None
    clock = time.perf_counter()

    def lap(part: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        found.seconds[part] = found.seconds.get(part, 0.0) + now - clock
        clock = now

    try:
        page = open_page(browser, f"{site_url}{name}.html", visit, viewport=DESKTOP)
        settle(page)  # loaded, widgets rendered, fonts in
        lap("load")
        found.title = page.title()
        found.has_state = bool(widget_state(name))
        if found.has_state:
            found.widget_views = page.evaluate(WIDGET_REPORT)
        for key, probe in PROBES.get(name, {}).items():
            if probe.wait:
                page.wait_for_function(probe.wait, timeout=WAIT_MS)
            found.probes[key] = page.evaluate(probe.js, probe.arg)
        if name in LABEL_FONTS:
            found.label_fonts = label_fonts(page)
        found.problems = visit.problems()  # of the load
        # then as a phone shows it (the layout reflows in place)
        page.set_viewport_size(PHONE)
        next_frame(page)
        found.phone_width = int(page.evaluate("() => document.documentElement.scrollWidth"))
        found.sideways = page.evaluate(_SIDEWAYS)
        lap("look")
        # then a reader's clicks, on that phone
        expected = page_quizzes(path)
        if expected and (name in EN_PAGES or name in AR_CLICKED):
            try:
                click_every_choice(page, expected, name)
                found.questions = len(expected)
            except AssertionError as failed:
                found.quiz_failure = str(failed)
            found.sideways_after_clicks = page.evaluate(_SIDEWAYS)
        links = step_links(widget_state(name))
        if links:
            found.sliders = (links, move_step_throughs(page))
        lap("clicks")
        found.problems_after_clicks = list(
            (Counter(visit.problems()) - Counter(found.problems)).elements()
        )
        # last, axe on the desktop layout, feedback panels open (its stylesheet reader
        # fetches @imports relative to the page, 404s that are axe's own, not the site's)
        page.set_viewport_size(DESKTOP)
        # the pointer left where the last click was would hover a link of the reflowed
        # page (the theme's hover colour): out of the way, in the empty corner
        page.mouse.move(DESKTOP["width"] - 1, DESKTOP["height"] - 1)
        next_frame(page)
        found.violations = serious(page, axe_js)
        found.illegible_code = illegible_code(page)
        lap("axe")
    except Exception:  # a ceiling passed: this page's checks fail, the others still run
        found.error = traceback.format_exc(limit=3)
    finally:
        if page is not None:
            page.close()
    return found


def visit_all(
    browser: Any, site_url: str, html: Path, names: list[str], axe_js: Path
) -> dict[str, PageCheck]:
    checks = {name: check_page(browser, site_url, html, name, axe_js) for name in names}
    for n, c in checks.items():
        print("PP", n, {k: round(v, 1) for k, v in c.seconds.items()}, file=sys.stderr)
    by_rule = Counter(v["id"] for c in checks.values() for v in c.violations)
    parts: Counter[str] = Counter()
    for c in checks.values():
        parts.update(c.seconds)
    print(
        f"\naxe-core {AXE_VERSION}: {len(checks)} pages, "
        f"{sum(1 for c in checks.values() if c.violations)} with serious or critical violations;"
        f" by rule: {dict(by_rule)}; seconds: "
        + ", ".join(f"{part} {s:.0f}" for part, s in parts.items()),
        file=sys.stderr,
    )
    return checks


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each class's page checks run once per page of its ``PAGES``."""
    if "name" in metafunc.fixturenames and metafunc.cls is not None:
        metafunc.parametrize("name", metafunc.cls.PAGES)


class _EveryPage:
    """The checks every visited page gets; a subclass names its ``PAGES``."""

    PAGES: ClassVar[list[str]] = []

    @pytest.fixture(scope="class")
    @classmethod
    def checks(
        cls, request: pytest.FixtureRequest, browser: Any, site_url: str,
        built_site: SiteBuild, axe_js: Path,
    ) -> dict[str, PageCheck]:  # fmt: skip
        return visit_all(browser, site_url, built_site.html, cls.PAGES, axe_js)

    def test_page_loads_offline_and_draws_its_widgets(
        self, checks: dict[str, PageCheck], name: str
    ) -> None:
        """The page loads from 127.0.0.1 alone, with no error; its widgets all render."""
        found = checks[name]
        assert not found.error, found.error
        assert found.title, "the page has no title"
        if found.has_state:
            assert found.widget_views, "the page stores widget state but shows no widget view"
            assert set(found.widget_views) == {"ok"}, f"widget views: {found.widget_views}"
        assert found.problems == []

    def test_no_serious_or_critical_violation(
        self, checks: dict[str, PageCheck], name: str
    ) -> None:
        found = checks[name]
        assert not found.error, found.error
        problems = [
            f"{v['id']} ({v['impact']}): {v['help']}: {', '.join(v['targets'][:5])}"
            + (f" and {len(v['targets']) - 5} more" if len(v["targets"]) > 5 else "")
            for v in found.violations
        ]
        problems += [f"code colours, WCAG 1.4.3: {pair}" for pair in found.illegible_code]
        assert problems == [], f"{name}:\n" + "\n".join(problems)

    def test_page_fits_a_phone(self, checks: dict[str, PageCheck], name: str) -> None:
        """At 400 px wide the page never scrolls sideways (diagrams scale down to the
        column), and no output box scrolls sideways or sticks out of the page."""
        found = checks[name]
        assert not found.error, found.error
        assert 0 < found.phone_width <= PHONE["width"], (
            f"{name} is {found.phone_width} px wide in a 400 px window"
        )
        assert found.sideways == []

    def test_every_question_answers_back(self, checks: dict[str, PageCheck]) -> None:
        """On each page whose questions are clicked, each choice showed its own feedback
        (none before a click, exactly one right per question), and after the clicks
        nothing sticks out and nothing erred."""
        failures = [
            f"{name}: {c.quiz_failure or c.sideways_after_clicks or c.problems_after_clicks}"
            for name, c in checks.items()
            if c.quiz_failure or c.sideways_after_clicks or c.problems_after_clicks
        ]
        assert failures == []
        assert sum(c.questions for c in checks.values()) >= self.questions_wanted()

    @staticmethod
    def questions_wanted() -> int:
        return 0

    def test_diagram_labels_are_drawn_in_the_shipped_fonts(
        self, checks: dict[str, PageCheck]
    ) -> None:
        """A cell's diagram is in the page (not an <img>), so its labels are drawn in
        the faces the site ships, on any machine (site/ext/block_site.py)."""
        for name in (n for n in LABEL_FONTS if n in checks):
            found = checks[name]
            assert not found.error, found.error
            label, fonts = found.label_fonts
            assert label, f"{name}: no worded label in a cell's diagram"
            assert fonts and all(f["isCustomFont"] for f in fonts), (name, label, fonts)
            families = {f["familyName"] for f in fonts}
            assert families <= SHIPPED_FACES, (name, label, fonts)
            if name.startswith("ar/"):
                assert "IBM Plex Sans Arabic" in families, (name, label, fonts)

    def test_step_throughs_move_without_kernel(self, checks: dict[str, PageCheck]) -> None:
        """Moving a step-through's slider changes the diagram shown, in the browser alone."""
        moved = {name: c.sliders for name, c in checks.items() if c.sliders[0]}
        assert moved, "no page has a slider jslinked to a Stack"
        for name, (links, changed) in moved.items():
            assert changed >= links, f"{name}: {links} slider->Stack links, {changed} moved"


def named_in(found: PageCheck, words: set[str]) -> None:
    """The step-through's Play buttons say ``words``; each slider says what it moves."""
    assert not found.error, found.error
    named = found.probes["named"]
    assert set(named["buttons"]) == words, named["buttons"]
    assert named["sliders"] and all(named["sliders"]), named["sliders"]


class TestEnglishPages(_EveryPage):
    PAGES: ClassVar[list[str]] = EN_PAGES

    @staticmethod
    def questions_wanted() -> int:
        """Every question the chapters' code asks for is clicked, so none can fail to
        render unnoticed."""
        return quiz_calls_in_chapters()

    def test_step_through_controls_are_named(self, checks: dict[str, PageCheck]) -> None:
        """A step-through's controls say what they do (_static/bd-widget-a11y.js)."""
        named_in(checks["book/start/first-hand"], {"Play", "Stop", "Repeat"})

    def test_question_feedback_is_announced(self, checks: dict[str, PageCheck]) -> None:
        """Every question's feedback panels sit in a polite live region, so the verdict
        of a clicked choice is read out."""
        found = checks["book/practice/exercises"]
        assert not found.error, found.error
        stacks = found.probes["named"]["stacks"]
        assert stacks and set(stacks) == {"polite"}, stacks


class TestEditionPages(_EveryPage):
    PAGES: ClassVar[list[str]] = OTHER_PAGES

    @staticmethod
    def questions_wanted() -> int:
        """The two Arabic chapters clicked hold questions."""
        return 2 * len(AR_CLICKED)

    def test_step_through_controls_are_named_in_arabic(self, checks: dict[str, PageCheck]) -> None:
        named_in(checks["ar/book/start/first-hand"], {"تشغيل", "إيقاف", "تكرار"})

    @pytest.mark.parametrize(
        ("page", "at"),
        [("ar/book/tools/check-a-game", "end"), ("ar/book/start/first-hand", "start")],
    )
    def test_a_step_through_slider_keeps_its_handle_on_the_track(
        self, checks: dict[str, PageCheck], page: str, at: str
    ) -> None:
        """In a dir=rtl page the step-through's slider handle sits on its track: at the
        last move (check a game) on the right end, at the deal (first hand) on the left."""
        found = checks[page]
        assert not found.error, found.error
        handle, track = found.probes["slider"]
        centre = (handle[0] + handle[1]) / 2
        edge = track[1] if at == "end" else track[0]
        assert abs(centre - edge) <= 2, (handle, track)

    def test_code_and_results_read_left_to_right(self, checks: dict[str, PageCheck]) -> None:
        """In an Arabic page the prose runs right to left, code left to right, and each
        printed line by its first letter (an Arabic result right to left)."""
        found = checks["ar/book/rules/scoring"]
        assert not found.error, found.error
        styles = found.probes["directions"]
        assert styles[0][0] == "rtl"  # prose
        assert styles[1] == ["ltr", "isolate"] and styles[3] == ["ltr", "isolate"]  # code
        assert styles[2] == ["ltr", "plaintext"]  # each printed line by its first letter

    @pytest.mark.parametrize(
        ("page", "probe"),
        [("ar/book/rules/placing", "tile"), ("ar/book/reference/rules-card", "sum")],
    )
    def test_notation_reads_left_to_right_in_prose(
        self, checks: dict[str, PageCheck], page: str, probe: str
    ) -> None:
        """Measured on screen: a tile's first half in a sentence, and E10's sum's first
        number, are on the left."""
        found = checks[page]
        assert not found.error, found.error
        where = found.probes[probe]
        assert where is not None, f"{PROBES[page][probe].arg[0]!r} is not in the page"
        assert where[0] < where[1], f"{probe} shows reversed: {where}"
