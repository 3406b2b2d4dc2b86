"""End to end in a real terminal: tmux runs the installed `kings-corner play` with a fixed seed,
the test types keys, reads the screen with capture-pane, and checks the transcript it wrote."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from referee import check_file

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is installed by .ci/run")
TMUX_SERVER = [TMUX or "tmux", "-L", f"kc-tests-{os.getpid()}"]
"""tmux with a server of this test process's own: the workers of one run never share one (when
the last session of a shared server ended, another worker's new session could meet the server
exiting: "server exited unexpectedly")."""


def _command() -> str:
    """The installed program, with the test's private data and config folders (a tmux server
    may already run with another environment, so they are passed on the command line)."""
    script = Path(sys.executable).parent / "kings-corner"
    program = str(script) if script.exists() else f"{sys.executable} -m kc_tui"
    dirs = " ".join(f"{k}={shlex.quote(os.environ[k])}" for k in ("KC_TUI_DATA_DIR", "KC_TUI_CONFIG_DIR"))
    # COLUMNS and LINES, left in a tmux server's environment by whoever started it, would make
    # the program lay itself out at that size rather than its window's.
    return f"env -u COLUMNS -u LINES {dirs} {program}"


def _tmux(*args: str) -> str:
    return subprocess.run([*TMUX_SERVER, *args], capture_output=True, text=True, check=True).stdout


def _alive(session: str) -> bool:
    return subprocess.run([*TMUX_SERVER, "has-session", "-t", session], capture_output=True, check=False).returncode == 0


def _ends(session: str, seconds: float = 30.0) -> bool:
    """Wait for the program in ``session`` to exit (a liveness wait, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and _alive(session):
        time.sleep(0.1)
    return not _alive(session)


def _screen(session: str) -> str:
    return _tmux("capture-pane", "-p", "-t", session)


def _until_my_turn(session: str, seconds: float = 30.0) -> str:
    """Wait for the person's turn.  A quick game deals at random, and about one deal in fifty
    ends its round before the person's first turn, now and then the whole session too: the
    round's dialog is passed with Enter, and a finished session is played again."""
    deadline = time.monotonic() + seconds
    while True:
        screen = _screen(session)
        if "Your turn" in screen or time.monotonic() > deadline:
            return screen
        if "Deal the next round" in screen or "See the final scores" in screen:
            _tmux("send-keys", "-t", session, "Enter")
        elif "Play again" in screen:
            _tmux("send-keys", "-t", session, "a")
        time.sleep(0.3)


def _wait_for(session: str, text: str, seconds: float = 30.0) -> str:
    """Poll the screen until ``text`` shows (a liveness wait, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while True:
        screen = _screen(session)
        if text in screen or time.monotonic() > deadline:
            return screen
        time.sleep(0.1)


def test_play_at_the_table_by_keystrokes_in_tmux(tmp_path: Path) -> None:
    session = f"kc-e2e-{tmp_path.name}"
    transcript = tmp_path / "game.jsonl"
    command = (f"{_command()} play --players you,medium --seed 4 --pace 0 "
               f"--rule target=1000 --transcript {transcript}")
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = _wait_for(session, "Your turn")
        assert "Your turn" in screen, screen
        assert "Hand" in screen and "Stock" in screen
        # Ask for a hint, then end the turn (asked twice: moves are open).
        _tmux("send-keys", "-t", session, "t")
        screen = _wait_for(session, "Play ")
        hint_line = next(line for line in screen.splitlines() if line.strip().startswith(("Play ", "Move ")))
        _tmux("send-keys", "-t", session, "e")
        _wait_for(session, "Press e again")
        _tmux("send-keys", "-t", session, "e")
        screen = _wait_for(session, "You end the turn")
        assert "You end the turn" in screen
        _wait_for(session, "Your turn")
        _tmux("send-keys", "-t", session, "q")
        _wait_for(session, "Leave the game?")
        _tmux("send-keys", "-t", session, "y")
        assert _ends(session), "q did not leave the game"
    finally:
        subprocess.run([*TMUX_SERVER, "kill-session", "-t", session], capture_output=True, check=False)
    assert hint_line
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert events[0]["event"] == "session_start" and events[0]["seed"] == 4
    assert {"event": "turn_end", "player": 0} in events
    check_file(transcript, unfinished=True)  # the player left in the middle of the round


def test_the_bare_command_opens_the_title_and_ascii_mode_draws_only_ascii(tmp_path: Path) -> None:
    session = f"kc-e2e-title-{tmp_path.name}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"NO_COLOR=1 {_command()} --ascii --pace 0")
    try:
        screen = _wait_for(session, "Quick game")
        assert "New game" in screen and "Continue a saved game" in screen, screen
        _tmux("send-keys", "-t", session, "g")
        _wait_for(session, "Hand")
        # (The table is read at the person's turn: a random deal's round may end before it.)
        screen = _until_my_turn(session)
        assert "Your turn" in screen, screen
        assert "Stock" in screen and "NW" in screen, screen
        assert screen.isascii(), sorted({ch for ch in screen if not ch.isascii()})
        _tmux("send-keys", "-t", session, "?")
        screen = _wait_for(session, "Choosing a move")
        assert screen.isascii(), sorted({ch for ch in screen if not ch.isascii()})
        _tmux("send-keys", "-t", session, "Escape")
        time.sleep(0.3)
        _tmux("send-keys", "-t", session, "q")
        _wait_for(session, "Leave the game?")
        _tmux("send-keys", "-t", session, "y")
        screen = _wait_for(session, "Quick game")  # back at the title
        assert "Quick game" in screen
        _tmux("send-keys", "-t", session, "q")
        assert _ends(session), "q on the title did not quit"
    finally:
        subprocess.run([*TMUX_SERVER, "kill-session", "-t", session], capture_output=True, check=False)
