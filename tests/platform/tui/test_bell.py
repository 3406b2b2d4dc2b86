"""The bell: a sound cue as a person's turn starts at the table, a setting that is off by default
(issue 11; the line mode has ``--bell``)."""

from __future__ import annotations

from screen_fixtures import four, wait_for_person

from kc_tui.storage import Settings
from kc_tui.tui.info import SettingsScreen
from kc_tui.tui.widgets import Choice


async def _rings(settings: Settings) -> int:
    app = four(settings)
    rang: list[int] = []
    app.bell = lambda: rang.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("e", "e")  # end the turn (asked: moves are open); the next one rings again
        await wait_for_person(pilot)
        await pilot.pause()
    return len(rang)


async def test_the_bell_rings_once_as_each_of_your_turns_starts_when_set() -> None:
    assert await _rings(Settings(pace=0, bell=True)) == 2


async def test_the_bell_is_off_by_default() -> None:
    assert Settings().bell is False
    assert await _rings(Settings(pace=0)) == 0


async def test_the_settings_screen_turns_the_bell_on() -> None:
    app = four(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#set-bell", Choice).focus()
        await pilot.press("right")
        assert app.settings.bell is True
        assert "bell" in str(app.screen.query_one("#settings-note").render())
