"""Kings in the Corner's tournament: strength measured over many single rounds between levels,
seats rotated, optionally duplicate (:mod:`kc_tui.core.tournament` plays them and counts).

What is this game's own: how a round is dealt and played for a seating (a bot's process ends
with its round), that a blocked round's win is shared among the round's winners (R5), and the
result's JSON, its figures rounded, with the faults of the seats.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from ....core.kinds import Phase
from ....core.rating import Rating, on_ladder
from ....core.report import OnRound
from ....core.tournament import RoundPlayed, Standing, Tournament, play_tournament
from .. import ENTRY
from ..engine.kinds import RoundEndReason
from ..engine.rules import RuleSet
from ..engine.service import GameService, Seat
from .base import Player
from .bots import DEFAULT_TIMEOUT
from .seats import player_for, spec_kind

__all__ = ["TournamentResult", "TournamentRounds", "run_tournament"]

PlayerFactory = Callable[[str, int, random.Random], Player]
"""Makes the player for an entrant spec sitting at a seat."""


def _entrant_dict(e: Standing) -> dict[str, Any]:
    return {
        "player": e.player,
        "seat_rounds": e.seats,
        "win_rate": round(e.win_rate, 4),
        "ci95": [round(e.ci95[0], 4), round(e.ci95[1], 4)],
        "mean_points": round(e.mean_points, 3),
        "decision_ms": {k: round(v, 3) for k, v in e.decision_ms.items()},
    }


@dataclass(frozen=True)
class TournamentResult(Tournament):
    """A Kings in the Corner tournament's result."""

    def ratings(self) -> tuple[dict[str, Rating], str]:
        """Each entrant's rating on the ladder's scale, and the entrant it is anchored on."""
        return on_ladder(self.match(), ENTRY.published())

    def as_dict(self) -> dict[str, Any]:
        ratings, anchor = self.ratings()
        return {
            "rounds": self.rounds,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "blocked": self.blocked,
            "seconds": round(self.seconds, 2),
            "entrants": [_entrant_dict(e) for e in self.entrants],
            "ratings": {name: r.as_dict() for name, r in ratings.items()},
            "anchor": anchor,
            "faults": list(self.faults),
        }


@dataclass(frozen=True)
class TournamentRounds:
    """How a Kings in the Corner tournament plays a round (:class:`kc_tui.core.tournament.Rounds`)."""

    rules: RuleSet
    factory: PlayerFactory
    deal_key: ClassVar[str] = "kc-tournament"
    seating_key: ClassVar[str] = "kc-seating"

    def play(self, seats: Sequence[tuple[str, random.Random]], seed: int,
             timed: Callable[[int, float], None]) -> RoundPlayed:
        """One round; the seats' bots end with it, even one cut short by a signal."""
        service = GameService(self.rules, [
            Seat(f"{spec}@{s}", *spec_kind(spec), self.factory(spec, s, rng))
            for s, (spec, rng) in enumerate(seats)], seed=seed)
        service.on_decision = timed
        try:
            service.game.start(dealer=len(seats) - 1)
            service.run_computer_turns()
        finally:
            service.close()
        game = service.game
        assert game.phase != Phase.TURN
        # R5: a blocked round is won by those with the fewest cards left, who share the win.
        share = 1.0 / len(game.round_winners)
        return RoundPlayed(game.round_scores,
                           [share if s in game.round_winners else 0.0 for s in range(len(seats))],
                           game.round_reason == RoundEndReason.BLOCKED, service.take_faults())


def _default_player(spec: str, seat: int, rng: random.Random, think: float | None,
                    bot_timeout: float) -> Player:
    return player_for(spec, seat, rng, think=think, bot_timeout=bot_timeout)


def run_tournament(
    entrants: Sequence[str],
    rules: RuleSet,
    rounds: int,
    seed: int = 1,
    duplicate: bool = False,
    jobs: int = 1,
    factory: PlayerFactory | None = None,
    think: float | None = None,
    bot_timeout: float = DEFAULT_TIMEOUT,
    on_round: OnRound | None = None,
) -> TournamentResult:
    """Play ``rounds`` rounds (with ``duplicate``, rounds are grouped in deals of one round per
    seat rotation) and summarise per entrant (:func:`kc_tui.core.tournament.play_tournament`).
    ``factory`` makes the players, by default the levels' with ``think`` and ``bot_timeout``."""
    factory = factory or functools.partial(_default_player, think=think, bot_timeout=bot_timeout)
    return play_tournament(TournamentResult, entrants, TournamentRounds(rules, factory), rounds, seed,
                           duplicate, jobs, on_round)
