"""A real Redis for the tests: Debian's ``redis-server`` on a free port of 127.0.0.1, in a folder
of its own, keeping an append-only file written at every command, so that a restart (on the same
port, from the same folder) loses nothing, as Redis's own persistence promises a host."""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

import redis

REDIS_SERVER = "redis-server"
"""Debian's package (``apt-get install redis-server``); ``.ci/run`` installs it when missing."""


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _PortTaken(RuntimeError):
    """The port picked was bound by another program before the server could bind it."""


class RedisServer:
    """One ``redis-server`` process: :meth:`start`, :meth:`stop`, :meth:`restart` on the same
    port and folder (its append-only file kept); a ``with`` block stops it whatever happens."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self._may_move = port is None
        """The port was picked here and never served: another may be picked if it was taken
        meanwhile (by another program between the probe and the bind)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder / "redis.log"
        self._log_from = 0

    def said(self) -> str:
        """What the server has written to its log since it was last started."""
        with open(self.log, "rb") as log:
            log.seek(self._log_from)
            return log.read().decode(errors="replace")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        """A client of the sync API (close it after use)."""
        return redis.Redis(host="127.0.0.1", port=self.port, db=0, socket_timeout=2, socket_connect_timeout=2)

    def start(self, timeout: float = 20.0) -> None:
        """Start the server and wait until it answers PING."""
        if shutil.which(REDIS_SERVER) is None:
            raise RuntimeError(f"{REDIS_SERVER} is not installed (Debian: apt-get install redis-server)")
        assert self.process is None, "already running"
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self._log_from = log.tell()
            self.process = subprocess.Popen(
                [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                 "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder,
            )
        try:
            self._wait_for_ping(timeout)
        except _PortTaken:
            self.stop()
            if not self._may_move:
                raise
            self.port = free_port()
            self.start(timeout)
        except BaseException:
            self.stop()
            raise
        self._may_move = False

    def _wait_for_ping(self, timeout: float) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        client = self.client()
        try:
            while True:
                if self.process.poll() is not None:
                    if "Address already in use" in self.said():
                        raise _PortTaken(f"port {self.port} of 127.0.0.1 is taken:\n{self.said()[-1000:]}")
                    raise RuntimeError(f"redis-server ended with status {self.process.returncode}:\n"
                                       + self.said()[-3000:])
                try:
                    # This server's answer, not another's on the same port.
                    if client.ping() and client.info("server")["process_id"] == self.process.pid:
                        return
                except (redis.ConnectionError, redis.TimeoutError, redis.BusyLoadingError):
                    pass  # not listening yet, or still loading its append-only file
                if time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server on port {self.port} never answered PING:\n"
                                       + self.said()[-3000:])
                time.sleep(0.02)
        finally:
            client.close()

    def stop(self) -> None:
        """SIGTERM (Redis flushes its append-only file and exits), SIGKILL if it is still
        running 10 s later; nothing when it is not running."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def restart(self, timeout: float = 20.0) -> None:
        """Stop, then start on the same port from the same folder: the data comes back from the
        append-only file."""
        self.stop()
        self.start(timeout)

    def __enter__(self) -> RedisServer:
        if self.process is None:
            self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


@contextlib.contextmanager
def running_redis(folder: Path) -> Iterator[RedisServer]:
    """A started server for a ``with`` block, or a fixture (``with running_redis(path) as
    server: yield server``), stopped whatever happens in it."""
    server = RedisServer(folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()
