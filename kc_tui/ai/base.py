"""The interface every computer seat implements, whatever its level."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar, Sequence

from ..engine.moves import Move
from ..engine.observation import Observation

__all__ = ["Player"]


class Player(ABC):
    """A computer seat.  The engine service asks it for a whole turn at a time.

    :meth:`plan_turn` receives what the seat may see (never another hand or the stock order) and
    returns the moves to make this turn, in order; the turn ends after them.  Moves may be
    :class:`~kc_tui.engine.moves.Move` values or their int codes (faster).  It may be called
    from a worker thread, so it must not touch anything but the observation and its own state;
    a player thinks about one decision at a time.
    """

    level: ClassVar[str] = ""
    """The level name used on the command line and in transcripts."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    @abstractmethod
    def plan_turn(self, obs: Observation) -> Sequence[Move | int]:
        """The moves for this turn, in order (possibly none)."""
