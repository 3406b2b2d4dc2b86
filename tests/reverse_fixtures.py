"""Kings Reverse tables for the screen tests, the snapshots and screenshots/generate.py: a person
against computers that only ever draw or pass (so that the table stays as a test arranges it),
and helpers that arrange the person's hand and the pile through the referee (engine-side, as
tests may)."""

from __future__ import annotations

import random
import time
from typing import Callable, ClassVar, Sequence

from kc_tui.core.cards import parse_any_card
from kc_tui.core.kinds import SeatKind
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.engine.views import ReverseView
from kc_tui.games.kings_reverse.saves import saved_specs
from kc_tui.games.kings_reverse.tui.table import ReverseTableScreen
from kc_tui.storage import Settings, start_saving
from kc_tui.tui.app import KingsCornerApp

WAIT = 60.0


class Drawer:
    """A computer seat that draws (or passes, or ends its turn) and never plays a card it
    holds; it plays a drawn card only when the rules make it (KR3.5)."""

    level: ClassVar[str] = "drawer"

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def choose(self, view: ReverseView) -> Action:
        for kind in (ActionKind.DRAW, ActionKind.PASS, ActionKind.END, ActionKind.ACCEPT):
            if Action(kind) in view.legal:
                return Action(kind)
        return view.legal[0]

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def reverse_app(seed: int = 3, players: int = 3, pace: float = 0, ascii_only: bool = True,
                settings: Settings | None = None, level: str = "drawer",
                **options: object) -> KingsCornerApp:
    """You against ``players - 1`` drawers, standard rules with ``options``; ``level`` is the
    level the seats are said to be (a real one for a save that is resumed)."""
    seats = [ReverseSeat("You")] + [ReverseSeat(name, SeatKind.AI, level, Drawer())
                                    for name in ("Ada", "Ben", "Cleo", "Dev", "Eli")[:players - 1]]
    service = ReverseService(build_rules(players, **options), seats, seed=seed)
    app = KingsCornerApp(service, settings=settings or Settings(ascii=ascii_only, pace=pace))
    # Saved as the command line saves it: the app lets go of the save when the table is left.
    app.savers[id(service)] = start_saving(service, saved_specs(service), game="kings-reverse")
    return app


def reverse_four(settings: Settings) -> KingsCornerApp:
    """You against three hard computers at Kings Reverse, seed 11."""
    seats = [ReverseSeat("You")] + [
        ReverseSeat(name, SeatKind.AI, "hard", make_player("hard", random.Random(i)))
        for i, name in enumerate(("Ada", "Ben", "Cleo"))]
    return KingsCornerApp(ReverseService(build_rules(4), seats, seed=11), settings=settings)


async def reverse_turn(pilot) -> None:
    await until(pilot, my_turn, "your turn at Kings Reverse")
    await pilot.pause()


async def reverse_suit(pilot) -> None:
    """The suit chooser: the person holds a joker and nothing else that goes."""
    await until(pilot, my_turn, "your turn at Kings Reverse")
    arrange(pilot.app, ["4S", "5S", "KC", "JK"], "9D")
    await pilot.press("4")
    await pilot.pause()


async def reverse_round_over(pilot) -> None:
    """The round-over dialog: the person goes out with 9H on 9D; Ada and Ben hold cards."""
    await until(pilot, my_turn, "your turn at Kings Reverse")
    arrange(pilot.app, ["9H"], "9D")
    game = table(pilot.app).service.game
    game.hands[1] = ids(["7C", "JK", "4D", "KS"])
    game.hands[2] = ids(["AS", "JH"])
    await pilot.press("1")
    await until(pilot, lambda app: type(app.screen).__name__ == "RoundOverScreen", "the round's end")
    # The table under the dialog is laid out again after it opens (its players' panel and log
    # took their rows at one refresh or the next, as the machine's load had it): wait for the
    # layout to settle.
    def layout(app) -> tuple[object, ...]:
        return tuple((w.id, w.region, w.virtual_size) for w in table(app).query("*"))

    seen = None
    deadline = time.monotonic() + WAIT
    while seen != layout(pilot.app):
        if time.monotonic() > deadline:
            raise AssertionError("the table under the round-over dialog never settled")
        seen = layout(pilot.app)
        await pilot.pause()


async def _keys(pilot, *keys: str) -> None:
    await pilot.pause()
    await pilot.press(*keys)
    await pilot.pause()


async def _stats_end(pilot) -> None:
    """The statistics, scrolled to their end (the Kings Reverse part).  Without animations: the
    picture is of where the scroll stops, and a scroll to the end would otherwise glide there for
    about a second while the keys wait for it."""
    pilot.app.animation_level = "none"
    await _keys(pilot, "t", "end")


def reverse_replay(settings: Settings) -> KingsCornerApp:
    """The replay of a finished Kings Reverse session of Zoe (medium), Ada (medium) and Ben
    (easy), seed 6, target 100, written to the data folder's ``transcripts/kings-reverse/``.
    No ``hard`` seat: its search stops at a time budget, so on a loaded machine it may choose
    otherwise and the picture would change."""
    from kc_tui.games.kings_reverse.engine.events import encode_event
    from kc_tui.replay import load_replay
    from kc_tui.storage import game_transcripts_dir

    path = game_transcripts_dir("kings-reverse") / "2026-11-05-120000-zoe-ada-ben.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    seats = [ReverseSeat(name, SeatKind.AI, level, make_player(level, random.Random(i)))
             for i, (name, level) in enumerate([("Zoe", "medium"), ("Ada", "medium"), ("Ben", "easy")])]
    service = ReverseService(build_rules(3, target=100), seats, seed=6,
                             listeners=[lambda e: lines.append(encode_event(e))])
    service.play_session()
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return KingsCornerApp(settings=settings, replay=load_replay(path), replay_name=path.name)


def reverse_stats(settings: Settings) -> KingsCornerApp:
    """The title screen, with the first game's finished sessions of screen_fixtures.with_stats and
    two finished Kings Reverse sessions of Zoe (medium), Ada (medium) and Ben (easy) (no
    ``hard`` seat: see :func:`reverse_replay`)."""
    from datetime import datetime

    from screen_fixtures import with_stats

    from kc_tui.storage import Recorder

    app = with_stats(settings)
    for seed in (1, 2):
        names = ["Zoe", "Ada", "Ben"]
        seats = [ReverseSeat(name, SeatKind.AI, level, make_player(level, random.Random(seed * 10 + i)))
                 for i, (name, level) in enumerate(zip(names, ["medium", "medium", "easy"]))]
        service = ReverseService(build_rules(3, target=100), seats, seed=seed)
        service.add_listener(Recorder("kings-reverse", names, when=datetime(2026, 11, 5 + seed, 10, 0)))
        service.play_session()
    return app


REVERSE_SCREENS = {
    "reverse-table": (reverse_four, reverse_turn),
    "reverse-suit": (lambda settings: reverse_app(settings=settings), reverse_suit),
    "reverse-round-over": (lambda settings: reverse_app(settings=settings, one_card_call=False),
                           reverse_round_over),
    "reverse-stats": (reverse_stats, _stats_end),
    "reverse-replay": (reverse_replay, lambda pilot: _keys(pilot, "right", "right", "down", "down")),
}
"""The Kings Reverse screens for the snapshots and screenshots (added to screen_fixtures.SCREENS)."""


def ids(cards: Sequence[str]) -> list[int]:
    return [parse_any_card(c).id for c in cards]


def arrange(app: KingsCornerApp, hand: Sequence[str], top: str, follow: str | None = None) -> None:
    """Give the person ``hand`` and put ``top`` on the pile (the suit to follow is its suit, or
    ``follow``), at the start of the person's turn."""
    screen = table(app)
    game = screen.service.game
    assert game.current == 0 and str(game.step) == "play", "arrange at the start of your turn"
    game.hands[0] = ids(hand)
    game.pile.append(parse_any_card(top).id)
    game.follow = "CDHS".index(follow or top[-1])
    screen.refresh_table()


def table(app: KingsCornerApp) -> ReverseTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, ReverseTableScreen))


def my_turn(app: KingsCornerApp) -> bool:
    return isinstance(app.screen, ReverseTableScreen) and app.screen.service.waiting_for_human()


async def until(pilot, ready: Callable[[KingsCornerApp], bool], what: str) -> None:
    """Wait until ``ready(app)``, on the computers' workers first."""
    app = pilot.app
    deadline = time.monotonic() + WAIT
    while not ready(app):
        if time.monotonic() > deadline:
            raise AssertionError(f"never reached {what}; the screen is {type(app.screen).__name__}")
        running = [w for w in app.workers if not w.is_finished]
        for worker in running:
            try:
                await worker.wait()
            except Exception:  # noqa: BLE001 - a cancelled decision: the turn moved on
                pass
        await pilot.pause(0.01 if not running else 0)


def status(app: KingsCornerApp) -> str:
    from textual.widgets import Static

    return str(table(app).query_one("#status", Static).render())


def log_text(app: KingsCornerApp) -> str:
    from textual.widgets import RichLog

    # A long entry wraps at a space, which stays at the end of its line.
    return "".join(line.text for line in table(app).query_one("#log", RichLog).lines)


def heads_up_choice() -> ReverseView:
    """A heads-up turn of two medium players (seed 2) with more than two plays to weigh."""
    service = ReverseService(build_rules(2), [
        ReverseSeat("a", "ai", "medium", make_player("medium", random.Random(1))),
        ReverseSeat("b", "ai", "medium", make_player("medium", random.Random(2)))], seed=2)
    service.start()
    while True:
        view = service.view(service.current)
        if len(view.legal) > 2 and view.legal[0].kind is ActionKind.PLAY:
            return view
        service.run_computer_turns(limit=1)
