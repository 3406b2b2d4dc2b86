"""Hot-seat from the command line: two people at one keyboard are never both called "You"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def first_lines(players: str, tmp_path: Path) -> str:
    env = {**os.environ, "KC_TUI_DATA_DIR": str(tmp_path), "KC_TUI_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "kc_tui", "play", "--players", players, "--seed", "1",
                             "--plain"], input="", capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=60)
    return result.stdout.splitlines()[0]


def test_two_unnamed_people_are_player_1_and_player_2(tmp_path: Path) -> None:
    assert first_lines("you,medium,you", tmp_path) == "A new session: Player 1, Ada (medium) and Player 2."


def test_a_named_person_keeps_the_name_and_the_other_is_numbered(tmp_path: Path) -> None:
    assert first_lines("human:Zoe,you", tmp_path) == "A new session: Zoe and Player 2."


def test_one_person_is_you(tmp_path: Path) -> None:
    assert first_lines("you,medium", tmp_path) == "A new session: You and Ada (medium)."
