"""Questions on the score: who scores and how much, who starts next, who has won
the match (R14-R21, V1, V3, V4)."""

from __future__ import annotations

from collections.abc import Sequence

from block_dominoes.errors import InvalidPositionError
from block_dominoes.i18n import _, iso_sum, lower_first, ngettext, pgettext, speaks, upper_first
from block_dominoes.match import match_result, next_start
from block_dominoes.render.pictures import state_svg
from block_dominoes.round import RoundState
from block_dominoes.rules import BlockedScoring, Rules, find_rules
from block_dominoes.scoring import Outcome, OutcomeKind, score_totals
from block_dominoes.widgets.quiz.core import Choice, Question, Quiz, pair_name, player_name

__all__ = ["who_scores", "who_starts_next", "who_won_match"]


def _name(rules: Rules, players: int, outcome: Outcome) -> str:
    if outcome.winner is None:
        return _("Nobody")
    if len(outcome.side) > 1:
        return pair_name(outcome.side)
    return player_name(outcome.winner)


def _scores(name: str, points: int) -> str:
    return ngettext("{name} scores {points}", "{name} scores {points}", points).format(
        name=name, points=points
    )


@speaks
def who_scores(
    totals: Sequence[int] | RoundState,
    went_out: int | None = None,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Who scores, and how much? From each seat's remaining pip total (``went_out``
    the seat that went out, or None for a block) or a finished :class:`RoundState`
    (R14-R17, V3, V4). The wrong choices are the usual slips: the wrong player,
    forgetting to subtract, subtracting on a domino, scoring a tied block."""
    if isinstance(totals, RoundState):
        state = totals
        outcome = state.outcome()
        if outcome is None:
            raise InvalidPositionError(_("the round is not over yet: nobody scores (R13)"))
        r = state.rules
        picture = state_svg(state, title=_("The end of the round"))
    else:
        r = find_rules(rules)
        outcome = score_totals(r, totals, went_out)
        picture = ""
    tot = outcome.totals
    n = len(tot)
    nobody = _("Nobody scores")
    right_text = nobody if outcome.winner is None else _scores(_name(r, n, outcome), outcome.points)
    choices: dict[str, Choice] = {
        right_text: Choice(
            right_text,
            _("{explanation}.").format(explanation=upper_first(outcome.explanation)),
            True,
        )
    }

    def add(text: str, fb: str) -> None:
        if text not in choices:
            choices[text] = Choice(text, fb)

    teams = r.teams(n)
    pair = len(teams[0]) > 1
    if outcome.kind is OutcomeKind.DOMINO:
        w_ = outcome.winner
        assert w_ is not None
        name = _name(r, n, outcome)
        others = [t for s, t in enumerate(tot, start=1) if s not in outcome.side]
        low = min(others)
        add(
            _scores(name, outcome.points - low),
            _(
                "Nothing is subtracted after a domino: the one who went out scores every pip "
                "left in the other hands (R15); subtracting is for a blocked round (R16)."
            ),
        )
        lowest = min((t, s) for s, t in enumerate(tot, start=1) if s not in outcome.side)[1]
        add(
            _scores(player_name(lowest), sum(tot) - tot[lowest - 1]),
            _(
                "Player {seat} went out, and a domino beats any total, even a small one (R15): "
                "hands are compared only in a block (R16)."
            ).format(seat=w_),
        )
        add(
            nobody,
            _("Player {seat} went out, so the round is a domino and they score (R15).").format(
                seat=w_
            ),
        )
    elif outcome.winner is None:
        low = min(tot)
        tied = [s for s, t in enumerate(tot, start=1) if t == low]
        for s in tied[:2]:
            other = next(x for x in tied if x != s)
            add(
                _scores(player_name(s), sum(tot) - 2 * low),
                _(
                    "Player {seat} ties with player {other} for the lowest total, {low}, and a "
                    "tied block scores nothing (R17)."
                ).format(seat=s, other=other, low=low),
            )
        high = max(range(1, n + 1), key=lambda s: tot[s - 1])
        add(
            _scores(player_name(high), sum(tot) - tot[high - 1]),
            _(
                "In a block the lowest total wins, never the highest (R16), and here the lowest "
                "is tied, so nobody scores (R17)."
            ),
        )
    else:
        name = _name(r, n, outcome)
        side_totals = [sum(tot[s - 1] for s in side) for side in teams]
        mine = min(side_totals)
        rest = sum(side_totals) - mine
        minus = pgettext("minus sign in a sum", "-")
        if r.blocked_scoring is BlockedScoring.DIFFERENCE:
            add(
                _scores(name, rest),
                _(
                    "Under these rules the winner's own total, {mine}, is taken off once: "
                    "{formula} (R16). Scoring all {rest} is a variant (V4)."
                ).format(
                    mine=mine,
                    formula=iso_sum(f"{rest} {minus} {mine} = {outcome.points}"),
                    rest=rest,
                ),
            )
        else:
            add(
                _scores(name, rest - mine),
                _(
                    "Under this ruleset the lowest side scores all the other pips, {rest}, with "
                    "nothing taken off ({rule})."
                ).format(rest=rest, rule="V3" if pair else "V4"),
            )
        hi = max(range(len(teams)), key=lambda i: side_totals[i])
        hi_name = pair_name(teams[hi]) if pair else player_name(teams[hi][0])
        add(
            _scores(hi_name, sum(side_totals) - side_totals[hi]),
            _("In a block the lowest total wins (R16): {name} holds the least, {mine}.").format(
                name=lower_first(name), mine=mine
            ),
        )
        add(
            nobody,
            _(
                "Only a tie for the lowest total scores nothing (R17); here {mine} is the sole "
                "lowest (R16)."
            ).format(mine=mine),
        )
    order = sorted(choices.values(), key=lambda c: (c.text == nobody, c.text))
    kind = (
        _("Player {seat} went out").format(seat=outcome.winner)
        if outcome.kind is OutcomeKind.DOMINO
        else _("The round is blocked")
    )
    prompt = _("{kind}. Pips left in each hand: {hands}. Who scores, and how much?").format(
        kind=kind,
        hands=pgettext("list of hands", ", ").join(
            _("player {seat}: {pips}").format(seat=s, pips=t) for s, t in enumerate(tot, start=1)
        ),
    )
    q = Question(prompt, tuple(order), picture, title, page)
    return Quiz(q)


@speaks
def who_starts_next(
    players: int,
    starter: int,
    winner: int | None,
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """Who starts the next round, given who started this one and who won it
    (None after a tied block): one seat clockwise (R19) or the winner (V1)."""
    r = find_rules(rules)
    n = r.check_players(players)
    for label, seat in (("starter", starter), ("winner", winner)):
        if seat is not None and not 1 <= seat <= n:
            raise InvalidPositionError(
                _("{name} must be a seat from 1 to {n}, got {seat} (R6)").format(
                    name=label, n=n, seat=repr(seat)
                )
            )
    # match.py decides who starts and by which rule; the feedback words it for a quiz.
    ns = next_start(r, n, starter, winner)
    nxt, left, rule = ns.seat, ns.clockwise, ns.rule
    by_winner = ns.reason != "clockwise"
    if ns.reason == "winner":
        why = _(
            "Under these rules the winner of the round starts the next one: player {winner} "
            "({rule})."
        ).format(winner=winner, rule=rule)
    elif ns.reason == "tied-block":
        why = _(
            "The block was tied, so nobody won; the start moves one seat clockwise from player "
            "{starter}, to player {left} ({rule})."
        ).format(starter=starter, left=left, rule=rule)
    else:
        why = _(
            "The start moves one seat clockwise from the last starter, player {starter}, to "
            "player {left}, whoever won (R19)."
        ).format(starter=starter, left=left)
    not_next = _("Player {seat} is not next: {why}")
    choices = []
    for s in range(1, n + 1):
        if s == nxt:
            choices.append(Choice(player_name(s), why, True))
        elif s == starter:
            choices.append(
                Choice(
                    player_name(s),
                    _("Player {seat} started this round; the start moves on ({rule}).").format(
                        seat=s, rule=rule
                    ),
                )
            )
        elif s == winner and not by_winner:
            choices.append(
                Choice(
                    player_name(s),
                    _(
                        "Winning does not earn the start under these rules: it passes one seat "
                        "clockwise from player {starter} (R19). The winner starts only in a "
                        "variant (V1)."
                    ).format(starter=starter),
                )
            )
        else:
            choices.append(Choice(player_name(s), not_next.format(seat=s, why=lower_first(why))))
    won = (
        _("nobody won (a tied block)")
        if winner is None
        else _("player {seat} won").format(seat=winner)
    )
    prompt = ngettext(
        "{n} player. Player {starter} started this round and {won}. Who starts the next round?",
        "{n} players. Player {starter} started this round and {won}. Who starts the next round?",
        n,
    ).format(n=n, starter=starter, won=won)
    q = Question(prompt, tuple(choices), "", title, page)
    return Quiz(q)


@speaks
def who_won_match(
    scores: Sequence[int],
    *,
    rules: Rules | str = "pagat",
    title: str = "",
    page: str | None = None,
) -> Quiz:
    """The scores after a settled round (one per seat; partners share a score):
    has someone won the match, is it drawn, or does play go on (R20, R21)?"""
    r = find_rules(rules)
    n = r.check_players(len(scores))
    result = match_result(r, n, scores)  # the engine's own R20/R21 check
    target = r.target(n)
    sides = r.teams(n)

    def name(side: tuple[int, ...]) -> str:
        return pair_name(side) if len(side) > 1 else player_name(side[0])

    score = {side: max(scores[x - 1] for x in side) for side in sides}
    top = max(score.values())
    leaders = [side for side in sides if score[side] == top]
    lead = name(leaders[0])
    choices = []
    for side in sides:
        text = _("{name} has won").format(name=name(side))
        v = score[side]
        who = name(side)
        if result is not None and result.winner in side:
            fb = _(
                "{name} has {score}, at or above the target of {target}, and the highest "
                "score: the match is won, and the excess stays counted (R20)."
            ).format(name=who, score=v, target=target)
            choices.append(Choice(text, fb, True))
        elif v < target:
            fb = _("{name} has {score}, short of the target of {target} (R20).").format(
                name=who, score=v, target=target
            )
            choices.append(Choice(text, fb))
        elif v < top:
            fb = _(
                "{name} reached {target}, but {leader} has more, {top}: the highest score at "
                "or above the target wins (R20)."
            ).format(name=who, target=target, leader=lower_first(lead), top=top)
            choices.append(Choice(text, fb))
        else:
            fb = _(
                "{name} is tied at the top with {score}, so nobody wins: the match is drawn (R21)."
            ).format(name=who, score=v)
            choices.append(Choice(text, fb))
    text = _("Nobody yet: play another round")
    if result is None:
        fb = _("Nobody has reached {target} yet, so another round is dealt (R19, R20).").format(
            target=target
        )
        choices.append(Choice(text, fb, True))
    else:
        fb = _(
            "{leader} has {top}, at or above the target of {target}: the match ends as soon "
            "as the round is settled (R20)."
        ).format(leader=lead, top=top, target=target)
        choices.append(Choice(text, fb))
    text = _("It is a draw")
    if result is not None and result.winner is None:
        fb = _(
            "{leaders} are tied at the top with {top}, at or above the target of {target}: the "
            "match is drawn (R21)."
        ).format(
            leaders=pgettext("list of names", " and ").join(name(x) for x in leaders),
            top=top,
            target=target,
        )
        choices.append(Choice(text, fb, True))
    elif result is None:
        fb = _(
            "A draw needs tied top scores at or above {target} (R21); nobody has reached it (R20)."
        ).format(target=target)
        choices.append(Choice(text, fb))
    else:
        fb = _("Only {leader} has the top score, {top}, so there is no tie (R21).").format(
            leader=lower_first(lead), top=top
        )
        choices.append(Choice(text, fb))
    prompt = _(
        "The round is settled. Scores: {scores}; the target is {target}. Has anyone won the match?"
    ).format(
        scores=pgettext("list of scores", ", ").join(
            _("{name} {score}").format(name=name(x).lower(), score=score[x]) for x in sides
        ),
        target=target,
    )
    q = Question(prompt, tuple(choices), "", title, page)
    return Quiz(q)
