"""Seat specifications shared by every command: an AI level or ``bot:COMMAND``."""

from __future__ import annotations

import random
from typing import Sequence

from ....core.i18n import Domain
from ....core.kinds import HUMAN_PREFIX, SEAT_NAMES, SeatKind, person_name, seat_names
from ..engine.service import Seat
from . import BENCHMARK_LEVELS, LEVELS, make_player
from .base import Player
from .bots import DEFAULT_TIMEOUT, BotPlayer

__all__ = ["BOT_PREFIX", "HUMAN_PREFIX", "SEAT_NAMES", "check_spec", "spec_kind", "player_for", "make_seats"]

BOT_PREFIX = "bot:"

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def check_spec(spec: str, benchmark: bool = False, humans: bool = False, longest: int | None = None) -> str:
    """The normalised seat spec, or ``ValueError`` listing what is allowed.  With ``humans``,
    ``you`` and ``human:NAME`` (a person at this keyboard) are allowed too, NAME at most
    ``longest`` characters when given (the command line's, :data:`~kc_tui.core.kinds.NAME_LENGTH`)."""
    text = spec.strip()
    if humans and text.lower() == "you":
        return "you"
    if humans and text.lower().startswith(HUMAN_PREFIX):
        return HUMAN_PREFIX + person_name(text[len(HUMAN_PREFIX):], longest)
    if text.lower().startswith(BOT_PREFIX):
        if not text[len(BOT_PREFIX):].strip():
            raise ValueError(_("a bot seat needs a command, e.g. bot:python3 mybot.py"))
        return BOT_PREFIX + text[len(BOT_PREFIX):].strip()
    level = text.lower()
    allowed = BENCHMARK_LEVELS if benchmark else LEVELS
    if level not in allowed:
        # Translators: a person's seat as --players takes it: translate NAME only, as the
        # option's help does (human:NOMBRE).
        person = _("human:NAME")
        choices = ", ".join([*(["you", person] if humans else []), *allowed])
        raise ValueError(_("unknown player {text} (choose from {choices}, or bot:COMMAND)").format(
            text=repr(text), choices=choices))
    return level


def spec_kind(spec: str) -> tuple[SeatKind, str | None]:
    """The transcript's ``kind`` and ``level`` for a seat spec."""
    if spec.startswith(BOT_PREFIX):
        return SeatKind.BOT, None
    if spec == "you" or spec.startswith(HUMAN_PREFIX):
        return SeatKind.HUMAN, None
    return SeatKind.AI, spec


def player_for(
    spec: str, seat: int, rng: random.Random, think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> Player:
    """A player object for a (checked) seat spec sitting at ``seat``."""
    if spec.startswith(BOT_PREFIX):
        return BotPlayer(spec[len(BOT_PREFIX):], seat, timeout=bot_timeout)
    return make_player(spec, rng, think=think)


def make_seats(
    specs: Sequence[str], rng: random.Random, think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT, names: Sequence[str | None] | None = None,
) -> list[Seat]:
    """Seats for checked specs.  A seat takes its name from ``names`` when one is given there;
    otherwise people are "You" or their ``human:NAME``, and computers take the first unused
    of :data:`SEAT_NAMES`."""
    seats = []
    for i, (spec, name) in enumerate(zip(specs, seat_names(specs, names))):
        kind, level = spec_kind(spec)
        if kind == SeatKind.HUMAN:
            seats.append(Seat(name, SeatKind.HUMAN))
            continue
        player = player_for(spec, i, random.Random(rng.getrandbits(64)), think, bot_timeout)
        seats.append(Seat(name, kind, level, player))
    return seats
