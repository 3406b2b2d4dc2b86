"""External bots (docs/protocol.md section 4): any program, JSON lines over stdin/stdout.

:class:`BotPlayer` starts the program, sends ``hello`` and every event as its seat may see it,
sends a ``turn`` request on each of its turns and turns the reply into moves.  Nothing a bot
does stops the game: a malformed reply, an illegal move, a crash, silence past the time limit,
or a line too long ends that bot's turn with the moves applied so far and is reported in one
line, through :meth:`BotPlayer.pop_fault` (the engine service collects it).  A bot that has
crashed, stopped reading, stayed silent for several turns running or flooded its output is
given up on: that is reported once, the bot is ended, and its seat passes from then on.

A bot runs in its own process group, and ending it ends the whole group: a wrapper script's or
a shell's children go with it, as do any children it started that keep its pipes open.  Two
threads per bot keep the engine safe from a bot that stops reading or writing: a reader that
drains its stdout into a bounded buffer, and a writer that feeds its stdin from a bounded
queue.  Both wait on their pipe a short while at a time and stop when the bot is ended, so
nothing in the game ever blocks on a pipe, even one that a process outside the group holds
open.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from typing import Any, Sequence

from ....core.cards import CARDS, NotationError, parse_card
from ....core.events import SessionStart
from ..engine.board import Pile, parse_pile
from ..engine.events import Event
from ..engine.game import PROTOCOL_VERSION
from ..engine.moves import Move, MovePile, PlayCard
from ..engine.observation import Observation
from .base import Player

__all__ = ["BotPlayer", "BotError", "DEFAULT_TIMEOUT", "parse_moves"]

DEFAULT_TIMEOUT = 5.0
MAX_LINE = 64 * 1024
"""A reply longer than this is a flood: the bot is told nothing, its turn ends."""
FLOOD_BYTES = 1024 * 1024
"""A line running on past this many bytes is a flood the bot is given up on."""
QUEUE_LINES = 256
"""Lines buffered each way; past this a bot is flooding (stdout) or not reading (stdin), and
is given up on."""
SILENT_TURNS = 3
"""After this many unanswered turns in a row a bot is given up on and its seat passes."""
GRACE = 0.5
"""Seconds a bot's process group has to exit after SIGTERM before it is killed."""
_POLL_MS = 100
"""How long the reader and writer wait on a pipe before they look whether the bot was ended."""
_CHUNK = 64 * 1024
_FLOOD = "\x00flood"
"""Put in the reply buffer in place of a line that was too long."""


class BotError(ValueError):
    """A bot's reply that cannot be understood; the message says what is wrong."""


def parse_moves(line: str) -> list[Move]:
    """Read a ``{"moves": [...]}`` reply (docs/protocol.md sections 2 and 4) into move values."""
    try:
        reply = json.loads(line)
    except (ValueError, RecursionError):
        raise BotError(f"the reply is not JSON: {line[:40]!r}") from None
    if not isinstance(reply, dict) or not isinstance(reply.get("moves"), list):
        raise BotError('the reply must be an object {"moves": [...]}')
    moves: list[Move] = []
    for i, item in enumerate(reply["moves"]):
        if not isinstance(item, dict):
            raise BotError(f"move {i + 1} is not an object")
        op = item.get("op")
        try:
            if op == "play":
                moves.append(PlayCard(parse_card(str(item["card"])), parse_pile(str(item["pile"]))))
            elif op == "move":
                moves.append(MovePile(parse_pile(str(item["from"])), parse_pile(str(item["to"]))))
            elif op == "end":
                break
            else:
                raise BotError(f'move {i + 1} has op {op!r}; it must be "play", "move" or "end"')
        except KeyError as exc:
            raise BotError(f"move {i + 1} ({op}) lacks {exc.args[0]!r}") from None
        except NotationError as exc:
            raise BotError(f"move {i + 1}: {exc}") from None
    return moves


def _board(piles: Sequence[Sequence[Any]]) -> dict[str, list[str]]:
    """Piles indexed by :class:`Pile` value, as the protocol's board object."""
    return {p.name: [str(c) for c in piles[p.value]] for p in Pile}


class BotPlayer(Player):
    """A seat played by an external program speaking docs/protocol.md section 4."""

    level = "bot"
    follows_events = True

    def __init__(self, command: str, seat: int, timeout: float = DEFAULT_TIMEOUT,
                 stderr: Any = None) -> None:
        super().__init__()
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self._stderr = stderr if stderr is not None else subprocess.DEVNULL
        self._proc: subprocess.Popen[bytes] | None = None
        self._in: queue.Queue[bytes] = queue.Queue(QUEUE_LINES)
        self._lines: collections.deque[str] = collections.deque()
        self._heard = threading.Condition()
        """Guards ``_lines`` and ``_gone``; notified when either changes, or on a cancel."""
        self._gone: str | None = None
        """Why the bot's output is no longer read: "" at its end, else the flood it was."""
        self._cancel = threading.Event()
        self._ending = threading.Lock()
        self._ended = False
        """The process group was ended: the reader and writer stop, nothing waits on the bot."""
        self._faults: list[str] = []
        self._dead = False
        self._closed = False
        self._owed = 0
        """Answers still due to turns that timed out; they arrive late and are dropped."""
        self._silent = 0

    @property
    def pgid(self) -> int | None:
        """The bot's process group (the same number as its first process), once started."""
        return None if self._proc is None else self._proc.pid

    # ------------------------------------------------------------------ process
    def _start(self) -> None:
        try:
            argv = shlex.split(self.command)
            if not argv:
                raise ValueError("the bot command is empty")
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                bufsize=0, process_group=0,
                # Python bots then flush each reply line as they print it.
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        except (OSError, ValueError) as exc:
            self._die(f"could not be started: {exc}")
            return
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        stream = self._proc.stdout
        fd = stream.fileno()
        os.set_blocking(fd, False)
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        partial = b""
        skipped = 0  # bytes of an overlong line thrown away so far; 0 when none is running on
        gone = ""
        try:
            while not self._ended:
                if not poller.poll(_POLL_MS):
                    continue
                try:
                    chunk = os.read(fd, _CHUNK)
                except BlockingIOError:
                    continue
                if not chunk:
                    break
                *lines, partial = (partial + chunk).split(b"\n")
                for raw in lines:
                    if skipped:  # the end of the overlong line, already answered by _FLOOD
                        skipped = 0
                        continue
                    line = _FLOOD if len(raw) > MAX_LINE else raw.decode("utf-8", "replace")
                    if not self._hear(line):
                        gone = f"flooded its output with over {QUEUE_LINES} lines nobody asked for"
                        return
                if len(partial) > MAX_LINE:
                    if not skipped and not self._hear(_FLOOD):
                        gone = f"flooded its output with over {QUEUE_LINES} lines nobody asked for"
                        return
                    skipped += len(partial)
                    partial = b""
                    if skipped > FLOOD_BYTES:
                        gone = f"flooded its output with a line over {FLOOD_BYTES} bytes"
                        return
        except OSError:
            pass
        finally:
            stream.close()
            with self._heard:
                self._gone = gone
                self._heard.notify_all()
            if gone:
                # A flood costs the game nothing more: the bot is not read, and it is ended.
                self._end()

    def _hear(self, line: str) -> bool:
        """Keep a line for :meth:`plan_turn`; False when the buffer is full (a flood)."""
        with self._heard:
            if len(self._lines) >= QUEUE_LINES:
                return False
            self._lines.append(line)
            self._heard.notify_all()
            return True

    def _write(self) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        stream = self._proc.stdin
        fd = stream.fileno()
        os.set_blocking(fd, False)
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        try:
            while not self._ended:
                try:
                    data = memoryview(self._in.get(timeout=_POLL_MS / 1000))
                except queue.Empty:
                    continue
                while data and not self._ended:
                    if not poller.poll(_POLL_MS):
                        continue
                    try:
                        data = data[os.write(fd, data):]
                    except BlockingIOError:
                        continue
        except OSError:
            pass  # the bot closed its input: what it has not read is lost with it
        finally:
            stream.close()

    def _send(self, message: dict[str, Any]) -> None:
        if self._dead:
            return
        if self._proc is None:
            self._start()
            if self._dead:
                return
        try:
            self._in.put_nowait((json.dumps(message, separators=(",", ":")) + "\n").encode())
        except queue.Full:
            self._die("stopped reading its input")

    def _die(self, why: str) -> None:
        self._fault(why + "; its turns are passed from now on")
        self._dead = True
        self._end()

    def _fault(self, text: str) -> None:
        self._faults.append(f"bot {self.command!r} (seat {self.seat}) {text}")

    def pop_fault(self) -> str | None:
        """The faults since the last call, as one line, or None."""
        if not self._faults:
            return None
        text = "; ".join(self._faults)
        self._faults.clear()
        return text

    # ------------------------------------------------------------------ protocol
    def observe(self, event: Event) -> None:
        """Forward an event as this seat sees it (docs/protocol.md section 4); ``hello`` first."""
        if isinstance(event, SessionStart):
            self._send({
                "type": "hello", "version": PROTOCOL_VERSION, "seat": self.seat,
                "rules": dict(event.rules),
                "players": [p.name for p in event.players],
            })
            return
        self._send({"type": "event", **event.as_dict()})

    def cancel(self) -> None:
        """Stop waiting for the bot's answer now (the player left): :meth:`plan_turn` returns
        no moves, and the answer, if it comes, is dropped."""
        self._cancel.set()
        with self._heard:
            self._heard.notify_all()

    def plan_turn(self, obs: Observation) -> list[Move]:
        if self._dead or self._closed:
            return []
        try:
            return self._ask(obs)
        finally:
            # A cancel is spent on the decision it interrupted (or, if it came between two
            # decisions, on the next one, which then answers at once).
            self._cancel.clear()

    def _ask(self, obs: Observation) -> list[Move]:
        # Anything the bot said unasked, or late for an earlier turn, is stale.  Blank lines
        # are no answer to anything, and cost nothing.
        with self._heard:
            stale = list(self._lines)
            self._lines.clear()
            gone = self._gone
        if gone is not None:
            self._die(gone or self._exit_text())
            return []
        unasked = 0
        for said in stale:
            if not said.strip():
                continue
            if self._owed:
                self._owed -= 1
            else:
                unasked += 1
        if unasked:
            self._fault(f"flooded its output with {unasked} line(s) nobody asked for; its turn ends")
            return []
        self._send({
            "type": "turn", "seat": self.seat, "hand": [str(c) for c in obs.hand],
            "board": _board([[CARDS[c] for c in p] for p in obs.piles]), "stock_count": obs.stock_count,
            "hand_counts": list(obs.hand_counts), "totals": list(obs.totals),
        })
        if self._dead:
            return []
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._next_line(deadline)
            if line is None:
                if self._closed or self._cancel.is_set():
                    self._owed += 1  # nobody waits for this answer any more
                    return []
                with self._heard:
                    gone = self._gone
                if gone is not None:
                    self._die(gone or self._exit_text())
                    return []
                self._owed += 1
                self._silent += 1
                if self._silent >= SILENT_TURNS:
                    self._die(f"gave no answer {SILENT_TURNS} turns running")
                else:
                    self._fault(f"gave no answer within {self.timeout:g} s; its turn ends")
                return []
            if line is _FLOOD:
                self._fault(f"flooded its output with a line over {MAX_LINE} bytes; its turn ends")
                return []
            if not line.strip():
                continue
            if self._owed:
                self._owed -= 1  # the late answer to a turn that already ended
                continue
            self._silent = 0
            try:
                return parse_moves(line)
            except BotError as exc:
                self._fault(f"sent a malformed reply: {exc}; its turn ends")
                return []

    def _next_line(self, deadline: float) -> str | None:
        """The bot's next line; None at the deadline, at the end of its output, or once the
        wait is cancelled or the bot closed."""
        with self._heard:
            while not self._lines:
                left = deadline - time.monotonic()
                if left <= 0 or self._gone is not None or self._closed or self._cancel.is_set():
                    return None
                self._heard.wait(left)
            return self._lines.popleft()

    def _exit_text(self) -> str:
        code = None
        if self._proc is not None:
            try:
                code = self._proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                code = None
        if code is None:
            return "closed its output"
        return "exited" if code == 0 else f"crashed (exit code {code})"

    def _end(self) -> None:
        """End the bot's whole process group: SIGTERM, then after :data:`GRACE` seconds SIGKILL
        for whatever is left (a child that ignores SIGTERM, or the bot itself).  Whoever calls
        first does it; a second caller waits until it is done."""
        with self._ending:
            if self._ended:
                return
            self._ended = True  # the reader and writer let go of the pipes
            proc = self._proc
            if proc is None:
                return
            try:
                _signal_group(proc.pid, signal.SIGTERM)  # the group has the number of its first process
                proc.wait(timeout=GRACE)
            except subprocess.TimeoutExpired:
                pass
            finally:
                # Even when a signal interrupts the grace period (the program is stopping).
                _signal_group(proc.pid, signal.SIGKILL)
                proc.wait()

    def close(self) -> None:
        """End the bot now, with its whole process group; a turn it is thinking about ends."""
        if self._closed:
            return
        self._closed = True
        try:
            with self._heard:
                self._heard.notify_all()
        finally:
            self._end()

    def __del__(self) -> None:  # a forgotten bot must not outlive its game
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.returncode is None and not getattr(self, "_ended", True):
            _signal_group(proc.pid, signal.SIGKILL)

    def __repr__(self) -> str:
        return f"BotPlayer({self.command!r}, seat={self.seat})"


def _signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except (ProcessLookupError, PermissionError):
        pass  # the group has already gone
