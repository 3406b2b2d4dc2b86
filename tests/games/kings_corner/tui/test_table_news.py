"""What changed since your turn, at the table (issue 11 section 2): the piles the others changed
are marked + (not colour alone), and the turn starts with one line saying what each did."""

from __future__ import annotations

import random

from screen_fixtures import my_turn, until
from textual.widgets import RichLog, Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.cross import CrossView
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.games.kings_corner.tui.widgets import PileView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp


def _app(seed: int = 8) -> KingsCornerApp:
    seats = [Seat("You")] + [
        Seat(name, "ai", "medium", make_player("medium", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4, "standard", {}), seats, seed=seed),
                          settings=Settings(ascii=True, pace=0))


def _board(service: GameService) -> dict[Pile, tuple]:
    return dict(service.observation().board)


def _log(screen: TableScreen) -> str:
    """The log's words, its wrapping undone."""
    return " ".join(" ".join(line.text for line in screen.query_one("#log", RichLog).lines).split())


async def test_the_piles_the_others_changed_are_marked_and_the_turn_starts_with_what_they_did() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # The first turn: the deal is new to everyone, nothing is marked.
        assert not any(view.changed for view in screen.query(PileView))
        ended = _board(service)  # ending the turn moves no card
        await pilot.press("e", "e")
        # While the others play, and once the turn is back, the piles they changed carry a +.
        await until(pilot, my_turn, "your next turn")
        changed = {pile for pile, cards in _board(service).items() if cards != ended[pile]}
        assert {view.pile for view in screen.query(PileView) if view.changed} == changed
        for pile in Pile:
            label = str(screen.query_one(CrossView).view(pile).render()).splitlines()[0]
            assert (f"{pile.name}+" in label) == (pile in changed), label
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("Your turn") and " Since your turn: Ada " in status, status
        since = status[status.index("Since your turn"):]
        assert "Ben " in since and "Cleo " in since
        assert since in _log(screen)
        # My own moves are not news: a play keeps the marks as they were when the turn began.
        played = service.legal_moves()[0]
        service.play(played)
        screen.refresh_table()
        await pilot.pause()
        assert {view.pile for view in screen.query(PileView) if view.changed} == changed
        # The marks clear when the turn ends, and then count from there.
        ended = _board(service)
        await pilot.press("e", "e")
        await until(pilot, my_turn, "the turn after")
        again = {pile for pile, cards in _board(service).items() if cards != ended[pile]}
        assert {view.pile for view in screen.query(PileView) if view.changed} == again


async def test_the_help_key_opens_the_help_while_a_computer_plays() -> None:
    """The key line says "? help" while a computer plays, but every key but q finished the
    computer's turn, so ? showed no help."""
    from screen_fixtures import four, until

    from kc_tui.games.kings_corner.tui.table import TableScreen
    from kc_tui.storage import Settings
    from kc_tui.tui.dialogs import TextScreen

    app = four(Settings(ascii=True, pace=5))  # a pace no test waits for
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda a: isinstance(a.screen, TableScreen)
                    and (a.screen.computer.playing is not None or a.screen.service.waiting_for_human()),
                    "a computer playing, or your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if screen.computer.playing is None:  # the person deals first: end the turn, the next is a computer's
            await pilot.press("e")
            await until(pilot, lambda a: screen.computer.playing is not None, "a computer playing")
        await pilot.press("question_mark")
        await until(pilot, lambda a: isinstance(a.screen, TextScreen), "the help")
        assert screen.computer.playing is not None  # the computer's turn is not hurried
