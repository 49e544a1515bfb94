"""The score-sheet widget driven through its own controls: type into boxes, click
buttons, and check what it shows, including refusals, which appear as messages
and change nothing."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

from block_dominoes.i18n import language
from block_dominoes.languages import LANGUAGES
from block_dominoes.names import stored_name
from block_dominoes.sheet import Sheet, dumps, load, split_names
from block_dominoes.widgets import score_sheet
from block_dominoes.widgets.sheet import NEW_ROUND, ScoreSheet, shown_names


def shown(widget: w.HTML) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def fresh(**kwargs: object) -> ScoreSheet:
    s = score_sheet(names=["Ann", "Ben", "Cem"], **kwargs)  # type: ignore[arg-type]
    assert isinstance(s, ScoreSheet)
    return s


def type_hands(s: ScoreSheet, *hands: str) -> None:
    s.mode.value = "hands"
    for box, h in zip(s.hands, hands, strict=False):
        box.value = h
    s.record_button.click()


def type_claim(s: ScoreSheet, seat: int, points: str) -> None:
    s.mode.value = "claim"
    s.claim_seat.value = seat
    s.claim_points.value = points
    s.record_button.click()


def is_error(s: ScoreSheet) -> bool:
    return "bd-error" in s.message.value


def test_widget_records_explains_and_charts() -> None:
    s = fresh()
    assert "No rounds yet" in s.rounds_view.value
    type_hands(s, "-", "0-0", "2-6")
    assert not is_error(s), s.message.value
    assert "0 + 8 = 8" in shown(s.rounds_view) and "R15" in shown(s.rounds_view)
    assert s.sheet.scores == (8, 0, 0)
    assert "Ben (player 2) starts round 2" in shown(s.totals_view)
    assert s.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    type_claim(s, 3, "12")
    assert s.sheet.scores == (8, 0, 12)
    assert "possible: domino" in shown(s.rounds_view)
    assert s.text == s.sheet.describe()
    assert s.round_choice.options == (NEW_ROUND, "1", "2")
    assert all(b.value == "" for b in s.hands)  # the form is cleared after a round


@pytest.mark.parametrize(
    ("hands", "needle"),
    [
        (("-", "-", "3"), "R13"),
        (("1-2", "1-2", "-"), "R2"),
        (("0", "0", "-"), "R14"),
        (("60", "-", "3"), "R3, R14"),
        (("0-1,0-2,0-3,0-4,0-5,0-6", "-", "3"), "R3"),
        (("x", "-", "3"), "cannot read"),
    ],
)
def test_widget_refuses_impossible_hands(hands: tuple[str, ...], needle: str) -> None:
    s = fresh()
    type_hands(s, "-", "4", "5")
    before = dumps(s.sheet)
    type_hands(s, *hands)
    assert is_error(s) and needle in shown(s.message)
    assert dumps(s.sheet) == before


@pytest.mark.parametrize(
    ("seat", "points", "needle"), [(1, "0", "cannot score 0"), (2, "x", "'x'")]
)
def test_widget_refuses_impossible_claims(seat: int, points: str, needle: str) -> None:
    s = fresh()
    type_claim(s, seat, points)
    assert is_error(s) and needle in shown(s.message)
    assert s.sheet.rounds == ()


def test_widget_refuses_a_round_after_the_end() -> None:
    s = fresh()
    type_hands(s, "-", "40", "30")
    assert s.sheet.result is not None and "Match over" in shown(s.totals_view)
    type_hands(s, "-", "4", "5")
    assert is_error(s) and "the match is over" in shown(s.message)
    assert len(s.sheet.rounds) == 1


def test_widget_edit_and_conflict() -> None:
    s = fresh()
    type_hands(s, "-", "4", "5")
    type_hands(s, "3", "-", "5")
    type_hands(s, "3", "4", "-")
    s.round_choice.value = "2"
    assert s.mode.value == "hands" and s.hands[1].value == "-"  # the old entry, to correct
    assert s.record_button.description == "Correct round"
    type_hands(s, "3", "-", "9")
    assert not is_error(s) and s.sheet.scores == (9, 12, 7)
    s.round_choice.value = "1"
    type_claim(s, 1, "70")
    assert is_error(s) and "rounds 2 to 3" in shown(s.message)
    assert len(s.sheet.rounds) == 3
    s.round_choice.value = "1"
    s.drop_later.value = True
    type_claim(s, 1, "70")
    assert not is_error(s) and "2 later rounds dropped" in shown(s.message)
    assert len(s.sheet.rounds) == 1 and s.sheet.result is not None


def test_widget_undo_asks_first() -> None:
    s = fresh()
    type_hands(s, "-", "4", "5")
    assert s.confirm_box.layout.display == "none"
    s.undo_button.click()
    assert s.confirm_box.layout.display == "flex" and len(s.sheet.rounds) == 1
    s.cancel_button.click()
    assert len(s.sheet.rounds) == 1 and "nothing undone" in shown(s.message)
    s.undo_button.click()
    s.confirm_button.click()
    assert s.sheet.rounds == () and s.confirm_box.layout.display == "none"
    s.undo_button.click()
    assert is_error(s) and "nothing to undo" in shown(s.message)


def test_widget_new_sheet_from_the_form() -> None:
    s = fresh()
    s.players.value = 4
    s.names.value = "A,B,C"
    s.new_button.click()
    assert is_error(s) and "one name per player" in shown(s.message)
    assert s.sheet.players == 3
    s.names.value = "A,B,C,D"
    s.ruleset.value = "partnership"
    s.starter.value = 2
    s.new_button.click()
    assert not is_error(s)
    assert (
        s.sheet.players == 4 and s.sheet.rules.name == "partnership" and s.sheet.next_starter == 2
    )
    assert [b.description for b in s.hands] == ["A", "B", "C", "D"]


def test_default_names_show_in_the_sheets_language() -> None:
    """In Arabic the names box shows the default names in Arabic, as the table does; a
    new sheet started from that box stores the defaults (``Player 1``), so the file and
    every other language name them as before, and a typed name is kept as typed."""
    with language("ar"):
        s = score_sheet(players=3)
    assert isinstance(s, ScoreSheet)
    assert s.names.value == "اللاعب 1، اللاعب 2، اللاعب 3"  # the Arabic comma between
    s.names.value = "اللاعب 1، سارة،اللاعب 3"  # as an Arabic keyboard types commas
    s.new_button.click()
    assert not is_error(s), shown(s.message)
    assert s.sheet.names == ("Player 1", "سارة", "Player 3")
    assert score_sheet(players=2).names.value == "Player 1,Player 2"  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_names_box_reads_back_what_it_shows(lang: str) -> None:
    """Each language's names box joins the names with a comma that the box splits on
    again (a translator's separator that it did not read would merge two players)."""
    names = ("Player 1", "Ann Lee", "Player 3")
    with language(lang):
        text = shown_names(names)
        back = [stored_name(x, seat) for seat, x in enumerate(split_names(text), start=1)]
        assert back == list(names), text


def test_widget_save_and_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s = fresh()
    type_hands(s, "-", "4", "5")
    s.path.value = "m.json"
    s.save_button.click()
    assert not is_error(s) and load("m.json") == s.sheet
    type_claim(s, 2, "20")
    s.save_button.click()  # replaces the older version of the same sheet
    assert len(load("m.json").rounds) == 2
    other = fresh()
    other.path.value = "m.json"
    other.load_button.click()
    assert not is_error(other) and other.sheet == s.sheet
    assert other.names.value == "Ann,Ben,Cem"


@pytest.mark.parametrize(
    ("content", "needle"),
    [(b"{broken", "not valid JSON"), (json.dumps({"format": "x"}).encode(), "not a score sheet")],
)
def test_widget_never_overwrites_a_bad_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, needle: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("m.json").write_bytes(content)
    s = fresh()
    s.path.value = "m.json"
    s.save_button.click()
    assert is_error(s) and needle in shown(s.message) and "not overwritten" in shown(s.message)
    assert Path("m.json").read_bytes() == content
    s.load_button.click()
    assert is_error(s) and s.sheet.players == 3


def test_widget_load_missing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s = fresh()
    s.path.value = "none.json"
    s.load_button.click()
    assert is_error(s) and "no score sheet" in shown(s.message)


def test_widget_prefilled_rounds() -> None:
    s = score_sheet(rounds=[["-", "4", "5"], (2, 20)])
    assert isinstance(s.sheet, Sheet) and s.sheet.scores == (9, 20, 0)


def test_sheet_works_without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the live edition (Pyodide, no matplotlib) the sheet hides its chart."""
    import builtins

    from block_dominoes.widgets.sheet import ScoreSheet

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    sheet = ScoreSheet(players=3)
    assert sheet.chart.value == b""
    assert sheet.chart.layout.display == "none"
    assert "target 61" in sheet.totals_view.value  # the rest of the sheet still works


def test_new_sheet_or_load_asks_before_losing_rounds(tmp_path: Path) -> None:
    s = ScoreSheet(players=3, rounds=[["-", "4", "5"]])
    s.new_button.click()  # a sheet with a round: ask first, change nothing yet
    assert len(s.sheet.rounds) == 1 and s.confirm_box.layout.display == "flex"
    s.cancel_button.click()
    assert len(s.sheet.rounds) == 1 and "kept" in shown(s.message)
    s.path.value = str(tmp_path / "none.json")
    s.load_button.click()
    assert len(s.sheet.rounds) == 1 and s.confirm_box.layout.display == "flex"
    s.new_button.click()  # asking again replaces the question
    s.confirm_button.click()
    assert s.sheet.rounds == () and s.confirm_box.layout.display == "none"
    s.new_button.click()  # an empty sheet: nothing to lose, no question
    assert s.confirm_box.layout.display == "none" and "new sheet" in shown(s.message)


def test_drop_later_is_confirmed_for_each_edit() -> None:
    s = ScoreSheet(players=2, rounds=[["-", "40"], ["-", "40"], ["-", "40"]])
    s.round_choice.value = "1"
    s.hands[0].value, s.hands[1].value = "-", "69"
    s.drop_later.value = True
    s.record_button.click()
    assert len(s.sheet.rounds) == 2  # round 2 reached 109 >= 100: round 3 dropped
    assert s.drop_later.value is False
