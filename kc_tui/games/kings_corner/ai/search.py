"""Whole-turn search: a turn is a deterministic puzzle once the card is drawn.

:class:`TurnSearch` explores the sequences of moves open to one player (depth-first, with a
transposition table) and returns the plan that sheds the most cards, ties broken by the board it
leaves (:class:`BoardWeights`).  ``hard`` plays its best plan; ``expert`` and ``oracle`` take its
few best distinct end states as candidates; hints explain its best plan.

Its moves are the engine's legal codes (:func:`~kc_tui.games.kings_corner.engine.moves.legal_codes`, the one
generator the referee uses), so it can never think a move legal that the referee refuses.
Symmetry keeps the search small: empty edges are interchangeable, and so are empty corners, so
a card is only ever tried on the first empty edge and a King on the first empty corner, and the
transposition key sorts the edge piles by (bottom, top) and takes the corners by their tops.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

from ....core.budget import Budget
from ..engine.board import ALL_MASK, FITS, PARENTS
from ..engine.moves import MOVE_BASE, legal_codes
from ..engine.scoring import card_penalty

__all__ = ["BoardWeights", "TurnSearch", "SearchResult", "Candidate"]


@dataclass(frozen=True, slots=True)
class BoardWeights:
    """How the end-of-turn board is judged once the cards shed are equal (R8 notes, measured).

    Every weight is a cost per unit, in the same scale: one card kept in hand costs
    ``card`` (far above the rest, so shedding always comes first).
    """

    card: float = 1000.0
    """Each card still in hand."""
    penalty: float = 20.0
    """Each penalty point of the hand under the scoring in force (Kings cost 10 in classic)."""
    open_edge: float = 30.0
    """Each empty edge: the next player can put any card there."""
    outs: float = 6.0
    """Each unseen card (in an opponent's hand or the stock) that fits on a top card."""
    free_move: float = 18.0
    """Each pile move left for the next player (it frees an edge for them)."""
    dead_top: float = 4.0
    """Credit for each top that nothing unseen can follow (an Ace, or its followers all seen)."""
    stuck_card: float = 0.0
    """Each card kept whose every place is gone: both cards it fits on are buried under other
    cards, so only an empty edge will ever take it."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One way to play the turn: the moves and the value of the board they leave."""

    plan: tuple[int, ...]
    value: float
    cards_left: int


@dataclass(frozen=True, slots=True)
class SearchResult:
    plan: tuple[int, ...]
    value: float
    nodes: int
    complete: bool
    """False when the node limit cut the search short (the plan is the best found)."""


@functools.cache
def _penalty_classes(scoring: str) -> tuple[tuple[int, int], ...]:
    """The cards of each penalty under ``scoring`` as masks, with their points; chips and
    no-score rounds count every card as one (only the cards left matter there)."""
    classes: dict[int, int] = {}
    for card in range(52):
        points = 1 if scoring in ("chips", "none") else card_penalty(scoring, card)
        classes[points] = classes.get(points, 0) | 1 << card
    return tuple((mask, points) for points, mask in classes.items() if points)


_NEVER = float("-inf")
"""Below every value: the start of a node's best when stopping there cannot be it."""


class TurnSearch:
    """Depth-first search over one player's turn (R4 moves), memoised on a symmetric key."""

    def __init__(
        self,
        scoring: str = "classic",
        weights: BoardWeights | None = None,
        node_limit: int = 6000,
        budget: Budget | None = None,
    ) -> None:
        self.weights = weights or BoardWeights()
        self.node_limit = node_limit
        self.budget = budget
        """The decision's clock: once it is spent no node is expanded."""
        self._penalty_classes = _penalty_classes(scoring)
        """The hand's penalty as a few masks: (cards, points each), a count per mask."""
        w = self.weights
        self._plays_beat_stopping = w.penalty >= 0 and w.card > (
            4 * abs(w.open_edge) + 16 * abs(w.outs) + 4 * abs(w.free_move) + 8 * abs(w.dead_top)
            + 52 * abs(w.stuck_card))
        """Whether a card played always leaves a better board than stopping before it: one card
        fewer outweighs the most the board's terms can change (four edges, sixteen outs, four
        pile moves, eight tops, every card stuck), so a node with a card to play needs no value
        of its own."""

    # ------------------------------------------------------------------ public
    def best(self, board: Sequence[Sequence[int]], hand: int, unseen: int | None = None) -> SearchResult:
        """The best plan for ``hand`` on ``board``.  ``unseen`` is the mask of cards this player
        cannot see (default: everything not in hand or on the board)."""
        self._prepare(board, hand, unseen)
        value = self._dfs(hand)
        plan, _, _ = self._principal(hand)
        return SearchResult(tuple(plan), value, self._nodes, not self._stopped)

    def candidates(
        self, board: Sequence[Sequence[int]], hand: int, count: int, unseen: int | None = None,
        hold: int = 0,
    ) -> list[Candidate]:
        """Up to ``count`` plans that end in distinct positions, the search's best first, plus
        up to ``hold`` that keep one card more (for rollouts)."""
        self._prepare(board, hand, unseen)
        self._dfs(hand)
        # The search's own best plan always comes first, however little time is left.
        _, best, best_key = self._principal(hand)
        ends: dict[tuple[int, ...], Candidate] = {best_key: best}
        self._collect(hand, [], ends, count * 8)
        ranked = [best] + sorted((c for k, c in ends.items() if k != best_key), key=lambda c: -c.value)
        chosen = ranked[:count]
        if hold and chosen:
            # Also a few ends that keep one card more: holding back can pay when the card
            # would open play for the others (the rollouts decide).
            fewest = chosen[0].cards_left
            chosen += [c for c in ranked[count:] if c.cards_left == fewest + 1][:hold]
        return chosen

    # ------------------------------------------------------------------ internals
    def _prepare(self, board: Sequence[Sequence[int]], hand: int, unseen: int | None) -> None:
        self._piles = [list(p) for p in board]
        if unseen is None:
            on_board = 0
            for p in board:
                for c in p:
                    on_board |= 1 << c
            unseen = ALL_MASK & ~hand & ~on_board
        self._unseen = unseen
        self._tt: dict[tuple[int, ...], float] = {}
        self._nodes = 0
        self._stopped = False

    def _key(self, hand: int) -> tuple[int, ...]:
        # Written out pile by pile: this runs at every node of the search.  The edges are
        # sorted by (bottom, top); the corners' tops are distinct cards, so their mask says
        # them in any order.
        n, e, s, w, ne, se, sw, nw = self._piles
        edges = sorted([
            (n[0] << 6 | n[-1]) if n else -1, (e[0] << 6 | e[-1]) if e else -1,
            (s[0] << 6 | s[-1]) if s else -1, (w[0] << 6 | w[-1]) if w else -1,
        ])
        corners = ((1 << ne[-1] if ne else 0) | (1 << se[-1] if se else 0)
                   | (1 << sw[-1] if sw else 0) | (1 << nw[-1] if nw else 0))
        return (hand, corners, *edges)

    def _eval(self, hand: int) -> float:
        w = self.weights
        penalty = 0
        for mask, points in self._penalty_classes:
            penalty += points * (hand & mask).bit_count()
        value = -w.card * hand.bit_count() - w.penalty * penalty
        unseen = self._unseen
        piles = self._piles
        n, e, s, west, ne, se, sw, nw = piles
        open_edges = (not n) + (not e) + (not s) + (not west)
        empty_corner = not (ne and se and sw and nw)
        # The tops showing, the unseen cards that fit a top (outs) and the tops nothing unseen
        # fits (dead), in one pass over the piles.
        tops = outs = dead = 0
        for p in piles:
            if p:
                top = p[-1]
                tops |= 1 << top
                fits = FITS[top] & unseen
                if fits:
                    outs += fits.bit_count()
                else:
                    dead += 1
        if w.stuck_card:
            # Cards a card could still go on: tops now, or cards not yet played (unseen/own).
            homes = tops | unseen | hand
            m = hand
            stuck = 0
            while m:
                low = m & -m
                c = low.bit_length() - 1
                if c < 48 and not PARENTS[c] & homes:
                    stuck += 1
                m ^= low
            value -= w.stuck_card * stuck
        free = 0
        for p in (n, e, s, west):
            if p:
                b = p[0]
                if PARENTS[b] & tops or (b >= 48 and empty_corner):
                    free += 1
        return value - w.open_edge * open_edges - w.outs * outs - w.free_move * free + w.dead_top * dead

    def _moves(self, hand: int) -> list[int]:
        """The engine's legal codes (R4), one representative per symmetric family (a card or
        King pile goes only to the first empty edge or corner), consolidation first (R8), then
        Kings to a corner, builds, and the highest cards first to an empty edge."""
        piles = self._piles
        first_empty_edge = first_empty_corner = -1
        for i in range(4):
            if not piles[i]:
                first_empty_edge = i
                break
        for i in range(4, 8):
            if not piles[i]:
                first_empty_corner = i
                break
        pile_moves: list[int] = []
        kings: list[int] = []
        builds: list[int] = []
        fills: list[int] = []
        for code in legal_codes(piles, hand):
            target = code & 7
            if piles[target]:
                (pile_moves if code >= MOVE_BASE else builds).append(code)
            elif target == first_empty_corner:
                (pile_moves if code >= MOVE_BASE else kings).append(code)
            elif target == first_empty_edge:
                fills.append(code)
        fills.reverse()  # highest cards first: they take the most builds afterwards
        return pile_moves + kings + builds + fills

    def _apply(self, hand: int, code: int) -> tuple[int, int]:
        """Apply in place; returns (new hand, undo token)."""
        piles = self._piles
        if code < MOVE_BASE:
            piles[code & 7].append(code >> 3)
            return hand ^ (1 << (code >> 3)), -1
        s, d = divmod(code - MOVE_BASE, 8)
        n = len(piles[s])
        piles[d].extend(piles[s])
        piles[s] = []
        return hand, n

    def _undo(self, code: int, token: int) -> None:
        piles = self._piles
        if code < MOVE_BASE:
            piles[code & 7].pop()
            return
        s, d = divmod(code - MOVE_BASE, 8)
        dst = piles[d]
        piles[s] = dst[len(dst) - token:]
        del dst[len(dst) - token:]

    def _dfs(self, hand: int) -> float:
        key = self._key(hand)
        tt = self._tt
        cached = tt.get(key)
        if cached is not None:
            return cached
        self._nodes += 1
        if not self._stopped and (
            self._nodes > self.node_limit
            or (self.budget is not None and not self._nodes & 63 and self.budget.spent())
        ):
            self._stopped = True
        if hand and not self._stopped:
            moves = self._moves(hand)
            best = self._stopping_value(hand, moves)
            for code in moves:
                new_hand, token = self._apply(hand, code)
                value = self._dfs(new_hand)
                self._undo(code, token)
                if value > best:
                    best = value
                    if not new_hand:
                        break  # going out cannot be beaten
        else:
            best = self._eval(hand)
        tt[key] = best
        return best

    def _stopping_value(self, hand: int, moves: list[int]) -> float:
        """The value of ending the turn here, as the best of a node starts: none worth working
        out when a card can be played (``moves`` ends with the plays), which always beats it."""
        if moves and moves[-1] < MOVE_BASE and self._plays_beat_stopping:
            return _NEVER
        return self._eval(hand)

    def _child_value(self, hand: int, code: int) -> tuple[float, int, int]:
        new_hand, token = self._apply(hand, code)
        value = self._tt.get(self._key(new_hand))
        if value is None:
            value = self._eval(new_hand)
        return value, new_hand, token

    def _principal(self, hand: int) -> tuple[list[int], Candidate, tuple[int, ...]]:
        """Follow the best values down from the root to rebuild the plan; returns the plan,
        its end as a candidate, and the end's key.  The working board is left as it was."""
        plan: list[int] = []
        tokens: list[int] = []
        while hand:
            here = self._tt.get(self._key(hand))
            if here is None:
                break
            moves = self._moves(hand)
            best_code, best_value = -1, self._stopping_value(hand, moves)
            for code in moves:
                value, _, token = self._child_value(hand, code)
                self._undo(code, token)
                if value > best_value:
                    best_code, best_value = code, value
            if best_code < 0:
                break
            hand, token = self._apply(hand, best_code)
            plan.append(best_code)
            tokens.append(token)
        end = Candidate(tuple(plan), self._eval(hand), hand.bit_count())
        key = self._key(hand)
        for code, token in zip(reversed(plan), reversed(tokens)):
            self._undo(code, token)
        return plan, end, key

    def _collect(
        self, hand: int, path: list[int], ends: dict[tuple[int, ...], Candidate], limit: int,
    ) -> None:
        """Distinct end positions reachable from here, each with one plan reaching it."""
        if len(ends) >= limit:
            return
        key = self._key(hand)
        if key not in ends:
            ends[key] = Candidate(tuple(path), self._eval(hand), hand.bit_count())
        if not hand or (self.budget is not None and self.budget.spent()):
            return
        # Expand children in order of their best reachable value, so good ends come first.
        children = []
        for code in self._moves(hand):
            value, _, token = self._child_value(hand, code)
            self._undo(code, token)
            children.append((value, code))
        children.sort(key=lambda vc: -vc[0])
        for _, code in children[:4]:
            new_hand, token = self._apply(hand, code)
            if self._key(new_hand) not in ends:
                path.append(code)
                self._collect(new_hand, path, ends, limit)
                path.pop()
            self._undo(code, token)
