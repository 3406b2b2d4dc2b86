"""The SSH server: who may come in, what a session gets, and the limits that keep one process
serving many people.

One asyncio loop holds everything: asyncssh's connections, each terminal session's Textual app
(:mod:`kc_tui.ssh.driver`) and each line-mode session.  A session with a terminal (a pty) and no
command gets the full-screen front end; a session without a terminal, or with the command
``plain``, gets the line mode.  Nothing else is served: other commands, subsystems (SFTP), port
and agent forwarding are refused, each with a line in the log.

What a session runs is given by the caller as two factories (:class:`FrontEnds`), so the server
knows nothing of the game: the lobby of :mod:`kc_tui.net` in ``kings-corner serve``, any app in
the tests.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import os
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
from rich.console import Console
from textual.app import App

from ..cli.common import glyphs_likely
from ..engine.text import visible
from .collector import Collector
from .driver import RESTORE_TERMINAL, ChannelDriver, driver_for

__all__ = [
    "Client", "FrontEnds", "GameSSHServer", "Limits", "LineIO", "host_key", "load_authorized_keys",
]

log = logging.getLogger("kc_tui.ssh")

PLAIN_COMMAND = "plain"
"""The one command a client may give: the line mode (``ssh -p 2222 HOST plain``)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server allows; each limit, when reached, is a sentence to the client and a line
    in the log."""

    max_sessions: int = 64
    """Sessions (terminal or line mode) at once."""
    connections_per_minute: int = 20
    """New connections from one address in any minute."""
    idle_seconds: float = 900.0
    """A session in the lobby (not at a table) with no input for this long is closed."""
    max_line: int = 500
    """Characters in one line of the line mode; a longer line is dropped whole."""
    max_buffered: int = 512 * 1024
    """Bytes of output waiting for a client that does not read (beyond what SSH's own window
    lets through); past this the client is disconnected instead of the server's memory growing."""
    login_seconds: float = 30.0
    """Time from connecting to being signed in."""


@dataclass(slots=True)
class Client:
    """One signed-in session: who (the SHA256 fingerprint of the key they signed in with, or
    None for a guest), from where, and with what terminal."""

    key: str | None
    username: str
    address: str
    term: str | None = None
    """The terminal type of the pty request (None: no terminal)."""
    env: Mapping[str, str] = field(default_factory=dict)
    """What the client sent as environment (LANG, LC_*): used for the glyph test only."""
    at_table: Callable[[], bool] = lambda: False
    """Set by the front end: is this session at a table?  (The lobby's idle limit spares it.)"""

    @property
    def guest(self) -> bool:
        return self.key is None

    @property
    def ascii(self) -> bool:
        """Should this client get ASCII (no box drawing, no suit glyphs)?  On a console
        (TERM=linux, vt100...) or a non-UTF-8 locale, as at a local terminal."""
        return not glyphs_likely(self.looks())

    def looks(self) -> dict[str, str]:
        """The environment the glyph test reads: the client's TERM and locale; a client that
        sends no locale is taken to be UTF-8, as nearly every SSH client's terminal is."""
        env = {"LANG": "C.UTF-8"}
        env.update({k: v for k, v in self.env.items() if k in ("LANG", "LC_ALL", "LC_CTYPE")})
        env["TERM"] = self.term or "dumb"
        return env


class LineIO:
    """The line mode's two ends over a channel: :meth:`read_line` (None at the end of input)
    and :meth:`write`.  With a terminal the server echoes and edits the line (the client's
    terminal is raw); without one, the client's own terminal does."""

    def __init__(self, session: _Session) -> None:
        self._session = session
        self._lines: asyncio.Queue[str | None] = asyncio.Queue(maxsize=64)
        self._line: list[str] = []
        self._dropping = False
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._last_cr = False
        """The last character was a CR: a LF right after it ends no second line."""

    async def read_line(self) -> str | None:
        """The next line the client typed, without its end; None when the client is gone."""
        return await self._lines.get()

    def write(self, text: str) -> None:
        """Text for the client (newlines become CR LF on a terminal)."""
        if self._session.pty:
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        self._session.send(text.encode("utf-8", "replace"))

    def end(self) -> None:
        """No more input (the client closed it or went away)."""
        try:
            self._lines.put_nowait(None)
        except asyncio.QueueFull:
            pass

    def feed(self, data: bytes) -> None:
        echo = self._session.pty
        for ch in self._decode(data):
            if ch in "\r\n":
                if ch == "\n" and not self._line and self._last_cr:
                    self._last_cr = False
                    continue  # CR LF from a terminal is one line end
                self._last_cr = ch == "\r"
                if echo:
                    self.write("\n")
                if self._dropping:
                    self._dropping = False
                    self.write(f"That line was longer than {self._session.limits.max_line} "
                               "characters; it was dropped.\n")
                else:
                    self._push("".join(self._line))
                self._line.clear()
                continue
            self._last_cr = False
            if ch in "\x03\x04" and echo:  # Ctrl+C, Ctrl+D at a terminal: leave
                if ch == "\x04" and self._line:
                    continue
                self.end()
                return
            if ch in "\x7f\x08":
                if self._line:
                    self._line.pop()
                    if echo:
                        self._session.send(b"\x08 \x08")
                continue
            if not ch.isprintable():
                continue  # control characters and escape sequences are not part of a command
            if len(self._line) >= self._session.limits.max_line:
                if not self._dropping:
                    log.info("%s sent a line over %d characters", self._session.who,
                             self._session.limits.max_line)
                self._dropping = True
                continue
            self._line.append(ch)
            if echo:
                self._session.send(ch.encode("utf-8"))

    def _push(self, line: str) -> None:
        try:
            self._lines.put_nowait(line)
        except asyncio.QueueFull:
            self.write("Too many lines at once; that one was dropped.\n")


class ReturnKey:
    """The Return key as a full-screen app reads it: CR.  Most terminals send CR for Return,
    but some send LF (a terminal set to "newline mode", a client in a script, some Windows and
    phone clients) or CR LF; an app reads LF as Ctrl+J, and a Return that sent it was lost (the
    name dialog of a first visit never closed).  So a lone LF becomes CR, and the LF of a CR LF
    is dropped.  (No escape sequence and no UTF-8 character holds either byte.)"""

    def __init__(self) -> None:
        self._after_cr = False

    def __call__(self, data: bytes) -> bytes:
        if b"\n" not in data:
            if data:
                self._after_cr = data.endswith(b"\r")
            return data
        out = bytearray()
        for byte in data:
            if byte == 0x0A:
                if not self._after_cr:
                    out.append(0x0D)
                self._after_cr = False
                continue
            out.append(byte)
            self._after_cr = byte == 0x0D
        return bytes(out)


@dataclass(frozen=True, slots=True)
class FrontEnds:
    """What a session runs.  ``app`` makes the full-screen app for a client with a terminal;
    ``lines`` runs the line mode for a client until it returns."""

    app: Callable[[Client], App[Any]]
    lines: Callable[[Client, LineIO], Awaitable[None]]


class _Session(asyncssh.SSHServerSession):
    """One SSH session channel: a terminal app, the line mode, or a refusal."""

    def __init__(self, server: GameSSHServer, client: Client) -> None:
        self.server = server
        self.client = client
        self.limits = server.limits
        self.who = f"{client.username}@{client.address} ({client.key or 'guest'})"
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.pty = False
        self.columns, self.rows = 80, 24
        self.command: str | None = None
        self.driver: ChannelDriver | None = None
        self.app: App[Any] | None = None
        self.lines: LineIO | None = None
        self.task: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.closed = False
        self.returns = ReturnKey()

    # ---------------------------------------------------------------- asyncssh callbacks
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.pty = True
        self.client.term = term_type
        if term_size[0] and term_size[1]:
            self.columns, self.rows = term_size[0], term_size[1]
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # anything but "plain" is refused with a sentence once started
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused subsystem %r to %s", visible(subsystem), self.who)
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        env = self.chan.get_environment()
        self.client.env = {str(k): str(v) for k, v in env.items()}
        command = (self.command or "").strip()
        if command and command != PLAIN_COMMAND:
            log.info("refused command %r to %s", visible(command[:80]), self.who)
            self._refuse(f"Only Kings in the Corner is served here: connect with no command for "
                         f"the lobby, or with the command '{PLAIN_COMMAND}' for the line mode.")
            return
        if not self.server.admit(self):
            return
        if not self.pty or command:
            # Made now, not when the task first runs: a script's input (and its end) may come in
            # right behind the session's start, and would otherwise find nothing to go to.
            self.lines = LineIO(self)
        self.task = asyncio.get_running_loop().create_task(
            self._run_lines() if self.lines is not None else self._run_app())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.driver is not None:
            self.driver.feed(self.returns(data))
        elif self.lines is not None:
            self.lines.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.columns, self.rows = width, height
            if self.driver is not None:
                self.driver.resize(width, height)

    def eof_received(self) -> bool:
        # The client sends nothing more (a script's input ran out).  The line mode still reads
        # what came before and answers it: the channel stays open until the front end ends.
        if self.lines is not None:
            self.lines.end()
        else:
            self._stop()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._stop()

    # ---------------------------------------------------------------- the terminal (driver side)
    def size(self) -> tuple[int, int]:
        return self.columns, self.rows

    def send(self, data: bytes) -> None:
        """Output for the client; a client whose unread output passes the limit is disconnected."""
        chan = self.chan
        if chan is None or self.closed or chan.is_closing():
            return
        chan.write(data)
        if chan.get_write_buffer_size() > self.limits.max_buffered:
            log.warning("disconnected %s: %d bytes of output unread", self.who,
                        chan.get_write_buffer_size())
            self.hang_up("Disconnected: your terminal stopped reading what the server sends.",
                         abort=True)

    def hang_up(self, message: str, abort: bool = False) -> None:
        """Say ``message`` (as the last line the client sees) and close the session."""
        chan = self.chan
        if chan is None or self.closed:
            return
        self.closed = True
        restore = ""
        if self.driver is not None:
            self.driver.disable_input()
            restore = RESTORE_TERMINAL
        self._stop()
        try:
            if abort:
                chan.abort()  # the client reads nothing: the sentence could only queue behind the rest
                return
            chan.write((restore + "\r\n" + message + "\r\n").encode())
            chan.exit(1)
        except (OSError, asyncssh.Error):
            pass

    # ---------------------------------------------------------------- running a front end
    def _refuse(self, message: str) -> None:
        assert self.chan is not None
        self.chan.write((message + "\r\n").encode())
        self.chan.exit(1)

    async def _run_app(self) -> None:
        app = self.server.front_ends.app(self.client)
        session = self

        class Bound:
            def size(self) -> tuple[int, int]:
                return session.size()

            def send(self, data: bytes) -> None:
                session.send(data)

        build = driver_for(Bound())

        def capture(app_: App[Any], **options: Any) -> ChannelDriver:
            self.driver = build(app_, **options)
            return self.driver

        app.driver_class = capture  # type: ignore[assignment]
        # The client's terminal, not the server's, decides the colours: 256 colours for
        # xterm-256color, 16 for a console, true colour where the client says so.
        app.console = Console(
            color_system="auto", file=app.console.file, markup=True, highlight=False, emoji=False,
            legacy_windows=False, force_terminal=True, safe_box=False, soft_wrap=False,
            _environ={"TERM": self.client.term or "xterm", **{
                k: v for k, v in self.client.env.items() if k == "COLORTERM"}},
        )
        self.app = app
        log.info("terminal session for %s (%s, %dx%d)", self.who, visible(self.client.term or "?"),
                 self.columns, self.rows)
        try:
            await app.run_async(mouse=False, size=(self.columns, self.rows))
        except Exception:
            log.exception("the app of %s failed", self.who)
        finally:
            self.driver = None
            self._finish()

    async def _run_lines(self) -> None:
        assert self.lines is not None
        log.info("line-mode session for %s", self.who)
        try:
            await self.server.front_ends.lines(self.client, self.lines)
        except Exception:
            log.exception("the line mode of %s failed", self.who)
        finally:
            self._finish()

    def _stop(self) -> None:
        """The client went (or is being sent) away: end what runs for it.  A line-mode front end
        is told by the end of its input; one that does not end by itself soon after (it was busy
        writing) is cancelled."""
        if self.app is not None and self.app.is_running:
            self.app.exit()
        if self.lines is not None:
            self.lines.end()
            task = self.task
            if task is not None and not task.done():
                asyncio.get_running_loop().call_later(2.0, task.cancel)

    def _finish(self) -> None:
        self.server.release(self)
        chan = self.chan
        if chan is not None and not self.closed:
            self.closed = True
            try:
                chan.exit(0)
            except (OSError, asyncssh.Error):
                pass


class _Connection(asyncssh.SSHServer):
    """One client connection: its address, the key it proved it holds, its sessions."""

    def __init__(self, server: GameSSHServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.key: str | None = None
        self.guest = False
        self.username = ""
        self.refusal: str | None = None
        """Why this connection is refused (said at sign-in), if it is."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.server.connected(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.disconnected(self)

    def begin_auth(self, username: str) -> bool:
        self.username = visible(username[:40])
        if self.refusal is not None and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
            return True
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        allowed = self.server.authorized is None or fingerprint in self.server.authorized
        if not allowed:
            log.warning("refused key %s from %s: not in the authorized keys", fingerprint, self.address)
            return False
        # The last key accepted is the one the client signs with (asyncssh checks the signature).
        self.key = fingerprint
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.server.guests

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # A guest: no key, no password; let in at once (only when the server admits guests).
        self.guest = True
        self.key = None
        return True

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        log.info("signed in: %s from %s (%s)", self.username, self.address, self.key or "guest")

    def session_requested(self) -> _Session:
        return _Session(self.server, Client(key=None if self.guest else self.key,
                                            username=self.username, address=self.address))

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        log.info("refused port forwarding to %s:%s from %s", visible(dest_host[:80]), dest_port, self.address)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("refused remote port forwarding from %s", self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        log.info("refused socket forwarding from %s", self.address)
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        log.info("refused socket forwarding from %s", self.address)
        return False


SWITCH_SECONDS = 0.0005
"""How often the interpreter's lock passes between threads while the server runs (see start)."""


class GameSSHServer:
    """The server: :meth:`start` listens, :meth:`stop` says goodbye to every session and stops.

    ``authorized`` is the set of key fingerprints admitted (None: any key); ``guests`` lets in
    people without a key (keyboard-interactive with no question), as guests."""

    def __init__(self, front_ends: FrontEnds, key_path: Path, *, host: str = "127.0.0.1",
                 port: int = 2222, authorized: frozenset[str] | None = None, guests: bool = False,
                 limits: Limits = Limits()) -> None:
        self.front_ends = front_ends
        self.key_path = key_path
        self.host = host
        self.port = port
        self.authorized = authorized
        self.guests = guests
        self.limits = limits
        self.sessions: set[_Session] = set()
        self.connections: set[_Connection] = set()
        self._recent: dict[str, deque[float]] = {}
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._idle_task: asyncio.Task[None] | None = None
        self.fingerprint = ""
        self._streams = (sys.stdout, sys.stderr)
        self.collector = Collector()
        self._switch = sys.getswitchinterval()

    async def start(self) -> None:
        self._streams = (sys.stdout, sys.stderr)
        # The computers think in a worker thread.  Python hands the lock of its interpreter to
        # another thread only every 5 ms by default, and the event loop gives it up at every
        # socket write: while a computer thought, each of the loop's many small steps waited up
        # to 5 ms, and the screens of every table fell behind by most of a second.  Handing it
        # over every 0.5 ms keeps them in step (benchmarks/serve_load.py: p99 from ~800 ms to
        # ~260 ms on a loaded machine).
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        key = host_key(self.key_path)
        self.fingerprint = key.get_fingerprint("sha256")
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self), self.host, self.port,
            server_host_keys=[key], encoding=None, line_editor=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=self.limits.login_seconds, keepalive_interval=30,
            server_version="KingsCorner",
        )
        sockets = self._acceptor.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._idle_task = asyncio.get_running_loop().create_task(self._watch_idle())
        self.collector.start()
        log.info("serving on %s:%d, host key %s", self.host, self.port, self.fingerprint)

    async def stop(self, farewell: str = "The server is stopping. Goodbye.") -> None:
        """Stop listening, say ``farewell`` to every session and let each front end end."""
        if self._idle_task is not None:
            self._idle_task.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
        tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            session.hang_up(farewell)
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        for connection in list(self.connections):
            if connection.conn is not None:
                connection.conn.close()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        self._give_back_streams()
        self.collector.close()
        sys.setswitchinterval(self._switch)
        log.info("stopped")

    # ---------------------------------------------------------------- limits
    def connected(self, connection: _Connection) -> None:
        """A new connection: refused (with the reason) past the per-address rate or the server's
        room for connections still signing in."""
        now = time.monotonic()
        recent = self._recent.setdefault(connection.address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        recent.append(now)
        reason = None
        if len(recent) > self.limits.connections_per_minute:
            reason = (f"Too many connections from your address ({self.limits.connections_per_minute}"
                      " a minute at most); try again in a minute.")
        elif len(self.connections) >= 2 * self.limits.max_sessions:
            reason = "The server is full; try again later."
        if reason is not None:
            # Said once the connection is encrypted (at sign-in): a client is only shown a
            # disconnection's reason after the key exchange.
            log.warning("refused a connection from %s: %s", connection.address, reason)
            connection.refusal = reason
            return
        if len(self._recent) > 10_000:  # forget addresses that went quiet
            for address in [a for a, q in self._recent.items() if not q or now - q[-1] > 60]:
                del self._recent[address]
        self.connections.add(connection)
        log.info("connection from %s", connection.address)

    def disconnected(self, connection: _Connection) -> None:
        if connection in self.connections:
            self.connections.discard(connection)
            log.info("connection from %s closed", connection.address)

    def admit(self, session: _Session) -> bool:
        if len(self.sessions) >= self.limits.max_sessions:
            most = self.limits.max_sessions
            log.warning("refused a session to %s: %d sessions already", session.who, len(self.sessions))
            session._refuse(f"The server is full ({most} session{'s' if most != 1 else ''} at once); "
                            "try again later.")
            return False
        self.sessions.add(session)
        return True

    def release(self, session: _Session) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            log.info("session of %s ended", session.who)
            self.collector.ended_one()
        if not any(s.app is not None for s in self.sessions):
            self._give_back_streams()

    def _give_back_streams(self) -> None:
        """A running app sends ``sys.stdout`` and ``sys.stderr`` to itself and puts back, when
        it ends, what it found; apps that end in another order than they started leave an ended
        app's capture in place.  With no app running, the server's own streams are put back."""
        sys.stdout, sys.stderr = self._streams

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(min(5.0, self.limits.idle_seconds / 4))
            now = time.monotonic()
            for session in list(self.sessions):
                if session.client.at_table():
                    continue
                if now - session.last_input > self.limits.idle_seconds:
                    log.info("closed the idle session of %s", session.who)
                    session.hang_up(f"Disconnected after {self.limits.idle_seconds:g} seconds "
                                    "without a key in the lobby.")


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key: read from ``path``, or made there (Ed25519, readable by its owner
    only) on the first start, so that players see the same fingerprint every time."""
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="kings-corner host key")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


def load_authorized_keys(path: Path) -> frozenset[str]:
    """The SHA256 fingerprints of the keys in an authorized_keys file (one key a line, options
    before it allowed, # comments); ValueError says what is wrong with the file."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise ValueError(f"cannot read the authorized keys in {path}: {error.strerror}") from None
    fingerprints = set()
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        # The key type is the first word that is one; options (no spaces outside quotes) precede it.
        at = next((i for i, w in enumerate(words) if w.startswith(("ssh-", "ecdsa-", "sk-"))), None)
        if at is None or at + 1 >= len(words):
            raise ValueError(f"{path}, line {number}: no key found")
        try:
            key = asyncssh.import_public_key(f"{words[at]} {words[at + 1]}")
        except (asyncssh.KeyImportError, ValueError) as error:
            raise ValueError(f"{path}, line {number}: {error}") from None
        fingerprints.add(key.get_fingerprint("sha256"))
    if not fingerprints:
        raise ValueError(f"no keys in {path}")
    return frozenset(fingerprints)
