"""What one seat may see of a Kings Reverse game: :class:`ReverseView`, an immutable value that
round-trips through JSON (:meth:`ReverseView.to_dict`, :meth:`ReverseView.from_dict`), and the
finished round's :class:`ReverseRoundSummary`.  Screens, the line mode and computer players
read these; nothing in them shows another seat's hand or the stock's order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ....core.cards import AnyCard, Suit, parse_any_card
from ....core.events import PlayerInfo
from ....core.kinds import Phase, SeatKind
from .actions import SUIT_BY_LETTER, Action
from .basics import RoundRecord, Step
from .rules import ReverseRules

__all__ = ["ReverseView", "ReverseRoundSummary", "OneCard"]

OneCard = str
"""A seat's "one card" state: ``""`` (not one card), ``"called"`` or ``"not called"`` (KR5)."""


def _cards(cards: Any) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(c) for c in cards)


@dataclass(frozen=True, slots=True)
class ReverseView:
    """The game as ``seat`` may see it (``seat`` None: a spectator, shown no hand)."""

    seat: int | None
    rules: ReverseRules
    players: tuple[PlayerInfo, ...]
    phase: Phase
    step: Step
    """Where the current player's turn stands (play, drawn, give, call, challenge)."""
    current: int
    round: int
    dealer: int
    clockwise: bool
    """The direction of play: True clockwise (to higher seat numbers), False after a King."""
    pile: tuple[AnyCard, ...]
    """The discard pile, bottom first (every card on it was played face up)."""
    follow: Suit | None
    """The suit to follow (the top card's, or the one named with a Jack or joker)."""
    stock_count: int
    hand: tuple[AnyCard, ...]
    """This seat's hand, sorted, jokers last; empty for a spectator."""
    hand_counts: tuple[int, ...]
    one_card: tuple[OneCard, ...]
    totals: tuple[int, ...]
    legal: tuple[Action, ...]
    """The actions this seat may take now (empty unless it must act)."""
    drawn: AnyCard | None
    """The card this seat just drew and must play (step drawn), else None."""
    give_to: int | None
    """Who receives this seat's next card after its Ace of spades (step give), else None."""
    turn_lost: tuple[bool, ...]
    """Seats whose next turn is lost after a caught bluff (KR6)."""
    history: tuple[RoundRecord, ...]

    @property
    def top(self) -> AnyCard | None:
        """The top card of the pile."""
        return self.pile[-1] if self.pile else None

    @property
    def my_turn(self) -> bool:
        """Must this seat act now?"""
        return self.phase == Phase.TURN and self.seat == self.current

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON object (what a remote seat or a bot would be sent)."""
        return {
            "seat": self.seat, "rules": self.rules.as_dict(),
            "players": [p.as_dict() for p in self.players], "phase": str(self.phase),
            "step": str(self.step), "current": self.current, "round": self.round,
            "dealer": self.dealer, "clockwise": self.clockwise,
            "pile": [str(c) for c in self.pile],
            "follow": self.follow.value if self.follow is not None else None,
            "stock_count": self.stock_count, "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts), "one_card": list(self.one_card),
            "totals": list(self.totals), "legal": [a.as_dict() for a in self.legal],
            "drawn": str(self.drawn) if self.drawn is not None else None,
            "give_to": self.give_to, "turn_lost": list(self.turn_lost),
            "history": [{"round": r.round, "reason": r.reason, "winner": r.winner,
                         "scores": list(r.scores), "totals": list(r.totals)} for r in self.history],
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> ReverseView:
        """Read :meth:`to_dict` back."""
        return ReverseView(
            d["seat"], ReverseRules.from_dict(d["rules"]),
            tuple(PlayerInfo(p["name"], SeatKind(p["kind"]), p.get("level")) for p in d["players"]),
            Phase(d["phase"]), Step(d["step"]), d["current"], d["round"], d["dealer"],
            bool(d["clockwise"]), _cards(d["pile"]),
            SUIT_BY_LETTER[d["follow"]] if d["follow"] is not None else None,
            d["stock_count"], _cards(d["hand"]), tuple(d["hand_counts"]), tuple(d["one_card"]),
            tuple(d["totals"]), tuple(Action.from_dict(a) for a in d["legal"]),
            parse_any_card(d["drawn"]) if d["drawn"] is not None else None, d["give_to"],
            tuple(d["turn_lost"]),
            tuple(RoundRecord(r["round"], r["reason"], r["winner"], tuple(r["scores"]),
                              tuple(r["totals"])) for r in d["history"]),
        )


@dataclass(frozen=True, slots=True)
class ReverseRoundSummary:
    """A finished round, every hand face up (for the round-over dialog)."""

    record: RoundRecord
    hands: tuple[tuple[AnyCard, ...], ...]
    session_over: bool
    session_winners: tuple[int, ...]
