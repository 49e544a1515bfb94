"""The package's rooms: the module table matches the tree, the floors hold, no module
re-exports another's names, and the strings no import checker sees name real things.

All static (no site, no browser): about a second.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import block_dominoes

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "block_dominoes"
README = (PACKAGE / "README.md").read_text(encoding="utf-8")
PUBLIC_FACES = ("render", "records", "sheet", "players", "lab", "widgets")


def modules() -> list[str]:
    return sorted(
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if "__pycache__" not in p.parts
    )


def test_the_module_table_matches_the_tree() -> None:
    table = re.findall(r"^\| `([\w/]+\.py)` \| (.+) \|$", README, re.M)
    listed = [name for name, _job in table]
    assert sorted(listed) == modules(), "src/block_dominoes/README.md: one row per module"
    assert all(job.strip() for _name, job in table)


@pytest.mark.parametrize("package", ["", *PUBLIC_FACES])
def test_every_public_name_is_in_the_reference(package: str) -> None:
    name = "block_dominoes" + (f".{package}" if package else "")
    row = re.search(rf"^\| `{re.escape(name)}` \| (.+) \|$", README, re.M)
    assert row, f"no row for {name} in src/block_dominoes/README.md"
    documented = set(re.findall(r"`(\w+)`", row.group(1)))
    public = set(importlib.import_module(name).__all__)
    assert public - documented == set(), f"{name}: public but not in the reference"
    assert documented - public == set() or not package, f"{name}: in the reference, not public"


def test_the_top_level_names_all_import() -> None:
    for name in block_dominoes.__all__:
        assert getattr(block_dominoes, name) is not None


def test_no_module_reexports() -> None:
    """A name is imported from the module that defines it: only a package's
    ``__init__`` lists imported names in ``__all__`` (its public face)."""
    shims = {}
    for rel in modules():
        if rel.endswith("__init__.py"):
            continue
        tree = ast.parse((PACKAGE / rel).read_text(encoding="utf-8"))
        imported = {
            a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names
        }
        for n in tree.body:
            if isinstance(n, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets
            ):
                names = {e.value for e in getattr(n.value, "elts", ())}
                if names & imported:
                    shims[rel] = sorted(names & imported)
    assert shims == {}


@pytest.mark.skipif(shutil.which("lint-imports") is None, reason="import-linter not installed")
def test_the_floors_hold() -> None:
    """pyproject.toml's import-linter contracts (CI runs the same command)."""
    done = subprocess.run(["lint-imports"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "0 broken" in done.stdout


def test_the_floors_can_break(tmp_path: Path) -> None:
    """The layers contract catches a rules-core module importing a player."""
    if shutil.which("lint-imports") is None:
        pytest.skip("import-linter not installed")
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "block_dominoes", ignore=shutil.ignore_patterns("locale"))
    tiles = copy / "block_dominoes" / "tiles.py"
    tiles.write_text(tiles.read_text() + "\nfrom block_dominoes.players import kernel  # noqa\n")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    done = subprocess.run(
        ["lint-imports"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(copy), "PATH": str(Path(sys.executable).parent) + ":/usr/bin"},
    )
    assert done.returncode != 0 and "block_dominoes.tiles" in done.stdout


def test_package_data_ships_every_data_file() -> None:
    """Setuptools patterns are per folder: a data file in a subpackage (the lab's tables)
    needs its own pattern, or the wheel the browser installs lacks it."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["block_dominoes"]
    data = [
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file()
        and p.suffix not in (".py", ".pyc", ".mo")
        and "__pycache__" not in p.parts
        and p.name != "README.md"
    ]
    missing = [f for f in data if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert missing == []
    assert "lab/expert_lab.json" in data


def test_strings_that_name_modules_name_real_ones() -> None:
    """Module paths written as strings (the apps' pyimport, conftest's scopes) are
    checked here, since no import checker reads them."""
    app = (ROOT / "site" / "apps" / "app.js").read_text(encoding="utf-8")
    named = set(re.findall(r'pyimport\("([\w.]+)"\)', app))
    assert named
    for name in named:
        importlib.import_module(name)
    # read, not imported: another conftest module (locales/) may hold the name
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    longest = next(
        ast.literal_eval(n.value)
        for n in tree.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "LONGEST_FIRST"
    )
    assert longest
    for scope in longest:
        path, _, cls = scope.partition("::")
        assert (ROOT / path).is_file(), scope
        if cls:
            assert f"class {cls}" in (ROOT / path).read_text(encoding="utf-8"), scope
