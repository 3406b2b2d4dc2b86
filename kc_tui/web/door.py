"""The web port's door: what a request must be before any page is built from it.

A request whose Host header is not a host name (and port) is answered with a 400 by
:func:`host_check` (a bad port once made a 500 and a traceback: the pages build addresses from
that header).  The log hears of such refusals at most once a minute, with how many there were
since (:class:`Tally`).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from ..engine.text import visible

__all__ = ["Tally", "host_check", "host_problem"]

log = logging.getLogger("kc_tui.web")

HOST = re.compile(r"(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")
"""A Host header as a browser sends it: a name or an IPv4 address, or an IPv6 one in brackets,
and maybe a port."""


class Tally:
    """Log lines for what may happen many times a second (refusals, timeouts, dropped input):
    for each kind, the first at once, then at most one every ``every`` seconds, saying how many
    more there were since the last."""

    def __init__(self, logger: logging.Logger = log, every: float = 60.0, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._kinds: dict[str, tuple[float, int]] = {}

    def note(self, kind: str, message: str) -> None:
        """One more ``kind`` of event, described by ``message`` (logged now, or counted)."""
        now = self.clock()
        last, count = self._kinds.get(kind, (float("-inf"), 0))
        if now - last < self.every:
            self._kinds[kind] = (last, count + 1)
            return
        more = f" (and {count} more since the last line)" if count else ""
        self.logger.warning("%s%s", message, more)
        self._kinds[kind] = (now, 0)


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
