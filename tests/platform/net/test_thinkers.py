"""The computers think in worker processes (:class:`kc_tui.net.thinkers.Thinkers`): a worker
killed while it thinks costs the decision one more try, never the table; closing ends every
worker; with no processes the thinking stays in threads of the server."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from kc_tui.core.workers import keep_state
from kc_tui.net import TableServer, table_games
from kc_tui.net.thinkers import ATTEMPTS, NICENESS, ThinkerLost, Thinkers, _start_fork_server


def dies_once(mark: str) -> int:
    """In a worker: killed (as by ``kill -9``) the first time, its pid the next."""
    path = Path(mark)
    if not path.exists():
        path.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


def always_dies() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def pid_and_thread() -> tuple[int, str]:
    return os.getpid(), threading.current_thread().name


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone too, only not yet reaped
        return stat.read().rsplit(")", 1)[1].split()[0] == "Z"


async def test_a_worker_killed_while_it_thinks_costs_a_retry_and_the_pool_goes_on(tmp_path: Path) -> None:
    thinkers = Thinkers(1)
    mark = tmp_path / "killed"
    pid = await thinkers.run(dies_once, str(mark))
    assert mark.exists() and thinkers.restarts == 1
    assert pid != os.getpid() and thinkers.pids() == [pid]
    assert await thinkers.run(dies_once, str(mark)) == pid  # the new pool goes on
    await thinkers.close()
    assert gone(pid)


async def test_a_decision_that_kills_every_worker_is_given_up_and_the_pool_still_thinks(tmp_path: Path) -> None:
    thinkers = Thinkers(1)
    with pytest.raises(ThinkerLost):
        await thinkers.run(always_dies)
    assert thinkers.restarts == ATTEMPTS
    pid, _ = await thinkers.run(pid_and_thread)
    assert pid != os.getpid()
    await thinkers.close()
    assert gone(pid)


async def test_closing_the_server_ends_its_thinking_processes(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, thinkers=2)
    pid, _ = await server.thinkers.run(pid_and_thread)
    pids = server.thinkers.pids()
    assert pid in pids and os.getpid() not in pids
    await server.close()
    assert all(gone(p) for p in pids) and server.thinkers.pids() == []
    with pytest.raises(ThinkerLost):  # no pool starts again to outlive the server
        await server.thinkers.run(pid_and_thread)
    assert server.thinkers.pids() == []


async def test_with_no_thinking_processes_the_computers_think_in_threads_of_the_server(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0)
    assert server.thinkers.processes == 0
    pid, thread = await server.thinkers.run(pid_and_thread)
    assert pid == os.getpid() and thread != threading.main_thread().name
    assert server.thinkers.pids() == []
    await server.close()


async def test_started_thinkers_have_their_processes_before_any_decision(tmp_path: Path) -> None:
    thinkers = Thinkers(2)
    thinkers.start()
    pids = thinkers.pids()
    assert len(pids) == 2 and os.getpid() not in pids
    await thinkers.close()
    assert all(gone(pid) for pid in pids)


def niceness_and_interrupt() -> tuple[int, bool]:
    return os.nice(0), signal.getsignal(signal.SIGINT) == signal.SIG_IGN


async def test_the_computers_think_at_a_lower_priority_and_leave_ctrl_c_to_the_server(tmp_path: Path) -> None:
    thinkers = Thinkers(1)
    # Ctrl+C at a terminal reaches every process of its group: the server adjourns and stops them.
    assert await thinkers.run(niceness_and_interrupt) == (min(19, os.nice(0) + NICENESS), True)
    await thinkers.close()


def test_every_level_of_every_table_game_crosses_to_a_thinking_process_and_back() -> None:
    for game in table_games().values():
        for level, player_type in game.levels.items():
            assert isinstance(player_type, type), level
            player = player_type(random.Random(7))
            thought = pickle.loads(pickle.dumps(player))
            thought.rng.random()  # it thinks there: its random numbers move on
            keep_state(player, thought)
            assert player.rng.getstate() == thought.rng.getstate(), (game.name, level)
            assert type(player) is player_type


def test_the_fork_server_starts_ignoring_ctrl_c_so_its_workers_do_from_birth() -> None:
    # A Ctrl+C at the server's terminal reaches every process of its group: a worker still in
    # its initializer must not end in a KeyboardInterrupt. The fork server gives each worker the
    # disposition it started with; this pool's worker has no initializer to set it.
    _start_fork_server()
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN
