"""The clock of one decision: a thinking player's hard guard against running over its budget.

A thinking player's budget is its own processor time (the thread's, ``time.thread_time``), so
it thinks as well on a busy machine (a game server with many tables, a tournament with more jobs
than cores) as on an idle one: the turns other programs and threads take on the processor are
not counted against it.  A wall-clock cap (:data:`WALL_CAP` times the budget) keeps a person
from waiting long when the machine is very busy: then the player stops early and plays its best
so far.

The player looks at the clock often (every node batch of a turn search, every simulated turn
of a rollout) and stops once the time left is less than the longest gap it has seen between two
looks, so that the last piece of work still ends inside the budget.  The budget also keeps a
fixed margin (:data:`MARGIN`) for what follows the search: choosing the plan and playing it.
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["Budget", "MARGIN", "WALL_CAP"]

MARGIN = 0.1
"""The share of the budget kept back for the work after the search (and the unforeseen)."""

WALL_CAP = 3.0
"""The most wall-clock time a decision may take, in budgets: a decision of 1 s of processor
time stops after 3 s on the clock however busy the machine is."""


class Budget:
    """``seconds`` of thinking from now, read on ``clock`` (the thread's processor time by
    default), and never more than ``cap`` seconds on ``wall`` (:data:`WALL_CAP` budgets by
    default)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.thread_time,
                 margin: float = MARGIN, cap: float | None = None,
                 wall: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        now = clock()
        self.started = now
        self.deadline = now + seconds * (1.0 - margin)
        """The instant (on :attr:`clock`) by which the search must have stopped."""
        self._last = now
        self.stall = 0.0
        """The longest gap seen between two looks at the clock: the search assumes the next
        gap may be as long."""
        self.wall = wall
        self._wall_deadline = wall() + (WALL_CAP * seconds if cap is None else cap) * (1.0 - margin)
        self.capped = False
        """Whether the wall-clock cap, not the budget, ended the decision."""

    def spent(self) -> bool:
        """Whether to stop now: the next gap, as long as the longest so far, would pass the
        deadline, or the wall-clock cap is reached."""
        now = self.clock()
        gap = now - self._last
        self._last = now
        if gap > self.stall:
            self.stall = gap
        if now + self.stall > self.deadline:
            return True
        if self.wall() >= self._wall_deadline:
            self.capped = True
            return True
        return False

    def elapsed(self) -> float:
        """Seconds since the budget started (reads the clock without counting a look)."""
        return self.clock() - self.started
