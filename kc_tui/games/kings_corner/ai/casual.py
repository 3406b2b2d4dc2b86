"""``beginner`` and ``easy``: greedy play as people new to the game play it.

One implementation, :class:`CasualPlayer`, whose level is a small frozen :class:`CasualTraits`:
the same order of play as ``medium`` (move piles together, Kings to corners, build, fill an
empty edge), but a move it does not notice stays unnoticed for the rest of the turn, it may
keep a card back rather than start an empty edge with it, it starts edges with any card rather
than the one that takes the most builds, and it may simply stop before its hand is done.  It
remembers nothing between turns: it looks only at the board in front of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from ..engine.board import KING_MASK
from ..engine.moves import MOVE_BASE, apply_code, legal_codes
from ..engine.observation import Observation
from .base import Player

__all__ = ["CasualTraits", "CasualPlayer", "BEGINNER", "EASY"]


@dataclass(frozen=True, slots=True)
class CasualTraits:
    """How a casual player misses and holds.  Each chance is decided once per move and turn."""

    sees_pile_moves: float
    """Chance that moving a whole pile onto another (or a King pile to a corner) occurs to it."""
    sees_builds: float
    """Chance that it notices a card of its hand fits on a pile (Kings to corners included)."""
    fills_edges: float
    """Chance that it starts an empty edge with a card rather than keep the card in hand."""
    best_fill: bool
    """Whether it starts an edge with its highest card (which takes the most builds) or any."""
    gives_up: float
    """Chance, after each move, that it ends its turn though it could play on."""


BEGINNER = CasualTraits(sees_pile_moves=0.5, sees_builds=0.9, fills_edges=0.9, best_fill=False,
                        gives_up=0.02)
"""A first game: sees most builds but half the pile moves, starts edges with any card."""
EASY = CasualTraits(sees_pile_moves=0.65, sees_builds=0.97, fills_edges=0.93, best_fill=True,
                    gives_up=0.01)
"""Knows the game, but overlooks a pile move in three and a card now and then."""


class CasualPlayer(Player):
    """Greedy play with a person's lapses (see :class:`CasualTraits`)."""

    level: ClassVar[str] = "casual"
    TRAITS: ClassVar[CasualTraits] = EASY
    """The level's traits (a subclass names its own)."""

    def __init__(self, rng: random.Random | None = None, traits: CasualTraits | None = None) -> None:
        super().__init__(rng)
        self.traits = traits or self.TRAITS

    def plan_turn(self, obs: Observation) -> list[int]:
        rng = self.rng
        t = self.traits
        piles = [list(p) for p in obs.piles]
        hand = obs.hand_mask
        noticed: dict[int, bool] = {}
        """Move code (a fill: its card) -> whether it occurred to the player this turn."""
        plan: list[int] = []
        while hand:
            pile_moves: list[int] = []
            kings: list[int] = []
            builds: list[int] = []
            fills: list[int] = []
            for code in legal_codes(piles, hand):
                target = code & 7
                if code >= MOVE_BASE:
                    chance, key = t.sees_pile_moves, code
                    bucket = pile_moves
                elif piles[target]:
                    chance, key, bucket = t.sees_builds, code, builds
                elif target >= 4:
                    chance, key, bucket = t.sees_builds, code, kings
                else:
                    # Which empty edge does not matter to a person: decide once per card.
                    chance, key, bucket = t.fills_edges, -1 - (code >> 3), fills
                seen = noticed.get(key)
                if seen is None:
                    seen = noticed[key] = rng.random() < chance
                if seen:
                    bucket.append(code)
            if pile_moves:
                code = pile_moves[0]
            elif kings:
                code = kings[0]
            elif builds:
                code = rng.choice(builds)
            elif fills:
                if t.best_fill:
                    code = max(fills, key=lambda c: (c >> 3, -(c & 7)))
                else:
                    code = rng.choice([c for c in fills if not (1 << (c >> 3)) & KING_MASK] or fills)
            else:
                break
            hand = apply_code(piles, hand, code)
            plan.append(code)
            if hand and rng.random() < t.gives_up:
                break
        return plan
