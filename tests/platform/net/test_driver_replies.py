"""A terminal's answer to the start-up question about synchronised output (xterm.js in a
browser says "not supported": ``ESC [ ? 2026 ; 0 $ y``) is no unfinished sequence: nothing is
logged as dropped and the keys after it work at once."""

from __future__ import annotations

import asyncio
import logging

import pytest

from kc_tui.ssh.driver import ChannelDriver, driver_for
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp

pytestmark = pytest.mark.timeout(60)


class Terminal:
    def __init__(self) -> None:
        self.sent = b""

    def size(self) -> tuple[int, int]:
        return (80, 24)

    def send(self, data: bytes) -> None:
        self.sent += data


async def test_a_mode_reply_saying_not_supported_is_heard_quietly(caplog: pytest.LogCaptureFixture) -> None:
    terminal = Terminal()
    app = KingsCornerApp(settings=Settings())
    drivers: list[ChannelDriver] = []
    build = driver_for(terminal)

    def capture(app_: KingsCornerApp, **options: object) -> ChannelDriver:
        drivers.append(build(app_, **options))
        return drivers[-1]

    app.driver_class = capture  # type: ignore[assignment]
    task = asyncio.get_running_loop().create_task(app.run_async(mouse=False, size=(80, 24)))
    try:
        while not terminal.sent:
            await asyncio.sleep(0.05)
        assert b"\x1b[?2026$p" in terminal.sent  # the question
        with caplog.at_level(logging.INFO, logger="kc_tui.ssh"):
            drivers[0].feed(b"\x1b[?2026;0$y")
            await asyncio.sleep(1.5)  # past the time an unfinished sequence is given up
        assert not [r for r in caplog.records if "unfinished" in r.getMessage()]
    finally:
        app.exit()
        await asyncio.gather(task, return_exceptions=True)
