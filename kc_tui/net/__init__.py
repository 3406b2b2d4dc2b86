"""Shared tables: many people, each at their own terminal, at tables one server keeps.

Pure asyncio: nothing here imports Textual, Rich, an SSH library or a game.  A transport (the SSH
server, a test) makes a :class:`Person` for each connection, shows the lobby from
:meth:`TableServer.tables`, and hands the front end the :class:`SeatDoor` that
:meth:`TableServer.join` or :meth:`TableServer.watch` returns: the only way a front end reaches a
game.  A game is played at the tables when its package offers a ``net`` part, a
:class:`TableGame` (:func:`table_games`).

The modules, by job: :mod:`.server` (people, tables, the lobby, limits, closing), :mod:`.table`
(seats, notices, chat, grace, adjournment), :mod:`.door` (a seat's door), :mod:`.saving` (the
save file, the writer thread, the transcript), :mod:`.part` (what a game offers),
:mod:`.protocols` (what each asks of the others: a game takes its table as a
:class:`GameTable`), :mod:`.names` and :mod:`.values` (people, names and the lobby's snapshots),
:mod:`.following` (a networked seat's listeners), :mod:`.thinkers` (the processes the computers
think in).
"""

from .door import SeatDoor
from .names import MAX_NAME, Person, check_name, name_key, suggested_name
from .part import TableGame, TableService, game_of, table_game, table_games, tables_title
from .protocols import GameTable
from .server import TableServer, check_seats
from .values import (
    HOUSE_LEVEL,
    MAX_TABLE_NAME,
    MISSED_NOTICES,
    SEAT_OPEN,
    Notice,
    SeatInfo,
    TableError,
    TableInfo,
    TableState,
)

__all__ = [
    "SEAT_OPEN", "HOUSE_LEVEL", "MAX_NAME", "MAX_TABLE_NAME", "MISSED_NOTICES", "Notice", "Person",
    "GameTable", "SeatDoor", "SeatInfo", "TableError", "TableGame", "TableInfo", "TableServer",
    "TableService", "TableState", "check_name", "check_seats", "game_of", "name_key", "suggested_name",
    "table_game", "table_games", "tables_title",
]
