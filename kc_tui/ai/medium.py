"""``medium``: the greedy player.  Consolidates piles first, then Kings to corners, then builds,
then fills empty edges with its highest card; repeats until nothing more can be shed."""

from __future__ import annotations

from ..engine.cards import FITS, KING_MASK, PARENTS
from ..engine.moves import MOVE_BASE
from ..engine.observation import Observation
from .base import Player

__all__ = ["MediumPlayer", "greedy_plan"]


def greedy_plan(board: tuple[tuple[int, ...], ...] | list[list[int]], hand: int) -> list[int]:
    """The greedy turn for ``hand`` on ``board`` as move codes (R8: consolidate first, Kings to
    corners early)."""
    piles = [list(p) for p in board]
    plan: list[int] = []
    while hand:
        # Consolidate: move an edge pile onto a pile its bottom card fits, or a King pile to an
        # empty corner.  Each such move empties an edge that a card from hand can then fill.
        tops = 0
        for pile in piles:
            if pile:
                tops |= 1 << pile[-1]
        moved = False
        for s in range(4):
            src = piles[s]
            if not src:
                continue
            bottom = src[0]
            if PARENTS[bottom] & tops:
                for d in range(8):
                    dst = piles[d]
                    if d != s and dst and PARENTS[bottom] >> dst[-1] & 1:
                        dst.extend(src)
                        piles[s] = []
                        plan.append(MOVE_BASE + s * 8 + d)
                        moved = True
                        break
            elif bottom >= 48:
                for d in range(4, 8):
                    if not piles[d]:
                        piles[d] = src
                        piles[s] = []
                        plan.append(MOVE_BASE + s * 8 + d)
                        moved = True
                        break
            if moved:
                break
        if moved:
            continue
        progress = False
        kings = hand & KING_MASK
        if kings:
            for d in range(4, 8):
                if not kings:
                    break
                if not piles[d]:
                    low = kings & -kings
                    cid = low.bit_length() - 1
                    piles[d].append(cid)
                    hand ^= low
                    kings ^= low
                    plan.append(cid * 8 + d)
                    progress = True
        for d in range(8):
            pile = piles[d]
            while pile:
                m = hand & FITS[pile[-1]]
                if not m:
                    break
                low = m & -m
                cid = low.bit_length() - 1
                pile.append(cid)
                hand ^= low
                plan.append(cid * 8 + d)
                progress = True
        if hand:
            for d in range(4):
                if not piles[d]:
                    cid = hand.bit_length() - 1  # the highest card takes the most builds
                    piles[d].append(cid)
                    hand ^= 1 << cid
                    plan.append(cid * 8 + d)
                    progress = True
                    break
        if not progress:
            break
    return plan


class MediumPlayer(Player):
    """Greedy: sheds every card it can see a place for this turn."""

    level = "medium"

    def plan_turn(self, obs: Observation) -> list[int]:
        return greedy_plan(obs.piles, obs.hand_mask)
