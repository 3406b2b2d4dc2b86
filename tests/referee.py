"""An independent referee for Kings in the Corner transcripts.

Built from docs/rules.md and docs/protocol.md (section 1, the
JSON Lines transcript) only; it shares no code with the engine (``kc_tui``).

    check_transcript(lines) -> dict   replay a transcript, raise RefereeError
    check_file(path) -> dict          the same for a file

The replay walks the events in order and raises ``RefereeError`` at the first
event that breaks a rule; the message starts with the 1-based line number.

Project interpretations (see the report of the referee's author):
  * ``king_held`` (chips) is judged when the player ends the turn, i.e. before
    the end-of-turn draw with ``draw = "end"``.
  * ``royal_kings`` counts every King that leaves the hand by a ``play`` in the
    turn (net of undos), the forced King after an end draw included; each such
    King earns one extra turn for the same player, taken right after.
  * Idle turns are counted across consecutive turns whoever plays them; with
    ``draw = "none"`` the stock counts as empty for the idle rule.
  * A transcript may stop right after a ``round_end`` without ``session_end``
    unless a total has reached the target (or scoring is "none").
  * ``no_move`` when the only play of a turn is the forced King after an end
    draw is ambiguous; both readings are accepted (ACCEPT_FORCED_KING_AS_NO_MOVE).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterable

# --------------------------------------------------------------------------
# Cards and piles (R1)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
FULL_DECK = frozenset(r + s for r in RANKS for s in SUITS)
EDGES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
PILES = EDGES + CORNERS

DRAW_MODES = ("start", "end", "none")
SCORINGS = ("classic", "face", "alternative", "chips", "none")
KINDS = ("human", "ai", "bot")
CHIP_REASONS = ("ante", "no_move", "king_held", "cards")

# When the only play of a turn is the King forced after an end-of-turn draw,
# the rules do not say whether that turn "made a move" for the no_move chip.
ACCEPT_FORCED_KING_AS_NO_MOVE = True

# Keys of each event, in the order of the PROTOCOL table ("event" first).
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "session_start": ("version", "game", "seed", "rules", "players"),
    "round_start": ("round", "dealer", "hands", "board", "stock"),
    "turn_start": ("player",),
    "draw": ("player", "card"),
    "play": ("player", "card", "pile"),
    "move": ("player", "from", "to"),
    "undo": ("player",),
    "chips": ("player", "amount", "reason"),
    "turn_end": ("player",),
    "round_end": ("round", "reason", "winners", "hands", "scores", "totals"),
    "session_end": ("winners", "totals"),
}

RULE_KEYS = ("players", "hand_size", "draw", "kings_to_corners_at_deal",
             "mandatory_kings", "royal_kings", "scoring", "target")


def rank(card: str) -> int:
    """A=1 ... K=13."""
    return RANKS.index(card[0]) + 1


def is_red(card: str) -> bool:
    return card[1] in "DH"


def is_king(card: str) -> bool:
    return card[0] == "K"


def fits_on(card: str, top: str) -> bool:
    """R4: ``card`` may lie on ``top`` (one rank lower, opposite colour)."""
    return rank(top) == rank(card) + 1 and is_red(card) != is_red(top)


def needed_top(card: str) -> str:
    """Words for the top card that ``card`` needs, e.g. 'a black 8'."""
    if is_king(card):
        return "an empty corner or an empty edge (nothing is above a King)"
    names = {11: "J", 12: "Q", 13: "K", 10: "10"}
    r = rank(card) + 1
    colour = "black" if is_red(card) else "red"
    return f"a {colour} {names.get(r, str(r))}"


def penalty(card: str, scoring: str) -> int:
    """R7 penalty points of one card left in hand."""
    r = card[0]
    if scoring == "classic":
        return 10 if r == "K" else 1
    if scoring == "face":
        if r == "K" or r == "T":
            return 10
        if r in "JQA":
            return 1
        return int(r)
    if scoring == "alternative":
        if r == "A":
            return 25
        if r in "KQJT":
            return 10
        return int(r)
    raise ValueError(f"no penalty points under scoring {scoring!r}")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_card(x: Any) -> bool:
    return isinstance(x, str) and len(x) == 2 and x[0] in RANKS and x[1] in SUITS


class RefereeError(Exception):
    """A transcript breaks the rules; the message names the line."""


class _Action:
    """A play or move of the current turn, with the state to restore on undo."""

    def __init__(self, kind: str, card: str | None, hand: list[str],
                 board: dict[str, list[str]], forced: bool = False):
        self.kind = kind          # "play" or "move"
        self.card = card          # the card played (plays only)
        self.hand = hand          # the player's hand before the action
        self.board = board        # the board before the action
        self.forced = forced      # the forced King after an end draw


# --------------------------------------------------------------------------
# The replay state


class Replay:
    """Replays one transcript; ``feed`` one event at a time, then ``finish``."""

    def __init__(self) -> None:
        self.line = 0
        self.last_line = 0
        self.events = 0
        self.phase = "start"     # start, pre_round, antes, between_turns,
        #                          turn, round_over, after_round, done
        self.rules: dict[str, Any] = {}
        self.n = 0
        self.round_no = 0
        self.dealer = -1
        self.totals: list[int] = []
        self.pot = 0
        self.turns = 0
        self.session_winners: list[int] | None = None
        self.session_over_due = False
        self.last_round_winners: list[int] = []

    # ----- helpers -------------------------------------------------------

    def fail(self, msg: str) -> None:
        raise RefereeError(f"line {self.line}: {msg}")

    def opt(self, key: str) -> Any:
        return self.rules[key]

    def board_copy(self) -> dict[str, list[str]]:
        return {p: list(cards) for p, cards in self.board.items()}

    def empty_corner(self) -> str | None:
        for c in CORNERS:
            if not self.board[c]:
                return c
        return None

    def held_king(self, seat: int) -> str | None:
        for c in self.hands[seat]:
            if is_king(c):
                return c
        return None

    def king_blocked(self, seat: int) -> str | None:
        """Describe 'holds a King while a corner is empty', or None."""
        k, corner = self.held_king(seat), self.empty_corner()
        if k and corner:
            return f"seat {seat} holds {k} while corner {corner} is empty"
        return None

    def stock_counts_empty(self) -> bool:
        return self.opt("draw") == "none" or not self.stock

    def check_player(self, ev: dict, key: str = "player") -> int:
        p = ev[key]
        if not _is_int(p) or not 0 <= p < self.n:
            self.fail(f"{ev['event']}: {key} must be a seat 0..{self.n - 1}, got {p!r}")
        return p

    def check_current(self, ev: dict) -> int:
        p = self.check_player(ev)
        if p != self.player:
            self.fail(f"{ev['event']} by seat {p}, but it is seat {self.player}'s turn")
        return p

    def check_card(self, what: str, card: Any) -> str:
        if not _is_card(card):
            self.fail(f"{what}: {card!r} is not a card (rank A23456789TJQK + suit CDHS)")
        return card

    def check_seat_list(self, what: str, xs: Any) -> list[int]:
        if not isinstance(xs, list) or not all(_is_int(x) and 0 <= x < self.n for x in xs):
            self.fail(f"{what} must be a list of seats, got {xs!r}")
        if len(set(xs)) != len(xs):
            self.fail(f"{what} lists a seat twice: {xs}")
        return xs

    def check_int_list(self, what: str, xs: Any) -> list[int]:
        if not isinstance(xs, list) or len(xs) != self.n or not all(_is_int(x) for x in xs):
            self.fail(f"{what} must be a list of {self.n} integers, got {xs!r}")
        return xs

    # ----- driver --------------------------------------------------------

    def feed(self, lineno: int, text: str) -> None:
        self.line = lineno
        try:
            ev = json.loads(text)
        except json.JSONDecodeError as e:
            self.fail(f"not valid JSON ({e})")
        if not isinstance(ev, dict):
            self.fail("a transcript line must be a JSON object")
        name = ev.get("event")
        if not isinstance(name, str) or name not in EVENT_KEYS:
            self.fail(f"unknown or missing event {name!r}")
        required = EVENT_KEYS[name]
        missing = [k for k in required if k not in ev]
        if missing:
            self.fail(f"{name} lacks key(s) {', '.join(missing)}")
        order = ["event", *required]
        if list(ev)[:len(order)] != order:
            self.fail(f"{name} keys must come in the order {order} (extra keys after), "
                      f"got {list(ev)}")
        if self.phase == "done":
            self.fail(f"{name} after session_end")
        if self.phase == "start" and name != "session_start":
            self.fail(f"the transcript must begin with session_start, not {name}")
        if self.phase == "round_over" and name not in ("chips", "round_end"):
            self.round_over_fail()
        self.events += 1
        self.last_line = lineno
        getattr(self, "on_" + name)(ev)

    def finish(self, unfinished: bool = False) -> dict:
        self.line = self.last_line + 1
        if self.phase == "start":
            self.fail("empty transcript (no session_start)")
        if self.phase == "after_round" and self.session_over_due and not unfinished:
            self.fail("transcript ends without session_end although the session is over "
                      f"(totals {self.totals})")
        if self.phase not in ("after_round", "done") and not unfinished:
            where = (f"in the middle of round {self.round_no}" if self.round_no
                     else "before any round")
            self.fail(f"transcript ends {where} (it may only end after round_end or session_end)")
        return {
            "rounds": self.round_no,
            "events": self.events,
            "turns": self.turns,
            "players": self.n,
            "totals": list(self.totals),
            "session_ended": self.phase == "done",
            "session_winners": self.session_winners,
            "last_round_winners": list(self.last_round_winners),
        }

    # ----- session_start -------------------------------------------------

    def on_session_start(self, ev: dict) -> None:
        if self.phase != "start":
            self.fail("a second session_start")
        if not _is_int(ev["version"]) or ev["version"] != 1:
            self.fail(f"session_start: version must be 1, got {ev['version']!r}")
        if ev["game"] != "kings-corner":
            self.fail(f"session_start: game must be 'kings-corner', got {ev['game']!r}")
        if ev["seed"] is not None and not _is_int(ev["seed"]):
            self.fail(f"session_start: seed must be an int or null, got {ev['seed']!r}")
        rules = ev["rules"]
        if not isinstance(rules, dict):
            self.fail("session_start: rules must be an object")
        missing = [k for k in RULE_KEYS if k not in rules]
        if missing:
            self.fail(f"session_start: rules lack {', '.join(missing)}")
        n, h = rules["players"], rules["hand_size"]
        if not _is_int(n) or not 2 <= n <= 6:
            self.fail(f"rules.players must be 2..6, got {n!r}")
        if not _is_int(h) or h < 1:
            self.fail(f"rules.hand_size must be a positive int, got {h!r}")
        if n * h + 4 > 52:
            self.fail(f"rules: {n} players x hand_size {h} + 4 edge cards > 52 cannot be dealt")
        if rules["draw"] not in DRAW_MODES:
            self.fail(f"rules.draw must be one of {DRAW_MODES}, got {rules['draw']!r}")
        for k in ("kings_to_corners_at_deal", "mandatory_kings", "royal_kings"):
            if not isinstance(rules[k], bool):
                self.fail(f"rules.{k} must be a boolean, got {rules[k]!r}")
        if rules["scoring"] not in SCORINGS:
            self.fail(f"rules.scoring must be one of {SCORINGS}, got {rules['scoring']!r}")
        # Scoring "none" keeps no score, so its target is unused and may be 0.
        least = 0 if rules["scoring"] == "none" else 1
        if not _is_int(rules["target"]) or rules["target"] < least:
            self.fail(f"rules.target must be an int of at least {least}, got {rules['target']!r}")
        players = ev["players"]
        if not isinstance(players, list) or len(players) != n:
            self.fail(f"session_start: players must list {n} players (rules.players)")
        for i, p in enumerate(players):
            if not isinstance(p, dict) or not isinstance(p.get("name"), str):
                self.fail(f"session_start: player {i} must be an object with a string name")
            if p.get("kind") not in KINDS:
                self.fail(f"session_start: player {i} kind must be one of {KINDS}, "
                          f"got {p.get('kind')!r}")
            if "level" in p and not isinstance(p["level"], (str, int)):
                self.fail(f"session_start: player {i} level must be a string, got {p['level']!r}")
        self.rules = rules
        self.n = n
        self.totals = [0] * n
        self.phase = "pre_round"

    # ----- round_start ---------------------------------------------------

    def on_round_start(self, ev: dict) -> None:
        if self.phase == "after_round" and self.session_over_due:
            self.fail("round_start, but the session is over: session_end must follow "
                      f"(totals {self.totals}, target {self.opt('target')})")
        if self.phase not in ("pre_round", "after_round"):
            self.fail(f"round_start while round {self.round_no} is still being played")
        n, h = self.n, self.opt("hand_size")
        if not _is_int(ev["round"]) or ev["round"] != self.round_no + 1:
            self.fail(f"round_start: round must be {self.round_no + 1}, got {ev['round']!r}")
        d = self.check_player(ev, "dealer")
        if self.round_no and d != (self.dealer + 1) % n:
            self.fail(f"round_start: dealer must be seat {(self.dealer + 1) % n} "
                      f"(previous dealer {self.dealer} + 1), got {d}")
        hands, board, stock = ev["hands"], ev["board"], ev["stock"]
        if not isinstance(hands, list) or len(hands) != n:
            self.fail(f"round_start: hands must be a list of {n} hands")
        for i, hand in enumerate(hands):
            if not isinstance(hand, list):
                self.fail(f"round_start: hand {i} must be a list")
            for c in hand:
                self.check_card(f"round_start hand {i}", c)
            if len(hand) != h:
                self.fail(f"round_start: seat {i} holds {len(hand)} cards, hand_size is {h}")
        if not isinstance(board, dict) or sorted(board) != sorted(PILES):
            self.fail(f"round_start: board must have exactly the piles {list(PILES)}")
        for p in PILES:
            if not isinstance(board[p], list):
                self.fail(f"round_start: board {p} must be a list")
            for c in board[p]:
                self.check_card(f"round_start board {p}", c)
        if not isinstance(stock, list):
            self.fail("round_start: stock must be a list")
        for c in stock:
            self.check_card("round_start stock", c)
        # 52 cards, each exactly once
        everything = [c for hand in hands for c in hand]
        everything += [c for p in PILES for c in board[p]] + list(stock)
        counts = Counter(everything)
        if len(everything) != 52:
            self.fail(f"round_start: the deal holds {len(everything)} cards, not 52")
        dups = sorted(c for c, k in counts.items() if k > 1)
        if dups:
            self.fail(f"round_start: card(s) dealt twice: {', '.join(dups)}")
        missing = sorted(FULL_DECK - set(counts))
        if missing:
            self.fail(f"round_start: card(s) missing from the deal: {', '.join(missing)}")
        self.check_deal_board(board, stock)
        # new round state
        self.round_no = ev["round"]
        self.dealer = d
        self.hands = [list(hand) for hand in hands]
        self.board = {p: list(board[p]) for p in PILES}
        self.stock = list(stock)
        self.idle = 0
        self.extra_turns = 0
        self.player = -1          # no turn played yet in this round
        self.paid_cards: set[int] = set()
        if self.opt("scoring") == "chips":
            self.phase = "antes"
            self.next_ante = 0
        else:
            self.phase = "between_turns"

    def check_deal_board(self, board: dict, stock: list) -> None:
        if not self.opt("kings_to_corners_at_deal"):
            for c in CORNERS:
                if board[c]:
                    self.fail(f"round_start: corner {c} must be empty at the deal, shows {board[c]}")
            for e in EDGES:
                if len(board[e]) != 1:
                    self.fail(f"round_start: edge {e} must hold exactly one card at the deal, "
                              f"holds {board[e]}")
            return
        # kings_to_corners_at_deal: corners filled in NE, SE, SW, NW order, one King each
        filled = [c for c in CORNERS if board[c]]
        if filled != list(CORNERS[:len(filled)]):
            self.fail(f"round_start: corners must be filled in NE, SE, SW, NW order, got {filled}")
        for c in filled:
            if len(board[c]) != 1 or not is_king(board[c][0]):
                self.fail(f"round_start: corner {c} must hold a single King at the deal, "
                          f"holds {board[c]}")
        for e in EDGES:
            pile = board[e]
            if len(pile) > 1:
                self.fail(f"round_start: edge {e} holds {len(pile)} cards at the deal")
            if stock:   # the stock did not run out: every edge shows one non-King
                if len(pile) != 1:
                    self.fail(f"round_start: edge {e} is empty although the stock has cards")
                if is_king(pile[0]):
                    self.fail(f"round_start: edge {e} shows {pile[0]}; with "
                              "kings_to_corners_at_deal it must go to a corner")

    # ----- turns ---------------------------------------------------------

    def on_turn_start(self, ev: dict) -> None:
        if self.phase == "antes":
            self.fail(f"turn_start before seat {self.next_ante}'s ante")
        if self.phase == "turn":
            self.fail(f"turn_start before seat {self.player}'s turn_end")
        if self.phase == "round_over":
            self.round_over_fail()
        if self.phase != "between_turns":
            self.fail("turn_start outside a round")
        p = self.check_player(ev)
        if self.player < 0:
            expected, why = (self.dealer + 1) % self.n, f"dealer {self.dealer} + 1 starts"
        elif self.extra_turns:
            expected, why = self.player, "royal_kings extra turn"
        else:
            expected, why = (self.player + 1) % self.n, "play passes clockwise"
        if p != expected:
            self.fail(f"turn_start for seat {p}, expected seat {expected} ({why})")
        if self.player >= 0 and self.extra_turns:
            self.extra_turns -= 1
        self.player = p
        self.turns += 1
        self.actions: list[_Action] = []
        self.end_draw: str | None = None
        self.kh_judged: bool | None = None   # king_held judged before an end draw
        self.penalties: list[tuple[str, int]] = []
        if self.opt("draw") == "start" and self.stock:
            self.stage = "need_draw"
        else:
            self.stage = "acting"        # acting, after_end_draw, penalties
        self.phase = "turn"

    def in_turn(self, ev: dict) -> int:
        """Common checks for an event inside the current turn."""
        name = ev["event"]
        if self.phase == "round_over":
            self.round_over_fail()
        if self.phase != "turn":
            self.fail(f"{name} outside a turn")
        p = self.check_current(ev)
        if self.stage == "need_draw" and name != "draw":
            self.fail(f"{name} before the start-of-turn draw (stock top is {self.stock[0]})")
        if self.stage == "penalties" and name not in ("chips", "turn_end"):
            self.fail(f"{name} after the turn's chips penalties (only turn_end may follow)")
        return p

    def on_draw(self, ev: dict) -> None:
        p = self.in_turn(ev)
        card = self.check_card("draw", ev["card"])
        mode = self.opt("draw")
        if mode == "none":
            self.fail("draw, but rules.draw is 'none'")
        if not self.stock:
            self.fail("draw from an empty stock")
        if mode == "start" and self.stage != "need_draw":
            self.fail("with draw 'start' the only draw comes right after turn_start")
        if mode == "end":
            if self.stage != "acting":
                self.fail("a second draw in this turn")
            # drawing ends the turn: judge the turn's end now
            blocked = self.king_blocked(p)
            if self.opt("mandatory_kings") and blocked:
                self.fail(f"the turn may not end (mandatory_kings): {blocked}")
            self.kh_judged = blocked is not None
        if card != self.stock[0]:
            self.fail(f"draw {card}, but the stock's top card is {self.stock[0]}")
        self.stock.pop(0)
        self.hands[p].append(card)
        if mode == "start":
            self.stage = "acting"
        else:
            self.stage = "after_end_draw"
            self.end_draw = card

    def on_play(self, ev: dict) -> None:
        p = self.in_turn(ev)
        card = self.check_card("play", ev["card"])
        pile = ev["pile"]
        if pile not in PILES:
            self.fail(f"play {card}: unknown pile {pile!r}")
        forced = False
        if self.stage == "after_end_draw":
            if not (self.opt("mandatory_kings") and card == self.end_draw and is_king(card)):
                self.fail(f"play {card} after the end-of-turn draw: the turn is over "
                          "(only a drawn King forced by mandatory_kings may still be played)")
            if any(a.forced for a in self.actions):
                self.fail(f"play {card}: a second play after the end-of-turn draw")
            if pile not in CORNERS or self.board[pile]:
                self.fail(f"play {card} on {pile}: the drawn King must go to an empty corner")
            forced = True
        if card not in self.hands[p]:
            self.fail(f"play {card}: seat {p} does not hold {card} (hand {self.hands[p]})")
        target = self.board[pile]
        if not target:
            if pile in CORNERS and not is_king(card):
                self.fail(f"play {card} on {pile}: only a King may start an empty corner")
        else:
            top = target[-1]
            if top[0] == "A":
                self.fail(f"play {card} on {pile}: {pile} shows {top}; nothing goes on an Ace")
            if not fits_on(card, top):
                self.fail(f"play {card} on {pile}: {pile} shows {top}; "
                          f"{card} needs {needed_top(card)}")
        self.actions.append(_Action("play", card, list(self.hands[p]),
                                    self.board_copy(), forced))
        self.hands[p].remove(card)
        target.append(card)
        if not self.hands[p]:
            self.round_over("out", [p], f"seat {p} played their last card")

    def on_move(self, ev: dict) -> None:
        p = self.in_turn(ev)
        src, dst = ev["from"], ev["to"]
        if src not in PILES or dst not in PILES:
            self.fail(f"move {src!r} -> {dst!r}: unknown pile")
        what = f"move {src} onto {dst}"
        if self.stage == "after_end_draw":
            self.fail(f"{what} after the end-of-turn draw: the turn is over")
        if src == dst:
            self.fail(f"{what}: a pile cannot move onto itself")
        if src in CORNERS:
            self.fail(f"{what}: a corner pile never moves")
        moving = self.board[src]
        if not moving:
            self.fail(f"{what}: {src} is empty")
        bottom = moving[0]
        target = self.board[dst]
        if not target:
            if dst in EDGES:
                self.fail(f"{what}: a pile never moves to an empty edge")
            if not is_king(bottom):
                self.fail(f"{what}: only a pile whose bottom is a King may go to an empty "
                          f"corner ({src} starts with {bottom})")
        else:
            top = target[-1]
            if not fits_on(bottom, top):
                self.fail(f"{what}: {dst} shows {top}; {src}'s bottom {bottom} needs "
                          f"{needed_top(bottom)}")
        self.actions.append(_Action("move", None, list(self.hands[p]), self.board_copy()))
        target.extend(moving)
        self.board[src] = []

    def on_undo(self, ev: dict) -> None:
        p = self.in_turn(ev)
        if self.stage == "after_end_draw":
            self.fail("undo after the end-of-turn draw: the turn is over")
        if not self.actions:
            self.fail(f"undo, but seat {p} has no play or move of this turn to take back")
        last = self.actions.pop()
        self.hands[p] = last.hand
        self.board = last.board

    def expected_penalties(self) -> list[list[tuple[str, int]]]:
        """The possible lists of chips penalties due before this turn_end."""
        p = self.player
        if self.kh_judged is None:
            self.kh_judged = self.king_blocked(p) is not None
        king_held = (not self.opt("mandatory_kings")) and self.kh_judged
        no_move_options = {not self.actions}
        if ACCEPT_FORCED_KING_AS_NO_MOVE:
            no_move_options.add(not [a for a in self.actions if not a.forced])
        out = []
        for no_move in sorted(no_move_options):
            lst = [("no_move", 1)] if no_move else []
            if king_held:
                lst.append(("king_held", 3))
            out.append(lst)
        return out

    def check_turn_can_end(self) -> None:
        """Draw and mandatory-King checks when chips or turn_end close a turn."""
        if self.opt("draw") == "end" and self.stage == "acting" and self.stock:
            self.fail(f"the turn ends without the end-of-turn draw (stock top {self.stock[0]})")
        if self.opt("mandatory_kings"):
            blocked = self.king_blocked(self.player)
            if blocked:
                if self.end_draw and is_king(self.end_draw) and self.end_draw in self.hands[self.player]:
                    self.fail(f"the drawn King {self.end_draw} must be played at once to an "
                              f"empty corner (mandatory_kings)")
                self.fail(f"the turn may not end (mandatory_kings): {blocked}")

    def on_chips(self, ev: dict) -> None:
        if self.opt("scoring") != "chips":
            self.fail("chips event, but scoring is not 'chips'")
        p = self.check_player(ev)
        amount, reason = ev["amount"], ev["reason"]
        if not _is_int(amount) or amount < 1:
            self.fail(f"chips: amount must be a positive int, got {amount!r}")
        if reason not in CHIP_REASONS:
            self.fail(f"chips: reason must be one of {CHIP_REASONS}, got {reason!r}")
        if self.phase == "antes":
            if reason != "ante" or p != self.next_ante:
                self.fail(f"chips: expected seat {self.next_ante}'s ante right after "
                          f"round_start, got {reason} by seat {p}")
            if amount != 1:
                self.fail(f"chips: the ante is 1 chip, seat {p} paid {amount}")
            self.pot += amount
            self.next_ante += 1
            if self.next_ante == self.n:
                self.phase = "between_turns"
        elif self.phase == "turn":
            self.in_turn(ev)
            if reason not in ("no_move", "king_held"):
                self.fail(f"chips: {reason} payment inside a turn")
            if self.stage != "penalties":
                self.check_turn_can_end()
                self.stage = "penalties"
            self.penalties.append((reason, amount))
            options = self.expected_penalties()
            if not any(opt[:len(self.penalties)] == self.penalties for opt in options):
                self.fail(f"chips: seat {p} pays {amount} for {reason}, but the turn's penalties "
                          f"are {self.describe_penalties(options)}")
            self.pot += amount
        elif self.phase == "round_over":
            if reason != "cards":
                self.fail(f"chips: only 'cards' payments may stand before round_end, got {reason}")
            if p in self.end_winners:
                self.fail(f"chips: seat {p} won the round and pays no cards")
            if p in self.paid_cards:
                self.fail(f"chips: seat {p} pays for its cards twice")
            left = len(self.hands[p])
            if amount != left:
                self.fail(f"chips: seat {p} holds {left} cards but pays {amount}")
            self.paid_cards.add(p)
            self.pot += amount
        elif self.phase == "between_turns":
            self.fail("chips between turns (turn penalties stand right before that turn's "
                      "turn_end, card payments right before round_end)")
        else:
            self.fail("chips outside a round")

    @staticmethod
    def describe_penalties(options: list) -> str:
        return " or ".join(
            ("[" + ", ".join(f"{r} {a}" for r, a in o) + "]") if o else "none" for o in options)

    def on_turn_end(self, ev: dict) -> None:
        p = self.in_turn(ev)
        if self.stage != "penalties":
            self.check_turn_can_end()
        if self.opt("scoring") == "chips":
            options = self.expected_penalties()
            if self.penalties not in options:
                self.fail(f"turn_end: seat {p}'s chips penalties were "
                          f"{self.describe_penalties([self.penalties])}, expected "
                          f"{self.describe_penalties(options)}")
        played = [a.card for a in self.actions if a.kind == "play"]
        if self.opt("royal_kings"):
            self.extra_turns += sum(1 for c in played if is_king(c))
        idle = self.stock_counts_empty() and not played
        self.idle = self.idle + 1 if idle else 0
        self.phase = "between_turns"
        if self.idle == self.n:
            fewest = min(len(h) for h in self.hands)
            winners = [i for i, h in enumerate(self.hands) if len(h) == fewest]
            self.round_over("blocked", winners, f"{self.n} idle turns in a row")

    # ----- round and session end ----------------------------------------

    def round_over(self, reason: str, winners: list[int], why: str) -> None:
        self.phase = "round_over"
        self.end_reason = reason
        self.end_winners = winners
        self.end_why = why

    def round_over_fail(self) -> None:
        self.fail(f"round {self.round_no} is over ({self.end_why}); round_end must follow "
                  "(only chips 'cards' payments may come first)")

    def on_round_end(self, ev: dict) -> None:
        if self.phase != "round_over":
            if self.phase in ("turn", "between_turns", "antes"):
                self.fail(f"round_end, but round {self.round_no} is not over: no hand is empty "
                          f"and only {self.idle} idle turn(s) in a row ({self.n} needed)")
            self.fail("round_end outside a round")
        n = self.n
        if ev["round"] != self.round_no:
            self.fail(f"round_end: round must be {self.round_no}, got {ev['round']!r}")
        if ev["reason"] != self.end_reason:
            self.fail(f"round_end: reason must be {self.end_reason!r} ({self.end_why}), "
                      f"got {ev['reason']!r}")
        winners = self.check_seat_list("round_end winners", ev["winners"])
        if sorted(winners) != self.end_winners:
            self.fail(f"round_end: winners must be {self.end_winners}, got {winners}")
        hands = ev["hands"]
        if not isinstance(hands, list) or len(hands) != n:
            self.fail(f"round_end: hands must list {n} hands")
        for i in range(n):
            if (not isinstance(hands[i], list) or not all(isinstance(c, str) for c in hands[i])
                    or Counter(hands[i]) != Counter(self.hands[i])):
                self.fail(f"round_end: seat {i}'s hand is {sorted(self.hands[i])}, "
                          f"transcript says {hands[i]}")
        scores = self.check_int_list("round_end scores", ev["scores"])
        totals = self.check_int_list("round_end totals", ev["totals"])
        scoring = self.opt("scoring")
        if scoring == "chips":
            owing = {i for i in range(n) if i not in self.end_winners and self.hands[i]}
            if self.paid_cards != owing:
                self.fail(f"round_end: seats {sorted(owing - self.paid_cards)} have not paid "
                          "chips for their cards")
            share = self.pot // len(self.end_winners)
            expected = [share if i in self.end_winners else 0 for i in range(n)]
            self.pot -= share * len(self.end_winners)
        elif scoring == "none":
            expected = [0] * n
        else:
            expected = [0 if i in self.end_winners else
                        sum(penalty(c, scoring) for c in self.hands[i]) for i in range(n)]
        if scores != expected:
            self.fail(f"round_end: {scoring} scores must be {expected}, got {scores}")
        self.totals = [t + s for t, s in zip(self.totals, expected)]
        if totals != self.totals:
            self.fail(f"round_end: totals must be {self.totals}, got {totals}")
        self.last_round_winners = list(self.end_winners)
        target = self.opt("target")
        self.session_over_due = scoring == "none" or any(t >= target for t in self.totals)
        self.phase = "after_round"

    def on_session_end(self, ev: dict) -> None:
        if self.phase != "after_round":
            self.fail("session_end must come right after a round_end")
        if not self.session_over_due:
            self.fail(f"session_end, but no total has reached the target {self.opt('target')} "
                      f"(totals {self.totals})")
        winners = self.check_seat_list("session_end winners", ev["winners"])
        scoring = self.opt("scoring")
        if scoring == "none":
            expected = self.last_round_winners
        else:
            best = max(self.totals) if scoring == "chips" else min(self.totals)
            expected = [i for i, t in enumerate(self.totals) if t == best]
        if sorted(winners) != expected:
            self.fail(f"session_end: winners must be {expected}, got {winners}")
        if ev["totals"] != self.totals:
            self.fail(f"session_end: totals must be {self.totals}, got {ev['totals']!r}")
        self.session_winners = sorted(winners)
        self.phase = "done"


# --------------------------------------------------------------------------
# Public API


def check_transcript(lines: Iterable[str], unfinished: bool = False) -> dict:
    """Replay a JSON Lines transcript; raise RefereeError at the first bad event.

    Returns a summary: rounds, events, turns, players, totals, session_ended,
    session_winners, last_round_winners. Blank lines are ignored.  With ``unfinished``
    the transcript may stop anywhere (a player left the game mid-round).
    """
    if isinstance(lines, str):      # a whole transcript in one string
        lines = lines.splitlines()
    replay = Replay()
    for lineno, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        replay.feed(lineno, text)
    return replay.finish(unfinished)


def check_file(path, unfinished: bool = False) -> dict:
    """check_transcript on a UTF-8 file."""
    with open(path, encoding="utf-8") as f:
        return check_transcript(f, unfinished)


if __name__ == "__main__":  # pragma: no cover - manual use
    import sys

    for name in sys.argv[1:]:
        try:
            print(name, check_file(name))
        except RefereeError as e:
            print(f"{name}: {e}")
            sys.exit(1)
