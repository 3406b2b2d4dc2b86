"""A served session's keys: they take at most their share of the server (``INPUT_SHARE``): a person's
keys go to the app at once, a flood of keys is read at the session's share, in order and whole,
and every other session on the server keeps its pace (``benchmarks/key_flood.py`` measures
that over SSH).  The driver runs here on a simulated clock, against an app whose every answer
takes a set time, so the figures are exact on any machine."""

from __future__ import annotations

import heapq
import itertools
from typing import Any, Callable

import pytest
from textual import events

from kc_tui.ssh.driver import (
    ANSWER_MOST,
    INPUT_CREDIT,
    INPUT_SHARE,
    KEYS_AT_ONCE,
    PERSON_KEYS,
    ChannelDriver,
)

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


async def test_a_persons_keys_go_to_the_app_at_once_however_busy_the_server() -> None:
    """A person's keys never wait for the app's answer, which on a busy server is the whole
    server's delay: 200 sessions arriving together, each walking down the lobby with up to 40
    Downs, waited seconds for their tables when every few keys waited for it (a 99th
    percentile of 1.5 s in ``serve_load.py --sessions 200``, where 0.3 s before)."""
    made, app, clock = await driver(cost=0.5)  # every answer half a second away
    made.feed(b"hello")
    clock.run(until=0.0)
    assert app.keys == [(0.0, c) for c in "hello"]
    made.feed(b"\x1b[B" * 40 + b"w")  # down to the 41st table, and watch it
    clock.run(until=0.0)
    assert len(app.keys) == 46 and {t for t, _ in app.keys} == {0.0}
    # A held key (25 repeats a second) goes as it comes, a minute long.
    for step in range(1, 25 * 60):
        clock.run(until=1.0 + step / 25)
        made.feed(b"j")
    clock.run(until=1.0 + 60.0)
    held = app.keys[46:]
    assert len(held) == 25 * 60 - 1
    assert [t for t, _ in held] == pytest.approx([1.0 + step / 25 for step in range(1, 25 * 60)])


async def test_a_flood_of_keys_is_read_at_the_sessions_share_in_order_and_whole() -> None:
    made, app, clock = await driver(cost=0.05)
    flood = b"jk?" * 1000
    made.feed(flood)
    seconds = 20.0
    clock.run(until=seconds)
    # The app was kept busy by this session for its burst and its share of the time, no more
    # (one batch may start with a little credit left, and take its whole time).
    assert app.busy <= INPUT_CREDIT + seconds * INPUT_SHARE + 0.05
    # ... and not much less: the session goes on at its share.
    assert app.busy >= INPUT_CREDIT + seconds * INPUT_SHARE - 2 * 0.05
    handed = "".join(c for _, c in app.keys)
    assert len(handed) < len(flood) and flood.decode().startswith(handed)
    clock.run(until=1000.0)
    assert "".join(c for _, c in app.keys) == flood.decode()  # in the end, every key, in order
    assert made.held == 0


async def test_keys_whose_answer_never_comes_wait_a_moment_only() -> None:
    """A screen closed by the keys handed may never give its answer: the next keys go after
    :data:`ANSWER_MOST` (charged that long)."""
    made, app, clock = await driver(cost=None)
    made.feed(b"a" * 100)
    clock.run(until=1.5 * ANSWER_MOST)
    # Past what a person sends at once, the next few keys wait for an answer that never comes.
    times = [t for t, _ in app.keys]
    assert times[:PERSON_KEYS + KEYS_AT_ONCE] == [0.0] * (PERSON_KEYS + KEYS_AT_ONCE)
    assert times[PERSON_KEYS + KEYS_AT_ONCE] == pytest.approx(ANSWER_MOST)
    clock.run(until=1000.0)
    assert len(app.keys) == 100


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
