"""Tables over real SSH sessions: people in the lobby of ``kings-corner serve``, each an asyncssh
client on a ``pyte`` screen, playing by keystrokes.  Every byte each client receives is checked
against the cards it must not see at that moment: another seat's hand and the stock for a
player, every hand and the stock for a spectator."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import re
import signal
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from pathlib import Path

import pytest
from sshclient import Player, fingerprint, new_key
from waiting import until

from kc_tui.core.cards import CARDS, Card, cards_of_mask
from kc_tui.core.i18n import Domain
from kc_tui.core.kinds import Phase
from kc_tui.core.workers import process_gone
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import TableServer, TableState
from kc_tui.net.link import LinkHost, _Peer
from kc_tui.ssh import GameSSHServer
from kc_tui.ssh import server as server_module
from kc_tui.ssh import workers as workers_module
from kc_tui.ssh.gate import Gate, GateLimits
from kc_tui.ssh.lobby import lobby_front_ends
from kc_tui.ssh.workers import Workers
from kc_tui.tui.widgets import card_text

pytestmark = pytest.mark.timeout(400)

SIZE = (100, 34)
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_]|.)")


def shown(card: Card) -> tuple[str, str]:
    """How a card can be drawn: R1 notation (ASCII) and with its suit's glyph."""
    return card_text(card, True), card_text(card, False)


def card_pattern(cards: set[Card]) -> re.Pattern[str] | None:
    if not cards:
        return None
    forms = sorted({form for card in cards for form in shown(card)}, key=len, reverse=True)
    # Not part of a longer word: "7H" must not match in "17H" or "7Hz".
    return re.compile(r"(?<![0-9A-Za-z])(" + "|".join(map(re.escape, forms)) + r")(?![0-9A-Za-z])")


class Referee:
    """What each seat may not see at this moment, read from the server's own game."""

    def __init__(self, tables: TableServer, table_id: int) -> None:
        self.tables = tables
        self.table_id = table_id

    def game(self):  # noqa: ANN201 - the referee's state, for the test only
        service = self.tables._tables[self.table_id].service
        return None if service is None else service.game

    def hidden_from(self, seat: int | None) -> set[Card]:
        game = self.game()
        if game is None:
            return set()
        hidden = {CARDS[i] for i in game.stock}
        if game.phase == Phase.TURN:  # at a round's end every hand is shown to all (round over)
            for other, mask in enumerate(game.hands):
                if other != seat:
                    hidden.update(cards_of_mask(mask))
        return hidden


class Watched:
    """A player whose every received chunk is checked, and whose screen is checked after it."""

    def __init__(self, player: Player, referee: Referee, seat: Callable[[], int | None], name: str) -> None:
        self.player = player
        self.referee = referee
        self.seat = seat
        self.name = name
        self.leaks: list[str] = []
        player.on_data = self.check

    def check(self, data: bytes) -> None:
        if not self.referee.tables._tables.get(self.referee.table_id):
            return
        pattern = card_pattern(self.referee.hidden_from(self.seat()))
        if pattern is None:
            return
        # Escape sequences become separators, so that text drawn in two places cannot join.
        raw = ESCAPES.sub(b"\x00", data).decode("utf-8", "replace")
        for where, text in (("bytes", raw), ("screen", self.player.text())):
            found = pattern.search(text)
            if found:
                self.leaks.append(f"{self.name} was sent {found.group(0)} ({where})")
        # The log's sentences name cards in words ("the six of clubs"), wrapped anywhere.
        spoken = " ".join(ESCAPES.sub(b" ", data).decode("utf-8", "replace").split())
        for card in self.referee.hidden_from(self.seat()):
            if card.words in spoken:
                self.leaks.append(f"{self.name} was sent {card.words!r} (bytes)")


def cards_in(value: object) -> Iterator[Card]:
    """Every card a value holds, however deep (events, views, frames, summaries, refusals)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (str, bytes, int, float, Enum, Domain)) or value is None:
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif isinstance(value, tuple) and hasattr(value, "hand_mask"):  # an observation: a hand as bits
        yield from cards_of_mask(value.hand_mask)
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, BaseException):
        yield from cards_in(value.args)


class LinkWatch:
    """Every message the table host sends a worker, checked as it is sent against the cards
    hidden from every seat that worker serves (a worker serving no seat of the table: from a
    spectator): no hidden card may reach a process that draws another seat's screen."""

    def __init__(self, referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
        self.referee = referee
        self.leaks: list[str] = []
        self.messages = 0
        push, answer = _Peer.push, LinkHost._answer
        watch = self

        def watched_push(peer: _Peer, message: object) -> None:
            watch.check(peer, message)
            push(peer, message)

        def watched_answer(host: LinkHost, peer: _Peer, *args: object) -> object:
            answered = answer(host, peer, *args)  # type: ignore[arg-type]
            watch.check(peer, answered)
            return answered

        monkeypatch.setattr(_Peer, "push", watched_push)
        monkeypatch.setattr(LinkHost, "_answer", watched_answer)

    def check(self, peer: _Peer, message: object) -> None:
        self.messages += 1
        seats = {hosted.door.seat for hosted in peer.doors.values()} or {None}
        hidden = set.intersection(*(self.referee.hidden_from(seat) for seat in seats))
        for card in cards_in(message):
            if card in hidden:
                self.leaks.append(f"worker {peer.worker} (seats {seats}) was sent {card}")


class Night:
    """A server of tables on a free port, and the people who connect to it: its sessions served
    in this process, or (``workers``) in that many worker processes, as ``serve --workers``."""

    def __init__(self, data: Path, grace: float = 60.0, workers: int = 0) -> None:
        self.data = data
        self.grace = grace
        self.workers = workers
        self.players: list[Player] = []

    async def start(self) -> None:
        self.tables = TableServer(self.data, grace=self.grace, pace=0, seed=3)
        gate = Gate(GateLimits(per_minute=1000))
        self.server: GameSSHServer | Workers
        if self.workers:
            self.server = Workers(self.workers, self.tables, self.data / "host_key", port=0, gate=gate)
        else:
            self.server = GameSSHServer(lobby_front_ends(self.tables), self.data / "host_key", port=0,
                                        gate=gate)
        await self.server.start()

    async def stop(self) -> None:
        await self.server.stop()
        await self.tables.close()
        for player in self.players:
            await player.close()
        self.players.clear()

    async def ada_and_ben(self):  # noqa: ANN201 - the test's people and table
        """Ada (the full screen, a key that chose its name before) and Ben (the line mode) at a
        table of two, its game started: Ada's key, the table, Ada, Ben, the referee's game.  A
        fixed deal: on about one deal in twenty the computer plays out Ada's whole hand in the
        turn it takes over for her, and the round is over before her seat can be given back."""
        ada_key, ben_key = new_key(), new_key()
        owner = self.tables.person(fingerprint(ada_key), "Ada")
        info = self.tables.create_table(owner, "Friday", build_rules(2), ["open", "open"], seed=1)
        ada = await self.person(ada_key, "Ada")
        ben = await self.person(ben_key, term=None)
        ben.type("Ben\n")
        await ada.wait_for("Welcome back, Ada")
        ada.press("1")
        await ada.wait_for("Press s to start it")
        ben.type("join 1\n")
        await until(lambda: self.tables.table(info.id).state == TableState.PLAYING, "the game")
        game = Referee(self.tables, info.id).game()
        assert game is not None
        return ada_key, info, ada, ben, game

    async def ada_at_her_turn(self):  # noqa: ANN201 - as ada_and_ben
        """:meth:`ada_and_ben`, at Ada's turn (Ben's first turn ended if the deal gave him one),
        her screen saying so."""
        ada_key, info, ada, ben, game = await self.ada_and_ben()
        if game.current == 1:
            await ben.wait_for("Ben>", raw=True)
            ben.type("end!\n")
        await until(lambda: game.current == 0, "Ada's turn")
        await ada.wait_for("Your turn")
        return ada_key, info, ada, ben, game

    async def line_person(self, name: str) -> Player:
        """A first visit in the line mode without a terminal, named ``name``: in the lobby."""
        player = await self.person(new_key(), term=None)
        player.type(f"{name}\n")
        await player.wait_for(f"Welcome, {name}", raw=True)
        return player

    async def person(self, key, name: str | None = None, **options: object) -> Player:  # noqa: ANN001
        if name is not None:
            self.tables.person(fingerprint(key), name)  # a name chosen on an earlier visit
        options = {"columns": SIZE[0], "rows": SIZE[1], **options}
        player = await Player.open(self.server.port, key, **options)  # type: ignore[arg-type]
        self.players.append(player)
        return player


def state(tables: TableServer, table_id: int) -> object:
    service = tables._tables[table_id].service
    if service is None:
        return None
    game = service.game
    return (game.phase, game.current, game.turns, tuple(game.hands), tuple(map(tuple, game.piles)))


def hand_line(text: str) -> list[str]:
    """The cards of the hand line on the screen, in order."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if "Hand " in row), None)
    if start is None:
        return []
    line = ""
    for row in rows[start:]:  # a long hand runs on over several rows of its box
        if row.startswith(("╰", "╚", "+")):
            break
        line += " " + row.strip("│║| ")
    return re.findall(r"\w:(\S+?)\]?(?=\s|$|\])", line.split("Hand", 1)[-1])


async def hand_key(player: Player, hand: tuple[Card, ...], card: Card) -> str:
    """The key that picks ``card`` from the hand, as the hand line on the screen labels it, once
    the screen shows the hand as it is now (a card drawn moves the labels after it)."""
    want = [card_text(c, False) for c in hand]
    await player.wait_until(lambda text: hand_line(text) == want, f"the hand {want} on the screen")
    found = re.search(r"(\w):" + re.escape(card_text(card, False)), player.text())
    assert found, f"{card} is not in the hand on the screen:\n{player.text()}"
    return found.group(1)


async def play_a_turn(night: Night, table_id: int, mover: Player, door) -> None:  # noqa: ANN001
    """The person whose turn it is plays it by keys: each card that fits, picked by its key and
    dropped with Enter, then ``e`` to end the turn."""
    tables = night.tables
    for _ in range(30):
        if not door.my_turn():
            return
        moves = door.legal_moves()
        cards = [m for m in moves if isinstance(m, PlayCard)]
        before = state(tables, table_id)
        if cards and isinstance(cards[0], PlayCard):
            # Pick the card by its key, then Enter drops it on the first pile it fits.
            view = door.view()
            key = await hand_key(mover, view.observation.hand, cards[0].card)
            mover.press(key)
            held = f"Holding {card_text(cards[0].card, False)}"
            await mover.wait_until(lambda text, held=held: held in text, f"{cards[0]} picked with {key}")
            mover.press("enter")
        else:
            # The mover's screen knows it is their turn (its keys say e ends it) before e is
            # pressed: pressed while it still showed the other's turn, it was refused there.
            await mover.wait_for("e end turn")
            mover.press("e")
            if moves:
                await mover.wait_for("still open")  # ending with moves still open asks first
                mover.press("y")
        await until(lambda before=before: state(tables, table_id) != before,
                    f"the move {cards[0] if cards else 'end'} applied; the mover's screen:\n{mover.text()}")
    raise AssertionError("a turn of more than 30 moves")


WORKERS = pytest.mark.parametrize("workers", [0, 2], ids=["one-process", "two-workers"])
"""Served in the tables' own process, and by two worker processes (each person on another)."""


@WORKERS
async def test_two_people_play_a_whole_round_over_ssh_and_no_hidden_card_is_ever_sent(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        ada_key, ben_key, cleo_key = new_key(), new_key(), new_key()
        owner = night.tables.person(fingerprint(ada_key), "Ada")
        # A fixed, short deal (about 24 moves by this test's way of playing, where most deals
        # take 80): a whole round, ended by a player going out, in a third of the time.
        info = night.tables.create_table(owner, "Friday", build_rules(2), ["open", "open"], seed=16)
        referee = Referee(night.tables, info.id)
        link = LinkWatch(referee, monkeypatch) if workers else None
        ada = await night.person(ada_key, "Ada")
        ben = await night.person(ben_key)  # first visit: asked a name
        cleo = await night.person(cleo_key, "Cleo", term="linux")  # a console: ASCII
        watched = [Watched(ada, referee, lambda: 0, "Ada"), Watched(ben, referee, lambda: 1, "Ben"),
                   Watched(cleo, referee, lambda: None, "Cleo (watching)")]
        await ben.wait_for("Your name at the tables")  # a first visit; the others are greeted by
        ben.type("Ben")                                # the name they chose last time
        ben.press("enter")
        for player in (ada, ben, cleo):
            await player.wait_for("Welcome")
        cleo.press("w")
        await until(lambda: night.tables.table(info.id).spectators == 1, "Cleo watching")
        ada.press("1")
        await ada.wait_for("Press s to start it")
        ben.press("2")  # the last open seat: the game starts
        await until(lambda: night.tables.table(info.id).state == TableState.PLAYING, "the game started")
        doors = {}
        for _ in range(200):
            doors = {d.seat: d for d in night.tables._tables[info.id].doors()}
            if 0 in doors and 1 in doors:
                break
            await asyncio.sleep(0.02)
        game = referee.game()
        assert game is not None
        if isinstance(night.server, Workers):  # each worker holds doors of this table's seats
            peers = night.server.link.peers.values()
            assert len(peers) == 2 and all(peer.doors for peer in peers)
        for seat, player in ((0, ada), (1, ben)):
            hand = cards_of_mask(game.hands[seat])
            await player.wait_for(card_text(hand[0], False))  # its own hand, in glyphs
        await cleo.wait_for("You are watching")

        # Out of turn: a clear refusal, and nothing changes.
        idle = ben if game.current == 0 else ada
        before = state(night.tables, info.id)
        idle.press("e")
        await idle.wait_for("turn")
        await asyncio.sleep(0.2)
        assert state(night.tables, info.id) == before

        people = {0: ada, 1: ben}
        turns = 0
        while game.phase == Phase.TURN:
            current = game.current
            await play_a_turn(night, info.id, people[current], doors[current])
            turns += 1
            assert turns < 400
        assert game.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER)
        for player in (ada, ben):
            await player.wait_for("Round 1")  # the round's dialog
        await cleo.wait_for("Round over")  # a spectator's status line (the result is in the log)
        await asyncio.sleep(0.3)
        leaks = [leak for w in watched for leak in w.leaks]
        assert not leaks, leaks[:10]
        if link is not None:
            assert link.messages > 100 and not link.leaks, (link.messages, link.leaks[:10])
        # Cleo's console got no glyphs at all; the others got them.
        assert "♥" not in cleo.received.decode() and "♥" in ada.received.decode()
    finally:
        await night.stop()


@WORKERS
@pytest.mark.parametrize("terminal", [None, "xterm-256color"], ids=["no-terminal", "plain-with-a-terminal"])
async def test_the_line_mode_lobby_and_table_over_ssh(tmp_path: Path, terminal: str | None, workers: int) -> None:
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        key = new_key()
        dora = await night.person(key, term=terminal, command="plain" if terminal else None)
        await dora.wait_for("Your name at the tables", raw=True)
        dora.type("Dora\r")
        await dora.wait_for("Welcome, Dora", raw=True)
        dora.type("new open hard\r")  # one open seat, taken by its maker: the game starts
        await until(lambda: any(t.state == TableState.PLAYING for t in night.tables.tables()), "the game")
        (table,) = night.tables.tables()
        game = Referee(night.tables, table.id).game()
        assert game is not None
        Watched(dora, Referee(night.tables, table.id), lambda: 0, "Dora")
        await dora.wait_for("Dora>", raw=True)
        turns = game.turns
        dora.type("nonsense\r")
        await dora.wait_for("is not a command", raw=True)
        for _ in range(3):  # Dora ends her turns; the computer plays its own in between
            await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Dora's turn")
            if game.phase != Phase.TURN:
                break
            before, asked = game.turns, dora.received.count(b"to go on: ")
            dora.type("end\r")  # with moves still open it asks first: y ends the turn
            await until(lambda before=before, asked=asked: game.turns > before or game.phase != Phase.TURN
                        or dora.received.count(b"to go on: ") > asked, "the turn ended, or the question")
            if game.turns == before and game.phase == Phase.TURN:
                said = dora.received.count(b"moves were still open")
                dora.type("y\r")
                await until(lambda before=before: game.turns > before or game.phase != Phase.TURN, "the turn ended")
                # What was left is said, with two workers too (the end comes after the call there).
                await until(lambda said=said: dora.received.count(b"moves were still open") > said,
                            "the moves still open said")
        assert game.turns > turns
        assert b"moves still open? Type y (or end) to end it" in dora.received  # asked, as at home
        if terminal:
            assert "end\r\n" in dora.received.decode()  # echoed by the server: the client's terminal is raw
        dora.type("quit\r")
        await asyncio.wait_for(dora.closed.wait(), 10)
        assert "Goodbye." in dora.received.decode()
    finally:
        await night.stop()


@WORKERS
async def test_a_dropped_connection_keeps_the_seat_then_a_computer_plays_it_until_its_person_is_back(
        tmp_path: Path, workers: int) -> None:
    night = Night(tmp_path, grace=0.5, workers=workers)
    await night.start()
    try:
        ada_key, info, ada, ben, game = await night.ada_at_her_turn()

        assert ada.conn is not None
        ada.conn.abort()  # mid-turn, the connection is simply gone
        await ben.wait_for("Ada has lost the connection", raw=True)
        await ben.wait_for("The computer (hard) plays for Ada", raw=True)
        await until(lambda: game.current == 1 or game.phase != Phase.TURN, "the computer ended Ada's turn")
        assert game.phase == Phase.TURN, "the computer went out for Ada: this deal cannot test her return"

        ada = await night.person(ada_key)  # back, with the same key: greeted by her name
        await ada.wait_for("Welcome back, Ada")
        ada.press("enter")  # join: her own seat again
        await ben.wait_for("Ada is back in seat 1", raw=True)
        await ada.wait_for("Hand")
        await ben.wait_for("Ben>", raw=True)
        ben.type("end!\n")
        await until(lambda: game.current == 0, "Ada's turn again")
        seat = night.tables.table(info.id).seats[0]
        await until(lambda: not night.tables.table(info.id).seats[0].stand_in, "Ada playing her seat herself")
        assert seat.name == "Ada"
        await ada.wait_for("Your turn")
    finally:
        await night.stop()


async def test_a_restarted_server_lists_the_adjourned_table_and_its_players_resume_it(tmp_path: Path) -> None:
    night = Night(tmp_path)
    await night.start()
    key = new_key()
    try:
        dora = await night.person(key, term=None)
        dora.type("Dora\n")
        await dora.wait_for("Welcome, Dora", raw=True)
        dora.type("new open hard\n")
        await until(lambda: any(t.state == TableState.PLAYING for t in night.tables.tables()), "the game")
        # Her turn, or the round's end: in one CI run Ada went out on the round's first turn.
        await until(lambda: b"Dora>" in dora.received or b"Press Enter for the" in dora.received,
                    "Dora's turn or the round's end")
    finally:
        await night.stop()  # the server stops: the game in progress is adjourned
    assert "The server is stopping. The games in progress are kept" in " ".join(dora.received.decode().split())

    night = Night(tmp_path)
    await night.start()
    try:
        (table,) = night.tables.tables()
        assert table.state == TableState.ADJOURNED
        dora = await night.person(key)
        await dora.wait_for("Welcome back, Dora")
        assert "adjourned in round 1" in dora.text()
        dora.press("enter")  # her own seat: the game resumes
        await until(lambda: night.tables.table(table.id).state == TableState.PLAYING, f"the game resumed:\n{dora.text()}")
        await dora.wait_until(lambda text: "Hand" in text or "Round over" in text, "her hand, or the round's end")
    finally:
        await night.stop()


@pytest.mark.parametrize("return_key", ["\r", "\n", "\r\n"], ids=["cr", "lf", "crlf"])
async def test_return_closes_the_name_dialog_of_a_first_visit_whatever_the_client_sends(
        tmp_path: Path, return_key: str) -> None:
    night = Night(tmp_path)
    await night.start()
    try:
        night.tables.create_table(night.tables.person("SHA256:zed", "Zed"), "Z", build_rules(2), ["open", "open"])
        eve = await night.person(new_key())  # a first visit: asked a name
        await eve.wait_for("Your name at the tables")
        eve.type("Eve" + return_key)  # a terminal in newline mode sends LF; some send CR LF
        await eve.wait_for("Welcome, Eve")
        eve.type(return_key)  # one Return, one key: CR LF does not also take the seat twice
        await until(lambda: night.tables.table(1).seats[0].name == "Eve", "Eve seated by Return")
        assert night.tables.table(1).seats[1].free
    finally:
        await night.stop()


async def test_the_workers_outlive_their_fork_server_and_still_say_goodbye(tmp_path: Path) -> None:
    """The workers are forked by multiprocessing's fork server, which passes their exit status
    on.  Killed (a signal to the server's process group), it took that with it: every worker
    read as ended, none was told to stop, and the server stopped without their goodbye."""
    from multiprocessing import forkserver

    night = Night(tmp_path, workers=2)
    await night.start()
    assert isinstance(night.server, Workers)
    started = sorted(night.server.pids())
    try:
        ada = await night.line_person("Ada")
        os.kill(forkserver._forkserver._forkserver_pid, signal.SIGKILL)  # type: ignore[attr-defined]
        await until(lambda: all(w.process is not None and w.process._process.exitcode is not None
                                for w in night.server.workers), "the fork server's word lost")
        assert sorted(night.server.pids()) == started  # both run still
    finally:
        await night.stop()
    await asyncio.wait_for(ada.closed.wait(), 15)
    assert "The server is stopping" in " ".join(ada.received.decode().split())
    assert not [pid for pid in started if not process_gone(pid)]


async def test_a_killed_worker_loses_no_table_and_no_other_session(tmp_path: Path) -> None:
    night = Night(tmp_path, workers=2)
    await night.start()
    assert isinstance(night.server, Workers)
    started = night.server.pids()
    try:
        ada_key, info, ada, ben, game = await night.ada_and_ben()  # (on the two workers)
        await ada.wait_for("Hand")
        played = game.turns
        # The worker serving Ada dies, all at once.
        (peer,) = [p for p in night.server.link.peers.values()
                   if any(h.door.person.name == "Ada" for h in p.doors.values())]
        killed = int(peer.worker.split("/")[1])
        os.kill(killed, signal.SIGKILL)
        await asyncio.wait_for(ada.closed.wait(), 15)
        await ben.wait_for("Ada has lost the connection", raw=True)  # the other worker's person is told
        await until(lambda: len(night.server.pids()) == 2 and killed not in night.server.pids(),
                    "a worker in the killed one's place")
        assert night.tables.table(info.id).state == TableState.PLAYING  # the table is whole
        assert game.turns == played
        ada = await night.person(ada_key)  # back, on whichever worker: her seat again
        await ada.wait_for("Welcome back, Ada")
        ada.press("enter")
        await ben.wait_for("Ada is back", raw=True)
        await ada.wait_for("Hand")
        # The game goes on from where it was: whoever's turn it is ends it.
        if game.current == 0:
            await ada.wait_for("Your turn")
            ada.press("e")
            await ada.wait_for("end")
            ada.press("e")
        else:
            await ben.wait_for("Ben>", raw=True)
            ben.type("end!\n")
        await until(lambda: game.turns > played, "a turn played after the worker died")
    finally:
        await night.stop()
    for pid in [*started, *night.server.pids()]:  # every worker ended with the server
        assert not os.path.exists(f"/proc/{pid}") or _zombie(pid), pid


def _zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "Z"


async def test_a_worker_whose_sessions_ended_retires_and_a_fresh_one_serves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers_module, "RETIRE_AFTER", 2)
    night = Night(tmp_path, workers=1)
    await night.start()
    assert isinstance(night.server, Workers)
    (first,) = night.server.pids()
    try:
        for name in ("Ada", "Ben"):  # two sessions come and go on the one worker
            player = await night.person(new_key(), term=None)
            player.type(f"{name}\n")
            await player.wait_for(f"Welcome, {name}", raw=True)
            player.type("quit\n")
            await asyncio.wait_for(player.closed.wait(), 10)
        # It is retired: a fresh worker takes the next connections, and the old one ends.
        await until(lambda: first not in night.server.pids() and len(night.server.pids()) == 1,
                    "the worker retired and another in its place")
        await night.line_person("Cleo")
    finally:
        await night.stop()


async def test_sessions_arriving_together_draw_their_first_screens_a_few_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "STARTS_AT_ONCE", 1)
    night = Night(tmp_path)
    await night.start()
    assert isinstance(night.server, GameSSHServer)
    starting = night.server.starting
    try:
        await starting.acquire()  # the one place is taken: the sessions arriving now wait for it
        names = ["Ada", "Ben", "Cleo", "Dora"]
        players = await asyncio.gather(*(night.person(new_key(), name) for name in names))
        await until(lambda: len(starting._waiters or ()) == len(names), "every app waiting its turn")  # type: ignore[attr-defined]
        assert not any("Welcome" in player.text() for player in players)
        starting.release()
        for player, name in zip(players, names):  # one by one, each drawn in turn
            await player.wait_for(f"Welcome back, {name}")
        await until(lambda: starting._value == 1, "the place given back")  # type: ignore[attr-defined]
    finally:
        await night.stop()


@WORKERS
async def test_the_line_mode_tells_a_step_of_ones_own_before_the_prompt_that_follows_it(
        tmp_path: Path, workers: int) -> None:
    """With workers, a call's answer brought the door's new state before the step's events: the
    line mode prompted "table>" and "Press Enter for the next round" before the turn's end was
    said, and on a new round begun by Dora said her new hand, with the last round's news
    ("Since your turn: ..."), before the deal."""
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        dora = await night.line_person("Dora")
        dora.type("new open hard hand_size=1 draw=none target=1000\n")  # rounds of a turn or two
        await until(lambda: any(t.state == TableState.PLAYING for t in night.tables.tables()), "the game")
        (table,) = night.tables.tables()
        game = Referee(night.tables, table.id).game()
        assert game is not None and game.rules.hand_size == 1
        begun_by_dora = 0
        for _ in range(40):
            await until(lambda: dora.received.rstrip().endswith((b"Dora>", b"(or type leave).")),
                        "Dora's turn or a round's end")
            text = dora.received.decode()
            start = len(dora.received)
            if text.rstrip().endswith("(or type leave)."):
                # The round's end is said before the question that follows it.
                question = text.rindex("Press Enter for the next round")
                last_prompt = max(text.rfind(p, 0, question) for p in ("Dora>", "table>"))
                assert text.rfind(" over:", 0, question) > last_prompt, text[-600:]
                round_no = game.round_no
                dora.type("\n")
                await until(lambda round_no=round_no: game.round_no > round_no, "the next round dealt")
                # (A round of one card each may be over before Dora's turn comes: its end is told.)
                await until(lambda start=start: dora.received[start:].rstrip().endswith(
                    (b"Dora>", b"table>", b"(or type leave).")), "the next round told")
                told = dora.received[start:].decode()
                if told.rstrip().endswith("Dora>") and "Since the deal" not in told:
                    begun_by_dora += 1  # the new round begins with Dora: the deal first, nothing older
                    assert f"Round {game.round_no}." in told and "Since your turn" not in told, told
                    assert told.index(f"Round {game.round_no}.") < told.index("Your hand"), told
                if begun_by_dora >= 2:
                    break
                continue
            turns = game.turns
            dora.type("end!\n")  # ends the turn (its card played or not)
            await until(lambda turns=turns: game.turns > turns or game.phase != Phase.TURN, "the turn ended")
            await until(lambda start=start: dora.received[start:].rstrip().endswith(
                (b"Dora>", b"table>", b"(or type leave).")), "the next prompt")
        assert begun_by_dora >= 1
    finally:
        await night.stop()


@WORKERS
async def test_the_line_mode_tells_the_tables_news_of_sitting_down_before_the_first_prompt(
        tmp_path: Path, workers: int) -> None:
    """With workers, a table made or joined came with its notices after the door: the line mode
    prompted "Dora>" and then said "Dora sits in seat 1." and "The game starts."."""
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        dora = await night.line_person("Dora")
        start = len(dora.received)
        dora.type("new open hard\n")
        await until(lambda: b"\nThe game starts." in dora.received[start:], "the game's start told")
        await until(lambda: dora.received.rstrip().endswith(b"Dora>"), "Dora's prompt")
        told = dora.received[start:].decode()
        assert told.index("The game starts.") < told.index("Dora>"), told
        assert told.count("Dora>") == 1, told  # the prompt once, after the news
    finally:
        await night.stop()


async def test_ctrl_c_in_the_line_mode_writes_the_prompt_again(tmp_path: Path) -> None:
    """Played over ssh: Ctrl+C dropped the line being typed and left the cursor on a line of its
    own, no prompt: the person did not know they were asked anything."""
    night = Night(tmp_path)
    await night.start()
    try:
        dora = await night.person(new_key(), command="plain")
        await dora.wait_for("Your name at the tables: ", raw=True)
        dora.type("Do\x03")
        await dora.wait_for("Type quit to leave", raw=True)
        await until(lambda: dora.received.decode().endswith("empty line.)\r\nYour name at the tables: "),
                    "the question asked again")
        dora.type("Dora\r")
        await dora.wait_for("Welcome, Dora", raw=True)
        await until(lambda: dora.received.decode().endswith("lobby> "), "the lobby's prompt")
        dora.type("tab\x03")
        await until(lambda: dora.received.decode().endswith("empty line.)\r\nlobby> "), "the prompt again")
    finally:
        await night.stop()


async def test_a_first_visit_over_ssh_offers_the_user_name_signed_in_with(tmp_path: Path) -> None:
    """ssh dora@host asked "Your name at the tables:" with nothing offered, in the line mode
    and full screen alike."""
    night = Night(tmp_path)
    await night.start()
    try:
        dora = await night.person(new_key(), command="plain", user="dora")
        await dora.wait_for("Your name at the tables (Enter for Dora): ", raw=True)
        dora.type("\r")
        await dora.wait_for("Welcome, Dora.", raw=True)
        eve = await night.person(new_key(), user="eve")
        await eve.wait_for("Your name at the tables")
        eve.type("\r")
        await eve.wait_for("Welcome, Eve.")
    finally:
        await night.stop()


async def test_the_line_modes_table_fits_the_terminals_width_between_words(tmp_path: Path) -> None:
    """Played over ssh at 80 columns: "Tops: ... West, th" / "ree of spades": the game writes a
    sentence and then its newline, and lines were sent whole for the terminal to cut."""
    night = Night(tmp_path)
    await night.start()
    try:
        dora = await night.person(new_key(), command="plain", columns=50)
        await dora.wait_for("Your name at the tables: ", raw=True)
        dora.type("Dora\r")
        await dora.wait_for("Welcome, Dora", raw=True)
        dora.type("new open hard\r")
        await until(lambda: dora.received.decode().rstrip().endswith("Dora>"), "Dora's turn")
        text = dora.received.decode()
        told = text[text.index("A new session"):]  # her seat started the game: the deal is told
        assert "Your hand: 1, " in told and "The edges show " in told
        lines = told.split("\r\n")
        assert max(len(line) for line in lines) <= 50, [line for line in lines if len(line) > 50]
        assert any(len(line) > 40 for line in lines)  # filled, not broken early
    finally:
        await night.stop()


def status_rows(text: str) -> str:
    """What the status line says: the rows under the hand's box."""
    rows = text.splitlines()
    bottom = max((i for i, row in enumerate(rows) if row.startswith(("╰", "╚", "+"))), default=len(rows) - 1)
    return " ".join(" ".join(rows[bottom + 1:]).split())


async def test_an_undo_at_a_table_served_by_a_worker_says_what_it_took_back(tmp_path: Path) -> None:
    """Over SSH a play test's u left the status line on the move it took back ("You play the
    three of spades on South. You have 3 cards."), and a second u said the first undo's: the
    screen said the last sentence it had heard before the table's answer came from the other
    process."""
    night = Night(tmp_path, workers=2)
    await night.start()
    try:
        _key, info, ada, _ben, _game = await night.ada_at_her_turn()
        service = night.tables._tables[info.id].service
        card = next(m.card for m in service.legal_moves() if isinstance(m, PlayCard))
        key = await hand_key(ada, service.observation(0).hand, card)
        ada.press(key)
        await ada.wait_for(f"Holding {card_text(card, False)}")
        ada.press("enter")
        await ada.wait_until(lambda text: status_rows(text).startswith("Done. Pick the next card"), "the move done")
        ada.press("u")
        await ada.wait_until(lambda text: status_rows(text).startswith("You take back the last move. It was "),
                             "the undo said on the status line")
    finally:
        await night.stop()


async def test_a_connection_the_full_server_refuses_is_told_and_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """With workers, a friend turned away from a full server was told so, but the server's log
    had no line of it: the host could not learn that friends were refused."""
    import asyncssh
    from sshclient import connect

    from kc_tui.ssh.server import Limits

    caplog.set_level(logging.INFO, "kc_tui.ssh")
    tables = TableServer(tmp_path, grace=60.0, pace=0, seed=3)
    server = Workers(2, tables, tmp_path / "host_key", port=0, limits=Limits(max_sessions=1),
                     gate=Gate(GateLimits(per_minute=1000)))
    await server.start()
    try:
        first = await Player.open(server.port, new_key(), term=None)
        await first.wait_for("Your name at the tables", raw=True)
        await until(lambda: server.sessions == 1, "the first session counted")
        with pytest.raises(asyncssh.DisconnectError, match=r"The server is full \(1 session at once\)"):
            await connect(server.port, new_key())
        await until(lambda: "refused an SSH connection from 127.0.0.1: the server is full" in caplog.text,
                    "the refusal in the log")
        await first.close()
    finally:
        await server.stop()
        await tables.close()


async def test_a_burst_of_sessions_is_held_to_the_servers_limit_across_workers(tmp_path: Path) -> None:
    """Sessions arriving together were let in past --max-sessions, that many in each worker:
    20 under a limit of 10 (a hosting play test)."""
    import asyncssh

    from kc_tui.ssh.server import Limits

    tables = TableServer(tmp_path, grace=60.0, pace=0, seed=3)
    server = Workers(2, tables, tmp_path / "host_key", port=0, limits=Limits(max_sessions=3),
                     gate=Gate(GateLimits(per_minute=1000)))
    await server.start()
    players: list[Player] = []

    async def arrive() -> None:
        try:
            players.append(await Player.open(server.port, new_key(), term=None))
        except (asyncssh.Error, OSError):
            pass  # refused at the door, before the session

    try:
        await asyncio.gather(*(arrive() for _ in range(8)))
        await until(lambda: all(b"Your name at the tables" in p.received or b"The server is full" in p.received
                                for p in players), "every session answered")
        admitted = [p for p in players if b"Your name at the tables" in p.received]
        assert 1 <= len(admitted) <= 3, len(admitted)
        assert server.counts.held <= 3
    finally:
        for player in players:
            await player.close()
        await server.stop()
        await tables.close()
