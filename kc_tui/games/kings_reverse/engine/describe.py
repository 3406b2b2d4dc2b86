"""Kings Reverse in words (why an action is refused is :mod:`.refusal`'s): the rules in force, each
event as a sentence for the line mode and the log, and the table screen's readouts
(look, hand, who), its round-over and session-over texts (KR7) and the prompt of each step of a
turn.  Pure text from the service's values, so the tests read the same sentences the screens
show; a front end passes how it writes a card (``CardText``)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ....core.cards import AnyCard, Card, Joker, Rank
from ....core.kinds import Phase
from ....core.text import YOU, subject_verb
from .actions import ActionKind
from .events import (
    Called,
    Caught,
    Challenged,
    Drew,
    Gave,
    Passed,
    Played,
    Reversed,
    ReverseEvent,
    RoundEnd,
    RoundStart,
    RoundView,
    SessionEnd,
    Skipped,
    SuitNamed,
    TurnStart,
)
from .rules import PRESET_NOTES, ReverseRules
from .views import ReverseRoundSummary, ReverseView

__all__ = ["describe_rules", "describe_event", "table_text", "who_line", "hand_line", "scores_line",
           "CardText", "next_seat", "playable_cards", "step_prompt", "look_text", "hand_sentence", "who_text",
           "round_text", "session_text", "score_table"]


def describe_rules(rules: ReverseRules, preset: str | None = None) -> str:
    """The rules in force in plain words (``kings-corner rules --game kings-reverse``)."""
    lines = [
        "Kings Reverse" + (f" (preset {preset}: {PRESET_NOTES[preset]})"
                           if preset is not None and preset in PRESET_NOTES else ""),
        "",
        f"KR1 Cards: two decks{' and four jokers' if rules.jokers else ''}, "
        f"{rules.deck_size} cards.",
        f"KR2 Deal: {rules.hand_size} cards to each of {rules.players} players; the rest is the "
        "stock; its top card starts the pile and acts on the first player as if the dealer "
        "had played it. The player after the dealer plays first.",
        "KR3 A turn: play one card that matches the pile by suit or rank, or a Jack (wild: its "
        "suit is to follow), "
        + ("or a joker when nothing else goes (name a suit; the next player draws four and "
           "loses the turn), " if rules.jokers else "")
        + "or the King and Queen of one suit together (a marriage), or draw one card: if it "
        "can be played, it must be, at once. With an empty stock, a player who cannot play "
        "passes.",
        "KR4 Special cards: a 7 makes the next player draw two and lose the turn; an 8 skips "
        "the next player; a King reverses the direction (with two players it skips)."
        + (" After the Ace of spades its player gives one card to each other player."
           if rules.ace_of_spades else ""),
    ]
    if rules.one_card_call:
        lines.append('KR5 One card: a play that leaves you one card must be followed by the call '
                     '"one card" (one); a player who forgets is caught at the next turn and '
                     'draws two.')
    if rules.joker_challenge:
        lines.append("KR6 Challenge: a joker may be bluffed; the next player may challenge. A "
                     "bluff caught: its player takes the joker back, draws four and loses a "
                     "turn. A legal joker challenged: the challenger draws six and loses the "
                     "turn.")
    lines.append(
        "KR7 Scoring: the first player out wins the round; the others add 20 for each 7, 8, "
        "King and Ace of spades, 15 for each Jack, 25 for each joker and 5 for any other card. "
        "A round is blocked when the stock is empty and everyone has passed since the last "
        f"card. The session ends when someone reaches {rules.target}; the lowest score wins.")
    return "\n".join(lines)


def _cards(cards: Sequence[Card | Joker]) -> str:
    return " ".join(str(c) for c in cards)


_SKIPS = {"7": "a 7", "8": "an 8", "K": "a King", "JK": "the joker",
          "challenge": "the challenge lost", "penalty": "the bluff caught earlier"}
_DRAWS = {"turn": "", "7": " for the 7", "JK": " for the joker", "caught": " (caught)",
          "challenge": " for the challenge", "ace": " (given nothing by the Ace of spades)"}


def describe_event(event: ReverseEvent, names: Sequence[str], seat: int | None = None) -> str | None:
    """One sentence for ``event`` as ``seat`` sees it (``names`` are the seats' names); None for
    events told elsewhere (turn ends).  ``seat``'s player, and a seat named "You", are spoken to
    in the second person, and every verb agrees with its subject ("You deal", "Ada deals")."""
    def who(p: int) -> str:
        return YOU if p == seat else names[p]

    def does(p: int, verb: str) -> str:
        return subject_verb(who(p), verb)

    def whom(p: int) -> str:
        return "you" if who(p) == YOU else names[p]

    def whose(p: int) -> str:
        return "your" if who(p) == YOU else f"{names[p]}'s"

    if isinstance(event, (RoundStart, RoundView)):
        return f"Round {event.round}: {does(event.dealer, 'deals')}; {event.pile[0]} is turned up."
    if isinstance(event, TurnStart):
        return "Your turn." if who(event.player) == YOU else f"{names[event.player]}'s turn."
    if isinstance(event, Played):
        if len(event.cards) == 2:
            return f"{does(event.player, 'marries')} {_cards(event.cards)}."
        return f"{does(event.player, 'plays')} {event.cards[0]}."
    if isinstance(event, SuitNamed):
        return f"{does(event.player, 'names')} {event.suit.word}."
    if isinstance(event, Reversed):
        return "Play now goes " + ("clockwise." if event.clockwise else "counter-clockwise.")
    if isinstance(event, Skipped):
        return f"{does(event.player, 'loses')} the turn ({_SKIPS.get(event.reason, event.reason)})."
    if isinstance(event, Drew):
        what = _cards(event.cards) if event.cards is not None else \
            (f"{event.count} card" + ("s" if event.count != 1 else ""))
        if event.count == 0:
            what = "nothing (the stock is empty)"
        return f"{does(event.player, 'draws')} {what}{_DRAWS.get(event.reason, '')}."
    if isinstance(event, Passed):
        return f"{does(event.player, 'passes')}."
    if isinstance(event, Called):
        return f'{does(event.player, "calls")} "one card".'
    if isinstance(event, Caught):
        be = "are" if who(event.player) == YOU else "is"
        return f'{who(event.player)} did not call "one card" and {be} caught.'
    if isinstance(event, Gave):
        what = str(event.card) if event.card is not None else "a card"
        return f"{does(event.player, 'gives')} {what} to {whom(event.to)}."
    if isinstance(event, Challenged):
        verdict = "it was legal" if event.legal else "it was a bluff"
        return (f"{does(event.player, 'challenges')} {whose(event.against)} joker: the hand is "
                f"{_cards(event.hand) or 'empty'}; {verdict}.")
    if isinstance(event, RoundEnd):
        head = (f"{who(event.winners[0])} went out" if event.winners
                else "The round is blocked")
        scores = ", ".join(f"{names[i]} +{s} ({t})" for i, (s, t) in
                           enumerate(zip(event.scores, event.totals)))
        return f"Round {event.round} over: {head}. {scores}."
    if isinstance(event, SessionEnd):
        won = " and ".join(who(w) for w in event.winners)
        verb = subject_verb(won, "wins") if len(event.winners) == 1 else f"{won} win"
        return f"The session is over: {verb} with the lowest score."
    return None


# ---------------------------------------------------------------------- the table as text
def _arrow(view: ReverseView) -> str:
    return "clockwise (->)" if view.clockwise else "counter-clockwise (<-)"


def table_text(view: ReverseView) -> str:
    """The table in a few lines: the pile's top and the suit to follow, the direction, the
    stock, every player's card count and "one card" state, and the hand."""
    top = view.top
    follow = view.follow.word if view.follow is not None else "-"
    size = f"{len(view.pile)} card{'s' if len(view.pile) != 1 else ''}"
    lines = [f"Pile: {top} ({size}); suit to follow: {follow}; "
             f"play goes {_arrow(view)}; stock: {view.stock_count}."]
    lines.append(who_line(view))
    if view.seat is not None:
        lines.append(hand_line(view))
    return "\n".join(lines)


def who_line(view: ReverseView) -> str:
    """Every player's card count, "one card" state and lost turn; * marks whose turn it is."""
    parts = []
    for s, p in enumerate(view.players):
        mark = "*" if s == view.current and view.phase == Phase.TURN else ""
        one = f", one card {view.one_card[s]}" if view.one_card[s] else ""
        lost = ", loses the next turn" if view.turn_lost[s] else ""
        parts.append(f"{mark}{p.name}: {view.hand_counts[s]} cards{one}{lost}")
    return "Players: " + "; ".join(parts) + "."


def hand_line(view: ReverseView) -> str:
    """The seat's hand, a + on each card it may play now."""
    playable = {str(a.card) for a in view.legal if a.card is not None}
    cards = " ".join(f"{c}{'+' if str(c) in playable else ''}" for c in view.hand)
    return f"Your hand: {cards or '(empty)'}" + (" (+ may be played)" if playable else "")


def scores_line(view: ReverseView) -> str:
    """Every player's total, and the target."""
    rows = [f"{p.name}: {view.totals[s]}" for s, p in enumerate(view.players)]
    return f"Scores (lowest wins; the session ends at {view.rules.target}): " + ", ".join(rows) + "."


# ---------------------------------------------------------------------- the table screen's words
CardText = Callable[[AnyCard], str]
"""How a front end writes a card (``7H``, ``7♥``, ``JK``)."""


def _count(n: int) -> str:
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
        f"; after {names[view.current]} comes {nxt}. The stock has {_count(view.stock_count)}.",
        who_text(view, names),
    ]
    if hand:
        lines.append(hand_sentence(view, text))
    return "\n".join(lines)


def hand_sentence(view: ReverseView, text: CardText) -> str:
    """"Your hand, 5 cards: ...; you may play 9H, JC." (the marked cards in words)."""
    cards = " ".join(text(c) for c in view.hand) or "empty"
    line = f"Your hand, {_count(len(view.hand))}: {cards}."
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
        parts.append(f"{name} {_count(view.hand_counts[i])}{flag}{lost}, {view.totals[i]} points")
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
