"""The line mode's lobby over async streams: two people and a spectator at one table."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from waiting import Terminal, finished_table, until

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Person, TableServer, TableState

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")


async def test_a_first_visit_in_the_line_mode_asks_a_name(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, None, key="SHA256:new")
    await term.type("   ")
    await term.type("Dee")
    await until(lambda: "Welcome, Dee." in term.text, "the welcome")
    assert "cannot be empty" in term.text
    assert "No tables yet" in term.text
    await term.type("quit")
    assert await term.task == 0
    assert TableServer(tmp_path, seed=2026).known_name("SHA256:new") == "Dee"


async def test_a_command_typed_for_a_name_is_no_name(tmp_path: Path) -> None:
    """A play test typed quit at the first prompt and was welcomed as "quit", a name then kept
    for that key on every host: quit there leaves, and another command is refused as a name."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, None, key="SHA256:new")
    await term.type("help")
    await until(lambda: "'help' is a command" in term.text, "help refused as a name")
    await term.type("quit")
    assert await term.task == 0
    assert "Goodbye." in term.text and "Welcome" not in term.text
    assert TableServer(tmp_path, seed=2026).known_name("SHA256:new") is None


async def test_a_first_visit_offers_the_user_name_signed_in_with(tmp_path: Path) -> None:
    """ssh ada@host asked "Your name at the tables:" with nothing offered: Enter now takes the
    user name, which a name typed replaces; one that is no name is not offered."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, None, key="SHA256:ada2", user="ada")
    await until(lambda: "Your name at the tables (Enter for Ada): " in ada.text, "the name offered")
    await ada.type("")
    await until(lambda: "Welcome, Ada." in ada.text, "the welcome")
    ben = Terminal(server, None, key="SHA256:ben2", user="ben")
    await until(lambda: "(Enter for Ben)" in ben.text, "the name offered")
    await ben.type("Benjamin")
    await until(lambda: "Welcome, Benjamin." in ben.text, "the welcome")
    odd = Terminal(server, None, key="SHA256:odd", user="\u200b")
    await until(lambda: "Your name at the tables: " in odd.text, "no name offered")
    for term in (ada, ben, odd):
        await term.type(None)
        assert await term.task == 0
    assert TableServer(tmp_path, seed=2026).known_name("SHA256:ada2") == "Ada"


async def test_two_people_and_a_spectator_in_the_line_mode(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben, cleo = Terminal(server, ADA), Terminal(server, BEN), Terminal(server, CLEO)
    await ada.type("new open open hand_size=5 name=Friday  night")
    assert "Table 1, Friday night, is made" in ada.text and "type start to start it" in ada.text
    await ada.type("new open")
    assert "You are at a table already" in ada.text
    await cleo.type("watch 1")
    await ben.type("join x")
    assert "Which table? Type join T" in ben.text
    await ben.type("join 2")
    assert "There is no table 2." in ben.text
    await ben.type("join 1 7")
    assert "there is no seat 7" in ben.text
    await ben.type("join 1")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game started")
    game = server._tables[1].service
    assert game is not None
    hands = game.game  # the referee, for the checks below (tests only)

    terms = {0: ada, 1: ben}
    await until(lambda: "> " in terms[game.current].text.rsplit("\n", 1)[-1], "a prompt for the player to move")
    mover, other = terms[game.current], terms[1 - game.current]
    assert "Your hand: " in mover.text
    await other.type("end")
    assert f"It is {('Ada', 'Ben')[game.current]}'s turn, not yours." in other.text
    await cleo.type("end")
    assert "spectators cannot play" in cleo.text
    await cleo.type("hand")
    assert "You are watching: no hand is shown." in cleo.text  # not the hot-seat sentence
    # A lobby command at a table says so (a host's "tables" was told whose turn it was).
    lobby = "is a lobby command: type leave to go back to the lobby first."
    await other.type("tables")
    assert f"'tables' {lobby}" in other.text
    await mover.type("watch 1")
    assert f"'watch' {lobby}" in mover.text
    await cleo.type("join 1")
    assert f"'join' {lobby}" in cleo.text
    await mover.type("look")
    await mover.type("say good luck")
    said = f"{('Ada', 'Ben')[game.current]}: good luck"
    for term in (ada, ben, cleo):
        await until(lambda term=term: said in term.text, "the chat line")
    current = game.current
    await mover.type("end!")
    await until(lambda: game.current != current or game.phase != Phase.TURN, "the turn passed")

    # Nothing a person or the spectator was sent names a card still in another's hand.
    for seat, term in ((0, ada), (1, ben), (None, cleo)):
        hidden = {str(card) for s in range(2) if s != seat for card in hands.hand(s)}
        shown = set(re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", term.text))
        assert not shown & hidden, (seat, shown & hidden)

    await ben.type("leave")
    assert "You left table 1." in ben.text
    await cleo.type("leave")
    assert "You stopped watching table 1." in cleo.text  # not "You left table 1."
    await until(lambda: "The computer (hard) plays for Ben" in ada.text, "the takeover notice")
    await ben.type(None)  # input ends
    assert await ben.task == 0
    await ada.type("quit")
    await cleo.type("quit")
    assert await ada.task == 0 and await cleo.task == 0
    await until(lambda: server.tables() == () or server.table(1).state == TableState.ADJOURNED, "adjourned")
    await server.close()


async def test_each_person_hears_others_sit_down_and_their_own_sitting_once(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben, cleo = Terminal(server, ADA), Terminal(server, BEN), Terminal(server, CLEO)
    await ada.type("new open open")
    await cleo.type("watch 1")
    await ben.type("join 1")
    for term in (ada, ben, cleo):
        await until(lambda term=term: "\nThe game starts." in term.text, "the game's start")
    assert "You sit in seat 1 of table 1." in ada.text and "You sit in seat 2 of table 1." in ben.text
    # Said once, in one's own words: "Ada sits in seat 1." repeated "You sit in seat 1".
    assert "Ada sits" not in ada.text and "\nBen sits in seat 2." in ada.text
    assert "Ben sits" not in ben.text  # (Ada sat before he came)
    assert "\nBen sits in seat 2." in cleo.text  # a spectator hears everyone's
    for term in (ada, ben, cleo):
        await term.type("quit")
        assert await term.task == 0
    await server.close()


async def test_a_waiting_table_is_heard_as_it_speaks(tmp_path: Path) -> None:
    """A network play test said "say hello anyone" alone at a waiting table: nothing was printed,
    and nobody ever saw it; others sitting down were told only once the game began."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben = Terminal(server, ADA), Terminal(server, BEN)
    await ada.type("new open open open")
    await until(lambda: "You sit in seat 1 of table 1" in ada.text, "her seat")
    mark = len(ada.text)
    await ada.type("say hello anyone")
    await until(lambda: "Ada: hello anyone" in ada.text[mark:], "her own line, as the others see it")
    await ben.type("join 1")
    await until(lambda: "\nBen sits in seat 2." in ada.text[mark:], "Ben sitting down, told as it happens")
    assert "The game starts." not in ada.text
    for term in (ada, ben):
        await term.type("quit")
        assert await term.task == 0
    await server.close()


async def test_the_verbosity_chosen_at_a_table_goes_with_the_person_to_the_next(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open hard")
    await until(lambda: ada.text.endswith("Ada> "), "Ada's turn")
    assert "Round 1, Ada's turn." not in ada.text  # brief: no whole table at one's turn
    await ada.type("verbosity full")
    await ada.type("leave")
    await ada.type("new open hard game=kings-reverse")
    await until(lambda: ada.text.endswith("Your move> "), "Ada's turn at the second table")
    second = ada.text.split("Table 2")[1]
    assert "play goes" in second  # full: the direction of play with the table at one's turn
    await ada.type("verbosity brief")
    await ada.type("leave")
    await ada.type("new open hard")
    await until(lambda: ada.text.endswith("Ada> "), "Ada's turn at the third table")
    assert "Round 1, Ada's turn." not in ada.text.split("Table 3")[1]  # brief again, as chosen
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


async def test_a_table_made_in_the_line_mode_without_a_name_is_its_makers_and_a_bad_name_is_refused(
        tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open open name=" + "x" * 41)
    assert "A table's name holds at most 40 characters" in ada.text and server.tables() == ()
    await ada.type("new open open")
    assert "Table 1, Ada's table, is made" in ada.text
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


async def test_a_guest_is_told_that_a_seat_left_is_not_kept(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    gus = Terminal(server, None, key=None)
    await gus.type("Gus")
    await until(lambda: "Welcome, Gus." in gus.text, "the welcome")
    assert "You are a guest (no key): a seat you leave is not kept for you." in gus.text
    await gus.type("quit")
    assert await gus.task == 0
    await server.close()


async def test_a_seat_taken_once_the_game_is_on_is_named_for_its_person_in_the_line_mode(tmp_path: Path) -> None:
    from kc_tui.line import PlainLobby

    server = TableServer(tmp_path, pace=0, seed=2026)
    typed: asyncio.Queue[str | None] = asyncio.Queue()
    sent: list[str] = []
    ada = PlainLobby(server, ADA, typed.get, sent.append)
    task = asyncio.ensure_future(ada.run())
    for line in ("new open open", "start"):
        await typed.put(line)
    await until(lambda: ada.table is not None, "Ada's table on")
    game = ada.table.game  # type: ignore[union-attr]  # Kings in the Corner's SeatTable
    assert game.names == ["Ada", "Seat 2"]
    ben = Terminal(server, BEN)
    await ben.type("join 1")
    # (If the computer was in the middle of the seat's turn, it finishes that turn first.)
    await until(lambda: "Ben takes seat 2 (played so far as Seat 2)" in "".join(sent), "the notice")
    assert game.names == ["Ada", "Ben"] and game.narrator.names == ["Ada", "Ben"]
    await typed.put("quit")
    await ben.type("quit")
    assert await task == 0 and await ben.task == 0
    await server.close()


async def test_a_table_of_a_game_without_a_line_mode_is_refused_with_a_sentence(tmp_path: Path) -> None:
    from kc_tui.games import GameEntry, register, unregister

    # A game whose package (this module) offers the platform no line part.
    register(GameEntry("snap", "Snap", "A game with no line mode.", __name__))
    try:
        server = TableServer(tmp_path, pace=0, seed=2026)
        ada = Terminal(server, ADA)
        await ada.type("new open hard game=snap")
        await until(lambda: "Snap cannot be played in the line mode" in ada.text, "the refusal")
        assert "the games here are kings-corner, kings-reverse." in ada.text
        assert server.tables() == ()
        await ada.type("help")
        # (The help is filled to 79 columns: read across its line breaks.)
        await until(lambda: "game=NAME (kings-corner, kings-reverse, snap)" in " ".join(ada.text.split()),
                    "the lobby's help")
        await ada.type("quit")
        assert await ada.task == 0
        await server.close()
    finally:
        unregister("snap")


@pytest.mark.parametrize("lang, typed, said", [
    ("es", ["ayuda", "nueva libre libre dificil nombre=Viernes noche", "mesas", "dejar", "tables", "mseas", "salir"],
     ["Órdenes de la sala:", "Mesa 1, Viernes noche, creada", "escribe empezar para empezarla",
      "Has dejado la mesa 1.", "'mseas' no es una orden de la sala: ¿querías decir mesas?", "Adiós."]),
    ("fr", ["aide", "new open open hard nom=Vendredi", "partir", "rejoidre 1", "quitter"],
     ["Commandes du salon :", "Table 1, Vendredi, créée", "Tu as quitté la table 1.",
      "'rejoidre' n'est pas une commande du salon\u00a0: voulais-tu dire rejoindre\u00a0?", "Au revoir."]),
])
async def test_the_lobby_takes_commands_in_the_language_alongside_english(
        tmp_path: Path, in_language: Callable[[str], None], lang: str, typed: list[str], said: list[str]) -> None:
    in_language(lang)
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, ADA)
    for line in typed[:2]:
        await term.type(line)
    assert server.table(1).seats[2].level == "hard"  # a level typed in the language, or in English
    for line in typed[2:]:
        await term.type(line)
    assert await term.task == 0
    for sentence in said:
        assert sentence in term.text


@pytest.mark.parametrize("options", ["", " game=kings-reverse"])
async def test_the_prompt_at_a_table_is_in_the_language(
        tmp_path: Path, in_language: Callable[[str], None], options: str) -> None:
    """A play test in Spanish heard "sala>" in the lobby, then "table>" at every table."""
    in_language("es")
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben, cleo = Terminal(server, ADA), Terminal(server, BEN), Terminal(server, CLEO)
    await ada.type("nueva libre libre" + options)
    await until(lambda: "Te sientas en el asiento 1 de la mesa 1." in ada.text, "Ada seated")
    await cleo.type("mirar 1")
    await ben.type("entrar 1")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game")
    await until(lambda: cleo.text.endswith("mesa> "), "the spectator's prompt")
    for term in (ada, ben, cleo):
        await term.type("salir")
        await term.type("salir")
        assert await term.task == 0
    await server.close()
    assert "table>" not in ada.text + ben.text + cleo.text


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_lobby_help_fits_79_columns_without_breaking_a_word(lang: str, in_language) -> None:
    """A terminal breaks a longer line in the middle of a word ("pr/eset", issue 28 item 19):
    the help is filled at 79 columns under its description column, every word kept whole, and
    no French line starts with the semicolon its space was tied to."""
    from kc_tui.core.i18n import Domain
    from kc_tui.line.lobby import LOBBY_HELP, lobby_help

    in_language(lang)
    said = lobby_help()
    assert max(len(line) for line in said.splitlines()) <= 79
    catalog = Domain.of("kc_tui.line").gettext(LOBBY_HELP)
    words = [w for w in catalog.split() if "{" not in w]
    assert all(w in said.split() for w in words)
    assert not any(line.lstrip().startswith((";", ":", "»")) for line in said.splitlines())


def test_the_lobby_help_gives_each_games_levels_with_their_ratings() -> None:
    from kc_tui.games import GAMES
    from kc_tui.line.lobby import lobby_help

    said = " ".join(lobby_help().split())
    for entry in GAMES.values():
        ladder = ", ".join(f"{level} {rating}" for level, rating in zip(entry.levels, entry.ratings))
        assert f"{entry.name}: {ladder}" in said


def test_the_lobby_helps_list_of_levels_is_punctuated_as_french_is(in_language: Callable[[str], None]) -> None:
    """A play test read "kings-corner: débutant ... expert 1660; kings-reverse: ..." in French,
    which puts a space before ":" and ";"."""
    from kc_tui.line.lobby import lobby_help

    in_language("fr")
    said = " ".join(lobby_help().split())
    assert "kings-corner : débutant 1242" in said and "expert 1660 ; kings-reverse : débutant" in said, said


@pytest.mark.parametrize("lang, typed", [("en", "help new"), ("es", "ayuda nueva"), ("fr", "aide nouvelle")])
async def test_help_new_gives_each_games_presets_and_rule_options(
        tmp_path: Path, in_language: Callable[[str], None], lang: str, typed: str) -> None:
    """The help of new named "that game's rule options, e.g. hand_size=10" and no other: help
    new lists every preset and option each game's new table takes, within 79 columns."""
    from kc_tui.games.kings_corner.engine.rules import OPTION_NAMES as CORNER_OPTIONS
    from kc_tui.games.kings_corner.engine.rules import PRESETS as CORNER_PRESETS
    from kc_tui.games.kings_reverse.engine.rules import OPTION_NAMES as REVERSE_OPTIONS
    from kc_tui.games.kings_reverse.engine.rules import PRESETS as REVERSE_PRESETS

    in_language(lang)
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, ADA)
    await term.type(typed)
    await until(lambda: "target" in term.text.rsplit("Reverse", 1)[-1], "the rules' help")
    said = term.text.split("> ", 1)[1]  # after the first prompt
    corner, reverse = said.split("Kings Reverse")
    for part, presets, options in ((corner, CORNER_PRESETS, CORNER_OPTIONS),
                                   (reverse, REVERSE_PRESETS, REVERSE_OPTIONS)):
        named = re.findall(r"^  (\S+)", part, re.M)
        assert named == [f"preset={p}" for p in presets] + [o for o in options if o != "players"]
    assert max(len(line) for line in said.splitlines()) <= 79
    await term.type("new open open preset=royal target=50 game=kings-corner")  # as the help says
    await until(lambda: server.tables() != (), "the table made")
    rules = server._tables[1].rules
    assert rules.royal_kings and rules.target == 50
    await term.type("quit")
    assert await term.task == 0
    await server.close()


async def test_a_returning_key_is_greeted_by_its_name_in_the_line_mode(tmp_path: Path) -> None:
    TableServer(tmp_path, pace=0, seed=2026).person("SHA256:dee", "Dee")
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, None, key="SHA256:dee")
    await until(lambda: "lobby> " in term.text, "the prompt")
    assert term.text.startswith("Welcome back, Dee. Type help for the commands.")
    assert "name" not in term.text.split("Welcome")[0]
    await term.type("quit")
    assert await term.task == 0


async def test_an_adjourned_table_gives_its_round_and_how_to_resume_it_in_the_line_mode(tmp_path: Path) -> None:
    first = TableServer(tmp_path, grace=0.01, pace=0, seed=2026)
    info = first.create_table(ADA, "Saturday", build_rules(2), ["open", "open"])
    doors = first.join(ADA, info.id, 0), first.join(BEN, info.id, 1)
    for door in doors:
        door.detach()
    await until(lambda: first.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    await first.close()
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await until(lambda: "lobby> " in ada.text, "the lobby")
    assert "1. Saturday (adjourned in round 1; " in ada.text
    assert ("Your table 1 was adjourned in round 1: type join 1 to take your seat again; the game resumes "
            "once its players are back, or when you type start (a computer then plays for those still "
            "away).") in ada.text
    await ada.type("join 1")
    await until(lambda: "You sit in seat 1" in ada.text, "Ada seated")
    assert ("You sit in seat 1 of table 1; its game was adjourned in round 1. Type start to resume it"
            in ada.text)
    await ada.type("start")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game going on")
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


@pytest.mark.parametrize("steps", range(8))
async def test_a_connection_cancelled_while_the_lobby_changes_ends(tmp_path: Path, steps: int) -> None:
    """A connection's task cancelled (the connection dropped, the server closing) ends even if
    the table's news were waking it at that moment; it used to swallow the cancellation when
    it came as it stopped reading a line, wait on, and hang the server's close for ever."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open open")
    await until(lambda: "is made" in ada.text and ada.text.endswith("> "), "Ada at her table")
    server.create_table(BEN, "", build_rules(2), ["open", "open"])  # the lobby changes: Ada is woken
    for _ in range(steps):
        await asyncio.sleep(0)
    ada.task.cancel()
    done, _ = await asyncio.wait({ada.task}, timeout=10)
    assert ada.task in done and ada.task.cancelled()
    await server.close()


async def test_end_at_a_served_table_asks_while_moves_are_open_as_at_home(tmp_path: Path) -> None:
    """The line mode over SSH ended the turn at once; it asks now, as the table's e and the
    line mode at home do: n goes on, y ends it, and a move typed at the question is played."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open hard")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game started")
    game = server._tables[1].service
    assert game is not None
    await until(lambda: game.current == 0 and ada.text.endswith("Ada> "), "Ada's turn")
    door = server._tables[1].slots[0].door
    assert door is not None and door.legal_moves()
    open_moves = len(door.legal_moves())
    await ada.type("end")
    await until(lambda: ada.text.endswith("to go on: "), "the question")
    assert f"with {open_moves} moves still open? Type y (or end) to end it" in ada.text and game.current == 0
    await ada.type("n")
    await until(lambda: ada.text.endswith("Your turn goes on.\nAda> "), "the turn going on")
    assert game.current == 0 and len(door.legal_moves()) == open_moves
    await ada.type("fin")
    await until(lambda: ada.text.endswith("to go on: "), "the question again")
    await ada.type("quizá")  # neither an answer nor a command: said so, and asked again
    await until(lambda: ada.text.endswith("'quizá' is neither yes nor no: type y to end your turn, n to go on."
                                          f"\nEnd your turn with {open_moves} moves still open? Type y (or end) "
                                          "to end it, n to go on: "), "the question asked again")
    assert game.current == 0
    await ada.type("sí")
    await until(lambda: "You end the turn. " in ada.text, "the turn ended")  # to Ada, her own turn
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


async def test_a_mistyped_seat_of_a_new_table_is_named(tmp_path: Path) -> None:
    """"new bogus" was refused as a table of one player ("players must be from 2 to 6")."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new bogus")
    await until(lambda: "not 'bogus'" in ada.text, "the refusal")
    assert "A seat is open or a computer level (" in ada.text and "players must be" not in ada.text
    await ada.type("new hard hard")
    await until(lambda: "one open seat at least" in ada.text, "the second refusal")
    assert not server.tables()
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


async def test_the_person_whose_seat_starts_the_game_hears_the_session_and_the_deal_once(tmp_path: Path) -> None:
    """The last seat taken starts the game: its person heard only "The game at table 1 is on"
    (the session and the deal had come before their line mode followed the table), and the
    deal's sentence was never said to them."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "hard"], seed=7)
    server.join(ADA, info.id, 0)
    ben = Terminal(server, BEN)
    await ben.type(f"join {info.id}")
    await until(lambda: "Round 1. " in ben.text, "the deal told")
    assert "The game at table 1 is on" not in ben.text
    assert ben.text.count("A new session: Ada, Ben and Cleo (hard).") == 1
    assert ben.text.count("Round 1. You deal. The edges show North, ") == 1  # Ben deals: spoken to
    before = len(ben.text)
    await ben.type("last")
    told = ben.text[before:]
    assert told.count("A new session") == 1 and told.count(" deal. The edges show") == 1, told
    await server.close()


async def test_a_word_that_is_no_lobby_command_is_said_back_as_typed(tmp_path: Path) -> None:
    """It was said back lower-cased and cut at 20 characters with nothing to say so."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    term = Terminal(server, ADA)
    await term.type("Frobnicate now")
    await until(lambda: "is not a lobby command" in term.text, "the refusal")
    assert "'Frobnicate' is not a lobby command; type help for the list." in term.text
    await term.type("D" * 80)
    await until(lambda: term.text.count("is not a lobby command") == 2, "the second refusal")
    assert f"'{'D' * 27}...' is not a lobby command" in term.text
    # A slip of the fingers is answered with the command meant (the list is long to hear).
    await term.type("tabels")
    await until(lambda: "'tabels' is not a lobby command: did you mean tables?" in term.text, "the command meant")
    await term.type("wacth 1")
    await until(lambda: "'wacth' is not a lobby command: did you mean watch?" in term.text, "the second")
    await term.type("quit")
    assert await term.task == 0
    await server.close()


async def test_a_read_the_table_refuses_is_said_and_the_session_goes_on(tmp_path: Path) -> None:
    """A play test's line-mode session ended on a traceback when its table refused to give its
    view (its host had just changed hands): the refusal is said, and the person stays."""
    from kc_tui.net import TableError

    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(BEN, "T", build_rules(2), ["open", "open"])
    server.join(BEN, info.id, 1)
    term = Terminal(server, ADA)
    await until(lambda: "lobby> " in term.text, "the lobby")
    await term.type(f"join {info.id}")
    await until(lambda: "Your hand" in term.text or "table> " in term.text, "the game")
    door = server._tables[info.id].slots[0].door
    assert door is not None
    real = door.view

    def refused() -> Any:
        raise TableError("The game has not started yet.")

    door.view = refused  # type: ignore[method-assign]
    mark = len(term.text)
    await term.type("look")
    await until(lambda: "The game has not started yet." in term.text[mark:], "the refusal said")
    door.view = real  # type: ignore[method-assign]
    mark = len(term.text)
    await term.type("look")
    await until(lambda: "Round 1" in term.text[mark:], "the table read again")
    assert not term.task.done()
    await term.type("quit")
    assert await term.task == 0
    await server.close()


async def test_ready_for_the_next_round_is_said_once_and_asked_no_more(tmp_path: Path) -> None:
    """A play test pressed Enter between rounds in the line mode: it heard "Waiting for the
    others to be ready..." and "You are ready for the next round (waiting for Bob).", then
    "Press Enter for the next round" again, as if it had not."""
    import random as _random

    from kc_tui.core.errors import IllegalMove
    from kc_tui.games.kings_corner.ai import make_player

    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(BEN, "T", build_rules(2), ["open", "open"])
    ben = server.join(BEN, info.id, 1)
    term = Terminal(server, ADA)
    await until(lambda: "lobby> " in term.text, "the lobby")
    await term.type(f"join {info.id}")
    table = server._tables[info.id]
    await until(lambda: table.service is not None, "the game")
    ada = table.slots[0].door
    assert ada is not None
    game, rng = table.service.game, _random.Random(5)
    while game.phase == Phase.TURN:
        door = ada if game.current == 0 else ben
        for move in make_player("easy", rng).plan_turn(door.view().observation):
            door.play(move)
        try:
            door.end_turn()
        except IllegalMove:
            pass
        await asyncio.sleep(0)
    assert game.phase == Phase.ROUND_OVER
    await until(lambda: term.text.rstrip().endswith("(or type leave)."), "asked for the next round")
    mark = len(term.text)
    await term.type("")
    await until(lambda: "You are ready for the next round (waiting for Ben)." in term.text[mark:], "ready")
    await asyncio.sleep(0.05)
    after = term.text[mark:]
    assert "Waiting for the others" not in after and "Press Enter for the next round" not in after, after
    ben.next_round()
    await until(lambda: "Round 2" in term.text[mark:], "the next round")
    await term.type("quit")
    await term.task
    await server.close()


async def test_close_typed_twice_gives_up_an_adjourned_game(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "", build_rules(2), ["open", "easy"])
    server.join(ADA, info.id, 0).leave()  # the game starts, and is adjourned as she leaves
    assert server.table(info.id).state == TableState.ADJOURNED
    ada = Terminal(server, ADA)
    mark = len(ada.text)
    await ada.type("close 7")  # no such table, and no question asked
    await until(lambda: "There is no table 7" in ada.text[mark:], "the refusal")
    await ada.type("close 1")
    await until(lambda: "Type close 1 again to give up table 1's adjourned game for good" in ada.text[mark:],
                "the question")
    await ada.type("close 1")
    await until(lambda: "Table 1 is closed: its adjourned game was given up." in ada.text[mark:], "closed")
    assert server.tables() == ()
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
async def test_a_spectators_help_and_last_are_a_spectators(tmp_path: Path, game: str) -> None:
    """A spectator's help listed a player's moves and "leave leaves it (a computer plays your
    seat)", and its ``last`` in the first game told the whole session from its first sentence."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, cleo = Terminal(server, ADA), Terminal(server, CLEO)
    await ada.type(f"new open hard game={game}")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game")
    await cleo.type("watch 1")
    service = server._tables[1].service
    assert service is not None
    for _ in range(3):  # a few of Ada's turns, ended as they come
        turns = service.game.turns
        await until(lambda: ada.text.endswith(("Ada> ", "Your move> ")), "Ada's turn")
        await ada.type("end!" if game == "kings-corner" else "draw")
        if game == "kings-reverse" and not ada.text.endswith("table> "):
            await ada.type("pass")
        await until(lambda turns=turns: service.game.turns > turns + 1 or service.game.phase != Phase.TURN,
                    "Ada's and the computer's turns")
    start = len(cleo.text)
    await cleo.type("help")
    said = cleo.text[start:]
    assert "You are watching: you cannot play" in said and "leave stops watching" in said, said
    assert "a computer plays your seat" not in said and "hand reads your hand" not in said, said
    assert ("7h n" not in said) if game == "kings-corner" else ("JK S" not in said), said
    for term in (cleo, ada):  # at the table of either game, a lobby command is the lobby's
        await term.type("tables")
        assert "'tables' is a lobby command: type leave to go back to the lobby first." in term.text
    if game == "kings-corner":
        # Once the spectator has heard Ben's turn end and Ada's begin, nothing moves until Ada
        # plays: what "last" says is then Ben's turn and Ada's draw.
        await until(lambda: service.game.current == 0 and service.waiting_for_human()
                    and "Ada draws a card." in cleo.text.rsplit("Ben ends the turn.", 1)[-1],
                    "the spectator heard Ben's turn and Ada's draw")
        start = len(cleo.text)
        await cleo.type("last")
        last = cleo.text[start:]
        assert "The game starts" not in last and "Round 1." not in last, last  # not the whole session
        # The computer's turn, the last that ended, from its start, and what followed it.
        told = last.split("\n")
        assert told[0].startswith("Ben ") and "Ben ends the turn." in told, told
    await ada.type("quit")
    await cleo.type("quit")
    await server.close()


async def test_joining_a_finished_table_says_its_game_is_over(tmp_path: Path) -> None:
    """A finished table has no seat to take: "join" said "has no free seat: type watch 1 to
    watch it" where the server says the game there is over."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    table, _doors = finished_table(server, ADA, BEN)
    assert server.table(table).state == TableState.FINISHED
    cleo = Terminal(server, CLEO)
    await cleo.type(f"join {table}")
    await until(lambda: "over" in cleo.text, "the refusal")
    assert "The game at this table is over." in cleo.text and "no free seat" not in cleo.text
    await cleo.type("quit")
    assert await cleo.task == 0
    await server.close()


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
@pytest.mark.parametrize("lang, watch, said", [
    ("es", "mirar 2", "'mirar' es una orden de la sala: escribe dejar para volver antes a la sala."),
    ("fr", "regarder 2", "'regarder' est une commande du salon\u00a0: tape partir pour retourner d'abord au "
                         "salon."),
])
async def test_the_lobbys_watch_with_a_table_is_the_lobbys_at_a_table_where_its_word_alone_looks(
        tmp_path: Path, in_language: Callable[[str], None], game: str, lang: str, watch: str, said: str) -> None:
    """mirar and regarder watch a table in the lobby and look at one at a table: with a table's
    number they are the lobby's there too (the first game said "mirar takes no more words")."""
    in_language(lang)
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type(f"new open hard game={game}")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game")
    start = len(ada.text)
    await ada.type(watch)
    assert said in ada.text[start:], ada.text[start:]
    await ada.type(watch.split()[0])  # alone: the table is read
    assert ada.text.count(said) == 1
    await ada.type("quit")
    await server.close()
