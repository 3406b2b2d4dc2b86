"""How the expert should spend a small rollout budget across its candidate plans (issue 29).

At 0.1 s the expert plays about 100 rollouts a decision: some 5 samples for each of its
18 candidates, too few for the race (:data:`~kc_tui.games.kings_corner.ai.expert.RACE_MIN`) to
start, so it keeps the best of 18 noisy means (the winner's curse).  This benchmark gives experts
a fixed number of playouts per decision instead of a clock (the same figures on any machine, loaded
or not) and plays them against ``hard`` on the same duplicate deals, heads-up:

- ``shipped@P``: the allocation shipped until commit dc36998, and still the expert's when its
  budget affords the race (a sample for every candidate still in the race, the race as
  shipped), stopped before a sample would take it past ``P`` playouts;
- ``halving@P``: sequential halving (Karnin, Koren and Somekh 2013) over the same candidates:
  ``ceil(log2 K)`` rounds, each given an equal share of what is left of ``P``, spent on samples
  shared by every surviving candidate (common random numbers); after each round the better half by
  mean over all its samples survives (ties to the turn search's order);
- ``narrow@P``: the shipped allocation over fewer plans, the search's best 8 and 2 that hold a card
  back (10 rather than 18), so each gets more samples;
- ``narrowhalving@P``: halving over those 10 plans;
- ``screened<S>x<K>@P`` (``screened8x4@100``): every plan first played on ``S`` samples of cheap
  rollouts (every reply greedy, as ``hard`` plays them; not counted in ``P``, their cost shows in
  the processor time), then the ``K`` best by those halved on ``P`` playouts.
- ``anchored<Z>@P`` (``anchored10@100``): halving that never drops the turn search's own best
  plan, and at the end leaves it only for a plan ``Z`` tenths of a standard error ahead of it.

These players are measuring instruments built here, not levels.  Deals are played in turn by every
variant (deal 0 by each, then deal 1, ...), so a run stopped early still compares them on the same
deals, and each finished deal is logged.

    python benchmarks/expert_allocation.py [--deals 400] [--start 0] [--seed 29]
        [--playouts 100 250] [--variants shipped halving narrow] [--log FILE] [--every 10]

Prints each variant's win rate against hard with the 95% interval over deals, its processor time
per decision (median / p99, ``time.thread_time`` around ``plan_turn``), and every variant's paired
difference from the first variant named at the same budget, deal by deal (a deal's two rotations
together are one observation).  Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.core.rating import deal_interval  # noqa: E402
from kc_tui.core.rating import percentile as _percentile  # noqa: E402
from kc_tui.core.tournament import Partial, play_deals  # noqa: E402
from kc_tui.games.kings_corner.ai.base import Player  # noqa: E402
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer, Rollouts  # noqa: E402
from kc_tui.games.kings_corner.ai.seats import player_for  # noqa: E402
from kc_tui.games.kings_corner.ai.tournament import TournamentRounds  # noqa: E402
from kc_tui.games.kings_corner.engine.observation import Observation  # noqa: E402
from kc_tui.games.kings_corner.engine.rules import build_rules  # noqa: E402

DECISION_SECONDS: dict[str, list[float]] = {}
"""Processor seconds per decision, by variant spec (this process only: run with one job)."""
SPLIT_SECONDS: dict[str, list[float]] = {}
"""The same, only decisions with more than one candidate (the others play no rollout)."""
PLAYOUTS: dict[str, list[int]] = {}
"""Playouts spent by each decision with more than one candidate."""
PER_PLAYOUT: dict[str, list[float]] = {}
"""Processor seconds per playout of those decisions (the turn search included): how many
playouts a clock would buy varies a lot from one position to the next."""


class _Budgeted(ExpertPlayer):
    """The shipped expert with no clock: ``playouts`` rollouts per decision, spent by
    :meth:`_spend`."""

    def __init__(self, rng: random.Random, spec: str, playouts: int,
                 candidates: int | None = None, hold: int | None = None) -> None:
        super().__init__(rng, think=None, candidates=candidates, hold=hold)
        self.think = None
        self.spec = spec
        self.playouts = playouts

    def plan_turn(self, obs: Observation) -> list[int]:
        started = time.thread_time()
        try:
            return super().plan_turn(obs)
        finally:
            spent = time.thread_time() - started
            DECISION_SECONDS.setdefault(self.spec, []).append(spent)
            if self.last_candidates > 1:
                SPLIT_SECONDS.setdefault(self.spec, []).append(spent)
                PLAYOUTS.setdefault(self.spec, []).append(self.last_playouts)
                if self.last_playouts:
                    PER_PLAYOUT.setdefault(self.spec, []).append(spent / self.last_playouts)

    def _spend(self, rollouts: Rollouts, budget: object,
               deal: Callable[[], tuple[list[int], list[int]]]) -> None:
        """The race as the expert runs it (a sample for every active candidate), until one plan
        is left or the next sample would pass the budget of playouts."""
        while not rollouts.settled and rollouts.playouts + len(rollouts.active) <= self.playouts:
            rollouts.run(*deal())


class _Halving(_Budgeted):
    """Sequential halving over the candidates, on samples shared by the survivors."""

    def __init__(self, rng: random.Random, spec: str, playouts: int,
                 candidates: int | None = None, hold: int | None = None) -> None:
        super().__init__(rng, spec, playouts, candidates=candidates, hold=hold)
        self.race = False  # the halving decides who is dropped

    LAST = 1
    """The plans left when the halving stops."""

    def _spend(self, rollouts: Rollouts, budget: object,
               deal: Callable[[], tuple[list[int], list[int]]]) -> None:
        rounds = max(1, math.ceil(math.log2(len(rollouts.active))))
        for r in range(rounds):
            alive = len(rollouts.active)
            left = self.playouts - rollouts.playouts
            n = min(max(1, left // (rounds - r) // alive), left // alive)  # never past the budget
            for _ in range(n):
                rollouts.run(*deal())
            if alive <= self.LAST or rollouts.samples == 0 or n == 0:
                break
            rollouts.halve()  # every survivor has played every sample so far
            self._halved(rollouts)

    def _halved(self, rollouts: Rollouts) -> None:
        """After each halving (none here)."""


class _Screened(_Halving):
    """The candidates screened first on ``screen`` samples of cheap rollouts (every reply
    greedy, as hard plays them); the best ``keep`` by that are then halved as ``_Halving``."""

    def __init__(self, rng: random.Random, spec: str, playouts: int, screen: int, keep: int) -> None:
        super().__init__(rng, spec, playouts)
        self.screen, self.keep = screen, keep

    def _spend(self, rollouts: Rollouts, budget: object,
               deal: Callable[[], tuple[list[int], list[int]]]) -> None:
        quick = Rollouts(rollouts.obs, rollouts.candidates, horizon=self.horizon, searched=0)
        for _ in range(self.screen):
            quick.run(*deal())
        ranked = sorted(range(len(rollouts.candidates)), key=lambda k: (-quick.totals[k], k))
        rollouts.active = sorted(ranked[:self.keep])
        super()._spend(rollouts, budget, deal)


class _Anchored(_Halving):
    """Halving that never drops the turn search's own best plan (candidate 0, the one every
    ranking starts from), and leaves it at the end only for a plan ahead of it by ``z``
    standard errors of their paired difference on the samples they share."""

    def __init__(self, rng: random.Random, spec: str, playouts: int, z: float) -> None:
        super().__init__(rng, spec, playouts)
        self.z = z

    LAST = 2  # the search's best and its strongest rival, for the test below

    def _halved(self, rollouts: Rollouts) -> None:
        if 0 not in rollouts.active:
            rollouts.active = [0] + rollouts.active

    def _spend(self, rollouts: Rollouts, budget: object,
               deal: Callable[[], tuple[list[int], list[int]]]) -> None:
        super()._spend(rollouts, budget, deal)
        if rollouts.samples < 2 or len(rollouts.active) < 2:
            return
        values = rollouts._values
        n = min(len(values[i]) for i in rollouts.active)
        lead = max(rollouts.active, key=lambda k: (sum(values[k][-n:]), -k))
        if lead == 0:
            return
        diffs = [a - b for a, b in zip(values[lead][-n:], values[0][-n:])]
        mean = sum(diffs) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean <= self.z * se:
            rollouts.active = [0]


def make(spec: str, seat: int, rng: random.Random) -> Player:
    """``shipped@P``, ``halving@P``, ``narrow@P``, or a level of the ladder."""
    if "@" not in spec:
        return player_for(spec, seat, rng)
    kind, playouts = spec.split("@")
    p = int(playouts)
    if kind == "shipped":
        return _Budgeted(rng, spec, p)
    if kind == "halving":
        return _Halving(rng, spec, p)
    if kind == "narrow":
        return _Budgeted(rng, spec, p, candidates=8, hold=2)
    if kind.startswith("screened"):  # screened<samples>x<keep>@P
        screen, keep = kind[len("screened"):].split("x")
        return _Screened(rng, spec, p, int(screen), int(keep))
    if kind.startswith("anchored"):  # anchored<z tenths>@P: anchored5@100 leaves it at 0.5
        return _Anchored(rng, spec, p, int(kind[len("anchored"):]) / 10)
    if kind == "narrowhalving":
        return _Halving(rng, spec, p, candidates=8, hold=2)
    raise ValueError(spec)


def _paired(a: list[tuple[float, int]], b: list[tuple[float, int]]) -> tuple[float, float, float]:
    """Mean per-deal difference of win rates (a - b) and its 95% interval, deals as the unit."""
    diffs = [wa / ma - wb / mb for (wa, ma), (wb, mb) in zip(a, b)]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 1.0
    return mean, mean - half, mean + half


def report(specs: list[str], rows: dict[str, list[tuple[float, int]]], out: TextIO) -> None:
    deals = min(len(rows[s]) for s in specs)
    print(f"\n{deals} duplicate deals against hard, heads-up", file=out)
    print("| variant | playouts | deals | win rate | 95% interval | ms/decision median / p99 "
          "| ms median / p99 with >1 plan | playouts spent (mean) | ms per playout p10 / median / p90 |",
          file=out)
    print("|---|---|---|---|---|---|---|---|---|", file=out)
    for s in specs:
        rate, (low, high) = deal_interval(rows[s][:deals])
        t = DECISION_SECONDS.get(s, [])
        u = SPLIT_SECONDS.get(s, [])
        kind, p = s.split("@")
        print(f"| {kind} | {p} | {deals} | {rate:.1%} | {low:.1%}-{high:.1%} | "
              f"{_percentile(t, .5) * 1000:.0f} / {_percentile(t, .99) * 1000:.0f} | "
              f"{_percentile(u, .5) * 1000:.0f} / {_percentile(u, .99) * 1000:.0f} | "
              f"{statistics.fmean(PLAYOUTS.get(s, [0])):.0f} | "
              + " / ".join(f"{_percentile(PER_PLAYOUT.get(s, []), q) * 1000:.2f}" for q in (.1, .5, .9))
              + " |", file=out)
    for s in specs:
        kind, p = s.split("@")
        base = next(b for b in specs if b.endswith(f"@{p}"))
        if s != base and deals > 1:
            mean, low, high = _paired(rows[s][:deals], rows[base][:deals])
            print(f"paired {s} - {base}: {mean:+.1%} [{low:+.1%}, {high:+.1%}] over {deals} deals", file=out)
    out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--start", type=int, default=0, help="the first deal (to extend a run)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--playouts", type=int, nargs="+", default=[100, 250])
    parser.add_argument("--variants", nargs="+", default=["shipped", "halving", "narrow"])
    parser.add_argument("--log", type=Path, default=None, help="also append progress to this file")
    parser.add_argument("--every", type=int, default=10, help="deals between two reports")
    args = parser.parse_args()
    specs = [f"{v}@{p}" for p in args.playouts for v in args.variants]
    rules = build_rules(2)
    log = args.log.open("a") if args.log else None

    def say(text: str) -> None:
        print(text, flush=True)
        if log:
            print(text, file=log, flush=True)

    say(f"$ {' '.join(sys.argv)}  (seed {args.seed}, {args.deals} deals, {', '.join(specs)} against hard)")
    rows: dict[str, list[tuple[float, int]]] = {s: [] for s in specs}
    started = time.time()
    for deal in range(args.start, args.start + args.deals):
        for s in specs:
            part = play_deals([s, "hard"], args.seed, [deal], True, TournamentRounds(rules, make), Partial())
            assert not part.faults, part.faults
            rows[s].extend(part.deal_wins[s])
        say(f"deal {deal} {time.time() - started:.0f} s " + " ".join(
            f"{s}={w:g}/{m}" for s in specs for w, m in rows[s][-1:]))
        if (deal + 1 - args.start) % args.every == 0 or deal + 1 == args.start + args.deals:
            report(specs, rows, sys.stdout)
            if log:
                report(specs, rows, log)


if __name__ == "__main__":
    main()
