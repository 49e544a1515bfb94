"""The ``block-dominoes`` command line: parse, call one engine function, print.

Each command family is one module, registered explicitly in :data:`COMMANDS`:
:mod:`.info` (score, line, legal, rules, strategies), :mod:`.play` (play, match,
solve), :mod:`.sheet`, :mod:`.records` (record convert, check) and
:mod:`.simulate`. Bad input exits with status 2 and one line on stderr naming
the input and the rule it breaks (usage errors name the sub-command:
``block-dominoes sheet add: ...``); nothing is printed on stdout. Standard
output closed (checked before a command runs) or full: one line, status 2. Ctrl-C
exits with status 130 and one line, also while the modules are still imported.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
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

from ..i18n import N_, _, available_languages, language  # noqa: E402
from ..storage import strerror  # noqa: E402
from . import info, play, records, sheet, simulate  # noqa: E402
from .base import Parser, Subparsers, UsageError, argparse_speaks  # noqa: E402

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
    broken rule)."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = _safe_lang(args)
    try:
        # the arguments' type errors and argparse's own words in that language
        with language(lang), argparse_speaks():
            ns = _parse(args)
        if sys.stdout is None:  # started with stdout closed (`>&-`): change nothing
            raise _OutputError(N_("it is closed"))
        with language(ns.lang):
            text, data, *rest = ns.func(ns)
        if getattr(ns, "json", False):
            _write(json.dumps(data, ensure_ascii=False))
        elif text:
            _write(text)
    except UsageError as e:
        print(_one_line(e), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _quiet_stdout()
        return 0
    except _OutputError as e:
        with language(lang):
            print(
                _("block-dominoes: cannot write the output (standard output): {reason}").format(
                    reason=_(str(e))
                ),
                file=sys.stderr,
            )
        _quiet_stdout()
        return 2
    except KeyboardInterrupt:
        with language(lang):
            print("\n" + _("block-dominoes: interrupted"), file=sys.stderr)
        return 130
    except RecursionError:
        with language(lang):
            print(
                _("block-dominoes: error: the input is nested too deeply to read"), file=sys.stderr
            )
        return 2
    except (ValueError, OSError) as e:
        with language(lang):
            print(
                _("block-dominoes: error: {message}").format(message=_one_line(e)), file=sys.stderr
            )
        return 2
    except Exception as e:  # a bug: one line, not a traceback (BLOCK_DOMINOES_DEBUG=1 shows it)
        if os.environ.get("BLOCK_DOMINOES_DEBUG") == "1":
            raise
        with language(lang):
            print(
                _(
                    "block-dominoes: internal error ({kind}: {error}); "
                    "please report it with the command you ran"
                ).format(kind=type(e).__name__, error=_one_line(e)),
                file=sys.stderr,
            )
        return 1
    return int(rest[0]) if rest else 0


class _OutputError(Exception):
    """Standard output cannot take the result (closed, disk full): one line, exit 2."""


def _write(text: str) -> None:
    """Print ``text`` on stdout now; a failure (other than a closed pipe) is an _OutputError."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise _OutputError(strerror(e)) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the exit's final flush cannot fail a second time."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _safe_lang(args: list[str]) -> str | None:
    """The ``--lang`` of ``args`` if it is a language the engine speaks (for the error line)."""
    for i, a in enumerate(args):
        value = a.split("=", 1)[1] if a.startswith("--lang=") else None
        if a == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        if value is not None:
            return value if value in available_languages() else None
    return None


def _one_line(e: BaseException) -> str:
    """The message on one line, cut so that a huge input never floods the terminal."""
    text = " ".join(str(e).split())
    return text if len(text) <= 1000 else text[:999] + "\u2026"
