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
from ...cli.common import (
    add_look_options,
    add_save_name,
    demo_again,
    full_screen,
    look_arguments,
    play_demo,
    resume_first,
    saves_named,
)
from ...cli.play import line_options, play_saved
from ...cli.progress import run_with_progress
from ...core.arguments import not_players, positive, seed_number, think_seconds
from ...core.events import SessionStart, TurnStart
from ...core.i18n import Domain
from ...core.kinds import HUMAN_PREFIX, NAME_LENGTH, person_name
from ...core.report import rating_lines, simulation_head, simulation_lines, stopped_line
from ...core.text import decimal, percent, two_numbers, visible
from ...line import line_out, read_line
from ...storage import list_saves, load_save, resume_saving, start_saving
from . import ENTRY
from .ai import LEVELS, level_name
from .ai.tournament import SEAT_NAMES, run_tournament, simulate
from .engine.describe import describe_event, describe_rules, new_session
from .engine.events import GAME_NAME, ReverseEvent, encode_event
from .engine.rules import OPTION_NAMES, PRESETS, ReverseRules, RuleError, build_rules, preset_name
from .engine.service import ReverseService
from .line import GAME, VERBOSITIES
from .saves import reverse_seats

__all__ = ["main", "build_parser", "TranscriptFile"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

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
        raise argparse.ArgumentTypeError(
            _("give 2 to 6 players, comma-separated; got {n}").format(n=len(specs)))
    for i, spec in enumerate(specs):
        if people and spec.startswith(HUMAN_PREFIX):
            try:
                specs[i] = HUMAN_PREFIX + person_name(spec[len(HUMAN_PREFIX):], NAME_LENGTH)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
            continue
        if spec in LEVELS or (people and spec == "you"):
            continue
        levels = ", ".join(LEVELS)
        raise argparse.ArgumentTypeError(
            (_("{spec} is not a seat: use {levels}, you or human:NAME") if people
             else _("{spec} is not a seat: use {levels}")).format(spec=repr(visible(spec)[:20]),
                                                                  levels=levels))
    return specs


def _rule(text: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(
            _("write a rule as NAME=VALUE (the names: {names})").format(names=", ".join(OPTION_NAMES)))
    return not_players(name.strip()), value.strip()


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="standard", choices=list(PRESETS),
                   help=_("a named rule set (docs/rules.md, Kings Reverse); default standard"))
    p.add_argument("--rule", action="append", type=_rule, default=[], metavar=_("NAME=VALUE"),
                   help=_("set one option on top of the preset ({names}), e.g. --rule jokers=off "
                          "(repeatable)").format(names=", ".join(OPTION_NAMES)))


def _verbosity_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--verbosity", choices=VERBOSITIES, default="brief",
                   help=_("the line mode: brief (default) says every play but not whose turn it is, "
                          "and at your turn the pile and your hand; full says every event and the whole "
                          "table at your turn"))


def _rules_from(args: argparse.Namespace, players: int) -> ReverseRules:
    try:
        return build_rules(players, args.preset, **dict(args.rule))
    except RuleError as exc:
        args.parser.error(str(exc))
        raise


def build_parser() -> argparse.ArgumentParser:
    """Every Kings Reverse command and option."""
    parser, sub = application_parser(_("Kings Reverse: two decks and jokers, shed your hand "
                                       "(docs/rules.md, Kings Reverse). Without a command it deals a "
                                       "quick game: you against three hard opponents (at the table "
                                       "at a terminal; otherwise in the line mode)."),
                                     _play_default, prog=PROG)
    think = _("the expert's thinking budget per decision (default 1)")

    play = sub.add_parser("play",
                          help=_("play at this terminal (the table, or the line mode with --plain)"),
                          description=_("Play a Kings Reverse session at the full-screen table, or "
                                        "in the line mode (--plain, or without a terminal)."))
    play.add_argument("--players", type=lambda t: _seats(t, people=True),
                      default=["you", "hard", "hard", "hard"], metavar=_("SEATS"),
                      help=_("seats in order: you, human:NAME, or a level ({levels}); "
                             "default you,hard,hard,hard").format(levels=", ".join(LEVELS)))
    play.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                      help=_("seed for a reproducible deal"))
    play.add_argument("--plain", action="store_true",
                      help=_("the line mode instead of the full-screen table"))
    add_look_options(play)
    _verbosity_option(play)
    play.add_argument("--transcript", type=Path, default=None, metavar=_("FILE"),
                      help=_("write the JSON Lines transcript to FILE"))
    play.add_argument("--think", type=think_seconds, default=None, metavar=_("SECONDS"), help=think)
    _rule_options(play)
    play.set_defaults(func=_play, parser=play)

    resume = sub.add_parser("resume", help=_("go straight back to the newest saved Kings Reverse game"),
                            description=_("Continue the newest saved Kings Reverse game at the table "
                                          "(or in the line mode with --plain, or without a terminal)."))
    resume.add_argument("--plain", action="store_true", help=_("in the line mode"))
    add_save_name(resume)
    add_look_options(resume)  # (its --notation among them)
    _verbosity_option(resume)
    resume.set_defaults(func=_resume, parser=resume)

    sim = sub.add_parser("simulate", help=_("computer players against each other, a summary"),
                         description=_("Play whole Kings Reverse sessions headless and print a summary."))
    sim.add_argument("--players", type=_seats, default=["medium", "medium", "easy"],
                     metavar=_("SEATS"), help=_("levels, comma-separated (default medium,medium,easy)"))
    sim.add_argument("--rounds", type=positive, default=200, metavar="N",
                     help=_("rounds to play (default 200)"))
    sim.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                     help=_("seed for reproducible deals"))
    sim.add_argument("--transcript-dir", type=Path, default=None, metavar=_("DIR"),
                     help=_("write one JSON Lines transcript per session into DIR"))
    sim.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    sim.add_argument("--think", type=think_seconds, default=None, metavar=_("SECONDS"), help=think)
    _rule_options(sim)
    sim.set_defaults(func=_simulate, parser=sim)

    # (argparse formats a help with %, where a percent sign is written %%, not a description.)
    tour = sub.add_parser("tournament", help=_("AI strength: win rates with 95%% intervals"),
                          description=_("Play single Kings Reverse rounds between the levels given "
                                        "(with --duplicate every deal once per seat rotation) and print each "
                                        "level's round-win rate with a 95% interval, points and decision "
                                        "times."))
    tour.add_argument("--players", type=_seats, required=True, metavar=_("SEATS"),
                      help=_("levels, comma-separated ({levels})").format(levels=", ".join(LEVELS)))
    tour.add_argument("--rounds", type=positive, default=400, metavar="N",
                      help=_("rounds to play (default 400)"))
    tour.add_argument("--seed", type=seed_number, default=1, metavar=_("SEED"),
                      help=_("seed of the deals (default 1)"))
    tour.add_argument("--duplicate", action="store_true", help=_("replay every deal with the seats rotated"))
    tour.add_argument("--jobs", type=positive, default=1, metavar="N", help=_("worker processes (default 1)"))
    tour.add_argument("--json", action="store_true", help=_("print the result as one JSON object"))
    tour.add_argument("--think", type=think_seconds, default=None, metavar=_("SECONDS"), help=think)
    _rule_options(tour)
    tour.set_defaults(func=_tournament, parser=tour)

    demo = sub.add_parser("demo", help=_("watch one round between computer players, in sentences"),
                          description=_("Watch one round of Kings Reverse between computer players, told in "
                                        "sentences as the line mode tells them (four medium players by "
                                        "default)."))
    demo.add_argument("--players", type=_seats, default=["medium"] * 4, metavar=_("SEATS"),
                      help=_("levels, comma-separated ({levels}); default medium,medium,medium,medium")
                      .format(levels=", ".join(LEVELS)))
    demo.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                      help=_("seed for a reproducible deal"))
    _rule_options(demo)
    demo.set_defaults(func=_demo, parser=demo)

    records.add_saves_parser(sub, GAME_NAME)
    records.add_replay_parser(sub)
    records.add_stats_parser(sub, GAME_NAME)

    rules = sub.add_parser("rules", help=_("the rules in force in plain words"),
                           description=_("Print every Kings Reverse rule in force in plain words: a "
                                         "preset's, with the options --rule changes (docs/rules.md)."))
    rules.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="N",
                       help=_("number of players, 2 to 6 (default 4)"))
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
        return _play(build_parser().parse_args(["play", *look_arguments(args)]))
    print(_("No terminal for the full-screen game here: playing in the line mode "
            "({prog} play --plain; {prog} --help lists every command).").format(prog=PROG))
    return _play(build_parser().parse_args(["play", "--plain", *look_arguments(args)]))


def _play(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(48)
    seats = reverse_seats(args.players, random.Random(seed), think=args.think)
    service = ReverseService(rules, seats, seed=seed)
    transcript: TranscriptFile | None = None
    if args.transcript is not None:
        try:
            transcript = TranscriptFile(args.transcript)
        except OSError as exc:
            args.parser.error(_("cannot write the transcript {path}: {problem}").format(
                path=visible(str(args.transcript)), problem=exc.strerror or exc))
            raise
        service.add_listener(transcript)
    try:
        return play_saved(service, args,
                          lambda report: start_saving(service, args.players, report, GAME_NAME),
                          lambda: GAME.play(service, read_line(GAME.example), line_out(),
                                            line_options(args)))
    finally:
        if transcript is not None:
            transcript.close()


def _tell(problem: str) -> None:
    print(f"! {problem}", file=sys.stderr)


def _resume(args: argparse.Namespace) -> int:
    """``resume [--plain]``: the newest saved Kings Reverse game, where it was left."""
    saved = list_saves(GAME_NAME)
    if not saved:
        print(_("No saved Kings Reverse game to resume ({prog} play starts one).").format(prog=PROG))
        return 1
    saved = saves_named(saved, args.name, PROG)
    if not saved:
        return 1
    found = resume_first(saved, PROG, lambda path: load_save(path, game=GAME_NAME, on_error=_tell))
    if found is None:
        return 1
    _info, restored = found

    def line_mode() -> int:
        # The line mode says the round and the totals itself (ReverseLines.recall); the save's
        # title (its date, turn count and seed) is no longer read out before them.
        return GAME.play(restored.service, read_line(GAME.example), line_out(), line_options(args),
                         past=restored.past)

    return play_saved(restored.service, args, lambda report: resume_saving(restored, report), line_mode)


def _simulate(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    if args.seed is None:  # one chosen now, and said with the result: the run can be repeated
        args.seed = random.SystemRandom().getrandbits(48)
    writers: list[TranscriptFile] = []
    directory: Path | None = args.transcript_dir
    if directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            args.parser.error(_("cannot write transcripts to {path}: {problem}").format(
                path=visible(str(directory)), problem=exc.strerror or exc))

    def listener_for(session: int, session_seed: int) -> Callable[[ReverseEvent], None] | None:
        if directory is None:
            return None
        if writers:
            writers[-1].close()
        path = directory / f"session-{session:05d}-{session_seed}.jsonl"
        try:
            writers.append(TranscriptFile(path))
        except OSError as exc:
            print("! " + _("The transcript cannot be written to {path} ({problem}); this session goes on "
                           "without one.").format(path=visible(str(path)), problem=exc.strerror or exc),
                  file=sys.stderr)
            return None
        return writers[-1]

    try:
        summary, stop = run_with_progress(
            lambda on_round: simulate(args.players, rules, args.rounds, args.seed, args.think, listener_for,
                                      on_round), args.rounds, args.json)
    finally:
        for writer in writers:
            writer.close()
    status = 0 if stop is None else 130
    if args.json:
        print(json.dumps(summary | ({"stopped": True} if stop else {})))
        return status
    if stop is not None:
        print(stopped_line(stop.done, stop.total))
    if summary["rounds"]:
        _print_summary(summary, preset_name(args.preset))
    return status


def _demo(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    seats = reverse_seats(args.players, random.Random(seed))
    names = [seat.name for seat in seats]

    def say(event: ReverseEvent) -> None:
        if isinstance(event, TurnStart):
            return  # (each play names its player, as the line mode's brief says them)
        text = (new_session(event.players, level_name) if isinstance(event, SessionStart)
                else describe_event(event, names, words=True))
        if text:
            print(text)

    return play_demo(ReverseService(rules, seats, seed=seed, listeners=[say]), seed, demo_again(PROG, args))


def _print_summary(summary: dict[str, Any], preset: str) -> None:
    print(_("Kings Reverse: {summary}").format(summary=simulation_head(summary, preset)))
    labels = [f"{SEAT_NAMES[i]} ({spec})" for i, spec in enumerate(summary["players"])]
    print("\n".join(simulation_lines(summary, labels)))
    for fault in summary["faults"]:
        print(f"! {fault}")


def _tournament(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    per_deal = len(args.players) if args.duplicate else 1
    result, stop = run_with_progress(
        lambda on_round: run_tournament(args.players, rules, args.rounds, seed=args.seed,
                                        duplicate=args.duplicate, jobs=args.jobs, think=args.think,
                                        on_round=on_round),
        -(-args.rounds // per_deal) * per_deal, args.json)
    status = 0 if stop is None else 130
    if args.json:
        print(json.dumps(result.as_dict() | ({"stopped": True} if stop else {})))
        return status
    if stop is not None:
        print(stopped_line(stop.done, stop.total))
    head = (_("Kings Reverse: {rounds} rounds ({deals} duplicate deals), preset {preset}, seed {seed}, "
              "{seconds} s") if result.duplicate else
            _("Kings Reverse: {rounds} rounds ({deals} deals, seats rotating), preset {preset}, seed {seed}, "
              "{seconds} s"))
    print(head.format(rounds=result.rounds, deals=result.deals, preset=preset_name(args.preset),
                      seed=args.seed, seconds=decimal(result.seconds)))
    # Translators: the columns of the tournament's table.
    heads = [_("player"), _("win rate"), _("95% interval"), _("points/round"), _("decision ms (median, p99)")]
    widths = [max(w, len(h) + 1) for w, h in zip((10, 9, 17, 14, 28), heads)]
    widths[0] = max([widths[0], *(len(e.player) + 2 for e in result.entrants)])
    player, rate, ci, points, times = widths
    print(f"{heads[0]:<{player}}{heads[1]:>{rate}}{heads[2]:>{ci}}{heads[3]:>{points}}{heads[4]:>{times}}")
    for e in result.entrants:
        interval = f"{percent(e.ci95[0], 1)}-{percent(e.ci95[1], 1)}"
        ms = two_numbers(decimal(e.decision_ms["median"], 2), decimal(e.decision_ms["p99"], 2))
        print(f"{e.player:<{player}}{percent(e.win_rate, 1):>{rate}}{interval:>{ci}}"
              f"{decimal(e.mean_points, 2):>{points}}{ms:>{times}}")
    if result.blocked:
        print(_("blocked rounds: {n}").format(n=result.blocked))
    ratings, anchor = result.ratings()
    for line in rating_lines(ratings, anchor, ENTRY.rating(anchor) is not None):
        print(line)
    return status


def _rules(args: argparse.Namespace) -> int:
    print(describe_rules(_rules_from(args, args.players), args.preset, width=78))
    return 0
