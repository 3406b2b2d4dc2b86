"""Garbage collection for a server of many apps: :class:`Collector`.

Python's collector of reference cycles scans, in its oldest generation, every object that has
lived a while: with fifty Textual apps in one process that is millions of objects, and each
such scan stopped every session's screen for up to half a second (``benchmarks/serve_load.py``
counts them: 24 scans and 8 s of 30 with fifty sessions).  What has lived a while mostly lives
on (the sessions' apps, screens and caches), and scanning it again and again finds nothing.  So
every :data:`FREEZE_SECONDS` it is set aside (``gc.freeze``): the collector then scans only
what came since.  Set aside, an object is still freed as soon as nothing refers to it, and a
closed screen's cycles are broken as it closes (:mod:`kc_tui.tui.release`); only the rest of
the garbage in cycles (above all an app that ended) waits, until everything is put back and
collected once (one pause, logged: about a second with fifty sessions) after
:data:`RECLAIM_AFTER` sessions ended or :data:`RECLAIM_SECONDS` passed.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

__all__ = ["Collector", "FREEZE_SECONDS", "RECLAIM_AFTER", "RECLAIM_SECONDS"]

log = logging.getLogger("kc_tui.ssh")

FREEZE_SECONDS = 1.0
"""How often what has lived until then is set aside."""
RECLAIM_AFTER = 8
"""Ended sessions after which everything is collected once."""
RECLAIM_SECONDS = 600.0
"""The longest time between two such collections."""
THRESHOLDS = (100_000, 20, 20)
"""When the collector runs by itself: only past 100,000 new objects within one of the seconds
between two freezes (a freeze starts the count again), which plain play never reaches.
Python's (700, 10, 10) collected the youngest objects every 700 allocations, while a frame
drawn at one seat makes tens of thousands, most of them gone a moment later: fifty sessions
spent about a tenth of the server's time in those collections (``python benchmarks/serve_load.py``
at its defaults, before commit 23e71a4: ~1,300 collections and ~1.8 s in 30 s, the longest pause
27 ms).  The cycles they found (tens of thousands of objects a minute: closed dialogs,
Textual's layouts; both are now freed as they are dropped, :mod:`kc_tui.tui.release`) wait for
the full collection below instead."""


class Collector:
    """Sets long-lived objects aside as the server runs and collects, now and then, the cycles
    left among them."""

    def __init__(self, reclaim_after: int | None = RECLAIM_AFTER,
                 reclaim_seconds: float = RECLAIM_SECONDS) -> None:
        """``reclaim_after`` None: ended sessions are only counted (a worker process of ``serve
        --workers`` is retired instead, :mod:`.workers`)."""
        self.reclaim_after, self.reclaim_seconds = reclaim_after, reclaim_seconds
        self.ended = 0
        self.ended_in_all = 0
        """Sessions ended since the start."""
        self.reclaims = 0
        self._last_reclaim = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None
        self._due = False
        """A collection is on its way (asked for by ended sessions)."""
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Begin (on the server's event loop)."""
        self._last_reclaim = time.monotonic()
        self._thresholds = gc.get_threshold()
        gc.set_threshold(*THRESHOLDS)
        self._schedule()

    def _schedule(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(FREEZE_SECONDS, self._tick)

    def _tick(self) -> None:
        if time.monotonic() - self._last_reclaim >= self.reclaim_seconds:
            self.reclaim()
        else:
            gc.freeze()
        self._schedule()

    def ended_one(self) -> None:
        """A session ended: after enough of them, what they left is collected (once: sessions
        that end together, before it is made, wait for the next one)."""
        self.ended += 1
        self.ended_in_all += 1
        if self.reclaim_after is not None and self.ended >= self.reclaim_after and not self._due:
            self._due = True
            asyncio.get_running_loop().call_soon(self.reclaim)

    def reclaim(self) -> tuple[int, float]:
        """Put everything back, collect it all once, and set what lives aside again: the objects
        found in cycles and the seconds it took."""
        began = time.perf_counter()
        self.ended = 0
        self._due = False
        self._last_reclaim = time.monotonic()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.reclaims += 1
        took = time.perf_counter() - began
        log.info("collected %d objects in cycles in %.0f ms", found, took * 1000)
        return found, took

    def close(self) -> None:
        """The server stops: nothing stays set aside."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
            gc.set_threshold(*self._thresholds)
        gc.unfreeze()
