"""The examples in the engine's docstrings run as doctests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tiles",
    "rules",
    "line",
    "deal",
    "scoring",
    "round",
    "match",
    "hands",
    "game",
    "render",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(f"block_dominoes.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0
