"""Kings Reverse's sessions that the app starts or resumes: each is owned by the app and saved
after every action by the platform's saver (:mod:`kc_tui.storage`), which the app lets go of
when the session is left."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Sequence

from ....storage import load_save, resume_saving, start_saving
from ....tui.part import SessionHost
from ..engine.events import GAME_NAME
from ..engine.rules import ReverseRules
from ..engine.service import ReverseService
from ..saves import reverse_seats, saved_specs

__all__ = ["new_session", "resume_session"]


def new_session(app: SessionHost, specs: Sequence[str], names: Sequence[str | None], rules: ReverseRules,
                seed: int | None = None) -> ReverseService:
    """A session for the seats ``specs`` (named by ``names`` where given) that ``app`` starts
    (and will close), saved after every action."""
    seed = random.SystemRandom().getrandbits(48) if seed is None else seed  # as the service's own
    service = ReverseService(rules, reverse_seats(specs, random.Random(seed), names), seed=seed)
    app.own(service, start_saving(service, saved_specs(service), app.report_save_error, GAME_NAME))
    return service


def resume_session(app: SessionHost, path: Path) -> ReverseService:
    """Restore a saved session (:class:`~kc_tui.storage.SaveError` says why it cannot be) and go
    on saving it."""
    restored = load_save(path, game=GAME_NAME, on_error=app.report_save_error)
    service: ReverseService = restored.service
    app.own(service, resume_saving(restored, app.report_save_error))
    return service
