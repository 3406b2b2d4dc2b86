"""The full-screen table writes every card one way, as its board does (issue 28 item 18): rank
and suit glyph (``K♣``, ``10♥``), or R1 codes in ASCII mode, in the log's deal lines, the
summaries, the hints and the card art's corners."""

from __future__ import annotations

import random
import re

from screen_fixtures import my_turn, until
from textual.widgets import RichLog, Static

from kc_tui.core.cards import Card
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import RuleSet
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.table import TableScreen
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.faces import hand_faces, pile_face
from kc_tui.tui.widgets import card_text, look_of

R1 = re.compile(r"\b[A2-9TJQK][CDHS]\b")


async def _said(ascii_only: bool) -> tuple[str, str]:
    """The log and the hint at the first turn of a seeded game against three computers (the
    two after the dealer play before the person)."""
    seats = [Seat("You"), *(Seat(name, "ai", "medium", make_player("medium", random.Random(i)))
                            for i, name in enumerate(("Ada", "Ben", "Cleo")))]
    app = KingsCornerApp(GameService(RuleSet(players=4), seats, seed=3),
                         settings=Settings(ascii=ascii_only, pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        log = " ".join(line.text for line in screen.query_one("#log", RichLog).lines)
        await pilot.press("t")
        await pilot.pause()
        return log, str(screen.query_one("#status", Static).render())


async def test_the_log_writes_cards_as_the_board_does() -> None:
    log, hint = await _said(ascii_only=False)
    assert "The edges show N " in log
    edges = log.split("The edges show ", 1)[1].split(";", 1)[0]
    assert re.search(r"[♣♦♥♠]", edges) and not R1.search(edges)
    since = log.split("Since the deal: ", 1)[1]
    assert not R1.search(since) and re.search(r"[♣♦♥♠]", since)
    assert hint.startswith("Play ") and not R1.search(hint) and re.search(r"[♣♦♥♠]", hint)
    ascii_log, ascii_hint = await _said(ascii_only=True)
    assert R1.search(ascii_log.split("The edges show ", 1)[1]) and not re.search(r"[♣♦♥♠]", ascii_log)
    assert R1.search(ascii_hint)


def test_a_ten_is_written_10_with_its_glyph_in_every_corner_and_TH_in_ascii() -> None:
    ten = Card.parse("TH")
    assert card_text(ten, False) == "10♥" and card_text(ten, True) == "TH"
    face = pile_face("N", "N", (Card.parse("JS"), ten), look_of(Settings()), width=22, frame="plain",
                     focused=False, takes="").plain
    assert face.count("10♥") == 2 and "T♥" not in face
    # Under another card, a ten's edge has the room for "10" and puts its suit below.
    fan = pile_face("N", "N", (ten, Card.parse("9S")), look_of(Settings()), width=22, frame="plain",
                    focused=False, takes="").plain.splitlines()
    edge = next(i for i, line in enumerate(fan) if "10" in line)
    assert "♥" in fan[edge + 1] and "T♥" not in "".join(fan)
    hand = hand_faces((ten,), "1", look_of(Settings()), selected=0, held=-1, width=20)[0].plain
    assert hand.count("10♥") == 2
