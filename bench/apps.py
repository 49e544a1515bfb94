"""How fast the apps open, against bare Pyodide on the same machine in the same run.

    python bench/apps.py                      # the site in _build/html, every app
    python bench/apps.py --html DIR --apps scorer,sheet --warm 3 --lang ar

Serves the built site (``--html``) on 127.0.0.1 and opens pages in a headless
Chromium (Debian's, /usr/bin/chromium, through Playwright) at 400 px, every request to
another host aborted:

- bare Pyodide: a page of the same site (``_bench/bare.html``, served by this script
  only) that loads the site's own Pyodide, ``micropip.install``s the engine's wheel
  (``apps/wheels/``, deps=False), imports the engine with its sheet and scoring
  modules and then sets ``data-app-ready`` on ``<html>``;
- each app (``apps/NAME.html``): until its ``data-app-ready``, which it sets when a
  control works.

Each page gets its own browser context (its own caches): its first open is *cold*, the
next ``--warm`` opens (default 3) are *warm* (the browser's caches and the apps'
service worker); the warm opens of all pages take turns, so a machine whose load
changes during the run slows them alike. Time is the page's own clock from navigation
to ``data-app-ready``. Prints each page's cold time and warm median, each app's ratio
to bare Pyodide's warm median, and last
``apps: slowest N s warm, R x bare Pyodide (B s)``. Exit status 1, with one line, if a
page fails or the site is not built.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from local_server import serve  # noqa: E402  (the one local server: tools/local_server.py)

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 400, "height": 800}
APPS = ("sheet", "scorer", "explorer", "play", "checker")
TIMEOUT_MS = 120_000
BARE_PATH = "_bench/bare.html"

#: bare Pyodide: boot, micropip-install the engine wheel, import it (times in the page)
BARE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script src="../live/static/pyodide/pyodide.js"></script></head>
<body><p id="out">starting</p>
<script>
(async function () {{
  try {{
    const py = await loadPyodide({{ indexURL: "../live/static/pyodide/" }});
    await py.loadPackage("micropip");
    const micropip = py.pyimport("micropip");
    await micropip.install.callKwargs(new URL("../apps/wheels/{wheel}", location.href).href,
                                      {{ deps: false }});
    py.runPython("import block_dominoes, block_dominoes.sheet, block_dominoes.scoring");
    document.getElementById("out").textContent = "ready";
    document.documentElement.setAttribute("data-app-ready", String(Math.round(performance.now())));
  }} catch (e) {{
    document.getElementById("out").textContent = String(e);
    document.documentElement.setAttribute("data-app-failed", "");
  }}
}})();
</script></body></html>
"""


class BenchError(Exception):
    """The site is not there, or a page failed; the message says which."""


def bare_page(html: Path) -> str:
    """The bare Pyodide page for the site built in ``html`` (it names the engine wheel)."""
    wheels = sorted((html / "apps" / "wheels").glob("block_dominoes-*.whl"))
    if len(wheels) != 1:
        raise BenchError(f"{html}/apps/wheels/ has no engine wheel: build the site first")
    return BARE_PAGE.format(wheel=wheels[0].name)


class Opener:
    """A browser context at 400 px for one page; :meth:`open` times one open."""

    def __init__(self, browser: Any, base: str, path: str, bare: str) -> None:
        self.base = base
        self.url = base + path
        self.context = browser.new_context(viewport=PHONE)
        self.outside: list[str] = []

        def refuse(route: Any) -> None:
            self.outside.append(route.request.url)
            route.abort()

        # Only the bare page and requests for another host are routed: a routed request
        # waits on this Python process, and routing every file of an app (its fonts, CSS,
        # scripts, wheels) made its open wait on a busy machine's scheduler more than bare
        # Pyodide's. Playwright matches a pattern in the browser, a callable here.
        self.context.route(
            base + BARE_PATH,
            lambda route: route.fulfill(status=200, content_type="text/html", body=bare),
        )
        self.context.route(re.compile("^(?!" + re.escape(base) + "|data:|blob:)"), refuse)

    def open(self, query: str = "") -> float:
        """Seconds from navigation to ``data-app-ready`` (the page's own clock)."""
        page = self.context.new_page()
        try:
            page.goto(self.url + query, wait_until="commit")
            page.wait_for_selector(
                "html[data-app-ready], html[data-app-failed]", timeout=TIMEOUT_MS
            )
            ready = page.evaluate("document.documentElement.getAttribute('data-app-ready')")
            if ready is None:
                said = page.locator("body").inner_text()[-300:]
                raise BenchError(f"{self.url}{query} failed: {said.strip()}")
            if self.outside:
                raise BenchError(f"{self.url} asked for another host: {self.outside[0]}")
            return float(ready) / 1000
        finally:
            page.close()

    def close(self) -> None:
        self.context.close()


def measure(
    browser: Any, base: str, html: Path, apps: Sequence[str], warm: int, query: str = ""
) -> dict[str, tuple[float, list[float]]]:
    """``{page: (cold seconds, [warm seconds...])}`` for bare Pyodide ("bare") and ``apps``."""
    bare = bare_page(html)
    openers = {"bare": Opener(browser, base, BARE_PATH, bare)}
    openers.update({name: Opener(browser, base, f"apps/{name}.html", bare) for name in apps})
    try:
        cold = {name: o.open("" if name == "bare" else query) for name, o in openers.items()}
        warms: dict[str, list[float]] = {name: [] for name in openers}
        for _ in range(warm):
            for name, o in openers.items():
                warms[name].append(o.open("" if name == "bare" else query))
    finally:
        for o in openers.values():
            o.close()
    return {name: (cold[name], warms[name]) for name in openers}


def report(times: dict[str, tuple[float, list[float]]]) -> list[str]:
    """The lines bench prints: bare Pyodide, each app, then the summary line."""
    bare_cold, bare_warm = times["bare"]
    bare = statistics.median(bare_warm)
    lines = [
        f"bare Pyodide (boot, micropip install of the engine wheel, import): cold {bare_cold:.1f} s,"
        f" warm {bare:.1f} s (median of {', '.join(f'{s:.1f}' for s in bare_warm)})"
    ]
    slowest = 0.0
    for name, (cold, warm) in times.items():
        if name == "bare":
            continue
        median = statistics.median(warm)
        slowest = max(slowest, median)
        lines.append(
            f"{name}: cold {cold:.1f} s, warm {median:.1f} s"
            f" (median of {', '.join(f'{s:.1f}' for s in warm)}),"
            f" {median / bare:.2f}x bare warm, cold {cold / bare_cold:.2f}x bare cold"
        )
    lines.append(
        f"apps: slowest {slowest:.1f} s warm, {slowest / bare:.2f} x bare Pyodide ({bare:.1f} s)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--html", type=Path, default=ROOT / "_build" / "html", help="the built site"
    )
    parser.add_argument("--apps", default=",".join(APPS), help="apps to open, comma-separated")
    parser.add_argument("--warm", type=int, default=3, help="warm opens of each page (default 3)")
    parser.add_argument("--lang", default="", help="open the apps in this language (?lang=xx)")
    args = parser.parse_args(argv)
    apps = [a for a in args.apps.split(",") if a]
    unknown = [a for a in apps if not (args.html / "apps" / f"{a}.html").is_file()]
    if args.warm < 1:
        parser.error(f"--warm must be at least 1, got {args.warm}")
    try:
        if unknown:
            raise BenchError(f"no app {unknown[0]!r} in {args.html}/apps/ (build the site first)")
        from playwright.sync_api import sync_playwright

        query = f"?lang={args.lang}" if args.lang else ""
        with serve(args.html) as base, sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                times = measure(browser, base, args.html, apps, args.warm, query)
            finally:
                browser.close()
    except BenchError as e:
        print(f"bench/apps.py: {e}", file=sys.stderr)
        return 1
    for line in report(times):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
