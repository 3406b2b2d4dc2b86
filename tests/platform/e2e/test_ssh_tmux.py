"""End to end with the real OpenSSH client: ``kings-corner serve`` on a free port, two people
in two tmux panes typing ``ssh -tt``, each with a throwaway key, and a third person watching
in a window of their own; they make a table, sit at it, see whose turn it is (and the turn move
on), see their hands (the spectator sees none), chat, and leave, reading their own panes as a
person would.  (Whole rounds by
keys are played over SSH in tests/platform/net/test_ssh_tables.py.)"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_e2e_tmux import TMUX_SERVER

TMUX, SSH, KEYGEN = shutil.which("tmux"), shutil.which("ssh"), shutil.which("ssh-keygen")
pytestmark = [pytest.mark.skipif(None in (TMUX, SSH, KEYGEN), reason="tmux and openssh-client are installed by .ci/run"),
              pytest.mark.timeout(300)]


def tmux(*args: str) -> str:
    return subprocess.run([*TMUX_SERVER, *args], capture_output=True, text=True, check=True).stdout


def pane(target: str) -> str:
    return tmux("capture-pane", "-p", "-t", target)


def until(target: str, text: str, seconds: float = 30.0) -> str:
    """The pane once it shows ``text`` (a liveness wait, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while True:
        screen = pane(target)
        if text in screen:
            return screen
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never showed in {target}:\n{screen}")
        time.sleep(0.2)


def until_any(targets: tuple[str, ...], text: str, seconds: float = 30.0) -> str:
    """The first of ``targets`` whose pane shows ``text``."""
    deadline = time.monotonic() + seconds
    while True:
        for target in targets:
            if text in pane(target):
                return target
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never showed in {targets}")
        time.sleep(0.2)


def until_any_text(target: str, texts: tuple[str, ...], seconds: float = 30.0) -> str:
    """The pane once it shows one of ``texts``."""
    deadline = time.monotonic() + seconds
    while True:
        screen = pane(target)
        if any(text in screen for text in texts):
            return screen
        if time.monotonic() > deadline:
            raise AssertionError(f"none of {texts!r} showed in {target}:\n{screen}")
        time.sleep(0.2)


def focused(target: str) -> str:
    """The row of a form that has the keys in the pane: the one drawn after a ``>``."""
    return next((line[3:].strip() for line in pane(target).splitlines() if line.startswith(" > ")), "")


def step(target: str, key: str, test: Callable[[str], bool]) -> None:
    """Press ``key`` until the focused row passes ``test``, each press once the last one's
    change to that row is on the screen (a liveness wait of 30 s for each)."""
    for _ in range(16):
        row = focused(target)
        if test(row):
            return
        tmux("send-keys", "-t", target, key)
        deadline = time.monotonic() + 30
        while focused(target) == row and time.monotonic() < deadline:
            time.sleep(0.1)
    assert test(focused(target)), pane(target)


def test_two_people_at_one_table_with_the_real_ssh_client_in_two_panes(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "kc_tui", "serve", "--port", "0", "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    assert server.stdout is not None
    port = re.search(r"ssh -p (\d+) HOST", server.stdout.readline())
    assert port, "the server did not say where it listens"
    keys = {}
    for who in ("ada", "ben", "cleo"):
        keys[who] = tmp_path / f"{who}_key"
        subprocess.run([KEYGEN or "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys[who])], check=True)
    options = (f"-tt -p {port.group(1)} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
               "-o IdentitiesOnly=yes -o LogLevel=ERROR -o PasswordAuthentication=no")
    session = f"kc-ssh-{port.group(1)}"
    watching = f"kc-ssh-{port.group(1)}-watch"
    ada = ben = ""
    cleo = f"{watching}:0.0"
    try:
        # One window of 80 x 49 split in two: each person has 80 x 24, the game's smallest size.
        tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "49",
             f"TERM=xterm-256color ssh {options} -i {keys['ada']} ada@127.0.0.1")
        tmux("split-window", "-t", session, "-v", f"TERM=xterm-256color ssh {options} -i {keys['ben']} ben@127.0.0.1")
        # Panes by their ids: the numbers change when one of them closes.
        ada, ben = tmux("list-panes", "-t", session, "-F", "#{pane_id}").split()
        tmux("new-session", "-d", "-s", watching, "-x", "80", "-y", "24",
             f"TERM=xterm-256color ssh {options} -i {keys['cleo']} cleo@127.0.0.1")
        for target, name in ((ada, "Ada"), (ben, "Ben"), (cleo, "Cleo")):
            until(target, "Your name at the tables")
            tmux("send-keys", "-t", target, name, "Enter")
            until(target, f"Welcome, {name}")
        # Ada makes a table for two people: 4 seats down to 2, the second seat from hard to open.
        tmux("send-keys", "-t", ada, "n")
        until(ada, "> Players")
        # One key at a time, each pressed once the last one's change is drawn: a key pressed
        # ahead of the drawing can go past the choice wanted (the lists go round).
        step(ada, "Left", lambda row: "< 2 >" in row)
        step(ada, "Down", lambda row: row.startswith("Seat 2"))
        step(ada, "Left", lambda row: "< open: a person >" in row)
        until(ada, "A table for 2: open, open")
        tmux("send-keys", "-t", ada, "C-s")
        until(ada, "waiting for the game to start")
        until(cleo, "1. ")
        tmux("send-keys", "-t", cleo, "w")
        until(cleo, "(watching); waiting for the game to start")
        until(ben, "1. ")
        tmux("send-keys", "-t", ben, "Enter")  # Ben takes the last open seat: the game starts
        for target in (ada, ben, cleo):
            until(target, "Stock")
        until(cleo, "You are watching: no hand is shown.")
        # Whoever's turn it is sees "Your turn", the other whose turn it is; a turn ended moves
        # both lines on (each pane names the right person at every step).
        names = {ada: "Ada", ben: "Ben"}
        first = until_any((ada, ben), "Your turn")
        second = ben if first == ada else ada
        until(second, f"{names[first]} is playing")
        assert f"{names[first]} is playing" not in pane(first)
        tmux("send-keys", "-t", first, "e")
        if "still open" in until_any_text(first, ("still open", f"{names[second]} is playing")):
            tmux("send-keys", "-t", first, "y")
        until(second, "Your turn")
        until(first, f"{names[second]} is playing")
        assert f"{names[second]} is playing" not in pane(second)
        # Each sees their own hand; Ben's chat line reaches Ada's log.
        for target in (ada, ben):
            assert re.search(r"Hand [ >]1:", until(target, "Hand "))
        tmux("send-keys", "-t", ben, "'")
        until(ben, "a line for the table")
        tmux("send-keys", "-t", ben, "good game", "Enter")
        until(ada, "Ben: good game")
        until(cleo, "Ben: good game")
        for target in (ada, ben):  # both leave the table, then the server
            tmux("send-keys", "-t", target, "q")
            until(target, "Press y")
            tmux("send-keys", "-t", target, "y")
            until(target, "Tables: Kings in the Corner, Kings Reverse")
            tmux("send-keys", "-t", target, "q")
        # Everyone has left the table: it is adjourned, and its spectator is back in the lobby.
        until(cleo, "Tables: Kings in the Corner, Kings Reverse")
        tmux("send-keys", "-t", cleo, "q")
        deadline = time.monotonic() + 30
        for name in (session, watching):
            while time.monotonic() < deadline and subprocess.run(
                    [*TMUX_SERVER, "has-session", "-t", name], capture_output=True).returncode == 0:
                time.sleep(0.2)  # each ssh ends when its session does, and the panes with it
            assert subprocess.run([*TMUX_SERVER, "has-session", "-t", name], capture_output=True).returncode != 0
    finally:
        for name in (session, watching):
            subprocess.run([*TMUX_SERVER, "kill-session", "-t", name], capture_output=True)
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0
    assert "Stopped by SIGTERM" in out
    assert err.count("signed in:") == 3
