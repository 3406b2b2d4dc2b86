"""What the expert would have to know to keep more of the oracle's edge over medium (issue 15),
or over another level (``--against hard``: how far knowing the hands could take it, issue 29).

The oracle sees every card; the expert sees what its seat sees.  This benchmark plays, on the
same duplicate deals against ``medium``, the oracle, the shipped expert, and diagnostic experts
that are told the opponent's true hand in a share of their sampled deals (the rest read as the
shipped expert reads them; the stock is shuffled in every sample), and prints each one's win
rate and share of the oracle's edge.  The told experts are measuring instruments, never offered
as a level: they are built here, not in ``kc_tui``.

    python benchmarks/oracle_gap.py [--deals 150] [--seed 51] [--told 0 0.1 0.2 0.3 1]
        [--think 1.0] [--jobs 2] [--clock cpu|wall] [--against medium]

Each told share also prints the share of sampled deals that put a card the opponent truly holds
in its hand as expected from the mixture, ``told + (1 - told) * 0.36`` (the shipped reading's
0.36 against medium; the exact posterior, the best the turns allow, reads 0.41: docs/strength.md,
its section on reading the whole round), so a reading can be compared with it.  Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import seat_player  # noqa: E402  (the strength table's seats, from this folder)

from kc_tui.games.kings_corner.ai.base import Player
from kc_tui.games.kings_corner.ai.expert import ExpertPlayer
from kc_tui.games.kings_corner.ai.tournament import TournamentResult, run_tournament
from kc_tui.games.kings_corner.engine.game import Game
from kc_tui.games.kings_corner.engine.observation import Observation
from kc_tui.games.kings_corner.engine.rules import build_rules

SHIPPED_READING = 0.36
"""How well the shipped expert reads medium's hand (0.358 over 868 hands: docs/strength.md,
its section on reading the whole round)."""


class ToldExpert(ExpertPlayer):
    """The shipped expert, dealt the opponents' true hands in a share ``told`` of its samples."""

    sees_all = True

    def __init__(self, rng: random.Random, told: float, think: float) -> None:
        super().__init__(rng, think=think)
        self.told = told
        self.referee: Game | None = None

    def see_all(self, referee: Game) -> None:
        self.referee = referee

    def _sample(self, obs: Observation, unseen: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
        if self.referee is not None and rng.random() < self.told:
            stock = list(self.referee.stock)
            rng.shuffle(stock)
            return list(self.referee.hands), stock
        return super()._sample(obs, unseen, rng)


def _player(spec: str, seat: int, rng: random.Random, think: float, clock: str) -> Player:
    """A told expert for ``told<share>``, else the seat the strength table would play."""
    if not spec.startswith("told"):
        return seat_player(spec, seat, rng, think, clock)
    player = ToldExpert(rng, float(spec[4:]), think)
    if clock == "wall":
        player.clock = time.perf_counter
    return player


def _rate(players: list[str], args: argparse.Namespace) -> tuple[float, float, float, float]:
    started = time.time()
    result: TournamentResult = run_tournament(
        players, build_rules(2), args.deals * 2, seed=args.seed, duplicate=True, jobs=args.jobs,
        factory=functools.partial(_player, think=args.think, clock=args.clock))
    entrant = next(e for e in result.entrants if e.player == players[0])
    return entrant.win_rate, entrant.ci95[0], entrant.ci95[1], time.time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--told", type=float, nargs="*", default=[0.0, 0.1, 0.2, 0.3, 1.0],
                        help="shares of the samples dealt the true hands (0 is the shipped expert)")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="the experts' budget on their processor time (default) or the wall clock")
    parser.add_argument("--against", default="medium", help="the level played against (default medium)")
    args = parser.parse_args()
    oracle, *_ = _rate(["oracle", args.against], args)
    print(f"{args.deals} duplicate deals of seed {args.seed} against {args.against}; "
          f"the oracle wins {oracle:.1%}")
    print("| the expert | win rate | 95% interval | share of the oracle's edge | reading | seconds |")
    print("|---|---|---|---|---|---|")
    for told in args.told:
        spec = "expert" if told == 0 else f"told{told:g}"
        rate, low, high, seconds = _rate([spec, args.against], args)
        share = (rate - 0.5) / (oracle - 0.5) if oracle > 0.5 else float("nan")
        reading = told + (1 - told) * SHIPPED_READING
        name = "as shipped" if told == 0 else f"told the true hand in {told:.0%} of its samples"
        print(f"| {name} | {rate:.1%} | {low:.1%}-{high:.1%} | {share:.0%} | {reading:.2f} | {seconds:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
