"""Kings Reverse (KINGS-REVERSE.md, docs/rules.md "Kings Reverse"): a shedding game of the Crazy
Eights family with two decks and four jokers.

``engine`` holds the rules, the referee, the seat views and the service door (pure Python, the
engine layer); ``ai`` the computer players (the AI layer); ``session``, ``saves``, ``net``,
``tui``, ``line`` and ``cli`` are its parts of the platform (:mod:`kc_tui.games`).  Nothing
here imports another game.
"""

from ...core.i18n import N_
from .. import GameEntry

# The title and summary are marked for this game's catalog; the platform says them where it shows
# them, with this game's domain (``Domain.of(ENTRY.package).gettext``).
ENTRY = GameEntry(
    # Translators: the game's name; it stays "Kings Reverse" in Spanish and French.
    "kings-reverse", N_("Kings Reverse"),
    N_("two decks and jokers, shed your hand: 7s, 8s and Kings act, Jacks and jokers are wild "
       "(docs/rules.md, Kings Reverse)"),
    __name__, min_players=2, max_players=6,
    levels=("beginner", "easy", "medium", "hard", "expert"), ratings=(1302, 1432, 1500, 1560, 1621), order=1)
