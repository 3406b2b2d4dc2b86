"""The table server's values: the lobby's snapshots of tables and seats, the notices a table's
log shows besides the game's events, and the refusal every call may answer with."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, Literal

from ..core.errors import IllegalMove

__all__ = ["SEAT_OPEN", "HOUSE_LEVEL", "MAX_TABLE_NAME", "MISSED_NOTICES", "TableError", "TableState",
           "SeatInfo", "TableInfo", "Notice", "NoticeKind", "Delivery", "Listener"]

SEAT_OPEN = "open"
"""A seat spec for :meth:`~kc_tui.net.TableServer.create_table`: a seat for a person (the others
are computer levels of the table's game, :attr:`~kc_tui.net.part.TableGame.levels`)."""
HOUSE_LEVEL = "hard"
"""The level of the computer that plays for a person who has gone, or in a seat nobody took (the
default of :attr:`~kc_tui.net.part.TableGame.house_level`: a game without it names its own)."""
MAX_TABLE_NAME = 40
MISSED_NOTICES = 20
"""The most notices a door keeps for a front end that has not followed it yet."""


class TableError(IllegalMove):
    """A refusal: the message is the sentence to show the person (nothing was changed).  It is
    an :class:`IllegalMove`, so a front end that shows a refused move shows this the same way."""



class TableState(StrEnum):
    WAITING = "waiting"
    """Seats are being taken; the creator starts the game, or it starts when every person's
    seat is taken."""
    PLAYING = "playing"
    ADJOURNED = "adjourned"
    """Everyone left: the game is saved and can be resumed by its players."""
    FINISHED = "finished"
    """The session is over; the table goes when its people leave."""


SeatKindName = Literal["person", "computer"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    index: int
    """The seat's number from 0 (people see it from 1)."""
    kind: SeatKindName
    """``person``: a seat for a person; ``computer``: a computer of ``level`` plays it."""
    name: str | None
    """Who sits there (or is expected back); None for a free person's seat, and for a
    computer before the game starts (computers are named then)."""
    level: str | None = None
    connected: bool = False
    """Whether the person is there now."""
    stand_in: bool = False
    """Whether the house computer plays the seat for now (its person gone, or nobody took it)."""

    @property
    def free(self) -> bool:
        return self.kind == "person" and self.name is None

    def label(self) -> str:
        """The seat in a few words, as the lobby lists it."""
        if self.kind == "computer":
            return f"{self.name} (computer, {self.level})" if self.name else f"computer ({self.level})"
        if self.name is None:
            return "free" + (" (computer plays)" if self.stand_in else "")
        if self.stand_in:
            return f"{self.name} (away; computer plays)"
        return self.name if self.connected else f"{self.name} (away)"


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One table as the lobby lists it (a snapshot: ask :meth:`TableServer.tables` again after
    a change)."""

    id: int
    name: str
    owner: str
    """The creator's name: the person who may start the game."""
    rules: str
    """The rules in a few words, as the table's game puts them
    (:meth:`~kc_tui.net.part.TableGame.rules_label`)."""
    seats: tuple[SeatInfo, ...]
    state: TableState
    spectators: int
    game: str
    """The game played at the table (its name in :data:`kc_tui.games.GAMES`)."""
    round: int = 0
    """The round being played (0 before the first deal)."""

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.seats if s.free)

    def seats_label(self) -> str:
        return ", ".join(f"{s.index + 1} {s.label()}" for s in self.seats)

    def line(self) -> str:
        """The table in one line: number, name, state, rules, seats, spectators."""
        watching = f"; {self.spectators} watching" if self.spectators else ""
        where = f", round {self.round}" if self.round and self.state == TableState.PLAYING else ""
        return (f"{self.id}. {self.name} ({self.state}{where}; {self.rules}): "
                f"{self.seats_label()}{watching}")


NoticeKind = Literal["chat", "table"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A line for a table's log that is not a game event: a chat line (``sender`` said
    ``text``) or news of the table (someone came, went, a computer plays for them)."""

    text: str
    kind: NoticeKind = "table"
    sender: str | None = None

    def __str__(self) -> str:
        return f"{self.sender}: {self.text}" if self.kind == "chat" else self.text


Delivery = Any
"""What a door hands its listeners: one of its game's events, or a :class:`Notice`."""
Listener = Callable[[Delivery], None]
