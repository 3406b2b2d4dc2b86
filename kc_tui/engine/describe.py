"""The rules in force, and the game's events, in plain words."""

from __future__ import annotations

from typing import Callable, Sequence

from .cards import Card
from .events import (
    Chips,
    Draw,
    Event,
    MoveEvent,
    Play,
    RoundEnd,
    RoundStart,
    RoundView,
    SessionEnd,
    SessionStart,
    TurnEnd,
    TurnStart,
    Undo,
)
from .kinds import RoundEndReason, Scoring
from .rules import DEFAULT_TARGETS, RuleSet
from .scoring import LOW_WINS
from .views import RoundRecord, RoundSummary, SessionSummary

__all__ = [
    "describe_rules", "Narrator", "score_table", "totals_chart", "chips_lines", "round_summary",
    "scores_parts", "scores_text", "session_summary",
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
    width = max(6, *(len(n) + 1 for n in names))
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
        cards = " ".join(card_text(c) for c in summary.hands[seat]) or "-"
        score = record.scores[seat]
        points = f"{score} point{'s' if score != 1 else ''}"
        lines.append(f"{name}: {points} this round, {record.totals[seat]} in all")
        lines.append(f"  cards left: {cards}")
    rules = summary.rules
    if rules.scoring == Scoring.CHIPS:
        lines.append(f"Chips left in the pot: {record.pot}.")
    lines.append(f"(Deal seed {summary.seed}: playing with --seed {summary.seed} and the same players "
                 "and rules deals this session again.)")
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


class Narrator:
    """Turns events into full sentences ("Ada plays the eight of diamonds on North.")."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(names or [])
        self.counts: list[int] = []
        self._turn_plays: list[bool] = []  # this turn's plays (True) and pile moves, for undo

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
        name = self._name(seat)
        if name == "You":
            verb = {"has": "have", "is": "are"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"{name} {verb}"

    def sentence(self, event: Event) -> str | None:
        """The sentence for an event, or None for events not worth a line."""
        if isinstance(event, SessionStart):
            self.names = [p.name for p in event.players]
            return f"A new session: {', '.join(self.names)}."
        if isinstance(event, RoundStart):
            self.counts = [len(h) for h in event.hands]
            return self._round_sentence(event.round, event.dealer, event.board, len(event.stock))
        if isinstance(event, RoundView):
            self.counts = list(event.hand_counts)
            return self._round_sentence(event.round, event.dealer, event.board, event.stock_count)
        if isinstance(event, TurnStart):
            self._turn_plays = []
            return None
        if isinstance(event, Draw):
            self.counts[event.player] += 1
            what = event.card.words if event.card else "a card"
            return f"{self._does(event.player, 'draws')} {what}."
        if isinstance(event, Play):
            self.counts[event.player] -= 1
            self._turn_plays.append(True)
            left = self.counts[event.player]
            return (
                f"{self._does(event.player, 'plays')} {event.card.words} on {event.pile.words}. "
                f"{self._does(event.player, 'has')} {left} card{'s' if left != 1 else ''}."
            )
        if isinstance(event, MoveEvent):
            self._turn_plays.append(False)
            source, target = event.source.words, event.target.words
            return f"{self._does(event.player, 'moves')} the {source} pile onto {target}."
        if isinstance(event, Undo):
            if self._turn_plays and self._turn_plays.pop():
                self.counts[event.player] += 1  # the card is back in hand
            return f"{self._does(event.player, 'takes')} back the last move."
        if isinstance(event, Chips):
            why = {
                "ante": "as the ante", "no_move": "for a turn without a move",
                "king_held": "for holding a King while a corner was empty",
                "cards": "for the cards left in hand",
            }[event.reason]
            chips = f"{event.amount} chip{'s' if event.amount != 1 else ''}"
            return f"{self._does(event.player, 'pays')} {chips} {why}."
        if isinstance(event, TurnEnd):
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
