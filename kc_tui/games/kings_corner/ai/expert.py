"""``expert``: looks beyond its own turn by determinization and rollouts.

The turn search gives a handful of candidate plans ending in distinct positions.  The expert
then samples the cards it cannot see into the opponents' hands and the stock (consistent with
their counts, and with card reading, with what each opponent showed it lacks: a card that
fitted when it ended its turn), plays on from each candidate, the next seat's reply planned
by the turn search as a thinking player would plan it and every later turn by the fast greedy
policy, and keeps the candidate with the best average outcome.  A rollout plays two laps
of the table and judges the position by the cards each seat holds (:func:`position_value`), or
with no horizon plays the round out and counts its win share, the penalty it would pay under
the scoring in force, and whether the session would end in its favour.  Every candidate is
scored on the same samples (common random numbers), so differences are real.  This is
determinization (Perfect Information Monte Carlo) over one turn with an opponent model, the
family that information-set MCTS (Cowling, Powley and Whitehouse 2012) refines; here the
opponent's reply is modelled by the turn search (one ply of its own, on the sampled hand) and the
turns after it by the greedy policy, rather than by a tree over information sets.

It is anytime: it stops when its think budget (default 1 s of its own processor time, never
more than three times that on the wall clock) is spent or it is cancelled, and answers with the
best candidate so far (the turn search's own choice before any rollout).  The budget is a hard
guard (:class:`~kc_tui.core.budget.Budget`): the clock is read inside the search and the
rollouts, with a margin that grows with the longest stall seen.  It spends its time
where the decision is close: candidates are raced (:class:`Rollouts`), so plans that fall
clearly behind stop costing playouts and a clear choice is answered early; a budget too small
for the race (its first look needs 24 samples of every plan) is spent by sequential halving
instead, so the last plans compared are told apart on many samples rather than every plan on
a few.

A level of this family is a :class:`ThinkingTraits`: planning (how many plans), risk (plans
that keep a card back), looking ahead (samples or a budget), short sight (the rollouts'
horizon), foresight (replies planned by the search), card reading (inference from the table)
and racing, each switchable; ``hard`` is the same player with a short, fixed leash.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from typing import Callable, ClassVar, Sequence

from ....core.budget import Budget
from ....core.events import SessionStart, TurnEnd, TurnStart
from ..engine.board import ALL_MASK, FITS, KING_MASK
from ..engine.events import Draw, Event, MoveEvent, Play, RoundView, Undo
from ..engine.game import Game, Phase
from ..engine.observation import Observation
from ..engine.rules import RuleSet
from ..engine.scoring import LOW_WINS, hand_penalty
from .base import Player
from .medium import greedy_plan
from .search import Candidate, TurnSearch

__all__ = ["ExpertPlayer", "ThinkingTraits", "EXPERT", "rollout_value", "Rollouts"]

DEFAULT_THINK = 1.0
CANDIDATES = 16
"""Plans compared by rollouts: measured 35.5% -> 38.2% of four-player rounds against three
medium players going from 6 to 16 (plus 2 that hold a card back), heads-up unchanged."""
HOLD = 2
RACE_MIN = 24
"""Samples before a candidate may be dropped from the race: as many as ``hard`` weighs every
plan on, so the expert never settles on less evidence than ``hard`` (at 12, and a 0.1 s budget,
it answered in 9 ms of processor time at the median and won 53.8% of 100 deals against hard)."""
RACE_EVERY = 4
"""Samples between two looks at the race."""
RACE_Z = 2.5
"""How many standard errors behind the leader a candidate is dropped."""
RACE_EPSILON = 0.01
"""A difference too small to matter (a hundredth of a round won): a candidate known to be
this close to the leader is dropped too, so plans that play out alike do not race forever."""
SEARCHED_NODES = 300
"""The turn search's node limit in a rollout's searched turns."""
_NEVER_DEALS = random.Random(0)
"""The RNG of every rollout's game: a rollout ends with its round, so it never deals."""


def rollout_value(game: Game, seat: int, rules: RuleSet, budget: Budget | None = None,
                  horizon: int | None = None, search: TurnSearch | None = None,
                  searched: int = 0) -> float | None:
    """Play the round on with the greedy policy for every seat; the outcome for ``seat``, or
    None if ``budget`` was spent first.  With ``horizon``, stop after that many turns and judge
    the position by the cards each seat holds (:func:`position_value`).  With ``search``, the
    first ``searched`` turns are planned by it instead (as the thinking levels play them)."""
    turns = 0
    while game.phase == Phase.TURN:
        if horizon is not None and turns >= horizon:
            return position_value(game, seat, rules)
        if budget is not None and budget.spent():
            return None
        hand = game.hands[game.current]
        if turns < searched and search is not None:
            game.play_plan(search.best(game.piles, hand).plan)
        else:
            game.play_plan(greedy_plan(game.piles, hand))
        if game.phase == Phase.TURN:
            game.end_turn(force_kings=True)
        turns += 1
    return outcome(game, seat, rules)


CARD_ODDS = 0.6
"""How much one card fewer in hand raises a seat's chances in :func:`position_value` (each
seat's chance of going out first is taken as proportional to ``exp(-CARD_ODDS * cards)``).
Not the odds of real rounds: fitted on rounds of hard players (``benchmarks/position_odds.py``)
a card is worth 0.08 to 0.12 heads-up and 0.13 at four, the seat to move is ahead, and the cards held
barely tell who goes out first.  Judging by the fitted odds made the expert no stronger (58.8%
against 61.1% against hard heads-up, 28.7% against 29.8% against three hard, same deals; commit da03b92,
docs/strength.md's section on the odds a position is judged by), so the shipped value stays."""


def position_value(game: Game, seat: int, rules: RuleSet) -> float:
    """An unfinished round judged for ``seat``: its chance of going out first, taken from the
    cards every seat holds, less the points its hand would cost if it did not."""
    hands = game.hands
    weights = [math.exp(-CARD_ODDS * h.bit_count()) for h in hands]
    chance = weights[seat] / sum(weights)
    if rules.scoring in ("chips", "none"):
        return chance
    return chance - 0.02 * (1.0 - chance) * hand_penalty(rules.scoring, hands[seat])


def outcome(game: Game, seat: int, rules: RuleSet) -> float:
    """How good a finished round is for ``seat``: win share, less the points it costs, plus
    the session result if the round ends the session."""
    winners = game.round_winners
    value = 1.0 / len(winners) if seat in winners else 0.0
    if rules.scoring == "chips":
        value += 0.02 * game.round_scores[seat]
    elif rules.scoring != "none":
        value -= 0.02 * game.round_scores[seat]
    if game.phase == Phase.SESSION_OVER and rules.scoring != "none":
        totals = game.totals
        best = min(totals) if LOW_WINS[rules.scoring] else max(totals)
        value += 0.5 if totals[seat] == best else -0.5
    return value


class Rollouts:
    """Scores candidate plans by playing sampled rounds on (shared by expert and oracle).

    With ``race``, a candidate whose average falls clearly behind the leader's on the same
    samples (by more than :data:`RACE_Z` standard errors of the paired difference, after
    :data:`RACE_MIN` samples), or is surely within :data:`RACE_EPSILON` of it, is dropped, so
    later samples go to the plans still in contention, and the decision is over once one plan
    is left (racing, as in Maron and Moore's Hoeffding races, with an indifference zone).
    """

    def __init__(self, obs: Observation, candidates: Sequence[Candidate], race: bool = False,
                 horizon: int | None = None, searched: int = 0) -> None:
        self.obs = obs
        self.searched = searched
        """Turns at the start of each rollout planned by the turn search rather than greedily."""
        self._search = TurnSearch(obs.rules.scoring, node_limit=SEARCHED_NODES) if searched else None
        self.horizon = None if horizon is None else horizon * len(obs.hand_counts)
        """Turns each rollout plays before the position is judged (None: to the round's end);
        ``horizon`` counts turns of every seat (laps of the table)."""
        self.candidates = list(candidates)
        self.totals = [0.0] * len(candidates)
        self.samples = 0
        self.playouts = 0
        """Rounds played on (a sample costs one per candidate still in the race)."""
        self.race = race
        self.active = list(range(len(candidates)))
        """Candidates still compared (all of them without racing)."""
        self._values: list[list[float]] = [[] for _ in candidates]

    @property
    def settled(self) -> bool:
        """Whether one candidate is left: more samples would not change the choice."""
        return len(self.active) == 1

    def run(self, hands: Sequence[int], stock: Sequence[int], budget: Budget | None = None) -> bool:
        """One sample: the same hidden cards for every candidate.  Once ``budget`` is spent the
        sample is dropped whole (so every candidate keeps the same samples) and False is
        returned."""
        obs = self.obs
        values = []
        for i in self.active:
            if budget is not None and budget.spent():
                return False
            game = Game.from_position(
                obs.rules, hands, obs.piles, stock, obs.seat, dealer=obs.dealer,
                totals=obs.totals, pot=obs.pot, idle_run=obs.idle_turns,
                extra_turns=obs.extra_turns, rng=_NEVER_DEALS,
            )
            game.play_plan(self.candidates[i].plan)
            if game.phase == Phase.TURN:
                game.end_turn(force_kings=True)
            value = rollout_value(
                game, obs.seat, obs.rules, budget, self.horizon, self._search, self.searched,
            )
            if value is None:
                return False
            values.append(value)
        for i, value in zip(self.active, values):
            self.totals[i] += value
            self._values[i].append(value)
        self.samples += 1
        self.playouts += len(values)
        if self.race and self.samples >= RACE_MIN and not self.samples % RACE_EVERY:
            self._drop_the_beaten()
        return True

    def halve(self) -> None:
        """Keep the better half of the candidates still compared, by their totals over the
        samples they all share (sequential halving's step)."""
        n = min(len(self._values[i]) for i in self.active)
        ranked = sorted(self.active, key=lambda k: (-sum(self._values[k][-n:]), k))
        self.active = sorted(ranked[:(len(ranked) + 1) // 2])

    def race_now(self) -> None:
        """The race's look, taken now (once :data:`RACE_MIN` samples are shared)."""
        if self.samples >= RACE_MIN and len(self.active) > 1:
            self._drop_the_beaten()

    def _drop_the_beaten(self) -> None:
        # Only the samples every active candidate shares are compared: a candidate's list
        # holds the last ``n`` of them (candidates are only ever dropped).
        n = min(len(self._values[i]) for i in self.active)
        lead = max(self.active, key=lambda k: (sum(self._values[k][-n:]), -k))
        kept = []
        for i in self.active:
            if i != lead:
                diffs = [a - b for a, b in zip(self._values[lead][-n:], self._values[i][-n:])]
                mean = sum(diffs) / n
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                half = RACE_Z * math.sqrt(var / n)
                if mean > half or half < RACE_EPSILON:
                    continue  # clearly behind, or surely within a hair of the leader
            kept.append(i)
        self.active = kept

    def best(self) -> Candidate:
        if not self.samples:
            return self.candidates[0]
        # The best average over the samples every contender shares.
        n = min(len(self._values[i]) for i in self.active)
        i = max(self.active, key=lambda k: (sum(self._values[k][-n:]), -k))
        return self.candidates[i]


class TableMemory:
    """What the expert remembers from the public events of the round: the board as it stood at
    the end of each opponent's turn, which tells which cards that opponent cannot be holding
    if it plays out every card it can (as the computer levels and most people do)."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.draw = "start"
        self.piles: list[list[int]] = [[] for _ in range(8)]
        self._log: list[tuple[int, int, int]] = []
        self._drew_at_end = False
        self._ended_with: int | None = None
        self.excluded: dict[int, int] = {}
        """Seat -> mask of cards it did not hold when its last turn ended."""
        self.unconstrained: dict[int, int] = {}
        """Seat -> how many of its cards came after that (an end-of-turn draw)."""

    def update(self, event: Event) -> None:
        if isinstance(event, SessionStart):
            self.draw = event.rules.get("draw", "start")
        elif isinstance(event, RoundView):
            self.seat = event.seat
            self.piles = [[c.id for c in pile] for pile in event.board]
            self.excluded.clear()
            self.unconstrained.clear()
        elif isinstance(event, TurnStart):
            self._log = []
            self._drew_at_end = False
            self._ended_with = None
        elif isinstance(event, Play):
            self.piles[event.pile.value].append(event.card.id)
            self._log.append((-1, event.pile.value, 0))
            if self._drew_at_end:
                self._drew_at_end = False  # the drawn King went straight to a corner
        elif isinstance(event, MoveEvent):
            s, d = event.source.value, event.target.value
            self._log.append((s, d, len(self.piles[s])))
            self.piles[d].extend(self.piles[s])
            self.piles[s] = []
        elif isinstance(event, Undo):
            if self._log:
                s, d, n = self._log.pop()
                if s < 0:
                    self.piles[d].pop()
                else:
                    self.piles[s] = self.piles[d][len(self.piles[d]) - n:]
                    del self.piles[d][len(self.piles[d]) - n:]
        elif isinstance(event, Draw):
            if self.draw == "end":
                # The player has just ended its turn: judge its hand by the board it left,
                # before a drawn King may go to a corner.
                self._drew_at_end = True
                self._ended_with = self._unplayable()
        elif isinstance(event, TurnEnd) and event.player != self.seat:
            ended_with = self._ended_with if self._ended_with is not None else self._unplayable()
            self.excluded[event.player] = ended_with
            self.unconstrained[event.player] = 1 if self._drew_at_end else 0

    def _unplayable(self) -> int:
        """The cards a player who plays all it can cannot be holding on this board."""
        excluded = 0
        corner_free = False
        for i, pile in enumerate(self.piles):
            if pile:
                excluded |= FITS[pile[-1]]
            elif i >= 4:
                corner_free = True
        return excluded | KING_MASK if corner_free else excluded


@dataclass(frozen=True, slots=True)
class ThinkingTraits:
    """What a thinking level does with its turn: each trait can be switched per level."""

    candidates: int
    """Planning: how many of the turn search's best plans (distinct end positions) it weighs."""
    hold: int
    """Risk: how many plans that keep one card more than the best it weighs too (holding back
    a card that would open play for the next player)."""
    samples: int | None
    """Looking ahead: the sampled deals each plan is played on from (None: as many as the
    think budget allows)."""
    think: float | None
    """The budget in seconds per decision: the most it ever thinks (None: no clock, its
    ``samples`` bound the work, so a busy machine plays the same moves, only later)."""
    reads: bool
    """Card reading: deals the opponents only cards they did not show they lack (an opponent who
    ended its turn with a card that fitted would have played it)."""
    races: bool
    """Spends its time where the decision is close: drops plans clearly behind on the samples
    so far, and answers as soon as one plan is left."""
    halves: bool = False
    """With a think budget, spends it by sequential halving (:meth:`ExpertPlayer._halve`): the
    plans share the budget in rounds, and each round keeps the better half, so the last few
    are told apart on many samples rather than every plan on a few (the race still ends a
    decision early once one plan is clearly ahead)."""
    searched: int = 0
    """Sharper foresight: turns at the start of each rollout (the replies to its plan) planned
    by the turn search, as a thinking player would play them, rather than greedily."""
    horizon: int | None = None
    """Short sight: laps of the table (a turn for every seat) each rollout plays on before
    judging the position by the cards each seat holds (None: to the round's end)."""
    table_plans: tuple[int, int] | None = None
    """Planning at a table of three or four: ``candidates`` and ``hold`` there (None: as
    heads-up).  The expert's 24 and 4 (16 and 2 heads-up) took 30.3% of the rounds against
    three hard over 650 duplicate deals of three seeds, where 16 and 2 took 29.3% of the same
    deals, and 30.0% of a fresh seed's 150 (commit 79fc03e; docs/strength.md's four-player rows)."""


EXPERT = ThinkingTraits(candidates=CANDIDATES, hold=HOLD, samples=None, think=DEFAULT_THINK,
                        reads=True, races=True, halves=True, horizon=2, searched=1, table_plans=(24, 4))
"""The expert's rollouts play the reply to each plan (the next seat's turn) with the turn search,
the rest greedily: against hard, on the same 400 duplicate deals (seed 41, 1 s), 58.4% with it
and 51.4% without (docs/strength.md); a rollout costs about six times as much.  Searching more of
the rollout did worse, so a larger budget does not buy it: against hard on the same 300 duplicate
deals (seed 101, 0.25 s of processor time, commit 1073998), 59.8% as shipped, 54.2% with every
turn of the two laps searched (``searched=4``), 57.3% with three laps (``horizon=3``).
Halving a small budget rather than racing it: against hard on the same 400 duplicate deals
(seed 29, 100 rollouts a decision, about 0.1 s), 55.2% where the race won 50.3%, a paired
difference of +4.9 points (+1.4 to +8.4); docs/strength.md."""


class ExpertPlayer(Player):
    """Determinization and rollouts over the turn search's candidates (see the module)."""

    level: ClassVar[str] = "expert"
    TRAITS: ClassVar[ThinkingTraits] = EXPERT
    """The level's traits (a subclass names its own)."""

    def __init__(self, rng: random.Random | None = None, think: float | None = None,
                 candidates: int | None = None, infer: bool | None = None, hold: int | None = None,
                 traits: ThinkingTraits | None = None) -> None:
        super().__init__(rng)
        t = traits or self.TRAITS
        self.think = t.think if think is None else think
        self.count = t.candidates if candidates is None else candidates
        self.hold = t.hold if hold is None else hold
        """Extra candidates that keep one card more than the best plan."""
        self.infer = t.reads if infer is None else infer
        """Deal sampled hands consistently with what each opponent left unplayed (always true
        of greedy opponents).  With whole-round rollouts it had not helped (over 1,000 deals
        against medium, 66.5% with it, 68.0% without); with two-lap rollouts it is on for both
        thinking levels (docs/strength.md)."""
        self.samples = t.samples
        self.table_plans = t.table_plans if candidates is None and hold is None else None
        """Plans (and plans holding a card) at a table of three or four, unless set by hand."""
        self.race = t.races
        self.halves = t.halves
        self.horizon = t.horizon
        self.searched = t.searched
        self.follows_events = self.infer
        """Only an inferring expert needs the events (they cost the simulator its fast path)."""
        self._cancel = threading.Event()
        self.clock: Callable[[], float] = time.thread_time
        """The clock the think budget is read on: its own processor time, so a busy machine
        does not make it weaker (tests give a simulated one)."""
        self.wall: Callable[[], float] = time.perf_counter
        """The clock of the budget's wall-clock cap."""
        self.memory = TableMemory()
        self.last_samples = 0
        """Sampled deals the last decision scored the candidates on."""
        self.last_candidates = 0
        """Plans the last decision weighed."""
        self.last_settled = False
        """Whether the last decision ended because one plan was left in the race."""
        self.last_playouts = 0
        """Rounds the last decision played out: a sample costs one per candidate in the race."""
        self.last_capped = False
        """Whether the wall-clock cap, not its own processor time, ended the last decision (a
        machine so busy that the cap cut its thinking short)."""

    def __getstate__(self) -> dict[str, object]:
        # The cancel flag holds a lock, which cannot cross to a worker process: each copy has
        # its own (a cancel reaches the copy that thinks in this process only).
        state = self.__dict__.copy()
        del state["_cancel"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._cancel = threading.Event()

    def observe(self, event: Event) -> None:
        """The public events of the game, as this seat sees them."""
        self.memory.update(event)

    def cancel(self) -> None:
        """Stop thinking now; :meth:`plan_turn` returns its best plan so far."""
        self._cancel.set()

    def plan_turn(self, obs: Observation) -> list[int]:
        budget = None if self.think is None else Budget(self.think, self.clock, wall=self.wall)
        try:
            return self._plan(obs, budget)
        finally:
            self.last_capped = budget is not None and budget.capped
            # A cancel is spent on the decision it interrupted (or, if it came between two
            # decisions, on the next one, which then answers at once).
            self._cancel.clear()

    def _search(self, obs: Observation, budget: Budget | None) -> TurnSearch:
        """The turn search that proposes the candidates."""
        return TurnSearch(obs.rules.scoring, budget=budget)

    def _plan(self, obs: Observation, budget: Budget | None) -> list[int]:
        count, hold = self.count, self.hold
        if self.table_plans is not None and len(obs.hand_counts) > 2:
            count, hold = self.table_plans
        cands = self._search(obs, budget).candidates(obs.piles, obs.hand_mask, count, hold=hold)
        self.last_candidates = len(cands)
        self.last_settled = False
        if len(cands) == 1:
            self.last_samples = self.last_playouts = 0
            return list(cands[0].plan)
        rollouts = Rollouts(obs, cands, race=self.race, horizon=self.horizon, searched=self.searched)
        unseen = self._unseen(obs)
        rng = self.rng
        self._spend(rollouts, budget, lambda: self._sample(obs, unseen, rng))
        self.last_samples = rollouts.samples
        self.last_playouts = rollouts.playouts
        self.last_settled = rollouts.settled
        return list(rollouts.best().plan)

    @staticmethod
    def _unseen(obs: Observation) -> list[int]:
        """The cards this seat cannot see: neither in its hand nor on the board."""
        on_board = 0
        for pile in obs.piles:
            for c in pile:
                on_board |= 1 << c
        return [c for c in range(52) if (ALL_MASK & ~obs.hand_mask & ~on_board) >> c & 1]

    def _spend(self, rollouts: Rollouts, budget: Budget | None,
               deal: Callable[[], tuple[list[int], list[int]]]) -> None:
        """Play the candidates on from sampled deals (``deal``) until the budget, the level's
        samples or the race ends the decision; a budget too small for the race is halved (a
        level with a fixed number of samples plays them all, as set)."""
        if self.halves and budget is not None and self.samples is None:
            rollouts.race = False
            if self._halve(rollouts, budget, deal):
                return
            rollouts.race = self.race  # the budget affords the race's samples: it runs below
        # Start no sample that would likely end past the deadline (it would be dropped, the
        # budget guard stops it); the guard itself looks at the clock at every simulated turn.
        slowest = 0.0
        cap = self.samples
        while not self._cancel.is_set() and not rollouts.settled and (cap is None or rollouts.samples < cap):
            if budget is not None:
                now = budget.clock()
                if now + slowest > budget.deadline or budget.spent():
                    break
            if not rollouts.run(*deal(), budget):
                break
            if budget is not None:
                slowest = max(slowest, budget.clock() - now)

    def _halve(self, rollouts: Rollouts, budget: Budget,
               deal: Callable[[], tuple[list[int], list[int]]]) -> bool:
        """Sequential halving (Karnin, Koren and Somekh 2013) within ``budget``, when it cannot
        afford the race (:data:`RACE_MIN` samples of every plan before any is dropped): ``log2``
        of the plans rounds, each given an even share of the playouts the time left affords
        (read from the cost of the playouts so far), every plan still compared played on the
        same samples, then the better half kept.  After each round the race takes its look, so
        a plan clearly ahead ends the decision early; the budget running out ends it where it
        stands.  False, after the first sample, when the budget affords the race instead."""
        rounds = max(1, math.ceil(math.log2(len(rollouts.active))))
        begun = budget.clock()
        slowest = 0.0
        for left in range(rounds, 0, -1):
            played = 0
            target = 1  # a sample first: the cost of a playout, before any is known
            while played < target:
                now = budget.clock()
                if self._cancel.is_set() or now + slowest > budget.deadline or budget.spent():
                    return True
                if not rollouts.run(*deal(), budget):
                    return True
                slowest = max(slowest, budget.clock() - now)
                played += 1
                if played == 1:
                    cost = (budget.clock() - begun) / rollouts.playouts
                    affordable = (budget.deadline - budget.clock()) / cost + len(rollouts.active)
                    if left == rounds and affordable >= RACE_MIN * len(rollouts.active):
                        return False
                    target = max(1, int(affordable / left / len(rollouts.active)))
            rollouts.race_now()
            if rollouts.settled:
                return True
            rollouts.halve()
            if rollouts.settled:
                return True
        return True

    def _sample(self, obs: Observation, unseen: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
        """Deal the unseen cards to the opponents and the stock, matching every count; with
        inference, an opponent's remembered cards avoid those it would have played."""
        cards = unseen[:]
        rng.shuffle(cards)
        hands = [0] * len(obs.hand_counts)
        hands[obs.seat] = obs.hand_mask
        memory = self.memory
        if self.infer:
            for seat, excluded in memory.excluded.items():
                if seat == obs.seat:
                    continue
                need = obs.hand_counts[seat] - memory.unconstrained.get(seat, 0)
                kept = []
                mask = 0
                for c in cards:
                    if need and not excluded >> c & 1:
                        mask |= 1 << c
                        need -= 1
                    else:
                        kept.append(c)
                hands[seat] = mask
                cards = kept
        at = 0
        for seat, count in enumerate(obs.hand_counts):
            if seat == obs.seat:
                continue
            missing = count - hands[seat].bit_count()
            for c in cards[at:at + missing]:
                hands[seat] |= 1 << c
            at += missing
        return hands, cards[at:]
