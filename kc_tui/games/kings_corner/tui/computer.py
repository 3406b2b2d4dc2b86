"""A computer's turn at the table: it thinks in a worker thread (the screen stays live), then its
moves are shown one by one at the chosen pace; any key finishes the turn at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from ..engine.moves import Move
from ..engine.service import Decision, GameService

__all__ = ["ComputerTurn"]


class ComputerTurn:
    """Plays the computers' turns of one table.  The screen says what to draw after each move
    (``moved``), where a fault goes (``fault``) and what comes after a turn (``done``)."""

    def __init__(self, screen: Screen[Any], service: GameService, pace: Callable[[], float],
                 moved: Callable[[], None], fault: Callable[[str], None], done: Callable[[], None]) -> None:
        self.screen = screen
        self.service = service
        self.pace = pace
        self.moved = moved
        self.fault = fault
        self.done = done
        self.decision: Decision | None = None
        """The turn being decided or shown, if any."""
        self.playing: tuple[Decision, list[Move | int]] | None = None
        """The decided turn and its moves not yet shown, while they are shown."""
        self.timer: Timer | None = None
        """The pause after a shown move, if one is pending."""

    def settle(self) -> None:
        """The game moves on: no turn is pending and no pause either."""
        self.decision = None
        if self.timer is not None:
            self.timer.stop()  # a pending advance from the pause after a computer's turn
            self.timer = None

    def begin(self) -> None:
        """The computer whose turn it is starts thinking."""
        decision = self.decision = self.service.begin_decision()
        self.screen.run_worker(lambda: self._think(decision), thread=True, exclusive=True, group="ai")

    def _think(self, decision: Decision) -> None:
        plan = decision.run()
        if not get_current_worker().is_cancelled:
            self.screen.app.call_from_thread(self._apply, decision, plan)

    def _apply(self, decision: Decision, plan: list[Move | int]) -> None:
        if decision is not self.decision or not self.screen.is_attached:
            return  # the table was left, or the turn moved on, while it was thinking
        self.playing = (decision, list(plan))
        self._step()

    def _step(self, skip: bool = False) -> None:
        if self.playing is None:
            return
        decision, moves = self.playing
        service = self.service
        pace = self.pace()
        while moves:
            if not service.apply_decision_move(decision, moves.pop(0)):
                moves.clear()
                break
            if moves and pace > 0 and not skip:
                self.moved()
                self.timer = self.screen.set_timer(pace, self._step)
                return
        self.playing = None
        service.end_decision(decision)
        for fault in service.take_faults():
            self.fault(fault)
        self.moved()
        if pace > 0 and not skip and not service.waiting_for_human():
            # Leave the last move on screen a moment before the next computer thinks; a person
            # to play next gets the keyboard at once.
            self.timer = self.screen.set_timer(pace, self.done)
        else:
            self.done()

    def skip_ahead(self) -> None:
        """Any key while a computer plays: finish its turn at once."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.playing is not None:
            self._step(skip=True)

    def stop(self) -> None:
        """Stop the turn in progress without waiting for it (the table is left)."""
        if self.decision is not None:
            self.service.cancel_decision(self.decision)
            self.decision = None
        if self.timer is not None:
            self.timer.stop()
        self.playing = None
        self.screen.workers.cancel_group(self.screen, "ai")
