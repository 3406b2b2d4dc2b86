"""The progress of a long run (``simulate``, ``tournament``, the strength benchmarks): a Rich
bar on the standard error when it is a terminal (rounds done, rate, time left, the running win
rates), nothing when it is not or the output is JSON, so that what a script reads never changes;
and Ctrl+C ends the run with the result of the rounds played so far."""

from __future__ import annotations

from typing import Callable, Mapping, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..core.i18n import Domain
from ..core.report import OnRound, RunStopped, Watch
from ..core.text import decimal, percent

__all__ = ["RATES_WIDTH", "Watch", "run_with_progress", "rates_text"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

R = TypeVar("R")

RATES_WIDTH = 34
"""Room for the running win rates beside the bar in 80 columns: every player's when they fit,
else the leading one's."""


def rates_text(rates: Mapping[str, float]) -> str:
    """The running win rates, ``hard 58.8%  medium 41.2%``, or the leader's alone if all would
    not fit in :data:`RATES_WIDTH`."""
    every = "  ".join(f"{name} {percent(rate, 1)}" for name, rate in rates.items())
    if len(every) <= RATES_WIDTH or not rates:
        return every
    name, rate = max(rates.items(), key=lambda item: item[1])
    return _("leading: {player} {rate}").format(player=name, rate=percent(rate, 1))


def run_with_progress(run: Callable[[OnRound | None], R], total: int, quiet: bool = False,
                      console: Console | None = None) -> tuple[R, RunStopped | None]:
    """``run(on_round)`` with a bar of ``total`` rounds on ``console`` (the standard error) when it
    is a terminal and not ``quiet``; its result, and the stop if Ctrl+C ended it early (the
    result is then the stop's partial one)."""
    console = console or Console(stderr=True)
    if quiet or not console.is_terminal:
        try:
            return run(None), None
        except RunStopped as stop:
            return stop.partial, stop
    progress = Progress(
        BarColumn(bar_width=20), MofNCompleteColumn(),
        # Translators: the speed of a long run beside its progress bar.
        TextColumn(_("{rate} rounds/s").replace("{rate}", "{task.fields[speed]}")),
        TimeRemainingColumn(), TextColumn("{task.fields[rates]}", markup=False),
        console=console, transient=True,
    )
    task = progress.add_task("", total=total, speed="-", rates="")

    def on_round(done: int, of: int, rates: Mapping[str, float]) -> None:
        speed = progress.tasks[0].speed
        progress.update(task, completed=done, total=of, rates=rates_text(rates),
                        speed=decimal(speed) if speed else "-")

    with progress:
        try:
            return run(on_round), None
        except RunStopped as stop:
            return stop.partial, stop
