"""Round and session scoring (docs/rules.md R7)."""

from __future__ import annotations

from typing import Sequence

from .board import RANK_OF

__all__ = ["card_penalty", "hand_penalty", "session_winners", "session_over", "LOW_WINS"]


def _classic(rank: int) -> int:
    return 10 if rank == 13 else 1


def _face(rank: int) -> int:
    if rank == 13:
        return 10
    if rank in (11, 12):
        return 1
    return rank


def _alternative(rank: int) -> int:
    if rank == 1:
        return 25
    if rank >= 10:
        return 10
    return rank


_PENALTY_TABLES = {
    "classic": tuple(_classic(RANK_OF[c]) for c in range(52)),
    "face": tuple(_face(RANK_OF[c]) for c in range(52)),
    "alternative": tuple(_alternative(RANK_OF[c]) for c in range(52)),
}

LOW_WINS = {"classic": True, "face": True, "alternative": True, "chips": False, "none": True}
"""Whether the lowest session total wins (penalty scorings) or the highest (chips)."""


def card_penalty(scoring: str, card_id: int) -> int:
    """Penalty points of one card left in hand under ``scoring`` (R7); 0 for chips/none."""
    table = _PENALTY_TABLES.get(scoring)
    return table[card_id] if table else 0


def hand_penalty(scoring: str, hand: int) -> int:
    """Penalty points of a hand (a card mask) under ``scoring`` (R7)."""
    table = _PENALTY_TABLES.get(scoring)
    if table is None:
        return 0
    total = 0
    while hand:  # card by card, lowest first (every round's end scores each hand)
        low = hand & -hand
        total += table[low.bit_length() - 1]
        hand ^= low
    return total


def session_over(scoring: str, target: int, totals: Sequence[int]) -> bool:
    """After a round: does the session end?  ``none`` plays single rounds (R7)."""
    if scoring == "none":
        return True
    return max(totals) >= target


def session_winners(scoring: str, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the best total: lowest for penalty scorings, highest for chips (R7)."""
    best = min(totals) if LOW_WINS[scoring] else max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
