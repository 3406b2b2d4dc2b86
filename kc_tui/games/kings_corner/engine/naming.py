"""How a card and a pile are named in a sentence: in R1 notation (``7H``, ``NE``) for the eye, or
in words ("the seven of hearts", "north-east") for the ear.

The refusals the engine makes deep inside (:func:`~.moves.refusal`) name cards and piles too; a
front end that speaks (the line mode) says so once around its work (:func:`saying`), and every
sentence made inside, in its own context, follows.
"""

from __future__ import annotations

from typing import Iterable

from ....core.cards import Card, in_words, saying, showing, shown
from ....core.i18n import Domain
from .board import Pile

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["in_words", "saying", "showing", "card_text", "pile_text", "capital", "items"]


def card_text(card: Card, words: bool | None = None) -> str:
    """``7H`` (or as :func:`showing` set it), or "the seven of hearts" (``words`` None: as
    :func:`saying` set it)."""
    return card.words if (in_words() if words is None else words) else shown(card)


def pile_text(pile: Pile, words: bool | None = None) -> str:
    """``NE``, or its bare name "north-east" (``words`` None: as :func:`saying` set it)."""
    return pile.word if (in_words() if words is None else words) else pile.letters


def capital(text: str) -> str:
    """``text`` with its first letter made a capital: a sentence that starts with a card's name
    ("The seven of hearts does not fit...")."""
    return text[:1].upper() + text[1:]


def items(parts: Iterable[str]) -> str:
    """Items of a spoken list that hold commas of their own ("1, two of clubs; 2, ..."),
    parted as the language parts them."""
    # Translators: what parts the items of a list that hold commas: "; " in English, " ; " in
    # French.
    return pgettext("list", "; ").join(parts)
