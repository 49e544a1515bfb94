"""Game records: the JSON record and the notation, both ways, and unreadable input."""

from __future__ import annotations

import doctest
import json

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import block_dominoes.records.load as records_mod
from block_dominoes.errors import RecordError
from block_dominoes.players import play_round
from block_dominoes.records import (
    ClaimedOutcome,
    dump_json,
    format_record,
    load_record,
    parse_record,
    record_from_json,
    record_schema,
    record_to_json,
    round_json,
)
from block_dominoes.round import DrawTile, Pass, Play
from block_dominoes.rules import rules_names
from block_dominoes.tiles import Tile

T = Tile.parse

PRESET_PLAYERS = [
    (name, n) for name in rules_names() for n in ((4,) if name == "partnership" else (2, 3, 4))
]


# Every record these tests produce is checked against the published schema.
SCHEMA = jsonschema.Draft202012Validator(record_schema())


def test_doctests() -> None:
    result = doctest.testmod(records_mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("rules", "players"), PRESET_PLAYERS)
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_round_trip_every_preset(rules: str, players: int, seed: int) -> None:
    """JSON -> record -> JSON gives back what `play --json` printed; record -> text -> record
    gives back the same record; the canonical text reads back to the same bytes."""
    data = round_json(play_round(rules, players, seed).state, seed)
    SCHEMA.validate(data)
    rec = record_from_json(data)
    assert record_to_json(rec) == data
    SCHEMA.validate(json.loads(dump_json(rec)))
    text = format_record(rec)
    back = parse_record(text)
    assert back == rec
    assert format_record(back) == text
    assert load_record(dump_json(rec)) == rec
    assert load_record(text) == rec
    # the JSON text is the same object as the one play --json prints
    assert json.loads(dump_json(rec)) == data


@given(
    st.sampled_from(PRESET_PLAYERS),
    st.integers(min_value=0, max_value=10**6),
)
def test_round_trip_property(preset: tuple[str, int], seed: int) -> None:
    rules, players = preset
    data = round_json(play_round(rules, players, seed).state, seed)
    SCHEMA.validate(data)
    rec = load_record(json.dumps(data))
    assert parse_record(format_record(rec)) == rec
    assert record_to_json(parse_record(format_record(rec))) == data


def test_draw_moves_round_trip() -> None:
    """A Draw game's record holds draw moves; they survive both conversions."""
    seed = next(
        s for s in range(50) if "draw" in json.dumps(round_json(play_round("draw", 3, s).state, s))
    )
    data = round_json(play_round("draw", 3, seed).state, seed)
    SCHEMA.validate(data)
    rec = record_from_json(data)
    assert any(isinstance(m, DrawTile) for _, m in rec.moves)
    assert "draw [" in format_record(rec)
    assert parse_record(format_record(rec)) == rec


CANON = """\
rules: pagat
players: 2
seed: 3
starter: 1
hand 1: [0|1] [0|2] [1|4] [2|2] [3|3] [5|5] [6|6]
hand 2: [0|0] [0|3] [2|3] [2|5] [3|5] [4|6] [5|6]
out of play: -
1. player 1: [1|4]
2. player 2: [4|6] on 4
3. player 1: pass
result: domino by 1, 7 points
"""


def test_forgiving_spellings_read_the_same() -> None:
    loose = """
    # written at the table, in a hurry
    RULES = Pagat
    Players : 2      # two of us
    deal: 3
    Hand1:   1-0  2-0 4-1 [2|2] 3:3 5 / 5 [6 | 6 ]
    hand 2 : [0|0],[3|0][3|2] 5-2 5-3 6-4 6-5

    out-of-play: none
    1) P1: plays 4-1
    2. Player 2: [6|4] @4
    player 1 : Passes
    Result: Domino by player 1 - 7 points
    """
    assert parse_record(loose) == parse_record(CANON)


def test_canonical_text_is_stable() -> None:
    assert format_record(parse_record(CANON)) == CANON


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("1: 4-6", Play(T("4-6"), None)),
        ("1: [6|4] on 4", Play(T("4-6"), 4)),
        ("1: 6-4 at the 6 end", Play(T("4-6"), 6)),
        ("1: 4-6@6", Play(T("4-6"), 6)),
        ("1: leads [6|6]", Play(T("6-6"), None)),
        ("1: pass", Pass()),
        ("1: draw 2-3", DrawTile(T("2-3"))),
        ("1: draws [3|2]", DrawTile(T("2-3"))),
    ],
)
def test_move_spellings(text: str, move: Play | Pass | DrawTile) -> None:
    rec = parse_record(f"hand 1: 1-1\nhand 2: 2-2\n{text}")
    assert rec.moves == ((1, move),)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("domino by 1, 7 points", ClaimedOutcome("domino", 1, 7)),
        ("domino by player 2 - 1 point", ClaimedOutcome("domino", 2, 1)),
        ("blocked, 2 scores 12", ClaimedOutcome("blocked", 2, 12)),
        ("Blocked: player 3 scores 12 points", ClaimedOutcome("blocked", 3, 12)),
        ("blocked, nobody scores", ClaimedOutcome("blocked", None, 0)),
        ("blocked (tie)", ClaimedOutcome("blocked", None, 0)),
        ("blocked, pair 1+3 scores 20", ClaimedOutcome("blocked", 1, 20)),
    ],
)
def test_result_spellings(text: str, claim: ClaimedOutcome) -> None:
    rec = parse_record(f"hand 1: 1-1\nhand 2: 2-2\nstarter: 1\nresult: {text}")
    assert rec.outcome == claim
    assert parse_record(format_record(rec)).outcome == claim


def test_defaults_players_starter_rules() -> None:
    rec = parse_record("hand 1: 1-1\nhand 2: 2-2\nhand 3: 3-3\n2: pass")
    assert (rec.rules, rec.players, rec.starter) == ("pagat", 3, 2)
    assert rec.seed is None and rec.out_of_play is None and rec.outcome is None
    assert parse_record("hand 1: 1-1\nhand 2: 2-2\n1: pass", default_rules="app").rules == "app"


def test_optional_fields_stay_out_of_json() -> None:
    rec = parse_record("hand 1: 1-1\nhand 2: 2-2\n1: pass")
    assert set(record_to_json(rec)) == {"rules", "players", "starter", "hands", "moves"}


def test_move_lines_are_remembered() -> None:
    rec = parse_record("hand 1: 1-1\n\n# note\nhand 2: 2-2\n1: pass\n\n2: pass")
    assert rec.lines == (5, 7)
    assert rec.line_of(2) == 7 and rec.line_of(3) is None


def test_tiles_outside_the_set_read_fine() -> None:
    """Reading is not checking: a [7|7] under pagat is the checker's R2, not a read error."""
    rec = parse_record("hand 1: 7-7\nhand 2: 2-2\n1: [7|7]")
    assert rec.hands[0] == (Tile(7, 7),)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("hand 1: 1-1\nhand 2: 2-x", 2, "cannot read '2-x' as a tile"),
        ("hand 1: 1-1\nhand 2: 2-2\n\n1: [1|1] on four", 4, "cannot read the move"),
        ("hand 1: 1-1\nhand 2: 2-2\n1: jump", 3, "cannot read the move 'jump'"),
        ("hand 1: 1-1\nhand 2: 2-2\nrules: pagat\nrules: app", 4, "rules is given twice"),
        ("hand 1: 1-1\nhand 1: 2-2", 2, "hand 1 is given twice (first on line 1)"),
        ("hand 1: 1-1\nhand 3: 2-2", 2, "hand 2 is missing"),
        ("rules: chess\nhand 1: 1-1\nhand 2: 2-2", 1, "unknown ruleset: 'chess'"),
        ("hand 1: 1-1\nhand 2: 2-2\nplayers: two", 3, "players must be a whole number"),
        (
            "hand 1: 1-1\nhand 2: 2-2\n1. 1: pass\n3. 2: pass",
            4,
            "this is move 2, but it is numbered 3",
        ),
        ("hand 1: 1-1\nhand 2: 2-2\nstarter: 1\nresult: great game", 4, "cannot read the result"),
        (
            "hand 1: 1-1\nhand 2: 2-2\nstarter: 1\nresult: domino",
            4,
            "name the winner and the points",
        ),
        ("hand 1: 1-1\nhand 2: 2-2\ncolour: blue", 3, "cannot read 'colour: blue'"),
        ("hand 1: 1-1\nhand 2: 2-2\nstarter: 1\ntotals: 1 2", 4, "totals without a result"),
        ("hand: 1-1", 1, "which hand?"),
        ("# nothing here\n", 1, "no hands"),
        ("hand 1: 1-1\nhand 2: 2-2", 1, "no starter and no moves"),
        (
            "hand 1: 1-1\nhand 2: 2-2\nout of play: [1|\nstarter: 1",
            3,
            "cannot read '[1|' as a tile",
        ),
    ],
)
def test_unreadable_notation_names_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(RecordError) as e:
        parse_record(text)
    msg = str(e.value)
    assert msg.startswith(f"line {line}: "), msg
    assert fragment in msg, msg
    assert "\n" not in msg


GOOD_JSON: dict[str, object] = {
    "rules": "pagat",
    "players": 2,
    "starter": 1,
    "hands": [["1-1"], ["2-2"]],
    "moves": [{"seat": 1, "pass": True}],
}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"rules": "chess"}, "unknown ruleset"),
        ({"players": "2"}, "players: expected a whole number"),
        ({"starter": 0}, "starter: expected a whole number from 1"),
        ({"hands": "1-1"}, "hands: expected one list of tiles per seat"),
        ({"hands": [["1-1"], ["2-z"]]}, "hands[1][0]: cannot read '2-z'"),
        ({"moves": [{"seat": 1, "pass": False}]}, "moves[0] (move 1): expected"),
        ({"moves": [{"seat": 1}, {"seat": 2, "tile": "1-1", "draw": "2-2"}]}, "moves[0] (move 1)"),
        ({"moves": [{"seat": 1, "tile": "1-1", "end": "4"}]}, "moves[0] (move 1).end"),
        ({"outcome": {"outcome": "won", "winner": 1, "points": 3}}, "outcome.outcome"),
        ({"outcome": {"outcome": "domino", "winner": 1, "points": -3}}, "outcome.points"),
        ({"colour": "blue"}, "'colour': unknown key"),
        ({"seed": -1}, "seed: expected a whole number from 0"),
    ],
)
def test_unreadable_json_names_the_key(change: dict[str, object], fragment: str) -> None:
    data = {**GOOD_JSON, **change}
    with pytest.raises(RecordError) as e:
        load_record(json.dumps(data))
    assert fragment in str(e.value), str(e.value)


def test_json_missing_key() -> None:
    data = dict(GOOD_JSON)
    del data["moves"]
    with pytest.raises(RecordError, match="'moves': missing"):
        record_from_json(data)


def test_json_syntax_error_names_line_and_column() -> None:
    with pytest.raises(RecordError, match=r"^line 3, column 3: not valid JSON"):
        load_record('{\n  "rules": "pagat",\n  ]\n}')


def test_accepted_json_tile_spellings_are_normalised() -> None:
    rec = load_record(json.dumps({**GOOD_JSON, "hands": [["6-4"], ["[2|2]"]]}))
    assert record_to_json(rec)["hands"] == [["[4|6]"], ["[2|2]"]]


def test_tabs_are_spacing_in_the_notation() -> None:
    # Issue 13: tabs were refused though spacing is said to be free.
    spaced = "hand 1: 1-4 2-2\nhand 2: 4-6 0-0\nout of play: -\n1: [1|4]\n2: [4|6] on 4"
    assert parse_record(spaced.replace(" ", "\t")) == parse_record(spaced)


@pytest.mark.parametrize("move", ["[4|6 on 4", "4|6] on 4"])
def test_a_move_with_unpaired_brackets_is_named(move: str) -> None:
    with pytest.raises(RecordError, match=r"line 3: .*its brackets do not pair up"):
        parse_record(f"hand 1: 1-4\nhand 2: 4-6\n1: {move}")


@pytest.mark.parametrize(
    "move", ["[4|6] on 4", "4-6@4", "play 6-4 at the 4 end", "PASS", "draw [2|3]", "[4|6]"]
)
def test_notation_moves_are_the_one_move_grammar(move: str) -> None:
    from block_dominoes.round import parse_move

    rec = parse_record(f"hand 1: 1-4\nhand 2: 4-6\n1: {move}")
    assert rec.moves[0][1] == parse_move(move)


def test_records_is_a_thin_re_export() -> None:
    import block_dominoes.records.codec as codec
    import block_dominoes.records.notation as notation

    assert records_mod.parse_record is notation.parse_record
    assert records_mod.record_from_json is codec.record_from_json
    assert records_mod.RecordError is codec.RecordError


def test_a_json_key_given_twice_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^not a record: key 'players' is given twice$"):
        load_record('{"players": 2, "players": 3}')


def test_unknown_key_message_lists_the_keys_in_one_order() -> None:
    with pytest.raises(RecordError) as e:
        load_record('{"colour": 1}')
    assert (
        "a record has rules, seed, round, players, starter, hands, out_of_play, moves, outcome"
        in str(e.value)
    )
