"""nbval on the editions' runs (``locales/<lang>/runs/**.ipynb``, made by
``tools/run_notebooks.py``): each was run by a kernel speaking its language, so nbval's
kernel must speak it too. The language is in the notebook (``metadata.block_dominoes.
lang``); it is put in ``BLOCK_DOMINOES_LANG`` while nbval starts that notebook's kernel
(the kernel starts with its first cell's setup and keeps the variable it was given)."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

VARIABLE = "BLOCK_DOMINOES_LANG"


@functools.cache
def run_language(path: Path) -> str | None:
    """The language a stored run was made in (None for any other file)."""
    if path.suffix != ".ipynb":
        return None
    meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
    lang = meta.get("block_dominoes", {}).get("lang")
    return str(lang) if lang else None


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    lang = run_language(Path(item.path))
    saved = os.environ.get(VARIABLE)
    if lang is not None:
        os.environ[VARIABLE] = lang
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(VARIABLE, None)
        else:
            os.environ[VARIABLE] = saved
