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

