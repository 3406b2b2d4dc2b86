"""The words typed for the review commands every game's line mode has, in every language.

A person who reads the table with ``voir`` in one game types ``voir`` in the other: each game
kept its own list of these words, and the lists drifted apart (a play test's ``voir`` was
refused by Kings in the Corner and ``regarder`` by Kings Reverse, one game's help teaching the
word the other refused).  The words are read in every language, beside the English ones
(scripts and bots do not change), and no word of one language is another's word for something
else.  Each game reads its own commands beside these (a pile, the verbosity, a hint).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

__all__ = ["REVIEW_WORDS", "REVIEWS"]

REVIEWS = ("look", "hand", "who", "scores", "rules", "last")
"""The review commands every game has, by their English words: they answer a question about
the table and change nothing."""

_WORDS = {
    "look": ("look", "l", "board", "mirar", "ver", "mesa", "tablero", "voir", "regarder", "table"),
    "hand": ("hand", "mano", "main"),
    "who": ("who", "quien", "qui"),
    "scores": ("scores", "score", "puntos", "puntuacion", "points"),
    "rules": ("rules", "reglas", "regles"),
    "last": ("last", "ultimo", "dernier"),
}

REVIEW_WORDS: Mapping[str, str] = MappingProxyType(
    {word: name for name, words in _WORDS.items() for word in words})
"""Each word (folded: lower case, no accents, :func:`~kc_tui.core.text.folded`) that names a
review command of :data:`REVIEWS`, in English, Spanish or French, and the command's English
word."""
