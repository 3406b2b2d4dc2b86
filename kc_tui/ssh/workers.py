"""``kings-corner serve --workers N``: the sessions served by N worker processes, the tables kept
by this one.

This process (the *table host*) keeps the tables and their games (:class:`~kc_tui.net.TableServer`),
listens on the SSH port, and hands each connection it accepts to the worker serving the fewest
sessions, with its gate's verdict (:class:`~kc_tui.ssh.gate.Gate`: the limits per address and per
minute stay the whole server's).  Each worker (:mod:`.worker`, a process of its own forked by
multiprocessing's fork server, its modules loaded there once) runs the SSH side and the sessions'
screens, and reaches the tables only through the link (:mod:`kc_tui.net.link`): a seat's screen
gets what that seat may see, computed here.

A worker that dies takes only its own connections: their seats are held as dropped connections
(the grace time, then a computer plays them), the others at those tables are told, and a new
worker takes its place at once; its people connect again, to any worker, and take their seats
back.  The handing over is a Unix socket pair per worker (``SOCK_SEQPACKET``: one message, one
connection's descriptor); the worker says on it when a connection it held closed (the gate counts
it out), how many sessions it serves and how many ended.  A worker is retired after
:data:`RETIRE_AFTER` ended sessions (no more connections; a fresh one in its place; it ends with
its last session), so that what ended sessions leave is given back with the process rather than
by a full collection that would stop its screens.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import logging
import multiprocessing.process
import os
import signal
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from ..core.i18n import Domain, language
from ..core.workers import process_gone
from ..net import TableServer
from ..net.link import LinkHost
from ..net.thinkers import fork_context, preload_in_fork_server
from .gate import Gate, SessionCount
from .server import Limits, host_key

__all__ = ["Workers", "WebPortError", "RESPAWN_SECONDS", "RETIRE_AFTER"]

log = logging.getLogger("kc_tui.ssh")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

preload_in_fork_server(__package__ + ".worker")

RETIRE_AFTER = 32
"""Sessions ended in a worker after which it is retired: it is handed no more connections, a
fresh worker takes its place, and it ends with its last session.  What ended sessions leave in
reference cycles is so given back with the process, never by a full collection, which would
stop every screen of the worker while it ran (a second or more with a hundred sessions)."""
RESPAWN_SECONDS = 1.0
"""The least time between two starts of one worker (one that dies at once is not restarted in a
loop)."""
STOP_SECONDS = 10.0
"""How long the workers have to say goodbye to their sessions when the server stops."""


class WebPortError(OSError):
    """The web port (``serve --web``) could not be listened on."""


def tell(channel: socket.socket, what: dict[str, Any]) -> None:
    """One message on a worker's socket pair, either way (a JSON object)."""
    try:
        channel.send(json.dumps(what).encode())
    except OSError as exc:
        log.error("could not say %s over a worker's socket pair: %s", what, exc)


class _Forked:
    """A worker's process, as the fork server started it, answering the calls of
    :class:`subprocess.Popen` that :class:`Workers` makes.  Its exit status comes through the
    fork server; should that one be gone (killed with the server's process group), every worker
    would read as ended with status 255, so whether it runs is asked of the system too."""

    def __init__(self, process: multiprocessing.process.BaseProcess) -> None:
        assert process.pid is not None  # (started)
        self._process = process
        self.pid: int = process.pid

    def poll(self) -> int | None:
        code = self._process.exitcode
        if code is not None and not process_gone(self.pid):
            return None  # (its fork server is gone, it is not)
        return code

    def wait(self) -> int | None:
        self._process.join()
        deadline = time.monotonic() + STOP_SECONDS
        while self.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.poll()

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, signum)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class _Worker:
    def __init__(self, number: int) -> None:
        self.number = number
        self.process: _Forked | None = None
        self.channel: socket.socket | None = None
        self.sessions = 0
        self.ended = 0
        self.retiring = False
        self.holding: list[str] = []
        """The addresses of the admitted connections it holds (the gate counts them)."""
        self.started = 0.0


class Workers:
    """The worker processes and the SSH port that feeds them (see the module's words)."""

    def __init__(self, count: int, tables: TableServer, key_path: Path, *, host: str = "127.0.0.1",
                 port: int = 2222, authorized: frozenset[str] | None = None, guests: bool = False,
                 limits: Limits | None = None, gate: Gate | None = None,
                 web: dict[str, Any] | None = None, shared: bool = False) -> None:
        """``web``: the browsers' side too (``serve --web``): its ``port`` and each worker's
        :class:`~kc_tui.web.tables.BrowserTables` settings (``max_tabs``, ``tabs_per_address``,
        ``tabs_per_browser``), each a limit of the whole server's, not of each worker's.
        ``shared``: the tables share one lobby with other servers (``serve --redis``), which
        the sessions are told as the server stops."""
        self.count, self.tables, self.key_path = count, tables, key_path
        self.host, self.port = host, port
        self.authorized, self.guests = authorized, guests
        self.limits = limits if limits is not None else Limits()
        self.gate = gate if gate is not None else Gate()
        self.workers = [_Worker(n) for n in range(count)]
        self._numbers = itertools.count(count)
        self.fingerprint = ""
        self._folder = tempfile.TemporaryDirectory(prefix="kc-link-")
        self.link = LinkHost(tables, Path(self._folder.name) / "tables")
        # The server's sessions are counted here as each opens, whichever worker serves it: each
        # worker's own count let a burst of connections in past --max-sessions, that many in each
        # (20 under a limit of 10, a hosting play test).
        self.counts = SessionCount(self.limits.sessions_per_key, self.limits.sessions_per_address,
                                   total=self.limits.max_sessions)
        """The sessions of each key and address, all the workers' (each worker asks it)."""
        self.link.own_calls.update(
            session_opens=lambda worker, key, address: self.counts.opens(key, address, worker),
            session_ends=lambda worker, key, address: self.counts.ends(key, address, worker))
        self.link.gone_hooks.append(self.counts.gone)
        self.shared = shared
        self.web = dict(web) if web is not None else None
        if self.web is not None:
            from ..web.tables import TABS_PER_BROWSER

            self.web.setdefault("tabs_per_browser", TABS_PER_BROWSER)
            self.tab_counts = SessionCount(self.web["tabs_per_browser"], self.web["tabs_per_address"],
                                           total=self.web["max_tabs"])
            """The browsers' tabs, by browser, by address and in all, every worker's."""
            self.link.own_calls.update(
                tab_admits=lambda worker, key, address: self.tab_counts.admits(key, address, worker),
                tab_ends=lambda worker, key, address: self.tab_counts.ends(key, address, worker))
            self.link.gone_hooks.append(self.tab_counts.gone)
        self.web_port: int | None = None
        self._listeners: list[socket.socket] = []
        self._accepting: list[asyncio.Task[None]] = []
        self._stopping = False

    async def start(self) -> None:
        """Listen, start the link and every worker."""
        # Made (or read) here, before any worker reads it.
        self.fingerprint = host_key(self.key_path).get_fingerprint("sha256")
        await self.link.start()
        listener = self._listen(self.port)
        self.port = listener.getsockname()[1]
        if self.web is not None:
            try:
                self.web_port = self._listen(int(self.web["port"])).getsockname()[1]
            except OSError as exc:
                self._close_listeners()
                raise WebPortError(exc.errno, exc.strerror) from exc
            self.web.update(port=self.web_port, host=self.host, ssh_port=self.port)
        # The fork server loads the worker's modules as it starts (a second of processor, more on
        # a busy machine), and a fork waits for that: waited for in a thread, not in this loop,
        # which meanwhile renews the hosts' leases (``serve --redis``) and answers the link.
        context = fork_context()
        ready = context.Process(target=int, name="kc-fork-server-ready", daemon=True)
        await asyncio.to_thread(ready.start)
        await asyncio.to_thread(ready.join)
        for worker in self.workers:
            self._spawn(worker)
        loop = asyncio.get_running_loop()
        self._accepting = [loop.create_task(self._accept(sock, kind))
                           for sock, kind in zip(self._listeners, ("ssh", "web"))]
        log.info("serving on %s:%d with %d %s, host key %s", self.host, self.port, self.count,
                 "worker" if self.count == 1 else "workers", self.fingerprint)

    def _listen(self, port: int) -> socket.socket:
        listener = socket.create_server((self.host, port), backlog=256)
        listener.setblocking(False)
        self._listeners.append(listener)
        return listener

    def _close_listeners(self) -> None:
        for listener in self._listeners:
            listener.close()

    @property
    def sessions(self) -> int:
        return sum(worker.sessions for worker in self.workers)

    def _spawn(self, worker: _Worker) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        config = {
            "worker": worker.number, "link": str(self.link.path),
            "key": str(self.key_path), "authorized": sorted(self.authorized) if self.authorized else None,
            "guests": self.guests, "limits": dataclasses.asdict(self.limits), "lang": language(),
            "web": self.web, "shared": self.shared,
            "log": {name: logging.getLogger(name).getEffectiveLevel()
                    for name in ("kc_tui.ssh", "kc_tui.net", "kc_tui.web", "kc_tui.tui", "asyncssh")},
        }
        from .worker import forked

        # Forked from the fork server, its modules loaded there once (started anew, each worker
        # spent half a second of processor importing them).  In a process group of its own: a
        # Ctrl+C at the server's terminal is the server's to act on (it says goodbye to every
        # session, then ends its workers), not each worker's.  Its end of the socket pair goes
        # as a socket, which it adds to this configuration (:func:`.worker.forked`).
        process = fork_context().Process(target=forked, args=(config, theirs, dict(os.environ)),
                                         name=f"kc-ssh-worker-{worker.number}", daemon=True)
        process.start()
        worker.process = _Forked(process)
        theirs.close()
        ours.setblocking(False)
        worker.channel, worker.sessions, worker.started = ours, 0, time.monotonic()
        asyncio.get_running_loop().add_reader(ours, self._heard, worker)
        log.info("worker %s started (pid %s)", worker.number, worker.process.pid)

    def _heard(self, worker: _Worker) -> None:
        channel = worker.channel
        assert channel is not None
        try:
            message = channel.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            message = b""
        if not message:
            self._lost(worker)
            return
        said = json.loads(message)
        if "left" in said and said["left"] in worker.holding:
            worker.holding.remove(said["left"])
            self.gate.leave(said["left"])
        if "sessions" in said:
            worker.sessions = int(said["sessions"])
            worker.ended = int(said.get("ended", 0))
            if worker.ended >= RETIRE_AFTER and not worker.retiring:
                self._retire(worker)
        if worker.retiring and worker.sessions == 0 and not worker.holding and worker.process is not None \
                and worker.process.poll() is None:
            worker.process.send_signal(signal.SIGTERM)  # its last connection ended: it ends

    def _retire(self, worker: _Worker) -> None:
        """Hand ``worker`` no more connections and start a fresh one in its place; past as many
        retiring workers as there are workers (people who stay all night on old ones), ask it to
        collect instead, once."""
        if sum(1 for w in self.workers if w.retiring) >= self.count:
            if worker.channel is not None:
                tell(worker.channel, {"collect": True})
            worker.ended = 0
            return
        worker.retiring = True
        fresh = _Worker(next(self._numbers))
        self.workers.append(fresh)
        self._spawn(fresh)
        log.info("worker %s retires after %s ended sessions (%s left); worker %s takes its place",
                 worker.number, worker.ended, worker.sessions, fresh.number)

    def _lost(self, worker: _Worker) -> None:
        """The worker's end closed: it ended (or died).  Its connections are counted out, and
        unless the server is stopping, another takes its place."""
        loop = asyncio.get_running_loop()
        if worker.channel is not None:
            loop.remove_reader(worker.channel)
            worker.channel.close()
            worker.channel = None
        for address in worker.holding:
            self.gate.leave(address)
        worker.holding, worker.sessions = [], 0
        code = worker.process.wait() if worker.process is not None else None
        if self._stopping:
            return
        if worker.retiring:
            self.workers.remove(worker)
            log.info("worker %s retired (exit %s)", worker.number, code)
            return
        log.error("worker %s ended (exit %s); its sessions' seats are held as dropped connections; "
                  "another worker takes its place", worker.number, code)
        wait = max(0.0, worker.started + RESPAWN_SECONDS - time.monotonic())
        loop.call_later(wait, self._respawn, worker)

    def _respawn(self, worker: _Worker) -> None:
        if not self._stopping and worker.channel is None:
            self._spawn(worker)

    async def _accept(self, listener: socket.socket, kind: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, address = await loop.sock_accept(listener)
            except OSError as exc:  # out of files: the next try may succeed
                log.error("accepting a connection failed: %s", exc)
                await asyncio.sleep(0.1)
                continue
            with conn:
                self._hand_over(conn, str(address[0]), kind)

    def _hand_over(self, conn: socket.socket, address: str, kind: str) -> None:
        living = [w for w in self.workers if w.channel is not None and not w.retiring]
        if not living:
            log.error("a connection from %s was closed: no worker is running", address)
            return
        worker = min(living, key=lambda w: (w.sessions + len(w.holding), w.number))
        verdict = self.gate.admit(address, "a web connection" if kind == "web" else "an SSH connection")
        if verdict is None and kind == "ssh" and self.sessions >= self.limits.max_sessions:
            self.gate.leave(address)
            verdict = str(Ln_("The server is full ({n} session at once); try again later.",
                              "The server is full ({n} sessions at once); try again later.",
                              self.limits.max_sessions))
            # In the log too (tallied, as the gate's refusals are): a host turning friends away
            # learned it from them alone (a hosting play test).
            self.gate.tally.note(f"full {address}", f"refused an SSH connection from {address}: the server "
                                                    f"is full ({self.limits.max_sessions} sessions at once)")
        channel = worker.channel
        assert channel is not None
        try:
            said = json.dumps({"verdict": verdict, "kind": kind}).encode()
            socket.send_fds(channel, [said], [conn.fileno()])
        except OSError as exc:
            log.error("a connection from %s could not be handed to worker %s: %s", address, worker.number,
                      exc)
            if verdict is None:
                self.gate.leave(address)
            return
        if verdict is None:
            worker.holding.append(address)

    async def stop(self) -> None:
        """Stop listening, and every worker (each says goodbye to its sessions)."""
        self._stopping = True
        self.link.closing = True
        for task in self._accepting:
            task.cancel()
        self._close_listeners()
        processes = [w.process for w in self.workers if w.process is not None and w.process.poll() is None]
        for process in processes:
            process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for process in processes:
            while process.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if process.poll() is None:
                log.error("worker (pid %s) did not stop; killed", process.pid)
                process.kill()
                process.wait()
        loop = asyncio.get_running_loop()
        for worker in self.workers:
            if worker.channel is not None:
                loop.remove_reader(worker.channel)
                worker.channel.close()
                worker.channel = None
        await self.link.close()
        self._folder.cleanup()

    def pids(self) -> list[int]:
        """The workers' processes now (for the log and the tests)."""
        return [w.process.pid for w in self.workers if w.process is not None and w.process.poll() is None]

    def describe(self) -> dict[str, Any]:
        return {"workers": self.count, "sessions": self.sessions, "pids": self.pids()}
