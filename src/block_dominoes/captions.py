"""A move of a round in words, naming the rule that allows it: the captions of the
step-throughs and of ``state_svg`` (``render`` re-exports :func:`move_caption`)."""

from __future__ import annotations

from .i18n import _, iso
from .round import Draw, Pass, Play, RoundState

__all__ = ["move_caption"]


def move_caption(state: RoundState, index: int) -> str:
    """The words for move ``index`` (0-based) of ``state.history``, naming the rule.

    >>> from block_dominoes.round import RoundState
    >>> s = RoundState.new('pagat', [['1-4', '2-2'], ['4-6', '0-0']]).play('1-4')
    >>> move_caption(s, 0)
    'player 1 leads [1|4] (R5, R7)'
    """
    seat, move = state.history[index]
    before = state.after(index)
    if isinstance(move, Pass):
        a, b = before.line.end_values
        return _(
            "player {seat} passes: no tile in hand matches the open ends {first} and {second} (R9)"
        ).format(seat=seat, first=a, second=b)
    if isinstance(move, Draw):
        return _("player {seat} draws {tile}: no tile fits (V6)").format(
            seat=seat, tile=iso(move.tile)
        )
    assert isinstance(move, Play)
    if move.end is None:
        return _("player {seat} leads {tile} (R5, R7)").format(seat=seat, tile=iso(move.tile))
    target = next(e for e in before.line.open_ends if e.value == move.end)
    if move.tile.is_double:
        rule = (
            _("R7, R10: a double lies crosswise, R8")
            if move.end == 0
            else _("R7, R10: a double lies crosswise")
        )
    else:
        rule = _("R7, R8") if move.end == 0 else "R7"
    return _("player {seat} plays {tile} on {target} ({rule})").format(
        seat=seat, tile=iso(move.tile), target=target, rule=rule
    )
