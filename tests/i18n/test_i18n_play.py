"""Issue 15: the computer players, the play widget, the step-through, the terminal game and
the ``play``, ``match``, ``solve``, ``simulate`` and ``strategies`` commands speak Arabic.

Each test runs a part in Arabic and fails on any run of three or more Latin words left in
what a person reads: tile notation (``[1|4]``), rule ids (R7), command-line flags, quoted
input and the names a person types (strategies, rulesets) are not sentences and are
removed first. The pictures (``render.py``) are another part's and are not read here.
"""

from __future__ import annotations

import html
import io
import json
import re
import sys
from collections.abc import Callable, Iterator

import pytest
from support import run_cli

from block_dominoes import i18n
from block_dominoes.cli.tui import Quit, play_round_tui
from block_dominoes.i18n import FSI, PDI, language, strip_isolates
from block_dominoes.players import STRATEGIES, find_strategy, hint
from block_dominoes.round import RoundState
from block_dominoes.rules import rules_names

#: names a person types or reads as names: kept in Latin letters in every language
NAMES = sorted([*STRATEGIES, *rules_names()], key=len, reverse=True)
WORD = r"[A-Za-z][A-Za-z'-]*"
TILE = re.compile(r"\[\d+\|\d+\]")
#: three or more Latin words in a row, joined by spaces or Latin punctuation
ENGLISH = re.compile(rf"(?<![\w'-]){WORD}(?:[ ,;:.()!?]+{WORD}){{2,}}")
NOT_SENTENCES = [
    TILE,  # tile notation
    re.compile(r"\b[RVE]\d+\b"),  # rule ids
    re.compile(r"(?<!\w)--?[a-z][\w-]*(?: [A-Z0-9]\w*)?"),  # flags and their value
    re.compile(r"'[^'\n]*'"),  # quoted input, quoted names
    re.compile(r"<svg.*?</svg>", re.S),  # pictures: render.py's part
    re.compile(r"<[^>]+>"),  # markup
    re.compile(r"\bblock-dominoes(?: \w+)?"),  # the program (and sub-command) named in a line
    re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in NAMES)),
]


def english_runs(text: str) -> list[str]:
    """Runs of three or more Latin words left in ``text`` once the non-sentences are gone
    (each run as its words joined by single spaces)."""
    text = html.unescape(strip_isolates(text))
    for pattern in NOT_SENTENCES:
        text = pattern.sub(" # ", text)
    # Numbers do not end an English run ("rules pagat, 2 players, target 100").
    text = re.sub(r"[-+\u2212]?\d[\d.,%]*", " ", text)
    return [" ".join(re.findall(WORD, run)) for run in ENGLISH.findall(text)]


def test_the_check_finds_english_and_lets_notation_names_and_rule_ids_pass() -> None:
    assert english_runs("يضع [1|4] على 4: نقلته المسموحة الوحيدة (R9، V6)") == []
    assert english_runs("الاستراتيجية keep-four، close-when-light، random --seed 3") == []
    assert english_runs("خطأ: 'no such thing here' (R7)") == []
    assert english_runs("plays [1|4] on 4: its only legal move") == ["on its only legal move"]
    assert english_runs("اللاعب 2 passes: no tile fits (R9)") == ["passes no tile fits"]
    assert english_runs("round 1 (player 2 starts): جولة") == ["round player starts"]


def bare_tiles(text: str) -> list[str]:
    """Tiles of ``text`` outside any FSI ... PDI isolate (shown reversed in Arabic)."""
    bare, depth, i = [], 0, 0
    while i < len(text):
        if text[i] == FSI:
            depth += 1
        elif text[i] == PDI:
            depth -= 1
        elif (m := TILE.match(text, i)) and depth == 0:
            bare.append(m.group())
        i += 1
    return bare


# -- the command line ----------------------------------------------------------------------------

COMMANDS = [
    ["play", "--seed", "3"],
    ["play", "--seed", "5", "--players", "3", "--strategy", "expert", "--strategy", "blocker",
     "--strategy", "keep-numbers"],
    ["play", "--seed", "7", "--players", "4", "--strategy", "heavy", "--strategy", "keep-four",
     "--strategy", "doubles-early", "--strategy", "close-when-light"],
    ["play", "--seed", "9", "--players", "2", "--strategy", "close-when-light",
     "--strategy", "keep-numbers"],
    ["play", "--seed", "11", "--rules", "highest-double", "--players", "3"],
    ["play", "--seed", "2", "--rules", "draw", "--strategy", "blocker"],
    ["match", "--seed", "1"],
    ["match", "--seed", "4", "--players", "3", "--strategy", "heavy"],
    ["match", "--seed", "9", "--players", "4", "--rules", "partnership"],
    ["solve", "1-4,0-0,2-3", "4-6,5-5,1-1"],
    ["solve", "6-6,0-1", "1-6,0-0"],
    ["solve", "0-1,5-5", "1-2,6-6"],
    ["solve", "1-2,3-4", "2-3,4-5"],
    ["simulate", "--players", "3", "--games", "60"],
    ["simulate", "--players", "2", "--games", "1"],
    ["simulate", "--players", "2", "--games", "3", "--matches", "--strategy", "heavy",
     "--strategy", "blocker"],
    ["simulate", "--players", "4", "--games", "20", "--workers", "2"],
    ["strategies"],
]  # fmt: skip


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_cli_prints_arabic_with_no_english_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    rc, out, err = run_cli(capsys, "--lang", "ar", *argv)
    assert (rc, err) == (0, "")
    assert re.search("[\u0600-\u06ff]", out)
    assert english_runs(out) == [], out
    # Every tile in the Arabic text is isolated (alone, or a hand as one run); the English
    # run of the same command has no marks and the same lines.
    assert bare_tiles(out) == [], out
    rc, english, _e = run_cli(capsys, *argv)
    assert rc == 0 and FSI not in english
    if argv[0] != "simulate":  # its last line says how long the run took
        assert english.count("\n") == out.count("\n")


def test_cli_json_keeps_its_keys_and_notation_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _e = run_cli(capsys, "--lang", "ar", "play", "--seed", "3", "--json")
    rc_en, english, _e = run_cli(capsys, "play", "--seed", "3", "--json")
    assert rc == rc_en == 0
    arabic, record = json.loads(out), json.loads(english)
    # The outcome's explanation is a sentence (in the language asked for); the rest is data.
    assert arabic["outcome"].pop("explanation").startswith("جولة مغلقة")
    assert record["outcome"].pop("explanation").startswith("blocked")
    assert arabic == record
    rc, out, _e = run_cli(
        capsys, "--lang", "ar", "simulate", "--players", "2", "--games", "5", "--json"
    )
    assert rc == 0 and '"wins_by_seat"' in out and '"mode": "rounds"' in out


ERRORS = [
    ["solve", "1-4", "2-3", "3-3"],
    ["solve", "-", "1-2"],
    ["solve", "1-4"],
    ["solve", "1-4", "2-3", "--rules", "draw"],
    ["play", "--strategy", "nope"],
    ["play", "--interactive", "--json"],
    ["play", "--players", "x"],
]


@pytest.mark.parametrize("argv", ERRORS, ids=lambda a: " ".join(a))
def test_cli_refusals_are_one_arabic_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    rc, out, err = run_cli(capsys, "--lang", "ar", *argv)
    assert (rc, out) == (2, "")
    assert err.count("\n") == 1
    assert re.search("[\u0600-\u06ff]", err)
    assert english_runs(err) == [], err


# -- the strategies and the hints ---------------------------------------------------------------


def test_strategy_descriptions_in_arabic_and_english_untouched() -> None:
    english = {name: s.description for name, s in STRATEGIES.items()}
    with language("ar"):
        arabic = {name: s.description for name, s in STRATEGIES.items()}
    for name in STRATEGIES:
        assert english_runs(arabic[name]) == [], arabic[name]
        assert english[name] == STRATEGIES[name].summary != arabic[name]
    assert english["random"] == "Any legal move, chosen uniformly at random."


def rounds_of_positions() -> Iterator[RoundState]:
    """Every position of a few seeded rounds (leads, forced moves, passes, draws)."""
    import random

    for rules, players, seed in (("pagat", 2, 1), ("pagat", 3, 5), ("draw", 2, 2),
                                 ("highest-double", 4, 7)):  # fmt: skip
        state = RoundState.deal(rules, players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state = state.apply(find_strategy("heavy").choose(state, rng).move)


def test_every_reason_and_hint_is_arabic() -> None:
    import random

    seen = 0
    for state in rounds_of_positions():
        with language("ar"):
            texts = [hint(state).reason]
            for name in ("random", "heavy", "keep-numbers", "keep-four", "doubles-early",
                         "close-when-light", "blocker"):  # fmt: skip
                texts.append(find_strategy(name).choose(state, random.Random(0)).reason)
        for text in texts:
            assert english_runs(text) == [], text
            seen += 1
    assert seen > 300


# -- the terminal game -----------------------------------------------------------------------------


def scripted() -> tuple[Callable[[str], str], list[str]]:
    """A player who types nonsense, a number out of range, asks a hint, types ``pass``, then
    tries tiles in turn; at a which-end question: nonsense, ``b``, then the first end."""
    prompts: list[str] = []
    extras = ["zz", "99", "h", "pass"]
    count = {"moves": 0, "ends": 0}

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 500:
            raise Quit
        if "(b = " in prompt:
            count["ends"] += 1
            if count["ends"] <= 2:
                return ["x", "b"][count["ends"] - 1]
            plain = re.sub(r"\[\d+\|\d+\]", "", strip_isolates(prompt))
            return re.findall(r"\d+", plain)[0]
        i = count["moves"]
        count["moves"] += 1
        return extras[i] if i < len(extras) else str((i - len(extras)) % 7 + 1)

    return read, prompts


@pytest.mark.parametrize(("rules", "players", "seed", "strategy"),
                         [("pagat", 2, 3, "expert"), ("pagat", 3, 8, "blocker"),
                          ("draw", 2, 4, "heavy")])  # fmt: skip
def test_the_terminal_game_speaks_arabic(
    rules: str, players: int, seed: int, strategy: str
) -> None:
    read, prompts = scripted()
    lines: list[str] = []
    with language("ar"):
        state = RoundState.deal(rules, players, seed)
        play_round_tui(state, [strategy] * (players - 1), seed, read=read, write=lines.append)
    text = "\n".join(lines + prompts)
    assert "تلميح: " in text and "تعذرت قراءة" in text and "انتهت الجولة" in text
    if rules == "pagat":
        assert any("(b = " in p for p in prompts), "the which-end question was asked"
        assert "تمرر دورك" in text, "a forced pass was made"
    else:
        assert "تسحب" in text, "a draw was made"
    assert english_runs(text) == [], text


def test_interactive_play_in_arabic_through_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("h\nq\n"))
    rc, out, err = run_cli(capsys, "--lang", "ar", "play", "--interactive", "--seed", "3")
    assert (rc, err) == (0, "")
    assert "وداعا" in out and "Ctrl-D" in out
    assert english_runs(out) == [], out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    rc, out, _e = run_cli(capsys, "--lang", "ar", "play", "--interactive", "--players", "3")
    assert rc == 0 and "--seed" in out.split("\n")[0]
    assert english_runs(out) == [], out


# -- the widgets -------------------------------------------------------------------------------------


def widget_texts(g) -> list[str]:  # type: ignore[no-untyped-def]
    texts = [g.status, *g.transcript, g.result_text, g.message.value, g.head.value,
             g.hands_view.value, g.log_view.value, g.result_view.value, g.children[0].value]  # fmt: skip
    for b in (*g.hand_box.children, *g.end_box.children, g.deal_button, g.teaching_box,
              g.auto_box, g.hint_button, g.next_button, g.round_button, g.replay_button,
              g.deal_box):  # fmt: skip
        texts += [b.description, getattr(b, "tooltip", None) or ""]
    return texts


def click_through(g, rounds: int = 2) -> Iterator[list[str]]:  # type: ignore[no-untyped-def]
    """Click the widget's buttons as a reader would (hints, a tile that does not fit,
    the end buttons, Next, Next round, Replay), yielding its texts after every click."""
    finished = 0
    for step in range(600):
        if g.state.is_over:
            finished += 1
            g.replay_button.click()
            yield widget_texts(g) + list(g.replay_box.children[0].captions)
            if finished >= rounds or g.round_button.disabled:
                g.round_button.click()  # refused: the message says why
                yield widget_texts(g)
                return
            g.round_button.click()
            yield widget_texts(g)
            continue
        if g.your_turn:
            g.hint_button.click()
            yield widget_texts(g)
            hand = list(g.state.hand(1))
            bad = [t for t in hand if not g.state.line.is_empty and not g.state.line.fits(t)]
            if bad:
                g.hand_box.children[hand.index(bad[0])].click()
                yield widget_texts(g)
            move = g.state.legal_moves()[0]
            g.hand_box.children[hand.index(move.tile)].click()
            if g.end_box.children:
                yield widget_texts(g)
                g.end_box.children[-1].click()
        else:
            if step % 4 == 0:
                g.hint_button.click()  # disabled in a browser; the method refuses too
                g._guarded(g.hint)
                yield widget_texts(g)
            g.next_button.click()
        yield widget_texts(g)


@pytest.mark.parametrize(("kw"), [
    {"seed": 3, "players": 2, "strategies": "expert"},
    {"seed": 11, "players": 3, "strategies": ["blocker", "keep-four"], "rules": "highest-double"},
    {"seed": 2, "players": 2, "strategies": "heavy", "rules": "draw", "match": False},
    {"seed": 7, "players": 4, "strategies": "random", "rules": "app", "teaching": True},
])  # fmt: skip
def test_play_widget_speaks_arabic_after_every_click(kw: dict[str, object]) -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import play

    g = play(lang="ar", **kw)
    assert i18n.get_language() == "en"  # the clicks below run outside any language block
    seen = set()
    for texts in click_through(g):
        for t in texts:
            if t and t not in seen:
                seen.add(t)
                assert english_runs(t) == [], t
    joined = "\n".join(seen)
    assert "الجولة 1، التوزيع" in joined and "تلميح: " in joined and "انتهت الجولة" in joined
    assert len(seen) > 30


def test_the_widget_keeps_its_language_after_a_click_and_english_stays_english() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.widgets import play

    g = play(seed=3, lang="ar")
    en = play(seed=3)
    hand = list(g.state.hand(1))
    move = g.state.legal_moves()[0]
    g.hand_box.children[hand.index(move.tile)].click()  # a callback, after play() returned
    en.hand_box.children[hand.index(move.tile)].click()
    assert g.transcript[1].startswith("تضع ")
    assert en.transcript[1] == f"You play {move}."
    g.next_button.click()
    assert g.transcript[-1].startswith("اللاعب 2 يضع "), g.transcript
    assert g.status.startswith("دورك") or g.status == "انتهت الجولة."
    assert en.status.startswith(("Player 2 to play", "Your turn", "The round is over"))
    # A method called from a later cell, outside any language block, speaks Arabic too.
    g.new_deal(5)
    assert g.transcript[0].startswith("الجولة 1، التوزيع 5: ")
    with pytest.raises(ValueError, match=r"[\u0600-\u06ff]"):
        g.click_tile(next(t for t in g.state.rest))
    assert i18n.get_language() == "en"


def test_step_through_captions_in_arabic() -> None:
    pytest.importorskip("ipywidgets")
    from block_dominoes.players import play_round
    from block_dominoes.widgets import step_through

    # An Arabic chapter plays its rounds in Arabic too, so the reasons are Arabic.
    with language("ar"):
        g = play_round("highest-double", 3, seed=11, strategies="blocker")
    sw = step_through(g, lang="ar", title="x")
    assert sw.captions[0].startswith("التوزيع: يبدأ اللاعب ")
    assert sw.slider.description == "النقلة"
    for c in sw.captions:
        assert english_runs(c) == [], c
    english = step_through(play_round("highest-double", 3, seed=11, strategies="blocker"))
    assert english.captions[0].startswith("The deal: player ")
    assert "(the first lead is the highest double (V2))" in english.captions[1]


def test_expert_lab_rows_in_arabic() -> None:
    from block_dominoes.lab.tables import lab_results

    rows = lab_results()
    with language("ar"):
        arabic = [str(r) for r in rows]
    for text, row in zip(arabic, rows, strict=True):
        assert english_runs(text) == [], text
        assert text.startswith(f"expert ضد {row.opponent}")
    assert str(rows[0]).startswith("expert vs random ")
