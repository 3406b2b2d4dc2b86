"""Serving the game over SSH: each person's own SSH client is their whole client.

:mod:`.driver` runs a Textual app over an SSH channel in the server's event loop;
:mod:`.server` is the asyncssh server (sign-in, what a session may run, limits)."""

from .server import Client, FrontEnds, GameSSHServer, Limits, LineIO, host_key, load_authorized_keys

__all__ = ["Client", "FrontEnds", "GameSSHServer", "Limits", "LineIO", "host_key", "load_authorized_keys"]
