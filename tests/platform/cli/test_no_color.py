"""NO_COLOR means no colour (https://no-color.org): under it the title screen and the table
send the terminal only bold, dim, underline and reverse, never a colour, in every theme."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
COLOUR_CODES = {*range(30, 39), *range(40, 49), *range(90, 98), *range(100, 108)}
"""SGR parameters that set a colour: 30-37 and 40-47, 38 and 48 (which open the 256-colour and
true-colour forms), 90-97 and 100-107.  39 and 49, the terminal's own colours, are not one."""


def drain(fd: int, shown: bytes, quiet: float, limit: float = 20.0) -> bytes:
    """What the program writes until ``shown`` is among it and the program has then been silent
    for ``quiet`` seconds (the screen has settled)."""
    out = b""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], quiet if shown in out else end - time.monotonic())
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


def colours_in(data: bytes) -> list[str]:
    """Every SGR sequence in ``data`` that sets a colour, as text."""
    found = []
    for match in SGR.finditer(data):
        params = match.group(1).replace(b":", b";").split(b";")
        if any(p.isdigit() and int(p) in COLOUR_CODES for p in params):
            found.append(match.group(0).decode("ascii", "replace"))
    return found


def screens_under_no_color(args: list[str], shown: bytes, tmp_path: Path,
                           size: tuple[int, int] = (80, 24)) -> bytes:
    """The bytes of the program's first screen on a pseudo-terminal (80x24 unless given) under
    NO_COLOR, once it shows ``shown`` and has settled."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    env = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "HOME": str(tmp_path),
           "NO_COLOR": "1", "LANG": "C.UTF-8",
           "KC_TUI_CONFIG_DIR": str(tmp_path), "KC_TUI_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "kc_tui", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True, cwd=ROOT)
    os.close(slave)
    try:
        # The screen is up once it shows ``shown`` (a liveness wait of up to 20 s, as a loaded
        # machine may take long to start the program); then it settles.
        data = drain(master, shown, 0.5)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert data, "the program drew nothing"
    return data


@pytest.mark.parametrize("theme", ["default", "high-contrast", "ansi"])
def test_no_color_sends_no_colour_at_the_table(theme: str, tmp_path: Path) -> None:
    data = screens_under_no_color(["play", "--players", "you,medium", "--seed", "4", "--pace", "0",
                                   "--theme", theme], b"e end turn", tmp_path)
    assert b"e end turn" in data
    assert colours_in(data) == []


def test_no_color_sends_no_colour_at_the_big_table(tmp_path: Path) -> None:
    """At 120 x 40 the piles and the hand are cards whose frames are styled by state: no colour
    either (their line shapes and words carry the states)."""
    data = screens_under_no_color(["play", "--players", "you,medium", "--seed", "4", "--pace", "0"],
                                  b"e end turn", tmp_path, size=(120, 40))
    assert b"e end turn" in data and "╰".encode() in data
    assert colours_in(data) == []


def test_no_color_sends_no_colour_on_the_title_screen(tmp_path: Path) -> None:
    data = screens_under_no_color([], b"Quick game", tmp_path)
    assert b"Quick game" in data
    assert colours_in(data) == []
