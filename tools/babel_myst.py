"""A Babel extractor for the book's MyST text notebooks (issue 15).

Chapters, live notebooks and apps say things to the reader from their code cells
(question prompts, captions, printed sentences). Wrapped in ``_()`` from
``block_dominoes.i18n``, those sentences are extracted into the engine's catalog
(``babel.cfg`` maps ``book/**.md``, ``live/*.md`` and ``apps/*.md`` here), so an
edition executed in another language prints them translated.

Only ``{code-cell}`` bodies are read, each handed to Babel's own Python extractor with
its line numbers kept, so a ``#:`` reference in the ``.po`` points at the line of the
``.md``. Markdown prose is not extracted here: Sphinx's gettext workflow translates it
(``locales/<lang>/LC_MESSAGES/book/**.po``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

_FENCE = re.compile(r"^(`{3,}|~{3,})\{code-cell\}")
# A cell's own toggle words, in its options (``mystnb: code_prompt_show: Show the solution``)
_PROMPT = re.compile(r"^\s+code_prompt_(?:show|hide):\s*(?P<text>\S.*?)\s*$")
_OPTION = re.compile(r"^:[\w-]+:")


def code_cells(text: str) -> Iterator[tuple[int, str]]:
    """Each code cell of a MyST notebook as (line number of its first line, 1-based; source).

    Leading ``:key: value`` option lines are blanked, not dropped, so line numbers hold.
    """
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        i += 1
        if match is None:
            continue
        fence, start, body = match.group(1), i, []
        in_options = True
        while i < len(lines) and not lines[i].startswith(fence):
            line = lines[i]
            if in_options and _OPTION.match(line):
                line = ""
            elif line.strip():
                in_options = False
            body.append(line)
            i += 1
        i += 1  # the closing fence
        yield start + 1, "\n".join(body) + "\n"


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: dict[str, Any],
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extraction-method interface: the messages of every code cell."""
    text = fileobj.read().decode("utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        prompt = _PROMPT.match(line)
        if prompt:  # translated when tools/run_notebooks.py writes an edition's notebook
            yield number, "_", prompt.group("text").strip("\"'"), []
    for first, source in code_cells(text):
        found = extract_python(io.BytesIO(source.encode()), keywords, comment_tags, options)
        for lineno, funcname, messages, comments in found:
            yield first + lineno - 1, funcname, messages, comments
