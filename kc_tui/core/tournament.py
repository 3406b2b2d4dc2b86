"""Tournaments of every game: many single rounds between levels, seats rotated, optionally duplicate.

Each deal is one round under the rules in force, with its own order of the players around the
table.  Without ``duplicate`` the players sit in one rotation of that order; with it every deal
is played once per rotation, so each player meets the same cards from every seat and the luck
of the deal cancels out.  Win rates count a shared win as a fraction; the 95% interval is
computed over deals (each deal's rotations together form one observation), which is the honest
unit when deals are replayed.

This module holds that machinery; a game gives only its :class:`Rounds`: how it deals and plays
one round for a seating and what the round's outcome was, for it alone knows who won a blocked
round.  Pure Python: it prints nothing and writes only where a caller's ``on_round`` does.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Protocol, Sequence, TypeVar

from .rating import Match, Record, deal_interval, decision_times
from .report import OnRound, RunStopped
from .workers import BatchesStopped, deal_batches, play_batches, running_rates

__all__ = ["RoundPlayed", "Rounds", "Partial", "Standing", "Tournament", "play_deals", "play_tournament",
           "summarise"]


@dataclass(frozen=True, slots=True)
class RoundPlayed:
    """One round as a tournament counts it, seat by seat."""

    points: Sequence[int]
    """Each seat's points in the round, as the game scores them."""
    shares: Sequence[float]
    """Each seat's share of the win: 1 for the seat that won alone, a fraction for each seat a
    blocked round is shared by (whose seats those are is the game's rule), 0 for the others."""
    blocked: bool
    """The round ended blocked, nobody able to go out."""
    faults: Sequence[str] = ()
    """One line per fault of a seat (a bot that failed), for the result's report."""


class Rounds(Protocol):
    """What a game gives its tournament.  It crosses to worker processes (``jobs``), so it must
    pickle: a game's is a small dataclass holding its rules and how it makes a player."""

    deal_key: ClassVar[str]
    """Seeds the deals (``deal_key:seed:deal``): each game its own, so that its deals stay
    those its published figures were measured on."""
    seating_key: ClassVar[str]
    """Seeds each deal's order around the table (``seating_key:deal seed``), likewise."""

    def play(self, seats: Sequence[tuple[str, random.Random]], seed: int,
             timed: Callable[[int, float], None]) -> RoundPlayed:
        """Deal with ``seed`` and play one round to its end, seat ``s`` taken by the entrant
        ``seats[s][0]`` playing with the RNG ``seats[s][1]``; ``timed(seat, seconds)`` hears of
        each decision's time."""
        ...


@dataclass
class Partial:
    """Raw per-deal figures: a worker's batch of deals, or the deals played so far."""

    deal_wins: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    """Per entrant, per deal: (win share summed over the deal's rounds, seat-rounds)."""
    points: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    rounds: int = 0
    blocked: int = 0
    faults: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Standing:
    """One entrant's figures."""

    player: str
    seats: int
    """Seat-rounds played (a level sitting twice at a table counts twice per round)."""
    win_rate: float
    ci95: tuple[float, float]
    mean_points: float
    decision_ms: dict[str, float]


@dataclass(frozen=True)
class Tournament:
    """A tournament's result; each game's kind of it adds its ratings and its JSON."""

    rounds: int
    deals: int
    duplicate: bool
    blocked: int
    entrants: tuple[Standing, ...]
    seconds: float
    faults: tuple[str, ...] = ()

    def match(self) -> Match:
        """The entrants' records, for ratings (:mod:`kc_tui.core.rating`)."""
        return {e.player: Record(e.win_rate * e.seats, e.seats, *e.ci95) for e in self.entrants}


Result = TypeVar("Result", bound=Tournament)


def _seatings(n: int, deal: int, dseed: int, duplicate: bool, key: str) -> list[list[int]]:
    """Where each entrant sits (``seating[j]`` is entrant j's seat) for one deal.

    Each deal draws its own order around the table, so over many deals every entrant follows
    every other equally often (who plays after a weak player gains a lot); with ``duplicate``
    the deal is played in every rotation of that order, else in one rotation.
    """
    order = list(range(n))
    random.Random(f"{key}:{dseed}").shuffle(order)
    rotations = [[(order.index(j) + k) % n for j in range(n)] for k in range(n)]
    return rotations if duplicate else [rotations[deal % n]]


def play_deals(entrants: Sequence[str], seed: int, deals: Sequence[int], duplicate: bool, game: Rounds,
               out: Partial | None = None, on_round: OnRound | None = None, total: int = 0) -> Partial:
    """Play ``deals`` into ``out``.  A deal counts once all its rounds are played, so a run
    stopped (Ctrl+C) in the middle of one leaves ``out`` holding the whole deals before it."""
    n = len(entrants)
    out = out if out is not None else Partial()
    names = sorted(set(entrants))
    for name in names:
        out.deal_wins[name], out.points[name], out.times[name] = [], [], []
    won = dict.fromkeys(names, 0.0)  # the running win rates on_round is told
    sat = dict.fromkeys(names, 0)
    for deal in deals:
        dseed = random.Random(f"{game.deal_key}:{seed}:{deal}").getrandbits(48)
        wins = dict.fromkeys(names, 0.0)
        seat_rounds = dict.fromkeys(names, 0)
        points: dict[str, list[int]] = {name: [] for name in names}
        rounds = blocked = 0
        for seating in _seatings(n, deal, dseed, duplicate, game.seating_key):
            # seating[j] is the seat of entrant j; invert it to know who sits where.
            at_seat = [0] * n
            for j, s in enumerate(seating):
                at_seat[s] = j

            def timed(seat: int, seconds: float, _at: Sequence[int] = at_seat) -> None:
                out.times[entrants[_at[seat]]].append(seconds)

            played = game.play([(entrants[j], random.Random(f"{dseed}:{s}:{entrants[j]}"))
                                for s, j in enumerate(at_seat)], dseed, timed)
            rounds += 1
            blocked += played.blocked
            for s in range(n):
                name = entrants[at_seat[s]]
                seat_rounds[name] += 1
                points[name].append(played.points[s])
                wins[name] += played.shares[s]
            out.faults.extend(played.faults)
            if on_round is not None:
                on_round(out.rounds + rounds, total, {
                    name: (won[name] + wins[name]) / (sat[name] + seat_rounds[name]) for name in names})
        out.rounds += rounds
        out.blocked += blocked
        for name in names:
            out.points[name].extend(points[name])
            out.deal_wins[name].append((wins[name], seat_rounds[name]))
            won[name] += wins[name]
            sat[name] += seat_rounds[name]
    return out


def _worker(args: tuple[Any, ...]) -> Partial:
    return play_deals(*args)


def play_tournament(result: type[Result], entrants: Sequence[str], game: Rounds, rounds: int, seed: int,
                    duplicate: bool, jobs: int, on_round: OnRound | None) -> Result:
    """Play ``rounds`` rounds (with ``duplicate``, rounds are grouped in deals of one round per
    seat rotation) in ``jobs`` processes and summarise per entrant as a ``result``.
    ``on_round`` hears of each round (with ``jobs``, of each batch of deals), and Ctrl+C raises
    :class:`RunStopped` carrying the result of the whole deals played."""
    per_deal = len(entrants) if duplicate else 1
    deals = max(1, math.ceil(rounds / per_deal))
    start = time.perf_counter()
    if jobs <= 1:
        done = Partial()
        try:
            parts = [play_deals(entrants, seed, range(deals), duplicate, game, done, on_round,
                                deals * per_deal)]
        except KeyboardInterrupt as exc:
            so_far = _result(result, [done], len(done.deal_wins.get(entrants[0], [])), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, done.rounds, deals * per_deal) from exc
    else:
        jobs = min(jobs, deals, os.cpu_count() or 1)
        batches = deal_batches(deals, jobs)

        def heard(ended: Mapping[int, Partial]) -> None:
            if on_round is not None:
                on_round(*running_rates(ended.values(), deals * per_deal))

        try:
            parts = play_batches(_worker, [(tuple(entrants), seed, batch, duplicate, game)
                                           for batch in batches], jobs, heard)
        except BatchesStopped as stop:
            so_far = _result(result, stop.parts(), sum(len(batches[k]) for k in stop.ended), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, so_far.rounds, deals * per_deal) from stop
    return _result(result, parts, deals, duplicate, time.perf_counter() - start)


def summarise(deal_wins: dict[str, list[tuple[float, int]]], points: dict[str, list[int]],
              times: dict[str, list[float]]) -> list[Standing]:
    """Win rate, its 95% interval over deals (:func:`~kc_tui.core.rating.deal_interval`), mean
    points and decision times per entrant.  An entrant with no whole deal played (a run stopped
    in its first) is left out: it has no rate to give, and rating it divided by zero."""
    results = []
    for name in sorted(deal_wins):
        rows = deal_wins[name]
        if not any(m for _, m in rows):
            continue
        rate, ci95 = deal_interval(rows)
        results.append(Standing(
            name, sum(m for _, m in rows), rate, ci95,
            statistics.fmean(points[name]) if points[name] else 0.0,
            decision_times(times.get(name, [])),
        ))
    return results


def _result(result: type[Result], parts: Sequence[Partial], deals: int, duplicate: bool,
            elapsed: float) -> Result:
    """The parts' figures together, in the parts' order.  Stopped before any part ended, there
    are no entrants to report (and nothing to rate them on)."""
    deal_wins: dict[str, list[tuple[float, int]]] = {}
    points: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    for part in parts:
        for name, shares in part.deal_wins.items():
            deal_wins.setdefault(name, []).extend(shares)
        for name, scored in part.points.items():
            points.setdefault(name, []).extend(scored)
        for name, seconds in part.times.items():
            times.setdefault(name, []).extend(seconds)
    return result(sum(p.rounds for p in parts), deals, duplicate, sum(p.blocked for p in parts),
                  tuple(summarise(deal_wins, points, times)), elapsed,
                  tuple(fault for p in parts for fault in p.faults))
