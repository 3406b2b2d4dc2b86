"""One lobby over several hosts: ``kings-corner serve --redis URL``.

Several servers (on one machine or many) share one Redis.  Each *host* keeps its own tables in its
own table server, as a single server does; Redis joins them:

- **The lobby**: after every change a host writes what its lobby shows of its own tables (in every
  language, as :class:`~kc_tui.net.values.TableInfo` snapshots) under ``kc:lobby:HOST`` and tells
  the others, which read it again.  A host's lobby is its own tables and every live host's.
- **Seats at another host's tables**: the link's calls and pushes (:mod:`kc_tui.net.link`) travel
  between hosts as messages in Redis streams, one inbox per host (``kc:inbox:HOST``).  A worker's
  call about a table of another host goes from its own host to that host, which answers it as it
  answers its own workers; the door it opens there pushes each step back the same way.  What a
  seat may see is decided where the table is: no hidden card goes to a host for another seat's
  screen.  Streams rather than pub/sub: a message written while a host reads nothing (Redis
  restarting, a network hiccup) is still there when it reads again, in order.
- **The journal and the lease**: each table's file and save are written to Redis as they are to
  the disk (``kc:meta:T``; ``kc:save:T``, the last whole save and each later line by the count of
  events it brings the save to, so that a write repeated after an outage changes nothing), and
  ``kc:journal`` says which host holds the table.  The host holds it by a lease (``kc:lease:T``)
  renewed a few times a lease, and shows it is alive by ``kc:host:HOST``.  When a host's
  heartbeat and a table's lease have run out, another host takes the lease, rebuilds the table
  from the journal (a game in progress goes on at once, its people's seats held as dropped
  connections' are) and lists it; the hosts whose sessions sat there seat them again, and tell them.
- **Names**: a key's name, and a connected guest's, are claimed in Redis (``kc:name-keys``,
  ``kc:guest-names``), so a name is one person's on every host.
- **Redis away**: the sessions are told, moves wait (refused with a sentence) and so do the
  computers, writes are kept in order and sent when it is back, and then play goes on; nobody
  reconnects.  A host takes another's tables over only after it has itself been connected for a
  whole lease, so a restart of Redis that outlived the leases hands nothing over.

Messages are pickles, as between the processes of one server: the hosts sharing a Redis trust one
another, and Redis must be reachable by them alone (a password, a private network or TLS:
docs/hosting.md).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import json
import logging
import math
import os
import pickle
import secrets
import socket
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable, Coroutine

from ..core.cards import CardStyle, card_style, styled
from ..core.i18n import DEFAULT, LANGUAGES, Domain, speaking
from ..storage.files import write_atomic
from .link import DoorHandle, Frame, LinkHost, _Peer
from .names import Person, check_name, name_key
from .saving import TABLES_FOLDER
from .server import TableServer
from .values import Notice, SeatInfo, TableError, TableInfo, TableState

__all__ = ["Hosts", "StoreUnreachable", "LEASE_SECONDS", "store_problem"]

log = logging.getLogger("kc_tui.net")

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

LEASE_SECONDS = 4.0
"""How long a host holds its tables without renewing their leases (``serve --lease``): a host
renews them four times a lease, so a table is back on another host 3 to 5 s after its host stops."""
ASK_SECONDS = 2.0
"""How long a host waits for another's answer (a worker waits for its own host meanwhile, and
its sessions with it: a host answers in milliseconds; one that does not is taken for gone until
it is heard from again)."""
INBOX_LENGTH = 100_000
"""Messages kept in a host's inbox (trimmed as it reads them; this bounds one that reads none)."""
MAX_HELD_CALLS = 1000
"""Other hosts' moves held while play waits for this host's leases after an outage: past these,
one is refused with the waiting sentence."""
MAX_QUEUED = 200_000
"""Writes a host keeps for Redis while it cannot be reached; past this the oldest is dropped
(play waits while Redis is away, so that few are made meanwhile)."""

RENEW = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0
"""
"""A lease (or a heartbeat) renewed by its holder, or taken when nobody holds it: 1; 0 when
another holds it."""

JOURNAL = """
local v = redis.call('GET', KEYS[1])
if v and v ~= ARGV[1] then return 0 end
local what = ARGV[4]
if what == 'forget' then
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  redis.call('HDEL', KEYS[4], ARGV[3])
  redis.call('SADD', KEYS[5], ARGV[3])
  return 1
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if what == 'whole' then
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 'whole', ARGV[5], 'held', ARGV[6])
elseif what == 'append' then
  redis.call('HSET', KEYS[2], ARGV[5], ARGV[6])
elseif what == 'meta' then
  redis.call('SET', KEYS[3], ARGV[5])
  redis.call('HSET', KEYS[4], ARGV[3], ARGV[1])
end
return 1
"""
"""A write of a table's journal (KEYS: its lease, save, file, the hosts' journal index, and the
tables closed for good;
ARGV: this host, the lease in ms, the table's number, what, its values), made only by the host
holding the table's lease (or taking it, when nobody holds it); 0 when another host holds it."""

RAISE_TO = """
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
"""

NEXT_ID = """
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
if v < floor then v = floor end
v = v + 1
redis.call('SET', KEYS[1], v)
return v
"""
"""The next table number: one past both the shared counter and every number this host knows to
be in use (a Redis restarted without its data starts the counter again at 0)."""

UNREACHED = L_("The tables cannot be reached just now; try again in a moment.")
TABLE_CALLS = frozenset({"table", "is_owner", "may_start", "seat_kept_for", "seat_to_take", "join", "watch",
                         "start", "close_table"})
"""The table server's calls about one table (its number the first argument, or the second)."""
LOBBY_READS = frozenset({"table", "is_owner", "may_start", "seat_kept_for", "seat_to_take"})
"""Those that only read, answered about another host's table from its lobby."""
WAITS = L_("The hosts' shared store cannot be reached; play waits until it is back.")
BACK = L_("The hosts' shared store is back; play goes on.")


class StoreUnreachable(Exception):
    """Redis cannot be reached, or refuses this host, when the server starts (the message says
    why, for the host's terminal)."""


def store_problem(exc: BaseException) -> str:
    """Why Redis could not be used, in a sentence for the host: a password asked for or
    refused in words (Redis answers a client that gives none "HELLO must be called with the
    client already authenticated, otherwise the HELLO AUTH <user> <pass> option can be used...")."""
    text = str(exc)
    if any(sign in text for sign in ("NOAUTH", "Authentication required", "HELLO must be called with")):
        return _("it asks for a password: give it in the address, redis://:PASSWORD@HOST:PORT/DB")
    if any(sign in text for sign in ("WRONGPASS", "invalid username-password", "invalid password")):
        return _("it refused the password (or the user) given in the address")
    return text


@dataclass
class Route:
    """A door one of this host's workers holds on another host's table."""

    host: str
    number: int
    """The door's number on that host."""
    peer: _Peer
    """The worker holding it."""
    table_id: int
    seat: int | None
    person: Person
    lang: str
    frame: Frame
    orphaned: float | None = None
    """Since when the table's host is gone (its table not taken over yet)."""
    seating: bool = False
    """Being seated again at the host that took the table over: its calls wait (the host and
    number are still the gone host's door's until the new host answers)."""
    parting: str | None = None
    """``detach`` or ``leave``, asked while it was being seated again: done to the new door."""


def _redis_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


REFUSING = ("OOM", "MISCONF", "READONLY", "NOPERM", "LOADING", "MASTERDOWN", "BUSY")
"""How Redis begins an error when it takes no writes for now (out of memory, its disk failing, a
replica, a missing right, still loading): the writes wait, as when it cannot be reached."""


class Hosts:
    """This host among the hosts sharing one Redis (see the module's words)."""

    def __init__(self, url: str, link: LinkHost, *, lease: float = LEASE_SECONDS,
                 prefix: str = "kc:") -> None:
        import redis.asyncio

        self.url, self.link, self.lease = url, link, lease
        self.tables: TableServer = link.tables
        self.me = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.prefix = prefix
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # A connection Redis closed while it was away is opened again once, quietly: only a
        # Redis that cannot be reached now says so.
        self.redis: Any = redis.asyncio.from_url(
            url, socket_timeout=2.0, socket_connect_timeout=2.0, retry=Retry(NoBackoff(), 1),
            retry_on_error=[redis.exceptions.ConnectionError])
        self.errors = _redis_errors()
        self.lobbies: dict[str, dict[str, tuple[TableInfo, ...]]] = {}
        """Each other live host's tables, by language."""
        self.where: dict[int, str] = {}
        """The host of each table of another host."""
        self.alive: set[str] = set()
        self.routes: dict[int, Route] = {}
        """This host's workers' doors on other hosts' tables, by their number on the link."""
        self.by_remote: dict[tuple[str, int], int] = {}
        self.pending: dict[int, tuple[asyncio.Future[tuple[bool, Any, Frame | None]],
                                      Callable[[Any], Any] | None, Route | None]] = {}
        self.guests: dict[tuple[str, str], Person] = {}
        """Other hosts' guests, one object each (a person compares guests by identity)."""
        self.leased: set[int] = set()
        """The tables this host holds the lease of."""
        self.out: deque[Callable[[Any], Any]] = deque()
        self._wake = asyncio.Event()
        self._asks = itertools.count(1)
        self._sequence = itertools.count(1)
        """The number of each message this host sends (a write repeated after Redis was away
        mid-write is a message its reader has heard already)."""
        self._heard_upto: dict[str, int] = {}
        self.suspect: set[str] = set()
        """Hosts that missed renewing their heartbeat, or an answer: asked nothing until they are
        heard from (a worker waiting for a host that is gone waits with all its sessions)."""
        self._tasks: list[asyncio.Task[None]] = []
        self._publishing: asyncio.TimerHandle | None = None
        self.down = False
        self.up_since = time.monotonic()
        self._unsubscribe: Callable[[], None] | None = None
        self._closing = False
        self._closed = False
        self._journal_read: tuple[float, set[int]] = (-math.inf, set())
        """When the hosts' journal was last read (before it was asked for), and its tables."""
        self.epoch: bytes | None = None
        """The token Redis keeps while it keeps its data (one made by the first host to start)."""
        self._renewed_at = time.monotonic()
        """When the last renewal of the heartbeat and the leases began: the other hosts go by it."""
        self._held_calls: list[tuple[float, str, tuple[Any, ...]]] = []
        """Other hosts' moves read while play waits for this host's leases (:meth:`_store_ok`)."""
        self._running: set[asyncio.Task[None]] = set()
        """The background work running now (a lobby read, a publication, a seat taken again)."""
        self._dead: set[str] = set()
        """Hosts in the hosts' list whose heartbeat has run out."""

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own, kept until it ends (the loop keeps only a weak reference to
        a task: one nobody holds may be collected before it is done)."""
        task = asyncio.get_running_loop().create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    # ------------------------------------------------------------------ keys
    def key(self, *parts: object) -> str:
        return self.prefix + ":".join(map(str, parts))

    # ------------------------------------------------------------------ starting and stopping
    async def start(self) -> None:
        """Join the others: claim this host's tables, publish its lobby, start listening."""
        try:
            await self.redis.ping()
        except self.errors as exc:
            raise StoreUnreachable(store_problem(exc)) from exc
        r = self.redis
        await r.set(self.key("epoch"), secrets.token_hex(8), nx=True)
        self.epoch = await r.get(self.key("epoch"))
        await r.eval(RAISE_TO, 1, self.key("table-id"), self.tables._next_id - 1)
        await r.eval(RENEW, 1, self.key("host", self.me), self.me, self._ms())
        await r.sadd(self.key("hosts"), self.me)
        await self._claim_own()
        self.link.hosts = self
        self.tables.journal = self
        self.tables.elsewhere = self.tables_elsewhere
        self.tables.names_elsewhere = self.names_elsewhere
        self._unsubscribe = self.tables.subscribe(self._lobby_changed)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._send_loop(), name="redis out"),
                       loop.create_task(self._read_loop(), name="redis in"),
                       loop.create_task(self._beat_loop(), name="redis heartbeat"),
                       loop.create_task(self._tick_loop(), name="redis hosts")]
        await self._check_hosts()
        await self._publish()
        log.info("host %s shares one lobby through %s", self.me, self.where_said())

    def where_said(self) -> str:
        """The Redis the host uses, without its password."""
        kwargs = self.redis.connection_pool.connection_kwargs
        where = kwargs.get("path") or f"{kwargs.get('host')}:{kwargs.get('port')}"
        return f"{where}/{kwargs.get('db', 0)}"

    async def _claim_own(self) -> None:
        """Each table this host lists from its folder is claimed, unless another host holds it
        now (it took the table over while this one was away): then this one forgets it."""
        r = self.redis
        for table in list(self.tables._tables.values()):
            if await r.sismember(self.key("closed"), table.id):
                # Taken over while this host was away, and closed there (its game over).
                log.warning("table %s was closed on another host; this host no longer lists it", table.id)
                del self.tables._tables[table.id]
                for path in (table.meta_path, table.save_path):
                    path.unlink(missing_ok=True)
                continue
            holder = await r.hget(self.key("journal"), table.id)
            if holder:
                # Redis's journal is as new as any disk's: another host holds the table, or takes
                # it over from there (this host too, if it is the one to take it).
                log.warning("table %s is in the hosts' journal (host %s); this host lists it only if "
                            "it takes it over", table.id, holder.decode())
                del self.tables._tables[table.id]
                continue
            if not await r.eval(RENEW, 1, self.key("lease", table.id), self.me, self._ms()):
                del self.tables._tables[table.id]
                continue
            self.leased.add(table.id)
            self._journal_table(table)

    def _journal_table(self, table: Any) -> None:
        """Write a table this host holds to the journal: its file, and its save as on the disk."""
        self.meta(table)
        try:
            text = table.save_path.read_text(encoding="utf-8")
        except OSError:
            text = ""
        if text:
            self._journal_whole(table.id, text, 0)

    async def close(self) -> None:
        """Leave: the last writes sent (for a few seconds at most), this host's leases let go
        so that another host lists its adjourned tables at once (once: again, it does nothing)."""
        if self._closed:
            return
        self._closed = self._closing = True
        if self._unsubscribe is not None:
            self._unsubscribe()
        deadline = time.monotonic() + 3.0
        while self.out and time.monotonic() < deadline and not self.down:
            await asyncio.sleep(0.05)
        if self._publishing is not None:
            self._publishing.cancel()
        for task in [*self._tasks, *self._running]:
            task.cancel()
        try:
            pipe = self.redis.pipeline(transaction=False)
            for table_id in self.leased:
                pipe.delete(self.key("lease", table_id))
            pipe.delete(self.key("host", self.me), self.key("lobby", self.me), self.key("inbox", self.me))
            pipe.srem(self.key("hosts"), self.me)
            for host in self.alive - {self.me}:
                goodbye = pickle.dumps((self.me, next(self._sequence), ("gone",)))
                pipe.xadd(self.key("inbox", host), {"m": goodbye},
                          maxlen=INBOX_LENGTH, approximate=True)
            await asyncio.wait_for(pipe.execute(), 3.0)
        except Exception as exc:  # noqa: BLE001 - a goodbye is all it is
            log.warning("host %s could not say goodbye to Redis: %s", self.me, exc)
        await self.redis.aclose()

    def _ms(self) -> int:
        return int(self.lease * 1000)

    # ------------------------------------------------------------------ Redis's state
    def _store_lost(self, exc: BaseException) -> None:
        if self.down or self._closing:
            return
        self.down = True
        log.error("host %s: Redis cannot be reached (%s); play waits", self.me,
                  store_problem(exc) or type(exc).__name__)
        self.tables.going.clear()
        self._tell_sessions(WAITS)

    def _store_ok(self, renewed: bool = False) -> None:
        """Redis answers again; ``renewed``: this host's leases were just renewed (or found
        another's).  Back from an outage longer than a lease, play waits for that: another host
        may have taken its tables over, and until the renewal says which, a table here would
        take moves that are lost, and send its old state to seats on other hosts."""
        if not self.down:
            return
        away = time.monotonic() - self._renewed_at
        if not renewed and away > self.lease / 2:
            return  # (past half a lease unrenewed: another host may take a lease at any moment)
        self.down = False
        self.up_since = time.monotonic()
        log.info("host %s: Redis is back; play goes on", self.me)
        self.tables.going.set()
        self._tell_sessions(BACK)
        self._lobby_changed()
        for peer in self.link.peers.values():
            if peer.send is not None:
                for hosted in peer.doors.values():
                    hosted.sent = {}  # (what was sent meanwhile may be lost: the next step sends all)
        if away > self.lease:
            # Away past its lease, this host was taken for gone: the other hosts let its people's
            # seats go (held as dropped connections) and its guests' names.  They sit again.
            now = time.monotonic()
            for route in self.routes.values():
                route.orphaned = route.orphaned or now
            names = {folded: self.me for folded in self.tables._guests}
            if names:
                self._queue(lambda pipe: pipe.hset(self.key("guest-names"), mapping=names))
            # Seated again now, where the lobbies say the tables are: the other hosts' lobbies
            # may have been read already (the inbox is read while play waits for the renewal),
            # and nothing else might change them for a long while (a loaded test run's Ben
            # waited 40 s).
            self._lobby_moved()
        held, self._held_calls = self._held_calls, []
        late = time.monotonic() - ASK_SECONDS * 0.75
        for at, origin, message in held:  # (in the order they came; a table let go refuses them)
            if at >= late:
                self._heard(origin, message)
            elif message[1]:  # its host may have given up on the answer: not made, refused
                self.send(origin, ("answer", message[1], False, TableError(WAITS), None))

    def _tell_sessions(self, text: Any) -> None:
        """A notice to every seat this host's workers hold, here or on other hosts."""
        for peer in list(self.link.peers.values()):
            if peer.send is not None:
                continue
            for hosted in list(peer.doors.values()):
                with speaking(hosted.lang):
                    peer.push(("deliver", hosted.number, [Notice(text)], hosted.frame()))
        for number, route in self.routes.items():
            route.peer.push(("deliver", number, [Notice(text)], route.frame))

    # ------------------------------------------------------------------ writing
    def _queue(self, op: Callable[[Any], Any]) -> None:
        if len(self.out) >= MAX_QUEUED:
            # (Not the oldest: those may be on their way in a batch.)
            log.error("host %s: %s writes wait for Redis; a new one is dropped", self.me, len(self.out))
            return
        self.out.append(op)
        self._wake.set()

    def send(self, host: str, message: Any) -> None:
        """A message to another host's inbox, after every write queued before it."""
        try:
            data = pickle.dumps((self.me, next(self._sequence), message), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            log.error("a message to host %s could not be sent: %s", host, exc)
            return
        inbox = self.key("inbox", host)
        self._queue(lambda pipe: pipe.xadd(inbox, {"m": data}, maxlen=INBOX_LENGTH, approximate=True))

    async def _send_loop(self) -> None:
        while True:
            _stop_if_cancelled()
            if not self.out:
                self._wake.clear()
                await self._wake.wait()
            batch = list(itertools.islice(self.out, 0, 512))
            try:
                pipe = self.redis.pipeline(transaction=False)
                for op in batch:
                    op(pipe)
                results = await pipe.execute(raise_on_error=False)
            except self.errors as exc:
                self._store_lost(exc)
                await asyncio.sleep(0.25)
                continue
            refused = [r for r in results if isinstance(r, Exception) and str(r).startswith(REFUSING)]
            if refused:
                self._store_lost(refused[0])
                await asyncio.sleep(0.25)
                continue
            for result in results:
                if isinstance(result, Exception):
                    log.error("host %s: a write to Redis failed: %s", self.me, result)
            for _ in batch:
                if self.out:
                    self.out.popleft()
            self._store_ok()

    # ------------------------------------------------------------------ the journal (a Journal)
    def whole(self, table_id: int, text: str, held: int) -> None:
        self._journal_whole(table_id, text, held)

    def _journal_whole(self, table_id: int, text: str, held: int) -> None:
        self._journal(table_id, "whole", text, held)

    def append(self, table_id: int, text: str, held: int) -> None:
        self._journal(table_id, "append", f"{held:09d}", text)

    def meta(self, table: Any) -> None:
        data = dict(table.meta())
        data["state"] = table.state.value
        self.leased.add(table.id)
        self._journal(table.id, "meta", json.dumps(data))

    def forget(self, table_id: int) -> None:
        self.leased.discard(table_id)
        self._journal(table_id, "forget")

    def _journal(self, table_id: int, what: str, *args: object) -> None:
        """A write of the table's journal, made only while this host holds its lease (a host cut
        off from Redis past its lease, whose table another host has taken over, writes nothing
        of it when it is back)."""
        keys = (self.key("lease", table_id), self.key("save", table_id), self.key("meta", table_id),
                self.key("journal"), self.key("closed"))
        self._queue(lambda pipe: pipe.eval(JOURNAL, len(keys), *keys, self.me, self._ms(), table_id, what,
                                           *args))

    # ------------------------------------------------------------------ the lobby
    def _lobby_changed(self) -> None:
        if self._publishing is None and not self._closing:
            loop = asyncio.get_running_loop()
            self._publishing = loop.call_later(0.02, lambda: self._background(self._publish()))

    async def _publish(self) -> None:
        self._publishing = None
        lobby: dict[str, tuple[TableInfo, ...]] = {}
        for lang in LANGUAGES:
            with speaking(lang):
                lobby[lang] = self.tables.tables()
        data = pickle.dumps(lobby, protocol=pickle.HIGHEST_PROTOCOL)
        key = self.key("lobby", self.me)
        self._queue(lambda pipe: pipe.set(key, data))
        for host in self.alive - {self.me}:
            self.send(host, ("lobby",))

    async def _refresh(self, host: str) -> None:
        try:
            data = await self.redis.get(self.key("lobby", host))
        except self.errors as exc:
            self._store_lost(exc)
            return
        if host not in self.alive:
            return
        try:
            self.lobbies[host] = pickle.loads(data) if data else {}  # noqa: S301 - hosts trust each other
        except Exception:  # noqa: BLE001 - a damaged entry lists nothing of that host
            log.exception("host %s's lobby cannot be read", host)
            self.lobbies[host] = {}
        self._lobby_moved()

    def _lobby_moved(self) -> None:
        where: dict[int, str] = {}
        for host, lobby in self.lobbies.items():
            for info in lobby.get(DEFAULT, ()):
                where.setdefault(info.id, host)
        self.where = where
        for peer in list(self.link.peers.values()):
            if peer.send is None:
                peer.lobby_changed()
        for number, route in list(self.routes.items()):
            if route.orphaned is not None:
                if route.table_id in self.tables._tables:
                    self._reattach(number, route, self.me)
                elif route.table_id in where:
                    self._reattach(number, route, where[route.table_id])

    def tables_elsewhere(self, person: Person) -> list[int]:
        """``person``'s tables on the other hosts (made by them, or a seat of theirs), not
        finished: a name is one person's on every host."""
        folded = name_key(person.name)
        return [info.id for lobby in self.lobbies.values() for info in lobby.get(DEFAULT, ())
                if info.state != TableState.FINISHED
                and (name_key(info.owner) == folded or any(_named(seat, folded) for seat in info.seats))]

    def names_elsewhere(self) -> list[str]:
        """The names of the other hosts' tables, as their lobbies list them."""
        return [info.name for lobby in self.lobbies.values() for info in lobby.get(DEFAULT, ())]

    def all_tables(self, lang: str) -> tuple[TableInfo, ...]:
        with speaking(lang):
            tables = {info.id: info for info in self.tables.tables()}
        for lobby in self.lobbies.values():
            for info in lobby.get(lang) or lobby.get(DEFAULT, ()):
                tables.setdefault(info.id, info)
        return tuple(tables[k] for k in sorted(tables))

    # ------------------------------------------------------------------ calls from this host's workers
    def _waits(self, peer: _Peer, target: int, name: str) -> bool:
        """Whether a call of ``peer``'s to its door ``target`` here must wait for Redis: a move
        (a read changes nothing, and leaving is always let)."""
        if not self.down:  # (asked of every call: the usual answer first)
            return False
        hosted = peer.doors.get(target)
        return hosted is not None and name not in hosted.door.mirrored and name not in (
            *hosted.door.reads, "past_events", "detach", "leave")

    def routed(self, peer: _Peer, lang: str, target: int | None, name: str,
               args: tuple[Any, ...]) -> Awaitable[tuple[bool, Any, Frame | None]] | None:
        """The answer to a worker's call that is not this host's table server's alone (a
        coroutine), or None: the link answers it as without other hosts."""
        if target is not None:
            route = self.routes.get(target)
            if route is not None:
                if route.peer is not peer:
                    return _now(False, TableError(L_("You have left this table.")), None)
                return self._door_call(target, route, lang, name, args)
            if self._waits(peer, target, name):
                return _now(False, TableError(WAITS), None)
            return None
        if name == "tables":
            return _now(True, self.all_tables(lang), None)
        if name == "person":
            return self._bounded(self._person(peer, lang, *args))
        if name == "known_name":
            return self._bounded(self._known_name(peer, lang, *args))
        if name == "left":
            return self._left(peer, lang, *args)
        if name == "create_table":
            return self._bounded(self._create_table(peer, lang, args))
        if name in TABLE_CALLS:
            table_id = args[0] if name == "table" else args[1]
            if table_id in self.tables._tables:
                return None
            host = self.where.get(table_id)
            if host is None:
                # Made a moment ago on another host, whose news is on its way: its lobby is read now.
                return self._bounded(self._find(peer, lang, name, args, table_id))
            if name in LOBBY_READS:
                return _now(True, self._read_lobby(host, lang, name, args), None)
            return self._table_call(peer, host, lang, name, args)
        return None

    def _read_lobby(self, host: str, lang: str, name: str, args: tuple[Any, ...]) -> Any:
        """A read about another host's table answered from its lobby as last published (who
        sits where, by the names that are one person's on every host), with no call: asking that
        host would hold up the asking worker, every time a person looks at its table in the
        lobby.  The table's host decides when the person acts (sits, starts)."""
        lobby = self.lobbies.get(host, {})
        table_id = args[0] if name == "table" else args[1]
        info = next(t for t in lobby.get(lang) or lobby.get(DEFAULT, ()) if t.id == table_id)
        if name == "table":
            return info
        folded = name_key(args[0].name)
        kept = next((seat.index for seat in info.seats if _named(seat, folded)), None)
        owner = name_key(info.owner) == folded
        if name == "is_owner":
            return owner
        if name == "seat_kept_for":
            return kept
        if name == "seat_to_take":
            return kept if kept is not None else (info.free_seats[0] if info.free_seats else None)
        # may_start: the creator; or, when the creator is not seated there or the game was
        # resumed, anyone seated there.
        resumed = info.state == TableState.WAITING and info.round > 0
        owner_here = any(seat.connected and _named(seat, name_key(info.owner)) for seat in info.seats)
        seated = any(seat.connected and _named(seat, folded) for seat in info.seats)
        return owner or ((resumed or not owner_here) and seated)

    async def _bounded(self, call: Awaitable[tuple[bool, Any, Frame | None]]
                       ) -> tuple[bool, Any, Frame | None]:
        """A call that reads or writes Redis, refused at once while it is away, and after
        :data:`ASK_SECONDS` at most (its worker waits meanwhile, with all its sessions)."""
        if self.down:
            if isinstance(call, Coroutine):
                call.close()
            return False, TableError(WAITS), None
        try:
            return await asyncio.wait_for(call, ASK_SECONDS)
        except TimeoutError:
            return False, TableError(UNREACHED), None
        except self.errors as exc:
            self._store_lost(exc)
            return False, TableError(WAITS), None

    def _table_call(self, peer: _Peer, host: str, lang: str, name: str,
                    args: tuple[Any, ...]) -> Awaitable[tuple[bool, Any, Frame | None]]:
        then = None
        if name in ("join", "watch"):
            then = lambda handle: self._route(peer, host, handle, lang)  # noqa: E731
        return self._ask(host, lang, None, name, args, then)

    async def _find(self, peer: _Peer, lang: str, name: str, args: tuple[Any, ...],
                    table_id: int) -> tuple[bool, Any, Frame | None]:
        for host in sorted(self.alive - {self.me}):
            await self._refresh(host)
        found = self.where.get(table_id)
        if found is None or table_id in self.tables._tables:
            return self._local(peer, lang, name, *args)  # (there is no such table, it says)
        return await self._table_call(peer, found, lang, name, args)

    def _local(self, peer: _Peer, lang: str, name: str, *args: Any) -> tuple[bool, Any, Frame | None]:
        with speaking(lang):
            return self.link._answer(peer, lang, None, name, args)

    async def _ask(self, host: str, lang: str, target: int | None, name: str, args: tuple[Any, ...],
                   then: Callable[[Any], Any] | None = None,
                   route: Route | None = None) -> tuple[bool, Any, Frame | None]:
        """Ask another host (as its own workers ask it); ``then`` turns the answer's value as soon
        as it is read (before any message that follows it), and ``route``, the door asked, takes
        the answer's frame then too."""
        if self.down:
            return False, TableError(WAITS), None
        if host in self.suspect:
            return False, TableError(UNREACHED), None
        number = next(self._asks)
        future: asyncio.Future[tuple[bool, Any, Frame | None]] = asyncio.get_running_loop().create_future()
        self.pending[number] = (future, then, route)
        self.send(host, ("call", number, lang, target, name, args, card_style()))
        try:
            return await asyncio.wait_for(future, ASK_SECONDS)
        except TimeoutError:
            log.error("host %s did not answer %s in %s s; it is asked nothing more until it is heard from",
                      host, name, ASK_SECONDS)
            self.suspect.add(host)
            return False, TableError(UNREACHED), None
        finally:
            self.pending.pop(number, None)

    def _route(self, peer: _Peer, host: str, handle: DoorHandle, lang: str,
               number: int | None = None) -> DoorHandle:
        """A door opened on ``host`` for ``peer``: known here by a number of this link's."""
        if peer.send is None and self.link.peers.get(peer.worker) is not peer:
            # Its worker is gone meanwhile: the door opened for it is let go at once.
            self.send(host, ("call", 0, DEFAULT, handle.door, "detach", ()))
            return handle
        number = self.link.number() if number is None else number
        old = self.routes.get(number)
        if old is not None:
            self.by_remote.pop((old.host, old.number), None)
        self.routes[number] = Route(host, handle.door, peer, handle.table_id, handle.seat, handle.person,
                                    lang, handle.frame)
        self.by_remote[(host, handle.door)] = number
        return dataclasses.replace(handle, door=number)

    async def _door_call(self, number: int, route: Route, lang: str, name: str,
                         args: tuple[Any, ...]) -> tuple[bool, Any, Frame | None]:
        if route.orphaned is not None or route.seating:
            if name in ("detach", "leave"):
                self._drop(number)
                route.parting = name  # (being seated again: the new door is let go as it opens)
                return True, None, None
            return False, TableError(L_("The host of table {table} stopped; wait a moment for another host "
                                        "to take it over.", table=route.table_id)), None
        route.lang = lang
        if name in ("detach", "leave"):
            # Let go here first: were its host to go before answering, the seat must not be
            # taken again for it at the host that takes the table over.
            self._drop(number)
            return await self._ask(route.host, lang, route.number, name, args)
        return await self._ask(route.host, lang, route.number, name, args, route=route)

    def _drop(self, number: int) -> None:
        route = self.routes.pop(number, None)
        if route is not None:
            self.by_remote.pop((route.host, route.number), None)

    def peer_gone(self, peer: _Peer) -> None:
        """A worker (or a host) is gone: the doors it held on other hosts let go."""
        for number, route in list(self.routes.items()):
            if route.peer is peer:
                self._drop(number)
                if route.seating:
                    route.parting = "detach"
                elif route.orphaned is None:
                    self.send(route.host, ("call", 0, DEFAULT, route.number, "detach", ()))

    # ------------------------------------------------------------------ names, server-wide
    async def _person(self, peer: _Peer, lang: str, key: str | None,
                      name: str | None = None) -> tuple[bool, Any, Frame | None]:
        r = self.redis
        try:
            if name is None:
                if key is not None and key not in self.tables._names:
                    stored = await r.hget(self.key("names"), key)
                    if stored:
                        self.tables._names[key] = stored.decode()
                return self._local(peer, lang, "person", key, name)
            try:
                with speaking(lang):
                    folded = name_key(check_name(name))
            except TableError as exc:
                return False, exc, None
            taken = TableError(L_("That name is taken by another player; choose another."))
            holder = await r.hget(self.key("name-keys"), folded)
            if (holder and holder.decode() != key) or await r.hexists(self.key("guest-names"), folded):
                return False, taken, None
            if key is None:
                claimed = bool(await r.hsetnx(self.key("guest-names"), folded, self.me))
            else:
                claimed = bool(await r.hsetnx(self.key("name-keys"), folded, key))
                if not claimed and (await r.hget(self.key("name-keys"), folded) or b"").decode() != key:
                    return False, taken, None
            if key is None and not claimed:
                return False, taken, None
            answer = self._local(peer, lang, "person", key, name)
            if not answer[0]:
                if claimed:
                    await r.hdel(self.key("guest-names" if key is None else "name-keys"), folded)
                return answer
            if key is not None:
                old = await r.hget(self.key("names"), key)
                await r.hset(self.key("names"), key, name)
                if old and name_key(old.decode()) != folded:
                    held = await r.hget(self.key("name-keys"), name_key(old.decode()))
                    if held and held.decode() == key:
                        await r.hdel(self.key("name-keys"), name_key(old.decode()))
            return answer
        except self.errors as exc:
            self._store_lost(exc)
            return False, TableError(WAITS), None

    async def _known_name(self, peer: _Peer, lang: str, key: str) -> tuple[bool, Any, Frame | None]:
        try:
            stored = await self.redis.hget(self.key("names"), key)
        except self.errors as exc:
            self._store_lost(exc)
            return self._local(peer, lang, "known_name", key)
        if stored:
            self.tables._names[key] = stored.decode()
            return True, stored.decode(), None
        return self._local(peer, lang, "known_name", key)

    async def _left(self, peer: _Peer, lang: str, person: Person) -> tuple[bool, Any, Frame | None]:
        answer = self._local(peer, lang, "left", person)
        if person.guest:
            folded = name_key(person.name)
            self._queue(lambda pipe: pipe.hdel(self.key("guest-names"), folded))
            for host in self.alive - {self.me}:
                self.send(host, ("guest-left", folded))
        return answer

    def guest(self, peer: _Peer, person: Person) -> Person:
        """The one object standing here for another host's guest."""
        key = (peer.worker, name_key(person.name))
        return self.guests.setdefault(key, person)

    def _own_highest_id(self) -> int:
        """The highest table number this host has given or holds (adjourned ones on its disk too)."""
        return max([self.tables._next_id - 1, *self.tables._tables])

    def _highest_id(self) -> int:
        """The highest table number this host knows of: its own, and those the others list."""
        listed = [info.id for lobby in self.lobbies.values() for infos in lobby.values() for info in infos]
        return max([self._own_highest_id(), *listed, *self.where])

    async def _create_table(self, peer: _Peer, lang: str,
                            args: tuple[Any, ...]) -> tuple[bool, Any, Frame | None]:
        try:
            number = int(await self.redis.eval(NEXT_ID, 1, self.key("table-id"), self._highest_id()))
        except self.errors as exc:
            self._store_lost(exc)
            return False, TableError(WAITS), None
        self.tables._next_id = number
        return self._local(peer, lang, "create_table", *args)

    # ------------------------------------------------------------------ reading the inbox
    async def _read_loop(self) -> None:
        inbox = self.key("inbox", self.me)
        last = "0-0"
        while True:
            _stop_if_cancelled()
            try:
                got = await self.redis.xread({inbox: last}, count=500, block=1000)
            except self.errors as exc:
                self._store_lost(exc)
                await asyncio.sleep(0.25)
                continue
            self._store_ok()
            for _stream, entries in got or ():
                for entry_id, fields in entries:
                    last = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
                    try:
                        origin, number, message = pickle.loads(fields[b"m"])  # noqa: S301 - hosts trust each other
                        if number <= self._heard_upto.get(origin, 0):
                            continue  # sent again after Redis was away mid-write: heard already
                        self._heard_upto[origin] = number
                        self.suspect.discard(origin)
                        self._heard(origin, message)
                    except Exception:  # noqa: BLE001 - one bad message must not stop the inbox
                        log.exception("host %s: a message could not be handled", self.me)
                self._queue(functools.partial(_trim, inbox, last))

    def _heard(self, origin: str, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "call":
            _, number, lang, target, name, args, *style = message  # (a detach has no style)
            peer = self._host_peer(origin)
            if target is not None and self._waits(peer, target, name):
                # Read from the inbox while play waits for this host's leases, past an outage:
                # the table may be another host's by now.  Answered once they are renewed (a
                # beat at most): that host's own sessions were told Redis is back already.
                if len(self._held_calls) < MAX_HELD_CALLS:
                    self._held_calls.append((time.monotonic(), origin, message))
                    return
                ok, value, frame = False, TableError(WAITS), None
            else:
                with speaking(lang), styled(style[0] if style else CardStyle()):
                    ok, value, frame = self.link._answer(peer, lang, target, name, args)
            if number:
                self.send(origin, ("answer", number, ok, value, frame))
        elif kind == "answer":
            _, number, ok, value, frame = message
            pending = self.pending.pop(number, None)
            if pending is None:
                if ok and isinstance(value, DoorHandle):  # opened for a call given up on
                    self.send(origin, ("call", 0, DEFAULT, value.door, "detach", ()))
                return
            future, then, route = pending
            if ok and then is not None:
                value = then(value)
            if route is not None and frame is not None:
                # Whole (the answer's frame is), and now: set once this call's coroutine went on,
                # it undid the steps delivered meanwhile (read in the same batch), and a notice
                # later sent the route's frame to the seat, a turn back (a CI run's Ben).
                route.frame = frame
            if not future.done():
                future.set_result((ok, value, frame))
        elif kind == "deliver":
            _, number, items, frame = message
            local = self.by_remote.get((origin, number))
            route = None if local is None else self.routes.get(local)
            if route is not None and local is not None:
                route.frame = {**route.frame, **frame}
                route.peer.push(("deliver", local, items, frame))
        elif kind == "lobby":
            if origin not in self.alive:
                self.alive.add(origin)
            self._background(self._refresh(origin))
        elif kind == "guest-left":
            self.guests = {k: v for k, v in self.guests.items() if k[1] != message[1]}
        elif kind == "gone":
            self._host_gone(origin)

    def _host_peer(self, host: str) -> _Peer:
        name = "host " + host
        peer = self.link.peers.get(name)
        if peer is None:
            peer = self.link.peers[name] = _Peer(self.link, name, lambda message: self.send(host, message))
        return peer

    # ------------------------------------------------------------------ hosts coming and going
    async def _beat_loop(self) -> None:
        """Renew the heartbeat and the leases four times a lease, on the clock: the other hosts
        take one that missed two for gone a moment (:meth:`_check_hosts`), so nothing else this
        host does (a table taken over, the other hosts checked) may put a renewal off."""
        period = max(0.1, self.lease / 4)
        due = time.monotonic()
        while True:
            _stop_if_cancelled()
            due = max(due + period, time.monotonic())
            await asyncio.sleep(due - time.monotonic())
            late = time.monotonic() - due
            if late > period:
                log.warning("host %s renews its heartbeat %.1f s late (this process was busy): the "
                            "other hosts may have refused to ask it meanwhile", self.me, late)
            try:
                await asyncio.wait_for(self._renew(), self.lease / 2)
            except TimeoutError as exc:
                # No answer for half a lease: another host may take the tables soon; play here
                # waits rather than go on where it may be lost.
                self._store_lost(exc)
            except self.errors as exc:
                self._store_lost(exc)
            except Exception:  # noqa: BLE001 - logged; the next beat tries again
                log.exception("host %s: renewing its leases failed", self.me)

    async def _tick_loop(self) -> None:
        while True:
            _stop_if_cancelled()
            await asyncio.sleep(max(0.1, self.lease / 4))
            if self.down:  # (what the other hosts' keys say may be old: wait for Redis)
                self._give_up_orphans()
                continue
            try:
                await self._check_hosts()
                await self._take_over()
            except self.errors as exc:
                self._store_lost(exc)
            except Exception:  # noqa: BLE001 - logged; the next tick tries again
                log.exception("host %s: a round of leases failed", self.me)
            self._give_up_orphans()

    async def _renew(self) -> None:
        began = time.monotonic()
        pipe = self.redis.pipeline(transaction=False)
        pipe.eval(RENEW, 1, self.key("host", self.me), self.me, self._ms())
        pipe.sadd(self.key("hosts"), self.me)
        pipe.get(self.key("epoch"))
        # The next table number stays past this host's: a Redis that lost its data would give
        # a number in use again, and its table's files would be written over.
        pipe.eval(RAISE_TO, 1, self.key("table-id"), self._own_highest_id())
        leased = sorted(self.leased)
        for table_id in leased:
            pipe.eval(RENEW, 1, self.key("lease", table_id), self.me, self._ms())
        results = await pipe.execute()
        for table_id, held in zip(leased, results[4:]):
            if not held:
                self._lost_table(table_id)
        self._store_ok(renewed=True)
        self._renewed_at = began
        if results[2] != self.epoch:
            await self._store_emptied()

    async def _store_emptied(self) -> None:
        """Redis came back without its data (restarted with no file to load: docs/hosting.md
        asks for its append-only file): the names this host knows and the journal of its
        tables are written again, so that no name passes to another key and another host can
        still take its tables over."""
        r = self.redis
        # The other hosts' heartbeats went with the data: until each has renewed its own, none is
        # taken for gone (its tables would leave the lobby, its seats here be told it stopped).
        self.up_since = time.monotonic()
        await r.set(self.key("epoch"), secrets.token_hex(8), nx=True)
        self.epoch = await r.get(self.key("epoch"))
        log.warning("host %s: Redis has lost its data (was it restarted without its append-only file?); "
                    "this host's names and tables are written to it again", self.me)
        pipe = r.pipeline(transaction=False)
        for key, name in self.tables._names.items():
            pipe.hsetnx(self.key("names"), key, name)
            pipe.hsetnx(self.key("name-keys"), name_key(name), key)
        await pipe.execute()
        for table in list(self.tables._tables.values()):
            if table.id in self.leased:
                self._journal_table(table)
        self._lobby_changed()

    def _lost_table(self, table_id: int) -> None:
        """Another host holds the table's lease now (this one was cut off past it): this host
        lets the table go without writing anything more of it."""
        self.leased.discard(table_id)
        table = self.tables._tables.pop(table_id, None)
        if table is None:
            return
        log.error("host %s: another host holds table %s now; it is let go here", self.me, table_id)
        table._stop_task()
        for door in table.doors():
            door.closed = True
        for peer in list(self.link.peers.values()):
            if peer.send is not None:
                continue  # (another host's seats: it found this host gone before the table went)
            for number, hosted in list(peer.doors.items()):
                if hosted.door.table_id == table_id:
                    hosted.close()
                    peer.doors.pop(number, None)
                    peer.push(("lost", number, Notice(L_("Table {table} is played on another host now; "
                                                         "take your seat again from the lobby.",
                                                         table=table_id))))
        self.tables.changed()

    async def _check_hosts(self) -> None:
        r = self.redis
        members = {m.decode() for m in await r.smembers(self.key("hosts"))}
        members.discard(self.me)
        pipe = r.pipeline(transaction=False)
        ordered = sorted(members)
        pipe.get(self.key("epoch"))
        for host in ordered:
            pipe.pttl(self.key("host", host))
        epoch, *ttls = await pipe.execute()
        if epoch != self.epoch:
            # Redis lost its data, heartbeats with it, and the heartbeat's task has not noticed
            # yet (it writes everything again and gives the others a lease to renew): nobody
            # is taken for gone meanwhile.
            return
        left = dict(zip(ordered, ttls))
        alive = {host for host, ms in left.items() if ms != -2}
        for host, ms in left.items():
            # A host renews its heartbeat four times a lease: past two missed, it is not asked.
            if 0 <= ms < self._ms() // 2:
                self.suspect.add(host)
            else:
                self.suspect.discard(host)
        if time.monotonic() - self.up_since < self.lease:
            # Back from an outage of Redis: the others have not all renewed their heartbeats yet.
            alive |= set(self.lobbies)
        for host in set(self.lobbies) - alive:
            self._host_gone(host)
        for host in alive - set(self.lobbies):
            self.alive.add(host)
            await self._refresh(host)
            # New, or back after it was taken for gone (a process stopped a while): it heard
            # nothing of this host's lobby meanwhile (a play test's lobby showed no table for a
            # minute, until this host's next change), so it reads it now.
            self.send(host, ("lobby",))
        self.alive = alive | {self.me}
        self._dead = members - alive

    def _host_gone(self, host: str) -> None:
        """Another host has stopped (or lost Redis past its lease): its tables leave the lobby
        until another host takes them over; the seats it held here are dropped connections;
        this host's sessions at its tables wait for the table to come back."""
        self.alive.discard(host)
        if self.lobbies.pop(host, None) is not None:
            log.warning("host %s: host %s is gone", self.me, host)
        peer = self.link.peers.pop("host " + host, None)
        if peer is not None:
            peer.gone()
        self.guests = {k: v for k, v in self.guests.items() if k[0] != "host " + host}
        now = time.monotonic()
        for number, route in self.routes.items():
            if route.host == host and route.orphaned is None and not route.seating:
                route.orphaned = now
                route.peer.push(("deliver", number, [Notice(L_(
                    "The host of table {table} stopped; wait a moment for another host to take it over.",
                    table=route.table_id))], route.frame))
        self._lobby_moved()

    def _give_up_orphans(self) -> None:
        """Let go of the seats at gone hosts' tables that no host will take over: a table not
        in the journal read since its host went (a game not started is not journaled) a lease
        after (its host, back from an outage of its own by then, seats them again), any other
        after three leases and ten seconds."""
        now = time.monotonic()
        deadline = now - (3 * self.lease + 10)
        read_at, journaled = self._journal_read
        for number, route in list(self.routes.items()):
            if route.orphaned is None:
                continue
            never = (route.orphaned < min(read_at, now - self.lease) and route.table_id not in journaled
                     and route.host not in self.alive and route.table_id not in self.where)
            if never or route.orphaned < deadline:
                self._drop(number)
                route.peer.push(("lost", number, Notice(L_(
                    "The host of table {table} stopped and no other host could take the table over.",
                    table=route.table_id))))

    async def _take_over(self) -> None:
        """Take the tables of gone hosts whose leases have run out (once this host has been
        connected a whole lease: after Redis comes back, the living renew theirs first)."""
        if self.down or time.monotonic() - self.up_since < self.lease:
            return
        r = self.redis
        read_at = time.monotonic()
        journal = await r.hgetall(self.key("journal"))
        self._journal_read = (read_at, {int(raw_id) for raw_id in journal})
        holders: set[str] = set()
        for raw_id, raw_host in journal.items():
            table_id, host = int(raw_id), raw_host.decode()
            holders.add(host)
            if host == self.me or host in self.alive or table_id in self.tables._tables:
                continue
            if not await r.set(self.key("lease", table_id), self.me, nx=True, px=self._ms()):
                continue
            # Renewed from now on (a take-over on a busy disk may last longer than a lease, and
            # another host would take the table too), and let go if the take-over fails.
            self.leased.add(table_id)
            try:
                await self._take(table_id, host)
            except Exception:  # noqa: BLE001 - logged; the lease runs out and another host tries
                self.leased.discard(table_id)
                log.exception("host %s could not take table %s over", self.me, table_id)
        for host in self._dead - holders:
            # Nothing of it is left to take over: it leaves the hosts' list.
            pipe = r.pipeline(transaction=False)
            pipe.srem(self.key("hosts"), host)
            pipe.delete(self.key("inbox", host), self.key("lobby", host))
            await pipe.execute()
            guests = await r.hgetall(self.key("guest-names"))
            gone = [name for name, holder in guests.items() if holder.decode() == host]
            if gone:
                await r.hdel(self.key("guest-names"), *gone)

    async def _take(self, table_id: int, host: str) -> None:
        r = self.redis
        raw_meta = await r.get(self.key("meta", table_id))
        save = await r.hgetall(self.key("save", table_id))
        if raw_meta is None:
            self.leased.discard(table_id)
            await r.hdel(self.key("journal"), table_id)
            return
        meta = json.loads(raw_meta)
        state = meta.pop("state", TableState.ADJOURNED.value)
        whole = save.pop(b"whole", b"").decode()
        held = int(save.pop(b"held", b"0") or 0)
        lines = [text.decode() for field, text in sorted(save.items()) if int(field) > held]
        text = whole + "".join(lines)
        table = self.tables._table_from_meta(meta, time.time())
        (self.tables.data_dir / TABLES_FOLDER).mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(_write_both, table.save_path, text, table.meta_path,
                                json.dumps(meta, indent=1) + "\n")
        self.tables._tables[table_id] = table
        self.tables._next_id = max(self.tables._next_id, table_id + 1)
        self.leased.add(table_id)
        log.warning("host %s takes table %s over from host %s (%s events in its journal)", self.me, table_id,
                    host, len(text.splitlines()))
        if state == TableState.PLAYING.value and text:
            self.tables._resume(table)
            self.tables._start(table, held=True)
        else:
            self.meta(table)
        self.tables.changed()
        self._lobby_moved()

    def _adjourned(self, table_id: int, host: str) -> bool:
        """Whether the table is adjourned on ``host`` (this one's, or as its lobby says)."""
        if host == self.me:
            table = self.tables._tables.get(table_id)
            return table is not None and table.state == TableState.ADJOURNED
        lobby = self.lobbies.get(host, {})
        return any(info.id == table_id and info.state == TableState.ADJOURNED
                   for info in lobby.get(DEFAULT, ()))

    def _reattach(self, number: int, route: Route, host: str) -> None:
        """Seat again at its table on ``host`` a worker's person whose table's host stopped; a
        table its host adjourned as it stopped (Ctrl+C) is not resumed behind its people's
        backs: they are back in the lobby, told so, and resume it there."""
        route.orphaned = None  # (not tried twice meanwhile)
        same_host = route.host == host
        # The gone door's messages reach no seat from now on.  The route keeps its host and
        # number until the new door is answered (``again``): numbers repeat across hosts, and
        # set at once they unmapped another door of this host's there, and sent this seat's
        # calls meanwhile to whatever door had that number there.
        self.by_remote.pop((route.host, route.number), None)
        if self._adjourned(route.table_id, host):
            self._drop(number)
            route.peer.push(("lost", number, Notice(L_(
                "The host of table {table} stopped and its game was adjourned; its players can "
                "resume it from the lobby.", table=route.table_id))))
            return
        name = "watch" if route.seat is None else "join"
        args: tuple[Any, ...] = (route.person, route.table_id) if route.seat is None else (
            route.person, route.table_id, route.seat)
        told = Notice(L_("The host of table {table} stopped; another host took it over, and the game goes "
                         "on from its last save: any move made since is taken back.",
                         table=route.table_id) if not same_host else
                      # Seated again at the same host, after this one was cut off from the hosts'
                      # store past its lease (no host stopped: a play test was told one had).
                      L_("You are seated at table {table} again; the game goes on.", table=route.table_id))

        def failed(value: Any) -> None:
            self._drop(number)
            text = value.text if isinstance(value, TableError) else str(value)
            route.peer.push(("lost", number, Notice(text)))

        if host == self.me:
            self._drop(number)
            ok, value, _frame = self._local(route.peer, route.lang, name, *args)
            if not ok:
                failed(value)
                return
            hosted = route.peer.doors.pop(value.door)
            hosted.number = number
            route.peer.doors[number] = hosted
            with speaking(route.lang):
                route.peer.push(("deliver", number, [told], hosted.frame()))
            return

        async def remote() -> None:
            def again(handle: DoorHandle) -> DoorHandle:
                if route.parting is not None:  # left (or its worker gone) meanwhile
                    self.send(host, ("call", 0, DEFAULT, handle.door, route.parting, ()))
                    return handle
                return self._route(route.peer, host, handle, route.lang, number)
            try:
                ok, value, _frame = await self._ask(host, route.lang, None, name, args, again)
            finally:
                route.seating = False
            if route.parting is not None:
                return
            if not ok:
                failed(value)
                return
            moved = self.routes.get(number)
            if moved is not None:
                route.peer.push(("deliver", number, [told], moved.frame))
        route.seating = True  # (now: a call already on its way must not reach the gone door)
        self._background(remote())


def _named(seat: SeatInfo, folded: str) -> bool:
    """Whether the lobby shows ``seat`` as the seat of the person whose name folds to ``folded``
    (a name is one person's on every host)."""
    return seat.kind == "person" and seat.name is not None and name_key(seat.name) == folded


def _stop_if_cancelled() -> None:
    """Stop the task running this if it was asked to: Redis's client has been seen to swallow a
    cancellation that came during a blocking read, and the loop reading read on for ever (a
    test's event loop then never closed)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


def _write_both(first: Path, first_text: str, second: Path, second_text: str) -> None:
    """A table's save and meta files, in a thread (a busy disk may take a second to sync them,
    which the host's sessions and heartbeat need meanwhile): both are written even if the
    take-over that asked for them is cancelled (the host stopping) in between."""
    write_atomic(first, first_text)
    write_atomic(second, second_text)


def _now(ok: bool, value: Any, frame: Frame | None) -> Coroutine[Any, Any, tuple[bool, Any, Frame | None]]:
    async def answer() -> tuple[bool, Any, Frame | None]:
        return ok, value, frame
    return answer()


def _trim(inbox: str, upto: str, pipe: Any) -> None:
    """Drop the messages read from an inbox, up to ``upto``."""
    pipe.xtrim(inbox, minid=upto, approximate=False)
