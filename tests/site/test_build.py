"""The one build command, ``python tools/build.py``, without building the site: which
steps run, which are up to date, when Sphinx starts from scratch, what a skipped step
leaves behind and what a stale chapter does to the build. (The real build runs once
per test session, in tests/browser_support.py's ``built_site``.)"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = load("site_build", ROOT / "tools" / "build.py")
import run_notebooks as rn  # noqa: E402  (tools/ is on sys.path once build.py is loaded)


@pytest.fixture
def stamps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The build's stamps and output in a scratch folder."""
    monkeypatch.setattr(build, "BUILD", tmp_path / "_build")
    monkeypatch.setattr(build, "HTML", tmp_path / "_build" / "html")
    monkeypatch.setattr(build, "STAMPS", tmp_path / "_build" / "build-stamps.json")
    return tmp_path


class FakeSphinx:
    """Stands in for jupyter-book: records each command, writes index.html, and
    prints the warnings it is told to."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.commands: list[list[str]] = []
        self.warnings: list[str] = []

    def __call__(self, command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "index.html").write_text("<html></html>")
        log = "".join(f"/x/book/a.md:1: WARNING: {w}\n" for w in self.warnings)
        failed = bool(self.warnings) and "-W" in command
        return subprocess.CompletedProcess(command, int(failed), log, "")


def fake_book(out: Path, inputs: dict[str, str]) -> Any:
    """A Book whose inputs are ``inputs`` (changed by the test) and built into ``out``."""

    class Fake(build.Book):  # type: ignore[misc, name-defined]
        def inputs(self) -> dict[str, str]:
            return dict(inputs)

    return Fake("book", "_config.yml", "_toc.yml", ("book/**/*",), None, out)


def test_a_step_runs_only_when_its_inputs_change(
    stamps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = stamps / "_build" / "html"
    sphinx = FakeSphinx(out)
    monkeypatch.setattr(build.subprocess, "run", sphinx)
    inputs = {"pages": "p1", "setup": "s1"}
    book = fake_book(out, inputs)
    opts = build.Options()
    assert build.book_step(book, opts).startswith("rebuilt from scratch")  # no stamp yet
    assert "--all" in sphinx.commands[-1]
    assert build.book_step(book, opts) == "up to date"
    assert len(sphinx.commands) == 1
    inputs["pages"] = "p2"  # a page changed: Sphinx's own incremental build
    assert build.book_step(book, opts).startswith("rebuilt incrementally")
    assert "--all" not in sphinx.commands[-1]
    inputs["setup"] = "s2"  # config, extensions, static files: Sphinx would not notice
    assert build.book_step(book, opts).startswith("rebuilt from scratch")
    (out / "index.html").unlink()  # an output removed by hand is rebuilt
    assert build.book_step(book, opts).startswith("rebuilt")
    assert len(sphinx.commands) == 4


def test_strict_fails_on_a_warning_and_never_trusts_an_unclean_build(
    stamps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = stamps / "_build" / "html"
    sphinx = FakeSphinx(out)
    monkeypatch.setattr(build.subprocess, "run", sphinx)
    book = fake_book(out, {"pages": "p", "setup": "s"})
    sphinx.warnings = ["undefined label"]
    assert build.book_step(book, build.Options()) == "rebuilt from scratch, 1 warning(s)"
    sphinx.warnings = []
    # Same inputs, but the last build warned: a strict build starts from scratch,
    # so the warning of an unchanged page cannot hide.
    assert build.book_step(book, build.Options(strict=True)).startswith("rebuilt from scratch")
    assert sphinx.commands[-1][-2:] == ["-W", "--all"]
    assert build.book_step(book, build.Options(strict=True)) == "up to date"
    sphinx.warnings = ["undefined label"]
    with pytest.raises(build.StepFailed, match=r"1 warning\(s\) \(-W: warnings are errors\)"):
        build.book_step(fake_book(out, {"pages": "p2", "setup": "s"}), build.Options(strict=True))
    assert "book" not in build.read_stamps()  # a failed step counts as never built


def test_a_skipped_step_leaves_no_old_copy(
    stamps: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    html = stamps / "_build" / "html"
    (html / "ar").mkdir(parents=True)
    (html / "ar" / "index.html").write_text("an old Arabic edition")
    build.write_stamp("ar", {"inputs": {}})
    ran: list[str] = []

    def steps(opts: Any) -> list[Any]:
        return [
            ("book", lambda: ran.append("book") or "up to date", []),
            ("ar", lambda: ran.append("ar") or "rebuilt", [html / "ar"]),
        ]

    monkeypatch.setattr(build, "steps", steps)
    assert build.main(["--skip", "ar"]) == 0
    assert ran == ["book"] and not (html / "ar").exists()
    assert "ar" not in build.read_stamps()
    assert "[ar] skipped (--skip): removed" in capsys.readouterr().out


def test_skipping_a_step_that_cannot_be_left_out_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as e:
        build.main(["--skip", "book"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--skip book: no such step to leave out (one of ar, bg, el, tr, live)" in err


def scratch_chapter(tmp_path: Path) -> Path:
    """A copy of one chapter (its .md, its .ipynb and its Arabic run) to edit."""
    md = tmp_path / "book" / "rules" / "placing.md"
    md.parent.mkdir(parents=True)
    for suffix in (".md", ".ipynb"):
        shutil.copy(ROOT / "book" / "rules" / f"placing{suffix}", md.with_suffix(suffix))
    return md


def test_the_notebooks_step_reads_nothing_when_nothing_changed(
    stamps: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[object] = []
    inputs = {"files": "f1", "package": "p1", "catalogs": "c1"}
    monkeypatch.setattr(build, "notebook_inputs", lambda: dict(inputs))
    monkeypatch.setattr(build, "check_notebooks", lambda opts: checked.append(opts) or "checked")
    assert build.notebooks_step(build.Options()) == "checked"
    assert build.notebooks_step(build.Options()).startswith("up to date")
    inputs["package"] = "p2"  # the engine changed: every run must be looked at again
    assert build.notebooks_step(build.Options(strict=True)) == "checked"
    assert len(checked) == 2


def test_an_edited_chapter_fails_a_strict_build_naming_it_and_its_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    md = scratch_chapter(tmp_path)
    package = rn.freshness.package_digest()
    # Record the copy as run from its text, as run_notebooks does after a run.
    nb = rn.read_ipynb(md.with_suffix(".ipynb"))
    nb.metadata.setdefault("block_dominoes", {})["inputs"] = rn.inputs(md, "en", package)
    rn.write_ipynb(nb, md.with_suffix(".ipynb"))
    monkeypatch.setattr(rn, "chapters", lambda: [md])
    monkeypatch.setattr(rn, "live_notebooks", lambda: [])
    monkeypatch.setattr(rn, "EDITIONS", ())
    assert build.check_notebooks(build.Options(strict=True)).startswith("up to date")
    md.write_text(md.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    for opts in (build.Options(strict=True), build.Options(no_run=True)):
        with pytest.raises(build.StepFailed, match="not re-run"):
            build.check_notebooks(opts)
        out = capsys.readouterr().out
        assert f"{rn.name(md.with_suffix('.ipynb'))} is stale (its .md changed)" in out
        assert f"Fix: python tools/run_notebooks.py {rn.name(md)}" in out
    assert "One more sentence" not in md.with_suffix(".ipynb").read_text(encoding="utf-8")


def test_the_readme_builds_with_this_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt && python tools/build.py\n" in readme
    for path in ("site/ext/editions.py", "site/ext/live_edition.py"):
        source = (ROOT / path).read_text(encoding="utf-8")
        assert 'build-finished", build' not in source and "subprocess" not in source, path
    assert "BLOCK_DOMINOES_SKIP" not in (ROOT / "tools" / "build.py").read_text(encoding="utf-8")


def test_help_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build.py"), "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "--skip STEP" in done.stdout, done.stderr
