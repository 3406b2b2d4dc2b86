"""A Kings Reverse action: what a seat does in its turn (KR3-KR6), as one small immutable value,
with its text form (the line mode's commands, the transcript's ``action`` objects)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping

from ....core.cards import JOKER, AnyCard, Joker, NotationError, Suit, parse_any_card

__all__ = ["ActionKind", "Action", "parse_action", "SUIT_BY_LETTER", "JOKER_PLAYS"]

SUIT_BY_LETTER: Mapping[str, Suit] = {s.value: s for s in Suit}


class ActionKind(StrEnum):
    """The kinds of action; each member is its protocol word."""

    PLAY = "play"
    """Play one card (KR3.1-3.3); a joker names a suit (none when it is the last card)."""
    MARRY = "marry"
    """Play the Queen and King of one suit (KR3.4)."""
    DRAW = "draw"
    """Draw the top stock card (KR3.5)."""
    PASS = "pass"
    """Cannot play and the stock is empty (KR3.5)."""
    CALL = "call"
    """Call "one card" (KR5); it ends the turn."""
    END = "end"
    """End the turn without calling (KR5), or keep a drawn joker that would be a bluff (KR6)."""
    GIVE = "give"
    """Give a card to the next player waiting for one (the Ace of spades, KR4)."""
    CHALLENGE = "challenge"
    """Challenge the joker just played (KR6)."""
    ACCEPT = "accept"
    """Take the joker's four cards without challenging (KR6)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action.  ``card`` for play and give; ``suit`` for a joker's named suit and for a
    marriage (the suit of its Queen and King)."""

    kind: ActionKind
    card: AnyCard | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        """The line-mode command: ``9H``, ``JK S``, ``marry H``, ``draw``, ``pass``, ``one``,
        ``end``, ``give 5C``, ``challenge``, ``accept``."""
        kind = self.kind
        if kind is ActionKind.PLAY:
            return f"{self.card} {self.suit.value}" if self.suit is not None else str(self.card)
        if kind is ActionKind.MARRY:
            return f"marry {self.suit.value if self.suit else '?'}"
        if kind is ActionKind.GIVE:
            return f"give {self.card}"
        if kind is ActionKind.CALL:
            return "one"
        return str(kind)

    def as_dict(self) -> dict[str, Any]:
        """The action as a JSON object: ``{"action": "play", "card": "JK", "suit": "S"}``."""
        d: dict[str, Any] = {"action": str(self.kind)}
        if self.card is not None:
            d["card"] = str(self.card)
        if self.suit is not None:
            d["suit"] = self.suit.value
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Action:
        """Read :meth:`as_dict` back (raises ``ValueError`` or :class:`NotationError`)."""
        kind = ActionKind(d["action"])
        card = parse_any_card(d["card"]) if "card" in d else None
        suit = _suit(d["suit"]) if "suit" in d else None
        return Action(kind, card, suit)


def _suit(text: str) -> Suit:
    word = text.strip().upper()
    for suit in Suit:
        if word in (suit.value, suit.name, suit.name[:-1]):
            return suit
    raise NotationError(f"{text.strip()[:12]!r} is not a suit: name one of C D H S "
                        "(clubs, diamonds, hearts, spades).")


_WORDS = {
    "draw": ActionKind.DRAW, "d": ActionKind.DRAW, "pass": ActionKind.PASS,
    "one": ActionKind.CALL, "call": ActionKind.CALL, "end": ActionKind.END,
    "challenge": ActionKind.CHALLENGE, "accept": ActionKind.ACCEPT,
}


def parse_action(text: str) -> Action:
    """Parse a typed action (see :meth:`Action.__str__`); raises :class:`NotationError` with the
    sentence to show."""
    words = text.split()
    if not words:
        raise NotationError("Type a card to play (9H, or JK S for a joker naming spades), "
                            "marry H, draw, pass, one, or help.")
    head = words[0].lower()
    if head in _WORDS and len(words) == 1:
        return Action(_WORDS[head])
    if head == "marry" and len(words) == 2:
        return Action(ActionKind.MARRY, suit=_suit(words[1]))
    if head == "give" and len(words) == 2:
        return Action(ActionKind.GIVE, parse_any_card(words[1]))
    if len(words) > 2 or head in _WORDS or head in ("marry", "give"):
        raise NotationError(f"{text.strip()[:30]!r} is not an action: type a card (9H), JK S, "
                            "marry H, give 5C, draw, pass, one, end, challenge or accept.")
    card = parse_any_card(words[0])
    suit = _suit(words[1]) if len(words) == 2 else None
    if suit is not None and not isinstance(card, Joker):
        raise NotationError(f"Only a joker names a suit: play {card} alone.")
    return Action(ActionKind.PLAY, card, suit)


JOKER_PLAYS = {s: Action(ActionKind.PLAY, JOKER, s) for s in Suit}
