"""``kings-corner rules``: the rules in force, in plain words."""

from __future__ import annotations

import argparse

from ..games.kings_corner.ai.arguments import add_rule_options, rules_from
from ..games.kings_corner.engine.describe import describe_rules
from ..games.kings_corner.engine.rules import PRESET_NOTES, PRESETS

__all__ = ["add_parser", "preset_table"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules`` to the command line's commands."""
    rules = sub.add_parser("rules", help="print the rules in force in plain words")
    add_rule_options(rules)
    rules.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), metavar="N",
        help="number of players, 2 to 6 (default 4)",
    )
    rules.set_defaults(func=_rules, parser=rules)


def _rules(args: argparse.Namespace) -> int:
    print(describe_rules(rules_from(args, args.players), args.preset))
    return 0


def preset_table() -> str:
    """The presets as a Markdown table (used to keep docs/command-line.md honest)."""
    rows = ["| preset | what it sets |", "|---|---|"]
    for name in PRESETS:
        rows.append(f"| `{name}` | {PRESET_NOTES[name]} |")
    return "\n".join(rows)
