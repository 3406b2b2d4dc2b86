"""Hints for the person at the keyboard, from the same search the computer players use.

:func:`hint` returns the best next move, the whole plan it belongs to, and a sentence that says
why ("Play 8D on N, then 7C on N: that sheds 2 cards.").  With ``think`` > 0 the plan is the
expert's choice (rollouts over sampled deals) within that many seconds; otherwise it is the
turn search's best plan, which answers in milliseconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ....core.i18n import Domain
from ..engine.board import Pile
from ..engine.moves import Move, PlayCard, apply_code, move_of_code
from ..engine.naming import card_text, in_words
from ..engine.observation import Observation
from .expert import ExpertPlayer
from .search import TurnSearch

__all__ = ["Hint", "hint", "describe_plan"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggestion: ``move`` is the next move (None: end the turn), ``plan`` the whole turn."""

    move: Move | None
    plan: tuple[Move, ...]
    text: str


def _pile(pile: Pile) -> str:
    return pile.words if in_words() else pile.letters


def _step(move: Move, first: bool) -> str:
    """One step of a plan: the first says what to do ("Play 8D on N"), the rest follow a "then".
    Cards and piles are named as the front end names them (:func:`~..engine.naming.saying`): in
    notation at the table, in words in the line mode's words notation."""
    if isinstance(move, PlayCard):
        card, pile = card_text(move.card), _pile(move.pile)
        return (_("Play {card} on {pile}") if first else _("{card} on {pile}")).format(card=card, pile=pile)
    source, target = _pile(move.source), _pile(move.target)
    return (_("Move {source} onto {target}") if first else _("move {source} onto {target}")).format(
        source=source, target=target)


def describe_plan(plan: tuple[Move, ...], shed: int, out: bool) -> str:
    """One sentence for a plan: its steps, then what it achieves."""
    if not plan:
        return _("Nothing helps this turn: end your turn.")
    sentence = _step(plan[0], True)
    for move in plan[1:]:
        # Translators: a plan's steps in order: "Play 8D on N, then 7C on N".
        sentence = _("{steps}, then {step}").format(steps=sentence, step=_step(move, False))
    if out:
        return _("{plan}: that plays your last card and wins the round.").format(plan=sentence)
    if shed:
        return ngettext("{plan}: that sheds {n} card.", "{plan}: that sheds {n} cards.", shed).format(
            plan=sentence, n=shed)
    return _("{plan}: that sheds no card but leaves the board better for you.").format(plan=sentence)


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
