"""Issue 33: records read by one input policy, one test per defect (each failed before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import run_cli

from block_dominoes.errors import InvalidArgumentError, RecordError
from block_dominoes.players.games import play_round
from block_dominoes.records import check_record, load_record
from block_dominoes.records.codec import round_json


@pytest.fixture
def record_json(tmp_path: Path) -> Path:
    p = tmp_path / "r.json"
    played = play_round("pagat", 2, 5)
    p.write_text(json.dumps(round_json(played.state, 5)), encoding="utf-8")
    return p


def _text(capsys: pytest.CaptureFixture[str], record_json: Path) -> str:
    out = record_json.with_suffix(".txt")
    code, _, err = run_cli(capsys, "record", "convert", str(record_json), str(out))
    assert code == 0, err
    return out.read_text(encoding="utf-8")


def test_a_text_seed_past_the_range_is_refused(
    capsys: pytest.CaptureFixture[str], record_json: Path, tmp_path: Path
) -> None:
    """A text record whose seed is 2^63 checked as valid and converted to JSON that
    `check` then refused."""
    text = _text(capsys, record_json).replace("seed: 5", f"seed: {2**63}")
    p = tmp_path / "big.txt"
    p.write_text(text, encoding="utf-8")
    for args in (("check", str(p)), ("record", "convert", str(p), str(tmp_path / "b.json"))):
        code, _, err = run_cli(capsys, *args)
        assert code == 2 and "from 0 to 9,223,372,036,854,775,807" in err, err
    assert not (tmp_path / "b.json").exists()


def test_a_json_seed_of_minus_zero_is_refused(
    capsys: pytest.CaptureFixture[str], record_json: Path
) -> None:
    """`"seed": -0` was accepted in JSON where the command line refuses `-0`."""
    record_json.write_text(
        record_json.read_text().replace('"seed": 5', '"seed": -0'), encoding="utf-8"
    )
    code, _, err = run_cli(capsys, "check", str(record_json))
    assert code == 2 and "seed: expected a whole number from 0, got '-0'" in err, err
    code, _, err = run_cli(capsys, "play", "--seed", "-0")
    assert code == 2


@pytest.mark.parametrize(
    "result",
    [
        "domino by 2, 23 points, 5 points",
        "domino by 2, 11 points and more",
        "blocked, 2 3 scores 4",
    ],
)
def test_a_result_with_more_than_a_winner_and_points_is_refused(
    capsys: pytest.CaptureFixture[str], record_json: Path, tmp_path: Path, result: str
) -> None:
    """A record line `result: domino by 2, 23 points, 5 points` checked as valid."""
    text = _text(capsys, record_json)
    lines = [f"result: {result}" if x.startswith("result:") else x for x in text.splitlines()]
    p = tmp_path / "m.txt"
    p.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run_cli(capsys, "check", str(p))
    assert code == 2 and "cannot read the result" in err and err.count("\n") == 1, err


def test_convert_keeps_an_explanations_hash(
    capsys: pytest.CaptureFixture[str], record_json: Path, tmp_path: Path
) -> None:
    """`record convert` dropped an explanation's text after `#`."""
    data = json.loads(record_json.read_text())
    data["outcome"]["explanation"] = "seat #2 went out # and scored 11"
    record_json.write_text(json.dumps(data), encoding="utf-8")
    text = _text(capsys, record_json)
    assert "explanation: seat #2 went out # and scored 11" in text
    back = tmp_path / "back.json"
    code, _, err = run_cli(
        capsys, "record", "convert", str(record_json.with_suffix(".txt")), str(back)
    )
    assert code == 0, err
    assert json.loads(back.read_text())["outcome"] == data["outcome"]
    assert load_record("starter: 1\nhand 1: 1-2  # a comment\nhand 2: 3-4\n").hands[0][0].high == 2


def test_check_record_refuses_what_is_not_a_record() -> None:
    """`check_record(None)` raised AttributeError."""
    for bad in (None, "1-2", [[[]]]):
        with pytest.raises(InvalidArgumentError, match="expected a record"):
            check_record(bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        load_record("seed: -0\nhand 1: 1-2\nhand 2: 3-4\n")
