"""Local Sphinx extension: keep the built book free of requests to other hosts.

Jupyter Book 1 always loads sphinx-thebe, which adds to every page a config
script that declares ``THEBE_JS_URL`` (a CDN address) in a way that logs the
page error "Identifier 'THEBE_JS_URL' has already been declared". The book has
no live kernel (``launch_buttons: thebe: false``), so this extension removes
sphinx-thebe's script and doctree hooks; its CSS stays, served locally.

The theme's FontAwesome script swaps every ``<i class="fa ...">`` for an inline
SVG, including the icons that widgets add later; the Play widget then finds no
``<i>`` to update, throws on every value change, and the throw stops the other
listeners of that change, so a slider jslinked to a Stack no longer moves the
picture. The extension sets ``FontAwesomeConfig.observeMutations = false``
before that script runs: the page's own icons (present at load) are still
swapped, the widgets' icons are left to the widget CSS and its vendored fonts.

Each SVG picture that a notebook cell drew would be an ``<img>`` of a file: a
picture in an ``<img>`` cannot use the page's fonts, so its labels would be drawn
in whatever faces the reader's machine has (or not at all: Arabic on a machine
with no Arabic font). The extension puts each such picture into the page itself,
as the step-throughs' pictures already are, so its labels use the fonts the site
ships (``site/public/vendor/fonts``), the same on every machine and in print; the
picture's ``<title>``/``<desc>`` (``role="img"``) say what it shows. An SVG image
that is not a cell's output (a figure of a file) keeps its ``<img>``, given the
words of its ``<title>``/``<desc>`` as alt text.

A cell's HTML output that scrolls sideways (a wide table in a ``<div style="overflow-x:
auto">``, as the variants chapter prints one) gets the theme's class for a wide table,
``pst-scrollable-table-container``, so the theme's own script gives it a tab stop
while it is too wide for its column: a keyboard reader can then scroll it (WCAG 2.1.1;
axe's ``scrollable-region-focusable``, serious, on the Bulgarian and Greek variants
pages, whose longer words overflow at 1280 px).

It also checks every page it writes: a script or stylesheet whose address names
another host is a build warning (so ``jupyter-book build -W`` fails), whatever
added it (MathJax, widget loader, a theme option).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

# sphinx-thebe's handlers that add its CDN config script and binder config.
_THEBE_HANDLERS = {"init_thebe_core", "update_thebe_context"}


def _drop_thebe(app: Sphinx, config: Config) -> None:
    """Disconnect sphinx-thebe's page-script hooks (its static CSS path stays)."""
    for listeners in app.events.listeners.values():
        for listener in list(listeners):
            handler = listener.handler
            if (
                getattr(handler, "__module__", "") == "sphinx_thebe"
                and getattr(handler, "__name__", "") in _THEBE_HANDLERS
            ):
                app.disconnect(listener.id)


_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_DESC = re.compile(r"<desc>(.*?)</desc>", re.S)


def svg_words(svg: str) -> str:
    """The text an SVG gives about itself: its first title and desc, joined.

    >>> svg_words('<svg><title>E5</title><desc>Open: 1 and 4.</desc></svg>')
    'E5: Open: 1 and 4.'
    >>> svg_words('<svg><title>x &amp; y</title></svg>')
    'x & y'
    >>> svg_words('<svg/>')
    ''
    """
    parts = []
    for pattern in (_TITLE, _DESC):
        match = pattern.search(svg)
        if match:
            text = " ".join(html.unescape(match.group(1)).split())
            if text and text not in parts:
                parts.append(text)
    return ": ".join(parts)


def _in_cell_output(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if "cell_output" in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


def _svg_pictures(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put every SVG a notebook cell drew into the HTML page (its labels then use the
    site's fonts); give any other SVG image with no alt text its title's words."""
    inline = app.builder.format == "html"
    for image in list(doctree.findall(nodes.image)):
        uri = str(image.get("uri", ""))
        if not uri.endswith(".svg") or "://" in uri:
            continue
        path = Path(uri) if Path(uri).is_absolute() else Path(app.srcdir) / uri
        try:
            svg = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if inline and _in_cell_output(image) and svg.lstrip().startswith("<svg"):
            image.replace_self(nodes.raw("", svg, format="html"))
        elif not image.get("alt"):
            words = svg_words(svg)
            if words:
                image["alt"] = words


_SCROLLER = re.compile(r'<div style="overflow-x:\s*auto;?">')
SCROLLER_CLASS = "pst-scrollable-table-container"


def scrollable_boxes(markup: str) -> str:
    """A cell output's HTML with each sideways-scrolling box given the theme's class
    for a wide table (its script makes the box a tab stop while it overflows).

    >>> scrollable_boxes('<div style="overflow-x: auto"><table></table></div>')
    '<div class="pst-scrollable-table-container" style="overflow-x: auto"><table></table></div>'
    >>> scrollable_boxes('<div class="x">')
    '<div class="x">'
    """
    return _SCROLLER.sub(lambda m: f'<div class="{SCROLLER_CLASS}"' + m.group(0)[4:], markup)


def _scrolling_outputs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every sideways-scrolling box of a cell's HTML output: :func:`scrollable_boxes`."""
    if app.builder.format != "html":
        return
    for raw in list(doctree.findall(nodes.raw)):
        text = raw.astext()
        if raw.get("format") != "html" or "overflow-x" not in text or not _in_cell_output(raw):
            continue
        new = scrollable_boxes(text)
        if new != text:
            raw.replace_self(nodes.raw("", new, format="html"))


def _uri(asset: Any) -> str:
    return str(getattr(asset, "filename", asset) or "")


def _check_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Warn about any script or stylesheet on this page that another host serves."""
    for key in ("script_files", "css_files"):
        for asset in context.get(key, ()):
            uri = _uri(asset)
            if "://" in uri or uri.startswith("//"):
                logger.warning(
                    "page %s loads %s from another host; vendor it under site/public/vendor",
                    pagename,
                    uri,
                    type="block_site",
                    subtype="external",
                )


# Runs while the page is parsed, before the theme's deferred fontawesome.js.
FONTAWESOME_CONFIG = (
    "window.FontAwesomeConfig = Object.assign("
    "{observeMutations: false}, window.FontAwesomeConfig || {});"
)


def setup(app: Sphinx) -> dict[str, Any]:
    # Questions' prompts as page text, for the search and Ctrl+F (site/ext/quiz_text.py).
    app.setup_extension("quiz_text")
    app.add_js_file(None, body=FONTAWESOME_CONFIG, priority=100)
    # After every extension's setup(), before the builder's first event.
    app.connect("config-inited", _drop_thebe)
    app.connect("doctree-resolved", _svg_pictures)
    app.connect("doctree-resolved", _scrolling_outputs)
    # Late, so the per-page scripts of myst-nb and sphinx.ext.mathjax are in.
    app.connect("html-page-context", _check_page, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
