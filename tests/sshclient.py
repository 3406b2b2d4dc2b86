"""An SSH player for the tests: an asyncssh client whose output is drawn on a ``pyte`` screen
(a terminal emulator in memory) and kept byte for byte, so a test reads the screen as a person
would and checks everything the server ever sent."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import asyncssh
import pyte

KEYS = {
    "enter": b"\r", "escape": b"\x1b", "tab": b"\t", "space": b" ", "backspace": b"\x7f",
    "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
    "home": b"\x1b[H", "end": b"\x1b[F", "ctrl+c": b"\x03", "ctrl+d": b"\x04", "ctrl+u": b"\x15",
}


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")


class _Guest(asyncssh.SSHClient):
    """Signs in as a person without a key does: keyboard-interactive, with nothing to answer."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Any) -> list[str]:
        return ["" for _ in prompts]


USER = "a-tester-offered-no-name"
"""The user name the tests sign in with: longer than a name may be (20), so a first visit is
offered none and asks as it did (a test of the offer signs in as ``user="dora"``)."""


async def connect(port: int, key: asyncssh.SSHKey | None, user: str = USER,
                  **options: Any) -> asyncssh.SSHClientConnection:
    """A signed-in connection to the test server (with ``key``, or as a guest with none)."""
    if key is None:
        options.update(client_factory=_Guest, preferred_auth="keyboard-interactive")
    return await asyncssh.connect(
        "127.0.0.1", port, username=user, known_hosts=None,
        client_keys=[key] if key is not None else [], agent_path=None, **options,
    )


class Player:
    """One session: ``screen`` is what the person sees, ``received`` every byte sent to them."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.stdin: asyncssh.SSHWriter[bytes] | None = None
        self.stdout: asyncssh.SSHReader[bytes] | None = None
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self._pump: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self._text: str | None = None
        self.on_data: Callable[[bytes], None] | None = None
        """Called with every chunk received, after it is drawn on the screen."""

    @classmethod
    async def open(cls, port: int, key: asyncssh.SSHKey | None, *, term: str | None = "xterm-256color",
                   command: str | None = None, columns: int = 80, rows: int = 24,
                   env: dict[str, str] | None = None, user: str = USER) -> Player:
        player = cls(columns, rows)
        player.conn = await connect(port, key, user)
        options: dict[str, Any] = {"encoding": None, "env": env or {}}
        if term is not None:
            options.update(term_type=term, term_size=(columns, rows))
        process = await player.conn.create_process(command, **options)
        player.process = process
        player.stdin, player.stdout = process.stdin, process.stdout
        player._pump = asyncio.get_running_loop().create_task(player._read())
        return player

    async def _read(self) -> None:
        assert self.stdout is not None
        try:
            while True:
                data = await self.stdout.read(65536)
                if not data:
                    break
                self.received += data
                self.stream.feed(data)
                self._text = None
                if self.on_data is not None:
                    self.on_data(data)
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()
            if self.conn is not None:
                self.conn.close()  # as OpenSSH's client does once its one session has ended

    def text(self) -> str:
        """The screen as text (drawn again only after new output)."""
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    def press(self, *keys: str) -> None:
        assert self.stdin is not None
        for key in keys:
            self.stdin.write(KEYS.get(key, key.encode()))

    def type(self, text: str) -> None:
        assert self.stdin is not None
        self.stdin.write(text.encode())

    def resize(self, columns: int, rows: int) -> None:
        assert self.process is not None
        self.screen.resize(rows, columns)
        self._text = None
        self.process.change_terminal_size(columns, rows)

    async def wait_for(self, text: str, timeout: float = 15.0, *, raw: bool = False) -> None:
        """Until ``text`` is on the screen (or, with ``raw``, anywhere in what was received)."""
        deadline = time.monotonic() + timeout
        while True:
            have = self.received.decode("utf-8", "replace") if raw else self.text()
            if text in have:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen shows:\n{self.text()}")
            await asyncio.sleep(0.05)

    async def wait_until(self, condition: Callable[[str], bool], what: str, timeout: float = 15.0) -> None:
        """Until ``condition(screen text)`` holds."""
        deadline = time.monotonic() + timeout
        while not condition(self.text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"never: {what}; the screen shows:\n{self.text()}")
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
        if self._pump is not None:
            await asyncio.wait([self._pump], timeout=5)
