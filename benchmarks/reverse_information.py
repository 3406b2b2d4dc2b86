"""What the Kings Reverse expert's search gains from knowing the hidden cards (issue 29).

The expert deals the cards it cannot see into worlds and plays each candidate on in every one of
them.  At a table of four it takes no more than a fair share against three ``hard`` players
(docs/strength.md): this benchmark measures, on the same duplicate deals, the same search fed
worlds that know more, to tell a search that cannot use what it knows from one that knows too
little.  Each row is an expert with a fixed number of worlds per decision (no clock: the same
figures on any machine):

- ``shipped``: the expert as it plays (at a table of three or more it reads nothing of the
  opponents: its reads are heads-up only);
- ``reads``: its worlds honour what every opponent showed it lacked when it drew on its turn
  (no card of the suit to follow, of the top card's rank, no Jack, no joker), read from the
  events as its seat sees them;
- ``plays``: those reads, and each opponent's last play from its hand as the greedy player
  would have chosen it (a world is dealt again until it is, up to 16 times);
- ``hands``: its worlds deal every opponent its true hand, the stock shuffled;
- ``cards``: its worlds are the true deal, the stock in its order too.

The last two see what no player may: they are measuring instruments built here, never offered as
a level.

    python benchmarks/reverse_information.py [--players 4] [--deals 100] [--seed 22] [--worlds 24]
        [--against hard] [--rows shipped reads plays hands cards] [--jobs 2]

Prints a row per expert: its win rate with the 95% interval over deals, and the seconds it took.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kc_tui.core.cards import Joker  # noqa: E402
from kc_tui.games.kings_reverse.ai import make_player  # noqa: E402
from kc_tui.games.kings_reverse.ai.base import ReverseAI  # noqa: E402
from kc_tui.games.kings_reverse.ai.players import ExpertAI, ints  # noqa: E402
from kc_tui.games.kings_reverse.ai.policy import greedy  # noqa: E402
from kc_tui.games.kings_reverse.ai.tournament import run_tournament  # noqa: E402
from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind  # noqa: E402
from kc_tui.games.kings_reverse.engine.basics import JK, Step  # noqa: E402
from kc_tui.games.kings_reverse.engine.events import (  # noqa: E402
    Challenged,
    Drew,
    Gave,
    Played,
    Reversed,
    ReverseEvent,
    RoundView,
    SuitNamed,
)
from kc_tui.games.kings_reverse.engine.game import ReverseGame  # noqa: E402
from kc_tui.games.kings_reverse.engine.rules import build_rules  # noqa: E402
from kc_tui.games.kings_reverse.engine.views import ReverseView  # noqa: E402

Lacks = Mapping[int, "tuple[int, int, int] | list[tuple[int, int, int]]"]


class _Fixed(ExpertAI):
    """The shipped expert, dealing ``worlds`` worlds per decision whatever the clock says."""

    def __init__(self, rng: random.Random, worlds: int) -> None:
        super().__init__(rng)
        self.most = worlds

    def _worlds(self) -> tuple[int, float]:
        return self.most, 1e9


class _DrawReads:
    """Every opponent's reads, from the events its seat sees: a player who drew on its turn held
    then no card that followed the top (:func:`kc_tui.games.kings_reverse.ai.players._fits`); a
    read covers the cards it held then, less each card it has shed since.  It answers the
    expert's questions as the shipped heads-up reads do (``observe``, ``acted``, ``all_lacks``)."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.top = 0
        self.follow = 0
        self.reads: dict[int, list[tuple[int, int, int]]] = {}

    def hear(self, event: ReverseEvent) -> None:
        if isinstance(event, RoundView):
            self.counts = list(event.hand_counts)
            self.reads.clear()
            self._topped(ints(event.pile)[-1])
        elif isinstance(event, Played):
            self._shed(event.player, len(event.cards))
            self._topped(ints(event.cards)[-1])
        elif isinstance(event, SuitNamed):
            self.follow = event.suit.index
        elif isinstance(event, Drew):
            if event.reason == "turn":
                rank = -1 if self.top == JK else self.top // 4
                self.reads.setdefault(event.player, []).append((self.follow, rank, self.counts[event.player]))
            self.counts[event.player] += event.count
        elif isinstance(event, Gave):
            self._shed(event.player, 1)
            self.counts[event.to] += 1
        elif isinstance(event, Challenged):
            self.reads.clear()  # a joker taken back: the hands are not what the reads covered

    def _topped(self, card: int) -> None:
        self.top = card
        if card != JK:
            self.follow = card % 4

    def _shed(self, seat: int, cards: int) -> None:
        if self.counts:
            self.counts[seat] -= cards
        self.reads[seat] = [(suit, rank, k - cards) for suit, rank, k in self.reads.get(seat, [])
                            if k - cards > 0]

    # The shipped reads' questions.
    def observe(self, view: ReverseView) -> None:
        return None

    def acted(self, view: ReverseView, action: Action) -> Action:
        return action

    def lacks(self, view: ReverseView) -> dict[int, tuple[int, int, int]]:
        return {}

    def all_lacks(self, view: ReverseView) -> dict[int, list[tuple[int, int, int]]]:
        return {seat: list(reads) for seat, reads in self.reads.items() if seat != view.seat and reads}


class _Reading(_Fixed):
    follows_events = True
    nested = True

    def __init__(self, rng: random.Random, worlds: int) -> None:
        super().__init__(rng, worlds)
        self.draws = _DrawReads()
        self._reads = self.draws  # type: ignore[assignment]

    def observe(self, event: ReverseEvent) -> None:
        self.draws.hear(event)


@dataclass
class _Choice:
    """An opponent's last play chosen from its hand: where it stood then."""

    cards: list[int]
    top: int
    follow: int
    next_count: int


class _PlaysReading(_Reading):
    """The draws' reads, and each opponent's last play from its hand as the greedy player would
    have chosen it: a world is dealt again (up to :data:`TRIES` times) until, with the cards it
    played back in the hand the world gives it, the greedy choice is what it played."""

    TRIES = 16

    def __init__(self, rng: random.Random, worlds: int) -> None:
        super().__init__(rng, worlds)
        self.choices: dict[int, _Choice | None] = {}
        self.clockwise = True
        self.drew_last: int | None = None

    def observe(self, event: ReverseEvent) -> None:
        draws = self.draws
        if isinstance(event, RoundView):
            self.choices.clear()
            self.clockwise = True
        elif isinstance(event, Reversed):
            self.clockwise = event.clockwise
        elif isinstance(event, Played) and draws.counts:
            n = len(draws.counts)
            nxt = (event.player + (1 if self.clockwise else -1)) % n
            forced = self.drew_last == event.player  # the card it drew, which had to go down
            self.choices[event.player] = None if forced else _Choice(
                ints(event.cards), draws.top, draws.follow, draws.counts[nxt])
        elif isinstance(event, (Drew, Gave)):
            self.choices[event.player] = None  # its hand is no longer the one it chose from
            if isinstance(event, Gave):
                self.choices[event.to] = None
        self.drew_last = event.player if isinstance(event, Drew) and event.reason == "turn" else None
        super().observe(event)

    def _world(self, view: ReverseView, lacks: Lacks) -> ReverseGame:
        world = super()._world(view, lacks)
        for _ in range(self.TRIES - 1):
            if all(self._chosen(world, seat, choice) for seat, choice in self.choices.items()
                   if choice is not None and seat != view.seat):
                break
            world = super()._world(view, lacks)
        return world

    @staticmethod
    def _chosen(world: ReverseGame, seat: int, choice: _Choice) -> bool:
        then = world.clone()
        then.hands[seat] = then.hands[seat] + choice.cards
        then.pile = then.pile + [choice.top]
        then.follow, then.current, then.step, then.fresh = choice.follow, seat, Step.PLAY, []
        legal = then.legal_actions()
        picked = greedy(legal, then.hands[seat], choice.next_count, world.n)
        if picked.kind is ActionKind.MARRY:
            return len(choice.cards) == 2 and choice.cards[-1] % 4 == picked.suit.index  # type: ignore[union-attr]
        card = picked.card
        if card is None or len(choice.cards) != 1:
            return False
        return (JK if isinstance(card, Joker) else card.id) == choice.cards[0]


class _Told(_Fixed):
    """Worlds from the referee: the true hands, and (``stock``) the stock in its order."""

    sees_all = True

    def __init__(self, rng: random.Random, worlds: int, stock: bool) -> None:
        super().__init__(rng, worlds)
        self.stock = stock
        self.referee: ReverseGame | None = None

    def see_all(self, referee: ReverseGame) -> None:
        self.referee = referee

    def _world(self, view: ReverseView, lacks: Lacks) -> ReverseGame:
        assert self.referee is not None
        world = self.referee.clone()
        if not self.stock:
            self.rng.shuffle(world.stock)
        return world


def _player(spec: str, rng: random.Random, think: float | None, worlds: int) -> ReverseAI:
    if spec == "shipped":
        return _Fixed(rng, worlds)
    if spec == "reads":
        return _Reading(rng, worlds)
    if spec == "plays":
        return _PlaysReading(rng, worlds)
    if spec in ("hands", "cards"):
        return _Told(rng, worlds, stock=spec == "cards")
    return make_player(spec, rng, think)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--worlds", type=int, default=24, help="worlds per decision (default 24)")
    parser.add_argument("--against", default="hard", help="the level at every other seat")
    parser.add_argument("--rows", nargs="*", default=["shipped", "reads", "plays", "hands", "cards"],
                        choices=["shipped", "reads", "plays", "hands", "cards"])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rules = build_rules(args.players)
    fair = 1 / args.players
    print(f"{args.deals} duplicate deals of seed {args.seed}, {args.players} players: one expert of "
          f"{args.worlds} worlds a decision against {args.players - 1} {args.against} "
          f"(a fair share: {fair:.0%})")
    print("| the expert's worlds | win rate | 95% interval | seconds |")
    print("|---|---|---|---|")
    for row in args.rows:
        started = time.time()
        result = run_tournament([row] + [args.against] * (args.players - 1), rules, args.deals * args.players,
                                seed=args.seed, duplicate=True, jobs=args.jobs,
                                factory=functools.partial(_player, worlds=args.worlds))
        entrant = next(e for e in result.entrants if e.player == row)
        print(f"| {row} | {entrant.win_rate:.1%} | {entrant.ci95[0]:.1%}-{entrant.ci95[1]:.1%} | "
              f"{time.time() - started:.0f} |", flush=True)


if __name__ == "__main__":
    main()
