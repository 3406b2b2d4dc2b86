"""End to end in a real terminal (issue 14): tmux runs the installed
``kings-corner --game kings-reverse play`` with a fixed seed, the test plays a whole round by
keystrokes, reading only the screen (a card marked ``*`` is played by its key; otherwise ``d``
draws; ``c`` calls "one card"; the suit chooser is answered with a letter), and then checks the
transcript the game wrote."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from test_e2e_tmux import TMUX_SERVER, _command, _ends, _screen, _tmux, _wait_for

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is installed by .ci/run")

MARKED = re.compile(r"\*([0-9a-z]):")
"""A card of the hand that may be played: ``*3:9H``."""


def _next_key(screen: str) -> str | None:
    """The key a player reading ``screen`` presses next; None while a computer plays."""
    if "Name the suit to follow" in screen:
        return "s"
    if "Round over" in screen:
        return None
    if "One card left" in screen:
        return "c"
    if "challenges it" in screen:
        return "d"
    # The key line offers the hand's keys (or the draw, when no card can go) only while the
    # person must act.
    if "1-9 play" not in screen and "d draw" not in screen:
        return None
    marked = MARKED.findall(screen)
    return marked[0] if marked else "d"


def _settled(session: str, before: str, seconds: float = 10.0, quiet: float = 0.1) -> str:
    """The screen once a key has changed it and it has not changed for ``quiet`` seconds, so that
    the next key is chosen from what the key did (a liveness wait, not a timing assertion).  The
    screen is read often and the quiet kept short: a round takes dozens of these waits,
    and Textual sends each frame whole."""
    deadline = time.monotonic() + seconds
    last, since = before, time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        screen = _screen(session)
        if screen != last:
            last, since = screen, time.monotonic()
        elif screen != before and time.monotonic() - since >= quiet:
            return screen
    return last


def test_a_round_of_kings_reverse_is_played_by_keystrokes_in_tmux(tmp_path: Path) -> None:
    session = f"kc-e2e-kr-{tmp_path.name}"
    transcript = tmp_path / "game.jsonl"
    command = (f"{_command()} --game kings-reverse --ascii --pace 0 play --players you,beginner "
               f"--seed 5 --rule hand_size=5 --rule target=1000 --transcript {transcript}")
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    pressed: list[str] = []
    try:
        screen = _wait_for(session, "Your turn")
        assert "Suit to follow" in screen and "Play goes: Clockwise" in screen or \
            "Play goes: Counter-clockwise" in screen, screen
        deadline = time.monotonic() + 120
        while "Round over" not in screen and time.monotonic() < deadline:
            key = _next_key(screen)
            if key is None:
                screen = _settled(session, "")
                continue
            pressed.append(key)
            _tmux("send-keys", "-t", session, key)
            screen = _settled(session, screen)
        assert "Round over" in screen, screen
        assert "+" in screen and "total" in screen  # the points each player added (KR7)
        _tmux("send-keys", "-t", session, "q")
        assert _ends(session), "q in the round-over dialog did not leave the game"
    finally:
        subprocess.run([*TMUX_SERVER, "kill-session", "-t", session], capture_output=True, check=False)
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert events[0]["event"] == "session_start" and events[0]["game"] == "kings-reverse"
    assert events[0]["seed"] == 5
    assert any(e["event"] == "play" and e["player"] == 0 for e in events), pressed
    assert events[-1]["event"] in ("round_end", "session_end")
