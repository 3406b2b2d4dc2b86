"""The Kings Reverse ``easy`` player plays like a weak person (issue 28 item 13, issue 29): when a
plain card goes it plays one (often any of them), and it draws instead only now and then when
all that goes is a Jack or a joker, so two of them finish their rounds rather than draw the stock
dry and block (KR7)."""

from __future__ import annotations

import random

from kc_tui.core.events import PlayerInfo
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.ai.players import _wild
from kc_tui.games.kings_reverse.engine.actions import ActionKind
from kc_tui.games.kings_reverse.engine.basics import Step
from kc_tui.games.kings_reverse.engine.game import ReverseGame
from kc_tui.games.kings_reverse.engine.rules import build_rules

ROUNDS = 40


def test_two_easy_players_play_when_they_can_and_rarely_block_a_round() -> None:
    rules = build_rules(2)
    could = drew = wild = held = blocked = turns = 0
    for seed in range(ROUNDS):
        players = [make_player("easy", random.Random(seed * 2 + s)) for s in range(2)]
        game = ReverseGame(rules, random.Random(seed),
                           [PlayerInfo(f"P{s}", SeatKind.AI, "easy") for s in range(2)], seed)
        game.start()
        while game.phase == Phase.TURN:
            seat = game.current
            legal = game.legal_actions()
            action = players[seat].choose_quick(legal, game.hands[seat],
                                                len(game.hands[1 - seat]), 2)
            plays = [a for a in legal if a.kind in (ActionKind.PLAY, ActionKind.MARRY)]
            if game.step is Step.PLAY and plays:
                if all(a.kind is ActionKind.PLAY and _wild(a.card) for a in plays):
                    wild += 1
                    held += action.kind is ActionKind.DRAW
                else:
                    could += 1
                    drew += action.kind is ActionKind.DRAW
            game.apply(action)
        blocked += game.round_winner is None
        turns += game.turns
    # Random legal actions (the easy player of issue 28) drew in 31% of the turns where a card
    # went and blocked 20 of these rounds, 122 turns each.
    assert could > 500 and drew == 0
    assert 0 < held < wild
    assert blocked <= ROUNDS // 8
    assert turns / ROUNDS < 90
