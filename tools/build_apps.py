"""The apps: apps/*.md (MyST notebooks) as pages that open in a few seconds, offline too.

Called by tools/build_live.py (``--apps DIR``) once the live site is in ``--out``; it
reads that site's Pyodide (``static/pyodide/``) and wheels (``pypi/``), never the
network. For each app it writes:

- ``DIR/NAME.html``: the app's prose (English, and each other language in a section
  shown for ``?lang=xx``, right to left where the language is), a progress line and
  the app's code cells in every language (see :func:`localise` in build_live.py), as
  JSON that ``app.js`` runs in Pyodide. The widgets are the book's ipywidgets, drawn by
  the vendored ``@jupyter-widgets/html-manager`` through ``block_dominoes.widgets.webapp`` (a
  comm bridge): no JupyterLab, no IPython kernel.
- ``DIR/NAME.webmanifest`` (and ``NAME.<lang>.webmanifest``): installable, one home
  screen icon per app and language.

and once: ``DIR/index.html`` (the list, ``?lang=ar`` in Arabic), ``app.js``,
``app.css``, the icons (site/apps/), ``vendor/`` (require.js and html-manager
from site/public/vendor/), ``wheels/`` (the engine, ipywidgets, comm, traitlets),
and ``sw.js``, the service worker that keeps all of it (and Pyodide) for offline use,
its cache named for a hash of every file it keeps.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lite_shared import RTL, BuildError, languages, localise, log

ROOT = Path(__file__).resolve().parent.parent
APPS = ROOT / "apps"
ASSETS = ROOT / "site" / "apps"  # the apps' page script, style, service worker and icons
VENDOR = ROOT / "site" / "public" / "vendor"
#: the files of the vendored widget manager the apps load (and keep offline)
VENDOR_FILES = ("requirejs/require.js", "requirejs/LICENSE", "html-manager/embed-amd.js")
#: the wheels an app unpacks into site-packages: (where in the live site, name pattern)
WHEELS = (
    ("pypi", "block_dominoes-*.whl"),
    ("pypi", "ipywidgets-*.whl"),
    ("pypi", "comm-*.whl"),
    ("static/pyodide", "traitlets-*.whl"),
)
#: the Pyodide files an app loads (kept offline by sw.js)
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: the widgets' links to the book are written for pages at live/app/ (see app.js)
LINK_BASE = "app/index.html"


def N_(message: str) -> str:  # gettext's name for "extract, do not translate"
    return message


#: the words of the page around the app, in English; a language's are its
#: translations in the site's catalog (``site/ext/locales/<lang>/LC_MESSAGES/bd_site.po``,
#: extracted from this file by ``bash tools/update_catalogs.sh``)
WORDS: dict[str, str] = {
    "step_python": N_("Starting Python in this browser…"),
    "step_engine": N_("Installing the rules engine…"),
    "step_widgets": N_("Loading the controls…"),
    "step_app": N_("Opening the app…"),
    "failed": N_("The app did not start ({what})."),
    "retry": N_("Try again"),
    "error": N_("Something went wrong:"),
    "missing": N_("could not be loaded"),
    "no_control": N_("the app showed no control"),
    "all_apps": N_("All apps"),
    "book": N_("The book"),
    "noscript": N_("This app runs Python in your browser: it needs JavaScript."),
    "loading": N_("Loading"),
}

SITE_CATALOGS = ROOT / "site" / "ext" / "locales"


@functools.cache
def site_translations(lang: str) -> dict[str, str]:
    """The site catalog's translations in ``lang`` (none for English); a word it lacks
    stays English here, and ``tests/site/test_editions.py`` fails on the catalog."""
    po = SITE_CATALOGS / lang / "LC_MESSAGES" / "bd_site.po"
    if lang == "en" or not po.is_file():
        return {}
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.string and not m.fuzzy}


def translate(message: str, lang: str) -> str:
    return site_translations(lang).get(message, message)


def words(lang: str) -> dict[str, str]:
    return {key: translate(english, lang) for key, english in WORDS.items()}


class App:
    """One app: apps/NAME.md read with jupytext, in every language (see :func:`localise`).

    Its front matter gives ``app`` (the title), ``summary``, ``chapter``, ``keeps`` (the
    name of what the app keeps in the browser: app.js carries over a file of that name
    that the JupyterLite app kept), and for
    each other language a mapping with that language's ``app`` and ``summary``
    (``ar: {app: ..., summary: ...}``)."""

    def __init__(self, path: Path) -> None:
        try:
            import jupytext
            from markdown_it import MarkdownIt
        except ImportError as e:
            raise BuildError(f"{e.name} is not installed (pip install -r requirements.txt)") from e
        nb = jupytext.read(path)
        meta = nb.metadata.get("block_dominoes", {})
        where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        self.name = path.stem
        self.chapter = str(meta.get("chapter") or "")
        #: the name the app keeps its data under (block_dominoes.widgets.webapp.keep), if any
        self.keeps = str(meta.get("keeps") or "")
        #: language -> (title, summary)
        self.words: dict[str, tuple[str, str]] = {}
        #: language -> the app's code cells, run in order; the last gives the widget
        self.cells_by_lang: dict[str, list[str]] = {}
        #: language -> the app's prose, as HTML
        self.prose: dict[str, str] = {}
        markdown = MarkdownIt("commonmark")
        for lang in languages():
            said = meta if lang == "en" else meta.get(lang) or {}
            title, summary = str(said.get("app") or ""), str(said.get("summary") or "")
            if not title or not summary:
                raise BuildError(f"{where}: no block_dominoes {'' if lang == 'en' else lang + '.'}app"
                                 " title and summary")  # fmt: skip
            self.words[lang] = (title, summary)
            cells = localise([dict(c) for c in nb.cells], lang, where)
            prose = "\n\n".join(c["source"] for c in cells if c["cell_type"] == "markdown")
            code = [c["source"] for c in cells if c["cell_type"] == "code"]
            if not code:
                raise BuildError(f"{where}: no code cell to run")
            self.cells_by_lang[lang] = code
            self.prose[lang] = markdown.render(_without_rtl_wrapper(prose))
        self.title, self.summary = self.words["en"]
        self.cells = self.cells_by_lang["en"]


def _without_rtl_wrapper(prose: str) -> str:
    """localise() wraps right-to-left prose in a ``<div dir="rtl">`` for notebooks; the
    app's page gives its whole section that direction instead."""
    return re.sub(r'^<div dir="rtl" lang="\w+">\n\n|\n\n</div>$', "", prose, flags=re.M)


def read_apps(folder: Path = APPS) -> list[App]:
    return [App(path) for path in sorted(folder.glob("*.md")) if path.name != "README.md"]


PAGE = """<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1d5d8c">
<title>{title} - Block dominoes</title>
<link rel="manifest" href="{name}.webmanifest">
<link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="icon-192.png">
<link rel="stylesheet" href="app.css">
<script type="application/json" id="bd-app">{config}</script>
</head>
<body>
{sections}
<div id="bd-status" role="status" aria-live="polite">
<p id="bd-step">{loading}</p>
<progress id="bd-progress" max="1" value="0">0%</progress>
</div>
<noscript><p>{noscript}</p></noscript>
<p id="bd-error" role="alert" hidden></p>
<div id="bd-app-root"></div>
<script src="app.js"></script>
</body>
</html>
"""


def page(app: App, config: dict[str, Any]) -> str:
    sections = []
    for lang in languages():
        said = words(lang)
        edition = "" if lang == "en" else f"{lang}/"
        query = "" if lang == "en" else f"?lang={lang}"
        book = f"../{edition}{app.chapter}.html" if app.chapter else f"../{edition}index.html"
        hidden = "" if lang == "en" else " hidden"
        direction = ' dir="rtl"' if lang in RTL else ""
        sections.append(
            f'<header data-bd-lang="{lang}" lang="{lang}"{direction}{hidden}>\n'
            f'<nav class="bd-nav"><a href="index.html{query}">{html.escape(said["all_apps"])}'
            f'</a> · <a href="{html.escape(book)}">{html.escape(said["book"])}</a></nav>\n'
            f'<div class="bd-intro">\n{app.prose[lang]}</div>\n</header>'
        )
    # "</" cannot end the script element from inside the JSON
    data = json.dumps(config, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return PAGE.format(
        title=html.escape(app.title),
        name=app.name,
        config=data,
        sections="\n".join(sections),
        loading=html.escape(words("en")["loading"]),
        noscript=html.escape(words("en")["noscript"]),
    )


def manifest(name: str, title: str, summary: str, start: str, lang: str) -> str:
    data = {
        "id": start,
        "name": title,
        "short_name": title,
        "description": summary,
        "lang": lang,
        "dir": "rtl" if lang in RTL else "ltr",
        "start_url": start,
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d5d8c",
        "icons": [
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def copy_assets(out: Path, live: Path) -> list[str]:
    """app.js, app.css, the icons, the vendored widget manager and the wheels, into
    ``out``; returns the wheels' addresses relative to ``out``."""
    for asset in ("app.js", "app.css", "icon-192.png", "icon-512.png"):
        if not (ASSETS / asset).is_file():
            raise BuildError(f"missing site/apps/{asset}")
        shutil.copy2(ASSETS / asset, out / asset)
    shutil.copy2(ROOT / "site" / "favicon.svg", out / "icon.svg")
    vendor = out / "vendor"
    for rel in VENDOR_FILES:
        source = VENDOR / rel
        if not source.is_file():
            raise BuildError(f"missing site/public/vendor/{rel} (python tools/vendor_widgets.py)")
        (vendor / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, vendor / rel)
    for font in (VENDOR / "html-manager").iterdir():  # FontAwesome, and the licences
        if font.suffix in (".woff", ".woff2", ".txt") or font.name == "LICENSE":
            shutil.copy2(font, vendor / "html-manager" / font.name)
    wheels = out / "wheels"
    if wheels.exists():
        shutil.rmtree(wheels)
    wheels.mkdir()
    found = []
    for folder, pattern in WHEELS:
        matches = sorted((live / folder).glob(pattern))
        if len(matches) != 1:
            raise BuildError(f"the live site has {len(matches)} {folder}/{pattern}, expected one")
        shutil.copy2(matches[0], wheels / matches[0].name)
        found.append(f"wheels/{matches[0].name}")
    for name in PYODIDE_FILES:
        if not (live / "static" / "pyodide" / name).is_file():
            raise BuildError(f"the live site has no static/pyodide/{name}")
    return found


def service_worker(out: Path, live: Path, pages: Sequence[str]) -> None:
    """out/sw.js: keeps ``pages``, every file under ``out`` and Pyodide for offline use."""
    pyodide = Path(os.path.relpath(live / "static" / "pyodide", out)).as_posix()
    kept = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")
    )
    kept += [f"{pyodide}/{name}" for name in PYODIDE_FILES]
    h = hashlib.sha256()
    for rel in kept:
        h.update(rel.encode() + b"\0" + (out / rel).resolve().read_bytes())
    files = ["./", *pages, *kept]
    text = (ASSETS / "sw.js").read_text(encoding="utf-8")
    text = text.replace("__VERSION__", h.hexdigest()[:16]).replace(
        "__FILES__", json.dumps(sorted(set(files)), indent=1)
    )
    (out / "sw.js").write_text(text, encoding="utf-8")


#: the apps' list, once per language; the address's ?lang=xx shows that language's
INDEX_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1d5d8c">
<title>Apps - Block dominoes</title>
<link rel="manifest" href="index.webmanifest">
<link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="icon-192.png">
<link rel="stylesheet" href="../vendor/fonts/fonts.css">
<style>
body {{ font-family: "Noto Sans", "IBM Plex Sans Arabic", sans-serif; max-width: 40rem; margin: 0 auto;
       padding: 1rem; line-height: 1.5; }}
li {{ margin: 0 0 1rem; }}
a.app {{ font-size: 1.2rem; font-weight: bold; }}
</style>
</head>
<body>
{sections}
<script>
(function () {{
  var lang = new URLSearchParams(location.search).get("lang") || "en";
  var chosen = document.querySelector('section.bd-apps[lang="' + lang + '"]');
  if ("serviceWorker" in navigator) {{
    navigator.serviceWorker.register("sw.js").catch(function () {{}});
  }}
  if (!chosen) return;
  document.querySelectorAll("section.bd-apps").forEach(function (s) {{
    s.hidden = s !== chosen;
  }});
  document.documentElement.lang = lang;
  document.documentElement.dir = chosen.dir || "ltr";
  document.title = chosen.dataset.title;
}})();
</script>
</body>
</html>
"""

#: the index's words: (page title, heading, opening sentence, back to the book, the
#: chapter), in English; translated as :data:`WORDS` are
INDEX_WORDS = (
    N_("Apps - Block dominoes"),
    N_("Block dominoes apps"),
    N_(
        "Each app opens by itself and runs in this browser (Python on WebAssembly): nothing"
        " to install, no internet needed after the first visit, on a phone too (add it to"
        " the home screen). The first open takes a few seconds."
    ),
    N_("Back to the book"),
    N_("the chapter"),
)


def index_words(lang: str) -> tuple[str, ...]:
    return tuple(translate(english, lang) for english in INDEX_WORDS)


def index_page(apps: Sequence[App]) -> str:
    sections = []
    for lang in languages():
        title, heading, opening, back, chapter_word = index_words(lang)
        edition = "" if lang == "en" else f"{lang}/"
        query = "" if lang == "en" else f"?lang={lang}"
        items = []
        for app in apps:
            name, summary = app.words[lang]
            chapter = (
                f' (<a href="../{edition}{app.chapter}.html">{html.escape(chapter_word)}</a>)'
                if app.chapter
                else ""
            )
            items.append(
                f'<li><a class="app" href="{app.name}.html{query}">{html.escape(name)}</a>'
                f"{chapter}<br>{html.escape(summary)}</li>"
            )
        from lite_shared import NAMES

        others = " | ".join(
            f'<a href="index.html?lang={other}" lang="{other}">{NAMES.get(other, other)}</a>'
            for other in languages()
            if other != lang
        )
        direction = ' dir="rtl"' if lang in RTL else ""
        hidden = "" if lang == "en" else " hidden"
        sections.append(
            f'<section class="bd-apps" lang="{lang}"{direction} data-title="{html.escape(title)}"'
            f"{hidden}>\n<p>{others}</p>\n<h1>{html.escape(heading)}</h1>\n"
            f"<p>{html.escape(opening)}</p>\n<ul>\n" + "\n".join(items) + "\n</ul>\n"
            f'<p><a href="../{edition}index.html">{html.escape(back)}</a></p>\n</section>'
        )
    return INDEX_PAGE.format(sections="\n".join(sections))


def publish_apps(apps: Sequence[App], out: Path, live: Path) -> None:
    """Write every app's page and manifests, the index and the files they share (see
    the module's docstring) into ``out``; ``live`` is the published live site."""
    out.mkdir(parents=True, exist_ok=True)
    wheels = copy_assets(out, live)
    pyodide = Path(os.path.relpath(live / "static" / "pyodide", out)).as_posix() + "/"
    links = Path(os.path.relpath(live / LINK_BASE, out)).as_posix()
    langs = list(languages())
    pages = ["index.html"]
    for app in apps:
        config = {
            "name": app.name,
            "languages": langs,
            "rtl": sorted(RTL),
            "code": app.cells_by_lang,
            "pyodide": pyodide,
            "wheels": wheels,
            "vendor": "vendor/",
            "links": links,
            "serviceWorker": "sw.js",
            "keeps": app.keeps,
            "words": {lang: {**words(lang), "title": app.words[lang][0]} for lang in langs},
        }
        (out / f"{app.name}.html").write_text(page(app, config), encoding="utf-8")
        pages.append(f"{app.name}.html")
        for lang in langs:
            suffix = "" if lang == "en" else f".{lang}"
            start = f"{app.name}.html" + ("" if lang == "en" else f"?lang={lang}")
            title, summary = app.words[lang]
            (out / f"{app.name}{suffix}.webmanifest").write_text(
                manifest(app.name, title, summary, start, lang), encoding="utf-8"
            )
    title, heading, opening, _back, _chapter = index_words("en")
    (out / "index.webmanifest").write_text(
        manifest("index", heading, opening, "index.html", "en"), encoding="utf-8"
    )
    (out / "index.html").write_text(index_page(apps), encoding="utf-8")
    service_worker(out, live, pages)
    log(f"apps: {len(apps)} in {out}, in {', '.join(langs)}")
