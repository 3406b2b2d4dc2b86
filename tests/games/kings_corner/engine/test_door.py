"""The engine service is the one door to a game: every value it hands a front end is a frozen
value with a JSON form, so a front end in another process could be written against it alone;
each seat is shown only what it may see; targets come from the one legal-move generator."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from kc_tui.core.cards import Card
from kc_tui.core.errors import IllegalMove
from kc_tui.core.events import SessionStart
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.events import Draw, Event, RoundStart, RoundView, event_from_dict
from kc_tui.games.kings_corner.engine.moves import MovePile, PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.engine.views import RoundSummary, SeatView, SessionSummary, Targets


def _json(value: Any) -> Any:
    """Through JSON text and back, as a value crossing to another process would go."""
    return json.loads(json.dumps(value.as_dict()))


def _sessions() -> list[tuple[str, int, int]]:
    """(preset, players, seed): several rule sets, so draws at the start and the end, chips,
    royal Kings and no draw all come by."""
    return [("standard", 2, 3), ("boxed", 3, 8), ("royal", 4, 11), ("no-draw", 2, 5), ("mandatory", 3, 2)]


def _play(preset: str, players: int, seed: int, on_turn, on_round, rounds: int = 3) -> GameService:
    """A session with a person in seat 0 (who plays a random legal move or ends the turn) and
    medium players elsewhere, calling ``on_turn`` at each of the person's decisions and
    ``on_round`` after each round."""
    rules = build_rules(players, preset)
    seats = [Seat("You")] + [Seat(f"P{i}", "ai", "medium", make_player("medium", random.Random(i)))
                             for i in range(1, players)]
    service = GameService(rules, seats, seed=seed)
    seen: dict[int | None, list[Event]] = {seat: [] for seat in [None, *range(players)]}
    for seat, events in seen.items():
        service.follow(events.append, seat)
    service.start()
    rng = random.Random(seed)
    played = 0
    while True:
        service.run_computer_turns()
        if service.phase == Phase.TURN:
            on_turn(service)
            moves = service.legal_moves()
            if moves and rng.random() < 0.8:
                service.play(rng.choice(moves))
                continue
            try:
                service.end_turn()
            except IllegalMove:  # R6 mandatory Kings: the King owed goes first
                service.play(next(m for m in moves if isinstance(m, PlayCard) and m.card.is_king))
            continue
        played += 1
        on_round(service)
        if service.phase == Phase.SESSION_OVER or played >= rounds:
            break
        service.next_round()
    service.seen = seen  # type: ignore[attr-defined]  # what each follower was sent, for the tests
    return service


@pytest.mark.parametrize(("preset", "players", "seed"), _sessions())
def test_every_value_the_door_hands_out_round_trips_through_json(preset: str, players: int, seed: int) -> None:
    checked = {"views": 0, "targets": 0, "rounds": 0}

    def on_turn(service: GameService) -> None:
        for seat in [None, *range(players)]:
            view = service.view(seat)
            assert SeatView.from_dict(_json(view)) == view
            checked["views"] += 1
        obs = service.observation(0)
        for held in [*obs.hand, *(p for p in Pile if obs.board[p])]:
            targets = service.targets(held)
            assert Targets.from_dict(_json(targets)) == targets
            checked["targets"] += 1

    def on_round(service: GameService) -> None:
        summary = service.round_summary()
        assert RoundSummary.from_dict(_json(summary)) == summary
        for seat in [None, *range(players)]:
            view = service.view(seat)
            assert SeatView.from_dict(_json(view)) == view
        checked["rounds"] += 1
        if service.phase == Phase.SESSION_OVER:
            session = service.session_summary()
            assert SessionSummary.from_dict(_json(session)) == session

    service = _play(preset, players, seed, on_turn, on_round)
    for seat, events in service.seen.items():  # type: ignore[attr-defined]
        for event in events:
            assert event_from_dict(_json(event), seat) == event
    assert checked["views"] and checked["targets"] and checked["rounds"]


@pytest.mark.parametrize(("preset", "players", "seed"), _sessions())
def test_targets_are_exactly_the_moves_the_referee_accepts(preset: str, players: int, seed: int) -> None:
    def on_turn(service: GameService) -> None:
        obs = service.observation(0)
        for held in [*obs.hand, *Pile]:
            make = PlayCard if isinstance(held, Card) else MovePile
            accepted = tuple(p for p in Pile if service.game.why_illegal(make(held, p)) is None)
            assert service.targets(held).piles == accepted, held

    _play(preset, players, seed, on_turn, lambda service: None)


@pytest.mark.parametrize(("preset", "players", "seed"), _sessions())
def test_each_follower_sees_only_what_its_seat_may(preset: str, players: int, seed: int) -> None:
    service = _play(preset, players, seed, lambda service: None, lambda service: None)
    for seat, events in service.seen.items():  # type: ignore[attr-defined]
        assert not any(isinstance(e, RoundStart) for e in events)
        for event in events:
            if isinstance(event, RoundView):
                assert event.seat == seat
                assert event.hand == () if seat is None else len(event.hand) == event.hand_counts[seat]
            if isinstance(event, Draw) and event.player != seat:
                assert event.card is None
            if isinstance(event, SessionStart):
                assert event.seed is None
        # A seat's own draws are shown to it (when its rules draw at all).
        own = [e for e in events if isinstance(e, Draw) and e.player == seat]
        assert all(e.card is not None for e in own)


def test_the_keyboard_seat_is_the_lone_person_and_nobody_in_hot_seat() -> None:
    rules = build_rules(3)
    medium = [Seat(f"P{i}", "ai", "medium", make_player("medium")) for i in range(3)]
    assert GameService(rules, [Seat("You"), *medium[1:]]).keyboard_seat == 0
    assert GameService(rules, [medium[0], Seat("Ada"), Seat("Bo")]).keyboard_seat is None
    assert GameService(rules, medium).keyboard_seat is None


def test_the_turn_id_moves_on_with_every_turn_and_is_none_between_rounds() -> None:
    ids = []

    def on_turn(service: GameService) -> None:
        ids.append(service.turn_id)
        assert service.view(0).turn == service.turn_id

    def on_round(service: GameService) -> None:
        assert service.turn_id is None and service.view(None).turn is None

    _play("standard", 2, 4, on_turn, on_round, rounds=1)
    # The person's moves within one turn share its id; ending it gives the next one a new id.
    assert len(set(ids)) > 1
    assert all(a.round <= b.round for a, b in zip(ids, ids[1:]))


def test_a_renamed_seat_is_named_so_by_every_view_and_keeps_its_kind() -> None:
    service = GameService(build_rules(2), [Seat("You"), Seat("Seat 2")], seed=3)
    service.start()
    service.rename_seat(1, "Cy\x1b")
    assert [s.name for s in service.seats] == ["You", "Cy\\x1b"]  # shown as escapes, as every name
    for seat in (0, 1, None):
        players = service.view(seat).players
        assert [p.name for p in players] == ["You", "Cy\\x1b"] and players[1].kind == "human"
