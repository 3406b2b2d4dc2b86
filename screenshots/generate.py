"""Regenerate the SVG screenshots of every screen in this folder.

Run: python screenshots/generate.py
Each picture is a fixed deal (fixed seeds, AI pace 0) played by keys through Textual's Pilot, at
80 x 24 unless named otherwise, so the pictures change only when the screens do.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Awaitable, Callable

from kc_tui.ai import make_player
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.settings import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import PassScreen
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen
from kc_tui.tui.table import TableScreen

HERE = Path(__file__).resolve().parent
WAIT = 3000
"""Pauses to wait for a screen before giving up (a bounded loop, never a hang)."""


# ---------------------------------------------------------------------------- the apps
def _title(ascii_only: bool = False) -> KingsCornerApp:
    return KingsCornerApp(settings=Settings(ascii=ascii_only, pace=0))


def _four(ascii_only: bool = False, seed: int = 8, target: int = 25) -> KingsCornerApp:
    """You against three hard computers."""
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    service = GameService(build_rules(4, "standard", {"target": target}), seats, seed=seed)
    return KingsCornerApp(service, settings=Settings(ascii=ascii_only, pace=0))


def _hot_seat() -> KingsCornerApp:
    """Two people at one keyboard; with seed 1 Ben plays first, so the keyboard is passed."""
    seats = [Seat("Ada"), Seat("Ben")]
    return KingsCornerApp(GameService(build_rules(2), seats, seed=1), settings=Settings(pace=0))


# ---------------------------------------------------------------------------- the ways there
def _my_turn(app: KingsCornerApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.service.waiting_for_human()


async def _until(pilot, ready: Callable[[KingsCornerApp], bool], what: str) -> None:
    for _ in range(WAIT):
        if ready(pilot.app):
            return
        await pilot.pause(0.01)
    raise SystemExit(f"never reached {what}; the screen is {type(pilot.app.screen).__name__}")


def _press(*keys: str, table: bool = False) -> Callable:
    async def drive(pilot) -> None:
        if table:
            await _until(pilot, _my_turn, "your turn")
        await pilot.press(*keys)

    return drive


async def _play_until(pilot, screen: type) -> None:
    """You end every turn (e twice: the second confirms while moves are open) and the
    computers play, until ``screen`` is in front; rounds over before that go on with Enter."""
    app = pilot.app
    for _ in range(WAIT):
        if isinstance(app.screen, screen):
            return
        if isinstance(app.screen, RoundOverScreen):
            await pilot.press("enter")
        elif _my_turn(app):
            await pilot.press("e", "e")
        await pilot.pause(0.01)
    raise SystemExit(f"never reached {screen.__name__}")


async def _round_over(pilot) -> None:
    await _play_until(pilot, RoundOverScreen)


async def _session_over(pilot) -> None:
    await _play_until(pilot, SessionOverScreen)


async def _scores(pilot) -> None:
    """The score table after a round: play one round, deal the next, then press s."""
    await _round_over(pilot)
    await pilot.press("enter")
    await _until(pilot, _my_turn, "your turn in round 2")
    await pilot.press("s")


async def _pass(pilot) -> None:
    await _until(pilot, lambda app: isinstance(app.screen, PassScreen), "the pass-the-keyboard screen")


SHOTS: list[tuple[str, Callable[[], KingsCornerApp], tuple[int, int], Callable[..., Awaitable[None]]]] = [
    ("title", _title, (80, 24), _press()),
    ("new-game", _title, (80, 24), _press("n")),
    ("settings", _title, (80, 24), _press("s")),
    ("rules", _title, (80, 24), _press("r")),
    ("table", _four, (80, 24), _press(table=True)),
    ("table-holding", _four, (80, 24), _press("8", table=True)),
    ("table-120x40", _four, (120, 40), _press(table=True)),
    ("table-ascii", lambda: _four(ascii_only=True), (80, 24), _press(table=True)),
    ("help", _four, (80, 24), _press("question_mark", table=True)),
    ("scores", lambda: _four(target=1000), (80, 24), _scores),
    ("round-over", lambda: _four(target=1000), (80, 24), _round_over),
    ("session-over", lambda: _four(target=25), (80, 24), _session_over),
    ("pass-the-keyboard", _hot_seat, (80, 24), _pass),
    ("too-small", _four, (60, 20), _press(table=True)),
]


async def shoot(name: str, make: Callable[[], KingsCornerApp], size: tuple[int, int], drive) -> None:
    app = make()
    async with app.run_test(size=size) as pilot:
        await drive(pilot)
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"wrote {name}.svg")


async def main() -> None:
    for shot in SHOTS:
        await shoot(*shot)


if __name__ == "__main__":
    asyncio.run(main())
