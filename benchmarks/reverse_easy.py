"""How the Kings Reverse players that lapse like people play (issue 28 item 13, issue 29): of
their turns where a plain card (neither a Jack nor a joker) could go, the share where they drew
(or passed) instead (none should); of their turns where only a Jack or a joker could go, the
share where they held it and drew; how often they forgot the "one card" call (KR5); the share
of rounds that end blocked (KR7); the mean turns per round.  Single rounds, each from its own
seed, as the tournament deals them; the same figures for every level at the table.

Run: python benchmarks/reverse_easy.py [--players easy,easy] [--rounds 2000] [--seed 1]
     [--preset standard]

Prints figures; asserts nothing (tests/games/kings_reverse/test_kr_easy.py and
tests/games/kings_reverse/ai/test_kr_people.py assert bounds).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from kc_tui.core.cards import Joker
from kc_tui.core.events import PlayerInfo
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.actions import ActionKind
from kc_tui.games.kings_reverse.engine.basics import Step
from kc_tui.games.kings_reverse.engine.game import ReverseGame
from kc_tui.games.kings_reverse.engine.rules import PRESETS, build_rules


@dataclass
class Tally:
    """What one level did on its play steps, and how the rounds ended."""

    could: dict[str, int] = field(default_factory=dict)
    """Play steps where a plain card (or a marriage) could go, per level."""
    drew: dict[str, int] = field(default_factory=dict)
    """Of those, the ones where it drew instead, per level."""
    wild: dict[str, int] = field(default_factory=dict)
    """Play steps where only a Jack or a joker could go, per level."""
    held: dict[str, int] = field(default_factory=dict)
    """Of those, the ones where it drew instead, per level."""
    calls: dict[str, int] = field(default_factory=dict)
    """Turns that asked for the "one card" call, per level."""
    forgot: dict[str, int] = field(default_factory=dict)
    """Of those, the ones where it did not call, per level."""
    rounds: int = 0
    blocked: int = 0
    turns: int = 0

    def line(self) -> str:
        parts = [f"rounds {self.rounds}", f"blocked {self.blocked / self.rounds:.1%}",
                 f"mean turns {self.turns / self.rounds:.1f}"]
        for level in sorted(self.could):
            could, drew = self.could[level], self.drew.get(level, 0)
            wild, held = self.wild.get(level, 0), self.held.get(level, 0)
            calls, forgot = self.calls.get(level, 0), self.forgot.get(level, 0)
            parts.append(f"{level}: drew when a plain card went {drew}/{could} = {drew / could:.1%}, "
                         f"held a Jack or joker {held}/{wild} = {held / max(wild, 1):.1%}, "
                         f"forgot the call {forgot}/{calls} = {forgot / max(calls, 1):.1%}")
        return "; ".join(parts)


def _count(counts: dict[str, int], level: str, yes: bool = True) -> None:
    counts[level] = counts.get(level, 0) + yes


def _wild(card: object) -> bool:
    return isinstance(card, Joker) or getattr(card, "id", 0) // 4 == 10


def play_rounds(levels: list[str], rounds: int, seed: int, preset: str = "standard") -> Tally:
    """``rounds`` single rounds of ``levels``, round ``i`` dealt from its own seed."""
    rules = build_rules(len(levels), preset)
    tally = Tally()
    for i in range(rounds):
        dseed = random.Random(f"kr-easy:{seed}:{i}").getrandbits(48)
        players = [make_player(level, random.Random(f"{dseed}:{s}:{level}"))
                   for s, level in enumerate(levels)]
        game = ReverseGame(rules, random.Random(dseed),
                           [PlayerInfo(f"P{s}", SeatKind.AI, level) for s, level in enumerate(levels)],
                           dseed)
        game.start()
        while game.phase == Phase.TURN:
            seat = game.current
            legal = game.legal_actions()
            action = players[seat].choose_quick(legal, game.hands[seat],
                                                len(game.hands[(seat + game.direction) % game.n]),
                                                game.n)
            level = levels[seat]
            plays = [a for a in legal if a.kind in (ActionKind.PLAY, ActionKind.MARRY)]
            drew = action.kind in (ActionKind.DRAW, ActionKind.PASS)
            if game.step is Step.CALL:
                _count(tally.calls, level)
                _count(tally.forgot, level, action.kind is ActionKind.END)
            elif game.step is Step.PLAY and plays:
                if any(a.kind is ActionKind.MARRY or not _wild(a.card) for a in plays):
                    _count(tally.could, level)
                    _count(tally.drew, level, drew)
                else:
                    _count(tally.wild, level)
                    _count(tally.held, level, drew)
            game.apply(action)
        tally.rounds += 1
        tally.blocked += game.round_winner is None
        tally.turns += game.turns
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="easy,easy")
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    args = parser.parse_args()
    levels = args.players.split(",")
    print(f"{','.join(levels)}, {args.preset}, seed {args.seed}: "
          + play_rounds(levels, args.rounds, args.seed, args.preset).line())


if __name__ == "__main__":
    main()
