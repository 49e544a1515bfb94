"""The ``block-dominoes`` command line: parse, call one engine function, print.

Each command family is one module, registered explicitly in :data:`COMMANDS`:
:mod:`.info` (score, line, legal, rules, strategies), :mod:`.play` (play, match,
solve), :mod:`.sheet`, :mod:`.records` (record convert, check) and
:mod:`.simulate`. Bad input exits with status 2 and one line on stderr naming
the input and the rule it breaks (usage errors name the sub-command:
``block-dominoes sheet add: ...``); nothing is printed on stdout. Standard
output closed (checked before a command runs), full or unable to encode the text:
one line, status 2, except after a change was saved (a sheet, a written file):
then status 0 and a line on standard error saying the change was saved. With
standard error closed, error lines are dropped (never printed on standard output);
a line standard error cannot encode is said in English. Ctrl-C
exits with status 130 and one line, also while the modules are still imported.
A run speaks one language, argparse's own sentences included: the last ``--lang``,
else ``BLOCK_DOMINOES_LANG``, else English; a language the engine does not speak,
given either way, is refused in one line (status 2). Standard input closed or not
UTF-8 text: one line, status 2 (:func:`block_dominoes.cli.base.read_stdin`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence


def _interrupted_at_start(signum: int, frame: object) -> None:
    """Ctrl-C while the command line is still importing: one line, status 130."""
    os.write(2, b"\nblock-dominoes: interrupted\n")
    os._exit(130)


# Run as the program (the console script, or `python -m block_dominoes.cli`, whose
# argv[0] is "-m" while the package is imported), not imported as a library: a Ctrl-C
# during the imports below gets one line, not a traceback; main() handles it after.
_STARTING = sys.argv[:1] == ["-m"] or os.path.basename(sys.argv[0]) == "block-dominoes"
if _STARTING:
    with contextlib.suppress(ValueError, IndexError):  # not the main thread
        signal.signal(signal.SIGINT, _interrupted_at_start)

from block_dominoes.cli import info, play, records, sheet, simulate  # noqa: E402
from block_dominoes.cli.base import Parser, Subparsers, UsageError, argparse_speaks  # noqa: E402
from block_dominoes.errors import QUOTE_LIMIT, UnknownLanguageError, cut  # noqa: E402
from block_dominoes.i18n import (  # noqa: E402
    N_,
    _,
    available_languages,
    environment_language,
    language,
)
from block_dominoes.storage import strerror  # noqa: E402

if _STARTING:
    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGINT, signal.default_int_handler)

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

#: The sub-command registrations, in the order ``--help`` lists them.
COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    info.register,  # score, line, legal
    play.register,  # play, match
    info.register_lists,  # rules, strategies
    play.register_solve,  # solve
    sheet.register,  # sheet new|add|claim|edit|undo|show|plot
    records.register,  # record convert, check
    simulate.register,  # simulate
)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="block-dominoes", description=_("Check the rules of Block dominoes."))
    p.add_argument(
        "--lang",
        metavar="LANG",
        default=None,
        help=_(
            "language of the output ({languages}; default: $BLOCK_DOMINOES_LANG, else en); "
            "notation, JSON keys and rule ids stay as they are"
        ).format(languages=", ".join(available_languages())),
    )
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser, metavar="COMMAND")
    for register in COMMANDS:
        register(sub)
    return p


def _parse(args: list[str]) -> argparse.Namespace:
    ns, extra = build_parser().parse_known_args(args)
    if extra:
        # argparse reports unknown words from the top-level parser; name the sub-command.
        prog = getattr(ns, "prog", "block-dominoes")
        said = _("unrecognized arguments: %s") % " ".join(extra)[:200]
        raise UsageError(f"{prog}: {said}")
    return ns


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status: 0, 2 for bad input, 130 for
    Ctrl-C, or the status a command gives for its verdict (``check``: 1 for a
    broken rule). A change that was saved (a sheet, a written file) exits 0 even
    when its report cannot be written: standard error says it was saved."""
    closed_stderr = sys.stderr is None
    if closed_stderr:  # started with `2>&-`: messages are lost, never put on stdout
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    try:
        return _main(argv)
    finally:
        if closed_stderr:
            with contextlib.suppress(OSError):
                sys.stderr.close()
            sys.stderr = None


def _main(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    lang, refused = _run_language(args)
    ns: argparse.Namespace | None = None
    err: BaseException
    try:
        if refused is not None:  # `--lang xx`, or BLOCK_DOMINOES_LANG=xx without --lang
            raise refused
        # the arguments' type errors and argparse's own words in that language
        with language(lang), argparse_speaks():
            ns = _parse(args)
        if sys.stdout is None:  # started with stdout closed (`>&-`): change nothing
            raise _OutputError(N_("it is closed"))
        with language(lang):
            _check_encoding(_("block-dominoes: error: {message}"))  # before any change
            text, data, *rest = ns.func(ns)
        if getattr(ns, "json", False):
            _write(json.dumps(data, ensure_ascii=False))
        elif text:
            _write(text)
    except UsageError as e:
        err = e
        _tell(lang, lambda: _one_line(_cut_quotes(str(err))))
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _quiet_stdout()
        return 0
    except _OutputError as e:
        out = e
        saved = getattr(ns, "saved", None)
        if saved is not None:
            _tell(
                lang,
                lambda: _(
                    "block-dominoes: {file} was saved, but its report could not be written "
                    "to standard output: {reason}"
                ).format(file=saved, reason=out.said()),
            )
            _quiet_stdout()
            return 0
        _tell(
            lang,
            lambda: _("block-dominoes: cannot write the output (standard output): {reason}").format(
                reason=out.said()
            ),
        )
        _quiet_stdout()
        return 2
    except KeyboardInterrupt:
        _tell(lang, lambda: "\n" + _("block-dominoes: interrupted"))
        return 130
    except RecursionError:
        _tell(lang, lambda: _("block-dominoes: error: the input is nested too deeply to read"))
        return 2
    except (ValueError, OSError) as e:
        err = e
        _tell(lang, lambda: _("block-dominoes: error: {message}").format(message=_one_line(err)))
        return 2
    except Exception as e:  # a bug: one line, not a traceback (BLOCK_DOMINOES_DEBUG=1 shows it)
        err = e
        if os.environ.get("BLOCK_DOMINOES_DEBUG") == "1":
            raise
        _tell(
            lang,
            lambda: _(
                "block-dominoes: internal error ({kind}: {error}); "
                "please report it with the command you ran"
            ).format(kind=type(err).__name__, error=_one_line(err)),
        )
        return 1
    return int(rest[0]) if rest else 0


def _tell(lang: str | None, say: Callable[[], str]) -> None:
    """Print the line ``say()`` builds on stderr, in ``lang``; if stderr's encoding
    cannot show it (``PYTHONIOENCODING=ascii`` and Arabic), in English instead."""
    with language(lang):
        line = say()
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    try:
        line.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        with language("en"):
            line = say()
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr)


class _OutputError(Exception):
    """Standard output cannot take the result (closed, disk full): one line, exit 2.

    ``reason`` is a msgid (said in the reader's language when reported), ``fields``
    fill its placeholders; or ``os_error``, whose reason the system gives (said by
    :func:`strerror` when reported: never put through ``format`` nor case-mapped here)."""

    def __init__(self, reason: str, *, os_error: OSError | None = None, **fields: str) -> None:
        super().__init__(reason)
        self.reason, self.fields, self.os_error = reason, fields, os_error

    def said(self) -> str:
        if self.os_error is not None:
            return strerror(self.os_error)
        return _(self.reason).format(**self.fields)


#: the reason given when stdout's encoding cannot show the result
UNENCODABLE = N_(
    "its encoding ({encoding}) cannot show this text; use UTF-8 (PYTHONIOENCODING=utf-8)"
)


def _check_encoding(text: str) -> None:
    """An _OutputError if stdout cannot encode ``text`` (a sentence in the language)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        raise _OutputError(UNENCODABLE, encoding=encoding) from None


def _write(text: str) -> None:
    """Print ``text`` on stdout now; a failure (other than a closed pipe) is an _OutputError."""
    _check_encoding(text)
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise _OutputError(str(e), os_error=e) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the exit's final flush cannot fail a second time."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


#: what argparse takes for a negative number (a value, not an option)
_NEGATIVE = re.compile(r"^-\d+$|^-\d*\.\d+$")


def _lang_values(args: list[str]) -> list[str]:
    """The values ``--lang`` is given in ``args``, in order, as argparse reads them:
    ``--lang xx``, ``--lang=xx`` and their abbreviations (``--la xx``), before the
    sub-command's name (after it every word is the sub-command's)."""
    values: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--" or not word.startswith("-") or word == "-" or _NEGATIVE.match(word):
            break  # the sub-command, or the end of the options
        name, eq, value = word.partition("=")
        if len(name) > 2 and "--lang".startswith(name):
            if eq:
                values.append(value)
            elif i + 1 < len(args) and (
                not args[i + 1].startswith("-") or _NEGATIVE.match(args[i + 1])
            ):
                i += 1
                values.append(args[i])
        i += 1
    return values


def _run_language(args: list[str]) -> tuple[str, UnknownLanguageError | None]:
    """The one language of the whole run: the last ``--lang``, else the variable
    BLOCK_DOMINOES_LANG, else English; and the refusal of the one asked for when the
    engine does not speak it (said in the variable's language, else in English)."""
    values = _lang_values(args)
    with language("en"):
        try:
            fallback = environment_language() or "en"
        except UnknownLanguageError as e:
            if not values:
                return "en", e
            fallback = "en"  # --lang decides; the variable is not used
    if not values:
        return fallback, None
    with language(fallback):
        try:
            with language(values[-1]) as code:
                return code, None
        except UnknownLanguageError as e:
            return fallback, e


#: a quoted piece of input longer than QUOTE_LIMIT (not a file name cut at its start)
_LONG_QUOTE = re.compile(rf"'([^'\u2026][^']{{{QUOTE_LIMIT - 1},}})'")


def _cut_quote(text: str) -> str:
    """A long quoted input cut to the limit: a path keeps its end (the file's name)."""
    if "/" in text:
        return "\u2026" + text[-(QUOTE_LIMIT - 3) :]
    return cut(text, QUOTE_LIMIT - 2)


def _cut_quotes(text: str) -> str:
    """A usage error with every quoted argument cut to 60 characters and "…"
    (argparse quotes whole arguments; a path keeps its end, the file's name)."""
    return _LONG_QUOTE.sub(lambda m: repr(_cut_quote(m.group(1))), text)


def _one_line(e: object) -> str:
    """The message on one line (the package's messages cut what they quote), at most
    1,000 characters, so that a huge input never floods the terminal."""
    text = " ".join(str(e).split())
    return text if len(text) <= 1000 else text[:999] + "\u2026"
