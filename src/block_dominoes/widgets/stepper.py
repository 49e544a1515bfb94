"""Step through a recorded round with no kernel at all.

Every move's diagram is drawn in advance (one HTML picture per move, with a
caption naming the move and its rule) and put in a ``Stack``; a slider (and a
``Play`` button) is linked to the stack with ``widgets.jslink``, so the browser
changes the picture by itself, in a static page.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from block_dominoes.errors import IllegalMoveError, InvalidPositionError
from block_dominoes.i18n import _, iso, speaks
from block_dominoes.players.games import PlayedRound
from block_dominoes.render.pictures import PHONE_WIDTH, replay, state_svg
from block_dominoes.round import Pass, RoundState, move_caption

__all__ = [
    "Frame",
    "StepThrough",
    "finished_state",
    "frames",
    "record_state",
    "step_through",
]


#: The widest a step-through's pictures are drawn: the renderer's phone width, so
#: on a 400 px phone the 16 px labels show at 16 px (at 640 they shrank to 9 px).


@dataclass(frozen=True, slots=True)
class Frame:
    """One step: its caption in words and its picture."""

    caption: str
    svg: str

    def html(self) -> str:
        return (
            f"<div class='bd-step'><p class='bd-caption'>{html.escape(self.caption)}</p>"
            f"{self.svg}</div>"
        )


def record_state(record: Mapping[str, Any] | str) -> RoundState:
    """Replay a round record: the JSON of :func:`block_dominoes.players.games.round_json`
    (parsed, or as text, as ``play --json`` prints it) or the notation.

    The record is replayed by the checker, so every ruleset is followed (the V2
    lead, draws). Raises RecordError (a ValueError) for a record that cannot be
    read, and IllegalMoveError naming the move and the rule for one that breaks it.
    """
    from block_dominoes.records.checker import check_record
    from block_dominoes.records.load import as_record

    verdict = check_record(as_record(record))
    e = verdict.first_error
    if e is not None and e.move is not None:
        raise IllegalMoveError(
            _("{where} breaks {rule}: {message}").format(
                where=e.where, rule=e.rule, message=e.message
            ),
            rule=e.rule,
        )
    return verdict.steps[-1].state


def finished_state(source: RoundState | PlayedRound | Mapping[str, Any] | str) -> RoundState:
    """The round a step-through shows, from any of the sources it accepts."""
    return _as_state(source)[0]


def _as_state(
    source: RoundState | PlayedRound | Mapping[str, Any] | str,
) -> tuple[RoundState, tuple[str, ...]]:
    if isinstance(source, PlayedRound):
        return source.state, source.reasons
    if isinstance(source, RoundState):
        return source, ()
    if isinstance(source, Mapping | str):
        return record_state(source), ()
    raise InvalidPositionError(
        _(
            "a step-through shows a round: give a RoundState, a PlayedRound or a round "
            "record (JSON or the notation), not {kind}"
        ).format(kind=type(source).__name__)
    )


def frames(
    source: RoundState | PlayedRound | Mapping[str, Any],
    *,
    reveal: bool = True,
    width: int = PHONE_WIDTH,
) -> list[Frame]:
    """The deal, then one frame per move; the last caption adds the outcome (R13-R17)."""
    state, reasons = _as_state(source)
    n = len(state.history)
    start = replay(state, 0)
    if start.lead is None:
        first = _("The deal: player {seat} starts and any tile may lead (R5).")
    else:
        first = _("The deal: player {seat} starts and {tile} must lead (V2).")
    first = first.format(seat=state.starter, tile=iso(start.lead))
    out = [Frame(first, state_svg(start, reveal=reveal, width=width, caption=first))]
    for k in range(1, n + 1):
        caption = _("Move {k} of {n}: {move}").format(k=k, n=n, move=move_caption(state, k - 1))
        if k - 1 < len(reasons) and not isinstance(state.history[k - 1][1], Pass):
            why = reasons[k - 1].split(": ", 1)[-1]
            caption += _(" ({why})").format(why=why)
        caption += "."
        after = replay(state, k)
        outcome = after.outcome()
        if outcome is not None:
            caption += _(" The round is over: {explanation}.").format(
                explanation=outcome.explanation
            )
        out.append(Frame(caption, state_svg(after, reveal=reveal, width=width, caption=caption)))
    return out


class StepThrough(w.VBox):
    """A ``Play`` button and a slider linked in the browser to a ``Stack`` of frames."""

    def __init__(self, steps: Sequence[Frame], *, title: str = "", interval: int = 1500) -> None:
        if not steps:
            raise ValueError(_("a step-through needs at least one frame"))
        self.frames = list(steps)
        last = len(self.frames) - 1
        self.slider = w.IntSlider(
            value=0, min=0, max=last, description=_("Move"), continuous_update=True
        )
        self.player = w.Play(value=0, min=0, max=last, interval=interval, description=_("Play"))
        self.stack = w.Stack([w.HTML(f.html()) for f in self.frames], selected_index=0)
        # Play drives the slider one way only: a two-way link between them stops a
        # keyboard move of the slider from reaching the stack in the static page
        # (measured with html-manager 1.0.15 in Chromium).
        self.links = (
            w.jsdlink((self.player, "value"), (self.slider, "value")),
            w.jslink((self.slider, "value"), (self.stack, "selected_index")),
        )
        head = [w.HTML(f"<b>{html.escape(title)}</b>")] if title else []
        super().__init__([*head, w.HBox([self.player, self.slider]), self.stack])

    def __repr__(self) -> str:
        return f"StepThrough({len(self.frames)} frames: {self.frames[0].caption} ...)"

    @property
    def captions(self) -> list[str]:
        return [f.caption for f in self.frames]


@speaks
def step_through(
    source: RoundState | PlayedRound | Mapping[str, Any] | str,
    *,
    title: str = "",
    reveal: bool = True,
    width: int = PHONE_WIDTH,
    interval: int = 1500,
) -> w.VBox:
    """A no-kernel step-through of a recorded round.

    ``source`` is a finished :class:`RoundState` (its history is replayed from
    the deal), a :class:`PlayedRound` (its computer reasons join the captions)
    or a round record as ``block-dominoes play --json`` prints it. ``lang="ar"``
    writes the captions in that language.
    """
    return StepThrough(frames(source, reveal=reveal, width=width), title=title, interval=interval)
