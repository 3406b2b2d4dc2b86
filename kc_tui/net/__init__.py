"""Shared tables: many people, each at their own terminal, at tables one server keeps.

Pure asyncio and the engine: nothing here imports Textual, Rich or an SSH library.  A transport
(the SSH server, a test) makes a :class:`~kc_tui.net.tables.Person` for each connection, shows
the lobby from :meth:`~kc_tui.net.tables.TableServer.tables`, and hands the front end the
:class:`~kc_tui.net.tables.SeatDoor` that :meth:`~kc_tui.net.tables.TableServer.join` or
:meth:`~kc_tui.net.tables.TableServer.watch` returns: the only way a front end reaches a game.
"""

from .tables import (
    SEAT_OPEN,
    Notice,
    Person,
    SeatDoor,
    SeatInfo,
    TableError,
    TableInfo,
    TableServer,
    TableState,
    check_name,
)

__all__ = [
    "SEAT_OPEN", "Notice", "Person", "SeatDoor", "SeatInfo", "TableError", "TableInfo", "TableServer",
    "TableState", "check_name",
]
