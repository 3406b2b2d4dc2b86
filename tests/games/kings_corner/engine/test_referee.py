"""Tests of the independent referee (tests/referee.py) on hand-made transcripts.

Every valid transcript here was worked out by hand; each mutated copy breaks
exactly one rule and must be rejected at the line that breaks it.
"""

from __future__ import annotations

import copy
import json

import pytest
from referee import RefereeError, check_file, check_transcript, penalty

DECK = [r + s for s in "CDHS" for r in "A23456789TJQK"]


# --------------------------------------------------------------------------
# Event builders


def rules(**kw):
    r = dict(players=2, hand_size=3, draw="start", kings_to_corners_at_deal=False,
             mandatory_kings=False, royal_kings=False, scoring="classic", target=25)
    r.update(kw)
    return r


def session_start(r):
    players = [{"name": f"P{i}", "kind": "ai", "level": "easy"} for i in range(r["players"])]
    return {"event": "session_start", "version": 1, "game": "kings-corner", "seed": 7,
            "rules": r, "players": players}


def round_start(rnd, dealer, hands, edges, stock_top=(), corners=None):
    """A deal: the given hands and edges; the stock is stock_top then the rest of DECK."""
    corners = corners or {}
    board = {p: ([c] if c else []) for p, c in zip("NESW", edges)}
    for p in ("NE", "SE", "SW", "NW"):
        board[p] = list(corners.get(p, []))
    used = {c for h in hands for c in h} | {c for pile in board.values() for c in pile}
    used |= set(stock_top)
    stock = list(stock_top) + [c for c in DECK if c not in used]
    return {"event": "round_start", "round": rnd, "dealer": dealer,
            "hands": [list(h) for h in hands], "board": board, "stock": stock}


def ts(p):
    return {"event": "turn_start", "player": p}


def te(p):
    return {"event": "turn_end", "player": p}


def dr(p, card):
    return {"event": "draw", "player": p, "card": card}


def pl(p, card, pile):
    return {"event": "play", "player": p, "card": card, "pile": pile}


def mv(p, src, dst):
    return {"event": "move", "player": p, "from": src, "to": dst}


def ud(p):
    return {"event": "undo", "player": p}


def ch(p, amount, reason):
    return {"event": "chips", "player": p, "amount": amount, "reason": reason}


def re(rnd, reason, winners, hands, scores, totals):
    return {"event": "round_end", "round": rnd, "reason": reason, "winners": winners,
            "hands": hands, "scores": scores, "totals": totals}


def se(winners, totals):
    return {"event": "session_end", "winners": winners, "totals": totals}


def lines(events):
    return [json.dumps(e) + "\n" for e in events]


def check(events):
    return check_transcript(lines(events))


def rejected(events, index, *words):
    """The referee must reject ``events`` at events[index] (line index+1)."""
    with pytest.raises(RefereeError) as info:
        check(events)
    msg = str(info.value)
    assert msg.startswith(f"line {index + 1}:"), msg
    for w in words:
        assert w in msg, msg
    return msg


def accepted_prefix(events):
    """``events`` is a valid beginning: the only complaint is the early end of file."""
    with pytest.raises(RefereeError) as info:
        check(events)
    msg = str(info.value)
    assert msg.startswith(f"line {len(events) + 1}:") and "transcript ends" in msg, msg


def idx(events, event):
    """Index of an event (compared by value; first occurrence)."""
    return events.index(event)


# --------------------------------------------------------------------------
# Game A: two players, 3 cards each, dealer 0 so seat 1 starts.
#   seat 0: KS TH 4C        seat 1: 8D 7C 3H
#   N 9C  E 6H  S QH  W 9D  corners empty; stock 5C JS 2D ...
# Turn 1 (seat 1): draws 5C; 8D on 9C, 7C on 8D, 5C on 6H.  Left: 3H.
# Turn 2 (seat 0): draws JS; JS on QH, TH on JS; pile N (9C 8D 7C) onto S (top TH);
#   KS on the empty edge N; pile N (KS) to corner NE; 4C on the empty edge N -> out.
# Seat 1 keeps 3H: classic 1 point.

HANDS_A = [["KS", "TH", "4C"], ["8D", "7C", "3H"]]
EDGES_A = ["9C", "6H", "QH", "9D"]
STOCK_A = ["5C", "JS", "2D"]


def game_a(chips=False, **kw):
    r = rules(**kw)
    if chips:
        r.update(scoring="chips", target=kw.get("target", 100))
    ev = [session_start(r), round_start(1, 0, HANDS_A, EDGES_A, STOCK_A)]
    if chips:
        ev += [ch(0, 1, "ante"), ch(1, 1, "ante")]
    ev += [ts(1), dr(1, "5C"), pl(1, "8D", "N"), pl(1, "7C", "N"), pl(1, "5C", "E"), te(1),
           ts(0), dr(0, "JS"), pl(0, "JS", "S"), pl(0, "TH", "S"), mv(0, "N", "S"),
           pl(0, "KS", "N"), mv(0, "N", "NE"), pl(0, "4C", "N")]
    if chips:   # pot 2 antes + 1 chip for seat 1's 3H
        ev += [ch(1, 1, "cards"), re(1, "out", [0], [[], ["3H"]], [3, 0], [3, 0])]
    else:
        ev += [re(1, "out", [0], [[], ["3H"]], [0, 1], [0, 1])]
    return ev


def test_game_a_is_valid():
    summary = check(game_a())
    assert summary["rounds"] == 1
    assert summary["totals"] == [0, 1]
    assert summary["events"] == 17
    assert not summary["session_ended"]


def test_check_file(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(lines(game_a())), encoding="utf-8")
    assert check_file(path)["totals"] == [0, 1]


def test_illegal_build_same_colour():
    ev = game_a()
    ev[4] = pl(1, "8D", "W")                   # W shows 9D: red on red
    rejected(ev, 4, "8D", "W", "9D", "black 9")


def test_illegal_build_wrong_rank():
    ev = game_a()
    ev[4] = pl(1, "7C", "N")                   # N shows 9C
    rejected(ev, 4, "7C", "9C")


def test_play_card_not_in_hand():
    ev = game_a()
    ev[4] = pl(1, "8H", "N")
    rejected(ev, 4, "does not hold 8H")


def test_king_on_empty_edge_is_legal_but_not_on_a_pile():
    ev = game_a()
    i = idx(ev, pl(0, "KS", "N"))              # KS on the empty edge N: legal (game_a is valid)
    check(ev)
    ev[i] = pl(0, "KS", "W")                   # W shows 9D
    rejected(ev, i, "KS")


def test_non_king_on_empty_corner_is_illegal():
    ev = game_a()
    i = idx(ev, pl(0, "4C", "N"))
    ev[i] = pl(0, "4C", "SE")
    rejected(ev, i, "only a King")


def test_move_rules():
    ev = game_a()
    i = idx(ev, mv(0, "N", "S"))
    bad = copy.deepcopy(ev)
    bad[i] = mv(0, "N", "W")                   # bottom 9C onto 9D
    rejected(bad, i, "9C")
    bad = copy.deepcopy(ev)
    bad[i] = mv(0, "E", "NE")                  # bottom 6H is no King
    rejected(bad, i, "King")
    j = idx(ev, mv(0, "N", "NE"))
    bad = copy.deepcopy(ev)
    bad[j] = mv(0, "N", "W")                   # KS pile onto 9D
    rejected(bad, j, "KS")
    # a corner pile never moves; nothing moves to an empty edge
    bad = ev[:j + 1] + [mv(0, "NE", "W")]
    rejected(bad, j + 1, "corner")
    bad = ev[:j + 1] + [mv(0, "W", "N")]
    rejected(bad, j + 1, "empty edge")


def test_wrong_draw_card():
    ev = game_a()
    i = idx(ev, dr(0, "JS"))
    ev[i] = dr(0, "2D")
    rejected(ev, i, "2D", "JS")


def test_missing_draw_at_start():
    ev = game_a()
    i = idx(ev, dr(0, "JS"))
    del ev[i]                                   # the play of JS follows turn_start directly
    rejected(ev, i, "draw")


def test_draw_when_rules_say_none():
    ev = game_a(draw="none")
    rejected(ev, 3, "none")


def test_missing_round_end_after_hand_empties():
    ev = game_a()
    ev.insert(len(ev) - 1, te(0))              # turn_end between last play and round_end
    rejected(ev, len(ev) - 2, "round_end must follow")
    ev = game_a()[:-1]                          # file ends after the last play
    with pytest.raises(RefereeError, match="transcript ends"):
        check(ev)


def test_wrong_classic_score():
    ev = game_a()
    ev[-1] = re(1, "out", [0], [[], ["3H"]], [0, 2], [0, 2])
    rejected(ev, len(ev) - 1, "scores")
    ev[-1] = re(1, "out", [0], [[], ["3H"]], [0, 1], [0, 2])
    rejected(ev, len(ev) - 1, "totals")
    ev[-1] = re(1, "out", [0], [[], ["3D"]], [0, 1], [0, 1])
    rejected(ev, len(ev) - 1, "hand")
    ev[-1] = re(1, "out", [1], [[], ["3H"]], [0, 1], [0, 1])
    rejected(ev, len(ev) - 1, "winners")
    ev[-1] = re(1, "blocked", [0], [[], ["3H"]], [0, 1], [0, 1])
    rejected(ev, len(ev) - 1, "reason")


def test_turn_out_of_order():
    ev = game_a()
    ev[2] = ts(0)                               # dealer 0: seat 1 must start
    rejected(ev, 2, "expected seat 1")
    ev = game_a()
    i = idx(ev, ts(0))
    ev[i] = ts(1)
    rejected(ev, i, "expected seat 0")


def test_only_current_player_acts():
    ev = game_a()
    ev[4] = pl(0, "KS", "NE")
    rejected(ev, 4, "seat 1's turn")


def test_duplicate_and_53rd_card():
    ev = game_a()
    ev[1]["stock"][10] = "KS"                   # KS is also in seat 0's hand
    rejected(ev, 1, "KS", "twice")
    ev = game_a()
    ev[1]["stock"].append("KS")                 # a 53rd card
    rejected(ev, 1, "53")
    ev = game_a()
    ev[1]["stock"].pop()                        # 51 cards
    rejected(ev, 1, "51")
    ev = game_a()
    ev[1]["stock"][10] = "1X"
    rejected(ev, 1, "not a card")


def test_deal_shape():
    ev = game_a()
    ev[1]["hands"][0].append(ev[1]["stock"].pop())
    rejected(ev, 1, "hand_size")
    ev = game_a()
    ev[1]["board"]["NE"] = [ev[1]["stock"].pop()]
    rejected(ev, 1, "corner NE")
    ev = game_a()
    ev[1]["board"]["N"].append(ev[1]["stock"].pop())
    rejected(ev, 1, "edge N")


def test_session_start_checks():
    for mutate, word in [
        (lambda e: e.update(version=2), "version"),
        (lambda e: e.update(game="chess"), "game"),
        (lambda e: e.update(seed="x"), "seed"),
        (lambda e: e["rules"].pop("royal_kings"), "royal_kings"),
        (lambda e: e["rules"].update(players=3), "players"),
        (lambda e: e["rules"].update(hand_size=30), "52"),
        (lambda e: e["rules"].update(draw="middle"), "draw"),
        (lambda e: e["rules"].update(scoring="golf"), "scoring"),
        (lambda e: e["rules"].update(mandatory_kings=1), "mandatory_kings"),
        (lambda e: e["players"][1].update(kind="robot"), "kind"),
    ]:
        ev = game_a()
        mutate(ev[0])
        rejected(ev, 0, word)


def test_key_order_and_types():
    ev = game_a()
    ev[4] = {"event": "play", "player": 1, "pile": "N", "card": "8D"}
    rejected(ev, 4, "order")
    ev = game_a()
    ev[4] = {"event": "play", "player": 1, "card": "8D"}
    rejected(ev, 4, "pile")
    ev = game_a()
    ev[4] = dict(pl(1, "8D", "N"), note="extra keys after are fine")
    check(ev)
    ev = game_a()
    ev[2] = {"player": 1, "event": "turn_start"}
    rejected(ev, 2, "order")
    ev = game_a()
    ev[2] = ts(True)
    rejected(ev, 2, "seat")


def test_undo_restores_exactly():
    ev = game_a()
    ok = ev[:5] + [ud(1), pl(1, "8D", "N")] + ev[5:]
    check(ok)
    bad = ev[:5] + [ud(1), pl(1, "7C", "N")]    # N shows 9C again after the undo
    rejected(bad, 6, "9C")
    bad = ev[:4] + [ud(1)]                      # only the draw so far: nothing to undo
    rejected(bad, 4, "no play or move")
    # undo of a move puts pile N back: KS may then not go on N (shows 7C)
    i = idx(ev, mv(0, "N", "S"))
    bad = ev[:i + 1] + [ud(0), pl(0, "KS", "N")]
    rejected(bad, i + 2, "7C")
    bad = ev[:i + 1] + [ud(0), ud(0), ud(0), ud(0)]   # mv, TH, JS, then nothing left
    rejected(bad, i + 4, "no play or move")


def test_target_reached_needs_session_end():
    ev = game_a(target=1)                       # seat 1 reaches 1 point
    with pytest.raises(RefereeError, match="session_end"):
        check(ev)
    summary = check(ev + [se([0], [0, 1])])
    assert summary["session_winners"] == [0] and summary["session_ended"]
    rejected(ev + [se([1], [0, 1])], len(ev), "winners")
    rejected(ev + [se([0], [0, 2])], len(ev), "totals")
    rejected(ev + [round_start(2, 1, HANDS_A, EDGES_A)], len(ev), "session_end")
    rejected(game_a() + [se([0], [0, 1])], len(ev), "target")
    rejected(ev + [se([0], [0, 1]), ts(0)], len(ev) + 1, "after session_end")


def test_scoring_none():
    ev = game_a(scoring="none")
    ev[-1] = re(1, "out", [0], [[], ["3H"]], [0, 0], [0, 0])
    check(ev + [se([0], [0, 0])])
    with pytest.raises(RefereeError, match="session_end"):
        check(ev)
    bad = copy.deepcopy(ev)
    bad[-1] = re(1, "out", [0], [[], ["3H"]], [0, 1], [0, 1])
    rejected(bad, len(ev) - 1, "scores")


def test_next_round_dealer_rotation():
    ev = game_a()
    accepted_prefix(ev + [round_start(2, 1, HANDS_A, EDGES_A), ts(0)])
    rejected(ev + [round_start(2, 0, HANDS_A, EDGES_A)], len(ev), "dealer")
    rejected(ev + [round_start(3, 1, HANDS_A, EDGES_A)], len(ev), "round must be 2")
    rejected(ev + [round_start(2, 1, HANDS_A, EDGES_A), ts(1)], len(ev) + 1, "expected seat 0")


# --------------------------------------------------------------------------
# Chips scoring on game A: antes 1+1, seat 1 pays 1 for 3H, seat 0 takes 3.


def test_chips_game_a_is_valid():
    assert check(game_a(chips=True))["totals"] == [3, 0]


def test_wrong_chips_ante():
    ev = game_a(chips=True)
    ev[2] = ch(0, 2, "ante")
    rejected(ev, 2, "ante")
    ev = game_a(chips=True)
    ev[2], ev[3] = ev[3], ev[2]                 # antes go in seat order
    rejected(ev, 2, "seat 0")
    ev = game_a(chips=True)
    del ev[3]                                   # seat 1 did not ante
    rejected(ev, 3, "ante")
    ev = game_a()                               # classic: no chips events at all
    ev.insert(2, ch(0, 1, "ante"))
    rejected(ev, 2, "scoring")


def test_chips_card_payments():
    ev = game_a(chips=True)
    del ev[-2]                                  # seat 1 does not pay for 3H
    rejected(ev, len(ev) - 1, "not paid")
    ev = game_a(chips=True)
    ev[-2] = ch(1, 2, "cards")
    rejected(ev, len(ev) - 2, "holds 1")
    ev = game_a(chips=True)
    ev[-2] = ch(0, 1, "cards")
    rejected(ev, len(ev) - 2, "won")
    ev = game_a(chips=True)
    ev[-1] = re(1, "out", [0], [[], ["3H"]], [2, 0], [2, 0])
    rejected(ev, len(ev) - 1, "scores")


def test_chips_turn_penalties():
    ev = game_a(chips=True)
    i = idx(ev, te(1))                          # seat 1 made plays: no no_move chip
    rejected(ev[:i] + [ch(1, 1, "no_move")] + ev[i:], i, "no_move")
    # seat 0 ends turn 2 holding KS with every corner empty: no_move 1, king_held 3
    j = idx(ev, ts(0))
    short = ev[:j + 2]                          # turn_start 0, draw JS
    accepted_prefix(short + [ch(0, 1, "no_move"), ch(0, 3, "king_held"), te(0)])
    rejected(short + [ch(0, 3, "king_held"), ch(0, 1, "no_move"), te(0)], j + 2, "king_held")
    rejected(short + [ch(0, 1, "no_move"), te(0)], j + 3, "penalties")
    rejected(short + [te(0)], j + 2, "penalties")
    rejected(short + [ch(0, 1, "no_move"), ch(0, 2, "king_held")], j + 3, "king_held")
    rejected(short + [ch(0, 1, "no_move"), pl(0, "JS", "S")], j + 3, "penalties")


# --------------------------------------------------------------------------
# Blocked rounds.  Game B: game A's deal with draw "none".
# Seat 1 plays 8D on 9C and ends; seat 0 passes (idle 1); seat 1 passes (idle 2):
# blocked, seat 1 has fewest cards (2 against 3).  Seat 0 keeps KS TH 4C.


def game_b(scoring="classic", scores=(12, 0)):
    ev = [session_start(rules(draw="none", scoring=scoring)),
          round_start(1, 0, HANDS_A, EDGES_A),
          ts(1), pl(1, "8D", "N"), te(1), ts(0), te(0), ts(1), te(1),
          re(1, "blocked", [1], [["KS", "TH", "4C"], ["7C", "3H"]], list(scores), list(scores))]
    return ev


def test_blocked_round():
    assert check(game_b())["totals"] == [12, 0]           # classic: 10 + 1 + 1
    assert check(game_b("face", (24, 0)))["totals"] == [24, 0]        # 10 + 10 + 4
    assert check(game_b("alternative", (24, 0)))["totals"] == [24, 0]
    rejected(game_b("face", (12, 0)), 9, "scores")


def test_blocked_round_must_end_exactly_then():
    ev = game_b()
    rejected(ev[:7] + [ev[-1]], 7, "not over")           # only one idle turn so far
    rejected(ev[:9] + [ts(0)], 9, "round_end must follow")


def test_penalty_values():
    assert [penalty(c, "classic") for c in ("KS", "QS", "AS", "TS")] == [10, 1, 1, 1]
    assert [penalty(c, "face") for c in ("KS", "QS", "JS", "AS", "TS", "7S")] == [10, 1, 1, 1, 10, 7]
    assert [penalty(c, "alternative") for c in ("AS", "KS", "QS", "JS", "TS", "7S")] == \
        [25, 10, 10, 10, 10, 7]


def pass_game(players=2, hand_size=5, rounds=1, scoring="classic", hands=None):
    """Everybody passes every turn with draw 'none': each round is blocked after
    `players` turns, every seat keeps hand_size cards, so all seats tie and win."""
    r = rules(players=players, hand_size=hand_size, draw="none", scoring=scoring, target=100)
    ev = [session_start(r)]
    for rnd in range(1, rounds + 1):
        dealer = (rnd - 1) % players
        deal = hands or [DECK[i * hand_size:(i + 1) * hand_size] for i in range(players)]
        rest = [c for c in DECK if c not in {x for h in deal for x in h}]
        ev.append(round_start(rnd, dealer, deal, rest[:4]))
        if scoring == "chips":
            ev += [ch(p, 1, "ante") for p in range(players)]
        for k in range(players):
            p = (dealer + 1 + k) % players
            ev.append(ts(p))
            if scoring == "chips":
                ev.append(ch(p, 1, "no_move"))
                if any(c[0] == "K" for c in deal[p]):
                    ev.append(ch(p, 3, "king_held"))
            ev.append(te(p))
        ev.append(None)   # round_end, filled in by the caller
    return ev


def test_pass_game_classic_three_players():
    ev = pass_game(players=3, rounds=2)
    deal = [DECK[i * 5:(i + 1) * 5] for i in range(3)]
    ends = [i for i, e in enumerate(ev) if e is None]
    for rnd, i in enumerate(ends, 1):
        ev[i] = re(rnd, "blocked", [0, 1, 2], deal, [0, 0, 0], [0, 0, 0])
    summary = check(ev)
    assert summary["rounds"] == 2 and summary["turns"] == 6
    bad = copy.deepcopy(ev)
    bad[ends[0]]["winners"] = [0]
    rejected(bad, ends[0], "winners")


def test_pass_game_chips_pot_split_and_remainder():
    # seat 1 holds KD: each of its turns costs no_move 1 + king_held 3.
    hands = [["AC", "2C", "3C", "4C", "5C"], ["6C", "7C", "8C", "9C", "KD"]]
    ev = pass_game(rounds=2, scoring="chips", hands=hands)
    ends = [i for i, e in enumerate(ev) if e is None]
    # round 1: pot 2 antes + 4 + 1 = 7 -> 3 each, 1 stays; round 2: 1 + 2 + 1 + 4 = 8 -> 4 each
    ev[ends[0]] = re(1, "blocked", [0, 1], hands, [3, 3], [3, 3])
    ev[ends[1]] = re(2, "blocked", [0, 1], hands, [4, 4], [7, 7])
    assert check(ev)["totals"] == [7, 7]
    bad = copy.deepcopy(ev)
    bad[ends[1]] = re(2, "blocked", [0, 1], hands, [3, 3], [6, 6])   # remainder forgotten
    rejected(bad, ends[1], "scores")


# --------------------------------------------------------------------------
# royal_kings, draw "end", mandatory_kings, kings_to_corners_at_deal


def test_royal_kings_extra_turn():
    ev = game_a(royal_kings=True)
    head = ev[:ev.index(ts(0)) + 2]             # ..., turn_start 0, draw JS
    n = len(head)
    accepted_prefix(head + [pl(0, "KS", "NE"), te(0), ts(0), dr(0, "2D"), te(0), ts(1)])
    rejected(head + [pl(0, "KS", "NE"), te(0), ts(1)], n + 2, "extra turn")
    # the King taken back by undo earns nothing
    accepted_prefix(head + [pl(0, "KS", "NE"), ud(0), te(0), ts(1)])
    rejected(head + [pl(0, "KS", "NE"), ud(0), te(0), ts(0)], n + 3, "expected seat 1")
    # without royal_kings play just passes on
    plain = game_a()[:n]
    rejected(plain + [pl(0, "KS", "NE"), te(0), ts(0)], n + 2, "expected seat 1")


def game_end(**kw):
    """Game A's deal with draw 'end' (stock top 5C JS 2D)."""
    return [session_start(rules(draw="end", **kw)), round_start(1, 0, HANDS_A, EDGES_A, STOCK_A)]


def test_draw_end():
    ev = game_end()
    accepted_prefix(ev + [ts(1), pl(1, "8D", "N"), pl(1, "7C", "N"), dr(1, "5C"), te(1),
                          ts(0), dr(0, "JS"), te(0)])
    rejected(ev + [ts(1), dr(1, "5C"), pl(1, "8D", "N")], 4, "after the end-of-turn draw")
    rejected(ev + [ts(1), pl(1, "8D", "N"), te(1)], 4, "end-of-turn draw")
    rejected(ev + [ts(1), pl(1, "8D", "N"), dr(1, "JS")], 4, "5C")
    rejected(ev + [ts(1), pl(1, "8D", "N"), dr(1, "5C"), ud(1)], 5, "undo")


def test_draw_end_chips_king_drawn_does_not_count():
    r = rules(draw="end", scoring="chips", target=100)
    ev = [session_start(r), round_start(1, 0, HANDS_A, EDGES_A, ["KH", "JS"]),
          ch(0, 1, "ante"), ch(1, 1, "ante"), ts(1), pl(1, "8D", "N"), dr(1, "KH")]
    accepted_prefix(ev + [te(1)])
    rejected(ev + [ch(1, 3, "king_held"), te(1)], len(ev), "king_held")
    # seat 0 holds KS before its end draw: king_held 3 (and no_move 1)
    accepted_prefix(ev + [te(1), ts(0), dr(0, "JS"), ch(0, 1, "no_move"),
                          ch(0, 3, "king_held"), te(0)])


def test_mandatory_kings_with_draw_end():
    head = [session_start(rules(draw="end", mandatory_kings=True)),
            round_start(1, 0, HANDS_A, EDGES_A, ["KH", "JS", "2D"])]
    turn1 = [ts(1), pl(1, "8D", "N"), dr(1, "KH")]
    accepted_prefix(head + turn1 + [pl(1, "KH", "NE"), te(1)])
    rejected(head + turn1 + [te(1)], 5, "KH", "at once")
    rejected(head + turn1 + [pl(1, "KH", "N")], 5, "empty corner")
    after = head + turn1 + [pl(1, "KH", "NE"), te(1), ts(0)]
    n = len(after)
    # seat 0 holds KS while SE is empty: it may neither draw (end its turn) nor turn_end
    rejected(after + [dr(0, "JS")], n, "mandatory_kings")
    rejected(after + [pl(0, "KS", "NE")], n, "KH")   # NE is taken now
    accepted_prefix(after + [pl(0, "KS", "SE"), dr(0, "JS"), te(0)])


def test_mandatory_kings_with_draw_start():
    ev = [session_start(rules(mandatory_kings=True)),
          round_start(1, 1, HANDS_A, EDGES_A, STOCK_A), ts(0), dr(0, "5C")]
    rejected(ev + [te(0)], 4, "mandatory_kings")
    accepted_prefix(ev + [pl(0, "KS", "NW"), te(0)])


def test_kings_to_corners_at_deal():
    r = rules(kings_to_corners_at_deal=True)
    good = round_start(1, 0, HANDS_A, EDGES_A, STOCK_A, corners={"NE": ["KC"], "SE": ["KD"]})
    accepted_prefix([session_start(r), good, ts(1)])
    bad = round_start(1, 0, HANDS_A, EDGES_A, STOCK_A, corners={"SE": ["KC"]})
    rejected([session_start(r), bad], 1, "order")
    bad = round_start(1, 0, HANDS_A, ["9C", "6H", "KD", "9D"], STOCK_A)
    rejected([session_start(r), bad], 1, "KD")
    bad = round_start(1, 0, HANDS_A, EDGES_A, STOCK_A, corners={"NE": ["QC"]})
    rejected([session_start(r), bad], 1, "King")
    # without the option a King may lie on an edge at the deal
    accepted_prefix([session_start(rules()),
                     round_start(1, 0, HANDS_A, ["9C", "6H", "KD", "9D"], STOCK_A), ts(1)])


def test_garbage_lines():
    ev = lines(game_a())
    with pytest.raises(RefereeError, match="line 3: not valid JSON"):
        check_transcript(ev[:2] + ["{oops\n"] + ev[2:])
    with pytest.raises(RefereeError, match="line 1: the transcript must begin"):
        check_transcript(ev[1:])
    with pytest.raises(RefereeError, match="empty transcript"):
        check_transcript([])
    with pytest.raises(RefereeError, match="line 3: unknown"):
        check_transcript(ev[:2] + ['{"event": "shuffle"}\n'] + ev[2:])
