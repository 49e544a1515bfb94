"""Diagrams in Arabic (issue 15): every label, title and description the pictures carry
is Arabic, each Arabic label is laid out right to left with its own ``direction`` (and
its anchor swapped, so it covers the same box), port labels and end tags keep clear of
the tiles and inside the picture, and the widths hold in Chromium. English pictures stay
byte for byte what they were: their SHA-256 digests are kept in
``tests/data/english_pictures.json``, written from the code before this change by
``python tests/i18n/test_i18n_render.py --write`` (run it again only for a deliberate change
of the English drawings, and say so in the commit).
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rules_examples import LINES

from block_dominoes import book
from block_dominoes.i18n import _, get_language, iso, language, strip_isolates
from block_dominoes.line import Line
from block_dominoes.players import play_round
from block_dominoes.render import hand_svg, line_svg, state_svg, tile_svg
from block_dominoes.round import RoundState
from block_dominoes.tiles import Tile
from block_dominoes.widgets import quiz as Q
from block_dominoes.widgets.explorer import attachment_explorer
from block_dominoes.widgets.scorer import round_scorer

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "english_pictures.json"
#: the fonts every page of the site loads (site/public/vendor/fonts/, shipped with it)
FONTS_CSS = ROOT / "site" / "public" / "vendor" / "fonts" / "fonts.css"
RULES_AR = ROOT / "locales" / "ar" / "rules.csv"
NS = "{http://www.w3.org/2000/svg}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
TILE = re.compile(r"\[\d+\|\d+\]")
#: two Latin words in a row ("open end", "Line of play"); a port's letter ("الخط B"),
#: a rule id (R7) or a tag letter (X) alone is not a sentence
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z']+(?:[\s,.;:()\-]+[A-Za-z][A-Za-z']+)+")
ARABIC = re.compile("[\u0600-\u06ff]")

LONG = ["1-4", "1-1", "4-4", "3-4", "3-3", "1-6", "6-6", "2-6", "2-2", "0-2", "0-0", "0-5"]
LONG += ["5-5", "2-5@5", "2-3@2", "3-6@3"]
# E8-E11: each seat's remaining hand, with the totals of the digest
HANDS = {
    "E8": ["-", "0-0", "2-6"],  # 0 and 8
    "E9": ["-", "1-4", "2-3"],  # 5 and 5
    "E10": ["1-2", "3-4", "2-6"],  # 3, 7, 8
    "E11": ["1-2", "0-3", "2-6"],  # 3, 3, 8
}


# -- what the pictures say ------------------------------------------------------------------


def svgs(text: str) -> list[ET.Element]:
    """Every ``<svg>`` in ``text`` (a question's picture is a line and a hand side by side)."""
    return [ET.fromstring(p + "</svg>") for p in text.split("</svg>") if "<svg" in p]


def said(root: ET.Element) -> Iterator[tuple[str, str]]:
    """(where, words) for every text a person or a screen reader gets from a picture."""
    for el in root.iter():
        tag = el.tag.removeprefix(NS)
        if tag in ("text", "title", "desc", "tspan") and el.text:
            yield tag, el.text
        for attr in ("aria-label",):
            if el.get(attr):
                yield attr, el.get(attr) or ""


def english_runs(text: str) -> list[str]:
    """The runs of two or more Latin words left in ``text`` (tile notation removed)."""
    return LATIN_RUN.findall(TILE.sub(" ", strip_isolates(text)))


def captured(fn: Callable[[], Any]) -> tuple[str, list[str]]:
    """What a book helper prints and the SVG pictures it shows."""
    shown: list[str] = []
    old = book.display
    book.display = lambda obj, raw=False: shown.append(obj["image/svg+xml"])  # type: ignore[assignment]
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            fn()
    finally:
        book.display = old  # type: ignore[assignment]
    return out.getvalue(), shown


def blocked_round() -> RoundState:
    return next(
        g.state
        for seed in range(100)
        if (g := play_round("pagat", 3, seed=seed)).state.is_blocked and not g.state.went_out
    )


def arabic_pictures() -> dict[str, str]:
    """E1-E7 as drawn in the chapters and the questions, E8-E11's hands, rounds and the
    widgets' pictures, all drawn in Arabic."""
    with language("ar"):
        tags = Q.core.end_tags()
        pics = {}
        for eid, placements in LINES.items():
            line = Line.build(placements)
            pics[eid] = line_svg(line)
            pics[eid + " fit"] = line_svg(line, fit=Tile(1, 3), end_tags=tags)
            pics[eid + " misfit"] = line_svg(line, fit=Tile(5, 6))
        pics["long"] = line_svg(Line.build(LONG), end_tags=tags, fit=Tile(3, 5))
        pics["empty line"] = line_svg(Line())
        pics["tile"] = tile_svg(Tile(1, 4))
        pics["hand"] = hand_svg([Tile(1, 2), Tile(6, 6)])
        pics["hidden hand"] = hand_svg([Tile(1, 2)], hidden=True)
        pics["empty hand"] = hand_svg([])
        for eid, hands in HANDS.items():
            _, shown = captured(lambda hands=hands: book.show_hands(hands))
            pics[eid] = "".join(shown)
        state = play_round("pagat", 3, seed=5).state
        pics["round"] = state_svg(state, end_tags=tags)
        pics["round at start"] = state_svg(state.at_start(), reveal=False)
        pics["round half way"] = state_svg(state.after(len(state.history) // 2), end_tags=tags)
        _, shown = captured(lambda: book.show_position(state.after(4)))
        pics["show_position"] = "".join(shown)
        quizzes = {
            "where": Q.where_can_it_go(LONG[:6], "1-3"),
            "where both": Q.where_can_it_go(["1-3", "3-6"], "1-6"),
            "where double": Q.where_can_it_go(["2-2"], "2-5"),
            "must pass": Q.must_pass(["3-6", "6-6"], "0-4,1-5", player=2),
            "must play": Q.must_pass(["3-6", "6-6"], "0-6,1-5", player=3),
            "over": Q.is_round_over(Q.position("1-4 1-1", ["2-3", "5-6"])),
            "blocked": Q.is_round_over(blocked_round()),
            "who scores": Q.who_scores(blocked_round()),
        }
        for name, quiz in quizzes.items():
            q = quiz.question
            pics[name] = q.picture + "".join(c.picture for c in q.choices)
        explorer = attachment_explorer("1-4 1-1 4-4 3-4 3-3 1-6", "1-3")
        pics["explorer"] = explorer.picture.value
    return pics


def test_arabic_pictures_carry_no_english_sentence() -> None:
    pics = arabic_pictures()
    left = {
        (name, where, words): english_runs(words)
        for name, svg in pics.items()
        for root in svgs(svg)
        for where, words in said(root)
        if english_runs(words)
    }
    assert left == {}
    # Arabic is what they say: every picture has Arabic in its title and description.
    for name, svg in pics.items():
        for root in svgs(svg):
            for tag in ("title", "desc"):
                assert ARABIC.search(root.findtext(NS + tag) or ""), (name, tag)


def test_the_check_finds_english_in_the_same_pictures_drawn_in_english() -> None:
    # The check above can fail: the same calls in English leave sentences everywhere.
    root = svgs(line_svg(Line.build(LINES["E2"]), fit=Tile(1, 3)))[0]
    found = [r for _, words in said(root) for r in english_runs(words)]
    assert "Line of play" in found and "high end" in found and "open end" in found


def test_arabic_labels_are_right_to_left_and_name_their_language() -> None:
    for name, svg in arabic_pictures().items():
        for root in svgs(svg):
            assert root.get("lang") == "ar" and root.get(XML_LANG) == "ar", name
            for t in root.iter(NS + "text"):
                text = t.text or ""
                # every label says its direction, so a dir="rtl" page cannot flip it
                want = "rtl" if ARABIC.search(text) else "ltr"
                assert t.get("direction") == want, (name, text, t.attrib)
                if want == "rtl":
                    assert t.get("text-anchor") in ("start", "middle", "end"), (name, text)


def test_an_rtl_label_covers_the_box_its_english_twin_covers() -> None:
    from block_dominoes.render.svg import put_text

    arabic, latin = "\u0627\u0644\u062e\u0637 B 1", "line B 1"
    with language("ar"):
        got = {
            anchor: (
                put_text(ET.Element("g"), 4, 16, arabic, anchor=anchor).attrib,
                put_text(ET.Element("g"), 4, 16, latin, anchor=anchor).attrib,
            )
            for anchor in ("start", "middle", "end")
        }
    # the start of an rtl label is its right edge: "start" becomes "end", and back
    assert got["start"][0]["text-anchor"] == "end" and got["end"][0]["text-anchor"] == "start"
    assert got["middle"][0]["text-anchor"] == "middle"
    assert all(a["direction"] == "rtl" for a, _ in got.values())
    # a Latin label in an Arabic picture keeps its anchor and says ltr
    assert [lt.get("text-anchor", "start") for _, lt in got.values()] == ["start", "middle", "end"]
    assert all(lt["direction"] == "ltr" for _, lt in got.values())
    # in English nothing is added
    english = put_text(ET.Element("g"), 4, 16, latin).attrib
    assert english == {"x": "4", "y": "16", "fill": "#1f1f1f"}


def label_boxes(root: ET.Element) -> list[tuple[str, float, float, float]]:
    """(text, left, right, baseline) of every label, from the width estimate."""
    from block_dominoes.render.svg import text_width

    out = []
    for t in root.iter(NS + "text"):
        x, w = float(t.get("x") or 0), text_width(t.text or "")
        anchor = t.get("text-anchor", "start")
        if t.get("direction") == "rtl":
            anchor = {"start": "end", "end": "start"}.get(anchor, anchor)
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        out.append((t.text or "", left, left + w, float(t.get("y") or 0)))
    return out


def tile_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    return [
        (float(r.get("x") or 0), float(r.get("y") or 0), float(r.get("width") or 0), float(r.get("height") or 0))
        for g in root.iter(NS + "g")
        if g.get("class") == "tile"
        for r in g.findall(NS + "rect")
    ]  # fmt: skip


def test_port_labels_never_run_into_a_tile_and_tags_stay_inside() -> None:
    # By the width estimate (which Chromium's widths never exceed, see below): no port
    # label's box meets a tile, and every label lies inside the picture (an end tag's
    # generous estimate may spill over by SLACK: its drawn width still fits).
    from block_dominoes.render.pictures import SLACK

    pictures = arabic_pictures()
    for seed in range(40):
        with language("ar"):
            line = play_round("pagat", 2 + seed % 3, seed=seed).state.line
            width = (300, 360, 520)[seed % 3]
            pictures[f"seed {seed}"] = line_svg(line, width=width, end_tags=Q.core.end_tags())
    for name, svg in pictures.items():
        for root in svgs(svg):
            width = float(root.get("width") or 0)
            tiles = tile_boxes(root)
            for text, left, right, base in label_boxes(root):
                assert left >= -SLACK and right <= width + SLACK, (name, text, left, right)
                top, bottom = base - 12, base + 4  # Arabic letters reach below the line
                hits = [
                    (x, y)
                    for x, y, w, h in tiles
                    if left < x + w and x < right and top < y + h and y < bottom
                ]
                assert hits == [], (name, text, hits)
            # and no two labels share a place
            boxes = label_boxes(root)
            for i, (t1, l1, r1, b1) in enumerate(boxes):
                for t2, l2, r2, b2 in boxes[i + 1 :]:
                    apart = r1 <= l2 or r2 <= l1 or b1 + 4 <= b2 - 12 or b2 + 4 <= b1 - 12
                    assert apart, (name, t1, t2)


def test_arabic_pictures_fit_a_phone_at_natural_size() -> None:
    # Drawn no wider than English ones (PHONE_WIDTH plus a marker's overhang), so on a
    # 400 px phone (a column of about 368 px) the 16 px labels show at 16 px: a one-row
    # line whose two port names do not fit side by side puts the second below the first.
    from block_dominoes.render.pictures import PHONE_WIDTH

    pics = arabic_pictures()
    with language("ar"):
        pics["10-12"] = line_svg(Line.build(["10-12"], max_pip=12))
    for name, svg in pics.items():
        for root in svgs(svg):
            assert float(root.get("width") or 0) <= PHONE_WIDTH + 8, name
    ports = next(g for g in svgs(pics["10-12"])[0].iter(NS + "g") if g.get("class") == "ports")
    (_, _, _, low), (_, _, _, high) = label_boxes(ports)
    assert high == low + 20


def test_a_long_arabic_port_label_drops_below_the_double_it_would_cross() -> None:
    with language("ar"):
        root = svgs(line_svg(Line.build(LONG[:6]), end_tags=Q.core.end_tags()))[0]
    ports = next(g for g in root.iter(NS + "g") if g.get("class") == "ports")
    first = next(ports.iter(NS + "text"))
    double_bottom = max(y + h for x, y, w, h in tile_boxes(root) if h > w and y < 100)
    assert float(first.get("y") or 0) == double_bottom + 20
    # the English twin is where it always was: under its own flat tile
    en = svgs(line_svg(Line.build(LONG[:6]), end_tags=("end X", "end Y")))[0]
    en_first = next(
        next(g for g in en.iter(NS + "g") if g.get("class") == "ports").iter(NS + "text")
    )
    assert float(en_first.get("y") or 0) < double_bottom + 20


def test_arabic_labels_fit_as_chromium_draws_them(browser: Any, tmp_path: Path) -> None:
    """Inline in a ``dir="rtl"`` page (as the Arabic edition shows a question's picture)
    and as an ``<img>`` (as it shows a cell's picture): every label inside its picture,
    no wider than the width estimate, and laid out from its anchor as in English.
    The page loads the fonts the site ships (as every page of the book does), so the
    labels are measured in the same faces on any machine, whatever it has installed."""
    from block_dominoes.render.svg import text_width

    pics = arabic_pictures()
    with language("ar"):  # a drawn label holding a tile and numbers, as a chapter writes one
        caption = _("After {tile}").format(tile=iso(Tile(1, 4))) + " (12)"
        pics["caption"] = hand_svg([Tile(1, 4)], label=caption)
    body = []
    for i, (name, svg) in enumerate(pics.items()):
        for j, root in enumerate(svgs(svg)):
            (tmp_path / f"p{i}-{j}.svg").write_text(ET.tostring(root, "unicode"), encoding="utf-8")
            body.append(
                f"<div class='inline' data-name='{name}'>{svg.split('</svg>')[j]}</svg></div>"
            )
            body.append(f"<img src='p{i}-{j}.svg' alt=''>")
    page = tmp_path / "page.html"
    page.write_text(
        "<!doctype html><html lang='ar' dir='rtl'><head><meta charset='utf-8'>"
        f"<link rel='stylesheet' href='{FONTS_CSS.as_uri()}'></head><body>"
        + "".join(body)
        + "</body></html>",
        encoding="utf-8",
    )
    tab = browser.new_page()
    try:
        tab.goto(page.as_uri())
        loaded = tab.evaluate(
            """() => document.fonts.ready.then(() => [...document.fonts]
                .filter(f => f.status === 'loaded').map(f => f.family.replace(/"/g, '')))"""
        )
        assert {"Noto Sans", "IBM Plex Sans Arabic"} <= set(loaded), loaded
        texts = tab.evaluate(
            """() => [...document.querySelectorAll('.inline svg')].flatMap(svg =>
                [...svg.querySelectorAll('text')].map(t => {
                  const b = t.getBBox();
                  return {name: svg.parentElement.dataset.name, text: t.textContent,
                          x: t.x.baseVal[0].value, anchor: t.getAttribute('text-anchor') || 'start',
                          rtl: t.getAttribute('direction') === 'rtl',
                          left: b.x, width: b.width, box: svg.viewBox.baseVal.width};
                }))"""
        )
        # the tile and the number read left to right inside the right-to-left label
        order = tab.evaluate(
            """() => {
              const t = [...document.querySelectorAll('.inline[data-name=caption] text')][0];
              const s = t.textContent, at = i => t.getStartPositionOfChar(i).x;
              return [t.getAttribute('direction'), at(s.indexOf('1')), at(s.indexOf('4')),
                      at(s.lastIndexOf('1')), at(s.lastIndexOf('2'))];
            }"""
        )
        broken = tab.evaluate(
            "() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0).length"
        )
    finally:
        tab.close()
    assert broken == 0
    direction, one, four, twelve_1, twelve_2 = order
    assert direction == "rtl" and one < four and twelve_1 < twelve_2, order
    assert twelve_2 < one, order  # read right to left: the words, the tile, then "(12)"
    assert len(texts) > 100
    for t in texts:
        where = (t["name"], t["text"])
        assert t["width"] <= text_width(t["text"]), where
        assert t["left"] >= -0.5 and t["left"] + t["width"] <= t["box"] + 0.5, where
        # an rtl label's swapped anchor puts it where the English anchor would
        anchor = t["anchor"]
        if t["rtl"]:
            anchor = {"start": "end", "end": "start"}.get(anchor, anchor)
        edge = {"start": t["left"], "end": t["left"] + t["width"]}.get(anchor)
        if edge is not None:
            assert abs(edge - t["x"]) < 0.6, where


# -- the book's printer in Arabic: Pagat's words ------------------------------------------------


def pagat(eid: str) -> str:
    """Pagat's sentence for ``eid``, its Latin comma and semicolon made Arabic: the
    engine writes ، and ؛ in Arabic text (issue 22; TRANSLATORS.md, difference 8)."""
    with RULES_AR.open(encoding="utf-8") as f:
        raw = next(r["ar"] for r in csv.DictReader(f) if (r["id"], r["part"]) == (eid, "2"))
    return raw.replace(", ", "\u060c ").replace("; ", "\u061b ")


@pytest.mark.parametrize("eid", sorted(LINES))
def test_example_printer_prints_pagats_arabic(eid: str) -> None:
    with language("ar"):
        out, _ = captured(lambda: book.example(eid, "...", LINES[eid], new=eid == "E6"))
    head, *rest = out.strip().split("\n")
    assert head == f"\u2068{eid}\u2069 ..."  # isolated, so the Arabic line reads right to left
    words = strip_isolates(" ".join(rest))
    source = pagat(eid)
    if eid == "E4":  # the digest's "(a blank needs a blank)" in Pagat's own words
        assert words == source[:-1] + " (النصف الفارغ يطابق نصفًا فارغًا فقط)."
    elif eid == "E7":  # and "; no branches", as Pagat's E7 says it
        assert words == source[:-1] + "؛ لا توجد فروع."
    elif eid == "E6":  # Pagat gives the new connection alone; we name it
        assert words == "التوصيل الجديد: " + source
    else:
        assert words == source
    assert english_runs(out) == []


def test_position_printer_speaks_arabic() -> None:
    state = play_round("pagat", 3, seed=5).state
    with language("ar"):
        out, shown = captured(lambda: book.show_position(state.after(6)))
        hands, _ = captured(lambda: book.show_hands(HANDS["E8"]))
    assert len(shown) == 4 and english_runs(out) == [] and english_runs(hands) == []
    assert "اللاعب 1: لعب آخر قطعة" in hands
    assert get_language() == "en"


def test_explorer_examples_and_answer_in_arabic() -> None:
    ex = attachment_explorer(lang="ar")
    labels = [label for label, _ in ex.example.options]
    assert all(ARABIC.search(label) and not english_runs(label) for label in labels), labels
    assert not english_runs(ex.text) and ARABIC.search(ex.text)
    ex.tile_text.value = "5-6"  # a callback, after the builder returned: still Arabic
    assert ARABIC.search(ex.text) and "(R7)" in ex.text and not english_runs(ex.text)
    assert attachment_explorer().example.options[0][0] == "E1: lead [1|4]"


# -- English untouched ---------------------------------------------------------------------------


def english_pictures() -> dict[str, str]:
    """A wide sample of English output of the drawing code (old API only, so the
    golden file can be written from the code before a change)."""
    out: dict[str, str] = {}
    for eid, placements in LINES.items():
        line = Line.build(placements)
        out[eid] = line_svg(line)
        out[eid + " fit"] = line_svg(line, fit=Tile(1, 3), end_tags=("end X", "end Y"))
        out[eid + " misfit"] = line_svg(line, fit=Tile(5, 6), labels=False, highlight=[1])
        out[eid + " titled"] = line_svg(line, title=eid, width=520)
    out["long"] = "".join(line_svg(Line.build(LONG), width=w) for w in (300, 420, 640, 1200))
    out["empty"] = line_svg(Line()) + hand_svg([]) + hand_svg([], label="Player 2")
    out["10-12"] = line_svg(Line.build(["10-12"], max_pip=12))
    out["tiles"] = "".join(
        tile_svg(Tile(a, b), vertical=a == b) for a in range(7) for b in range(a, 7)
    )
    out["hands"] = (
        hand_svg([Tile(1, 2)], label="Player 1")
        + hand_svg([Tile(1, 2), Tile(6, 6)], hidden=True, title="Player 2")
        + hand_svg([Tile(1, 2)])
        + hand_svg([Tile(1, 2)], title="Player 3")
    )
    for seed in range(24):
        state = play_round("pagat", 2 + seed % 3, seed=seed).state
        half = state.after(len(state.history) // 2)
        out[f"seed {seed}"] = (
            line_svg(state.line, width=300 + 20 * seed, end_tags=("end X", "end Y"), fit=Tile(2, 5))
            + state_svg(state, caption="The end.")
            + state_svg(half, end_tags=("end X", "end Y"))
            + state_svg(state.at_start(), reveal=False)
        )

    def chapter() -> None:
        for eid, placements in LINES.items():
            book.example(eid, "words.", placements, new=eid in ("E2", "E6"))
        book.show_position(play_round("pagat", 3, seed=5).state.after(4))

    text, shown = captured(chapter)
    out["book"] = text + "".join(shown)
    text, shown = captured(lambda: book.show_hands(["1-2,3-4", "-", "5-5"]))
    out["book hands"] = text + "".join(shown)
    quizzes = [
        Q.where_can_it_go(["1-4", "1-1"], "1-3"),
        Q.where_can_it_go(LONG[:6], "1-3"),
        Q.where_can_it_go(["1-3", "3-6"], "1-6"),
        Q.where_can_it_go(["2-2"], "2-5"),
        Q.where_can_it_go(["0-0"], "0-3"),
        Q.where_can_it_go(["1-4", "1-1"], "2-5"),
        Q.must_pass(["3-6", "6-6"], "0-4,1-5", player=2),
        Q.must_pass(["3-6", "6-6"], "0-6,1-5"),
        Q.is_round_over(Q.position("1-4 1-1", ["2-3", "5-6"])),
        Q.is_round_over(blocked_round()),
        Q.who_scores(blocked_round()),
        Q.who_scores([3, 7, 8]),
        Q.who_starts_next(3, 1, 2),
        Q.who_won_match([101, 50, 20]),
    ]
    for i, quiz in enumerate(quizzes):
        q = quiz.question
        panels = "".join(q.feedback_html(j) for j in range(len(q.choices)))
        out[f"quiz {i}"] = quiz.prompt.value + q.as_text() + panels
    ex = attachment_explorer("1-4 1-1 4-4 3-4 3-3 1-6", "1-3")
    out["explorer"] = ex.picture.value + ex.text + repr(ex.example.options)
    out["scorer"] = round_scorer().answer.value
    return out


def digests() -> dict[str, str]:
    return {k: hashlib.sha256(v.encode()).hexdigest() for k, v in english_pictures().items()}


def test_english_pictures_are_byte_identical_to_the_golden_digests() -> None:
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    with language("ar"):  # an Arabic picture first: nothing of it may leak into English
        line_svg(Line.build(LONG), end_tags=Q.core.end_tags())
    got = digests()
    assert got.keys() == want.keys()
    assert [k for k in want if got[k] != want[k]] == []
    # and explicitly in English, inside a language block
    with language("en"):
        assert digests() == want
    # English pictures carry none of the right-to-left attributes
    assert not re.search(r"direction=|lang=", "".join(english_pictures().values()))


if __name__ == "__main__":  # python tests/i18n/test_i18n_render.py --write
    if sys.argv[1:] != ["--write"]:
        sys.exit(
            "usage: python tests/i18n/test_i18n_render.py --write  (rewrites the golden digests)"
        )
    GOLDEN.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
