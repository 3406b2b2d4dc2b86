"""The turn search plays by the engine's one move generator (R4): in every position its moves
are legal codes of :func:`legal_codes`, they reach every position a legal move reaches (up to
the interchange of empty edges and of empty corners, which the search folds together), and
its apply/undo on the working board is the engine's :func:`apply_code` and undoes exactly."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import played_games, positions

from kc_tui.games.kings_corner.ai.search import TurnSearch
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import apply_code, legal_codes


def _canonical(piles: list[list[int]], hand: int) -> tuple:
    """A position with its empty edges, and its empty corners, made interchangeable: the edge
    piles sorted, the corner piles sorted."""
    return hand, tuple(sorted(map(tuple, piles[:4]))), tuple(sorted(map(tuple, piles[4:])))


def _check(piles: list[list[int]], hand: int) -> None:
    search = TurnSearch()
    search._prepare(piles, hand, None)
    moves = search._moves(hand)
    legal = legal_codes(piles, hand)
    assert len(moves) == len(set(moves))
    assert set(moves) <= set(legal)

    def after(code: int) -> tuple:
        board = [list(p) for p in piles]
        return _canonical(board, apply_code(board, hand, code))

    assert {after(code) for code in moves} == {after(code) for code in legal}
    for code in moves:
        board = [list(p) for p in piles]
        new_hand, token = search._apply(hand, code)
        assert (search._piles, new_hand) == (board, apply_code(board, hand, code))
        search._undo(code, token)
        assert search._piles == piles


@settings(max_examples=200, deadline=None)
@given(positions())
def test_search_moves_are_the_engines_in_any_position(pos) -> None:
    piles, hand = pos
    _check(piles, hand)


@settings(max_examples=100, deadline=None)
@given(played_games())
def test_search_moves_are_the_engines_in_positions_of_random_play(game: Game) -> None:
    if game.phase == Phase.TURN:
        _check(game.piles, game.hands[game.current])
