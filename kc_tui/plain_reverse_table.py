"""The line mode at a served Kings Reverse table: what :mod:`kc_tui.plain_lobby` runs for one
seat (or a spectator) once the game at its table is on.

Every event the seat may see is said as a sentence; on the seat's turn the table is shown and
the prompt says the step (play, the card drawn, give, call, challenge); actions are typed as in
the game's own line mode (``9H``, ``JK S``, ``marry H``, ``draw``, ``pass``, ``one``, ``end``,
``give 5C``, ``challenge``, ``accept``) and go through the seat's door, which refuses them out
of turn; the review commands are the game's (look, hand, who, scores, rules, last, hint, help).
"""

from __future__ import annotations

from typing import Callable

from .core.cards import NotationError
from .core.kinds import Phase
from .core.text import visible
from .games.kings_reverse.ai import hint
from .games.kings_reverse.engine.actions import parse_action
from .games.kings_reverse.engine.describe import (
    describe_event,
    describe_rules,
    hand_line,
    scores_line,
    table_text,
    who_line,
)
from .games.kings_reverse.engine.events import ReverseEvent, TurnEnd, TurnStart
from .games.kings_reverse.remote import ReverseRemote
from .net import TableError

__all__ = ["ReverseTableLines", "HELP"]

HELP = (
    "Actions on your turn: a card to play (9H; 10H or TH), JK S (a joker naming spades), marry H "
    "(the Queen and King of hearts), draw (or d), pass, one (call \"one card\"), end, give 5C (after "
    "the Ace of spades), challenge, accept.\n"
    "Review: look (the table), hand, who (every player), scores, rules, last (what happened since "
    "your last turn), hint, help. At the lobby's level: say TEXT, leave, quit."
)

_PROMPTS = {
    "play": "Your move", "drawn": "You drew {drawn}: play it (or end to keep it)",
    "give": "Give a card to {to}", "call": 'One card left: "one" to call, or end',
    "challenge": "A joker: challenge or accept",
}


class ReverseTableLines:
    """One seat's line-mode table (see the module's words); ``say(text)`` prints a line."""

    def __init__(self, remote: ReverseRemote, say: Callable[[str], None]) -> None:
        self.remote = remote
        self.say = say
        self.names = [s.name for s in remote.seats]
        self.seat = remote.keyboard_seat
        self.heard: list[str] = []
        self.turn_marks: dict[int, int] = {}
        remote.follow(self._on_event)

    def _on_event(self, event: ReverseEvent) -> None:
        if isinstance(event, TurnStart):
            self.turn_marks[event.player] = len(self.heard)
        text = describe_event(event, self.names, self.seat)
        if text is not None and not isinstance(event, (TurnStart, TurnEnd)):
            self.heard.append(text)
            self.say(text)

    def position(self) -> object:
        """Where the table stands (a new one is told: the table, a prompt)."""
        remote = self.remote
        return (remote.phase, remote.decision_id, remote.waiting_for_human())

    def tell(self, fresh: bool) -> str | None:
        """What the person needs now, said; the prompt to show, or None when the session is
        over (the lobby takes the person back)."""
        remote = self.remote
        view = remote.view()
        if view.phase == Phase.SESSION_OVER:
            self.say(scores_line(view))
            self.say("The session is over; back to the lobby.")
            return None
        if view.phase == Phase.ROUND_OVER:
            if self.seat is None:
                return "table> "
            if fresh:
                self.say(scores_line(view))
            return "Press Enter for the next round (or type leave). "
        if remote.waiting_for_human():
            step = str(view.step)
            if fresh and step == "play":
                self.say(table_text(view))
            to = self.names[view.give_to] if view.give_to is not None else "the next player"
            return _PROMPTS.get(step, "Your move").format(drawn=view.drawn, to=to) + "> "
        return "table> "

    def line(self, text: str) -> None:
        """A line at the table: a review command, an action on one's turn, Enter between
        rounds."""
        remote = self.remote
        view = remote.view()
        word = text.lower()
        reviews: dict[str, Callable[[], str]] = {
            "look": lambda: table_text(view), "l": lambda: table_text(view),
            "hand": lambda: hand_line(view) if self.seat is not None else "You are watching: no hand.",
            "who": lambda: who_line(view), "scores": lambda: scores_line(view),
            "rules": lambda: describe_rules(remote.rules), "help": lambda: HELP, "?": lambda: HELP,
            "last": self._last,
            "hint": lambda: (hint(view) or "Nothing to do now.") if remote.waiting_for_human()
            else "A hint is given on your turn.",
        }
        if word in reviews:
            self.say(reviews[word]())
            return
        if view.phase == Phase.ROUND_OVER:
            if self.seat is None:
                self.say("The players deal the next round when they are ready.")
                return
            try:
                remote.next_round()
            except TableError as exc:
                self.say(str(exc))
                return
            if remote.phase == Phase.ROUND_OVER:
                self.say("Waiting for the others to be ready for the next round...")
            return
        if not text:
            return
        try:
            action = parse_action(visible(text))
        except NotationError as exc:
            self.say(f"{exc} (help lists the actions)")
            return
        try:
            remote.act(action)
        except ValueError as exc:  # the door's refusal: out of turn, or the rules' sentence
            self.say(str(exc))

    def _last(self) -> str:
        start = self.turn_marks.get(self.seat, 0) if self.seat is not None else len(self.heard) - 20
        return "\n".join(self.heard[max(0, start - 40):]) or "Nothing yet."

    def close(self) -> None:
        """Leave the table (a computer plays the seat; the person may come back)."""
        self.remote.remove_listener(self._on_event)
        self.remote.close()
