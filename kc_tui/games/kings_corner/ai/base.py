"""The interface every computer seat implements, whatever its level."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar, Sequence

from ..engine.events import Event
from ..engine.moves import Move
from ..engine.observation import Observation

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["Player"]


class Player(ABC):
    """A computer seat.  The engine service asks it for a whole turn at a time.

    :meth:`plan_turn` receives what the seat may see (never another hand or the stock order) and
    returns the moves to make this turn, in order; the turn ends after them.  Moves may be
    :class:`~kc_tui.games.kings_corner.engine.moves.Move` values or their int codes (faster).  It
    may be called
    from a worker thread, so it must not touch anything but the observation and its own state;
    a player thinks about one decision at a time.  At a served table it thinks in a worker
    process, on a pickled copy whose state the table's player then takes
    (:func:`~kc_tui.core.workers.keep_state`): what cannot be pickled (a lock) a player leaves
    out of :meth:`__getstate__`.
    """

    level: ClassVar[str] = ""
    """The level name used on the command line and in transcripts."""
    follows_events: bool = False
    """Whether :meth:`observe` wants the game's events (building them costs the simulator its
    fast path, so only a player that uses them says so)."""
    sees_all: bool = False
    """Whether the service hands this player the referee (:meth:`see_all`): benchmarks only."""
    plans_from_board: bool = False
    """Whether :meth:`plan_from_board` plans the turn without an observation."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    @abstractmethod
    def plan_turn(self, obs: Observation) -> Sequence[Move | int]:
        """The moves for this turn, in order (possibly none)."""

    def plan_from_board(self, piles: Sequence[Sequence[int]], hand: int) -> Sequence[Move | int]:
        """The turn's plan from the board and the hand alone (only if :attr:`plans_from_board`)."""
        raise NotImplementedError(f"{type(self).__name__} plans from an observation")

    def observe(self, event: Event) -> None:
        """One event of the game, as this seat may see it (only if :attr:`follows_events`)."""

    def see_all(self, referee: Game) -> None:
        """Take the referee, every card face up (only if :attr:`sees_all`)."""

    def cancel(self) -> None:
        """Stop thinking: :meth:`plan_turn` returns its best plan so far (a player that thinks
        for long supports this; the others answer soon anyway)."""

    def pop_fault(self) -> str | None:
        """A fault of this seat's own since the last call (a bot's), or None."""
        return None

    def close(self) -> None:
        """Release what the player holds (a bot's process)."""
