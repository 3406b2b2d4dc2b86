"""The Kings Reverse table driven by keys through Textual's Pilot (issue 14): playing a card by
its key, drawing, the suit chooser by keys, a refusal said, the "one card" call, the marriage, a
computer's action shown at the pace, the readouts, and the title and new-game screens reaching
the game.  KR numbers are those of KINGS-REVERSE.md."""

from __future__ import annotations

from reverse_fixtures import arrange, log_text, my_turn, reverse_app, status, table, until
from textual import events
from textual.geometry import Size
from textual.widgets import Static

from kc_tui.core.cards import JOKER, Suit, parse_any_card
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.tui.table import ReverseTableScreen, SuitScreen
from kc_tui.games.kings_reverse.tui.widgets import REVERSE_HAND_KEYS, ReverseHandView
from kc_tui.storage import Settings
from kc_tui.tui.round_over import RoundOverScreen


def _key(app, card: str) -> str:
    """The key that plays ``card`` of the person's hand (as the hand shows it)."""
    hand = table(app).query_one(ReverseHandView).cards
    return REVERSE_HAND_KEYS[hand.index(parse_any_card(card))]


def _hand(app) -> list[str]:
    return [str(c) for c in table(app).service.view(0).hand]


async def test_a_matching_card_is_played_by_its_key_and_marked_playable_first() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H", "QC"], "9D")
        await pilot.pause()
        hand = table(app).query_one(ReverseHandView)
        assert hand.playable == {parse_any_card("9H")}  # KR3.1: by rank; 4S and QC do not match
        assert "*2:9H" in str(hand.render())
        await pilot.press(_key(app, "9H"))
        await until(pilot, my_turn, "your turn again")
        view = table(app).service.view(0)
        assert "9H" not in _hand(app)
        assert str(view.pile[view.pile.index(parse_any_card("9H"))]) == "9H"
        assert "You play 9H." in log_text(app)


async def test_a_card_that_does_not_match_is_refused_with_the_sentence_and_nothing_changes() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H", "QC"], "9D")
        await pilot.press(_key(app, "4S"))
        await pilot.pause()
        assert status(app).startswith("4S does not match the 9D on the pile: play a diamond, a 9, a Jack")
        assert _hand(app) == ["4S", "9H", "QC"]
        assert table(app).service.current == 0


async def test_d_draws_a_card_and_the_log_says_so() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "6S"], "9D")
        stock = table(app).service.view(0).stock_count
        await pilot.press("d")
        await pilot.pause()
        assert "You draw " in log_text(app)
        assert table(app).service.view(0).stock_count < stock


async def test_the_joker_asks_for_the_suit_and_the_letter_names_it() -> None:
    # KR3.3: a joker only when nothing else goes; it names the suit and the next draws four.
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "JK"], "9D")
        await pilot.press(_key(app, "JK"))
        await pilot.pause()
        assert isinstance(app.screen, SuitScreen)
        await pilot.press("h")
        await until(pilot, my_turn, "your turn again")
        assert "You name hearts." in log_text(app)
        assert "Ada draws 4 cards for the joker." in log_text(app)
        assert JOKER not in table(app).service.view(0).hand


async def test_the_suit_chooser_works_with_the_arrows_and_enter() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "JK"], "9D")
        await pilot.press(_key(app, "JK"))
        await pilot.pause()
        assert "Clubs (C)" in str(app.screen.query_one("#kr-suit-menu").render())
        await pilot.press("down", "down", "enter")  # spades, hearts, diamonds
        await pilot.pause()
        assert "You name diamonds." in log_text(app)


async def test_esc_in_the_suit_chooser_keeps_the_joker() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "JK"], "9D")
        await pilot.press(_key(app, "JK"))
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "JK" in _hand(app) and status(app) == "The joker stays in your hand."


async def test_a_play_that_leaves_one_card_is_followed_by_the_call_key() -> None:
    # KR5: the call comes after the play, before the turn ends.
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["9H", "4S"], "9D")
        await pilot.press(_key(app, "9H"))
        await pilot.pause()
        assert status(app).startswith('One card left: press c to call "one card"')
        keys = str(table(app).query_one("#keys", Static).render())
        assert "c one card" in keys and "e end turn" in keys  # e, which the status line names too
        await pilot.press("t")  # the hint names the key, not the line mode's command "one"
        await pilot.pause()
        assert status(app) == 'Call "one card" (c), or you will be caught and draw two.'
        await pilot.press("c")
        await until(pilot, my_turn, "your turn again")
        assert 'You call "one card".' in log_text(app)
        rows = str(table(app).query_one("#players", Static).render()).splitlines()
        # The call on a line of its own under the caller's, not wrapped mid-phrase at 80 columns.
        assert rows[0].startswith(">You: 1 card") and rows[1] == "   ONE CARD called"


async def test_the_marriage_goes_down_queen_then_king_with_m() -> None:
    # KR3.4: the King and Queen of one suit together; the King on top reverses the direction.
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["QH", "KH", "4S"], "9H")
        assert table(app).service.view(0).clockwise
        await pilot.press("m")
        await until(pilot, my_turn, "your turn again")
        assert "You marry QH KH." in log_text(app)
        pile = str(table(app).query_one("#kr-pile", Static).render())
        assert "Play goes: Counter-clockwise" in pile


async def test_m_marries_the_only_marriage_when_the_marker_rests_on_another_queen() -> None:
    # The marker stays where the last card went: here on the Queen of spades, whose King is not
    # held; m marries the clubs, the only marriage that may be played (it tried the spades).
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["QS", "QC", "KC", "4D"], "9C")
        hand = table(app).query_one(ReverseHandView)
        hand.selected = hand.cards.index(parse_any_card("QS"))
        await pilot.press("m")
        await until(pilot, lambda a: "You marry QC KC." in log_text(a), "the marriage of clubs")
        assert "do not hold both" not in log_text(app) + status(app)


async def test_m_with_no_marriage_and_no_king_or_queen_marked_says_none_can_be_played() -> None:
    """m on the Ace of diamonds with no marriage to play said "you do not hold both of clubs",
    a suit the player never asked about."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["AD", "KS", "4C"], "9H")
        hand = table(app).query_one(ReverseHandView)
        hand.selected = hand.cards.index(parse_any_card("AD"))
        await pilot.press("m")
        await pilot.pause()
        said = " ".join(status(app).split())
        assert "No marriage can be played now" in said, said
        assert "do not hold both" not in said and my_turn(app)


async def test_a_drawn_card_to_be_played_gets_the_marker_and_enter_plays_it() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "QC"], "9H")  # nothing follows the 9 of hearts
        game = table(app).service.game
        game.stock.append(parse_any_card("5H").id)  # the card drawn: a heart, to be played
        table(app).refresh_table()
        hand = table(app).query_one(ReverseHandView)
        hand.focus()
        await pilot.press("d")
        await until(pilot, lambda a: str(table(a).service.view(0).step) == "drawn", "the drawn card")
        assert hand.cards[hand.selected] == parse_any_card("5H")  # the marker on it
        await pilot.press("enter")
        await until(pilot, lambda a: "You play 5H" in log_text(a) or "You play the five of hearts" in log_text(a),
                    "the drawn card played")


async def test_the_pile_box_says_the_suit_to_follow_and_the_direction_in_words() -> None:
    app = reverse_app(ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H"], "JD", follow="S")
        await pilot.pause()
        pile = str(table(app).query_one("#kr-pile", Static).render())
        assert "Suit to follow: spades ♠" in pile
        assert "Play goes: Clockwise ↻" in pile
        assert "Stock:" in pile


async def test_the_pile_box_lists_the_cards_below_the_top_nearest_first() -> None:
    """"below it: 4D 8D" had 8D directly under the top card: the nearest is said first."""
    app = reverse_app(ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = table(app)
        screen.service.game.pile[:] = [parse_any_card(c).id for c in ("4D", "8D")]
        arrange(app, ["4S", "9H"], "8C")
        await pilot.pause()
        assert "below it: 8D 4D" in str(screen.query_one("#kr-pile", Static).render())


async def test_a_computer_action_is_shown_until_the_pace_ends_or_a_key_goes_on() -> None:
    app = reverse_app(pace=5)  # a pace no test waits for: the key ends the pause
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReverseTableScreen)
        while not my_turn(app):
            await until(pilot, lambda a: screen.computer.showing or my_turn(a), "a computer's action")
            if screen.computer.showing:
                assert "any key: go on now" in str(screen.query_one("#keys", Static).render())
                assert "Ada " in status(app) or "Ben " in status(app)
                await pilot.press("space")
                await pilot.pause()
        assert screen.service.current == 0


async def test_the_help_key_opens_the_help_while_a_computer_s_action_is_shown() -> None:
    """The key line says "? help" beside "any key: go on now": ? went on and showed no help."""
    from kc_tui.tui.dialogs import TextScreen

    app = reverse_app(pace=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReverseTableScreen)
        await until(pilot, lambda a: screen.computer.showing or my_turn(a), "a computer's action")
        assert screen.computer.showing, "the seed's first turn is a computer's"
        await pilot.press("question_mark")
        await until(pilot, lambda a: isinstance(a.screen, TextScreen), "the help")


async def test_the_readout_keys_answer_in_the_log() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H"], "9D")
        await pilot.press("i")
        await pilot.pause()
        assert "Your hand, 2 cards: 4S 9H. You may play 9H." in log_text(app)
        await pilot.press("w")
        await pilot.pause()
        assert "Your turn. You 2 cards, 0 points" in log_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert "the suit to follow is diamonds" in log_text(app)


async def test_the_command_line_takes_an_action_and_says_a_bad_one() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H"], "9D")
        await pilot.press("colon", *"9z", "enter")
        await pilot.pause()
        assert "is not a card" in status(app)
        await pilot.press(*"9h", "enter")
        await until(pilot, my_turn, "your turn again")
        assert "You play 9H." in log_text(app)


async def test_going_out_shows_the_round_over_dialog_with_the_points_left() -> None:
    # KR7: the others add 7, 8, King, Ace of spades 20; Jack 15; joker 25; others 5.
    app = reverse_app(one_card_call=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["9H"], "9D")
        game = table(app).service.game
        game.hands[1] = [parse_any_card(c).id for c in ("7C", "JK", "4D")]
        await pilot.press("1")
        await until(pilot, lambda a: isinstance(a.screen, RoundOverScreen), "the round's end")
        text = str(app.screen.query_one("#round-summary", Static).render())
        assert "You went out and win round 1." in text
        assert "Ada  +50" in text
        assert table(app).service.phase == Phase.ROUND_OVER


async def test_a_long_hand_left_goes_on_under_its_first_card_in_the_round_over_dialog() -> None:
    """A play test: a hand too long for its row went on at the dialog's left edge, under the
    players' names. It goes on under its first card."""
    app = reverse_app(one_card_call=False)
    hand = [rank + suit for rank in "23456" for suit in "CDHS"] + ["TC", "TD"]  # in the order shown
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["9H"], "9D")
        table(app).service.game.hands[1] = [parse_any_card(c).id for c in hand]
        await pilot.press("1")
        await until(pilot, lambda a: isinstance(a.screen, RoundOverScreen), "the round's end")
        await pilot.pause()
        summary = app.screen.query_one("#round-summary", Static)
        shown = [summary.render_line(y).text.rstrip() for y in range(summary.size.height)]
    (row,) = [i for i, line in enumerate(shown) if line.startswith("Ada")]
    start = shown[row].index(" 2C ") + 1
    assert shown[row + 1].startswith(" " * start) and not shown[row + 1][start].isspace(), shown
    assert " ".join(shown[row][start:].split() + shown[row + 1].split()) == " ".join(hand), shown


async def test_the_title_offers_a_quick_kings_reverse_game_on_v() -> None:
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp

    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReverseTableScreen) or any(
            isinstance(s, ReverseTableScreen) for s in app.screen_stack)
        assert [s.level for s in table(app).service.seats] == [None, "hard", "hard", "hard"]


async def test_the_new_game_screen_switches_to_kings_reverse_and_starts_it() -> None:
    from kc_tui.games.kings_reverse.tui.new_game import ReverseNewGameScreen
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp

    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("up", "right")  # from Players up to the Game choice, and change it
        await pilot.pause()
        assert isinstance(app.screen, ReverseNewGameScreen)
        await pilot.press("down", "left")  # 3 players
        await pilot.pause()
        assert "Kings Reverse, 3 players" in str(app.screen.query_one("#summary", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        service = table(app).service
        assert service.rules.players == 3 and service.rules.jokers


async def test_a_suit_is_named_only_by_a_joker_and_jacks_set_their_own() -> None:
    # KR3.2: a Jack's own suit is the suit to follow; no chooser opens.
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["JC", "4S"], "9D")
        await pilot.press(_key(app, "JC"))
        await pilot.pause()
        assert not isinstance(app.screen, SuitScreen)
        assert table(app).service.view(0).follow is Suit.CLUBS
        assert "You play JC." in log_text(app)


async def test_a_finished_session_is_kept_for_this_games_statistics_apart_from_the_first() -> None:

    from kc_tui.storage import game_transcripts_dir, games_report_text

    app = reverse_app(one_card_call=False, target=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await _go_out_to_the_session_s_end(pilot, app)
        text = str(app.screen.query_one("#session-summary", Static).render())
        assert text.startswith("You win with the lowest score, 0")
    assert len(list(game_transcripts_dir("kings-reverse").glob("*.jsonl"))) == 1
    assert "You: won 1 of 1 session, went out in 1 of 1 round" in games_report_text(game="kings-reverse")
    assert games_report_text(game="kings-corner").startswith("No finished sessions yet")  # the first game's are its own


async def test_a_game_left_in_the_middle_is_continued_from_the_title_screen() -> None:
    """Continued as the first game's are, from the title's Continue (the new-game form's line
    "[Enter] Continue ..." did nothing at Enter on its rows, and is gone)."""
    from kc_tui.storage import Settings, game_saves_dir
    from kc_tui.tui.app import KingsCornerApp
    from kc_tui.tui.dialogs import ConfirmScreen

    app = reverse_app(level="beginner")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("d")
        await until(pilot, my_turn, "your turn again")
        hand = _hand(app)
        await pilot.press("q")
        await until(pilot, lambda a: isinstance(a.screen, ConfirmScreen), "the question")
        await pilot.press("y")
    saves = game_saves_dir("kings-reverse")
    assert len(list(saves.glob("*.json"))) == 1 and not list(saves.glob("*.lock"))  # let go of on leaving
    app = KingsCornerApp(settings=Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "up", "right")
        await pilot.pause()
        menu = str(app.screen.query_one("#new-game-menu", Static).render())
        assert "Continue" not in menu, menu
        await pilot.press("escape", "c")
        await until(pilot, lambda a: "Kings Reverse" in str(a.screen.query_one("#saves-chosen", Static).render())
                    if a.screen.query("#saves-chosen") else False, "the saves, the game chosen")
        await pilot.press("enter")
        await until(pilot, my_turn, "your turn in the resumed game")
        assert _hand(app) == hand
        assert "Resumed in round 1." in log_text(app)
        assert list(saves.glob("*.lock"))  # this window has it open
    assert not list(saves.glob("*.lock"))


async def test_t_gives_a_hint_in_words_and_x_says_when_there_is_nothing_to_challenge() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H", "7C"], "9D")
        await pilot.press("t")
        await pilot.pause()
        assert status(app).startswith("Play 9H")
        await pilot.press("x")
        await pilot.pause()
        assert status(app) == "Jokers are not challenged in this game (rule KR6 is off): a joker played stands."


async def test_the_terminal_cursor_sits_on_the_selected_card_of_the_hand() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H", "7C"], "9D")
        hand = table(app).query_one(ReverseHandView)
        await pilot.press("right")
        await pilot.pause()
        region = hand.content_region
        x, y = app.cursor_position
        line = str(hand.render()).splitlines()[y - region.y]
        assert line[x - region.x:].startswith("2:7C")  # the hand is sorted: 4S 7C 9H


async def test_hot_seat_hides_the_hand_until_its_player_takes_the_keyboard() -> None:
    from kc_tui.core.kinds import SeatKind
    from kc_tui.games.kings_reverse.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp
    from kc_tui.tui.dialogs import PassScreen

    seats = [ReverseSeat("Zoe", SeatKind.HUMAN), ReverseSeat("Max", SeatKind.HUMAN)]
    app = KingsCornerApp(ReverseService(build_rules(2), seats, seed=2), settings=Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda a: isinstance(a.screen, PassScreen), "the pass-the-keyboard screen")
        assert table(app).query_one(ReverseHandView).face_down
        current = table(app).service.current
        await pilot.pause(PassScreen.GUARD)
        await pilot.press("enter")
        await until(pilot, lambda a: isinstance(a.screen, ReverseTableScreen), "the table")
        hand = table(app).query_one(ReverseHandView)
        assert not hand.face_down
        assert hand.cards == table(app).service.view(current).hand
        # Read out to the one at the keyboard, the hand leaves the log as the keyboard passes.
        await pilot.press("i")
        await pilot.pause()
        said = " ".join(log_text(app).split())
        assert "Your hand" in said
        await pilot.press("d")
        await until(pilot, lambda a: isinstance(a.screen, PassScreen), "the keyboard passed")
        assert "Your hand" not in " ".join(log_text(app).split())


async def test_a_key_typed_as_the_terminal_grows_back_acts_on_the_reverse_table() -> None:
    """The table grown back to its size takes the key typed before Textual has told it so (as
    the Kings in the Corner table does)."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "6S"], "9D")
        stock = table(app).service.view(0).stock_count
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert table(app).has_class("too-small")
        app.post_message(events.Resize(Size(80, 24), Size(80, 24)))  # the screen not yet told
        await pilot.press("d")
        await pilot.pause()
        assert not table(app).has_class("too-small")
        assert table(app).service.view(0).stock_count < stock and "You draw " in log_text(app)


async def test_a_reverse_table_too_small_disables_its_widgets_and_says_the_size_it_needs() -> None:
    """Below 80 x 24 only the note shows: no widget can have the focus or take a key (a card's
    key plays nothing), and grown back the hand has the focus again."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9H", "QC"], "9D")
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        screen = table(app)
        assert screen.too_small and screen.focused is None
        assert all(child.disabled for child in screen.children if child.id != "too-small")
        note = str(screen.query_one("#too-small", Static).render())
        assert note == ("The table needs a terminal of at least 80 x 24; this one is 70 x 20. "
                        "Make it larger, or play with --plain.")
        await pilot.press(_key(app, "9H"))
        await pilot.pause()
        assert _hand(app) == ["4S", "9H", "QC"]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.too_small and isinstance(screen.focused, ReverseHandView)


async def test_esc_on_a_drawn_joker_that_must_go_says_it_must_be_played() -> None:
    """A drawn joker that may be played must be (KR3): Esc on its suit dialog said "The joker
    stays in your hand.", as if the turn could go on without it."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S"], "9D")
        table(app).service.game.stock.append(JOKER.id)  # the next card drawn
        await pilot.press("d")
        await until(pilot, lambda a: JOKER in table(a).service.view(0).hand, "the joker drawn")
        await pilot.press(_key(app, "JK"))
        await until(pilot, lambda a: isinstance(a.screen, SuitScreen), "the suit dialog")
        await pilot.press("escape")
        await until(pilot, lambda a: not isinstance(a.screen, SuitScreen), "the dialog closed")
        said = " ".join(status(app).split())
        assert "The joker you drew must be played: play it again and name a suit." in said, said
        assert "stays in your hand" not in said


async def test_in_ascii_the_log_says_it_has_the_focus_without_colour() -> None:
    """--ascii draws the focused log's border as the unfocused one (only its colour changed,
    which NO_COLOR takes away): its title now says "> Log" while it has the focus."""
    app = reverse_app(ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        log = table(app).query_one("#log")
        assert not log.border_title
        while app.focused is not log:
            await pilot.press("tab")
        assert log.border_title == "> Log"
        await pilot.press("tab")
        await pilot.pause()
        assert not log.border_title


async def test_the_key_line_says_give_while_cards_are_given_after_the_ace_of_spades() -> None:
    """While giving a card to each other player, the key line still said "1-9 play"."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["AS", "5H", "9C", "4D"], "4S")
        await pilot.press(_key(app, "AS"))
        await until(pilot, lambda a: "1-3 give" in str(table(a).query_one("#keys", Static).render()),
                    "the key line of giving, the keys of the three cards left")
        keys = str(table(app).query_one("#keys", Static).render())
        assert "play" not in keys and "Enter give" in keys, keys


async def test_the_key_line_offers_no_card_when_none_can_be_played() -> None:
    """A play test saw "1-9 play  Enter play" on the key line where the status said only "Your
    turn: d draws."."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["3S", "4S"], "6H")
        table(app).show_keys()
        await pilot.pause()
        keys = str(table(app).query_one("#keys", Static).render())
        assert "d draw" in keys and "1-2 play" not in keys and "Enter play" not in keys, keys


async def test_the_bell_rings_once_as_each_of_your_turns_starts_when_set() -> None:
    """The settings' "Bell at your turn", as in the first game (a browser's page marks its tab's
    title instead: tests/platform/web/test_browser.py)."""
    for bell, rings in ((True, 2), (False, 0)):
        app = reverse_app(settings=Settings(ascii=True, pace=0, bell=bell))
        rang: list[int] = []
        app.bell = lambda rang=rang: rang.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, my_turn, "your turn")
            arrange(app, ["4S", "9H", "QC"], "9D")
            await pilot.press(_key(app, "9H"))
            await until(pilot, lambda a: my_turn(a) and "9H" not in _hand(a), "your next turn")
            await pilot.pause()
        assert len(rang) == rings, bell


async def test_a_resumed_round_says_what_happened_since_your_last_turn() -> None:
    """``a`` after a resume tells the others' turns since yours, as it did before leaving (it
    said "Nothing has happened since your last turn.")."""
    from kc_tui.tui.app import KingsCornerApp
    from kc_tui.tui.dialogs import ConfirmScreen

    app = reverse_app(level="beginner")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("d")
        await until(pilot, my_turn, "your turn again")
        before = len(log_text(app))
        await pilot.press("a")
        await pilot.pause()
        since = log_text(app)[before:]
        assert since and "Nothing has happened" not in since
        await pilot.press("q")
        await until(pilot, lambda a: isinstance(a.screen, ConfirmScreen), "the question")
        await pilot.press("y")
    app = KingsCornerApp(settings=Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda a: bool(a.screen.query("#saves-chosen")), "the saves")
        await pilot.press("enter")
        await until(pilot, my_turn, "your turn in the resumed game")
        before = len(log_text(app))
        await pilot.press("a")
        await pilot.pause()
        assert log_text(app)[before:] == since


async def test_the_key_line_and_the_turn_name_the_keys_of_the_cards_held() -> None:
    """They said 1-9 whatever the hand: 9 with eight cards answered "there is no card 9", and
    with ten the 0 was not said."""
    from kc_tui.tui.keys import picking_keys

    assert [picking_keys(REVERSE_HAND_KEYS, n) for n in (1, 2, 8, 10, 12)] == [
        "1", "1-2", "1-8", "1-9, 0", "1-9, 0, f, g"]
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["9H", "9C", "4D", "5D", "6D", "7D", "8D", "2S"], "9D")
        table(app).show_keys()
        await pilot.pause()
        keys = str(table(app).query_one("#keys", Static).render())
        assert "1-8 play" in keys and "1-9" not in keys, keys


async def test_the_scores_before_any_round_has_ended_say_so_once() -> None:
    """The title said "Scores: no round has ended yet" over a table of zeros (the first game's
    over "No round has been finished yet.")."""
    from kc_tui.tui.round_over import ScoresScreen

    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("s")
        await until(pilot, lambda a: isinstance(a.screen, ScoresScreen), "the scores")
        assert (app.screen.title_text, app.screen.text) == ("Scores", "No round has ended yet.")


async def test_the_command_line_explains_the_line_mode_s_verbosity() -> None:
    """':verbosty' was answered "did you mean verbosity?", and then 'verbosity' was refused as
    no action."""
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("colon", *"verbosty", "enter")
        await pilot.pause()
        assert status(app) == "'verbosty' is not an action: did you mean verbosity?"
        await pilot.press("colon", *"verbosity", "space", *"full", "enter")
        await pilot.pause()
        assert status(app).startswith("verbosity sets how much the line mode (play --plain) says")
        assert table(app).service.current == 0


async def test_leaving_says_the_game_is_saved() -> None:
    """Kings in the Corner's question says the game is saved; Kings Reverse's did not, though
    it is saved after every action."""
    from kc_tui.tui.dialogs import ConfirmScreen

    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Leave the game? It is saved: you can go on with it later.")


async def test_a_finished_session_can_be_watched_again_from_its_end() -> None:
    """Kings Reverse keeps its transcript through its recorder, which the offer to watch the
    session again did not look at: only the first game's tables offered it.  (This session's
    hands were arranged by hand, so its transcript cannot be replayed: the dialog says why and
    comes back.)"""
    from kc_tui.tui.round_over import SessionOverScreen

    app = reverse_app(one_card_call=False, target=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _go_out_to_the_session_s_end(pilot, app)
        assert "[w] Watch the session again" in str(app.screen.query_one("#session-menu").render())
        kept = table(app).finished_transcript()
        assert kept is not None and kept.is_file() and "kings-reverse" in kept.parts
        await pilot.press("w")
        await until(pilot, lambda a: isinstance(a.screen, SessionOverScreen) and "no action the rules allow"
                    in " ".join(log_text(a).split()), "the dialog again, the reason in the log")


async def _go_out_to_the_session_s_end(pilot, app) -> None:
    """Go out at once (a hand of one 9H on 9D, arranged) and pass the round's result, to the
    session's end (a target the others' points reach in one round)."""
    from kc_tui.tui.round_over import SessionOverScreen

    await until(pilot, my_turn, "your turn")
    arrange(app, ["9H"], "9D")
    await pilot.press("1")
    await until(pilot, lambda a: isinstance(a.screen, RoundOverScreen), "the round's end")
    await pilot.press("enter")
    await until(pilot, lambda a: isinstance(a.screen, SessionOverScreen), "the session's end")
