"""The Reference and Practice chapters agree with the engine and with the rules.

- the rules card has one anchor per rule, r1..r21, each followed by that rule
  and its source, and every ``{ref}`` to a rule in these chapters resolves;
- the glossary defines the words the brief lists;
- every rule question prints an answer that (a) follows from the rules by the
  arithmetic written here and (b) is what the engine prints when the cell is
  run again, without a kernel, against the current engine;
- the variants table lists every preset with its description and source, and
  the "same deal" table matches freshly played rounds;
- every exercise is a question whose feedback (one sentence per choice, citing a rule)
  is what the engine writes today; every hand picture names its player.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from block_dominoes import book, score_totals
from block_dominoes.names import display_name
from block_dominoes.players import play_round
from block_dominoes.rules import PRESETS

BOOK = Path(__file__).resolve().parents[2] / "book"
CARD = BOOK / "reference" / "rules-card.md"
GLOSSARY = BOOK / "reference" / "glossary.md"  # the text of a pair (.md + .ipynb)
QUESTIONS = BOOK / "reference" / "questions.ipynb"
VARIANTS = BOOK / "reference" / "variants.ipynb"
EXERCISES = BOOK / "practice" / "exercises.ipynb"
RULE_REF = re.compile(r"\{ref\}`R(\d+) <r(\d+)>`")


def load(path: Path) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return nb


def text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def stored_stdout(cell: dict[str, Any]) -> str:
    return "".join(
        text(o["text"])
        for o in cell.get("outputs", [])
        if o["output_type"] == "stream" and o["name"] == "stdout"
    )


def stored_error(cell: dict[str, Any]) -> tuple[str, str] | None:
    for o in cell.get("outputs", []):
        if o["output_type"] == "error":
            return o["ename"], o["evalue"]
    return None


def stored_rich(cell: dict[str, Any]) -> list[str]:
    """The SVG and HTML a cell displayed, in order."""
    out = []
    for o in cell.get("outputs", []):
        data = o.get("data", {})
        for mime in ("image/svg+xml", "text/html"):
            if mime in data:
                out.append(text(data[mime]))
    return out


def answer(stdout: str) -> str:
    lines = [ln for ln in stdout.splitlines() if ln.startswith("answer: ")]
    assert len(lines) == 1, f"expected one 'answer:' line in {stdout!r}"
    return lines[0].removeprefix("answer: ")


class Rerun:
    """Runs a notebook's code cells again in this process, recording what each
    prints, displays, glues or raises, so it can be compared with what is stored."""

    def __init__(self, nb: dict[str, Any]) -> None:
        self.nb = nb
        self.ns: dict[str, Any] = {}
        self.glued: dict[str, Any] = {}
        self.results: dict[int, tuple[str, list[str], tuple[str, str] | None]] = {}
        shown: list[str] = []
        self._shown = shown
        # The chapters' shared helpers (block_dominoes.book) display through this name.
        saved = book.display
        book.display = self._record
        try:
            self._run(nb, shown)
        finally:
            book.display = saved

    def _run(self, nb: dict[str, Any], shown: list[str]) -> None:
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "code":
                continue
            shown.clear()
            buf = io.StringIO()
            err = None
            with contextlib.redirect_stdout(buf):
                try:
                    exec(compile(text(cell["source"]), f"<cell {i}>", "exec"), self.ns)
                except Exception as e:
                    err = (type(e).__name__, str(e))
            self.results[i] = (buf.getvalue(), list(shown), err)
            if i == self._first_code_index():
                self._install_recorders()

    def _first_code_index(self) -> int:
        return next(i for i, c in enumerate(self.nb["cells"]) if c["cell_type"] == "code")

    def _record(self, obj: Any, raw: bool = False, **_: Any) -> None:
        if raw and isinstance(obj, dict):
            self._shown.extend(obj[m] for m in ("image/svg+xml", "text/html") if m in obj)
        else:
            self._shown.append(obj.data)

    def _install_recorders(self) -> None:
        def glue(name: str, value: Any, display: bool = True) -> None:
            self.glued[name] = value

        self.ns["display"] = self._record
        self.ns["glue"] = glue


@pytest.fixture(scope="module")
def questions() -> dict[str, Any]:
    return load(QUESTIONS)


@pytest.fixture(scope="module")
def questions_rerun(questions: dict[str, Any]) -> Rerun:
    return Rerun(questions)


def tagged(nb: dict[str, Any], key: str) -> dict[Any, int]:
    """Cell index by ``metadata.reference[key]``."""
    return {
        c["metadata"]["reference"][key]: i
        for i, c in enumerate(nb["cells"])
        if key in c["metadata"].get("reference", {})
    }


# -- the rules card and the glossary ------------------------------------------


def test_rules_card_has_an_anchor_for_each_rule_in_order() -> None:
    labels = re.findall(r"^\((r\d+)\)=$", CARD.read_text(encoding="utf-8"), re.M)
    assert labels == [f"r{n}" for n in range(1, 22)]


def test_rules_card_anchors_every_variant_and_example_and_a_dispute_index() -> None:
    """A referee's card: #v1-#v6 and #e1-#e11 in order, each label followed by its
    entry, and a dispute index whose every row links to a rule."""
    card = CARD.read_text(encoding="utf-8")
    for kind, count in (("v", 6), ("e", 11)):
        labels = re.findall(rf"^\(({kind}\d+)\)=$", card, re.M)
        assert labels == [f"{kind}{n}" for n in range(1, count + 1)]
        for n in range(1, count + 1):
            after = card.split(f"({kind}{n})=\n", 1)[1]
            assert after.startswith(f"**{kind.upper()}{n}."), (kind, n)
    index = card.split("(disputes)=", 1)[1]
    rows = [ln for ln in index.splitlines() if ln.startswith("| ") and "---" not in ln][1:]
    assert len(rows) >= 10
    for row in rows:
        assert re.search(r"\{ref\}`R\d+ <r\d+>`", row), row
    for situation in ("tie", "zero hand", "target", "next round", "out of play", "false pass"):
        assert situation in index, situation
    assert "no rules can produce" in index


def test_each_anchor_is_followed_by_its_rule_and_a_source() -> None:
    parts = re.split(r"^\((r\d+)\)=\n", CARD.read_text(encoding="utf-8"), flags=re.M)
    pairs = list(zip(parts[1::2], parts[2::2], strict=True))
    assert len(pairs) == 21
    for label, body in pairs:
        paragraph = body.strip().split("\n\n")[0]
        n = label[1:]
        assert paragraph.startswith(f"**R{n}. "), label
        source = paragraph.split("*Source:*", 1)
        assert len(source) == 2 and re.search(r"`[a-z-]+\.txt`", source[1]), label


def test_every_rule_reference_in_these_chapters_resolves() -> None:
    texts = [GLOSSARY.read_text(encoding="utf-8")]
    for path in (QUESTIONS, VARIANTS, EXERCISES):
        texts += [text(c["source"]) for c in load(path)["cells"] if c["cell_type"] == "markdown"]
    refs = [m for t in texts for m in RULE_REF.findall(t)]
    assert len(refs) > 40
    for shown, target in refs:
        assert shown == target and 1 <= int(target) <= 21, (shown, target)


def test_glossary_defines_every_term_of_the_brief() -> None:
    body = GLOSSARY.read_text(encoding="utf-8").split(":::{glossary}", 1)[1]
    terms = {ln.strip() for ln in body.splitlines() if ln and not ln.startswith((" ", ":::"))}
    wanted = {
        "line", "open end", "low end", "high end", "line A", "line B", "double", "spinner",
        "lead", "pass", "domino", "blocked", "out of play", "boneyard", "pip", "total",
        "target", "starter", "partnership",
    }  # fmt: skip
    assert wanted <= terms, wanted - terms
    listed = [ln.strip() for ln in body.splitlines() if ln and not ln.startswith((" ", ":::"))]
    assert listed == sorted(listed, key=str.lower), "glossary terms are alphabetical"


# -- rule questions ------------------------------------------------------------

# The answer each question must print, worked out from the rules, not from the
# notebook: the positions are the ones the cells set up.
EXPECTED = {
    "highest-double": "no",  # R5: the lot winner may lead any of their 5 tiles
    "zero-wildcard": "no",  # R8: [0|0] on a line with ends 3 and 5
    "double-branch": "no",  # R10, R11: two ends only
    "both-ends": "you choose",  # R7: [1|6] on ends 1 and 6 is two moves
    "must-play": "yes",  # R9: [4|6] fits the 4
    "no-draw": "no",  # R4, R9
    "stuck-not-blocked": "no",  # R13: player 1 can still play [4|4]
    "last-tile": str((0 + 1) + (2 + 3) + (4 + 5)),  # R12, R15: 15, not 12 for [6|6]
    "zero-vs-empty": f"player 1 scores {0 + 2 + 6}",  # R15, E8
    "blocked-subtract": str(7 + 8 - 3),  # R16, E10
    "no-rounding": str(6 + 7),  # R18: 13 stays 13
    "out-of-play": "no",  # R4, R14
    "tied-block-starter": str(2 % 3 + 1),  # R19: one seat on from player 2
    "target-mid-round": str(60 + 35 + 12),  # R20: checked after the round, excess kept
    "two-pass-target": "never",  # R15-R17, R20
}


def test_there_are_at_least_twelve_questions(questions: dict[str, Any]) -> None:
    ids = tagged(questions, "question")
    asked = [q for q in ids if not q.endswith("-refused")]
    assert len(asked) >= 12
    assert set(asked) == set(EXPECTED)
    headings = [
        ln
        for c in questions["cells"]
        if c["cell_type"] == "markdown"
        for ln in text(c["source"]).splitlines()
        if ln.startswith("### ")
    ]
    assert len(headings) == len(asked) and all(h.endswith("?") for h in headings)


@pytest.mark.parametrize("qid", sorted(EXPECTED))
def test_stored_answer_follows_from_the_rules(questions: dict[str, Any], qid: str) -> None:
    cell = questions["cells"][tagged(questions, "question")[qid]]
    assert answer(stored_stdout(cell)) == EXPECTED[qid]


@pytest.mark.parametrize("qid", sorted(EXPECTED))
def test_engine_prints_the_stored_answer_today(
    questions: dict[str, Any], questions_rerun: Rerun, qid: str
) -> None:
    i = tagged(questions, "question")[qid]
    out, _, err = questions_rerun.results[i]
    assert err is None
    assert out == stored_stdout(questions["cells"][i])


def test_refusals_are_the_engines_messages(
    questions: dict[str, Any], questions_rerun: Rerun
) -> None:
    refused = {q: i for q, i in tagged(questions, "question").items() if q.endswith("-refused")}
    assert len(refused) >= 5
    for qid, i in refused.items():
        cell = questions["cells"][i]
        assert "raises-exception" in cell["metadata"]["tags"], qid
        stored = stored_error(cell)
        assert stored is not None and re.search(r"\(R\d+", stored[1]), qid
        assert questions_rerun.results[i][2] == stored, qid


def test_glued_numbers_match_the_answers(questions_rerun: Rerun) -> None:
    g = questions_rerun.glued
    assert g["q_sub_points"] == score_totals("pagat", [3, 7, 8]).points == 12
    assert g["q_sub_v4_points"] == 7 + 8
    assert g["q_zero_points"] == 8 and g["q_raw_points"] == 13
    assert g["q_last_points"] == 15 and g["q_last_tile_pips"] == 12
    assert g["q_tie_next"] == 3 and g["q_target_final"] == 107
    assert g["q_two_draws"] == 0 and g["q_two_multi"] == 0 and g["q_two_matches"] == 300
    assert g["q_branch_ends"] == 2 and g["q_lead_choices"] == 5
    assert g["q_rest_tiles"] == 28 - 2 * 7


def stored_glue(nb: dict[str, Any]) -> dict[str, str]:
    """Glued values as stored: nbval does not compare this mime type, so we do."""
    out = {}
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            name = o.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                out[name] = text(o["data"]["application/papermill.record/text/plain"])
    return out


@pytest.mark.parametrize("path", [QUESTIONS, VARIANTS], ids=lambda p: p.stem)
def test_stored_glue_is_what_the_engine_gives_today(path: Path) -> None:
    nb = load(path)
    fresh = {k: repr(v) for k, v in Rerun(nb).glued.items()}
    assert fresh and fresh == stored_glue(nb)


@pytest.mark.parametrize("path", [QUESTIONS, VARIANTS], ids=lambda p: p.stem)
def test_every_glue_key_in_the_prose_is_glued(path: Path) -> None:
    nb = load(path)
    used = set()
    for c in nb["cells"]:
        if c["cell_type"] == "markdown":
            used |= set(
                re.findall(r"\{glue:text\}`" + path.name + r"::(\w+):s`", text(c["source"]))
            )
    assert used and used <= set(stored_glue(nb))


# -- variants --------------------------------------------------------------------


@pytest.fixture(scope="module")
def variants() -> dict[str, Any]:
    return load(VARIANTS)


def cells_of(html: str) -> list[list[str]]:
    """The data rows of an HTML table, as cell texts."""
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    return [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows[1:]]


def test_variants_table_lists_every_preset(variants: dict[str, Any]) -> None:
    cell = variants["cells"][tagged(variants, "table")["presets"]]
    (html,) = stored_rich(cell)
    rows = cells_of(html)
    # each ruleset by its display name, with the name a reader types in <code>
    typed = [re.findall(r"<code>([a-z-]+)</code>", r[0]) for r in rows]
    assert typed == [[name] for name in PRESETS]
    for row, rules in zip(rows, PRESETS.values(), strict=True):
        assert row[0].startswith(display_name("ruleset", rules.name)), row[0]
        assert row[2] == f"double-{rules.max_pip} ({rules.set_size} tiles)"
        assert row[3] == ", ".join(f"{n}p: {k}" for n, k in rules.hand_sizes)
        assert row[4] == ", ".join(f"{n}p: {k}" for n, k in rules.targets)
        assert row[5:8] == [
            rules.first_lead.value,
            rules.next_starter.value,
            rules.blocked_scoring.value,
        ]
        assert row[8] == ("yes" if rules.partnerships else "no")
        assert row[9] == ("yes" if rules.draw else "no")
        # each preset's description and source are listed under the table
        assert f"<dd>{rules.description} <em>Source: {rules.source}</em></dd>" in html


def test_every_variant_id_is_cited(variants: dict[str, Any]) -> None:
    prose = " ".join(text(c["source"]) for c in variants["cells"] if c["cell_type"] == "markdown")
    for v in range(1, 7):
        assert f"**V{v}**" in prose
    assert "pagat.com/tile/wdom/partnership" in prose


def test_same_deal_table_matches_fresh_rounds(variants: dict[str, Any]) -> None:
    cell = variants["cells"][tagged(variants, "table")["same-deal"]]
    (html,) = stored_rich(cell)
    rows = cells_of(html)
    assert [r[0] for r in rows] == list(PRESETS)
    for row in rows:
        outcome = play_round(row[0], 4, 8, "random").state.outcome()
        assert outcome is not None and row[-1] == outcome.explanation
    by_name = {r[0]: r for r in rows}
    # V4 gives more than R16 by exactly the winner's own total (R16 subtracts it once).
    base = play_round("pagat", 4, 8, "random").state.outcome()
    assert base is not None and base.winner is not None
    own = base.totals[base.winner - 1]
    v4 = play_round("all-pips", 4, 8, "random").state.outcome()
    assert v4 is not None and v4.points - base.points == own and own > 0
    assert by_name["pagat"][4] == by_name["all-pips"][4]


def test_variants_notebook_reruns_as_stored(variants: dict[str, Any]) -> None:
    rerun = Rerun(variants)
    for i, (out, shown, err) in rerun.results.items():
        cell = variants["cells"][i]
        assert err is None
        assert out == stored_stdout(cell), i
        assert shown == stored_rich(cell), i


# -- exercises --------------------------------------------------------------------


EXERCISE_SECTIONS = (
    "## Warm-up",
    "## Placing and doubles",
    "## Passing and blocking",
    "## Scoring",
    "## The next round and the match",
    "## Hard positions",
)
RULE_ID = re.compile(r"\b(R([1-9]|1\d|2[01])|V[1-6])\b")
# what a Python value looks like when it is printed instead of worded
PYTHON_VALUE = re.compile(r"[{}]|\b(True|False|None)\b|\w+\(|\[\(|'\w+':")


def rerun_questions(nb: dict[str, Any]) -> tuple[Rerun, dict[int, list[Any]]]:
    """Run the chapter again, recording the questions each cell builds."""
    from block_dominoes.widgets import quiz

    built: list[Any] = []
    saved = quiz.Quiz.__init__

    def record(self: Any, q: Any) -> None:
        built.append(q)
        saved(self, q)

    per_cell: dict[int, list[Any]] = {}
    quiz.Quiz.__init__ = record  # type: ignore[method-assign]
    try:
        rerun = Rerun(nb)
    finally:
        quiz.Quiz.__init__ = saved  # type: ignore[method-assign]
    # cells run in order, so the questions fall to the cells that show a widget
    it = iter(built)
    for i, cell in enumerate(nb["cells"]):
        views = [o for o in cell.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
        per_cell[i] = [next(it) for _ in views]
    assert next(it, None) is None, "a question was built but not shown"
    return rerun, per_cell


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_exercises_are_questions_that_answer_in_sentences() -> None:
    nb = load(EXERCISES)
    rerun, per_cell = rerun_questions(nb)
    questions = [q for qs in per_cell.values() for q in qs]
    assert len(questions) >= 22
    # grouped from easy to hard, every group asking
    heads = [
        (i, text(c["source"]).split("\n", 1)[0])
        for i, c in enumerate(nb["cells"])
        if c["cell_type"] == "markdown" and text(c["source"]).startswith("## ")
    ]
    assert [h for _, h in heads] == list(EXERCISE_SECTIONS)
    bounds = [i for i, _ in heads] + [len(nb["cells"])]
    for (start, head), end in zip(heads, bounds[1:], strict=True):
        asked = sum(len(per_cell[i]) for i in range(start, end))
        assert asked >= 3, head
    stored_panels = stored_widget_html(nb)
    for i, qs in per_cell.items():
        cell = nb["cells"][i]
        if cell["cell_type"] != "code":
            continue
        out, _, err = rerun.results[i]
        assert err is None and out == "" and stored_stdout(cell) == "", i  # no raw values
        if not qs:
            continue
        # A question shows itself, not the code that builds it (no "show source" bar).
        assert "remove-input" in cell["metadata"].get("tags", []), i
        for q in qs:
            assert q.page == "book/practice/exercises", q.title
            assert q.title and q.prompt.endswith("?"), q.title
            assert not PYTHON_VALUE.search(q.prompt), q.prompt
            for k, c in enumerate(q.choices):
                fb = c.feedback
                assert fb[0].isupper() or fb[0] in "[0123456789", fb
                assert fb.rstrip(")").endswith("."), fb
                assert RULE_ID.search(fb), (q.title, c.text, fb)
                assert not PYTHON_VALUE.search(fb + c.text), fb
                # what the page stores is what the engine writes today
                assert q.feedback_html(k) in stored_panels, (q.title, c.text)
    # two variants at least, and R15's [0|0] case (E8)
    code = "\n".join(text(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert len(set(re.findall(r'rules="([a-z-]+)"', code)) - {"pagat"}) >= 2
    e8 = [
        q for q in questions if "[0|0]" in q.prompt and "went out" in q.choices[q.answer].feedback
    ]
    assert e8 and "R15" in e8[0].choices[e8[0].answer].feedback


def stored_widget_html(nb: dict[str, Any]) -> set[str]:
    state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    return {m["state"].get("value", "") for m in state.values()}


def test_every_hand_in_the_exercises_carries_its_label() -> None:
    """Each hand picture names its player inside the same figure; an empty one too."""
    nb = load(EXERCISES)
    pictures = [h for h in stored_widget_html(nb) if 'class="hand"' in h or "class='hand'" in h]
    assert pictures
    hands = re.findall(r'<g class="hand">(.*?)</g>', "".join(pictures), re.S)
    assert hands
    for g in hands:
        first = re.search(r"<text[^>]*>([^<]*)</text>", g)
        # a player's hand, or the tile a where-can-it-go question asks about
        assert first and first.group(1).startswith(("Player ", "The tile")), g[:200]
    assert any(">Player " in g for g in hands)
    empty = [g for g in hands if ">no tiles<" in g]
    assert empty, "an empty hand is drawn (a player who went out), and labelled above"


def test_no_machine_paths_in_stored_outputs() -> None:
    for path in (QUESTIONS, VARIANTS, EXERCISES):
        outputs = json.dumps([c.get("outputs", []) for c in load(path)["cells"]])
        assert not re.search(r"/(tmp|work|root|home)/", outputs), path.name


def test_draw_preset_follows_the_bulgarian_source() -> None:
    """V6: the previous hand's winner starts the next, as in every game of the app;
    after a tied block, the player to the left of the previous starter (V1's words)."""
    from block_dominoes import Match
    from block_dominoes.rules import NextStarter

    assert PRESETS["draw"].next_starter is NextStarter.WINNER
    match = Match.new("draw", 3, starter=1)
    match = match.add(score_totals("draw", [9, 0, 4], went_out=2))
    assert match.starter == 2  # the winner, not seat 2 by rotation alone
    match = match.add(score_totals("draw", [0, 7, 5], went_out=1))
    assert match.starter == 1  # the winner again: R19 would give seat 3
    match = match.add(score_totals("draw", [3, 3, 8]))
    assert match.starter == 2  # a tied block: one seat on from the previous starter


def test_presets_cite_what_the_sources_say() -> None:
    """double-nine is ours and cites no source text; V2's forced lead is labelled ours."""
    nine = PRESETS["double-nine"]
    assert ".txt" not in nine.source and "extension" in nine.description
    assert "V5" not in nine.source
    assert "Ours:" in PRESETS["highest-double"].description
    for name in ("double-nine", "double-twelve"):
        assert "hand sizes: ours" in PRESETS[name].description
