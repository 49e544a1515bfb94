"""Local Sphinx extension: the book's other-language editions (Arabic first).

* Every page of every edition gets a language switch in its header row: a link to
  the same page in the other edition (``lang-switch.html``, from ``site/ext/templates``).
  English pages link to ``ar/<page>.html``; Arabic pages to ``../<page>.html``.
  An English page the Arabic edition does not have (not in ``_toc_ar.yml``) links
  to the Arabic edition's first page instead, so no switch ever leads nowhere.
* When the English HTML build has finished, it builds the Arabic edition with
  ``jupyter-book build . --config _config_ar.yml --toc _toc_ar.yml
  --path-output _build/ar`` (incremental: only pages whose chapter or ``.po``
  changed are rebuilt; all of them when the English build is a full one, ``--all``)
  and copies it to ``<html>/ar``. Every warning of that build
  is repeated as a warning of this one, so ``jupyter-book build . -W`` fails on
  it. ``BLOCK_DOMINOES_SKIP_AR=1`` skips the step with a warning (developer speed).
* In a right-to-left edition (``language`` in ``RTL``), every written page gets
  ``dir="rtl"`` on its ``<html>`` tag at the end of the build (the theme builds its
  own ``<html>`` tag, and a child template cannot set it), and ``rtl.css``.
* Another edition's chapters with a live twin get live_edition.py's "Run live" and
  "Open the app" lines in their language, linking to the one live edition beside the
  English book: to the notebook's copy in that language and to the app with ``?lang=``.
* Another edition's chapters show outputs run in that language: the edition reads the
  chapter's run ``locales/<lang>/runs/<chapter>.ipynb`` (made by
  ``tools/run_notebooks.py``: the chapter's cells run with the engine speaking ``lang``)
  in place of ``<chapter>.ipynb``; the prose is still translated from the chapter's
  ``.po``, as the two hold the same Markdown cells. A chapter without its run is a
  warning (``-W``: an error).
* The glossary of every edition ends with the terms table of ``locales/terms.csv``:
  each game word in the sources' five languages, the edition's own language first.

How the Arabic edition is built and translated: ``locales/BUILDING.md`` and
``locales/TRANSLATORS.md``.
"""

from __future__ import annotations

import csv
import html
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from book_toc import toc_docnames
from docutils import nodes
from live_edition import APPS_DIR, LIVE_DIR, NOTEBOOK_URL, app_pages, live_pages
from sphinx import addnodes
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
    # First: the themes append their components folders, whose toggles this overrides.
    config.templates_path.insert(0, str(HERE / "templates"))
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


#: the glossary page, and the terms table added at its end (from locales/terms.csv)
GLOSSARY = "book/reference/glossary"
TERMS_CSV = Path("locales") / "terms.csv"
TERMS_LANGS = (
    ("en", "English"),
    ("ar", "العربية"),
    ("bg", "Български"),
    ("el", "Ελληνικά"),
    ("tr", "Türkçe"),
)
TERMS_TEXT = {
    "en": (
        "The terms in the sources' five languages",
        "Every game word of this book in the languages of its sources, each taken from "
        "a source's own words where it has one. A * marks a word that is ours: no source "
        "uses it. <code>locales/terms.csv</code> names the source file, line and phrase "
        "of every other word.",
    ),
    "ar": (
        "المصطلحات بلغات المصادر الخمس",
        "كل كلمة من كلمات اللعبة في هذا الكتاب بلغات مصادره، مأخوذة من كلمات المصدر "
        "نفسه حيث توجد. تعلّم * كلمة من عندنا: لا يستعملها أي مصدر. ويذكر "
        "<code>locales/terms.csv</code> ملف المصدر وسطره وعبارته لكل كلمة أخرى.",
    ),
}


def _dir(code: str) -> str:
    return f' dir="{"rtl" if code in RTL else "ltr"}"'


def terms_table_html(csv_path: Path, language: str) -> tuple[str, str]:
    """The terms table (one row per term, one column per language) as HTML, and its title.

    Each cell carries its language (``lang``, and ``dir`` for right-to-left ones)
    so that browsers shape and order it right inside either edition.
    """
    with csv_path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    title, intro = TERMS_TEXT.get(language, TERMS_TEXT["en"])
    # The edition's own language first, then the others in the table's order.
    langs = sorted(TERMS_LANGS, key=lambda pair: pair[0] != language)
    head = "".join(
        f'<th lang="{code}"{_dir(code)}>{html.escape(name)}</th>' for code, name in langs
    )
    body = []
    for row in rows:
        cells = []
        for code, _ in langs:
            word = html.escape(row[code])
            ours = code != "en" and row.get(f"{code}_source", "").strip() == "ours"
            foreign = "" if code == language else ' class="bd-foreign"'
            star = " *" if ours else ""
            cells.append(f'<td lang="{code}"{_dir(code)}{foreign}>{word}{star}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<p>{intro}</p><div class="pst-scrollable-table-container bd-terms-table">'
        f'<table class="table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    ), title


def add_terms_table(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """At the end of the glossary: the terms table of ``locales/terms.csv``."""
    path = Path(app.srcdir) / TERMS_CSV
    if docname != GLOSSARY or app.builder.format != "html" or not path.is_file():
        return
    top = next(iter(doctree.findall(nodes.section)), None)
    if top is None:
        return
    markup, title = terms_table_html(path, app.config.language or "en")
    section = nodes.section(ids=["terms-in-five-languages"], names=["terms-in-five-languages"])
    section += nodes.title(text=title)
    section += nodes.raw("", markup, format="html")
    top += section


_ARTICLE = re.compile(r"^(?:ال|لل)")
_ALEF = str.maketrans("أإآٱ", "اااا")


def arabic_sort_key(term: str) -> str:
    """How an Arabic glossary orders a term: by its letters, the article "ال" and the
    hamza on an alef set aside, as a dictionary does.

    >>> sorted(["مجموع", "الطرف المفتوح", "أول", "بادئ"], key=arabic_sort_key)
    ['أول', 'بادئ', 'الطرف المفتوح', 'مجموع']
    """
    word = " ".join(term.split()).translate(_ALEF)
    return _ARTICLE.sub("", word)


def sort_glossary(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In an edition in another language, the glossary in that language's order: the
    glossary directive sorted its terms in English, before they were translated."""
    if docname != GLOSSARY or (app.config.language or "en") != "ar":
        return
    for glossary in doctree.findall(addnodes.glossary):
        for dl in glossary.findall(nodes.definition_list):
            items = list(dl.children)
            items.sort(key=lambda item: arabic_sort_key(item.next_node(nodes.term).astext()))
            dl.children = []
            dl.extend(items)


FSI, PDI = "\u2068", "\u2069"
_ISOLATED = re.compile("[\u2066-\u2068][^\u2069]*\u2069")
_RTL_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_LATIN = re.compile("[A-Za-z]")
#: a printed line that is code, not a sentence: a command, JSON, a record's keyword line
_CODE_LINE = re.compile(
    r"^\s*(?:\$ |block-dominoes |python |#|[{}\[\]\"]|(?:rules|hand \d+|seed|players|starter|"
    r"out of play|totals|explanation|result|version|names?)\s*:)"
)
LRI = "\u2066"
_SUM_THEN_RESULT = re.compile("[\u2066\u2068]([0-9 +\u2212×-]+)\u2069 = ([0-9]+)")
_QUOTED_LATIN = re.compile("(?<![\u2066-\u2068])'[^'\u0590-\u08ff\u2066-\u2069\n]+'")


def isolate_line(line: str) -> str:
    """A printed line as a right-to-left page must hold it: a sentence takes its
    direction from its first Arabic word, so the Latin words before that word (a
    strategy's name, an exception's name) are isolated, and so is quoted Latin input
    inside the sentence. Code lines and lines with no right-to-left letter are left alone.

    >>> isolate_line("heavy يفوز في 62% ضد random") == FSI + "heavy" + PDI + " يفوز في 62% ضد random"
    True
    >>> isolate_line("InvalidPositionError: لا يُسمح في 'pagat'") == (
    ...     FSI + "InvalidPositionError:" + PDI + " لا يُسمح في " + FSI + "'pagat'" + PDI)
    True
    >>> isolate_line("بقي لدى اللاعبين 2 و3: \u20684 + 3\u2069 = 7 نقاط") == (
    ...     "بقي لدى اللاعبين 2 و3: " + LRI + "4 + 3 = 7" + PDI + " نقاط")
    True
    >>> isolate_line('"explanation": "دومينو"')  # JSON stays as it is
    '"explanation": "دومينو"'
    """
    first = _RTL_LETTER.search(line)
    if first is None or _CODE_LINE.match(line):
        return line
    # a sum isolated without its result ("⁨4 + 3⁩ = 7") is one left-to-right unit
    line = _SUM_THEN_RESULT.sub(lambda m: LRI + m.group(1) + " = " + m.group(2) + PDI, line)
    first = _RTL_LETTER.search(line)
    if first is None:  # pragma: no cover  (the sum holds no letter, the line still does)
        return line
    lead, rest = line[: first.start()], line[first.start() :]
    rest = _QUOTED_LATIN.sub(lambda m: FSI + m.group(0) + PDI, rest)
    if _LATIN.search(_ISOLATED.sub("", lead)):
        stripped = lead.rstrip()
        indent = len(stripped) - len(stripped.lstrip())
        lead = stripped[:indent] + FSI + stripped[indent:] + PDI + lead[len(stripped) :]
    return lead + rest


def isolate_outputs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In a right-to-left edition, every printed output line through :func:`isolate_line`."""
    if (app.config.language or "en") not in RTL:
        return
    for block in doctree.findall(nodes.literal_block):
        if "output" not in block.get("classes", []):
            continue
        text = block.astext()
        new = "\n".join(isolate_line(line) for line in text.split("\n"))
        if new != text:
            block.children = []
            block += nodes.Text(new)
            block.rawsource = new
            if block.get("language") == "ipythontb":
                # the traceback lexer stops at an isolate mark: an error box as plain text
                block["language"] = "none"


#: the "Run live" line of live_edition.py, in the other editions' languages
RUN_LIVE = {
    "ar": (
        "شغّلها مباشرة: ",
        "أداة هذا الفصل في دفتر",
        " (يعمل Python في متصفحك: لا شيء لتثبيته، ولا حاجة إلى الإنترنت).",
    )
}


#: live_edition.py's "Open the app" line, in the other editions' languages
APP_LINE = {"ar": ("افتح التطبيق: ", " (يفتح وحده، وعلى الهاتف أيضًا؛ ", "كل التطبيقات", ").")}


def add_run_live_line(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In another edition, the "Run live" line under the title, in its language, and
    the "Open the app" line under it.

    The live edition and the apps are built once, beside the English book
    (``<html>/live``, ``<html>/apps``), so the links go one folder further up than
    live_edition.py's; they open the notebook's copy in this language
    (``path=ar/NAME.ipynb``, made by tools/build_live.py) and the app with ``?lang=ar``.
    """
    lang = app.config.language or "en"
    words = RUN_LIVE.get(lang)
    name = live_pages(app.srcdir).get(docname)
    if words is None or name is None or app.builder.format != "html":
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    up = "../" * (docname.count("/") + 1)
    href = f"{up}{LIVE_DIR}/{NOTEBOOK_URL.format(name=f'{lang}/{name}')}"
    line = nodes.paragraph(classes=["bd-run-live-line"])
    line += nodes.strong(text=words[0])
    line += nodes.reference("", words[1], refuri=href, classes=["bd-run-live"])
    line += nodes.Text(words[2])
    at = 1 if section.children and isinstance(section[0], nodes.title) else 0
    if len(section.children) > at and isinstance(section[at], nodes.paragraph):
        at += 1
    section.insert(at, line)
    found, app_words = app_pages(app.srcdir, lang).get(docname), APP_LINE.get(lang)
    if found is None or app_words is None:
        return
    app_line = nodes.paragraph(classes=["bd-app-line"])
    app_line += nodes.strong(text=app_words[0])
    app_line += nodes.reference(
        "", found[1], refuri=f"{up}{APPS_DIR}/{found[0]}.html?lang={lang}", classes=["bd-app"]
    )
    app_line += nodes.Text(app_words[1])
    app_line += nodes.reference("", app_words[2], refuri=f"{up}{APPS_DIR}/index.html?lang={lang}")
    app_line += nodes.Text(app_words[3])
    section.insert(at + 1, app_line)


#: screen-reader labels that the theme and myst-nb write in English, whatever the
#: language, and what an edition in another language says instead (issue 22)
ARIA_LABELS = {
    "ar": {
        'aria-label="Toggle hidden content"': 'aria-label="أظهر المحتوى المخفي أو أخفِه"',
        '<nav aria-label="Page">': '<nav aria-label="الصفحة">',
    }
}


def _mark_rtl(app: Sphinx, exception: Exception | None) -> None:
    language = app.config.language or "en"
    if (
        exception
        or app.builder.format != "html"
        or (language not in RTL and language not in ARIA_LABELS)
    ):
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _HTML_TAG.sub(r'<html dir="rtl"\1>', text, count=1) if language in RTL else text
        for english, translated in ARIA_LABELS.get(language, {}).items():
            new = new.replace(english, translated)
        if new != text:
            page.write_text(new, encoding="utf-8")


#: builds (by id of their Sphinx app) that started from an empty environment: ``--all``
_FRESH: set[int] = set()


def _note_fresh(app: Sphinx) -> None:
    if not app.env.all_docs:
        _FRESH.add(id(app))


def build_other_editions(app: Sphinx, exception: Exception | None) -> None:
    """From the English HTML build: build each other edition and copy it into ``<html>/<lang>``."""
    if exception is not None or app.builder.format != "html":
        return
    if (app.config.language or "en") != "en":
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
        if id(app) in _FRESH:  # a full English build (--all) rebuilds the edition too
            command.append("--all")
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
        # Copied beside, then swapped in by two renames: a reader of the served site
        # (a browser test, a person) never finds the edition half-copied.
        fresh, stale = out.with_name(f".{folder}.new"), out.with_name(f".{folder}.old")
        for leftover in (fresh, stale):
            if leftover.exists():
                shutil.rmtree(leftover)
        shutil.copytree(built, fresh)
        if out.exists():
            out.rename(stale)
        fresh.rename(out)
        if stale.exists():
            shutil.rmtree(stale)
        logger.info(
            "[%s] edition built in %.1f s (%s)",
            lang,
            time.monotonic() - started,
            " ".join(command[1:]),
        )


def read_run_twin(app: Sphinx, docname: str, source: list[str]) -> None:
    """In another language's edition: a chapter's outputs from its run in that language."""
    lang = app.config.language or "en"
    path = Path(app.env.doc2path(docname))
    if lang == "en" or path.suffix != ".ipynb":
        return
    srcdir = Path(app.srcdir)
    run = srcdir / app.config.locale_dirs[0] / lang / "runs" / path.relative_to(srcdir)
    if not run.is_file():
        logger.warning(
            "%s has no run in %s (%s): run python tools/run_notebooks.py",
            path.name,
            lang,
            run.relative_to(srcdir),
            location=docname,
            type="editions",
        )
        return
    app.env.note_dependency(str(run))  # a re-run alone re-reads the page
    source[0] = run.read_text(encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _configure)
    app.connect("builder-inited", _note_fresh)
    app.connect("source-read", read_run_twin)
    # Before the theme drops header templates that render empty (pydata-sphinx-theme).
    app.connect("html-page-context", _switch, priority=400)
    app.connect("doctree-resolved", add_terms_table)
    app.connect("doctree-resolved", sort_glossary)
    app.connect("doctree-resolved", isolate_outputs)
    app.connect("doctree-resolved", add_run_live_line)
    app.connect("build-finished", _mark_rtl)
    app.connect("build-finished", build_other_editions)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
