"""The score sheet engine: explained rounds, checked claims, refusals, edit, undo, storage."""

from __future__ import annotations

import itertools
import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from block_dominoes.errors import (
    BlockDominoesError,
    ConfirmationError,
    InvalidPositionError,
    InvalidTileError,
    SheetFileError,
)
from block_dominoes.feasible import check_totals, claim_table, hands_possible
from block_dominoes.hands import parse_hand
from block_dominoes.players import play_round
from block_dominoes.rules import PRESETS, find_rules
from block_dominoes.scoring import OutcomeKind, score_totals
from block_dominoes.sheet import (
    FORMAT,
    FORMAT_VERSION,
    Entry,
    Sheet,
    check_claim,
    dumps,
    load,
    save,
)
from block_dominoes.tiles import full_set


def sheet_bytes(**changes: object) -> bytes:
    """A stored 3-player sheet's bytes, with some fields changed (for corrupt-file cases)."""
    data: dict[str, object] = {
        "format": FORMAT,
        "version": 1,
        "rules": "pagat",
        "players": 3,
        "names": ["a", "b", "c"],
        "first_starter": 1,
        "rounds": [],
    }
    data.update(changes)
    return json.dumps(data).encode()


def files(folder: Path) -> list[str]:
    """The files in ``folder``, leaving out the lock files (``.NAME.lock``) writers share."""
    return sorted(x.name for x in folder.iterdir() if not x.name.endswith(".lock"))


def three() -> Sheet:
    return Sheet.new("pagat", 3, names=["Ann", "Ben", "Cem"], starter=2)


# -- set-up -------------------------------------------------------------------
def test_new_sheet_defaults() -> None:
    s = Sheet.new("pagat", 4)
    assert s.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert s.scores == (0, 0, 0, 0)
    assert s.next_starter == 1 and s.target == 61 and s.result is None


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"players": 5}, "R1"),
        ({"players": 1}, "R1"),
        ({"players": 3, "starter": 4}, "R5"),
        ({"players": 3, "starter": 0}, "R5"),
        ({"players": 3, "names": ["A", "B"]}, "one name per player"),
        ({"players": 2, "names": ["A", ""]}, "cannot be empty"),
        ({"players": 2, "names": ["Ann", "ann"]}, "same name"),
    ],
)
def test_new_sheet_refusals(kwargs: dict[str, object], needle: str) -> None:
    players = kwargs.pop("players")
    with pytest.raises(InvalidPositionError, match=needle):
        Sheet.new("pagat", players, **kwargs)  # type: ignore[arg-type]


def test_sheet_built_directly_replays_its_rounds() -> None:
    s = Sheet(find_rules("pagat"), 3, ("a", "b", "c"), 1, (Entry.of_hands(["-", "4", "5"]),))
    assert s.scores == (9, 0, 0) and s.next_starter == 2
    assert s == Sheet.new("pagat", 3, names=["a", "b", "c"]).add_hands(["-", "4", "5"])


def test_partnership_needs_four_players() -> None:
    with pytest.raises(InvalidPositionError, match="V3"):
        Sheet.new("partnership", 3)


# -- rounds from hands ----------------------------------------------------------
def test_rounds_explained_totals_and_next_starter_r19() -> None:
    s = three().add_hands(["-", "0-0", "2-6"])  # E8: the [0|0] holder is not tied (R15)
    r1 = s.rounds[0]
    assert r1.starter == 2 and r1.outcome.points == 8
    assert "0 + 8 = 8" in r1.explanation and "R15" in r1.explanation
    assert s.scores == (8, 0, 0)
    assert s.next_starter == 3  # one seat on from the starter, whoever won (R19)
    s = s.add_hands(["3", "7", "8"])  # E10
    assert "7 + 8 - 3 = 12" in s.rounds[1].explanation
    assert s.scores == (20, 0, 0) and s.next_starter == 1
    s = s.add_hands(["3", "3", "8"])  # E11: tied block, nobody scores (R17)
    assert s.scores == (20, 0, 0) and "R17" in s.rounds[2].explanation
    assert s.next_starter == 2


def test_next_starter_v1_winner_starts() -> None:
    s = Sheet.new("app", 3, starter=1).add_hands(["5", "-", "6"])
    assert s.next_starter == 2  # the winner starts (V1)
    s = s.add_hands(["3", "3", "8"])  # tied block: one seat on from the starter, 2 -> 3
    assert s.next_starter == 3
    assert "V1" in s.rounds[-1].starter_reason


def test_match_end_and_winner_r20_excess_kept() -> None:
    s = three().add_hands(["-", "30", "25"])
    assert s.result is None and s.scores == (55, 0, 0)
    s = s.add_hands(["-", "4", "8"])
    assert s.scores == (67, 0, 0)  # the excess over 61 stays counted (R20)
    assert s.result is not None and s.result.winner == 1 and s.next_starter is None
    assert "Ann (player 1) wins with 67 of 61 (R20)" in s.describe()
    assert s.rounds[-1].result == s.result


def test_partnership_pair_scores_and_wins() -> None:
    s = Sheet.new("partnership", 4, names=["A", "B", "C", "D"])
    s = s.add_hands(["-", "30", "5", "40"])  # pair 1+3 scores 30 + 40 (V3)
    assert s.scores == (70, 0, 70, 0)
    s = s.add_hands(["10", "-", "20", "9"])
    assert s.scores == (70, 30, 70, 30)
    s = s.add_hands(["-", "20", "1", "30"])
    assert s.result is not None and s.result.winner == 1
    assert "A (player 1) and C (player 3) win with 120 of 100 (R20)" in s.describe()


# -- refusals: every one leaves the sheet as it was -----------------------------------
REFUSED_HANDS = [
    (["-", "-", "3"], "R13"),  # two empty hands
    (["1-2", "1-2", "-"], "R2"),  # a tile in two hands
    (["1-2,1-2", "3", "-"], "R2"),  # a tile twice in one hand
    (["0-1,0-2,0-3,0-4,0-5,0-6", "-", "3"], "R3"),  # more tiles than were dealt
    (["60", "-", "3"], "R3, R14"),  # a total five tiles cannot hold (at most 52)
    (["0", "0", "-"], "R14"),  # two 0-pip players: only [0|0] is worth 0
    (["0", "5", "0"], "R14"),
    (["-", "3"], "R1"),  # a round of 2 hands on a 3-player sheet
    (["-", "3", "4", "5"], "R1"),
    (["-", "7-1", "3"], "R2"),  # a tile outside the double-six set
    (["-", "x", "3"], "R2"),  # unreadable
    (["-", "-3", "3"], "R14"),  # negative total
    # together more than the 14 tiles still held can hold (player 3 started: at most 4)
    (["52", "52", "43"], "R3, R14"),
    # player 3 started round 2 and led, so cannot still hold all 5 dealt tiles
    (
        ["0-0,0-1,0-2,0-3,0-4", "0-5,0-6,1-1,1-2,1-3", "1-4,1-5,1-6,2-2,2-3"],
        "R5, R7",
    ),
    (["-", "3", "44"], "R5, R14"),  # the starter's 4 tiles hold at most 43
]


REFUSED_HANDS += [
    # only [0|1] (or [0|0] + [0|1]) holds 1 pip, so two hands cannot both hold 1 (R2, R14)
    (["1", "1", "-"], "impossible together"),
    (["0-1", "1", "-"], "impossible together"),
    # blocked: at most 14 tiles are held (the lead is down), and they hold at most 118
    (["40", "40", "40"], "at most 118 pips"),
    # 1 pip: only [0|1]; the rest is possible alone, not beside it
    (["1", "0-1,2-2", "-"], "R2"),
]


@pytest.mark.parametrize(("hands", "rule"), REFUSED_HANDS)
def test_refused_hands(hands: list[str], rule: str) -> None:
    s = three().add_hands(["-", "4", "5"])
    before = dumps(s)
    with pytest.raises((InvalidPositionError, InvalidTileError)) as info:
        s.add_hands(hands)
    assert rule in str(info.value)
    assert dumps(s) == before and len(s.rounds) == 1


def test_refused_round_after_match_end() -> None:
    s = three().add_hands(["-", "40", "30"])
    assert s.result is not None
    for attempt in (lambda: s.add_hands(["-", "4", "5"]), lambda: s.add_claim(2, 10)):
        with pytest.raises(InvalidPositionError, match=r"the match is over.*R20"):
            attempt()


def test_hands_possible_three_answers() -> None:
    r = find_rules("pagat")
    specs = [parse_hand(h) for h in ("3", "3", "8")]  # E11 can happen
    assert hands_possible(r, specs, 14) is True
    assert hands_possible(r, [parse_hand(h) for h in ("1", "1", "-")], 15) is False
    # a search that runs out of steps answers None and refuses nothing
    heavy = [parse_hand(h) for h in ("39", "39", "39")]
    assert hands_possible(r, heavy, 14, budget=1) in (None, True)


@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000), data=st.data())
def test_real_remaining_hands_are_never_refused(name: str, seed: int, data: st.DataObject) -> None:
    """Soundness: the bare totals of a round that really happened are accepted."""
    r = PRESETS[name]
    if r.draw:  # hands.score_hands caps a hand at the dealt size; Draw hands grow
        return
    n = data.draw(st.sampled_from(r.player_counts))
    state = play_round(r, n, seed).state
    hands = ["-" if not h else str(sum(t.pips for t in h)) for h in state.hands]
    # the sheet's first starter is the round's: a seeded lot or the highest double (R5, V2)
    sheet = Sheet.new(r, n, starter=state.starter).add_hands(hands)
    assert sheet.rounds[0].outcome.points == state.outcome().points  # type: ignore[union-attr]


# -- claims ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "players", "seat", "points", "needle"),
    [
        # 4 players: three opponents hold >= 1 tile each: at least 0 + 1 + 2 = 3 (R15)
        ("pagat", 4, 1, 2, "a domino scores 3 to 124"),
        ("pagat", 4, 1, 0, "cannot score 0"),
        ("pagat", 3, 2, 0, "a domino scores 1 to 92"),
        ("pagat", 3, 2, 93, "cannot score 93"),
        ("pagat", 2, 1, 70, "a domino scores 0 to 69"),
        ("partnership", 4, 1, 0, "cannot score 0"),
        ("pagat", 3, 4, 10, "seat 4 is not a seat"),
        ("pagat", 3, 0, 10, "seat 0 is not a seat"),
        ("pagat", 3, 1, -1, "not a whole number"),
    ],
)
def test_refused_claims(rules: str, players: int, seat: int, points: int, needle: str) -> None:
    with pytest.raises(InvalidPositionError, match=needle):
        check_claim(rules, players, seat, points)


def test_claim_bounds_from_first_principles() -> None:
    # The smallest domino with k opponents: k distinct lightest tiles; the largest:
    # the heaviest tiles the opponents' hands can hold (five double-six tiles: 52).
    pips = sorted(t.pips for t in full_set(6))
    for n, size in ((2, 7), (3, 5), (4, 5)):
        t = claim_table(find_rules("pagat"), n)
        lo, hi = sum(pips[: n - 1]), sum(sorted(pips, reverse=True)[: (n - 1) * size])
        assert (t.domino >> lo) & 1 and not (lo and (t.domino >> (lo - 1)) & 1)
        assert (t.domino >> hi) & 1 and not (t.domino >> (hi + 1))
    assert sum(sorted(pips, reverse=True)[:5]) == 52


def test_claim_2_players_zero_only_as_domino() -> None:
    # with 2 players the opponent may hold only [0|0]: the winner scores 0 (R15)
    got = check_claim("pagat", 2, 1, 0)
    assert [i.kind for i in got] == [OutcomeKind.DOMINO]


def test_claim_lists_domino_and_blocked_interpretations() -> None:
    got = check_claim("pagat", 3, 3, 12)
    assert [i.kind for i in got] == [OutcomeKind.DOMINO, OutcomeKind.BLOCKED]
    assert "players 1 and 2 held 12 pips" in got[0].text
    # blocked: own total t with the others above it, summing to 12 + t: t can be 0..10
    assert "0 to 10" in got[1].text and "R16" in got[1].text


def test_claim_partnership_either_partner_went_out() -> None:
    got = check_claim("partnership", 4, 2, 30)
    domino = [i.went_out for i in got if i.kind is OutcomeKind.DOMINO]
    assert domino == [2, 4]
    assert any(i.kind is OutcomeKind.BLOCKED and "V3" in i.text for i in got)


def _verify_example(rules: str, players: int, seat: int, points: int) -> None:
    r = find_rules(rules)
    for interp in check_claim(r, players, seat, points):
        if interp.example is None:
            continue
        went = interp.went_out if interp.kind is OutcomeKind.DOMINO else None
        if not r.draw:  # hands.check_totals caps a hand at the dealt size; Draw hands grow
            check_totals(r, interp.example, went)
        out = score_totals(r, interp.example, went)
        assert out.kind is interp.kind
        assert seat in out.side and out.points == points, (interp, out)


@pytest.mark.parametrize("name", list(PRESETS))
def test_claim_examples_score_the_claim(name: str) -> None:
    r = PRESETS[name]
    for n in r.player_counts:
        t = claim_table(r, n)
        for points in range(0, 130, 7):
            if (t.domino | t.blocked_bits) >> points & 1:
                _verify_example(name, n, 1, points)


@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_every_simulated_round_is_an_accepted_claim(
    name: str, seed: int, data: st.DataObject
) -> None:
    """Soundness: a claim that really happened is never refused, and its kind is listed."""
    r = PRESETS[name]
    n = data.draw(st.sampled_from(r.player_counts))
    out = play_round(r, n, seed).state.outcome()
    assert out is not None
    if out.winner is None:
        return
    seat = data.draw(st.sampled_from(out.side))
    kinds = {i.kind for i in check_claim(r, n, seat, out.points)}
    assert out.kind in kinds


# -- edit and undo ------------------------------------------------------------------
def test_edit_recomputes_later_rounds() -> None:
    s = Sheet.new("app", 3, starter=1)
    s = s.add_hands(["5", "-", "6"]).add_hands(["-", "4", "9"]).add_hands(["3", "3", "8"])
    assert [r.starter for r in s.rounds] == [1, 2, 1]
    e = s.edit(1, Entry.of_hands(["-", "5", "6"]))  # now player 1 won round 1 (V1)
    assert [r.starter for r in e.rounds] == [1, 1, 1]
    assert e.scores == (11 + 13, 0, 0)
    assert e.rounds[1].scores == (24, 0, 0)
    assert s.scores == (13, 11, 0)  # the old sheet is unchanged


def test_edit_conflict_names_the_later_rounds() -> None:
    s = three().add_hands(["-", "4", "5"]).add_hands(["3", "-", "5"]).add_hands(["3", "4", "-"])
    with pytest.raises(ConfirmationError, match=r"ends after round 1 \(R20\), so rounds 2 to 3"):
        s.edit(1, Entry.of_claim(1, 70))
    with pytest.raises(ConfirmationError, match=r"round 3 would come after the end"):
        s.edit(2, Entry.of_claim(2, 70))
    e = s.edit(1, Entry.of_claim(1, 70), drop_later=True)
    assert len(e.rounds) == 1 and e.result is not None and e.result.winner == 1


def test_edit_refusals() -> None:
    s = three().add_hands(["-", "4", "5"])
    with pytest.raises(InvalidPositionError, match="cannot edit round 2"):
        s.edit(2, Entry.of_hands(["-", "4", "5"]))
    with pytest.raises(InvalidPositionError, match="cannot edit round 0"):
        s.edit(0, Entry.of_hands(["-", "4", "5"]))
    with pytest.raises(InvalidPositionError, match=r"round 1: .*R13"):
        s.edit(1, Entry.of_hands(["-", "-", "5"]))
    with pytest.raises(InvalidPositionError, match=r"round 1: claim refused"):
        s.edit(1, Entry.of_claim(1, 0))


def test_undo_needs_confirmation() -> None:
    s = three().add_hands(["-", "4", "5"]).add_claim(2, 20)
    with pytest.raises(ConfirmationError, match="undo of round 2 refused"):
        s.undo(confirm=False)
    u = s.undo(confirm=True)
    assert len(u.rounds) == 1 and u.scores == (9, 0, 0) and u.next_starter == 3
    with pytest.raises(InvalidPositionError, match="nothing to undo"):
        three().undo(confirm=True)


def test_undo_reopens_a_finished_match() -> None:
    s = three().add_hands(["-", "40", "30"])
    u = s.undo(confirm=True)
    assert u.result is None and u.next_starter == 2


# -- property: totals are the sum of the explained rounds -------------------------
_EXPR = re.compile(r"scores ((?:\d+ [+-] )*\d+)(?: = (\d+))? \(")


def _explained(expl: str) -> int:
    """The points an explanation states, with its arithmetic checked."""
    if "nobody scores" in expl:
        return 0
    m = re.search(r"^claim: (?:player|pair) [\d+]+ scored (\d+);", expl)
    if m:
        return int(m.group(1))
    m = _EXPR.search(expl)
    assert m, expl
    terms = m.group(1).split()
    value = int(terms[0])
    for op, num in itertools.pairwise(terms[1:]):
        if op in "+-":
            value = value + int(num) if op == "+" else value - int(num)
    if m.group(2) is not None:
        assert value == int(m.group(2)), expl
    return value


def _scorers(expl: str, n: int) -> set[int]:
    if "nobody scores" in expl:
        return set()
    m = re.search(r"pair (\d)\+(\d) (?:scores|has the sole|scored)", expl)
    if m:
        return {int(m.group(1)), int(m.group(2))}
    m = re.search(r"(?:so |^claim: )player (\d) score|player (\d) has the sole lowest", expl)
    assert m, expl
    return {int(m.group(1) or m.group(2))}


@given(
    name=st.sampled_from(["pagat", "app", "all-pips", "partnership", "double-nine"]),
    seed=st.integers(0, 5000),
    data=st.data(),
)
def test_totals_equal_sum_of_explained_rounds(name: str, seed: int, data: st.DataObject) -> None:
    r = PRESETS[name]
    n = data.draw(st.sampled_from(r.player_counts))
    sheet = Sheet.new(r, n, starter=data.draw(st.integers(1, n)))
    k = 0
    while sheet.result is None and k < 12:
        k += 1
        if data.draw(st.booleans()):
            # only rounds the rules allow: the sheet's next starter starts (and leads) it
            state = play_round(r, n, seed, round_number=k, starter=sheet.next_starter).state
            hands = [
                "-" if not h else (",".join(f"{t.low}-{t.high}" for t in h)) for h in state.hands
            ]
            if data.draw(st.booleans()):  # some hands as bare totals
                hands = [
                    h if h == "-" else str(sum(t.pips for t in state.hands[i]))
                    for i, h in enumerate(hands)
                ]
            sheet = sheet.add_hands(hands)
        else:
            seat = data.draw(st.integers(1, n))
            pts = data.draw(st.integers(0, 80))
            try:
                sheet = sheet.add_claim(seat, pts)
            except InvalidPositionError:
                continue
    totals = [0] * n
    for rnd in sheet.rounds:
        pts = _explained(rnd.explanation)
        assert pts == rnd.outcome.points
        for seat in _scorers(rnd.explanation, n):
            totals[seat - 1] += pts
        assert tuple(totals) == rnd.scores
    assert tuple(totals) == sheet.scores


def test_generated_rounds_are_started_by_the_sheets_starter() -> None:
    """The case hypothesis found (double-nine, seed 179): a round dealt with its own lot
    (started by player 2) does not fit a sheet whose next starter is player 1, which
    rightly refuses it (R5, R7); dealt with the sheet's starter, it is accepted."""
    r = PRESETS["double-nine"]
    sheet = Sheet.new(r, 2)

    def hands(state_hands: tuple[tuple[object, ...], ...]) -> list[str]:
        return ["-" if not h else ",".join(map(str, h)) for h in state_hands]

    own_lot = play_round(r, 2, 179, round_number=3).state
    assert own_lot.starter == 2
    with pytest.raises(InvalidPositionError, match=r"player 1 started this round.*R5, R7"):
        sheet.add_hands(hands(own_lot.hands))
    fitted = play_round(r, 2, 179, round_number=3, starter=sheet.next_starter).state
    assert fitted.starter == 1
    assert len(sheet.add_hands(hands(fitted.hands)).rounds) == 1


# -- storage ------------------------------------------------------------------------
def test_round_trip(tmp_path: Path) -> None:
    s = three().add_hands(["-", "0-0", "2-6"]).add_claim(3, 30).add_hands(["3", "7", "8"])
    p = tmp_path / "m.json"
    save(s, p, new=True)
    data = json.loads(p.read_text())
    assert data["format"] == FORMAT and data["version"] == FORMAT_VERSION
    assert data["rounds"][1] == {"claim": {"seat": 3, "points": 30}}
    back = load(p)
    assert back == s and back.scores == s.scores and back.describe() == s.describe()


def test_new_never_overwrites(tmp_path: Path) -> None:
    p = tmp_path / "m.json"
    p.write_text("keep me")
    with pytest.raises(SheetFileError, match="never overwrites"):
        save(three(), p, new=True)
    assert p.read_text() == "keep me"


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b"[]", "not a score sheet"),
        (b'{"format": "other"}', "not a score sheet"),
        (json.dumps({"format": FORMAT, "version": 99}).encode(), "version 99 is not supported"),
        (json.dumps({"format": FORMAT, "version": 1, "rules": "pagat"}).encode(), "'players'"),
        (
            sheet_bytes(rounds=[{"hands": ["-", "-", "3"]}]),
            "round 1: .*R13",
        ),
        (
            sheet_bytes(rules="nope"),
            "unknown ruleset",
        ),
        (
            sheet_bytes(rounds=[{"claim": {"seat": "1", "points": 3}}]),
            "round 1: the claim's seat '1' is not a whole number from 1",
        ),
    ],
)
def test_corrupt_files_are_refused(tmp_path: Path, content: bytes, needle: str) -> None:
    p = tmp_path / "m.json"
    p.write_bytes(content)
    with pytest.raises(SheetFileError, match=needle):
        load(p)
    assert p.read_bytes() == content


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SheetFileError, match="no score sheet"):
        load(tmp_path / "none.json")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(SheetFileError, match="cannot read"):
        load(tmp_path)  # a folder cannot be read as a file


def test_interrupted_replace_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "m.json"
    s = three().add_hands(["-", "4", "5"])
    save(s, p, new=True)
    before = p.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SheetFileError, match=r"cannot write '.*m\.json': no space left"):
        save(s.add_claim(2, 20), p)
    assert p.read_bytes() == before
    assert files(tmp_path) == ["m.json"]  # no temp file left


def test_interrupted_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "m.json"
    s = three().add_hands(["-", "4", "5"])
    save(s, p, new=True)
    before = p.read_bytes()
    real_fsync = os.fsync
    calls = []

    def crash(fd: int) -> None:  # the data was written but never made it to disk
        calls.append(fd)
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(SheetFileError, match=r"m\.json': input/output error"):
        save(s.add_claim(2, 20), p)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert calls and p.read_bytes() == before
    assert load(p) == s
    assert files(tmp_path) == ["m.json"]


def test_new_loses_a_race_without_overwriting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "m.json"
    real_link = os.link

    def someone_else_first(src: str, dst: str) -> None:
        Path(dst).write_text("theirs")  # the name is taken between the check and the link
        real_link(src, dst)

    monkeypatch.setattr(os, "link", someone_else_first)
    with pytest.raises(SheetFileError, match="never overwrites"):
        save(three(), p, new=True)
    assert p.read_text() == "theirs"
    assert files(tmp_path) == ["m.json"]


def test_save_through_a_symlink_updates_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    save(three(), real, new=True)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save(three().add_hands(["-", "4", "5"]), link)
    assert link.is_symlink() and len(load(real).rounds) == 1


def test_save_keeps_bytes_stable(tmp_path: Path) -> None:
    p = tmp_path / "m.json"
    s = three().add_hands(["-", "4", "5"])
    save(s, p, new=True)
    first = p.read_bytes()
    save(load(p), p)
    assert p.read_bytes() == first


def test_errors_are_value_errors() -> None:
    assert issubclass(SheetFileError, BlockDominoesError)
    assert issubclass(ConfirmationError, ValueError)


def test_the_starter_led_a_tile() -> None:
    s = Sheet.new("pagat", 2, starter=2)
    before = dumps(s)
    with pytest.raises(InvalidPositionError, match="still holds all 7 dealt tiles"):
        s.add_hands(["-", "0-0,0-1,0-2,0-3,0-4,0-5,0-6"])
    with pytest.raises(InvalidPositionError, match="at most 6, worth at most 61"):
        s.add_hands(["-", "69"])
    assert dumps(s) == before
    assert s.add_hands(["-", "61"]).rounds[0].outcome.points == 61


# -- the published format: schemas/sheet.schema.json ---------------------------------
def _validator() -> jsonschema.Draft202012Validator:
    from block_dominoes.sheet.fileformat import schema

    s = schema()
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def _stored_examples() -> list[Sheet]:
    out = [three().add_hands(["-", "0-0", "2-6"]).add_claim(3, 30).add_hands(["3", "7", "8"])]
    for r in PRESETS.values():
        for n in r.player_counts:
            s = Sheet.new(r, n, names=[f"Seat {i} ✓" for i in range(1, n + 1)], starter=n)
            s = s.add_claim(1, 10)
            out.append(s)
    return out


def test_stored_sheets_match_the_schema(tmp_path: Path) -> None:
    v = _validator()
    for i, s in enumerate(_stored_examples()):
        p = tmp_path / f"s{i}.json"
        save(s, p, new=True)
        data = json.loads(p.read_text(encoding="utf-8"))
        assert list(v.iter_errors(data)) == [], s.rules.name


@pytest.mark.parametrize(
    "change",
    [
        {"notes": "x"},
        {"version": True},
        {"version": 2},
        {"names": ["a", "b\nc", "d"]},
        {"names": ["a", 7, "d"]},
        {"rounds": [{"claim": {"seat": 1, "points": 5, "note": "x"}}]},
        {"rounds": [{"hands": ["-", "4", "5"], "note": "x"}]},
        {"first_starter": 0},
        {"rules": "nope"},
    ],
)
def test_schema_and_loader_refuse_the_same_files(tmp_path: Path, change: dict[str, object]) -> None:
    data = json.loads(sheet_bytes(**change))
    assert list(_validator().iter_errors(data)), change
    p = tmp_path / "m.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SheetFileError):
        load(p)
