"""Computer players.  Pure Python: nothing here imports Textual or Rich."""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Mapping

from .base import Player
from .easy import EasyPlayer
from .expert import ExpertPlayer
from .hard import HardPlayer
from .medium import MediumPlayer
from .oracle import OraclePlayer

__all__ = [
    "Player", "EasyPlayer", "MediumPlayer", "HardPlayer", "ExpertPlayer", "OraclePlayer", "LEVELS",
    "BENCHMARK_LEVELS", "make_player",
]

LEVELS: Mapping[str, type[Player]] = MappingProxyType(
    {"easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer, "expert": ExpertPlayer}
)
"""Every AI level offered to players, weakest first."""
BENCHMARK_LEVELS: Mapping[str, type[Player]] = MappingProxyType({**LEVELS, "oracle": OraclePlayer})
"""Also the oracle, which sees every card: for tournaments and benchmarks only."""


def make_player(level: str, rng: random.Random | None = None, think: float | None = None) -> Player:
    """A new player of ``level``; ``think`` is the expert's budget in seconds per decision.
    Raises ``ValueError`` naming the levels."""
    try:
        cls = BENCHMARK_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; the levels are {', '.join(LEVELS)}") from None
    if cls is ExpertPlayer:
        return ExpertPlayer(rng, think=think)
    return cls(rng)
