"""Command-line sub-commands for game records: ``record convert`` and ``check``.

* ``block-dominoes record convert IN OUT [--to json|text]`` reads a record in
  either form (JSON or the notation; ``-`` reads standard input) and writes it
  in the form OUT's extension names (``.json`` or ``.txt``); ``--to`` chooses
  the form instead (needed for ``-``, standard output, unless the other form
  of the input is wanted, which is the default there).
* ``block-dominoes check RECORD [--json]`` replays the record and prints the
  verdict. JSON: ``{"valid": bool, "first_error": null | {"move", "rule",
  "message"}, "outcome": <as in score> | null}``.

Exit status: 0 for a valid record; 1 for a record that breaks a rule (a
verdict, printed on standard output like a valid one: the input was read
fine); 2 for input that cannot be read (one line on standard error naming the
file and the line, nothing on standard output), as for every other command.
``--rules NAME`` gives the ruleset of a notation record without a ``rules:``
line; a record that names another ruleset is an error.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from block_dominoes import storage
from block_dominoes.cli.base import (
    Subparsers,
    add_command,
    add_common,
    add_force,
    read_stdin,
)
from block_dominoes.errors import FileError, RecordError, cut_path, quoted
from block_dominoes.i18n import N_, _, iso, ngettext
from block_dominoes.records.checker import check_record
from block_dominoes.records.codec import Record, dump_json, record_to_json
from block_dominoes.records.load import load_record
from block_dominoes.records.notation import format_record
from block_dominoes.rules import find_rules

__all__ = ["cmd_check", "cmd_convert", "read_record", "register"]

_FORMS = {".json": "json", ".txt": "text"}


def os_error(name: str, e: OSError) -> RecordError:
    """An OS error as one line naming the file: ``game.txt: cannot read it: Is a directory``."""
    return RecordError(
        _("{file}: cannot read it: {reason}").format(
            file=name, reason=storage.strerror(e, lower=False)
        )
    )


def _read(path: str, rules: str | None) -> tuple[Record, str]:
    name = "<stdin>" if path == "-" else cut_path(path)
    if path != "-":
        _check_name(path)
    try:
        text = read_stdin() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    except FileError as e:  # standard input closed or not text: one line, exit 2
        raise RecordError(str(e), reason=e.reason) from None
    except UnicodeDecodeError:
        raise RecordError(
            _(
                "{file}: cannot read it: a record is text in UTF-8 (save it as UTF-8 and try again)"
            ).format(file=name)
        ) from None
    except OSError as e:
        raise os_error(name, e) from None
    form = "json" if Path(path).suffix.lower() == ".json" else None
    try:
        record = load_record(text, default_rules=rules or "pagat", form=form)
    except RecordError as e:
        raise RecordError(_("{file}: {error}").format(file=name, error=e)) from None
    if rules is not None and find_rules(rules).name != record.rules:
        raise RecordError(
            _("{file}: the record is played under {rules}, but {flag} says {given}").format(
                file=name,
                rules=repr(record.rules),
                flag="--rules",
                given=repr(rules),
            )
        )
    return record, text


def _check_name(path: str) -> None:
    """No name, a name too long, a FIFO or device: one line, before opening it."""
    try:
        storage.check_name(path, what=N_("record"), error=FileError)
    except FileError as e:
        raise RecordError(str(e)) from None


def read_record(path: str, rules: str | None = None) -> Record:
    """Read the record in file ``path`` (``-``: standard input), in either form.

    Raises :class:`RecordError` whose message starts with the file's name, also
    for a file that cannot be opened (an OS error); standard input that is closed or
    not UTF-8 text is said as such (``cannot read standard input: it is closed``).
    """
    return _read(path, rules)[0]


def _form_of(out: str, to: str | None, record_text: str) -> str:
    if to is not None:
        return to
    if out == "-":
        return "text" if record_text.lstrip().startswith("{") else "json"
    form = _FORMS.get(Path(out).suffix.lower())
    if form is None:
        raise RecordError(
            _(
                "cannot tell which form to write to {file}: name it {json} or {txt}, or give {flag}"
            ).format(file=iso(quoted(out)), json=".json", txt=".txt", flag="--to")
        )
    return form


def cmd_convert(a: argparse.Namespace) -> tuple[str, object]:
    record, raw = _read(a.input, a.rules)
    if a.output != "-":
        _check_name(a.output)
    form = _form_of(a.output, a.to, raw)
    body = dump_json(record) if form == "json" else format_record(record)
    data = record_to_json(record)
    if a.output == "-":
        return body.rstrip("\n"), data
    if a.input != "-" and _same_file(a.input, a.output):
        raise RecordError(
            _(
                "OUT {file} is the record being read (the same file, or a link to "
                "it): write the converted record to another file, so the original is kept"
            ).format(file=iso(quoted(a.output)))
        )
    # Atomically (temp file, fsync, rename); never into a name whose extension is the
    # other form's (--to text into x.json); an existing file only with --force, and
    # then only a record exactly as this program writes it (never a score sheet, a
    # hand-written record or a read-only file).
    storage.write_output(
        a.output,
        body.encode("utf-8"),
        kind=form,
        force=a.force,
        ours=lambda old: (
            None
            if _is_record(old)
            else _("its text differs from what block-dominoes writes for a record")
        ),
        what=N_("record"),
        error=FileError,
    )
    a.saved = a.output
    n = len(record.moves)
    said = (
        ngettext(
            "wrote {file}: the record in json form ({n} move)",
            "wrote {file}: the record in json form ({n} moves)",
            n,
        )
        if form == "json"
        else ngettext(
            "wrote {file}: the record in text form ({n} move)",
            "wrote {file}: the record in text form ({n} moves)",
            n,
        )
    )
    return said.format(file=a.output, n=n), {
        "written": a.output,
        "form": form,
        "moves": n,
    }


def _is_record(data: bytes) -> bool:
    """True when ``data`` is a game record exactly as this program writes it, so
    ``--force`` may replace it: byte for byte what ``record convert`` writes for the
    record it holds (the notation or the JSON file), or the line ``--json`` prints.
    A record typed or edited by hand (comments, its own spacing) is never replaced."""
    import json

    try:
        text = data.decode("utf-8")
        record = load_record(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    printed = json.dumps(record_to_json(record), ensure_ascii=False) + "\n"
    return text in (format_record(record), dump_json(record), printed)


def _same_file(a: str, b: str) -> bool:
    """True when ``b`` is ``a`` itself: the same path, a symlink or a hard link to it."""
    try:
        if Path(a).resolve() == Path(b).resolve():
            return True
    except (OSError, RuntimeError):  # a symbolic link loop: the write names it
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def cmd_check(a: argparse.Namespace) -> tuple[str, object, int]:
    verdict = check_record(read_record(a.record, a.rules))
    # A broken rule is a verdict, not bad input: it is printed, with exit status 1.
    return verdict.describe(), verdict.to_json(), 0 if verdict.valid else 1


def register(sub: Subparsers) -> None:
    """Add ``record convert`` and ``check`` to the ``block-dominoes`` parser."""
    p = add_command(
        sub, "record", cmd_convert, N_("convert a game record between JSON and the notation")
    )
    rsub = p.add_subparsers(
        dest="record_command", required=True, parser_class=type(p), metavar="convert"
    )
    c = add_command(
        rsub, "convert", cmd_convert, N_("read a record in either form, write it in the other")
    )
    c.add_argument("input", metavar="IN", help=N_("a record (.json or notation), or - for stdin"))
    c.add_argument(
        "output", metavar="OUT", help=N_("file to write (.json or .txt), or - for stdout")
    )
    c.add_argument(
        "--to", choices=("json", "text"), help=N_("the form to write (instead of OUT's extension)")
    )
    add_force(c, N_("replace an existing record (never a sheet or another kind of file)"))
    add_common(c)
    c.set_defaults(rules=None)

    k = add_command(
        sub,
        "check",
        cmd_check,
        N_("replay a record and report the first broken rule (exit 1 if there is one)"),
    )
    k.add_argument(
        "record", metavar="RECORD", help=N_("a record (JSON or notation), or - for stdin")
    )
    add_common(k)
    k.set_defaults(rules=None)
