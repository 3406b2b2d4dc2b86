"""What ``kings-corner serve`` runs for each session: the lobby of one shared
:class:`~kc_tui.net.TableServer`, full screen for a terminal, the line mode otherwise.  A person
is their key's fingerprint; the lobby asks a name on the first visit and remembers it."""

from __future__ import annotations

from ..line import PlainLobby
from ..net import TableServer
from ..storage import Settings
from ..tui.lobby import LobbyApp
from .server import Client, FrontEnds, LineIO

__all__ = ["lobby_front_ends"]


def lobby_front_ends(tables: TableServer) -> FrontEnds:
    """The lobby for every session of one server."""

    def app(client: Client) -> LobbyApp:
        # Made in the session's own context: its language is the client's (its Speaker, set by
        # the server), which the settings' "auto" language stands for.
        lobby = LobbyApp(tables, key=client.key, settings=Settings().with_(ascii=client.ascii),
                         user=client.username)
        client.at_table = lambda: lobby.door is not None and not lobby.door.closed
        return lobby

    async def lines(client: Client, io: LineIO) -> None:
        lobby = PlainLobby(tables, None, io.read_line, io.write, key=client.key, user=client.username)
        client.at_table = lambda: lobby.door is not None and not lobby.door.closed
        await lobby.run()

    return FrontEnds(app=app, lines=lines)
