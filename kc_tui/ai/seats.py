"""Seat specifications shared by every command: an AI level or ``bot:COMMAND``."""

from __future__ import annotations

import random

from . import BENCHMARK_LEVELS, LEVELS, make_player
from .base import Player
from .bots import DEFAULT_TIMEOUT, BotPlayer

__all__ = ["BOT_PREFIX", "HUMAN_PREFIX", "check_spec", "spec_kind", "player_for"]

BOT_PREFIX = "bot:"


HUMAN_PREFIX = "human:"


def check_spec(spec: str, benchmark: bool = False, humans: bool = False) -> str:
    """The normalised seat spec, or ``ValueError`` listing what is allowed.  With ``humans``,
    ``you`` and ``human:NAME`` (a person at this keyboard) are allowed too."""
    text = spec.strip()
    if humans and text.lower() == "you":
        return "you"
    if humans and text.lower().startswith(HUMAN_PREFIX):
        name = text[len(HUMAN_PREFIX):].strip()
        if not name:
            raise ValueError("a human seat needs a name, e.g. human:Ada")
        return HUMAN_PREFIX + name
    if text.lower().startswith(BOT_PREFIX):
        if not text[len(BOT_PREFIX):].strip():
            raise ValueError("a bot seat needs a command, e.g. bot:python3 mybot.py")
        return BOT_PREFIX + text[len(BOT_PREFIX):].strip()
    level = text.lower()
    allowed = BENCHMARK_LEVELS if benchmark else LEVELS
    if level not in allowed:
        people = "you, human:NAME, " if humans else ""
        raise ValueError(
            f"unknown player {text!r} (choose from {people}{', '.join(allowed)}, or bot:COMMAND)"
        )
    return level


def spec_kind(spec: str) -> tuple[str, str | None]:
    """The transcript's ``kind`` and ``level`` for a seat spec."""
    if spec.startswith(BOT_PREFIX):
        return "bot", None
    if spec == "you" or spec.startswith(HUMAN_PREFIX):
        return "human", None
    return "ai", spec


def player_for(
    spec: str, seat: int, rng: random.Random, think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> Player:
    """A player object for a (checked) seat spec sitting at ``seat``."""
    if spec.startswith(BOT_PREFIX):
        return BotPlayer(spec[len(BOT_PREFIX):], seat, timeout=bot_timeout)
    return make_player(spec, rng, think=think)
