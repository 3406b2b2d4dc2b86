"""Kings Reverse's command line in the player's language (issue 27): its help and usage errors in
Spanish, and ``--notation`` handed on to the line mode."""

from __future__ import annotations

import pytest

from kc_tui.cli import main


@pytest.mark.parametrize(("given", "notation"), [([], "words"), (["--notation", "short"], "short")])
def test_play_plain_passes_the_notation_on_to_the_line_mode(monkeypatch: pytest.MonkeyPatch, given: list[str],
                                                           notation: str) -> None:
    from kc_tui.games.kings_reverse.line import GAME

    seen = []
    monkeypatch.setattr(type(GAME), "play", lambda self, service, read, out, options: seen.append(options) or 0)
    assert main(["--game", "kings-reverse", "play", "--plain", "--seed", "1", "--players", "you,easy", *given]) == 0
    assert [options.notation for options in seen] == [notation]


def test_the_help_and_a_usage_error_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "es", "--game", "kings-reverse", "play", "--help"])
    assert "semilla para un reparto reproducible" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "es", "--game", "kings-reverse", "play", "--players", "you"])
    assert "indica de 2 a 6 jugadores, separados por comas; se recibieron 1" in capsys.readouterr().err
