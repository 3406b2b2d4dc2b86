"""``kings-corner web``: the whole game in a browser tab, through textual-serve.

Each browser tab that opens the page gets its own ``kings-corner`` process, drawn by Textual's web
driver and carried over a websocket to xterm.js in the page (textual-serve's protocol: the page
sends JSON frames ``["stdin", text]`` and ``["resize", {"width": w, "height": h}]``, the process's
screen comes back as binary frames of terminal output).

What this module adds to textual-serve's :class:`~textual_serve.server.Server`:

- a page of ours (``templates/app_index.html``) that loads nothing from the internet: the web font
  textual-serve's page asks a font service for is served from textual-serve's own package, and
  every address in the page is relative to the server (textual-serve writes ``http://HOST:PORT``
  into the page, which breaks when it listens on 0.0.0.0);
- the websocket is refused to another web site's page (its ``Origin``) and, while the server
  listens on loopback only, to any name but a loopback one (DNS rebinding): there is no login, so
  whatever can open the websocket can play and read the saves;
- a bound on the tabs open at once (each is a process), with a message in the tab that is refused;
- every tab's process is ended when the server stops;
- the door of :mod:`.door`: a connection gate (per address, per minute, in all), a time to send a
  request's headers and to stay idle, and a 400 for a Host header that is not a host name;
- a paste longer than :data:`MAX_PASTE` is dropped, and a tab's frames are handed on a piece at a
  time, so that no tab holds the server's loop (:func:`read_page`);
- each tab in its browser's language (:func:`web_language`): the page's own words, and the game's,
  whose process is started speaking it (``LANGUAGE`` in its environment).

**The language of a tab.**  ``?lang=es`` (``en``, ``es``, ``fr``) on the page's address chooses it;
without it, the first language of the browser's ``Accept-Language`` header that the game speaks;
else English.  The page opens its websocket at ``/ws/LANG`` (``/ws`` for English), so the tab's
game speaks what the page spoke, and a reload (the page's "again" button keeps the address)
speaks it again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..core.i18n import DEFAULT, LANGUAGES, N_, PSEUDO, Domain, Text, language_of, speaking
from ..ssh.bounds import COLUMNS, MAX_PASTE, ROWS, SLICE, clamp_size
from ..ssh.gate import Tally
from .door import IDLE_SECONDS, GatedSite, host_check

__all__ = ["WebServer", "addresses", "is_loopback", "network_address", "no_icon", "page", "read_page",
           "refusal", "refuse", "tab_command", "STATIC", "TEMPLATES", "COLUMNS", "ROWS", "GAME_CLOSED",
           "TABLES_CLOSED", "REFUSED", "LINE_MODE", "MAX_PASTE", "SLICE", "paste_refusal", "web_language",
           "accepted_language", "websocket_path"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

TEMPLATES = Path(__file__).parent / "templates"
"""Our page (textual-serve's static files, its script, style sheet and fonts, are used as they are)."""
STATIC = Path(textual_serve.__file__).parent / "static"
"""textual-serve's script (xterm.js and its glue), style sheet and fonts."""

log = logging.getLogger("kc_tui.web")

LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback"})


def accepted_language(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header (``fr-CA,fr;q=0.9,en;q=0.8``), by its
    weights, that the game speaks; None when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for at, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = language_of(tag) if tag.strip() not in ("", "*") else None
        if found is not None and found in LANGUAGES and weight > 0:
            ranked.append((-weight, at, found))
    return min(ranked)[2] if ranked else None


def web_language(request: web.Request) -> str:
    """The language a request is answered in: the websocket's path (``/ws/es``), else the page's
    ``?lang=`` query, else the browser's ``Accept-Language``, else English (see the module)."""
    chosen = request.match_info.get("lang") or request.query.get("lang")
    if chosen:
        found = language_of(chosen)
        if found is not None:
            return found
    if request.path.rstrip("/") == "/ws":
        return DEFAULT  # the page chose English (a language of its own has its own path)
    return accepted_language(request.headers.get("Accept-Language")) or DEFAULT


def websocket_path(lang: str) -> str:
    """Where the page opens its websocket for a tab speaking ``lang``."""
    return "/ws" if lang == DEFAULT else f"/ws/{lang}"


def paste_refusal(size: int, most: int = MAX_PASTE) -> Text:
    """What a tab is told of a paste of ``size`` bytes it sent, longer than ``most`` (said in the
    language of whoever reads it)."""
    # Translators: {most:,} writes 4,096; write {most} for 4096, as the number is written in your language.
    return L_("That paste was longer than {most:,} bytes ({size:,}); it was dropped.", most=most, size=size)


async def read_page(websocket: web.WebSocketResponse, *, keys: Callable[[bytes], Awaitable[object]],
                    resize: Callable[[int, int], Awaitable[object]],
                    focus: Callable[[bool], Awaitable[None]] | None = None,
                    dropped: Callable[[str | Text], Awaitable[None]] | None = None,
                    max_paste: int = MAX_PASTE) -> None:
    """Read the page's frames until it goes: typed text to ``keys`` (:data:`SLICE` characters at a
    time, each awaited: ``keys`` may make the page wait while what it was given is handled, and
    a tab that sends faster then waits for its own input), a new size (within :data:`COLUMNS`
    and :data:`ROWS`) to ``resize``, the tab's focus to ``focus``; a ping is answered.  Text of
    more than ``max_paste`` bytes in one frame is dropped, and ``dropped`` told why.  A frame
    that is not one of textual-serve's is dropped (the page sends only those)."""
    async for message in websocket:
        if message.type == WSMsgType.TEXT:
            try:
                envelope = message.json()
                kind = envelope[0]
                if kind == "stdin" and isinstance(envelope[1], str):
                    text = envelope[1]
                    length = len(text.encode("utf-8", "replace"))
                    if length > max_paste:
                        if dropped is not None:
                            await dropped(paste_refusal(length, max_paste))
                    else:
                        for start in range(0, len(text), SLICE):
                            await keys(text[start:start + SLICE].encode("utf-8", "replace"))
                            await asyncio.sleep(0)
                elif kind == "resize":
                    size = envelope[1]
                    await resize(*clamp_size(int(size["width"]), int(size["height"])))
                elif kind == "ping":
                    await websocket.send_json(["pong", str(envelope[1])])
                elif kind in ("blur", "focus") and focus is not None:
                    await focus(kind == "focus")
            except (ValueError, TypeError, KeyError, IndexError):
                log.debug("dropped a frame that is not textual-serve's: %.80r", message.data)
        # Frames already received are read without a pause of the loop: a tab that sent many
        # would have every other tab and session wait until it had all been handled (a tab's
        # 960 KB of keys once froze the server for 55 s).
        await asyncio.sleep(0)


REFUSED = 4001
"""The code a websocket is closed with when its tab is not let in (a private code, 4000-4999):
the page then leaves the reason on its terminal instead of its "closed" dialog."""

STOPPED = 4002
"""The code a websocket is closed with when the server stops: the page then shows its "stopped"
dialog (:data:`SERVER_STOPPED`) instead of its "closed" one."""
SERVER_STOPPED = (
    N_("The server has stopped"),
    N_("The games in progress are kept: open this page again once the server is back, and take your "
       "seat at your table again."),
    N_("Open the page again"),
)
"""What the tables' page says when its server stops (as SSH sessions are told, in the page's words)."""
GAMES_STOPPED = (
    N_("The server has stopped"),
    N_('Your game was saved after its last turn: open this page again once the server is back, and '
       '"Continue a saved game" on the title screen takes it up again.'),
    N_("Open the page again"),
)
"""What the page of ``kings-corner web`` says when its server stops (its games are saves)."""


async def refuse(websocket: web.WebSocketResponse, reason: str | Text) -> None:
    """Tell the tab why it is not let in, on its terminal (in the language being served), and
    close with :data:`REFUSED`."""
    await websocket.send_bytes(f"\r\n  {reason}\r\n".encode())
    await websocket.close(code=REFUSED, message=b"not let in")


def is_loopback(host: str) -> bool:
    """Does ``host`` (a name or an address, IPv6 with or without brackets) name this machine only?"""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def addresses(host: str, port: int) -> list[str]:
    """What to open in a browser for a server listening on ``host``:``port``: the address on
    this machine first, then (listening on every network) this machine's address on its network,
    for the others, if it has one."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{f'[{host}]' if ':' in host else host}:{port}"]
    found = [f"http://127.0.0.1:{port}"]
    lan = network_address()
    if lan is not None:
        found.append(f"http://{lan}:{port}")
    return found


def network_address() -> str | None:
    """This machine's IPv4 address on the network its default route leaves by, or None (no
    network).  Connecting a UDP socket sends nothing: it only picks the route."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent to
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def tab_command(options: Sequence[str] = ()) -> str:
    """The shell command each tab runs: this Python's ``kings-corner`` (the title screen), with
    the look ``options`` (``--ascii``, ``--theme``, ``--pace``) the server was given.  textual-serve
    runs it through the shell; ``exec`` makes the game the process it waits for and ends."""
    return "exec " + shlex.join([sys.executable, "-m", "kc_tui", *options])


GAME_CLOSED = (
    N_("The game is closed"),
    N_('A game left unfinished was saved after its last turn: "Continue" on the title screen '
       "takes it up again."),
    N_("Back to the title screen"),
)
"""What the page of ``kings-corner web`` says once its game has ended: a title, a sentence, the
button that opens the page again (translated where the page is made)."""
TABLES_CLOSED = (
    N_("You are away from the tables"),
    N_("You left, or the connection dropped. A seat you held is kept for you (the "
       "computer may play it meanwhile): open the tables again in this browser and press Enter on "
       "your table to take it back."),
    N_("Back to the tables"),
)
"""What the page of ``kings-corner serve --web`` says once its lobby has ended."""


LINE_MODE = N_("This game is drawn on a canvas, which screen readers cannot read. It can be played "
               "in its line mode instead: run kings-corner play --plain in a terminal on the computer "
               "that serves this page.")
"""What the page of ``kings-corner web`` tells a screen reader (and draws nowhere)."""


def page(request: web.Request, title: str | Text, closed: tuple[str, str, str] = GAME_CLOSED,
         line_mode: str | Text = LINE_MODE, stopped: tuple[str, str, str] = GAMES_STOPPED,
         lang: str | None = None) -> web.Response:
    """Our page, in the request's language (:func:`web_language`), with the websocket's address
    on the host the browser asked for, ``closed`` (:data:`GAME_CLOSED`) shown when the connection
    ends, ``stopped`` (:data:`GAMES_STOPPED`) when the server stops, and ``line_mode``
    (:data:`LINE_MODE`) for screen readers alone (the aiohttp application must have aiohttp_jinja2
    set up on :data:`TEMPLATES`).  ``title``, ``closed`` and ``stopped`` are English, marked for
    the catalog; a ``title`` or ``line_mode`` that is a :class:`Text` is said in the page's
    language.  ``lang``: the page's language when the server fixed one for every tab (``web
    --lang``), rather than the request's."""
    from aiohttp_jinja2 import render_template

    lang = lang or web_language(request)
    scheme = "wss" if request.secure else "ws"
    websocket_url = f"{scheme}://{request.host}{websocket_path(lang)}"
    with speaking(lang):
        context = {
            "lang": lang if lang != PSEUDO else DEFAULT,
            "font_size": max(8, min(48, to_int(request.query.get("fontsize", "16"), 16))),
            "app_websocket_url": websocket_url,
            "static_url": "/static/",
            "title": _(title) if isinstance(title, str) else str(title),
            "closed_title": _(closed[0]),
            "closed_text": _(closed[1]),
            "again_label": _(closed[2]),
            "stopped_title": _(stopped[0]),
            "stopped_text": _(stopped[1]),
            "stopped_again": _(stopped[2]),
            "screen_reader": _(line_mode) if isinstance(line_mode, str) else str(line_mode),
            "opening": _("Shuffling the deck\u2026"),
            # Translators: a browser tab's title while it is in the background and the person's
            # turn has started, followed by " – " and the page's title.
            "turn_title": "\u2022 " + _("Your turn"),
            "no_script": _("This game needs JavaScript: the table is drawn by a script in this page."),
        }
    response = render_template("app_index.html", request, context)
    # The page works offline and sends nothing elsewhere; say so to the browser as well.
    response.headers["Content-Security-Policy"] = (
        f"default-src 'self'; connect-src 'self' {websocket_url}; style-src 'self' 'unsafe-inline'; "
        "script-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; frame-ancestors 'none'"
    )
    # No other site may show the game in a frame of its own page, to have its keys typed there
    # unseen: the websocket lets in the game's own page, framed or not.
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def refusal(request: web.Request, listening: str, port: int) -> str | None:
    """Why ``request`` is refused, or None: a page of another site (its Origin) may not open
    the websocket, and while the server listens on loopback only (``listening``), neither may
    a name that is not loopback (a DNS rebinding attack from a web page)."""
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    if is_loopback(listening) and not is_loopback(host):
        return _("This server answers only at {address} (it was asked for {host}).").format(
            address=f"http://127.0.0.1:{port}", host=repr(request.host))
    origin = request.headers.get("Origin")
    if origin is not None and urlsplit(origin).netloc.lower() != request.host.lower():
        return _("Another web site's page may not open this game.")
    return None


async def no_icon(request: web.Request) -> web.Response:
    """The browser asks every site for an icon; there is none (rather than a 404 in its console)."""
    return web.Response(status=204)


async def _closed_download(request: web.Request, response: web.StreamResponse) -> None:
    """A file a tab's game delivers (a screenshot) is downloaded, and should a browser show it
    all the same, it may fetch nothing, from anywhere."""
    if request.path.startswith("/download/"):
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
        response.headers["X-Content-Type-Options"] = "nosniff"


class WebServer(Server):
    """textual-serve's server with our page, the websocket's checks and a bound on the tabs.

    ``on_ready`` is called with the address once the server listens (the command prints it)."""

    def __init__(self, command: str, host: str, port: int, *, max_tabs: int = 8,
                 on_ready: Any = None, lang: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=N_("Kings in the Corner"),
                         templates_path=TEMPLATES)
        self.max_tabs = max_tabs
        self.on_ready = on_ready
        self.lang = lang
        """The language every tab's game speaks when the command fixed one (``--lang``): the page
        speaks it too, whatever the browser asks (a play test's page was English over a French
        game)."""
        self.tabs: set[AppService] = set()
        """The tabs open now, each with its process."""
        self.tally = Tally(log)
        """The log's lines for what may come by the thousand (refusals, dropped input)."""
        self._stop = asyncio.Event()

    def initialize_logging(self) -> None:
        # One plain line per event, on standard error; aiohttp's line per request is left out.
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.INFO,
                            format="%(asctime)s %(message)s", datefmt="%H:%M:%S", stream=sys.stderr)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(host_check(self.tally))
        app.router.add_get("/favicon.ico", no_icon)
        app.router.add_get("/ws/{lang}", self.handle_websocket)
        app.on_response_prepare.append(_closed_download)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its banner here, before the port is open; we say nothing yet.)"""

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM; ``on_ready`` is called once the port is open
        (:class:`OSError` if it cannot be)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for each in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(each, self.request_exit)
        try:
            loop.run_until_complete(self._serve())
        finally:
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _serve(self) -> None:
        # aiohttp's run_app would open a plain TCP site: every connection here passes the door.
        from ..ssh.gate import Gate, GateLimits

        # One browser holds a connection for each tab and up to 6 more for the page's files, and
        # opens 3 for a new tab (Chromium): one person may open every tab this server allows.
        gate = Gate(GateLimits(per_address=self.max_tabs + 16, per_minute=120))
        runner = web.AppRunner(await self._make_app(), access_log=None, handle_signals=False,
                               keepalive_timeout=IDLE_SECONDS)
        await runner.setup()
        try:
            site = GatedSite(runner, self.host, self.port, gate=gate, tally=self.tally)
            await site.start()
            self.port = site.port
            if self.on_ready is not None:
                self.on_ready()
            await self._stop.wait()
        finally:
            await runner.cleanup()

    def request_exit(self) -> None:
        """Stop serving (every tab's game is asked to quit first)."""
        self._stop.set()

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(self._end_tab(tab) for tab in list(self.tabs)))

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, with the websocket's address on the host the browser asked for."""
        with speaking(self.lang or web_language(request)):
            why = refusal(request, self.host, self.port)
        if why is not None:
            return web.Response(status=403, text=why)
        return page(request, self.title, lang=self.lang)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: its own game process, until the tab closes or the game is left."""
        why = refusal(request, self.host, self.port)
        if why is not None:
            self.tally.note("origin", f"refused a websocket from {request.remote}: {why}")
            raise web.HTTPForbidden(text=why)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        lang = self.lang or web_language(request)
        if len(self.tabs) >= self.max_tabs:
            self.tally.note("full", f"refused a tab from {request.remote}: {len(self.tabs)} tabs are open")
            with speaking(lang):
                open_now = len(self.tabs)
                await refuse(websocket, ngettext(
                    "{n} game is open in another tab, as many as this server allows (--max-tabs {most}).",
                    "{n} games are open in other tabs, as many as this server allows (--max-tabs {most}).",
                    open_now).format(n=open_now, most=self.max_tabs)
                    + "\r\n  " + _("Close one and reload this page."))
            return websocket
        width = max(20, min(500, to_int(request.query.get("width", "80"), 80)))
        height = max(10, min(200, to_int(request.query.get("height", "24"), 24)))

        async def close() -> None:
            # A tab whose game ended as the server stops is told so: the page's "closed" dialog
            # offered the title again, of a server that was no more (a play test).
            if self._stop.is_set():
                await websocket.close(code=STOPPED, message=b"the server stops")
            else:
                await websocket.close()

        tab = _Speaking(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                        close=close, download_manager=self.download_manager)
        tab.lang = lang
        self.tabs.add(tab)
        log.info("tab opened from %s (%d open)", request.remote, len(self.tabs))
        try:
            await tab.start(width, height)
            await self._relay(websocket, tab, str(request.remote))
        except asyncio.CancelledError:
            await close()
        finally:
            await self._end_tab(tab)
            log.info("tab closed (%d open)", len(self.tabs))
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, tab: AppService, remote: str) -> None:
        """The page's frames to the tab's process (the page at the address ``remote``)."""

        async def focus(focused: bool) -> None:
            await (tab.focus() if focused else tab.blur())

        async def dropped(why: str | Text) -> None:
            with speaking(DEFAULT):
                self.tally.note("input", f"dropped input from a tab at {remote}: {why}")

        await read_page(websocket, keys=tab.send_bytes, resize=tab.set_terminal_size, focus=focus,
                        dropped=dropped)

    async def _end_tab(self, tab: AppService) -> None:
        """Ask the tab's game to quit (it keeps its save, as leaving does); end the process
        if it has not gone within five seconds."""
        if tab not in self.tabs:
            return
        self.tabs.discard(tab)
        process = tab._process

        async def quit() -> None:
            await tab.stop()  # returns once the game's output has ended: not yet the process
            if process is not None:
                await process.wait()

        try:
            await asyncio.wait_for(quit(), 5)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass
        if process is not None and process.returncode is None:
            log.warning("a tab's game did not quit within 5 s: ended (its save keeps the last turn)")
            process.kill()
            await process.wait()


class _Speaking(AppService):
    """A tab's game process, started speaking the tab's language (``LANGUAGE`` in its
    environment: :func:`kc_tui.core.i18n.from_environment` reads it, as gettext would)."""

    lang = DEFAULT

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["LANGUAGE"] = self.lang
        for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
            # LANGUAGE is not read under the C locale (gettext's rule, and ours).
            if environment.get(name) in ("C", "POSIX"):
                environment[name] = "C.UTF-8"
        return environment
