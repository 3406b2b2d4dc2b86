"""SIGTERM and SIGHUP end a command the way leaving the game does: raised as :class:`Stopped`
in the main thread, so every clean-up on the way out runs; and whatever that clean-up waits on,
the program ends within :data:`GRACE` seconds of the signal."""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator

from ..core.i18n import Domain
from ..storage import unlock_all

__all__ = ["GRACE", "STOPPING_SIGNALS", "Stopped", "end_within_grace", "stopped_by_signals", "tell"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the program the way leaving the game does (SIGHUP: the terminal or the SSH
connection closed)."""

GRACE = 5.0
"""Seconds the program has after a stopping signal to end on its own before it is ended at once,
its saves released.  A terminal that went away or that nobody reads can block a write for ever
(Textual's output thread, and the app waiting on it, with it); the saves were written after the
last turn, so nothing is lost but the goodbye."""

_BACKSTOP = 2
"""Seconds after :data:`GRACE` at which the kernel ends the program (SIGALRM: status 142), if
even the watchdog cannot: the interpreter blocked while it finalizes (flushing its output to
that terminal), or the watchdog's thread never started (the signal came while the main thread
was inside :mod:`threading`'s own bookkeeping)."""

_watched_by: int | None = None
"""The process whose watchdog is running (a forked child inherits the variable, not the thread)."""


class Stopped(Exception):
    """One of :data:`STOPPING_SIGNALS` arrived; raised in the main thread so that every clean-up
    on the way out runs (bots ended, the save released), as when the player leaves."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(self.name)

    @property
    def status(self) -> int:
        """The exit status, as a shell reports a program ended by that signal."""
        return 128 + self.signum


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise :class:`Stopped`, once: a second signal
    is ignored so that it cannot cut short the clean-up the first one started, and the first
    one ends the program within :data:`GRACE` seconds (:func:`end_within_grace`)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread; the caller keeps its own
        return

    def stop(signum: int, frame: object) -> None:
        end_within_grace(signum)
        for each in STOPPING_SIGNALS:
            # A Python handler that does nothing, not SIG_IGN: a signal that arrived together
            # with this one is then let pass, not turned into an error by Python.
            signal.signal(each, _let_pass)
        raise Stopped(signum)

    previous = {each: signal.signal(each, stop) for each in STOPPING_SIGNALS}
    try:
        yield
    finally:
        for each, handler in previous.items():
            signal.signal(each, handler)


def _let_pass(signum: int, frame: object) -> None:
    """A stopping signal after the first: the clean-up the first one started goes on (for at
    most :data:`GRACE` seconds)."""


def end_within_grace(signum: int) -> None:
    """The stopping signal ``signum`` arrived (called in its handler, in the main thread): from
    now on the program ends within :data:`GRACE` seconds, with the shell's status for that
    signal, however its clean-up is stuck.  Only the first call counts."""
    global _watched_by
    if _watched_by == os.getpid():
        return
    _watched_by = os.getpid()
    # First what cannot fail to fire, even if no Python code runs again.
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(math.ceil(GRACE) + _BACKSTOP)
    try:
        threading.Thread(target=_watchdog, args=(signum, GRACE), name="kc-stop-watchdog", daemon=True).start()
    except RuntimeError:
        pass  # no thread to be had: the alarm ends the program all the same


def _watchdog(signum: int, grace: float) -> None:
    """After ``grace`` seconds: say so, give up the saves' locks and end the program at once."""
    time.sleep(grace)
    name = signal.Signals(signum).name
    # Told from a thread of its own, not waited for long: the terminal may not take the words.
    said = _("Stopped by {signal}, but still running {seconds} seconds later (a terminal that takes no "
             "output holds it up): ending at once. A game in progress was saved after its last turn.")
    teller = threading.Thread(target=_write_stderr, daemon=True, args=(
        "\r\n" + said.format(signal=name, seconds=f"{grace:g}") + "\r\n",))
    teller.start()
    teller.join(0.5)
    try:
        unlock_all()
    finally:
        os._exit(128 + signum)


def _write_stderr(text: str) -> None:
    # Straight to the descriptor: the buffer of sys.stderr may be held by a thread stuck writing.
    try:
        os.write(2, text.encode("utf-8", "replace"))
    except OSError:
        pass


def tell(text: str) -> None:
    """Say why the program stops, on stderr, if anyone can still read it (after SIGHUP the
    terminal may be gone)."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
