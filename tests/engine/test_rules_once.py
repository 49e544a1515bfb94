"""Each rule written once (issue 19): every entry point gives the one answer.

- a lead written with an end (``3-4@4``) is refused by every reader of moves and lines,
  with the same sentence and rule (R5);
- the ends after a placement are ``Line.place``'s wherever they are computed
  (strategies, knowledge, the kernel), also when both ends show the same number;
- who starts next and how a match ends are decided, and worded, by ``match.py`` for
  the sheet, the play widget's words, the quizzes and the simulator;
- hands are read and checked in one place, with the rule as data and the reasons in
  the reader's language.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import run_cli

import block_dominoes.players.kernel as kernel
from block_dominoes.deal import check_hands
from block_dominoes.errors import BlockDominoesError, IllegalMoveError, InvalidPositionError
from block_dominoes.i18n import available_languages, language
from block_dominoes.line import Line
from block_dominoes.match import Match, match_result, next_seat, next_start, result_sentence
from block_dominoes.players import knowledge, play_round, solve
from block_dominoes.players.strategies import _after
from block_dominoes.records import check_record, record_from_json, round_json
from block_dominoes.round import Pass, Play, RoundState, parse_move, placements
from block_dominoes.rules import NextStarter, find_rules, rules_names
from block_dominoes.scoring import score_totals
from block_dominoes.sheet import Sheet
from block_dominoes.tiles import Tile, tile_index
from block_dominoes.widgets import play
from block_dominoes.widgets.explorer import build_line
from block_dominoes.widgets.quiz import who_starts_next, who_won_match

LEAD_REFUSAL = "illegal lead: the lead joins no open end, so it takes no '@{end}': write it as '[3|4]' alone (R5)"


# -- a lead written with an end: one answer (R5) ---------------------------------------------
# The lead joins no end: the empty line has none (R7 places a tile at an open end), and R5
# lets the starter lead any tile, so '@V' on a lead means nothing. It is refused for every V,
# whether or not the tile shows it, so that no reader silently drops what a person wrote.
ENDS = [3, 4, 5]  # one half, the other half, a number the tile lacks


@pytest.mark.parametrize("end", ENDS)
def test_line_build_refuses_a_lead_with_an_end(end: int) -> None:
    with pytest.raises(IllegalMoveError) as e:
        Line.build([f"3-4@{end}", "4-5"])
    assert str(e.value) == LEAD_REFUSAL.format(end=end)
    assert (e.value.rule, e.value.reason) == ("R5", "lead-end")
    assert Line.build(["3-4", "4-5"]).end_values == (3, 5)  # without the end: fine


@pytest.mark.parametrize("end", ENDS)
def test_round_state_play_and_apply_refuse_a_lead_with_an_end(end: int) -> None:
    s = RoundState.new("pagat", [["3-4", "1-1"], ["4-5", "0-0"]], starter=1)
    for attempt in (
        lambda: s.play(f"3-4@{end}"),
        lambda: s.play(f"lead [3|4] on {end}"),
        lambda: s.apply(Play(Tile(3, 4), end)),
    ):
        with pytest.raises(IllegalMoveError) as e:
            attempt()
        assert str(e.value) == LEAD_REFUSAL.format(end=end)
        assert (e.value.rule, e.value.move) == ("R5", 1)
    assert s.explain_illegal(parse_move(f"3-4@{end}")) == LEAD_REFUSAL.format(end=end)
    assert s.play("3-4").line.end_values == (3, 4)


@pytest.mark.parametrize("end", ENDS)
def test_cli_line_refuses_a_lead_with_an_end(capsys: pytest.CaptureFixture[str], end: int) -> None:
    code, out, err = run_cli(capsys, "line", f"3-4@{end}", "4-5")
    assert (code, out) == (2, "")
    assert err == f"block-dominoes: error: tile 1 ('3-4@{end}'): {LEAD_REFUSAL.format(end=end)}\n"


@pytest.mark.parametrize("end", ENDS)
def test_cli_legal_line_refuses_a_lead_with_an_end(
    capsys: pytest.CaptureFixture[str], end: int
) -> None:
    code, out, err = run_cli(capsys, "legal", "--line", f"3-4@{end}", "--hand", "4-5")
    assert (code, out) == (2, "")
    assert err == f"block-dominoes: error: {LEAD_REFUSAL.format(end=end)}\n"
    code, out, _ = run_cli(capsys, "legal", "--line", "3-4", "--hand", "4-5")
    assert (code, out) == (0, "[4|5] on the 4\n")


@pytest.mark.parametrize("end", ENDS)
def test_explorer_refuses_a_lead_with_an_end(end: int) -> None:
    with pytest.raises(IllegalMoveError) as e:
        build_line(f"3-4@{end} 4-5")
    assert str(e.value) == f"line, placement 1 ('3-4@{end}'): {LEAD_REFUSAL.format(end=end)}"
    assert e.value.rule == "R5"


def test_the_referee_refuses_a_record_whose_lead_has_an_end() -> None:
    g = play_round("pagat", 2, 3)
    data = round_json(g.state, 3)
    lead = data["moves"][0]
    assert lead["end"] is None and check_record(record_from_json(data)).first_error is None
    tile = Tile.parse(lead["tile"])
    lead["end"] = tile.low
    v = check_record(record_from_json(data)).first_error
    assert v is not None and (v.move, v.rule) == (1, "R5")
    assert v.message == LEAD_REFUSAL.replace("[3|4]", f"[{tile.low}|{tile.high}]").format(
        end=tile.low
    )


def test_every_line_reader_builds_the_same_line(capsys: pytest.CaptureFixture[str]) -> None:
    text = ["1-4", "1-1", "4-4", "3-4@4"]
    line = Line.build(text)
    assert build_line(" ".join(text)) == line
    code, out, _ = run_cli(capsys, "line", *text)
    assert (code, out) == (0, line.describe() + "\n")
    # A later placement that names no end it fits is refused in the same words everywhere.
    with pytest.raises(IllegalMoveError) as e:
        Line.build([*text, "5-6@5"])
    code, _, err = run_cli(capsys, "line", *text, "5-6@5")
    assert code == 2 and err.endswith(f"tile 5 ('5-6@5'): {e.value}\n")


# -- the ends after a placement: Line.place's, everywhere -------------------------------------
def _equal_ends_state() -> RoundState:
    s = RoundState.new("pagat", [["1-2", "1-3", "6-6"], ["2-3", "3-5", "4-4"]], starter=1)
    return s.play("1-2").play("2-3").play("1-3@1")  # ends 3 and 3


def test_a_value_at_both_ends_grows_on_the_right_for_the_strategies_too() -> None:
    # strategies._after used to put the new end on the left here, against Line.place.
    s = _equal_ends_state()
    assert s.line.end_values == (3, 3)
    move = Play(Tile(3, 5), 3)
    assert s.apply(move).line.end_values == (3, 5)
    assert _after(knowledge(s), move) == (3, 5)
    t = kernel.tables(6)
    assert kernel.attach(t, tile_index(Tile(3, 5)), 3, 3, 3) == (3, 5)


def _random_rounds(seed: int, name: str, n: int) -> RoundState:
    rng = random.Random(seed)
    s = RoundState.deal(name, n, seed)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_moves()))
    return s


BLOCK_PRESETS = [
    (name, n)
    for name in rules_names()
    if not find_rules(name).draw
    for n in find_rules(name).player_counts
]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(BLOCK_PRESETS))
def test_strategies_and_knowledge_see_the_ends_the_round_has(
    seed: int, preset: tuple[str, int]
) -> None:
    """Replay a random round: at every step the strategies' ends after each legal play
    are those RoundState.apply gives, the strategies' legal plays are RoundState's, and
    every pass is remembered with the ends the line showed when it was made."""
    name, n = preset
    end = _random_rounds(seed, name, n)
    passed: dict[int, set[int]] = {s: set() for s in range(1, n + 1)}
    for i, (seat, move) in enumerate(end.history):
        s = end.after(i)
        k = knowledge(s)
        assert k.plays() == s.playable()
        if s.line.tiles:  # Line.fits, tile by tile (the CLI's legal, the quizzes), agrees
            hand = s.hand(s.current_player)
            assert set(s.playable()) == {Play(t, v) for t in hand for v in s.line.fits(t)}
        for m in k.plays():
            assert _after(k, m) == s.apply(m).line.end_values
        if isinstance(move, Pass):
            passed[seat] |= set(s.line.end_values)
    for seat in range(1, n + 1):
        watcher = seat % n + 1
        assert knowledge(end, watcher).lacks[seat - 1] == frozenset(passed[seat])


def test_placements_is_the_list_of_legal_plays() -> None:
    line = Line.build(["1-4"])
    hand = [Tile(4, 6), Tile(1, 1), Tile(2, 3)]
    assert placements(line, hand) == (Play(Tile(1, 1), 1), Play(Tile(4, 6), 4))
    assert placements(Line(), hand[:2], lead=Tile(1, 1)) == (Play(Tile(1, 1)),)
    assert placements(Line(), hand[:1], lead=Tile(1, 1)) == ()


# -- next starter and match end: match.py decides and words them ---------------------------
@pytest.mark.parametrize("name", rules_names())
@pytest.mark.parametrize("winner", [None, 1, 2])
def test_next_start_is_the_one_answer(name: str, winner: int | None) -> None:
    r = find_rules(name)
    n = r.player_counts[-1]
    starter = n  # the clockwise seat wraps to 1
    ns = next_start(r, n, starter, winner)
    assert next_seat(r, n, starter, winner) == ns.seat  # the simulator's call
    by_winner = r.next_starter is NextStarter.WINNER
    assert ns.clockwise == 1 and ns.previous == starter
    assert ns.seat == (winner if by_winner and winner else 1)
    assert ns.rule == ("V1" if by_winner else "R19")
    assert ns.rule in ns.explain() and ns.rule in ns.short
    # The quiz's right answer is that seat, and its feedback cites that rule.
    q = who_starts_next(n, starter, winner, rules=name).question
    right = [c for c in q.choices if c.right]
    assert [c.text for c in right] == [f"Player {ns.seat}"]
    assert f"({ns.rule})" in right[0].feedback


def test_the_sheet_and_the_match_take_the_reason_from_match_py() -> None:
    for name in ("pagat", "app"):
        r = find_rules(name)
        sheet = Sheet.new(name, 3, starter=3).add_hands(["-", "3", "8"])
        rnd = sheet.rounds[-1]
        ns = next_start(r, 3, 3, 1)
        assert (rnd.next_starter, rnd.starter_reason) == (ns.seat, ns.short)
        m = Match.new(name, 3, starter=3).add(score_totals(name, [0, 3, 8], went_out=1))
        assert m.starter == ns.seat


@pytest.mark.parametrize("name", ["pagat", "app"])
def test_the_play_widget_words_the_next_start_as_match_py_does(name: str) -> None:
    r = find_rules(name)
    want = "winner" if r.next_starter is NextStarter.WINNER else "clockwise"
    for seed in range(60):
        p = play(players=2, rules=name, seed=seed, auto=True)
        before = p.state.starter
        p.play_to_end()
        out = p.state.outcome()
        assert out is not None and p.match.result is None
        ns = next_start(r, 2, before, out.winner)
        assert p.result_text.endswith(f"Player {ns.seat} starts the next round: {ns.explain()}.")
        if ns.reason == want:
            return
    raise AssertionError(f"no round started by reason {want!r} in 60 deals")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pagat", "partnership"]), st.data())
def test_match_result_is_the_one_answer(name: str, data: st.DataObject) -> None:
    r = find_rules(name)
    n = data.draw(st.sampled_from(r.player_counts))
    sides = r.teams(n)
    side_scores = data.draw(st.lists(st.integers(0, 140), min_size=len(sides), max_size=len(sides)))
    scores = [0] * n
    for side, v in zip(sides, side_scores, strict=True):
        for seat in side:
            scores[seat - 1] = v
    result = match_result(r, n, scores)
    target = r.target(n)
    top = max(side_scores)
    assert (result is None) == (top < target)
    if result is not None:
        assert (result.kind == "draw") == (side_scores.count(top) > 1)
    q = who_won_match(scores, rules=name).question
    right = [c for c in q.choices if c.right]
    assert len(right) == 1
    if result is not None and result.winner is not None:
        assert result_sentence(r, n, result, scores).endswith("(R20)")
        assert right[0].text.endswith("has won")
    else:
        assert not right[0].text.endswith("has won")


# -- hands: read and checked once, the rule as data, the reasons translated ----------------
HAND_CASES = [
    # (rules, hands, rule, English words)
    (
        "pagat",
        [["1-2", "1-2"], ["3-4"]],
        "R2",
        "tile '[1|2]' is held twice: each tile is unique (R2)",
    ),
    ("pagat", [["1-2"], ["1-2"]], "R2", "is held by players 1 and 2"),
    (
        "pagat",
        [[f"0-{i}" for i in range(7)] + ["1-1"], ["3-4"]],
        "R3",
        "player 1 holds 8 tiles; with 2 players each is dealt 7 (R3)",
    ),
    ("pagat", [["1-2"], ["3-4"], ["5-6"], ["0-0"], ["1-1"]], "R1", "5 players is not allowed"),
]


@pytest.mark.parametrize(("rules", "hands", "rule", "words"), HAND_CASES)
def test_hands_are_checked_once_with_the_rule_as_data(
    rules: str, hands: list[list[str]], rule: str, words: str
) -> None:
    # RoundState.new and the solver read and check hands with the same two functions.
    builds: list[Callable[[], object]] = [lambda: RoundState.new(rules, hands)]
    if len(hands) == 2:
        builds.append(lambda: solve(*hands, rules=rules))
    errors = []
    for build in builds:
        with pytest.raises(InvalidPositionError) as e:
            build()
        errors.append(e.value)
    assert {(e.rule, str(e)) for e in errors} == {(errors[0].rule, str(errors[0]))}
    assert errors[0].rule == rule and words in str(errors[0])
    with language("ar"), pytest.raises(InvalidPositionError) as ar:
        RoundState.new(rules, hands)
    assert ar.value.rule == rule and f"({rule})" in str(ar.value)
    assert any("\u0600" <= ch <= "\u06ff" for ch in str(ar.value)), str(ar.value)


@pytest.mark.parametrize(
    ("name", "tile", "rule"), [("pagat", Tile(6, 7), "R2"), ("double-nine", Tile(9, 10), "V5")]
)
def test_a_tile_outside_the_set_cites_the_sets_rule(name: str, tile: Tile, rule: str) -> None:
    r = find_rules(name)
    with pytest.raises(InvalidPositionError) as e:
        check_hands(r, [[tile], [Tile(0, 0)]])
    assert e.value.rule == rule
    assert str(e.value).endswith(f"halves go from 0 to {r.max_pip} ({rule})")
    with pytest.raises(BlockDominoesError) as parsed:
        RoundState.new(name, [[f"{tile.low}-{tile.high}"], ["0-0"]])
    assert parsed.value.rule == rule
    s = RoundState.new(name, [["0-1"], ["0-0"]])
    with pytest.raises(IllegalMoveError) as played:
        s.apply(Play(tile))
    assert played.value.rule == rule


def test_the_other_set_up_errors_carry_their_rule_in_both_languages() -> None:
    for lang in available_languages():
        with language(lang):
            with pytest.raises(InvalidPositionError) as e:
                RoundState.new("pagat", [["1-2"], ["3-4"]], rest=[Tile(1, 2)])
            assert e.value.rule == "R4" and "(R4)" in str(e.value)
            with pytest.raises(InvalidPositionError) as e:
                RoundState.new("pagat", [["1-2"], ["3-4"]], starter=3)
            assert e.value.rule == "R6" and "(R6)" in str(e.value)
            if lang == "ar":
                assert any("\u0600" <= ch <= "\u06ff" for ch in str(e.value))
