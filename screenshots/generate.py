"""Regenerate the SVG screenshots of the table's screens in this folder.

Run: python screenshots/generate.py
Each picture is a fixed seed played by keys through Textual's Pilot, at 80 x 24 unless named
otherwise, so the pictures change only when the screens do.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from kc_tui.ai import make_player
from kc_tui.ai.hints import hint
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.settings import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.round_over import RoundOverScreen

HERE = Path(__file__).resolve().parent


def _keys(text: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in text]


def _app(ascii_only: bool = False, seed: int = 8, target: int = 25) -> KingsCornerApp:
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    service = GameService(build_rules(4, "standard", {"target": target}), seats, seed=seed)
    return KingsCornerApp(service, settings=Settings(ascii=ascii_only, pace=0))


async def _my_turn(pilot, app: KingsCornerApp) -> None:
    for _ in range(500):
        if app.service.waiting_for_human():
            return
        await pilot.pause(0.01)


async def shoot(name: str, size: tuple[int, int], ascii_only: bool, keys: list[str]) -> None:
    app = _app(ascii_only)
    async with app.run_test(size=size) as pilot:
        await _my_turn(pilot, app)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"wrote {name}.svg")


async def round_over() -> None:
    app = _app(target=1000)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            if isinstance(app.screen, RoundOverScreen):
                break
            if app.service.waiting_for_human():
                # Play the hinted plan by typing it at the : prompt, as a person would.
                for move in hint(app.service.observation()).plan:
                    await pilot.press("colon", *_keys(str(move).lower()), "enter")
                    if isinstance(app.screen, RoundOverScreen):
                        break
                    await pilot.press("escape")
                if app.service.waiting_for_human():
                    await pilot.press("e")
            await pilot.pause(0.01)
        app.save_screenshot("round-over.svg", str(HERE))
    print("wrote round-over.svg")


async def main() -> None:
    await shoot("table", (80, 24), False, [])
    await shoot("table-holding", (80, 24), False, ["8"])
    await shoot("table-120x40", (120, 40), False, [])
    await shoot("table-ascii", (80, 24), True, [])
    await shoot("help", (80, 24), False, ["question_mark"])
    await shoot("too-small", (60, 20), False, [])
    await round_over()


if __name__ == "__main__":
    asyncio.run(main())
