"""SVG diagrams: real pips, doubles crosswise (R10), end markers and highlights,
bends that keep a long line inside the page (R11), titles for screen readers,
and byte-for-byte determinism (nbval compares SVG outputs exactly)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_examples import LINES

from block_dominoes.errors import IllegalMoveError
from block_dominoes.line import Line
from block_dominoes.players import play_round
from block_dominoes.render import fit_text, hand_svg, line_svg, replay, state_svg, tile_svg
from block_dominoes.render.svg import LABEL_PX, S, pip_points
from block_dominoes.round import RoundState, move_caption
from block_dominoes.tiles import Tile, full_set

NS = "{http://www.w3.org/2000/svg}"

EXAMPLES = LINES  # tests/rules_examples.py


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def top_text(root: ET.Element, tag: str) -> str:
    el = root.find(NS + tag)
    assert el is not None and el.text is not None
    return el.text


def tile_rects(root: ET.Element) -> list[ET.Element]:
    return [
        r for g in root.iter(NS + "g") if g.get("class") == "tile" for r in g.findall(NS + "rect")
    ]


def long_line() -> Line:
    return Line.build(
        [
            "1-4",
            "1-1",
            "4-4",
            "3-4",
            "3-3",
            "1-6",
            "6-6",
            "2-6",
            "2-2",
            "0-2",
            "0-0",
            "0-5",
            "5-5",
            "2-5@5",
            "2-3@2",
            "3-6@3",
        ]
    )


@pytest.mark.parametrize("eid", sorted(EXAMPLES))
def test_desc_is_the_engines_description(eid: str) -> None:
    line = Line.build(EXAMPLES[eid])
    root = parse(line_svg(line))
    assert top_text(root, "desc") == line.describe()
    assert top_text(root, "title") == "Line of play"


@given(st.sampled_from(full_set(12)), st.booleans())
def test_pips_as_on_real_tiles(tile: Tile, standing: bool) -> None:
    # One dot per pip on each half, for every tile up to double-twelve (R14, V5).
    root = parse(tile_svg(tile, vertical=standing))
    assert len(list(root.iter(NS + "circle"))) == tile.low + tile.high


def test_pip_layouts_are_distinct_and_inside_the_half() -> None:
    seen = set()
    for v in range(13):
        pts = pip_points(v)
        assert len(pts) == v == len(set(pts))
        assert all(0 < x < 1 and 0 < y < 1 for x, y in pts)
        seen.add(frozenset(pts))
    assert len(seen) == 13
    # A standing half is the same pattern turned a quarter.
    assert pip_points(6, standing=True) == tuple((y, x) for x, y in pip_points(6))
    with pytest.raises(ValueError, match="13"):
        pip_points(13)


def test_doubles_stand_crosswise_in_the_line() -> None:
    # R10: [1|1] and [4|4] stand across the line; [1|4] lies along it.
    root = parse(line_svg(Line.build(EXAMPLES["E5"])))
    sizes = sorted((r.get("width"), r.get("height")) for r in tile_rects(root))
    assert sizes == [(str(S), str(2 * S)), (str(S), str(2 * S)), (str(2 * S), str(S))]


def test_same_input_same_bytes() -> None:
    a = line_svg(long_line(), width=420, fit=Tile(3, 5))
    b = line_svg(long_line(), width=420, fit=Tile(3, 5))
    assert a == b
    g1, g2 = play_round("pagat", 3, seed=11), play_round("pagat", 3, seed=11)
    assert state_svg(g1.state, caption="x") == state_svg(g2.state, caption="x")


def test_markers_label_ports_and_highlight_where_a_tile_fits() -> None:
    line = Line.build(EXAMPLES["E2"])  # open: [1|1] line B 1, [1|4] high end 4
    root = parse(line_svg(line, fit=Tile(3, 4)))
    ends = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("end")]
    assert len(ends) == 2
    texts = ["".join(g.itertext()) for g in ends]
    assert any("line B 1" in t for t in texts) and any("high end 4" in t for t in texts)
    hot = [g for g in ends if g.get("class") == "end fits"]
    assert len(hot) == 1 and "high end 4" in "".join(hot[0].itertext())
    assert top_text(root, "desc").endswith("[3|4] fits [1|4] high end 4.")
    # A tile that fits both ends lights both; one that fits neither, none.
    on_line = parse(line_svg(line, fit=Tile(1, 4)))
    assert sum(g.get("class") == "end fits" for g in on_line.iter(NS + "g")) == 2
    assert "already on the line (R2)" in top_text(on_line, "desc")
    both = parse(line_svg(Line.build(["1-4"]), fit=Tile(1, 1)))
    assert sum(g.get("class") == "end fits" for g in both.iter(NS + "g")) == 1
    labels_off = line_svg(line, labels=False)
    texts_off = "".join(t.text or "" for t in parse(labels_off).iter(NS + "text"))
    assert "line B" not in texts_off and "high end" not in texts_off


def test_highlight_values_and_misfit_reason() -> None:
    line = Line.build(EXAMPLES["E4"])
    root = parse(line_svg(line, highlight=[0]))
    assert sum(g.get("class") == "end fits" for g in root.iter(NS + "g")) == 2
    desc = top_text(parse(line_svg(line, fit=Tile(1, 2))), "desc")
    assert "neither half matches an open end" in desc and "R7" in desc


def test_a_long_line_bends_to_fit_the_width() -> None:
    # R11: rows no wider than the picture, one drawn bend between each pair of rows.
    line = long_line()
    for width in (300, 420, 640, 1200):
        root = parse(line_svg(line, width=width))
        assert float(root.get("width") or 0) <= width
        xs = [(float(r.get("x") or 0), float(r.get("width") or 0)) for r in tile_rects(root)]
        assert len(xs) == len(line.tiles)
        assert all(x >= 0 and x + w <= width for x, w in xs)
        bends = [g for g in root.iter(NS + "g") if g.get("class") == "bend"]
        rows = {float(r.get("y") or 0) // (2 * S + 36) for r in tile_rects(root)}
        assert len(bends) == len(rows) - 1
        assert len(rows) == 1 if width == 1200 else len(rows) > 1
    narrow = parse(line_svg(line, width=300))
    assert sum(g.get("class") == "bend" for g in narrow.iter(NS + "g")) > 2
    assert "bend" not in line_svg(Line.build(EXAMPLES["E2"]))


def test_empty_line_and_hands() -> None:
    root = parse(line_svg(Line()))
    assert "any tile may lead" in top_text(root, "desc")
    hidden = parse(hand_svg([Tile(1, 2), Tile(6, 6)], hidden=True, title="Player 2"))
    assert top_text(hidden, "desc") == "2 tiles, face down."
    assert not list(hidden.iter(NS + "circle"))
    shown = parse(hand_svg([Tile(1, 2), Tile(6, 6)]))
    assert top_text(shown, "desc") == "2 tiles: [1|2] [6|6]; 15 pips."
    assert len(list(shown.iter(NS + "circle"))) == 15


def test_state_svg_tells_the_round_in_words() -> None:
    state = RoundState.new("pagat", [["1-4", "2-2"], ["4-6", "0-0"]]).play("1-4")
    root = parse(state_svg(state, caption="Move 1"))
    desc = top_text(root, "desc")
    assert desc.startswith("Move 1 " + state.line.describe())
    assert "Player 1: 1 tile: [2|2]; 4 pips." in desc
    assert "Player 2: 2 tiles: [0|0] [4|6]; 10 pips." in desc
    # the tile just played is outlined
    assert 'stroke-width="3"' in state_svg(state)
    assert "(to play)" in "".join(root.itertext())


def test_move_captions_name_the_rule() -> None:
    s = RoundState.new("pagat", [["1-4", "2-2", "5-6"], ["4-4", "0-0", "1-5"]])
    s = s.play("1-4").play("4-4")
    assert move_caption(s, 0) == "player 1 leads [1|4] (R5, R7)"
    assert move_caption(s, 1) == (
        "player 2 plays [4|4] on [1|4] high end 4 (R7, R10: a double lies crosswise)"
    )
    s = s.play("pass")
    assert move_caption(s, 2) == (
        "player 1 passes: no tile in hand matches the open ends 1 and 4 (R9)"
    )
    assert replay(s, 1).line.tiles == (Tile(1, 4),)
    assert replay(s, 3) == s


def test_fit_text_uses_the_engines_errors() -> None:
    line = Line.build(EXAMPLES["E2"])
    assert fit_text(line, Tile(1, 3)) == "[1|3] fits [1|1] line B 1."
    assert fit_text(line, Tile(4, 6)) == "[4|6] fits [1|4] high end 4."
    assert fit_text(Line(), Tile(5, 5)).startswith("[5|5] may lead")
    with pytest.raises(IllegalMoveError, match=r"R7, R8"):
        fit_text(line, Tile(0, 2))
    with pytest.raises(IllegalMoveError, match="already on the line"):
        fit_text(line, Tile(1, 1))


@given(
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from([2, 3, 4]),
    st.sampled_from([300, 420, 640]),
)
def test_played_lines_fit_the_page(seed: int, players: int, width: int) -> None:
    # R11 on real rounds: every tile and end marker inside the picture, every
    # tile drawn once, and the words are the engine's description.
    line = play_round("pagat", players, seed=seed).state.line
    root = parse(line_svg(line, width=width))
    height = float(root.get("height") or 0)
    rects = tile_rects(root)
    assert len(rects) == len(line.tiles)
    for r in rects:
        x, y = float(r.get("x") or 0), float(r.get("y") or 0)
        assert x >= 0 and x + float(r.get("width") or 0) <= width
        assert y >= 0 and y + float(r.get("height") or 0) <= height
    for c in root.iter(NS + "circle"):
        if c.get("r") == "12":  # an end marker
            assert 0 < float(c.get("cx") or 0) < width
    assert top_text(root, "desc") == line.describe()


def all_pictures() -> dict[str, str]:
    """One of each kind of picture, with every optional part drawn."""
    state = play_round("pagat", 3, seed=5).state
    return {
        "tile": tile_svg(Tile(3, 5)),
        "hand": hand_svg([Tile(1, 2), Tile(6, 6)], label="Player 1"),
        "empty hand": hand_svg([], label="Player 2"),
        "line": line_svg(long_line(), fit=Tile(3, 5), end_tags=("end X", "end Y")),
        "short line": line_svg(Line.build(["1-4"]), end_tags=("end X", "end Y")),
        "empty line": line_svg(Line()),
        "round": state_svg(state, caption="The end."),
        "hidden round": state_svg(state.at_start(), reveal=False),
    }


@pytest.mark.parametrize("kind", sorted(all_pictures()))
def test_pictures_scale_to_their_column(kind: str) -> None:
    # A viewBox with the natural size, and a style that lets the browser shrink the
    # picture to a narrow column (never wider than it), keeping its proportions.
    root = parse(all_pictures()[kind])
    w, h = float(root.get("width") or 0), float(root.get("height") or 0)
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert 0 < w <= 640 and h > 0, (w, h)
    assert "max-width:100%" in (root.get("style") or "")
    assert "height:auto" in (root.get("style") or "")
    # every drawn thing inside the viewBox
    for el in root.iter():
        for attr, limit in (("x", w), ("cx", w), ("x1", w), ("x2", w), ("y", h), ("cy", h)):
            v = el.get(attr)
            if v is not None:
                assert -0.1 <= float(v) <= limit + 0.1, (kind, el.tag, attr, v)


@pytest.mark.parametrize("kind", sorted(all_pictures()))
def test_labels_are_readable_from_the_back_of_a_room(kind: str) -> None:
    # Every label 14 px or more at natural size (what a 1280 px screen shows).
    root = parse(all_pictures()[kind])
    base = float(root.get("font-size") or 0)
    texts = list(root.iter(NS + "text"))
    assert kind == "tile" or texts, "no label at all"
    for t in texts:
        assert float(t.get("font-size") or base) >= 14, (kind, t.text)
        assert t.get("fill") not in {"#8a949c", "#999", "#aaa"}, (kind, t.text)


def test_long_labels_keep_the_line_picture_wide_enough() -> None:
    # A one-tile line draws both port names side by side without overlapping.
    root = parse(line_svg(Line.build(["10-12"], max_pip=12)))
    ports = next(g for g in root.iter(NS + "g") if g.get("class") == "ports")
    left, right = list(ports.iter(NS + "text"))
    width = float(root.get("width") or 0)
    assert float(left.get("x") or 0) + 0.6 * LABEL_PX * len(left.text or "") <= (
        float(right.get("x") or 0) - 0.6 * LABEL_PX * len(right.text or "")
    )
    assert float(right.get("x") or 0) <= width


def test_hands_carry_their_label_inside_the_picture() -> None:
    root = parse(hand_svg([Tile(1, 2)], label="Player 1"))
    texts = [t.text for t in root.iter(NS + "text")]
    assert texts == ["Player 1"]
    assert top_text(root, "desc") == "Player 1: 1 tile: [1|2]; 3 pips."
    # the old call with a title labels the picture too
    assert [t.text for t in parse(hand_svg([Tile(1, 2)], title="Player 3")).iter(NS + "text")] == [
        "Player 3"
    ]
    empty = parse(hand_svg([], label="Player 2"))
    assert [t.text for t in empty.iter(NS + "text")] == ["Player 2", "no tiles"]
    assert top_text(empty, "desc") == "Player 2: No tiles."
    # a round labels each hand right above its own tiles
    state = RoundState.new("pagat", [["1-4", "2-2"], []])
    hands = [g for g in parse(state_svg(state)).iter(NS + "g") if g.get("class") == "hand"]
    assert [next(g.iter(NS + "text")).text for g in hands] == [
        "Player 1: 2 tiles, 9 pips",  # player 2 went out: nobody is to play (R13)
        "Player 2: 0 tiles, 0 pips",
    ]
    assert "no tiles" in "".join(hands[1].itertext())


def test_odd_text_is_escaped() -> None:
    odd = 'P<&>"1'
    for svg in (
        hand_svg([Tile(1, 2)], label=odd, title=odd),
        line_svg(Line.build(["1-4"]), title=odd, end_tags=(odd, odd)),
        state_svg(RoundState.new("pagat", [["1-4"], ["2-2"]]), caption=odd, title=odd),
    ):
        root = parse(svg)  # would raise on a bare < or &
        assert top_text(root, "title") == odd
        assert "<&>" not in svg


def test_end_tags_name_the_open_ends() -> None:
    root = parse(line_svg(Line.build(EXAMPLES["E2"]), end_tags=("end X", "end Y")))
    ends = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("end")]
    texts = ["".join(g.itertext()) for g in ends]
    assert "end X" in texts[0] and "end Y" in texts[1]
    # left marker is the left end ([1|1] line B 1), right is [1|4] high end 4
    assert texts[0].startswith("[1|1] line B 1") and texts[1].startswith("[1|4] high end 4")
