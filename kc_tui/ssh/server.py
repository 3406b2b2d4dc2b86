"""The SSH server: who may come in, what a session gets, and the limits that keep one process
serving many people.

One asyncio loop holds everything: asyncssh's connections, each terminal session's Textual app
(:mod:`kc_tui.ssh.driver`) and each line-mode session.  A session with a terminal (a pty) and no
command gets the full-screen front end; a session without a terminal, or with the command
``plain``, gets the line mode.  Nothing else is served: other commands, subsystems (SFTP), port
and agent forwarding are refused, each with a line in the log (the first few of a connection;
one that keeps asking is closed).

What a session runs is given by the caller as two factories (:class:`FrontEnds`), so the server
knows nothing of the game: the lobby of :mod:`kc_tui.net` in ``kings-corner serve``, any app in
the tests.

Nothing one client does may stop the game for the others: a connection passes a :class:`Gate`
(shared with the web port) or is closed at once; it has a few seconds to sign in and then to
open a session; it may try a few keys, open a few sessions, set a few small variables; each
session's terminal size and input are bounded (:mod:`kc_tui.ssh.driver`), and a session that
sends faster than it is read is no longer read until it has been.  Each limit is in
:class:`Limits`, a sentence to the client and a line in the log.
"""

from __future__ import annotations

import asyncio
import codecs
import contextvars
import logging
import os
import re
import socket
import sys
import time
import unicodedata
import warnings
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

with warnings.catch_warnings():
    # asyncssh still names cryptography's DSA keys, which cryptography deprecates: a block of
    # warnings at every start of a server and of each of its workers, which looked broken to a
    # host (a play test) and hid the line that says how players connect.
    warnings.filterwarnings("ignore", message="DSA is deprecated")
    import asyncssh
from rich.console import Console
from textual.app import App

from ..cli.common import glyphs_likely
from ..core.i18n import DEFAULT, N_, Domain, Speaker, Text, from_environment, language, speaking, use_speaker
from ..core.text import fitted, visible
from ..tui.host import GameHost
from .bounds import COLUMNS, MAX_PASTE, ROWS, clamp_size, paste_sentence
from .collector import Collector
from .driver import RESTORE_TERMINAL, ChannelDriver, driver_for
from .gate import Gate, SessionCount

__all__ = [
    "Client", "FrontEnds", "GameSSHServer", "Limits", "LineIO", "host_key", "load_authorized_keys",
]

log = logging.getLogger("kc_tui.ssh")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

PLAIN_COMMAND = "plain"
"""The one command a client may give: the line mode (``ssh -p 2222 HOST plain``)."""


STARTS_AT_ONCE = 2
"""Apps that may be drawing their first screen at once; the others wait their turn."""
START_SECONDS = 2.0
"""How long an app may take to draw its first screen before the next one starts anyway."""
RESIZE_SETTLE = 0.1
"""How long a window's new size must hold before the screen is laid out for it."""
RESIZE_AT_MOST = 1.0
"""The longest a window that keeps changing size waits before its size is drawn."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server allows; each limit, when reached, is a sentence to the client and a line
    in the log.  (Connections per address and per minute are the :class:`Gate`'s.)"""

    max_sessions: int = 64
    """Sessions (terminal or line mode) at once."""
    sessions_per_key: int = 8
    """Sessions of one key at once: one person never takes every seat of the server."""
    sessions_per_address: int = 16
    """Sessions from one address at once (guests have no key; people behind one router share it)."""
    channels_per_connection: int = 4
    """Sessions on one connection at once."""
    idle_seconds: float = 900.0
    """A session in the lobby (not at a table) with no input for this long is closed."""
    max_line: int = 500
    """Characters in one line of the line mode; a longer line is dropped whole."""
    max_paste: int = MAX_PASTE
    """Bytes of one paste (one piece of input); a longer one is dropped whole."""
    max_held: int = 16 * 1024
    """Bytes of a session's input waiting to be read before its channel is no longer read (SSH's
    flow control then makes the client wait)."""
    max_buffered: int = 512 * 1024
    """Bytes of output waiting for a client that does not read (beyond what SSH's own window
    lets through); past this the client is disconnected instead of the server's memory growing."""
    login_seconds: float = 60.0
    """Time from connecting to being signed in: a first visit's host-key question and a key's
    passphrase are answered in it (OpenSSH allows 120 s).  Connections still signing in are held
    to a few per address by the :class:`Gate`."""
    session_seconds: float = 10.0
    """Time a signed-in connection may have no session open (after signing in, or after its
    last session ended) before it is closed."""
    auth_tries: int = 6
    """Keys one connection may offer."""
    max_env: int = 64
    """Environment variables one session may set."""
    max_env_bytes: int = 1024
    """Bytes of one environment variable (name and value)."""


WINDOW = 64 * 1024
"""Bytes a client may send on a session before the server has read them (SSH's window): what a
session no longer read holds at most, on top of :attr:`Limits.max_held`."""
REFUSED_MOST = 64
"""Connections refused by the gate kept a moment to be told why (see :meth:`_Connection.refuse`);
past these, one is closed at once, untold."""
REFUSAL_SECONDS = 5.0
"""How long a refused connection is kept at most to be told why.  Its client answers the server's
version with its offer, a round trip: a second was too short for a busy machine (a loaded test run's
client was closed untold) and for a slow link; :data:`REFUSED_MOST` bounds what waiting holds."""
REFUSALS_LOGGED = 8
"""The refused requests of one connection (commands, subsystems, forwarding) said one by one in
the log; the rest are counted."""
REFUSALS_MOST = 64
"""The refused requests after which a connection is closed."""
ENV_READ = ("LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE", "COLORTERM")
"""The environment variables a session reads (its language, the glyph test, the colours); the rest
are dropped."""


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
    """What the client sent as environment (LANG, LC_*, LANGUAGE): its language and the glyph test."""
    speaker: Speaker = field(default_factory=Speaker)
    """The session's language, shared by every task of the session (set when it starts: the
    client's ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` if it sent one we speak, else the
    server's); the Settings screen changes its ``lang`` in place."""
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


LINES_WAITING = 64
"""Lines read from a line-mode client and not yet taken by its front end; past these the
session's channel is no longer read until the front end has taken some."""


HISTORY = 20
"""Lines a line-mode session keeps for Up to bring back."""


class LineIO:
    """The line mode's two ends over a channel: :meth:`read_line` (None at the end of input)
    and :meth:`write`.  With a terminal the server echoes and edits the line (the client's
    terminal is raw): Backspace, and Up and Down for the lines sent before; keys' escape
    sequences are never typed text.  Without one, the client's own terminal edits.

    A script may send many lines at once: they are read as the front end takes them (the
    channel is not read while :data:`LINES_WAITING` wait).  A paste longer than
    :attr:`Limits.max_paste` is longer than any command: it is dropped with a sentence."""

    def __init__(self, session: _Session) -> None:
        self._session = session
        self._lines: asyncio.Queue[str | None] = asyncio.Queue(maxsize=LINES_WAITING)
        self._line: list[str] = []
        self._dropping = False
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._last_cr = False
        """The last character was a CR: a LF right after it ends no second line."""
        self._held = ""
        """Text received and not yet made into lines (the front end had lines enough waiting)."""
        self._ended = False
        """The client sends no more: what it sent is still read, then None."""
        self._quit = False
        """The client left (Ctrl+D at a terminal): nothing more is read."""
        self._end_told = False
        self._pasting = False
        """A paste is being dropped: said once, however many pieces it comes in."""
        self._escape = ""
        """The escape sequence being read (a key such as an arrow sends one): never typed text."""
        self._history: list[str] = []
        """The lines sent, newest last (Up and Down bring them back at a terminal)."""
        self._recalled = 0
        """How far back Up has gone (0: the line being typed)."""
        self._open_line = ""
        """What was written since the last newline (the prompt waiting for a line)."""
        self._broken = False
        """News broke the line being typed and no prompt has shown it again yet."""

    @property
    def held(self) -> int:
        """Characters received and not yet made into lines."""
        return len(self._held)

    async def read_line(self) -> str | None:
        """The next line the client typed, without its end; None when the client is gone."""
        line = await self._lines.get()
        self._work()
        return line

    def write(self, text: str) -> None:
        """Text for the client (newlines become CR LF on a terminal, and a whole line wider than
        the terminal is wrapped between words, not cut in the middle of one by the terminal)."""
        if self._session.pty:
            text = fitted(text.replace("\r\n", "\n"), self._session.columns, len(self._open_line))
        head, newline, tail = text.rpartition("\n")
        self._open_line = tail if newline else self._open_line + tail
        if self._session.pty:
            text = text.replace("\n", "\r\n")
            if self._line and tail and (newline or self._broken):
                # News came while a line was being typed, and a prompt after it: what was typed
                # is shown after the prompt again, as it is still the line being edited (it went
                # on unseen, and "6h " then "s" played 6H S with only "s" on the screen).
                text += "".join(self._line)
                self._broken = False
            elif self._line and newline:
                self._broken = True
        self._session.send(text.encode("utf-8", "replace"))

    def end(self) -> None:
        """No more input (the client closed it or went away); what came before is still read."""
        self._ended = True
        self._work()

    def feed(self, data: bytes) -> None:
        limit = self._session.limits.max_paste
        # At a terminal a person types, and a piece longer than any command is a paste; a script
        # (no terminal) may send a whole game's lines at once: they are read at its answers' pace.
        if self._session.pty and len(data) > limit:
            if not self._pasting:
                self._pasting = True
                log.info("dropped a paste of %d bytes from %s", len(data), self._session.who)
                with self._session.speaking():
                    self.write(f"\n{paste_sentence(limit)}\n{self._open_line}")
            return
        self._pasting = False
        self._held += self._decode(data)
        self._work()

    def _work(self) -> None:
        """Make lines of the text held while the front end has room for them; read the channel
        only while it has."""
        text, at = self._held, 0
        while at < len(text) and not self._lines.full() and not self._quit:
            self._take(text[at])
            at += 1
        self._held = "" if self._quit else text[at:]
        if (self._quit or self._ended) and not self._held and not self._end_told and not self._lines.full():
            self._end_told = True
            self._lines.put_nowait(None)
        self._session.hold_input(bool(self._held))

    def _sequence(self, ch: str) -> bool:
        """Read ``ch`` as part of an escape sequence if one is being read (or starts): a key
        such as an arrow sends one (ESC [ A), and its printable rest is not typed text.  Up and
        Down at a terminal bring back the lines sent before; other keys' sequences do nothing."""
        if not self._escape:
            if ch != "\x1b":
                return False
            self._escape = ch
            return True
        self._escape += ch
        if len(self._escape) == 2 and ch not in "[O":
            self._escape = ""  # ESC and one character (Alt+key): dropped
        elif len(self._escape) >= 3 and ("\x40" <= ch <= "\x7e" or self._escape[1] == "O"
                                         or len(self._escape) > 16):
            key, self._escape = self._escape[-1], ""
            if key in "AB" and self._session.pty:
                self._recall(1 if key == "A" else -1)
        return True

    def _recall(self, step: int) -> None:
        """Show the line sent ``step`` lines further back (Up: 1, Down: -1) in place of the one
        being typed."""
        at = min(max(self._recalled + step, 0), len(self._history))
        if at == self._recalled:
            return
        self._recalled = at
        shown = self._history[-at] if at else ""
        self._session.send(b"\x08 \x08" * len(self._line) + shown.encode("utf-8"))
        self._line[:] = list(shown)

    def _take(self, ch: str) -> None:
        echo = self._session.pty
        if self._sequence(ch):
            return
        if ch in "\r\n":
            if ch == "\n" and not self._line and self._last_cr:
                self._last_cr = False
                return  # CR LF from a terminal is one line end
            self._last_cr = ch == "\r"
            prompt = self._open_line
            if echo:
                self.write("\n")
            if self._dropping:
                self._dropping = False
                self._line.clear()  # (not typed again after the prompt: it is dropped)
                with self._session.speaking():
                    # The prompt again, as after any refusal: for the ear it says the game waits.
                    self.write(_("That line was longer than {most} characters; it was dropped.").format(
                        most=self._session.limits.max_line) + "\n" + prompt)
            else:
                line = "".join(self._line)
                self._lines.put_nowait(line)
                if line and (not self._history or self._history[-1] != line):
                    self._history = self._history[-(HISTORY - 1):] + [line]
            self._line.clear()
            self._broken = False
            self._recalled = 0
            return
        self._last_cr = False
        if ch == "\x03" and echo:
            # Ctrl+C at a terminal drops the line being typed, as a shell does, and says how to
            # leave, rather than leave at once (a seat held would go to the house for a while).
            self._line.clear()
            self._broken = False
            self._recalled = 0
            prompt = self._open_line
            with self._session.speaking():
                self.write("^C\n" + _("(The line was dropped. Type quit to leave, or press Ctrl+D on an "
                                       "empty line.)") + "\n" + prompt)
            return
        if ch == "\x04" and echo:  # Ctrl+D at a terminal, on an empty line: leave
            if not self._line:
                with self._session.speaking():
                    self.write("\n" + _("Goodbye.") + "\n")
                self._quit = True
            return
        if ch in "\x7f\x08":
            if self._line:
                self._line.pop()
                if echo:
                    self._session.send(b"\x08 \x08")
            return
        if unicodedata.category(ch) == "Cc":
            # Control characters are not part of a command (an escape sequence's printable rest
            # is refused as a word).  Invisible format characters are kept: a name holding one is
            # refused with a sentence, where stripping it made "Ad\u200ba" into someone's "Ada".
            return
        if len(self._line) >= self._session.limits.max_line:
            if not self._dropping:
                log.info("%s sent a line over %d characters", self._session.who,
                         self._session.limits.max_line)
            self._dropping = True
            return
        self._line.append(ch)
        if echo:
            self._session.send(ch.encode("utf-8"))


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


def size_sentence(columns: int, rows: int) -> str:
    """What a client whose window is out of bounds is told (in the language being served)."""
    return _("The screen is drawn at {columns} x {rows}: windows from {least_columns} x {least_rows} to "
             "{most_columns} x {most_rows} are served.").format(
        columns=columns, rows=rows, least_columns=COLUMNS[0], least_rows=ROWS[0],
        most_columns=COLUMNS[1], most_rows=ROWS[1])


class _Channel(asyncssh.SSHServerChannel):
    """A session's channel that bounds what a client may set on it and says what it refuses.

    asyncssh keeps every environment variable a client sends in the channel (3,000 of 30 KB
    once held 171 MB), and refuses agent and X11 forwarding (``agent_forwarding=False``,
    ``x11_forwarding=False``) without a word to the server: its request handlers are the only
    place to bound the one and hear the others."""

    limits: Limits
    who: str
    env_refused: bool
    forwarding_refused: set[str]

    def guard(self, limits: Limits, who: str) -> None:
        self.limits, self.who = limits, who
        self.env_refused = False
        self.forwarding_refused = set()

    def _process_env_request(self, packet: Any) -> bool:
        name = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        if len(self._env) >= self.limits.max_env or len(name) + len(value) > self.limits.max_env_bytes:
            if not self.env_refused:
                self.env_refused = True
                log.info("refused environment variables to %s past %d, or over %d bytes", self.who,
                         self.limits.max_env, self.limits.max_env_bytes)
            return False
        self._env[name] = value
        return True

    # asyncssh's own handler answers later (None); its dispatcher takes an answer of any handler.
    def _process_auth_agent_req_at_openssh_dot_com_request(self, packet: Any) -> bool:  # type: ignore[override]
        packet.check_end()
        self._refused("agent forwarding")
        return False

    def _process_x11_req_request(self, packet: Any) -> bool:
        self._refused("X11 forwarding")
        return False

    def _refused(self, what: str) -> None:
        if what not in self.forwarding_refused:
            self.forwarding_refused.add(what)
            log.info("refused %s to %s", what, self.who)


class _Session(asyncssh.SSHServerSession):
    """One SSH session channel: a terminal app, the line mode, or a refusal."""

    def __init__(self, server: GameSSHServer, connection: _Connection, client: Client) -> None:
        self.server = server
        self.connection = connection
        self.client = client
        self.limits = server.limits
        self.who = f"{client.username}@{client.address} ({client.key or 'guest'})"
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.pty = False
        self.columns, self.rows = 80, 24
        self._wanted = (80, 24)
        """The size the client last asked for, drawn once it has settled (:meth:`_resized`)."""
        self._resize_handle: asyncio.TimerHandle | None = None
        self._resizing_since = 0.0
        self.size_told = False
        """The log (and the app) heard that the client's size was brought within bounds."""
        self.paused = False
        """The channel is not read: the input held waits for the front end."""
        self.held_told = False
        self.command: str | None = None
        self.driver: ChannelDriver | None = None
        self.app: App[Any] | None = None
        self.lines: LineIO | None = None
        self.task: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.closed = False
        self.returns = ReturnKey()

    @contextmanager
    def speaking(self) -> Iterator[Speaker]:
        """Speak the session's language for a ``with`` block: asyncssh's callbacks (input, a new
        window size, a limit reached) run outside the session's own tasks."""
        token = use_speaker(self.client.speaker)
        try:
            yield self.client.speaker
        finally:
            token.var.reset(token)

    # ---------------------------------------------------------------- asyncssh callbacks
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.pty = True
        self.client.term = term_type
        if term_size[0] and term_size[1]:
            self.columns, self.rows = self._wanted = self._bounded(term_size[0], term_size[1])
        return True

    def _bounded(self, columns: int, rows: int) -> tuple[int, int]:
        """The size the client asked for, within the bounds (said once if it was not)."""
        size = clamp_size(columns, rows)
        if size != (columns, rows) and not self.size_told:
            self.size_told = True
            log.info("the terminal of %s asked for %dx%d; it is drawn at %dx%d", self.who, columns, rows,
                     *size)
            if self.app is not None and self.app.is_running:
                with self.speaking():
                    self.app.notify(size_sentence(*size), severity="warning")
        return size

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # anything but "plain" is refused with a sentence once started
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.connection.refused("refused subsystem %r to %s", visible(subsystem), self.who)
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        env = self.chan.get_environment()
        self.client.env = {k: str(env[k]) for k in ENV_READ if k in env}
        self.client.speaker = Speaker(from_environment(self.client.env) or self.server.language)
        command = (self.command or "").strip()
        if command and command != PLAIN_COMMAND:
            self.connection.refused("refused command %r to %s", visible(command[:80]), self.who)
            self._refuse(L_("Only the tables are served here: connect with no command for the lobby, "
                            "or with the command '{command}' for the line mode.",
                            command=PLAIN_COMMAND))
            return
        if not self.server.admit(self):
            return
        if not self.pty or command:
            # Made now, not when the task first runs: a script's input (and its end) may come in
            # right behind the session's start, and would otherwise find nothing to go to.
            self.lines = LineIO(self)
        # The session's front end runs in a context of its own that speaks its language: every
        # task it starts (Textual's, the line mode's) inherits it.
        context = contextvars.copy_context()
        context.run(use_speaker, self.client.speaker)
        self.task = asyncio.get_running_loop().create_task(
            self._run_lines() if self.lines is not None else self._run_app(), context=context)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        with self.speaking():  # what is dropped is said in the session's language
            self._received(data)

    def _received(self, data: bytes) -> None:
        if self.driver is not None:
            self.driver.feed(self.returns(data))
            if self.driver.held > self.limits.max_held:
                self.hold_input(True)
        elif self.lines is not None:
            self.lines.feed(data)

    def hold_input(self, hold: bool) -> None:
        """Stop reading the channel (the front end has input enough waiting) or read it again."""
        chan = self.chan
        if chan is None or self.closed or hold == self.paused:
            return
        self.paused = hold
        if hold:
            if not self.held_told:
                self.held_told = True
                log.info("%s sends faster than the session reads: its input is read at the session's pace",
                         self.who)
            chan.pause_reading()
        else:
            chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The window's new size, drawn once it has settled (:data:`RESIZE_SETTLE`), and at
        least every :data:`RESIZE_AT_MOST` while it keeps changing: each size drawn lays the
        whole screen out again, and eight sessions sending 2,000 sizes a second stalled the
        others' screens for up to 8.8 s (a hosting play test)."""
        if not (width and height):
            return
        self._wanted = self._bounded(width, height)
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._resize_handle is not None:
            self._resize_handle.cancel()
        else:
            self._resizing_since = now
        delay = min(RESIZE_SETTLE, max(0.0, self._resizing_since + RESIZE_AT_MOST - now))
        self._resize_handle = loop.call_later(delay, self._resized)

    def _resized(self) -> None:
        self._resize_handle = None
        if self.closed or self._wanted == (self.columns, self.rows):
            return  # a client repeating its size redraws nothing
        self.columns, self.rows = self._wanted
        if self.driver is not None:
            with self.speaking():
                self.driver.resize(*self._wanted)

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
        self.connection.session_closed()

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
            self.hang_up(L_("Disconnected: your terminal stopped reading what the server sends."),
                         abort=True)

    def hang_up(self, message: str | Text, abort: bool = False) -> None:
        """Say ``message`` (as the last line the client sees, in its language) and close the
        session."""
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
            with self.speaking():
                said = str(message)
            chan.write((restore + "\r\n" + said + "\r\n").encode())
            chan.exit(1)
        except (OSError, asyncssh.Error):
            pass

    # ---------------------------------------------------------------- running a front end
    def _refuse(self, message: str | Text) -> None:
        assert self.chan is not None
        with self.speaking():
            said = str(message)
        self.chan.write((said + "\r\n").encode())
        self.chan.exit(1)

    async def _run_app(self) -> None:
        # A few apps draw their first screen at once: many arriving together (a burst of
        # connections) would fill the event loop with their first screens, and every other
        # session's next update would wait behind them all.
        starting = self.server.starting
        await starting.acquire()
        started = False

        def begun() -> None:
            nonlocal started
            if not started:
                started = True
                starting.release()

        timer = asyncio.get_running_loop().call_later(START_SECONDS, begun)
        app = self.server.front_ends.app(self.client)
        if isinstance(app, GameHost):
            app.on_drawn = begun
        session = self

        class Bound:
            def size(self) -> tuple[int, int]:
                return session.size()

            def send(self, data: bytes) -> None:
                session.send(data)

        build = driver_for(Bound(), max_paste=self.limits.max_paste, who=self.who)

        def capture(app_: App[Any], **options: Any) -> ChannelDriver:
            self.driver = build(app_, **options)
            self.driver.on_drained = lambda: self.hold_input(False)
            if self.size_told:
                app_.call_later(app_.notify, size_sentence(self.columns, self.rows), severity="warning")
            return self.driver

        app.driver_class = capture  # type: ignore[assignment]
        if isinstance(app, GameHost):
            app.offers_screenshot = False  # it would be saved on the server, not at the person's end
            app.size_advice = SIZE_ADVICE
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
            timer.cancel()
            begun()
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

    def __init__(self, server: GameSSHServer, passed: tuple[str | None] | None = None) -> None:
        self.server = server
        self.passed = passed
        """For a connection accepted by another process (``serve --workers``): its gate's verdict
        (None: admitted, or the reason it is refused)."""
        self.limits = server.limits
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.key: str | None = None
        self.guest = False
        self.username = ""
        self.admitted = False
        """The gate let it in (and is told when it closes)."""
        self.sessions = 0
        """Session channels open on it."""
        self.keys_tried: set[str] = set()
        self.channels_told = False
        self.gone = False
        self._timer: asyncio.TimerHandle | None = None
        self._lingering: socket.socket | None = None
        """Refused and told why: its socket, kept open until its client closes it (:meth:`_linger`)."""
        self._draining: asyncio.Task[None] | None = None
        self.refusals = 0
        """Requests refused on it (commands, subsystems, forwarding)."""

    def refused(self, line: str, *values: object) -> None:
        """A request refused: a line in the log for the first :data:`REFUSALS_LOGGED` of the
        connection; at :data:`REFUSALS_MOST` it is closed.  One connection asking 6,000 times
        wrote 3,240 lines in 5 s (a hosting play test)."""
        self.refusals += 1
        if self.refusals <= REFUSALS_LOGGED:
            log.info(line, *values)
        elif self.refusals == REFUSALS_LOGGED + 1:
            log.info("more requests refused to %s are not logged one by one", self.address)
        if self.refusals == REFUSALS_MOST and self.conn is not None:
            log.warning("closed the connection from %s after %d refused requests", self.address,
                        REFUSALS_MOST)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "Too many refused requests.")

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.server.connected(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        self._cancel_timer()
        self.server.disconnected(self)

    def refuse(self, reason: str) -> None:
        """Close this connection, which the gate refused, telling the client ``reason``.

        A client is only shown the reason of a disconnection once it has sent its version and
        its offer of ciphers (OpenSSH's ssh writes that offer after reading the server's
        version, and a connection closed before it was read fails with "Broken pipe"), so it is
        kept until then, :data:`REFUSAL_SECONDS` at most; a client sending nothing is closed
        untold.  While :data:`REFUSED_MOST` connections wait so, the next one is closed at once."""
        conn = self.conn
        assert conn is not None
        loop = asyncio.get_running_loop()
        if len(self.server.refused) >= REFUSED_MOST:
            loop.call_soon(conn.abort)
            return
        self.server.refused.add(self)
        received = conn.data_received
        seen = bytearray()
        told = False

        def hear(data: bytes, datatype: Any = None) -> None:
            nonlocal told
            received(data)
            if told:
                return
            seen.extend(data[:256])
            line_end = seen.find(b"\n")
            if len(seen) >= 256 or 0 <= line_end < len(seen) - 1:
                told = True
                self._linger(conn)
                conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

        # The version line and the offer arrive in asyncssh's protocol object: listening there
        # is the one way to know when the client can hear the reason.
        conn.data_received = hear  # type: ignore[method-assign]
        self._timer = loop.call_later(REFUSAL_SECONDS, conn.abort)

    def begin_auth(self, username: str) -> bool:
        self.username = visible(username[:40])
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        self.keys_tried.add(fingerprint)
        if len(self.keys_tried) > self.limits.auth_tries:
            log.warning("disconnected %s: more than %d keys tried", self.address, self.limits.auth_tries)
            raise asyncssh.PermissionDenied(f"Too many keys tried ({self.limits.auth_tries} at most on one "
                                            "connection); connect again with the key you play with.")
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
        self._await_session()

    def session_requested(self) -> tuple[_Channel, _Session]:
        assert self.conn is not None
        who = f"{self.username}@{self.address} ({self.key or 'guest'})"
        if self.sessions >= self.limits.channels_per_connection:
            if not self.channels_told:
                self.channels_told = True
                log.warning("refused a session to %s: %d sessions on its connection already", who,
                            self.sessions)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"At most {self.limits.channels_per_connection} sessions on one connection; close one "
                "or connect again.")
        self._cancel_timer()
        self.sessions += 1
        chan = self.conn.create_server_channel(encoding=None, window=WINDOW)
        # asyncssh makes the channel; what it accepts is bounded by our subclass's handlers.
        chan.__class__ = _Channel
        assert isinstance(chan, _Channel)
        chan.guard(self.limits, who)
        session = _Session(self.server, self, Client(key=None if self.guest else self.key,
                                                     username=self.username, address=self.address))
        return chan, session

    def session_closed(self) -> None:
        self.sessions -= 1
        if not self.sessions:
            self._await_session()

    def _await_session(self) -> None:
        """Close this connection if no session is opened on it soon."""
        self._cancel_timer()
        if self.gone:
            return
        self._timer = asyncio.get_running_loop().call_later(self.limits.session_seconds, self._no_session)

    def _no_session(self) -> None:
        self._timer = None
        if self.conn is None or self.sessions:
            return
        seconds = self.limits.session_seconds
        said = f"{seconds:g} second{'s' if seconds != 1 else ''}"
        log.info("closed the connection of %s from %s: no session for %s", self.username, self.address, said)
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                             f"No session was open for {said}; connect again to play.")

    def _linger(self, conn: asyncssh.SSHServerConnection) -> None:
        """Keep the refused connection's socket open past asyncssh's abort (a second descriptor
        of it, which keeps the connection from closing), until its client has read the reason
        and closed it, :data:`REFUSAL_SECONDS` at most.  Closed at once, the end of the
        connection can reach a client before it has read the reason: asyncssh's own client, busy
        with its key exchange, took the end first and said "Connection lost" instead of the
        reason, for one refused client in six on a loaded machine."""
        try:
            sock = socket.socket(fileno=os.dup(conn.get_extra_info("socket").fileno()))
        except (AttributeError, OSError):
            return
        sock.setblocking(False)
        self._lingering = sock
        self._draining = asyncio.get_running_loop().create_task(self._drain(sock))

    @property
    def lingering(self) -> bool:
        """Refused, told why, and still open (counted among the server's refused)."""
        return self._lingering is not None

    def _end_lingering(self) -> None:
        sock, self._lingering = self._lingering, None
        if sock is not None:
            sock.close()
            self.server.refused.discard(self)

    def let_go(self) -> None:
        """The server stops: a refused connection still open is closed now."""
        if self._draining is not None:
            self._draining.cancel()
        self._end_lingering()  # (the task may not have begun: its own end never runs)

    async def _drain(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REFUSAL_SECONDS
        try:
            while (left := deadline - loop.time()) > 0:
                if not await asyncio.wait_for(loop.sock_recv(sock, 4096), left):
                    break  # the client closed it
        except (OSError, TimeoutError):
            pass
        finally:
            self._end_lingering()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        self.refused("refused port forwarding to %s:%s from %s", visible(dest_host[:80]), dest_port,
                     self.address)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self.refused("refused remote port forwarding from %s", self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self.refused("refused socket forwarding from %s", self.address)
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self.refused("refused socket forwarding from %s", self.address)
        return False


SIZE_ADVICE = N_("Make it larger, or connect again with plain after the address in your ssh command: "
                 "the line mode needs no size.")
"""What a screen too small says over SSH (``--plain`` is a local command's)."""
FAREWELL = L_("The server is stopping. The games in progress are kept: connect again once it is back, and "
               "take your seat at your table again. Goodbye.")
"""What every session is told when the server stops (each in its own language)."""
SHARED_FAREWELL = L_("This server is stopping. The games in progress are kept, and the other servers sharing "
                     "its lobby list them at once: connect to one of them, or here again once it is back, "
                     "and take your seat at your table again. Goodbye.")
"""What they are told instead when the server shares its lobby with others (``serve --redis``):
its tables are let go as it stops, and another server takes each of them up when asked."""
GUEST_FAREWELL = L_("The server is stopping. The games in progress are kept for their players with a key; "
                     "as a guest (no key) you have no seat kept. Goodbye.")
"""What a guest is told instead: a guest's seat is free once they are gone (a play test's guest
was told to take it again, and found it listed free)."""
SHARED_GUEST_FAREWELL = L_("This server is stopping. The games in progress are kept for their players with a "
                            "key, and the other servers sharing its lobby list them at once; as a guest (no "
                            "key) you have no seat kept, and may play on at one of them. Goodbye.")
"""What a guest is told when the server shares its lobby with others."""
SWITCH_SECONDS = 0.0005
"""How often the interpreter's lock passes between threads while the server runs (see start)."""


class Counts(Protocol):
    """Where the sessions of each key and address are counted: a :class:`SessionCount` here, or
    the table host's, over the link (``serve --workers``)."""

    def opens(self, key: str | None, address: str) -> str | Text | None: ...

    def ends(self, key: str | None, address: str) -> None: ...


class GameSSHServer:
    """The server: :meth:`start` listens, :meth:`stop` says goodbye to every session and stops.

    ``authorized`` is the set of key fingerprints admitted (None: any key); ``guests`` lets in
    people without a key (keyboard-interactive with no question), as guests."""

    def __init__(self, front_ends: FrontEnds, key_path: Path, *, host: str = "127.0.0.1",
                 port: int = 2222, authorized: frozenset[str] | None = None, guests: bool = False,
                 limits: Limits = Limits(), gate: Gate | None = None,
                 collector: Collector | None = None, counts: Counts | None = None) -> None:
        self.front_ends = front_ends
        self.key_path = key_path
        self.host = host
        self.port = port
        self.authorized = authorized
        self.guests = guests
        self.limits = limits
        self.gate = gate if gate is not None else Gate()
        """Who may open one more connection (shared with the web port by ``serve``)."""
        self.counts: Counts = counts if counts is not None else SessionCount(
            limits.sessions_per_key, limits.sessions_per_address)
        """The sessions of each key and address (the table host's, with ``serve --workers``)."""
        self.sessions: set[_Session] = set()
        self.connections: set[_Connection] = set()
        self.refused: set[_Connection] = set()
        """Connections the gate refused, kept a moment to be told why."""
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._options: dict[str, Any] = {}
        self.starting = asyncio.Semaphore(STARTS_AT_ONCE)
        """The apps drawing their first screen now (:data:`STARTS_AT_ONCE` at most)."""
        self._idle_task: asyncio.Task[None] | None = None
        self.fingerprint = ""
        self._streams = (sys.stdout, sys.stderr)
        self.collector = collector if collector is not None else Collector()
        self._switch = sys.getswitchinterval()
        self.language = DEFAULT
        """The language of a session whose client sends none we speak: the server's own (its
        ``--lang`` or environment when it starts)."""

    async def start(self, listen: bool = True) -> None:
        """Begin: listen on :attr:`host` and :attr:`port`, or (``listen`` False) only serve the
        connections another process accepted and hands over (:meth:`take`)."""
        self.language = language()
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
        self._options = dict(
            server_host_keys=[key], encoding=None, line_editor=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=self.limits.login_seconds, keepalive_interval=30,
            server_version="KingsCorner",
        )
        if listen:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self), self.host, self.port, **self._options)
            sockets = self._acceptor.sockets
            if sockets:
                self.port = sockets[0].getsockname()[1]
        self._idle_task = asyncio.get_running_loop().create_task(self._watch_idle())
        self.collector.start()
        if listen:
            log.info("serving on %s:%d, host key %s", self.host, self.port, self.fingerprint)
        else:
            log.info("serving the connections handed over, host key %s", self.fingerprint)

    async def take(self, sock: socket.socket, verdict: str | None) -> None:
        """Serve a connection another process accepted (``serve --workers``), which its gate
        admitted (``verdict`` None) or refused with that reason (the client is told it)."""
        try:
            await asyncssh.run_server(sock, server_factory=lambda: _Connection(self, (verdict,)),
                                      **self._options)
        except (OSError, asyncssh.Error) as exc:
            log.info("a connection handed over ended before it began: %s", exc)

    async def stop(self, farewell: str | Text = FAREWELL,
                   guest_farewell: str | Text = GUEST_FAREWELL) -> None:
        """Stop listening, say ``farewell`` to every session (``guest_farewell`` to a guest's; each
        in its language) and let each front end end."""
        if self._idle_task is not None:
            self._idle_task.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
        tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            session.hang_up(guest_farewell if session.client.guest else farewell)
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        for connection in list(self.connections | self.refused):
            if connection.conn is not None:
                connection.conn.close()
            connection.let_go()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        self._give_back_streams()
        self.collector.close()
        sys.setswitchinterval(self._switch)
        log.info("stopped")

    # ---------------------------------------------------------------- limits
    def connected(self, connection: _Connection) -> None:
        """A new connection: closed at once (telling the reason) unless the gate lets it in."""
        if connection.passed is not None:
            reason = connection.passed[0]  # the accepting process's gate decided
        else:
            reason = self.gate.admit(connection.address, "an SSH connection")
        if reason is not None:
            connection.refuse(reason)
            return
        connection.admitted = True
        self.connections.add(connection)
        log.info("connection from %s", connection.address)

    def disconnected(self, connection: _Connection) -> None:
        if not connection.lingering:  # (still counted among the refused while it lingers)
            self.refused.discard(connection)
        if connection in self.connections:
            self.connections.discard(connection)
            self.gate.leave(connection.address)
            log.info("connection from %s closed", connection.address)

    def admit(self, session: _Session) -> bool:
        """Let a session start, or refuse it (a sentence to the client, a line in the log) past the
        server's, the key's or the address's number of sessions."""
        limits, client = self.limits, session.client
        reason: str | Text | None = None
        if len(self.sessions) >= limits.max_sessions:
            reason = Ln_("The server is full ({n} session at once); try again later.",
                         "The server is full ({n} sessions at once); try again later.", limits.max_sessions)
        else:
            reason = self.counts.opens(client.key, client.address)
        if reason is not None:
            log.warning("refused a session to %s: %s", session.who, _english(reason))
            session._refuse(reason)
            return False
        self.sessions.add(session)
        return True

    def release(self, session: _Session) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            self.counts.ends(session.client.key, session.client.address)
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
                    # Back in the lobby after a long game, a person is given the whole idle time.
                    session.last_input = now
                    continue
                if now - session.last_input > self.limits.idle_seconds:
                    log.info("closed the idle session of %s", session.who)
                    session.hang_up(L_("Disconnected after {seconds} seconds without a key in the lobby.",
                                       seconds=format(self.limits.idle_seconds, "g")))


def _english(text: str | Text) -> str:
    """``text`` in English, for the operator's log."""
    with speaking("en"):
        return str(text)


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


ALREADY_SO = frozenset({"no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc"})
"""The authorized_keys options every session here already keeps to (it refuses forwarding and
runs no shell): a key's line may carry them; any other option is refused, as not applied."""


def load_authorized_keys(path: Path) -> frozenset[str]:
    """The SHA256 fingerprints of the keys in an authorized_keys file (one key a line, # comments;
    before a key, only the options of :data:`ALREADY_SO`); ValueError says what is wrong with the
    file."""
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
        # Options this server does not apply would be restrictions silently lifted (from="..."
        # admitted the key from anywhere, a hosting play test): such a line is refused.
        options = re.sub(r'"[^"]*"', '""', " ".join(words[:at]))  # (commas in quotes are values')
        names = re.findall(r'(?:^|,)\s*([A-Za-z][A-Za-z0-9-]*)', options)
        unapplied = [name for name in names if name.lower() not in ALREADY_SO]
        if unapplied:
            raise ValueError(f"{path}, line {number}: this server does not apply the option "
                             f"{', '.join(unapplied)}; remove it, or leave the key out")
        try:
            key = asyncssh.import_public_key(f"{words[at]} {words[at + 1]}")
        except (asyncssh.KeyImportError, ValueError) as error:
            raise ValueError(f"{path}, line {number}: {error}") from None
        fingerprints.add(key.get_fingerprint("sha256"))
    if not fingerprints:
        raise ValueError(f"no keys in {path}")
    return frozenset(fingerprints)
