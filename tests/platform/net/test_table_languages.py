"""A table's notices and refusals are made once and said to each person in their own language:
each door's listener hears them in the language of the context it followed the door in.  In the
pseudo-locale every one of them comes back translated (bracketed): none is left in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kc_tui.core.i18n import speaking
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import Notice, Person, SeatDoor, TableError, TableServer

ANA = Person("SHA256:ana", "Ana")
BEA = Person("SHA256:bea", "Bea")
CY = Person("SHA256:cy", "Cy")


def heard_in(lang: str, door: SeatDoor) -> list[str]:
    """What ``door``'s listener hears of the table's notices, following it speaking ``lang``."""
    heard: list[str] = []

    def listener(item: Any) -> None:
        if isinstance(item, Notice):
            heard.append(str(item))
    with speaking(lang):
        door.follow(listener)
    return heard


def refusal(lang: str, act: Any) -> str:
    with speaking(lang), pytest.raises(TableError) as refused:
        act()
    with speaking(lang):
        return str(refused.value)


async def test_each_door_hears_the_table_in_its_own_language(tmp_path: Path) -> None:
    server = TableServer(tmp_path, pace=0, grace=30, seed=2026)
    try:
        info = server.create_table(ANA, "Viernes", build_rules(3), ["open", "open", "open"], seed=5)
        ana = server.join(ANA, info.id, 0)
        spanish = heard_in("es", ana)
        cy = server.watch(CY, info.id)
        pseudo = heard_in("qps", cy)
        bea = server.join(BEA, info.id, 1)
        french = heard_in("fr", bea)
        bea.say("salut")
        server.start(ANA, info.id)  # seat 3 is nobody's: the house computer plays it
        cy.say("hola")
        bea.detach()  # her seat is kept for the grace time

        assert spanish[:3] == ["Ana se sienta en el asiento 1.", "Cy está mirando.", "Bea se sienta en el asiento 2."]
        assert "La partie commence." in french and "Empieza la partida." in spanish
        assert "Cy (regarde)\u00a0: hola" in french and "Cy (mirando): hola" in spanish
        assert "Bea: salut" in spanish and "Bea\u00a0: salut" in french
        assert any(line.startswith("L'ordinateur (difficile) joue pour ") for line in french)
        assert spanish[-1] == "Bea ha perdido la conexión; se le guarda el asiento 30 segundos."
        # Every notice the pseudo-locale's listener heard is translated, chat lines aside.
        table_news = [line for line in pseudo if ": salut" not in line and ": hola" not in line]
        assert len(table_news) >= 4 and all("\u2045" in line for line in table_news), pseudo

        # A refusal is said in the language of whoever reads it.
        assert refusal("fr", lambda: cy.say("")) == "Dire quoi\u00a0? Tape la ligne après :dire."
        assert refusal("es", lambda: server.join(ANA, 9, 0)) == "No hay ninguna mesa 9."
        assert refusal("es", lambda: server.join(CY, info.id, 0)) == "Ya estás en la mesa 1."
        for act in (lambda: server.start(ANA, info.id), lambda: server.join(CY, info.id, 1),
                    lambda: server.create_table(ANA, "x" * 50, build_rules(2), ["open", "open"]),
                    lambda: server.person("SHA256:dan", "\u200bAna")):
            assert "\u2045" in refusal("qps", act)
        with speaking("es"):
            assert "Viernes (en juego, ronda 1; " in server.table(info.id).line()
    finally:
        await server.close()
