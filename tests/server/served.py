"""An app served by uvicorn on a loopback port, in a thread: real sockets, real WebSocket
handshakes. The API tests that need more than the test client, the schemathesis run and the
browser tests' live server all use it."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import uvicorn

from donjon.server.websocket import TableSocketProtocol

#: how long open connections (a page's WebSocket) may hold up stopping; then they are cut
GRACE_SECONDS = 5
STOP_SECONDS = 30


class Served:
    def __init__(self, app: Any, log_level: str = "warning"):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.app = app
        self.server = uvicorn.Server(uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level=log_level,
            ws=TableSocketProtocol, timeout_graceful_shutdown=GRACE_SECONDS))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        """Stops the server and waits for it: a server left running after its test (its
        database then dropped) would go on failing, and logging, in the next tests' process."""
        self.server.should_exit = True
        self.thread.join(STOP_SECONDS)
        if self.thread.is_alive():
            raise RuntimeError(f"the server did not stop within {STOP_SECONDS} s")
