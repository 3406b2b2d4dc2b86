"""The cross of Kings in the Corner (docs/rules.md R1): its eight piles and their notation, and the
hot path's tables that make the R4 "one rank lower, opposite colour" test a single ``&`` on card
ids (``rank_index * 4 + suit``) and hand masks.
"""

from __future__ import annotations

import enum
from typing import Sequence

from ....core.cards import NotationError, quoted
from ....core.i18n import N_, Domain, language
from ....core.text import folded

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["Pile", "PILES", "EDGES", "CORNERS", "parse_pile", "is_pile", "RANK_OF", "IS_RED", "KING_MASK",
           "ALL_MASK", "FITS", "PARENTS", "owed_king"]


class Pile(enum.Enum):
    """The eight piles of the cross (R1): four edges, then four corners."""

    N = 0
    E = 1
    S = 2
    W = 3
    NE = 4
    SE = 5
    SW = 6
    NW = 7

    @property
    def is_edge(self) -> bool:
        return self.value < 4

    @property
    def is_corner(self) -> bool:
        return self.value >= 4

    @property
    def words(self) -> str:
        """The pile as a sentence names it, article and all: "North", "the north-east corner"
        ("el Norte", "la esquina noreste"; "le Nord", "le coin nord-est")."""
        return _(_PILE_WORDS[self.value])

    @property
    def word(self) -> str:
        """The pile's bare name, said for the ear where its letters would be read as a word
        ("NE" is "knee"): "North", "north-east" ("Norte", "Noreste"; "Nord", "Nord-Est")."""
        return _pile_names()[self.value]

    @property
    def letters(self) -> str:
        """The pile's letters as the player's language writes them (N E S W in English, N E S O in
        Spanish and French): on the cross, in hints, in the short notation.  ``name`` stays the
        notation of transcripts and bots, and every language's letters are read back."""
        return _(_PILE_LETTERS[self.value])

    def __str__(self) -> str:
        return self.name


_PILE_LETTERS = (
    # Translators: the letters of the eight piles of the cross, as written on the table
    # (N, E, S, W: north, east, south, west; the corners NE, SE, SW, NW).
    N_("N"), N_("E"), N_("S"), N_("W"), N_("NE"), N_("SE"), N_("SW"), N_("NW"),
)

_PILE_WORDS = (
    # Translators: a pile in a sentence ("You play the ace of spades on North."), with the
    # article your language puts there ("el Norte", "le Nord").
    N_("North"), N_("East"), N_("South"), N_("West"),
    N_("the north-east corner"), N_("the south-east corner"),
    N_("the south-west corner"), N_("the north-west corner"),
)


def _pile_names() -> tuple[str, ...]:
    """The piles' bare names in the language being served (no article: "North", "north-east")."""
    return (pgettext("pile", "North"), pgettext("pile", "East"), pgettext("pile", "South"),
            pgettext("pile", "West"), pgettext("pile", "north-east"), pgettext("pile", "south-east"),
            pgettext("pile", "south-west"), pgettext("pile", "north-west"))


_ALIASES = {"O": "W", "SO": "SW", "NO": "NW"}
"""The Spanish and French letters of the west piles (Oeste, Ouest): N E S O, NE SE SO NO.  None
of them names another pile in English, so every language's letters are read everywhere."""
PILES: tuple[Pile, ...] = tuple(Pile)
EDGES: tuple[Pile, ...] = PILES[:4]
CORNERS: tuple[Pile, ...] = PILES[4:]


_ENGLISH_NAMES = ("north", "east", "south", "west", "north-east", "south-east", "south-west",
                  "north-west")
"""The piles' names in English, read in every language as its letters are."""


def _folded(text: str) -> str:
    """A name as it is compared: as typed words are (:func:`folded`), and without hyphens or
    spaces ("Nord-Est" is "nordest")."""
    return folded(text).replace("-", "").replace(" ", "")


_NAMED: dict[str, dict[str, Pile]] = {}
"""Each language's piles by their names as :func:`_folded` reads them, English's among them:
folded again for every word typed, a pasted line's words cost a third of a second a line."""


def _pile_read(text: str) -> Pile | None:
    """The pile ``text`` names by its letters (every language's) or by its name (English's or the
    language being served: "est", "nord-est", "noreste"), or None."""
    letters = text.strip().upper()
    letters = _ALIASES.get(letters, letters)
    if letters in Pile.__members__:
        return Pile[letters]
    named = _NAMED.get(language())
    if named is None:
        named = _NAMED[language()] = {
            _folded(known): pile for names in (_pile_names(), _ENGLISH_NAMES)
            for pile, known in zip(PILES, names)}
    return named.get(_folded(text))


def parse_pile(text: str, *, shown: str | None = None) -> Pile:
    """Parse a pile's letters (``n``, ``NE``…, and the Spanish and French ``O``, ``SO``, ``NO``
    for the west piles) or its name ("east", the language's "Est"), case-insensitive; raises
    :class:`NotationError`, quoting ``shown`` (what the player typed, when ``text`` is that made
    plainer) or ``text``."""
    pile = _pile_read(text)
    if pile is None:
        raise NotationError(_(
            "{what} is not a pile: the piles are N E S W (edges) and NE SE SW NW (corners)."
        ).format(what=quoted(text if shown is None else shown)))
    return pile


def is_pile(text: str) -> bool:
    """Whether ``text`` names a pile (as :func:`parse_pile` reads it)."""
    return _pile_read(text) is not None


# --- hot-path tables -------------------------------------------------------------------------
# A card id is rank_index * 4 + suit_index; suits 1 and 2 (D, H) are red.
RANK_OF: tuple[int, ...] = tuple(i // 4 + 1 for i in range(52))
"""Rank (1..13) of each card id."""
IS_RED: tuple[bool, ...] = tuple((i % 4) in (1, 2) for i in range(52))
KING_MASK: int = sum(1 << i for i in range(48, 52))
ALL_MASK: int = (1 << 52) - 1


def owed_king(piles: Sequence[Sequence[int]], hand_mask: int, mandatory: bool) -> int | None:
    """Under ``mandatory_kings`` (R6): the id of the King a hand holding ``hand_mask`` must play
    to an empty corner before its turn may end (its lowest), or None.  The referee's rule, and
    what a seat's view tells its player before it asks to end the turn."""
    kings = hand_mask & KING_MASK if mandatory else 0
    if kings and any(not piles[c] for c in range(4, 8)):
        return (kings & -kings).bit_length() - 1
    return None


def _fits_mask(top: int) -> int:
    rank, red = RANK_OF[top], IS_RED[top]
    return sum(
        1 << c for c in range(52) if RANK_OF[c] == rank - 1 and IS_RED[c] != red
    )


FITS: tuple[int, ...] = tuple(_fits_mask(t) for t in range(52))
"""``FITS[top]``: mask of the cards that may be built on a pile showing ``top`` (R4)."""
PARENTS: tuple[int, ...] = tuple(
    sum(1 << t for t in range(52) if FITS[t] >> c & 1) for c in range(52)
)
"""``PARENTS[card]``: mask of the top cards that ``card`` may be built on (R4)."""
