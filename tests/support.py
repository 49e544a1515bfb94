"""Helpers the test modules share (those that need no browser; the browser's are in
``tests/offline.py``, the site build's in ``tests/browser_support.py``).

- ``run_cli(capsys, *args)``: ``block-dominoes ARGS`` run in this process, as a person
  types it; returns the exit status, stdout and stderr.
- ``load_tool(path)``: a script of this repository that is not part of the package
  (``tools/print_handouts.py``, ``site/ext/live_edition.py``...), imported from its
  file, freshly on each call.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from block_dominoes.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``block-dominoes ARGS`` in this process: (exit status, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def load_tool(path: str) -> ModuleType:
    """The module in ``path`` (relative to the repository root, e.g.
    ``"tools/build_live.py"``), executed afresh, named after its file."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location(file.stem, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path!r}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    # its dataclasses look their module up in sys.modules (a name already taken by
    # an installed package, such as "build", is left to it)
    sys.modules.setdefault(file.stem, module)
    spec.loader.exec_module(module)
    return module
