"""Kings in the Corner's ``session`` part (:class:`kc_tui.core.part.GameSession`)."""

from __future__ import annotations

import json
import random
from typing import Any, Iterable, Mapping, Sequence, get_args

from ...core.part import Narrate, Service
from .ai.seats import make_seats
from .engine.describe import Narrator
from .engine.events import GAME_NAME, Event, event_from_dict
from .engine.rules import RuleSet, build_rules
from .engine.service import GameService
from .engine.transcript import encode_event, replay

__all__ = ["GAME", "CornerSession"]


class CornerSession:
    """Sessions of Kings in the Corner for the platform."""

    name = GAME_NAME
    event_names = frozenset(cls.name for cls in get_args(Event))
    quiet = frozenset({"turn_start"})  # (a royal King's extra turn is told; a turn begins unsaid)
    secret = {"draw": frozenset({"card"})}

    def standard_rules(self, players: int) -> RuleSet:
        return build_rules(players)

    def rules_from_dict(self, d: Mapping[str, Any]) -> RuleSet:
        return RuleSet.from_dict(d)

    def new_service(self, rules: Any, levels: Sequence[str], seed: int,
                    think: float | None = None) -> Service:
        # The seats' random numbers are drawn as the simulate command draws them.
        seats = make_seats(levels, random.Random(seed ^ 0x5EA75), think)
        return GameService(rules, seats, seed=seed)

    def encode(self, event: Any) -> str:
        return encode_event(event)

    def decode(self, line: str, seat: int | None = None) -> Any:
        return event_from_dict(json.loads(line), seat)

    def narrator(self, names: Sequence[str], seat: int | None) -> Narrate:
        return Narrator(names).sentence

    def replay(self, lines: Iterable[str]) -> tuple[int, ...]:
        return tuple(replay(lines).totals)


GAME = CornerSession()
