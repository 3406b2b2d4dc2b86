"""The Kings Reverse expert thinks for its own processor time, with a wall-clock cap (issue 29):
a busy machine does not make it weaker, and a person never waits long; at a table of four it
plays the weights that hold there."""

from __future__ import annotations

import random

from reverse_fixtures import heads_up_choice

from kc_tui.core.kinds import SeatKind
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.ai.players import ExpertAI, HardAI, ints, next_seat
from kc_tui.games.kings_reverse.ai.policy import EXPERT_STYLE, MEDIUM_STYLE, ranked
from kc_tui.games.kings_reverse.engine.actions import ActionKind
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService


class Ticks:
    """A simulated clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _rollouts(think: float, clock: Ticks, wall: Ticks) -> int:
    expert = ExpertAI(random.Random(1), think=think)
    expert.clock, expert.wall = clock, wall
    view = heads_up_choice()
    assert expert.choose(view) in view.legal
    return expert.rollouts


def test_the_budget_is_processor_time_not_the_clock_on_the_wall() -> None:
    # A world costs 1 ms of its own processor time; the wall clock hardly moves.
    own = _rollouts(0.2, Ticks(0.001), Ticks(1e-6))
    # The same thinking while other programs take half the processor: the wall clock runs
    # twice as fast as its own time, and its work is the same.
    busy = _rollouts(0.2, Ticks(0.001), Ticks(0.002))
    assert own == busy
    assert own > HardAI.worlds * 2


def test_a_very_busy_machine_stops_the_search_at_the_wall_clock_cap() -> None:
    # Its own time never moves, but the wall clock passes three budgets after a few worlds.
    capped = _rollouts(0.2, Ticks(0.0), Ticks(0.05))
    assert capped < _rollouts(0.2, Ticks(0.001), Ticks(1e-6))
    assert capped >= HardAI.worlds * 2  # never fewer worlds than hard


class _Favourite(ExpertAI):
    """The expert with one candidate: it plays the favourite of the style it ranks with."""

    width = 1


def test_at_a_table_of_four_the_expert_ranks_with_the_style_that_holds_there() -> None:
    # The expert's own weights were tuned heads-up; at four they lost to medium's.
    service = ReverseService(build_rules(4), [
        ReverseSeat(f"p{i}", SeatKind.AI, "medium", make_player("medium", random.Random(i)))
        for i in range(4)], seed=3)
    service.start()
    differ = 0
    while differ < 3:
        seat = service.current
        view = service.view(seat)
        if len(view.legal) > 2 and view.legal[0].kind is ActionKind.PLAY:
            hand, nxt = ints(view.hand), view.hand_counts[next_seat(view, seat)]
            table = ranked(view.legal, hand, nxt, 4, MEDIUM_STYLE)[0]
            if table != ranked(view.legal, hand, nxt, 4, EXPERT_STYLE)[0]:
                assert _Favourite(random.Random(1), think=0.0).choose(view) == table
                differ += 1
        service.run_computer_turns(limit=1)
