"""``kings-corner --game kings-reverse COMMAND``: Kings Reverse's own command line, which the
application's (:mod:`kc_tui.cli`) hands over to through the game registry
(:mod:`kc_tui.games`).  Commands: ``play`` (the full-screen table, or the line mode with
``--plain``), ``resume`` (the newest save), ``simulate``, ``tournament``, ``rules``, and what
the game keeps: ``saves``, ``replay`` and ``stats`` (the application's own commands, for this
game)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from ...cli import application_parser, records, run_commands
from ...cli.common import add_look_options, full_screen
from ...cli.play import play_saved
from ...core.text import visible
from ...line import read_line, writer
from ...storage import SaveError, list_saves, load_save, resume_saving, start_saving
from .ai import LEVELS
from .ai.tournament import SEAT_NAMES, make_seats, run_tournament, simulate
from .engine.describe import describe_rules
from .engine.events import GAME_NAME, ReverseEvent, encode_event
from .engine.rules import OPTION_NAMES, PRESETS, ReverseRules, RuleError, build_rules
from .engine.service import ReverseService
from .line import GAME, ReverseLines

__all__ = ["main", "build_parser", "TranscriptFile"]

PROG = "kings-corner --game kings-reverse"


class TranscriptFile:
    """A listener writing each event as one JSON line, flushed at once (docs/protocol.md)."""

    name = "The transcript"

    def __init__(self, path: Path) -> None:
        self._file = open(path, "w", encoding="utf-8", newline="\n")

    def __call__(self, event: ReverseEvent) -> None:
        self._file.write(encode_event(event) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _seats(text: str, people: bool = False) -> list[str]:
    specs = [t.strip() for t in text.split(",") if t.strip()]
    if not 2 <= len(specs) <= 6:
        raise argparse.ArgumentTypeError(f"give 2 to 6 players, comma-separated; got {len(specs)}")
    for spec in specs:
        if spec in LEVELS or (people and (spec == "you" or spec.startswith("human:"))):
            continue
        allowed = ", ".join(LEVELS) + (", you or human:NAME" if people else "")
        raise argparse.ArgumentTypeError(f"{visible(spec)[:20]!r} is not a seat: use {allowed}")
    return specs


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {visible(text)[:20]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {visible(text)[:20]!r}") from None


def _think(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {visible(text)[:20]!r}") from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 60 seconds, got {value:g}")
    return value


def _rule(text: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"write a rule as NAME=VALUE (the names: {', '.join(OPTION_NAMES)})")
    return name.strip(), value.strip()


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="standard", choices=list(PRESETS),
                   help="a named rule set (docs/rules.md, Kings Reverse); default standard")
    p.add_argument("--rule", action="append", type=_rule, default=[], metavar="NAME=VALUE",
                   help=f"set one option on top of the preset ({', '.join(OPTION_NAMES)}), "
                   "e.g. --rule jokers=off (repeatable)")


def _rules_from(args: argparse.Namespace, players: int) -> ReverseRules:
    try:
        return build_rules(players, args.preset, **dict(args.rule))
    except RuleError as exc:
        args.parser.error(str(exc))
        raise


def build_parser() -> argparse.ArgumentParser:
    """Every Kings Reverse command and option."""
    parser, sub = application_parser("Kings Reverse: two decks and jokers, shed your hand "
                                     "(docs/rules.md, Kings Reverse).", _play_default, prog=PROG)

    play = sub.add_parser("play", help="play at this terminal (the table, or the line mode with --plain)",
                          description="Play a Kings Reverse session at the full-screen table, or "
                          "in the line mode (--plain, or without a terminal).")
    play.add_argument("--players", type=lambda t: _seats(t, people=True),
                      default=["you", "hard", "hard", "hard"], metavar="SEATS",
                      help=f"seats in order: you, human:NAME, or a level ({', '.join(LEVELS)}); "
                      "default you,hard,hard,hard")
    play.add_argument("--seed", type=_seed, default=None, help="seed for a reproducible deal")
    play.add_argument("--plain", action="store_true", help="the line mode instead of the full-screen table")
    play.add_argument("--transcript", type=Path, default=None, metavar="FILE",
                      help="write the JSON Lines transcript to FILE")
    play.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                      help="the expert's thinking budget per decision (default 1)")
    _rule_options(play)
    play.set_defaults(func=_play, parser=play)

    resume = sub.add_parser("resume", help="go straight back to the newest saved Kings Reverse game",
                            description="Continue the newest saved Kings Reverse game at the table "
                            "(or in the line mode with --plain, or without a terminal).")
    resume.add_argument("--plain", action="store_true", help="in the line mode")
    add_look_options(resume)
    resume.set_defaults(func=_resume, parser=resume)

    sim = sub.add_parser("simulate", help="computer players against each other, a summary",
                         description="Play whole Kings Reverse sessions headless and print a summary.")
    sim.add_argument("--players", type=_seats, default=["medium", "medium", "easy"],
                     metavar="SEATS", help="levels, comma-separated (default medium,medium,easy)")
    sim.add_argument("--rounds", type=_positive, default=200, help="rounds to play (default 200)")
    sim.add_argument("--seed", type=_seed, default=None, help="seed for reproducible deals")
    sim.add_argument("--transcript-dir", type=Path, default=None, metavar="DIR",
                     help="write one JSON Lines transcript per session into DIR")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                     help="the expert's thinking budget per decision (default 1)")
    _rule_options(sim)
    sim.set_defaults(func=_simulate, parser=sim)

    tour = sub.add_parser("tournament", help="AI strength: win rates with 95%% intervals",
                          description="Play single Kings Reverse rounds between the levels given "
                          "(with --duplicate every deal once per seat rotation) and print each "
                          "level's round-win rate with a 95%% interval, points and decision times.")
    tour.add_argument("--players", type=_seats, required=True, metavar="SEATS",
                      help=f"levels, comma-separated ({', '.join(LEVELS)})")
    tour.add_argument("--rounds", type=_positive, default=400, help="rounds to play (default 400)")
    tour.add_argument("--seed", type=_seed, default=1, help="seed of the deals (default 1)")
    tour.add_argument("--duplicate", action="store_true", help="replay every deal with the seats rotated")
    tour.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    tour.add_argument("--json", action="store_true", help="print the result as one JSON object")
    tour.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                      help="the expert's thinking budget per decision (default 1)")
    _rule_options(tour)
    tour.set_defaults(func=_tournament, parser=tour)

    records.add_saves_parser(sub, GAME_NAME)
    records.add_replay_parser(sub)
    records.add_stats_parser(sub, GAME_NAME)

    rules = sub.add_parser("rules", help="the rules in force in plain words")
    rules.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N",
                       help="number of players, 2 to 6 (default 4)")
    _rule_options(rules)
    rules.set_defaults(func=_rules, parser=rules)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run Kings Reverse's command line on ``argv``; the exit status."""
    return run_commands(build_parser(), argv)


def _play_default(args: argparse.Namespace) -> int:
    """No command: a quick game at the table (you against three hard computers), or the line
    mode without a terminal."""
    if full_screen():
        return _play(build_parser().parse_args([*_look_args(args), "play"]))
    print("No terminal for the full-screen game here: playing in the line mode "
          f"({PROG} play --plain; {PROG} --help lists every command).")
    return _play(build_parser().parse_args(["play", "--plain"]))


def _look_args(args: argparse.Namespace) -> list[str]:
    """The look options given before the command, passed on to ``play``."""
    given = []
    if args.ascii is not None:
        given.append("--ascii" if args.ascii else "--no-ascii")
    if args.theme is not None:
        given += ["--theme", args.theme]
    if args.pace is not None:
        given += ["--pace", str(args.pace)]
    return given


def _play(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(48)
    seats = make_seats(args.players, random.Random(seed), args.think)
    service = ReverseService(rules, seats, seed=seed)
    transcript: TranscriptFile | None = None
    if args.transcript is not None:
        try:
            transcript = TranscriptFile(args.transcript)
        except OSError as exc:
            args.parser.error(f"cannot write the transcript {visible(str(args.transcript))}: "
                              f"{exc.strerror or exc}")
            raise
        service.add_listener(transcript)
    try:
        return play_saved(service, args,
                          lambda report: start_saving(service, args.players, report, GAME_NAME),
                          lambda: ReverseLines(service, writer(sys.stdout)).run(read_line(GAME.example)))
    finally:
        if transcript is not None:
            transcript.close()


def _tell(problem: str) -> None:
    print(f"! {problem}", file=sys.stderr)


def _resume(args: argparse.Namespace) -> int:
    """``resume [--plain]``: the newest saved Kings Reverse game, where it was left."""
    saved = [info for info in list_saves(GAME_NAME) if info.problem is None]
    if not saved:
        print(f"No saved Kings Reverse game to resume ({PROG} play starts one).")
        return 1
    try:
        restored = load_save(saved[0].path, game=GAME_NAME, on_error=_tell)
    except SaveError as exc:
        print(f"Cannot resume: {exc}")
        return 1

    def line_mode() -> int:
        print(f"Resumed {saved[0].title}.")
        return ReverseLines(restored.service, writer(sys.stdout)).run(read_line(GAME.example))

    return play_saved(restored.service, args, lambda report: resume_saving(restored, report), line_mode)


def _simulate(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    writers: list[TranscriptFile] = []
    directory: Path | None = args.transcript_dir
    if directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            args.parser.error(f"cannot write transcripts to {visible(str(directory))}: "
                              f"{exc.strerror or exc}")

    def listener_for(session: int, session_seed: int) -> Callable[[ReverseEvent], None] | None:
        if directory is None:
            return None
        if writers:
            writers[-1].close()
        path = directory / f"session-{session:05d}-{session_seed}.jsonl"
        try:
            writers.append(TranscriptFile(path))
        except OSError as exc:
            print(f"! The transcript cannot be written to {visible(str(path))} "
                  f"({exc.strerror or exc}); this session goes on without one.", file=sys.stderr)
            return None
        return writers[-1]

    try:
        summary = simulate(args.players, rules, args.rounds, args.seed, args.think, listener_for)
    finally:
        for writer in writers:
            writer.close()
    if args.json:
        print(json.dumps(summary))
        return 0
    _print_summary(summary, args.preset)
    return 0


def _print_summary(summary: dict[str, Any], preset: str) -> None:
    rounds = summary["rounds"]
    print(f"Kings Reverse: {rounds} rounds in {summary['sessions']} sessions, preset {preset}, "
          f"seed {summary['seed']}")
    labels = [f"{SEAT_NAMES[i]} ({spec})" for i, spec in enumerate(summary["players"])]
    width = max(12, *(len(label) + 1 for label in labels))
    print(f"{'seat':<5}{'player':<{width}}{'round wins':>11}{'share':>8}{'sessions won':>14}")
    for i, label in enumerate(labels):
        w = summary["wins"][i]
        print(f"{i:<5}{label:<{width}}{w:>11}{w / rounds:>8.1%}{summary['session_wins'][i]:>14}")
    print(f"mean turns per round: {summary['mean_turns']:.1f}")
    print(f"blocked rounds: {summary['blocked']} ({summary['blocked'] / rounds:.1%})")
    print(f"speed: {summary['rounds_per_second']:.0f} rounds per second")
    for fault in summary["faults"]:
        print(f"! {fault}")


def _tournament(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    result = run_tournament(args.players, rules, args.rounds, seed=args.seed,
                            duplicate=args.duplicate, jobs=args.jobs, think=args.think)
    if args.json:
        print(json.dumps(result.as_dict()))
        return 0
    kind = "duplicate deals" if result.duplicate else "deals, seats rotating"
    print(f"Kings Reverse: {result.rounds} rounds ({result.deals} {kind}), preset {args.preset}, "
          f"seed {args.seed}, {result.seconds:.1f} s")
    width = max(10, *(len(e.player) + 2 for e in result.entrants))
    print(f"{'player':<{width}}{'win rate':>9}{'95% interval':>17}{'points/round':>14}"
          f"{'decision ms (median, p99)':>28}")
    for e in result.entrants:
        interval = f"{e.ci95[0]:.1%}-{e.ci95[1]:.1%}"
        ms = f"{e.decision_ms['median']:.2f}, {e.decision_ms['p99']:.2f}"
        print(f"{e.player:<{width}}{e.win_rate:>9.1%}{interval:>17}{e.mean_points:>14.2f}{ms:>28}")
    if result.blocked:
        print(f"blocked rounds: {result.blocked}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    print(describe_rules(_rules_from(args, args.players), args.preset))
    return 0
