"""The examples in the engine's docstrings run as doctests (every core module)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import block_dominoes

# Modules whose docstrings hold no examples (glue code only).
NO_EXAMPLES = {
    "fast",
    "cli",
    "tui",
}
MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(block_dominoes.__path__)
    if not m.ispkg and m.name not in NO_EXAMPLES
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(f"block_dominoes.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0
