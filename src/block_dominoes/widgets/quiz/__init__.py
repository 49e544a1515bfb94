"""Questions that answer back with no kernel: a position, a few choices, and for
every choice an explanation the engine wrote in advance.

Each builder turns a position into a :class:`Question` (plain data: the prompt,
the choices, one feedback sentence per choice, which one is right) and returns
it as a :class:`Quiz` widget: ``ToggleButtons`` whose ``index`` drives a
``Stack`` of feedback panels through ``widgets.jsdlink``, so a click shows that
choice's panel in the browser alone, in a static page, exactly as the
step-throughs link their slider to a ``Stack``.

The answer is never written by hand: the builders ask the engine (where a tile
fits, whether a player must pass, whether the round is over, who scores how
much, who starts next, who won the match) and word each wrong choice's reason
with the rule it breaks; rule ids in the feedback link to the rules card.

>>> q = where_can_it_go(["1-4", "1-1"], "1-3")
>>> print(q.as_text())
Where can [1|3] go?
  A. On the 1 (end X)
  B. On the 4 (end Y)
  C. On either end
  D. Nowhere: it fits no open end
>>> print(q.answer_text())
Answer: A. On the 1 (end X). [1|3] has a 1, the number end X shows, so it joins there and its 3 becomes the new end (R7).
"""

from __future__ import annotations

from block_dominoes.widgets.quiz.core import (
    END_TAGS,
    RULES_CARD,
    Choice,
    Question,
    Quiz,
    position,
    question,
    rules_card_href,
)
from block_dominoes.widgets.quiz.placing import is_round_over, must_pass, where_can_it_go
from block_dominoes.widgets.quiz.scoring import who_scores, who_starts_next, who_won_match

__all__ = [
    "END_TAGS",
    "RULES_CARD",
    "Choice",
    "Question",
    "Quiz",
    "is_round_over",
    "must_pass",
    "position",
    "question",
    "rules_card_href",
    "where_can_it_go",
    "who_scores",
    "who_starts_next",
    "who_won_match",
]
