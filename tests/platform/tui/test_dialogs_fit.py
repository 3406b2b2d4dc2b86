"""Dialogs at 80 x 24 show all their content or say that more is below (issue 11): in ASCII mode
(no scrollbars) and not, with four and five players; the round-over dialog shows whole (issue
28), and no table border shows at the terminal's first or last column behind a dialog."""

from __future__ import annotations

import functools
import random

import pytest
from screen_fixtures import four, play_until, round_dialog, three_after_rounds, wait_for_person
from textual.widgets import Static

from kc_tui.core.kinds import Phase
from kc_tui.core.text import Hanging
from kc_tui.games.kings_corner.ai import make_player
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.service import GameService, Seat
from kc_tui.storage import Settings
from kc_tui.tui.app import KingsCornerApp
from kc_tui.tui.modal import Dialog, MoreBelow
from kc_tui.tui.round_over import RoundOverScreen
from kc_tui.tui.widgets import HangingText

SIZE = (80, 24)


def _five_seats() -> list[Seat]:
    return [Seat("You")] + [Seat(name, "ai", "hard", make_player("hard", random.Random(i)))
                            for i, name in enumerate(("Ada", "Ben", "Cleo", "Dev"))]


def _five_rules():
    return build_rules(5, "standard", {"target": 25})


@functools.cache
def _seed_where_the_person_plays() -> int:
    """The first deal (from seed 9) in which the person gets a turn before anyone goes out: the
    computers' play decides it, so a change of AI may move it (seed 8 let Dev go out on the first
    trip round the table; seed 9 is still the first with the hard of issue 15)."""
    for seed in range(9, 60):
        service = GameService(_five_rules(), _five_seats(), seed=seed)
        service.start()
        service.run_computer_turns()
        if service.phase == Phase.TURN and service.current == 0:
            return seed
    raise AssertionError("no deal gave the person a turn")


def _five(settings: Settings) -> KingsCornerApp:
    return KingsCornerApp(GameService(_five_rules(), _five_seats(), seed=_seed_where_the_person_plays()),
                          settings=settings)


def _whole(dialog: Dialog) -> None:
    """The dialog spans the terminal's width, and every part of it but the scrolling text is
    on the screen; a text that scrolls says so while its end is not shown."""
    box = dialog.query_one(".dialog")
    assert (box.region.x, box.region.right) == (0, SIZE[0])
    assert box.region.y >= 0 and box.region.bottom <= SIZE[1]
    for child in box.children:
        if child.display:
            assert child.region.height >= 1 and child.region.bottom < box.region.bottom, child
    for scroll in dialog.query(".dialog-scroll"):
        more = dialog.query_one(MoreBelow)
        assert more.display == (scroll.scroll_y < scroll.max_scroll_y), (scroll.scroll_y, scroll.max_scroll_y)


@pytest.mark.parametrize("ascii_only", [True, False])
@pytest.mark.parametrize("make", [four, _five], ids=["four", "five"])
async def test_the_round_over_dialog_shows_every_total_once_and_whole(make, ascii_only) -> None:
    """After round 1 (no chart yet) the result shows whole with four and five players: every
    total in view, said once (issue 28: no Total row repeated below the text)."""
    app = make(Settings(pace=0, ascii=ascii_only))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, RoundOverScreen)
        dialog = app.screen
        assert isinstance(dialog, RoundOverScreen)
        await pilot.pause()
        _whole(dialog)
        assert not dialog.query_one(MoreBelow).display
        assert dialog.query_one("#round-scroll").max_scroll_y == 0
        summary = dialog.query_one("#round-summary", Static).render().plain
        names = len(app.screen_stack[-2].service.seats)
        assert summary.count(" in all") == names and "Total" not in summary
        assert not dialog.query("#round-standings")


@pytest.mark.parametrize("ascii_only", [True, False])
@pytest.mark.parametrize("keys", [("question_mark",), ("r",), ("o",), ("q",), ("e",)],
                         ids=["help", "rules", "settings", "leave", "end"])
async def test_the_tables_dialogs_fit_at_80x24(keys, ascii_only) -> None:
    app = _five(Settings(pace=0, ascii=ascii_only))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_person(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, Dialog)
        await pilot.pause()
        _whole(dialog)
        if dialog.query(".dialog-scroll"):
            scroll = dialog.query_one(".dialog-scroll")
            assert scroll.max_scroll_y > 0 and dialog.query_one(MoreBelow).display  # help and rules
            app.animation_level = "none"  # the end, not the second-long glide there, is checked
            await pilot.press("end")
            await pilot.pause()
            _whole(dialog)


async def test_the_round_over_menu_names_its_key_in_the_language(in_language) -> None:
    """A French play test: the round's result offered "[Enter] Distribuer la manche suivante"
    above a key line that says "Entrée continuer". The menu names the key as the language does."""
    from kc_tui.tui.widgets import Menu

    in_language("fr")
    app = four(Settings(pace=0))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, RoundOverScreen)
        await pilot.pause()
        menu = app.screen.query_one(Menu).render().plain.splitlines()
        assert menu[0].endswith("[Entrée] Distribuer la manche suivante") and "Enter" not in " ".join(menu)


async def test_a_hand_left_that_wraps_goes_on_under_its_first_card() -> None:
    """A play test: in the round's result, a hand too long for the dialog went on at its left
    edge, where each player's line starts, so that its cards read as a line of their own. It
    goes on under its first card. (Two players, seed 8: you end every turn of round 1 and are
    left with 24 cards, 87 columns of them.)"""
    app = three_after_rounds(Settings(pace=0), rounds=1, players=2)
    async with app.run_test(size=SIZE) as pilot:
        await round_dialog(pilot)
        summary = app.screen.query_one("#round-summary", Static)
        shown = [summary.render_line(y).text.rstrip() for y in range(summary.size.height)]
        text = app.screen.text
    lead = "  cards left: "
    (first,) = [i for i, line in enumerate(shown) if line.startswith(lead) and len(line) > 60]
    wrapped = shown[first + 1]
    assert wrapped.startswith(" " * len(lead)) and not wrapped[len(lead)].isspace(), shown
    assert shown[first + 2].startswith("Ada: "), shown  # the next player's line, at the edge
    kept = " ".join(shown[first][len(lead):].split() + wrapped.split())
    assert kept in text, shown  # every card, in order


def test_a_hanging_line_is_wrapped_at_the_edge_when_its_lead_leaves_under_half_the_width() -> None:
    """Under its list's start while that leaves the list half the width or more; narrower, a
    column of two cards would take a row each: then at the edge, as any line. Written out (the
    line mode, the log) it is one line."""
    text = HangingText(["Round 1 over.", Hanging("  cards left: ", "AH 2C 3D 4S 5H 6C 7D 8S"), Hanging("Ben  ", "")])
    assert str(text.wrapped(30)).split("\n") == [
        "Round 1 over.", "  cards left: AH 2C 3D 4S 5H", "              6C 7D 8S", "Ben  "]
    assert str(text.wrapped(20)).split("\n") == ["Round 1 over.", "  cards left: AH 2C", "3D 4S 5H 6C 7D 8S", "Ben  "]
    assert str(text) == "Round 1 over.\n  cards left: AH 2C 3D 4S 5H 6C 7D 8S\nBen  "
