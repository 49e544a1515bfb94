"""The public API refuses wrong types and ranges with the package's own errors (issue 20).

Hypothesis feeds every public function values of every kind (None, bools, huge and
negative numbers, floats, text, bytes, lists, dicts): each call either succeeds or
raises a :class:`~block_dominoes.errors.BlockDominoesError` (a ``ValueError``) with a
one-line message; a ``TypeError``, ``AttributeError``, ``IndexError`` and the like
fail the test.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import block_dominoes as bd
from block_dominoes import book
from block_dominoes.errors import BlockDominoesError

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([0, 1, 2, 6, 7, 9, 99, 100, -1, 2**63, 10**400]),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["1-4", "[1|4]", "pagat", "-", "7", "", ",,", "\ufeff1-2", "pass"]),
    st.binary(max_size=4),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=3), inner, max_size=2),
    ),
    max_leaves=6,
)

STATE = bd.RoundState.deal("pagat", 2, 0)
MATCH = bd.Match.new("pagat", 2)
LINE = bd.Line.build(["1-4"])

#: every public function, called with one or two arbitrary values
CALLS: dict[str, Callable[[object, object], object]] = {
    "Tile": lambda a, b: bd.Tile(a, b),  # type: ignore[arg-type]
    "Tile.of": lambda a, b: bd.Tile.of(a, b),  # type: ignore[arg-type]
    "Tile.parse": lambda a, b: bd.Tile.parse(a, max_pip=b),  # type: ignore[arg-type]
    "parse_tiles": lambda a, b: bd.parse_tiles(a, max_pip=b),  # type: ignore[arg-type]
    "full_set": lambda a, b: bd.full_set(a),  # type: ignore[arg-type]
    "find_rules": lambda a, b: bd.find_rules(a),  # type: ignore[arg-type]
    "Line.build": lambda a, b: bd.Line.build(a, max_pip=b),  # type: ignore[arg-type]
    "Line.place": lambda a, b: LINE.place(a, b),  # type: ignore[arg-type]
    "Line.fits": lambda a, b: LINE.fits(a),  # type: ignore[arg-type]
    "Line.check": lambda a, b: LINE.check(a, b),  # type: ignore[arg-type]
    "Play": lambda a, b: bd.Play(a, b),  # type: ignore[arg-type]
    "Draw": lambda a, b: bd.DrawTile(a),  # type: ignore[arg-type]
    "describe_move": lambda a, b: bd.describe_move(a),  # type: ignore[arg-type]
    "RoundState.new": lambda a, b: bd.RoundState.new("pagat", a, starter=b),  # type: ignore[arg-type]
    "RoundState.deal": lambda a, b: bd.RoundState.deal("pagat", a, b),  # type: ignore[arg-type]
    "RoundState.hand": lambda a, b: STATE.hand(a),  # type: ignore[arg-type]
    "RoundState.playable": lambda a, b: STATE.playable(a),  # type: ignore[arg-type]
    "RoundState.after": lambda a, b: STATE.after(a),  # type: ignore[arg-type]
    "RoundState.apply": lambda a, b: STATE.apply(a),  # type: ignore[arg-type]
    "RoundState.play": lambda a, b: STATE.play(a),  # type: ignore[arg-type]
    "Match.new": lambda a, b: bd.Match.new("pagat", a, starter=b),  # type: ignore[arg-type]
    "Match.add": lambda a, b: MATCH.add(a),  # type: ignore[arg-type]
    "score_totals": lambda a, b: bd.score_totals("pagat", a, b),  # type: ignore[arg-type]
    "score_hands": lambda a, b: bd.score_hands("pagat", a, starter=b),  # type: ignore[arg-type]
    "score_hands(rules)": lambda a, b: bd.score_hands(a, ["-", "3"]),  # type: ignore[arg-type]
    "book.example": lambda a, b: book.example("E1", "x", a, new=bool(b)),  # type: ignore[arg-type]
    "book.example(id)": lambda a, b: book.example(a, b, ["1-2"]),  # type: ignore[arg-type]
    "book.words": lambda a, b: book.words(a),  # type: ignore[arg-type]
    "book.show_hands": lambda a, b: book.show_hands(a),  # type: ignore[arg-type]
    "book.show_position": lambda a, b: book.show_position(a),  # type: ignore[arg-type]
    "book.show_position(seats)": lambda a, b: book.show_position(STATE, a),  # type: ignore[arg-type]
}


@pytest.fixture(autouse=True)
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """The book's helpers display pictures; here they only need to be called."""
    monkeypatch.setattr(book, "display", lambda obj, raw=False: None)


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(a=values, b=values)
def test_every_public_function_refuses_bad_values_with_its_own_errors(
    name: str, a: object, b: object
) -> None:
    try:
        CALLS[name](a, b)
    except BlockDominoesError as e:
        message = str(e)
        assert message and "\n" not in message, (name, a, b, message)
        assert len(message) < 600, (name, message[:200])
