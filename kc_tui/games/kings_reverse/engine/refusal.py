"""Why Kings Reverse refuses an action (KR3-KR6): the sentence the player sees, read from the
table as the referee holds it."""

from __future__ import annotations

from typing import Protocol, Sequence

from ....core.cards import Joker, Suit
from ....core.kinds import Phase
from .actions import Action, ActionKind
from .basics import JK, Step, card_of
from .rules import ReverseRules

__all__ = ["refusal", "suit_singular", "RANK_PLURALS", "Table"]


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


_SUITS = tuple(Suit)
RANK_PLURALS = ("", "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10",
                "a Jack", "a Queen", "a King")


def suit_singular(suit: Suit) -> str:
    """"a spade", "a heart"."""
    return "a " + suit.word[:-1]


def _top_words(game: Table) -> str:
    top = game.top
    if top == JK:
        return f"the joker on the pile (the suit named is {_SUITS[game.follow].word})"
    words = f"the {card_of(top)} on the pile"
    if top // 4 + 1 == 11 or top % 4 != game.follow:
        words += f" (the suit to follow is {_SUITS[game.follow].word})"
    return words


def _what_goes(game: Table) -> str:
    parts = [suit_singular(_SUITS[game.follow])]
    top = game.top
    if top != JK and top // 4 + 1 != 11:
        parts.append(RANK_PLURALS[top // 4 + 1])
    parts.append("a Jack")
    parts.append("draw" if game.stock else "pass")
    return "play " + ", ".join(parts[:-1]) + ", or " + parts[-1]


def refusal(game: Table, action: Action) -> str:
    """The sentence that says why ``action`` is not allowed now (KR3-KR6)."""
    if game.phase != Phase.TURN:
        return game.why_not_playing()
    kind, step, seat = action.kind, game.step, game.current
    hand = game.hands[seat]
    if step is Step.CHALLENGE:
        return ("A joker was just played on you: challenge it or accept the four cards "
                "(challenge or accept).")
    if kind in (ActionKind.CHALLENGE, ActionKind.ACCEPT):
        return "Only the player a joker was just played on may challenge it or accept it."
    if step is Step.GIVE:
        if kind is ActionKind.GIVE and action.card is not None:
            return f"You hold no {action.card} to give."
        return (f"You played the Ace of spades: give a card to each other player first "
                f"(give 5C, for example); {len(game.give_queue)} still to receive one.")
    if kind is ActionKind.GIVE:
        return "There is nothing to give: cards are given only after the Ace of spades."
    if step is Step.CALL:
        return 'You have one card left: call "one card" (one) or end your turn (end).'
    if kind is ActionKind.CALL:
        return 'Call "one card" right after a play that leaves you exactly one card.'
    if step is Step.DRAWN:
        d = game.drawn
        drawn = "the joker" if d == JK else f"{_card(d)}"
        if kind is ActionKind.END:
            return f"You drew {drawn}, which may be played: it must be played now."
        if kind is ActionKind.DRAW:
            return "One draw per turn."
        if kind is ActionKind.PLAY and d == JK and action.card is not None and action.card.id == JK:
            return "Name the suit to follow with the joker: JK S, for example."
        return f"You drew {drawn}, which may be played: play it now (nothing else this turn)."
    # Step.PLAY
    if kind is ActionKind.END:
        return "Your turn ends by itself after a play or a draw: play a card, draw, or pass."
    if kind is ActionKind.DRAW:
        return "The stock is empty: play a card, or pass if you cannot."
    if kind is ActionKind.PASS:
        if game.stock:
            return "The stock is not empty: draw a card instead of passing."
        return "You can play a card: pass only when you cannot play and the stock is empty."
    if kind is ActionKind.MARRY:
        suit = action.suit or Suit.SPADES
        s = suit.index
        if hand.count(44 + s) - game.fresh.count(44 + s) < 1 or \
                hand.count(48 + s) - game.fresh.count(48 + s) < 1:
            return f"A marriage is the King and Queen of one suit: you do not hold both of {suit.word}."
        return (f"The marriage of {suit.word} does not match {_top_words(game)}: one of its cards "
                "would have to go down alone by suit or rank.")
    card = action.card
    if card is None:
        return "Name a card to play."
    c = card.id
    if hand.count(c) == 0:
        return f"You hold no {card}." if not isinstance(card, Joker) else "You hold no joker."
    if hand.count(c) <= game.fresh.count(c):
        return f"{card} was drawn as a penalty this turn: it can be played from your next turn."
    if c == JK:
        if not game.rules.jokers:
            return "Jokers are not in play."
        others = game.other_playable(seat)
        if others and not game.rules.joker_challenge:
            return (f"A joker may be played only when no other card can be: you can play "
                    f"{_card(sorted(others)[0])}.")
        if action.suit is None:
            return "Name the suit to follow with the joker: JK S, for example."
        return "The joker goes down alone as your last card: no suit is named."
    if action.suit is not None:
        return f"Only a joker names a suit: play {card} alone."
    return f"{card} does not match {_top_words(game)}: {_what_goes(game)}."


def _card(c: int | None) -> str:
    return "?" if c is None else str(card_of(c))
