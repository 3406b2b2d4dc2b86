"""The referee: one session of Kings in the Corner, round after round (docs/rules.md R2-R7).

:class:`Game` owns all the state (hands, board, stock, scores, whose turn) and changes it only
through legal actions: :meth:`Game.play` (or :meth:`Game.play_plan` for several moves at once),
:meth:`Game.undo`, :meth:`Game.end_turn` and :meth:`Game.next_round`.  Each action emits the
transcript events of docs/protocol.md section 1 to one callback, in protocol order.  With no callback
no event objects are built at all, which keeps the simulator and AI searches fast.

Internally cards are ints, hands are bit masks and the board is eight lists of card ids (see
:mod:`kc_tui.games.kings_corner.engine.moves`); the public accessors return :class:`Card` and
:class:`Pile` values.
The referee is the engine's own: front ends drive it through
:class:`~kc_tui.games.kings_corner.engine.service.GameService`
and read the values of :mod:`kc_tui.games.kings_corner.engine.views`.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from ....core.cards import CARDS, Card, card_ids, cards_of_mask, mask_of
from ....core.errors import IllegalMove
from ....core.events import PlayerInfo, SessionEnd, SessionStart, TurnEnd, TurnStart
from ....core.i18n import Domain
from ....core.kinds import Phase, SeatKind
from .board import FITS, KING_MASK, PILES, Pile, owed_king
from .events import (
    GAME_NAME,
    PROTOCOL_VERSION,
    Chips,
    Draw,
    Event,
    MoveEvent,
    Play,
    RoundEnd,
    RoundStart,
    Undo,
)
from .kinds import ChipReason, DrawTiming, RoundEndReason, Scoring
from .moves import MOVE_BASE, MOVE_CODES, Move, legal_codes, move_code, move_of_code, refusal
from .naming import card_text
from .observation import Observation
from .rules import RuleSet
from .scoring import hand_penalty, session_over, session_winners
from .views import RoundRecord

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["Game", "Phase", "PROTOCOL_VERSION", "RoundRecord"]


_BIT = tuple(1 << c for c in range(52))
"""``_BIT[card]``: the card's bit in a hand mask."""


def _shuffle(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)``, drawing exactly the same random bits in the same order as
    CPython's (Fisher-Yates from the end, each index by rejection sampling on
    ``getrandbits``), so a seed deals what it always dealt; written out because a deal is dealt
    for every simulated round and the library's version spends half its time in calls."""
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


_UNNAMED = tuple(tuple(PlayerInfo(f"Player {i + 1}", SeatKind.AI) for i in range(n)) for n in range(7))
"""The seats of a game given no players, by count (made once: every AI rollout makes a game)."""


EventSink = Callable[[Event], None]
Deal = RoundStart
"""A recorded deal: the hands, board and stock of a ``round_start`` event."""


class Game:
    """One session: deals rounds, referees turns, scores (R2-R7).

    ``rng`` is the game's one seeded random source (it shuffles and picks the first dealer).
    ``players`` describes the seats for the transcript.  ``emit`` receives every event.
    Call :meth:`start` to emit ``session_start`` and deal round 1.
    """

    def __init__(
        self,
        rules: RuleSet,
        rng: random.Random,
        players: Sequence[PlayerInfo] | None = None,
        seed: int | None = None,
        emit: EventSink | None = None,
    ) -> None:
        self.rules = rules.checked()
        self.rng = rng
        self.seed = seed
        n = rules.players
        self.players: tuple[PlayerInfo, ...] = tuple(players) if players else _UNNAMED[n]
        if len(self.players) != n:
            raise ValueError(f"{len(self.players)} players given for a {n}-player rule set")
        self._emit = emit
        self.n = n
        self._draw_start = rules.draw == DrawTiming.START
        self._draw_end = rules.draw == DrawTiming.END
        self._no_draw = rules.draw == DrawTiming.NONE
        self._chips = rules.scoring == Scoring.CHIPS
        self._mandatory = rules.mandatory_kings
        self._royal = rules.royal_kings
        # Session state.
        self.round_no = 0
        self.dealer = -1
        self.totals = [0] * n
        self.pot = 0
        self.phase = Phase.ROUND_OVER
        self._session_winners: tuple[int, ...] = ()
        # Round state.
        self.hands: list[int] = [0] * n
        self.piles: list[list[int]] = [[] for _ in range(8)]
        self.stock: list[int] = []  # top of the stock is the last element
        self.current = 0
        self.turns = 0  # turns started this round
        self.idle_run = 0
        self.extra_turns = 0
        self.round_reason: RoundEndReason | None = None
        self.round_winners: tuple[int, ...] = ()
        self.round_scores: tuple[int, ...] = ()
        self.history: list[RoundRecord] = []
        self._ledger: list[tuple[int, int, ChipReason]] = []  # chips paid this round: (seat, chips, why)
        """One record per finished round of the session, oldest first (for score tables)."""
        # Turn state: net of undos.
        self.turn_cards_out = 0
        self.turn_kings = 0
        self._log: list[tuple[int, int]] = []  # this turn's plays and moves, for undo

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        hands: Sequence[int],
        piles: Sequence[Sequence[int]],
        stock: Sequence[int],
        current: int,
        *,
        dealer: int = 0,
        totals: Sequence[int] | None = None,
        pot: int = 0,
        idle_run: int = 0,
        extra_turns: int = 0,
        rng: random.Random | None = None,
    ) -> Game:
        """A game in the middle of a round at the start of ``current``'s turn, after any draw
        (for AI rollouts on a sampled position and for tests).  ``stock``'s last card is its
        top.  No events are emitted.  ``rng`` deals the rounds after this one (default: one
        seeded with 0); a caller that never deals again can share one and save seeding it."""
        game = cls(rules, rng or random.Random(0))
        game.hands = list(hands)
        game.piles = [list(p) for p in piles]
        game.stock = list(stock)
        game.current = current
        game.dealer = dealer
        game.round_no = 1
        game.totals = list(totals) if totals is not None else [0] * rules.players
        game.pot = pot
        game.idle_run = idle_run
        game.extra_turns = extra_turns
        game.phase = Phase.TURN
        game.turns = 1
        return game

    def set_emit(self, emit: EventSink | None) -> None:
        """Where events go from now on (None: nowhere, and none are built)."""
        self._emit = emit

    # ------------------------------------------------------------------ session flow
    def start(self, dealer: int | None = None, deal: Deal | None = None) -> None:
        """Emit ``session_start`` and deal round 1; the first dealer is random (R2).

        ``dealer`` and ``deal`` (a recorded :class:`RoundStart`) replay a transcript's round.
        """
        if self.round_no:
            raise IllegalMove(_("The session has already started."))
        if self._emit:
            self._emit(SessionStart(PROTOCOL_VERSION, self.seed, self.rules.as_dict(), self.players,
                                    GAME_NAME))
        if dealer is not None and (
            not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.n
        ):
            raise IllegalMove(f"the dealer must be a seat from 0 to {self.n - 1}")
        self.dealer = self.first_dealer(self.rng, self.n) if dealer is None else dealer
        self._deal(deal)

    @staticmethod
    def first_dealer(rng: random.Random, players: int) -> int:
        """The first dealer (R2) that the game's fresh ``rng`` picks: its first draw."""
        return rng.randrange(players)

    def next_round(self, deal: Deal | None = None) -> None:
        """Deal the next round; the deal passes clockwise (R2).  ``deal`` replays a recorded one."""
        if self.phase != Phase.ROUND_OVER or not self.round_no:
            raise IllegalMove(
                _("The session is over.") if self.phase == Phase.SESSION_OVER
                else _("The round is still being played.")
            )
        self.dealer = (self.dealer + 1) % self.n
        self._deal(deal)

    def _deal(self, deal: Deal | None = None) -> None:
        n = self.n
        first = (self.dealer + 1) % n
        if deal is not None:
            hands, piles, deck = [mask_of(h) for h in deal.hands], [
                [c.id for c in p] for p in deal.board
            ], [c.id for c in reversed(deal.stock)]
        else:
            hands, piles, deck = self._shuffled_deal(first)
        self.hands = hands
        self.piles = piles
        self.stock = deck
        self.round_no += 1
        self.turns = 0
        self.idle_run = 0
        self.extra_turns = 0
        self.round_reason = None
        self.round_winners = ()
        self.round_scores = ()
        self.phase = Phase.TURN
        emit = self._emit
        if emit:
            emit(RoundStart(
                self.round_no, self.dealer,
                tuple(cards_of_mask(h) for h in hands),
                tuple(tuple(CARDS[c] for c in pile) for pile in piles),
                tuple(CARDS[c] for c in reversed(deck)),
            ))
        if self._chips:
            # R7 chips: everyone antes 1 when the round starts.
            self.pot += n
            self._ledger = [(seat, 1, ChipReason.ANTE) for seat in range(n)]
            if emit:
                for seat in range(n):
                    emit(Chips(seat, 1, ChipReason.ANTE))
        self._begin_turn(first)

    def _shuffled_deal(self, first: int) -> tuple[list[int], list[list[int]], list[int]]:
        rules, n = self.rules, self.n
        deck = list(range(52))
        _shuffle(self.rng, deck)
        # The deck's last card is its top: deal one at a time starting left of the dealer (R2),
        # so the k-th player from the left gets every n-th card from the top, starting at k.
        dealt = n * rules.hand_size
        from_top = deck[len(deck) - dealt:][::-1]
        del deck[len(deck) - dealt:]
        hands = [0] * n
        for k in range(n):
            hands[(first + k) % n] = sum(map(_BIT.__getitem__, from_top[k::n]))
        piles: list[list[int]] = [[] for _ in range(8)]
        for p in range(4):
            piles[p].append(deck.pop())
        if rules.kings_to_corners_at_deal:
            # R2: a King turned up for an edge goes to the first empty corner, replaced from the
            # stock (again if the replacement is a King).  An empty stock leaves the edge empty.
            for p in range(4):
                while piles[p] and piles[p][-1] >= 48:
                    corner = next(c for c in range(4, 8) if not piles[c])
                    piles[corner].append(piles[p].pop())
                    if deck:
                        piles[p].append(deck.pop())
        return hands, piles, deck

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.turns += 1
        self.turn_cards_out = 0
        self.turn_kings = 0
        self._log = []
        emit = self._emit
        if emit:
            emit(TurnStart(seat))
        if self._draw_start and self.stock:
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            if emit:
                emit(Draw(seat, CARDS[card]))

    # ------------------------------------------------------------------ moves
    def legal_codes(self) -> list[int]:
        """The current player's legal move codes (empty outside a turn)."""
        if self.phase != Phase.TURN:
            return []
        return legal_codes(self.piles, self.hands[self.current])

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's legal moves, as values (R4)."""
        return tuple(move_of_code(c) for c in self.legal_codes())

    def why_illegal(self, move: Move | int) -> str | None:
        """``None`` if the current player may make ``move`` now, else the sentence why not."""
        if self.phase != Phase.TURN:
            return self.why_not_playing()
        try:
            code = move_code(move)
        except IllegalMove as exc:
            return str(exc)
        return refusal(self.piles, self.hands[self.current], code)

    def play(self, move: Move | int) -> None:
        """Apply one move of the current player; raises :class:`IllegalMove` with the reason."""
        code = move_code(move)
        if self.phase != Phase.TURN:
            raise IllegalMove(self.why_not_playing())
        if not self.play_plan((code,)):
            raise IllegalMove(refusal(self.piles, self.hands[self.current], code))

    def play_plan(self, moves: Iterable[Move | int]) -> int:
        """Apply the current player's ``moves`` in order, as :meth:`play` would, until one is
        refused or the round ends; returns how many were applied (:meth:`play` on the refused
        one says why).  A computer's whole turn goes through here in one call."""
        if self.phase != Phase.TURN:
            return 0
        seat = self.current
        hands = self.hands
        piles = self.piles
        log = self._log
        applied = 0
        for move in moves:
            if move.__class__ is int and 0 <= move < MOVE_CODES:
                code = move
            else:
                try:
                    code = move_code(move)
                except IllegalMove:
                    break
            hand = hands[seat]
            # R4, checked inline (what :func:`refusal` accepts, without building its sentence).
            if code < MOVE_BASE:
                cid, p = code >> 3, code & 7
                pile = piles[p]
                if not (hand >> cid & 1 and (FITS[pile[-1]] >> cid & 1 if pile else p < 4 or cid >= 48)):
                    break
                pile.append(cid)
                hand ^= 1 << cid
                hands[seat] = hand
                self.turn_cards_out += 1
                if cid >= 48:
                    self.turn_kings += 1
                log.append((code, 0))
                applied += 1
                if self._emit:
                    self._emit(Play(seat, CARDS[cid], PILES[p]))
                if not hand:
                    self._end_round(RoundEndReason.OUT, (seat,))
                    break
            else:
                s, d = (code - MOVE_BASE) >> 3, code & 7
                moved = piles[s]
                dst = piles[d]
                if not (s < 4 and moved and s != d and (
                    FITS[dst[-1]] >> moved[0] & 1 if dst else d >= 4 and moved[0] >= 48
                )):
                    break
                dst.extend(moved)
                piles[s] = []
                log.append((code, len(moved)))
                applied += 1
                if self._emit:
                    self._emit(MoveEvent(seat, PILES[s], PILES[d]))
        return applied

    def can_undo(self) -> bool:
        return self.phase == Phase.TURN and bool(self._log)

    def undo(self) -> None:
        """Take back the current player's last play or move of this turn (never a draw)."""
        if self.phase != Phase.TURN:
            raise IllegalMove(self.why_not_playing())
        if not self._log:
            raise IllegalMove(_("There is nothing to undo this turn."))
        code, count = self._log.pop()
        seat = self.current
        if code < MOVE_BASE:
            cid, p = code >> 3, code & 7
            self.piles[p].pop()
            self.hands[seat] |= 1 << cid
            self.turn_cards_out -= 1
            if cid >= 48:
                self.turn_kings -= 1
        else:
            s, d = divmod(code - MOVE_BASE, 8)
            dst = self.piles[d]
            self.piles[s] = dst[len(dst) - count:]
            del dst[len(dst) - count:]
        if self._emit:
            self._emit(Undo(seat))

    def moves_this_turn(self) -> int:
        """Plays and pile moves made this turn, net of undos."""
        return len(self._log)

    def pending_king(self) -> Card | None:
        """Under ``mandatory_kings``: a King the current player must play before ending, or None."""
        if self.phase != Phase.TURN:
            return None
        king = owed_king(self.piles, self.hands[self.current], self._mandatory)
        return None if king is None else CARDS[king]

    def end_turn(self, force_kings: bool = False) -> None:
        """End the current turn: end-of-turn draw, penalties, the blocked check, next player.

        Under ``mandatory_kings`` a player holding a King while a corner is empty may not end
        the turn (R6); with ``force_kings`` such Kings are played to the empty corners first
        (used when an AI or bot seat ends a turn without doing so).
        """
        if self.phase != Phase.TURN:
            raise IllegalMove(self.why_not_playing())
        king = self.pending_king() if self._mandatory else None
        while king is not None:
            if not force_kings:
                raise IllegalMove(_(
                    "You must play {card} to an empty corner before ending your turn "
                    "(Kings are mandatory)."
                ).format(card=card_text(king)))
            corner = next(c for c in range(4, 8) if not self.piles[c])
            self.play(king.id * 8 + corner)
            if self.phase != Phase.TURN:
                return  # that King was the player's last card: the round is over (R5)
            king = self.pending_king()
        seat = self.current
        emit = self._emit
        hand = self.hands[seat]
        # R7 chips: judged when the player ends the turn, before an end-of-turn draw.
        king_held = (
            self._chips and not self._mandatory and bool(hand & KING_MASK)
            and not all(self.piles[4:])
        )
        if self._draw_end and self.stock:
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            if emit:
                emit(Draw(seat, CARDS[card]))
            if self._mandatory and card >= 48:
                # R6: with draw "end", a King drawn at the end goes to an empty corner at once.
                corner = next((c for c in range(4, 8) if not self.piles[c]), -1)
                if corner >= 0:
                    self.piles[corner].append(card)
                    self.hands[seat] ^= 1 << card
                    self.turn_cards_out += 1
                    self.turn_kings += 1
                    self._log.append((card * 8 + corner, 0))
                    if emit:
                        emit(Play(seat, CARDS[card], PILES[corner]))
        # R5: an idle turn ends with an empty stock (always so with draw "none") and no card
        # gone from the hand.
        if (self._no_draw or not self.stock) and self.turn_cards_out == 0:
            self.idle_run += 1
        else:
            self.idle_run = 0
        if self._chips:
            if not self._log:
                self.pot += 1
                self._ledger.append((seat, 1, ChipReason.NO_MOVE))
                if emit:
                    emit(Chips(seat, 1, ChipReason.NO_MOVE))
            if king_held:
                self.pot += 3
                self._ledger.append((seat, 3, ChipReason.KING_HELD))
                if emit:
                    emit(Chips(seat, 3, ChipReason.KING_HELD))
        if emit:
            emit(TurnEnd(seat))
        if self.idle_run >= self.n:
            hands = self.hands
            fewest = min(h.bit_count() for h in hands)
            fewest_seats = tuple(i for i, h in enumerate(hands) if h.bit_count() == fewest)
            self._end_round(RoundEndReason.BLOCKED, fewest_seats)
            return
        if self._royal and self.turn_kings:
            # R6 royal Kings: one extra turn per King played from hand, taken right after.
            self.extra_turns += self.turn_kings
        if self.extra_turns:
            self.extra_turns -= 1
            self._begin_turn(seat)
        else:
            self._begin_turn((seat + 1) % self.n)

    # ------------------------------------------------------------------ round and session end
    def _end_round(self, reason: RoundEndReason, winners: tuple[int, ...]) -> None:
        rules, n, emit = self.rules, self.n, self._emit
        hands = self.hands
        if self._chips:
            # R7 chips: every non-winner pays a chip per card left; the winners share the pot.
            for seat in range(n):
                if seat not in winners:
                    left = hands[seat].bit_count()
                    if left:
                        self.pot += left
                        self._ledger.append((seat, left, ChipReason.CARDS))
                        if emit:
                            emit(Chips(seat, left, ChipReason.CARDS))
            share = self.pot // len(winners)
            self.pot -= share * len(winners)
            scores = tuple(share if seat in winners else 0 for seat in range(n))
        else:
            scores = tuple(
                0 if seat in winners else hand_penalty(rules.scoring, hands[seat])
                for seat in range(n)
            )
        for seat in range(n):
            self.totals[seat] += scores[seat]
        self.round_reason = reason
        self.round_winners = winners
        self.round_scores = scores
        self.history.append(RoundRecord(self.round_no, reason, winners, scores, tuple(self.totals), self.pot,
                                        tuple(self._ledger)))
        over = session_over(rules.scoring, rules.target, self.totals)
        self.phase = Phase.SESSION_OVER if over else Phase.ROUND_OVER
        if over:
            self._session_winners = (
                winners if rules.scoring == Scoring.NONE else session_winners(rules.scoring, self.totals)
            )
        if emit:
            emit(RoundEnd(
                self.round_no, reason, winners, tuple(cards_of_mask(h) for h in hands),
                scores, tuple(self.totals),
            ))
            if over:
                emit(SessionEnd(self._session_winners, tuple(self.totals)))

    def why_not_playing(self) -> str:
        """Why nobody may act now (between rounds, or after the session)."""
        if self.phase == Phase.SESSION_OVER:
            return _("The session is over.")
        return _("The round is over; deal the next one first.")

    # ------------------------------------------------------------------ read access
    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted (the referee's view: every hand is visible here)."""
        return cards_of_mask(self.hands[seat])

    def pile(self, pile: Pile) -> tuple[Card, ...]:
        """A pile's cards, bottom first."""
        return tuple(CARDS[c] for c in self.piles[pile.value])

    def stock_cards(self) -> tuple[Card, ...]:
        """The stock, top first (the referee's view)."""
        return tuple(CARDS[c] for c in reversed(self.stock))

    def card_count(self) -> int:
        """Cards accounted for in hands, board and stock: always 52."""
        return (
            sum(h.bit_count() for h in self.hands)
            + sum(len(p) for p in self.piles)
            + len(self.stock)
        )

    @property
    def session_winners(self) -> tuple[int, ...]:
        return self._session_winners

    def all_card_ids(self) -> list[int]:
        """Every card id in hands, board and stock (for invariant checks)."""
        out: list[int] = []
        for h in self.hands:
            out.extend(card_ids(h))
        for p in self.piles:
            out.extend(p)
        out.extend(self.stock)
        return out

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (no other hand, no stock order)."""
        return Observation(
            seat, self.rules, self.round_no, self.dealer, self.current, self.phase,
            self.hands[seat], tuple(map(tuple, self.piles)),
            tuple(map(int.bit_count, self.hands)), len(self.stock), tuple(self.totals),
            self.pot, len(self._log), self.extra_turns, self.idle_run,
        )
