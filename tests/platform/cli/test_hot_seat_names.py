"""Hot-seat from the command line: two people at one keyboard are never both called "You"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kc_tui.cli import main
from kc_tui.core.kinds import NAME_LENGTH

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


@pytest.mark.parametrize("game", [[], ["--game", "kings-reverse"]])
def test_a_name_on_the_command_line_holds_as_many_characters_as_the_settings_name(
        game: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A 70000-character name made a transcript whose first line ``replay`` could not read: a
    name given with ``human:NAME`` holds at most the 16 characters the Settings screen's and the
    new-game form's do, and a longer one is refused, saying so, before anything is played."""
    assert NAME_LENGTH == 16
    with pytest.raises(SystemExit) as stop:
        main([*game, "play", "--plain", "--players", "you,human:" + "N" * 70_000, "--seed", "3"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "a name holds at most 16 characters; 'NNNNNNNNNNNNNNNNNNNN'... has 70000" in err
    assert len(err) < 1000
    with pytest.raises(SystemExit):
        main([*game, "play", "--plain", "--players", "you,human:" + "N" * 17, "--seed", "3"])
    assert "has 17" in capsys.readouterr().err


def test_sixteen_characters_are_a_name(tmp_path: Path) -> None:
    assert first_lines("human:Maximiliana Rosa,you", tmp_path).startswith("A new session: Maximiliana Rosa and")


@pytest.mark.parametrize(("players", "said"), [
    ("human:,easy", "a human seat needs a name, e.g. human:Ada"),
    ("human:  ,easy", "a human seat needs a name, e.g. human:Ada"),
    (os.fsdecode(b"human:Zo\xffe,easy"), "the name 'Zo\\udcffe' is not valid text (UTF-8)"),
])
def test_kings_reverse_refuses_a_person_without_a_name_or_not_in_utf8_as_the_first_game_does(
        players: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Kings Reverse took "human:" (and sat a person called Ada) and a name no file could hold."""
    for game in ([], ["--game", "kings-reverse"]):
        with pytest.raises(SystemExit) as stop:
            main([*game, "play", "--plain", "--players", players, "--seed", "3"])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err
