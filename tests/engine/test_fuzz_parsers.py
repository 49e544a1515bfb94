"""Fuzzing every parser the package owns (hypothesis).

For tiles, hands, placements, moves, the notation and JSON records: any text
either parses or raises the package's own error class (a ``ValueError``
subclass from :mod:`block_dominoes.errors`), never another exception; and what
the package prints reads back to the same value: ``parse(format(x)) == x``.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from block_dominoes.errors import BlockDominoesError
from block_dominoes.hands import parse_hand
from block_dominoes.inputs import whole
from block_dominoes.players import play_round
from block_dominoes.records import (
    dump_json,
    format_record,
    load_record,
    parse_record,
    record_from_json,
    record_to_json,
    round_json,
)
from block_dominoes.round import Play, RoundState, parse_move
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.tiles import Tile, format_tiles, full_set, parse_placement, parse_tiles
from block_dominoes.tiles import parse_placement as line_parse_placement

PRESET_PLAYERS = [
    (name, n) for name in rules_names() for n in ((4,) if name == "partnership" else (2, 3, 4))
]

# Text that looks like the package's input often enough to reach deep branches:
# digits of two scripts, brackets, separators, the move words, tabs and newlines.
GRAMMAR = st.lists(
    st.sampled_from(
        [
            *'0123456789٣٤[]|-:/@ ,;#.\t\n\ufeff{}"',
            "on",
            "at",
            "pass",
            "draw",
            "play",
            "hand 1:",
            "hand 2:",
            "1:",
            "result:",
            "the",
            "end",
        ]
    ),
    max_size=40,
).map("".join)
ANY_TEXT = st.one_of(st.text(max_size=60), GRAMMAR)


def only_own_errors(parse: object, text: str) -> None:
    # The package's own refusal is fine; any other exception fails the test.
    with contextlib.suppress(BlockDominoesError):
        parse(text)  # type: ignore[operator]


@pytest.mark.parametrize(
    "parse",
    [
        Tile.parse,
        lambda t: Tile.parse(t, max_pip=6),
        parse_tiles,
        parse_hand,
        parse_placement,
        line_parse_placement,
        parse_move,
        lambda t: parse_move(t, max_pip=9),
        parse_record,
        load_record,
        lambda t: load_record(t, form="json"),
        lambda t: whole(t, "n"),
    ],
    ids=[
        "tile",
        "tile-max6",
        "tiles",
        "hand",
        "placement",
        "line.placement",
        "move",
        "move-max9",
        "notation",
        "record",
        "json",
        "whole",
    ],
)
@given(text=ANY_TEXT)
def test_any_text_parses_or_raises_the_package_error(parse: object, text: str) -> None:
    only_own_errors(parse, text)


@given(st.sampled_from(full_set(12)))
def test_tile_round_trip(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert Tile.parse(repr(tile).removeprefix("Tile.parse('").removesuffix("')")) == tile


@given(st.lists(st.sampled_from(full_set(9)), max_size=12))
def test_hand_round_trip(hand: list[Tile]) -> None:
    assert parse_tiles(format_tiles(hand)) == hand
    assert parse_tiles("".join(map(str, hand))) == hand  # '[1|4][0|0]'
    assert parse_tiles(",".join(map(str, hand))) == hand


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 10**6), st.integers(0, 10**6))
def test_every_legal_move_reads_back(preset: tuple[str, int], seed: int, cut: int) -> None:
    """parse(str(m)) == m for every legal move of a random state, every preset; and
    RoundState.play(str(m)) is apply(m)."""
    rules, players = preset
    state = RoundState.deal(rules, players, seed)
    rng = random.Random(cut)
    for _ in range(rng.randrange(0, 30)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    if state.is_over:
        return
    max_pip = find_rules(rules).max_pip
    for m in state.legal_moves():
        assert parse_move(str(m), max_pip=max_pip) == m
        assert parse_move(str(m).upper()) == m
        assert state.play(str(m)) == state.apply(m)
        if isinstance(m, Play):
            assert parse_placement(str(m)) == (m.tile, m.end)


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 10**6))
def test_records_round_trip_in_both_forms(preset: tuple[str, int], seed: int) -> None:
    rules, players = preset
    data = round_json(play_round(rules, players, seed).state, seed)
    rec = record_from_json(data)
    assert parse_record(format_record(rec)) == rec
    assert load_record(dump_json(rec)) == rec
    assert record_to_json(load_record(json.dumps(data))) == data


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 1000), st.data())
def test_mangled_records_parse_or_raise_the_package_error(
    preset: tuple[str, int], seed: int, data: st.DataObject
) -> None:
    """A real record with a few characters changed, in either form."""
    rules, players = preset
    rec = record_from_json(round_json(play_round(rules, players, seed).state, seed))
    text = data.draw(st.sampled_from([format_record(rec), dump_json(rec)]))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 5)))
        text = text[:i] + data.draw(GRAMMAR) + text[j:]
    only_own_errors(load_record, text)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids),
        max_leaves=12,
    )
)
def test_any_json_value_is_a_record_or_the_package_error(value: object) -> None:
    try:
        text = json.dumps(value)
    except ValueError:
        return
    only_own_errors(load_record, text)
    only_own_errors(record_from_json, value)  # type: ignore[arg-type]
