"""Waiting for a server's tasks in the tests: a condition polled until it holds (the limit only
stops a hang, it is not what a test asserts), a line-mode lobby connection driven by text, and a
table whose game is over."""

from __future__ import annotations

import asyncio
from typing import Callable

from kc_tui.line import run_plain_lobby
from kc_tui.net import Person, SeatDoor, TableServer


async def until(condition: Callable[[], bool], what: str, limit: float = 60.0) -> None:
    """Wait for the server's tasks to bring ``condition`` about; fail naming ``what`` if they
    never do."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.005)


class Terminal:
    """One line-mode connection to the lobby: lines typed in, the text sent out, write by write."""

    def __init__(self, server: TableServer, person: Person | None, key: str | None = None, user: str = "") -> None:
        self.typed: asyncio.Queue[str | None] = asyncio.Queue()
        self.sent: list[str] = []
        self.task = asyncio.ensure_future(run_plain_lobby(server, person, self.typed.get, self.sent.append, key,
                                                          user))

    @property
    def text(self) -> str:
        return "".join(self.sent)

    async def type(self, line: str | None) -> None:
        """Type ``line`` and let the lobby read it; the caller waits for what it does with until()."""
        await self.typed.put(line)
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        # Until the lobby has taken it (one that has ended takes nothing more; one that takes
        # nothing for long is left to the caller's until() to name),
        while not self.typed.empty() and not self.task.done() and loop.time() < end:
            await asyncio.sleep(0.001)
        for _ in range(10):  # then a few turns of the loop to act on it
            await asyncio.sleep(0)


def finished_table(server: TableServer, first: Person, second: Person) -> tuple[int, list[SeatDoor]]:
    """A table of ``first`` and ``second`` whose one-card round ended its one-point session: its
    number and their two doors, still open (the table is FINISHED)."""
    from kc_tui.core.kinds import Phase
    from kc_tui.games.kings_corner.engine.rules import build_rules

    rules = build_rules(2, overrides={"hand_size": 1, "target": 1})
    info = server.create_table(first, "Quick", rules, ["open", "open"], seed=3)
    doors = [server.join(first, info.id, 0), server.join(second, info.id, 1)]
    while doors[0].view().phase == Phase.TURN:
        door = doors[0] if doors[0].my_turn() else doors[1]
        moves = door.legal_moves()
        door.play(moves[0]) if moves else door.end_turn()
    return info.id, doors
