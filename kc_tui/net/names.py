"""People and their names at the table server: who is connected, and whether two names would be
taken for one."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from ..core.i18n import Domain, Text
from ..core.text import is_valid_text, visible
from .values import TableError

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["MAX_NAME", "Person", "check_name", "name_key", "suggested_name"]

MAX_NAME = 20

_BLANK = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0]
    + list(range(0x180B, 0x1810)) + list(range(0xFE00, 0xFE0E)) + list(range(0xE0100, 0xE01F0)))
"""Characters Python counts as printable that show nothing (fillers, variation selectors, the
combining grapheme joiner, the blank Braille cell): in a name they would make two names look
alike, as the format characters (U+200B, U+FEFF, bidi controls) would.  U+FE0E and U+FE0F are
let through: they ask for a symbol's text or emoji look ("♠️"), and :func:`name_key` drops them."""


NameOf = Literal["person", "table"]


def _refusal(of: NameOf, person: Text, table: Text) -> TableError:
    return TableError(table if of == "table" else person)


def suggested_name(user: str) -> str:
    """A name to offer on a first visit from the user name a connection signed in with (``ada``
    -> ``Ada``), or "" when it would not be accepted as one."""
    offered = user.strip()[:1].upper() + user.strip()[1:]
    try:
        return check_name(offered)
    except TableError:
        return ""


def check_name(text: str, limit: int = MAX_NAME, of: NameOf = "person") -> str:
    """``text`` as a name to show (trimmed), or :class:`TableError` saying what is wrong with
    it (``of``: a person's name, or a table's).

    An invisible character (a format character such as U+200B or a bidi control, a filler, a
    variation selector) is refused with a sentence that names it, never stripped: stripped, "Ad" +
    U+200B + "a" would be shown as someone else's "Ada"."""
    name = " ".join(text.split())
    if not name:
        raise _refusal(of, L_("A name cannot be empty."), L_("A table's name cannot be empty."))
    unfit = _refusal(of, L_("A name may hold letters, digits, spaces and punctuation only."),
                     L_("A table's name may hold letters, digits, spaces and punctuation only."))
    if not is_valid_text(name):
        raise unfit
    hidden = [ch for ch in name if ord(ch) in _BLANK or unicodedata.category(ch) == "Cf"]
    if hidden:
        codes = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in hidden))
        raise _refusal(of, L_("A name may not hold invisible characters; this one holds {codes}.",
                              codes=codes),
                       L_("A table's name may not hold invisible characters; this one holds {codes}.",
                          codes=codes))
    if not name.isprintable():
        raise unfit
    if len(name) > limit:
        raise _refusal(of, Ln_("A name holds at most {n} character.", "A name holds at most {n} characters.",
                               limit),
                       Ln_("A table's name holds at most {n} character.",
                           "A table's name holds at most {n} characters.", limit))
    return name


# Letters of other scripts that a terminal draws like a Latin one, capitals before case folding
# (a Greek capital Eta is an H, its small letter an n), small letters after; and digits and
# letters that one font or another draws alike.  A few common ones, not Unicode's whole table
# of confusables: enough that nobody passes for "Ada" with a Cyrillic a.
_LOOKALIKE_CAPITALS = str.maketrans(
    "АВЕКМНОРСТУХЅІЈԚԜҮҺӀ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "ABEKMHOPCTYXSIJQWYHI" "ABEZHIKMNOPTYX")
_LOOKALIKE_SMALL = str.maketrans(
    "аеорсухѕіјԁһӏԛԝүк" "αορικνυχεμη" "ıɑɡ" "0",
    "aeopcyxsijdhlqwyk" "aopikvuxeun" "iag" "o",
    "\ufe0e\ufe0f")
# Drawn alike in many fonts: a capital I, a small l, a one and a bar; and a small i, since a
# name compared without case must not become another name by its capitals: "MIA" is "Mia", and
# its capital I an l.  (So "Ai" and "Al", "Ella" and "Elia" are one name: the price of "MIA"
# and "AIice" never passing for "Mia" and "Alice".)  Folded after the case.
_LOOKALIKE_STROKES = str.maketrans("i1|", "lll")


def name_key(name: str) -> str:
    """What ``name`` looks like, for telling whether two names would be taken for one: compared
    without case, in Unicode's compatibility form (NFKC: a full-width or bold "Ａｄａ" is "Ada"),
    without accents, with the lookalike letters above folded to one (Cyrillic "а" is Latin "a";
    an "I" or "i", a small "l" and a "1" are one letter, "0" is "o").  So "Ian", "ian", "IAN"
    and "lan" are one name; a name and the same name in other capitals always are."""
    # Every letter is read as its capital first, so that a name in other capitals is always the
    # same name (in any script: "ТИМ" is "Тим"); a small letter that looks Latin only in its
    # small form (a Greek eta, drawn as an n) is read as its capital's look (an H) instead.
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).upper())
    text = text.translate(_LOOKALIKE_CAPITALS).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    return text.translate(_LOOKALIKE_SMALL).translate(_LOOKALIKE_STROKES).replace("vv", "w")


@dataclass(frozen=True, slots=True)
class Person:
    """Someone connected: ``key`` is their SSH key's fingerprint (a guest has none, and cannot
    take a seat back after leaving it); ``name`` is shown to everyone (control characters are
    made visible)."""

    key: str | None
    name: str
    guest: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", visible(self.name))
        if self.guest != (self.key is None):
            raise ValueError("a guest has no key, and everyone else has one")

    def same(self, other: Person | None) -> bool:
        """Whether ``other`` is this person again: the same key (a guest is only ever itself)."""
        if other is None:
            return False
        return other is self if self.guest else other.key == self.key

