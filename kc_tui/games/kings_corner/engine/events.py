"""The events of a game: the transcript vocabulary of docs/protocol.md section 1 as typed values.
``SessionStart``, ``TurnStart``, ``TurnEnd`` and ``SessionEnd`` (and ``PlayerInfo``) are every
game's, from :mod:`kc_tui.core.events`, used here as they are.

Every listener (transcript writer, screens, log, autosave, bots) receives these.  ``as_dict()``
gives the protocol object with its keys in the protocol's order; :func:`event_from_dict` reads one
back.  Cards are :class:`Card` values, piles bottom first, the stock top first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ....core.cards import Card, parse_card
from ....core.events import (
    PlayerEvent,
    SessionEnd,
    SessionStart,
    TurnEnd,
    TurnStart,
    points,
    seat_numbers,
    session_end_from_dict,
    session_start_from_dict,
)
from .board import Pile, parse_pile
from .kinds import ChipReason, RoundEndReason

__all__ = [
    "RoundStart",
    "RoundView",
    "seat_view",
    "Draw",
    "Play",
    "MoveEvent",
    "Undo",
    "Chips",
    "RoundEnd",
    "Event",
    "event_from_dict",
    "GAME_NAME",
    "PROTOCOL_VERSION",
]

GAME_NAME = "kings-corner"
"""This game's name in ``session_start`` (the default game)."""

PROTOCOL_VERSION = 1
"""The version of the transcripts (``session_start``'s ``version``) and of the bots' protocol
(``hello``) this program writes and reads."""

Cards = tuple[Card, ...]


def _names(cards: Cards) -> list[str]:
    return [str(c) for c in cards]


def _cards(names: Any) -> Cards:
    return tuple(parse_card(n) for n in names)


@dataclass(frozen=True, slots=True)
class RoundStart:
    round: int
    dealer: int
    hands: tuple[Cards, ...]
    board: tuple[Cards, ...]  # indexed by Pile.value
    stock: Cards  # top first
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "round_start",
            "round": self.round,
            "dealer": self.dealer,
            "hands": [_names(h) for h in self.hands],
            "board": {p.name: _names(self.board[p.value]) for p in Pile},
            "stock": _names(self.stock),
        }


@dataclass(frozen=True, slots=True)
class RoundView:
    """``round_start`` as one seat sees it (docs/protocol.md section 4): its own hand, everyone's
    card counts, the board and the stock's size."""

    round: int
    dealer: int
    seat: int | None
    """The seat it is shown to; None for a spectator, who is shown no hand."""
    hand: Cards
    hand_counts: tuple[int, ...]
    board: tuple[Cards, ...]  # indexed by Pile.value
    stock_count: int
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "round_start",
            "round": self.round,
            "dealer": self.dealer,
            "hand": _names(self.hand),
            "hand_counts": list(self.hand_counts),
            "board": {p.name: _names(self.board[p.value]) for p in Pile},
            "stock_count": self.stock_count,
        }


@dataclass(frozen=True, slots=True)
class Draw:
    """A draw; ``card`` is ``None`` in views of another seat's draw."""

    player: int
    card: Card | None
    name = "draw"

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": "draw", "player": self.player}
        if self.card is not None:
            d["card"] = str(self.card)
        return d


@dataclass(frozen=True, slots=True)
class Play:
    """A card from hand onto a pile (build, King to a corner, fill an edge)."""

    player: int
    card: Card
    pile: Pile
    name = "play"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "play", "player": self.player, "card": str(self.card), "pile": self.pile.name}


@dataclass(frozen=True, slots=True)
class MoveEvent:
    """A whole pile moved onto another pile, or a King pile to an empty corner."""

    player: int
    source: Pile
    target: Pile
    name = "move"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "move", "player": self.player, "from": self.source.name, "to": self.target.name}


@dataclass(frozen=True, slots=True)
class Undo(PlayerEvent):
    """A player takes back the last move of the turn."""

    name = "undo"


@dataclass(frozen=True, slots=True)
class Chips:
    """Chips scoring only (R7): ``reason`` is "ante", "no_move", "king_held" or "cards"."""

    player: int
    amount: int
    reason: ChipReason
    name = "chips"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "chips", "player": self.player, "amount": self.amount, "reason": str(self.reason)}


@dataclass(frozen=True, slots=True)
class RoundEnd:
    round: int
    reason: RoundEndReason
    winners: tuple[int, ...]
    hands: tuple[Cards, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    name = "round_end"

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "round_end",
            "round": self.round,
            "reason": str(self.reason),
            "winners": list(self.winners),
            "hands": [_names(h) for h in self.hands],
            "scores": list(self.scores),
            "totals": list(self.totals),
        }


Event = (
    SessionStart | RoundStart | RoundView | TurnStart | Draw | Play | MoveEvent | Undo | Chips | TurnEnd
    | RoundEnd | SessionEnd
)


def seat_view(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it; ``seat`` None is a spectator (hot-seat players sharing
    one screen are one).  This is the one place that decides it: a deal shows only the seat's
    own hand (:class:`RoundView`; a spectator's shows none), another player's draw hides the
    card, and the session's seed is withheld.  Everything else is public."""
    if isinstance(event, RoundStart):
        return RoundView(
            event.round, event.dealer, seat, event.hands[seat] if seat is not None else (),
            tuple(len(h) for h in event.hands), event.board, len(event.stock),
        )
    if isinstance(event, Draw) and event.player != seat and event.card is not None:
        return Draw(event.player, None)
    if isinstance(event, SessionStart) and event.seed is not None:
        # The seed would let a seat redeal the whole game, hidden cards included.
        return replace(event, seed=None)
    return event


def event_from_dict(d: Mapping[str, Any], seat: int | None = None) -> Event:
    """Read one transcript object back into an event value (raises ``KeyError``/``ValueError``;
    :class:`~kc_tui.core.events.EventError`, a ``ValueError``, names a field the statistics
    read that holds something else).
    A deal as a seat sees it (docs/protocol.md section 4, which does not name the seat) is read as
    shown to ``seat``."""
    kind = d["event"]
    if kind == "session_start":
        return session_start_from_dict(d, GAME_NAME, PROTOCOL_VERSION)
    if kind == "round_start" and "hand" in d:
        return RoundView(
            d["round"], d["dealer"], seat, _cards(d["hand"]), tuple(d["hand_counts"]),
            tuple(_cards(d["board"][p.name]) for p in Pile), d["stock_count"],
        )
    if kind == "round_start":
        return RoundStart(
            d["round"], d["dealer"], tuple(_cards(h) for h in d["hands"]),
            tuple(_cards(d["board"][p.name]) for p in Pile), _cards(d["stock"]),
        )
    if kind == "turn_start":
        return TurnStart(d["player"])
    if kind == "draw":
        return Draw(d["player"], parse_card(d["card"]) if "card" in d else None)
    if kind == "play":
        return Play(d["player"], parse_card(d["card"]), parse_pile(d["pile"]))
    if kind == "move":
        return MoveEvent(d["player"], parse_pile(d["from"]), parse_pile(d["to"]))
    if kind == "undo":
        return Undo(d["player"])
    if kind == "chips":
        return Chips(d["player"], d["amount"], ChipReason(d["reason"]))
    if kind == "turn_end":
        return TurnEnd(d["player"])
    if kind == "round_end":
        return RoundEnd(
            d["round"], RoundEndReason(d["reason"]), seat_numbers(d, "winners", "round_end"),
            tuple(_cards(h) for h in d["hands"]),
            points(d, "scores", "round_end"), points(d, "totals", "round_end"),
        )
    if kind == "session_end":
        return session_end_from_dict(d)
    raise ValueError(f"unknown event {kind!r}")
