"""Kings in the Corner (docs/rules.md R1-R8): eight piles in a cross, built down in alternating
colours; the first with an empty hand wins the round.

``engine`` holds the rules, the referee, the seat views and the service door (pure Python, the
engine layer); ``ai`` the computer players, hints and the tournament (the AI layer).
"""

from ...core.i18n import N_
from .. import GameEntry

# The title and summary are messages of this game's catalog (kings_corner), said where the
# platform shows them (the title screen, the "Game" choice).
ENTRY = GameEntry(
    "kings-corner", N_("Kings in the Corner"),
    N_("build down in alternating colours on a cross of eight piles (docs/rules.md R1-R8)"),
    __name__, min_players=2, max_players=6,
    levels=("beginner", "easy", "medium", "hard", "expert"), ratings=(1242, 1356, 1500, 1605, 1660), order=0)
