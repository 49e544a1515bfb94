"""Re-execute every notebook of the book in place, storing outputs and widget state.

The site is built with ``execute_notebooks: "off"``: it shows the outputs stored
in the notebooks, which are the outputs nbval checks. Run this after changing
the engine or a notebook, then rebuild (``jupyter-book build .``) and run
``pytest``.

    python tools/run_notebooks.py                 # every notebook listed in _toc.yml
    python tools/run_notebooks.py book/rules/scoring.ipynb   # only these

Each notebook runs with ``jupyter execute --inplace`` (nbclient: the kernel
starts in the notebook's folder and the widget state is saved in the notebook's
metadata). Prints the time each one took; exits 1 if any failed (the others
still run).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent


def toc_files(toc: dict[str, Any]) -> Iterator[str]:
    """Every ``file:`` entry of a Jupyter Book ``_toc.yml``, root first, in order."""
    if "root" in toc:
        yield str(toc["root"])

    def walk(entries: list[dict[str, Any]]) -> Iterator[str]:
        for entry in entries:
            if "file" in entry:
                yield str(entry["file"])
            for key in ("parts", "chapters", "sections"):
                yield from walk(entry.get(key) or [])

    yield from walk([{key: toc[key]} for key in ("parts", "chapters", "sections") if key in toc])


def toc_notebooks(root: Path = ROOT) -> list[Path]:
    """The notebooks the book lists, as existing paths (``.md`` chapters skipped)."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    found = []
    for name in toc_files(toc):
        path = root / name
        candidates = [path] if path.suffix else [path.with_suffix(".ipynb")]
        found.extend(p for p in candidates if p.suffix == ".ipynb" and p.is_file())
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every one in _toc.yml")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per cell (default 300)")
    args = parser.parse_args(argv)
    notebooks = [p.resolve() for p in args.notebooks] or toc_notebooks()
    if not notebooks:
        print("no notebooks found in _toc.yml")
        return 1
    failed = []
    total = time.perf_counter()
    for nb in notebooks:
        start = time.perf_counter()
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "jupyter",
                "execute",
                "--inplace",
                f"--timeout={args.timeout}",
                str(nb),
            ],
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        name = nb.relative_to(ROOT) if nb.is_relative_to(ROOT) else nb
        status = "ok" if run.returncode == 0 else "FAILED"
        print(f"{seconds:6.1f} s  {status:6}  {name}", flush=True)
        if run.returncode != 0:
            failed.append(name)
            print(run.stderr[-3000:], file=sys.stderr)
    print(
        f"{time.perf_counter() - total:6.1f} s  total, {len(notebooks)} notebooks, {len(failed)} failed"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
