"""Bugs found in review, each pinned by a test that failed before its fix."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from screen_fixtures import until
from textual import events
from textual.geometry import Size

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.ai.seats import make_seats
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import (
    AutoSaver,
    SaveError,
    Settings,
    list_saves,
    load_save,
    load_settings,
    read_document,
    save_settings,
    saves_dir,
    settings_path,
)
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.saves_screen import SavesScreen
from kc_tui.tui.title import TitleScreen


def _save(specs=("medium", "hard", "easy"), seed: int = 5, turns: int = 4) -> Path:
    service = GameService(build_rules(len(specs)), make_seats(list(specs), random.Random(seed)), seed=seed)
    path = saves_dir() / "game.json"
    service.add_listener(AutoSaver(service, list(specs), path))
    service.start()
    service.run_computer_turns(limit=turns)
    return path


def test_a_save_with_damaged_totals_is_listed_with_its_problem_not_a_crash() -> None:
    path = _save()
    doc = read_document(path)
    doc["events"].append({"event": "round_end", "round": 1, "totals": 5})
    path.write_text(json.dumps(doc))
    (info,) = list_saves()
    assert info.problem and "damaged" in info.problem


def test_a_save_with_an_out_of_range_random_state_is_refused_not_a_crash() -> None:
    path = _save()
    doc = read_document(path)
    doc["rng"]["game"][1][0] = -1
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="random generators' states are damaged"):
        load_save(path)


def test_a_save_naming_a_bot_is_never_resumed_and_seat_kinds_must_match(tmp_path: Path) -> None:
    path = _save()
    doc = read_document(path)
    bot = {**doc, "seats": [{**doc["seats"][0], "spec": "bot:touch /tmp/pwned"}] + doc["seats"][1:]}
    path.write_text(json.dumps(bot))
    with pytest.raises(SaveError, match="external bot"):
        load_save(path)
    person = {**doc, "seats": [{**doc["seats"][0], "spec": "you"}] + doc["seats"][1:]}
    path.write_text(json.dumps(person))
    with pytest.raises(SaveError, match="seats do not match"):
        load_save(path)


def test_settings_with_odd_rules_load_and_save_without_crashing() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('theme = "light"\n[rules]\nnote = 1979-05-27\n"a b" = 1\ntarget = 50\n')
    settings, warning = load_settings()
    assert warning is None and settings.theme == "light" and settings.rules == (("target", 50),)
    assert save_settings(settings) is None
    assert load_settings() == (settings, None)


async def test_starting_the_app_does_not_rewrite_the_settings_file() -> None:
    kept: list[Settings] = []
    app = KingsCornerApp(settings=Settings(pace=0), on_settings=lambda s: kept.append(s) or None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert kept == []


async def test_an_emptied_saves_list_survives_arrows_and_enter() -> None:
    _save()
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("d", "y", "down", "up", "enter")
        assert isinstance(app.screen, SavesScreen) and app.screen.saves == []


def _two_player(seed: int = 4, level: str = "hard") -> GameService:
    seats = [Seat("You"), Seat("Ada", "ai", level, make_player(level, random.Random(1)))]
    return GameService(build_rules(2, "standard", {"target": 1000}), seats, seed=seed)


async def _my_turn(pilot, service) -> None:
    await until(pilot, lambda app: service.waiting_for_human(), "the person's turn")


async def test_a_superscript_digit_is_not_a_card_number() -> None:
    service = _two_player()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _my_turn(pilot, service)
        await pilot.press("²")
        assert app.is_running and isinstance(app.screen, TableScreen)


async def test_a_typed_end_bang_ends_the_turn_even_with_moves_open() -> None:
    """(A typed ``end`` asks first, as ``e`` does: issue 11.)"""
    service = _two_player()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _my_turn(pilot, service)
        assert service.legal_moves()
        turns = service.game.turns
        await pilot.press("colon", "e", "n", "d", "!", "enter")
        await pilot.pause()
        assert service.game.turns > turns


async def test_after_a_computer_turn_no_late_advance_is_left_to_start_a_second_decision() -> None:
    """The pause that showed a computer's last move used to leave a timer that, if the person
    ended their turn within it, started the next computer's decision a second time."""
    service = _two_player(level="medium")
    app = KingsCornerApp(service, settings=Settings(pace=0.3, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        for _ in range(3):
            await _my_turn(pilot, service)
            assert table.computer.timer is None  # nothing pending: the person has the keyboard now
            await pilot.press("e")
        assert service.game.turns >= 6
async def test_leaving_with_a_dialog_on_top_removes_the_table_and_the_dialog() -> None:
    service = _two_player()
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app._owned.append(service)
        app.start_table(service)
        await pilot.pause()
        await _my_turn(pilot, service)
        table = app.screen
        await pilot.press("question_mark")  # help on top of the table
        table._leave()  # as the round-over dialog's "leave" does
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and table not in app.screen_stack


async def test_hot_seat_shows_no_hand_until_a_person_has_the_keyboard() -> None:
    seats = [Seat("Ann"), Seat("Bob")]
    service = GameService(build_rules(2), seats, seed=1)
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.query_one("#hand").cards == ()  # behind the pass screen, and empty
        from kc_tui.tui.dialogs import PassScreen

        await pilot.pause(PassScreen.GUARD)
        await pilot.press("enter")
        assert table.query_one("#hand").cards == service.game.hand(service.current)


async def test_keys_do_nothing_while_the_table_is_too_small_to_be_seen() -> None:
    service = _two_player()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _my_turn(pilot, service)
        hand, turns = service.observation().hand, service.game.turns
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        king = next((i for i, c in enumerate(hand) if c.is_king), 0)
        await pilot.press(str(king + 1), "enter", "e", "e", "colon", "q")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert service.observation().hand == hand and service.game.turns == turns
        assert "Leave the game" not in str(app.screen.query_one("#status").render())
        assert app.screen.held is None


async def test_a_key_typed_as_the_terminal_grows_back_acts_on_the_table() -> None:
    """The table grown back to its size takes the key typed before Textual has told it so."""
    service = _two_player()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _my_turn(pilot, service)
        table = app.screen
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert table.has_class("too-small")
        app.post_message(events.Resize(Size(80, 24), Size(80, 24)))  # the screen not yet told
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not table and not table.has_class("too-small")  # the help is open


def test_resuming_from_a_folder_that_cannot_take_a_lock_still_works(monkeypatch) -> None:
    import kc_tui.storage.saves as saves

    path = _save()

    def refuse(_path):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(saves, "lock_save", refuse)
    restored = load_save(path)
    assert restored.service.game.round_no == 1


def test_an_old_save_with_twin_names_resumes_with_its_names_unchanged() -> None:
    path = _save(("medium", "easy"))
    doc = read_document(path)
    doc["seats"] = [{**s, "name": "Bob"} for s in doc["seats"]]
    for event in doc["events"]:
        if event["event"] == "session_start":
            for player in event["players"]:
                player["name"] = "Bob"
    path.write_text(json.dumps(doc))
    restored = load_save(path)
    assert [s.name for s in restored.service.seats] == ["Bob", "Bob"]


def test_a_save_open_in_another_window_is_not_offered_for_deletion_and_cannot_be_deleted() -> None:
    import subprocess
    import sys

    from kc_tui.storage import delete_save, is_open_elsewhere

    path = _save()
    code = ("import sys, time; from pathlib import Path; from kc_tui.storage import lock_save; "
            "lock_save(Path(sys.argv[1])); print('locked', flush=True); time.sleep(60)")
    other = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline() == "locked\n"  # the other window holds the save's lock
        with pytest.raises(SaveError) as refused:
            load_save(path)
        assert is_open_elsewhere(refused.value)
        with pytest.raises(SaveError, match="close it there before deleting it"):
            delete_save(path)
        assert path.exists()
    finally:
        other.kill()
        other.wait()
        other.stdout.close()
    delete_save(path)
    assert not path.exists() and not path.with_name(path.name + ".lock").exists()


async def test_undo_with_nothing_to_undo_says_so() -> None:
    service = _two_player()
    app = KingsCornerApp(service, settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await _my_turn(pilot, service)
        await pilot.press("u")
        assert "Taken back" not in str(app.screen.query_one("#status").render())
