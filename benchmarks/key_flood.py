"""What a flood of keys from one session costs the others on the same worker.

Run: python benchmarks/key_flood.py [--workers 1] [--presses 8] [--flood-seconds 10] [--json]

Starts ``kings-corner serve`` on a free loopback port (one worker by default, so that every
session shares it) and opens two full-screen sessions over SSH (asyncssh, an 80 x 24 screen read
by pyte).  The canary opens the lobby's help with ``?`` and closes it with Esc, ``--presses``
times, each time waiting for its screen to change: once with nobody else busy, then while the
other session sends ``jkjk?`` as keys (a paste read as keys, a stuck key, a script) as fast as
the server reads them.  Prints the canary's median and slowest answer in both, and how many of
bytes a second the flood's own screen got; asserts nothing.  A key not answered within 10 s
counts as lost and ends its phase.  The driver gives each session's
keys at most a share of the server (``INPUT_SHARE`` in ``kc_tui/ssh/driver.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import asyncssh
import pyte

FLOOD = b"jkjk?"
ANSWER_WAIT = 10.0
"""Seconds the canary waits for its key's answer; a key not answered by then counts as lost."""


class Client(asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.reading = True
        """Whether the screen is drawn (the flood's is not, once it floods: pyte would take
        this process's time, and the canary's screen would wait for it)."""

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.received += len(data)
        if self.reading:
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


class Unanswered(Exception):
    """A key whose answer never showed."""


async def until(client: Client, test: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not test(client.text()):
        if time.monotonic() > deadline:
            raise Unanswered(client.text())
        await asyncio.sleep(0.005)


async def open_session(port: int, name: str) -> tuple[asyncssh.SSHClientConnection, Any, Client]:
    conn = await asyncssh.connect("127.0.0.1", port, username="flood", known_hosts=None,
                                  client_keys=[asyncssh.generate_private_key("ssh-ed25519")], agent_path=None)
    channel, client = await conn.create_session(Client, term_type="xterm-256color", term_size=(80, 24),
                                                encoding=None)
    await until(client, lambda s: "Your name" in s)  # (the sign-in's own waits: a minute)
    channel.write(name.encode() + b"\r")
    await until(client, lambda s: f"Welcome, {name}" in s)
    return conn, channel, client


async def answers(channel: Any, client: Client, presses: int) -> list[float]:
    """Seconds from each key to the canary's screen showing its answer."""
    taken = []
    for _ in range(presses):
        for key in (b"?", b"\x1b"):
            before = client.text()
            started = time.monotonic()
            channel.write(key)
            try:
                await until(client, lambda s, was=before: s != was, ANSWER_WAIT)
            except Unanswered:
                taken.append(float("inf"))  # lost (the rest of the phase would be out of step)
                return taken
            taken.append(time.monotonic() - started)
            await asyncio.sleep(0.3)  # the screen settles (and a lone Esc is known to be one)
    return taken


async def main(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "kc_tui", "serve", "--port", "0", "--workers", str(args.workers),
             "--data-dir", folder], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            found = re.search(r"ssh -p (\d+) HOST", server.stdout.readline())
            if found is None:
                raise SystemExit("the server did not say where it listens")
            port = int(found.group(1))
            canary_conn, canary, canary_screen = await open_session(port, "Cara")
            flood_conn, flooder, flooder_screen = await open_session(port, "Fred")
            quiet = await answers(canary, canary_screen, args.presses)
            flooding = True
            sent = 0

            async def flood() -> None:
                nonlocal sent
                while flooding:
                    flooder.write(FLOOD * 200)
                    sent += len(FLOOD) * 200
                    # The server stops reading a session that is far ahead: so does the flood.
                    while flooder.get_write_buffer_size() > 64 * 1024:
                        await asyncio.sleep(0.01)
                    await asyncio.sleep(0)
            flooder_screen.reading = False
            task = asyncio.create_task(flood())
            await asyncio.sleep(2)  # past the flood's first burst
            drawn_before = flooder_screen.received
            started = time.monotonic()
            busy = await answers(canary, canary_screen, args.presses)
            while time.monotonic() - started < args.flood_seconds:
                await asyncio.sleep(0.1)
            flood_took = time.monotonic() - started
            flooding = False
            await task
            drawn = flooder_screen.received - drawn_before
            for conn in (canary_conn, flood_conn):
                conn.close()
        finally:
            server.terminate()
            server.wait(10)
    def ms(value: float) -> float | None:
        return round(value * 1000, 1) if value != float("inf") else None

    return {
        "workers": args.workers,
        "quiet_median_ms": ms(statistics.median(quiet)),
        "quiet_max_ms": ms(max(quiet)),
        "quiet_lost": quiet.count(float("inf")),
        "flood_median_ms": ms(statistics.median(busy)),
        "flood_max_ms": ms(max(busy)),
        "flood_lost": busy.count(float("inf")),
        "flood_bytes_sent": sent,
        "flood_screen_bytes_per_s": round(drawn / flood_took),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1,
                        help="the server's workers (1: every session on one)")
    parser.add_argument("--presses", type=int, default=8,
                        help="the canary's ? and Esc pairs in each phase (8)")
    parser.add_argument("--flood-seconds", type=float, default=10.0,
                        help="seconds the flood goes on at least, the canary's presses included (10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    arguments = parser.parse_args()
    result = asyncio.run(main(arguments))
    if arguments.json:
        print(json.dumps(result))
    else:
        print(f"workers: {result['workers']}")
        for phase, label in (("quiet", "nobody else busy"), ("flood", "the other session flooding keys")):
            slowest = (f"{result[f'{phase}_max_ms']} ms" if not result[f"{phase}_lost"] else
                       f"a key lost (no answer in {ANSWER_WAIT:g} s: the phase stopped there)")
            print(f"canary's answer, {label}: median {result[f'{phase}_median_ms']} ms, slowest {slowest}")
        print(f"the flood: {result['flood_bytes_sent']:,} bytes sent; its own screen got "
              f"{result['flood_screen_bytes_per_s']:,} bytes a second")
