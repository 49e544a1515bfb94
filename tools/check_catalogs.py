"""How far a language's catalogs are: untranslated, fuzzy and broken entries, per file.

    python tools/check_catalogs.py tr            # engine, site words and book
    python tools/check_catalogs.py tr --engine   # only the engine's catalog
    python tools/check_catalogs.py tr --book     # only the book's chapters and sphinx.po
    python tools/check_catalogs.py tr --list 20  # also the first 20 problems

A broken entry is one whose translation loses or adds a placeholder (``{n}``,
``%(name)s``), a MyST role or a glue reference, or lacks a plural form the language
needs (CLDR, through Babel). Exit status 1 while anything is left to do, so a
translator runs it until it prints ``done``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
#: what must come through a translation unchanged: placeholders, roles and glue keys
LIST_START = re.compile(r"^\s{0,3}(?:\d{1,9}[.)]|[-*+])(?:\s|$)")
FIELD = re.compile(r"\{[\w.]*(?:![rsa])?(?::[^{}]*)?\}|%\(\w+\)[sdr]|\{[\w-]+\}`[^`]*`")


def files(lang: str, engine: bool, book: bool) -> list[Path]:
    found: list[Path] = []
    if engine:
        found.append(ROOT / "src/block_dominoes/locale" / lang / "LC_MESSAGES/block_dominoes.po")
        found.append(ROOT / "site/ext/locales" / lang / "LC_MESSAGES/bd_site.po")
    if book:
        base = ROOT / "locales" / lang / "LC_MESSAGES"
        found.extend(sorted(base.rglob("*.po")))
    return found


def fields(text: str) -> list[str]:
    return sorted(FIELD.findall(text))


def problems(message: Message, catalog: Catalog, markdown: bool = False) -> list[str]:
    if not message.id:
        return []
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strs = message.string if isinstance(message.string, tuple) else (message.string,)
    if message.fuzzy:
        return ["fuzzy"]
    if not any(strs):
        return ["untranslated"]
    found: list[str] = []
    if isinstance(message.id, tuple) and len([s for s in strs if s]) < catalog.num_plurals:
        found.append(f"needs {catalog.num_plurals} plural forms")
    # a paragraph that starts "2. " is a numbered list to Markdown: where the source's
    # is not, Sphinx finds the translation's structure different and prints the English
    for text in strs if markdown else ():
        if LIST_START.match(text) and not LIST_START.match(ids[0]):
            found.append("starts like a numbered list item (Markdown), so Sphinx drops it")
            break
    # a plural form may drop the count where the language says it in words ("two
    # tiles" as one dual noun), so plural entries are checked over all their forms
    wanted = set(fields(ids[-1])) | set(fields(ids[0]))
    groups = [" ".join(strs)] if isinstance(message.id, tuple) else list(strs)
    for text in groups:
        got = set(fields(text))
        lost = wanted - got
        extra = got - wanted
        if lost or extra:
            found.append(f"fields lost {sorted(lost)} added {sorted(extra)}")
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lang")
    parser.add_argument("--engine", action="store_true", help="only the engine and site words")
    parser.add_argument("--book", action="store_true", help="only the book")
    parser.add_argument("--list", type=int, default=0, metavar="N", help="show N problems")
    args = parser.parse_args(argv)
    both = not (args.engine or args.book)
    paths = files(args.lang, args.engine or both, args.book or both)
    if not paths:
        print(f"{args.lang}: no catalog found", file=sys.stderr)
        return 2
    left = 0
    total = 0
    shown = 0
    for path in paths:
        if not path.exists():
            print(f"{path.relative_to(ROOT)}: missing")
            left += 1
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=args.lang)
        todo: list[tuple[int, str, str]] = []
        count = 0
        for message in catalog:
            if not message.id:
                continue
            count += 1
            book = path.is_relative_to(ROOT / "locales")
            for problem in problems(message, catalog, markdown=book):
                ident = message.id[0] if isinstance(message.id, tuple) else message.id
                line = message.lineno or 0
                todo.append((line, problem, ident))
        total += count
        left += len(todo)
        if todo:
            print(f"{path.relative_to(ROOT)}: {len(todo)} of {count} to do")
            for line, problem, ident in todo:
                if shown >= args.list:
                    break
                shown += 1
                print(f"  line {line}: {problem}: {ident[:70]!r}")
    print(
        f"{args.lang}: {total - left} of {total} done" if left else f"{args.lang}: done ({total})"
    )
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
