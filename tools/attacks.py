"""The attacks of issue 25, run against a table server while a canary plays.

    .venv/bin/python tools/attacks.py [--only NAME ...] [--scale F] [--timeout SECONDS] [--json]
    .venv/bin/python tools/attacks.py --port P [--web-port W] [--pid PID] ...   (a server already running)

By default each attack gets a fresh ``kings-corner serve`` of its own, on 127.0.0.1 only, with a
temporary data folder, ``--guests`` and ``--web``, started with a cap on its address space
(``--memory-cap``) and on its open files (``--nofile``), and killed should its memory pass
``--kill-rss``: an attack that works cannot take the machine down with it.  The wrong-keys attack
gets a server started with ``--authorized-keys`` (the canary's and the newcomers' keys only).

For each attack:

- the canary, a line-mode player (``ssh ... plain``) who has signed in and named itself, types
  ``tables`` every half second and times each answer (the time to the next ``lobby>`` prompt);
  the attack's figures are the median and the worst of those answers while the attack ran (an
  answer still awaited when it is counted shows as ``>``, a canary whose connection was cut as
  ``lost``);
- the server's memory (VmRSS of ``/proc/PID/status``) and open files (the entries of
  ``/proc/PID/fd``), sampled ten times a second: at rest, the peak during the attack, after it;
- a newcomer (a new key, from an address of its own) tries to reach the lobby (connect, name
  itself, get the list of tables) during the attack, again every second until it gets in or the
  attack's time is up, and once more after the attack let go;
- held or failed: held when the canary's worst answer came within 1 s, the memory stayed under
  400 MB, and the newcomer got in both during and after the attack.

The attacks are those of the issue's table (1 to 8), and its last measure (9): after 1,000
people came in and went, the memory is back within 25 MB of its level and the open files within
two.  ``--scale`` multiplies every count and amount; each has its option too.

Attackers connect from addresses of their own in 127.0.0.0/8 (the canary from 127.0.0.2, each
newcomer from another), so a limit per address stops an attacker, not the canary; the attacks
that hold many connections use one address each, as many machines would, and the one-address
attack uses one.  Every attack is bounded in count and in time (``--timeout``, 20 s by default,
is how long it holds what it took; the cycles may take two minutes more) and only ever connects
to 127.0.0.1.  An attack that fails to run is reported as an error, and the others still run.
The exit status is 1 if any attack failed or could not run.

With ``--port`` the attacks go to a server already running (it must admit any key, as the canary
and the newcomers bring keys of their own); its memory and open files are read from ``--pid`` or
the process listening on the port, and the wrong-keys attack only means something if it was
started with ``--authorized-keys``.

Nothing here imports the game or the tests: asyncssh and aiohttp only, and Linux's ``/proc``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import secrets
import shlex
import shutil
import signal
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, Sequence

import aiohttp
import asyncssh

HOST = "127.0.0.1"
REPO = Path(__file__).resolve().parent.parent
CANARY_ADDRESS = "127.0.0.2"
MB = 1024 * 1024
HELD_DELAY = 1.0
"""The canary's worst answer under an attack that the server held (seconds)."""
HELD_MEMORY = 400 * MB
CYCLES_MEMORY = 25 * MB
"""How far above its level at rest the memory may stay after the connect-and-leave cycles."""
CYCLES_SECONDS = 120.0
"""How long the connect-and-leave cycles may take beyond the attack's time."""
NEWCOMER_SECONDS = 10.0
"""How long one newcomer waits to reach the lobby."""
PROMPT = re.compile(r"(?:> |leave\)\. )$")
"""The end of what the line mode sends when it waits for a line: ``lobby> ``, ``table> ``,
``NAME> `` or the round's end."""


# ---------------------------------------------------------------------------- clients

def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def new_name(prefix: str) -> str:
    """A name nobody has taken yet, even on a server that outlives one run of the script."""
    return prefix + secrets.token_hex(2)


class Addresses:
    """Source addresses for the attackers: each call a loopback address not used before."""

    def __init__(self) -> None:
        self._next = 0

    def __call__(self) -> str:
        n = self._next
        self._next += 1
        return f"127.1.{n // 250}.{n % 250 + 1}"


async def connect(port: int, key: asyncssh.SSHKey | None, address: str, *, timeout: float = NEWCOMER_SECONDS,
                  **options: Any) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        HOST, port, username="attacks", known_hosts=None, client_keys=[key] if key else None,
        agent_path=None, local_addr=(address, 0), connect_timeout=timeout, login_timeout=timeout,
        preferred_auth="publickey", **options)


class Session:
    """One SSH session: what it received (kept, or only counted) and a way to type into it."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes],
                 keep: bool = True) -> None:
        self.conn = conn
        self.process = process
        self.keep = keep
        self.received = bytearray()
        self.count = 0
        self.ended = False
        self._arrived = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection, command: str | None = "plain", *,
                   keep: bool = True, **options: Any) -> Session:
        process = await conn.create_process(command, encoding=None, **options)
        return cls(conn, process, keep)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(1 << 16)
                if not data:
                    break
                self.count += len(data)
                if self.keep:
                    self.received += data
                self._arrived.set()
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.ended = True
            self._arrived.set()

    def mark(self) -> int:
        return len(self.received)

    def text(self, since: int = 0) -> str:
        return self.received[since:].decode("utf-8", "replace")

    def type(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\n")

    async def until(self, test: Callable[[str], bool], timeout: float, since: int = 0) -> bool:
        """Until ``test(text since the mark)`` holds: False if the time ran out or the session ended."""
        deadline = time.monotonic() + timeout
        while True:
            self._arrived.clear()
            if test(self.text(since)):
                return True
            left = deadline - time.monotonic()
            if self.ended or left <= 0:
                return False
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                pass

    async def first_output(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.count and not self.ended and time.monotonic() < deadline:
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), deadline - time.monotonic())
            except TimeoutError:
                break
        return self.count > 0

    async def close(self) -> None:
        self.process.close()
        self._reader.cancel()


def first_line(text: str, limit: int = 90) -> str:
    line = next((s.strip() for s in text.splitlines() if s.strip()), "")
    return line[:limit] + ("..." if len(line) > limit else "")


class _Kept(Exception):
    """Why a person did not reach the lobby."""


async def reach_lobby(port: int, key: asyncssh.SSHKey, address: str, name: str,
                      timeout: float = NEWCOMER_SECONDS) -> tuple[Session | None, str]:
    """A person connects, names themselves and gets the tables: their session, or None and why not."""
    conn: asyncssh.SSHClientConnection | None = None
    try:
        conn = await asyncio.wait_for(connect(port, key, address, timeout=timeout), timeout)
        session = await asyncio.wait_for(Session.open(conn), timeout)
        if not await session.until(lambda t: "name" in t.lower() or "lobby> " in t, timeout):
            raise _Kept(first_line(session.text()) or
                        ("the session ended" if session.ended else f"no answer in {timeout:g} s"))
        if "lobby> " not in session.text():
            session.type(name)
        if not await session.until(lambda t: "lobby> " in t, timeout):
            raise _Kept(first_line(session.text().split(": ", 1)[-1]) or f"no lobby in {timeout:g} s")
        return session, "in"
    except _Kept as kept:
        why = str(kept)
    except asyncssh.DisconnectError as exc:
        why = f"refused: {first_line(re.sub(r' [(]error [0-9]+[)]$', '', exc.reason))}"
    except TimeoutError:
        why = f"no answer in {timeout:g} s"
    except (OSError, asyncssh.Error) as exc:
        why = f"{type(exc).__name__}: {first_line(str(exc))}"
    if conn is not None:
        conn.close()
    return None, why


class RawHolders:
    """TCP connections that send one thing (or nothing) and then only listen, until closed."""

    def __init__(self) -> None:
        self.writers: list[asyncio.StreamWriter] = []
        self.readers: list[asyncio.Task[None]] = []
        self.failed: dict[str, int] = {}

    async def open(self, port: int, address: str, first: bytes, timeout: float = 3.0) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(HOST, port, local_addr=(address, 0)), timeout)
        except (TimeoutError, OSError) as exc:
            why = "no answer in 3 s" if isinstance(exc, asyncio.TimeoutError) else type(exc).__name__
            self.failed[why] = self.failed.get(why, 0) + 1
            return
        if first:
            writer.write(first)
        self.writers.append(writer)
        self.readers.append(asyncio.get_running_loop().create_task(self._drain(reader)))

    @staticmethod
    async def _drain(reader: asyncio.StreamReader) -> None:
        try:
            while await reader.read(1 << 16):
                pass
        except OSError:
            pass

    def still_open(self) -> int:
        return sum(1 for task in self.readers if not task.done())

    def close(self) -> None:
        for writer in self.writers:
            writer.close()
        for task in self.readers:
            task.cancel()

    def refusals(self) -> str:
        return ", ".join(f"{n} {why}" for why, n in self.failed.items())


async def bounded(jobs: Sequence[Callable[[], Awaitable[None]]], at_once: int, deadline: float) -> None:
    """Run ``jobs``, ``at_once`` at a time, starting none after ``deadline``."""
    queue = list(reversed(jobs))

    async def worker() -> None:
        while queue and time.monotonic() < deadline:
            await queue.pop()()

    await asyncio.gather(*(worker() for _ in range(at_once)))


# ---------------------------------------------------------------------------- the server

def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def listening_pid(port: int) -> int | None:
    """The process listening on 127.0.0.1:``port`` (one of this user's), from /proc."""
    inodes = set()
    try:
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and int(local.split(":")[1], 16) == port:
                inodes.add(f"socket:[{inode}]")
    except OSError:
        return None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in fds):
                return int(pid)
        except OSError:
            continue
    return None


class Server:
    """A ``kings-corner serve`` of the script's own, on 127.0.0.1, in a temporary data folder."""

    def __init__(self, folder: Path, args: argparse.Namespace, *, web: bool = True,
                 authorized: Path | None = None) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.out = folder / "serve.out"
        self.log = folder / "serve.log"
        self.port = free_port()
        self.web_port: int | None = free_port() if web else None
        command = [sys.executable, "-m", "kc_tui", "serve", "--host", HOST, "--port", str(self.port),
                   "--data-dir", str(self.data)]
        if web:
            command += ["--web", str(self.web_port), "--guests"]
        if authorized is not None:
            command += ["--authorized-keys", str(authorized)]
        command += shlex.split(args.serve_args)
        self.command = command
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        with open(self.out, "wb") as out, open(self.log, "wb") as log:
            self.process = subprocess.Popen(self.command, cwd=REPO, stdout=out, stderr=log,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        # Set from here rather than in the child before exec (preexec_fn is unsafe with threads).
        memory = int(self.args.memory_cap)
        resource.prlimit(self.process.pid, resource.RLIMIT_AS, (memory, memory))
        resource.prlimit(self.process.pid, resource.RLIMIT_NOFILE, (self.args.nofile, self.args.nofile))
        deadline = time.monotonic() + 60
        while b"Stop with Ctrl+C." not in self.out.read_bytes():
            if self.process.poll() is not None or time.monotonic() > deadline:
                tail = self.log.read_text(errors="replace")[-600:]
                raise RuntimeError(f"the server did not start: {tail or 'no output'}")
            await asyncio.sleep(0.1)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def log_since(self, offset: int) -> str:
        with open(self.log, "rb") as f:
            f.seek(offset)
            return f.read().decode("utf-8", "replace")

    async def stop(self) -> str:
        """SIGTERM, then SIGKILL if it has not stopped in 10 s; how it went."""
        process = self.process
        if process is None or process.poll() is not None:
            return "had already stopped"
        process.send_signal(signal.SIGTERM)
        for _ in range(100):
            if process.poll() is not None:
                return "stopped"
            await asyncio.sleep(0.1)
        process.kill()
        process.wait()
        return "was killed: it did not stop within 10 s of SIGTERM"


class Watch(threading.Thread):
    """Samples a process's memory and open files ten times a second (in a thread of its own, so a
    busy attack cannot delay it) and kills the process should its memory pass ``kill_rss``."""

    def __init__(self, pid: int | None, kill_rss: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.kill_rss = kill_rss
        self.rss = self.fds = 0
        self.peak_rss = self.peak_fds = 0
        self.killed = False
        self.gone = False
        self._stop_event = threading.Event()

    def sample(self) -> None:
        if self.pid is None or self.gone:
            return
        try:
            status = Path(f"/proc/{self.pid}/status").read_text()
            fds = len(os.listdir(f"/proc/{self.pid}/fd"))
        except OSError:
            self.gone = True
            return
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
        if found is None:  # a zombie: it has exited
            self.gone = True
            return
        self.rss, self.fds = int(found.group(1)) * 1024, fds
        self.peak_rss, self.peak_fds = max(self.peak_rss, self.rss), max(self.peak_fds, fds)
        if self.rss > self.kill_rss and not self.killed:
            self.killed = True
            os.kill(self.pid, signal.SIGKILL)

    def reset(self) -> None:
        self.sample()
        self.peak_rss, self.peak_fds = self.rss, self.fds

    def run(self) -> None:
        while not self._stop_event.wait(0.1):
            self.sample()

    def stop(self) -> None:
        self._stop_event.set()
        self.join(5)


class Canary(threading.Thread):
    """A line-mode player who types ``tables`` every half second and times the answers, in a
    thread (and event loop) of its own so that the attack's work in the script does not count."""

    def __init__(self, port: int, key: asyncssh.SSHKey, every: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.key = key
        self.every = every
        self.asked: list[float] = []
        self.answered: dict[int, float] = {}
        self.ready = threading.Event()
        self.failure: str | None = None
        self.lost_at: float | None = None
        self._stop_event = threading.Event()

    def run(self) -> None:
        try:
            asyncio.run(self._play())
        except Exception as exc:  # the canary's own failure is a figure, not a crash
            self.failure = self.failure or f"{type(exc).__name__}: {exc}"
        finally:
            self.ready.set()

    async def _play(self) -> None:
        session, why = await reach_lobby(self.port, self.key, CANARY_ADDRESS, new_name("Canary"), timeout=30)
        if session is None:
            self.failure = f"the canary could not reach the lobby: {why}"
            return
        self.ready.set()
        try:
            while not self._stop_event.is_set():
                mark = session.mark()
                asked = time.monotonic()
                number = len(self.asked)
                self.asked.append(asked)
                session.type("tables")
                while not self._stop_event.is_set():
                    if await session.until(lambda t: t.endswith("lobby> "), 0.25, since=mark):
                        self.answered[number] = time.monotonic() - asked
                        break
                    if session.ended:
                        self.lost_at = time.monotonic()
                        return
                await asyncio.sleep(max(0.0, asked + self.every - time.monotonic()))
        finally:
            session.conn.close()

    def stop(self) -> None:
        self._stop_event.set()
        self.join(10)

    def during(self, start: float, end: float, now: float) -> tuple[list[float], bool, bool]:
        """The delays of the questions that were open at some time in [start, end]; whether one
        of them is still unanswered (its delay so far is counted); whether the canary was lost."""
        delays, waiting = [], False
        for number, asked in enumerate(list(self.asked)):
            delay = self.answered.get(number)
            if asked > end or (delay is not None and asked + delay < start):
                continue
            if delay is None:
                delay, waiting = now - asked, True
            delays.append(delay)
        lost = self.lost_at is not None and self.lost_at <= now
        return delays, waiting, lost


# ---------------------------------------------------------------------------- one attack's run

@dataclass
class Row:
    """The figures of one attack."""

    number: int
    name: str
    what: str
    canary_answers: int = 0
    canary_median: float | None = None
    canary_worst: float | None = None
    canary_waiting: bool = False
    canary_lost: bool = False
    rss_rest: int = 0
    rss_peak: int = 0
    rss_after: int = 0
    fds_rest: int = 0
    fds_peak: int = 0
    fds_after: int = 0
    log_bytes: int | None = None
    """What the server's log grew by (None: a server not started here)."""
    killed: bool = False
    newcomer_during: str = "not tried"
    newcomer_after: str = "not tried"
    detail: str = ""
    error: str | None = None
    stopped: str = ""
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def held(self) -> bool:
        return self.error is None and not self.failures

    def judge(self) -> None:
        if self.error is not None:
            return
        if self.canary_lost:
            self.failures.append("canary lost")
        elif self.canary_worst is None:
            self.failures.append("canary never answered")
        elif self.canary_worst >= HELD_DELAY or self.canary_waiting:
            self.failures.append(f"canary {seconds(self.canary_worst, self.canary_waiting)}")
        if self.killed:
            self.failures.append(f"memory over {self.rss_peak // MB:,} MB: killed")
        elif self.rss_peak >= HELD_MEMORY:
            self.failures.append(f"memory {self.rss_peak // MB:,} MB")
        if not self.newcomer_during.startswith("in"):
            self.failures.append("newcomer kept out during")
        if not self.newcomer_after.startswith("in"):
            self.failures.append("newcomer kept out after")

    def result(self) -> str:
        if self.error is not None:
            return f"error: {self.error}"
        return "held" if self.held else "FAILED: " + ", ".join(self.failures)


def seconds(value: float | None, waiting: bool = False) -> str:
    if value is None:
        return "-"
    text = f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"
    return (">" if waiting else "") + text


class Context:
    """What an attack is given: the server's ports, its deadline, the newcomers' keys and
    :meth:`peak`, which it calls once its load is in place."""

    def __init__(self, row: Row, args: argparse.Namespace, port: int, web_port: int | None,
                 deadline: float, server: Server | None, watch: Watch,
                 people: list[tuple[asyncssh.SSHKey, str]]) -> None:
        self.row = row
        self.args = args
        self.port = port
        self.web_port = web_port
        self.deadline = deadline
        self.server = server
        self.watch = watch
        self.address = Addresses()
        self._people = people
        """The newcomers' keys and names, taken in turn."""
        self._tried = 0

    async def newcomer(self, deadline: float) -> str:
        """A newcomer tries to reach the lobby until it gets in or ``deadline`` (at least once)."""
        started = time.monotonic()
        why = "not tried"
        while True:
            key, name = self._people[self._tried % len(self._people)]
            self._tried += 1
            address = f"127.0.9.{self._tried % 250 + 1}"
            session, why = await reach_lobby(self.port, key, address, name)
            if session is not None:
                session.conn.close()
                took = time.monotonic() - started
                return "in" + (f" after {took:.1f} s" if took >= 1 else "")
            if time.monotonic() + 1 >= deadline:
                return why
            await asyncio.sleep(1)

    def left(self) -> float:
        """Seconds to the deadline."""
        return self.deadline - time.monotonic()

    async def peak(self) -> None:
        """The attack's load is in place: a newcomer tries, then the load is held to the deadline."""
        self.row.newcomer_during = await self.newcomer(self.deadline)
        await asyncio.sleep(max(0.0, self.deadline - time.monotonic()))


Attack = Callable[[Context], Awaitable[str]]


@dataclass(frozen=True)
class AttackEntry:
    number: int
    name: str
    what: Callable[[argparse.Namespace], str]
    run: Attack
    web: bool = False
    authorized: bool = False


def scaled(args: argparse.Namespace, value: int) -> int:
    return max(1, int(value * args.scale + 0.5))


# ---------------------------------------------------------------------------- the attacks

async def pty_attack(ctx: Context) -> str:
    size = ctx.args.pty
    conn = await connect(ctx.port, new_key(), ctx.address())
    sessions: list[Session] = []
    try:
        # One session asks for the size at once, one is resized to it: the window change first,
        # while the server still answers.
        small = await asyncio.wait_for(Session.open(conn, None, keep=False, term_type="xterm-256color",
                                                    term_size=(80, 24)), 10)
        sessions.append(small)
        await small.first_output(10)
        small.process.change_terminal_size(size, size)
        try:
            sessions.append(await asyncio.wait_for(Session.open(
                conn, None, keep=False, term_type="xterm-256color", term_size=(size, size)), 5))
            opened = "both sessions opened"
        except (TimeoutError, asyncssh.Error, OSError) as exc:
            opened = f"the second session was not opened ({type(exc).__name__})"
        await ctx.peak()
        cut = sum(1 for s in sessions if s.ended)
        return (f"{opened}; received {sum(s.count for s in sessions) / MB:.1f} MB of screen; "
                f"{cut} session{'s' if cut != 1 else ''} cut")
    finally:
        conn.close()


async def flood_attack(ctx: Context) -> str:
    amount = scaled(ctx.args, ctx.args.flood)
    conn = await connect(ctx.port, new_key(), ctx.address())
    try:
        session = await asyncio.wait_for(Session.open(conn, None, keep=False, term_type="xterm-256color",
                                                      term_size=(80, 24)), 10)
        await session.first_output(10)
        garbage = os.urandom(amount)
        started = time.monotonic()
        sent = 0
        for at in range(0, amount, 1 << 16):
            session.process.stdin.write(garbage[at:at + (1 << 16)])
            sent += min(1 << 16, amount - at)
            try:
                await asyncio.wait_for(session.process.stdin.drain(), max(0.1, ctx.left()))
            except TimeoutError:
                break
        took = time.monotonic() - started
    finally:
        conn.close()  # hangs up
    await ctx.peak()
    return f"sent {sent / MB:.1f} MB in {took:.1f} s, then hung up"


async def web_flood_attack(ctx: Context) -> str:
    amount = scaled(ctx.args, ctx.args.web_flood)
    base = f"http://{HOST}:{ctx.web_port}"
    connector = aiohttp.TCPConnector(local_addr=(ctx.address(), 0))
    jar = aiohttp.CookieJar(unsafe=True)  # the cookie of a page at an address, not a name
    timeout = aiohttp.ClientTimeout(total=None, sock_connect=10)
    letters = string.ascii_letters + string.digits + string.punctuation + " \r\t\x1b"
    sent = 0
    took = 0.0

    async def send(ws: aiohttp.ClientWebSocketResponse) -> None:
        nonlocal sent, took
        started = time.monotonic()
        while sent < amount:
            chunk = "".join(random.choices(letters, k=min(4000, amount - sent)))
            await ws.send_str(json.dumps(["stdin", chunk]))  # waits while the server reads no more
            sent += len(chunk)
        took = time.monotonic() - started

    async with aiohttp.ClientSession(connector=connector, cookie_jar=jar, timeout=timeout) as http:
        async with http.get(base + "/") as page:
            await page.read()
        ws = await http.ws_connect(base + "/ws?width=80&height=24",
                                   timeout=aiohttp.ClientWSTimeout(ws_close=5))
        try:
            await asyncio.wait_for(ws.receive(), 10)
            # The frames go while the newcomer tries: a server that reads them slowly is still busy.
            sender = asyncio.get_running_loop().create_task(send(ws))
            await asyncio.wait({sender}, timeout=2)
            await ctx.peak()
            if not sender.done():
                sender.cancel()
                how = f"the server had read {sent / MB:.1f} MB of them when the attack's time was up"
            else:
                how = f"sent in {took:.1f} s"
        finally:
            try:
                await asyncio.wait_for(ws.close(), 5)
            except TimeoutError:
                pass
    return f"{amount / MB:.1f} MB of key frames: {how}; then closed the tab"


async def no_session_attack(ctx: Context) -> str:
    count = scaled(ctx.args, ctx.args.connections)
    keys = [new_key() for _ in range(count)]
    held: list[asyncssh.SSHClientConnection] = []
    refused: dict[str, int] = {}

    def one(key: asyncssh.SSHKey) -> Callable[[], Awaitable[None]]:
        async def job() -> None:
            try:
                held.append(await asyncio.wait_for(connect(ctx.port, key, ctx.address()), NEWCOMER_SECONDS))
            except (TimeoutError, OSError, asyncssh.Error) as exc:
                reason = re.sub(r" [(]error [0-9]+[)]$", "", getattr(exc, "reason", ""))
                why = first_line(reason or type(exc).__name__, 60)
                refused[why] = refused.get(why, 0) + 1
        return job

    try:
        await bounded([one(k) for k in keys], 16, ctx.deadline)
        signed_in = len(held)
        await ctx.peak()
        still = sum(1 for c in held if not c.is_closed())
    finally:
        for conn in held:
            conn.close()
    refusals = "; refused: " + ", ".join(f"{n} {why}" for why, n in refused.items()) if refused else ""
    return f"{signed_in} of {count} signed in, {still} still open at the end{refusals}"


async def raw_attack(ctx: Context, port: int, count: int, first: bytes, one_address: bool) -> str:
    holders = RawHolders()
    address = ctx.address()
    jobs = [lambda: holders.open(port, address if one_address else ctx.address(), first)
            for _ in range(count)]
    try:
        await bounded(jobs, 32, ctx.deadline)
        opened = len(holders.writers)
        await ctx.peak()
        still = holders.still_open()
    finally:
        holders.close()
    failed = f"; not connected: {holders.refusals()}" if holders.failed else ""
    return f"{opened} of {count} connected, {still} still open at the end{failed}"


async def version_only_attack(ctx: Context) -> str:
    return await raw_attack(ctx, ctx.port, scaled(ctx.args, ctx.args.connections), b"SSH-2.0-x\r\n", False)


def _too_many(ctx: Context, offset: int) -> str:
    if ctx.server is None:
        return ""
    text = ctx.server.log_since(offset)
    return f"; the log says 'Too many open files' {text.count('Too many open files')} times"


async def silent_attack(ctx: Context) -> str:
    offset = ctx.server.log_size() if ctx.server else 0
    figures = await raw_attack(ctx, ctx.port, scaled(ctx.args, ctx.args.silent), b"", True)
    return figures + _too_many(ctx, offset)


async def web_headers_attack(ctx: Context) -> str:
    assert ctx.web_port is not None
    offset = ctx.server.log_size() if ctx.server else 0
    header = f"GET / HTTP/1.1\r\nHost: {HOST}:{ctx.web_port}\r\n".encode()
    figures = await raw_attack(ctx, ctx.web_port, scaled(ctx.args, ctx.args.silent), header, True)
    return figures + _too_many(ctx, offset)


async def channels_attack(ctx: Context) -> str:
    count = scaled(ctx.args, ctx.args.channels)
    conn = await connect(ctx.port, new_key(), ctx.address())
    sessions: list[Session] = []
    refused_open = 0
    try:
        for _ in range(count):
            if time.monotonic() > ctx.deadline:
                break
            try:
                sessions.append(await asyncio.wait_for(Session.open(conn), 5))
            except (TimeoutError, asyncssh.Error, OSError):
                refused_open += 1
        await asyncio.gather(*(s.until(lambda t: bool(t.strip()), 5) for s in sessions))
        admitted = sum(1 for s in sessions if "name" in s.text().lower())
        refusal = next((first_line(s.text(), 70) for s in sessions if "name" not in s.text().lower()), "")
        await ctx.peak()
    finally:
        conn.close()
    told = f"; the others were told: {refusal}" if refusal else ""
    not_opened = f"; {refused_open} channels not opened" if refused_open else ""
    return f"{len(sessions)} channels opened, {admitted} got a session{told}{not_opened}"


async def tables_attack(ctx: Context) -> str:
    count = scaled(ctx.args, ctx.args.tables)
    conn = await connect(ctx.port, new_key(), ctx.address())
    made = tried = 0
    refusal = ""
    listed = 0
    try:
        session = await asyncio.wait_for(Session.open(conn), 10)
        await session.until(lambda t: "name" in t.lower(), 10)
        session.type(new_name("Mallory"))
        await session.until(lambda t: "lobby> " in t, 10)

        async def say(line: str, done: Callable[[str], bool]) -> str:
            mark = session.mark()
            session.type(line)
            await session.until(done, 10, since=mark)
            return session.text(mark)

        def prompt(text: str) -> bool:
            return bool(PROMPT.search(text))

        def in_lobby(text: str) -> bool:
            return "lobby> " in text

        while tried < count and time.monotonic() < ctx.deadline and not session.ended:
            tried += 1
            # Made: at the table (its prompt); refused: the sentence, and the lobby's prompt again.
            answer = await say("new open hard", lambda t: in_lobby(t) or ("is made" in t and prompt(t)))
            if "is made" not in answer:
                refusal = refusal or first_line(answer, 70)
                continue
            made += 1
            if "type start" in answer:
                await say("start", prompt)
            await say("leave", in_lobby)
            session.received.clear()  # the answers are read as they come; none is kept
        listed = sum(1 for line in (await say("tables", in_lobby)).splitlines() if re.match(r"\d+\. ", line))
        await ctx.peak()
    finally:
        conn.close()
    files = ""
    if ctx.server is not None:
        found = [p for p in ctx.server.data.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in found) / MB
        files = f"; the data folder holds {len(found)} files, {size:.1f} MB"
    refused = f"; refused: {refusal}" if refusal else ""
    return f"{made} of {tried} tables made, {listed} listed to everyone{files}{refused}"


async def env_attack(ctx: Context) -> str:
    count, size = scaled(ctx.args, ctx.args.env_count), ctx.args.env_size
    value = "x" * size
    env = {f"ATTACK_{n:05d}": value for n in range(count)}
    conn = await connect(ctx.port, new_key(), ctx.address())
    try:
        started = time.monotonic()
        session = await asyncio.wait_for(Session.open(conn, env=env), max(10.0, ctx.left()))
        answered = await session.until(lambda t: bool(t.strip()), max(1.0, ctx.left()))
        took = time.monotonic() - started
        await session.close()
        await ctx.peak()
    finally:
        conn.close()
    sent = count * (size + 12) / MB
    return (f"sent {sent:.0f} MB of environment in {took:.1f} s; the session "
            f"{'answered' if answered else 'did not answer'}; closed before the newcomer came")


class _KeyTrier(asyncssh.SSHClient):
    """Offers its keys one at a time, counting them."""

    def __init__(self, keys: list[asyncssh.SSHKey]) -> None:
        self.keys = iter(keys)
        self.tried = 0

    def public_key_auth_requested(self) -> asyncssh.SSHKey | None:
        key = next(self.keys, None)
        if key is not None:
            self.tried += 1
        return key


async def wrong_keys_attack(ctx: Context) -> str:
    count = scaled(ctx.args, ctx.args.keys)
    keys = [new_key() for _ in range(count)]
    trier = _KeyTrier(keys)
    offset = ctx.server.log_size() if ctx.server else 0
    started = time.monotonic()
    try:
        conn = await asyncio.wait_for(asyncssh.connect(
            HOST, ctx.port, username="attacks", known_hosts=None, client_keys=None, agent_path=None,
            local_addr=(ctx.address(), 0), client_factory=lambda: trier, preferred_auth="publickey",
            login_timeout=max(5.0, ctx.left())), max(5.0, ctx.left()))
        conn.close()
        ending = "SIGNED IN: the server admits any key (start it with --authorized-keys)"
    except asyncssh.PermissionDenied:
        ending = "then permission denied"
    except asyncssh.DisconnectError as exc:
        ending = f"then disconnected: {first_line(exc.reason, 60)}"
    except (TimeoutError, OSError) as exc:
        ending = f"then {type(exc).__name__}"
    took = time.monotonic() - started
    logged = ""
    if ctx.server is not None:
        logged = f"; {ctx.server.log_since(offset).count('refused key')} log lines about refused keys"
    await ctx.peak()
    return f"{trier.tried} of {count} keys tried in {took:.1f} s, {ending}{logged}"


async def cycles_attack(ctx: Context) -> str:
    """The issue's last measure: after many people came and went, memory and open files are
    back at their level."""
    count = scaled(ctx.args, ctx.args.cycles)
    people = [(new_key(), new_name("Visitor")) for _ in range(20)]  # the same few people, again and again
    done = 0
    kept: dict[str, int] = {}

    def one(n: int) -> Callable[[], Awaitable[None]]:
        async def job() -> None:
            nonlocal done
            key, name = people[n % len(people)]
            session, why = await reach_lobby(ctx.port, key, ctx.address(), name)
            if session is None:
                kept[why] = kept.get(why, 0) + 1
                return
            session.type("quit")
            await session.until(lambda t: "Goodbye" in t, 5)
            session.conn.close()
            await session.conn.wait_closed()
            done += 1
        return job

    # The newcomer tries while the cycles run; they may outlast the attack's time.
    during = asyncio.get_running_loop().create_task(ctx.peak())
    await bounded([one(n) for n in range(count)], 8, ctx.deadline + CYCLES_SECONDS)
    await during
    await asyncio.sleep(3)  # the last sessions' ends settle
    ctx.watch.sample()
    rest_rss, rest_fds = ctx.row.rss_rest, ctx.row.fds_rest
    grown, more_fds = ctx.watch.rss - rest_rss, ctx.watch.fds - rest_fds
    if grown > CYCLES_MEMORY or more_fds > 2:
        ctx.row.failures.append(f"not back at its level: {grown / MB:+.0f} MB, {more_fds:+d} open files")
    refusals = "; not in: " + ", ".join(f"{n} {why}" for why, n in kept.items()) if kept else ""
    return (f"{done} of {count} came and went; then {ctx.watch.rss / MB:.0f} MB ({grown / MB:+.0f}) and "
            f"{ctx.watch.fds} open files ({more_fds:+d}){refusals}")


ATTACKS = (
    AttackEntry(1, "pty", lambda a: f"a pty of {a.pty} x {a.pty}, and a window change to it", pty_attack),
    AttackEntry(2, "flood", lambda a: f"{scaled(a, a.flood) / MB:g} MB of random bytes into a full-screen "
                "session, then hang up", flood_attack),
    AttackEntry(2, "webflood", lambda a: f"{scaled(a, a.web_flood) / MB:g} MB of key frames from a "
                "browser tab", web_flood_attack, web=True),
    AttackEntry(3, "nosession", lambda a: f"{scaled(a, a.connections)} signed-in connections that open no "
                "session, each from its own address", no_session_attack),
    AttackEntry(3, "versiononly", lambda a: f"{scaled(a, a.connections)} connections that send only the "
                "version line, each from its own address", version_only_attack),
    AttackEntry(4, "silent", lambda a: f"{scaled(a, a.silent)} silent connections from one address "
                f"(the server may open {a.nofile} files)", silent_attack),
    AttackEntry(4, "webheaders", lambda a: f"{scaled(a, a.silent)} unfinished HTTP headers on the web port "
                "from one address", web_headers_attack, web=True),
    AttackEntry(5, "channels", lambda a: f"{scaled(a, a.channels)} channels on one connection",
                channels_attack),
    AttackEntry(6, "tables", lambda a: f"one key makes, starts and leaves {scaled(a, a.tables)} tables",
                tables_attack),
    AttackEntry(7, "env", lambda a: f"{scaled(a, a.env_count):,} environment variables of "
                f"{a.env_size // 1000} KB on a channel", env_attack),
    AttackEntry(8, "wrongkeys", lambda a: f"{scaled(a, a.keys)} wrong keys on one connection",
                wrong_keys_attack, authorized=True),
    AttackEntry(9, "cycles", lambda a: f"{scaled(a, a.cycles):,} people come in, reach the lobby and "
                "leave, eight at a time", cycles_attack),
)


async def run_attack(entry: AttackEntry, args: argparse.Namespace, folder: Path) -> Row:
    row = Row(entry.number, entry.name, entry.what(args))
    began = time.monotonic()
    canary_key = new_key()
    people = [(new_key(), new_name("New")) for _ in range(40)]
    server: Server | None = None
    watch: Watch | None = None
    canary: Canary | None = None
    try:
        if args.port is None:
            authorized = None
            if entry.authorized:
                authorized = folder / "authorized_keys"
                keys = [canary_key, *(k for k, _ in people)]
                authorized.write_text("".join(k.export_public_key().decode() for k in keys))
            server = Server(folder, args, web=not entry.authorized, authorized=authorized)
            await server.start()
            port, web_port, pid = server.port, server.web_port, server.pid
        else:
            port, web_port, pid = args.port, args.web_port, args.pid or listening_pid(args.port)
        if entry.web and web_port is None:
            row.error = "no web port (--web-port)"
            return row
        watch = Watch(pid, int(args.kill_rss))
        watch.start()
        canary = Canary(port, canary_key)
        canary.start()
        await asyncio.get_running_loop().run_in_executor(None, canary.ready.wait, 40)
        if canary.failure is not None or not canary.ready.is_set():
            row.error = canary.failure or "the canary could not reach the lobby in 40 s"
            return row
        await asyncio.sleep(1.5)  # a few answers at rest
        watch.reset()
        row.rss_rest, row.fds_rest = watch.rss, watch.fds
        log_rest = server.log_size() if server else 0
        start = time.monotonic()
        ctx = Context(row, args, port, web_port, start + args.timeout, server, watch, people)
        try:
            row.detail = await asyncio.wait_for(entry.run(ctx), args.timeout + CYCLES_SECONDS + 60)
        except Exception as exc:
            row.error = f"{type(exc).__name__}: {first_line(str(exc), 120)}"
        end = time.monotonic()
        row.rss_peak, row.fds_peak, row.killed = watch.peak_rss, watch.peak_fds, watch.killed
        if not row.killed and not watch.gone:
            row.newcomer_after = await ctx.newcomer(0)
        else:
            row.newcomer_after = "the server is gone"
        watch.sample()
        row.rss_peak, row.fds_peak = max(row.rss_peak, watch.peak_rss), max(row.fds_peak, watch.peak_fds)
        row.rss_after, row.fds_after = watch.rss, watch.fds
        delays, row.canary_waiting, row.canary_lost = canary.during(start, end, time.monotonic())
        row.canary_answers = len(delays)
        if delays:
            row.canary_median, row.canary_worst = statistics.median(delays), max(delays)
        row.log_bytes = (server.log_size() - log_rest) if server else None
        row.judge()
    except Exception as exc:
        row.error = f"{type(exc).__name__}: {first_line(str(exc), 160)}"
    finally:
        if canary is not None:
            await asyncio.get_running_loop().run_in_executor(None, canary.stop)
        if server is not None:
            row.stopped = await server.stop()
        if watch is not None:
            watch.stop()
        row.seconds = time.monotonic() - began
    return row


# ---------------------------------------------------------------------------- output

def mb(value: int) -> str:
    return f"{value / MB:,.0f} MB"


def size(grown: int) -> str:
    return f"+{grown / MB:.1f} MB" if grown >= MB else f"+{grown // 1024} KB"


def describe(row: Row) -> str:
    lines = [f"== {row.number} {row.name}: {row.what}"]
    if row.canary_answers:
        canary = (f"{row.canary_answers} answers, median {seconds(row.canary_median)}, "
                  f"worst {seconds(row.canary_worst, row.canary_waiting)}")
        lines.append("   canary: " + canary + (" (then lost)" if row.canary_lost else ""))
    if row.rss_rest:
        killed = " (killed there)" if row.killed else ""
        log = f"; log {size(row.log_bytes)}" if row.log_bytes is not None else ""
        lines.append(f"   server: memory {mb(row.rss_rest)} at rest, peak {mb(row.rss_peak)}{killed}, "
                     f"{mb(row.rss_after)} after; open files {row.fds_rest} at rest, peak {row.fds_peak}, "
                     f"{row.fds_after} after{log}")
    lines.append(f"   a newcomer during: {row.newcomer_during}; after: {row.newcomer_after}")
    if row.detail:
        lines.append(f"   what happened: {row.detail}")
    if row.stopped and row.stopped != "stopped":
        lines.append(f"   the server {row.stopped}")
    lines.append(f"   -> {row.result()} ({row.seconds:.0f} s)")
    return "\n".join(lines)


def table(rows: list[Row]) -> str:
    out = ["| # | attack | canary median / worst | memory rest / peak / after | open files rest / peak "
           "| log | newcomer during / after | result | what happened |",
           "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        canary = (f"{seconds(row.canary_median)} / {seconds(row.canary_worst, row.canary_waiting)}"
                  + (" (lost)" if row.canary_lost else "")) if row.canary_answers else "-"
        memory = (f"{row.rss_rest // MB} / {row.rss_peak // MB}{' killed' if row.killed else ''} / "
                  f"{row.rss_after // MB} MB") if row.rss_rest else "-"
        files = f"{row.fds_rest} / {row.fds_peak}" if row.fds_rest else "-"
        log = size(row.log_bytes) if row.log_bytes is not None else "-"
        out.append(f"| {row.number} | {row.what} | {canary} | {memory} | {files} | {log} | "
                   f"{row.newcomer_during} / {row.newcomer_after} | {row.result()} | {row.detail} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    names = [a.name for a in ATTACKS]
    parser.add_argument("--only", nargs="+", metavar="NAME", default=None,
                        help=f"the attacks to run, by name or number: {', '.join(names)} (default all)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every count and amount")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds each attack holds (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--keep", action="store_true", help="keep the servers' data folders and logs")
    parser.add_argument("--port", type=int, default=None,
                        help="attack the server on this SSH port rather than start one per attack (the "
                        "wrong-keys attack needs it started with --authorized-keys)")
    parser.add_argument("--web-port", type=int, default=None, help="with --port: the server's web port")
    parser.add_argument("--pid", type=int, default=None,
                        help="with --port: the server's process (default: the one listening on the port)")
    parser.add_argument("--serve-args", default="",
                        help="more options for the servers started, e.g. '--max-sessions 32'")
    for option, default, what in (
            ("--memory-cap", 3_000_000_000, "the address space of a server started, in bytes"),
            ("--kill-rss", 2_000_000_000, "a server started is killed past this much memory, in bytes"),
            ("--nofile", 512, "the open files a server started may have"),
            ("--pty", 10000, "columns and rows asked for (attack 1)"),
            ("--flood", 2 * MB, "bytes sent into a session (2)"),
            ("--web-flood", MB, "characters sent in key frames (2)"),
            ("--connections", 150, "connections held (3)"),
            ("--silent", 600, "connections from one address (4)"),
            ("--channels", 200, "channels on one connection (5)"),
            ("--tables", 300, "tables made by one key (6)"),
            ("--env-count", 3000, "environment variables (7)"),
            ("--env-size", 30_000, "bytes of each (7)"),
            ("--keys", 300, "wrong keys tried (8)"),
            ("--cycles", 1000, "connect-and-leave cycles (9)")):
        parser.add_argument(option, type=type(default), default=default, help=f"{what}; default {default:,}")
    args = parser.parse_args(argv)
    if args.scale <= 0 or args.timeout <= 0:
        parser.error("--scale and --timeout must be positive")
    chosen = list(ATTACKS)
    if args.only:
        unknown = [w for w in args.only if w not in names and not any(str(a.number) == w for a in ATTACKS)]
        if unknown:
            parser.error(f"no attack {', '.join(unknown)}; the attacks are {', '.join(names)} (or 1 to 8)")
        chosen = [a for a in ATTACKS if a.name in args.only or str(a.number) in args.only]
    # The attacks hold hundreds of connections: the script may need more files than a shell's default.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    status: int = asyncio.run(_run(chosen, args))
    return status


async def _run(chosen: list[AttackEntry], args: argparse.Namespace) -> int:
    rows: list[Row] = []
    started = time.monotonic()
    temp = Path(tempfile.mkdtemp(prefix="kc-attacks-"))
    # Ctrl+C or SIGTERM ends the attack under way as its time running out would: its server is
    # stopped (it runs in a session of its own, so the terminal's signal does not reach it).
    main_task = asyncio.current_task()
    assert main_task is not None
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, main_task.cancel)
    interrupted = False
    try:
        for n, entry in enumerate(chosen):
            folder = temp / f"{n}-{entry.name}"
            folder.mkdir()
            rows.append(await run_attack(entry, args, folder))
            print(describe(rows[-1]), flush=True)
    except asyncio.CancelledError:
        interrupted = True
        print("\nInterrupted: the attack under way was stopped, and its server.", flush=True)
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        if args.keep:
            print(f"\nThe servers' data folders and logs (serve.log) are kept in {temp}.")
        else:
            shutil.rmtree(temp, ignore_errors=True)
    print()
    print(table(rows))
    held = sum(1 for r in rows if r.held)
    print(f"\n{held} of {len(rows)} held, in {time.monotonic() - started:.0f} s.", flush=True)
    if args.json:
        print(json.dumps([asdict(r) | {"held": r.held, "result": r.result()} for r in rows], indent=1))
    return 0 if held == len(rows) and not interrupted else 1


if __name__ == "__main__":
    sys.exit(main())
