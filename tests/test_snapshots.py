"""How every screen looks (pytest-textual-snapshot): each at 80 x 24 and 120 x 40 in the default
settings, and at 80 x 24 in --ascii with NO_COLOR; plus the too-small message.  A last test checks
that --ascii screens hold nothing but ASCII text.  Every screen is reached by keys from a fixed
deal (pace 0, fixed seeds), so the pictures change only when the screens do.

The statistics, replay and saved-games screens read files from the data folder; each test writes
them there first from seeded all-computer sessions, under fixed names, with fixed timestamps and
modification times.  The data folder is given as a relative path ("kings-corner", inside the
test's own temporary folder, which becomes the working directory) because the saved-games
screen prints it: an absolute temporary path would differ on every run.

Update after an intended change with `pytest tests/test_snapshots.py --snapshot-update`."""

from __future__ import annotations

import html
import json
import os
import random
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Awaitable, Callable, Sequence

import pytest

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

WAIT = 500
"""Pauses (of 10 ms) to wait for a screen before giving up: a bounded loop, never a hang."""


# ---------------------------------------------------------------------------- the apps
def _title(settings: Settings) -> KingsCornerApp:
    """The title screen, as `kings-corner` opens."""
    return KingsCornerApp(settings=settings)


def _four(settings: Settings) -> KingsCornerApp:
    """You against three hard computers, seed 8."""
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4), seats, seed=8), settings=settings)


def _duel(settings: Settings, target: int = 1) -> KingsCornerApp:
    """You against one medium computer; with seed 172, when you end every turn, Ada goes out
    after two of your turns.  Target 1 point: that round ends the session."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(0)))]
    rules = build_rules(2, "standard", {"target": target})
    return KingsCornerApp(GameService(rules, seats, seed=172), settings=settings)


def _hot_seat(settings: Settings) -> KingsCornerApp:
    """Two people at one keyboard; with seed 1 Ben plays first, so the keyboard is passed to him."""
    seats = [Seat("Ada"), Seat("Ben")]
    return KingsCornerApp(GameService(build_rules(2), seats, seed=1), settings=settings)


# ---------------------------------------------------------------------------- the data folder
DATA_DIR = "kings-corner"
"""The data folder, relative to the working directory (see the module's docstring)."""


@pytest.fixture(autouse=True)
def _relative_data_dir(_private_user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The private data folder conftest.py gives every test, named by a path that prints the
    same on every run."""
    monkeypatch.chdir(_private_user_dirs)
    monkeypatch.setenv("KC_TUI_DATA_DIR", DATA_DIR)


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


STATS_SESSIONS = (
    ("2026-11-01-100000-zoe-ada-ben", 1),
    ("2026-11-02-183000-zoe-ada-ben", 2),
    ("2026-11-03-211500-zoe-ada-ben", 3),
)
"""The finished sessions the statistics count: transcript names (shown on screen) and seeds."""

REPLAY = ("2026-11-04-120000-zoe-ada", 5)
"""The transcript replayed: its name and seed (two computers)."""

SAVED = "2026-11-02-093000-you-ada.json"
SAVED_AT = datetime(2026, 11, 2, 9, 30, tzinfo=timezone.utc)
BROKEN = "2026-11-01-080000-broken.json"
BROKEN_AT = datetime(2026, 11, 1, 8, 0, tzinfo=timezone.utc)


def _with_stats(settings: Settings) -> KingsCornerApp:
    """The title screen, with three finished sessions of Zoe (medium), Ada (hard), Ben (easy)."""
    for name, seed in STATS_SESSIONS:
        _finished_session(transcripts_dir() / f"{name}.jsonl", seed, ["medium", "hard", "easy"], ["Zoe", None, None])
    return _title(settings)


def _replay(settings: Settings) -> KingsCornerApp:
    """The replay of a finished session of Zoe (medium) against Ada (hard)."""
    name, seed = REPLAY
    path = _finished_session(transcripts_dir() / f"{name}.jsonl", seed, ["medium", "hard"], ["Zoe", None])
    return KingsCornerApp(settings=settings, replay=load_replay(path))


def _with_saves(settings: Settings) -> KingsCornerApp:
    """The title screen, with a saved game of you against Ada (medium), seed 4, after Ada's first
    turn (she plays first), and an older save that is damaged."""
    specs = ["you", "medium"]
    service = GameService(build_rules(2), make_seats(specs, random.Random(4)), seed=4)
    path = saves_dir() / SAVED
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
    document["saved_at"] = SAVED_AT.isoformat(timespec="seconds")
    path.write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")
    broken = saves_dir() / BROKEN
    broken.write_text("{not json", encoding="utf-8")
    for file, when in ((path, SAVED_AT), (broken, BROKEN_AT)):  # the list is newest first, by mtime
        os.utime(file, (when.timestamp(), when.timestamp()))
    return _title(settings)


# ---------------------------------------------------------------------------- the ways there
Drive = Callable[[object], Awaitable[None]]


async def _until(pilot, ready: Callable[[KingsCornerApp], bool], what: str) -> None:
    for _ in range(WAIT):
        if ready(pilot.app):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never reached {what}; the screen is {type(pilot.app.screen).__name__}")


def _my_turn(app: KingsCornerApp) -> bool:
    return isinstance(app.screen, TableScreen) and app.service.waiting_for_human()


def _press(*keys: str, table: bool = False) -> Drive:
    """Wait for the person's turn at the table (when there is one), then press ``keys``."""

    async def drive(pilot) -> None:
        if table:
            await _until(pilot, _my_turn, "your turn")
        await pilot.press(*keys)
        await pilot.pause()

    return drive


async def _round_over(pilot) -> None:
    """The person ends every turn (e twice: the second confirms while moves are open) until the
    round is over."""
    app = pilot.app
    for _ in range(WAIT):
        if isinstance(app.screen, RoundOverScreen):
            break
        if _my_turn(app):
            await pilot.press("e", "e")
        await pilot.pause(0.01)
    assert isinstance(app.screen, RoundOverScreen), type(app.screen).__name__
    await pilot.pause()


async def _session_over(pilot) -> None:
    await _round_over(pilot)
    await pilot.press("enter")  # "See the final scores": the one round ended the session
    await _until(pilot, lambda app: isinstance(app.screen, SessionOverScreen), "the session-over screen")
    await pilot.pause()


async def _scores(pilot) -> None:
    """The score table in round 2: one round played, the next dealt, then s."""
    await _round_over(pilot)
    await pilot.press("enter")  # "Deal the next round"
    await _until(pilot, _my_turn, "your turn in round 2")
    await pilot.press("s")
    await pilot.pause()


async def _pass(pilot) -> None:
    await _until(pilot, lambda app: isinstance(app.screen, PassScreen), "the pass-the-keyboard screen")
    await pilot.pause()


SCREENS: dict[str, tuple[Callable[[Settings], KingsCornerApp], Drive]] = {
    "title": (_title, _press()),
    "new-game": (_title, _press("n")),
    "settings": (_title, _press("s")),
    "rules": (_title, _press("r")),
    "table": (_four, _press(table=True)),
    "holding": (_four, _press("8", table=True)),
    "help": (_four, _press("question_mark", table=True)),
    "scores": (lambda settings: _duel(settings, target=1000), _scores),
    "round-over": (_duel, _round_over),
    "session-over": (_duel, _session_over),
    "pass": (_hot_seat, _pass),
    "stats": (_with_stats, _press("t")),
    "replay": (_replay, _press("right", "right", "right", "down")),
    "saves": (_with_saves, _press("c")),
}
"""Every screen: the app it opens in and the keys that reach it."""

TOO_SMALL = (60, 20)


def _shot(name: str, ascii_only: bool = False) -> tuple[KingsCornerApp, Drive]:
    make, drive = SCREENS[name]
    return make(Settings(ascii=ascii_only, pace=0)), drive


# ---------------------------------------------------------------------------- the snapshots
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screens_look_right(snap_compare, screen: str, size: tuple[int, int]) -> None:
    app, drive = _shot(screen)
    assert snap_compare(app, terminal_size=size, run_before=drive)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_ascii_screens_without_colour(snap_compare, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # before the app exists: Textual reads it in App.__init__
    app, drive = _shot(screen, ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=drive)


def test_too_small(snap_compare) -> None:
    app, drive = _shot("table")
    assert snap_compare(app, terminal_size=TOO_SMALL, run_before=drive)


# ---------------------------------------------------------------------------- ASCII only
_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.DOTALL)


def svg_text(svg: str) -> str:
    """The text drawn in an exported screenshot: the contents of its <text> elements, unescaped.
    The exporter writes every space as a no-break space (&#160;) so SVG keeps it; that is the
    picture's encoding, not the screen's text, so it is read back as a space."""
    return "".join(html.unescape(re.sub(r"<[^>]+>", "", t)) for t in _TEXT.findall(svg)).replace("\xa0", " ")


@pytest.mark.parametrize("screen", [*SCREENS, "too-small"])
async def test_ascii_screens_hold_only_ascii(monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, drive = _shot("table" if screen == "too-small" else screen, ascii_only=True)
    async with app.run_test(size=TOO_SMALL if screen == "too-small" else (80, 24)) as pilot:
        await drive(pilot)
        text = svg_text(app.export_screenshot())
    assert text.strip(), "the screenshot has no text"
    odd = sorted({ch for ch in text if not ch.isascii()})
    assert not odd, f"{screen}: not ASCII: " + ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in odd)
