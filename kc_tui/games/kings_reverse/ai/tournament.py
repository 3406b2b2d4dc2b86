"""Kings Reverse strength measured the way the first game's is (docs/strength.md,
:mod:`kc_tui.core.tournament`): single rounds between levels, each deal drawing its own order
round the table, with ``duplicate`` played once per rotation of it; a win rate with its 95%
interval over deals, mean points per round and decision times.  This game's own part is how a
round is played and that a blocked round is shared by every seat (KR7).  Also :func:`simulate`,
whole sessions back to back.  Pure Python: it prints nothing and writes only where a caller's
listener does."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from ....core.kinds import SEAT_NAMES, SeatKind, seat_names
from ....core.rating import Rating, on_ladder
from ....core.report import OnRound
from ....core.simulation import play_sessions
from ....core.tournament import RoundPlayed, Standing, Tournament, play_tournament
from .. import ENTRY
from ..engine.events import ReverseEvent
from ..engine.rules import ReverseRules
from ..engine.service import ReverseSeat, ReverseService
from . import make_player
from .base import ReverseAI

__all__ = ["ReverseRounds", "ReverseTournament", "run_tournament", "simulate", "make_seats", "SEAT_NAMES"]


def make_seats(levels: Sequence[str], rng: random.Random, think: float | None = None,
               names: Sequence[str | None] | None = None) -> list[ReverseSeat]:
    """Seats for ``levels`` ("you" or "human:NAME" for a person), named from ``names`` where one
    is given; otherwise people are "You" or their NAME, and computers take the first of
    :data:`SEAT_NAMES` nobody else's name took, as in the first game.  Each computer gets its
    own RNG drawn from ``rng``."""
    seats = []
    for spec, name in zip(levels, seat_names(levels, names)):
        if spec == "you" or spec.startswith("human:"):
            seats.append(ReverseSeat(name, SeatKind.HUMAN))
        else:
            player = make_player(spec, random.Random(rng.getrandbits(48)), think)
            seats.append(ReverseSeat(name, SeatKind.AI, spec, player))
    return seats


def _entrant_dict(e: Standing) -> dict[str, Any]:
    return {"player": e.player, "rounds": e.seats, "win_rate": e.win_rate, "ci95": list(e.ci95),
            "mean_points": e.mean_points, "decision_ms": e.decision_ms}


@dataclass(frozen=True)
class ReverseTournament(Tournament):
    """A Kings Reverse tournament's result."""

    def ratings(self) -> tuple[dict[str, Rating], str]:
        """Each entrant's rating on the ladder's scale, and the entrant it is anchored on."""
        return on_ladder(self.match(), ENTRY.published())

    def as_dict(self) -> dict[str, Any]:
        ratings, anchor = self.ratings()
        return {"game": "kings-reverse", "rounds": self.rounds, "deals": self.deals,
                "duplicate": self.duplicate, "blocked": self.blocked,
                "entrants": [_entrant_dict(e) for e in self.entrants],
                "ratings": {name: r.as_dict() for name, r in ratings.items()}, "anchor": anchor,
                "seconds": self.seconds}


PlayerFactory = Callable[[str, random.Random, float | None], ReverseAI]
"""Makes the player of an entrant: its name, its RNG and the expert's seconds (by default
:func:`~kc_tui.games.kings_reverse.ai.make_player`; a benchmark makes measuring players)."""


@dataclass(frozen=True)
class ReverseRounds:
    """How a Kings Reverse tournament plays a round (:class:`kc_tui.core.tournament.Rounds`)."""

    rules: ReverseRules
    think: float | None
    factory: PlayerFactory
    deal_key: ClassVar[str] = "kr-deal"
    seating_key: ClassVar[str] = "kr-seating"

    def play(self, seats: Sequence[tuple[str, random.Random]], seed: int,
             timed: Callable[[int, float], None]) -> RoundPlayed:
        """One round.  A seat's faults (an action refused, a legal one taken instead) are not
        gathered: this game's result has never reported them."""
        service = ReverseService(self.rules, [
            ReverseSeat(f"{SEAT_NAMES[s]} ({spec})", SeatKind.AI, spec, self.factory(spec, rng, self.think))
            for s, (spec, rng) in enumerate(seats)], seed=seed)
        service.on_decision = timed
        service.play_session(max_rounds=1)
        record = service.game.history[-1]
        n = len(seats)
        if record.winner is None:  # a blocked round has no winner (KR7): every seat shares it
            return RoundPlayed(record.scores, [1.0 / n] * n, True)
        return RoundPlayed(record.scores, [1.0 if s == record.winner else 0.0 for s in range(n)], False)


def run_tournament(entrants: Sequence[str], rules: ReverseRules, rounds: int, seed: int = 1,
                   duplicate: bool = False, jobs: int = 1,
                   think: float | None = None, on_round: OnRound | None = None,
                   factory: PlayerFactory = make_player) -> ReverseTournament:
    """Play ``rounds`` single rounds (grouped in deals of one round per rotation with
    ``duplicate``) and summarise each level (:func:`kc_tui.core.tournament.play_tournament`):
    the win rate counts a blocked round as shared by every seat."""
    return play_tournament(ReverseTournament, entrants, ReverseRounds(rules, think, factory), rounds, seed,
                           duplicate, jobs, on_round)


def simulate(levels: Sequence[str], rules: ReverseRules, rounds: int, seed: int | None,
             think: float | None = None,
             listener_for: Callable[[int, int], Callable[[ReverseEvent], None] | None] | None = None,
             on_round: OnRound | None = None) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict.
    ``listener_for(session, session_seed)`` may give a listener for each session (a
    transcript writer); ``on_round`` hears of each round, and Ctrl+C raises :class:`RunStopped`
    carrying the summary of the rounds played."""
    faults: list[str] = []

    def play(number: int, session_seed: int, max_rounds: int,
             on_round_end: Callable[[Any], None]) -> tuple[int, Sequence[int]]:
        seats = make_seats(levels, random.Random(session_seed ^ 0x5EA75), think)
        service = ReverseService(rules, seats, seed=session_seed)
        listener = listener_for(number, session_seed) if listener_for else None
        if listener is not None:
            service.add_listener(listener)
        played = service.play_session(max_rounds=max_rounds, on_round_end=on_round_end)
        faults.extend(service.take_faults())
        return played, service.session_winners

    def winners(game: Any) -> tuple[Sequence[int], bool]:
        # A blocked round has no winner (KR7), and counts a win for nobody.
        return ((), True) if game.round_winner is None else ((game.round_winner,), False)

    return play_sessions(levels, rounds, seed, [f"{SEAT_NAMES[i]} ({spec})" for i, spec in enumerate(levels)],
                         play, winners, on_round, {"game": "kings-reverse"},
                         {"rules": rules.as_dict(), "faults": faults})
