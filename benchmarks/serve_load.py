"""Load on ``kings-corner serve``: N SSH sessions (people seated and spectators, over several
tables, all playing), against the targets of issue 12: 50 sessions with the 99th-percentile
update delay under 250 ms and under 25 MB per session on the 2-core machine.

Run: python benchmarks/serve_load.py [--sessions 50] [--tables 10] [--seconds 30] [--pace 1.5]
                                    [--computer-pace 0.6] [--thinkers N] [--workers N] [--churn N]
                                    [--connect-at-once] [--json]
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
          computer: str, workers: int, thinkers: int | None, log_path: str) -> None:
    asyncio.run(_serve(conn, Path(data), tables_n, names, pace, computer_pace, computer, workers, thinkers,
                       log_path))


async def _serve(conn: Any, data: Path, tables_n: int, names: dict[str, str], pace: float,
                 computer_pace: float, computer: str, workers: int, thinkers: int | None,
                 log_path: str) -> None:
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
    owner = Person("SHA256:owner", "Owner")
    ids = [tables.create_table(owner, f"T{i}", build_rules(4), ["open", "open", computer, computer]).id
           for i in range(tables_n)]
    followed: set[int] = set()

    def follow_table(table_id: int) -> None:
        service = tables._tables[table_id].service
        if table_id in followed or service is None:
            return
        followed.add(table_id)
        index = ids.index(table_id)
        service.follow(lambda event, t=index: events.append((t, time.time(), type(event).__name__)), None)

    limits = Limits(max_sessions=1000, sessions_per_address=1000)
    gate = Gate(GateLimits(per_address=100000, per_minute=100000))
    server: Any
    if workers:
        server = Workers(workers, tables, data / "host_key", port=0, limits=limits, gate=gate)
    else:
        server = GameSSHServer(lobby_front_ends(tables), data / "host_key", port=0, limits=limits, gate=gate)
    await server.start()
    conn.send(("ready", server.port))
    profile: cProfile.Profile | None = None
    timing: dict[Any, tuple[Any, float]] = {}
    while True:
        while not conn.poll():
            for table_id in ids:
                follow_table(table_id)
            # The people's moves, at the pace, through their seats' doors where the tables are
            # (their keys themselves are tested in tests/platform/net); at a round's end each says
            # it is ready, as Enter in the round's dialog does.
            for table_id in ids:
                for door in tables._tables[table_id].doors():
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
        if command == "rss":
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
            return


def _package(file: str) -> str:
    for name in ("textual", "rich", "asyncssh", "cryptography", "kc_tui", "asyncio", "pyte"):
        if f"/{name}/" in file:
            return name
    return "built-in" if file == "~" else "other"


# ---------------------------------------------------------------------- the clients
LOBBY_DRAWN = b"Kings in the Corner: tables"
"""The lobby's title, as its first screen draws it: a session has arrived when it is on screen."""


async def clients(port: int, keys: list[Any], places: list[tuple[int, int | None]],
                  arrivals: list[list[float]], took: list[float] | None = None,
                  at_once: bool = False) -> list[Any]:
    """Connect a session for each key (one after another, or all at once), each done when the
    lobby is on its screen (``took`` gets each one's seconds from connecting to it); then each
    takes its place from the lobby by its keys: down to its table, then its seat's digit, or w
    to watch."""
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
        conn = await asyncssh.connect("127.0.0.1", port, username="load", known_hosts=None,
                                      client_keys=[key], agent_path=None)
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
    return [await one(index, key) for index, key in enumerate(keys)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def main() -> None:
    from kc_tui.ssh.collector import RECLAIM_AFTER, RECLAIM_SECONDS

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
    parser.add_argument("--by-event", action="store_true", help="the delays by kind of event")
    parser.add_argument("--top", type=int, default=0, help="also list the N heaviest calls")
    parser.add_argument("--census", action="store_true",
                        help="also count the objects the cycle collector tracks, by type")
    parser.add_argument("--connect-at-once", action="store_true",
                        help="open every session together (default: one after another)")
    parser.add_argument("--json", action="store_true",
                        help="the figures as JSON on standard output (the text on standard error)")
    parser.add_argument("--workers", type=int, default=None,
                        help="the server's worker processes (default: the server's, one per core; 0: "
                             "every session in the tables' process)")
    parser.add_argument("--churn", type=int, default=None,
                        help="spectators who leave and come back halfway, so that the server's full "
                             "collections fall inside the measure (default: 10 per serving process)")
    args = parser.parse_args()
    from kc_tui.net.thinkers import cores

    workers = cores() if args.workers is None else args.workers
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
    churned = set(range(args.sessions - churn, args.sessions))  # spectators: the seats come first

    with tempfile.TemporaryDirectory() as data:
        log_path = os.environ.get("KC_LOAD_LOG") or os.path.join(data, "server.log")
        parent, child = multiprocessing.Pipe()
        process = multiprocessing.get_context("spawn").Process(
            target=serve, args=(child, data, args.tables, names, args.pace, args.computer_pace,
                                args.computer, workers, args.thinkers, log_path),
            daemon=False)  # its thinking processes are its children: a daemon may have none
        process.start()
        _, port = parent.recv()

        async def run() -> None:
            warm: list[list[float]] = [[]]
            first = await clients(port, keys[:1], [(0, None)], warm)
            await asyncio.sleep(3)
            parent.send("rss")
            base = parent.recv()
            arrivals: list[list[float]] = [[] for _ in range(args.sessions)]
            started = time.monotonic()
            took: list[float] = []
            conns = await clients(port, keys[1:], places, arrivals, took, at_once=args.connect_at_once)
            connected = time.monotonic() - started
            await asyncio.sleep(5)  # every table under way
            parent.send("rss")
            loaded = parent.recv()
            parent.send("measure")
            parent.recv()
            server_pid = process.pid or 0
            cpu0, wall0 = cpu_seconds(server_pid), time.monotonic()
            with open(log_path, "rb") as log:
                log_start = len(log.read())
            # Halfway, some spectators leave and come back: the server's full collections of
            # cycles (after sessions ended) fall inside the measure, as on any night.
            await asyncio.sleep(args.seconds / 2)
            for index in sorted(churned):
                conns[index].close()
            await asyncio.sleep(1)
            again = await clients(port, [keys[1 + i] for i in sorted(churned)],
                                  [places[i] for i in sorted(churned)],
                                  [[] for _ in churned], at_once=True)
            await asyncio.sleep(max(0.0, args.seconds - (time.monotonic() - wall0)))
            parent.send("stop")
            events, final_rss, pauses = parent.recv()
            cores = (cpu_seconds(server_pid) - cpu0) / (time.monotonic() - wall0)
            with open(log_path, "rb") as log:
                logged = log.read()[log_start:].decode("utf-8", "replace")
            collections = [(int(found), int(ms)) for found, ms in
                           re.findall(r"collected (\d+) objects in cycles in (\d+) ms", logged)]
            # The updates of the last events measured arrive before anything slows the server.
            await asyncio.sleep(2)
            census: tuple[int, list[tuple[str, int]]] | None = None
            if args.census:
                parent.send("census")
                census = parent.recv()
            parent.send("profile")
            parent.recv()
            await asyncio.sleep(min(args.seconds, 10.0))
            parent.send("profiled")
            by_package, top = parent.recv()
            await asyncio.sleep(5)  # the updates of the last events arrive (the games go on)
            parent.send("quit")
            delays: list[float] = []
            by_kind: dict[str, list[float]] = defaultdict(list)
            worst: list[tuple[float, int, str, float]] = []
            missed = 0
            for index, times in enumerate(arrivals):
                if index in churned:  # away a while: their delays are not an update's
                    continue
                table = table_of[index]
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
                        worst.append((after - at, index, kind, at))
            for conn in conns + first + again:
                conn.close()
            delays.sort()
            p99 = percentile(delays, 0.99)
            serving = f"{workers} worker processes" if workers else "the tables' own process"
            say(f"sessions {args.sessions} over {args.tables} tables, served by {serving} "
                f"({2 * args.tables} people seated, the rest watching; {churn} of them left and came "
                f"back halfway); people's pace {args.pace:g} s, computers' {args.computer_pace:g} s "
                f"({args.computer}); measured {args.seconds:g} s")
            how = "all at once" if args.connect_at_once else "one after another"
            say(f"connecting them {how} took {connected:.1f} s: from connect to the lobby on its screen, "
                f"median {statistics.median(took) * 1000:.0f} ms, "
                f"p99 {percentile(took, 0.99) * 1000:.0f} ms, slowest {max(took) * 1000:.0f} ms")
            say(f"events {len(events)} ({len(events) / args.tables:.1f} a table); screen updates measured "
                f"{len(delays)}, none within 5 s: {missed}")
            if delays:
                say(f"move -> screen delay: median {statistics.median(delays) * 1000:.0f} ms, "
                    f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms (target p99 < 250 ms)")
            if args.by_event:
                worst.sort(reverse=True)
                t0 = min((at for _, _, _, at in worst), default=0.0)
                for delay, index, kind, at in worst[:12]:
                    say(f"  slowest: {delay * 1000:.0f} ms, session {index} (table {table_of[index]}), "
                        f"{kind} at {at - t0:.2f} s")
                for kind, values in sorted(by_kind.items()):
                    say(f"  {kind}: {len(values)} updates, median {statistics.median(values) * 1000:.0f} ms, "
                        f"p99 {percentile(values, 0.99) * 1000:.0f} ms")
            per_session = (loaded - base) / args.sessions
            say(f"server memory: {base:.0f} MB with one session, {loaded:.0f} MB with "
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
            say(f"server CPU, its processes together: {cores:.2f} cores while measuring")
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
                print(json.dumps({
                    "sessions": args.sessions, "tables": args.tables, "seconds": args.seconds,
                    "computer": args.computer, "connect_at_once": args.connect_at_once,
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
                }, indent=1))

        asyncio.run(run())
        process.join(30)
        if process.is_alive():  # as a daemon it was ended here: it is not one, for its thinkers' sake
            process.terminate()
            process.join()


if __name__ == "__main__":
    main()
