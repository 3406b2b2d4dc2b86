"""The events of a Kings Reverse game: the transcript vocabulary of docs/protocol.md section 6
as typed values.  ``SessionStart`` (naming this game), ``TurnStart``, ``TurnEnd`` and
``SessionEnd`` are every game's, from :mod:`kc_tui.core.events`.  ``as_dict()`` gives the
protocol object; :func:`event_from_dict` reads one back; :func:`seat_view` is the one place that
decides what a seat may see."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ....core.cards import AnyCard, Suit, parse_any_card
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
from .actions import SUIT_BY_LETTER

__all__ = [
    "GAME_NAME", "TRANSCRIPT_VERSION", "SessionStart", "RoundStart", "RoundView", "TurnStart", "Played",
    "SuitNamed", "Reversed", "Skipped", "Drew", "Passed", "Called", "Caught", "Gave", "Challenged", "TurnEnd",
    "RoundEnd", "SessionEnd", "ReverseEvent", "seat_view", "event_from_dict", "encode_event",
]

GAME_NAME = "kings-reverse"
"""The game's name in ``session_start``, saves and on the command line."""

TRANSCRIPT_VERSION = 1
"""The version of the transcripts (``session_start``'s ``version``) this program writes and reads."""

Cards = tuple[AnyCard, ...]


def _names(cards: Cards) -> list[str]:
    return [str(c) for c in cards]


def _cards(names: Any) -> Cards:
    return tuple(parse_any_card(n) for n in names)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """A deal as the referee sees it: every hand, the turned-up card and the stock (top
    first), after any joker turned up went back into the stock (KR2)."""

    round: int
    dealer: int
    hands: tuple[Cards, ...]
    pile: Cards
    stock: Cards
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_start", "round": self.round, "dealer": self.dealer,
                "hands": [_names(h) for h in self.hands], "pile": _names(self.pile),
                "stock": _names(self.stock)}


@dataclass(frozen=True, slots=True)
class RoundView:
    """``round_start`` as one seat sees it: its own hand, every hand's size, the pile and the
    stock's size.  ``seat`` None is a spectator, shown no hand."""

    round: int
    dealer: int
    seat: int | None
    hand: Cards
    hand_counts: tuple[int, ...]
    pile: Cards
    stock_count: int
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_start", "round": self.round, "dealer": self.dealer,
                "hand": _names(self.hand), "hand_counts": list(self.hand_counts),
                "pile": _names(self.pile), "stock_count": self.stock_count}


@dataclass(frozen=True, slots=True)
class Played:
    """Cards played onto the pile: one, or a marriage's Queen then King (KR3)."""

    player: int
    cards: Cards
    name = "play"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "play", "player": self.player, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class SuitNamed:
    """The suit named with a joker (KR3.3)."""

    player: int
    suit: Suit
    name = "suit"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "suit", "player": self.player, "suit": self.suit.value}


@dataclass(frozen=True, slots=True)
class Reversed:
    """A King turned the direction of play (KR4); ``clockwise`` is the new direction."""

    player: int
    clockwise: bool
    name = "reverse"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "reverse", "player": self.player, "clockwise": self.clockwise}


@dataclass(frozen=True, slots=True)
class Skipped:
    """A player loses a turn.  ``reason``: the card ("7", "8", "K", "JK"), "challenge" (lost
    a challenge) or "penalty" (the turn lost after a bluff was caught, KR6)."""

    player: int
    reason: str
    name = "skip"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "skip", "player": self.player, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Drew:
    """Cards drawn from the stock.  ``reason``: "turn" (KR3.5), "7", "JK", "caught" (KR5),
    "challenge" (KR6), "ace" (nothing received from an Ace of spades, KR4).  ``cards`` is None
    in the view of another seat (only ``count`` is shown); fewer cards than the rule gives
    when the stock runs short (KR4)."""

    player: int
    count: int
    reason: str
    cards: Cards | None
    name = "draw"

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": "draw", "player": self.player, "count": self.count,
                             "reason": self.reason}
        if self.cards is not None:
            d["cards"] = _names(self.cards)
        return d


@dataclass(frozen=True, slots=True)
class Passed(PlayerEvent):
    """The player passes: nothing to play and the stock is empty (KR3.5)."""

    name = "pass"


@dataclass(frozen=True, slots=True)
class Called(PlayerEvent):
    """The player called "one card" (KR5)."""

    name = "call"


@dataclass(frozen=True, slots=True)
class Caught(PlayerEvent):
    """A player who did not call "one card" is caught and draws two (KR5; a ``draw`` follows)."""

    name = "caught"


@dataclass(frozen=True, slots=True)
class Gave:
    """A card given after the Ace of spades (KR4).  ``card`` is None in the view of a seat that
    neither gave nor received it."""

    player: int
    to: int
    card: AnyCard | None
    name = "give"

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": "give", "player": self.player, "to": self.to}
        if self.card is not None:
            d["card"] = str(self.card)
        return d


@dataclass(frozen=True, slots=True)
class Challenged:
    """``player`` challenged the joker of ``against`` (KR6), who showed ``hand``; ``legal``
    tells whether the joker had been played legally."""

    player: int
    against: int
    legal: bool
    hand: Cards
    name = "challenge"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "challenge", "player": self.player, "against": self.against,
                "legal": self.legal, "hand": _names(self.hand)}


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """``reason`` "out" (``winners`` is the one who went out) or "blocked" (no winner, KR7)."""

    round: int
    reason: str
    winners: tuple[int, ...]
    hands: tuple[Cards, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    name = "round_end"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_end", "round": self.round, "reason": self.reason,
                "winners": list(self.winners), "hands": [_names(h) for h in self.hands],
                "scores": list(self.scores), "totals": list(self.totals)}


ReverseEvent = (
    SessionStart | RoundStart | RoundView | TurnStart | Played | SuitNamed | Reversed | Skipped
    | Drew | Passed | Called | Caught | Gave | Challenged | TurnEnd | RoundEnd | SessionEnd
)


def seat_view(event: ReverseEvent, seat: int | None) -> ReverseEvent:
    """The event as ``seat`` may see it (None: a spectator).  A deal shows only the seat's own
    hand, another player's draw only its count, a give only to its two players, and the seed is
    withheld (it would redeal every hidden card).  Everything else is public, the hand shown in
    a challenge included (KR6: it is shown to the table)."""
    if isinstance(event, RoundStart):
        return RoundView(event.round, event.dealer, seat,
                         event.hands[seat] if seat is not None else (),
                         tuple(len(h) for h in event.hands), event.pile, len(event.stock))
    if isinstance(event, Drew) and event.player != seat and event.cards is not None:
        return Drew(event.player, event.count, event.reason, None)
    if isinstance(event, Gave) and seat not in (event.player, event.to) and event.card is not None:
        return Gave(event.player, event.to, None)
    if isinstance(event, SessionStart) and event.seed is not None:
        return replace(event, seed=None)
    return event


def event_from_dict(d: Mapping[str, Any], seat: int | None = None) -> ReverseEvent:
    """Read one transcript object back (raises ``KeyError``/``ValueError``;
    :class:`~kc_tui.core.events.EventError`, a ``ValueError``, names a field the statistics
    read that holds something else)."""
    kind = d["event"]
    if kind == "session_start":
        return session_start_from_dict(d, GAME_NAME, TRANSCRIPT_VERSION)
    if kind == "round_start" and "hand" in d:
        return RoundView(d["round"], d["dealer"], seat, _cards(d["hand"]), tuple(d["hand_counts"]),
                         _cards(d["pile"]), d["stock_count"])
    if kind == "round_start":
        return RoundStart(d["round"], d["dealer"], tuple(_cards(h) for h in d["hands"]),
                          _cards(d["pile"]), _cards(d["stock"]))
    simple: dict[str, Any] = {"turn_start": TurnStart, "pass": Passed, "call": Called,
                              "caught": Caught, "turn_end": TurnEnd}
    if kind in simple:
        event: ReverseEvent = simple[kind](d["player"])
        return event
    if kind == "play":
        return Played(d["player"], _cards(d["cards"]))
    if kind == "suit":
        return SuitNamed(d["player"], SUIT_BY_LETTER[d["suit"]])
    if kind == "reverse":
        return Reversed(d["player"], bool(d["clockwise"]))
    if kind == "skip":
        return Skipped(d["player"], str(d["reason"]))
    if kind == "draw":
        return Drew(d["player"], d["count"], str(d["reason"]),
                    _cards(d["cards"]) if "cards" in d else None)
    if kind == "give":
        return Gave(d["player"], d["to"], parse_any_card(d["card"]) if "card" in d else None)
    if kind == "challenge":
        return Challenged(d["player"], d["against"], bool(d["legal"]), _cards(d["hand"]))
    if kind == "round_end":
        return RoundEnd(d["round"], str(d["reason"]), seat_numbers(d, "winners", "round_end"),
                        tuple(_cards(h) for h in d["hands"]), points(d, "scores", "round_end"),
                        points(d, "totals", "round_end"))
    if kind == "session_end":
        return session_end_from_dict(d)
    raise ValueError(f"unknown event {str(kind)[:20]!r}")


def encode_event(event: ReverseEvent) -> str:
    """One transcript line (without the newline): compact JSON, keys in protocol order."""
    return json.dumps(event.as_dict(), separators=(",", ":"), ensure_ascii=False)
