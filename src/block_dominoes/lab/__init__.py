"""The strategy lab: many seeded rounds (:mod:`.simulation`), their fast path
(:mod:`.fast`) and the same runs on a Dask cluster (:mod:`.cluster`, Dask imported
only when a cluster is used). The stored tables of runs too slow for a chapter are
:mod:`.tables` (with ``expert_lab.json`` and ``openspiel_lab.json`` beside it), a
program of its own (``python -m block_dominoes.lab.tables``), so this face does not
import it.

>>> simulate('pagat', 2, games=10, seed=1).games
10
"""

from __future__ import annotations

from block_dominoes.lab.simulation import SimulationResult, mean_interval, simulate, wilson

__all__ = ["SimulationResult", "mean_interval", "simulate", "wilson"]
