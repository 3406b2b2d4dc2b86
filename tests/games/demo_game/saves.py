"""Higher's ``saves`` part (:class:`kc_tui.storage.part.GameSaves`): a save is the seed, the
rules, the seats and the session's events so far, journalled by the platform at every turn; a
restore takes the events' decisions again through the referee.  Its computers draw no random
numbers, so a save keeps no generator."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from kc_tui.core.errors import IllegalMove, RuleError
from kc_tui.core.events import SessionEnd, TurnStart
from kc_tui.core.kinds import Phase
from kc_tui.core.text import visible
from kc_tui.replay import Replay, ReplayError, ReplayStep
from kc_tui.storage.records import count, finished_bounds
from kc_tui.storage.saves import AutoSaver, Restored, SaveError, SaveInfo, local_time

from .engine import (
    GAME_NAME,
    HigherGame,
    HigherRules,
    HigherService,
    RoundEnd,
    RoundStart,
    event_from_dict,
    seats_for,
    take_again,
)
from .session import GAME as SESSION

KIND = "higher-save"


def restored_service(path: Path, doc: dict[str, Any]) -> tuple[HigherService, list[str], list[Any]]:
    """The session a save holds, its decisions taken again: the service, its seats' specs and
    every event so far; :class:`SaveError` says why not."""
    try:
        specs = [str(s) for s in doc["specs"]]
        names = [visible(str(n)) for n in doc["names"]]
        rules = HigherRules.from_dict(doc["rules"])
        if len(specs) != rules.players or len(names) != len(specs):
            raise SaveError(path, "its seats do not match its rules")
        service = HigherService(rules, seats_for(specs, names), int(doc["seed"]))
        saved = [event_from_dict(e) for e in doc["events"]]
    except (KeyError, TypeError, ValueError, RuleError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError(path, f"it cannot be read ({visible(str(exc))[:80]})") from None
    events: list[Any] = []
    service.add_listener(events.append)
    try:
        service.start()
        take_again(service.game, saved[1:])
    except IllegalMove as exc:
        raise SaveError(path, f"it holds a move the rules refuse ({visible(str(exc))[:80]})") from None
    finally:
        service.remove_listener(events.append)
    if [SESSION.encode(e) for e in events[:len(saved)]] != [SESSION.encode(e) for e in saved]:
        raise SaveError(path, "its events do not follow from its seed and moves")
    return service, specs, events


@dataclass(frozen=True, slots=True)
class HigherResult:
    name: str
    players: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class HigherSaves:
    """Higher's saves: the events, journalled at every turn."""

    game = GAME_NAME
    kind = KIND
    version_key = "version"
    version = 1
    migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
    log_key = "events"
    journal = True
    folder = GAME_NAME
    transcript_bytes = 1 << 20

    def encode(self, item: Any) -> str:
        return SESSION.encode(item)

    def encode_event(self, event: Any) -> str:
        return SESSION.encode(event)

    def generator_states(self, service: Any) -> list[tuple[Any, ...] | None]:
        return []  # the deals follow the seed; the computers draw nothing

    def head(self, saver: AutoSaver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        service = saver.service
        return {"kind": KIND, "version": self.version, "game": GAME_NAME, "seed": service.seed,
                "rules": service.rules.as_dict(), "specs": saver.specs,
                "names": [s.name for s in service.seats], **self._progress(service)}

    def entry_head(self, saver: AutoSaver, states: list[tuple[Any, ...] | None]) -> dict[str, Any]:
        return self._progress(saver.service)

    @staticmethod
    def _progress(service: HigherService) -> dict[str, Any]:
        view = service.view(None)
        return {"round": view.round, "totals": list(view.totals),
                "saved": datetime.now().astimezone().isoformat(timespec="seconds")}

    def follow(self, saver: AutoSaver) -> None:
        saver.service.add_listener(saver)

    def saw(self, saver: AutoSaver, event: Any) -> None:
        """Keep every event; save as a turn starts and as a round ends; at the session's end
        keep the transcript instead."""
        saver.keep(event)
        if isinstance(event, SessionEnd):
            saver.finish()
        elif isinstance(event, TurnStart | RoundEnd) and saver.service.phase != Phase.SESSION_OVER:
            saver.save()

    def info(self, path: Path, doc: dict[str, Any]) -> SaveInfo:
        return SaveInfo(path, tuple(visible(str(n)) for n in doc["names"]), local_time(doc["saved"]),
                        int(doc["round"]), tuple(int(t) for t in doc["totals"]),
                        rules=f"Higher, {len(doc['names'])} players", seed=int(doc["seed"]), game=GAME_NAME)

    def restore(self, path: Path, doc: dict[str, Any], think: float | None,
                on_error: Callable[[str], None] | None) -> Restored:
        service, specs, events = restored_service(path, doc)
        return Restored(service, specs, events, path, game=GAME_NAME)

    def read_transcript(self, lines: Sequence[str]) -> list[Any]:
        return [SESSION.decode(line) for line in lines if line.strip()]

    def record(self, name: str, events: Sequence[Any]) -> HigherResult | str:
        bounds = finished_bounds(events)
        assert bounds is not None
        start, end = bounds
        if len(end.totals) != len(start.players):
            return f"its results do not match its {len(start.players)} players"
        return HigherResult(name, tuple(p.name for p in start.players), end.winners, end.totals)

    def _table(self, results: Sequence[Any], player: str | None) -> dict[str, list[int]]:
        """Each player's sessions, sessions won and rounds won."""
        table: dict[str, list[int]] = {}
        for result in results:
            for seat, name in enumerate(result.players):
                if player is None or name.lower() == player.strip().lower():
                    row = table.setdefault(name, [0, 0, 0])
                    row[0] += 1
                    row[1] += seat in result.winners
                    row[2] += result.totals[seat]
        return table

    def report(self, results: Sequence[Any], problems: Sequence[str], player: str | None,
               folder: Path) -> str:
        if not results:
            return f"No finished Higher sessions yet (they are kept in {folder})."
        lines = [f"From {count(len(results), 'finished session')}."]
        lines += [f"{name}: won {won} of {count(n, 'session')}, {count(rounds, 'round')} won."
                  for name, (n, won, rounds) in self._table(results, player).items()]
        return "\n".join(lines + [f"(skipped {p})" for p in problems])

    def report_dict(self, results: Sequence[Any], problems: Sequence[str],
                    player: str | None) -> dict[str, Any]:
        return {"sessions": len(results), "unreadable": list(problems),
                "players": [{"name": name, "sessions": n, "sessions_won": won, "rounds_won": rounds}
                            for name, (n, won, rounds) in self._table(results, player).items()]}

    def replay(self, path: Path, lines: list[str], *, words: bool = False) -> Replay:
        """A transcript re-refereed, one step per decision, every hand face up (its sentences
        always say cards in words)."""
        try:
            events = self.read_transcript(lines)
            start = events[0]
            game = HigherGame(HigherRules.from_dict(start.rules), start.players, int(start.seed))
        except (IndexError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ReplayError(f"{path}: not a transcript of Higher ({visible(str(exc))[:80]})") from None
        names = [p.name for p in start.players]
        tell = SESSION.narrator(names, None)
        emitted: list[Any] = []
        told: list[Any] = []
        steps: list[ReplayStep] = []
        turns = 0

        def step() -> None:
            nonlocal turns
            new, emitted[:] = list(emitted), []
            told.extend(new)
            if any(isinstance(e, RoundStart) for e in new):
                turns = 0
            turns += sum(isinstance(e, TurnStart) for e in new)
            steps.append(ReplayStep(
                tuple(s for e in new if (s := tell(e))), game.round_no, turns, game.current,
                tuple(tuple(h) for h in game.hands), tuple(game.totals),
                new_turn=any(isinstance(e, TurnStart) for e in new),
                new_round=any(isinstance(e, RoundStart) for e in new),
                table=(game.pile, len(game.stock))))

        game.set_emit(emitted.append)
        try:
            game.start()
            step()
            take_again(game, events[1:], step)
        except IllegalMove as exc:
            raise ReplayError(f"{path}: {exc}") from None
        if [self.encode(e) for e in told] != [self.encode(e) for e in events]:
            raise ReplayError(f"{path}: the transcript does not follow from its seed and moves")
        return Replay(start.players, game.rules, start.seed, tuple(steps), GAME_NAME)


GAME = HigherSaves()
