"""Kings Reverse strength measured the way the first game's is (docs/strength.md):
single rounds between levels, each deal drawing its own order round the table, with
``duplicate`` played once per rotation of it so that every level meets the same cards from every
seat; a win rate with its 95% interval over deals (deals as clusters), mean points per round and
decision times.  Also :func:`simulate`, whole sessions back to back.  Pure Python: it prints
nothing and writes only where a caller's listener does."""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ....core.kinds import SEAT_NAMES, SeatKind, seat_names
from ....core.rating import Match, Rating, Record, deal_interval, decision_times, on_ladder
from ....core.report import OnRound, RunStopped
from ....core.workers import BatchesStopped, deal_batches, play_batches, running_rates
from .. import ENTRY
from ..engine.events import ReverseEvent
from ..engine.rules import ReverseRules
from ..engine.service import ReverseSeat, ReverseService
from . import make_player
from .base import ReverseAI

__all__ = ["Entrant", "ReverseTournament", "run_tournament", "simulate", "make_seats", "SEAT_NAMES"]


def make_seats(levels: Sequence[str], rng: random.Random, think: float | None = None,
               names: Sequence[str | None] | None = None) -> list[ReverseSeat]:
    """Seats for ``levels`` ("you" or "human:NAME" for a person), named from ``names`` where one
    is given; otherwise people are "You" or their NAME, and computers take the first of
    :data:`SEAT_NAMES` nobody else's name took, as in the first game.  Each computer gets its
    own RNG drawn from ``rng``."""
    seats = []
    for spec, name in zip(levels, seat_names(levels, names)):
        if spec == "you" or spec.startswith("human:"):
            seats.append(ReverseSeat(name, SeatKind.HUMAN))
        else:
            player = make_player(spec, random.Random(rng.getrandbits(48)), think)
            seats.append(ReverseSeat(name, SeatKind.AI, spec, player))
    return seats


@dataclass(frozen=True, slots=True)
class Entrant:
    """One level's result."""

    player: str
    rounds: int
    win_rate: float
    ci95: tuple[float, float]
    mean_points: float
    decision_ms: dict[str, float]

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "rounds": self.rounds, "win_rate": self.win_rate,
                "ci95": list(self.ci95), "mean_points": self.mean_points,
                "decision_ms": self.decision_ms}


@dataclass(frozen=True, slots=True)
class ReverseTournament:
    rounds: int
    deals: int
    duplicate: bool
    blocked: int
    entrants: tuple[Entrant, ...]
    seconds: float

    def match(self) -> Match:
        """The entrants' records, for ratings (:mod:`kc_tui.core.rating`)."""
        return {e.player: Record(e.win_rate * e.rounds, e.rounds, *e.ci95) for e in self.entrants}

    def ratings(self) -> tuple[dict[str, Rating], str]:
        """Each entrant's rating on the ladder's scale, and the entrant it is anchored on."""
        return on_ladder(self.match(), ENTRY.published())

    def as_dict(self) -> dict[str, Any]:
        ratings, anchor = self.ratings()
        return {"game": "kings-reverse", "rounds": self.rounds, "deals": self.deals,
                "duplicate": self.duplicate, "blocked": self.blocked,
                "entrants": [e.as_dict() for e in self.entrants],
                "ratings": {name: r.as_dict() for name, r in ratings.items()}, "anchor": anchor,
                "seconds": self.seconds}


@dataclass
class _Partial:
    rounds: int = 0
    blocked: int = 0
    deal_wins: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    points: dict[str, list[int]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)


PlayerFactory = Callable[[str, random.Random, float | None], ReverseAI]
"""Makes the player of an entrant: its name, its RNG and the expert's seconds (by default
:func:`~kc_tui.games.kings_reverse.ai.make_player`; a benchmark makes measuring players)."""


def _play_deals(entrants: Sequence[str], rules: ReverseRules, seed: int, deals: Sequence[int],
                duplicate: bool, think: float | None, factory: PlayerFactory = make_player,
                out: _Partial | None = None, on_round: OnRound | None = None, total: int = 0) -> _Partial:
    """Play ``deals`` into ``out``.  A deal counts once all its rounds are played, so a run
    stopped (Ctrl+C) in the middle of one leaves ``out`` holding the whole deals before it."""
    n = len(entrants)
    out = out if out is not None else _Partial()
    names = sorted(set(entrants))
    for name in names:
        out.deal_wins[name], out.points[name], out.times[name] = [], [], []
    won = dict.fromkeys(names, 0.0)  # the running win rates on_round is told
    sat = dict.fromkeys(names, 0)
    for deal in deals:
        dseed = random.Random(f"kr-deal:{seed}:{deal}").getrandbits(48)
        order = list(range(n))
        random.Random(f"kr-seating:{dseed}").shuffle(order)
        rotations = [[(order.index(j) + k) % n for j in range(n)] for k in range(n)]
        seatings = rotations if duplicate else [rotations[deal % n]]
        wins = dict.fromkeys(names, 0.0)
        played = dict.fromkeys(names, 0)
        points: dict[str, list[int]] = {name: [] for name in names}
        rounds = blocked = 0
        for seating in seatings:
            at_seat = [0] * n
            for j, s in enumerate(seating):
                at_seat[s] = j
            seats = []
            for s in range(n):
                spec = entrants[at_seat[s]]
                player = factory(spec, random.Random(f"{dseed}:{s}:{spec}"), think)
                seats.append(ReverseSeat(f"{SEAT_NAMES[s]} ({spec})", SeatKind.AI, spec, player))
            service = ReverseService(rules, seats, seed=dseed)

            def timed(seat: int, seconds: float, _at: Sequence[int] = at_seat) -> None:
                out.times[entrants[_at[seat]]].append(seconds)

            service.on_decision = timed
            service.play_session(max_rounds=1)
            game = service.game
            rounds += 1
            record = game.history[-1]
            if record.winner is None:
                blocked += 1
            for s in range(n):
                spec = entrants[at_seat[s]]
                played[spec] += 1
                points[spec].append(record.scores[s])
                if record.winner == s:
                    wins[spec] += 1.0
                elif record.winner is None:
                    # A blocked round has no winner (KR7): every seat shares it.
                    wins[spec] += 1.0 / n
            if on_round is not None:
                on_round(out.rounds + rounds, total, {
                    name: (won[name] + wins[name]) / (sat[name] + played[name]) for name in names})
        out.rounds += rounds
        out.blocked += blocked
        for name in names:
            out.points[name].extend(points[name])
            out.deal_wins[name].append((wins[name], played[name]))
            won[name] += wins[name]
            sat[name] += played[name]
    return out


def _worker(args: tuple[Any, ...]) -> _Partial:
    return _play_deals(*args)


def run_tournament(entrants: Sequence[str], rules: ReverseRules, rounds: int, seed: int = 1,
                   duplicate: bool = False, jobs: int = 1,
                   think: float | None = None, on_round: OnRound | None = None,
                   factory: PlayerFactory = make_player) -> ReverseTournament:
    """Play ``rounds`` single rounds (grouped in deals of one round per rotation with
    ``duplicate``) and summarise each level: the win rate counts a blocked round as shared by
    every seat, and its interval is the ratio estimator's normal interval with deals as
    clusters.  ``on_round`` hears of each round (with ``jobs``, of each batch of deals), and Ctrl+C
    raises :class:`RunStopped` carrying the result of the whole deals played."""
    n = len(entrants)
    per_deal = n if duplicate else 1
    deals = max(1, math.ceil(rounds / per_deal))
    start = time.perf_counter()
    if jobs <= 1:
        done = _Partial()
        try:
            parts = [_play_deals(entrants, rules, seed, range(deals), duplicate, think, factory, done,
                                 on_round, deals * per_deal)]
        except KeyboardInterrupt as exc:
            so_far = _result(entrants, [done], len(done.deal_wins.get(entrants[0], [])), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, done.rounds, deals * per_deal) from exc
    else:
        jobs = min(jobs, deals, os.cpu_count() or 1)
        batches = deal_batches(deals, jobs)

        def heard(ended: Mapping[int, _Partial]) -> None:
            if on_round is not None:
                on_round(*running_rates(ended.values(), deals * per_deal))

        try:
            parts = play_batches(_worker, [(tuple(entrants), rules, seed, batch, duplicate, think, factory)
                                           for batch in batches], jobs, heard)
        except BatchesStopped as stop:
            so_far = _result(entrants, stop.parts(), sum(len(batches[k]) for k in stop.ended), duplicate,
                             time.perf_counter() - start)
            raise RunStopped(so_far, so_far.rounds, deals * per_deal) from stop
    return _result(entrants, parts, deals, duplicate, time.perf_counter() - start)


def _result(entrants: Sequence[str], parts: Sequence[_Partial], deals: int, duplicate: bool,
            elapsed: float) -> ReverseTournament:
    results = []
    for name in sorted(set(entrants)):
        rows = [r for p in parts for r in p.deal_wins.get(name, [])]
        rate, ci95 = deal_interval(rows)
        pts = [x for p in parts for x in p.points.get(name, [])]
        t = [x for p in parts for x in p.times.get(name, [])]
        results.append(Entrant(
            name, sum(m for _, m in rows), rate, ci95,
            statistics.fmean(pts) if pts else 0.0,
            decision_times(t)))
    return ReverseTournament(sum(p.rounds for p in parts), deals, duplicate,
                             sum(p.blocked for p in parts), tuple(results), elapsed)


def simulate(levels: Sequence[str], rules: ReverseRules, rounds: int, seed: int | None,
             think: float | None = None,
             listener_for: Callable[[int, int], Callable[[ReverseEvent], None] | None] | None = None,
             on_round: OnRound | None = None) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict.
    ``listener_for(session, session_seed)`` may give a listener for each session (a
    transcript writer); ``on_round`` hears of each round, and Ctrl+C raises :class:`RunStopped`
    carrying the summary of the rounds played."""
    base = random.Random(seed)
    n = len(levels)
    wins, session_wins = [0] * n, [0] * n
    blocked = turns = played = sessions = 0
    faults: list[str] = []

    labels = [f"{SEAT_NAMES[i]} ({spec})" for i, spec in enumerate(levels)]
    ended = 0  # rounds played, the session in progress's among them
    counted = 0  # rounds of the sessions counted: a run stopped counts the one it stopped in

    def on_round_end(game: Any) -> None:
        nonlocal blocked, turns, ended
        if game.round_winner is None:
            blocked += 1
        else:
            wins[game.round_winner] += 1
        turns += game.turns
        ended += 1
        if on_round is not None:
            on_round(ended, rounds, {labels[i]: wins[i] / ended for i in range(n)})

    def summary(played: int) -> dict[str, Any]:
        elapsed = time.perf_counter() - start
        return {"game": "kings-reverse", "rounds": played, "sessions": sessions + (played > counted),
                "players": list(levels), "wins": wins, "session_wins": session_wins,
                "blocked": blocked, "mean_turns": turns / played if played else 0.0,
                "rounds_per_second": played / elapsed if elapsed > 0 else float("inf"),
                "seconds": elapsed, "seed": seed, "rules": rules.as_dict(), "faults": faults}

    start = time.perf_counter()
    try:
        while played < rounds:
            session_seed = base.getrandbits(48)
            seats = make_seats(levels, random.Random(session_seed ^ 0x5EA75), think)
            service = ReverseService(rules, seats, seed=session_seed)
            listener = listener_for(sessions + 1, session_seed) if listener_for else None
            if listener is not None:
                service.add_listener(listener)
            played += service.play_session(max_rounds=rounds - played, on_round_end=on_round_end)
            faults.extend(service.take_faults())
            sessions += 1
            counted = played
            for w in service.session_winners:
                session_wins[w] += 1
    except KeyboardInterrupt as exc:
        raise RunStopped(summary(ended), ended, rounds) from exc
    return summary(played)
