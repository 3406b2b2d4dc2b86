"""The Kings Reverse table writes every card one way, as its hand and pile do (issue 28 item
18): rank and suit glyph (``8♣``, ``10♦``) in the log and the status line, R1 codes in ASCII
mode; the line mode and the transcripts keep the codes."""

from __future__ import annotations

from reverse_fixtures import arrange, log_text, my_turn, reverse_app, status, table, until

from kc_tui.core.cards import parse_any_card
from kc_tui.games.kings_reverse.tui.widgets import REVERSE_HAND_KEYS, ReverseHandView


async def _said(ascii_only: bool) -> tuple[str, str]:
    """The status line after a refused card, and the log after a ten is played."""
    app = reverse_app(ascii_only=ascii_only)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, my_turn, "your turn")
        arrange(app, ["4S", "TD", "QC"], "9D")
        await pilot.pause()
        hand = table(app).query_one(ReverseHandView).cards
        await pilot.press(REVERSE_HAND_KEYS[hand.index(parse_any_card("4S"))])
        await pilot.pause()
        refused = status(app)
        await pilot.press(REVERSE_HAND_KEYS[hand.index(parse_any_card("TD"))])
        await until(pilot, my_turn, "your turn again")
        return refused, log_text(app)


async def test_the_log_and_the_status_write_cards_as_the_hand_does() -> None:
    refused, log = await _said(ascii_only=False)
    assert refused.startswith("4♠ does not match")
    assert "You play 10♦." in log and "is turned up" in log
    turned = log.split(" is turned up", 1)[0].rsplit(" ", 1)[1]
    assert turned[-1] in "♣♦♥♠" or turned == "JK"
    refused, log = await _said(ascii_only=True)
    assert refused.startswith("4S does not match") and "You play TD." in log
