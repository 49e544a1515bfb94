"""Write the Reference and Practice notebooks from the cell lists below.

Run once after editing this file, then execute the notebooks to store outputs:

    python tools/make_reference_notebooks.py
    jupyter execute --inplace book/reference/questions.ipynb \
        book/reference/variants.ipynb book/practice/exercises.ipynb

Cells are (kind, source, tags, metadata). A question's evidence cell carries
``metadata.reference.question`` so that tests/test_reference.py can find it and
check its printed answer against the engine.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent

Cell = tuple[str, str, list[str], dict[str, Any]]


def md(text: str) -> Cell:
    return ("md", text.strip("\n"), [], {})


def code(text: str, *tags: str, **meta: Any) -> Cell:
    return ("code", text.strip("\n"), list(tags), dict(meta))


def question(qid: str, text: str, *tags: str) -> Cell:
    return code(text, *tags, reference={"question": qid})


def solution(n: int, text: str) -> Cell:
    return code(
        text,
        "hide-cell",
        reference={"exercise": n},
        mystnb={
            "code_prompt_show": f"Show the solution to exercise {n}",
            "code_prompt_hide": f"Hide the solution to exercise {n}",
        },
    )


def write(path: str, cells: list[Cell]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    nb.metadata["language_info"] = {"name": "python"}
    name = Path(path).name
    for kind, src, tags, meta in cells:
        if kind == "md":
            # A glue key used in prose before the cell that glues it must be
            # written as a pending reference to this same file (path::key), which
            # myst-nb resolves once the whole page is read.
            src = re.sub(r"\{glue:text\}`(\w+)`", lambda m: f"{{glue:text}}`{name}::{m[1]}:s`", src)
            cell = nbformat.v4.new_markdown_cell(src)
        else:
            cell = nbformat.v4.new_code_cell(src)
        if tags:
            cell.metadata["tags"] = tags
        cell.metadata.update(meta)
        nb.cells.append(cell)
    # Stable cell ids so regenerating does not churn the diff.
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i:03d}"
    nbformat.validate(nb)
    out = ROOT / path
    out.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out)
    print(f"wrote {path} ({len(nb.cells)} cells)")


SETUP = """
from IPython import get_ipython
from IPython.display import HTML, display

# Refused moves show only the engine's one-line message, not a traceback
# (which would also print this machine's file paths).
if get_ipython() is not None:
    get_ipython().InteractiveTB.set_mode("Minimal")

from block_dominoes import (
    Draw, Line, Match, Pass, Play, RoundState, Tile, find_rules, score_hands, score_round,
)
from block_dominoes.deal import first_lead
from block_dominoes.game import play_match, play_round
from myst_nb import glue
"""

# --------------------------------------------------------------------------
# Rule questions
# --------------------------------------------------------------------------
QUESTIONS: list[Cell] = [
    md("""
# Rule questions

Questions people argue about at the table, each settled by a rule on the
[rules card](rules-card.md) and by a cell that asks the engine. Where the engine
refuses a move, the cell shows the refusal itself, with the rule it names.

**What you will find here:** fifteen short answers, grouped as the rules are:
the start, placing tiles, the end of a round, and the match. Each answer is one
sentence citing its rule, followed by the evidence.
"""),
    code(SETUP, "hide-input"),
    md("## The start of a round"),
    md("""
### Does the highest double lead?

No: the starter, chosen by lot, may lead any tile, even when someone else holds
[6|6] ({ref}`R5 <r5>`); here player 2 starts and has
{glue:text}`q_lead_choices` possible leads. Only variant V2 gives the lead to the
highest double.
"""),
    question(
        "highest-double",
        """
hands = [
    "6-6,1-2,3-4,0-5,2-2",  # player 1 holds the highest double
    "0-1,1-3,2-5,4-6,0-0",
    "1-1,3-3,2-4,5-6,0-2",
]
state = RoundState.new("pagat", hands, starter=2)  # player 2 won the lot (R5)
leads = state.legal_moves()
print("player", state.current_player, "may lead:", ", ".join(str(m) for m in leads))
print("forced lead under pagat:", first_lead(find_rules("pagat"), state.hands))
seat, tile = first_lead(find_rules("highest-double"), state.hands)
print(f"forced lead under highest-double (V2): player {seat} leads {tile}")
print("answer:", "no" if len(leads) > 1 else "yes")
glue("q_lead_choices", len(leads), display=False)
""",
    ),
    md("## Placing tiles"),
    md("""
### Is [0|0] a wildcard?

No: a blank matches only a blank, so [0|0] fits only an open end showing 0
({ref}`R8 <r8>`).
"""),
    question(
        "zero-wildcard",
        """
line = Line.build(["3-5"])
print(line.describe())
fits = line.fits(Tile.parse("0-0"))
print("open ends [0|0] can join:", fits or "none")
print("answer:", "yes" if fits else "no")
""",
    ),
    md("The engine refuses the move and names the rule:"),
    question("zero-wildcard-refused", 'line.place(Tile.parse("0-0"))', "raises-exception"),
    md("""
### Can a double open a branch?

No: a double lies crosswise inside the single line, which always has exactly
{glue:text}`q_branch_ends` open ends, so a third tile cannot join the double's
sides ({ref}`R10 <r10>`, {ref}`R11 <r11>`).
"""),
    question(
        "double-branch",
        """
line = Line.build(["2-2", "2-5", "2-3"])  # the double led, then both its sides used
print(line.describe())
print("open ends:", len(line.open_ends))
print("answer:", "no" if len(line.open_ends) == 2 else "yes")
glue("q_branch_ends", len(line.open_ends), display=False)
""",
    ),
    md("A fourth tile with a 2 has nowhere to go:"),
    question("double-branch-refused", 'line.place(Tile.parse("2-4"))', "raises-exception"),
    md("""
### My tile fits both ends: where does it go?

Wherever you choose: each open end it matches is a separate legal move
({ref}`R7 <r7>`), so the engine asks which end rather than guessing.
"""),
    question(
        "both-ends",
        """
state = RoundState.new("pagat", ["1-4,1-6", "4-6,2-3"], starter=1).play("1-4").play("4-6")
print(state)
print("legal moves:", ", ".join(str(m) for m in state.legal_moves()))
print("answer:", "you choose" if len(state.legal_moves()) == 2 else "forced")
""",
    ),
    question("both-ends-refused", 'state.play("1-6")', "raises-exception"),
    md("""
### Must I play if I can?

Yes: a pass is legal only when no tile in your hand fits either open end
({ref}`R9 <r9>`).
"""),
    question(
        "must-play",
        """
state = RoundState.new("pagat", ["1-4,0-0", "4-6,2-3"], starter=1).play("1-4")
print(state)
print("legal moves:", ", ".join(str(m) for m in state.legal_moves()))
print("answer:", "no" if Pass() in state.legal_moves() else "yes")
""",
    ),
    question("must-play-refused", "state.apply(Pass())", "raises-exception"),
    md("""
### Can I draw when I am stuck?

No: Block has no boneyard, the undealt tiles stay out of play, and a player who
cannot place a tile passes ({ref}`R4 <r4>`, {ref}`R9 <r9>`).
"""),
    question(
        "no-draw",
        """
state = RoundState.new("pagat", ["1-4,4-4", "2-3,5-5"], starter=1).play("1-4")
print(state)
print("legal moves:", ", ".join(str(m) for m in state.legal_moves()))
print("answer:", "yes" if any(isinstance(m, Draw) for m in state.legal_moves()) else "no")
""",
    ),
    question("no-draw-refused", 'state.apply(Draw(Tile.parse("6-6")))', "raises-exception"),
    md("""
### Is the round blocked as soon as I cannot play?

No: a round is blocked only when nobody can play ({ref}`R13 <r13>`); a stuck player
passes and play goes on.
"""),
    question(
        "stuck-not-blocked",
        """
print("player 2 can play:", bool(state.playable(2)), "| player 1 can play:", bool(state.playable(1)))
after = state.apply(Pass())
print("after the pass:", after)
print("answer:", "yes" if state.is_blocked else "no")
""",
    ),
    md("## The end of a round"),
    md("""
### Do I score for my last tile?

No: placing a tile never scores, not even the last one ({ref}`R12 <r12>`); going
out scores the opponents' remaining pips, here {glue:text}`q_last_points`, and the
{glue:text}`q_last_tile_pips` pips of the [6|6] just played count for nothing
({ref}`R15 <r15>`).
"""),
    question(
        "last-tile",
        """
state = RoundState.new("pagat", ["6-6", "0-1,2-3", "4-5"], starter=1).play("6-6")
outcome = state.outcome()
print(outcome.explanation)
print("answer:", outcome.points)
glue("q_last_points", outcome.points, display=False)
glue("q_last_tile_pips", Tile.parse("6-6").pips, display=False)
""",
    ),
    md("""
### Does [0|0] left in a hand tie with an empty hand?

No: the player who went out wins and scores the others' pips, to which [0|0]
adds nothing: here {glue:text}`q_zero_points` points ({ref}`R15 <r15>`, E8).
"""),
    question(
        "zero-vs-empty",
        """
outcome = score_hands("pagat", ["-", "0-0", "2-6"])
print(outcome.explanation)
print("answer:", f"player {outcome.winner} scores {outcome.points}")
glue("q_zero_points", outcome.points, display=False)
""",
    ),
    md("""
### Is the blocked winner's own total subtracted?

Yes, once: with totals 3, 7 and 8 the 3 scores {glue:text}`q_sub_points`
({ref}`R16 <r16>`, E10); only variant V4 leaves it out and gives
{glue:text}`q_sub_v4_points`.
"""),
    question(
        "blocked-subtract",
        """
default = score_round("pagat", [3, 7, 8])
v4 = score_round("all-pips", [3, 7, 8])
print(default.explanation)
print(v4.explanation)
print("answer:", default.points)
glue("q_sub_points", default.points, display=False)
glue("q_sub_v4_points", v4.points, display=False)
""",
    ),
    md("""
### Are points rounded to fives?

No: points are raw, with no rounding and no division by five, so a domino
against 6 and 7 pips scores {glue:text}`q_raw_points` ({ref}`R18 <r18>`).
"""),
    question(
        "no-rounding",
        """
outcome = score_round("pagat", [0, 6, 7], went_out=1)
print(outcome.explanation)
print("remainder after dividing by 5:", outcome.points % 5)
print("answer:", outcome.points)
glue("q_raw_points", outcome.points, display=False)
""",
    ),
    md("""
### Do the out-of-play tiles count at the end?

No: only the hands are revealed and counted ({ref}`R4 <r4>`, {ref}`R14 <r14>`); in
this seeded round the {glue:text}`q_rest_tiles` tiles out of play hold
{glue:text}`q_rest_pips` pips that nobody scores.
"""),
    question(
        "out-of-play",
        """
game = play_round("pagat", 2, seed=3)
state, outcome = game.state, game.state.outcome()
print("out of play:", " ".join(str(t) for t in state.rest), f"({sum(t.pips for t in state.rest)} pips)")
print(outcome.explanation)
from_hands = score_round("pagat", [sum(t.pips for t in h) for h in state.hands], outcome.winner if outcome.kind.value == "domino" else None)
print("points from the hands alone:", from_hands.points, "| points the engine gave:", outcome.points)
print("answer:", "no" if from_hands.points == outcome.points else "yes")
glue("q_rest_tiles", len(state.rest), display=False)
glue("q_rest_pips", sum(t.pips for t in state.rest), display=False)
""",
    ),
    md("## The next round and the match"),
    md("""
### Who starts after a tied block?

The player to the left of the previous starter, exactly as after any other round
({ref}`R19 <r19>`): here player {glue:text}`q_tie_next` follows player 2. Variant V1
(the winner starts next) gives the same answer after a tie, because a tie has no
winner.
"""),
    question(
        "tied-block-starter",
        """
tie = score_round("pagat", [3, 3, 8])
print(tie.explanation)
for name in ("pagat", "app"):
    match = Match.new(name, 3, starter=2).add(score_round(name, [3, 3, 8]))
    print(f"{name}: round 1 started by player 2, round 2 by player {match.starter}")
match = Match.new("pagat", 3, starter=2).add(tie)
print("answer:", match.starter)
glue("q_tie_next", match.starter, display=False)
""",
    ),
    md("""
### Does the target count in the middle of a round?

No: placing tiles scores nothing ({ref}`R12 <r12>`) and the target is checked only
once the whole round is settled ({ref}`R20 <r20>`); the points over the target stay
counted, as the final score of {glue:text}`q_target_final` shows.
"""),
    question(
        "target-mid-round",
        """
match = Match.new("pagat", 2, starter=1)
for points in (60, 35):
    match = match.add(score_round("pagat", [0, points], went_out=1))
print("scores:", match.scores, "|", match.describe_result())
state = RoundState.deal("pagat", 2, seed=11, starter=match.starter)
state = state.apply(state.legal_moves()[0])  # a round under way: one tile placed
print("mid-round:", "; ".join(state.transcript()), "| points so far:", state.returns(),
      "| outcome:", state.outcome())
match = match.add(score_round("pagat", [0, 12], went_out=1))
print("scores:", match.scores, "|", match.describe_result())
print("answer:", match.scores[0])
glue("q_target_final", match.scores[0], display=False)
""",
    ),
    md("""
### What if two players pass the target in the same round?

It cannot happen in Block: only one player (or one pair) scores in a round
({ref}`R15 <r15>`-{ref}`R17 <r17>`) and the match ends as soon as someone reaches
the target ({ref}`R20 <r20>`), so the drawn match of {ref}`R21 <r21>` never arises;
in {glue:text}`q_two_matches` seeded matches the engine found
{glue:text}`q_two_draws` draws and {glue:text}`q_two_multi` rounds where more than
one side scored.
"""),
    question(
        "two-pass-target",
        """
matches = draws = multi = 0
for players in (2, 3, 4):
    for seed in range(100):
        sim, rounds = play_match("pagat", players, seed)
        matches += 1
        draws += sim.result.kind == "draw"
        multi += sum(len(r.state.outcome().side) > 1 for r in rounds)
print(f"{matches} matches, {draws} draws, {multi} rounds in which more than one player scored")
print("answer:", "never" if draws == 0 else "possible")
glue("q_two_matches", matches, display=False)
glue("q_two_draws", draws, display=False)
glue("q_two_multi", multi, display=False)
""",
    ),
    md("And once a match is won (the two-player match above), no further round can be added:"),
    question(
        "two-pass-target-refused",
        'match.add(score_round("pagat", [30, 0], went_out=2))',
        "raises-exception",
    ),
]


# --------------------------------------------------------------------------
# Variants
# --------------------------------------------------------------------------
VARIANTS: list[Cell] = [
    md("""
# Where the sources disagree

The default game follows Pagat's Block rules (`block-pagat-ar.txt`). The other
sources change a few rules; each change is a variant with an ID (V1-V6) and a
named ruleset in the engine, so any example in this book can be rerun under it.

**What you will learn:** what each variant changes and where it comes from, how
partnerships are scored (the sources do not say, so we follow Pagat's
Partnership Dominoes page), which choices are ours where the sources are silent,
and how one deal plays out under every ruleset.
"""),
    code(
        SETUP
        + """
import re

from block_dominoes.rules import PRESETS
""",
        "hide-input",
    ),
    md("""
## The rulesets

The table is built from the engine's `Rules` records (`block_dominoes.rules.PRESETS`),
so it cannot drift from what the engine plays. There are
{glue:text}`v_preset_count` rulesets.
"""),
    code(
        """
def variant_id(rules):
    found = re.findall(r"\\((V\\d)", rules.description)
    return found[0] if found else "default"


def per_players(pairs):
    return ", ".join(f"{n}p: {v}" for n, v in pairs)


COLUMNS = ["ruleset", "variant", "set", "hand sizes", "targets", "first lead",
           "next starter", "blocked scoring", "partnerships", "draw"]
rows = []
for rules in PRESETS.values():
    rows.append([
        rules.name, variant_id(rules), f"double-{rules.max_pip} ({rules.set_size} tiles)",
        per_players(rules.hand_sizes), per_players(rules.targets), rules.first_lead.value,
        rules.next_starter.value, rules.blocked_scoring.value,
        "yes" if rules.partnerships else "no", "yes" if rules.draw else "no",
    ])


def html_table(columns, rows, wide=()):
    # A table that scrolls sideways on a phone; columns in ``wide`` keep some width.
    head = "".join(f"<th>{c}</th>" for c in columns)

    def cell(i, v):
        return f'<td style="min-width: 16em">{v}</td>' if i in wide else f"<td>{v}</td>"

    body = "".join(
        "<tr>" + "".join(cell(i, v) for i, v in enumerate(row)) + "</tr>" for row in rows
    )
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div style="overflow-x: auto">{table}</div>'


notes = "".join(
    f"<dt><code>{r.name}</code> ({variant_id(r)})</dt>"
    f"<dd>{r.description} <em>Source: {r.source}</em></dd>"
    for r in PRESETS.values()
)
display(HTML(html_table(COLUMNS, rows) + f"<dl>{notes}</dl>"))
for row in rows:
    print(" | ".join(str(v) for v in row))
glue("v_preset_count", len(rows), display=False)
""",
        "hide-input",
        reference={"table": "presets"},
    ),
    md("""
What each variant says, and where:

- **V1** (`block-app-bg.txt`, the Bulgarian Block app): the winner of the
  previous round starts the next; after a blocked round with no single winner,
  the player to the left of the previous starter starts. Ruleset `app`.
- **V2** (`block-vs-draw-el.txt`, Greek): the holder of the highest double
  starts. Ruleset `highest-double`.
- **V3** (`block-vs-draw-el.txt`): four players in pairs, 7 tiles each, so all
  28 tiles are in play. Ruleset `partnership`; its scoring is explained below.
- **V4** (`blocked-game-tr.txt`, Turkish): in a blocked round the lowest total
  "usually" scores the sum of all the other players' pips, without subtracting
  its own. Ruleset `all-pips`.
- **V5** (`blocked-game-tr.txt`): its pip examples ([5|10] is 15, [12|12] is 24)
  need a double-twelve set. Rulesets `double-nine` and `double-twelve`.
- **V6** (`block-app-bg.txt`, `block-vs-draw-el.txt`): the Draw game, for
  comparison: a player who cannot play draws until able and passes only when
  the boneyard is empty; 7 tiles each, 6 with four players. Ruleset `draw`.
"""),
    md("""
## How partnerships score (V3)

The Greek source names partnership play but gives no scoring. We follow Pagat's
*Partnership Dominoes* page (<https://www.pagat.com/tile/wdom/partnership.html>),
which other rule sites repeat:

- partners sit opposite each other: seats 1 and 3 against seats 2 and 4;
- **domino:** when a player goes out, that pair scores the pips left in both
  opponents' hands; the partner's own tiles are ignored;
- **blocked:** each pair adds its two hands; the pair with the lower total scores
  the other pair's total, with nothing subtracted;
- **tie:** equal pair totals score nothing;
- the first pair to reach 100 after a round wins; in the first round the holder
  of [6|6] leads it, afterwards the start moves one seat on and any tile may lead.
"""),
    code(
        """
for totals, went_out in (([0, 7, 9, 5], 1), ([10, 7, 6, 1], None), ([4, 6, 5, 3], None)):
    print(score_round("partnership", totals, went_out).explanation)
""",
    ),
    md("""
## Our choices where the sources are silent

The engine must decide every case; where no source does, these are our choices.
Each is a field of a `Rules` record, so a different choice is a new ruleset, not
new code.

| case | source says | our choice |
|---|---|---|
| V1: points after a tied block | nothing | nobody scores, as in R17 |
| V2: must the highest double be led? | only that its holder starts | yes, it must be led |
| V2: nobody holds a double (possible when tiles stay out of play) | nothing | the holder of the heaviest tile leads it |
| V2: later rounds | nothing | one seat on from the previous starter (R19), any tile |
| V3: seating, scoring, ties, first lead | nothing | Pagat's Partnership Dominoes, above |
| V4: tie for the lowest total | "depends on the variant" (score or share the win) | nobody scores, as in R17 |
| V4, V5, V6: targets | nothing | 100 with 2 players, 61 with 3 or 4, as in R3 |
| V5: hand sizes | nothing | double-nine 7/5/5 (the common double-nine Block table); double-twelve 7 (a weaker convention) |
| V6: a drawn tile that fits | implied | the player keeps drawing until a tile fits, then must play one |
| V6: tiles left in the boneyard | none need stay | the boneyard may be drawn to the last tile |
| V6: scoring | "as in Block" | R15-R17 |
| Blocked test (`blocked-game-tr.txt`): everyone confirms in turn | a full circle of players who cannot play | the engine checks every hand at once and ends the round (R13) |
"""),
    md("""
How often does V2 need that fallback? A deal has no double only when all seven
doubles are among the undealt tiles: with two players that is about one deal in
{glue:text}`v_no_double_2p`. The cell counts it exactly and shows the engine's
choice on such a deal.
"""),
    code(
        """
from math import comb

from block_dominoes import parse_tiles

v2 = find_rules("highest-double")
for players in (2, 3, 4):
    dealt = players * v2.hand_size(players)
    chance = comb(28 - 7, dealt) / comb(28, dealt)  # all dealt tiles from the 21 non-doubles
    print(f"{players} players, {dealt} tiles dealt: no double in 1 deal of {round(1 / chance):,}")
    if players == 2:
        glue("v_no_double_2p", round(1 / chance), display=False)
no_doubles = (parse_tiles("0-1,2-3,4-6,5-6,1-5"), parse_tiles("0-2,1-3,3-6,0-4,2-5"))
seat, tile = first_lead(v2, no_doubles)
print(f"with no double dealt, player {seat} leads {tile}, the heaviest tile")
""",
    ),
    md("""
## One deal under every ruleset

The same seed gives the same shuffle to every ruleset that uses the same set;
each ruleset then cuts the hands at its own size and applies its own rules. All
seats use the same strategy (`random`, seeded), with {glue:text}`v_players`
players, because the partnership game needs four. Seed {glue:text}`v_seed` was
picked because its default round blocks, so the blocked-scoring variants differ.
"""),
    code(
        """
SEED, PLAYERS = 8, 4
outcomes = {}
table = []
for rules in PRESETS.values():
    game = play_round(rules, PLAYERS, SEED, "random")
    state, outcome = game.state, game.state.outcome()
    outcomes[rules.name] = outcome
    first = state.history[0][1]
    table.append([
        rules.name, variant_id(rules), f"player {state.starter}", str(first.tile),
        " ".join(str(t) for t in state.dealt[0]), len(state.history), outcome.kind.value,
        outcome.explanation,
    ])
display(HTML(html_table(["ruleset", "variant", "starter", "lead", "player 1 was dealt",
                         "moves", "end", "result"], table, wide=(7,))))
for row in table:
    print(f"{row[0]:>14}: starter {row[2][-1]}, lead {row[3]}, {row[5]} moves; {row[7]}")
glue("v_seed", SEED, display=False)
glue("v_players", PLAYERS, display=False)
glue("v_pagat_points", outcomes["pagat"].points, display=False)
glue("v_allpips_points", outcomes["all-pips"].points, display=False)
base = outcomes["pagat"]
glue("v_own_total", base.totals[base.winner - 1], display=False)
""",
        reference={"table": "same-deal"},
    ),
    md("""
What to notice:

- `pagat`, `app` and `all-pips` deal the same hands to the same starter and play
  the same moves; only the blocked scoring differs: {glue:text}`v_pagat_points`
  points under R16 against {glue:text}`v_allpips_points` under V4, which does not
  subtract the winner's own total of {glue:text}`v_own_total`.
- `highest-double` and `partnership` move the first lead to the holder of [6|6]
  (V2, V3), so the whole round changes.
- `double-nine`, `double-twelve` and `draw` shuffle a different set or cut
  different hands, so they are different deals of the same seed.
"""),
    md("""
## V1 over a match

A single round cannot show V1, which changes who starts the *next* round. Here
is the same seeded match played under `pagat` and `app`, with three players:
round by round, who started and who won.
"""),
    code(
        """
MATCH_SEED = 5
for name in ("pagat", "app"):
    match, rounds = play_match(name, 3, MATCH_SEED, "random")
    steps = [f"{r.state.starter}->{r.state.outcome().winner or 'tie'}" for r in rounds]
    print(f"{name:>5}: starter->winner per round: {', '.join(steps)}")
    print(f"       {match.describe_result()}; scores {match.scores}")
""",
    ),
    md("""
Under `pagat` the starter moves one seat on every round (R19); under `app` the
previous round's winner starts (V1), so a player on a winning run keeps the lead.
"""),
]


# --------------------------------------------------------------------------
# Exercises
# --------------------------------------------------------------------------
EX_SETUP = (
    SETUP
    + """
from block_dominoes.render import hand_svg, line_svg


def show(svg):
    display({"image/svg+xml": svg}, raw=True)


def words(line):
    \"\"\"The line in words, one sentence a line (tiles, connections, open ends).\"\"\"
    return "\\n".join(s if s.endswith(".") else s + "." for s in line.describe().split(". "))


def show_position(state, seats=None):
    \"\"\"The line and the hands of ``seats`` (all by default), as pictures and text.\"\"\"
    show(line_svg(state.line, width=360, title="The line"))
    print(words(state.line))
    for seat in seats or range(1, state.players + 1):
        hand = state.hand(seat)
        show(hand_svg(hand, title=f"Player {seat}"))
        print(f"Player {seat}:", " ".join(str(t) for t in hand) or "(no tiles)")


def show_hands(texts):
    for seat, text in enumerate(texts, start=1):
        spec = "-" if text == "-" else text
        tiles = [] if spec == "-" else [Tile.parse(t) for t in spec.split(",")]
        show(hand_svg(tiles, title=f"Player {seat}"))
        print(f"Player {seat}:", " ".join(str(t) for t in tiles) or "went out")
"""
)


def ex(n: int, title: str, text: str, question_code: str, answer_code: str) -> list[Cell]:
    return [
        md(f"## Exercise {n}: {title}\n\n{text.strip()}"),
        code(question_code, "hide-input"),
        solution(n, answer_code),
    ]


EXERCISES: list[Cell] = [
    md("""
# Exercises

Twelve positions to test yourself on the rules. Each shows the line and the
hands as diagrams; decide, then open the solution, which the engine computes.
The rules are on the [rules card](../reference/rules-card.md).

**What you will practise:** whether a move is legal ({ref}`R7 <r7>`-{ref}`R10 <r10>`),
whether you must pass and whether the round is blocked ({ref}`R9 <r9>`,
{ref}`R13 <r13>`), who scores how much ({ref}`R14 <r14>`-{ref}`R18 <r18>`), who
starts next and who wins the match ({ref}`R19 <r19>`-{ref}`R21 <r21>`).
"""),
    code(EX_SETUP, "hide-input"),
    *ex(
        1,
        "a blank on the line",
        "Player 2 holds [0|2]. Can it be placed on this line, and where?",
        """
state = RoundState.new("pagat", ["2-5,1-1", "0-2,3-6"], starter=1).play("2-5")
show_position(state, seats=[2])
""",
        """
tile = Tile.parse("0-2")
print("fits the open ends showing:", ", ".join(map(str, state.line.fits(tile))) or "none")
after = state.play("0-2")
print("after the move:")
print(words(after.line))
""",
    ),
    *ex(
        2,
        "is [0|0] a wildcard?",
        "Player 2 holds [0|0] and [4|6]. Which of them may be placed?",
        """
state = RoundState.new("pagat", ["1-6,1-3", "0-0,4-6"], starter=1).play("1-6")
show_position(state, seats=[2])
""",
        """
print("legal moves:", ", ".join(str(m) for m in state.legal_moves()))
print("[0|0]:", state.explain_illegal(Play(Tile.parse("0-0"))) or "legal")
""",
    ),
    *ex(
        3,
        "after a double",
        "The line has [2|2] in it. Player 1 holds [2|4]: where can it go, and once "
        "it is placed, could a later [2|1] still join the double?",
        """
state = RoundState.new("pagat", ["2-2,2-4", "2-6,5-5"], starter=1).play("2-2").play("2-6")
show_position(state, seats=[1])
""",
        """
after = state.play("2-4")
print("after [2|4]:")
print(words(after.line))
print("[2|1] fits the open ends showing:", after.line.fits(Tile.parse("1-2")) or "none (R10: no branches)")
""",
    ),
    *ex(
        4,
        "every legal move",
        "List every legal move for player 2, counting a tile once for each end it can join.",
        """
state = RoundState.new(
    "pagat", ["1-3,5-5", "3-6,1-6,1-1,4-6,0-2"], starter=1
).play("1-3").play("3-6").play("pass")
show_position(state, seats=[2])
""",
        """
moves = state.legal_moves()
print(len(moves), "legal moves:", ", ".join(str(m) for m in moves))
try:
    state.play("1-6")
except ValueError as error:  # the engine will not guess which end (R7)
    print("[1|6] without naming an end:", error)
""",
    ),
    *ex(
        5,
        "play or pass?",
        "It is player 3's turn. May player 3 pass?",
        """
state = RoundState.new(
    "pagat", ["3-6,0-3", "6-6,2-2", "0-4,1-5"], starter=1
).play("3-6").play("6-6")
show_position(state, seats=[3])
""",
        """
print("legal moves:", ", ".join(str(m) for m in state.legal_moves()))
print("is the round blocked?", state.is_blocked)
""",
    ),
    *ex(
        6,
        "is this round blocked?",
        "Three players, player 1 to play. Is the round over?",
        """
state = RoundState.new(
    "pagat", ["3-4,0-1,2-2", "4-5,1-1,2-6", "3-5,0-2,6-6"], starter=1
).play("3-4").play("4-5").play("3-5@3")
show_position(state)
""",
        """
print("who can play:", {seat: bool(state.playable(seat)) for seat in range(1, state.players + 1)})
print("blocked:", state.is_blocked)
print(state.outcome())
""",
    ),
    *ex(
        7,
        "blocked, or just a pass?",
        "Three players, player 1 to play, who cannot place a tile. Is the round blocked?",
        """
state = RoundState.new(
    "pagat", ["3-4,0-1,2-2", "4-5,1-1,5-6", "3-5,0-2,6-6"], starter=1
).play("3-4").play("4-5").play("3-5@3")
show_position(state)
""",
        """
print("who can play:", {seat: bool(state.playable(seat)) for seat in range(1, state.players + 1)})
print(
    "blocked:",
    state.is_blocked,
    "| legal moves for player",
    state.current_player,
    ":",
    ", ".join(map(str, state.legal_moves())),
)
""",
    ),
    *ex(
        8,
        "scoring a domino",
        "Player 1 has just played their last tile. These are the hands left. "
        "Who scores, and how much?",
        """
HANDS = ["-", "0-0,2-3", "6-6"]
show_hands(HANDS)
""",
        """
print(score_hands("pagat", HANDS).explanation)
""",
    ),
    *ex(
        9,
        "scoring a block",
        "The round is blocked with these hands left. Who scores, and how much?",
        """
HANDS = ["1-2", "0-4,1-1", "3-3"]
show_hands(HANDS)
""",
        """
print(score_hands("pagat", HANDS).explanation)
print("under variant V4 (all-pips):", score_hands("all-pips", HANDS).explanation)
""",
    ),
    *ex(
        10,
        "a close block",
        "Another blocked round. Who scores, and how much?",
        """
HANDS = ["0-3", "1-2", "5-6,0-1"]
show_hands(HANDS)
""",
        """
print(score_hands("pagat", HANDS).explanation)
""",
    ),
    *ex(
        11,
        "who starts next?",
        "Three players. Player 2 started round 1 and player 1 won it by going out. "
        "Who starts round 2 under the default rules, and who under variant V1?",
        """
HANDS = ["-", "2-3", "4-6"]
show_hands(HANDS)
""",
        """
for name in ("pagat", "app"):
    match = Match.new(name, 3, starter=2).add(score_hands(name, HANDS))
    print(f"{name}: round 2 is started by player {match.starter}")
""",
    ),
    *ex(
        12,
        "the target",
        "Two players. The scores are 92 to 60 before this round, and player 2 goes "
        "out against player 1's [0|1] [3|5] [4|4] [5|6] [6|6]. Does player 2 win "
        "the match, and with how many points?",
        """
HANDS = ["0-1,3-5,4-4,5-6,6-6", "-"]
show_hands(HANDS)
match = Match.new("pagat", 2, starter=1)
for totals, out in (([0, 52], 1), ([40, 0], 2), ([0, 40], 1), ([20, 0], 2)):
    match = match.add(score_round("pagat", totals, went_out=out))
print("scores before the round:", match.scores)
""",
        """
outcome = score_hands("pagat", HANDS)
print(outcome.explanation)
match = match.add(outcome)
print("scores after the round:", match.scores, "|", match.describe_result())
""",
    ),
]


NOTEBOOKS = {
    "book/reference/questions.ipynb": QUESTIONS,
    "book/reference/variants.ipynb": VARIANTS,
    "book/practice/exercises.ipynb": EXERCISES,
}


def main() -> int:
    for path, cells in NOTEBOOKS.items():
        write(path, cells)
    # The house style applies to notebook cells too (ruff reads .ipynb).
    paths = [str(ROOT / p) for p in NOTEBOOKS]
    subprocess.run(["ruff", "check", "--fix", "--quiet", *paths], check=True)
    subprocess.run(["ruff", "format", "--quiet", *paths], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
