"""The link between the tables and the processes that serve the sessions: messages, not objects.

With ``kings-corner serve --workers N`` the tables (their games, seats, saves and computers) live
in one process, the *table host*, and the sessions (SSH or browser, each with its screens) in
worker processes.  A worker reaches the tables only through this link, and what it gets is what
the seats it serves may see: the table host computes every value a seat reads (its view, its
events as :meth:`~kc_tui.net.part.TableGame.shown_to` makes them, the table's notices) before it
leaves, so no hidden card ever reaches a process that draws another seat's screen.

The messages are length-prefixed pickles of the values the platform already speaks (people,
tables' snapshots, rule sets, views, events, notices, refusals), over a Unix socket between
processes of one server that trust each other.  A worker opens two connections:

- **calls** (:meth:`LinkedServer.call`): a request at a time, answered in order: a method of the
  table server (:data:`SERVER_CALLS`) or of a seat's door (the door's ``linked``) with its
  arguments, the language the person is served in, how their screen names cards (a
  :class:`~kc_tui.core.cards.CardStyle`: a refusal said in the line mode names them in words, at
  a table as its board draws them), and a number; the answer is the value (a door
  as a :class:`DoorHandle`) or the refusal (:class:`TableError` with its sentence), and for a
  door's call that changed the game the door's new :class:`Frame` (sent as a push too).  The
  worker waits for it (a table host answers in a fraction of a millisecond: a call is a lobby
  action or a move), so front ends keep calling doors as they call a door in the table host's
  own process.
- **events**, pushed by the table host: ``("tables",)`` when the lobby changed, and ``("deliver",
  door, items, frame)`` after each step with what the seat may see of it and its new
  :class:`Frame`.

A door's :class:`Frame` holds the answers to its reads that take no argument (its ``mirrored``
names: the view, the legal moves, whose turn...), computed where the table is after each step,
so a worker's screens read them without a call.  A worker that dies is a dropped connection for
each seat it held: the table holds those seats for the grace time, as for any dropped
connection, and its people can come back (on any worker).
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import itertools
import logging
import os
import pickle
import socket
import struct
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from ..core.cards import card_style, styled
from ..core.errors import IllegalMove
from ..core.i18n import DEFAULT, Domain, language, speaking
from .door import SeatDoor, Subscribers
from .names import Person, name_key
from .server import TableServer
from .values import MISSED_NOTICES, Delivery, Listener, Notice, TableError, TableInfo

__all__ = ["LinkHost", "LinkedServer", "LinkedDoor", "DoorHandle", "Frame", "SERVER_CALLS",
           "CALL_SECONDS", "MAX_MESSAGE"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

HEADER = struct.Struct("!I")
MAX_MESSAGE = 1 << 26
"""The largest message either side accepts (a session's whole history of events fits many
times over)."""
CALL_SECONDS = 10.0
"""How long a worker waits for the table host to answer a call before it tells the person."""
MAX_BACKLOG = 1 << 26
"""Bytes the table host holds for a worker that does not read them (stuck): past this, its link
is closed, as if it had died (its seats are held, a new worker takes its place)."""

SERVER_CALLS = frozenset({
    "person", "known_name", "left", "tables", "table", "is_owner", "may_start", "seat_kept_for",
    "seat_to_take", "create_table", "default_table_name", "join", "watch", "start", "close_table",
})
"""The table server's methods a worker may call: what a front end uses of it."""

LISTED_CHANGES = frozenset({"create_table", "join", "watch", "start", "close_table", "leave", "detach"})
"""The calls (of the server or of a door) that change what the lobby lists: after one, the tables
are asked for again rather than read from what the host last pushed."""

Frame = Mapping[str, tuple[bool, Any]]
"""A door's answers to its reads that take no argument, by name: ``(True, value)``, or ``(False,
error)`` for a read that refuses now (a view before the game started)."""


def encode(message: Any) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def _decode(data: bytes) -> Any:
    return pickle.loads(data)  # noqa: S301 - between the processes of one server


async def read_message(reader: asyncio.StreamReader) -> Any:
    """The next message; :class:`EOFError` at the end of the stream."""
    try:
        head = await reader.readexactly(HEADER.size)
        (size,) = HEADER.unpack(head)
        if size > MAX_MESSAGE:
            raise EOFError(f"a message of {size} bytes")
        return _decode(await reader.readexactly(size))
    except asyncio.IncompleteReadError as exc:
        raise EOFError("the link closed") from exc


def _receive(sock: socket.socket, size: int) -> bytes:
    chunks: list[bytes] = []
    while size:
        chunk = sock.recv(min(size, 1 << 20))
        if not chunk:
            raise EOFError("the link closed")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_message_blocking(sock: socket.socket) -> Any:
    (size,) = HEADER.unpack(_receive(sock, HEADER.size))
    if size > MAX_MESSAGE:
        raise EOFError(f"a message of {size} bytes")
    return _decode(_receive(sock, size))


@dataclass(frozen=True)
class DoorHandle:
    """A door as it crosses the link: what never changes about it, and its first frame."""

    door: int
    table_id: int
    seat: int | None
    person: Person
    rules: Any
    mirrored: tuple[str, ...]
    linked: frozenset[str]
    frame: Frame
    stepped: bool = False
    """Whether the door has news to deliver already (the table's notices of one's sitting down,
    of the game starting): they come after the handle, as a delivery."""


def frame_of(door: SeatDoor) -> Frame:
    """The door's answers to its ``mirrored`` reads, now."""
    frame: dict[str, tuple[bool, Any]] = {}
    for name in door.mirrored:
        try:
            value = getattr(door, name)
            frame[name] = (True, value() if callable(value) else value)
        except Exception as exc:  # noqa: BLE001 - a read that refuses now (the game's own refusal)
            # Kept without its traceback: that held this call's frame, which holds the frame
            # being made: a cycle at every step, two refusals a door (a round's and a session's
            # summary while a round is played), left for the slow full collections.
            frame[name] = (False, exc.with_traceback(None))
            exc.__context__ = None
    return frame


def _same(before: tuple[bool, Any] | None, now: tuple[bool, Any]) -> bool:
    """Whether a read's answer is what it was (a refusal: the same refusal, said the same)."""
    if before is None or before[0] != now[0]:
        return False
    if now[0]:
        return bool(before[1] == now[1])
    return type(before[1]) is type(now[1]) and str(before[1]) == str(now[1])


# ---------------------------------------------------------------------- the table host's side
class _Hosted:
    """A door the table host keeps for a worker: it passes on what the door delivers, a batch
    per step."""

    def __init__(self, peer: _Peer, number: int, door: SeatDoor, lang: str) -> None:
        self.peer, self.number, self.door, self.lang = peer, number, door, lang
        self.pending: list[Delivery] = []
        self.sent: Frame = {}
        """The frame the worker was last sent (a step sends only the answers that changed)."""
        self.events = 0
        """Events the door delivered to this worker's door, sent or about to be (its
        :meth:`LinkedDoor.past_events` leaves out those it has yet to read)."""
        door.follow(self.heard)

    def heard(self, item: Delivery) -> None:
        if not self.pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self.pending.append(item)
        if not isinstance(item, Notice):
            self.events += 1

    def frame(self) -> Frame:
        with speaking(self.lang):
            return frame_of(self.door)

    def flush(self) -> Frame | None:
        """Send what the door delivered since the last time, with its frame now (which it
        returns; None when nothing was delivered)."""
        items, self.pending = self.pending, []
        if not items:
            return None
        frame = self.frame()
        sent = self.sent
        changed = {name: answer for name, answer in frame.items() if not _same(sent.get(name), answer)}
        self.peer.push(("deliver", self.number, items, changed))
        self.sent = frame
        return frame

    def close(self) -> None:
        self.door.unfollow(self.heard)


class _Peer:
    """One worker, as the table host sees it."""

    def __init__(self, host: LinkHost, worker: str, send: Callable[[Any], None] | None = None) -> None:
        self.host, self.worker = host, worker
        self.writer: asyncio.StreamWriter | None = None
        self.send = send
        """How messages reach a peer that is not a worker on a Unix socket (another host, over
        the store the hosts share: :mod:`kc_tui.net.hosts`)."""
        self.doors: dict[int, _Hosted] = {}
        self.unsubscribe: Callable[[], None] | None = None

    def push(self, message: Any) -> None:
        if self.send is not None:
            self.send(message)
            return
        writer = self.writer
        if writer is None or writer.is_closing():
            return
        if writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            log.error("worker %s reads nothing of what it is sent; its link is closed", self.worker)
            writer.close()
            return
        writer.write(encode(message))

    def lobby_changed(self) -> None:
        # After what the step delivered to the doors (sent when the step is over, with their
        # frames): a lobby woken by this reads each door as the step left it.
        asyncio.get_running_loop().call_soon(self.push, ("tables",))

    def hosted(self, number: int) -> _Hosted:
        hosted = self.doors.get(number)
        if hosted is None:
            raise TableError(L_("You have left this table."))
        return hosted

    def gone(self) -> None:
        """The worker is gone: each seat it held is a dropped connection."""
        if self.unsubscribe is not None:
            self.unsubscribe()
        if self.host.hosts is not None:
            self.host.hosts.peer_gone(self)
        for hook in self.host.gone_hooks:
            hook(self.worker)
        for hosted in list(self.doors.values()):
            hosted.close()
            try:
                hosted.door.detach()
            except Exception:  # noqa: BLE001 - the next door still has to be let go
                log.exception("a door of worker %s could not be let go", self.worker)
        self.doors.clear()


class LinkHost:
    """The table host's end of the link: it answers the workers' calls on ``tables`` and pushes
    to each what its seats may see (:meth:`start` listens on the Unix socket ``path``)."""

    def __init__(self, tables: TableServer, path: Path) -> None:
        self.tables, self.path = tables, path
        self.peers: dict[str, _Peer] = {}
        self._server: asyncio.AbstractServer | None = None
        self._numbers = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        """The server is stopping: the workers' links close on purpose."""
        self.hosts: Any = None
        """With ``serve --redis``, this host among the others (:class:`kc_tui.net.hosts.Hosts`):
        it answers the calls about other hosts' tables and doors."""
        self.own_calls: dict[str, Callable[..., Any]] = {}
        """Calls of the workers answered by the process that hosts the tables rather than by its
        tables (the sessions each key holds, server-wide): each is given the calling worker
        first, then the call's arguments."""
        self.gone_hooks: list[Callable[[str], None]] = []
        """Told of each worker whose link closed (what it held is given back)."""

    def number(self) -> int:
        """A door's number on this link, new."""
        return next(self._numbers)

    async def start(self) -> None:
        self._server = await asyncio.start_unix_server(self._connected, path=str(self.path),
                                                       limit=MAX_MESSAGE)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for peer in list(self.peers.values()):
            if peer.writer is not None:
                peer.writer.close()
        for task in list(self._tasks):
            task.cancel()

    def _peer(self, worker: str) -> _Peer:
        peer = self.peers.get(worker)
        if peer is None:
            peer = self.peers[worker] = _Peer(self, worker)
        return peer

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            kind, worker = await read_message(reader)
            peer = self._peer(worker)
            if kind == "events":
                await self._events(peer, reader, writer)
            elif kind == "calls":
                await self._calls(peer, reader, writer)
        except (EOFError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
            if task is not None:
                self._tasks.discard(task)

    async def _events(self, peer: _Peer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer.writer = writer
        peer.unsubscribe = self.tables.subscribe(peer.lobby_changed)
        log.info("worker %s linked", peer.worker)
        try:
            while await reader.read(1 << 16):
                pass  # the worker says nothing here; its end closing is what is listened for
        finally:
            peer.writer = None
            peer.gone()
            self.peers.pop(peer.worker, None)
            if not self.closing:
                log.warning("worker %s's link closed; its seats are held as dropped connections", peer.worker)

    async def _calls(self, peer: _Peer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            number, lang, style, target, name, args = await read_message(reader)
            with styled(style):  # (a refusal names cards as the asker's screen does)
                answer = await self.answer(peer, lang, target, name, args)
            try:
                writer.write(encode((number, *answer)))
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                log.error("an answer to %s could not be sent: %s", name, exc)
                writer.write(encode((number, False, TableError(L_("The server could not do that.")), None)))
            await writer.drain()

    async def answer(self, peer: _Peer, lang: str, target: int | None, name: str,
                     args: tuple[Any, ...]) -> tuple[bool, Any, Frame | None]:
        """A worker's call answered: ``(True, value, frame)`` or ``(False, refusal, None)``;
        by this host's tables, or (``serve --redis``) by the host whose table it is about."""
        routed = None if self.hosts is None else self.hosts.routed(peer, lang, target, name, args)
        if routed is not None:
            try:
                answer: tuple[bool, Any, Frame | None] = await routed
            except Exception:  # noqa: BLE001 - one bad call must not stop the worker's link
                log.exception("worker %s's call %s failed", peer.worker, name)
                return False, TableError(L_("The server could not do that.")), None
            return answer
        with speaking(lang):
            return self._answer(peer, lang, target, name, args)

    def _answer(self, peer: _Peer, lang: str, target: int | None, name: str,
                args: tuple[Any, ...]) -> tuple[bool, Any, Frame | None]:
        hosted: _Hosted | None = None
        try:
            if target is None:
                if name in self.own_calls:
                    return True, self.own_calls[name](peer.worker, *args), None
                if name not in SERVER_CALLS:
                    raise TableError(L_("The server could not do that."))
                value = getattr(self.tables, name)(*(self._own(arg, peer) for arg in args))
                if isinstance(value, SeatDoor):
                    return True, self._handle(peer, value, lang), None
                return True, value, None
            hosted = peer.hosted(target)
            hosted.lang = lang
            if name not in hosted.door.linked:
                raise TableError(L_("The server could not do that."))
            value = getattr(hosted.door, name)
            value = value(*args) if callable(value) else value
            if name == "past_events":
                value = (value, hosted.events)  # the last of them may still be on their way
            if name in ("leave", "detach"):
                hosted.close()
                peer.doors.pop(target, None)
            # A call that changed the game (a move) delivered its step to the door: sent now, its
            # frame computed once for the push and the answer; a read changed nothing.
            return True, value, hosted.flush()
        except IllegalMove as exc:  # refused: nothing changed
            return False, exc, None
        except Exception:  # noqa: BLE001 - one bad call must not stop the link
            log.exception("worker %s's call %s failed", peer.worker, name)
            return False, TableError(L_("The server could not do that.")), None

    def _own(self, value: Any, peer: _Peer | None = None) -> Any:
        """A person as the table server knows them: a guest is only ever the one object it made
        for them (a copy from a worker stands for it; one from another host, the one object
        made for it here)."""
        if isinstance(value, Person) and value.guest:
            if peer is not None and peer.send is not None and self.hosts is not None:
                return self.hosts.guest(peer, value)
            return self.tables._guests.get(name_key(value.name), value)
        return value

    def hosted(self, peer: _Peer, door: SeatDoor, lang: str, number: int | None = None) -> _Hosted:
        """Keep ``door`` for ``peer`` (under a new number, or ``number``)."""
        number = next(self._numbers) if number is None else number
        hosted = peer.doors[number] = _Hosted(peer, number, door, lang)
        return hosted

    def _handle(self, peer: _Peer, door: SeatDoor, lang: str) -> DoorHandle:
        hosted = self.hosted(peer, door, lang)
        number = hosted.number
        hosted.sent = frame = hosted.frame()
        return DoorHandle(number, door.table_id, door.seat, door.person, door.rules, door.mirrored,
                          door.linked, frame, stepped=bool(hosted.pending))


# ---------------------------------------------------------------------- a worker's side
class LinkedServer:
    """The table server as a worker's front ends see it: the same calls as a
    :class:`~kc_tui.net.TableServer`'s (:data:`SERVER_CALLS`), each answered by the table host;
    :meth:`tables` is kept between two changes of the lobby, and :meth:`subscribe` is told of
    them."""

    def __init__(self, path: Path, worker: int) -> None:
        self.path, self.worker = path, worker
        self.peer = f"{worker}/{os.getpid()}"
        self._calls: socket.socket | None = None
        self._numbers = itertools.count(1)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._subscribers = Subscribers()
        self._tables: dict[str, tuple[TableInfo, ...]] = {}
        self.doors: dict[int, LinkedDoor] = {}
        self.closed = asyncio.Event()
        """Set when the link to the table host is lost."""

    async def open(self) -> None:
        self._reader, self._writer = await asyncio.open_unix_connection(str(self.path), limit=MAX_MESSAGE)
        # Known by its number and process: a worker started in a dead one's place is another peer.
        self._writer.write(encode(("events", self.peer)))
        await self._writer.drain()
        calls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        calls.connect(str(self.path))
        calls.sendall(encode(("calls", self.peer)))
        calls.settimeout(CALL_SECONDS)
        self._calls = calls
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            self._writer.close()
        if self._calls is not None:
            self._calls.close()

    # ------------------------------------------------------------------ calls
    def call(self, target: int | None, name: str, *args: Any) -> tuple[Any, Frame | None]:
        """Ask the table host; its answer and, for a door's call that changed the game, the
        door's new frame.  A refusal is raised as it was made there (its sentence said in this
        person's language)."""
        sock = self._calls
        if sock is None or self.closed.is_set():
            raise TableError(L_("The tables cannot be reached just now; try again in a moment."))
        number = next(self._numbers)
        try:
            sock.sendall(encode((number, language(), card_style(), target, name, args)))
            while True:
                answered, ok, value, frame = read_message_blocking(sock)
                if answered == number:
                    break  # an answer to a call given up on comes first, and is dropped
        except (OSError, EOFError) as exc:
            log.error("worker %s: the call %s got no answer: %s", self.worker, name, exc)
            raise TableError(L_("The tables cannot be reached just now; try again in a moment.")) from exc
        if frame is not None and target is not None and target in self.doors:
            self.doors[target].answered(frame)
        if name in LISTED_CHANGES:
            # Listed as it is now, not once the host's news comes: a piped line mode's "tables"
            # right after its "leave" listed no table where the one left was adjourned.
            self._tables.clear()
        if not ok:
            raise value
        return value, frame

    def _server(self, name: str, *args: Any) -> Any:
        return self.call(None, name, *args)[0]

    def person(self, key: str | None, name: str | None = None) -> Person:
        person: Person = self._server("person", key, name)
        return person

    def known_name(self, key: str) -> str | None:
        name: str | None = self._server("known_name", key)
        return name

    def left(self, person: Person) -> None:
        self._server("left", person)

    def tables(self) -> tuple[TableInfo, ...]:
        lang = language()
        tables = self._tables.get(lang)
        if tables is None:
            tables = self._tables[lang] = self._server("tables")
        return tables

    def table(self, table_id: int) -> TableInfo:
        info: TableInfo = self._server("table", table_id)
        return info

    def is_owner(self, person: Person, table_id: int) -> bool:
        return bool(self._server("is_owner", person, table_id))

    def may_start(self, person: Person, table_id: int) -> bool:
        return bool(self._server("may_start", person, table_id))

    def seat_kept_for(self, person: Person, table_id: int) -> int | None:
        seat: int | None = self._server("seat_kept_for", person, table_id)
        return seat

    def seat_to_take(self, person: Person, table_id: int) -> int | None:
        seat: int | None = self._server("seat_to_take", person, table_id)
        return seat

    def create_table(self, owner: Person, name: str, rules: Any, seats: Any, seed: int | None = None,
                     game: str | None = None) -> TableInfo:
        info: TableInfo = self._server("create_table", owner, name, rules, list(seats), seed, game)
        return info

    def default_table_name(self, owner: Person) -> str:
        name: str = self._server("default_table_name", owner)
        return name

    def join(self, person: Person, table_id: int, seat: int) -> LinkedDoor:
        return self._door(self._server("join", person, table_id, seat))

    def watch(self, person: Person, table_id: int) -> LinkedDoor:
        return self._door(self._server("watch", person, table_id))

    def start(self, person: Person, table_id: int) -> None:
        self._server("start", person, table_id)

    def close_table(self, person: Person, table_id: int) -> None:
        self._server("close_table", person, table_id)

    def _door(self, handle: DoorHandle) -> LinkedDoor:
        door = self.doors[handle.door] = LinkedDoor(self, handle)
        return door

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        return self._subscribers.subscribe(callback)

    # ------------------------------------------------------------------ events
    async def _listen(self) -> None:
        assert self._reader is not None
        try:
            while True:
                message = await read_message(self._reader)
                if message[0] == "tables":
                    self._tables.clear()
                    self._subscribers.tell()
                elif message[0] == "deliver":
                    _, number, items, frame = message
                    door = self.doors.get(number)
                    if door is not None:
                        door.delivered(items, frame)
                elif message[0] == "lost":
                    door = self.doors.get(message[1])
                    if door is not None:
                        door.lost(message[2])
        except (EOFError, ConnectionError) as exc:
            log.error("worker %s: the link to the tables closed (%s)", self.worker, exc)
        finally:
            self.closed.set()
            with speaking(DEFAULT):
                for door in list(self.doors.values()):
                    door.lost()


class LinkedDoor(SeatDoor):
    """A seat's door in a worker: what :class:`SeatDoor` offers (and the game's door adds: its
    ``linked`` names), each read with no argument answered from the door's last :class:`Frame`,
    everything else by a call to the table host."""

    def __init__(self, link: LinkedServer, handle: DoorHandle) -> None:  # noqa: D107
        # Not SeatDoor's: the table is in the table host.
        self.link = link
        self.number = handle.door
        self.person = handle.person
        self.seat = handle.seat
        self._table_id = handle.table_id
        self._rules = handle.rules
        self.mirrored = handle.mirrored
        self.linked = handle.linked
        self.frame: Frame = handle.frame
        self._stepped = handle.stepped
        """A call of this door made a step whose events are still to come (:meth:`answered`)."""
        self._listeners: list[tuple[Listener, contextvars.Context]] = []
        self._pending: list[Delivery] = []
        self._unheard: deque[Notice] = deque(maxlen=MISSED_NOTICES)
        self._closed = False
        self._events = 0
        """Events delivered here so far (:meth:`past_events`)."""

    # ------------------------------------------------------------------ reading
    @property
    def closed(self) -> bool:
        return self._closed or self._read("closed") is True

    @closed.setter
    def closed(self, value: bool) -> None:
        self._closed = value

    @property
    def table_id(self) -> int:
        return self._table_id

    @property
    def rules(self) -> Any:
        return self._rules

    @property
    def names(self) -> list[str]:
        names: list[str] = self._read("names")
        return names

    @property
    def started(self) -> bool:
        return bool(self._read("started"))

    def _read(self, name: str) -> Any:
        ok, value = self.frame[name]
        if not ok:
            # A copy: the refusal kept in the frame, raised itself, would gather every raise's
            # traceback and hold this door through it (a cycle at each read).
            raise copy.copy(value)
        return value

    def _call(self, name: str, *args: Any) -> Any:
        if self._closed:
            raise TableError(L_("You have left this table."))
        return self.link.call(self.number, name, *args)[0]

    def __getattr__(self, name: str) -> Any:
        # The game's door's own reads and actions (view, play, ...), by the names it links.
        if name.startswith("_") or name not in self.__dict__.get("linked", ()):
            raise AttributeError(name)
        if name in self.mirrored:
            return lambda: self._read(name)
        return lambda *args: self._call(name, *args)

    def info(self) -> TableInfo:
        info: TableInfo = self._read("info")
        return info

    @property
    def catching_up(self) -> bool:
        return self._stepped and not self._closed

    def caught_up(self) -> None:
        self._stepped = False

    def view(self) -> Any:
        return self._read("view")

    def my_turn(self) -> bool:
        return bool(self._read("my_turn"))

    def computer_to_play(self) -> bool:
        return bool(self._read("computer_to_play"))

    def past_events(self) -> tuple[Any, ...]:
        """The session so far as this seat may see it, up to the last event delivered here:
        those the table host has sent this door and it has not read yet come as deliveries, and
        a front end catching up on the past, then following the door, would hear them twice
        (the first move of a computer's turn said twice, to a person who sat down as it began)."""
        events: tuple[Any, ...]
        events, sent = self._call("past_events")
        coming = sent - self._events
        return events[:len(events) - coming] if 0 < coming <= len(events) else events

    # ------------------------------------------------------------------ following
    def answered(self, frame: Frame) -> None:
        """A call of this door made a step: the door reads the state it left (``frame``) from
        now; its events come as a delivery, sent before the answer but read after it (by the
        loop, where the answer was awaited in the call)."""
        self.frame = frame
        self._stepped = True

    def delivered(self, items: list[Delivery], frame: Frame) -> None:
        """What a step at the table gave this seat, and the answers of the door's frame that
        changed with it (handed to the listeners as a door where the table is hands them its
        step's)."""
        self.frame = {**self.frame, **frame}
        self._stepped = False
        self._pending = list(items)
        self._events += sum(1 for item in items if not isinstance(item, Notice))
        self.deliver()

    def lost(self, why: Notice | None = None) -> None:
        """The link to the table host is gone (or the table, with ``why``): the door refuses
        from now on, and says why."""
        if self._closed:
            return
        self._closed = True
        self.link.doors.pop(self.number, None)
        self.delivered([why or Notice(L_("The connection to the tables was lost; come back in a moment."))],
                       self.frame)

    # ------------------------------------------------------------------ acting
    def next_round(self) -> None:
        self._call("next_round")

    def start(self) -> None:
        self._call("start")

    def say(self, text: str) -> None:
        self._call("say", text)

    def detach(self) -> None:
        if not self._closed:
            try:
                self._call("detach")
            except TableError:
                pass
            self._closed = True
            self.link.doors.pop(self.number, None)

    def leave(self) -> None:
        if not self._closed:
            try:
                self._call("leave")
            finally:
                self._closed = True
                self.link.doors.pop(self.number, None)
