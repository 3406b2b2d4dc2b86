"""Kings Reverse computer players.  Pure Python: nothing here imports Textual or Rich.

:data:`LEVELS` names every level, weakest first (the level names every game's seats use,
``easy`` to ``expert``, and a ``beginner`` below them); :func:`make_player` builds one;
:func:`hint` says in words what the hard player would do.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Mapping

from .base import ReverseAI
from .hints import hint
from .players import BeginnerAI, EasyAI, ExpertAI, HardAI, MediumAI

__all__ = ["ReverseAI", "LEVELS", "make_player", "hint", "BeginnerAI", "EasyAI", "MediumAI",
           "HardAI", "ExpertAI"]

LEVELS: Mapping[str, type[ReverseAI]] = MappingProxyType({
    "beginner": BeginnerAI, "easy": EasyAI, "medium": MediumAI, "hard": HardAI,
    "expert": ExpertAI,
})
"""Every level, weakest first."""


def make_player(level: str, rng: random.Random | None = None,
                think: float | None = None) -> ReverseAI:
    """A new player of ``level``; ``think`` is the expert's seconds per decision.  Raises
    ``ValueError`` naming the levels."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level[:20]!r}; the levels are "
                         f"{', '.join(LEVELS)}") from None
    if cls is ExpertAI:
        return ExpertAI(rng, think=think)
    return cls(rng)
