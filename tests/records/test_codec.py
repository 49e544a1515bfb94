"""The JSON codec and the input policy: one move serializer, the published schema,
and JSON that is not a record (not an object, nested too deep, numbers too long)."""

from __future__ import annotations

import doctest
import json
from importlib import resources

import jsonschema
import pytest

import block_dominoes.errors as errors
import block_dominoes.inputs as inputs
import block_dominoes.records.codec as codec
import block_dominoes.records.load as records
from block_dominoes.errors import BlockDominoesError, RecordError, cut, cut_path, quoted
from block_dominoes.players import games as game
from block_dominoes.records import load_record, move_json, record_from_json, record_schema
from block_dominoes.round import DrawTile, Pass, Play
from block_dominoes.tiles import Tile

GOOD = {
    "rules": "pagat",
    "players": 2,
    "starter": 1,
    "hands": [["1-1"], ["2-2"]],
    "moves": [{"seat": 1, "pass": True}],
}


@pytest.mark.parametrize("mod", [codec, errors, inputs, records])
def test_doctests(mod: object) -> None:
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_one_move_serializer() -> None:
    # One writer of a move's JSON (the records codec); the seeded games write their
    # transcripts with it and define none of their own.
    assert move_json is codec.move_json
    assert not hasattr(game, "move_json") and not hasattr(game, "round_json")
    assert move_json(1, Play(Tile.parse("4-6"), 4)) == {"seat": 1, "tile": "[4|6]", "end": 4}
    assert move_json(2, DrawTile(Tile.parse("2-3"))) == {"seat": 2, "draw": "[2|3]"}
    assert move_json(3, Pass()) == {"seat": 3, "pass": True}


def test_schema_is_package_data_and_a_valid_schema() -> None:
    path = resources.files("block_dominoes").joinpath("schemas/record.schema.json")
    assert json.loads(path.read_text(encoding="utf-8")) == record_schema()
    jsonschema.Draft202012Validator.check_schema(record_schema())


@pytest.mark.parametrize(
    "bad",
    [
        {**GOOD, "colour": "blue"},
        {**GOOD, "players": "2"},
        {**GOOD, "moves": [{"seat": 1, "pass": False}]},
        {**GOOD, "hands": [["1-1"], ["[2|2"]]},
        {k: v for k, v in GOOD.items() if k != "moves"},
    ],
)
def test_schema_and_codec_refuse_the_same_shapes(bad: dict[str, object]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, record_schema())
    with pytest.raises(RecordError):
        record_from_json(bad)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("[1,2,3]", "a list"), ("42", "a number"), ('"x"', "a string"), ("null", "null")],
)
def test_json_that_is_not_an_object_is_not_a_record(text: str, kind: str) -> None:
    # Issue 13: '[1,2,3]' and '42' were read as the notation and got notation complaints.
    with pytest.raises(RecordError) as e:
        load_record(text)
    assert str(e.value).startswith(f"not a record: expected a JSON object {{...}}, got {kind}")


def test_deep_nesting_is_one_line() -> None:
    deep = '{"rules": ' + "[" * 50_000 + "]" * 50_000 + "}"
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(deep)
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record("[" * 50_000)


@pytest.mark.parametrize("field", ["seed", "players", "starter", "round"])
def test_a_5000_digit_number_names_its_field(field: str) -> None:
    text = json.dumps(GOOD)[:-1] + f', "{field}": ' + "9" * 5000 + "}"
    if field in GOOD:
        text = json.dumps({k: v for k, v in GOOD.items() if k != field})[:-1]
        text += f', "{field}": ' + "9" * 5000 + "}"
    with pytest.raises(RecordError) as e:
        load_record(text)
    msg = str(e.value)
    assert f"{field}: expected a whole number" in msg and "5,000 digits" in msg
    assert len(msg) < 200


def test_a_bom_is_accepted_in_both_forms() -> None:
    assert load_record("\ufeff" + json.dumps(GOOD)) == record_from_json(GOOD)
    assert load_record("\ufeffhand 1: 1-1\nhand 2: 2-2\n1: pass").players == 2


def test_quoted_input_is_cut_to_a_readable_length() -> None:
    huge = "x" * 120_000
    assert len(quoted(huge)) <= 60 and quoted(huge).endswith("…'")
    assert cut("abc") == "abc" and cut_path("d/" * 500 + "f.txt").endswith("f.txt")
    with pytest.raises(BlockDominoesError) as e:
        Tile.parse(huge)
    assert len(str(e.value)) < 200
    with pytest.raises(RecordError) as e2:
        load_record(f"hand 1: {huge}\nhand 2: 1-1")
    assert len(str(e2.value)) < 200
    with pytest.raises(RecordError) as e3:
        record_from_json({**GOOD, "rules": huge})
    assert len(str(e3.value)) < 300


@pytest.mark.parametrize(
    ("text", "value"), [("7", 7), ("٧", 7), ("۷", 7), ("१२", 12), (" 12 ", 12)]
)
def test_digits_of_any_script_are_whole_numbers(text: str, value: int) -> None:
    assert inputs.whole(text, "x") == value


@pytest.mark.parametrize("text", ["²", "-1", "1.5", "1_000", "", "x", "1 2", "9" * 31])
def test_what_is_not_a_whole_number(text: str) -> None:
    with pytest.raises(BlockDominoesError, match="must be a whole number"):
        inputs.whole(text, "x")
