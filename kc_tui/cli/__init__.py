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
from ..games import DEFAULT_GAME, GAMES, game_named, split_game_argument
from ..storage import game_title
from . import records, serve, web
from .common import LanguageError, Parser, add_look_options, end_language, start_language, take_language
from .signals import STOPPING_SIGNALS, Stopped, stopped_by_signals, tell
from .words import translate_argparse

__all__ = ["main", "build_parser", "application_parser", "add_shared_commands", "run_commands", "Stopped",
           "STOPPING_SIGNALS"]

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
            games="; ".join(f"{name} ({game_title(name)})" for name in GAMES), default=DEFAULT_GAME),
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


def run_commands(parser: argparse.ArgumentParser, argv: Sequence[str]) -> int:
    """Parse ``argv`` (``--game`` anywhere in it) with a game's ``parser`` and run the command;
    the exit status.  A shared command of a game named with ``--game`` keeps to that game
    (``--game kings-corner stats``: its statistics alone)."""
    game, rest = split_game_argument(argv)
    args = parser.parse_args(rest)
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
