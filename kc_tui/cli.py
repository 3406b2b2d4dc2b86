"""The ``kings-corner`` command line."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from .ai import LEVELS, make_player
from .engine.describe import Narrator, describe_rules
from .engine.rules import PRESET_NOTES, PRESETS, RuleError, RuleSet, build_rules, parse_rule_assignment
from .engine.service import GameService, Seat
from .engine.transcript import TranscriptWriter

__all__ = ["main", "build_parser"]

SEAT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")


def _levels_list(text: str) -> list[str]:
    levels = [t.strip().lower() for t in text.split(",") if t.strip()]
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown player {level!r} (choose from {', '.join(LEVELS)})"
            )
    if not 2 <= len(levels) <= 6:
        raise argparse.ArgumentTypeError(f"give 2 to 6 players, comma-separated; got {len(levels)}")
    return levels


def _rule(text: str) -> tuple[str, Any]:
    try:
        return parse_rule_assignment(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None


def _add_rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset", default="standard", choices=list(PRESETS),
        help="a named rule preset (RULES.md R6); default standard",
    )
    p.add_argument(
        "--rule", action="append", type=_rule, default=[], metavar="KEY=VALUE",
        help="set one rule option on top of the preset, e.g. --rule target=50 (repeatable)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kings-corner",
        description="Kings in the Corner for the terminal. Without a command: a short "
        "simulation of computer players, with its summary.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser(
        "simulate", help="play computer players against each other and print a summary",
        description="Play whole sessions of computer players headless and print a summary.",
    )
    sim.add_argument(
        "--players", type=_levels_list, default=["medium", "medium", "easy"], metavar="LEVELS",
        help=f"comma-separated seats, 2 to 6, each one of: {', '.join(LEVELS)} "
        "(default medium,medium,easy)",
    )
    sim.add_argument("--rounds", type=_positive, default=1000, help="rounds to play (default 1000)")
    sim.add_argument("--seed", type=_seed, default=None, help="seed for reproducible deals")
    _add_rule_options(sim)
    sim.add_argument(
        "--transcript-dir", type=Path, default=None, metavar="DIR",
        help="write one JSON Lines transcript per session into DIR",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.set_defaults(parser=sim)

    rules = sub.add_parser("rules", help="print the rules in force in plain words")
    _add_rule_options(rules)
    rules.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), metavar="N",
        help="number of players, 2 to 6 (default 4)",
    )
    rules.set_defaults(parser=rules)

    demo = sub.add_parser("demo", help="watch one round between computer players, in sentences")
    demo.add_argument("--players", type=_levels_list, default=["medium"] * 4, metavar="LEVELS")
    demo.add_argument("--seed", type=_seed, default=None)
    _add_rule_options(demo)
    demo.set_defaults(parser=demo)
    return parser


def _rules_from(args: argparse.Namespace, players: int) -> RuleSet:
    """The rules asked for; what cannot be played is a usage error of that command."""
    try:
        return build_rules(players, args.preset, dict(args.rule))
    except RuleError as exc:
        args.parser.error(str(exc))
        raise  # parser.error exits


def _seats(levels: Sequence[str], rng: random.Random) -> list[Seat]:
    return [
        Seat(f"{SEAT_NAMES[i]}", "ai", level, make_player(level, random.Random(rng.getrandbits(64))))
        for i, level in enumerate(levels)
    ]


def simulate(
    levels: Sequence[str],
    rules: RuleSet,
    rounds: int,
    seed: int | None,
    transcript_dir: Path | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict.

    Session ``k`` is seeded from the base seed, so the whole run is reproducible; the session
    in progress when the round count is reached stops after that round.
    """
    base = random.Random(seed)
    wins = [0] * len(levels)
    session_wins = [0] * len(levels)
    blocked = 0
    turns = 0
    played = 0
    sessions = 0
    if transcript_dir is not None:
        transcript_dir.mkdir(parents=True, exist_ok=True)

    def on_round_end(game: Any) -> None:
        nonlocal blocked, turns
        for w in game.round_winners:
            wins[w] += 1
        if game.round_reason == "blocked":
            blocked += 1
        turns += game.turns

    start = time.perf_counter()
    while played < rounds:
        session_seed = base.getrandbits(48)
        seats = _seats(levels, random.Random(session_seed ^ 0x5EA75))
        service = GameService(rules, seats, seed=session_seed)
        writer = None
        if transcript_dir is not None:
            writer = TranscriptWriter(transcript_dir / f"session-{sessions + 1:05d}-{session_seed}.jsonl")
            service.add_listener(writer)
        try:
            played += service.play_session(max_rounds=rounds - played, on_round_end=on_round_end)
        finally:
            if writer:
                writer.close()
        sessions += 1
        for w in service.game.session_winners:
            session_wins[w] += 1
    elapsed = time.perf_counter() - start
    return {
        "rounds": played,
        "sessions": sessions,
        "players": list(levels),
        "wins": wins,
        "session_wins": session_wins,
        "blocked": blocked,
        "mean_turns": turns / played,
        "rounds_per_second": played / elapsed if elapsed > 0 else float("inf"),
        "seconds": elapsed,
        "seed": seed,
        "rules": rules.as_dict(),
    }


def _print_summary(summary: dict[str, Any], preset: str) -> None:
    rounds = summary["rounds"]
    print(
        f"{rounds} rounds in {summary['sessions']} sessions, preset {preset}, "
        f"seed {summary['seed']}"
    )
    print(f"{'seat':<5}{'player':<12}{'round wins':>11}{'share':>8}{'sessions won':>14}")
    for i, level in enumerate(summary["players"]):
        w = summary["wins"][i]
        print(
            f"{i:<5}{SEAT_NAMES[i] + ' (' + level + ')':<12}{w:>11}{w / rounds:>8.1%}"
            f"{summary['session_wins'][i]:>14}"
        )
    print(f"mean turns per round: {summary['mean_turns']:.1f}")
    print(f"blocked rounds: {summary['blocked']} ({summary['blocked'] / rounds:.1%})")
    print(f"speed: {summary['rounds_per_second']:.0f} rounds per second")


def _demo(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    seats = _seats(args.players, random.Random(seed))
    narrator = Narrator()

    def say(event: Any) -> None:
        text = narrator.sentence(event)
        if text:
            print(text)

    service = GameService(rules, seats, seed=seed, listeners=[say])
    service.play_session(max_rounds=1)
    print(f"(seed {seed}: run `kings-corner demo --seed {seed}` to watch this round again)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            levels = ["medium", "medium", "easy"]
            rules = build_rules(len(levels))
            summary = simulate(levels, rules, 200, 1)
            _print_summary(summary, "standard")
            print("\nMore: kings-corner --help  (simulate, rules, demo)")
            return 0
        if args.command == "simulate":
            rules = _rules_from(args, len(args.players))
            summary = simulate(args.players, rules, args.rounds, args.seed, args.transcript_dir)
            if args.json:
                print(json.dumps(summary))
            else:
                _print_summary(summary, args.preset)
            return 0
        if args.command == "rules":
            rules = _rules_from(args, args.players)
            print(describe_rules(rules, args.preset))
            return 0
        if args.command == "demo":
            return _demo(args)
    except BrokenPipeError:
        # Output piped into `head` and closed: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    parser.error(f"unknown command {args.command!r}")
    return 2


def preset_table() -> str:
    """The presets as a Markdown table (used to keep the README honest)."""
    rows = ["| preset | what it sets |", "|---|---|"]
    for name in PRESETS:
        rows.append(f"| `{name}` | {PRESET_NOTES[name]} |")
    return "\n".join(rows)
