"""The random-key monkey (issue 9): random keys at the table, garbage lines at the line mode.

    python tools/monkey.py --seeds N [--keys K] [--start S] [--plain] [--jobs J]

Table mode: for each seed, a session with a seeded mix of seats (you, hot-seat people, easy to
hard computers at pace 0) and rules (every preset) is opened in the Textual app, headless, and
K random keys are pressed from a weighted alphabet (cards, arrows, Enter, Esc, the table's
letters, Ctrl keys, Tab, printable junk, commands typed after ``:``), with the terminal resized
at random (1x1 to 300x100) every so often.  After every key: the app has not failed, it handled
the key within a bounded wait, the 52 cards are all there exactly once, and the hand on screen
is a person's own.  When the game is left (``q y``, Ctrl+Q, ``:quit``) it is resumed from its
save, which must hold exactly the game as it stood; each stretch of play must re-referee with
:func:`kc_tui.games.kings_corner.engine.transcript.replay` to the state the app left.  A session played out is
followed by another with the same seats and rules, until the seed's keys are all pressed.

Plain mode (``--plain``): ``kings-corner play --plain`` runs as a subprocess, in a temporary data
folder, fed K lines of garbage (random and invalid bytes, control characters, escape sequences,
overlong lines, odd Unicode, near-commands) mixed with valid commands; it must exit within a
bounded time, with status 0, nothing on its error output, a transcript that re-referees, and a
save (of a game left unfinished) that loads.

Each seed prints one line; the summary gives seeds, keys, resizes, moves applied, rounds
finished, failures (with the seed and the last keys, to reproduce) and seconds.  The exit status
is 1 if anything failed.  The keys of a seed are always the same; what they do can still depend
on timing (a computer's thinking, the hot-seat hand-over's guard against early keys), so a
failure is reproduced by running its seed again, usually but not always on the first try.

Nothing here imports the tests: the next change can be checked with this script alone.
"""

from __future__ import annotations

import _thread
import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import unicodedata
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable, Iterator, Sequence

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import WaitForScreenTimeout

from kc_tui.core.errors import RuleError
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.events import Event, MoveEvent, Play, RoundEnd
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.rules import PRESETS, RuleSet, build_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_corner.engine.transcript import TranscriptError, encode_event, read_events, replay
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import CARD_STYLES, THEMES, SaveError, Settings, load_save, resume_saving, start_saving
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import PassScreen
from kc_tui.tui.table_shell import MIN_HEIGHT, MIN_WIDTH
from kc_tui.games.kings_corner.tui.widgets import HandView

__all__ = ["Outcome", "table_seed", "plain_seed", "main"]

RESPOND = 30.0
"""Seconds the app may take to handle one key before it counts as not responding (generous:
two shared cores, and a hard computer may be thinking in its worker meanwhile)."""

STUCK = 120.0
"""Seconds without any key handled before the watchdog stops a seed whose event loop is blocked
(then no asyncio timeout can fire)."""

PLAIN_WAIT = 120.0
"""Seconds the line mode may take to read all its input and exit."""

LAST_KEYS = 20
"""Keys (or lines) kept to reproduce a failure."""

LEVELS = ("easy", "medium", "hard")
PEOPLE = ("Ann", "Bo", "Cy")


# ---------------------------------------------------------------------------- outcomes
@dataclass(slots=True)
class Outcome:
    """What one seed did and found (picklable, for ``--jobs``)."""

    seed: int
    mode: str  # "table" | "plain"
    setup: str = ""
    keys: int = 0
    """Keys pressed (table) or lines fed (plain)."""
    resizes: int = 0
    moves: int = 0
    """Cards played and piles moved, by anyone (moves taken back count too)."""
    rounds: int = 0
    """Rounds finished."""
    resumes: int = 0
    """Times the game was left and resumed from its save (table)."""
    sessions: int = 1
    """Sessions played: one more each time a session ended before the keys did (table)."""
    left_by: list[str] = field(default_factory=list)
    """The last three keys before the game was left, each time (table)."""
    ended: str = ""
    failure: str | None = None
    last_keys: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        unit = "lines" if self.mode == "plain" else "keys"
        parts = [f"{self.keys} {unit}"]
        if self.mode == "table":
            parts.append(f"{self.resizes} resizes")
        parts += [f"{self.moves} moves", f"{self.rounds} rounds"]
        if self.sessions > 1:
            parts.append(f"{self.sessions} sessions")
        if self.resumes:
            parts.append(f"resumed {self.resumes}x (left after: {'; '.join(self.left_by)})")
        verdict = f"FAILED: {self.failure.splitlines()[0]}" if self.failure else f"ok, {self.ended}"
        return f"{self.mode} seed {self.seed} [{self.setup}]: {', '.join(parts)}; {verdict} ({self.seconds:.1f} s)"


# ---------------------------------------------------------------------------- the game set up
def _setup(rng: random.Random) -> tuple[list[str], str, RuleSet]:
    """Seat specs (at least one person, sometimes several: hot-seat) and rules for a seed."""
    while True:
        preset = rng.choice(list(PRESETS))
        players = rng.randint(2, 6)
        try:
            rules = build_rules(players, preset)
        except RuleError:
            continue  # e.g. 13-card hands for 5 players: not a deal, try another
        break
    people = min(players, rng.choices((1, 2, 3), weights=(6, 3, 1))[0])
    specs = ["you"] + [f"human:{name}" for name in PEOPLE[1:people]]
    specs += [rng.choice(LEVELS) for _ in range(players - people)]
    rng.shuffle(specs)
    return specs, preset, rules


def _settings(rng: random.Random) -> Settings:
    return Settings(theme=rng.choice(list(THEMES)), ascii=rng.random() < 0.3,
                    cards=rng.choice(list(CARD_STYLES)), pace=0,
                    confirm_end=rng.random() < 0.7, confirm_quit=rng.random() < 0.8)


@contextlib.contextmanager
def _private_folders() -> Iterator[Path]:
    """A temporary home for one seed: saves, settings, and whatever Textual writes (a screenshot
    from the command palette goes to ~/Downloads) stay out of the user's folders."""
    names = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "KC_TUI_DATA_DIR", "KC_TUI_CONFIG_DIR")
    before = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="kc-monkey-") as tmp:
        base = Path(tmp)
        for name, sub in zip(names, ("", "config", "data", "kc-data", "kc-config")):
            os.environ[name] = str(base / sub)
        try:
            yield base
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


# ---------------------------------------------------------------------------- invariants
def _cards_problem(game: Game) -> str | None:
    """R2: the 52 cards are always all there, each once, in hands, piles and stock."""
    cards = [c.id for seat in range(game.n) for c in game.hand(seat)]
    cards += [c.id for pile in Pile for c in game.pile(pile)]
    cards += [c.id for c in game.stock_cards()]
    if sorted(cards) != list(range(52)):
        missing = sorted(set(range(52)) - set(cards))
        doubled = sorted(c for c, k in Counter(cards).items() if k > 1)
        return f"the cards are not conserved: {len(cards)} cards, missing {missing}, twice {doubled}"
    return None


def _state(game: Game) -> tuple:
    return (game.phase, game.round_no, game.current, game.turns, tuple(game.hand(s) for s in range(game.n)),
            tuple(game.pile(p) for p in Pile), game.stock_cards(), tuple(game.totals), game.pot)


def _replay_problem(events: Sequence[Event], game: Game) -> str | None:
    """The events re-referee with the engine, to exactly the state the app left."""
    try:
        replayed = replay([encode_event(e) for e in events])
    except TranscriptError as exc:
        return f"the game's events do not re-referee: {exc}"
    if _state(replayed) != _state(game):
        return "the game's events re-referee to another state than the app's"
    return None


def _table_game(app: KingsCornerApp) -> Game | None:
    """The game of the table on screen, once dealt (after "play again", not the first one)."""
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    return table.service.game if table is not None and table.service.game.round_no else None


def _hand_problem(app: KingsCornerApp, people: Sequence[int], game: Game) -> str | None:
    """The table never shows a hand but that of a person at this keyboard (a computer's hand, or
    a stale one, would be a leak or a lie)."""
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    if table is None:
        return None
    shown = tuple(table.query_one(HandView).cards)
    if shown and all(shown != game.hand(seat) for seat in people):
        return f"the table shows the hand {' '.join(map(str, shown))}, which is no person's hand"
    return None


# ---------------------------------------------------------------------------- the keys
_DIGITS = [str(d) for d in range(10)]
_MOVES = ["up", "down", "left", "right", "h", "j", "k", "l"]
_NAMED = ["home", "end", "pageup", "pagedown", "backspace", "delete", "insert", "f2", "f5", "f10", "f12"]
_CTRL = ["ctrl+z", "ctrl+p", "ctrl+c", "ctrl+a", "ctrl+e", "ctrl+k", "ctrl+l", "ctrl+u", "ctrl+w",
         "ctrl+left", "ctrl+right", "ctrl+home", "shift+up", "shift+down", "alt+x"]
_JUNK = list("!@#$%^&*()-_=+[]{};'\",.<>/\\|`~éßñü€£¥§¶øΩжא中😀") + ["\u200b", "\u00a0"]
_LETTERS = [chr(c) for c in range(ord("a"), ord("z") + 1)] + ["A", "E", "Q", "Y", "Z"]
_COMMANDS = ["7h n", "kd ne", "ks se", "e n", "n s", "w e", "3 n", "1 ne", "10h w", "th s", "as > nw",
             "qc onto e", "end", "end!", "end yes", "undo", "hint", "help", "quit", "END", "", "   ", "7h",
             "n", "9 x",
             "0 n", "99999999999999999999 n", "-1 n", "7♥ n", "² n", "７h n", "1e3 n", "dance",
             "7h n s w", "ℌ n", "\u202e7h n", "x" * 60, "%s {0} \\x1b[2J"]


def _typed(text: str) -> list[str]:
    return ["space" if ch == " " else ch for ch in text]


def _keys(rng: random.Random) -> list[str]:
    """The next key, or a short burst (a card picked and dropped, ``e e`` to end a turn while
    moves are open, a command typed after ``:``), weighted toward what moves a game on, so that
    turns and rounds get played and not only refused."""
    kind = rng.choices(
        ("digit", "pick", "move", "enter", "space", "esc", "e", "e e", "undo", "t", "dialog", "q", "y",
         "n", "command", "letter", "ctrl", "ctrl+q", "tab", "named", "junk"),
        weights=(14, 8, 10, 8, 3, 6, 3, 5, 2, 1.5, 2, 1.5, 2, 1.5, 3, 2.5, 2, 0.3, 2, 1.5, 2),
    )[0]
    if kind == "pick":
        return [rng.choice(_DIGITS[1:6]), "enter"]
    if kind == "e e":
        return ["e", "e"]
    if kind == "digit":
        return [rng.choice(_DIGITS)]
    if kind == "move":
        return [rng.choice(_MOVES)]
    if kind == "undo":
        return [rng.choice(("u", "ctrl+z"))]
    if kind == "dialog":
        return [rng.choice(("s", "r", "o", "question_mark", "f1"))]
    if kind == "esc":
        return ["escape"]
    if kind == "command":
        burst = ["colon"] + _typed(rng.choice(_COMMANDS))
        return burst + ([rng.choice(("enter", "enter", "escape"))] if rng.random() < 0.9 else [])
    if kind == "letter":
        return [rng.choice(_LETTERS)]
    if kind == "ctrl":
        return [rng.choice(_CTRL)]
    if kind == "tab":
        return [rng.choice(("tab", "shift+tab"))]
    if kind == "named":
        return [rng.choice(_NAMED)]
    if kind == "junk":
        return [rng.choice(_JUNK)]
    return [kind]


def _size(rng: random.Random) -> tuple[int, int]:
    """A terminal size: mostly ones people use, sometimes anything from 1x1 to 300x100."""
    if rng.random() < 0.6:
        return rng.choice(((80, 24), (80, 25), (100, 30), (110, 34), (120, 40), (132, 43), (200, 60), (300, 100)))
    return rng.randint(1, 300), rng.randint(1, 100)


def _too_small(size: tuple[int, int]) -> bool:
    """Below the table's minimum, where every key is ignored: such a size soon gives way again,
    or the seed's keys would be spent on nothing."""
    return size[0] < MIN_WIDTH or size[1] < MIN_HEIGHT


# ---------------------------------------------------------------------------- the watchdog
class _Watchdog:
    """Stops a seed whose event loop is blocked: no asyncio timeout can fire then.  It keeps the
    main thread's stack at that moment and interrupts it."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.last = time.monotonic()
        self.stack: str | None = None
        self._done = threading.Event()
        self._main = threading.main_thread().ident

    def beat(self) -> None:
        self.last = time.monotonic()

    def _watch(self) -> None:
        while not self._done.wait(1.0):
            if time.monotonic() - self.last > self.limit:
                frame = sys._current_frames().get(self._main)
                self.stack = "".join(traceback.format_stack(frame)) if frame else "(no stack)"
                _thread.interrupt_main()
                return

    def __enter__(self) -> _Watchdog:
        threading.Thread(target=self._watch, name="monkey-watchdog", daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()


# ---------------------------------------------------------------------------- table mode
def table_seed(seed: int, keys: int = 400) -> Outcome:
    """Press ``keys`` random keys at a seeded game's table, checking the invariants after each."""
    out = Outcome(seed, "table")
    started = time.monotonic()
    history: deque[str] = deque(maxlen=LAST_KEYS)
    with _private_folders(), _Watchdog(STUCK) as dog:
        try:
            asyncio.run(_table(seed, keys, out, history, dog))
        except KeyboardInterrupt:
            if dog.stack is None:
                raise
            stuck = f"no key handled for {STUCK:.0f} s: the event loop was blocked at\n{dog.stack}"
            out.failure = f"{out.failure}\nthen {stuck}" if out.failure else stuck
    out.last_keys = list(history) if out.failure else []
    out.seconds = time.monotonic() - started
    return out


async def _table(seed: int, keys: int, out: Outcome, history: deque[str], dog: _Watchdog) -> None:
    rng = random.Random(seed)
    specs, preset, rules = _setup(rng)
    settings = _settings(rng)
    size = _size(rng) if rng.random() < 0.2 else rng.choice(((80, 24), (100, 30), (120, 40)))
    out.setup = f"{','.join(specs)}; {preset}; {size[0]}x{size[1]}"
    service = GameService(rules, make_seats(specs, random.Random(seed)), seed=seed)
    people = [i for i, s in enumerate(service.seats) if s.player is None]
    save_errors: list[str] = []
    events: list[Event] = []
    service.add_listener(events.append)
    saver = start_saving(service, specs, save_errors.append)
    pending: list[str] = []
    try:
        while True:
            app = KingsCornerApp(service, settings=settings)
            app.savers[id(service)] = saver
            known, before = len(events), out.keys
            try:
                async with app.run_test(size=size) as pilot:
                    while out.keys < keys and _running(app):
                        if rng.random() < 0.04 or (_too_small(size) and rng.random() < 0.3):
                            size = _size(rng)
                            out.resizes += 1
                            history.append(f"<resize {size[0]}x{size[1]}>")
                            if not await _responds(pilot.resize_terminal(*size)):
                                out.failure = f"the app did not take the resize within {RESPOND:.0f} s"
                                return
                        pending = pending or _keys(rng)
                        key = pending.pop(0)
                        history.append(key)
                        out.keys += 1
                        if not await _responds(_press(pilot, key, rng.random() < 0.05)):
                            out.failure = f"the app did not handle the key {key!r} within {RESPOND:.0f} s"
                            return
                        dog.beat()
                        if not _running(app):
                            break
                        # "Play again" at a session's end goes on in this app with a new
                        # session: the table's own game is the one to check.
                        game = _table_game(app) or service.game
                        problem = (_cards_problem(game) or _hand_problem(app, people, game)
                                   or (save_errors and f"saving failed: {save_errors[0]}"))
                        if problem:
                            out.failure = problem
                            return
            except Exception as exc:  # noqa: BLE001 - whatever the app raised is the finding
                out.failure = _raised(app._exception or exc)
                return
            finally:
                _tally(out, events[known:])
            if app._exception is not None:
                out.failure = _raised(app._exception)
                return
            problem = _cards_problem(service.game) or _replay_problem(events, service.game)
            if problem:
                out.failure = problem
                return
            if out.keys >= keys:
                out.ended = "all keys pressed"
                return
            if service.phase == Phase.SESSION_OVER:
                # Played out (a person who does little loses a short session fast): the same
                # seats and rules play again on a new deal, as "Play again" does.
                saver.release()
                service.close()
                seed_again = rng.getrandbits(32)
                service = GameService(rules, make_seats(specs, random.Random(seed_again)), seed=seed_again)
                events = []
                service.add_listener(events.append)
                saver = start_saving(service, specs, save_errors.append)
                out.sessions += 1
                continue
            if out.keys == before:
                out.failure = "the table closed by itself, before any key"
                return
            # The game was left: resume it from its save, as `kings-corner resume` would.
            # The leaving key is among the last few: a choice made in a dialog (Enter on "Leave
            # the game") takes effect while the next key is being pressed.
            out.left_by.append(" ".join(k for k in list(history)[-3:]))
            pending = []
            saver.release()
            try:
                restored = load_save(saver.path)
            except SaveError as exc:
                out.failure = f"the save of the game just left does not load: {exc}"
                return
            if [e.as_dict() for e in restored.events] != [e.as_dict() for e in events[:len(restored.events)]]:
                out.failure = "the save does not hold the game as it stood when it was last saved"
                return
            service.close()
            service, events = restored.service, list(restored.events)
            service.add_listener(events.append)
            saver = resume_saving(restored, save_errors.append)
            out.resumes += 1
    finally:
        saver.release()
        service.close()


async def _responds(step: Awaitable[None]) -> bool:
    """Whether the app finished ``step`` (a key, a resize) within :data:`RESPOND`."""
    try:
        await asyncio.wait_for(step, RESPOND)
    except (TimeoutError, WaitForScreenTimeout):
        return False
    return True


async def _press(pilot, key: str, settle: bool) -> None:
    """Press ``key`` as Textual's ``Pilot.press`` does, but wait only until the screen has
    handled it, not until the process is idle: that wait costs some 60 ms a key, and a person
    typing fast does not wait either.  With ``settle`` the monkey pauses as a person would, until
    nothing is left to do (a computer's turn thought out and shown).  The key event is made
    with Textual's own helpers, exactly as ``Pilot.press`` makes it."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        character = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        character = key if len(key) == 1 else None
    event = events.Key(key, character)
    event.set_sender(pilot.app)
    pilot.app.post_message(event)
    await pilot.pause(0)
    if settle:
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, PassScreen):
            # A person handing the keyboard over takes at least the hand-over's guard against
            # early keys; keys a few milliseconds apart would all fall within it, and a
            # hot-seat game would never move on.
            # (Read with getattr: the monkey must not fail where the app did not.)
            opened = getattr(screen, "opened", time.monotonic())
            await asyncio.sleep(max(0.0, opened + PassScreen.GUARD - time.monotonic()))


def _tally(out: Outcome, events: Sequence[Event]) -> None:
    out.moves += sum(isinstance(e, (Play, MoveEvent)) for e in events)
    out.rounds += sum(isinstance(e, RoundEnd) for e in events)


def _raised(error: BaseException) -> str:
    text = f"the app raised {type(error).__name__}: {error}\n" + "".join(traceback.format_exception(error))
    cause = getattr(error, "error", None)  # Textual's WorkerFailed keeps the worker's exception here
    if isinstance(cause, BaseException):
        text += "where the worker raised:\n" + "".join(traceback.format_exception(cause))
    return text


def _running(app: KingsCornerApp) -> bool:
    return app.is_running and not app._exit and app._exception is None


# ---------------------------------------------------------------------------- plain mode
_VALID = ["end", "end!", "end!", "end yes", "y", "n", "undo", "hint", "help", "7h n", "kd ne", "e n",
          "1 n", "2 e", "3 s", "4 w", "1 ne", "2 se", "3 sw", "4 nw", "5 n", "6 e", "7 s", "8 w", ""]

_KINDS: dict[str, Callable[[random.Random], bytes]] = {
    "empty": lambda r: b"",
    "blanks": lambda r: bytes(r.choice(b" \t") for _ in range(r.randint(1, 40))),
    "ascii": lambda r: bytes(r.randint(32, 126) for _ in range(r.randint(1, 80))),
    "bytes": lambda r: bytes(r.choice([b for b in range(256) if b != 10]) for _ in range(r.randint(1, 80))),
    "bad-utf8": lambda r: r.choice([b"\x80", b"\xff\xfe", b"\xc0\xaf", b"\xe2\x82", b"\xf0\x9f\x98",
                                    b"7h \xff n", b"\xed\xa0\x80", b"end\xc3"]),
    "nul": lambda r: b"\x00" * r.randint(1, 5) + b"end",
    "controls": lambda r: bytes(r.choice([b for b in range(1, 32) if b not in (10, 13)]) for _ in range(r.randint(1, 20))),
    "escapes": lambda r: r.choice([b"\x1b[2J", b"\x1b[31mred", b"\x1b]0;title\x07", b"\x1b[A\x1b[B",
                                   b"\x1bc", b"\x1b[6n", b"\x1bP1$r\x1b\\", b"\x9b31m"]),
    "overlong": lambda r: r.choice([b"x", b"7h n ", b"\xe2\x99\xa5", b"9"]) * r.randint(50_000, 250_000),
    "huge-number": lambda r: str(r.choice([10**30, 2**64, -1, 0, 11, 999999])).encode() + b" n",
    "connectors": lambda r: r.choice([b"7h on n", b"7h to the n", b"7h > n", b"7h onto", b"> >", b"on to"]),
    "tens": lambda r: r.choice([b"10h w", b"th w", b"1h n", b"0h n", b"11s e", b"10 n"]),
    "suits": lambda r: r.choice(["7♥ n", "K♠ NE", "q♦ s", "A♣ w"]).encode(),
    "other-digits": lambda r: r.choice(["７h n", "² n", "٣ n", "३ e", "Ⅶh n"]).encode(),
    "case": lambda r: r.choice([b"END", b"Undo", b"HiNt", b"7H N", b"Quit now"]),
    "cr": lambda r: r.choice([b"\r", b"end\r", b"7h\rn", b"\r\r\r"]),
    "feeds": lambda r: r.choice([b"\x0c", b"\x0b", b"\x08\x08end", b"\x7f"]),
    "emoji": lambda r: r.choice(["😀 n", "👑 ne", "🂡 n"]).encode(),
    "bidi": lambda r: r.choice(["\u202e7h n", "\u200f end", "\u2066e n\u2069"]).encode(),
    "zero-width": lambda r: r.choice(["7h\u200bn", "e\u200dnd", "\ufeff7h n", "\u00a0end"]).encode(),
    "combining": lambda r: "e\u0301nd".encode(),
    "separators": lambda r: r.choice(["\u2028", "end\u2029", "\x85"]).encode(),
    "json": lambda r: r.choice([b'{"move": "7h n"}', b"[" * 5000, b'{"type":"play"}', b"null"]),
    "shell": lambda r: r.choice([b"$(rm -rf /)", b"; ls", b"`id`", b"| cat", b"&& echo"]),
    "format": lambda r: r.choice([b"%s %n %x", b"{0} {}", b"{!r}", b"%(x)s"]),
    "punctuation": lambda r: r.choice([b">>>>", b"::::", b"...", b"---", b"?", b"!"]),
    "tabs": lambda r: b"\t" * r.randint(1, 30),
    "spaces-between": lambda r: b"7h" + b" " * r.randint(2, 200) + b"n",
    "trailing": lambda r: r.choice([b"end now please", b"undo undo", b"hint me", b"7h n s"]),
    "numbers": lambda r: r.choice([b"1_0 n", b"3.0 n", b"1e3 n", b"+3 n", b"0x3 n", b"03 n"]),
    "piles": lambda r: r.choice([b"n n", b"ne sw", b"x n", b"n x", b"nne n", b"e"]),
    "verbs-quit-like": lambda r: r.choice([b"quit?", b"exit", b"q", b":q", b"bye"]),
}
"""Kinds of garbage: each makes one line (without its newline)."""


def _plain_input(rng: random.Random, lines: int) -> tuple[bytes, list[str]]:
    """``lines`` lines, about half valid commands (so the game moves on), half garbage; a few end
    in CR LF.  Returns the bytes and each line's kind (to report)."""
    chunks, kinds = [], []
    for _ in range(lines):
        if rng.random() < 0.45:
            kind, line = "valid", rng.choice(_VALID).encode()
        else:
            kind = rng.choice(list(_KINDS))
            line = _KINDS[kind](rng)
        chunks.append(line + (b"\r\n" if rng.random() < 0.05 else b"\n"))
        kinds.append(kind)
    if rng.random() < 0.5:
        chunks.append(b"partial line without a newline")
        kinds.append("no-newline")
    return b"".join(chunks), kinds


_ENDINGS = ((b"Input ended", "input ended"), (b"You left the game", "the player left"),
            (b"Session seed", "the session ended"))
"""What the line mode says as it stops, and how the seed line puts it."""


def plain_seed(seed: int, lines: int = 400) -> Outcome:
    """Feed ``lines`` lines of garbage and commands to the line mode of a seeded game."""
    out = Outcome(seed, "plain")
    started = time.monotonic()
    rng = random.Random(seed)
    specs, preset, _ = _setup(rng)
    # Mostly a long session: a person typing garbage loses a short one within a round or two,
    # and the rest of the input would never be read.
    rules = ["--rule", "target=1000"] if rng.random() < 0.7 else []
    out.setup = f"{','.join(specs)}; {preset}{' to 1000' if rules else ''}"
    data, kinds = _plain_input(rng, lines)
    out.keys = lines
    with tempfile.TemporaryDirectory(prefix="kc-monkey-") as tmp:
        base = Path(tmp)
        transcript = base / "transcript.jsonl"
        env = dict(os.environ, HOME=tmp, XDG_CONFIG_HOME=str(base / "config"), XDG_DATA_HOME=str(base / "data"),
                   KC_TUI_DATA_DIR=str(base / "kc-data"), KC_TUI_CONFIG_DIR=str(base / "kc-config"))
        command = [sys.executable, "-m", "kc_tui", "play", "--plain", "--players", ",".join(specs),
                   "--seed", str(seed), "--preset", preset, *rules, "--transcript", str(transcript)]
        try:
            done = subprocess.run(command, input=data, capture_output=True, timeout=PLAIN_WAIT, env=env, cwd=tmp)
        except subprocess.TimeoutExpired:
            out.failure = f"the line mode did not exit within {PLAIN_WAIT:.0f} s of its input ending"
        else:
            stderr = done.stderr.decode("utf-8", "replace")
            if "Traceback" in stderr:
                out.failure = "the line mode crashed:\n" + stderr[-3000:]
            elif done.returncode != 0:
                out.failure = f"the line mode exited with status {done.returncode}: {stderr[-500:].strip()}"
            elif stderr.strip():
                # Every answer, refusals too, is for standard output: the error output stays
                # empty unless something went wrong.
                out.failure = f"the line mode wrote to its error output: {stderr[-500:].strip()}"
            elif not transcript.exists():
                out.failure = "the line mode wrote no transcript"
            else:
                out.failure, out.moves, out.rounds = _plain_transcript(transcript)
                out.failure = out.failure or _saves_problem(base / "kc-data")
                out.ended = next((how for said, how in _ENDINGS if said in done.stdout), "no ending said")
    out.last_keys = kinds[-LAST_KEYS:] if out.failure else []
    out.seconds = time.monotonic() - started
    return out


def _saves_problem(folder: Path) -> str | None:
    """A game the line mode left unfinished is saved, and the save loads (it is re-refereed)."""
    for path in sorted(folder.rglob("*.json")):
        try:
            load_save(path, lock=False)
        except SaveError as exc:
            return f"the line mode's save does not load: {exc}"
    return None


def _plain_transcript(path: Path) -> tuple[str | None, int, int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        replay(lines)
    except TranscriptError as exc:
        return f"the line mode's transcript does not re-referee: {exc}", 0, 0
    events = [event for _, event in read_events(lines)]
    return (None, sum(isinstance(e, (Play, MoveEvent)) for e in events),
            sum(isinstance(e, RoundEnd) for e in events))


# ---------------------------------------------------------------------------- running
def run_seed(seed: int, keys: int, plain: bool) -> Outcome:
    return plain_seed(seed, keys) if plain else table_seed(seed, keys)


def _summary(outcomes: Sequence[Outcome], seconds: float) -> str:
    failed = [o for o in outcomes if o.failure]
    unit = "lines offered" if outcomes and outcomes[0].mode == "plain" else "keys pressed"
    lines = [
        "",
        f"seeds: {len(outcomes)}",
        f"{unit}: {sum(o.keys for o in outcomes)}",
    ]
    if outcomes and outcomes[0].mode == "table":
        lines += [f"resizes: {sum(o.resizes for o in outcomes)}",
                  f"sessions: {sum(o.sessions for o in outcomes)}",
                  f"games left and resumed from their saves: {sum(o.resumes for o in outcomes)}"]
    lines += [
        f"moves applied: {sum(o.moves for o in outcomes)}",
        f"rounds finished: {sum(o.rounds for o in outcomes)}",
        f"failures: {len(failed)}",
    ]
    for o in failed:
        lines += ["", f"seed {o.seed} [{o.setup}] failed after {o.keys} {unit.split()[0]}:", o.failure or "",
                  f"last {len(o.last_keys)}: {o.last_keys!r}",
                  f"reproduce: python tools/monkey.py --seeds 1 --start {o.seed} --keys {o.keys}"
                  + (" --plain" if o.mode == "plain" else "")]
    lines.append(f"seconds: {seconds:.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, required=True, help="how many seeds to run")
    parser.add_argument("--keys", type=int, default=400, help="keys per seed (lines with --plain); default 400")
    parser.add_argument("--start", type=int, default=0, help="the first seed; default 0")
    parser.add_argument("--plain", action="store_true", help="feed garbage to the line mode instead")
    parser.add_argument("--jobs", type=int, default=1, help="seeds run at once, each in its own process")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.keys < 1 or args.jobs < 1:
        parser.error("--seeds, --keys and --jobs must be at least 1")
    seeds = range(args.start, args.start + args.seeds)
    started = time.monotonic()
    outcomes: list[Outcome] = []
    if args.jobs == 1:
        for seed in seeds:
            outcomes.append(run_seed(seed, args.keys, args.plain))
            print(outcomes[-1].line(), flush=True)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for outcome in pool.map(run_seed, seeds, [args.keys] * len(seeds), [args.plain] * len(seeds)):
                outcomes.append(outcome)
                print(outcome.line(), flush=True)
    print(_summary(outcomes, time.monotonic() - started), flush=True)
    return 1 if any(o.failure for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
