"""Kings Reverse rule scenarios, one per rule of KINGS-REVERSE.md (KR numbers cited)."""

from __future__ import annotations

import random

import pytest
from kr_positions import Table

from kc_tui.core.cards import Suit, showing
from kc_tui.core.events import PlayerInfo
from kc_tui.core.kinds import Phase, SeatKind
from kc_tui.games.kings_reverse.engine.basics import JK, Step, card_of, card_value
from kc_tui.games.kings_reverse.engine.game import ReverseGame, ReverseIllegal
from kc_tui.games.kings_reverse.engine.rules import RuleError, build_rules


def events_of(t: Table, kind: str) -> list[dict]:
    return [e for e in t.events if e["event"] == kind]


# --- KR3 a turn -------------------------------------------------------------------------------
def test_kr3_1_a_card_matches_by_suit_or_rank() -> None:
    t = Table(["9S 4H 2C", "5C 6C"], "4S", "3D 3D")
    t.do("9S")
    assert t.game.current == 1
    t2 = Table(["4H 2C 3C", "5C 6C"], "4S", "3D 3D")
    t2.do("4H")
    assert t2.game.follow == Suit.HEARTS.index


def test_kr3_1_a_card_that_does_not_match_is_refused_with_the_sentence_the_player_sees() -> None:
    t = Table(["9H 2C 3C", "5C"], "4S", "3D")
    with pytest.raises(ReverseIllegal) as refused:
        t.do("9H")
    assert str(refused.value) == "9H does not match the 4S on the pile: play a spade, a 4, a Jack, or draw."
    assert t.hand(0) == "2C 3C 9H" and t.events == []
    # A table that draws cards with their suits' signs names both cards so, the pile's too.
    glyphs_of = {"9H": "9♥", "4S": "4♠"}
    with showing(lambda card: glyphs_of.get(str(card), str(card))), pytest.raises(ReverseIllegal) as glyphs:
        t.do("9H")
    assert str(glyphs.value).startswith("9♥ does not match the 4♠ on the pile: ")


def test_kr3_2_a_jack_goes_on_anything_even_with_other_playable_cards_and_sets_its_suit() -> None:
    t = Table(["JD 4S 9C", "5C"], "4C", "3D")
    t.do("JD")
    assert t.game.follow == Suit.DIAMONDS.index
    assert not events_of(t, "suit")  # nobody names a suit for a Jack


def test_kr3_3_a_joker_only_when_nothing_else_goes() -> None:
    t = Table(["JK 9C 3H", "5D 6D"], "4C", "3D 3D 3D 3D 3D")
    with pytest.raises(ReverseIllegal, match="only when no other card can be: you can play 9C"):
        t.do("JK S")


def test_kr3_3_a_joker_names_a_suit_and_the_next_player_draws_four_and_loses_the_turn() -> None:
    t = Table(["JK 9D 3H", "5D 6D", "7D 8D"], "4C", "2D 2D 2H 2H 2S")
    with pytest.raises(ReverseIllegal, match="Name the suit"):
        t.do("JK")
    t.do("JK S")
    assert t.game.follow == Suit.SPADES.index
    draw = events_of(t, "draw")[0]
    assert draw["player"] == 1 and draw["count"] == 4 and draw["reason"] == "JK"
    assert events_of(t, "skip")[0] == {"event": "skip", "player": 1, "reason": "JK"}
    assert t.game.current == 2


def test_kr3_3_a_joker_on_the_pile_has_no_rank_only_its_suit_a_jack_or_a_joker_follow() -> None:
    t = Table(["4C JH 5S", "AC"], "4C JK", "3D", follow="S")
    with pytest.raises(ReverseIllegal, match="the joker on the pile"):
        t.do("4C")
    t.do("5S")


def test_kr3_4_a_marriage_when_either_card_alone_would_match() -> None:
    t = Table(["QH KH 2C 3C", "5C 6C", "2D 3D"], "5H", "3S 3S")
    t.do("marry H")
    assert t.game.pile[-2:] == [44 + 2, 48 + 2]  # the Queen down first, the King on top
    assert t.game.direction == -1 and t.game.current == 2  # KR4: the King's effect applies


def test_kr3_4_a_marriage_by_rank_on_a_queen() -> None:
    t = Table(["QH KH 2C", "5C 6C"], "QS", "3S 3S")
    t.do("marry H")
    assert t.hand(0) == "2C"


def test_kr3_4_a_marriage_that_neither_card_could_make_alone_is_refused() -> None:
    t = Table(["QH KH 2C", "5C 6C"], "5S", "3S 3S")
    with pytest.raises(ReverseIllegal, match="marriage of hearts does not match"):
        t.do("marry H")


def test_kr3_5_a_drawn_card_that_may_be_played_must_be_played_at_once() -> None:
    t = Table(["2C 3C", "5C 6C"], "4S", "9S 3D")
    t.do("draw")
    assert t.game.step is Step.DRAWN
    with pytest.raises(ReverseIllegal, match="must be played now"):
        t.do("end")
    with pytest.raises(ReverseIllegal, match="play it now"):
        t.do("2C")
    t.do("9S")
    assert t.game.current == 1


def test_kr3_5_a_drawn_card_that_cannot_be_played_ends_the_turn() -> None:
    t = Table(["2C 3C", "5C 6C"], "4S", "9H 3D")
    t.do("draw")
    assert t.game.current == 1 and t.hand(0) == "2C 3C 9H"


def test_kr3_5_draw_is_allowed_while_holding_a_playable_card_and_only_once() -> None:
    t = Table(["4C 3C", "5C 6C"], "4S", "9H 3D")
    t.do("draw")
    assert t.game.current == 1


def test_kr3_5_with_an_empty_stock_a_player_who_cannot_play_passes() -> None:
    t = Table(["2C 3C", "5C 6C"], "4S", "")
    with pytest.raises(ReverseIllegal, match="The stock is empty"):
        t.do("draw")
    t.do("pass")
    assert events_of(t, "pass") == [{"event": "pass", "player": 0}]
    t2 = Table(["4C 3C", "5C 6C"], "4S", "")
    with pytest.raises(ReverseIllegal, match="pass only when you cannot play"):
        t2.do("pass")


# --- KR4 special cards ------------------------------------------------------------------------
def test_kr4_a_seven_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    t = Table(["7S 2C 3C", "5C", "6C"], "4S", "9D 8D 3D")
    t.do("7S")
    draw = events_of(t, "draw")[0]
    assert draw["player"] == 1 and draw["cards"] == ["9D", "8D"]
    assert t.game.current == 2


def test_kr4_an_eight_skips_the_next_player() -> None:
    t = Table(["8S 2C 3C", "5C", "6C"], "4S", "9D")
    t.do("8S")
    assert events_of(t, "skip") == [{"event": "skip", "player": 1, "reason": "8"}]
    assert t.game.current == 2


def test_kr4_a_king_reverses_the_direction() -> None:
    t = Table(["KS 2C 3C", "5C", "6C", "7C"], "4S", "9D")
    t.do("KS")
    assert events_of(t, "reverse") == [{"event": "reverse", "player": 0, "clockwise": False}]
    assert t.game.current == 3


def test_kr4_with_two_players_a_king_acts_as_an_eight() -> None:
    t = Table(["KS 2C 3C", "5C"], "4S", "9D")
    t.do("KS")
    assert events_of(t, "skip") == [{"event": "skip", "player": 1, "reason": "K"}]
    assert not events_of(t, "reverse") and t.game.current == 0


def test_kr4_ace_of_spades_cards_remain_play_goes_on_and_the_call_is_judged_after_the_gives() -> None:
    t = Table(["AS 2C 3C 5D", "5C", "6C"], "4S", "9D")
    t.do("AS")
    assert t.game.step is Step.GIVE
    t.do("give 2C")
    t.do("give 5D")
    assert [e["to"] for e in events_of(t, "give")] == [1, 2]  # in playing order
    assert t.game.step is Step.CALL and t.hand(0) == "3C"
    t.do("one")
    assert t.game.current == 1


def test_kr4_ace_of_spades_gives_that_use_up_the_hand_exactly_put_the_player_out() -> None:
    t = Table(["AS 2C 3C", "5C", "6C"], "4S", "9D")
    t.do("AS")
    t.do("give 2C")
    t.do("give 3C")
    assert t.game.phase is Phase.ROUND_OVER and t.game.round_winner == 0
    assert not events_of(t, "draw")


def test_kr4_ace_of_spades_running_out_before_everyone_had_one_others_draw_one() -> None:
    t = Table(["AS 2C", "5C", "6C", "7C"], "4S", "9D 9H 9C")
    t.do("AS")
    t.do("give 2C")
    assert t.game.round_winner == 0
    assert [(e["player"], e["reason"]) for e in events_of(t, "draw")] == [(2, "ace"), (3, "ace")]


def test_kr4_ace_of_spades_as_the_last_card_every_other_player_draws_one() -> None:
    t = Table(["AS", "5C", "6C"], "4S", "9D 9H 9C")
    t.do("AS")
    assert t.game.round_winner == 0
    assert [e["player"] for e in events_of(t, "draw")] == [1, 2]


def test_kr4_ace_of_spades_option_off_is_an_ordinary_ace() -> None:
    t = Table(["AS 2C 3C", "5C", "6C"], "4S", "9D", ace_of_spades="off")
    t.do("AS")
    assert t.game.current == 1 and not events_of(t, "give")


def test_kr4_a_short_stock_gives_what_it_has_and_is_never_reshuffled() -> None:
    t = Table(["7S 2C 3C", "5C", "6C"], "4H 4S", "9D")
    t.do("7S")
    assert events_of(t, "draw")[0]["count"] == 1
    assert t.game.stock == [] and len(t.game.pile) == 3


# --- KR5 the one-card call --------------------------------------------------------------------
def test_kr5_a_call_after_the_play_that_leaves_one_card_is_not_caught() -> None:
    t = Table(["9S 2C", "5C 6C", "7H 8H"], "4S", "3D 3D 3D")
    t.do("9S")
    assert t.game.step is Step.CALL
    t.do("one")
    assert events_of(t, "call") == [{"event": "call", "player": 0}]
    assert not events_of(t, "caught")


def test_kr5_a_missed_call_is_caught_at_the_next_turn_taken_and_draws_two() -> None:
    t = Table(["9S 2C", "5C 6C", "7H 8H"], "4S", "3D 4D 5H")
    t.do("9S")
    t.do("end")
    assert events_of(t, "caught") == [{"event": "caught", "player": 0}]
    assert events_of(t, "draw")[0] == {"event": "draw", "player": 0, "count": 2, "reason": "caught",
                                       "cards": ["3D", "4D"]}


def test_kr5_skipped_players_take_no_turn_so_the_catch_waits_for_the_next_turn_taken() -> None:
    t = Table(["8S 2C", "5C 6C", "7H 8H"], "4S", "3D 4D 5H")
    t.do("8S")
    t.do("end")
    kinds = t.kinds()
    assert kinds.index("skip") < kinds.index("turn_start") < kinds.index("caught")
    assert t.game.current == 2


def test_kr5_with_the_option_off_nobody_calls() -> None:
    t = Table(["9S 2C", "5C 6C"], "4S", "3D 3D", one_card_call="off")
    t.do("9S")
    assert t.game.current == 1 and not events_of(t, "caught")


def test_kr5_a_call_at_any_other_time_is_refused() -> None:
    t = Table(["9S 2C 3C", "5C 6C"], "4S", "3D 3D")
    with pytest.raises(ReverseIllegal, match="right after a play that leaves you exactly one card"):
        t.do("one")


# --- KR6 the joker challenge ------------------------------------------------------------------
def test_kr6_a_bluffed_joker_challenged_goes_back_and_its_player_draws_four_and_loses_a_turn() -> None:
    t = Table(["JK 9S 2C", "5C 6C", "7H 8H"], "4S", "3D 4D 5D 6D 2H 2D", joker_challenge="on")
    t.do("JK H")
    assert t.game.step is Step.CHALLENGE and t.game.current == 1
    t.do("challenge")
    challenge = events_of(t, "challenge")[0]
    assert challenge["legal"] is False and challenge["hand"] == ["2C", "9S"]
    assert t.game.pile == [4 * 3 + 3] and t.game.follow == Suit.SPADES.index  # as before
    assert t.hand(0) == "2C 3D 4D 5D 6D 9S JK"
    assert t.game.current == 1 and t.game.step is Step.PLAY  # the challenger plays normally
    t.do("draw")  # player 1
    t.do("draw")  # player 2; then player 0's lost turn
    assert events_of(t, "skip")[-1] == {"event": "skip", "player": 0, "reason": "penalty"}
    assert t.game.current == 1


def test_kr6_a_legal_joker_challenged_costs_the_challenger_six_cards_and_the_turn() -> None:
    t = Table(["JK 2C 3C", "5C 6C", "7H 8H"], "4S", "3D 4D 5D 6D 2H 3H 9H", joker_challenge="on")
    t.do("JK H")
    t.do("challenge")
    assert events_of(t, "challenge")[0]["legal"] is True
    draw = events_of(t, "draw")[0]
    assert draw["player"] == 1 and draw["count"] == 6
    assert t.game.current == 2


def test_kr6_an_accepted_joker_draws_four() -> None:
    t = Table(["JK 2C 3C", "5C 6C", "7H 8H"], "4S", "3D 4D 5D 6D 2H", joker_challenge="on")
    t.do("JK H")
    t.do("accept")
    assert events_of(t, "draw")[0]["count"] == 4 and t.game.current == 2


@pytest.mark.parametrize("challenge, said", [
    ("on", "Only the player a joker was just played on may challenge it or accept it."),
    ("off", "Jokers are not challenged in this game (rule KR6 is off): a joker played stands."),
])
def test_kr6_a_challenge_with_no_joker_to_answer_says_why_and_changes_nothing(challenge: str, said: str) -> None:
    """With challenges off, the refusal spoke of a player a joker was played on, as if one
    could be challenged (a play test in Spanish asked when)."""
    t = Table(["JK 9S", "5C 6C"], "4S", "3D 4D", joker_challenge=challenge)
    for action in ("challenge", "accept"):
        with pytest.raises(ReverseIllegal) as refused:
            t.do(action)
        assert str(refused.value) == said
    assert t.events == [] and t.hand(0) == "9S JK"


def test_kr6_the_taken_back_joker_means_a_missed_call_is_not_caught() -> None:
    t = Table(["JK 9S", "5C 6C", "7H 8H"], "4S", "3D 4D 5D 6D 2H", joker_challenge="on")
    t.do("JK H")
    t.do("end")  # one card left, not called
    t.do("challenge")
    assert not events_of(t, "caught")


# --- KR7 end of a round and scoring -----------------------------------------------------------
def test_kr7_card_values() -> None:
    values = {str(c): card_value(c) for c in (24, 28, 48, 3, 40, JK, 0, 36)}
    assert values == {"24": 20, "28": 20, "48": 20, "3": 20, "40": 15, "52": 25, "0": 5, "36": 5}


def test_kr7_out_with_a_last_seven_the_next_player_first_draws_two() -> None:
    t = Table(["7S", "5C", "6C"], "4S", "9D 9H 9C")
    t.do("7S")
    assert events_of(t, "draw")[0]["player"] == 1
    end = events_of(t, "round_end")[0]
    assert end["winners"] == [0] and end["scores"] == [0, 15, 5]


def test_kr7_a_last_joker_names_no_suit() -> None:
    t = Table(["JK", "5C"], "4S", "9D 9H 9C 9S")
    t.do("JK")
    assert not events_of(t, "suit") and events_of(t, "draw")[0]["count"] == 4


def test_kr7_blocked_when_the_stock_is_empty_and_everyone_passed_since_the_last_card() -> None:
    t = Table(["2C JK", "5C 7D", "6C KH"], "4S JS", "", follow="S")
    with pytest.raises(ReverseIllegal):
        t.do("pass")  # the joker can go
    t.do("JK S")
    t2 = Table(["2C", "5C 7D", "6C KH"], "4S", "")
    t2.do("pass")
    t2.do("pass")
    t2.do("pass")
    end = events_of(t2, "round_end")[0]
    assert end["reason"] == "blocked" and end["winners"] == [] and end["scores"] == [5, 25, 25]


def test_kr7_the_session_ends_at_the_target_and_the_lowest_score_wins() -> None:
    t = Table(["2C", "5C 7D", "6C KH"], "4S", "", target=25)
    for _ in range(3):
        t.do("pass")
    assert t.game.phase is Phase.SESSION_OVER and t.game.session_winners == (0,)


# --- KR1 KR2 cards and the deal ---------------------------------------------------------------
class _Arranged(random.Random):
    """A shuffle that turns ``card`` up (the first card after the hands), dealer 0."""

    def __init__(self, card: int, players: int, size: int) -> None:
        super().__init__(1)
        self.card, self.at = card, players * size

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        super().shuffle(x)
        i = x.index(self.card)
        x[i], x[self.at] = x[self.at], x[i]

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        return 0 if len(args) == 1 and args[0] < 7 else super().randrange(*args)


def _dealt(card: int, players: int = 3, **options: object) -> tuple[ReverseGame, list[dict]]:
    rules = build_rules(players, **options)  # type: ignore[arg-type]
    events: list[dict] = []
    game = ReverseGame(rules, _Arranged(card, players, rules.hand_size),
                       [PlayerInfo(f"P{i}", SeatKind.AI) for i in range(players)], 1)
    game.set_emit(lambda e: events.append(e.as_dict()))
    game.start()
    return game, events


@pytest.mark.parametrize("jokers,size", [(True, 108), (False, 104)])
def test_kr1_two_decks_and_four_jokers(jokers: bool, size: int) -> None:
    game, events = _dealt(5, jokers=jokers)
    start = events[1]
    dealt = sum(len(h) for h in start["hands"]) + len(start["pile"]) + len(start["stock"])
    assert dealt == size
    assert ("JK" in start["stock"] + sum(start["hands"], [])) is jokers


def test_kr2_a_seven_turned_up_makes_the_first_player_draw_two_and_lose_the_turn() -> None:
    game, events = _dealt(24)
    assert [e["event"] for e in events[2:5]] == ["draw", "skip", "turn_start"]
    assert events[2]["player"] == 1 and game.current == 2


def test_kr2_an_eight_turned_up_skips_the_first_player() -> None:
    game, _ = _dealt(28)
    assert game.current == 2


def test_kr2_a_king_turned_up_starts_counter_clockwise_with_the_dealer() -> None:
    game, _ = _dealt(48)
    assert game.direction == -1 and game.current == 0


def test_kr2_a_king_turned_up_between_two_players_is_an_eight() -> None:
    game, _ = _dealt(48, players=2)
    assert game.direction == 1 and game.current == 0


def test_kr2_a_jack_turned_up_only_sets_its_suit() -> None:
    game, _ = _dealt(41)
    assert game.current == 1 and game.follow == 1


def test_kr2_a_joker_turned_up_goes_back_into_the_stock() -> None:
    game, events = _dealt(JK)
    assert events[1]["pile"] != ["JK"] and "JK" in events[1]["stock"]


def test_kr2_hand_size_and_players_are_checked() -> None:
    with pytest.raises(RuleError, match="2 to 6 players"):
        build_rules(7)
    with pytest.raises(RuleError, match="5 to 12"):
        build_rules(4, hand_size=13)
    with pytest.raises(RuleError, match="no option"):
        build_rules(4, wild_sevens="on")


# --- KR6 with KR3 and KR7: a bluff caught when the stock is empty ------------------------------
def test_kr6_a_bluff_caught_with_the_stock_empty_is_not_a_pass_the_round_goes_on() -> None:
    # Issue 28 item 12: P0 holds 5S and 2S that follow 4S; its bluff is caught, P1 cannot play.
    t = Table(["JK 5S 2S", "9H 9D"], "4S", "", joker_challenge="on")
    t.do("JK H")
    t.do("challenge")
    t.do("pass")  # P1 cannot play: only it has passed (KR3.5), so the round is not blocked (KR7)
    assert not events_of(t, "round_end") and t.game.phase == Phase.TURN
    assert events_of(t, "skip")[-1] == {"event": "skip", "player": 0, "reason": "penalty"}
    t.do("pass")  # P1 again, after P0's lost turn
    assert t.game.current == 0 and not events_of(t, "round_end")
    t.do("5S")  # the bluffer plays later
    assert t.hand(0) == "2S JK"


def test_kr6_after_a_bluff_caught_with_the_stock_empty_the_joker_waits_until_a_card_stays() -> None:
    # The bound on endless bluffing (docs/rules.md): KR3.3 again for that player, until a card
    # stays on the pile.
    t = Table(["JK 5S 2S", "9H 9D 6S"], "4S", "", joker_challenge="on")
    t.do("JK H")
    t.do("challenge")
    t.do("6S")  # a card stays: the bound lapses
    t.do("pass")  # P1 again, after P0's lost turn
    assert any(a.card is not None and a.card.id == JK for a in t.game.legal_actions())
    t.do("JK H")
    t.do("challenge")
    t.do("pass")
    t.do("pass")  # P0's lost turn, then P1 again
    assert not any(a.card is not None and a.card.id == JK for a in t.game.legal_actions())
    with pytest.raises(ReverseIllegal, match="Your bluff was shown and the stock is empty.*You can play 2S"):
        t.do("JK H")
    t.do("2S")
    assert t.hand(0) == "5S JK"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kr6_bluffs_with_the_stock_empty_cannot_go_on_for_ever(players: int) -> None:
    # Every seat bluffs whenever it may and challenges every joker: the round still ends.
    for seed in range(20):
        rng = random.Random(seed)
        deck = [c for c in range(52) for _ in range(2)] + [JK] * 4
        rng.shuffle(deck)
        hands = [" ".join(str(card_of(c)) for c in deck[i * 6:(i + 1) * 6]) for i in range(players)]
        top = deck[players * 6]
        t = Table(hands, str(card_of(top)) if top != JK else "4S", "", joker_challenge="on")
        for _ in range(500):
            if t.game.phase != Phase.TURN:
                break
            legal = t.game.legal_actions()
            jokers = [a for a in legal if a.card is not None and a.card.id == JK]
            t.game.apply(jokers[0] if jokers else legal[0])
        assert t.game.phase != Phase.TURN, seed
