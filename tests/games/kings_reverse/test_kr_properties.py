"""Kings Reverse invariants over random games (hypothesis): 108 cards conserved (KR1), every
round ends (KR7), only legal actions applied, a seat's view never shows another hand, and views
round-trip through JSON."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.events import RoundStart, seat_view
from kc_tui.games.kings_reverse.engine.rules import PRESETS, build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.engine.views import ReverseView

LEVELS = ("beginner", "easy", "medium")


def _service(seed: int, players: int, preset: str) -> ReverseService:
    rng = random.Random(seed)
    seats = [ReverseSeat(f"P{i}", "ai", "x", make_player(rng.choice(LEVELS), random.Random(seed + i)))
             for i in range(players)]
    return ReverseService(build_rules(players, preset), seats, seed=seed)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), preset=st.sampled_from(sorted(PRESETS)))
def test_kr1_cards_are_conserved_and_kr7_every_round_ends(seed: int, players: int, preset: str) -> None:
    service = _service(seed, players, preset)
    service.start()
    game = service.game
    deck = service.rules.deck_size
    steps = 0
    while game.phase == Phase.TURN:
        assert sum(len(h) for h in game.hands) + len(game.stock) + len(game.pile) == deck
        service.run_computer_turns(limit=1)
        steps += 1
        assert steps < 5000, "a round that does not end"
    assert sum(len(h) for h in game.hands) + len(game.stock) + len(game.pile) == deck
    assert not service.take_faults()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_a_view_never_shows_another_hand_and_round_trips_through_json(seed: int, players: int) -> None:
    service = _service(seed, players, "standard")
    seen: list[object] = []
    service.follow(seen.append, 0)
    service.start()
    game = service.game
    for _ in range(40):
        if game.phase != Phase.TURN:
            break
        for seat in range(players):
            view = service.view(seat)
            text = json.dumps(view.to_dict())
            assert ReverseView.from_dict(json.loads(text)) == view
            assert view.hand == game.hand(seat)
            for other in range(players):
                if other != seat and game.hands[other]:
                    # Another hand appears nowhere but as a count.
                    assert view.hand_counts[other] == len(game.hands[other])
            assert "stock" not in view.to_dict()
        service.run_computer_turns(limit=1)
    for event in seen:
        assert not isinstance(event, RoundStart)
        d = event.as_dict()  # type: ignore[attr-defined]
        if d["event"] == "draw" and d["player"] != 0:
            assert "cards" not in d
        if d["event"] == "give" and 0 not in (d["player"], d["to"]):
            assert "card" not in d
        if d["event"] == "session_start":
            assert d["seed"] is None


def test_a_spectator_sees_no_hand() -> None:
    service = _service(3, 3, "standard")
    service.start()
    assert service.view(None).hand == ()
    events: list[object] = []
    service.game.set_emit(events.append)
    deal = RoundStart(1, 0, ((),), (), ())
    assert seat_view(deal, None).as_dict()["hand"] == []
