"""How long a table takes to come back after ``kill -9`` of its host (issue 31): two hosts sharing
one Redis, a table made on host A with a person on A and a person on B (and two computers), the
whole of A killed at once mid-round, and the seconds from the kill until B's session is told that
another host took the table over, and until the next move is on B's screen.  Target: within the
lease (``--lease``, 4 s by default, as ``serve --lease``) and a little more.

Run: python benchmarks/hosts_takeover.py [--lease 4] [--runs 3] [--redis URL] [--lobby] [--json]
Prints the figures of each run and their medians (``--json``: as one JSON object on standard
output, the text on standard error); asserts nothing.

Each host is a child process as in benchmarks/serve_load.py (its own data folder, its workers and
its computers' thinkers; the people's moves made through their seats' doors where the table is, a
quick player's pace); each run starts its own pair (and, without ``--redis``, its own private
``redis-server`` in a temporary folder, ``--appendonly yes --save ''``; with ``--redis``, its keys
under a prefix of its own, deleted at the end).  The two sessions are SSH clients (asyncssh, a
pty of 80 x 24, the full-screen lobby) whose output is drawn on a ``pyte`` screen, as a person
sees it.  A's session sits in seat 1, B's in seat 2.  Once some moves have been made, A is killed
at the start of a computer's turn (so that the next move is not one of the dead host's person,
whose seat waits for them): the server, its workers and its thinkers, every process under it, with
SIGKILL.  Then, from the kill:

- *host gone on B's screen*: B's host found A's heartbeat run out and told B's session to wait;
- *table back on B*: B's host took the table over (its lease run out) and lists it;
- *took it over on B's screen*: the notice "The host of table T stopped; another host took it
  over, and the game goes on." is on B's screen;
- *next move made*: the table's first event on B's host;
- *next move on B's screen*: the first bytes after it reaching B's session.

With ``--lobby``, host B's other sessions while A is dead and not yet known to be: B makes a table
of its own, played by two more of B's sessions, and a fifth session of B's stays in the lobby;
half a second after the kill it moves its highlight onto B's table, half a second later back
onto A's.  Printed: how long each key took to be answered on its screen, and the slowest update
of B's own table to its sessions after the kill (all of B's sessions share its one worker
unless ``--workers`` says more).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import secrets
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import serve_load as load  # noqa: E402 - beside this file

NOTICES = {"took": "tookitover,andthegamegoeson", "waiting": "waitamomentforanotherhost"}
"""The notice of the table taken over, and the one of its host gone before another takes it
over, as found in what a session receives with the spaces taken out (the words of a notice may
wrap, on the screen and in the bytes that draw it)."""
MOVES = frozenset({"Play", "MoveEvent", "Draw", "TurnEnd", "TurnStart", "Undo", "RoundEnd"})
"""The events that are a move of the game (a card played or drawn, a pile moved, a turn ended or
begun), as against the views a table sends again when it is rebuilt."""
ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>78]")


class Screen:
    """One session's screen (pyte), with the arrival time of every chunk, and when each of the
    notices was first seen in it."""

    def __init__(self) -> None:
        import pyte

        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.chunks: list[float] = []
        self.text = b""
        """Everything received, its escape sequences taken out."""
        self.seen: dict[str, float] = {}
        self.lobby = asyncio.Event()
        self.closed = asyncio.Event()
        self.channel: Any = None
        """The session's channel, to type in."""

    def feed(self, data: bytes) -> None:
        now = time.time()
        self.chunks.append(now)
        self.stream.feed(data)
        self.text = self.text[-4000:] + ANSI.sub(b"", data)
        shown = "".join("".join(self.screen.display).split())
        plain = "".join(self.text.decode("utf-8", "replace").split())
        if "".join(load.LOBBY_DRAWN.decode().split()) in shown:
            self.lobby.set()
        for name, words in NOTICES.items():
            if name not in self.seen and (words in shown or words in plain):
                self.seen[name] = now

    def after(self, moment: float) -> float | None:
        """When the first chunk at or after ``moment`` arrived."""
        return next((at for at in self.chunks if at >= moment), None)


async def session(port: int, key: Any, screen: Screen, keys: bytes) -> Any:
    """A session to ``port``, in the lobby, then ``keys`` typed there (a seat's digit)."""
    import asyncssh

    class Client(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: Any) -> None:
            screen.feed(data)

        def connection_lost(self, exc: Exception | None) -> None:
            screen.closed.set()

    conn = await asyncssh.connect("127.0.0.1", port, username="load", known_hosts=None, client_keys=[key],
                                  agent_path=None)
    channel, _ = await conn.create_session(Client, term_type="xterm-256color", term_size=(80, 24),
                                           encoding=None)
    screen.channel = channel
    await asyncio.wait_for(screen.lobby.wait(), 30)
    await asyncio.sleep(0.3)  # the lobby takes keys
    if keys:
        channel.write(keys)
    return conn


def since_key(screen: Screen, pressed: float) -> float | None:
    """Seconds from a key pressed to the first bytes after it on the screen."""
    answered = screen.after(pressed)
    return None if answered is None else round(answered - pressed, 3)


def kill_host(pid: int) -> float:
    """``kill -9`` of a host as a machine dies: every process under it (its workers are in
    process groups of their own), then it; the moment of the kill."""
    under = set(load.tree(pid)) - {pid}
    at = time.time()
    for victim in [pid, *under]:
        try:
            os.kill(victim, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for victim in under:  # (and any group one of them leads)
        try:
            os.killpg(victim, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    return at


def ask(pipe: Any, command: Any) -> Any:
    """A host's answer to ``command`` (see serve_load's server)."""
    return load.ask_all([pipe], command)[0]


def one_run(args: Any, say: Any, number: int) -> dict[str, Any]:
    import asyncssh
    import redis

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(5)]
    names = {key.get_fingerprint("sha256"): name
             for key, name in zip(keys, ("Ada", "Ben", "Cleo", "Dan", "Eve"))}
    workers = args.workers
    with tempfile.TemporaryDirectory() as data:
        store: load.PrivateRedis | None = None
        url, prefix = args.redis, "kc:"
        processes: list[Any] = []
        pipes: list[Any] = []
        client: Any = None
        try:
            if url is None:
                store = load.PrivateRedis(Path(data) / "redis")
                url = store.start()
            else:
                prefix = f"kc-takeover-{secrets.token_hex(3)}:"
            client = redis.Redis.from_url(url, socket_timeout=10)
            ports = []
            for host in "AB":
                folder = os.path.join(data, host)
                os.makedirs(folder)
                parent, child = multiprocessing.Pipe()
                process = multiprocessing.get_context("spawn").Process(
                    target=load.serve,
                    args=(child, folder, 2, names, args.pace, args.computer_pace, args.computer, workers,
                          args.thinkers, os.path.join(data, f"{host}.log"),
                          {"url": url, "lease": args.lease, "prefix": prefix}),
                    daemon=False)
                process.start()
                processes.append(process)
                pipes.append(parent)
                ports.append(parent.recv()[1])
            a, b = pipes
            table = ask(a, ("make", 0))
            own = ask(b, ("make", 1)) if args.lobby else None  # (listed after A's)
            deadline = time.monotonic() + 30
            while ask(b, "listed") < 1 + args.lobby or ask(a, "listed") < 1 + args.lobby:
                if time.monotonic() > deadline:
                    raise RuntimeError("host B never listed host A's table")
                time.sleep(0.05)
            return asyncio.run(_measure(args, say, number, processes, pipes, ports, keys, table, own))
        finally:
            for process in processes:
                if process.is_alive():
                    try:
                        pipes[processes.index(process)].send("quit")
                    except OSError:
                        pass
                    process.join(20)
                if process.is_alive():
                    process.terminate()
                    process.join()
            if client is not None:
                if store is None:
                    for key in client.scan_iter(match=prefix + "*", count=1000):
                        client.delete(key)
                client.close()
            if store is not None:
                store.stop()


async def _measure(args: Any, say: Any, number: int, processes: list[Any], pipes: list[Any], ports: list[int],
                   keys: list[Any], table: int, own: int | None) -> dict[str, Any]:
    a, b = pipes
    ada, ben = Screen(), Screen()
    conns = [await session(ports[0], keys[0], ada, b"1"), await session(ports[1], keys[1], ben, b"2")]
    cleo, dan, eve = Screen(), Screen(), Screen()
    lobby = False
    if own is not None:  # B's own table, played by two of B's sessions; one more in B's lobby
        conns += [await session(ports[1], keys[2], cleo, b"\x1b[B1"),
                  await session(ports[1], keys[3], dan, b"\x1b[B2")]
        conns.append(await session(ports[1], keys[4], eve, b""))
        lobby = True
    try:
        # Mid-round: some moves made, then the start of a computer's turn (seat 3 or 4).
        deadline = time.monotonic() + 120
        while len(ask(a, "events")[0]) < args.after:
            if time.monotonic() > deadline:
                raise RuntimeError("the game on host A never got under way")
            await asyncio.sleep(0.1)
        while True:
            phase, current = ask(a, "turn").get(table, (None, None))
            if phase == "turn" and current in (2, 3):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"never a computer's turn on host A ({phase}, {current})")
            await asyncio.sleep(0.02)
        made_before = len(ask(a, "events")[0])
        killed = kill_host(processes[0].pid)
        pressed: list[float] = []
        if lobby:
            # B's lobby session moves its highlight down to B's table, then up to A's (its keys
            # and seats are asked of the table's host, which is dead and not yet known to be).
            for keys_pressed in (b"\x1b[B", b"\x1b[A"):
                await asyncio.sleep(0.5)
                pressed.append(time.time())
                eve.channel.write(keys_pressed)
        processes[0].join(10)
        # Until B's session has the next move on its screen (or long enough to say it did not).
        deadline = time.monotonic() + 3 * args.lease + 60
        moved: float | None = None
        back: float | None = None
        after: list[tuple[str, float]] = []
        while time.monotonic() < deadline:
            events, arrived = ask(b, "events")
            back = arrived.get(table)
            after = [(kind, at) for table_id, at, kind in events if table_id == table and at > killed]
            moved = next((at for kind, at in after if kind in MOVES), None)
            if moved is not None and "took" in ben.seen and ben.after(moved) is not None:
                break
            await asyncio.sleep(0.05)
        shown = ben.after(moved) if moved is not None else None

        def since(moment: float | None) -> float | None:
            return None if moment is None else round(moment - killed, 3)

        figures = {
            "run": number, "table": table, "lease": args.lease, "moves_before_kill": made_before,
            "turn_at_kill": f"computer's, seat {current + 1}",
            "host_gone_on_screen_s": since(ben.seen.get("waiting")),
            "table_back_s": since(back),
            "took_over_on_screen_s": since(ben.seen.get("took")),
            "next_move_made_s": since(moved),
            "next_move_on_screen_s": since(shown),
            "b_session_still_connected": not ben.closed.is_set(),
            "events_after_kill": [(kind, round(at - killed, 3)) for kind, at in after[:6]],
        }
        if own is not None:
            await asyncio.sleep(max(0.0, killed + 3 * args.lease + 5 - time.time()))
            events, _arrived = ask(b, "events")
            late = [(at, cleo.after(at)) for table_id, at, _kind in events if table_id == own and at > killed]
            worst = max(((shown - at, at) for at, shown in late if shown is not None), default=None)
            answered = [since_key(eve, at) for at in pressed]
            figures.update({
                "lobby_key_to_own_table_s": answered[0],
                "lobby_key_to_dead_table_s": answered[1],
                "lobby_key_to_dead_table_pressed_at_s": round(pressed[1] - killed, 3),
                "own_table_worst_update_s": None if worst is None else round(worst[0], 3),
                "own_table_worst_update_at_s": None if worst is None else round(worst[1] - killed, 3),
            })

        def said(value: float | None) -> str:
            return "never" if value is None else f"{value:.2f} s"

        say(f"run {number}: table {table} (host A, {made_before} moves made), host A killed at the start of "
            f"seat {current + 1}'s turn (a computer); from the kill: host gone on B's screen "
            f"{said(figures['host_gone_on_screen_s'])}, table back on B {said(figures['table_back_s'])}, "
            f"'took it over' on B's screen {said(figures['took_over_on_screen_s'])}, next move made "
            f"{said(figures['next_move_made_s'])}, on B's screen {said(figures['next_move_on_screen_s'])}"
            + ("" if figures["b_session_still_connected"] else " (B's session was disconnected!)"))
        if own is not None:
            say(f"  on host B meanwhile (one worker for all its sessions unless --workers): its lobby "
                f"session's key onto B's own table answered in {figures['lobby_key_to_own_table_s']} s, "
                f"onto the dead host's table (pressed {figures['lobby_key_to_dead_table_pressed_at_s']} s "
                f"after the kill) in {figures['lobby_key_to_dead_table_s']} s; the slowest update of B's own "
                f"table to its sessions after the kill: {figures['own_table_worst_update_s']} s (of an event "
                f"{figures['own_table_worst_update_at_s']} s after the kill)")
        if figures["took_over_on_screen_s"] is None or figures["next_move_on_screen_s"] is None:
            say("  B's screen at the end:\n" + "\n".join(ben.screen.display))
        return figures
    finally:
        for conn in conns:
            conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lease", type=float, default=4.0, help="`serve --lease` (seconds)")
    parser.add_argument("--runs", type=int, default=1, help="kills measured, each with hosts of its own")
    parser.add_argument("--after", type=int, default=8, help="moves made before the kill")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="the Redis the hosts share (the run's keys under a prefix of their own, "
                             "deleted at the end; default: a private redis-server)")
    parser.add_argument("--lobby", action="store_true",
                        help="also measure host B's other sessions while A is dead: a table of B's played "
                             "by two of B's sessions, and one in B's lobby that moves onto A's table after "
                             "the kill")
    parser.add_argument("--pace", type=float, default=1.5, help="a person's seconds per move")
    parser.add_argument("--computer", default="hard", help="the level of the two computers")
    parser.add_argument("--computer-pace", type=float, default=0.6, help="a computer's seconds per move")
    parser.add_argument("--workers", type=int, default=1, help="each host's worker processes (1 or more)")
    parser.add_argument("--thinkers", type=int, default=None,
                        help="each host's processes the computers think in (default: one per core)")
    parser.add_argument("--json", action="store_true",
                        help="the figures as JSON on standard output (the text on standard error)")
    args = parser.parse_args()
    if args.workers < 1:
        parser.error("several hosts need --workers 1 or more, as `serve --redis`")
    out = sys.stderr if args.json else sys.stdout

    def say(line: str) -> None:
        print(line, file=out, flush=True)

    say(f"two hosts on one Redis ({'a private redis-server' if args.redis is None else args.redis}), "
        f"lease {args.lease:g} s, each with {args.workers} worker process(es); people's pace "
        f"{args.pace:g} s, computers' {args.computer_pace:g} s ({args.computer})")
    runs = [one_run(args, say, number) for number in range(1, args.runs + 1)]
    medians: dict[str, float | None] = {}
    for name in ("host_gone_on_screen_s", "table_back_s", "took_over_on_screen_s", "next_move_made_s",
                 "next_move_on_screen_s") + (("lobby_key_to_dead_table_s", "own_table_worst_update_s")
                                             if args.lobby else ()):
        values = [run[name] for run in runs if run.get(name) is not None]
        medians[name] = round(statistics.median(values), 3) if values else None
    if len(runs) > 1:
        say(f"medians of {len(runs)} runs (seconds; the takeover's from the kill): " + ", ".join(
            f"{name.removesuffix('_s').replace('_', ' ')} "
            + ("never" if value is None else f"{value:.2f}") for name, value in medians.items()))
    if args.json:
        print(json.dumps({"lease": args.lease, "runs": runs, "medians": medians}, indent=1))


if __name__ == "__main__":
    main()
