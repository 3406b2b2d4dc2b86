"""The ``kings-corner`` command line: one module per command family, each adding its commands
with ``add_parser(subparsers)`` and naming the function that runs each (``set_defaults(func=…)``).
The AI's own commands (simulate, tournament) live with the AI, in
:mod:`kc_tui.games.kings_corner.ai.commands`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from ..games import DEFAULT_GAME, GAMES, game_named, split_game_argument
from ..games.kings_corner.ai import commands as ai_commands
from . import demo, play, records, rules, serve, web
from .common import add_look_options
from .signals import STOPPING_SIGNALS, Stopped, stopped_by_signals, tell

__all__ = ["main", "build_parser", "Stopped", "STOPPING_SIGNALS"]

FAMILIES = (ai_commands, rules, play, records, demo, serve, web)
"""The command families, in the order ``kings-corner --help`` lists their commands."""


def build_parser() -> argparse.ArgumentParser:
    """Every command and option; a command's ``func`` runs it, its ``parser`` reports usage errors."""
    parser = argparse.ArgumentParser(
        prog="kings-corner",
        description="Kings in the Corner for the terminal. Without a command it opens the "
        "title screen (at a terminal; otherwise it plays in the line mode).",
    )
    add_look_options(parser)
    parser.add_argument(
        "--game", choices=list(GAMES), default=DEFAULT_GAME,
        help="the game, before or after the command: "
        + "; ".join(f"{g.name} ({g.title})" for g in GAMES.values())
        + f"; default {DEFAULT_GAME}",
    )
    parser.set_defaults(func=play.title, parser=parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for family in FAMILIES:
        family.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, or the program's arguments); the exit status."""
    # A name or card glyph the output's encoding lacks (PYTHONIOENCODING=ascii) is written as
    # "?" instead of ending the program.
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    try:
        with stopped_by_signals():
            return _main(argv)
    except Stopped as stop:
        tell(f"Stopped by {stop.name}.")
        return stop.status


def _main(argv: Sequence[str] | None) -> int:
    # The game is asked of the registry: a game with its own command line takes the rest.
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        game, rest = split_game_argument(given)
        own = game_named(game).command_line()
    except ValueError as exc:
        build_parser().error(str(exc))
    if own is not None:
        return own(rest)
    args = build_parser().parse_args(rest)
    if len(rest) < len(given) and hasattr(args, "only_game"):
        args.only_game = game  # `--game kings-corner stats`: that game's alone
    try:
        status: int = args.func(args)
        return status
    except BrokenPipeError:
        # Output piped into `head` and closed: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
