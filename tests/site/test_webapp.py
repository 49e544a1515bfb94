"""The apps' comm bridge (block_dominoes.widgets.webapp), in CPython: what a page would receive
and what it sends back, the IPython stub, and the storage the score sheet keeps itself in.
The same module runs in Pyodide in the browser test (tests/site/test_apps.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from block_dominoes.widgets import webapp

ROOT = Path(__file__).resolve().parents[2]


class Page:
    """What the page's ``send`` receives: (kind, comm_id, payload, buffers)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict[str, Any], list[bytes]]] = []

    def __call__(self, kind: str, comm_id: str, text: str, buffers: list[Any]) -> None:
        self.sent.append((kind, comm_id, json.loads(text), list(buffers)))

    def of(self, comm_id: str) -> list[tuple[str, dict[str, Any], list[bytes]]]:
        return [(k, p, b) for k, c, p, b in self.sent if c == comm_id]


@pytest.fixture
def page() -> Iterator[Page]:
    seen = Page()
    webapp.start(seen)
    try:
        yield seen
    finally:
        webapp.stop()


def update(widget: w.Widget, state: dict[str, Any], paths: list[list[str]] | None = None) -> str:
    data = {"method": "update", "state": state, "buffer_paths": paths or []}
    return json.dumps({"data": data, "metadata": {}})


def test_a_widget_opens_on_the_page_with_its_state(page: Page) -> None:
    button = w.Button(description="Record")
    kind, payload, _ = page.of(button.model_id)[0]
    assert kind == "comm_open"
    assert payload["target_name"] == "jupyter.widget"
    assert payload["data"]["state"]["description"] == "Record"
    assert payload["data"]["state"]["_model_name"] == "ButtonModel"
    assert payload["metadata"]["version"].startswith("2.")
    # a change in Python reaches the page as an update
    button.description = "Undo"
    kind, payload, _ = page.of(button.model_id)[-1]
    assert (kind, payload["data"]["method"]) == ("comm_msg", "update")
    assert payload["data"]["state"] == {"description": "Undo"}


def test_the_page_changes_a_value_and_python_callbacks_run(page: Page) -> None:
    box = w.IntText(value=3)
    seen: list[int] = []
    box.observe(lambda change: seen.append(change["new"]), names="value")
    webapp.receive("comm_msg", box.model_id, update(box, {"value": 9}))
    assert box.value == 9 and seen == [9]
    # the page is told the value it sent was taken (ipywidgets 8's echo)
    echoes = [p for k, p, _ in page.of(box.model_id) if p["data"].get("method") == "echo_update"]
    assert echoes and echoes[-1]["data"]["state"] == {"value": 9}


def test_binary_values_travel_as_buffers_both_ways(page: Page) -> None:
    image = w.Image(value=b"\x89PNG first")
    _, payload, buffers = page.of(image.model_id)[0]
    assert buffers == [b"\x89PNG first"] and ["value"] in payload["data"]["buffer_paths"]
    # an upload from the page: the bytes arrive in a buffer, named by buffer_paths
    text = update(image, {}, paths=[["value"]])
    webapp.receive("comm_msg", image.model_id, text, [b"\x89PNG second"])
    assert image.value == b"\x89PNG second"


def test_the_page_closing_a_comm_closes_it_in_python(page: Page) -> None:
    label = w.Label("x")
    manager = webapp._get_comm_manager()
    assert label.model_id in manager.comms
    webapp.receive("comm_close", label.model_id, json.dumps({"data": {}}))
    assert label.model_id not in manager.comms
    # a message for a comm that is gone is dropped, as a kernel does
    webapp.receive("comm_msg", label.model_id, update(label, {"value": "y"}))


def test_bad_messages_are_refused_with_one_line(page: Page) -> None:
    label = w.Label("x")
    with pytest.raises(ValueError, match="unknown comm message kind 'comm_open'"):
        webapp.receive("comm_open", label.model_id, json.dumps({"data": {}}))
    with pytest.raises(ValueError, match=r"must be a JSON object, got '\[1, 2\]'"):
        webapp.receive("comm_msg", label.model_id, "[1, 2]")
    with pytest.raises(TypeError, match="must give a widget, not int"):
        webapp.model_id(3)
    assert webapp.model_id(label) == label.model_id


def test_nothing_is_sent_before_start_or_after_stop() -> None:
    with pytest.raises(RuntimeError, match=r"start\(\) was not called"):
        webapp.receive("comm_msg", "x", "{}")


def test_ipywidgets_runs_on_the_stub_when_ipython_is_not_installed() -> None:
    """As in the apps' Pyodide, which has no IPython: a fresh interpreter in which
    importing IPython fails."""
    code = """
import importlib.abc, json, sys
class Hide(importlib.abc.MetaPathFinder):
    def __init__(self, inner):
        self.inner = inner
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "IPython":
            return None
        return self.inner.find_spec(name, path, target)
sys.meta_path = [Hide(f) for f in sys.meta_path]
from block_dominoes.widgets import webapp
sent = []
webapp.start(lambda kind, comm_id, text, buffers: sent.append((kind, json.loads(text))))
import ipywidgets, IPython
from block_dominoes import widgets
tool = widgets.round_scorer()
print(IPython.get_ipython(), type(tool).__name__, len(sent) > 10, sent[0][0])
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["None", "RoundScorer", "True", "comm_open"]


def test_keep_and_kept_in_memory_outside_a_browser() -> None:
    assert webapp.kept("test-nothing-here") is None
    webapp.keep("test-sheet", '{"rounds": []}')
    assert webapp.kept("test-sheet") == '{"rounds": []}'


class FakeStorage:
    """The browser's localStorage, as Pyodide shows it (getItem gives None when absent)."""

    def __init__(self, full: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.full = full

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded.")
        self.items[key] = value

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)


def test_keep_writes_to_local_storage_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    storage = FakeStorage()
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(localStorage=storage))
    webapp.keep("score-sheet.json", "text")
    assert storage.items == {"block-dominoes:score-sheet.json": "text"}
    assert webapp.kept("score-sheet.json") == "text" and webapp.kept("other") is None
    storage.full = True
    with pytest.raises(OSError) as caught:
        webapp.keep("score-sheet.json", "more")
    assert caught.value.strerror == "QuotaExceededError: the quota has been exceeded."
    assert storage.items["block-dominoes:score-sheet.json"] == "text"
