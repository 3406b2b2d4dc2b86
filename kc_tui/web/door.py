"""The web port's door: who may hold a connection to it, and for how long without a request.

aiohttp alone waits an hour for a request's headers: 1,100 connections that sent half a header
held every open file of the server (issue 25), and the tables' saves failed.  So every TCP
connection to a web port goes through a :class:`Door` before aiohttp sees it:

- the connection :class:`~kc_tui.ssh.gate.Gate` (shared with the SSH port under ``serve``)
  admits it or it is answered at once with a 503 and its sentence, and closed;
- a connection whose first request's headers have not arrived within :data:`HEADER_SECONDS`
  is answered with a 408 and closed;
- between two requests, aiohttp's keep-alive time (:data:`IDLE_SECONDS`) closes an idle one.

A request whose Host header is not a host name (and port) is answered with a 400 by
:func:`host_check`, before any page is built from it.  The log hears of each of these at most
once a minute, with how many there were since (:class:`~kc_tui.ssh.gate.Tally`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from ..core.text import visible
from ..ssh.gate import Gate, Given, Tally

__all__ = ["Door", "GatedSite", "host_check", "host_problem", "HEADER_SECONDS", "IDLE_SECONDS"]

log = logging.getLogger("kc_tui.web")

HEADER_SECONDS = 10.0
"""Seconds a new connection has to send its first request's headers (a browser sends them at
once)."""
IDLE_SECONDS = 15.0
"""Seconds a connection may stay open between two requests (aiohttp's keep-alive time; a
browser opens a new one when it needs it)."""

HOST = re.compile(r"(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")
"""A Host header as a browser sends it: a name or an IPv4 address, or an IPv6 one in brackets,
and maybe a port."""


def plain_response(status: int, reason: str, text: str) -> bytes:
    """A whole HTTP response with ``text`` (a sentence) for its body, closing the connection."""
    body = (text + "\n").encode()
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


class Door(asyncio.Protocol):
    """One TCP connection to the web port, before and around aiohttp's own protocol (made by
    ``handler`` once the gate lets the connection in)."""

    def __init__(self, handler: Callable[[], asyncio.Protocol], gate: Gate | Given, tally: Tally,
                 header_seconds: float) -> None:
        self.handler = handler
        self.gate = gate
        self.tally = tally
        self.header_seconds = header_seconds
        self.address = ""
        self.inner: asyncio.Protocol | None = None
        """aiohttp's protocol for this connection, once it is let in."""
        self._clock: asyncio.TimerHandle | None = None
        self._tail = b""
        self._transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "an unknown address"
        why = self.gate.admit(self.address, "a web connection")
        if why is not None:
            transport.write(plain_response(503, "Service Unavailable", why))
            transport.close()
            return
        self._transport = transport
        self.inner = self.handler()
        self.inner.connection_made(transport)
        self._clock = asyncio.get_running_loop().call_later(self.header_seconds, self._too_slow)

    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if self._clock is not None:
            # The headers end at an empty line (CRLF or a bare LF, as aiohttp's parser takes them);
            # a request that is not one is aiohttp's to refuse, and its keep-alive time still
            # bounds a connection that only pretends.
            seen = self._tail + data
            if b"\n\n" in seen or b"\n\r\n" in seen:
                self._clock.cancel()
                self._clock = None
            else:
                self._tail = seen[-2:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is None:
            return
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        self.gate.leave(self.address)
        self.inner.connection_lost(exc)
        self.inner = None

    def _too_slow(self) -> None:
        self._clock = None
        self.tally.note("headers", f"closed a web connection from {self.address}: its request did not "
                                   f"arrive within {self.header_seconds:g} s")
        if self._transport is not None:
            self._transport.write(plain_response(408, "Request Timeout", "The request did not arrive "
                                                 f"within {self.header_seconds:g} seconds."))
            self._transport.close()


class GatedSite(web.BaseSite):
    """aiohttp's TCP site with every connection through a :class:`Door`: ``gate`` admits it and
    it has ``header_seconds`` to send its first request's headers."""

    __slots__ = ("_host", "_port", "_gate", "_tally", "_header_seconds")

    def __init__(self, runner: web.BaseRunner, host: str, port: int, *, gate: Gate, tally: Tally,
                 header_seconds: float = HEADER_SECONDS) -> None:
        super().__init__(runner)
        self._host = host
        self._port = port
        self._gate = gate
        self._tally = tally
        self._header_seconds = header_seconds

    @property
    def name(self) -> str:
        return f"http://{f'[{self._host}]' if ':' in self._host else self._host}:{self._port}"

    @property
    def port(self) -> int:
        """The port listened on (the real one once started, if 0 was asked for)."""
        return self._port

    async def start(self) -> None:
        await super().start()
        handler = self._runner.server
        assert handler is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: Door(handler, self._gate, self._tally, self._header_seconds),
            self._host or None, self._port, backlog=self._backlog)
        if self._server.sockets:
            self._port = self._server.sockets[0].getsockname()[1]


def host_problem(host: str) -> str | None:
    """Why ``host`` (a request's Host header) is not one a browser sends, or None."""
    found = HOST.fullmatch(host)
    if found is not None and (found["port"] is None or 0 < int(found["port"]) < 65536):
        return None
    return (f"The request's Host header ({visible(host[:80])!r}) is not a host name and port: "
            "open the address the server printed.")


def host_check(tally: Tally) -> Middleware:
    """The middleware that answers a malformed Host header with a 400 and its sentence (every
    page builds addresses from it)."""

    @web.middleware
    async def checked(request: web.Request, handler: Handler) -> web.StreamResponse:
        problem = host_problem(request.host)
        if problem is not None:
            tally.note("host", f"refused a web request from {request.remote}: {problem}")
            return web.Response(status=400, text=problem)
        return await handler(request)

    return checked
