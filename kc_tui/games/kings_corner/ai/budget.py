"""The clock of one decision: a thinking player's hard guard against running over its budget.

A player that thinks against the clock looks at it often (every node batch of the turn search,
every simulated turn of a rollout) and stops once the time left is less than the longest gap
it has seen between two looks.  On a busy machine those gaps include the turns other programs
take on the processor, so the player stops earlier the busier the machine is, and the last
piece of work still ends inside the budget.  The budget also keeps a fixed margin
(:data:`MARGIN`) for what follows the search: choosing the plan and playing it on the table.
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["Budget", "MARGIN"]

MARGIN = 0.1
"""The share of the budget kept back for the work after the search (and the unforeseen)."""


class Budget:
    """``seconds`` of thinking from now, read on ``clock`` (``time.perf_counter`` by default)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.perf_counter,
                 margin: float = MARGIN) -> None:
        self.clock = clock
        now = clock()
        self.started = now
        self.deadline = now + seconds * (1.0 - margin)
        """The instant by which the search must have stopped."""
        self._last = now
        self.stall = 0.0
        """The longest gap seen between two looks at the clock (work plus other programs'
        turns on the processor): the search assumes the next gap may be as long."""

    def spent(self) -> bool:
        """Whether to stop now: the next gap, as long as the longest so far, would pass the
        deadline."""
        now = self.clock()
        gap = now - self._last
        self._last = now
        if gap > self.stall:
            self.stall = gap
        return now + self.stall > self.deadline

    def elapsed(self) -> float:
        """Seconds since the budget started (reads the clock without counting a look)."""
        return self.clock() - self.started
