"""Hot-seat at the table: the pass screen honours q (leave, after asking) and ? (the keys), an
Enter pressed just as it opens is remembered rather than lost, and a hidden hand says so."""

from __future__ import annotations

from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.games.kings_corner.tui.widgets import HandView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import ConfirmScreen, PassScreen, TextScreen


def _hot_seat() -> KingsCornerApp:
    service = GameService(build_rules(2), [Seat("Ann"), Seat("Bob")], seed=1)
    return KingsCornerApp(service, settings=Settings(ascii=True, pace=0))


async def _pass_screen(pilot, app: KingsCornerApp) -> PassScreen:
    await pilot.pause()
    assert isinstance(app.screen, PassScreen)
    return app.screen


async def _take_the_keyboard(pilot, app: KingsCornerApp) -> TableScreen:
    """Past the first pass screen: the table, the first person's hand on it."""
    await _pass_screen(pilot, app)
    await pilot.pause(PassScreen.GUARD)
    await pilot.press("enter")
    await pilot.pause()
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_q_on_the_pass_screen_asks_to_leave_and_y_leaves() -> None:
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave the game?" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
    assert not app.is_running


async def test_q_then_no_keeps_the_hand_hidden() -> None:
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        await pilot.pause(PassScreen.GUARD)
        await pilot.press("q", "n")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.query_one(HandView).cards == ()


async def test_question_mark_on_the_pass_screen_shows_the_keys() -> None:
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert app.screen.title_text == "Keys"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)


async def test_an_enter_pressed_as_the_pass_screen_opens_is_not_lost() -> None:
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await pilot.press("enter")
        assert isinstance(app.screen, PassScreen)  # not at once: the others may still be looking
        assert table.query_one(HandView).cards == ()
        await pilot.pause(PassScreen.GUARD + 0.2)
        await pilot.pause()
        assert app.screen is table
        assert table.query_one(HandView).cards == app.service.game.hand(app.service.current)


async def test_a_hidden_hand_says_it_is_hidden_not_empty() -> None:
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        hand = next(s for s in app.screen_stack if isinstance(s, TableScreen)).query_one(HandView)
        hand.face_down = True
        await pilot.pause()
        text = str(hand.render())
        assert "hidden" in text and "empty" not in text
        hand.face_down = False
        await pilot.pause()
        assert "Your hand is empty." in str(hand.render())


async def test_the_table_says_the_hand_is_hidden_while_the_keyboard_is_passed() -> None:
    """The table itself sets the hand face down between two people's turns (not only the
    widget when told): behind the pass screen the box says the hand is hidden."""
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_screen(pilot, app)
        hand = next(s for s in app.screen_stack if isinstance(s, TableScreen)).query_one(HandView)
        assert hand.face_down and hand.cards == ()
        assert "hidden" in str(hand.render())


async def test_a_turn_ended_on_the_command_line_closes_it_for_the_next_person() -> None:
    """The command line closes when the turn leaves the person who opened it: the next person
    starts with the keys on their hand, not on a line left open by the one before."""
    from textual.widgets import Input

    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _take_the_keyboard(pilot, app)
        first = app.service.current
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # moves are still open: asked first
            await pilot.press("y")
        await _pass_screen(pilot, app)
        assert app.service.current != first
        await pilot.pause(PassScreen.GUARD)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        assert not table.query_one("#prompt", Input).display
        assert isinstance(table.focused, HandView)


def _log_text(table: TableScreen) -> str:
    from textual.widgets import RichLog

    return " ".join(" ".join(line.text for line in table.query_one("#log", RichLog).lines).split())


async def test_a_hand_read_out_leaves_the_log_as_the_keyboard_passes() -> None:
    """A play test read the last person's hand in the log after the keyboard passed (b and i
    write it there), and scrolled back to it on the next turn."""
    app = _hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _take_the_keyboard(pilot, app)
        first = app.service.current
        hand = " ".join(f"{i + 1}:{card}" for i, card in enumerate(app.service.observation(first).hand))
        await pilot.press("i", "b")
        await pilot.pause()
        assert hand in _log_text(table)
        assert "Your hand" in _log_text(table)
        await pilot.press("colon", *"end!", "enter")
        await _pass_screen(pilot, app)
        assert app.service.current != first
        text = _log_text(table)
        assert hand not in text and "Your hand" not in text, text
        assert f"{app.service.seats[first].name} ends the turn." in text  # the game's own events stay
