"""``oracle``: the expert's method with the cards face up.  It reads every hand and the stock
order from the referee, so each candidate plan is played on against the true deal.  For
benchmarks only, as the ceiling the honest levels are measured against; never offered in the
game's menus."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.observation import Observation
from .base import Player
from .expert import Rollouts
from .search import TurnSearch

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["OraclePlayer"]


class OraclePlayer(Player):
    level = "oracle"
    sees_all = True

    def __init__(self, rng: random.Random | None = None, candidates: int = 10) -> None:
        super().__init__(rng)
        self.count = candidates
        self.referee: Game | None = None

    def see_all(self, referee: Game) -> None:
        self.referee = referee

    def plan_turn(self, obs: Observation) -> list[int]:
        if self.referee is None:
            raise RuntimeError("the oracle needs the referee; seat it through GameService")
        cands = TurnSearch(obs.rules.scoring).candidates(obs.piles, obs.hand_mask, self.count)
        if len(cands) == 1:
            return list(cands[0].plan)
        rollouts = Rollouts(obs, cands)
        # The true deal: every hand and the stock in its real order.
        rollouts.run(list(self.referee.hands), list(self.referee.stock))
        return list(rollouts.best().plan)
