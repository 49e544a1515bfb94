"""The public API refuses wrong types and ranges with the package's own errors (issue 20).

Hypothesis feeds every public function values of every kind (None, bools, huge and
negative numbers, floats, text, bytes, lists, dicts): each call either succeeds or
raises a :class:`~block_dominoes.errors.BlockDominoesError` (a ``ValueError``) with a
one-line message; a ``TypeError``, ``AttributeError``, ``IndexError`` and the like
fail the test.
"""

from __future__ import annotations

import json
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


def _deep(kind: type, depth: int = 100_000) -> object:
    """A list, tuple or dict nested ``depth`` deep (built without recursion)."""
    value: object = kind()
    for _ in range(depth):
        value = [value] if kind is list else (value,) if kind is tuple else {"a": value}
    return value


#: values a program may pass by mistake that Hypothesis does not make: nesting deeper
#: than Python's recursion limit, and objects of other libraries and kinds (issue 33)
FOREIGN: tuple[object, ...] = (
    _deep(list),
    _deep(tuple),
    _deep(dict),
    object(),
    {1, 2},
    frozenset({"1-2"}),
    range(3),
    1j,
    bytearray(b"1-2"),
    memoryview(b"1-2"),
    float("nan"),
    [None],
    [[1, 2]],
    ["1-2", None],
    [bd.Tile(1, 2), 5],
)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_deep_nesting_and_foreign_objects_get_the_packages_errors(name: str) -> None:
    """A list nested 100,000 deep raised RecursionError in Tile, find_rules, Line.build,
    RoundState.new, state.play and Match.add (issue 33): now each value is refused (or
    read) with the package's own error, in one line."""
    for a in FOREIGN:
        for b in (1, a):
            try:
                CALLS[name](a, b)
            except BlockDominoesError as e:
                message = str(e)
                assert message and "\n" not in message and len(message) < 600, (name, message)


def _cli(*args: str) -> tuple[int, str]:
    """``block-dominoes ARGS --json`` in this process: (status, stdout)."""
    import contextlib
    import io

    from block_dominoes.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--json"])
    assert code in (0, 2), (args, code, err.getvalue())
    assert code == 0 or err.getvalue().count("\n") == 1, err.getvalue()
    return code, out.getvalue()


totals_lists = st.lists(
    st.one_of(st.integers(min_value=0, max_value=80), st.just("-")), min_size=2, max_size=4
)


@settings(max_examples=150, deadline=None)
@given(totals=totals_lists, rules=st.sampled_from(["pagat", "all-pips", "partnership", "draw"]))
def test_score_totals_answers_or_refuses_as_the_command_line_does(
    totals: list[int | str], rules: str
) -> None:
    """``score_totals`` scored ``[1000, 4]`` (996) and ``[0, 0]`` (a tie) where
    ``block-dominoes score`` refuses both (issue 33): the same totals now get the same
    answer, or a refusal, from both."""
    outs = [i for i, t in enumerate(totals, 1) if t == "-"]
    went_out = outs[0] if len(outs) == 1 else None
    api_totals = [0 if t == "-" else t for t in totals]
    code, out = _cli("score", "--rules", rules, *map(str, totals))
    try:
        if len(outs) > 1:  # two players cannot both go out: the API has no way to say it
            raise BlockDominoesError("two went out")
        outcome = bd.score_totals(rules, api_totals, went_out)  # type: ignore[arg-type]
    except BlockDominoesError:
        assert code == 2, (totals, rules, out)
        return
    assert code == 0, (totals, rules)
    data = json.loads(out)
    assert (data["winner"], data["points"]) == (outcome.winner, outcome.points), (totals, rules)


placements = st.lists(
    st.one_of(
        st.builds(lambda a, b: f"{a}-{b}", st.integers(0, 7), st.integers(0, 7)),
        st.builds(
            lambda a, b, e: f"{a}-{b}@{e}", st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)
        ),
        st.sampled_from(["x", "", "1-2,,2-3", "3-4 on 4", "[5|5]"]),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=150, deadline=None)
@given(line=placements)
def test_line_build_answers_or_refuses_as_the_command_line_does(line: list[str]) -> None:
    """``Line.build`` and ``block-dominoes line`` read a line the same way (the one list
    policy: ``1-2,,2-3`` refused by both, ``3-4 on 4`` read by both)."""
    from block_dominoes.tiles import split_tiles

    code, out = _cli("line", *line)
    try:
        built = bd.Line.build([p for arg in line for p in split_tiles(arg)])
    except BlockDominoesError:
        assert code == 2, line
        return
    assert code == 0 and json.loads(out) == built.to_json(), line
