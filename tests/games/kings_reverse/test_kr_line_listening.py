"""Kings Reverse's line mode, heard as a player who listens: the session's start (who plays, each
computer's level said once) and the first round's deal said like any later one, here and at a
served table; the brief and full verbosities (the option, the command, the help)."""

from __future__ import annotations

import io
import random
from pathlib import Path

from test_kr_line_lobby import ADA, Terminal, until

from kc_tui.cli.play import line_options
from kc_tui.games.kings_reverse.cli import build_parser
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseService
from kc_tui.games.kings_reverse.line import ReverseLines
from kc_tui.games.kings_reverse.saves import reverse_seats
from kc_tui.net import TableServer


def heard(typed: list[str], seed: int = 1, verbosity: str = "brief") -> str:
    """What the line mode says to "you" against three hard computers (seed 1: Ada deals and the
    person's first turn comes after two 7s), for the lines ``typed``, then input ends."""
    service = ReverseService(build_rules(4), reverse_seats(["you", "hard", "hard", "hard"], random.Random(seed)),
                             seed=seed)
    out = io.StringIO()
    lines = iter(typed)

    def read(prompt: str) -> str | None:
        out.write(prompt)
        return next(lines, None)

    ReverseLines(service, out.write, verbosity=verbosity).run(read)
    return out.getvalue()


def test_a_session_starts_by_naming_its_players_and_levels_once_then_round_ones_deal() -> None:
    said = heard([])
    assert said.startswith("A new session: You, Ada (hard), Ben (hard) and Cleo (hard).\n"
                           "Round 1: Ada deals; the five of spades is turned up.\n")
    assert said.count("hard") == 3


def test_brief_says_every_play_but_not_whose_turn_nor_the_players_at_each_turn() -> None:
    said = heard([])
    assert "Ben plays the five of diamonds.\nCleo plays the seven of diamonds.\n" in said
    assert "'s turn." not in said and "Players:" not in said and "play goes" not in said
    # What may be played first, then the rest (a play test heard 32 s of a hand to learn it).
    assert ("Your turn.\nPile: the king of hearts; stock: 63 cards.\nYou may play 4, three of hearts; 9, ten "
            "of hearts; 12, jack of hearts; 13, jack of hearts. The rest, 10 cards: 1, two of clubs;") in said


def test_full_says_whose_turn_it_is_and_the_whole_table() -> None:
    said = heard([], verbosity="full")
    assert "Ben's turn.\nBen plays the five of diamonds.\nCleo's turn.\n" in said
    assert "Pile: the king of hearts; play goes counter-clockwise; stock: 63 cards.\nPlayers: " in said


def test_the_verbosity_command_changes_what_is_said_in_any_of_the_three_languages_words() -> None:
    said = heard(["verbosity full", "verbosidad breve", "verbosité complet", "verbosity loud", "help"])
    assert said.count("Verbosity full: every event is said as it happens") == 2
    assert "Verbosity brief: every play, but not whose turn it is" in said
    assert "Write verbosity brief (what matters, at your turn) or verbosity full" in said
    assert "Type verbosity brief or verbosity full to set how much is said between your turns." in said


def test_the_play_and_resume_commands_take_a_verbosity() -> None:
    parser = build_parser()
    assert line_options(parser.parse_args(["play", "--plain", "--verbosity", "full"])).verbosity == "full"
    assert line_options(parser.parse_args(["play", "--plain"])).verbosity == "brief"
    assert line_options(parser.parse_args(["resume", "--verbosity", "full"])).verbosity == "full"


async def test_a_seat_at_a_served_table_hears_round_ones_deal(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, seed=2026)
    ada = Terminal(server, ADA)
    await ada.type("new open hard game=kings-reverse")
    await until(lambda: "Your move> " in ada.text, "Ada's first turn")
    await ada.type("last")  # the deal came before the seat's table: last has it all the same
    await until(lambda: ada.text.count("Ben plays the four of diamonds.") == 2, "last answered")
    for _ in range(2):
        await ada.type("quit")
    assert await ada.task == 0
    await server.close()
    said = ada.text
    assert ("is on: round 1. Totals: Ada 0, Ben 0. Type help for the actions.\n"
            "Round 1: You deal; the four of hearts is turned up.\n") in said
