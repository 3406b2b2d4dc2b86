"""The strength table: heads-up matches of each level against the level below, the expert and
the oracle against medium, and four-player tables, all with duplicate deals.

Run: python benchmarks/strength.py [--deals 2000] [--think 0.05] [--jobs 2] [--out docs/strength.md]

Every row is also printed as the `kings-corner tournament` command that reproduces it.  Prints
figures and writes a Markdown table; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from kc_tui.ai.tournament import TournamentResult, run_tournament
from kc_tui.engine.rules import build_rules


def _match(players: list[str], deals: int, think: float, jobs: int, seed: int) -> tuple[TournamentResult, str]:
    rounds = deals * len(players)
    command = (
        f"kings-corner tournament --players {','.join(players)} --rounds {rounds} --duplicate "
        f"--seed {seed} --jobs {jobs}" + (f" --think {think:g}" if "expert" in players else "")
    )
    print("$", command, flush=True)
    result = run_tournament(
        players, build_rules(len(players)), rounds, seed=seed, duplicate=True, jobs=jobs, think=think
    )
    for e in result.entrants:
        print(
            f"   {e.player:<8} {e.win_rate:6.1%}  [{e.ci95[0]:.1%}, {e.ci95[1]:.1%}]  "
            f"points {e.mean_points:.2f}  ms median {e.decision_ms['median']:.2f} "
            f"p99 {e.decision_ms['p99']:.2f} max {e.decision_ms['max']:.1f}",
            flush=True,
        )
    return result, command


def _row(label: str, result: TournamentResult, focus: str, command: str) -> str:
    e = next(x for x in result.entrants if x.player == focus)
    return (
        f"| {label} | {result.deals} | {e.win_rate:.1%} | {e.ci95[0]:.1%}–{e.ci95[1]:.1%} | "
        f"{e.mean_points:.2f} | {e.decision_ms['median']:.2f} / {e.decision_ms['p99']:.2f} | `{command}` |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per heads-up pairing")
    parser.add_argument("--table-deals", type=int, default=500, help="deals per four-player table")
    parser.add_argument("--think", type=float, default=0.05, help="expert budget per decision")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    args = parser.parse_args()
    started = time.time()
    rows: list[str] = []
    header = (
        "| match | deals | win rate | 95% interval | points/round | decision ms (median / p99) | command |\n"
        "|---|---|---|---|---|---|---|"
    )
    results: dict[str, TournamentResult] = {}
    for upper, lower in [("medium", "easy"), ("hard", "medium"), ("expert", "hard"),
                         ("expert", "medium"), ("oracle", "medium")]:
        result, command = _match([upper, lower], args.deals, args.think, args.jobs, args.seed)
        results[f"{upper}-{lower}"] = result
        rows.append(_row(f"{upper} vs {lower}", result, upper, command))
    tables: list[str] = []
    for players, focus in [(["expert", "medium", "medium", "medium"], "expert"),
                           (["easy", "medium", "hard", "expert"], None)]:
        result, command = _match(players, args.table_deals, args.think, args.jobs, args.seed)
        if focus:
            rows.append(_row("expert vs 3 × medium (4 players)", result, focus, command))
        else:
            tables.append(f"`{command}`\n")
            tables.append("| player | win rate | 95% interval | points/round | decision ms (median / p99) |")
            tables.append("|---|---|---|---|---|")
            for e in result.entrants:
                tables.append(
                    f"| {e.player} | {e.win_rate:.1%} | {e.ci95[0]:.1%}–{e.ci95[1]:.1%} | "
                    f"{e.mean_points:.2f} | {e.decision_ms['median']:.2f} / {e.decision_ms['p99']:.2f} |"
                )
    expert = next(e for e in results["expert-medium"].entrants if e.player == "expert").win_rate
    oracle = next(e for e in results["oracle-medium"].entrants if e.player == "oracle").win_rate
    kept = (expert - 0.5) / (oracle - 0.5) if oracle > 0.5 else float("nan")
    text = "\n".join([
        "# Strength of the computer players",
        "",
        f"Measured with `python benchmarks/strength.py --deals {args.deals} --table-deals "
        f"{args.table_deals} --think {args.think:g} --jobs {args.jobs} --seed {args.seed}` on "
        f"{platform.machine()} ({platform.python_implementation()} {platform.python_version()}), "
        f"{(time.time() - started) / 60:.0f} minutes.  Standard rules (7 cards, draw at start, "
        "classic scoring).  Every deal is played once per seat rotation (duplicate), so each "
        "player meets the same cards from every seat; the 95% interval treats each deal as one "
        "observation.  Win rates count a shared (blocked) win as a fraction; points are penalty "
        "points per round (lower is better).  The expert thinks "
        f"{args.think:g} s per decision here (its default in the game is 1 s).",
        "",
        header,
        *rows,
        "",
        f"The expert keeps {kept:.0%} of the oracle's edge over medium "
        f"(expert {expert:.1%}, oracle {oracle:.1%}; the oracle sees every card).",
        "",
        "## Four players, one of each level",
        "",
        *tables,
        "",
    ])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
