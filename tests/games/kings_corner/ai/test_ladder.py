"""The ladder of levels (issue 15): the levels and their traits, each trait switched on and off
on its own, the old level names, and how the thinking levels spend their time."""

from __future__ import annotations

import random

import pytest

from kc_tui.games.kings_corner.ai import LADDER, LEVELS, describe, make_player
from kc_tui.games.kings_corner.ai.casual import BEGINNER, EASY, CasualPlayer, CasualTraits
from kc_tui.games.kings_corner.ai.expert import (
    EXPERT,
    SEARCHED_NODES,
    ExpertPlayer,
    position_value,
    rollout_value,
)
from kc_tui.games.kings_corner.ai.hard import HARD, HardPlayer
from kc_tui.games.kings_corner.ai.medium import greedy_plan
from kc_tui.games.kings_corner.ai.search import TurnSearch
from kc_tui.games.kings_corner.ai.seats import check_spec
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import MOVE_BASE, legal_codes
from kc_tui.games.kings_corner.engine.observation import Observation
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat

PERFECT = CasualTraits(sees_pile_moves=1.0, sees_builds=1.0, fills_edges=1.0, best_fill=True, gives_up=0.0)


def test_the_ladder_runs_from_beginner_to_expert_and_keeps_the_old_names() -> None:
    assert list(LEVELS) == ["beginner", "easy", "medium", "hard", "expert"]
    assert [lv.name for lv in LADDER] == list(LEVELS)
    for name in ("easy", "medium", "hard", "expert", "beginner"):  # saves name the old four
        assert check_spec(name) == name
        assert make_player(name, random.Random(1)).level == name
    for lv in LADDER:
        assert describe(lv.name).startswith(lv.description) and lv.measured in describe(lv.name)
    assert describe("oracle") == ""


def test_each_rung_differs_only_by_its_traits() -> None:
    assert isinstance(make_player("beginner"), CasualPlayer) and isinstance(make_player("easy"), CasualPlayer)
    assert make_player("beginner").traits == BEGINNER and make_player("easy").traits == EASY  # type: ignore[attr-defined]
    assert isinstance(make_player("hard"), ExpertPlayer)
    hard, expert = make_player("hard"), make_player("expert")
    assert isinstance(hard, HardPlayer) and isinstance(expert, ExpertPlayer)
    assert (hard.count, hard.hold, hard.samples, hard.think) == (HARD.candidates, HARD.hold, HARD.samples, HARD.think)
    assert (expert.count, expert.hold, expert.race) == (EXPERT.candidates, EXPERT.hold, EXPERT.races)


def _observations(seed: int, turns: int) -> list[Observation]:
    """Observations of the player to move, from rounds of medium players."""
    out = []
    service = GameService(build_rules(2), [Seat(f"M{i}", "ai", "medium", make_player("medium")) for i in range(2)],
                          seed=seed)
    service.start()
    while len(out) < turns:
        if service.game.phase.name != "TURN":
            service = GameService(build_rules(2), list(service.seats), seed=seed + len(out) + 1)
            service.start()
            continue
        out.append(service.observation())
        service.run_computer_turns(limit=1)
    return out


def _plans(traits: CasualTraits, obs_list: list[Observation]) -> list[list[int]]:
    player = CasualPlayer(random.Random(5), traits)
    return [player.plan_turn(obs) for obs in obs_list]


@pytest.fixture(scope="module")
def positions() -> list[Observation]:
    return _observations(seed=11, turns=300)


def test_a_casual_player_who_never_sees_pile_moves_makes_none(positions) -> None:
    with_moves = _plans(PERFECT, positions)
    assert any(c >= MOVE_BASE for plan in with_moves for c in plan)  # there were some to see
    blind = _plans(CasualTraits(0.0, 1.0, 1.0, True, 0.0), positions)
    assert not any(c >= MOVE_BASE for plan in blind for c in plan)


def test_a_casual_player_who_holds_back_never_starts_an_empty_edge(positions) -> None:
    def edge_fills(plans: list[list[int]]) -> int:
        count = 0
        for obs, plan in zip(positions, plans):
            piles = [list(p) for p in obs.piles]
            for code in plan:
                if code < MOVE_BASE and (code & 7) < 4 and not piles[code & 7]:
                    count += 1
                if code < MOVE_BASE:
                    piles[code & 7].append(code >> 3)
                else:
                    s, d = divmod(code - MOVE_BASE, 8)
                    piles[d].extend(piles[s])
                    piles[s] = []
        return count

    assert edge_fills(_plans(PERFECT, positions)) > 0
    assert edge_fills(_plans(CasualTraits(1.0, 1.0, 0.0, True, 0.0), positions)) == 0


def test_a_casual_player_who_gives_up_plays_one_move_a_turn(positions) -> None:
    assert max(len(p) for p in _plans(PERFECT, positions)) > 1
    assert max(len(p) for p in _plans(CasualTraits(1.0, 1.0, 1.0, True, 1.0), positions)) <= 1


def test_a_casual_player_who_sees_everything_leaves_nothing_playable(positions) -> None:
    """With every trait perfect it plays on until no card of its hand fits anywhere."""
    player = CasualPlayer(random.Random(2), PERFECT)
    for obs in positions[:100]:
        piles = [list(p) for p in obs.piles]
        hand = obs.hand_mask
        for code in player.plan_turn(obs):
            assert code in legal_codes(piles, hand)
            if code < MOVE_BASE:
                piles[code & 7].append(code >> 3)
                hand ^= 1 << (code >> 3)
            else:
                s, d = divmod(code - MOVE_BASE, 8)
                piles[d].extend(piles[s])
                piles[s] = []
        assert not [c for c in legal_codes(piles, hand) if c < MOVE_BASE]


def test_hard_weighs_a_fixed_handful_of_deals_and_plays_the_same_for_the_same_seed(positions) -> None:
    weighed = 0
    for obs in positions[:40]:
        a, b = HardPlayer(random.Random(9)), HardPlayer(random.Random(9))
        assert a.plan_turn(obs) == b.plan_turn(obs)
        assert a.last_samples <= HARD.samples  # type: ignore[operator]
        weighed += a.last_samples == HARD.samples
    assert weighed > 0


def test_the_racing_expert_settles_a_clear_choice_long_before_its_budget() -> None:
    """Positions with many candidate plans: the expert drops the plans clearly behind and
    answers once one is left, instead of spending its whole (here very long) budget.  Three
    deals with 9 to 18 candidates that a race settles in a few hundred samples (seeds 0 to 2,
    once used here, raced up to a thousand samples each and proved no more)."""
    for seed in (3, 4, 6):
        game = Game(build_rules(2), random.Random(seed))
        game.start(dealer=1)
        obs = game.observation(0)
        expert = ExpertPlayer(random.Random(1), think=60.0)
        expert.plan_turn(obs)
        assert expert.last_candidates >= 9 and expert.last_samples
        assert expert.last_settled


def test_without_racing_the_expert_compares_every_candidate_on_every_sample() -> None:
    game = Game(build_rules(2), random.Random(4))
    game.start(dealer=1)
    obs = game.observation(0)
    expert = ExpertPlayer(random.Random(1), think=0.2)
    expert.race = False
    expert.samples = 20
    expert.plan_turn(obs)
    if expert.last_samples:
        assert expert.last_playouts == expert.last_samples * expert.last_candidates


def test_a_short_sighted_rollout_judges_the_position_by_the_cards_each_seat_holds() -> None:
    """With a horizon a rollout stops after that many turns and values the position for the
    seat by the cards held: fewer cards than the others is better, a heavy hand worse."""
    rules = build_rules(2)
    piles: list[list[int]] = [[] for _ in range(8)]
    two, three, king = 4, 8, 48  # card ids: the 2, 3 and King of clubs (rank * 4 + suit)

    def value(mine: int, theirs: int) -> float:
        game = Game.from_position(rules, [mine, theirs], piles, [], 0)
        return position_value(game, 0, rules)

    assert value(1 << two, 1 << three | 1 << 12) > 0.5 > value(1 << two | 1 << three, 1 << 12)
    assert value(1 << two, 1 << three) > value(1 << king, 1 << three)  # a King costs 10 points
    game = Game.from_position(rules, [1 << two | 1 << three, 1 << 12], piles, [], 0)
    assert rollout_value(game, 0, rules, horizon=0) == value(1 << two | 1 << three, 1 << 12)
    assert game.phase == Phase.TURN  # nothing was played
    game = Game.from_position(rules, [1 << two | 1 << three, 1 << 12], piles, [], 0)
    assert rollout_value(game, 0, rules) is not None and game.phase != Phase.TURN  # played out


@pytest.mark.parametrize("searched", [0, 1, 2])
def test_a_rollout_plays_its_first_turns_as_the_turn_search_plans_them(searched: int) -> None:
    """With ``searched`` turns a rollout plays those first turns (the replies to the plan it is
    judging) as the turn search plans them, and greedily after that; each is the move list the
    search or the greedy policy gives for that board and hand."""
    rules = build_rules(2)

    class Counting(TurnSearch):
        calls = 0

        def best(self, board, hand, unseen=None):  # type: ignore[no-untyped-def]
            Counting.calls += 1
            return super().best(board, hand, unseen)

    differs = 0
    for seed in range(12):
        dealt = Game(rules, random.Random(seed))
        dealt.start(dealer=1)
        hands, piles, stock = list(dealt.hands), [list(p) for p in dealt.piles], list(dealt.stock)
        game = Game.from_position(rules, hands, piles, stock, dealt.current)
        Counting.calls = 0
        rollout_value(game, 0, rules, horizon=3, search=Counting(rules.scoring, node_limit=SEARCHED_NODES),
                      searched=searched)
        assert Counting.calls == searched
        # The same three turns played by hand, each by the policy the rollout should use.
        again = Game.from_position(rules, hands, piles, stock, dealt.current)
        for turn in range(3):
            hand = again.hands[again.current]
            by_search = TurnSearch(rules.scoring, node_limit=SEARCHED_NODES).best(again.piles, hand).plan
            by_greed = greedy_plan(again.piles, hand)
            differs += list(by_search) != by_greed
            again.play_plan(by_search if turn < searched else by_greed)
            again.end_turn(force_kings=True)
        assert [list(p) for p in game.piles] == [list(p) for p in again.piles]
        assert list(game.hands) == list(again.hands)
    assert differs  # the two policies do play differently on these deals


def test_the_expert_weighs_more_plans_at_a_table_of_four_than_heads_up() -> None:
    """At three or four players the expert weighs 24 plans plus 4 that keep a card back
    (``table_plans``), heads-up 16 plus 2; ``hard`` weighs its 8 at every table."""
    most = {2: 0, 4: 0}
    for players in (2, 4):
        for seed in range(12):
            game = Game(build_rules(players), random.Random(seed))
            game.start(dealer=players - 1)
            obs = game.observation(0)
            expert = ExpertPlayer(random.Random(1), think=None)
            expert.samples = 1  # one sampled deal: the count of plans is what is looked at
            expert.plan_turn(obs)
            most[players] = max(most[players], expert.last_candidates)
            hard = HardPlayer(random.Random(1))
            hard.plan_turn(obs)
            assert hard.last_candidates <= HARD.candidates
    assert EXPERT.table_plans == (24, 4)
    assert EXPERT.candidates + EXPERT.hold < most[4] <= 24 + 4
    assert most[2] <= EXPERT.candidates + EXPERT.hold


def test_halving_keeps_the_better_half_by_the_samples_the_plans_share() -> None:
    from kc_tui.games.kings_corner.ai.expert import Rollouts
    from kc_tui.games.kings_corner.ai.search import Candidate

    game = Game(build_rules(2), random.Random(4))
    game.start(dealer=1)
    rollouts = Rollouts(game.observation(0), [Candidate((), 0.0, 0)] * 5)
    # Plan 4 was dropped earlier, on its one sample; the four left share three.
    rollouts._values = [[0.0, 0.2, 0.9], [0.9, 0.1, 0.0], [0.5, 0.6, 0.6], [0.1, 0.7, 0.0], [2.0]]
    rollouts.active = [0, 1, 2, 3]
    rollouts.halve()
    assert rollouts.active == [0, 2]  # 1.1 and 1.7 kept; 1.0 and 0.8 dropped
    rollouts.halve()
    assert rollouts.active == [2] and rollouts.settled
