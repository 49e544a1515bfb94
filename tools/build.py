"""Build the whole site, step by step, from outside Sphinx: the README's build command.

    python tools/build.py              # bring every step up to date, re-running stale chapters
    python tools/build.py -W           # strict (CI, the tests): any warning, or a stale
                                       #   chapter, fails the build
    python tools/build.py --no-run     # a stale chapter fails the build instead of re-running
    python tools/build.py --all        # rebuild every step from scratch
    python tools/build.py --skip live  # leave a step out: its output is REMOVED

The steps, in order, each printed with what it did (``rebuilt`` / ``up to date``) and
how long it took:

1. ``notebooks``: every chapter's pair is synced and every run whose inputs changed
   (its ``.md``, the engine's code or data, an edition's catalog: tools/freshness.py)
   is re-run by ``tools/run_notebooks.py``, saying which and why. With ``-W`` or
   ``--no-run`` nothing is written: a stale chapter fails the build, naming it and
   the command that fixes it (``python tools/run_notebooks.py book/x.md``). When no
   pair, stored run, engine file or catalog changed since its last success, it reads
   nothing (its digests are in ``_build/build-stamps.json`` too).
2. ``book``: the English book, ``jupyter-book build .`` into ``_build/html``.
3. one step per edition in the language registry (``block_dominoes.languages``,
   ``edition=True``): its config and toc are written into ``_build/<code>/`` from
   ``_config.yml`` and ``_toc.yml`` with the edition's words (title, author, search
   text, the hidden cell's toggles, part captions: ``site/ext/site_words.py``
   ``CONFIG_WORDS``, translated in ``site/ext/locales/<code>/LC_MESSAGES/bd_site.po``)
   and its language, then ``jupyter-book build . --config _build/<code>/_config.yml
   --toc _build/<code>/_toc.yml --path-output _build/<code>``, swapped into
   ``_build/html/<code>``. An edition is its catalogs and a registry line.
4. ``live``: the live edition and the apps, ``tools/build_live.py`` into
   ``_build/html/live`` and ``_build/html/apps``.

A Sphinx step is skipped when the digests of its declared inputs are those its last
successful build recorded (``_build/build-stamps.json``); it runs incrementally when
only pages changed, and with ``--all`` when anything else it reads changed (config,
toc, extensions, static files, tool versions: Sphinx does not track those). A strict
build also starts from scratch unless the step's last build was clean from scratch, so
a warning in an unchanged page is never hidden. A skipped step's output is removed,
so ``_build/html`` never holds an old copy. Exit status 1 when a step fails (its
reason on one line, then the tool's own log), 2 for a bad option.

Why a script in tools/ and not an entry point of the package: the build belongs to
the checkout (it reads ``_config.yml``, ``book/``, ``locales/``, ``site/`` and writes
``_build/``), while the package ``block_dominoes`` is the engine, shipped as a wheel
to the live edition's Pyodide; an entry point would put site-building code in that
wheel and, under ``pip install -e``, run whichever checkout the install points at.
``python tools/build.py`` always runs this checkout's build on this checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # this checkout's registry, whatever pip points at
sys.path.insert(0, str(ROOT / "tools"))
import freshness  # noqa: E402

from block_dominoes.languages import editions  # noqa: E402

BUILD = ROOT / "_build"
HTML = BUILD / "html"
STAMPS = BUILD / "build-stamps.json"
#: the Python distributions whose versions shape the HTML (a new one rebuilds it all)
SITE_TOOLS = (
    "jupyter-book",
    "sphinx",
    "myst-nb",
    "myst-parser",
    "sphinx-book-theme",
    "pydata-sphinx-theme",
    "jupytext",
)
#: what every Sphinx step reads besides its pages and its own config and toc
SETUP_GLOBS = (
    "_static/**/*",
    "site/**/*",
    "live/*.ipynb",  # the "Run live" lines (live_edition.live_pages)
    "apps/*.md",  # the "Open the app" lines (live_edition.app_pages)
    "locales/terms.csv",  # the glossary's terms table
    "src/block_dominoes/languages.py",  # the editions, their labels and directions
    "tools/build.py",
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_WARNING = re.compile(r"\b(WARNING|ERROR|CRITICAL|SEVERE)\b:")


class StepFailed(Exception):
    """A step failed; the message says which and why, in one line."""


@dataclass
class Options:
    strict: bool = False
    no_run: bool = False
    all: bool = False
    skip: tuple[str, ...] = ()


def say(step: str, text: str) -> None:
    print(f"[{step}] {text}", flush=True)


def python_env() -> dict[str, str]:
    """The environment for every tool the build starts: this checkout's ``src/``
    first on ``PYTHONPATH``, so the extensions and kernels read this engine."""
    rest = os.environ.get("PYTHONPATH", "")
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), *([rest] * bool(rest))]),
    }


def read_stamps() -> dict[str, Any]:
    try:
        found = json.loads(STAMPS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def write_stamp(step: str, record: dict[str, Any] | None) -> None:
    """Record (or, with None, forget) a step's last successful build."""
    stamps = read_stamps()
    if record is None:
        stamps.pop(step, None)
    else:
        stamps[step] = record
    BUILD.mkdir(exist_ok=True)
    tmp = STAMPS.with_suffix(".tmp")
    tmp.write_text(json.dumps(stamps, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(STAMPS)


def shown(path: Path) -> str:
    """A path as a person reads it: relative to the checkout when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def remove(path: Path) -> bool:
    """Remove a built folder; True if there was one."""
    if path.exists():
        shutil.rmtree(path)
        return True
    return False


# --- step 1: the chapters' runs -------------------------------------------------


#: what the notebooks step reads: the pairs, the stored runs and the toc that lists them
#: (with the engine and its catalogs, :func:`notebook_inputs`)
NOTEBOOK_GLOBS = (
    "book/**/*.md",
    "book/**/*.ipynb",
    "live/*.md",
    "live/*.ipynb",
    "locales/*/runs/**/*.ipynb",
    "_toc.yml",
)


def notebook_inputs() -> dict[str, str]:
    """The digests the notebooks step's verdict depends on: when none changed since
    its last success, every pair is in sync and every run fresh, without reading them."""
    return {
        "files": freshness.globs_digest(NOTEBOOK_GLOBS),
        "package": freshness.package_digest(),
        "catalogs": freshness.globs_digest(["src/block_dominoes/locale/*/LC_MESSAGES/*.po"]),
    }


def notebooks_step(opts: Options) -> str:
    if (read_stamps().get("notebooks") or {}).get("inputs") == notebook_inputs():
        return "up to date (no pair, run, engine or catalog changed since its last check)"
    what = check_notebooks(opts)
    write_stamp("notebooks", {"inputs": notebook_inputs()})
    return what


def check_notebooks(opts: Options) -> str:
    import run_notebooks as rn

    langs = ["en", *rn.EDITIONS]
    book = rn.chapters()
    pairs = [*book, *rn.live_notebooks()]
    if opts.strict or opts.no_run:
        problems = rn.check(book, langs, pairs)
        if problems:
            for line in problems:
                say("notebooks", line)
            why = "-W" if opts.strict else "--no-run"
            raise StepFailed(
                f"{len(problems)} pair(s) or run(s) out of date, not re-run ({why}); "
                f"each line above names its fix (all at once: {rn.FIX})"
            )
        return f"up to date: {len(pairs)} pairs, {len(book)} chapters in {', '.join(langs)}"
    synced = [(md, done) for md in pairs if (done := rn.sync(md)) != "in sync"]
    for md, done in synced:
        say("notebooks", f"synced {rn.name(md)} ({done})")
    todo = rn.plan(book, langs)
    if not todo:
        return f"up to date: {len(book)} chapters in {', '.join(langs)}" + (
            f"; {len(synced)} pair(s) synced" if synced else ""
        )
    for lang, md, why in todo:
        say("notebooks", f"re-running {rn.name(rn.run_path(md, lang))}: {'; '.join(why)}")
    failed, seconds = rn.run_all([(lang, md) for lang, md, _ in todo])
    if failed:
        raise StepFailed(f"{len(failed)} run(s) failed: {', '.join(failed)}")
    return f"rebuilt: re-ran {len(todo)} chapter run(s) in {seconds:.1f} s"


# --- steps 2 and 3: the English book and each edition ----------------------------


@dataclass(frozen=True)
class Book:
    """One Sphinx build of the book: the English book or an edition."""

    name: str
    config: str
    toc: str
    pages: tuple[str, ...]
    #: where Jupyter Book builds it (``--path-output``; None: the English book's _build)
    work: Path | None
    #: where it is published
    out: Path

    def inputs(self) -> dict[str, str]:
        return {
            "pages": freshness.globs_digest(self.pages),
            "setup": freshness.digest(
                [
                    freshness.globs_digest([self.config, self.toc, *SETUP_GLOBS]),
                    freshness.versions_digest(SITE_TOOLS),
                ]
            ),
        }

    def command(self, opts: Options, from_scratch: bool) -> list[str]:
        beside = Path(sys.executable).with_name("jupyter-book")
        command = [str(beside) if beside.is_file() else "jupyter-book", "build", str(ROOT)]
        if self.name != "book":
            command += ["--config", str(ROOT / self.config), "--toc", str(ROOT / self.toc)]
        if self.work is not None:
            command += ["--path-output", str(self.work)]
        command.append("--keep-going")
        if opts.strict:
            command.append("-W")
        if from_scratch:
            command.append("--all")
        return command


def english() -> Book:
    return Book("book", "_config.yml", "_toc.yml", ("book/**/*",), None, HTML)


def edition(code: str) -> Book:
    return Book(
        code,
        f"_build/{code}/_config.yml",
        f"_build/{code}/_toc.yml",
        ("book/**/*", f"locales/{code}/**/*"),
        BUILD / code,
        HTML / code,
    )


def site_words(code: str) -> dict[str, str]:
    """The edition's translations of the site's words (``bd_site.po``), by English: the
    catalog the apps' words come from too (``build_apps.site_translations``)."""
    import build_apps

    po = build_apps.SITE_CATALOGS / code / "LC_MESSAGES" / "bd_site.po"
    if not po.is_file():
        raise StepFailed(f"{code}: no catalog of the site's words ({shown(po)})")
    return build_apps.site_translations(code)


def edition_setup(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The edition's Sphinx config and toc: ``_config.yml`` and ``_toc.yml`` in its
    language, with its own words from its ``bd_site`` catalog."""
    import yaml

    words = site_words(code)

    def word(english: str) -> str:
        if english not in words:
            raise StepFailed(
                f"{code}: {english!r} has no translation in "
                f"site/ext/locales/{code}/LC_MESSAGES/bd_site.po (bash tools/update_catalogs.sh)"
            )
        return words[english]

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    config["title"] = word(config["title"])
    config["author"] = word(config["author"])
    sphinx = config.setdefault("sphinx", {})
    # else sphinx.config.html_theme_options REPLACES Jupyter Book's own (logo, search...)
    sphinx["recursive_update"] = True
    # a local extension's folder is read from the config file's own folder
    here = BUILD / code
    sphinx["local_extensions"] = {
        name: os.path.relpath(ROOT / folder, here)
        for name, folder in sphinx.get("local_extensions", {}).items()
    }
    settings = sphinx.setdefault("config", {})
    settings.update(
        {
            # the chapters' prose from locales/<code>/LC_MESSAGES/book/**.po, one per
            # chapter; the theme's words from locales/<code>/LC_MESSAGES/sphinx.po
            "language": code,
            "locale_dirs": ["locales/"],
            "gettext_compact": False,
            "gettext_uuid": False,
            "nb_code_prompt_show": word("Show the cell"),
            "nb_code_prompt_hide": word("Hide the cell"),
        }
    )
    options = settings.setdefault("html_theme_options", {})
    options["search_bar_text"] = word("Search this book...")
    for part in toc.get("parts", []):
        part["caption"] = word(part["caption"])
    return config, toc


def write_edition_setup(code: str) -> None:
    """Write the edition's config and toc into ``_build/<code>/`` (when they changed)."""
    import yaml

    config, toc = edition_setup(code)
    here = BUILD / code
    here.mkdir(parents=True, exist_ok=True)
    note = f"# Written by tools/build.py for the {code} edition: edit _config.yml, _toc.yml\n"
    for name, data in (("_config.yml", config), ("_toc.yml", toc)):
        text = note + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        path = here / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def edition_step(code: str, opts: Options) -> str:
    write_edition_setup(code)
    return book_step(edition(code), opts)


def swap_in(built: Path, out: Path) -> None:
    """Copy ``built`` to ``out`` beside it, then swap by two renames: a reader of the
    served site (a browser test, a person) never finds it half-copied."""
    fresh, stale = out.with_name(f".{out.name}.new"), out.with_name(f".{out.name}.old")
    for leftover in (fresh, stale):
        remove(leftover)
    shutil.copytree(built, fresh)
    if out.exists():
        out.rename(stale)
    fresh.rename(out)
    remove(stale)


def book_step(book: Book, opts: Options) -> str:
    inputs = book.inputs()
    stamp = read_stamps().get(book.name) or {}
    index = book.out / "index.html"
    clean = bool(stamp.get("clean"))
    if stamp.get("inputs") == inputs and index.is_file() and (clean or not opts.strict):
        return "up to date"
    from_scratch = (
        opts.all
        or not stamp
        or stamp.get("inputs", {}).get("setup") != inputs["setup"]
        or (opts.strict and not clean)
    )
    command = book.command(opts, from_scratch)
    say(book.name, " ".join(["jupyter-book", *command[1:]]).replace(str(ROOT), "."))
    write_stamp(book.name, None)  # until it succeeds, the step counts as never built
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=python_env())
    log = _ANSI.sub("", done.stdout + done.stderr)
    warnings = [line.strip() for line in log.splitlines() if _WARNING.search(line)]
    for line in warnings:
        say(book.name, line)
    built = (book.work / "_build" / "html") if book.work is not None else book.out
    if done.returncode != 0 or not (built / "index.html").is_file():
        print(log[-3000:], file=sys.stderr)
        raise StepFailed(
            f"jupyter-book exited {done.returncode} with {len(warnings)} warning(s)"
            + (" (-W: warnings are errors)" if opts.strict and warnings else "")
        )
    if book.work is not None:
        swap_in(built, book.out)
    record = {
        "inputs": inputs,
        "warnings": len(warnings),
        "clean": not warnings and (from_scratch or clean),
    }
    write_stamp(book.name, record)
    how = "from scratch" if from_scratch else "incrementally"
    return f"rebuilt {how}, {len(warnings)} warning(s)"


# --- step 4: the live edition and the apps ---------------------------------------


def live_step(opts: Options) -> str:
    import build_live

    cache = Path(
        os.environ.get("BLOCK_DOMINOES_LITE_CACHE")
        or Path.home() / ".cache" / "block-dominoes" / "lite"
    )
    out = HTML / "live"
    if opts.all:
        remove(out)
    try:
        copied = build_live.build(out, cache.resolve(), HTML / "apps")
    except build_live.BuildError as e:
        raise StepFailed(str(e)) from e
    return "rebuilt" if copied else "up to date"


# --- the driver -------------------------------------------------------------------


def steps(opts: Options) -> list[tuple[str, Callable[[], str], list[Path]]]:
    """(name, run, what it publishes) for every step, in build order."""
    found: list[tuple[str, Callable[[], str], list[Path]]] = [
        ("notebooks", lambda: notebooks_step(opts), []),
        ("book", lambda: book_step(english(), opts), []),
    ]
    for lang in editions():
        code = lang.code
        found.append((code, lambda code=code: edition_step(code, opts), [HTML / code]))  # type: ignore[misc]
    found.append(("live", lambda: live_step(opts), [HTML / "live", HTML / "apps"]))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "-W", dest="strict", action="store_true", help="strict: a warning or a stale chapter fails"
    )
    parser.add_argument(
        "--no-run", action="store_true", help="a stale chapter fails the build (no re-run)"
    )
    parser.add_argument("--all", action="store_true", help="rebuild every step from scratch")
    optional = [name for name, _, outs in steps(Options()) if outs]
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="STEP",
        help=f"leave out a step ({', '.join(optional)}); its output is removed",
    )
    args = parser.parse_args(argv)
    for name in args.skip:
        if name not in optional:
            parser.error(f"--skip {name}: no such step to leave out (one of {', '.join(optional)})")
    opts = Options(args.strict, args.no_run, args.all, tuple(args.skip))
    started = time.monotonic()
    for name, run, outs in steps(opts):
        if name in opts.skip:
            gone = [shown(p) for p in outs if remove(p)]
            write_stamp(name, None)
            say(name, f"skipped (--skip): removed {', '.join(gone) or 'nothing (none built)'}")
            continue
        began = time.monotonic()
        try:
            what = run()
        except StepFailed as e:
            say(name, f"FAILED after {time.monotonic() - began:.1f} s: {e}")
            print(f"build: the {name} step failed: {e}", file=sys.stderr)
            return 1
        say(name, f"{what} ({time.monotonic() - began:.1f} s)")
    print(f"built {shown(HTML)} in {time.monotonic() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
