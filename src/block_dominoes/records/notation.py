"""The plain-text notation of a game record: :func:`parse_record` and :func:`format_record`.

A record (:class:`block_dominoes.records.codec.Record`) is what happened at the table.
The JSON record is what ``block-dominoes play --json`` prints
(:mod:`block_dominoes.records.codec`); the notation is the same record written so that a
person can write it by hand and read it back::

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

* One item per line; blank lines are ignored and ``#`` starts a comment (except on
  the ``explanation:`` line, whose text is kept whole, ``#`` included).
  Keys and words are case-insensitive; spacing is free (spaces and tabs alike);
  a leading byte-order mark is ignored. Numbers are decimal digits of any
  script (``3`` or ``٣``), as everywhere in the package.
* Header lines ``KEY: VALUE`` (``=`` works too): ``rules`` (default pagat),
  ``players`` (default: the number of hands), ``starter`` (default: the first
  mover), ``seed``, ``round`` (the round's number in a match, default 1),
  ``hand N: TILES`` for every seat N, ``out of play: TILES`` (``-`` for none).
* Tiles as ``4-6``, ``6-4``, ``[4|6]`` or ``[6|4]``, separated by spaces or commas.
* Tiles' brackets come in pairs: ``[4|6]`` or ``4-6``, never ``[4|6`` or ``4|6]``.
* A move: ``[N.] [player] SEAT: MOVE`` where MOVE is the package's one move
  grammar (:func:`block_dominoes.round.parse_move`, what ``str(move)`` prints):
  ``TILE`` (a lead, or a tile that fits one end only), ``TILE on V`` (also
  ``at V`` or ``@V``: the open end showing V), ``pass``, or ``draw TILE`` (the
  Draw game only). The optional ``N.`` is the move's number; when given it must
  count 1, 2, 3 ...
* The claimed result: ``result: domino by 1, 7 points``, ``result: blocked,
  2 scores 12`` or ``result: blocked, nobody scores``; optionally ``totals: 0 3 4``
  (each seat's pips left) and ``explanation: ...`` (kept as written).

Reading checks only that the text is a record; whether the record is *legal*
is the checker's job (:mod:`block_dominoes.records.checker`), so a hand of six tiles or
a tile such as ``7-7`` reads fine here and is reported there with its rule.

>>> rec = parse_record('hand 1: 1-4 2-2\\nhand 2: 4-6 0-0\\n1: [1|4]\\n2: [4|6] on 4')
>>> rec.players, rec.starter, [str(m) for _, m in rec.moves]
(2, 1, ['[1|4]', '[4|6] on 4'])
>>> parse_record('hand 1: 1-4 2-x')
Traceback (most recent call last):
...
block_dominoes.errors.RecordError: line 1: cannot read '2-x' as a tile: a tile is two numbers such as '3-5' or '[3|5]' (R2)
"""

from __future__ import annotations

import re

from block_dominoes.deal import SEED_MAX
from block_dominoes.errors import InvalidPositionError, InvalidTileError, RecordError, quoted
from block_dominoes.i18n import N_, _, iso, number
from block_dominoes.inputs import MAX_DIGITS, strip_bom, whole
from block_dominoes.records.codec import ClaimedOutcome, Record, rules_name
from block_dominoes.round import Move, parse_move
from block_dominoes.tiles import Tile, parse_tiles

__all__ = ["format_record", "parse_record"]

# -- the notation --------------------------------------------------------
_MOVE_RE = re.compile(
    r"^(?:(?P<num>\d+)\s*[.)]\s*)?(?:(?:player|seat|p)\s*)?(?P<seat>\d+)\s*:\s*(?P<body>.*)$",
    re.IGNORECASE,
)
_KEY_RE = re.compile(r"^(?P<key>[a-z][a-z\s_-]*?)\s*(?P<num>\d+)?\s*[:=]\s*(?P<val>.*)$", re.I)
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
    return RecordError(_("line {number}: {text}").format(number=n, text=text))


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


def _num(n: int, text: str, what: str) -> int:
    """A number the notation's patterns matched, refused by name when too long."""
    if len(text) > MAX_DIGITS:
        raise _lerr(
            n,
            _("{what} has {digits} digits ({text}): at most {most}").format(
                what=_(what),
                digits=number(len(text), group=True),
                text=iso(quoted(text)),
                most=MAX_DIGITS,
            ),
        )
    return int(text)


def _int_at(n: int, key: str, text: str, low: int = 0, high: int | None = None) -> int:
    try:  # key: the notation's own word
        return whole(text, key, low=low, high=high, error=RecordError)
    except RecordError as e:
        raise _lerr(n, str(e)) from None


def _parse_move(n: int, body: str) -> Move:
    body = " ".join(body.split())
    try:
        return parse_move(body)
    except (InvalidTileError, InvalidPositionError) as e:
        # A tile whose brackets do not pair up is named as such; anything else
        # that parse_move cannot read is not a move.
        if body.count("[") != body.count("]"):
            raise _lerr(n, str(e)) from None
    raise _lerr(
        n,
        _(
            "cannot read the move {text}: write a tile ({tile} or {dash}), "
            "a tile and the end it joins ({on}), {pass_}, or {draw}"
        ).format(
            text=iso(quoted(body)),
            tile=iso("'[4|6]'"),
            dash=iso("'4-6'"),
            on=iso("'[4|6] on 4'"),
            pass_="'pass'",
            draw=iso("'draw [2|3]'"),
        ),
    )


_RESULT_WORDS = re.compile(r"[,;:()]")
#: the words a result may hold besides its numbers (``domino by player 1, 7 points``)
_RESULT_VOCABULARY = frozenset(
    [
        "by",
        "player",
        "seat",
        "pair",
        "scores",
        "score",
        "points",
        "point",
        "nobody",
        "no",
        "one",
        "tie",
        "tied",
        "draw",
        "-",  # 'domino by player 1 - 7 points'
        "\u2013",
        "\u2014",
    ]
)
_RESULT_NUMBER = re.compile(r"^\d+(?:\+\d+)?$")
#: an explanation's line, where '#' is text, not a comment (the writer keeps it whole)
_EXPLANATION_RE = re.compile(r"\s*explanation\s*:", re.IGNORECASE)


def _result_error(n: int, message: str, text: str, **more: str) -> RecordError:
    """A result line that cannot be read: ``message`` (translated) with the text and the
    notation's examples filled in."""
    return _lerr(
        n,
        message.format(
            text=iso(quoted(text.strip())),
            domino=iso("'domino by 1, 7 points'"),
            blocked=iso("'blocked, 2 scores 12'"),
            nobody=iso("'blocked, nobody scores'"),
            **more,
        ),
    )


def _parse_result(n: int, text: str) -> tuple[str, int | None, int]:
    words = _RESULT_WORDS.sub(" ", text.lower()).split()
    if not words or words[0] not in ("domino", "blocked", "block"):
        raise _result_error(
            n, _("cannot read the result {text}: write {domino}, {blocked} or {nobody}"), text
        )
    kind = "domino" if words[0] == "domino" else "blocked"
    body = " ".join(words[1:])
    nobody = re.search(r"\b(nobody|no one|tie|tied|draw)\b", body)
    winner: int | None = None
    points: int | None = None
    m = re.search(r"\bby (?:player |seat )?(\d+)", body)
    if m:
        winner = _num(n, m[1], N_("the winner"))
    m = re.search(r"(?:player |seat |pair )?(\d+)(?:\+\d+)? scores? (\d+)", body)
    if m:
        winner, points = _num(n, m[1], N_("the winner")), _num(n, m[2], N_("the points"))
    m = re.search(r"(\d+) points?\b", body)
    if m:
        points = _num(n, m[1], N_("the points"))
    unknown = [w for w in words[1:] if w not in _RESULT_VOCABULARY and not _RESULT_NUMBER.match(w)]
    if unknown:
        raise _result_error(
            n,
            _(
                "cannot read the result {text}: the word {word} is not part of a result; "
                "write {domino}, {blocked} or {nobody}"
            ),
            text,
            word=iso(quoted(unknown[0])),
        )
    named = (winner is not None) + (points is not None) + len(re.findall(r"\d\+\d", body))
    if len(re.findall(r"\d+", body)) > named or (
        points is not None and len(re.findall(r"\d+ points?\b|scores? \d+", body)) > 1
    ):
        raise _result_error(
            n,
            _(
                "cannot read the result {text}: it names more numbers than the winner and "
                "the points; write, e.g., {domino} or {blocked}"
            ),
            text,
        )
    if nobody and winner is None:
        return kind, None, points or 0
    if winner is None or points is None:
        raise _result_error(
            n,
            _(
                "cannot read the result {text}: name the winner and the points, "
                "e.g. {domino} or {blocked}"
            ),
            text,
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
        raise RecordError(_("expected record text, got {text}").format(text=iso(quoted(text))))
    text = strip_bom(text)
    head: dict[str, tuple[int, str]] = {}
    hands: dict[int, tuple[int, tuple[Tile, ...]]] = {}
    moves: list[tuple[int, Move]] = []
    lines: list[int] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        # '#' starts a comment, except on an explanation's line: its text is kept whole
        keep = _EXPLANATION_RE.match(raw) is not None
        line = (raw if keep else raw.split("#", 1)[0]).replace("\t", " ").strip()
        if not line:
            continue
        m = _MOVE_RE.match(line)
        if m:
            if m["num"] is not None and _num(n, m["num"], N_("the move number")) != len(moves) + 1:
                raise _lerr(
                    n,
                    _(
                        "this is move {number}, but it is numbered {given}: "
                        "number the moves 1, 2, 3 ... or leave the numbers out"
                    ).format(number=len(moves) + 1, given=m["num"]),
                )
            move = _parse_move(n, m["body"])
            moves.append((_num(n, m["seat"], N_("the seat")), move))
            lines.append(n)
            continue
        m = _KEY_RE.match(line)
        key = _KEYS.get(re.sub(r"[\s_-]", "", m["key"].lower())) if m else None
        if m is None or key is None:
            raise _lerr(
                n,
                _("cannot read {text}: expected {form} ({keys}) or a move such as {move}").format(
                    text=iso(quoted(line)),
                    form="'KEY: VALUE'",
                    keys=iso("rules, players, starter, seed, hand N, out of play, result, totals"),
                    move=iso("'2: [4|6] on 4'"),
                ),
            )
        if key == "hand":
            if m["num"] is None:
                raise _lerr(
                    n,
                    _("which hand? write {form}, got {text}").format(
                        form="'hand 1: ...'", text=iso(quoted(line))
                    ),
                )
            seat = _num(n, m["num"], N_("the hand's seat"))
            if seat in hands:
                raise _lerr(
                    n,
                    _("{key} is given twice (first on line {line})").format(
                        key=f"hand {seat}", line=hands[seat][0]
                    ),
                )
            hands[seat] = (n, _tiles_at(n, m["val"]))
            continue
        if m["num"] is not None:
            raise _lerr(
                n,
                _("cannot read {text}: only {form} takes a number").format(
                    text=iso(quoted(line)), form="'hand N'"
                ),
            )
        if key in head:
            raise _lerr(
                n,
                _("{key} is given twice (first on line {line})").format(
                    key=key.replace("_", " "), line=head[key][0]
                ),
            )
        head[key] = (n, m["val"].strip())

    if not hands:
        raise _lerr(
            1, _("no hands: write one line {form} for each player").format(form="'hand N: TILES'")
        )
    seats = sorted(hands)
    if seats != list(range(1, len(seats) + 1)):
        missing = next(s for s in range(1, len(seats) + 2) if s not in hands)
        line_no = hands[seats[-1]][0]
        raise _lerr(
            line_no,
            _("hand {missing} is missing: give hands 1 to {last}").format(
                missing=missing, last=seats[-1]
            ),
        )

    def get(key: str) -> tuple[int, str] | None:
        return head.get(key)

    rules = rules_name(default_rules, _("default ruleset"))
    if (h := get("rules")) is not None:
        rules = rules_name(h[1], _("line {number}").format(number=h[0]))
    players = len(seats)
    if (h := get("players")) is not None:
        players = _int_at(h[0], "players", h[1], 1)
    if (h := get("starter")) is not None:
        starter = _int_at(h[0], "starter", h[1], 1)
    elif moves:
        starter = moves[0][0]
    else:
        raise _lerr(1, _("no starter and no moves: write {form}").format(form="'starter: N'"))
    seed = None if (h := get("seed")) is None else _int_at(h[0], "seed", h[1], high=SEED_MAX)
    rnd = None if (h := get("round")) is None else _int_at(h[0], "round", h[1], 1)
    oop = None if (h := get("out_of_play")) is None else _tiles_at(h[0], h[1])
    outcome = None
    if (h := get("result")) is not None:
        kind, winner, points = _parse_result(h[0], h[1])
        totals = None
        if (t := get("totals")) is not None:
            parts = [p for p in re.split(r"[\s,;]+", t[1]) if p]
            totals = tuple(_int_at(t[0], N_("each total"), p) for p in parts)
        expl = None if (x := get("explanation")) is None else x[1]
        outcome = ClaimedOutcome(kind, winner, points, totals, expl)
    else:
        for key in ("totals", "explanation"):
            if (h := get(key)) is not None:
                raise _lerr(
                    h[0],
                    _("{key} without a result: add {form}").format(key=key, form="'result: ...'"),
                )
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
            out.append(f"explanation: {' '.join(o.explanation.split())}")
    return "\n".join(out) + "\n"
