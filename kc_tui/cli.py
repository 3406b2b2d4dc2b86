"""The ``kings-corner`` command line."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import threading
import time
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .ai import BENCHMARK_LEVELS, LEVELS
from .ai.bots import DEFAULT_TIMEOUT
from .ai.seats import SEAT_NAMES, check_spec, make_seats
from .ai.tournament import TournamentResult, run_tournament
from .engine.describe import Narrator, describe_rules
from .engine.rules import PRESET_NOTES, PRESETS, RuleError, RuleSet, build_rules, parse_rule_assignment
from .engine.service import GameService, daily_seed, new_seed
from .engine.text import is_valid_text, visible
from .engine.transcript import TranscriptWriter
from .plain import PlainGame
from .storage import (
    SaveError, delete_save, is_open_elsewhere, list_saves, load_save, resume_saving, saves_dir, start_saving, transcripts_dir,
)
from .replay import ReplayError, load_replay, replay_text
from .storage import player_stats, read_results, report_text, select
from .storage import THEMES, Settings, load_settings, save_settings

__all__ = ["main", "build_parser", "Stopped", "STOPPING_SIGNALS"]

STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end the program the way leaving the game does (SIGHUP: the terminal or the SSH
connection closed)."""


class Stopped(Exception):
    """One of :data:`STOPPING_SIGNALS` arrived; raised in the main thread so that every clean-up
    on the way out runs (bots ended, the save released), as when the player leaves."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(self.name)

    @property
    def status(self) -> int:
        """The exit status, as a shell reports a program ended by that signal."""
        return 128 + self.signum


@contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise :class:`Stopped`, once: a second signal
    is ignored so that it cannot cut short the clean-up the first one started."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread; the caller keeps its own
        return

    def stop(signum: int, frame: object) -> None:
        for each in STOPPING_SIGNALS:
            # A Python handler that does nothing, not SIG_IGN: a signal that arrived together
            # with this one is then let pass, not turned into an error by Python.
            signal.signal(each, _let_pass)
        raise Stopped(signum)

    previous = {each: signal.signal(each, stop) for each in STOPPING_SIGNALS}
    try:
        yield
    finally:
        for each, handler in previous.items():
            signal.signal(each, handler)


def _let_pass(signum: int, frame: object) -> None:
    """A stopping signal after the first: the clean-up the first one started goes on."""


def _tell(text: str) -> None:
    """Say why the program stops, on stderr, if anyone can still read it (after SIGHUP the
    terminal may be gone)."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _seat_list(text: str, benchmark: bool = True, humans: bool = False) -> list[str]:
    specs = []
    for part in (t for t in text.split(",") if t.strip()):
        try:
            specs.append(check_spec(part, benchmark=benchmark, humans=humans))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    if not 2 <= len(specs) <= 6:
        raise argparse.ArgumentTypeError(f"give 2 to 6 players, comma-separated; got {len(specs)}")
    return specs


def _think(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 60 seconds, got {value:g}")
    return value


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


def _add_ai_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--think", type=_think, default=None, metavar="SECONDS",
        help="the expert's thinking budget per decision (default 1)",
    )
    p.add_argument(
        "--bot-timeout", type=_think, default=DEFAULT_TIMEOUT, metavar="SECONDS",
        help=f"how long a bot may take to answer (default {DEFAULT_TIMEOUT:g})",
    )


def _add_look_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ascii", action="store_true",
                   help="no box drawing and no suit glyphs: cards as 7H, TS, KC")
    p.add_argument("--theme", choices=list(THEMES), default=None,
                   help="colour theme: " + "; ".join(f"{k}: {v}" for k, v in THEMES.items()))
    p.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
                   help="seconds each move of a computer turn stays on screen, 0 to 5 (default 0.4)")


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(f"expected 0 to 5 seconds, got {value:g}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kings-corner",
        description="Kings in the Corner for the terminal. Without a command it opens the "
        "title screen (at a terminal; otherwise it plays in the line mode).",
    )
    _add_look_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser(
        "simulate", help="play computer players against each other and print a summary",
        description="Play whole sessions of computer players headless and print a summary.",
    )
    seat_help = (
        f"comma-separated seats, 2 to 6, each an AI level ({', '.join(BENCHMARK_LEVELS)}) "
        "or bot:COMMAND"
    )
    sim.add_argument(
        "--players", type=_seat_list, default=["medium", "medium", "easy"], metavar="SEATS",
        help=seat_help + " (default medium,medium,easy)",
    )
    sim.add_argument("--rounds", type=_positive, default=1000, help="rounds to play (default 1000)")
    sim.add_argument("--seed", type=_seed, default=None, help="seed for reproducible deals")
    _add_rule_options(sim)
    sim.add_argument(
        "--transcript-dir", type=Path, default=None, metavar="DIR",
        help="write one JSON Lines transcript per session into DIR",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    _add_ai_options(sim)
    sim.set_defaults(parser=sim)

    tour = sub.add_parser(
        "tournament", help="measure AI strength: win rates with 95%% intervals, points, speed",
        description="Play single rounds between the seats given, rotating seats each deal "
        "(with --duplicate every deal is played once per seat rotation), and print each "
        "entrant's round-win rate with a 95%% confidence interval, mean penalty points per "
        "round under the scoring in force, and decision times.",
    )
    tour.add_argument("--players", type=_seat_list, required=True, metavar="SEATS", help=seat_help)
    tour.add_argument("--rounds", type=_positive, default=2000, help="rounds to play (default 2000)")
    tour.add_argument("--seed", type=_seed, default=1, help="seed of the deals (default 1)")
    tour.add_argument("--duplicate", action="store_true", help="replay every deal with the seats rotated")
    tour.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    tour.add_argument("--json", action="store_true", help="print the result as one JSON object")
    _add_rule_options(tour)
    _add_ai_options(tour)
    tour.set_defaults(parser=tour)

    rules = sub.add_parser("rules", help="print the rules in force in plain words")
    _add_rule_options(rules)
    rules.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), metavar="N",
        help="number of players, 2 to 6 (default 4)",
    )
    rules.set_defaults(parser=rules)

    play = sub.add_parser(
        "play", help="play at this terminal (the table, or the line mode with --plain)",
        description="Play a session at this terminal: at the full-screen table (an early "
        "version), or in the line mode (--plain): the table as short text, every event as a "
        "sentence, and moves typed as commands such as 7H N, E N, end, undo, hint, help, quit.",
    )
    play.add_argument(
        "--players", type=lambda t: _seat_list(t, benchmark=False, humans=True),
        default=["you", "hard", "hard", "hard"], metavar="SEATS",
        help="comma-separated seats in order: you, human:NAME (hot-seat), an AI level "
        f"({', '.join(LEVELS)}) or bot:COMMAND (default you,hard,hard,hard)",
    )
    play.add_argument("--seed", type=_seed, default=None, help="seed for a reproducible deal")
    play.add_argument("--daily", action="store_true",
                      help="today's deal: a seed from the date, the same for everyone today")
    _add_rule_options(play)
    play.add_argument("--transcript", type=Path, default=None, metavar="FILE",
                      help="write the game's JSON Lines transcript to FILE")
    play.add_argument("--plain", action="store_true",
                      help="the line mode (also used when input or output is not a terminal, or TERM=dumb)")
    _add_look_options(play)
    _add_ai_options(play)
    play.set_defaults(parser=play)

    resume = sub.add_parser(
        "resume", help="go straight back to the most recent saved game",
        description="Resume the most recent saved game (games save themselves after every turn).",
    )
    resume.add_argument("--plain", action="store_true", help="in the line mode")
    _add_look_options(resume)
    _add_ai_options(resume)
    resume.set_defaults(parser=resume)

    saves = sub.add_parser("saves", help="list the saved games, or delete one",
                           description="List the saved games, newest first, or delete one.")
    saves.add_argument("--delete", metavar="NAME", default=None, help="delete the saved game NAME (as listed)")
    saves.set_defaults(parser=saves)

    rep = sub.add_parser("replay", help="replay a transcript move by move, every hand face up",
                         description="Replay a transcript (a finished session in the data folder, or "
                         "one written with --transcript): step forward and back move by move, jump by "
                         "turn or round. With --plain it prints the game as sentences.")
    rep.add_argument("file", type=Path, metavar="FILE")
    rep.add_argument("--plain", action="store_true", help="print it as sentences")
    _add_look_options(rep)
    rep.set_defaults(parser=rep)

    stats = sub.add_parser("stats", help="statistics per player from the finished sessions",
                           description="Statistics per player name, from the finished sessions kept "
                           "in the data folder.")
    stats.add_argument("--player", default=None, metavar="NAME", help="only this player")
    stats.add_argument("--json", action="store_true", help="print them as one JSON object")
    stats.set_defaults(parser=stats)

    demo = sub.add_parser("demo", help="watch one round between computer players, in sentences")
    demo.add_argument(
        "--players", type=_seat_list, default=["medium"] * 4, metavar="SEATS", help=seat_help
    )
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


def simulate(
    levels: Sequence[str],
    rules: RuleSet,
    rounds: int,
    seed: int | None,
    transcript_dir: Path | None = None,
    think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
    faults: list[str] | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict.  ``faults``
    receives one line per fault of a seat, and one if the transcripts cannot be written.

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
        transcript_dir.mkdir(parents=True, exist_ok=True)  # OSError: reported by the caller

    def on_round_end(game: Any) -> None:
        nonlocal blocked, turns
        for w in game.round_winners:
            wins[w] += 1
        if game.round_reason == "blocked":
            blocked += 1
        turns += game.turns

    faults = faults if faults is not None else []
    start = time.perf_counter()
    while played < rounds:
        session_seed = base.getrandbits(48)
        seats = make_seats(levels, random.Random(session_seed ^ 0x5EA75), think, bot_timeout)
        service = GameService(rules, seats, seed=session_seed)
        writer = None
        if transcript_dir is not None:
            path = transcript_dir / f"session-{sessions + 1:05d}-{session_seed}.jsonl"
            try:
                writer = TranscriptWriter(path)
                service.add_listener(writer)
            except OSError as exc:
                transcript_dir = None
                faults.append(f"The transcript cannot be written to {visible(str(path))} "
                              f"({exc.strerror or exc}); the simulation goes on without transcripts.")
        try:
            played += service.play_session(max_rounds=rounds - played, on_round_end=on_round_end)
        finally:
            service.close()
            if writer:
                writer.close()
                if writer.failed:
                    # Reported once, by the service; the next sessions would only fail again.
                    transcript_dir = None
            faults.extend(service.take_faults())
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
    labels = [f"{SEAT_NAMES[i]} ({visible(spec)})" for i, spec in enumerate(summary["players"])]
    width = max(12, *(len(label) + 1 for label in labels))
    print(f"{'seat':<5}{'player':<{width}}{'round wins':>11}{'share':>8}{'sessions won':>14}")
    for i, label in enumerate(labels):
        w = summary["wins"][i]
        print(
            f"{i:<5}{label:<{width}}{w:>11}{w / rounds:>8.1%}{summary['session_wins'][i]:>14}"
        )
    print(f"mean turns per round: {summary['mean_turns']:.1f}")
    print(f"blocked rounds: {summary['blocked']} ({summary['blocked'] / rounds:.1%})")
    print(f"speed: {summary['rounds_per_second']:.0f} rounds per second")


def _print_tournament(result: TournamentResult, rules: RuleSet, args: argparse.Namespace) -> None:
    kind = "duplicate deals" if result.duplicate else "deals, seats rotating"
    print(
        f"{result.rounds} rounds ({result.deals} {kind}), preset {args.preset}, "
        f"scoring {rules.scoring}, seed {args.seed}, {result.seconds:.1f} s"
    )
    players = [visible(e.player) for e in result.entrants]  # a bot's command, as typed
    width = max(10, *(len(p) + 2 for p in players))
    print(
        f"{'player':<{width}}{'win rate':>9}{'95% interval':>17}{'points/round':>14}"
        f"{'decision ms (median, p99)':>28}"
    )
    for player, e in zip(players, result.entrants):
        interval = f"{e.ci95[0]:.1%}-{e.ci95[1]:.1%}"
        ms = f"{e.decision_ms['median']:.2f}, {e.decision_ms['p99']:.2f}"
        print(f"{player:<{width}}{e.win_rate:>9.1%}{interval:>17}{e.mean_points:>14.2f}{ms:>28}")
    if result.blocked:
        print(f"blocked rounds: {result.blocked}")
    for fault in result.faults:
        print(f"! {fault}")


def _play(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    if args.daily and args.seed is not None:
        args.parser.error("give --seed or --daily, not both")
    seed = daily_seed(date.today()) if args.daily else args.seed if args.seed is not None else new_seed()
    seats = make_seats(args.players, random.Random(seed), args.think, args.bot_timeout)
    service = GameService(rules, seats, seed=seed)
    writer = None
    if args.transcript is not None:
        try:
            writer = TranscriptWriter(args.transcript)
        except OSError as exc:
            args.parser.error(f"cannot write the transcript to {args.transcript}: {exc.strerror}")
        service.add_listener(writer)
    if args.daily:
        print(f"Today's deal: seed {seed} (everyone who plays --daily today with the same players "
              "and rules gets the same cards).")
    return _run(service, args, lambda report: start_saving(service, args.players, report), writer)


def _run(service: GameService, args: argparse.Namespace, saving: Callable[[Callable[[str], None]], Any],
         writer: TranscriptWriter | None = None) -> int:
    """Play ``service`` at the table or in the line mode, saving as it goes; always clean up."""
    app = None

    def report(message: str) -> None:
        if app is not None:
            app.report_save_error(message)
        else:
            print(f"! {message}")

    saver = saving(report)
    try:
        if not args.plain and _full_screen():
            app = _app(service, args)
            app.savers[id(service)] = saver
            app.run()
            return _app_status(app)
        return PlainGame(service, _read_line(), sys.stdout).run()
    except KeyboardInterrupt:
        print("\nInterrupted; the game stops here (it was saved after the last turn).")
        return 130
    except Stopped as stop:
        _tell(f"\nStopped by {stop.name}; the game stops here (it was saved after the last turn).")
        return stop.status
    finally:
        service.close()
        saver.release()
        if writer:
            writer.close()


def _resume(args: argparse.Namespace) -> int:
    """``kings-corner resume``: straight back to the most recent saved session."""
    saves = list_saves()
    if not saves:
        print(f"No saved game to resume (saves are kept in {saves_dir()}).")
        return 1
    restored = None
    for info in saves:  # newest first: the most recent save that can be resumed
        try:
            restored = load_save(info.path, think=args.think)
        except SaveError as exc:
            name = visible(exc.path.name)
            hint = "" if is_open_elsewhere(exc) else f"; `kings-corner saves --delete {name}` deletes it"
            print(f"The saved game {name} cannot be resumed: {visible(exc.problem)}.\n"
                  f"  The file is {visible(str(exc.path))}{hint}.")
            continue
        print(f"Resuming {visible(info.title)}.")
        if restored.cut_short:
            print("  Its last save was cut short (the program stopped while saving); "
                  "the game goes on from the turn before.")
        break
    if restored is None:
        print("No saved game can be resumed.")
        return 1
    return _run(restored.service, args, lambda report: resume_saving(restored, report))


def _saves(args: argparse.Namespace) -> int:
    """``kings-corner saves [--delete NAME]``: list the saved sessions, or delete one."""
    if args.delete is not None:
        path = saves_dir() / args.delete
        # Anything the listing shows can be deleted: a pipe or a link named like a save too.
        if path.parent != saves_dir() or path.suffix != ".json" or not os.path.lexists(path):
            print(f"No saved game called {args.delete!r} in {saves_dir()}.")
            return 1
        try:
            delete_save(path)
        except SaveError as exc:
            print(f"Not deleted: {visible(exc.problem)}.")
            return 1
        print(f"Deleted {visible(str(path))}.")
        return 0
    saves = list_saves()
    if not saves:
        print(f"No saved games (they are kept in {saves_dir()}).")
        return 0
    print(f"Saved games in {saves_dir()}, newest first:")
    for info in saves:
        mark = "!" if info.problem else " "
        print(f"{mark} {visible(info.path.name)}\n    {visible(info.title)}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    path = args.file
    if not path.exists() and (transcripts_dir() / path).exists():
        path = transcripts_dir() / path  # a name as `kings-corner stats` or the folder lists it
    try:
        replay = load_replay(path)
    except ReplayError as exc:
        print(f"Cannot replay {visible(str(exc))}")
        return 1
    if args.plain or not _full_screen():
        for sentence in replay_text(replay):
            print(sentence)
        return 0
    from .tui.app import KingsCornerApp

    settings, warning = _settings(args)
    KingsCornerApp(settings=settings, replay=replay, replay_name=visible(path.name), notice=warning).run()
    return 0


def _stats(args: argparse.Namespace) -> int:
    results, problems = read_results()
    table = player_stats(results)
    if args.player is not None:
        table = select(table, args.player)
    if args.json:
        print(json.dumps({"sessions": len(results), "players": [s.as_dict() for s in table.values()],
                          "unreadable": problems}))
        return 0
    print(report_text(args.player))
    return 0


def _full_screen() -> bool:
    """Can the full-screen interface run here?  Not when input or output is not a terminal,
    nor on TERM=dumb."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def _settings(args: argparse.Namespace) -> tuple[Settings, str | None]:
    """The saved settings with what the command line sets on top (for this run only), and a
    warning if the settings file could not be used."""
    settings, warning = load_settings()
    changes: dict[str, Any] = {}
    if args.ascii:
        changes["ascii"] = True
    if args.theme is not None:
        changes["theme"] = args.theme
    if args.pace is not None:
        changes["pace"] = args.pace
    return settings.with_(**changes), warning


def _app(service: GameService | None, args: argparse.Namespace) -> Any:
    """The Textual app with the saved settings; settings changed in it are saved again, but
    what the command line set (--ascii, --theme, --pace) is for this run only."""
    from .tui.app import KingsCornerApp

    saved, _ = load_settings()
    settings, warning = _settings(args)
    overridden = {k for k, v in (("ascii", args.ascii or None), ("theme", args.theme), ("pace", args.pace))
                  if v is not None}

    def persist(new: Settings) -> str | None:
        keep = {k: getattr(saved, k) for k in overridden if getattr(new, k) == getattr(settings, k)}
        return save_settings(new.with_(**keep))

    return KingsCornerApp(service, settings=settings, on_settings=persist, notice=warning)


def _title(args: argparse.Namespace) -> int:
    """``kings-corner`` with no command: the title screen, or the line mode without a terminal."""
    if not _full_screen():
        print("No terminal for the full-screen game here: playing in the line mode "
              "(kings-corner play --plain; kings-corner --help lists every command).")
        play_args = build_parser().parse_args(["play", "--plain"])
        return _play(play_args)
    app = _app(None, args)
    app.run()
    return _app_status(app)


def _app_status(app: Any) -> int:
    """The exit status of a finished app, saying so if a signal ended it (as leaving does)."""
    if app.stopped_by is not None:
        _tell(f"Stopped by {signal.Signals(app.stopped_by).name}; the game stops here "
              "(it was saved after the last turn).")
    return app.return_code or 0


def _read_line() -> Callable[[str], str | None]:
    """The line mode's input: a line, or None when input ends; with line editing at a terminal."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  - arrow keys, line editing and history for input()
        except ImportError:
            pass

    # Bytes that are not UTF-8 are kept (as lone surrogates) rather than ending the game with
    # an error, and refused below like any other line that is not a command.
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")

    def read(prompt: str) -> str | None:
        while True:
            try:
                line = input(prompt)
            except EOFError:
                print()
                return None
            if is_valid_text(line):
                return line
            print("That line is not valid text (UTF-8); type a command such as 7h n, end or help.")

    return read


def _demo(args: argparse.Namespace) -> int:
    rules = _rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    seats = make_seats(args.players, random.Random(seed))
    narrator = Narrator()

    def say(event: Any) -> None:
        text = narrator.sentence(event)
        if text:
            print(text)

    service = GameService(rules, seats, seed=seed, listeners=[say])
    try:
        service.play_session(max_rounds=1)
    finally:
        service.close()
    for fault in service.take_faults():
        print(f"! {fault}")
    print(f"(seed {seed}: run `kings-corner demo --seed {seed}` to watch this round again)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    # A name or card glyph the output's encoding lacks (PYTHONIOENCODING=ascii) is written as
    # "?" instead of ending the program.
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    try:
        with _stopped_by_signals():
            return _main(argv)
    except Stopped as stop:
        _tell(f"Stopped by {stop.name}.")
        return stop.status


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return _title(args)
        if args.command == "simulate":
            rules = _rules_from(args, len(args.players))
            faults: list[str] = []
            try:
                summary = simulate(
                    args.players, rules, args.rounds, args.seed, args.transcript_dir,
                    args.think, args.bot_timeout, faults,
                )
            except OSError as exc:
                args.parser.error(
                    f"cannot write transcripts to {args.transcript_dir}: {exc.strerror or exc}"
                )
            summary["faults"] = faults
            if args.json:
                print(json.dumps(summary))
            else:
                _print_summary(summary, args.preset)
                for fault in faults:
                    print(f"! {fault}")
            return 0
        if args.command == "tournament":
            rules = _rules_from(args, len(args.players))
            result = run_tournament(
                args.players, rules, args.rounds, seed=args.seed, duplicate=args.duplicate,
                jobs=args.jobs, think=args.think, bot_timeout=args.bot_timeout,
            )
            if args.json:
                print(json.dumps(result.as_dict()))
            else:
                _print_tournament(result, rules, args)
            return 0
        if args.command == "rules":
            rules = _rules_from(args, args.players)
            print(describe_rules(rules, args.preset))
            return 0
        if args.command == "demo":
            return _demo(args)
        if args.command == "play":
            return _play(args)
        if args.command == "resume":
            return _resume(args)
        if args.command == "saves":
            return _saves(args)
        if args.command == "stats":
            return _stats(args)
        if args.command == "replay":
            return _replay(args)
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
