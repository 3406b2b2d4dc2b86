"""``kings-corner serve --web PORT``: the lobby and tables of the running table server, open to
browser tabs next to the SSH sessions.

A browser tab is served like an SSH session with a terminal, in the server's own process and event
loop: the page of ``kings-corner web`` (xterm.js, every asset from the package) opens a websocket,
and the tab's :class:`~kc_tui.tui.lobby.LobbyApp` runs on the same :class:`~kc_tui.net.TableServer`
through the same :class:`~kc_tui.ssh.driver.ChannelDriver` as an SSH session's.  So a browser
player sits at the same tables, sees exactly what a seat or a spectator may see, and is held to the
same rules, with no second copy of the game anywhere.

Who is who: the page gives each browser a random player token in a cookie (HttpOnly, SameSite
Strict, a year long), and the tab's identity is ``browser:`` and a digest of that token, as an SSH
player's is their key's fingerprint.  The same browser (a reload, a tab opened again, a dropped
connection) is the same person: the name chosen on the first visit is remembered and a seat held
through a dropped connection is taken back, as with the same SSH key.  Another browser, or one
whose cookies were cleared, is a new person.  The cookie is the only seat token: no code is shown
to be typed elsewhere (anyone who saw it could take the seat, and a link carrying one, opened from
any web page, would replace the browser's own token unasked).

Open to the internet, one browser may not hold the tables: a browser may have
:data:`TABS_PER_BROWSER` tabs open and an address :data:`TABS_PER_ADDRESS`; every connection to
the port passes the server's connection gate and has a time to send its request
(:mod:`.door`); and a tab that types faster than its app can follow waits for its own keys
(:data:`BACKLOG`), while every other tab and SSH session has its turn.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any, Protocol

from aiohttp import web
from rich.console import Console
from textual.app import App

from ..core.i18n import DEFAULT, Domain, Speaker, Text, speaking, use_speaker
from ..core.text import visible
from ..net import tables_title
from ..ssh.driver import ChannelDriver, driver_for
from ..ssh.gate import Gate, Given, SessionCount, Tally, client_of
from ..tui.host import GameHost
from . import (
    COLUMNS,
    MAX_PASTE,
    ROWS,
    SERVER_STOPPED,
    STATIC,
    STOPPED,
    TABLES_CLOSED,
    TEMPLATES,
    no_icon,
    page,
    read_page,
    refusal,
    refuse,
    web_language,
)
from .door import HEADER_SECONDS, IDLE_SECONDS, Door, GatedSite, host_check

__all__ = ["BrowserTables", "browser_key", "COOKIE"]

log = logging.getLogger("kc_tui.web")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

COOKIE = "kc_player"
"""The cookie that holds a browser's player token."""
TOKEN = re.compile(r"[0-9a-f]{32}")
MAX_BUFFERED = 512 * 1024
"""Bytes of screen output waiting for a tab that does not read; past this it is disconnected
rather than the server's memory growing (as an SSH client that stalls)."""
TABS_PER_ADDRESS = 8
"""Tabs open at once from one address (a household behind one router shares one)."""
TABS_PER_BROWSER = 4
"""Tabs open at once with one browser's cookie (one person)."""
BACKLOG = 32
"""Messages waiting in a tab's app past which the tab's next keys wait (and, the websocket
not being read meanwhile, its page): a flood of keys is read at the pace the app handles it,
costing that tab its own time only."""
NOTICE_EVERY = 5.0
"""Seconds between two notices to one tab that its input was dropped."""


def browser_key(token: str) -> str:
    """The identity of the browser holding ``token``: never the same as an SSH key's fingerprint
    (those start with ``SHA256:``), and the token itself is not kept."""
    return "browser:" + hashlib.sha256(token.encode()).hexdigest()[:32]


class _Tab:
    """One tab's terminal, as :class:`ChannelDriver` needs it: its size, and a way to send."""

    def __init__(self, ws: web.WebSocketResponse, columns: int, rows: int) -> None:
        self.ws = ws
        self.columns, self.rows = columns, rows
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.buffered = 0
        self.stalled = False
        self.noticed = float("-inf")
        """When the tab was last told that its input was dropped."""
        self.stopping = False
        """The server stops: the page is told so as its websocket closes (:data:`STOPPED`)."""

    def size(self) -> tuple[int, int]:
        return self.columns, self.rows

    def send(self, data: bytes) -> None:
        if self.stalled:
            return
        self.buffered += len(data)
        if self.buffered > MAX_BUFFERED:
            self.stalled = True
            log.warning("a browser tab that does not read was disconnected")
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(data)

    async def pump(self) -> None:
        """Send the screen's output in order, one frame at a time."""
        while (data := await self.queue.get()) is not None:
            self.buffered -= len(data)
            try:
                await self.ws.send_bytes(data)
            except (ConnectionError, RuntimeError):
                break
        if self.stopping:
            await self.ws.close(code=STOPPED, message=b"the server stops")
        else:
            await self.ws.close()


class TabCounts(Protocol):
    """Where the browsers' tabs are counted (:class:`~kc_tui.ssh.gate.SessionCount` is one)."""

    def admits(self, key: str | None, address: str, holder: str = "") -> str | None:
        """Count one more tab of the browser ``key`` from ``address``, or say which limit it met
        (``"full"``, ``"key"``, ``"address"``; ``"lost"``: the count could not be asked)."""

    def ends(self, key: str | None, address: str, holder: str = "") -> None:
        """A tab :meth:`admits` counted has closed."""


class BrowserTables:
    """The web side of ``kings-corner serve``: ``app_for(key)`` makes a tab's app (the lobby);
    listens on ``host``:``port`` until :meth:`stop`.  ``gate`` is the server's connection gate,
    shared with its SSH port (None: one of the web port's own)."""

    def __init__(self, app_for: Callable[[str], App[Any]], host: str, port: int, *,
                 max_tabs: int = 64, ssh_port: int | None = None, gate: Gate | None = None,
                 tabs_per_address: int = TABS_PER_ADDRESS, tabs_per_browser: int = TABS_PER_BROWSER,
                 header_seconds: float = HEADER_SECONDS, idle_seconds: float = IDLE_SECONDS,
                 max_paste: int = MAX_PASTE, counts: TabCounts | None = None) -> None:
        """``counts``: where the tabs are counted (``serve --workers``: in the table host, for
        every worker's; None: here, for this process's)."""
        self.app_for = app_for
        self.host = host
        self.port = port
        self.max_tabs = max_tabs
        self.ssh_port = ssh_port
        """The SSH side's port, named to screen readers (the line mode is played over SSH)."""
        self.gate = gate if gate is not None else Gate()
        self.tabs_per_address = tabs_per_address
        self.tabs_per_browser = tabs_per_browser
        self.header_seconds = header_seconds
        self.idle_seconds = idle_seconds
        self.max_paste = max_paste
        self.tabs: dict[App[Any], _Tab] = {}
        """Each open tab's app, and its terminal."""
        self.tally = Tally(log)
        """The log's lines for what may come by the thousand (refusals, dropped input)."""
        self.counts: TabCounts = counts if counts is not None else SessionCount(
            tabs_per_browser, tabs_per_address, total=max_tabs)
        self._runner: web.AppRunner | None = None

    async def start(self, listen: bool = True) -> None:
        """Listen (:class:`OSError` if the port cannot be had); ``port`` is then the real one.
        Without ``listen``, only serve the connections another process accepted on ``port`` and
        hands over (:meth:`take`)."""
        import aiohttp_jinja2
        import jinja2

        app = web.Application(middlewares=[host_check(self.tally)])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.add_routes([
            web.get("/", self._page),
            web.get("/ws", self._websocket),
            web.get("/ws/{lang}", self._websocket),
            web.get("/favicon.ico", no_icon),
            web.static("/static", STATIC),
        ])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     keepalive_timeout=self.idle_seconds)
        await self._runner.setup()
        if not listen:
            return
        site = GatedSite(self._runner, self.host, self.port, gate=self.gate, tally=self.tally,
                         header_seconds=self.header_seconds)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            raise
        self.port = site.port

    async def take(self, sock: socket.socket, verdict: str | None, leave: Callable[[str], None]) -> None:
        """Serve a connection another process accepted (``serve --workers``), which its gate
        admitted (``verdict`` None) or refused with that reason (the browser is told it);
        ``leave`` tells that gate when the connection closes."""
        assert self._runner is not None and self._runner.server is not None
        handler = self._runner.server
        await asyncio.get_running_loop().connect_accepted_socket(
            lambda: Door(handler, Given(verdict, leave), self.tally, self.header_seconds), sock)

    async def stop(self) -> None:
        """Every tab's app ends (a seat it holds is detached, as a dropped connection's), then
        the port is closed."""
        for tab in self.tabs.values():
            tab.stopping = True
        for app in list(self.tabs):
            if app.is_running:
                app.exit()
        for _ in range(100):
            if not self.tabs:
                break
            await asyncio.sleep(0.05)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _page(self, request: web.Request) -> web.StreamResponse:
        with speaking(web_language(request)):
            why = refusal(request, self.host, self.port)
        if why is not None:
            return web.Response(status=403, text=why)
        response = page(request, tables_title(), TABLES_CLOSED, self._line_mode(request), SERVER_STOPPED)
        if not TOKEN.fullmatch(request.cookies.get(COOKIE, "")):
            response.set_cookie(COOKIE, secrets.token_hex(16), max_age=365 * 24 * 3600, httponly=True,
                                samesite="Strict", path="/", secure=request.secure)
        return response

    def _line_mode(self, request: web.Request) -> Text:
        """Where a screen reader's user plays these tables: their line mode over SSH, on the
        host name this page was opened at."""
        host = request.url.host or "HOST"
        if self.ssh_port:
            return L_("These tables are drawn on a canvas, which screen readers cannot read. The same "
                      "tables can be played in their line mode over SSH: connect with {command}.",
                      command=" ".join(["ssh -p", str(self.ssh_port), host, "plain"]))
        return L_("These tables are drawn on a canvas, which screen readers cannot read. The same tables "
                  "can be played in their line mode over SSH: connect with ssh at this server's SSH port, "
                  "adding the word plain.")

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        # The tab speaks the language its page chose: this handler's task, and the app's task
        # made from it, serve a speaker of their own (the Settings screen may change it).
        speaker = Speaker(web_language(request))
        served = use_speaker(speaker)
        try:
            return await self._tab(request)
        finally:
            served.var.reset(served)

    async def _tab(self, request: web.Request) -> web.WebSocketResponse:
        why = refusal(request, self.host, self.port)
        if why is not None:
            raise web.HTTPForbidden(text=why)
        token = request.cookies.get(COOKIE, "")
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await ws.prepare(request)
        if not TOKEN.fullmatch(token):
            await refuse(ws, _("This browser did not keep the page's cookie, and the tables know a browser "
                               "by it.") + "\r\n  "
                         + _("Allow cookies for this address, then reload the page."))
            return ws
        address = client_of(request.remote or "an unknown address")
        key = browser_key(token)
        why = self._tab_refusal(address, key)
        if why is not None:
            await refuse(ws, why)
            return ws
        try:
            return await self._serve_tab(request, ws, address, key)
        finally:
            self.counts.ends(key, address)

    async def _serve_tab(self, request: web.Request, ws: web.WebSocketResponse, address: str,
                         key: str) -> web.WebSocketResponse:
        columns = _clamp(request.query.get("width"), 80, *COLUMNS)
        rows = _clamp(request.query.get("height"), 24, *ROWS)
        tab = _Tab(ws, columns, rows)
        app = self.app_for(key)
        built: list[ChannelDriver] = []
        build = driver_for(tab)

        def capture(app_: App[Any], **options: Any) -> ChannelDriver:
            built.append(build(app_, **options))
            return built[-1]

        app.driver_class = capture  # type: ignore[assignment]
        if isinstance(app, GameHost):
            # It would be written on the server's disk (this tab's driver is no browser's
            # download), as many times as a guest asks: not at the tables, as over SSH.
            app.offers_screenshot = False
            app.in_browser = True  # the turn marks the tab's title (see GameHost.turn_starts)
        # xterm.js in the page draws true colour.
        app.console = Console(color_system="truecolor", file=app.console.file, markup=True, highlight=False,
                              emoji=False, legacy_windows=False, force_terminal=True, safe_box=False,
                              soft_wrap=False)
        self.tabs[app] = tab
        log.info("browser tab from %s (%s, %dx%d)", visible(address), key[:16], columns, rows)
        pump = asyncio.create_task(tab.pump())
        running = asyncio.create_task(app.run_async(mouse=False, size=(columns, rows)))
        running.add_done_callback(lambda _: tab.queue.put_nowait(None))
        try:

            async def keys(data: bytes) -> None:
                if built and await _caught_up(app, request):
                    built[-1].feed(data)

            async def resize(columns: int, rows: int) -> None:
                tab.columns, tab.rows = columns, rows
                if built and await _caught_up(app, request):
                    built[-1].resize(columns, rows)

            async def dropped(why: str | Text) -> None:
                with speaking(DEFAULT):
                    self.tally.note("input", f"dropped input from a browser tab at {visible(address)} "
                                             f"({key[:16]}): {why}")
                now = time.monotonic()
                if now - tab.noticed >= NOTICE_EVERY and app.is_running:
                    tab.noticed = now
                    app.notify(str(why), severity="warning")

            await read_page(ws, keys=keys, resize=resize, dropped=dropped, max_paste=self.max_paste)
        finally:
            if app.is_running:
                app.exit()
            try:
                await asyncio.wait_for(running, 10)
            except Exception:
                log.exception("the app of a browser tab failed")
            tab.queue.put_nowait(None)
            await pump
            self.tabs.pop(app, None)
            log.info("browser tab closed (%s)", key[:16])
        return ws

    def _tab_refusal(self, address: str, key: str) -> str | None:
        """Why one more tab from ``address`` with the browser ``key`` is not let in (the tab's
        sentence), or None and the tab counted; the log hears of refusals at most once a minute
        for each reason."""
        limit = self.counts.admits(key, address)
        if limit is None:
            return None
        if limit == "lost":
            return _("The tables cannot be reached just now; try again in a moment.")
        if limit == "full":
            self.tally.note("full", f"refused a browser tab from {visible(address)}: {self.max_tabs} tabs "
                                    "are open, the most")
            return ngettext("The server is full ({n} browser tab): try again later.",
                            "The server is full ({n} browser tabs): try again later.",
                            self.max_tabs).format(n=self.max_tabs)
        if limit == "address":
            self.tally.note("address", f"refused a browser tab from {visible(address)}: it has "
                                       f"{self.tabs_per_address} open, the most for one address")
            return ngettext("{n} tab is open from your address, as many as this server allows: close it "
                            "and reload this page.",
                            "{n} tabs are open from your address, as many as this server allows: close "
                            "one and reload this page.",
                            self.tabs_per_address).format(n=self.tabs_per_address)
        assert limit == "key", limit
        self.tally.note("browser", f"refused a browser tab from {visible(address)}: its browser "
                                   f"({key[:16]}) has {self.tabs_per_browser} open, the most for one")
        return ngettext("{n} tab is open in this browser, as many as one browser may: close it and "
                        "reload this page.",
                        "{n} tabs are open in this browser, as many as one browser may: close one and "
                        "reload this page.", self.tabs_per_browser).format(n=self.tabs_per_browser)


async def _caught_up(app: App[Any], request: web.Request) -> bool:
    """Wait while ``app`` has more than :data:`BACKLOG` messages to handle; whether the tab is
    still there to be given more (input still on its way once the app or the connection has
    ended is for nobody)."""

    def there() -> bool:
        return app.is_running and request.transport is not None and not request.transport.is_closing()

    while there() and waiting_messages(app) > BACKLOG:
        await asyncio.sleep(0.01)
    return there()


def waiting_messages(app: App[Any]) -> int:
    """Messages waiting in ``app``: its own, its screen's and its focused widget's, where a key
    goes."""
    pumps: list[Any] = [app]
    if app.screen_stack:
        pumps.append(app.screen)
    if app.focused is not None:
        pumps.append(app.focused)
    return sum(pump.message_queue_size for pump in pumps)


def _clamp(value: Any, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(value)))
    except (TypeError, ValueError):
        return default
