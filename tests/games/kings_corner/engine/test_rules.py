"""Scenario tests of the rules, one (or a few) per docs/rules.md section and R6 option.

Every position is built by hand (or from a fixed seed) and every test asserts exact values:
hands, piles, stock, whose turn, the events emitted, and the exact sentence of a refusal.
Test names carry the R-number they check.
"""

from __future__ import annotations

import random

import pytest
from positions import NE, NW, SE, SW, E, N, S, W, c, cards, deal, make_board, new_game  # noqa: F401

from kc_tui.core.cards import Card, NotationError, Rank, Suit, parse_card
from kc_tui.core.errors import IllegalMove, RuleError
from kc_tui.core.events import SessionStart, TurnEnd, TurnStart
from kc_tui.games.kings_corner.engine.board import CORNERS, EDGES, Pile, parse_pile
from kc_tui.games.kings_corner.engine.events import Draw, MoveEvent, Play, RoundEnd, RoundStart, Undo
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import MovePile, PlayCard
from kc_tui.games.kings_corner.engine.rules import PRESETS, RuleSet, build_rules, parse_rule_assignment

# --------------------------------------------------------------------------------------------
# Helpers














def snapshot(game: Game, events: list) -> tuple:
    """Everything a refusal must leave alone."""
    return (
        tuple(game.hand(i) for i in range(game.n)),
        tuple(game.pile(p) for p in Pile),
        game.stock_cards(),
        list(events),
        game.current,
        game.phase,
        game.pot,
        tuple(game.totals),
        game.moves_this_turn(),
        game.idle_run,
    )


def assert_refused(game: Game, events: list, action, sentence: str) -> None:
    """``action`` (a move, or a callable) is refused with exactly ``sentence``; nothing changed."""
    before = snapshot(game, events)
    with pytest.raises(IllegalMove) as info:
        if callable(action):
            action()
        else:
            game.play(action)
    assert str(info.value) == sentence
    assert snapshot(game, events) == before


def since(events: list, index: int) -> list:
    return events[index:]


def shuffled_game(players: int, preset: str = "standard", seed: int = 0, dealer=None, **options):
    rules = build_rules(players, preset, options)
    events: list = []
    game = Game(rules, random.Random(seed), seed=seed, emit=events.append)
    game.start(dealer=dealer)
    return game, events


def by_id(some) -> tuple[Card, ...]:
    """Cards in id order (rank, then suit C D H S), the order Game.hand uses."""
    return tuple(sorted(some, key=lambda x: x.id))


def all_cards_of(game: Game) -> list[Card]:
    out = [card for i in range(game.n) for card in game.hand(i)]
    out += [card for p in Pile for card in game.pile(p)]
    out += list(game.stock_cards())
    return out


# --------------------------------------------------------------------------------------------
# R1 Cards and notation


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("TH", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("ks", Rank.KING, Suit.SPADES),
        ("Ks", Rank.KING, Suit.SPADES),
        ("ac", Rank.ACE, Suit.CLUBS),
        (" 7d ", Rank.SEVEN, Suit.DIAMONDS),
        ("QH", Rank.QUEEN, Suit.HEARTS),
        ("jS", Rank.JACK, Suit.SPADES),
    ],
)
def test_R1_parse_card_case_insensitive_and_10_for_T(text, rank, suit):
    card = Card.parse(text)
    assert card == Card(rank, suit)
    assert parse_card(text) == card


def test_R1_every_card_round_trips_through_notation():
    seen = set()
    for r in "A23456789TJQK":
        for s in "CDHS":
            card = Card.parse(r + s)
            assert str(card) == r + s
            assert Card.parse((r + s).lower()) == card
            seen.add(card)
    assert len(seen) == 52
    assert str(Card.parse("10c")) == "TC"


def test_R1_cards_order_by_rank_then_suit():
    # cards.py documents Card as "Ordered by rank, then suit (C D H S)".  Regression: Suit was a
    # plain Enum, so comparing two cards of the same rank raised TypeError (sorting a hand that
    # holds a pair crashed); fixed in 4416067.
    assert c("2C") < c("3C") < c("KS")
    assert sorted(cards("2S 2H 2C 2D")) == list(cards("2C 2D 2H 2S"))


def test_R1_colours_and_rank_order():
    assert [c(t).is_red for t in ("AH", "AD", "AC", "AS")] == [True, True, False, False]
    order = [Card.parse(r + "S").rank for r in "KQJT98765432A"]
    assert order == sorted(order, reverse=True)
    assert Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO > Rank.ACE


@pytest.mark.parametrize("text", ["1X", "ZZ", "1H", "11H", "KX", "K", "", "10", "TTH"])
def test_R1_bad_card_refused_with_how_to_write_a_card(text):
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    message = str(info.value)
    assert "write the rank (A 2-9 T J Q K, or 10) then the suit (C D H S)" in message
    assert "for example 7H or KS" in message


def test_R1_bad_card_message_exact():
    with pytest.raises(NotationError) as info:
        Card.parse("1X")
    assert str(info.value) == (
        "'1X' is not a card: write the rank (A 2-9 T J Q K, or 10) then the suit (C D H S), "
        "for example 7H or KS."
    )
    with pytest.raises(NotationError) as info:
        Card.parse("ZZ")
    assert str(info.value).startswith("'ZZ' is not a card: ")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text, pile",
    [("n", N), ("E", E), ("s", S), ("w", W), ("ne", NE), ("Se", SE), (" SW ", SW), ("nW", NW)],
)
def test_R1_piles_parse(text, pile):
    assert parse_pile(text) is pile


def test_R1_piles_edges_and_corners():
    assert EDGES == (N, E, S, W)
    assert CORNERS == (NE, SE, SW, NW)
    assert all(p.is_edge and not p.is_corner for p in EDGES)
    assert all(p.is_corner and not p.is_edge for p in CORNERS)


@pytest.mark.parametrize("text", ["X", "NN", "nort", "northward", "", "C"])
def test_R1_bad_pile_refused(text):
    with pytest.raises(NotationError) as info:
        parse_pile(text)
    assert "the piles are N E S W (edges) and NE SE SW NW (corners)." in str(info.value)


# --------------------------------------------------------------------------------------------
# R2 Players, dealing, first player


@pytest.mark.parametrize(
    "players, preset, hand_size",
    [
        (4, "standard", 7),
        (2, "standard", 7),
        (6, "standard", 7),
        (4, "classic-deal", 10),
        (3, "long-deal", 9),
        (5, "six-card", 6),
        (2, "no-draw", 13),
        (3, "no-draw", 13),
    ],
)
@pytest.mark.parametrize("dealer", [0, 1])
def test_R2_deal_sizes_edges_corners_stock_first_player(players, preset, hand_size, dealer):
    game, events = shuffled_game(players, preset, seed=7 + players, dealer=dealer)
    assert game.rules.hand_size == hand_size
    start = events[1]
    assert isinstance(events[0], SessionStart) and isinstance(start, RoundStart)
    # The hands, the board and the stock of round_start are the game's.
    assert start.round == 1 and start.dealer == dealer
    assert all(len(h) == hand_size for h in start.hands)
    assert all(len(start.board[p.value]) == 1 for p in EDGES)  # 4 edge cards
    assert all(start.board[p.value] == () for p in CORNERS)  # corners empty
    assert len(start.stock) == 52 - players * hand_size - 4  # the rest is the stock
    dealt = [x for h in start.hands for x in h] + [x for p in start.board for x in p] + list(start.stock)
    assert len(set(dealt)) == 52
    # The player left of the dealer plays first (R2), drawing first with draw "start" (R3).
    first = (dealer + 1) % players
    assert game.current == first
    assert events[2] == TurnStart(first)
    if game.rules.draw == "start":
        assert events[3] == Draw(first, start.stock[0])
        assert game.hand(first) == by_id(start.hands[first] + (start.stock[0],))
        assert len(game.stock_cards()) == len(start.stock) - 1
    else:
        assert len(events) == 3
        assert game.hand(first) == by_id(start.hands[first])
    assert game.card_count() == 52
    assert by_id(all_cards_of(game)) == by_id(dealt)


def test_R2_round_one_dealer_is_random():
    dealers = set()
    for seed in range(40):
        game, _ = shuffled_game(4, seed=seed)
        assert 0 <= game.dealer < 4
        assert game.current == (game.dealer + 1) % 4
        dealers.add(game.dealer)
    assert dealers == {0, 1, 2, 3}


def _one_card_rounds_deal(round_no: int, dealer: int, players: int) -> RoundStart:
    """Every seat holds one card, W is empty: the first player goes out by filling W."""
    singles = ["5C", "5D", "5H", "5S"][:players]
    return RoundStart(
        round=round_no,
        dealer=dealer,
        hands=tuple(cards(x) for x in singles),
        board=make_board(N="9C", E="9D", S="9H"),
        stock=cards("2C 2D"),
    )


def test_R2_deal_passes_clockwise_and_first_player_follows():
    game, events = new_game(
        ["5C", "5D", "5H", "5S"], {"N": "9C", "E": "9D", "S": "9H"}, stock="2C 2D",
        dealer=2, draw="none", target=1000,
    )
    seen = []
    for round_no in range(1, 7):
        seen.append((game.round_no, game.dealer, game.current))
        hand = game.hand(game.current)
        game.play(PlayCard(hand[0], W))  # out at once
        assert game.phase == Phase.ROUND_OVER
        game.next_round(deal=_one_card_rounds_deal(round_no + 1, (game.dealer + 1) % 4, 4))
    assert seen == [(1, 2, 3), (2, 3, 0), (3, 0, 1), (4, 1, 2), (5, 2, 3), (6, 3, 0)]
    starts = [e for e in events if isinstance(e, RoundStart)]
    assert [(e.round, e.dealer) for e in starts] == [
        (1, 2), (2, 3), (3, 0), (4, 1), (5, 2), (6, 3), (7, 0)]


def test_R2_next_round_with_shuffled_deal_passes_the_deal():
    game, events = new_game(["5C", "5D", "5H"], {"N": "9C"}, dealer=1, draw="none")
    game.play(PlayCard(c("5H"), E))  # seat 2 (dealer 1 + 1) goes out
    assert game.round_winners == (2,)
    game.next_round()
    assert game.dealer == 2 and game.current == 0 and game.round_no == 2
    start = events[-2]
    assert isinstance(start, RoundStart) and start.round == 2 and start.dealer == 2
    assert all(len(h) == 7 for h in start.hands)
    assert game.card_count() == 52


def _plain_then_relocated(seed: int):
    """The same shuffle dealt without and with kings_to_corners_at_deal."""
    plain, _ = shuffled_game(4, seed=seed, dealer=0, draw="none")
    moved, ev = shuffled_game(4, seed=seed, dealer=0, draw="none", kings_to_corners_at_deal=True)
    return plain, moved, ev


def _expected_relocation(plain: Game):
    """R2 written out independently: edges in N E S W order; a King goes to the first empty
    corner (NE SE SW NW) and is replaced from the stock's top, again if that is a King."""
    stock = list(plain.stock_cards())
    edges, corners = [], []
    for p in EDGES:
        card = plain.pile(p)[0]
        while card is not None and card.is_king:
            corners.append(card)
            card = stock.pop(0) if stock else None
        edges.append(card)
    return edges, corners, stock


def test_R2_kings_to_corners_at_deal_repeated_replacement_seed_133():
    # Seed 133 (dealer 0) turns up KC TH KS KD with JH KH 8C AS on top of the stock:
    # KC -> NE, replaced by JH; KS -> SE, replaced by KH, a King again -> SW, replaced by 8C;
    # KD -> NW, replaced by AS.
    plain, moved, ev = _plain_then_relocated(133)
    assert [str(plain.pile(p)[0]) for p in EDGES] == ["KC", "TH", "KS", "KD"]
    stock = plain.stock_cards()
    assert [str(x) for x in stock[:4]] == ["JH", "KH", "8C", "AS"]
    assert [moved.pile(p) for p in CORNERS] == [cards("KC"), cards("KS"), cards("KH"), cards("KD")]
    assert [moved.pile(p) for p in EDGES] == [cards("JH"), cards("TH"), cards("8C"), cards("AS")]
    assert moved.stock_cards() == stock[4:]
    assert [moved.hand(i) for i in range(4)] == [plain.hand(i) for i in range(4)]
    # round_start shows the deal after the relocation (docs/protocol.md section 1).
    start = ev[1]
    assert [start.board[p.value] for p in Pile] == [moved.pile(p) for p in Pile]
    assert start.stock == stock[4:]


def test_R2_kings_to_corners_at_deal_invariant_over_many_seeds():
    relocated_seeds = repeated = 0
    for seed in range(400):
        plain, moved, _ = _plain_then_relocated(seed)
        edges, corners, stock = _expected_relocation(plain)
        assert [moved.pile(p)[0] if moved.pile(p) else None for p in EDGES] == edges
        assert [moved.pile(p) for p in CORNERS] == [
            (corners[i],) if i < len(corners) else () for i in range(4)]
        assert list(moved.stock_cards()) == stock
        # The invariant: no edge shows a King while the stock has cards, corners hold only
        # Kings, filled in NE SE SW NW order, and all 52 cards are there once.
        assert moved.stock_cards()
        assert not any(moved.pile(p)[-1].is_king for p in EDGES)
        assert all(len(moved.pile(p)) == 1 for p in EDGES)
        assert all(card.is_king for p in CORNERS for card in moved.pile(p))
        assert len(set(all_cards_of(moved))) == 52 == moved.card_count()
        relocated_seeds += bool(corners)
        repeated += len(corners) > sum(x.is_king for x in (plain.pile(p)[0] for p in EDGES))
    assert relocated_seeds > 50 and repeated > 3  # the scenarios really happened


def test_R2_kings_to_corners_off_leaves_kings_on_edges():
    plain, _, _ = _plain_then_relocated(133)
    assert plain.pile(N) == cards("KC")
    assert all(plain.pile(p) == () for p in CORNERS)


# --------------------------------------------------------------------------------------------
# R3 A turn


def test_R3_draw_start_draws_at_turn_start():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="4H 5H 6H", dealer=0)
    assert events[2:] == [TurnStart(1), Draw(1, c("4H"))]
    assert game.hand(1) == cards("2D 3D 4H")
    assert game.stock_cards() == cards("5H 6H")
    mark = len(events)
    game.end_turn()
    assert since(events, mark) == [TurnEnd(1), TurnStart(0), Draw(0, c("5H"))]
    assert game.hand(0) == cards("2C 3C 5H")
    assert game.hand(1) == cards("2D 3D 4H")  # no second draw at the end
    assert game.stock_cards() == cards("6H")


def test_R3_draw_end_draws_when_ending_the_turn():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="4H 5H 6H", dealer=0, draw="end")
    assert events[2:] == [TurnStart(1)]
    assert game.hand(1) == cards("2D 3D")
    assert game.stock_cards() == cards("4H 5H 6H")
    game.end_turn()
    assert events[3:] == [Draw(1, c("4H")), TurnEnd(1), TurnStart(0)]
    assert game.hand(1) == cards("2D 3D 4H")
    assert game.hand(0) == cards("2C 3C")
    assert game.stock_cards() == cards("5H 6H")


def test_R3_R5_draw_end_no_draw_for_the_player_who_went_out():
    game, events = new_game(["2C 3C", "8D 7C"], {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="4H 5H 6H", dealer=0, draw="end")
    game.play(PlayCard(c("8D"), N))
    game.play(PlayCard(c("7C"), N))
    assert game.phase == Phase.ROUND_OVER
    assert not any(isinstance(e, Draw) for e in events)
    assert game.stock_cards() == cards("4H 5H 6H")
    assert game.hand(1) == ()
    assert isinstance(events[-1], RoundEnd) and events[-1].winners == (1,)


def test_R3_draw_none_never_draws():
    game, events = new_game(["2C 3C", "2D 3D", "2H 3H"],
                            {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="4H 5H 6H", dealer=0, draw="none")
    game.end_turn()
    game.end_turn()
    assert not any(isinstance(e, Draw) for e in events)
    assert game.stock_cards() == cards("4H 5H 6H")
    assert [game.hand(i) for i in range(3)] == [cards("2C 3C"), cards("2D 3D"), cards("2H 3H")]
    assert events[2:] == [TurnStart(1), TurnEnd(1), TurnStart(2), TurnEnd(2), TurnStart(0)]


@pytest.mark.parametrize("draw", ["start", "end"])
def test_R3_empty_stock_means_no_draw_and_is_never_rebuilt(draw):
    game, events = new_game(["2C 3C", "2D 3D", "2H 3H"],
                            {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="", dealer=0, draw=draw)
    game.end_turn()
    game.end_turn()
    assert not any(isinstance(e, Draw) for e in events)
    assert game.stock_cards() == ()
    assert [game.hand(i) for i in range(3)] == [cards("2C 3C"), cards("2D 3D"), cards("2H 3H")]


def test_R3_a_turn_with_no_move_is_allowed_and_play_passes_clockwise():
    game, events = new_game(["2C", "2D", "2H"], {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="4C 4D 4H 4S 5C 5D", dealer=1)
    order = [game.current]
    for _ in range(4):
        game.end_turn()
        order.append(game.current)
    assert order == [2, 0, 1, 2, 0]
    assert [e.player for e in events if isinstance(e, TurnEnd)] == [2, 0, 1, 2]


# --------------------------------------------------------------------------------------------
# R4 Legal moves (and refusals that change nothing)

R4_BOARD = {"N": "9C", "E": "9H", "S": "AS", "W": ""}


def r4_game():
    # Seat 1 plays first (dealer 0); draw "none" keeps the hands exact.
    return new_game(["2C 3C", "8D 8C QH KD 5S 2H"], R4_BOARD, stock="4C 4D", draw="none")


def test_R4_red_8_on_black_9_is_legal():
    game, events = r4_game()
    mark = len(events)
    game.play(PlayCard(c("8D"), N))
    assert game.pile(N) == cards("9C 8D")
    assert game.hand(1) == cards("2H 5S 8C QH KD")
    assert since(events, mark) == [Play(1, c("8D"), N)]
    assert game.current == 1  # the turn goes on


def test_R4_red_8_on_red_9_refused_naming_top_card_and_need():
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("8D"), E),
                   "8D does not fit on E: E shows 9H; it needs a black 8.")


def test_R4_black_8_on_black_9_refused_it_needs_a_red_8():
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("8C"), N),
                   "8C does not fit on N: N shows 9C; it needs a red 8.")


def test_R4_wrong_rank_refused():
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("5S"), E),
                   "5S does not fit on E: E shows 9H; it needs a black 8.")


def test_R4_nothing_goes_on_an_ace():
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("2H"), S),
                   "2H does not fit on S: S shows AS, and nothing goes on an Ace.")
    assert not any(isinstance(m, PlayCard) and m.pile is S for m in game.legal_moves())


def test_R4_king_to_an_empty_corner_is_legal():
    game, events = r4_game()
    game.play(PlayCard(c("KD"), NE))
    assert game.pile(NE) == cards("KD")
    assert events[-1] == Play(1, c("KD"), NE)


@pytest.mark.parametrize("corner", ["NE", "SE", "SW", "NW"])
def test_R4_only_kings_start_corners(corner):
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("QH"), Pile[corner]),
                   f"Only a King can start a corner: {corner} is empty and QH is not a King.")


def test_R4_build_on_a_corner_pile():
    game, events = new_game(["2C", "QC QH 3D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD",
                                                  "NE": "KD"}, draw="none")
    assert_refused(game, events, PlayCard(c("QH"), NE),
                   "QH does not fit on NE: NE shows KD; it needs a black Queen.")
    game.play(PlayCard(c("QC"), NE))
    assert game.pile(NE) == cards("KD QC")


@pytest.mark.parametrize("card", ["5S", "KD", "2H", "8C"])
def test_R4_any_card_a_king_too_fills_an_empty_edge(card):
    game, events = r4_game()
    assert PlayCard(c(card), W) in game.legal_moves()
    game.play(PlayCard(c(card), W))
    assert game.pile(W) == (c(card),)
    assert c(card) not in game.hand(1)
    assert events[-1] == Play(1, c(card), W)


def test_R4_playing_a_card_you_do_not_hold_refused():
    game, events = r4_game()
    assert_refused(game, events, PlayCard(c("8H"), N), "You do not hold 8H.")
    # A card of another seat's hand is not yours either.
    assert_refused(game, events, PlayCard(c("2C"), W), "You do not hold 2C.")


MOVE_BOARD = {"N": "9C", "E": "8H", "S": "TD", "W": "KS QH", "NE": "KD QC"}


def move_game():
    return new_game(["2C 3C", "5S 6S"], MOVE_BOARD, stock="4C", draw="none")


def test_R4_move_a_pile_whose_bottom_fits_frees_its_space():
    game, events = move_game()
    mark = len(events)
    game.play(MovePile(E, N))
    assert game.pile(N) == cards("9C 8H")
    assert game.pile(E) == ()
    # A two-card pile moves whole, in order, onto a fitting top (9C on TD).
    game.play(MovePile(N, S))
    assert game.pile(S) == cards("TD 9C 8H")
    assert game.pile(N) == ()
    assert since(events, mark) == [MoveEvent(1, E, N), MoveEvent(1, N, S)]
    assert game.hand(1) == cards("5S 6S")
    # The freed spaces are empty edges: any card may fill them (R4).
    game.play(PlayCard(c("6S"), N))
    assert game.pile(N) == cards("6S")


def test_R4_an_edge_pile_may_move_onto_a_corner_pile_that_fits():
    game, events = new_game(["2C", "5S"], {"N": "9C", "E": "QC JH", "S": "AS", "W": "AD",
                                           "NE": "KD"}, draw="none")
    game.play(MovePile(E, NE))
    assert game.pile(NE) == cards("KD QC JH")
    assert game.pile(E) == ()
    assert events[-1] == MoveEvent(1, E, NE)


def test_R4_move_onto_a_pile_that_does_not_fit_refused():
    game, events = move_game()
    assert_refused(game, events, MovePile(E, S),
                   "E does not fit on S: E starts with 8H, which needs a black 9 on top of S, "
                   "and S shows TD.")
    assert_refused(game, events, MovePile(N, E),
                   "N does not fit on E: N starts with 9C, which needs a red 10 on top of E, "
                   "and E shows 8H.")


def test_R4_a_pile_to_an_empty_edge_refused():
    game, events = move_game()
    game.play(MovePile(E, N))  # E is now empty
    assert_refused(game, events, MovePile(N, E),
                   "A pile cannot move to an empty edge: E is empty; play a card from your "
                   "hand there instead.")
    assert_refused(game, events, MovePile(W, E),
                   "A pile cannot move to an empty edge: E is empty; play a card from your "
                   "hand there instead.")


def test_R4_a_corner_pile_never_moves():
    game, events = move_game()
    sentence = "NE is a corner pile, and corner piles never move."
    for target in (N, E, S, W, SE, SW, NW):
        assert_refused(game, events, MovePile(NE, target), sentence)
    assert not any(isinstance(m, MovePile) and m.source.is_corner for m in game.legal_moves())


def test_R4_king_pile_to_an_empty_corner_is_legal():
    game, events = move_game()
    game.play(MovePile(W, SE))
    assert game.pile(SE) == cards("KS QH")
    assert game.pile(W) == ()
    assert events[-1] == MoveEvent(1, W, SE)


def test_R4_king_pile_fits_on_no_card_and_non_king_pile_not_to_a_corner():
    game, events = move_game()
    assert_refused(game, events, MovePile(W, N),
                   "W does not fit on N: W starts with KS, and a King fits on no card; a King "
                   "pile can only move to an empty corner.")
    assert_refused(game, events, MovePile(N, SE),
                   "Only a pile that starts with a King can move to an empty corner: "
                   "N starts with 9C.")


def test_R4_empty_source_and_same_pile_refused():
    game, events = move_game()
    assert_refused(game, events, MovePile(SE, N), "SE is empty: there is no pile to move.")
    assert_refused(game, events, MovePile(N, N), "N cannot move onto itself.")


def test_R4_legal_moves_list_agrees_with_the_refusals():
    game, _ = move_game()
    legal = set(game.legal_moves())
    assert legal == {
        MovePile(E, N), MovePile(N, S), MovePile(W, SE), MovePile(W, SW), MovePile(W, NW),
    }  # 5S and 6S fit nowhere and no edge is empty
    everything = [PlayCard(x, p) for x in cards("5S 6S 2C") for p in Pile] + [
        MovePile(a, b) for a in Pile for b in Pile]
    for move in everything:
        assert (game.why_illegal(move) is None) == (move in legal)


# --------------------------------------------------------------------------------------------
# Undo (docs/protocol.md `undo`; R5 counts plays after any undo)


def test_undo_of_a_play_restores_exactly():
    game, events = r4_game()
    before = snapshot(game, events)
    mark = len(events)
    game.play(PlayCard(c("8D"), N))
    game.undo()
    after = snapshot(game, events)
    assert since(events, mark) == [Play(1, c("8D"), N), Undo(1)]
    assert after[:3] == before[:3]  # hands, piles, stock
    assert after[4:] == before[4:]  # whose turn, phase, pot, totals, moves, idle run


def test_undo_of_pile_moves_restores_exactly_last_first():
    game, events = move_game()
    before = snapshot(game, events)
    game.play(MovePile(E, N))
    game.play(MovePile(N, S))
    game.play(MovePile(W, SE))
    game.play(PlayCard(c("5S"), W))
    game.undo()
    assert game.pile(W) == () and game.pile(SE) == cards("KS QH")
    game.undo()
    assert game.pile(W) == cards("KS QH") and game.pile(SE) == ()
    game.undo()
    assert game.pile(N) == cards("9C 8H") and game.pile(S) == cards("TD")
    game.undo()
    after = snapshot(game, events)
    assert after[:3] == before[:3] and after[4:] == before[4:]
    assert [type(e) for e in events[len(before[3]):]] == [MoveEvent] * 3 + [Play] + [Undo] * 4
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")


def test_undo_nothing_to_undo():
    game, events = r4_game()
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")


def test_undo_never_takes_back_the_draw():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "9D", "S": "9H", "W": "9S"},
                            stock="8H 5H", dealer=0)
    assert game.hand(1) == cards("2D 3D 8H")
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")
    game.play(PlayCard(c("8H"), N))  # the drawn card
    game.undo()
    assert game.hand(1) == cards("2D 3D 8H")  # back in hand, not back on the stock
    assert game.stock_cards() == cards("5H")
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")


def test_undo_is_limited_to_this_turn():
    game, events = new_game(["8H 2C", "8D 2D"], {"N": "9C", "E": "9S", "S": "AS", "W": "AD"},
                            stock="4C 4D 4H", dealer=0, draw="none")
    game.play(PlayCard(c("8D"), N))
    game.end_turn()
    assert game.current == 0
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")
    game.play(PlayCard(c("8H"), E))
    game.end_turn()
    assert game.current == 1
    # Seat 1's own play of last turn is not undoable now either.
    assert_refused(game, events, game.undo, "There is nothing to undo this turn.")
    assert game.pile(N) == cards("9C 8D")


# --------------------------------------------------------------------------------------------
# R5 End of a round


def test_R5_going_out_mid_turn_ends_the_round_at_once():
    game, events = new_game(["2C 3C KH", "8D 7C", "QS JH"],
                            {"N": "9C", "E": "9S", "S": "AS", "W": "AD"},
                            stock="4C 4D 4H", dealer=0, draw="none")
    game.play(PlayCard(c("8D"), N))
    assert game.phase == Phase.TURN
    mark = len(events)
    game.play(PlayCard(c("7C"), N))
    new = since(events, mark)
    assert new[0] == Play(1, c("7C"), N)
    assert new[1] == RoundEnd(1, "out", (1,), (cards("2C 3C KH"), (), cards("JH QS")),
                              (12, 0, 2), (12, 0, 2))
    assert len(new) == 2  # no turn_end, no session_end (target 25 not reached)
    assert game.phase == Phase.ROUND_OVER
    assert game.round_winners == (1,) and game.round_reason == "out"
    sentence = "The round is over; deal the next one first."
    assert_refused(game, events, PlayCard(c("QS"), E), sentence)
    assert_refused(game, events, game.end_turn, sentence)
    assert_refused(game, events, game.undo, sentence)


BLOCK_BOARD = {"N": "AS", "E": "AH", "S": "AD", "W": "AC"}
BLOCK_HANDS = ["2C 3D", "4H 5S", "6C 7D 8H"]


def test_R5_blocked_round_ends_after_players_idle_turns_fewest_cards_share():
    game, events = new_game(BLOCK_HANDS, BLOCK_BOARD, dealer=0, draw="none")
    assert game.legal_moves() == ()
    game.end_turn()  # seat 1 idle
    game.end_turn()  # seat 2 idle
    assert game.phase == Phase.TURN and game.current == 0
    mark = len(events)
    game.end_turn()  # seat 0 idle: three idle turns for three players
    assert since(events, mark) == [
        TurnEnd(0),
        RoundEnd(1, "blocked", (0, 1), tuple(cards(h) for h in BLOCK_HANDS), (0, 0, 3), (0, 0, 3)),
    ]
    assert game.phase == Phase.ROUND_OVER
    assert game.round_winners == (0, 1)


def test_R5_idle_run_is_broken_by_a_turn_in_which_a_card_leaves_the_hand():
    board = dict(BLOCK_BOARD, W="")
    game, events = new_game(["2C 3D", "4H 5S", "6C 7D 8H 9S"], board, dealer=0, draw="none")
    game.end_turn()  # seat 1 idle (1)
    game.play(PlayCard(c("6C"), W))  # seat 2 plays: not idle
    game.end_turn()
    game.end_turn()  # seat 0 idle (1)
    game.end_turn()  # seat 1 idle (2): had the run not been broken this would be the third
    assert game.phase == Phase.TURN and game.current == 2
    game.end_turn()  # seat 2 idle (3)
    assert game.phase == Phase.ROUND_OVER
    end = events[-1]
    assert isinstance(end, RoundEnd) and end.reason == "blocked" and end.winners == (0, 1)
    assert end.scores == (0, 0, 3)


def test_R5_a_turn_with_only_pile_moves_is_still_idle():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "8H", "S": "AS", "W": "AD"},
                            dealer=0, draw="none")
    game.play(MovePile(E, N))
    game.end_turn()  # seat 1 moved a pile but no card left its hand: idle (1)
    assert game.phase == Phase.TURN
    game.end_turn()  # seat 0 idle (2)
    assert game.phase == Phase.ROUND_OVER
    assert events[-1] == RoundEnd(1, "blocked", (0, 1), (cards("2C 3C"), cards("2D 3D")),
                                  (0, 0), (0, 0))


def test_R5_an_undone_play_does_not_count():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "3S", "E": "AH", "S": "AS", "W": "AD"},
                            dealer=0, draw="none")
    game.play(PlayCard(c("2D"), N))
    game.undo()
    game.end_turn()  # idle after the undo (1)
    game.end_turn()  # seat 0 idle (2)
    assert game.phase == Phase.ROUND_OVER
    assert events[-1].reason == "blocked" and events[-1].winners == (0, 1)


def test_R5_idle_is_judged_after_the_draw_start():
    # Two cards in the stock: seat 1 draws one (stock not empty after: not idle), seat 0 draws
    # the last (idle 1), seat 1 cannot draw (idle 2): blocked after the third turn.
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "AC", "E": "AH", "S": "AS", "W": "AD"},
                            stock="4C 4S", dealer=0)
    game.end_turn()
    game.end_turn()
    assert game.phase == Phase.TURN
    game.end_turn()
    assert game.phase == Phase.ROUND_OVER
    assert events[-1] == RoundEnd(1, "blocked", (0, 1), (cards("2C 3C 4S"), cards("2D 3D 4C")),
                                  (0, 0), (0, 0))


def test_R5_idle_is_judged_after_the_draw_end():
    # One card in the stock: seat 1 draws it when ending; the stock is then empty: idle (1).
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "AC", "E": "AH", "S": "AS", "W": "AD"},
                            stock="4C", dealer=0, draw="end")
    game.end_turn()
    assert game.phase == Phase.TURN
    game.end_turn()
    assert game.phase == Phase.ROUND_OVER
    assert events[-1] == RoundEnd(1, "blocked", (0,), (cards("2C 3C"), cards("2D 3D 4C")),
                                  (0, 3), (0, 3))


# --------------------------------------------------------------------------------------------
# R6 mandatory_kings


def test_R6_mandatory_kings_draw_start_end_turn_refused_while_a_corner_is_empty():
    game, events = new_game(["2C 3C", "KD 2D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD"},
                            stock="4C 4S 4H", dealer=0, mandatory_kings=True)
    assert game.rules.draw == "start" and game.hand(1) == cards("2D 4C KD")
    assert game.pending_king() == c("KD")
    assert_refused(game, events, game.end_turn,
                   "You must play KD to an empty corner before ending your turn "
                   "(Kings are mandatory).")
    game.play(PlayCard(c("KD"), SE))
    assert game.pending_king() is None
    game.end_turn()
    assert game.current == 0


def test_R6_mandatory_kings_a_drawn_king_must_be_played_too():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD"},
                            stock="KS 4S", dealer=0, mandatory_kings=True)
    assert_refused(game, events, game.end_turn,
                   "You must play KS to an empty corner before ending your turn "
                   "(Kings are mandatory).")


def test_R6_mandatory_kings_end_allowed_when_no_corner_is_empty():
    # With one deck all four corners full means every King is placed, so a player can hold one
    # only on a made-up board: NW is filled with a non-King to show the condition is "a corner
    # is empty", not "holds a King".
    game, events = new_game(["2C 3C", "KD 2D"],
                            {"N": "9C", "E": "9H", "S": "AS", "W": "AD",
                             "NE": "KC", "SE": "KS", "SW": "KH", "NW": "QD"},
                            dealer=0, draw="none", mandatory_kings=True)
    assert game.pending_king() is None
    game.end_turn()
    assert game.current == 0 and game.hand(1) == cards("2D KD")


def test_R6_mandatory_off_a_king_may_stay_in_hand():
    game, events = new_game(["2C 3C", "KD 2D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD"},
                            stock="4C", dealer=0, draw="none")
    game.end_turn()
    assert game.current == 0 and c("KD") in game.hand(1)


def test_R6_mandatory_kings_force_plays_owed_kings_to_the_first_empty_corners():
    game, events = new_game(["2C 3C", "KD KH 2D"],
                            {"N": "9C", "E": "9H", "S": "AS", "W": "AD", "NE": "KC"},
                            stock="4C", dealer=0, draw="none", mandatory_kings=True)
    mark = len(events)
    game.end_turn(force_kings=True)
    assert since(events, mark)[:3] == [Play(1, c("KD"), SE), Play(1, c("KH"), SW), TurnEnd(1)]
    assert game.hand(1) == cards("2D")


@pytest.mark.parametrize("filled, corner", [({}, NE), ({"NE": "KC"}, SE),
                                            ({"NE": "KC", "SE": "KH"}, SW)])
def test_R6_mandatory_kings_draw_end_drawn_king_goes_to_first_empty_corner(filled, corner):
    board = dict({"N": "9C", "E": "9H", "S": "AS", "W": "AD"}, **filled)
    game, events = new_game(["2C 3C", "2D 3D"], board, stock="KS 4S", dealer=0,
                            draw="end", mandatory_kings=True)
    mark = len(events)
    game.end_turn()
    assert since(events, mark) == [Draw(1, c("KS")), Play(1, c("KS"), corner), TurnEnd(1),
                                   TurnStart(0)]
    assert game.pile(corner) == cards("KS")
    assert game.hand(1) == cards("2D 3D")
    assert game.stock_cards() == cards("4S")


def test_R6_mandatory_kings_draw_end_king_held_before_ending_refused():
    game, events = new_game(["2C 3C", "KD 3D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD"},
                            stock="4S", dealer=0, preset="mandatory")
    assert_refused(game, events, game.end_turn,
                   "You must play KD to an empty corner before ending your turn "
                   "(Kings are mandatory).")


def test_R6_draw_end_without_mandatory_a_drawn_king_stays_in_hand():
    game, events = new_game(["2C 3C", "2D 3D"], {"N": "9C", "E": "9H", "S": "AS", "W": "AD"},
                            stock="KS 4S", dealer=0, draw="end")
    game.end_turn()
    assert game.hand(1) == cards("2D 3D KS")
    assert all(game.pile(p) == () for p in CORNERS)


# --------------------------------------------------------------------------------------------
# R6 royal_kings

ROYAL_BOARD = {"N": "9C", "E": "9H", "S": "AS", "W": "AD"}


def turn_order(events) -> list[int]:
    return [e.player for e in events if isinstance(e, TurnStart)]


def test_R6_royal_kings_one_extra_turn_per_king_taken_right_after():
    game, events = new_game(["2C", "KD 2D 3D", "2H"], ROYAL_BOARD, stock="4C", dealer=0,
                            draw="none", royal_kings=True)
    game.play(PlayCard(c("KD"), NE))
    game.end_turn()
    assert game.current == 1  # the extra turn
    game.end_turn()
    assert game.current == 2
    assert turn_order(events) == [1, 1, 2]


def test_R6_royal_kings_two_kings_two_extra_turns():
    game, events = new_game(["2C", "KD KS 2D", "2H"], ROYAL_BOARD, stock="4C", dealer=0,
                            draw="none", royal_kings=True)
    game.play(PlayCard(c("KD"), NE))
    game.play(PlayCard(c("KS"), SE))
    game.end_turn()
    game.end_turn()
    game.end_turn()
    assert turn_order(events) == [1, 1, 1, 2]


def test_R6_royal_kings_a_king_in_an_extra_turn_earns_another():
    game, events = new_game(["2C", "KD KS 2D", "2H"], ROYAL_BOARD, stock="4C", dealer=0,
                            draw="none", royal_kings=True)
    game.play(PlayCard(c("KD"), NE))
    game.end_turn()
    game.play(PlayCard(c("KS"), SE))
    game.end_turn()
    game.end_turn()
    assert turn_order(events) == [1, 1, 1, 2]


def test_R6_royal_kings_an_undone_king_earns_nothing():
    game, events = new_game(["2C", "KD 2D", "2H"], ROYAL_BOARD, stock="4C", dealer=0,
                            draw="none", royal_kings=True)
    game.play(PlayCard(c("KD"), NE))
    game.undo()
    game.end_turn()
    assert turn_order(events) == [1, 2]


def test_R6_royal_kings_a_king_pile_moved_is_not_played_from_hand():
    game, events = new_game(["2C", "2D 3D", "2H"], dict(ROYAL_BOARD, W="KS QH"), stock="4C",
                            dealer=0, draw="none", royal_kings=True)
    game.play(MovePile(W, NE))
    game.end_turn()
    assert turn_order(events) == [1, 2]


def test_R6_royal_off_a_king_earns_nothing():
    game, events = new_game(["2C", "KD 2D", "2H"], ROYAL_BOARD, stock="4C", dealer=0,
                            draw="none")
    game.play(PlayCard(c("KD"), NE))
    game.end_turn()
    assert turn_order(events) == [1, 2]


def test_R6_royal_kings_extra_turn_draws_again_with_draw_start():
    game, events = new_game(["2C", "2D 3D", "2H"], ROYAL_BOARD, stock="KD 4C 4S", dealer=0,
                            preset="royal")
    game.play(PlayCard(c("KD"), NE))
    game.end_turn()
    assert events[-2:] == [TurnStart(1), Draw(1, c("4C"))]


# --------------------------------------------------------------------------------------------
# R6 presets, overrides and refusals

DEFAULTS = dict(hand_size=7, draw="start", kings_to_corners_at_deal=False, mandatory_kings=False,
                royal_kings=False, scoring="classic", target=25)


@pytest.mark.parametrize(
    "preset, players, changes",
    [
        ("standard", 4, {}),
        ("classic-deal", 4, {"hand_size": 10}),
        ("long-deal", 3, {"hand_size": 9}),
        ("six-card", 5, {"hand_size": 6}),
        ("no-draw", 2, {"draw": "none", "hand_size": 13}),
        ("draw-end", 4, {"draw": "end"}),
        ("mandatory", 4, {"draw": "end", "mandatory_kings": True,
                          "kings_to_corners_at_deal": True}),
        ("royal", 4, {"royal_kings": True}),
        ("boxed", 4, {"draw": "end", "scoring": "chips", "target": 100}),
        ("high-stakes", 4, {"scoring": "alternative", "target": 250}),
    ],
)
def test_R6_every_preset_builds_and_sets_what_the_rules_say(preset, players, changes):
    rules = build_rules(players, preset)
    assert rules.as_dict() == dict(players=players, **dict(DEFAULTS, **changes))
    assert isinstance(rules, RuleSet)


def test_R6_preset_names_are_exactly_the_table():
    assert set(PRESETS) == {"standard", "classic-deal", "long-deal", "six-card", "no-draw",
                            "draw-end", "mandatory", "royal", "boxed", "high-stakes"}


def test_R6_overrides_on_top_of_a_preset():
    rules = build_rules(4, "boxed", {"target": 50})
    assert (rules.draw, rules.scoring, rules.target) == ("end", "chips", 50)
    rules = build_rules(3, "mandatory", {"draw": "start", "hand_size": 8})
    assert rules.as_dict() == dict(DEFAULTS, players=3, hand_size=8, mandatory_kings=True,
                                   kings_to_corners_at_deal=True)
    key, value = parse_rule_assignment("royal-kings=yes")
    assert build_rules(2, "no-draw", {key: value}).royal_kings is True


@pytest.mark.parametrize("scoring, target", [("classic", 25), ("face", 25),
                                             ("alternative", 250), ("chips", 100)])
def test_R6_target_follows_the_scoring(scoring, target):
    assert build_rules(2, "standard", {"scoring": scoring}).target == target
    assert build_rules(2, "standard", {"scoring": scoring, "target": 7}).target == 7


@pytest.mark.parametrize(
    "players, preset, overrides, message",
    [
        (6, "long-deal", {}, "6 players x 9 cards + 4 edge cards needs 58 cards; a deck has 52"),
        (4, "no-draw", {}, "4 players x 13 cards + 4 edge cards needs 56 cards; a deck has 52"),
        (5, "classic-deal", {}, "5 players x 10 cards + 4 edge cards needs 54 cards; a deck has 52"),
        (2, "standard", {"hand_size": 25}, "2 players x 25 cards + 4 edge cards needs 54 cards"),
        (7, "standard", {}, "players must be from 2 to 6 (R2); got 7"),
        (1, "standard", {}, "players must be from 2 to 6 (R2); got 1"),
        (4, "standard", {"hand_size": 0}, "hand_size must be at least 1; got 0"),
        (4, "standard", {"target": 0}, "target must be from 1 to 100000; got 0"),
        (4, "standard", {"draw": "sometimes"}, "draw must be one of start, end, none; got 'sometimes'"),
        (4, "standard", {"scoring": "golf", "target": 10},
         "scoring must be one of classic, face, alternative, chips, none; got 'golf'"),
        (4, "nope", {}, "unknown preset 'nope'; the presets are standard, classic-deal, "
                        "long-deal, six-card, no-draw, draw-end, mandatory, royal, boxed, high-stakes"),
        (4, "standard", {"players": 3}, "players is set by the seats given (4); got players=3"),
    ],
)
def test_R6_impossible_configurations_refused_naming_the_option(players, preset, overrides,
                                                                message):
    with pytest.raises(RuleError) as info:
        build_rules(players, preset, overrides)
    assert message in str(info.value)


def test_R6_impossible_deal_message_says_the_limit():
    with pytest.raises(RuleError) as info:
        build_rules(6, "long-deal")
    assert str(info.value) == ("6 players x 9 cards + 4 edge cards needs 58 cards; a deck has "
                               "52 (hand_size can be at most 8 for 6 players)")
    # The largest possible deal is accepted (never a short hand).
    assert build_rules(6, "standard", {"hand_size": 8}).hand_size == 8
    game, _ = shuffled_game(6, hand_size=8, seed=3)
    assert len(game.stock_cards()) == 0 and game.card_count() == 52


def test_R6_game_refuses_an_unchecked_impossible_rule_set():
    with pytest.raises(RuleError):
        Game(RuleSet(players=6, hand_size=9), random.Random(0))


def test_R6_unknown_scoring_without_target_refused_with_rule_error():
    # Regression: build_rules looked the target up in DEFAULT_TARGETS[scoring] before checking
    # the scoring, so an unknown scoring (with no target given) raised KeyError('golf')
    # instead of this RuleError; fixed in 4416067.
    with pytest.raises(RuleError) as info:
        build_rules(4, "standard", {"scoring": "golf"})
    assert str(info.value) == (
        "scoring must be one of classic, face, alternative, chips, none; got 'golf'")


def test_R6_unknown_option_in_build_rules_refused_with_rule_error():
    # R6: a bad configuration is "refused with a clear message naming the option; it never
    # crashes".  Regression: build_rules passed an unknown option straight to
    # dataclasses.replace, which raised TypeError; fixed in 4416067.
    with pytest.raises(RuleError) as info:
        build_rules(4, "standard", {"colour": True})
    assert "colour" in str(info.value)


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("hand_size", 7.5, "hand_size must be a whole number; got 7.5"),
        ("target", True, "target must be a whole number; got True"),
        ("royal_kings", 1, "royal_kings must be true or false; got 1"),
        ("draw", 3, "draw must be a word; got 3"),
        ("mandatory_kings", "maybe", "mandatory_kings must be true or false; got 'maybe'"),
    ],
)
def test_R6_ill_typed_option_values_refused_naming_the_option(option, value, message):
    with pytest.raises(RuleError) as info:
        build_rules(4, "standard", {option: value})
    assert str(info.value) == message


def test_R6_option_values_given_as_text_are_read_like_rule_assignments():
    rules = build_rules(4, "standard", {"mandatory_kings": "yes", "hand_size": "8", "draw": "END"})
    assert (rules.mandatory_kings, rules.hand_size, rules.draw) == (True, 8, "end")


@pytest.mark.parametrize(
    "text, message",
    [
        ("target", "a rule is written KEY=VALUE, for example target=50; got 'target'"),
        ("target=abc", "target must be a whole number; got 'abc'"),
        ("colour=red", "unknown rule option 'colour'; the options are hand_size, draw, "
                       "kings_to_corners_at_deal, mandatory_kings, royal_kings, scoring, target"),
        ("draw=sometimes", "draw must be one of start, end, none; got 'sometimes'"),
        ("scoring=golf", "scoring must be one of classic, face, alternative, chips, none; "
                         "got 'golf'"),
        ("royal-kings=maybe", "royal_kings must be true or false; got 'maybe'"),
    ],
)
def test_R6_parse_rule_assignment_errors(text, message):
    with pytest.raises(RuleError) as info:
        parse_rule_assignment(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "text, expected",
    [
        ("target=50", ("target", 50)),
        ("Royal-Kings=on", ("royal_kings", True)),
        ("mandatory_kings=false", ("mandatory_kings", False)),
        ("draw=END", ("draw", "end")),
        ("scoring=Chips", ("scoring", "chips")),
        ("hand_size= 9", ("hand_size", 9)),
    ],
)
def test_R6_parse_rule_assignment_values(text, expected):
    assert parse_rule_assignment(text) == expected


@pytest.mark.parametrize("preset, overrides", [
    ("boxed", {"mandatory_kings": True, "target": 25}),
    ("standard", {"scoring": "chips", "target": 25}),
    ("standard", {"scoring": "chips"}),
    ("high-stakes", {"scoring": "classic"}),
    ("draw-end", {"scoring": "alternative", "target": 100, "royal_kings": True}),
    ("standard", {}),
])
def test_R6_a_saves_rules_label_read_back_as_options_gives_its_rules(preset: str, overrides: dict) -> None:
    """The label tells the rules apart, and read as a preset and KEY=VALUE options (as
    ``kings-corner rules --preset P --rule ...`` reads them) gives them back: a target kept at
    25 under chips scoring was left out, and chips then played to 100."""
    from kc_tui.games.kings_corner.engine.rules import parse_rule_assignment, rules_label

    rules = build_rules(4, preset, overrides)
    name, *options = rules_label(rules).split(", ")
    read = dict(parse_rule_assignment(option.replace(" ", "=", 1)) for option in options)
    assert build_rules(4, name, read) == rules, rules_label(rules)
