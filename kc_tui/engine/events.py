"""The events of a game: the transcript vocabulary of docs/protocol.md section 1 as typed values.
``SessionStart``, ``TurnStart``, ``TurnEnd`` and ``SessionEnd`` (and ``PlayerInfo``) are every
game's: Kings Reverse's events use them as they are, ``SessionStart`` naming the game.

Every listener (transcript writer, screens, log, autosave, bots) receives these.  ``as_dict()``
gives the protocol object with its keys in the protocol's order; :func:`event_from_dict` reads one
back.  Cards are :class:`Card` values, piles bottom first, the stock top first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Mapping

from .cards import Card, Pile, parse_card, parse_pile
from .kinds import ChipReason, RoundEndReason, SeatKind
from .text import visible

__all__ = [
    "SessionStart",
    "RoundStart",
    "RoundView",
    "seat_view",
    "PlayerEvent",
    "TurnStart",
    "Draw",
    "Play",
    "MoveEvent",
    "Undo",
    "Chips",
    "TurnEnd",
    "RoundEnd",
    "SessionEnd",
    "Event",
    "PlayerInfo",
    "event_from_dict",
    "session_start_from_dict",
    "GAME_NAME",
]

GAME_NAME = "kings-corner"
"""This game's name in ``session_start`` (the default game)."""

Cards = tuple[Card, ...]


def _names(cards: Cards) -> list[str]:
    return [str(c) for c in cards]


def _cards(names: Any) -> Cards:
    return tuple(parse_card(n) for n in names)


def _shown_name(name: Any) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a player's name is text, not {type(name).__name__}")
    return visible(name)


_KINDS = tuple(SeatKind)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat as the transcript names it."""

    name: str
    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        # Every name a front end shows comes through here (a seat, a transcript, a save), so
        # this is the one place where a hostile name is disarmed.
        object.__setattr__(self, "name", _shown_name(self.name))
        if self.kind not in _KINDS:
            raise ValueError(f"a seat's kind is {', '.join(_KINDS)}; got {str(self.kind)[:20]!r}")
        object.__setattr__(self, "kind", SeatKind(self.kind))

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "kind": str(self.kind)}
        if self.level is not None:
            d["level"] = self.level
        return d


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """An event that names its player and nothing else (a turn begins or ends, a pass, a call):
    every game's such events are its subclasses, each with its protocol ``name``."""

    player: int
    name: ClassVar[str] = ""

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.name, "player": self.player}


@dataclass(frozen=True, slots=True)
class SessionStart:
    """A session begins (every game's): the game's name, its seed (withheld from a seat's view),
    its rules and its players."""

    version: int
    seed: int | None
    rules: Mapping[str, Any]
    players: tuple[PlayerInfo, ...]
    game: str = GAME_NAME
    """The game, by its name on the command line (``kings-corner``, ``kings-reverse``)."""
    name = "session_start"

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "session_start",
            "version": self.version,
            "game": self.game,
            "seed": self.seed,
            "rules": dict(self.rules),
            "players": [p.as_dict() for p in self.players],
        }


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
class TurnStart(PlayerEvent):
    """A player's turn begins (every game's)."""

    name = "turn_start"


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
class TurnEnd(PlayerEvent):
    """A player's turn ends (every game's)."""

    name = "turn_end"


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


@dataclass(frozen=True, slots=True)
class SessionEnd:
    """The session is over (every game's): its winners and final totals."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    name = "session_end"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "session_end", "winners": list(self.winners), "totals": list(self.totals)}


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


def session_start_from_dict(d: Mapping[str, Any]) -> SessionStart:
    """Read a ``session_start`` object back, of any game (its ``game`` names it; a transcript
    older than the second game names none: Kings in the Corner's)."""
    game = d.get("game", GAME_NAME)
    if not isinstance(game, str):
        raise TypeError(f"a game's name is text, not {type(game).__name__}")
    return SessionStart(
        d["version"], d["seed"], dict(d["rules"]),
        tuple(PlayerInfo(p["name"], SeatKind(p["kind"]), p.get("level")) for p in d["players"]),
        game,
    )


def event_from_dict(d: Mapping[str, Any], seat: int | None = None) -> Event:
    """Read one transcript object back into an event value (raises ``KeyError``/``ValueError``).
    A deal as a seat sees it (docs/protocol.md section 4, which does not name the seat) is read as
    shown to ``seat``."""
    kind = d["event"]
    if kind == "session_start":
        return session_start_from_dict(d)
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
            d["round"], RoundEndReason(d["reason"]), tuple(d["winners"]),
            tuple(_cards(h) for h in d["hands"]),
            tuple(d["scores"]), tuple(d["totals"]),
        )
    if kind == "session_end":
        return SessionEnd(tuple(d["winners"]), tuple(d["totals"]))
    raise ValueError(f"unknown event {kind!r}")
