"""Hints in words: what the hard player would do in a seat's place, and why."""

from __future__ import annotations

import random

from ....core.cards import AnyCard, card_name, shown
from ....core.i18n import Domain
from ..engine.actions import Action, ActionKind
from ..engine.basics import Step
from ..engine.views import ReverseView
from .players import HardAI, ints, next_seat

__all__ = ["hint"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def _named(card: AnyCard | None, words: bool) -> str:
    if card is None:
        return str(card)
    return card_name(card) if words else shown(card)


def _why(action: Action, view: ReverseView, words: bool, call: str | None = None) -> str:
    assert view.seat is not None
    nxt = next_seat(view, view.seat)
    name = view.players[nxt].name
    kind = action.kind
    if kind is ActionKind.CALL:
        if call is not None:
            # Translators: {key} is the key that calls at the table (c).
            return _('Call "one card" ({key}), or you will be caught and draw two.').format(key=call)
        return _('Call "one card" (one), or you will be caught and draw two.')
    if kind is ActionKind.CHALLENGE:
        return _("Challenge the joker: a bluff looks likely.")
    if kind is ActionKind.ACCEPT:
        return _("Accept the joker's four cards: a challenge would likely cost you six.")
    if kind is ActionKind.DRAW:
        if not any(a.kind in (ActionKind.PLAY, ActionKind.MARRY) for a in view.legal):
            # (Not "nothing worth playing" when nothing may be played: a Spanish play test.)
            return _("Draw a card: nothing you hold can go on the pile.")
        return _("Draw a card: nothing you hold is worth playing now.")
    if kind is ActionKind.PASS:
        return _("Pass: nothing goes and the stock is empty.")
    if kind is ActionKind.END:
        return _("Keep the drawn joker: playing it now would be a bluff.")
    if kind is ActionKind.GIVE:
        return _("Give {card}: of your cards it is the one you need least.").format(
            card=_named(action.card, words))
    if kind is ActionKind.MARRY:
        suit = action.suit.word if action.suit else ""
        return _("Marry the Queen and King of {suit}: two cards in one turn, and the King acts.").format(
            suit=suit)
    card = action.card
    assert card is not None
    said = _named(card, words)
    if len(view.hand) == 1:
        return _("Play {card}: it is your last card.").format(card=said)
    if card.id == 52:
        suit = action.suit.word if action.suit else ""
        if _bluff(view):
            return _("Play the joker naming {suit}, as a bluff: you hold a card that goes, so {name} may "
                     "challenge it, and then you take it back, draw four and lose your next turn; "
                     "unchallenged, {name} draws four and loses the turn.").format(suit=suit, name=name)
        return _("Play the joker naming {suit}: {name} draws four and loses the turn.").format(
            suit=suit, name=name)
    rank = card.id // 4 + 1
    # The other cards of its suit held (Jacks and jokers, wild, are no suit's).
    of_suit = sum(1 for c in ints(view.hand) if c != 52 and c // 4 != 10 and c % 4 == card.id % 4)
    if rank != 11:
        of_suit -= 1  # the card itself
    if rank == 7:
        return _("Play {card}: {name} draws two and loses the turn.").format(card=said, name=name)
    if rank == 8:
        return _("Play {card}: {name} loses the turn.").format(card=said, name=name)
    if rank == 13:
        return _("Play {card}: it reverses the direction of play.").format(card=said)
    if rank == 11:
        # Its suit is to follow next: said to suit the hand only when the hand holds more of it.
        if of_suit:
            return ngettext("Play {card}: the Jack is wild, and its suit, {suit}, is one you hold {n} more "
                            "card of.",
                            "Play {card}: the Jack is wild, and its suit, {suit}, is one you hold {n} more "
                            "cards of.", of_suit).format(
                                card=said, suit=card.suit.word, n=of_suit)  # type: ignore[union-attr]
        return _("Play {card}: the Jack is wild, and goes where nothing else of yours does.").format(
            card=said)
    if card.id == 3 and view.rules.ace_of_spades:
        return _("Play {card}: then you give a card to each other player.").format(card=said)
    wild = any(c == 52 or c // 4 == 10 for c in ints(view.hand))
    # Whole sentences: how a sentence joins its parts differs between languages.
    if of_suit > 0 and wild:
        return ngettext("Play {card}: you keep {n} more of its suit, and your wild cards stay for when "
                        "nothing else goes.",
                        "Play {card}: you keep {n} more of its suit, and your wild cards stay for when "
                        "nothing else goes.", of_suit).format(card=said, n=of_suit)
    if of_suit > 0:
        return ngettext("Play {card}: you keep {n} more of its suit.",
                        "Play {card}: you keep {n} more of its suit.", of_suit).format(card=said, n=of_suit)
    if wild:
        return _("Play {card}: it sheds a card, and your wild cards stay for when nothing else goes.").format(
            card=said)
    return _("Play {card}: it sheds a card.").format(card=said)


def _bluff(view: ReverseView) -> bool:
    """Whether a joker played now is a bluff (KR6): another card of the hand goes, or (a joker
    just drawn) keeping it is allowed, which it is only when playing it would be one (KR3)."""
    return any(a.kind is ActionKind.MARRY
               or (a.kind is ActionKind.PLAY and a.card is not None and a.card.id != 52)
               or (a.kind is ActionKind.END and view.step is Step.DRAWN) for a in view.legal)


def hint(view: ReverseView, words: bool = False, call: str | None = None) -> str:
    """A sentence saying what to do now in ``view``'s seat and why ("" when it need not act);
    ``words``: its card named in words ("the nine of hearts", the line mode's notation for the
    ear), else by its code (9H); ``call``: the key that calls "one card" where it is pressed (the
    table's), else the typed command is named."""
    if not view.my_turn or not view.legal:
        return ""
    action = HardAI(random.Random(0)).choose(view)
    return _why(action, view, words, call)
