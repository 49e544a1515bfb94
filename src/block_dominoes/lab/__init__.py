"""The strategy lab: many seeded rounds (:mod:`.simulation`), their fast path
(:mod:`.fast`), the same runs on a Dask cluster (:mod:`.cluster`, Dask imported only
when a cluster is used) and the stored tables of runs too slow for a chapter
(:mod:`.tables`, with ``expert_lab.json`` and ``openspiel_lab.json`` beside it).

>>> simulate('pagat', 2, games=10, seed=1).games
10
"""

from __future__ import annotations

from block_dominoes.lab.simulation import SimulationResult, mean_interval, simulate, wilson
from block_dominoes.lab.tables import LabRow, lab_results, openspiel_results, recheck

__all__ = [
    "LabRow",
    "SimulationResult",
    "lab_results",
    "mean_interval",
    "openspiel_results",
    "recheck",
    "simulate",
    "wilson",
]
