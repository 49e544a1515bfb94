"""Game records: the JSON record and a plain-text notation for one round, both ways.

A record is what happened at the table: the ruleset, the players, the starter,
the hands as dealt, the moves in order and (optionally) the claimed result. The
JSON record is what ``block-dominoes play --json`` prints; the notation is the
same record written so that a person can write it by hand and read it back::

    # a 3-player round under Pagat's rules
    rules: pagat
    players: 3
    seed: 4
    starter: 2
    hand 1: 0-3 0-5 1-5 2-4 3-4
    hand 2: [1|1] [1|2] [3|5] [4|4] [5|5]
    hand 3: 0-6 1-6 2-5 4-5 6-6
    1. player 2: [4|4]
    2. player 3: [4|5] on 4
    3. player 1: [1|5] on 5
    4. player 2: pass
    result: blocked, 1 scores 12

The notation's rules, in short:

* One item per line; blank lines are ignored and ``#`` starts a comment.
  Keys and words are case-insensitive; spacing is free.
* Header lines ``KEY: VALUE`` (``=`` works too): ``rules`` (default pagat),
  ``players`` (default: the number of hands), ``starter`` (default: the first
  mover), ``seed``, ``round`` (the round's number in a match, default 1),
  ``hand N: TILES`` for every seat N, ``out of play: TILES`` (``-`` for none).
* Tiles as ``4-6``, ``6-4``, ``[4|6]`` or ``[6|4]``, separated by spaces or commas.
* A move: ``[N.] [player] SEAT: MOVE`` where MOVE is ``TILE`` (a lead, or a
  tile that fits one end only), ``TILE on V`` (also ``at V`` or ``@V``: the open
  end showing V), ``pass``, or ``draw TILE`` (the Draw game only). The optional
  ``N.`` is the move's number; when given it must count 1, 2, 3 ...
* The claimed result: ``result: domino by 1, 7 points``, ``result: blocked,
  2 scores 12`` or ``result: blocked, nobody scores``; optionally ``totals: 0 3 4``
  (each seat's pips left) and ``explanation: ...`` (kept as written).

Reading checks only that the text is a record; whether the record is *legal*
is the checker's job (:mod:`block_dominoes.checker`), so a hand of six tiles or
a tile such as ``7-7`` reads fine here and is reported there with its rule.

>>> rec = parse_record('hand 1: 1-4 2-2\\nhand 2: 4-6 0-0\\n1: [1|4]\\n2: [4|6] on 4')
>>> rec.players, rec.starter, [str(m) for _, m in rec.moves]
(2, 1, ['[1|4]', '[4|6] on 4'])
>>> parse_record('hand 1: 1-4 2-x')
Traceback (most recent call last):
...
block_dominoes.records.RecordError: line 1: cannot read '2-x' as a tile: a tile is two numbers such as '3-5' or '[3|5]' (R2)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BlockDominoesError, InvalidTileError, UnknownRulesError
from .round import Draw, Move, Pass, Play
from .rules import find_rules
from .tiles import Tile, parse_tiles

__all__ = [
    "ClaimedOutcome",
    "Record",
    "RecordError",
    "as_record",
    "dump_json",
    "format_record",
    "load_record",
    "parse_record",
    "record_from_json",
    "record_to_json",
]


class RecordError(BlockDominoesError):
    """Text that cannot be read as a record (with the line number for the notation)."""


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


# -- JSON ----------------------------------------------------------------
def _move_json(seat: int, move: Move) -> dict[str, object]:
    if isinstance(move, Play):
        return {"seat": seat, "tile": str(move.tile), "end": move.end}
    if isinstance(move, Draw):
        return {"seat": seat, "draw": str(move.tile)}
    return {"seat": seat, "pass": True}


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
    data["moves"] = [_move_json(s, m) for s, m in record.moves]
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


def _jerr(where: str, text: str) -> RecordError:
    return RecordError(f"record (JSON): {where}: {text}")


def _jint(value: object, where: str, *, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _jerr(where, f"expected a whole number from {low}, got {value!r}")
    return value


def _jtile(value: object, where: str) -> Tile:
    if not isinstance(value, str):
        raise _jerr(where, f"expected a tile such as '[3|5]', got {value!r}")
    try:
        return Tile.parse(value)
    except InvalidTileError as e:
        raise _jerr(where, str(e)) from None


def _jtiles(value: object, where: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise _jerr(where, f"expected a list of tiles, got {value!r}")
    return tuple(_jtile(v, f"{where}[{i}]") for i, v in enumerate(value))


def _jmove(value: object, where: str) -> tuple[int, Move]:
    shapes = '{"seat", "tile", "end"}, {"seat", "pass": true} or {"seat", "draw": tile}'
    if not isinstance(value, dict) or "seat" not in value:
        raise _jerr(where, f"expected {shapes}, got {value!r}")
    seat = _jint(value["seat"], f"{where}.seat", low=1)
    keys = set(value) - {"seat"}
    if keys == {"pass"} and value["pass"] is True:
        return seat, Pass()
    if keys == {"draw"}:
        return seat, Draw(_jtile(value["draw"], f"{where}.draw"))
    if keys in ({"tile"}, {"tile", "end"}):
        end = value.get("end")
        if end is not None:
            end = _jint(end, f"{where}.end")
        return seat, Play(_jtile(value["tile"], f"{where}.tile"), end)
    raise _jerr(where, f"expected {shapes}, got {value!r}")


def _joutcome(value: object) -> ClaimedOutcome | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _jerr("outcome", f"expected an object as 'score --json' prints, got {value!r}")
    kind = value.get("outcome")
    if kind not in ("domino", "blocked"):
        raise _jerr("outcome.outcome", f"expected 'domino' or 'blocked', got {kind!r}")
    unknown = set(value) - {"outcome", "winner", "points", "totals", "explanation"}
    if unknown:
        raise _jerr("outcome", f"unknown key {sorted(unknown)[0]!r}")
    winner = value.get("winner")
    if winner is not None:
        winner = _jint(winner, "outcome.winner", low=1)
    points = _jint(value.get("points", 0), "outcome.points")
    totals = value.get("totals")
    tot: tuple[int, ...] | None = None
    if totals is not None:
        if not isinstance(totals, list):
            raise _jerr("outcome.totals", f"expected a list of pip totals, got {totals!r}")
        tot = tuple(_jint(t, f"outcome.totals[{i}]") for i, t in enumerate(totals))
    expl = value.get("explanation")
    if expl is not None and not isinstance(expl, str):
        raise _jerr("outcome.explanation", f"expected text, got {expl!r}")
    return ClaimedOutcome(str(kind), winner, points, tot, expl)


def _rules_name(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected a ruleset name, got {value!r}")
    try:
        return find_rules(value).name
    except UnknownRulesError as e:
        raise RecordError(f"{where}: {e}") from None


def record_from_json(data: object) -> Record:
    """A record from a parsed JSON object. Raises :class:`RecordError` naming the key."""
    if not isinstance(data, dict):
        raise RecordError(f"record (JSON): expected an object, got {type(data).__name__}")
    known = {"rules", "seed", "round", "players", "starter", "hands", "out_of_play"}
    known |= {"moves", "outcome"}
    unknown = set(data) - known
    if unknown:
        raise _jerr(repr(sorted(unknown)[0]), f"unknown key; a record has {', '.join(known)}")
    for key in ("rules", "players", "starter", "hands", "moves"):
        if key not in data:
            raise _jerr(repr(key), "missing (a record needs rules, players, starter, hands, moves)")
    rules = _rules_name(data["rules"], "record (JSON): rules")
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list):
        raise _jerr("hands", f"expected one list of tiles per seat, got {hands_raw!r}")
    hands = tuple(_jtiles(h, f"hands[{i}]") for i, h in enumerate(hands_raw))
    moves_raw = data["moves"]
    if not isinstance(moves_raw, list):
        raise _jerr("moves", f"expected a list of moves, got {moves_raw!r}")
    moves = tuple(_jmove(m, f"moves[{i}] (move {i + 1})") for i, m in enumerate(moves_raw))
    seed = data.get("seed")
    rnd = data.get("round")
    oop = data.get("out_of_play")
    return Record(
        rules=rules,
        players=_jint(data["players"], "players", low=1),
        starter=_jint(data["starter"], "starter", low=1),
        hands=hands,
        moves=moves,
        seed=None if seed is None else _jint(seed, "seed"),
        out_of_play=None if oop is None else _jtiles(oop, "out_of_play"),
        outcome=_joutcome(data.get("outcome")),
        round=None if rnd is None else _jint(rnd, "round", low=1),
    )


# -- the notation --------------------------------------------------------
_TILE = r"\[?\s*\d{1,2}\s*[-|:/]\s*\d{1,2}\s*\]?"
_MOVE_RE = re.compile(
    r"^(?:(?P<num>\d+)\s*[.)]\s*)?(?:(?:player|seat|p)\s*)?(?P<seat>\d+)\s*:\s*(?P<body>.*)$",
    re.IGNORECASE,
)
_PLAY_RE = re.compile(
    rf"^(?:(?:plays?|leads?)\s+)?(?P<tile>{_TILE})"
    r"(?:\s*(?:on|at|@)\s*(?:the\s+)?(?P<end>\d{1,2})(?:\s*end)?)?$",
    re.IGNORECASE,
)
_DRAW_RE = re.compile(rf"^draws?\s+(?P<tile>{_TILE})$", re.IGNORECASE)
_PASS_RE = re.compile(r"^(?:pass|passes|passed)$", re.IGNORECASE)
_KEY_RE = re.compile(r"^(?P<key>[a-z][a-z _-]*?)\s*(?P<num>\d+)?\s*[:=]\s*(?P<val>.*)$", re.I)
_KEYS = {
    "rules": "rules",
    "ruleset": "rules",
    "players": "players",
    "starter": "starter",
    "seed": "seed",
    "deal": "seed",
    "round": "round",
    "hand": "hand",
    "outofplay": "out_of_play",
    "result": "result",
    "totals": "totals",
    "explanation": "explanation",
}


_OPEN_RE = re.compile(r"\[\s+")
_CLOSE_RE = re.compile(r"\s+\]")
_INNER_RE = re.compile(r"\s*([-|:/])\s*")


def _lerr(n: int, text: str) -> RecordError:
    return RecordError(f"line {n}: {text}")


def _tiles_at(n: int, text: str) -> tuple[Tile, ...]:
    body = text.strip()
    if body in ("-", "none", "None", "NONE"):
        return ()
    # spaces inside a tile are forgiven: '[6 | 4]', '6 - 4'
    body = _INNER_RE.sub(r"\1", _CLOSE_RE.sub("]", _OPEN_RE.sub("[", body)))
    try:
        return tuple(parse_tiles(body))
    except InvalidTileError as e:
        raise _lerr(n, str(e)) from None


def _int_at(n: int, key: str, text: str, low: int = 0) -> int:
    body = text.strip()
    if not body.isdecimal() or int(body) < low:
        raise _lerr(n, f"{key} must be a whole number from {low}, got {body!r}")
    return int(body)


def _parse_move(n: int, body: str) -> Move:
    body = " ".join(body.split())
    if _PASS_RE.match(body):
        return Pass()
    m = _DRAW_RE.match(body)
    if m:
        return Draw(Tile.parse(m["tile"]))
    m = _PLAY_RE.match(body)
    if m:
        end = m["end"]
        return Play(Tile.parse(m["tile"]), None if end is None else int(end))
    raise _lerr(
        n,
        f"cannot read the move {body!r}: write a tile ('[4|6]' or '4-6'), "
        "a tile and the end it joins ('[4|6] on 4'), 'pass', or 'draw [2|3]'",
    )


_RESULT_WORDS = re.compile(r"[,;:()]")


def _parse_result(n: int, text: str) -> tuple[str, int | None, int]:
    words = _RESULT_WORDS.sub(" ", text.lower()).split()
    if not words or words[0] not in ("domino", "blocked", "block"):
        raise _lerr(
            n,
            f"cannot read the result {text.strip()!r}: write 'domino by 1, 7 points', "
            "'blocked, 2 scores 12' or 'blocked, nobody scores'",
        )
    kind = "domino" if words[0] == "domino" else "blocked"
    body = " ".join(words[1:])
    nobody = re.search(r"\b(nobody|no one|tie|tied|draw)\b", body)
    winner: int | None = None
    points: int | None = None
    m = re.search(r"\bby (?:player |seat )?(\d+)", body)
    if m:
        winner = int(m[1])
    m = re.search(r"(?:player |seat |pair )?(\d+)(?:\+\d+)? scores? (\d+)", body)
    if m:
        winner, points = int(m[1]), int(m[2])
    m = re.search(r"(\d+) points?\b", body)
    if m:
        points = int(m[1])
    if nobody and winner is None:
        return kind, None, points or 0
    if winner is None or points is None:
        raise _lerr(
            n,
            f"cannot read the result {text.strip()!r}: name the winner and the points, "
            "e.g. 'domino by 1, 7 points' or 'blocked, 2 scores 12'",
        )
    return kind, winner, points


def parse_record(text: str, *, default_rules: str = "pagat") -> Record:
    """Read the plain-text notation (see the module docstring).

    ``default_rules`` is the ruleset of a record without a ``rules:`` line.

    Raises :class:`RecordError` with the line number for a line it cannot read,
    a header given twice, a move numbered out of order, an unknown ruleset, or
    missing hands.
    """
    if not isinstance(text, str):
        raise RecordError(f"expected record text, got {text!r}")
    head: dict[str, tuple[int, str]] = {}
    hands: dict[int, tuple[int, tuple[Tile, ...]]] = {}
    moves: list[tuple[int, Move]] = []
    lines: list[int] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _MOVE_RE.match(line)
        if m:
            if m["num"] is not None and int(m["num"]) != len(moves) + 1:
                raise _lerr(
                    n,
                    f"this is move {len(moves) + 1}, but it is numbered {m['num']}: "
                    "number the moves 1, 2, 3 ... or leave the numbers out",
                )
            try:
                move = _parse_move(n, m["body"])
            except InvalidTileError as e:
                raise _lerr(n, str(e)) from None
            moves.append((int(m["seat"]), move))
            lines.append(n)
            continue
        m = _KEY_RE.match(line)
        key = _KEYS.get(re.sub(r"[\s_-]", "", m["key"].lower())) if m else None
        if m is None or key is None:
            raise _lerr(
                n,
                f"cannot read {line!r}: expected 'KEY: VALUE' (rules, players, starter, seed, "
                "hand N, out of play, result, totals) or a move such as '2: [4|6] on 4'",
            )
        if key == "hand":
            if m["num"] is None:
                raise _lerr(n, f"which hand? write 'hand 1: ...', got {line!r}")
            seat = int(m["num"])
            if seat in hands:
                raise _lerr(n, f"hand {seat} is given twice (first on line {hands[seat][0]})")
            hands[seat] = (n, _tiles_at(n, m["val"]))
            continue
        if m["num"] is not None:
            raise _lerr(n, f"cannot read {line!r}: only 'hand N' takes a number")
        if key in head:
            raise _lerr(n, f"{key.replace('_', ' ')} is given twice (first on line {head[key][0]})")
        head[key] = (n, m["val"].strip())

    if not hands:
        raise RecordError("line 1: no hands: write one line 'hand N: TILES' for each player")
    seats = sorted(hands)
    if seats != list(range(1, len(seats) + 1)):
        missing = next(s for s in range(1, len(seats) + 2) if s not in hands)
        line_no = hands[seats[-1]][0]
        raise _lerr(line_no, f"hand {missing} is missing: give hands 1 to {seats[-1]}")

    def get(key: str) -> tuple[int, str] | None:
        return head.get(key)

    rules = _rules_name(default_rules, "default ruleset")
    if (h := get("rules")) is not None:
        rules = _rules_name(h[1], f"line {h[0]}")
    players = len(seats)
    if (h := get("players")) is not None:
        players = _int_at(h[0], "players", h[1], 1)
    if (h := get("starter")) is not None:
        starter = _int_at(h[0], "starter", h[1], 1)
    elif moves:
        starter = moves[0][0]
    else:
        raise RecordError("line 1: no starter and no moves: write 'starter: N'")
    seed = None if (h := get("seed")) is None else _int_at(h[0], "seed", h[1])
    rnd = None if (h := get("round")) is None else _int_at(h[0], "round", h[1], 1)
    oop = None if (h := get("out_of_play")) is None else _tiles_at(h[0], h[1])
    outcome = None
    if (h := get("result")) is not None:
        kind, winner, points = _parse_result(h[0], h[1])
        totals = None
        if (t := get("totals")) is not None:
            parts = [p for p in re.split(r"[\s,;]+", t[1]) if p]
            totals = tuple(_int_at(t[0], "each total", p) for p in parts)
        expl = None if (x := get("explanation")) is None else x[1]
        outcome = ClaimedOutcome(kind, winner, points, totals, expl)
    else:
        for key in ("totals", "explanation"):
            if (h := get(key)) is not None:
                raise _lerr(h[0], f"{key} without a result: add 'result: ...'")
    return Record(
        rules=rules,
        players=players,
        starter=starter,
        hands=tuple(hands[s][1] for s in seats),
        moves=tuple(moves),
        seed=seed,
        out_of_play=oop,
        outcome=outcome,
        round=rnd,
        lines=tuple(lines),
    )


def _move_text(move: Move) -> str:
    return str(move)  # '[4|6]', '[4|6] on 4', 'pass', 'draw [2|3]'


def format_record(record: Record) -> str:
    """The record in the notation; :func:`parse_record` reads it back unchanged."""
    out = [f"rules: {record.rules}", f"players: {record.players}"]
    if record.seed is not None:
        out.append(f"seed: {record.seed}")
    if record.round is not None:
        out.append(f"round: {record.round}")
    out.append(f"starter: {record.starter}")
    for seat, hand in enumerate(record.hands, start=1):
        out.append(f"hand {seat}: {' '.join(map(str, hand)) or '-'}")
    if record.out_of_play is not None:
        out.append(f"out of play: {' '.join(map(str, record.out_of_play)) or '-'}")
    for i, (seat, move) in enumerate(record.moves, start=1):
        out.append(f"{i}. player {seat}: {_move_text(move)}")
    if record.outcome is not None:
        o = record.outcome
        out.append(f"result: {o}")
        if o.totals is not None:
            out.append(f"totals: {' '.join(map(str, o.totals))}")
        if o.explanation is not None:
            out.append(f"explanation: {' '.join(o.explanation.split('#')[0].split())}")
    return "\n".join(out) + "\n"


def load_record(text: str, *, default_rules: str = "pagat") -> Record:
    """Read a record in either form: JSON (text starting with ``{``) or the notation
    (whose ``rules:`` line defaults to ``default_rules``).

    Raises :class:`RecordError` with the line (and column, for JSON syntax).
    """
    if not isinstance(text, str):
        raise RecordError(f"expected record text, got {text!r}")
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(
                f"line {e.lineno}, column {e.colno}: not valid JSON: {e.msg}"
            ) from None
        return record_from_json(data)
    return parse_record(text, default_rules=default_rules)


def as_record(value: Record | str | Mapping[str, Any] | Sequence[Any]) -> Record:
    """A record from a :class:`Record`, record text (either form) or a parsed JSON object."""
    if isinstance(value, Record):
        return value
    if isinstance(value, str):
        return load_record(value)
    return record_from_json(dict(value) if isinstance(value, Mapping) else value)
