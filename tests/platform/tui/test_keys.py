"""The table's keys are written once (issue 10): its key table feeds the bindings, the key line,
the help and the command palette, and docs/keys.md (docs/kings-reverse.md) says the same."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from screen_fixtures import until, wait_for_person
from textual.widgets import Static

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TABLE_KEYS, TableScreen
from kc_tui.games.kings_corner.tui.widgets import HandView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.dialogs import ConfirmScreen, TextScreen

DOCS = Path(__file__).resolve().parents[3] / "docs"


def _documented_keys() -> list[tuple[str, str]]:
    """The rows of docs/keys.md's "Keys at the table", without the markdown's backquotes and with
    each link as its text."""
    text = (DOCS / "keys.md").read_text(encoding="utf-8")
    section = text[text.index("# Keys at the table"):]
    rows = []
    for line in section.splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        line = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", line)
        cells = [cell.strip().replace("`", "") for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] != "keys" and not re.fullmatch(r"-+", cells[0]):
            rows.append((cells[0], cells[1]))
    return rows


def test_the_keys_page_lists_the_same_keys_and_words_as_the_table() -> None:
    assert _documented_keys() == [(row.keys, row.description) for row in TABLE_KEYS]


def test_every_binding_of_the_table_comes_from_a_row_of_its_key_table() -> None:
    bound = {(binding.key, binding.action) for binding in TableScreen.BINDINGS}
    assert bound == {pair for row in TABLE_KEYS for pair in row.bind}
    assert all(row.action for row in TABLE_KEYS if row.bind)


def _app(confirm_quit: bool = True) -> tuple[KingsCornerApp, GameService]:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(2, "standard", {"target": 1000}), seats, seed=4)
    return KingsCornerApp(service, settings=Settings(ascii=True, pace=0, confirm_quit=confirm_quit)), service


def _key_line(app: KingsCornerApp) -> str:
    return str(app.screen.query_one("#keys", Static).render())


def _palette(app: KingsCornerApp) -> dict[str, object]:
    return {command.title: command.callback for command in app.get_system_commands(app.screen)}


async def test_the_help_lists_every_row_of_the_key_table() -> None:
    app, _ = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, TextScreen)
        text = " ".join(str(app.screen.query_one(".text-body").render()).split())
        for row in TABLE_KEYS:
            assert row.keys in text and " ".join(row.description.split()) in text


async def test_the_key_line_and_the_palette_offer_only_what_applies_now() -> None:
    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        line = _key_line(app)
        assert "e end turn" in line and "Esc" not in line
        assert "End turn" in _palette(app) and "Put back" not in _palette(app)
        await pilot.press("1")  # holding a card: Esc puts it back
        assert app.screen.held == service.observation().hand[0]
        line = _key_line(app)
        assert "Esc put back" in line and "Enter drop" in line and "1-9" not in line
        assert "Put back" in _palette(app)
        await pilot.press("escape")
        assert app.screen.held is None and "Esc" not in _key_line(app)


async def test_the_leave_question_is_answered_or_gone_never_stale() -> None:
    """q, then another key: the question goes, and a y after it does nothing (it used to leave
    the question on the status line while y no longer answered it)."""
    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        await pilot.press("1", "q")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Leave the game?")
        await pilot.press("n")  # no: back to the table as it was, the card still held
        assert app.screen is table and table.held == service.observation().hand[0]
        await pilot.press("q", "x", "y")
        assert app.is_running and app.screen is table
        assert "Leave the game" not in str(table.query_one("#status", Static).render())


async def test_the_palettes_leave_the_game_asks_like_q() -> None:
    app, _ = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        _palette(app)["Leave the game"]()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        assert app.screen is table and app.is_running
        _palette(app)["Leave the game"]()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0 and table not in app.screen_stack


async def test_without_confirm_quit_the_palette_leaves_at_once() -> None:
    app, _ = _app(confirm_quit=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        _palette(app)["Leave the game"]()
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
    assert not app.is_running


async def test_a_key_that_does_not_answer_the_question_still_acts_on_the_table() -> None:
    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        assert service.legal_moves()
        turns = service.game.turns
        await pilot.press("e", "2")  # the question is dropped and the second card picked
        assert isinstance(app.screen, TableScreen) and service.game.turns == turns
        assert app.screen.held == app.screen.query_one(HandView).cards[1]


def test_a_key_line_too_long_leaves_out_keys_before_help_and_quit(in_language) -> None:
    """A French play test: with fourteen cards and a marriage to play, Kings Reverse's key line
    ran past 80 columns and ended "? aide  q", quit cut off. Within the screen's width it names
    the first cards' keys only, then leaves out the keys before the last two (the hint first),
    and ends with help and quit whole."""
    from kc_tui.games.kings_reverse.tui.table import REVERSE_HAND_KEYS, ReverseTableScreen, translated_keys
    from kc_tui.tui.keys import key_line, picking_keys

    in_language("fr")
    rows = translated_keys(ReverseTableScreen.KEY_ROWS)
    picks = picking_keys(REVERSE_HAND_KEYS, 14)
    acting = ["pick", "draw", "marry", "hint", "help", "quit"]
    whole = key_line(rows, "turn", acting, picks)
    assert len(whole) > 78 and "t indice" in whole
    fitted = key_line(rows, "turn", acting, picks, width=78)
    assert fitted == "1-9, 0, f... joue  Entrée joue  d pioche  m marie  t indice  ? aide  q quitte"
    # Where naming the first cards' keys is not enough, keys are left out as well.
    assert key_line(rows, "turn", acting, picks, width=50) == "1-9, 0, f... joue  Entrée joue  ? aide  q quitte"
    assert key_line(rows, "turn", acting, picks, width=120) == whole  # room enough: every key


def test_a_long_hand_s_keys_leave_room_for_ending_the_turn(in_language) -> None:
    """A play test: with fifteen cards and more, the letters that pick them ("1-9, 0, c, d, f,
    g, m, n, v, x, y card") pushed "e end turn", undo and the hint off the key line at 80
    columns.  A line too long names the first keys only (each card shows its key in the hand)."""
    from kc_tui.games.kings_corner.tui.widgets import HAND_KEYS
    from kc_tui.tui.keys import key_line, picking_keys

    acting = ["pick", "move", "choose", "end_turn", "undo", "hint", "help", "quit"]
    for lang, end in (("en", "e end turn"), ("es", "e fin"), ("fr", "e fin")):
        in_language(lang)
        for cards in (12, 15, 19):
            picks = picking_keys(HAND_KEYS, cards)
            line = key_line(TABLE_KEYS, "turn", acting, picks, width=78)
            assert len(line) <= 78 and end in line, (lang, cards, line)
            assert line.endswith(key_line(TABLE_KEYS, "turn", ["help", "quit"]))
            if len(key_line(TABLE_KEYS, "turn", acting, picks)) > 78:
                assert line.startswith("1-9, 0, c..."), line


def test_every_key_table_names_actions_its_screen_has() -> None:
    from textual.actions import parse

    from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
    from kc_tui.tui.new_game import NEW_GAME_KEYS
    from kc_tui.tui.replay_screen import REPLAY_KEYS, ReplayScreen
    from kc_tui.tui.saves_screen import SAVES_KEYS, SavesScreen

    screens = ((TABLE_KEYS, TableScreen), (REPLAY_KEYS, ReplayScreen), (SAVES_KEYS, SavesScreen),
               (NEW_GAME_KEYS, NewGameScreen))
    for rows, screen in screens:
        assert screen.KEY_ROWS is rows
        for row in rows:
            run = [action for _, action in row.bind] + ([row.run or row.action] if row.palette else [])
            for action in run:
                where, name, _ = parse(action)
                assert hasattr(KingsCornerApp if where == "app" else screen, f"action_{name}"), (screen.__name__, action)


async def test_deleting_a_save_asks_in_a_question_and_no_keeps_it() -> None:
    from screen_fixtures import SAVED, with_saves

    from kc_tui.storage import saves_dir
    from kc_tui.tui.saves_screen import SavesScreen

    app = with_saves(Settings(pace=0))
    path = saves_dir() / SAVED
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        saves = app.screen
        assert isinstance(saves, SavesScreen) and saves.saves[0].path == path
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        # The game as the list names it, not its file ("...-you-ada.json", English in every language).
        assert app.screen.question.startswith(f"Delete this saved game: Kings in the Corner: {saves.saves[0].title}?")
        assert SAVED not in app.screen.question
        assert "Press y to delete it" in app.screen.question  # as its key line says (issue 28)
        keys = str(app.screen.query_one("#confirm-keys").render())
        assert "y yes" in keys and "Enter" in keys.split("y yes")[1], keys
        await pilot.press("n")
        assert app.screen is saves and "Kept." in str(saves.query_one("#saves-status").render())
        assert path.exists()
        # Enter, which chose the save, keeps it: a browser play test deleted one so.
        await pilot.press("d", "enter")
        assert app.screen is saves and "Kept." in str(saves.query_one("#saves-status").render())
        assert path.exists()
        await pilot.press("d", "y")
        assert app.screen is saves and not path.exists()
        assert f"Deleted {SAVED}." in str(saves.query_one("#saves-status").render())


def test_the_kings_reverse_page_lists_the_same_keys_as_its_table() -> None:
    from kc_tui.games.kings_reverse.tui.table import REVERSE_KEYS, ReverseTableScreen

    text = (DOCS / "kings-reverse.md").read_text(encoding="utf-8")
    section = text[text.index("## Keys at the table"):]
    rows = []
    for line in section.splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        cells = [cell.strip().replace("`", "") for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] != "keys" and not re.fullmatch(r"-+", cells[0]):
            rows.append((cells[0], cells[1]))
    assert rows == [(row.keys, row.description) for row in REVERSE_KEYS]
    bound = {(binding.key, binding.action) for binding in ReverseTableScreen.BINDINGS}
    assert bound == {pair for row in REVERSE_KEYS for pair in row.bind}


@pytest.mark.parametrize("language, yes, enter, question", [
    ("es", "s", "Enter", "¿Salir de la partida? Pulsa «s»"),
    ("fr", "o", "Entrée", "Quitter la partie\u00a0? Appuie sur «\u00a0o\u00a0»")])
async def test_the_leave_question_takes_the_languages_own_yes_key(language: str, yes: str, enter: str,
                                                                  question: str) -> None:
    """Spanish sí and French oui: s and o answer yes as y does (s was taken for no and the
    question said "Pulsa y o Enter", where y reads as "and")."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(2, "standard", {"target": 1000}), seats, seed=4)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0, language=language))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith(question)
        assert str(app.screen.query_one("#confirm-keys", Static).render()).startswith(f"{yes}/{enter} ")
        await pilot.press(yes)
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


def test_keys_too_long_for_their_column_leave_a_gap_or_take_a_line() -> None:
    """Every key label is two spaces at least from its description (Spanish "flechas h j k l",
    15 letters, ran into "moverse"); a label longer than the column takes a line of its own,
    and its description is as wide as the others."""
    from kc_tui.tui.keys import KEYS_COLUMN, KeyRow, help_text

    rows = [KeyRow("a" * n, "does a thing", "Group") for n in range(10, 19)]
    text = help_text(rows)
    for line in text.splitlines()[1:]:
        if line.startswith("  a"):  # a label: alone, or two spaces at least before its description
            assert re.fullmatch(r"  a+(  +does a thing)?", line), line
    widest = "a" * KEYS_COLUMN
    assert f"  {widest}  does a thing" in text  # as wide as the column: on one line
    assert f"  {widest}a\n{' ' * (KEYS_COLUMN + 4)}does a thing" in text  # wider: a line of its own
    assert "  aaaaaaaaaa        does a thing" in text  # the column is the widest's
    long = KeyRow("a" * 20, " ".join(["word"] * 40), "Group")
    first, second = help_text([long]).splitlines()[2:4]
    assert first.startswith(" " * 20 + "word") and len(first) == len(second) > 60


@pytest.mark.parametrize("downloads", [False, True])
async def test_the_palettes_screenshot_is_saved_and_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               downloads: bool) -> None:
    """Ctrl+P's screenshot failed ("Failed to save screenshot") where the Downloads folder Textual
    saves into was not there: it is saved in the game's data then, and the notice says where."""
    from textual.command import CommandList

    from kc_tui.storage import data_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))  # no user-dirs.dirs
    if downloads:
        (tmp_path / "Downloads").mkdir()
    folder = tmp_path / "Downloads" if downloads else data_dir() / "screenshots"
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"screenshot")
        found = app.screen.query_one(CommandList)
        await until(pilot, lambda _: found.option_count == 1 and found.highlighted == 0, "the command found")
        await pilot.press("enter")
        await until(pilot, lambda _: bool(app._notifications), "the notice")
        [saved] = list(folder.glob("*.svg"))
        assert "<svg" in saved.read_text()
        [notice] = [n.message for n in app._notifications]
        assert notice == f"Saved the screenshot as {saved}."


async def test_the_key_line_under_a_dialog_is_hidden_while_its_keys_do_nothing() -> None:
    """Under the round's result the table's key line said "s scores  ? help", and neither key did
    anything: the line under a dialog is hidden until it closes, but under a question, where
    any other key acts on the table, it stays."""
    app, _ = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        keys = table.query_one("#keys")
        assert keys.visible
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and not keys.visible
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and keys.visible
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and keys.visible


async def test_tab_in_the_command_line_stays_in_it() -> None:
    """Tab in the command line (or a tab in a pasted line) moved the focus to the table, and the
    rest of the line became table keys: "def" there asked to end the turn."""
    from textual.widgets import Input

    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        await pilot.press("colon", *"ab", "tab", "c", "shift+tab", "d")
        await pilot.pause()
        prompt = table.query_one("#prompt", Input)
        assert app.focused is prompt and prompt.value == "abcd"
        assert app.screen is table and not isinstance(app.screen, ConfirmScreen)


async def test_a_colon_typed_into_the_empty_command_line_opens_it_and_is_not_text() -> None:
    """A served table's command line stays open after a command: a play test typed ":" before
    the next out of habit and was told "':s' is not a card".  A ":" in the line's text stays."""
    from textual.widgets import Input

    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        await pilot.press("colon", "colon", *"ab", "colon", "c")
        await pilot.pause()
        prompt = table.query_one("#prompt", Input)
        assert app.focused is prompt and prompt.value == "ab:c"


async def test_ctrl_c_says_what_q_does_here() -> None:
    """Ctrl+C said Textual's "Press q to quit the app", where q at a served table leaves the
    table for the lobby (a play test)."""
    app, service = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        # (not the help's aside, "(asks first while a game is in progress; settings can turn that
        # off)", which read as documentation in a play test)
        assert said == ["Press [b]q[/b] to leave the game."], said


async def test_ctrl_c_on_the_title_screen_names_its_q() -> None:
    """It said Textual's "Press ctrl+q to Quit." on the title screen and in the replay, where q
    quits (a play test)."""
    from kc_tui.storage import Settings
    from kc_tui.tui.app import KingsCornerApp

    app = KingsCornerApp(settings=Settings(pace=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == ["Press [b]q[/b] to quit the app"]


async def test_the_palette_finds_a_command_by_a_word_of_its_help() -> None:
    """Ctrl+P and "take" said "No matches found" where Undo's help says "Take back a move" (a
    play test): the titles that match come first, then the helps."""
    from textual.command import CommandList

    app, _ = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"take")
        found = app.screen.query_one(CommandList)
        await until(pilot, lambda _: found.option_count >= 1, "a command found")
        titles = [str(found.get_option_at_index(i).prompt).split("\n")[0] for i in range(found.option_count)]
        assert titles == ["Undo", "Read the focused pile"]  # "... and what it takes"
