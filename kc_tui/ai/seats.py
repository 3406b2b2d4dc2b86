"""Seat specifications shared by every command: an AI level or ``bot:COMMAND``."""

from __future__ import annotations

import random

from . import BENCHMARK_LEVELS, LEVELS, make_player
from .base import Player
from .bots import DEFAULT_TIMEOUT, BotPlayer

__all__ = ["BOT_PREFIX", "check_spec", "spec_kind", "player_for"]

BOT_PREFIX = "bot:"


def check_spec(spec: str, benchmark: bool = False) -> str:
    """The normalised seat spec, or ``ValueError`` listing what is allowed."""
    text = spec.strip()
    if text.lower().startswith(BOT_PREFIX):
        if not text[len(BOT_PREFIX):].strip():
            raise ValueError("a bot seat needs a command, e.g. bot:python3 mybot.py")
        return BOT_PREFIX + text[len(BOT_PREFIX):].strip()
    level = text.lower()
    allowed = BENCHMARK_LEVELS if benchmark else LEVELS
    if level not in allowed:
        raise ValueError(
            f"unknown player {text!r} (choose from {', '.join(allowed)}, or bot:COMMAND)"
        )
    return level


def spec_kind(spec: str) -> tuple[str, str | None]:
    """The transcript's ``kind`` and ``level`` for a seat spec."""
    if spec.startswith(BOT_PREFIX):
        return "bot", None
    return "ai", spec


def player_for(
    spec: str, seat: int, rng: random.Random, think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> Player:
    """A player object for a (checked) seat spec sitting at ``seat``."""
    if spec.startswith(BOT_PREFIX):
        return BotPlayer(spec[len(BOT_PREFIX):], seat, timeout=bot_timeout)
    return make_player(spec, rng, think=think)
