"""A damaged save or settings file is refused in the player's language (issue 27)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from kc_tui.storage import SaveError, is_open_elsewhere, load_save, load_settings, settings_path


def test_a_corrupt_save_is_refused_in_spanish(tmp_path: Path, in_language: Callable[[str], None]) -> None:
    in_language("es")
    cut = tmp_path / "cut.json"
    cut.write_text('{"kind": ', encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_save(cut, lock=False)
    assert refused.value.problem == "el archivo está cortado o dañado: JSON no válido en la línea 1, columna 10"
    with pytest.raises(SaveError) as refused:
        load_save(tmp_path, lock=False)  # a folder named like a save
    assert refused.value.problem == "el archivo no es un archivo normal, así que no puede ser una partida guardada"


def test_a_save_held_elsewhere_is_told_apart_whatever_the_language(tmp_path: Path,
                                                                   in_language: Callable[[str], None]) -> None:
    in_language("fr")
    refusal = SaveError(tmp_path / "a.json", "cette partie est ouverte dans une autre fenêtre", elsewhere=True)
    assert is_open_elsewhere(refusal) and not is_open_elsewhere(SaveError(tmp_path, "abîmé"))


def test_a_damaged_settings_file_is_said_in_french(in_language: Callable[[str], None]) -> None:
    in_language("fr")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('theme = "neon"\n', encoding="utf-8")
    _, warning = load_settings()
    assert warning is not None
    assert warning.startswith(f"Le fichier de réglages {path} a une valeur incorrecte (thème inconnu 'neon'")
    assert warning.endswith("; les valeurs par défaut sont utilisées.")
