"""The status line never cuts off the end of what it says (issue 28 item 3: at 80x24 the
computers' summary lost its "2 cards left").  Seed 2: before your first turn the three hard
computers do so much that the whole account takes four rows of the three."""

from __future__ import annotations

import random

from screen_fixtures import my_turn, until
from textual.content import Content
from textual.widgets import RichLog

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp


def _app() -> KingsCornerApp:
    seats = [Seat("You")] + [Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
                             for i, name in enumerate(("Ada", "Ben", "Cleo"))]
    return KingsCornerApp(GameService(build_rules(4, "standard", {"target": 25}), seats, seed=2),
                          settings=Settings(ascii=True, pace=0))


async def test_the_status_keeps_the_warning_and_the_log_the_whole_account_at_80x24() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.pause()
        status = app.screen.query_one("#status")
        said = str(status.render())
        assert len(Content(said).wrap(status.content_size.width)) <= status.content_size.height == 3
        assert said.startswith("Your turn:") and said.endswith("Ben played 6 cards, 2 cards left; "
                                                                      "Cleo played 5 cards.")
        log = "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)
        assert "moved E onto SE, W onto E" in log.replace("\n", " ")  # the whole account, in the log
