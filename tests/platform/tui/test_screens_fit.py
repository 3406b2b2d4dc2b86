"""Every screen that does not fit says what size it needs, as the table does (issue 11): below its
smallest size a screen shows only that, and no key acts on what cannot be seen."""

from __future__ import annotations

import pytest
from screen_fixtures import title
from textual import events
from textual.geometry import Size
from textual.widgets import Static

from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
from kc_tui.storage import Settings
from kc_tui.tui.title import TitleScreen
from kc_tui.tui.widgets import Menu


def _note(screen) -> str:
    return str(screen.query_one("#too-small", Static).render())


def _shown(screen) -> list[str]:
    """The ids of the screen's children that are drawn."""
    return [child.id or type(child).__name__ for child in screen.children if child.display]


async def test_the_title_screen_says_what_size_it_needs_and_keys_wait() -> None:
    app = title(Settings(pace=0))
    async with app.run_test(size=(60, 18)) as pilot:
        screen = app.screen
        assert isinstance(screen, TitleScreen) and screen.has_class("too-small")
        assert _note(screen).startswith("The title screen needs a terminal of at least 80 x 20; "
                                        "this one is 60 x 18.")
        assert _shown(screen) == ["too-small"]
        await pilot.press("n", "q")  # neither opens a new game nor quits: nothing can be seen
        assert app.screen is screen and app.is_running and screen.focused is None
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("too-small") and "too-small" not in _shown(screen)
        assert isinstance(screen.focused, Menu)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)


async def test_a_key_typed_as_the_terminal_grows_back_acts() -> None:
    """Textual tells the screen of a new size a moment after the app learns it; a key typed in
    between meets the size the terminal has (in a loaded web test run, the g of a quick game
    typed just after the page grew back was refused as if the title were still too small)."""
    app = title(Settings(pace=0))
    async with app.run_test(size=(60, 18)) as pilot:
        assert app.screen.has_class("too-small")
        app.post_message(events.Resize(Size(80, 24), Size(80, 24)))  # the screen not yet told
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_the_new_game_screen_says_what_size_it_needs() -> None:
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and not screen.has_class("too-small")
        focused = screen.focused
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert screen.has_class("too-small") and _shown(screen) == ["too-small"]
        assert _note(screen).startswith("The new-game screen needs a terminal of at least 78 x 16; "
                                        "this one is 60 x 18.")
        await pilot.press("right", "ctrl+s")  # no choice changes, no game starts
        assert app.screen is screen and screen.players == 4
        await pilot.resize_terminal(78, 16)
        await pilot.pause()
        assert not screen.has_class("too-small") and screen.focused is focused


@pytest.mark.parametrize("size", [(80, 20), (100, 30)])
async def test_the_title_screen_at_its_size_and_above_is_whole(size: tuple[int, int]) -> None:
    app = title(Settings(pace=0))
    async with app.run_test(size=size):
        screen = app.screen
        assert not screen.has_class("too-small")
        menu = screen.query_one(Menu)
        keys = screen.query_one("#keys")
        assert menu.region.bottom <= keys.region.y and keys.region.bottom <= size[1]
        assert screen.query_one("#title-box").region.right <= size[0]


@pytest.mark.parametrize("name, needs", [("saves", "The saved-games screen needs a terminal of at least 56 x 10"),
                                         ("replay", "The replay needs a terminal of at least 80 x 24")])
async def test_the_saves_and_the_replay_say_what_size_they_need(
        name: str, needs: str, _private_user_dirs, monkeypatch: pytest.MonkeyPatch) -> None:
    from screen_fixtures import DATA_DIR, SCREENS, start

    monkeypatch.chdir(_private_user_dirs)
    monkeypatch.setenv("KC_TUI_DATA_DIR", DATA_DIR)
    app, drive = start(SCREENS[name])
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert not screen.has_class("too-small")
        await pilot.resize_terminal(50, 9)
        await pilot.pause()
        assert screen.has_class("too-small") and _shown(screen) == ["too-small"]
        assert _note(screen).startswith(needs + "; this one is 50 x 9.")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("too-small") and "too-small" not in _shown(screen)


async def test_in_a_browser_the_note_speaks_of_the_window_and_its_zoom() -> None:
    """A browser's page was told of a terminal and of --plain (a play test of `kings-corner web`
    and `serve --web`)."""
    app = title(Settings(pace=0))
    app.in_browser = True
    async with app.run_test(size=(60, 18)):
        assert _note(app.screen) == ("The title screen needs a window of at least 80 x 20 characters; "
                                     "this one is 60 x 18. Make the window larger, or zoom out (Ctrl and -).")
