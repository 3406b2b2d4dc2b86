"""One table, three languages: over real SSH sessions, each person reads the table's notices and
refusals in the language their client sent (``LANG``, ``LC_ALL``) or, sending none, the server's
(English); and no hidden card reaches anyone, in any language's words."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from sshclient import Player, fingerprint, new_key
from waiting import until

from kc_tui.core.cards import CARDS, Card, card_name, cards_of_mask
from kc_tui.core.i18n import speaking
from kc_tui.core.kinds import Phase
from kc_tui.games.kings_corner.engine.rules import build_rules
from kc_tui.net import TableServer, TableState
from kc_tui.ssh import GameSSHServer
from kc_tui.ssh.gate import Gate, GateLimits
from kc_tui.ssh.lobby import lobby_front_ends

pytestmark = pytest.mark.timeout(120)


ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_]|.)")


class Hidden:
    """Checks every chunk a person receives against the cards their seat may not see now, as
    codes (``7H``) and as words of their language ("siete de corazones")."""

    def __init__(self, tables: TableServer, table_id: int, seat: int | None, lang: str) -> None:
        self.tables, self.table_id, self.seat, self.lang = tables, table_id, seat, lang
        self.leaks: list[str] = []

    def cards(self) -> set[Card]:
        table = self.tables._tables.get(self.table_id)
        if table is None or table.service is None:
            return set()
        game = table.service.game
        hidden = {CARDS[i] for i in game.stock}
        if game.phase == Phase.TURN:
            for other, mask in enumerate(game.hands):
                if other != self.seat:
                    hidden.update(cards_of_mask(mask))
        return hidden

    def __call__(self, data: bytes) -> None:
        text = " ".join(ESCAPES.sub(b" ", data).decode("utf-8", "replace").split())
        for card in self.cards():
            with speaking(self.lang):
                words = card_name(card, article=False)
            # A code as it is written (the Spanish word "as" is not the ace of spades, AS),
            # words in any case.
            for form, flags in ((str(card), 0), (words, re.IGNORECASE)):
                if re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", text, flags):
                    self.leaks.append(f"{form} ({self.lang})")


async def test_one_table_speaks_each_persons_language(tmp_path: Path) -> None:
    tables = TableServer(tmp_path, pace=0, seed=3)
    server = GameSSHServer(lobby_front_ends(tables), tmp_path / "host_key", port=0,
                           gate=Gate(GateLimits(per_minute=1000)))
    await server.start()
    people: list[Player] = []
    try:
        keys = {name: new_key() for name in ("Ana", "Bea", "Cy")}
        for name, key in keys.items():
            tables.person(fingerprint(key), name)  # names chosen on an earlier visit
        info = tables.create_table(tables.person(fingerprint(keys["Ana"])), "Viernes", build_rules(2),
                                   ["open", "open"], seed=16)
        # Ana's client sends LANG (no terminal: the bytes are read), Bea's LC_ALL with a
        # terminal, Cy's nothing (English, the server's own): both on a pyte screen.
        ana = await Player.open(server.port, keys["Ana"], term=None, env={"LANG": "es_ES.UTF-8"})
        bea = await Player.open(server.port, keys["Bea"], command="plain", columns=120, rows=40,
                                env={"LC_ALL": "fr_FR.UTF-8"})
        cy = await Player.open(server.port, keys["Cy"], command="plain", columns=120, rows=40)
        people += [ana, bea, cy]
        watchers = {"Ana": Hidden(tables, info.id, 0, "es"), "Bea": Hidden(tables, info.id, 1, "fr"),
                    "Cy": Hidden(tables, info.id, None, "en")}
        for name, player in (("Ana", ana), ("Bea", bea), ("Cy", cy)):
            player.on_data = watchers[name]
            player.type("\r")  # the name chosen last time

        cy.type("watch 1\r")
        await until(lambda: tables.table(info.id).spectators == 1, "Cy watching")
        ana.type("join 1\r")
        await until(lambda: tables.table(info.id).seats[0].connected, "Ana seated")
        ana.type("say\r")  # a refusal: made by the table, said in the language of whoever asked
        await ana.wait_for("¿Decir qué? Escribe la línea después de :decir.", raw=True)
        bea.type("join 9\r")
        await bea.wait_for("Il n'y a pas de table 9.")
        bea.type("join 1\r")  # the last seat: the game starts, and every door hears of it
        # The notices of a table that waits are told once its game is on (the line mode follows
        # the table then), each in its reader's language; one's own sitting down was said in
        # one's own words ("Te sientas en el asiento 1 de la mesa 1."), and is not said again.
        await cy.wait_for("Cy is watching.")
        await cy.wait_for("Ana sits in seat 1.")
        await ana.wait_for("Bea se sienta en el asiento 2.", raw=True)
        await cy.wait_for("Bea sits in seat 2.")
        assert tables.table(info.id).state == TableState.PLAYING
        for player, started in ((ana, "Empieza la partida."), (bea, "La partie commence."),
                                (cy, "The game starts.")):
            await player.wait_for(started, raw=True)
        cy.type("say hola\r")  # a spectator's chat line: its sender is said in each language
        await ana.wait_for("Cy (mirando): hola", raw=True)
        await bea.wait_for("Cy (regarde)\u00a0: hola")
        await cy.wait_for("Cy (watching): hola")
        await asyncio.sleep(0.2)

        assert "sits in seat" not in ana.received.decode() + bea.received.decode()
        assert "Ana se sienta" not in ana.received.decode() and "Bea s'assied" not in bea.received.decode()
        assert "se sienta" not in cy.received.decode()
        leaks = [f"{name}: {leak}" for name, hidden in watchers.items() for leak in hidden.leaks]
        assert not leaks, leaks[:10]
        assert watchers["Ana"].cards(), "the check had hidden cards to look for"
    finally:
        await server.stop()
        await tables.close()
        for player in people:
            await player.close()
