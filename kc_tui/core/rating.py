"""Ratings: every level of a game on one scale, with its interval, from tournaments' deals.

The model is Bradley–Terry's in Luce's form, for tables of two or more: each entrant ``i`` has a
strength ``s_i``, and a round at a table where ``i`` sits ``n_i`` times is won by ``i`` with
probability ``n_i s_i / sum_j n_j s_j`` (a heads-up pair is plain Bradley–Terry; one level
against three of another is the same model, so four-player tables and heads-up pairs land on the
same scale).  The strengths are fitted by maximum likelihood over every round of every match
(Hunter's minorization–maximization iteration) and said on the Elo scale: 400 points are odds of
ten to one, so a level rated 56 points above another wins 58% of their heads-up rounds.

A round's win is shared when a round ends with several winners or none (a blocked round), so the
shares of a round always sum to one.  The interval comes from each match's own: every entrant's
win rate has a 95% interval over deals (:func:`deal_interval`: the deal, with all its seat
rotations, is the unit that is independent), and the fit is repeated on win rates drawn from
those intervals (a parametric bootstrap), so a rating is as sure as the matches behind it.  The
scale is fixed by giving one entrant, the anchor, a rating (its interval is then nil: the others'
intervals are relative to it).  A match needs only its totals, so a ladder can be fitted from the
summaries tournaments print (``benchmarks/ladder.py``).  Pure Python.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Mapping, Sequence

__all__ = ["Rating", "Record", "Match", "deal_interval", "fit_ratings", "on_ladder", "elo_gap",
           "ANCHOR_RATING", "percentile", "decision_times"]

ANCHOR_RATING = 1500.0
"""The rating the anchor level is given (each game anchors its ``medium`` there)."""

_ELO = 400.0 / math.log(10.0)
_FLOOR = 0.5
"""A win share no entrant's total falls below in the fit (no wins at all would put it at minus
infinity: a half win is the usual continuity correction)."""

DealRows = Sequence[tuple[float, int]]
"""One entrant's deals in a tournament: (win share summed over the deal's rounds, seat-rounds)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A level's rating on the Elo scale and its 95% interval."""

    value: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        return {"rating": round(self.value), "low": round(self.low), "high": round(self.high)}


@dataclass(frozen=True, slots=True)
class Record:
    """One entrant's part of a match (a level, however many seats it took)."""

    wins: float
    """Win share over the match's rounds."""
    seat_rounds: int
    low: float
    high: float
    """The 95% interval of its win rate (``wins / seat_rounds``)."""


Match = Mapping[str, Record]
"""One tournament: each entrant's record."""


def deal_interval(rows: DealRows) -> tuple[float, tuple[float, float]]:
    """An entrant's win rate (total win share over seat-rounds) and its 95% interval with deals as
    clusters (the ratio estimator's normal interval: ``rate ± 1.96 sd(w_d - rate m_d) /
    (mean(m) sqrt(D))``)."""
    total_w = sum(w for w, _ in rows)
    total_m = sum(m for _, m in rows)
    d = len(rows)
    rate = total_w / total_m if total_m else 0.0
    if d > 1 and total_m:
        sd = statistics.stdev([w - rate * m for w, m in rows])
        half = 1.96 * sd / ((total_m / d) * math.sqrt(d))
    else:
        half = 1.0
    return rate, (max(0.0, rate - half), min(1.0, rate + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0 for none), read between the two nearest."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def decision_times(seconds: Sequence[float]) -> dict[str, float]:
    """A level's decision times as a tournament reports them: median, 99th percentile and
    slowest, in milliseconds."""
    return {"median": percentile(seconds, 0.5) * 1000, "p99": percentile(seconds, 0.99) * 1000,
            "max": max(seconds) * 1000 if seconds else 0.0}


def elo_gap(rate: float) -> float:
    """The rating gap that gives the stronger of two a heads-up win rate ``rate``."""
    rate = min(max(rate, 1e-6), 1 - 1e-6)
    return _ELO * math.log(rate / (1.0 - rate))


def _strengths(tables: Sequence[Mapping[str, tuple[float, float]]], names: Sequence[str]) -> dict[str, float]:
    """The maximum-likelihood strengths (geometric mean 1) for matches' (win share,
    seat-rounds) totals."""
    wins = dict.fromkeys(names, 0.0)
    for table in tables:
        for name, (w, _m) in table.items():
            wins[name] += w
    wins = {name: max(w, _FLOOR) for name, w in wins.items()}
    s = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        denominators = dict.fromkeys(names, 0.0)
        for table in tables:
            rounds = sum(w for w, _m in table.values())
            if rounds <= 0:
                continue
            weight = sum(m * s[name] for name, (_w, m) in table.items()) / rounds
            for name, (_w, m) in table.items():
                denominators[name] += m / weight
        new = {name: wins[name] / denominators[name] for name in names}
        scale = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        new = {name: v / scale for name, v in new.items()}
        change = max(abs(math.log(new[name] / s[name])) for name in names)
        s = new
        if change < 1e-10:
            break
    return s


def _connected(matches: Sequence[Match], names: Sequence[str]) -> bool:
    reached = {names[0]}
    grew = True
    while grew:
        grew = False
        for match in matches:
            met = set(match)
            if met & reached and not met <= reached:
                reached |= met
                grew = True
    return reached == set(names)


def _drawn(match: Match, rng: random.Random) -> dict[str, tuple[float, float]]:
    """The match's totals with each entrant's win rate drawn from its interval.  The rates are
    tied (the shares of a round sum to one: what one entrant wins another loses), so the draws
    are taken back to sum to nothing over the seat-rounds, which leaves ``(n - 1) / n`` of their
    variance, and scaled up again by the square root of its inverse (exact for two entrants)."""
    noise = {name: rng.gauss(0.0, (r.high - r.low) / 3.92) for name, r in match.items()}
    seats = sum(r.seat_rounds for r in match.values())
    mean = sum(noise[name] * r.seat_rounds for name, r in match.items()) / seats if seats else 0.0
    n = len(match)
    widen = math.sqrt(n / (n - 1)) if n > 1 else 1.0
    out = {}
    for name, r in match.items():
        wins = r.wins + (noise[name] - mean) * widen * r.seat_rounds
        out[name] = (min(max(wins, 1e-4 * r.seat_rounds), float(r.seat_rounds)), float(r.seat_rounds))
    return out


def fit_ratings(matches: Sequence[Match], anchor: str, at: float = ANCHOR_RATING,
                resamples: int = 2000, seed: int = 1) -> dict[str, Rating]:
    """Every entrant's rating, ``anchor`` rated ``at``.  Raises ``ValueError`` when the matches
    do not link every entrant to the anchor (no scale then joins them)."""
    names = sorted({name for match in matches for name in match})
    if anchor not in names:
        raise ValueError(f"{anchor} played none of the matches")
    if not _connected(matches, names):
        raise ValueError("the matches do not link every entrant to the others")

    def ratings(tables: Sequence[Mapping[str, tuple[float, float]]]) -> dict[str, float]:
        s = _strengths(tables, names)
        return {name: at + _ELO * math.log(s[name] / s[anchor]) for name in names}

    point = ratings([{name: (r.wins, float(r.seat_rounds)) for name, r in m.items()} for m in matches])
    rng = random.Random(seed)
    drawn: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(resamples):
        for name, value in ratings([_drawn(m, rng) for m in matches]).items():
            drawn[name].append(value)
    out = {}
    for name in names:
        values = sorted(drawn[name])
        if values:
            low = values[int(0.025 * (len(values) - 1))]
            high = values[int(math.ceil(0.975 * (len(values) - 1)))]
        else:
            low = high = point[name]
        out[name] = Rating(point[name], min(low, point[name]), max(high, point[name]))
    return out


def on_ladder(match: Match, published: Mapping[str, int]) -> tuple[dict[str, Rating], str]:
    """A tournament's ratings on its game's published scale (``published``: level -> rating):
    anchored on the weakest entrant the ladder rates, at its published rating (else on the first
    entrant, at :data:`ANCHOR_RATING`); also the anchor's name.  Empty when the match has a single
    entrant (nothing to compare)."""
    if len(match) < 2:
        return {}, ""
    rated = [name for name in match if name in published]
    anchor = min(rated, key=lambda name: published[name]) if rated else next(iter(match))
    at = float(published[anchor]) if rated else ANCHOR_RATING
    try:
        return fit_ratings([match], anchor, at), anchor
    except ValueError:
        return {}, ""
