"""The table server is pure asyncio: importing kc_tui.net loads no Textual, no Rich and no SSH
library (checked in a fresh interpreter, as tests/games/kings_corner/engine/test_purity.py does for the engine)."""

from __future__ import annotations

from purity import ui_loaders

MODULES = ["kc_tui.net", "kc_tui.net.server", "kc_tui.games.kings_corner.net", "kc_tui.games.kings_corner.remote",
           "kc_tui.games.kings_reverse.net", "kc_tui.games.kings_reverse.remote", "kc_tui.line.lobby"]


def test_the_table_server_imports_no_ui_or_ssh_library() -> None:
    assert ui_loaders(MODULES, ("textual", "rich", "asyncssh")) == ""
