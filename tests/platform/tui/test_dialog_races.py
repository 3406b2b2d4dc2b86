"""Keys that meet a dialog as it opens or closes (found by tools/monkey.py, issue 9): a dialog
dismissed before it was mounted, a key that reaches it before it is built, a second key that
would close it again.  None of them may crash the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from textual.app import App
from textual.screen import Screen

from kc_tui.games.kings_corner.tui.table import TABLE_KEYS
from kc_tui.storage import Settings
from kc_tui.tui.dialogs import ConfirmScreen, PassScreen, help_screen
from kc_tui.tui.info import SettingsScreen
from kc_tui.tui.round_over import RoundOverScreen, ScoresScreen, SessionOverScreen


class _Host(App[None]):
    """What the dialogs ask of the game's app (:class:`~kc_tui.tui.host.GameHost`)."""

    settings = Settings()
    automatic_language = "en"
    language_fixed = False

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings


@dataclass(frozen=True)
class _Round:
    round: int
    totals: tuple[int, ...]


ROUNDS = (_Round(1, (0, 3)), _Round(2, (5, 3)))
"""Two rounds played: the dialogs that show the running totals draw their chart."""

DIALOGS: dict[str, Callable[[], Screen[object]]] = {
    "round over": lambda: RoundOverScreen("Ada went out.", session_over=False, history=ROUNDS,
                                          names=("Ada", "Ben")),
    "session over": lambda: SessionOverScreen("Ada won the session.", from_title=True),
    "help": lambda: help_screen(TABLE_KEYS),
    "question": lambda: ConfirmScreen("Leave the game? Press y to leave, any other key to stay."),
    "scores": lambda: ScoresScreen("Scores", "Ada 5, Ben 3", ROUNDS, ("Ada", "Ben"), close_keys="s"),
    "hand-over": lambda: PassScreen("Ada"),
    "settings": SettingsScreen,
}


@pytest.mark.parametrize("name", sorted(DIALOGS))
async def test_a_dialog_closed_before_it_was_mounted_does_not_crash(name: str) -> None:
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DIALOGS[name]())
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert len(app.screen_stack) == 1
    assert app._exception is None


@pytest.mark.parametrize("name", sorted(DIALOGS))
async def test_no_key_acts_on_a_dialog_before_it_is_set_up(name: str) -> None:
    dialog = DIALOGS[name]()
    assert not dialog.check_action("close", ())
    assert not dialog.check_action("choose", ("next",))
    assert not dialog.check_action("ready", ())


async def test_a_second_key_that_would_close_a_dialog_again_does_nothing() -> None:
    app = _Host()
    closed: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RoundOverScreen("Ada went out.", session_over=False), closed.append)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RoundOverScreen) and dialog.ready
        dialog.action_choose("next")
        dialog.action_choose("quit")
        await pilot.pause()
        assert closed == ["next"]
        assert len(app.screen_stack) == 1
    assert app._exception is None


async def test_a_dialog_set_up_normally_answers_its_keys() -> None:
    app = _Host()
    closed: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(help_screen(TABLE_KEYS), closed.append)
        await pilot.pause()
        assert app.screen.check_action("close", ())
        await pilot.press("escape")
        await pilot.pause()
        assert closed == [None]
