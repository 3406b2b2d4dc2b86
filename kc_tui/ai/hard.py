"""``hard``: the expert's method on a short leash.  It plans its whole turn with
:class:`~kc_tui.ai.search.TurnSearch`, weighs its few best plans (one that keeps a card back
among them) by playing each on from a handful of sampled deals, and answers in milliseconds,
so the table never waits on it."""

from __future__ import annotations

import random

from ..engine.observation import Observation
from .budget import Budget
from .expert import ExpertPlayer, ThinkingTraits
from .search import BoardWeights, TurnSearch

__all__ = ["HardPlayer", "HARD"]

HARD = ThinkingTraits(candidates=6, hold=0, samples=8, think=None, reads=False, races=False)
"""A fixed amount of work (the search's node limit, 8 samples), not a clock: the same seed
plays the same game on any machine, and it takes milliseconds (docs/strength.md)."""


class HardPlayer(ExpertPlayer):
    level = "hard"
    TRAITS = HARD

    def __init__(self, rng: random.Random | None = None, weights: BoardWeights | None = None,
                 node_limit: int = 6000, traits: ThinkingTraits | None = None) -> None:
        super().__init__(rng, traits=traits)
        self.weights = weights
        self.node_limit = node_limit

    def _search(self, obs: Observation, budget: Budget | None) -> TurnSearch:
        return TurnSearch(obs.rules.scoring, self.weights, self.node_limit)
