"""The examples in the engine's docstrings run as doctests: every module, in every subpackage.

``pkgutil.walk_packages`` (not ``iter_modules``, which sees only the top level), so a
module moved into a subpackage keeps its doctests; the widgets are left to their own
tests (they need ipywidgets), except the page bridge.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import block_dominoes

# Modules whose docstrings hold no examples (glue code and front ends).
NO_EXAMPLES = {
    "block_dominoes.lab.fast",
    "block_dominoes.cli",
    "block_dominoes.cli.__main__",
    "block_dominoes.widgets",
}
FRONT_ENDS = ("block_dominoes.cli.", "block_dominoes.widgets.")
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(block_dominoes.__path__, prefix="block_dominoes.")
    if m.name not in NO_EXAMPLES
    and (not m.name.startswith(FRONT_ENDS) or m.name == "block_dominoes.widgets.webapp")
)


def test_the_walk_reaches_every_subpackage() -> None:
    """A module in a subpackage is collected (the trap of ``iter_modules``)."""
    for name in ("records.checker", "players.solver", "lab.tables", "render.pictures"):
        assert f"block_dominoes.{name}" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0
