"""The checker: seeded rounds are valid; every kind of violation, injected at different
points, is reported at the right move with the right rule; the CLI's exit codes."""

from __future__ import annotations

import copy
import datetime
import doctest
import json
from pathlib import Path
from typing import Any

import pytest
from support import run_cli

import block_dominoes.records.checker as checker_mod
from block_dominoes.players import play_round
from block_dominoes.records import (
    Verdict,
    check_record,
    format_record,
    parse_record,
    record_from_json,
    round_json,
)
from block_dominoes.round import DrawTile, RoundState
from block_dominoes.rules import rules_names
from block_dominoes.tiles import Tile

Rec = dict[str, Any]

PRESET_PLAYERS = [
    (name, n) for name in rules_names() for n in ((4,) if name == "partnership" else (2, 3, 4))
]


def rec_of(rules: str, players: int, seed: int) -> tuple[Rec, RoundState]:
    g = play_round(rules, players, seed)
    return round_json(g.state, seed), g.state


def check(data: Rec) -> Verdict:
    return check_record(record_from_json(data))


def error_of(data: Rec) -> tuple[int | None, str, str]:
    v = check(data)
    assert v.first_error is not None, f"expected a violation, got: {v.describe()}"
    e = v.first_error
    return e.move, e.rule, e.message


def plays(data: Rec) -> list[int]:
    """0-based indexes of the placements in the record."""
    return [i for i, m in enumerate(data["moves"]) if "tile" in m]


def points(idx: list[int]) -> list[int]:
    """The first, a middle and the last of some positions: 'different points'."""
    return sorted({idx[0], idx[len(idx) // 2], idx[-1]})


def before(data: Rec, k: int) -> RoundState:
    """The state just before move index k (0-based), replayed by the engine itself."""
    g_state = RoundState.new(
        data["rules"],
        [" ".join(h) for h in data["hands"]],
        starter=data["starter"],
    )
    rec = record_from_json(data)
    state = check_record(rec).steps[0].state
    assert state.hands == g_state.hands
    for seat, move in rec.moves[:k]:
        assert seat == state.current_player
        if isinstance(move, DrawTile):
            rest = (move.tile, *(t for t in state.rest if t != move.tile))
            state = RoundState(**{**_fields(state), "rest": rest})
        state = state.apply(move)
    return state


def _fields(s: RoundState) -> dict[str, Any]:
    return {f: getattr(s, f) for f in s.__slots__}  # type: ignore[attr-defined]


SEEDS = [0, 3, 11]
CASES = [(r, n, s) for r, n in PRESET_PLAYERS for s in SEEDS]


def test_doctests() -> None:
    result = doctest.testmod(checker_mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_seeded_rounds_are_valid(rules: str, players: int, seed: int) -> None:
    data, state = rec_of(rules, players, seed)
    v = check(data)
    assert v.valid, v.describe()
    assert v.outcome == state.outcome()
    assert v.to_json() == {"valid": True, "first_error": None, "outcome": data["outcome"]}
    # one frame for the deal and one per move
    assert len(v.steps) == len(data["moves"]) + 1
    # the text form checks the same
    assert check_record(parse_record(format_record(record_from_json(data)))).valid


def test_unfinished_record_without_claim_is_valid_so_far() -> None:
    data, _ = rec_of("pagat", 3, 4)
    data["moves"] = data["moves"][:3]
    del data["outcome"]
    v = check(data)
    assert v.valid and v.outcome is None and not v.finished
    assert "not over" in v.describe()


# -- R9: a pass while able to play --------------------------------------------
@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_pass_while_able_R9(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    for k in points(plays(data)):
        bad = copy.deepcopy(data)
        seat = bad["moves"][k]["seat"]
        bad["moves"][k] = {"seat": seat, "pass": True}
        move, rule, msg = error_of(bad)
        assert (move, rule) == (k + 1, "R9")
        # the message names a tile the player holds and an end it fits
        st = before(data, k)
        fits = st.playable()
        assert fits
        named = next(p for p in fits if str(p.tile) in msg)
        assert named.tile in st.hand(seat)
        if named.end is not None:
            assert f"on the {named.end}" in msg or (named.end == 0 and "blank" in msg)


def test_pass_while_able_names_tile_and_end() -> None:
    rec = parse_record(
        "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n2: pass"
    )
    e = check_record(rec).first_error
    assert e is not None and (e.move, e.rule) == (2, "R9")
    assert "[4|6] on the 4" in e.message


# -- R7 / R8: a tile on an end it does not match --------------------------------
@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_wrong_end_R7(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    hits = 0
    for k in points([i for i in plays(data) if data["moves"][i]["end"] is not None]):
        st = before(data, k)
        tile = Tile.parse(data["moves"][k]["tile"])
        other = [v for v in st.line.end_values if not tile.has(v)]
        bad = copy.deepcopy(data)
        if other:
            bad["moves"][k]["end"] = other[0]
            expected = "R8" if other[0] == 0 or tile == Tile(0, 0) else "R7"
        else:
            # the tile matches both ends: name a value no end shows
            bad["moves"][k]["end"] = next(
                v for v in range(13) if v not in st.line.end_values and not tile.has(v)
            )
            expected = "R7"
        assert error_of(bad)[:2] == (k + 1, expected)
        hits += 1
    assert hits


ZERO_HANDS = (
    "hand 1: 0-0 1-4 2-2 0-1 3-3 5-5 6-6\n"  # player 1 holds [0|0]
    "hand 2: 4-6 0-3 2-3 2-5 3-5 5-6 1-2\n"
    "starter: 2\n"
    "2: [4|6]\n"
)


@pytest.mark.parametrize("move", ["1: [0|0] on 4", "1: [0|0] on 6", "1: [0|0]", "1: 0-0@6"])
def test_double_blank_is_not_a_wildcard_R8(move: str) -> None:
    e = check_record(parse_record(ZERO_HANDS + move)).first_error
    assert e is not None and (e.move, e.rule) == (2, "R8")
    assert "wildcard" in e.message


def test_non_blank_on_a_blank_end_R8() -> None:
    text = ZERO_HANDS.replace("2: [4|6]", "2: [0|3]")
    e = check_record(parse_record(text + "1: [1|4] on 0")).first_error
    assert e is not None and (e.move, e.rule) == (2, "R8")


def test_tile_fitting_both_ends_without_an_end_is_flagged() -> None:
    text = (
        "hand 1: 1-4 2-2 0-1 0-2 3-3 5-5 6-6\nhand 2: 4-6 0-0 0-3 2-3 2-5 3-5 5-6\n"
        "1: [1|4]\n2: [4|6]\n1: [1|6]"
    )
    # [1|6] is not player 1's: the hold check comes first (R7)
    e = check_record(parse_record(text)).first_error
    assert e is not None and (e.move, e.rule) == (3, "R7") and "does not hold" in e.message
    text2 = text.replace("0-1 0-2", "1-6 0-2").replace("1: [1|6]", "1: [1|6]")
    e2 = check_record(parse_record(text2)).first_error
    assert e2 is not None and (e2.move, e2.rule) == (3, "R7") and "which" in e2.message


# -- R7: a tile the player does not hold, or one already played --------------
@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_tile_not_held_R7(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    for k in points(plays(data)):
        st = before(data, k)
        seat = data["moves"][k]["seat"]
        other = next(t for s, h in enumerate(st.hands, 1) if s != seat for t in h)
        bad = copy.deepcopy(data)
        bad["moves"][k]["tile"] = str(other)
        move, rule, msg = error_of(bad)
        assert (move, rule) == (k + 1, "R7")
        assert "does not hold" in msg and "player" in msg


@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_tile_already_played_R7(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    idx = plays(data)
    for k in points(idx[1:]):
        first = idx[0]
        bad = copy.deepcopy(data)
        bad["moves"][k]["tile"] = data["moves"][first]["tile"]
        move, rule, msg = error_of(bad)
        assert (move, rule) == (k + 1, "R7")
        assert f"already played at move {first + 1}" in msg


# -- R6: out of turn --------------------------------------------------------------
@pytest.mark.parametrize(("rules", "players", "seed"), CASES)
def test_out_of_turn_R6(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    n = data["players"]
    moves = list(range(len(data["moves"])))
    for k in points(moves):
        bad = copy.deepcopy(data)
        right = bad["moves"][k]["seat"]
        bad["moves"][k]["seat"] = right % n + 1
        move, rule, msg = error_of(bad)
        assert (move, rule) == (k + 1, "R6")
        assert f"it was player {right}'s turn" in msg


def test_seat_that_does_not_exist_R6() -> None:
    data, _ = rec_of("pagat", 3, 1)
    data["moves"][2]["seat"] = 7
    assert error_of(data)[:2] == (3, "R6")


# -- R13: moves after the end ------------------------------------------------------
def _rounds(kind: str, count: int = 4) -> list[tuple[Rec, RoundState]]:
    out = []
    for rules, n in PRESET_PLAYERS:
        for seed in range(60):
            data, st = rec_of(rules, n, seed)
            if data["outcome"]["outcome"] == kind:
                out.append((data, st))
                break
        if len(out) >= count:
            break
    assert out
    return out


@pytest.mark.parametrize("case", range(4))
def test_move_after_domino_R13(case: int) -> None:
    data, st = _rounds("domino")[case]
    n = data["players"]
    nxt = st.current_player
    for extra in ({"seat": nxt, "pass": True}, {"seat": nxt % n + 1, "pass": True}):
        bad = copy.deepcopy(data)
        bad["moves"].append(extra)
        move, rule, msg = error_of(bad)
        assert (move, rule) == (len(data["moves"]) + 1, "R13")
        assert f"player {st.went_out} went out at move {len(data['moves'])}" in msg


@pytest.mark.parametrize("case", range(4))
def test_blocked_round_may_list_confirming_passes(case: int) -> None:
    data, st = _rounds("blocked")[case]
    n = data["players"]
    confirm = [{"seat": (st.current_player - 1 + i) % n + 1, "pass": True} for i in range(n)]
    for count in range(n + 1):  # stopping at the last tile, or listing 1..n confirmations
        ok = copy.deepcopy(data)
        ok["moves"] += confirm[:count]
        v = check(ok)
        assert v.valid, v.describe()
        assert v.confirmations == count
        assert v.outcome == st.outcome()
    # one pass too many
    bad = copy.deepcopy(data)
    bad["moves"] += [*confirm, confirm[0]]
    assert error_of(bad)[:2] == (len(data["moves"]) + n + 1, "R13")
    # a confirmation out of turn
    bad = copy.deepcopy(data)
    bad["moves"] += [confirm[1]]
    assert error_of(bad)[:2] == (len(data["moves"]) + 1, "R6")
    # a tile after the block, straight away or after some confirmations
    for count in (0, n - 1):
        bad = copy.deepcopy(data)
        tile = str(st.hands[confirm[count]["seat"] - 1][0])
        bad["moves"] += [*confirm[:count], {"seat": confirm[count]["seat"], "tile": tile, "end": 1}]
        move, rule, msg = error_of(bad)
        assert (move, rule) == (len(data["moves"]) + count + 1, "R13")
        assert "blocked" in msg


# -- R2, R3, R4: hands that do not match the deal ----------------------------------
@pytest.mark.parametrize(("rules", "players", "seed"), CASES[::3])
def test_hand_sizes_R3(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    for seat in range(players):
        short = copy.deepcopy(data)
        dropped = short["hands"][seat].pop()
        if short.get("out_of_play") is not None and short["out_of_play"] != []:
            short["out_of_play"] = sorted([*short["out_of_play"], dropped])
        move, rule, msg = error_of(short)
        assert (move, rule) == (0, "R3")
        assert f"player {seat + 1} holds" in msg  # round.check_hands, the one check of hands


@pytest.mark.parametrize(("rules", "players", "seed"), CASES[::3])
def test_repeated_tile_R2(rules: str, players: int, seed: int) -> None:
    data, _ = rec_of(rules, players, seed)
    bad = copy.deepcopy(data)
    bad["hands"][-1][-1] = bad["hands"][0][0]
    move, rule, msg = error_of(bad)
    assert (move, rule) == (0, "R2")
    assert bad["hands"][0][0] in msg and "each tile is unique" in msg
    twice = copy.deepcopy(data)
    twice["hands"][0][1] = twice["hands"][0][0]
    assert error_of(twice)[:2] == (0, "R2")


@pytest.mark.parametrize(("rules", "expected"), [("pagat", "R2"), ("double-nine", "V5")])
def test_tile_outside_the_set(rules: str, expected: str) -> None:
    data, _ = rec_of(rules, 2, 5)
    data["hands"][1][0] = "[10|10]"
    move, rule, msg = error_of(data)
    assert (move, rule) == (0, expected)
    assert "[10|10]" in msg


def test_out_of_play_R4() -> None:
    data, _ = rec_of("pagat", 3, 2)
    clash = copy.deepcopy(data)
    clash["out_of_play"][0] = clash["hands"][1][0]
    assert error_of(clash)[:2] == (0, "R4")
    short = copy.deepcopy(data)
    short["out_of_play"].pop()
    move, rule, msg = error_of(short)
    assert (move, rule) == (0, "R4") and "13 of the 28" in msg


def test_players_and_hands_disagree() -> None:
    data, _ = rec_of("pagat", 3, 2)
    data["players"] = 2
    assert error_of(data)[:2] == (0, "R3")
    data["players"] = 5
    assert error_of(data)[:2] == (0, "R1")


def test_highest_double_starter_and_lead_V2() -> None:
    data, _ = rec_of("highest-double", 3, 4)
    wrong = copy.deepcopy(data)
    wrong["starter"] = wrong["starter"] % 3 + 1
    assert error_of(wrong)[:2] == (0, "V2")
    lead = copy.deepcopy(data)
    seat = lead["starter"]
    other = next(t for t in lead["hands"][seat - 1] if t != lead["moves"][0]["tile"])
    lead["moves"][0]["tile"] = other
    assert error_of(lead)[:2] == (1, "V2")
    # a later round of a match has no fixed lead
    later = copy.deepcopy(wrong)
    later["round"] = 2
    assert error_of(later)[:2] == (1, "R6")


# -- the Draw game ---------------------------------------------------------------
def _draw_round() -> Rec:
    for seed in range(50):
        data, _ = rec_of("draw", 3, seed)
        if sum("draw" in m for m in data["moves"]) >= 2:
            return data
    raise AssertionError("no draw round with two draws")


def test_draw_game_draws() -> None:
    data = _draw_round()
    draws = [i for i, m in enumerate(data["moves"]) if "draw" in m]
    for k in (draws[0], draws[-1]):
        # drawing a tile someone holds
        bad = copy.deepcopy(data)
        bad["moves"][k]["draw"] = data["hands"][0][0]
        assert error_of(bad)[:2] == (k + 1, "V6")
        # passing while the boneyard has tiles
        bad = copy.deepcopy(data)
        bad["moves"][k] = {"seat": data["moves"][k]["seat"], "pass": True}
        assert error_of(bad)[:2] == (k + 1, "V6")
    # drawing while able to play
    k = plays(data)[2]
    bad = copy.deepcopy(data)
    bad["moves"].insert(
        k, {"seat": data["moves"][k]["seat"], "draw": data["moves"][draws[0]]["draw"]}
    )
    assert error_of(bad)[:2] == (k + 1, "R9")


def test_no_drawing_in_block_R4() -> None:
    data, _ = rec_of("pagat", 2, 3)
    k = 2
    data["moves"].insert(k, {"seat": data["moves"][k]["seat"], "draw": data["out_of_play"][0]})
    assert error_of(data)[:2] == (k + 1, "R4")


# -- the claimed result -------------------------------------------------------------
def test_wrong_points_show_the_arithmetic() -> None:
    seen = set()
    for rules, n in PRESET_PLAYERS:
        for seed in range(25):
            data, st = rec_of(rules, n, seed)
            out = st.outcome()
            assert out is not None
            bad = copy.deepcopy(data)
            bad["outcome"]["points"] += 1
            move, rule, msg = error_of(bad)
            assert move is None
            expected = {"domino": "R15"}.get(out.kind.value) or (
                "R17"
                if out.winner is None
                else "V3"
                if rules == "partnership"
                else "V4"
                if rules == "all-pips"
                else "R16"
            )
            assert rule == expected
            assert out.explanation in msg and f"the rules give {out.points}" in msg
            v = check(bad)
            assert v.to_json()["outcome"] == data["outcome"]
            seen.add(rule)
    assert {"R15", "R16", "R17", "V3", "V4"} <= seen


def test_wrong_winner_kind_and_totals() -> None:
    (data, _), *_ = _rounds("domino")
    bad = copy.deepcopy(data)
    bad["outcome"]["winner"] = bad["outcome"]["winner"] % data["players"] + 1
    assert error_of(bad)[:2] == (None, "R15")
    bad = copy.deepcopy(data)
    bad["outcome"]["outcome"] = "blocked"
    assert error_of(bad)[:2] == (None, "R13")
    bad = copy.deepcopy(data)
    bad["outcome"]["totals"] = [t + 1 for t in bad["outcome"]["totals"]]
    assert error_of(bad)[:2] == (None, "R14")


def test_claim_on_an_unfinished_round_R13() -> None:
    data, _ = rec_of("pagat", 2, 6)
    data["moves"] = data["moves"][:4]
    move, rule, msg = error_of(data)
    assert (move, rule) == (None, "R13") and "not over after move 4" in msg


def test_steps_stop_at_the_violation() -> None:
    data, _ = rec_of("pagat", 3, 4)
    k = plays(data)[3]
    data["moves"][k] = {"seat": data["moves"][k]["seat"], "pass": True}
    v = check(data)
    assert [s.number for s in v.steps] == list(range(k + 2))
    assert v.steps[-1].error == v.first_error
    assert v.steps[-1].state == v.steps[-2].state  # the picture before the bad move


# -- the command line -------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    data, _ = rec_of("pagat", 3, 4)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    bad_data = copy.deepcopy(data)
    k = plays(bad_data)[2]
    bad_data["moves"][k] = {"seat": bad_data["moves"][k]["seat"], "pass": True}
    bad = tmp_path / "bad.txt"
    bad.write_text(format_record(record_from_json(bad_data)), encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_text("rules: pagat\nhand 1: 1-1 2-?\n", encoding="utf-8")
    return {"good": good, "bad": bad, "broken": broken, "dir": tmp_path}


def test_cli_check_valid_exit_0(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    code, out, err = run_cli(capsys, "check", str(files["good"]), "--json")
    assert code == 0 and not err
    assert json.loads(out)["valid"] is True
    code, out, _ = run_cli(capsys, "check", str(files["good"]))
    assert code == 0 and out.startswith("valid: all 13 moves")


def test_cli_check_invalid_exit_1(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    code, out, err = run_cli(capsys, "check", str(files["bad"]), "--json")
    assert code == 1 and not err
    data = json.loads(out)
    assert data["valid"] is False and data["first_error"]["rule"] == "R9"
    assert data["outcome"] is None
    code, out, _ = run_cli(capsys, "check", str(files["bad"]))
    assert code == 1 and out.startswith("invalid: move ") and "breaks R9" in out
    assert "(line " in out  # the notation line of the bad move


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["check", "{broken}"], "broken.txt: line 2: cannot read '2-?'"),
        (["check", "{dir}/missing.txt"], "missing.txt"),
        (["record", "convert", "{broken}", "{dir}/x.json"], "line 2"),
        (["record", "convert", "{good}", "{dir}/x.dat"], "name it .json or .txt"),
        (["record", "convert", "{good}", "-", "--to", "xml"], "invalid choice"),
        (["check", "{good}", "--rules", "app"], "but --rules says 'app'"),
        (["record"], "record"),
    ],
)
def test_cli_unreadable_exit_2(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], args: list[str], fragment: str
) -> None:
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err, err


def test_cli_convert_both_ways(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    d = files["dir"]
    code, out, _ = run_cli(capsys, "record", "convert", str(files["good"]), str(d / "r.txt"))
    assert code == 0 and "text form" in out
    code, _, _ = run_cli(capsys, "record", "convert", str(d / "r.txt"), str(d / "r.json"))
    assert code == 0
    original = json.loads(files["good"].read_text())
    assert json.loads((d / "r.json").read_text()) == original
    # '-' writes to stdout: the other form by default, or the one --to names
    code, out, _ = run_cli(capsys, "record", "convert", str(d / "r.txt"), "-")
    assert code == 0 and json.loads(out) == original
    code, out, _ = run_cli(capsys, "record", "convert", str(d / "r.json"), "-", "--to", "text")
    assert out == (d / "r.txt").read_text()


def test_cli_stdin(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(files["bad"].read_text()))
    code, out, _ = run_cli(capsys, "check", "-", "--json")
    assert code == 1 and json.loads(out)["first_error"]["rule"] == "R9"


# -- the widget ------------------------------------------------------------------
def test_widget_example_is_the_seeded_round() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets.checker import EXAMPLE

    data, _ = rec_of("pagat", 3, 4)
    assert parse_record(EXAMPLE) == record_from_json(data)


def test_widget_verdict_links_the_rule_and_replays_to_the_violation() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import record_checker
    from block_dominoes.widgets.checker import EXAMPLE

    wdg = record_checker()
    text, buttons, message, verdict, replay = wdg.children[1:]
    assert "valid: all 13 moves" in verdict.value and "rules-card.html#r15" in verdict.value
    assert len(replay.children[0].frames) == 14

    text.value = EXAMPLE.replace("11. player 2: pass", "11. player 2: pass  # 'I can't go'")
    text.value = text.value.replace("7. player 1: [1|5] on 5", "7. player 1: pass")
    buttons.children[0].click()
    assert 'breaks <a href="../reference/rules-card.html#r9"' in verdict.value
    view = replay.children[0]
    assert len(view.frames) == 8  # the deal, moves 1-6, and the pass at move 7
    assert "breaks R9" in view.captions[-1] and "could play [0|5] on the 5" in view.captions[-1]
    assert view.slider.value == view.stack.selected_index == 7

    text.value = "hand 1: 1-1\nhand 2: 2-x"
    buttons.children[0].click()
    assert "line 2" in message.value and "2-x" in message.value
    # no old verdict or replay is left standing beside a record that could not be read
    assert "No verdict" in verdict.value and replay.children == ()

    # loading a file checks it and puts it in the text box
    data, _ = rec_of("pagat", 2, 3)
    content = json.dumps(data).encode()
    upload = buttons.children[1]
    upload.set_trait(
        "value",
        (
            {
                "name": "r.json",
                "type": "application/json",
                "size": len(content),
                "content": memoryview(content),
                "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
            },
        ),
    )
    assert "valid" in verdict.value and text.value == content.decode()

    def load(name: str, raw: bytes) -> None:
        upload.set_trait(
            "value",
            (
                {
                    "name": name,
                    "type": "text/plain",
                    "size": len(raw),
                    "content": memoryview(raw),
                    "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
                },
            ),
        )

    load("notepad.txt", "\ufeff".encode() + EXAMPLE.encode())  # a BOM, as Notepad writes
    assert "valid: all 13 moves" in verdict.value
    load("latin1.txt", "hand 1: 1-1 \xe9".encode("latin-1"))
    assert "cannot read &#x27;latin1.txt&#x27;" in message.value and "UTF-8" in message.value


def test_the_checker_asks_the_engine_and_words_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # The referee re-implements no rule: whatever RoundState raises, with its rule,
    # is the verdict (an unknown check keeps the engine's own words).
    from block_dominoes.errors import IllegalMoveError

    data, _ = rec_of("pagat", 3, 4)

    def refuse(self: RoundState, move: object) -> None:
        if len(self.history) == 2:
            raise IllegalMoveError("a rule from elsewhere (R99)")

    monkeypatch.setattr(RoundState, "_check", refuse)
    move, rule, msg = error_of(data)
    assert (move, rule, msg) == (3, "R99", "a rule from elsewhere (R99)")
