"""Hypothesis strategies shared by the engine and AI tests: raw positions and games in play."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from kc_tui.core.errors import RuleError
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.rules import PRESETS, build_rules


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[int]], int]:
    """Any split of the deck into a hand and eight piles; corner piles start with a King or
    are empty (as in play), edges may be empty."""
    deck = draw(st.permutations(range(52)))
    hand_size = draw(st.integers(0, 10))
    hand = 0
    for c in deck[:hand_size]:
        hand |= 1 << c
    rest = list(deck[hand_size:])
    piles: list[list[int]] = []
    for p in range(8):
        n = draw(st.integers(0, 4))
        pile, rest = rest[:n], rest[n:]
        if p >= 4 and pile and pile[0] < 48:
            pile = []
        piles.append(pile)
    return piles, hand



@st.composite
def played_games(draw: st.DrawFn) -> Game:
    """A game of any preset and 2 to 6 players, some random legal actions into a round."""
    while True:
        try:
            rules = build_rules(draw(st.integers(2, 6)), draw(st.sampled_from(sorted(PRESETS))))
            break
        except RuleError:
            continue
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = Game(rules, rng)
    game.start()
    for _ in range(draw(st.integers(0, 60))):
        codes = game.legal_codes()
        if codes and rng.random() < 0.7:
            game.play(rng.choice(codes))
        else:
            game.end_turn(force_kings=True)
        if game.phase == Phase.ROUND_OVER:
            game.next_round()
        if game.phase != Phase.TURN:
            break
    return game
