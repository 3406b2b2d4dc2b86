"""Serving the game over SSH: each person's own SSH client is their whole client.

:mod:`.driver` runs a Textual app over an SSH channel in the server's event loop;
:mod:`.server` is the asyncssh server (sign-in, what a session may run, limits); :mod:`.gate`
counts the connections each address holds, for the SSH and the web ports alike.

The server's names are loaded when first asked for: the web side uses the driver and the gate,
and loading asyncssh for them cost ``kings-corner web`` a quarter of a second at every start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import Client, FrontEnds, GameSSHServer, Limits, LineIO, host_key, load_authorized_keys

__all__ = ["Client", "FrontEnds", "GameSSHServer", "Limits", "LineIO", "host_key", "load_authorized_keys"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
