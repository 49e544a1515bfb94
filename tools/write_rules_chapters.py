"""Write the teaching chapters (Start here, The rules) as notebooks without outputs.

Run once after editing the text here, then execute them so outputs and widget
state are stored (the site shows exactly what nbval checks):

    python tools/write_rules_chapters.py
    ruff check --fix book && ruff format book      # sorts the setup cells' imports
    for nb in book/intro.ipynb book/start/first-hand.ipynb book/rules/*.ipynb; do
        jupyter execute --inplace "$nb"; done
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import nbformat as nbf

ROOT = Path(__file__).resolve().parent.parent

SETUP = """\
from IPython import get_ipython
from myst_nb import glue

from block_dominoes import Line, Match, Pass, Play, RoundState, Tile, find_rules, score_hands
from block_dominoes.render import Picture, hand_svg, line_svg, state_svg

# Errors show as one line: the message is the lesson (and no file paths are stored).
get_ipython().InteractiveTB.set_mode(mode="Minimal")
"""

# Prints an attachment example in the words RULES.md uses (E1-E7).
EXAMPLE_HELPER = '''\
def example(eid: str, words: str, placements: list[str], new: bool = False) -> Line:
    """Build the line, then print its connections and open ends as RULES.md words them."""
    line = Line.build(placements)
    conns = [str(c) for c in line.connections]
    out = [f"{eid} {words}"]
    if new:
        out.append(f"New connection {conns[-1]}.")
    elif len(conns) == 1:
        out.append(f"Connection {conns[0]}.")
    elif conns:
        out.append("Connections: " + "; ".join(conns) + ".")
    ends = ", ".join(str(e) for e in line.open_ends)
    if all(e.value == 0 for e in line.open_ends):
        ends += " (a blank needs a blank)"  # R8: only a blank joins these ends
    elif len(line.tiles) == 1 and line.tiles[0].is_double and len(line.open_ends) == 2:
        ends += "; no branches"  # R10: a leading double still has exactly two ends
    out.append(f"Open: {ends}.")
    print("\\n".join(out))
    return line
'''


def md(text: str) -> nbf.NotebookNode:
    return nbf.v4.new_markdown_cell(dedent(text).strip())


def code(text: str, *tags: str) -> nbf.NotebookNode:
    cell = nbf.v4.new_code_cell(dedent(text).strip())
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def split_glue(cells: list[nbf.NotebookNode]) -> list[nbf.NotebookNode]:
    """Move the top-level ``glue(...)`` lines of shown cells into a removed cell after
    them, so readers see the lesson's code and the prose still gets its numbers."""
    out = []
    for cell in cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or "remove-cell" in tags:
            out.append(cell)
            continue
        lines = cell.source.splitlines()
        glued = [line for line in lines if line.startswith("glue(")]
        cell.source = "\n".join(line for line in lines if not line.startswith("glue("))
        out.append(cell)
        if glued:
            out.append(code("\n".join(glued), "remove-cell"))
    return out


def write(path: str, cells: list[nbf.NotebookNode]) -> None:
    nb = nbf.v4.new_notebook()
    nb.cells = split_glue(cells)
    nb.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    for i, cell in enumerate(nb.cells):  # stable ids: clean diffs when re-written
        cell["id"] = f"{Path(path).stem}-{i:02d}"
    out = ROOT / path
    out.parent.mkdir(parents=True, exist_ok=True)
    nbf.write(nb, out)


# ---------------------------------------------------------------------------
def intro() -> None:
    write(
        "book/intro.ipynb",
        [
            md("""
            # Block dominoes: the book that plays

            Block is the simplest domino game there is: match a tile to an open end of
            the line, pass when you cannot, and score what your opponents still hold
            when the round ends. This book teaches it step by step, and every example
            in it is worked out by a small rules engine, `block_dominoes`, so the
            answers in the text cannot drift from the rules.
            """),
            code(
                SETUP
                + dedent("""
                rules = find_rules("pagat")
                glue("intro_set", rules.set_size, display=False)
                glue("intro_min", min(rules.player_counts), display=False)
                glue("intro_max", max(rules.player_counts), display=False)
                glue("intro_hand2", rules.hand_size(2), display=False)
                glue("intro_hand3", rules.hand_size(3), display=False)
                glue("intro_target2", rules.target(2), display=False)
                glue("intro_target3", rules.target(3), display=False)
                """),
                "remove-cell",
            ),
            md("""
            ## Block in one minute

            - {glue:text}`intro_min` to {glue:text}`intro_max` players, each for
              themselves, with one double-six set of {glue:text}`intro_set` tiles (R1, R2).
            - Each player gets {glue:text}`intro_hand2` tiles with two players,
              {glue:text}`intro_hand3` with three or four; the rest stay face down, out of
              play, and nobody draws (R3, R4).
            - On your turn you put one tile on one of the two open ends of the line, with
              matching numbers touching. If you cannot, you pass (R7, R9).
            - The round ends when someone plays their last tile, or when nobody can play.
              Points come from the tiles left in hand (R13-R17).
            - The first to {glue:text}`intro_target2` points (two players) or
              {glue:text}`intro_target3` (three or four) wins the match (R20).

            The numbers `R1` to `R21` are the rules of the default ruleset, as the
            project's rules digest numbers them; `E1` to `E11` are its worked examples and
            `V1` to `V6` the places where the sources disagree. The book cites them
            everywhere, so a rule question can be settled by its number.
            """),
            md("""
            ## How to read the pictures

            Every diagram is drawn by the engine from the same data it plays with. Pips
            are laid out as on real tiles, doubles stand crosswise (R10), and each of the
            two open ends has a dashed marker with its number and the name of the port
            ("high end", "line B"): the words the examples use.
            """),
            code("""
            line = Line.build(["1-4", "1-1", "4-4", "3-4"])
            print(line.describe())
            Picture(line_svg(line, title="A line of four tiles"))
            """),
            md("""
            ## Three ways to use this book

            **Read.** Start with {doc}`start/first-hand`, a whole round move by move, then
            take the rules one chapter at a time, from {doc}`rules/setup` to
            {doc}`rules/match`. Each chapter opens with what you will learn and goes in
            small steps: a sentence, then a cell that shows it. The
            {doc}`reference/rules-card` puts all the rules on one page, and
            {doc}`reference/questions` answers the questions people argue about.

            **Run.** Every cell is real Python. Install the project (see the README:
            `pip install -r requirements.txt`), open any chapter in Jupyter and change the
            tiles, the hands or the deal number. The same engine answers at the command
            line:

            ```console
            $ block-dominoes line 1-4 1-1
            $ block-dominoes legal --line "1-4 1-1" --hand "4-4,3-6,1-6"
            $ block-dominoes score 3 7 8
            ```

            **Teach.** The site works with no internet and no Python: put it on a
            projector and use the step-throughs (a slider and a play button that move
            through a recorded round, with a caption naming the rule at every move). The
            exercises in {doc}`practice/exercises` have answers hidden behind a
            click, worked out by the engine. Interactive tools such as the attachment
            explorer need Python; each has its answer printed beside it for readers
            without it, and the chapters with tools have a **Run live** link that opens
            them in the browser itself (the live edition: Python runs in the page, nothing
            to install and no internet needed, so every student can use them in class).
            """),
        ],
    )


# ---------------------------------------------------------------------------
def first_hand() -> None:
    write(
        "book/start/first-hand.ipynb",
        [
            md("""
            # Your first hand

            **What you will learn:** how one round of Block goes from the deal to the
            score: the lead, matching an open end, passing when no tile fits, going out,
            and counting the points. Every move below was played by the engine and every
            sentence about it comes from the engine too.
            """),
            code(
                SETUP
                + dedent("""
                import textwrap

                from block_dominoes.game import play_round
                from block_dominoes.render import replay
                from block_dominoes.widgets.stepper import finished_state, frames
                """),
                "hide-input",
            ),
            md("""
            ## The deal

            We deal round 1 of deal number 4 for three players, and let three computer
            players play it out, each choosing at random among its legal moves. The round
            is the `source` below: replace it with any recorded round (for example one
            exported from the play chapter) and the rest of the page follows.
            """),
            code("""
            source = play_round("pagat", 3, seed=4)
            state = finished_state(source)
            start = replay(state, 0)
            for seat, hand in enumerate(start.hands, start=1):
                print(f"player {seat}:", " ".join(map(str, hand)))
            glue("fh_players", start.players, display=False)
            glue("fh_hand", len(start.hand(1)), display=False)
            glue("fh_out", len(start.rest), display=False)
            glue("fh_starter", start.starter, display=False)
            """),
            md("""
            Each of the {glue:text}`fh_players` players holds {glue:text}`fh_hand` tiles
            (R3); the other {glue:text}`fh_out` tiles lie face down, out of play for the
            whole round, and nobody will draw them (R4). A lot chose player
            {glue:text}`fh_starter` to start, who may lead any tile (R5). Here are the
            hands face up (at the table you would see only your own):
            """),
            code("""
            Picture(state_svg(start, caption="The deal."))
            """),
            md("""
            ## Move by move

            Move the slider, or press play, to watch the round: the line grows, the tile
            just played is outlined in blue, and the caption names the move and the rule
            that allows it. This works in the static page, with no Python running.
            """),
            code("""
            from block_dominoes.widgets import step_through

            step_through(source, title="Deal 4, three players")
            """),
            md("""
            The same moves in words, for reading or printing. Turns go clockwise, one seat
            on each time (R6); a tile must match the open end it joins (R7); a double lies
            crosswise and is continued by its own number (R10); a player with no tile
            that fits passes (R9).
            """),
            code("""
            for frame in frames(source):
                print(textwrap.fill(frame.caption, 80, subsequent_indent="    "))
            """),
            code(
                """
                passes = [k for k, (_, m) in enumerate(state.history, 1) if isinstance(m, Pass)]
                doubles = [
                    k
                    for k, (_, m) in enumerate(state.history, 1)
                    if isinstance(m, Play) and m.tile.is_double
                ]
                glue("fh_moves", len(state.history), display=False)
                glue("fh_pass", passes[0], display=False)
                glue("fh_double", doubles[0], display=False)
                """,
                "remove-cell",
            ),
            md("""
            Look at move {glue:text}`fh_double`: a double goes crosswise but the line keeps
            exactly two ends (R10, R11). At move {glue:text}`fh_pass` a player passes
            because no tile in hand matches either open end: passing is not a choice, it
            is what you do exactly when you cannot play (R9).

            ## The end of the round

            After {glue:text}`fh_moves` moves a player has put down their last tile: that
            ends the round at once (R13), and that player scores the pips still held by
            the others (R14, R15). Placing tiles scored nothing on the way (R12).
            """),
            code("""
            outcome = state.outcome()
            glue("fh_points", outcome.points, display=False)

            glue("fh_winner", outcome.winner, display=False)
            print(outcome.explanation)
            Picture(state_svg(state, caption="The end of the round."))
            """),
            code(
                """
                left = "; ".join(
                    f"player {seat}: "
                    + (" + ".join(f"{t} {t.pips}" for t in hand) or "no tiles")
                    + (f" = {sum(t.pips for t in hand)}" if len(hand) > 1 else "")
                    for seat, hand in enumerate(state.hands, start=1)
                )
                glue("fh_left", left, display=False)
                """,
                "remove-cell",
            ),
            md("""
            Player {glue:text}`fh_winner` scores {glue:text}`fh_points`. Rounds like this
            one are repeated until someone reaches the target ({doc}`../rules/match`).

            ```{dropdown} Check yourself: which tiles are left in each hand, and what do they count?
            {glue:text}`fh_left` (a tile counts both halves, R14).
            ```

            Next: {doc}`../rules/setup`, the rules one at a time.
            """),
        ],
    )


# ---------------------------------------------------------------------------
def setup() -> None:
    write(
        "book/rules/setup.ipynb",
        [
            md("""
            # Set-up and the deal

            **What you will learn:** who plays (R1), with which tiles (R2), how many each
            player gets and what happens to the rest (R3, R4), who starts (R5) and in what
            order the turns go (R6).
            """),
            code(
                SETUP
                + dedent("""
                from collections import Counter

                from block_dominoes import Draw
                from block_dominoes.deal import deal
                from block_dominoes.game import play_round
                from block_dominoes.tiles import full_set

                rules = find_rules("pagat")
                """),
                "hide-input",
            ),
            md("""
            ## Players (R1)

            Block is played by two, three or four players, each for themselves and each
            keeping their own score. The default ruleset says so in one line:
            """),
            code("""
            print(rules.player_counts)
            """),
            md("""
            Any other number is refused, with the rule that says why:
            """),
            code(
                """
                deal("pagat", 5, seed=1)
                """,
                "raises-exception",
            ),
            md("""
            ## The tiles (R2)

            One double-six set: every pair of numbers from 0 (blank) to 6 appears on
            exactly one tile, from [0|0] to [6|6].
            """),
            code("""
            tiles = full_set(6)
            glue("setup_set", len(tiles), display=False)
            per_number = {n: sum(t.has(n) for t in tiles) for n in range(7)}
            glue("setup_per_number", per_number[0], display=False)
            print(len(tiles), "tiles")
            print("tiles showing each number:", per_number)
            """),
            md("""
            That is {glue:text}`setup_set` tiles, and each number appears on
            {glue:text}`setup_per_number` of them (a double shows its number twice but is
            one tile). The seven doubles:
            """),
            code("""
            Picture(hand_svg([t for t in tiles if t.is_double], title="The doubles"))
            """),
            md("""
            ## Hands, the target and the tiles out of play (R3, R4)

            The hand size and the match target depend on the number of players; whatever
            is not dealt stays face down, out of play for the whole round. The engine
            computes the table:
            """),
            code("""
            print(f"{'players':>7} {'tiles each':>10} {'out of play':>11} {'target':>6}")
            for n in rules.player_counts:
                size, out, target = rules.hand_size(n), rules.undealt(n), rules.target(n)
                print(f"{n:>7} {size:>10} {out:>11} {target:>6}")
            """),
            code(
                """
                for n in rules.player_counts:
                    glue(f"setup_hand_{n}", rules.hand_size(n), display=False)
                    glue(f"setup_out_{n}", rules.undealt(n), display=False)
                    glue(f"setup_target_{n}", rules.target(n), display=False)
                """,
                "remove-cell",
            ),
            md("""
            | players | tiles each (R3) | out of play (R4) | match target (R3, R20) |
            |---|---|---|---|
            | 2 | {glue:text}`setup_hand_2` | {glue:text}`setup_out_2` | {glue:text}`setup_target_2` |
            | 3 | {glue:text}`setup_hand_3` | {glue:text}`setup_out_3` | {glue:text}`setup_target_3` |
            | 4 | {glue:text}`setup_hand_4` | {glue:text}`setup_out_4` | {glue:text}`setup_target_4` |

            A deal: the tiles are shuffled face down and dealt. Deal number 7 for three
            players (the same number always gives the same deal):
            """),
            code("""
            d = deal("pagat", 3, seed=7)
            for seat, hand in enumerate(d.hands, start=1):
                print(f"player {seat}:", " ".join(map(str, hand)))
            print(len(d.rest), "tiles out of play, unseen")
            """),
            md("""
            There is no boneyard: the undealt tiles are out of play, so the round has
            nothing to draw from (R4), and a player who cannot play passes instead (R9).
            """),
            code("""
            state = RoundState.from_deal(d)
            print("boneyard:", state.boneyard)
            """),
            code(
                """
                state.apply(Draw(d.rest[0]))
                """,
                "raises-exception",
            ),
            md("""
            ## Who starts (R5)

            For the first round a fair lot picks the starter. The engine draws that lot
            from the deal number, so over many deals each seat starts about equally often:
            """),
            code("""
            lots = Counter(deal("pagat", 3, seed=s).starter for s in range(600))
            print(sorted(lots.items()))
            """),
            md("""
            The starter may lead any tile: holding the highest double gives no priority
            (that is the variant V2, not the default). In deal 7, player
            {glue:text}`setup_starter` starts, yet the highest double dealt,
            {glue:text}`setup_double`, is in player {glue:text}`setup_double_seat`'s hand,
            and every tile of the starter's hand is a legal lead:
            """),
            code("""
            best = max((t for h in d.hands for t in h if t.is_double), key=lambda t: t.pips)
            holder = next(s for s, h in enumerate(d.hands, 1) if best in h)
            glue("setup_starter", d.starter, display=False)
            glue("setup_double", str(best), display=False)
            glue("setup_double_seat", holder, display=False)
            print("starter:", d.starter, "| highest double", best, "held by player", holder)
            print("legal leads:", ", ".join(str(m) for m in state.legal_moves()))
            """),
            md("""
            ## Turn order (R6)

            Turns go clockwise: seat 1, then 2, then 3, then back to 1. The seats of the
            first moves of a played round:
            """),
            code("""
            g = play_round("pagat", 3, seed=7)
            print([seat for seat, _ in g.state.history[:9]])
            """),
            md("""
            ## Check yourself

            ```{dropdown} With four players, how many tiles are out of play, and can you be sure a tile you cannot see is in someone's hand?
            {glue:text}`setup_out_4` of the {glue:text}`setup_set` tiles are out of play
            (R4), so no: a tile you cannot see may be face down on the table. With two
            players {glue:text}`setup_out_2` tiles are out of play, half the set.
            ```
            """),
        ],
    )


# ---------------------------------------------------------------------------
def placing() -> None:
    write(
        "book/rules/placing.ipynb",
        [
            md("""
            # Placing tiles

            **What you will learn:** how a tile joins the line (R7), why a blank matches
            only a blank (R8), and how a long line bends without ever getting a third end
            (R11). Along the way, the attachment examples E1-E4 with their ports and open
            ends, exactly as the rules state them.
            """),
            code(
                SETUP
                + EXAMPLE_HELPER
                + dedent("""
                from block_dominoes.widgets.explorer import legal_text
                """),
                "hide-input",
            ),
            md("""
            ## The lead (E1)

            The first tile of a round may be any tile (R5). A tile that is not a double
            has a "low end" and a "high end", named by pip value; both are open.
            """),
            code("""
            # E1
            e1 = example("E1", "Lead [1|4].", ["1-4"])
            Picture(line_svg(e1, title="E1"))
            """),
            md("""
            ## Matching an end (R7)

            On your turn you place one tile at either open end, matching one of its halves
            to that end's value; its other half becomes the new end. [4|6] fits the 4:
            """),
            code("""
            line = Line.build(["1-4", "4-6"])
            print(line.describe())
            """),
            md("""
            A tile with neither number is refused, and the message names the rule:
            """),
            code(
                """
                Line.build(["1-4"]).place(Tile(2, 5))
                """,
                "raises-exception",
            ),
            md("""
            ## A double on the line (E2, E3)

            A double joins like any tile, crosswise (R10, the next chapter). Its side that
            touches the line is "line A", the free side "line B".
            """),
            code("""
            # E2
            e2 = example("E2", "Then [1|1] on the 1.", ["1-4", "1-1"])
            Picture(line_svg(e2, title="E2"))
            """),
            code("""
            # E3
            e3 = example("E3", "Line [3|6], then [6|6] on the 6.", ["3-6", "6-6"])
            Picture(line_svg(e3, title="E3"))
            """),
            md("""
            ## A blank needs a blank (R8, E4)

            A blank half matches only a blank. [0|0] is not a wildcard: lead it, and both
            ends show 0.
            """),
            code("""
            # E4
            e4 = example("E4", "Lead [0|0].", ["0-0"])
            Picture(line_svg(e4, title="E4", fit=Tile(0, 5)))
            """),
            md("""
            [0|5] fits there (the red markers). [1|2] does not, and neither does [0|0] on
            a line whose ends are 1 and 4:
            """),
            code(
                """
                e4.place(Tile(1, 2))
                """,
                "raises-exception",
            ),
            code(
                """
                Line.build(["1-4"]).place(Tile(0, 0))
                """,
                "raises-exception",
            ),
            md("""
            ## Which end? (R7)

            A tile whose two numbers match the two ends could go either way, so you say
            which end: `3-4@4` means "[3|4] on the 4". Without it the engine asks:
            """),
            code(
                """
                Line.build(["1-3", "1-4@1"]).place(Tile(3, 4))
                """,
                "raises-exception",
            ),
            code("""
            line = Line.build(["1-3", "1-4@1", "3-4@4"])
            print(line.describe())
            """),
            md("""
            ## The line bends, but has two ends (R11)

            On a real table a long line turns to fit. The engine draws it the same way:
            rows that go back and forth, with a bend between them, and still exactly two
            open ends.
            """),
            code("""
            placements = "1-4 4-4 4-6 6-6 3-6 3-3 2-3 2-2 2-5 5-5 0-5 1-1@1 1-6@1 0-6@6 0-0@0"
            long = Line.build(placements.split())
            glue("placing_long", len(long.tiles), display=False)
            glue("placing_ends", len(long.open_ends), display=False)
            ends = ", ".join(map(str, long.open_ends))
            print(f"{len(long.tiles)} tiles, {len(long.open_ends)} open ends: {ends}")
            Picture(line_svg(long, width=520, title="A long line"))
            """),
            md("""
            {glue:text}`placing_long` tiles, {glue:text}`placing_ends` open ends: the bends
            change the picture, never the rules.

            ## Explore: where can this tile go?

            With a kernel running, pick an example line or type placements, and type a
            tile: the explorer highlights the ends it fits, or shows the rule that refuses
            it.
            """),
            code("""
            from block_dominoes.widgets import attachment_explorer

            attachment_explorer("1-4 1-1", "1-3")
            """),
            md("""
            Without a kernel, this is what the explorer shows for its starting line (E2)
            and tile [1|3], and for [0|2]:
            """),
            code("""
            print(legal_text(e2, Tile(1, 3)))
            Picture(line_svg(e2, title="Where [1|3] fits", fit=Tile(1, 3)))
            """),
            code(
                """
                legal_text(e2, Tile(0, 2))
                """,
                "raises-exception",
            ),
            md("""
            ## Check yourself

            ```{dropdown} On the line of E3, where can [3|3] go, and where can [1|6] go?
            {glue:text}`placing_ex1` {glue:text}`placing_ex2`
            ```
            """),
            code(
                """
                glue("placing_ex1", legal_text(e3, Tile(3, 3)).splitlines()[-1], display=False)
                glue("placing_ex2", legal_text(e3, Tile(1, 6)).splitlines()[-1], display=False)
                """,
                "remove-cell",
            ),
        ],
    )


# ---------------------------------------------------------------------------
def doubles() -> None:
    write(
        "book/rules/doubles.ipynb",
        [
            md("""
            # Doubles stay in the line

            **What you will learn:** a double is placed crosswise but stays in the single
            two-ended line: it never opens branches, not even when it is the lead, and it
            is continued by matching its value (R10). Examples E5-E7.
            """),
            code(SETUP + EXAMPLE_HELPER, "hide-input"),
            md("""
            ## A second double (E5)

            From E2 ([1|4], then [1|1] on the 1), [4|4] goes on the 4. Each double's
            touching side is its "line A":
            """),
            code("""
            # E5
            e5 = example("E5", "From E2, [4|4] on the 4.", ["1-4", "1-1", "4-4"])
            Picture(line_svg(e5, title="E5"))
            """),
            md("""
            ## Continuing a double (E6)

            A double is continued by its own number: [3|4] joins the free side of [4|4],
            its "line B".
            """),
            code("""
            # E6
            e6 = example("E6", "From E5, [3|4] on [4|4].", ["1-4", "1-1", "4-4", "3-4"], new=True)
            Picture(line_svg(e6, title="E6"))
            """),
            md("""
            ## Leading a double: still two ends (E7)

            In some domino games the first double is a "spinner" that takes tiles on all
            four sides. Not in Block: a leading double has exactly two open ends.
            """),
            code("""
            # E7
            e7 = example("E7", "Lead the double [2|2].", ["2-2"])
            print(len(e7.open_ends), "open ends: no branches (R10)")
            Picture(line_svg(e7, title="E7"))
            """),
            md("""
            Two tiles can join a leading [2|2], one on each side. A third tile with a 2
            has nowhere to go: the double's other two sides are not ends.
            """),
            code("""
            line = Line.build(["2-2", "2-3", "2-4"])
            print(line.describe())
            """),
            code(
                """
                line.place(Tile(2, 6))
                """,
                "raises-exception",
            ),
            md("""
            ## Always two ends

            Whatever is played, a line has two open ends after every move (R10, R11). The
            engine checks it over {glue:text}`doubles_rounds` random rounds, after each of
            their {glue:text}`doubles_moves` moves, {glue:text}`doubles_doubles` of which
            were doubles:
            """),
            code("""
            from block_dominoes.game import play_round
            from block_dominoes.render import replay

            rounds = moves = doubles_played = 0
            for seed in range(150):
                played = play_round("pagat", 2 + seed % 3, seed=seed).state
                state = replay(played, 0)
                rounds += 1
                for _, move in played.history:
                    state = state.apply(move)
                    moves += 1
                    assert len(state.line.open_ends) == 2
                    doubles_played += isinstance(move, Play) and move.tile.is_double
            glue("doubles_rounds", rounds, display=False)
            glue("doubles_moves", moves, display=False)
            glue("doubles_doubles", doubles_played, display=False)
            print(rounds, "rounds,", moves, "moves,", doubles_played, "doubles: always 2 open ends")
            """),
            md("""
            ## Check yourself

            ```{dropdown} Lead [5|5]; [5|6] goes on one side and [2|5] on the other. Where can [5|1] go?
            {glue:text}`doubles_ex`
            ```
            """),
            code(
                """
                ex = Line.build(["5-5", "5-6", "2-5"])
                try:
                    ex.place(Tile(1, 5))
                    answer = "It fits."
                except ValueError as e:
                    answer = f"Nowhere: the ends are 6 and 2 ({e})."
                glue("doubles_ex", answer, display=False)
                """,
                "remove-cell",
            ),
        ],
    )


# ---------------------------------------------------------------------------
def pass_and_block() -> None:
    write(
        "book/rules/pass-and-block.ipynb",
        [
            md("""
            # Must play or pass, and when a round is blocked

            **What you will learn:** you must place a tile if you can, and pass only when
            you cannot (R9); a round ends as soon as nobody can play (R13), and how the
            Turkish source checks that a round really is blocked.
            """),
            code(
                SETUP
                + dedent("""
                from block_dominoes.game import play_round
                from block_dominoes.render import replay
                """),
                "hide-input",
            ),
            md("""
            ## If you can play, you must (R9)

            Two players. Player 1 leads [1|4]; player 2 holds [4|6], which fits the 4.
            """),
            code("""
            hands = [["1-4", "2-2", "5-6"], ["4-6", "0-0", "3-5", "3-6"]]
            state = RoundState.new("pagat", hands, starter=1).play("1-4")
            print(state)
            print("legal:", ", ".join(map(str, state.legal_moves())))
            """),
            md("""
            Passing anyway is not allowed: holding back a tile that fits is exactly the
            foul the Turkish source warns about. The engine refuses, and says why:
            """),
            code(
                """
                state.apply(Pass())
                """,
                "raises-exception",
            ),
            md("""
            ## When nothing fits, you pass (R9)

            Player 2 plays [4|6]; player 1 answers [5|6] on the 6; player 2 plays [3|5] on
            the 5. The ends are now 1 and 3, and player 1 holds only [2|2]: the only legal
            move is a pass, and nobody draws (R4).
            """),
            code("""
            state = state.play("4-6").play("5-6").play("3-5")
            print(state)
            print("legal:", ", ".join(map(str, state.legal_moves())))
            state = state.apply(Pass())
            print(state.transcript())
            """),
            md("""
            ## Recognising a blocked round (R13)

            The Turkish source (`blocked-game-tr.txt`) gives a procedure for deciding that
            a game is blocked:

            1. no open end of the line can be matched by any tile in any hand;
            2. there is nothing left to draw (in Block there never is: R4);
            3. to confirm, starting with the player who proposes the block, every player in
               turn, clockwise, shows they cannot play. Claiming you cannot play while
               holding a tile that fits is a foul.

            Player 2 now plays [3|6] on the 3. The ends are 1 and 6; player 1 holds [2|2]
            and player 2 holds [0|0]. Player 1, next to play, proposes the block, and each
            player in turn shows their hand:
            """),
            code("""
            state = state.play("3-6")
            print(state)
            a, b = state.line.end_values
            n = state.players
            for i in range(n):
                seat = (state.current_player - 1 + i) % n + 1
                hand = state.hand(seat)
                fits = [str(t) for t in hand if t.has(a) or t.has(b)]
                verdict = f"can play {', '.join(fits)}" if fits else f"nothing matches {a} or {b}"
                print(f"player {seat} holds {' '.join(map(str, hand))}: {verdict}")
            print("blocked:", state.is_blocked, "| round over:", state.is_over)
            """),
            md("""
            [0|0] cannot join a 1 or a 6 (R8), so the round is blocked. The engine applies
            condition 1 directly: it looks at every hand, so the round ends at once (R13),
            without waiting for a circle of passes. The two tests agree: a full circle of
            passes happens exactly when no hand has a tile for either end. Once the round
            is over, no move is legal, and the hands are scored (next chapter):
            """),
            code("""
            print(state.legal_moves())
            print(state.outcome().explanation)
            """),
            code(
                """
                state.apply(Pass())
                """,
                "raises-exception",
            ),
            md("""
            ## How often rounds block

            Many rounds end blocked, because the tiles out of play (R4) may hold the
            numbers everyone needs. Over {glue:text}`pb_n` random rounds for each number
            of players:
            """),
            code("""
            n = 200
            rates, report = {}, []
            for players in (2, 3, 4):
                blocked = sum(
                    play_round("pagat", players, seed=s).state.went_out is None for s in range(n)
                )
                rates[players] = f"{100 * blocked / n:.0f}%"
                report.append(f"{players} players: {blocked} of {n} rounds blocked ({rates[players]})")
            print("\\n".join(report))
            """),
            code(
                """
                glue("pb_n", n, display=False)
                for players, rate in rates.items():
                    glue(f"pb_blocked_{players}", rate, display=False)
                """,
                "remove-cell",
            ),
            md("""
            With two players, when half the set is out of play, {glue:text}`pb_blocked_2`
            of these rounds blocked; with four, {glue:text}`pb_blocked_4`. These are small
            samples: the [claims chapter](../lab/claims.ipynb) plays 20,000 rounds for each
            number of players and gives the rates with their margins. Scoring a blocked
            round is the next chapter.

            ## Check yourself

            ```{dropdown} The ends are 3 and 5. You hold [0|1] and [2|6]; your one opponent holds [4|4] and [1|2]. Is the round blocked?
            {glue:text}`pb_ex`
            ```
            """),
            code(
                """
                ex = RoundState.new("pagat", [["0-1", "2-6", "3-5"], ["4-4", "1-2"]], starter=1)
                ex = ex.play("3-5")
                a, b = ex.line.end_values
                held = ", ".join(str(t) for h in ex.hands for t in h)
                fits = [str(t) for h in ex.hands for t in h if t.has(a) or t.has(b)]
                glue(
                    "pb_ex",
                    f"Yes: no tile still held ({held}) shows a {a} or a {b}, so nobody can play "
                    "and the round ends at once (R13)."
                    if ex.is_blocked
                    else f"No: {', '.join(fits)} can still be played (R9).",
                    display=False,
                )
                """,
                "remove-cell",
            ),
        ],
    )


# ---------------------------------------------------------------------------
def scoring() -> None:
    write(
        "book/rules/scoring.ipynb",
        [
            md("""
            # End of round and scoring

            **What you will learn:** placing tiles never scores (R12); at the end the hands
            are revealed and each tile counts its pips (R14); who scores after a domino
            (R15) and after a block (R16, R17); and that points are raw (R18). Examples
            E8-E11.
            """),
            code(
                SETUP
                + dedent("""
                from block_dominoes.game import play_round
                """),
                "hide-input",
            ),
            md("""
            ## Nothing scores during play (R12)

            Not the lead, not a double, not the last tile: while the round goes on, every
            player's score for it is 0.
            """),
            code("""
            g = play_round("pagat", 3, seed=4).state
            from block_dominoes.render import replay

            print([replay(g, k).returns() for k in (1, 5, len(g.history) - 1)])
            """),
            md("""
            ## Counting a hand (R14)

            A tile counts the sum of its two halves:
            """),
            code("""
            for text in ("6-6", "0-0", "2-5"):
                t = Tile.parse(text)
                print(t, "counts", t.pips)
            """),
            md("""
            ## A domino: the player who went out scores (R15)

            The player who played their last tile scores the sum of all opponents'
            remaining pips. A hand is written as its tiles, a pip total, or `-` for the
            player who went out.
            """),
            code("""
            # E8
            print("E8 Domino; one opponent holds only [0|0], another holds 8 pips.")
            print(score_hands("pagat", ["-", "0-0", "2-6"]).explanation)
            """),
            md("""
            The [0|0] holder has 0 pips, but is not tied with the empty hand: the domino
            still wins (R15).
            """),
            code("""
            # E9
            print("E9 Domino; two opponents hold 5 pips each.")
            print(score_hands("pagat", ["-", "1-4", "2-3"]).explanation)
            """),
            md("""
            ## A block: the sole lowest total scores (R16)

            Only now are totals compared. The sole lowest total scores the opponents'
            totals minus its own, subtracted once:
            """),
            code("""
            # E10
            e10 = score_hands("pagat", ["3", "7", "8"])
            glue("sc_e10", e10.points, display=False)
            print("E10 Blocked with totals 3, 7 and 8.")
            print(e10.explanation)
            """),
            md("""
            ## A tie for lowest: nobody scores (R17)
            """),
            code("""
            # E11
            print("E11 Blocked with totals 3, 3 and 8.")
            print(score_hands("pagat", ["3", "3", "8"]).explanation)
            """),
            md("""
            ## Raw points (R18)

            The {glue:text}`sc_e10` of E10 is scored as it is: no rounding, no division by
            five, and nothing is taken from the other players' earlier scores.
            """),
            code("""
            m = Match.new("pagat", 3).add(score_hands("pagat", ["3", "7", "8"]))
            print("scores after E10:", m.scores)
            """),
            md("""
            A set of hands that no round can produce is refused, with the rule it breaks:
            two players cannot both have gone out, because the round ends at the first
            (R13).
            """),
            code(
                """
                score_hands("pagat", ["-", "-", "8"])
                """,
                "raises-exception",
            ),
            md("""
            ## A round that ends in a block

            Deal 12 for three players, step by step (no kernel needed). Watch the last
            moves: the open ends become numbers nobody holds.
            """),
            code("""
            from block_dominoes.widgets import step_through

            blocked = play_round("pagat", 3, seed=12)
            step_through(blocked, title="Deal 12: a blocked round")
            """),
            code("""
            print(blocked.state.outcome().explanation)
            Picture(state_svg(blocked.state, caption="Deal 12 at the block."))
            """),
            md("""
            ## Score a round yourself

            With a kernel running, type the hands left at the end of a round (or their
            totals) and the scorer explains the points, or says what is wrong with the
            entry.
            """),
            code("""
            from block_dominoes.widgets import round_scorer

            round_scorer(["3", "7", "8"])
            """),
            md("""
            Without a kernel, this is what it shows for its starting entry (E10) and for
            a domino in a four-player game:
            """),
            code("""
            for hands in (["3", "7", "8"], ["1-2,0-0", "-", "5-6", "3"]):
                print(" | ".join(hands), "->", score_hands("pagat", hands).explanation)
            """),
            md("""
            ## Check yourself

            ```{dropdown} A four-player round blocks with totals 4, 9, 12 and 5. Who scores, and how much?
            {glue:text}`sc_ex1`
            ```

            ```{dropdown} Three players; player 2 goes out; the others hold [6|6] and [0|1]. How much?
            {glue:text}`sc_ex2`
            ```
            """),
            code(
                """
                glue("sc_ex1", score_hands("pagat", ["4", "9", "12", "5"]).explanation, display=False)
                glue("sc_ex2", score_hands("pagat", ["6-6", "-", "0-1"]).explanation, display=False)
                """,
                "remove-cell",
            ),
        ],
    )


# ---------------------------------------------------------------------------
def match() -> None:
    write(
        "book/rules/match.ipynb",
        [
            md("""
            # The next round and the match

            **What you will learn:** who starts the next round (R19), when the match ends
            and what happens to points past the target (R20), and why a drawn match
            (R21) cannot actually happen under these rules.
            """),
            code(
                SETUP
                + dedent("""
                from block_dominoes.game import play_match
                from block_dominoes.scoring import score_round
                """),
                "hide-input",
            ),
            md("""
            ## One seat on, whatever happened (R19)

            The next round is started by the player to the left of the previous starter,
            one seat clockwise, whoever won, and even after a tied block. All the tiles
            are reshuffled and dealt again.
            """),
            code("""
            m = Match.new("pagat", 3, starter=2)
            for outcome in (
                score_round("pagat", [0, 10, 12], went_out=1),  # player 1 goes out
                score_round("pagat", [3, 3, 8]),  # a tied block (R17)
                score_round("pagat", [9, 2, 0], went_out=3),
            ):
                print(f"starter {m.starter}: {outcome.explanation}")
                m = m.add(outcome)
            print("next starter:", m.starter, "| scores:", m.scores)
            """),
            md("""
            ## Reaching the target (R20)

            After each round is settled, anyone at or past the target wins the match:
            {glue:text}`match_t2` points with two players, {glue:text}`match_t3` with three
            or four. Points past the target still count. A whole seeded match:
            """),
            code("""
            rules = find_rules("pagat")
            glue("match_t2", rules.target(2), display=False)
            glue("match_t3", rules.target(3), display=False)
            final, rounds = play_match("pagat", 3, seed=1)
            for k, record in enumerate(final.rounds, start=1):
                print(f"round {k}, starter {record.starter}: {record.outcome.explanation}")
                print(f"   scores {record.scores}")
            print(final.describe_result())
            glue("match_rounds", len(final.rounds), display=False)
            glue("match_excess", max(final.scores) - final.target, display=False)
            """),
            md("""
            The match took {glue:text}`match_rounds` rounds, and the winner passed the
            target by {glue:text}`match_excess`, which stays counted. Once it is over, no
            further round can be added:
            """),
            code(
                """
                final.add(score_round("pagat", [0, 5, 5], went_out=1))
                """,
                "raises-exception",
            ),
            md("""
            ## Why a drawn match cannot happen (R21)

            R21 says that if the highest scores that reach the target are tied, the match
            is drawn. Under these rules that never happens: before a round everyone is
            below the target (otherwise the match would be over), and in each round **at
            most one player scores** (the one who went out, or the sole lowest total; a
            tied block scores nobody, R15-R17). So at most one player can reach the target
            in any round, and nobody can be tied with them.

            The engine agrees. Over {glue:text}`match_n` seeded matches for each number of
            players, no round gave points to two players, and no match was drawn:
            """),
            code("""
            n = 100
            glue("match_n", n, display=False)
            report = []
            for players in (2, 3, 4):
                draws = shared = played = 0
                for seed in range(n):
                    final, _ = play_match("pagat", players, seed=seed)
                    played += len(final.rounds)
                    shared += sum(len(r.outcome.side) > 1 for r in final.rounds)
                    draws += final.result.kind == "draw"
                report.append(f"{players} players: {n} matches, {played} rounds, "
                              f"{shared} rounds with two scorers, {draws} draws")
            print("\\n".join(report))
            """),
            md("""
            R21 is a safeguard: it could only apply if one round gave points to two
            sides, and no ruleset in this book does that (in the partnership variant V3
            the two partners are one side).

            ## Check yourself

            ```{dropdown} Three players at 58, 40 and 59; player 2 goes out and the others hold 9 and 3. Who wins?
            {glue:text}`match_ex`
            ```
            """),
            code(
                """
                from dataclasses import replace

                ex = replace(Match.new("pagat", 3), scores=(58, 40, 59))
                won = score_round("pagat", [9, 0, 3], went_out=2)
                ex = ex.add(won)
                glue("match_ex", f"{won.explanation}. Scores {ex.scores}: "
                     f"{ex.describe_result()}, so the match goes on (R20).", display=False)
                """,
                "remove-cell",
            ),
        ],
    )


def main() -> None:
    intro()
    first_hand()
    setup()
    placing()
    doubles()
    pass_and_block()
    scoring()
    match()


if __name__ == "__main__":
    main()
