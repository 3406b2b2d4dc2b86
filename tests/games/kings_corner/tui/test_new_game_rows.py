"""The new-game screen at 80 x 24 with five and six seats (issue 11): Up/Down stops once per seat,
the focused control (and its ">" marker) stays in view, and the summary shows every option."""

from __future__ import annotations

import pytest
from screen_fixtures import title
from textual.widgets import Input

from kc_tui.games.kings_corner.tui.new_game import NewGameScreen
from kc_tui.storage import Settings
from kc_tui.tui.widgets import Choice, Menu, TextPanel


async def _new_game(pilot, app, seats: int) -> NewGameScreen:
    await pilot.press("n")
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    await pilot.press(*["right"] * (seats - 4))  # Players: 4 -> seats
    assert screen.players == seats
    return screen


def _in_view(screen: NewGameScreen) -> bool:
    scroll = screen.query_one("#new-game")
    focused = screen.focused
    assert focused is not None
    return scroll.region.contains_region(focused.region)


@pytest.mark.parametrize("seats", [5, 6])
async def test_down_stops_once_per_seat_and_the_marker_stays_in_view(seats: int) -> None:
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, seats)
        visited = []
        for _ in range(30):
            await pilot.press("down")
            await pilot.pause()
            focused = screen.focused
            assert not isinstance(focused, Input) or focused.id == "seed", focused  # no seat's name
            assert _in_view(screen), focused
            if isinstance(focused, Choice):
                assert focused.render().plain.startswith(">")
            visited.append(focused.id)
            if isinstance(focused, Menu):
                break
        seats_visited = [v for v in visited if v and v.startswith("kind-")]
        assert seats_visited == [f"kind-{i}" for i in range(seats)]
        assert visited[-2:] == ["seed", "new-game-menu"]  # the seed is a row too (an Input scrolls)
        # And back up, one stop per row again, always in view.
        for _ in range(len(visited) - 1):
            await pilot.press("up")
            await pilot.pause()
            assert _in_view(screen)
        assert screen.focused.id == visited[0]
        # Tab still reaches a seat's name.
        await pilot.press("tab")
        assert screen.focused.id == "name-0"


@pytest.mark.parametrize("seats", [5, 6])
async def test_the_summary_shows_every_option_with_many_seats(seats: int) -> None:
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, seats)
        for name in ("kings_to_corners_at_deal", "mandatory_kings", "royal_kings"):
            screen.query_one(f"#opt-{name}", Choice).focus()
            await pilot.press("right")
        for i in range(seats):
            field = screen.query_one(f"#name-{i}", Input)
            field.value = f"Player Number {i + 1}"[:16]
        screen.query_one("#seed", Input).value = "123456789012345678"
        await pilot.pause()
        summary = screen.query_one("#summary", TextPanel)
        text = summary.render().plain
        assert text.endswith("Seed 123456789012345678.") and "royal Kings" in text
        # Every line of it is on the screen.
        lines = summary.render().wrap(summary.content_region.width)
        assert len(lines) <= summary.content_region.height


async def test_the_preset_says_changed_once_an_option_changes_its_rules() -> None:
    """"standard" stays on the form only while the rules are the standard ones: a hand of 8
    cards makes it "standard, changed", and 7 again makes it "standard"."""
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, 4)
        preset = screen.query_one("#preset", Choice)
        hand = screen.query_one("#opt-hand_size", Choice)
        assert "< standard >" in preset.render().plain
        hand.focus()
        await pilot.press("right")
        assert "< 8 >" in hand.render().plain
        assert "< standard, changed >" in preset.render().plain
        await pilot.press("left")
        assert "< standard >" in preset.render().plain
        preset.focus()
        await pilot.press("right")  # another preset: its own rules, unchanged
        assert "changed" not in preset.render().plain


async def test_a_preset_that_cannot_be_dealt_for_the_seats_is_not_said_changed() -> None:
    """A play test: at four seats "no-draw" (13 cards each) showed "no-draw, changed" with no
    option touched, because rules that cannot be dealt were taken for changed ones.  It says
    "no-draw", the form says why the game cannot start, and a hand of 12 is "changed"."""
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, 4)
        preset = screen.query_one("#preset", Choice)
        preset.focus()
        for _ in range(20):
            if preset.value == "no-draw":
                break
            await pilot.press("right")
        assert preset.value == "no-draw"
        assert "< no-draw >" in preset.render().plain
        assert screen._problem() is not None and "56 cards" in screen._problem()
        screen.query_one("#opt-hand_size", Choice).focus()
        await pilot.press("left")
        assert "< no-draw, changed >" in preset.render().plain and screen._problem() is None
        await pilot.press("right")  # 13 again: the preset's own, which cannot be dealt (a review)
        assert "< no-draw >" in preset.render().plain and screen._problem() is not None


async def test_letters_typed_on_a_seat_s_choice_write_its_name() -> None:
    """A French play test: the key line says "type names", and Up/Down stop on a seat's choice
    of who plays it, where letters went nowhere; only Tab reached the name. A letter typed there
    now starts the seat's name in its field, and the letters after it follow."""
    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, 4)
        await pilot.press("down", "down")  # from Players: seat 1's choice, then seat 2's
        kind = screen.query_one("#kind-1", Choice)
        assert kind.has_focus
        before = kind.value
        await pilot.press(*"Zoé", "space")
        await pilot.press(*"B")
        name = screen.query_one("#name-1", Input)
        assert name.has_focus and name.value == "Zoé B" and kind.value == before
        await pilot.press("up")  # Up/Down still go from row to row, and the name stays
        assert screen.query_one("#kind-0", Choice).has_focus and name.value == "Zoé B"
        assert "Zoé B" in str(screen.query_one("#summary", TextPanel).render())


async def test_a_name_typed_on_a_seat_s_choice_in_one_burst_loses_no_key() -> None:
    """A Spanish play test: "ab", Backspace, "Q" arriving in one write (as an SSH client or a
    paste sends them) left "ab" in the name: the keys after the first reached the choice before
    the focus had moved to the name, and were dropped there."""
    from textual import events

    app = title(Settings(pace=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game(pilot, app, 4)
        await pilot.press("down", "down")
        assert screen.query_one("#kind-1", Choice).has_focus
        driver = app._driver
        assert driver is not None
        for key, character in (("a", "a"), ("b", "b"), ("backspace", "\x7f"), ("Q", "Q"), ("x", "x")):
            driver.send_message(events.Key(key, character))  # all at once, with no wait between
        await pilot.pause()
        name = screen.query_one("#name-1", Input)
        assert name.has_focus and name.value == "aQx"
        # And past two Tabs of a burst (to seat 3's choice, then its name), the keys are its name's.
        for key, character in (("tab", "\t"), ("tab", "\t"), ("Z", "Z"), ("e", "e"), ("backspace", "\x7f"),
                               ("d", "d")):
            driver.send_message(events.Key(key, character))
        await pilot.pause()
        third = screen.query_one("#name-2", Input)
        assert (name.value, third.value) == ("aQx", "Zd") and third.has_focus
