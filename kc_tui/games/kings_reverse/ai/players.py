"""The Kings Reverse computer players, one per level, weakest first.

The three lower levels are people of three skills (issue 29): each knows the greedy choice of
:mod:`.policy` (shed costly cards, keep wilds, hit a next player close to out with a 7, 8 or
King) and lapses the way people do, the weaker the more often: it plays any card that goes
rather than the sensible one (a Jack spent early, a 7 or 8 wasted on a player far from out), it
forgets the "one card" call (KR5), and it holds a Jack or a joker that is all that goes and draws
instead.  None draws while a plain card goes.  The rates are tuned so that each level beats the
one below heads-up by about 60-67% (``benchmarks/reverse_strength.py``).

- ``beginner``: any card that goes, the call mostly forgotten (85%), a lone wild held six
  times in ten; it never challenges a joker (KR6).
- ``easy``: the sensible card now and then (careless three times in four), the call forgotten
  four times in ten, a lone wild held three times in ten; it challenges at random.
- ``medium``: the greedy choice, careless about one time in three, the call forgotten one time
  in five, a lone wild held one time in ten; it never challenges.
- ``hard``: card counting and lookahead: it knows which cards are unseen (the deck less its
  hand and the pile) and, heads-up, what the opponent showed it lacked (a draw when it could
  have followed means no card of that suit or rank, no Jack, no joker); it deals the unseen
  cards into the other hands and the stock 12 times consistently with that, plays the greedy
  choice's two favourite actions (or challenge and accept, KR6) 16 steps on with the greedy
  policy for every seat, judges each position by the cards left (a round won or lost counts
  most) and leaves the favourite only for an action that does better by half a standard error
  of the per-world difference (two at a table of three or more, where a few worlds are too
  noisy to beat the greedy choice).
- ``expert``: the same determinization (perfect-information Monte Carlo over the hidden hands),
  better fed: the worlds honour every read of the round at once (the cards an older read covers
  lack what each later read showed too); its own turns, in the play-outs and in choosing its four
  candidates, follow :data:`.policy.EXPERT_STYLE` (greedy weights tuned to beat medium's); and it
  races the candidates: from 24 worlds on, one is dropped once it is two standard errors behind
  the favourite or surely within 0.01 of it, so the time goes to the decisions that are close.
  It deals as many worlds as its budget allows (1 s of its own processor time per decision by
  default, :class:`~kc_tui.core.budget.Budget`, never more than three on the wall clock), never
  fewer than 24 even past its budget; :meth:`ExpertAI.cancel` answers at once with the best so
  far.
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from typing import Callable, ClassVar, Mapping, Sequence

from ....core.budget import Budget
from ....core.cards import Joker
from ....core.kinds import Phase
from ..engine.actions import Action, ActionKind
from ..engine.basics import ACE_OF_SPADES, JK, Step, new_deck
from ..engine.game import ReverseGame
from ..engine.views import ReverseView
from .base import ReverseAI
from .policy import EXPERT_STYLE, MEDIUM_STYLE, Style, greedy, ranked

__all__ = ["BeginnerAI", "EasyAI", "MediumAI", "HardAI", "ExpertAI", "ints", "unseen_cards",
           "next_seat"]


def ints(cards: tuple[object, ...]) -> list[int]:
    """A view's cards as the referee's ints."""
    return [JK if isinstance(c, Joker) else c.id for c in cards]  # type: ignore[attr-defined]


def next_seat(view: ReverseView, seat: int) -> int:
    return (seat + (1 if view.clockwise else -1)) % len(view.hand_counts)


def unseen_cards(view: ReverseView) -> list[int]:
    """The cards this seat has not seen: the deck less its hand and the pile (card counting)."""
    counts = [0] * 53
    for c in new_deck(view.rules):
        counts[c] += 1
    for c in ints(view.hand) + ints(view.pile):
        counts[c] -= 1
    return [c for c in range(53) for _ in range(max(counts[c], 0))]


class _QuickAI(ReverseAI):
    """A player that needs only the legal actions, its hand and the next hand's size."""

    quick = True

    def choose(self, view: ReverseView) -> Action:
        assert view.seat is not None
        return self.choose_quick(view.legal, ints(view.hand),
                                 view.hand_counts[next_seat(view, view.seat)], len(view.hand_counts))


class _PersonAI(_QuickAI):
    """A person who knows the rules and the sensible choice (:func:`.policy.greedy`) but
    lapses the way people do: now and then it plays any card that goes rather than the right
    one (a Jack spent while a plain card went, a 7 or 8 wasted on a player far from out, a
    costly card kept), forgets to call "one card" (KR5) and, when only a Jack or a joker
    goes, holds it and draws instead.  It never draws while a plain card goes."""

    careless: ClassVar[float] = 0.0
    """How often it plays any card that goes, at random, rather than the sensible one."""
    forget: ClassVar[float] = 0.0
    """How often it forgets the "one card" call."""
    hold_wild: ClassVar[float] = 0.0
    """How often it draws rather than play a Jack or a joker, when nothing else goes."""
    doubt: ClassVar[float] = 0.0
    """How often it challenges a joker (KR6)."""

    def choose_quick(self, legal: Sequence[Action], hand: Sequence[int], next_count: int,
                     players: int) -> Action:
        first = legal[0].kind
        rng = self.rng
        if first is ActionKind.CALL:
            return legal[1] if rng.random() < self.forget else legal[0]
        if first is ActionKind.CHALLENGE:
            return legal[0] if rng.random() < self.doubt else legal[1]
        plays = [a for a in legal if a.kind in (ActionKind.PLAY, ActionKind.MARRY)]
        if plays and legal[-1].kind is ActionKind.DRAW and self.hold_wild and all(
                a.card is not None and _wild(a.card) for a in plays) and rng.random() < self.hold_wild:
            return legal[-1]
        if (plays or first is ActionKind.GIVE) and rng.random() < self.careless:
            # A card first, then (a joker's) suit: its four suits are one choice, not four.
            choices: dict[tuple[ActionKind, object, object], list[Action]] = {}
            for a in plays or legal:
                key = (a.kind, a.card, a.suit if a.kind is ActionKind.MARRY else None)
                choices.setdefault(key, []).append(a)
            return rng.choice(rng.choice(list(choices.values())))
        return greedy(legal, hand, next_count, players)


def _wild(card: object) -> bool:
    return isinstance(card, Joker) or getattr(card, "id", 0) // 4 == 10


class BeginnerAI(_PersonAI):
    """Someone who has just learnt the game: it plays a card whenever a plain one goes, but
    any of them; it mostly forgets the call and often holds its Jacks and jokers."""

    level: ClassVar[str] = "beginner"
    careless = 1.0
    forget = 0.85
    hold_wild = 0.6


class EasyAI(_PersonAI):
    """A casual player: mostly any card that goes, now and then the sensible one; it makes the
    call six times in ten."""

    level: ClassVar[str] = "easy"
    careless = 0.75
    forget = 0.4
    hold_wild = 0.3
    doubt = 0.5


class MediumAI(_PersonAI):
    """The sensible greedy choice, with a lapse now and then."""

    level: ClassVar[str] = "medium"
    careless = 0.35
    forget = 0.2
    hold_wild = 0.1


class _Searcher(ReverseAI):
    """A player that looks ahead: for the actions the greedy choice likes best, it deals the
    unseen cards (card counting: the deck less its hand and the pile) to the other hands and
    the stock, consistent with what each opponent showed it lacked (a player who drew rather
    than play held nothing that followed), plays each action a few turns on with the greedy
    policy for every seat, and judges the position reached by the cards left in each hand
    (a round won or lost counts most).  The same worlds judge every candidate, so what is
    compared is the per-world difference from the greedy favourite."""

    width: ClassVar[int] = 3
    """How many of the greedy's favourite actions are searched."""
    margin: ClassVar[float] = 0.5
    """How many standard errors an action must beat the greedy favourite by to be chosen."""
    table_margin: ClassVar[float] = 0.5
    """The same at a table of three or more, where three hidden hands make each world's
    difference far noisier: a few worlds then chose by chance, and lost to the greedy choice."""
    table_style: ClassVar[Style] = MEDIUM_STYLE
    """The style at a table of three or more: :attr:`style` was tuned heads-up, and the
    expert's, as a plain greedy player, won 23.5% against three of medium's weights (2,000
    duplicate deals, seed 1) where heads-up it won 51.3%."""
    depth: ClassVar[int] = 16
    """Steps each play-out runs before the position is judged."""
    floor: ClassVar[int] = 0
    """Worlds dealt even past the time budget (unless cancelled)."""
    style: ClassVar[Style] = MEDIUM_STYLE
    """The greedy weights that rank this seat's candidates and play its own turns in the
    play-outs (the other seats play the medium player's)."""
    nested: ClassVar[bool] = False
    """Whether the worlds honour every read of the round, not only the latest."""
    race: ClassVar[float] = 0.0
    """Drop a candidate once it is this many standard errors behind the favourite, or surely
    level with it (0: never), from :attr:`floor` worlds on: eight worlds of a coarse score
    often agree by chance, and the race then dropped good actions unseen."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._stop = threading.Event()
        self.rollouts = 0
        """Rollouts played so far (for measurements)."""
        self._reads = _Reads()
        self.clock: Callable[[], float] = time.thread_time
        """The clock the budget is read on: its own processor time, so a busy machine does
        not make it weaker (tests give a simulated one)."""
        self.wall: Callable[[], float] = time.perf_counter
        """The clock of the budget's wall-clock cap (a person never waits long)."""

    def __getstate__(self) -> dict[str, object]:
        # The stop flag holds a lock, which cannot cross to a worker process: each copy has its
        # own (a cancel reaches the copy that thinks in this process only).
        state = self.__dict__.copy()
        del state["_stop"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    def _worlds(self) -> tuple[int, float]:
        """The most worlds to deal and the seconds allowed."""
        raise NotImplementedError

    def _world(self, view: ReverseView,
               lacks: Mapping[int, tuple[int, int, int] | list[tuple[int, int, int]]]) -> ReverseGame:
        """One world the view's position may be in: the unseen cards dealt as the reads allow
        (a benchmark's player deals them otherwise: ``benchmarks/reverse_information.py``)."""
        return _determinize(view, self.rng, lacks)

    def choose(self, view: ReverseView) -> Action:
        self._stop.clear()
        legal = list(view.legal)
        first = legal[0].kind
        assert view.seat is not None
        self._reads.observe(view)
        nxt = view.hand_counts[next_seat(view, view.seat)]
        if first is ActionKind.CALL:
            return self._reads.acted(view, legal[0])
        if first is ActionKind.GIVE:
            return self._reads.acted(view, greedy(legal, ints(view.hand), nxt,
                                                  len(view.hand_counts)))
        style = self.style if len(view.hand_counts) == 2 else self.table_style
        if first is ActionKind.CHALLENGE:
            candidates = legal
        else:
            candidates = ranked(legal, ints(view.hand), nxt, len(view.hand_counts),
                                style)[:self.width]
        if len(candidates) == 1:
            return self._reads.acted(view, candidates[0])
        most, seconds = self._worlds()
        budget = Budget(seconds, self.clock, wall=self.wall)
        diffs: list[list[float]] = [[] for _ in candidates]
        alive = list(range(1, len(candidates)))
        worlds = 0
        lacks: Mapping[int, tuple[int, int, int] | list[tuple[int, int, int]]] = (
            self._reads.all_lacks(view) if self.nested else self._reads.lacks(view))
        styles = [MEDIUM_STYLE] * len(view.hand_counts)
        styles[view.seat] = style
        while worlds < most and alive:
            world = self._world(view, lacks)
            seed = self.rng.getrandbits(32)
            base = _rollout(world.clone(), candidates[0], view.seat, random.Random(seed),
                            self.depth, styles)
            for i in alive:
                diffs[i].append(_rollout(world.clone(), candidates[i], view.seat,
                                         random.Random(seed), self.depth, styles) - base)
            self.rollouts += len(alive) + 1
            worlds += 1
            # Look at the clock after every world, so that the budget knows how long one takes.
            if (budget.spent() and worlds >= self.floor) or self._stop.is_set():
                break
            if self.race and worlds >= self.floor and worlds % 8 == 0:
                alive = [i for i in alive if not _behind(diffs[i], self.race)]
        best, best_gain = 0, 0.0
        margin = self.margin if len(view.hand_counts) == 2 else self.table_margin
        for i in range(1, len(candidates)):
            d = diffs[i]
            if len(d) < 4:
                continue
            mean = statistics.fmean(d)
            spread = statistics.pstdev(d) / math.sqrt(len(d))
            if mean > margin * spread and mean > best_gain:
                best, best_gain = i, mean
        return self._reads.acted(view, candidates[best])


def _behind(d: Sequence[float], sigmas: float) -> bool:
    """Whether per-world differences ``d`` from the favourite show an action surely worse,
    or surely within 0.01 of it (either way more worlds would not change the choice)."""
    mean = statistics.fmean(d)
    spread = statistics.pstdev(d) / math.sqrt(len(d))
    return mean + sigmas * spread < 0 or sigmas * spread < 0.01 - abs(mean)


class HardAI(_Searcher):
    level: ClassVar[str] = "hard"
    width: ClassVar[int] = 2
    worlds: ClassVar[int] = 12
    """Worlds dealt per decision (a fixed, small lookahead: 24 did no better against medium
    and left the expert less to gain)."""
    table_margin: ClassVar[float] = 2.0

    def _worlds(self) -> tuple[int, float]:
        return self.worlds, 1.0


class ExpertAI(_Searcher):
    level: ClassVar[str] = "expert"
    width: ClassVar[int] = 4
    style: ClassVar[Style] = EXPERT_STYLE
    table_margin: ClassVar[float] = 2.0
    """As ``hard``'s: at four players the search with half a standard error lost to the plain
    greedy choice (24.9% against three ``hard``, 100 duplicate deals at 0.1 s)."""
    nested: ClassVar[bool] = True
    race: ClassVar[float] = 2.0
    floor: ClassVar[int] = 2 * HardAI.worlds
    """Never fewer worlds than twice ``hard``'s (a short budget would otherwise make the expert
    little stronger than ``hard``), and no race before then (eight worlds of a coarse score
    often agree by chance)."""

    def __init__(self, rng: random.Random | None = None, think: float | None = None) -> None:
        super().__init__(rng)
        self.think = 1.0 if think is None else think
        """Seconds per decision with more than one action worth searching."""

    def _worlds(self) -> tuple[int, float]:
        return 2000, self.think


class _Reads:
    """What a heads-up opponent showed it lacked: when it drew rather than play on the card
    this seat left (nothing played since, one card more in its hand and one fewer in the
    stock), it held no card of the suit to follow, none of the top card's rank, no Jack and no
    joker.  The read holds for the cards it held then, less every card it has shed since
    (cards it gains later are free)."""

    def __init__(self) -> None:
        self._after: tuple[int, int, int, int, int, int] | None = None
        """round, pile length, opponent's count, stock count, suit and rank left on the pile"""
        self._lack: tuple[int, int, int, int] | None = None
        """round, suit, rank, how many of the opponent's cards the read covers"""
        self._older: list[tuple[int, int, int, int]] = []
        """Earlier reads of the round, each still covering the cards not shed since."""
        self._count = 0
        """the opponent's card count at the last observation"""
        self._pile = 0
        """the pile's length after this seat's last action"""

    def observe(self, view: ReverseView) -> None:
        if len(view.hand_counts) != 2 or view.seat is None:
            self._after = None
            return
        opp = 1 - view.seat
        count = view.hand_counts[opp]
        if self._lack is not None:
            # Every card that left the opponent's hand may have been one the read covers;
            # the cards it gained are free.
            rnd, suit, rank, k = self._lack
            gone = max(0, self._count - count, len(view.pile) - self._pile)
            self._lack = (rnd, suit, rank, max(0, k - gone)) if rnd == view.round else None
            self._older = [(r, su, ra, k - gone) for r, su, ra, k in self._older
                           if r == view.round and k > gone]
        self._count = count
        after = self._after
        self._after = None
        if (after is None or view.step is not Step.PLAY or after[0] != view.round
                or len(view.pile) != after[1] or view.hand_counts[opp] != after[2] + 1
                or view.stock_count != after[3] - 1):
            return
        if self._lack is not None and self._lack[0] == view.round and self._lack[3] > 0:
            self._older.append(self._lack)
        self._lack = (view.round, after[4], after[5], view.hand_counts[opp])

    def acted(self, view: ReverseView, action: Action) -> Action:
        """Remember where ``action`` leaves the pile (only plays that do not skip the
        opponent, after which its next turn shows what it holds)."""
        self._after = None
        self._pile = len(view.pile) + (1 if action.kind is ActionKind.PLAY else
                                       2 if action.kind is ActionKind.MARRY else 0)
        if len(view.hand_counts) != 2 or view.seat is None or not view.pile:
            return action
        opp = 1 - view.seat
        top = ints((view.pile[-1],))[0]
        follow = view.follow.index if view.follow is not None else top % 4
        stock = view.stock_count
        if action.kind is ActionKind.PLAY and action.card is not None:
            c = action.card.id if not isinstance(action.card, Joker) else JK
            if c == JK or c // 4 + 1 in (7, 8, 13) or c == ACE_OF_SPADES:
                return action
            self._after = (view.round, len(view.pile) + 1, view.hand_counts[opp], stock,
                           c % 4, c // 4)
        elif action.kind in (ActionKind.CALL, ActionKind.END, ActionKind.PASS,
                             ActionKind.DRAW):
            drew = 1 if action.kind is ActionKind.DRAW and stock else 0
            self._after = (view.round, len(view.pile), view.hand_counts[opp], stock - drew,
                           follow, top // 4 if top != JK else -1)
        return action

    def lacks(self, view: ReverseView) -> dict[int, tuple[int, int, int]]:
        """Seat -> (suit, rank, cards covered) for the dealer of worlds."""
        if self._lack is None or view.seat is None or self._lack[0] != view.round:
            return {}
        _, suit, rank, k = self._lack
        return {1 - view.seat: (suit, rank, k)}

    def all_lacks(self, view: ReverseView) -> dict[int, list[tuple[int, int, int]]]:
        """Seat -> every read of the round still covering cards, (suit, rank, cards covered):
        the cards an older read covers were in the hand at every later read, so they lack
        what each of those showed too."""
        latest = self.lacks(view)
        if not latest:
            return {}
        seat, read = next(iter(latest.items()))
        return {seat: [(su, ra, k) for r, su, ra, k in self._older if r == view.round]
                + [read]}


def _fits(c: int, suit: int, rank: int) -> bool:
    """Whether card ``c`` could have followed (so a player who drew did not hold it)."""
    return c == JK or c // 4 == 10 or c % 4 == suit or c // 4 == rank


def _lacking(unseen: list[int], reads: Sequence[tuple[int, int, int]], count: int) -> list[int]:
    """Take from ``unseen`` (in its order) the cards a hand of ``count`` read by ``reads``
    (suit, rank, cards covered) must hold: the cards covered by the fewest are covered by every
    read covering more, so each group avoids fitting its own read and every wider one."""
    picked: list[int] = []
    order = sorted(reads, key=lambda r: r[2])
    for i, (_, _, k) in enumerate(order):
        need = min(k, count) - len(picked)
        if need <= 0:
            continue
        wider = order[i:]
        group = [c for c in unseen
                 if not any(_fits(c, suit, rank) for suit, rank, _ in wider)][:need]
        for c in group:
            unseen.remove(c)
        picked += group
    return picked


def _determinize(view: ReverseView, rng: random.Random,
                 lacks: Mapping[int, tuple[int, int, int] | list[tuple[int, int, int]]]
                 | None = None) -> ReverseGame:
    """A referee in the view's position, the unseen cards dealt at random to the other hands
    and the stock; a seat in ``lacks`` (suit, rank, how many cards) gets that many cards that
    could not have followed that suit and rank, as far as the unseen cards allow (given a
    list of such reads, oldest first, every one of them)."""
    assert view.seat is not None
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    if lacks:
        # Deal the constrained hands first, from the front of the shuffled cards.
        front: list[int] = []
        lacks_hands: dict[int, list[int]] = {}
        for s, read in lacks.items():
            picked = _lacking(unseen, read if isinstance(read, list) else [read],
                              view.hand_counts[s])
            rest = view.hand_counts[s] - len(picked)
            picked += unseen[:rest]
            del unseen[:rest]
            front.append(s)
            lacks_hands[s] = picked
        unseen = [c for s in front for c in lacks_hands[s]] + unseen
        order = front + [s for s in range(len(view.hand_counts))
                         if s != view.seat and s not in lacks]
    else:
        order = [s for s in range(len(view.hand_counts)) if s != view.seat]
    g = ReverseGame.__new__(ReverseGame)
    ReverseGame.__init__(g, view.rules, random.Random(rng.getrandbits(32)), view.players)
    n = len(view.hand_counts)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[view.seat] = ints(view.hand)
    at = 0
    for s in order:
        k = view.hand_counts[s]
        hands[s] = unseen[at:at + k]
        at += k
    g.hands = hands
    g.stock = unseen[at:at + view.stock_count]
    g.pile = ints(view.pile)
    g.phase = Phase.TURN
    g.round_no = view.round
    g.dealer = view.dealer
    g.direction = 1 if view.clockwise else -1
    g.follow = view.follow.index if view.follow is not None else 0
    g.current = view.current
    g.step = view.step
    g.drawn = ints((view.drawn,))[0] if view.drawn is not None else None
    g.totals = list(view.totals)
    g.pending_skip = list(view.turn_lost)
    g.called = [state == "called" for state in view.one_card]
    g._played_this_turn = view.step in (Step.GIVE, Step.CALL)
    if view.step is Step.GIVE and view.give_to is not None:
        queue = []
        p = view.give_to
        while p != view.seat:
            queue.append(p)
            p = (p + g.direction) % n
        g.give_queue = queue
    if view.step is Step.CHALLENGE:
        g.joker_by = (view.seat - g.direction) % n
        g.joker_legal = rng.random() < 0.5
        g.before_joker = g.follow
    return g


def _rollout(game: ReverseGame, action: Action, me: int, rng: random.Random,
             depth: int, styles: Sequence[Style] | None = None) -> float:
    """Play ``action`` then up to ``depth`` more steps greedily for everyone, and judge the
    position: 1 for a round won, -1 for a round another won, else the lead in cards over the
    closest rival, a Jack or joker in hand counting as half a card fewer (a blocked round is
    judged the same way)."""
    game.apply_trusted(action)
    steps = 0
    hands = game.hands
    while game.phase == Phase.TURN and steps < depth:
        seat = game.current
        legal = game.legal_actions()
        nxt = (seat + game.direction) % game.n
        game.apply_trusted(greedy(legal, hands[seat], len(hands[nxt]), game.n,
                                  challenge=rng.random() < 0.3,
                                  style=styles[seat] if styles else MEDIUM_STYLE))
        steps += 1
    if game.round_winner is not None:
        return 1.0 if game.round_winner == me else -1.0
    mine = _weight(hands[me])
    rival = min(_weight(h) for s, h in enumerate(hands) if s != me)
    return max(-0.9, min(0.9, (rival - mine) / 10.0))


def _weight(hand: Sequence[int]) -> float:
    return sum(0.5 if c == JK or c // 4 == 10 else 1.0 for c in hand)
