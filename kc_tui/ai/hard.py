"""``hard``: plans its whole turn with :class:`~kc_tui.ai.search.TurnSearch` and plays the plan
that sheds the most cards, ties broken by the board it leaves the next players."""

from __future__ import annotations

import random

from ..engine.observation import Observation
from .base import Player
from .search import BoardWeights, TurnSearch

__all__ = ["HardPlayer"]


class HardPlayer(Player):
    level = "hard"

    def __init__(self, rng: random.Random | None = None, weights: BoardWeights | None = None,
                 node_limit: int = 6000) -> None:
        super().__init__(rng)
        self.weights = weights
        self.node_limit = node_limit

    def plan_turn(self, obs: Observation) -> list[int]:
        # A fresh search each time: it holds the working board, so two decisions must not share one.
        search = TurnSearch(obs.rules.scoring, self.weights, self.node_limit)
        return list(search.best(obs.piles, obs.hand_mask).plan)
