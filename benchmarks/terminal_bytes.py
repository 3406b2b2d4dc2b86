"""Bytes the table sends to the terminal, measured on a pseudo-terminal: for drawing the table,
for one move (pick a card by number, drop it on its target with Enter), and for ending the turn
(e asks first while moves are open, e again ends it) with the computer's turn that follows.

Run: python benchmarks/terminal_bytes.py [--term xterm-256color] [--size 80x24]
Prints figures; asserts nothing.  What a slow SSH link carries is what this counts.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import tempfile
import termios


def _drain(fd: int, quiet: float) -> int:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    cols, rows = (int(x) for x in args.size.split("x"))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    # Default settings (e asks before it ends a turn with moves open), and no save left behind.
    scratch = tempfile.TemporaryDirectory()
    env = {"PATH": os.environ.get("PATH", ""), "TERM": args.term, "HOME": os.environ.get("HOME", "/tmp"),
           "KC_TUI_CONFIG_DIR": scratch.name, "KC_TUI_DATA_DIR": scratch.name}
    proc = subprocess.Popen(
        [sys.executable, "-m", "kc_tui", "play", "--players", "you,medium", "--seed", "4",
         "--pace", "0"],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    os.close(slave)
    try:
        first = _drain(master, 1.5)
        print(f"{args.term} {cols}x{rows}: first drawing of the table (after the computer's turn): {first:,} bytes")
        # Seed 4: card 7 is the King of clubs; Enter drops it on the first marked corner.
        os.write(master, b"7")
        pick = _drain(master, 0.7)
        os.write(master, b"\r")
        drop = _drain(master, 0.7)
        print(f"one move: pick a card {pick:,} bytes + drop it {drop:,} bytes = {pick + drop:,} bytes")
        os.write(master, b"e")
        ask = _drain(master, 0.7)
        os.write(master, b"e")
        turn = _drain(master, 1.5)
        print(f"end the turn: e asks {ask:,} bytes + e ends it, the computer plays {turn:,} bytes")
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
        scratch.cleanup()


if __name__ == "__main__":
    main()
