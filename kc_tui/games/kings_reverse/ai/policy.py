"""The sensible greedy choice shared by the medium and hard players and by the expert's rollouts.

It works on small ints (the referee's card ints, :mod:`..engine.game`) so that a rollout can
call it on the referee itself, and a view's cards are turned into the same ints.  Its sense,
from the rules: shed the cards that cost most (KR7), keep Jacks and jokers for when nothing
else goes (KR3), play the 7, 8 and King on a next player close to out (KR4), marry when you can
(two cards in one turn), and call "one card" (KR5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.actions import Action, ActionKind
from ..engine.basics import ACE_OF_SPADES, JK, card_value

__all__ = ["greedy", "ranked", "keep_value", "best_suit", "Style", "MEDIUM_STYLE", "EXPERT_STYLE"]



@dataclass(frozen=True, slots=True)
class Style:
    """The weights of the greedy choice (each level plays its own)."""

    jack: float = 4.0
    """A Jack's score when other cards may go (a draw scores 0)."""
    skip: float = 2.0
    """An 8 (or a King between two) when the next player is not close to out."""
    skip_danger: float = 10.0
    seven: float = 4.0
    seven_danger: float = 14.0
    suit_length: float = 2.5
    """Per other card of the played card's suit still in hand (play from long suits)."""
    value: float = 0.5
    """Per point the card would cost if kept (KR7)."""
    plain: float = 12.0
    """Any other card that goes (a draw scores 0)."""
    marry: float = 35.0
    """A marriage (two cards at once, the King acting)."""
    joker: float = 8.0
    """A joker (when it may go: nothing else does, or a bluff)."""
    joker_danger: float = 25.0
    """More for a joker when the next player is close to out."""
    joker_suit: float = 4.0
    """For a joker naming the suit the hand holds most of."""
    jack_late: float = 30.0
    """More for a Jack when three cards or fewer are left."""
    jack_suit: float = 3.0
    """For a Jack of the suit the hand holds most of."""
    king: float = 3.0
    """A King that reverses (three players or more)."""
    ace_give: float = 6.0
    """The Ace of spades, per card it gives away."""
    keep_joker: float = 5.0
    """Keeping a drawn joker rather than bluffing with it."""
    pair: float = 0.0
    """Per other card of the played card's rank still in hand (a way to change suit later)."""


MEDIUM_STYLE = Style()
"""The medium player's weights (also every other seat in the search players' play-outs)."""

EXPERT_STYLE = Style(value=6.5, suit_length=-3.5, skip_danger=-5.0)
"""The expert's weights, for its own seat: shed the costly cards first (a 7, 8, King or the
Ace of spades left in hand costs 20), from the shorter suits, and keep an 8 for later rather
than spend it on a next player close to out.  Tuned greedy against greedy (heads-up, 3,000
duplicate deals on one seed); on 3,000 fresh deals these weights alone won 52.3% (51.2%-53.4%)
against the medium player's."""


def best_suit(hand: Sequence[int]) -> int:
    """The suit the hand holds most of (wilds aside): the one to name or to turn to."""
    counts = [0, 0, 0, 0]
    for c in hand:
        if c != JK and c // 4 != 10:
            counts[c % 4] += 1
    return max(range(4), key=lambda s: (counts[s], -s))


def keep_value(c: int, hand: Sequence[int]) -> float:
    """How much a card is worth keeping (the Ace of spades' gift goes to the lowest)."""
    if c == JK:
        return 100.0
    rank = c // 4 + 1
    if rank == 11:
        return 90.0
    if rank in (7, 8, 13) or c == ACE_OF_SPADES:
        return 40.0 + rank
    same = sum(1 for x in hand if x != JK and x % 4 == c % 4)
    return 10.0 + 2 * same - card_value(c) / 10


def _suit_counts(hand: Sequence[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0]  # C D H S, and the wilds
    for c in hand:
        counts[4 if c == JK or c // 4 == 10 else c % 4] += 1
    return counts


def _play_score(action: Action, hand: Sequence[int], counts: Sequence[int], next_count: int,
                players: int, style: Style) -> float:
    kind = action.kind
    left = len(hand)
    if kind is ActionKind.DRAW:
        return 0.0
    if kind is ActionKind.PASS:
        return -1.0
    if kind is ActionKind.END:
        return style.keep_joker  # a drawn joker kept rather than bluffed
    if kind is ActionKind.MARRY:
        return style.marry + (100.0 if left == 2 else 0.0)
    card = action.card
    assert card is not None
    c = card.id
    if left == 1:
        return 200.0
    danger = next_count <= 2
    plain = counts[:4]
    if c == JK:
        # Only when nothing else goes (or a bluff): four cards and a lost turn for the next.
        score = style.joker + (style.joker_danger if danger else 0.0)
        if action.suit is not None:
            if plain[action.suit.index] == max(plain):
                score += style.joker_suit
        return score
    rank, suit = c // 4 + 1, c % 4
    if rank == 11:
        # A Jack is wild: keep it unless it is nearly the last card or nothing else goes.
        return (style.jack + (style.jack_late if left <= 3 else 0.0)
                + (style.jack_suit if plain[suit] == max(plain) else 0.0))
    score = style.plain + card_value(c) * style.value + style.suit_length * (plain[suit] - 1)
    if rank == 7:
        score += style.seven_danger if danger else style.seven
    elif rank == 8 or (rank == 13 and players == 2):
        score += style.skip_danger if danger else style.skip
    elif rank == 13:
        score += style.king
    if c == ACE_OF_SPADES:
        score += style.ace_give * min(players - 1, left - 1)
    if style.pair:
        score += style.pair * (sum(1 for x in hand if x != JK and x // 4 + 1 == rank) - 1)
    return score


def greedy(legal: Sequence[Action], hand: Sequence[int], next_count: int, players: int,
           challenge: bool = False,
           style: Style = MEDIUM_STYLE) -> Action:
    """The greedy choice among ``legal`` for a hand (card ints), the next player's card count
    and the table's size; ``challenge`` is whether to challenge a joker when asked."""
    first = legal[0].kind
    if first is ActionKind.CALL:
        return legal[0]
    if first is ActionKind.CHALLENGE:
        return legal[0] if challenge else legal[1]
    if first is ActionKind.GIVE:
        return min(legal, key=lambda a: keep_value(a.card.id if a.card else 0, hand))
    if len(legal) == 1:
        return legal[0]
    counts = _suit_counts(hand)
    best = legal[0]
    best_score = float("-inf")
    for action in legal:
        score = _play_score(action, hand, counts, next_count, players, style)
        if score > best_score:
            best, best_score = action, score
    return best


def ranked(legal: Sequence[Action], hand: Sequence[int], next_count: int, players: int,
           style: Style = MEDIUM_STYLE) -> list[Action]:
    """The turn's actions (play step or a drawn card), the greedy's favourite first."""
    counts = _suit_counts(hand)
    scored = [(_play_score(a, hand, counts, next_count, players, style), i, a)
              for i, a in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [a for _, _, a in scored]

