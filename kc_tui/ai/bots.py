"""External bots (PROTOCOL.md section 4): any program, JSON lines over stdin/stdout.

:class:`BotPlayer` starts the program, sends ``hello`` and every event as its seat may see it,
sends a ``turn`` request on each of its turns and turns the reply into moves.  Nothing a bot
does stops the game: a malformed reply, an illegal move, a crash, silence past the time limit,
or a flood of output ends that bot's turn with the moves applied so far and is reported in one
line, through :meth:`BotPlayer.pop_fault` (the engine service collects it).  A bot that has
crashed, stopped reading, or stayed silent for several turns running is given up on: that is
reported once, and its seat passes from then on.

Two threads per bot keep the engine safe from a bot that stops reading or writing: a reader
that drains its stdout into a bounded queue, and a writer that feeds its stdin from one.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import threading
import time
from typing import Any, Sequence

from ..engine.cards import CARDS, NotationError, Pile, parse_card, parse_pile
from ..engine.events import Event, SessionStart
from ..engine.game import PROTOCOL_VERSION
from ..engine.moves import Move, MovePile, PlayCard
from ..engine.observation import Observation
from .base import Player

__all__ = ["BotPlayer", "BotError", "DEFAULT_TIMEOUT", "parse_moves"]

DEFAULT_TIMEOUT = 5.0
MAX_LINE = 64 * 1024
"""A reply longer than this is a flood: the bot is told nothing, its turn ends."""
QUEUE_LINES = 256
"""Lines buffered each way; past this a bot is flooding (stdout) or not reading (stdin)."""
SILENT_TURNS = 3
"""After this many unanswered turns in a row a bot is given up on and its seat passes."""
_FLOOD = "\x00flood"
"""Put in the reply queue in place of a line that was too long."""


class BotError(ValueError):
    """A bot's reply that cannot be understood; the message says what is wrong."""


def parse_moves(line: str) -> list[Move]:
    """Read a ``{"moves": [...]}`` reply (PROTOCOL.md sections 2 and 4) into move values."""
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
    """A seat played by an external program speaking PROTOCOL.md section 4."""

    level = "bot"
    follows_events = True

    def __init__(self, command: str, seat: int, timeout: float = DEFAULT_TIMEOUT,
                 stderr: Any = None) -> None:
        super().__init__()
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self._stderr = stderr if stderr is not None else subprocess.DEVNULL
        self._proc: subprocess.Popen[str] | None = None
        self._out: queue.Queue[str | None] = queue.Queue(QUEUE_LINES)
        self._in: queue.Queue[str | None] = queue.Queue(QUEUE_LINES)
        self._faults: list[str] = []
        self._dead = False
        self._flooded = False
        self._closed = False
        self._owed = 0
        """Answers still due to turns that timed out; they arrive late and are dropped."""
        self._silent = 0

    # ------------------------------------------------------------------ process
    def _start(self) -> None:
        try:
            argv = shlex.split(self.command)
            if not argv:
                raise ValueError("the bot command is empty")
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
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
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    # Skip the rest of that giant line; the turn waiting for it ends now.
                    while line and not line.endswith("\n"):
                        line = stream.readline(MAX_LINE + 1)
                    line = _FLOOD
                try:
                    self._out.put_nowait(line)
                except queue.Full:
                    self._flooded = True
        except (OSError, ValueError):
            pass
        try:
            self._out.put(None, timeout=1.0)  # end of output
        except queue.Full:
            pass

    def _write(self) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        stream = self._proc.stdin
        while True:
            line = self._in.get()
            if line is None:
                break
            try:
                stream.write(line)
                stream.flush()
            except (OSError, ValueError):
                break
        try:
            stream.close()
        except (OSError, ValueError):
            pass

    def _send(self, message: dict[str, Any]) -> None:
        if self._dead:
            return
        if self._proc is None:
            self._start()
            if self._dead:
                return
        try:
            self._in.put_nowait(json.dumps(message, separators=(",", ":")) + "\n")
        except queue.Full:
            self._fault("stopped reading its input; its turns are passed from now on")
            self._dead = True

    def _die(self, why: str) -> None:
        self._fault(why + "; its turns are passed from now on")
        self._dead = True

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
        """Forward an event as this seat sees it (PROTOCOL.md section 4); ``hello`` first."""
        if isinstance(event, SessionStart):
            self._send({
                "type": "hello", "version": PROTOCOL_VERSION, "seat": self.seat,
                "rules": dict(event.rules),
                "players": [p.name for p in event.players],
            })
            return
        self._send({"type": "event", **event.as_dict()})

    def plan_turn(self, obs: Observation) -> list[Move]:
        if self._dead:
            return []
        # Anything the bot said unasked, or late for an earlier turn, is stale.
        unasked = 0
        while True:
            try:
                stale = self._out.get_nowait()
            except queue.Empty:
                break
            if stale is None:
                self._die(self._exit_text())
                return []
            if self._owed:
                self._owed -= 1
            else:
                unasked += 1
        if self._flood_reported(unasked):
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
            left = deadline - time.monotonic()
            if left <= 0:
                self._owed += 1
                self._silent += 1
                if self._silent >= SILENT_TURNS:
                    self._die(f"gave no answer {SILENT_TURNS} turns running")
                else:
                    self._fault(f"gave no answer within {self.timeout:g} s; its turn ends")
                return []
            try:
                line = self._out.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self._die(self._exit_text())
                return []
            if self._flood_reported():
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

    def _flood_reported(self, unasked: int = 0) -> bool:
        if not (self._flooded or unasked):
            return False
        many = f"over {QUEUE_LINES}" if self._flooded else str(unasked)
        self._flooded = False
        self._fault(f"flooded its output with {many} line(s) nobody asked for; its turn ends")
        return True

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

    def close(self) -> None:
        """End the bot process (politely: close its input, then terminate, then kill)."""
        if self._closed:
            return
        self._closed = True
        proc = self._proc
        if proc is None:
            return
        try:
            self._in.put_nowait(None)
        except queue.Full:
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        try:
            if proc.stdout:
                proc.stdout.close()
        except OSError:
            pass

    def __del__(self) -> None:  # a forgotten bot must not outlive its game
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            try:
                proc.kill()
            except OSError:
                pass

    def __repr__(self) -> str:
        return f"BotPlayer({self.command!r}, seat={self.seat})"

