"""What one seat may see (the observer of STYLE.md): its own hand, everyone's card counts, the
board, the stock's size and the scores.  Other hands and the stock order never appear here."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ....core.cards import CARDS, Card, cards_of_mask
from ....core.kinds import Phase
from .board import PILES, Pile, owed_king
from .moves import Move, legal_codes, move_of_code
from .rules import RuleSet

__all__ = ["Observation"]


class Observation(NamedTuple):
    """An immutable snapshot of the game as ``seat`` sees it.

    ``hand_mask`` and ``piles`` are the fast forms (a card-id bit mask; eight tuples of card ids,
    bottom first, in :class:`Pile` order) for AI searches; ``hand`` and ``board`` are the same
    as :class:`Card` values.
    """

    seat: int
    rules: RuleSet
    round: int
    dealer: int
    current: int
    """Whose turn it is."""
    phase: Phase
    hand_mask: int
    piles: tuple[tuple[int, ...], ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    totals: tuple[int, ...]
    pot: int
    moves_this_turn: int
    """Plays and pile moves the current player has made this turn, net of undos."""
    extra_turns: int
    """Royal Kings: extra turns still owed to the current player after this one."""
    idle_turns: int
    """Idle turns in a row so far (R5: as many as there are players block the round)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's cards, sorted by rank then suit."""
        return cards_of_mask(self.hand_mask)

    @property
    def board(self) -> Mapping[Pile, tuple[Card, ...]]:
        """Every pile's cards, bottom first."""
        return {PILES[i]: tuple(CARDS[c] for c in pile) for i, pile in enumerate(self.piles)}

    @property
    def my_turn(self) -> bool:
        return self.phase == Phase.TURN and self.current == self.seat

    def legal_moves(self) -> tuple[Move, ...]:
        """This seat's legal moves on this board (R4), whoever's turn it is."""
        return tuple(move_of_code(c) for c in legal_codes(self.piles, self.hand_mask))

    def owed_king(self) -> Card | None:
        """At this seat's turn under ``mandatory_kings`` (R6): the King it must play to an empty
        corner before it may end the turn (the referee refuses the end until then), or None."""
        king = owed_king(self.piles, self.hand_mask, self.rules.mandatory_kings) if self.my_turn else None
        return None if king is None else CARDS[king]
