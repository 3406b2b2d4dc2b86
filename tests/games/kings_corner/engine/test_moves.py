"""R4: the one move generator and the refusal rule book agree on every code, and the typed
values round-trip through their codes."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import positions

from kc_tui.core.cards import CARDS
from kc_tui.games.kings_corner.engine.board import FITS, Pile
from kc_tui.games.kings_corner.engine.moves import (
    MOVE_BASE,
    MovePile,
    PlayCard,
    apply_code,
    legal_codes,
    move_code,
    move_of_code,
    refusal,
)

ALL_CODES = range(MOVE_BASE + 64)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_generator_and_refusal_agree_on_every_code(pos: tuple[list[list[int]], int]) -> None:
    piles, hand = pos
    legal = legal_codes(piles, hand)
    assert len(legal) == len(set(legal))
    legal_set = set(legal)
    for code in ALL_CODES:
        reason = refusal(piles, hand, code)
        assert (reason is None) == (code in legal_set), (code, move_of_code(code), reason)
        if reason is not None:
            assert reason.endswith(".") and not reason[0].islower()


@settings(max_examples=100, deadline=None)
@given(positions())
def test_applying_a_legal_move_keeps_every_card(pos: tuple[list[list[int]], int]) -> None:
    piles, hand = pos
    before = sorted(sum(piles, []) + [c for c in range(52) if hand >> c & 1])
    for code in legal_codes(piles, hand):
        work = [list(p) for p in piles]
        new_hand = apply_code(work, hand, code)
        after = sorted(sum(work, []) + [c for c in range(52) if new_hand >> c & 1])
        assert after == before


def test_codes_round_trip_through_typed_moves() -> None:
    for code in ALL_CODES:
        move = move_of_code(code)
        assert move_code(move) == code
    assert move_of_code(CARDS[0].id * 8 + Pile.N.value) == PlayCard(CARDS[0], Pile.N)
    assert move_of_code(MOVE_BASE + Pile.E.value * 8 + Pile.W.value) == MovePile(Pile.E, Pile.W)


def test_fit_table_is_one_rank_lower_and_the_other_colour() -> None:
    for top in CARDS:
        for card in CARDS:
            fits = bool(FITS[top.id] >> card.id & 1)
            assert fits == (card.rank == top.rank - 1 and card.is_red != top.is_red)


def test_json_form_of_moves() -> None:
    assert PlayCard(CARDS[0], Pile.NE).as_json() == {"op": "play", "card": "AC", "pile": "NE"}
    assert MovePile(Pile.E, Pile.N).as_json() == {"op": "move", "from": "E", "to": "N"}
