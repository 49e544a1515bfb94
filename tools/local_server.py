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
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a tab mid-download (a test done with its page) breaks the
    pipe: that is no error of the site, so it is not printed among the test results."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 (a free port); yields the base URL ending in "/"."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
