"""Higher in the line mode (its ``line`` part, :class:`kc_tui.line.part.LineGame`), at this
terminal and at a served seat alike: the events in sentences, the table in a line, and on a
person's turn a prompt.  Actions: a card (``5H``), ``draw`` (``d``) or ``pass``; review: look,
scores, rules.  The shell adds help and the ways to leave."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TextIO

from kc_tui.core.cards import NotationError, parse_card
from kc_tui.core.errors import IllegalMove, RuleError
from kc_tui.core.kinds import Phase
from kc_tui.core.text import visible
from kc_tui.line.part import LineOptions
from kc_tui.line.shell import Reader, help_text, leave_word, writer
from kc_tui.net import Notice, SeatDoor

from .engine import ROUNDS, HigherRules, HigherView
from .remote import HigherRemote
from .session import GAME as SESSION

HELP = ("Actions: a card higher than the pile's (5H), draw (or d) when you cannot or would rather "
        "not, pass once the stock is empty.\n"
        "Review: look (the table), scores, rules.")

RULES = ("Higher: each player is dealt three cards from the 2s to the 7s. On your turn play a card "
         "of a higher rank than the pile's top, or draw one from the stock, or pass once it is "
         f"empty. The first to empty their hand wins the round and a point; {ROUNDS} rounds make "
         "a session.")


def table_line(view: HigherView, names: list[str]) -> str:
    """The table in words: the pile, the stock, the hands, one's own cards and moves."""
    if not view.round:
        return "No cards have been dealt yet."
    counts = ", ".join(f"{names[i]} {n}" for i, n in enumerate(view.hand_counts))
    own = f" Your hand: {' '.join(str(c) for c in view.hand) or 'empty'}." if view.seat is not None else ""
    moves = f" You may: {', '.join(view.legal)}." if view.legal else ""
    return (f"Round {view.round}: the pile shows {view.pile}; the stock has {view.stock_count} cards. "
            f"Cards in hand: {counts}.{own}{moves}")


def scores_line(view: HigherView, names: list[str]) -> str:
    return "Rounds won: " + ", ".join(f"{n} {t}" for n, t in zip(names, view.totals)) + "."


def action_of(text: str) -> str:
    """A typed action in the referee's words (``d`` is draw, a card in any case);
    :class:`NotationError` for what is no card."""
    word = text.strip().lower()
    if word in ("d", "draw"):
        return "draw"
    if word == "pass":
        return "pass"
    return str(parse_card(word))


class HigherLines:
    """A session of Higher in the line mode: ``session`` is the service or a served seat's
    remote, ``write`` sends text; the lobby drives a served seat through :meth:`position`,
    :meth:`tell` and :meth:`line`."""

    verbosity = "full"
    """Every event is said (Higher has no other level)."""

    def __init__(self, session: Any, write: Callable[[str], None], served: bool = False) -> None:
        self.session = session
        self.write = write
        self.served = served
        self.seat: int | None = session.keyboard_seat
        self.names = ["You" if i == self.seat else s.name for i, s in enumerate(session.seats)]
        self.tell_event = SESSION.narrator(self.names, self.seat)
        self.heard = 0
        session.follow(self._on_event, self.seat)

    def say(self, text: str) -> None:
        self.write(text + "\n")

    def _on_event(self, event: Any) -> None:
        self.heard += 1
        sentence = self.tell_event(event)
        if sentence:
            self.say(sentence)

    def _view(self) -> HigherView:
        session = self.session
        seat = session.current if not self.served and session.waiting_for_human() else self.seat
        view: HigherView = session.view(seat)
        return view

    def position(self) -> object:
        return (self.session.phase, self.heard)

    def tell(self, fresh: bool) -> str | None:
        view = self._view()
        if view.phase != Phase.TURN and fresh:
            self.say(scores_line(view, self.names))
        if view.phase == Phase.SESSION_OVER:
            return None
        if view.phase == Phase.ROUND_OVER:
            if self.served and self.seat is None:
                return "table> "
            return f"Press Enter for the next round (or type {leave_word(self.served)}). "
        if self.session.waiting_for_human():
            if fresh:
                self.say(table_line(view, self.names))
            return "Your move> "
        return "table> "

    def line(self, text: str) -> None:
        session = self.session
        view = self._view()
        word = text.strip().lower()
        reviews = {"look": lambda: table_line(view, self.names), "scores": lambda: scores_line(view, self.names),
                   "rules": lambda: RULES, "help": lambda: help_text(HELP, self.served),
                   "?": lambda: help_text(HELP, self.served)}
        if word in reviews:
            self.say(reviews[word]())
            return
        try:
            if view.phase == Phase.ROUND_OVER:
                session.next_round()
            elif word:
                session.act(action_of(word))
        except NotationError as exc:
            self.say(f"{visible(str(exc))} (help lists the actions)")
        except IllegalMove as exc:  # the rules' sentence, or the door's (out of turn)
            self.say(str(exc))

    def close(self) -> None:
        self.session.remove_listener(self._on_event)
        self.session.close()

    def run(self, read: Reader) -> int:
        """Play the session at this terminal: 0 when it ends or the player quits, 1 when input
        ends first."""
        session = self.session
        if not session.view(None).round:
            session.start()
        told: object = None
        while True:
            session.run_computer_turns()
            position = self.position()
            prompt = self.tell(position != told)
            told = position
            if prompt is None:
                return 0
            line = read(prompt)
            if line is None:
                self.say("Input ended; the game stops here.")
                return 1
            if line.strip().lower() in ("quit", "q"):
                self.say("You leave the table.")
                return 0
            self.line(line)


class HigherLine:
    """Higher's :class:`~kc_tui.line.part.LineGame`."""

    example = "5h, draw or help"
    presets = ("standard",)

    def build_rules(self, players: int, preset: str, options: Mapping[str, str]) -> HigherRules:
        unknown = set(options) - {"hand"}
        if unknown:
            raise RuleError(f"Higher has no option {visible(sorted(unknown)[0])[:20]!r}; it has hand=N.")
        try:
            return HigherRules(players, int(options.get("hand", 3)))
        except ValueError:
            raise RuleError("hand=N takes a whole number of cards.") from None

    def preset_note(self, preset: str) -> str:
        return "3 cards each"

    def rule_options(self) -> Sequence[tuple[str, str]]:
        return [("hand", "cards dealt to each player: 1 to 5 (3)")]

    def play(self, service: Any, read: Reader, out: TextIO, options: LineOptions) -> int:
        return HigherLines(service, writer(out)).run(read)

    def seat(self, door: SeatDoor, write: Callable[[str], None], changed: Callable[[], None],
             announce: Callable[[Notice], None], verbosity: str | None = None) -> HigherLines:
        remote = HigherRemote(door)
        remote.on_update = changed
        remote.hear(announce)
        lines = HigherLines(remote, write, served=True)
        lines.say(f"The game of Higher at table {door.table_id} is on. Type help for the actions.")
        return lines


GAME = HigherLine()
