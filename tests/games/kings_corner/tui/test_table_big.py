"""The big table (issue 11, section 4): from 110 x 34 up the piles are drawn as cards, read here
from the rendered screen's text, pile by pile; under that the 80 x 24 layout stays."""

from __future__ import annotations

import random

import pytest
from screen_fixtures import my_turn, no_computer_turn, until

from kc_tui.core.cards import Card, parse_card
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.games.kings_corner.tui.widgets import HandView, PileView
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.faces import Look, pile_face
from kc_tui.tui.widgets import card_text

BIG = [(120, 40), (110, 34)]


def _app(ascii_only: bool, seed: int = 8) -> KingsCornerApp:
    seats = [Seat("You")] + [
        Seat(name, "ai", "medium", make_player("medium", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))
    ]
    return KingsCornerApp(GameService(build_rules(4, "standard", {}), seats, seed=seed),
                          settings=Settings(ascii=ascii_only, pace=0))


def _screen(app: KingsCornerApp) -> list[str]:
    """The terminal's text, line by line, as the person sees it (the screen's compositor is
    what Textual sends the terminal from; a screenshot's SVG drops the cells' positions)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _pile(app: KingsCornerApp, pile: Pile) -> list[str]:
    """The text inside one pile's place on the screen."""
    region = app.screen.query_one(f"#pile-{pile.name}", PileView).content_region
    lines = _screen(app)
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


def _board(app: KingsCornerApp) -> dict[Pile, tuple[Card, ...]]:
    obs = app.service.observation()
    return {pile: tuple(obs.board[pile]) for pile in Pile}


def _text(card: Card, ascii_only: bool) -> str:
    return card_text(card, ascii_only)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["glyphs", "ascii"])
@pytest.mark.parametrize("size", BIG, ids=["120x40", "110x34"])
async def test_every_pile_is_a_card_its_top_legible_and_an_empty_pile_a_slot_naming_it(
        size: tuple[int, int], ascii_only: bool) -> None:
    app = _app(ascii_only)
    async with app.run_test(size=size) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        await pilot.pause()
        assert app.screen.has_class("wide")
        block = "#" if ascii_only else "█"
        dotted = "." if ascii_only else "┄"
        board = _board(app)
        assert any(not cards for cards in board.values()), "the deal should leave an empty corner"
        for pile, cards in board.items():
            lines = _pile(app, pile)
            assert lines[0][1:].startswith(pile.name), (pile, lines)
            if not cards:
                # An outlined slot, dotted, that names the pile and says what it takes.
                assert dotted * 3 in lines[1] and dotted * 3 in lines[-1], (pile, lines)
                inside = "\n".join(lines[2:-1])
                assert pile.name in inside and ("King" if pile.is_corner else "any") in inside, lines
                continue
            top = _text(cards[-1], ascii_only)
            # The top card's rank and suit in two corners of its frame, its rank large between.
            assert top in lines[1][-len(top) - 9:], (pile, lines)
            assert lines[-1].rstrip()[:-1].endswith(top), (pile, lines)
            assert sum(line.count(block) for line in lines) >= 7, (pile, lines)
            assert f"({len(cards)})" in lines[0]
            # The fan: every card under the top one shows its edge, the base card first.
            for card in cards[:-1][:3]:
                assert _text(card, ascii_only) in lines[2], (pile, lines)


async def test_after_picking_a_card_its_targets_say_target_and_the_others_do_not() -> None:
    app = _app(ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        hand = app.service.observation().hand
        king = next(i for i, card in enumerate(hand) if card.is_king)
        await pilot.press(str(king + 1))
        await pilot.pause()
        targets = app.service.targets(hand[king])
        assert targets
        for pile in Pile:
            lines = _pile(app, pile)
            assert ("TARGET" in lines[0]) == (pile in targets), (pile, lines)
            # A target's frame is drawn heavier (not colour alone): heavy dots on an empty slot.
            assert ("╏" in "".join(lines) or "┃" in "".join(lines)) == (pile in targets), (pile, lines)
        # The King is held: raised above the hand's line of cards and marked HELD under it.
        hand_lines = _screen(app)[app.screen.query_one(HandView).content_region.y:][:5]
        assert "HELD" in hand_lines[-1], hand_lines
        assert "╔═══╗" in hand_lines[0], hand_lines


async def test_a_pile_picked_up_says_held_and_its_frame_is_double() -> None:
    app = _app(ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        pile = next(p for p, cards in _board(app).items() if cards)
        app.screen.query_one(f"#pile-{pile.name}", PileView).focus()
        await pilot.press("enter")
        await pilot.pause()
        lines = _pile(app, pile)
        assert lines[0].startswith(f">{pile.name}") and "HELD" in lines[0], lines
        assert "╔" in lines[1] and "╝" in lines[-1], lines


async def test_the_cursor_is_on_the_focused_piles_mark_in_the_big_table() -> None:
    app = _app(ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        await pilot.press("up")
        await pilot.pause()
        view = app.screen.query_one("#pile-S", PileView)
        assert view.has_focus
        x, y = app.cursor_position
        assert (x, y) == (view.content_region.x, view.content_region.y)
        assert _screen(app)[y][x:].startswith(">S")
        # Back on the hand, drawn as cards: the cursor is on the chosen card's key.
        await pilot.press("down")
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        x, y = app.cursor_position
        assert _screen(app)[y][x - 1:x + 1] == f">{hand.selected + 1}"


@pytest.mark.parametrize("size", [(109, 33), (109, 40), (120, 33)], ids=["109x33", "109x40", "120x33"])
async def test_under_110x34_the_piles_stay_small(size: tuple[int, int]) -> None:
    app = _app(ascii_only=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        await pilot.pause()
        assert not app.screen.has_class("wide")
        screen = "\n".join(_screen(app))
        assert "TARGET" not in screen and "+......" not in screen and "###" not in screen
        empty = next(p for p, cards in _board(app).items() if not cards)
        assert _pile(app, empty)[1].strip() == "empty"
        assert "Hand >1:" in screen


async def test_the_hand_is_drawn_as_cards_only_where_there_is_room_for_it() -> None:
    app = _app(ascii_only=True)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        await pilot.pause()
        assert "Hand >1:" in "\n".join(_screen(app))  # 34 lines: the cross needs them
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        lines = _screen(app)[hand.content_region.y:hand.content_region.bottom]
        assert lines[0].lstrip("|").startswith(">1"), lines
        for card in hand.cards:
            assert _text(card, True) in lines[2]
        assert all(line.count("+---+") == len(hand.cards) for line in (lines[1], lines[4])), lines


async def test_the_big_table_in_ascii_holds_only_ascii() -> None:
    """--ascii: the cards' frames, the large ranks, the stock's back, the fan's "…" and the hand
    drawn as cards are all ASCII, a card held and a pile held too."""
    app = _app(ascii_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        long_pile = max(Pile, key=lambda pile: len(_board(app)[pile]))
        seen = ["\n".join(_screen(app))]
        await pilot.press("1")
        await pilot.pause()
        seen.append("\n".join(_screen(app)))
        await pilot.press("escape")
        app.screen.query_one(f"#pile-{long_pile.name}", PileView).focus()
        await pilot.press("enter")
        await pilot.pause()
        seen.append("\n".join(_screen(app)))
        assert "HELD" in seen[1] and "HELD" in seen[2]
        odd = sorted({ch for text in seen for ch in text if not ch.isascii()})
        assert not odd, odd


async def test_the_piles_the_others_changed_say_plus_above_their_cards() -> None:
    app = _app(ascii_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, my_turn, "your turn")
        ended = _board(app)
        await pilot.press("e", "e")
        await until(pilot, my_turn, "your next turn")
        await pilot.pause()
        changed = {pile for pile, cards in _board(app).items() if cards != ended[pile]}
        assert changed
        for pile in Pile:
            head = _pile(app, pile)[0]
            assert (f"{pile.name}+" in head) == (pile in changed), head


async def test_a_terminal_made_smaller_goes_back_to_the_small_piles_and_larger_to_cards() -> None:
    app = _app(ascii_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        empty = next(p for p, cards in _board(app).items() if not cards)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert _pile(app, empty)[1].strip() == "empty"
        await pilot.resize_terminal(110, 34)
        await pilot.pause()
        assert "+......." in _pile(app, empty)[1]


def test_a_long_fan_keeps_its_base_card_and_the_card_under_the_top() -> None:
    """Five cards under the top one with room for three edges: the base, "…", the card under
    the top (R4: a pile moves by its bottom card)."""
    cards = tuple(parse_card(code) for code in ("KS", "QH", "JC", "TD", "9S", "8H"))
    look = Look(False, dict.fromkeys("SHDC", ""))
    lines = pile_face("N", " N (6)", cards, look, width=20, frame="plain", focused=False,
                      takes="any card").plain.splitlines()
    assert [edge.strip() for edge in lines[2].split("│")[1:4]] == ["K♠", "…", "9♠"], lines
    assert "8♥" in lines[1]
    assert "Q♥" not in "".join(lines)
    ascii_lines = pile_face("N", " N (6)", cards, Look(True, dict.fromkeys("SHDC", "")), width=20,
                            frame="plain", focused=False, takes="any card").plain.splitlines()
    assert [edge.strip() for edge in ascii_lines[2].split("|")[1:4]] == ["KS", "..", "9S"], ascii_lines
    assert all(line.isascii() for line in ascii_lines)


async def test_a_large_terminal_gets_larger_cards_and_a_log_of_lines_that_can_be_read() -> None:
    """At 200 x 60 (issue 28 item 6) the faces are larger than at 120 x 40 (fifteen columns by
    nine rows, the rank twice as wide) and the log's lines stay under 82 columns (they took 138)."""
    app = _app(ascii_only=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await until(pilot, no_computer_turn, "your turn")
        await pilot.pause()
        assert app.screen.has_class("large")
        for pile, cards in _board(app).items():
            lines = _pile(app, pile)
            frame = lines[1].rstrip()
            corner = "╭" if cards else "╭┄"
            assert frame[frame.rindex(corner[0]):].startswith(corner), (pile, lines)
            assert len(frame) - frame.rindex(corner[0]) == 15 and len(lines) == 10, (pile, lines)
            if cards:
                assert any("████" in line for line in lines), (pile, lines)  # the rank, twice as wide
        assert app.screen.query_one("#log").content_size.width <= 80
