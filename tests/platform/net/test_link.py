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


class HostThread:
    """A table host in a thread of its own, with Ada seated at a two-seat table there, so that a
    worker's link in the test's loop reads nothing while it asks (as a worker process would)."""

    def __init__(self, tmp_path: Path) -> None:
        import threading

        from kc_tui.games.kings_corner.engine.rules import build_rules
        from kc_tui.net import Person

        self.ada, self.ben = Person("SHA256:ada", "Ada"), Person("SHA256:ben", "Ben")
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        async def set_up() -> None:
            self.tables = TableServer(tmp_path / "data", pace=0, seed=5)
            self.host = LinkHost(self.tables, tmp_path / "tables")
            await self.host.start()
            self.info = self.tables.create_table(self.ada, "Friday", build_rules(2), ["open", "open"], seed=3)
            self.ada_door = self.tables.join(self.ada, self.info.id, 0)

        def run_host() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(set_up())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run_host, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` done in the host's thread, and its value."""
        async def run() -> Any:
            return work()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def events(self) -> list[Any]:
        return self.run(lambda: list(self.tables._tables[self.info.id].events))

    def ada_plays(self) -> None:
        """Ada's turn, played at the host (its events sent to the worker)."""
        def play() -> None:
            moves = self.ada_door.legal_moves()
            if moves:
                self.ada_door.play(moves[0])
            self.ada_door.end_turn()
        self.run(play)

    def close(self) -> None:
        self.run(lambda: None)
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(10)
        asyncio.run_coroutine_threadsafe(self.tables.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def test_a_linked_door_catching_up_hears_no_event_twice(tmp_path: Path) -> None:
    """A front end in a worker catches up on the session (``past_events``), then follows its
    door; events the table host had already sent, not yet read by the worker, came in both (a
    person who sat as a computer's turn began heard its first move twice)."""
    host = HostThread(tmp_path)
    linked = LinkedServer(tmp_path / "tables", 1)
    await linked.open()
    try:
        door = linked.join(host.ben, host.info.id, 1)  # both seats taken: the game starts
        heard: list[Any] = []
        door.follow(lambda item: heard.append(item) if not isinstance(item, Notice) else None)
        if not host.run(host.ada_door.my_turn):
            door.end_turn()
            await until(lambda: host.run(host.ada_door.my_turn), "Ada's turn")
        host.ada_plays()
        # The worker has read none of Ada's turn yet: it catches up now, then reads it.
        past = list(door.past_events())
        everything = host.events()
        await until(lambda: len(past) + len(heard) >= len(everything), "the deliveries read")
        await asyncio.sleep(0.2)  # (nothing more comes)
        events = host.events()
        shown = host.run(lambda: [host.ada_door.table.game.shown_to(e, 1) for e in events])
        assert heard, "some of Ada's turn came as deliveries"
        assert past + heard == shown  # each event once, in order
    finally:
        await linked.close()
        host.close()


async def test_a_refusal_made_at_the_table_host_names_cards_as_the_asking_screen_does(tmp_path: Path) -> None:
    """A play test over SSH (sessions in worker processes) was told "7C does not fit on N: N
    shows 7H" in the line mode, where every other sentence says cards in words, and "9C" at a
    table that draws 9♣: the refusal was made at the table host, which did not know how the
    asker's screen names cards."""
    from kc_tui.core.cards import glyphs_or_codes, saying, showing
    from kc_tui.core.errors import IllegalMove
    from kc_tui.games.kings_corner.engine.board import Pile
    from kc_tui.games.kings_corner.engine.moves import PlayCard

    host = HostThread(tmp_path)
    linked = LinkedServer(tmp_path / "tables", 1)
    await linked.open()
    try:
        door = linked.join(host.ben, host.info.id, 1)
        if host.run(host.ada_door.my_turn):
            host.ada_plays()
        await until(lambda: door.my_turn(), "Ben's turn")
        seen = door.view().observation
        assert seen is not None
        corner = next(p for p in (Pile.NE, Pile.SE, Pile.SW, Pile.NW) if not seen.piles[p.value])
        card = next(c for c in seen.hand if c.rank != 13)
        move = PlayCard(card, corner)
        said = {}
        for style, shown_as in (("words", saying(True)), ("glyphs", showing(glyphs_or_codes(True))),
                                ("codes", showing(str))):
            with shown_as, pytest.raises(IllegalMove) as refused:
                door.play(move)
            said[style] = str(refused.value)
        assert said["codes"] == (f"Only a King can start a corner: {corner.name} is empty and {card} is "
                                 "not a King.")
        glyph = glyphs_or_codes(True)(card)
        assert glyph != str(card) and said["glyphs"] == said["codes"].replace(str(card), glyph)
        assert said["words"] == (f"Only a King can start a corner: {corner.word} is empty and "
                                 f"{card.words} is not a King.")
    finally:
        await linked.close()
        host.close()


async def test_the_lobby_read_right_after_leaving_lists_the_table_as_it_is_now(tmp_path: Path) -> None:
    """A piped line mode's "tables" right after its "leave" listed no table where the one left
    was adjourned: the worker read the lobby the host had last pushed, before its news came."""
    host = HostThread(tmp_path)
    linked = LinkedServer(tmp_path / "tables", 1)
    await linked.open()
    try:
        door = linked.join(host.ben, host.info.id, 1)
        await until(lambda: linked.tables()[0].seats[1].connected, "Ben listed at the table")
        door.leave()  # (no await: the host's news cannot have been read yet)
        (info,) = linked.tables()
        assert not info.seats[1].connected
    finally:
        await linked.close()
        host.close()
