"""Load on ``kings-corner serve``: N SSH sessions (people seated and spectators, over several
tables, all playing), against the targets of issue 12: 50 sessions with the 99th-percentile
update delay under 250 ms and under 25 MB per session on the 2-core machine.

Run: python benchmarks/serve_load.py [--sessions 50] [--tables 10] [--seconds 30] [--pace 1.5]
                                    [--computer-pace 0.6] [--thinkers N]
Prints figures and where the server's time goes; asserts nothing.

The server runs in a child process (its memory and CPU are its own); this process holds the N
clients (asyncssh, a pty of 80 x 24 each) and timestamps every chunk each one receives.  Each
table has two seats for people and two `hard` computers; the first two sessions sent to a table
sit in its people's seats, the others watch it.  The people's moves are made in the server
process through their seat's door, each ``--pace`` seconds after their turn began or after their
last move (a quick player; their keys themselves are tested in tests/platform/net), and at a round's end
they close its dialog ``--pace`` seconds after it opened, as Enter does; the computers play at
``--computer-pace``, the pace `kings-corner serve` gives them by default.  The defaults are a busy
game night: ten tables, all playing at once, forty percent of the sessions seated and the rest
watching.  ``--tables 5 --pace 0.5 --computer-pace 0.5`` is a stress run: every seat moves
twice a second.

The delay of an update: from the moment the server's game emits an event (a card played, a
turn ended, a card drawn) to the first bytes after it arriving at each session at that table.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import multiprocessing
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


# ---------------------------------------------------------------------- the server (child process)
args_top = 25


def serve(conn: Any, data: str, plan: dict[str, tuple[int, int | None]], tables_n: int, pace: float,
          computer_pace: float, computer: str, thinkers: int | None = None) -> None:
    asyncio.run(_serve(conn, Path(data), plan, tables_n, pace, computer_pace, computer, thinkers))


async def _serve(conn: Any, data: Path, plan: dict[str, tuple[int, int | None]], tables_n: int,
                 pace: float, computer_pace: float, computer: str, thinkers: int | None = None) -> None:
    import logging

    from kc_tui.core.kinds import Phase
    from kc_tui.games.kings_corner.engine.moves import PlayCard
    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.net import Person, TableServer
    from kc_tui.ssh import Client, FrontEnds, GameSSHServer, Limits
    from kc_tui.ssh.gate import Gate, GateLimits
    from kc_tui.storage import Settings
    from kc_tui.tui.lobby import LobbyApp
    from kc_tui.tui.round_over import RoundOverScreen

    logging.getLogger("kc_tui").setLevel(logging.WARNING)
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
    events: list[tuple[int, float, str]] = []
    owner = Person("SHA256:owner", "Owner")
    ids = [tables.create_table(owner, f"T{i}", build_rules(4), ["open", "open", computer, computer]).id
           for i in range(tables_n)]
    followed: set[int] = set()
    doors: list[Any] = []

    def follow_table(table_id: int) -> None:
        service = tables._tables[table_id].service
        if table_id in followed or service is None:
            return
        followed.add(table_id)
        index = ids.index(table_id)
        service.follow(lambda event, t=index: events.append((t, time.time(), type(event).__name__)), None)

    class Seated(LobbyApp):
        """A benchmark session: straight to its table (seated or watching)."""

        def __init__(self, client: Client) -> None:
            table, seat = plan.get(client.key or "", (0, None))
            super().__init__(tables, tables.person(client.key, client.key[-6:] if client.key else "guest"),
                             settings=Settings())
            self.place = (ids[table], seat)

        def on_ready(self) -> None:
            table_id, seat = self.place
            if seat is None:
                self.watch_table(table_id)
            else:
                self.sit(table_id, seat)
            if self.door is not None:
                doors.append((self, self.door))

    async def lines(client: Client, io: Any) -> None:
        return None

    server = GameSSHServer(FrontEnds(app=Seated, lines=lines), data / "host_key", port=0,
                           limits=Limits(max_sessions=1000, sessions_per_address=1000),
                           gate=Gate(GateLimits(per_address=100000, per_minute=100000)))
    await server.start()
    conn.send(("ready", server.port))
    profile: cProfile.Profile | None = None
    cpu0 = wall0 = 0.0
    while True:
        while not conn.poll():
            for table_id in ids:
                follow_table(table_id)
            for app, door in list(doors):  # the people's moves, at the pace
                try:
                    if door.closed or door.seat is None:
                        continue
                    view = door.view()
                    now = time.time()
                    if view.phase == Phase.ROUND_OVER:
                        # Read the round's dialog, then Enter (as the key would: the seat says it
                        # is ready through its screen; the server deals when both are).
                        top = app.screen_stack[-1] if app.screen_stack else None
                        if not isinstance(top, RoundOverScreen):
                            continue
                        if getattr(door, "_turn", None) != ("over", view.round):
                            door._turn, door._at = ("over", view.round), now + pace
                        elif now >= door._at:
                            door._at = now + 60
                            app.call_later(top.action_choose, "next")
                    elif door.my_turn():
                        if getattr(door, "_turn", None) != view.turn:  # a new turn: think first
                            door._turn, door._at = view.turn, now + pace
                        if now >= door._at:
                            door._at = now + pace
                            moves = [m for m in door.legal_moves() if isinstance(m, PlayCard)]
                            door.play(moves[0]) if moves else door.end_turn()
                except Exception:
                    pass
            await asyncio.sleep(0.05)
        try:
            command = conn.recv()
        except EOFError:  # the measuring process is gone: so is the server
            command = "quit"
        if command == "rss":
            conn.send(rss_mb())
        elif command == "measure":  # the delays and the CPU, with no profiler slowing the server
            events.clear()
            pauses.clear()
            cpu0, wall0 = time.process_time(), time.monotonic()
            conn.send("measuring")
        elif command == "stop":
            cpu = (time.process_time() - cpu0) / (time.monotonic() - wall0)
            conn.send((list(events), cpu, rss_mb(), len(server.sessions), list(pauses)))
        elif command == "reclaim":  # one full collection, as the server makes now and then
            before = rss_mb()
            found, took = server.collector.reclaim()
            conn.send((found, took, before, rss_mb()))
        elif command == "profile":  # then, apart, where the time goes
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
            top: list[tuple[float, str]] = []
            for (file, line, name), (_, _, _, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
                if "/textual/" in file or "/kc_tui/" in file:
                    top.append((cumtime, f"{file.rsplit('site-packages/', 1)[-1]}:{line}({name})"))
            top.sort(reverse=True)
            conn.send((dict(by_package), top[:args_top]))
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
async def clients(port: int, keys: list[Any], arrivals: list[list[float]],
                  took: list[float] | None = None) -> list[Any]:
    import asyncssh

    conns = []

    class Session(asyncssh.SSHClientSession[bytes]):
        def __init__(self, index: int) -> None:
            self.index = index

        def data_received(self, data: bytes, datatype: Any) -> None:
            arrivals[self.index].append(time.time())

    for index, key in enumerate(keys):
        began = time.monotonic()
        conn = await asyncssh.connect("127.0.0.1", port, username="load", known_hosts=None,
                                      client_keys=[key], agent_path=None)
        await conn.create_session(lambda index=index: Session(index), term_type="xterm-256color",
                                  term_size=(80, 24), encoding=None)
        while not arrivals[index]:  # connected when its first screen arrives
            await asyncio.sleep(0.005)
        if took is not None:
            took.append(time.monotonic() - began)
        conns.append(conn)
    return conns


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
    args = parser.parse_args()

    import asyncssh

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(args.sessions + 1)]
    plan: dict[str, tuple[int, int | None]] = {}
    per_table: dict[int, int] = defaultdict(int)
    table_of: list[int] = []
    for index, key in enumerate(keys[1:]):
        table = index % args.tables
        seat = per_table[table] if per_table[table] < 2 else None
        per_table[table] += 1
        plan[key.get_fingerprint("sha256")] = (table, seat)
        table_of.append(table)
    plan[keys[0].get_fingerprint("sha256")] = (0, None)  # the warm-up session watches table 0

    with tempfile.TemporaryDirectory() as data:
        parent, child = multiprocessing.Pipe()
        process = multiprocessing.get_context("spawn").Process(
            target=serve, args=(child, data, plan, args.tables, args.pace, args.computer_pace,
                                       args.computer, args.thinkers),
            daemon=False)  # its thinking processes are its children: a daemon may have none
        process.start()
        _, port = parent.recv()

        async def run() -> None:
            warm: list[list[float]] = [[]]
            first = await clients(port, keys[:1], warm)
            await asyncio.sleep(3)
            parent.send("rss")
            base = parent.recv()
            arrivals: list[list[float]] = [[] for _ in range(args.sessions)]
            started = time.monotonic()
            took: list[float] = []
            conns = await clients(port, keys[1:], arrivals, took)
            connected = time.monotonic() - started
            await asyncio.sleep(5)  # every table under way
            parent.send("rss")
            loaded = parent.recv()
            parent.send("reclaim")  # what connecting left is collected: the next one counts play only
            parent.recv()
            parent.send("measure")
            parent.recv()
            await asyncio.sleep(args.seconds)
            parent.send("stop")
            events, cpu, final_rss, sessions, pauses = parent.recv()
            # The updates of the last events measured arrive before anything stops the server (a
            # full collection) or slows it (the profiler).
            await asyncio.sleep(2)
            parent.send("reclaim")
            reclaimed = parent.recv()
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
            for conn in conns + first:
                conn.close()
            delays.sort()
            print(f"sessions {args.sessions} over {args.tables} tables ({sessions} served; "
                  f"{2 * args.tables} people seated, the rest watching); people's pace {args.pace:g} s, "
                  f"computers' {args.computer_pace:g} s; measured {args.seconds:g} s")
            took.sort()
            print(f"connecting them one after another took {connected:.1f} s: from connect to the first "
                  f"screen, median {statistics.median(took) * 1000:.0f} ms, slowest {took[-1] * 1000:.0f} ms")
            print(f"events {len(events)}; screen updates measured {len(delays)}, none within 5 s: {missed}")
            if delays:
                p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
                print(f"move -> screen delay: median {statistics.median(delays) * 1000:.0f} ms, "
                      f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms (target p99 < 250 ms)")
            if args.by_event:
                worst.sort(reverse=True)
                t0 = min((at for _, _, _, at in worst), default=0.0)
                for delay, index, kind, at in worst[:12]:
                    print(f"  slowest: {delay * 1000:.0f} ms, session {index} (table {table_of[index]}), "
                          f"{kind} at {at - t0:.2f} s")
                for kind, values in sorted(by_kind.items()):
                    values.sort()
                    slow = values[min(len(values) - 1, int(len(values) * 0.99))]
                    print(f"  {kind}: {len(values)} updates, "
                          f"median {statistics.median(values) * 1000:.0f} ms, p99 {slow * 1000:.0f} ms")
            print(f"server memory: {base:.0f} MB with one session, {loaded:.0f} MB with "
                  f"{args.sessions + 1} ({final_rss:.0f} MB at the end): "
                  f"{(loaded - base) / args.sessions:.2f} MB per session (target < 25 MB)")
            for generation in (0, 1, 2):
                times = [p for g, p in pauses if g == generation]
                if times:
                    print(f"garbage collections of generation {generation}: {len(times)}, "
                          f"{sum(times) * 1000:.0f} ms in all, the longest {max(times) * 1000:.0f} ms")
            found, took_reclaim, before, after = reclaimed
            print(f"a full collection after the {args.seconds:g} s measured (the server makes one "
                  f"after {RECLAIM_AFTER} ended sessions or {RECLAIM_SECONDS / 60:g} minutes): "
                  f"{found} objects in cycles, {took_reclaim * 1000:.0f} ms, "
                  f"memory {before:.0f} -> {after:.0f} MB")
            print(f"server CPU: {cpu * 100:.0f}% of one core while measuring")
            total = sum(by_package.values()) or 1.0
            print("where the server's time goes (own time by package, profiled apart for "
                  f"{min(args.seconds, 10.0):g} s): " + ", ".join(
                f"{name} {share / total * 100:.0f}%" for name, share in
                sorted(by_package.items(), key=lambda item: -item[1])[:7]))
            if args.top:
                print("the heaviest calls (cumulative seconds under the profiler):")
                for seconds, where in top[:args.top]:
                    print(f"  {seconds:7.2f}  {where}")

        asyncio.run(run())
        process.join(30)
        if process.is_alive():  # as a daemon it was ended here: it is not one, for its thinkers' sake
            process.terminate()
            process.join()


if __name__ == "__main__":
    sys.exit(main())
