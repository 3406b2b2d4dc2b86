"""An independent referee for Kings Reverse transcripts, written from KINGS-REVERSE.md (KR1-KR7)
alone: it imports nothing from kc_tui.  It replays the events of a transcript (docs/protocol.md
section 6), keeps its own table, and raises :class:`RefereeError` at the first event the rules
do not allow or that disagrees with what it computed (a wrong player, a card not held, a draw
that is not the stock's top, a score added up wrongly).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"


class RefereeError(AssertionError):
    pass


def rank(card: str) -> str:
    return "" if card == "JK" else card[0]


def suit(card: str) -> str:
    return "" if card == "JK" else card[1]


def value(card: str) -> int:
    """KR7."""
    if card == "JK":
        return 25
    if rank(card) in "78K" or card == "AS":
        return 20
    return 15 if rank(card) == "J" else 5


def full_deck(jokers: bool) -> Counter[str]:
    deck: Counter[str] = Counter()
    for r in RANKS:
        for s in SUITS:
            deck[r + s] = 2
    if jokers:
        deck["JK"] = 4
    return deck


class KRReferee:
    def __init__(self) -> None:
        self.rules: dict[str, Any] = {}
        self.n = 0
        self.dealer = -1
        self.round = 0
        self.totals: list[int] = []
        self.events = 0
        self.session_over = False

    # ------------------------------------------------------------ helpers
    def fail(self, why: str, event: dict[str, Any]) -> None:
        raise RefereeError(f"event {self.events}: {why}: {event}")

    def nxt(self, p: int) -> int:
        return (p + self.direction) % self.n

    def matches(self, card: str) -> bool:
        """KR3.1/3.2 for one card other than a joker."""
        if rank(card) == "J" or suit(card) == self.follow:
            return True
        top = self.pile[-1]
        return top != "JK" and rank(top) == rank(card)

    def may_bluff(self, p: int) -> bool:
        """KR6, bounded (docs/rules.md): with the stock empty, not after a caught bluff until a
        card stays on the pile."""
        return self.rules.get("joker_challenge", False) and (bool(self.stock) or p not in self.shown)

    def playable_cards(self, p: int) -> list[str]:
        usable = self.hands[p] - (self.fresh if p == self.current else Counter())
        return [c for c, k in usable.items() if k > 0 and c != "JK" and self.matches(c)]

    def take_stock(self, p: int, cards: list[str], wanted: int, event: dict[str, Any]) -> None:
        if len(cards) != min(wanted, len(self.stock)) or event["count"] != len(cards):
            self.fail(f"expected {min(wanted, len(self.stock))} cards drawn", event)
        if cards != self.stock[:len(cards)]:
            self.fail("the cards drawn are not the top of the stock", event)
        del self.stock[:len(cards)]
        self.hands[p].update(cards)
        self.called[p] = False

    def expect(self, *items: tuple[str, int, str | None]) -> None:
        self.queue.extend(items)

    # ------------------------------------------------------------ the checker
    def check(self, events: Iterable[dict[str, Any]]) -> None:
        for event in events:
            self.events += 1
            self.step(event)

    def step(self, e: dict[str, Any]) -> None:
        kind = e["event"]
        if self.session_over:
            self.fail("nothing may follow session_end", e)
        if kind == "session_start":
            if e.get("game") != "kings-reverse":
                self.fail("not a Kings Reverse transcript", e)
            self.rules = e["rules"]
            self.n = len(e["players"])
            self.totals = [0] * self.n
            return
        if kind == "round_start":
            return self.round_start(e)
        if kind == "round_end":
            return self.round_end(e)
        if kind == "session_end":
            return self.session_end(e)
        player = e.get("player")
        if self.queue:
            want_kind, want_player, want_reason = self.queue[0]
            if kind != want_kind or player != want_player or (
                    want_reason is not None and e.get("reason") != want_reason):
                if not (want_kind == "challenge?" and player == want_player and kind in ("challenge", "draw")):
                    self.fail(f"expected {want_kind} of player {want_player} "
                              f"({want_reason or 'any'})", e)
            self.queue.pop(0)
        handler = getattr(self, "on_" + kind, None)
        if handler is None:
            self.fail("unknown event", e)
        handler(e)

    def round_start(self, e: dict[str, Any]) -> None:
        self.round += 1
        if e["round"] != self.round:
            self.fail("rounds are numbered in order", e)
        if self.round > 1 and e["dealer"] != (self.dealer + 1) % self.n:
            self.fail("the deal passes clockwise (KR2)", e)
        self.dealer = e["dealer"]
        hands = e["hands"]
        size = self.rules.get("hand_size", 10)
        if len(hands) != self.n or any(len(h) != size for h in hands):
            self.fail(f"each player is dealt {size} cards (KR2)", e)
        every = Counter(c for h in hands for c in h) + Counter(e["pile"]) + Counter(e["stock"])
        if every != full_deck(self.rules.get("jokers", True)):
            self.fail("the deck is not two decks (and four jokers) (KR1)", e)
        if len(e["pile"]) != 1 or e["pile"][0] == "JK":
            self.fail("one card that is not a joker is turned up (KR2)", e)
        self.hands = [Counter(h) for h in hands]
        self.stock = list(e["stock"])
        self.pile = list(e["pile"])
        self.follow = suit(self.pile[0])
        self.direction = 1
        self.current = self.dealer
        self.queue: list[tuple[str, int, str | None]] = []
        self.fresh: Counter[str] = Counter()
        self.pending = [False] * self.n
        self.called = [False] * self.n
        self.uncalled: int | None = None
        self.passed: set[int] = set()
        self.shown: set[int] = set()
        self.played: list[str] = []
        self.drew = False
        self.drawn: str | None = None
        self.must_play_drawn = False
        self.gives: list[int] = []
        self.joker: tuple[int, bool, str] | None = None
        self.await_call = False
        top, first = self.pile[0], (self.dealer + 1) % self.n
        # KR2: the turned-up card acts as if the dealer had played it.
        if rank(top) == "K" and self.n > 2:
            self.expect(("reverse", self.dealer, None))
            self.start_expected = self.dealer
            self.direction = -1
            self.expect(("turn_start", self.dealer, None))
        elif rank(top) == "7":
            self.expect(("draw", first, "7"), ("skip", first, "7"))
            self.expect(("turn_start", (first + 1) % self.n, None))
        elif rank(top) in "8K":
            self.expect(("skip", first, rank(top)), ("turn_start", (first + 1) % self.n, None))
        else:
            self.expect(("turn_start", first, None))

    def on_reverse(self, e: dict[str, Any]) -> None:
        if e["clockwise"] != (self.direction == 1):
            self.fail("a King reverses the direction of play (KR4)", e)

    def on_turn_start(self, e: dict[str, Any]) -> None:
        p = e["player"]
        if self.pending[p]:
            self.fail("a player who lost a turn to a caught bluff is skipped (KR6)", e)
        self.current = p
        self.played = []
        self.drew = False
        self.drawn = None
        self.must_play_drawn = False
        self.fresh = Counter()
        self.await_call = False
        # KR5: the catch is judged at the next turn taken.
        if self.uncalled is not None:
            late, self.uncalled = self.uncalled, None
            if sum(self.hands[late].values()) == 1:
                self.expect(("caught", late, None), ("draw", late, "caught"))

    def on_caught(self, e: dict[str, Any]) -> None:
        pass

    def on_draw(self, e: dict[str, Any]) -> None:
        p, reason, cards = e["player"], e["reason"], e.get("cards")
        if cards is None:
            self.fail("a referee's transcript shows the cards drawn", e)
        wanted = {"turn": 1, "7": 2, "JK": 4, "caught": 2, "ace": 1}.get(reason)
        if reason == "challenge":
            wanted = 4 if p == self.challenged else 6
        if wanted is None:
            self.fail("unknown draw reason", e)
            return
        if reason == "turn":
            if p != self.current or self.drew or self.played or self.await_call or not self.stock:
                self.fail("one draw per turn, from a stock that has cards, before playing (KR3.5)", e)
            self.drew = True
            self.take_stock(p, cards, 1, e)
            d = cards[0]
            if d == "JK":
                others = self.playable_cards(p)
                ok = not others or self.may_bluff(p)
                self.must_play_drawn = ok and not others
                self.drawn = d if ok else None
            else:
                self.drawn = d if self.matches(d) else None
                self.must_play_drawn = self.drawn is not None
            return
        if reason == "JK" and self.joker is not None and p == self.nxt(self.joker[0]):
            self.joker = None  # accepted
            self.shown.clear()
            self.expect(("skip", p, "JK"))
            self.after_skip(p)
        self.take_stock(p, cards, wanted, e)
        if p == self.current:
            self.fresh.update(cards)

    def after_skip(self, skipped: int) -> None:
        self.expect(("turn_start", self.next_taker(self.nxt(skipped)), None))

    def next_taker(self, p: int) -> int:
        # The queued turn_start is checked against this; penalty skips come first.
        seen = 0
        while self.pending[p] and seen <= self.n:
            self.pending[p] = False
            self.queue.append(("skip", p, "penalty"))
            p = self.nxt(p)
            seen += 1
        return p

    def on_skip(self, e: dict[str, Any]) -> None:
        pass

    def on_play(self, e: dict[str, Any]) -> None:
        p, cards = e["player"], e["cards"]
        if p != self.current or self.played or self.await_call or self.gives:
            self.fail("one play, by the player whose turn it is (KR3)", e)
        usable = self.hands[p] - self.fresh
        if Counter(cards) - usable:
            self.fail("cards not held (or drawn as a penalty this turn) (KR3)", e)
        if self.drew and self.drawn is None:
            self.fail("a drawn card that cannot be played ends the turn (KR3.5)", e)
        if self.drawn is not None and self.drawn not in cards:
            self.fail("after a draw only the drawn card may be played (KR3.5)", e)
        if len(cards) == 2:
            q, k = cards
            if rank(q) != "Q" or rank(k) != "K" or suit(q) != suit(k):
                self.fail("a marriage is the Queen then the King of one suit (KR3.4)", e)
            if not (suit(q) == self.follow or (self.pile[-1] != "JK" and rank(self.pile[-1]) in "QK")):
                self.fail("a marriage matches by KR3.1 only", e)
        else:
            c = cards[0]
            if c == "JK":
                if not self.rules.get("jokers", True):
                    self.fail("no jokers in this deck", e)
                legal = not self.playable_cards(p)
                if not legal and not self.may_bluff(p):
                    self.fail("a joker only when no other card can be played (KR3.3; KR6 bounded "
                              "after a caught bluff with the stock empty)", e)
                self.joker_legal = legal
                self.before = self.follow
            elif not self.matches(c):
                self.fail("the card matches neither the suit to follow nor the rank (KR3.1)", e)
        if cards[-1] != "JK":
            self.shown.clear()
        self.hands[p] -= Counter(cards)
        self.pile.extend(cards)
        self.played = list(cards)
        self.passed.clear()
        self.called[p] = False
        top = cards[-1]
        left = sum(self.hands[p].values())
        if top != "JK":
            self.follow = suit(top)
        if rank(top) == "K" and self.n > 2:
            self.direction = -self.direction
            self.expect(("reverse", p, None))
        if top == "AS" and self.rules.get("ace_of_spades", True):
            order, q = [], self.nxt(p)
            while q != p:
                order.append(q)
                q = self.nxt(q)
            if left == 0:
                for q in order:
                    self.expect(("draw", q, "ace"))
                self.expect(("turn_end", p, None))
                self.out = p
            else:
                self.gives = order
            return
        if top == "JK" and left:
            self.expect(("suit", p, None))
        if left == 0:
            nxt = self.nxt(p)
            if rank(top) == "7":
                self.expect(("draw", nxt, "7"))
            elif top == "JK":
                self.expect(("draw", nxt, "JK"))
            self.expect(("turn_end", p, None))
            self.out = p
            return
        self.after_cards(p)

    def after_cards(self, p: int) -> None:
        left = sum(self.hands[p].values())
        if left == 1 and self.rules.get("one_card_call", True):
            self.await_call = True

    def on_suit(self, e: dict[str, Any]) -> None:
        if e["suit"] not in SUITS:
            self.fail("a suit is named C D H or S", e)
        self.follow = e["suit"]
        self.joker = (e["player"], self.joker_legal, self.before)

    def on_give(self, e: dict[str, Any]) -> None:
        p, to, card = e["player"], e["to"], e["card"]
        if not self.gives or p != self.current or to != self.gives[0]:
            self.fail("cards are given after the Ace of spades, in playing order (KR4)", e)
        if self.hands[p][card] < 1:
            self.fail("a card not held is given", e)
        self.gives.pop(0)
        self.hands[p][card] -= 1
        self.hands[p] += Counter()
        self.hands[to][card] += 1
        left = sum(self.hands[p].values())
        if left == 0:
            for q in self.gives:
                self.expect(("draw", q, "ace"))
            self.gives = []
            self.expect(("turn_end", p, None))
            self.out = p
        elif not self.gives:
            self.after_cards(p)

    def on_call(self, e: dict[str, Any]) -> None:
        if not self.await_call or e["player"] != self.current:
            self.fail('"one card" is called right after a play that leaves one card (KR5)', e)
        self.await_call = False
        self.called[e["player"]] = True

    def on_pass(self, e: dict[str, Any]) -> None:
        p = e["player"]
        if self.stock or self.playable_cards(p) or self.played or self.drew:
            self.fail("a pass only with an empty stock and nothing to play (KR3.5)", e)
        if "JK" in self.hands[p] - self.fresh:
            self.fail("a joker could have been played (KR3.3)", e)
        self.passed.add(p)
        if len(self.passed) == self.n:
            self.expect(("turn_end", p, None))
            self.out = None

    def on_challenge(self, e: dict[str, Any]) -> None:
        if self.joker is None or e["player"] != self.nxt(self.joker[0]):
            self.fail("only the next player challenges a joker, right after it (KR6)", e)
            return
        by, legal, before = self.joker
        self.challenged = by
        if e["legal"] != legal:
            self.fail("the challenge's verdict is wrong (KR6)", e)
        if Counter(e["hand"]) != self.hands[by]:
            self.fail("the hand shown is not the joker player's", e)
        if legal:
            self.shown.clear()
            self.expect(("draw", e["player"], "challenge"), ("skip", e["player"], "challenge"))
            self.after_skip(e["player"])
        else:
            self.pile.pop()
            self.hands[by]["JK"] += 1
            self.follow = before
            self.pending[by] = True
            self.shown.add(by)  # not a pass (KR3.5)
            self.expect(("draw", by, "challenge"), ("turn_start", e["player"], None))
        self.joker = None

    def on_turn_end(self, e: dict[str, Any]) -> None:
        p = e["player"]
        if p != self.current:
            self.fail("the turn that ends is the current player's", e)
        if self.gives:
            self.fail("every other player receives a card first (KR4)", e)
        if self.must_play_drawn and not self.played:
            self.fail("a drawn card that can be played must be (KR3.5)", e)
        if not self.played and not self.drew and p not in self.passed and getattr(self, "out", -1) != p:
            self.fail("a turn does something: play, draw or pass (KR3)", e)
        if hasattr(self, "out"):
            return  # the round ends next
        if self.await_call:
            self.uncalled = p
            self.await_call = False
        if self.played and self.played[-1] == "JK" and self.joker is not None and \
                self.rules.get("joker_challenge", False):
            self.queue.append(("challenge?", self.nxt(p), None))
            return
        self.joker = None
        nxt = self.nxt(p)
        top = self.played[-1] if self.played else ""
        if top and (rank(top) == "7" or top == "JK"):
            self.expect(("draw", nxt, "7" if top != "JK" else "JK"))
        if top and (rank(top) in "78" or top == "JK" or (rank(top) == "K" and self.n == 2)):
            self.expect(("skip", nxt, "JK" if top == "JK" else rank(top)))
            nxt = self.nxt(nxt)
        self.expect(("turn_start", self.next_taker(nxt), None))

    def round_end(self, e: dict[str, Any]) -> None:
        if self.queue:
            self.fail(f"the round ended while {self.queue[0]} was due", e)
        out = getattr(self, "out", "missing")
        if out == "missing":
            self.fail("the round ends only when a player is out or all have passed (KR7)", e)
        del self.out
        winners = [] if out is None else [out]
        if e["winners"] != winners or e["reason"] != ("blocked" if out is None else "out"):
            self.fail(f"the round's winner is {winners}", e)
        for s in range(self.n):
            if Counter(e["hands"][s]) != self.hands[s]:
                self.fail(f"player {s}'s hand differs from the referee's", e)
        scores = [0 if s == out else sum(value(c) for c in e["hands"][s]) for s in range(self.n)]
        if e["scores"] != scores:
            self.fail(f"the scores are {scores} (KR7)", e)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        if e["totals"] != self.totals:
            self.fail(f"the totals are {self.totals}", e)
        left = sum(self.hands[s].total() for s in range(self.n)) + len(self.stock) + len(self.pile)
        if left != sum(full_deck(self.rules.get("jokers", True)).values()):
            self.fail("cards were lost or made (KR1)", e)

    def session_end(self, e: dict[str, Any]) -> None:
        if max(self.totals) < self.rules.get("target", 500):
            self.fail("the session ends once someone reaches the target (KR7)", e)
        low = min(self.totals)
        if e["winners"] != [s for s in range(self.n) if self.totals[s] == low]:
            self.fail("the lowest score wins, ties share (KR7)", e)
        self.session_over = True


def check_transcript(events: Iterable[dict[str, Any]]) -> KRReferee:
    """Referee a whole transcript (its events as dicts); returns the referee."""
    referee = KRReferee()
    referee.check(events)
    return referee
