"""The table's news in the line mode: what the table says while a person's prompt waits for a
line is written on a line of its own, and the prompt again after it ("table> Eve plays 6D." ran
the news on after the prompt)."""

from __future__ import annotations

import re
from pathlib import Path

from waiting import Terminal, until

from kc_tui.net import Person, TableServer, TableState

ADA = Person("SHA256:ada", "Ada")
BEN = Person("SHA256:ben", "Ben")


async def test_the_tables_news_come_on_their_own_lines_and_the_prompt_after_them(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada, ben = Terminal(server, ADA), Terminal(server, BEN)
    await ada.typed.put("new open open hand_size=5")
    await until(lambda: "is made" in ada.text, "the table")
    await ben.typed.put("join 1")
    await until(lambda: server.table(1).state == TableState.PLAYING, "the game started")
    game = server._tables[1].service
    assert game is not None
    terms = {0: ada, 1: ben}
    mover, other = terms[game.current], terms[1 - game.current]
    name = ("Ada", "Ben")[game.current]
    await until(lambda: other.text.endswith("table> ") and mover.text.endswith(f"{name}> "), "both prompts")
    waiting = len(other.text)  # from here on the other types nothing: all that comes is news

    await mover.typed.put("say hello")
    await until(lambda: f"{name}: hello" in other.text and other.text.endswith("table> "), "the chat line")
    current = game.current
    await mover.typed.put("end")
    await until(lambda: game.current != current or game.phase != game.phase.TURN or mover.text.endswith("to go on: "),
                "the turn ended (or asked)")
    if game.current == current:
        await mover.typed.put("y")
    # The other's own prompt, not the table> one they had: the turn's news has reached them.
    yours = ("Ada", "Ben")[1 - current]
    await until(lambda: game.current != current and other.text.endswith(f"{yours}> "), "the other's turn")

    news = other.text[waiting:]
    assert news.startswith(f"\n{name}: hello\ntable> "), news
    assert "\nYour hand: " in news, news
    assert f"\nSince the deal: {name} " in news, news  # the first turn says what came before it
    assert not re.search(r"> [^\n]", news), f"news run on after a prompt: {news!r}"
    for term in (ada, ben):
        await term.typed.put("quit")
        assert await term.task == 0
    await server.close()


async def test_a_computers_whole_turn_is_followed_by_one_prompt(tmp_path: Path) -> None:
    """The computer's moves come one by one at the server's pace; the prompt is written again
    once its turn is over, not after each move (a screen reader reads every prompt)."""
    server = TableServer(tmp_path, pace=0.01, seed=2)  # seed 2: Ben's first turn has many moves
    ada = Terminal(server, ADA)
    await ada.typed.put("new open hard")
    await until(lambda: "The game starts." in ada.text, "the game started")
    await ada.typed.put("verbosity full")
    await until(lambda: "Verbosity full" in ada.text and ada.text.endswith("Ada> "), "Ada's turn")
    waiting = len(ada.text)
    await ada.typed.put("end!")
    await until(lambda: "Ben ends the turn." in ada.text[waiting:] and ada.text.endswith("Ada> "),
                "Ada's next turn")

    news = ada.text[waiting:]
    assert news.count("\nBen ") >= 5, news
    assert news.count("table> ") <= 1 and news.count("> ") <= 2, news  # table> (perhaps), then Ada>
    await ada.typed.put("quit")
    assert await ada.task == 0
    await server.close()


async def test_turns_told_with_nothing_said_between_them_leave_one_prompt_not_a_row_of_them(
        tmp_path: Path) -> None:
    """Under brief verbosity two computers' turns pass unsaid until one's own turn (then "Since
    your turn" tells them): each new turn used to write "table> " again after the last, "table>
    table> ", each read out by a screen reader."""
    server = TableServer(tmp_path, pace=0.01, seed=2)
    ada = Terminal(server, ADA)
    await ada.typed.put("new open hard hard")
    await until(lambda: "The game starts." in ada.text and ada.text.endswith("Ada> "), "Ada's turn")
    for _ in range(2):
        waiting = len(ada.text)
        await ada.typed.put("end!")
        await until(lambda waiting=waiting: "Since your turn" in ada.text[waiting:] and ada.text.endswith("Ada> "),
                    "Ada's next turn")
        news = ada.text[waiting:]
        assert "table> table> " not in news and news.count("table> ") <= 1, news
    await ada.typed.put("quit")
    assert await ada.task == 0
    await server.close()
