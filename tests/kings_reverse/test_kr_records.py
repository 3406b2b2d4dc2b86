"""What is kept of Kings Reverse sessions, per game (issue 14): ``kings-corner stats`` gives each
game's statistics under its title (``--game NAME stats`` one game's, ``--json`` both), the
Statistics dialog the same; ``--game kings-reverse saves`` lists and deletes this game's saves."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from kc_tui.ai.seats import make_seats
from kc_tui.engine.rules import build_rules as corner_rules
from kc_tui.engine.service import GameService
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseService
from kc_tui.storage import games_report_text, start_saving
from kc_tui.storage.reverse_records import SessionRecorder, reverse_transcripts_dir
from kc_tui.storage.reverse_saves import ReverseSaver, list_reverse_saves, reverse_seats
from kc_tui.storage.settings import Settings
from kc_tui.tui.app import KingsCornerApp


def _reverse_sessions(count: int) -> None:
    for seed in range(count):
        names = ["Zoe", "Ada", "Ben"]
        service = ReverseService(build_rules(3, "standard", target=80),
                                 reverse_seats(["easy", "medium", "easy"], random.Random(seed), names),
                                 seed=seed)
        service.add_listener(SessionRecorder(names))
        service.play_session()


def _corner_session(seed: int = 1) -> None:
    specs = ["medium", "easy"]
    service = GameService(corner_rules(2), make_seats(specs, random.Random(seed), names=["Zoe", None]),
                          seed=seed)
    start_saving(service, specs)
    service.play_session()


def _kc(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], capture_output=True, text=True,
                          check=True, env=os.environ.copy()).stdout


def test_stats_give_each_games_record_under_its_title() -> None:
    _corner_session()
    _reverse_sessions(2)
    text = _kc("stats")
    assert text.startswith("Kings in the Corner\n\nFrom 1 finished session.")
    corner, reverse = text.split("\n\nKings Reverse\n\n")
    assert "Zoe (medium)" in corner and "Zoe: won" not in corner
    assert reverse.startswith("From 2 finished sessions.") and "Zoe: won " in reverse
    assert _kc("--game", "kings-reverse", "stats").startswith("From 2 finished sessions.\nZoe: won ")
    assert "Kings Reverse" not in _kc("--game", "kings-corner", "stats")
    assert games_report_text() == text.rstrip("\n")


def test_stats_json_keeps_the_first_games_keys_and_adds_kings_reverse() -> None:
    _corner_session()
    _reverse_sessions(2)
    both = json.loads(_kc("stats", "--json"))
    assert both["sessions"] == 1 and both["kings-reverse"]["sessions"] == 2
    zoe = next(p for p in both["kings-reverse"]["players"] if p["name"] == "Zoe")
    assert zoe["sessions"] == 2 and 0 <= zoe["sessions_won"] <= 2 and zoe["rounds"] >= 2
    only = json.loads(_kc("--game", "kings-reverse", "stats", "--json", "--player", "ada"))
    assert list(only) == ["kings-reverse"] and [p["name"] for p in only["kings-reverse"]["players"]] == ["Ada"]


def test_stats_of_a_game_not_played_yet_say_so() -> None:
    _corner_session()
    assert not reverse_transcripts_dir().exists()
    assert "Kings Reverse" not in _kc("stats")
    assert _kc("--game", "kings-reverse", "stats").startswith("No finished Kings Reverse sessions yet")
    _reverse_sessions(1)
    assert _kc("--game", "kings-reverse", "stats", "--player", "Max").startswith(
        "Nobody called 'Max' has finished a Kings Reverse session.")


async def test_the_statistics_dialog_shows_each_game() -> None:
    _corner_session()
    _reverse_sessions(1)
    app = KingsCornerApp(settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Kings in the Corner" in shown and "Kings Reverse" in shown


def test_kings_reverse_saves_are_listed_and_deleted_by_name() -> None:
    service = ReverseService(build_rules(2), reverse_seats(["you", "easy"], random.Random(3)), seed=3)
    saver = ReverseSaver(service, ["you", "easy"], ReverseSaver.new_path(["You", "Ada"]))
    service.start()
    saver.save()
    listed = _kc("--game", "kings-reverse", "saves")
    assert saver.path.name in listed and "You, Ada: round 1" in listed
    refused = subprocess.run([sys.executable, "-m", "kc_tui", "--game", "kings-reverse", "saves",
                              "--delete", "../../settings.toml"], capture_output=True, text=True,
                             env=os.environ.copy())
    assert refused.returncode == 1 and "No saved Kings Reverse game called" in refused.stdout
    assert "Deleted" in _kc("--game", "kings-reverse", "saves", "--delete", saver.path.name)
    assert list_reverse_saves() == []
    assert _kc("--game", "kings-reverse", "saves").startswith("No saved Kings Reverse games")


@pytest.mark.parametrize("command", ["replay", "stats", "saves"])
def test_the_kings_reverse_help_lists_what_the_game_keeps(command: str) -> None:
    assert command in _kc("--game", "kings-reverse", "--help")
