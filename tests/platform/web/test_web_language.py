"""The language of a browser tab: ``?lang=``, else ``Accept-Language``, else English; the page is
said in it and opens its websocket at the path that tells the tab's game the same language."""

from __future__ import annotations

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from kc_tui.web import TEMPLATES, accepted_language, page, web_language, websocket_path


def request(path: str, accept: str | None = None, **match: str) -> web.Request:
    app = web.Application()
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
    headers = {"Host": "127.0.0.1:8000"}
    if accept is not None:
        headers["Accept-Language"] = accept
    return make_mocked_request("GET", path, headers=headers, app=app, match_info=match)


def test_the_browser_s_languages_are_taken_by_their_weights() -> None:
    assert accepted_language("fr-CA,fr;q=0.9,en;q=0.8") == "fr"
    assert accepted_language("de-DE,de;q=0.9,es;q=0.5,en;q=0.7") == "en"  # German: not spoken here
    assert accepted_language("en;q=0.2, es-MX") == "es"
    assert accepted_language("de, *;q=0.1") is None and accepted_language(None) is None
    assert accepted_language("es;q=0, fr;q=oops") is None  # refused, and a weight that is none


def test_a_query_beats_the_header_and_the_websocket_follows_the_page() -> None:
    assert web_language(request("/", "es-ES,es;q=0.9")) == "es"
    assert web_language(request("/?lang=fr", "es-ES")) == "fr"
    assert web_language(request("/?lang=klingon", "es-ES")) == "es"  # not ours: the header decides
    assert web_language(request("/", "de")) == "en"
    # The websocket speaks what its page chose, whatever the browser sends with it.
    assert web_language(request("/ws/fr", "es", lang="fr")) == "fr"
    assert web_language(request("/ws", "es")) == "en"
    assert websocket_path("en") == "/ws" and websocket_path("es") == "/ws/es"


def test_the_page_is_said_in_its_language() -> None:
    from kc_tui.net import tables_title

    spanish = page(request("/?lang=es"), tables_title()).text
    assert spanish is not None
    assert '<html lang="es">' in spanish and "Barajando las cartas" in spanish
    assert "<title>Mesas: Reyes en las esquinas, Kings Reverse</title>" in spanish and "Volver a la pantalla de inicio" in spanish
    assert 'data-session-websocket-url="ws://127.0.0.1:8000/ws/es"' in spanish
    english = page(request("/", "de"), "Kings in the Corner").text
    assert english is not None
    assert '<html lang="en">' in english and "Shuffling the deck" in english
    assert 'data-session-websocket-url="ws://127.0.0.1:8000/ws"' in english


def test_a_tab_s_game_process_is_started_in_its_language(monkeypatch) -> None:  # noqa: ANN001
    from kc_tui.core.i18n import from_environment
    from kc_tui.web import _Speaking

    async def nothing(*_: object) -> None:
        return None

    monkeypatch.setenv("LC_ALL", "C")  # LANGUAGE is not read under C: the tab's is still heard
    tab = _Speaking("true", write_bytes=nothing, write_str=nothing, close=nothing,
                    download_manager=None)  # type: ignore[arg-type]
    tab.lang = "fr"
    assert from_environment(tab._build_environment(80, 24)) == "fr"


def test_a_dropped_paste_s_numbers_are_written_as_the_language_writes_them() -> None:
    """A Spanish tab was told "más de 4,096 bytes (5,012)": English digit grouping."""
    from kc_tui.core.i18n import speaking
    from kc_tui.ssh.bounds import paste_sentence
    from kc_tui.web import paste_refusal

    said = {}
    for lang in ("en", "es", "fr"):
        with speaking(lang):
            said[lang] = (paste_sentence(), str(paste_refusal(5000)))
    assert said["en"] == ("That paste was longer than 4,096 bytes; it was dropped.",
                          "That paste was longer than 4,096 bytes (5,000); it was dropped.")
    assert said["es"] == ("Lo pegado ocupaba más de 4096 bytes; se descartó.",
                          "Lo pegado ocupaba más de 4096 bytes (5000); se descartó.")
    assert "4096 octets (5000)" in said["fr"][1] and "4,0" not in " ".join(said["fr"])
