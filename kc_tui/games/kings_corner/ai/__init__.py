"""Computer players.  Pure Python: nothing here imports Textual or Rich.

The levels form a ladder (:data:`LADDER`), weakest first, each measured against the one below
(``benchmarks/strength.py``, ``docs/strength.md``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from ....core.i18n import N_, Domain
from .base import Player
from .easy import BeginnerPlayer, EasyPlayer
from .expert import ExpertPlayer
from .hard import HardPlayer
from .medium import MediumPlayer
from .oracle import OraclePlayer

__all__ = [
    "Player", "BeginnerPlayer", "EasyPlayer", "MediumPlayer", "HardPlayer", "ExpertPlayer",
    "OraclePlayer", "Level", "LADDER", "LEVELS", "BENCHMARK_LEVELS", "make_player", "describe",
    "level_name",
]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


@dataclass(frozen=True, slots=True)
class Level:
    """One rung of the ladder, as players are told about it."""

    name: str
    """The level name on the command line, in saves and in transcripts."""
    player: type[Player]
    description: str
    """How it plays, in one sentence (English: :func:`describe` says it in the player's language)."""
    measured: str
    """Its measured result against the level below (``docs/strength.md``), in a few words."""


LADDER: tuple[Level, ...] = (
    Level("beginner", BeginnerPlayer,
          N_("A first game: sees most builds but only half the pile moves, and starts edges with any card."),
          N_("easy beats it 67% of the time heads-up")),
    Level("easy", EasyPlayer,
          N_("Knows the game, but overlooks a pile move in three and a card now and then."),
          N_("wins 67% heads-up against beginner")),
    Level("medium", MediumPlayer,
          N_("Greedy and never misses: moves piles first, Kings to corners, then sheds every card it can."),
          N_("wins 71% heads-up against easy")),
    Level("hard", HardPlayer,
          N_("Plans its whole turn, reads which cards each opponent showed it lacks, and weighs its "
             "best plans on two dozen imagined deals, in a blink."),
          N_("wins 66% heads-up against medium, 35% of the rounds against three")),
    Level("expert", ExpertPlayer,
          N_("Weighs many plans on dozens of imagined deals that fit what each opponent showed it "
             "lacks, foreseeing each reply as a thinking player would make it, within a second."),
          N_("wins 59% heads-up against hard, 30% of the rounds against three, 74% against medium")),
)
"""Every AI level offered to players, weakest first."""

LEVELS: Mapping[str, type[Player]] = MappingProxyType({lv.name: lv.player for lv in LADDER})
"""Every AI level offered to players, weakest first, by name."""
BENCHMARK_LEVELS: Mapping[str, type[Player]] = MappingProxyType({**LEVELS, "oracle": OraclePlayer})
"""Also the oracle, which sees every card: for tournaments and benchmarks only."""


def describe(level: str) -> str:
    """The level's sentence and measured result, for a menu; ``""`` for an unknown level."""
    for lv in LADDER:
        if lv.name == level:
            return f"{_(lv.description)} ({_(lv.measured)})"
    return ""


# Translators: the computer players' levels, weakest first, as a seat's choice and beside a name.
_LEVEL_NAMES = {"beginner": N_("beginner"), "easy": N_("easy"), "medium": N_("medium"),
                "hard": N_("hard"), "expert": N_("expert")}


def level_name(level: str) -> str:
    """A level's name in the player's language (the command line, saves and transcripts keep the
    English name); an unknown level (a bot's, the oracle) as it is."""
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


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
