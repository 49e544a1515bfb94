"""Each chapter's text (``NAME.md``) and its notebook with outputs (``NAME.ipynb``) agree,
and the stored outputs were made from today's text and engine.

- a pair has drifted when the two files hold different cells (type, source, tags);
- a chapter's outputs are stale when the digests stored in its ``.ipynb``
  (``metadata.block_dominoes.inputs``) are not today's: its ``.md`` text, the engine
  package's code and data files, and for a run in another language that language's
  catalog (tools/freshness.py, the project's one freshness key).

Both are fixed by one command, ``python tools/run_notebooks.py <chapter>.md``, which
every failure names. The digests are computed by that same tool (imported here), so
the two cannot disagree on what they are.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support import load_tool

ROOT = Path(__file__).resolve().parents[2]


tool = load_tool("tools/run_notebooks.py")
freshness = tool.freshness
CHAPTERS = tool.chapters()
LIVE = tool.live_notebooks()
PACKAGE = freshness.package_digest()


def rel(path: Path) -> str:
    return str(tool.name(path))


def drift(md: Path) -> str | None:
    """Why the pair of ``md`` is out of step (None when it is not)."""
    ipynb = md.with_suffix(".ipynb")
    if not md.is_file() or not ipynb.is_file():
        return f"{rel(md)} has no {'.ipynb' if md.is_file() else '.md'} twin"
    text, stored = tool.cells(tool.read_md(md)), tool.cells(tool.read_ipynb(ipynb))
    if text == stored:
        return None
    for i, (a, b) in enumerate(zip(text, stored, strict=False)):
        if a != b:
            return f"{rel(md)} and {rel(ipynb)} differ at cell {i}: {a[1][:60]!r} vs {b[1][:60]!r}"
    return f"{rel(md)} has {len(text)} cells, {rel(ipynb)} has {len(stored)}"


def test_every_chapter_and_live_notebook_is_a_pair() -> None:
    assert len(CHAPTERS) >= 17 and len(LIVE) >= 5
    for md in [*CHAPTERS, *LIVE]:
        assert md.is_file() and md.with_suffix(".ipynb").is_file(), rel(md)
        header = md.read_text(encoding="utf-8").split("---", 2)[1]
        assert "formats: ipynb,md:myst" in header, f"{rel(md)}: not paired by jupytext"


@pytest.mark.parametrize("md", [*CHAPTERS, *LIVE], ids=rel)
def test_pair_holds_the_same_cells(md: Path) -> None:
    problem = drift(md)
    assert problem is None, f"{problem}. Fix: {tool.FIX}"


@pytest.mark.parametrize("md", CHAPTERS, ids=rel)
def test_stored_outputs_are_from_todays_text_and_engine(md: Path) -> None:
    why = tool.stale(md, "en", PACKAGE)
    assert not why, (
        f"{rel(md.with_suffix('.ipynb'))} is stale ({'; '.join(why)}). Fix: {tool.fix(md)}"
    )


@pytest.mark.parametrize("lang", tool.EDITIONS)
@pytest.mark.parametrize("md", CHAPTERS, ids=rel)
def test_each_edition_has_its_run_of_todays_chapter(md: Path, lang: str) -> None:
    """``locales/<lang>/runs/<chapter>.ipynb``: the chapter's own cells, run in ``lang``
    with today's text, engine and catalog (the edition's build reads it)."""
    run = tool.twin(md, lang)
    assert run.is_file(), f"{rel(md)} was never run in {lang}. Fix: {tool.fix(md)}"
    stored = tool.read_ipynb(run)
    assert stored.metadata["block_dominoes"]["lang"] == lang, rel(run)
    want = tool.cells(tool.read_md(md))
    assert tool.cells(stored) == want, (
        f"{rel(run)} holds other cells than {rel(md)}. Fix: {tool.fix(md)}"
    )
    why = tool.stale(md, lang, PACKAGE)
    assert not why, f"{rel(run)} is stale ({'; '.join(why)}). Fix: {tool.fix(md)}"


def copy_package(tmp_path: Path) -> Path:
    """A copy of the engine package to change (other tests read the real one)."""
    copy = tmp_path / "block_dominoes"
    shutil.copytree(freshness.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_a_new_translation_reruns_only_the_edition(tmp_path: Path) -> None:
    """The edition's inputs follow the catalog; the English ones do not."""
    md = ROOT / "book" / "rules" / "placing.md"
    copy = copy_package(tmp_path)
    english = freshness.chapter_inputs(md, "en", package_dir=copy)
    arabic = freshness.chapter_inputs(md, "ar", package_dir=copy)
    assert english == tool.inputs(md, "en")  # the copy is the engine, to the byte
    assert arabic.keys() == {"text", "package", "catalog"} and english.keys() < arabic.keys()
    po = copy / "locale" / "ar" / "LC_MESSAGES" / "block_dominoes.po"
    # what the catalog says counts; its comments and source lines do not (they move
    # with every edit of the engine and every re-extraction)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace("#: src/", "#: moved/src/") + "\n# a comment\n", encoding="utf-8")
    assert freshness.chapter_inputs(md, "ar", package_dir=copy) == arabic
    po.write_text(text.replace('msgstr "نعم"', 'msgstr "أجل"', 1), encoding="utf-8")
    assert 'msgstr "نعم"' in text
    assert freshness.stale_inputs(arabic, freshness.chapter_inputs(md, "ar", package_dir=copy)) == [
        freshness.DESCRIBE["catalog"]
    ]
    assert freshness.chapter_inputs(md, "en", package_dir=copy) == english


def test_the_engines_data_files_count_and_generated_files_do_not(tmp_path: Path) -> None:
    """A change to a data file the chapters read (``expert_lab.json``, read by the
    claims chapter) makes every chapter stale; bytecode and compiled catalogs do not."""
    md = ROOT / "book" / "lab" / "claims.md"
    copy = copy_package(tmp_path)
    before = freshness.chapter_inputs(md, "en", package_dir=copy)
    (copy / "__pycache__").mkdir(exist_ok=True)
    (copy / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"bytecode")
    (copy / "locale" / "ar" / "LC_MESSAGES" / "block_dominoes.mo").write_bytes(b"compiled")
    assert freshness.chapter_inputs(md, "en", package_dir=copy) == before
    lab = copy / "lab" / "expert_lab.json"
    lab.write_text(lab.read_text(encoding="utf-8").replace("1", "2", 1), encoding="utf-8")
    after = freshness.chapter_inputs(md, "en", package_dir=copy)
    assert freshness.stale_inputs(before, after) == [freshness.DESCRIBE["package"]]


def test_a_run_the_tool_never_recorded_is_stale() -> None:
    today = tool.inputs(ROOT / "book" / "intro.md", "en", PACKAGE)
    assert freshness.stale_inputs(None, today) == ["never run by tools/run_notebooks.py"]
    assert freshness.stale_inputs(today, today) == []


def test_live_notebooks_are_stored_without_outputs() -> None:
    for md in LIVE:
        nb = json.loads(md.with_suffix(".ipynb").read_text(encoding="utf-8"))
        assert all(not c.get("outputs") for c in nb["cells"]), rel(md)
        assert nb["metadata"]["block_dominoes"]["chapter"], rel(md)


def test_the_checks_fail_on_an_edit(tmp_path: Path) -> None:
    """An edited sentence in a .md is drift and a new key; the tool's sync removes the
    drift (without running anything)."""
    md = tmp_path / "placing.md"
    shutil.copy(ROOT / "book" / "rules" / "placing.md", md)
    shutil.copy(ROOT / "book" / "rules" / "placing.ipynb", md.with_suffix(".ipynb"))
    before = tool.inputs(md, "en", PACKAGE)
    assert drift(md) is None
    text = md.read_text(encoding="utf-8")
    md.write_text(text.replace("# Placing tiles", "# Placing the tiles", 1), encoding="utf-8")
    assert freshness.stale_inputs(before, tool.inputs(md, "en", PACKAGE)) == [
        freshness.DESCRIBE["text"]
    ]
    problem = drift(md)
    assert problem and "differ at cell 0" in problem and "Placing the tiles" in problem
    assert tool.sync(md).startswith("md -> ipynb")
    assert drift(md) is None


def test_sync_never_overwrites_an_edit_when_both_files_changed(tmp_path: Path) -> None:
    """A Jupyter edit (only the .ipynb changed) wins; when the .md changed too (a
    checkout brought back an older .ipynb, say), the tool stops instead of losing one."""
    import os

    md = tmp_path / "placing.md"
    shutil.copy(ROOT / "book" / "rules" / "placing.md", md)
    shutil.copy(ROOT / "book" / "rules" / "placing.ipynb", md.with_suffix(".ipynb"))
    tool.sync(md)  # records the .md the notebook was written from
    ipynb = md.with_suffix(".ipynb")

    def jupyter_edit(old: str, new: str) -> None:
        nb = tool.read_ipynb(ipynb)
        nb.cells[0].source = nb.cells[0].source.replace(old, new)
        tool.write_ipynb(nb, ipynb)
        later = md.stat().st_mtime + 10
        os.utime(ipynb, (later, later))

    jupyter_edit("# Placing tiles", "# Placing a tile")
    assert tool.sync(md) == "ipynb -> md"
    assert "# Placing a tile" in md.read_text(encoding="utf-8")
    tool.sync(md)
    md.write_text(md.read_text(encoding="utf-8").replace("a tile", "one tile", 1), "utf-8")
    jupyter_edit("# Placing a tile", "# Placing the tiles")
    with pytest.raises(SystemExit, match="both changed"):
        tool.sync(md)
    assert "# Placing one tile" in md.read_text(encoding="utf-8")
    assert "# Placing the tiles" in tool.read_ipynb(ipynb).cells[0].source
