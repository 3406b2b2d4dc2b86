"""The ladder's ratings: every level of a game on one scale, from saved tournament results.

Run: python benchmarks/ladder.py [--game kings-corner] [--anchor medium] RESULT.json ...

Each RESULT.json holds the output of ``kings-corner [--game G] tournament ... --json`` (one
match: heads-up pairs and one-against-three tables alike; its last line that is a JSON object).
The levels are fitted together (Bradley–Terry in Luce's form, :mod:`kc_tui.core.rating`),
``--anchor`` at 1500, each with its 95% interval; prints a Markdown table (docs/strength.md
quotes it) and the ``ratings=`` tuple of the game's ``ENTRY`` (kc_tui/games/<game>/__init__.py),
which the new-game screen, the lobby and the tournament's own ratings use.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from kc_tui.core.rating import Match, Rating, Record, fit_ratings
from kc_tui.games import game_named


def match_of(result: Mapping[str, Any]) -> Match:
    """A tournament's JSON result as a match (either game's: seat-rounds are ``seat_rounds`` in
    the first game's, ``rounds`` in the second's)."""
    out = {}
    for e in result["entrants"]:
        seats = int(e.get("seat_rounds", e.get("rounds", 0)))
        out[e["player"]] = Record(e["win_rate"] * seats, seats, e["ci95"][0], e["ci95"][1])
    return out


def _result(path: Path) -> dict[str, Any]:
    """The tournament result a file holds: its last line that is a JSON object (a log may say
    the command and the commit before it)."""
    lines = [line for line in path.read_text().splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"{path}: no tournament result (a line of --json output) in it")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def ladder_lines(ratings: Mapping[str, Rating], levels: Sequence[str], anchor: str) -> list[str]:
    """The ratings as a Markdown table, in the ladder's order, and the ENTRY tuple."""
    lines = ["| level | rating | 95% interval |", "|---|---|---|"]
    ordered = [lv for lv in levels if lv in ratings] + sorted(set(ratings) - set(levels))
    for name in ordered:
        r = ratings[name]
        interval = "(the anchor)" if name == anchor else f"{r.low:.0f}–{r.high:.0f}"
        lines.append(f"| {name} | {r.value:.0f} | {interval} |")
    if all(lv in ratings for lv in levels):
        lines += ["", "ratings=(" + ", ".join(f"{ratings[lv].value:.0f}" for lv in levels) + ")"]
    return lines


def rows_ratings(matches: Sequence[Match], levels: Sequence[str]) -> list[str]:
    """The lines a strength benchmark ends with: its rows' ratings fitted together, ``medium``
    at 1500 (nothing when no row has ``medium``; a sentence when the rows do not link every
    level, as with ``--only``)."""
    if not any("medium" in m for m in matches):
        return []
    try:
        ratings = fit_ratings(matches, "medium")
    except ValueError as exc:
        return ["", f"No ratings: {exc}."]
    return ["", "Ratings (Elo scale, medium at 1500, every row above fitted together):", "",
            *ladder_lines(ratings, levels, "medium")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path, help="tournament results (--json output)")
    parser.add_argument("--game", default="kings-corner")
    parser.add_argument("--anchor", default="medium")
    args = parser.parse_args()
    matches = [match_of(_result(path)) for path in args.results]
    ratings = fit_ratings(matches, args.anchor)
    print("\n".join(ladder_lines(ratings, game_named(args.game).levels, args.anchor)))


if __name__ == "__main__":
    main()
