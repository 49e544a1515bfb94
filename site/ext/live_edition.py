"""Local Sphinx extension: the live edition (JupyterLite) beside the book.

* It builds nothing: ``tools/build.py`` (the README's build command) runs
  ``tools/build_live.py`` after the books, which assembles the JupyterLite site of
  live/*.ipynb into ``<html>/live`` and the apps into ``<html>/apps``.
* In every edition (English, and each language's when it loads this extension too):
  its words come from Sphinx's message catalog ``bd_site`` (``site_words.py``), and
  an edition's links go one folder further up, to the one live edition beside the
  English book, opening the notebook's copy in its language and the app with ``?lang=``.
* Every page named as ``chapter`` in a live notebook's metadata
  (``metadata.block_dominoes.chapter``, set in the header of live/NAME.md) gets
  a "Run live" line under its title and opening paragraph, linking to that notebook, unless the page
  already links to it with the role below. The chapters themselves stay untouched.
* The role ``{run-live}`NAME``` (or ``{run-live}`text <NAME>```) links to the live
  twin ``live/NAME.ipynb`` anywhere in the prose.
* The apps (apps/NAME.md, MyST notebooks), published by that same live step as
  ``<html>/apps/NAME.html`` (the app, which opens and runs by itself) and
  ``<html>/apps/index.html``: every page named as ``chapter`` in an app's front matter
  gets an "Open the app" line beside its "Run live" line.

Links open the notebook in the live edition's notebook app, and are relative, so the
built site works from any folder or server.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from site_words import _
from sphinx.application import Sphinx
from sphinx.util import logging

from block_dominoes.languages import SOURCE

logger = logging.getLogger(__name__)

#: where the live site goes, inside the HTML output
LIVE_DIR = "live"
#: where the apps' pages go, inside the HTML output (sources: apps/*.md)
APPS_DIR = "apps"
#: the notebook app's address for one notebook, relative to LIVE_DIR
NOTEBOOK_URL = "notebooks/index.html?path={name}.ipynb"

_EXPLICIT = re.compile(r"^(?P<text>.+?)\s*<(?P<name>[\w-]+)>$")


def site_root(docname: str, lang: str = "en") -> str:
    """The relative address of the English book's root (where live/ and apps/ are)
    from page ``docname`` of the edition in ``lang`` (an edition sits one folder down).

    >>> site_root("book/play/play"), site_root("book/play/play", "ar")
    ('../../', '../../../')
    """
    return "../" * (docname.count("/") + (lang != SOURCE))


def live_href(docname: str, name: str, lang: str = "en") -> str:
    """The relative address of live notebook ``name`` from page ``docname`` of the
    edition in ``lang``: in another language, the notebook's copy in that language
    (``ar/NAME.ipynb``, made by tools/build_live.py).

    >>> live_href("book/play/play", "play")
    '../../live/notebooks/index.html?path=play.ipynb'
    >>> live_href("book/play/play", "play", "ar")
    '../../../live/notebooks/index.html?path=ar/play.ipynb'
    """
    copy = name if lang == SOURCE else f"{lang}/{name}"
    return f"{site_root(docname, lang)}{LIVE_DIR}/{NOTEBOOK_URL.format(name=copy)}"


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
    label, target = (match["text"], match["name"]) if match else (_("Run live"), text.strip())
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
        refuri=live_href(env.docname, target, env.config.language or SOURCE),
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


def app_href(docname: str, name: str, lang: str = "en") -> str:
    """The relative address of app ``name`` from page ``docname`` of the edition in
    ``lang`` (in another language: the app opened in it, ``?lang=``).

    >>> app_href("book/tools/keep-score", "sheet")
    '../../apps/sheet.html'
    >>> app_href("book/tools/keep-score", "sheet", "ar")
    '../../../apps/sheet.html?lang=ar'
    """
    query = "" if lang == SOURCE else f"?lang={lang}"
    return f"{site_root(docname, lang)}{APPS_DIR}/{name}.html{query}"


def _after_opening(section: nodes.Element) -> int:
    """Where a line goes: after the title and the opening paragraph ("What you will
    learn ..."), and after a "Run live" line already there."""
    at = 1 if section.children and isinstance(section[0], nodes.title) else 0
    if len(section.children) > at and isinstance(section[at], nodes.paragraph):
        at += 1
    if len(section.children) > at and "bd-run-live-line" in section[at].get("classes", []):
        at += 1
    return at


def add_app_line(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put "Open the app: TITLE" (in the edition's language) under the opening of a
    page that has an app."""
    lang = app.config.language or SOURCE
    found = app_pages(app.srcdir, lang).get(docname)
    if found is None or app.builder.format != "html":
        return
    name, title = found
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    query = "" if lang == SOURCE else f"?lang={lang}"
    line = nodes.paragraph(classes=["bd-app-line"])
    line += nodes.strong(text=_("Open the app:"))
    line += nodes.Text(" ")
    line += nodes.reference("", title, refuri=app_href(docname, name, lang), classes=["bd-app"])
    line += nodes.Text(" ")
    # Translators: followed by a link to the list of apps, then ").".
    line += nodes.Text(_("(opens by itself, on a phone too;"))
    line += nodes.Text(" ")
    index = f"{site_root(docname, lang)}{APPS_DIR}/index.html{query}"
    line += nodes.reference("", _("all apps"), refuri=index)
    line += nodes.Text(").")
    section.insert(_after_opening(section), line)


def add_run_live_line(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put "Run live: ..." (in the edition's language) under the title of a page
    that has a live twin, unless the page links to it already."""
    lang = app.config.language or SOURCE
    name = live_pages(app.srcdir).get(docname)
    if name is None or app.builder.format != "html":
        return
    href = live_href(docname, name, lang)
    if any(ref.get("refuri") == href for ref in doctree.findall(nodes.reference)):
        return  # the page links to it already, where its author wanted
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    line = nodes.paragraph(classes=["bd-run-live-line"])
    line += nodes.strong(text=_("Run live:"))
    line += nodes.Text(" ")
    line += nodes.reference(
        "", _("this chapter's widget as a notebook"), refuri=href, classes=["bd-run-live"]
    )
    line += nodes.Text(" ")
    line += nodes.Text(_("(Python runs in your browser: nothing to install, no internet needed)."))
    at = 1 if section.children and isinstance(section[0], nodes.title) else 0
    if len(section.children) > at and isinstance(section[at], nodes.paragraph):
        at += 1
    section.insert(at, line)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("site_words")
    app.add_role("run-live", run_live_role)
    app.connect("doctree-resolved", add_run_live_line)
    app.connect("doctree-resolved", add_app_line)  # after the Run live line: connected later
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
