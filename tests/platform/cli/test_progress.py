"""The progress of a long run (issue 29): a bar on a terminal, nothing off one or when quiet, and
Ctrl+C's partial result handed back."""

from __future__ import annotations

import io

from rich.console import Console

from kc_tui.cli.progress import RATES_WIDTH, rates_text, run_with_progress
from kc_tui.core.report import OnRound, RunStopped


def _rounds(on_round: OnRound | None, stop_after: int | None = None) -> str:
    for done in range(1, 11):
        if on_round is not None:
            on_round(done, 10, {"hard": 0.6, "medium": 0.4})
        if done == stop_after:
            raise RunStopped("partial", done, 10)
    return "whole"


def test_nothing_is_shown_when_the_output_is_not_a_terminal() -> None:
    out = io.StringIO()
    heard: list[OnRound | None] = []
    result, stop = run_with_progress(lambda on_round: heard.append(on_round) or _rounds(on_round), 10,
                                     console=Console(file=out))
    assert (result, stop, heard, out.getvalue()) == ("whole", None, [None], "")


def test_nothing_is_shown_when_quiet_even_at_a_terminal() -> None:
    out = io.StringIO()
    result, _ = run_with_progress(_rounds, 10, True, Console(file=out, force_terminal=True))
    assert (result, out.getvalue()) == ("whole", "")


def test_a_terminal_sees_the_rounds_their_rate_and_the_running_win_rates() -> None:
    out = io.StringIO()
    result, stop = run_with_progress(_rounds, 10, console=Console(file=out, force_terminal=True, width=80))
    shown = out.getvalue()
    assert (result, stop) == ("whole", None)
    assert "10/10" in shown and "rounds/s" in shown and "hard 60.0%  medium 40.0%" in shown


def test_ctrl_c_hands_back_the_result_so_far() -> None:
    for console in (Console(file=io.StringIO()), Console(file=io.StringIO(), force_terminal=True)):
        result, stop = run_with_progress(lambda on_round: _rounds(on_round, stop_after=4), 10,
                                         console=console)
        assert result == "partial" and stop is not None and (stop.done, stop.total) == (4, 10)


def test_many_players_show_the_leader_alone() -> None:
    rates = {f"North-east (expert{i})": 0.1 * i for i in range(4)}
    assert len("  ".join(rates)) > RATES_WIDTH
    assert rates_text(rates) == "leading: North-east (expert3) 30.0%"
