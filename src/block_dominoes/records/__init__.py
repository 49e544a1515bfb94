"""Game records: the :class:`Record` type, its JSON (:mod:`.codec`), its plain-text
notation (:mod:`.notation`), reading either form (:mod:`.load`), and the referee that
replays a record against the rules (:mod:`.checker`) with its answers (:mod:`.verdict`).

>>> rec = load_record('hand 1: 1-4\\nhand 2: 4-6\\n1: [1|4]')
>>> check_record(rec).first_error.message
'player 1 holds 1 tile; with 2 players each is dealt 7 (R3)'
"""

from __future__ import annotations

from block_dominoes.records.checker import check_record
from block_dominoes.records.codec import (
    ClaimedOutcome,
    Record,
    dump_json,
    move_json,
    record_from_json,
    record_schema,
    record_to_json,
    round_json,
)
from block_dominoes.records.load import as_record, load_record
from block_dominoes.records.notation import format_record, parse_record
from block_dominoes.records.verdict import Step, Verdict, Violation

__all__ = [
    "ClaimedOutcome",
    "Record",
    "Step",
    "Verdict",
    "Violation",
    "as_record",
    "check_record",
    "dump_json",
    "format_record",
    "load_record",
    "move_json",
    "parse_record",
    "record_from_json",
    "record_schema",
    "record_to_json",
    "round_json",
]
