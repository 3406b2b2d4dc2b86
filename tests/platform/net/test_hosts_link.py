"""Hosts sharing one Redis (kc_tui/net/hosts.py), in one process: each host a table server with its
link's end, and a worker of each played by the test, calling its host as a worker process does
(:meth:`LinkHost.answer`) and keeping what its host pushes.  Against a real ``redis-server``.

Played end to end over SSH, with real servers killed and Redis restarted, in test_hosts.py."""

from __future__ import annotations

import asyncio
import json
import pickle
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from redis_server import RedisServer
from waiting import until

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import TableError, TableServer, TableState
from kc_tui.net import hosts as hosts_module
from kc_tui.net.hosts import Hosts
from kc_tui.net.link import DoorHandle, LinkHost, _Peer
from kc_tui.net.values import Notice

from .test_ssh_tables import Referee, cards_in

pytestmark = pytest.mark.timeout(90)

LEASE = 2.0
"""The hosts' lease: long enough that a live host is not taken for gone when the machine is busy
(the suite's workers and the hosts of several tests on two cores stalled one past 1 s)."""


class Worker(_Peer):
    """A worker process as its host sees it, played by the test: what is pushed to it is kept."""

    def __init__(self, host: Host) -> None:
        super().__init__(host.link, f"worker of {host.name}")
        self.host = host
        self.got: list[Any] = []
        host.link.peers[self.worker] = self

    def push(self, message: Any) -> None:
        self.got.append(message)

    async def call(self, target: int | None, name: str, *args: Any, lang: str = "en") -> Any:
        ok, value, _frame = await self.host.link.answer(self, lang, target, name, args)
        if not ok:
            raise value
        if isinstance(value, DoorHandle):
            self.got.append(("deliver", value.door, [], value.frame))  # the door's first frame
        return value

    def notices(self, door: int | None = None) -> list[str]:
        """What was said to the seats this worker holds (``door``: to that one)."""
        return [str(item) for message in self.got if message[0] in ("deliver", "lost")
                and door in (None, message[1])
                for item in (message[2] if message[0] == "deliver" else [message[2]]) if isinstance(item, Notice)]

    def frame(self, door: int) -> dict[str, Any]:
        """The door's frame as this worker holds it: each step sends the answers that changed."""
        frame: dict[str, Any] = {}
        for message in self.got:
            if message[0] == "deliver" and message[1] == door:
                frame.update(message[3])
        return frame


class Host:
    def __init__(self, name: str, folder: Path, url: str, prefix: str, **options: Any) -> None:
        self.name = name
        self.tables = TableServer(folder / name, pace=0, seed=7, grace=30, **options)
        self.link = LinkHost(self.tables, folder / f"{name}.sock")
        self.hosts = Hosts(url, self.link, lease=LEASE, prefix=prefix)

    async def start(self) -> Worker:
        await self.hosts.start()
        return Worker(self)

    async def stop(self) -> None:
        await self.tables.close()
        await self.hosts.close()

    def die(self) -> None:
        """As kill -9 does to a host: it stops renewing anything and answers nothing (its
        tables are left where they are, played by nobody)."""
        for task in self.hosts._tasks:
            task.cancel()
        self.hosts._closing = True
        for table in self.tables._tables.values():
            table._stop_task()


@pytest.fixture
async def redis(tmp_path: Path) -> AsyncIterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def hosts(tmp_path: Path, redis: RedisServer, *names: str, **options: Any) -> list[tuple[Host, Worker]]:
    prefix = f"kc{secrets.token_hex(3)}:"
    made = []
    for name in names:
        host = Host(name, tmp_path, redis.url, prefix, **options)
        made.append((host, await host.start()))
    return made


async def test_the_lobby_and_the_names_are_every_hosts(tmp_path: Path, redis: RedisServer) -> None:
    (a, wa), (b, wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        made = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "easy"])
        await until(lambda: made.id in b.hosts.where, "B hears of A's table")
        listed = await wb.call(None, "tables")
        assert [(t.id, t.name) for t in listed] == [(made.id, "Ada's table")]
        spanish = await wb.call(None, "tables", lang="es")
        assert [t.id for t in spanish] == [made.id]
        # A name is one person's on every host: the key's, and a guest's while connected.
        with pytest.raises(TableError, match="taken by another player"):
            await wb.call(None, "person", "key-other", "ADA")
        assert await wb.call(None, "known_name", "key-ada") == "Ada"
        guest = await wb.call(None, "person", None, "Gil")
        with pytest.raises(TableError, match="taken by another player"):
            await wa.call(None, "person", None, "gil")
        await wb.call(None, "left", guest)
        assert (await wa.call(None, "person", None, "Gil")).name == "Gil"
        # A table made a moment ago on another host is found at once, its news on the way or not.
        b.hosts.lobbies.pop(a.hosts.me)
        b.hosts._lobby_moved()
        assert (await wb.call(None, "table", made.id)).name == "Ada's table"
        with pytest.raises(TableError, match="There is no table 99"):
            await wb.call(None, "table", 99)
        # A second table's number follows the first's, whichever host makes it.
        bea = await wb.call(None, "person", "key-bea", "Bea")
        second = await wb.call(None, "create_table", bea, "", build_rules(players=2), ["open", "easy"])
        assert second.id == made.id + 1
        await until(lambda: second.id in a.hosts.where, "A hears of B's table")
        assert [t.id for t in await wa.call(None, "tables")] == [made.id, second.id]
        # A table made without a name is not given another host's table's (a play test saw two
        # "Ada's table" in one lobby).
        await until(lambda: made.id in b.hosts.where, "B hears of A's table again")
        ada_on_b = await wb.call(None, "person", "key-ada", "Ada")
        third = await wb.call(None, "create_table", ada_on_b, "", build_rules(players=2), ["open", "easy"])
        assert third.name == "Ada's table 2"
    finally:
        await a.stop()
        await b.stop()


async def test_a_persons_tables_are_counted_on_every_host(tmp_path: Path, redis: RedisServer) -> None:
    (a, wa), (b, wb) = await hosts(tmp_path, redis, "a", "b", max_tables_per_person=1)
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        made = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "easy"])
        await until(lambda: made.id in b.hosts.where, "B hears of A's table")
        again = await wb.call(None, "person", "key-ada")
        with pytest.raises(TableError, match=rf"You have 1 tables already .*: table {made.id}\)"):
            await wb.call(None, "create_table", again, "", build_rules(players=2), ["open", "easy"])
        bea = await wb.call(None, "person", "key-bea", "Bea")
        other = await wb.call(None, "create_table", bea, "", build_rules(players=2), ["open", "open"])
        await until(lambda: other.id in a.hosts.where, "A hears of B's table")
        with pytest.raises(TableError, match="You have 1 tables already"):
            await wa.call(None, "join", ada, other.id, 1)
    finally:
        await a.stop()
        await b.stop()


def _check(leaks: list[str], referee: Referee, seat: int | None, message: Any) -> None:
    hidden = referee.hidden_from(seat)
    leaks.extend(f"{card} sent to the host of seat {seat}" for card in cards_in(message) if card in hidden)


async def _play_until(doors: list[tuple[Worker, int]], done: Any) -> None:
    """Each seat whose turn it is plays its first legal move, or ends its turn, until ``done()``."""
    for _ in range(2000):
        if done():
            return
        for worker, door in doors:
            if await worker.call(door, "my_turn"):
                moves = await worker.call(door, "legal_moves")
                await (worker.call(door, "play", moves[0]) if moves else worker.call(door, "end_turn"))
                break
        else:
            await until(lambda: done() or any(w.frame(d).get("my_turn", (0, False))[1] for w, d in doors),
                        "a turn")
    raise AssertionError("the round never ended")


async def test_a_seat_at_another_hosts_table_plays_and_is_sent_no_hidden_card_and_the_table_survives_its_host(
        tmp_path: Path, redis: RedisServer) -> None:
    (a, wa), (b, wb), (c, wc) = await hosts(tmp_path, redis, "a", "b", "c")
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        bea = await wb.call(None, "person", "key-bea", "Bea")
        cid = await wc.call(None, "person", "key-cid", "Cid")
        info = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "open"], 11)
        await until(lambda: info.id in b.hosts.where and info.id in c.hosts.where, "B and C hear of the table")
        referee = Referee(a.tables, info.id)
        # Every message host A sends to B (a seat) and to C (a spectator), checked as it is sent.
        leaks: list[str] = []
        send = a.hosts.send
        seats = {b.hosts.me: 1, c.hosts.me: None}

        checked = []

        def watched(host: str, message: Any) -> None:
            _check(leaks, referee, seats.get(host), message)
            checked.append(message[0])
            send(host, message)
        a.hosts.send = watched  # type: ignore[method-assign]
        door_a: DoorHandle = await wa.call(None, "join", ada, info.id, 0)
        door_b: DoorHandle = await wb.call(None, "join", bea, info.id, 1)
        watching: DoorHandle = await wc.call(None, "watch", cid, info.id)
        assert door_b.table_id == info.id and door_b.seat == 1 and door_b.door in b.hosts.routes
        assert watching.door in c.hosts.routes
        await until(lambda: referee.game() is not None and referee.game().phase == Phase.TURN, "the deal")
        # B and C answer the lobby's reads about A's table from A's lobby, as A itself would.
        await until(lambda: all(seat.connected for seat in b.hosts.all_tables("en")[0].seats), "B sees both seated")
        for person in (ada, bea, cid):
            for name in ("is_owner", "may_start", "seat_kept_for", "seat_to_take"):
                assert await wb.call(None, name, person, info.id) == getattr(a.tables, name)(person, info.id), name
        await wb.call(door_b.door, "say", "hello from B")
        await until(lambda: "hello from B" in " ".join(wc.notices()), "C hears B's chat")
        # A message written twice (a write repeated after Redis was away mid-write) is heard once.
        route = b.hosts.routes[door_b.door]
        number = next(b.hosts._sequence)  # B's next message's number, taken by this one
        again = pickle.dumps((b.hosts.me, number, ("call", 0, "en", route.number, "say", ("only once",))))
        client = redis.client()
        try:
            for _ in range(2):
                client.xadd(f"{a.hosts.prefix}inbox:{a.hosts.me}", {"m": again})
        finally:
            client.close()
        await wb.call(door_b.door, "say", "after it")
        await until(lambda: "after it" in " ".join(wc.notices()), "C hears the next line")
        assert " ".join(wc.notices()).count("only once") == 1
        await _play_until([(wa, door_a.door), (wb, door_b.door)], lambda: len(a.tables._tables[info.id].events) > 12)
        await until(lambda: wc.frame(watching.door), "the spectator follows")
        assert not leaks, leaks[:5]
        assert checked.count("deliver") > 5 and "answer" in checked
        del a.hosts.send  # (watched no more)
        # B's door as B's screens read it, built from each step's changed answers, is the door
        # where the table is; its hand is B's own.
        hosted = a.link.peers[f"host {b.hosts.me}"].doors[b.hosts.routes[door_b.door].number]
        await until(lambda: wb.frame(door_b.door).keys() == hosted.frame().keys(), "B's frame whole")
        assert {k: v for k, v in wb.frame(door_b.door).items() if v[0]} == {
            k: v for k, v in hosted.frame().items() if v[0]}
        view = wb.frame(door_b.door)["view"][1]
        assert view.seat == 1 and view.observation is not None and view.observation.hand_mask
        # A's host dies mid-round; its table's lease runs out and another host takes it over
        # from the journal: the game goes on at the last turn saved, B and C seated again.
        a_table = a.tables._tables[info.id]
        played = a_table.events
        a.die()
        # Once A misses its heartbeat, B asks it nothing (a worker waiting for a host that is gone
        # waits with all its sessions): a move at A's table is refused at once.
        await until(lambda: a.hosts.me in b.hosts.suspect or a.hosts.me not in b.hosts.alive, "B suspects A")
        asked = []
        send = b.hosts.send
        b.hosts.send = lambda host, message: (asked.append(message), send(host, message))  # type: ignore[method-assign]
        with pytest.raises(TableError, match="cannot be reached just now|wait a moment for another host"):
            await wb.call(door_b.door, "end_turn")
        b.hosts.send = send  # type: ignore[method-assign]
        assert not [m for m in asked if m[0] == "call"]
        taken = "another host took it over, and the game goes on"
        await until(lambda: taken in " ".join(wb.notices()) and taken in " ".join(wc.notices()),
                    "B's seat and C's watching taken back", 20)
        holder = b if info.id in b.tables._tables else c
        table = holder.tables._tables[info.id]
        saved = table.events
        assert 0 < len(saved) <= len(played) and saved == played[:len(saved)]
        assert [s.person.name if s.person else None for s in table.slots] == ["Ada", "Bea"]
        assert table.slots[1].connected and not table.slots[0].connected  # Ada's seat held for her
        # Ada comes back through B, and the round is played to its end on the new host.
        again: DoorHandle = await wb.call(None, "join", ada, info.id, 0)
        await _play_until([(wb, again.door), (wb, door_b.door)],
                          lambda: table.service is not None and table.service.phase != Phase.TURN)
        assert table.service is not None and table.service.phase == Phase.ROUND_OVER
        # A host cut off from Redis past its lease, back: another host holds its table now, so it
        # lets the table go, and sends its own people's sessions back to the lobby.
        a.hosts._closing = False
        a.hosts._tasks = [asyncio.get_running_loop().create_task(a.hosts._beat_loop())]
        moved = "Table 1 is played on another host now; take your seat again from the lobby."
        await until(lambda: info.id not in a.tables._tables, "A lets the table go")
        assert ("lost", door_a.door) in [m[:2] for m in wa.got] and moved in wa.notices()
        for task in a.hosts._tasks:
            task.cancel()
        # The dead host's writes still waiting (as a host cut off from Redis has) change nothing
        # of a table another host holds now.
        a.hosts.meta(a_table)
        a.hosts.forget(info.id)
        pipe = a.hosts.redis.pipeline(transaction=False)
        for op in a.hosts.out:
            op(pipe)
        assert (await pipe.execute())[-2:] == [0, 0]
        client = redis.client()
        try:
            assert client.hget(f"{holder.hosts.prefix}journal", info.id) == holder.hosts.me.encode()
            assert json.loads(client.get(f"{holder.hosts.prefix}meta:{info.id}"))["state"] == "playing"
        finally:
            client.close()
    finally:
        for host in (a, b, c):
            await host.stop()


async def test_a_host_slow_to_take_a_table_over_still_renews_its_heartbeat_on_time(
        tmp_path: Path, redis: RedisServer) -> None:
    """CI failed once: a host that had just taken a table over renewed its heartbeat late, so
    another host refused to ask it for a moment, and a person joining the table from there was
    told the tables could not be reached.  Its round of taking over put its renewal off."""
    (a, _wa), (b, _wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        slow = asyncio.Event()

        async def taking_over() -> None:  # as a take-over on a busy disk: three leases long
            slow.set()
            await asyncio.sleep(3 * LEASE)
        a.hosts._take_over = taking_over  # type: ignore[method-assign]
        seen: list[tuple[bool, bool]] = []  # at each of B's checks: A suspect, A gone
        check = b.hosts._check_hosts

        async def checking() -> None:
            await check()
            seen.append((a.hosts.me in b.hosts.suspect, a.hosts.me not in b.hosts.alive))
        b.hosts._check_hosts = checking  # type: ignore[method-assign]
        await until(slow.is_set, "A's slow round begins")
        await until(lambda: len(seen) >= 12, "B checks the hosts through three leases", 30)
        # Never taken for gone (a busy machine may stall a renewal past the moment B would
        # ask A nothing for a while, not past the lease).
        assert not any(gone for _suspect, gone in seen), seen
    finally:
        for host in (a, b):
            await host.stop()


async def test_a_take_over_longer_than_a_lease_keeps_the_table_on_one_host(
        tmp_path: Path, redis: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review found that a table's lease was renewed only once its take-over was done: one
    that lasted longer than a lease (its files synced on a busy disk) let a third host take the
    same table too."""
    (a, wa), (b, _wb), (c, _wc) = await hosts(tmp_path, redis, "a", "b", "c")
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        info = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "easy"], 11)
        await wa.call(None, "join", ada, info.id, 0)
        table = a.tables._tables[info.id]
        await until(lambda: table.service is not None and table.service.phase == Phase.TURN, "the deal")
        await until(lambda: not a.hosts.out, "A's journal written")
        write = hosts_module._write_both

        def slowly(*args: Any) -> None:  # as a busy disk: two leases
            time.sleep(2 * LEASE)
            write(*args)
        monkeypatch.setattr(hosts_module, "_write_both", slowly)
        takes: list[str] = []
        for host in (b, c):
            take = host.hosts._take

            async def taking(table_id: int, gone: str, take: Any = take, name: str = host.name) -> None:
                takes.append(name)
                await take(table_id, gone)
            host.hosts._take = taking  # type: ignore[method-assign]
        a.die()
        await until(lambda: info.id in b.tables._tables or info.id in c.tables._tables, "the table taken over", 30)
        assert len(takes) == 1, takes
    finally:
        for host in (a, b, c):
            await host.stop()


async def test_a_host_back_after_it_was_taken_for_gone_is_told_to_read_the_lobby_again(
        tmp_path: Path, redis: RedisServer) -> None:
    """A play test stopped a host's process for eight seconds, and another host took its table
    over meanwhile: once it went on, its lobby listed no table for a minute.  The news of the
    table went only to the hosts taken for alive, and nothing told the one back to read it
    again until the other host's lobby changed once more."""
    (a, _wa), (b, _wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        for task in b.hosts._tasks:  # as a stopped process: B renews nothing and reads nothing
            task.cancel()
        await until(lambda: b.hosts.me not in a.hosts.alive, "A takes B for gone", 30)
        told: list[str] = []
        send = a.hosts.send
        a.hosts.send = lambda host, message: (  # type: ignore[method-assign]
            told.append(host) if message == ("lobby",) else None, send(host, message))
        b.hosts._tasks = [asyncio.get_running_loop().create_task(b.hosts._beat_loop())]  # B goes on
        await until(lambda: b.hosts.me in told, "A tells B to read its lobby", 20)
    finally:
        for task in b.hosts._tasks:
            task.cancel()
        for host in (a, b):
            await host.stop()


async def test_a_check_of_the_hosts_before_the_heartbeat_sees_redis_emptied_takes_none_for_gone(
        tmp_path: Path, redis: RedisServer) -> None:
    """The full suite failed once the heartbeat had a task of its own: Redis emptied (as a
    restart without its file leaves it), the round checking the hosts came before the renewal
    that notices it, found no heartbeat of the other host, and took it for gone."""
    (a, _wa), (b, _wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        # Both: A counts B alive before it has read B's lobby (CI caught the test between).
        await until(lambda: b.hosts.me in a.hosts.alive and b.hosts.me in a.hosts.lobbies, "A knows B")
        for task in a.hosts._tasks:  # A's heartbeat has not noticed yet
            task.cancel()
        client = redis.client()
        try:
            client.flushall()
        finally:
            client.close()
        a.hosts.up_since -= 2 * LEASE  # (as if up a while: no grace after a start)
        await a.hosts._check_hosts()
        assert b.hosts.me in a.hosts.alive and b.hosts.me in a.hosts.lobbies
    finally:
        for host in (a, b):
            await host.stop()


async def _ada_and_bea_at_a_table(wa: Worker, b: Host, wb: Worker) -> tuple[Any, DoorHandle, DoorHandle, Any]:
    """Ada (on A) makes a table of two people and sits; Bea (on B) sits; the round is dealt: its
    information, their doors and the table (on A)."""
    ada = await wa.call(None, "person", "key-ada", "Ada")
    bea = await wb.call(None, "person", "key-bea", "Bea")
    info = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "open"], 11)
    await until(lambda: info.id in b.hosts.where, "B hears of the table")
    door_a: DoorHandle = await wa.call(None, "join", ada, info.id, 0)
    door_b: DoorHandle = await wb.call(None, "join", bea, info.id, 1)
    table = wa.host.tables._tables[info.id]
    await until(lambda: table.service is not None and table.service.phase == Phase.TURN, "the deal")
    return info, door_a, door_b, table


async def test_a_move_s_answer_read_with_the_next_step_leaves_the_seat_s_frame_at_that_step(
        tmp_path: Path, redis: RedisServer) -> None:
    """A CI run's Ben saw the table a turn back once Redis returned: his end of turn was
    answered, Ada's turn after it delivered in the same read of his host's inbox, and the
    answer's frame, set once his call's coroutine went on, undid her turn in the frame his host
    keeps for his door; the notice that Redis was back then sent that frame to his session."""
    (a, wa), (b, wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        info, door_a, door_b, table = await _ada_and_bea_at_a_table(wa, b, wb)
        await _play_until([(wa, door_a.door), (wb, door_b.door)], lambda: table.service.current == 1)
        held: list[tuple[str, Any]] = []
        heard = b.hosts._heard
        b.hosts._heard = lambda origin, message: held.append((origin, message))  # type: ignore[method-assign]
        ending = asyncio.get_running_loop().create_task(wb.call(door_b.door, "end_turn"))
        await until(lambda: any(m[0] == "answer" for _, m in held), "Bea's end of turn answered")
        await wa.call(door_a.door, "end_turn")  # Ada at once: Bea's turn again
        answered = next(i for i, (_, m) in enumerate(held) if m[0] == "answer")
        await until(lambda: any(m[0] == "deliver" for _, m in held[answered:]), "Ada's turn delivered")
        for origin, message in held:  # as one read of the inbox
            heard(origin, message)
        b.hosts._heard = heard  # type: ignore[method-assign]
        await ending
        route = b.hosts.routes[door_b.door]
        hosted = a.link.peers["host " + b.hosts.me].doors[route.number]
        assert route.frame["my_turn"] == (True, True)
        answers = {name: answer for name, answer in hosted.frame().items() if answer[0]}  # (refusals
        assert {name: answer for name, answer in route.frame.items() if answer[0]} == answers  # differ)
        # What a notice sends the seat from that frame (Redis away and back) is her turn.
        b.hosts._tell_sessions("news")
        assert wb.frame(door_b.door)["my_turn"] == (True, True)
    finally:
        await a.stop()
        await b.stop()


async def test_while_redis_is_away_play_waits_and_goes_on_when_it_is_back_with_nobody_reconnecting(
        tmp_path: Path, redis: RedisServer) -> None:
    (a, wa), (b, wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        info, door_a, door_b, table = await _ada_and_bea_at_a_table(wa, b, wb)
        await _play_until([(wa, door_a.door), (wb, door_b.door)], lambda: len(table.events) > 8)
        redis.stop()
        waits = "shared store cannot be reached; play waits"
        await until(lambda: waits in " ".join(wa.notices()) and waits in " ".join(wb.notices()), "both told")
        events = len(table.events)
        mover, door = (wa, door_a.door) if await wa.call(door_a.door, "my_turn") else (wb, door_b.door)
        with pytest.raises(TableError, match="play waits until it is back"):
            await mover.call(door, "end_turn")
        assert len(table.events) == events and not a.tables.going.is_set()
        # A read changes nothing: its host answers it (a play test's session ended on the
        # refusal of where a card it picked up could go, the table's screen never asked that).
        view = await wa.call(door_a.door, "view")
        card = view.observation.hand[0]
        assert (await wa.call(door_a.door, "targets", card)).held == card
        # Across hosts it cannot be asked now (the seat's side then marks no pile: below).
        with pytest.raises(TableError, match="play waits until it is back"):
            await wb.call(door_b.door, "targets", card)
        redis.start()
        back = "shared store is back; play goes on"
        await until(lambda: back in " ".join(wa.notices()) and back in " ".join(wb.notices()), "both told", 30)
        await mover.call(door, "end_turn")
        assert len(table.events) > events and a.tables.going.is_set()
        # Nothing was lost from the journal: A's last whole save and every line after it.
        await until(lambda: not a.hosts.out, "A's writes sent")
        client = redis.client()
        try:
            assert client.hget(f"{a.hosts.prefix}journal", info.id) == a.hosts.me.encode()
            assert client.exists(f"{a.hosts.prefix}lease:{info.id}")
        finally:
            client.close()
    finally:
        await a.stop()
        await b.stop()


async def test_a_host_started_again_lists_no_table_another_host_took_over_or_closed(
        tmp_path: Path, redis: RedisServer) -> None:
    prefix = f"kc{secrets.token_hex(3)}:"
    a, b = Host("a", tmp_path, redis.url, prefix), Host("b", tmp_path, redis.url, prefix)
    wa = await a.start()
    await b.start()
    again: Host | None = None
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        info = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "easy"], 5)
        await wa.call(None, "join", ada, info.id, 0)
        table = a.tables._tables[info.id]
        await until(lambda: len(table.events) > 3 and not a.hosts.out, "a game under way, in the journal")
        a.die()
        await until(lambda: info.id in b.tables._tables, "B takes the table over")
        # A started again on its folder: its disk lists the table, but B holds it.
        again = Host("a", tmp_path, redis.url, prefix)
        assert info.id in again.tables._tables
        await again.start()
        assert info.id not in again.tables._tables
        await again.stop()
        # B closes it for good (its game over); A started again forgets it, files and all.
        taken = b.tables._tables.pop(info.id)
        b.tables.forget(taken)
        await until(lambda: not b.hosts.out, "B's writes sent")
        again = Host("a", tmp_path, redis.url, prefix)
        assert info.id in again.tables._tables
        await again.start()
        assert info.id not in again.tables._tables and not table.meta_path.exists()
    finally:
        for host in (a, b, again):
            if host is not None:
                await host.stop()


async def test_an_adjourned_table_is_taken_over_adjourned_and_resumed_from_another_host(
        tmp_path: Path, redis: RedisServer) -> None:
    (a, wa), (b, wb) = await hosts(tmp_path, redis, "a", "b")
    try:
        ada = await wa.call(None, "person", "key-ada", "Ada")
        info = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "easy"], 5)
        door: DoorHandle = await wa.call(None, "join", ada, info.id, 0)
        table = a.tables._tables[info.id]
        await _play_until([(wa, door.door)], lambda: len(table.events) > 6)
        await wa.call(door.door, "leave")  # the last person leaves: the table is adjourned
        await until(lambda: table.state == TableState.ADJOURNED and not a.hosts.out, "adjourned, in the journal")
        client = redis.client()
        try:
            assert json.loads(client.get(f"{a.hosts.prefix}meta:{info.id}"))["state"] == "adjourned"
        finally:
            client.close()
        a.die()
        await until(lambda: info.id in b.tables._tables, "B takes the table over")
        taken = b.tables._tables[info.id]
        assert taken.state == TableState.ADJOURNED and taken.service is None  # nobody plays it meanwhile
        # Ada resumes it from B: the game goes on where it was adjourned.
        await wb.call(None, "join", ada, info.id, 0)  # (all its people back: it starts)
        await until(lambda: taken.state == TableState.PLAYING, "resumed")
        assert taken.events[:len(table.events)] == table.events
    finally:
        await a.stop()
        await b.stop()


async def _taking_nothing() -> None:
    return None


async def _three_hosts_and_two_tables(tmp_path: Path, redis: RedisServer) -> dict[str, Any]:
    """A's table 1 with Ada (A) and Bea (B); C's table 2 with Cid (C) and Ben (B), his door on C
    numbered as Bea's on A (door numbers start at 1 on every host); a few turns played at table
    1 and journaled, and only C ever takes a table over."""
    (a, wa), (b, wb), (c, wc) = made = await hosts(tmp_path, redis, "a", "b", "c")
    b.hosts._take_over = _taking_nothing  # type: ignore[method-assign]
    ada = await wa.call(None, "person", "key-ada", "Ada")
    bea, ben = await wb.call(None, "person", "key-bea", "Bea"), await wb.call(None, "person", "key-ben", "Ben")
    cid = await wc.call(None, "person", "key-cid", "Cid")
    t1 = await wa.call(None, "create_table", ada, "", build_rules(players=2), ["open", "open"], 11)
    t2 = await wc.call(None, "create_table", cid, "", build_rules(players=2), ["open", "open"], 12)
    await until(lambda: t1.id in b.hosts.where and t2.id in b.hosts.where, "B hears of both tables")
    door_a: DoorHandle = await wa.call(None, "join", ada, t1.id, 0)
    door_bea: DoorHandle = await wb.call(None, "join", bea, t1.id, 1)
    door_cid: DoorHandle = await wc.call(None, "join", cid, t2.id, 0)
    door_ben: DoorHandle = await wb.call(None, "join", ben, t2.id, 1)
    assert b.hosts.routes[door_ben.door].number == b.hosts.routes[door_bea.door].number
    table = a.tables._tables[t1.id]
    await until(lambda: table.service is not None and table.service.phase == Phase.TURN, "the deal")
    await _play_until([(wa, door_a.door), (wb, door_bea.door)], lambda: len(table.events) > 6)
    await until(lambda: not a.hosts.out, "A's journal written")
    return {"hosts": made, "t1": t1.id, "ada": door_a.door, "bea": door_bea.door, "ben": door_ben.door,
            "cid": door_cid.door}


async def test_a_seat_taken_over_by_another_host_unmaps_no_other_door_and_its_calls_meanwhile_wait(
        tmp_path: Path, redis: RedisServer) -> None:
    """A review found a seat being seated again after a take-over given the new host at once,
    with the gone host's door number: numbers repeat across hosts, so Ben's door at C's other
    table lost its mapping (he never heard Cid again), the gone host's mapping stayed (a late
    message of A's reached Bea's new seat), and a line Bea typed meanwhile was said at Ben's
    table, whose door's frame, hand and all, came back to her."""
    night = await _three_hosts_and_two_tables(tmp_path, redis)
    (a, _wa), (b, wb), (c, wc) = night["hosts"]
    try:
        old = (a.hosts.me, b.hosts.routes[night["bea"]].number)
        reattach = b.hosts._reattach
        said: list[asyncio.Task[Any]] = []

        def reattaching(number: int, route: Any, host: str) -> None:
            reattach(number, route, host)
            if number == night["bea"] and not said:  # Bea types a line at that moment
                said.append(asyncio.get_running_loop().create_task(
                    b.link.answer(wb, "en", night["bea"], "say", ("Bea's line",))))
        b.hosts._reattach = reattaching  # type: ignore[method-assign]
        a.die()
        await until(lambda: "another host took it over" in " ".join(wb.notices(night["bea"])), "Bea seated on C", 30)
        ok, refusal, frame = await said[0]
        assert not ok and "wait a moment" in str(refusal) and frame is None
        assert not [n for n in wc.notices(night["cid"]) if "Bea's line" in n]
        assert b.hosts.routes[night["bea"]].host == c.hosts.me and old not in b.hosts.by_remote
        await wc.call(night["cid"], "say", "Cid's line")  # Ben still hears his table
        await until(lambda: "Cid's line" in " ".join(wb.notices(night["ben"])), "Ben hears Cid")
        client = redis.client()  # a message A queued before it went, arriving late
        try:
            late = pickle.dumps((a.hosts.me, 10**9, ("deliver", old[1], [Notice("A's late line")], {})))
            client.xadd(f"{b.hosts.prefix}inbox:{b.hosts.me}", {"m": late})
        finally:
            client.close()
        await wc.call(night["cid"], "say", "after")
        await until(lambda: "after" in " ".join(wb.notices(night["ben"])), "B read past A's late line")
        assert not [n for n in wb.notices(night["bea"]) + wb.notices(night["ben"]) if "A's late line" in n]
    finally:
        for host, _worker in night["hosts"]:
            await host.stop()


async def test_leaving_while_being_seated_again_lets_the_new_seat_go(tmp_path: Path, redis: RedisServer) -> None:
    """Bea left as C seated her again after A went: her seat on C stayed held by a door nobody
    had (the first version dropped a route whatever route the number had by then)."""
    night = await _three_hosts_and_two_tables(tmp_path, redis)
    (a, _wa), (b, wb), (c, _wc) = night["hosts"]
    try:
        ask = b.hosts._ask
        seated: list[Any] = []

        async def asking(host: str, lang: str, target: int | None, name: str, args: Any, *more: Any,
                         **options: Any) -> Any:
            if name != "join":
                return await ask(host, lang, target, name, args, *more, **options)
            # Bea leaves while C is asked to seat her again.
            assert await b.link.answer(wb, "en", night["bea"], "leave", ()) == (True, None, None)
            seated.append(await ask(host, lang, target, name, args, *more, **options))
            return seated[-1]
        b.hosts._ask = asking  # type: ignore[method-assign]
        a.die()
        await until(lambda: seated, "C asked to seat Bea again", 30)
        seat = c.tables._tables[night["t1"]].slots[1]
        held = c.link.peers["host " + b.hosts.me].doors  # (Ben's door at table 2 stays)
        await until(lambda: not seat.connected and all(h.door.table_id != night["t1"] for h in held.values()),
                    "Bea's seat on C let go")
        assert night["bea"] not in b.hosts.routes
        assert not [n for n in wb.notices(night["bea"]) if "another host took it over" in n]
    finally:
        for host, _worker in night["hosts"]:
            await host.stop()


async def test_a_host_back_past_its_lease_plays_nothing_until_its_leases_say_which_tables_it_kept(
        tmp_path: Path, redis: RedisServer) -> None:
    """A review held open the moment between a host's inbox answering again after an outage past
    its lease and its next renewal: play went on there on a table another host had taken over,
    its moves lost, and its steps sent to the seats on other hosts."""
    night = await _three_hosts_and_two_tables(tmp_path, redis)
    (a, wa), (b, wb), (c, _wc) = night["hosts"]
    try:
        a.die()  # as a host cut off from Redis: it renews and reads nothing
        a.hosts._closing = False
        a.hosts._store_lost(OSError("cut off"))  # (what its loops found)
        await until(lambda: "another host took it over" in " ".join(wb.notices(night["bea"])), "Bea seated on C", 30)
        stale = a.tables._tables[night["t1"]]
        events = len(stale.events)
        a.hosts._renewed_at -= 10
        reached: list[bool] = []  # (its read loop reached Redis)
        store_ok = a.hosts._store_ok
        a.hosts._store_ok = lambda *args, **named: (reached.append(True), store_ok(*args, **named))[1]  # type: ignore
        loop = asyncio.get_running_loop()
        a.hosts._tasks = [loop.create_task(a.hosts._send_loop()), loop.create_task(a.hosts._read_loop())]
        await until(lambda: reached, "A's inbox answers again")
        assert a.hosts.down and not a.tables.going.is_set()  # until its leases are renewed
        with pytest.raises(TableError, match="play waits until it is back"):
            await wa.call(night["ada"], "end_turn")
        # A move another host asked of it meanwhile, read from its inbox, waits for them too.
        sent: list[tuple[str, Any]] = []
        send = a.hosts.send
        a.hosts.send = lambda host, message: (sent.append((host, message)), send(host, message))  # type: ignore
        bea_there = next(iter(a.link.peers["host " + b.hosts.me].doors))
        a.hosts._heard(b.hosts.me, ("call", 77, "en", bea_there, "end_turn", ()))
        assert not [m for _, m in sent if m[:2] == ("answer", 77)]
        # One held past the time its host waits for an answer is not made, only refused.
        a.hosts._held_calls.append((time.monotonic() - 10, b.hosts.me, ("call", 78, "en", bea_there, "say", ("hi",))))
        a.hosts._tasks.append(loop.create_task(a.hosts._beat_loop()))
        await until(lambda: not a.hosts.down, "A back")
        (answer,) = [m for _, m in sent if m[:2] == ("answer", 77)]
        assert answer[2] is False  # refused: the table is C's now
        (late,) = [m for _, m in sent if m[:2] == ("answer", 78)]
        assert late[2] is False and "play waits" in str(late[3])
        assert night["t1"] not in a.tables._tables  # C's now: let go before play went on
        assert len(stale.events) == events
    finally:
        for host, _worker in night["hosts"]:
            await host.stop()


async def test_a_seat_let_go_while_its_host_goes_is_not_taken_again_at_the_next_host(
        tmp_path: Path, redis: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review found Bea's session ending while its detach waited on a host that had just gone:
    C took the table over, B seated Bea there again, and the seat stayed held by a door nobody
    had.  (A long wait for the answer stands for the moment of the host's going.)"""
    monkeypatch.setattr(hosts_module, "ASK_SECONDS", 15.0)
    night = await _three_hosts_and_two_tables(tmp_path, redis)
    (a, _wa), (b, wb), (c, _wc) = night["hosts"]
    try:
        a.die()
        detaching = asyncio.get_running_loop().create_task(b.link.answer(wb, "en", night["bea"], "detach", ()))
        await until(lambda: b.hosts.where.get(night["t1"]) == c.hosts.me, "B hears C has table 1", 30)
        assert night["bea"] not in b.hosts.routes
        assert not c.tables._tables[night["t1"]].slots[1].connected
        assert not [n for n in wb.notices(night["bea"]) if "another host took it over" in n]
        detaching.cancel()
    finally:
        for host, _worker in night["hosts"]:
            await host.stop()
