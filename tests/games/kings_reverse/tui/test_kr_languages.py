"""Kings Reverse's screens in Spanish and French (issue 27): the table (four players and two), the
suit dialog and the new-game form at 80 x 24 as pictures (pytest-textual-snapshot), the command
line's Spanish and French words, and a pseudo-locale run in which every text the game's own widgets
show comes from the catalog.

The log and the status line carry the engine's sentences (engine/describe.py), the platform's
parts of the new-game form its own: the pictures change when those are translated too.  Update
them with ``pytest tests/games/kings_reverse/tui/test_kr_languages.py --snapshot-update``."""

from __future__ import annotations

import re

import pytest
from reverse_fixtures import arrange, my_turn, reverse_app, reverse_suit, status, table, until
from textual.widgets import Input, Static

from kc_tui.games.kings_reverse.tui.new_game import ReverseNewGameScreen
from kc_tui.games.kings_reverse.tui.table import SuitScreen
from kc_tui.games.kings_reverse.tui.widgets import PileBox, ReverseHandView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.widgets import Choice, Menu, PlayersView, TextPanel

SIZE = (80, 24)


def _table(players: int) -> KingsCornerApp:
    return reverse_app(seed=5, players=players, settings=Settings(pace=0))


async def _mid_round(pilot) -> None:
    """A draw and the others' turns after it: the log has a few lines, the pile a card below."""
    await until(pilot, my_turn, "your turn")
    await pilot.press("d")
    await until(pilot, my_turn, "your turn again")
    await pilot.pause()


async def _new_game(pilot) -> None:
    await pilot.app.push_screen(ReverseNewGameScreen())
    await pilot.pause()


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_table_in_the_language(snap_compare, in_language, lang: str) -> None:
    in_language(lang)
    assert snap_compare(_table(4), terminal_size=SIZE, run_before=_mid_round)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_new_game_screen_in_the_language(snap_compare, in_language, lang: str) -> None:
    in_language(lang)
    assert snap_compare(KingsCornerApp(settings=Settings(pace=0)), terminal_size=SIZE, run_before=_new_game)


def test_the_two_player_table_and_the_suit_dialog_in_french(snap_compare, in_language) -> None:
    in_language("fr")
    assert snap_compare(_table(2), terminal_size=SIZE, run_before=reverse_suit)


async def test_the_seat_shown_as_tu_is_the_engine_s_you(in_language) -> None:
    in_language("es")
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot)
        assert app.screen.query_one("#name-0", Input).value == "Tú"
        assert app.screen.seat_specs() == (["you", "hard", "hard", "hard"], [None, "Ada", "Ben", "Cleo"])


# ---------------------------------------------------------------------------- the command line
async def test_the_command_line_takes_spanish_words_and_the_english_ones(in_language) -> None:
    in_language("es")
    app = reverse_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, my_turn, "your turn")
        await pilot.press("colon", *"reglas", "enter")
        await until(pilot, lambda app: bool(app.screen.query(".dialog-title")), "the rules")
        assert str(app.screen.query_one(".dialog-title", Static).render()) == "Las reglas"
        await pilot.press("r")
        await until(pilot, lambda app: app.screen is table(app), "the table again")
        stock = table(app).service.view(0).stock_count
        await pilot.press(*"robar", "enter")  # the command line is still open
        # (waited for, not paused once: under load the draw came after one pause, a failed CI run)
        await until(pilot, lambda app: table(app).service.view(0).stock_count < stock, "the card drawn")
        await pilot.press("colon", *"hint", "enter")
        await pilot.pause()
        assert status(app)


async def test_the_command_line_takes_a_card_by_its_number_in_the_hand(in_language) -> None:
    in_language("fr")
    app = reverse_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "9S", "KC"], "9D")
        await pilot.press("colon", *"jouer 2", "enter")
        await pilot.pause()
        assert [str(c) for c in table(app).service.view(0).hand] == ["4S", "KC"]


# ---------------------------------------------------------------------------- the pseudo-locale
_BRACKETED = re.compile("\u2045[^\u2045\u2046]*\u2046")
_WORD = re.compile(r"[A-Za-z]{3,}")
_NAMES = {"You", "Ada", "Ben", "Cleo", "Kings", "Reverse", "Ctrl", "Esc", "Enter"}


def _english_left(texts: list[str]) -> set[str]:
    """The words of three letters or more outside the pseudo-locale's brackets (names aside); a
    translated sentence may hold another (a level in a seat's row), so the innermost go first."""
    left = set()
    for text in texts:
        while (bare := _BRACKETED.sub("", text)) != text:
            text = bare
        left |= set(_WORD.findall(text))
    return left - _NAMES


def _shown(widget: Static) -> str:
    return str(widget.render())


async def test_the_game_s_widgets_show_no_untranslated_english(in_language) -> None:
    in_language("qps")
    app = reverse_app(players=4)
    async with app.run_test(size=SIZE) as pilot:
        await _mid_round(pilot)
        screen = table(app)
        texts = [_shown(screen.query_one(PileBox)), _shown(screen.query_one(PlayersView)),
                 _shown(screen.query_one(ReverseHandView)), _shown(screen.query_one("#keys", TextPanel)),
                 str(screen.query_one("#prompt").placeholder)]
        texts += [f"{row.keys} {row.description} {row.group} {row.palette}" for row in screen.key_rows()]
        arrange(app, ["4S", "5S", "JK"], "9D")
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, SuitScreen)
        texts += [_shown(w) for w in app.screen.query(Static)]
        await pilot.press("escape")
        await pilot.pause()
        texts.append(status(app))
        await app.push_screen(ReverseNewGameScreen())
        await pilot.pause()
        form = app.screen
        texts.append(_shown(form.query_one(".screen-title", Static)))
        texts += [c.label for c in form.query(Choice) if c.id and c.id.startswith(("opt-", "preset"))]
        texts += [label for c in form.query(Choice) if c.id and c.id.startswith("opt-") for _, label in c.options
                  if not label.isdigit()]
        texts += [item.label for item in form.query_one("#new-game-menu", Menu).items]
        texts.append(_shown(form.query_one("#summary", TextPanel)))
    assert texts and not _english_left(texts), _english_left(texts)


@pytest.mark.parametrize("lang, none, some", [("fr", "0 pt", "pts"), ("es", "0 pts", "pto")])
async def test_the_players_points_agree_with_their_number(lang: str, none: str, some: str, in_language) -> None:
    """A French play test read "Toi : 10 cartes, 0 pts" where the first game says "0 pt": the
    points were always plural. They agree with their number, as in the first game."""
    from kc_tui.games.kings_reverse.tui.table import ReverseTableScreen

    in_language(lang)
    app = _table(4)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, my_turn, "your turn")
        rows = table(app).query_one(PlayersView).rows
        assert rows and all(row.endswith(f", {none}") for row in rows), rows
        assert isinstance(table(app), ReverseTableScreen)
    assert some not in " ".join(rows)


# ---------------------------------------------------------------------------- a served table
async def test_the_lobby_s_form_and_a_served_table_in_spanish(in_language, tmp_path) -> None:
    from kc_tui.games.kings_corner.tui.network import CreateTableScreen
    from kc_tui.games.kings_reverse.tui.network import CreateReverseTableScreen, NetworkReverseTableScreen
    from kc_tui.net import Person, TableServer
    from kc_tui.tui.lobby import LobbyApp, LobbyScreen

    in_language("es")
    server = TableServer(tmp_path, pace=0, seed=2026)
    app = LobbyApp(server, Person("SHA256:ada", "Ada"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda app: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda app: isinstance(app.screen, CreateTableScreen), "the new-table screen")
        app.screen.query_one("#game", Choice).focus()
        await pilot.press("right")
        await until(pilot, lambda app: isinstance(app.screen, CreateReverseTableScreen), "Kings Reverse's form")
        await pilot.pause()
        assert _shown(app.screen.query_one(".screen-title", Static)) == "Nueva mesa: Kings Reverse"
        assert _shown(app.screen.query_one("#summary", TextPanel)).startswith(
            "Una mesa de Kings Reverse para 4: libre, difícil, difícil, difícil;")
        await pilot.press("ctrl+s")
        await until(pilot, lambda app: isinstance(app.screen, NetworkReverseTableScreen), "the table")
        await until(pilot, lambda app: app.screen.query_one(PileBox).top is not None, "the deal")
        assert _shown(app.screen.query_one(PileBox)).startswith("Pila: ")
        assert re.search(r"Ben \(difícil\): \d+ cartas, 0 pts", _shown(app.screen.query_one(PlayersView)))
    await server.close()


@pytest.mark.parametrize("lang, key, named", [("en", "c", "clubs"), ("es", "c", "corazones"),
                                              ("es", "t", "tréboles"), ("fr", "k", "carreau"),
                                              ("fr", "C", "cœur")])
async def test_the_suit_dialog_takes_the_letters_of_the_player_s_language(
        in_language, lang: str, key: str, named: str) -> None:
    """The dialog said "[H] Corazones" and "[C] Tréboles": a Spanish player who pressed c for
    corazones named clubs.  Its letters are now the suits' initials in the player's language."""
    from reverse_fixtures import log_text

    in_language(lang)
    app = reverse_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "5S", "JK"], "9D")
        hand = table(app).query_one(ReverseHandView)
        hand.selected = len(hand.cards) - 1
        await pilot.press("enter")
        await until(pilot, lambda a: isinstance(a.screen, SuitScreen), "the suit dialog")
        menu = str(app.screen.query_one(Menu).render())
        letter = key.upper()
        assert re.search(rf"\[{letter}\] {named}", menu, re.I), menu
        await pilot.press(key)
        await until(pilot, lambda a: not isinstance(a.screen, SuitScreen), "the suit named")
        await pilot.pause()
        assert named in log_text(app).lower(), log_text(app)[-300:]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
async def test_a_focused_level_is_described_with_its_rating(in_language, lang: str) -> None:
    """Kings Reverse's form said nothing of its levels (the first game's says how each plays and
    how it measured), and neither said what the number beside a level is."""
    in_language(lang)
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot)
        screen = app.screen
        kind = screen.query_one("#kind-1", Choice)
        kind.focus()
        while kind.value != "hard":
            await pilot.press("right")
        await pilot.pause()
        line = str(screen.query_one("#summary", TextPanel).render())
        expected = {
            "en": "hard AI, rated 1560: Counts the cards of both decks",
            "es": "IA difícil, clasificación 1560 — Cuenta las cartas de las dos barajas",
            "fr": "IA difficile, classement 1560 — Compte les cartes des deux paquets",
        }[lang]
        assert " ".join(line.split()).startswith(expected), line
        assert "(1560)" in str(kind.render())  # the number the line explains
        screen.query_one("#player-count", Choice).focus()
        await pilot.pause()
        assert "1560" not in str(screen.query_one("#summary", TextPanel).render())  # the summary again
