"""The screens around the table, driven by keys through Textual's Pilot: title, new game,
settings, rules, session over, the command palette (issue 4)."""

from __future__ import annotations

import random

from screen_fixtures import play_until, until
from textual.widgets import Input

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import TextScreen
from kc_tui.tui.info import SettingsScreen
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen
from kc_tui.tui.title import TitleScreen
from kc_tui.tui.widgets import Choice, Menu, TextPanel


def _text(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def _wait_for(pilot, predicate, what: str) -> None:
    await until(pilot, lambda app: predicate(), what)


async def test_title_offers_every_choice_and_resume_is_disabled_until_saves_exist() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        menu = _text(screen, Menu)
        for label in ("New game", "Quick game", "Continue a saved game", "rules", "Settings", "Quit"):
            assert label in menu
        assert "(no saved games yet)" in menu
        await pilot.press("c")  # disabled: says why and stays
        assert isinstance(app.screen, TitleScreen)
        assert "no saved games yet" in _text(screen, "#title-status")
        await pilot.press("up", "enter")  # c selected Continue; the item above is the quick game
        await pilot.pause()
        # (A random deal: a computer may even go out before your first turn, so the round-over
        # dialog can already be on top of the table.)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert [s.kind for s in table.service.seats] == ["human", "ai", "ai", "ai"]
        assert {s.level for s in table.service.seats[1:]} == {"hard"}
        assert table.service.rules == build_rules(4)


async def test_rules_and_settings_open_from_the_title_and_close_with_escape() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, TextScreen)
        assert "put a King on an empty corner" in _text(app.screen, ".text-body")
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.press("q")
    assert app.return_code == 0


async def test_settings_change_theme_cards_ascii_pace_and_confirmations_at_once() -> None:
    seen: list[Settings] = []
    app = KingsCornerApp(settings=Settings(), on_settings=seen.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.focused.id == "set-theme"
        await pilot.press("right")  # default -> light
        assert app.settings.theme == "light" and app.theme == "textual-light"
        await pilot.press("right")  # -> high-contrast
        assert app.theme == "kc-high-contrast"
        await pilot.press("down", "right")  # cards: four-colour
        assert app.settings.cards == "four-colour"
        await pilot.press("down", "right")  # ASCII on
        assert app.settings.ascii and app.has_class("ascii")
        await pilot.press("down", "left")  # pace: one step faster than 0.4
        assert app.settings.pace == 0.2
        await pilot.press("down", "space", "down", "space")
        assert not app.settings.confirm_end and not app.settings.confirm_quit
        assert "ask before leaving" in _text(screen, "#settings-note")
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
    assert seen[-1] == Settings(theme="high-contrast", ascii=True, cards="four-colour", pace=0.2,
                                confirm_end=False, confirm_quit=False)


async def _new_game(pilot, app) -> NewGameScreen:
    await pilot.press("n")
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_new_game_sets_seats_names_rules_and_seed_then_starts_that_game() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app)
        assert screen.focused.id == "player-count"
        await pilot.press("left")  # 4 -> 3 players
        assert not screen.query_one("#seat-3").display
        await pilot.press("down", "tab")  # seat 1's kind, then (Tab) its name
        assert isinstance(screen.focused, Input) and screen.focused.id == "name-0"
        screen.focused.value = ""
        for ch in "Zoe":
            await pilot.press(ch)
        await pilot.press("down", "left")  # seat 2: hard -> medium
        assert screen.query_one("#kind-1", Choice).value == "medium"
        screen.query_one("#preset", Choice).focus()
        await pilot.press("right")  # standard -> classic-deal (10 cards)
        assert screen.query_one("#opt-hand_size", Choice).value == 10
        screen.query_one("#opt-scoring", Choice).focus()
        await pilot.press("right")  # classic -> face
        screen.query_one("#seed", Input).focus()
        for ch in "42":
            await pilot.press(ch)
        summary = _text(screen, "#summary")
        assert summary.startswith("3 players: Zoe, Ada (medium), Ben (hard). 10 cards each")
        assert "face scoring to 25" in summary and "Seed 42." in summary
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        service = table.service
        assert [s.name for s in service.seats] == ["Zoe", "Ada", "Ben"]
        assert [s.level for s in service.seats] == [None, "medium", "hard"]
        assert service.rules == build_rules(3, "classic-deal", {"scoring": "face"})
        assert service.seed == 42


async def test_new_game_explains_a_combination_that_cannot_be_dealt_and_will_not_start_it() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app)
        await pilot.press("right", "right")  # 6 players
        screen.query_one("#preset", Choice).focus()
        await pilot.press("right")  # classic-deal: 10 cards each
        summary = _text(screen, "#summary")
        assert summary.startswith("Cannot start: 6 players x 10 cards + 4 edge cards needs 64 cards")
        assert screen.query_one("#summary", TextPanel).has_class("problem")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen)  # refused in place
        screen.query_one("#player-count", Choice).focus()
        await pilot.press("left", "left")  # 4 players: 44 cards, fine
        assert not _text(screen, "#summary").startswith("Cannot start")
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_new_game_with_two_people_is_hot_seat_and_refuses_twin_names() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app)
        screen.query_one("#kind-1", Choice).focus()
        await pilot.press("left")  # hard -> medium
        await pilot.press("left")  # -> easy
        await pilot.press("left")  # -> beginner
        await pilot.press("left")  # -> a person here
        assert screen.seat_specs()[0][:2] == ["human:Player 1", "human:Player 2"]
        screen.query_one("#name-1", Input).value = "player 1"
        await pilot.pause()
        assert "same name" in _text(screen, "#summary")
        screen.query_one("#name-1", Input).value = "Max"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        # The table, under the "pass the keyboard" screen when the second person starts.
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert len(table.people) == 2 and [s.name for s in table.service.seats][:2] == ["Player 1", "Max"]


def _short_game(seed: int = 5) -> GameService:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    return GameService(build_rules(2, "standard", {"target": 1}), seats, seed=seed)


async def _end_turns_until(pilot, app, screen_type) -> None:
    await play_until(pilot, screen_type)


async def test_round_over_then_session_over_shows_the_score_table_and_quits() -> None:
    service = _short_game()
    app = KingsCornerApp(service, settings=Settings(pace=0, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turns_until(pilot, app, RoundOverScreen)
        summary = _text(app.screen, "#round-summary")
        assert "Round 1 over." in summary and "cards left:" in summary and "Deal seed 5" in summary
        await pilot.press("enter")
        assert isinstance(app.screen, SessionOverScreen)
        text = _text(app.screen, "#session-summary")
        winner = service.seats[service.game.session_winners[0]].name
        assert text.startswith(f"{winner} wins after 1 round.")
        assert "Round" in text and "Total" in text
        # Started by `kings-corner play`: no title to go back to (issue 11: play again is offered).
        assert "Back to the title" not in _text(app.screen, "#session-menu")
        await pilot.press("q")
    assert service.phase == Phase.SESSION_OVER


async def test_a_finished_session_kept_here_can_be_watched_again_from_its_end() -> None:
    """The replay was reached only by ``kings-corner replay FILE`` (a play test found no way to
    it in the game); the session-over dialog now offers it when the transcript was kept."""
    from kc_tui.storage import start_saving
    from kc_tui.tui.replay_screen import ReplayScreen

    service = _short_game()
    app = KingsCornerApp(service, settings=Settings(pace=0, confirm_end=False))
    app.savers[id(service)] = start_saving(service, ["you", "medium"])
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turns_until(pilot, app, RoundOverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, SessionOverScreen)
        assert "[w] Watch the session again, every hand face up" in _text(app.screen, "#session-menu")
        assert "w watch" in _text(app.screen, "#session-keys")
        await pilot.press("w")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.replay.steps
        await pilot.pause()
        # The cursor on the status line, which says where the replay is (not the top-left corner).
        assert app.cursor_position == replay.query_one("#status").region.offset != (0, 0)
        await pilot.press("end")
        await pilot.press("q")  # leaves the replay, not the app
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, SessionOverScreen)
        await pilot.press("q")
    assert not app.is_running


async def test_a_session_not_kept_here_is_not_offered_to_watch_again() -> None:
    app = KingsCornerApp(_short_game(), settings=Settings(pace=0, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await _end_turns_until(pilot, app, RoundOverScreen)
        await pilot.press("enter")
        assert "Watch" not in _text(app.screen, "#session-menu")
        await pilot.press("w")  # nothing to watch: the dialog stays
        await pilot.pause()
        assert isinstance(app.screen, SessionOverScreen)


async def test_play_again_from_the_title_keeps_the_players_and_rules_on_a_new_deal(monkeypatch) -> None:
    import kc_tui.games.kings_corner.tui.table

    # The new deal's seed is fixed: about one random deal in fifty ends the round before the
    # person's first turn, and the table would not be in front to be checked.
    monkeypatch.setattr(kc_tui.games.kings_corner.tui.table, "new_seed", lambda: 6)
    app = KingsCornerApp(settings=Settings(pace=0, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        first = _short_game()
        app._owned.append(first)
        app.start_table(first)
        await pilot.pause()
        await _end_turns_until(pilot, app, RoundOverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, SessionOverScreen)
        await pilot.press("a")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.service is not first
        assert table.service.seats == first.seats and table.service.rules == first.rules
        assert table.service.game.round_no == 1
        # The old table let go of the old session: it no longer follows its events.
        assert not first._listeners, first._listeners
        await _end_turns_until(pilot, app, RoundOverScreen)
        await pilot.press("enter", "t")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_scores_rules_and_settings_open_from_the_table() -> None:
    service = _short_game()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, service.waiting_for_human, "the person's turn")
        await pilot.press("s")
        assert isinstance(app.screen, TextScreen)
        assert _text(app.screen, ".text-body") == "No round has been finished yet."
        await pilot.press("s")  # the key that opened it closes it
        await pilot.press("r")
        assert "Players: 2." in _text(app.screen, ".text-body")
        await pilot.press("escape", "o")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_command_palette_lists_the_tables_actions() -> None:
    service = _short_game()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, service.waiting_for_human, "the person's turn")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("End turn", "Undo", "Hint", "Scores", "Rules", "Settings", "Help", "Leave the game"):
            assert title in titles
        assert "Theme" not in titles  # themes are in our settings
        hint = next(c for c in app.get_system_commands(app.screen) if c.title == "Hint")
        hint.callback()
        assert _text(app.screen, "#status").startswith(("Play ", "Move ", "End "))


async def test_the_target_follows_the_scoring_until_the_person_sets_it() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app)
        scoring, target = screen.query_one("#opt-scoring", Choice), screen.query_one("#opt-target", Choice)
        scoring.focus()
        for name, points in (("face", 25), ("alternative", 250), ("chips", 100)):
            await pilot.press("right")
            assert (scoring.value, target.value, screen.rules().target) == (name, points, points)
        await pilot.press("right")
        assert scoring.value == "none" and not target.display
        await pilot.press("right")
        assert (scoring.value, target.value, screen.rules().target) == ("classic", 25, 25)
        target.focus()
        await pilot.press("right")  # the person's own target: kept through a change of scoring
        chosen = target.value
        assert chosen != 25
        scoring.focus()
        await pilot.press("right", "right")
        assert (scoring.value, target.value, screen.rules().target) == ("alternative", chosen, chosen)
        screen.query_one("#preset", Choice).focus()
        await pilot.press("right", "left")  # a preset again: the target follows the scoring again
        scoring.focus()
        await pilot.press("right", "right")
        assert (scoring.value, screen.rules().target) == ("alternative", 250)
