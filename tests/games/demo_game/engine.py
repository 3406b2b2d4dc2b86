"""Higher's rules, events, referee and service (pure Python, on the shared core)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from kc_tui.core.cards import CARDS, Card, parse_card
from kc_tui.core.door import ServiceDoor, TableSeat
from kc_tui.core.errors import IllegalMove, RuleError
from kc_tui.core.events import (
    PlayerEvent,
    PlayerInfo,
    SessionEnd,
    SessionStart,
    TurnEnd,
    TurnStart,
    session_start_from_dict,
)
from kc_tui.core.kinds import HUMAN_PREFIX, SEAT_NAMES, Phase, SeatKind

GAME_NAME = "higher"
LEVELS = ("lowest",)
DECK = CARDS[:24]  # 2 to 7 of every suit
ROUNDS = 2


@dataclass(frozen=True, slots=True)
class HigherRules:
    players: int
    hand: int = 3

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise RuleError(f"Higher is for 2 to 4 players, not {self.players}.")
        if not 1 <= self.hand <= 5:
            raise RuleError(f"A hand of Higher is 1 to 5 cards, not {self.hand}.")

    def as_dict(self) -> dict[str, Any]:
        return {"players": self.players, "hand": self.hand}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> HigherRules:
        return HigherRules(int(d["players"]), int(d.get("hand", 3)))


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _cards(names: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(n) for n in names)


@dataclass(frozen=True, slots=True)
class RoundStart:
    round: int
    hands: tuple[tuple[Card, ...], ...]
    pile: Card
    stock: tuple[Card, ...]
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_start", "round": self.round, "hands": [_names(h) for h in self.hands],
                "pile": str(self.pile), "stock": _names(self.stock)}


@dataclass(frozen=True, slots=True)
class RoundView:
    round: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    pile: Card
    stock_count: int
    name = "round_start"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_start", "round": self.round, "hand": _names(self.hand),
                "hand_counts": list(self.hand_counts), "pile": str(self.pile),
                "stock_count": self.stock_count}


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    card: Card
    name = "play"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "play", "player": self.player, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Drew:
    player: int
    card: Card | None
    name = "draw"

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": "draw", "player": self.player}
        if self.card is not None:
            d["card"] = str(self.card)
        return d


@dataclass(frozen=True, slots=True)
class Passed(PlayerEvent):
    name = "pass"


@dataclass(frozen=True, slots=True)
class RoundEnd:
    round: int
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    name = "round_end"

    def as_dict(self) -> dict[str, Any]:
        return {"event": "round_end", "round": self.round, "winners": list(self.winners),
                "totals": list(self.totals)}


@dataclass(frozen=True, slots=True)
class HigherView:
    """The game as one seat (or a spectator, ``seat`` None) may see it: its own hand only, and
    its actions only while it is to act."""

    seat: int | None
    phase: Phase
    round: int
    current: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    pile: Card | None
    stock_count: int
    totals: tuple[int, ...]
    legal: tuple[str, ...]
    winners: tuple[int, ...]
    """The last round's winners (empty: blocked, or none over yet)."""


HigherEvent = (SessionStart | RoundStart | RoundView | TurnStart | Played | Drew | Passed | TurnEnd
               | RoundEnd | SessionEnd)
EVENTS = (SessionStart, RoundStart, TurnStart, Played, Drew, Passed, TurnEnd, RoundEnd, SessionEnd)


def seat_view(event: Any, seat: int | None) -> Any:
    if isinstance(event, RoundStart):
        return RoundView(event.round, event.hands[seat] if seat is not None else (),
                         tuple(len(h) for h in event.hands), event.pile, len(event.stock))
    if isinstance(event, Drew) and event.player != seat and event.card is not None:
        return Drew(event.player, None)
    if isinstance(event, SessionStart) and event.seed is not None:
        return replace(event, seed=None)
    return event


def event_from_dict(d: Mapping[str, Any], seat: int | None = None) -> Any:
    kind = d["event"]
    if kind == "session_start":
        return session_start_from_dict(d, GAME_NAME, version=1)
    if kind == "round_start" and "hand" in d:
        return RoundView(d["round"], _cards(d["hand"]), tuple(d["hand_counts"]), parse_card(d["pile"]),
                         d["stock_count"])
    if kind == "round_start":
        return RoundStart(d["round"], tuple(_cards(h) for h in d["hands"]), parse_card(d["pile"]),
                          _cards(d["stock"]))
    if kind == "play":
        return Played(d["player"], parse_card(d["card"]))
    if kind == "draw":
        return Drew(d["player"], parse_card(d["card"]) if "card" in d else None)
    if kind in ("turn_start", "turn_end", "pass"):
        return {"turn_start": TurnStart, "turn_end": TurnEnd, "pass": Passed}[kind](d["player"])
    if kind == "round_end":
        return RoundEnd(d["round"], tuple(d["winners"]), tuple(d["totals"]))
    if kind == "session_end":
        return SessionEnd(tuple(d["winners"]), tuple(d["totals"]))
    raise ValueError(f"Higher has no event {str(kind)[:20]!r}")


class HigherGame:
    """The referee."""

    def __init__(self, rules: HigherRules, players: Sequence[PlayerInfo], seed: int) -> None:
        self.rules, self.players, self.seed = rules, tuple(players), seed
        self.rng = random.Random(seed)
        self.phase = Phase.ROUND_OVER
        self.current = 0
        self.round_no = 0
        self.totals = [0] * rules.players
        self.session_winners: tuple[int, ...] = ()
        self.hands: list[list[Card]] = []
        self.pile: Card = DECK[0]
        self.stock: list[Card] = []
        self.passes = 0
        self.last_winners: tuple[int, ...] = ()
        self._emit: Callable[[Any], None] | None = None

    def set_emit(self, emit: Callable[[Any], None] | None) -> None:
        self._emit = emit

    def _say(self, event: Any) -> None:
        if self._emit is not None:
            self._emit(event)

    def start(self) -> None:
        self._say(SessionStart(1, self.seed, self.rules.as_dict(), self.players, GAME_NAME))
        self.next_round()

    def next_round(self) -> None:
        if self.phase != Phase.ROUND_OVER:
            raise IllegalMove("The round is not over.")
        self.round_no += 1
        deck = list(DECK)
        self.rng.shuffle(deck)
        n, k = self.rules.players, self.rules.hand
        self.hands = [deck[i * k:(i + 1) * k] for i in range(n)]
        self.pile, self.stock = deck[n * k], deck[n * k + 1:]
        self.passes = 0
        self.current = (self.round_no - 1) % n
        self.phase = Phase.TURN
        self._say(RoundStart(self.round_no, tuple(tuple(h) for h in self.hands), self.pile, tuple(self.stock)))
        self._say(TurnStart(self.current))

    def legal(self) -> list[str]:
        """The actions of the player to act: cards they may play, "draw" or "pass"."""
        plays = [str(c) for c in self.hands[self.current] if c.rank.value > self.pile.rank.value]
        return plays + (["draw"] if self.stock else ["pass"])

    def act(self, action: str) -> None:
        if self.phase != Phase.TURN:
            raise IllegalMove("Nobody is to play.")
        if action not in self.legal():
            raise IllegalMove(f"{action[:10]!r} is not a move now; the moves are {', '.join(self.legal())}.")
        p = self.current
        if action == "draw":
            card = self.stock.pop(0)
            self.hands[p].append(card)
            self.passes = 0
            self._say(Drew(p, card))
        elif action == "pass":
            self.passes += 1
            self._say(Passed(p))
        else:
            card = parse_card(action)
            self.hands[p].remove(card)
            self.pile = card
            self.passes = 0
            self._say(Played(p, card))
        self._say(TurnEnd(p))
        if not self.hands[p]:
            self._end_round((p,))
        elif self.passes >= self.rules.players:
            self._end_round(())
        else:
            self.current = (p + 1) % self.rules.players
            self._say(TurnStart(self.current))

    def view(self, seat: int | None) -> HigherView:
        dealt = self.round_no > 0
        return HigherView(
            seat, self.phase, self.round_no, self.current, tuple(p.name for p in self.players),
            tuple(self.hands[seat]) if dealt and seat is not None else (),
            tuple(len(h) for h in self.hands) if dealt else (0,) * self.rules.players,
            self.pile if dealt else None, len(self.stock), tuple(self.totals),
            tuple(self.legal()) if self.phase == Phase.TURN and seat == self.current else (),
            self.last_winners)

    def _end_round(self, winners: tuple[int, ...]) -> None:
        self.last_winners = winners
        for w in winners:
            self.totals[w] += 1
        self._say(RoundEnd(self.round_no, winners, tuple(self.totals)))
        if self.round_no >= ROUNDS:
            best = max(self.totals)
            self.session_winners = tuple(i for i, t in enumerate(self.totals) if t == best)
            self.phase = Phase.SESSION_OVER
            self._say(SessionEnd(self.session_winners, tuple(self.totals)))
        else:
            self.phase = Phase.ROUND_OVER


def take_again(game: HigherGame, events: Sequence[Any], step: Callable[[], None] | None = None) -> None:
    """Take again on ``game`` (started) the decisions a transcript's ``events`` tell, each
    re-refereed (``IllegalMove`` for one the rules refuse); ``step`` is called after each."""
    for event in events:
        if isinstance(event, Played):
            game.act(str(event.card))
        elif isinstance(event, Drew):
            game.act("draw")
        elif isinstance(event, Passed):
            game.act("pass")
        elif isinstance(event, RoundStart | RoundView) and game.phase == Phase.ROUND_OVER:
            game.next_round()
        else:
            continue
        if step is not None:
            step()


class LowestPlayer:
    """The computer: the lowest card it may play, else draw or pass."""

    def choose(self, legal: Sequence[str]) -> str:
        return legal[0]

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


class HigherService(ServiceDoor[Any, TableSeat[LowestPlayer], HigherGame]):
    refusal = IllegalMove

    def __init__(self, rules: HigherRules, seats: Sequence[TableSeat[LowestPlayer]], seed: int) -> None:
        self.game = HigherGame(rules, [s.info for s in seats], seed)
        self._open_door(seats, [])

    @staticmethod
    def seat_view(event: Any, seat: int | None) -> Any:
        return seat_view(event, seat)

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def rules(self) -> HigherRules:
        return self.game.rules

    def view(self, seat: int | None) -> HigherView:
        return self.game.view(seat)

    def legal_actions(self) -> tuple[str, ...]:
        """The actions of the seat to act."""
        return tuple(self.game.legal()) if self.phase == Phase.TURN else ()

    def act(self, action: str) -> None:
        """A person's action (``IllegalMove`` with the sentence when refused)."""
        if self.phase == Phase.TURN and self.current_seat.player is not None:
            raise IllegalMove("It is a computer's turn.")
        self.game.act(action)

    def act_for_seat(self, action: str) -> None:
        """The action of whoever is to act, a computer's too (a served table's house computer,
        a save replayed)."""
        self.game.act(action)

    def run_computer_turns(self, limit: int | None = None) -> int:
        done = 0
        while self.phase == Phase.TURN and self.current_seat.player is not None:
            if limit is not None and done >= limit:
                break
            self.game.act(self.current_seat.player.choose(self.game.legal()))
            done += 1
        return done


def computer_seats(levels: Sequence[str]) -> list[TableSeat[LowestPlayer]]:
    return [TableSeat(f"Computer {i + 1}", SeatKind.AI, level, LowestPlayer()) for i, level in enumerate(levels)]


def seats_for(specs: Sequence[str], names: Sequence[str | None] = ()) -> list[TableSeat[LowestPlayer]]:
    """Seats for specs (``you``, ``human:NAME``, a level), named as every game names them: the
    person "You" (or their name), the computers by the shared names not taken."""
    given = [*names, *[None] * (len(specs) - len(names))]
    for i, spec in enumerate(specs):
        if given[i] is None and (spec == "you" or spec.startswith(HUMAN_PREFIX)):
            given[i] = "You" if spec == "you" else spec[len(HUMAN_PREFIX):]
    spare = iter(n for n in SEAT_NAMES if n not in given)
    seats: list[TableSeat[LowestPlayer]] = []
    for i, spec in enumerate(specs):
        name = given[i] or next(spare)
        if spec == "you" or spec.startswith(HUMAN_PREFIX):
            seats.append(TableSeat(name, SeatKind.HUMAN))
        elif spec in LEVELS:
            seats.append(TableSeat(name, SeatKind.AI, spec, LowestPlayer()))
        else:
            raise RuleError(f"A seat of Higher is you, human:NAME or {', '.join(LEVELS)}; not {spec[:20]!r}.")
    return seats
