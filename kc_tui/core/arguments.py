"""Argument types the command lines share: the platform's (``serve``, ``web``) and every game's
(``play``, ``simulate``, ``tournament``).  Each reads one value of an option and, for a value it
cannot take, raises :class:`argparse.ArgumentTypeError` with the sentence argparse prints after
the option's name; a value it echoes is shown as :func:`shown` writes it."""

from __future__ import annotations

import argparse
import re

from .i18n import Domain

_ = Domain.of(__package__).gettext

__all__ = ["shown", "positive", "MOST_SEED", "seed_number", "think_seconds", "port_number",
           "port_or_any", "not_players"]


def shown(text: str) -> str:
    """A value from the command line as a refusal quotes it: in quotes, its control
    characters written as escapes (a ``repr``'s, as :func:`~kc_tui.core.text.visible` writes
    them), its first 20 characters and "..." after a longer one."""
    return repr(text[:20]) + ("..." if len(text) > 20 else "")


def positive(text: str) -> int:
    """A count of at least 1 (``--rounds``, ``--jobs``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, got {text}").format(text=shown(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected at least 1, got {value}").format(value=value))
    return value


MOST_SEED = 10**18 - 1
"""The largest seed, and its negative the smallest: a whole number of up to 18 digits, as many as
the new-game forms' seed field holds (the seeds the game draws itself have 15 at most)."""


def seed_number(text: str) -> int:
    """``--seed``: a whole number from -:data:`MOST_SEED` to :data:`MOST_SEED`."""
    try:
        value = int(text)
    except ValueError:
        # Python reads a number of at most 4300 digits: one longer is a number all the same.
        if not re.fullmatch(r"[+-]?\d+(_\d+)*", text.strip()):
            raise argparse.ArgumentTypeError(
                _("a seed is a whole number, got {text}").format(text=shown(text))) from None
        value = -MOST_SEED - 1 if text.strip().startswith("-") else MOST_SEED + 1
    if value > MOST_SEED:
        raise argparse.ArgumentTypeError(
            _("the seed {text} is too large: a seed is a whole number from {least} to {most}").format(
                text=shown(text.strip()), least=-MOST_SEED, most=MOST_SEED))
    if value < -MOST_SEED:
        raise argparse.ArgumentTypeError(
            _("the seed {text} is too small: a seed is a whole number from {least} to {most}").format(
                text=shown(text.strip()), least=-MOST_SEED, most=MOST_SEED))
    return value


def think_seconds(text: str) -> float:
    """Seconds a computer or a bot may take (``--think``, ``--bot-timeout``): more than 0, at
    most a minute."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected seconds, got {text}").format(text=shown(text))) from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(
            _("expected more than 0 and at most 60 seconds, got {value}").format(value=f"{value:g}"))
    return value


def port_number(text: str) -> int:
    """A port to listen on, 1 to 65535 (``web --port``)."""
    return _port(text, 1)


def port_or_any(text: str) -> int:
    """A port to listen on, or 0 for any free one (``serve --port``, ``serve --web``)."""
    return _port(text, 0)


def _port(text: str, lowest: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a port number, got {text}").format(text=shown(text))) from None
    if not lowest <= value <= 65535:
        raise argparse.ArgumentTypeError(_("expected a port from {lowest} to 65535, got {value}")
                                         .format(lowest=lowest, value=value))
    return value


def not_players(name: str) -> str:
    """A ``--rule NAME=VALUE``'s name, refused if it is ``players``: the seats set how many play
    (``--players``), and a rule saying otherwise could only be refused later, less clearly."""
    if name.strip().lower() == "players":
        raise argparse.ArgumentTypeError(
            _("players is not a rule to set: the number of players comes from --players"))
    return name
