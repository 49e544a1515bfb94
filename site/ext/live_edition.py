"""Local Sphinx extension: the live edition (JupyterLite) beside the book.

* When an HTML build has finished, it runs ``tools/build_live.py --out <html>/live``,
  which assembles (or, when its inputs are unchanged, only checks) the JupyterLite
  site of live/*.ipynb. A failure fails the build; ``BLOCK_DOMINOES_SKIP_LIVE=1``
  skips the step with a warning (for a quick look at prose).
* Every page named as ``chapter`` in a live notebook's metadata
  (``metadata.block_dominoes.chapter``, set in the header of live/NAME.md) gets
  a "Run live" line under its title and opening paragraph, linking to that notebook, unless the page
  already links to it with the role below. The chapters themselves stay untouched.
* The role ``{run-live}`NAME``` (or ``{run-live}`text <NAME>```) links to the live
  twin ``live/NAME.ipynb`` anywhere in the prose.
* The apps (apps/NAME.md, MyST notebooks): the same build step writes
  ``<html>/apps/NAME.html`` (the app, which opens and runs by itself) and
  ``<html>/apps/index.html``; every page named as ``chapter`` in an app's front matter
  gets an "Open the app" line beside its "Run live" line.

Links open the notebook in the live edition's notebook app, and are relative, so the
built site works from any folder or server.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: where the live site goes, inside the HTML output
LIVE_DIR = "live"
#: where the apps' pages go, inside the HTML output (sources: apps/*.md)
APPS_DIR = "apps"
#: the notebook app's address for one notebook, relative to LIVE_DIR
NOTEBOOK_URL = "notebooks/index.html?path={name}.ipynb"
DEFAULT_TEXT = "Run live"

_EXPLICIT = re.compile(r"^(?P<text>.+?)\s*<(?P<name>[\w-]+)>$")


def live_href(docname: str, name: str) -> str:
    """The relative address of live notebook ``name`` from page ``docname``.

    >>> live_href("book/play/play", "play")
    '../../live/notebooks/index.html?path=play.ipynb'
    """
    up = "../" * docname.count("/")
    return f"{up}{LIVE_DIR}/{NOTEBOOK_URL.format(name=name)}"


def run_live_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{run-live}`play``` -> a link "Run live" to live/play.ipynb in the live edition."""
    match = _EXPLICIT.match(text.strip())
    label, target = (match["text"], match["name"]) if match else (DEFAULT_TEXT, text.strip())
    env = inliner.document.settings.env
    notebook = Path(env.srcdir) / LIVE_DIR / f"{target}.ipynb"
    if not notebook.exists():
        msg = inliner.reporter.error(
            f"run-live: no live notebook {target!r} (expected live/{target}.ipynb)", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    node = nodes.reference(
        rawtext,
        label,
        refuri=live_href(env.docname, target),
        classes=["bd-run-live"],
    )
    return [node], []


def live_pages(srcdir: str | Path) -> dict[str, str]:
    """Book page (docname) -> live notebook name, from the notebooks' metadata."""
    pages: dict[str, str] = {}
    for path in sorted((Path(srcdir) / LIVE_DIR).glob("*.ipynb")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
        chapter = meta.get("block_dominoes", {}).get("chapter")
        if chapter:
            pages[str(chapter)] = path.stem
    return pages


def app_pages(srcdir: str | Path, lang: str = "en") -> dict[str, tuple[str, str]]:
    """Book page (docname) -> (app name, app title), from the apps' front matter; the
    title in ``lang`` (its ``block_dominoes.<lang>.app``) if the app has one."""
    import yaml

    pages: dict[str, tuple[str, str]] = {}
    for path in sorted((Path(srcdir) / APPS_DIR).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---\n"):
            continue
        front = yaml.safe_load(text.split("---\n", 2)[1]) or {}
        meta = front.get("block_dominoes") or {}
        if meta.get("chapter") and meta.get("app"):
            title = (meta.get(lang) or {}).get("app") or meta["app"]
            pages[str(meta["chapter"])] = (path.stem, str(title))
    return pages


def app_href(docname: str, name: str) -> str:
    """The relative address of app ``name`` from page ``docname``.

    >>> app_href("book/tools/keep-score", "sheet")
    '../../apps/sheet.html'
    """
    return f"{'../' * docname.count('/')}{APPS_DIR}/{name}.html"


def add_app_line(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put "Open the app: TITLE" under the opening of a page that has an app."""
    found = app_pages(app.srcdir).get(docname)
    if found is None or app.builder.format != "html":
        return
    name, title = found
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    line = nodes.paragraph(classes=["bd-app-line"])
    line += nodes.strong(text="Open the app: ")
    line += nodes.reference("", title, refuri=app_href(docname, name), classes=["bd-app"])
    line += nodes.Text(" (opens by itself, on a phone too; ")
    line += nodes.reference(
        "", "all apps", refuri=f"{'../' * docname.count('/')}{APPS_DIR}/index.html"
    )
    line += nodes.Text(").")
    # After the "Run live" line if there is one, else after the title and opening paragraph.
    at = 1 if section.children and isinstance(section[0], nodes.title) else 0
    if len(section.children) > at and isinstance(section[at], nodes.paragraph):
        at += 1
    if len(section.children) > at and "bd-run-live-line" in section[at].get("classes", []):
        at += 1
    section.insert(at, line)


def add_run_live_line(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put "Run live: ..." under the title of a page that has a live twin."""
    name = live_pages(app.srcdir).get(docname)
    if name is None or app.builder.format != "html":
        return
    href = live_href(docname, name)
    if any(ref.get("refuri") == href for ref in doctree.findall(nodes.reference)):
        return  # the page links to it already, where its author wanted
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    line = nodes.paragraph(classes=["bd-run-live-line"])
    line += nodes.strong(text="Run live: ")
    line += nodes.reference(
        "", "this chapter's widget as a notebook", refuri=href, classes=["bd-run-live"]
    )
    line += nodes.Text(" (Python runs in your browser: nothing to install, no internet needed).")
    # After the title and the opening paragraph ("What you will learn ...").
    at = 1 if section.children and isinstance(section[0], nodes.title) else 0
    if len(section.children) > at and isinstance(section[at], nodes.paragraph):
        at += 1
    section.insert(at, line)


def build_live_edition(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / LIVE_DIR
    if os.environ.get("BLOCK_DOMINOES_SKIP_LIVE") == "1":
        logger.warning("live edition skipped (BLOCK_DOMINOES_SKIP_LIVE=1): %s is not updated", out)
        return
    script = Path(app.srcdir) / "tools" / "build_live.py"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(out), "--apps", str(out.parent / APPS_DIR)],
        capture_output=True,
        text=True,
        check=False,
    )
    for line in done.stdout.splitlines():
        logger.info(line)
    if done.returncode != 0:
        raise ExtensionError(
            f"the live edition could not be assembled: {done.stderr.strip()}\n"
            "(set BLOCK_DOMINOES_SKIP_LIVE=1 to build the book without it)"
        )
    logger.info("[live] step took %.1f s", time.monotonic() - started)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("run-live", run_live_role)
    app.connect("doctree-resolved", add_run_live_line)
    app.connect("doctree-resolved", add_app_line)  # after the Run live line: connected later
    app.connect("build-finished", build_live_edition)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
