"""A Textual driver whose terminal is an SSH channel: many apps, one event loop.

Textual's own drivers own the process's terminal (a tty, signals, a writer thread, an input
thread).  A served session has none of these: its keys arrive as bytes in the server's event
loop and its screen leaves as bytes on the channel.  :class:`ChannelDriver` is the driver for
that: the app runs as one more task of the server's loop (Textual keeps the running app in a
context variable, which each task has its own copy of), and everything the driver does happens
in that loop, so no thread is started per session.

The channel side is the small :class:`Terminal` protocol, so the driver can be tested without SSH.

Input is bounded (the numbers are :mod:`kc_tui.ssh.bounds`'), so that what one client sends
costs its own session only: a window size is brought within :data:`COLUMNS` and :data:`ROWS`;
the bytes a client sends wait in the driver and are parsed :data:`SLICE` at a time; keys at a
person's pace (:data:`PERSON_KEYS`) reach the app as they come, and faster ones a few at a time,
the next once the app has answered them, and within the session's share of the server
(:data:`INPUT_SHARE`), so a flood of keys is read at that pace and every other session served
by the same process keeps its own; a paste longer than
``max_paste`` (in one piece, or a bracketed paste in many) is dropped with a notification,
never parsed into thousands of keys; and input past :data:`HELD_MOST` waiting is dropped.
The owner may stop reading its channel while :attr:`ChannelDriver.held` is large and start
again at :attr:`ChannelDriver.on_drained` (SSH's own flow control then makes the client wait).
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import re
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Protocol

from textual import constants, events
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from ..core.i18n import Domain
from .bounds import MAX_PASTE, SLICE, clamp_size, paste_sentence

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["HELD_MOST", "ChannelDriver", "Terminal", "driver_for"]

HELD_MOST = 64 * 1024
"""Bytes of input waiting for the app at most; more is dropped."""
PASTE_START = "\x1b[200~"
"""What begins a bracketed paste."""
PASTE_END = "\x1b[201~"
"""What ends a bracketed paste."""

MODE_REPLY = re.compile(r"(?:\x1b\[\?\d+;\d\$y)+")
"""A terminal's answer to the question of which modes it knows (sent at start): one that says
"not this mode" makes no event, and is no unfinished sequence either."""

PERSON_KEYS = 64
"""Keys a person may send at once (the 40 Downs to a table far down the lobby's list, a word
typed fast): they go to the app as they come, never held for an answer, however busy the
server.  The allowance comes back at :data:`PERSON_RATE`."""
PERSON_RATE = 30.0
"""Keys a second a person sends at most (a held key repeats some 30 times a second)."""
INPUT_SHARE = 0.5
"""The share of the server's time a flood of keys (past :data:`PERSON_KEYS`: a paste read as
keys, a stuck key, a script) takes at most, over time: its keys are handed to the app a few at a
time, each few charged the time from their handing to the app's answer (every message they made
handled and the screen drawn again), and the session earns that many seconds a second.  The
flood is read at that pace, and every other session on the server keeps its own.  (Time to an
answer is the server's whole delay, other sessions' work included: charged to a person's keys
on a busy server, it held a 40-key walk down the lobby for seconds.)"""
INPUT_CREDIT = 2.0
"""The seconds a session may run ahead of its share (a burst of keys goes at once)."""
ANSWER_MOST = 1.0
"""Seconds the keys handed wait for the app's answer at most before the next are handed."""
ANSWER_LOOK = 0.05
"""Seconds between two looks at whether the screen that was to answer is still shown."""
KEYS_AT_ONCE = 8
"""Keys handed to the app at a time, at most: a flood is answered a few keys at a time, each
few drawn once."""
UNSTICK_SECONDS = 1.0
"""How long input may go without making any event before the parser is started afresh."""

log = logging.getLogger("kc_tui.ssh")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

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
                 mouse: bool = False, size: tuple[int, int] | None = None, max_paste: int = MAX_PASTE,
                 who: str = "a client") -> None:
        super().__init__(app, debug=debug, mouse=False, size=size)
        self.terminal = terminal
        self.max_paste = max_paste
        self.who = who
        """Who the client is, for the log."""
        self.on_drained: Callable[[], None] | None = None
        """Called when the input held so far has all reached the app."""
        self._held = bytearray()
        self._step_handle: asyncio.Handle | None = None
        self._silent = 0
        """Characters parsed since the parser last made an event (a bracketed paste makes none
        until it ends)."""
        self._skipping = False
        """Dropping the rest of a bracketed paste that was too long, up to its end."""
        self._skip_tail = ""
        self._skip_handle: asyncio.TimerHandle | None = None
        self._in_paste = False
        """Within a bracketed paste (its start read, its end not yet)."""
        self._paste_seen = ""
        """The last characters read outside a paste (a start cut in two) or held inside one (an
        end cut in two)."""
        self._dropping = False
        """Input is being dropped: it is said once, not once per piece."""
        self._parser = XTermParser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._pending: list[str] = []
        self._tick_handle: asyncio.TimerHandle | None = None
        self._input = False
        self._unheard: list[str] = []
        """The latest pieces of input that made no event (yet)."""
        self._unstick_handle: asyncio.TimerHandle | None = None
        self._keys: deque[events.Key | events.Paste] = deque()
        """Keys parsed, waiting to be handed to the app."""
        self._answer_due = False
        """Keys were handed to the app, which has not yet answered them."""
        self._answer_handle: asyncio.TimerHandle | None = None
        self._handed = 0.0
        """When the keys waiting for their answer were handed."""
        self._credit = INPUT_CREDIT
        """Seconds of the server the session's keys may take now (see :data:`INPUT_SHARE`)."""
        self._credited = 0.0
        self._paced = False
        self._allowance = float(PERSON_KEYS)
        """Keys the session may send now at a person's pace (see :data:`PERSON_KEYS`)."""

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
        # The app's size from the start: the app sends its screens the first Resize itself (a
        # Resize posted here as well would lay every screen out and draw it once more).
        self._size = clamp_size(*self.terminal.size())

    def disable_input(self) -> None:
        self._input = False
        self._keys.clear()
        self._held.clear()
        for handle in (self._step_handle, self._skip_handle, self._answer_handle):
            if handle is not None:
                handle.cancel()
        self._step_handle = self._skip_handle = self._answer_handle = None
        self._answer_due = False
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
    @property
    def held(self) -> int:
        """Bytes of input waiting to reach the app."""
        return len(self._held)

    def feed(self, data: bytes) -> None:
        """The client's bytes: keys, escape sequences, pastes; anything else (bytes that are not
        UTF-8, sequences no terminal sends) becomes replacement characters or nothing, never an
        error that ends the session.  They reach the app a slice at a time (see the module)."""
        if not self._input:
            return
        if len(data) > self.max_paste:
            self._drop(f"a paste of {len(data)} bytes",
                       paste_sentence(self.max_paste))
            return
        if len(self._held) + len(data) > HELD_MOST:
            self._drop(f"{len(data)} bytes of input, {len(self._held)} waiting already",
                       _("Keys came faster than they could be read; some were dropped."))
            return
        self._dropping = False
        self._held += data
        if self._step_handle is None:
            self._step_handle = self._loop.call_soon(self._step)

    def _drop(self, what: str, sentence: str) -> None:
        if not self._dropping:
            self._dropping = True
            log.info("dropped %s from %s", what, self.who)
            self._app.notify(sentence, severity="warning")

    def _step(self) -> None:
        """Hand the app the next keys waiting, or parse the next slice of the input held."""
        self._step_handle = None
        if not self._input or self._answer_due:
            return  # the app's answer to the keys handed steps again
        if not self._keys and self._held:
            data = bytes(self._held[:SLICE])
            del self._held[:SLICE]
            self._take(self._decode(data))
            # A lone Esc is only known to be one when nothing follows it for a moment.
            if self._tick_handle is not None:
                self._tick_handle.cancel()
            self._tick_handle = self._loop.call_later(constants.ESCAPE_DELAY + 0.02, self._tick)
        if self._keys:
            self._hand_keys()
        elif self._held:
            self._step_handle = self._loop.call_soon(self._step)
        elif self.on_drained is not None:
            self.on_drained()

    def _hand_keys(self) -> None:
        """Post the app the keys waiting if a person could have sent them; else up to
        :data:`KEYS_AT_ONCE` of them, once the session has time left (see :data:`INPUT_SHARE`),
        and step again once it has answered them."""
        now = self._loop.time()
        self._allowance = min(float(PERSON_KEYS), self._allowance + (now - self._credited) * PERSON_RATE)
        self._credit = min(INPUT_CREDIT, self._credit + (now - self._credited) * INPUT_SHARE)
        self._credited = now
        if len(self._keys) <= self._allowance:
            self._allowance -= len(self._keys)
            while self._keys:
                message = self._keys.popleft()
                message.set_sender(self._app)
                self._app.post_message(message)
            if self._step_handle is None:  # the next slice, or the owner told it is drained
                self._step_handle = self._loop.call_soon(self._step)
            return
        if self._credit <= 0:
            if not self._paced:
                self._paced = True
                log.info("%s sends keys faster than its share of the server: they are read at that share",
                         self.who)
            self._step_handle = self._loop.call_later(-self._credit / INPUT_SHARE + 0.001, self._step)
            return
        batch = min(KEYS_AT_ONCE, len(self._keys))
        self._allowance = max(0.0, self._allowance - batch)
        for _ in range(batch):
            message = self._keys.popleft()
            message.set_sender(self._app)
            self._app.post_message(message)
        self._answer_due = True
        self._handed = now
        self._app.call_after_refresh(self._answered, now)
        self._answer_handle = self._loop.call_later(ANSWER_LOOK, self._watch_answer, now, self._screen())

    def _screen(self) -> object:
        try:
            return self._app.screen
        except Exception:  # no screen yet (or none any more)
            return None

    def _watch_answer(self, handed: float, screen: object) -> None:
        """The answer comes from the screen that had the keys: one that the keys closed before
        it was idle never gives it, so the screen now shown is asked again.  Past
        :data:`ANSWER_MOST`, the keys count as answered."""
        self._answer_handle = None
        if not self._answer_due:
            return
        if self._loop.time() - handed >= ANSWER_MOST:
            self._answered(handed)
            return
        now_shown = self._screen()
        if now_shown is not screen:
            self._app.call_after_refresh(self._answered, handed)
        self._answer_handle = self._loop.call_later(ANSWER_LOOK, self._watch_answer, handed, now_shown)

    def _answered(self, handed: float) -> None:
        """The app has taken the keys handed at ``handed`` and drawn what they changed (or
        :data:`ANSWER_MOST` has passed): the time that took is the session's."""
        if not self._answer_due or handed != self._handed:
            return  # an answer after its deadline, or asked for twice
        self._answer_due = False
        if self._answer_handle is not None:
            self._answer_handle.cancel()
            self._answer_handle = None
        now = self._loop.time()
        self._credit -= now - handed
        if self._step_handle is None and self._input:
            self._step_handle = self._loop.call_soon(self._step)

    def _pasted_text(self, text: str) -> str:
        """``text`` with every ESC inside a bracketed paste dropped but its end's: pasted text
        holding escape sequences (a colour code copied from a terminal) is text, and the parser
        ended the paste at its first ESC and typed the rest as keys, before the paste ("abc
        ESC[31mdef" came out "^[31mdefabc"), a Tab among them moving the focus.  Terminals such
        as Alacritty and xterm.js drop them too."""
        out: list[str] = []
        at = 0
        while at < len(text):
            if not self._in_paste:
                seen = self._paste_seen + text[at:]
                start = seen.find(PASTE_START)
                if start < 0:
                    out.append(text[at:])
                    self._paste_seen = seen[-(len(PASTE_START) - 1):]
                    break
                begins = at + start + len(PASTE_START) - len(self._paste_seen)  # just after the start
                out.append(text[at:begins])
                at, self._in_paste, self._paste_seen = begins, True, ""
            else:
                held = self._paste_seen + text[at:]
                end = held.find(PASTE_END)
                if end < 0:
                    cut = len(held)  # an end cut in two is held for the next piece
                    for keep in range(min(len(PASTE_END) - 1, len(held)), 0, -1):
                        if PASTE_END.startswith(held[-keep:]):
                            cut = len(held) - keep
                            break
                    out.append(held[:cut].replace("\x1b", ""))
                    self._paste_seen = held[cut:]
                    break
                out.append(held[:end].replace("\x1b", "") + PASTE_END)
                after = len(held) - end - len(PASTE_END)  # what follows the end, still to read
                at, self._in_paste, self._paste_seen = len(text) - after, False, ""
        return "".join(out)

    def _take(self, text: str) -> None:
        """Parse ``text``, leaving out the rest of a bracketed paste that was too long."""
        text = self._pasted_text(text)
        if self._skipping:
            text = self._skip(text)
        if not text:
            return
        if self._hear(self._parser, text) or MODE_REPLY.fullmatch(text):
            self._silent = 0
            return
        self._silent += len(text)
        if self._silent > self.max_paste:
            # Only a bracketed paste makes no event for this long: the parser would keep all
            # of it.  Drop it, and what is still to come of it.
            self._parser = XTermParser()
            self._unheard.clear()
            self._silent = 0
            self._skipping = True
            self._skip_tail = ""
            self._drop(f"a paste over {self.max_paste} bytes",
                       paste_sentence(self.max_paste))
            self._skip_handle = self._loop.call_later(UNSTICK_SECONDS, self._give_up_skipping)
            return
        self._unheard.append(text)
        del self._unheard[:-16]
        if self._unstick_handle is None:
            # Input that makes no event for a second follows an unfinished sequence (a
            # stray OSC, DCS or paste opener waits for an end that may never come).
            self._unstick_handle = self._loop.call_later(UNSTICK_SECONDS, self._unstick)

    def _skip(self, text: str) -> str:
        """What follows the end of the paste being dropped in ``text`` ("" if it is not there)."""
        seen = self._skip_tail + text
        end = seen.find(PASTE_END)
        if end < 0:
            self._skip_tail = seen[-(len(PASTE_END) - 1):]
            if self._skip_handle is not None:
                self._skip_handle.cancel()
            self._skip_handle = self._loop.call_later(UNSTICK_SECONDS, self._give_up_skipping)
            return ""
        self._stop_skipping()
        return seen[end + len(PASTE_END):]

    def _give_up_skipping(self) -> None:
        """The end of the paste being dropped never came, and the input went quiet."""
        self._in_paste, self._paste_seen = False, ""
        self._stop_skipping()

    def _stop_skipping(self) -> None:
        """The paste being dropped ended (or its end never came, and the input went quiet)."""
        self._skipping = False
        self._skip_tail = ""
        if self._skip_handle is not None:
            self._skip_handle.cancel()
            self._skip_handle = None

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
            self._made_events()
        return heard

    def _made_events(self) -> None:
        """The parser made events: what came before them was no unfinished sequence (a lone
        Esc, an Esc a second later: the first's look must not drop the second)."""
        self._unheard.clear()
        if self._unstick_handle is not None:
            self._unstick_handle.cancel()
            self._unstick_handle = None

    def _unstick(self) -> None:
        """Start the parser afresh and read again what came after the unfinished sequence
        (from the earliest piece of input after which it makes sense)."""
        self._unstick_handle = None
        unheard, self._unheard = self._unheard, []
        self._in_paste, self._paste_seen = False, ""  # a paste opener with no end: given up
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
                self._made_events()
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
        if isinstance(message, (events.MouseEvent, events.Resize)):
            # The mouse and in-band window sizes are never switched on: a client sending their
            # reports anyway is ignored (its size comes from its channel, within the bounds).
            return
        if isinstance(message, events.Key | events.Paste):
            # Keys wait their turn (see :data:`INPUT_SHARE`); anything else (a focus report, a
            # terminal's answer) is the terminal's, not the person's, and goes at once.
            self._keys.append(message)
            if self._step_handle is None and not self._answer_due:
                self._step_handle = self._loop.call_soon(self._step)
            return
        message.set_sender(self._app)
        self._app.post_message(message)

    def resize(self, columns: int, rows: int) -> None:
        """The client's window is now ``columns`` x ``rows`` (brought within the bounds)."""
        size = Size(*clamp_size(columns, rows))
        self._size = (size.width, size.height)
        self._app.post_message(events.Resize(size, size))

    def _get_terminal_size(self) -> tuple[int, int]:
        return clamp_size(*self.terminal.size())


def driver_for(terminal: Terminal, *, max_paste: int = MAX_PASTE,
               who: str = "a client") -> Callable[..., ChannelDriver]:
    """A driver class for :attr:`App.driver_class` bound to ``terminal`` (Textual builds the
    driver itself when the app starts)."""

    def build(app: App[Any], **options: Any) -> ChannelDriver:
        options.pop("mouse", None)
        return ChannelDriver(app, terminal=terminal, max_paste=max_paste, who=who, **options)

    return build
