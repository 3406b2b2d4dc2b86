"""Keys that come in one write keep their order in a text field: Textual's Input ran a bound key
(Backspace, the arrows, Enter) only once it had bubbled up to the app, after the letters that came
with it (Textual issue 6605), so "ab", Backspace, "Q" typed "abQ" and then deleted the Q."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from kc_tui.tui.widgets import CommandLine, TextField


class _Form(App[None]):
    def __init__(self, field: Input) -> None:
        super().__init__()
        self.field = field
        self.submitted: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.field

    def on_input_submitted(self, message: Input.Submitted) -> None:
        self.submitted.append(message.value)


BURST = [("a", "a"), ("b", "b"), ("backspace", "\x7f"), ("Q", "Q"), ("left", None), ("x", "x"),
         ("end", None), ("y", "y"), ("enter", "\r"), ("z", "z")]


@pytest.mark.parametrize("field", [TextField, CommandLine])
async def test_a_burst_of_keys_is_typed_in_its_order(field: type[Input]) -> None:
    app = _Form(field())
    async with app.run_test() as pilot:
        app.field.focus()
        await pilot.pause()
        assert app._driver is not None
        for key, character in BURST:
            app._driver.send_message(events.Key(key, character))  # one write: no wait between
        await pilot.pause()
        assert app.submitted == ["axQy"]
        assert app.field.value == "axQyz"



class _TwoFields(App[None]):
    def compose(self) -> ComposeResult:
        yield TextField(id="first")
        yield TextField(id="second")


async def test_keys_after_a_tab_of_the_same_burst_go_to_the_next_field() -> None:
    """"a", Tab, "x" in one write typed "ax" in the first field: the keys after the Tab were
    handed to it before the Tab had moved the focus."""
    app = _TwoFields()
    async with app.run_test() as pilot:
        first, second = app.query_one("#first", TextField), app.query_one("#second", TextField)
        first.focus()
        await pilot.pause()
        assert app._driver is not None
        for key, character in (("a", "a"), ("tab", "\t"), ("x", "x"), ("backspace", "\x7f"), ("y", "y"),
                               ("shift+tab", None), ("b", "b")):
            app._driver.send_message(events.Key(key, character))
        await pilot.pause()
        # (Back in the first field, its text is selected, as a field focused is, and b replaces it.)
        assert (first.value, second.value) == ("b", "y")
        assert first.has_focus
