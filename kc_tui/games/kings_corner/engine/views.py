"""What the engine service hands a front end: small frozen values, each with a JSON form.

A front end in another process (a network table, a browser) needs nothing but these: each value
turns into plain JSON types with ``as_dict()`` and back with ``from_dict()``, and is equal to
the value it came from.  None of them holds a reference into the running game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from ....core.cards import Card, parse_card
from ....core.events import PlayerInfo
from ....core.kinds import Phase, SeatKind
from .board import Pile, parse_pile
from .kinds import ChipReason, RoundEndReason
from .observation import Observation
from .rules import RuleSet

__all__ = ["TurnId", "RoundRecord", "SeatView", "RoundSummary", "SessionSummary", "Targets",
           "observation_as_dict", "observation_from_dict"]

Cards = tuple[Card, ...]


def _cards(names: Any) -> Cards:
    return tuple(parse_card(n) for n in names)


def _names(cards: Cards) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True, slots=True)
class TurnId:
    """Which turn of the session this is: a decision taken for one turn is dropped once the
    game has moved on to another."""

    round: int
    turn: int
    """Turns started so far in the round (an extra turn under royal Kings counts anew)."""
    seat: int

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "seat": self.seat}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TurnId:
        return cls(d["round"], d["turn"], d["seat"])


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """How one round ended: why, who won, each seat's points, the totals after it and (chips
    scoring) the chips left in the pot."""

    round: int
    reason: RoundEndReason
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    pot: int = 0
    chips: tuple[tuple[int, int, ChipReason], ...] = ()
    """Chips scoring: every payment of the round as (seat, chips, reason), reasons as in the
    transcript's ``chips`` event."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round, "reason": str(self.reason), "winners": list(self.winners),
            "scores": list(self.scores), "totals": list(self.totals), "pot": self.pot,
            "chips": [[seat, amount, str(why)] for seat, amount, why in self.chips],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> RoundRecord:
        return cls(
            d["round"], RoundEndReason(d["reason"]), tuple(d["winners"]), tuple(d["scores"]),
            tuple(d["totals"]), d["pot"],
            tuple((seat, amount, ChipReason(why)) for seat, amount, why in d["chips"]),
        )


def _player_from_dict(d: Mapping[str, Any]) -> PlayerInfo:
    return PlayerInfo(d["name"], SeatKind(d["kind"]), d.get("level"))


def observation_as_dict(obs: Observation) -> dict[str, Any]:
    """An observation's JSON form (the bit mask and card ids as they are: they are ints)."""
    d = obs._asdict()
    d["rules"] = obs.rules.as_dict()
    d["phase"] = str(obs.phase)
    d["piles"] = [list(p) for p in obs.piles]
    d["hand_counts"] = list(obs.hand_counts)
    d["totals"] = list(obs.totals)
    return d


def observation_from_dict(d: Mapping[str, Any]) -> Observation:
    values = dict(d)
    values["rules"] = RuleSet.from_dict(d["rules"])
    values["phase"] = Phase(d["phase"])
    values["piles"] = tuple(tuple(p) for p in d["piles"])
    values["hand_counts"] = tuple(d["hand_counts"])
    values["totals"] = tuple(d["totals"])
    return Observation(**values)


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as one seat (or a spectator, ``seat`` None) may see it now."""

    seat: int | None
    phase: Phase
    current: int
    """Whose turn it is (or was, when the round ended)."""
    round: int
    """The round being played or just finished; 0 before the first deal."""
    turn: TurnId | None
    """The turn being played; None between rounds."""
    players: tuple[PlayerInfo, ...]
    totals: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    """Every finished round of the session, oldest first."""
    observation: Observation | None
    """The seat's own observation (its hand, the board, the counts); None for a spectator."""

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "phase": str(self.phase), "current": self.current, "round": self.round,
            "turn": self.turn.as_dict() if self.turn else None,
            "players": [p.as_dict() for p in self.players], "totals": list(self.totals),
            "history": [r.as_dict() for r in self.history],
            "observation": observation_as_dict(self.observation) if self.observation else None,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeatView:
        return cls(
            d["seat"], Phase(d["phase"]), d["current"], d["round"],
            TurnId.from_dict(d["turn"]) if d["turn"] else None,
            tuple(_player_from_dict(p) for p in d["players"]), tuple(d["totals"]),
            tuple(RoundRecord.from_dict(r) for r in d["history"]),
            observation_from_dict(d["observation"]) if d["observation"] else None,
        )


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A finished round, for the round-over dialog and the line mode: its record (the last of
    ``history``), every hand left face up, and what is needed to say what comes next."""

    rules: RuleSet
    seed: int | None
    history: tuple[RoundRecord, ...]
    hands: tuple[Cards, ...]
    session_over: bool
    withheld: tuple[int, ...] = ()
    """The seats whose hand is not shown (a networked seat sees only its own): their entry in
    ``hands`` is empty, and says nothing of what they held."""

    @property
    def record(self) -> RoundRecord:
        return self.history[-1]

    def as_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.as_dict(), "seed": self.seed,
            "history": [r.as_dict() for r in self.history],
            "hands": [_names(h) for h in self.hands], "session_over": self.session_over,
            "withheld": list(self.withheld),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> RoundSummary:
        return cls(
            RuleSet.from_dict(d["rules"]), d["seed"], tuple(RoundRecord.from_dict(r) for r in d["history"]),
            tuple(_cards(h) for h in d["hands"]), d["session_over"], tuple(d.get("withheld", ())),
        )


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A finished session: its winners and every round's record."""

    rules: RuleSet
    winners: tuple[int, ...]
    history: tuple[RoundRecord, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.as_dict(), "winners": list(self.winners),
                "history": [r.as_dict() for r in self.history]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SessionSummary:
        return cls(RuleSet.from_dict(d["rules"]), tuple(d["winners"]),
                   tuple(RoundRecord.from_dict(r) for r in d["history"]))


@dataclass(frozen=True, slots=True)
class Targets:
    """Where a held card or pile may go now (R4): the piles, in :class:`Pile` order."""

    held: Card | Pile
    piles: tuple[Pile, ...]

    def __contains__(self, pile: object) -> bool:
        return pile in self.piles

    def __len__(self) -> int:
        return len(self.piles)

    def __iter__(self) -> Iterator[Pile]:
        return iter(self.piles)

    def as_dict(self) -> dict[str, Any]:
        held = {"card": str(self.held)} if isinstance(self.held, Card) else {"pile": self.held.name}
        return {**held, "piles": [p.name for p in self.piles]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Targets:
        held: Card | Pile = parse_card(d["card"]) if "card" in d else parse_pile(d["pile"])
        return cls(held, tuple(parse_pile(p) for p in d["piles"]))
