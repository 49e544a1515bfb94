"""Local Sphinx extension: a question's title and prompt as page text (issue 22).

A question (``block_dominoes.widgets.quiz``) is a widget: its words live in the
page's widget state, a JSON script the browser turns into the widget. Sphinx's
search index holds only the page's text, so a referee searching "61, 61 and 30"
found nothing. While each page is read, this extension finds every stored
question (a ``VBox`` whose ``_dom_classes`` hold ``bd-quiz``), takes the title
and prompt from its first child (the HTML the widget shows) and puts them in the
page just before the widget, as ordinary paragraphs: the site search and the
browser's find (Ctrl+F) reach them without a click. The choices' feedback, the
answers, stays in the widget until a choice is clicked.

The widget's own copy of the title and prompt is then hidden on screen by
``_static/block-site.css`` (in the cell output that holds this page text:
``.cell_output:has(> .bd-quiz-text)``; a class added to the output node does not
reach the HTML, so the prompt was shown twice), and shown in print, where handouts
keep only the widgets; the page text is hidden in print. The Arabic edition reads its run's widget state, so its text is Arabic.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

_VIEW = re.compile(r'application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)
_TITLE = re.compile(r"<p class='bd-quiz-title'><b>(.*?)</b></p>", re.S)
_PROMPT = re.compile(r"<p class='bd-quiz-prompt'>(.*?)</p>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    """Plain words of an HTML fragment.

    >>> _text("Is [0|0] &amp; <i>x</i> a wildcard?")
    'Is [0|0] & x a wildcard?'
    """
    return " ".join(html.unescape(_TAG.sub("", fragment)).split())


def _quiz_words(state: dict[str, Any], box: dict[str, Any]) -> tuple[str, str] | None:
    """(title, prompt) of a question's outer box, from its first child's HTML."""
    first = str(box["children"][0]).removeprefix("IPY_MODEL_")
    value = str(state.get(first, {}).get("state", {}).get("value", ""))
    prompt = _PROMPT.search(value)
    if prompt is None:
        return None
    title = _TITLE.search(value)
    return (_text(title.group(1)) if title else "", _text(prompt.group(1)))


def quiz_words(state: dict[str, Any], model_id: str) -> list[tuple[str, str]]:
    """(title, prompt) of each question in the widget ``model_id`` (a question shown
    on its own, or inside another box), in the order the page shows them.

    >>> prompt = {"value": "<p class='bd-quiz-title'><b>Q1</b></p><p class='bd-quiz-prompt'>Why?</p>"}
    >>> state = {
    ...     "a": {"state": {"_dom_classes": ["bd-quiz"], "children": ["IPY_MODEL_b"]}},
    ...     "b": {"state": prompt},
    ...     "c": {"state": {"children": ["IPY_MODEL_b", "IPY_MODEL_a"]}},
    ... }
    >>> quiz_words(state, "a")
    [('Q1', 'Why?')]
    >>> quiz_words(state, "c")
    [('Q1', 'Why?')]
    >>> quiz_words(state, "b")
    []
    """
    found, todo = [], [model_id]
    while todo:
        box = state.get(todo.pop(0), {}).get("state", {})
        kids = [str(k).removeprefix("IPY_MODEL_") for k in box.get("children") or []]
        if "bd-quiz" in (box.get("_dom_classes") or []) and kids:
            words = _quiz_words(state, box)
            if words is not None:
                found.append(words)
        else:
            todo = kids + todo
    return found


def _widget_state(app: Sphinx, docname: str) -> dict[str, Any]:
    """The page's stored widget state, as myst-nb recorded it for this page."""
    files = getattr(app.env, "nb_metadata", {}).get(docname, {}).get("js_files", {})
    entry = files.get("ipywidgets_state")
    if not entry:
        return {}
    body = entry[1].get("body", "")
    try:
        return dict(json.loads(body).get("state", {}))
    except ValueError:
        return {}


def lift_quiz_prompts(app: Sphinx, doctree: nodes.document) -> None:
    """Put each question's title and prompt before its widget, as page text."""
    if app.builder.name == "gettext":  # page text for readers, not a message to translate
        return
    state = _widget_state(app, app.env.docname)
    if not state:
        return
    for raw in list(doctree.findall(nodes.raw)):
        found = _VIEW.search(raw.astext())
        if found is None or raw.parent is None:
            continue
        try:
            model_id = str(json.loads(found.group(1)).get("model_id", ""))
        except ValueError:
            continue
        questions = quiz_words(state, model_id)
        if not questions:
            continue
        box = nodes.container(classes=["bd-quiz-text"])
        for title, prompt in questions:
            if title:
                strong = nodes.strong(title, title)
                box += nodes.paragraph("", "", strong, classes=["bd-quiz-title"])
            box += nodes.paragraph(prompt, prompt, classes=["bd-quiz-prompt"])
        parent = raw.parent
        parent.insert(parent.index(raw), box)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", lift_quiz_prompts)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
