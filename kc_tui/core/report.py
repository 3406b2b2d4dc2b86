"""The table ``simulate`` prints for every game: each seat's round wins, their share and the
sessions won, then the mean turns per round, the blocked rounds and the speed."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .i18n import Domain
from .rating import Rating
from .text import decimal, percent

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["simulation_head", "simulation_lines", "stopped_line", "rating_lines", "OnRound", "RunStopped",
           "Watch"]


def simulation_head(summary: Mapping[str, Any], preset: str) -> str:
    """The first line of a simulation's summary: "3 rounds in 1 session, preset standard, seed 4"."""
    rounds = ngettext("{n} round", "{n} rounds", summary["rounds"]).format(n=summary["rounds"])
    sessions = ngettext("{n} session", "{n} sessions", summary["sessions"]).format(n=summary["sessions"])
    return _("{rounds} in {sessions}, preset {preset}, seed {seed}").format(
        rounds=rounds, sessions=sessions, preset=preset, seed=summary["seed"])


def simulation_lines(summary: Mapping[str, Any], labels: Sequence[str]) -> list[str]:
    """The lines of a simulation's summary (its ``rounds``, ``wins``, ``session_wins``,
    ``mean_turns``, ``blocked`` and ``rounds_per_second``), one row per seat named by ``labels``.
    A column is as wide as its head in the reader's language, and at least as in English."""
    rounds = summary["rounds"]
    # Translators: the columns of the simulation's table.
    heads = [_("seat"), _("player"), _("round wins"), _("share"), _("sessions won")]
    widths = [max(w, len(h) + 1) for w, h in zip((5, 12, 11, 8, 14), heads)]
    widths[1] = max(widths[1], *(len(label) + 1 for label in labels))
    seat, player, wins, share, won = widths
    lines = [f"{heads[0]:<{seat}}{heads[1]:<{player}}{heads[2]:>{wins}}{heads[3]:>{share}}{heads[4]:>{won}}"]
    for i, label in enumerate(labels):
        w = summary["wins"][i]
        lines.append(f"{i:<{seat}}{label:<{player}}{w:>{wins}}{percent(w / rounds, 1):>{share}}"
                     f"{summary['session_wins'][i]:>{won}}")
    lines.append(_("mean turns per round: {n}").format(n=decimal(summary["mean_turns"])))
    lines.append(_("blocked rounds: {n} ({share})").format(n=summary["blocked"],
                                                          share=percent(summary["blocked"] / rounds, 1)))
    speed = summary["rounds_per_second"]
    lines.append(_("speed: {n} rounds per second").format(n=decimal(speed) if speed < 10 else f"{speed:.0f}"))
    return lines


OnRound = Callable[[int, int, Mapping[str, float]], None]
"""What a long run calls after each round: ``on_round(done, total, win_rates)``, the win rate so
far of each player (its name as the report shows it)."""


class RunStopped(KeyboardInterrupt):
    """Ctrl+C during a long run (a simulation, a tournament): still a :class:`KeyboardInterrupt`,
    so a caller that does not look for it stops as before, carrying the result of the rounds
    played until then (``partial``, of the type the run returns) for one that does."""

    def __init__(self, partial: Any, done: int, total: int) -> None:
        super().__init__(done, total)
        self.partial = partial
        self.done = done
        self.total = total


Watch = Callable[[Callable[[OnRound | None], Any], int, bool], tuple[Any, RunStopped | None]]
"""How a command runs a long run, ``watch(run, total_rounds, quiet)``: ``run(on_round)`` shown as it
goes unless ``quiet`` (the command line's :func:`kc_tui.cli.progress.run_with_progress`); its
result, and the stop if Ctrl+C ended it early (the result is then the stop's partial one)."""


def stopped_line(done: int, total: int) -> str:
    """The first line of a report cut short by Ctrl+C."""
    return ngettext("Stopped after {done} of {total} round.", "Stopped after {done} of {total} rounds.",
                    total).format(done=done, total=total)


def rating_lines(ratings: Mapping[str, Rating], anchor: str, rated: bool,
                 label: Callable[[str], str] = str) -> list[str]:
    """A tournament's ratings, strongest first (:func:`kc_tui.core.rating.on_ladder`): ``anchor``
    at its ladder rating when ``rated``, else at the scale's base; each entrant named by
    ``label``.  No lines for a tournament of a single entrant."""
    if not ratings:
        return []
    at = f"{ratings[anchor].value:.0f}"
    lines = [_("Ratings (Elo scale: 56 points ahead wins 58% heads-up), {anchor} at its ladder "
               "rating, {rating}:") if rated else
             _("Ratings (Elo scale: 56 points ahead wins 58% heads-up), {anchor} at {rating}:")]
    lines[0] = lines[0].format(anchor=label(anchor), rating=at)
    width = max(len(label(name)) for name in ratings) + 2
    for name, r in sorted(ratings.items(), key=lambda kv: -kv[1].value):
        interval = "" if name == anchor else _("(95% interval {low}-{high})").format(
            low=f"{r.low:.0f}", high=f"{r.high:.0f}")
        lines.append(f"  {label(name):<{width}}{r.value:>6.0f}  {interval}".rstrip())
    return lines
