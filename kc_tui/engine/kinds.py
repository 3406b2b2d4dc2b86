"""The small closed vocabularies of the game as string enums.

Each member equals its protocol word (``Phase.TURN == "turn"``), so transcripts, saves and
settings written with the words read back unchanged, and ``json.dumps`` writes the word.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "RoundEndReason", "ChipReason", "SeatKind", "DrawTiming", "Scoring"]


class Phase(StrEnum):
    """Where a game stands."""

    TURN = "turn"
    """The current player may play, move piles, undo or end the turn."""
    ROUND_OVER = "round_over"
    """A round has ended; the next one can be dealt."""
    SESSION_OVER = "session_over"
    """The session has ended (R7); nothing more can happen."""


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


class SeatKind(StrEnum):
    """Who sits in a seat: a person at this keyboard, a computer player, or a bot program."""

    HUMAN = "human"
    AI = "ai"
    BOT = "bot"


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
