"""The rules engine: pure Python, no UI.  Deals, referees and scores Kings in the Corner
(docs/rules.md R1-R7) and speaks the transcript vocabulary of docs/protocol.md."""

from ....core.cards import CARDS, Card, NotationError, Rank, Suit, parse_card
from ....core.errors import IllegalMove, RuleError
from ....core.events import PlayerInfo
from .board import CORNERS, EDGES, Pile, parse_pile
from .events import Event
from .game import Game, Phase
from .moves import Move, MovePile, PlayCard
from .observation import Observation
from .rules import PRESETS, RuleSet, build_rules
from .service import GameService, Seat

__all__ = [
    "CARDS", "CORNERS", "EDGES", "Card", "NotationError", "Pile", "Rank", "Suit", "parse_card",
    "parse_pile", "Event", "PlayerInfo", "Game", "Phase", "IllegalMove", "Move", "MovePile",
    "PlayCard", "Observation", "PRESETS", "RuleError", "RuleSet", "build_rules", "GameService",
    "Seat",
]
