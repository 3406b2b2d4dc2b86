"""``kings-corner demo``: one round between computer players, narrated sentence by sentence."""

from __future__ import annotations

import argparse
import random
from typing import Any

from ..games.kings_corner.ai.arguments import SEAT_HELP, add_rule_options, rules_from, seat_list, seed_number
from ..games.kings_corner.ai.seats import make_seats
from ..games.kings_corner.engine.describe import Narrator
from ..games.kings_corner.engine.service import GameService

__all__ = ["add_parser"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``demo`` to the command line's commands."""
    demo = sub.add_parser("demo", help="watch one round between computer players, in sentences")
    demo.add_argument(
        "--players", type=seat_list, default=["medium"] * 4, metavar="SEATS", help=SEAT_HELP
    )
    demo.add_argument("--seed", type=seed_number, default=None)
    add_rule_options(demo)
    demo.set_defaults(func=_demo, parser=demo)


def _demo(args: argparse.Namespace) -> int:
    rules = rules_from(args, len(args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    seats = make_seats(args.players, random.Random(seed))
    narrator = Narrator()

    def say(event: Any) -> None:
        text = narrator.sentence(event)
        if text:
            print(text)

    service = GameService(rules, seats, seed=seed, listeners=[say])
    try:
        service.play_session(max_rounds=1)
    finally:
        service.close()
    for fault in service.take_faults():
        print(f"! {fault}")
    print(f"(seed {seed}: run `kings-corner demo --seed {seed}` to watch this round again)")
    return 0
