"""A Kings Reverse action: what a seat does in its turn (KR3-KR6), as one small immutable value,
with its text form (the line mode's commands, the transcript's ``action`` objects)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping, Sequence

from ....core.cards import JOKER, AnyCard, Joker, NotationError, Rank, Suit, cards_said, parse_any_card
from ....core.i18n import N_, Domain
from ....core.text import closest, folded
from ....core.words import REVIEW_WORDS as SHARED_REVIEW_WORDS

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ActionKind", "Action", "parse_action", "SUIT_BY_LETTER", "JOKER_PLAYS", "REVIEW_WORDS",
           "ACTION_WORDS", "VERBOSITY_WORDS", "misspelt", "the_marriage", "AmbiguousSuit", "dialog_letters"]

SUIT_BY_LETTER: Mapping[str, Suit] = {s.value: s for s in Suit}


class ActionKind(StrEnum):
    """The kinds of action; each member is its protocol word."""

    PLAY = "play"
    """Play one card (KR3.1-3.3); a joker names a suit (none when it is the last card)."""
    MARRY = "marry"
    """Play the Queen and King of one suit (KR3.4)."""
    DRAW = "draw"
    """Draw the top stock card (KR3.5)."""
    PASS = "pass"
    """Cannot play and the stock is empty (KR3.5)."""
    CALL = "call"
    """Call "one card" (KR5); it ends the turn."""
    END = "end"
    """End the turn without calling (KR5), or keep a drawn joker that would be a bluff (KR6)."""
    GIVE = "give"
    """Give a card to the next player waiting for one (the Ace of spades, KR4)."""
    CHALLENGE = "challenge"
    """Challenge the joker just played (KR6)."""
    ACCEPT = "accept"
    """Take the joker's four cards without challenging (KR6)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action.  ``card`` for play and give; ``suit`` for a joker's named suit and for a
    marriage (the suit of its Queen and King)."""

    kind: ActionKind
    card: AnyCard | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        """The line-mode command: ``9H``, ``JK S``, ``marry H``, ``draw``, ``pass``, ``one``,
        ``end``, ``give 5C``, ``challenge``, ``accept``."""
        kind = self.kind
        if kind is ActionKind.PLAY:
            return f"{self.card} {self.suit.value}" if self.suit is not None else str(self.card)
        if kind is ActionKind.MARRY:
            return f"marry {self.suit.value if self.suit else '?'}"
        if kind is ActionKind.GIVE:
            return f"give {self.card}"
        if kind is ActionKind.CALL:
            return "one"
        return str(kind)

    def as_dict(self) -> dict[str, Any]:
        """The action as a JSON object: ``{"action": "play", "card": "JK", "suit": "S"}``."""
        d: dict[str, Any] = {"action": str(self.kind)}
        if self.card is not None:
            d["card"] = str(self.card)
        if self.suit is not None:
            d["suit"] = self.suit.value
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Action:
        """Read :meth:`as_dict` back (raises ``ValueError`` or :class:`NotationError`)."""
        kind = ActionKind(d["action"])
        card = parse_any_card(d["card"]) if "card" in d else None
        suit = _suit(d["suit"]) if "suit" in d else None
        return Action(kind, card, suit)


def _suit(text: str) -> Suit:
    word = text.strip().upper()
    for suit in Suit:
        if word in (suit.value, suit.name, suit.name[:-1]):
            return suit
    raise NotationError(f"{text.strip()[:12]!r} is not a suit: name one of C D H S "
                        "(clubs, diamonds, hearts, spades).")


# A player types the words of their own language alongside the English ones, which work
# everywhere (scripts and bots do not change): every language's words are accepted whatever the
# language served, none of them being another's word for something else.
_WORDS = {
    "draw": ActionKind.DRAW, "d": ActionKind.DRAW, "pass": ActionKind.PASS,
    "one": ActionKind.CALL, "call": ActionKind.CALL, "end": ActionKind.END,
    "challenge": ActionKind.CHALLENGE, "accept": ActionKind.ACCEPT,
    # Spanish
    "robar": ActionKind.DRAW, "robo": ActionKind.DRAW, "roba": ActionKind.DRAW, "pasar": ActionKind.PASS,
    "paso": ActionKind.PASS, "una": ActionKind.CALL, "uno": ActionKind.CALL, "cantar": ActionKind.CALL,
    "fin": ActionKind.END, "terminar": ActionKind.END,
    "desafiar": ActionKind.CHALLENGE, "retar": ActionKind.CHALLENGE, "aceptar": ActionKind.ACCEPT,
    # French
    "piocher": ActionKind.DRAW, "pioche": ActionKind.DRAW, "passer": ActionKind.PASS,
    "passe": ActionKind.PASS, "une": ActionKind.CALL, "annoncer": ActionKind.CALL, "finir": ActionKind.END,
    "contester": ActionKind.CHALLENGE, "defier": ActionKind.CHALLENGE, "defie": ActionKind.CHALLENGE,
    "accepter": ActionKind.ACCEPT,
}
_CALLS = {"one card", "una carta", "une carte"}
"""The call itself, said in full."""
_PLAY = {"play", "jugar", "juego", "juega", "jouer", "joue"}  # (juega: the hint's word)
_MARRY = {"marry", "casar", "matrimonio", "boda", "marier", "mariage"}
_GIVE = {"give", "dar", "doy", "donner", "donne"}
_JOKER = {"comodin"}
_SUIT_WORDS = {
    # Spanish: picas, corazones, diamantes, treboles; P and T are no English suit's letters.
    "picas": Suit.SPADES, "pica": Suit.SPADES, "p": Suit.SPADES, "corazones": Suit.HEARTS,
    "corazon": Suit.HEARTS, "diamantes": Suit.DIAMONDS, "diamante": Suit.DIAMONDS,
    "treboles": Suit.CLUBS, "trebol": Suit.CLUBS, "t": Suit.CLUBS,
    # French: pique, coeur, carreau, trefle (its C is the English clubs', so words only, and P, T).
    "pique": Suit.SPADES, "piques": Suit.SPADES, "coeur": Suit.HEARTS, "coeurs": Suit.HEARTS,
    "carreau": Suit.DIAMONDS, "carreaux": Suit.DIAMONDS, "trefle": Suit.CLUBS, "trefles": Suit.CLUBS,
}


_FILLERS = frozenset({"the", "el", "la", "le", "and", "y", "et", "en", "naming", "asking", "ask", "for",
                      "pide", "pidiendo", "pidiendole", "demande", "demandant", "annonce", "annoncant"})
"""Words a line may say an action with that the action does not need: the articles, and the
words of a joker's suit ("play the joker naming spades", "jugar el comodín pidiendo picas", the
hints' own "juega el comodín y pide diamantes" and "joue le joker en annonçant carreau")."""


def _cut(text: str, most: int = 30) -> str:
    """``text`` as a refusal quotes it: whole, or cut between words with "..." (cut in the middle
    of a word, "diamantes" was heard as "diam")."""
    said = text.strip()
    if len(said) > most:
        said = (said[:most].rsplit(" ", 1)[0] if " " in said[:most] else said[:most]) + "..."
    return said


class AmbiguousSuit(NotationError):
    """A suit's letter that the cards' codes and the suit dialog of the language served read as
    two suits (``C``: clubs in the codes, hearts in Spanish and French)."""


def dialog_letters() -> dict[str, Suit]:
    """The suit dialog's letters in the language served: its suits' initials (S H D C in
    English, P C D T in Spanish, P C K T in French)."""
    return {
        # Translators: the key that picks spades in the joker's suit dialog: one letter, the
        # initial of the suit's name in the language; the four letters must differ.
        pgettext("suit key", "S").upper(): Suit.SPADES,
        # Translators: the key that picks hearts in the joker's suit dialog (one letter).
        pgettext("suit key", "H").upper(): Suit.HEARTS,
        # Translators: the key that picks diamonds in the joker's suit dialog (one letter).
        pgettext("suit key", "D").upper(): Suit.DIAMONDS,
        # Translators: the key that picks clubs in the joker's suit dialog (one letter).
        pgettext("suit key", "C").upper(): Suit.CLUBS,
    }


def _typed_suit(text: str) -> Suit:
    letter = text.strip().upper()
    if len(letter) == 1:
        # A letter is the codes' (S H D C) or the suit dialog's in the language served; one
        # that is both, for two suits, is asked again (a play test's "JK C", hearts to the
        # dialog of a Spanish or French player, asked for clubs).
        code = next((suit for suit in Suit if suit.value == letter), None)
        local = dialog_letters().get(letter)
        if code is not None and local is not None and code != local:
            raise AmbiguousSuit(_("{letter} is {code} in the cards' codes but {local} in the suit dialog: "
                                  "name the suit in words.").format(letter=letter, code=code.word,
                                                                      local=local.word))
        if local is not None and code is None:
            return local
    found = _SUIT_WORDS.get(folded(text))
    if found is not None:
        return found
    try:
        return _suit(text)
    except NotationError:
        raise NotationError(_("{text!r} is not a suit: name one of C D H S (clubs, diamonds, hearts, "
                              "spades).").format(text=text.strip()[:12])) from None


def _typed_card(text: str, hand: Sequence[AnyCard]) -> AnyCard:
    """A card by its R1 code, or by its number in ``hand`` (1 the first)."""
    if text.isdecimal() and hand:  # (not isdigit: "²" is a digit int() refuses)
        number = int(text)
        if 1 <= number <= len(hand):
            return hand[number - 1]
        raise NotationError(_("There is no card {number} in your hand: its cards are 1 to {last}.").format(
            number=number, last=len(hand)))
    if folded(text) in _JOKER:
        return JOKER
    return parse_any_card(text)


_RANK_LETTERS = frozenset(rank.letter for rank in Rank)
"""The ranks' characters in the cards' codes (A 2-9 T J Q K)."""
_FACE_INITIALS = frozenset("RDV")
"""The initials of the faces' names in Spanish and French (rey, roi; dama, dame; valet),
which a player may type for a card's rank: told how a card is written, not that it is no action."""


def _may_be_card(word: str) -> bool:
    """Whether a word (folded) that is no action's may be a card mistyped, and is told how a card
    is written when it is none: a number (the hand's), the joker's word, or a code's length with
    a rank's character first (``9Z``, ``10X``, ``QQ``) or, in two, a suit's letter last (``VC``,
    the French valet de cœur).  Any other word is said to be no action: a play test's "see" and
    "ver" were told "'see' is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit..."."""
    if word.isdecimal() or word in _JOKER or word in ("jk", "joker"):
        return True
    code = word.upper()
    # In two characters, a rank's or suit's letter of the language served counts too: a French
    # player's VP (valet de pique) or RT (roi de trèfle), a Spanish player's RP (rey de picas).
    suits = {*SUIT_BY_LETTER, *dialog_letters()}
    return (2 <= len(code) <= 3 and (code[0] in _RANK_LETTERS or code.startswith("10"))) or (
        len(code) == 2 and (code[1] in suits or code[0] in _FACE_INITIALS))


def parse_action(text: str, hand: Sequence[AnyCard] = (), drawn: AnyCard | None = None) -> Action:
    """Parse a typed action (see :meth:`Action.__str__`), in English or in the words of Spanish
    and French (``robar``, ``piocher``, ``JK picas``); with ``hand``, a card may be named by
    its number in it (``3``, ``play 3``); with ``drawn`` (a card just drawn that is to be played
    now: "You drew the six of hearts: play it"), ``play`` alone plays it, and a drawn joker
    is played by its suit alone (``S``, ``spades``, ``picas``: ``d`` is diamonds then, not a
    draw).  A card may be said in words, as the line mode says it ("play the two of spades",
    "jouer deux de pique"; a number is the hand's: "3 picas" is its third card, a joker naming
    spades).  Raises :class:`NotationError` with the sentence to show."""
    words = [typed if word == folded(typed) else word
             for word, typed in cards_said([(folded(word), word) for word in text.split()
                                            if folded(word) not in _FILLERS], numbers=False)]
    if drawn is not None and len(words) == 1 and folded(words[0]) in _PLAY:
        return Action(ActionKind.PLAY, drawn)
    if isinstance(drawn, Joker) and len(words) == 1:
        try:
            return Action(ActionKind.PLAY, JOKER, _typed_suit(words[0]))
        except AmbiguousSuit:
            raise
        except NotationError:
            pass  # no suit: read as any other action
    if not words:
        raise NotationError(_("Type a card to play (9H, or JK S for a joker naming spades), "
                              "marry H, draw, pass, one, or help."))
    head = folded(words[0])
    if folded(" ".join(words)) in _CALLS:
        return Action(ActionKind.CALL)
    if head in _WORDS and len(words) == 1:
        return Action(_WORDS[head])
    if head in _MARRY and len(words) == 2:
        return Action(ActionKind.MARRY, suit=_typed_suit(words[1]))
    if head in _MARRY and len(words) == 1:
        return Action(ActionKind.MARRY)  # the only marriage there is (:func:`the_marriage`)
    if head in _GIVE and len(words) == 1:
        raise NotationError(_("Give which card? Type it, for example 5C, or its number in your hand."))
    if head in _PLAY and len(words) == 1:
        raise NotationError(_("Play which card? Type it, for example 9H, or its number in your hand."))
    if head in _GIVE and len(words) == 2:
        return Action(ActionKind.GIVE, _typed_card(words[1], hand))
    if head in _PLAY and len(words) in (2, 3):
        words = words[1:]
    elif (len(words) > 2 or head in _WORDS or head in _MARRY or head in _GIVE or head in _PLAY
          or not _may_be_card(head)):  # a word ("undo", "see"), not a card
        _refuse_misspelt(words, text)
        raise NotationError(_("{text!r} is not an action: type a card (9H), JK S, marry H, give 5C, "
                              "draw, pass, one, end, challenge or accept.").format(text=_cut(text)))
    try:
        card = _typed_card(words[0], hand)
    except NotationError:
        _refuse_misspelt(words, text)  # "lok" is no card, but look misspelt
        raise
    suit = _typed_suit(words[1]) if len(words) == 2 else None
    if suit is not None and not isinstance(card, Joker):
        raise NotationError(_("Only a joker names a suit: play {card} alone.").format(card=card))
    return Action(ActionKind.PLAY, card, suit)


# Translators: the words the line mode's actions and commands are typed with, as its help names
# them, separated by spaces; each must be one of the words the game reads in your language
# ("robar", "salir"...).  A word typed that is none of them but close to one is answered "did you
# mean ...?".
ACTION_WORDS = N_("draw pass one end challenge accept marry look hand who scores rules last hint help "
                  "quit verbosity")
"""The words a line of the line mode may be made of alone (not play and give, which take a card
after them; marry alone plays the only marriage): a word that is none of them but close to one is
answered with it (:func:`misspelt`).  Translated, each must be one the game reads in that
language (a test types every one)."""


def the_marriage(action: Action, legal: Sequence[Action]) -> Action:
    """``action`` itself, unless it is a marriage with no suit ("marry" alone): then the only
    marriage ``legal`` holds, or :class:`NotationError` saying that none may be played or which
    suits may."""
    if action.kind is not ActionKind.MARRY or action.suit is not None:
        return action
    marriages = [a for a in legal if a.kind is ActionKind.MARRY]
    if len(marriages) == 1:
        return marriages[0]
    if not marriages:
        raise NotationError(_("No marriage can be played now: a marriage is the King and Queen of one "
                              "suit, going down together on a card one of them matches."))
    suits = ", ".join(a.suit.word for a in marriages if a.suit is not None)
    raise NotationError(_("More than one marriage may be played: type marry and its suit ({suits}).").format(
        suits=suits))


def _refuse_misspelt(words: Sequence[str], text: str) -> None:
    """Refuse a line of one word close to an action's or a command's, naming that word."""
    meant = misspelt(words[0]) if len(words) == 1 and words[0].isalpha() else None
    if meant is not None:
        raise NotationError(_("{text!r} is not an action: did you mean {word}?").format(
            text=_cut(text), word=meant))


def misspelt(typed: str) -> str | None:
    """The action or command word ``typed`` most likely misspells ("drwa": draw), in the
    language served, else in English (read in every language); None when it is close to none."""
    return closest(typed, _(ACTION_WORDS).split(), ACTION_WORDS.split())


VERBOSITY_WORDS = frozenset({"verbosity", "verbosidad", "verbosite"})
"""The line mode's verbosity command in each language, folded (no accents), as typed."""

REVIEW_WORDS = {
    **SHARED_REVIEW_WORDS,  # the words every game reads for look, hand, who, scores, rules and last
    "pista": "hint", "indice": "hint", "ayuda": "help", "aide": "help", "salir": "quit", "quitter": "quit",
}
"""The review commands (and help and quit) in every language, folded (:func:`~kc_tui.core.text.folded`:
no accents, lower case), and the English word each stands for; the English words work in every
language.  The line mode's and the table's command line's: the words typed besides actions, kept
beside the actions' own so that no word is both."""


JOKER_PLAYS = {s: Action(ActionKind.PLAY, JOKER, s) for s in Suit}
