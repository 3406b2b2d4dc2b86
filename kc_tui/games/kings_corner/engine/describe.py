"""The rules in force, and the game's events, in plain words."""

from __future__ import annotations

from typing import Callable, Sequence

from ....core.cards import Card
from ....core.events import SessionEnd, SessionStart, TurnEnd, TurnStart
from ....core.kinds import Phase
from ....core.text import subject_verb
from .board import PILES, Pile
from .events import Chips, Draw, Event, MoveEvent, Play, RoundEnd, RoundStart, RoundView, Undo
from .kinds import RoundEndReason, Scoring
from .moves import describe_needed
from .observation import Observation
from .rules import DEFAULT_TARGETS, RuleSet
from .scoring import LOW_WINS
from .views import RoundRecord, RoundSummary, SessionSummary

__all__ = [
    "describe_rules", "Narrator", "score_table", "totals_chart", "chips_lines", "round_summary",
    "scores_parts", "scores_text", "session_summary", "TurnLog", "describe_table", "describe_pile",
    "hand_text", "who_sentence", "standings",
]

_SCORING_WORDS = {
    "classic": "each player who did not win scores a penalty for the cards left in hand: "
    "a King 10, any other card 1",
    "face": "each player who did not win scores a penalty for the cards left in hand: "
    "a King 10, Jacks and Queens 1, number cards their face value (Ace 1)",
    "alternative": "each player who did not win scores a penalty for the cards left in hand: "
    "an Ace 25, King, Queen, Jack and ten 10 each, other cards their face value",
    "chips": "everyone antes 1 chip into the pot each round; ending a turn without a move costs "
    "1 chip{king}; at the end of a round each loser pays 1 chip per card left, and the winner "
    "takes the pot as points (a blocked round's pot is shared, the odd chips stay in the pot)",
    "none": "no score is kept: each round stands alone",
}


def describe_rules(rules: RuleSet, preset: str | None = None, width: int | None = 78) -> str:
    """A few paragraphs stating every rule in force (R2-R7), for ``kings-corner rules``;
    wrapped at ``width``, or one line per paragraph with None (for a widget that wraps)."""
    lines: list[str] = []
    head = "Kings in the Corner"
    if preset:
        head += f" - preset {preset}"
    lines.append(head)
    lines.append("")
    lines.append(
        f"Players: {rules.players}. One 52-card deck. Each player is dealt {rules.hand_size} "
        "cards; four cards are turned up on the edges North, East, South and West; the corners "
        "start empty; the rest is the stock. The player left of the dealer starts; play goes "
        "clockwise, and the deal passes clockwise each round."
    )
    if rules.kings_to_corners_at_deal:
        lines.append(
            "A King turned up on an edge at the deal goes straight to an empty corner and is "
            "replaced from the stock."
        )
    draw = {
        "start": "Draw: take the top card of the stock at the start of your turn.",
        "end": "Draw: take the top card of the stock when you end your turn (not if you have "
        "gone out).",
        "none": "Draw: nobody ever draws.",
    }[rules.draw]
    lines.append(draw + " An empty stock is never rebuilt.")
    lines.append(
        "On your turn make any number of these moves, in any order: put a card on a pile whose "
        "top card is one rank higher and of the other colour (a red 8 on a black 9; nothing "
        "goes on an Ace); put a King on an empty corner; put any card on an empty edge; move a "
        "whole pile onto another when its bottom card fits that pile's top card; move an edge "
        "pile that starts with a King to an empty corner. Then end your turn."
    )
    if rules.mandatory_kings:
        lines.append(
            "Kings are mandatory: while a corner is empty you may not end your turn holding a "
            "King"
            + (", and a King you draw at the end of your turn goes to an empty corner at once."
               if rules.draw == "end" else ".")
        )
    if rules.royal_kings:
        lines.append("Royal Kings: every King you play from your hand earns you an extra turn.")
    lines.append(
        "The round ends the moment a player plays their last card: they win it. If, with the "
        "stock empty, every player in a row ends a turn without playing a card, the round is "
        "blocked and the players with the fewest cards share the win."
    )
    scoring = _SCORING_WORDS[rules.scoring]
    if rules.scoring == "chips":
        scoring = scoring.format(
            king="" if rules.mandatory_kings
            else ", and ending a turn holding a King while a corner is empty costs 3 chips"
        )
    lines.append(f"Scoring ({rules.scoring}): {scoring}.")
    if rules.scoring in ("classic", "face", "alternative"):
        lines.append(
            f"The session ends after the round in which someone reaches {rules.target} points; "
            "the lowest total wins."
        )
    elif rules.scoring == "chips":
        lines.append(
            f"The session ends after the round in which someone reaches {rules.target} points; "
            "the highest total wins."
        )
    if rules.scoring != "none" and rules.target != DEFAULT_TARGETS[rules.scoring]:
        lines.append(f"(The usual target for {rules.scoring} scoring is {DEFAULT_TARGETS[rules.scoring]}.)")
    return "\n".join(_wrap(line, width) if width else line for line in lines)


def score_table(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                over: bool = False) -> str:
    """The session's points round by round as a plain-text table, with the totals and who
    leads (lowest total under penalty scorings, highest under chips); ``over``: the session has
    ended, so no target or leader is stated."""
    if not history:
        return "No round has been finished yet."
    width = _column(names)
    head = "Round " + "".join(f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    for record in history:
        cells = "".join(
            f"{('*' if seat in record.winners else '') + str(points):>{width}}"
            for seat, points in enumerate(record.scores)
        )
        lines.append(f"{record.round:>5} {cells}")
    totals = history[-1].totals
    lines.append("-" * len(head))
    lines.append("Total " + "".join(f"{t:>{width}}" for t in totals))
    if over:
        lines.append("* won the round.")
    elif rules.scoring != "none":
        best = (min if LOW_WINS[rules.scoring] else max)(totals)
        leaders = [names[i] for i, t in enumerate(totals) if t == best]
        word = "lowest" if LOW_WINS[rules.scoring] else "highest"
        lines.append(f"* won the round. The session ends when someone reaches {rules.target}; "
                     f"the {word} total wins. Leading: {' and '.join(leaders)}.")
    else:
        lines.append("* won the round.")
    if rules.scoring == "chips":
        lines += chips_lines(history, names)
    return "\n".join(lines)


def _column(names: Sequence[str]) -> int:
    """The width of a player's column in the score table."""
    return max(6, *(len(n) + 1 for n in names))


def standings(history: Sequence[RoundRecord], names: Sequence[str]) -> str:
    """The score table's Total row under the players' names: the running totals in two lines
    ("" before any round has been scored)."""
    if not history:
        return ""
    width = _column(names)
    return ("      " + "".join(f"{n:>{width}}" for n in names) + "\n"
            + "Total " + "".join(f"{t:>{width}}" for t in history[-1].totals))


_CHIP_REASONS = {"ante": "ante", "no_move": "no move", "king_held": "King held", "cards": "cards left"}


def chips_lines(history: Sequence[RoundRecord], names: Sequence[str]) -> list[str]:
    """Chips scoring: what each player paid in the last round and why, what each paid in the
    whole session, and the pot carried over."""
    last = history[-1]
    paid: list[list[str]] = [[] for _ in names]
    for reason in _CHIP_REASONS:
        for seat in range(len(names)):
            amount = sum(c for s, c, r in last.chips if s == seat and r == reason)
            if amount:
                paid[seat].append(f"{amount} {_CHIP_REASONS[reason]}")
    lines = [f"Chips paid in round {last.round}: "
             + "; ".join(f"{n} {', '.join(p) or 'nothing'}" for n, p in zip(names, paid)) + "."]
    session = [sum(c for r in history for s, c, _ in r.chips if s == seat) for seat in range(len(names))]
    lines.append("Chips paid in the session: " + ", ".join(f"{n} {c}" for n, c in zip(names, session))
                 + f". Left in the pot for the next round: {last.pot}.")
    return lines


def totals_chart(history: Sequence[RoundRecord], names: Sequence[str], height: int = 8) -> str:
    """Each player's running total by round as an ASCII chart: one column per round, each
    player drawn with the first letter of their name (``#`` where two meet)."""
    if not history:
        return ""
    marks = []
    for name in names:
        letter = next((ch for ch in name.upper() if ch.isalnum() and ch not in marks), "?")
        marks.append(letter)
    top = max(max(r.totals) for r in history) or 1
    rows = [[" "] * len(history) for _ in range(height)]
    for x, record in enumerate(history):
        for seat, total in enumerate(record.totals):
            y = height - 1 - round(total / top * (height - 1))
            rows[y][x] = marks[seat] if rows[y][x] == " " else "#"
    width = len(str(top))
    lines = []
    labelled = {0: top, height - 1: 0}
    if top >= height:
        labelled[height // 2] = round(top * (height - 1 - height // 2) / (height - 1))
    for i, row in enumerate(rows):
        label = f"{labelled[i]:>{width}}" if i in labelled else " " * width
        lines.append(f"{label} |" + "  ".join(row))
    lines.append(" " * width + " +" + "-" * (3 * len(history) - 2))
    lines.append(" " * width + "  " + "".join(f"{r.round:<3}" for r in history).rstrip() + "  (round)")
    lines.append("  ".join(f"{m} {n}" for m, n in zip(marks, names)) + "  (# where totals meet)")
    return "\n".join(lines)


def round_summary(summary: RoundSummary, names: Sequence[str], card_text: Callable[[Card], str] = str) -> str:
    """The words of a finished round (who won and why, every hand left, the points, the
    running totals), each card written by ``card_text``."""
    record = summary.record
    winners = " and ".join(names[w] for w in record.winners)
    if record.reason == RoundEndReason.OUT:
        why = f"{winners} went out."
    else:
        why = f"The round was blocked; {winners} held the fewest cards."
    lines = [f"Round {record.round} over. {why}", ""]
    for seat, name in enumerate(names):
        cards = ("not shown" if seat in summary.withheld
                 else " ".join(card_text(c) for c in summary.hands[seat]) or "-")
        score = record.scores[seat]
        points = f"{score} point{'s' if score != 1 else ''}"
        lines.append(f"{name}: {points} this round, {record.totals[seat]} in all")
        lines.append(f"  cards left: {cards}")
    rules = summary.rules
    if rules.scoring == Scoring.CHIPS:
        lines.append(f"Chips left in the pot: {record.pot}.")
    if summary.seed is not None:  # withheld at a networked table: it would tell every hand
        lines.append(f"(Deal seed {summary.seed}: playing with --seed {summary.seed} and the same "
                     "players and rules deals this session again.)")
    if rules.scoring != Scoring.NONE and not summary.session_over:
        lines += ["", scores_text(summary.history, names, rules)]
    return "\n".join(lines)


def scores_parts(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                 over: bool = False) -> tuple[str, str]:
    """The score table round by round, and the chart of the running totals ("" if none)."""
    table = score_table(history, names, rules, over=over)
    if not history or rules.scoring == Scoring.NONE:
        return table, ""
    return table, "Running totals by round:\n" + totals_chart(history, names)


def scores_text(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                over: bool = False) -> str:
    """The score table and its chart, one below the other."""
    return "\n\n".join(part for part in scores_parts(history, names, rules, over) if part)


def session_summary(summary: SessionSummary, names: Sequence[str]) -> str:
    """The winners of a finished session and its score table."""
    champions = " and ".join(names[w] for w in summary.winners)
    verb = ("win" if champions == "You" else "wins") if len(summary.winners) == 1 else "share the win"
    rounds = len(summary.history)
    head = f"{champions} {verb} after {rounds} round{'s' if rounds != 1 else ''}."
    return head + "\n\n" + scores_text(summary.history, names, summary.rules, over=True)


def _wrap(text: str, width: int = 78) -> str:
    if not text:
        return text
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    return "\n".join(out)


_EMPTY = {True: "empty (any card may go here)", False: "empty (only a King may start it)"}


def _pile_line(name: str, cards: tuple[Card, ...], edge: bool) -> str:
    label = f"{name:<2}"
    if not cards:
        return f"{label}  {_EMPTY[edge]}"
    if len(cards) <= 6:
        shown = " ".join(str(c) for c in cards)
    else:
        shown = f"{cards[0]} {cards[1]} ... {cards[-2]} {cards[-1]}"
    count = f"({len(cards)} cards)" if len(cards) > 1 else "(1 card)"
    return f"{label}  {shown}  {count}"


def describe_table(obs: Observation, names: list[str], hand: bool = True) -> str:
    """The table as ``obs.seat`` sees it: a heading, one line per pile (bottom card first, top
    card last), one per player, then the numbered hand (short lines for narrow terminals and
    screen readers); without ``hand`` for a screen shared between people (hot-seat)."""
    board = obs.board
    whose = "your" if names[obs.current] == "You" else f"{names[obs.current]}'s"
    lines = [f"Round {obs.round}, {whose} turn. Stock: {obs.stock_count} cards."]
    for pile in PILES:
        lines.append(_pile_line(pile.name, board[pile], pile.is_edge))
    for seat, name in enumerate(names):
        left = obs.hand_counts[seat]
        lines.append(f"{name}: {left} card{'s' if left != 1 else ''}, {obs.totals[seat]} points.")
    if hand:
        lines.append(f"Your hand ({names[obs.seat]}): {hand_text(obs) or 'empty'}")
    return "\n".join(lines)


def hand_text(obs: Observation) -> str:
    """The hand numbered as the keys pick it: ``1:2C 2:7H``."""
    return " ".join(f"{i}:{card}" for i, card in enumerate(obs.hand, 1))


def describe_pile(obs: Observation, pile: Pile) -> str:
    """One pile in short sentences: how many cards, every card bottom to top, and what fits."""
    cards = obs.board[pile]
    if not cards:
        return f"{pile} is empty: {'any card' if pile.is_edge else 'only a King'} may go there."
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    shown = ", ".join(str(c) for c in cards)
    return f"{pile} has {count}, bottom to top: {shown}. It takes {describe_needed(cards[-1].id)}."


def who_sentence(obs: Observation, names: Sequence[str], seat: int | None, phase: Phase) -> str:
    """Who has how many cards and points, whose turn it is, and the stock; ``seat`` is who
    asks (None: a screen shared between people)."""
    if phase == Phase.TURN:
        current = obs.current
        whose = "your" if current == seat or names[current] == "You" else f"{names[current]}'s"
        head = f"It is {whose} turn."
    else:
        head = "The round is over."
    players = " ".join(
        f"{name}: {n} card{'s' if n != 1 else ''}, {t} point{'s' if t != 1 else ''}."
        for name, n, t in zip(names, obs.hand_counts, obs.totals)
    )
    return f"{head} {players} Stock: {obs.stock_count} card{'s' if obs.stock_count != 1 else ''}."


class Narrator:
    """Turns events into full sentences ("Ada plays the eight of diamonds on North.")."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(names or [])
        self.counts: list[int] = []
        self._turn_moves: list[Play | MoveEvent] = []  # this turn's, for undo to name
        self._ended: int | None = None  # whose turn ended last in this round

    def _round_sentence(
        self, round_no: int, dealer: int, board: tuple[tuple[Card, ...], ...], stock: int,
    ) -> str:
        edges = ", ".join(
            f"{name} {cards[-1]}" for name, cards in zip("N E S W".split(), board) if cards
        )
        return (
            f"Round {round_no}. {self._does(dealer, 'deals')}. "
            f"The edges show {edges}; {stock} cards in the stock."
        )

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat}"

    def _does(self, seat: int, verb: str) -> str:
        """"Ada plays" / "You play": the seat named "You" is spoken to in the second person."""
        return subject_verb(self._name(seat), verb)

    def undone(self, seat: int, taken: Play | MoveEvent | None) -> str:
        """The sentence for an undo that took back ``taken`` ("You take back the last move.
        It was 7H on N.")."""
        said = f"{self._does(seat, 'takes')} back the last move."
        if isinstance(taken, Play):
            return f"{said} It was {taken.card} on {taken.pile}."
        if isinstance(taken, MoveEvent):
            return f"{said} It was {taken.source} onto {taken.target}."
        return said

    def ended_early(self, seat: int, open_moves: int) -> str:
        """The sentence for a turn ended while moves were still open ("You end the turn. 2
        moves were still open.")."""
        moves = f"{open_moves} move{'s were' if open_moves != 1 else ' was'} still open"
        return f"{self._does(seat, 'ends')} the turn. {moves}."

    def extra_turn(self, seat: int) -> str:
        """The sentence for a royal Kings extra turn (R6)."""
        if self._name(seat) == "You":
            return "You played a King: you take another turn."
        return f"{self._name(seat)} played a King: {self._name(seat)} takes another turn."

    def sentence(self, event: Event) -> str | None:
        """The sentence for an event, or None for events not worth a line."""
        if isinstance(event, SessionStart):
            self.names = [p.name for p in event.players]
            return f"A new session: {', '.join(self.names)}."
        if isinstance(event, RoundStart):
            self._ended = None
            self.counts = [len(h) for h in event.hands]
            return self._round_sentence(event.round, event.dealer, event.board, len(event.stock))
        if isinstance(event, RoundView):
            self._ended = None
            self.counts = list(event.hand_counts)
            return self._round_sentence(event.round, event.dealer, event.board, event.stock_count)
        if isinstance(event, TurnStart):
            self._turn_moves = []
            if self._ended == event.player:
                # R6 royal Kings: the only way a player follows their own turn.
                return self.extra_turn(event.player)
            return None
        if isinstance(event, Draw):
            self.counts[event.player] += 1
            what = event.card.words if event.card else "a card"
            return f"{self._does(event.player, 'draws')} {what}."
        if isinstance(event, Play):
            self.counts[event.player] -= 1
            self._turn_moves.append(event)
            left = self.counts[event.player]
            return (
                f"{self._does(event.player, 'plays')} {event.card.words} on {event.pile.words}. "
                f"{self._does(event.player, 'has')} {left} card{'s' if left != 1 else ''}."
            )
        if isinstance(event, MoveEvent):
            self._turn_moves.append(event)
            source, target = event.source.words, event.target.words
            return f"{self._does(event.player, 'moves')} the {source} pile onto {target}."
        if isinstance(event, Undo):
            taken = self._turn_moves.pop() if self._turn_moves else None
            if isinstance(taken, Play):
                self.counts[event.player] += 1  # the card is back in hand
            return self.undone(event.player, taken)
        if isinstance(event, Chips):
            why = {
                "ante": "as the ante", "no_move": "for a turn without a move",
                "king_held": "for holding a King while a corner was empty",
                "cards": "for the cards left in hand",
            }[event.reason]
            chips = f"{event.amount} chip{'s' if event.amount != 1 else ''}"
            return f"{self._does(event.player, 'pays')} {chips} {why}."
        if isinstance(event, TurnEnd):
            self._ended = event.player
            return f"{self._does(event.player, 'ends')} the turn."
        if isinstance(event, RoundEnd):
            winners = " and ".join(self._name(w) for w in event.winners)
            you = len(event.winners) == 1 and self._name(event.winners[0]) == "You"
            if event.reason == "out":
                how = "go out" if you else "goes out"
            elif len(event.winners) > 1:
                how = "share the win in a blocked round"
            else:
                how = f"{'have' if you else 'has'} the fewest cards in a blocked round"
            scores = ", ".join(
                f"{self._name(i)} {s} (total {t})" for i, (s, t) in enumerate(zip(event.scores, event.totals))
            )
            return f"Round {event.round} over: {winners} {how}. Scores: {scores}."
        if isinstance(event, SessionEnd):
            winners = " and ".join(self._name(w) for w in event.winners)
            single = len(event.winners) == 1 and self._name(event.winners[0]) != "You"
            return f"The session is over. {winners} win{'s' if single else ''}."
        return None


class _Turn:
    """What one turn did, as far as a short account cares (kept by :class:`TurnLog`)."""

    __slots__ = ("seat", "drew", "drawn", "moves", "chips", "ended")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.drew = False
        self.drawn: Card | None = None  # the card, when the seat may see it
        self.moves: list[Play | MoveEvent] = []
        self.chips = 0
        self.ended = False


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


class TurnLog:
    """The turns of the round so far, fed the events one seat may see, told back briefly: one
    sentence per player, what mattered (cards shed, piles moved and where, Kings to corners,
    who is close to going out), for a player who listens rather than looks."""

    CLOSE = 2
    """A player with this many cards or fewer is close to going out, and said to be."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.turns: list[_Turn] = []
        self.counts: list[int] = [0] * len(self.names)

    def feed(self, event: Event) -> None:
        """Take in the next event."""
        if isinstance(event, RoundStart):
            self.turns, self.counts = [], [len(h) for h in event.hands]
        elif isinstance(event, RoundView):
            self.turns, self.counts = [], list(event.hand_counts)
        elif isinstance(event, TurnStart):
            self.turns.append(_Turn(event.player))
        elif not self.turns:
            return  # a round's ante, before any turn
        elif isinstance(event, Draw):
            self.counts[event.player] += 1
            self.turns[-1].drew = True
            self.turns[-1].drawn = event.card
        elif isinstance(event, (Play, MoveEvent)):
            if isinstance(event, Play):
                self.counts[event.player] -= 1
            self.turns[-1].moves.append(event)
        elif isinstance(event, Undo) and self.turns[-1].moves:
            if isinstance(self.turns[-1].moves.pop(), Play):
                self.counts[event.player] += 1
        elif isinstance(event, Chips):
            self.turns[-1].chips += event.amount
        elif isinstance(event, TurnEnd):
            self.turns[-1].ended = True

    def since(self, seat: int) -> str | None:
        """"Since your turn: Ada played 2 cards and moved W onto N; Ben drew and passed.": the
        turns finished since ``seat``'s last one in this round (since the deal if it has had
        none), or None when there were none."""
        turns, first = self._since(seat)
        if not turns:
            return None
        head = "Since the deal" if first else "Since your turn"
        return f"{head}: {self._accounts(turns)}."

    def named(self, seat: int) -> set[tuple[Pile, Card]]:
        """The (pile, card) plays that :meth:`since` names one by one: a reader who heard
        them knows those piles' tops."""
        named = set()
        for group in self._grouped(self._since(seat)[0]).values():
            for play in self._named_plays(group):
                named.add((play.pile, play.card))
        return named

    def _since(self, seat: int) -> tuple[list[_Turn], bool]:
        """The finished turns of the others since ``seat``'s last, and whether it had none."""
        done = [t for t in self.turns if t.ended]
        last = max((i for i, t in enumerate(done) if t.seat == seat), default=-1)
        return [t for t in done[last + 1:] if t.seat != seat], last < 0

    def drawn(self, seat: int) -> Card | None:
        """The card ``seat`` drew in its turn being played, if it drew and may see it."""
        turn = self.turns[-1] if self.turns else None
        return turn.drawn if turn is not None and turn.seat == seat and not turn.ended else None

    def last_turns(self) -> str | None:
        """"Last turns: ...": the last finished turn of each player in this round (after a
        resume), or None before any."""
        done = [t for t in self.turns if t.ended]
        latest: dict[int, _Turn] = {}
        for turn in done:
            latest.pop(turn.seat, None)  # keep the players in the order they last played
            latest[turn.seat] = turn
        if not latest:
            return None
        return f"Last turns: {self._accounts(list(latest.values()), whole=False)}."

    def _accounts(self, turns: Sequence[_Turn], whole: bool = True) -> str:
        """One clause per player, in the order they played, each covering all its turns
        (``whole``: the extra turns of royal Kings included)."""
        return "; ".join(self._account(seat, group) for seat, group in self._grouped(turns, whole).items())

    @staticmethod
    def _grouped(turns: Sequence[_Turn], whole: bool = True) -> dict[int, list[_Turn]]:
        order: dict[int, list[_Turn]] = {}
        for turn in turns:
            if whole or turn.seat not in order:
                order.setdefault(turn.seat, []).append(turn)
        return order

    @staticmethod
    def _named_plays(turns: Sequence[_Turn]) -> list[Play]:
        """The plays an account names: Kings to corners, and the others when two or fewer."""
        plays = [m for t in turns for m in t.moves if isinstance(m, Play)]
        kings = [m for m in plays if m.card.is_king and m.pile.is_corner]
        built = [m for m in plays if m not in kings]
        return kings + (built if len(built) <= 2 else [])

    def _account(self, seat: int, turns: Sequence[_Turn]) -> str:
        moves = [m for t in turns for m in t.moves]
        plays = [m for m in moves if isinstance(m, Play)]
        kings = [m for m in plays if m.card.is_king and m.pile.is_corner]
        built = [m for m in plays if m not in kings]
        parts = []
        if len(built) > 2:
            parts.append(f"played {_cards(len(built))}")
        elif built:
            parts.append("played " + " and ".join(f"{m.card} on {m.pile}" for m in built))
        if kings:
            parts.append("put " + ", ".join(f"{m.card} on {m.pile}" for m in kings))
        piles = [m for m in moves if isinstance(m, MoveEvent)]
        if piles:
            parts.append("moved " + ", ".join(f"{m.source} onto {m.target}" for m in piles))
        if not parts:
            parts.append("drew and passed" if any(t.drew for t in turns) else "passed")
        chips = sum(t.chips for t in turns)
        if chips:
            parts.append(f"paid {chips} chip{'s' if chips != 1 else ''}")
        text = f"{self.names[seat]} {_and(parts)}"
        left = self.counts[seat]
        if 0 < left <= self.CLOSE:
            text += f", {_cards(left)} left"
        return text
