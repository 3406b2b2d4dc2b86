"""Kings in the Corner's part of the platform's saves, records and replays (``GAME``, a
:class:`~kc_tui.storage.part.GameSaves`).

A save holds data only: the seats (names and what plays them), the session's events so far
(docs/protocol.md section 1, the same objects as a transcript) and the random generators' states.
Restoring re-runs the events through the engine, which re-referees every deal and move, then
puts the generators back, so a resumed session goes on exactly as it would have.  Its saves are
the journal's own format (``schema_version``, :data:`kc_tui.storage.saves.SCHEMA_VERSION`): they
came first, and name no game.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ...core.errors import RuleError
from ...core.events import PlayerInfo, SessionEnd, SessionStart, TurnEnd, TurnStart
from ...core.i18n import Domain
from ...core.kinds import Phase, SeatKind
from ...core.text import date_words, decimal, percent, shown_name, visible
from ...replay import Replay, ReplayError, ReplayStep
from ...storage import saves as journal
from ...storage.files import rng_json, set_rng_json
from ...storage.part import Bars, Saver
from ...storage.records import bar_chart, finished_bounds
from ...storage.saves import Restored, SaveError, SaveInfo, doc_field, local_time
from . import ENTRY
from .ai import BENCHMARK_LEVELS, level_name
from .ai.seats import check_spec, make_seats, spec_kind
from .engine.describe import Narrator
from .engine.events import Event, RoundEnd, RoundStart
from .engine.rules import RuleSet, rules_label
from .engine.scoring import LOW_WINS
from .engine.service import GameService, Seat
from .engine.transcript import (
    MAX_BYTES,
    TableState,
    TranscriptError,
    encode_event,
    read_events,
    replay_events,
    replay_states,
)

__all__ = ["GAME", "KingsCornerSaves", "SessionResult", "PlayerStats", "player_stats", "select", "stats_text"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


@dataclass(frozen=True, slots=True)
class SessionResult:
    """One finished session as the statistics need it."""

    name: str  # the transcript file's stem (its date and players)
    players: tuple[str, ...]
    opponents: tuple[str, ...]  # per seat: "person", an AI level, or "bot"
    scoring: str
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundEnd, ...]


@dataclass
class PlayerStats:
    name: str
    sessions: int = 0
    sessions_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    cards_left_losing: list[int] = field(default_factory=list)
    by_level: dict[str, list[int]] = field(default_factory=dict)  # level -> [sessions, won]
    best: tuple[Any, ...] | None = None
    worst: tuple[Any, ...] | None = None
    streak: int = 0  # > 0: sessions won in a row up to the last one; < 0: lost in a row
    player: str = ""
    """The seat's name as played ("You", "Ada"); :attr:`name` adds a computer's level."""
    level: str = ""
    """A computer's level ("hard"); empty for a person."""

    def shown(self) -> str:
        """The player as the statistics show them, in the player's language: "Tú", "Ada
        (difícil)" (the records keep "You" and "Ada (hard)")."""
        if not self.player:
            return self.name
        name = shown_name(self.player)
        return f"{name} ({level_name(self.level)})" if self.level else name

    @property
    def average_cards_left(self) -> float | None:
        return sum(self.cards_left_losing) / len(self.cards_left_losing) if self.cards_left_losing else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sessions": self.sessions,
            "sessions_won": self.sessions_won,
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "win_rate_by_opponent_level": {
                level: {"sessions": n, "won": won, "rate": won / n}
                for level, (n, won) in sorted(self.by_level.items())
            },
            "average_cards_left_when_losing": self.average_cards_left,
            "best_session": _session_dict(self.best),
            "worst_session": _session_dict(self.worst),
            "current_streak": self.streak,
        }


def _session_dict(entry: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    _key, name, place, seats, points = entry
    return {"session": name, "place": place, "of": seats, "points": points}


def player_stats(results: Iterable[SessionResult]) -> dict[str, PlayerStats]:
    """Statistics for every name that played, in the order names first appear."""
    table: dict[str, PlayerStats] = {}
    for result in results:
        low = LOW_WINS.get(result.scoring, True)
        for seat, name in enumerate(result.players):
            # People are counted by name; a computer seat by its name and level, so that "Ada"
            # the hard player and "Ada" the easy one (or a person called Ada) stay apart.
            kind = result.opponents[seat]
            key = name if kind == "person" else f"{name} ({kind})"
            st = table.setdefault(key, PlayerStats(key, player=name, level="" if kind == "person" else kind))
            won = seat in result.winners
            st.sessions += 1
            st.sessions_won += won
            st.streak = (max(st.streak, 0) + 1) if won else (min(st.streak, 0) - 1)
            for end in result.rounds:
                st.rounds += 1
                if seat in end.winners:
                    st.rounds_won += 1
                else:
                    st.cards_left_losing.append(len(end.hands[seat]))
            for level in {lv for other, lv in enumerate(result.opponents) if other != seat}:
                counts = st.by_level.setdefault(level, [0, 0])
                counts[0] += 1
                counts[1] += won
            # Place: the winners are first; the others follow by their totals.
            place = 1 if won else 1 + len(result.winners) + sum(
                1 for s in range(len(result.players)) if s not in result.winners and s != seat
                and result.totals[s] != result.totals[seat]
                and (result.totals[s] < result.totals[seat]) == low)
            points = result.totals[seat]
            # Best: the highest place, then the best points (the fewest where the lowest total
            # wins), as the sentence says them, then the most ahead of the others' mean.
            others = [t for s, t in enumerate(result.totals) if s != seat]
            margin = (sum(others) / len(others) - points) if low else (points - sum(others) / len(others))
            entry = ((place, points if low else -points, -margin), result.name, place,
                     len(result.players), points)
            if st.best is None or entry[0] < st.best[0]:
                st.best = entry
            if st.worst is None or entry[0] >= st.worst[0]:
                st.worst = entry
    return table


def select(table: dict[str, PlayerStats], player: str) -> dict[str, PlayerStats]:
    """The records of ``player``: a person's name, a computer's name (every level it played
    at), or ``Ada (hard)``; any case."""
    wanted = player.strip().lower()
    return {k: v for k, v in table.items() if wanted in (k.lower(), k.split(" (")[0].lower())}


def _ordinal(n: int) -> str:
    """A place at a table of 2 to 6 players: "1st", "1.º", "1er"."""
    # Translators: a player's place in a session (1st to 6th: no other number occurs).
    suffixed = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10, _("{n}th"))
    return (_("{n}th") if 10 <= n % 100 <= 20 else suffixed).format(n=n)


def _when(name: str) -> str:
    """``2026-11-30-032901-ada-ben`` -> ``on 30 November 2026 at 03:29``."""
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)-(\d\d)(\d\d)", name)
    if m and 1 <= int(m.group(2)) <= 12:
        date = date_words(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        return _("on {date} at {time}").format(date=date, time=f"{m.group(4)}:{m.group(5)}")
    return _("in {name}").format(name=name)


def _share(won: int, played: int) -> str:
    return f" ({percent(won / played)})" if played else ""


def _opponents(level: str) -> str:
    """An opponent's level, as the chart labels it."""
    return _("person") if level == "person" else level_name(level)


def stats_text(stats: PlayerStats, bars: bool = True) -> str:
    """One player's statistics in words, with a chart of the win rate by opponent level (without
    ``bars``, a screen draws it: :func:`level_bars`)."""
    s = stats
    sessions = ngettext("{n} session played, {won} won", "{n} sessions played, {won} won", s.sessions).format(
        n=s.sessions, won=s.sessions_won)
    rounds = ngettext("{n} round played, {won} won", "{n} rounds played, {won} won", s.rounds).format(
        n=s.rounds, won=s.rounds_won)
    # Translators: a player's statistics' first line: the sessions, then the rounds, each with
    # its share won ("Ada: 3 sessions played, 1 won (33%); 5 rounds played, 2 won (40%).").
    lines = [_("{name}: {sessions}; {rounds}.").format(
        name=s.shown(), sessions=sessions + _share(s.sessions_won, s.sessions),
        rounds=rounds + _share(s.rounds_won, s.rounds))]
    if s.average_cards_left is not None:
        lines.append("  " + _("Cards left in hand when losing a round: {n} on average.").format(
            n=decimal(s.average_cards_left)))
    best = _("Best session: finished {place} of {players} with {points}, {when}.")
    worst = _("Worst session: finished {place} of {players} with {points}, {when}.")
    for session, said in ((s.best, best), (s.worst, worst)):
        if s.best is not None and s.worst is not None and session is not None:
            points = ngettext("{n} point", "{n} points", session[4]).format(n=session[4])
            lines.append("  " + said.format(place=_ordinal(session[2]), players=session[3], points=points,
                                            when=_when(session[1])))
    if s.streak:
        n = abs(s.streak)
        lines.append("  " + (
            ngettext("Current streak: won the last session.",
                     "Current streak: won the last {n} sessions.", n) if s.streak > 0 else
            ngettext("Current streak: lost the last session.",
                     "Current streak: lost the last {n} sessions.", n)
        ).format(n=n))
    if s.by_level and bars:
        lines.append("  " + _("Sessions won, by the opponents' level:"))
        rows = [(_opponents(level), won / n) for level, (n, won) in sorted(s.by_level.items())]
        played = [n for _level, (n, _won) in sorted(s.by_level.items())]
        width = max(8, *(len(label) for label, _rate in rows))
        for line, n in zip(bar_chart(rows, label_width=width), played):
            lines.append(f"    {line}  " + ngettext("({n} session)", "({n} sessions)", n).format(n=n))
    return "\n".join(lines)

def level_bars(stats: PlayerStats) -> Bars:
    """The sessions a player won by the opponents' level, as a bar chart for a screen: a bar per
    level, labelled with its share and its sessions."""
    rows = tuple((f"{_opponents(level)} {percent(won / n)} "
                  + ngettext("({n} session)", "({n} sessions)", n).format(n=n), won / n)
                 for level, (n, won) in sorted(stats.by_level.items()))
    return Bars(_("{name}: sessions won, by the opponents' level").format(name=stats.shown()), rows)


class KingsCornerSaves:
    """Kings in the Corner's saves: a journal of events, saved after every turn and every round."""

    game = ENTRY.name
    kind = "kings-corner-save"
    version_key = "schema_version"
    log_key = "events"
    journal = True
    folder = ""
    """Its saves and transcripts came first: they are the folders' own files."""
    transcript_bytes = MAX_BYTES

    @property
    def version(self) -> int:
        return journal.SCHEMA_VERSION

    @property
    def migrations(self) -> dict[int, Callable[[dict[str, Any]], dict[str, Any]]]:
        return journal.MIGRATIONS

    def encode(self, item: Any) -> str:
        return encode_event(item)

    def encode_event(self, event: Any) -> str:
        return encode_event(event)

    def generator_states(self, service: Any) -> list[tuple[Any, ...] | None]:
        """The deals' generator's state, then each seat's (None for a seat without one)."""
        rngs = [service.deal_rng] + [seat.player.rng if seat.player is not None else None
                                     for seat in service.seats]
        return [rng.getstate() if rng is not None else None for rng in rngs]

    def head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        service = saver.service
        assert states[0] is not None  # the deals always come from a generator
        return {
            "schema_version": journal.SCHEMA_VERSION,
            "kind": self.kind,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "seed": service.seed,
            "seats": [{"name": seat.name, "spec": spec} for seat, spec in zip(service.seats, saver.specs)],
            "rng": {
                "game": rng_json(states[0]),
                "players": [None if state is None else rng_json(state) for state in states[1:]],
            },
        }

    def entry_head(self, saver: Saver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        old = saver.saved_states
        moved = [i for i, state in enumerate(states) if state is not None and state != old[i]]
        rng: dict[str, Any] = {}
        if 0 in moved:
            rng["game"] = rng_json(states[0])  # type: ignore[arg-type]
        players = {str(i - 1): rng_json(states[i]) for i in moved if i > 0}  # type: ignore[arg-type]
        if players:
            rng["players"] = players
        return {"saved_at": datetime.now(UTC).isoformat(timespec="seconds"), "rng": rng}

    def follow(self, saver: Saver) -> None:
        saver.service.add_listener(saver)

    def saw(self, saver: Saver, event: Any) -> None:
        saver.keep(event)
        if isinstance(event, SessionEnd):
            saver.finish()
        elif isinstance(event, RoundStart):
            saver.deal_pending = True
        elif isinstance(event, TurnStart) and saver.deal_pending:
            # The deal is saved too (a game left in its very first turn can be resumed), once
            # all it brings is in: under chips scoring the antes follow round_start (R7).  The
            # first turn's start is the first event that is not the deal's.
            saver.deal_pending = False
            saver.save(upto=len(saver.events) - 1)
        elif isinstance(event, TurnEnd):
            saver.save()
        elif isinstance(event, RoundEnd):
            saver.save(compact=saver.journal_long())

    def info(self, path: Path, doc: dict[str, Any]) -> SaveInfo:
        seats = doc_field(path, doc, "seats", list)
        events = doc_field(path, doc, "events", list)
        names = tuple(str(s.get("name", "?")) if isinstance(s, dict) else "?" for s in seats)
        rounds = [e for e in events if isinstance(e, dict) and e.get("event") == "round_start"]
        ends = [e for e in events if isinstance(e, dict) and e.get("event") == "round_end"]
        totals = ends[-1].get("totals") if ends else [0] * len(names)
        if not isinstance(totals, list) or not all(isinstance(t, int) for t in totals):
            raise SaveError(path, _("a round's totals are damaged"))
        finished = any(isinstance(e, dict) and e.get("event") == "session_end" for e in events)
        turn = 0
        for e in reversed(events):
            if not isinstance(e, dict) or e.get("event") == "round_start":
                break
            turn += e.get("event") == "turn_start"
        kinds = [e.get("event") if isinstance(e, dict) else None for e in events]
        # Left on a round's result: "after round 1", as Kings Reverse's saves say (a play test
        # read "round 1, turn 16" for a round that was over).
        round_over = not finished and "round_end" in kinds and (
            "round_start" not in kinds or kinds[::-1].index("round_end") < kinds[::-1].index("round_start"))
        seed = doc.get("seed")
        return SaveInfo(path, names, local_time(doc.get("saved_at")), len(rounds), tuple(totals), finished,
                        turn=turn, rules=_rules_label(events), seed=seed if type(seed) is int else None,
                        game=self.game, round_over=round_over)

    def restore(self, path: Path, doc: dict[str, Any], think: float | None,
                on_error: Callable[[str], None] | None) -> Restored:
        seats_doc = doc_field(path, doc, "seats", list)
        events_doc = doc_field(path, doc, "events", list)
        seed = doc_field(path, doc, "seed", int)
        rng_doc = doc_field(path, doc, "rng", dict)
        specs, names = [], []
        for i, seat in enumerate(seats_doc):
            if (not isinstance(seat, dict) or not isinstance(seat.get("name"), str)
                    or not isinstance(seat.get("spec"), str)):
                raise SaveError(path, _("seat {n} must have a name and a spec").format(n=i + 1))
            try:
                spec = check_spec(seat["spec"], humans=True)
            except ValueError as exc:
                raise SaveError(path, _("seat {n}: {problem}").format(n=i + 1, problem=exc)) from None
            if spec_kind(spec)[0] == "bot":
                # A save is data: resuming one must never start a program named in it.
                raise SaveError(path, _("seat {n} is an external bot ({spec}); games with bots are not "
                                        "resumed from saves, since that would run the program the file "
                                        "names").format(n=i + 1, spec=spec))
            specs.append(spec)
            names.append(seat["name"])
        lines = []
        for i, event in enumerate(events_doc):
            if not isinstance(event, dict):
                raise SaveError(path, _("event {n} is not an object").format(n=i + 1))
            lines.append(json.dumps(event))
        try:
            game, events = replay_events(lines)
        except TranscriptError as exc:
            detail = str(exc).replace("line ", "event ", 1)
            raise SaveError(path, _("the game in it is not legal: {problem}").format(
                problem=detail)) from None
        except (RuleError, KeyError, TypeError, ValueError) as exc:
            raise SaveError(path, _("the game in it cannot be read: {problem}").format(problem=exc)) from None
        if game.phase == Phase.ROUND_OVER and game.round_no == 0:
            raise SaveError(path, _("the save holds no deal"))
        players = [p.name for p in game.players]
        # The game's names are the ones it shows (control characters made visible, as a seat's are).
        if len(names) != game.n or players != [visible(n) for n in names] or any(
            (p.kind, p.level) != spec_kind(spec) for p, spec in zip(game.players, specs)
        ):
            raise SaveError(path, _("its seats do not match the players of the game in it"))
        if not isinstance(events[0], SessionStart) or events[0].seed != seed:
            raise SaveError(path, _("its seed does not match the game in it"))
        seats: list[Seat] = make_seats(specs, random.Random(seed), think=think, names=names)
        players_rng = rng_doc.get("players")
        try:
            set_rng_json(game.rng, rng_doc["game"])
            if not isinstance(players_rng, list) or len(players_rng) != len(seats):
                raise ValueError("one state per seat")
            for seat, state in zip(seats, players_rng):
                if state is not None and seat.player is not None and hasattr(seat.player, "rng"):
                    set_rng_json(seat.player.rng, state)
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise SaveError(path, _("the random generators' states are damaged ({problem})").format(
                problem=exc)) from None
        service = GameService(game.rules, seats, seed=seed, game=game, history=events)
        return Restored(service, specs, list(events), path, game=self.game)

    def read_transcript(self, lines: Sequence[str]) -> list[Any]:
        try:
            return [event for _, event in read_events(lines)]
        except TranscriptError as exc:
            raise ValueError(str(exc)) from None

    def record(self, name: str, events: Sequence[Any]) -> SessionResult | str:
        bounds = finished_bounds(events)
        assert bounds is not None
        start, end = bounds
        n = len(start.players)
        rounds = [e for e in events if isinstance(e, RoundEnd)]
        if not 2 <= n <= 6 or len(end.totals) != n or any(not 0 <= w < n for w in end.winners) or any(
            len(r.hands) != n or len(r.scores) != n or any(not 0 <= w < n for w in r.winners) for r in rounds
        ):
            return _("its results do not match its {n} players").format(n=n)
        for seat, player in enumerate(start.players, 1):
            problem = _level_problem(seat, player)
            if problem:
                return problem
        return SessionResult(
            name,
            tuple(p.name for p in start.players),
            tuple(_opponent(p.kind, p.level) for p in start.players),
            str(start.rules.get("scoring", "classic")),
            end.winners,
            end.totals,
            tuple(rounds),
        )

    def report(self, results: Sequence[Any], problems: Sequence[str], player: str | None,
               folder: Path, bars: bool = True) -> str:
        if not results:
            return _("No finished sessions yet. Play a session to its end and it is counted here "
                     "(finished sessions are kept in {folder}).").format(folder=folder)
        table = player_stats(results)
        if player is not None:
            table = select(table, player)
            if not table:
                return _("Nobody called {player} has finished a session.").format(player=repr(player))
        parts = [stats_text(st, bars) for st in table.values()] + [
            _("(skipped {problem})").format(problem=p) for p in problems]
        n = len(results)
        head = ngettext("From {n} finished session.", "From {n} finished sessions.", n).format(n=n)
        return head + "\n\n" + "\n\n".join(parts)

    def report_bars(self, results: Sequence[Any], player: str | None) -> list[Bars]:
        table = player_stats(results)
        if player is not None:
            table = select(table, player)
        return [level_bars(st) for st in table.values() if st.by_level]

    def report_dict(self, results: Sequence[Any], problems: Sequence[str],
                    player: str | None) -> dict[str, Any]:
        table = player_stats(results)
        if player is not None:
            table = select(table, player)
        return {"sessions": len(results), "players": [s.as_dict() for s in table.values()],
                "unreadable": list(problems)}

    def replay(self, path: Path, lines: list[str], *, words: bool = False) -> Replay:
        try:
            first = next(read_events(lines[:1]))[1]
        except TranscriptError as exc:
            # Its sentence names the line, and says "not a transcript event" when it is not one.
            raise ReplayError(f"{path}: {exc}") from None
        except (StopIteration, KeyError, ValueError, TypeError) as exc:
            raise ReplayError(f"{path}: not a transcript ({exc or 'it is empty'})") from None
        narrator = Narrator([p.name for p in getattr(first, "players", ())] or None, words=words,
                            level_name=level_name)
        try:
            session = replay_states(lines)
        except TranscriptError as exc:
            raise ReplayError(f"{path}: {exc}") from None
        # One step per decision: the lines that leave the table in the same state belong together.
        raw: list[tuple[TableState, list[str], list[Event]]] = []
        for event, state in session.steps:
            text = narrator.sentence(event)
            if not (raw and raw[-1][0] == state):
                raw.append((state, [], []))
            if text:
                raw[-1][1].append(text)
            raw[-1][2].append(event)
        steps = [
            ReplayStep(
                tuple(sentences), state.round, state.turn, state.current, state.hands, state.totals,
                new_turn=any(isinstance(e, (TurnStart, RoundStart)) for e in events),
                new_round=any(isinstance(e, RoundStart) for e in events),
                table=state,
            )
            for state, sentences, events in raw
        ]
        if not steps:
            raise ReplayError(f"{path}: the transcript holds no deal")
        return Replay(session.players, session.rules, session.seed, tuple(steps), self.game)


def _rules_label(events: list[Any]) -> str:
    """The rules of the session in a few words, from its ``session_start`` (nothing when they
    cannot be read: resuming the save says what is wrong)."""
    start = events[0] if events and isinstance(events[0], dict) else {}
    try:
        return rules_label(RuleSet.from_dict(start.get("rules", {})))
    except (RuleError, TypeError, ValueError, AttributeError):
        return ""


def _level_problem(seat: int, player: PlayerInfo) -> str | None:
    """What is wrong with a seat's level, for the statistics, which count a computer by its
    level and say it in the player's language: a computer plays at one of this game's levels
    (the oracle's too: a tournament's transcript may be kept), and a person or a bot at none.
    A level the game does not have is no computer anyone played: the file was edited or
    damaged, and counting it would make a chart row for it."""
    level = player.level
    if player.kind == SeatKind.AI and level is None:
        return _("player {n} is a computer without a level").format(n=seat)
    if player.kind == SeatKind.AI and level not in BENCHMARK_LEVELS:
        return _("player {n} plays at the level '{level}', which is not one of this game's "
                 "({levels})").format(n=seat, level=_clipped(level), levels=", ".join(BENCHMARK_LEVELS))
    if player.kind != SeatKind.AI and level is not None:
        return _("player {n} is of the kind {kind}, with a level ('{level}'): only a computer has "
                 "one").format(n=seat, kind=player.kind, level=_clipped(level))
    return None


def _clipped(text: str | None) -> str:
    """A level as a refusal quotes it (already visible: it is a :class:`PlayerInfo`'s)."""
    text = text or ""
    return text[:30] + ("..." if len(text) > 30 else "")


def _opponent(kind: str, level: str | None) -> str:
    return level or ("person" if kind == "human" else kind)



GAME = KingsCornerSaves()
