"""Hints in words: what the hard player would do in a seat's place, and why."""

from __future__ import annotations

import random

from ..engine.actions import Action, ActionKind
from ..engine.views import ReverseView
from .players import HardAI, ints, next_seat

__all__ = ["hint"]


def _why(action: Action, view: ReverseView) -> str:
    assert view.seat is not None
    nxt = next_seat(view, view.seat)
    name = view.players[nxt].name
    kind = action.kind
    if kind is ActionKind.CALL:
        return 'Call "one card" (one), or you will be caught and draw two.'
    if kind is ActionKind.CHALLENGE:
        return "Challenge the joker: a bluff looks likely."
    if kind is ActionKind.ACCEPT:
        return "Accept the joker's four cards: a challenge would likely cost you six."
    if kind is ActionKind.DRAW:
        return "Draw a card: nothing you hold is worth playing now."
    if kind is ActionKind.PASS:
        return "Pass: nothing goes and the stock is empty."
    if kind is ActionKind.END:
        return "Keep the drawn joker: playing it now would be a bluff."
    if kind is ActionKind.GIVE:
        return f"Give {action.card}: of your cards it is the one you need least."
    if kind is ActionKind.MARRY:
        suit = action.suit.word if action.suit else ""
        return f"Marry the Queen and King of {suit}: two cards in one turn, and the King acts."
    card = action.card
    assert card is not None
    if len(view.hand) == 1:
        return f"Play {card}: it is your last card."
    if card.id == 52:
        suit = action.suit.word if action.suit else ""
        return f"Play the joker naming {suit}: {name} draws four and loses the turn."
    rank = card.id // 4 + 1
    if rank == 7:
        return f"Play {card}: {name} draws two and loses the turn."
    if rank == 8:
        return f"Play {card}: {name} loses the turn."
    if rank == 13:
        return f"Play {card}: it reverses the direction of play."
    if rank == 11:
        return f"Play {card}: the Jack is wild, and {card.suit.word} suit you."  # type: ignore[union-attr]
    if card.id == 3 and view.rules.ace_of_spades:
        return f"Play {card}: then you give a card to each other player."
    same = sum(1 for c in ints(view.hand) if c != 52 and c // 4 != 10 and c % 4 == card.id % 4) - 1
    keep = f"you keep {same} more of its suit" if same > 0 else "it sheds a card"
    wild = any(c == 52 or c // 4 == 10 for c in ints(view.hand))
    saved = ", and your wild cards stay for when nothing else goes" if wild else ""
    return f"Play {card}: {keep}{saved}."


def hint(view: ReverseView) -> str:
    """A sentence saying what to do now in ``view``'s seat and why ("" when it need not act)."""
    if not view.my_turn or not view.legal:
        return ""
    action = HardAI(random.Random(0)).choose(view)
    return _why(action, view)
