"""Assemble the live edition: a JupyterLite site whose Python kernel (Pyodide) has
ipywidgets and this engine, served from the built book and from nothing else.

    python tools/build_live.py --out _build/html/live   # what tools/build.py runs
    python tools/build_live.py --pin                    # re-pin the kernel's wheels

Every input is pinned in tools/lite/ (live/README.md explains how to refresh them):

1. core: ``npm ci`` of tools/lite/package.json + package-lock.json (the npm package
   ``pyodide``: the wasm runtime, the standard library, ``pyodide-lock.json``).
2. wheels: ``pip download`` of tools/lite/kernel-requirements.txt (the pure-Python
   wheels the kernel loads through ``pyodide-lock.json``: micropip, ipython, jedi and
   their dependencies, in the versions that lock names) and
   tools/lite/widget-requirements.txt (ipywidgets, comm, jupyterlab_widgets: installed
   by the notebooks through piplite), both hash-checked.
3. engine: ``pip wheel --no-deps`` of a copy of pyproject.toml and src/.
4. site: ``jupyter lite build`` with live/*.ipynb in every language the engine has a
   catalog for (English at the top, ``ar/NAME.ipynb``: that language's prose cells,
   ``LANG = "ar"``), the core plus the kernel wheels in static/pyodide/ (their sha256
   written into pyodide-lock.json) and the piplite wheels; site/lite/lang.js goes into
   the notebook and lab pages (``?lang=ar``, ``dir="rtl"`` on an Arabic tool).
5. copy: the site goes to --out unless the stamp there already names the same inputs.
6. apps (``--apps DIR``): the MyST notebooks apps/*.md become pages that open by
   themselves, written by tools/build_apps.py (see its docstring): ``DIR/NAME.html``
   runs the app's code cells in Pyodide from this site's ``static/pyodide/``, its
   ipywidgets drawn by the vendored html-manager (no JupyterLab, no IPython kernel);
   ``?lang=ar`` opens the Arabic app; ``DIR/index.html`` lists the apps; a service
   worker keeps them for offline use.

Each step is cached by a hash of its inputs under --cache (default
``$BLOCK_DOMINOES_LITE_CACHE`` or ``~/.cache/block-dominoes/lite``), so a build whose
inputs did not change only compares two stamps. Errors end the run with one line on
stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "src"))  # this checkout's registry, whatever pip points at
import freshness  # noqa: E402  (the project's one way to key inputs)
from lite_shared import (  # noqa: E402  (what the apps' build shares with this one)
    BuildError,
    languages,
    localise,
    log,
)

LITE = ROOT / "tools" / "lite"
NOTEBOOKS = ROOT / "live"
KERNEL_REQUIREMENTS = LITE / "kernel-requirements.txt"
WIDGET_REQUIREMENTS = LITE / "widget-requirements.txt"
STAMP = ".live-edition-stamp"
#: the pages' language script (site/lite/lang.js): ?lang=ar, dir="rtl" on Arabic tools
LANG_JS = ROOT / "site" / "lite" / "lang.js"
#: the pages of the site that show notebooks, and so load LANG_JS
LANG_PAGES = ("notebooks", "lab")
#: what the Pyodide kernel loads from pyodide-lock.json at start (micropip first, then
#: ipython and jedi through piplite); their dependencies are added from the lock itself
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
#: the parts of the npm package the browser needs (no source maps, types or consoles)
CORE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: the Python tools whose versions shape the site (their JavaScript is in it)
BUILD_TOOLS = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab_widgets")
#: pip download of pure-Python wheels for the browser's Python
PIP_DOWNLOAD = (
    "download",
    "--no-deps",
    "--only-binary=:all:",
    "--platform",
    "any",
    "--implementation",
    "py",
    "--python-version",
    "3.14",
    "--disable-pip-version-check",
    "--quiet",
)


def digest(parts: Iterable[bytes | str]) -> str:
    """tools/freshness.py's digest, cut to 16 hex digits to name a cache folder."""
    return freshness.digest(parts)[:16]


def files_digest(paths: Iterable[Path], base: Path = ROOT) -> str:
    """tools/freshness.py's digest of files, cut to 16 hex digits."""
    return freshness.files_digest(paths, base)[:16]


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(cmd: Sequence[str | os.PathLike[str]], cwd: Path | None = None, what: str = "") -> None:
    try:
        done = subprocess.run(
            [str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, check=False
        )
    except FileNotFoundError as e:
        raise BuildError(f"{what or cmd[0]}: {cmd[0]} is not installed ({e})") from e
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise BuildError(f"{what or cmd[0]} failed (exit {done.returncode}):\n{tail}")


def cached(cache: Path, name: str, key: str, make: object) -> Path:
    """Return cache/name-key, making it with ``make(tmp_dir)`` if it is not there yet.

    The directory is built under a temporary name and renamed into place, so a
    half-made step is never taken for a finished one (and two builds may race)."""
    final = cache / f"{name}-{key}"
    if (final / STAMP).exists():
        return final
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}-{key}-", dir=cache))
    try:
        started = time.monotonic()
        make(tmp)  # type: ignore[operator]
        (tmp / STAMP).write_text(key + "\n")
        if final.exists():  # an unfinished leftover, or a parallel build won the race
            if (final / STAMP).exists():
                shutil.rmtree(tmp)
                return final
            shutil.rmtree(final)
        tmp.rename(final)
        log(f"{name}: made in {time.monotonic() - started:.1f} s")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    prune(cache, name, keep=final)
    return final


def prune(cache: Path, name: str, keep: Path) -> None:
    """Remove older finished copies of one step (keep the newest two)."""
    done = sorted(
        (p for p in cache.glob(f"{name}-*") if p != keep and (p / STAMP).exists()),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in done[1:]:
        shutil.rmtree(old, ignore_errors=True)


# --- step 1: the Pyodide core -------------------------------------------------


def core_step(cache: Path) -> Path:
    inputs = [LITE / "package.json", LITE / "package-lock.json"]
    for path in inputs:
        if not path.exists():
            raise BuildError(f"missing {path.relative_to(ROOT)}: the Pyodide version pin")

    def make(tmp: Path) -> None:
        for path in inputs:
            shutil.copy2(path, tmp / path.name)
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(
                "npm is not installed: it fetches the Pyodide core (see live/README.md)"
            )
        run(
            [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=tmp,
            what="npm ci (Pyodide core)",
        )

    folder = cached(cache, "core", files_digest(inputs), make)
    return folder / "node_modules" / "pyodide"


def kernel_closure(lock: dict[str, object]) -> list[dict[str, object]]:
    """The lock entries the kernel loads: KERNEL_ROOTS and everything they depend on."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    by_name = {normalize(name): entry for name, entry in packages.items()}
    seen: dict[str, dict[str, object]] = {}
    todo = list(KERNEL_ROOTS)
    while todo:
        name = normalize(todo.pop())
        if name in seen:
            continue
        if name not in by_name:
            raise BuildError(f"pyodide-lock.json has no package {name!r}")
        seen[name] = by_name[name]
        depends = by_name[name].get("depends", [])
        assert isinstance(depends, list)
        todo += depends
    return [seen[name] for name in sorted(seen)]


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# --- step 2: wheels ------------------------------------------------------------


def wheels_step(cache: Path, requirements: Path, name: str) -> Path:
    if not requirements.exists():
        raise BuildError(f"missing {requirements.relative_to(ROOT)}")

    def make(tmp: Path) -> None:
        run(
            [sys.executable, "-m", "pip", *PIP_DOWNLOAD, "-r", requirements, "-d", tmp],
            what=f"pip download -r {requirements.relative_to(ROOT)}",
        )

    return cached(cache, name, files_digest([requirements]), make)


def engine_step(cache: Path) -> Path:
    # setup.py compiles the gettext catalogs into the wheel (block_dominoes.i18n)
    sources = [ROOT / "pyproject.toml", ROOT / "setup.py", ROOT / "README.md", ROOT / "LICENSE"]
    sources += [
        p
        for p in (ROOT / "src").rglob("*")
        if p.is_file() and not freshness.generated(p) and ".egg-info" not in str(p)
    ]

    def make(tmp: Path) -> None:
        # Build from a copy, so the checkout gets no build/ or egg-info from us.
        with tempfile.TemporaryDirectory(prefix="engine-src-") as src_copy:
            for path in sources:
                dest = Path(src_copy) / path.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest)
            run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp, "."],
                cwd=Path(src_copy),
                what="pip wheel . --no-deps (the engine)",
            )

    return cached(cache, "engine", files_digest(sources), make)


# --- step 4: the JupyterLite site -----------------------------------------------


def write_notebooks(notebooks: Sequence[Path], contents: Path) -> None:
    """Each live notebook in every language: English at the top of the contents, the
    others in a folder named for the language (``ar/explorer.ipynb``)."""
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        for lang in languages():
            folder = contents if lang == "en" else contents / lang
            folder.mkdir(parents=True, exist_ok=True)
            copy = {**nb, "cells": localise(nb["cells"], lang, where)}
            (folder / path.name).write_text(
                json.dumps(copy, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )


def add_lang_script(site: Path) -> None:
    """site/lang.js (site/lite/lang.js), loaded first by the notebook and lab pages."""
    shutil.copy2(LANG_JS, site / "lang.js")
    for name in LANG_PAGES:
        page = site / name / "index.html"
        text = page.read_text(encoding="utf-8") if page.exists() else ""
        if "<head>" not in text:
            raise BuildError(f"{name}/index.html has no <head>: cannot add lang.js")
        tag = '<head>\n    <script src="../lang.js"></script>'
        page.write_text(text.replace("<head>", tag, 1), encoding="utf-8")


def tool_versions() -> str:
    versions = []
    for tool in BUILD_TOOLS:
        try:
            versions.append(f"{tool}=={metadata.version(tool)}")
        except metadata.PackageNotFoundError as e:
            raise BuildError(
                f"{tool} is not installed: `pip install -r requirements.txt` installs it"
            ) from e
    return " ".join(versions)


def check_widget_pins(widget_wheels: Path) -> None:
    """The widgets' JavaScript comes from the jupyterlab_widgets installed here, their
    Python from the pinned wheel: both must be the same release."""
    installed = metadata.version("jupyterlab_widgets")
    pinned = [w.name for w in widget_wheels.glob("jupyterlab_widgets-*.whl")]
    if not any(name.startswith(f"jupyterlab_widgets-{installed}-") for name in pinned):
        raise BuildError(
            f"jupyterlab_widgets {installed} is installed but "
            f"{WIDGET_REQUIREMENTS.relative_to(ROOT)} pins {pinned or 'none'}: make them agree"
        )


def stage_pyodide(core: Path, kernel_wheels: Path, dest: Path) -> None:
    """static/pyodide/: the core, the kernel's wheels, and a lock naming their hashes."""
    dest.mkdir(parents=True)
    for name in CORE_FILES:
        if not (core / name).exists():
            raise BuildError(f"the pyodide npm package has no {name}")
        if name != "pyodide-lock.json":
            shutil.copy2(core / name, dest / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    wheels = {w.name: w for w in kernel_wheels.glob("*.whl")}
    for entry in kernel_closure(lock):
        file_name = str(entry["file_name"])
        if file_name not in wheels:
            raise BuildError(
                f"pyodide-lock.json wants {file_name} but {KERNEL_REQUIREMENTS.relative_to(ROOT)}"
                " does not pin it: run `python tools/build_live.py --pin`"
            )
        shutil.copy2(wheels[file_name], dest / file_name)
        entry["sha256"] = sha256_file(wheels[file_name])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def write_notices(site: Path, core: Path, wheel_dirs: Sequence[Path]) -> None:
    """NOTICES.txt: every bundled third-party component with its licence."""
    package = json.loads((core / "package.json").read_text())
    lines = [
        "Third-party components bundled in this live edition, with their licences.",
        "The JupyterLite application's own notices: lab/api/licenses (third-party-licenses.json).",
        "",
        f"pyodide {package['version']} (npm): {package.get('license', 'see the package')}",
    ]
    for folder in wheel_dirs:
        for wheel in sorted(folder.glob("*.whl")):
            with zipfile.ZipFile(wheel) as zf:
                meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
                meta = zf.read(meta_name).decode("utf-8", "replace")
            fields = dict(
                re.findall(r"^(License-Expression|License|Name|Version): (.*)$", meta, re.M)
            )
            classifiers = re.findall(
                r"^Classifier: License :: (?:OSI Approved :: )?(.*)$", meta, re.M
            )
            short = fields.get("License", "")
            licence = (
                fields.get("License-Expression")
                or (short if 0 < len(short) <= 40 else "")
                or ", ".join(classifiers)
                or "see the licence file in the wheel"
            )
            lines.append(f"{fields.get('Name')} {fields.get('Version')}: {licence}")
    (site / "NOTICES.txt").write_text("\n".join(lines) + "\n")


def site_step(
    cache: Path, core: Path, kernel_wheels: Path, widget_wheels: Path, engine: Path
) -> tuple[Path, str]:
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    if not notebooks:
        raise BuildError("no live/*.ipynb to publish")
    config = [LITE / "jupyter-lite.json", LANG_JS]
    key = digest(
        [
            core.parent.parent.name,
            kernel_wheels.name,
            widget_wheels.name,
            engine.name,
            files_digest(
                [*notebooks, *config, Path(__file__).resolve(), ROOT / "tools" / "lite_shared.py"]
            ),
            tool_versions(),
        ]
    )
    check_widget_pins(widget_wheels)

    def make(tmp: Path) -> None:
        lite_dir = tmp / "lite"
        contents = tmp / "contents"
        out = tmp / "site"
        contents.mkdir(parents=True)
        write_notebooks(notebooks, contents)
        stage_pyodide(core, kernel_wheels, lite_dir / "static" / "pyodide")
        shutil.copy2(LITE / "jupyter-lite.json", lite_dir / "jupyter-lite.json")
        piplite = sorted([*widget_wheels.glob("*.whl"), *engine.glob("*.whl")])
        cmd: list[str | Path] = [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            lite_dir,
            "--contents",
            contents,
            "--output-dir",
            out,
            "--no-sourcemaps",
            "--no-unused-shared-packages",
            "--source-date-epoch",
            "1767225600",
        ]
        for wheel in piplite:
            cmd += ["--piplite-wheels", wheel]
        run(cmd, cwd=tmp, what="jupyter lite build")
        if not (out / "static" / "pyodide" / "pyodide.mjs").exists():
            raise BuildError("jupyter lite build did not publish static/pyodide/")
        write_notices(out, core, [kernel_wheels, widget_wheels])
        add_lang_script(out)
        # Keep only the finished site in the cache.
        for path in tmp.iterdir():
            if path != out:
                shutil.rmtree(path) if path.is_dir() else path.unlink()
        for path in out.iterdir():
            path.rename(tmp / path.name)
        out.rmdir()

    return cached(cache, "site", key, make), key


# --- step 6: the apps -----------------------------------------------------------


def apps_module() -> Any:
    """tools/build_apps.py, which writes the apps."""
    import build_apps

    return build_apps


def publish(site: Path, key: str, out: Path) -> bool:
    """Copy the site to ``out`` unless it already holds this build; True if copied."""
    stamp = out / STAMP
    if stamp.exists() and stamp.read_text().strip() == key:
        return False
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    return True


def build(out: Path, cache: Path, apps_out: Path | None = None) -> bool:
    """Assemble the live site into ``out`` (and the apps into ``apps_out``); True if
    the site was copied, False if ``out`` already held a build of the same inputs."""
    started = time.monotonic()
    apps = apps_module().read_apps() if apps_out is not None else []
    core = core_step(cache)
    kernel_wheels = wheels_step(cache, KERNEL_REQUIREMENTS, "kernel-wheels")
    widget_wheels = wheels_step(cache, WIDGET_REQUIREMENTS, "widget-wheels")
    engine = engine_step(cache)
    site, key = site_step(cache, core, kernel_wheels, widget_wheels, engine)
    copied = publish(site, key, out)
    if apps_out is not None:
        apps_module().publish_apps(apps, apps_out, out)
    what = "published" if copied else "unchanged"
    log(f"{what}: {out} (inputs {key}, {time.monotonic() - started:.1f} s)")
    return copied


# --- --pin: re-pin the kernel's wheels to the Pyodide release ------------------


def pin(cache: Path) -> None:
    """Rewrite kernel-requirements.txt: the versions pyodide-lock.json names, with the
    sha256 of the matching PyPI wheels (pip's hash-checking mode)."""
    core = core_step(cache)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    entries = kernel_closure(lock)
    with tempfile.TemporaryDirectory(prefix="pin-") as tmp:
        reqs = Path(tmp) / "req.txt"
        reqs.write_text("".join(f"{e['name']}=={e['version']}\n" for e in entries))
        run(
            [sys.executable, "-m", "pip", *PIP_DOWNLOAD, "-r", reqs, "-d", tmp],
            what="pip download (pin)",
        )
        lines = [
            "# Pure-Python wheels the Pyodide kernel loads through pyodide-lock.json, in the",
            "# versions that lock names. Generated by `python tools/build_live.py --pin`;",
            "# do not edit by hand (see live/README.md).",
        ]
        for entry in entries:
            wheel = Path(tmp) / str(entry["file_name"])
            if not wheel.exists():
                raise BuildError(f"PyPI has no pure-Python wheel named {wheel.name}")
            lines.append(f"{entry['name']}=={entry['version']} --hash=sha256:{sha256_file(wheel)}")
    KERNEL_REQUIREMENTS.write_text("\n".join(lines) + "\n")
    log(f"pinned {len(entries)} wheels in {KERNEL_REQUIREMENTS.relative_to(ROOT)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="where to publish the live site")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(
            os.environ.get("BLOCK_DOMINOES_LITE_CACHE")
            or Path.home() / ".cache" / "block-dominoes" / "lite"
        ),
        help="cache folder (default: $BLOCK_DOMINOES_LITE_CACHE or ~/.cache/block-dominoes/lite)",
    )
    parser.add_argument(
        "--apps", type=Path, help="also write the apps' pages (apps/*.md) to this folder"
    )
    parser.add_argument(
        "--pin", action="store_true", help="re-pin tools/lite/kernel-requirements.txt"
    )
    args = parser.parse_args(argv)
    if not args.pin and args.out is None:
        parser.error("give --out DIR (or --pin)")
    try:
        if args.pin:
            pin(args.cache.resolve())
        else:
            apps = args.apps.resolve() if args.apps else None
            build(args.out.resolve(), args.cache.resolve(), apps)
    except BuildError as e:
        print(f"build_live: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # a cache or output folder that cannot be written, a full disk
        print(f"build_live: {e.strerror or e}: {e.filename or ''}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
