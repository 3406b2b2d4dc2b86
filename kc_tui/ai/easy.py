"""``easy``: a beginner.  Plays some legal cards at random, rarely thinks of moving piles, and
often stops while it could still play."""

from __future__ import annotations

from ..engine.moves import MOVE_BASE, apply_code, legal_codes
from ..engine.observation import Observation
from .base import Player

__all__ = ["EasyPlayer"]

STOP_CHANCE = 0.3
"""Chance to stop before each further move, though more could be played."""
SEES_PILE_MOVES = 0.25
"""Chance, at each step, that moving a whole pile even occurs to it."""


class EasyPlayer(Player):
    level = "easy"

    def plan_turn(self, obs: Observation) -> list[int]:
        rng = self.rng
        piles = [list(p) for p in obs.piles]
        hand = obs.hand_mask
        plan: list[int] = []
        while hand:
            codes = legal_codes(piles, hand)
            if rng.random() >= SEES_PILE_MOVES:
                codes = [c for c in codes if c < MOVE_BASE]
            if not codes or (plan and rng.random() < STOP_CHANCE):
                break
            code = rng.choice(codes)
            hand = apply_code(piles, hand, code)
            plan.append(code)
        return plan
