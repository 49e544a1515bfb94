"""The score sheet: a match kept round by round (:mod:`.model`), its rows
(:mod:`.rows`), its file format (:mod:`.fileformat`), the check of a claimed score
(:mod:`.claims`) and its chart (:mod:`.chart`, which needs matplotlib and is imported
only when a chart is asked for).

>>> s = Sheet.new("pagat", 2, names=["Ann", "Ben"])
>>> s.players, s.target
(2, 100)
"""

from __future__ import annotations

from block_dominoes.sheet.claims import Interpretation, check_claim
from block_dominoes.sheet.fileformat import FORMAT, FORMAT_VERSION, split_names
from block_dominoes.sheet.model import Sheet, dumps, load, save, update
from block_dominoes.sheet.rows import Entry, SheetRound

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Entry",
    "Interpretation",
    "Sheet",
    "SheetRound",
    "check_claim",
    "dumps",
    "load",
    "save",
    "split_names",
    "update",
]
