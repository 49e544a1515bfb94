"""Questions on the line: where can this tile go, must this player pass, is the
round over (R7-R13)."""

from __future__ import annotations

from collections.abc import Iterable

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import _, iso, ngettext, pgettext, speaks
from block_dominoes.line import Line
from block_dominoes.render.pictures import hand_svg, line_svg, state_svg
from block_dominoes.round import Play, RoundState
from block_dominoes.rules import Rules, find_rules
from block_dominoes.tiles import Tile
from block_dominoes.widgets.quiz.core import (
    Choice,
    Question,
    Quiz,
    after_picture,
    as_hand,
    as_line,
    as_tile,
    end_tags,
    ends_of,
    match_rule,
    player_name,
)

__all__ = ["is_round_over", "must_pass", "where_can_it_go"]


@speaks
def where_can_it_go(
    line: Line | Iterable[str | Tile] | str,
    tile: Tile | str,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Where can ``tile`` join ``line``: on one end, on either, or nowhere (R7, R8, R10).

    The diagram names the open ends "end X" and "end Y"; the choices say "On
    the 4 (end Y)". Raises InvalidPositionError for an empty line (any tile
    may lead) or a tile already on the line (R2). ``lang="ar"`` asks it in Arabic.
    """
    r = find_rules(rules)
    ln, t = as_line(line, r), as_tile(tile, r)
    if ln.is_empty:
        raise InvalidPositionError(
            _("ask where a tile goes once a tile has led (R5: any may lead)")
        )
    if t in ln.tiles:
        raise InvalidPositionError(
            _("{tile} is already on the line: each tile is in the set once (R2)").format(
                tile=iso(t)
            )
        )
    (xn, xv), (yn, yv) = ends_of(ln)
    T = iso(t)
    fits = set(ln.fits(t))
    crosswise = " " + _("As a double it lies crosswise (R10).") if t.is_double else ""
    nowhere_text = _("Nowhere: it fits no open end")
    if xv != yv:
        nothing = (
            _(
                "{tile} has neither a {x} nor a {y}, so it fits no open end (R7): a blank "
                "matches only a blank (R8); a player holding only such tiles passes (R9)."
            )
            if 0 in (xv, yv)
            else _(
                "{tile} has neither a {x} nor a {y}, so it fits no open end (R7); a player "
                "holding only such tiles passes (R9)."
            )
        ).format(tile=T, x=xv, y=yv)
    else:
        nothing = (
            _(
                "{tile} has no {x}, the number both ends show, so it fits no open end (R7, R8: "
                "a blank matches only a blank); a player holding only such tiles passes (R9)."
            )
            if xv == 0
            else _(
                "{tile} has no {x}, the number both ends show, so it fits no open end (R7); a "
                "player holding only such tiles passes (R9)."
            )
        ).format(tile=T, x=xv)
    choices: list[Choice] = []
    if xv != yv:
        for name, v, other in ((xn, xv, yv), (yn, yv, xv)):
            text = _("On the {value} ({end})").format(value=v, end=name)
            if fits == {v}:
                fb = (
                    _(
                        "{tile} has a {value}, the number {end} shows, so it joins there and "
                        "its {other} becomes the new end ({rules})."
                    ).format(tile=T, value=v, end=name, other=t.other(v), rules=match_rule(v))
                    + crosswise
                )
                pic = after_picture(
                    ln, t, v, _("After {tile} joins {end}").format(tile=T, end=name)
                )
                choices.append(Choice(text, fb, True, pic))
            elif v in fits:  # fits both
                fb = _(
                    "{tile} does fit {end}, but it also has a {other} and fits the other end "
                    "too: the player may choose either end (R7)."
                ).format(tile=T, end=name, other=other)
                choices.append(Choice(text, fb))
            else:
                fb = _(
                    "{tile} has no {value}, and a tile joins an end only with a half that shows "
                    "the same number ({rules})."
                ).format(tile=T, value=v, rules=match_rule(v))
                choices.append(Choice(text, fb))
        text = _("On either end")
        if len(fits) == 2:
            fb = (
                _(
                    "{tile} has a {x} and a {y}, so it fits both ends; the player chooses which "
                    "(R7), and says so when both are possible."
                ).format(tile=T, x=xv, y=yv)
                + crosswise
            )
            pic = after_picture(
                ln,
                t,
                yv,
                _("After {tile} joins {end}, one of the two choices").format(tile=T, end=yn),
            )
            choices.append(Choice(text, fb, True, pic))
        elif fits:
            (v,) = fits
            missing = yv if v == xv else xv
            fb = _(
                "{tile} fits only the end that shows {value}: it has no {missing} for the "
                "other end ({rules})."
            ).format(tile=T, value=v, missing=missing, rules=match_rule(missing))
            choices.append(Choice(text, fb))
        else:
            choices.append(
                Choice(
                    text,
                    _("{tile} has neither a {x} nor a {y}, so neither end takes it (R7).").format(
                        tile=T, x=xv, y=yv
                    ),
                )
            )
    else:
        text = _("On either end (both show {value})").format(value=xv)
        if fits:
            fb = (
                _(
                    "{tile} has a {value}, and both ends show {value}: it may join either; the "
                    "picture shows it on one of them (R7)."
                ).format(tile=T, value=xv)
                + crosswise
            )
            choices.append(
                Choice(text, fb, True, after_picture(ln, t, xv, _("After {tile}").format(tile=T)))
            )
        else:
            choices.append(
                Choice(
                    text,
                    _("{tile} has no {value}, so neither end takes it (R7).").format(
                        tile=T, value=xv
                    ),
                )
            )
        text = _("Only on {end}").format(end=xn)
        fb = (
            _("Both ends show {value}, so a tile that fits one fits the other too (R7).").format(
                value=xv
            )
            if fits
            else _("{tile} has no {value}, so it fits neither end (R7).").format(tile=T, value=xv)
        )
        choices.append(Choice(text, fb))
    if fits:
        values = sorted(fits)
        fb = (
            _("{tile} has the {value} showing at an open end, so it can be placed (R7).").format(
                tile=T, value=values[0]
            )
            if len(values) == 1
            else _(
                "{tile} has the {x} and the {y} showing at an open end, so it can be placed (R7)."
            ).format(tile=T, x=values[0], y=values[1])
        )
        choices.append(Choice(nowhere_text, fb))
    else:
        choices.append(Choice(nowhere_text, nothing, True))
    picture = line_svg(ln, title=_("The line"), end_tags=end_tags()) + hand_svg(
        [t], label=_("The tile")
    )
    q = Question(_("Where can {tile} go?").format(tile=T), tuple(choices), picture, title, page)
    return Quiz(q)


@speaks
def must_pass(
    line: Line | Iterable[str | Tile] | str,
    hand: Iterable[Tile | str] | str,
    *,
    rules: Rules | str = "pagat",
    player: int = 1,
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Must this player pass? With ``hand`` in front of ``line`` (R9: a player who
    can place a tile must; one who cannot passes). Raises InvalidPositionError
    for an empty line or a tile both in the hand and on the line (R2)."""
    r = find_rules(rules)
    ln, h = as_line(line, r), as_hand(hand, r)
    if ln.is_empty:
        raise InvalidPositionError(_("nobody passes before the lead: any tile may lead (R5)"))
    twice = set(ln.tiles) & set(h)
    if twice:
        raise InvalidPositionError(
            _("tile {tile} is both on the line and in the hand (R2)").format(
                tile=iso(repr(str(min(twice))))
            )
        )
    (xn, xv), (yn, yv) = ends_of(ln)
    plays = [Play(x, v) for x in h for v in ln.fits(x)]
    who = player_name(player)
    draw = " " + _("In the Draw game they would draw first (V6); in Block nobody draws (R4).")
    if plays:
        first = plays[0]
        name = xn if first.end == xv else yn
        fitting = sorted({p.tile for p in plays})
        listed = pgettext("list of tiles", ", ").join(iso(x) for x in fitting)
        after = line_svg(
            ln.place(first.tile, first.end),
            last=first.tile,
            title=_("After {tile}").format(tile=iso(first.tile)),
        )
        yes = ngettext(
            "{tiles} fits an open end, so {player} cannot pass: a player who can place a tile "
            "must (R9).",
            "{tiles} fit an open end, so {player} cannot pass: a player who can place a tile "
            "must (R9).",
            len(fitting),
        ).format(tiles=listed, player=who)
        no = (
            _(
                "{tile} fits {end} (the {value}), so {player} must play a tile; {tiles} all fit, "
                "and they choose which (R9)."
            )
            if len(fitting) > 1
            else _("{tile} fits {end} (the {value}), so {player} must play a tile (R9).")
        ).format(tile=iso(first.tile), end=name, value=first.end, player=who, tiles=listed)
        choices = (
            Choice(_("Yes, they must pass"), yes),
            Choice(_("No, they must play a tile"), no, True, after),
            Choice(
                _("They may choose"),
                _(
                    "In Block there is no choice: a player who can place a tile must play, "
                    "and only a player who cannot passes (R9)."
                ),
            ),
        )
    else:
        yes = (
            _("No tile in {player}'s hand has a {x} or a {y}, so nothing fits and they pass (R9).")
            if xv != yv
            else _("No tile in {player}'s hand has a {x}, so nothing fits and they pass (R9).")
        ).format(player=who, x=xv, y=yv)
        if 0 in (xv, yv):
            yes += " " + _("A blank matches only a blank (R8).")
        held = " ".join(iso(x) for x in h)
        choices = (
            Choice(_("Yes, they must pass"), yes + draw, True),
            Choice(
                _("No, they must play a tile"),
                (
                    _(
                        "No tile among {tiles} has a {x} or a {y}: no tile fits an open end (R7), "
                        "so they pass (R9)."
                    )
                    if xv != yv
                    else _(
                        "No tile among {tiles} has a {x}: no tile fits an open end (R7), so they "
                        "pass (R9)."
                    )
                ).format(tiles=held, x=xv, y=yv),
            ),
            Choice(
                _("They may choose"),
                _(
                    "In Block there is no choice: a player who cannot place a tile passes, and "
                    "one who can must play (R9)."
                ),
            ),
        )
    picture = line_svg(ln, title=_("The line"), end_tags=end_tags()) + hand_svg(h, label=who)
    q = Question(
        _("It is {player}'s turn. Must they pass?").format(player=who),
        choices,
        picture,
        title,
        page,
    )
    return Quiz(q)


def _hands_text(state: RoundState) -> str:
    return "; ".join(
        _("player {seat} holds {tiles}").format(
            seat=s, tiles=" ".join(iso(t) for t in h) or _("nothing")
        )
        for s, h in enumerate(state.hands, start=1)
    )


@speaks
def is_round_over(
    state: RoundState,
    *,
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Is the round over, and why: a domino (a player went out) or a block (no tile
    in any hand fits, R13)? ``state`` is a :class:`RoundState` (see :func:`position`)."""
    ln = state.line
    out = state.went_out
    blocked = state.is_blocked
    values = list(dict.fromkeys(ln.end_values))
    if not values:
        ends = _("nothing")
    elif len(values) == 1:
        ends = _("a {value}").format(value=values[0])
    else:
        ends = _("a {x} or a {y}").format(x=values[0], y=values[1])
    if out is not None:
        right = 1
        why = _(
            "Player {seat} has played their last tile: the round ends at once, a domino (R13, R15)."
        ).format(seat=out)
    elif blocked:
        right = 2
        why = _(
            "No tile in any hand has {ends} to match the open ends, so nobody can play: the "
            "round is blocked (R13, R16)."
        ).format(ends=ends)
    else:
        right = 0
        movers = [(s, p.tile) for s in range(1, state.players + 1) for p in state.playable(s)[:1]]
        s, t = movers[0]
        why = _(
            "Player {seat} still holds {tile}, which fits an open end, and every player holds "
            "tiles, so play goes on (R9, R13)."
        ).format(seat=s, tile=iso(t))
        not_blocked = _(
            "Player {seat} still holds {tile}, which fits an open end, and every player holds "
            "tiles, so the line is not blocked (R9, R13)."
        ).format(seat=s, tile=iso(t))
    wrong = {
        0: (
            _("Player {seat} has no tiles left: a domino ends the round at once (R13).").format(
                seat=out
            )
            if out is not None
            else _(
                "Nobody can play: no tile in any hand has {ends}, so the round ends blocked (R13)."
            ).format(ends=ends)
        ),
        1: _(
            "Every player still holds tiles; a domino means one player has played their last "
            "tile (R13)."
        ),
        2: (
            _(
                "Player {seat} went out, so the round ended as a domino; a block is when "
                "everyone still holds tiles and none fits (R13)."
            ).format(seat=out)
            if out is not None
            else (not_blocked if right == 0 else why)
        ),
    }
    texts = (
        _("No, play goes on"),
        _("Yes: a player went out (a domino)"),
        _("Yes: it is blocked"),
    )
    choices = tuple(
        Choice(
            text,
            why if i == right else wrong[i],
            i == right,
        )
        for i, text in enumerate(texts)
    )
    picture = state_svg(state, title=_("The round"), end_tags=end_tags(), turn=False)
    q = Question(_("Is the round over?"), choices, picture, title, page)
    return Quiz(q)
