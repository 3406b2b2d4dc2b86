"""Where the computers think: worker processes of the table server (:class:`Thinkers`).

A computer's decision is pure computation on a frozen snapshot.  Thought in a thread of the
process that draws every session's screen, it holds that process's lock while it thinks, so an
expert thinking at one table delays the screens at every table.  In worker processes it holds
none: the server's own process only sends the decision and reads the answer.

A decision travels as a pickled job (a function of a module, and its arguments), pickled here
when it is asked for, so a retry sends exactly the same job; what the player learns while it
thinks (its random numbers, what it has read of the table) comes back with the answer, and the
game keeps it (:func:`~kc_tui.core.workers.keep_state`), so a seeded table plays the same game
whether its computers think in processes or in threads.

The pool starts its workers from a fork server (never by forking this process, whose threads
and event loop a child would inherit half-held), the games' modules loaded there once; they
run at a lower priority than the server (:data:`NICENESS`).  A worker
that dies (killed, out of memory) breaks the pool: it is started again and the decisions it held
are asked again.  With no processes (``processes=0``) decisions are thought in threads of this
process, as before there was a pool: for a small host, and for tests.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.context
import os
import pickle
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver
from typing import Any, Callable, Sequence, TypeVar

from ..core.workers import end_with, thinker_signals

__all__ = ["ATTEMPTS", "NICENESS", "ThinkerLost", "Thinkers", "cores", "fork_context",
           "preload_in_fork_server"]

log = logging.getLogger("kc_tui.net")

T = TypeVar("T")

ATTEMPTS = 3
"""How many times one decision is asked of the pool before it is given up: a worker killed by
the host costs one attempt; a decision that kills every worker it is given is a fault of its own,
and asking it again for ever would stop every table."""


NICENESS = 5
"""How much lower the thinking processes' priority is than the server's: a screen to draw goes
before a computer's thought (a thinking player's budget is its own processor time, so it
thinks as well, only later, when the processors are all busy)."""


def _worker_start(server: int) -> None:
    thinker_signals()
    end_with(server)  # a server killed outright leaves no thinker behind
    os.nice(NICENESS)


_PRELOAD: list[str] = []
"""The modules the fork server loads as it starts: every one asked for in this process so far."""


def preload_in_fork_server(*modules: str) -> None:
    """Ask the fork server to load ``modules`` once as it starts, so that no process it forks
    imports them again (asked before it starts: once running, it keeps what it loaded)."""
    for name in modules:
        if name not in _PRELOAD:
            _PRELOAD.append(name)


def fork_context(preload: Sequence[str] = ()) -> multiprocessing.context.ForkServerContext:
    """multiprocessing's fork server, one for the process, started if it is not running (with
    ``preload`` and every module asked for before, see :func:`preload_in_fork_server`): the
    computers' processes and the SSH server's workers are forked from it, never from this
    process, whose threads and event loop a child would inherit half-held."""
    preload_in_fork_server(*preload)
    context = multiprocessing.get_context("forkserver")
    # Loaded once in the fork server (whose only other module is multiprocessing's own), rather
    # than the server's __main__, which may be a test runner or a benchmark.
    context.set_forkserver_preload(list(_PRELOAD))
    _start_fork_server()
    return context


def _start_fork_server() -> None:
    """Start the fork server (if it is not running) ignoring Ctrl+C and a hang-up, which it and
    every worker it forks inherit: a Ctrl+C (or the terminal closed) at the server's terminal
    reaches its whole process group, and the server stops its workers itself, saying goodbye;
    a worker not yet through :func:`_worker_start` would end in a KeyboardInterrupt and its
    traceback, and a fork server ended so would take every worker's exit status with it."""
    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()
        return
    kept = {signum: signal.signal(signum, signal.SIG_IGN) for signum in (signal.SIGINT, signal.SIGHUP)}
    try:
        forkserver.ensure_running()
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


class ThinkerLost(RuntimeError):
    """A decision's workers died :data:`ATTEMPTS` times."""


def cores() -> int:
    """The processor cores this process may run on (the default number of thinkers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _call(job: bytes) -> Any:
    """In a worker: the pickled job's answer."""
    function, args = pickle.loads(job)
    return function(*args)


class Thinkers:
    """``processes`` worker processes the computers' decisions are thought in (0: threads of this
    process).  ``preload`` names the modules every worker loads before its first decision (the
    games' own, so that a first decision is not slowed by importing them).  Make it anywhere;
    the processes start at the first decision (or :meth:`start`); :meth:`close` ends them, and
    no decision is thought after it."""

    def __init__(self, processes: int, preload: Sequence[str] = ()) -> None:
        if processes < 0:
            raise ValueError("thinkers are 0 (threads) or more processes")
        self.processes = processes
        self.preload = list(preload)
        self._pool: ProcessPoolExecutor | None = None
        self.restarts = 0
        """How many times a dead worker made the pool start again."""
        self.closed = False

    def _running(self) -> ProcessPoolExecutor:
        if self.closed:
            # A pool started now would outlive the server: its processes would be orphans.
            raise ThinkerLost("the computers' processes are closed")
        if self._pool is None:
            context = fork_context(self.preload)
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_worker_start,
                                             initargs=(os.getpid(),))
        return self._pool

    def start(self) -> None:
        """Start every worker process now, rather than as the first decisions come (a server
        about to take players: no decision waits for a process to start)."""
        if self.processes:
            pool = self._running()
            for _ in range(self.processes):
                pool.submit(int)  # each while none is idle: a process of its own

    def pids(self) -> list[int]:
        """The worker processes running now (none before the first decision)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(p.pid for p in processes.values() if p.pid is not None)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker (``function`` of a module, ``args`` picklable), its
        answer a copy of what the worker made; with no processes, in a thread, on these
        very objects.  :class:`ThinkerLost` if its workers died :data:`ATTEMPTS` times."""
        if not self.processes:
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)
        job = pickle.dumps((function, args), pickle.HIGHEST_PROTOCOL)  # as it is now: the same on a retry
        for attempt in range(1, ATTEMPTS + 1):
            pool = self._running()
            try:
                answer: T = await asyncio.wrap_future(pool.submit(_call, job))
                return answer
            except BrokenProcessPool:
                if self._pool is pool:  # the first to hear of it starts the pool again
                    self._pool = None
                    self.restarts += 1
                    pool.shutdown(wait=False, cancel_futures=True)
                    log.warning("a thinking process died; the computers' processes start again "
                                "(attempt %s of %s for this decision)", attempt, ATTEMPTS)
        raise ThinkerLost(f"a computer's decision lost its process {ATTEMPTS} times")

    async def close(self) -> None:
        """End the worker processes, whatever they are thinking (their tables are adjourned)."""
        pool, self._pool = self._pool, None
        self.closed = True
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()

        def joined() -> None:
            for process in processes:
                process.join(5)
                if process.is_alive():
                    process.kill()
                    process.join()
        await asyncio.to_thread(joined)
