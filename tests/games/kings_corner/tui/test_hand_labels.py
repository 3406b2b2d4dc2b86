"""A 13-card hand (the ``no-draw`` preset): every card shows the key that picks it, and a hand
too long for one line wraps between cards, never through one."""

from __future__ import annotations

import random
import re

import pytest
from screen_fixtures import until

from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.games.kings_corner.tui.widgets import HAND_KEYS, HandView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.widgets import card_text

WORD = re.compile(r"^[>\[]?(?P<key>.):(?P<card>\S+?)\]?$")


@pytest.mark.parametrize("ascii_only", [True, False])
@pytest.mark.parametrize("width", [78, 40, 24])
async def test_every_card_of_a_13_card_hand_has_a_key_and_stays_whole(ascii_only: bool, width: int) -> None:
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(2, "no-draw"), seats, seed=1)
    app = KingsCornerApp(service, settings=Settings(ascii=ascii_only, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda app: service.waiting_for_human(), "the person's turn")
        hand = next(s for s in app.screen_stack if isinstance(s, TableScreen)).query_one(HandView)
        await until(pilot, lambda app: len(hand.cards) == 13, "a 13-card hand")
        hand.held = 11
        lines = [line.plain for line in hand.render().wrap(width)]
    assert len(lines) > 1
    words = " ".join(lines).split()
    assert words[0] == "Hand"
    shown = []
    for word in words[1:]:
        match = WORD.match(word)
        assert match, f"{word!r} is not one whole card with its key (lines: {lines})"
        shown.append((match["key"], match["card"]))
    assert shown == [(HAND_KEYS[i], card_text(card, ascii_only)) for i, card in enumerate(hand.cards)]
    assert f"[{HAND_KEYS[11]}:" in " ".join(lines)  # the held twelfth card is marked, with its key


async def test_a_letter_picks_the_eleventh_card_of_a_13_card_hand() -> None:
    """The letters the hand shows are keys at the table: the eleventh card is picked by the
    first letter (1-9 and 0 take the first ten)."""
    seats = [Seat("You"), Seat("Ada", "ai", "medium", make_player("medium", random.Random(1)))]
    service = GameService(build_rules(2, "no-draw"), seats, seed=1)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda app: service.waiting_for_human(), "the person's turn")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        hand = table.query_one(HandView)
        await until(pilot, lambda app: len(hand.cards) == 13, "a 13-card hand")
        await pilot.press(HAND_KEYS[10])
        await pilot.pause()
        assert table.held == hand.cards[10]
        await pilot.press("escape", HAND_KEYS[12])
        await pilot.pause()
        assert table.held == hand.cards[12]


async def test_a_session_of_computers_names_whose_hand_is_shown() -> None:
    """Watching computers play, the hand box showed the player's to move as "Hand", and an empty
    one as "Your hand is empty."."""
    seats = [Seat(name, "ai", "easy", make_player("easy", random.Random(i)))
             for i, name in enumerate(["Ada", "Ben"])]
    service = GameService(build_rules(2), seats, seed=3)
    app = KingsCornerApp(service, settings=Settings(ascii=True, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        hand = table.query_one(HandView)
        await until(pilot, lambda app: bool(hand.cards), "a hand shown")
        name = hand.owner  # the player's to move when the table was last drawn
        assert name in ("Ada", "Ben") and hand.render().plain.startswith(f"{name}'s hand "), hand.render().plain
        hand.cards = ()
        assert hand.render().plain == f"{name}'s hand is empty."
        await pilot.press("ctrl+q")  # as a person leaves: the computers stop before the screens go
        await pilot.pause()
