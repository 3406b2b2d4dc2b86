"""The table server's values: the lobby's snapshots of tables and seats, the notices a table's
log shows besides the game's events, and the refusal every call may answer with."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, Literal

from ..core.errors import IllegalMove
from ..core.i18n import Domain, Text

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["SEAT_OPEN", "HOUSE_LEVEL", "MAX_TABLE_NAME", "MISSED_NOTICES", "TableError", "TableState",
           "SeatInfo", "TableInfo", "Notice", "NoticeKind", "Delivery", "Listener", "Said", "level_word",
           "state_word"]

SEAT_OPEN = "open"
"""A seat spec for :meth:`~kc_tui.net.TableServer.create_table`: a seat for a person (the others
are computer levels of the table's game, :attr:`~kc_tui.net.part.TableGame.levels`)."""
HOUSE_LEVEL = "hard"
"""The level of the computer that plays for a person who has gone, or in a seat nobody took (the
default of :attr:`~kc_tui.net.part.TableGame.house_level`: a game without it names its own)."""
MAX_TABLE_NAME = 40
MISSED_NOTICES = 20
"""The most notices a door keeps for a front end that has not followed it yet."""


class TableError(IllegalMove):
    """A refusal: the message is the sentence to show the person (nothing was changed).  It is
    an :class:`IllegalMove`, so a front end that shows a refused move shows this the same way.

    The table server makes its refusals as :class:`~kc_tui.core.i18n.Text`: ``str(error)`` says
    the sentence in the language of whoever reads it, wherever the refusal was made."""

    def __init__(self, message: str | Text) -> None:
        super().__init__(message)

    @property
    def text(self) -> str | Text:
        """The sentence as it was made (``str(error)`` says it)."""
        message: str | Text = self.args[0]
        return message


class TableState(StrEnum):
    WAITING = "waiting"
    """Seats are being taken; the creator starts the game, or it starts when every person's
    seat is taken."""
    PLAYING = "playing"
    ADJOURNED = "adjourned"
    """Everyone left: the game is saved and can be resumed by its players."""
    FINISHED = "finished"
    """The session is over; the table goes when its people leave."""


SeatKindName = Literal["person", "computer"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    index: int
    """The seat's number from 0 (people see it from 1)."""
    kind: SeatKindName
    """``person``: a seat for a person; ``computer``: a computer of ``level`` plays it."""
    name: str | None
    """Who sits there (or is expected back); None for a free person's seat, and for a
    computer before the game starts (computers are named then)."""
    level: str | None = None
    connected: bool = False
    """Whether the person is there now."""
    stand_in: bool = False
    """Whether the house computer plays the seat for now (its person gone, or nobody took it)."""

    @property
    def free(self) -> bool:
        return self.kind == "person" and self.name is None

    def label(self) -> str:
        """The seat in a few words, as the lobby lists it."""
        if self.kind == "computer":
            level = level_word(self.level or "")
            if self.name:
                return _("{name} (computer, {level})").format(name=self.name, level=level)
            return _("computer ({level})").format(level=level)
        if self.name is None:
            # Translators: a seat nobody has taken, in the lobby's list of a table's seats.
            return _("free (computer plays)") if self.stand_in else pgettext("seat", "free")
        if self.stand_in:
            return _("{name} (away; computer plays)").format(name=self.name)
        return self.name if self.connected else _("{name} (away)").format(name=self.name)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One table as the lobby lists it (a snapshot: ask :meth:`TableServer.tables` again after
    a change)."""

    id: int
    name: str
    owner: str
    """The creator's name: the person who may start the game."""
    rules: str
    """The rules in a few words, as the table's game puts them
    (:meth:`~kc_tui.net.part.TableGame.rules_label`)."""
    seats: tuple[SeatInfo, ...]
    state: TableState
    spectators: int
    game: str
    """The game played at the table (its name in :data:`kc_tui.games.GAMES`)."""
    round: int = 0
    """The round being played (0 before the first deal); of an adjourned game, the round it was
    adjourned in (0 if that is not known), and of one resumed, the round it goes on with."""
    round_over: bool = False
    """Whether that round has ended (the players are between it and the next)."""

    def adjourned_when(self) -> str:
        """When the game was adjourned, to go in a sentence: "in round 2", or "after round 2"
        when that round had ended."""
        if self.round_over:
            # Translators: when a game was adjourned: it was between this round and the next.
            return _("after round {round}").format(round=self.round)
        # Translators: when a game was adjourned: during this round.
        return _("in round {round}").format(round=self.round)

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The seats a person may take; none at a finished table (a play test was offered the
        seats of one, and told "The game at this table is over" for taking one)."""
        if self.state == TableState.FINISHED:
            return ()
        return tuple(s.index for s in self.seats if s.free)

    def others_here(self, seat: int | None) -> bool:
        """Whether a person other than the one at ``seat`` is at the table now: when the last
        one leaves, the game is adjourned rather than played on by computers."""
        return any(s.kind == "person" and s.connected and s.index != seat for s in self.seats)

    def seats_label(self) -> str:
        adjourned = self.state == TableState.ADJOURNED
        finished = self.state == TableState.FINISHED

        def label(seat: SeatInfo) -> str:
            if adjourned and seat.free:
                # Translators: a seat nobody has taken at an adjourned table, which only its players
                # may resume: it may be taken once they have.
                return _("free once resumed")
            if finished and seat.free:
                # Translators: a seat left at a table whose game is over (nobody may take it).
                return pgettext("seat", "empty")
            return seat.label()

        return ", ".join(f"{s.index + 1} {label(s)}" for s in self.seats)

    def line(self) -> str:
        """The table in one line: number, name, state, rules, seats, spectators."""
        state = state_word(self.state)
        if self.round and self.state == TableState.PLAYING:
            state = (_("{state}, round {round} over") if self.round_over
                     else _("{state}, round {round}")).format(state=state, round=self.round)
        elif self.round and self.state == TableState.ADJOURNED:
            # Translators: a table's state in the lobby's list, after its players left mid-game;
            # {when} is "in round 2" or "after round 2".
            state = _("adjourned {when}").format(when=self.adjourned_when())
        elif self.round and self.state == TableState.WAITING:
            # Translators: a table's state in the lobby's list: an adjourned game was taken up again,
            # and goes on when it is started (with the next round, after one that had ended).
            state = (_("resuming after round {round}") if self.round_over
                     else _("resuming round {round}")).format(round=self.round)
        values = dict(id=self.id, name=self.name, state=state, rules=self.rules, seats=self.seats_label(),
                      n=self.spectators)
        if self.spectators:
            return ngettext("{id}. {name} ({state}; {rules}): {seats}; {n} watching",
                            "{id}. {name} ({state}; {rules}): {seats}; {n} watching",
                            self.spectators).format(**values)
        return _("{id}. {name} ({state}; {rules}): {seats}").format(**values)


def level_word(level: str) -> str:
    """A computer's level in a word of the reader's language (a level no game shares, as it is)."""
    words = {
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "beginner": pgettext("computer level", "beginner"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "easy": pgettext("computer level", "easy"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "medium": pgettext("computer level", "medium"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "hard": pgettext("computer level", "hard"),
        # Translators: a computer player's level, one word as typed in the lobby's "new".
        "expert": pgettext("computer level", "expert"),
    }
    return words.get(level, level)


@dataclass(frozen=True, slots=True)
class Said:
    """A word said in the reader's language where a :class:`~kc_tui.core.i18n.Text` formats it
    (``say(value)``, called then): a table's state, a computer's level."""

    say: Callable[[Any], str]
    value: Any

    def __str__(self) -> str:
        return self.say(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def state_word(state: TableState) -> str:
    """A table's state in a word, in the reader's language."""
    words = {
        # Translators: a table's state in the lobby: seats are being taken.
        TableState.WAITING: pgettext("table state", "waiting"),
        TableState.PLAYING: pgettext("table state", "playing"),
        TableState.ADJOURNED: pgettext("table state", "adjourned"),
        TableState.FINISHED: pgettext("table state", "finished"),
    }
    return words[state]


NoticeKind = Literal["chat", "table"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A line for a table's log that is not a game event: a chat line (``sender`` said
    ``text``) or news of the table (someone came, went, a computer plays for them).

    One notice reaches every seat, each person in their own language: the table's news and a
    spectator's sender are :class:`~kc_tui.core.i18n.Text`, said by ``str(notice)`` in the
    language of whoever it is delivered to (a chat line itself is said as it was typed)."""

    text: str | Text
    kind: NoticeKind = "table"
    sender: str | Text | None = None
    at: int = 0
    """How many events the session had when it was said: a front end catching up on the
    session tells it between the events it came between."""
    seat: int | None = None
    """The seat (from 0) that news of someone sitting down is about: a front end that said
    the sitting in its own words ("You sit in seat 1 of table 2.") leaves its own out."""

    def __str__(self) -> str:
        if self.kind == "chat":
            return _("{sender}: {text}").format(sender=self.sender, text=self.text)
        return str(self.text)


Delivery = Any
"""What a door hands its listeners: one of its game's events, or a :class:`Notice`."""
Listener = Callable[[Delivery], None]
