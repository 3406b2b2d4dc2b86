"""The command prompt a player types into (docs/protocol.md section 3).

``7h n`` plays a card onto a pile, ``e n`` moves pile E onto pile N, and ``end``, ``hint``,
``undo``, ``help``, ``quit`` do what they say (``end`` asks first while moves are open;
``end!`` or ``end yes`` does not).  Case does not matter; the filler words ``on``,
``to``, ``onto`` and ``>`` are ignored; ``10`` may stand for ``T``.  A hand position (``3 n``:
the third card of the sorted hand) is accepted too.  Anything else is refused with one
sentence, and nothing changes.

The line mode also answers questions that change nothing (:func:`parse_review`): ``look``
(or ``board``), ``pile N``, ``hand``, ``who``, ``scores``, ``rules``, ``last``, ``help`` (or
``?``), and ``verbosity brief|full`` sets how much it says between turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from ....core.cards import Card, NotationError, card_word_slip, cards_said, parse_card, quoted
from ....core.i18n import N_, Domain
from ....core.text import closest, folded
from ....core.words import REVIEW_WORDS
from .board import Pile, is_pile, parse_pile
from .moves import MovePile, PlayCard
from .naming import capital, card_text, pile_text

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = [
    "Verb", "Command", "CommandError", "MoveReader", "Unfinished", "parse_command", "VERBS", "COMMAND_HELP",
    "Review", "REVIEWS", "Verbosity", "VERBOSITIES", "VERBOSITY_WORDS", "parse_review", "REVIEW_HELP",
    "SURE_ENDS", "end_question", "command_help", "review_help", "is_sure_end", "YES", "NO", "COMMAND_WORDS",
    "misspelt",
]

FILLERS = frozenset({
    "on", "to", "onto", ">", "play", "put", "move",
    "en", "sobre", "a", "jugar", "juega", "juego", "poner", "pon", "mover", "mueve", "muevo",
    "trasladar", "traslada", "traslado",
    "the", "corner", "el", "la", "esquina", "le", "coin",
    "sur", "jouer", "joue", "poser", "pose", "deplacer", "deplace",
})
"""Words a move may be written with that say nothing the cards and piles do not ("play 7H on
N", "jugar 7H en N", "jouer 7H sur N"), the hint's own words among them ("Traslada el Norte
sobre la esquina noreste"; "l'Est" is read as "Est").  A pile's name in the language being
served is a pile, not a filler: the French "sur" (on) is dropped, the Spanish "sur" (South)
read as the pile."""
_ELIDED = re.compile(r"\b[lL]['\u2019](?=\w)")
"""French's elided article ("l'Est", "l'Ouest"), dropped as the other articles are."""
VERBS = ("end", "hint", "undo", "help", "quit")
_VERB_WORDS = {
    "fin": "end", "terminar": "end", "termina": "end", "terminer": "end", "termine": "end",
    "pass": "end", "pasar": "end", "paso": "end", "passer": "end", "passe": "end",
    "pista": "hint", "indice": "hint",
    "deshacer": "undo", "deshaz": "undo", "annuler": "undo", "annule": "undo",
    "ayuda": "help", "aide": "help",
    "salir": "quit", "quitter": "quit", "q": "quit",
}
"""The Spanish and French words of the verbs (and "pass", and "q" for quit, as the second game's
line mode and every full-screen table take it), read in every language alongside the English
ones."""
_DRAW_WORDS = frozenset({"draw", "robar", "roba", "piocher", "pioche"})
YES = frozenset({"y", "yes", "s", "si", "o", "oui"})
"""The answers that say yes to a question, in every language (accents are not needed)."""
NO = frozenset({"n", "no", "non", ""})
"""The answers that say no."""


class CommandError(ValueError):
    """A line that does not parse; ``str()`` is the sentence to show."""


class Unfinished(CommandError):
    """A card or a pile typed alone: a move without its target, asked for ("Play the four of
    spades on which pile?").  ``typed`` is the line, which a pile typed next finishes
    (:class:`MoveReader`)."""

    def __init__(self, message: str, typed: str) -> None:
        super().__init__(message)
        self.typed = typed


class MoveReader:
    """Reads one person's typed moves (:func:`parse_command`), a pile typed alone finishing the
    move just asked its target ("Play the four of spades on which pile?": a listener answers
    "N").  The line mode and the table's command line each have one; :meth:`forget` as a turn
    begins or the move is made another way (a key), so that an old question is not answered."""

    def __init__(self) -> None:
        self.unfinished: str | None = None
        """The line of the move asked its target, if one is."""

    def read(self, line: str, hand: Sequence[Card] = ()) -> Command:
        unfinished, self.unfinished = self.unfinished, None
        word = line.strip()
        if unfinished is not None and len(word.split()) == 1 and is_pile(folded(word)):
            line = f"{unfinished} {word}"  # the pile asked for
        try:
            return parse_command(line, hand)
        except Unfinished as exc:
            self.unfinished = exc.typed
            raise

    def forget(self) -> None:
        self.unfinished = None


@dataclass(frozen=True, slots=True)
class Verb:
    """A command that is not a move: one of :data:`VERBS`.  ``sure`` is an ``end`` that needs
    no question while moves are open (``end!`` or ``end yes``)."""

    name: str
    sure: bool = False


SURE_ENDS = ("end!", "end yes")
"""The ways to end a turn without being asked while moves are still open (and the same in each
language: ``fin!``, ``fin si``, ``fin oui``; :func:`is_sure_end`)."""


def is_sure_end(text: str) -> bool:
    """Whether ``text`` ends a turn without asking: an end word with ``!`` or a yes."""
    words = folded(text).replace("!", " ! ").split()
    return (len(words) == 2 and _VERB_WORDS.get(words[0], words[0]) == "end"
            and (words[1] == "!" or words[1] in YES - {"o", "s"}))


def end_question(open_moves: int) -> str:
    """The question every way of ending a turn asks while moves are still open (``e`` and ``:end``
    at the table, ``end`` in the line mode)."""
    return ngettext("End your turn with {n} move still open?",
                    "End your turn with {n} moves still open?", open_moves).format(n=open_moves)


Command = PlayCard | MovePile | Verb

REVIEWS = ("look", "pile", "hand", "who", "scores", "rules", "last", "help", "verbosity")


class Verbosity(StrEnum):
    """How much the line mode says between a person's turns."""

    BRIEF = "brief"
    """One sentence per other player as the person's turn starts; the rest on request."""
    FULL = "full"
    """Every event as it happens."""


VERBOSITIES = tuple(str(v) for v in Verbosity)
_VERBOSITY_WORDS = {"breve": "brief", "bref": "brief", "completo": "full", "completa": "full",
                    "complet": "full", "complete": "full"}
_ALIASES = {
    **REVIEW_WORDS,  # the words every game reads for look, hand, who, scores, rules and last
    "?": "help",
    "monton": "pile", "pila": "pile",
    "ayuda": "help", "aide": "help",
    "verbosidad": "verbosity", "verbosite": "verbosity",
}


VERBOSITY_WORDS = frozenset({"verbosity", *(word for word, name in _ALIASES.items() if name == "verbosity")})
"""The line mode's verbosity command in each language, folded (no accents), as typed."""


@dataclass(frozen=True, slots=True)
class Review:
    """A question that changes nothing (one of :data:`REVIEWS`): ``pile`` names the pile of
    ``pile N``, ``verbosity`` the level of ``verbosity brief``."""

    name: str
    pile: Pile | None = None
    verbosity: Verbosity | None = None

# Translators: the line mode's command words, as its help names them, separated by spaces; each
# must be one of the words the commands read in your language ("fin", "salir"...).  A word typed
# that is none of them but close to one is answered "did you mean ...?".
COMMAND_WORDS = N_("end undo hint help quit look board pile hand who scores rules last verbosity")
"""The words the line mode's commands are typed with, as its help names them: a word that is
none of them but close to one is answered with it (:func:`misspelt`).  Translated, each must be
a word the commands read in that language (a test types every one)."""


def misspelt(typed: str) -> str | None:
    """The command word ``typed`` most likely misspells ("quiter": quit), in the language
    served, else in English (read in every language); None when it is close to none."""
    return closest(typed, _(COMMAND_WORDS).split(), COMMAND_WORDS.split())


COMMAND_HELP = N_(
    "Commands: 7H N plays the seven of hearts on North (10H or TH for a ten); "
    "KD NE puts a King on a corner; E N moves pile East onto North; "
    "3 N plays the third card of your hand; end ends your turn (asking first while moves are "
    "open; end! does not ask); undo takes back your last "
    "move; hint suggests a plan. "
    "Piles: N E S W (edges), NE SE SW NW (corners)."
)


# Led by "Review:", as the second game's help is: the shell's line that follows it in the help
# (LOCAL_COMMANDS) begins "Any time:", and an "At any moment:" here was the same words twice
# in Spanish and French.
REVIEW_HELP = N_(
    "Review: look (or board) reads the whole table; pile N reads one pile, every card; "
    "hand reads your hand; who says who has how many cards and whose turn it is; scores reads "
    "the scores; rules reads the rules in force; last repeats what happened since your last "
    "turn; verbosity brief or verbosity full sets how much is said between your turns."
)


WATCHING_HELP = N_(
    "You are watching: you cannot play, and no hand is shown. At any moment: look (or board) reads "
    "the whole table; pile N reads one pile, every card; who says who has how many cards and whose "
    "turn it is; scores reads the scores; rules reads the rules in force; last repeats the last "
    "turn and what followed it; verbosity brief or verbosity full sets how much is said."
)
"""The review commands' help for a spectator (no hand, no turn of its own)."""


def command_help() -> str:
    """The move commands' help, in the language being served (it names that language's words)."""
    return _(COMMAND_HELP) + " " + _("A card may be typed in words too, as it is said: seven of hearts N.")


def review_help(watching: bool = False) -> str:
    """The review commands' help, in the language being served (``watching``: a spectator's)."""
    return _(WATCHING_HELP if watching else REVIEW_HELP)


def parse_review(text: str) -> Review | None:
    """The review command ``text`` asks for, or None when it is not one (then it may be a
    move or a verb for :func:`parse_command`); a review with a wrong argument is refused."""
    words = folded(text).split()
    # The words as typed, for a refusal to quote (when folding kept them one for one).
    typed = text.split() if len(text.split()) == len(words) else words
    if not words:
        return None
    name = _ALIASES.get(words[0], words[0])
    if name not in REVIEWS:
        return None
    rest = words[1:]
    if name == "pile":
        if len(rest) != 1:
            raise CommandError(_("Which pile? Write one, for example pile N or pile NE."))
        try:
            return Review(name, pile=parse_pile(rest[0], shown=typed[1]))
        except NotationError as exc:
            raise CommandError(str(exc)) from None
    if name == "verbosity":
        level = _VERBOSITY_WORDS.get(rest[0], rest[0]) if len(rest) == 1 else ""
        if level not in VERBOSITIES:
            raise CommandError(_("Write verbosity brief (what matters, at your turn) or "
                                 "verbosity full (every event as it happens)."))
        return Review(name, verbosity=Verbosity(level))
    if rest:
        raise CommandError(_("{name} takes no more words: write just {name}.").format(
            name=typed[0].lower()))
    return Review(name)


SLIP_WORDS = 8
"""The most words a line may have for a misspelt one to be named ("jack of diamnds on the north")."""


def _lone_card(word: str, hand: Sequence[Card]) -> Card | None:
    """The card a word alone names (its code, or its number in ``hand``), if it names one."""
    try:
        return _first_card(word, hand)
    except CommandError:
        return None


def parse_command(text: str, hand: Sequence[Card] = ()) -> Command:
    """Parse one typed line.  ``hand`` (sorted, as shown) lets ``3 n`` name the third card."""
    if is_sure_end(text):
        return Verb("end", sure=True)
    spaced = _ELIDED.sub(" ", text.replace(">", " > "))
    # Each word read folded ("Déplacer" as "deplacer"), and quoted as typed in a refusal.
    typed = [(word, raw) for raw in spaced.split() for word in folded(raw).split()
             if word not in FILLERS or is_pile(word)]
    typed = cards_said(typed)
    words = [word for word, _raw in typed]
    if not words:
        raise CommandError(_("Type a move such as 7H N, or help for the commands."))
    if len(words) == 1:
        word = _VERB_WORDS.get(words[0], words[0])
        if word in VERBS:
            return Verb(word)
        if word in _DRAW_WORDS:
            raise CommandError(_("The stock is drawn from for you, as the rules say: "
                                 "type end to end your turn."))
        if is_pile(word):
            pile = parse_pile(word)
            onto = Pile.E if pile == Pile.N else Pile.N  # an example that moves it elsewhere
            raise Unfinished(_("Move pile {pile} onto which pile? Type the pile, for example {onto}.").format(
                pile=pile_text(pile), onto=onto.letters), text)
        card = _lone_card(word, hand)
        if card is not None and hand and card not in hand:
            # Not "on which pile?": the pile typed then would only be told the card is not held.
            raise CommandError(capital(_("You do not hold {card}.").format(card=card_text(card))))
        if card is not None:
            raise Unfinished(_("Play {card} on which pile? Type the pile, for example {pile}.").format(
                card=card_text(card), pile=Pile.N.letters), text)
        meant = misspelt(typed[0][1])
        if meant is not None:
            raise CommandError(_("{word} is not a command: did you mean {command}?").format(
                word=quoted(typed[0][1]), command=meant))
        raise CommandError(_(
            "{word} is not a command: write a card and a pile (7H N), two piles (E N), "
            "or end, undo, hint, help, quit."
        ).format(word=quoted(typed[0][1])))
    if _VERB_WORDS.get(words[0], words[0]) in VERBS:
        # "deshacer todo", "end now": a verb read as a card ("'deshacer' is not a card").
        raise CommandError(_("{word} is typed alone, with nothing after it.").format(
            word=quoted(typed[0][1])))
    if len(words) > 2:
        # "jack of diamnds s", "plya 3d w": the slip, not the count (in a line of a move's few
        # words: a pasted paragraph's are not slips, and each costs a look through the words).
        for word, raw in typed if len(typed) <= SLIP_WORDS else ():
            meant = None if is_pile(word) or _lone_card(word, hand) else card_word_slip(raw, FILLERS)
            if meant is not None:
                raise CommandError(_("{word} is not a word of a move: did you mean {meant}?").format(
                    word=quoted(raw), meant=meant))
        raise CommandError(_(
            "Too many words in {text}: write a card and a pile (7H N) or two piles (E N)."
        ).format(text=quoted(text)))
    (first, first_typed), (second, second_typed) = typed
    # The first word is read first, so that the first one wrong is named ("xyzzy plugh": xyzzy).
    source = parse_pile(first) if is_pile(first) else None
    card = None if source is not None else _first_card(first, hand, first_typed)
    try:
        target = parse_pile(second, shown=second_typed)
    except NotationError as exc:
        raise CommandError(str(exc)) from None
    if source is not None:
        return MovePile(source, target)
    assert card is not None
    return PlayCard(card, target)


def _first_card(word: str, hand: Sequence[Card], shown: str | None = None) -> Card:
    """The card a move's first word names: its code, or its number in ``hand``; else
    :class:`CommandError` saying why not (quoting ``shown``, the word as typed, or ``word``)."""
    if word.isascii() and word.isdecimal():
        index = int(word)
        if not 1 <= index <= len(hand):
            raise CommandError(ngettext(
                "There is no card {index} in your hand: it holds {n} card.",
                "There is no card {index} in your hand: it holds {n} cards.", len(hand)
            ).format(index=index, n=len(hand)))
        return hand[index - 1]
    try:
        return parse_card(word, shown=shown)
    except NotationError as exc:
        raise CommandError(str(exc)) from None

