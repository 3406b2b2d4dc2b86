"""The AI's own commands: ``simulate`` (whole sessions played headless, back to back) and
``tournament`` (strength measured over many single rounds, :mod:`.tournament`).  Pure Python,
registered by the command line (:mod:`kc_tui.cli`) like its other command families."""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path
from typing import Any, Callable, Sequence

from ....core.i18n import Domain
from ....core.report import (
    OnRound,
    Watch,
    rating_lines,
    simulation_head,
    simulation_lines,
    stopped_line,
)
from ....core.simulation import play_sessions
from ....core.text import decimal, percent, two_numbers, visible
from .. import ENTRY
from ..engine.describe import scoring_name
from ..engine.rules import RuleSet, preset_name
from ..engine.service import GameService
from ..engine.transcript import TranscriptWriter
from .arguments import (
    add_ai_options,
    add_rule_options,
    positive,
    rules_from,
    seat_help,
    seat_list,
    seed_number,
)
from .bots import DEFAULT_TIMEOUT
from .seats import SEAT_NAMES, make_seats
from .tournament import TournamentResult, run_tournament

__all__ = ["add_parser", "simulate"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], watch: Watch) -> None:
    """Add ``simulate`` and ``tournament`` to the command line's commands; ``watch`` runs them
    (the command line's progress bar: the AI itself shows nothing)."""
    sim = sub.add_parser(
        "simulate", help=_("play computer players against each other and print a summary"),
        description=_("Play whole sessions of computer players headless and print a summary."),
    )
    sim.add_argument(
        "--players", type=seat_list, default=["medium", "medium", "easy"], metavar=_("SEATS"),
        help=seat_help() + " " + _("(default medium,medium,easy)"),
    )
    sim.add_argument("--rounds", type=positive, default=1000, metavar="N",
                     help=_("rounds to play (default 1000)"))
    sim.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                     help=_("seed for reproducible deals"))
    add_rule_options(sim)
    sim.add_argument(
        "--transcript-dir", type=Path, default=None, metavar=_("DIR"),
        help=_("write one JSON Lines transcript per session into DIR"),
    )
    sim.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    add_ai_options(sim)
    sim.set_defaults(func=_simulate_command, parser=sim, watch=watch)

    tour = sub.add_parser(
        "tournament", help=_("measure AI strength: win rates with 95%% intervals, points, speed"),
        description=_("Play single rounds between the seats given, rotating seats each deal "
                      "(with --duplicate every deal is played once per seat rotation), and print each "
                      "entrant's round-win rate with a 95% confidence interval, mean penalty points per "
                      "round under the scoring in force, and decision times."),
    )
    tour.add_argument("--players", type=seat_list, required=True, metavar=_("SEATS"), help=seat_help())
    tour.add_argument("--rounds", type=positive, default=2000, metavar="N",
                      help=_("rounds to play (default 2000)"))
    tour.add_argument("--seed", type=seed_number, default=1, metavar=_("SEED"),
                      help=_("seed of the deals (default 1)"))
    tour.add_argument("--duplicate", action="store_true", help=_("replay every deal with the seats rotated"))
    tour.add_argument("--jobs", type=positive, default=1, metavar="N", help=_("worker processes (default 1)"))
    tour.add_argument("--json", action="store_true", help=_("print the result as one JSON object"))
    add_rule_options(tour)
    add_ai_options(tour)
    tour.set_defaults(func=_tournament_command, parser=tour, watch=watch)


def _simulate_command(args: argparse.Namespace) -> int:
    rules = rules_from(args, len(args.players))
    if args.seed is None:  # one chosen now, and said with the result: the run can be repeated
        args.seed = random.SystemRandom().getrandbits(48)
    faults: list[str] = []
    try:
        summary, stop = args.watch(lambda on_round: simulate(
            args.players, rules, args.rounds, args.seed, args.transcript_dir,
            args.think, args.bot_timeout, faults, on_round,
        ), args.rounds, args.json)
    except OSError as exc:
        args.parser.error(_("cannot write transcripts to {folder}: {problem}").format(
            folder=args.transcript_dir, problem=exc.strerror or exc))
    summary["faults"] = faults
    if stop is not None:
        summary["stopped"] = True
    if args.json:
        print(json.dumps(summary))
    else:
        if stop is not None:
            print(stopped_line(stop.done, stop.total))
        if summary["rounds"]:
            _print_summary(summary, preset_name(args.preset))
        for fault in faults:
            print(f"! {fault}")
    return 0 if stop is None else 130


def _tournament_command(args: argparse.Namespace) -> int:
    rules = rules_from(args, len(args.players))
    per_deal = len(args.players) if args.duplicate else 1
    result, stop = args.watch(lambda on_round: run_tournament(
        args.players, rules, args.rounds, seed=args.seed, duplicate=args.duplicate,
        jobs=args.jobs, think=args.think, bot_timeout=args.bot_timeout, on_round=on_round,
    ), math.ceil(args.rounds / per_deal) * per_deal, args.json)
    if args.json:
        print(json.dumps(result.as_dict() | ({"stopped": True} if stop else {})))
    else:
        if stop is not None:
            print(stopped_line(stop.done, stop.total))
        _print_tournament(result, rules, args)
    return 0 if stop is None else 130


def simulate(
    levels: Sequence[str],
    rules: RuleSet,
    rounds: int,
    seed: int | None,
    transcript_dir: Path | None = None,
    think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
    faults: list[str] | None = None,
    on_round: OnRound | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict.  ``faults``
    receives one line per fault of a seat, and one if the transcripts cannot be written;
    ``on_round`` hears of each round, and Ctrl+C raises :class:`RunStopped` carrying the summary
    of the rounds played.

    Session ``k`` is seeded from the base seed, so the whole run is reproducible; the session
    in progress when the round count is reached stops after that round.
    """
    faults = faults if faults is not None else []
    if transcript_dir is not None:
        transcript_dir.mkdir(parents=True, exist_ok=True)  # OSError: reported by the caller

    def play(number: int, session_seed: int, max_rounds: int,
             on_round_end: Callable[[Any], None]) -> tuple[int, Sequence[int]]:
        nonlocal transcript_dir
        seats = make_seats(levels, random.Random(session_seed ^ 0x5EA75), think, bot_timeout)
        service = GameService(rules, seats, seed=session_seed)
        writer = None
        if transcript_dir is not None:
            path = transcript_dir / f"session-{number:05d}-{session_seed}.jsonl"
            try:
                writer = TranscriptWriter(path)
                service.add_listener(writer)
            except OSError as exc:
                transcript_dir = None
                faults.append(_("The transcript cannot be written to {path} ({problem}); the simulation "
                                "goes on without transcripts.").format(path=visible(str(path)),
                                                                       problem=exc.strerror or exc))
        try:
            return (service.play_session(max_rounds=max_rounds, on_round_end=on_round_end),
                    service.session_winners)
        finally:
            service.close()
            if writer:
                writer.close()
                if writer.failed:
                    # Reported once, by the service; the next sessions would only fail again.
                    transcript_dir = None
            faults.extend(service.take_faults())

    # R5: a blocked round's winners (the fewest cards left) each count a win.  The faults are
    # the caller's list, which it puts in the summary itself.
    return play_sessions(levels, rounds, seed, _seat_labels(levels), play,
                         lambda game: (game.round_winners, game.round_reason == "blocked"), on_round,
                         {}, {"rules": rules.as_dict()})


def _seat_labels(levels: Sequence[str]) -> list[str]:
    return [f"{SEAT_NAMES[i]} ({visible(spec)})" for i, spec in enumerate(levels)]


def _print_summary(summary: dict[str, Any], preset: str) -> None:
    print(simulation_head(summary, preset))
    print("\n".join(simulation_lines(summary, _seat_labels(summary["players"]))))


def _print_tournament(result: TournamentResult, rules: RuleSet, args: argparse.Namespace) -> None:
    said = (_("{rounds} rounds ({deals} duplicate deals), preset {preset}, scoring {scoring}, seed {seed}, "
              "{seconds} s") if result.duplicate else
            _("{rounds} rounds ({deals} deals, seats rotating), preset {preset}, scoring {scoring}, "
              "seed {seed}, {seconds} s"))
    print(said.format(rounds=result.rounds, deals=result.deals, preset=preset_name(args.preset),
                      scoring=scoring_name(rules.scoring), seed=args.seed, seconds=decimal(result.seconds)))
    players = [visible(e.player) for e in result.entrants]  # a bot's command, as typed
    # Translators: the columns of the tournament's table (each at most 16 letters long but the last,
    # at most 27).
    player, rate, interval_, points, decision = (
        _("player"), _("win rate"), _("95% interval"), _("points/round"), _("decision ms (median, p99)"))
    width = max(10, len(player) + 1, *(len(p) + 2 for p in players))
    heads = (rate, interval_, points, decision)
    columns = [max(least, len(head) + 1) for least, head in zip((9, 17, 14, 28), heads)]
    print(f"{player:<{width}}" + "".join(f"{head:>{n}}" for head, n in zip(heads, columns)))
    for player, e in zip(players, result.entrants):
        interval = f"{percent(e.ci95[0], 1)}-{percent(e.ci95[1], 1)}"
        ms = two_numbers(decimal(e.decision_ms["median"], 2), decimal(e.decision_ms["p99"], 2))
        print(f"{player:<{width}}{percent(e.win_rate, 1):>{columns[0]}}{interval:>{columns[1]}}"
              f"{decimal(e.mean_points, 2):>{columns[2]}}{ms:>{columns[3]}}")
    if result.blocked:
        print(_("blocked rounds: {n}").format(n=result.blocked))
    ratings, anchor = result.ratings()
    for line in rating_lines(ratings, anchor, ENTRY.rating(anchor) is not None, visible):
        print(line)
    for fault in result.faults:
        print(f"! {fault}")
