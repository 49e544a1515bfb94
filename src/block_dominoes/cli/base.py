"""What every sub-command module shares: the parser class, usage errors, common options.

A sub-command module has a ``register(sub)`` function that adds its commands to
the ``block-dominoes`` parser; :mod:`block_dominoes.cli` calls each one by name.
A command's handler returns ``(text, json_data)``, or ``(text, json_data, status)``
for a verdict that is not a success but not bad input either (``check``: 1).
A handler that saved a change (a sheet, a written file) sets ``args.saved`` to the
file's name, so a report that then cannot be printed still exits 0 (saying so).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from block_dominoes import deal, storage
from block_dominoes.errors import BlockDominoesError, FileError
from block_dominoes.i18n import N_, _, ngettext
from block_dominoes.inputs import whole
from block_dominoes.rules import rules_names

__all__ = [
    "Handler",
    "Parser",
    "Subparsers",
    "UsageError",
    "add_command",
    "add_common",
    "add_force",
    "add_json",
    "add_rules",
    "argparse_speaks",
    "check_stdin",
    "cluster_arg",
    "read_stdin",
    "read_stdin_line",
    "seed_arg",
    "whole_arg",
]

Handler = Callable[[argparse.Namespace], tuple[str, object] | tuple[str, object, int]]
#: argparse's sub-parsers action (its class is private, so it is typed loosely).
Subparsers = Any


class UsageError(Exception):
    """Bad command-line words (argparse's complaint), reported in one line."""


#: argparse's own sentences (Python 3.11), said in the current language while
#: :func:`argparse_speaks` is on; the %-placeholders are argparse's.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's counted sentences (``expected 2 arguments``), in the current language."""
    if singular == "expected %s argument":
        return ngettext("expected %s argument", "expected %s arguments", n)
    return ngettext(singular, plural, n)


@contextlib.contextmanager
def argparse_speaks() -> Iterator[None]:
    """Let argparse say its sentences (usage errors, help headings) in the current
    language: argparse looks up each through its module's ``_``/``ngettext``, which
    are swapped for the engine's while the block runs (in English too, so that no
    system catalog of argparse's own ever mixes a second language in)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, _argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors name the (sub-)command and are one line, and
    whose help texts are said in the current language (marked with ``N_``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {' '.join(message.split())}")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if isinstance(kwargs.get("help"), str):
            kwargs["help"] = _(kwargs["help"])
        return super().add_argument(*args, **kwargs)


def add_command(sub: Subparsers, name: str, handler: Handler, helptext: str) -> Parser:
    """Add sub-command ``name`` that runs ``handler``; its usage errors name it."""
    p: Parser = sub.add_parser(name, help=_(helptext))
    p.set_defaults(func=handler, prog=p.prog)
    return p


def add_rules(p: argparse.ArgumentParser, *, default: str | None = "pagat") -> None:
    p.add_argument(
        "--rules",
        default=default,
        metavar="NAME",
        help=_("ruleset preset (default pagat; one of {names})").format(
            names=", ".join(rules_names())
        ),
    )


def add_json(p: argparse.ArgumentParser, helptext: str = N_("print JSON instead of text")) -> None:
    p.add_argument("--json", action="store_true", help=_(helptext))


def add_force(p: argparse.ArgumentParser, helptext: str) -> None:
    """``--force``: let a command replace a file of the kind it writes (never a sheet)."""
    p.add_argument("--force", action="store_true", help=_(helptext))


def add_common(p: argparse.ArgumentParser) -> None:
    """``--rules NAME`` and ``--json``, which every command takes."""
    add_rules(p)
    add_json(p)


#: the nouns other command modules pass to :func:`whole_arg` (``play``, ``simulate``),
#: so :func:`block_dominoes.inputs.whole` can say them in the current language
WHOLE_NOUNS = (N_("players"), N_("the number of games"), N_("the number of workers"))


def whole_arg(what: str, low: int, high: int | None = None, rule: str = "") -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` (to ``high``), read by
    :func:`block_dominoes.inputs.whole` (any script's decimal digits, at most
    30 of them, the bad text cut to a readable length)."""

    def parse(text: str) -> int:
        try:
            return whole(text, what, low=low, high=high, rule=rule)
        except BlockDominoesError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return parse


#: the seeds (deal numbers) ``play``, ``match`` and ``simulate`` take: one range for all
SEED_MAX = deal.SEED_MAX
SEED_HELP = "a whole number from 0 to 2**63-1"


def seed_arg(text: str) -> int:
    """The argparse ``type`` of every ``--seed``."""
    return whole_arg(N_("the deal number (seed)"), 0, SEED_MAX)(text)


def cluster_arg(text: str) -> str:
    """The argparse ``type`` of ``--cluster``: checked by
    :func:`block_dominoes.lab.cluster.parse_address` (which needs no Dask)."""
    from block_dominoes.lab.cluster import parse_address

    try:
        parse_address(text)
    except BlockDominoesError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text.strip()


# -- standard input ---------------------------------------------------------------------
# Every command that reads standard input (``check -``, ``record convert -``, the
# interactive round, the sheet's confirmation) reads it here: UTF-8 text, read as bytes
# and decoded strictly, whatever the locale says; closed (``<&-``) or not text is one
# line and exit status 2 (a FileError), never an internal error or escaped bytes.


def _closed() -> FileError:
    return FileError(_("cannot read standard input: it is closed"), reason="stdin-closed")


def _stdin() -> Any:
    """``sys.stdin``, or the FileError saying it is closed."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise _closed()
    return stream


def check_stdin() -> None:
    """Refuse, before anything is printed, to ask a question of a closed standard input."""
    _stdin()


def _failed(e: OSError) -> FileError:
    if e.errno == errno.EBADF:
        return _closed()
    return FileError(
        _("cannot read standard input: {reason}").format(reason=storage.strerror(e, lower=False)),
        reason="stdin-unreadable",
    )


def _text(data: bytes | str, *, line: bool) -> str:
    """``data`` as text, or the FileError naming its first byte that is not UTF-8 and
    that byte's offset (from the start of the input, or of the ``line``)."""
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            byte, offset = data[e.start], e.start
    else:  # a text stream (a program's own): bytes it could not decode are escaped
        try:
            data.encode("utf-8")
            return data
        except UnicodeEncodeError as e:
            code = ord(data[e.start])
            byte = code - 0xDC00 if 0xDC80 <= code <= 0xDCFF else code
            offset = len(data[: e.start].encode("utf-8"))
    where = (
        _("standard input is not UTF-8 text (byte {byte} at offset {offset} of the line)")
        if line
        else _("standard input is not UTF-8 text (byte {byte} at offset {offset})")
    )
    raise FileError(
        where.format(byte=f"0x{byte & 0xFF:02x}", offset=offset), reason="stdin-not-text"
    )


def read_stdin() -> str:
    """All of standard input as text (UTF-8). Raises :class:`FileError` (one line, exit
    status 2) when it is closed, cannot be read, or is not UTF-8 text."""
    stream = _stdin()
    try:
        raw = getattr(stream, "buffer", None)
        data: bytes | str = raw.read() if raw is not None else stream.read()
    except ValueError:  # closed meanwhile ("I/O operation on closed file")
        raise _closed() from None
    except OSError as e:
        raise _failed(e) from None
    return _text(data, line=False)


def read_stdin_line() -> str:
    """One line of standard input as text (UTF-8), ``""`` at its end (Ctrl-D). Raises
    :class:`FileError` as :func:`read_stdin` does; Ctrl-C is KeyboardInterrupt."""
    stream = _stdin()
    try:
        raw = getattr(stream, "buffer", None)
        data: bytes | str = raw.readline() if raw is not None else stream.readline()
    except ValueError:
        raise _closed() from None
    except OSError as e:
        raise _failed(e) from None
    return _text(data, line=True)
