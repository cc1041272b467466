"""``donjon serve`` in a process of its own on a loopback port: what the load drivers
(``loadnet``, ``floodtest``) and the tests of several processes start, watch and stop.

Not used by the server itself.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypeVar

import httpx

#: how long a process may take to start (imports, migrations) on a busy machine
START_SECONDS = 90.0


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``python -m donjon.server.main`` on ``database_url`` and a free port, with ``--redis``
    when given, and ``--bot-delay`` when given (else the server's default); ``env`` adds to
    its environment. Its output goes to ``log`` (None: nowhere)."""

    def __init__(self, database_url: str, log: Path | None, *, redis_url: str | None = None,
                 bot_delay: float | None = None, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self.log: IO[str] | None = log.open("w") if log is not None else None
        command = [sys.executable, "-m", "donjon.server.main", "--port", str(self.port),
                   "--database-url", database_url]
        if bot_delay is not None:
            command += ["--bot-delay", str(bot_delay)]
        if redis_url:
            command += ["--redis", redis_url]
        output = self.log if self.log is not None else subprocess.DEVNULL
        self.popen = subprocess.Popen(command, env={**os.environ, **(env or {})},
                                      stdout=output, stderr=subprocess.STDOUT)

    def _where(self) -> str:
        return f"see {self.log_path}" if self.log_path is not None else "its output was not kept"

    def wait_ready(self, seconds: float = START_SECONDS) -> None:
        """Until its ``/readyz`` says ready; RuntimeError if it exits or takes longer."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"the server on port {self.port} exited: {self._where()}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server on port {self.port} was not ready: {self._where()}")

    def rss_mib(self) -> float:
        """Its resident memory now (Linux)."""
        for line in Path(f"/proc/{self.popen.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
        return 0.0  # pragma: no cover

    def cpu_s(self) -> float:
        """Its processor time so far, user and system (Linux)."""
        fields = Path(f"/proc/{self.popen.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        """SIGKILL: no shutdown at all (with Redis: no hand-over, its leases lapse)."""
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(15)
        self._close_log()

    def stop(self) -> None:
        """SIGTERM, a clean shutdown (killed if it has not exited within 15 s)."""
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(15)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(5)
        self._close_log()

    def _close_log(self) -> None:
        if self.log is not None:
            self.log.close()


P = TypeVar("P", bound=ServerProcess)


def start_in_turn(make: Callable[[int], P], count: int,
                  seconds: float = START_SECONDS) -> list[P]:
    """``count`` processes made by ``make(n)``, each started once the one before is ready: the
    first migrates the database, and two migrations at once on one database would race. If one
    fails, those started are stopped."""
    started: list[P] = []
    try:
        for n in range(count):
            process = make(n)
            started.append(process)
            process.wait_ready(seconds)
    except BaseException:
        for process in started:
            process.stop()
        raise
    return started
