"""The lobby and the networked table screen, driven by keys (Pilot), two people and a spectator
in three apps against one table server in one event loop."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog, Static
from waiting import finished_table

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.tui.network import CreateTableScreen, NetworkTableScreen
from kc_tui.games.kings_corner.tui.widgets import HandView
from kc_tui.games.kings_reverse.tui.network import CreateReverseTableScreen
from kc_tui.net import Person, TableError, TableServer, TableState
from kc_tui.tui.dialogs import TextScreen
from kc_tui.tui.keys import palette
from kc_tui.tui.lobby import LIST_SECONDS, LOBBY_KEYS, LobbyApp, LobbyScreen, NameScreen
from kc_tui.tui.served import PROMPT_MAX, leave_question
from kc_tui.tui.widgets import TextPanel

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")
SIZE = (100, 34)


async def until(pilot: Pilot, condition: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    """Wait until ``condition()``.  A widget it reads that is not there yet (a table screen is
    pushed first and put together after: a full run read its hand between the two, and the
    NoMatches failed the test) is a condition not met yet."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while True:
        try:
            if condition():
                return
        except NoMatches:
            pass
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await pilot.pause(0.01)


def log_text(app: LobbyApp) -> str:
    """The table's log as shown ("" while the screen is being put together)."""
    logs = app.screen.query("#log").results(RichLog)
    return "\n".join(line.text for log in logs for line in log.lines)


async def test_a_first_visit_asks_a_name_and_remembers_it(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, key="SHA256:new")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name prompt")
        await pilot.press("enter")  # empty: refused, says why
        assert "cannot be empty" in str(app.screen.query_one("#name-problem", TextPanel).render())
        await pilot.press(*"Ada", "enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert app.person == Person("SHA256:new", "Ada")
    assert TableServer(tmp_path, seed=2026).known_name("SHA256:new") == "Ada"


async def test_a_first_visit_offers_the_user_name_signed_in_with(tmp_path: Path) -> None:
    """ssh ada@host showed an empty name field: it now holds "Ada", and Enter takes it."""
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, key="SHA256:ada2", user="ada")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name prompt")
        assert app.screen.query_one("#name", Input).value == "Ada"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert app.person == Person("SHA256:ada2", "Ada")
    await server.close()


async def test_a_guest_is_told_a_seat_left_is_not_kept(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, key=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameScreen), "the name prompt")
        await pilot.press(*"Gus", "enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        status = str(app.screen.query_one("#lobby-status", TextPanel).render())
        assert "Welcome, Gus." in status and "You are a guest" in status
    await server.close()


async def test_making_a_table_in_the_lobby_seats_its_maker(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CreateTableScreen), "the new-table screen")
        await until(pilot, lambda: any("A table for" in str(panel.render())
                                       for panel in app.screen.query("#summary")), "the new-table screen set up")
        await pilot.press("ctrl+s")
        # One open seat (Ada's) and computers: taking it starts the game at once.  (The computers
        # play at once too: their round may already be over, its dialog over the table.)
        await until(pilot, lambda: any(isinstance(s, NetworkTableScreen) for s in app.screen_stack), "the table")
        (table,) = server.tables()
        assert table.state == TableState.PLAYING and table.seats[0].name == "Ada"
        assert all(s.kind == "computer" for s in table.seats[1:])


async def test_a_lobby_whose_tables_cannot_be_reached_keeps_its_list(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A play test killed a host while a person there went back from a table to the lobby: the
    lobby asked for the tables, the refusal was not caught, and the session printed a traceback."""
    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(BEN, "Ben's", build_rules(2), ["open", "easy"])
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        listing = lobby.query_one("#tables", OptionList)
        await until(pilot, lambda: "Ben's" in str(listing.get_option_at_index(0).prompt), "Ben's table listed")

        def unreachable() -> None:
            raise TableError("The tables cannot be reached just now; try again in a moment.")
        monkeypatch.setattr(server, "tables", unreachable)
        lobby.refresh_tables()
        await pilot.pause()
        assert "Ben's" in str(listing.get_option_at_index(0).prompt)


async def _new_table_form(pilot: Pilot, app: LobbyApp) -> None:
    """From the lobby to the new-table form, its default name shown."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    await pilot.press("n")
    await until(pilot, lambda: any("its name: Ada's table." in str(panel.render())
                                   for panel in app.screen.query("#summary")), "the default name")


async def test_the_new_table_screen_names_the_table(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await _new_table_form(pilot, app)
        await pilot.press("up")  # from the number of players up to the game,
        assert app.screen.focused is not None and app.screen.focused.id == "game"
        await pilot.press("up")  # and up to the name
        assert app.screen.focused is not None and app.screen.focused.id == "table-name"
        await pilot.press(*"Game night")
        summary = app.screen.query_one("#summary", TextPanel)
        await until(pilot, lambda: "its name: Game night." in str(summary.render()), "the name in the summary")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: any(isinstance(s, NetworkTableScreen) for s in app.screen_stack), "the table")
        (table,) = server.tables()
        assert table.name == "Game night"
    await server.close()


async def test_two_people_and_a_spectator_at_one_table_by_keys(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"])
    ada, ben, cleo = LobbyApp(server, ADA), LobbyApp(server, BEN), LobbyApp(server, CLEO)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb, cleo.run_test(size=SIZE) as pc:
        await pc.press("w")
        await until(pc, lambda: cleo.door is not None, "Cleo watching")
        await pa.press("1")
        await until(pa, lambda: "waiting for the game to start. Press s to start it." in
                    str(ada.screen.query_one("#lobby-status", TextPanel).render()), "Ada waiting")
        await pb.press("2")  # the last open seat: the game starts
        for pilot, app in ((pa, ada), (pb, ben), (pc, cleo)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkTableScreen), "the table")
        assert server.table(info.id).state == TableState.PLAYING
        doors = {0: ada.door, 1: ben.door}
        # (the screen is pushed first, then set up from the table's view)
        await until(pc, lambda: "You are watching: no hand is shown." in
                    str(cleo.screen.query_one(HandView).render()), "Cleo told she watches")
        assert cleo.screen.query_one(HandView).cards == ()
        for seat, app in ((0, ada), (1, ben)):
            door = doors[seat]
            assert door is not None
            own = door.view().observation
            assert own is not None
            # Each screen is set up in its own app's turn: waited for, as Cleo's above.
            await until(pa if seat == 0 else pb, lambda app=app, own=own: app.screen.query_one(HandView).cards
                        == own.hand, f"seat {seat + 1}'s hand shown")
            assert app.screen.query_one(HandView).cards == own.hand

        # The person whose turn it is ends it; the other's screen follows.
        current = doors[0].view().current  # type: ignore[union-attr]
        mover, other = ((pa, ada), (pb, ben)) if current == 0 else ((pb, ben), (pa, ada))
        await mover[0].press("e")
        if mover[1].screen.__class__.__name__ == "ConfirmScreen":
            await mover[0].press("y")
        await until(other[0], lambda: other[1].door.my_turn(), "the other's turn")  # type: ignore[union-attr]
        await until(other[0], lambda: "Your turn" in str(other[1].screen.query_one("#status", TextPanel).render()),
                    "the other's screen saying it is their turn")
        # Not "Your turn, Ben:": one person sits at each terminal, as at home.
        assert str(other[1].screen.query_one("#status", TextPanel).render()).startswith("Your turn:")
        # Out of turn: every action key is refused with the sentence that says whose turn it is
        # (a card key of the hand, one past it, e), and nothing changes.
        whose = f"It is {other[1].person.name}'s turn."  # type: ignore[union-attr]
        status = lambda: str(mover[1].screen.query_one("#status", TextPanel).render())  # noqa: E731
        for key in ("1", "9"):
            mover[1].screen.say("")
            await mover[0].press(key)
            assert whose in " ".join(status().split()), (key, status())
        assert mover[1].screen.held is None  # type: ignore[attr-defined]
        await mover[0].press("e")
        assert "turn" in str(mover[1].screen.query_one("#status", TextPanel).render())

        # Cleo's reading keys speak to a spectator (they said "until the next player has the
        # keyboard", "your hand is in the log" and "since your last turn").
        cleo_says = lambda: " ".join(str(cleo.screen.query_one("#status", TextPanel).render()).split())  # noqa: E731
        await pc.press("i")
        assert "You are watching: no hand is shown." in cleo_says()
        await pc.press("e")  # an action key: not "It is Ben's turn."
        assert cleo_says() == "You are watching this table; spectators cannot play."
        # A slip of a command's word is answered with the word meant, as a player's is (it was
        # answered that spectators cannot play).
        await pc.press("colon", *"lok", "enter")
        await until(pc, lambda: cleo_says() == "'lok' is not a command: did you mean look?", "the slip answered")
        await pc.press("escape")
        await pc.press("b")
        assert "The piles and the players are in the log." in cleo_says()
        await pc.press("a")
        assert "since your last turn" not in cleo_says() and cleo_says().startswith(
            (f"Since {other[1].person.name}'s turn: ", "Since the deal: ")), cleo_says()  # type: ignore[union-attr]

        # Chat: ' opens the line with "say "; everyone's log shows it.
        await pa.press("apostrophe", *"hello all", "enter")
        for pilot, app in ((pa, ada), (pb, ben), (pc, cleo)):
            await until(pilot, lambda app=app: "Ada: hello all" in log_text(app), "the chat line")
        await pc.press("colon", *"say hi from the rail", "enter")
        await until(pa, lambda: "Cleo (watching): hi from the rail" in log_text(ada), "the spectator's chat")

        # Ben leaves: a computer plays his seat, announced to the others.
        await pb.press("q")
        await pb.press("y")
        await until(pb, lambda: isinstance(ben.screen, LobbyScreen), "Ben back in the lobby")
        await until(pb, lambda: lobby_text(ben, "#lobby-status").startswith("You left the table. Enter takes"),
                    "the lobby saying so (not its old welcome)")
        await until(pa, lambda: "The computer (hard) plays for Ben" in log_text(ada), "the takeover notice")
        # Ada's players' panel says Ben is away, in words.
        from kc_tui.tui.widgets import PlayersView
        await until(pa, lambda: any("Ben (away):" in row for row in ada.screen.query_one(PlayersView).rows),
                    "Ben marked away")
        game = server._tables[info.id].service
        assert game is not None and game.phase in (Phase.TURN, Phase.ROUND_OVER, Phase.SESSION_OVER)
    await server.close()


async def test_a_seat_taken_once_the_game_is_on_shows_its_persons_name_on_every_screen(tmp_path: Path) -> None:
    from kc_tui.tui.widgets import PlayersView

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Late", build_rules(2), ["open", "open"], seed=4)
    ada, ben = LobbyApp(server, ADA), LobbyApp(server, BEN)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
        await pa.press("1")
        await until(pa, lambda: ada.door is not None, "Ada seated")
        await pa.press("s")  # started without Ben: seat 2 is dealt as "Seat 2"
        await until(pa, lambda: isinstance(ada.screen, NetworkTableScreen), "Ada's table")
        assert server.table(info.id).state == TableState.PLAYING
        await pb.press("2")
        await until(pb, lambda: isinstance(ben.screen, NetworkTableScreen), "Ben's table")
        for pilot, app in ((pa, ada), (pb, ben)):
            screen = app.screen
            assert isinstance(screen, NetworkTableScreen)
            await until(pilot, lambda screen=screen: screen.names == ["Ada", "Ben"]
                        and screen.narrator.names == ["Ada", "Ben"], "Ben's name at the table")
            await until(pilot, lambda screen=screen: any(row[1:].startswith("Ben:") for row in
                                                         screen.query_one(PlayersView).rows), "Ben's row")
        await until(pa, lambda: "Ben takes seat 2 (played so far as Seat 2)" in log_text(ada), "the notice")
        prompt = ada.screen.query_one("#prompt", Input)
        prompt.insert_text_at_cursor("x" * (PROMPT_MAX + 1))  # a pasted flood is not taken
        assert prompt.value == ""
        prompt.insert_text_at_cursor("x" * PROMPT_MAX)
        assert len(prompt.value) == PROMPT_MAX
        prompt.value = ""
        # What was said as the game started, before Ada's table screen was there, is in her log.
        assert "The game starts." in log_text(ada)
        assert "* The computer (hard) plays for Seat 2" in log_text(ada)
        told = log_text(ada)  # ... before where the table stands and the round's deal
        assert told.index("The game starts.") < told.index("At the table in round 1") < told.index("Round 1. ")
        # The round so far is written as the board shows cards (issue 28 item 18): 9♥, not 9H.
        edges = told.split("The edges show ", 1)[1].split(";", 1)[0]
        assert re.search(r"[♣♦♥♠]", edges) and not re.search(r"\b[A2-9TJQK][CDHS]\b", edges)
    await server.close()


async def test_the_next_round_is_dealt_when_both_screens_have_closed_the_round(tmp_path: Path) -> None:
    from kc_tui.tui.round_over import RoundOverScreen

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Quick", build_rules(2, overrides={"hand_size": 1}), ["open", "open"], seed=3)
    ada, ben = LobbyApp(server, ADA), LobbyApp(server, BEN)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
        await pa.press("1")
        await until(pa, lambda: ada.door is not None, "Ada seated")
        await pb.press("2")
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkTableScreen), "the table")
        doors = (ada.door, ben.door)
        assert doors[0] is not None and doors[1] is not None
        # Played through the doors (the screens follow what the server sends them).
        while doors[0].view().phase == Phase.TURN:
            door = doors[0] if doors[0].my_turn() else doors[1]
            moves = door.legal_moves()
            door.play(moves[0]) if moves else door.end_turn()
            await pa.pause()
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, RoundOverScreen), "the round's end")
        if doors[0].view().phase == Phase.SESSION_OVER:
            return  # one round decided the session: nothing more to deal
        await pa.press("enter")
        await until(pa, lambda: "Waiting for the others" in
                    str(ada.screen.query_one("#status", TextPanel).render()), "Ada waiting")
        assert doors[0].view().round == 1
        await pb.press("enter")
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkTableScreen)
                        and app.screen.query_one(HandView).cards != (), "round 2 on screen")
        assert doors[0].view().round == 2 and info.id == 1
        # Ben's log says Ada was ready (told when his round's dialog closed) before the deal.
        told = log_text(ben)
        assert told.index("Ada is ready for the next round") < told.index("Round 2")
    await server.close()


async def test_a_spectator_reads_the_round_in_the_log_with_no_dialog_over_the_table(tmp_path: Path) -> None:
    """A spectator has nothing to answer at a round's end: the result is written in the log, no
    dialog stands over the table, and the next round is on screen once the players deal it."""
    from kc_tui.tui.round_over import RoundOverScreen

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Quick", build_rules(2, overrides={"hand_size": 1}), ["open", "open"], seed=3)
    doors = [server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)]
    cleo = LobbyApp(server, CLEO)
    async with cleo.run_test(size=SIZE) as pc:
        await pc.press("w")
        await until(pc, lambda: isinstance(cleo.screen, NetworkTableScreen), "the table")
        seen_dialog = False
        while doors[0].view().phase == Phase.TURN:
            door = doors[0] if doors[0].my_turn() else doors[1]
            moves = door.legal_moves()
            door.play(moves[0]) if moves else door.end_turn()
            await pc.pause()
            seen_dialog = seen_dialog or isinstance(cleo.screen, RoundOverScreen)
        await until(pc, lambda: "Round over." in log_text(cleo), "the round's result in the log")
        assert not seen_dialog and isinstance(cleo.screen, NetworkTableScreen)
        told = log_text(cleo)
        assert "Ada" in told[told.index("Round over."):] and "Ben" in told[told.index("Round over."):]
        assert "the log has its result" in str(cleo.screen.query_one("#status", TextPanel).render())
        if doors[0].view().phase == Phase.SESSION_OVER:
            return  # one round decided the session: nothing more to deal
        for door in doors:
            door.next_round()
        await until(pc, lambda: doors[0].view().round == 2 and "Round 2" in log_text(cleo), "round 2")
        assert isinstance(cleo.screen, NetworkTableScreen)
    await server.close()


async def test_at_the_end_of_a_session_the_scores_then_the_lobby(tmp_path: Path) -> None:
    from kc_tui.tui.dialogs import TextScreen
    from kc_tui.tui.round_over import RoundOverScreen

    server = TableServer(tmp_path, pace=0, seed=3)
    rules = build_rules(2, overrides={"hand_size": 1, "scoring": "none"})  # a single round
    server.create_table(ADA, "Once", rules, ["open", "easy"], seed=5)
    ada = LobbyApp(server, ADA)
    async with ada.run_test(size=SIZE) as pa:
        await pa.press("1")
        await until(pa, lambda: isinstance(ada.screen, NetworkTableScreen), "the table")
        door = ada.door
        assert door is not None
        while door.view().phase == Phase.TURN:
            if door.my_turn():
                moves = door.legal_moves()
                door.play(moves[0]) if moves else door.end_turn()
            await pa.pause(0.01)
        await until(pa, lambda: isinstance(ada.screen, RoundOverScreen), "the round's end")
        await pa.press("enter")
        await until(pa, lambda: isinstance(ada.screen, TextScreen), "the session's scores")
        await pa.press("escape")
        await until(pa, lambda: isinstance(ada.screen, LobbyScreen), "back in the lobby")
        assert ada.door is None
    await server.close()


async def test_the_command_line_keeps_the_keys_across_the_others_moves_and_ones_own(tmp_path: Path) -> None:
    """The command line (also the chat line) opened while another plays stays open, with the
    keys, when the turn comes round: letters typed next go into it, not to the table; after a
    move typed on it, it is still open with the keys."""
    from textual.widgets import Input

    from kc_tui.tui.dialogs import ConfirmScreen

    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=1)
    ada, ben = LobbyApp(server, ADA), LobbyApp(server, BEN)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
        await pa.press("1")
        await until(pa, lambda: ada.door is not None, "Ada seated")
        await pb.press("2")
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkTableScreen), "the table")
        assert ada.door is not None and ben.door is not None
        mover, waiter = ((pa, ada), (pb, ben)) if ada.door.my_turn() else ((pb, ben), (pa, ada))
        await waiter[0].press("colon")
        prompt = waiter[1].screen.query_one("#prompt", Input)
        assert waiter[1].screen.focused is prompt
        await mover[0].press("e")
        if isinstance(mover[1].screen, ConfirmScreen):
            await mover[0].press("y")
        await until(waiter[0], lambda: "Your turn" in str(waiter[1].screen.query_one("#status", TextPanel).render()),
                    "the waiter's turn on screen")
        assert prompt.display and waiter[1].screen.focused is prompt
        move = waiter[1].door.legal_moves()[0]  # type: ignore[union-attr]
        await waiter[0].press(*("space" if c == " " else c for c in str(move)), "enter")
        await until(waiter[0], lambda: "Done." in str(waiter[1].screen.query_one("#status", TextPanel).render()),
                    "the typed move played")
        assert prompt.display and waiter[1].screen.focused is prompt
    await server.close()


async def test_what_happens_while_the_table_screen_is_being_put_together_reaches_its_log(tmp_path: Path) -> None:
    """The screen catches up on the session when it is made and follows it once mounted: a move
    made in between (another person's, delivered as the screen opens) is told all the same."""
    from kc_tui.games.kings_corner.remote import RemoteTable

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=1)
    doors = [server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)]
    cleo = LobbyApp(server, CLEO)
    async with cleo.run_test(size=SIZE) as pc:
        door = server.watch(CLEO, info.id)
        cleo.door = door
        screen = NetworkTableScreen(RemoteTable(door))
        mover = next(d for d in doors if d.my_turn())
        mover.end_turn()  # after the screen was made, before it is mounted
        cleo.push_screen(screen)
        await until(pc, lambda: cleo.screen is screen and screen.is_mounted, "the table")
        await pc.pause()
        told = log_text(cleo)
        assert f"{mover.person.name} ends the turn." in told
        assert told.index("At the table in round 1") < told.index(f"{mover.person.name} ends the turn.")
    await server.close()


async def test_a_table_screen_opening_tells_the_tables_news_and_the_moves_in_the_order_they_came(
        tmp_path: Path) -> None:
    """Notices said before the screen followed the table (Cleo's coming, a chat line between two
    moves made as the screen opens) are told between the events they came between, not after."""
    from kc_tui.games.kings_corner.remote import RemoteTable

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=1)
    doors = [server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)]
    cleo = LobbyApp(server, CLEO)
    async with cleo.run_test(size=SIZE) as pc:
        door = server.watch(CLEO, info.id)
        cleo.door = door
        screen = NetworkTableScreen(RemoteTable(door))
        first = next(d for d in doors if d.my_turn())
        first.end_turn()  # after the screen was made, before it is mounted
        first.say("between the turns")
        second = next(d for d in doors if d.my_turn())
        second.end_turn()
        cleo.push_screen(screen)
        await until(pc, lambda: cleo.screen is screen and screen.is_mounted, "the table")
        await pc.pause()
        told = log_text(cleo)
        # The round so far follows where the table stands, Cleo's coming in its place in it.
        order = ["Chat:", "At the table in round 1", "Round 1. ", "* Cleo is watching.",
                 f"{first.person.name} ends the turn.",
                 f"{first.person.name}: between the turns", f"{second.person.name} ends the turn."]
        assert [told.index(line) for line in order] == sorted(told.index(line) for line in order), told
    await server.close()


async def test_a_new_tables_game_choice_opens_that_games_table_screen_never_a_local_game(tmp_path: Path) -> None:
    """The table server deals both games: the Game choice on the new-table screen switches
    between the two games' new-table screens (never the local new-game screens, which would
    open a game in the server's process)."""
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: any("A table for" in str(panel.render())
                                       for panel in app.screen.query("#summary")), "the new-table screen set up")
        await pilot.press("up")  # from the players' count: the Game choice
        assert app.screen.query_one("#game").has_focus
        await pilot.press("right")
        await until(pilot, lambda: isinstance(app.screen, CreateReverseTableScreen), "Kings Reverse's new-table screen")
        await until(pilot, lambda: app.screen.query_one("#game").has_focus, "its Game choice focused")
        await pilot.press("left")
        await until(pilot, lambda: isinstance(app.screen, CreateTableScreen), "the first game's again")
        assert server.tables() == ()


async def test_a_lobby_under_a_table_waits_until_it_shows_again_to_redraw_its_list(tmp_path: Path) -> None:
    """Every session's lobby hears every change of every table; under a table's screen it shows
    nothing, so it redraws its list when it shows again, not at every round of every table."""
    from textual.widgets import OptionList

    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(ADA, "Friday", build_rules(2), ["open", "easy"])
    ada = LobbyApp(server, ADA)
    async with ada.run_test(size=SIZE) as pa:
        await pa.press("1")
        await until(pa, lambda: isinstance(ada.screen, NetworkTableScreen), "the table")
        lobby = next(s for s in ada.screen_stack if isinstance(s, LobbyScreen))
        listing = lobby.query_one("#tables", OptionList)
        assert listing.option_count == 1
        server.create_table(BEN, "Saturday", build_rules(2), ["open", "open"])
        await pa.pause(0.2)
        assert listing.option_count == 1  # covered: not redrawn
        await pa.press("q")
        await until(pa, lambda: type(ada.screen).__name__ == "ConfirmScreen", "the question")
        await pa.press("y")
        await until(pa, lambda: isinstance(ada.screen, LobbyScreen), "back in the lobby")
        await until(pa, lambda: listing.option_count == 2, "the lobby brought up to date as it shows")
        assert "Saturday" in str(listing.get_option_at_index(1).prompt)
    await server.close()


async def test_changes_coming_together_are_listed_together_and_only_changed_lines_drawn(
        tmp_path: Path) -> None:
    """Two hundred people arriving together each changed every other lobby, which listed the
    tables again at each change: changes that come together are listed once, and a change to
    one table redraws that table's line only."""
    from textual.widgets import OptionList

    server = TableServer(tmp_path, pace=0, seed=3, max_tables_per_person=10)
    ada = LobbyApp(server, ADA)
    async with ada.run_test(size=SIZE) as pa:
        await until(pa, lambda: isinstance(ada.screen, LobbyScreen), "the lobby")
        lobby = ada.screen
        assert isinstance(lobby, LobbyScreen)
        listing = lobby.query_one("#tables", OptionList)
        listed: list[int] = []
        real = lobby.refresh_tables

        def counted(own_first: bool = False) -> None:
            listed.append(len(server.tables()))
            real(own_first)

        lobby.refresh_tables = counted  # type: ignore[method-assign]
        people = [Person(f"SHA256:p{i}", f"P{i}") for i in range(4)]
        for i in range(20):  # twenty changes at once (tables made)
            server.create_table(people[i % 4], f"T{i}", build_rules(2), ["open", "open"])
        await until(pa, lambda: listing.option_count == 20, "every table listed")
        await pa.pause(LIST_SECONDS * 2)
        assert 1 <= len(listed) <= 2 and listed[-1] == 20
        # One table changes: only its line is drawn again (the others' options stay as they were).
        options = [listing.get_option_at_index(i) for i in range(20)]
        prompts = [str(option.prompt) for option in options]
        last = server.tables()[-1]
        server.join(BEN, last.id, 0)
        await until(pa, lambda: str(listing.get_option_at_index(19).prompt) != prompts[19], "Ben at table 20")
        assert "Ben" in str(listing.get_option_at_index(19).prompt)
        assert [listing.get_option_at_index(i) for i in range(20)] == options
        assert [str(listing.get_option_at_index(i).prompt) for i in range(19)] == prompts[:19]
    await server.close()


async def test_a_table_screen_being_taken_down_lets_a_move_go_by_and_keeps_its_seat_listening(
        tmp_path: Path) -> None:
    """As a session ends, its table's widgets go before the screen stops listening: a move made
    at the table then is let go, not a failure that makes the server drop the seat's listener."""
    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"])
    ada = LobbyApp(server, ADA)
    async with ada.run_test(size=SIZE) as pa:
        await pa.press("1")
        ben = server.join(BEN, info.id, 1)
        await until(pa, lambda: isinstance(ada.screen, NetworkTableScreen), "the table")
        door = ada.door
        assert door is not None
        listening = list(door._listeners)
        await until(pa, lambda: "Chat" in log_text(ada), "the table's log begun")
        await ada.screen.query_one("#log", RichLog).remove()
        mover = door if door.my_turn() else ben
        moves = mover.legal_moves()
        mover.play(moves[0]) if moves else mover.end_turn()
        ben.say("still here")
        await pa.pause(0.05)
        assert door._listeners == listening
    await server.close()


# ---------------------------------------------------------------------- what the lobby offers (issue 28)
EVE = Person("SHA256:eve", "Eve")


def lobby_text(app: LobbyApp, panel: str) -> str:
    return str(app.screen.query_one(panel, TextPanel).render())


async def test_a_persons_second_table_is_not_named_like_the_first(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    first = server.create_table(EVE, "", build_rules(2), ["open", "open"])
    assert first.name == "Eve's table"
    app = LobbyApp(server, EVE)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: any("its name: Eve's table 2." in str(panel.render())
                                       for panel in app.screen.query("#summary")), "the default name")
    assert server.create_table(EVE, "", build_rules(2), ["open", "open"]).name == "Eve's table 2"
    assert server.create_table(EVE, "  ", build_rules(2), ["open", "open"]).name == "Eve's table 3"
    await server.close()


async def test_with_no_tables_the_key_line_shows_only_the_keys_that_act(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert lobby_text(app, "#keys") == "n new  ? help  q quit"
        server.create_table(BEN, "Friday", build_rules(3), ["open", "open", "hard"])
        await until(pilot, lambda: "1-2 seat at table 1" in lobby_text(app, "#keys"), "the table's keys")
        # The free seats, not every seat ("1-3" offered the computer's seat 3).
        assert lobby_text(app, "#keys") == "Enter join  1-2 seat at table 1  w watch  n new  ? help  q quit"
        assert "Table 1's free seats: 1-2; press a seat's number" in lobby_text(app, "#table-note")
        server.create_table(BEN, "Saturday", build_rules(3), ["open", "hard", "open"])
        await until(pilot, lambda: app.screen.query_one("#tables", OptionList).option_count == 2,
                    "the second table listed")
        await pilot.press("down")
        await until(pilot, lambda: "1, 3 seat at table 2" in lobby_text(app, "#keys"), "its free seats apart")
        await pilot.press("up")
        await until(pilot, lambda: "1-2 seat at table 1" in lobby_text(app, "#keys"), "the first table again")
        await pilot.press("2")  # seat 2 of the table picked
        await until(pilot, lambda: app.door is not None, "Ada seated")
        assert app.door is not None and app.door.seat == 1
        # (Ben, who made it, is not here: Ada may start it.)
        await until(pilot, lambda: "leave" in lobby_text(app, "#keys"), "the keys at a table", limit=5)
        assert lobby_text(app, "#keys") == "s start  l leave  ? help  q quit"
    await server.close()


async def test_question_mark_lists_the_lobbys_keys_and_the_palette_offers_them(tmp_path: Path) -> None:
    """The lobby had no help: ? did nothing there, and Ctrl+P offered none of its actions."""
    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(BEN, "Friday", build_rules(2), ["open", "open"])
    app = LobbyApp(server, ADA)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        titles = [title for title, _help, _run in palette(lobby, LOBBY_KEYS)]
        assert titles == ["Join the table", "Watch the table", "New table", "Start the game", "Leave the table",
                          "Give up an adjourned game",
                          "Help", "Quit"]
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, TextScreen), "the help")
        help_said = str(app.screen.query_one(".text-body", Static).render())
        for words in ("The tables", "Enter, j", "take a free seat at the table picked", "1-6", "w ",
                      "watch the table picked", "make a new table", "leave your table", "every key"):
            assert words in help_said, words
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is lobby, "the lobby again")
    await server.close()


async def test_a_spectator_leaving_is_told_they_stopped_watching(tmp_path: Path) -> None:
    """Played over ssh: leaving a table one watched said "You left the table."."""
    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Quick", build_rules(2), ["open", "open"], seed=3)
    server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    cleo = LobbyApp(server, CLEO)
    async with cleo.run_test(size=SIZE) as pc:
        await pc.press("w")
        await until(pc, lambda: isinstance(cleo.screen, NetworkTableScreen), "the table")
        await pc.press("q")
        if not isinstance(cleo.screen, LobbyScreen):
            await pc.press("y")
        await until(pc, lambda: isinstance(cleo.screen, LobbyScreen), "the lobby")
        await until(pc, lambda: "watching" in lobby_text(cleo, "#lobby-status"), "what she did")
        assert lobby_text(cleo, "#lobby-status").startswith("You stopped watching table 1.")
        # The table is full: no "Enter takes a free seat", which Enter then refused (a play test).
        assert " ".join(lobby_text(cleo, "#lobby-status").split()) == (
            "You stopped watching table 1. Its seats are all taken: w watches it again.")
    await server.close()


async def test_a_spectator_leaving_a_finished_table_that_goes_is_offered_nothing_about_it(
        tmp_path: Path) -> None:
    """A play test stopped watching a finished table, which went with its last watcher: the
    lobby said "Enter takes a free seat of the table picked (or yours again); w watches it" with
    another table picked and neither key offered."""
    server = TableServer(tmp_path, pace=0, seed=3)
    table_id, doors = finished_table(server, ADA, BEN)
    assert server.table(table_id).state == TableState.FINISHED
    cleo = LobbyApp(server, CLEO)
    async with cleo.run_test(size=SIZE) as pc:
        await until(pc, lambda: isinstance(cleo.screen, LobbyScreen), "the lobby")
        await pc.press("enter")  # (no seat to take: not "no free seat, press w")
        await until(pc, lambda: "over" in lobby_text(cleo, "#lobby-status"), "the refusal")
        assert lobby_text(cleo, "#lobby-status") == "The game at this table is over."
        await pc.press("w")
        await until(pc, lambda: any(isinstance(s, NetworkTableScreen) for s in cleo.screen_stack), "the table")
        for door in doors:
            door.leave()
        while not isinstance(cleo.screen, LobbyScreen):
            await pc.press("q")  # (the session's dialog, then the table)
            await pc.pause()
        await until(pc, lambda: "watching" in lobby_text(cleo, "#lobby-status"), "what she did")
        assert all(t.id != table_id for t in server.tables())  # gone with its last watcher
        assert " ".join(lobby_text(cleo, "#lobby-status").split()) == f"You stopped watching table {table_id}."
    await server.close()



async def test_the_welcome_offers_a_seat_only_where_one_is_free(tmp_path: Path) -> None:
    """It said "press Enter to sit" with no seat free anywhere."""
    server = TableServer(tmp_path, pace=0, seed=3)
    server.person(ADA.key, ADA.name)
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        assert lobby_text(app, "#lobby-status") == "Welcome back, Ada."  # the list says there are none
    full = server.create_table(BEN, "Friday", build_rules(2), ["open", "hard"])
    server.join(BEN, full.id, 0)
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        assert "No table has a free seat: pick one and press w to watch it, or n to make one." \
            in lobby_text(app, "#lobby-status")
    server.create_table(CLEO, "Saturday", build_rules(2), ["open", "open"])
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        assert "Pick a table and press Enter to sit, or n to make one." in lobby_text(app, "#lobby-status")
    await server.close()


async def test_a_returning_key_is_greeted_by_its_name_not_asked_it(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=3)
    server.person("SHA256:dee", "Dee")
    app = LobbyApp(TableServer(tmp_path, pace=0, seed=3), key="SHA256:dee")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Welcome back, Dee." in lobby_text(app, "#lobby-status"), "the greeting")
        assert isinstance(app.screen, LobbyScreen)
        assert app.person == Person("SHA256:dee", "Dee")


async def test_a_returning_person_finds_their_own_table_picked(tmp_path: Path) -> None:
    """After a reload (or a dropped connection) the lobby picks the table where one's seat is
    kept: it picked the first table, where Enter said "Table 1 has no free seat"."""
    server = TableServer(tmp_path, grace=60, pace=0, seed=3)
    server.create_table(CLEO, "Friday", build_rules(2), ["open", "open"])
    mine = server.create_table(ADA, "Saturday", build_rules(2), ["open", "open"])
    ada = server.join(ADA, mine.id, 0)
    server.join(BEN, mine.id, 1)
    ada.detach()  # her connection dropped: the seat is kept for her
    server.person(ADA.key, ADA.name)
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        await pilot.press("enter")
        await until(pilot, lambda: app.door is not None, "Ada back in her seat")
        assert app.door is not None and app.door.table.id == mine.id and app.door.seat == 0
    await server.close()


async def adjourned_after_a_restart(tmp_path: Path) -> tuple[TableServer, int]:
    """A table Ada and Ben played in round 1 and both left; the server started again."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=3)
    info = server.create_table(ADA, "Saturday", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    assert server.table(info.id).state == TableState.PLAYING
    ada.detach()
    ben.detach()
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while server.table(info.id).state != TableState.ADJOURNED:
        assert loop.time() < end, "never adjourned"
        await asyncio.sleep(0.01)
    await server.close()
    return TableServer(tmp_path, grace=0.01, pace=0, seed=3), info.id


async def test_an_adjourned_table_gives_its_round_and_how_to_resume_it(tmp_path: Path) -> None:
    server, table_id = await adjourned_after_a_restart(tmp_path)
    (listed,) = server.tables()
    assert listed.line().startswith("1. Saturday (adjourned in round 1; ")
    server.person(ADA.key, ADA.name)
    app = LobbyApp(server, key=ADA.key)  # greeted by her name: the note is hers from the start
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "adjourned in round 1" in lobby_text(app, "#table-note"), "the note")
        said = ("Table 1 was adjourned in round 1: Enter takes your seat again. Play resumes when its players "
                "are back, or at s (computers play for those away).")
        assert lobby_text(app, "#table-note") == said
        # Her welcome names her adjourned tables (the line mode's did, the screen's did not).
        assert lobby_text(app, "#lobby-status") == ("Welcome back, Ada. Your table 1 is adjourned: pick it "
                                                    "to resume it.")
        # Whole on the screen at 80 columns (its end was cut: "... (a computer then").
        note = app.screen.query_one("#table-note")
        drawn = " ".join("".join(seg.text for seg in strip) for strip in note.render_lines(note.region.reset_offset))
        assert drawn.split() == said.split(), drawn
        assert lobby_text(app, "#keys") == "Enter join  x give up  n new  ? help  q quit"
        await pilot.press("enter")
        await until(pilot, lambda: app.door is not None, "Ada back in her seat")
        status = lobby_text(app, "#lobby-status")
        assert "its game was adjourned in round 1. Press s to resume it" in status
        assert "waiting for the game to start" not in status
        assert "(resuming round 1; " in server.table(table_id).line()
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, NetworkTableScreen) and "Chat" in log_text(app),
                    "the game again, its screen set up")
    await server.close()


def _ada_against_easy(tmp_path: Path) -> tuple[TableServer, LobbyApp]:
    """A server with Ada's table against an easy computer, and Ada's lobby."""
    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(ADA, "Friday", build_rules(2), ["open", "easy"])
    return server, LobbyApp(server, ADA)


async def _to_her_table(pilot, app: LobbyApp, chat: bool = False) -> Any:  # noqa: ANN001 - a Pilot
    """From the lobby, Enter: at her table (with ``chat``, its chat line open); its screen."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, NetworkTableScreen), "the table")
    screen = app.screen
    if chat:
        await pilot.press("apostrophe")
        await until(pilot, lambda: screen.query_one("#prompt").display, "the chat line", limit=5)
    return screen


async def test_a_chat_line_open_at_80x24_leaves_the_whole_cross_in_sight(tmp_path: Path) -> None:
    server, app = _ada_against_easy(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_her_table(pilot, app, chat=True)
        await pilot.pause()
        top, cross = screen.query_one("#top"), screen.query_one("#cross")
        assert cross.region.bottom <= top.region.bottom, (cross.region, top.region)
    await server.close()


async def test_a_chat_line_refused_as_too_long_stays_in_its_field(tmp_path: Path) -> None:
    """Refused ("A chat line holds at most 200 characters"), the line was erased, all of it."""
    server, app = _ada_against_easy(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_her_table(pilot, app, chat=True)
        long_line = "word " * 50
        prompt = screen.query_one("#prompt", Input)
        prompt.value = long_line
        await pilot.press("enter")
        await until(pilot, lambda: "holds at most 200 characters" in str(
            screen.query_one("#status", TextPanel).render()), "the refusal")
        assert prompt.value == long_line and prompt.display
        prompt.value = "short now"
        await pilot.press("enter")
        await until(pilot, lambda: "Ada: short now" in log_text(app), "the line sent")
        assert prompt.value == ""
        # The line sent, the refusal goes from the status line (it stayed there).
        assert "holds at most" not in str(screen.query_one("#status", TextPanel).render())
        # Refused again, then closed with Esc: the refusal goes too (a play test saw it stay).
        await pilot.press("apostrophe")
        await until(pilot, lambda: prompt.display, "the chat line open again")
        prompt.value = long_line
        await pilot.press("enter")
        await until(pilot, lambda: "holds at most 200 characters" in str(
            screen.query_one("#status", TextPanel).render()), "the refusal again")
        await pilot.press("escape")
        await until(pilot, lambda: not prompt.display, "the chat line closed")
        assert "holds at most" not in str(screen.query_one("#status", TextPanel).render())
    await server.close()


async def test_a_screen_whose_seat_is_taken_from_another_connection_goes_back_saying_why(
        tmp_path: Path) -> None:
    """A frozen terminal that wakes up after its person took the seat from a new connection:
    back in the lobby, which says why (it kept its old "Welcome" line)."""
    server, app = _ada_against_easy(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_her_table(pilot, app)
        server.join(ADA, 1, 0)  # Ada again, from another connection
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
        await until(pilot, lambda: lobby_text(app, "#lobby-status") == (
            "You took your seat at table 1 from another connection: it is played there now."), "why")
        assert app.door is None
    await server.close()


async def test_the_status_line_says_who_plays_a_turn_whose_person_is_gone(tmp_path: Path) -> None:
    """While Ben's connection is dropped his turn is waited for, then played by the computer:
    Ada's status line says so, not "Ben is playing...", and changes as who plays the turn
    changes (his connection dropping during his turn, his seat's grace over)."""
    for seed in range(1, 40):  # a deal where Ben plays first
        server = TableServer(tmp_path / str(seed), pace=0, seed=3, grace=600)
        server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=seed)
        server.join(ADA, 1, 0)
        ben = server.join(BEN, 1, 1)  # the game starts
        if ben.my_turn():
            break
        await server.close()
    ada = LobbyApp(server, ADA)
    status = lambda: " ".join(str(ada.screen.query_one("#status", TextPanel).render()).split())  # noqa: E731
    async with ada.run_test(size=SIZE) as pa:
        await pa.press("enter")  # her seat again
        await until(pa, lambda: isinstance(ada.screen, NetworkTableScreen), "Ada's table")
        await until(pa, lambda: status() == "Ben is playing...", "Ben playing")
        ben.detach()  # his connection drops during his turn
        await until(pa, lambda: status() == ("Waiting for Ben, whose connection dropped: the seat is kept for "
                                             "them for a while."), "Ben waited for")
        table = server._tables[1]
        table._grace_over(table.slots[1])  # the grace time is over: the computer plays for Ben
        await until(pa, lambda: status().startswith("The computer plays for Ben, who is away")
                    or "Your turn" in status(), "the computer playing for Ben, then Ada's turn")
    await server.close()


async def test_the_name_typed_is_kept_when_another_game_is_chosen_and_names_its_table(tmp_path: Path) -> None:
    """Kings Reverse's form for a table has the name's row too: a name typed on the first
    game's form stays when the Game choice moves to Kings Reverse (it was thrown away, and the
    table called "Ada's table"), and Up from the Game choice reaches it."""
    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await _new_table_form(pilot, app)
        # The name's field stands where the choices show their values (after a 27-column label),
        # on both games' forms.
        column = app.screen.query_one("#table-name", Input).region.x
        assert column == app.screen.query_one("#game").region.x + 27
        await pilot.press("up", "up", *"Reverse night", "down", "right")  # the name, then the game
        await until(pilot, lambda: isinstance(app.screen, CreateReverseTableScreen), "Kings Reverse's form")
        summary = lambda: str(app.screen.query_one("#summary", TextPanel).render())  # noqa: E731
        await until(pilot, lambda: "its name: Reverse night;" in summary(), "the name kept")
        assert app.screen.query_one("#table-name", Input).value == "Reverse night"
        assert app.screen.query_one("#table-name", Input).region.x == column
        await until(pilot, lambda: app.screen.query_one("#game").has_focus, "its Game choice focused")
        await pilot.press("up")
        assert app.screen.focused is not None and app.screen.focused.id == "table-name"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(server.tables()) == 1, "the table made")
        (table,) = server.tables()
        assert table.name == "Reverse night" and table.game == "kings-reverse"
    await server.close()


async def test_a_say_typed_in_the_command_line_leaves_it_open_as_a_move_does(tmp_path: Path) -> None:
    """After ":say hi" the command line closed, where a move typed in it leaves it open, and the
    next commands typed became table keys; the line opened by ' for one chat line still closes."""
    server, app = _ada_against_easy(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_her_table(pilot, app)
        prompt = screen.query_one("#prompt", Input)
        await pilot.press("colon", *"say hi", "enter")
        await until(pilot, lambda: "Ada: hi" in log_text(app), "the line sent")
        assert prompt.display and app.focused is prompt and prompt.value == ""
        await pilot.press("escape", "apostrophe", *"bye", "enter")
        await until(pilot, lambda: "Ada: bye" in log_text(app), "the chat line sent")
        assert not prompt.display
    await server.close()


async def test_a_card_picked_up_while_its_targets_cannot_be_asked_leaves_the_session_running(
        tmp_path: Path) -> None:
    """A play test: while the hosts' shared store was away, picking up a card asked the table
    where it could go, the refusal ended the person's session. It marks no pile, and the
    table's screen goes on."""
    from kc_tui.games.kings_corner.remote import RemoteTable
    from kc_tui.games.kings_corner.tui.widgets import PileView
    from kc_tui.net import TableError

    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=1)
    doors = [server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)]
    mover = next(d for d in doors if d.my_turn())
    app = LobbyApp(server, mover.person)
    async with app.run_test(size=SIZE) as pilot:
        app.door = mover

        def refused(held: Any) -> Any:
            raise TableError("The hosts' shared store cannot be reached; play waits until it is back.")

        mover.targets = refused  # type: ignore[method-assign]
        screen = NetworkTableScreen(RemoteTable(mover))
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the table")
        await pilot.press("1")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert not any(view.marked for view in screen.query(PileView))
    await server.close()


@pytest.mark.parametrize("lang, typed", [("es", "decir hola"), ("fr", "dire salut")])
async def test_chat_is_typed_in_the_language_s_word_and_its_key_is_in_the_help(
        tmp_path: Path, in_language: Callable[[str], None], lang: str, typed: str) -> None:
    """A play test: on the table's command line "decir ..." was refused as too many words for
    a move and "dire ..." silently dropped (only "say" sent a line), and the table's help never
    named the chat key."""
    from kc_tui.tui.words import said

    server, app = _ada_against_easy(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _to_her_table(pilot, app)
        in_language(lang)
        await pilot.press("colon", *typed, "enter")
        line = typed.split(" ", 1)[1]
        sent = {"es": f"Ada: {line}", "fr": f"Ada\u00a0: {line}"}[lang]  # (French typography)
        await until(pilot, lambda: sent in log_text(app), "the line sent")
        (chat,) = [row for row in screen.KEY_ROWS if row.keys == "'"]  # listed by the help
        assert said(chat.description).startswith({"es": "charlar: ", "fr": "discuter\u00a0: "}[lang])
    await server.close()


async def _in_seat_2(pilot: Pilot, app: LobbyApp) -> LobbyScreen:
    """The lobby once the person took seat 2 of the first table by its key (a waiting table)."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    await pilot.press("2")
    await until(pilot, lambda: app.door is not None, "a seat taken")
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    return lobby


async def test_the_lobby_of_a_waiting_table_that_is_gone_stays_open(tmp_path: Path) -> None:
    """A play test sat at a waiting table of another host, which was then killed: the lobby's
    key line asked whether the person may start the game there, "There is no table 3" was
    raised, and the session ended."""
    from kc_tui.net import TableError

    server = TableServer(tmp_path, pace=0, seed=3)
    server.create_table(BEN, "Waiting", build_rules(3), ["open", "open", "open"])
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await _in_seat_2(pilot, app)

        def gone(person: Any, table_id: int) -> bool:
            raise TableError(f"There is no table {table_id}.")

        server.may_start = gone  # type: ignore[method-assign]
        lobby.refresh_tables()
        await pilot.pause()
        assert app.is_running and "s start" not in str(lobby.query_one("#keys", TextPanel).render())
    await server.close()


async def test_a_return_mid_game_is_offered_the_game_before_an_adjourned_table(tmp_path: Path) -> None:
    """A play test reloaded a browser mid-turn at table 2, with an adjourned table 1 of hers:
    the lobby picked table 1 and said it was adjourned, and Enter sat her there while table 2
    held her seat."""
    server, adjourned = await adjourned_after_a_restart(tmp_path)
    server.grace = 60.0  # her seat at the game going on is held while she is away
    server.person(ADA.key, ADA.name)
    info = server.create_table(CLEO, "Sunday", build_rules(2), ["open", "open"])
    server.join(CLEO, info.id, 0)
    away = server.join(ADA, info.id, 1)
    assert server.table(info.id).state == TableState.PLAYING
    away.detach()  # the reload: her connection dropped, her seat held
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        assert lobby_text(app, "#lobby-status") == ("Welcome back, Ada. Your seat at table 2 is kept for you: "
                                                    "press Enter to take it again.")
        await pilot.press("enter")
        await until(pilot, lambda: app.door is not None, "Ada back in a seat")
        assert app.door is not None and app.door.table_id == info.id and adjourned != info.id
    await server.close()



async def test_a_second_connection_is_told_it_plays_from_another_connection(tmp_path: Path) -> None:
    """A play test connected again with the key of a person playing at table 3, and was told
    "Your seat at table 3 is kept for you" while the first connection still played it."""
    server = TableServer(tmp_path, pace=0, seed=3)
    server.person(ADA.key, ADA.name)
    info = server.create_table(CLEO, "Sunday", build_rules(2), ["open", "open"])
    server.join(CLEO, info.id, 0)
    server.join(ADA, info.id, 1)  # her first connection, still at the table
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Welcome back, Ada." in lobby_text(app, "#lobby-status"), "the greeting")
        assert lobby_text(app, "#lobby-status") == (
            f"Welcome back, Ada. You are playing at table {info.id} from another connection: press "
            "Enter to take your seat here.")
    await server.close()



async def test_a_session_whose_tables_went_out_of_reach_ends_without_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play test killed the tables' host under a worker's sessions: each session's end logged
    a traceback, its app's on_unmount raising "The tables cannot be reached just now"."""
    from kc_tui.net import TableError

    server = TableServer(tmp_path, pace=0, seed=3)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

        def unreachable(*args: object) -> None:
            raise TableError("The tables cannot be reached just now; try again in a moment.")

        monkeypatch.setattr(server, "left", unreachable)
        app.quit()
    assert app.return_code in (0, None) and app._exception is None
    await server.close()


async def test_a_waiting_table_s_chat_is_said_in_the_lobby(tmp_path: Path) -> None:
    """At a table not started yet, its chat and the others' sitting down went unheard in the
    lobby (and a table gone with its host was never said to be)."""
    server = TableServer(tmp_path, pace=0, seed=3)
    info = server.create_table(BEN, "Waiting", build_rules(3), ["open", "open", "open"])
    ben = server.join(BEN, info.id, 0)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await _in_seat_2(pilot, app)
        ben.say("hi Ada")

        def status() -> str:
            return str(lobby.query_one("#lobby-status", TextPanel).render())

        await until(pilot, lambda: "Ben: hi Ada" in status(), "Ben's line in the lobby")
    await server.close()


async def test_x_pressed_twice_gives_up_an_adjourned_game_and_closes_its_table(tmp_path: Path) -> None:
    """A network play test adjourned three tables, then could make no new one: l said "You are
    at no table" (nobody sits at an adjourned table), and nothing else made room."""
    server, table_id = await adjourned_after_a_restart(tmp_path)
    server.person(ADA.key, ADA.name)
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "adjourned in round 1" in lobby_text(app, "#table-note"), "the note")
        assert "x give up" in lobby_text(app, "#keys")
        await pilot.press("x")
        await until(pilot, lambda: "Press x again to give up table 1's adjourned game for good"
                    in lobby_text(app, "#lobby-status"), "the question")
        assert [t.id for t in server.tables()] == [table_id]
        await pilot.press("x")
        await until(pilot, lambda: "Table 1 is closed: its adjourned game was given up."
                    in lobby_text(app, "#lobby-status"), "the table closed")
        assert server.tables() == ()
    await server.close()


async def test_giving_up_a_game_while_the_list_is_a_moment_behind_keeps_the_session(tmp_path: Path) -> None:
    """Played over SSH with workers, the second x closed the table and ended the session: the
    worker's list of tables still held it (the host's news comes a moment later), and the key
    line asked about a seat kept at a table that was no more ("There is no table 1")."""
    server, table_id = await adjourned_after_a_restart(tmp_path)
    server.person(ADA.key, ADA.name)
    listed = server.tables()
    server.tables = lambda: listed  # type: ignore[method-assign]  # as a worker's list, a step behind
    app = LobbyApp(server, key=ADA.key)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "x give up" in lobby_text(app, "#keys"), "the key line")
        await pilot.press("x", "x")
        await until(pilot, lambda: "Table 1 is closed" in lobby_text(app, "#lobby-status"), "the table closed")
        assert app.is_running and table_id not in server._tables
    await server.close()


async def test_leaving_asks_what_it_does_whether_others_play_on_or_the_game_is_adjourned(
        tmp_path: Path) -> None:
    """A play test was asked "Leave the table? A computer plays your seat until you come back." as
    the one person at a table of computers, and found the table adjourned."""
    server = TableServer(tmp_path, pace=0, seed=3)
    alone = server.create_table(ADA, "Ada's", build_rules(2), ["open", "easy"])
    door = server.join(ADA, alone.id, 0)
    assert door.started
    assert leave_question(door).startswith("Leave the table? You are the last person here: the game is "
                                           "adjourned")
    pair = server.create_table(BEN, "Ben's", build_rules(2), ["open", "open"])
    doors = [server.join(BEN, pair.id, 0), server.join(CLEO, pair.id, 1)]
    assert all(leave_question(d) == "Leave the table? A computer plays your seat until you come back."
               for d in doors)
    doors[1].leave()  # Cleo gone: Ben is the last person at his table now
    assert "You are the last person here" in leave_question(doors[0])
    # A guest's seat is not kept for them, whoever stays.
    gus, gil = server.person(None, "Gus"), server.person(None, "Gil")
    guests = server.create_table(gus, "Gus's", build_rules(2), ["open", "open"])
    at = [server.join(gus, guests.id, 0), server.join(gil, guests.id, 1)]
    assert leave_question(at[0]) == ("Leave the table? A computer plays your seat, and as a guest (no key) you "
                                     "cannot take it back.")
    at[1].leave()
    assert leave_question(at[0]).endswith("the game is adjourned, and as a guest (no key) you cannot resume it.")
    await server.close()
