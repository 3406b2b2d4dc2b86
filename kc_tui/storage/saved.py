"""What the platform says of one save, for every game: the refusal of one that cannot be used
(:class:`SaveError`), what a list shows of one (:class:`SaveInfo`) and a save brought back
(:class:`Restored`).  Apart from :mod:`.saves`, which writes and reads them, so that a game's
``saves`` part (:mod:`.part`) can name them without importing the writer."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.i18n import Domain
from ..core.text import labelled, semicolons, shown_name
from ..games import DEFAULT_GAME

__all__ = ["SaveError", "SaveInfo", "Restored"]

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()


class SaveError(Exception):
    """A save that cannot be used: ``problem`` says what is wrong (in the language of whoever it
    is said to), ``path`` where the file is; ``elsewhere`` when the only problem is that another
    window has the game open."""

    def __init__(self, path: Path, problem: str, elsewhere: bool = False) -> None:
        self.path = path
        # A phrase, said inside the sentences that quote it ("...cannot be resumed: {problem}.");
        # a refusal it quotes ends with its own full stop, which made ".." (a play test).
        self.problem = problem[:-1] if problem.endswith(".") and not problem.endswith("..") else problem
        self.elsewhere = elsewhere
        super().__init__(f"{path}: {problem}")


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One saved session as the resume list shows it, or the problem that makes it unusable."""

    path: Path
    players: tuple[str, ...] = ()
    saved_at: str = ""
    round_no: int = 0
    totals: tuple[int, ...] = ()
    finished: bool = False
    problem: str | None = None
    turn: int = 0
    """Turns started in the round so far."""
    rules: str = ""
    """The rules in a few words."""
    seed: int | None = None
    game: str = DEFAULT_GAME
    """The game it is a save of (:data:`kc_tui.games.GAMES`)."""
    round_over: bool = False
    """Saved once its round had ended, before the next was dealt."""

    @property
    def title(self) -> str:
        """One line that tells this save apart from the others: when, how far, the scores (which
        name the players), the rules and the seed.  How far comes before the scores: at 80
        columns a list of four players' names cut it off, and saves could not be told apart."""
        if self.problem:
            return f"{self.path.name}: {self.problem}"
        when = self.saved_at
        players = [shown_name(name) for name in self.players]  # "You" is "Tú", "Toi"
        scores = ", ".join(f"{n} {t}" for n, t in zip(players, self.totals))
        where = (_("after round {round}").format(round=self.round_no) if self.round_over
                 else _("round {round}, turn {turn}").format(round=self.round_no, turn=self.turn) if self.turn
                 else _("round {round}").format(round=self.round_no))
        seed = _("seed {seed}").format(seed=self.seed) if self.seed is not None else ""
        # (A game's older saves kept no scores: their players are named.)
        who = (f"{where} ({scores})" if self.totals and len(self.totals) == len(players)
               else f"{', '.join(players)}, {where}")
        return labelled(when, semicolons(x for x in (who, self.rules, seed) if x))


@dataclass
class Restored:
    """A save brought back: the running service, its seats' specs, and the log so far."""

    service: Any
    specs: list[str]
    events: list[Any]
    """The log so far (the game's events, or its actions)."""
    path: Path
    cut_short: bool = False
    """The save's last line was cut short by a crash while saving, and dropped: the game goes on
    from the save point before it."""
    game: str = DEFAULT_GAME
    past: tuple[Any, ...] = ()
    """The round in progress as the referee told it while the save was replayed, for a game whose
    saves keep actions (its line mode's ``last`` reads it, as each seat may see it)."""
