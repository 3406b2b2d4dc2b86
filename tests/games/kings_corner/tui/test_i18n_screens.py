"""Kings in the Corner's screens in Spanish and French (issue 27): the table with four and with
two players, mid-round, and the new-game form, at 80 x 24 (pytest-textual-snapshot, from the
same fixed deals as tests/platform/tui/test_snapshots.py); and the table in the pseudo-locale,
where any English left in the words this game's screens make shows.

Update after an intended change with
`pytest tests/games/kings_corner/tui/test_i18n_screens.py --snapshot-update`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest
from screen_fixtures import DATA_DIR, duel, four, my_turn, press, start, title, until

from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.games.kings_corner.tui.widgets import HandView, PileView, StockView
from kc_tui.tui.widgets import PlayersView, TextPanel


@pytest.fixture(autouse=True)
def _relative_data_dir(_private_user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_private_user_dirs)
    monkeypatch.setenv("KC_TUI_DATA_DIR", DATA_DIR)


def mid_round(*keys: str):
    """The person ends a turn (e, then e to confirm), the computers play theirs, and at the
    person's next turn ``keys`` are pressed."""

    async def drive(pilot) -> None:
        await until(pilot, my_turn, "your turn")
        await pilot.press("e", "e")
        await until(pilot, my_turn, "your next turn")
        await pilot.press(*keys)
        await pilot.pause()

    return drive


SCREENS = {
    "table-4": (four, mid_round("9")),  # a King held: the corners it fits, in the status line
    "table-2": (duel, mid_round("t")),  # the hint's sentence
    "new-game": (title, press("n")),
}


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screens_in_spanish_and_french(snap_compare, in_language: Callable[[str], None], screen: str,
                                       lang: str) -> None:
    in_language(lang)
    app, drive = start(SCREENS[screen])
    assert snap_compare(app, terminal_size=(80, 24), run_before=drive)


_ENGLISH = re.compile(r"[A-Za-z]{3,}")


async def test_the_table_in_the_pseudo_locale_has_no_english_of_its_own(
        in_language: Callable[[str], None]) -> None:
    """Every word the table's own widgets draw (the cross, the stock, the hand, the players, the
    status line) comes from the catalog: in ``qps`` no plain English word of three letters or
    more is left outside the player's and the computers' names and the cards.  The event log
    is the engine's narrator's and is not read here."""
    in_language("qps")
    app, drive = start((four, mid_round("9")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        texts = [str(w.render()) for w in screen.query(PileView)]
        texts += [str(screen.query_one(StockView).render()), str(screen.query_one(HandView).render())]
        texts += list(screen.query_one(PlayersView).rows)
        texts.append(str(screen.query_one("#status", TextPanel).render()))
        screen.action_hint()
        texts.append(str(screen.query_one("#status", TextPanel).render()))
    names = {"You", "Ada", "Ben", "Cleo"}
    english = [w for text in texts for w in _ENGLISH.findall(text) if w not in names]
    assert not english, (english, texts)


async def test_the_players_beside_the_french_table_keep_their_colon_on_the_line(
        in_language: Callable[[str], None]) -> None:
    """A play test read "Toi: 8 cartes" beside the table, where the replay and Kings Reverse say
    "Toi : ..." (a no-break space: the colon never starts a line)."""
    in_language("fr")
    app, drive = start((duel, mid_round()))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rows = screen.query_one(PlayersView).rows
    assert rows[0].startswith(">Toi\u00a0: ") and rows[1].startswith(" Ada (moyen)\u00a0: "), rows


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_new_game_labels_fit_their_column(in_language: Callable[[str], None], lang: str) -> None:
    """A choice's label has 25 columns on the new-game form; a longer one pushes its value out
    of line with the others."""
    from kc_tui.games.kings_corner.tui import new_game

    in_language(lang)
    labels = [new_game._(label) for label in new_game.OPTION_LABELS.values()]
    labels += [new_game._("Seed (blank: random)"), new_game._("Players"), new_game._("Rules preset")]
    assert [label for label in labels if len(label) > 25] == []


@pytest.mark.parametrize(("lang", "command", "said"), [("es", "pista", "así te quitas"),
                                                       ("fr", "indice", "tu te défais ainsi")])
async def test_the_command_line_takes_the_languages_own_words(in_language: Callable[[str], None], lang: str,
                                                              command: str, said: str) -> None:
    """``:pista`` / ``:indice`` at the table say the hint in the player's language (``:hint``
    works in every language too)."""
    in_language(lang)
    app, drive = start((duel, mid_round("colon", *command, "enter")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        status = str(app.screen.query_one("#status", TextPanel).render())
    assert said in status


async def test_the_new_game_form_in_the_pseudo_locale_has_no_english_of_its_own(
        in_language: Callable[[str], None]) -> None:
    """The form's own words (its title, the players' count, the rules' choices and their values,
    the presets' names, the seats' computer levels, the seed, the menu and the summary) come from the catalog; the
    "Game" and "Seat" choices and the person's seat are the platform's and are not read here."""
    from textual.widgets import Static

    from kc_tui.tui.widgets import Choice, Menu

    in_language("qps")
    app, drive = start((title, press("n")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        texts = [str(screen.query_one(".screen-title", Static).render())]
        for choice in screen.query(Choice):
            kind = choice.id or ""
            if kind == "game":
                continue
            if kind.startswith("kind-"):
                texts += [label for value, label in choice.options if value != "you"]
                continue
            texts.append(choice.label)
            # On and off are the platform's words.
            if choice.options[0][1] != "off":
                texts += [label for _, label in choice.options if not label.isdigit()]
        texts += [item.label for item in screen.query_one(Menu).items]
        texts.append(str(screen.query_one("#summary", TextPanel).render()))
    names = {"You", "Ada", "Ben", "Cleo"}
    english = [w for text in texts for w in _ENGLISH.findall(text) if w not in names]
    assert not english, (english, texts)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_keys_fit_the_helps_key_column(in_language: Callable[[str], None], lang: str) -> None:
    """The help writes a row's keys in a column of 16; longer keys take a line of their own and
    squeeze the description beside them."""
    from kc_tui.games.kings_corner.tui.table import TABLE_KEYS
    from kc_tui.tui.words import said

    in_language(lang)
    assert [said(row.keys) for row in TABLE_KEYS if len(said(row.keys)) >= 16] == []


async def test_the_new_game_form_reads_as_spanish(in_language: Callable[[str], None]) -> None:
    """A play test's findings: the seats said "IA medio" (a level agreed with "nivel" beside
    the feminine "IA"), every preset but the first was named in English, the summary said
    "puntuación fichas" and "Reyes obligatorios" mid-sentence, and a hand too large named the
    command line's "hand_size" where the form's row is "Cartas repartidas"."""
    from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
    from kc_tui.tui.widgets import Choice

    in_language("es")
    app, drive = start((title, press("n")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        kinds = dict(screen.query_one("#kind-1", Choice).options)
        assert kinds["medium"] == "IA media (1500)" and kinds["expert"].startswith("IA experta (")
        preset = screen.query_one("#preset", Choice)
        names = dict(preset.options)
        assert names["classic-deal"] == "reparto clásico" and names["boxed"] == "edición en caja"
        assert not [name for value, name in preset.options if name == value and value != "standard"]
        preset.focus()

        async def choose(value: str) -> str:
            while preset.value != value:
                await pilot.press("right")
            await pilot.pause()
            return str(screen.query_one("#summary", TextPanel).render()).replace("\n", " ")

        assert "puntuación con fichas hasta 100" in await choose("boxed")
        summary = await choose("mandatory")
        assert "reyes obligatorios" in summary and "Reyes obligatorios" not in summary
        await choose("no-draw")
        problem = screen._problem()
        assert problem is not None and "«Cartas repartidas»" in problem and "hand_size" not in problem


async def test_the_level_s_line_names_it_as_its_choice_does(in_language: Callable[[str], None]) -> None:
    """A French play test read "débutant: Pour une première partie : …" under the choice "IA
    débutante": another gender, an English colon and a capital after it. The line names the
    level as the choice does, set off as the language sets off a sentence of its own."""
    from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
    from kc_tui.tui.widgets import Choice

    in_language("fr")
    app, drive = start((title, press("n")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        kind = screen.query_one("#kind-1", Choice)
        kind.focus()
        while kind.value != "beginner":
            await pilot.press("right")
        await pilot.pause()
        assert screen.level_line() == (
            "IA débutante, classement 1242 — Pour une première partie\u00a0: voit presque tous les coups, mais seulement la "
            "moitié des déplacements de pile, et commence les bords avec n'importe quelle carte. "
            "(l'IA facile la bat 67\u00a0% du temps en tête-à-tête)")


def test_the_command_line_names_the_option_as_it_is_typed() -> None:
    from kc_tui.core.errors import RuleError
    from kc_tui.games.kings_corner.engine.rules import build_rules

    with pytest.raises(RuleError, match=r"hand_size can be at most 12 for 4 players"):
        build_rules(4, "no-draw")


async def test_the_seat_shown_as_toi_is_the_engine_s_you(in_language: Callable[[str], None]) -> None:
    """A play test's finding: a French game started from the form was saved as played by
    "Toi", one started with --players you by "You": the statistics showed two players."""
    from textual.widgets import Input

    from kc_tui.games.kings_corner.tui.new_game import NewGameScreen

    in_language("fr")
    app, drive = start((title, press("n")))
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#name-0", Input).value == "Toi"
        specs, names = screen.seat_specs()
        assert specs[0] == "you" and names[0] is None


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_what_an_empty_pile_takes_fits_its_line_on_the_cross(lang: str, in_language: Callable[[str], None]) -> None:
    """A play test in Spanish read "vacío / toda" on an emptied edge: "toda carta" was cut at
    the pile's border (the cross's piles are 10 wide inside, the line indented by 2)."""
    from kc_tui.games.kings_corner.tui import widgets

    in_language(lang)
    for takes in (widgets._("any card"), widgets._("a King")):
        assert len(takes) <= 8, takes
