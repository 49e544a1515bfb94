"""Local Sphinx extension: the book's other-language editions (Arabic first).

* Every page of every edition gets a language switch in its header row: a link to
  the same page in the other edition (``lang-switch.html``, from ``site/ext/templates``).
  English pages link to ``ar/<page>.html``; Arabic pages to ``../<page>.html``.
  An English page the Arabic edition does not have (not in ``_toc_ar.yml``) links
  to the Arabic edition's first page instead, so no switch ever leads nowhere.
* When the English HTML build has finished, it builds the Arabic edition with
  ``jupyter-book build . --config _config_ar.yml --toc _toc_ar.yml
  --path-output _build/ar`` (incremental: only pages whose chapter or ``.po``
  changed are rebuilt) and copies it to ``<html>/ar``. Every warning of that build
  is repeated as a warning of this one, so ``jupyter-book build . -W`` fails on
  it. ``BLOCK_DOMINOES_SKIP_AR=1`` skips the step with a warning (developer speed).
* In a right-to-left edition (``language`` in ``RTL``), every written page gets
  ``dir="rtl"`` on its ``<html>`` tag at the end of the build (the theme builds its
  own ``<html>`` tag, and a child template cannot set it), and ``rtl.css``.

How the Arabic edition is built and translated: ``locales/BUILDING.md`` and
``locales/TRANSLATORS.md``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
#: languages written right to left
RTL = {"ar", "fa", "he", "ur"}
#: the other editions of the English book: language -> (label, folder, config, toc)
EDITIONS = {"ar": ("العربية", "ar", "_config_ar.yml", "_toc_ar.yml")}
SKIP_ENV = "BLOCK_DOMINOES_SKIP_AR"
_HTML_TAG = re.compile(r"<html(?![^>]*\bdir=)([^>]*)>")
_WARNING = re.compile(r"\b(WARNING|ERROR|CRITICAL|SEVERE)\b:")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def toc_docnames(toc: Path) -> list[str]:
    """Every page in a Jupyter Book toc file (root first), as docnames."""
    data = yaml.safe_load(toc.read_text(encoding="utf-8"))
    names = [str(data["root"])]

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            if "file" in entry:
                names.append(str(entry["file"]).removesuffix(".md").removesuffix(".ipynb"))
            for key in ("parts", "chapters", "sections"):
                walk(entry.get(key) or [])

    walk([{key: data[key]} for key in ("parts", "chapters", "sections") if key in data])
    return names


def switch_href(pagename: str, root: str, twin: str) -> str:
    """The relative address of ``twin`` in the edition at ``root`` (from this edition's root).

    >>> switch_href("book/rules/setup", "ar", "book/rules/setup")
    '../../ar/book/rules/setup.html'
    >>> switch_href("book/intro", "..", "book/intro")
    '../../book/intro.html'
    >>> switch_href("search", "ar", "search")
    'ar/search.html'
    """
    return f"{'../' * pagename.count('/')}{root}/{twin}.html"


def _edition(app: Sphinx) -> tuple[str, str, str, set[str] | None]:
    """(language, label, root, twin pages or None for all) of the OTHER edition."""
    language = app.config.language or "en"
    if language in EDITIONS:
        return "en", "English", "..", None
    lang = next(iter(EDITIONS))
    label, folder, _, toc = EDITIONS[lang]
    return lang, label, folder, set(toc_docnames(Path(app.srcdir) / toc))


def _configure(app: Sphinx, config: Config) -> None:
    """The switch's template and style in the theme's header row; rtl.css for RTL."""
    config.templates_path.append(str(HERE / "templates"))
    config.html_static_path.append(str(HERE / "static"))
    options = config.html_theme_options
    end = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if "lang-switch.html" not in end:
        options["article_header_end"] = ["lang-switch.html", *end]
    app.add_css_file("editions.css")
    if (config.language or "en") in RTL:
        app.add_css_file("rtl.css")


def _switch(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Tell lang-switch.html where this page is in the other edition."""
    lang, label, root, twins = _edition(app)
    twin = pagename
    if twins is not None and pagename.startswith("book/") and pagename not in twins:
        twin = app.config.root_doc  # not translated yet: the other edition's first page
    context["bd_switch_url"] = switch_href(pagename, root, twin)
    context["bd_switch_lang"] = lang
    context["bd_switch_label"] = label


def _mark_rtl(app: Sphinx, exception: Exception | None) -> None:
    if exception or app.builder.format != "html" or (app.config.language or "en") not in RTL:
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _HTML_TAG.sub(r'<html dir="rtl"\1>', text, count=1)
        if new != text:
            page.write_text(new, encoding="utf-8")


def build_other_editions(app: Sphinx, exception: Exception | None) -> None:
    """From the English HTML build: build each other edition and copy it into ``<html>/<lang>``."""
    if exception is not None or app.builder.format != "html" or app.config.language not in (
        None,
        "en",
    ):
        return
    for lang, (_, folder, config, toc) in EDITIONS.items():
        out = Path(app.outdir) / folder
        if os.environ.get(SKIP_ENV) == "1":
            logger.warning("%s edition skipped (%s=1): %s is not updated", lang, SKIP_ENV, out)
            continue
        src = Path(app.srcdir)
        work = src / "_build" / lang
        jb = Path(sys.executable).with_name("jupyter-book")
        command = [str(jb) if jb.is_file() else "jupyter-book", "build", str(src)]
        command += ["--config", str(src / config), "--toc", str(src / toc)]
        command += ["--path-output", str(work), "--keep-going"]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        log = _ANSI.sub("", done.stdout + done.stderr)
        for line in log.splitlines():
            if _WARNING.search(line):
                logger.warning("[%s edition] %s", lang, line.strip(), type="editions")
        built = work / "_build" / "html"
        if done.returncode != 0 or not (built / "index.html").is_file():
            raise ExtensionError(
                f"the {lang} edition did not build ({' '.join(command)}):\n{log[-3000:]}\n"
                f"(set {SKIP_ENV}=1 to build the English book without it)"
            )
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(built, out)
        logger.info("[%s] edition built in %.1f s", lang, time.monotonic() - started)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _configure)
    # Before the theme drops header templates that render empty (pydata-sphinx-theme).
    app.connect("html-page-context", _switch, priority=400)
    app.connect("build-finished", _mark_rtl)
    app.connect("build-finished", build_other_editions)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
