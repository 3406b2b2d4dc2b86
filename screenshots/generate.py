"""Regenerate the SVG screenshots of every screen in this folder.

Run: python screenshots/generate.py
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
import json
import os
import random
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Awaitable, Callable, Sequence

from kc_tui.ai import make_player
from kc_tui.ai.seats import make_seats
from kc_tui.engine.rules import build_rules
from kc_tui.engine.service import GameService, Seat
from kc_tui.engine.transcript import TranscriptWriter
from kc_tui.replay import load_replay
from kc_tui.saves import AutoSaver, saves_dir, transcripts_dir
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


# ---------------------------------------------------------------------------- the data folder
DATA_DIR = "kings-corner"
"""The data folder, relative to the working directory (the temporary folder)."""


def _finished_session(path: Path, seed: int, specs: Sequence[str], names: Sequence[str | None]) -> Path:
    """The transcript of a whole all-computer session with fixed seeds, written to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    seats = make_seats(specs, random.Random(seed), names=names)
    service = GameService(build_rules(len(specs)), seats, seed=seed)
    writer = TranscriptWriter(path)
    service.add_listener(writer)
    try:
        service.play_session()
    finally:
        writer.close()
        service.close()
    return path


def _stats() -> KingsCornerApp:
    """The title screen, with three finished sessions of Zoe (medium), Ada (hard), Ben (easy)."""
    for name, seed in (("2026-11-01-100000-zoe-ada-ben", 1), ("2026-11-02-183000-zoe-ada-ben", 2),
                       ("2026-11-03-211500-zoe-ada-ben", 3)):
        _finished_session(transcripts_dir() / f"{name}.jsonl", seed, ["medium", "hard", "easy"], ["Zoe", None, None])
    return _title()


def _replay() -> KingsCornerApp:
    """The replay of a finished session of Zoe (medium) against Ada (hard), seed 5."""
    path = _finished_session(transcripts_dir() / "2026-11-04-120000-zoe-ada.jsonl", 5, ["medium", "hard"], ["Zoe", None])
    return KingsCornerApp(settings=Settings(pace=0), replay=load_replay(path))


def _saves() -> KingsCornerApp:
    """The title screen, with a saved game of you against Ada (medium), seed 4, after Ada's first
    turn (she plays first), and an older save that is damaged."""
    saved_at = datetime(2026, 11, 2, 9, 30, tzinfo=timezone.utc)
    broken_at = datetime(2026, 11, 1, 8, 0, tzinfo=timezone.utc)
    specs = ["you", "medium"]
    service = GameService(build_rules(2), make_seats(specs, random.Random(4)), seed=4)
    path = saves_dir() / "2026-11-02-093000-you-ada.json"
    service.add_listener(AutoSaver(service, specs, path))
    try:
        service.start()
        service.run_computer_turns()
        if not path.exists():  # you played first: end your turn, then the computer plays
            service.end_turn()
            service.run_computer_turns()
    finally:
        service.close()
    document = json.loads(path.read_text(encoding="utf-8"))
    document["saved_at"] = saved_at.isoformat(timespec="seconds")
    path.write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")
    broken = saves_dir() / "2026-11-01-080000-broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for file, when in ((path, saved_at), (broken, broken_at)):  # the list is newest first, by mtime
        os.utime(file, (when.timestamp(), when.timestamp()))
    return _title()


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
    ("stats", _stats, (80, 24), _press("t")),
    ("replay", _replay, (80, 24), _press("right", "right", "right", "down")),
    ("saves", _saves, (80, 24), _press("c")),
    ("too-small", _four, (60, 20), _press(table=True)),
]


async def shoot(name: str, make: Callable[[], KingsCornerApp], size: tuple[int, int], drive) -> None:
    shutil.rmtree(DATA_DIR, ignore_errors=True)  # every picture starts from an empty data folder
    app = make()
    async with app.run_test(size=size) as pilot:
        await drive(pilot)
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"wrote {name}.svg")


async def main() -> None:
    base = Path(tempfile.mkdtemp(prefix="kc-screenshots-"))
    os.chdir(base)
    os.environ["KC_TUI_DATA_DIR"] = DATA_DIR
    os.environ["KC_TUI_CONFIG_DIR"] = str(base / "config")
    try:
        for shot in SHOTS:
            await shoot(*shot)
    finally:
        os.chdir(HERE)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
