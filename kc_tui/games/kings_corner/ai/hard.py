"""``hard``: the expert's method on a short leash.  It plans its whole turn with
:class:`~kc_tui.games.kings_corner.ai.search.TurnSearch`, weighs its 8 best plans by playing each
on for two laps
of the table from 24 sampled deals (dealing each opponent only cards it did not show it lacks),
judges where each sample stands by the cards every seat holds, and answers in milliseconds, so
the table never waits on it."""

from __future__ import annotations

import random

from ....core.budget import Budget
from ..engine.observation import Observation
from .expert import ExpertPlayer, ThinkingTraits
from .search import BoardWeights, TurnSearch

__all__ = ["HardPlayer", "HARD"]

HARD = ThinkingTraits(candidates=8, hold=0, samples=24, think=None, reads=True, races=False, horizon=2)
"""A fixed amount of work (the search's node limit, 24 samples of two laps each), not a clock:
the same seed plays the same game on any machine, and it takes milliseconds (docs/strength.md).
Tuning against medium (300 deals each, seed 11, heads-up / one against three): 6 plans on 8
whole-round samples 58.5% / 30.8%; 16 samples 61.5% / 32.5%; card reading and two-lap samples
63.0% / 34.0%; with 8 plans and 24 samples 66.7% / 34.8%."""


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
