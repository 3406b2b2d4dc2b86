"""How a card and a pile are named in a sentence: in R1 notation (``7H``, ``NE``) for the eye, or
in words ("the seven of hearts", "north-east") for the ear.

The refusals the engine makes deep inside (:func:`~.moves.refusal`) name cards and piles too; a
front end that speaks (the line mode) says so once around its work (:func:`saying`), and every
sentence made inside, in its own context, follows.
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from typing import Iterator

from ....core.cards import Card
from .board import Pile

__all__ = ["in_words", "saying", "card_text", "pile_text", "capital"]

_WORDS: contextvars.ContextVar[bool] = contextvars.ContextVar("kings_corner_words", default=False)


def in_words() -> bool:
    """Whether cards and piles are named in words here."""
    return _WORDS.get()


@contextmanager
def saying(words: bool) -> Iterator[None]:
    """Name cards and piles in words (or in notation) for the length of a ``with`` block."""
    token = _WORDS.set(words)
    try:
        yield
    finally:
        _WORDS.reset(token)


def card_text(card: Card, words: bool | None = None) -> str:
    """``7H``, or "the seven of hearts" (``words`` None: as :func:`saying` set it)."""
    return card.words if (in_words() if words is None else words) else str(card)


def pile_text(pile: Pile, words: bool | None = None) -> str:
    """``NE``, or its bare name "north-east" (``words`` None: as :func:`saying` set it)."""
    return pile.word if (in_words() if words is None else words) else pile.name


def capital(text: str) -> str:
    """``text`` with its first letter made a capital: a sentence that starts with a card's name
    ("The seven of hearts does not fit...")."""
    return text[:1].upper() + text[1:]
