"""The ``kings-corner`` command line.  It knows no game: ``--game NAME`` (anywhere, the default
game without it) names the game whose own command line (its ``cli`` part, ``main(argv)``) runs
the arguments.  A game builds its parser with :func:`application_parser`, adds its commands and
the application's shared ones (:func:`add_shared_commands`: saves, replay, stats, serve, web),
and runs it with :func:`run_commands`.  Each command family is a module adding its commands
with ``add_parser(subparsers)`` and naming the function that runs each
(``set_defaults(func=…)``).

``--lang LANG`` (anywhere too) is the platform's: taken out of the arguments and applied before
the game's command line is asked for (:mod:`.common`), so every help and error is said in the
language, and a game's own command line never sees it."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Sequence

from ..core.i18n import Domain
from ..core.text import semicolons
from ..games import DEFAULT_GAME, GAMES, game_named, split_game_argument
from ..storage import game_title
from . import records, serve, web
from .common import LanguageError, Parser, add_look_options, end_language, start_language, take_language
from .signals import STOPPING_SIGNALS, Stopped, stopped_by_signals, tell
from .words import translate_argparse

__all__ = ["main", "build_parser", "application_parser", "add_shared_commands", "run_commands",
           "options_after_command", "Stopped", "STOPPING_SIGNALS"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

PROG = "kings-corner"

SHARED = (records, serve, web)
"""The command families every game offers, in the order ``--help`` lists them."""

Commands = argparse._SubParsersAction


def application_parser(description: str, default: Callable[[argparse.Namespace], int],
                       prog: str = PROG) -> tuple[argparse.ArgumentParser, Commands]:
    """A game's command line: the look options, ``--game``, what runs without a command
    (``default``), and the subparsers to add its commands to."""
    translate_argparse()
    parser = Parser(prog=prog, description=description)
    add_look_options(parser)
    parser.add_argument(
        "--game", choices=list(GAMES), default=DEFAULT_GAME,
        help=_("the game, before or after the command: {games}; default {default}").format(
            games=semicolons(f"{name} ({game_title(name)})" for name in GAMES), default=DEFAULT_GAME),
    )
    parser.set_defaults(func=default, parser=parser)
    # Translators: the name of a command's place in the command line's usage line.
    return parser, parser.add_subparsers(dest="command", metavar=_("COMMAND"))


def add_shared_commands(sub: Commands) -> None:
    """Add the commands every game offers (:data:`SHARED`)."""
    for family in SHARED:
        family.add_parser(sub)


def _no_command(args: argparse.Namespace) -> int:
    args.parser.error(_("choose a command; {prog} --help lists them").format(prog=PROG))
    return 2


def _shared_parser() -> argparse.ArgumentParser:
    parser, sub = application_parser(_("The shared commands (this game has none of its own)."), _no_command)
    add_shared_commands(sub)
    return parser


def build_parser(game: str = DEFAULT_GAME) -> argparse.ArgumentParser:
    """The command line of ``game`` (the default game's is ``kings-corner --help``)."""
    try:
        build: Callable[[], argparse.ArgumentParser] = game_named(game).module("cli").build_parser
    except LookupError:
        return _shared_parser()
    return build()


def _command_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(name)
            return found
    return None


def _takes_value(action: argparse.Action) -> bool:
    return action.nargs != 0


def options_after_command(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``argv`` with the options given before the command that the command takes moved after
    its name, so that ``--ascii play`` means ``play --ascii``.  argparse would otherwise let
    the command's own default (none) overwrite what was given before it, and the option would
    be silently ignored.  An option before a command that does not take it is refused, naming
    the command; ``--help`` before the command stays the application's."""
    args = list(argv)
    top = parser._option_string_actions
    i, command = 0, None
    while i < len(args) and args[i] != "--":
        arg = args[i]
        if not arg.startswith("-"):
            command = _command_parser(parser, arg)
            if command is not None:
                break
            i += 1  # the value of an option of the command's, given before it (--seed 5 play)
            continue
        action = top.get(arg.split("=", 1)[0])
        i += 2 if action is not None and "=" not in arg and _takes_value(action) else 1
    if command is None:
        return args
    before, name, after = args[:i], args[i], args[i + 1:]
    moved: list[str] = []
    kept: list[str] = []
    j = 0
    while j < len(before):
        arg = before[j]
        option = arg.split("=", 1)[0]
        if option in ("-h", "--help"):
            kept.append(arg)
            j += 1
            continue
        matches = [a for s, a in command._option_string_actions.items() if s.startswith(option)]
        exact = command._option_string_actions.get(option)
        action = exact if exact is not None else matches[0] if len(set(map(id, matches))) == 1 else None
        if action is None:
            parser.error(_("{option} is not an option of {command} ({prog} {command} --help lists its "
                           "options)").format(option=option, command=name, prog=parser.prog))
        width = 2 if "=" not in arg and _takes_value(action) and j + 1 < len(before) else 1
        moved += before[j:j + width]
        j += width
    return [*kept, name, *moved, *after]


def run_commands(parser: argparse.ArgumentParser, argv: Sequence[str]) -> int:
    """Parse ``argv`` (``--game`` anywhere in it, and the command's options before or after its
    name) with a game's ``parser`` and run the command; the exit status.  A shared command of a
    game named with ``--game`` keeps to that game (``--game kings-corner stats``: its statistics
    alone)."""
    game, rest = split_game_argument(argv)
    args = parser.parse_args(options_after_command(parser, rest))
    args.game = game  # (taken out of argv above: the game whose command this is)
    if len(rest) < len(argv) and hasattr(args, "only_game"):
        args.only_game = game
    status: int = args.func(args)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, or the program's arguments); the exit status."""
    # A name or card glyph the output's encoding lacks (PYTHONIOENCODING=ascii) is written as
    # "?" instead of ending the program.
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    translate_argparse()
    try:
        with stopped_by_signals():
            return _main(argv)
    except Stopped as stop:
        tell(_("Stopped by {signal}.").format(signal=stop.name))
        return stop.status
    finally:
        end_language()


def _main(argv: Sequence[str] | None) -> int:
    # The language first, so that every help and error is said in it; then the game is asked
    # of the registry, and its own command line takes the arguments.
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        flag, given = take_language(given)
    except LanguageError as exc:
        start_language(None)
        Parser(prog=PROG).error(str(exc))
    start_language(flag)
    try:
        game, _rest = split_game_argument(given)
        own = game_named(game).command_line()
    except ValueError as exc:
        Parser(prog=PROG).error(str(exc))
    try:
        return own(given) if own is not None else run_commands(_shared_parser(), given)
    except BrokenPipeError:
        # Output piped into `head` and closed: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
