"""Scenario tests of R7: round scoring, chips, and when a session ends and who wins it.

Arithmetic is checked on hand-built end positions (exact scores, totals and events); whole
sessions are driven through GameService with seeded computer seats and checked against an
independent reading of R7.
"""

from __future__ import annotations

import random

import pytest
from positions import NE, NW, SE, SW, E, N, S, W, c, cards, deal, make_board, new_game  # noqa: F401

from kc_tui.core.cards import Card
from kc_tui.core.errors import IllegalMove
from kc_tui.core.events import SessionEnd, SessionStart, TurnEnd, TurnStart
from kc_tui.core.text import YOU
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.events import Chips, Draw, Play, RoundEnd, RoundStart
from kc_tui.games.kings_corner.engine.game import Game, Phase
from kc_tui.games.kings_corner.engine.moves import PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat

# --------------------------------------------------------------------------------------------
# Helpers

















OUT_BOARD = {"N": "9C", "E": "9D", "S": "9H"}  # W empty: the first player fills it


def out_round_deal(round_no: int, dealer: int, hands: list[str]) -> RoundStart:
    """The first player (dealer + 1) holds one card and goes out by filling the empty W."""
    return deal(round_no, dealer, hands, OUT_BOARD)


def go_out(game: Game) -> None:
    (card,) = game.hand(game.current)
    game.play(PlayCard(card, W))


def sort_text(text: str) -> tuple[Card, ...]:
    return tuple(sorted(cards(text), key=lambda x: x.id))


# The penalty tables of R7, written out independently of kc_tui.games.kings_corner.engine.scoring.
def penalty(scoring: str, card: Card) -> int:
    r = int(card.rank)
    if scoring == "classic":
        return 10 if r == 13 else 1
    if scoring == "face":
        return 10 if r == 13 else 1 if r in (11, 12) else r
    if scoring == "alternative":
        return 25 if r == 1 else 10 if r >= 10 else r
    return 0


# --------------------------------------------------------------------------------------------
# R7 penalty arithmetic on hand-built end positions

ALL_RANKS = "AS 2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS"  # one card of every rank


@pytest.mark.parametrize(
    "scoring, seat0, seat2",
    [
        ("classic", 22, 11),  # 12 cards x 1 + K 10; A 1 + K 10
        ("face", 67, 11),  # A 1 + (2..10) 54 + J 1 + Q 1 + K 10; A 1 + K 10
        ("alternative", 109, 35),  # A 25 + (2..9) 44 + T J Q K 40; A 25 + K 10
        ("none", 0, 0),
    ],
)
def test_R7_penalty_arithmetic_of_each_scoring(scoring, seat0, seat2):
    options = {"scoring": scoring} if scoring == "none" else {"scoring": scoring, "target": 1000}
    game, events = new_game([ALL_RANKS, "5C", "AH KD"], OUT_BOARD, dealer=0, draw="none",
                            **options)
    go_out(game)
    end = events[-2] if scoring == "none" else events[-1]
    assert end == RoundEnd(1, "out", (1,), (sort_text(ALL_RANKS), (), sort_text("AH KD")),
                           (seat0, 0, seat2), (seat0, 0, seat2))


@pytest.mark.parametrize("scoring", ["classic", "face", "alternative"])
@pytest.mark.parametrize("rank", list("A23456789TJQK"))
def test_R7_penalty_of_each_rank(scoring, rank):
    expected = {
        "classic": dict(zip("A23456789TJQK", [1] * 12 + [10])),
        "face": dict(zip("A23456789TJQK", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 1, 10])),
        "alternative": dict(zip("A23456789TJQK", [25, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])),
    }[scoring][rank]
    game, events = new_game([rank + "S", "5C"], OUT_BOARD, dealer=0, draw="none",
                            scoring=scoring, target=1000)
    go_out(game)
    assert events[-1].scores == (expected, 0)
    assert events[-1].totals == (expected, 0)


def test_R7_blocked_round_winners_score_zero_others_pay():
    game, events = new_game(["2C 3D", "4H 5S", "6C 7D KH"],
                            {"N": "AS", "E": "AH", "S": "AD", "W": "AC"},
                            dealer=0, draw="none", scoring="face", target=1000)
    for _ in range(3):
        game.end_turn()
    assert events[-1] == RoundEnd(1, "blocked", (0, 1),
                                  (sort_text("2C 3D"), sort_text("4H 5S"), sort_text("6C 7D KH")),
                                  (0, 0, 23), (0, 0, 23))


# --------------------------------------------------------------------------------------------
# R7 session end for the penalty scorings


def test_R7_classic_session_ends_when_a_total_reaches_target_lowest_wins():
    game, events = new_game(["KC AS", "5C", "2C 3C"], OUT_BOARD, dealer=0, draw="none",
                            target=12)
    go_out(game)  # seat 1 out
    assert events[-1] == RoundEnd(1, "out", (1,), (sort_text("KC AS"), (), sort_text("2C 3C")),
                                  (11, 0, 2), (11, 0, 2))
    assert game.phase == Phase.ROUND_OVER  # 11 < 12: the session goes on
    game.next_round(deal=out_round_deal(2, 1, ["AS", "2C 3C 4C", "5C"]))
    go_out(game)  # seat 2 out; seat 0 reaches 12 exactly
    assert events[-2:] == [
        RoundEnd(2, "out", (2,), (cards("AS"), sort_text("2C 3C 4C"), ()), (1, 3, 0), (12, 3, 2)),
        SessionEnd((2,), (12, 3, 2)),
    ]
    assert game.phase == Phase.SESSION_OVER and game.session_winners == (2,)
    with pytest.raises(IllegalMove) as info:
        game.next_round()
    assert str(info.value) == "The session is over."


def test_R7_classic_default_target_25_session_goes_on_below_it():
    game, events = new_game(["KC KD AS AH", "5C", "2C"], OUT_BOARD, dealer=0, draw="none")
    assert game.rules.target == 25
    go_out(game)
    assert events[-1].totals == (22, 0, 1)
    assert game.phase == Phase.ROUND_OVER
    assert not any(isinstance(e, SessionEnd) for e in events)
    game.next_round(deal=out_round_deal(2, 1, ["2S 3S 4S", "TD", "5C"]))
    go_out(game)
    assert events[-2:] == [
        RoundEnd(2, "out", (2,), (sort_text("2S 3S 4S"), cards("TD"), ()), (3, 1, 0),
                 (25, 1, 1)),
        SessionEnd((1, 2), (25, 1, 1)),  # lowest total wins; ties share
    ]


def test_R7_face_session_end_ties_share():
    # Blocked round: seats 0 and 1 win with 2 cards each; seat 2 pays 6 + 7 + 8 = 21 >= 5.
    game, events = new_game(["2C 3D", "4H 5S", "6C 7D 8H"],
                            {"N": "AS", "E": "AH", "S": "AD", "W": "AC"},
                            dealer=0, draw="none", scoring="face", target=5)
    for _ in range(3):
        game.end_turn()
    assert events[-2:] == [
        RoundEnd(1, "blocked", (0, 1),
                 (sort_text("2C 3D"), sort_text("4H 5S"), sort_text("6C 7D 8H")),
                 (0, 0, 21), (0, 0, 21)),
        SessionEnd((0, 1), (0, 0, 21)),
    ]


def test_R7_alternative_session_to_250():
    game, events = new_game(["AS AH AD AC KS QS JS TS 9S 8S", "5C", "2C"], OUT_BOARD,
                            dealer=0, draw="none", preset="high-stakes")
    assert game.rules.target == 250
    go_out(game)  # seat 1 out; seat 0 pays 4 x 25 + 4 x 10 + 9 + 8 = 157
    assert events[-1].scores == (157, 0, 2)
    game.next_round(deal=out_round_deal(2, 1, ["AS AH AD", "2D", "5C"]))
    go_out(game)  # seat 2 out
    assert events[-1].totals == (232, 2, 2)
    assert game.phase == Phase.ROUND_OVER
    game.next_round(deal=out_round_deal(3, 2, ["5C", "AS", "3D"]))
    go_out(game)  # seat 0 out, stays at 232
    assert events[-1].totals == (232, 27, 5)
    assert game.phase == Phase.ROUND_OVER
    game.next_round(deal=out_round_deal(4, 0, ["AS 2S", "5C", "3D"]))
    go_out(game)  # seat 1 out; seat 0 pays 27 -> 259 >= 250: the session ends, lowest wins
    assert events[-2:] == [
        RoundEnd(4, "out", (1,), (sort_text("AS 2S"), (), cards("3D")), (27, 0, 3), (259, 27, 8)),
        SessionEnd((2,), (259, 27, 8)),
    ]


# --------------------------------------------------------------------------------------------
# R7 none: single rounds


def test_R7_none_session_ends_after_each_round_round_winner_wins():
    game, events = new_game(["KC AS", "5C", "2C 3C"], OUT_BOARD, dealer=0, draw="none",
                            scoring="none")
    go_out(game)
    assert events[-2:] == [
        RoundEnd(1, "out", (1,), (sort_text("KC AS"), (), sort_text("2C 3C")), (0, 0, 0),
                 (0, 0, 0)),
        SessionEnd((1,), (0, 0, 0)),
    ]
    assert game.phase == Phase.SESSION_OVER and game.session_winners == (1,)
    for action in (game.next_round, game.end_turn, lambda: game.play(PlayCard(c("AS"), N))):
        with pytest.raises(IllegalMove) as info:
            action()
        assert str(info.value) == "The session is over."


def test_R7_none_blocked_round_winners_share_the_session():
    game, events = new_game(["2C 3D", "4H 5S", "6C 7D 8H"],
                            {"N": "AS", "E": "AH", "S": "AD", "W": "AC"},
                            dealer=0, draw="none", scoring="none")
    for _ in range(3):
        game.end_turn()
    assert events[-1] == SessionEnd((0, 1), (0, 0, 0))
    assert events[-2].reason == "blocked" and events[-2].scores == (0, 0, 0)


# --------------------------------------------------------------------------------------------
# R7 chips


CHIP_BOARD = {"N": "9C", "E": "AS", "S": "AH", "W": "AD"}


def test_R7_chips_full_round_antes_penalties_cards_pot_and_event_order():
    game, events = new_game(["KH 2C", "8D 7C", "KD 5C 6C"], CHIP_BOARD, dealer=0, draw="none",
                            scoring="chips")
    assert game.rules.mandatory_kings is False and game.rules.target == 100
    start = events[1]
    assert isinstance(start, RoundStart)
    # Antes right after round_start, before the first turn_start.
    assert events[2:] == [Chips(0, 1, "ante"), Chips(1, 1, "ante"), Chips(2, 1, "ante"),
                          TurnStart(1)]
    assert game.pot == 3
    mark = len(events)
    game.end_turn()  # seat 1: no move
    assert events[mark:] == [Chips(1, 1, "no_move"), TurnEnd(1), TurnStart(2)]
    assert game.pot == 4
    mark = len(events)
    game.end_turn()  # seat 2: no move, holds KD while a corner is empty
    assert events[mark:] == [Chips(2, 1, "no_move"), Chips(2, 3, "king_held"), TurnEnd(2),
                             TurnStart(0)]
    assert game.pot == 8
    mark = len(events)
    game.play(PlayCard(c("KH"), NE))
    game.end_turn()  # seat 0 moved and holds no King: pays nothing
    assert events[mark:] == [Play(0, c("KH"), NE), TurnEnd(0), TurnStart(1)]
    assert game.pot == 8
    mark = len(events)
    game.play(PlayCard(c("8D"), N))
    game.play(PlayCard(c("7C"), N))  # seat 1 goes out
    assert events[mark:] == [
        Play(1, c("8D"), N),
        Play(1, c("7C"), N),
        Chips(0, 1, "cards"),  # card payments right before round_end
        Chips(2, 3, "cards"),
        RoundEnd(1, "out", (1,), (cards("2C"), (), sort_text("5C 6C KD")), (0, 12, 0),
                 (0, 12, 0)),
    ]
    assert game.pot == 0  # the winner took the whole pot: 3 + 1 + 1 + 3 + 1 + 3
    assert game.phase == Phase.ROUND_OVER
    mark = len(events)
    game.next_round(deal=out_round_deal(2, 1, ["2S", "3S", "5C"]))
    assert [type(e) for e in events[mark:]] == [RoundStart, Chips, Chips, Chips, TurnStart]
    assert [e.reason for e in events[mark + 1:mark + 4]] == ["ante"] * 3
    assert game.pot == 3


def test_R7_chips_king_held_even_after_a_move_and_while_some_corner_is_empty():
    game, events = new_game(["2C 3C", "KD 8D 2S", "4C"], dict(CHIP_BOARD, NE="KC"), dealer=0,
                            draw="none", scoring="chips")
    game.play(PlayCard(c("8D"), N))
    mark = len(events)
    game.end_turn()
    assert events[mark:] == [Chips(1, 3, "king_held"), TurnEnd(1), TurnStart(2)]
    assert game.pot == 3 + 3


def test_R7_chips_king_held_is_judged_before_the_end_of_turn_draw():
    game, events = new_game(["2C 3C", "2D 3D"], CHIP_BOARD, stock="KS 4S", dealer=0,
                            draw="end", scoring="chips")
    mark = len(events)
    game.end_turn()  # holds no King when ending; draws KS afterwards
    assert events[mark:] == [Draw(1, c("KS")), Chips(1, 1, "no_move"), TurnEnd(1), TurnStart(0)]
    assert c("KS") in game.hand(1)
    assert game.pot == 2 + 1


def test_R7_chips_a_king_held_from_before_the_draw_end_pays():
    game, events = new_game(["2C 3C", "KD 3D"], CHIP_BOARD, stock="4S", dealer=0, preset="boxed")
    mark = len(events)
    game.end_turn()
    assert events[mark:] == [Draw(1, c("4S")), Chips(1, 1, "no_move"), Chips(1, 3, "king_held"),
                             TurnEnd(1), TurnStart(0)]


def test_R7_chips_no_king_held_penalty_with_mandatory_kings():
    game, events = new_game(["2C 3C", "KD 3D 4D"], CHIP_BOARD, dealer=0, draw="none",
                            scoring="chips", mandatory_kings=True)
    mark = len(events)
    game.end_turn(force_kings=True)  # the owed King is played for the player
    assert events[mark:] == [Play(1, c("KD"), NE), TurnEnd(1), TurnStart(0)]
    assert not any(isinstance(e, Chips) and e.reason == "king_held" for e in events)
    assert game.pot == 2


def test_R7_chips_the_draw_is_not_a_move():
    game, events = new_game(["2C 3C", "2D 3D"], CHIP_BOARD, stock="4S 5S", dealer=0,
                            scoring="chips")
    assert events[2:] == [Chips(0, 1, "ante"), Chips(1, 1, "ante"), TurnStart(1),
                          Draw(1, c("4S"))]
    mark = len(events)
    game.end_turn()
    assert events[mark:] == [Chips(1, 1, "no_move"), TurnEnd(1), TurnStart(0), Draw(0, c("5S"))]


BLOCK_BOARD = {"N": "AS", "E": "AH", "S": "AD", "W": "AC"}


def chips_blocked_round(target: int):
    game, events = new_game(["2C 3D", "4H 5S", "6C 7D 8H"], BLOCK_BOARD, dealer=0, draw="none",
                            scoring="chips", target=target)
    game.end_turn()
    game.end_turn()
    mark = len(events)
    game.end_turn()
    return game, events, mark


def test_R7_chips_blocked_pot_split_remainder_carried_to_next_round():
    game, events, mark = chips_blocked_round(target=100)
    # Pot: 3 antes + 3 no_move + 3 cards = 9; two winners get 4 each; 1 stays.
    assert events[mark:] == [
        Chips(0, 1, "no_move"),
        TurnEnd(0),
        Chips(2, 3, "cards"),
        RoundEnd(1, "blocked", (0, 1),
                 (sort_text("2C 3D"), sort_text("4H 5S"), sort_text("6C 7D 8H")),
                 (4, 4, 0), (4, 4, 0)),
    ]
    assert game.pot == 1
    assert game.phase == Phase.ROUND_OVER
    game.next_round(deal=out_round_deal(2, 1, ["2C", "3D 4S", "5C"]))
    assert game.pot == 1 + 3  # the remainder plus this round's antes
    go_out(game)  # seat 2 goes out and takes 4 + 1 + 2
    assert events[-3:] == [
        Chips(0, 1, "cards"),
        Chips(1, 2, "cards"),
        RoundEnd(2, "out", (2,), (cards("2C"), sort_text("3D 4S"), ()), (0, 0, 7), (4, 4, 7)),
    ]
    assert game.pot == 0 and game.totals == [4, 4, 7]


def test_R7_chips_session_highest_total_wins():
    game, events, _ = chips_blocked_round(target=7)
    assert game.phase == Phase.ROUND_OVER
    game.next_round(deal=out_round_deal(2, 1, ["2C", "3D 4S", "5C"]))
    go_out(game)
    assert events[-2:] == [
        RoundEnd(2, "out", (2,), (cards("2C"), sort_text("3D 4S"), ()), (0, 0, 7), (4, 4, 7)),
        SessionEnd((2,), (4, 4, 7)),
    ]


def test_R7_chips_session_ties_share():
    game, events, mark = chips_blocked_round(target=4)
    assert events[-1] == SessionEnd((0, 1), (4, 4, 0))
    assert game.phase == Phase.SESSION_OVER


# --------------------------------------------------------------------------------------------
# Whole sessions through GameService, checked against an independent reading of R7


def run_session(players: int, preset: str, overrides: dict, seed: int):
    rules = build_rules(players, preset, overrides)
    seats = [Seat(f"AI {i}", "ai", "medium", make_player("medium", random.Random(seed + i)))
             for i in range(players)]
    events: list = []
    service = GameService(rules, seats, seed=seed, listeners=[events.append])
    rounds = service.play_session()
    return rules, service, events, rounds


def check_session(rules, events) -> dict:
    """Replay the events: scores by R7, totals = sum of scores, pot, and the session's end."""
    n, scoring, target = rules.players, rules.scoring, rules.target
    assert isinstance(events[0], SessionStart)
    totals = [0] * n
    pot = 0
    seen = {"rounds": 0, "blocked": 0, "carried": 0}
    hands: list = []
    for i, e in enumerate(events):
        if isinstance(e, RoundStart):
            seen["rounds"] += 1
            assert e.round == seen["rounds"]
            if scoring == "chips":
                assert events[i + 1:i + 1 + n] == [Chips(s, 1, "ante") for s in range(n)]
        elif isinstance(e, Chips):
            assert scoring == "chips"
            assert (e.reason, e.amount) in {("ante", 1), ("no_move", 1), ("king_held", 3)} or (
                e.reason == "cards" and e.amount >= 1)
            if e.reason in ("no_move", "king_held"):
                j = i + 1
                while isinstance(events[j], Chips):
                    j += 1
                assert events[j] == TurnEnd(e.player)
            if e.reason == "king_held":
                assert not rules.mandatory_kings
            pot += e.amount
        elif isinstance(e, RoundEnd):
            hands = e.hands
            counts = [len(h) for h in hands]
            if e.reason == "out":
                assert len(e.winners) == 1 and counts[e.winners[0]] == 0
            else:
                seen["blocked"] += 1
                assert e.winners == tuple(s for s in range(n) if counts[s] == min(counts))
            if scoring == "chips":
                paid = [x for x in events[:i] if isinstance(x, Chips) and x.reason == "cards"]
                for s in range(n):
                    if s not in e.winners and counts[s]:
                        assert Chips(s, counts[s], "cards") in paid[-n:]
                share = pot // len(e.winners)
                expected = tuple(share if s in e.winners else 0 for s in range(n))
                pot -= share * len(e.winners)
                seen["carried"] += pot > 0
            else:
                expected = tuple(
                    0 if s in e.winners else sum(penalty(scoring, x) for x in hands[s])
                    for s in range(n))
            assert e.scores == expected
            totals = [t + s for t, s in zip(totals, e.scores)]
            assert list(e.totals) == totals
            over = scoring == "none" or max(totals) >= target
            follow = events[i + 1] if i + 1 < len(events) else None
            if over:
                best = (max if scoring == "chips" else min)(totals)
                winners = e.winners if scoring == "none" else tuple(
                    s for s in range(n) if totals[s] == best)
                assert follow == SessionEnd(winners, tuple(totals))
                assert i + 2 == len(events)  # nothing after session_end
            else:
                assert isinstance(follow, RoundStart)
        elif isinstance(e, SessionEnd):
            assert i == len(events) - 1
    assert isinstance(events[-1], SessionEnd)
    return seen


@pytest.mark.parametrize(
    "players, preset, overrides, seed",
    [
        (3, "standard", {}, 1),
        (4, "standard", {}, 2),
        (3, "standard", {"scoring": "face"}, 3),
        (2, "draw-end", {"scoring": "face"}, 8),
        (3, "high-stakes", {}, 5),
        (4, "boxed", {}, 6),
        (3, "standard", {"scoring": "chips"}, 7),
        (2, "no-draw", {"scoring": "chips", "target": 40}, 8),
        (3, "no-draw", {"scoring": "chips", "hand_size": 10, "target": 60}, 9),
        (4, "standard", {"scoring": "none"}, 10),
        (3, "mandatory", {"scoring": "none"}, 11),
    ],
)
def test_R7_whole_session_through_the_service(players, preset, overrides, seed):
    rules, service, events, rounds = run_session(players, preset, overrides, seed)
    seen = check_session(rules, events)
    assert seen["rounds"] == rounds
    assert service.phase == Phase.SESSION_OVER
    assert service.game.session_winners == events[-1].winners
    assert list(service.game.totals) == list(events[-1].totals)
    if rules.scoring == "none":
        assert rounds == 1
    else:
        assert rounds >= 2  # the session really ran over several rounds


def test_R7_service_sessions_cover_blocked_rounds_and_carried_pots():
    """The no-draw chips sessions above do reach blocked rounds and a carried remainder."""
    blocked = carried = 0
    for seed in range(8, 14):
        rules, _, events, _ = run_session(3, "no-draw", {"scoring": "chips", "hand_size": 10,
                                                         "target": 60}, seed)
        seen = check_session(rules, events)
        blocked += seen["blocked"]
        carried += seen["carried"]
    assert blocked >= 1 and carried >= 1


# --------------------------------------------------------------------------------------------
# The score table (issue 5): what the table, the round-over dialog and the line mode show


def test_score_table_of_a_chips_session_shows_the_pot_carried_and_the_chips_paid_and_why():
    from kc_tui.games.kings_corner.engine.describe import score_table, totals_sentence

    game, events, _ = chips_blocked_round(target=100)
    names = ["Ann", "Bob", "Cy"]
    first = score_table(game.history, names, game.rules)
    assert first.splitlines()[2].split() == ["1", "*4", "*4", "0"]  # a blocked round shared
    assert ("Chips paid in round 1: Ann 1 ante, 1 no move; Bob 1 ante, 1 no move; "
            "Cy 1 ante, 1 no move, 3 cards left.") in first
    assert "Left in the pot for the next round: 1." in first
    assert "the highest total wins. Leading: Ann and Bob." in first  # a tie leads together
    game.next_round(deal=out_round_deal(2, 1, ["2C", "3D 4S", "5C"]))
    go_out(game)
    table = score_table(game.history, names, game.rules).splitlines()
    assert table[3].split() == ["2", "0", "0", "*7"]
    assert table[5].split() == ["Total", "4", "4", "7"]
    # Round 2: three antes, then Ann pays 1 card and Bob 2 when Cy goes out at once.
    assert "Chips paid in the session: Ann 4, Bob 5, Cy 6. Left in the pot for the next round: 0." in table
    # The session over, no round is next: nothing is said to be carried to one.
    over = score_table(game.history, names, game.rules, over=True)
    assert "Chips paid in the session: Ann 4, Bob 5, Cy 6. Left in the pot: 0." in over
    assert "next round" not in over
    # The line mode's sentence in place of a chart (issue 28): the highest total leads in chips.
    assert totals_sentence(game.history[:1], names, game.rules) == (
        "After round 1: Ann 4, Bob 4, Cy 0; Ann and Bob lead.")
    assert totals_sentence(game.history, names, game.rules) == "After round 2: Ann 4, Bob 4, Cy 7; Cy leads."
    assert totals_sentence(game.history, [YOU, "Bob", "Cy"], game.rules, over=True) == (
        "After round 2: You 4, Bob 4, Cy 7.")


def test_the_totals_sentence_names_the_lowest_total_under_penalty_scoring_and_you_in_the_second_person():
    from kc_tui.games.kings_corner.engine.describe import totals_sentence
    from kc_tui.games.kings_corner.engine.kinds import RoundEndReason
    from kc_tui.games.kings_corner.engine.views import RoundRecord

    rules = build_rules(3, "standard", {})
    history = [RoundRecord(1, RoundEndReason.OUT, (0,), (0, 7, 9), (0, 7, 9), 0, ()),
               RoundRecord(2, RoundEndReason.OUT, (1,), (12, 0, 11), (12, 7, 20), 0, ())]
    assert totals_sentence(history[:1], [YOU, "Ada", "Ben"], rules) == "After round 1: You 0, Ada 7, Ben 9; you lead."
    assert totals_sentence(history, [YOU, "Ada", "Ben"], rules) == "After round 2: You 12, Ada 7, Ben 20; Ada leads."
    assert totals_sentence([], [YOU, "Ada", "Ben"], rules) == ""
    assert totals_sentence(history, [YOU, "Ada", "Ben"], build_rules(3, "standard", {"scoring": "none"})) == ""
    # For the ear: a round's winner is marked inside the round's list, not as one more item of it.
    from kc_tui.games.kings_corner.engine.describe import scores_said

    said = scores_said(history, ["Alice", "Ada", "Ben"], rules).splitlines()
    assert said[:2] == ["Round 1: Alice 0 (won the round), Ada 7, Ben 9.",
                        "Round 2: Alice 12, Ada 0 (won the round), Ben 11."]


def test_score_table_of_a_finished_penalty_session_states_no_leader_and_marks_round_winners():
    from kc_tui.games.kings_corner.engine.describe import score_table

    rules, service, events, rounds = run_session(3, "standard", {}, 3)
    names = [s.name for s in service.seats]
    text = score_table(service.game.history, names, rules, over=True).splitlines()
    assert len(text) == 2 + rounds + 3
    for record, line in zip(service.game.history, text[2:]):
        cells = line.split()
        assert int(cells[0]) == record.round
        for seat, cell in enumerate(cells[1:]):
            assert cell == ("*" if seat in record.winners else "") + str(record.scores[seat])
    assert text[-2].split()[1:] == [str(t) for t in service.game.totals]
    assert text[-1] == "* won the round."
    assert score_table([], names, rules) == "No round has been finished yet."


def test_the_round_summary_names_the_seed_only_when_it_is_known():
    """A networked table's players are not told its seed (it would tell them every hand): their
    round-over dialog says nothing of a seed rather than "Deal seed None"."""
    from dataclasses import replace

    from kc_tui.games.kings_corner.engine.describe import round_summary

    _, service, _, _ = run_session(2, "standard", {"scoring": "none"}, 5)
    summary = service.round_summary()
    names = ["Ann", "Bob"]
    assert "(Deal seed 5: playing with --seed 5" in round_summary(summary, names)
    hidden = round_summary(replace(summary, seed=None), names)
    assert "seed" not in hidden.lower() and "None" not in hidden
    assert hidden.startswith("Round 1 over.")


def test_a_blocked_round_shared_by_three_names_them_as_a_list():
    """Played: "You and Ada and Ben held the fewest cards."; and "You" kept its capital after a
    semicolon."""
    from dataclasses import replace

    from kc_tui.games.kings_corner.engine.describe import round_summary
    from kc_tui.games.kings_corner.engine.views import RoundEndReason

    _, service, _, _ = run_session(3, "standard", {"scoring": "none"}, 5)
    summary = service.round_summary()
    last = summary.history[-1]
    blocked = replace(summary, history=summary.history[:-1] + (
        replace(last, reason=RoundEndReason.BLOCKED, winners=(0, 1, 2)),))
    said = round_summary(blocked, [YOU, "Ada", "Ben"])
    assert "The round was blocked; You, Ada and Ben held the fewest cards." in said
    two = replace(blocked, history=blocked.history[:-1] + (replace(blocked.history[-1], winners=(1, 2)),))
    assert "The round was blocked; Ada and Ben held the fewest cards." in round_summary(two, [YOU, "Ada", "Ben"])
    alone = replace(blocked, history=blocked.history[:-1] + (replace(blocked.history[-1], winners=(0,)),))
    assert "The round was blocked; you held the fewest cards." in round_summary(alone, [YOU, "Ada", "Ben"])
