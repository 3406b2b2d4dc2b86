"""The turn search finds the best end of a turn: its value is the best of every plan the engine
allows, worked out here plainly (every legal code, no folding of symmetric piles, no shortcut),
and a card played always judges above stopping before it, the fact that lets the search skip
judging a node that has a card to play.  Going out ends the round whatever the board, so the
search takes the first way out it finds: there only going out is checked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from kc_tui.games.kings_corner.ai.search import TurnSearch
from kc_tui.games.kings_corner.engine.moves import MOVE_BASE, apply_code, legal_codes

SCORINGS = st.sampled_from(["classic", "face", "alternative", "chips", "none"])


def _judge(search: TurnSearch, piles: list[list[int]], hand: int) -> float:
    search._piles = [list(p) for p in piles]
    return search._eval(hand)


def _plainly_best(search: TurnSearch, piles: list[list[int]], hand: int,
                  seen: dict[tuple, tuple[float, int]]) -> tuple[float, int]:
    """The best judgement of any end reachable by legal codes, and the fewest cards left at
    any (memoised on the exact board)."""
    key = (hand, tuple(map(tuple, piles)))
    if key not in seen:
        best, fewest = _judge(search, piles, hand), hand.bit_count()
        for code in legal_codes(piles, hand) if hand else []:
            board = [list(p) for p in piles]
            value, cards = _plainly_best(search, board, apply_code(board, hand, code), seen)
            best, fewest = max(best, value), min(fewest, cards)
        seen[key] = best, fewest
    return seen[key]


@settings(max_examples=150, deadline=None)
@given(positions(), SCORINGS)
def test_a_card_played_judges_above_stopping_before_it(pos, scoring: str) -> None:
    piles, hand = pos
    search = TurnSearch(scoring)
    search._prepare(piles, hand, None)
    here = _judge(search, piles, hand)
    for code in legal_codes(piles, hand):
        if code < MOVE_BASE:
            board = [list(p) for p in piles]
            assert _judge(search, board, apply_code(board, hand, code)) > here


@settings(max_examples=300, deadline=None)
@given(positions(), SCORINGS, st.integers(0, 4))
def test_the_search_finds_the_best_end_of_the_turn(pos, scoring: str, keep: int) -> None:
    piles, hand = pos
    while hand.bit_count() > keep:  # a few cards, so that every plan can be tried plainly
        hand &= hand - 1
    search = TurnSearch(scoring, node_limit=10**6)
    result = search.best(piles, hand)
    assert result.complete
    reference = TurnSearch(scoring)
    reference._prepare(piles, hand, None)
    best, fewest = _plainly_best(reference, piles, hand, {})
    board = [list(p) for p in piles]
    left = hand
    for code in result.plan:
        assert code in legal_codes(board, left)
        left = apply_code(board, left, code)
    assert left.bit_count() == fewest
    if fewest:  # short of going out, the board decides: its plan reaches the best end
        assert result.value == best == _judge(reference, board, left)


def _key(piles: list[list[int]], hand: int) -> tuple:
    search = TurnSearch()
    search._prepare(piles, hand, None)
    return search._key(hand)


def _canonical(piles: list[list[int]], hand: int) -> tuple:
    return hand, sorted(map(tuple, piles[:4])), sorted(map(tuple, piles[4:]))


@settings(max_examples=200, deadline=None)
@given(positions(), st.permutations(range(4)), st.permutations(range(4, 8)), st.data())
def test_the_search_folds_exactly_the_positions_alike_but_for_the_order_of_piles(
        pos, edges: list[int], corners: list[int], data: st.DataObject) -> None:
    piles, hand = pos
    shuffled = [piles[i] for i in edges] + [piles[i] for i in corners]
    assert _key(shuffled, hand) == _key(piles, hand)
    # A pile's cards moved from one place to another is another position, and another key.
    source = data.draw(st.sampled_from([i for i in range(8) if piles[i]] or [0]))
    target = data.draw(st.sampled_from([i for i in range(8) if i != source]))
    moved = [list(p) for p in piles]
    moved[target] = moved[target] + moved[source]
    moved[source] = []
    assert (_key(moved, hand) == _key(piles, hand)) == (_canonical(moved, hand) == _canonical(piles, hand))


def test_corners_with_other_tops_are_other_positions() -> None:
    king_spades, king_hearts, queen_spades = 51, 50, 47  # ids: rank index * 4 + suit (C D H S)
    hand = 1 << 0
    one = [[], [], [], [], [king_spades], [king_hearts], [], []]
    other = [[], [], [], [], [king_spades], [king_hearts, queen_spades], [], []]
    assert _key(one, hand) != _key(other, hand)
    assert _key(one, hand) == _key([[], [], [], [], [], [king_hearts], [], [king_spades]], hand)


@settings(max_examples=300, deadline=None)
@given(positions(), SCORINGS, st.integers(1, 60))
def test_a_plan_is_legal_step_by_step_however_soon_the_search_stops(pos, scoring: str, limit: int) -> None:
    """The plan is rebuilt from the moves each position's value came from; a position is met
    again with its piles in another order (the key folds them), where the same code is another
    move, or none: every step of the plan is still a legal move of the board it meets."""
    piles, hand = pos
    result = TurnSearch(scoring, node_limit=limit).best(piles, hand)
    board = [list(p) for p in piles]
    left = hand
    for code in result.plan:
        assert code in legal_codes(board, left)
        left = apply_code(board, left, code)
