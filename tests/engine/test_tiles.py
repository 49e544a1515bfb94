"""Tiles and sets (R2, R8, R14, V5)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from block_dominoes.errors import InvalidPositionError, InvalidTileError
from block_dominoes.tiles import Tile, full_set, parse_placement, parse_tiles, pips


@pytest.mark.parametrize("text", ["3-5", "5-3", "[3|5]", "[5|3]", " 3 - 5 ", "3|5"])
def test_parse_spellings(text: str) -> None:
    t = Tile.parse(text)
    assert (t.low, t.high) == (3, 5)
    assert str(t) == "[3|5]"
    assert repr(t) == "Tile.parse('3-5')"
    assert eval(repr(t)) == t


def test_r2_double_six_set_has_28_tiles_each_number_on_7() -> None:
    tiles = full_set()
    assert len(tiles) == 28 and len(set(tiles)) == 28
    assert tiles[0] == Tile(0, 0) and tiles[-1] == Tile(6, 6)
    for v in range(7):
        assert sum(1 for t in tiles if t.has(v)) == 7


def test_v5_larger_sets() -> None:
    assert len(full_set(9)) == 55
    assert len(full_set(12)) == 91
    assert Tile.parse("5-10", max_pip=12).pips == 15
    assert Tile.parse("12-12", max_pip=12).pips == 24


def test_r14_tile_counts_sum_of_halves() -> None:
    assert Tile.parse("6-6").pips == 12
    assert Tile.parse("0-0").pips == 0
    assert pips(parse_tiles("1-4,0-0,6-6")) == 17


def test_r8_blank_matches_only_blank() -> None:
    blank = Tile.parse("0-0")
    assert blank.has(0)
    assert not any(blank.has(v) for v in range(1, 7))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("7-1", "not in the double-six set"),
        ("3", "cannot read '3'"),
        ("a-b", "cannot read 'a-b'"),
        ("3-5-6", "cannot read"),
        ("", "cannot read"),
    ],
)
def test_bad_tile_text_is_named(text: str, fragment: str) -> None:
    with pytest.raises(InvalidTileError, match=fragment):
        Tile.parse(text, max_pip=6)


def test_parse_tiles_forms() -> None:
    want = [Tile(1, 4), Tile(0, 0)]
    assert parse_tiles("1-4,0-0") == want
    assert parse_tiles("[1|4][0|0]") == want
    assert parse_tiles("1-4 0-0") == want
    assert parse_tiles("  ") == []


def test_halves_out_of_order_rejected() -> None:
    with pytest.raises(InvalidTileError):
        Tile(5, 3)


@pytest.mark.parametrize("text", ["[1|2", "1|2]", "[1|2]]", "[[1|2]", "]1|2["])
def test_brackets_must_pair_up(text: str) -> None:
    # Issue 13: '[1|2' and '1|2]' used to read as [1|2].
    with pytest.raises(InvalidTileError, match="its brackets do not pair up"):
        Tile.parse(text)
    with pytest.raises(InvalidTileError):
        parse_tiles(f"0-0 {text}")


def test_hands_split_between_brackets_without_losing_them() -> None:
    assert parse_tiles("[1|4][0|0]") == [Tile(1, 4), Tile(0, 0)]
    assert parse_tiles("[1|4] [0|0],2-3") == [Tile(1, 4), Tile(0, 0), Tile(2, 3)]
    with pytest.raises(InvalidTileError, match="'\\[1\\|4'"):
        parse_tiles("[1|4 [0|0]")


def test_arabic_commas_and_semicolons_separate_tiles() -> None:
    """An Arabic keyboard types ، and ؛ where an English one types , and ;."""
    assert parse_tiles("1-4،0-0؛ [2|3]") == [Tile(1, 4), Tile(0, 0), Tile(2, 3)]
    assert parse_tiles("١-٤، ٠-٠") == [Tile(1, 4), Tile(0, 0)]


@pytest.mark.parametrize(
    ("text", "tile"),
    [("٣-٥", Tile(3, 5)), ("[۵|۳]", Tile(3, 5)), ("१२-३", Tile(3, 12)), ("３-５", Tile(3, 5))],
)
def test_halves_in_any_scripts_decimal_digits(text: str, tile: Tile) -> None:
    # The digit policy: every str.isdecimal digit, read with int().
    assert Tile.parse(text) == tile


def test_superscripts_are_not_decimal_digits() -> None:
    with pytest.raises(InvalidTileError):
        Tile.parse("²-3")


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("3-4", (Tile(3, 4), None)),
        ("3-4@4", (Tile(3, 4), 4)),
        ("[3|4] on 4", (Tile(3, 4), 4)),
        ("[3|4] at the 4 end", (Tile(3, 4), 4)),
        (" 4 - 3 @ 3 ", (Tile(3, 4), 3)),
    ],
)
def test_parse_placement_reads_the_move_grammar(text: str, placed: tuple[Tile, int]) -> None:
    assert parse_placement(text) == placed


@pytest.mark.parametrize("text", ["3-4@", "3-4@x", "3-4 on four", "3-4@123"])
def test_parse_placement_refuses_an_unreadable_end(text: str) -> None:
    with pytest.raises(InvalidPositionError, match="cannot read the end"):
        parse_placement(text)


# The separator rule as a regular expression (the engine's old code, kept as the
# oracle; with the Arabic comma and semicolon since the engine reads them): quadratic on long input, so the engine splits with a linear scan instead.
_SPLIT_ORACLE = re.compile(r"(?<=\])\s*(?=\[)|[\s,;\u060c\u061b]+(?![^\[\]]*\])")


@given(st.text(alphabet="[]|1-2 ,;\u060c\u061b\t\u00a0x", max_size=16))
def test_split_is_the_separator_rule(text: str) -> None:
    from block_dominoes.tiles import _split_outside_brackets

    assert _split_outside_brackets(text) == [p for p in _SPLIT_ORACLE.split(text) if p]
