"""SIGTERM and SIGHUP end a command the way leaving the game does: raised as :class:`Stopped`
in the main thread, so every clean-up on the way out runs."""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

__all__ = ["STOPPING_SIGNALS", "Stopped", "stopped_by_signals", "tell"]

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the program the way leaving the game does (SIGHUP: the terminal or the SSH
connection closed)."""


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
    is ignored so that it cannot cut short the clean-up the first one started."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread; the caller keeps its own
        return

    def stop(signum: int, frame: object) -> None:
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
    """A stopping signal after the first: the clean-up the first one started goes on."""


def tell(text: str) -> None:
    """Say why the program stops, on stderr, if anyone can still read it (after SIGHUP the
    terminal may be gone)."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
