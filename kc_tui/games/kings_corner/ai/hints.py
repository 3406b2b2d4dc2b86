"""Hints for the person at the keyboard, from the same search the computer players use.

:func:`hint` returns the best next move, the whole plan it belongs to, and a sentence that says
why ("Play 8D on N, then 7C on N: that sheds 2 cards.").  With ``think`` > 0 the plan is the
expert's choice (rollouts over sampled deals) within that many seconds; otherwise it is the
turn search's best plan, which answers in milliseconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.moves import Move, PlayCard, apply_code, move_of_code
from ..engine.observation import Observation
from .expert import ExpertPlayer
from .search import TurnSearch

__all__ = ["Hint", "hint", "describe_plan"]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggestion: ``move`` is the next move (None: end the turn), ``plan`` the whole turn."""

    move: Move | None
    plan: tuple[Move, ...]
    text: str


def _step(move: Move) -> str:
    if isinstance(move, PlayCard):
        return f"{move.card} on {move.pile}"
    return f"move {move.source} onto {move.target}"


def describe_plan(plan: tuple[Move, ...], shed: int, out: bool) -> str:
    """One sentence for a plan: its steps, then what it achieves."""
    if not plan:
        return "Nothing helps this turn: end your turn."
    steps = [_step(m) for m in plan]
    first = steps[0]
    first = ("Play " + first) if isinstance(plan[0], PlayCard) else first[0].upper() + first[1:]
    rest = steps[1:]
    sentence = first if not rest else first + ", then " + ", then ".join(rest)
    if out:
        goal = "that plays your last card and wins the round"
    elif shed:
        goal = f"that sheds {shed} card{'s' if shed != 1 else ''}"
    else:
        goal = "that sheds no card but leaves the board better for you"
    return f"{sentence}: {goal}."


def hint(obs: Observation, think: float = 0.0, rng: random.Random | None = None) -> Hint:
    """The suggested plan for ``obs.seat`` on the position shown (call it on your turn)."""
    if think > 0:
        codes = ExpertPlayer(rng or random.Random(0), think=think).plan_turn(obs)
    else:
        codes = list(TurnSearch(obs.rules.scoring).best(obs.piles, obs.hand_mask).plan)
    piles = [list(p) for p in obs.piles]
    hand = obs.hand_mask
    for code in codes:
        hand = apply_code(piles, hand, code)
    plan = tuple(move_of_code(c) for c in codes)
    shed = obs.hand_mask.bit_count() - hand.bit_count()
    return Hint(plan[0] if plan else None, plan, describe_plan(plan, shed, hand == 0 and bool(plan)))
