"""The engine's fast paths agree with the rule book: a move is accepted by :meth:`Game.play`
exactly when :func:`refusal` (R4) has no sentence against it, a computer's turn applied in one
call stops at its first refused move, and the deal draws the same random bits as the library's
shuffle (so a seed deals what it always dealt).  And what they skip is really not needed: a
seat that plans from the board gets no observation, a rollout's game deals with the RNG it is
given, and the expert counts the rounds it plays out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from strategies import played_games, positions

from kc_tui.core.cards import Card
from kc_tui.core.errors import IllegalMove
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer
from kc_tui.games.kings_corner.ai.medium import MediumPlayer
from kc_tui.games.kings_corner.engine import game as game_module
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import MOVE_CODES, refusal
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat


def _copy(game: Game) -> Game:
    return Game.from_position(game.rules, game.hands, game.piles, game.stock, game.current)


def _check_every_code(game: Game) -> None:
    hand = game.hands[game.current]
    for code in range(MOVE_CODES):
        reason = refusal(game.piles, hand, code)
        trial = _copy(game)
        if reason is None:
            trial.play(code)  # must not raise
            assert trial.moves_this_turn() == 1
        else:
            with pytest.raises(IllegalMove) as refused:
                trial.play(code)
            assert str(refused.value) == reason
            assert trial.piles == game.piles and trial.hands == game.hands


@settings(max_examples=40, deadline=None)
@given(played_games())
def test_play_accepts_exactly_what_the_rule_book_accepts_in_played_positions(game: Game) -> None:
    if game.phase == Phase.TURN:
        _check_every_code(game)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_play_accepts_exactly_what_the_rule_book_accepts_in_any_position(pos) -> None:
    piles, hand = pos
    _check_every_code(Game.from_position(build_rules(2), [hand, 0], piles, [], 0))


def test_a_plan_applied_in_one_call_stops_at_its_first_refused_move() -> None:
    # N shows 9C: 8H fits (R4), 8C does not; the moves after the refused one are not made.
    nine_c, eight_h, eight_c, two_d = (Card.parse(t).id for t in ("9C", "8H", "8C", "2D"))
    piles = [[nine_c], [], [], [], [], [], [], []]
    hand = 1 << eight_h | 1 << eight_c | 1 << two_d
    game = Game.from_position(build_rules(2), [hand, 1], piles, [], 0)
    plan = [eight_h * 8 + 0, eight_c * 8 + 0, two_d * 8 + 1]
    assert game.play_plan(plan) == 1
    assert game.piles[0] == [nine_c, eight_h] and not game.piles[1]
    with pytest.raises(IllegalMove, match="8C does not fit on N: N shows 8H"):
        game.play(plan[1])
    assert game.play_plan(["not a move", plan[2]]) == 0
    assert game.play_plan([plan[2]]) == 1 and game.piles[1] == [two_d]


def test_a_plan_stops_when_its_move_ends_the_round() -> None:
    nine_c, eight_h = Card.parse("9C").id, Card.parse("8H").id
    game = Game.from_position(build_rules(2), [1 << eight_h, 1], [[nine_c]] + [[]] * 7, [], 0)
    assert game.play_plan([eight_h * 8, eight_h * 8 + 1]) == 1
    assert game.phase != Phase.TURN and game.round_winners == (0,)


def test_the_deal_shuffles_exactly_as_the_library_does() -> None:
    for seed in range(500):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck, expected = list(range(52)), list(range(52))
        game_module._shuffle(ours, deck)
        theirs.shuffle(expected)
        assert deck == expected, seed
        assert ours.getrandbits(64) == theirs.getrandbits(64)  # the same bits were used up


def test_a_seat_that_plans_from_the_board_is_asked_without_an_observation() -> None:
    class BoardOnly(MediumPlayer):
        def plan_turn(self, obs):
            raise AssertionError("an observation was built for a seat that plans from the board")

    seats = [Seat(f"P{i}", "ai", "medium", BoardOnly()) for i in range(3)]
    service = GameService(build_rules(3), seats, seed=5)
    service.start()
    assert service.run_computer_turns(limit=6) == 6
    # Its plans are the greedy player's: the same game as with plain medium seats.
    plain = GameService(build_rules(3), [Seat(f"P{i}", "ai", "medium", MediumPlayer()) for i in range(3)], seed=5)
    plain.start()
    seen = []
    plain.on_decision = lambda seat, seconds: seen.append(seat)
    plain.run_computer_turns(limit=6)
    assert len(seen) == 6
    assert (plain.game.piles, plain.game.hands) == (service.game.piles, service.game.hands)


def test_a_game_from_a_position_deals_its_next_rounds_with_the_rng_given() -> None:
    two = Card.parse("2D").id
    three_c = Card.parse("3C").id

    def next_deal(seed: int) -> list[int]:
        game = Game.from_position(build_rules(2), [1 << two, 1 << 0], [[three_c]] + [[]] * 7, [],
                                  0, rng=random.Random(seed))
        game.play(two * 8)  # the last card: the round is over (R5)
        game.next_round()
        return game.hands

    assert next_deal(7) == next_deal(7)
    assert next_deal(7) != next_deal(8)


def test_the_expert_counts_the_rounds_it_plays_out() -> None:
    seats = [Seat(f"P{i}", "ai", "medium", MediumPlayer()) for i in range(4)]
    service = GameService(build_rules(4), seats, seed=9)
    service.start()
    expert = ExpertPlayer(random.Random(1), think=0.05)
    expert.race = False  # a race drops candidates part way, so its playouts are no multiple
    expert.halves = False  # (and so does halving a small budget)
    for _ in range(20):
        expert.plan_turn(service.observation())
        if expert.last_samples:
            break
        service.run_computer_turns(limit=1)
    assert expert.last_samples > 0
    # Every sample plays the round on once per candidate plan (at least two, or none is needed).
    assert expert.last_playouts % expert.last_samples == 0
    assert expert.last_playouts >= 2 * expert.last_samples
