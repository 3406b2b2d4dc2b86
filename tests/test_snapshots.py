"""How the table looks (pytest-textual-snapshot): each screen at 80 x 24 and 120 x 40, and in
--ascii with NO_COLOR.  Update after an intended change with `pytest --snapshot-update`."""

from __future__ import annotations

import random

import pytest

from kc_tui.ai import make_player
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.settings import Settings
from kc_tui.tui.app import KingsCornerApp


def _app(ascii_only: bool = False) -> KingsCornerApp:
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4), seats, seed=8), settings=Settings(ascii=ascii_only, pace=0))


def _keys(*keys: str):
    async def run_before(pilot) -> None:
        for _ in range(500):
            if pilot.app.service.waiting_for_human():
                break
            await pilot.pause(0.01)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run_before


SCREENS = {
    "table": (),
    "holding": ("8",),
    "help": ("question_mark",),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_screens_look_right(snap_compare, screen: str, size: tuple[int, int]) -> None:
    assert snap_compare(_app(), terminal_size=size, run_before=_keys(*SCREENS[screen]))


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_ascii_screens_without_colour(snap_compare, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app(ascii_only=True), terminal_size=(80, 24), run_before=_keys(*SCREENS[screen]))


def test_too_small(snap_compare) -> None:
    assert snap_compare(_app(), terminal_size=(60, 20), run_before=_keys())
