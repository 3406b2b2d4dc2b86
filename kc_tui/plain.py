"""The line mode: the whole game as plain lines of text, for screen readers, ``TERM=dumb`` and
slow links.  It prints the table as short text (one line per pile, then the hand), every event
as a sentence, and reads docs/protocol.md section 3 commands from standard input.  When input ends
it stops cleanly.  It holds no rules or game state: everything goes through the engine service.
"""

from __future__ import annotations

from typing import Callable, TextIO

from .ai.hints import hint
from .engine.cards import PILES, Card
from .engine.commands import COMMAND_HELP, CommandError, Verb, parse_command
from .engine.describe import Narrator, score_table, totals_chart
from .engine.events import Event
from .engine.kinds import Phase, Scoring
from .engine.moves import IllegalMove
from .engine.observation import Observation
from .engine.service import GameService

__all__ = ["PlainGame", "describe_table"]

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


def describe_table(obs: Observation, names: list[str]) -> str:
    """The table as ``obs.seat`` sees it: a heading, one line per pile (bottom card first, top
    card last), one per player, then the numbered hand (short lines for narrow terminals and
    screen readers)."""
    board = obs.board
    whose = "your" if names[obs.current] == "You" else f"{names[obs.current]}'s"
    lines = [f"Round {obs.round}, {whose} turn. Stock: {obs.stock_count} cards."]
    for pile in PILES:
        lines.append(_pile_line(pile.name, board[pile], pile.is_edge))
    for seat, name in enumerate(names):
        left = obs.hand_counts[seat]
        lines.append(f"{name}: {left} card{'s' if left != 1 else ''}, {obs.totals[seat]} points.")
    hand = " ".join(f"{i}:{card}" for i, card in enumerate(obs.hand, 1))
    lines.append(f"Your hand ({names[obs.seat]}): {hand or 'empty'}")
    return "\n".join(lines)


class PlainGame:
    """Runs a session in the line mode.  ``read`` returns a line, or None when input ends."""

    def __init__(self, service: GameService, read: Callable[[str], str | None], out: TextIO) -> None:
        self.service = service
        self.read = read
        self.out = out
        self.names = [s.name for s in service.seats]
        self.narrator = Narrator(self.names)
        # What is printed is seen by whoever sits at the screen (the service's keyboard seat).
        for event in service.past_events_seen_by(service.keyboard_seat):
            self.narrator.sentence(event)  # a resumed game: the narrator catches up silently
        self.humans = [i for i, s in enumerate(service.seats) if s.player is None]
        self._last_human: int | None = None
        service.follow(self._on_event, service.keyboard_seat)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _on_event(self, event: Event) -> None:
        text = self.narrator.sentence(event)
        if text:
            self.say(text)

    def run(self) -> int:
        """Play until the session ends, the player quits, or input ends.  Returns an exit code."""
        service = self.service
        view = service.view(None)
        if view.round:
            self.say(f"Resuming round {view.round}. Totals so far: "
                     + ", ".join(f"{n} {t}" for n, t in zip(self.names, view.totals)) + ".")
        else:
            service.start()
        try:
            while True:
                service.run_computer_turns()
                for fault in service.take_faults():
                    self.say(f"! {fault}")
                phase = service.phase
                if phase == Phase.SESSION_OVER:
                    self.say(score_table(service.history, self.names, service.rules, over=True))
                    self.say(totals_chart(service.history, self.names))
                    self.say(f"Session seed: {service.seed}.")
                    return 0
                if phase == Phase.ROUND_OVER:
                    if service.rules.scoring != Scoring.NONE:
                        self.say(score_table(service.history, self.names, service.rules))
                    line = self.read("Press Enter for the next round (or type quit). ")
                    if line is None or line.strip().lower() == "quit":
                        return self._stop(line is None)
                    service.next_round()
                    continue
                if not self._human_turn():
                    return 0
        finally:
            service.close()

    def _stop(self, input_ended: bool) -> int:
        self.say("Input ended; the game stops here." if input_ended else "You left the game.")
        return 0

    def _human_turn(self) -> bool:
        """Read and apply commands until the turn ends; False when the player leaves."""
        service = self.service
        seat = service.current
        if len(self.humans) > 1 and self._last_human != seat:
            line = self.read(f"Pass the keyboard to {self.names[seat]}, then press Enter. ")
            if line is None:
                self._stop(True)
                return False
        self._last_human = seat
        self.say(describe_table(service.observation(seat), self.names))
        while service.phase == Phase.TURN and service.current == seat:
            line = self.read(f"{self.names[seat]}> ")
            if line is None:
                self._stop(True)
                return False
            obs = service.observation(seat)
            try:
                command = parse_command(line, obs.hand)
            except CommandError as exc:
                self.say(str(exc))
                continue
            if isinstance(command, Verb):
                if command.name == "quit":
                    self._stop(False)
                    return False
                if not self._verb(command.name, obs):
                    continue
                if command.name == "end":
                    break
                continue
            try:
                service.play(command)
            except IllegalMove as exc:
                self.say(str(exc))
        return True

    def _verb(self, name: str, obs: Observation) -> bool:
        """Carry out a verb; False when it was refused."""
        service = self.service
        try:
            if name == "end":
                service.end_turn()
            elif name == "undo":
                service.undo()
            elif name == "hint":
                self.say(hint(obs).text)
            elif name == "help":
                self.say(COMMAND_HELP)
            return True
        except IllegalMove as exc:
            self.say(str(exc))
            return False
