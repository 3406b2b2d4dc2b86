"""One worker process of ``kings-corner serve --workers N`` (:mod:`.workers` starts it): the SSH
side and the screens of the sessions the table host hands it, on the tables it reaches through
the link (:class:`~kc_tui.net.link.LinkedServer`).

Forked by multiprocessing's fork server (:func:`forked`), given its configuration (its number,
its end of the socket pair, the link's socket, the host key, the admitted keys, the limits, the
language and the log's level) and the table host's environment.  It ends on SIGTERM (saying
goodbye to every session, each in its language), when the table host's end of the pair closes,
or when the link is lost.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any, cast

from ..core.i18n import Text, set_default_language
from ..net import TableError, TableServer
from ..net.link import LinkedServer
from .collector import Collector
from .gate import Gate, GateLimits
from .lobby import lobby_front_ends
from .server import FAREWELL, GUEST_FAREWELL, SHARED_FAREWELL, SHARED_GUEST_FAREWELL, GameSSHServer, Limits
from .workers import tell

__all__ = ["forked", "run"]

log = logging.getLogger("kc_tui.ssh")

WORKER_RECLAIM_SECONDS = 3600.0
"""A worker's full collection by the clock, once an hour (what its sessions leave in cycles while
they play is little; what ended sessions left is not waited for, see :mod:`.workers`)."""


class _Told(Gate):
    """The gate of a worker: the table host's gate admits connections (each comes with its
    verdict); this one only tells it when one it admitted closed."""

    def __init__(self, channel: socket.socket) -> None:
        super().__init__(GateLimits())
        self.channel = channel

    def leave(self, address: str) -> None:
        if self.channel.fileno() >= 0:  # after the worker's end, the table host counts them out
            tell(self.channel, {"left": address})


class _Counted:
    """The sessions of each key and address, counted in the table host for every worker (a key
    held its most sessions in each worker)."""

    def __init__(self, link: LinkedServer) -> None:
        self.link = link

    def opens(self, key: str | None, address: str) -> str | Text | None:
        try:
            reason: Text | None = self.link.call(None, "session_opens", key, address)[0]
        except TableError as exc:  # the table host cannot be reached: nor can the tables
            return str(exc)
        return reason

    def ends(self, key: str | None, address: str) -> None:
        try:
            self.link.call(None, "session_ends", key, address)
        except TableError:
            pass  # the link is lost: the table host gives back every session of this worker


class _TabsCounted:
    """The browsers' tabs, counted in the table host for every worker (an address held its
    most tabs in each worker, and the server its most in each)."""

    def __init__(self, link: LinkedServer) -> None:
        self.link = link

    def admits(self, key: str | None, address: str, holder: str = "") -> str | None:
        try:
            limit: str | None = self.link.call(None, "tab_admits", key, address)[0]
        except TableError:  # the table host cannot be reached: nor can the tables
            return "lost"
        return limit

    def ends(self, key: str | None, address: str, holder: str = "") -> None:
        try:
            self.link.call(None, "tab_ends", key, address)
        except TableError:
            pass  # the link is lost: the table host gives back every tab of this worker


async def _work(config: dict[str, Any]) -> int:
    number = int(config["worker"])
    channel = socket.socket(fileno=int(config["channel"]))
    channel.setblocking(False)
    link = LinkedServer(Path(config["link"]), number)
    await link.open()
    authorized = frozenset(config["authorized"]) if config["authorized"] is not None else None
    # The front ends call the tables as they call a TableServer's: LinkedServer answers the same
    # calls (kc_tui.net.link.SERVER_CALLS) from the table host.
    relay = _Told(channel)
    server = GameSSHServer(lobby_front_ends(cast(TableServer, link)), Path(config["key"]),
                           authorized=authorized, guests=bool(config["guests"]), gate=relay,
                           limits=Limits(**config["limits"]),
                           # No full collection when sessions end: the table host retires a worker
                           # whose ended sessions left enough behind, or asks it to collect.
                           collector=Collector(reclaim_after=None, reclaim_seconds=WORKER_RECLAIM_SECONDS),
                           counts=_Counted(link))
    await server.start(listen=False)
    browsers = None
    if config.get("web") is not None:  # the browsers' tabs, on the web port the table host listens on
        from ..storage import Settings
        from ..tui.lobby import LobbyApp
        from ..web.tables import BrowserTables

        web = config["web"]
        browsers = BrowserTables(lambda key: LobbyApp(cast(TableServer, link), key=key, settings=Settings()),
                                 web["host"], web["port"], max_tabs=web["max_tabs"], ssh_port=web["ssh_port"],
                                 gate=relay, tabs_per_address=web["tabs_per_address"],
                                 tabs_per_browser=web["tabs_per_browser"], counts=_TabsCounted(link))
        await browsers.start(listen=False)
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    told = (-1, -1)

    def counted() -> None:
        nonlocal told
        now = (len(server.sessions), server.collector.ended_in_all)
        if now != told:
            told = now
            tell(channel, {"sessions": now[0], "ended": now[1]})
        loop.call_later(0.5, counted)

    def handed() -> None:
        try:
            message, fds, _, _ = socket.recv_fds(channel, 4096, 4)
        except BlockingIOError:
            return
        except OSError:
            message, fds = b"", []
        if not message:
            done.set()
            return
        said = json.loads(message)
        if said.get("collect"):
            server.collector.reclaim()
        verdict = said.get("verdict")
        for fd in fds:
            sock = socket.socket(fileno=fd)
            sock.setblocking(False)
            if said.get("kind") == "web" and browsers is not None:
                loop.create_task(browsers.take(sock, verdict, relay.leave))
            else:
                loop.create_task(server.take(sock, verdict))

    loop.add_reader(channel, handed)
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, done.set)
    counted()
    lost = loop.create_task(link.closed.wait())
    waiting = loop.create_task(done.wait())
    await asyncio.wait([lost, waiting], return_when=asyncio.FIRST_COMPLETED)
    loop.remove_reader(channel)
    if browsers is not None:
        await browsers.stop()
    if config.get("shared"):
        await server.stop(SHARED_FAREWELL, SHARED_GUEST_FAREWELL)
    else:
        await server.stop(FAREWELL, GUEST_FAREWELL)
    await link.close()
    channel.close()
    return 1 if link.closed.is_set() and not done.is_set() else 0


def forked(config: dict[str, Any], channel: socket.socket, environment: dict[str, str]) -> None:
    """A worker as the fork server starts it (:mod:`.workers`): in a process group of its own (a
    Ctrl+C at the server's terminal is the server's to act on), with the table host's environment
    as it is now (the fork server keeps the one it started with), its end of the socket pair
    passed as a socket."""
    os.setpgid(0, 0)
    os.environ.clear()
    os.environ.update(environment)
    sys.exit(run(dict(config, channel=channel.detach())))


def run(config: dict[str, Any]) -> int:
    # The server's log, as the table host writes it, each line saying which worker wrote it.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(f"%(asctime)s worker {config['worker']}: %(message)s",
                                           "%Y-%m-%d %H:%M:%S"))
    for name, level in config["log"].items():
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
    set_default_language(config["lang"])
    return asyncio.run(_work(config))
