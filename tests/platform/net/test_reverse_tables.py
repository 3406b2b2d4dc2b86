"""Kings Reverse tables of the table server, through their doors: a whole round by two people,
a computer and a spectator, what each door may see (two decks: a card's name is hidden from a
seat only while no copy of it is known to that seat), refusals, the next round, grace and
takeover, adjournment into the game's own save and resume, and the transcript, which the
independent referee accepts."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from kr_referee import check_transcript
from waiting import until

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind
from kc_tui.games.kings_reverse.engine.events import (
    Challenged,
    Drew,
    Gave,
    Played,
    RoundEnd,
    RoundStart,
)
from kc_tui.games.kings_reverse.engine.game import card_of
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.net import ReverseDoor
from kc_tui.net import Notice, Person, SeatDoor, TableError, TableServer, TableState

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")


def referee(server: TableServer, table_id: int) -> Any:
    """The Kings Reverse referee of a table (tests only)."""
    service = server._tables[table_id].service
    assert service is not None
    return service.game  # type: ignore[attr-defined]


class Knowledge:
    """Which card names each seat (and a spectator, None) may know, worked out from the
    referee's own events as the rules show cards: a deal shows a seat its hand and everyone the
    pile; a card played, or a hand shown in a challenge, is shown to all; a card drawn is shown
    to its drawer; a card given to its giver and receiver.  With two decks a name stands for
    either copy, so a name once known may appear (it may be the other copy)."""

    def __init__(self, server: TableServer, table_id: int) -> None:
        self.server, self.table_id = server, table_id
        game = referee(server, table_id)
        self.known: dict[int | None, set[str]] = {s: set() for s in [*range(game.n), None]}
        self._deal(game)
        service = server._tables[table_id].service
        assert service is not None
        service.add_listener(self)

    def _all(self, cards: Any) -> None:
        names = [str(c) for c in cards]
        for known in self.known.values():
            known.update(names)

    def _deal(self, game: Any) -> None:
        for seat in range(game.n):
            self.known[seat].update(str(c) for c in game.hand(seat))
        self._all(card_of(c) for c in game.pile)

    def __call__(self, event: Any) -> None:
        if isinstance(event, RoundStart):
            for seat, hand in enumerate(event.hands):
                self.known[seat].update(str(c) for c in hand)
            self._all(event.pile)
        elif isinstance(event, Played):
            self._all(event.cards)
        elif isinstance(event, Challenged):
            self._all(event.hand)
        elif isinstance(event, Drew) and event.cards is not None:
            self.known[event.player].update(str(c) for c in event.cards)
        elif isinstance(event, Gave) and event.card is not None:
            for seat in (event.player, event.to):
                self.known[seat].add(str(event.card))
        elif isinstance(event, RoundEnd):
            for seat, hand in enumerate(event.hands):
                self.known[seat].update(str(c) for c in hand)

    def hidden_from(self, seat: int | None) -> set[str]:
        """The names of cards in another hand or the stock that ``seat`` cannot know."""
        game = referee(self.server, self.table_id)
        secret = {str(card_of(c)) for c in game.stock}
        for other in range(game.n):
            if other != seat:
                secret.update(str(c) for c in game.hand(other))
        return secret - self.known[seat]


class Seen:
    """Everything a door delivered, each item and the door's view after it checked at once."""

    def __init__(self, knowledge: Knowledge, door: SeatDoor) -> None:
        self.knowledge, self.door = knowledge, door
        self.items: list[Any] = []
        self.leaks: list[str] = []
        door.follow(self)

    def __call__(self, item: Any) -> None:
        self.items.append(item)
        text = json.dumps(str(item)) if isinstance(item, Notice) else json.dumps(item.as_dict())
        self.check(text, type(item).__name__)
        self.check(json.dumps(self.door.view().to_dict()), "its view")

    def check(self, text: str, what: str) -> None:
        leaked = sorted(card for card in self.knowledge.hidden_from(self.door.seat) if f'"{card}"' in text)
        if leaked:
            self.leaks.append(f"{what} showed {leaked}: {text[:300]}")


def act_as_computer(door: ReverseDoor, rng: random.Random) -> None:
    """One action of the person whose turn it is, as an easy computer would choose it."""
    door.act(make_player("easy", rng).choose(door.view()))


@pytest.fixture
def server(tmp_path: Path) -> TableServer:
    return TableServer(tmp_path, grace=0.05, pace=0, seed=2026)


async def test_two_people_a_computer_and_a_spectator_play_a_round_and_nothing_leaks(server: TableServer) -> None:
    rules = build_rules(3, jokers=True, joker_challenge=True)
    info = server.create_table(ADA, "Reverse night", rules, ["open", "open", "beginner"], seed=11)
    assert info.game == "kings-reverse" and "Kings Reverse" in info.line()
    ada = server.join(ADA, info.id, 0)
    watcher = server.watch(CLEO, info.id)
    ben = server.join(BEN, info.id, 1)  # every person's seat taken: the game starts
    assert isinstance(ada, ReverseDoor) and isinstance(ben, ReverseDoor) and isinstance(watcher, ReverseDoor)
    assert server.table(info.id).state == TableState.PLAYING
    knowledge = Knowledge(server, info.id)
    seen = [Seen(knowledge, door) for door in (ada, ben, watcher)]
    game = referee(server, info.id)
    rng = random.Random(4)
    refused = 0
    while game.phase == Phase.TURN:
        await until(lambda: game.phase != Phase.TURN or game.current in (0, 1), "a person's turn")
        if game.phase != Phase.TURN:
            break
        door, other = (ada, ben) if game.current == 0 else (ben, ada)
        if refused < 5:
            refused += 1
            before = door.view()
            with pytest.raises(TableError, match=f"It is {door.person.name}'s turn, not yours."):
                other.act(Action(ActionKind.DRAW))
            with pytest.raises(TableError, match="spectators cannot play"):
                watcher.act(Action(ActionKind.DRAW))
            assert not hasattr(door, "end_turn")  # Kings in the Corner's moves are no moves here
            assert door.view() == before and other.legal_actions() == ()
        act_as_computer(door, rng)
    for door_seen in seen:
        assert door_seen.leaks == []
        assert any(getattr(item, "name", "") == "round_end" for item in door_seen.items)
    assert watcher.view().hand == () and ada.view().hand == tuple(game.hand(0))
    summary = ada.round_summary()
    assert summary.hands[1] == () and summary.hands[2] == ()
    assert watcher.round_summary().hands == ((), (), ())
    await server.close()
    lines = (server.data_dir / "tables" / f"table-{info.id}.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    assert first["event"] == "session_start" and first["game"] == "kings-reverse"
    check_transcript(json.loads(line) for line in lines)  # the independent referee accepts it


async def test_a_refused_action_says_the_rules_sentence_and_changes_nothing(server: TableServer) -> None:
    info = server.create_table(ADA, "", build_rules(2), ["open", "hard"], seed=3)
    ada = server.join(ADA, info.id, 0)  # the only person's seat: the game starts
    assert isinstance(ada, ReverseDoor)
    game = referee(server, info.id)
    await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
    view = ada.view()
    playable = {a.card for a in view.legal if a.card is not None}
    unplayable = next((c for c in view.hand if c not in playable), None)
    if unplayable is not None:
        with pytest.raises(TableError) as refusal:
            ada.act(Action(ActionKind.PLAY, unplayable))
        assert str(refusal.value).endswith(".") and ada.view() == view
    with pytest.raises(TableError, match=r"Jokers are not challenged in this game \(rule KR6 is off\)"):
        ada.act(Action(ActionKind.CHALLENGE))
    assert ada.view() == view
    await server.close()


async def test_creating_a_kings_reverse_table_checks_its_seats_by_that_games_levels(server: TableServer) -> None:
    with pytest.raises(TableError, match="for 2 players; 3 seats"):
        server.create_table(ADA, "T", build_rules(2), ["open", "open", "easy"])
    with pytest.raises(TableError, match="not 'wizard'"):
        server.create_table(ADA, "T", build_rules(2), ["open", "wizard"])
    with pytest.raises(TableError, match="no rules of a game"):
        server.create_table(ADA, "T", {"players": 2}, ["open", "easy"])
    assert server.tables() == ()
    info = server.create_table(ADA, "T", build_rules(2), ["open", "beginner"])  # Kings Reverse's own level
    assert info.seats[1].level == "beginner"
    await server.close()


async def test_the_next_round_is_dealt_when_both_people_are_ready(server: TableServer) -> None:
    info = server.create_table(ADA, "", build_rules(2, hand_size=5), ["open", "open"], seed=8)
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    assert isinstance(ada, ReverseDoor) and isinstance(ben, ReverseDoor)
    game = referee(server, info.id)
    rng = random.Random(2)
    while game.phase == Phase.TURN:
        act_as_computer(ada if game.current == 0 else ben, rng)
    assert game.phase == Phase.ROUND_OVER
    ada.next_round()
    assert game.phase == Phase.ROUND_OVER and server.table(info.id).round == 1
    ben.next_round()
    assert game.phase == Phase.TURN and server.table(info.id).round == 2
    await server.close()


async def test_a_dropped_seat_is_played_by_the_house_then_reclaimed(server: TableServer) -> None:
    info = server.create_table(ADA, "", build_rules(2), ["open", "open"], seed=5)
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    assert isinstance(ben, ReverseDoor)
    game = referee(server, info.id)
    rng = random.Random(1)
    notices: list[str] = []
    ben.follow(lambda item: notices.append(str(item)) if isinstance(item, Notice) else None)
    ada.detach()  # the connection dropped: held for the grace time, then the house plays
    await until(lambda: server.table(info.id).seats[0].stand_in, "the house playing Ada's seat")
    assert any("The computer (hard) plays for Ada" in n for n in notices)
    for _ in range(6):  # the house plays Ada's turns; Ben plays his own
        await until(lambda: game.current == 1 or game.phase != Phase.TURN, "Ben's turn")
        if game.phase != Phase.TURN:
            break
        act_as_computer(ben, rng)
    ada = server.join(ADA, info.id, 0)
    assert any("Ada is back in seat 1" in n for n in notices)
    if game.phase == Phase.TURN:
        await until(lambda: not server.table(info.id).seats[0].stand_in or game.phase != Phase.TURN,
                    "Ada playing her seat again")
    await server.close()


async def test_an_adjourned_table_is_saved_in_the_games_format_and_resumed_after_a_restart(tmp_path: Path) -> None:
    server = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    info = server.create_table(ADA, "Kept", build_rules(2), ["open", "medium"], seed=21)
    ada = server.join(ADA, info.id, 0)
    assert isinstance(ada, ReverseDoor)
    game = referee(server, info.id)
    rng = random.Random(9)
    for _ in range(4):
        await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
        if game.phase != Phase.TURN:
            break
        act_as_computer(ada, rng)
    await until(lambda: game.current == 0 or game.phase != Phase.TURN, "Ada's turn")
    before = ada.view()
    ada.leave()  # nobody left: the table is adjourned
    assert server.table(info.id).state == TableState.ADJOURNED
    server.drain()
    save = json.loads((tmp_path / "tables" / f"table-{info.id}.json").read_text())
    assert save["kind"] == "kings-reverse-save" and save["actions"]
    await server.close()

    again = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    (table,) = again.tables()
    assert table.state == TableState.ADJOURNED and table.game == "kings-reverse"
    with pytest.raises(TableError, match="only its players can resume it"):
        again.join(BEN, table.id, 0)
    ada = again.join(ADA, table.id, 0)  # her own seat: the game goes on where it was
    assert isinstance(ada, ReverseDoor)
    after = ada.view()
    assert (after.round, after.hand, after.pile, after.current, after.totals) == (
        before.round, before.hand, before.pile, before.current, before.totals)
    act_as_computer(ada, rng)
    await again.close()
    lines = (tmp_path / "tables" / f"table-{table.id}.jsonl").read_text().splitlines()
    check_transcript(json.loads(line) for line in lines)


async def test_a_table_adjourned_between_rounds_is_listed_after_its_round(tmp_path: Path) -> None:
    server = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    info = server.create_table(ADA, "Late", build_rules(2, hand_size=5), ["open", "open"], seed=8)
    ada, ben = server.join(ADA, info.id, 0), server.join(BEN, info.id, 1)
    assert isinstance(ada, ReverseDoor) and isinstance(ben, ReverseDoor)
    game = referee(server, info.id)
    assert "(playing, round 1; " in server.table(info.id).line()
    rng = random.Random(2)
    while game.phase == Phase.TURN:
        act_as_computer(ada if game.current == 0 else ben, rng)
    assert game.phase == Phase.ROUND_OVER
    assert "(playing, round 1 over; " in server.table(info.id).line()
    ada.leave()
    ben.leave()  # nobody left: the table is adjourned, between round 1 and round 2
    assert "(adjourned after round 1; " in server.table(info.id).line()
    await server.close()

    again = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    (table,) = again.tables()
    assert table.state == TableState.ADJOURNED and table.round_over
    assert "(adjourned after round 1; " in table.line()
    ada = again.join(ADA, table.id, 0)
    assert "(resuming after round 1; " in again.table(table.id).line()
    ben = again.join(BEN, table.id, 1)  # both back: the game goes on, at the round's end
    assert again.table(table.id).state == TableState.PLAYING
    assert "(playing, round 1 over; " in again.table(table.id).line()
    ada.next_round()
    ben.next_round()
    assert "(playing, round 2; " in again.table(table.id).line()
    await again.close()


async def test_a_damaged_save_is_refused_with_a_sentence_and_the_table_stays_adjourned(tmp_path: Path) -> None:
    server = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    info = server.create_table(ADA, "Kept", build_rules(2), ["open", "easy"], seed=4)
    ada = server.join(ADA, info.id, 0)
    ada.leave()
    await server.close()
    save = tmp_path / "tables" / f"table-{info.id}.json"
    doc = json.loads(save.read_text())
    doc["actions"] = [{"action": "play", "card": "JK", "suit": "S"}] * 3  # not what the deal allows
    save.write_text(json.dumps(doc))

    again = TableServer(tmp_path, grace=0, pace=0, seed=2026)
    with pytest.raises(TableError, match=f"Table {info.id} cannot be resumed: .*"):
        again.join(ADA, info.id, 0)
    table = again.table(info.id)
    assert table.state == TableState.ADJOURNED and table.seats[0].name == "Ada" and not table.seats[0].connected
    assert json.loads(save.read_text()) == doc  # the file is left as it was
    await again.close()


async def seeded_round(data: Path, thinkers: int) -> list[str]:
    """The transcript of a round at a seeded heads-up table, a person against ``hard`` (which reads
    what its opponent shows it lacks, and deals worlds from its random numbers), the computer
    thinking in ``thinkers`` processes (0: threads)."""
    server = TableServer(data, pace=0, seed=2026, thinkers=thinkers)
    info = server.create_table(ADA, "Seeded", build_rules(2), ["open", "hard"], seed=8)
    ada = server.join(ADA, info.id, 0)
    assert isinstance(ada, ReverseDoor)
    game = referee(server, info.id)
    rng = random.Random(4)
    actions = 0
    while game.phase == Phase.TURN:
        await until(lambda: game.phase != Phase.TURN or game.current == 0, "Ada's turn")
        if game.phase != Phase.TURN:
            break
        act_as_computer(ada, rng)
        actions += 1
    assert actions > 5
    await server.close()
    return (data / "tables" / f"table-{info.id}.jsonl").read_text().splitlines()


async def test_a_seeded_table_plays_the_same_round_whether_computers_think_in_processes_or_threads(
        tmp_path: Path) -> None:
    assert await seeded_round(tmp_path / "processes", 1) == await seeded_round(tmp_path / "threads", 0)


async def test_a_seat_taken_once_the_game_is_on_is_named_for_its_person(server: TableServer) -> None:
    """A play test took the free seat of a Kings Reverse game in play and played it to the end
    as "Seat 3": the screens, the scores, the transcript and the save never named her."""
    info = server.create_table(ADA, "", build_rules(3), ["open", "open", "open"], seed=5)
    ada = server.join(ADA, info.id, 0)
    server.join(BEN, info.id, 1)
    server.start(ADA, info.id)  # seat 3 free: the house plays it
    assert [p.name for p in ada.view().players] == ["Ada", "Ben", "Seat 3"]
    cleo = server.join(CLEO, info.id, 2)
    assert [p.name for p in cleo.view().players] == ["Ada", "Ben", "Cleo"]
    assert [p.name for p in ada.view().players] == ["Ada", "Ben", "Cleo"]
    table = server._tables[info.id]
    first = json.loads(table.transcript_path.read_text().splitlines()[0])
    assert [p["name"] for p in first["players"]] == ["Ada", "Ben", "Cleo"]
    await until(lambda: table.save_path.exists() and '"Cleo"' in table.save_path.read_text(), "the save names her")
    saved = json.loads(table.save_path.read_text())
    assert saved["names"] == ["Ada", "Ben", "Cleo"] and saved["specs"][2] == "human:Cleo"
    await server.close()
