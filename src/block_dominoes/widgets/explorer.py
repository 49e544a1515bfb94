"""The attachment explorer: choose a line and a tile, see where it can go, or why not.

The callback only calls the engine (:meth:`Line.build`, :meth:`Line.fits`,
:meth:`Line.check`, :func:`render.line_svg`); every error the engine raises
(R2, R7, R8) is shown as a message in the widget.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from block_dominoes.i18n import N_, _, iso, speaks
from block_dominoes.line import Line
from block_dominoes.render.pictures import fit_text, line_svg
from block_dominoes.rules import find_rules
from block_dominoes.tiles import Tile, full_set, split_tiles
from block_dominoes.widgets.common import NEEDS_KERNEL, Message, guard, svg_view

__all__ = ["EXAMPLE_LINES", "AttachmentExplorer", "attachment_explorer", "legal_text"]

# The attachment examples of RULES.md, as placements (labels translated where shown).
EXAMPLE_LINES: tuple[tuple[str, str], ...] = (
    (N_("E1: lead [1|4]"), "1-4"),
    (N_("E2: [1|1] on the 1"), "1-4 1-1"),
    (N_("E3: [6|6] on the 6"), "3-6 6-6"),
    (N_("E4: lead [0|0]"), "0-0"),
    (N_("E5: [4|4] on the 4"), "1-4 1-1 4-4"),
    (N_("E6: [3|4] on [4|4]"), "1-4 1-1 4-4 3-4"),
    (N_("E7: lead [2|2]"), "2-2"),
    (N_("empty line"), ""),
)


def build_line(text: str, rules: str = "pagat") -> Line:
    """A line from placements such as ``'1-4 1-1 3-4@4'``; errors name the bad placement."""
    r = find_rules(rules)
    return Line.build(
        split_tiles(text),
        max_pip=r.max_pip,
        context=_("line, placement {number} ({text}): {error}"),
    )


def legal_text(line: Line, tile: Tile) -> str:
    """Every legal placement of ``tile``, one per line, as the CLI ``legal`` words them,
    followed by the open end each one joins. Raises the engine's error if none."""
    summary = fit_text(line, tile)
    if line.is_empty:
        return _("{tile} as the lead").format(tile=iso(tile)) + f"\n{summary}"
    rows = [_("{tile} on the {end}").format(tile=iso(tile), end=v) for v in line.fits(tile)]
    return "\n".join([*rows, summary])


class AttachmentExplorer(w.VBox):
    """A line (an example or typed placements), a tile, the diagram and the answer.

    ``text`` holds the answer in words (or the error), for tests and readers.
    """

    def __init__(self, line: str = "1-4 1-1", tile: str = "1-3", rules: str = "pagat") -> None:
        values = [v for _, v in EXAMPLE_LINES]
        self.example = w.Dropdown(
            options=[*((_(label), v) for label, v in EXAMPLE_LINES), (_("type your own"), None)],
            value=line if line in values else None,
            description=_("Example"),
        )
        self.line_text = w.Text(
            value=line,
            description=_("Line"),
            placeholder=_("placements, e.g. 1-4 1-1 3-4@4"),
            continuous_update=False,
        )
        self.tile_text = w.Combobox(
            value=tile,
            options=[f"{t.low}-{t.high}" for t in full_set(find_rules(rules).max_pip)],
            ensure_option=False,
            description=_("Tile"),
            placeholder=_("choose or type, e.g. 3-4"),
            continuous_update=False,
        )
        self.rules = rules
        self.picture = svg_view()
        self.answer = w.HTML()
        self.message = Message()
        self.text = ""
        self.example.observe(self._on_example, names="value")
        self.line_text.observe(self._on_line, names="value")
        self.tile_text.observe(self._on_change, names="value")
        super().__init__(
            [
                w.HTML(_("<b>Where can this tile go?</b> (R7, R8, R10)")),
                self.example,
                self.line_text,
                self.tile_text,
                self.picture,
                self.answer,
                self.message,
            ]
        )
        self.add_class(NEEDS_KERNEL)  # the static page greys it out and links the live edition
        self.update()

    def _on_example(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.line_text.value = change["new"]

    def __repr__(self) -> str:
        return f"AttachmentExplorer(line={self.line_text.value!r}, tile={self.tile_text.value!r})"

    def _on_line(self, change: dict[str, Any]) -> None:
        values = {v for _, v in EXAMPLE_LINES}
        self.example.value = change["new"] if change["new"] in values else None
        self.update()

    def _on_change(self, change: dict[str, Any]) -> None:
        self.update()

    def update(self) -> None:
        """Recompute the diagram and answer from the two text boxes."""
        self.message.clear()
        self.answer.value = ""
        self.text = ""
        self._update()

    def _show_error(self, text: str) -> None:
        self.text = text
        self.message.error(text)

    def _update(self) -> None:
        @guard(self.message)
        def run() -> None:
            try:
                r = find_rules(self.rules)
                line = build_line(self.line_text.value, self.rules)
            except ValueError as e:
                self.picture.value = ""
                self._show_error(str(e))
                return
            self.picture.value = line_svg(line, title=_("The line"))
            try:
                tile = Tile.parse(self.tile_text.value, max_pip=r.max_pip)
            except ValueError as e:
                self._show_error(_("tile: {error}").format(error=e))
                return
            try:
                text = legal_text(line, tile)
            except ValueError as e:
                self._show_error(str(e))
                return
            self.picture.value = line_svg(
                line, title=_("Where {tile} fits").format(tile=iso(tile)), fit=tile
            )
            self.text = text
            self.answer.value = f"<pre class='bd-answer'>{html.escape(text)}</pre>"

        run()


@speaks
def attachment_explorer(line: str = "1-4 1-1", tile: str = "1-3", rules: str = "pagat") -> w.VBox:
    """The explorer widget, starting on ``line`` (placements) and ``tile``."""
    return AttachmentExplorer(line, tile, rules)
