"""A served session's keys, as its driver hands them to the app.  The driver runs here on a
simulated clock, against an app whose every answer takes a set time, so what happens when is
the same on any machine."""

from __future__ import annotations

import heapq
import itertools
from typing import Any, Callable

import pytest
from textual import events

from kc_tui.ssh.driver import ChannelDriver

pytestmark = pytest.mark.timeout(60)


class Handle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Clock:
    """The event loop's timers on a simulated clock."""

    def __init__(self) -> None:
        self.now = 0.0
        self._due: list[tuple[float, int, Handle, Callable[..., Any], tuple[Any, ...]]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle:
        handle = Handle()
        heapq.heappush(self._due, (self.now + max(0.0, delay), next(self._order), handle, callback, args))
        return handle

    def call_soon(self, callback: Callable[..., Any], *args: Any) -> Handle:
        return self.call_later(0.0, callback, *args)

    def run(self, until: float) -> None:
        while self._due and self._due[0][0] <= until:
            at, _, handle, callback, args = heapq.heappop(self._due)
            self.now = at
            if not handle.cancelled:
                callback(*args)
        self.now = until


class App:
    """An app whose answer to the keys handed to it comes ``cost`` seconds later (never, with
    ``cost=None``)."""

    def __init__(self, clock: Clock, cost: float | None) -> None:
        self.clock = clock
        self.cost = cost
        self.keys: list[tuple[float, str]] = []
        self.busy = 0.0

    def post_message(self, message: Any) -> bool:
        if isinstance(message, events.Key):
            self.keys.append((self.clock.now, message.character or message.key))
        return True

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool:
        if self.cost is not None:
            self.busy += self.cost
            self.clock.call_later(self.cost, callback, *args)
        return True

    def notify(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("nothing was dropped")


class Terminal:
    def size(self) -> tuple[int, int]:
        return (80, 24)

    def send(self, data: bytes) -> None:
        pass


async def driver(cost: float | None) -> tuple[ChannelDriver, App, Clock]:
    clock = Clock()
    app = App(clock, cost)
    made = ChannelDriver(app, terminal=Terminal())  # type: ignore[arg-type]
    made._loop = clock  # type: ignore[assignment]
    made.start_application_mode()
    return made, app, clock


async def test_an_esc_pressed_a_second_after_another_is_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone Esc is known to be one when nothing follows it for a moment; the look for an
    unfinished sequence that the first Esc started must not drop the second."""
    made, app, clock = await driver(cost=0.02)
    monkeypatch.setattr("textual._parser.get_time", clock.time)
    monkeypatch.setattr("kc_tui.ssh.driver.get_time", clock.time)
    made.feed(b"\x1b")
    clock.run(until=0.95)
    assert [key for _, key in app.keys] == ["\x1b"]
    made.feed(b"\x1b")
    clock.run(until=3.0)
    assert [key for _, key in app.keys] == ["\x1b", "\x1b"]
