"""How the lobby looks (pytest-textual-snapshot): at 80 x 24, and in --ascii without colour.
Update after an intended change with `pytest tests/platform/net/test_lobby_snapshots.py --snapshot-update`."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Person, TableServer
from kc_tui.storage.settings import Settings
from kc_tui.tui.lobby import LobbyApp

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")


def lobby(tmp_path: Path, ascii_only: bool = False) -> LobbyApp:
    server = TableServer(tmp_path, pace=0, seed=2026)
    server.create_table(BEN, "Friday night", build_rules(3), ["open", "open", "hard"], seed=1)
    server.create_table(ADA, "", build_rules(2, "classic-deal"), ["open", "expert"], seed=2)
    return LobbyApp(server, ADA, settings=Settings().with_(ascii=ascii_only))


async def settle(pilot: Pilot) -> None:
    await pilot.press("down")  # the second table picked
    await pilot.pause()


def test_the_lobby(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(lobby(tmp_path), terminal_size=(80, 24), run_before=settle)


def test_the_lobby_in_ascii_without_colour(snap_compare, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(lobby(tmp_path, ascii_only=True), terminal_size=(80, 24), run_before=settle)
