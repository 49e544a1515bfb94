"""Local Sphinx extension: the book's editions in other languages (ar, bg, el, tr).

* Every page of every edition leads to the same page in every other language: the
  English book and each edition (``lang-switch.html``, from ``site/ext/templates``):
  one link where there is one other language, a menu where there are several.
  Every edition has every page (its toc is the English one, ``tools/build.py``).
* It builds nothing: ``tools/build.py`` (the README's build command) writes each
  edition's config and toc from ``_config.yml`` and ``_toc.yml`` with its words, builds
  it after the English book into ``_build/<code>`` and swaps it into ``<html>/<code>``.
* The editions, their labels and their directions come from the one language
  registry, ``block_dominoes.languages``.
* In a right-to-left edition (``language`` in ``RTL``), every written page gets
  ``dir="rtl"`` on its ``<html>`` tag at the end of the build (the theme builds its
  own ``<html>`` tag, and a child template cannot set it), and ``rtl.css``.
* Every control is named by the words it shows, in the edition's language (WCAG 2.5.3,
  label in name; issue 34): ``site/ext/templates`` overrides the theme's search button
  and colour-mode switch, and :func:`visit_hidden_cell` myst-nb's hidden-cell toggle,
  whose ``aria-label`` said otherwise than their visible words.
* The words it adds (the terms table's title and opening) come from Sphinx's message
  catalog ``bd_site`` (``site_words.py``, ``site/ext/locales/<lang>/``); the "Run
  live" and "Open the app" lines of every edition are live_edition.py's.
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
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput
from site_words import _
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

from block_dominoes.languages import LANGUAGES, RTL, SOURCE, editions

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
_HTML_TAG = re.compile(r"<html(?![^>]*\bdir=)([^>]*)>")


def switch_href(pagename: str, root: str, twin: str) -> str:
    """The relative address of ``twin`` in the edition at ``root`` (from this edition's root).

    >>> switch_href("book/rules/setup", "ar", "book/rules/setup")
    '../../ar/book/rules/setup.html'
    >>> switch_href("book/intro", "..", "book/intro")
    '../../book/intro.html'
    >>> switch_href("search", "../tr", "search")
    '../tr/search.html'
    """
    return f"{'../' * pagename.count('/')}{root}/{twin}.html"


def other_languages(language: str) -> list[tuple[str, str, str]]:
    """(code, name, root from this edition's root) of every other language the book
    is in: English, then the editions in registry order.

    >>> [(code, root) for code, _name, root in other_languages("en")][:1]
    [('ar', 'ar')]
    >>> other_languages("ar")[0]
    ('en', 'English', '..')
    """
    codes = [SOURCE, *(lang.code for lang in editions())]
    found = []
    for code in codes:
        if code == language:
            continue
        root = ".." if code == SOURCE else code if language == SOURCE else f"../{code}"
        found.append((code, LANGUAGES[code].name, root))
    return found


def _configure(app: Sphinx, config: Config) -> None:
    """The switch's template and style in the theme's header row; rtl.css for RTL; the
    theme components this folder overrides (``site/ext/templates``); the hidden cells'
    toggles' HTML."""
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
    # After every extension's setup (myst-nb's registered its own): the hidden cells'
    # toggles named by their words (visit_hidden_cell).
    app.add_node(HideCodeCellNode, override=True, html=(visit_hidden_cell, depart_HideCellInput))


def _switch(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Tell lang-switch.html where this page is in every other language."""
    language = app.config.language or "en"
    context["bd_languages"] = [
        {
            "code": code,
            "name": name,
            "url": switch_href(pagename, root, pagename),
            "dir": "rtl" if code in RTL else "ltr",
        }
        for code, name, root in other_languages(language)
    ]
    context["bd_language_name"] = LANGUAGES[language].name if language in LANGUAGES else language


#: the glossary page, and the terms table added at its end (from locales/terms.csv)
GLOSSARY = "book/reference/glossary"
TERMS_CSV = Path("locales") / "terms.csv"
TERMS_LANGS = tuple((code, LANGUAGES[code].name) for code in ("en", "ar", "bg", "el", "tr"))


def terms_words() -> tuple[str, str]:
    """The terms table's title and opening sentence, in the edition's language."""
    title = _("The terms in the sources' five languages")
    intro = _(
        "Every game word of this book in the languages of its sources, each taken from "
        "a source's own words where it has one. A * marks a word that is ours: no source "
        "uses it. {csv} names the source file, line and phrase of every other word."
    )
    return str(title), str(intro)


def _dir(code: str) -> str:
    return f' dir="{"rtl" if code in RTL else "ltr"}"'


def terms_table_html(csv_path: Path, language: str) -> tuple[str, str]:
    """The terms table (one row per term, one column per language) as HTML, and its title.

    Each cell carries its language (``lang``, and ``dir`` for right-to-left ones)
    so that browsers shape and order it right inside either edition.
    """
    with csv_path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    title, words = terms_words()
    intro = html.escape(words).replace("{csv}", "<code>locales/terms.csv</code>")
    # The edition's own language first, then the others in the table's order.
    langs = sorted(TERMS_LANGS, key=lambda pair: pair[0] != language)
    head = "".join(
        f'<th lang="{code}"{_dir(code)}>{html.escape(name)}</th>' for code, name in langs
    )
    body = []
    for row in rows:
        cells = []
        for code, _name in langs:
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


def alphabet_sort_key(term: str, language: str) -> tuple[int, ...]:
    """How a dictionary in ``language`` orders a term: letter by letter in its alphabet
    (the registry's ``alphabet``), accents set aside (Greek ``ά`` is ``α``, final ``ς``
    is ``σ``), Turkish ``I``/``İ`` as ``ı``/``i``; other characters after the letters.

    >>> sorted(["çift", "cezalı", "ıslak", "iki", "uç", "üç"], key=lambda t: alphabet_sort_key(t, "tr"))
    ['cezalı', 'çift', 'ıslak', 'iki', 'uç', 'üç']
    >>> sorted(["ώρα", "άκρη", "διπλό", "βήμα"], key=lambda t: alphabet_sort_key(t, "el"))
    ['άκρη', 'βήμα', 'διπλό', 'ώρα']
    """
    alphabet = LANGUAGES[language].alphabet
    if language == "tr":
        term = term.replace("I", "ı").replace("İ", "i")
    word = term.lower()
    if language not in ("tr",):  # Turkish ç, ğ, ö, ş, ü are letters of their own
        word = "".join(
            c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)
        )
    word = word.replace("ς", "σ")
    if language == "tr":
        word = unicodedata.normalize("NFC", word)
    return tuple(alphabet.index(c) if c in alphabet else len(alphabet) + ord(c) for c in word)


def glossary_sort_key(language: str) -> Callable[[str], Any]:
    """The glossary's order in ``language``: Arabic's (:func:`arabic_sort_key`), or by
    the registry's alphabet, or the code points' (English)."""
    if language == "ar":
        return arabic_sort_key
    if language in LANGUAGES and LANGUAGES[language].alphabet:
        return lambda term: alphabet_sort_key(term, language)
    return str.casefold


def sort_glossary(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In an edition in another language, the glossary in that language's order: the
    glossary directive sorted its terms in English, before they were translated."""
    language = app.config.language or "en"
    if docname != GLOSSARY or language == SOURCE:
        return
    key = glossary_sort_key(language)
    for glossary in doctree.findall(addnodes.glossary):
        for dl in glossary.findall(nodes.definition_list):
            items = list(dl.children)
            items.sort(key=lambda item: key(item.next_node(nodes.term).astext()))
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


def aria_labels() -> dict[str, str]:
    """Screen-reader labels that the theme writes in English whatever the language, and
    what this edition says instead (issue 22); none in English. (myst-nb's "Toggle
    hidden content" on a hidden cell's toggle is gone: :func:`visit_hidden_cell`.)"""
    page = str(_("Page"))
    if page == "Page":
        return {}
    return {'<nav aria-label="Page">': f'<nav aria-label="{html.escape(page)}">'}


def visit_hidden_cell(self: Any, node: HideCodeCellNode) -> None:
    """myst-nb 1.4.0's ``visit_HideCellInput`` (a hidden cell's ``<details>``), with no
    ``aria-label`` on its ``<summary>`` (WCAG 2.5.3, label in name; issue 34).

    myst-nb names every such toggle "Toggle hidden content" while it shows "Show code
    cell source" (the edition's "Show the cell"), a name that leaves out the words a
    reader sees and says, which axe-core 4.14 flags. Without the label the summary is
    named by its shown line: "Show ..." when closed, "Hide ..." when open (the other
    line is display: none), in the edition's language (``nb_code_prompt_show`` and
    ``nb_code_prompt_hide``, ``tools/build.py``), and ``<details>`` tells whether it is
    open.
    """
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n')
    self.body.append("<summary>\n")
    self.body.append(
        f'<p class="collapsed admonition-title">{html.escape(node["prompt_show"])}</p>\n'
    )
    self.body.append(
        f'<p class="expanded admonition-title">{html.escape(node["prompt_hide"])}</p>\n'
    )
    self.body.append("</summary>\n")


def _mark_rtl(app: Sphinx, exception: Exception | None) -> None:
    language = app.config.language or "en"
    labels = aria_labels()
    if exception or app.builder.format != "html" or (language not in RTL and not labels):
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _HTML_TAG.sub(r'<html dir="rtl"\1>', text, count=1) if language in RTL else text
        for english, translated in labels.items():
            new = new.replace(english, translated)
        if new != text:
            page.write_text(new, encoding="utf-8")


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
            "%s has no run in %s (%s): run python tools/run_notebooks.py --lang %s %s",
            path.name,
            lang,
            run.relative_to(srcdir),
            lang,
            path.relative_to(srcdir).with_suffix(".md"),
            location=docname,
            type="editions",
        )
        return
    app.env.note_dependency(str(run))  # a re-run alone re-reads the page
    source[0] = run.read_text(encoding="utf-8")


_GLUED_NUMBER = re.compile(r"^(\s*)([+\-\u2212]?\d+(?:\.\d+)?)(%?)(\s*)$")


def local_number(text: str, language: str) -> str:
    """A number glued into the prose (``62.5%``, ``+0.25``) written as ``language``
    writes numbers (the registry's decimal symbol and percent pattern); any other text
    unchanged. The glue role formats with Python's spec (``:.1%``), always in English.

    >>> local_number("62.5%", "tr"), local_number("+0.25", "el"), local_number("R7", "tr")
    ('%62,5', '+0,25', 'R7')
    """
    found = _GLUED_NUMBER.match(text)
    lang = LANGUAGES.get(language)
    if found is None or lang is None:
        return text
    lead, value, sign, trail = found.groups()
    value = value.replace(".", lang.decimal)
    if sign:
        value = lang.percent.format(n=value)
    return lead + value + trail


def localize_glued_numbers(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In an edition, every number glued into the prose in its language's way."""
    language = app.config.language or "en"
    lang = LANGUAGES.get(language)
    if lang is None or (lang.decimal == "." and lang.percent == "{n}%"):
        return
    for node in doctree.findall(nodes.inline):
        if "pasted-text" not in node.get("classes", []):
            continue
        text = node.astext()
        new = local_number(text, language)
        if new != text:
            node.children = []
            node += nodes.Text(new)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("site_words")
    app.connect("config-inited", _configure)
    app.connect("source-read", read_run_twin)
    # Before the theme drops header templates that render empty (pydata-sphinx-theme).
    app.connect("html-page-context", _switch, priority=400)
    app.connect("doctree-resolved", add_terms_table)
    app.connect("doctree-resolved", sort_glossary)
    app.connect("doctree-resolved", isolate_outputs)
    app.connect("doctree-resolved", localize_glued_numbers)
    app.connect("build-finished", _mark_rtl)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
