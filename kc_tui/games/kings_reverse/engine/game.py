"""The Kings Reverse referee (KINGS-REVERSE.md KR1-KR7): deals, legal actions, applying them,
scoring, with one seeded RNG.  Engine-side only: front ends use :mod:`.service`.

Inside, a card is an int: ``0..51`` as :attr:`kc_tui.core.cards.Card.id` (``rank_index * 4 +
suit``, suits C D H S) and 52 for the joker; a hand is a list of them (two decks: a card may be
there twice).  The stock is a list whose LAST element is its top.  Legal-action generation and
validation are one implementation (:meth:`ReverseGame.legal_actions`); a refused action raises
:class:`ReverseIllegal` with the sentence from :mod:`.refusal`.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ....core.cards import CARDS, JOKER, AnyCard, Suit
from ....core.events import PlayerInfo
from ....core.i18n import Domain
from ....core.kinds import Phase
from .actions import Action, ActionKind
from .basics import (
    ACE_OF_SPADES,
    EIGHT,
    JACK,
    JK,
    KING,
    QUEEN,
    SEVEN,
    RoundRecord,
    Step,
    card_of,
    card_value,
    new_deck,
)
from .events import (
    GAME_NAME,
    TRANSCRIPT_VERSION,
    Called,
    Caught,
    Challenged,
    Drew,
    Gave,
    Passed,
    Played,
    Reversed,
    ReverseEvent,
    RoundEnd,
    RoundStart,
    SessionEnd,
    SessionStart,
    Skipped,
    SuitNamed,
    TurnEnd,
    TurnStart,
)
from .refusal import refusal
from .rules import ReverseRules

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["ReverseGame", "ReverseIllegal", "TRANSCRIPT_VERSION"]

_SUITS = tuple(Suit)

class ReverseIllegal(ValueError):
    """An action the rules refuse; the message is the sentence the player sees."""





class ReverseGame:
    """One session of Kings Reverse.  All randomness comes from ``rng``."""

    def __init__(self, rules: ReverseRules, rng: random.Random, players: Sequence[PlayerInfo],
                 seed: int | None = None) -> None:
        if len(players) != rules.players:
            raise ValueError(f"{len(players)} players for a {rules.players}-player rule set")
        self.rules = rules
        self.rng = rng
        self.players = tuple(players)
        self.seed = seed
        self.n = rules.players
        self.phase = Phase.ROUND_OVER
        self.round_no = 0
        self.dealer = -1
        self.totals = [0] * self.n
        self.history: list[RoundRecord] = []
        self.session_winners: tuple[int, ...] = ()
        self._emit: Callable[[ReverseEvent], None] | None = None
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.follow = 0
        self.direction = 1
        self.current = 0
        self.step = Step.PLAY
        self.turns = 0
        self.steps = 0
        """Counts every change of who must act or how: a decision made for an older count is
        stale."""
        self.drawn: int | None = None
        self.fresh: list[int] = []
        self.give_queue: list[int] = []
        self.uncalled: int | None = None
        self.pending_skip = [False] * self.n
        self.passed: set[int] = set()
        self.shown: set[int] = set()
        """Seats whose bluff a challenge showed since a card last stayed on the pile: with the
        stock empty they may play a joker only by KR3.3 (docs/rules.md, the bound on bluffing)."""
        self.called = [False] * self.n
        self.joker_by: int | None = None
        self.joker_legal = True
        self.before_joker = 0
        self.round_winner: int | None = None
        self.round_reason = ""

    # ------------------------------------------------------------------ plumbing
    def set_emit(self, emit: Callable[[ReverseEvent], None] | None) -> None:
        self._emit = emit

    def _say(self, event: ReverseEvent) -> None:
        if self._emit is not None:
            self._emit(event)

    def clone(self) -> ReverseGame:
        """A copy to search on: no listener, its own RNG (for the expert's rollouts)."""
        g = ReverseGame.__new__(ReverseGame)
        g.__dict__.update(self.__dict__)
        g._emit = None
        g.rng = random.Random(0)
        g.hands = [list(h) for h in self.hands]
        g.stock = list(self.stock)
        g.pile = list(self.pile)
        g.fresh = list(self.fresh)
        g.give_queue = list(self.give_queue)
        g.pending_skip = list(self.pending_skip)
        g.passed = set(self.passed)
        g.shown = set(self.shown)
        g.called = list(self.called)
        g.totals = list(self.totals)
        g.history = list(self.history)
        return g

    # ------------------------------------------------------------------ rounds
    def start(self) -> None:
        """``session_start`` and the first deal; the first dealer is drawn at random (KR2)."""
        if self.round_no:
            raise ReverseIllegal(_("The session has already started."))
        self._say(SessionStart(TRANSCRIPT_VERSION, self.seed, self.rules.as_dict(), self.players,
                               GAME_NAME))
        self.dealer = self.rng.randrange(self.n)
        self._deal()

    def next_round(self) -> None:
        """Deal the next round; the deal passes clockwise (KR2)."""
        if self.phase != Phase.ROUND_OVER:
            raise ReverseIllegal(_("The round is still being played.") if self.phase == Phase.TURN
                                 else _("The session is over."))
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def _deal(self) -> None:
        rules, n, rng = self.rules, self.n, self.rng
        deck = new_deck(rules)
        rng.shuffle(deck)
        size = rules.hand_size
        self.hands = [deck[i * size:(i + 1) * size] for i in range(n)]
        stock = deck[n * size:]
        stock.reverse()  # the deck's next card is the stock's top (the list's end)
        # KR2: a joker turned up goes back into the stock at a random place.
        while stock[-1] == JK:
            stock.pop()
            stock.insert(rng.randrange(len(stock) + 1), JK)
        self.pile = [stock.pop()]
        self.stock = stock
        self.round_no += 1
        self.phase = Phase.TURN
        self.turns = 0
        self.direction = 1
        self.follow = self.pile[0] % 4
        self.drawn = None
        self.fresh = []
        self.give_queue = []
        self.uncalled = None
        self.pending_skip = [False] * n
        self.passed = set()
        self.shown = set()
        self.called = [False] * n
        self.joker_by = None
        self.round_winner = None
        self.round_reason = ""
        self._say(RoundStart(
            self.round_no, self.dealer, tuple(tuple(card_of(c) for c in h) for h in self.hands),
            (card_of(self.pile[0]),), tuple(card_of(c) for c in reversed(self.stock))))
        # KR2: the turned-up card acts on the first player as if the dealer had played it.
        top = self.pile[0]
        rank = top // 4 + 1
        self.current = self.dealer
        if rank == KING and n > 2:
            self.direction = -1
            if self._emit is not None:  # no events built for a search's copies
                self._say(Reversed(self.dealer, False))
            self._start_turn(self.dealer)
        elif rank in (SEVEN, EIGHT, KING):
            self._after_effect(self.dealer, top)
        else:
            self._start_turn((self.dealer + 1) % n)

    # ------------------------------------------------------------------ turn flow
    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.n

    def _draw(self, seat: int, count: int, reason: str) -> list[int]:
        """Draw up to ``count`` from the stock (a short stock gives what it has, KR4)."""
        stock = self.stock
        got = [stock.pop() for _ in range(min(count, len(stock)))]
        self.hands[seat].extend(got)
        self.called[seat] = False
        if reason != "turn" and seat == self.current:
            self.fresh.extend(got)
        if self._emit is not None:  # no events built for a search's copies
            self._say(Drew(seat, len(got), reason, tuple(card_of(c) for c in got)))
        return got

    def _after_effect(self, player: int, top: int) -> None:
        """Move on after ``player``'s card ``top`` took effect: a 7 or joker makes the next
        player draw, a 7, 8, joker (and a King between two) skips them (KR4)."""
        nxt = self._next(player)
        rank = 0 if top == JK else top // 4 + 1
        if rank == SEVEN or top == JK:
            self._draw(nxt, 2 if rank == SEVEN else 4, "7" if rank == SEVEN else "JK")
        if rank in (SEVEN, EIGHT) or top == JK or (rank == KING and self.n == 2):
            if self._emit is not None:  # no events built for a search's copies
                self._say(Skipped(nxt, "JK" if top == JK else "78K"[(SEVEN, EIGHT, KING).index(rank)]))
            nxt = self._next(nxt)
        self._start_turn(nxt)

    def _start_turn(self, seat: int) -> None:
        # KR6: a turn lost after a caught bluff is replaced by a skip; other skips leave it.
        while self.pending_skip[seat]:
            self.pending_skip[seat] = False
            if self._emit is not None:  # no events built for a search's copies
                self._say(Skipped(seat, "penalty"))
            seat = self._next(seat)
        self.current = seat
        self.turns += 1
        self.steps += 1
        self.step = Step.PLAY
        self.drawn = None
        self.fresh = []
        if self._emit is not None:  # no events built for a search's copies
            self._say(TurnStart(seat))
        # KR5: the catch is judged at the next turn actually taken, whoever's it is.
        late = self.uncalled
        if late is not None:
            self.uncalled = None
            if len(self.hands[late]) == 1:
                if self._emit is not None:  # no events built for a search's copies
                    self._say(Caught(late))
                self._draw(late, 2, "caught")

    def _end_turn(self) -> None:
        player = self.current
        if self._emit is not None:  # no events built for a search's copies
            self._say(TurnEnd(player))
        self.drawn = None
        top = self.pile[-1]
        if self.joker_by == player and self.rules.joker_challenge:
            # KR6: the next player may challenge before the joker's draw and skip.
            self.current = self._next(player)
            self.step = Step.CHALLENGE
            self.steps += 1
            return
        self.joker_by = None
        if self._played_this_turn:
            self._after_effect(player, top)
        else:
            self._start_turn(self._next(player))

    _played_this_turn = False

    def _finish_play(self) -> None:
        """After a play (and any gives): out, the call, or the end of the turn."""
        seat = self.current
        left = len(self.hands[seat])
        if left == 0:
            self._go_out(seat)
            return
        if left == 1 and self.rules.one_card_call:
            self.step = Step.CALL
            self.steps += 1
            return
        self._end_turn()

    def _go_out(self, seat: int) -> None:
        top = self.pile[-1]
        rank = 0 if top == JK else top // 4 + 1
        nxt = self._next(seat)
        # KR7: a last 7 or joker still gives its cards to the next player.
        if rank == SEVEN:
            self._draw(nxt, 2, "7")
        elif top == JK:
            self._draw(nxt, 4, "JK")
        if self._emit is not None:  # no events built for a search's copies
            self._say(TurnEnd(seat))
        self._end_round(seat)

    def _end_round(self, winner: int | None) -> None:
        scores = tuple(0 if s == winner else sum(card_value(c) for c in h)
                       for s, h in enumerate(self.hands))
        for s in range(self.n):
            self.totals[s] += scores[s]
        self.round_winner = winner
        self.round_reason = "blocked" if winner is None else "out"
        self.history.append(RoundRecord(self.round_no, self.round_reason, winner, scores,
                                        tuple(self.totals)))
        self.phase = Phase.ROUND_OVER
        self.steps += 1
        self._say(RoundEnd(self.round_no, self.round_reason, () if winner is None else (winner,),
                           tuple(tuple(card_of(c) for c in h) for h in self.hands), scores,
                           tuple(self.totals)))
        if max(self.totals) >= self.rules.target:
            low = min(self.totals)
            self.session_winners = tuple(s for s in range(self.n) if self.totals[s] == low)
            self.phase = Phase.SESSION_OVER
            if self._emit is not None:  # no events built for a search's copies
                self._say(SessionEnd(self.session_winners, tuple(self.totals)))

    # ------------------------------------------------------------------ legality
    def matches(self, c: int) -> bool:
        """May ``c`` (not a joker) go on the pile by KR3.1 (suit to follow or rank) or 3.2?"""
        r = c // 4 + 1
        if r == JACK or c % 4 == self.follow:
            return True
        top = self.pile[-1]
        return top != JK and top // 4 + 1 == r

    def _playable_counts(self, seat: int) -> dict[int, int]:
        if seat != self.current or not self.fresh:
            return dict.fromkeys(self.hands[seat], 1)
        counts: dict[int, int] = {}
        for c in self.hands[seat]:
            counts[c] = counts.get(c, 0) + 1
        if seat == self.current:
            for c in self.fresh:  # penalty cards are never played the turn they come (KR3)
                counts[c] -= 1
        return {c: k for c, k in counts.items() if k > 0}

    def other_playable(self, seat: int) -> list[int]:
        """The cards other than jokers ``seat`` could play now (what makes a joker illegal,
        KR3.3)."""
        return [c for c in self._playable_counts(seat) if c != JK and self.matches(c)]

    def _marriage_ok(self, suit: int) -> bool:
        """KR3.4: the marriage goes down when either card alone could by KR3.1."""
        if suit == self.follow:
            return True
        top = self.pile[-1]
        return top != JK and top // 4 + 1 in (QUEEN, KING)

    def may_bluff(self, seat: int) -> bool:
        """May ``seat`` play a joker while holding another playable card (KR6)?  Not with the
        stock empty once a challenge has shown its bluff, until a card stays on the pile: the
        taken-back joker draws nothing then, and the same bluff could be made for ever."""
        return self.rules.joker_challenge and (bool(self.stock) or seat not in self.shown)

    def _joker_actions(self, last: bool) -> list[Action]:
        if last:
            return [_ACTIONS[(ActionKind.PLAY, JK, -1)]]
        return [_ACTIONS[(ActionKind.PLAY, JK, s)] for s in range(4)]

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now, from the one implementation that
        also validates (:meth:`apply`), hints and the computer players use."""
        if self.phase != Phase.TURN:
            return []
        step, seat = self.step, self.current
        hand = self.hands[seat]
        if step is Step.PLAY:
            counts = self._playable_counts(seat)
            out = [_ACTIONS[(ActionKind.PLAY, c, -1)] for c in sorted(counts)
                   if c != JK and self.matches(c)]
            if JK in counts and (not out or self.may_bluff(seat)):
                out.extend(self._joker_actions(len(hand) == 1))
            for s in range(4):
                if counts.get(44 + s) and counts.get(48 + s) and self._marriage_ok(s):
                    out.append(_ACTIONS[(ActionKind.MARRY, -1, s)])
            if self.stock:
                out.append(_ACTIONS[(ActionKind.DRAW, -1, -1)])
            elif not out:
                out.append(_ACTIONS[(ActionKind.PASS, -1, -1)])
            return out
        if step is Step.DRAWN:
            return self._drawn_actions()
        if step is Step.GIVE:
            return [_ACTIONS[(ActionKind.GIVE, c, -1)] for c in sorted(set(hand))]
        if step is Step.CALL:
            return [_ACTIONS[(ActionKind.CALL, -1, -1)], _ACTIONS[(ActionKind.END, -1, -1)]]
        return [_ACTIONS[(ActionKind.CHALLENGE, -1, -1)], _ACTIONS[(ActionKind.ACCEPT, -1, -1)]]

    def _drawn_actions(self) -> list[Action]:
        d = self.drawn
        assert d is not None
        seat = self.current
        out: list[Action] = []
        if d == JK:
            bluff = bool(self.other_playable(seat))
            if not bluff or self.may_bluff(seat):
                out.extend(self._joker_actions(len(self.hands[seat]) == 1))
            if bluff:
                out.append(_ACTIONS[(ActionKind.END, -1, -1)])  # KR3.5: a bluff need not go down
            return out
        out.append(_ACTIONS[(ActionKind.PLAY, d, -1)])
        r, s = d // 4 + 1, d % 4
        if r in (QUEEN, KING):
            partner = (QUEEN + KING - r - 1) * 4 + s
            # A partner drawn as a penalty this turn cannot go down with it (KR3).
            if self._playable_counts(seat).get(partner) and self._marriage_ok(s):
                out.append(_ACTIONS[(ActionKind.MARRY, -1, s)])
        return out

    def drawn_playable(self, seat: int, d: int) -> bool:
        """KR3.5: may the drawn card be played alone by KR3.1-3.3?"""
        if d == JK:
            return not self.other_playable(seat) or self.may_bluff(seat)
        return self.matches(d)

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action) -> None:
        """Apply the current player's ``action``; raises :class:`ReverseIllegal` with the
        sentence to show, changing nothing."""
        if self.phase != Phase.TURN or action not in self.legal_actions():
            raise ReverseIllegal(refusal(self, action))
        self._apply(*_key(action))

    def apply_trusted(self, action: Action) -> None:
        """Apply ``action`` taken from :meth:`legal_actions` without checking it again (a
        search's rollouts; anything else uses :meth:`apply`)."""
        key = _KEY_OF.get(id(action))
        self._apply(*(key if key is not None else _key(action)))

    def _apply(self, kind: ActionKind, c: int, s: int) -> None:
        seat = self.current
        hand = self.hands[seat]
        self.called[seat] = False
        if kind is ActionKind.PLAY:
            self._played_this_turn = True
            hand.remove(c)
            last = not hand
            if c == JK:
                self.before_joker = self.follow
                # KR6: judged on the hand as it is now (the joker is out of it already).
                self.joker_legal = not self.other_playable(seat)
                self.pile.append(JK)
                self.joker_by = None if last else seat
                if self._emit is not None:  # no events built for a search's copies
                    self._say(Played(seat, (JOKER,)))
                if not last:
                    self.follow = s
                    if self._emit is not None:  # no events built for a search's copies
                        self._say(SuitNamed(seat, _SUITS[s]))
            else:
                self.pile.append(c)
                self.follow = c % 4
                if self._emit is not None:  # no events built for a search's copies
                    self._say(Played(seat, (CARDS[c],)))
                self.shown.clear()  # a card stays on the pile
            self.passed.clear()
            self._after_play(seat, c)
        elif kind is ActionKind.MARRY:
            self._played_this_turn = True
            q, k = 44 + s, 48 + s
            hand.remove(q)
            hand.remove(k)
            self.pile.extend((q, k))
            self.follow = s
            self.passed.clear()
            self.shown.clear()
            if self._emit is not None:  # no events built for a search's copies
                self._say(Played(seat, (CARDS[q], CARDS[k])))
            self._after_play(seat, k)
        elif kind is ActionKind.DRAW:
            self._played_this_turn = False
            got = self._draw(seat, 1, "turn")
            d = got[0]
            if self.drawn_playable(seat, d):
                self.drawn = d
                self.step = Step.DRAWN
                self.steps += 1
            else:
                self._end_turn()
        elif kind is ActionKind.PASS:
            self._played_this_turn = False
            if self._emit is not None:  # no events built for a search's copies
                self._say(Passed(seat))
            self.passed.add(seat)
            if len(self.passed) == self.n:
                if self._emit is not None:  # no events built for a search's copies
                    self._say(TurnEnd(seat))
                self._end_round(None)  # KR7: blocked
            else:
                self._end_turn()
        elif kind is ActionKind.CALL:
            self.called[seat] = True
            if self._emit is not None:  # no events built for a search's copies
                self._say(Called(seat))
            self._end_turn()
        elif kind is ActionKind.END:
            if self.step is Step.CALL:
                self.uncalled = seat
            else:
                self._played_this_turn = False
            self._end_turn()
        elif kind is ActionKind.GIVE:
            to = self.give_queue.pop(0)
            hand.remove(c)
            self.hands[to].append(c)
            if self._emit is not None:  # no events built for a search's copies
                self._say(Gave(seat, to, card_of(c)))
            if not hand:
                # KR4: out of cards before everyone had one: the others draw one each.
                for other in self.give_queue:
                    self._draw(other, 1, "ace")
                self.give_queue = []
                if self._emit is not None:  # no events built for a search's copies
                    self._say(TurnEnd(seat))
                self._end_round(seat)
            elif not self.give_queue:
                self._finish_play()
        elif kind is ActionKind.CHALLENGE:
            self._challenge(seat)
        else:  # ACCEPT
            by = self.joker_by
            assert by is not None
            self.joker_by = None
            self.shown.clear()  # the joker stays on the pile
            self._draw(seat, 4, "JK")
            if self._emit is not None:  # no events built for a search's copies
                self._say(Skipped(seat, "JK"))
            self._start_turn(self._next(seat))

    def _after_play(self, seat: int, top: int) -> None:
        rank = 0 if top == JK else top // 4 + 1
        hand = self.hands[seat]
        self.drawn = None
        if rank == KING and self.n > 2:
            self.direction = -self.direction
            if self._emit is not None:  # no events built for a search's copies
                self._say(Reversed(seat, self.direction == 1))
        if top == ACE_OF_SPADES and self.rules.ace_of_spades:
            # KR4: one card to each other player, in playing order.
            queue = []
            p = self._next(seat)
            while p != seat:
                queue.append(p)
                p = self._next(p)
            if not hand:
                for other in queue:
                    self._draw(other, 1, "ace")
                if self._emit is not None:  # no events built for a search's copies
                    self._say(TurnEnd(seat))
                self._end_round(seat)
                return
            self.give_queue = queue
            self.step = Step.GIVE
            self.steps += 1
            return
        self._finish_play()

    def _challenge(self, seat: int) -> None:
        by = self.joker_by
        assert by is not None
        self.joker_by = None
        legal = self.joker_legal
        if self._emit is not None:  # no events built for a search's copies
            self._say(Challenged(seat, by, legal, tuple(card_of(c) for c in sorted(self.hands[by]))))
        if legal:
            self.shown.clear()  # the joker stays on the pile
            self._draw(seat, 6, "challenge")
            if self._emit is not None:  # no events built for a search's copies
                self._say(Skipped(seat, "challenge"))
            self._start_turn(self._next(seat))
            return
        # KR6: the joker goes back, the pile and the suit are as they were.
        self.pile.pop()
        self.hands[by].append(JK)
        self.follow = self.before_joker
        self._draw(by, 4, "challenge")
        self.pending_skip[by] = True
        # Not a pass (KR3.5: only a player who cannot play passes), so the round goes on (KR7);
        # what bounds the bluffing is :meth:`may_bluff`.
        self.shown.add(by)
        self._start_turn(seat)

    # ------------------------------------------------------------------ reading
    @property
    def top(self) -> int:
        return self.pile[-1]

    def hand(self, seat: int) -> tuple[AnyCard, ...]:
        """``seat``'s hand, sorted (jokers last)."""
        return tuple(map(_CARD_OF.__getitem__, sorted(self.hands[seat])))

    def why_not_playing(self) -> str:
        return _("The round is over.") if self.phase == Phase.ROUND_OVER else _("The session is over.")


_CARD_OF: tuple[AnyCard, ...] = tuple(JOKER if c == JK else CARDS[c] for c in range(53))


def _key(action: Action) -> tuple[ActionKind, int, int]:
    return (action.kind, -1 if action.card is None else action.card.id,
            -1 if action.suit is None else action.suit.index)


def _all_actions() -> dict[tuple[ActionKind, int, int], Action]:
    table: dict[tuple[ActionKind, int, int], Action] = {}
    for c in range(53):
        table[(ActionKind.PLAY, c, -1)] = Action(ActionKind.PLAY, card_of(c))
        table[(ActionKind.GIVE, c, -1)] = Action(ActionKind.GIVE, card_of(c))
    for s in range(4):
        table[(ActionKind.PLAY, JK, s)] = Action(ActionKind.PLAY, JOKER, _SUITS[s])
        table[(ActionKind.MARRY, -1, s)] = Action(ActionKind.MARRY, None, _SUITS[s])
    for kind in (ActionKind.DRAW, ActionKind.PASS, ActionKind.CALL, ActionKind.END,
                 ActionKind.CHALLENGE, ActionKind.ACCEPT):
        table[(kind, -1, -1)] = Action(kind)
    return table


_ACTIONS = _all_actions()
_KEY_OF = {id(a): k for k, a in _ACTIONS.items()}
"""The key of each of :data:`_ACTIONS` by identity (what :meth:`legal_actions` hands out), so
that a rollout's :meth:`ReverseGame.apply_trusted` need not work it out again."""
