"""Measuring strength: many single rounds between levels, seats rotated, optionally duplicate.

Each deal is one round under the rules in force, with its own order of the players around the
table.  Without ``duplicate`` the players sit in one rotation of that order; with it every deal
is played once per rotation, so each player meets the same cards from every seat and the luck
of the deal cancels out.  Win rates count a shared (blocked)
win as a fraction; the 95% interval is computed over deals (each deal's rotations together form
one observation), which is the honest unit when deals are replayed.
"""

from __future__ import annotations

import functools
import math
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ....core.kinds import Phase
from ....core.rating import Match, Rating, Record, deal_interval, decision_times, on_ladder
from ....core.report import OnRound, RunStopped
from ....core.workers import BatchesStopped, deal_batches, play_batches, running_rates
from .. import ENTRY
from ..engine.kinds import RoundEndReason
from ..engine.rules import RuleSet
from ..engine.service import GameService, Seat
from .base import Player
from .bots import DEFAULT_TIMEOUT
from .seats import player_for, spec_kind

__all__ = ["TournamentResult", "EntrantResult", "run_tournament", "deal_seed", "summarise"]

PlayerFactory = Callable[[str, int, random.Random], Player]
"""Makes the player for an entrant spec sitting at a seat."""


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a tournament seeded with ``seed``."""
    return random.Random(f"kc-tournament:{seed}:{deal}").getrandbits(48)


@dataclass
class _Partial:
    """Raw per-deal figures from one worker."""

    # deal_scores[entrant] -> list per deal of (win share summed, seat-rounds)
    deal_wins: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    points: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    rounds: int = 0
    blocked: int = 0
    faults: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class EntrantResult:
    player: str
    seats: int
    """Seat-rounds played (a level sitting twice at a table counts twice per round)."""
    win_rate: float
    ci95: tuple[float, float]
    mean_points: float
    decision_ms: dict[str, float]

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "seat_rounds": self.seats,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "mean_points": round(self.mean_points, 3),
            "decision_ms": {k: round(v, 3) for k, v in self.decision_ms.items()},
        }


@dataclass(frozen=True)
class TournamentResult:
    rounds: int
    deals: int
    duplicate: bool
    blocked: int
    entrants: tuple[EntrantResult, ...]
    seconds: float
    faults: tuple[str, ...] = ()

    def match(self) -> Match:
        """The entrants' records, for ratings (:mod:`kc_tui.core.rating`)."""
        return {e.player: Record(e.win_rate * e.seats, e.seats, *e.ci95) for e in self.entrants}

    def ratings(self) -> tuple[dict[str, Rating], str]:
        """Each entrant's rating on the ladder's scale, and the entrant it is anchored on."""
        return on_ladder(self.match(), ENTRY.published())

    def as_dict(self) -> dict[str, Any]:
        ratings, anchor = self.ratings()
        return {
            "rounds": self.rounds,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "blocked": self.blocked,
            "seconds": round(self.seconds, 2),
            "entrants": [e.as_dict() for e in self.entrants],
            "ratings": {name: r.as_dict() for name, r in ratings.items()},
            "anchor": anchor,
            "faults": list(self.faults),
        }


def _seatings(n: int, deal: int, dseed: int, duplicate: bool) -> list[list[int]]:
    """Where each entrant sits (``seating[j]`` is entrant j's seat) for one deal.

    Each deal draws its own order around the table, so over many deals every entrant follows
    every other equally often (who plays after a weak player gains a lot); with ``duplicate``
    the deal is played in every rotation of that order, else in one rotation.
    """
    order = list(range(n))
    random.Random(f"kc-seating:{dseed}").shuffle(order)
    rotations = [[(order.index(j) + k) % n for j in range(n)] for k in range(n)]
    return rotations if duplicate else [rotations[deal % n]]


def _play_deals(
    entrants: Sequence[str],
    rules: RuleSet,
    seed: int,
    deals: Sequence[int],
    duplicate: bool,
    factory: PlayerFactory,
    out: _Partial | None = None,
    on_round: OnRound | None = None,
    total: int = 0,
) -> _Partial:
    """Play ``deals`` into ``out``.  A deal counts once all its rounds are played, so a run
    stopped (Ctrl+C) in the middle of one leaves ``out`` holding the whole deals before it."""
    n = len(entrants)
    out = out if out is not None else _Partial()
    names = sorted(set(entrants))
    for name in names:
        out.deal_wins[name] = []
        out.points[name] = []
        out.times[name] = []
    won = dict.fromkeys(names, 0.0)  # the running win rates on_round is told
    sat = dict.fromkeys(names, 0)
    for deal in deals:
        dseed = deal_seed(seed, deal)
        seatings = _seatings(n, deal, dseed, duplicate)
        wins = {name: 0.0 for name in names}
        seat_rounds = {name: 0 for name in names}
        points: dict[str, list[int]] = {name: [] for name in names}
        rounds = blocked = 0
        for seating in seatings:
            # seating[j] is the seat of entrant j; invert it to know who sits where.
            at_seat = [0] * n
            for j, s in enumerate(seating):
                at_seat[s] = j
            seats = []
            for s in range(n):
                spec = entrants[at_seat[s]]
                prng = random.Random(f"{dseed}:{s}:{spec}")
                kind, level = spec_kind(spec)
                seats.append(Seat(f"{spec}@{s}", kind, level, factory(spec, s, prng)))
            service = GameService(rules, seats, seed=dseed)

            def timed(seat: int, seconds: float, _at: Sequence[int] = at_seat) -> None:
                out.times[entrants[_at[seat]]].append(seconds)

            service.on_decision = timed
            try:
                service.game.start(dealer=n - 1)
                service.run_computer_turns()
            finally:
                service.close()  # bots end with their round, even one cut short by a signal
            game = service.game
            assert game.phase != Phase.TURN
            rounds += 1
            if game.round_reason == RoundEndReason.BLOCKED:
                blocked += 1
            share = 1.0 / len(game.round_winners)
            for s in range(n):
                level = entrants[at_seat[s]]
                seat_rounds[level] += 1
                points[level].append(game.round_scores[s])
                if s in game.round_winners:
                    wins[level] += share
            out.faults.extend(service.take_faults())
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


def _default_player(spec: str, seat: int, rng: random.Random, think: float | None,
                    bot_timeout: float) -> Player:
    return player_for(spec, seat, rng, think=think, bot_timeout=bot_timeout)


def _worker(args: tuple[Any, ...]) -> _Partial:
    entrants, rules, seed, deals, duplicate, factory = args
    return _play_deals(entrants, rules, seed, deals, duplicate, factory)


def summarise(
    deal_wins: dict[str, list[tuple[float, int]]],
    points: dict[str, list[int]],
    times: dict[str, list[float]],
) -> list[EntrantResult]:
    """Win rate, its 95% interval over deals (:func:`~kc_tui.core.rating.deal_interval`), mean
    points and decision times per entrant."""
    results = []
    for name in sorted(deal_wins):
        rows = deal_wins[name]
        rate, ci95 = deal_interval(rows)
        t = times.get(name, [])
        results.append(EntrantResult(
            name, sum(m for _, m in rows), rate, ci95,
            statistics.fmean(points[name]) if points[name] else 0.0,
            decision_times(t),
        ))
    return results


def run_tournament(
    entrants: Sequence[str],
    rules: RuleSet,
    rounds: int,
    seed: int = 1,
    duplicate: bool = False,
    jobs: int = 1,
    factory: PlayerFactory | None = None,
    think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
    on_round: OnRound | None = None,
) -> TournamentResult:
    """Play ``rounds`` rounds (with ``duplicate``, rounds are grouped in deals of one round per
    seat rotation) and summarise per entrant.  ``on_round`` hears of each round (with ``jobs``,
    of each batch of deals), and Ctrl+C raises :class:`RunStopped` carrying the result of the
    whole deals played."""
    factory = factory or functools.partial(_default_player, think=think, bot_timeout=bot_timeout)
    n = len(entrants)
    per_deal = n if duplicate else 1
    deals = max(1, math.ceil(rounds / per_deal))
    start = time.perf_counter()
    if jobs <= 1:
        played = _Partial()
        try:
            parts = [_play_deals(entrants, rules, seed, range(deals), duplicate, factory, played,
                                 on_round, deals * per_deal)]
        except KeyboardInterrupt as exc:
            so_far = _result([played], len(played.deal_wins.get(entrants[0], [])), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, played.rounds, deals * per_deal) from exc
    else:
        jobs = min(jobs, deals, os.cpu_count() or 1)
        batches = deal_batches(deals, jobs)

        def heard(ended: Mapping[int, _Partial]) -> None:
            if on_round is not None:
                on_round(*running_rates(ended.values(), deals * per_deal))

        try:
            parts = play_batches(_worker, [(tuple(entrants), rules, seed, batch, duplicate, factory)
                                           for batch in batches], jobs, heard)
        except BatchesStopped as stop:
            so_far = _result(stop.parts(), sum(len(batches[k]) for k in stop.ended), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, so_far.rounds, deals * per_deal) from stop
    return _result(parts, deals, duplicate, time.perf_counter() - start)


def _result(parts: Sequence[_Partial], deals: int, duplicate: bool, elapsed: float) -> TournamentResult:
    deal_wins: dict[str, list[tuple[float, int]]] = {}
    points: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    faults: list[str] = []
    for part in parts:
        for name, shares in part.deal_wins.items():
            deal_wins.setdefault(name, []).extend(shares)
        for name, scored in part.points.items():
            points.setdefault(name, []).extend(scored)
        for name, seconds in part.times.items():
            times.setdefault(name, []).extend(seconds)
        faults.extend(part.faults)
    return TournamentResult(
        sum(p.rounds for p in parts), deals, duplicate, sum(p.blocked for p in parts),
        tuple(summarise(deal_wins, points, times)), elapsed, tuple(faults),
    )
