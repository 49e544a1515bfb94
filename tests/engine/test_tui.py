"""The terminal UI (``block-dominoes play --interactive``), driven through a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import select
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")


class Term:
    """A child process on a pty: ``expect`` text, ``send`` keys."""

    def __init__(self, *args: str) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child
            os.execv(sys.executable, [sys.executable, "-m", "block_dominoes.cli", *args])
        self.pid, self.fd = pid, fd
        self.out = ""
        self.pos = 0  # output before this point has been matched already

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        end = time.monotonic() + timeout
        start = self.pos
        while True:
            m = re.compile(pattern).search(self.out, start)
            if m:
                self.pos = m.end()
                return m
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; got:\n{self.out}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    m = re.compile(pattern).search(self.out, start)
                    if m:
                        self.pos = m.end()
                        return m
                    raise AssertionError(f"end of output before {pattern!r}:\n{self.out}")
                self.out += chunk.decode().replace("\r\n", "\n")

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def wait(self) -> int:
        _, status = os.waitpid(self.pid, 0)
        try:
            while os.read(self.fd, 4096):
                pass
        except OSError:
            pass
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def test_a_whole_round_with_bad_input_a_hint_and_choices_of_end() -> None:
    t = Term("play", "--interactive", "--players", "2", "--seed", "3")
    t.expect(r"you are player 1; player 1 starts")
    t.expect(r"your move \(number or tile, h = hint, q = quit\): ")
    t.send("x\n")  # neither a number nor a move: refused, asked again
    t.expect(r"cannot read 'x': type a tile number from 1 to 7, a move such as")
    t.send("9\n")  # out of range
    t.expect(r"cannot read '9'")
    t.send("h\n")
    t.expect(r"hint: Play \[\d\|\d\] as the lead: in \d+ deals")
    seen_refusal = False
    while True:
        m = t.expect(
            r"(your move \(number or tile, h = hint, q = quit\): )|(fits both ends: on the (\d) or)"
            r"|(the round is over)"
        )
        if m.group(4):
            break
        if m.group(2):
            t.send(f"{m.group(3)}\n")
            continue
        hand = t.out[: m.start()].rsplit("your hand: ", 1)[1].split("(* fits)")[0]
        tiles = re.findall(r"(\d)\) \[\d\|\d\](\*?)", hand)
        bad = [n for n, star in tiles if not star]
        if bad and not seen_refusal:
            t.send(f"{bad[0]}\n")  # a tile that fits no open end: the reason, then again
            t.expect(r"neither half matches an open end \(R7")
            t.expect(r"your move")
            seen_refusal = True
        good = next(n for n, star in tiles if star)
        t.send(f"{good}\n")
    t.expect(r"(domino|blocked): .*\(R1[5-7]\)")
    assert re.search(r"  you: ", t.out) and re.search(r"  player 2: ", t.out)
    assert seen_refusal
    assert t.wait() == 0


def test_ctrl_d_quits_cleanly() -> None:
    t = Term("play", "--interactive", "--players", "3", "--seed", "8", "--strategy", "heavy")
    t.expect(r"your move|you cannot match")
    t.send("\x04")  # end of input on a terminal
    t.expect(r"bye: round abandoned")
    assert t.wait() == 0
    assert "Traceback" not in t.out


def test_a_bad_strategy_is_one_line_on_stderr() -> None:
    import subprocess

    p = subprocess.run(
        [sys.executable, "-m", "block_dominoes.cli", "play", "--interactive", "--strategy", "x"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().startswith("block-dominoes: error: unknown strategy: 'x'")


def test_play_without_players_deals_two_as_the_usage_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 13: 'play --seed 1' said "required: --players" (as an internal error) while
    # the usage showed --players optional. Now --players defaults to 2, as the help says.
    from block_dominoes.cli import main

    assert main(["play", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("rules pagat, 2 players, deal 1;") and err == ""


def test_interactive_json_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from block_dominoes.cli import main

    assert main(["play", "--interactive", "--json", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("block-dominoes play: --interactive and --json cannot be combined")


def test_without_seed_a_random_deal_is_printed_and_replays() -> None:
    t = Term("play", "--interactive")
    m = t.expect(r"deal (\d+): replay with --seed (\d+)")
    assert m.group(1) == m.group(2)
    first = t.expect(r"your hand: [^\n]*|you cannot match")
    t.send("q\n")
    assert t.wait() == 0
    again = Term("play", "--interactive", "--seed", m.group(1))
    again.expect(rf"deal {m.group(1)}; you are player 1")
    assert again.expect(r"your hand: [^\n]*|you cannot match").group(0) == first.group(0)
    again.send("q\n")
    assert again.wait() == 0


def test_ctrl_c_at_a_prompt_exits_130_with_one_line() -> None:
    t = Term("play", "--interactive", "--players", "2", "--seed", "3")
    t.expect(r"your move")
    t.send("\x03")  # Ctrl-C on a terminal: SIGINT
    t.expect(r"block-dominoes: interrupted")
    assert t.wait() == 130
    assert "Traceback" not in t.out


def test_a_tile_that_fits_both_ends_asks_which_and_rereads_bad_answers() -> None:
    from block_dominoes.cli.tui import play_round_tui
    from block_dominoes.round import Play, RoundState
    from block_dominoes.tiles import Tile

    # Player 2 leads [2|6], player 3 plays [5|6] on the 6: the ends are 2 and 5, and
    # player 1's [2|5] fits both (R7), so the UI asks which end.
    state = RoundState.new("pagat", [["2-5", "1-1"], ["2-6", "0-0"], ["5-6", "0-1"]], starter=2)
    state = state.apply(Play(Tile.parse("2-6"))).apply(Play(Tile.parse("5-6"), 6))
    answers = iter(["2\n", "7\n", "5\n"])
    prompts: list[str] = []
    shown: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    final = play_round_tui(state, ["random", "random"], 0, read=read, write=shown.append)
    assert prompts[1] == "[2|5] fits both ends: on the 2 or the 5 (b = back)? "
    assert "cannot read '7': type 2 or 5, or b to go back (R7)" in shown
    assert final.history[2] == (1, Play(Tile.parse("2-5"), 5))
    # Ends 2 and 2 now, and no hand holds a 2: blocked at once (R13, R16).
    assert final.is_over and shown[-1].startswith("blocked: totals 2, 0, 1")


def _both_ends_state() -> object:
    from block_dominoes.round import Play, RoundState
    from block_dominoes.tiles import Tile

    state = RoundState.new("pagat", [["2-5", "1-1"], ["2-6", "0-0"], ["5-6", "0-1"]], starter=2)
    return state.apply(Play(Tile.parse("2-6"))).apply(Play(Tile.parse("5-6"), 6))


@pytest.mark.parametrize("back", ["b\n", "\n", "BACK\n"])
def test_the_which_end_prompt_has_a_way_back(back: str) -> None:
    # Issue 13: at "fits both ends" there was no way back to choosing a tile.
    from block_dominoes.cli.tui import Quit, play_round_tui
    from block_dominoes.round import RoundState

    state = _both_ends_state()
    assert isinstance(state, RoundState)
    answers = iter(["2\n", back, "q\n"])  # [2|5], back, quit at the move prompt
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    with pytest.raises(Quit):
        play_round_tui(state, ["random", "random"], 0, read=read, write=lambda _: None)
    assert prompts == [
        "your move (number or tile, h = hint, q = quit): ",
        "[2|5] fits both ends: on the 2 or the 5 (b = back)? ",
        "your move (number or tile, h = hint, q = quit): ",
    ]


def test_a_move_can_be_typed_in_the_one_grammar() -> None:
    # The prompt reads what str(move) prints (parse_move), not only a number.
    from block_dominoes.cli.tui import play_round_tui
    from block_dominoes.round import Play, RoundState
    from block_dominoes.tiles import Tile

    state = _both_ends_state()
    assert isinstance(state, RoundState)
    answers = iter(["[2|5] on 5\n"])
    final = play_round_tui(
        state, ["random", "random"], 0, read=lambda _: next(answers), write=lambda _: None
    )
    assert final.history[2] == (1, Play(Tile.parse("2-5"), 5))
