"""Computer players.  Pure Python: nothing here imports Textual or Rich."""

from __future__ import annotations

import random

from .base import Player
from .easy import EasyPlayer
from .medium import MediumPlayer

__all__ = ["Player", "EasyPlayer", "MediumPlayer", "LEVELS", "make_player"]

LEVELS: dict[str, type[Player]] = {"easy": EasyPlayer, "medium": MediumPlayer}
"""Every AI level by name, weakest first."""


def make_player(level: str, rng: random.Random | None = None) -> Player:
    """A new player of ``level``; raises ``ValueError`` naming the levels."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; the levels are {', '.join(LEVELS)}") from None
    return cls(rng)
