"""The Kings Reverse players below the search levels lose like people (issue 29): they never draw
while a plain card goes, but they play a careless card, forget the "one card" call (KR5) and hold
a Jack or a joker when it is all that goes, the weaker the more often."""

from __future__ import annotations

import random

from kc_tui.core.events import PlayerInfo
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.ai.players import _wild
from kc_tui.games.kings_reverse.ai.policy import greedy
from kc_tui.games.kings_reverse.engine.actions import ActionKind
from kc_tui.games.kings_reverse.engine.basics import Step
from kc_tui.games.kings_reverse.engine.game import ReverseGame
from kc_tui.games.kings_reverse.engine.rules import build_rules

LEVELS = ["beginner", "easy", "medium"]


def _lapses(rounds: int = 150) -> dict[str, dict[str, int]]:
    """What each level did in ``rounds`` three-handed rounds (one seat each)."""
    tally = {level: dict.fromkeys(("plain", "drew", "wild", "held", "calls", "forgot", "plays",
                                   "careless"), 0) for level in LEVELS}
    rules = build_rules(3)
    for seed in range(rounds):
        players = [make_player(level, random.Random(seed * 3 + s)) for s, level in enumerate(LEVELS)]
        game = ReverseGame(rules, random.Random(seed),
                           [PlayerInfo(f"P{s}", SeatKind.AI, level) for s, level in enumerate(LEVELS)],
                           seed)
        game.start()
        while game.phase == Phase.TURN:
            seat, legal = game.current, game.legal_actions()
            hand, nxt = game.hands[seat], len(game.hands[(seat + game.direction) % game.n])
            action = players[seat].choose_quick(legal, hand, nxt, game.n)
            t = tally[LEVELS[seat]]
            plays = [a for a in legal if a.kind in (ActionKind.PLAY, ActionKind.MARRY)]
            drew = action.kind is ActionKind.DRAW
            if game.step is Step.CALL:
                t["calls"] += 1
                t["forgot"] += action.kind is ActionKind.END
            elif game.step is Step.PLAY and plays:
                wild = all(a.kind is ActionKind.PLAY and _wild(a.card) for a in plays)
                t["wild" if wild else "plain"] += 1
                t["held" if wild else "drew"] += drew
                if not wild and len(plays) > 1:
                    t["plays"] += 1
                    t["careless"] += action != greedy(legal, hand, nxt, game.n)
            game.apply(action)
    return tally


def test_people_never_draw_while_a_plain_card_goes_and_lapse_less_as_they_grow() -> None:
    tally = _lapses()
    for level in LEVELS:
        assert tally[level]["plain"] > 100 and tally[level]["drew"] == 0
    beginner, easy, medium = (tally[level] for level in LEVELS)
    for lapse, out_of in (("careless", "plays"), ("forgot", "calls"), ("held", "wild")):
        rates = [t[lapse] / max(t[out_of], 1) for t in (beginner, easy, medium)]
        assert rates[0] > rates[1] > rates[2] > 0, lapse
