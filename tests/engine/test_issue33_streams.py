"""Issue 33, the language of messages and the standard streams: one language per run
(the last ``--lang``, else BLOCK_DOMINOES_LANG, refused the same way when unknown),
argparse's own sentences in every language, standard input closed or not text in one
line with exit status 2, no drawing in the interactive Block round, OS reasons said as
the system gives them."""

from __future__ import annotations

import errno
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from support import run_cli

from block_dominoes import i18n
from block_dominoes.cli import build_parser, main
from block_dominoes.cli.base import ARGPARSE_MESSAGES
from block_dominoes.errors import UnknownLanguageError

LANGS = ("ar", "tr", "bg", "el")
ARABIC = re.compile("[\u0600-\u06ff]")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BLOCK_DOMINOES_LANG"}
    return {**env, **extra}


def _close_stdin() -> None:
    os.close(0)


def _cli(
    *args: str, stdin: bytes = b"", env: dict[str, str] | None = None, closed: bool = False
) -> subprocess.CompletedProcess[bytes]:
    """``block-dominoes ARGS`` in a child process reading ``stdin``; ``closed``: with
    standard input closed, as ``<&-`` leaves it (``DEVNULL`` is open, and empty)."""
    if closed:
        return subprocess.run(
            [sys.executable, "-m", "block_dominoes.cli", *args],
            preexec_fn=_close_stdin, capture_output=True, env=env or _env(), check=False,
        )  # fmt: skip
    return subprocess.run(
        [sys.executable, "-m", "block_dominoes.cli", *args],
        input=stdin, capture_output=True, env=env or _env(), check=False,
    )  # fmt: skip


# -- 1. one language per run ---------------------------------------------------------------


@pytest.mark.parametrize(
    "given",
    [
        ["--lang", "ar", "--lang", "tr"],
        ["--lang=ar", "--lang", "tr"],
        ["--lang", "ar", "--lang=tr"],
        ["--lang", "ar", "--la", "tr"],
        ["--lang", "ar", "--lang", "tr_TR"],
    ],
)
def test_the_last_lang_speaks_for_the_whole_line(
    capsys: pytest.CaptureFixture[str], given: list[str]
) -> None:
    # Was "block-dominoes: خطأ: 1. oyuncunun eli: ..." (the first --lang for the frame,
    # argparse's last for the message).
    rc, out, err = run_cli(capsys, *given, "score", "1,2")
    assert (rc, out) == (2, "")
    assert err.startswith("block-dominoes: hata: 1. oyuncunun eli") and err.count("\n") == 1
    assert not ARABIC.search(err)


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "ar", "--lang", "tr", "score", "1"],
        ["--lang=ar", "--lan=tr", "--l", "el", "rules"],
        ["--lang", "tr", "--lang=", "line", "1-1"],
        ["--lang", "ar", "score", "--lang", "tr"],  # the second one is the sub-command's
        ["--lang", "-1", "score", "1"],
        ["score", "1"],
    ],
)
def test_the_run_language_is_the_lang_argparse_reads(args: list[str]) -> None:
    from block_dominoes.cli import _lang_values

    ns, _extra = build_parser().parse_known_args(args)
    values = _lang_values(args)
    assert (values[-1] if values else None) == ns.lang


def test_the_variable_chooses_the_language_of_usage_errors_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", "tr")
    rc, out, err = run_cli(capsys, "score")
    assert (rc, out, err) == (2, "", "block-dominoes score: şu argümanlar gerekli: HAND\n")
    rc, out, err = run_cli(capsys, "--lang", "el", "score")
    assert rc == 2 and err.startswith("block-dominoes score: απαιτούνται"), "--lang wins"


# -- 2. BLOCK_DOMINOES_LANG=xx refused as --lang xx is -------------------------------------


def test_an_unknown_language_in_the_variable_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was silently English (exit 0) where `--lang xx` is refused.
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", "xx")
    rc, out, err = run_cli(capsys, "score", "3", "7")
    assert (rc, out) == (2, "")
    assert err == (
        "block-dominoes: error: unknown language 'xx' in BLOCK_DOMINOES_LANG: "
        "the engine speaks en, ar, bg, el, tr\n"
    )
    rc, out, err = run_cli(capsys, "--lang", "en", "score", "3", "7")
    assert (rc, err) == (0, "") and out.startswith("blocked"), "--lang leaves it unused"
    done = _cli("score", "3", "7", env=_env(BLOCK_DOMINOES_LANG="xx"))
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode().count("\n") == 1 and b"BLOCK_DOMINOES_LANG" in done.stderr


def test_the_library_reads_the_variable_but_does_not_fail_its_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", "xx")
    with pytest.raises(UnknownLanguageError, match="'xx' in BLOCK_DOMINOES_LANG"):
        i18n.environment_language()
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", "tr_TR.UTF-8")
    assert i18n.environment_language() == "tr"
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", " ")
    assert i18n.environment_language() is None
    code = "import block_dominoes.i18n as i; print(i.get_language())"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=_env(BLOCK_DOMINOES_LANG="xx"), capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert (done.stdout, done.stderr) == ("en\n", "")


def test_an_unknown_lang_is_said_in_the_variables_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BLOCK_DOMINOES_LANG", "tr")
    rc, out, err = run_cli(capsys, "--lang", "tr", "--lang", "xx", "scor")
    assert (rc, out) == (2, "") and err.startswith("block-dominoes: hata: ")
    assert "'xx'" in err and "'scor'" not in err, "the language is refused first"


# -- 3. argparse's own sentences in every language -----------------------------------------

#: the English words of argparse's sentences (placeholders taken out)
ENGLISH = sorted(
    {
        part.strip()
        for msgid in (*ARGPARSE_MESSAGES, "expected %s argument", "expected %s arguments")
        for part in re.split(r"%\(\w+\)[sr]|%[sr]", msgid)
        if len(re.sub(r"\W", "", part)) >= 3
    }
)

USAGE_ERRORS = [
    [],
    ["scor"],
    ["play", "--players"],
    ["play", "--s", "1"],
    ["play", "--players", "x"],
    ["line", "--json=3"],
    ["sheet", "add"],
    ["record"],
    ["record", "convert", "a", "b", "--to", "xml"],
    ["simulate", "--players", "2", "--games", "x"],
    ["score", "1", "--bogus"],
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("way", ["--lang L", "--lang=L", "--la L", "--lang L_XX", "xx, L", "env"])
def test_usage_errors_have_no_english_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, way: str
) -> None:
    given = {
        "--lang L": ["--lang", lang],
        "--lang=L": [f"--lang={lang}"],
        "--la L": ["--la", lang],
        "--lang L_XX": ["--lang", f"{lang}_XX"],
        "xx, L": ["--lang", "xx", "--lang", lang],
        "env": [],
    }[way]
    if way == "env":
        monkeypatch.setenv("BLOCK_DOMINOES_LANG", lang)
    for words in [*USAGE_ERRORS, ["--lang"]]:  # the last --lang without its value
        args = [*given, *words]
        rc, out, err = run_cli(capsys, *args)
        assert (rc, out, err.count("\n")) == (2, "", 1), (args, err)
        found = [e for e in ENGLISH if e in err]
        assert not found, (args, err)


@pytest.mark.parametrize("lang", LANGS)
def test_help_has_no_english_heading(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    with pytest.raises(SystemExit):
        main(["--la", lang, "score", "-h"])
    out = capsys.readouterr().out
    assert out and not [e for e in ENGLISH if e in out], out


# -- 4. standard input closed or not text --------------------------------------------------

READERS = [
    ["check", "-"],
    ["record", "convert", "-", "-", "--to", "json"],
    ["play", "--interactive", "--seed", "1"],
]


@pytest.mark.parametrize("args", READERS)
def test_closed_standard_input_is_one_line_and_status_2(args: list[str]) -> None:
    # Was "internal error (AttributeError ...)", exit 1 (for check: "a broken rule").
    done = _cli(*args, closed=True)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"block-dominoes: error: cannot read standard input: it is closed\n"


@pytest.mark.parametrize("args", READERS)
def test_standard_input_that_is_not_utf8_is_one_line_and_status_2(args: list[str]) -> None:
    # Was echoed back as 'ab\udc95cd' in a record error (or refused and re-asked).
    done = _cli(*args, stdin=b"ab\x95cd\n")
    assert done.returncode == 2 and b"\\udc" not in done.stderr
    said = "standard input is not UTF-8 text (byte 0x95 at offset 2"
    assert done.stderr.decode().count("\n") == 1 and said in done.stderr.decode()


def test_no_standard_input_in_process_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    for args in READERS:
        rc, out, err = run_cli(capsys, *args)
        assert (rc, out) == (2, "")
        assert err == "block-dominoes: error: cannot read standard input: it is closed\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"rules: pagat\n\xff")))
    rc, out, err = run_cli(capsys, "check", "-")
    assert (rc, out) == (2, "") and "(byte 0xff at offset 13)" in err


def test_end_of_input_still_quits_the_interactive_round() -> None:
    done = _cli("play", "--interactive", "--seed", "1")  # stdin at its end (Ctrl-D)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.endswith(b"bye: round abandoned\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_sheet_confirmation_reads_text_or_refuses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sheet = str(tmp_path / "s.json")
    assert run_cli(capsys, "sheet", "new", sheet, "--players", "3")[0] == 0
    assert run_cli(capsys, "sheet", "add", sheet, "-", "4", "5")[0] == 0
    before = Path(sheet).read_bytes()
    # a terminal that sends bytes that are not UTF-8 (decoded with surrogateescape)
    monkeypatch.setattr(sys, "stdin", _Terminal("y\udc95\n"))
    rc, out, err = run_cli(capsys, "sheet", "undo", sheet)
    assert (rc, out) == (2, "")
    assert err.endswith(
        "block-dominoes: error: standard input is not UTF-8 text "
        "(byte 0x95 at offset 1 of the line)\n"
    )
    assert Path(sheet).read_bytes() == before


# -- 5. no drawing in the interactive Block round ------------------------------------------


def _answers(*typed: str) -> Callable[[str], str]:
    """A reader that answers the prompts with ``typed``, in order."""
    answers = iter(typed)
    return lambda _prompt: next(answers)


@pytest.mark.parametrize("typed", ["draw [1|1]", "draw", "DRAW 1-1"])
def test_draw_under_block_rules_names_r4(typed: str) -> None:
    from block_dominoes.cli.tui import Quit, play_round_tui
    from block_dominoes.round import RoundState
    from block_dominoes.rules import find_rules

    for rules, expected in (
        ("pagat", "nobody draws in Block: the undealt tiles stay out of play (R4); choose a tile"),
        ("draw", "is made for you when no tile fits (R9); choose a tile"),
    ):
        state = RoundState.deal(find_rules(rules), 2, 1)
        shown: list[str] = []
        with pytest.raises(Quit):
            play_round_tui(state, ["random"], 1, read=_answers(typed, "q"), write=shown.append)
        said = [s for s in shown if "draw" in s.lower()]
        assert len(said) == 1 and expected in said[0], (rules, shown)
        if rules == "pagat":  # was "draw [1|1] is made for you when no tile fits (R9)"
            assert "made for you" not in said[0]


# -- 6. OS reasons said as the system gives them -------------------------------------------


def _stdout_fails(monkeypatch: pytest.MonkeyPatch, reason: str) -> None:
    """Make printing to standard output fail with an OSError whose reason is ``reason``."""
    import builtins

    real_print = builtins.print

    def broken_print(*args: object, **kwargs: object) -> None:
        if kwargs.get("file") is None:
            raise OSError(errno.EIO, reason)
        real_print(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "print", broken_print)


def test_an_os_reason_on_standard_output_is_not_formatted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reason went through _() and str.format: a brace in it was a KeyError.
    _stdout_fails(monkeypatch, "Input/output {error} on the device")
    rc, _out, err = run_cli(capsys, "score", "3", "7")
    assert rc == 2
    assert err == (
        "block-dominoes: cannot write the output (standard output): "
        "input/output {error} on the device\n"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_an_os_reason_is_never_case_mapped_by_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # Turkish rules lowered "Is a directory" to "ıs a directory".
    _stdout_fails(monkeypatch, "Input/output error of Iİ")
    rc, _out, err = run_cli(capsys, "--lang", lang, "score", "3", "7")
    assert rc == 2 and err.count("\n") == 1
    assert "Input/output error of Iİ" in err or "input/output error of Iİ" in err, err
