"""The table server through its doors: a whole round by two people and a spectator, what each
door may see, refusals, grace/takeover/reclaim, adjourn/resume, chat limits."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import random
import signal
from pathlib import Path
from typing import Callable

import pytest
from waiting import until

from kc_tui.core.errors import IllegalMove
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.describe import round_summary
from kc_tui.games.kings_corner.engine.events import Event
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.transcript import replay
from kc_tui.net import Notice, Person, SeatDoor, TableError, TableServer, TableState

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")


def referee(server: TableServer, table_id: int):  # noqa: ANN201 - the engine's Game, tests only
    service = server._tables[table_id].service
    assert service is not None
    return service.game


class Seen:
    """Everything a door delivered, each checked at once against the hands it must not show."""

    def __init__(self, server: TableServer, table_id: int, door: SeatDoor) -> None:
        self.server, self.table_id, self.door = server, table_id, door
        self.items: list[Event | Notice] = []
        self.leaks: list[str] = []
        door.follow(self)

    def secret(self) -> set[str]:
        """Every card now in a hand this door must not see, as the JSON strings cards are."""
        game = referee(self.server, self.table_id)
        return {f'"{card}"' for seat in range(game.n) if seat != self.door.seat for card in game.hand(seat)}

    def __call__(self, item: Event | Notice) -> None:
        self.items.append(item)
        text = json.dumps(item.as_dict()) if not isinstance(item, Notice) else json.dumps(str(item))
        self.check(text, type(item).__name__)
        if self.door.started:
            self.check(json.dumps(self.door.view().as_dict()), "its view")

    def check(self, text: str, what: str) -> None:
        leaked = [card for card in self.secret() if card in text]
        if leaked:
            self.leaks.append(f"{what} showed {leaked}: {text[:200]}")


def play_turn(door: SeatDoor, rng: random.Random) -> None:
    """A person's turn through the door, as a computer (easy) would decide it."""
    obs = door.view().observation
    assert obs is not None
    for move in make_player("easy", rng).plan_turn(obs):
        door.play(move)
    try:
        door.end_turn()
    except IllegalMove:
        # A King owed (mandatory Kings): play the first legal move until the turn may end.
        while door.my_turn():
            moves = door.legal_moves()
            if moves:
                door.play(moves[0])
            door.end_turn() if not door.legal_moves() else None


@pytest.fixture
def server(tmp_path: Path) -> TableServer:
    return TableServer(tmp_path, grace=0.05, pace=0, seed=2026)


async def test_two_people_and_a_spectator_play_a_round_and_nothing_leaks(server: TableServer) -> None:
    info = server.create_table(ADA, "Friday", build_rules(3), ["open", "open", "easy"])
    assert info.state == TableState.WAITING and info.free_seats == (0, 1)
    ada = server.join(ADA, info.id, 0)
    watcher = server.watch(CLEO, info.id)
    assert server.table(info.id).state == TableState.WAITING
    ben = server.join(BEN, info.id, 1)  # every person's seat taken: the game starts
    assert server.table(info.id).state == TableState.PLAYING
    seen = {door.seat: Seen(server, info.id, door) for door in (ada, ben, watcher)}
    rng = random.Random(3)
    game = referee(server, info.id)
    round_no = game.round_no
    while game.round_no == round_no and game.phase == Phase.TURN:
        await until(lambda: game.phase != Phase.TURN or game.current in (0, 1), "a person's turn")
        if game.phase != Phase.TURN:
            break
        door, other = (ada, ben) if game.current == 0 else (ben, ada)
        with pytest.raises(TableError, match=f"It is {door.person.name}'s turn, not yours."):
            other.end_turn()
        with pytest.raises(TableError, match="spectators cannot play"):
            watcher.end_turn()
        play_turn(door, rng)
    assert game.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER)
    for door_seen in seen.values():
        assert door_seen.leaks == []
        assert any(isinstance(item, Event) and item.name == "round_end" for item in door_seen.items)
    assert watcher.view().observation is None
    assert ada.view().observation is not None and ada.view().observation.seat == 0  # type: ignore[union-attr]
    summary = ada.round_summary()
    assert summary.hands[1] == () and summary.hands[2] == ()
    # Every hand with cards left is withheld from the others; the one that went out hides nothing.
    left = [len(game.hand(s)) for s in range(3)]
    assert summary.withheld == tuple(s for s in (1, 2) if left[s]) and summary.seed is None
    assert watcher.round_summary().hands == ((), (), ())
    assert watcher.round_summary().withheld == tuple(s for s in range(3) if left[s])
    # The round's words say the others' cards are not shown (an empty hand: "-"), and give no seed.
    words = round_summary(summary, ada.names)
    assert words.count("cards left: not shown") == len(summary.withheld) and "seed" not in words
    assert words.count("cards left: -") == left.count(0)
    # The transcript beside the table replays to the same game.
    path = server.data_dir / "tables" / f"table-{info.id}.jsonl"
    assert replay(path.read_text().splitlines()).round_no == game.round_no
    await server.close()


async def test_the_next_round_is_dealt_when_every_person_is_ready(server: TableServer) -> None:
    info = server.create_table(ADA, "", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    game = referee(server, info.id)
    rng = random.Random(5)
    while game.phase == Phase.TURN:
        play_turn(ada if game.current == 0 else ben, rng)
    if game.phase == Phase.SESSION_OVER:
        return
    notices: list[str] = []
    own: list[str] = []
    ben.follow(lambda item: notices.append(str(item)))
    ada.follow(lambda item: own.append(str(item)))
    ada.next_round()
    assert game.phase == Phase.ROUND_OVER
    assert "Ada is ready for the next round (waiting for Ben)." in notices
    # Ada is told in her own words ("Ada is ready ..." was told to Ada).
    assert "You are ready for the next round (waiting for Ben)." in own and not any("Ada is" in t for t in own)
    with pytest.raises(TableError, match="You are ready"):
        ada.next_round()
    ben.next_round()
    assert game.phase == Phase.TURN and game.round_no == 2
    await server.close()


async def test_a_door_is_bound_to_its_seat_and_refuses_with_sentences(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(2), ["open", "medium"])
    with pytest.raises(TableError, match="played by a computer"):
        server.join(BEN, info.id, 1)
    with pytest.raises(TableError, match="no seat 5"):
        server.join(BEN, info.id, 4)
    with pytest.raises(TableError, match="There is no table 9"):
        server.join(BEN, 9, 0)
    watcher = server.watch(BEN, info.id)
    with pytest.raises(TableError, match="not started"):
        watcher.view()
    with pytest.raises(TableError, match="You are watching table 1 from another connection already."):
        server.watch(BEN, info.id)  # Ben's second session
    ada = server.join(ADA, info.id, 0)  # the only person's seat: the game starts
    # Her other connection sits there: that one is at no table (a play test was told "You are
    # at table 1 already", then, chatting from it, "You are at no table").
    with pytest.raises(TableError, match=r"You sit at table 1 from another connection \(taking your seat"):
        server.watch(ADA, info.id)
    with pytest.raises(TableError, match="Seat 1 is Ada's"):
        server.join(CLEO, info.id, 0)
    game = referee(server, info.id)
    await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
    with pytest.raises(TableError, match="spectators cannot play"):
        watcher.play(ada.legal_moves()[0] if ada.legal_moves() else 0)
    ada.leave()
    with pytest.raises(TableError, match="You have left"):
        ada.end_turn()
    await server.close()


async def test_creating_a_table_checks_its_seats(server: TableServer) -> None:
    with pytest.raises(TableError, match="for 2 players; 3 seats"):
        server.create_table(ADA, "T", build_rules(2), ["open", "open", "easy"])
    with pytest.raises(TableError, match="one open seat"):
        server.create_table(ADA, "T", build_rules(2), ["easy", "hard"])
    with pytest.raises(TableError, match="not 'wizard'"):
        server.create_table(ADA, "T", build_rules(2), ["open", "wizard"])
    with pytest.raises(TableError, match="at most 40"):
        server.create_table(ADA, "x" * 41, build_rules(2), ["open", "easy"])
    assert server.tables() == ()


async def test_a_tables_name_is_bounded_made_visible_and_defaults_to_its_makers(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, max_tables_per_person=4, seed=2026)
    assert server.create_table(ADA, "", build_rules(2), ["open", "easy"]).name == "Ada's table"
    assert server.create_table(ADA, "  Friday \n night ", build_rules(2), ["open", "easy"]).name == "Friday night"
    shown = server.create_table(ADA, "Fri\x1b[2Jday", build_rules(2), ["open", "easy"]).name
    assert shown == "Fri\\x1b[2Jday"  # the escape is shown, never sent to a terminal as it is
    assert server.create_table(ADA, "x" * 40, build_rules(2), ["open", "easy"]).name == "x" * 40
    with pytest.raises(TableError, match="A table's name holds at most 40 characters"):
        server.create_table(ADA, "\x1b" * 11, build_rules(2), ["open", "easy"])  # 44 as shown
    assert len(server.tables()) == 4
    await server.close()


async def test_only_the_creator_starts_and_free_seats_are_played_until_taken(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "open"])
    ada = server.join(ADA, info.id, 0)
    server.join(BEN, info.id, 1)
    with pytest.raises(TableError, match="Only Ada, who made the table"):
        server.start(BEN, info.id)
    ada.start()
    table = server.table(info.id)
    assert table.state == TableState.PLAYING and table.seats[2].stand_in and table.seats[2].free
    cleo = server.join(CLEO, info.id, 2)
    await until(lambda: not server.table(info.id).seats[2].stand_in, "Cleo playing seat 3")
    assert server.table(info.id).seats[2].name == "Cleo"
    assert cleo.names[2] == "Cleo"
    await server.close()


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
async def test_computers_play_under_names_no_person_of_the_server_goes_by(tmp_path: Path, game: str) -> None:
    """Ben and Cleo are people of this server: the computers at Ada's table are not called Ben
    or Cleo (the table's news and the players' panel would read as theirs)."""
    from kc_tui.games import GAMES

    server = TableServer(tmp_path, pace=0, seed=2026)
    server.person(BEN.key, BEN.name)
    server.person(None, "cleo")  # a guest connected now
    rules = GAMES[game].part("session").standard_rules(4)
    info = server.create_table(ADA, "T", rules, ["open", "easy", "easy", "easy"], game=game)
    door = server.join(ADA, info.id, 0)  # the game starts
    assert door.names == ["Ada", "Dev", "Eli", "Fay"]
    assert server.table(info.id).seats[1].label() == "Dev (computer, easy)"
    await server.close()


async def test_a_person_taking_a_seat_mid_game_plays_it_under_their_name_everywhere(tmp_path: Path) -> None:
    server = TableServer(tmp_path, grace=0.05, pace=0, seed=2026)
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    ada.start()  # seat 3 is dealt as "Seat 3", played by the house computer
    assert ada.names[2] == "Seat 3"
    heard: list[str] = []
    ben.follow(lambda item: heard.append(str(item)))
    game = referee(server, info.id)
    rng = random.Random(6)
    await until(lambda: game.current in (0, 1) or game.phase != Phase.TURN, "a person's turn")
    with pytest.raises(TableError, match="called ada already"):
        server.join(Person("SHA256:other", "ada"), info.id, 2)  # two seats of one name: refused
    cleo = server.join(CLEO, info.id, 2)
    assert "Cleo takes seat 3 (played so far as Seat 3)." in heard  # the computer was not playing it just now
    assert not server.table(info.id).seats[2].stand_in
    for door in (ada, ben, cleo):
        assert door.names[2] == "Cleo" and door.view().players[2].name == "Cleo"
        assert door.past_events()[0].players[2].name == "Cleo"  # type: ignore[attr-defined]
    server.drain()  # the save names her at once (a crash now would not lose her seat's name)
    save = json.loads((tmp_path / "tables" / f"table-{info.id}.json").read_text().splitlines()[0])
    assert [seat["name"] for seat in save["seats"]] == ["Ada", "Ben", "Cleo"]
    assert save["events"][0]["players"][2]["name"] == "Cleo"
    doors = (ada, ben, cleo)
    for _ in range(4):  # a few turns more, Cleo's among them
        await until(lambda: game.phase != Phase.TURN or doors[game.current].my_turn(), "a person's turn")
        if game.phase != Phase.TURN:
            break
        play_turn(doors[game.current], rng)
    # The transcript names her from its first line, and still replays to the game being played.
    lines = (tmp_path / "tables" / f"table-{info.id}.jsonl").read_text().splitlines()
    assert [p["name"] for p in json.loads(lines[0])["players"]] == ["Ada", "Ben", "Cleo"]
    assert replay(lines).turns == game.turns and replay(lines).round_no == game.round_no
    # Adjourned and resumed after a restart: the seat is still hers, by name.
    for door in (ada, ben, cleo):
        door.leave()
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    await server.close()
    again = TableServer(tmp_path, grace=0.05, pace=0, seed=2026)
    cleo = again.join(CLEO, info.id, 2)
    again.start(CLEO, info.id)
    assert cleo.names == ["Ada", "Ben", "Cleo"]
    await again.close()


async def test_chat_is_rate_limited_bounded_and_made_visible(tmp_path: Path) -> None:
    now = [0.0]
    server = TableServer(tmp_path, pace=0, clock=lambda: now[0], seed=2026)
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    ada = server.join(ADA, info.id, 0)
    heard: list[Notice] = []
    watcher = server.watch(CLEO, info.id)
    watcher.follow(lambda item: heard.append(item) if isinstance(item, Notice) and item.kind == "chat" else None)
    for k in range(5):
        ada.say(f"line {k}")
    with pytest.raises(TableError, match="at most 5 chat lines in 10 seconds"):
        ada.say("one more")
    now[0] = 10.0
    ada.say("hi\x1b[2J there")
    with pytest.raises(TableError, match="at most 200 characters"):
        ada.say("x" * 201)
    with pytest.raises(TableError, match="Say what"):
        ada.say("   ")
    assert [str(n) for n in heard][-1] == "Ada: hi\\x1b[2J there"
    assert len(heard) == 6
    await server.close()


async def test_who_comes_to_a_table_is_told_whose_seats_wait_for_their_people(tmp_path: Path) -> None:
    """A spectator, or someone seated again after another host took the table over, came after
    the table said that a connection dropped: they are told as they come."""
    server = TableServer(tmp_path, grace=60, pace=0, seed=2026)
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "open"])
    server.join(ADA, info.id, 0)
    ben = server.join(BEN, info.id, 1)
    server.join(CLEO, info.id, 2)
    await until(lambda: server.table(info.id).state == TableState.PLAYING, "the game")
    ben.detach()
    heard: list[str] = []
    watcher = server.watch(Person("key-dev", "Dev"), info.id)
    watcher.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    assert [line for line in heard if "Ben" in line] == ["Ben is away; the seat is kept for 60 more seconds."]
    server._tables[info.id]._grace_over(server._tables[info.id].slots[1])  # (the grace over, at once)
    again: list[str] = []
    server.watch(Person("key-eve", "Eve"), info.id).follow(
        lambda item: again.append(str(item)) if isinstance(item, Notice) else None)
    assert "Ben is away; the computer plays seat 2 until they are back." in again
    assert not [line for line in again if "Ada" in line or "Cleo" in line]  # (they are here)
    await server.close()


async def test_a_dropped_seat_is_held_then_played_then_taken_back(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    heard: list[str] = []
    ada.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    ben.detach()
    assert "Ben has lost the connection; the seat is kept for 0.05 seconds." in heard
    await until(lambda: server.table(info.id).seats[1].stand_in, "the computer playing for Ben")
    assert "The computer (hard) plays for Ben until they are back." in heard
    game = referee(server, info.id)
    rng = random.Random(1)
    turns = 0
    while turns < 3 and game.phase == Phase.TURN:  # Ben's seat is played by the computer
        await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
        if game.phase == Phase.TURN:
            play_turn(ada, rng)
            turns += 1
    assert not any("SHA256" in line for line in heard)
    played = sum(1 for e in server._tables[info.id].events if e.name == "turn_end" and e.player == 1)
    assert played > 0, "the computer played turns for Ben"
    ben = server.join(BEN, info.id, 1)
    told: list[str] = []
    notices: list[Notice] = []
    ben.follow(lambda item: (told.append(str(item)), notices.append(item)) if isinstance(item, Notice) else None)
    events = server._tables[info.id].events
    from_here = next(n for n in notices if str(n).startswith("You were away"))
    assert events[from_here.at].name == "turn_start" and events[from_here.at].player == 1
    assert not any(e.name == "turn_start" and e.player == 1 for e in events[server._tables[info.id].slots[1]
                                                                              .away_from:from_here.at])
    # Ben is told what the computer did for him (his turns before he went: none); Ada is not.
    assert ("While you were away, the computer played 1 turn for you." if played == 1 else
            f"While you were away, the computer played {played} turns for you.") in told, told
    assert not any(line.startswith("While you were away") for line in heard)
    # Where his screen tells the round again, his turns the computer played are said to be its
    # (they read "You play ..."), and he is told he is back as himself (a play test).
    assert "You were away: the computer played for you from here." in told
    assert any(line.startswith("You are back in seat 2") for line in told), told
    assert not any(line.startswith("Ben is back") for line in told)
    await until(lambda: not server.table(info.id).seats[1].stand_in, "Ben taking his seat back")
    assert any(line.startswith("Ben is back") for line in heard)
    if game.phase == Phase.TURN:
        await until(lambda: game.current == 0 or ben.my_turn(), "a person's turn")
    await server.close()


async def test_ones_seat_is_taken_from_a_new_connection_while_the_old_one_hangs(server: TableServer) -> None:
    """A frozen terminal or a laptop asleep holds its connection until the network drops it:
    the same person joining again takes the seat, and the old connection is told and let go
    (it used to be refused, "You are at table 1 already", for as long as the old one hung)."""
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    old, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    told_old: list[str] = []
    heard: list[str] = []
    old.follow(lambda item: told_old.append(str(item)) if isinstance(item, Notice) else None)
    ben.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    game = referee(server, info.id)
    await until(lambda: game.phase == Phase.TURN, "the deal")
    with pytest.raises(TableError, match="at table 1 already"):
        server.join(ADA, info.id, 1)  # another seat: refused as before
    guest = server.person(None, "Gus")
    with pytest.raises(TableError, match="Seat 1 is Ada's"):
        server.join(guest, info.id, 0)

    told_new: list[str] = []
    new = server.join(ADA, info.id, 0)
    new.follow(lambda item: told_new.append(str(item)) if isinstance(item, Notice) else None)
    assert old.closed and not new.closed
    assert "Ada is back." not in told_new  # the others are told; Ada knows
    assert told_old[-1] == "You took your seat at table 1 from another connection: it is played there now."
    assert "Ada is back." in heard
    assert server.table(info.id).seats[0].connected
    old.detach()  # the old connection ends at last: nothing changes
    assert not new.closed and server.table(info.id).seats[0].connected
    assert not any("lost the connection" in line for line in heard)
    if game.current == 1:
        ben.end_turn()
    assert game.current == 0 and new.my_turn()
    with pytest.raises(TableError, match="You have left"):
        old.end_turn()
    new.end_turn()  # the new connection plays the seat
    assert game.current == 1
    await server.close()


async def test_a_guest_cannot_take_a_seat_back(server: TableServer) -> None:
    guest = server.person(None, "Gus")
    assert guest.guest and guest.key is None
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    server.join(ADA, info.id, 0)
    door = server.join(guest, info.id, 1)
    door.detach()
    server.left(guest)  # the guest's connection has ended: "Gus" is free again
    assert server.table(info.id).seats[1].free  # nobody holds it for the guest
    other_guest = server.person(None, "Gus")
    server.join(other_guest, info.id, 1)  # the seat is free for anyone
    await server.close()


async def test_names_are_remembered_per_key(tmp_path: Path) -> None:
    server = TableServer(tmp_path, seed=2026)
    assert server.known_name("SHA256:x") is None
    with pytest.raises(TableError, match="Choose a name"):
        server.person("SHA256:x")
    assert server.person("SHA256:x", "  Ada  Lovelace ").name == "Ada Lovelace"
    with pytest.raises(TableError, match="cannot be empty"):
        server.person("SHA256:y", "   ")
    with pytest.raises(TableError, match="letters, digits"):
        server.person("SHA256:y", "a\x1bb")
    again = TableServer(tmp_path, seed=2026)
    assert again.known_name("SHA256:x") == "Ada Lovelace"
    assert again.person("SHA256:x").name == "Ada Lovelace"


async def test_a_table_everyone_left_is_adjourned_and_resumed_after_a_restart(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="kc_tui.net")
    server = TableServer(tmp_path, grace=0.05, pace=0, seed=2026)
    info = server.create_table(ADA, "Saturday", build_rules(3), ["open", "open", "hard"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    game = referee(server, info.id)
    rng = random.Random(2)
    for _ in range(2):
        await until(lambda: game.current in (0, 1) or game.phase != Phase.TURN, "a person's turn")
        if game.phase == Phase.TURN:
            play_turn(ada if game.current == 0 else ben, rng)
    await until(lambda: game.current in (0, 1) or game.phase != Phase.TURN, "a person's turn")
    before = (game.round_no, game.turns, [list(game.hand(s)) for s in range(3)])
    ada.detach()
    ben.detach()  # everyone gone: after the grace the table is adjourned (nobody played meanwhile)
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    await server.close()

    again = TableServer(tmp_path, grace=0.05, pace=0, seed=2026)
    listed = again.tables()
    assert [(t.id, t.name, t.state) for t in listed] == [(info.id, "Saturday", TableState.ADJOURNED)]
    with pytest.raises(TableError, match="only its players can resume it"):
        again.join(CLEO, info.id, 0)
    with pytest.raises(TableError, match="Seat 2 is Ben's"):
        again.join(ADA, info.id, 1)
    ada = again.join(ADA, info.id, 0)
    assert again.table(info.id).state == TableState.WAITING
    again.join(BEN, info.id, 1)
    assert again.table(info.id).state == TableState.PLAYING
    game = referee(again, info.id)
    assert (game.round_no, game.turns, [list(game.hand(s)) for s in range(3)]) == before
    # The host's log tells a game going on from one starting (a play test read "the game
    # starts" for a table another host took over).
    started = [r.getMessage() for r in caplog.records if f"table {info.id}: the game" in r.getMessage()]
    assert [m.split(" (")[0].split(",")[0] for m in started] == [
        f"table {info.id}: the game starts", f"table {info.id}: the game goes on from its save"]
    assert ada.view().round == before[0]
    await again.close()


async def test_the_transcript_has_every_event_as_it_happens(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(2), ["open", "easy"])
    ada = server.join(ADA, info.id, 0)
    game = referee(server, info.id)
    path = server.data_dir / "tables" / f"table-{info.id}.jsonl"
    rng = random.Random(4)
    for _ in range(3):
        await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
        # Flushed per event: what is on disk now is every event so far, and replays.
        lines = path.read_text().splitlines()
        assert len(lines) == len(server._tables[info.id].events)
        assert replay(lines).turns == game.turns
        if game.phase != Phase.TURN:
            break
        play_turn(ada, rng)
    await server.close()


async def test_undo_takes_back_only_this_seats_moves(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    game = referee(server, info.id)
    mover, other = (ada, ben) if game.current == 0 else (ben, ada)
    moves = mover.legal_moves()
    assert other.legal_moves() == ()
    if moves:
        first = moves[0]
        held = first.card if isinstance(first, PlayCard) else first.source
        assert other.targets(held).piles == () and mover.targets(held).piles != ()
        mover.play(first)
        with pytest.raises(TableError, match="not yours"):
            other.undo()
        mover.undo()
    mover.end_turn()
    with pytest.raises(TableError, match="not yours"):
        mover.undo()  # the turn passed: nothing of the other's can be taken back
    await server.close()


async def test_a_new_table_never_takes_the_number_of_a_kept_transcript(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "table-7.jsonl").write_text("a finished table's transcript\n")
    server = TableServer(tmp_path, pace=0, seed=2026)
    assert server.create_table(ADA, "T", build_rules(2), ["open", "easy"]).id == 8
    assert (tmp_path / "tables" / "table-7.jsonl").read_text() == "a finished table's transcript\n"


async def test_when_its_maker_has_left_a_seated_person_may_start_the_table(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "open"])
    ada = server.join(ADA, info.id, 0)
    server.join(BEN, info.id, 1)
    with pytest.raises(TableError, match="Only Ada"):
        server.start(BEN, info.id)
    ada.leave()
    assert server.may_start(BEN, info.id)
    with pytest.raises(TableError, match="Only Ada"):
        server.start(CLEO, info.id)  # not seated there
    server.start(BEN, info.id)
    assert server.table(info.id).state == TableState.PLAYING
    await server.close()


async def test_a_returning_person_takes_the_seat_back_at_the_next_turn_not_mid_turn(
        server: TableServer, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from kc_tui.games.kings_corner import net
    from kc_tui.games.kings_corner.ai.base import Player

    thinking, go_on = threading.Event(), threading.Event()

    class Slow(Player):
        """The house computer, held in its thinking until the test lets it go on."""

        def plan_turn(self, obs):  # noqa: ANN001, ANN201 - a test double
            thinking.set()
            go_on.wait(10)
            return []

    monkeypatch.setattr(net, "make_player", lambda level, rng=None, think=None: Slow(rng))
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    game = referee(server, info.id)
    rng = random.Random(6)
    if game.current == 0:
        play_turn(ada, rng)
    heard: list[str] = []
    ada.follow(lambda item: heard.append(str(item)))
    ben.detach()
    await until(lambda: thinking.is_set(), "the computer thinking for Ben")
    turn = (game.round_no, game.turns)
    ben = server.join(BEN, info.id, 1)  # back in the middle of the computer's turn for him
    assert "Ben is back in seat 2; the computer finishes this turn for them." in heard
    assert server.table(info.id).seats[1].stand_in and not ben.my_turn()
    with pytest.raises(TableError, match="The computer is playing this turn for you"):
        ben.end_turn()
    go_on.set()
    await until(lambda: not server.table(info.id).seats[1].stand_in, "Ben's seat his again")
    assert (game.round_no, game.turns) != turn  # the computer's turn was played to its end first
    await server.close()


async def test_a_table_whose_last_person_was_a_guest_is_not_played_on_for_nobody(server: TableServer) -> None:
    guest = server.person(None, "Gus")
    info = server.create_table(guest, "T", build_rules(2), ["open", "hard"])
    door = server.join(guest, info.id, 0)
    assert server.table(info.id).state == TableState.PLAYING
    door.detach()
    # Only a guest played: nobody can resume it, so it is gone (no computer plays on).
    assert server.tables() == ()
    assert not (server.data_dir / "tables" / f"table-{info.id}.table.json").exists()
    await server.close()


async def test_a_plain_join_takes_ones_own_kept_seat_else_the_first_free_one(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    info = server.create_table(ADA, "Friday", build_rules(3), ["open", "open", "open"])
    assert server.seat_to_take(BEN, info.id) == 0
    server.join(ADA, info.id, 1)
    assert server.seat_to_take(BEN, info.id) == 0
    server.join(BEN, info.id, 0)
    server.join(CLEO, info.id, 2)  # the last seat: the game starts
    ada = server._tables[info.id].slots[1].door
    assert ada is not None
    ada.detach()  # Ada's connection drops: her seat is kept for her
    assert server.seat_to_take(ADA, info.id) == 1
    assert server.seat_to_take(Person("SHA256:dan", "Dan"), info.id) is None
    with pytest.raises(TableError):
        server.seat_to_take(BEN, 99)
    await server.close()


async def test_a_door_keeps_the_notices_said_before_anything_followed_it(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(3), ["open", "open", "easy"])
    ada = server.join(ADA, info.id, 0)  # followed by nothing yet: its person is in the lobby
    server.join(BEN, info.id, 1)  # the game starts
    heard: list[str] = []
    ada.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    assert heard == ["Ada sits in seat 1.", "Ben sits in seat 2.", "The game starts."]
    await server.close()


async def test_each_follower_hears_in_the_context_it_followed_in(server: TableServer) -> None:
    """A step is made in the mover's context (another session's app, the server's computer); each
    session's front end finds its own app through a context variable, so the server calls each
    listener and lobby subscriber in the context it was given in."""
    who: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="server")
    heard: dict[str, set[str]] = {"ada": set(), "ben": set(), "lobby": set()}
    info = server.create_table(ADA, "Friday", build_rules(2), ["open", "open"])

    def as_(name: str, action: Callable[[], object]) -> object:
        def run() -> object:
            who.set(name)
            return action()
        return contextvars.copy_context().run(run)

    as_("lobby", lambda: server.subscribe(lambda: heard["lobby"].add(who.get())))
    ada = as_("ada", lambda: server.join(ADA, info.id, 0))
    assert isinstance(ada, SeatDoor)
    as_("ada", lambda: ada.follow(lambda item: heard["ada"].add(who.get())))
    ben = as_("ben", lambda: server.join(BEN, info.id, 1))  # the game starts, in Ben's context
    assert isinstance(ben, SeatDoor)
    as_("ben", lambda: ben.follow(lambda item: heard["ben"].add(who.get())))
    game = referee(server, info.id)
    mover = ada if game.current == 0 else ben
    as_("ben" if mover is ada else "ada", lambda: play_turn(mover, random.Random(1)))  # a stranger's context
    assert heard == {"ada": {"ada"}, "ben": {"ben"}, "lobby": {"lobby"}}
    await server.close()


async def test_an_adjourned_table_keeps_its_computers_names_across_a_restart(tmp_path: Path) -> None:
    """The lobby listed "2 computer (hard)" for an adjourned table where it had said "2 Ben
    (computer, hard)": the names the game showed are kept in the table's file."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=3)
    info = server.create_table(ADA, "Sat", build_rules(2), ["open", "hard"])
    server.join(ADA, info.id, 0).leave()
    assert server.tables()[0].line().endswith("2 Ben (computer, hard)")
    await server.close()
    again = TableServer(tmp_path, grace=0.01, pace=0, seed=3)
    assert again.tables()[0].line().endswith("2 Ben (computer, hard)")
    await again.close()
    # A file whose names are not a name per seat is read as before names were kept.
    meta = tmp_path / "tables" / f"table-{info.id}.table.json"
    for names in (["Ada"], [1, 2], ["", "Ben"], "Ben"):
        data = json.loads(meta.read_text())
        data["names"] = names
        meta.write_text(json.dumps(data))
        hostile = TableServer(tmp_path, grace=0.01, pace=0, seed=3)
        assert hostile.tables()[0].line().endswith("2 computer (hard)")
        await hostile.close()


async def seeded_round(data: Path, thinkers: int, kill_a_thinker: bool = False) -> list[str]:
    """The transcript of a round at a seeded table of a person and three computers who remember
    what they saw and draw random numbers as they think (``hard``, ``medium``, ``easy``), the
    computers thinking in ``thinkers`` processes (0: threads); with ``kill_a_thinker``, the
    thinking process is killed (``kill -9``) once the computers have thought."""
    server = TableServer(data, pace=0, seed=2026, thinkers=thinkers)
    info = server.create_table(ADA, "Seeded", build_rules(4), ["open", "hard", "medium", "easy"], seed=5)
    ada = server.join(ADA, info.id, 0)
    game = referee(server, info.id)
    rng = random.Random(3)
    turns = 0
    while game.phase == Phase.TURN:
        await until(lambda: game.phase != Phase.TURN or game.current == 0, "Ada's turn")
        if game.phase != Phase.TURN:
            break
        turns += 1
        if kill_a_thinker and turns == 2:
            pids = server.thinkers.pids()
            assert pids
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
        play_turn(ada, rng)
    assert turns > 2
    restarts = server.thinkers.restarts
    await server.close()
    assert restarts == (1 if kill_a_thinker else 0)
    return (data / "tables" / f"table-{info.id}.jsonl").read_text().splitlines()


async def test_a_seeded_table_plays_the_same_round_whether_computers_think_in_processes_or_threads(
        tmp_path: Path) -> None:
    in_threads = await seeded_round(tmp_path / "threads", 0)
    assert await seeded_round(tmp_path / "processes", 1) == in_threads
    # A thinking process killed: its decision is asked again of a new one, and the game is the same.
    assert await seeded_round(tmp_path / "killed", 1, kill_a_thinker=True) == in_threads


async def test_the_players_are_told_when_a_spectator_stops_watching(server: TableServer) -> None:
    info = server.create_table(ADA, "T", build_rules(2), ["open", "medium"])
    ada = server.join(ADA, info.id, 0)
    heard: list[str] = []
    ada.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    watcher = server.watch(BEN, info.id)
    assert heard[-1] == "Ben is watching."
    watcher.leave()
    assert heard[-1] == "Ben stops watching."  # (only the server's log said it)
    await server.close()


async def test_a_person_back_is_told_the_turn_the_computer_went_out_with_for_them(tmp_path: Path) -> None:
    """The computer's winning turn ends the round, not the turn: it is counted with the turns it
    played, and the round won is said in a sentence of its own (it said "It went out for you in
    round 1." after nothing)."""
    server = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    rules = build_rules(2, "standard", {"hand_size": 1, "draw": "none", "target": 1000})
    info = server.create_table(ADA, "T", rules, ["open", "open"], seed=2)  # Ben's one card goes first
    server.join(ADA, info.id, 0)
    server.join(BEN, info.id, 1).leave()  # the computer plays for Ben
    await until(lambda: any(e.name == "round_end" for e in server._tables[info.id].events), "the round's end")
    ben = server.join(BEN, info.id, 1)
    told: list[str] = []
    ben.follow(lambda item: told.append(str(item)) if isinstance(item, Notice) else None)
    assert told[-2:] == ["While you were away, the computer played 1 turn for you.",
                         "The computer went out for you in round 1."], told
    await server.close()


async def test_the_sessions_ending_as_the_server_stops_are_no_news_at_their_tables(server: TableServer) -> None:
    """Ben's connection ends because the server stops: Ada is not told that his seat is kept for
    a while (the game is adjourned, both are told goodbye)."""
    info = server.create_table(ADA, "T", build_rules(2), ["open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    heard: list[str] = []
    server.stop()
    ada.follow(lambda item: heard.append(str(item)) if isinstance(item, Notice) else None)
    heard.clear()  # (what was said before)
    ben.detach()
    ada.detach()
    assert heard == [], heard
    await server.close()
    assert server.table(info.id).state == TableState.ADJOURNED


async def test_a_doors_past_leaves_out_the_events_it_still_holds_for_its_listeners(server: TableServer) -> None:
    """An event of a step not yet complete is held by the door until the step ends: catching up
    on the past then must not give it too, or a front end that follows the door hears it twice."""
    info = server.create_table(ADA, "T", build_rules(2), ["open", "medium"])
    ada = server.join(ADA, info.id, 0)
    table = server._tables[info.id]
    before = ada.past_events()
    assert before
    event = table.events[-1]  # (any event: it stands for one the step has just made)
    table.events.append(event)
    ada.on_event(event)
    assert ada.past_events() == before
    ada.deliver()
    assert len(ada.past_events()) == len(before) + 1
    await server.close()


async def test_an_adjourned_tables_free_seat_is_listed_as_free_once_resumed(tmp_path: Path) -> None:
    """Mia started a table with a seat still free and left: the lobby listed "2 free", which
    nobody could take ("only its players can resume it")."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=2026)
    info = server.create_table(ADA, "Lone", build_rules(2), ["open", "open"])
    ada = server.join(ADA, info.id, 0)
    server.start(ADA, info.id)
    assert server.table(info.id).state == TableState.PLAYING
    ada.detach()
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    line = server.table(info.id).line()
    assert line.endswith(": 1 Ada (away), 2 free once resumed"), line
    with pytest.raises(TableError, match="only its players can resume it"):
        server.join(BEN, info.id, 1)
    await server.close()


async def test_a_resumed_table_goes_on_once_its_people_are_back(tmp_path: Path) -> None:
    """A play test: Ada and Ben left a table whose third seat was free (played by the
    computer); once both were back it waited for a third person nobody had asked for."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=2026)
    info = server.create_table(ADA, "Three", build_rules(3), ["open", "open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    server.start(ADA, info.id)
    assert server.table(info.id).state == TableState.PLAYING
    ada.detach()
    ben.detach()
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    server.join(ADA, info.id, 0)
    assert server.table(info.id).state == TableState.WAITING  # Ben is not back yet
    server.join(BEN, info.id, 1)
    assert server.table(info.id).state == TableState.PLAYING
    cleo = server.join(CLEO, info.id, 2)  # the free seat is still anyone's to take
    assert cleo.view().seat == 2
    await server.close()


async def test_a_resumed_tables_free_seat_taken_before_it_goes_on_is_named_for_its_person(
        tmp_path: Path) -> None:
    """A play test: Eve took the free seat of a resumed game while its people came back, and
    played it to the end as "Seat 3": the scores and the transcript never named her."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=2026)
    info = server.create_table(ADA, "Three", build_rules(3), ["open", "open", "open"])
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    server.start(ADA, info.id)
    assert ada.view().players[2].name == "Seat 3"
    ada.detach()
    ben.detach()
    await until(lambda: server.table(info.id).state == TableState.ADJOURNED, "the table adjourned")
    server.join(ADA, info.id, 0)
    cleo = server.join(CLEO, info.id, 2)  # while the table waits for Ben
    server.join(BEN, info.id, 1)
    assert server.table(info.id).state == TableState.PLAYING
    assert [p.name for p in cleo.view().players] == ["Ada", "Ben", "Cleo"]
    table = server._tables[info.id]
    assert '"Cleo"' in table.transcript_path.read_text().splitlines()[0]
    await server.close()


async def test_the_lobby_line_of_a_table_names_its_game(tmp_path: Path) -> None:
    """Kings Reverse's lines named their game and the first game's did not ("standard" is a
    preset of both): a play test."""
    server = TableServer(tmp_path, grace=0.01, pace=0, seed=3)
    info = server.create_table(ADA, "Sat", build_rules(2), ["open", "hard"])
    assert "(waiting; Kings in the Corner, standard): " in info.line()
    await server.close()


def test_a_finished_table_offers_no_seat_and_lists_its_empty_ones_so() -> None:
    """A play test picked a finished table in the lobby and was offered "1 free, 2 free" and the
    keys to take them, and told "The game at this table is over" for pressing one."""
    from kc_tui.net import SeatInfo, TableInfo

    seats = (SeatInfo(0, "person", None), SeatInfo(1, "person", "Ben", connected=True))
    info = TableInfo(3, "Dan's", "Dan", "standard", seats, TableState.FINISHED, 1, "kings-corner")
    assert info.free_seats == ()
    assert info.seats_label() == "1 empty, 2 Ben"
    playing = TableInfo(3, "Dan's", "Dan", "standard", seats, TableState.PLAYING, 1, "kings-corner")
    assert playing.free_seats == (0,) and playing.seats_label() == "1 free, 2 Ben"
