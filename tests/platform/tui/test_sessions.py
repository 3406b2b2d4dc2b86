"""Sessions that last (issue 5) from the command line and the screens: resume, the saves list,
deleting, broken saves, the daily deal."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

from screen_fixtures import until

from kc_tui.games.kings_corner.engine.service import daily_seed
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings, list_saves, read_document, saves_dir
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.saves_screen import SavesScreen
from kc_tui.tui.title import TitleScreen


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kc_tui", *args], input=stdin, capture_output=True,
                          text=True, check=False, env=os.environ.copy())


def _play_a_little(seed: int = 4) -> None:
    result = run("play", "--plain", "--players", "you,medium", "--seed", str(seed), stdin="end!\nend!\nquit\n")
    assert result.returncode == 0, result.stderr


def test_play_saves_after_every_turn_and_resume_goes_back_to_it() -> None:
    _play_a_little()
    saves = list_saves()
    assert len(saves) == 1 and saves[0].players == ("You", "Ada") and saves[0].problem is None
    saved = read_document(saves[0].path)
    turns = sum(e["event"] == "turn_end" for e in saved["events"])
    assert turns >= 2  # the person's two turns at least, and the computer's between them
    result = run("resume", "--plain", "--verbosity", "full", stdin="end!\nquit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # Said once, for the ear: the round and the totals (the save's own title, with its date and
    # seed, is for the list of saves and the full-screen table's terminal).
    assert lines[0] == "Resuming round 1. Totals so far: You 0, Ada 0.", lines[:2]
    assert "seed 4" not in result.stdout
    assert "You end the turn." in result.stdout
    assert "failed and was stopped" not in result.stdout  # the narrator caught up with the save
    after = result.stdout.split("You end the turn.", 1)[1]
    assert "Ada " in after and "You draw" in after
    again = read_document(saves[0].path)
    assert sum(e["event"] == "turn_end" for e in again["events"]) > turns  # saving goes on


def test_resume_without_saves_and_with_a_broken_latest_save_say_so() -> None:
    result = run("resume", "--plain")
    assert result.returncode == 1 and result.stdout.startswith("No saved game to resume")
    saves_dir().mkdir(parents=True)
    broken = saves_dir() / "broken.json"
    broken.write_text('{"schema_version": 1, "kind": "kings-corner-save", "seats": [')
    result = run("resume", "--plain")
    assert result.returncode == 1
    assert "cannot be resumed: the file is cut short or damaged" in result.stdout
    assert str(broken) in result.stdout and broken.exists()


def test_saves_are_listed_and_deleted_by_name() -> None:
    _play_a_little(4)
    _play_a_little(5)
    listing = run("saves").stdout
    names = [line.strip() for line in listing.splitlines() if line.strip().endswith(".json")]
    assert len(names) == 2
    result = run("saves", "--delete", names[0])
    assert result.returncode == 0 and not (saves_dir() / names[0]).exists()
    assert run("saves", "--delete", "../etc-passwd").returncode == 1
    assert len(list_saves()) == 1


def test_the_daily_deal_is_the_same_for_everyone_today() -> None:
    result = run("play", "--plain", "--daily", "--players", "you,medium", stdin="quit\n")
    seed = daily_seed(date.today())
    assert f"Today's deal: seed {seed}" in result.stdout
    again = run("play", "--plain", "--seed", str(seed), "--players", "you,medium", stdin="quit\n")
    deal = [line for line in result.stdout.splitlines() if line.startswith("Round 1.")]
    assert deal and deal == [line for line in again.stdout.splitlines() if line.startswith("Round 1.")]
    assert daily_seed(date(2026, 1, 1)) != daily_seed(date(2026, 1, 2))
    assert run("play", "--plain", "--daily", "--seed", "3").returncode == 2


async def test_continue_lists_saves_resumes_one_and_deletes_another() -> None:
    _play_a_little(4)
    saves_dir().joinpath("zz-broken.json").write_text("not json")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "(2)" in str(app.screen.query_one("#title-menu").render())
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, SavesScreen) and len(screen.saves) == 2
        broken = next(i for i, s in enumerate(screen.saves) if s.problem)
        screen.query_one("#saves-menu").selected = broken
        await pilot.press("enter")
        status = str(screen.query_one("#saves-status").render())
        assert "cannot be resumed" in status and "zz-broken.json" in status and "Press d" in status
        await pilot.press("d")
        await pilot.press("n")  # any other key keeps it
        assert len(list_saves()) == 2
        await pilot.press("d", "y")
        assert len(list_saves()) == 1 and len(screen.saves) == 1
        screen.query_one("#saves-menu").selected = 0
        await pilot.press("enter")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert [s.name for s in table.service.seats] == ["You", "Ada"]
        assert table.service.game.round_no == 1
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_game_left_half_played_puts_the_title_on_continue(monkeypatch) -> None:
    """Back at the title after leaving a quick game, Enter opened another quick game: the menu
    stayed on the item that started the one just saved."""
    import kc_tui.games.kings_corner.tui.sessions

    monkeypatch.setattr(kc_tui.games.kings_corner.tui.sessions, "new_seed", lambda: 6)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await until(pilot, lambda app: isinstance(app.screen, TableScreen) and app.screen.service.waiting_for_human(),
                    "the person's turn")
        await pilot.press("q", "y")
        await until(pilot, lambda app: isinstance(app.screen, TitleScreen), "the title")
        assert len(list_saves()) == 1
        assert "> [c] Continue a saved game (1)" in str(app.screen.query_one("#title-menu").render())
        await pilot.press("enter")
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("escape", "r", "escape")
        await pilot.pause()
        # Back from the rules with no new save, the menu stays where it was.
        assert isinstance(app.screen, TitleScreen)
        assert "> [r] How to play" in str(app.screen.query_one("#title-menu").render())


async def test_the_title_leaves_continue_once_no_save_is_left() -> None:
    """Back at the title with no save left (the one continued was finished, or deleted from the
    list), the menu's marker stayed on "Continue a saved game (no saved games yet)"."""
    _play_a_little(4)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("d", "y")
        assert not list_saves()
        await pilot.press("escape")
        await pilot.pause()
        menu = str(app.screen.query_one("#title-menu").render())
        assert "> [n] New game" in menu and "(no saved games yet)" in menu


async def test_the_chosen_save_is_said_whole_under_a_list_that_cuts_it() -> None:
    """At 80 columns the list cut a save's line before its rules and seed."""
    _play_a_little(4)
    saves_dir().joinpath("zz-broken.json").write_text("not json")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        good = next(s for s in screen.saves if not s.problem)
        assert "seed" in good.title and len(f"[2] Kings in the Corner: {good.title}") > 80  # longer than the list
        chosen = screen.query_one("#saves-chosen")
        menu = screen.query_one("#saves-menu")
        for i, save in enumerate(screen.saves):
            menu.selected = i
            await pilot.pause()
            drawn = [
                "".join(segment.text for segment in strip).strip()
                for strip in chosen.render_lines(chosen.region.reset_offset)
            ]
            # every word of it, on the screen, after its game's title
            assert " ".join(drawn).split() == f"Kings in the Corner: {save.title}".split()


async def test_every_games_saves_are_listed_together_newest_first_each_naming_its_game() -> None:
    """The list gave the first game's saves, then the second's, and named neither game, under a
    status that said "newest first"."""
    import random

    from kc_tui.games.kings_reverse.engine.rules import build_rules
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.saves import reverse_seats
    from kc_tui.storage import start_saving

    _play_a_little(4)
    service = ReverseService(build_rules(2), reverse_seats(["you", "easy"], random.Random(3)), seed=3)
    saver = start_saving(service, ["you", "easy"], game="kings-reverse")
    service.start()
    saver.save()
    saver.release()
    first = list_saves()[0].path
    os.utime(first, (1_000_000_000, 1_000_000_000))  # the first game's save is the older (written in 2001)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert [s.path for s in screen.saves] == [saver.path, first]
        lines = [line.strip() for line in str(screen.query_one("#saves-menu").render()).splitlines()]
        assert re.match(r"(> )?\[1\] Kings Reverse: \d{4}-\d\d-\d\d \d\d:\d\d: round 1", lines[0]), lines
        assert "Kings Reverse" not in lines[0].split(": ", 1)[1]  # named once
        assert re.match(r"\[2\] Kings in the Corner: \d{4}-\d\d-\d\d \d\d:\d\d: round 1", lines[1]), lines


def test_settings_persist_as_toml_and_a_bad_file_falls_back_to_the_defaults(tmp_path: Path) -> None:
    from kc_tui.storage import load_settings, save_settings, settings_path

    assert load_settings() == (Settings(), None)  # no file yet
    chosen = Settings(theme="high-contrast", cards="four-colour", pace=0.8, confirm_end=False,
                      players=("you", "expert"), preset="royal", rules=(("target", 50),))
    assert save_settings(chosen) is None
    assert settings_path().read_text().startswith("# Kings in the Corner settings")
    assert load_settings() == (chosen, None)
    settings_path().write_text("theme = [broken")
    settings, warning = load_settings()
    assert settings == Settings() and "cannot be read" in warning and str(settings_path()) in warning
    settings_path().write_text('theme = "plaid"\n')
    settings, warning = load_settings()
    assert settings == Settings() and "unknown theme 'plaid'" in warning


async def test_the_new_game_screen_starts_from_what_was_played_last() -> None:
    from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
    from kc_tui.tui.widgets import Choice

    kept: list[Settings] = []
    app = KingsCornerApp(settings=Settings(pace=0), on_settings=lambda s: kept.append(s) or None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("left")  # 3 players
        screen.query_one("#preset", Choice).focus()
        await pilot.press("right", "right")  # long-deal: 9 cards
        screen.query_one("#name-0").value = "Tess"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert kept[-1].players == ("you", "hard", "hard") and kept[-1].preset == "long-deal"
    assert kept[-1].names == ("Tess", "", "")
    app = KingsCornerApp(settings=kept[-1].with_(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert screen.players == 3 and screen.rules().hand_size == 9
        assert screen.seat_specs()[1] == ["Tess", "Ada", "Ben"]


async def test_the_table_says_when_saving_fails_and_play_goes_on(tmp_path: Path, monkeypatch) -> None:
    from kc_tui.games.kings_corner.engine.game import Phase

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("KC_TUI_DATA_DIR", str(blocker))
    # A fixed deal: on a deal where the first turn ends the round, and with it the quick game,
    # no save is ever written (the failure is then the finished game's transcript instead).
    monkeypatch.setattr("kc_tui.games.kings_corner.tui.seed_for_first_player", lambda seat, players: 2)
    app = KingsCornerApp(settings=Settings(pace=0, confirm_end=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")  # a quick game: saving starts with it
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.service.seed == 2
        def failed() -> bool:
            saver = app.savers.get(id(table.service))
            return saver is not None and bool(saver.error)

        for _ in range(50):
            await until(pilot, lambda app: failed() or (table.service.waiting_for_human() and app.screen is table),
                        "a failed save or your turn")
            if failed():
                break
            await pilot.press("e")  # the person may start
        saver = app.savers[id(table.service)]
        assert saver.error and "Cannot save the game" in saver.error
        log = " ".join(" ".join(str(line.text) for line in table.query_one("#log").lines).split())
        assert "! Cannot save the game to" in log and "Play goes on without saving." in log
        assert table.service.phase in (Phase.TURN, Phase.ROUND_OVER, Phase.SESSION_OVER)


async def test_the_statistics_dialog_shows_each_players_record() -> None:
    import random

    from kc_tui.games.kings_corner.ai.seats import make_seats
    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.games.kings_corner.engine.service import GameService
    from kc_tui.storage import start_saving
    from kc_tui.tui.dialogs import TextScreen

    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        assert isinstance(app.screen, TextScreen)
        assert "No finished sessions yet" in str(app.screen.query_one(".text-body").render())
        await pilot.press("t")  # the key that opened it closes it
    for seed in (1, 2):
        service = GameService(build_rules(2), make_seats(["medium", "easy"], random.Random(seed),
                                                         names=["Zoe", None]), seed=seed)
        start_saving(service, ["medium", "easy"])
        service.play_session()
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        text = str(app.screen.query_one(".text-body").render())
        assert text.startswith("Kings in the Corner\n\nFrom 2 finished sessions.")
        assert "Zoe (medium): 2 sessions played" in text and "easy     |" not in text
        # Its bars are drawn below the text (issue 28), a chart per player.
        from kc_tui.tui.chart import BarsChart

        charts = {chart.bars.title: chart.bars.rows for chart in app.screen.query(BarsChart)}
        assert [label for label, _share in charts["Zoe (medium): sessions won, by the opponents' level"]] == [
            "easy 100% (2 sessions)"]


def test_a_migration_chain_brings_an_older_save_up_to_date(tmp_path: Path, monkeypatch) -> None:
    """The loader's migration chain, exercised with a pretend next format whose step from the
    current one renames a field (the real step from format 1 to 2 is tested in test_saves)."""
    import kc_tui.storage.saves as saves

    current = saves.SCHEMA_VERSION
    service_path = tmp_path / "old.json"
    doc = {"schema_version": current, "kind": "kings-corner-save", "x": 1}
    service_path.write_text(json.dumps(doc))
    monkeypatch.setattr(saves, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(saves.MIGRATIONS, current, lambda d: {**{k: v for k, v in d.items() if k != "x"}, "y": d["x"]})
    migrated = saves.read_document(service_path)
    assert migrated == {"schema_version": current + 1, "kind": "kings-corner-save", "y": 1}
    assert json.loads(service_path.read_text()) == doc  # the file itself is left alone


async def test_a_save_too_long_for_the_list_ends_with_dots_in_ascii_mode() -> None:
    """ASCII mode cut a long line at the edge mid-word, with no ellipsis to say it was cut."""
    _play_a_little(4)
    app = KingsCornerApp(settings=Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        menu = app.screen.query_one("#saves-menu")
        await pilot.pause()
        [line] = str(menu.render()).splitlines()
        assert line.endswith("...") and len(line) == menu.content_size.width, (line, menu.content_size)
        assert line.startswith("> [1] Kings in the Corner: ")


async def test_leaving_says_the_moves_of_the_turn_are_lost_only_when_there_are_some(monkeypatch) -> None:
    """"The moves of this turn are not kept" was said with none made, and during a computer's
    turn (a play test), where the save loses nothing."""
    from kc_tui.tui.dialogs import ConfirmScreen

    monkeypatch.setattr("kc_tui.games.kings_corner.tui.seed_for_first_player", lambda seat, players: 5)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await until(pilot, lambda app: isinstance(app.screen, TableScreen) and app.screen.service.waiting_for_human()
                    and bool(app.screen.service.legal_moves()), "your turn with a move to make")
        table = app.screen
        await pilot.press("q")
        await until(pilot, lambda app: isinstance(app.screen, ConfirmScreen), "the question")
        assert "It is saved: you can go on with it later." in app.screen.question
        assert "not kept" not in app.screen.question
        await pilot.press("n")
        await until(pilot, lambda app: app.screen is table, "back at the table")
        table.service.play(table.service.legal_moves()[0])
        await pilot.press("q")
        await until(pilot, lambda app: isinstance(app.screen, ConfirmScreen), "the question again")
        assert "the moves of this turn are not kept" in app.screen.question
