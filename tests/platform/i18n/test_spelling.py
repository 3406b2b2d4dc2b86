"""The Spanish and French catalogs are spelt right: every word of every translation is checked by
Debian's hunspell dictionaries (hunspell-es, hunspell-fr; ``.ci/run`` installs them).  What no
dictionary holds is listed below, each with why: the games' and people's names, key names,
notation."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import catalogs  # noqa: E402

DICTIONARIES = {"es": "es_ES", "fr": "fr_FR"}

ALLOWED = {
    # Names: the games, the program, the computers' and the seats' default names.
    "Kings", "Reverse", "Corner", "kings", "corner", "reverse", "Ada", "Ben", "Cleo", "Dev", "Eve",
    "Finn", "kc_tui", "kc", "tui", "Textual", "Bradley", "Terry", "Elo",
    # Keys and terminals.
    "Ctrl", "Enter", "Tab", "Esc", "Shift", "Alt", "tmux", "ssh", "SSH", "NO_COLOR", "ASCII", "ascii",
    "TERM", "xterm", "URL", "Redis", "espeak", "PgUp", "PgDn", "RePág", "AvPág", "PgPréc", "PgSuiv", "Backspace", "Space", "Home", "End",
    "Up", "Down", "Left", "Right", "Intro", "Échap", "Suppr", "Supr",  # (keys as Spanish and French keyboards name them)
    # The rule sets' and options' own names, written as the command line takes them.
    "preset", "presets", "chips", "classic", "face", "alternative", "none", "auto", "standard",
    "target", "size", "words", "short", "plain", "players", "true", "false", "on", "off", "end",
    # English commands, which work in every language and which the help names beside the
    # language's own ("ayuda (o help)").
    "help", "play", "quit", "look", "hand", "draw", "pass", "join", "leave", "say", "new", "open",
    "start", "watch", "name", "game", "you", "easy", "medium", "hard", "human", "rules", "stats",
    "saves", "demo", "brief", "full", "bot", "bots", "close", "resume", "serve",
    # The machine's words: a browser's, a file's, a terminal's.
    "JavaScript", "cookie", "cookies", "router", "linux", "vt", "ansi", "docs", "md", "authorized",
    "keys", "script", "Lines", "jokers", "dumb", "protocol", "hosting", "python", "py", "mybot", "pip", "install",
    "redis", "rediss", "jsonl", "transcripts",  # (the transcripts' folder's name)
    # Words of the language the dictionaries lack: a verb with its pronoun, a game's adjective,
    # the abbreviation of "puntos", a name elided.
    "Agrándalo", "desafíalo", "jugable", "jugables", "preajuste", "preajustes", "pto", "ptos", "d'Ada",
    # French's first of the month ("1er novembre"), its number taken off.
    "er",
}


def _words(text: str) -> str:
    # Placeholders, markup, options and protocol names (session_start) are not words.
    text = re.sub(r"\{[^{}]*\}|%\(?\w*\)?[sdr]|\[/?[a-z@$#][^\]]*\]|--?[\w-]+|\w*_\w*", " ", text)
    return " ".join(w for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text)
                    if w not in ALLOWED and not w.isupper() and len(w) > 1)


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="hunspell is not installed")
@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_every_translation_is_spelt_right(lang: str) -> None:
    texts: list[str] = []
    for domain in catalogs.domains():
        path = domain.po(lang)
        with path.open("rb") as f:
            for message in read_po(f, locale=lang):
                if message.id and message.string:
                    strings = message.string if isinstance(message.string, tuple) else (message.string,)
                    texts += [_words(s) for s in strings]
    done = subprocess.run(["hunspell", "-d", DICTIONARIES[lang], "-l"], input="\n".join(texts),
                          capture_output=True, text=True, check=True)
    unknown = sorted(set(done.stdout.split()))
    assert unknown == []
