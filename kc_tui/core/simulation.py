"""Simulations of every game: whole sessions of computers played back to back, headless, and
counted: each seat's round wins and sessions won, the blocked rounds, the mean turns per round
and the speed.  A game gives how it plays one session (its seats, its transcripts) and how it
reads a round's winners; the summary is the dict :mod:`kc_tui.core.report` prints.  Pure Python.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Mapping, Sequence

from .report import OnRound, RunStopped

__all__ = ["PlaySession", "RoundWinners", "play_sessions"]

PlaySession = Callable[[int, int, int, Callable[[Any], None]], tuple[int, Sequence[int]]]
"""``play(session, session_seed, max_rounds, on_round_end)``: play session number ``session``
(from 1), seeded with ``session_seed``, for at most ``max_rounds`` rounds, calling
``on_round_end(game)`` after each; the rounds played and the seats that won the session."""

RoundWinners = Callable[[Any], tuple[Sequence[int], bool]]
"""The seats a round just ended counts a win for, and whether it ended blocked."""


def play_sessions(levels: Sequence[str], rounds: int, seed: int | None, labels: Sequence[str],
                  play: PlaySession, winners: RoundWinners, on_round: OnRound | None,
                  head: Mapping[str, Any], tail: Mapping[str, Any]) -> dict[str, Any]:
    """Play ``rounds`` rounds in back-to-back sessions; the summary as a dict, opening with
    ``head``'s keys and ending with ``tail``'s.  ``on_round`` hears of each round, with each
    seat's win rate under its name in ``labels``, and Ctrl+C raises :class:`RunStopped` carrying
    the summary of the rounds played.

    Session ``k`` is seeded from the base seed, so the whole run is reproducible; the session
    in progress when the round count is reached stops after that round.
    """
    base = random.Random(seed)
    n = len(levels)
    wins, session_wins = [0] * n, [0] * n
    blocked = turns = played = sessions = 0
    ended = 0  # rounds played, the session in progress's among them
    counted = 0  # rounds of the sessions counted: a run stopped counts the one it stopped in

    def on_round_end(game: Any) -> None:
        nonlocal blocked, turns, ended
        won, stuck = winners(game)
        for w in won:
            wins[w] += 1
        blocked += stuck
        turns += game.turns
        ended += 1
        if on_round is not None:
            on_round(ended, rounds, {labels[i]: wins[i] / ended for i in range(n)})

    def summary(played: int) -> dict[str, Any]:
        elapsed = time.perf_counter() - start
        return {**head, "rounds": played, "sessions": sessions + (played > counted),
                "players": list(levels), "wins": wins, "session_wins": session_wins,
                "blocked": blocked, "mean_turns": turns / played if played else 0.0,
                "rounds_per_second": played / elapsed if elapsed > 0 else float("inf"),
                "seconds": elapsed, "seed": seed, **tail}

    start = time.perf_counter()
    try:
        while played < rounds:
            more, won = play(sessions + 1, base.getrandbits(48), rounds - played, on_round_end)
            played += more
            sessions += 1
            counted = played
            for w in won:
                session_wins[w] += 1
    except KeyboardInterrupt as exc:
        raise RunStopped(summary(ended), ended, rounds) from exc
    return summary(played)
