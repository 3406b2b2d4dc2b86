"""A yes/no question says the keys its key line says, and they do what both say (issue 28 item 4:
"any other key to stay" under a key line of "y/Enter yes", and Enter left the game)."""

from __future__ import annotations

import re

from reverse_fixtures import my_turn as reverse_turn
from reverse_fixtures import reverse_app
from screen_fixtures import four, my_turn, until

from kc_tui.storage import Settings
from kc_tui.tui.dialogs import ConfirmScreen
from kc_tui.tui.widgets import TextPanel


def _agrees(app) -> None:
    """Every key the key line answers yes with is named in the question, as a key of its own."""
    screen = app.screen
    assert isinstance(screen, ConfirmScreen)
    line = str(screen.query_one("#confirm-keys", TextPanel).render())
    yes_keys = line.split(" yes")[0].split("/")
    assert yes_keys[:2] == ["y", "Enter"]
    for key in yes_keys:
        assert re.search(rf"\b{key}\b", screen.question), (key, screen.question)


async def test_the_questions_of_the_table_name_enter_and_enter_answers_yes() -> None:
    app = four(Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        service = app.screen.service
        turn = service.turn_id
        await pilot.press("e")
        _agrees(app)
        await pilot.press("enter")
        await until(pilot, my_turn, "your next turn")
        assert service.turn_id != turn  # Enter ended the turn, as the question said
        await pilot.press("q")
        _agrees(app)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running  # Enter left, as the question said


async def test_the_kings_reverse_leave_question_names_enter_and_enter_leaves() -> None:
    app = reverse_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, reverse_turn, "your turn")
        await pilot.press("q")
        _agrees(app)
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running
