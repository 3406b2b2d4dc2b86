"""The line mode: the whole game as plain lines of text, for screen readers, ``TERM=dumb`` and
slow links.  It says what happens as sentences and the table as short text (one line per pile,
then the hand), and reads docs/protocol.md section 3 commands from standard input.  When input ends
it stops cleanly.  It holds no rules or game state: everything goes through the engine service.

A player who listens rather than looks hears, under the ``brief`` verbosity (the default), only
what matters between two of their turns: at the start of their turn one sentence per other
player, then the tops of the piles and their hand; every detail is one review command away
(``look``, ``pile N``, ``hand``, ``who``, ``scores``, ``rules``, ``last``), at any prompt.
``full`` says every event as it happens, and the whole table at each turn.
"""

from __future__ import annotations

import functools
from typing import AbstractSet, Any, Callable, Mapping, Sequence, TextIO, cast

from ...core.cards import Card, card_name, quoted
from ...core.errors import IllegalMove
from ...core.events import SessionEnd, SessionStart, TurnEnd, TurnStart
from ...core.i18n import Domain
from ...core.kinds import Phase
from ...core.text import folded, shown_name, visible
from ...line.part import LineOptions
from ...line.shell import (
    Out,
    Reader,
    common_command,
    help_text,
    leave_word,
    lobby_word_at_table,
    not_next_round,
    table_prompt,
)
from ...net import Notice, SeatDoor, TableError
from .ai import level_name
from .ai.hints import hint
from .engine.board import PILES, Pile
from .engine.commands import (
    NO,
    YES,
    CommandError,
    MoveReader,
    Review,
    Verb,
    Verbosity,
    command_help,
    end_question,
    is_sure_end,
    parse_command,
    parse_review,
    review_help,
)
from .engine.describe import (
    Narrator,
    TurnLog,
    describe_pile,
    describe_rules,
    describe_table,
    hand_text,
    score_table,
    scores_said,
    totals_sentence,
    who_sentence,
)
from .engine.events import Draw, Event, RoundEnd, RoundStart, RoundView
from .engine.kinds import Scoring
from .engine.naming import items, saying
from .engine.observation import Observation
from .engine.rules import OPTION_NOTES, PRESETS, RuleSet, build_rules, preset_note
from .engine.service import GameService
from .engine.views import RoundRecord
from .remote import RemoteTable

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["GAME", "PlainGame", "SeatTable", "game_help"]


def game_help(watching: bool = False) -> str:
    """The game's own commands, in the language being served (the shell adds its common ones,
    :func:`~kc_tui.line.shell.help_text`); ``watching``: only those a spectator may type."""
    return review_help(True) if watching else command_help() + "\n" + review_help()


LAST_SENTENCES = 40
"""The most sentences ``last`` says: a play test's ``last`` reached back 78 seconds of speech."""


_ALWAYS_SAID = (SessionStart, RoundStart, RoundView, RoundEnd, SessionEnd)
"""Events said as they happen under every verbosity: the deal, and the ends."""



def _nothing_fits() -> str:
    return _("Nothing fits: type end to end your turn.")


def _tops(obs: Observation, seen: Mapping[Pile, tuple[Card, ...]] | None,
          named: AbstractSet[tuple[Pile, Card | None]] = frozenset(), words: bool = False) -> str | None:
    """"Changed: N 3C, E 4C. Empty: S.": the piles that changed since ``seen`` (every pile
    when None), what a move can go on, in brief; leaving out a top just ``named`` (None: a pile
    said to be emptied).  In ``words``: "Changed: North, three of clubs; East, four of clubs.
    Empty: South."."""
    board = obs.board
    changed = [pile for pile in PILES if seen is None or (
        board[pile] != seen[pile] and (pile, board[pile][-1] if board[pile] else None) not in named)]
    if not changed:
        return None
    if words:
        tops = items(f"{pile.word}, {card_name(board[pile][-1], article=False)}"
                         for pile in changed if board[pile])
        empty = ", ".join(pile.word for pile in changed if not board[pile])
    else:
        tops = ", ".join(f"{pile.letters} {board[pile][-1]}" for pile in changed if board[pile])
        empty = ", ".join(pile.letters for pile in changed if not board[pile])
    said = _("Tops: {tops}.") if seen is None else _("Changed: {tops}.")
    return " ".join(part for part in (said.format(tops=tops) if tops else "",
                                       _("Empty: {piles}.").format(piles=empty) if empty else "") if part)


_QUIT_WORDS = frozenset({"quit", "q", "salir", "quitter"})


def _next_round(leave: str) -> str:
    return _("Press Enter for the next round (or type {leave}). ").format(leave=leave)


def _totals(names: Sequence[str], totals: Sequence[int]) -> str:
    return ", ".join(f"{shown_name(n)} {t}" for n, t in zip(names, totals))


def _end_asked(open_moves: int) -> str:
    """The question an ``end`` asks while moves are still open (its prompt)."""
    return _("{question} Type y (or end) to end it, n to go on: ").format(question=end_question(open_moves))


def _answers_end(line: str) -> bool | None:
    """The answer to "End your turn with N moves still open?": True (yes, or end again), False
    (no, or an empty line), None (another line: a command typed there, which the turn goes on
    to, or a line that answers neither way, asked again); in every language, with or without
    accents."""
    answer = " ".join(folded(line).split())
    if is_sure_end(answer) or _is_end(answer):
        return True
    return _yes_or_no(answer)


def _yes_or_no(line: str) -> bool | None:
    """The answer ``line`` gives to a yes-or-no question: True (yes), False (no, or an empty
    line), None (neither); in every language, with or without accents."""
    answer = " ".join(folded(line).split())  # "sí" as "si", "Oui" as "oui"
    return True if answer in YES else False if answer in NO else None


def _is_command(line: str, hand: Sequence[Card]) -> bool:
    """Whether ``line`` is a command (a move, a verb or a question about the table) that a
    player may have typed at the end question rather than answer it."""
    try:
        if parse_review(line) is None:
            parse_command(line, hand)
    except CommandError:
        return False
    return True


def _neither(line: str, leaving: bool = False) -> str:
    """What is said to a line at the end question that answers it neither way and is no command
    ("quizá"), or to any line at the quit question (``leaving``) that answers it neither way:
    the question stays open."""
    if leaving:
        return _("{answer} is neither yes nor no: type y to leave, n to go on.").format(answer=quoted(line))
    return _("{answer} is neither yes nor no: type y to end your turn, n to go on.").format(
        answer=quoted(line))


def _is_verb(answer: str, name: str) -> bool:
    """Whether ``answer`` is the verb ``name`` (``end``, ``quit``) in any of its words."""
    try:
        command = parse_command(answer)
    except CommandError:
        return False
    return isinstance(command, Verb) and command.name == name


def _is_end(answer: str) -> bool:
    return _is_verb(answer, "end")


class PlainGame:
    """Runs a session in the line mode.  ``read`` returns a line, or None when input ends.

    ``verbosity`` is ``brief`` or ``full`` (see the module's words); ``bell`` writes the
    terminal bell as each person's turn starts; ``echo`` writes each line read after its
    prompt, so that a transcript of piped input reads as a dialogue; ``confirm_end`` asks
    before ``end`` ends a turn while moves are still open, as the table's ``e`` does;
    ``served``: a seat at the table server (:class:`SeatTable`), whose help says the lobby's
    commands; ``notation``: ``words`` (cards and piles said in words, the hand numbered for a
    screen reader: "1, the ace of diamonds; 2, ...") or ``short`` (``1:AD 2:7H``, for the eye)."""

    def __init__(self, service: GameService, read: Reader, out: TextIO,
                 verbosity: Verbosity = Verbosity.BRIEF, bell: bool = False, echo: bool = False,
                 confirm_end: bool = True, served: bool = False, notation: str = "words") -> None:
        if notation not in ("words", "short"):
            raise ValueError(f"notation must be words or short, not {notation!r}")
        self.words = notation == "words"
        self.service = service
        self.served = served
        self.read = read
        self.out = out
        self.verbosity = Verbosity(verbosity)
        self.bell = bell
        self.echo = echo
        self.confirm_end = confirm_end
        self._next: str | None = None  # a line typed at the end question that was not an answer
        self._moves = MoveReader()  # a card or pile typed alone is asked its target
        self.names = [s.name for s in service.seats]
        self._own_draws: dict[int, tuple[Card, bool]] = {}
        """Hot-seat: the card each person drew that the shared screen did not show, and whether
        it was drawn in the turn being played (else at the end of their last turn)."""
        self.narrator = Narrator(self.names, words=self.words, level_name=level_name,
                                 me=service.keyboard_seat)
        self.turns = TurnLog(self.names, words=self.words)
        self.heard: list[str] = []
        """Every sentence of the session so far, as the screen's seat saw it (for ``last``)."""
        self._turn_ended: dict[int, int] = {}  # seat: len(heard) when its last turn ended
        self._turn_began: dict[int, int] = {}  # seat: len(heard) when its last turn began
        self._last_turn_began = 0  # len(heard) when the last turn that ended began
        self._round_end: str | None = None  # how the round being played (or just over) ended
        self._live = False  # brief: a person is typing, so what happens is said at once
        self._open_moves = 0  # moves still open when a person typed end
        self._seen: dict[int, Mapping[Pile, tuple[Card, ...]]] = {}  # seat: the board its turn left
        # What is printed is seen by whoever sits at the screen (the service's keyboard seat).
        self.past: tuple[Event, ...] = service.past_events_seen_by(service.keyboard_seat)
        """The session before this line mode followed it (asked once: at a served table each
        ask crosses to the table host)."""
        self._resumed = bool(self.past)
        for event in self.past:
            self._hear(event)  # a resumed game: the narrator catches up silently
        self.humans = [i for i, s in enumerate(service.seats) if s.player is None]
        self._last_human: int | None = None
        service.follow(self._on_event, service.keyboard_seat)
        if service.keyboard_seat is None:
            # Hot-seat: the screen is a spectator's, so each person's draw is kept for them
            # alone, told when their turn starts (they have the keyboard then).
            for seat in self.humans:
                service.follow(functools.partial(self._own_draw, seat), seat)

    def _own_draw(self, seat: int, event: Event) -> None:
        if isinstance(event, Draw) and event.player == seat and event.card is not None:
            self._own_draws[seat] = (event.card, True)
        elif isinstance(event, TurnStart) and event.player == seat and seat in self._own_draws:
            self._own_draws[seat] = (self._own_draws[seat][0], False)
        elif isinstance(event, (RoundStart, RoundView)):
            self._own_draws.pop(seat, None)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _hear(self, event: Event) -> str | None:
        """Take in an event: its sentence, kept for ``last`` and returned."""
        if isinstance(event, TurnStart):
            self._turn_began[event.player] = len(self.heard)
        text = self.narrator.sentence(event)
        self.turns.feed(event)
        if isinstance(event, (RoundStart, RoundView, RoundEnd)):
            self._round_end = text if isinstance(event, RoundEnd) else None
        if isinstance(event, TurnEnd) and self._open_moves:
            text = self.narrator.ended_early(event.player, self._open_moves)
        if text:
            self.heard.append(text)
        if isinstance(event, TurnEnd):
            self._turn_ended[event.player] = len(self.heard)
            self._last_turn_began = self._turn_began.get(event.player, 0)
        return text

    def _on_event(self, event: Event) -> None:
        if isinstance(event, RoundEnd) and self.verbosity == Verbosity.BRIEF:
            # Under brief the others' turns wait for one's next turn, which this round will not
            # have: they are told before its end (how the round was won).
            seat = self._last_human if self._last_human is not None else self.service.keyboard_seat
            since = self.turns.since(seat, to_the_end=True) if seat is not None else None
            if since:
                self.say(since)
        text = self._hear(event)
        if text and self._said_at_once(event):
            self.say(text)
        if isinstance(event, (RoundStart, RoundView)):
            # The deal's (or the resumed round's) sentence has just named every top: a person's
            # first turn says only what changed since (it said them all again, and the four
            # empty corners: 11 of a round's first 38 seconds of speech).
            board = self.service.observation(self.service.keyboard_seat).board
            self._seen = {seat: board for seat in self.humans}
        if isinstance(event, TurnEnd):
            self._open_moves = 0  # told (at a served table the end comes after the call)
            self._live = False  # the next player's turn is told when it matters
            if event.player in self.humans:
                self._seen[event.player] = self.service.observation(event.player).board

    def _said_at_once(self, event: Event) -> bool:
        """Whether an event's sentence is said as it happens."""
        if self.verbosity == Verbosity.FULL or isinstance(event, _ALWAYS_SAID):
            return True
        # Under brief, the other players' turns are told as the person's turn starts, and a
        # person's own plain end needs no answer here: their next prompt is one.  At a served
        # table that prompt waits for the others' turns, played at the server's pace: a network
        # play test typed end and heard nothing for seconds, so the end is said there.
        if isinstance(event, TurnEnd):
            # One's own end, with the moves that were still open (or at a served table).
            return bool(self._open_moves) or (self.served and event.player in self.humans)
        return self._live

    def _read(self, prompt: str) -> str | None:
        line = self.read(prompt)
        if line is not None and self.echo:
            self.out.write(visible(line) + "\n")  # a piped line may hold escape sequences
        return line

    def _ask(self, prompt: str, seat: int | None) -> str | None:
        """Read a line at a prompt where no move is possible (between rounds, passing the
        keyboard), answering review commands as ``seat`` may (None: nobody's hand is shown)
        until another line comes."""
        while True:
            line = self._read(prompt)
            if line is None:
                return None
            try:
                review = parse_review(line)
            except CommandError as exc:
                self.say(str(exc))
                continue
            if review is None:
                return line
            self._answer(review, seat)

    def run(self) -> int:
        """Play until the session ends, the player quits, or input ends.  Returns an exit code."""
        with saying(self.words):  # the engine's refusals name cards as this game does
            return self._run()

    def _run(self) -> int:
        service = self.service
        view = service.view(None)
        if view.round and service.phase == Phase.ROUND_OVER and self._round_end:
            # Left at a round's end: how it ended, which its last turns would not say (a play
            # test heard "Resuming round 3" and that round's last turns, but not who won it).
            self.say(_("Resuming at the end of round {round}.").format(round=view.round))
            self.say(self._round_end)
        elif view.round:
            self.say(_("Resuming round {round}. Totals so far: {totals}.").format(
                round=view.round, totals=_totals(self.names, view.totals)))
            last = self.turns.last_turns()
            if last:
                self.say(last)
        else:
            service.start()
        try:
            while True:
                service.run_computer_turns()
                for fault in service.take_faults():
                    self.say(f"! {fault}")
                phase = service.phase
                if phase == Phase.SESSION_OVER:
                    self._say_scores(service.history, service.rules, over=True)
                    self.say(_("Session seed: {seed}.").format(seed=service.seed))
                    return 0
                if phase == Phase.ROUND_OVER:
                    if service.rules.scoring != Scoring.NONE and self.verbosity == Verbosity.FULL:
                        # Under brief the round's end has said the totals; scores reads the table.
                        self._say_scores(service.history, service.rules)
                    line = self._ask(_next_round(leave_word(False)), service.keyboard_seat)
                    if line is None or line.strip().lower() in _QUIT_WORDS or common_command(
                            line.strip().lower()) == "quit":
                        return self._stop(line is None)
                    if line.strip() and not _is_end(line):
                        self.say(not_next_round(line, served=False))
                        continue
                    service.next_round()
                    continue
                if not self._human_turn():
                    return 0
        finally:
            service.close()

    def _say_scores(self, history: Sequence[RoundRecord], rules: RuleSet, over: bool = False) -> None:
        """The score table, and at the session's end the totals in a sentence; in words,
        sentences instead."""
        if self.words:
            self.say(scores_said(history, self.names, rules, over=over))
            return
        self.say(score_table(history, self.names, rules, over=over))
        if over:
            self.say(totals_sentence(history, self.names, rules, over=True))

    def _stop(self, input_ended: bool) -> int:
        self.say(_("Input ended; the game stops here.") if input_ended else _("You left the game."))
        return 0

    def _human_turn(self) -> bool:
        """Read and apply commands until the turn ends; False when the player leaves."""
        service = self.service
        seat = service.current
        if len(self.humans) > 1 and self._last_human != seat:
            line = self._ask(_("Pass the keyboard to {name}, then press Enter. ").format(
                name=self.names[seat]), None)
            if line is None:
                self._stop(True)
                return False
        self._last_human = seat
        self._begin_turn(seat)
        self._live = True
        try:
            return self._commands(seat)
        finally:
            self._live = False

    def _begin_turn(self, seat: int) -> None:
        """What a person hears as their turn starts."""
        self._moves.forget()  # (a move left unfinished in an earlier turn is not this one's)
        service = self.service
        if self.bell:
            self.out.write("\a")
        obs = service.observation(seat)
        if not self._resumed:
            # After a resume the last turn of each player has just been told.
            since = self.turns.since(seat)
            if since:
                self.say(since)
        self._resumed = False
        own = self._own_draws.pop(seat, None)
        if own is not None and self.verbosity == Verbosity.FULL:
            self.say(self._drew(*own))
        if self.verbosity == Verbosity.FULL:
            self.say(describe_table(obs, self.names, words=self.words))
        else:
            if self._turn_began.get(seat, -1) == self._turn_ended.get(seat):
                self.say(self.narrator.extra_turn(seat))  # royal Kings: this seat again
            drawn = self.turns.drawn(seat)
            if drawn is not None:
                self.say(self._drew(drawn, True))
            elif own is not None:
                self.say(self._drew(*own))
            tops = _tops(obs, self._seen.get(seat), self.turns.named(seat), self.words)
            if tops:
                self.say(tops)
            hand = hand_text(obs, words=self.words) or _("empty")
            if len(self.humans) > 1:
                self.say(_("Your hand ({name}): {hand}.").format(name=shown_name(self.names[seat]),
                                                                  hand=hand))
            else:
                self.say(_("Your hand: {hand}.").format(hand=hand))
        if not service.legal_moves():
            self.say(_nothing_fits())

    def _drew(self, card: Card, this_turn: bool) -> str:
        """"You drew the ace of hearts.", or drawn when the last turn ended (``this_turn`` False)."""
        said = card.words if self.words else str(card)
        if this_turn:
            return _("You drew {card}.").format(card=said)
        return _("You drew {card} at the end of your last turn.").format(card=said)

    def _commands(self, seat: int) -> bool:
        service = self.service
        while service.phase == Phase.TURN and service.current == seat:
            line, self._next = (self._next, None) if self._next is not None else \
                (self._read(f"{shown_name(self.names[seat])}> "), None)
            if line is None:
                self._stop(True)
                return False
            obs = service.observation(seat)
            try:
                review = parse_review(line)
                if review is not None:
                    self._answer(review, seat)
                    continue
                command = self._moves.read(line, obs.hand)
            except CommandError as exc:
                self.say(str(exc))
                continue
            if isinstance(command, Verb):
                if command.name == "quit":
                    if not self._sure_to_quit():
                        continue
                    self._stop(False)
                    return False
                if command.name == "end" and not command.sure and not self._sure_to_end():
                    continue
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

    def _sure_to_quit(self) -> bool:
        """Leaving with moves made this turn (they are not saved: the save is the turn's start)
        asks first, as the table's q does; a word mistyped lost them at once.  ``y`` (or ``quit``
        again) leaves; ``n`` or an empty line goes on; any other line is said to answer neither
        way and asked again, as at the end question (a play test found every line but a yes
        taken for a no).  When input ends the turn goes on, and the next prompt reads the end
        too: the game stops there, saved at the turn's start."""
        seen = self.service.observation()
        if seen.phase != Phase.TURN or not seen.moves_this_turn:
            return True
        question = " ".join([_("Leave the game?"), _(
            "It is saved as it stood when the last turn ended; the moves of this turn are not kept."),
            _("Type y to leave, n to go on: ")])
        while (line := self._read(question)) is not None:
            # ``quit`` (or ``q``) again is a yes, as ``end`` is at the end question.
            answer = True if _is_verb(line, "quit") else _yes_or_no(line)
            if answer is not None:
                if answer:
                    return True
                break
            self.say(_neither(line, leaving=True))  # and asked again
        self.say(_("Your turn goes on."))
        return False

    def _sure_to_end(self) -> bool:
        """While moves are open, ask before ending the turn, as the table does: ``y`` (or ``end``
        again) ends it; ``n`` or an empty line goes on; a command goes on and is then carried
        out, so a move typed at the question is not lost; any other line is asked again.  Not
        asked with a King owed to an empty corner (mandatory Kings): the refusal says it."""
        open_moves = len(self.service.legal_moves())
        if not open_moves or not self.confirm_end or self.service.observation().owed_king() is not None:
            return True
        while True:
            line = self._read(_end_asked(open_moves))
            if line is None:
                return False  # input ended: the next prompt reads that too, and the game stops
            answer = _answers_end(line)
            if answer:
                return True
            if answer is None and not _is_command(line, self.service.observation().hand):
                self.say(_neither(line))  # and asked again
                continue
            if answer is None:
                self._next = line
            self.say(_("Your turn goes on."))
            return False

    def _verb(self, name: str, obs: Observation) -> bool:
        """Carry out a verb; False when it was refused."""
        service = self.service
        try:
            if name == "end":
                # Asked first while moves were open (unless end!); it says what was left.
                self._open_moves = len(service.legal_moves())
                try:
                    service.end_turn()
                except BaseException:
                    self._open_moves = 0
                    raise
            elif name == "undo":
                service.undo()
            elif name == "hint":
                self.say(hint(obs).text if service.legal_moves() else _nothing_fits())
            return True
        except IllegalMove as exc:
            self.say(str(exc))
            return False

    # ------------------------------------------------------------------ review commands
    def _answer(self, review: Review, seat: int | None) -> None:
        """Answer a review command for ``seat`` (None: a shared screen, no hand shown)."""
        service = self.service
        name = review.name
        if name == "help":
            watching = self.served and seat is None
            self.say(help_text(game_help(watching), self.served, watching))
        elif name == "verbosity":
            assert review.verbosity is not None  # parse_review requires it
            self.verbosity = review.verbosity
            self.say(_("Verbosity full: every event is said as it happens.")
                     if self.verbosity == Verbosity.FULL
                     else _("Verbosity brief: at the start of your turn, one sentence per player; "
                            "last tells the rest."))
        elif name == "rules":
            self.say(describe_rules(service.rules))
        elif name == "scores":
            if service.rules.scoring == Scoring.NONE:
                self.say(_("No score is kept under these rules."))
            else:
                self._say_scores(service.history, service.rules)
        elif name == "last":
            self.say(self._last(seat))
        elif service.view(None).round == 0:
            self.say(_("No cards have been dealt yet."))
        else:
            obs = service.observation(service.current if seat is None else seat)
            if name == "look":
                self.say(describe_table(obs, self.names, hand=seat is not None, words=self.words))
            elif name == "pile":
                assert review.pile is not None  # parse_review requires it
                self.say(describe_pile(obs, review.pile, words=self.words))
            elif name == "hand":
                if seat is None:
                    self.say(_("You are watching: no hand is shown.") if self.served
                             else _("The hands stay hidden until the next player has the keyboard."))
                else:
                    left = len(obs.hand)
                    said = ngettext("Your hand, {n} card: {hand}.", "Your hand, {n} cards: {hand}.", left)
                    self.say(said.format(n=left, hand=hand_text(obs, words=self.words) or _("empty")))
            else:
                self.say(who_sentence(obs, self.names, seat, service.phase))

    def _last(self, seat: int | None) -> str:
        """Every sentence since ``seat``'s last turn ended, up to the start of the turn it is
        playing now (or up to now); a spectator's: the last turn that ended and what followed.
        At most :data:`LAST_SENTENCES`, the latest."""
        if seat is None:
            seat = self._last_human if self._last_human is not None else self.service.keyboard_seat
        if seat is None:  # watching: no turn of one's own to count from
            said = self.heard[self._last_turn_began:]
            return "\n".join(said[-LAST_SENTENCES:]) if said else _("Nothing has been played yet.")
        start = self._turn_ended.get(seat, 0)
        began = self._turn_began.get(seat, -1)
        end = began if self.service.phase == Phase.TURN and self.service.current == seat and began >= start \
            else len(self.heard)
        said = self.heard[start:end]
        return "\n".join(said[-LAST_SENTENCES:]) if said else _("Nothing has happened since your last turn.")


class SeatTable:
    """One seat's (or a spectator's) line mode at a served table (a
    :class:`~kc_tui.line.part.SeatLines`): :class:`PlainGame`'s narration and review answers,
    driven by the door's deliveries rather than by a local session."""

    def __init__(self, door: SeatDoor, write: Callable[[str], None], changed: Callable[[], None],
                 announce: Callable[[Notice], None], verbosity: str | None = None) -> None:
        self.door = door
        self.announce = announce
        self._asked = 0
        """The open moves of the end of turn being asked about (0: no question asked)..."""
        self._asked_in: object = None
        """... in this turn (a line typed as the turn's news came is read in the new turn)."""
        self._ready_in = 0
        """The round after which this seat said it is ready for the next."""
        self.remote = remote = RemoteTable(door)
        remote.on_update = changed
        level = (Verbosity(verbosity) if verbosity in tuple(Verbosity)
                 else Verbosity.FULL if door.spectator else Verbosity.BRIEF)
        # RemoteTable has the service's names for all the line mode uses; it plays no computer.
        self.game = PlainGame(cast(GameService, remote), read=lambda prompt: None,
                              out=cast(TextIO, Out(write)), verbosity=level, served=True)
        remote.hear(self._notice)
        # Nothing of the round so far is told on sitting down (unlike a game resumed at home):
        # the first turn starts with what was played since the deal, or since one's last turn.
        self.game._resumed = False
        view = door.view()
        past = self.game.past if view.round == 1 else ()
        if past and not any(isinstance(event, TurnEnd) for event in past):
            # The game began as this person sat down (the last seat taken starts it): they hear
            # the session and the deal, as the others did, and the first turn's account since it.
            told = Narrator(words=self.game.words, level_name=level_name, me=remote.keyboard_seat)
            for event in past:
                if isinstance(event, (SessionStart, RoundStart, RoundView)):
                    text = told.sentence(event)
                    if text:
                        self.game.say(text)
            # The deal just named every top: the first turn says only what changed since.
            board = remote.observation(door.seat).board
            self.game._seen = {seat: board for seat in self.game.humans}
        elif view.round:
            self.game.say(_("The game at table {table} is on: round {round}. Totals: {totals}.").format(
                table=door.table_id, round=view.round, totals=_totals(door.names, view.totals)))

    @property
    def verbosity(self) -> str:
        return str(self.game.verbosity)

    def _notice(self, notice: Notice) -> None:
        game = self.game  # a seat taken comes with its notice: its person's name
        self.remote.adopt_names(game.names, game.narrator.names, game.turns.names)
        self.announce(notice)

    def position(self) -> object:
        view = self.door.view()
        return (view.phase, view.turn, self.door.my_turn())

    def tell(self, fresh: bool) -> str | None:
        with saying(self.game.words):  # the engine's refusals name cards as this game does
            return self._tell(fresh)

    def _tell(self, fresh: bool) -> str | None:
        door, game = self.door, self.game
        view = door.view()
        if view.phase == Phase.SESSION_OVER:
            game._say_scores(view.history, door.rules, over=True)
            return None
        if view.phase == Phase.ROUND_OVER:
            if door.spectator or self._ready_in == view.round:
                return table_prompt()
            if fresh and door.rules.scoring != Scoring.NONE and game.verbosity == Verbosity.FULL:
                game._say_scores(view.history, door.rules)
            return _next_round(leave_word(True))
        if door.my_turn():
            assert door.seat is not None
            if self._asked and self._asked_in != view.turn:
                self._asked = 0  # asked in an earlier turn (ended meanwhile): not any more
            if fresh:
                game._last_human = door.seat
                game._live = True
                game._begin_turn(door.seat)
            if self._asked:
                return _end_asked(self._asked)
            return f"{shown_name(game.names[door.seat])}> "
        self._asked = 0
        if fresh and not door.spectator:
            game._live = False
        return table_prompt()

    def line(self, text: str) -> None:
        """A review command, a move or verb on one's turn, Enter between rounds."""
        with saying(self.game.words):
            self._line(text)

    def _line(self, text: str) -> None:
        game, door = self.game, self.remote.door  # this door, as the table's game made it
        if self._asked and door.my_turn():
            self._answer_end(text)
            return
        self._asked = 0
        view = door.view()
        try:
            review = parse_review(text)
        except CommandError as exc:
            # "mirar 2" watches table 2 in the lobby; "mirar" alone looks at this table.
            game.say(lobby_word_at_table(text) or str(exc))
            return
        if review is not None:
            game._answer(review, door.seat)
            return
        lobby = lobby_word_at_table(text)  # (no move or verb of this game is a lobby command)
        if lobby is not None:
            game.say(lobby)
            return
        if view.phase == Phase.ROUND_OVER:
            if door.spectator:
                game.say(_("The players deal the next round when they are ready."))
                return
            if text.strip() and not _is_end(text):
                game.say(not_next_round(text, served=True))
                return
            try:
                door.next_round()
            except TableError as exc:
                game.say(str(exc))
                return
            # Ready: the table says for whom it waits ("You are ready for the next round
            # (waiting for Bob)."), and the prompt asks for Enter no more.
            self._ready_in = view.round
            return
        if not text:
            return
        if not door.my_turn():
            try:
                door.end_turn()  # refused with the sentence that says whose turn it is
            except TableError as exc:
                game.say(str(exc))
            return
        obs = door.view().observation
        assert obs is not None
        try:
            command = game._moves.read(text, obs.hand)
        except CommandError as exc:
            game.say(str(exc))
            return
        if isinstance(command, Verb):
            if command.name == "end" and not command.sure:
                open_moves = len(door.legal_moves())
                if open_moves:  # asked first, as the table's e and the line mode at home ask
                    self._asked, self._asked_in = open_moves, view.turn
                    return
            game._verb(command.name, obs)  # quit never comes here: the shell takes it
            return
        try:
            door.play(command)
        except IllegalMove as exc:
            game.say(str(exc))

    def _answer_end(self, text: str) -> None:
        """The answer to "End your turn with N moves still open?": yes (or end again) ends it;
        no or an empty line goes on; a command goes on and is then carried out; any other line
        is asked again."""
        game, door = self.game, self.remote.door
        answer = _answers_end(text)
        obs = door.view().observation
        assert obs is not None
        if answer is None and not _is_command(text, obs.hand):
            game.say(_neither(text))  # the question stays open: the prompt asks it again
            return
        self._asked = 0
        if answer:
            game._verb("end", obs)
            return
        game.say(_("Your turn goes on."))
        if answer is None:
            self._line(text)

    def close(self) -> None:
        self.remote.close()


class CornerLine:
    """Kings in the Corner's line mode (a :class:`~kc_tui.line.part.LineGame`)."""

    presets = tuple(PRESETS)

    @property
    def example(self) -> str:
        """A few commands, in the language being served."""
        return _("7h n, end or help")

    def build_rules(self, players: int, preset: str, options: Mapping[str, str]) -> Any:
        return build_rules(players, preset, dict(options))

    def preset_note(self, preset: str) -> str:
        return preset_note(preset)

    def rule_options(self) -> Sequence[tuple[str, str]]:
        return [(name, _(note)) for name, note in OPTION_NOTES.items()]

    def play(self, service: Any, read: Reader, out: TextIO, options: LineOptions) -> int:
        return PlainGame(service, read, out, verbosity=Verbosity(options.verbosity), bell=options.bell,
                         echo=options.echo, confirm_end=options.confirm_end, notation=options.notation).run()

    def seat(self, door: SeatDoor, write: Callable[[str], None], changed: Callable[[], None],
             announce: Callable[[Notice], None], verbosity: str | None = None) -> SeatTable:
        return SeatTable(door, write, changed, announce, verbosity)


GAME = CornerLine()
