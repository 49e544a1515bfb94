"""The browser tests' shared helpers: a local server, and pages visited offline.

- ``serve(folder)``: ``folder`` served over HTTP on 127.0.0.1 (a free port, a thread
  of this process, no log); yields the base URL, ending in "/".
- ``Visit``: what went wrong while pages loaded: requests to any host other than
  127.0.0.1 (aborted, so a page cannot lean on the internet), failed requests and
  HTTP errors, uncaught page errors, console errors. ``visit.guard(page_or_context)``
  aborts and records the off-machine requests, ``visit.watch(page)`` records the rest.
- ``open_page(browser, url, visit)``: a new tab, guarded and watched, at ``url``.
- ``settle(page)``: wait until the page has loaded, every stored widget view has
  rendered and every font it asked for is in (or failed, which ``Visit`` records).
- ``next_frame(page)``: wait until the browser has drawn twice (after a resize, a key).

Every wait is on a condition, with a ceiling (``WAIT_MS``) generous enough for a
2-core machine with a CPU-bound process on each core: a fast machine finishes as soon
as the condition holds. Nothing waits for the network to go quiet ("networkidle"
needs 500 ms with no request at all, which a loaded machine running 40 tabs may never
give within 30 s) and nothing sleeps a fixed time.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from local_server import serve  # noqa: F401  (the one local server, re-exported)

#: the ceiling of every wait on a page (ms); a wait ends as soon as its condition holds
WAIT_MS = 120_000

# Every stored widget view has rendered (html-manager puts each into a .widget-subarea
# beside its script tag), and no font the page asked for is still loading.
SETTLED_JS = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].every(
      (s) => s.parentElement.querySelector(':scope > .widget-subarea .jupyter-widgets'))
  && document.fonts.status === 'loaded'"""

# A promise that resolves after the browser has drawn two more frames.
NEXT_FRAME_JS = """() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def off_machine(url: str) -> bool:
    """True for a network address on any host but 127.0.0.1 (data:, blob: are local)."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1"


@dataclass
class Visit:
    """Everything that went wrong while one or more pages loaded."""

    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """One line per problem, empty when the pages loaded cleanly."""
        return (
            [f"blocked request to another host: {u}" for u in self.blocked]
            + [f"failed request: {u}" for u in self.failed]
            + [f"page error: {e}" for e in self.page_errors]
            + [f"console error: {e}" for e in self.console_errors]
        )

    def guard(self, target: Any) -> None:
        """Abort (and record) every request of ``target`` (a page or a browser
        context) that would leave the machine."""

        def route(r: Any) -> None:
            if off_machine(r.request.url):
                self.blocked.append(r.request.url)
                r.abort()
            else:
                r.continue_()

        target.route("**/*", route)

    def watch(self, page: Any, *, console: bool = True, requests: bool = True) -> None:
        """Record ``page``'s uncaught page errors; unless ``console`` is False, its
        console errors; unless ``requests`` is False, its HTTP errors and failed
        requests. A request cancelled (net::ERR_ABORTED: the page moved on, or
        ``guard`` aborted it and recorded it as blocked) is not a failure."""
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        if console:
            page.on(
                "console",
                lambda m: self.console_errors.append(m.text) if m.type == "error" else None,
            )
        if requests:
            page.on("requestfailed", self._request_failed)
            page.on(
                "response",
                lambda r: (
                    self.failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None
                ),
            )

    def _request_failed(self, request: Any) -> None:
        if "ERR_ABORTED" not in str(request.failure):
            self.failed.append(f"{request.url} ({request.failure})")


def open_page(
    browser: Any,
    url: str,
    visit: Visit,
    *,
    viewport: dict[str, int] | None = None,
    console: bool = True,
) -> Any:
    """Open ``url`` in a new tab of ``browser`` (a Browser or a BrowserContext),
    guarded and watched by ``visit``; return the tab once its load event has fired."""
    page = browser.new_page()
    page.set_default_timeout(WAIT_MS)
    page.set_default_navigation_timeout(WAIT_MS)
    if viewport:
        page.set_viewport_size(viewport)
    visit.guard(page)
    visit.watch(page, console=console)
    page.goto(url, wait_until="load")
    return page


def settle(page: Any, *, timeout: float = WAIT_MS) -> None:
    """Wait until ``page`` has loaded, its widgets have rendered and its fonts are in."""
    page.wait_for_load_state("load", timeout=timeout)
    page.wait_for_function(SETTLED_JS, timeout=timeout)
    next_frame(page)


def next_frame(page: Any) -> None:
    """Wait until the browser has drawn two more frames (a resize or a key has been
    laid out and painted)."""
    page.evaluate(NEXT_FRAME_JS)
