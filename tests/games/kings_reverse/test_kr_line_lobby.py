"""Kings Reverse in the line mode's lobby, over async streams: a table made with game=..., two
people and a spectator playing a whole round by typed actions, refusals out of turn, and the
bad inputs of the new-table command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from waiting import Terminal, until

from kc_tui.core.kinds import Phase
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.net import Person, TableServer, TableState

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")
CLEO = Person("SHA256:cleo", "Cleo")


async def test_the_new_command_refuses_a_game_or_options_it_does_not_know_and_makes_nothing(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open hard game=snap")
    await ada.type("new open hard game=kings-reverse preset=fast")
    await ada.type("new open hard game=kings-reverse hand_size=40")
    await ada.type("new open hard game=kings-reverse draw=end")
    await until(lambda: "Kings Reverse has no option 'draw'" in ada.text, "the last refusal")
    assert "There is no game 'snap'; the games are kings-corner, kings-reverse." in ada.text
    assert "There is no preset 'fast'; the presets are standard, classic, bluff, quick." in ada.text
    assert "Those rules cannot be played: The hand size is 5 to 12 cards, not 40." in ada.text
    assert server.tables() == ()
    await ada.type("quit")
    assert await ada.task == 0
    await server.close()


async def test_two_people_and_a_spectator_play_a_kings_reverse_round_in_the_line_mode(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben, cleo = Terminal(server, ADA), Terminal(server, BEN), Terminal(server, CLEO)
    await ada.type("new open open game=kings-reverse hand_size=5")
    await until(lambda: "You sit in seat 1 of table 1" in ada.text, "Ada seated")
    (info,) = server.tables()
    assert "Kings Reverse, 5 cards each" in info.line()
    await cleo.type("watch 1")
    await ben.type("join 1")
    await until(lambda: server.table(info.id).state == TableState.PLAYING, "the game")
    game: Any = server._tables[info.id].service.game  # type: ignore[union-attr]
    terminals = {0: ada, 1: ben}
    await until(lambda: "The game of Kings Reverse at table 1 is on" in cleo.text, "the spectator following")
    for term in (ada, ben):
        await until(lambda term=term: "Your hand" in term.text or "table> " in term.text, "the table shown")

    # Out of turn: refused with a sentence, nothing changes.
    idle = terminals[1 - game.current]
    steps = game.steps
    await idle.type("draw")
    await until(lambda: "turn, not yours." in idle.text, "the refusal")
    await cleo.type("draw")
    await until(lambda: "spectators cannot play" in cleo.text, "the spectator's refusal")
    await cleo.type("hand")
    await until(lambda: "You are watching: no hand." in cleo.text, "no hand for the spectator")
    assert game.steps == steps
    await idle.type("9Z")
    await until(lambda: "help lists the actions" in idle.text, "a line that is no action")

    # The round, each action typed as an easy computer would choose it.
    chooser = make_player("easy")
    for _ in range(600):
        if game.phase != Phase.TURN:
            break
        seat = game.current
        door = server._tables[info.id].slots[seat].door
        assert door is not None
        action = chooser.choose(door.view())
        before = game.steps
        await terminals[seat].type(str(action))
        await until(lambda before=before: game.steps != before or game.phase != Phase.TURN,
                    f"{action} typed by seat {seat + 1} applied:\n{terminals[seat].text[-400:]}")
    assert game.phase in (Phase.ROUND_OVER, Phase.SESSION_OVER)
    for term in (ada, ben, cleo):
        await until(lambda term=term: "Round 1 over" in term.text, "the round's end")
    if game.phase == Phase.ROUND_OVER:
        mark = len(ada.text)
        await ada.type("")
        # Said once, by the table; Enter is asked for no more (a play test heard both again).
        await until(lambda: "You are ready for the next round (waiting for Ben)." in ada.text[mark:], "Ada ready")
        await until(lambda: ada.text.rstrip().endswith("table>"), "the table's prompt")
        assert "Press Enter for the next round" not in ada.text[mark:]
        await ben.type("")
        await until(lambda: game.round_no == 2, "the second round dealt")
    for term in (ada, ben, cleo):
        await term.type("quit")
        assert await term.task == 0
    await server.close()


async def test_coming_to_a_table_mid_round_says_where_it_stands(tmp_path: Path) -> None:
    """Sitting down (or watching) after the round's first plays said its deal ("the three of
    spades is turned up") and nothing of the pile since, until one's turn."""
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, cleo = Terminal(server, ADA), Terminal(server, CLEO)
    await ada.type("new open hard game=kings-reverse")
    await until(lambda: ada.text.endswith("Your move> "), "Ada's turn")
    await ada.type("draw")
    await until(lambda: ada.text.count("Your move> ") > 1 or "Enter plays it" in ada.text
                or "name the suit" in ada.text, "Ada's draw answered")
    await cleo.type("watch 1")
    await until(lambda: "The game of Kings Reverse at table 1 is on" in cleo.text, "Cleo watching")
    joined = cleo.text.split("The game of Kings Reverse at table 1 is on")[1].splitlines()
    assert joined[1].startswith("Round 1: ") and joined[2].startswith("Pile: "), joined[:4]
    for term in (ada, cleo):
        await term.type("quit")
        assert await term.task == 0
    await server.close()


async def test_what_the_deal_did_to_a_seat_is_said_as_its_game_is_followed(tmp_path: Path) -> None:
    """A network play test: the deal turned up a 7, and the seat after the dealer drew two and
    lost its turn, told only "Your hand, 7 cards" (the reason only by last).  The events since
    the deal, a few at a game's start, are said after it."""
    server = TableServer(tmp_path, pace=0, seed=1)  # Ben deals, 7C turned up: Ada draws two
    ada, ben = Terminal(server, ADA), Terminal(server, BEN)
    await ada.type("new open open game=kings-reverse hand_size=5")
    await until(lambda: "You sit in seat 1 of table 1" in ada.text, "Ada seated")
    await ben.type("join 1")
    await until(lambda: "7C is turned up" in ada.text or "seven of clubs is turned up" in ada.text, "the deal")
    await until(lambda: "for the 7." in ada.text and "You lose the turn (a 7)." in ada.text, "why she drew")
    for term in (ada, ben):
        await term.type("quit")
        assert await term.task == 0
    await server.close()
