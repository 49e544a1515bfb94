"""The round scorer: the remaining hands (or totals) of 2-4 players -> points and why.

Each box takes a HAND as :mod:`block_dominoes.hands` reads it: tiles
(``1-4,0-0``), a pip total (``7``) or ``-`` for the player who went out.
The callback only calls :func:`block_dominoes.hands.score_hands`; a bad entry
is shown as a message naming the rule, never a traceback.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from block_dominoes.hands import score_hands
from block_dominoes.i18n import _, ngettext, speaks
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.widgets.common import NEEDS_KERNEL, Message, escape_isolated, guard, shown

__all__ = ["RoundScorer", "round_scorer"]


class RoundScorer(w.VBox):
    """Player count, ruleset, one HAND box per player; ``text`` holds the answer."""

    def __init__(self, hands: Sequence[str] = ("3", "7", "8"), rules: str = "pagat") -> None:
        if not 2 <= len(hands) <= 4:
            raise ValueError(_("give 2 to 4 hands, got {n} (R1)").format(n=len(hands)))
        self.players = w.Dropdown(options=[2, 3, 4], value=len(hands), description=_("Players"))
        self.ruleset = w.Dropdown(
            options=list(rules_names()), value=find_rules(rules).name, description=_("Rules")
        )
        self.boxes = [
            w.Text(
                value=hands[i] if i < len(hands) else "",
                description=_("Player {seat}").format(seat=i + 1),
                placeholder=_("1-4,0-0 or 7 or -"),
                continuous_update=False,
            )
            for i in range(4)
        ]
        self.answer = w.HTML()
        self.message = Message()
        self.text = ""
        for box in self.boxes:
            box.observe(self._on_change, names="value")
        self.players.observe(self._on_change, names="value")
        self.ruleset.observe(self._on_change, names="value")
        help_text = _(
            "<b>Score a finished round</b> (R13-R18). For each player type the tiles "
            "left in hand (<code>1-4,0-0</code>), a pip total (<code>7</code>), or "
            "<code>-</code> for the player who went out."
        )
        super().__init__(
            [w.HTML(help_text), self.players, self.ruleset, *self.boxes, self.answer, self.message]
        )
        self.add_class(NEEDS_KERNEL)  # the static page greys it out and links the live edition
        self.update()

    def __repr__(self) -> str:
        hands = [b.value for b in self.boxes[: self.players.value]]
        return f"RoundScorer(hands={hands!r}, rules={self.ruleset.value!r})"

    def _on_change(self, change: dict[str, Any]) -> None:
        self.update()

    def update(self) -> None:
        """Show the boxes in use and score them."""
        n = self.players.value
        for i, box in enumerate(self.boxes):
            box.layout.display = shown(i < n)
        self.message.clear()
        self.answer.value = ""
        self.text = ""

        @guard(self.message)
        def run() -> None:
            try:
                out = score_hands(self.ruleset.value, [b.value for b in self.boxes[:n]])
            except ValueError as e:
                self.text = str(e)
                self.message.error(self.text)
                return
            scores = [out.points if s in out.side else 0 for s in range(1, n + 1)]
            lines = [
                ngettext("player {seat}: {n} point", "player {seat}: {n} points", p).format(
                    seat=s, n=p
                )
                for s, p in enumerate(scores, start=1)
            ]
            self.text = "\n".join([out.explanation, *lines])
            # the words outside the f-string, where Babel's extractor finds them
            player, points = html.escape(_("player")), html.escape(_("points"))
            self.answer.value = (
                f"<p class='bd-answer'><b>{escape_isolated(out.explanation)}</b></p>"
                f"<table class='bd-points'><tr><th>{player}</th><th>{points}</th></tr>"
                + "".join(f"<tr><td>{s}</td><td>{p}</td></tr>" for s, p in enumerate(scores, 1))
                + "</table>"
            )

        run()


@speaks
def round_scorer(hands: Sequence[str] = ("3", "7", "8"), rules: str = "pagat") -> w.VBox:
    """The scorer widget, filled with ``hands`` (2 to 4 HANDs) under ``rules``."""
    return RoundScorer(hands, rules)
