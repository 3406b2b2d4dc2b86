"""The legal moves of R4: the one generator and the one refusal explainer.

A move is public as a :class:`PlayCard` or :class:`MovePile` value; in the hot path it is an int
code (``card_id * 8 + pile`` for a play, ``416 + source * 8 + target`` for a pile move) and a
board is a list of eight lists of card ids, bottom first, edges ``N E S W`` then corners
``NE SE SW NW``.

:func:`legal_codes` enumerates exactly the codes for which :func:`refusal` returns ``None``;
``tests/games/kings_corner/engine/test_moves.py`` checks that agreement over every code on many
random positions, so the UI, hints, AI, bots and referee can never disagree about what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ....core.cards import CARDS, Card, Rank
from ....core.errors import IllegalMove
from .board import FITS, IS_RED, KING_MASK, PARENTS, PILES, RANK_OF, Pile

__all__ = [
    "PlayCard",
    "MovePile",
    "Move",
    "MOVE_BASE",
    "move_code",
    "MOVE_CODES",
    "move_of_code",
    "legal_codes",
    "refusal",
    "describe_needed",
    "apply_code",
]

MOVE_BASE = 52 * 8
"""Codes ``0 .. MOVE_BASE-1`` are plays, ``MOVE_BASE ..`` are pile moves."""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from hand onto a pile: a build, a King to a corner, or filling an edge (R4)."""

    card: Card
    pile: Pile

    def __str__(self) -> str:
        return f"{self.card} {self.pile}"

    def as_json(self) -> dict[str, Any]:
        """docs/protocol.md section 2."""
        return {"op": "play", "card": str(self.card), "pile": self.pile.name}


@dataclass(frozen=True, slots=True)
class MovePile:
    """Move a whole edge pile onto another pile, or a King pile to an empty corner (R4)."""

    source: Pile
    target: Pile

    def __str__(self) -> str:
        return f"{self.source} {self.target}"

    def as_json(self) -> dict[str, Any]:
        """docs/protocol.md section 2."""
        return {"op": "move", "from": self.source.name, "to": self.target.name}


Move = PlayCard | MovePile

_MOVE_OBJECTS: tuple[Move, ...] = tuple(
    [PlayCard(CARDS[c], PILES[p]) for c in range(52) for p in range(8)]
    + [MovePile(PILES[s], PILES[d]) for s in range(8) for d in range(8)]
)


MOVE_CODES = MOVE_BASE + 64
"""Every code is in ``range(MOVE_CODES)``."""


def move_code(move: Move | int) -> int:
    """The int code of a move (a code is checked and returned as it is); anything that is
    not a move raises :class:`IllegalMove`."""
    if move.__class__ is int and 0 <= move < MOVE_CODES:  # the AI's codes: the common case first
        return move
    if isinstance(move, PlayCard):
        return move.card.id * 8 + move.pile.value
    if isinstance(move, MovePile):
        return MOVE_BASE + move.source.value * 8 + move.target.value
    if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < MOVE_CODES:
        return move
    raise IllegalMove(f"{str(move)[:40]!r} is not a move.")


def move_of_code(code: int) -> Move:
    """The move value of an int code (shared instances; they are immutable)."""
    return _MOVE_OBJECTS[code]


def legal_codes(piles: Sequence[Sequence[int]], hand: int) -> list[int]:
    """Every legal move code for a player holding ``hand`` (a mask) on this board (R4).

    Plays come first (pile by pile, cards low to high), then pile moves.
    """
    out: list[int] = []
    append = out.append
    tops = 0  # the cards showing, for the pile moves below
    empty_corner = False
    for p, pile in enumerate(piles):
        if pile:
            top = pile[-1]
            tops |= 1 << top
            m = hand & FITS[top]
        elif p < 4:
            m = hand  # R4 fill an edge: any card, a King too
        else:
            m = hand & KING_MASK  # R4 only Kings start corners
            empty_corner = True
        while m:
            low = m & -m
            append((low.bit_length() - 1) * 8 + p)
            m ^= low
    # R4 move a pile: only edge piles move (a corner's bottom is a King, which fits nowhere).
    # A pile whose bottom fits no top showing, and is no King with a corner free, has no
    # target: its targets are not looked for.
    for s in range(4):
        src = piles[s]
        if not src:
            continue
        bottom = src[0]
        parents = PARENTS[bottom]
        if parents & tops:
            for d in range(8):
                if d != s:
                    dst = piles[d]
                    if dst and parents >> dst[-1] & 1:
                        append(MOVE_BASE + s * 8 + d)
        elif bottom >= 48 and empty_corner:
            # R4 King pile to a corner: every empty corner is a target.
            for d in range(4, 8):
                if not piles[d]:
                    append(MOVE_BASE + s * 8 + d)
    return out


def describe_needed(top: int) -> str:
    """What a pile showing ``top`` needs: "a red 8" (R4)."""
    rank = RANK_OF[top]
    if rank == 1:
        return "nothing (nothing goes on an Ace)"
    colour = "black" if IS_RED[top] else "red"
    return f"a {colour} {_rank_text(rank - 1)}"


def _rank_text(rank: int) -> str:
    r = Rank(rank)
    return {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}.get(
        r, str(int(r))
    )


def _card(cid: int) -> str:
    return str(CARDS[cid])


def refusal(piles: Sequence[Sequence[int]], hand: int, code: int) -> str | None:
    """``None`` if the move ``code`` is legal for ``hand`` on this board, else the sentence why.

    This is the rule book of R4 written out case by case; :func:`legal_codes` is its fast
    enumeration.
    """
    if code < MOVE_BASE:
        cid, p = divmod(code, 8)
        name = PILES[p].name
        if not hand >> cid & 1:
            return f"You do not hold {_card(cid)}."
        pile = piles[p]
        if not pile:
            if p >= 4 and RANK_OF[cid] != 13:
                return f"Only a King can start a corner: {name} is empty and {_card(cid)} is not a King."
            return None
        top = pile[-1]
        if RANK_OF[top] == 1:
            return (f"{_card(cid)} does not fit on {name}: {name} shows {_card(top)}, "
                    "and nothing goes on an Ace.")
        if FITS[top] >> cid & 1:
            return None
        return (
            f"{_card(cid)} does not fit on {name}: {name} shows {_card(top)}; "
            f"it needs {describe_needed(top)}."
        )
    s, d = divmod(code - MOVE_BASE, 8)
    sname, dname = PILES[s].name, PILES[d].name
    src, dst = piles[s], piles[d]
    if not src:
        return f"{sname} is empty: there is no pile to move."
    if s >= 4:
        return f"{sname} is a corner pile, and corner piles never move."
    if s == d:
        return f"{sname} cannot move onto itself."
    bottom = src[0]
    if not dst:
        if d < 4:
            return (
                f"A pile cannot move to an empty edge: {dname} is empty; "
                "play a card from your hand there instead."
            )
        if RANK_OF[bottom] != 13:
            return (
                f"Only a pile that starts with a King can move to an empty corner: "
                f"{sname} starts with {_card(bottom)}."
            )
        return None
    top = dst[-1]
    if FITS[top] >> bottom & 1:
        return None
    if RANK_OF[bottom] == 13:
        return (
            f"{sname} does not fit on {dname}: {sname} starts with {_card(bottom)}, and a King "
            "fits on no card; a King pile can only move to an empty corner."
        )
    if RANK_OF[top] == 1:
        return f"{sname} does not fit on {dname}: {dname} shows {_card(top)}, and nothing goes on an Ace."
    return (
        f"{sname} does not fit on {dname}: {sname} starts with {_card(bottom)}, "
        f"which needs a {'black' if IS_RED[bottom] else 'red'} "
        f"{_rank_text(RANK_OF[bottom] + 1)} on top of {dname}, and {dname} shows {_card(top)}."
    )


def apply_code(piles: list[list[int]], hand: int, code: int) -> int:
    """Apply a legal move code to a working board (mutated) and return the new hand mask.

    For searches and plans on a private copy of the board; no checking is done here.
    """
    if code < MOVE_BASE:
        piles[code & 7].append(code >> 3)
        return hand ^ (1 << (code >> 3))
    s, d = divmod(code - MOVE_BASE, 8)
    piles[d].extend(piles[s])
    piles[s] = []
    return hand
