"""The thinking players' budget guard (issue 15): they look at the clock inside the search and
stop early enough that a stall as long as the longest seen still ends inside the budget.  The
clocks here are simulated, so the checks hold on any machine, busy or idle."""

from __future__ import annotations

import random
import time

from kc_tui.core.budget import MARGIN, WALL_CAP, Budget
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer
from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.engine.moves import MOVE_BASE, legal_codes
from kc_tui.games.kings_corner.engine.rules import build_rules


class SimulatedClock:
    """Advances ``step`` seconds every time it is read, and ``stalls[k]`` more at read ``k``
    (another program holding the processor)."""

    def __init__(self, step: float, stalls: dict[int, float] | None = None) -> None:
        self.now = 100.0
        self.step = step
        self.stalls = stalls or {}
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.step + self.stalls.get(self.reads, 0.0)
        self.reads += 1
        return self.now


def test_a_budget_keeps_its_margin_and_stops_before_a_stall_as_long_as_the_longest_seen() -> None:
    times = iter([0.0, 0.1, 0.2, 0.5, 0.65])
    budget = Budget(1.0, clock=lambda: next(times))
    assert budget.deadline == 1.0 - MARGIN
    assert not budget.spent()  # 0.1, longest gap 0.1
    assert not budget.spent()  # 0.2
    assert not budget.spent()  # 0.5: a stall of 0.3, 0.8 is still inside
    assert budget.spent()  # 0.65 + 0.3 passes 0.9: another such stall would end late
    assert abs(budget.stall - 0.3) < 1e-9


def _position(seed: int):
    game = Game(build_rules(2), random.Random(seed))
    game.start(dealer=1)
    return game.observation(0)


def _legal(obs, plan) -> None:
    piles = [list(p) for p in obs.piles]
    hand = obs.hand_mask
    for code in plan:
        assert code in legal_codes(piles, hand)
        if code < MOVE_BASE:
            piles[code & 7].append(code >> 3)
            hand ^= 1 << (code >> 3)
        else:
            s, d = divmod(code - MOVE_BASE, 8)
            piles[d].extend(piles[s])
            piles[s] = []


def test_the_expert_stops_inside_its_budget_on_a_steady_clock() -> None:
    answered = 0
    for seed in range(8):
        obs = _position(seed)
        expert = ExpertPlayer(random.Random(1), think=0.5)
        expert.race = False  # let the clock, not the race, end the decision
        clock = SimulatedClock(step=0.0005)
        expert.clock = clock
        start = clock.now
        plan = expert.plan_turn(obs)
        _legal(obs, plan)
        if expert.last_candidates > 1:
            answered += 1
            assert expert.last_samples > 0
            assert clock.now - start <= 0.5
    assert answered >= 2


def test_after_a_stall_the_expert_leaves_room_for_another_and_still_ends_inside_its_budget() -> None:
    """Another program takes the processor for 0.3 s early in the decision: the expert, which
    has now seen such a gap, stops 0.3 s before its deadline rather than risk a second one."""
    answered = 0
    for seed in range(8):
        obs = _position(seed)
        expert = ExpertPlayer(random.Random(1), think=1.0)
        expert.race = False
        clock = SimulatedClock(step=0.0005, stalls={40: 0.3})
        expert.clock = clock
        start = clock.now
        plan = expert.plan_turn(obs)
        _legal(obs, plan)
        if expert.last_candidates > 1 and clock.reads > 40:
            answered += 1
            # Stopped with the longest gap still to spare before the deadline (0.9 s).
            assert clock.now - start <= 1.0 * (1 - MARGIN) - 0.3 + 0.01
    assert answered >= 2


def test_a_budget_of_processor_time_stops_at_its_wall_clock_cap_on_a_starved_processor() -> None:
    """The thread gets a tenth of the processor: its processor time crawls while the wall clock
    runs, and the cap (three budgets less the margin) ends the decision."""
    cpu = SimulatedClock(step=0.001)
    wall = SimulatedClock(step=0.01)
    budget = Budget(1.0, clock=cpu, wall=wall)
    looks = 0
    while not budget.spent():
        looks += 1
        assert looks < 10_000
    assert budget.capped
    assert wall.now - 100.0 <= WALL_CAP * (1 - MARGIN) + 0.02
    assert cpu.now - 100.0 < 0.5  # far from its processor budget


def test_the_expert_thinks_on_its_own_processor_time_and_answers_by_the_cap() -> None:
    obs = _position(3)
    expert = ExpertPlayer(random.Random(1), think=0.5)
    expert.race = False
    assert expert.clock is time.thread_time
    cpu, wall = SimulatedClock(step=0.0001), SimulatedClock(step=0.002)
    expert.clock, expert.wall = cpu, wall
    start = wall.now
    _legal(obs, expert.plan_turn(obs))
    assert expert.last_candidates > 1
    assert expert.last_capped  # the benchmarks count the decisions the cap cut short
    assert wall.now - start <= 0.5 * WALL_CAP * (1 - MARGIN) + 0.05
    assert cpu.now - 100.0 < 0.5 * (1 - MARGIN)


def test_an_expert_on_a_processor_of_its_own_is_not_capped() -> None:
    obs = _position(3)
    expert = ExpertPlayer(random.Random(1), think=0.5)
    expert.race = False
    cpu = SimulatedClock(step=0.002)
    expert.clock, expert.wall = cpu, cpu
    _legal(obs, expert.plan_turn(obs))
    assert expert.last_candidates > 1 and expert.last_samples
    assert not expert.last_capped


def test_the_halving_expert_spends_its_budget_in_rounds_that_keep_the_better_half() -> None:
    """Sequential halving: every plan is played on the first samples, the better half on the
    next, and so on, all inside the budget; the last plans compared were played on more
    samples than a plan dropped first."""
    from dataclasses import replace

    from kc_tui.games.kings_corner.ai.expert import EXPERT

    halved = 0
    for seed in range(8):
        obs = _position(seed)
        # (About 90 playouts: too few for the race's 24 samples of each of many plans.)
        expert = ExpertPlayer(random.Random(1), think=0.25, traits=replace(EXPERT, halves=True))
        clock = SimulatedClock(step=0.0005)
        expert.clock = clock
        start = clock.now
        plan = expert.plan_turn(obs)
        _legal(obs, plan)
        assert clock.now - start <= 0.25
        assert expert.last_playouts <= expert.last_samples * expert.last_candidates
        # Halved: fewer playouts than every plan on every sample.
        halved += 0 < expert.last_playouts < expert.last_samples * expert.last_candidates
    assert halved >= 3


def test_the_halving_expert_answers_with_a_legal_plan_when_its_budget_ends_at_once() -> None:
    from dataclasses import replace

    from kc_tui.games.kings_corner.ai.expert import EXPERT

    for seed in range(4):
        obs = _position(seed)
        expert = ExpertPlayer(random.Random(1), think=0.001, traits=replace(EXPERT, halves=True))
        expert.clock = SimulatedClock(step=0.0005)
        _legal(obs, expert.plan_turn(obs))


def test_a_budget_that_affords_the_race_is_raced_not_halved() -> None:
    """Halving is for a budget too small for the race (24 samples of every plan before one is
    dropped): with room for it, the expert races as before, and settles a clear choice early."""
    from dataclasses import replace

    from kc_tui.games.kings_corner.ai.expert import EXPERT, RACE_MIN

    for seed in (3, 4, 6):  # the racing test's positions (tests/games/kings_corner/ai/test_ladder.py)
        obs = _position(seed)
        expert = ExpertPlayer(random.Random(1), think=60.0, traits=replace(EXPERT, halves=True))
        expert.clock = SimulatedClock(step=0.0005)
        expert.plan_turn(obs)
        assert expert.last_candidates >= 9 and expert.last_settled
        # Raced: every plan had the race's first samples (halving drops half after a few).
        assert expert.last_playouts >= RACE_MIN * expert.last_candidates
