"""The table says what happened (issue 11): an undo names the move it took back, and a royal
Kings extra turn is announced, on the status line and in the log."""

from __future__ import annotations

import random

import pytest
from screen_fixtures import my_turn, until
from textual.widgets import Input, RichLog, Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp


def _app(seed: int, rules: RuleSet) -> KingsCornerApp:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(seed)))]
    return KingsCornerApp(GameService(rules, seats, seed=seed), settings=Settings(ascii=True, pace=0))


def _status(screen: TableScreen) -> str:
    return str(screen.query_one("#status", Static).render())


def _log(screen: TableScreen) -> str:
    return " ".join(" ".join(line.text for line in screen.query_one("#log", RichLog).lines).split())


async def test_undo_names_the_move_it_took_back() -> None:
    app = _app(8, RuleSet(players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        move = next(m for m in service.legal_moves() if isinstance(m, PlayCard))
        await pilot.press("colon", *[ch if ch != " " else "space" for ch in f"{move.card} {move.pile.name}".lower()])
        await pilot.press("enter", "escape", "u")
        said = f"You take back the last move. It was {move.card} on {move.pile.name}."
        assert _status(screen) == said
        assert said in _log(screen)


async def test_a_royal_kings_extra_turn_is_announced_at_the_table() -> None:
    for seed in range(1, 40):
        app = _app(seed, RuleSet(players=2, royal_kings=True))
        async with app.run_test(size=(80, 24)) as pilot:
            service = app.service
            await until(pilot, my_turn, "your turn")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            hand = service.observation(0).hand
            kings = [c for c in hand if c.is_king]
            corners = [p for p in Pile if p.is_corner and not service.observation(0).board[p]]
            if not (kings and corners and len(hand) > 1):
                continue
            await pilot.press(str(hand.index(kings[0]) + 1))
            await pilot.press("enter")  # the King goes on the first empty corner, focused
            await pilot.press("e", "e")
            await until(pilot, my_turn, "your extra turn")
            said = "You played a King: you take another turn."
            assert _status(screen).startswith(said), _status(screen)
            assert said in _log(screen)
            return
    pytest.fail("no seed dealt the person a King to play")


async def test_enter_on_an_empty_corner_with_no_king_to_play_says_so() -> None:
    """A play test pressed Enter on an empty corner and was asked to pick a card of the hand
    to play there, though only a King may go there and it held none."""
    from kc_tui.games.kings_corner.tui.cross import CrossView

    for seed in range(1, 40):
        app = _app(seed, RuleSet(players=2))
        async with app.run_test(size=(80, 24)) as pilot:
            service = app.service
            await until(pilot, my_turn, "your turn")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            seen = service.observation(0)
            corners = [p for p in Pile if p.is_corner and not seen.board[p]]
            if any(c.is_king for c in seen.hand) or not corners:
                continue
            before = service.observation(0)
            screen.query_one(CrossView).view(corners[0]).focus()
            await pilot.press("enter")
            assert _status(screen) == f"{corners[0].letters} is empty: only a King may go there, and you hold none."
            assert service.observation(0) == before
            return
    pytest.fail("no seed dealt the person no King with a corner empty")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_message_longer_than_the_status_line_is_kept_whole_in_the_log(size: tuple[int, int]) -> None:
    """A Spanish play test's hint, a long plan at 80 columns, lost its last words ("y ganas la"):
    the status line's three rows cut it.  Such a message is written whole in the log, and the
    status line says its start and where the rest is."""
    app = _app(8, RuleSet(players=2))
    async with app.run_test(size=size) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        plan = ", then ".join(f"move pile {a} onto pile {b}" for a, b in [("N", "E"), ("S", "W")] * 12) + ": done."
        screen.say(plan)
        await pilot.pause()
        status = _status(screen)
        # (Three dots in --ascii, as this app's settings have it.)
        assert status.endswith("... (the rest is in the log)") and "…" not in status
        start = status.split("...")[0]
        assert plan.startswith(start)
        assert len(start) > 100 and plan[len(start)] in " ,"  # as much as the rows hold, between words
        from textual.content import Content

        assert len(Content(status).wrap(screen.query_one("#status").content_region.width)) == 3
        assert plan in _log(screen)
        screen.say("Short.")  # one that fits is said as it is, and the log is left alone
        await pilot.pause()
        assert _status(screen) == "Short." and "Short." not in _log(screen)


async def test_a_table_too_small_at_first_shows_its_keys_and_the_hand_once_large_enough() -> None:
    """A play test's SSH client started at 79 columns, then grew to 80: the key line stayed
    empty (worked out while no key acted) and the focus was on the top-left pile, Textual's
    first pick, not on the hand where a table starts."""
    app = _app(8, RuleSet(players=2))
    async with app.run_test(size=(79, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.too_small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.too_small
        assert screen.focused is screen.query_one("#hand")
        assert "e end turn" in str(screen.query_one("#keys", Static).render())


async def test_the_command_line_answers_the_line_mode_s_questions() -> None:
    """':lok' was answered "did you mean look?", and then 'look' was refused: the table's command
    line read only moves and verbs, though the table answers each question by a key."""
    app = _app(8, RuleSet(players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        answers = {}
        for line in ("lok", "look", "hand", "who", "last", "pile n", "pile", "verbosity full", "verbosity", "scores", "rules", "help"):
            await pilot.press("colon", *[ch if ch != " " else "space" for ch in line], "enter")
            await pilot.pause()
            answers[line] = (type(app.screen).__name__, _status(screen))
            while app.screen is not screen:
                await pilot.press("escape")
        assert answers["lok"][1] == "'lok' is not a command: did you mean look?"
        assert answers["look"][1].startswith("Round 1, your turn.") and "Ada" in _log(screen)
        assert answers["hand"][1].startswith("Your hand, 8 cards: 1:AH")
        assert answers["who"][1].startswith("It is your turn. You: 8 cards")
        assert answers["last"][1].startswith("Since the deal: Ada")
        assert answers["pile n"][1] == "N has 1 card, bottom to top: 8S. It takes a red 7."
        assert answers["pile"][1] == "Which pile? Write one, for example pile N or pile NE."
        assert answers["verbosity full"][1].startswith("verbosity sets how much the line mode")
        assert answers["verbosity"][1] == answers["verbosity full"][1]  # not the line mode's usage
        assert [answers[line][0] for line in ("scores", "rules", "help")] == ["ScoresScreen", "TextScreen", "TextScreen"]
        # Questions change nothing: still your turn, with the same eight cards.
        assert app.service.current == 0 and len(app.service.observation(0).hand) == 8


async def test_a_pile_typed_after_a_card_typed_alone_at_the_command_line_finishes_the_move() -> None:
    """"AH" alone is asked its pile; the pile typed next is that pile, not a pile to move.  The
    command line stays open for it (a play test: it closed, and the "n" typed next was taken
    for a card's key).  A question of an earlier turn is not answered so (a review: "AH", the
    turn ended by its key, and "N" typed in the next turn played AH on N)."""
    app = _app(8, RuleSet(players=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        prompt = screen.query_one("#prompt", Input)
        await pilot.press("colon", "a", "h", "enter")
        await pilot.pause()
        assert _status(screen) == "Play AH on which pile? Type the pile, for example N."
        assert prompt.display and prompt.has_focus and prompt.value == ""
        await pilot.press("n", "enter")
        await pilot.pause()
        said = _status(screen)
        assert said.startswith("AH does not fit on N") and "Move pile" not in said, said
        assert not prompt.display  # a refusal closes it, as any command does
        await pilot.press("colon", "a", "h", "enter")
        await pilot.pause()
        await pilot.press("escape")  # the pile not given: the command line closed
        assert not prompt.display
        turns = app.service.game.turns
        await pilot.press("e")  # the key, not a typed line
        if app.screen is not screen:
            await pilot.press("y")  # (moves were still open)
        await until(pilot, lambda app: app.service.game.turns > turns + 1 and my_turn(app), "your next turn")
        await pilot.press("colon", "n", "enter")
        await pilot.pause()
        assert _status(screen).startswith("Move pile N onto which pile?"), _status(screen)


async def test_a_card_typed_alone_is_asked_its_pile_as_the_table_draws_it() -> None:
    """A play test: the command line asked "Play 6D on which pile?" at a table that draws 6♦."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(8)))]
    app = KingsCornerApp(GameService(RuleSet(players=2), seats, seed=8), settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("colon", "a", "h", "enter")
        await pilot.pause()
        assert _status(screen) == "Play A♥ on which pile? Type the pile, for example N."
