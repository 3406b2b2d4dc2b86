"""Kings Reverse positions set up by hand for the rule tests: a referee whose hands, pile,
stock and turn are given, every event recorded."""

from __future__ import annotations

import random
from typing import Any, Sequence

from kc_tui.core.cards import parse_any_card
from kc_tui.core.events import PlayerInfo
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.games.kings_reverse.engine.actions import parse_action
from kc_tui.games.kings_reverse.engine.basics import Step
from kc_tui.games.kings_reverse.engine.game import ReverseGame
from kc_tui.games.kings_reverse.engine.rules import build_rules


def ids(text: str) -> list[int]:
    return [parse_any_card(t).id for t in text.split()]


class Table:
    """A game in a given position; ``events`` collects the protocol objects."""

    def __init__(self, hands: Sequence[str], pile: str, stock: str = "", follow: str | None = None,
                 current: int = 0, clockwise: bool = True, **options: Any) -> None:
        n = len(hands)
        self.rules = build_rules(n, **options)
        self.events: list[dict[str, Any]] = []
        game = ReverseGame(self.rules, random.Random(0),
                           [PlayerInfo(f"P{i}", SeatKind.AI) for i in range(n)], 0)
        game.set_emit(lambda e: self.events.append(e.as_dict()))
        game.hands = [ids(h) for h in hands]
        game.pile = ids(pile)
        stock_top_first = ids(stock)
        game.stock = list(reversed(stock_top_first))
        game.follow = "CDHS".index(follow) if follow else game.pile[-1] % 4
        game.direction = 1 if clockwise else -1
        game.phase = Phase.TURN
        game.round_no = 1
        game.dealer = (current - 1) % n
        game.current = current
        game.step = Step.PLAY
        self.game = game

    def do(self, text: str) -> None:
        self.game.apply(parse_action(text))

    def hand(self, seat: int) -> str:
        return " ".join(str(c) for c in self.game.hand(seat))

    def kinds(self) -> list[str]:
        return [e["event"] for e in self.events]

    def since(self, start: int) -> list[tuple[Any, ...]]:
        out = []
        for e in self.events[start:]:
            out.append(tuple(v for k, v in e.items() if k not in ("cards",)))
        return out
