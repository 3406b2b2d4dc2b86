"""Kings Reverse in the line mode: every event as a sentence, the table as short text, actions
and review commands typed at a prompt (look, hand, who, scores, rules, last, hint, help, quit),
as Kings in the Corner's line mode does.  It holds no rules: everything goes through
:class:`~.engine.service.ReverseService`."""

from __future__ import annotations

from typing import Callable, TextIO

from ...core.cards import NotationError
from ...core.kinds import Phase
from ...core.text import visible
from .ai import hint
from .engine.actions import parse_action
from .engine.basics import Step
from .engine.describe import describe_event, describe_rules, table_text
from .engine.describe import hand_line as _hand
from .engine.describe import scores_line as _scores
from .engine.describe import who_line as _who
from .engine.events import ReverseEvent, TurnEnd, TurnStart
from .engine.game import ReverseIllegal
from .engine.service import DecisionId, ReverseService

__all__ = ["ReversePlain", "table_text", "HELP"]

HELP = (
    "Actions: a card to play (9H; 10H or TH), JK S (a joker naming spades), marry H (the Queen "
    "and King of hearts), draw (or d), pass, one (call \"one card\"), end, give 5C (after the "
    "Ace of spades), challenge, accept.\n"
    "Review: look (the table), hand, who (every player), scores, rules, last (what happened "
    "since your last turn), hint, help, quit."
)


class ReversePlain:
    """Runs a session in the line mode.  ``read(prompt)`` returns a line, or None when input
    ends (the session then stops cleanly)."""

    def __init__(self, service: ReverseService, read: Callable[[str], str | None],
                 out: TextIO) -> None:
        self.service = service
        self.read = read
        self.out = out
        self.seat = service.keyboard_seat
        self.names = [s.name for s in service.seats]
        self.heard: list[str] = []
        self.turn_marks: dict[int, int] = {}
        self._shown: DecisionId | None = None
        service.follow(self._on_event, self.seat)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _on_event(self, event: ReverseEvent) -> None:
        if isinstance(event, TurnStart):
            self.turn_marks[event.player] = len(self.heard)
        text = describe_event(event, self.names, self.seat)
        if text is not None and not isinstance(event, TurnEnd):
            self.heard.append(text)
            self.say(text)

    def run(self) -> int:
        """Play the session; 0 when it ends or the player quits, 1 when input ends mid-game."""
        service = self.service
        if not service.game.round_no:
            service.start()
        while True:
            service.run_computer_turns()
            for fault in service.take_faults():
                self.say(f"! {fault}")
            if service.phase == Phase.TURN:
                result = self._person()
                if result is not None:
                    return result
                continue
            if service.phase == Phase.SESSION_OVER:
                return 0
            line = self.read("Press Enter for the next round (or quit): ")
            if line is None:
                return 1
            if line.strip().lower() in ("quit", "q"):
                return 0
            service.next_round()

    def _person(self) -> int | None:
        service = self.service
        seat = service.current
        view = service.view(seat)
        if view.step is Step.PLAY and self._shown != service.decision_id:
            self.say(table_text(view))
        self._shown = service.decision_id
        prompt = {
            Step.PLAY: "Your move",
            Step.DRAWN: f"You drew {view.drawn}: play it",
            Step.GIVE: f"Give a card to {self.names[view.give_to] if view.give_to is not None else '?'}",
            Step.CALL: 'One card left: "one" to call, or end',
            Step.CHALLENGE: "A joker: challenge or accept",
        }[view.step]
        line = self.read(f"{prompt}> ")
        if line is None:
            self.say("Input ended; the game stops here.")
            return 1
        text = visible(line.strip())
        word = text.lower()
        if word in ("quit", "q"):
            self.say("You leave the table.")
            return 0
        if word in ("look", "l"):
            self.say(table_text(view))
        elif word == "hand":
            self.say(_hand(view))
        elif word == "who":
            self.say(_who(view))
        elif word == "scores":
            self.say(_scores(view))
        elif word == "rules":
            self.say(describe_rules(service.rules))
        elif word == "last":
            start = self.turn_marks.get(seat, 0)
            self.say("\n".join(self.heard[max(0, start - 40):]) or "Nothing yet.")
        elif word in ("help", "?"):
            self.say(HELP)
        elif word == "hint":
            self.say(hint(view) or "Nothing to do now.")
        elif text:
            try:
                service.act(parse_action(text))
            except (NotationError, ReverseIllegal) as exc:
                self.say(str(exc))
        if service.phase != Phase.TURN and service.game.history:
            record = service.round_summary()
            hands = "; ".join(f"{self.names[s]}: {' '.join(str(c) for c in h) or '-'}"
                              for s, h in enumerate(record.hands))
            self.say(f"Hands at the end: {hands}.")
        return None

