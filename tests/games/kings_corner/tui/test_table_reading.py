"""Reading the table by single keys (issue 11): each key says the line mode's review answer in
the log and on the status line, for a player who listens rather than looks."""

from __future__ import annotations

import random

from screen_fixtures import my_turn, until
from textual.widgets import RichLog, Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.describe import describe_pile, describe_table, who_sentence
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp

NAMES = ["You", "Ada", "Ben"]


def _app(seed: int = 8) -> KingsCornerApp:
    seats = [Seat("You")] + [Seat(name, "ai", "medium", make_player("medium", random.Random(i)))
                             for i, name in enumerate(NAMES[1:])]
    return KingsCornerApp(GameService(build_rules(3, "standard", {}), seats, seed=seed),
                          settings=Settings(ascii=True, pace=0))


def _log(screen: TableScreen) -> str:
    """The log's words, its wrapping undone."""
    return " ".join(" ".join(line.text for line in screen.query_one("#log", RichLog).lines).split())


def _words(text: str) -> str:
    return " ".join(text.split())


def _status(screen: TableScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def test_each_reading_key_says_the_review_answer_in_the_log_and_the_status_line() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        obs = service.observation(0)

        await pilot.press("w")
        who = who_sentence(obs, NAMES, 0, service.phase)
        assert who.startswith("It is your turn.") and _status(screen) == who
        assert who in _log(screen)

        await pilot.press("i")
        hand = f"Your hand, {len(obs.hand)} cards: " + " ".join(f"{i}:{c}" for i, c in enumerate(obs.hand, 1))
        assert _status(screen) == hand + "." and hand in _log(screen)

        await pilot.press("b")
        table = describe_table(obs, NAMES)
        assert _words(table) in _log(screen)
        assert _status(screen).startswith(table.splitlines()[0])

        # p reads the focused pile; with the focus on the hand it says how to get there.
        await pilot.press("p")
        assert _status(screen).startswith("Put the focus on a pile first")
        await pilot.press("up", "p")
        assert _status(screen) == describe_pile(obs, Pile.S)
        assert _words(describe_pile(obs, Pile.S)) in _log(screen)

        await pilot.press("a")
        assert _status(screen).startswith("Since the deal: Ada ")
        await pilot.press("e", "e")
        await until(pilot, my_turn, "your next turn")
        await pilot.press("a")
        assert _status(screen).startswith("Since your turn: Ada ") and "Ben " in _status(screen)
