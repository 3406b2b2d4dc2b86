"""What is kept of Kings Reverse sessions, per game (issue 14): ``kings-corner stats`` gives each
game's statistics under its title (``--game NAME stats`` one game's, ``--json`` both), the
Statistics dialog the same; ``kings-corner saves`` lists both games' saves (``--game NAME
saves`` one game's) and deletes them; the line mode saves, ``resume`` continues, and Continue on
the title screen lists and resumes this game's saves too."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

import pytest

from kc_tui.cli import main
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.rules import build_rules as corner_rules
from kc_tui.games.kings_corner.engine.service import GameService
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseService
from kc_tui.games.kings_reverse.saves import reverse_seats
from kc_tui.storage import (
    AutoSaver,
    Recorder,
    SaveInfo,
    game_transcripts_dir,
    games_report_text,
    list_saves,
    load_save,
    start_saving,
)
from kc_tui.storage.settings import Settings
from kc_tui.tui.app import KingsCornerApp

GAME = "kings-reverse"


def _usable() -> list[SaveInfo]:
    return [info for info in list_saves(GAME) if info.problem is None]


def _reverse_sessions(count: int) -> None:
    for seed in range(count):
        names = ["Zoe", "Ada", "Ben"]
        service = ReverseService(build_rules(3, "standard", target=80),
                                 reverse_seats(["easy", "medium", "easy"], random.Random(seed), names),
                                 seed=seed)
        service.add_listener(Recorder(GAME, names))
        service.play_session()


def _corner_session(seed: int = 1) -> None:
    specs = ["medium", "easy"]
    service = GameService(corner_rules(2), make_seats(specs, random.Random(seed), names=["Zoe", None]),
                          seed=seed)
    start_saving(service, specs)
    service.play_session()


Capture = pytest.CaptureFixture[str]


def _run(capsys: Capture, *args: str) -> tuple[int, str]:
    """The command's exit status and what it printed, run in this process as test_cli.py runs
    it (an interpreter started for each of this file's commands only cost time)."""
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as stop:  # --help
        status = int(stop.code or 0)
    return status, capsys.readouterr().out


def _kc(capsys: Capture, *args: str) -> str:
    status, out = _run(capsys, *args)
    assert status == 0, out
    return out


def test_stats_give_each_games_record_under_its_title(capsys: Capture) -> None:
    _corner_session()
    _reverse_sessions(2)
    text = _kc(capsys, "stats")
    assert text.startswith("Kings in the Corner\n\nFrom 1 finished session.")
    corner, reverse = text.split("\n\nKings Reverse\n\n")
    assert "Zoe (medium)" in corner and "Zoe: won" not in corner
    assert reverse.startswith("From 2 finished sessions.") and "Zoe: won " in reverse
    assert _kc(capsys, "--game", "kings-reverse", "stats").startswith("From 2 finished sessions.\nZoe: won ")
    assert "Kings Reverse" not in _kc(capsys, "--game", "kings-corner", "stats")
    assert games_report_text() == text.rstrip("\n")


def test_stats_json_keeps_the_first_games_keys_and_adds_kings_reverse(capsys: Capture) -> None:
    _corner_session()
    _reverse_sessions(2)
    both = json.loads(_kc(capsys, "stats", "--json"))
    assert both["sessions"] == 1 and both["kings-reverse"]["sessions"] == 2
    zoe = next(p for p in both["kings-reverse"]["players"] if p["name"] == "Zoe")
    assert zoe["sessions"] == 2 and 0 <= zoe["sessions_won"] <= 2 and zoe["rounds"] >= 2
    only = json.loads(_kc(capsys, "--game", "kings-reverse", "stats", "--json", "--player", "ada"))
    assert list(only) == ["kings-reverse"] and [p["name"] for p in only["kings-reverse"]["players"]] == ["Ada"]


def test_stats_of_a_game_not_played_yet_say_so(capsys: Capture) -> None:
    _corner_session()
    assert not game_transcripts_dir(GAME).exists()
    assert "Kings Reverse" not in _kc(capsys, "stats")
    assert _kc(capsys, "--game", "kings-reverse", "stats").startswith("No finished Kings Reverse sessions yet")
    _reverse_sessions(1)
    assert _kc(capsys, "--game", "kings-reverse", "stats", "--player", "Max").startswith(
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


def test_kings_reverse_saves_are_listed_and_deleted_by_name(capsys: Capture) -> None:
    service = ReverseService(build_rules(2), reverse_seats(["you", "easy"], random.Random(3)), seed=3)
    saver = start_saving(service, ["you", "easy"], game=GAME)
    service.start()
    refused_while_open = subprocess.run([sys.executable, "-m", "kc_tui", "--game", "kings-reverse", "saves",
                                         "--delete", saver.path.name], capture_output=True, text=True,
                                        env=os.environ.copy())
    assert refused_while_open.returncode == 1 and "open in another window" in refused_while_open.stdout
    saver.release()  # the game is left: now it may be deleted elsewhere
    listed = _kc(capsys, "--game", "kings-reverse", "saves")
    # As the first game's saves are listed: how far, the totals (who), the rules and the seed.
    assert saver.path.name in listed and re.search(
        r"\d{4}-\d\d-\d\d \d\d:\d\d: round 1, turn 1 \(You 0, Ada 0\); 10 cards each, "
        r"to 500; seed \d+", listed), listed
    # A save's totals that are not numbers are left out of its line; it is listed all the same.
    doc = json.loads(saver.path.read_text().splitlines()[0])
    saver.path.write_text("\n".join([json.dumps({**doc, "totals": ["x", None]}),
                                     *saver.path.read_text().splitlines()[1:]]) + "\n")
    listed = _kc(capsys, "--game", "kings-reverse", "saves")
    assert "You, Ada, round 1, turn 1; 10 cards each" in listed and "damaged" not in listed, listed
    status, refused = _run(capsys, "--game", "kings-reverse", "saves", "--delete", "../../settings.toml")
    assert status == 1 and "No saved game called '../../settings.toml'" in refused
    both = _kc(capsys, "saves")  # every game's saves: the first game's (none) and Kings Reverse's
    # (It said "No saved games", then listed Kings Reverse's: the first game's none is titled.)
    assert both.startswith("No saved Kings in the Corner games (") and "Saved Kings Reverse games in" in both
    assert saver.path.name in both
    assert saver.path.name not in _kc(capsys, "--game", "kings-corner", "saves")
    assert "Deleted" in _kc(capsys, "--game", "kings-reverse", "saves", "--delete", saver.path.name)
    assert _usable() == []
    assert _kc(capsys, "--game", "kings-reverse", "saves").startswith("No saved Kings Reverse games")
    assert _kc(capsys, "saves").startswith("No saved games (")  # none of any game


@pytest.mark.parametrize("command", ["replay", "stats", "saves"])
def test_the_kings_reverse_help_lists_what_the_game_keeps(capsys: Capture, command: str) -> None:
    assert command in _kc(capsys, "--game", "kings-reverse", "--help")


def _kc_in(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], input=text, capture_output=True,
                          text=True, env=os.environ.copy())


def test_a_saver_following_the_service_keeps_every_action_and_deal_whoever_takes_it() -> None:
    # The person acts through the door, the computers act on this thread (as in the line mode),
    # a refused computer action is kept as the one the service took instead: the save replays
    # to the same game.
    specs = ["you", "easy", "medium"]
    service = ReverseService(build_rules(3), reverse_seats(specs, random.Random(12)), seed=12)
    saver = start_saving(service, specs, game=GAME)
    service.start()
    pick = random.Random(12)
    for _ in range(120):
        service.run_computer_turns()
        if service.phase == "turn":
            service.act(pick.choice(service.legal_actions()))
        elif service.phase == "round_over":
            service.next_round()
        else:
            break
    restored = load_save(saver.path, game=GAME).service
    assert restored.view(0).to_dict() == service.view(0).to_dict()
    assert saver.events.count("next") == service.view(None).round - 1


def test_the_line_mode_saves_and_resume_goes_on_from_the_save() -> None:
    first = _kc_in("draw\n", "--game", "kings-reverse", "play", "--plain", "--players", "you,easy",
                   "--seed", "5")
    assert first.returncode == 1 and "Input ended" in first.stdout
    (info,) = _usable()
    assert info.players == ("You", "Ada")
    again = _kc_in("last\nlook\nquit\n", "--game", "kings-reverse", "resume", "--plain")
    # The round and the totals, as the first game's resume says them; not the save's title read
    # out (a blind player's play test heard its date, turn count and seed first).
    assert again.returncode == 0 and again.stdout.startswith("Resumed in round 1. Totals: You 0, Ada 0.\n")
    assert info.title not in again.stdout and "seed" not in again.stdout
    assert "Pile: " in again.stdout
    # The resume says whose turn it is and what came since the person's turn, before the pile.
    opening = again.stdout.split("\n", 1)[1]
    assert opening.startswith("Ada's turn.\nAda plays ") and "\nYour turn.\nPile: " in opening
    # last tells what came since the person's turn, from before the game was left (it said
    # "Nothing yet."): Ada's turn after the card the person drew.
    told = again.stdout.split("last\n", 1)[1] if "last\n" in again.stdout else again.stdout
    told = told.split("Your move> look", 1)[0]
    assert "Nothing yet." not in told and told.startswith("Ada's turn.\nAda plays ") and "You draw" not in told
    assert _usable()[0].path == info.path  # the same save goes on
    empty = _kc_in("", "--game", "kings-reverse", "saves", "--delete", info.path.name)
    assert empty.returncode == 0
    nothing = _kc_in("", "--game", "kings-reverse", "resume", "--plain")
    assert nothing.returncode == 1 and "No saved Kings Reverse game to resume" in nothing.stdout


def test_a_session_finished_in_the_line_mode_is_counted_and_its_save_removed(capsys: Capture) -> None:
    done = _kc_in("\n" * 200, "--game", "kings-reverse", "play", "--plain", "--players", "easy,easy",
                  "--seed", "2", "--rule", "target=60")
    assert done.returncode == 0 and "The session is over" in done.stdout
    assert _usable() == []
    assert _kc(capsys, "--game", "kings-reverse", "stats").startswith("From 1 finished session.")


def _reverse_save(seed: int = 3) -> AutoSaver:
    service = ReverseService(build_rules(2), reverse_seats(["you", "easy"], random.Random(seed)), seed=seed)
    saver = start_saving(service, ["you", "easy"], game=GAME)
    service.start()
    service.run_computer_turns()
    saver.save()
    return saver


async def test_continue_on_the_title_screen_lists_and_resumes_a_kings_reverse_save() -> None:
    from kc_tui.games.kings_reverse.tui.table import ReverseTableScreen
    from kc_tui.tui.saves_screen import SavesScreen

    saver = _reverse_save()
    before = saver.service.view(0).to_dict()
    app = KingsCornerApp(settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # offered: the only save is Kings Reverse's
        await pilot.pause()
        saves = app.screen
        assert isinstance(saves, SavesScreen) and [s.path for s in saves.saves] == [saver.path]
        turn = saver.service.game.turns  # the turn the save stopped in, as the first game's list says it
        assert turn >= 1
        # Its line names its game once, first (the list holds every game's saves).
        assert re.search(rf"Kings Reverse: \d{{4}}-\d\d-\d\d \d\d:\d\d: round 1, turn {turn} "
                         r"\(You 0, Ada 0\); 10 cards each", str(saves.query_one("#saves-chosen").render()))
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, ReverseTableScreen)
        assert table.service.view(0).to_dict() == before


async def test_a_kings_reverse_save_is_deleted_from_the_saved_games_when_asked() -> None:
    from kc_tui.tui.dialogs import ConfirmScreen

    saver = _reverse_save()
    app = KingsCornerApp(settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        saves = app.screen
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is saves and not saver.path.exists() and saves.saves == []
        assert f"Deleted {saver.path.name}." in str(saves.query_one("#saves-status").render())


def _saved_between_rounds() -> ReverseService:
    """A seeded two-player round played to its end with its save kept: a save left on the
    round's result (released, as a player leaving there leaves it)."""
    specs = ["you", "easy"]
    service = ReverseService(build_rules(2), reverse_seats(specs, random.Random(7)), seed=7)
    saver = start_saving(service, specs, game=GAME)
    service.start()
    pick = random.Random(7)
    while service.phase == "turn":
        service.run_computer_turns()
        if service.phase == "turn":
            service.act(pick.choice(service.legal_actions()))
    saver.release()
    return service


async def test_a_save_made_between_rounds_says_after_which_round() -> None:
    """Left on the round's result, the save was listed as "round 1, turn 100" and resumed
    "in round 1" just before round 2 was dealt."""
    from kc_tui.games.kings_reverse.tui.table import ReverseTableScreen

    service = _saved_between_rounds()
    assert service.phase == "round_over"
    (info,) = _usable()
    assert re.search(r": after round 1 \(You \d+, Ada \d+\); 10 cards", info.title), info.title
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(200):
            if any(isinstance(s, ReverseTableScreen) for s in app.screen_stack):
                break
            await pilot.pause(0.02)
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, ReverseTableScreen))
        log = [line.text for line in table.query_one("#log").lines]
        assert log[0].startswith("Resumed after round 1. Totals: You "), log


def test_the_line_mode_resumes_a_save_made_between_rounds_after_that_round() -> None:
    """A save left on the round's result: the line mode's resume says after which round, and the
    totals, in the language served (it read out the save's title, its date and seed)."""
    service = _saved_between_rounds()
    totals = service.view(None).totals
    resumed = _kc_in("quitter\n", "--lang", "fr", "--game", "kings-reverse", "resume", "--plain")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith(
        f"Reprise après la manche 1. Totaux\u00a0: Toi {totals[0]}, Ada {totals[1]}.\n"), resumed.stdout


async def test_a_resumed_kings_reverse_round_is_told_so_far_in_the_log() -> None:
    """A new player's play test resumed a round of Kings Reverse and read only "Resumed in round
    1. Totals: ...": the round so far was kept for `a` but not told, where a served table's
    opening tells it."""
    from textual.widgets import RichLog

    from kc_tui.games.kings_reverse.engine.describe import describe_event
    from kc_tui.games.kings_reverse.engine.events import RoundStart, RoundView, TurnStart

    saver = _reverse_save()
    service = saver.service
    for _ in range(2):  # a few turns, the computer's among them
        if service.phase == "turn":
            service.act(service.legal_actions()[0])
        service.run_computer_turns()
    saver.save()
    app = KingsCornerApp(settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        table = app.screen
        log = table.query_one("#log", RichLog)
        told = " ".join(" ".join("".join(segment.text for segment in strip) for strip in log.lines).split())
        past = table.service.past_events_seen_by(0)  # (as the resumed game replayed them)
        names = [seat.name for seat in table.service.seats]
    dealt = max(i for i, event in enumerate(past) if isinstance(event, (RoundStart, RoundView)))
    expected = [s for e in past[dealt:] if not isinstance(e, TurnStart) and (s := describe_event(e, names, 0))]
    assert len(expected) >= 3
    assert told.startswith("Resumed in round 1.")
    for sentence in expected:
        assert " ".join(sentence.split()) in told, (sentence, told)
