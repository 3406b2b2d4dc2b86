"""Chips scoring at the table (issue 11): the players panel shows each player's points, the chips
each has paid this round, and the pot."""

from __future__ import annotations

import random

from screen_fixtures import my_turn, until

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.events import Chips, RoundStart, RoundView
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.widgets import PlayersView


async def test_the_players_panel_shows_points_chips_paid_this_round_and_the_pot() -> None:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(3)))]
    service = GameService(build_rules(2, "boxed", {}), seats, seed=5)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0))
    events: list = []
    service.follow(events.append, 0)  # the events as the person's seat sees them
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        for _ in range(3):  # a few turns, so that more than the ante may have been paid
            await pilot.press("e", "e")
            await until(pilot, my_turn, "your next turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        start = max(i for i, e in enumerate(events) if isinstance(e, (RoundStart, RoundView)))
        paid = [sum(e.amount for e in events[start:] if isinstance(e, Chips) and e.player == seat)
                for seat in range(2)]
        assert all(paid), paid  # the ante at least
        rows = screen.query_one(PlayersView).rows
        obs = service.observation(0)
        for seat, name in enumerate(("You", "Ada")):
            row = next(r for r in rows if r[1:].startswith(name))
            assert f"{obs.totals[seat]} pt" in row
            assert f"paid {paid[seat]} chip{'s' if paid[seat] != 1 else ''}" in row, row
        assert rows[-1].strip() == f"Pot: {obs.pot} chip{'s' if obs.pot != 1 else ''}"
