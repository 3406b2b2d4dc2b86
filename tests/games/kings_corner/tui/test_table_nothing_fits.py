"""When nothing the person holds fits anywhere and no pile can move, the table says so at the
turn's start and in the hint, and e ends the turn without asking (issue 11)."""

from __future__ import annotations

import random

import pytest
from screen_fixtures import my_turn, until
from textual.widgets import Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import ConfirmScreen
from kc_tui.tui.round_over import RoundOverScreen


def _status(app: KingsCornerApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def test_nothing_fits_is_said_and_e_ends_the_turn_without_asking() -> None:
    for seed in range(9, 40):  # seed 9 is the first such deal; the rest guard a change of AI
        seats = [Seat("You"), Seat("Ada", "ai", "easy", make_player("easy", random.Random(seed)))]
        service = GameService(RuleSet(players=2), seats, seed=seed)
        app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(40):
                await until(pilot, lambda app: my_turn(app) or isinstance(app.screen, RoundOverScreen),
                            "your turn")
                if not my_turn(app):
                    break
                if service.legal_moves():
                    await pilot.press("e", "e")  # the second e confirms: moves are open
                    continue
                assert isinstance(app.screen, TableScreen)
                assert "Nothing fits: press e to end your turn." in _status(app), _status(app)
                await pilot.press("t")
                assert _status(app) == "Nothing fits: press e to end your turn."
                turn = service.turn_id
                await pilot.press("e")
                assert not isinstance(app.screen, ConfirmScreen)
                assert service.turn_id != turn
                return
    pytest.fail("no seed left the person with nothing that fits")
