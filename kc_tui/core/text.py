"""Text from outside the program (a file, a bot, the command line) made safe to show.

A name or a bot's reply may hold bytes a terminal obeys rather than shows: an escape sequence
that retitles the window or clears the screen, a bell, a bidi override that prints a name
backwards, a zero-width character that makes two names look alike.  :func:`visible` writes every
such character as Python writes it in a ``repr`` (``\\x1b``, ``\\u202e``), the same notation the
game's ``{name!r}`` messages use, so what is shown is what is there.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from .i18n import N_, Domain

_domain = Domain.of(__package__)
_ = _domain.gettext

__all__ = ["visible", "is_valid_text", "YOU", "shown_name", "folded", "percent", "decimal", "semicolons",
           "labelled", "two_numbers", "closest", "date_words", "fitted", "Hanging", "joined"]


_KEPT_SPACES = "\u00a0\u202f"
"""The no-break spaces French and Spanish put before ":", ";", "%" and inside « »: Python calls
them not printable, but they are the catalogs' own typography, shown as spaces (a save's line
in French, "20:27\xa0: Toi", showed the escape)."""


def visible(text: str) -> str:
    """``text`` with every character that is not printable written as its escape: the C0
    controls, DEL, the C1 controls, format characters (bidi overrides, zero-width joiners),
    line and paragraph separators, other spaces than the plain and the no-break ones, and lone
    surrogates (undecodable bytes)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in _KEPT_SPACES else repr(ch)[1:-1] for ch in text)


def is_valid_text(text: str) -> bool:
    """False when ``text`` holds bytes that were not valid UTF-8 (Python keeps them as lone
    surrogates), which no file or terminal can be given as they are."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


YOU = "You"
"""The name of the person at this keyboard's seat (a save's and a transcript's name for them)."""


def shown_name(name: str) -> str:
    """A seat's name as a player reads or hears it: the seat spoken to, :data:`YOU`, is "You" in
    the language being served ("Tú", "Toi"); every other name is itself."""
    return _("You") if name == YOU else name


def folded(word: str) -> str:
    """A typed word as the commands' tables hold it: lower case, without accents, œ as oe
    ("Déplacer", "deplacer"; "cœur", "coeur"): a keyboard may lack them, and every language's
    words are read alike.  But ñ stays ñ: it is a letter of its own in Spanish, not an accented
    n, and folded it made a stray "ñ" (beside L on a Spanish keyboard) the pile N."""
    word = unicodedata.normalize("NFC", word.lower().replace("œ", "oe"))
    return "".join(ch if ch == "ñ" else "".join(c for c in unicodedata.normalize("NFKD", ch)
                                                 if not unicodedata.combining(c))
                   for ch in word)


def closest(typed: str, *words: Iterable[str]) -> str | None:
    """The word, as written in ``words``, that ``typed`` most likely misspells ("quiter": quit;
    "hlep": help; "slair": salir): compared folded, as the commands read them, and close enough
    to be a slip of the fingers (two neighbouring letters swapped, in a word of three or more;
    else difflib's ratio 0.75 or more: one letter wrong, missing or doubled, in a word of four or
    more).  Several lists are looked in one after the other (the language served's words, then
    the English ones every language reads).  None when no word is close, when ``typed`` is a
    word of the list being looked in, or when it is shorter than three letters (a letter or two
    is near every short word)."""
    key = folded(typed)
    if len(key) < 3:
        return None
    for choices in words:
        forms: dict[str, str] = {}
        for word in choices:
            forms.setdefault(folded(word), word)
        if key in forms:
            return None
        # Two letters swapped: in a word of three, difflib's ratio is too low ("fni": fin).
        swapped = [form for form in forms if _swapped(key, form)]
        if swapped:
            return forms[swapped[0]]
        match = difflib.get_close_matches(key, list(forms), n=1, cutoff=0.75)
        if match and match[0] != key:
            return forms[match[0]]
    return None


def _swapped(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` with two neighbouring letters swapped."""
    if len(typed) != len(word):
        return False
    differ = [i for i, (a, b) in enumerate(zip(typed, word)) if a != b]
    return len(differ) == 2 and differ[1] == differ[0] + 1 and typed[differ[0]] == word[differ[1]] \
        and typed[differ[1]] == word[differ[0]]


def percent(share: float, places: int = 0) -> str:
    """A share (0 to 1) as a percentage with ``places`` decimals, written as the language served
    writes one ("33%", "66.7%"; "33 %", "66,7 %" in French and Spanish, the space a no-break
    one)."""
    # Translators: a percentage: {n} is the number, whole or with its decimals (French and
    # Spanish put a no-break space before %).
    return _("{n}%").format(n=decimal(share * 100, places) if places else round(share * 100))


def decimal(number: float, places: int = 1) -> str:
    """``number`` with ``places`` decimals and the language's decimal mark ("7.5"; "7,5")."""
    # Translators: the decimal mark between a number's whole part and its decimals.
    return f"{number:.{places}f}".replace(".", _domain.pgettext("decimal mark", "."))


def two_numbers(first: str, second: str) -> str:
    """Two numbers side by side ("0.01, 0.05"): where the decimal mark is a comma, a semicolon
    stands between them ("0,01 ; 0,05")."""
    # Translators: two numbers side by side; a language whose decimal mark is a comma puts a
    # semicolon between them (French with a no-break space before it).
    return _("{first}, {second}").format(first=first, second=second)


def semicolons(items: Iterable[str]) -> str:
    """Items of a long list, each with its own commas or colons, between semicolons (French
    spaces them off)."""
    # Translators: what stands between two items of a list that have commas of their own
    # (French: a no-break space before the semicolon).
    return _domain.pgettext("between the items of a list", "; ").join(items)


def labelled(name: str, text: str) -> str:
    """``text`` after its label and a colon, as the language writes them ("light: a light
    theme"; French "light : ...", with a no-break space)."""
    # Translators: a label, a colon, then what it labels (French: a no-break space before the colon).
    return _("{name}: {text}").format(name=name, text=text)


@dataclass(frozen=True, slots=True)
class Hanging:
    """A line that ends in a list (the cards a player kept, in a round's result): a screen that
    wraps it goes on under the list's start, not at the left edge.  Written out, it is
    ``lead + tail`` (:func:`joined`)."""

    lead: str
    """What comes before the list ("  cards left: "), kept on the first line."""
    tail: str
    """The list, wrapped under its own start."""

    def __str__(self) -> str:
        return self.lead + self.tail


def joined(lines: Iterable[str | Hanging]) -> str:
    """Lines, some of them :class:`Hanging`, as one text."""
    return "\n".join(str(line) for line in lines)


_MONTHS = (
    # Translators: the months, as a date in words names them ("3 November 2026": lower case
    # where the language writes them so, as Spanish and French do).
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
    N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)


def date_words(year: int, month: int, day: int) -> str:
    """A date as a sentence says it ("3 November 2026"; "3 de noviembre de 2026"; "3 novembre
    2026"): read aloud, "2026-11-03" is a string of numbers and minus signs."""
    # Translators: the first day of a month, as a date writes it (French "1er").
    first = _domain.pgettext("the first day of a month", "1")
    # Translators: a date in a sentence: {day} of the month, {month} its name, {year}.
    return _("{day} {month} {year}").format(
        day=first if day == 1 else day, month=_(_MONTHS[month - 1]), year=year)


def fitted(text: str, columns: int, column: int = 0) -> str:
    """``text`` written from ``column`` on a terminal ``columns`` wide, a newline put between two
    words where the next would run past the edge (the terminal cut it in the middle of a word);
    a line's indent is kept on the lines it is wrapped onto, and a word wider than the terminal
    is left to it.  Text comes in pieces (a sentence, then its newline): each piece is fitted
    from the column the last one left."""
    out: list[str] = []
    indent = ""
    for piece in re.split(r"(\n)", text):
        if piece == "\n":
            out.append(piece)
            column, indent = 0, ""
            continue
        if column == 0:
            indent = piece[:len(piece) - len(piece.lstrip(" "))]
        if column + len(piece) <= columns:
            out.append(piece)
            column += len(piece)
            continue
        for word in re.split(r"( +)", piece):
            if not word:
                continue
            if word.isspace() or column == 0 or column + len(word) <= columns or len(indent + word) > columns:
                out.append(word)
                column += len(word)
                continue
            while out and out[-1].isspace():  # the spaces before the word end the line instead
                out.pop()
            out.append("\n" + indent + word)
            column = len(indent) + len(word)
    return "".join(out)
