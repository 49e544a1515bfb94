"""The pages a Jupyter Book ``_toc.yml`` lists, in order: the one walker that the
build's extensions, ``tools/run_notebooks.py`` and the tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


def toc_docnames(toc: Path) -> list[str]:
    """Every page in a Jupyter Book toc file (root first), as docnames (no suffix)."""
    data = yaml.safe_load(toc.read_text(encoding="utf-8"))
    names = [str(data["root"])] if "root" in data else []

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            if "file" in entry:
                names.append(str(entry["file"]).removesuffix(".md").removesuffix(".ipynb"))
            for key in ("parts", "chapters", "sections"):
                walk(entry.get(key) or [])

    walk([{key: data[key]} for key in ("parts", "chapters", "sections") if key in data])
    return names
