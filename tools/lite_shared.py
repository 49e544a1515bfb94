"""What the live edition's build (build_live.py) and the apps' build (build_apps.py)
share: the languages they make, how a notebook's cells are put into one language, how
they log and fail. A module of its own so that neither build imports the other's
internals (build_live runs build_apps; build_apps needs only this).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # this checkout's registry, whatever pip points at

from block_dominoes.i18n import available_languages  # noqa: E402
from block_dominoes.languages import LANGUAGES, RTL  # noqa: E402  (the one registry)

#: the line of a notebook's first code cell that names its language; a copy in another
#: language says that language instead
LANG_LINE = re.compile(r'^LANG = "en"', re.M)
#: a markdown cell tagged ``lang-xx`` is prose in language xx; an untagged one is English
LANG_TAG = "lang-"
#: each language's name in that language (the registry's)
NAMES = {code: lang.name for code, lang in LANGUAGES.items()}


class BuildError(Exception):
    """A step of the assembly failed; the message says which and why."""


def log(text: str) -> None:
    print(f"[live] {text}", flush=True)


def languages() -> tuple[str, ...]:
    """The languages the engine speaks (the registry's ``engine=True``, English first):
    every live notebook and app is made in each. This checkout's engine says which."""
    return available_languages()


def _text(source: object) -> str:
    return "".join(source) if isinstance(source, list) else str(source)


def localise(cells: Sequence[dict[str, Any]], lang: str, where: str) -> list[dict[str, Any]]:
    """A notebook's cells in ``lang``: the markdown cells tagged ``lang-<lang>`` (untagged
    ones are English; right-to-left prose goes in a ``dir="rtl"`` block), and every code
    cell, the line ``LANG = "en"`` saying ``lang`` instead. Copies; the tags are dropped."""
    out: list[dict[str, Any]] = []
    prose = named = False
    for cell in cells:
        tags = list(cell.get("metadata", {}).get("tags", []))
        source = _text(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            said = next((t[len(LANG_TAG) :] for t in tags if t.startswith(LANG_TAG)), "en")
            if said != lang:
                continue
            prose = True
            if lang in RTL:
                source = f'<div dir="rtl" lang="{lang}">\n\n{source}\n\n</div>'
        elif cell.get("cell_type") == "code" and LANG_LINE.search(source):
            named = True
            source = LANG_LINE.sub(f'LANG = "{lang}"', source, count=1)
        copy = {**cell, "source": source}
        kept = [t for t in tags if not t.startswith(LANG_TAG)]
        copy["metadata"] = {**cell.get("metadata", {}), "tags": kept}
        if not kept:
            del copy["metadata"]["tags"]
        out.append(copy)
    if not named:
        raise BuildError(f'{where}: no code cell has the line LANG = "en" (its copies change it)')
    if not prose:
        raise BuildError(f"{where}: no prose in {lang!r} (a markdown cell tagged {LANG_TAG}{lang})")
    return out
