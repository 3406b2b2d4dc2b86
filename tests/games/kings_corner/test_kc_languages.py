"""Kings in the Corner's hints, statistics and command line in Spanish and French (issue 27):
whole sentences from the catalog, and the line mode's notation chosen on the command line."""

from __future__ import annotations

import io
from typing import Any, Callable

import pytest

from kc_tui.core.cards import parse_card
from kc_tui.core.text import YOU
from kc_tui.games.kings_corner import cli
from kc_tui.games.kings_corner.ai.hints import describe_plan
from kc_tui.games.kings_corner.engine.board import Pile
from kc_tui.games.kings_corner.engine.describe import describe_rules, scores_said
from kc_tui.games.kings_corner.engine.kinds import RoundEndReason
from kc_tui.games.kings_corner.engine.moves import MovePile, PlayCard
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.games.kings_corner.engine.views import RoundRecord
from kc_tui.games.kings_corner.saves import PlayerStats, stats_text

PLAN = (PlayCard(parse_card("KH"), Pile.SW), MovePile(Pile.W, Pile.N), PlayCard(parse_card("QS"), Pile.SW))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Play KH on SW, then move W onto N, then QS on SW: that sheds 2 cards."),
    ("es", "Juega KH en SO, luego traslada O sobre N, luego QS en SO: así te quitas 2 cartas."),
    ("fr", "Joue KH sur SO, puis déplace O sur N, puis QS sur SO\u00a0: tu te défais ainsi de 2 cartes."),
])
def test_a_hint_is_one_sentence_in_the_players_language(in_language: Callable[[str], None], lang: str,
                                                        said: str) -> None:
    in_language(lang)
    assert describe_plan(PLAN, 2, False) == said


def test_statistics_count_and_rank_in_french(in_language: Callable[[str], None]) -> None:
    in_language("fr")
    stats = PlayerStats("Ada", sessions=3, sessions_won=1, rounds=1, rounds_won=1, streak=-2,
                        best=(0, "2026-11-30-032901-ada-ben", 1, 4, 12), worst=(0, "x", 3, 4, 30),
                        by_level={"hard": [3, 1]})
    text = stats_text(stats)
    # French typography (a play test read "Toi: ..., gagnées : 1 (100%); ..."): no-break spaces
    # before the colon, the semicolon and the percent sign.
    assert text.splitlines()[0] == ("Ada\u00a0: 3 parties jouées, gagnées\u00a0: 1 (33\u00a0%)\u00a0; 1 manche "
                                    "jouée, gagnées\u00a0: 1 (100\u00a0%).")
    assert "Meilleure partie\u00a0: classement 1 sur 4, avec 12 points, le 30 novembre 2026 à 03:29." in text
    assert "Série en cours\u00a0: 2 dernières parties perdues." in text  # of no one as "tu"
    assert "    difficile |" in text and "| 33\u00a0%" in text
    cards = PlayerStats("Ada", sessions=1, rounds=3, rounds_won=1, cards_left_losing=[1, 2])
    assert "Cartes restées en main en perdant une manche\u00a0: 1,5 en moyenne." in stats_text(cards)


def test_the_command_line_helps_in_spanish_and_passes_the_notation_on(
        in_language: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    in_language("es")
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    assert "semilla para un reparto reproducible" in capsys.readouterr().out
    told: list[Any] = []
    monkeypatch.setattr(cli.GAME, "play", lambda service, read, out, options: told.append(options) or 0)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main(["play", "--plain", "--notation", "short", "--players", "you,easy", "--seed", "3"]) == 0
    assert told[0].notation == "short"


@pytest.mark.parametrize(("lang", "named", "won"), [
    ("es", "Puntuación (clásica):", "Ronda 1: Tú 0 (ronda ganada), Ada 3."),
    ("fr", "Décompte (classique)\u00a0:", "Manche 1\u00a0: Toi 0 (manche gagnée), Ada 3."),
])
def test_the_rules_and_the_scores_said_speak_the_players_language(
        in_language: Callable[[str], None], lang: str, named: str, won: str) -> None:
    in_language(lang)
    rules = build_rules(2)
    assert named in describe_rules(rules, width=None)
    record = RoundRecord(1, RoundEndReason.OUT, (0,), (0, 3), (0, 3))
    assert scores_said([record], [YOU, "Ada"], rules).splitlines()[0] == won
