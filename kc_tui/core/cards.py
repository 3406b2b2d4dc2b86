"""Cards, suits and ranks (docs/rules.md R1), jokers, and the R1 text notation: every game's.

The public values are small immutable types: :class:`Card`, :class:`Rank`, :class:`Suit`,
:class:`Joker`.  Inside a game's hot path a card is an int ``0..51`` (``rank_index * 4 + suit``)
and a hand may be a 52-bit mask (:func:`mask_of`, :func:`card_ids`).  This module is the one
place that parses and formats R1 notation of cards (a game's piles are its own).
"""

from __future__ import annotations

import contextvars
import enum
import functools
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from .i18n import LANGUAGES, N_, Domain
from .text import closest, folded

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = [
    "card_word_slip",
    "Rank",
    "Suit",
    "Card",
    "CARDS",
    "NotationError",
    "parse_card",
    "card_ids",
    "mask_of",
    "cards_of_mask",
    "Joker",
    "JOKER",
    "AnyCard",
    "parse_any_card",
    "quoted",
    "card_name",
    "cards_said",
    "showing",
    "shown",
    "saying",
    "in_words",
    "CardStyle",
    "card_style",
    "styled",
    "glyphs_or_codes",
    "SUIT_GLYPHS",
]


class NotationError(ValueError):
    """A card or pile written in a way R1 does not allow; the message is the sentence to show."""


class Suit(enum.Enum):
    """A suit, with its R1 letter.  Only the colour matters for play (R1)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """0..3 in the order C D H S, as used in card ids."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, clubs and spades black (R1)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def colour(self) -> str:
        """``"red"`` or ``"black"``."""
        return "red" if self.is_red else "black"

    @property
    def word(self) -> str:
        """The suit's name in a card's name ("diamonds" in "the eight of diamonds"), in the
        language being served."""
        return _(_SUIT_WORDS[self])


_SUIT_WORDS = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"),
               Suit.SPADES: N_("spades")}
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
_SUITS = tuple(Suit)


class Rank(enum.IntEnum):
    """Ranks from Ace (1, lowest) to King (13, highest) (R1)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The R1 notation letter: ``A 2 … 9 T J Q K``."""
        return _RANK_LETTERS[self - 1]

    @property
    def word(self) -> str:
        """The rank's name ("eight"), in the language being served."""
        return _(_RANK_WORDS[self - 1])

    @property
    def the_word(self) -> str:
        """The rank's name with its definite article ("the eight", "el ocho", "l'as"): an
        article's form and gender go with the rank, in Spanish and French."""
        return _(_THE_RANK_WORDS[self - 1])


_RANK_LETTERS = "A23456789TJQK"
_RANK_WORDS = (
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
    N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"),
)
_THE_RANK_WORDS = (
    N_("the ace"), N_("the two"), N_("the three"), N_("the four"), N_("the five"), N_("the six"),
    N_("the seven"), N_("the eight"), N_("the nine"), N_("the ten"), N_("the jack"),
    N_("the queen"), N_("the king"),
)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.  Ordered by rank, then suit (C D H S), which is the order of ids."""

    rank: Rank
    suit: Suit

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id >= other.id

    @property
    def id(self) -> int:
        """The card's small-int id, ``0..51``: ``(rank - 1) * 4 + suit index``."""
        return (self.rank - 1) * 4 + _SUIT_INDEX[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def is_king(self) -> bool:
        return self.rank is Rank.KING

    def __str__(self) -> str:
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def words(self) -> str:
        """"the eight of diamonds", in the language being served (:func:`card_name`)."""
        return card_name(self)

    @staticmethod
    def parse(text: str) -> Card:
        """Parse R1 notation (``TH``, ``10h``, ``ks``); raises :class:`NotationError`."""
        return parse_card(text)


CARDS: tuple[Card, ...] = tuple(
    Card(Rank(r), _SUITS[s]) for r in range(1, 14) for s in range(4)
)
"""All 52 cards, indexed by id."""

_BY_TEXT = {str(c): c for c in CARDS}


def quoted(text: str) -> str:
    """What the player wrote, quoted, cut short if it is long."""
    t = text.strip()
    if not t:
        # Translators: what an empty answer is called at the start of a refusal ("That is not a card").
        return _("That")
    return repr(t if len(t) <= 12 else t[:12] + "...")


def parse_card(text: str, *, shown: str | None = None) -> Card:
    """Parse a card in R1 notation, case-insensitive, ``10`` accepted for ``T``; a refusal quotes
    ``shown`` (what the player typed, when ``text`` is that made plainer) or ``text``."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    card = _BY_TEXT.get(t)
    if card is None:
        raise NotationError(
            # Translators: the letters are the notation every language types (R1), not words.
            _("{text} is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit "
              "(C D H S), for example 7H or KS.").format(text=quoted(text if shown is None else shown))
        )
    return card


def card_name(card: Card | Joker, article: bool = True) -> str:
    """A card said in words in the language being served: "the king of clubs", "el rey de
    tréboles", "la dame de cœur"; without ``article``, "king of clubs" (an item of a list)."""
    if isinstance(card, Joker):
        return _("a joker") if article else _("joker")
    rank = card.rank.the_word if article else card.rank.word
    return _("{rank} of {suit}").format(rank=rank, suit=card.suit.word)


_CARD_LINKS = frozenset({"of", "de"})
"""The words between a rank and its suit in a card's name, in every language ("seven of
spades", "siete de picas", "sept de pique")."""


@functools.cache
def _words_of(kind: str) -> dict[str, int]:
    """Every language's words for the ranks (``kind`` "rank": word -> rank 1..13, and the
    numbers 2 to 10) or the suits ("suit": word -> suit index), folded; a suit also in the
    singular or the plural ("pique", "piques"; "spades", "spade"; "corazones", "corazon")."""
    domain = Domain.of(__package__)
    named = _RANK_WORDS if kind == "rank" else tuple(_SUIT_WORDS[suit] for suit in _SUITS)
    words: dict[str, int] = {}
    for lang in LANGUAGES:
        catalog = domain.catalog(lang)
        for value, msgid in enumerate(named, start=1 if kind == "rank" else 0):
            word = folded(catalog.gettext(msgid))
            forms = [word]
            if kind == "suit":
                forms += [word[:-2], word[:-1]] if word.endswith("es") else \
                    [word[:-1]] if word.endswith("s") else [word + "s"]
            for form in forms:
                words.setdefault(form, value)
    if kind == "rank":
        words.update({str(n): n for n in range(2, 11)})
    return words


def card_word_slip(word: str, *others: Iterable[str]) -> str | None:
    """The word of a card's name (a rank or a suit, in any of the game's languages) or of
    ``others`` that ``word`` most likely misspells ("diamnds": diamonds), else None."""
    if len(word) < 4 or folded(word) in _words_of("rank") or folded(word) in _words_of("suit"):
        return None  # (a short word is close to too many: "then" is no slip for "ten")
    words = [w for w in (*_words_of("rank"), *_words_of("suit"), *(w for o in others for w in o))
             if len(w) >= 4]
    return closest(word, words)


def _card_in_words(rank: str, suit: str) -> Card | None:
    """The card a rank and a suit typed in words name, in any of the game's languages ("sept"
    and "pique", "seven" and "spades", "7" and "picas"; folded words), or None: a player who
    hears the cards in words may type them so."""
    number = _words_of("rank").get(rank)
    index = _words_of("suit").get(suit)
    if number is None or index is None:
        return None
    return CARDS[(number - 1) * 4 + index]


_ARTICLES = frozenset({"the", "el", "la", "le"})
"""The articles a card's name may begin with ("the seven", "el siete", "le sept"; French's "l'as"
is one word)."""


def cards_said(typed: Sequence[tuple[str, str]], numbers: bool = True) -> list[tuple[str, str]]:
    """Typed words (each folded, and as typed) with every card said in words read as its code
    (folded, and the words as typed): "le sept de pique", "seven of spades", "siete picas", "7
    coeur", "l'as de trèfle" (the line modes say the cards so, and a player who hears them may
    type them so).  Other words are left as they are.  Without ``numbers`` a rank is a word only
    (in Kings Reverse "3 picas" is the third card of the hand, a joker naming spades)."""
    read: list[tuple[str, str]] = []
    at = 0
    while at < len(typed):
        start = at + 1 if typed[at][0] in _ARTICLES else at
        for size in (3, 2):
            part = typed[start:start + size]
            if len(part) == size and (size == 2 or part[1][0] in _CARD_LINKS):
                rank = part[0][0]
                rank = rank[2:] if rank.startswith(("l'", "l\u2019")) else rank
                card = None if not numbers and rank.isdigit() else _card_in_words(rank, part[-1][0])
                if card is not None:
                    read.append((str(card).lower(), " ".join(raw for _word, raw in typed[at:start + size])))
                    at = start + size
                    break
        else:
            read.append(typed[at])
            at += 1
    return read


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c.id
    return m


def card_ids(mask: int) -> Iterator[int]:
    """The card ids in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards in a mask, sorted by rank then suit."""
    return tuple(CARDS[i] for i in card_ids(mask))


# --- jokers (a second game's deck) ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Joker:
    """A joker, written ``JK``, for the games whose decks hold some.  Every joker is the same
    card, as two decks' twin cards are: a transcript names cards, not copies.  Its :attr:`id` is
    52, after the 52 ordinary cards."""

    id = 52

    def __str__(self) -> str:
        return "JK"

    def __repr__(self) -> str:
        return "Joker()"

    @property
    def words(self) -> str:
        """"a joker", in the language being served."""
        return _("a joker")


JOKER = Joker()
"""The joker."""

AnyCard = Card | Joker
"""A card of a deck that may hold jokers."""


def parse_any_card(text: str) -> AnyCard:
    """Parse R1 notation or ``JK`` (a joker), case-insensitive; raises :class:`NotationError`."""
    if text.strip().upper() in ("JK", "JOKER"):
        return JOKER
    try:
        return parse_card(text)
    except NotationError:
        raise NotationError(
            _("{text} is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit "
              "(C D H S), for example 7H or KS, or JK for a joker.").format(text=quoted(text))
        ) from None


_SHOWN: contextvars.ContextVar[Callable[[AnyCard], str]] = contextvars.ContextVar("shown_card", default=str)


@contextmanager
def showing(short: Callable[[AnyCard], str]) -> Iterator[None]:
    """Write a card in notation as ``short`` does (a full-screen table's ``7♥``, as its board
    shows cards) for the length of a ``with`` block; R1 codes (``7H``, ``JK``) elsewhere: the
    line mode and the transcripts."""
    token = _SHOWN.set(short)
    try:
        yield
    finally:
        _SHOWN.reset(token)


def shown(card: AnyCard) -> str:
    """A card in notation, as :func:`showing` set it (``7H`` unless set)."""
    return _SHOWN.get()(card)


_WORDS: contextvars.ContextVar[bool] = contextvars.ContextVar("cards_in_words", default=False)


@contextmanager
def saying(words: bool = True) -> Iterator[None]:
    """Within the block, the sentences a game makes deep inside (its refusals, its hints) name
    cards (and piles) in words, "the seven of hearts": the line mode's way, for the ear."""
    token = _WORDS.set(words)
    try:
        yield
    finally:
        _WORDS.reset(token)


def in_words() -> bool:
    """Whether cards are named in words here (:func:`saying`)."""
    return _WORDS.get()


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How the sentences made for one person name cards, as a value that can go where the game
    is (another process, another host) with what that person asks of it: in words
    (:func:`saying`), else written as ``short`` would (:func:`showing`) by ``glyphs`` (``7♥``)
    or as R1 codes (``7H``)."""

    words: bool = False
    glyphs: bool = False


def card_style() -> CardStyle:
    """The style in force here: what a call to the game made from here is answered in."""
    return CardStyle(words=in_words(), glyphs=_SHOWN.get() is _glyph_text)


def _glyph_text(card: AnyCard) -> str:
    """A card as a full-screen table writes it outside ASCII: ``7♥``, ``10♥``, ``JK``."""
    code = str(card)
    if not isinstance(card, Card):
        return code
    return ("10" if code[0] == "T" else code[0]) + SUIT_GLYPHS[code[1]]


SUIT_GLYPHS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
"""Each suit's glyph, by its R1 letter: the one table of them."""


def glyphs_or_codes(glyphs: bool) -> Callable[[AnyCard], str]:
    """How :func:`showing` writes cards for a table: ``7♥`` with ``glyphs``, else ``7H``."""
    return _glyph_text if glyphs else str


@contextmanager
def styled(style: CardStyle) -> Iterator[None]:
    """Name cards as ``style`` says for the length of a ``with`` block (a call answered where the
    game is, for the person who made it)."""
    with saying(style.words), showing(glyphs_or_codes(style.glyphs)):
        yield
