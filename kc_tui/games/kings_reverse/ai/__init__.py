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

__all__ = ["ReverseAI", "LEVELS", "make_player", "hint", "level_name", "describe", "BeginnerAI", "EasyAI",
           "MediumAI", "HardAI", "ExpertAI"]

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


_LEVEL_WORDS = {
    "beginner": (N_("A first game: plays any card that goes, forgets to call \"one card\" most of the "
                    "time, and often holds a lone Jack or joker and draws instead."),
                 N_("easy beats it 74% of the time heads-up")),
    "easy": (N_("Knows the sensible play but makes it only one time in four, and forgets the call four "
                "times in ten."),
             N_("wins 74% heads-up against beginner")),
    "medium": (N_("Makes the sensible play two times in three: sheds its costly cards first, keeps Jacks "
                  "and jokers for when nothing else goes, hits a player close to out with a 7, 8 or King."),
               N_("wins 62% heads-up against easy")),
    "hard": (N_("Counts the cards of both decks, reads from each draw what an opponent lacks, and "
                "plays a dozen imagined deals ahead, in a blink."),
             N_("wins 59% heads-up against medium, 32% of the rounds against three")),
    "expert": (N_("Looks ahead on many more imagined deals, each true to everything it has read of the "
                  "round, within a second."),
               N_("wins about 56% heads-up against hard")),
}
"""How each level plays, and its measured result against the level below (docs/strength.md),
in a few words."""


def describe(level: str) -> str:
    """The level's sentence and measured result, for a menu; ``""`` for an unknown level."""
    words = _LEVEL_WORDS.get(level)
    return f"{_(words[0])} ({_(words[1])})" if words else ""


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
