"""The Kings Reverse table read by keys alone: the suit dialog's letters in either case, the log
reached by Tab (the cursor on it) and scrolled by keys, and ``a`` saying why the hand grew."""

from __future__ import annotations

from reverse_fixtures import arrange, ids, my_turn, reverse_app, status, table, until

from kc_tui.core.cards import Suit
from kc_tui.games.kings_reverse.tui.table import SuitScreen
from kc_tui.tui.widgets import EventLog


async def test_the_suit_dialog_takes_its_letters_in_capitals_too() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "KC", "JK"], "9D")
        await pilot.press("4")
        await until(pilot, lambda app: isinstance(app.screen, SuitScreen), "the suit dialog")
        await pilot.press("H")
        await until(pilot, lambda app: not isinstance(app.screen, SuitScreen), "the dialog closed")
        view = table(app).service.view(0)
        assert str(view.top) == "JK" and view.follow is Suit.HEARTS


async def test_tab_reaches_the_log_with_the_cursor_on_it_and_the_keys_scroll_it() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        app.animation_level = "none"  # a scroll goes where the key sends it at once, not gliding
        log = table(app).query_one("#log", EventLog)
        for n in range(30):
            log.write(f"Line {n}.")
        await pilot.pause()
        unfocused = log.styles.border_top
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is log
        assert log.styles.border_top != unfocused  # the focus shows, not only to the eye of a reader
        assert log.content_region.contains_point(app.cursor_position)
        end = log.scroll_y
        await pilot.press("up", "pageup")
        await pilot.pause()
        assert log.scroll_y < end - 1 and "more below" in str(log.border_subtitle)
        assert log.content_region.contains_point(app.cursor_position)
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == end


async def test_a_says_why_the_hand_grew_since_the_last_turn() -> None:
    # Two players: Ada (who only draws) draws a 7 she must play (KR3.5); you draw two for it and
    # lose the turn (KR4); she draws again, and your turn comes with two cards more.
    app = reverse_app(players=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "9H"], "9D")
        game = table(app).service.game
        game.stock += ids(["4C", "3C", "2C", "7H"])  # drawn from the end
        await pilot.press("3")
        await until(pilot, lambda app: my_turn(app) and len(game.hands[0]) == 4, "your next turn")
        await pilot.press("a")
        await pilot.pause()
        assert status(app).startswith("You took 2 cards since your last turn (2 to 4): You draw 2C 3C for the 7.")

async def test_a_large_terminal_keeps_the_log_to_a_readable_width() -> None:
    """At 200 x 60 the log took lines of about 160 columns (issue 28 item 6); from 160 x 46 on
    the players and log are at most 82 columns, centred with the pile box."""
    app = reverse_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await until(pilot, my_turn, "your turn")
        log = table(app).query_one("#log", EventLog)
        left = table(app).query_one("#kr-left")
        assert log.region.width <= 82 and left.region.x > 0
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert left.region.x == 0  # below the large size, laid out as before from the left edge


async def test_the_status_says_a_card_is_played_by_its_key_past_nine_too() -> None:
    """The hand's keys run 1-9, 0, f, g, n, p…: "(1-9)" sent a player with eleven cards looking
    for keys that were not all there."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "6S", "7H", "8H", "9H", "TH", "JD", "QD", "KD", "AC"], "9D")
        table(app).refresh_table()
        await pilot.pause()
        said = " ".join(status(app).split())
        assert "play a card marked * (its key, or Enter on it)" in said and "1-9" not in said
