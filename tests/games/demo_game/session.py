"""Higher's ``session`` part."""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Sequence

from kc_tui.core.part import Narrate, Service
from kc_tui.core.text import YOU

from .engine import (
    EVENTS,
    GAME_NAME,
    Drew,
    HigherGame,
    HigherRules,
    HigherService,
    Passed,
    Played,
    RoundEnd,
    RoundStart,
    RoundView,
    computer_seats,
    event_from_dict,
    take_again,
)


class HigherSession:
    name = GAME_NAME
    event_names = frozenset(cls.name for cls in EVENTS)
    quiet = frozenset({"turn_start", "turn_end", "session_start"})
    secret = {"draw": frozenset({"card"})}

    def standard_rules(self, players: int) -> HigherRules:
        return HigherRules(players)

    def rules_from_dict(self, d: Mapping[str, Any]) -> HigherRules:
        return HigherRules.from_dict(d)

    def new_service(self, rules: Any, levels: Sequence[str], seed: int,
                    think: float | None = None) -> Service:
        return HigherService(rules, computer_seats(levels), seed)

    def encode(self, event: Any) -> str:
        return json.dumps(event.as_dict(), separators=(",", ":"))

    def decode(self, line: str, seat: int | None = None) -> Any:
        return event_from_dict(json.loads(line), seat)

    def narrator(self, names: Sequence[str], seat: int | None) -> Narrate:
        def does(seat: int, you: str, them: str) -> str:
            # A game with no catalog of its own: the demonstration says its sentences in English.
            return you if names[seat] == YOU else f"{names[seat]} {them}"

        def tell(event: Any) -> str | None:
            if isinstance(event, RoundStart | RoundView):
                return f"Round {event.round}: the pile shows {event.pile.words}."
            if isinstance(event, Played):
                return f"{does(event.player, 'You play', 'plays')} {event.card.words}."
            if isinstance(event, Drew):
                drawn = event.card.words if event.card else "a card"
                return f"{does(event.player, 'You draw', 'draws')} {drawn}."
            if isinstance(event, Passed):
                return f"{does(event.player, 'You pass', 'passes')}."
            if isinstance(event, RoundEnd):
                return f"Round {event.round} is over: " + (
                    " and ".join(names[w] for w in event.winners) + " won." if event.winners else "blocked.")
            if event.name == "session_end":
                return "The session is over."
            return None
        return tell

    def replay(self, lines: Iterable[str]) -> tuple[int, ...]:
        events = [event_from_dict(json.loads(line)) for line in lines]
        start = events[0]
        game = HigherGame(HigherRules.from_dict(start.rules), start.players, start.seed)
        replayed: list[Any] = []
        game.set_emit(replayed.append)
        game.start()
        take_again(game, events[1:])
        if [self.encode(e) for e in replayed] != [self.encode(e) for e in events]:
            raise ValueError("the transcript does not follow Higher's rules")
        return tuple(game.totals)


GAME = HigherSession()
