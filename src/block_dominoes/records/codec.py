"""The game record as data and as JSON: one serializer for moves and records, both ways.

A record is what happened at the table: the ruleset, the players, the starter,
the hands as dealt, the moves in order and (optionally) the claimed result.
:func:`record_to_json` writes the JSON object ``block-dominoes play --json``
prints, :func:`record_from_json` reads one back, and :func:`move_json` is the
one place a move becomes JSON. The format is published as a JSON Schema,
``block_dominoes/schemas/record.schema.json`` (:func:`record_schema`).

JSON text is read under the package's input policy (:mod:`block_dominoes.inputs`):
a BOM is dropped, the text must hold one object, nesting too deep and numbers
too long are refused in one line naming the field.

>>> rec = record_from_json({"rules": "pagat", "players": 2, "starter": 1,
...     "hands": [["1-4"], ["4-6"]], "moves": [{"seat": 1, "tile": "[1|4]", "end": None}]})
>>> record_to_json(rec)["moves"]
[{'seat': 1, 'tile': '[1|4]', 'end': None}]
>>> record_from_json([1, 2, 3])
Traceback (most recent call last):
...
block_dominoes.errors.RecordError: not a record: expected a JSON object {...}, got a list
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from block_dominoes.deal import SEED_MAX
from block_dominoes.errors import (
    QUOTE_LIMIT,
    InvalidTileError,
    RecordError,
    UnknownRulesError,
    cut,
)
from block_dominoes.errors import quoted as quoted_text
from block_dominoes.i18n import N_, _, iso, number
from block_dominoes.inputs import MAX_DIGITS, HugeNumber, load_json
from block_dominoes.round import DrawTile, Move, Pass, Play, RoundState
from block_dominoes.rules import find_rules
from block_dominoes.tiles import Tile

__all__ = [
    "ClaimedOutcome",
    "Record",
    "dump_json",
    "load_json_record",
    "move_json",
    "record_from_json",
    "record_schema",
    "record_to_json",
    "round_json",
    "rules_name",
]


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value of a JSON record as a message shows it: text quoted and cut, any other
    value as JSON writes it (``true``, ``null``, ``[1, 2]``), never Python's ``True``."""
    if isinstance(value, str):  # a HugeNumber too: it is text
        return quoted_text(value, limit)
    try:
        return cut(json.dumps(value, ensure_ascii=False), limit)
    except (TypeError, ValueError):
        return quoted_text(value, limit)


@dataclass(frozen=True, slots=True)
class ClaimedOutcome:
    """The result a record claims: ``kind`` is ``domino`` or ``blocked``; ``winner``
    is the seat that went out or the sole lowest (None: nobody scores).
    ``totals`` and ``explanation`` are optional."""

    kind: str
    winner: int | None
    points: int
    totals: tuple[int, ...] | None = None
    explanation: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "outcome": self.kind,
            "winner": self.winner,
            "points": self.points,
        }
        if self.totals is not None:
            out["totals"] = list(self.totals)
        if self.explanation is not None:
            out["explanation"] = self.explanation
        return out

    def __str__(self) -> str:
        """The notation's result text: ``domino by 1, 7 points``."""
        pts = f"{self.points} point{'' if self.points == 1 else 's'}"
        if self.winner is None:
            return f"{self.kind}, nobody scores" + (f", {pts}" if self.points else "")
        if self.kind == "domino":
            return f"domino by {self.winner}, {pts}"
        return f"blocked, {self.winner} scores {self.points}"


@dataclass(frozen=True, slots=True)
class Record:
    """One round as recorded. Nothing here is checked against the rules yet.

    ``moves`` holds ``(seat, move)`` pairs in order; a :class:`Play` whose
    ``end`` is None is a lead (or a tile the writer placed without naming the end).
    ``seed``, ``out_of_play``, ``outcome`` and ``round`` are None when not given.
    ``lines`` gives each move's line in the notation it came from (not compared).
    """

    rules: str
    players: int
    starter: int
    hands: tuple[tuple[Tile, ...], ...]
    moves: tuple[tuple[int, Move], ...]
    seed: int | None = None
    out_of_play: tuple[Tile, ...] | None = None
    outcome: ClaimedOutcome | None = None
    round: int | None = None
    lines: tuple[int, ...] = field(default=(), compare=False)

    def line_of(self, move: int) -> int | None:
        """The notation line of move number ``move`` (1-based), when known."""
        return self.lines[move - 1] if 1 <= move <= len(self.lines) else None


# -- writing -------------------------------------------------------------
def move_json(seat: int, move: Move) -> dict[str, object]:
    """One move of a record: ``{"seat", "tile", "end"}``, ``{"seat", "pass": true}``
    or, in the Draw game, ``{"seat", "draw": tile}``.

    >>> move_json(2, Pass())
    {'seat': 2, 'pass': True}
    """
    if isinstance(move, Play):
        return {"seat": seat, "tile": str(move.tile), "end": move.end}
    if isinstance(move, DrawTile):
        return {"seat": seat, "draw": str(move.tile)}
    return {"seat": seat, "pass": True}


def round_json(state: RoundState, seed: int | None) -> dict[str, object]:
    """The transcript of a round, as ``block-dominoes play --json`` prints it (a record;
    each move written by :func:`move_json`, the one move serializer)."""
    out = state.outcome()
    rest = state.rest if not state.rules.draw else ()
    data: dict[str, object] = {
        "rules": state.rules.name,
        "seed": seed,
        "players": state.players,
        "starter": state.starter,
        "hands": [[str(t) for t in h] for h in state.dealt],
        "out_of_play": [str(t) for t in sorted(rest)],
        "moves": [move_json(seat, m) for seat, m in state.history],
        "outcome": out.to_json() if out else None,
    }
    return data


def record_to_json(record: Record) -> dict[str, object]:
    """The record as a JSON object, keys in the order ``play --json`` uses.

    Optional fields that are unknown (None) are left out.
    """
    data: dict[str, object] = {"rules": record.rules}
    if record.seed is not None:
        data["seed"] = record.seed
    if record.round is not None:
        data["round"] = record.round
    data["players"] = record.players
    data["starter"] = record.starter
    data["hands"] = [[str(t) for t in h] for h in record.hands]
    if record.out_of_play is not None:
        data["out_of_play"] = [str(t) for t in record.out_of_play]
    data["moves"] = [move_json(s, m) for s, m in record.moves]
    if record.outcome is not None:
        data["outcome"] = record.outcome.to_json()
    return data


def dump_json(record: Record) -> str:
    """The JSON record as text: one key a line, one hand or move a line."""
    parts = []
    for key, value in record_to_json(record).items():
        if key in ("hands", "moves") and isinstance(value, list) and value:
            inner = ",\n    ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f"  {json.dumps(key)}: [\n    {inner}\n  ]")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


@cache
def record_schema() -> dict[str, Any]:
    """The published JSON Schema of the record (``schemas/record.schema.json``)."""
    text = (
        resources.files("block_dominoes")
        .joinpath("schemas/record.schema.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


# -- reading -------------------------------------------------------------
def _jerr(where: str, text: str) -> RecordError:
    return RecordError(_("record (JSON): {where}: {text}").format(where=where, text=text))


def _jseed(value: object) -> int:
    """A record's deal number: a whole number in the range every ``--seed`` takes."""
    seed = _jint(value, "seed")
    if seed > SEED_MAX:
        raise _jerr(
            "seed",
            _("expected a whole number from {low} to {high}, got {value}").format(
                low=0, high=number(SEED_MAX, group=True), value=number(seed, group=True)
            ),
        )
    return seed


def _jint(value: object, where: str, *, low: int = 0) -> int:
    if isinstance(value, HugeNumber):
        raise _jerr(
            where,
            _(
                "expected a whole number from {low}, got a number of {digits} digits "
                "(at most {most})"
            ).format(low=low, digits=number(len(value), group=True), most=MAX_DIGITS),
        )
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _jerr(
            where,
            _("expected a whole number from {low}, got {value}").format(
                low=low, value=iso(quoted(value))
            ),
        )
    return value


def _jtile(value: object, where: str) -> Tile:
    if not isinstance(value, str) or isinstance(value, HugeNumber):
        raise _jerr(
            where,
            _("expected a tile such as {example}, got {value}").format(
                example=iso("'[3|5]'"), value=iso(quoted(value))
            ),
        )
    try:
        return Tile.parse(value)
    except InvalidTileError as e:
        raise _jerr(where, str(e)) from None


def _jtiles(value: object, where: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise _jerr(
            where, _("expected a list of tiles, got {value}").format(value=iso(quoted(value)))
        )
    return tuple(_jtile(v, f"{where}[{i}]") for i, v in enumerate(value))


def _jmove(value: object, where: str) -> tuple[int, Move]:
    def bad() -> str:
        shapes = _("{play}, {pass_} or {draw}").format(
            play='{"seat", "tile", "end"}',
            pass_='{"seat", "pass": true}',
            draw='{"seat", "draw": tile}',
        )
        return _("expected {shapes}, got {value}").format(shapes=shapes, value=iso(quoted(value)))

    if not isinstance(value, dict) or "seat" not in value:
        raise _jerr(where, bad())
    seat = _jint(value["seat"], f"{where}.seat", low=1)
    keys = set(value) - {"seat"}
    if keys == {"pass"} and value["pass"] is True:
        return seat, Pass()
    if keys == {"draw"}:
        return seat, DrawTile(_jtile(value["draw"], f"{where}.draw"))
    if keys in ({"tile"}, {"tile", "end"}):
        end = value.get("end")
        if end is not None:
            end = _jint(end, f"{where}.end")
        return seat, Play(_jtile(value["tile"], f"{where}.tile"), end)
    raise _jerr(where, bad())


def _joutcome(value: object) -> ClaimedOutcome | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _jerr(
            "outcome",
            _("expected an object as {command} prints, got {value}").format(
                command="'score --json'", value=iso(quoted(value))
            ),
        )
    kind = value.get("outcome")
    if kind not in ("domino", "blocked"):
        raise _jerr(
            "outcome.outcome",
            _("expected {domino} or {blocked}, got {value}").format(
                domino="'domino'", blocked="'blocked'", value=iso(quoted(kind))
            ),
        )
    unknown = set(value) - {"outcome", "winner", "points", "totals", "explanation"}
    if unknown:
        raise _jerr("outcome", _("unknown key {key}").format(key=iso(quoted(sorted(unknown)[0]))))
    winner = value.get("winner")
    if winner is not None:
        winner = _jint(winner, "outcome.winner", low=1)
    points = _jint(value.get("points", 0), "outcome.points")
    totals = value.get("totals")
    tot: tuple[int, ...] | None = None
    if totals is not None:
        if not isinstance(totals, list):
            raise _jerr(
                "outcome.totals",
                _("expected a list of pip totals, got {value}").format(value=iso(quoted(totals))),
            )
        tot = tuple(_jint(t, f"outcome.totals[{i}]") for i, t in enumerate(totals))
    expl = value.get("explanation")
    if expl is not None and (not isinstance(expl, str) or isinstance(expl, HugeNumber)):
        raise _jerr(
            "outcome.explanation", _("expected text, got {value}").format(value=iso(quoted(expl)))
        )
    return ClaimedOutcome(str(kind), winner, points, tot, expl)


def rules_name(value: object, where: str) -> str:
    """The preset's name for ``value``; RecordError (prefixed ``where``) if there is none."""
    if not isinstance(value, str) or isinstance(value, HugeNumber):
        raise RecordError(
            _("{where}: expected a ruleset name, got {value}").format(
                where=where, value=iso(quoted(value))
            )
        )
    try:
        return find_rules(value).name
    except UnknownRulesError as e:
        raise RecordError(f"{where}: {e}") from None


_KNOWN = ("rules", "seed", "round", "players", "starter", "hands", "out_of_play", "moves")


def record_from_json(data: object) -> Record:
    """A record from a parsed JSON object. Raises :class:`RecordError` naming the key."""
    if not isinstance(data, dict):
        raise RecordError(
            _("not a record: expected a JSON object {{...}}, got {kind}").format(kind=_kind(data))
        )
    known = {*_KNOWN, "outcome"}
    unknown = set(data) - known
    if "first_starter" in data or data.get("format") == "block-dominoes score sheet":
        raise RecordError(
            _("not a record: it looks like a score sheet (show it with {command})").format(
                command="'sheet show'"
            )
        )
    if unknown:
        raise _jerr(
            quoted(sorted(map(str, unknown))[0]),
            _("unknown key; a record has {keys}").format(keys=iso(", ".join((*_KNOWN, "outcome")))),
        )
    for key in ("rules", "players", "starter", "hands", "moves"):
        if key not in data:
            raise _jerr(
                repr(key),
                _("missing (a record needs {keys})").format(
                    keys=iso("rules, players, starter, hands, moves")
                ),
            )
    rules = rules_name(data["rules"], _("record (JSON): {where}").format(where="rules"))
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list):
        raise _jerr(
            "hands",
            _("expected one list of tiles per seat, got {value}").format(
                value=iso(quoted(hands_raw))
            ),
        )
    hands = tuple(_jtiles(h, f"hands[{i}]") for i, h in enumerate(hands_raw))
    moves_raw = data["moves"]
    if not isinstance(moves_raw, list):
        raise _jerr(
            "moves", _("expected a list of moves, got {value}").format(value=iso(quoted(moves_raw)))
        )
    moves = tuple(
        _jmove(m, _("{path} (move {number})").format(path=f"moves[{i}]", number=i + 1))
        for i, m in enumerate(moves_raw)
    )
    seed = data.get("seed")
    rnd = data.get("round")
    oop = data.get("out_of_play")
    return Record(
        rules=rules,
        players=_jint(data["players"], "players", low=1),
        starter=_jint(data["starter"], "starter", low=1),
        hands=hands,
        moves=moves,
        seed=None if seed is None else _jseed(seed),
        out_of_play=None if oop is None else _jtiles(oop, "out_of_play"),
        outcome=_joutcome(data.get("outcome")),
        round=None if rnd is None else _jint(rnd, "round", low=1),
    )


def _kind(data: object) -> str:
    if isinstance(data, list):
        return _("a list")
    if isinstance(data, bool) or data is None:
        return json.dumps(data)
    if isinstance(data, int | float | HugeNumber):
        return _("a number")
    if isinstance(data, str):
        return _("a string")
    return type(data).__name__


def load_json_record(text: str) -> Record:
    """A record from JSON text: one line for bad JSON (line, column), a value that is
    not an object, nesting too deep, or a field that is not what a record holds."""
    return record_from_json(load_json(text, N_("record"), RecordError))
