"""Fixtures for the browser test (tests/site/test_site.py): build, serve, browse.

- ``built_site``: the site built into the real ``_build/html`` by the README's
  build command in strict mode, ``python tools/build.py -W``, which skips every
  step whose inputs are those of its last clean build (``_build/build-stamps.json``)
  and fails on any warning or a stale chapter. Fails on a non-zero exit or any
  warning.
- ``site_url``: ``_build/html`` served on 127.0.0.1, on a free port
  (``tests/offline.py``'s ``serve``).
- ``browser``: a headless Debian Chromium driven by Playwright (a persistent
  context on a fresh profile folder). Without Chromium or Playwright the test is
  skipped with the reason, unless ``BLOCK_DOMINOES_REQUIRE_BROWSER=1`` (CI),
  which makes that a failure.

``tests/conftest.py`` imports these, so any test module can ask for them.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "site" / "ext"))
from book_toc import toc_docnames as _toc_docnames  # noqa: E402  (the build's own walker)
from offline import serve  # noqa: E402  (the one local server of the tests)

BUILD = ROOT / "_build"
HTML = BUILD / "html"
BUILD_COMMAND = [sys.executable, str(ROOT / "tools" / "build.py"), "-W"]
CHROMIUM = "/usr/bin/chromium"
REQUIRE_BROWSER = "BLOCK_DOMINOES_REQUIRE_BROWSER"
# The flags that keep Chromium from calling home on this closed network
# (see the machine notes); headless and a fresh profile are set by the launch.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_WARNING = re.compile(r"\b(WARNING|ERROR|CRITICAL|SEVERE)\b:")


@dataclass(frozen=True)
class SiteBuild:
    """What the build of ``_build/html`` reported."""

    html: Path
    returncode: int
    warnings: tuple[str, ...]
    seconds: float
    rebuilt: bool  # False: every step was still up to date


def toc_docnames(root: Path = ROOT, toc: str = "_toc.yml") -> list[str]:
    """Every page of the book in ``toc`` order (root first), as docnames."""
    return _toc_docnames(root / toc)


def build_site() -> SiteBuild:
    """Bring ``_build/html`` up to date with ``python tools/build.py -W`` (every step
    whose inputs changed; warnings are errors)."""
    start = time.perf_counter()
    run = subprocess.run(BUILD_COMMAND, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    log = _ANSI.sub("", run.stdout + run.stderr)
    warnings = tuple(line.strip() for line in log.splitlines() if _WARNING.search(line))
    if run.returncode != 0 and not warnings:
        warnings = (f"tools/build.py -W exited {run.returncode}: {log[-2000:]}",)
    rebuilt = any("] rebuilt" in line for line in log.splitlines())
    return SiteBuild(HTML, run.returncode, warnings, seconds, rebuilt=rebuilt)


@pytest.fixture(scope="session")
def built_site() -> SiteBuild:
    """The built site, fresh and warning-free (built here if it is stale)."""
    BUILD.mkdir(exist_ok=True)
    # Two pytest-xdist workers must not build into the same folder at once.
    with (BUILD / ".site-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            site = build_site()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    if site.rebuilt:
        print(f"\nbuilt the site in {site.seconds:.1f} s", file=sys.stderr)
    assert site.returncode == 0 and not site.warnings, (
        "python tools/build.py -W must be clean:\n" + "\n".join(site.warnings)
    )
    return site


@pytest.fixture(scope="session")
def site_url(built_site: SiteBuild) -> Iterator[str]:
    """The base URL (ending in "/") of the built site, served on 127.0.0.1."""
    with serve(built_site.html) as url:
        yield url


def build_demo_book(folder: Path, cells: list[str], *, docname: str = "book/rules/demo") -> Path:
    """A throwaway one-chapter book in ``folder`` with this project's site setup
    (vendored widget loader, _static CSS/JS, local extensions except the live
    edition): ``cells`` are run as a notebook at ``docname`` (widget state stored,
    as ``jupyter execute`` does), then built with ``-W``. Returns the HTML folder.
    Fails the test on an error in a cell or a build warning."""
    import nbformat
    from nbclient import NotebookClient

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    config["html"]["favicon"] = str(ROOT / "site" / "favicon.svg")
    sphinx = config["sphinx"]
    sphinx["local_extensions"] = {"block_site": str(ROOT / "site" / "ext")}
    sphinx["config"]["html_extra_path"] = [str(ROOT / "site" / "public")]
    (folder / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    (folder / "_toc.yml").write_text(
        yaml.safe_dump({"format": "jb-book", "root": "index", "chapters": [{"file": docname}]}),
        encoding="utf-8",
    )
    (folder / "index.md").write_text("# Demo\n\nA throwaway book for a test.\n", encoding="utf-8")
    shutil.copytree(ROOT / "_static", folder / "_static", dirs_exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Demo questions\n\nQuestions built by the engine.")]
    nb.cells += [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / f"{docname}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    client = NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute(env=env)  # the kernel imports this checkout's engine
    nbformat.write(nb, path)
    beside_python = Path(sys.executable).with_name("jupyter-book")
    command = str(beside_python) if beside_python.is_file() else shutil.which("jupyter-book")
    assert command is not None, "jupyter-book is not installed"
    run = subprocess.run(
        [command, "build", str(folder), "-W", "--keep-going"],
        capture_output=True,
        text=True,
        env=env,
    )
    log = _ANSI.sub("", run.stdout + run.stderr)
    warnings = [line for line in log.splitlines() if _WARNING.search(line)]
    assert run.returncode == 0 and not warnings, "\n".join(warnings) or log[-2000:]
    return folder / "_build" / "html"


def _no_browser(reason: str) -> None:
    if os.environ.get(REQUIRE_BROWSER) == "1":
        pytest.fail(f"{reason} ({REQUIRE_BROWSER}=1 makes this a failure)")
    pytest.skip(reason)


def require_browser() -> str:
    """The Chromium executable, or skip (fail in CI) saying what is missing."""
    exe = CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium")
    if exe is None:
        _no_browser(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _no_browser("Python playwright is not installed (pip install -r requirements.txt)")
    assert exe is not None
    return exe


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """One Playwright driver per test process: its sync API cannot be started twice
    in one process while the first is still running."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_driver: Any) -> Iterator[Any]:
    """A headless Chromium ``Browser``; tests open their own contexts in it."""
    b = playwright_driver.chromium.launch(executable_path=require_browser(), args=CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


@pytest.fixture(scope="session")
def browser(playwright_driver: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A Playwright ``BrowserContext`` of headless Debian Chromium, fresh profile."""
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),
        executable_path=require_browser(),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900},
    )
    try:
        yield context
    finally:
        context.close()
