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
from ....core.i18n import N_, Domain
from .board import FITS, IS_RED, KING_MASK, PARENTS, PILES, RANK_OF, Pile
from .naming import capital, card_text, in_words, pile_text

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

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
    raise IllegalMove(_("{what} is not a move.").format(what=repr(str(move)[:40])))


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
        return _("nothing (nothing goes on an Ace)")
    return _a_card(rank - 1, not IS_RED[top])


# Translators: what a pile needs, or what a pile's bottom card needs on top of another pile.
# The article and the colour agree with the rank (una jota roja, une dame rouge).
_FACES = {
    (1, True): N_("a red Ace"), (1, False): N_("a black Ace"),
    (11, True): N_("a red Jack"), (11, False): N_("a black Jack"),
    (12, True): N_("a red Queen"), (12, False): N_("a black Queen"),
    (13, True): N_("a red King"), (13, False): N_("a black King"),
}


def _a_card(rank: int, red: bool) -> str:
    """"a red 8" ("a red eight" in words), "a black Queen"."""
    face = _FACES.get((rank, red))
    if face is not None:
        return _(face)
    number = Rank(rank).word if in_words() else str(rank)
    return (_("a red {rank}") if red else _("a black {rank}")).format(rank=number)


def _card(cid: int) -> str:
    return card_text(CARDS[cid])


def _pile(p: int) -> str:
    return pile_text(PILES[p])


def refusal(piles: Sequence[Sequence[int]], hand: int, code: int) -> str | None:
    """``None`` if the move ``code`` is legal for ``hand`` on this board, else the sentence why.

    This is the rule book of R4 written out case by case; :func:`legal_codes` is its fast
    enumeration.  Cards and piles are named as :func:`~.naming.saying` asks.
    """
    why = _refusal(piles, hand, code)
    return None if why is None else capital(why)


def _refusal(piles: Sequence[Sequence[int]], hand: int, code: int) -> str | None:
    if code < MOVE_BASE:
        cid, p = divmod(code, 8)
        card, name = _card(cid), _pile(p)
        if not hand >> cid & 1:
            return _("You do not hold {card}.").format(card=card)
        pile = piles[p]
        if not pile:
            if p >= 4 and RANK_OF[cid] != 13:
                return _("Only a King can start a corner: {pile} is empty and {card} is not a King."
                         ).format(pile=name, card=card)
            return None
        top = pile[-1]
        if RANK_OF[top] == 1:
            return _("{card} does not fit on {pile}: {pile} shows {top}, and nothing goes on an Ace."
                     ).format(card=card, pile=name, top=_card(top))
        if FITS[top] >> cid & 1:
            return None
        return _("{card} does not fit on {pile}: {pile} shows {top}; it needs {needed}.").format(
            card=card, pile=name, top=_card(top), needed=describe_needed(top))
    s, d = divmod(code - MOVE_BASE, 8)
    sname, dname = _pile(s), _pile(d)
    src, dst = piles[s], piles[d]
    if not src:
        return _("{pile} is empty: there is no pile to move.").format(pile=sname)
    if s >= 4:
        return _("{pile} is a corner pile, and corner piles never move.").format(pile=sname)
    if s == d:
        return _("{pile} cannot move onto itself.").format(pile=sname)
    bottom = src[0]
    if not dst:
        if d < 4:
            return _("A pile cannot move to an empty edge: {pile} is empty; "
                     "play a card from your hand there instead.").format(pile=dname)
        if RANK_OF[bottom] != 13:
            return _("Only a pile that starts with a King can move to an empty corner: "
                     "{pile} starts with {card}.").format(pile=sname, card=_card(bottom))
        return None
    top = dst[-1]
    if FITS[top] >> bottom & 1:
        return None
    if RANK_OF[bottom] == 13:
        return _("{source} does not fit on {target}: {source} starts with {card}, and a King "
                 "fits on no card; a King pile can only move to an empty corner.").format(
            source=sname, target=dname, card=_card(bottom))
    if RANK_OF[top] == 1:
        return _("{source} does not fit on {target}: {target} shows {top}, and nothing goes on an Ace."
                 ).format(source=sname, target=dname, top=_card(top))
    return _("{source} does not fit on {target}: {source} starts with {card}, which needs "
             "{needed} on top of {target}, and {target} shows {top}.").format(
        source=sname, target=dname, card=_card(bottom),
        needed=_a_card(RANK_OF[bottom] + 1, not IS_RED[bottom]), top=_card(top))


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
