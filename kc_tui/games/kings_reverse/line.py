"""Kings Reverse in the line mode, at this terminal and at a served table alike: every event a
seat may see as a sentence, the table as short text, and on a person's turn a prompt naming the
step (play, the card drawn, give, call, challenge).  Actions are typed (``9H``, ``JK S``,
``marry H``, ``draw``, ``pass``, ``one``, ``end``, ``give 5C``, ``challenge``, ``accept``; a card
also by its number in the hand, ``3``), in English or in the words of Spanish and French
(``robar``, ``piocher``, ``JK picas``); the review commands are look, hand, who, scores, rules,
last and hint, and ``verbosity brief|full`` sets how much is said; the shell
(:mod:`kc_tui.line.shell`) adds help and the ways to leave.

Under the ``brief`` verbosity (the default) every play is said as it happens, but not whose
turn it is (each sentence names its player), and at a person's turn the pile, the stock and
the hand; the direction is said when it changes and the players' cards by ``who``.  ``full``
says every event and the whole table at each turn.  A computer's level is said once, as the
session starts.

Under the ``words`` notation (:attr:`~kc_tui.line.part.LineOptions.notation`, the default) cards
are said in full ("the nine of hearts"), the hand is numbered ("1, the four of spades; 2, ...")
and a playable card is said to be so, since a speech synthesizer reads ``1:AD`` or ``9H+`` as
syllables; ``short`` keeps the codes (``9H+``) for the eye.  It holds no rules: everything goes
through the session (:class:`~.engine.service.ReverseService` here, the seat's
:class:`~kc_tui.games.kings_reverse.remote.ReverseRemote` at a served table), which refuses what may not be
done with the sentence to say."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TextIO

from ...core.cards import Joker, NotationError, card_name, saying
from ...core.events import SessionStart
from ...core.i18n import N_, Domain
from ...core.kinds import Phase, SeatKind
from ...core.text import folded, visible
from ...line.part import LineOptions
from ...line.shell import (
    Reader,
    help_text,
    leave_word,
    lobby_word_at_table,
    not_next_round,
    table_prompt,
    writer,
)
from ...net import Notice, SeatDoor, TableError
from .ai import hint, level_name
from .engine.actions import (
    REVIEW_WORDS,
    VERBOSITY_WORDS,
    Action,
    ActionKind,
    AmbiguousSuit,
    parse_action,
    the_marriage,
)
from .engine.describe import (
    cards_text,
    describe_event,
    describe_rules,
    hand_line,
    new_session,
    resumed_line,
    scores_line,
    semicolons,
    shown_name,
    table_text,
    who_text,
)
from .engine.events import ReverseEvent, RoundStart, RoundView, TurnEnd, TurnStart
from .engine.rules import OPTION_NOTES, PRESET_NOTES, PRESETS, ReverseRules, build_rules
from .engine.views import ReverseView
from .remote import ReverseRemote

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def _is_end(text: str, view: ReverseView) -> bool:
    """Whether ``text`` is the end of a turn (``end``: piped players type it between rounds too)."""
    try:
        return parse_action(text.strip(), view.hand, None).kind is ActionKind.END
    except NotationError:
        return False

__all__ = ["GAME", "HELP", "VERBOSITIES", "ReverseLines"]

HELP = N_(
    "Actions: a card to play (9H; 10H or TH; or its number in your hand, 3), JK S (a joker naming "
    "spades), marry H (the Queen and King of hearts), draw (or d), pass, one (call \"one card\"), "
    "end, give 5C or only 5C (after the Ace of spades), challenge, accept.\n"
    "Review: look (the table), hand, who (every player), scores, rules, last (what happened "
    "since your last turn), hint."
)
"""The game's own commands (the shell adds its common ones, :func:`~kc_tui.line.shell.help_text`);
a msgid: a language's help lists its own words beside the English ones."""

WATCHING_HELP = N_(
    "You are watching: you cannot play, and no hand is shown. Review: look (the table), who (every "
    "player), scores, rules, last (the last things said). Type verbosity brief or verbosity "
    "full to set how much is said."
)
"""A spectator's help: only what it may type."""

VERBOSITY_HELP = N_("Type verbosity brief or verbosity full to set how much is said between your turns.")
"""The verbosity command's line of the help (Kings in the Corner's words for the same command)."""
WORDS_HELP = N_("A card may be typed in words too, as it is said: play the nine of hearts.")
"""That a card is read in words too (:func:`~kc_tui.core.cards.cards_said`)."""

VERBOSITIES = ("brief", "full")
"""How much the line mode says (see the module's words), as ``--verbosity`` names them."""

_LEVEL_WORDS = {"brief": "brief", "full": "full", "breve": "brief", "completo": "full", "completa": "full",
                "bref": "brief", "complet": "full", "complete": "full"}

_PROMPTS = {
    # Translators: the prompt on a person's turn, followed by "> ".
    "play": N_("Your move"), "give": N_("Give a card to {to}"),
    "call": N_('One card left: "one" to call, or end'), "challenge": N_("A joker: challenge or accept"),
}


_EMPTY_LINE: dict[str, Callable[[], str]] = {
    "play": lambda: _("Type a card to play (9H, or JK S for a joker naming spades), marry H, draw, pass, "
                      "one, or help."),
    "call": lambda: _('Type "one" to call "one card", or end to go on without calling.'),
    "give": lambda: _("Give which card? Type it, for example 5C, or its number in your hand."),
    "challenge": lambda: _("Type challenge or accept."),
}
"""What an empty line on a person's turn is answered with, by the step the prompt asks for (a
card drawn is answered apart: Enter plays it, or the joker is asked its suit)."""


SAID_SINCE_THE_DEAL = 6
"""The most steps since a round's deal said to a seat that comes to the table: more are kept for
``last`` (a person taking a seat mid-round hears where the round stands, not all of it)."""


class ReverseLines:
    """A Kings Reverse session in the line mode (see the module's words): ``session`` is the
    service or a served seat's remote, ``write`` sends text, ``served`` at the table server.
    :meth:`run` plays a session at this terminal; the lobby drives a served seat through
    :meth:`position`, :meth:`tell` and :meth:`line` (a :class:`~kc_tui.line.part.SeatLines`)."""

    def __init__(self, session: Any, write: Callable[[str], None], served: bool = False,
                 notation: str = "words", verbosity: str = "brief") -> None:
        if verbosity not in VERBOSITIES:
            raise ValueError(f"verbosity must be brief or full, not {verbosity!r}")
        self.session = session
        self.words = notation == "words"
        self.verbosity = verbosity
        self.write = write
        self.served = served
        self.names = [s.name for s in session.seats]
        self.seat: int | None = session.keyboard_seat
        self.heard: list[str] = []
        self.turn_marks: dict[int, int] = {}
        """Where each seat's last turn started in :attr:`heard`."""
        self._ready_in = 0
        """The round after which this seat said it is ready for the next (a served table)."""
        self.turn_ended: dict[int, int] = {}
        """Where each seat's last turn ended in :attr:`heard`: ``last`` says what came since."""
        session.follow(self._on_event, self.seat)

    def say(self, text: str) -> None:
        self.write(text + "\n")

    def _on_event(self, event: ReverseEvent | SessionStart) -> None:
        # A seat taken once the game is on is named for its person from then on (a served table).
        self.names = [s.name for s in self.session.seats]
        text = self._hear(event)
        if text is not None and self._said(event):
            self.say(text)

    def _hear(self, event: ReverseEvent | SessionStart) -> str | None:
        """Keep an event's sentence for ``last``; the sentence, or None for an event not said."""
        if isinstance(event, TurnStart):
            self.turn_marks[event.player] = len(self.heard)
        elif isinstance(event, TurnEnd):
            self.turn_ended[event.player] = len(self.heard)
        if isinstance(event, SessionStart):
            text: str | None = new_session(event.players, level_name)
        else:
            text = describe_event(event, self.names, self.seat, words=self.words)
        if text is None or isinstance(event, TurnEnd):
            return None
        self.heard.append(text)  # last tells everything, whatever the verbosity
        return text

    def recall(self, past: Sequence[ReverseEvent]) -> None:
        """A resumed session: it says the round and the totals, as the first game's resume does
        (it opened with the save's title, read out: its date, turn count and seed); the round so
        far (the referee's events, as this terminal's seat may see them) is kept for ``last``,
        as if heard, and what came since this seat's last turn is said (a resume said only the
        pile and the hand: not whose turn it was, nor what the others had played)."""
        if not past:
            return
        self.say(resumed_line(self.session.view(None), self.names))
        for event in past:
            self._hear(self.session.seat_view(event, self.seat))
        if self.heard:
            self.say(self._last())

    def _said(self, event: ReverseEvent | SessionStart) -> bool:
        """Whether an event's sentence is said as it happens: under brief, a computer's (or a
        person's elsewhere) turn starting is not, since its play names it."""
        if self.verbosity == "full" or not isinstance(event, TurnStart):
            return True
        seat = self.session.seats[event.player]
        return event.player == self.seat or (seat.kind == SeatKind.HUMAN and seat.player is None)

    def _reader(self) -> int | None:
        """Whose eyes the table is read with: the person to act (people may share this
        keyboard), else this terminal's seat (None: a spectator)."""
        session = self.session
        return session.current if session.phase == Phase.TURN and session.waiting_for_human() else self.seat

    def _watching(self) -> bool:
        """A spectator at a served table (here, a session of computers is watched and dealt
        on by whoever is at the keyboard)."""
        return self.served and self.seat is None

    def _view(self) -> ReverseView:
        view: ReverseView = self.session.view(self._reader())
        return view

    # ------------------------------------------------------------------ the shell's side
    def position(self) -> object:
        session = self.session
        return (session.phase, session.decision_id, session.waiting_for_human())

    def tell(self, fresh: bool) -> str | None:
        session = self.session
        view = self._view()
        if view.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER) and fresh:
            if not self.served:  # the service knows every hand; a served seat is shown its own
                record = session.round_summary()
                none = pgettext("no cards in hand", "none") if self.words else "-"
                hands = (_("{name}: {cards}").format(name=shown_name(self.names[s]),
                                                     cards=cards_text(h, self.words) or none)
                         for s, h in enumerate(record.hands))
                said = _("Hands at the end: {hands}.").format(hands=semicolons(list(hands)))
                # Every card of every hand took 25 of a round's end's 40-57 seconds of speech:
                # under brief, last says them (the round's line gave each player's points).
                self.heard.append(said)
                if self.verbosity == "full":
                    self.say(said)
            if view.phase == Phase.SESSION_OVER or self.verbosity == "full":
                # Under brief the round's end has said the totals, as the first game's does.
                self.say(scores_line(view))
        if view.phase == Phase.SESSION_OVER:
            return None
        if view.phase == Phase.ROUND_OVER:
            if self._watching() or self._ready_in == view.round:
                return table_prompt()
            return _("Press Enter for the next round (or type {word}). ").format(word=leave_word(self.served))
        if session.waiting_for_human():
            step = str(view.step)
            if fresh and step == "play":
                self.say(table_text(view, self.words, brief=self.verbosity == "brief"))
            elif fresh and step == "give":  # the hand as it is now numbered, a card given each time
                self.say(hand_line(view, self.words))
            elif fresh and step == "challenge":
                # What each answer costs (KR6): a play test's prompt said only "challenge or accept".
                self.say(_("Accept: you draw 4 and lose your turn. Challenge: a bluff goes back to "
                           "its player with 4 cards; a joker played fairly makes you draw 6 and lose "
                           "your turn."))
            if step == "drawn" and view.drawn is not None:
                drawn = card_name(view.drawn) if self.words else str(view.drawn)
                # A drawn card that can go must (KR3); only a drawn joker held back as a bluff may stay.
                if isinstance(view.drawn, Joker):
                    # Translators: the prompt after drawing a joker; the letters are the suits' codes.
                    ask = _("You drew a joker: name the suit to follow, H D C or S")
                    if any(a.kind is ActionKind.END for a in view.legal):
                        ask = _("You drew a joker: name the suit to follow, H D C or S (or end to keep it)")
                    return ask + "> "
                # The card is named at every prompt, the first too: a blind player's play test
                # heard "Enter plays it" alone there, the draw's sentence said among others'.
                if any(a.kind is ActionKind.END for a in view.legal):
                    return _("You drew {drawn}: play it (or end to keep it)").format(drawn=drawn) + "> "
                return _("You drew {drawn}: Enter plays it").format(drawn=drawn) + "> "
            to = shown_name(self.names[view.give_to]) if view.give_to is not None else _("the next player")
            return _(_PROMPTS.get(step, _PROMPTS["play"])).format(to=to) + "> "
        return table_prompt()

    def line(self, text: str) -> None:
        """A review command, an action on one's turn, Enter between rounds."""
        session = self.session
        view = self._view()
        words = self.words
        reviews: dict[str, Callable[[], str]] = {
            "look": lambda: table_text(view, words),
            "hand": lambda: hand_line(view, words) if self.seat is not None
            else _("You are watching: no hand."),
            # (as the table's w says it: whose turn, and everyone's cards and points)
            "who": lambda: who_text(view, self.names), "scores": lambda: scores_line(view),
            "rules": lambda: describe_rules(session.rules, width=78),
            "help": self._help, "?": self._help,
            "last": self._last,
            "hint": lambda: (hint(view, words) or _("Nothing to do now.")) if session.waiting_for_human()
            else _("A hint is given on your turn."),
        }
        word = text.strip().lower()
        word = REVIEW_WORDS.get(folded(word), word)
        if word in reviews:
            self.say(reviews[word]())
            return
        typed = folded(text).split()
        if typed and typed[0] in VERBOSITY_WORDS:
            self.say(self._set_verbosity(typed[1:]))
            return
        lobby = lobby_word_at_table(text) if self.served else None  # (no action is a lobby command)
        if lobby is not None:
            self.say(lobby)
            return
        if view.phase == Phase.ROUND_OVER:
            if self._watching():
                self.say(_("The players deal the next round when they are ready."))
                return
            if text.strip() and not _is_end(text, view):
                self.say(not_next_round(text, self.served))
                return
            try:
                session.next_round()
            except TableError as exc:
                self.say(str(exc))
                return
            # Ready, at a served table: it says for whom it waits ("You are ready for the next
            # round (waiting for Bob)."), and the prompt asks for Enter no more.
            self._ready_in = view.round
            return
        drawn = view.drawn if view.step == "drawn" and self.seat is not None else None
        if not word:
            if isinstance(drawn, Joker):
                self.say(_("Name the suit the joker asks for: H, D, C or S (hearts, diamonds, clubs or "
                           "spades)."))
                return
            if drawn is not None and not any(a.kind is ActionKind.END for a in view.legal):
                # "You drew the six of hearts: play it": Enter plays it, the only thing to do.
                text = str(drawn)
            else:
                said = _EMPTY_LINE.get(str(view.step))
                if said is not None and session.waiting_for_human():
                    # What the prompt asks for, as the first game's line mode answers an empty
                    # line (this one asked again without a word, and play tests took it for a
                    # hang: at the play prompt, then at the call's).
                    self.say(said())
                return
        try:
            action = parse_action(text.strip(), view.hand, drawn)
            if view.legal:  # (out of turn, the session says whose turn it is)
                action = the_marriage(action, view.legal)
        except NotationError as exc:
            # At a prompt that asks for one thing, what it asks for (a play test's "oen" at the
            # call was told "'oen' is not a card: write the rank...").
            if view.step == "call" and self.seat is not None:
                self.say(_EMPTY_LINE["call"]())
            elif isinstance(drawn, Joker) and not isinstance(exc, AmbiguousSuit):
                self.say(_("Name the suit the joker asks for: H, D, C or S (hearts, diamonds, clubs or "
                           "spades)."))
            elif view.step == "give" and self.seat is not None:
                self.say(_EMPTY_LINE["give"]())
            else:
                self.say(_("{problem} (help lists the actions)").format(problem=exc))
            return
        if view.step == "give" and action.kind is ActionKind.PLAY and action.suit is None:
            # The prompt asks for a card to give: the card (or its number) typed alone gives it.
            action = Action(ActionKind.GIVE, action.card)
        try:
            with saying(self.words):
                session.act(action)
        except ValueError as exc:  # the rules' sentence, or the door's: out of turn
            self.say(str(exc))

    def _help(self) -> str:
        if self._watching():
            return help_text(_(WATCHING_HELP), self.served, watching=True)
        return help_text(_(HELP) + " " + _(VERBOSITY_HELP) + " " + _(WORDS_HELP), self.served)

    def _set_verbosity(self, level: list[str]) -> str:
        """``verbosity brief`` or ``verbosity full``: what is said from now on."""
        chosen = _LEVEL_WORDS.get(level[0]) if len(level) == 1 else None
        if chosen is None:
            return _("Write verbosity brief (what matters, at your turn) or verbosity full (every "
                     "event as it happens).")
        self.verbosity = chosen
        if chosen == "full":
            return _("Verbosity full: every event is said as it happens, and the whole table at your turn.")
        return _("Verbosity brief: every play, but not whose turn it is; at your turn the pile and "
                 "your hand; who and last tell the rest.")

    def _last(self) -> str:
        """What was said since the reader's last turn ended (a spectator's: the last 20
        sentences), 40 sentences at most: it began 40 sentences before that turn, a play test's
        78 seconds of speech reaching back into the round before."""
        seat = self._reader()
        start = self.turn_ended.get(seat, 0) if seat is not None else len(self.heard) - 20
        return "\n".join(self.heard[max(0, start, len(self.heard) - 40):]) or _("Nothing yet.")

    def close(self) -> None:
        """Leave a served table (a computer plays the seat; the person may come back)."""
        self.session.remove_listener(self._on_event)
        self.session.close()

    # ------------------------------------------------------------------ at this terminal
    def run(self, read: Reader, echo: bool = False) -> int:
        """Play the session at this terminal; 0 when it ends or the player quits, 1 when input
        ends mid-game.  With ``echo`` each line read is written after its prompt (piped input
        then reads as a dialogue)."""
        session = self.session
        if not session.game.round_no:  # a resumed session is under way
            session.start()
        told: object = None
        while True:
            session.run_computer_turns()
            for fault in session.take_faults():
                self.say(f"! {fault}")
            position = self.position()
            prompt = self.tell(position != told)
            told = position
            if prompt is None:
                return 0
            line = read(prompt)
            if line is not None and echo:
                self.write(visible(line) + "\n")  # a piped line may hold escape sequences
            if line is None:
                self.say(_("Input ended; the game stops here."))
                return 1
            if REVIEW_WORDS.get(typed := folded(line.strip()), typed) in ("quit", "q"):
                self.say(_("You leave the table."))
                return 0
            self.line(line)


class ReverseLine:
    """Kings Reverse's line mode (a :class:`~kc_tui.line.part.LineGame`)."""

    example = "9h, draw or help"
    presets = tuple(PRESETS)

    def build_rules(self, players: int, preset: str, options: Mapping[str, str]) -> Any:
        return build_rules(players, preset, **options)

    def preset_note(self, preset: str) -> str:
        return _(PRESET_NOTES[preset])

    def rule_options(self) -> Sequence[tuple[str, str]]:
        return [(name, _(note)) for name, note in OPTION_NOTES.items()]

    def play(self, service: Any, read: Reader, out: TextIO, options: LineOptions,
             past: Sequence[ReverseEvent] = ()) -> int:
        """Play ``service`` at this terminal; ``past``: a resumed session's round so far."""
        lines = ReverseLines(service, writer(out), notation=options.notation, verbosity=options.verbosity)
        lines.recall(past)
        return lines.run(read, echo=options.echo)

    def seat(self, door: SeatDoor, write: Callable[[str], None], changed: Callable[[], None],
             announce: Callable[[Notice], None], verbosity: str | None = None) -> ReverseLines:
        assert isinstance(door.rules, ReverseRules)  # a table of this game gives its own doors
        remote = ReverseRemote(door)
        remote.on_update = changed
        remote.hear(announce)
        # A spectator has no turn at which the table would be said: every event is.
        chosen = verbosity if verbosity in VERBOSITIES else "full" if door.spectator else "brief"
        lines = ReverseLines(remote, write, served=True, verbosity=chosen)
        shown = door.view()
        totals = ", ".join(f"{shown_name(n)} {t}" for n, t in zip(lines.names, shown.totals))
        lines.say(_("The game of Kings Reverse at table {table} is on: round {round}. Totals: {totals}. "
                    "Type help for the actions.").format(table=door.table_id, round=shown.round,
                                                         totals=totals))
        # The round was dealt before this seat came to the table (at the game's start, as
        # everyone sat down): its deal is said as a later round's would be, and what came since
        # is kept for last.
        past = door.past_events()
        dealt = max((i for i, e in enumerate(past) if isinstance(e, (RoundStart, RoundView))), default=None)
        if dealt is not None:
            told = [text for e in past[dealt:] if not isinstance(e, TurnEnd)
                    and (text := describe_event(e, lines.names, lines.seat, words=lines.words))]
            lines.heard.extend(told)
            # What came since the deal is said too when it is a few steps, as at a game's start
            # (a 7 turned up: "You draw ... for the 7. You lose the turn"; only "Your hand, 7
            # cards" was said); a round well under way is said where it stands, and kept for last.
            lines.say("\n".join(told) if len(told) <= 1 + SAID_SINCE_THE_DEAL else told[0])
            if len(past) > dealt + 1 and not door.my_turn():
                # Play went on since that deal: where it stands now (one's turn says it anyway).
                lines.say(table_text(shown, lines.words, brief=True))
        return lines


GAME = ReverseLine()
