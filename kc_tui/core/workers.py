"""Deals played in worker processes, in batches, for the tournaments of every game.

Each worker takes a stripe of the deals (every ``jobs``-th one), cut in batches so that the
progress hears of each batch as it ends; the batches come back in the stripes' order, so the
figures are those the whole stripes would give.  Stopped (Ctrl+C, a signal), the workers are
stopped too, and the batches that ended are kept for a report of what was played."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Generic, Iterable, Mapping, Protocol, Sequence, TypeVar

__all__ = ["BATCHES", "BatchesStopped", "Played", "deal_batches", "keep_state", "play_batches",
           "process_gone", "running_rates", "thinker_signals"]

BATCHES = 50
"""Batches per worker process: so many updates of the progress, each for little overhead."""

Task = TypeVar("Task")
Part = TypeVar("Part")


def deal_batches(deals: int, jobs: int) -> list[range]:
    """Deals ``0 .. deals - 1``: each of ``jobs`` stripes (every ``jobs``-th deal) cut in about
    :data:`BATCHES` batches, stripe after stripe."""
    size = max(1, deals // (jobs * BATCHES))
    return [stripe[k:k + size] for stripe in (range(i, deals, jobs) for i in range(jobs))
            for k in range(0, len(stripe), size)]


def _worker_signals() -> None:
    """A worker's signals: Ctrl+C is the parent's to act on (it stops the workers and reports
    what ended), and SIGTERM is the parent's stop (:func:`_stop`), in place of the handlers the
    command line installed, which a worker inherits and which left it waiting for another batch
    until their watchdog ended it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def end_with(pid: int, every: float = 1.0) -> None:
    """End this process soon after process ``pid`` is gone, however it went (``kill -9`` too): a
    pool's worker waits on a queue it holds both ends of, and would wait for ever."""

    def watch() -> None:
        while not process_gone(pid):
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="kc-end-with", daemon=True).start()


def process_gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie its parent has not yet waited for has)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:  # no /proc: ask the system
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # alive, another user's (its number given to another)
            return False
        return False


def thinker_signals() -> None:
    """The signals of a worker that thinks for a server's computers (:mod:`kc_tui.net.thinkers`):
    Ctrl+C is the server's to act on (it adjourns its tables, then ends its workers); SIGTERM
    ends the worker at once, as by default: it keeps nothing that a stop could cut in half."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def keep_state(player: object, thought: object) -> None:
    """``player`` takes the state of ``thought``, its copy that has just decided in a worker
    process (its random numbers drawn, what it read of the table): so it plays on as if it had
    thought here.  What a copy does not carry (:meth:`__getstate__` leaves out what cannot cross
    to another process, a lock) stays ``player``'s own."""
    if thought is player:
        return
    state = thought.__getstate__()
    if isinstance(state, dict):
        vars(player).update(state)


_HELD = {signal.SIGINT, signal.SIGTERM}
"""Signals held back while the workers are born (they are forked at the first batch, with this
process's handlers, until :func:`_worker_signals` runs in them)."""

_stopping = False
"""A worker was told to stop."""
_playing = False
"""A worker is in a batch (:func:`_batch`)."""


def _stop(signum: int, frame: object) -> None:
    """The parent's stop: a batch being played ends on the way out (its round's ``finally``
    closes bots), and then the worker.  Between batches a worker may be writing a result to the
    pool, which a signal must not cut in half: it ends as the next batch would start.  A stop
    that comes again is let pass: the pool sends one to every worker left once another has
    ended (it takes the pool as broken), and raised in the round's clean-up it cut that short
    and left the bots it had not yet closed running."""
    global _stopping
    if _stopping:
        return
    _stopping = True
    if _playing:
        raise SystemExit(128 + signum)


def _batch(worker: Callable[[Task], Part], task: Task) -> Part:
    """One batch in a worker; stopped, the worker process ends at once (the pool would catch
    the exit and wait for the next batch)."""
    global _playing
    try:
        _playing = True
        if _stopping:
            raise SystemExit(128 + signal.SIGTERM)
        return worker(task)
    except SystemExit as stop:
        os._exit(stop.code if isinstance(stop.code, int) else 1)
    finally:
        _playing = False


class BatchesStopped(KeyboardInterrupt, Generic[Part]):
    """Ctrl+C while batches were played: ``ended`` holds those that ended, by their index."""

    def __init__(self, ended: Mapping[int, Part]) -> None:
        super().__init__()
        self.ended = dict(ended)

    def parts(self) -> list[Part]:
        """The batches that ended, in the order of the batches."""
        return [self.ended[k] for k in sorted(self.ended)]


def play_batches(worker: Callable[[Task], Part], tasks: Sequence[Task], jobs: int,
                 on_batch: Callable[[Mapping[int, Part]], None] | None = None) -> list[Part]:
    """``worker(task)`` for every task in ``jobs`` processes; the parts in the tasks' order.
    ``on_batch`` hears of the parts ended so far each time one ends.  Stopped, each worker is
    told to stop (SIGTERM, which ends its round, bots closed, then the worker) rather than play
    its deals out; Ctrl+C raises :class:`BatchesStopped`.  Workers leave Ctrl+C to this process
    (:func:`_worker_signals`)."""
    ended: dict[int, Part] = {}
    others = set(multiprocessing.active_children())
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) as pool:
        try:
            held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
            try:
                futures = {pool.submit(_batch, worker, task): k for k, task in enumerate(tasks)}
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl+C meanwhile arrives now
            for future in as_completed(futures):
                ended[futures[future]] = future.result()
                if on_batch is not None:
                    on_batch(ended)
        except BaseException as exc:
            pool.shutdown(wait=False, cancel_futures=True)
            for process in set(multiprocessing.active_children()) - others:
                process.terminate()
            if isinstance(exc, KeyboardInterrupt):
                raise BatchesStopped(ended) from exc
            raise
    return [ended[k] for k in range(len(tasks))]


class Played(Protocol):
    """What a batch of deals holds for the running figures."""

    @property
    def rounds(self) -> int: ...

    @property
    def deal_wins(self) -> Mapping[str, Sequence[tuple[float, int]]]:
        """Per entrant, per deal: (win share summed, seat-rounds)."""
        ...


def running_rates(parts: Iterable[Played], total: int) -> tuple[int, int, dict[str, float]]:
    """The progress's figures over the batches played so far: rounds done, rounds in all, and
    each entrant's win rate."""
    won: dict[str, float] = {}
    sat: dict[str, int] = {}
    rounds = 0
    for part in parts:
        rounds += part.rounds
        for name, shares in part.deal_wins.items():
            won[name] = won.get(name, 0.0) + sum(w for w, _ in shares)
            sat[name] = sat.get(name, 0) + sum(m for _, m in shares)
    return rounds, total, {name: won[name] / sat[name] for name in won if sat[name]}
