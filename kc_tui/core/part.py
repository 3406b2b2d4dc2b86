"""What every game offers the platform as its ``session`` part (``entry.part("session")``, see
:mod:`kc_tui.games`): sessions of its rules with computer seats, its transcript's lines, what
a seat may see, and the sentences that tell its events.

The platform's commands (simulate), the replays and the conformance tests over every game speak
to a game through this alone; each front end's own part (``tui``, ``line``, ``net``, ``saves``)
adds what that front end needs.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from .door import ServiceDoor

__all__ = ["GameSession", "Narrate", "Service"]

Service = ServiceDoor[Any, Any, Any]
"""A game's service: the one door to a game in progress (every game's is a :class:`ServiceDoor`)."""

Narrate = Callable[[Any], "str | None"]
"""Tells one event in a sentence (None: an event not worth a line), keeping what it needs of the
events before it."""


class GameSession(Protocol):
    """A game's ``session`` part."""

    @property
    def name(self) -> str:
        """The game's name, as in its registry entry and its transcripts' ``session_start``."""
        ...

    @property
    def event_names(self) -> frozenset[str]:
        """Every event a transcript of the game may hold (docs/protocol.md)."""
        ...

    @property
    def quiet(self) -> frozenset[str]:
        """The events the narrator may pass over without a sentence."""
        ...

    @property
    def secret(self) -> Mapping[str, frozenset[str]]:
        """The events whose named values only their players see (the seats their ``player`` and
        ``to`` name): a draw's card, a card given.  Everything else in an event is public,
        but a deal, which shows each seat its own hand, and the session's seed, shown to nobody."""
        ...

    def standard_rules(self, players: int) -> Any:
        """The rules of the standard preset for ``players``; :class:`~kc_tui.core.errors.RuleError`
        when the game is not for that many."""
        ...

    def rules_from_dict(self, d: Mapping[str, Any]) -> Any:
        """The rules a transcript's ``session_start`` names (``RuleError`` for rules that
        cannot be played)."""
        ...

    def new_service(self, rules: Any, levels: Sequence[str], seed: int,
                    think: float | None = None) -> Service:
        """A session of ``rules`` dealt from ``seed``, every seat a computer of ``levels`` (the
        seats' own random numbers are drawn from the seed too, so the session is reproducible)."""
        ...

    def encode(self, event: Any) -> str:
        """The transcript line of ``event`` (without the newline)."""
        ...

    def decode(self, line: str, seat: int | None = None) -> Any:
        """The event of a transcript line (as ``seat`` saw it, for a seat's own transcript);
        ``ValueError`` or ``KeyError`` for a line that is none."""
        ...

    def narrator(self, names: Sequence[str], seat: int | None) -> Narrate:
        """The sentences for the events ``seat`` sees (None: a spectator), naming the players
        ``names`` (the seat's own name is "You")."""
        ...

    def replay(self, lines: Iterable[str]) -> tuple[int, ...]:
        """Play a whole transcript again under the rules, checking every event; the players'
        totals at its end.  ``ValueError`` says what does not follow the rules."""
        ...
