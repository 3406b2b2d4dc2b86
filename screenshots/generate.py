"""Regenerate the SVG screenshots of every screen in this folder.

Run: python screenshots/generate.py [NAME ...]  (names: only those pictures)
Each picture is a fixed deal (fixed seeds, AI pace 0) played by keys through Textual's Pilot, at
80 x 24 unless named otherwise, so the pictures change only when the screens do.

The game's data and config folders are a temporary folder, never the user's: each picture starts
from an empty data folder, and the statistics, replay and saved-games pictures first write their
files there from seeded all-computer sessions, under fixed names with fixed timestamps.  The data
folder is named by a relative path ("kings-corner", in the temporary folder, which becomes the
working directory) because the saved-games screen prints it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The screens' apps, data and keys are defined once, in tests/screen_fixtures.py, for both the
# snapshot tests and these pictures; the tests folder is no package, so it goes on the path.
sys.path.insert(0, str(HERE.parent / "tests"))

from screen_fixtures import (  # noqa: E402 - only once the tests folder is on the path
    DATA_DIR,
    SCREENS,
    TOO_SMALL,
    Screen,
    four,
    round_over,
    scores,
    session_over,
    start,
)

TO_1000 = partial(four, target=1000)
"""The four-player game of the table pictures, to 1000 points: one round does not end it."""

SHOTS: list[tuple[str, Screen, tuple[int, int], bool]] = [
    # file name, screen, terminal size, ASCII mode
    ("title", SCREENS["title"], (80, 24), False),
    ("new-game", SCREENS["new-game"], (80, 24), False),
    ("settings", SCREENS["settings"], (80, 24), False),
    ("rules", SCREENS["rules"], (80, 24), False),
    ("table", SCREENS["table"], (80, 24), False),
    ("table-holding", SCREENS["holding"], (80, 24), False),
    ("table-120x40", SCREENS["table"], (120, 40), False),
    ("table-ascii", SCREENS["table"], (80, 24), True),
    ("help", SCREENS["help"], (80, 24), False),
    # the end of a round and of a session in the four-player game, not the tests' short duel
    ("scores", (TO_1000, scores), (80, 24), False),
    ("round-over", (TO_1000, round_over), (80, 24), False),
    ("session-over", (four, session_over), (80, 24), False),
    ("pass-the-keyboard", SCREENS["pass"], (80, 24), False),
    ("stats", SCREENS["stats"], (80, 24), False),
    ("replay", SCREENS["replay"], (80, 24), False),
    ("saves", SCREENS["saves"], (80, 24), False),
    ("too-small", SCREENS["table"], TOO_SMALL, False),
    # Kings Reverse, the second game (issue 14).
    ("reverse-table", SCREENS["reverse-table"], (80, 24), False),
    ("reverse-table-ascii", SCREENS["reverse-table"], (80, 24), True),
    ("reverse-table-120x40", SCREENS["reverse-table"], (120, 40), False),
    ("reverse-suit", SCREENS["reverse-suit"], (80, 24), False),
    ("reverse-round-over", SCREENS["reverse-round-over"], (80, 24), False),
    ("reverse-new-game", SCREENS["reverse-new-game"], (80, 24), False),
    ("reverse-replay", SCREENS["reverse-replay"], (80, 24), False),
    ("reverse-stats", SCREENS["reverse-stats"], (80, 24), False),
]


async def shoot(name: str, screen: Screen, size: tuple[int, int], ascii_only: bool) -> None:
    shutil.rmtree(DATA_DIR, ignore_errors=True)  # every picture starts from an empty data folder
    app, drive = start(screen, ascii_only)
    async with app.run_test(size=size) as pilot:
        try:
            await drive(pilot)  # it ends with a pause: the screen has settled
        except AssertionError as error:  # a screen never reached: say which, without a traceback
            raise SystemExit(f"{name}.svg: {error}") from None
        app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"wrote {name}.svg")


async def main() -> None:
    base = Path(tempfile.mkdtemp(prefix="kc-screenshots-"))
    os.chdir(base)
    os.environ["KC_TUI_DATA_DIR"] = DATA_DIR
    os.environ["KC_TUI_CONFIG_DIR"] = str(base / "config")
    try:
        # Names given on the command line redraw only those pictures.
        for shot in SHOTS:
            if len(sys.argv) < 2 or shot[0] in sys.argv[1:]:
                await shoot(*shot)
    finally:
        os.chdir(HERE)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
