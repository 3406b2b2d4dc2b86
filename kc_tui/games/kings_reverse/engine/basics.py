"""The small values Kings Reverse's referee, its views and its sentences share: a card as an int
(``0..51`` as :attr:`kc_tui.core.cards.Card.id`, ``rank_index * 4 + suit``, suits C D H S, and
52 for the joker), its rank, suit and points, the steps of a turn and a finished round's record.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ....core.cards import CARDS, JOKER, AnyCard
from .rules import ReverseRules

__all__ = ["JK", "ACE_OF_SPADES", "SEVEN", "EIGHT", "JACK", "QUEEN", "KING", "rank_of", "suit_of",
           "card_of", "card_value", "Step", "RoundRecord", "new_deck"]

JK = 52
"""The joker's int."""
ACE_OF_SPADES = 3
SEVEN, EIGHT, JACK, QUEEN, KING = 7, 8, 11, 12, 13


def rank_of(c: int) -> int:
    """1..13 (Ace..King); 0 for the joker."""
    return 0 if c == JK else c // 4 + 1


def suit_of(c: int) -> int:
    """0..3 (C D H S); -1 for the joker."""
    return -1 if c == JK else c % 4


def card_of(c: int) -> AnyCard:
    """The public card value of an int."""
    return JOKER if c == JK else CARDS[c]


def card_value(c: int) -> int:
    """Points left in hand (KR7): 7, 8, King and the Ace of spades 20, Jacks 15, jokers 25,
    every other card 5."""
    if c == JK:
        return 25
    r = c // 4 + 1
    if r in (SEVEN, EIGHT, KING) or c == ACE_OF_SPADES:
        return 20
    return 15 if r == JACK else 5


class Step(StrEnum):
    """Where the current player's turn stands (within :attr:`Phase.TURN`)."""

    PLAY = "play"
    """Play, marry, draw or pass (KR3)."""
    DRAWN = "drawn"
    """The drawn card may be played, and must be (KR3.5)."""
    GIVE = "give"
    """Giving cards after the Ace of spades (KR4)."""
    CALL = "call"
    """One card left: call "one card" or end the turn (KR5)."""
    CHALLENGE = "challenge"
    """The player hit by a joker may challenge it (KR6)."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round: how it ended, who went out (None when blocked), the points each
    seat added and the totals after it."""

    round: int
    reason: str
    winner: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def new_deck(rules: ReverseRules) -> list[int]:
    """Two 52-card decks and, with the option, four jokers (KR1)."""
    return list(range(52)) * 2 + ([JK] * 4 if rules.jokers else [])
