"""A folder served on 127.0.0.1, for the tools, the benchmarks and the tests alike.

``serve(folder)`` is a context manager: it serves ``folder`` on a free port of
127.0.0.1 from a thread (quietly: no request log) and yields the base URL, ending in
"/". Nothing is reachable from another machine. Used by ``tools/print_handouts.py``,
``bench/apps.py`` and ``tests/offline.py``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 (a free port); yields the base URL ending in "/"."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
