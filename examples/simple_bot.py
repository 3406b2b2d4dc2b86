"""A tiny Kings in the Corner bot speaking docs/protocol.md section 4 (JSON lines on stdin/stdout).

It needs nothing but Python: run a game against it with
    kings-corner simulate --players medium,"bot:python3 examples/simple_bot.py" --rounds 10

Each turn it plays Kings to empty corners, builds every card it can (a card one rank lower and
of the other colour than a pile's top), and puts its highest card on an empty edge.
"""

import json
import sys

RANKS = "A23456789TJQK"
RED = set("DH")
EDGES = ["N", "E", "S", "W"]
CORNERS = ["NE", "SE", "SW", "NW"]


def rank(card):
    return RANKS.index(card[0]) + 1


def fits(card, top):
    return rank(card) == rank(top) - 1 and (card[1] in RED) != (top[1] in RED)


def plan(hand, board):
    hand = sorted(hand, key=rank)
    moves = []
    progress = True
    while hand and progress:
        progress = False
        for card in list(hand):
            if card[0] == "K":
                corner = next((c for c in CORNERS if not board[c]), None)
                if corner:
                    moves.append({"op": "play", "card": card, "pile": corner})
                    board[corner].append(card)
                    hand.remove(card)
                    progress = True
                    continue
            for pile, cards in board.items():
                if cards and fits(card, cards[-1]):
                    moves.append({"op": "play", "card": card, "pile": pile})
                    cards.append(card)
                    hand.remove(card)
                    progress = True
                    break
        edge = next((e for e in EDGES if not board[e]), None)
        if edge and hand:
            card = hand.pop()  # the highest card
            moves.append({"op": "play", "card": card, "pile": edge})
            board[edge].append(card)
            progress = True
    return moves


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "turn":
            reply = {"moves": plan(message["hand"], message["board"])}
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
