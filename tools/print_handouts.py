"""Print the handouts as PDF with the Chromium the browser tests use.

    python tools/print_handouts.py --out DIR [--site _build/html] [--lang ar]

Prints, from the built book (``python tools/build.py`` first), with the print
stylesheet ``_static/print.css`` (no navigation, diagrams whole, answers at the end):

* ``rules-card.pdf``: the rules card (R1-R21), at most two A4 pages (printed at the
  largest scale of SCALES that fits);
* ``variants-card.pdf``: the variants card (V1-V6) of the same page, at most two A4
  pages, for a referee to lay beside the rules card (the page's examples card and
  dispute index stay on the site);
* ``worksheet-NAME.pdf``: one per chapter of the part "The rules, step by step": the
  chapter's questions (blocks with class ``bd-quiz``) with the answer key on a page of
  its own; a chapter with no such blocks yet is printed whole, so the tool works before
  and after the questions land;
* ``score-sheet-2.pdf``, ``-3``, ``-4``: a blank score sheet for 2, 3 and 4 players.

``--lang ar`` prints the same handouts from the Arabic edition (``_build/html/ar``),
right to left, with the score sheet's words from the engine's catalog (``_()`` here is
``block_dominoes.i18n``'s; ``babel.cfg`` extracts this file) and the answers' heading
from the edition's own words (print.js).

The site is served on 127.0.0.1 and every request to another host is aborted, as in
the tests. Errors end the run with one line on stderr and exit status 1. A handout
already in --out is never replaced unless --force is given (and then only a PDF is;
checked for every handout before anything is printed); each file is written atomically.
"""

from __future__ import annotations

import argparse
import html
import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from local_server import serve

from block_dominoes import filekinds, storage
from block_dominoes.errors import FileError
from block_dominoes.i18n import _, available_languages, get_language, is_rtl, language, ngettext

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"]
RULES_CARD = "book/reference/rules-card"
RULES_PART = "The rules, step by step"
#: print scales tried for the rules card, largest first, until it fits MAX_CARD_PAGES
SCALES = (1.0, 0.9, 0.8, 0.72, 0.65, 0.58, 0.5)
MAX_CARD_PAGES = 2
#: the cards printed from the rules card's page: file -> the sections it keeps (the
#: page's section ids, the same in every edition); the rest of the page is hidden
CARDS = {
    "rules-card.pdf": ("setup", "play", "end-of-round", "next-round-and-match"),
    "variants-card.pdf": ("variants-card",),
}
#: hides every part of the rules card's page but the title, the opening paragraphs (for
#: the rules card only) and the sections named; a kept section starts the first page
CARD_JS = """([keep, intro]) => {
  const card = document.querySelector('article section#rules-card');
  for (const child of Array.from(card.children)) {
    if (child.tagName === 'H1') continue;
    const shown = child.tagName === 'SECTION' ? keep.includes(child.id) : intro;
    child.style.display = shown ? '' : 'none';
    if (child.tagName === 'SECTION') child.style.breakBefore = 'auto';
  }
}"""
PLAYERS = (2, 3, 4)
SHEET_ROUNDS = 16
#: the site's fonts (site/public/vendor/fonts/, at vendor/ in each edition) and the
#: family list that names them, the same as the pages' (_static/block-site.css)
FONTS_CSS = "vendor/fonts/fonts.css"
FONT_FAMILY = '"Noto Sans", "IBM Plex Sans Arabic", sans-serif'
#: the ceiling of each wait for a page (its widgets and fonts), generous for a busy
#: two-core machine: a wait ends as soon as its condition holds
WAIT_MS = 120_000
PDF_OPTIONS: dict[str, Any] = {
    "format": "A4",
    "print_background": True,
    "prefer_css_page_size": True,
}


class HandoutError(Exception):
    """A handout could not be printed; the message says which and why."""


def rules_chapters(root: Path = ROOT) -> list[str]:
    """The docnames of the part RULES_PART in _toc.yml, in order."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    for part in toc.get("parts", []):
        if part.get("caption") == RULES_PART:
            return [str(c["file"]).removesuffix(".md") for c in part.get("chapters", [])]
    raise HandoutError(f"_toc.yml has no part {RULES_PART!r}")


#: what a handout's PDF names as its Creator: ``--force`` replaces only such a file
#: (:func:`block_dominoes.filekinds.marked`), never a PDF this tool did not print
HANDOUT_MARK = f"{filekinds.MARK} handout"


def mark_pdf(pdf: bytes) -> bytes:
    """``pdf`` with :data:`HANDOUT_MARK` as its Creator (Chromium names itself there)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.add_metadata({"/Creator": HANDOUT_MARK})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def score_sheet_html(players: int, rounds: int = SHEET_ROUNDS, fonts: str = FONTS_CSS) -> str:
    """A blank score sheet in the current language: a row per round, a column per
    player, totals to the target; set in the site's own faces (``fonts``: the URL of
    their stylesheet, relative to the page), so it prints alike on every machine."""
    esc = html.escape
    # Each _() outside the f-strings: Babel's extractor does not look inside them.
    player, name = _("Player {seat}"), _("name:")
    round_, starter, total = _("Round"), _("Who started"), _("Total")
    head = "".join(
        f"<th>{esc(player.format(seat=i))}<br><span class=name>{esc(name)}</span></th>"
        for i in range(1, players + 1)
    )
    cells = "<td></td>" * players
    rows = "\n".join(f"<tr><th>{r}</th><td></td>{cells}</tr>" for r in range(1, rounds + 1))
    lang = f'lang="{esc(get_language())}"' + (' dir="rtl"' if is_rtl() else "")
    title = ngettext(
        "Block dominoes score sheet, {n} player", "Block dominoes score sheet, {n} players", players
    ).format(n=players)
    heading = ngettext(
        "Block dominoes: score sheet for {n} player",
        "Block dominoes: score sheet for {n} players",
        players,
    ).format(n=players)
    fill = _(
        "Date: ______________ Rules: ______________ Target: ________ points "
        "(R18-R20: the first to reach the target wins the match). "
        "Lot winner (starts round 1): ______"
    )
    how = _(
        "Each round, write the points scored by the winner of the round (the others "
        "score 0) and keep a running total. The book's score sheet app does the sums: "
        "apps/sheet.html."
    )
    return f"""<!DOCTYPE html>
<html {lang}><head><meta charset="utf-8"><title>{esc(title)}</title>
<link rel="stylesheet" href="{esc(fonts)}">
<style>
@page {{ size: A4; margin: 14mm; }}
body {{ font: 11pt/1.3 {FONT_FAMILY}; }}
h1 {{ font-size: 18pt; margin: 0 0 4pt; }}
p {{ margin: 2pt 0 8pt; }}
table {{ width: 100%; border-collapse: collapse; break-inside: avoid; }}
th, td {{ border: 1px solid #000; height: 10mm; padding: 2pt 4pt; text-align: start; }}
thead th {{ height: 14mm; vertical-align: top; }}
.name {{ font-weight: normal; font-size: 9pt; }}
tfoot th {{ height: 12mm; }}
</style></head><body>
<h1>{esc(heading)}</h1>
<p>{esc(fill)}</p>
<table>
<thead><tr><th>{esc(round_)}</th><th>{esc(starter)}</th>{head}</tr></thead>
<tbody>
{rows}
</tbody>
<tfoot><tr><th>{esc(total)}</th><td></td>{cells}</tr></tfoot>
</table>
<p>{esc(how)}</p>
</body></html>
"""


# Keep only the page's title, its questions and (from print.js) the answers.
WORKSHEET_JS = """() => {
  const n = window.bdGatherAnswers ? window.bdGatherAnswers() : 0;
  if (!n) return 0;
  const article = document.querySelector("article.bd-article") || document.body;
  const title = article.querySelector("h1");
  const keep = [title, ...article.querySelectorAll(".bd-quiz"),
                article.querySelector(".bd-print-answers")].filter(Boolean);
  const sheet = document.createElement("div");
  sheet.className = "bd-worksheet";
  keep.forEach((node) => sheet.appendChild(node));
  const words = window.bdPrintWords ? window.bdPrintWords() : {worksheet: "Worksheet"};
  if (title) title.textContent = words.worksheet + ": " + title.textContent;
  article.replaceChildren(sheet);
  return n;
}"""


# True once every stored widget view of the page has rendered (html-manager puts each
# into a .widget-subarea beside its script tag) and every font it asked for is in.
SETTLED_JS = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].every(
      (s) => s.parentElement.querySelector(':scope > .widget-subarea .jupyter-widgets'))
  && document.fonts.status === 'loaded'"""


def settle(page: Any) -> None:
    """Wait until the page has loaded, its widgets have rendered and its fonts are in
    (conditions, not the network going quiet: under load that can take longer than
    any fixed time, and a page with nothing left to load need not wait for it)."""
    page.wait_for_load_state("load", timeout=WAIT_MS)
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    page.evaluate("() => document.fonts.ready.then(() => true)")


def _answer_with(body: str) -> Any:
    """A route handler that answers with the HTML page ``body``."""
    return lambda route: route.fulfill(body=body, content_type="text/html; charset=utf-8")


def handout_names(chapters: Sequence[str]) -> list[str]:
    """The files :func:`print_all` writes, in order."""
    return [
        *CARDS,
        *(f"worksheet-{docname.rsplit('/', 1)[-1]}.pdf" for docname in chapters),
        *(f"score-sheet-{n}.pdf" for n in PLAYERS),
    ]


def check_out(out: Path, chapters: Sequence[str], *, force: bool = False) -> None:
    """Refuse, before printing anything, an ``out`` that is not a folder, or one that
    holds a handout's name already (unless ``force``: then only a handout this tool
    printed, its Creator :data:`HANDOUT_MARK`, is replaced: :func:`storage.write_output`)."""
    if out.exists() and not out.is_dir():
        raise HandoutError(f"--out {str(out)!r} is a file, not a folder: name a folder")
    taken = [name for name in handout_names(chapters) if (out / name).exists()]
    if taken and not force:
        raise HandoutError(
            f"{str(out / taken[0])!r} already exists ({len(taken)} of the handouts do): "
            "nothing was written; give --force to replace them, or choose another folder"
        )


def print_all(
    site: Path, out: Path, chapters: Sequence[str], lang: str = "en", *, force: bool = False
) -> dict[str, int]:
    """Print every handout into ``out`` (from the ``lang`` edition of the book at
    ``site``); return file name -> page count. Each file is written atomically; an
    existing one is refused unless ``force`` (and even then only a handout printed here)."""
    if lang != "en":
        site = site / lang
    from playwright.sync_api import sync_playwright

    check_out(out, chapters, force=force)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise HandoutError(f"--out {str(out)!r}: cannot make the folder: {e.strerror}") from None
    made: dict[str, int] = {}
    outside: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context().new_page()
        page.set_default_timeout(WAIT_MS)
        page.set_default_navigation_timeout(WAIT_MS)
        page.route("**/*", route)
        page.emulate_media(media="print")

        def write(name: str, pdf: bytes) -> None:
            try:
                storage.write_output(
                    out / name,
                    mark_pdf(pdf),
                    kind="pdf",
                    force=force,
                    ours=filekinds.unmarked(HANDOUT_MARK),
                    what="handout (PDF)",
                )
            except FileError as e:
                raise HandoutError(str(e)) from None
            made[name] = page_count(pdf)

        # the rules card and the variants card, each at the largest scale that fits
        for name, keep in CARDS.items():
            page.goto(f"{base}{RULES_CARD}.html")
            settle(page)
            page.evaluate(CARD_JS, [list(keep), name == "rules-card.pdf"])
            for scale in SCALES:
                pdf = page.pdf(scale=scale, **PDF_OPTIONS)
                if page_count(pdf) <= MAX_CARD_PAGES:
                    break
            else:
                card = name.removesuffix(".pdf").replace("-", " ")
                raise HandoutError(f"the {card} needs more than {MAX_CARD_PAGES} pages")
            write(name, pdf)

        for docname in chapters:
            page.goto(f"{base}{docname}.html")
            settle(page)
            page.evaluate(WORKSHEET_JS)
            write(f"worksheet-{docname.rsplit('/', 1)[-1]}.pdf", page.pdf(**PDF_OPTIONS))

        for n in PLAYERS:
            # served from the site's address, so the sheet's fonts come from the site
            with language(lang):
                sheet = score_sheet_html(n)
            url = f"{base}score-sheet-{n}.html"
            page.route(url, _answer_with(sheet))
            page.goto(url)
            settle(page)
            write(f"score-sheet-{n}.pdf", page.pdf(**PDF_OPTIONS))
        browser.close()
    if outside:
        raise HandoutError(f"the pages asked for another host: {outside[0]}")
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the PDF files")
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace handouts already in --out (only PDF files, never a score sheet)",
    )
    parser.add_argument(
        "--site", type=Path, default=ROOT / "_build" / "html", help="the built book"
    )
    parser.add_argument(
        "--lang",
        default="en",
        choices=available_languages(),
        help="the edition to print (default en; ar prints _build/html/ar)",
    )
    args = parser.parse_args(argv)
    edition = args.site if args.lang == "en" else args.site / args.lang
    if not (edition / f"{RULES_CARD}.html").is_file():
        print(
            f"print_handouts: no built book at {edition} (run `python tools/build.py` first)",
            file=sys.stderr,
        )
        return 1
    if not Path(CHROMIUM).is_file():
        print(
            f"print_handouts: no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr
        )
        return 1
    try:
        made = print_all(
            args.site.resolve(), args.out, rules_chapters(), args.lang, force=args.force
        )
    except HandoutError as e:
        print(f"print_handouts: {e}", file=sys.stderr)
        return 1
    for name, pages in made.items():
        print(f"{args.out / name}: {pages} page{'s' if pages != 1 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
