"""Kings Reverse in the lobby and at a networked table, driven by keys (Pilot): the game chosen
on the new-table screen, and two people and a spectator at one table in three apps against one
table server in one event loop."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Callable

from textual.pilot import Pilot
from textual.widgets import RichLog

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.tui.network import CreateTableScreen
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.net import ReverseDoor
from kc_tui.games.kings_reverse.tui.network import CreateReverseTableScreen, NetworkReverseTableScreen
from kc_tui.games.kings_reverse.tui.widgets import ReverseHandView
from kc_tui.net import Person, TableServer, TableState
from kc_tui.tui.lobby import LobbyApp, LobbyScreen
from kc_tui.tui.widgets import Choice, TextPanel, any_card_text

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")
SIZE = (100, 34)


async def until(pilot: Pilot, condition: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await pilot.pause(0.01)


def log_text(app: LobbyApp) -> str:
    return "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)


def status(app: LobbyApp) -> str:
    return str(app.screen.query_one("#status", TextPanel).render())


async def test_the_new_table_screen_makes_a_kings_reverse_table_when_that_game_is_chosen(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    app = LobbyApp(server, ADA)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CreateTableScreen), "the new-table screen")
        app.screen.query_one("#game", Choice).focus()
        await pilot.press("right")  # the next game: Kings Reverse
        await until(pilot, lambda: isinstance(app.screen, CreateReverseTableScreen), "Kings Reverse's table screen")
        await until(pilot, lambda: "A Kings Reverse table for 4" in str(app.screen.query_one("#summary").render()),
                    "its summary")
        await pilot.press("ctrl+s")
        # One open seat (Ada's) and computers: taking it starts the game at once.
        await until(pilot, lambda: isinstance(app.screen, NetworkReverseTableScreen), "the Kings Reverse table")
        (table,) = server.tables()
        assert table.game == "kings-reverse" and table.state == TableState.PLAYING
        assert "Kings Reverse" in table.line() and table.seats[0].name == "Ada"
        door = app.door
        assert isinstance(door, ReverseDoor)
        await until(pilot, lambda: app.screen.query_one(ReverseHandView).cards == door.view().hand, "Ada's hand")
    await server.close()


async def test_two_people_and_a_spectator_at_a_kings_reverse_table_by_keys(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=7)
    ada, ben, cleo = LobbyApp(server, ADA), LobbyApp(server, BEN), LobbyApp(server, CLEO)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb, cleo.run_test(size=SIZE) as pc:
        await pc.press("w")
        await until(pc, lambda: cleo.door is not None, "Cleo watching")
        await pa.press("1")
        await pb.press("2")  # the last open seat: the game starts
        for pilot, app in ((pa, ada), (pb, ben), (pc, cleo)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkReverseTableScreen), "the table")
        doors = {0: ada.door, 1: ben.door}
        assert isinstance(doors[0], ReverseDoor) and isinstance(doors[1], ReverseDoor)
        assert cleo.screen.query_one(ReverseHandView).cards == ()
        for seat, app in ((0, ada), (1, ben)):
            await until(pa, lambda app=app, seat=seat: app.screen.query_one(ReverseHandView).cards
                        == doors[seat].view().hand, "the hand")  # type: ignore[union-attr]

        # The person whose turn it is draws with d; the other's screen follows.
        game = server._tables[info.id].service.game  # type: ignore[union-attr]
        current = game.current
        mover, other = ((pa, ada), (pb, ben)) if current == 0 else ((pb, ben), (pa, ada))
        await until(mover[0], lambda: "Your turn" in status(mover[1]),
                    "the mover's prompt")
        # Out of turn: the key is refused with a sentence, nothing changes.
        steps = game.steps
        await other[0].press("d")
        await until(other[0], lambda: "turn" in status(other[1]), "the refusal")
        assert game.steps == steps
        await mover[0].press("d")
        await until(mover[0], lambda: game.steps != steps, "the draw applied")
        await until(other[0], lambda: "drew" in log_text(other[1]) or "draws" in log_text(other[1]),
                    "the other's log showing the draw")

        # Cleo's reading keys speak to a spectator (i said the hands wait for a player to have the
        # keyboard, a "Nothing has happened since your last turn").
        await pc.press("i")
        await until(pc, lambda: "You are watching: no hand is shown." in status(cleo), "i")
        await pc.press("d")  # an action key: not "It is Ada's turn."
        await until(pc, lambda: "You are watching this table; spectators cannot play." in status(cleo), "d")
        await pc.press("a")
        await until(pc, lambda: "since your last turn" not in status(cleo) and "draw" in status(cleo), "a")

        # Chat: ' opens a line; everyone's log shows it.
        await pa.press("apostrophe", *"hello all", "enter")
        for pilot, app in ((pa, ada), (pb, ben), (pc, cleo)):
            await until(pilot, lambda app=app: "Ada: hello all" in log_text(app), "the chat line")

        # Ben leaves: a computer plays his seat, announced to the others.
        await pb.press("q")
        await pb.press("y")
        await until(pb, lambda: isinstance(ben.screen, LobbyScreen), "Ben back in the lobby")
        await until(pa, lambda: "The computer (hard) plays for Ben" in log_text(ada), "the takeover notice")
        assert game.phase in (Phase.TURN, Phase.ROUND_OVER, Phase.SESSION_OVER)
    await server.close()


async def test_the_session_over_is_shown_to_both_screens_and_they_go_back_to_the_lobby(tmp_path: Path) -> None:
    from kc_tui.games.kings_reverse.ai import make_player
    from kc_tui.tui.dialogs import TextScreen
    from kc_tui.tui.round_over import RoundOverScreen

    server = TableServer(tmp_path, pace=0, seed=2026)
    # A target of 1: whoever is left with a card ends the session with the first round.
    info = server.create_table(ADA, "Short", build_rules(2, hand_size=5, target=1), ["open", "open"], seed=3)
    ada, ben = LobbyApp(server, ADA), LobbyApp(server, BEN)
    async with ada.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
        await pa.press("1")
        await pb.press("2")
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkReverseTableScreen), "the table")
        game = server._tables[info.id].service.game  # type: ignore[union-attr]
        doors = {0: ada.door, 1: ben.door}
        chooser = make_player("easy")
        while game.phase == Phase.TURN:  # the people's actions, through their doors
            door = doors[game.current]
            assert isinstance(door, ReverseDoor)
            door.act(chooser.choose(door.view()))
            await pa.pause(0.01)
        assert game.phase == Phase.SESSION_OVER
        for pilot, app in ((pa, ada), (pb, ben)):
            await until(pilot, lambda app=app: isinstance(app.screen, RoundOverScreen), "the round-over dialog")
            await pilot.press("enter")
            await until(pilot, lambda app=app: isinstance(app.screen, TextScreen), "the session's scores")
            await pilot.press("escape")
            await until(pilot, lambda app=app: isinstance(app.screen, LobbyScreen), "back in the lobby")
        assert server.tables() == ()  # over, and its people gone: the table goes
        server.drain()
        assert not (tmp_path / "tables" / f"table-{info.id}.json").exists()
    await server.close()


async def test_a_spectator_reads_the_rounds_result_in_the_log_and_no_hand_but_its_own_is_shown(tmp_path: Path) -> None:
    from kc_tui.games.kings_reverse.ai import make_player
    from kc_tui.tui.round_over import RoundOverScreen

    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "Watched", build_rules(2, hand_size=5), ["open", "easy"], seed=6)
    ada, cleo = LobbyApp(server, ADA), LobbyApp(server, CLEO)
    async with ada.run_test(size=SIZE) as pa, cleo.run_test(size=SIZE) as pc:
        await pc.press("w")
        await until(pc, lambda: cleo.door is not None, "Cleo watching")
        await pa.press("1")  # the one person's seat: the game starts
        for pilot, app in ((pa, ada), (pc, cleo)):
            await until(pilot, lambda app=app: isinstance(app.screen, NetworkReverseTableScreen), "the table")
        game = server._tables[info.id].service.game  # type: ignore[union-attr]
        door = ada.door
        assert isinstance(door, ReverseDoor)
        chooser = make_player("easy")
        while game.phase == Phase.TURN:
            if door.my_turn():
                door.act(chooser.choose(door.view()))
            await pa.pause(0.01)
        await until(pc, lambda: "Round over." in log_text(cleo), "the round's result in the spectator's log")
        assert not isinstance(cleo.screen, RoundOverScreen)
        await until(pa, lambda: isinstance(ada.screen, RoundOverScreen), "the player's round-over dialog")
        shown = " ".join(ada.screen.text.split())  # type: ignore[attr-defined]
        own = {str(c) for c in game.hand(0)}
        for card in game.hand(1):  # the computer's cards left are never named to Ada (but her own copies)
            if str(card) not in own:
                assert f" {any_card_text(card, False)} " not in f" {shown} " and f" {card} " not in f" {shown} "
    await server.close()


async def test_what_the_table_said_before_its_screen_opened_reaches_the_kings_reverse_log(
        tmp_path: Path) -> None:
    """A notice of the table said after a seat's screen was made and before it listens (a chat
    line as the game starts) is kept and told after the chat hint, as at the first game's table."""
    from kc_tui.games.kings_reverse.remote import ReverseRemote

    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"], seed=1)
    doors = [server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)]
    ada = LobbyApp(server, ADA)
    async with ada.run_test(size=SIZE) as pa:
        door = doors[0]
        assert isinstance(door, ReverseDoor)
        ada.door = door
        screen = NetworkReverseTableScreen(ReverseRemote(door))
        doors[1].say("good luck")  # after the screen was made, before it listens
        ada.push_screen(screen)
        await until(pa, lambda: ada.screen is screen and bool(screen.query("#log"))
                    and "Ben: good luck" in log_text(ada), "the chat line")
        told = log_text(ada)
        # The round so far follows where the table stands, the chat line in its place in it.
        order = ["Chat:", "* The game starts.", "Kings Reverse at table 1, round 1", "Round 1: You deal",
                 "Ben: good luck"]
        assert [told.index(line) for line in order] == sorted(told.index(line) for line in order), told
    await server.close()
