"""What the browser tests share: ``kings-corner web`` started on a free loopback port (and stopped
with the test), and a tab driven the way the page drives it: JSON frames over the websocket in,
the game's terminal output out, read by a ``pyte`` screen."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pyte

WAIT = 60.0
"""Seconds a liveness wait gives the game (not a timing assertion: it only turns a hang into a
failure with the screen in its message)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """A running ``kings-corner web``: its address and process."""

    def __init__(self, address: str, process: subprocess.Popen[str]) -> None:
        self.address = address
        self.process = process
        self.log = ""
        """What the server wrote to standard error, read once it has stopped."""

    def tab_processes(self) -> list[int]:
        """The games of its open tabs: its child processes (read from /proc)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in children.read_text().split()]
        except FileNotFoundError:
            return []

    def wait_for_tabs(self, count: int, seconds: float = WAIT) -> list[int]:
        """The tab processes, once there are ``count`` of them (a liveness wait)."""
        deadline = time.monotonic() + seconds
        while len(pids := self.tab_processes()) != count and time.monotonic() < deadline:
            time.sleep(0.05)
        return pids


@contextmanager
def web_server(*options: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """``kings-corner web`` on a free 127.0.0.1 port, with the test's data and config folders
    (the environment) and no pause between a computer's moves; stopped afterwards by SIGINT,
    as by Ctrl+C."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "kc_tui", "web", "--port", str(port), "--pace", "0", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})},
        start_new_session=True,
    )
    served = Served(f"http://127.0.0.1:{port}", process)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        # ("Open http://...", or "Ouvre http://..." when the command was given --lang fr.)
        assert f" http://127.0.0.1:{port} " in first, first + (process.stderr.read() if process.stderr else "")
        yield served
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        if process.stderr is not None:
            served.log = process.stderr.read()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


KEYS = {"enter": "\r", "escape": "\x1b", "left": "\x1b[D", "right": "\x1b[C", "down": "\x1b[B",
        "ctrl+s": "\x13"}
"""The keys the tests press by name, as xterm.js sends them."""


class Screen:
    """A terminal screen fed the bytes a tab's game sends (what xterm.js draws in the page)."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.bells = 0
        """Terminal bells rung (a BEL that ends an escape string is none)."""
        self.screen.bell = self._rang  # type: ignore[method-assign]  # (before the stream takes it)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        """Bytes of terminal output received."""

    def _rang(self, *_: object) -> None:
        self.bells += 1

    def feed(self, data: bytes) -> None:
        self.received += len(data)
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def focused(self) -> str:
        """The line the cursor is on, past a focus mark: the game keeps the cursor on the
        focus (where a screen reader reads), as on a form's row that has the keys."""
        line = self.screen.display[self.screen.cursor.y]
        return line.strip().removeprefix("> ").strip()

    def joined(self) -> str:
        """The screen's lines run together with single spaces (a sentence wrapped over two
        lines of a panel is found whole)."""
        return " ".join(" ".join(self.screen.display).split())


class Tab:
    """One browser tab's websocket, driven as textual-serve's page drives it."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, screen: Screen) -> None:
        self.ws = ws
        self.screen = screen
        self.texts: list[Any] = []
        """The JSON messages the server sent (pong, ...)."""
        self.closed = asyncio.Event()
        self.on_data: Callable[[bytes], None] | None = None
        """Called with every chunk of output, after it is drawn on the screen."""
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.screen.feed(message.data)
                if self.on_data is not None:
                    self.on_data(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(json.loads(message.data))
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.screen.display)

    async def keys(self, *keys: str) -> None:
        """Type ``keys`` (characters, or the names of :data:`KEYS`), each sent as the page sends
        a key: one ``stdin`` frame with what xterm.js makes of it."""
        for key in keys:
            await self.ws.send_str(json.dumps(["stdin", KEYS.get(key, key)]))

    async def wait_for(self, *texts: str, seconds: float = WAIT) -> str:
        """The screen, once one of ``texts`` shows on it."""
        return await self.wait_until(lambda screen: any(t in screen for t in texts), seconds, texts)

    async def wait_until(self, test: Callable[[str], bool], seconds: float = WAIT, what: Any = "") -> str:
        deadline = time.monotonic() + seconds
        while not test(self.screen.joined()):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {seconds:g} s for {what!r}; the screen:\n{self.screen.text}")
            await asyncio.sleep(0.05)
        return self.screen.text


async def open_tab(session: aiohttp.ClientSession, address: str, width: int = 80, height: int = 24,
                   **headers: str) -> Tab:
    """Open the page's websocket as the page does (its size in the query, then a resize)."""
    ws = await session.ws_connect(f"{address}/ws?width={width}&height={height}", headers=headers or None)
    tab = Tab(ws, Screen(width, height))
    await ws.send_str(json.dumps(["resize", {"width": width, "height": height}]))
    return tab


CARD = r"(?:[2-9TJQKA]|10)[CDHS♣♦♥♠]"
"""A card as the table writes it: ``7H`` in ASCII, ``7♥`` and ``10♥`` with glyphs."""
HINT = re.compile(rf"(?:Play|Move) (?:{CARD}|NE|NW|SE|SW|N|E|S|W) on(?:to)? .*?(?=: that|(?:1-)?\d(?:, 0)?[, a-z]* card|$)")
"""The hint's plan (``kc_tui.games.kings_corner.ai.hints``): "Play 7H on N, then move E onto N, then ...: that ...",
up to what the status lines show of a long one (its first steps: a plan played in part is legal)."""
STEP = re.compile(rf"(?<!\w)({CARD}|NE|NW|SE|SW|N|E|S|W) on(?:to)? (NE|NW|SE|SW|N|E|S|W)\b")
"""One step of the plan: a card played on a pile, or a pile moved onto another."""

EMPTY_COMMAND = "command, e.g. 7h n"
"""The command line's placeholder: shown while nothing is typed on it."""

ROUND_OVER = ("Deal the next round", "See the final scores", "Play again")


def round_over(screen: str) -> bool:
    return any(text in screen for text in ROUND_OVER)


def as_typed(shown: str) -> str:
    """What a player types for a card or pile the table shows: ``10♥`` is typed ``th``."""
    return shown.replace("10", "T").translate(str.maketrans("♣♦♥♠", "CDHS")).lower()


async def play_turn(send: Callable[[str], Any], screen: Callable[[], str]) -> list[str]:
    """Play one turn by keystrokes as a person might: ask for the hint (t), type its plan on the
    command line (``:7h n``, ``e n``, then ``end``, opening it again where a command closed it),
    close the command line.  ``send`` types one
    key, ``screen`` reads the screen (joined).  The commands the game carried out ("Done.") are
    returned; nothing is typed but t if the hint does not show (not this player's turn after all:
    a screen not yet redrawn)."""
    await send("t")
    await _until(screen, lambda s: HINT.search(s) is not None or "Nothing" in s or round_over(s), 10.0)
    await asyncio.sleep(0.1)  # the rest of the redraw
    shown = screen()
    if round_over(shown) or not (HINT.search(shown) or "Nothing" in shown):
        return []
    plan = HINT.search(shown)
    commands = [f"{as_typed(a)} {b.lower()}" for a, b in STEP.findall(plan.group(0))] if plan else []
    done = []
    for command in [*commands, "end"]:
        # A local table's command line closes after each command; a networked table's stays open.
        if EMPTY_COMMAND not in screen():
            await send(":")
            await _until(screen, lambda s: EMPTY_COMMAND in s)
        for ch in command:
            await send(ch)
        typed = f"▊ {command} ▎"
        await _until(screen, lambda s, typed=typed: typed in s)  # all of it typed
        await send("enter")
        # A command carried out empties the line, or closes it (a local table's; "end"); one
        # refused stays on a networked table's line.
        await _until(screen, lambda s, typed=typed: typed not in s or round_over(s))
        if round_over(screen()):
            return [*done, command]
        if command == "end":
            return done
        if typed in screen():
            print(f"refused {command!r}: {screen()[-700:]}", file=sys.stderr)
            await send("escape")
            await _until(screen, lambda s: "Enter to run" not in s, 3.0)
            await asyncio.sleep(0.2)  # a key right after Esc would be read as Alt and that key
            await send("e")
            await _until(screen, lambda s: "Press e again" in s or "Your turn" not in s, 3.0)
            if "Press e again" in screen():  # asked first while moves are open
                await send("e")
            return done
        done.append(command)
    return done


async def new_game(send: Callable[[str], Any], screen: Screen, seed: int) -> None:
    """From the title, by keystrokes: a new game of you against a medium computer, dealt from
    ``seed``, started.  Each key is pressed once the last one's change is drawn: a key pressed
    ahead of the drawing can go past the choice wanted (the lists go round) on a busy machine."""
    await send("n")
    await _until(lambda: screen.text, lambda _: screen.focused().startswith("Players"))
    await _step(send, screen, "left", lambda row: "< 2 >" in row)
    await _step(send, screen, "down", lambda row: row.startswith("Seat 2"))
    await _step(send, screen, "left", lambda row: "< medium AI (" in row)
    await _step(send, screen, "down", lambda row: row.startswith("Seed"))
    for digit in str(seed):
        await send(digit)
    summary = f"2 players: You, Ada (medium). 7 cards each, draw at the start, classic scoring to 25. Seed {seed}."
    await _until(screen.joined, lambda s: summary in s)
    assert summary in screen.joined(), screen.text
    await send("ctrl+s")


async def _step(send: Callable[[str], Any], screen: Screen, key: str, test: Callable[[str], bool]) -> None:
    """Press ``key`` until the focused row passes ``test``, each press once the last one's
    change to that row is on the screen."""
    for _ in range(16):
        row = screen.focused()
        if test(row):
            return
        await send(key)
        await _until(lambda: screen.text, lambda _, was=row: screen.focused() != was)
    assert test(screen.focused()), screen.text


async def _until(screen: Callable[[], str], test: Callable[[str], bool], seconds: float = WAIT) -> None:
    """Wait for ``test`` of the screen (a liveness wait: the caller looks at the screen after)."""
    deadline = time.monotonic() + seconds
    while not test(screen()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


def save_events(data_dir: Path) -> list[dict[str, Any]]:
    """The events of the one game in the data folder: its save, or its finished transcript."""
    from kc_tui.storage import read_document

    saves = sorted((data_dir / "saves").glob("*.json"))
    if saves:
        assert len(saves) == 1, saves
        return list(read_document(saves[0])["events"])
    kept = sorted((data_dir / "transcripts").glob("*.jsonl"))
    assert len(kept) == 1, kept
    return [json.loads(line) for line in kept[0].read_text().splitlines()]
