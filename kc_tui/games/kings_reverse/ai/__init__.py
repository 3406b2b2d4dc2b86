"""Kings Reverse computer players.  Pure Python: nothing here imports Textual or Rich.

:data:`LEVELS` names every level, weakest first (the level names every game's seats use,
``easy`` to ``expert``, and a ``beginner`` below them); :func:`make_player` builds one;
:func:`hint` says in words what the hard player would do.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Mapping

from ....core.i18n import N_, Domain
from .base import ReverseAI
from .hints import hint
from .players import BeginnerAI, EasyAI, ExpertAI, HardAI, MediumAI

__all__ = ["ReverseAI", "LEVELS", "make_player", "hint", "level_name", "BeginnerAI", "EasyAI", "MediumAI",
           "HardAI", "ExpertAI"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

LEVELS: Mapping[str, type[ReverseAI]] = MappingProxyType({
    "beginner": BeginnerAI, "easy": EasyAI, "medium": MediumAI, "hard": HardAI,
    "expert": ExpertAI,
})
"""Every level, weakest first."""

_LEVEL_NAMES = {
    # Translators: a computer player's level, as the table shows it after the player's name.
    "beginner": N_("beginner"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
    "expert": N_("expert"),
}


def level_name(level: str) -> str:
    """A level's name in the player's language (a level this game does not have, as it is)."""
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


def make_player(level: str, rng: random.Random | None = None,
                think: float | None = None) -> ReverseAI:
    """A new player of ``level``; ``think`` is the expert's seconds per decision.  Raises
    ``ValueError`` naming the levels."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(_("unknown AI level {level}; the levels are {levels}").format(
            level=repr(level[:20]), levels=", ".join(LEVELS))) from None
    if cls is ExpertAI:
        return ExpertAI(rng, think=think)
    return cls(rng)
