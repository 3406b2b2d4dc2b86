"""``kings-corner --game kings-reverse``: the registry hands the command line over; rules,
simulate, tournament and the line mode with its review commands."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from typing import Any, Callable

import pytest
from kr_referee import check_transcript

from kc_tui.cli import main
from kc_tui.games import GAMES, game_named, split_game_argument
from kc_tui.games.kings_reverse import ENTRY
from kc_tui.games.kings_reverse.ai import make_player
from kc_tui.games.kings_reverse.engine.rules import build_rules
from kc_tui.games.kings_reverse.engine.service import ReverseSeat, ReverseService
from kc_tui.games.kings_reverse.line import ReverseLines


def test_the_registry_names_both_games_and_finds_the_game_anywhere_in_the_arguments() -> None:
    assert list(GAMES) == ["kings-corner", "kings-reverse"]
    assert split_game_argument(["rules", "--game", "kings-reverse", "--players", "3"]) == (
        "kings-reverse", ["rules", "--players", "3"])
    assert split_game_argument(["--game=kings-reverse"]) == ("kings-reverse", [])
    assert split_game_argument(["rules"]) == ("kings-corner", ["rules"])
    with pytest.raises(ValueError, match="the games are kings-corner, kings-reverse"):
        game_named("uno")


def test_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["rules", "--game", "uno"])
    assert stop.value.code == 2
    assert "there is no game 'uno'" in capsys.readouterr().err


def test_rules_of_kings_reverse(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "kings-reverse", "--players", "2", "--preset", "classic"]) == 0
    out = capsys.readouterr().out
    assert "104 cards" in out and "KR7" in out and "joker" not in out.split("KR4")[0].split("KR3")[1]


def test_kings_in_the_corner_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert "Kings Reverse" not in capsys.readouterr().out


def test_a_bad_rule_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "kings-reverse", "rules", "--rule", "jokers=maybe"])
    assert "The option jokers is on or off, not 'maybe'" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["kings-corner", "kings-reverse"])
@pytest.mark.parametrize("command", [["rules"], ["simulate", "--players", "easy,easy", "--rounds", "1"],
                                     ["play", "--plain"]])
def test_players_as_a_rule_is_a_usage_error_that_names_players(
        capsys: pytest.CaptureFixture[str], game: str, command: list[str]) -> None:
    """It was a traceback in Kings Reverse (players given twice to its rules), and a refusal in
    the first game that spoke of seats where ``rules`` has none."""
    with pytest.raises(SystemExit) as stop:
        main(["--game", game, *command, "--rule", "players=3"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "players is not a rule to set: the number of players comes from --players" in err
    assert "Traceback" not in err


def test_the_rule_options_listed_leave_players_out(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "--rule", "foo=1"])
    err = capsys.readouterr().err
    listed = err.split("the options are ")[1]
    assert listed.startswith("hand_size, draw") and "players" not in listed


def test_simulate_json_and_transcripts_the_referee_accepts(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "kings-reverse", "--players", "medium,easy,beginner",
                 "--rounds", "6", "--seed", "3", "--json", "--transcript-dir", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "kings-reverse" and summary["rounds"] == 6
    assert sum(summary["wins"]) + summary["blocked"] == 6
    files = sorted(tmp_path.glob("*.jsonl"))
    assert files
    for path in files:
        check_transcript(json.loads(line) for line in path.read_text().splitlines())


def test_tournament_duplicate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "kings-reverse", "--players", "medium,beginner",
                 "--rounds", "20", "--duplicate", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "kings-reverse" and result["rounds"] == 20 and result["deals"] == 10
    rates = {e["player"]: e for e in result["entrants"]}
    lo, hi = rates["medium"]["ci95"]
    assert lo <= rates["medium"]["win_rate"] <= hi
    assert result["anchor"] == "beginner"
    assert result["ratings"]["beginner"]["rating"] == ENTRY.rating("beginner")
    medium = result["ratings"]["medium"]
    assert medium["low"] <= medium["rating"] <= medium["high"]
    assert set(rates["medium"]["decision_ms"]) == {"median", "p99", "max"}


def _line_mode(lines: list[str], seed: int = 5, notation: str = "words") -> str:
    seats = [ReverseSeat("You"), ReverseSeat("East (medium)", "ai", "medium",
                                             make_player("medium", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=seed)
    answers = iter(lines)
    out = io.StringIO()
    ReverseLines(service, out.write, notation=notation).run(lambda prompt: next(answers, None))
    return out.getvalue()


def test_the_line_mode_answers_every_review_command() -> None:
    out = _line_mode(["look", "hand", "who", "scores", "rules", "last", "help", "hint", "quit"])
    assert "Pile: the five of hearts; play goes clockwise" in out            # look
    assert "You may play 1, ace of hearts; 7, jack of diamonds; 8, jack of spades. The rest, 7 cards: " in out  # hand
    assert "Players: You: playing now, 10 cards" in out                      # look
    assert re.search(r"Your turn\. You \d+ cards, 0 points; East \(medium\) \d+ cards, 0 points\.", out)  # who
    assert "Scores (lowest wins" in out                                      # scores
    assert "KR1 Cards" in out                                                # rules
    assert "Actions: a card to play" in out                                  # help
    assert "give 5C or only 5C (after the Ace of spades)" in out  # a bare card gives too
    assert "You leave the table." in out


def test_the_short_notation_says_cards_as_codes_and_marks_them_with_signs() -> None:
    out = _line_mode(["look", "quit"], notation="short")
    assert "play goes clockwise (->)" in out
    assert "Your hand: AH+ 4S" in out and "(+ may be played)" in out
    assert "Players: *You: 10 cards" in out


def test_the_words_notation_says_no_card_code_nor_sign() -> None:
    """Cards in full, the hand numbered and marked in words: a speech synthesizer reads 9H+ or
    (->) as syllables."""
    out = _line_mode(["look", "2", "1", "draw", "quit"])
    assert "You may play 1, ace of hearts; 7, jack of diamonds; 8, jack of spades. The rest, 7 cards: 2, four of spades;" in out
    assert "The four of spades does not match the five of hearts on the pile: play a heart" in out
    assert "You play the ace of hearts." in out
    assert not re.search(r"\b(?:[2-9TJQKA]|10)[CDHS]\b|\bJK\b|\+|\*|\(->\)|\(<-\)", out), out


def test_the_line_mode_refuses_a_bad_action_with_a_sentence_and_changes_nothing() -> None:
    out = _line_mode(["XX", "9Z", "", "end", "pass", "quit"])
    assert "'XX' is not an action: type a card (9H)" in out and "'9Z' is not a card: write the rank" in out
    # An empty line is answered, as in the first game's line mode (it re-prompted in silence).
    assert "Type a card to play (9H, or JK S for a joker naming spades), marry H, draw, pass, one, or help." in out
    # (it said "play a card, draw, or pass", and then refused the pass)
    assert "Your turn ends by itself after a play or a draw: play a card, or draw one." in out
    assert "The stock is not empty: draw a card instead of passing." in out


def test_the_line_mode_stops_cleanly_when_input_ends() -> None:
    assert "Input ended" in _line_mode(["draw"])


def test_play_plain_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "kc_tui", "play", "--plain", "--game", "kings-reverse",
         "--players", "you,easy", "--seed", "2"],
        input="who\nquit\n", capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert re.search(r"You \d+ cards, 0 points", result.stdout) and "You leave the table." in result.stdout
    # Piped input is echoed after its prompt, as in the first game: the output reads as a dialogue.
    assert "> who\n" in result.stdout and "> quit\nYou leave the table." in result.stdout
    # Where the game is and how to go on with it; and that command does.
    assert result.stdout.rstrip().endswith(
        "The game is saved as it stood after the last turn; kings-corner --game kings-reverse resume --plain "
        "goes on with it.")
    resumed = subprocess.run([sys.executable, "-m", "kc_tui", "--game", "kings-reverse", "resume", "--plain"],
                             input="quit\n", capture_output=True, text=True, timeout=60, check=False)
    assert resumed.returncode == 0 and "> quit\nYou leave the table." in resumed.stdout, resumed.stderr


def test_a_hint_is_a_sentence_naming_a_legal_action() -> None:
    from kc_tui.games.kings_reverse.ai import hint

    seats = [ReverseSeat("You"), ReverseSeat("East", "ai", "medium", make_player("medium"))]
    service = ReverseService(build_rules(2), seats, seed=9)
    service.start()
    service.run_computer_turns()
    view = service.view(0)
    said = hint(view)
    assert said.endswith(".")
    assert any(str(a) in said or a.kind.value in said.lower() for a in view.legal)
    assert hint(service.view(1)) == ""  # not its turn


def test_a_drawn_card_that_can_go_is_asked_for_and_not_kept() -> None:
    """KR3: a drawn card that can be played must be; the prompt offers no end, and end is refused."""
    prompts, said = _against_medium(4, ["draw", "end", "quit"])
    # The prompt names the card from the first time it asks (a blind player's play test heard
    # "Enter plays it" alone), and again after the refusal.
    assert "You draw the nine of diamonds." in said
    first = prompts.index("You drew the nine of diamonds: Enter plays it> ")
    assert prompts[first - 1] == "Your move> " and prompts[first + 1] == prompts[first], prompts
    assert "You drew the nine of diamonds, which may be played: it must be played now." in said


def _against_medium(seed: int, typed: list[str]) -> tuple[list[str], str]:
    """A heads-up session against a medium East in the line mode, ``typed`` at its prompts: the
    prompts and what was said."""
    seats = [ReverseSeat("You"), ReverseSeat("East (medium)", "ai", "medium",
                                             make_player("medium", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=seed)
    answers = iter(typed)
    prompts: list[str] = []
    out = io.StringIO()

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(answers, None)

    ReverseLines(service, out.write).run(read)
    return prompts, out.getvalue()


@pytest.mark.parametrize("typed", ["", "play", "jugar", "Jouer"])
def test_enter_or_play_alone_plays_the_drawn_card_the_prompt_asks_for(typed: str) -> None:
    """The prompt said "play it", and play was refused as no action; Enter did nothing."""
    seats = [ReverseSeat("You"), ReverseSeat("East (medium)", "ai", "medium",
                                             make_player("medium", random.Random(1)))]
    service = ReverseService(build_rules(2), seats, seed=4)
    answers = iter(["draw", typed, "quit"])
    out = io.StringIO()
    ReverseLines(service, out.write).run(lambda prompt: next(answers, None))
    assert "You draw the nine of diamonds.\nYou play the nine of diamonds.\n" in out.getvalue(), out.getvalue()
    assert "is not an action" not in out.getvalue()


def _after_the_ace_of_spades(typed: list[str], notation: str) -> str:
    """Seed 18, "you" against a hard Ada: the person's first hand holds the Ace of spades and
    the five of hearts (second in the hand once the Ace is played)."""
    from kc_tui.games.kings_reverse.saves import reverse_seats

    service = ReverseService(build_rules(2), reverse_seats(["you", "hard"], random.Random(18)), seed=18)
    answers = iter(typed)
    out = io.StringIO()

    def read(prompt: str) -> str | None:
        out.write(prompt)
        return next(answers, None)

    ReverseLines(service, out.write, notation=notation).run(read)
    return out.getvalue()


def test_at_the_give_prompt_a_card_alone_gives_it() -> None:
    """KR4: the prompt asks for a card to give; typing the card (or its number) is enough."""
    out = _after_the_ace_of_spades(["AS", "5H", "quit"], "short")
    assert "Give a card to Ada> You give 5H to Ada." in out
    out = _after_the_ace_of_spades(["AS", "2", "quit"], "words")
    assert "Give a card to Ada> You give the five of hearts to Ada." in out


def test_the_give_prompt_reads_the_hand_as_numbered_now_without_playable_marks() -> None:
    """The give prompt did not read the hand (its numbers change as the Ace goes), and hand
    marked every card "playable" while any card may be given."""
    out = _after_the_ace_of_spades(["AS", "hand", "quit"], "words")
    before, _prompt, after = out.partition("Give a card to Ada> ")
    told = before.rstrip("\n").rsplit("\n", 1)[-1]
    assert told.startswith("Your hand, ") and "2, five of hearts" in told, told
    assert "playable" not in told and "playable" not in after.split("\n")[0]


def test_a_hint_to_play_the_joker_says_when_it_is_a_bluff() -> None:
    """With the challenge on, a joker played while another card goes is a bluff: the hint says so
    and what a challenge would cost, rather than promising the four cards (KR6)."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.ai.hints import _why
    from kc_tui.games.kings_reverse.engine.actions import ActionKind
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.saves import reverse_seats

    for hand, bluff in (("JK 5H 9C", True), ("JK 9C 2D", False)):
        table = Table([hand, "3S 4S 6S"], "6H", stock="2C 3C", joker_challenge=True)
        service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
        service.game = table.game
        view = service.view(0)
        joker = next(a for a in view.legal if a.kind is ActionKind.PLAY and a.card is not None and a.card.id == 52)
        said = _why(joker, view, words=False)
        assert ("as a bluff" in said and "challenge it" in said) is bluff, said
        assert said.startswith("Play the joker naming")


JOKER_DRAWN = ["AH", "AS", "give 6D", "6S", "8D", "8D", "draw", "JD", "draw", "TD", "KS", "KH", "draw", "KD",
               "draw", "TD", "draw", "JS", "draw"]
"""Seed 0, "you" against a medium East: these actions end with a joker drawn, which must be played."""


@pytest.mark.parametrize("typed", ["d", "diamonds", "diamantes", "carreau", "JK D"])
def test_a_drawn_joker_asks_for_its_suit_and_takes_the_suit_alone(typed: str) -> None:
    """The prompt said "Enter plays it", and Enter and "S" were refused: only JK S worked.  It
    now asks for the suit and takes it alone (d is diamonds then, not a draw)."""
    prompts, said = _against_medium(0, [*JOKER_DRAWN, "", typed, "quit"])
    assert "You drew a joker: name the suit to follow, H D C or S> " in prompts
    assert "Name the suit the joker asks for: H, D, C or S (hearts, diamonds, clubs or spades)." in said
    after = said.split("Name the suit the joker asks for")[1]
    assert "\nYou play a joker.\nYou name diamonds.\n" in after, after[:300]
    assert "is not a card" not in said and "One draw per turn" not in said


def test_a_hint_to_play_a_jack_says_its_suit_suits_the_hand_only_when_it_does() -> None:
    """"Play J♥: the Jack is wild, and hearts suit you." was said with no other heart in hand."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.ai.hints import _why
    from kc_tui.games.kings_reverse.engine.actions import ActionKind
    from kc_tui.games.kings_reverse.saves import reverse_seats

    for hand, said in (("JH 4C 9S", "goes where nothing else of yours does"),
                       ("JH 4H 9S", "its suit, hearts, is one you hold 1 more card of")):
        table = Table([hand, "3S 4S 6S"], "6D", stock="2C 3C")
        service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
        service.game = table.game
        view = service.view(0)
        jack = next(a for a in view.legal if a.kind is ActionKind.PLAY and str(a.card) == "JH")
        why = _why(jack, view, words=False)
        assert said in why and "suit you" not in why, why


@pytest.mark.parametrize("verbosity, scores", [("brief", False), ("full", True)])
def test_a_round_s_end_says_the_totals_once_under_brief(verbosity: str, scores: bool) -> None:
    """The round's end said "You: 0 more, 0 in all; ..." and then "Scores (...): You: 0, ..."
    again; under brief the first is enough, as in the first game's line mode."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.saves import reverse_seats

    table = Table(["5H", "3S 4S 6S"], "6H", stock="2C 3C")
    service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
    service.game = table.game
    out = io.StringIO()
    answers = iter(["5H", "quit"])
    ReverseLines(service, out.write, notation="words", verbosity=verbosity).run(lambda prompt: next(answers, None))
    said = out.getvalue()
    assert "Round 1 over: You went out. You: 0 more, 0 in all; Ada: 15 more, 15 in all." in said
    assert ("Scores (lowest wins" in said) is scores, said


def test_last_says_what_came_since_ones_last_turn_ended() -> None:
    """A play test's ``last`` began 40 sentences before the person's turn: 78 seconds of speech
    reaching back into the round before. It says what came since their last turn ended."""
    seats = [ReverseSeat("You")] + [ReverseSeat(name, "ai", "easy", make_player("easy", random.Random(i)))
                                    for i, name in enumerate(["Ada", "Ben", "Cleo"], 1)]
    service = ReverseService(build_rules(4), seats, seed=5)
    answers = iter(["d", "", "d", "", "last", "quit"])
    out = io.StringIO()
    marks: list[int] = []

    def read(prompt: str) -> str | None:
        marks.append(len(out.getvalue()))
        return next(answers, None)

    ReverseLines(service, out.write).run(read)
    said = out.getvalue()
    assert "You draw a joker." in said  # the person's second turn (a fixed deal)
    answer = said[marks[-2]:marks[-1]]  # between "last" and "quit"
    assert answer.startswith("Ada's turn.\nAda plays the jack of hearts.\n"), answer
    assert answer.rstrip().endswith("Cleo plays the three of clubs.\nYour turn."), answer
    assert "You draw" not in answer and "Round 1" not in answer


def test_under_brief_a_rounds_end_leaves_the_hands_to_last() -> None:
    """A play test heard every card of every hand at each round's end: 40-57 seconds, 25 of
    them the hands. Under brief the round's line (each player's points) is said, and the
    hands are one ``last`` away; under full they are said too."""
    from kc_tui.games.kings_reverse.engine.actions import ActionKind

    def played(verbosity: str) -> tuple[str, str]:
        seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
        service = ReverseService(build_rules(2, hand_size=5), seats, seed=5)
        out = io.StringIO()
        marks: list[int] = []
        state = {"asked": 0, "typed": 0}

        def read(prompt: str) -> str | None:
            marks.append(len(out.getvalue()))
            state["typed"] += 1
            if prompt.startswith("Press Enter"):
                state["asked"] += 1
                return "last" if state["asked"] == 1 else "quit"
            if state["typed"] > 400:
                return "quit"
            view = service.view(0)
            if view.step == "call":
                return "one"
            plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
            return str(plays[0]) if plays else "d" if any(a.kind is ActionKind.DRAW for a in view.legal) else "end"

        ReverseLines(service, out.write, verbosity=verbosity).run(read)
        said = out.getvalue()
        return said[:marks[-2]], said[marks[-2]:marks[-1]]  # before "last", and its answer

    before, last = played("brief")
    assert "Round 1 over: Ada went out. You: 10 more" in before and "Hands at the end" not in before
    assert "Hands at the end: You: the two of hearts and the ten of clubs; Ada: none." in last
    before, _last = played("full")
    assert "Hands at the end: You: the two of hearts and the ten of clubs" in before


def _to_the_call(first: str) -> tuple[str, int]:
    """A seeded two-player round of five cards played in the line mode until the "one card" call
    has been asked twice: ``first`` answers it the first time, "one" the next.  What was said
    (each time the call is asked, "<call>" on a line of its own) and how often it was asked."""
    seats = [ReverseSeat("You"), ReverseSeat("Ada", "ai", "easy", make_player("easy", random.Random(1)))]
    service = ReverseService(build_rules(2, hand_size=5), seats, seed=5)
    out = io.StringIO()
    state = {"typed": 0, "called": 0}

    def read(prompt: str) -> str | None:
        state["typed"] += 1
        if state["typed"] > 60:
            return "quit"
        view = service.view(0)
        if view.step == "call":
            state["called"] += 1
            out.write("<call>\n")
            return first if state["called"] == 1 else "one"
        plays = [a for a in view.legal if a.kind.value == "play"]
        return str(plays[0]) if plays else "d" if any(a.kind.value == "draw" for a in view.legal) else "end"

    ReverseLines(service, out.write).run(read)
    return out.getvalue(), state["called"]


def test_a_wrong_word_at_the_call_says_what_the_prompt_asks_for() -> None:
    """A play test typed "oen" at 'One card left: "one" to call, or end' and was told "'oen' is
    not a card: write the rank (A 2-9 T J Q K, or 10) then the suit ..."."""
    said, called = _to_the_call("oen")
    assert called >= 2  # the call was asked again after the wrong word (a fixed deal)
    assert 'Type "one" to call "one card", or end to go on without calling.' in said
    assert "'oen' is not a card" not in said and 'You call "one card".' in said


@pytest.mark.parametrize("lang, asked", [
    ("en", 'Type "one" to call "one card", or end to go on without calling.'),
    ("fr", "Tape «\u00a0une\u00a0» pour annoncer «\u00a0une carte\u00a0», ou fin pour continuer sans annoncer."),
])
def test_an_empty_line_at_the_call_says_what_the_prompt_asks_for(
        lang: str, asked: str, in_language: Callable[[str], None]) -> None:
    """A blind player's play test pressed Enter at 'One card left: "one" to call, or end' and was
    asked again without a word, as if the game had hung."""
    in_language(lang)
    said, called = _to_the_call("")
    # The prompt asked again after what the empty line was told.
    assert called >= 2 and said.count(asked) == 1
    assert said.split("<call>\n")[1].rstrip().endswith(asked), said[-300:]


@pytest.mark.parametrize("position, typed, prompt, asked", [
    # After the Ace of spades (KR4) the prompt asks for a card to give.
    ({"hands": ["AS 5C 7D", "3S 4S 6S"], "pile": "6S", "stock": "2C 3C 4C"}, ["AS", "", "5C"],
     "Give a card to Ada> ", "Give which card? Type it, for example 5C, or its number in your hand."),
    # Ada's joker, her only card that goes (KR6): challenge or accept.
    ({"hands": ["3C 4C 7S", "JK 9D 8D"], "pile": "5H", "stock": "2C 3D 4D 6C 7C 8C 9C TC", "current": 1,
      "joker_challenge": True}, ["", "accept"], "A joker: challenge or accept> ", "Type challenge or accept."),
])
def test_an_empty_line_at_the_give_or_the_challenge_says_what_the_prompt_asks_for(
        position: dict[str, Any], typed: list[str], prompt: str, asked: str) -> None:
    """An empty line at the give and at the challenge was asked again without a word, as at the
    call."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.saves import reverse_seats

    table = Table(**position)
    service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
    service.game = table.game
    out = io.StringIO()
    prompts: list[str] = []
    answers = iter([*typed, "quit"])

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        out.write(prompt + "\n")
        return next(answers, None)

    ReverseLines(service, out.write, notation="words").run(read)
    empty = typed.index("")
    assert prompts[empty:empty + 2] == [prompt] * 2, prompts
    assert f"{prompt}\n{asked}\n{prompt}\n" in out.getvalue(), out.getvalue()


def test_a_word_between_rounds_deals_nothing_and_says_what_the_prompt_asks() -> None:
    """A play test typed "nxet" (and "sigue" in Spanish) at "Press Enter for the next round": the
    next round was dealt, the round's result scrolled away unheard.  As in the first game, a word
    there deals nothing; Enter (or end) deals."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.saves import reverse_seats

    table = Table(["5H", "3S 4S 6S"], "6H", stock="2C 3C")
    service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
    service.game = table.game
    out = io.StringIO()
    answers = iter(["5H", "nxet", "scores", "", "quit"])
    ReverseLines(service, out.write, notation="words").run(lambda prompt: next(answers, None))
    said = out.getvalue()
    refusal = "'nxet' is not a command here: press Enter for the next round, or type quit."
    assert refusal in said, said
    after = said[said.index(refusal):]
    assert "Scores (lowest wins" in after  # still at the round's end, where scores answers
    assert after.index("Scores (lowest wins") < after.index("Round 2")  # dealt by Enter only
    assert said.count("Round 2") >= 1


def test_the_demo_narrates_a_round_and_names_the_command_that_deals_it_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--game kings-reverse demo`` was refused with the list of this game's commands, while the
    main help listed ``demo``."""
    import shlex

    assert main(["--game", "kings-reverse", "demo", "--seed", "5", "--players", "hard,easy",
                 "--rule", "jokers=off"]) == 0
    first = capsys.readouterr().out
    lines = first.splitlines()
    assert lines[0] == "A new session: Ada (hard) and Ben (easy)."
    assert lines[1].startswith("Round 1: ")
    assert any(re.fullmatch(r"(Ada|Ben) plays the \w+ of \w+\.", line) for line in lines)
    assert any(line.startswith("Round 1 over: ") for line in lines)
    assert not any(line.endswith("'s turn.") for line in lines)  # each play names its player
    again = lines[-1].split("`")[1]
    assert again == "kings-corner --game kings-reverse demo --players hard,easy --rule jokers=off --seed 5"
    assert main(shlex.split(again)[1:]) == 0
    assert capsys.readouterr().out == first


def test_a_hint_to_draw_says_whether_anything_could_go() -> None:
    """A Spanish play test was told "nothing you hold is worth playing now" when nothing it held
    could go on the pile at all."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.ai.hints import _why
    from kc_tui.games.kings_reverse.engine.actions import Action, ActionKind
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.saves import reverse_seats

    for hand, said in (("9C 2D", "nothing you hold can go on the pile"),
                       ("9C 5H", "nothing you hold is worth playing now")):
        table = Table([hand, "3S 4S 6S"], "6H", stock="2C 3C")
        service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
        service.game = table.game
        assert said in _why(Action(ActionKind.DRAW), service.view(0), words=False)


def test_computers_are_named_as_in_the_first_game() -> None:
    """Kings Reverse's command line named its computers North, East... (English in every
    language) where the new-game form and the first game name them Ada, Ben..."""
    import random

    from kc_tui.games.kings_reverse.ai.tournament import make_seats

    seats = make_seats(["you", "medium", "human:Ada", "easy"], random.Random(1))
    assert [s.name for s in seats] == ["You", "Ben", "Ada", "Cleo"]
    assert [s.level for s in seats[1::2]] == ["medium", "easy"]
    kept = make_seats(["you", "hard"], random.Random(1), names=["Zoe", "Max"])
    assert [s.name for s in kept] == ["Zoe", "Max"]
    # Names are one person's whatever their case, and two alike are told apart (a review found
    # "ada" beside a computer "Ada", and two "You").
    assert [s.name for s in make_seats(["human:ada", "easy"], random.Random(1))] == ["ada", "Ben"]
    assert [s.name for s in make_seats(["you", "human:You"], random.Random(1))] == ["You", "You 2"]


def test_the_challenge_question_says_what_each_answer_costs() -> None:
    """A blind play test was asked only "A joker: challenge or accept" and drew 6 on a fair joker."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.line import ReverseLines
    from kc_tui.games.kings_reverse.saves import reverse_seats

    table = Table(["5H 9C", "JK 3S 4S"], "6H", current=1, joker_challenge=True)
    table.do("JK S")  # the second seat's joker, while no other card of theirs went: fair
    service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
    service.game = table.game
    said: list[str] = []
    lines = ReverseLines(service, said.append)
    prompt = lines.tell(True)
    assert prompt == "A joker: challenge or accept> "
    told = "".join(said)
    assert "Accept: you draw 4 and lose your turn." in told
    assert "a joker played fairly makes you draw 6" in told, told


def test_the_hand_in_words_says_what_may_be_played_first() -> None:
    """A blind play test heard a hand of sixteen cards (32 s of speech), each card followed by
    "playable" or not, to learn which it could play."""
    from kr_positions import Table

    from kc_tui.games.kings_reverse.engine.describe import hand_line
    from kc_tui.games.kings_reverse.engine.service import ReverseService
    from kc_tui.games.kings_reverse.saves import reverse_seats

    def said(hand: str) -> str:
        table = Table([hand, "3S 4S 6S"], "6H")
        service = ReverseService(table.rules, reverse_seats(["you", "easy"], random.Random(1)), seed=1)
        service.game = table.game
        return hand_line(service.view(0), words=True)

    assert said("2C 5H 9C") == "You may play 2, five of hearts. The rest, 2 cards: 1, two of clubs; 3, nine of clubs."
    assert said("2C 9C") == "Your hand, 2 cards: 1, two of clubs; 2, nine of clubs. None of them may be played now."
    assert said("5H 6S") == "Your hand, 2 cards, all playable: 1, five of hearts; 2, six of spades."
    # Two decks: a card held twice is every card of the hand, not "the rest, 0 cards".
    assert said("5H 5H") == "Your hand, 2 cards, all playable: 1, five of hearts; 2, five of hearts."
