"""Shared test settings: a hypothesis profile that keeps the suite quick but thorough.

Hypothesis policy: the suite a newcomer runs (``default``) and CI (``ci``) are
derandomized, so every run tries the same examples and a red run means the code
changed, never that a new random example turned up. Finding new cases is a
deliberate act: ``HYPOTHESIS_PROFILE=explore pytest ...`` draws fresh random
examples, many more of them, and keeps any failure in the local ``.hypothesis/``
database (git-ignored), which replays it first on the next run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True)
settings.register_profile(
    "explore", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

from browser_support import (  # noqa: E402, F401  (the browser tests' fixtures)
    browser,
    built_site,
    chromium,
    playwright_driver,
    site_url,
)
from support import run_cli  # noqa: E402

#: the scopes that take longest (seconds of one worker: ``--durations``, on a quiet
#: 2-core machine), longest first. pytest-xdist's ``--dist loadscope`` hands scopes to
#: the workers in collection order (with ``--no-loadscope-reorder``, in addopts;
#: otherwise it orders them by their number of tests), so a long one never starts last
#: while the other worker waits.
LONGEST_FIRST = (
    "tests/site/test_pages.py::TestEditionPages",  # about 150 s
    "tests/site/test_pages.py::TestEnglishPages",  # about 130 s
    "tests/site/test_apps.py",  # about 150 s
    "tests/site/test_live.py",  # about 130 s
    "book/lab/claims.ipynb",  # about 80 s
    "tests/site/test_handouts.py",
    "tests/site/test_editions.py",
)


#: the fixtures that start Chromium or build and serve the site: a test that asks for
#: one is a browser test (``pytest -m "not browser"`` leaves them all out)
BROWSER_FIXTURES = frozenset({"browser", "chromium", "playwright_driver", "site_url", "built_site"})


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers", "browser: builds or serves the site, or drives Chromium (set by conftest.py)"
    )


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Browser tests marked ``browser``; the longest scopes first (a stable sort:
    everything else keeps its order)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)

    def rank(item: Any) -> int:
        return next(
            (i for i, scope in enumerate(LONGEST_FIRST) if item.nodeid.startswith(scope)),
            len(LONGEST_FIRST),
        )

    items.sort(key=rank)


# -- files the command-line tests share -------------------------------------------
@pytest.fixture
def sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A two-player score sheet (``m.json``) with one round added: 3 and went out."""
    path = tmp_path / "m.json"
    assert run_cli(capsys, "sheet", "new", str(path), "--players", "2")[0] == 0
    assert run_cli(capsys, "sheet", "add", str(path), "3", "-")[0] == 0
    return path


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A JSON record (``g.json``) as ``play --json`` prints it."""
    code, out, _ = run_cli(capsys, "play", "--json")
    assert code == 0
    path = tmp_path / "g.json"
    path.write_text(out)
    return path
