"""What a game offers the table server: its ``net`` part, a :class:`TableGame`.

A table keeps what every game shares (seats, doors, notices, grace, adjournment, the save file
and the transcript); its game makes the service and the doors, filters events for a seat, plays a
computer's turn, saves and restores.  A game's package offers one as ``GAME`` in its ``net``
module (:meth:`kc_tui.games.GameEntry.part`); :func:`table_games` lists them from the registry,
and a game without one is not played at served tables.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

from ..core.events import SessionStart
from ..core.i18n import N_, Domain, Text
from ..core.text import visible
from ..games import GAMES
from ..storage.part import game_titles
from .door import SeatDoor
from .names import Person
from .protocols import GameTable, TableService
from .values import HOUSE_LEVEL, TableError

_log = logging.getLogger("kc_tui.net")

__all__ = ["TableGame", "TableService", "table_games", "table_game", "game_of", "tables_title"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class TableGame(ABC):
    """The game a table is of: everything the table asks that differs from game to game."""

    name: str
    """The game's name (:data:`kc_tui.games.GAMES`), kept in the table's file."""
    levels: Mapping[str, object]
    """The computer levels a seat may be."""
    house_level = HOUSE_LEVEL
    """The level of the computer that plays for a person who has gone (one of :attr:`levels`)."""
    turn_unit = N_("turn")
    """What the game's players count its play in, for where a game goes on from (a word of the
    game's catalog, said in the reader's language by :meth:`unit_word`)."""
    turn_ends: frozenset[str] = frozenset({"turn_end"})
    """The events (by name) that end one of those."""

    @abstractmethod
    def owns(self, rules: object) -> bool:
        """Whether ``rules`` are a rule set of this game."""

    @abstractmethod
    def check_rules(self, rules: Any) -> None:
        """Refuse (:class:`~kc_tui.core.errors.IllegalMove`, with the sentence) rules that
        cannot be played."""

    @abstractmethod
    def rules_label(self, rules: Any) -> str:
        """The rules in a few words, as the lobby lists a table."""

    @abstractmethod
    def rules_from_dict(self, d: Mapping[str, Any]) -> Any:
        """The rules a table's file keeps (``rules.as_dict()``)."""

    def door(self, table: GameTable, person: Person, seat: int | None) -> SeatDoor:
        """A new door for ``seat`` of ``table`` (None: a spectator's)."""
        return SeatDoor(table, person, seat)

    @abstractmethod
    def shown_to(self, event: Any, seat: int | None) -> Any:
        """The event as a networked ``seat`` may see it (None: a spectator)."""

    @abstractmethod
    def encode(self, event: Any) -> str:
        """One transcript line of ``event`` (without the newline)."""

    def unit_word(self) -> Text:
        """:attr:`turn_unit` in the reader's language (looked up in the game's own catalog)."""
        return Domain.of(type(self).__module__).lazy(self.turn_unit)

    def where(self, names: Iterable[str]) -> Text:
        """Where a game stands after events of these names: "round 2, turn 5" (the turn being
        played, or the next one), said in the reader's language."""
        round_no = done = 0
        for name in names:
            if name == "round_start":
                round_no, done = round_no + 1, 0
            elif name in self.turn_ends:
                done += 1
        if not round_no:
            return L_("its first deal")
        if self.turn_unit == "turn":
            return L_("round {round}, turn {turn}", round=round_no, turn=done + 1)
        # Translators: where a game stands: {unit} is what the game counts its play in (a play).
        return L_("round {round}, {unit} {turn}", round=round_no, unit=self.unit_word(), turn=done + 1)

    def turns(self, names: Iterable[str]) -> int:
        """How many turns (:attr:`turn_unit`) events of these names end."""
        return sum(1 for name in names if name in self.turn_ends)

    @abstractmethod
    def round_no(self, service: Any) -> int:
        """The round being played (0 before the first deal)."""

    @abstractmethod
    def new_service(self, table: GameTable, names: list[str | None], seat_names: list[str]) -> TableService:
        """The game for ``table``'s seats: ``names`` holds each person's seat's name (None for
        a computer's, whose level is its slot's ``spec``); ``seat_names`` every seat's name as
        the game is dealt: the people's, and those the server chose for its computers."""

    @abstractmethod
    def restore(self, table: GameTable) -> tuple[TableService, Sequence[Any]]:
        """The adjourned game of ``table`` from its save, and its events so far;
        :class:`TableError` says why it cannot be."""

    @abstractmethod
    def saver(self, table: GameTable, service: Any, names: list[str | None], events: Sequence[Any]) -> Any:
        """The listener that keeps the game in ``table.save_path``, through ``table.save_file``
        (``save(compact=True)`` writes it whole); ``names`` as for :meth:`new_service`."""

    def rename_seat(self, table: GameTable, seat: int, name: str) -> None:
        """A person takes ``seat`` of a game dealt without them, as ``name``.  By default the
        seat keeps the name it was dealt."""

    @staticmethod
    def rename_in_session(table: GameTable, service: Any, seat: int, name: str) -> SessionStart | None:
        """What a game's :meth:`rename_seat` does in any game: the service's seat (a
        :class:`~kc_tui.core.door.ServiceDoor`'s) and the table's name for it are ``name``, the
        log says so, and the session's start (the transcript's first line) names the players
        again; that start, for the game's saver, or None if the session has none yet."""
        assert table.seat_names is not None
        players = service.rename_seat(seat, name)
        table.seat_names[seat] = service.seats[seat].name
        _log.info("table %s: seat %s is %s's now", table.id, seat + 1, name)
        start = table.events[0] if table.events else None
        if not isinstance(start, SessionStart):
            return None
        start = replace(start, players=players)
        table.events[0] = start
        return start

    def next_round(self, table: GameTable, service: Any) -> None:
        service.next_round()

    @abstractmethod
    async def computer_turn(self, table: GameTable) -> None:
        """Play the turn of the computer whose turn it is (its own seat's, or the house
        computer's for a person's seat, kept in ``table.house``), each step in
        ``with table.step():``, at the server's pace."""


def table_games() -> dict[str, TableGame]:
    """Every game a table may be of, by name, the first game first: the registry's games that
    offer a ``net`` part."""
    found: dict[str, TableGame] = {}
    for entry in GAMES.values():
        try:
            found[entry.name] = entry.part("net")
        except LookupError:
            continue
    return found


class _Served:
    """The games played at the tables, listed in the language of whoever is served when it is
    said (a value of a :class:`~kc_tui.core.i18n.Text`)."""

    def __str__(self) -> str:
        return game_titles(table_games())


def tables_title() -> Text:
    """The lobby's title, naming the games its tables play: "Tables: Kings in the Corner, Kings
    Reverse"."""
    return L_("Tables: {games}", games=_Served())


def table_game(name: str) -> TableGame:
    """The table game called ``name``; :class:`TableError` saying why there is none."""
    entry = GAMES.get(name)
    if entry is None:
        raise TableError(L_("There is no game {name}; the games are {games}.", name=repr(visible(name)[:30]),
                            games=", ".join(GAMES)))
    try:
        game: TableGame = entry.part("net")
    except LookupError:
        raise TableError(L_("{game} is not played at the tables of this server.", game=entry.title)) from None
    return game


def game_of(rules: object) -> TableGame:
    """The game whose rule set ``rules`` is; :class:`TableError` for anything else."""
    for game in table_games().values():
        if game.owns(rules):
            return game
    raise TableError(L_("Those are no rules of a game this server plays."))
