"""Kings Reverse at the table in words: the readouts (look, hand, who), the round-over and
session-over texts with this game's scoring (KR7), and the prompt of each step of a turn.  Pure
text from the service's values, so the tests read the same sentences the screen shows."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..core.cards import AnyCard, Card, Rank
from ..core.kinds import Phase
from ..games.kings_reverse.engine.actions import ActionKind
from ..games.kings_reverse.engine.views import ReverseRoundSummary, ReverseView

__all__ = ["next_seat", "playable_cards", "step_prompt", "look_text", "hand_sentence",
           "who_text", "round_text", "session_text", "score_table", "CardText"]

CardText = Callable[[AnyCard], str]


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def next_seat(view: ReverseView) -> int:
    """The seat after the current one in the direction of play."""
    step = 1 if view.clockwise else -1
    return (view.current + step) % len(view.players)


def playable_cards(view: ReverseView) -> frozenset[AnyCard]:
    """The cards of ``view``'s hand that one of its legal actions plays or gives (the hand marks
    them): a card alone, a marriage's King and Queen, a card to give after the Ace of spades."""
    cards: set[AnyCard] = set()
    for action in view.legal:
        if action.kind in (ActionKind.PLAY, ActionKind.GIVE) and action.card is not None:
            cards.add(action.card)
        elif action.kind is ActionKind.MARRY and action.suit is not None:
            cards.update(c for c in view.hand if isinstance(c, Card) and c.suit is action.suit
                         and c.rank in (Rank.QUEEN, Rank.KING))
    return frozenset(cards)


def step_prompt(view: ReverseView, names: Sequence[str], text: CardText) -> str:
    """What the person whose turn it is may do now, in one sentence (KR3-KR6)."""
    kinds = {a.kind for a in view.legal}
    step = str(view.step)  # the referee's Step words (play, drawn, give, call, challenge)
    if step == "challenge":
        joker_by = (view.current - (1 if view.clockwise else -1)) % len(names)
        return (f"{names[joker_by]} played a joker on you: x challenges it, d takes the four "
                "cards.")
    if step == "give":
        to = names[view.give_to] if view.give_to is not None else "the next player"
        return f"The Ace of spades: give a card to {to} (its key, or Enter on it)."
    if step == "call":
        return 'One card left: press c to call "one card" (e ends your turn without calling).'
    if step == "drawn" and view.drawn is not None:
        keep = " or e to keep it" if ActionKind.END in kinds else ""
        return f"You drew {text(view.drawn)}: it may be played, so play it now (its key){keep}."
    options = []
    if ActionKind.PLAY in kinds:
        options.append("play a card marked * (1-9)")
    if ActionKind.MARRY in kinds:
        options.append("m marries a King and Queen")
    if ActionKind.DRAW in kinds:
        options.append("d draws")
    if ActionKind.PASS in kinds:
        options.append("d passes (the stock is empty)")
    what = ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1] \
        if options else "nothing can be done"
    return f"Your turn: {what}."


def _follow(view: ReverseView) -> str:
    return view.follow.word if view.follow is not None else "none yet"


def look_text(view: ReverseView, names: Sequence[str], text: CardText, hand: bool) -> str:
    """The whole table, as ``b`` reads it: the pile, the suit to follow, the direction, the
    stock, every player's cards and one-card state, and (with ``hand``) the reader's hand."""
    top = text(view.top) if view.top is not None else "nothing"
    nxt = names[next_seat(view)]
    lines = [
        f"Round {view.round}, dealt by {names[view.dealer]}. The pile shows {top}; the suit to "
        f"follow is {_follow(view)}. Play goes {'clockwise' if view.clockwise else 'counter-clockwise'}"
        f"; after {names[view.current]} comes {nxt}. The stock has {_cards(view.stock_count)}.",
        who_text(view, names),
    ]
    if hand:
        lines.append(hand_sentence(view, text))
    return "\n".join(lines)


def hand_sentence(view: ReverseView, text: CardText) -> str:
    """"Your hand, 5 cards: ...; you may play 9H, JC." (the marked cards in words)."""
    cards = " ".join(text(c) for c in view.hand) or "empty"
    line = f"Your hand, {_cards(len(view.hand))}: {cards}."
    playable = playable_cards(view)
    if view.my_turn:
        may = [text(c) for c in view.hand if c in playable]
        line += (f" You may play {', '.join(dict.fromkeys(may))}." if may
                 else " No card of it may be played now.")
    return line


def who_text(view: ReverseView, names: Sequence[str]) -> str:
    """Whose turn it is, and every player's cards, one-card state and points."""
    parts = []
    for i, name in enumerate(names):
        state = view.one_card[i]
        flag = f", one card ({state})" if state else ""
        lost = ", loses the next turn" if view.turn_lost[i] else ""
        parts.append(f"{name} {_cards(view.hand_counts[i])}{flag}{lost}, {view.totals[i]} points")
    head = ("Between rounds. " if view.phase != Phase.TURN
            else "Your turn. " if view.seat == view.current else f"{names[view.current]}'s turn. ")
    return head + "; ".join(parts) + "."


def round_text(summary: ReverseRoundSummary, names: Sequence[str], text: CardText) -> str:
    """The round-over dialog's text: how it ended, every hand left with its points (KR7), the
    totals, and the target."""
    record = summary.record
    if record.winner is not None:
        verb = "win" if names[record.winner] == "You" else "wins"
        head = f"{names[record.winner]} went out and {verb} round {record.round}."
    else:
        head = (f"Round {record.round} is blocked: the stock is empty and everyone passed. "
                "Every player scores the cards left.")
    width = max(len(n) for n in names)
    lines = [head, "", "Cards left: 7, 8, King, Ace of spades 20; Jack 15; joker 25; others 5.", ""]
    for i, name in enumerate(names):
        # A hand with points left but no cards is one not shown here (another seat's, at a
        # served table): every card left scores (KR7), so only a player who went out has none.
        hand = " ".join(text(c) for c in summary.hands[i]) or ("out" if not record.scores[i] else "")
        lines.append(f"{name:<{width}}  +{record.scores[i]:<4} total {record.totals[i]:<5} {hand}")
    return "\n".join(lines)


def score_table(history: Sequence[Any], names: Sequence[str]) -> str:
    """Points added each round, and the totals (the lowest total wins, KR7)."""
    width = max(6, *(len(n) for n in names))
    lines = ["Round  " + " ".join(f"{n:>{width}}" for n in names)]
    totals = [0] * len(names)
    for record in history:
        totals = list(record.totals)
        lines.append(f"{record.round:>5}  " + " ".join(f"{'+' + str(s):>{width}}" for s in record.scores))
    lines.append("Total  " + " ".join(f"{t:>{width}}" for t in totals))
    return "\n".join(lines)


def session_text(summary: ReverseRoundSummary, history: Sequence[Any], names: Sequence[str],
                 target: int) -> str:
    """The session-over text: the winners (lowest score, ties share) and the score table."""
    winners = [names[w] for w in summary.session_winners]
    verb = "wins" if len(winners) == 1 and winners[0] != "You" else "win"
    best = summary.record.totals[summary.session_winners[0]] if summary.session_winners else 0
    return (f"{' and '.join(winners)} {verb} with the lowest score, {best} (someone reached "
            f"{target}).\n\n" + score_table(history, names))
