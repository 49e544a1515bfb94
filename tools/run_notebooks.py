"""Sync the book's text notebooks with their .ipynb twins and re-run what changed.

Every chapter is a pair: ``NAME.md`` (MyST Markdown, what people read and edit) and
``NAME.ipynb`` (the same cells with their outputs and widget state: what the site
shows and nbval checks). The live notebooks (``live/*.md``) are pairs too, stored
without outputs (the reader's browser runs them).

    python tools/run_notebooks.py                        # sync every pair, re-run what changed
    python tools/run_notebooks.py --all                  # sync every pair, re-run every chapter
    python tools/run_notebooks.py book/rules/placing.md  # sync and re-run only these chapters
    python tools/run_notebooks.py --check                # change nothing: list what is stale

Sync: the ``.md`` is the source, unless the ``.ipynb`` is newer and holds different
cells (it was edited in Jupyter), which then writes the ``.md``. Code cells are put in
the house style (ruff: imports sorted, formatted), and the ``.md`` gets that code too.

Re-run: a chapter runs again (``jupyter execute --inplace``: the kernel starts in its
folder, imports this checkout's ``src/`` and widget state is saved) when what its
outputs were made from changed: the digests of its ``.md`` text and of the engine
package, code and data files alike (tools/freshness.py, the project's one freshness
key), stored in the ``.ipynb`` as ``metadata.block_dominoes.inputs``.
tests/site/test_notebook_sources.py and ``python tools/build.py`` fail on a stale run,
naming the chapter and ``python tools/run_notebooks.py <chapter>.md``. Prints the time
each run took; exits 1 if any failed (the others still run).

Editions in another language (issue 15): each chapter is also run in Arabic, into
``locales/ar/runs/<chapter>.ipynb`` (``locales/ar/runs/book/rules/placing.ipynb``): the
chapter's own cells, run by a kernel started with ``BLOCK_DOMINOES_LANG=ar``, so every
sentence the engine and the chapter's ``_()`` build comes out in Arabic. The run is an
output, not a chapter: nobody edits it, and the notebook records its language
(``metadata.block_dominoes.lang``), which locales/conftest.py gives nbval's kernel too.
The Arabic build reads that run in place of ``NAME.ipynb`` (site/ext/editions.py). Its
inputs add the engine's Arabic catalog (``src/block_dominoes/locale/ar``) to the
chapter's: a new translation re-runs the Arabic chapters only. ``--lang en`` or
``--lang ar`` runs one edition alone.
"""

from __future__ import annotations

import argparse
import functools
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
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "src"))  # this checkout's registry, whatever pip points at
import freshness  # noqa: E402  (the one freshness key: tools/freshness.py)
from book_toc import toc_docnames  # noqa: E402  (the build's own walker)

from block_dominoes.languages import editions  # noqa: E402  (the one language registry)

FMT = "md:myst"
FIX = "python tools/run_notebooks.py"
#: where the editions' runs are stored: RUNS/<lang>/runs/<chapter>.ipynb
RUNS = ROOT / "locales"
#: the languages whose edition is executed in that language (locales/<lang>/runs/)
EDITIONS = tuple(lang.code for lang in editions())
LANG_VARIABLE = "BLOCK_DOMINOES_LANG"


def chapters(root: Path = ROOT) -> list[Path]:
    """The ``.md`` of every chapter the book lists in ``_toc.yml``, in order."""
    return [root / f"{name}.md" for name in toc_docnames(root / "_toc.yml")]


def live_notebooks(root: Path = ROOT) -> list[Path]:
    """The ``.md`` of every live notebook (``live/README.md`` is not one)."""
    return sorted(p for p in (root / "live").glob("*.md") if p.name != "README.md")


def inputs(md: Path, lang: str = "en", package: str | None = None) -> dict[str, str]:
    """What the chapter's run in ``lang`` is made from (tools/freshness.py: its text,
    the engine's code and data and, in an edition's language, the engine's catalog)."""
    return freshness.chapter_inputs(md, lang, package)


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


def stored_inputs(ipynb: Path) -> dict[str, str] | None:
    """The digests the notebook's outputs were made from (None: never run by this tool)."""
    if not ipynb.is_file():
        return None
    meta = json.loads(ipynb.read_text(encoding="utf-8")).get("metadata", {})
    return freshness.stored_inputs(meta)


def run_path(md: Path, lang: str) -> Path:
    """The notebook that holds the chapter's run in ``lang``."""
    return md.with_suffix(".ipynb") if lang == "en" else twin(md, lang)


def stale(md: Path, lang: str, package: str | None = None) -> list[str]:
    """Why the chapter's stored run in ``lang`` is out of date, in words (empty: fresh)."""
    return freshness.stale_inputs(stored_inputs(run_path(md, lang)), inputs(md, lang, package))


def fix(md: Path) -> str:
    """The exact command that brings one chapter's runs up to date."""
    return f"{FIX} {name(md)}"


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


def text_inputs(md: Path) -> dict[str, str]:
    """A live notebook's freshness inputs: only its text (it stores no outputs)."""
    return {"text": freshness.digest([md.read_bytes()])}


def sync(md: Path) -> str:
    """Make the pair hold the same cells; returns what was done, in a word or two.

    The ``.ipynb`` records the digest of the ``.md`` its outputs were run from (the
    ``text`` of its freshness inputs, tools/freshness.py; a live notebook, stored
    without outputs, records the ``.md`` it was written from). A newer ``.ipynb`` with
    other cells wins only while the ``.md`` is still that text (an edit made in
    Jupyter); when both changed (a checkout or a merge brought one, an editor the
    other) the tool stops and says so, rather than overwrite either.
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
            made_from = (freshness.stored_inputs(stored.metadata) or {}).get("text")
            if made_from not in (None, freshness.digest([md.read_bytes()])):
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
    if md.parent == ROOT / "live":  # stored without outputs: written from this text
        new.metadata.setdefault("block_dominoes", {})[freshness.META_KEY] = text_inputs(md)
    if not write_ipynb(new, ipynb):
        return "in sync"
    house_style(ipynb)
    styled = read_ipynb(ipynb)
    if cells(styled) != cells(text_nb):  # ruff changed the code: the .md gets it too
        jupytext.write(styled, md, fmt=FMT)
        if md.parent == ROOT / "live":
            styled.metadata["block_dominoes"][freshness.META_KEY] = text_inputs(md)
            write_ipynb(styled, ipynb)
        return "md -> ipynb, ruff"
    return "md -> ipynb"


def execute(md: Path, timeout: int, package: str, lang: str = "en") -> tuple[bool, float, str]:
    """Run the chapter (in ``lang``: its edition's notebook, with the kernel speaking
    ``lang``) in place and store what it was made from; (ok, seconds, stderr)."""
    ipynb, made_from = run_path(md, lang), inputs(md, lang, package)
    if lang != "en":
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
        env={**os.environ, LANG_VARIABLE: lang, "PYTHONPATH": python_path()},
    )
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        return False, seconds, run.stderr[-3000:]
    nb = read_ipynb(ipynb)
    ours = nb.metadata.setdefault("block_dominoes", {})
    ours.pop("source_hash", None)  # the keys of older versions of this tool
    ours.pop("md_sha256", None)
    ours[freshness.META_KEY] = made_from
    write_ipynb(nb, ipynb)
    return True, seconds, ""


def python_path() -> str:
    """``PYTHONPATH`` with this checkout's ``src/`` first: a kernel runs this engine,
    whatever ``pip install -e`` points at."""
    rest = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join([str(ROOT / "src"), *([rest] if rest else [])])


def chapter_md(path: Path) -> Path:
    """The ``.md`` of a chapter named by its .md, .ipynb or edition's .<lang>.ipynb."""
    stem = path.name
    for suffix in (".ipynb", ".md"):
        stem = stem.removesuffix(suffix)
    return (path.parent / f"{stem}.md").resolve()


def name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def plan(book: list[Path], langs: list[str]) -> list[tuple[str, Path, list[str]]]:
    """Every (language, chapter, why) whose stored run is out of date, English first."""
    package = freshness.package_digest()
    found = []
    for lang in langs:
        for md in book:
            why = stale(md, lang, package)
            if why:
                found.append((lang, md, why))
    return found


def check(book: list[Path], langs: list[str], pairs: list[Path] | None = None) -> list[str]:
    """One line per chapter whose pair has drifted or whose runs are stale, each naming
    the command that fixes it (empty: all fresh). ``pairs``: the notebooks whose pair
    is checked (default: ``book``). Reads only; writes nothing."""
    problems = []
    for md in book if pairs is None else pairs:
        ipynb = md.with_suffix(".ipynb")
        if not ipynb.is_file() or cells(read_md(md)) != cells(read_ipynb(ipynb)):
            problems.append(f"{name(md)}: its .ipynb does not hold its cells. Fix: {fix(md)}")
    for lang, md, why in plan(book, langs):
        where = name(run_path(md, lang))
        problems.append(f"{where} is stale ({'; '.join(why)}). Fix: {fix(md)}")
    return problems


def run_all(
    todo: list[tuple[str, Path]], jobs: int = 2, timeout: int = 300
) -> tuple[list[str], float]:
    """Run each (language, chapter), English first, ``jobs`` at once, printing each
    one's time; returns the runs that failed and the seconds it all took."""
    package = freshness.package_digest()
    failed: list[str] = []
    total = time.perf_counter()
    for lang in dict.fromkeys(code for code, _ in todo):
        mds = [md for code, md in todo if code == lang]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            run = functools.partial(execute, timeout=timeout, package=package, lang=lang)
            for md, (ok, seconds, stderr) in zip(mds, pool.map(run, mds), strict=True):
                where = name(run_path(md, lang))
                print(f"{seconds:6.1f} s  {'ok' if ok else 'FAILED':18}  {where}", flush=True)
                if not ok:
                    failed.append(where)
                    print(stderr, file=sys.stderr)
    return failed, time.perf_counter() - total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "chapters", nargs="*", type=Path, help="chapters (.md or .ipynb) to sync and re-run"
    )
    parser.add_argument("--all", action="store_true", help="re-run every chapter")
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing: list every chapter whose pair drifted or whose runs are "
        "stale, and exit 1 if there is one",
    )
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
    for md in chosen:
        if not md.is_file() and not md.with_suffix(".ipynb").is_file():
            parser.error(f"{name(md)}: no such chapter (neither .md nor .ipynb)")
    book = chosen or chapters()
    langs = ["en", *EDITIONS] if args.lang == "all" else [args.lang]
    if args.check:
        problems = check(book, langs, book if chosen else [*book, *live_notebooks()])
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s) in {len(book)} chapters ({', '.join(langs)})")
        return 1 if problems else 0
    for md in book if chosen else [*book, *live_notebooks()]:
        print(f"{'sync':>8}  {sync(md):18}  {name(md)}", flush=True)
    if chosen or args.all:
        todo = [(lang, md) for lang in langs for md in book]
    else:
        todo = [(lang, md) for lang, md, _ in plan(book, langs)]
    failed, seconds = run_all(todo, args.jobs, args.timeout)
    count = len(book) * len(langs)
    print(
        f"{seconds:6.1f} s  total: {len(todo)} of {count} chapter runs "
        f"({', '.join(langs)}; {count - len(todo)} unchanged), {len(failed)} failed"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
