"""The command-line arguments of every command that sets up a game: seats, rules, seeds and the
AI's time.  They live here, below the front ends, because the AI's own commands (simulate,
tournament: :mod:`kc_tui.games.kings_corner.ai.commands`) take them as well as ``play``, ``demo``
and ``rules``."""

from __future__ import annotations

import argparse
from typing import Any

from ....core.arguments import not_players, positive, seed_number, think_seconds
from ....core.errors import RuleError
from ....core.i18n import Domain
from ....core.kinds import NAME_LENGTH
from ..engine.rules import OPTION_NAMES, PRESETS, RuleSet, build_rules, parse_rule_assignment
from . import BENCHMARK_LEVELS
from .bots import DEFAULT_TIMEOUT
from .seats import check_spec

__all__ = [
    "seat_help", "seat_list", "positive", "seed_number", "add_rule_options", "add_ai_options", "rules_from",
]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def seat_help() -> str:
    """The help of ``--players`` where every seat is a computer."""
    return _("comma-separated seats, 2 to 6, each an AI level ({levels}) or bot:COMMAND").format(
        levels=", ".join(BENCHMARK_LEVELS))


def seat_list(text: str, benchmark: bool = True, humans: bool = False) -> list[str]:
    """``--players``: 2 to 6 seat specs, checked (``benchmark`` lets the oracle sit, ``humans``
    people at this keyboard, named as the settings name them)."""
    specs = []
    for part in (t for t in text.split(",") if t.strip()):
        try:
            specs.append(check_spec(part, benchmark=benchmark, humans=humans, longest=NAME_LENGTH))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    if not 2 <= len(specs) <= 6:
        raise argparse.ArgumentTypeError(
            _("give 2 to 6 players, comma-separated; got {n}").format(n=len(specs)))
    return specs


def _rule(text: str) -> tuple[str, Any]:
    try:
        name, value = parse_rule_assignment(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return not_players(name), value


def add_rule_options(p: argparse.ArgumentParser) -> None:
    """``--preset`` and ``--rule KEY=VALUE``; read them with :func:`rules_from`."""
    p.add_argument(
        "--preset", default="standard", choices=list(PRESETS),
        help=_("a named rule preset (docs/rules.md R6); default standard"),
    )
    p.add_argument(
        "--rule", action="append", type=_rule, default=[], metavar=_("KEY=VALUE"),
        help=_("set one rule option on top of the preset ({names}), e.g. --rule target=50 (repeatable)")
        .format(names=", ".join(name for name in OPTION_NAMES if name != "players")),
    )


def add_ai_options(p: argparse.ArgumentParser) -> None:
    """``--think`` (the expert's budget) and ``--bot-timeout``."""
    p.add_argument(
        "--think", type=think_seconds, default=None, metavar=_("SECONDS"),
        help=_("the expert's thinking budget per decision (default 1)"),
    )
    p.add_argument(
        "--bot-timeout", type=think_seconds, default=DEFAULT_TIMEOUT, metavar=_("SECONDS"),
        help=_("how long a bot may take to answer (default {seconds})").format(
            seconds=f"{DEFAULT_TIMEOUT:g}"),
    )


def rules_from(args: argparse.Namespace, players: int) -> RuleSet:
    """The rules asked for; what cannot be played is a usage error of that command."""
    try:
        return build_rules(players, args.preset, dict(args.rule))
    except RuleError as exc:
        args.parser.error(str(exc))
        raise  # parser.error exits
