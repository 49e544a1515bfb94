"""The line of play and the attachment examples E1-E7 (R7, R8, R10, R11)."""

from __future__ import annotations

import pytest

from block_dominoes.errors import AmbiguousMoveError, IllegalMoveError
from block_dominoes.line import Line
from block_dominoes.tiles import Tile


def ends(line: Line) -> list[str]:
    return [str(e) for e in line.open_ends]


def conns(line: Line) -> list[str]:
    return [str(c) for c in line.connections]


def test_e1_lead_non_double() -> None:
    line = Line.build(["1-4"])
    assert conns(line) == []
    assert ends(line) == ["[1|4] high end 4", "[1|4] low end 1"]


def test_e2_double_on_the_one() -> None:
    line = Line.build(["1-4", "1-1"])
    assert conns(line) == ["[1|4] low end - [1|1] line A"]
    assert ends(line) == ["[1|1] line B 1", "[1|4] high end 4"]


def test_e3_double_six_on_the_six() -> None:
    line = Line.build(["3-6", "6-6"])
    assert conns(line) == ["[3|6] high end - [6|6] line A"]
    assert ends(line) == ["[3|6] low end 3", "[6|6] line B 6"]


def test_e4_lead_blank_double_needs_blanks() -> None:
    line = Line.build(["0-0"])
    assert ends(line) == ["[0|0] line A 0", "[0|0] line B 0"]
    assert line.fits(Tile(0, 3)) == (0,)
    assert line.fits(Tile(3, 4)) == ()


def test_e5_second_double() -> None:
    line = Line.build(["1-4", "1-1", "4-4"])
    assert conns(line) == ["[1|4] low end - [1|1] line A", "[1|4] high end - [4|4] line A"]
    assert ends(line) == ["[1|1] line B 1", "[4|4] line B 4"]


def test_e6_continue_from_double() -> None:
    line = Line.build(["1-4", "1-1", "4-4", "3-4"])
    assert conns(line)[-1] == "[4|4] line B - [3|4] high end"
    assert ends(line) == ["[1|1] line B 1", "[3|4] low end 3"]


def test_e7_leading_double_has_no_branches() -> None:
    line = Line.build(["2-2"])
    assert ends(line) == ["[2|2] line A 2", "[2|2] line B 2"]
    # R10: after the first follower the double still has exactly two sides.
    line = line.place(Tile(2, 5))
    assert conns(line) == ["[2|2] line A - [2|5] low end"]
    assert ends(line) == ["[2|2] line B 2", "[2|5] high end 5"]
    line = line.place(Tile(2, 3))
    assert ends(line) == ["[2|3] high end 3", "[2|5] high end 5"]
    assert len(line.open_ends) == 2


def test_r7_other_half_becomes_new_end() -> None:
    line = Line.build(["3-4", "4-6"])
    assert line.end_values == (3, 6)


def test_r7_tile_that_fits_nowhere() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"'\[5\|6\]' on a line whose ends are 1 and 3.*\(R7\)"
    ):
        Line.build(["1-3"]).place(Tile(5, 6))


def test_r8_blank_double_is_not_a_wildcard() -> None:
    with pytest.raises(IllegalMoveError, match="R8"):
        Line.build(["1-3"]).place(Tile(0, 0))


def test_r10_doubles_never_branch() -> None:
    line = Line.build(["6-6", "6-3", "6-1"])
    assert len(line.open_ends) == 2
    assert line.end_values == (1, 3)
    with pytest.raises(IllegalMoveError):
        line.place(Tile.of(6, 5))


def test_r11_line_always_two_ends_any_length() -> None:
    line = Line.build(["1-4", "1-1", "4-4", "3-4", "3-3", "3-6", "6-6", "5-6", "5-5", "2-5"])
    assert len(line.open_ends) == 2
    assert next(link.tile for link in line.chain) == Tile(1, 1)
    # neighbours in the chain always touch with equal values
    for a, b in zip(line.chain, line.chain[1:], strict=False):
        assert a.right == b.left


def test_ambiguous_without_at_value() -> None:
    line = Line.build(["1-2", "2-3"])
    assert line.end_values == (1, 3)
    with pytest.raises(AmbiguousMoveError, match=r"'\[1\|3\]' fits both open ends \(1 and 3\)"):
        line.place(Tile(1, 3))
    assert line.place(Tile(1, 3), 3).end_values == (1, 1)
    assert Line.build(["1-2", "2-3", "1-3@1"]).end_values == (3, 3)


def test_at_value_errors() -> None:
    with pytest.raises(IllegalMoveError, match="has no 2"):
        Line.build(["1-2"]).place(Tile(3, 4), 2)
    with pytest.raises(IllegalMoveError, match="no open end shows 5"):
        Line.build(["1-2"]).place(Tile(1, 5), 5)


def test_tile_twice_on_line() -> None:
    with pytest.raises(IllegalMoveError, match="already on the line"):
        Line.build(["1-4", "4-1"])


def test_describe_words_as_rules_md() -> None:
    assert Line.build(["3-6", "6-6"]).describe() == (
        "Tiles: [3|6], [6|6]. Connections: [3|6] high end - [6|6] line A. "
        "Open: [3|6] low end 3, [6|6] line B 6."
    )


def test_line_parse_placement_is_the_move_grammar() -> None:
    # One move grammar: line.parse_placement is tiles.parse_placement, which
    # round.parse_move uses for plays, so str(Play) reads back here too.
    from block_dominoes import line, round, tiles

    assert line.parse_placement is tiles.parse_placement
    play = round.Play(Tile(4, 6), 4)
    assert line.parse_placement(str(play)) == (play.tile, play.end)
    assert Line.build(["1-4", str(round.Play(Tile(4, 6), 4))]).end_values == (1, 6)
