"""Higher, a demonstration game that lives in the tests only: it shows what a third game is
(one package, registered) and the conformance suite runs it like the real games.

Each player is dealt three cards from the 24 lowest of a deck (2 to 7); on a turn a player plays
a card of a higher rank than the pile's top, or draws one from the stock, or passes when the
stock is empty.  The first with an empty hand wins the round and a point; a round where everyone
passes in a row is blocked.  Two rounds make a session.
"""

from __future__ import annotations

from kc_tui.games import GameEntry

ENTRY = GameEntry("higher", "Higher", "a demonstration: play higher or draw (the tests' own game)",
                  __name__, min_players=2, max_players=4, levels=("lowest",), order=900)
