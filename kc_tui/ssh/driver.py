"""A Textual driver whose terminal is an SSH channel: many apps, one event loop.

Textual's own drivers own the process's terminal (a tty, signals, a writer thread, an input
thread).  A served session has none of these: its keys arrive as bytes in the server's event
loop and its screen leaves as bytes on the channel.  :class:`ChannelDriver` is the driver for
that: the app runs as one more task of the server's loop (Textual keeps the running app in a
context variable, which each task has its own copy of), and everything the driver does happens
in that loop, so no thread is started per session.

The channel side is the small :class:`Terminal` protocol, so the driver can be tested without SSH.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import re
from typing import TYPE_CHECKING, Any, Callable, Protocol

from textual import constants, events
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["ChannelDriver", "Terminal", "driver_for"]

MODE_REPLY = re.compile(r"(?:\x1b\[\?\d+;\d\$y)+")
"""A terminal's answer to the question of which modes it knows (sent at start): one that says
"not this mode" makes no event, and is no unfinished sequence either."""

UNSTICK_SECONDS = 1.0
"""How long input may go without making any event before the parser is started afresh."""

log = logging.getLogger("kc_tui.ssh")

RESTORE_TERMINAL = "\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h"
"""What gives a client its own screen back: no bracketed paste, line wrap on, the normal screen,
the cursor shown."""


class Terminal(Protocol):
    """What the driver needs of the far end: a size, a way to send bytes, a way to hang up."""

    def size(self) -> tuple[int, int]:
        """Columns and rows, as the client last said."""
        ...

    def send(self, data: bytes) -> None:
        """Send screen output (the terminal applies its own limits and may hang up)."""
        ...


class ChannelDriver(Driver):
    """Drives one app over a :class:`Terminal`; its owner feeds it the client's bytes with
    :meth:`feed` and the client's window changes with :meth:`resize`."""

    def __init__(self, app: App[Any], *, terminal: Terminal, debug: bool = False,
                 mouse: bool = False, size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=False, size=size)
        self.terminal = terminal
        self._parser = XTermParser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._pending: list[str] = []
        self._tick_handle: asyncio.TimerHandle | None = None
        self._input = False
        self._unheard: list[str] = []
        """The latest pieces of input that made no event (yet)."""
        self._unstick_handle: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ output
    def write(self, data: str) -> None:
        """Textual writes a frame in many pieces; they leave together at :meth:`flush`."""
        self._pending.append(data)

    def flush(self) -> None:
        if self._pending:
            data = "".join(self._pending)
            self._pending.clear()
            self.terminal.send(data.encode("utf-8", "replace"))

    # ------------------------------------------------------------------ modes
    def start_application_mode(self) -> None:
        self._input = True
        self.write("\x1b[?1049h")  # the alternate screen: the client's own screen comes back after
        self.write("\x1b[?25l")  # no cursor until the app places it
        self.write("\x1b[?2004h")  # bracketed paste: a pasted text is one event, not keys
        self.write("\x1b[?7l")  # no line wrap: a cell in the last column must not scroll
        # Which terminals draw a frame at once (synchronised output); the answer comes as input.
        self.write("\x1b[?2026$p")
        self.flush()
        self.resize(*self.terminal.size())

    def disable_input(self) -> None:
        self._input = False
        if self._unstick_handle is not None:
            self._unstick_handle.cancel()
            self._unstick_handle = None
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(RESTORE_TERMINAL)
        self.flush()

    # ------------------------------------------------------------------ input
    def feed(self, data: bytes) -> None:
        """The client's bytes: keys, escape sequences, pastes; anything else (bytes that are not
        UTF-8, sequences no terminal sends) becomes replacement characters or nothing, never an
        error that ends the session."""
        if not self._input:
            return
        text = self._decode(data)
        if text and not self._hear(self._parser, text) and not MODE_REPLY.fullmatch(text):
            self._unheard.append(text)
            del self._unheard[:-16]
            if self._unstick_handle is None:
                # Input that makes no event for a second follows an unfinished sequence (a
                # stray OSC, DCS or paste opener waits for an end that may never come).
                self._unstick_handle = self._loop.call_later(UNSTICK_SECONDS, self._unstick)
        # A lone Esc is only known to be one when nothing follows it for a moment.
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self._tick_handle = self._loop.call_later(constants.ESCAPE_DELAY + 0.02, self._tick)

    def _hear(self, parser: XTermParser, text: str) -> bool:
        """Feed ``text`` to ``parser`` and pass on what it makes; whether it made anything."""
        heard = False
        try:
            for message in parser.feed(text):
                heard = True
                self.process_message(message)
        except Exception:  # the parser's own error on nonsense input: start a fresh one
            log.info("unreadable input from a client was dropped")
            self._parser = XTermParser()
        if heard:
            self._unheard.clear()
        return heard

    def _unstick(self) -> None:
        """Start the parser afresh and read again what came after the unfinished sequence
        (from the earliest piece of input after which it makes sense)."""
        self._unstick_handle = None
        unheard, self._unheard = self._unheard, []
        if not self._input or not unheard:
            return
        log.info("an unfinished sequence from a client was dropped")
        for start in range(len(unheard)):
            parser = XTermParser()
            if self._hear(parser, "".join(unheard[start:])):
                self._parser = parser
                return
        self._parser = XTermParser()

    def _tick(self) -> None:
        self._tick_handle = None
        if not self._input:
            return
        try:
            for message in self._parser.tick():
                self._unheard.clear()
                self.process_message(message)
        except Exception:
            self._parser = XTermParser()
        # The timer may fire a hair before the parser's own deadline: then try again just after.
        deadline = getattr(self._parser, "_timeout_time", None)
        if deadline is not None:
            self._tick_handle = self._loop.call_later(
                max(0.0, deadline - get_time()) + 0.01, self._tick)

    def process_message(self, message: Any) -> None:
        # The app runs in this loop: post straight to it (the base class goes through a thread hop).
        if isinstance(message, events.MouseEvent):
            return  # the mouse is never switched on; a client sending its reports anyway is ignored
        message.set_sender(self._app)
        self._app.post_message(message)

    def resize(self, columns: int, rows: int) -> None:
        """The client's window is now ``columns`` x ``rows``."""
        size = Size(max(columns, 1), max(rows, 1))
        self._size = (size.width, size.height)
        self._app.post_message(events.Resize(size, size))

    def _get_terminal_size(self) -> tuple[int, int]:
        return self.terminal.size()


def driver_for(terminal: Terminal) -> Callable[..., ChannelDriver]:
    """A driver class for :attr:`App.driver_class` bound to ``terminal`` (Textual builds the
    driver itself when the app starts)."""

    def build(app: App[Any], **options: Any) -> ChannelDriver:
        options.pop("mouse", None)
        return ChannelDriver(app, terminal=terminal, **options)

    return build
