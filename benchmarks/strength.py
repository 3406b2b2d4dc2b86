"""The strength table of the ladder (issue 15): every level against the one below, heads-up and
as one against three in four-player tables, the expert and the oracle against medium, and the
decision times of the thinking levels, all with duplicate deals; then every level's rating,
fitted over all the rows (``benchmarks/ladder.py``).

Run: python benchmarks/strength.py [--deals 2000] [--table-deals 500] [--expert-deals 2000]
     [--think 1.0] [--clock cpu|wall] [--jobs 2] [--out FILE] [--only ROW ...]

Each row is also printed as the `kings-corner tournament` command that reproduces it, with its
targets: heads-up the upper level wins 58% to 80% with the 95% interval above 55%; at four
players it takes at least 30% of the rounds against three of the level below.  Rows with the
expert (slow at its default budget) play ``--expert-deals`` deals.  Prints figures and writes
a Markdown table (docs/strength.md quotes it); asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import time
from pathlib import Path

from ladder import rows_ratings

from kc_tui.cli.progress import run_with_progress
from kc_tui.core.rating import Match
from kc_tui.core.report import stopped_line
from kc_tui.core.tournament import Standing
from kc_tui.games.kings_corner.ai import LADDER
from kc_tui.games.kings_corner.ai.base import Player
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer
from kc_tui.games.kings_corner.ai.seats import player_for
from kc_tui.games.kings_corner.ai.tournament import TournamentResult, run_tournament
from kc_tui.games.kings_corner.engine.rules import build_rules

THINKING = ("hard", "expert", "oracle")


def _command(players: list[str], deals: int, think: float, jobs: int, seed: int) -> str:
    return (
        f"kings-corner tournament --players {','.join(players)} --rounds {deals * len(players)} "
        f"--duplicate --seed {seed} --jobs {jobs}" + (f" --think {think:g}" if "expert" in players else "")
    )


def seat_player(spec: str, seat: int, rng: random.Random, think: float, clock: str) -> Player:
    """A tournament seat; the expert's budget is read on its own processor time (as in the
    game), or with ``clock`` "wall" on the wall clock (then a shared machine weakens it)."""
    player = player_for(spec, seat, rng, think=think)
    if clock == "wall" and isinstance(player, ExpertPlayer):
        player.clock = time.perf_counter
    return player


def _match(players: list[str], deals: int, think: float, jobs: int, seed: int,
           clock: str = "cpu") -> TournamentResult:
    print("$", _command(players, deals, think, jobs, seed)
          + (" (the expert's budget on the wall clock)" if clock == "wall" and "expert" in players else ""),
          flush=True)
    result, stop = run_with_progress(lambda on_round: run_tournament(
        players, build_rules(len(players)), deals * len(players), seed=seed, duplicate=True, jobs=jobs,
        factory=functools.partial(seat_player, think=think, clock=clock), on_round=on_round,
    ), deals * len(players))
    if stop is not None:
        print(stopped_line(stop.done, stop.total), flush=True)
    for e in result.entrants:
        print(
            f"   {e.player:<8} {e.win_rate:6.1%}  [{e.ci95[0]:.1%}, {e.ci95[1]:.1%}]  "
            f"points {e.mean_points:.2f}  ms median {e.decision_ms['median']:.2f} "
            f"p99 {e.decision_ms['p99']:.2f} max {e.decision_ms['max']:.1f}  ({result.seconds:.0f} s)",
            flush=True,
        )
    if stop is not None:
        raise SystemExit(130)  # Ctrl+C: this row so far, and no more rows
    return result


def _entrant(result: TournamentResult, name: str) -> Standing:
    return next(e for e in result.entrants if e.player == name)


def _verdict(e: Standing, players: int) -> str:
    if players == 2:
        ok = 0.58 <= e.win_rate <= 0.80 and e.ci95[0] > 0.55
        return "yes" if ok else "no"
    return "yes" if e.win_rate >= 0.30 else "no"


def _times(e: Standing) -> str:
    if e.player not in THINKING:
        return ""
    ms = e.decision_ms
    return f"{ms['median']:.1f} / {ms['p99']:.1f} / {ms['max']:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per heads-up pairing")
    parser.add_argument("--table-deals", type=int, default=500, help="deals per four-player table")
    parser.add_argument("--expert-deals", type=int, default=2000,
                        help="deals for each row the expert plays (heads-up and at four)")
    parser.add_argument("--think", type=float, default=1.0, help="expert budget per decision")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=None,
                        help="measure only these rows, e.g. hard-medium expert-hard-4")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu",
                        help="what the expert's budget is read on: its own processor time, as in the "
                             "game (a shared machine's load does not weaken it; its decision times may "
                             "then be longer than the budget in wall-clock time), or the wall clock")
    parser.add_argument("--out", type=Path, default=None, help="also write the table to this file")
    args = parser.parse_args()
    names = [lv.name for lv in LADDER]
    rows: list[tuple[str, list[str], str]] = []  # (key, players, focus)
    for lower, upper in zip(names, names[1:]):
        rows.append((f"{upper}-{lower}", [upper, lower], upper))
        rows.append((f"{upper}-{lower}-4", [upper, lower, lower, lower], upper))
    rows += [("expert-medium", ["expert", "medium"], "expert"),
             ("oracle-medium", ["oracle", "medium"], "oracle")]
    started = time.time()
    lines = [
        "| match | deals | win rate | 95% interval | target met | points/round | "
        "decision ms (median / p99 / max) | command |",
        "|---|---|---|---|---|---|---|---|",
    ]
    rates: dict[str, float] = {}
    matches: list[Match] = []
    for key, players, focus in rows:
        if args.only is not None and key not in args.only:
            continue
        deals = args.deals if len(players) == 2 else args.table_deals
        if "expert" in players:
            deals = min(deals, args.expert_deals)
        result = _match(players, deals, args.think, args.jobs, args.seed, args.clock)
        e = _entrant(result, focus)
        rates[key] = e.win_rate
        matches.append(result.match())
        label = (f"{focus} vs {players[1]}" if len(players) == 2
                 else f"{focus} vs 3 × {players[1]} (4 players)")
        target = "" if key in ("expert-medium", "oracle-medium") else _verdict(e, len(players))
        slowest = max((x for x in result.entrants if x.player in THINKING),
                      key=lambda x: x.decision_ms["p99"], default=None)
        timing = f"{slowest.player}: {_times(slowest)}" if slowest else ""
        command = _command(players, result.deals, args.think, args.jobs, args.seed)
        lines.append(
            f"| {label} | {result.deals} | {e.win_rate:.1%} | {e.ci95[0]:.1%}–{e.ci95[1]:.1%} | {target} | "
            f"{e.mean_points:.2f} | {timing} | `{command}` |"
        )
    if "expert-medium" in rates and "oracle-medium" in rates and rates["oracle-medium"] > 0.5:
        kept = (rates["expert-medium"] - 0.5) / (rates["oracle-medium"] - 0.5)
        lines += ["", f"The expert keeps {kept:.0%} of the oracle's edge over medium (expert "
                  f"{rates['expert-medium']:.1%}, oracle {rates['oracle-medium']:.1%}; the oracle sees "
                  "every card)."]
    lines += rows_ratings(matches, names)
    lines += [
        "",
        f"`python benchmarks/strength.py --deals {args.deals} --table-deals {args.table_deals} "
        f"--expert-deals {args.expert_deals} --think {args.think:g} --jobs {args.jobs} --seed {args.seed}"
        f" --clock {args.clock}`"
        f" on {platform.machine()} ({platform.python_implementation()} {platform.python_version()}), "
        f"{(time.time() - started) / 60:.0f} minutes.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
