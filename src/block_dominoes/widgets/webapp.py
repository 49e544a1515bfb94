"""The apps' Python side in a plain browser page: ipywidgets without a Jupyter kernel.

The apps (``apps/NAME.html``, written by ``tools/build_apps.py``) run Python in
Pyodide and draw the widgets with ``@jupyter-widgets/html-manager``; this module is
the bridge between the two, with no IPython and no JupyterLab:

- ipywidgets 8 opens one comm per widget through the ``comm`` package;
  :func:`start` makes that package create :class:`PageComm` objects, whose messages
  (``comm_open``, ``comm_msg``, ``comm_close``) go to the page's ``send(kind,
  comm_id, json_text, buffers)``, where the widget manager makes models of them;
- a model's messages to Python come back through :func:`receive`;
- ipywidgets imports a few IPython names at import time: where IPython is not
  installed (the apps do not ship it), :func:`stub_ipython` gives it those names
  (``get_ipython()`` is None, ``display`` does nothing), which is all a widget
  that is never ``display()``-ed needs.

:func:`keep` and :func:`kept` store text in the browser's ``localStorage``
(synchronous, so what a callback kept is there even if the tab closes right after);
outside a browser they use a dictionary that lasts as long as the process.

Nothing here knows a rule of the game; the engine and its widgets do.

>>> sent = []
>>> manager = start(lambda kind, comm_id, text, buffers: sent.append((kind, text)))
>>> import ipywidgets
>>> button = ipywidgets.Button(description="Record")
>>> sent[-1][0], '"Record"' in sent[-1][1]
('comm_open', True)
>>> stop()  # comms are the kernel's (or nobody's) again
>>> keep("example", "[1, 2]"); kept("example")
'[1, 2]'
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

import comm
from comm.base_comm import BaseComm, BuffersType, CommManager, MaybeDict

__all__ = [
    "PageComm",
    "keep",
    "kept",
    "model_id",
    "receive",
    "receive_js",
    "start",
    "stop",
    "stub_ipython",
]

#: the page's function: (kind, comm_id, JSON text of {data, metadata, ...}, buffers)
Send = Callable[[str, str, str, list[Any]], None]

#: localStorage keys start with this, so other pages of the same site keep theirs
KEY_PREFIX = "block-dominoes:"

_send: Send | None = None
_manager: CommManager | None = None
#: what the comm package did before start(), for stop()
_original = (comm.create_comm, comm.get_comm_manager)
_memory: dict[str, str] = {}


class PageComm(BaseComm):
    """A comm whose messages go to the page's widget manager (see :func:`start`)."""

    def publish_msg(
        self,
        msg_type: str,
        data: MaybeDict = None,
        metadata: MaybeDict = None,
        buffers: BuffersType = None,
        **keys: Any,
    ) -> None:
        if _send is None:  # after stop(): the page is gone (a comm closed as it is collected)
            return
        payload = {"data": data or {}, "metadata": metadata or {}, **keys}
        text = json.dumps(payload, separators=(",", ":"))
        _send(msg_type, self.comm_id, text, [bytes(b) for b in buffers or []])


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    return PageComm(*args, **kwargs)


def _get_comm_manager() -> CommManager:
    assert _manager is not None  # set by start() before comm can ask
    return _manager


def stub_ipython() -> bool:
    """Put a minimal ``IPython`` in ``sys.modules`` if IPython is not installed (True
    if it did): ``get_ipython()`` returns None, ``display`` and ``clear_output`` do
    nothing, ``InteractiveShell`` is an empty class. ipywidgets imports these names;
    a widget shown by the page's widget manager needs nothing more."""
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return False

    def get_ipython() -> None:
        return None

    def display(*objs: object, **kwargs: object) -> None:
        return None

    def clear_output(wait: bool = False) -> None:
        return None

    class InteractiveShell:
        """What ipywidgets' Output widget names; the apps have no shell."""

    root = types.ModuleType("IPython")
    display_mod = types.ModuleType("IPython.display")
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")
    root.get_ipython = get_ipython  # type: ignore[attr-defined]
    display_mod.display = display  # type: ignore[attr-defined]
    display_mod.clear_output = clear_output  # type: ignore[attr-defined]
    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    root.display = display_mod  # type: ignore[attr-defined]
    root.core = core  # type: ignore[attr-defined]
    core.interactiveshell = shell  # type: ignore[attr-defined]
    sys.modules.update(
        {
            "IPython": root,
            "IPython.display": display_mod,
            "IPython.core": core,
            "IPython.core.interactiveshell": shell,
        }
    )
    return True


def start(send: Send) -> CommManager:
    """Send every widget's messages to ``send`` from now on; returns the comm manager.

    Call it before importing ipywidgets: it also stubs IPython (:func:`stub_ipython`).
    In Pyodide, buffers are handed to ``send`` as JavaScript ``Uint8Array``s."""
    global _send, _manager
    stub_ipython()
    _send = _to_page(send)
    _manager = CommManager()
    comm.create_comm = _create_comm
    comm.get_comm_manager = _get_comm_manager
    return _manager


def stop() -> None:
    """Undo :func:`start`: the comm package creates its own comms again (tests)."""
    global _send, _manager
    comm.create_comm, comm.get_comm_manager = _original
    _send = _manager = None


def _to_page(send: Send) -> Send:
    """``send``, with its buffers made JavaScript arrays when running in Pyodide."""
    try:
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
    except ImportError:
        return send

    def converted(kind: str, comm_id: str, text: str, buffers: list[Any]) -> None:
        send(kind, comm_id, text, to_js(buffers))

    return converted


def receive(kind: str, comm_id: str, text: str, buffers: Iterable[bytes] = ()) -> None:
    """A message from the page's model ``comm_id``: ``kind`` is ``"comm_msg"`` or
    ``"comm_close"`` and ``text`` the JSON of ``{"data": ..., "metadata": ...}``.
    A message for a comm that is gone (closed meanwhile) is dropped, as a kernel does.
    Raises ValueError for another kind or for text that is not a JSON object."""
    if _manager is None:
        raise RuntimeError("block_dominoes.widgets.webapp.start() was not called")
    payload = json.loads(text)
    if not isinstance(payload, dict):
        raise ValueError(f"a comm message must be a JSON object, got {text[:40]!r}")
    content = {"comm_id": comm_id, "data": payload.get("data") or {}}
    msg = {
        "header": {"msg_type": kind},
        "content": content,
        "metadata": payload.get("metadata") or {},
        "buffers": [memoryview(b) for b in buffers],
    }
    if kind == "comm_msg":
        _manager.comm_msg(None, None, msg)  # type: ignore[arg-type]
    elif kind == "comm_close":
        _manager.comm_close(None, None, msg)  # type: ignore[arg-type]
    else:
        raise ValueError(f"unknown comm message kind {kind!r}: expected comm_msg or comm_close")


def receive_js(kind: str, comm_id: str, text: str, buffers: Any) -> None:
    """:func:`receive` for the page: ``buffers`` is a JavaScript array of ``Uint8Array``."""
    receive(kind, comm_id, text, [bytes(b.to_bytes()) for b in buffers])


def model_id(widget: Any) -> str:
    """The id of ``widget``'s model, which the page asks its widget manager to show.
    Raises TypeError for a value that is not a widget (an app must end with one)."""
    found = getattr(widget, "model_id", None)
    if not isinstance(found, str):
        raise TypeError(f"an app's last cell must give a widget, not {type(widget).__name__}")
    return found


def _storage() -> Any:
    try:
        from js import localStorage  # type: ignore[import-not-found]
    except ImportError:
        return None
    return localStorage


def keep(name: str, text: str) -> None:
    """Store ``text`` under ``name`` (the browser's localStorage in a page, else memory).
    Raises OSError (its ``strerror`` says why) where the browser refuses, such as a full
    or disabled storage."""
    storage = _storage()
    if storage is None:
        _memory[name] = text
        return
    try:
        storage.setItem(KEY_PREFIX + name, text)
    except Exception as error:  # a JsException: QuotaExceededError, SecurityError
        raise OSError(0, str(error).strip().splitlines()[-1]) from None


def kept(name: str) -> str | None:
    """The text stored under ``name``, or None if there is none."""
    storage = _storage()
    if storage is None:
        return _memory.get(name)
    try:
        found = storage.getItem(KEY_PREFIX + name)
    except Exception:  # storage disabled: nothing kept
        return None
    return None if found is None else str(found)
