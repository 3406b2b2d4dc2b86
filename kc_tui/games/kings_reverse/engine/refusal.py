"""Why Kings Reverse refuses an action (KR3-KR6): the sentence the player sees, read from the
table as the referee holds it.  Its cards are named as the player's notation names them: ``9H``,
or in words inside the platform's :func:`~kc_tui.core.cards.saying` (the line mode's notation for
the ear, which a call made at a served table carries to where the game is)."""

from __future__ import annotations

from typing import Protocol, Sequence

from ....core.cards import AnyCard, Joker, Suit, card_name, in_words, shown
from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from .actions import Action, ActionKind
from .basics import JK, Step, card_of
from .rules import ReverseRules

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["refusal", "suit_singular", "RANK_PLURALS", "Table"]


def _named(card: AnyCard, article: bool = True) -> str:
    return card_name(card, article) if in_words() else shown(card)


def _first(sentence: str) -> str:
    """A sentence that may begin with a card in words, begun with a capital."""
    return sentence[:1].upper() + sentence[1:]


class Table(Protocol):
    """What a refusal reads of the referee."""

    @property
    def phase(self) -> Phase: ...
    @property
    def step(self) -> Step: ...
    @property
    def current(self) -> int: ...
    @property
    def top(self) -> int: ...
    @property
    def follow(self) -> int: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def rules(self) -> ReverseRules: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def stock(self) -> Sequence[int]: ...
    @property
    def fresh(self) -> Sequence[int]: ...
    @property
    def give_queue(self) -> Sequence[int]: ...

    def why_not_playing(self) -> str: ...

    def other_playable(self, seat: int) -> Sequence[int]: ...

    def may_bluff(self, seat: int) -> bool: ...


_SUITS = tuple(Suit)
RANK_PLURALS = ("", N_("an Ace"), N_("a 2"), N_("a 3"), N_("a 4"), N_("a 5"), N_("a 6"), N_("a 7"),
                N_("an 8"), N_("a 9"), N_("a 10"), N_("a Jack"), N_("a Queen"), N_("a King"))
"""A card of each rank, by rank (1 the Ace), as the catalog's msgids: say one with ``_``."""
_SINGULARS = {Suit.CLUBS: N_("a club"), Suit.DIAMONDS: N_("a diamond"), Suit.HEARTS: N_("a heart"),
              Suit.SPADES: N_("a spade")}


def suit_singular(suit: Suit) -> str:
    """"a spade", "a heart"."""
    return _(_SINGULARS[suit])


def _top_words(game: Table) -> str:
    top = game.top
    suit = _SUITS[game.follow].word
    if top == JK:
        return _("the joker on the pile (the suit named is {suit})").format(suit=suit)
    card = card_of(top)
    shift = top // 4 + 1 == 11 or top % 4 != game.follow
    if in_words():
        if shift:
            return _("{card} on the pile (the suit to follow is {suit})").format(card=card_name(card),
                                                                                 suit=suit)
        return _("{card} on the pile").format(card=card_name(card))
    # As every other card of the sentence is shown: with its suit's sign, where the screen has them.
    if shift:
        return _("the {card} on the pile (the suit to follow is {suit})").format(card=_named(card), suit=suit)
    return _("the {card} on the pile").format(card=_named(card))


def _what_goes(game: Table) -> str:
    parts = [suit_singular(_SUITS[game.follow])]
    top = game.top
    if top != JK and top // 4 + 1 != 11:
        parts.append(_(RANK_PLURALS[top // 4 + 1]))
    parts.append(_("a Jack"))
    cards = ", ".join(parts)
    return (_("play {cards}, or draw") if game.stock else _("play {cards}, or pass")).format(cards=cards)


def refusal(game: Table, action: Action) -> str:
    """The sentence that says why ``action`` is not allowed now (KR3-KR6)."""
    if game.phase != Phase.TURN:
        return game.why_not_playing()
    kind, step, seat = action.kind, game.step, game.current
    hand = game.hands[seat]
    if step is Step.CHALLENGE:
        return _("A joker was just played on you: challenge it or accept the four cards "
                 "(challenge or accept).")
    if kind in (ActionKind.CHALLENGE, ActionKind.ACCEPT):
        if not game.rules.joker_challenge:
            return _("Jokers are not challenged in this game (rule KR6 is off): a joker played "
                     "stands.")
        return _("Only the player a joker was just played on may challenge it or accept it.")
    if step is Step.GIVE:
        if kind is ActionKind.GIVE and action.card is not None:
            return _("You hold no {card} to give.").format(card=_named(action.card, article=False))
        waiting = len(game.give_queue)
        return ngettext("You played the Ace of spades: give a card to each other player first "
                        "(give 5C, for example); {n} still to receive one.",
                        "You played the Ace of spades: give a card to each other player first "
                        "(give 5C, for example); {n} still to receive one.", waiting).format(n=waiting)
    if kind is ActionKind.GIVE:
        return _("There is nothing to give: cards are given only after the Ace of spades.")
    if step is Step.CALL:
        return _('You have one card left: call "one card" (one) or end your turn (end).')
    if kind is ActionKind.CALL:
        return _('Call "one card" right after a play that leaves you exactly one card.')
    if step is Step.DRAWN:
        d = game.drawn
        drawn = _("the joker") if d == JK else _card(d)
        if kind is ActionKind.END:
            return _("You drew {card}, which may be played: it must be played now.").format(card=drawn)
        if kind is ActionKind.DRAW:
            return _("One draw per turn.")
        if kind is ActionKind.PLAY and d == JK and action.card is not None and action.card.id == JK:
            return _("Name the suit to follow with the joker: JK S, for example.")
        return _("You drew {card}, which may be played: play it now (nothing else this turn).").format(
            card=drawn)
    # Step.PLAY
    if kind is ActionKind.END:
        # (not "or pass" while there is a stock: a play test was then told it may not pass)
        if game.stock:
            return _("Your turn ends by itself after a play or a draw: play a card, or draw one.")
        return _("The stock is empty: play a card, or pass if you cannot.")
    if kind is ActionKind.DRAW:
        return _("The stock is empty: play a card, or pass if you cannot.")
    if kind is ActionKind.PASS:
        if game.stock:
            return _("The stock is not empty: draw a card instead of passing.")
        return _("You can play a card: pass only when you cannot play and the stock is empty.")
    if kind is ActionKind.MARRY:
        suit = action.suit or Suit.SPADES
        s = suit.index
        if hand.count(44 + s) - game.fresh.count(44 + s) < 1 or \
                hand.count(48 + s) - game.fresh.count(48 + s) < 1:
            return _("A marriage is the King and Queen of one suit: you do not hold both of "
                     "{suit}.").format(suit=suit.word)
        return _("The marriage of {suit} does not match {top}: one of its cards would have to go "
                 "down alone by suit or rank.").format(suit=suit.word, top=_top_words(game))
    card = action.card
    if card is None:
        return _("Name a card to play.")
    c = card.id
    if hand.count(c) == 0:
        if isinstance(card, Joker):
            return _("You hold no joker.")
        return _("You hold no {card}.").format(card=_named(card, article=False))
    if hand.count(c) <= game.fresh.count(c):
        return _first(_("{card} was drawn as a penalty this turn: it can be played from your next "
                        "turn.").format(card=_named(card)))
    if c == JK:
        if not game.rules.jokers:
            return _("Jokers are not in play.")
        others = game.other_playable(seat)
        if others and game.rules.joker_challenge and not game.may_bluff(seat):
            return _("Your bluff was shown and the stock is empty: until a card stays on the pile, "
                     "your joker may be played only when no other card can be. You can play "
                     "{card}.").format(card=_card(sorted(others)[0]))
        if others and not game.rules.joker_challenge:
            return _("A joker may be played only when no other card can be: you can play "
                     "{card}.").format(card=_card(sorted(others)[0]))
        if action.suit is None:
            return _("Name the suit to follow with the joker: JK S, for example.")
        return _("The joker goes down alone as your last card: no suit is named.")
    if action.suit is not None:
        return _("Only a joker names a suit: play {card} alone.").format(card=_named(card))
    return _first(_("{card} does not match {top}: {what}.").format(card=_named(card), top=_top_words(game),
                                                                   what=_what_goes(game)))


def _card(c: int | None) -> str:
    return "?" if c is None else _named(card_of(c))
