"""nbval on a sample of the editions' runs (``locales/<lang>/runs/**.ipynb``, made by
``tools/run_notebooks.py``): each was run by a kernel speaking its language, so nbval's
kernel must speak it too.

Which runs: the chapters in :data:`NBVAL_SAMPLE` in every edition. The English book's
every chapter is re-run by nbval (``book/``), and an edition's chapter runs the same
cells on the same engine, only speaking another language; every edition's run is
also checked fresh by the build (``python tools/build.py -W``: its text, the engine and
the edition's catalog are those it was run with) and every page statically
(``tests/site/test_editions.py``). Re-running every chapter in every edition cost 264 s of
test time for Arabic alone (152 s of it the lab's simulations), which four editions
cannot afford within the suite's 10 minutes; the sample keeps each edition's kernel
and outputs checked where the most text and diagrams are. The language is in the notebook (``metadata.block_dominoes.
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
#: the chapters whose run nbval re-runs in every edition
NBVAL_SAMPLE = ("book/rules/placing.ipynb", "book/rules/scoring.ipynb")
HERE = Path(__file__).resolve().parent


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out of collection every edition run outside :data:`NBVAL_SAMPLE`."""
    if collection_path.suffix != ".ipynb":
        return None
    parts = collection_path.resolve().relative_to(HERE).parts  # <lang>/runs/book/...
    if len(parts) > 2 and parts[1] == "runs":
        return "/".join(parts[2:]) not in NBVAL_SAMPLE
    return None


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
