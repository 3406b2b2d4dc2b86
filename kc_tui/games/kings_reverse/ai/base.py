"""The interface every Kings Reverse computer seat implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar, Sequence

from ..engine.actions import Action
from ..engine.events import ReverseEvent
from ..engine.game import ReverseGame
from ..engine.views import ReverseView

__all__ = ["ReverseAI"]


class ReverseAI(ABC):
    """A computer seat: :meth:`choose` gets what the seat may see (never another hand or the
    stock's order) and returns one of ``view.legal``.  It may run in a worker thread, so it
    touches nothing but the view and its own state; at a served table it runs in a worker
    process, on a pickled copy whose state the table's player then takes
    (:func:`~kc_tui.core.workers.keep_state`): what cannot be pickled (a lock) a player leaves
    out of :meth:`__getstate__`."""

    level: ClassVar[str] = ""
    quick: bool = False
    """Whether :meth:`choose_quick` decides without a view."""
    sees_all: bool = False
    """Whether the service hands this player the referee (:meth:`see_all`): benchmarks only."""
    follows_events: bool = False
    """Whether the service sends this player each event as its seat may see it (:meth:`observe`)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    @abstractmethod
    def choose(self, view: ReverseView) -> Action:
        """One action of ``view.legal``."""

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        """The choice from the legal actions, the hand (card ints), the next player's card
        count and the table's size (only if :attr:`quick`)."""
        raise NotImplementedError(f"{type(self).__name__} decides from a view")

    def see_all(self, referee: ReverseGame) -> None:
        """Take the referee, every card face up (only if :attr:`sees_all`: a benchmark's ceiling,
        never a game's player)."""

    def observe(self, event: ReverseEvent) -> None:
        """An event as this seat may see it (only if :attr:`follows_events`)."""

    def cancel(self) -> None:
        """Answer now with the best action found so far (the expert thinks; others are quick)."""

    def close(self) -> None:
        """Release what the player holds (nothing, for these)."""
