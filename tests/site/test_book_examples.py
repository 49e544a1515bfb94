"""The teaching chapters against the rules digest: each example E1-E11 is a labelled
cell whose stored output says what the digest says, every rule R1-R21 is cited in the
chapters, and rule-breaking cells are the only ones that fail.

The expected words are kept in tests/data/examples.txt (the digest's ``- E1 ...``
lines, word for word), not copied from the notebooks, so a change on either side
fails here; where the digest itself is beside this checkout (``../shared/rules``), the
file is also compared with it. Cells are read from each chapter's pair: the source
from ``NAME.md`` (which must match ``NAME.ipynb``), the printed text from the outputs
stored in ``NAME.ipynb``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
EXAMPLES = ROOT / "tests" / "data" / "examples.txt"
DIGEST = ROOT.parent / "shared" / "rules" / "RULES.md"
CHAPTERS = [
    BOOK / "start" / "first-hand.md",
    *(BOOK / "rules" / f"{name}.md" for name in ("setup", "placing", "doubles")),
    *(BOOK / "rules" / f"{name}.md" for name in ("pass-and-block", "scoring", "match")),
]
EXAMPLE_LINE = re.compile(r"^- (E\d+) (.+)$", flags=re.M)


def statements() -> dict[str, str]:
    """``{'E1': 'Lead [1|4]. Open: ...', ...}`` from tests/data/examples.txt."""
    found = dict(EXAMPLE_LINE.findall(EXAMPLES.read_text(encoding="utf-8")))
    assert sorted(found, key=lambda k: int(k[1:])) == [f"E{i}" for i in range(1, 12)]
    return found


def test_examples_file_is_the_digest_word_for_word() -> None:
    if not DIGEST.is_file():
        pytest.skip("the rules digest (../shared/rules/RULES.md) is not beside this checkout")
    assert dict(EXAMPLE_LINE.findall(DIGEST.read_text(encoding="utf-8"))) == statements()


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def text(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def pair(md: Path) -> list[tuple[str, dict[str, Any]]]:
    """(source from the .md, the same cell in the .ipynb) for every cell of a chapter."""
    written = jupytext.read(md, fmt="md:myst").cells
    stored = load(md.with_suffix(".ipynb"))["cells"]
    assert [c.source for c in written] == [text(c["source"]) for c in stored], (
        f"{md.name} and its .ipynb differ: run python tools/run_notebooks.py"
    )
    return [(w.source, c) for w, c in zip(written, stored, strict=True)]


def example_outputs() -> dict[str, tuple[str, str]]:
    """Example id -> (cell source, printed text), for cells whose output starts with the id."""
    out: dict[str, tuple[str, str]] = {}
    for path in CHAPTERS:
        for source, cell in pair(path):
            if cell["cell_type"] != "code":
                continue
            printed = "".join(
                text(o["text"]) for o in cell.get("outputs", []) if o["output_type"] == "stream"
            )
            m = re.match(r"(E\d+) ", printed)
            if m:
                assert m.group(1) not in out, f"{m.group(1)} is printed twice"
                out[m.group(1)] = (source, printed)
    return out


def expected_attachment(statement: str) -> list[str]:
    """The connection and open-end sentences of E1-E7, asides included."""
    lines = [
        f"{m.group(1)} {m.group(2)}."
        for m in re.finditer(r"(New connection|Connections:|Connection) ([^.]+)\.", statement)
    ]
    m = re.search(r"(Open: .+)$", statement)
    assert m, statement
    return [*lines, m.group(1)]


@pytest.mark.parametrize("eid", [f"E{i}" for i in range(1, 8)])
def test_attachment_examples_print_what_rules_md_says(eid: str) -> None:
    source, printed = example_outputs()[eid]
    assert source.startswith(f"# {eid}\n"), "the cell is labelled with its id"
    got = printed.splitlines()
    for sentence in expected_attachment(statements()[eid]):
        assert sentence in got, f"{eid}: {sentence!r} not printed; got {got!r}"


@pytest.mark.parametrize("eid", [f"E{i}" for i in range(8, 12)])
def test_scoring_examples_print_what_rules_md_says(eid: str) -> None:
    source, printed = example_outputs()[eid]
    assert source.startswith(f"# {eid}\n")
    statement = statements()[eid]
    explanation = printed.splitlines()[-1]
    kind = statement.split(";", 1)[0].split()[0].lower()  # 'domino' or 'blocked'
    assert explanation.startswith(f"{kind}: ")
    totals = re.search(r"totals ([\d, and]+\d)", statement)
    if totals:
        numbers = re.findall(r"\d+", totals.group(1))
        assert f"totals {', '.join(numbers)};" in explanation
    if "nobody scores" in statement:
        assert "nobody scores (R17)" in explanation
    else:
        m = re.search(r"scores (.+)\.$", statement)
        assert m, statement
        score = m.group(1)
        rule = "R16" if kind == "blocked" else "R15"
        assert f"scores {score} ({rule})" in explanation, (score, explanation)


def test_every_example_is_in_the_chapters() -> None:
    assert sorted(example_outputs(), key=lambda k: int(k[1:])) == [f"E{i}" for i in range(1, 12)]


def test_every_rule_is_cited_where_taught() -> None:
    prose = ""
    for path in CHAPTERS:
        prose += "".join(
            c.source for c in jupytext.read(path, fmt="md:myst").cells if c.cell_type == "markdown"
        )
    cited = {int(n) for n in re.findall(r"\bR(\d+)\b", prose)}
    for a, b in re.findall(r"\bR(\d+)-R(\d+)\b", prose):
        cited |= set(range(int(a), int(b) + 1))
    assert set(range(1, 22)) <= cited


@pytest.mark.parametrize("path", [*CHAPTERS, BOOK / "intro.md"], ids=lambda p: p.stem)
def test_outputs_are_clean(path: Path) -> None:
    """Only cells tagged raises-exception fail; no machine paths are stored; widgets
    have their state stored so the static site can show them."""
    nb = load(path.with_suffix(".ipynb"))
    has_widget = False
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        assert bool(errors) == ("raises-exception" in tags), text(cell["source"])
        for o in errors:
            assert re.search(r"\(R\d+", o["evalue"]), "the error names a rule"
        blob = json.dumps(cell.get("outputs", []))
        assert not re.search(r"/(tmp|work|root)/", blob)
        has_widget |= "application/vnd.jupyter.widget-view+json" in blob
    if has_widget:
        state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]
        assert state["state"]


def test_solutions_are_hidden_with_tags_jupyter_book_knows() -> None:
    """Jupyter Book 1 has no ``dropdown`` cell tag: a cell tagged so shows its answer
    openly. Solutions use ``hide-cell`` / ``hide-output`` (collapsed until clicked)."""
    for path in sorted(BOOK.rglob("*.ipynb")):
        for i, cell in enumerate(load(path)["cells"]):
            tags = cell.get("metadata", {}).get("tags", [])
            assert "dropdown" not in tags, f"{path.name} cell {i}: use hide-cell, not dropdown"
