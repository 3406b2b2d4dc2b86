"""Load on ``kings-corner serve``: N SSH sessions (people seated and spectators, over several
tables, all playing), against the targets of issue 12: 50 sessions with the 99th-percentile
update delay under 250 ms and under 25 MB per session on the 2-core machine.

Run: python benchmarks/serve_load.py [--sessions 50] [--tables 10] [--seconds 30] [--pace 1.5]
                                    [--computer-pace 0.6] [--thinkers N] [--workers N] [--churn N]
                                    [--connect-at-once | --connect-over SECONDS] [--json]
                                    [--hosts N [--redis URL] [--lease S]]
Prints figures and where the server's time goes (``--json``: the figures as one JSON object on
standard output, the text on standard error); asserts nothing.

The server runs in a child process (its memory and CPU are its own, with its workers'); this
process holds the N clients (asyncssh, a pty of 80 x 24 each) and timestamps every chunk each one
receives.  Each table has two seats for people and two `hard` computers; each session takes its
place from the lobby by its keys (the first two sent to a table sit in its people's seats, the
others watch it).  The people's moves are made where the tables are, through their seat's door,
each ``--pace`` seconds after their turn began or after their last move (a quick player; their
keys themselves are tested in tests/platform/net), and at a round's end they say they are ready
``--pace`` seconds after it ended, as Enter in its dialog does; the computers play at
``--computer-pace``, the pace `kings-corner serve` gives them by default.  The defaults are a busy
game night: ten tables, all playing at once, forty percent of the sessions seated and the rest
watching.  ``--tables 5 --pace 0.5 --computer-pace 0.5`` is a stress run: every seat moves
twice a second.

The delay of an update: from the moment the server's game emits an event (a card played, a
turn ended, a card drawn) to the first bytes after it arriving at each session at that table.
The longest stop is the longest of those delays over the whole measure; halfway through it some
spectators leave and come back (``--churn``), so that the full collections of reference cycles a
serving process makes after some of its sessions ended fall inside it, as on any night.  The
processor time and the memory are the server's and every process it started (its workers, its
computers' thinkers), the time in cores.

Several hosts (issue 31): ``--hosts 2 [--redis URL]`` starts two servers, each a child process as
the one above with its own data folder and workers, sharing one Redis (without ``--redis``, a
private ``redis-server`` on a free port of 127.0.0.1, in a temporary folder, with ``--appendonly
yes --save ''``, stopped at the end; with ``--redis``, the keys go under a prefix of their own,
deleted at the end).  The tables are made on the hosts in turn (table i on host i mod N, made
through Redis as ``serve --redis`` makes them, so that their numbers are unique); the sessions
connect to the hosts in turn at each table (its first person on the table's host, its second on
the next host, its spectators alternating): every table has seats on two hosts.  Besides the
figures above, for all the servers together: the delay of the updates of sessions on another host
than their table's against those on the table's own host (the extra delay of a move crossing
hosts), and the bytes through Redis per event (its ``INFO stats`` network input and output over
the measure).  ``benchmarks/hosts_takeover.py`` measures a table coming back after ``kill -9`` of
its host.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import multiprocessing
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from kc_tui.net import tables_title


def tree(root: int) -> dict[int, list[str]]:
    """Process ``root`` and every living process under it (the server, its workers, its
    thinkers, whatever their number), each with its /proc stat fields after the name."""
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    stats[int(entry)] = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
    under: dict[int, list[str]] = {}
    for pid, fields in stats.items():
        up = pid
        while up not in (0, 1, root):
            up = int(stats[up][1]) if up in stats else 0
        if up == root:
            under[pid] = fields
    return under


def cpu_seconds(root: int) -> float:
    """The processor seconds of the processes of :func:`tree`, as Linux counts them."""
    tick = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[11]) + int(fields[12]) for fields in tree(root).values()) / tick


def tree_rss_mb(root: int) -> float:
    """The resident memory of the processes of :func:`tree`."""
    return sum(int(fields[21]) for fields in tree(root).values()) * os.sysconf("SC_PAGE_SIZE") / 2**20


# ---------------------------------------------------------------------- the server (child process)
args_top = 25


def serve(conn: Any, data: str, tables_n: int, names: dict[str, str], pace: float, computer_pace: float,
          computer: str, workers: int, thinkers: int | None, log_path: str,
          hosting: dict[str, Any] | None = None) -> None:
    """The server; with ``hosting`` (``url``, ``lease``, ``prefix``) one host of several on a
    Redis, which makes its tables when told to (``("make", index)``), after it has joined."""
    asyncio.run(_serve(conn, Path(data), tables_n, names, pace, computer_pace, computer, workers, thinkers,
                       log_path, hosting))


async def _serve(conn: Any, data: Path, tables_n: int, names: dict[str, str], pace: float,
                 computer_pace: float, computer: str, workers: int, thinkers: int | None,
                 log_path: str, hosting: dict[str, Any] | None = None) -> None:
    import logging

    from kc_tui.core.kinds import Phase
    from kc_tui.games.kings_corner.engine.moves import PlayCard
    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.net import Person, TableServer
    from kc_tui.ssh import GameSSHServer, Limits
    from kc_tui.ssh.gate import Gate, GateLimits
    from kc_tui.ssh.lobby import lobby_front_ends
    from kc_tui.ssh.workers import Workers

    # The server's log (and its workers', who write to its standard error) in a file: the full
    # collections are read from it.
    with open(log_path, "ab") as log_file:
        os.dup2(log_file.fileno(), 2)
    handler = logging.FileHandler(log_path)
    handler.setFormatter(logging.Formatter("%(created).3f %(message)s"))
    logging.getLogger("kc_tui").setLevel(logging.WARNING)
    ssh_log = logging.getLogger("kc_tui.ssh")
    ssh_log.setLevel(logging.INFO)
    ssh_log.addHandler(handler)
    import gc
    pauses: list[tuple[int, float]] = []
    gc_began = [0.0]

    def gc_timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_began[0] = time.perf_counter()
        else:
            pauses.append((info["generation"], time.perf_counter() - gc_began[0]))

    gc.callbacks.append(gc_timer)
    # One owner makes every table of the evening: the per-person cap is not what is measured.
    # The computers think as `kings-corner serve` has them think (--thinkers, one process per core).
    from kc_tui.net.thinkers import cores
    tables = TableServer(data, grace=600, pace=computer_pace, max_tables_per_person=tables_n,
                         thinkers=cores() if thinkers is None else thinkers)
    tables.thinkers.start()
    for key, name in names.items():  # every key chose its name on an earlier visit
        tables.person(key, name)
    events: list[tuple[int, float, str]] = []
    """Each event of this server's tables: the table's number, when, what."""
    owner = Person("SHA256:owner", "Owner")

    def make(index: int) -> int:
        seats = ["open", "open", computer, computer]
        return tables.create_table(owner, f"T{index}", build_rules(4), seats).id

    if hosting is None:
        for i in range(tables_n):
            make(i)
    followed: set[int] = set()
    arrived: dict[int, float] = {}
    """When each table was first seen here (a table taken over from another host, too)."""

    def follow_table(table_id: int) -> None:
        table = tables._tables.get(table_id)
        service = None if table is None else table.service
        if table_id in followed or service is None:
            return
        followed.add(table_id)
        service.follow(lambda event, t=table_id: events.append((t, time.time(), type(event).__name__)), None)

    limits = Limits(max_sessions=1000, sessions_per_address=1000)
    gate = Gate(GateLimits(per_address=100000, per_minute=100000))
    server: Any
    if workers:
        server = Workers(workers, tables, data / "host_key", port=0, limits=limits, gate=gate)
    else:
        server = GameSSHServer(lobby_front_ends(tables), data / "host_key", port=0, limits=limits, gate=gate)
    hosts: Any = None
    if hosting is not None:  # as `kings-corner serve --redis` joins the others
        from kc_tui.net.hosts import Hosts

        assert isinstance(server, Workers), "several hosts need worker processes"
        hosts = Hosts(hosting["url"], server.link, lease=hosting["lease"], prefix=hosting["prefix"])
        await hosts.start()

        def seen() -> None:
            # A table that comes here (taken over from a host that stopped) is followed at once,
            # before its game's next step: not at the next turn of the loop below.
            for table_id in list(tables._tables):
                arrived.setdefault(table_id, time.time())
                follow_table(table_id)
        tables.subscribe(seen)
    await server.start()
    conn.send(("ready", server.port, sorted(tables._tables)))
    profile: cProfile.Profile | None = None
    timing: dict[Any, tuple[Any, float]] = {}
    while True:
        while not conn.poll():
            for table_id in list(tables._tables):
                arrived.setdefault(table_id, time.time())
                follow_table(table_id)
            # The people's moves, at the pace, through their seats' doors where the tables are
            # (their keys themselves are tested in tests/platform/net); at a round's end each says
            # it is ready, as Enter in the round's dialog does.  A seat taken from another host
            # has its door here too: the moves of a table are all made on its host.
            for table_id, table in list(tables._tables.items()):
                for door in table.doors():
                    try:
                        if door.closed or door.seat is None:
                            continue
                        view = door.view()
                        now = time.time()
                        place = (table_id, door.seat)
                        if view.phase == Phase.ROUND_OVER:
                            turn, at = timing.get(place, (None, 0.0))
                            if turn != ("over", view.round):
                                timing[place] = (("over", view.round), now + pace)
                            elif now >= at:
                                timing[place] = (turn, now + 60)
                                door.next_round()
                        elif door.my_turn():
                            turn, at = timing.get(place, (None, 0.0))
                            if turn != view.turn:  # a new turn: think first
                                timing[place] = (view.turn, now + pace)
                            elif now >= at:
                                timing[place] = (turn, now + pace)
                                corner: Any = door
                                moves = [m for m in corner.legal_moves() if isinstance(m, PlayCard)]
                                corner.play(moves[0]) if moves else corner.end_turn()
                    except Exception:
                        pass
            await asyncio.sleep(0.05)
        try:
            command = conn.recv()
        except EOFError:  # the measuring process is gone: so is the server
            command = "quit"
        if isinstance(command, tuple) and command[0] == "make":  # a table of several hosts' lobby
            if hosts is not None:  # its number from Redis, as `serve --redis` numbers a person's table
                tables._next_id = int(await hosts.redis.incr(hosts.key("table-id")))
            try:
                conn.send(make(command[1]))
            except Exception as exc:  # noqa: BLE001 - said to the measuring process, which stops
                conn.send(RuntimeError(f"table {command[1]} could not be made: {exc}"))
        elif command == "listed":  # the tables this host's lobby lists
            from kc_tui.core.i18n import DEFAULT
            conn.send(len(hosts.all_tables(DEFAULT)) if hosts is not None else len(tables._tables))
        elif command == "turn":  # where each table of this host stands: (phase, whose turn)
            conn.send({table_id: (None, None) if table.service is None else
                       (str(table.service.phase), table.service.current)
                       for table_id, table in list(tables._tables.items())})
        elif command == "events":  # so far, and when each table was first seen here
            conn.send((list(events), dict(arrived)))
        elif command == "rss":
            conn.send(tree_rss_mb(os.getpid()))
        elif command == "measure":  # the delays, with no profiler slowing the server
            events.clear()
            pauses.clear()
            conn.send("measuring")
        elif command == "stop":
            conn.send((list(events), tree_rss_mb(os.getpid()), list(pauses)))
        elif command == "census":  # what the collector has to look at: tracked objects by type
            gc.unfreeze()
            counts: dict[str, int] = defaultdict(int)
            for thing in gc.get_objects():
                counts[type(thing).__qualname__] += 1
            gc.freeze()
            conn.send((sum(counts.values()), sorted(counts.items(), key=lambda item: -item[1])[:args_top]))
        elif command == "profile":  # then, apart, where the time goes (in this process)
            profile = cProfile.Profile()
            profile.enable()
            conn.send("profiling")
        elif command == "profiled":
            assert profile is not None
            profile.disable()
            stats = pstats.Stats(profile)
            by_package: dict[str, float] = defaultdict(float)
            for (file, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
                by_package[_package(file)] += tottime
            heaviest: list[tuple[float, str]] = []
            for (file, line, name), (_, _, _, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
                if "/textual/" in file or "/kc_tui/" in file:
                    heaviest.append((cumtime, f"{file.rsplit('site-packages/', 1)[-1]}:{line}({name})"))
            heaviest.sort(reverse=True)
            conn.send((dict(by_package), heaviest[:args_top]))
        elif command == "quit":
            await server.stop()
            await tables.close()
            if hosts is not None:
                await hosts.close()
            return


def _package(file: str) -> str:
    for name in ("textual", "rich", "asyncssh", "cryptography", "kc_tui", "asyncio", "pyte"):
        if f"/{name}/" in file:
            return name
    return "built-in" if file == "~" else "other"


# ---------------------------------------------------------------------- the clients
LOBBY_DRAWN = str(tables_title()).encode()
"""The lobby's title ("Tables: Kings in the Corner, Kings Reverse"), as its first screen draws it:
a session has arrived when it is on screen."""


async def clients(port: int | list[int], keys: list[Any], places: list[tuple[int, int | None]],
                  arrivals: list[list[float]], took: list[float] | None = None,
                  at_once: bool = False, over: float = 0.0) -> list[Any]:
    """Connect a session for each key (one after another, all at once, or ``over`` seconds: the
    i-th of n starts connecting at i·over/n seconds whatever the others' progress, as people
    arriving at a game night), each done when the
    lobby is on its screen (``took`` gets each one's seconds from connecting to it); then each
    takes its place from the lobby by its keys: down to its table, then its seat's digit, or w
    to watch.  ``port``: the server's, or each session's server's (several hosts)."""
    import asyncssh

    drawn: dict[int, asyncio.Event] = {}

    class Session(asyncssh.SSHClientSession[bytes]):
        def __init__(self, index: int) -> None:
            self.index = index
            self.seen = b""

        def data_received(self, data: bytes, datatype: Any) -> None:
            arrivals[self.index].append(time.time())
            if not drawn[self.index].is_set():
                self.seen = self.seen[-64:] + data
                if LOBBY_DRAWN in self.seen:
                    drawn[self.index].set()

    async def one(index: int, key: Any) -> Any:
        began = time.monotonic()
        drawn[index] = asyncio.Event()
        conn = await asyncssh.connect("127.0.0.1", port if isinstance(port, int) else port[index],
                                      username="load", known_hosts=None, client_keys=[key], agent_path=None)
        channel, _ = await conn.create_session(lambda: Session(index), term_type="xterm-256color",
                                               term_size=(80, 24), encoding=None)
        await drawn[index].wait()  # connected when the lobby is on its screen
        if took is not None:
            took.append(time.monotonic() - began)
        asyncio.get_running_loop().call_later(0.1, take_place, channel, index)  # the lobby takes keys
        return conn

    def take_place(channel: Any, index: int) -> None:
        table, seat = places[index]
        channel.write(b"\x1b[B" * table + (b"w" if seat is None else str(seat + 1).encode()))

    if at_once:
        return list(await asyncio.gather(*(one(index, key) for index, key in enumerate(keys))))
    if over > 0:
        async def later(index: int, key: Any) -> Any:
            await asyncio.sleep(index * over / len(keys))
            return await one(index, key)
        return list(await asyncio.gather(*(later(index, key) for index, key in enumerate(keys))))
    return [await one(index, key) for index, key in enumerate(keys)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


# ---------------------------------------------------------------------- several hosts: their Redis
def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateRedis:
    """A ``redis-server`` of the run's own on a free port of 127.0.0.1, in ``folder``, keeping an
    append-only file (``--appendonly yes --save ''``); :meth:`stop` ends it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.process: Any = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> str:
        import subprocess

        import redis

        self.folder.mkdir(parents=True, exist_ok=True)
        for _attempt in range(5):  # (the port may be taken between the probe and the bind)
            self.port = free_port()
            with open(self.folder / "redis.log", "ab") as log:
                self.process = subprocess.Popen(
                    ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                     "--dir", str(self.folder), "--appendonly", "yes", "--save", "", "--daemonize", "no"],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder)
            client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2, socket_connect_timeout=2)
            deadline = time.monotonic() + 20
            try:
                while self.process.poll() is None and time.monotonic() < deadline:
                    try:
                        if client.ping() and client.info("server")["process_id"] == self.process.pid:
                            return self.url
                    except (redis.ConnectionError, redis.TimeoutError, redis.BusyLoadingError):
                        pass
                    time.sleep(0.02)
            finally:
                client.close()
            self.stop()
        raise RuntimeError(f"redis-server did not start; see {self.folder / 'redis.log'}")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except Exception:  # noqa: BLE001 - then by force
                process.kill()
                process.wait()


def redis_counters(client: Any) -> tuple[int, float, dict[str, int]]:
    """The bytes Redis has received and sent since it started, its processor seconds, and its
    calls of each command (nothing without a Redis)."""
    if client is None:
        return 0, 0.0, {}
    stats, cpu = client.info("stats"), client.info("cpu")
    calls = {name.removeprefix("cmdstat_"): int(value["calls"])
             for name, value in client.info("commandstats").items()}
    return (int(stats["total_net_input_bytes"]) + int(stats["total_net_output_bytes"]),
            float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"]), calls)


def host_of_sessions(places: list[tuple[int, int | None]], hosts_n: int) -> list[int]:
    """The host each session connects to: table i is made on host i mod N; its first session on
    that host, the next ones on the hosts after it in turn (so its two people are on two hosts)."""
    count: dict[int, int] = defaultdict(int)
    hosts: list[int] = []
    for table, _seat in places:
        hosts.append((table + count[table]) % hosts_n)
        count[table] += 1
    return hosts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=1.5, help="a person's seconds per move")
    parser.add_argument("--computer", default="hard", help="the level of the two computers at each table")
    parser.add_argument("--computer-pace", type=float, default=0.6, help="a computer's seconds per move")
    parser.add_argument("--thinkers", type=int, default=None,
                        help="processes the computers think in, as `serve --thinkers` (default: one per "
                             "core; 0: threads of the server, as before there were processes)")
    parser.add_argument("--by-event", action="store_true",
                        help="the delays by kind of event, and by five seconds")
    parser.add_argument("--top", type=int, default=0, help="also list the N heaviest calls")
    parser.add_argument("--census", action="store_true",
                        help="also count the objects the cycle collector tracks, by type")
    arriving = parser.add_mutually_exclusive_group()
    arriving.add_argument("--connect-at-once", action="store_true",
                          help="open every session together (default: one after another)")
    arriving.add_argument("--connect-over", type=float, default=0.0, metavar="SECONDS",
                          help="open the sessions evenly over SECONDS, each at its time whether or not "
                               "the ones before have arrived (default: one after another)")
    parser.add_argument("--json", action="store_true",
                        help="the figures as JSON on standard output (the text on standard error)")
    parser.add_argument("--workers", type=int, default=None,
                        help="the server's worker processes (default: the server's, one per core; 0: "
                             "every session in the tables' process)")
    parser.add_argument("--churn", type=int, default=None,
                        help="spectators who leave and come back halfway, so that the server's full "
                             "collections fall inside the measure (default: 10 per serving process)")
    parser.add_argument("--hosts", type=int, default=1,
                        help="servers sharing one lobby through Redis, as `serve --redis` (default 1: "
                             "one server, no Redis)")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="with --hosts 2 or more: the Redis they share (its keys under a prefix of "
                             "the run's own, deleted at the end; default: a private redis-server)")
    parser.add_argument("--lease", type=float, default=4.0, help="with --hosts: `serve --lease` (seconds)")
    args = parser.parse_args()
    from kc_tui.net.thinkers import cores

    workers = cores() if args.workers is None else args.workers
    if args.hosts < 1:
        parser.error("--hosts takes 1 or more")
    if args.hosts > 1 and not workers:
        parser.error("several hosts need --workers 1 or more, as `serve --redis`")
    if args.hosts == 1 and args.redis is not None:
        parser.error("--redis is for --hosts 2 or more")
    churn = min(args.sessions - 2 * args.tables, 10 * max(1, workers) if args.churn is None else args.churn)
    out = sys.stderr if args.json else sys.stdout

    def say(line: str) -> None:
        print(line, file=out, flush=True)

    import asyncssh

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(args.sessions + 1)]
    names = {key.get_fingerprint("sha256"): f"P{index}" for index, key in enumerate(keys)}
    per_table: dict[int, int] = defaultdict(int)
    places: list[tuple[int, int | None]] = []
    for index in range(args.sessions):
        table = index % args.tables
        places.append((table, per_table[table] if per_table[table] < 2 else None))
        per_table[table] += 1
    table_of = [table for table, _ in places]
    host_of = host_of_sessions(places, args.hosts)
    churned = set(range(args.sessions - churn, args.sessions))  # spectators: the seats come first
    several = args.hosts > 1

    with tempfile.TemporaryDirectory() as data:
        store: PrivateRedis | None = None
        redis_url, prefix = args.redis, "kc:"
        store_client: Any = None
        processes: list[Any] = []
        pipes: list[Any] = []
        logs: list[str] = []
        try:
            if several:
                import secrets

                import redis

                if redis_url is None:
                    store = PrivateRedis(Path(data) / "redis")
                    redis_url = store.start()
                else:  # someone's Redis: the run's keys apart from any others
                    prefix = f"kc-load-{secrets.token_hex(3)}:"
                store_client = redis.Redis.from_url(redis_url, socket_timeout=10)
            ports: list[int] = []
            index_of: dict[int, int] = {}
            """Each table's index in the run, by its number."""
            for host in range(args.hosts):
                folder = data if not several else os.path.join(data, f"host{host}")
                os.makedirs(folder, exist_ok=True)
                log_path = os.environ.get("KC_LOAD_LOG") or os.path.join(data, "server.log")
                if host:
                    log_path = f"{log_path}.{host}"
                logs.append(log_path)
                hosting = None if not several else {"url": redis_url, "lease": args.lease, "prefix": prefix}
                parent, child = multiprocessing.Pipe()
                process = multiprocessing.get_context("spawn").Process(
                    target=serve, args=(child, folder, args.tables, names, args.pace, args.computer_pace,
                                        args.computer, workers, args.thinkers, log_path, hosting),
                    daemon=False)  # its thinking processes are its children: a daemon may have none
                process.start()
                processes.append(process)
                pipes.append(parent)
                _, port, made = parent.recv()
                ports.append(port)
                index_of.update({table_id: index for index, table_id in enumerate(made)})
            if several:
                # The tables, on the hosts in turn (their numbers in the order of the lobby's rows),
                # then until every host's lobby lists them all.
                for index in range(args.tables):
                    index_of[ask_all([pipes[index % args.hosts]], ("make", index))[0]] = index
                deadline = time.monotonic() + 60
                while True:
                    listed = ask_all(pipes, "listed")
                    if all(n >= args.tables for n in listed):
                        break
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"the hosts' lobbies list {listed} tables, not {args.tables}")
                    time.sleep(0.1)
            session_ports = [ports[host] for host in host_of]
            _run(args, say, pipes, processes, ports, session_ports, logs, keys, places, table_of, host_of,
                 churned, churn, workers, index_of, store_client,
                 "a private redis-server" if store is not None else redis_url)
            for process in processes:
                process.join(30)
        finally:
            for process in processes:
                if process.is_alive():  # as a daemon it was ended here: it is not one, for its thinkers' sake
                    process.terminate()
                    process.join()
            if store_client is not None:
                if store is None:  # someone's Redis: the run's keys go
                    for key in store_client.scan_iter(match=prefix + "*", count=1000):
                        store_client.delete(key)
                store_client.close()
            if store is not None:
                store.stop()


def ask_all(pipes: list[Any], command: Any, timeout: float = 120.0) -> list[Any]:
    """Each server's answer to ``command`` (an error if one gives none: it has stopped)."""
    for pipe in pipes:
        pipe.send(command)
    answers = []
    for pipe in pipes:
        if not pipe.poll(timeout):
            raise RuntimeError(f"a server did not answer {command!r} in {timeout:g} s (see its log)")
        answers.append(pipe.recv())
        if isinstance(answers[-1], Exception):
            raise answers[-1]
    return answers


def _run(args: Any, say: Any, pipes: list[Any], processes: list[Any], ports: list[int],
         session_ports: list[int], logs: list[str], keys: list[Any], places: list[tuple[int, int | None]],
         table_of: list[int], host_of: list[int], churned: set[int], churn: int, workers: int,
         index_of: dict[int, int], store_client: Any, store_said: str | None) -> None:
    """The measure, once the servers are up (one, or several hosts with their tables listed)."""
    from kc_tui.ssh.collector import RECLAIM_AFTER, RECLAIM_SECONDS

    several = len(pipes) > 1

    async def run() -> None:
        warm: list[list[float]] = [[]]
        first = await clients(ports[0], keys[:1], [(0, None)], warm)
        await asyncio.sleep(3)
        base = sum(ask_all(pipes, "rss"))
        arrivals: list[list[float]] = [[] for _ in range(args.sessions)]
        started = time.monotonic()
        took: list[float] = []
        conns = await clients(session_ports, keys[1:], places, arrivals, took, at_once=args.connect_at_once,
                              over=args.connect_over)
        connected = time.monotonic() - started
        await asyncio.sleep(5)  # every table under way
        loaded = sum(ask_all(pipes, "rss"))
        ask_all(pipes, "measure")
        server_pids = [process.pid or 0 for process in processes]
        traffic0, redis_cpu0, calls0 = redis_counters(store_client)
        cpu0, wall0 = sum(cpu_seconds(pid) for pid in server_pids), time.monotonic()
        log_starts = []
        for log_path in logs:
            with open(log_path, "rb") as log:
                log_starts.append(len(log.read()))
        # Halfway, some spectators leave and come back: the server's full collections of
        # cycles (after sessions ended) fall inside the measure, as on any night.
        await asyncio.sleep(args.seconds / 2)
        for index in sorted(churned):
            conns[index].close()
        await asyncio.sleep(1)
        again = await clients([session_ports[i] for i in sorted(churned)],
                              [keys[1 + i] for i in sorted(churned)], [places[i] for i in sorted(churned)],
                              [[] for _ in churned], at_once=True)
        await asyncio.sleep(max(0.0, args.seconds - (time.monotonic() - wall0)))
        stopped = ask_all(pipes, "stop")
        wall = time.monotonic() - wall0
        cores = (sum(cpu_seconds(pid) for pid in server_pids) - cpu0) / wall
        traffic1, redis_cpu1, calls1 = redis_counters(store_client)
        # Each event by its table's index in the run (every server's; a table's events are its host's).
        events = [(index_of[table_id], at, kind) for answer in stopped
                  for table_id, at, kind in answer[0] if table_id in index_of]
        final_rss = sum(answer[1] for answer in stopped)
        pauses = [pause for answer in stopped for pause in answer[2]]
        logged = ""
        for log_path, log_start in zip(logs, log_starts):
            with open(log_path, "rb") as log:
                logged += log.read()[log_start:].decode("utf-8", "replace")
        collections = [(int(found), int(ms)) for found, ms in
                       re.findall(r"collected (\d+) objects in cycles in (\d+) ms", logged)]
        # The updates of the last events measured arrive before anything slows the server.
        await asyncio.sleep(2)
        census: tuple[int, list[tuple[str, int]]] | None = None
        if args.census:
            counted: dict[str, int] = defaultdict(int)
            tracked_all = 0
            for tracked_here, kinds_here in ask_all(pipes, "census"):
                tracked_all += tracked_here
                for name, count in kinds_here:
                    counted[name] += count
            census = (tracked_all, sorted(counted.items(), key=lambda item: -item[1]))
        ask_all(pipes, "profile")
        await asyncio.sleep(min(args.seconds, 10.0))
        by_package: dict[str, float] = defaultdict(float)
        top: list[tuple[float, str]] = []
        for packages, heaviest in ask_all(pipes, "profiled"):
            for name, seconds in packages.items():
                by_package[name] += seconds
            top.extend(heaviest)
        top.sort(reverse=True)
        await asyncio.sleep(5)  # the updates of the last events arrive (the games go on)
        for pipe in pipes:
            pipe.send("quit")
        delays: list[float] = []
        by_kind: dict[str, list[float]] = defaultdict(list)
        by_host: dict[str, list[float]] = defaultdict(list)
        worst: list[tuple[float, int, str, float]] = []
        missed = 0
        for index, times in enumerate(arrivals):
            if index in churned:  # away a while: their delays are not an update's
                continue
            table = table_of[index]
            across = "crossing" if host_of[index] != table % len(pipes) else "own"
            for event_table, at, kind in events:
                if event_table != table:
                    continue
                after = next((t for t in times if t >= at), None)
                if after is None or after - at > 5:
                    missed += 1
                else:
                    delays.append(after - at)
                    by_kind[kind].append(after - at)
                    by_kind["(seated)" if index < 2 * args.tables else "(watching)"].append(after - at)
                    by_host[across].append(after - at)
                    worst.append((after - at, index, kind, at))
        for conn in conns + first + again:
            conn.close()
        delays.sort()
        p99 = percentile(delays, 0.99)
        serving = f"{workers} worker processes" if workers else "the tables' own process"
        if several:
            serving = (f"{len(pipes)} hosts sharing Redis ({store_said}, lease {args.lease:g} s), "
                       f"each with {serving}")
        say(f"sessions {args.sessions} over {args.tables} tables, served by {serving} "
            f"({2 * args.tables} people seated, the rest watching; {churn} of them left and came "
            f"back halfway); people's pace {args.pace:g} s, computers' {args.computer_pace:g} s "
            f"({args.computer}); measured {args.seconds:g} s")
        if several:
            on = [host_of.count(host) for host in range(len(pipes))]
            say(f"sessions on each host: {', '.join(map(str, on))}; table i made on host i mod {len(pipes)}, "
                f"its first person on that host, its second on the next one, its spectators alternating")
        how = ("all at once" if args.connect_at_once else f"evenly over {args.connect_over:g} s"
               if args.connect_over else "one after another")
        say(f"connecting them {how} took {connected:.1f} s: from connect to the lobby on its screen, "
            f"median {statistics.median(took) * 1000:.0f} ms, "
            f"p99 {percentile(took, 0.99) * 1000:.0f} ms, slowest {max(took) * 1000:.0f} ms")
        say(f"events {len(events)} ({len(events) / args.tables:.1f} a table); screen updates measured "
            f"{len(delays)}, none within 5 s: {missed}")
        if delays:
            say(f"move -> screen delay: median {statistics.median(delays) * 1000:.0f} ms, "
                f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms (target p99 < 250 ms)")
        own, crossing = sorted(by_host["own"]), sorted(by_host["crossing"])
        if several and own and crossing:
            say(f"  sessions on the table's own host: {len(own)} updates, median "
                f"{statistics.median(own) * 1000:.0f} ms, p99 {percentile(own, 0.99) * 1000:.0f} ms; "
                f"on another host (the move crossing hosts through Redis): {len(crossing)} updates, "
                f"median {statistics.median(crossing) * 1000:.0f} ms, "
                f"p99 {percentile(crossing, 0.99) * 1000:.0f} ms")
            say(f"  the extra delay of a move crossing hosts: "
                f"{(statistics.median(crossing) - statistics.median(own)) * 1000:+.0f} ms at the median, "
                f"{(percentile(crossing, 0.99) - percentile(own, 0.99)) * 1000:+.0f} ms at p99")
        if args.by_event:
            worst.sort(reverse=True)
            t0 = min((at for _, _, _, at in worst), default=0.0)
            for delay, index, kind, at in worst[:12]:
                say(f"  slowest: {delay * 1000:.0f} ms, session {index} (table {table_of[index]}), "
                    f"{kind} at {at - t0:.2f} s")
            # When the slow ones came: the p99 and the slowest of each five seconds (the
            # spectators leave and come back at the middle).
            spans: dict[int, list[float]] = defaultdict(list)
            for delay, _index, _kind, at in worst:
                spans[int((at - t0) // 5)].append(delay)
            say("  by five seconds (p99 / slowest ms): " + ", ".join(
                f"{5 * span}-{5 * span + 5} s {percentile(values, 0.99) * 1000:.0f}/"
                f"{max(values) * 1000:.0f}" for span, values in sorted(spans.items())))
            for kind, values in sorted(by_kind.items()):
                say(f"  {kind}: {len(values)} updates, median {statistics.median(values) * 1000:.0f} ms, "
                    f"p99 {percentile(values, 0.99) * 1000:.0f} ms")
        per_session = (loaded - base) / args.sessions
        whose = "server" if not several else f"the {len(pipes)} hosts'"
        say(f"{whose} memory: {base:.0f} MB with one session, {loaded:.0f} MB with "
            f"{args.sessions + 1} ({final_rss:.0f} MB at the end): "
            f"{per_session:.2f} MB per session (target < 25 MB)")
        for generation in (0, 1, 2):
            times = [p for g, p in pauses if g == generation]
            if times:
                say(f"garbage collections of generation {generation}: {len(times)}, "
                    f"{sum(times) * 1000:.0f} ms in all, the longest {max(times) * 1000:.0f} ms")
        longest_collection = max((ms for _, ms in collections), default=0)
        say(f"full collections while measuring (a serving process makes one after {RECLAIM_AFTER} "
            f"of its sessions ended, or every {RECLAIM_SECONDS / 60:g} minutes): {len(collections)}, "
            + ", ".join(f"{ms} ms ({found} objects in cycles)" for found, ms in collections))
        say(f"longest stop of any session's screen (the slowest update, those collections included): "
            f"{delays[-1] * 1000 if delays else 0:.0f} ms (target < 100 ms)")
        if several:
            say(f"server CPU, the {len(pipes)} hosts' processes together: {cores:.2f} cores while measuring")
        else:
            say(f"server CPU, its processes together: {cores:.2f} cores while measuring")
        redis_bytes = traffic1 - traffic0
        redis_cores = (redis_cpu1 - redis_cpu0) / wall
        # The sessions whose table is on another host (each one's door there pushes its updates
        # through Redis), on average at a table.
        remote = sum(1 for index in range(args.sessions) if host_of[index] != table_of[index] % len(pipes))
        remote_per_table = remote / args.tables
        calls = sorted(((calls1.get(name, 0) - calls0.get(name, 0), name) for name in calls1), reverse=True)
        if several:
            per_move = redis_bytes / max(1, len(events))
            say(f"through Redis while measuring: {redis_bytes / 2**20:.2f} MB in and out, "
                f"{per_move:,.0f} bytes per move (per event of the games), "
                f"{per_move / max(remote_per_table, 1e-9):,.0f} per move and session on another host than "
                f"its table's ({remote_per_table:g} such sessions a table); redis-server CPU "
                f"{redis_cores:.2f} cores")
            say("  Redis's commands per move: " + ", ".join(
                f"{name} {count / max(1, len(events)):.1f}" for count, name in calls[:8] if count > 0))
        total = sum(by_package.values()) or 1.0
        say("where the server's time goes (own time by package, profiled apart for "
            f"{min(args.seconds, 10.0):g} s): " + ", ".join(
            f"{name} {share / total * 100:.0f}%" for name, share in
            sorted(by_package.items(), key=lambda item: -item[1])[:7]))
        if census is not None:
            tracked, kinds = census
            say(f"objects the cycle collector tracks: {tracked:,} "
                f"({tracked / (args.sessions + 1):,.0f} a session); the most: " +
                ", ".join(f"{name} {count:,}" for name, count in kinds[:15]))
        if args.top:
            say("the heaviest calls (cumulative seconds under the profiler):")
            for seconds, where in top[:args.top]:
                say(f"  {seconds:7.2f}  {where}")
        if args.json:
            figures: dict[str, Any] = {
                "sessions": args.sessions, "tables": args.tables, "seconds": args.seconds,
                "computer": args.computer, "connect_at_once": args.connect_at_once,
                "connect_over_s": args.connect_over,
                "workers": workers, "churn": churn, "events": len(events),
                "events_per_table": round(len(events) / args.tables, 1),
                "updates": len(delays), "missed": missed,
                "median_ms": round(statistics.median(delays) * 1000, 1) if delays else None,
                "p99_ms": round(p99 * 1000, 1), "max_ms": round(delays[-1] * 1000, 1) if delays else None,
                "longest_stop_ms": round(delays[-1] * 1000, 1) if delays else None,
                "full_collections": len(collections), "longest_collection_ms": longest_collection,
                "mb_per_session": round(per_session, 2), "server_mb": round(final_rss, 1),
                "cpu_cores": round(cores, 2),
                "connect_seconds": round(connected, 2),
                "connect_median_ms": round(statistics.median(took) * 1000, 1),
                "connect_p99_ms": round(percentile(took, 0.99) * 1000, 1),
                "connect_max_ms": round(max(took) * 1000, 1),
            }
            if several:

                def ms(value: float | None) -> float | None:
                    return None if value is None else round(value * 1000, 1)

                own_median = statistics.median(own) if own else None
                crossing_median = statistics.median(crossing) if crossing else None
                figures.update({
                    "hosts": len(pipes), "lease": args.lease,
                    "sessions_per_host": [host_of.count(host) for host in range(len(pipes))],
                    "own_host_updates": len(own), "own_host_median_ms": ms(own_median),
                    "own_host_p99_ms": ms(percentile(own, 0.99)) if own else None,
                    "crossing_updates": len(crossing), "crossing_median_ms": ms(crossing_median),
                    "crossing_p99_ms": ms(percentile(crossing, 0.99)) if crossing else None,
                    "crossing_extra_median_ms": ms(crossing_median - own_median)
                    if own_median is not None and crossing_median is not None else None,
                    "crossing_extra_p99_ms": ms(percentile(crossing, 0.99) - percentile(own, 0.99))
                    if own and crossing else None,
                    "redis_bytes": redis_bytes,
                    "redis_bytes_per_move": round(redis_bytes / max(1, len(events)), 1),
                    "remote_sessions_per_table": round(remote_per_table, 2),
                    "redis_bytes_per_move_per_remote_session":
                        round(redis_bytes / max(1, len(events)) / max(remote_per_table, 1e-9), 1),
                    "redis_calls_per_move": {name: round(count / max(1, len(events)), 2)
                                             for count, name in calls if count > 0},
                    "redis_cpu_cores": round(redis_cores, 3),
                })
            print(json.dumps(figures, indent=1))

    asyncio.run(run())


if __name__ == "__main__":
    main()
