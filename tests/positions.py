"""Hand-made deals for scenario tests: cards written as text, a game dealt from them."""

from __future__ import annotations

import random

from kc_tui.core.cards import Card
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.events import RoundStart
from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.engine.rules import build_rules

N, E, S, W, NE, SE, SW, NW = Pile.N, Pile.E, Pile.S, Pile.W, Pile.NE, Pile.SE, Pile.SW, Pile.NW


def cards(text: str) -> tuple[Card, ...]:
    """'8D 7C' -> (Card(8D), Card(7C))."""
    return tuple(Card.parse(t) for t in text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def make_board(**piles: str) -> tuple[tuple[Card, ...], ...]:
    """make_board(N="9C", E="8H", NE="KD QS") -> the 8 piles in Pile order, bottom first."""
    return tuple(cards(piles.get(p.name, "")) for p in Pile)


def deal(round_no: int, dealer: int, hands: list[str], board: dict[str, str], stock: str = "") -> RoundStart:
    """A recorded deal; ``stock`` is written top first."""
    return RoundStart(round_no, dealer, tuple(cards(h) for h in hands), make_board(**board), cards(stock))


def new_game(hands: list[str], board: dict[str, str], stock: str = "", dealer: int = 0,
             preset: str = "standard", **options) -> tuple[Game, list]:
    """A game on a hand-made deal; returns (game, events).  events[0] is session_start."""
    rules = build_rules(len(hands), preset, options)
    events: list = []
    game = Game(rules, random.Random(0), emit=events.append)
    game.start(dealer=dealer, deal=deal(1, dealer, hands, board, stock))
    return game, events
