"""The SSH server's garbage collection (kc_tui/ssh/collector.py): what lives is set aside from
the cycle collector as the server runs, and the cycles ended sessions leave are still freed."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from kc_tui.ssh import collector as collector_module
from kc_tui.ssh.collector import RECLAIM_AFTER, Collector


class Cycle:
    """An object in a reference cycle (as an ended app is): only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def test_what_lives_is_set_aside_and_ended_sessions_cycles_are_freed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector_module, "FREEZE_SECONDS", 0.05)
    thresholds = gc.get_threshold()
    collector = Collector()
    collector.start()
    try:
        await asyncio.sleep(0.2)
        assert gc.get_freeze_count() > 0  # set aside: the collector's scans pass over it
        gc.disable()  # (no collection of its own may come before the collector's next round)
        try:
            left = Cycle()
            gone = weakref.ref(left)
            del left
            await asyncio.sleep(0.2)  # set aside with the rest: a young collection cannot free it
        finally:
            gc.enable()
        gc.collect(1)
        assert gone() is not None
        for _ in range(RECLAIM_AFTER + 3):  # sessions end: then everything is collected, once
            collector.ended_one()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert gone() is None and collector.reclaims == 1 and collector.ended == 0
    finally:
        collector.close()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
