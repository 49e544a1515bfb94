"""Sync the book's text notebooks with their .ipynb twins and re-run what changed.

Every chapter is a pair: ``NAME.md`` (MyST Markdown, what people read and edit) and
``NAME.ipynb`` (the same cells with their outputs and widget state: what the site
shows and nbval checks). The live notebooks (``live/*.md``) are pairs too, stored
without outputs (the reader's browser runs them).

    python tools/run_notebooks.py                        # sync every pair, re-run what changed
    python tools/run_notebooks.py --all                  # sync every pair, re-run every chapter
    python tools/run_notebooks.py book/rules/placing.md  # sync and re-run only these chapters

Sync: the ``.md`` is the source, unless the ``.ipynb`` is newer and holds different
cells (it was edited in Jupyter), which then writes the ``.md``. Code cells are put in
the house style (ruff: imports sorted, formatted), and the ``.md`` gets that code too.

Re-run: a chapter runs again (``jupyter execute --inplace``: the kernel starts in its
folder and widget state is saved) when its key changed. The key is a SHA-256 of the
``.md`` text and of the engine's source (``src/block_dominoes/**/*.py``), stored in the
``.ipynb`` as ``metadata.block_dominoes.source_hash``; tests/test_notebook_sources.py
fails when a stored key is not the current one. Prints the time each run took; exits
1 if any failed (the others still run).

Editions in another language (issue 15): each chapter is also run in Arabic, into
``locales/ar/runs/<chapter>.ipynb`` (``locales/ar/runs/book/rules/placing.ipynb``): the
chapter's own cells, run by a kernel started with ``BLOCK_DOMINOES_LANG=ar``, so every
sentence the engine and the chapter's ``_()`` build comes out in Arabic. The run is an
output, not a chapter: nobody edits it, and the notebook records its language
(``metadata.block_dominoes.lang``), which locales/conftest.py gives nbval's kernel too.
The Arabic build reads that run in place of ``NAME.ipynb`` (site/ext/editions.py). Its
key adds the engine's Arabic catalog (``src/block_dominoes/locale/ar``) to the
chapter's: a new translation re-runs the Arabic chapters only. ``--lang en`` or
``--lang ar`` runs one edition alone.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from jupytext.combine import combine_inputs_with_outputs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "site" / "ext"))
from book_toc import toc_docnames  # noqa: E402  (the build's own walker)

ENGINE = ROOT / "src" / "block_dominoes"
FMT = "md:myst"
FIX = "python tools/run_notebooks.py"
#: where the editions' runs are stored: RUNS/<lang>/runs/<chapter>.ipynb
RUNS = ROOT / "locales"
#: the languages whose edition is executed in that language (locales/<lang>/runs/)
EDITIONS = ("ar",)
LANG_VARIABLE = "BLOCK_DOMINOES_LANG"


def chapters(root: Path = ROOT) -> list[Path]:
    """The ``.md`` of every chapter the book lists in ``_toc.yml``, in order."""
    return [root / f"{name}.md" for name in toc_docnames(root / "_toc.yml")]


def live_notebooks(root: Path = ROOT) -> list[Path]:
    """The ``.md`` of every live notebook (``live/README.md`` is not one)."""
    return sorted(p for p in (root / "live").glob("*.md") if p.name != "README.md")


def engine_hash() -> str:
    """SHA-256 of the engine's source files, by path, in sorted order."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(path.relative_to(ENGINE).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def source_hash(md: Path, engine: str | None = None) -> str:
    """The key a chapter's stored outputs were made from: its ``.md`` text + the engine."""
    digest = hashlib.sha256(md.read_bytes())
    digest.update((engine or engine_hash()).encode())
    return digest.hexdigest()


def catalog_hash(lang: str) -> str:
    """SHA-256 of the engine's catalog for ``lang`` (what an edition's outputs say)."""
    po = ENGINE / "locale" / lang / "LC_MESSAGES" / "block_dominoes.po"
    return hashlib.sha256(po.read_bytes() + lang.encode()).hexdigest()


def edition_hash(md: Path, lang: str, engine: str | None = None) -> str:
    """The key of a chapter's run in ``lang``: its English key and the language's catalog."""
    digest = hashlib.sha256(source_hash(md, engine).encode())
    digest.update(catalog_hash(lang).encode())
    return digest.hexdigest()


def twin(md: Path, lang: str) -> Path:
    """Where the chapter's run in ``lang`` is stored: ``locales/<lang>/runs/<chapter>.ipynb``."""
    return RUNS / lang / "runs" / md.relative_to(ROOT).with_suffix(".ipynb")


def edition_notebook(md: Path, lang: str) -> Any:
    """The chapter's cells (from its styled .ipynb), no outputs, marked as run in ``lang``."""
    from block_dominoes.i18n import _, language

    nb = read_ipynb(md.with_suffix(".ipynb"))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        prompts = cell.metadata.get("mystnb", {})
        for key in ("code_prompt_show", "code_prompt_hide"):  # a cell's own toggle words
            if key in prompts:
                with language(lang):
                    prompts[key] = _(prompts[key])
    nb.metadata["block_dominoes"] = {"lang": lang}
    return nb


def stored_hash(ipynb: Path) -> str | None:
    meta = json.loads(ipynb.read_text(encoding="utf-8")).get("metadata", {})
    value = meta.get("block_dominoes", {}).get("source_hash")
    return str(value) if value is not None else None


def cells(nb: Any) -> list[tuple[str, str, list[str]]]:
    """What a pair must agree on: each cell's type, source and tags."""
    return [(c.cell_type, c.source, list(c.get("metadata", {}).get("tags", []))) for c in nb.cells]


def read_md(md: Path) -> Any:
    return jupytext.read(md, fmt=FMT)


def read_ipynb(ipynb: Path) -> Any:
    return nbformat.read(ipynb, as_version=4)


def write_ipynb(nb: Any, ipynb: Path) -> bool:
    """Write only if the file changes; True if it did."""
    text = nbformat.writes(nb) + "\n"
    if ipynb.is_file() and ipynb.read_text(encoding="utf-8") == text:
        return False
    ipynb.write_text(text, encoding="utf-8")
    return True


def house_style(ipynb: Path) -> None:
    """ruff on the code cells, as on every Python file of the project."""
    ruff = [sys.executable, "-m", "ruff"]
    subprocess.run([*ruff, "check", "--fix", "--select", "I", "--quiet", str(ipynb)], check=False)
    subprocess.run([*ruff, "format", "--quiet", str(ipynb)], check=False)


def text_hash(md: Path) -> str:
    """SHA-256 of a chapter's ``.md`` as it was when its ``.ipynb`` was last written."""
    return hashlib.sha256(md.read_bytes()).hexdigest()


def sync(md: Path) -> str:
    """Make the pair hold the same cells; returns what was done, in a word or two.

    The ``.ipynb`` records the hash of the ``.md`` it was written from
    (``metadata.block_dominoes.md_sha256``). A newer ``.ipynb`` with other cells wins
    only while the ``.md`` is still that text (an edit made in Jupyter); when both
    changed (a checkout or a merge brought one, an editor the other) the tool stops
    and says so, rather than overwrite either.
    """
    ipynb = md.with_suffix(".ipynb")
    if not md.is_file():
        if not ipynb.is_file():
            raise SystemExit(f"{md.relative_to(ROOT)}: no such chapter (neither .md nor .ipynb)")
        jupytext.write(read_ipynb(ipynb), md, fmt=FMT)
        return "wrote .md"
    text_nb = read_md(md)
    if ipynb.is_file():
        stored = read_ipynb(ipynb)
        if ipynb.stat().st_mtime > md.stat().st_mtime and cells(stored) != cells(text_nb):
            made_from = stored.metadata.get("block_dominoes", {}).get("md_sha256")
            if made_from not in (None, text_hash(md)):
                raise SystemExit(
                    f"{name(md)} and {name(ipynb)} both changed since the notebook was "
                    f"last written: keep one (edit it, or `git checkout` the other), "
                    f"touch it, and run {FIX} again"
                )
            # Edited in Jupyter, which saved the .ipynb last: that edit wins.
            jupytext.write(stored, md, fmt=FMT)
            return "ipynb -> md"
        new = combine_inputs_with_outputs(text_nb, stored, fmt=FMT)
    else:
        new = text_nb
    new.metadata.setdefault("block_dominoes", {})["md_sha256"] = text_hash(md)
    if not write_ipynb(new, ipynb):
        return "in sync"
    house_style(ipynb)
    styled = read_ipynb(ipynb)
    if cells(styled) != cells(text_nb):  # ruff changed the code: the .md gets it too
        jupytext.write(styled, md, fmt=FMT)
        styled.metadata["block_dominoes"]["md_sha256"] = text_hash(md)
        write_ipynb(styled, ipynb)
        return "md -> ipynb, ruff"
    return "md -> ipynb"


def execute(md: Path, timeout: int, engine: str, lang: str = "en") -> tuple[bool, float, str]:
    """Run the chapter (in ``lang``: its edition's notebook, with the kernel speaking
    ``lang``) in place and store its key; (ok, seconds, stderr)."""
    if lang == "en":
        ipynb, key = md.with_suffix(".ipynb"), source_hash(md, engine)
    else:
        ipynb, key = twin(md, lang), edition_hash(md, lang, engine)
        ipynb.parent.mkdir(parents=True, exist_ok=True)
        write_ipynb(edition_notebook(md, lang), ipynb)
    start = time.perf_counter()
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "execute",
            "--inplace",
            f"--timeout={timeout}",
            str(ipynb),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, LANG_VARIABLE: lang},
    )
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        return False, seconds, run.stderr[-3000:]
    nb = read_ipynb(ipynb)
    nb.metadata.setdefault("block_dominoes", {})["source_hash"] = key
    write_ipynb(nb, ipynb)
    return True, seconds, ""


def chapter_md(path: Path) -> Path:
    """The ``.md`` of a chapter named by its .md, .ipynb or edition's .<lang>.ipynb."""
    stem = path.name
    for suffix in (".ipynb", ".md"):
        stem = stem.removesuffix(suffix)
    return (path.parent / f"{stem}.md").resolve()


def name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "chapters", nargs="*", type=Path, help="chapters (.md or .ipynb) to sync and re-run"
    )
    parser.add_argument("--all", action="store_true", help="re-run every chapter")
    parser.add_argument(
        "--lang",
        choices=("all", "en", *EDITIONS),
        default="all",
        help="run only this edition (default: English and every other edition)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="chapters run at once (default 2)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per cell (default 300)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs {args.jobs}: at least 1 chapter must run at a time")
    chosen = [chapter_md(p) for p in args.chapters]
    book = chosen or chapters()
    engine = engine_hash()
    for md in book if chosen else [*book, *live_notebooks()]:
        print(f"{'sync':>8}  {sync(md):18}  {name(md)}", flush=True)
    langs = ["en", *EDITIONS] if args.lang == "all" else [args.lang]
    failed: list[str] = []
    runs = []
    for lang in langs:  # English first: an edition's notebook copies its styled cells
        for md in book:
            if lang == "en":
                stored, key = stored_hash(md.with_suffix(".ipynb")), source_hash(md, engine)
            else:
                target = twin(md, lang)
                stored = stored_hash(target) if target.is_file() else None
                key = edition_hash(md, lang, engine)
            if chosen or args.all or stored != key:
                runs.append((lang, md))
    total = time.perf_counter()
    for lang in langs:
        todo = [md for code, md in runs if code == lang]
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            run = functools.partial(execute, timeout=args.timeout, engine=engine, lang=lang)
            for md, (ok, seconds, stderr) in zip(todo, pool.map(run, todo), strict=True):
                where = name(md if lang == "en" else twin(md, lang))
                print(f"{seconds:6.1f} s  {'ok' if ok else 'FAILED':18}  {where}", flush=True)
                if not ok:
                    failed.append(where)
                    print(stderr, file=sys.stderr)
    count = len(book) * len(langs)
    print(
        f"{time.perf_counter() - total:6.1f} s  total: {len(runs)} of {count} chapter runs "
        f"({', '.join(langs)}; {count - len(runs)} unchanged), {len(failed)} failed"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
