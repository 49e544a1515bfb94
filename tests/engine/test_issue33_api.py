"""Issue 33: the Python API as strict as the command line, one test per defect.

Each test failed on the code before the fix (the issue's wording in its docstring).
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from support import run_cli

import block_dominoes as bd
from block_dominoes.errors import (
    BlockDominoesError,
    InvalidArgumentError,
    InvalidPositionError,
    InvalidTileError,
)
from block_dominoes.rules import PRESETS, BlockedScoring

PAGAT = PRESETS["pagat"]


@pytest.mark.parametrize(
    ("totals", "fragment"),
    [([1000, 4], "hold at most 69 pips (R3, R14)"), ([0, 0], "only one tile, [0|0], is worth 0")],
)
def test_score_totals_refuses_totals_no_hand_can_hold(
    capsys: pytest.CaptureFixture[str], totals: list[int], fragment: str
) -> None:
    """`score_round("pagat", [1000, 4])` scored 996 and `[0, 0]` said "tie, nobody
    scores", where `block-dominoes score` refuses both."""
    with pytest.raises(InvalidPositionError, match=re.escape(fragment)):
        bd.score_totals("pagat", totals)
    code, _, err = run_cli(capsys, "score", *map(str, totals))
    assert code == 2 and fragment in err


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"hand_sizes": ((2, 100),)}, "hand_sizes: the hand size for 2 players"),
        ({"hand_sizes": ((2, 20),)}, "need 40 tiles, but a set with the numbers 0 to 6 has 28"),
        ({"hand_sizes": ((1, 5),), "targets": ((1, 61),)}, "played by 2, 3 or 4 players, not 1"),
        ({"hand_sizes": ((2, 7), (2, 5))}, "2 players is given twice"),
        ({"targets": ((2, -5),)}, "targets: the target for 2 players must be"),
        ({"targets": ((2, 100),)}, "the same numbers of players as hand_sizes"),
        ({"targets": "100"}, "expected pairs (players, target)"),
        ({"max_pip": -1}, "max_pip: the highest number on a tile"),
        ({"max_pip": 100}, "from 1 to 18"),
        ({"max_pip": 6.0}, "got 6.0"),
        ({"draw": "yes"}, "draw: expected True or False"),
        ({"blocked_scoring": "all-pips"}, "BlockedScoring.ALL_PIPS"),
        ({"name": ""}, "name: expected text"),
        ({"partnerships": True}, "partnerships are for 4 players only (V3)"),
        ({"colour": "red"}, "a ruleset has no field 'colour'"),
    ],
)
def test_rules_checks_every_field(changes: dict[str, object], fragment: str) -> None:
    """`Rules` checked none of its fields: `with_(hand_sizes=((2, 100),))` dealt 28 tiles
    to one player and `targets=((2, -5),)` let a player win with 1 of -5."""
    with pytest.raises(InvalidArgumentError) as e:
        PAGAT.with_(**changes)
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_rules_takes_lists_as_tuples_and_stays_hashable() -> None:
    r = PAGAT.with_(hand_sizes=[[2, 7]], targets=[[2, 50]])
    assert r.hand_sizes == ((2, 7),) and r.target(2) == 50 and hash(r)
    assert dataclasses.replace(PAGAT, blocked_scoring=BlockedScoring.ALL_PIPS).hand_size(3) == 5


def test_presets_cannot_be_changed_from_outside() -> None:
    """`PRESETS` itself could be changed by any caller."""
    with pytest.raises(TypeError):
        PRESETS["pagat"] = PAGAT.with_(name="mine")  # type: ignore[index]
    with pytest.raises(TypeError):
        del PRESETS["draw"]  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        PAGAT.max_pip = 9  # type: ignore[misc]
    assert bd.find_rules("pagat") is PAGAT and len(PRESETS) == 8


def test_a_tile_refuses_a_half_it_does_not_have_with_the_packages_error() -> None:
    """`Tile(1,2).other(9)` raised ValueError, `Tile(1,2).has("1")` returned False."""
    t = bd.Tile(1, 2)
    with pytest.raises(InvalidArgumentError, match=r"\[1\|2\] has no half 9: it shows 1 and 2"):
        t.other(9)
    for bad in ("1", 1.0, True, None, -1, 100):
        with pytest.raises(InvalidArgumentError, match="a half must be a whole number from 0"):
            t.has(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            t.other(bad)  # type: ignore[arg-type]
    assert t.has(1) and not t.has(3) and t.other(2) == 1


def test_from_deal_refuses_what_is_not_a_deal() -> None:
    """`RoundState.from_deal(None)` raised AttributeError."""
    for bad in (None, "pagat", [["1-2"]]):
        with pytest.raises(InvalidArgumentError, match="expected a deal"):
            bd.RoundState.from_deal(bad)  # type: ignore[arg-type]


def test_deep_nesting_is_refused_by_name() -> None:
    """A list nested 100,000 deep raised RecursionError in Tile, find_rules, Line.build,
    RoundState.new, state.play and match.add."""
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    state = bd.RoundState.deal("pagat", 2, 0)
    match = bd.Match.new("pagat", 2)
    calls = [
        lambda: bd.Tile(deep, 2),  # type: ignore[arg-type]
        lambda: bd.find_rules(deep),  # type: ignore[arg-type]
        lambda: bd.Line.build(deep),  # type: ignore[arg-type]
        lambda: bd.RoundState.new("pagat", deep),  # type: ignore[arg-type]
        lambda: state.play(deep),  # type: ignore[arg-type]
        lambda: match.add(deep),  # type: ignore[arg-type]
        lambda: PAGAT.with_(hand_sizes=deep),
    ]
    for call in calls:
        with pytest.raises(BlockDominoesError) as e:
            call()
        assert "[[[[" in str(e.value) and len(str(e.value)) < 400


def test_the_seed_bound_is_printed_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """The bound 2**63-1 was printed as 9,223,372,036,854,775,808 (through a float)."""
    for lang, bound in (("en", "9,223,372,036,854,775,807"), ("tr", "9.223.372.036.854.775.807")):
        code, _, err = run_cli(capsys, "--lang", lang, "play", "--seed", str(2**63))
        assert code == 2 and bound in err, err
    with pytest.raises(InvalidArgumentError, match="9,223,372,036,854,775,807"):
        bd.deal.check_seed(2**63)


def test_tiles_use_the_one_list_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """`,,` inside a list was accepted by score, legal, solve and sheet add but refused
    by line; `on 4` was read by line and records but not by `legal --line`."""
    for args in (
        ("score", "1-2,,3-4", "5"),
        ("legal", "--line", "1-2", "--hand", "3-4,,2-5"),
        ("line", "1-2,,2-3"),
        ("score", "1-2,3-4,", "5"),
    ):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and "empty place between separators" in err, (args, err)
    with pytest.raises(InvalidTileError, match="empty place"):
        bd.parse_tiles("1-2,,3-4")
    code, out, err = run_cli(capsys, "legal", "--line", "1-2 2-3 on 2", "--hand", "3-4")
    assert code == 0 and "[3|4] on the 3" in out, err
    code, out, _ = run_cli(capsys, "line", "1-2, 2-3", "3-4 on 3")
    assert code == 0 and "Tiles: [1|2], [2|3], [3|4]." in out


def test_players_take_the_digit_policy_everywhere(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """`--players 0003` was refused by play and match but accepted by simulate and sheet
    new."""
    for cmd in (("play", "--seed", "1"), ("match", "--seed", "1")):
        code, out, err = run_cli(capsys, *cmd, "--players", "0003", "--json")
        assert code == 0 and '"players": 3' in out, err
    code, _, err = run_cli(capsys, "simulate", "--players", "0003", "--games", "2", "--json")
    assert code == 0, err
    code, _, err = run_cli(capsys, "play", "--players", "5")
    assert code == 2 and "players must be a whole number from 2 to 4, got '5' (R1)" in err


@pytest.mark.parametrize(
    ("names", "fragment"),
    [
        (["Ann", "Ann\u200c"], "invisible format character such as '\\u200c'"),
        (["\u200c", "Ben"], "invisible format character"),
        (["\u200d"], "invisible format character"),
        (["\u00e9", "e\u0301"], "two players have the same name"),
        (["Ann", "ANN"], "two players have the same name"),
        (["x" * 41, "Ben"], "a name has at most 40 characters (this one has 41)"),
    ],
)
def test_names_follow_the_one_name_policy(names: list[str], fragment: str) -> None:
    """Names that differed only by a zero-width joiner or by composed/decomposed accents
    were two players; a name of only a joiner was accepted; a name's length was counted
    in code points."""
    from block_dominoes.sheet import Sheet

    with pytest.raises(InvalidPositionError) as e:
        Sheet.new("pagat", 2 if len(names) == 2 else 3, names=names * (1 if len(names) == 2 else 3))
    assert fragment in str(e.value), str(e.value)


def test_a_name_is_counted_as_a_reader_counts_it_and_stored_composed() -> None:
    from block_dominoes.sheet import Sheet

    accented = "e\u0301" * 40  # 40 letters as a reader counts them, 80 code points
    sheet = Sheet.new("pagat", 2, names=[accented, "\u0645\u200c\u06cc"])
    assert sheet.names[0] == "\u00e9" * 40  # NFC
    assert sheet.names[1] == "\u0645\u200c\u06cc"  # a joiner between Persian letters stays


def test_foreign_values_for_strategies_and_sheet_rows_are_refused() -> None:
    """`play_round(strategies=5)` and `sheet.add_hands(None)` raised TypeError."""
    from block_dominoes.players.games import play_round
    from block_dominoes.sheet import Sheet

    for bad in (5, None):
        with pytest.raises(InvalidArgumentError, match="strategies must be a list or tuple"):
            play_round("pagat", 2, 1, bad)  # type: ignore[arg-type]
    sheet = Sheet.new("pagat", 2)
    for bad in (None, [5, "-"]):
        with pytest.raises(InvalidArgumentError):
            sheet.add_hands(bad)  # type: ignore[arg-type]
