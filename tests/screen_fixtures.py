"""Every screen of the game, reached from a fixed deal: the app it opens in, the files it reads
from the data folder, and the keys that reach it.  Shared by the snapshot tests
(tests/platform/tui/test_snapshots.py) and the screenshots (screenshots/generate.py), so that both show the
same screens reached the same way.

Every app has AI pace 0 and fixed seeds, and every screen is reached by keys through Textual's
Pilot, so the pictures change only when the screens do.

The statistics, replay and saved-games screens read files from the data folder; their apps write
them there first from seeded all-computer sessions, under fixed names, with fixed timestamps and
modification times.  The caller makes the data folder DATA_DIR, a relative path (inside a
temporary folder, which becomes the working directory), because the saved-games screen prints
it: an absolute temporary path would differ on every run."""

from __future__ import annotations

import json
import os
import random
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Awaitable, Callable, Sequence

from textual.worker import WorkerCancelled

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.game import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.transcript import TranscriptWriter
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.replay import load_replay
from kc_tui.storage import AutoSaver, Settings, read_document, saves_dir, transcripts_dir
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import ConfirmScreen, PassScreen
from kc_tui.tui.round_over import RoundOverScreen, SessionOverScreen

WAIT = 60.0
"""Seconds to wait for a screen before giving up: a bounded wait, never a hang."""

TOO_SMALL = (60, 20)
"""A terminal size below the game's smallest: the too-small message."""


# ---------------------------------------------------------------------------- the apps
def title(settings: Settings) -> KingsCornerApp:
    """The title screen, as `kings-corner` opens."""
    return KingsCornerApp(settings=settings)


def four(settings: Settings, target: int = 25) -> KingsCornerApp:
    """You against three hard computers, seed 8."""
    seats = [Seat("You")] + [
        Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    rules = build_rules(4, "standard", {"target": target})
    return KingsCornerApp(GameService(rules, seats, seed=8), settings=settings)


def duel(settings: Settings, target: int = 1) -> KingsCornerApp:
    """You against one medium computer; with seed 172, when you end every turn, Ada goes out
    after two of your turns.  Target 1 point: that round ends the session."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(0)))]
    rules = build_rules(2, "standard", {"target": target})
    return KingsCornerApp(GameService(rules, seats, seed=172), settings=settings)


def three_after_rounds(settings: Settings, rounds: int = 2, players: int = 3) -> KingsCornerApp:
    """You against hard computers, seed 8, target 100, at the end of round ``rounds`` (played
    before the app starts, you ending every turn): the round-over dialog opens with the app.
    With three players after round 2 the totals are You 41, Ada 5, Ben 0."""
    seats = [Seat("You")] + [Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
                             for i, name in enumerate(("Ada", "Ben", "Cleo", "Dev")[:players - 1])]
    service = GameService(build_rules(players, "standard", {"target": 100}), seats, seed=8)
    service.start()
    while True:
        service.run_computer_turns()
        if service.phase == Phase.ROUND_OVER:
            if len(service.history) == rounds:
                return KingsCornerApp(service, settings=settings)
            service.next_round()
        elif service.phase == Phase.TURN:
            service.end_turn()
        else:
            raise AssertionError(f"the session ended before round {rounds} did")


def hot_seat(settings: Settings) -> KingsCornerApp:
    """Two people at one keyboard; with seed 1 Ben plays first, so the keyboard is passed to him."""
    seats = [Seat("Ada"), Seat("Ben")]
    return KingsCornerApp(GameService(build_rules(2), seats, seed=1), settings=settings)


# ---------------------------------------------------------------------------- the data folder
DATA_DIR = "kings-corner"
"""The data folder, relative to the working directory (see the module's docstring)."""


_FINISHED: dict[tuple[int, tuple[str, ...], tuple[str | None, ...]], bytes] = {}
"""The transcripts finished_session has written in this process, by seed, levels and names: the
statistics screens read the same sessions in many tests, and playing them out again each time
would only cost time."""


def finished_session(path: Path, seed: int, specs: Sequence[str], names: Sequence[str | None]) -> Path:
    """The transcript of a whole all-computer session with fixed seeds, written to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = (seed, tuple(specs), tuple(names))
    if key in _FINISHED:
        path.write_bytes(_FINISHED[key])
        return path
    seats = make_seats(specs, random.Random(seed), names=names)
    service = GameService(build_rules(len(specs)), seats, seed=seed)
    writer = TranscriptWriter(path)
    service.add_listener(writer)
    try:
        service.play_session()
    finally:
        writer.close()
        service.close()
    _FINISHED[key] = path.read_bytes()
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
SAVED_AT = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)
BROKEN = "2026-11-01-080000-broken.json"
BROKEN_AT = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)


def with_stats(settings: Settings) -> KingsCornerApp:
    """The title screen, with three finished sessions of Zoe (medium), Ada (hard), Ben (easy)."""
    for name, seed in STATS_SESSIONS:
        finished_session(transcripts_dir() / f"{name}.jsonl", seed, ["medium", "hard", "easy"], ["Zoe", None, None])
    return title(settings)


def replay(settings: Settings) -> KingsCornerApp:
    """The replay of a finished session of Zoe (medium) against Ada (hard)."""
    name, seed = REPLAY
    path = finished_session(transcripts_dir() / f"{name}.jsonl", seed, ["medium", "hard"], ["Zoe", None])
    return KingsCornerApp(settings=settings, replay=load_replay(path))


def with_saves(settings: Settings) -> KingsCornerApp:
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
    document = read_document(path)
    document["saved_at"] = SAVED_AT.isoformat(timespec="seconds")
    path.write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")
    broken = saves_dir() / BROKEN
    broken.write_text("{not json", encoding="utf-8")
    for file, when in ((path, SAVED_AT), (broken, BROKEN_AT)):  # the list is newest first, by mtime
        os.utime(file, (when.timestamp(), when.timestamp()))
    return title(settings)


# ---------------------------------------------------------------------------- the ways there
Drive = Callable[[object], Awaitable[None]]
"""What reaches a screen once its app runs: given Textual's Pilot, presses keys and waits.  Each
ends with a pause, so the screen has settled before its picture is taken."""


async def until(pilot, ready: Callable[[KingsCornerApp], bool], what: str) -> None:
    """Wait until ``ready(app)``: on the computers' thinking (the app's workers), then on the
    moves they decided being shown, and only when nothing runs on a short pause (the AI pace's
    timer, a dialog being built)."""
    app = pilot.app
    deadline = time.monotonic() + WAIT
    while not ready(app):
        if time.monotonic() > deadline:
            raise AssertionError(f"never reached {what}; the screen is {type(app.screen).__name__}")
        running = [worker for worker in app.workers if not worker.is_finished]
        if running:
            for worker in running:
                try:
                    await worker.wait()
                except WorkerCancelled:
                    pass  # the turn moved on (or the table was left) while it was thinking
            await pilot.pause()  # the plan reaches the UI thread, which shows it
        else:
            await pilot.pause(0.01)


def my_turn(app: KingsCornerApp) -> bool:
    """A person must act at the table."""
    return isinstance(app.screen, TableScreen) and app.screen.service.waiting_for_human()


def no_computer_turn(app: KingsCornerApp) -> bool:
    """No computer is playing: a person must act, or the round (or session) is over."""
    service = next(s for s in app.screen_stack if isinstance(s, TableScreen)).service
    return service.waiting_for_human() or service.phase != Phase.TURN


async def wait_for_person(pilot) -> None:
    """The one "wait for my turn" of the tests: until a person must act at the table."""
    await until(pilot, my_turn, "your turn")


def press(*keys: str, table: bool = False) -> Drive:
    """Wait for the person's turn at the table (when there is one), then press ``keys``."""

    async def drive(pilot) -> None:
        if table:
            await until(pilot, my_turn, "your turn")
        await pilot.press(*keys)
        await pilot.pause()

    return drive


async def play_until(pilot, screen: type) -> None:
    """The person ends every turn (e twice: the second confirms while moves are open) and the
    computers play, until ``screen`` is in front; rounds over before that go on with Enter
    ("Deal the next round", or "See the final scores" after the round that ends the session)."""
    app = pilot.app

    def somebody_must_act(app: KingsCornerApp) -> bool:
        return isinstance(app.screen, (screen, RoundOverScreen, ConfirmScreen)) or my_turn(app)

    deadline = time.monotonic() + WAIT
    while not isinstance(app.screen, screen):
        if time.monotonic() > deadline:
            raise AssertionError(f"never reached {screen.__name__}; the screen is {type(app.screen).__name__}")
        await until(pilot, somebody_must_act, f"{screen.__name__} or your turn")
        if isinstance(app.screen, RoundOverScreen) and screen is not RoundOverScreen:
            await pilot.press("enter")
        elif isinstance(app.screen, ConfirmScreen):
            await pilot.press("e")  # the second e came after the computers had played: it asked
        elif my_turn(app):
            await pilot.press("e", "e")
    await pilot.pause()


async def round_over(pilot) -> None:
    await play_until(pilot, RoundOverScreen)


async def round_dialog(pilot) -> None:
    """The round-over dialog that opens with the app (:func:`three_after_rounds`), once its
    layout has settled: the chart takes the rows the text leaves, which takes a few refreshes."""
    app = pilot.app
    await until(pilot, lambda app: isinstance(app.screen, RoundOverScreen), "the round-over dialog")

    def layout() -> tuple[object, ...]:
        scroll = app.screen.query_one(".dialog-scroll")
        return scroll.size, scroll.virtual_size, tuple(chart.size for chart in app.screen.query(".totals-chart"))

    seen = None
    deadline = time.monotonic() + WAIT
    while seen != layout():
        if time.monotonic() > deadline:
            raise AssertionError("the round-over dialog's layout never settled")
        seen = layout()
        await pilot.pause()


async def session_over(pilot) -> None:
    """The final scores: in the duel (target 1 point) the one round ends the session; in a longer
    game every round is played out."""
    await play_until(pilot, SessionOverScreen)


async def scores(pilot) -> None:
    """The score table in round 2: one round played, the next dealt, then s."""
    await round_over(pilot)
    await pilot.press("enter")  # "Deal the next round"
    await until(pilot, my_turn, "your turn in round 2")
    await pilot.press("s")
    await pilot.pause()


async def pass_keyboard(pilot) -> None:
    await until(pilot, lambda app: isinstance(app.screen, PassScreen), "the pass-the-keyboard screen")
    await pilot.pause()


# ---------------------------------------------------------------------------- the screens
Screen = tuple[Callable[[Settings], KingsCornerApp], Drive]
"""A screen: the app it opens in (made from the settings) and the way there."""

SCREENS: dict[str, Screen] = {
    "title": (title, press()),
    "new-game": (title, press("n")),
    "settings": (title, press("s")),
    "rules": (title, press("r")),
    "table": (four, press(table=True)),
    "holding": (four, press("8", table=True)),
    "help": (four, press("question_mark", table=True)),
    "scores": (lambda settings: duel(settings, target=1000), scores),
    "round-over": (duel, round_over),
    "round-two-over": (three_after_rounds, round_dialog),
    "session-over": (duel, session_over),
    "pass": (hot_seat, pass_keyboard),
    "stats": (with_stats, press("t")),
    "replay": (replay, press("right", "right", "right", "down")),
    "saves": (with_saves, press("c")),
}
"""Every screen: the app it opens in and the keys that reach it."""

from reverse_fixtures import REVERSE_SCREENS  # noqa: E402 - the second game's screens (issue 14)

SCREENS.update(REVERSE_SCREENS)
SCREENS["reverse-new-game"] = (title, press("n", "up", "right"))


def start(screen: Screen, ascii_only: bool = False) -> tuple[KingsCornerApp, Drive]:
    """The screen's app, in the default settings or ASCII mode, at AI pace 0; and its way there.
    Make it after the data folder is set: the statistics, replay and saves apps write their files
    there as they are made."""
    make, drive = screen
    return make(Settings(ascii=ascii_only, pace=0)), drive
