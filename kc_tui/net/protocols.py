"""What the parts of the table server ask of each other, as protocols: a table as its doors,
its files and its game see it (:class:`GameTable`, the :class:`~.table.Table`), the server as
they see it (:class:`ServerView`, the :class:`~.server.TableServer`), and a game's service as a
table reads it (:class:`TableService`).

So the server, which makes tables, sits above the table, which makes doors and files and asks
its game; each below names the one above only by what it asks of it, and no module of
:mod:`kc_tui.net` imports one that imports it.  A game's ``net`` part takes its table as a
:class:`GameTable`: this is all it may use of one.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from ..core.i18n import Text
from ..core.kinds import Phase
from .names import Person
from .thinkers import Thinkers
from .values import NoticeKind, TableInfo

__all__ = ["GameTable", "ServerView", "TableService"]


class TableService(Protocol):
    """What a table reads of its game's service, whichever the game (each game's service door
    has these names)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def current(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def seats(self) -> Sequence[Any]: ...

    def view(self, seat: int | None) -> Any: ...

    def add_listener(self, listener: Any) -> None: ...

    def follow(self, listener: Any, seat: int | None) -> None: ...

    def remove_listener(self, listener: Any) -> None: ...

    def start(self) -> None: ...

    def next_round(self) -> None: ...

    def take_faults(self) -> list[str]: ...

    def close(self) -> None: ...


class Journal(Protocol):
    """Where a table's save and file are kept besides the disk, as they are written (with
    ``serve --redis``: the store the hosts share)."""

    def whole(self, table_id: int, text: str, held: int) -> None: ...

    def append(self, table_id: int, text: str, held: int) -> None: ...

    def meta(self, table: Any) -> None: ...

    def forget(self, table_id: int) -> None: ...


class ServerView(Protocol):
    """What a table's doors, files and game read of the server."""

    @property
    def journal(self) -> Journal | None:
        """Where the tables' saves are kept besides the disk, if anywhere."""
        ...

    @property
    def going(self) -> asyncio.Event:
        """Set while play goes on (clear: it waits for the hosts' shared store)."""
        ...

    @property
    def think(self) -> float | None:
        """The expert's thinking budget per decision (None: its own)."""
        ...

    @property
    def thinkers(self) -> Thinkers:
        """Where the computers' decisions are thought: worker processes (or threads)."""
        ...

    @property
    def pace(self) -> float:
        """Seconds between a computer's moves."""
        ...

    @property
    def chat_lines(self) -> int: ...

    @property
    def chat_window(self) -> float: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def writer(self) -> Executor:
        """The one thread that writes the games' saves, in order."""
        ...

    def start(self, person: Person, table_id: int) -> None:
        """``person`` starts the table's game."""
        ...


class GameTable(Protocol):
    """A table as its doors, its save file, its transcript and its game see it."""

    playing_turn: Any
    """The turn a computer is playing now (its ``seat`` is all the table reads)."""

    @property
    def id(self) -> int: ...

    @property
    def server(self) -> ServerView: ...

    @property
    def game(self) -> Any:
        """The game played here (its :class:`~.game.TableGame`)."""
        ...

    @property
    def rules(self) -> Any: ...

    @property
    def seed(self) -> int: ...

    @property
    def service(self) -> TableService | None: ...

    @property
    def events(self) -> list[Any]:
        """Every event of the session as the referee saw it."""
        ...

    @property
    def saver(self) -> Any:
        """The game's save (its :meth:`~.game.TableGame.saver`)."""
        ...

    @property
    def save_file(self) -> Any:
        """The save's file (a :class:`~.saving.SaveFile`) once the game has begun."""
        ...

    @property
    def transcript(self) -> Any:
        """The transcript's file (a :class:`~.saving.Transcript`)."""
        ...

    @property
    def seat_names(self) -> list[str] | None: ...

    @property
    def house(self) -> dict[int, Any]:
        """The house computer of each person's seat it has played for."""
        ...

    @property
    def slots(self) -> Sequence[Any]:
        """The seats as the server keeps them (their ``spec``)."""
        ...

    @property
    def folder(self) -> Path: ...

    @property
    def save_path(self) -> Path: ...

    @property
    def transcript_path(self) -> Path: ...

    def names(self) -> list[str]: ...

    def info(self) -> TableInfo: ...

    def person_turn(self, seat: int | None) -> bool: ...

    def computer_to_play(self) -> bool:
        """Whether a computer plays the turn now (its own seat, or the house for a person's)."""
        ...

    def check_turn(self, seat: int | None) -> None: ...

    def step(self) -> AbstractContextManager[None]: ...

    def settle(self) -> None: ...

    def notice(self, text: str | Text, kind: NoticeKind = "table", sender: str | Text | None = None) -> None:
        """Tell every door ``text``: the table's news as a :class:`~kc_tui.core.i18n.Text`, said to
        each person in their own language (a chat line as typed)."""

    def say(self, door: Any, text: str) -> None: ...

    def gone(self, door: Any, dropped: bool) -> None: ...

    def ready(self, door: Any) -> None: ...

    def save_point(self) -> None: ...

    def save_state(self, file: Any, problem: str | None, held: int) -> None: ...
