"""The cross of Kings in the Corner (docs/rules.md R1): its eight piles and their notation, and the
hot path's tables that make the R4 "one rank lower, opposite colour" test a single ``&`` on card
ids (``rank_index * 4 + suit``) and hand masks.
"""

from __future__ import annotations

import enum

from ....core.cards import NotationError, quoted

__all__ = ["Pile", "PILES", "EDGES", "CORNERS", "parse_pile", "RANK_OF", "IS_RED", "KING_MASK",
           "ALL_MASK", "FITS", "PARENTS"]


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
        """"North", "the north-east corner"."""
        return _PILE_WORDS[self.value]

    def __str__(self) -> str:
        return self.name


_PILE_WORDS = (
    "North", "East", "South", "West",
    "the north-east corner", "the south-east corner",
    "the south-west corner", "the north-west corner",
)
PILES: tuple[Pile, ...] = tuple(Pile)
EDGES: tuple[Pile, ...] = PILES[:4]
CORNERS: tuple[Pile, ...] = PILES[4:]


def parse_pile(text: str) -> Pile:
    """Parse a pile name (``n``, ``NE``…), case-insensitive; raises :class:`NotationError`."""
    try:
        return Pile[text.strip().upper()]
    except KeyError:
        raise NotationError(
            f"{quoted(text)} is not a pile: the piles are N E S W (edges) "
            "and NE SE SW NW (corners)."
        ) from None


# --- hot-path tables -------------------------------------------------------------------------
# A card id is rank_index * 4 + suit_index; suits 1 and 2 (D, H) are red.
RANK_OF: tuple[int, ...] = tuple(i // 4 + 1 for i in range(52))
"""Rank (1..13) of each card id."""
IS_RED: tuple[bool, ...] = tuple((i % 4) in (1, 2) for i in range(52))
KING_MASK: int = sum(1 << i for i in range(48, 52))
ALL_MASK: int = (1 << 52) - 1


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
