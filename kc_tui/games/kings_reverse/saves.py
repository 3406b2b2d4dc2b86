"""Kings Reverse's part of the platform's saves, records and replays (``GAME``, a
:class:`~kc_tui.storage.part.GameSaves`), in ``saves/kings-reverse/`` and
``transcripts/kings-reverse/``.

A save holds data only: the seed, the rules, the seats (specs and names) and every action taken
so far in order (``"next"`` for each new deal).  The referee is deterministic given its seed, so
restoring replays the actions through the service door (a person's with ``act``, a computer's
as its decision), which re-referees each of them; a save whose actions the rules refuse is
reported, never half-loaded.  Replaying a computer's decision does not run its player, so each
computer's random generator is kept as well (``rng``, one state per seat, None for a person's)
and put back after the replay: a resumed game goes on as the unbroken one would have.  A save
of version 1 has no ``rng``: it still loads, its computers seeded afresh.  The whole save is
rewritten at every action (it is one line, as it always was), under the platform's lock.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence
from weakref import WeakKeyDictionary

from ...core.i18n import Domain
from ...core.kinds import HUMAN_PREFIX, Phase
from ...core.text import visible
from ...replay import Replay, ReplayError, ReplayStep
from ...storage.files import rng_json, set_rng_json
from ...storage.part import Bars, Saver
from ...storage.records import Recorder, finished_bounds
from ...storage.saves import Restored, SaveError, SaveInfo, local_time
from .ai import LEVELS
from .ai.tournament import make_seats
from .engine import events as reverse_events
from .engine.actions import Action
from .engine.describe import describe_event
from .engine.events import (
    GAME_NAME,
    RoundEnd,
    RoundStart,
    SessionEnd,
    TurnStart,
    encode_event,
)
from .engine.rules import ReverseRules, RuleError, reverse_rules_label
from .engine.service import ReverseSeat, ReverseService
from .engine.transcript import (
    MAX_BYTES,
    ReverseTableState,
    ReverseTranscriptError,
    read_events,
    replay_states,
)

__all__ = ["GAME", "KIND", "ReverseSaves", "reverse_seats", "saved_specs", "replayed",
           "ReverseResult", "ReversePlayerStats", "reverse_player_stats"]

KIND = "kings-reverse-save"
VERSION = 2

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


def reverse_seats(specs: Sequence[str], rng: random.Random, names: Sequence[str | None] | None = None,
                  think: float | None = None) -> list[ReverseSeat]:
    """Seats for specs (``you``, ``human:NAME``, an AI level), named as every game names
    them: "You" (or the person's name), then the computers' names not taken; ``think`` is the
    expert's seconds per decision."""
    return make_seats(specs, rng, think, names)


def saved_specs(service: ReverseService) -> list[str]:
    """The seats of a session played here as a save records them: a computer's level, "you"
    for the one person, or "human:NAME" for each in hot-seat."""
    people = sum(1 for s in service.seats if s.player is None)
    return [s.level if s.player is not None and s.level else
            "you" if people == 1 else f"{HUMAN_PREFIX}{s.name}" for s in service.seats]


def replayed(path: Path, doc: dict[str, Any], on_error: Callable[[str], None] | None,
             listeners: Sequence[Callable[[Any], None]], record: bool) -> tuple[ReverseService, list[str]]:
    """The session of the save ``doc`` (read from ``path``), its actions replayed through the
    service door, which re-referees each, and its computers' generators put back; with its
    seats' specs.  With ``record`` the statistics recorder sees the whole session (a served
    table keeps none); ``listeners`` see every event of the replay.  :class:`SaveError` says
    why it cannot be."""
    try:
        specs = [str(s) for s in doc["specs"]]
        names = [visible(str(n)) for n in doc["names"]]
        if not 2 <= len(specs) <= 6 or len(names) != len(specs) or any(
                s not in LEVELS and s != "you" and not s.startswith(HUMAN_PREFIX) for s in specs):
            raise SaveError(path, _("its seats are not ones this game has"))
        seed = int(doc["seed"])
        service = ReverseService(ReverseRules.from_dict(doc["rules"]),
                                 reverse_seats(specs, random.Random(seed), names), seed=seed)
        if record:
            _record(service, names, on_error)
        for listener in listeners:
            service.add_listener(listener)
        service.start()
        for entry in doc["actions"]:
            if entry == "next":
                service.next_round()
            elif service.waiting_for_human():
                service.act(Action.from_dict(entry))
            elif not service.apply_decision(service.begin_decision(), Action.from_dict(entry)):
                raise SaveError(path, _("an action the rules refuse: {action}").format(
                    action=visible(str(entry))[:40]))
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, RuleError) as exc:
        raise SaveError(path, _("it cannot be replayed ({problem})").format(
            problem=visible(str(exc))[:80])) from None
    _restore_generators(path, doc, service)
    return service, specs


def _restore_generators(path: Path, doc: dict[str, Any], service: ReverseService) -> None:
    """Put each computer's generator back as the save kept it (a version 1 save kept none and
    its computers go on freshly seeded)."""
    if doc.get("rng", {}) is None:
        return
    try:
        states = doc["rng"]["players"]
        if not isinstance(states, list) or len(states) != len(service.seats):
            raise ValueError(_("one state per seat"))
        for seat, state in zip(service.seats, states):
            if (state is None) != (seat.player is None):
                raise ValueError(_("a state for each computer and none for a person"))
            if seat.player is not None:
                set_rng_json(seat.player.rng, state)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise SaveError(path, _("the computers' random generators' states are damaged ({problem})").format(
            problem=visible(str(exc))[:60])) from None


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps the computers' generators; a version 1 save has none to put back."""
    return {**doc, "rng": None}


_RECORDERS: WeakKeyDictionary[Any, Recorder] = WeakKeyDictionary()
"""Each recorded session's statistics recorder, which keeps its transcript at its end."""


def _record(service: ReverseService, names: Sequence[str], on_error: Callable[[str], None] | None) -> None:
    """Keep the session's transcript at its end (for the statistics, and to be watched again)."""
    recorder = Recorder(GAME_NAME, names, on_error)
    _RECORDERS[service] = recorder
    service.add_listener(recorder)


@dataclass(frozen=True, slots=True)
class ReverseResult:
    """One finished Kings Reverse session as the statistics need it."""

    name: str
    players: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    round_winners: tuple[int | None, ...]
    """Who went out in each round (None: a blocked round)."""


@dataclass
class ReversePlayerStats:
    """One player's Kings Reverse record."""

    name: str
    sessions: int = 0
    sessions_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    """Rounds in which the player went out first (KR7)."""
    points: int = 0
    """Final scores added up (the lowest wins, KR7)."""

    @property
    def average_score(self) -> float:
        return self.points / self.sessions if self.sessions else 0.0

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "sessions": self.sessions, "sessions_won": self.sessions_won,
                "rounds": self.rounds, "rounds_won": self.rounds_won,
                "average_final_score": round(self.average_score, 1)}

    def text(self) -> str:
        sessions = ngettext("{n} session", "{n} sessions", self.sessions).format(n=self.sessions)
        rounds = ngettext("{n} round", "{n} rounds", self.rounds).format(n=self.rounds)
        return _("{name}: won {won} of {sessions}, went out in {out} of {rounds}, final score {score} on "
                 "average (the lowest wins).").format(
            name=_("You") if self.name == "You" else self.name, won=self.sessions_won, sessions=sessions,
            out=self.rounds_won, rounds=rounds, score=f"{self.average_score:.0f}")


def reverse_player_stats(results: Sequence[ReverseResult],
                         player: str | None = None) -> dict[str, ReversePlayerStats]:
    """Each player's record (or only the players called ``player``, in any case)."""
    table: dict[str, ReversePlayerStats] = {}
    for result in results:
        for seat, name in enumerate(result.players):
            if player is not None and name.lower() != player.strip().lower():
                continue
            row = table.setdefault(name, ReversePlayerStats(name))
            row.sessions += 1
            row.sessions_won += seat in result.winners
            row.rounds += len(result.round_winners)
            row.rounds_won += sum(1 for w in result.round_winners if w == seat)
            row.points += result.totals[seat]
    return table


class ReverseSaves:
    """Kings Reverse's saves: the actions taken, the whole save rewritten after each."""

    game = GAME_NAME
    kind = KIND
    version_key = "version"
    version = VERSION
    migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
    log_key = "actions"
    journal = False
    folder = GAME_NAME
    transcript_bytes = MAX_BYTES

    def encode(self, item: Any) -> str:
        return json.dumps(item, separators=(",", ":"))

    def encode_event(self, event: Any) -> str:
        return encode_event(event)

    def generator_states(self, service: Any) -> list[tuple[Any, ...] | None]:
        """Each computer's generator (None for a person's seat); the deals follow the seed."""
        return [None if seat.player is None else seat.player.rng.getstate() for seat in service.seats]

    def head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        service = saver.service
        return {"kind": KIND, "version": VERSION, "game": GAME_NAME, "seed": service.seed,
                "rules": service.rules.as_dict(), "specs": saver.specs,
                "names": [s.name for s in service.seats],
                "round": service.view(None).round, "turn": service.game.turns,
                "round_over": service.phase == Phase.ROUND_OVER,
                "totals": list(service.view(None).totals),
                "saved": datetime.now().isoformat(timespec="seconds"),
                "rng": {"players": [None if state is None else rng_json(state) for state in states]}}

    def entry_head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        """The whole head again (this game's saves are rewritten whole, never journalled)."""
        return self.head(saver, states)

    def follow(self, saver: Saver) -> None:
        """Keep every action the service applies and every deal (and remove the save when the
        session ends); a session not started yet has its transcript kept for the statistics
        (a restored one's recorder was added before its replay, to see the whole session)."""
        service = saver.service

        def took(action: Action | None) -> None:
            saver.keep("next" if action is None else action.as_dict())
            if service.phase != Phase.SESSION_OVER:
                saver.save()

        if not service.view(None).round:
            _record(service, [s.name for s in service.seats], saver.on_error)
        service.add_listener(saver)
        service.watch_actions(took)

    def saw(self, saver: Saver, event: Any) -> None:
        if isinstance(event, TurnStart) and not saver.saves and not saver.events:
            saver.save()  # the deal: a game left in its first turn can be resumed
        elif isinstance(event, SessionEnd):
            saver.discard()
            recorder = _RECORDERS.get(saver.service)  # (it heard the end first: it was added first)
            if recorder is not None and recorder.path is not None:
                saver.transcript = recorder.path  # the session can be watched again from its end

    def info(self, path: Path, doc: dict[str, Any]) -> SaveInfo:
        """What the list says of a save, as of the first game's: when, who, how far, the totals
        (saves from before they were kept have none), the rules and the seed."""
        names = tuple(_("You") if n == "You" else visible(str(n)) for n in doc["names"])
        totals = doc.get("totals")
        seed = doc.get("seed")
        try:
            # (the lists of saves name the game)
            rules = reverse_rules_label(ReverseRules.from_dict(doc["rules"]), named=False)
        except (RuleError, TypeError, ValueError, AttributeError, KeyError):
            rules = ""  # resuming it says what is wrong
        # Shown only: totals that are not a number each are left out, and resuming says why.
        shown = (tuple(totals) if isinstance(totals, list) and len(totals) == len(names)
                 and all(type(t) is int for t in totals) else ())
        turn = doc.get("turn")  # (not kept before 2026-12-05: the list then gives the round alone)
        round_no = doc.get("round")
        if type(round_no) is not int or round_no < 1:  # (1e400 was "damaged (OverflowError)")
            raise SaveError(path, _("its round is missing or wrong ({value})").format(
                value=visible(str(round_no)[:20])))
        return SaveInfo(path, names, local_time(doc["saved"]), round_no, shown,
                        turn=turn if type(turn) is int and turn >= 0 else 0,
                        rules=rules, seed=seed if type(seed) is int else None, game=GAME_NAME,
                        round_over=doc.get("round_over") is True)

    def restore(self, path: Path, doc: dict[str, Any], think: float | None,
                on_error: Callable[[str], None] | None) -> Restored:
        past: list[Any] = []

        def round_so_far(event: Any) -> None:
            if isinstance(event, RoundStart):
                past.clear()
            past.append(event)

        service, specs = replayed(path, doc, on_error, (round_so_far,), True)
        service.remove_listener(round_so_far)
        service.past_events = tuple(past)
        return Restored(service, specs, list(doc["actions"]), path, game=GAME_NAME, past=tuple(past))

    def read_transcript(self, lines: Sequence[str]) -> list[Any]:
        """Every event of a transcript; :class:`ReverseTranscriptError` (a ``ValueError``) names
        the first line that is not one (a line nested thousands deep too: it stopped ``stats``)."""
        return [event for _number, event in read_events(lines)]

    def record(self, name: str, events: Sequence[Any]) -> ReverseResult | str:
        bounds = finished_bounds(events)
        assert bounds is not None
        start, end = bounds
        n = len(start.players)
        ends = [e for e in events if isinstance(e, RoundEnd)]
        if not 2 <= n <= 6 or len(end.totals) != n or any(not 0 <= w < n for w in end.winners) or any(
                not 0 <= w < n for e in ends for w in e.winners):
            return _("its results do not match its {n} players").format(n=n)
        rounds = tuple(e.winners[0] if e.winners else None for e in ends)
        return ReverseResult(name, tuple(visible(p.name) for p in start.players), end.winners, end.totals,
                             rounds)

    def report(self, results: Sequence[Any], problems: Sequence[str], player: str | None,
               folder: Path, bars: bool = True) -> str:
        """Sessions won, rounds won (went out), the average final score (the lowest wins, KR7):
        no bar chart, with ``bars`` or without."""
        if not results:
            return _("No finished Kings Reverse sessions yet (they are kept in {folder}).").format(
                folder=folder)
        table = reverse_player_stats(results, player)
        if player is not None and not table:
            return _("Nobody called {name} has finished a Kings Reverse session.").format(name=repr(player))
        lines = [ngettext("From {n} finished session.", "From {n} finished sessions.", len(results)).format(
            n=len(results))]
        lines += [row.text() for row in table.values()]
        lines += [_("(skipped {problem})").format(problem=p) for p in problems]
        return "\n".join(lines)

    def report_bars(self, results: Sequence[Any], player: str | None) -> list[Bars]:
        return []

    def report_dict(self, results: Sequence[Any], problems: Sequence[str],
                    player: str | None) -> dict[str, Any]:
        return {"sessions": len(results),
                "players": [s.as_dict() for s in reverse_player_stats(results, player).values()],
                "unreadable": list(problems)}

    def replay(self, path: Path, lines: list[str], *, words: bool = False) -> Replay:
        """A transcript re-refereed by this game's engine, told in its own sentences."""
        try:
            session = replay_states(lines)
        except ReverseTranscriptError as exc:
            raise ReplayError(f"{path}: {exc}") from None
        names = [p.name for p in session.players]
        raw: list[tuple[ReverseTableState, list[str], list[reverse_events.ReverseEvent]]] = []
        for event, state in session.steps:
            text = describe_event(event, names, words=words)
            if not (raw and raw[-1][0] == state):
                raw.append((state, [], []))
            if text:
                raw[-1][1].append(text)
            raw[-1][2].append(event)
        deals = (reverse_events.RoundStart, reverse_events.RoundView)
        steps = [
            ReplayStep(
                tuple(sentences), state.round, state.turn, state.current, state.hands, state.totals,
                new_turn=any(isinstance(e, (reverse_events.TurnStart, *deals)) for e in events),
                new_round=any(isinstance(e, deals) for e in events),
                table=state,
            )
            for state, sentences, events in raw
        ]
        if not steps:
            raise ReplayError(f"{path}: the transcript holds no deal")
        return Replay(session.players, session.rules, session.seed, tuple(steps), GAME_NAME)


GAME = ReverseSaves()
