"""A networked seat's listeners, the same for every game: :class:`Following`.

A game's front ends drive a networked seat through an object with its service's names (each
game's ``remote`` module makes one from its door); what such an object passes on from the door,
the events and the table's notices, is the same for every game.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from .values import MISSED_NOTICES, Notice

__all__ = ["Following"]

E = TypeVar("E")


class Following(Generic[E]):
    """What a networked seat passes on from its door, the same for every game: the events to
    its listeners (:meth:`follow`), the table's :class:`Notice` lines to :attr:`on_notice`
    (:meth:`hear`; those said before it is given are kept, the last few), and :attr:`on_update`
    once after each delivery.  :meth:`close` leaves the table."""

    door: Any

    def follow_door(self, door: Any) -> None:
        self._listeners: list[Callable[[E], None]] = []
        self.on_notice: Callable[[Notice], None] | None = None
        self.on_update: Callable[[], None] | None = None
        self._missed: list[Notice] = []
        door.follow(self._delivered)

    def follow(self, listener: Callable[[E], None], seat: int | None = None) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[E], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def hear(self, on_notice: Callable[[Notice], None]) -> None:
        """Send the table's notices to ``on_notice`` from now on, after those that came before
        it was given (the game starting as the front end opened, a computer taking a seat)."""
        self.on_notice = on_notice
        missed, self._missed = self._missed, []
        for notice in missed:
            on_notice(notice)

    def _delivered(self, item: Any) -> None:
        if isinstance(item, Notice):
            if self.on_notice is not None:
                self.on_notice(item)
            else:
                self._missed = [*self._missed[-MISSED_NOTICES + 1:], item]
        else:
            for listener in list(self._listeners):
                listener(item)
        if self.on_update is not None:
            self.on_update()

    def close(self) -> None:
        """The front end is done with the table: leave it (a computer plays the seat)."""
        self.door.unfollow(self._delivered)
        self.door.leave()
