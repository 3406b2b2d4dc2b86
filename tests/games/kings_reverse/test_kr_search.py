"""The Kings Reverse search players' reading of the table: what a heads-up opponent showed it
lacked by drawing, and worlds dealt consistently with it."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from reverse_fixtures import heads_up_choice

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.ai.players import ExpertAI, HardAI, MediumAI, _determinize, _fits, ints
from kc_tui.games.kings_reverse.engine.basics import Step
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.engine.views import ReverseView


@dataclass(frozen=True)
class HardTurn:
    """The hard seat's turn in a heads-up round against a medium opponent, as it read it."""

    view: ReverseView
    before: dict  # the seat's reads as they stood before it observed this view
    lacks: object  # its newest read of the opponent (reads.lacks)
    all_lacks: list  # every read of the opponent still holding (reads.all_lacks)
    hand: tuple  # the opponent's real hand


class _Steady(MediumAI):
    """The medium player without its one lapse that hides a card: it never holds a lone Jack
    or joker and draws, so it never draws while it may play and every read of it is true."""

    hold_wild = 0.0


@pytest.fixture(scope="module")
def hard_turns() -> list[HardTurn]:
    """Every hard-seat turn of the rounds dealt with seeds 1 to 13, played once for the two tests
    that read them (the hard player's thinking is most of their time)."""
    turns = []
    for seed in range(1, 14):
        hard = HardAI(random.Random(seed))
        seats = [ReverseSeat("hard", "ai", "hard", hard),
                 ReverseSeat("medium", "ai", "medium", _Steady(random.Random(9)))]
        service = ReverseService(build_rules(2), seats, seed=seed)
        service.start()
        while service.phase == Phase.TURN:
            if service.current == 0:
                view = service.view(0)
                before = {k: (list(v) if isinstance(v, list) else v)
                          for k, v in hard._reads.__dict__.items()}
                hard._reads.observe(view)
                lacks = hard._reads.lacks(view)
                hard._reads.__dict__.update(before)
                hard._reads.observe(view)
                all_lacks = hard._reads.all_lacks(view).get(1, [])
                hard._reads.__dict__.update(before)  # the seat observes it again itself
                turns.append(HardTurn(view, dict(before), lacks, all_lacks, tuple(service.game.hands[1])))
            service.run_computer_turns(limit=1)
    return turns


def test_a_draw_by_the_medium_opponent_is_read_as_holding_nothing_that_followed(
        hard_turns: list[HardTurn]) -> None:
    reads = 0
    for turn in hard_turns:  # 47 fresh reads on these deals
        view, lacks, made = turn.view, turn.lacks, turn.before["_after"]
        # A read made now: nothing played since this seat's action, one card more
        # in the opponent's hand, one fewer in the stock.
        fresh = (made is not None and view.step is Step.PLAY
                 and len(view.pile) == made[1] and view.hand_counts[1] == made[2] + 1
                 and view.stock_count == made[3] - 1)
        if lacks and fresh:
            suit, rank, covered = lacks[1]
            assert covered == view.hand_counts[1]
            # A fresh read covers the whole hand: the medium player (which never
            # draws while it may play) holds nothing that would have followed.
            assert not [c for c in turn.hand if _fits(c, suit, rank)]
            reads += 1
    assert reads >= 20


def test_worlds_give_an_opponent_no_card_it_showed_it_lacked() -> None:
    service = ReverseService(build_rules(2), [
        ReverseSeat("a", "ai", "medium", make_player("medium", random.Random(1))),
        ReverseSeat("b", "ai", "medium", make_player("medium", random.Random(2)))], seed=3)
    service.start()
    view = service.view(service.current)
    other = 1 - service.current
    lacks = {other: (2, 4, view.hand_counts[other])}  # no heart, no 5, no Jack, no joker
    rng = random.Random(5)
    for _ in range(50):
        world = _determinize(view, rng, lacks)
        assert len(world.hands[other]) == view.hand_counts[other]
        assert not [c for c in world.hands[other] if _fits(c, 2, 4)]
        assert sorted(world.hands[service.current]) == sorted(ints(view.hand))
        assert len(world.stock) == view.stock_count
    # Without the read, such hands are rare: the constraint is what makes them.
    plain = [_determinize(view, rng) for _ in range(50)]
    assert any(_fits(c, 2, 4) for w in plain for c in w.hands[other])


def test_the_expert_never_searches_fewer_worlds_than_hard_even_out_of_time() -> None:
    view = heads_up_choice()
    expert = ExpertAI(random.Random(1), think=0.0)
    action = expert.choose(view)
    assert action in view.legal
    assert expert.rollouts >= HardAI.worlds * 2


def _holds(hand: list[int], reads: list[tuple[int, int, int]]) -> bool:
    """Whether ``hand`` can be what ``reads`` say: the cards covered by the fewest reads lack
    what every read covering more showed too."""
    order = sorted(reads, key=lambda r: r[2])
    for i, (_, _, k) in enumerate(order):
        lacking = [c for c in hand if not any(_fits(c, s, r) for s, r, _ in order[i:])]
        if len(lacking) < min(k, len(hand)):
            return False
    return True


def test_every_read_of_the_round_holds_for_the_real_hand(hard_turns: list[HardTurn]) -> None:
    several = 0
    for turn in hard_turns:  # 92 of the turns read two or more lacks
        # The medium player never draws while it may play: every read is true.
        assert _holds(list(turn.hand), turn.all_lacks)
        several += len(turn.all_lacks) >= 2
    assert several >= 40


def test_worlds_honour_every_read_at_once() -> None:
    service = ReverseService(build_rules(2), [
        ReverseSeat("a", "ai", "medium", make_player("medium", random.Random(1))),
        ReverseSeat("b", "ai", "medium", make_player("medium", random.Random(2)))], seed=3)
    service.start()
    view = service.view(service.current)
    other = 1 - service.current
    n = view.hand_counts[other]
    # An older read (no heart, no 5) still covering 3 cards; the newest (no club, no 9) all.
    reads = [(2, 4, 3), (0, 8, n)]
    rng = random.Random(5)
    for _ in range(50):
        world = _determinize(view, rng, {other: reads})
        hand = world.hands[other]
        assert len(hand) == n and _holds(hand, reads)
        assert not [c for c in hand if _fits(c, 0, 8)]
        assert len([c for c in hand if not _fits(c, 2, 4)]) >= 3
        assert len(world.stock) == view.stock_count


def test_the_race_drops_actions_surely_behind_or_surely_level() -> None:
    from kc_tui.games.kings_reverse.ai.players import _behind

    assert _behind([-0.3, -0.2, -0.4, -0.3, -0.25, -0.35, -0.3, -0.2], 2.0)
    assert _behind([0.0] * 8, 2.0)  # the same position whichever is played
    assert not _behind([0.5, -0.5, 0.4, -0.3, 0.6, -0.2, 0.1, -0.4], 2.0)
    assert not _behind([0.2, 0.3, 0.25, 0.2, 0.3, 0.2, 0.25, 0.3], 2.0)  # surely better: kept


def test_the_expert_stops_thinking_once_the_race_is_settled() -> None:
    view = heads_up_choice()
    expert = ExpertAI(random.Random(1), think=3600.0)
    # Without the race an hour's budget would deal its 2000 worlds to every candidate.
    action = expert.choose(view)
    assert action in view.legal
    assert expert.rollouts < 2000 * ExpertAI.width
