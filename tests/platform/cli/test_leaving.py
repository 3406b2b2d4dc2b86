"""Leaving a game played at this terminal lets go of its save, for every game alike (the
platform's ``cli.play.play_saved``): the save stays to be resumed, its lock does not, so no
``.lock`` file is left in the saves folder and another window may resume it at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.games import GAMES
from kc_tui.storage import game_saves_dir

LEFT_AFTER = {"kings-corner": "quit\n", "kings-reverse": "draw\npass\nquit\n"}
"""What a person types to leave each game early (Kings Reverse's pass is refused first: the
stock is not empty)."""


@pytest.mark.parametrize("game", list(GAMES))
def test_leaving_the_line_mode_keeps_the_save_and_leaves_no_lock(game: str) -> None:
    done = subprocess.run([sys.executable, "-m", "kc_tui", "--game", game, "play", "--plain", "--seed", "5",
                           "--players", "you,easy"], input=LEFT_AFTER[game], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=120)
    assert done.returncode == 0, done.stderr
    folder = game_saves_dir(game)
    left = sorted(p.name for p in Path(folder).iterdir() if p.is_file())
    assert len(left) == 1 and left[0].endswith(".json"), left
