"""The platform's screens in the player's language (issue 27): the Settings screen's Language
changes every visible word at once, the setting is the app's language at start unless the
command line chose one, and the pseudo-locale finds no English left on the platform's screens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from screen_fixtures import DATA_DIR, SCREENS, four, start, wait_for_person
from test_snapshots import assert_nothing_cut, svg_text
from textual.command import CommandInput, CommandList

from kc_tui.core.i18n import Speaker, language, use_speaker
from kc_tui.net import Person, TableServer
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.info import SettingsScreen
from kc_tui.tui.lobby import LobbyApp, LobbyScreen
from kc_tui.tui.title import TitleScreen
from kc_tui.tui.widgets import Choice, Menu, TextPanel


def _text(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def test_choosing_a_language_in_the_settings_changes_every_screen_at_once() -> None:
    saved: list[Settings] = []
    app = KingsCornerApp(settings=Settings(pace=0), on_settings=lambda s: saved.append(s) or None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        await pilot.press("up")  # from the first row to the last: Language
        assert "< Automatic (English) >" in _text(settings, "#set-language")  # what it stands for
        await pilot.press("right", "right")  # English, then Español
        await pilot.pause()
        assert language() == "es"
        assert saved[-1].language == "es"
        assert "< Español >" in _text(settings, "#set-language")
        assert "Idioma" in _text(settings, "#set-language")
        assert "Tema" in _text(settings, "#set-theme") and "< predeterminado >" in _text(settings, "#set-theme")
        assert "Esc cerrar" in _text(settings, "#settings-keys")
        title = app.screen_stack[-2]
        assert isinstance(title, TitleScreen)  # under the dialog, already in Spanish
        assert "Nueva partida" in _text(title, Menu)
        assert "q salir" in _text(title, "#keys")
        await pilot.press("right")  # Français
        await pilot.pause()
        assert "Langue" in _text(settings, "#set-language")
        assert "Nouvelle partie" in _text(title, Menu)
        await pilot.press("escape")
        await pilot.press("c")  # no saves: the title says why, in French
        assert "aucune sauvegarde" in _text(title, "#title-status")


async def test_automatic_names_the_language_lang_gave_this_run(in_language) -> None:
    """A play test with --lang es in an English terminal: the Language setting said
    "Automático (según el terminal)", which was English there."""
    in_language("es")  # as --lang es starts the program, the terminal's LANG being C.UTF-8
    app = KingsCornerApp(settings=Settings(pace=0), language_fixed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "up")
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        assert "< Automático (Español) >" in _text(settings, "#set-language")
        assert "Automático es el que dio --lang" in _text(settings, "#settings-note")
        await pilot.press("right", "right", "right")  # English, Español, Français
        await pilot.pause()
        assert "< Français >" in _text(settings, "#set-language")
        await pilot.press("right")  # Automatic again: the language --lang gave
        await pilot.pause()
        assert language() == "es" and "< Automático (Español) >" in _text(settings, "#set-language")


async def test_every_line_of_the_title_follows_a_language_chosen_later(in_language) -> None:
    """A play test started in Spanish and chose French: the title screen's line of the second
    game stayed Spanish (it was said once, as the screen was made) until a restart."""
    in_language("es")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert "Kings Reverse: partida rápida del segundo juego" in _text(title, Menu)
        app.set_language("fr")
        await pilot.pause()
        assert "Kings Reverse\u00a0: une partie rapide du second jeu" in _text(title, Menu)


async def test_a_language_chosen_over_the_table_redraws_the_table_in_it() -> None:
    app = four(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_person(pilot)
        table = app.screen
        await pilot.press("o", "up", "right", "right", "right")  # Language: English, Español, Français
        await pilot.pause()
        assert language() == "fr" and isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        assert "suite au-dessus" in str(table.query_one("#log").border_subtitle)  # the log's note
        # The turn's sentence too (it kept the English one until the next move).
        assert _text(table, "#status").startswith("À toi\u00a0: choisis une carte")


@pytest.mark.parametrize("fixed", [False, True], ids=["setting", "command-line"])
async def test_the_language_setting_is_the_apps_language_unless_the_command_line_chose(fixed: bool) -> None:
    app = KingsCornerApp(settings=Settings(pace=0, language="fr"), language_fixed=fixed)
    async with app.run_test(size=(80, 24)):
        assert language() == ("en" if fixed else "fr")
        assert ("Réglages" in _text(app.screen, Menu)) is not fixed


async def test_the_palette_asks_in_the_players_language(in_language) -> None:
    in_language("fr")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen.query_one(CommandInput).placeholder == "Chercher une commande\u2026"
        # What it finds nothing for it says in the language too (a play test read English there).
        await pilot.press(*"zzzq")
        commands = app.screen.query_one(CommandList)
        for _ in range(200):  # (its sentence comes a moment after the search found nothing)
            if [option.id for option in commands.options] == ["--no-matches"]:
                break
            await pilot.pause(0.05)
        assert [str(option.prompt.renderable) for option in commands.options] == ["Aucune commande trouvée"]


async def test_a_session_of_a_table_server_speaks_its_own_language(tmp_path: Path) -> None:
    """Over SSH each session has its own speaker: the lobby speaks it, and the process's
    language stays as it was."""
    use_speaker(Speaker("es"))  # (this test's own context: the session's speaker)
    app = LobbyApp(TableServer(tmp_path, pace=0, seed=3), Person("SHA256:ada", "Ada"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert _text(lobby, "#lobby-title").strip() == "Mesas: Reyes en las esquinas, Kings Reverse"
        assert "n nueva" in _text(lobby, "#keys")
        await pilot.press("l")
        assert "No estás en ninguna mesa." in _text(lobby, "#lobby-status")


@pytest.mark.parametrize("screen", ["saves", "pass"])
@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_nothing_is_cut_at_80x24(_data_dir: None, in_language, lang: str, screen: str) -> None:
    """The key lines, menus and choices of the platform's screens in the longer languages (the
    title and settings are checked as their pictures are taken)."""
    in_language(lang)
    app, drive = start(SCREENS[screen])
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        assert_nothing_cut(screen, app)


# ---------------------------------------------------------------------------- the pseudo-locale
_WORD = re.compile(r"[A-Za-z]{3,}")
KEY_NAMES = {"Enter", "Esc", "Tab", "Shift", "Ctrl", "Space", "Up", "Down", "Left", "Right", "PgUp",
             "PgDn", "Home", "End", "Delete", "Backspace"}
"""Keys keep their names in every language."""


def untranslated(text: str) -> set[str]:
    """The words of 3 or more ASCII letters outside the pseudo-locale's brackets, but the names of
    keys and what names a file (the data folder, a save)."""
    outside = re.sub("\u2045[^\u2046]*\u2046", " ", text)
    outside = re.sub(r"\S*[/.]\S*", " ", outside)  # paths and file names
    return {word for word in _WORD.findall(outside) if word not in KEY_NAMES}


@pytest.fixture
def _data_dir(_private_user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_private_user_dirs)
    monkeypatch.setenv("KC_TUI_DATA_DIR", DATA_DIR)


@pytest.mark.parametrize("screen", ["title", "settings", "saves"])
async def test_the_pseudo_locale_finds_no_english_on_the_platforms_screens(
        _data_dir: None, in_language, screen: str) -> None:
    """Every word of the title, settings and saved-games screens comes from a catalog (the
    banner is drawn in lines, not letters)."""
    in_language("qps")
    app, drive = start(SCREENS[screen])
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        if screen == "saves":
            for shown in ("#saves-menu", "#saves-chosen"):  # the saves' titles: the games' words
                app.screen.query_one(shown).display = False
            await pilot.pause()
        left = untranslated(svg_text(app.export_screenshot()))
        assert not left, f"{screen}: untranslated: {sorted(left)}"


def test_the_check_finds_english() -> None:
    assert untranslated("\u2045Ñéŵ ĝàɱé\u2046  Up/Down move  kings-corner/saves") == {"move"}


async def test_a_seat_shows_in_the_language_of_whoever_reads_it(in_language) -> None:
    """The new-game shell's seats: the choice says the levels and the person in Spanish."""
    in_language("es")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert "IA difícil" in _text(app.screen, "#kind-1")
        assert "persona aquí" in _text(app.screen, "#kind-0")
        assert "Esc volver" in str(app.screen.query_one("#keys", TextPanel).render())
        assert "Asiento 1" in str(app.screen.query_one("#kind-0", Choice).render())


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_new_table_form_fits_80x24_for_both_games(tmp_path: Path, lang: str) -> None:
    """The lobby's new-table form (each game's own fields) keeps every choice whole in the
    longer languages: a seat's "open: a person" once lost its last word in Spanish."""
    use_speaker(Speaker(lang))
    app = LobbyApp(TableServer(tmp_path, pace=0, seed=3), Person("SHA256:ada", "Ada"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert_nothing_cut(f"{lang} new table", app)
        game = next(c for c in app.screen.query(Choice) if len(c.options) > 1
                    and "Kings Reverse" in str(c.options))
        game.focus()
        await pilot.press("right")
        await pilot.pause()
        assert "Kings Reverse" in str(game.render())
        assert_nothing_cut(f"{lang} new Kings Reverse table", app)
