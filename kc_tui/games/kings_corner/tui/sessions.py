"""Kings in the Corner's sessions that the app starts or resumes: each is owned by the app and
saved after every turn (:mod:`kc_tui.storage`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Sequence

from ....storage import load_save, resume_saving, start_saving
from ....tui.part import SessionHost
from ..ai.seats import make_seats
from ..engine.rules import RuleSet
from ..engine.service import GameService, new_seed

__all__ = ["new_session", "resume_session"]


def new_session(app: SessionHost, specs: list[str], names: Sequence[str | None], rules: RuleSet,
                seed: int | None = None) -> GameService:
    """A session ``app`` starts (and will close), saved after every turn."""
    seed = new_seed() if seed is None else seed
    seats = make_seats(specs, random.Random(seed), names=names)
    service = GameService(rules, seats, seed=seed)
    app.own(service, start_saving(service, specs, app.report_save_error))
    return service


def resume_session(app: SessionHost, path: Path) -> GameService:
    """Restore a saved session (:class:`~kc_tui.storage.SaveError` says why it cannot be) and go
    on saving it."""
    restored = load_save(path)
    service: GameService = restored.service
    app.own(service, resume_saving(restored, app.report_save_error))
    return service
