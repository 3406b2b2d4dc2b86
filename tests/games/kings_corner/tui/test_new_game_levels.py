"""The new-game screen offers the ladder of levels and says what each is like (issue 15)."""

from __future__ import annotations

from kc_tui.games.kings_corner import ENTRY
from kc_tui.games.kings_corner.ai import LADDER
from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.widgets import Choice


def _summary(screen: NewGameScreen) -> str:
    return str(screen.query_one("#summary").render())


async def test_a_focused_seat_level_is_described_with_its_measured_result() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        kind = screen.query_one("#kind-1", Choice)
        assert [v for v, _ in kind.options] == ["you", *(lv.name for lv in LADDER)]
        kind.focus()
        await pilot.pause()
        seen = {}
        for _ in kind.options:
            seen[kind.value] = _summary(screen)
            await pilot.press("right")
            await pilot.pause()
        assert seen["you"].startswith("4 players: ")  # a person: the game's summary
        ratings = ENTRY.published()
        for lv in LADDER:
            said = f"{lv.name} AI, rated {ratings[lv.name]}: {lv.description}"
            assert seen[lv.name].startswith(said), seen[lv.name]
            assert lv.measured in seen[lv.name]
        # Away from the seats, the summary of the game is back.
        screen.query_one("#preset", Choice).focus()
        await pilot.pause()
        assert _summary(screen).startswith("4 players: ")
