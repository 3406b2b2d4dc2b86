"""Kings Reverse tables over real SSH sessions: two people and a spectator in the lobby of
``kings-corner serve``, each an asyncssh client on a ``pyte`` screen, playing a whole round by
keystrokes; and the line mode (``ssh ... plain``).  Every byte each client receives is checked
against the cards it cannot know at that moment: with two decks, a card's name (7H, 7♥) is
hidden from a seat while a copy is in another hand or the stock and no copy was ever shown to
that seat (dealt or drawn to it, given or received, played, shown in a challenge)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sshclient import Player, fingerprint, new_key

from kc_tui.core.cards import Card, card_name, parse_any_card
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.actions import ActionKind
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.net import ReverseDoor
from kc_tui.games.kings_reverse.tui.widgets import REVERSE_HAND_KEYS
from kc_tui.net import TableServer, TableState
from kc_tui.tui.widgets import any_card_text, card_text

from .test_reverse_tables import Knowledge
from .test_ssh_tables import ESCAPES, WORKERS, Night, until

pytestmark = pytest.mark.timeout(400)

def forms(name: str) -> tuple[str, ...]:
    """How a card named ``name`` can be drawn or said: its notation, with its suit's glyph, and
    in words as the line mode says it (a joker is JK either way)."""
    card = parse_any_card(name)
    return (name, card_text(card, False), card_name(card, article=False)) if isinstance(card, Card) else (name,)


def pattern(names: set[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    shown = sorted({form for name in names for form in forms(name)}, key=len, reverse=True)
    return re.compile(r"(?<![0-9A-Za-z])(" + "|".join(map(re.escape, shown)) + r")(?![0-9A-Za-z])")


class Watched:
    """A client whose every chunk, and its screen after it, is checked."""

    def __init__(self, player: Player, knowledge: Callable[[], Knowledge | None],
                 seat: int | None, name: str, screen: bool = True) -> None:
        """``screen``: check the screen too (not for the line mode without a terminal, whose
        lines the emulator wraps anywhere, words cut in two; its bytes are checked)."""
        self.player, self.knowledge, self.seat, self.name = player, knowledge, seat, name
        self.screen = screen
        self.leaks: list[str] = []
        player.on_data = self.check

    def check(self, data: bytes) -> None:
        try:
            self._check(data)
        except Exception as exc:  # noqa: BLE001 - reported by the test, not lost in the reader
            self.leaks.append(f"{self.name}: the check failed: {exc!r}")

    def _check(self, data: bytes) -> None:
        knowledge = self.knowledge()
        if knowledge is None:
            return
        found_pattern = pattern(knowledge.hidden_from(self.seat))
        if found_pattern is None:
            return
        raw = ESCAPES.sub(b"\x00", data).decode("utf-8", "replace")
        texts = [("bytes", raw)] + ([("screen", self.player.text())] if self.screen else [])
        for where, text in texts:
            text = " ".join(text.split())  # a line wrapped on the screen joins again
            for example in EXAMPLES:  # the help's examples name no card of the game
                text = text.replace(example, "")
            found = found_pattern.search(text)
            if found:
                around = text[max(0, found.start() - 60):found.end() + 20]
                self.leaks.append(f"{self.name} was sent {found.group(0)} ({where}: {around!r})")


def game_of(tables: TableServer, table_id: int) -> Any:
    service = tables._tables[table_id].service
    return None if service is None else service.game  # type: ignore[attr-defined]


PLACEHOLDER = "action, e.g. 9H"
EXAMPLES = ("e.g. 9H, JK S,", "for example 7H or KS, or JK", "type a card (9H), JK S, marry H, give 5C")
"""Card names in the help texts: the command line's placeholder, the notation's refusals."""


def hand_on_screen(text: str) -> list[str]:
    """The cards of the hand line on the screen, in order, as drawn (``9♥``, ``JK``)."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if "Hand " in row), None)
    if start is None:
        return []
    line = ""
    for row in rows[start:]:  # a long hand runs on over several rows of its box
        if row.startswith(("╰", "╚", "+")):
            break
        line += " " + row.strip("│║| ")
    return re.findall(r"\w:(\S+)", line.split("Hand", 1)[-1])


async def act_by_keys(player: Player, door: ReverseDoor, chooser: Any) -> None:
    """The action an easy computer would choose, by the table's keys: a card's key (its label
    on the hand line, once the screen shows the hand as it is now), then a joker's suit letter;
    d draws, passes or accepts; c calls; e ends; x challenges; a marriage is typed on the
    command line."""
    view = door.view()
    action = chooser.choose(view)
    kind = action.kind
    simple = {ActionKind.DRAW: "d", ActionKind.PASS: "d", ActionKind.ACCEPT: "d", ActionKind.CALL: "c",
              ActionKind.END: "e", ActionKind.CHALLENGE: "x"}
    if kind in simple:
        player.press(simple[kind])
        return
    if kind is ActionKind.MARRY:
        player.press(":")
        await player.wait_for(PLACEHOLDER)
        await asyncio.sleep(0.3)  # the cursor moves to the command line after it is drawn
        player.type(str(action))
        player.press("enter")
        return
    want = [any_card_text(c, False) for c in view.hand]
    await player.wait_until(lambda text: hand_on_screen(text) == want, f"the hand {want} on the screen")
    assert action.card is not None
    player.press(REVERSE_HAND_KEYS[want.index(any_card_text(action.card, False))])
    if kind is ActionKind.PLAY and action.suit is not None:
        await player.wait_for("Name the suit to follow")
        player.press(action.suit.value.lower())


@WORKERS
async def test_two_people_and_a_spectator_play_kings_reverse_over_ssh_and_no_hidden_card_is_sent(
        tmp_path: Path, workers: int) -> None:
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        ada_key, ben_key, cleo_key = new_key(), new_key(), new_key()
        owner = night.tables.person(fingerprint(ada_key), "Ada")
        info = night.tables.create_table(owner, "Reverse", build_rules(2, hand_size=5), ["open", "open"], seed=17)
        knowledge: list[Knowledge] = []
        known = lambda: knowledge[0] if knowledge else None  # noqa: E731
        ada = await night.person(ada_key, "Ada")
        ben = await night.person(ben_key, "Ben")
        cleo = await night.person(cleo_key, "Cleo", term="linux")  # a console: ASCII
        watched = [Watched(ada, known, 0, "Ada"), Watched(ben, known, 1, "Ben"),
                   Watched(cleo, known, None, "Cleo (watching)")]
        for player in (ada, ben, cleo):
            await player.wait_for("Welcome back")  # each key chose its name before
        assert "Kings Reverse" in ada.text()  # the lobby lists the table's game
        cleo.press("w")
        await until(lambda: night.tables.table(info.id).spectators == 1, "Cleo watching")
        ada.press("1")
        await ada.wait_for("Press s to start it")
        ben.press("2")  # the last open seat: the game starts
        await until(lambda: night.tables.table(info.id).state == TableState.PLAYING, "the game started")
        knowledge.append(Knowledge(night.tables, info.id))
        game = game_of(night.tables, info.id)
        doors = {d.seat: d for d in night.tables._tables[info.id].doors()}
        for player in (ada, ben):
            await player.wait_for("Your turn" if player is (ada if game.current == 0 else ben) else "is playing")
        await cleo.wait_for("You are watching")

        # Out of turn: a clear refusal, and nothing changes.
        people = {0: ada, 1: ben}
        idle = people[1 - game.current]
        steps = game.steps
        idle.press("d")
        await idle.wait_for(f"It is {'Ada' if game.current == 0 else 'Ben'}'s turn.")
        assert game.steps == steps

        chooser = make_player("easy")
        actions = 0
        last: int | None = None
        while game.phase == Phase.TURN:
            seat, before = game.current, game.steps
            door = doors[seat]
            assert isinstance(door, ReverseDoor)
            # A screen served by a worker process shows a step a moment after the table made
            # it: a person acts on what the screen shows (their turn, on their own status line).
            handed = seat != last
            await people[seat].wait_until(
                lambda text, door=door, handed=handed: door.my_turn() and (not handed or "Your turn" in text),
                "the turn")
            last = seat
            await act_by_keys(people[seat], door, chooser)
            try:
                await until(lambda before=before: game.steps != before or game.phase != Phase.TURN,
                            "the action applied")
            except AssertionError:
                raise AssertionError(f"seat {seat + 1}'s action was not applied; leaks {watched[0].leaks[:3]} "
                                     f"{watched[1].leaks[:3]}; its screen:\n{people[seat].text()}") from None
            actions += 1
            assert actions < 500
        for player in (ada, ben, cleo):
            await player.wait_for("Round 1")
        leaks = [leak for w in watched for leak in w.leaks]
        assert not leaks, leaks[:10]
        assert "♥" not in cleo.received.decode() and "♥" in ada.received.decode()
    finally:
        await night.stop()


@WORKERS
async def test_kings_reverse_in_the_line_mode_over_ssh(tmp_path: Path, workers: int) -> None:
    night = Night(tmp_path, workers=workers)
    await night.start()
    try:
        dora = await night.person(new_key(), term=None)
        await dora.wait_for("Your name at the tables", raw=True)
        dora.type("Dora\n")
        await dora.wait_for("Welcome, Dora", raw=True)
        dora.type("new open hard game=kings-reverse\n")  # its maker takes the one open seat: it starts
        await until(lambda: any(t.state == TableState.PLAYING for t in night.tables.tables()), "the game")
        (table,) = night.tables.tables()
        knowledge = Knowledge(night.tables, table.id)
        watched = Watched(dora, lambda: knowledge, 0, "Dora", screen=False)
        game = game_of(night.tables, table.id)
        door = night.tables._tables[table.id].slots[0].door
        assert isinstance(door, ReverseDoor)
        chooser = make_player("easy")
        for _ in range(6):
            await until(lambda: door.my_turn() or game.phase != Phase.TURN, "Dora's turn")
            if game.phase != Phase.TURN:
                break
            before = game.steps
            dora.type(f"{chooser.choose(door.view())}\n")
            await until(lambda before=before: game.steps != before, "Dora's action applied")
        # The nonsense line is typed on Dora's own turn: the round cannot end under it, where any
        # line would deal the next round instead of being read as an action.
        for _ in range(3):
            await until(lambda: door.my_turn() or game.phase == Phase.ROUND_OVER, "Dora's turn or the round's end")
            if door.my_turn():
                break
            dora.type("\n")
            await until(lambda: game.phase != Phase.ROUND_OVER, "the next round dealt")
        assert door.my_turn()
        dora.type("nonsense\n")
        await dora.wait_for("help lists the actions", raw=True)
        dora.type("look\n")
        await dora.wait_for("play goes", raw=True)
        assert watched.leaks == [], watched.leaks[:3]
        dora.type("quit\n")
        await dora.wait_for("Goodbye.", raw=True)
    finally:
        await night.stop()
