"""Kings Reverse's ``session`` part (:class:`kc_tui.core.part.GameSession`)."""

from __future__ import annotations

import json
import random
from typing import Any, Iterable, Mapping, Sequence, get_args

from ...core.part import Narrate, Service
from .ai.tournament import make_seats
from .engine.describe import describe_event
from .engine.events import GAME_NAME, ReverseEvent, encode_event, event_from_dict
from .engine.rules import ReverseRules, build_rules
from .engine.service import ReverseService
from .engine.transcript import replay_states

__all__ = ["GAME", "ReverseSession"]


class ReverseSession:
    """Sessions of Kings Reverse for the platform."""

    name = GAME_NAME
    event_names = frozenset(cls.name for cls in get_args(ReverseEvent))
    quiet = frozenset({"session_start", "turn_start", "turn_end"})
    secret = {"draw": frozenset({"cards"}), "give": frozenset({"card"})}

    def standard_rules(self, players: int) -> ReverseRules:
        return build_rules(players)

    def rules_from_dict(self, d: Mapping[str, Any]) -> ReverseRules:
        return ReverseRules.from_dict(d)

    def new_service(self, rules: Any, levels: Sequence[str], seed: int,
                    think: float | None = None) -> Service:
        # The seats' random numbers are drawn as the simulate command draws them.
        seats = make_seats(levels, random.Random(seed ^ 0x5EA75), think)
        return ReverseService(rules, seats, seed=seed)

    def encode(self, event: Any) -> str:
        return encode_event(event)

    def decode(self, line: str, seat: int | None = None) -> Any:
        return event_from_dict(json.loads(line), seat)

    def narrator(self, names: Sequence[str], seat: int | None) -> Narrate:
        return lambda event: describe_event(event, names, seat)

    def replay(self, lines: Iterable[str]) -> tuple[int, ...]:
        steps = replay_states(lines).steps
        return steps[-1][1].totals if steps else ()


GAME = ReverseSession()
