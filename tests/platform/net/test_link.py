"""The link between the tables and the worker processes (kc_tui/net/link.py), piece by piece:
what the table host does with a worker that reads nothing, and what a worker says when the
tables cannot be reached.  Played whole, over real workers, in test_ssh_tables.py."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable

import pytest
from waiting import until

from kc_tui.net import Notice, TableError, TableServer, link
from kc_tui.net.link import LinkedServer, LinkHost, encode

pytestmark = pytest.mark.timeout(60)


async def test_a_worker_that_reads_nothing_is_let_go_before_the_host_holds_too_much(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link, "MAX_BACKLOG", 1 << 16)
    tables = TableServer(tmp_path / "data")
    host = LinkHost(tables, tmp_path / "tables")
    await host.start()
    try:
        _, writer = await asyncio.open_unix_connection(str(tmp_path / "tables"))
        writer.write(encode(("events", "9/1")))  # a worker that then never reads
        await writer.drain()
        await until(lambda: "9/1" in host.peers and host.peers["9/1"].writer is not None, "the worker linked")
        peer = host.peers["9/1"]
        for _ in range(5000):
            peer.push(("tables", "x" * 1000))
            if peer.writer is None or peer.writer.is_closing():
                break
        await until(lambda: "9/1" not in host.peers, "the stuck worker let go")
        writer.close()
    finally:
        await host.close()
        await tables.close()


def test_a_worker_without_its_link_says_so_and_changes_nothing(tmp_path: Path) -> None:
    linked = LinkedServer(tmp_path / "nowhere", 1)
    linked.closed.set()
    with pytest.raises(TableError, match="cannot be reached just now"):
        linked.tables()
    with pytest.raises(TableError, match="cannot be reached just now"):
        linked.join(None, 1, 0)  # type: ignore[arg-type]


async def test_a_frames_refusals_leave_nothing_for_the_cycle_collector(tmp_path: Path) -> None:
    """A door's frame keeps the reads that refuse now (a round's summary while it is played);
    kept with its traceback, each refusal held the frame being made: two cycles a door at every
    step, which the host's slow full collections had to find (19,000 at 200 sessions)."""
    import gc

    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.net import Person

    tables = TableServer(tmp_path / "data", pace=0, seed=5)
    try:
        ada = Person("SHA256:ada", "Ada")
        info = tables.create_table(ada, "Friday", build_rules(2), ["open", "easy"])
        door = tables.join(ada, info.id, 0)
        await until(lambda: tables.table(info.id).state.name == "PLAYING", "the game on")
        gc.collect()
        gc.disable()
        try:
            before = gc.get_count()[0]
            frames = [link.frame_of(door) for _ in range(50)]
            refused = [answer for answer in frames[0].values() if not answer[0]]
            assert refused  # the round's summary, at least, refuses while the round is played
            assert all(answer[1].__traceback__ is None for answer in refused)
            del frames, refused
            found = gc.collect()
        finally:
            gc.enable()
        assert found == 0, f"{found} objects in cycles after 50 frames (young objects before: {before})"
    finally:
        await tables.close()


def test_a_linked_doors_refusal_is_raised_afresh_at_each_read(tmp_path: Path) -> None:
    """A worker's door raises the refusal kept in its frame: a copy each time, so the one kept
    neither gathers every raise's traceback nor holds the door through it."""
    from kc_tui.core.errors import IllegalMove
    from kc_tui.net import Person
    from kc_tui.net.link import DoorHandle, LinkedDoor

    kept = IllegalMove("The round is still being played.")
    handle = DoorHandle(7, 1, 0, Person("SHA256:ada", "Ada"), None, ("round_summary",), frozenset(),
                        {"round_summary": (False, kept)})
    door = LinkedDoor(LinkedServer(tmp_path / "nowhere", 1), handle)
    raised = []
    for _ in range(3):
        with pytest.raises(IllegalMove, match="still being played") as caught:
            door._read("round_summary")
        raised.append(caught.value)
    assert kept.__traceback__ is None
    assert all(exc is not kept for exc in raised)
    assert len({id(exc) for exc in raised}) == 3


async def test_a_linked_door_catching_up_hears_no_event_twice(tmp_path: Path) -> None:
    """A front end in a worker catches up on the session (``past_events``), then follows its
    door; events the table host had already sent, not yet read by the worker, came in both (a
    person who sat as a computer's turn began heard its first move twice).  The table host
    runs in a thread of its own here, so that the worker reads nothing while it asks."""
    import threading

    from kc_tui.games.kings_corner.engine.rules import build_rules
    from kc_tui.net import Person

    ada, ben = Person("SHA256:ada", "Ada"), Person("SHA256:ben", "Ben")
    host_loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def set_up() -> None:
        tables = TableServer(tmp_path / "data", pace=0, seed=5)
        host = LinkHost(tables, tmp_path / "tables")
        await host.start()
        info = tables.create_table(ada, "Friday", build_rules(2), ["open", "open"], seed=3)
        box.update(tables=tables, host=host, info=info, ada=tables.join(ada, info.id, 0))

    def run_host() -> None:
        asyncio.set_event_loop(host_loop)
        host_loop.run_until_complete(set_up())
        ready.set()
        host_loop.run_forever()

    def on_host(work: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return work()
        return asyncio.run_coroutine_threadsafe(run(), host_loop).result(10)

    thread = threading.Thread(target=run_host, daemon=True)
    thread.start()
    assert ready.wait(10)
    linked = LinkedServer(tmp_path / "tables", 1)
    await linked.open()
    try:
        door = linked.join(ben, box["info"].id, 1)  # both seats taken: the game starts
        heard: list[Any] = []
        door.follow(lambda item: heard.append(item) if not isinstance(item, Notice) else None)

        def ada_plays() -> None:  # Ada's turn, played at the host (its events sent to the worker)
            moves = box["ada"].legal_moves()
            if moves:
                box["ada"].play(moves[0])
            box["ada"].end_turn()

        if on_host(lambda: box["ada"].my_turn()):
            on_host(ada_plays)
        else:
            door.end_turn()
            await until(lambda: on_host(lambda: box["ada"].my_turn()), "Ada's turn")
            on_host(ada_plays)
        # The worker has read none of Ada's turn yet: it catches up now, then reads it.
        past = list(door.past_events())
        everything = on_host(lambda: box["tables"]._tables[box["info"].id].events)
        await until(lambda: len(past) + len(heard) >= len(everything), "the deliveries read")
        await asyncio.sleep(0.2)  # (nothing more comes)
        shown = on_host(lambda: list(box["ada"].table.game.shown_to(e, 1)
                                     for e in box["tables"]._tables[box["info"].id].events))
        assert heard, "some of Ada's turn came as deliveries"
        assert past + heard == shown  # each event once, in order
    finally:
        await linked.close()
        on_host(lambda: None)
        asyncio.run_coroutine_threadsafe(box["host"].close(), host_loop).result(10)
        asyncio.run_coroutine_threadsafe(box["tables"].close(), host_loop).result(10)
        host_loop.call_soon_threadsafe(host_loop.stop)
        thread.join(10)
