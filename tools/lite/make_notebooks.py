"""Write the live edition's notebooks, live/*.ipynb (run once after editing this file).

Each live notebook is the "Run live" twin of a chapter: a short introduction, a first
cell that installs ipywidgets and the engine from the wheels served with the site
(saying so if it cannot), and one call that returns the chapter's widget. They are
stored without outputs: the reader's browser runs them.

    python tools/lite/make_notebooks.py
"""

from __future__ import annotations

from pathlib import Path

import nbformat

LIVE = Path(__file__).resolve().parent.parent.parent / "live"

INSTALL = """\
# Installs ipywidgets and the Block dominoes engine from the files served with this
# site (nothing comes from the internet). It takes a few seconds the first time.
try:
    import piplite
except ImportError:  # not in the browser: a local Python installs with pip instead
    piplite = None
if piplite is not None:
    try:
        await piplite.install(["ipywidgets", "block-dominoes"])
    except Exception as error:
        print(f"Could not install the engine here ({type(error).__name__}: {error}).")
try:
    from block_dominoes import widgets
except ImportError as error:
    print(f"Not ready: {error}.")
    print("Reload the page and run this cell again, or read the chapter in the book.")
else:
    print("Ready: the engine and ipywidgets are installed. Run the next cell.")"""

HOW = (
    "This page runs Python in your browser: nothing to install and no internet "
    "needed. Run the cells in order with **Shift+Enter** (or choose **Run > Run All "
    "Cells**): the first installs the engine, the next shows the widget."
)

#: name -> (title, what the widget does, the call, a note or "")
NOTEBOOKS: dict[str, tuple[str, str, str, str]] = {
    "explorer": (
        "Where can this tile go? (live)",
        "Choose an example line or type your own placements, then type a tile: the "
        "diagram marks every open end it fits and the answer names the rule (R7, R8, R10).",
        "widgets.attachment_explorer()",
        "",
    ),
    "scorer": (
        "Score a round (live)",
        "Type each player's hand (tiles such as `1-4,0-0`, a pip total such as `7`, or "
        "`-` for the player who went out): the scorer names the winner and the points, "
        "citing the rule (R14-R17).",
        "widgets.round_scorer()",
        "",
    ),
    "play": (
        "Play a round (live)",
        "Play a round against the computer: choose a tile and an end, pass only when "
        "nothing fits (R9), and see the score when the round ends.",
        "widgets.play()",
        "",
    ),
    "sheet": (
        "Keep score (live)",
        "Enter each round's result: the sheet keeps the running totals to the target "
        "and names the match winner (R18-R20).",
        "widgets.score_sheet()",
        "The chart of the running totals needs matplotlib, which this offline edition "
        "cannot run in the browser: the chart is shown in the book instead. Everything "
        "else on the sheet works here.",
    ),
    "checker": (
        "Check a game (live)",
        "Paste a game record (JSON or the notation) and press **Check**: the checker "
        "replays it and names the first move that breaks a rule, with the rule's number.",
        # The rules card is a page of the book, two folders up from the notebook app.
        "widgets.record_checker(\n"
        '    card_url="../../book/reference/rules-card.html",\n'
        '    variants_url="../../book/reference/variants.html",\n'
        ")",
        "",
    ),
}


#: name -> the book page (docname) that gets a "Run live" link to it
CHAPTERS = {
    "explorer": "book/rules/placing",
    "scorer": "book/rules/scoring",
    "play": "book/play/play",
    "sheet": "book/tools/keep-score",
    "checker": "book/tools/check-a-game",
}


def notebook(title: str, what: str, call: str, note: str, chapter: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    # site/ext/live_edition.py links this page of the book to the notebook.
    nb.metadata["block_dominoes"] = {"chapter": chapter}
    nb.metadata["kernelspec"] = {
        "name": "python",
        "display_name": "Python (Pyodide)",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    intro = f"# {title}\n\n{what}\n\n{HOW}"
    if note:
        intro += f"\n\n**Note.** {note}"
    nb.cells = [
        nbformat.v4.new_markdown_cell(intro),
        # Collapsed: the reader sees its one-line answer, not the install code.
        nbformat.v4.new_code_cell(INSTALL, metadata={"jupyter": {"source_hidden": True}}),
        nbformat.v4.new_code_cell(call),
    ]
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"live-{i}"
    return nb


def main() -> None:
    LIVE.mkdir(exist_ok=True)
    for name, parts in NOTEBOOKS.items():
        path = LIVE / f"{name}.ipynb"
        nbformat.validate(nb := notebook(*parts, CHAPTERS[name]))
        nbformat.write(nb, path)
        print(f"wrote {path.relative_to(LIVE.parent)}")


if __name__ == "__main__":
    main()
