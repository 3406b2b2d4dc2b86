"""``medium``: the greedy player.  Consolidates piles first, then Kings to corners, then builds,
then fills empty edges with its highest card; repeats until nothing more can be shed."""

from __future__ import annotations

from typing import Sequence

from ..engine.board import FITS, KING_MASK, PARENTS
from ..engine.moves import MOVE_BASE
from ..engine.observation import Observation
from .base import Player

__all__ = ["MediumPlayer", "greedy_plan"]


def greedy_plan(board: Sequence[Sequence[int]], hand: int) -> list[int]:
    """The greedy turn for ``hand`` on ``board`` as move codes (R8: consolidate first, Kings to
    corners early)."""
    # The greedy player only ever looks at a pile's top and an edge's bottom card, so it plays
    # on those alone (-1: empty) rather than on a copy of the board: this runs in every
    # rollout of the expert and every simulated turn.
    # ``tops`` is kept exact; ``fits`` may keep cards that no longer fit (it only says whether
    # the builds need looking at).
    top: list[int] = []
    tops = fits = 0
    for p in board:
        if p:
            t = p[-1]
            top.append(t)
            tops |= 1 << t
            fits |= FITS[t]
        else:
            top.append(-1)
    north, east, south, west = board[0], board[1], board[2], board[3]
    bottom = [
        north[0] if north else -1, east[0] if east else -1,
        south[0] if south else -1, west[0] if west else -1,
    ]
    plan: list[int] = []
    append = plan.append
    while hand:
        # Consolidate: move an edge pile onto a pile its bottom card fits, or a King pile to an
        # empty corner.  Each such move empties an edge that a card from hand can then fill.
        moved = False
        for s, b in enumerate(bottom):
            if b < 0:
                continue
            parents = PARENTS[b]
            if parents & tops:
                for d, t in enumerate(top):
                    if d != s and t >= 0 and parents >> t & 1:
                        tops ^= 1 << t
                        moved = True
                        break
            elif b >= 48:
                for d in range(4, 8):
                    if top[d] < 0:
                        moved = True
                        break
            if moved:
                top[d] = top[s]
                top[s] = bottom[s] = -1
                append(MOVE_BASE + s * 8 + d)
                break
        if moved:
            continue
        progress = False
        kings = hand & KING_MASK
        if kings:
            for d in range(4, 8):
                if not kings:
                    break
                if top[d] < 0:
                    low = kings & -kings
                    cid = low.bit_length() - 1
                    top[d] = cid
                    tops |= low
                    fits |= FITS[cid]
                    hand ^= low
                    kings ^= low
                    append(cid * 8 + d)
                    progress = True
        if hand & fits:
            for d, t in enumerate(top):
                if t < 0:
                    continue
                m = hand & FITS[t]
                if not m:
                    continue
                tops ^= 1 << t
                while m:
                    low = m & -m
                    t = low.bit_length() - 1
                    hand ^= low
                    append(t * 8 + d)
                    m = hand & FITS[t]
                top[d] = t
                tops |= 1 << t
                fits |= FITS[t]
                progress = True
        if hand:
            for d in range(4):
                if top[d] < 0:
                    cid = hand.bit_length() - 1  # the highest card takes the most builds
                    top[d] = bottom[d] = cid
                    tops |= 1 << cid
                    fits |= FITS[cid]
                    hand ^= 1 << cid
                    append(cid * 8 + d)
                    progress = True
                    break
        if not progress:
            break
    return plan


class MediumPlayer(Player):
    """Greedy: sheds every card it can see a place for this turn."""

    level = "medium"
    plans_from_board = True

    def plan_turn(self, obs: Observation) -> list[int]:
        return greedy_plan(obs.piles, obs.hand_mask)

    def plan_from_board(self, piles: Sequence[Sequence[int]], hand: int) -> list[int]:
        """The same plan from the board and the hand alone, which is all greedy play looks at:
        the engine service calls this instead of :meth:`plan_turn` when it can, and so builds
        no observation for the turn.  ``piles`` is only read."""
        return greedy_plan(piles, hand)
