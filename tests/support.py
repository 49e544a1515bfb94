"""Helpers the test modules share (those that need no browser; the browser's are in
``tests/offline.py``, the site build's in ``tests/browser_support.py``).

- ``run_cli(capsys, *args)``: ``block-dominoes ARGS`` run in this process, as a person
  types it; returns the exit status, stdout and stderr.
- ``load_tool(path)``: a script of this repository that is not part of the package
  (``tools/print_handouts.py``, ``site/ext/live_edition.py``...), imported from its
  file, freshly on each call.
- ``consistent_variants(state, seat, count)``: rounds that look the same to ``seat``
  (the other hands re-dealt), for the tests that a player reads only its knowledge.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from block_dominoes.cli import main
from block_dominoes.errors import BlockDominoesError
from block_dominoes.round import Play, RoundState
from block_dominoes.tiles import Tile

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


def consistent_variants(state: RoundState, seat: int, count: int) -> list[RoundState]:
    """Rounds that look identical to ``seat``: other hands re-dealt from the unseen
    tiles (kept only when the whole history replays legally), same moves."""
    played: dict[int, set[Tile]] = {}
    for s, m in state.history:
        if isinstance(m, Play):
            played.setdefault(s, set()).add(m.tile)
    pool = [t for i, h in enumerate(state.hands, 1) if i != seat for t in h] + list(state.rest)
    out = []
    rng = random.Random(7)
    for _ in range(400):
        rng.shuffle(pool)
        hands = []
        i = 0
        for s in range(1, state.players + 1):
            if s == seat:
                hands.append(list(state.dealt[s - 1]))
            else:
                k = len(state.hand(s))
                hands.append(sorted(pool[i : i + k]) + sorted(played.get(s, ())))
                i += k
        try:
            v = RoundState.new(
                state.rules, hands, starter=state.starter, rest=pool[i:], lead=state.lead
            )
            for _, m in state.history:
                v = v.apply(m)
        except BlockDominoesError:
            continue
        if v.hands != state.hands:
            out.append(v)
        if len(out) == count:
            break
    return out
