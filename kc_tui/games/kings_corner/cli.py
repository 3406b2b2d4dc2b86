"""``kings-corner [--game kings-corner] COMMAND``: Kings in the Corner's own command line, which
the application's (:mod:`kc_tui.cli`) hands over to through the game registry
(:mod:`kc_tui.games`).  Its commands: ``play`` (a new session), ``resume`` (the most recent
save) and, with no command, the title screen, at the full-screen table or in the line mode
without a terminal; ``rules``, ``demo``, and the AI's ``simulate`` and ``tournament``
(:mod:`.ai.commands`); then the application's shared commands (saves, replay, stats, serve,
web)."""

from __future__ import annotations

import argparse
import random
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from ...cli import add_shared_commands, application_parser, run_commands
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
from ...cli.play import app_status, line_options, make_app, play_saved
from ...cli.progress import run_with_progress
from ...core.i18n import Domain
from ...core.kinds import SeatKind
from ...core.text import visible
from ...line import line_out, read_line
from ...storage import (
    list_saves,
    load_save,
    resume_saving,
    saves_dir,
    start_saving,
)
from .ai import LEVELS, level_name
from .ai import commands as ai_commands
from .ai.arguments import (
    add_ai_options,
    add_rule_options,
    rules_from,
    seat_help,
    seat_list,
    seed_number,
)
from .ai.seats import make_seats, spec_kind
from .engine.commands import VERBOSITIES
from .engine.describe import Narrator, describe_rules
from .engine.events import GAME_NAME
from .engine.rules import PRESET_NOTES, PRESETS
from .engine.service import GameService, daily_seed, new_seed
from .engine.transcript import TranscriptWriter
from .line import GAME

__all__ = ["main", "build_parser", "preset_table"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def build_parser() -> argparse.ArgumentParser:
    """Every command and option; a command's ``func`` runs it, its ``parser`` reports usage errors."""
    parser, sub = application_parser(
        _("Kings in the Corner for the terminal. Without a command it opens the title screen (at a "
          "terminal; otherwise it plays in the line mode)."), title)
    ai_commands.add_parser(sub, run_with_progress)
    _add_rules(sub)
    _add_play(sub)
    _add_demo(sub)
    add_shared_commands(sub)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run Kings in the Corner's command line on ``argv``; the exit status."""
    return run_commands(build_parser(), argv)


def _add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``play`` and ``resume``."""
    play = sub.add_parser(
        "play", help=_("play at this terminal (the table, or the line mode with --plain)"),
        description=_("Play a session at this terminal: at the full-screen table, or in the line "
                      "mode (--plain): the table as short text, every event as a sentence, and moves "
                      "typed as commands such as 7H N, E N, end, undo, hint, help, quit."),
    )
    play.add_argument(
        "--players", type=lambda t: seat_list(t, benchmark=False, humans=True),
        default=["you", "hard", "hard", "hard"], metavar=_("SEATS"),
        help=_("comma-separated seats in order: you, human:NAME (hot-seat), an AI level ({levels}) or "
               "bot:COMMAND (default you,hard,hard,hard)").format(levels=", ".join(LEVELS)),
    )
    play.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                      help=_("seed for a reproducible deal"))
    play.add_argument("--daily", action="store_true",
                      help=_("today's deal: a seed from the date, the same for everyone today"))
    add_rule_options(play)
    play.add_argument("--transcript", type=Path, default=None, metavar=_("FILE"),
                      help=_("write the game's JSON Lines transcript to FILE"))
    play.add_argument("--plain", action="store_true",
                      help=_("the line mode (also used when input or output is not a terminal, or "
                             "TERM=dumb)"))
    add_look_options(play)
    _add_line_options(play)
    add_ai_options(play)
    play.set_defaults(func=_play, parser=play)

    resume = sub.add_parser(
        "resume", help=_("go straight back to the most recent saved game"),
        description=_("Resume the most recent saved game (games save themselves after every turn)."),
    )
    resume.add_argument("--plain", action="store_true", help=_("in the line mode"))
    add_save_name(resume)
    add_look_options(resume)
    _add_line_options(resume)
    add_ai_options(resume)
    resume.set_defaults(func=_resume, parser=resume)


def _add_line_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--verbosity", choices=VERBOSITIES, default="brief",
                        help=_("the line mode: brief (default) tells the other players' turns in one "
                               "sentence each as your turn starts; full says every event as it happens"))
    parser.add_argument("--bell", action="store_true",
                        help=_("ring the terminal bell as each of your turns starts (at the table: "
                               "for this run only, as the Bell setting does)"))


def title(args: argparse.Namespace) -> int:
    """``kings-corner`` with no command: the title screen, or the line mode without a terminal."""
    if not full_screen():
        print(_("No terminal for the full-screen game here: playing in the line mode "
                "(kings-corner play --plain; kings-corner --help lists every command)."))
        waiting = next((info for info in list_saves() if info.problem is None), None)
        if waiting is not None:
            # A blind play test's saved game went unmentioned, and the new game became the
            # newest save, the one resume took.
            print(_("A saved game is waiting ({title}): kings-corner resume --plain {name} continues "
                    "it.").format(title=visible(waiting.title), name=visible(waiting.path.name)))
        play_args = args.parser.parse_args(["play", "--plain", *look_arguments(args)])
        return _play(play_args)
    app = make_app(None, args)
    app.run()
    return app_status(app)


def _people_names(specs: Sequence[str]) -> list[str | None]:
    """In hot-seat, a person without a name is "Player N" (N counting the people), as on the
    new-game screen: two people at one keyboard are never both "You"."""
    people = [i for i, spec in enumerate(specs) if spec_kind(spec)[0] == SeatKind.HUMAN]
    if len(people) < 2:
        return [None] * len(specs)
    return [_("Player {n}").format(n=people.index(i) + 1) if spec == "you" else None
            for i, spec in enumerate(specs)]


def _play(args: argparse.Namespace) -> int:
    rules = rules_from(args, len(args.players))
    if args.daily and args.seed is not None:
        args.parser.error(_("give --seed or --daily, not both"))
    seed = daily_seed(date.today()) if args.daily else args.seed if args.seed is not None else new_seed()
    seats = make_seats(args.players, random.Random(seed), args.think, args.bot_timeout,
                       names=_people_names(args.players))
    service = GameService(rules, seats, seed=seed)
    writer = None
    if args.transcript is not None:
        try:
            writer = TranscriptWriter(args.transcript)
            service.add_listener(writer)
        except OSError as exc:
            args.parser.error(_("cannot write the transcript to {file}: {problem}").format(
                file=args.transcript, problem=exc.strerror))
    if args.daily:
        print(_("Today's deal: seed {seed} (everyone who plays --daily today with the same players "
                "and rules gets the same cards).").format(seed=seed))
    return _run(service, args, lambda report: start_saving(service, args.players, report), writer)


def _run(service: GameService, args: argparse.Namespace, saving: Callable[[Callable[[str], None]], Any],
         writer: TranscriptWriter | None = None) -> int:
    """Play ``service`` at the table or in the line mode, saving as it goes; always clean up."""
    # Piped input is echoed after its prompt, so the output reads as a dialogue.
    # The line mode asks before ending a turn with moves open as the table does, unless the
    # "Confirm ending a turn" setting is off.
    def line_mode() -> int:
        return GAME.play(service, read_line(GAME.example), line_out(), line_options(args))

    try:
        return play_saved(service, args, saving, line_mode)
    finally:
        if writer:
            writer.close()


def _resume(args: argparse.Namespace) -> int:
    """``kings-corner resume``: straight back to the most recent saved session."""
    saves = list_saves()
    if not saves:
        print(_("No saved game to resume (saves are kept in {folder}).").format(folder=saves_dir()))
        return 1
    saves = saves_named(saves, args.name, "kings-corner")
    if not saves:
        return 1
    found = resume_first(saves, "kings-corner",
                         lambda path: load_save(path, think=args.think, game=GAME_NAME))
    if found is None:
        return 1
    info, restored = found
    if not args.plain and full_screen():
        # (The line mode says the round and the totals itself: "Resuming round 3. Totals so
        # far: ...", which this line said once already.)
        print(_("Resuming {title}.").format(title=visible(info.title)))
    if restored.cut_short:
        print("  " + _("Its last save was cut short (the program stopped while saving); "
                       "the game goes on from the turn before."))
    return _run(restored.service, args, lambda report: resume_saving(restored, report))


def _add_demo(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``demo``."""
    demo = sub.add_parser("demo", help=_("watch one round between computer players, in sentences"),
                          description=_("Watch one round between computer players, told in sentences "
                                        "as the line mode tells them (four medium players by default)."))
    demo.add_argument(
        "--players", type=seat_list, default=["medium"] * 4, metavar=_("SEATS"), help=seat_help()
    )
    demo.add_argument("--seed", type=seed_number, default=None, metavar=_("SEED"),
                      help=_("seed for a reproducible deal"))
    add_rule_options(demo)
    demo.set_defaults(func=_demo, parser=demo)


def _demo(args: argparse.Namespace) -> int:
    rules = rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    seats = make_seats(args.players, random.Random(seed))
    narrator = Narrator(level_name=level_name, words=True)  # told as the line mode tells it, in words

    def say(event: Any) -> None:
        text = narrator.sentence(event)
        if text:
            print(text)

    again = demo_again("kings-corner", args,
                       lambda value: ("on" if value else "off") if isinstance(value, bool) else value)
    return play_demo(GameService(rules, seats, seed=seed, listeners=[say]), seed, again)


def _add_rules(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``rules``."""
    rules = sub.add_parser("rules", help=_("print the rules in force in plain words"),
                           description=_("Print every rule in force in plain words: a preset's, with "
                                         "the options --rule changes (docs/rules.md)."))
    add_rule_options(rules)
    rules.add_argument(
        "--players", type=int, default=4, choices=range(2, 7), metavar="N",
        help=_("number of players, 2 to 6 (default 4)"),
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
