"""ipywidgets front ends. Each function returns a widget; none calls ``display()``.

Imported lazily: ``import block_dominoes`` never imports ipywidgets. Each name
lives in its own module, loaded on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "attachment_explorer": "explorer",
    "round_scorer": "scorer",
    "step_through": "stepper",
    "play": "playing",
    "score_sheet": "sheet",
    "record_checker": "checker",
    "language_choice": "languages",
    "question": "quiz",
    "where_can_it_go": "quiz",
    "must_pass": "quiz",
    "is_round_over": "quiz",
    "who_scores": "quiz",
    "who_starts_next": "quiz",
    "who_won_match": "quiz",
    "position": "quiz",
    "Quiz": "quiz",
    "Question": "quiz",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
