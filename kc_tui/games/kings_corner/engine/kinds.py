"""The small closed vocabularies of Kings in the Corner as string enums (every game's,
:class:`Phase` and :class:`SeatKind`, are in :mod:`kc_tui.core.kinds`).

Each member equals its protocol word (``Phase.TURN == "turn"``), so transcripts, saves and
settings written with the words read back unchanged, and ``json.dumps`` writes the word.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["RoundEndReason", "ChipReason", "DrawTiming", "Scoring"]


class RoundEndReason(StrEnum):
    """Why a round ended (R5)."""

    OUT = "out"
    """A player played their last card."""
    BLOCKED = "blocked"
    """With the stock empty, every player in a row ended a turn without playing a card."""


class ChipReason(StrEnum):
    """Why a player paid chips (R7, chips scoring)."""

    ANTE = "ante"
    NO_MOVE = "no_move"
    KING_HELD = "king_held"
    CARDS = "cards"


class DrawTiming(StrEnum):
    """When a player draws from the stock (R6)."""

    START = "start"
    END = "end"
    NONE = "none"


class Scoring(StrEnum):
    """How rounds are scored (R7)."""

    CLASSIC = "classic"
    FACE = "face"
    ALTERNATIVE = "alternative"
    CHIPS = "chips"
    NONE = "none"
