"""A quick game is a first game (issue 28 item 8): the person plays first in round 1, so no deal
lets the computers before them go out while they wait.  Nothing is forced: the seed, drawn so,
deals the same session again."""

from __future__ import annotations

import random

from screen_fixtures import my_turn, until

from kc_tui.core.events import TurnStart
from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService, Seat, seed_for_first_player
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp


def _first_turn(seed: int, players: int = 4) -> int:
    service = GameService(RuleSet(players=players), [Seat(f"P{i}") for i in range(players)], seed=seed)
    turns: list[int] = []
    service.follow(lambda event: turns.append(event.player) if isinstance(event, TurnStart) else None, None)
    service.start()
    return turns[0]


def test_the_first_dealer_a_seed_draws_is_the_one_the_game_deals_with() -> None:
    for seed in range(30):
        dealer = Game.first_dealer(random.Random(seed), 4)
        assert _first_turn(seed) == (dealer + 1) % 4  # R2: left of the dealer starts


def test_a_seed_drawn_for_a_first_player_starts_round_1_with_that_seat() -> None:
    for seat in range(3):
        for _ in range(5):
            assert _first_turn(seed_for_first_player(seat, 3), 3) == seat


async def test_the_quick_game_starts_with_the_persons_turn() -> None:
    app = KingsCornerApp(settings=Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await until(pilot, my_turn, "your turn")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.service.turn_id is not None and table.service.turn_id.turn == 1
        assert table.service.current == 0
