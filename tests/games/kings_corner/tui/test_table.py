"""The table screen, driven by keys through Textual's Pilot (issue 4, first steps)."""

from __future__ import annotations

import random

from screen_fixtures import no_computer_turn, play_until, until
from textual.widgets import RichLog, Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.games.kings_corner.tui.widgets import PileView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp


def _app(seed: int = 8, opponents: str = "medium", pace: float = 0, **rules) -> KingsCornerApp:
    seats = [Seat("You")] + [
        Seat(name, "ai", opponents, make_player(opponents, random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4, "standard", rules), seats, seed=seed),
                          settings=Settings(ascii=True, pace=pace))


async def _until_my_turn(pilot, service: GameService) -> None:
    await until(pilot, no_computer_turn, "the end of the computers' turns")


def _status(app: KingsCornerApp) -> str:
    """The status line, or the question in front of the table while one is asked."""
    from kc_tui.tui.dialogs import ConfirmScreen

    if isinstance(app.screen, ConfirmScreen):
        return app.screen.question
    return str(app.screen.query_one("#status", Static).render())


async def test_a_card_is_picked_by_number_and_dropped_on_a_marked_target() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = service.observation().hand
        king = next(i for i, c in enumerate(hand) if c.is_king)
        await pilot.press(str(king + 1))
        marked = {v.pile for v in screen.query(PileView) if v.marked}
        assert marked == {p for p in Pile if p.is_corner and not service.game.piles[p.value]}
        assert _status(app).startswith(f"Holding {hand[king]}: it fits on")
        await pilot.press("enter")
        assert hand[king] not in service.observation().hand
        assert any(service.game.piles[p.value][-1:] == [hand[king].id] for p in Pile if p.is_corner)


async def test_an_illegal_drop_is_refused_with_the_engines_sentence_and_changes_nothing() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        hand = service.observation().hand
        two = next(i for i, c in enumerate(hand) if c.rank == 2)
        before = [list(p) for p in service.game.piles], service.game.hands[:]
        await pilot.press(str(two + 1))
        app.screen.query_one("#pile-N", PileView).focus()
        await pilot.press("enter")
        reason = service.game.why_illegal(PlayCard(hand[two], Pile.N))
        assert reason and _status(app) == reason
        assert ([list(p) for p in service.game.piles], service.game.hands[:]) == before


async def test_a_typed_end_asks_as_e_does_and_end_bang_does_not() -> None:
    from kc_tui.games.kings_corner.engine.commands import end_question
    from kc_tui.tui.dialogs import ConfirmScreen

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        turns, open_moves = service.game.turns, len(service.legal_moves())
        assert open_moves
        await pilot.press("e")
        asked_by_e = app.screen.question
        await pilot.press("n")
        await pilot.press("colon", *"end", "enter")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == asked_by_e
        assert asked_by_e.startswith(end_question(open_moves))
        await pilot.press("n")
        assert service.game.turns == turns and service.waiting_for_human()
        assert app.screen.query_one("#hand").has_focus  # the command line closed with the command
        await pilot.press("colon", *"end!", "enter")
        assert not isinstance(app.screen, ConfirmScreen) and service.game.turns > turns


async def test_prompt_commands_undo_and_end_turn() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        king = next(c for c in service.observation().hand if c.is_king)
        corner = next(p for p in Pile if p.is_corner and not service.game.piles[p.value])
        await pilot.press("colon")
        for ch in f"{king} {corner.name.lower()}":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        assert service.game.piles[corner.value] == [king.id]
        await pilot.press("escape", "u")
        assert service.game.piles[corner.value] == []
        turns = service.game.turns
        await pilot.press("e", "e")  # the second press confirms: moves are still open
        await _until_my_turn(pilot, service)
        assert service.game.turns > turns


async def test_quitting_while_a_computer_thinks_stops_its_thinking() -> None:
    expert = make_player("expert", random.Random(1), think=30.0)
    # No race: it thinks its whole (long) budget, so it is still thinking when the person quits
    # (racing, it may settle its choice in a fraction of a second, before the keys arrive).
    expert.race = False  # type: ignore[attr-defined]
    cancelled = []
    original_cancel = expert.cancel
    expert.cancel = lambda: (cancelled.append(True), original_cancel())  # type: ignore[method-assign]
    seats = [Seat("You"), Seat("Ada", "ai", "expert", expert)]
    app = KingsCornerApp(GameService(build_rules(2), seats, seed=3), settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        for _ in range(100):
            if not service.waiting_for_human():
                break
            await pilot.press("e")
        assert not service.waiting_for_human()
        await pilot.press("q", "y")
    assert cancelled == [True]


async def test_round_over_shows_the_result_and_deals_the_next_round() -> None:
    from kc_tui.tui.round_over import RoundOverScreen

    app = _app(seed=5, target=1000)
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        # The person passes every turn; the computers finish the round.
        await play_until(pilot, RoundOverScreen)
        assert isinstance(app.screen, RoundOverScreen)
        text = str(app.screen.query_one("#round-summary").render())
        assert text.startswith("Round 1 over.")
        assert "You: " in text and " in all" in text and "cards left:" in text
        assert service.game.round_no == 1
        await pilot.press("enter")
        assert service.game.round_no == 2
        assert isinstance(app.screen, TableScreen)


async def test_hot_seat_hides_the_table_between_people() -> None:
    from kc_tui.games.kings_corner.tui.widgets import HandView
    from kc_tui.tui.dialogs import PassScreen

    seats = [Seat("Ada"), Seat("Ben")]
    app = KingsCornerApp(GameService(build_rules(2), seats, seed=2), settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        first = service.current
        await pilot.pause()
        if isinstance(app.screen, PassScreen):
            await pilot.pause(PassScreen.GUARD)
            await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.query_one(HandView).cards == service.game.hand(first)
        await pilot.press("e", "e")  # the second press confirms: moves are still open
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert f"Pass the keyboard to {service.current_seat.name}" in str(app.screen.query_one("#pass-text").render())
        assert table.query_one(HandView).cards == ()  # the last person's hand is not left up
        await pilot.press("enter")  # at once: an Enter meant for the turn before is ignored
        assert isinstance(app.screen, PassScreen)
        await pilot.pause(PassScreen.GUARD)
        await pilot.press("enter")
        assert table.query_one(HandView).cards == service.game.hand(service.current)
        assert service.current != first


async def test_help_lists_the_keys() -> None:
    from kc_tui.tui.dialogs import TextScreen

    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_my_turn(pilot, app.service)
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        text = str(app.screen.query_one(".text-body").render())
        for key in ("1-9", "Esc", "end your turn", "Ctrl+Z", "hint", "quit"):
            assert key in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_below_the_minimum_size_the_table_says_how_large_it_must_be() -> None:
    app = _app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("too-small")
        message = str(screen.query_one("#too-small").render())
        assert "at least 80 x 24; this one is 60 x 20" in message
        assert not screen.query_one("#top").display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not screen.has_class("too-small") and screen.query_one("#top").display
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert screen.has_class("too-small")


async def test_computer_turns_play_out_move_by_move_and_a_key_skips_ahead() -> None:
    app = _app(pace=5)
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        screen = app.screen
        await until(pilot, lambda app: screen.computer.playing is not None and bool(screen.computer.playing[1]),
                    "a computer's turn being shown")
        decision, left = screen.computer.playing
        assert service.current == decision.seat and left  # shown one move at a time
        await pilot.press("x")
        await pilot.pause()
        assert screen.computer.playing is None or screen.computer.playing[0] is not decision
        assert not service.is_current(decision)  # that turn is over


async def test_a_card_with_one_place_to_go_plays_on_a_double_enter() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        game = service.game
        hand = service.observation().hand
        single = next(
            (i for i, card in enumerate(hand)
             if sum(game.why_illegal(PlayCard(card, p)) is None for p in Pile) == 1),
            None,
        )
        assert single is not None, "seed 8 gives the person a card with exactly one place"
        app.screen.query_one("#hand").focus()
        app.screen.query_one("#hand").selected = single
        await pilot.press("enter")
        app.screen.query_one("#hand").focus()
        await pilot.press("enter")
        assert hand[single] not in service.observation().hand


async def test_a_king_owed_to_a_corner_is_said_at_once_not_asked_about() -> None:
    """A play test, mandatory Kings (R6): e asked "End your turn with 9 moves still open?" and
    only after y said the King had to be played first.  The seat's view owes the King (seed 5:
    you hold K♣ with the corners empty), so e says so at once and the turn goes on."""
    app = _app(seed=5, mandatory_kings=True)
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        assert str(service.observation().owed_king()) == "KC" and service.legal_moves()
        turns = service.game.turns
        await pilot.press("e")
        assert _status(app).startswith("You must play KC to an empty corner"), _status(app)
        assert service.game.turns == turns and service.waiting_for_human()


async def test_ending_a_turn_with_moves_open_and_quitting_ask_first() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        await _until_my_turn(pilot, service)
        turns = service.game.turns
        open_moves = len(service.legal_moves())
        assert open_moves
        await pilot.press("e")
        assert service.game.turns == turns and "still open? Press e again" in _status(app)
        await pilot.press("x")  # any other key drops the question
        await pilot.press("e")
        assert service.game.turns == turns
        await pilot.press("q")
        assert "Leave the game? Press y" in _status(app)
        await pilot.press("n")  # stays
        assert app.is_running
        await pilot.press("e", "e")
        await _until_my_turn(pilot, service)
        assert service.game.turns > turns


# ---------------------------------------------------------------- a whole round by keyboard only
async def _focus_pile(pilot, screen: TableScreen, pile: Pile) -> None:
    """Walk the focus to ``pile`` with arrow keys only, as a player would."""
    from kc_tui.games.kings_corner.tui.cross import LAYOUT

    def where():
        focused = screen.focused
        return LAYOUT[focused.pile] if isinstance(focused, PileView) else None

    if where() is None:
        await pilot.press("up")  # from the hand: onto the board
    row, col = LAYOUT[pile]
    if where()[0] == 1 and col == 1:
        await pilot.press("up")  # West/East jump over the stock; go round by the top row
    for _ in range(4):
        if where()[1] == col:
            break
        await pilot.press("right")
    for _ in range(4):
        if where()[0] == row:
            break
        await pilot.press("down")
    assert screen.focused is screen.query_one(f"#pile-{pile.name}", PileView)


async def _play_by_keys(pilot, screen: TableScreen, move) -> int:
    """One move by keys: a card by its number (or Left/Right along the hand past the tenth),
    a pile by the arrows; then the arrows cycle through the marked targets and Enter drops."""
    from kc_tui.games.kings_corner.engine.moves import MovePile
    from kc_tui.games.kings_corner.tui.widgets import HandView

    service = screen.service
    if isinstance(move, MovePile):
        await _focus_pile(pilot, screen, move.source)
        await pilot.press("enter")
        assert screen.held == move.source
    else:
        index = service.observation().hand.index(move.card)
        if index < 10:
            await pilot.press(str((index + 1) % 10))
        else:
            hand = screen.query_one(HandView)
            for _ in range(20):
                if hand.has_focus:
                    break
                await pilot.press("tab")
            while hand.selected != index:
                await pilot.press("right")
            await pilot.press("enter")
        assert screen.held == move.card
    target = move.target if isinstance(move, MovePile) else move.pile
    marked = {v.pile for v in screen.query(PileView) if v.marked}
    assert target in marked
    steps = 0
    if len(marked) > 1:
        # Holding: the arrows visit every marked pile, and only those, then come round again.
        seen = set()
        for _ in range(len(marked)):
            await pilot.press("right")
            assert screen.focused.pile in marked
            seen.add(screen.focused.pile)
        assert seen == marked
        steps += len(marked)
    for _ in range(len(marked)):
        if screen.focused is screen.query_one(f"#pile-{target.name}", PileView):
            break
        await pilot.press("left")
        steps += 1
    await pilot.press("enter")
    return steps


async def test_a_whole_round_is_played_to_its_end_by_keyboard_only() -> None:
    from kc_tui.games.kings_corner.ai.hints import hint
    from kc_tui.games.kings_corner.engine.moves import MovePile
    from kc_tui.tui.round_over import RoundOverScreen

    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(2, "standard", {"target": 1000}), seats, seed=11)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0))
    kinds = {"card": 0, "pile": 0, "illegal": 0, "undo": 0, "arrows": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _turn in range(200):
            await until(pilot, lambda app: service.waiting_for_human() or isinstance(app.screen, RoundOverScreen),
                        "your turn or the end of the round")
            if isinstance(app.screen, RoundOverScreen):
                break
            plan = hint(service.observation()).plan
            if plan and not kinds["illegal"]:
                # A refused drop: a card onto a pile it does not fit says why and changes nothing.
                card = service.observation().hand[0]
                wrong = next((p for p in Pile if service.game.why_illegal(PlayCard(card, p))), None)
                if wrong is not None:
                    before = ([list(p) for p in service.game.piles], service.game.hands[:])
                    await pilot.press("1")
                    app.screen.query_one(f"#pile-{wrong.name}", PileView).focus()
                    await pilot.press("enter")
                    assert _status(app) == service.game.why_illegal(PlayCard(card, wrong))
                    assert ([list(p) for p in service.game.piles], service.game.hands[:]) == before
                    await pilot.press("escape")
                    kinds["illegal"] += 1
            for move in plan:
                kinds["arrows"] += await _play_by_keys(pilot, screen, move)
                kinds["pile" if isinstance(move, MovePile) else "card"] += 1
                if service.phase != Phase.TURN:
                    break
                if not kinds["undo"]:
                    # Take the move back with u and play it again.
                    await pilot.press("u")
                    await _play_by_keys(pilot, screen, move)
                    kinds["undo"] += 1
            if service.phase != Phase.TURN:
                break
            await pilot.press("e")
            if service.waiting_for_human() and service.legal_moves():
                await pilot.press("e")  # moves still open: the second press confirms
        await until(pilot, lambda app: isinstance(app.screen, RoundOverScreen), "the end of the round")
        assert isinstance(app.screen, RoundOverScreen)
        assert service.phase == Phase.ROUND_OVER
        assert "Round 1 over." in str(app.screen.query_one("#round-summary").render())
    assert all(kinds.values()), kinds  # cards, pile moves, a refusal, an undo, target cycling


async def test_opening_the_command_line_keeps_the_newest_log_line_in_view() -> None:
    """Issue 11: the command line takes a row from the log, and the newest lines stay shown."""
    app = _app(seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda app: app.service.waiting_for_human(), "your turn")
        log = app.screen.query_one("#log", RichLog)
        for i in range(40):
            log.write(f"line {i}")
        await pilot.pause()
        log.scroll_end(animate=False)
        await pilot.pause()
        await pilot.press("colon")
        await pilot.pause()
        await pilot.pause()
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y, (log.scroll_y, log.max_scroll_y)


async def test_the_command_line_open_at_80x24_leaves_the_whole_cross_in_sight() -> None:
    """Issue 28: the command line took the lowest piles' bottom border; it takes the key line's
    row instead (none of those keys acts while one types), given back when it closes."""
    app = _app(seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda app: app.service.waiting_for_human(), "your turn")
        screen = app.screen
        top, cross = screen.query_one("#top"), screen.query_one("#cross")
        assert cross.region.bottom <= top.region.bottom
        await pilot.press("colon")
        await pilot.pause()
        assert screen.query_one("#prompt").region.height == 3
        assert cross.region.bottom <= top.region.bottom, (cross.region, top.region)
        assert not screen.query_one("#keys").display
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#keys").display


async def test_in_the_pause_after_a_computers_turn_the_status_names_the_next_computer() -> None:
    """A play test saw "Ben is thinking..." while the players' panel marked Cleo, whose turn had
    begun: the status kept the last computer's name through the pause after its turn."""
    app = _app(pace=5)  # the pause waits on the test, which plays the turn's moves itself
    async with app.run_test(size=(80, 24)) as pilot:
        service = app.service
        screen = app.screen
        await until(pilot, lambda app: screen.computer.playing is not None, "a computer's turn being shown")
        first = screen.computer.playing[0].seat
        while screen.computer.playing is not None:
            screen.computer._step()  # the next move now, not after the pace
        await pilot.pause()
        assert service.current != first and not service.waiting_for_human()  # the pause before the next
        name = service.current_seat.name
        assert _status(app) == f"{name} is thinking...", (name, _status(app))


async def test_the_turn_and_the_key_line_name_the_keys_of_the_cards_held() -> None:
    """Both said 1-9 whatever the hand (a play test: with 8 cards, 9 answered "there is no card
    9"; with 10 the 0 went unsaid)."""
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _until_my_turn(pilot, app.service)
        held = len(app.service.observation().hand)
        keys = "1-9, 0" if held == 10 else f"1-{held}"
        assert keys != "1-9"  # (the deal of seed 8 leaves 8 cards at the first turn)
        assert f"pick a card ({keys}) or a pile" in _status(app)
        assert f"{keys} card" in str(app.screen.query_one("#keys", Static).render())
