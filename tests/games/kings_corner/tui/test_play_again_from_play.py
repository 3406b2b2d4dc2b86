"""``kings-corner play`` offers "play again" at the end of a session, as the title screen's
games do: the same players and rules on a new deal; with no title to go back to, leaving that
game leaves the program."""

from __future__ import annotations

import random

from screen_fixtures import play_until

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen


def _menu(screen: SessionOverScreen) -> str:
    return str(screen.query_one("#session-menu").render())


async def test_play_offers_play_again_with_the_same_players_and_rules(monkeypatch) -> None:
    import kc_tui.games.kings_corner.tui.table

    monkeypatch.setattr(kc_tui.games.kings_corner.tui.table, "new_seed", lambda: 6)  # a deal where the person plays first
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    first = GameService(build_rules(2, "standard", {"target": 1}), seats, seed=5)
    app = KingsCornerApp(first, settings=Settings(pace=0, confirm_end=False, confirm_quit=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, RoundOverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, SessionOverScreen)
        assert "Play again" in _menu(app.screen) and "title" not in _menu(app.screen)
        await pilot.press("t")  # no title screen to go back to: nothing happens
        assert isinstance(app.screen, SessionOverScreen)
        await pilot.press("a")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.service is not first
        assert table.service.seats == first.seats and table.service.rules == first.rules
        assert table.service.game.round_no == 1
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
