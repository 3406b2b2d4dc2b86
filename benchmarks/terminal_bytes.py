"""Bytes the table sends to the terminal, measured on a pseudo-terminal: for drawing the table,
for one move (pick a card by number, drop it on its target with Enter), for ending the turn
(e asks first while moves are open, e again ends it) with the computer's turn that follows, and
for a few seconds of waiting with nothing moving.

Run: python benchmarks/terminal_bytes.py [--term xterm-256color] [--size 80x24] [--no-color] [--json]
Prints figures (with ``--json``, one JSON object after the text: ``first_bytes``, ``pick_bytes``,
``drop_bytes``, ``move_bytes``, ``ask_bytes``, ``end_bytes``, ``end_turn_bytes`` (the two parts of
ending a turn together), ``idle_bytes``); asserts nothing.  What a slow SSH link carries is what
this counts.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import tempfile
import termios

IDLE_SECONDS = 3.0
"""How long the table is watched with nothing moving."""


def _drain(fd: int, quiet: float, dump: list[bytes] | None = None) -> int:
    """Read until the program has been silent for ``quiet`` seconds; bytes read."""
    total = 0
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return total
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return total
        if not chunk:
            return total
        total += len(chunk)
        if dump is not None:
            dump.append(chunk)


def _idle(fd: int, seconds: float) -> int:
    """Bytes read in ``seconds``, however they come."""
    import time

    total, until = 0, time.monotonic() + seconds
    while (left := until - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            total += len(chunk)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--no-color", action="store_true", help="run with NO_COLOR=1")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    parser.add_argument("--dump", help="write everything the app sent to this file")
    args = parser.parse_args()
    cols, rows = (int(x) for x in args.size.split("x"))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    # Default settings (e asks before it ends a turn with moves open), and no save left behind.
    scratch = tempfile.TemporaryDirectory()
    env = {"PATH": os.environ.get("PATH", ""), "TERM": args.term, "HOME": os.environ.get("HOME", "/tmp"),
           "KC_TUI_CONFIG_DIR": scratch.name, "KC_TUI_DATA_DIR": scratch.name}
    if args.no_color:
        env["NO_COLOR"] = "1"
    proc = subprocess.Popen(
        [sys.executable, "-m", "kc_tui", "play", "--players", "you,medium", "--seed", "4",
         "--pace", "0"],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    os.close(slave)
    dump: list[bytes] | None = [] if args.dump else None
    figures: dict[str, object] = {"term": args.term, "size": f"{cols}x{rows}", "no_color": args.no_color}
    label = f"{args.term}{' NO_COLOR=1' if args.no_color else ''} {cols}x{rows}"
    try:
        first = _drain(master, 1.5, dump)
        print(f"{label}: first drawing of the table (after the computer's turn): {first:,} bytes")
        idle = _idle(master, IDLE_SECONDS)
        print(f"waiting {IDLE_SECONDS:.0f} s with nothing moving: {idle:,} bytes")
        # Seed 4: card 7 is the King of clubs; Enter drops it on the first marked corner.
        os.write(master, b"7")
        pick = _drain(master, 0.7, dump)
        os.write(master, b"\r")
        drop = _drain(master, 0.7, dump)
        print(f"one move: pick a card {pick:,} bytes + drop it {drop:,} bytes = {pick + drop:,} bytes")
        os.write(master, b"e")
        ask = _drain(master, 0.7, dump)
        os.write(master, b"e")
        turn = _drain(master, 1.5, dump)
        print(f"end the turn: e asks {ask:,} bytes + e ends it, the computer plays {turn:,} bytes "
              f"= {ask + turn:,} bytes")
        figures.update(first_bytes=first, idle_bytes=idle, idle_seconds=IDLE_SECONDS, pick_bytes=pick,
                       drop_bytes=drop, move_bytes=pick + drop, ask_bytes=ask, end_bytes=turn,
                       end_turn_bytes=ask + turn)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
        scratch.cleanup()
    if dump is not None:
        with open(args.dump, "wb") as out:
            out.write(b"".join(dump))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
