"""The vocabularies every game shares, as string enums: where a game stands, who sits in a seat.

Each member equals its protocol word (``Phase.TURN == "turn"``), so transcripts, saves and
settings written with the words read back unchanged, and ``json.dumps`` writes the word.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "SeatKind", "SEAT_NAMES"]


class Phase(StrEnum):
    """Where a game stands."""

    TURN = "turn"
    """The current player may play, move piles, undo or end the turn."""
    ROUND_OVER = "round_over"
    """A round has ended; the next one can be dealt."""
    SESSION_OVER = "session_over"
    """The session has ended (R7); nothing more can happen."""


class SeatKind(StrEnum):
    """Who sits in a seat: a person at this keyboard, a computer player, or a bot program."""

    HUMAN = "human"
    AI = "ai"
    BOT = "bot"


SEAT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
"""Names given to computer seats, in seat order, skipping names the people took (every game's
new-game form and seats)."""
